"""The server's handler for each protocol method: parameters checked, then a call on the service.

:class:`Methods` is a part of :class:`manoled.serve.server.Server`.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable
from typing import Any

from manole_client import protocol as p

from .. import __version__
from ..config import ServerConfig
from .askqueue import run_ask
from .conn import Conn, Request
from .service import (
    BASE_CAPABILITIES,
    CAPABILITY_METHODS,
    MAX_SEARCH_K,
    METHODS,
    Service,
    absolute_path,
    implements,
    invalid,
    param,
)

log = logging.getLogger(__name__)

# ``status`` is polled by bars and launchers, often by many clients at once. It is answered on the
# event loop from bytes encoded once (stale-while-revalidate): a reply older than STATUS_FRESH_S is
# still served at once while one service call (on the status threads) refreshes it, so a status never
# waits behind indexing or an ask. A change made over the socket (pause, folders, reindex, an ask
# starting or ending) is seen at once: the next status waits for a new service call (never for the
# change itself: the call runs on its own threads).
STATUS_FRESH_S = 0.2
_RESULT_HEAD = b"\x82" + p.pack("id")  # {"id": rid, "result": ...}, as p.result() orders it
_RESULT_KEY = p.pack("result")


class Methods:
    """One ``_m_<method>`` coroutine per protocol method."""

    service: Service
    config: ServerConfig
    _status_gen: int
    _status_cache: tuple[int, float, Any] | None
    _status_flight: tuple[int, asyncio.Future[Any]] | None
    _status_enc: tuple[Any, int, int, bytes] | None

    async def _call(self, fn: Callable[..., Any], *args: Any) -> Any:
        raise NotImplementedError

    async def _call_status(self, fn: Callable[..., Any], *args: Any) -> Any:
        raise NotImplementedError

    async def _m_hello(self, conn: Conn, req: Request, params: dict[str, Any]) -> dict[str, Any]:
        client = param(params, "client", str)
        if client is not None:
            log.debug("connection %d: client %s", conn.cid, client[:100])
        info = await self._call_status(self.service.hello) or {}
        caps = set(BASE_CAPABILITIES) | set(info.get("capabilities") or ())
        caps |= {m for m in CAPABILITY_METHODS if implements(self.service, m)}
        out: dict[str, Any] = {
            "protocol": p.PROTOCOL_VERSION,
            "server": "manoled",
            "version": __version__,
            "methods": [m for m in METHODS if implements(self.service, m)],
            "capabilities": sorted(caps),
            "max_frame_bytes": self.config.max_frame_bytes,
        }
        for key, value in info.items():
            if key not in ("protocol", "methods", "capabilities", "max_frame_bytes"):
                out[key] = value
        return out

    async def _m_status(self, conn: Conn, req: Request, params: dict[str, Any]) -> Any:
        """The slow path: no status yet, or a change made over the socket since the last one."""
        out = await self._shared_status()
        if isinstance(out, dict):
            out = dict(out)  # the shared one stays as the service made it
            out.setdefault("connections", len(self._conns))
            out.setdefault("asks_queued", len(self.queue))
        return out

    def _status_reply(self, rid: int) -> bytes | None:
        """The whole reply frame to a status, from the cached bytes; None when a service call must come first."""
        cached = self._status_cache
        if cached is None or cached[0] != self._status_gen:
            return None
        if time.monotonic() - cached[1] >= STATUS_FRESH_S:
            self._refresh_status()
        value = cached[2]
        conns, queued = len(self._conns), len(self.queue)
        enc = self._status_enc
        if enc is None or enc[0] is not value or enc[1] != conns or enc[2] != queued:
            out = value
            if isinstance(value, dict):
                out = dict(value)
                out.setdefault("connections", conns)
                out.setdefault("asks_queued", queued)
            try:
                enc = self._status_enc = (value, conns, queued, _RESULT_KEY + p.pack(out))
            except Exception:  # e.g. a status msgpack cannot encode: the slow path reports it
                return None
        body = _RESULT_HEAD + p.pack(rid) + enc[3]
        return p.HEADER.pack(len(body)) + body

    def _refresh_status(self) -> None:
        """Start one service call in the background (none if one is in flight)."""
        gen = self._status_gen
        flight = self._status_flight
        if flight is None or flight[0] != gen:
            fut = asyncio.ensure_future(self._status_call(gen))
            fut.add_done_callback(_quiet_status_failure)
            self._status_flight = (gen, fut)

    async def _shared_status(self) -> Any:
        """The service's status: from a call made less than STATUS_FRESH_S ago, else from the call in
        progress, else from a new call (on the status threads)."""
        gen = self._status_gen
        cached = self._status_cache
        if cached is not None and cached[0] == gen and time.monotonic() - cached[1] < STATUS_FRESH_S:
            return cached[2]
        self._refresh_status()
        flight = self._status_flight
        assert flight is not None
        return await asyncio.shield(flight[1])

    async def _status_call(self, gen: int) -> Any:
        asked = time.monotonic()
        try:
            out = await self._call_status(self.service.status)
            if gen == self._status_gen:
                self._status_cache = (gen, asked, out)
            return out
        except Exception:
            if gen == self._status_gen:
                self._status_cache = None  # the next status asks again, and reports the failure
            raise
        finally:
            if self._status_flight is not None and self._status_flight[1] is asyncio.current_task():
                self._status_flight = None

    def _changed(self, result: Any) -> Any:
        """After a call that changes what ``status`` says: the next status asks the service again."""
        self._status_gen += 1
        self._status_cache = None
        return result

    async def _m_search(self, conn: Conn, req: Request, params: dict[str, Any]) -> Any:
        query = param(params, "query", str, required=True)
        k = param(params, "k", int, default=5)
        if not query.strip():
            raise invalid("parameter 'query' must not be empty")
        if not 1 <= k <= MAX_SEARCH_K:
            raise invalid(f"parameter 'k' must be between 1 and {MAX_SEARCH_K}")
        if param(params, "passages", bool, default=False):
            return await self._call(self.service.search, query, k, True)
        return await self._call(self.service.search, query, k)

    async def _m_folders_list(self, conn: Conn, req: Request, params: dict[str, Any]) -> Any:
        return await self._call(self.service.folders_list)

    async def _m_folders_add(self, conn: Conn, req: Request, params: dict[str, Any]) -> Any:
        return self._changed(await self._call(self.service.folders_add, absolute_path(params, "path", required=True)))

    async def _m_folders_remove(self, conn: Conn, req: Request, params: dict[str, Any]) -> Any:
        return self._changed(await self._call(self.service.folders_remove, absolute_path(params, "path", required=True)))

    async def _m_reindex(self, conn: Conn, req: Request, params: dict[str, Any]) -> Any:
        return self._changed(await self._call(self.service.reindex, absolute_path(params, "path")))

    async def _m_pause(self, conn: Conn, req: Request, params: dict[str, Any]) -> Any:
        return self._changed(await self._call(self.service.pause))

    async def _m_resume(self, conn: Conn, req: Request, params: dict[str, Any]) -> Any:
        return self._changed(await self._call(self.service.resume))

    async def _m_graph(self, conn: Conn, req: Request, params: dict[str, Any]) -> Any:
        return await self._call(self.service.graph, dict(params))

    async def _m_cancel(self, conn: Conn, req: Request, params: dict[str, Any]) -> dict[str, Any]:
        target_id = param(params, "id", int, required=True)
        target = conn.inflight.get(target_id)
        if target is None or target is req or target.method == "cancel":
            return {"cancelled": False}
        target.reason = "cancel"
        target.cancel.set()
        if target.task is not None:
            target.task.cancel()
        return {"cancelled": True}

    async def _m_ask(self, conn: Conn, req: Request, params: dict[str, Any]) -> Any:
        text = param(params, "text", str, required=True)
        session = param(params, "session", str)
        stream = param(params, "stream", bool, default=True)
        if not text.strip():
            raise invalid("parameter 'text' must not be empty")
        assert self._ask_pool is not None

        def on_position(pos: int) -> None:
            conn.emit(p.event(req.rid, "queued", {"position": pos}))

        async def send_event(name: str, data: Any) -> None:
            await conn.send(p.event(req.rid, name, data))

        self._changed(None)  # status says a question is being answered (and may load the model)
        try:
            result = await run_ask(
                self.queue,
                self._ask_pool,
                self.service,
                text,
                session,
                req.cancel,
                stream=stream,
                on_position=on_position,
                send_event=send_event,
            )
        finally:
            self._changed(None)
        timings = result.get("timings") if isinstance(result, dict) else None
        if isinstance(timings, dict):
            timings["total_s"] = round(time.perf_counter() - req.received, 6)  # queue_s included
        return result


def _quiet_status_failure(fut: asyncio.Future[Any]) -> None:
    """A background refresh that failed: the cache is dropped, so the next status request makes its own
    call and reports the error (logged there, once)."""
    if not fut.cancelled():
        fut.exception()
