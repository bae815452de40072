"""`manoled run` for real: subprocess daemons on real sockets, and an in-process one with a scripted model."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from fake_service import RawClient, short_dir
from manole_client import protocol as p
from waiting import wait_until

MANOLED = str(Path(sys.executable).with_name("manoled"))


def write_docs(folder: Path, n: int = 3) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "invoice.txt").write_text("Invoice: MacBook Air, total paid 1299 EUR on 14 March.")
    (folder / "garden.md").write_text("Tomatoes need full sun and regular watering.")
    for i in range(n - 2):
        (folder / f"note{i:04d}.txt").write_text(f"Note {i}: a short memo about topic number {i}. " * 4)


class DaemonProc:
    def __init__(self, home: Path, folders: list[Path], env: dict[str, str] | None = None) -> None:
        self.home = home
        self.sock = home / "run" / "manoled.sock"
        full_env = dict(os.environ, MANOLE_HOME=str(home), **(env or {}))
        self.proc = subprocess.Popen([MANOLED, "run", *map(str, folders)], env=full_env,
                                     stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)

    def wait_serving(self, timeout: float = 120) -> None:
        def up() -> bool:
            assert self.proc.poll() is None, self.proc.stdout.read()
            if not self.sock.exists():
                return False
            try:
                with RawClient(self.sock) as c:
                    return "result" in c.call("hello")
            except OSError:
                return False

        wait_until(up, timeout, message="daemon serving")

    def call(self, method: str, params: dict | None = None) -> dict:
        with RawClient(self.sock) as c:
            c.sock.settimeout(300)
            return c.call(method, params)

    def stop(self, sig: int = signal.SIGTERM, timeout: float = 120) -> int:
        if self.proc.poll() is None:
            self.proc.send_signal(sig)
        try:
            return self.proc.wait(timeout)
        finally:
            if self.proc.stdout:
                self.proc.stdout.close()


@pytest.fixture
def home(tmp_path: Path):
    with short_dir(tmp_path) as d:
        yield d / "h"


def indexed(d: DaemonProc) -> int:
    counts = d.call("status")["result"]["counts"]
    return sum(states.get("indexed", 0) for states in counts.values())


@pytest.mark.slow
def test_daemon_end_to_end_with_the_real_tiny_model(home, tmp_path):
    docs = tmp_path / "docs"
    write_docs(docs)
    d = DaemonProc(home, [docs])
    try:
        d.wait_serving()
        assert os.stat(d.sock).st_mode & 0o777 == 0o600
        assert os.stat(d.sock.parent).st_mode & 0o777 == 0o700
        hello = d.call("hello")["result"]
        assert hello["version"] and "ask" in hello["methods"]
        wait_until(lambda: indexed(d) == 3, 120, message="3 files indexed")
        hits = d.call("search", {"query": "macbook price", "k": 2})["result"]["hits"]
        assert hits[0]["file_name"] == "invoice.txt"
        with RawClient(d.sock) as c:
            c.sock.settimeout(600)
            events, terminal = c.collect(c.send("ask", {"text": "how many files are there?"}))
        assert "result" in terminal, terminal
        result = terminal["result"]
        assert result["answer"].strip()
        for src in result["sources"]:
            assert Path(src["path"]).exists()
        kinds = [e["event"] for e in events]
        assert "step" in kinds
        status = d.call("status")["result"]
        assert status["models"]["text"]["name"]  # says which model answers (the fallback here)
        # the roots given on the command line are remembered
        assert str(docs) in (home / "config" / "config.toml").read_text()
    finally:
        assert d.stop() == 0


def test_second_instance_exits_with_a_clear_message(home, tmp_path):
    d = DaemonProc(home, [])
    try:
        d.wait_serving()
        second = subprocess.run([MANOLED, "run"], env=dict(os.environ, MANOLE_HOME=str(home)),
                                capture_output=True, text=True, timeout=120)
        assert second.returncode == 1
        assert "already running" in second.stderr
        assert "result" in d.call("status")  # the first one keeps serving
    finally:
        assert d.stop() == 0


def test_sigterm_during_indexing_then_restart_loses_nothing(home, tmp_path):
    docs = tmp_path / "docs"
    write_docs(docs, n=400)
    d = DaemonProc(home, [docs])
    d.wait_serving()
    wait_until(lambda: indexed(d) > 0, 120, message="indexing started")
    assert d.stop(signal.SIGTERM) == 0
    d2 = DaemonProc(home, [])  # roots are remembered
    try:
        d2.wait_serving()
        wait_until(lambda: indexed(d2) == 400, 240, message="all 400 files indexed after restart")
    finally:
        assert d2.stop() == 0
    from manoled.catalog.store import Catalog

    cat = Catalog(home / "data" / "catalog.sqlite3")
    try:
        assert cat.query("SELECT file_id, seq FROM passages GROUP BY file_id, seq HAVING COUNT(*) > 1") == []
        assert cat.query("SELECT COUNT(*) FROM passages WHERE in_index=0")[0][0] == 0
        assert cat.query("SELECT COUNT(DISTINCT file_id) FROM passages")[0][0] == 400
    finally:
        cat.close()


def test_ready_is_sent_to_notify_socket(home, tmp_path):
    with short_dir(tmp_path) as d:
        path = d / "notify.sock"
        listener = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
        listener.bind(str(path))
        listener.settimeout(120)
        proc = DaemonProc(home, [], env={"NOTIFY_SOCKET": str(path)})
        try:
            messages = []
            while not any("READY=1" in m for m in messages):
                messages.append(listener.recv(4096).decode())
            # READY=1 means serving: the socket answers now
            assert "result" in proc.call("status")
        finally:
            listener.close()
            assert proc.stop() == 0


def test_sighup_reloads_the_config_and_sigterm_still_stops_it(home, tmp_path):
    from manoled import config as config_mod

    first, second = tmp_path / "first", tmp_path / "second"
    write_docs(first)
    write_docs(second)
    d = DaemonProc(home, [first])
    try:
        d.wait_serving()
        cfg_file = home / "config" / "config.toml"
        cfg = config_mod.load(cfg_file)
        cfg.roots.append(str(second.resolve()))
        config_mod.save(cfg, cfg_file)
        d.proc.send_signal(signal.SIGHUP)
        roots = lambda: {r["path"] for r in d.call("status")["result"]["roots"]}  # noqa: E731
        wait_until(lambda: str(second.resolve()) in roots(), 120, message="second root after SIGHUP")
        wait_until(lambda: indexed(d) == 6, 120, message="both roots indexed")
    finally:
        assert d.stop() == 0


def test_malformed_frames_leave_the_catalog_alone_and_the_daemon_serving(home, tmp_path):
    docs = tmp_path / "docs"
    write_docs(docs)
    d = DaemonProc(home, [docs])
    try:
        d.wait_serving()
        wait_until(lambda: indexed(d) == 3, 120)
        before = d.call("status")["result"]["counts"]
        with RawClient(d.sock) as c:
            c.send_obj(["not", "a", "map"])
            assert c.read()["error"]["code"] == "bad_request"
            c.send_obj({"v": 1, "method": "status"})  # missing id
            assert "error" in c.read()
            c.send_obj({"v": 1, "id": 7, "method": "folders.remove", "params": {"path": 42}})
            assert c.read()["error"]["code"] == "invalid_params"
            c.send_obj({"v": 1, "id": 8, "method": "rm -rf", "params": {}})
            assert c.read()["error"]["code"] == "unknown_method"
        with RawClient(d.sock) as c:
            c.sock.sendall(p.HEADER.pack(50 * 1024 * 1024))  # oversize length
            assert c.read()["error"]["code"] == "frame_too_large"
        with RawClient(d.sock) as c:
            c.sock.sendall(b"\x00\x00\x00\x05\xc1\xc1\xc1\xc1\xc1")  # garbage msgpack
            assert "error" in c.read()
        assert d.call("status")["result"]["counts"] == before
        assert d.call("search", {"query": "tomatoes", "k": 1})["result"]["hits"][0]["file_name"] == "garden.md"
    finally:
        assert d.stop() == 0


def test_in_process_daemon_serves_folders_and_ask_with_a_scripted_model(home, tmp_path):
    from manoled.agent.fake import FakeLLM
    from manoled.daemon import run
    from manoled.paths import resolve

    docs = tmp_path / "docs"
    write_docs(docs)
    other = tmp_path / "other"
    write_docs(other)
    def scripted() -> FakeLLM:  # a fallback-tier model: the planner answers, any model call would raise
        return FakeLLM(tier="fallback")

    stop, started = threading.Event(), threading.Event()
    result: list[int] = []
    t = threading.Thread(target=lambda: result.append(run(resolve(home), [docs], llm_factory=scripted,
                                                           stop=stop, started=started)))
    t.start()
    try:
        assert started.wait(120)
        sock = home / "run" / "manoled.sock"
        with RawClient(sock) as c:
            folders = c.call("folders.add", {"path": str(other)})["result"]["folders"]
            assert {f["path"] for f in folders} == {str(docs), str(other)}
            assert c.call("folders.add", {"path": "relative/path"})["error"]["code"] == "invalid_params"
            wait_until(lambda: sum(s.get("indexed", 0) for s in c.call("status")["result"]["counts"].values()) == 6, 120)
            again = c.call("folders.add", {"path": str(other)})["result"]
            assert again["added"] is False and len(again["folders"]) == 2  # already watched: said so
            folders = c.call("folders.remove", {"path": str(other)})["result"]["folders"]
            assert [f["path"] for f in folders] == [str(docs)]
            assert c.call("folders.remove", {"path": str(other)})["error"]["code"] == "not_found"
            hit = c.call("search", {"query": "macbook invoice", "k": 1})["result"]["hits"][0]
            assert hit["metadata"]["extension"] == "txt" and hit["metadata"]["size"] > 0
            assert c.call("graph", {"edge_types": [None, 1]})["error"]["code"] == "invalid_params"
            events, terminal = c.collect(c.send("ask", {"text": "how many files do I have?"}))
            assert terminal["result"]["answer"].startswith("You have 3 files")
            assert terminal["result"]["answered_by"] == "planner" and len(terminal["result"]["sources"]) == 3
            # the session to pass back to continue the conversation; every duration in seconds
            assert isinstance(terminal["result"]["session"], str) and terminal["result"]["session"]
            timings = terminal["result"]["timings"]
            assert {"total_s", "queue_s", "plan_s", "llm_s", "tools_s"} <= set(timings)
            assert not [k for k in timings if k.endswith("_ms")]
            assert all(e["event"] in ("step", "token", "queued") for e in events)
            assert c.call("pause")["result"] == {"paused": True}
            assert c.call("status")["result"]["paused"] is True
            assert c.call("resume")["result"] == {"paused": False}
            # reindex re-processes (and retries failures), then everything is indexed again
            assert c.call("reindex", {})["result"]["scheduled"] == 3
            assert c.call("reindex", {"path": "/not/watched"})["error"]["code"] == "path"
            wait_until(lambda: c.call("status")["result"]["counts"] == {"text": {"indexed": 3}}, 120)
    finally:
        stop.set()
        t.join(120)
    assert result == [0]
