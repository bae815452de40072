"""The Unix-socket server: frames in, calls on a :class:`Service`, frames out.

The server knows nothing about catalogs, indexes or models. It speaks the
protocol in ``docs/protocol.md`` (framing in :mod:`manole_client.protocol`) and
dispatches each request to a *service* object the daemon provides.

The Service interface
---------------------
Subclass :class:`Service` and override what you support (a method left alone
answers ``unknown_method``). Every method except ``ask`` is a plain blocking
function; the server runs it in a thread pool so the event loop never blocks.
Each returns the ``result`` map sent to the client (msgpack-able: dict, list,
str, int, float, bool, None, bytes). Raise :class:`manoled.errors.ManoledError`
(or a subclass) to answer an error frame with its ``code`` and ``message``;
use ``ManoledError(msg, code="invalid_params")`` for bad parameter values.
Any other exception becomes ``internal`` (and is logged)::

    hello() -> dict                      # merged into the hello result: {"version", "capabilities": [...], ...}
    status() -> dict                     # shape documented in docs/protocol.md
    ask(text: str, session: str | None, cancel: threading.Event) -> Generator[dict, None, dict]
    search(query: str, k: int) -> dict   # {"hits": [...]}
    folders_list() -> dict               # {"folders": [...]}
    folders_add(path: str) -> dict       # {"folders": [...]} after the change
    folders_remove(path: str) -> dict    # {"folders": [...]} after the change
    reindex(path: str | None) -> dict    # e.g. {"scheduled": n}
    pause() -> dict                      # {"paused": true}
    resume() -> dict                     # {"paused": false}
    graph(params: dict) -> dict          # params passed through unvalidated

``ask`` is a *generator*: it yields event dicts ``{"event": "step" | "token",
"data": {...}}`` and ``return``\\ s the final result ``{"answer", "sources",
"timings"}``. Only one ask runs at a time (the model queue, in
:mod:`manoled.askqueue`); its steps all run on one dedicated worker thread.
It must check ``cancel`` (set on a ``cancel`` request, a client disconnect
or a server stop) often, e.g. between tokens, and stop early; the server also stops pulling from the generator and closes
it (``GeneratorExit`` at the current ``yield``) as soon as ``cancel`` is set.

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
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from manole_client import protocol as p

from . import __version__, sockfile
from .askqueue import AskQueue, call_soon, run_ask
from .cancel import CancelEvent
from .config import ServerConfig
from .errors import ManoledError
from .peercred import peer_uid as default_peer_uid

log = logging.getLogger(__name__)

METHODS = (
    "hello",
    "status",
    "ask",
    "cancel",
    "search",
    "folders.list",
    "folders.add",
    "folders.remove",
    "reindex",
    "pause",
    "resume",
    "graph",
)
BASE_CAPABILITIES = ("cancel", "events", "queue")
# methods a Service may leave out (answered unknown_method); each one it implements is also a capability
OPTIONAL_METHODS = {"ask": "ask", "search": "search", "graph": "graph", "folders.list": "folders_list",
                    "folders.add": "folders_add", "folders.remove": "folders_remove", "reindex": "reindex",
                    "pause": "pause", "resume": "resume"}
CAPABILITY_METHODS = ("ask", "search", "graph")
MAX_SEARCH_K = 1000
# hello and status run on their own threads: they never wait behind other connections' searches
STATUS_THREADS = 4


class Service:
    """What the server calls. See the module docstring for the contract."""

    def hello(self) -> dict[str, Any]:
        return {}

    def status(self) -> dict[str, Any]:
        raise _unsupported("status")

    def ask(self, text: str, session: str | None, cancel: threading.Event) -> Iterator[dict[str, Any]]:
        raise _unsupported("ask")

    def search(self, query: str, k: int, passages: bool = False) -> dict[str, Any]:
        """The best passage of each of the top ``k`` files; ``passages``: the top ``k`` raw passages."""
        raise _unsupported("search")

    def folders_list(self) -> dict[str, Any]:
        raise _unsupported("folders.list")

    def folders_add(self, path: str) -> dict[str, Any]:
        raise _unsupported("folders.add")

    def folders_remove(self, path: str) -> dict[str, Any]:
        raise _unsupported("folders.remove")

    def reindex(self, path: str | None) -> dict[str, Any]:
        raise _unsupported("reindex")

    def pause(self) -> dict[str, Any]:
        raise _unsupported("pause")

    def resume(self) -> dict[str, Any]:
        raise _unsupported("resume")

    def graph(self, params: dict[str, Any]) -> dict[str, Any]:
        raise _unsupported("graph")


def _unsupported(method: str) -> ManoledError:
    return ManoledError(f"method '{method}' is not supported by this daemon", code=p.UNKNOWN_METHOD)


def _invalid(message: str) -> ManoledError:
    return ManoledError(message, code=p.INVALID_PARAMS)


def _absolute(params: dict[str, Any], name: str, *, required: bool = False) -> str | None:
    """A path parameter: the daemon's working directory is not the client's, so only absolute paths."""
    value = _param(params, name, str, required=required)
    if value is not None and not os.path.isabs(value):
        raise _invalid(f"parameter '{name}' must be an absolute path, got {value!r}")
    return value


def implements(service: Service, method: str) -> bool:
    """Does ``service`` override the :class:`Service` method behind protocol ``method``?"""
    attr = OPTIONAL_METHODS.get(method)
    if attr is None:
        return True
    return getattr(type(service), attr, None) is not getattr(Service, attr)


_MISSING = object()


def _param(params: dict[str, Any], name: str, typ: type, *, required: bool = False, default: Any = None) -> Any:
    value = params.get(name, _MISSING)
    if value is _MISSING or value is None:
        if required:
            raise _invalid(f"missing parameter '{name}'")
        return default
    if isinstance(value, bool) and typ is not bool:
        raise _invalid(f"parameter '{name}' must be {typ.__name__}, got bool")
    if not isinstance(value, typ):
        raise _invalid(f"parameter '{name}' must be {typ.__name__}, got {type(value).__name__}")
    return value


# ---------------------------------------------------------------------------
# connections


@dataclass(eq=False)
class _Request:
    rid: int
    method: str
    cancel: CancelEvent = field(default_factory=CancelEvent)
    task: asyncio.Task[None] | None = None
    reason: str | None = None  # "cancel" | "disconnect" | "stop" | a fatal error code
    received: float = field(default_factory=time.perf_counter)


class _Conn:
    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter, cid: int) -> None:
        self.reader, self.writer, self.cid = reader, writer, cid
        self.inflight: dict[int, _Request] = {}
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


class Server:
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
        self._conns: set[_Conn] = set()
        self._conn_tasks: set[asyncio.Task[None]] = set()
        self._next_cid = 0
        self._bound_ino: int | None = None
        self.queue = AskQueue()
        self._rpc_pool: ThreadPoolExecutor | None = None
        self._status_pool: ThreadPoolExecutor | None = None
        self._ask_pool: ThreadPoolExecutor | None = None
        self._handlers: dict[str, Callable[[_Conn, _Request, dict[str, Any]], Any]] = {
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
        self._loop = asyncio.get_running_loop()
        self._stop_event = asyncio.Event()
        self._rpc_pool = ThreadPoolExecutor(self._rpc_threads, thread_name_prefix="manoled-rpc")
        self._status_pool = ThreadPoolExecutor(STATUS_THREADS, thread_name_prefix="manoled-status")
        self._ask_pool = ThreadPoolExecutor(1, thread_name_prefix="manoled-ask")
        sock = self._sock if self._sock is not None else self._bind()
        server = await asyncio.start_unix_server(self._on_connect, sock=sock)
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
            tasks = list(self._conn_tasks)
            for t in tasks:
                t.cancel()
            if tasks:
                await asyncio.wait(tasks, timeout=5)
            with contextlib.suppress(Exception):
                await asyncio.wait_for(server.wait_closed(), 5)
            self._unlink()
            self._rpc_pool.shutdown(wait=False, cancel_futures=True)
            self._status_pool.shutdown(wait=False, cancel_futures=True)
            self._ask_pool.shutdown(wait=False, cancel_futures=True)
            log.info("server stopped")

    # -- the socket file --------------------------------------------------

    def _bind(self) -> socket.socket:
        assert self.path is not None
        sock, self._bound_ino = sockfile.bind_private(self.path)
        return sock

    def _unlink(self) -> None:
        if self.path is not None and self._bound_ino is not None:
            sockfile.unlink_if_ours(self.path, self._bound_ino)

    # -- connections ------------------------------------------------------

    async def _on_connect(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        task = asyncio.current_task()
        assert task is not None
        self._conn_tasks.add(task)
        self._next_cid += 1
        conn = _Conn(reader, writer, self._next_cid)
        try:
            uid = self._peer_uid(writer.get_extra_info("socket"))
            if uid is None or uid != self._uid:
                log.warning("refused a connection from uid %s", uid)
                conn.emit(p.error(None, p.FORBIDDEN, "connections are only accepted from the daemon's own user"))
                return
            if len(self._conns) >= self.config.max_connections and not self._evict_idle():
                log.warning("refused a connection: %d connections open, none idle", len(self._conns))
                conn.emit(p.error(None, p.BUSY, f"too many busy connections (limit {self.config.max_connections})"))
                return
            self._conns.add(conn)
            await self._serve_conn(conn)
        except asyncio.CancelledError:
            # server stopping
            conn.closing = conn.closing or p.error(None, p.SHUTDOWN, "the daemon is shutting down")
        except Exception:
            log.exception("connection %d failed", conn.cid)
        finally:
            self._conns.discard(conn)
            await self._abort(conn)
            if conn.closing is not None:
                conn.emit(conn.closing)  # the fatal frame comes after every request's terminal frame
            conn.gone = True
            with contextlib.suppress(Exception):
                writer.close()
                await asyncio.wait_for(writer.wait_closed(), 2)
            self._conn_tasks.discard(task)

    def _evict_idle(self) -> bool:
        """At the connection limit: close the connection idle the longest, to let a new client in."""
        idle = [c for c in self._conns if c.idle and c.closing is None]
        if not idle:
            return False
        victim = min(idle, key=lambda c: c.last_active)
        log.info("closing idle connection %d to admit a new one (limit %d)", victim.cid, self.config.max_connections)
        self._conns.discard(victim)
        victim.emit(p.error(None, p.EVICTED, "closed: the connection was idle and the daemon is at its "
                                             f"connection limit ({self.config.max_connections}); reconnect"))
        victim.gone = True
        victim.writer.close()  # the reader sees end-of-file and the connection's task ends
        return True

    async def _abort(self, conn: _Conn) -> None:
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
        if tasks:
            await asyncio.wait(tasks, timeout=5)

    async def _read_frame(self, conn: _Conn) -> Any:
        """The next decoded frame, or ``_EOF``; raises FrameError."""
        try:
            first = await conn.reader.readexactly(1)
        except (asyncio.IncompleteReadError, ConnectionError):
            return _EOF
        conn.mid_frame = True
        timeout = self.config.read_timeout_s or None
        try:
            async with asyncio.timeout(timeout):
                (length,) = p.HEADER.unpack(first + await conn.reader.readexactly(p.HEADER_SIZE - 1))
                p.check_length(length, self.config.max_frame_bytes)
                body = await conn.reader.readexactly(length)
        except TimeoutError:
            raise p.FrameError(p.TIMEOUT, f"incomplete frame: nothing completed it within {timeout}s") from None
        except (asyncio.IncompleteReadError, ConnectionError):
            return _EOF
        finally:
            conn.mid_frame = False
            conn.last_active = time.monotonic()
        return p.unpack(body)

    async def _serve_conn(self, conn: _Conn) -> None:
        cap = max(1, self.config.max_inflight)
        while True:
            # the per-connection cap: further frames wait unread (in the socket buffer) until one
            # of this connection's requests finishes, so a flood cannot starve other clients
            while conn.busy_slots >= cap:
                conn.slot_freed.clear()
                await conn.slot_freed.wait()
            try:
                obj = await self._read_frame(conn)
            except p.FrameError as exc:
                log.info("connection %d: %s: %s", conn.cid, exc.code, exc.message)
                conn.closing = p.error(None, exc.code, exc.message)
                return
            if obj is _EOF:
                return
            await self._dispatch(conn, obj)

    async def _dispatch(self, conn: _Conn, obj: Any) -> None:
        if not isinstance(obj, dict):
            await conn.send(p.error(None, p.BAD_REQUEST, f"a request must be a map, got {type(obj).__name__}"))
            return
        rid = obj.get("id")
        if not _is_int(rid):
            await conn.send(p.error(None, p.BAD_REQUEST, "a request needs an integer 'id'"))
            return
        v = obj.get("v")
        if not _is_int(v) or v != p.PROTOCOL_VERSION:
            msg = f"unsupported protocol version {v!r}; this server speaks v={p.PROTOCOL_VERSION} (an integer)"
            await conn.send(p.error(rid, p.BAD_REQUEST, msg))
            return
        method = obj.get("method")
        if not isinstance(method, str):
            await conn.send(p.error(rid, p.BAD_REQUEST, "a request needs a string 'method'"))
            return
        params = obj.get("params")
        if params is None:
            params = {}
        if not isinstance(params, dict):
            await conn.send(p.error(rid, p.INVALID_PARAMS, "'params' must be a map"))
            return
        if rid in conn.inflight:
            # not sent with this id: it would read as the answer to the request already in flight
            await conn.send(p.error(None, p.DUPLICATE_ID, f"request id {rid} is already in flight; this "
                                    "request was dropped, the earlier one goes on", request_id=rid))
            return
        handler = self._handlers.get(method)
        if handler is not None and not implements(self.service, method):
            handler = None
        if handler is None:
            await conn.send(p.error(rid, p.UNKNOWN_METHOD, f"unknown method '{method}'"))
            return
        req = _Request(rid, method)
        conn.inflight[rid] = req
        req.task = asyncio.create_task(self._run(conn, req, handler, params), name=f"manoled-{method}-{rid}")

    async def _run(self, conn: _Conn, req: _Request, handler: Callable[..., Any], params: dict[str, Any]) -> None:
        try:
            try:
                value = await handler(conn, req, params)
            except asyncio.CancelledError:
                if req.reason == "cancel":
                    conn.emit(p.error(req.rid, p.CANCELLED, "the request was cancelled"))
                else:  # the connection is closing; a peer that only shut its write side still reads this
                    conn.emit(p.error(req.rid, p.ABORTED, f"the request was abandoned: {_why(req.reason)}"))
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
            if conn.inflight.get(req.rid) is req:
                del conn.inflight[req.rid]
            conn.last_active = time.monotonic()
            conn.slot_freed.set()

    async def _call(self, fn: Callable[..., Any], *args: Any) -> Any:
        assert self._loop is not None
        return await self._loop.run_in_executor(self._rpc_pool, fn, *args)

    async def _call_status(self, fn: Callable[..., Any], *args: Any) -> Any:
        assert self._loop is not None
        return await self._loop.run_in_executor(self._status_pool, fn, *args)

    # -- methods ----------------------------------------------------------

    async def _m_hello(self, conn: _Conn, req: _Request, params: dict[str, Any]) -> dict[str, Any]:
        client = _param(params, "client", str)
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

    async def _m_status(self, conn: _Conn, req: _Request, params: dict[str, Any]) -> Any:
        out = await self._call_status(self.service.status)
        if isinstance(out, dict):
            out.setdefault("connections", len(self._conns))
            out.setdefault("asks_queued", len(self.queue))
        return out

    async def _m_search(self, conn: _Conn, req: _Request, params: dict[str, Any]) -> Any:
        query = _param(params, "query", str, required=True)
        k = _param(params, "k", int, default=5)
        if not query.strip():
            raise _invalid("parameter 'query' must not be empty")
        if not 1 <= k <= MAX_SEARCH_K:
            raise _invalid(f"parameter 'k' must be between 1 and {MAX_SEARCH_K}")
        if _param(params, "passages", bool, default=False):
            return await self._call(self.service.search, query, k, True)
        return await self._call(self.service.search, query, k)

    async def _m_folders_list(self, conn: _Conn, req: _Request, params: dict[str, Any]) -> Any:
        return await self._call(self.service.folders_list)

    async def _m_folders_add(self, conn: _Conn, req: _Request, params: dict[str, Any]) -> Any:
        return await self._call(self.service.folders_add, _absolute(params, "path", required=True))

    async def _m_folders_remove(self, conn: _Conn, req: _Request, params: dict[str, Any]) -> Any:
        return await self._call(self.service.folders_remove, _absolute(params, "path", required=True))

    async def _m_reindex(self, conn: _Conn, req: _Request, params: dict[str, Any]) -> Any:
        return await self._call(self.service.reindex, _absolute(params, "path"))

    async def _m_pause(self, conn: _Conn, req: _Request, params: dict[str, Any]) -> Any:
        return await self._call(self.service.pause)

    async def _m_resume(self, conn: _Conn, req: _Request, params: dict[str, Any]) -> Any:
        return await self._call(self.service.resume)

    async def _m_graph(self, conn: _Conn, req: _Request, params: dict[str, Any]) -> Any:
        return await self._call(self.service.graph, dict(params))

    async def _m_cancel(self, conn: _Conn, req: _Request, params: dict[str, Any]) -> dict[str, Any]:
        target_id = _param(params, "id", int, required=True)
        target = conn.inflight.get(target_id)
        if target is None or target is req or target.method == "cancel":
            return {"cancelled": False}
        target.reason = "cancel"
        target.cancel.set()
        if target.task is not None:
            target.task.cancel()
        return {"cancelled": True}

    async def _m_ask(self, conn: _Conn, req: _Request, params: dict[str, Any]) -> Any:
        text = _param(params, "text", str, required=True)
        session = _param(params, "session", str)
        stream = _param(params, "stream", bool, default=True)
        if not text.strip():
            raise _invalid("parameter 'text' must not be empty")
        assert self._ask_pool is not None

        def on_position(pos: int) -> None:
            conn.emit(p.event(req.rid, "queued", {"position": pos}))

        async def send_event(name: str, data: Any) -> None:
            await conn.send(p.event(req.rid, name, data))

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
        timings = result.get("timings") if isinstance(result, dict) else None
        if isinstance(timings, dict):
            timings["total_s"] = round(time.perf_counter() - req.received, 6)  # queue_s included
        return result


def _is_int(value: Any) -> bool:
    """An integer on the wire: not a bool, not a float (even 1.0)."""
    return isinstance(value, int) and not isinstance(value, bool)


def _why(reason: str | None) -> str:
    if reason == "stop" or reason == p.SHUTDOWN:
        return "the daemon is shutting down"
    if reason == "disconnect" or reason is None:
        return "the client disconnected"
    return f"the connection is closing after a fatal error ({reason})"


class _Eof:
    pass


_EOF = _Eof()
