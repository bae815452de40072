"""Context fitting, template adaptation and the model manager (no model weights needed)."""

from __future__ import annotations

import pytest

from manoled.agent.fake import FakeLLM
from manoled.agent.llm import LLM, LlamaChat, fit_messages, merge_for_plain_template
from manoled.agent.manager import ModelManager
from manoled.config import Config
from manoled.errors import ModelError
from manoled.paths import resolve


def words(text: str) -> int:
    return len(text.split())


def conversation():
    return [
        {"role": "system", "content": "sys " * 50},
        {"role": "user", "content": "old question " * 20},
        {"role": "assistant", "content": "old answer " * 20},
        {"role": "user", "content": "current question"},
        {"role": "assistant", "content": "[grep_files(pattern=x)]"},
        {"role": "tool", "content": "result " * 300},
        {"role": "tool", "content": "second " * 300},
    ]


def test_fit_keeps_everything_when_it_fits():
    msgs = conversation()
    assert fit_messages(msgs, words, 10_000) == msgs


def test_fit_drops_history_first_and_never_the_system_prompt():
    out = fit_messages(conversation(), words, 700)
    assert out[0] == conversation()[0]
    assert [m["role"] for m in out] == ["system", "user", "assistant", "tool", "tool"]
    assert out[1]["content"] == "current question"
    assert out[3]["content"] == "result " * 300  # history alone was enough


def test_fit_then_shortens_tool_results():
    out = fit_messages(conversation(), words, 300)
    assert out[0]["content"] == "sys " * 50 and out[1]["content"] == "current question"
    assert sum(words(m["content"]) + 8 for m in out) <= 300
    assert out[-1]["content"].endswith("[truncated]")


def test_plain_template_folds_system_and_tool_messages_into_user_turns():
    out = merge_for_plain_template([
        {"role": "system", "content": "Rules."},
        {"role": "user", "content": "Q?"},
        {"role": "assistant", "content": "[count_files()]"},
        {"role": "tool", "name": "count_files", "content": "Found 2 files."},
        {"role": "user", "content": "Answer now."},
    ])
    assert [m["role"] for m in out] == ["user", "assistant", "user"]
    assert out[0]["content"].startswith("Rules.") and out[0]["content"].endswith("Q?")
    assert "Tool result (count_files):\nFound 2 files." in out[2]["content"] and out[2]["content"].endswith("Answer now.")


def test_fake_llm_satisfies_the_protocol():
    assert isinstance(FakeLLM(), LLM)


def test_missing_model_file_is_a_model_error(tmp_path):
    pytest.importorskip("llama_cpp")
    with pytest.raises(ModelError, match="does not exist"):
        LlamaChat(tmp_path / "nope.gguf", "nope").load()


def test_model_manager_reports_a_bad_configured_model(tmp_path):
    cfg = Config()
    cfg.agent.text_model = str(tmp_path / "missing.gguf")
    mm = ModelManager(resolve(home=tmp_path / "home"), cfg)
    with pytest.raises(ModelError, match="agent.text_model"):
        mm.text()
    status = mm.status()
    assert status["loaded"] is False and status["text_model"] is None and "does not exist" in status["error"]
