"""The LFM2.5 path on real llama.cpp inference, with a tiny random-weight GGUF of the lfm2 architecture.

The tiny model (tests/tiny_gguf.py) carries LFM2.5-Instruct's chat template and the LFM2 special
tokens, and is scripted to answer ``<|im_start|>assistant\\n`` with a native tool call. These tests
prove that loading, the chat template (tool schemas included), generation and tool-call parsing
work on what llama.cpp really returns. They say nothing about LFM2.5's answer quality.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

# no importorskip: llama-cpp-python is a dependency and gguf a pinned test extra, so CI must run these
import tiny_gguf

from manoled.agent.llm import LlamaChat
from manoled.agent.loop import Agent
from manoled.agent.manager import ModelManager
from manoled.agent.parse import parse_tool_calls
from manoled.agent.steps import AnswerStep, ToolCallStep
from manoled.agent.tools import build_registry
from manoled.config import Config
from manoled.models.manifest import default_text_id, get_spec
from manoled.paths import resolve


@pytest.fixture(scope="module")
def lfm2() -> Path:
    path = tiny_gguf.lfm2_text()
    assert path.name == get_spec(default_text_id()).file  # the daemon must take it for LFM2.5
    return path


def test_tiny_lfm2_renders_the_tool_list_generates_and_its_tool_call_parses(lfm2: Path) -> None:
    registry = build_registry(None)
    llm = LlamaChat(lfm2, "lfm2-tiny", context_size=8192, threads=1).load()
    try:
        assert llm.supports_tools  # the template mentions tools, and no chat_format overrides it
        messages = [{"role": "system", "content": "You are Manole."}, {"role": "user", "content": "any pdf files?"}]
        result = llm.chat(messages, tools=registry.schemas(), max_tokens=24)
        llama = llm._llama
        # what llama.cpp actually saw and generated, special tokens written out
        seen = llama.detokenize(llama.input_ids[: llama.n_tokens].tolist(), special=True).decode()
        streamed = "".join(llm.chat(messages, tools=registry.schemas(), max_tokens=24, stream=True))
    finally:
        llm.close()

    prompt, _, generated = seen.partition("<|im_start|>assistant\n")
    assert prompt.startswith("<|startoftext|><|im_start|>system\nYou are Manole.\nList of tools: [{")
    for name in registry.names():
        assert f'"name": "{name}"' in prompt, name
    assert "<|im_start|>user\nany pdf files?<|im_end|>" in prompt
    assert result.prompt_tokens > 500 and result.completion_tokens > 0  # the schemas went in as tokens

    # the model wrote the native format; llama-cpp-python drops control tokens from the completion text
    assert generated == tiny_gguf.LFM2_SCRIPT_TEXT
    assert result.text == '[list_files(extension="pdf")]' == streamed
    (call,) = parse_tool_calls(result.text, result.tool_calls, known=registry.names())
    assert (call.name, call.args, call.fmt) == ("list_files", {"extension": "pdf"}, "bracket")
    (native,) = parse_tool_calls(generated, None, known=registry.names())
    assert (native.name, native.args, native.fmt) == ("list_files", {"extension": "pdf"}, "lfm")


@pytest.mark.slow
def test_daemon_with_the_tiny_lfm2_answers_through_a_model_tool_call(lfm2: Path, ctx, corpus_core,
                                                                       tmp_path: Path) -> None:
    core, root = corpus_core
    paths = resolve(home=tmp_path / "home")
    paths.models_dir.mkdir(parents=True)
    shutil.copy(lfm2, paths.models_dir / lfm2.name)  # where `manoled models pull` puts it
    cfg = Config()
    cfg.agent.context_size = 8192
    cfg.agent.threads = 1  # a shared CI machine: spinning ggml threads only slow each other down
    mm = ModelManager(paths, cfg)
    try:
        llm = mm.text()
        status = mm.status()
        assert status["text_model"] == default_text_id() and not status["fallback"]
        assert status["loaded"] and status["supports_tools"]
        steps = list(Agent(llm, ctx, cfg).run("any pdf files?"))
    finally:
        mm.close()
    calls = [s for s in steps if isinstance(s, ToolCallStep)]
    assert calls and (calls[0].tool, calls[0].args, calls[0].route) == ("list_files", {"extension": "pdf"}, "model")
    final = steps[-1]
    assert isinstance(final, AnswerStep) and final.model == default_text_id()
    pdfs = {str(f.path) for f in core.catalog.files() if str(f.path).endswith(".pdf")}
    assert pdfs and set(final.sources) == pdfs
    assert all(s.startswith(str(root)) for s in final.sources)
