"""The API the server calls: subclass :class:`Service` and override what you support.

A method left alone answers ``unknown_method``. Every method except ``ask`` is a plain blocking
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
:mod:`manoled.serve.askqueue`); its steps all run on one dedicated worker thread.
It must check ``cancel`` (set on a ``cancel`` request, a client disconnect
or a server stop) often, e.g. between tokens, and stop early; the server also stops pulling from the generator and closes
it (``GeneratorExit`` at the current ``yield``) as soon as ``cancel`` is set.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Iterator
from typing import Any

from manole_client import protocol as p

from ..errors import ManoledError

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


class Service:
    """What the server calls. See the module docstring for the contract."""

    def hello(self) -> dict[str, Any]:
        return {}

    def status(self) -> dict[str, Any]:
        raise unsupported("status")

    def ask(self, text: str, session: str | None, cancel: threading.Event) -> Iterator[dict[str, Any]]:
        raise unsupported("ask")

    def search(self, query: str, k: int, passages: bool = False) -> dict[str, Any]:
        """The best passage of each of the top ``k`` files; ``passages``: the top ``k`` raw passages."""
        raise unsupported("search")

    def folders_list(self) -> dict[str, Any]:
        raise unsupported("folders.list")

    def folders_add(self, path: str) -> dict[str, Any]:
        raise unsupported("folders.add")

    def folders_remove(self, path: str) -> dict[str, Any]:
        raise unsupported("folders.remove")

    def reindex(self, path: str | None) -> dict[str, Any]:
        raise unsupported("reindex")

    def pause(self) -> dict[str, Any]:
        raise unsupported("pause")

    def resume(self) -> dict[str, Any]:
        raise unsupported("resume")

    def graph(self, params: dict[str, Any]) -> dict[str, Any]:
        raise unsupported("graph")


def unsupported(method: str) -> ManoledError:
    return ManoledError(f"method '{method}' is not supported by this daemon", code=p.UNKNOWN_METHOD)


def invalid(message: str) -> ManoledError:
    return ManoledError(message, code=p.INVALID_PARAMS)


def absolute_path(params: dict[str, Any], name: str, *, required: bool = False) -> str | None:
    """A path parameter: the daemon's working directory is not the client's, so only absolute paths."""
    value = param(params, name, str, required=required)
    if value is not None and not os.path.isabs(value):
        raise invalid(f"parameter '{name}' must be an absolute path, got {value!r}")
    return value


def implements(service: Service, method: str) -> bool:
    """Does ``service`` override the :class:`Service` method behind protocol ``method``?"""
    attr = OPTIONAL_METHODS.get(method)
    if attr is None:
        return True
    return getattr(type(service), attr, None) is not getattr(Service, attr)


_MISSING = object()


def param(params: dict[str, Any], name: str, typ: type, *, required: bool = False, default: Any = None) -> Any:
    value = params.get(name, _MISSING)
    if value is _MISSING or value is None:
        if required:
            raise invalid(f"missing parameter '{name}'")
        return default
    if isinstance(value, bool) and typ is not bool:
        raise invalid(f"parameter '{name}' must be {typ.__name__}, got bool")
    if not isinstance(value, typ):
        raise invalid(f"parameter '{name}' must be {typ.__name__}, got {type(value).__name__}")
    return value


def is_int(value: Any) -> bool:
    """An integer on the wire: not a bool, not a float (even 1.0)."""
    return isinstance(value, int) and not isinstance(value, bool)


def why(reason: str | None) -> str:
    if reason == "stop" or reason == p.SHUTDOWN:
        return "the daemon is shutting down"
    if reason == "disconnect" or reason is None:
        return "the client disconnected"
    return f"the connection is closing after a fatal error ({reason})"
