"""The text model: one llama.cpp ``Llama`` per model, loaded once, calls serialised.

``LLM`` is the seam the agent talks to: ``chat(messages, tools=None,
max_tokens=..., stream=False)`` returns a :class:`ChatResult`, or, with
``stream=True``, an iterator of text pieces. ``LlamaChat`` implements it on
llama-cpp-python; ``manoled.agent.fake.FakeLLM`` is a scripted stand-in.

Sampling is fixed for factual, repeatable output: temperature 0.1, top_p 0.1,
top_k 50, repeat_penalty 1.05. When a prompt would not fit the context, the
history is dropped first, then tool results are shortened; the system prompt
is never touched. Tokens are counted with the model's own tokenizer.

Prompt cache: llama.cpp keeps the KV state of the last prompt, and a call whose
prompt starts with the same tokens evaluates only the rest. Every agent call starts
with the same fixed system prompt, so an ask pays only for its own tokens.
``LlamaChat.prompts`` records, per call, the prompt's length and how many tokens
were evaluated (counted at llama.cpp's ``eval``, not timed).

Cancellation: ``with cancel_scope(llm, event):`` makes every call of ``llm``
inside the block stop soon after ``event`` is set (:class:`Cancelled`). A
streamed generation checks the event between tokens. With a
:class:`manoled.cancel.CancelEvent` (what the server uses), ``LlamaChat`` also
raises a flag that llama.cpp's abort callback reads between the graph nodes of
every decode, so a long prompt or a non-streamed call is abandoned at once, not
when it ends. That check runs in C without the GIL: the callback is libc's
``strlen`` over a two-byte buffer ``[flag, 0]`` (1 when cancelled, else 0), so
a Python thread busy elsewhere (indexing) never slows the model down.
"""

from __future__ import annotations

import contextlib
import ctypes
import json
import logging
import os
import threading
import time
from collections import deque
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol, runtime_checkable

from ..errors import Cancelled, ModelError
from ..memory import rss_bytes, trim

log = logging.getLogger(__name__)

SAMPLING = {"temperature": 0.1, "top_p": 0.1, "top_k": 50, "repeat_penalty": 1.05}
MESSAGE_OVERHEAD = 8  # template tokens per message (role markers, separators)


@dataclass
class ChatResult:
    text: str
    tool_calls: list[dict[str, Any]] = field(default_factory=list)
    prompt_tokens: int = 0
    completion_tokens: int = 0


@dataclass(frozen=True)
class PromptUse:
    """One model call's prompt: its length in tokens, and how many of them were evaluated (not cached)."""

    tokens: int
    evaluated: int


@runtime_checkable
class LLM(Protocol):
    model_id: str
    supports_tools: bool

    def chat(self, messages: list[dict[str, Any]], tools: list[dict[str, Any]] | None = None,
             max_tokens: int = 512, stream: bool = False) -> ChatResult | Iterator[str]: ...


@contextlib.contextmanager
def cancel_scope(llm: Any, cancel: threading.Event | None) -> Iterator[None]:
    """While in the block, ``llm`` gives up its current call soon after ``cancel`` is set.

    A model without a ``watch_cancel`` hook (a scripted fake) is left alone:
    the agent still checks the event between its steps and tokens.
    """
    watch = getattr(llm, "watch_cancel", None)
    if cancel is None or watch is None:
        yield
        return
    with watch(cancel):
        yield


# -- context fitting (pure, tested with a fake tokenizer) ---------------------
def fit_messages(messages: list[dict[str, Any]], count: Callable[[str], int], budget: int) -> list[dict[str, Any]]:
    """Trim ``messages`` to ``budget`` tokens: history first, then tool results; never system messages."""
    msgs = [dict(m) for m in messages]

    def size(m: dict[str, Any]) -> int:
        return count(m.get("content") or "") + MESSAGE_OVERHEAD

    def total() -> int:
        return sum(size(m) for m in msgs)

    if total() <= budget:
        return msgs
    last_user = max((i for i, m in enumerate(msgs) if m["role"] == "user"), default=len(msgs))
    # 1. drop history (everything between the system prompt and the current question), oldest first
    i = 0
    while total() > budget and i < last_user:
        if msgs[i]["role"] == "system":
            i += 1
            continue
        del msgs[i]
        last_user -= 1
    # 2. shorten tool results, oldest first, halving until each is small
    for floor in (800, 400, 200, 100):
        for m in msgs:
            if total() <= budget:
                return msgs
            if m["role"] == "tool" and len(m.get("content") or "") > floor:
                m["content"] = _shorten(m["content"], floor)
    # 3. shorten anything else except system messages, oldest first
    for floor in (400, 150):
        for m in msgs:
            if total() <= budget:
                return msgs
            if m["role"] != "system" and len(m.get("content") or "") > floor:
                m["content"] = _shorten(m["content"], floor)
    return msgs


