"""The Unix-socket server: frames in, calls on a :class:`Service`, frames out.

The server knows nothing about catalogs, indexes or models. It speaks the
protocol in ``docs/protocol.md`` (framing in :mod:`manole_client.protocol`) and
dispatches each request to a *service* object the daemon provides.

The contract a service implements is in :mod:`manoled.serve.service`.

Using it
--------
::

    server = Server(service, config.server, path=paths.socket)   # or sock=<listening socket>
    server.serve_forever()          # blocking; server.stop() from a signal handler / other thread
    # or, in tests / a daemon with its own main thread:
    server.start(); ...; server.stop()
"""
from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import socket
import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from manole_client import protocol as p

from ..config import ServerConfig
from ..errors import ManoledError
from . import sockfile
from .askqueue import AskQueue, call_soon
from .conn import Conn, Request
from .methods import Methods
from .peercred import peer_uid as default_peer_uid
from .service import Service, implements, is_int, why

log = logging.getLogger(__name__)

# hello and status run on their own threads: they never wait behind other connections' searches
STATUS_THREADS = 4


class Server(Methods):
    """Serve a :class:`Service` on a Unix socket.

    Give either ``path`` (the server creates the socket, mode 0600, in a 0700
    directory, and removes it on stop) or ``sock`` (an already bound socket,
    e.g. from systemd socket activation; left as is on stop).
    ``peer_uid`` and ``allowed_uid`` are the seam for the peer check.
    """

    def __init__(
        self,
        service: Service,
        config: ServerConfig | None = None,
        path: str | os.PathLike[str] | None = None,
        *,
        sock: socket.socket | None = None,
        peer_uid: Callable[[Any], int | None] = default_peer_uid,
        allowed_uid: int | None = None,
        rpc_threads: int = 8,
        on_ready: Callable[[], None] | None = None,
    ) -> None:
        if (path is None) == (sock is None):
            raise ValueError("give exactly one of path= or sock=")
        self.service = service
        self.config = config or ServerConfig()
        self.path = Path(path) if path is not None else None
        self._sock = sock
        self._peer_uid = peer_uid
        self._uid = os.getuid() if allowed_uid is None else allowed_uid
        self._rpc_threads = rpc_threads
        self._on_ready = on_ready
        self.ready = threading.Event()
        self._stop_requested = threading.Event()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._stop_event: asyncio.Event | None = None
        self._thread: threading.Thread | None = None
        self._error: BaseException | None = None
        self._conns: set[Conn] = set()
        self._conn_tasks: set[asyncio.Future[None]] = set()
        self._open: set[Conn] = set()  # every connection whose transport is not closed yet
        self._none_open: asyncio.Future[None] | None = None  # at stop: set once _open is empty
        self._has_status = implements(service, "status")
        self._next_cid = 0
        self._bound_ino: int | None = None
        self.queue = AskQueue()
        self._rpc_pool: ThreadPoolExecutor | None = None
        self._status_pool: ThreadPoolExecutor | None = None
        self._status_gen = 0  # moves when a method changes what status says
        self._status_cache: tuple[int, float, Any] | None = None  # (gen, when it was asked for, status)
        self._status_flight: tuple[int, asyncio.Future[Any]] | None = None  # the status call in progress, shared
        self._status_enc: tuple[Any, int, int, bytes] | None = None  # the cached status, encoded
        self._ask_pool: ThreadPoolExecutor | None = None
        self._handlers: dict[str, Callable[[Conn, Request, dict[str, Any]], Any]] = {
            "hello": self._m_hello,
            "status": self._m_status,
            "ask": self._m_ask,
            "cancel": self._m_cancel,
            "search": self._m_search,
            "folders.list": self._m_folders_list,
            "folders.add": self._m_folders_add,
            "folders.remove": self._m_folders_remove,
            "reindex": self._m_reindex,
            "pause": self._m_pause,
            "resume": self._m_resume,
            "graph": self._m_graph,
        }

    # -- lifecycle --------------------------------------------------------

    @property
    def connections(self) -> int:
        return len(self._conns)

    def serve_forever(self) -> None:
        """Run until :meth:`stop` (blocking)."""
        asyncio.run(self.serve())

    def start(self, timeout: float = 10.0) -> None:
        """Serve on a background thread; return once the socket accepts."""

        def run() -> None:
            try:
                self.serve_forever()
            except BaseException as exc:  # reported to start()
                self._error = exc
                self.ready.set()

        self._thread = threading.Thread(target=run, name="manoled-server", daemon=True)
        self._thread.start()
        if not self.ready.wait(timeout):
            raise ManoledError("the server did not start in time")
        if self._error is not None:
            raise self._error

    def stop(self, timeout: float = 10.0) -> None:
        """Stop serving (callable from any thread, idempotent)."""
        self._stop_requested.set()
        loop, ev = self._loop, self._stop_event
        if loop is not None and ev is not None:
            call_soon(loop, ev.set)
        t = self._thread
        if t is not None and t is not threading.current_thread():
            t.join(timeout)

    async def serve(self) -> None:
        """Serve on the running event loop until :meth:`stop`."""
        self._loop = loop = asyncio.get_running_loop()
        self._stop_event = asyncio.Event()
        self._rpc_pool = ThreadPoolExecutor(self._rpc_threads, thread_name_prefix="manoled-rpc")
        self._status_pool = ThreadPoolExecutor(STATUS_THREADS, thread_name_prefix="manoled-status")
        self._ask_pool = ThreadPoolExecutor(1, thread_name_prefix="manoled-ask")
        sock = self._sock if self._sock is not None else self._bind()
        server = await loop.create_unix_server(self._new_conn, sock=sock)
        log.info("listening on %s", sock.getsockname() or "<inherited socket>")
        self.ready.set()
        if self._on_ready is not None:
            self._on_ready()
        if self._stop_requested.is_set():
            self._stop_event.set()
        try:
            await self._stop_event.wait()
        finally:
            server.close()
            for conn in list(self._conns):
                conn.closing = conn.closing or p.error(None, p.SHUTDOWN, "the daemon is shutting down")
                conn.end()
            if self._conn_tasks:
                await asyncio.wait(list(self._conn_tasks), timeout=5)
            await self._flush_closing(2.0)
            self._unlink()
            self._rpc_pool.shutdown(wait=False, cancel_futures=True)
            self._status_pool.shutdown(wait=False, cancel_futures=True)
            self._ask_pool.shutdown(wait=False, cancel_futures=True)
            log.info("server stopped")

    async def _flush_closing(self, timeout: float) -> None:
        """Let closed connections write what they have left; abort the ones whose peer does not read."""
        if self._open:
            assert self._loop is not None
            self._none_open = self._loop.create_future()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._none_open, timeout)
        for conn in list(self._open):
            conn.abort_transport()
        self._open.clear()

    # -- the socket file --------------------------------------------------

    def _bind(self) -> socket.socket:
        assert self.path is not None
        sock, self._bound_ino = sockfile.bind_private(self.path)
        return sock

    def _unlink(self) -> None:
        if self.path is not None and self._bound_ino is not None:
            sockfile.unlink_if_ours(self.path, self._bound_ino)

    # -- connections ------------------------------------------------------

    def _new_conn(self) -> Conn:
        self._next_cid += 1
        cfg = self.config
        return Conn(self, self._next_cid, max_frame_bytes=cfg.max_frame_bytes,
                    read_timeout_s=cfg.read_timeout_s, max_inflight=cfg.max_inflight)

    def conn_opened(self, conn: Conn) -> dict[str, Any] | None:
        assert conn.transport is not None
        self._open.add(conn)
        uid = self._peer_uid(conn.transport.get_extra_info("socket"))
        if uid is None or uid != self._uid:
            log.warning("refused a connection from uid %s", uid)
            return p.error(None, p.FORBIDDEN, "connections are only accepted from the daemon's own user")
        if self._stop_requested.is_set():
            return p.error(None, p.SHUTDOWN, "the daemon is shutting down")
        if len(self._conns) >= self.config.max_connections and not self._evict_idle():
            log.warning("refused a connection: %d connections open, none idle", len(self._conns))
            return p.error(None, p.BUSY, f"too many busy connections (limit {self.config.max_connections})")
        self._conns.add(conn)
        return None

    def conn_ended(self, conn: Conn) -> None:
        """End-of-file, a fatal frame, the peer gone, eviction or stop: end every request in flight
        (each gets its own terminal frame), then the fatal frame, then close."""
        self._conns.discard(conn)
        if not conn.inflight:
            self._finish(conn)
            return
        task = asyncio.ensure_future(self._abort(conn))
        self._conn_tasks.add(task)
        task.add_done_callback(self._conn_tasks.discard)

    def _finish(self, conn: Conn) -> None:
        conn.finish()

    def conn_lost(self, conn: Conn) -> None:
        self._open.discard(conn)
        if not self._open and self._none_open is not None and not self._none_open.done():
            self._none_open.set_result(None)

    def _evict_idle(self) -> bool:
        """At the connection limit: close the connection idle the longest, to let a new client in."""
        idle = [c for c in self._conns if c.idle and c.closing is None]
        if not idle:
            return False
        victim = min(idle, key=lambda c: c.last_active)
        log.info("closing idle connection %d to admit a new one (limit %d)", victim.cid, self.config.max_connections)
        victim.close_idle(p.error(None, p.EVICTED, "closed: the connection was idle and the daemon is at its "
                                                   f"connection limit ({self.config.max_connections}); reconnect"))
        return True

    async def _abort(self, conn: Conn) -> None:
        reason = "stop" if self._stop_requested.is_set() else "disconnect"
        if conn.closing is not None:
            reason = conn.closing["error"]["code"]
        tasks = []
        for req in list(conn.inflight.values()):
            req.reason = req.reason or reason
            req.cancel.set()
            if req.task is not None:
                req.task.cancel()
                tasks.append(req.task)
        try:
            if tasks:
                await asyncio.wait(tasks, timeout=5)
        finally:
            self._finish(conn)

    def conn_frame(self, conn: Conn, obj: Any) -> None:
        """One request: checked, then answered from memory (status) or by a task."""
        if type(obj) is not dict:
            conn.emit(p.error(None, p.BAD_REQUEST, f"a request must be a map, got {type(obj).__name__}"))
            return
        rid = obj.get("id")
        if not is_int(rid):
            conn.emit(p.error(None, p.BAD_REQUEST, "a request needs an integer 'id'"))
            return
        v = obj.get("v")
        if not is_int(v) or v != p.PROTOCOL_VERSION:
            msg = f"unsupported protocol version {v!r}; this server speaks v={p.PROTOCOL_VERSION} (an integer)"
            conn.emit(p.error(rid, p.BAD_REQUEST, msg))
            return
        method = obj.get("method")
        if not isinstance(method, str):
            conn.emit(p.error(rid, p.BAD_REQUEST, "a request needs a string 'method'"))
            return
        params = obj.get("params")
        if params is None:
            params = {}
        if not isinstance(params, dict):
            conn.emit(p.error(rid, p.INVALID_PARAMS, "'params' must be a map"))
            return
        if rid in conn.inflight:
            # not sent with this id: it would read as the answer to the request already in flight
            conn.emit(p.error(None, p.DUPLICATE_ID, f"request id {rid} is already in flight; this "
                              "request was dropped, the earlier one goes on", request_id=rid))
            return
        if method == "status" and self._has_status:
            reply = self._status_reply(rid)
            if reply is not None:  # the common case: no task, no service call
                conn.write(reply)
                return
        handler = self._handlers.get(method)
        if handler is not None and not implements(self.service, method):
            handler = None
        if handler is None:
            conn.emit(p.error(rid, p.UNKNOWN_METHOD, f"unknown method '{method}'"))
            return
        req = Request(rid, method)
        conn.add(req)
        req.task = asyncio.ensure_future(self._run(conn, req, handler, params))

    async def _run(self, conn: Conn, req: Request, handler: Callable[..., Any], params: dict[str, Any]) -> None:
        try:
            try:
                value = await handler(conn, req, params)
            except asyncio.CancelledError:
                if req.reason == "cancel":
                    conn.emit(p.error(req.rid, p.CANCELLED, "the request was cancelled"))
                else:  # the connection is closing; a peer that only shut its write side still reads this
                    conn.emit(p.error(req.rid, p.ABORTED, f"the request was abandoned: {why(req.reason)}"))
                return
            except ConnectionError:
                return
            except ManoledError as exc:
                frame = p.error(req.rid, exc.code, exc.message)
            except Exception as exc:
                log.exception("%s (id %d) failed", req.method, req.rid)
                frame = p.error(req.rid, p.INTERNAL, f"internal error: {type(exc).__name__}: {exc}")
            else:
                frame = p.result(req.rid, value)
            try:
                await conn.send(frame)
            except ConnectionError:
                return
            except Exception as exc:  # e.g. a result msgpack cannot encode
                log.exception("cannot send the result of %s (id %d)", req.method, req.rid)
                conn.emit(p.error(req.rid, p.INTERNAL, f"cannot encode the result: {exc}"))
        except asyncio.CancelledError:
            return
        finally:
            conn.done(req)

    async def _call(self, fn: Callable[..., Any], *args: Any) -> Any:
        assert self._loop is not None
        return await self._loop.run_in_executor(self._rpc_pool, fn, *args)

    async def _call_status(self, fn: Callable[..., Any], *args: Any) -> Any:
        assert self._loop is not None
        return await self._loop.run_in_executor(self._status_pool, fn, *args)

    # -- methods ----------------------------------------------------------
