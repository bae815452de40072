"""One client connection as an asyncio :class:`~asyncio.Protocol`: bytes in, frames out.

The connection does the framing (4-byte length, msgpack body; ``manole_client.protocol``),
the per-connection request cap, the read timeout for a frame that never completes, and
backpressure both ways; it hands each decoded frame to its owner (the server), which answers
it. No task and no stream objects per connection: a request answered from memory (``status``)
costs one ``recv`` and one ``send``.

Backpressure:

* a connection with ``max_inflight`` requests in flight is not read further: its frames wait
  in the kernel's socket buffer, so a flood cannot starve other clients;
* a client that does not read its replies fills the transport's write buffer; past the
  high-water mark the connection stops reading (no new requests, so no new replies) until
  the buffer drains. ``send()`` waits for that; ``emit()`` never blocks.

A framing error (an oversize length, an undecodable body, a frame not completed within
``read_timeout_s``) ends the connection: the owner answers every request in flight, then the
fatal frame goes out last and the transport closes once it has been written.
"""

from __future__ import annotations

import asyncio
import logging
import time
from dataclasses import dataclass, field
from typing import Any, Protocol

from manole_client import protocol as p

from ..cancel import CancelEvent

log = logging.getLogger("manoled.serve.server")

_HEADER = p.HEADER
_HEADER_SIZE = p.HEADER_SIZE


@dataclass(eq=False)
class Request:
    rid: int
    method: str
    cancel: CancelEvent = field(default_factory=CancelEvent)
    task: asyncio.Task[None] | None = None
    reason: str | None = None  # "cancel" | "disconnect" | "stop" | a fatal error code
    received: float = field(default_factory=time.perf_counter)


class Owner(Protocol):
    """What a connection needs from the server that accepted it."""

    def conn_opened(self, conn: Conn) -> dict[str, Any] | None:
        """Admit the connection (return None) or refuse it (return the fatal frame to send)."""

    def conn_frame(self, conn: Conn, obj: Any) -> None:
        """One decoded frame: answer it (synchronously, or by starting a task)."""

    def conn_ended(self, conn: Conn) -> None:
        """The connection is ending (end-of-file, a fatal frame error, gone): end its requests, then ``finish()``."""

    def conn_lost(self, conn: Conn) -> None:
        """The transport is closed."""