def _shorten(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 14].rstrip() + " …[truncated]"


def merge_for_plain_template(messages: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """For templates with only user/assistant turns (Gemma): fold system and tool messages into user turns."""
    out: list[dict[str, Any]] = []
    pending_system = ""
    for m in messages:
        role, content = m["role"], m.get("content") or ""
        if role == "system":
            pending_system += content + "\n\n"
            continue
        if role == "tool":
            role, content = "user", f"Tool result ({m.get('name', 'tool')}):\n{content}"
        if role != "assistant" and pending_system:
            content, pending_system = pending_system + content, ""
        if out and out[-1]["role"] == role:
            out[-1]["content"] += "\n\n" + content
        else:
            out.append({"role": role if role in ("user", "assistant") else "user", "content": content})
    if pending_system:
        out.append({"role": "user", "content": pending_system.strip()})
    if out and out[0]["role"] == "assistant":
        out.insert(0, {"role": "user", "content": "(conversation continues)"})
    return out


class LlamaChat:
    """One loaded GGUF model behind the :class:`LLM` protocol."""

    def __init__(self, path: Path, model_id: str, *, context_size: int = 8192, threads: int = 0,
                 chat_format: str | None = None, debug: bool = False, n_batch: int = 512, seed: int = 0) -> None:
        self.path = Path(path)
        self.model_id = model_id
        self.context_size = context_size
        self.threads = threads or (os.cpu_count() or 2)
        self.chat_format = chat_format
        self.debug = debug
        self.n_batch = n_batch
        self.seed = seed
        self._lock = threading.Lock()
        self._llama: Any = None
        self.supports_tools = False
        self.tier: str | None = None  # the manifest's tier; the agent falls back on supports_tools
        self.calls = 0
        self.last_used = time.monotonic()
        self.memory_bytes: int | None = None  # resident growth measured at the last load
        self._cancel: threading.Event | None = None
        # the abort flag llama.cpp polls: [1 when cancelled else 0, NUL], read by libc strlen
        self._abort_flag = ctypes.create_string_buffer(2)
        self._abort_cb: Any = None  # keep a reference while llama.cpp holds the pointer
        # the prompt cache: llama.cpp keeps the KV of the last prompt and evaluates only what follows the
        # longest shared prefix (every agent call starts with the same system prompt); ``reuse_prefix=False``
        # starts every call from scratch (for the bench's side-by-side)
        self.reuse_prefix = True
        self.prompts: deque[PromptUse] = deque(maxlen=64)  # per call: prompt tokens and those evaluated
        self._counting = False

    @contextlib.contextmanager
    def watch_cancel(self, cancel: threading.Event) -> Iterator[None]:
        """Calls inside the block raise :class:`Cancelled` soon after ``cancel`` is set (see :func:`cancel_scope`)."""
        previous, self._cancel = self._cancel, cancel
        self._abort_flag[0] = b"\x00"
        on_set = getattr(cancel, "on_set", None)
        unhook = on_set(self._raise_abort_flag) if on_set is not None else None
        try:
            yield
        finally:
            if unhook is not None:
                unhook()
            self._cancel = previous
            self._abort_flag[0] = b"\x00"

    def _raise_abort_flag(self) -> None:
        self._abort_flag[0] = b"\x01"

    def _cancelled(self) -> bool:
        ev = self._cancel
        return ev is not None and ev.is_set()

    def _install_abort(self, llama_cpp: Any) -> None:
        """Make ``llama_decode`` stop between graph nodes once the abort flag is raised (no Python involved)."""
        ctx = getattr(getattr(self._llama, "_ctx", None), "ctx", None)
        setter = getattr(llama_cpp, "llama_set_abort_callback", None)
        strlen = _libc_strlen()
        if ctx is None or setter is None or strlen is None:  # pragma: no cover - API differs between versions
            log.warning("this llama-cpp-python cannot abort a decode; cancelling waits for the next token")
            return
        self._abort_cb = llama_cpp.ggml_abort_callback(strlen)
        setter(ctx, self._abort_cb, ctypes.cast(self._abort_flag, ctypes.c_void_p))

    def _count_prompt_tokens(self) -> None:
        """Record, for each call, how many prompt tokens llama.cpp evaluated (its first ``eval``)."""
        llama = self._llama
        inner = llama.eval

        def counted(tokens: Any) -> Any:
            if self._counting:
                self._counting = False
                n = len(tokens)
                self.prompts.append(PromptUse(int(llama.n_tokens) + n, n))
            return inner(tokens)

        llama.eval = counted

    def _begin_call(self) -> None:
        self._counting = True
        if not self.reuse_prefix:
            self._llama.reset()  # forget the cached prompt: the whole prompt is evaluated again

    @property
    def loaded(self) -> bool:
        return self._llama is not None

    def load(self) -> LlamaChat:
        with self._lock:
            self._load_locked()
        return self

    def _load_locked(self) -> None:
        """Load the weights (the caller holds ``_lock``); again after an idle unload."""
        if self._llama is not None:
            return
        before = rss_bytes()
        try:
            import llama_cpp
        except ImportError as exc:
            raise ModelError("llama-cpp-python is not installed (see the README for the safe build)") from exc
        if not self.path.is_file():
            raise ModelError(f"model file {self.path} does not exist")
        if not self.debug:
            _silence_llama(llama_cpp)
        try:
            self._llama = llama_cpp.Llama(
                model_path=str(self.path), n_ctx=self.context_size, n_threads=self.threads,
                n_batch=self.n_batch, chat_format=self.chat_format, seed=self.seed,
                verbose=self.debug,
            )
        except (ValueError, RuntimeError, OSError) as exc:
            raise ModelError(f"cannot load model {self.path}: {exc}") from exc
        self._install_abort(llama_cpp)
        self._count_prompt_tokens()
        template = (self._llama.metadata or {}).get("tokenizer.chat_template", "")
        self.supports_tools = self.chat_format is None and "tools" in template
        log.info("loaded %s (%s, ctx %d, %d threads, tools in template: %s)", self.model_id, self.path,
                 self.context_size, self.threads, self.supports_tools)
        after = rss_bytes()
        self.memory_bytes = after - before if after is not None and before is not None else None
        self.last_used = time.monotonic()

    def close(self) -> None:
        with self._lock:
            self._close_locked()

    def _close_locked(self) -> None:
        if self._llama is not None:
            try:
                self._llama.close()
            except AttributeError:  # pragma: no cover - older llama-cpp-python
                pass
            self._llama = None
            self.memory_bytes = None
            trim()

    def unload_if_idle(self, idle_s: float) -> bool:
        """Free the weights when unused for ``idle_s``; the next ``chat`` loads them again."""
        if self._llama is None or not self._lock.acquire(blocking=False):
            return False  # not loaded, or answering right now
        try:
            if self._llama is None or time.monotonic() - self.last_used < idle_s:
                return False
            self._close_locked()
        finally:
            self._lock.release()
        log.info("unloaded %s after %.0f s idle", self.model_id, idle_s)
        return True

    def count_tokens(self, text: str) -> int:
        if not text:
            return 0
        return len(self._llama.tokenize(text.encode("utf-8", "ignore"), add_bos=False, special=True))

    def _prepare(self, messages: list[dict[str, Any]], tools: list[dict[str, Any]] | None,
                 max_tokens: int) -> tuple[list[dict[str, Any]], list[dict[str, Any]] | None]:
        tools = tools if (tools and self.supports_tools) else None
        msgs = [m for m in messages]
        if self.chat_format == "gemma":
            msgs = merge_for_plain_template(msgs)
        else:
            msgs = [_plain_message(m) for m in msgs]
        tool_tokens = self.count_tokens(json.dumps(tools)) if tools else 0
        budget = self.context_size - max_tokens - tool_tokens - 32
        if budget < 64:
            raise ModelError(f"context size {self.context_size} is too small for max_tokens={max_tokens}")
        return fit_messages(msgs, self.count_tokens, budget), tools

    def chat(self, messages: list[dict[str, Any]], tools: list[dict[str, Any]] | None = None,
             max_tokens: int = 512, stream: bool = False) -> ChatResult | Iterator[str]:
        if stream:
            return self._stream(messages, tools, max_tokens)
        with self._lock:
            self._check_cancel()
            self._load_locked()
            msgs, tools = self._prepare(messages, tools, max_tokens)
            self.calls += 1
            self._begin_call()
            try:
                resp = self._llama.create_chat_completion(messages=msgs, tools=tools, max_tokens=max_tokens,
                                                          **SAMPLING)
            except (ValueError, RuntimeError) as exc:
                self._check_cancel()  # an aborted decode surfaces as "llama_decode returned 2"
                raise ModelError(f"{self.model_id} failed to generate: {exc}") from exc
            finally:
                self.last_used = time.monotonic()
        msg = resp["choices"][0]["message"]
        usage = resp.get("usage") or {}
        return ChatResult(text=msg.get("content") or "", tool_calls=list(msg.get("tool_calls") or []),
                          prompt_tokens=usage.get("prompt_tokens", 0),
                          completion_tokens=usage.get("completion_tokens", 0))

    def _stream(self, messages: list[dict[str, Any]], tools: list[dict[str, Any]] | None,
                max_tokens: int) -> Iterator[str]:
        with self._lock:
            self._check_cancel()
            self._load_locked()
            msgs, tools = self._prepare(messages, tools, max_tokens)
            self.calls += 1
            self._begin_call()
            try:
                for chunk in self._llama.create_chat_completion(messages=msgs, tools=tools, max_tokens=max_tokens,
                                                                stream=True, **SAMPLING):
                    self._check_cancel()
                    piece = chunk["choices"][0].get("delta", {}).get("content")
                    if piece:
                        yield piece
            except (ValueError, RuntimeError) as exc:
                self._check_cancel()
                raise ModelError(f"{self.model_id} failed to generate: {exc}") from exc
            finally:
                self.last_used = time.monotonic()

    def _check_cancel(self) -> None:
        if self._cancelled():
            raise Cancelled("the query was cancelled")


def _libc_strlen() -> int | None:
    """The address of libc's ``strlen``: a GIL-free ``bool (*)(void *)`` over ``[flag, NUL]``."""
    try:
        return ctypes.cast(ctypes.CDLL(None).strlen, ctypes.c_void_p).value
    except (OSError, AttributeError):  # pragma: no cover - no libc symbols in this process
        return None


def _plain_message(m: dict[str, Any]) -> dict[str, Any]:
    out = {"role": m["role"], "content": m.get("content") or ""}
    for key in ("name", "tool_call_id", "tool_calls"):
        if m.get(key):
            out[key] = m[key]
    return out


_LOG_CALLBACK: Any = None  # keep a reference: llama.cpp holds a raw pointer to it


def _silence_llama(llama_cpp: Any) -> None:
    """Route llama.cpp's own log lines to our logger at DEBUG instead of stderr (``debug`` keeps them)."""
    global _LOG_CALLBACK
    if _LOG_CALLBACK is not None:
        return

    native = logging.getLogger("manoled.llama_cpp")

    @llama_cpp.llama_log_callback
    def _callback(level: int, text: bytes, user_data: ctypes.c_void_p) -> None:
        if native.isEnabledFor(logging.DEBUG):
            native.debug("%s", text.decode("utf-8", "replace").rstrip())

    try:
        llama_cpp.llama_log_set(_callback, ctypes.c_void_p(0))
        _LOG_CALLBACK = _callback
    except (AttributeError, TypeError):  # pragma: no cover - API differs between versions
        pass
