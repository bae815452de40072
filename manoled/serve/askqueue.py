"""The model queue: one ``ask`` at a time, and the thread-side driving of each ask.

:class:`AskQueue` hands the model to one ask at a time, first come first
served, and tells waiters their position. :func:`run_ask` runs one ask: it
waits its turn, drives the service's ``ask`` generator on the dedicated ask
thread, forwards its events and returns its final result; the model is
released only once the generator is really finished. See
:mod:`manoled.serve.server` for the ``ask`` contract.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import threading
import time
from collections.abc import Awaitable, Callable, Iterator
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..errors import ManoledError

if TYPE_CHECKING:
    from .service import Service

log = logging.getLogger(__name__)


def call_soon(loop: asyncio.AbstractEventLoop, fn: Callable[..., Any], *args: Any) -> None:
    """``loop.call_soon_threadsafe``, ignoring a loop that is already closed."""
    with contextlib.suppress(RuntimeError):  # the loop is already closed (server stopped)
        loop.call_soon_threadsafe(fn, *args)


@dataclass(eq=False)
class _Ticket:
    future: asyncio.Future[None]
    on_position: Callable[[int], None]
    position: int = 0


class AskQueue:
    """One ask at a time, first come first served; waiters learn their position.

    ``position`` is the number of asks ahead of a waiter, counting the one
    running (so the next in line is at position 1). Event-loop only.
    """

    def __init__(self) -> None:
        self._running: _Ticket | None = None
        self._waiting: list[_Ticket] = []

    @property
    def busy(self) -> bool:
        return self._running is not None

    def __len__(self) -> int:
        return len(self._waiting) + (1 if self._running else 0)

    async def acquire(self, on_position: Callable[[int], None] = lambda _pos: None) -> _Ticket:
        ticket = _Ticket(asyncio.get_running_loop().create_future(), on_position)
        if self._running is None and not self._waiting:
            self._running = ticket
            return ticket
        self._waiting.append(ticket)
        self._renumber()
        try:
            await ticket.future
        except asyncio.CancelledError:
            if ticket in self._waiting:
                self._waiting.remove(ticket)
                self._renumber()
            else:
                self.release(ticket)
            raise
        return ticket

    def release(self, ticket: _Ticket) -> None:
        if self._running is not ticket:
            return
        self._running = None
        while self._waiting:
            nxt = self._waiting.pop(0)
            if not nxt.future.done():
                self._running = nxt
                nxt.future.set_result(None)
                break
        self._renumber()

    def _renumber(self) -> None:
        for i, t in enumerate(self._waiting):
            if t.position != i + 1:
                t.position = i + 1
                try:
                    t.on_position(i + 1)
                except Exception:  # a dead connection must not break the queue
                    log.debug("queued notification failed", exc_info=True)


class _AskRun:
    """The thread-side of one ask: every method runs on the ask worker thread."""

    def __init__(self, service: Service, text: str, session: str | None, cancel: threading.Event) -> None:
        self.service, self.text, self.session, self.cancel = service, text, session, cancel
        self.gen: Iterator[dict[str, Any]] | None = None
        self.done = False

    def start(self) -> None:
        if not self.cancel.is_set():
            self.gen = iter(self.service.ask(self.text, self.session, self.cancel))

    def step(self) -> tuple[str, Any]:
        if self.cancel.is_set() or self.gen is None:
            return ("cancelled", None)
        try:
            return ("event", next(self.gen))
        except StopIteration as stop:
            self.done = True
            return ("result", stop.value)
        except BaseException:
            self.done = True
            raise

    def close(self) -> None:
        if self.gen is not None and not self.done:
            self.done = True
            close = getattr(self.gen, "close", None)
            if close is not None:
                try:
                    close()
                except Exception:
                    log.warning("closing a cancelled ask failed", exc_info=True)


async def run_ask(
    queue: AskQueue,
    pool: ThreadPoolExecutor,
    service: Service,
    text: str,
    session: str | None,
    cancel: threading.Event,
    *,
    stream: bool,
    on_position: Callable[[int], None],
    send_event: Callable[[str, Any], Awaitable[None]],
) -> Any:
    """Run one ask once the queue lets it: its events go to ``send_event``; returns its final result.

    ``stream`` False drops the ``step`` and ``token`` events. Raises
    :class:`asyncio.CancelledError` when ``cancel`` is set.
    """
    loop = asyncio.get_running_loop()
    t0 = time.perf_counter()
    ticket = await queue.acquire(on_position)
    queue_s = time.perf_counter() - t0
    run = _AskRun(service, text, session, cancel)
    try:
        await asyncio.wrap_future(pool.submit(run.start))
        while True:
            kind, value = await asyncio.wrap_future(pool.submit(run.step))
            if kind == "result":
                break
            if kind == "cancelled":
                raise asyncio.CancelledError
            if not (isinstance(value, dict) and isinstance(value.get("event"), str)):
                log.warning("ask yielded a malformed event %r; skipped", value)
                continue
            name = value["event"]
            if not stream and name in ("step", "token"):
                continue
            data = value.get("data")
            await send_event(name, data if data is not None else {})
        if not isinstance(value, dict):
            raise ManoledError(f"ask returned {type(value).__name__}, not a map")
        timings = value.get("timings")
        if isinstance(timings, dict):
            timings.setdefault("queue_s", round(queue_s, 6))
        return value
    finally:
        # Release the model only once the generator is really finished: the
        # close runs on the ask thread after any step still in progress.
        if not run.done:
            cancel.set()
        fut: Future[None] = pool.submit(run.close)
        fut.add_done_callback(lambda _f: call_soon(loop, queue.release, ticket))