class Conn(asyncio.Protocol):
    def __init__(self, owner: Owner, cid: int, *, max_frame_bytes: int, read_timeout_s: float | None,
                 max_inflight: int) -> None:
        self.owner, self.cid = owner, cid
        self.max_frame_bytes = max_frame_bytes
        self.read_timeout_s = read_timeout_s or None
        self.cap = max(1, max_inflight)
        self.transport: asyncio.Transport | None = None
        self.inflight: dict[int, Request] = {}
        self.gone = False  # nothing more can be written
        self.ended = False  # conn_ended was called
        self.mid_frame = False  # part of a frame has arrived
        self.last_active = time.monotonic()
        self.closing: dict[str, Any] | None = None  # the fatal frame to send last, if any
        self._buf = bytearray()
        self._read_paused = False
        self._write_paused = False
        self._drained: list[asyncio.Future[None]] = []
        self._timer: asyncio.TimerHandle | None = None
        self._busy = 0  # requests counting against the cap

    # -- state ---------------------------------------------------------------

    @property
    def idle(self) -> bool:
        return not self.inflight and not self.mid_frame and not self.gone

    @property
    def busy_slots(self) -> int:
        """Requests counting against ``max_inflight`` (a ``cancel`` never waits for a slot)."""
        return self._busy

    def add(self, req: Request) -> None:
        self.inflight[req.rid] = req
        if req.method != "cancel":
            self._busy += 1

    def done(self, req: Request) -> None:
        """A request finished: its slot is free, the frames held back are read."""
        if self.inflight.get(req.rid) is req:
            del self.inflight[req.rid]
            if req.method != "cancel":
                self._busy -= 1
        self.last_active = time.monotonic()
        if not self.ended and self._busy < self.cap:
            self._process()
            self._update_reading()

    # -- asyncio.Protocol ----------------------------------------------------

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        assert isinstance(transport, asyncio.Transport)
        self.transport = transport
        refusal = self.owner.conn_opened(self)
        if refusal is not None:
            self.ended = True
            self.emit(refusal)
            self.gone = True
            transport.close()

    def data_received(self, data: bytes) -> None:
        if self.ended:
            return
        self._buf += data
        self._process()

    def eof_received(self) -> bool:
        # the peer shut its write side: what is in flight still gets its terminal frame
        self.end()
        return True

    def connection_lost(self, exc: Exception | None) -> None:
        self.gone = True
        self._cancel_timer()
        for fut in self._drained:
            if not fut.done():
                fut.set_exception(ConnectionResetError("client went away"))
        self._drained.clear()
        self.end()
        self.owner.conn_lost(self)

    def pause_writing(self) -> None:
        self._write_paused = True
        self._update_reading()

    def resume_writing(self) -> None:
        self._write_paused = False
        for fut in self._drained:
            if not fut.done():
                fut.set_result(None)
        self._drained.clear()
        if not self.ended:
            self._process()
            self._update_reading()

    # -- reading -------------------------------------------------------------

    def _process(self) -> None:
        """Hand every complete frame in the buffer to the owner, while the connection may take requests."""
        buf = self._buf
        off = 0
        end = len(buf)
        try:
            while not self.ended and self._busy < self.cap and not self._write_paused:
                if end - off < _HEADER_SIZE:
                    break
                (length,) = _HEADER.unpack_from(buf, off)
                p.check_length(length, self.max_frame_bytes)
                stop = off + _HEADER_SIZE + length
                if stop > end:
                    break
                body = bytes(buf[off + _HEADER_SIZE:stop])
                off = stop
                self.last_active = time.monotonic()
                self.owner.conn_frame(self, p.unpack(body))
        except p.FrameError as exc:
            self.fail(exc.code, exc.message)
            return
        finally:
            if off:
                del buf[:off]
        partial = bool(buf) and not self.ended
        held = self._busy >= self.cap or self._write_paused
        if off or not partial:
            self._cancel_timer()
        self.mid_frame = partial and not held
        if self.mid_frame and self._timer is None and self.read_timeout_s is not None and self.transport is not None:
            self._timer = asyncio.get_running_loop().call_later(self.read_timeout_s, self._timed_out)
        self._update_reading()

    def _timed_out(self) -> None:
        self._timer = None
        if self.mid_frame and not self.ended:
            self.fail(p.TIMEOUT, f"incomplete frame: nothing completed it within {self.read_timeout_s}s")

    def _cancel_timer(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None

    def _update_reading(self) -> None:
        t = self.transport
        if t is None or self.gone or t.is_closing():
            return
        want_paused = self.ended or self._busy >= self.cap or self._write_paused
        if want_paused and not self._read_paused:
            self._read_paused = True
            t.pause_reading()
        elif not want_paused and self._read_paused:
            self._read_paused = False
            t.resume_reading()

    def fail(self, code: str, message: str) -> None:
        """A fatal framing error: the connection ends with this frame, after its requests' own."""
        log.info("connection %d: %s: %s", self.cid, code, message)
        self.closing = self.closing or p.error(None, code, message)
        self.end()

    def end(self) -> None:
        """Stop reading and let the owner end what is in flight (once)."""
        if self.ended:
            return
        self.ended = True
        self.mid_frame = False
        self._cancel_timer()
        self._buf.clear()
        self._update_reading()
        self.owner.conn_ended(self)

    def finish(self) -> None:
        """The last step: the fatal frame, if any, then close once the buffer is written."""
        if self.closing is not None:
            self.emit(self.closing)
        self.gone = True
        if self.transport is not None:
            self.transport.close()

    def abort_transport(self) -> None:
        """Close without waiting for the write buffer (a peer that never reads)."""
        self.gone = True
        if self.transport is not None:
            self.transport.abort()

    # -- writing -------------------------------------------------------------

    def write(self, data: bytes) -> bool:
        """Queue encoded frame bytes (never blocks)."""
        t = self.transport
        if self.gone or t is None or t.is_closing():
            self.gone = True
            return False
        t.write(data)
        return True

    def emit(self, frame: dict[str, Any]) -> bool:
        """Queue a frame for writing (never blocks; order = call order)."""
        return self.write(p.encode_frame(frame))

    async def send(self, frame: dict[str, Any]) -> None:
        """Queue a frame, then wait while the client is not reading (the write buffer is full)."""
        if self.emit(frame) and self._write_paused:
            fut = asyncio.get_running_loop().create_future()
            self._drained.append(fut)
            await fut

    def close_idle(self, frame: dict[str, Any]) -> None:
        """Evicted: the fatal frame, then close (an idle connection has nothing in flight)."""
        self.closing = frame
        self.end()
