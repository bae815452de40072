"""A scripted Service for the server, client and bench tests, plus helpers.

No mocks: the fake records what happened and lets a test hold an ask at a
gate (``hold(text)``) to check ordering deterministically.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import socket
import sys
import tempfile
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import waiting
from manole_client import protocol as p

from manoled.config import ServerConfig
from manoled.errors import Cancelled, NotFound
from manoled.serve.server import Server
from manoled.serve.service import Service

CLIENT_DIR = Path(__file__).resolve().parent.parent / "client"
if str(CLIENT_DIR) not in sys.path:
    sys.path.insert(0, str(CLIENT_DIR))


def answer_for(text: str) -> str:
    return f"echo: {text}"


def tokens_for(text: str) -> list[str]:
    words = answer_for(text).split(" ")
    return [w if i == 0 else " " + w for i, w in enumerate(words)]


class FakeService(Service):
    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.calls: list[tuple[str, Any]] = []
        self.gates: dict[str, threading.Event] = {}
        self.at_gate: dict[str, threading.Event] = {}
        self.cancel_seen: dict[str, threading.Event] = {}
        self.closed: dict[str, threading.Event] = {}
        self.asks_started: list[str] = []
        self.asks_finished: list[str] = []
        self.active = 0
        self.max_active = 0
        self.paused = False
        self.folders: list[str] = []
        self.status_calls = threading.Event()
        self.search_gates: dict[str, threading.Event] = {}
        self.searches_started = 0

    # -- scripting --------------------------------------------------------

    def hold(self, text: str) -> threading.Event:
        """Make the ask for ``text`` stop before its first token until the returned gate is set."""
        gate = threading.Event()
        with self.lock:
            self.gates[text] = gate
            self.at_gate[text] = threading.Event()
            self.cancel_seen[text] = threading.Event()
            self.closed[text] = threading.Event()
        return gate

    def hold_search(self, query: str) -> threading.Event:
        """Make every search for ``query`` wait until the returned gate is set (at most 60 s)."""
        gate = threading.Event()
        with self.lock:
            self.search_gates[query] = gate
        return gate

    def _record(self, name: str, arg: Any = None) -> None:
        with self.lock:
            self.calls.append((name, arg))

    # -- Service ----------------------------------------------------------

    def hello(self) -> dict[str, Any]:
        return {"version": "0.1.0-fake", "capabilities": ["ask", "search", "graph"]}

    def status(self) -> dict[str, Any]:
        self._record("status")
        self.status_calls.set()
        return {
            "version": "0.1.0-fake",
            "paused": self.paused,
            "roots": list(self.folders) or ["/home/u/Documents"],
            "indexing": {"done": 40, "total": 100, "rate": 12.5, "eta_s": 4.8, "queue": 60},
            "captioning": {"done": 3, "total": 10, "rate": 0.5, "eta_s": 14.0, "state": "running", "message": ""},
            "counts": {"text": {"indexed": 35, "pending": 60}, "image": {"indexed": 5, "failed": 1}},
            "failures": [{"path": "/home/u/Documents/broken.pdf", "reason": "extract: encrypted PDF"}],
            "models": {
                "text": {"name": "gemma-3-270m", "loaded": True, "state": "answering"},
                "embedding": {"name": "all-MiniLM-L6-v2", "loaded": True},
                "vision": {"name": "smolvlm", "loaded": False},
            },
        }

    def ask(self, text: str, session: str | None, cancel: threading.Event) -> Iterator[dict[str, Any]]:
        self._record("ask", (text, session))
        with self.lock:
            self.active += 1
            self.max_active = max(self.max_active, self.active)
            self.asks_started.append(text)
            gate = self.gates.get(text)
        try:
            yield {"event": "step", "data": {"kind": "rewrite", "query": text}}
            yield {"event": "step", "data": {"kind": "tool_call", "tool": "search", "args": {"query": text}}}
            yield {"event": "step", "data": {"kind": "tool_result", "tool": "search", "summary": "1 hit"}}
            if gate is not None:
                self.at_gate[text].set()
                while not gate.wait(0.005):
                    if cancel.is_set():
                        self.cancel_seen[text].set()
                        raise Cancelled("ask cancelled")
            for tok in tokens_for(text):
                yield {"event": "token", "data": {"text": tok}}
            return {
                # "guarded ..." questions: the answer guard replaced what was streamed
                "answer": "From the tool results: 3 files." if text.startswith("guarded") else answer_for(text),
                "sources": [{"path": "/home/u/Documents/notes.txt", "page": 2, "score": 0.87}],
                "timings": {"total_s": 0.01},
                "session": session,
            }
        except GeneratorExit:
            if text in self.closed:
                self.closed[text].set()
            raise
        finally:
            with self.lock:
                self.active -= 1
                self.asks_finished.append(text)

    def search(self, query: str, k: int) -> dict[str, Any]:
        self._record("search", (query, k))
        with self.lock:
            self.searches_started += 1
            gate = self.search_gates.get(query)
        if gate is not None:
            gate.wait(60)
        hits = [
            {
                "passage_id": i,
                "score": round(0.9 - i * 0.1, 3),
                "text": f"passage {i} about {query}",
                "path": f"/home/u/Documents/{query}-{i}.txt",
                "file_name": f"{query}-{i}.txt",
                "page": None if i % 2 == 0 else i,
                "metadata": {},
            }
            for i in range(min(k, 3))
        ]
        return {"hits": hits}

    def folders_list(self) -> dict[str, Any]:
        return {"folders": [{"path": f} for f in self.folders]}

    def folders_add(self, path: str) -> dict[str, Any]:
        self._record("folders.add", path)
        if path not in self.folders:
            self.folders.append(path)
        return self.folders_list()

    def folders_remove(self, path: str) -> dict[str, Any]:
        self._record("folders.remove", path)
        if path not in self.folders:
            raise NotFound(f"not a watched folder: {path}")
        self.folders.remove(path)
        return self.folders_list()

    def reindex(self, path: str | None) -> dict[str, Any]:
        self._record("reindex", path)
        return {"scheduled": 3, "path": path}

    def pause(self) -> dict[str, Any]:
        self.paused = True
        return {"paused": True}

    def resume(self) -> dict[str, Any]:
        self.paused = False
        return {"paused": False}

    def graph(self, params: dict[str, Any]) -> dict[str, Any]:
        self._record("graph", params)
        return {
            "nodes": [
                {"id": 1, "path": "/home/u/a.txt", "label": "a.txt"},
                {"id": 2, "path": "/home/u/b.txt", "label": "b.txt"},
            ],
            "edges": [{"source": 1, "target": 2, "weight": 0.8}],
        }


# ---------------------------------------------------------------------------
# helpers


def wait_for(pred: Any, timeout: float = 10.0, what: str = "condition") -> None:
    """Poll ``pred`` until true (a deadline for safety, not a timing assertion)."""
    waiting.wait_until(pred, timeout, interval=0.002, message=what)


@contextlib.contextmanager
def short_dir(base: Path) -> Iterator[Path]:
    """A directory whose socket path fits AF_UNIX: ``base`` if short enough, else /tmp/msXXXX."""
    if len(str(base / "run" / "manoled.sock")) < 100:
        yield base
        return
    d = Path(tempfile.mkdtemp(prefix="ms", dir="/tmp"))
    try:
        yield d
    finally:
        shutil.rmtree(d, ignore_errors=True)


@contextlib.contextmanager
def running_server(service: Service, base: Path, config: ServerConfig | None = None, **kwargs: Any) -> Iterator[Server]:
    with short_dir(base) as d:
        server = Server(service, config or ServerConfig(read_timeout_s=2.0), d / "run" / "manoled.sock", **kwargs)
        server.start()
        try:
            yield server
        finally:
            server.stop()


class RawClient:
    """A frame-level client on a real socket, for protocol tests."""

    def __init__(self, path: Path | str) -> None:
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.sock.settimeout(10)  # safety net only
        self.sock.connect(str(path))
        self.backlog: list[dict[str, Any]] = []
        self.next_id = 0

    def close(self) -> None:
        self.sock.close()

    def __enter__(self) -> RawClient:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def send(self, method: str, params: dict[str, Any] | None = None, rid: int | None = None) -> int:
        if rid is None:
            self.next_id += 1
            rid = self.next_id
        p.write_frame(self.sock, p.request(rid, method, params))
        return rid

    def send_obj(self, obj: Any) -> None:
        self.sock.sendall(p.HEADER.pack(len(p.pack(obj))) + p.pack(obj))

    def read(self) -> dict[str, Any]:
        if self.backlog:
            return self.backlog.pop(0)
        return p.read_frame(self.sock)

    def collect(self, rid: int) -> tuple[list[dict[str, Any]], dict[str, Any]]:
        """Frames for ``rid`` up to its terminal one: (events, terminal); others are kept."""
        events: list[dict[str, Any]] = []
        kept: list[dict[str, Any]] = []
        pending = self.backlog
        self.backlog = []
        while True:
            frame = pending.pop(0) if pending else p.read_frame(self.sock)
            if frame.get("id") != rid:
                kept.append(frame)
                continue
            if p.is_terminal(frame):
                self.backlog = kept + pending
                return events, frame
            events.append(frame)

    def call(self, method: str, params: dict[str, Any] | None = None) -> dict[str, Any]:
        _events, terminal = self.collect(self.send(method, params))
        return terminal

    def closed_by_peer(self) -> bool:
        """True when the server has closed the connection (after any pending frames)."""
        try:
            return self.sock.recv(1) == b""
        except ConnectionResetError:
            return True


def uid_other_than_mine() -> int:
    return os.getuid() + 4242
