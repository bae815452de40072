"""One client connection and its requests in flight, as the server's event loop sees them."""

from __future__ import annotations

import asyncio
import time
from dataclasses import dataclass, field
from typing import Any

from manole_client import protocol as p

from ..cancel import CancelEvent


@dataclass(eq=False)
class Request:
    rid: int
    method: str
    cancel: CancelEvent = field(default_factory=CancelEvent)
    task: asyncio.Task[None] | None = None
    reason: str | None = None  # "cancel" | "disconnect" | "stop" | a fatal error code
    received: float = field(default_factory=time.perf_counter)


class Conn:
    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter, cid: int) -> None:
        self.reader, self.writer, self.cid = reader, writer, cid
        self.inflight: dict[int, Request] = {}
        self.gone = False
        self.mid_frame = False  # part of a frame has arrived
        self.last_active = time.monotonic()
        self.slot_freed = asyncio.Event()
        self.closing: dict[str, Any] | None = None  # the fatal frame to send last, if any

    @property
    def idle(self) -> bool:
        return not self.inflight and not self.mid_frame and not self.gone

    @property
    def busy_slots(self) -> int:
        """Requests counting against ``max_inflight`` (a ``cancel`` never waits for a slot)."""
        return sum(1 for r in self.inflight.values() if r.method != "cancel")

    def emit(self, frame: dict[str, Any]) -> bool:
        """Queue a frame for writing (never blocks; order = call order)."""
        if self.gone or self.writer.is_closing():
            self.gone = True
            return False
        self.writer.write(p.encode_frame(frame))
        return True

    async def send(self, frame: dict[str, Any]) -> None:
        if self.emit(frame):
            try:
                await self.writer.drain()
            except (ConnectionError, OSError):
                self.gone = True
                raise ConnectionResetError("client went away") from None


class Eof:
    pass


EOF = Eof()
