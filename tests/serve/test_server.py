"""The Unix-socket server on a real socket, with the scripted FakeService."""

from __future__ import annotations

import os
import socket
import stat
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from fake_service import (
    FakeService,
    RawClient,
    answer_for,
    running_server,
    short_dir,
    tokens_for,
    uid_other_than_mine,
    wait_for,
)
from manole_client import protocol as p

from manoled.config import ServerConfig
from manoled.errors import Busy
from manoled.serve import sdnotify as systemd
from manoled.serve.askqueue import AskQueue
from manoled.serve.server import Server

pytestmark = pytest.mark.timeout(60)


@pytest.fixture
def fake() -> FakeService:
    return FakeService()


@pytest.fixture
def server(fake: FakeService, tmp_path: Path):
    with running_server(fake, tmp_path, ServerConfig(read_timeout_s=0.3, max_connections=64)) as srv:
        yield srv


def connect(server: Server) -> RawClient:
    return RawClient(server.path)


# -- basics ---------------------------------------------------------------


def test_hello_lists_methods_and_versions(server: Server) -> None:
    with connect(server) as c:
        res = c.call("hello", {"client": "test"})["result"]
    assert res["protocol"] == 1
    assert res["version"] == "0.1.0-fake"
    assert {"ask", "status", "search", "cancel", "graph", "folders.add"} <= set(res["methods"])
    assert {"cancel", "queue", "ask", "graph"} <= set(res["capabilities"])
    assert res["max_frame_bytes"] == ServerConfig().max_frame_bytes


def test_status_search_and_admin_methods(server: Server, fake: FakeService) -> None:
    with connect(server) as c:
        status = c.call("status")["result"]
        assert status["indexing"]["total"] == 100 and status["paused"] is False
        hits = c.call("search", {"query": "tax", "k": 2})["result"]["hits"]
        assert [h["path"] for h in hits] == ["/home/u/Documents/tax-0.txt", "/home/u/Documents/tax-1.txt"]
        assert c.call("folders.add", {"path": "/x"})["result"] == {"folders": [{"path": "/x"}]}
        assert c.call("folders.list")["result"] == {"folders": [{"path": "/x"}]}
        assert c.call("folders.remove", {"path": "/nope"})["error"]["code"] == "not_found"
        assert c.call("folders.remove", {"path": "/x"})["result"] == {"folders": []}
        assert c.call("reindex", {"path": "/x/a.txt"})["result"]["scheduled"] == 3
        assert c.call("reindex")["result"]["path"] is None
        assert c.call("pause")["result"] == {"paused": True}
        assert c.call("status")["result"]["paused"] is True
        assert c.call("resume")["result"] == {"paused": False}
        graph = c.call("graph", {"around": "/home/u/a.txt", "depth": 2})["result"]
        assert len(graph["nodes"]) == 2
    assert ("graph", {"around": "/home/u/a.txt", "depth": 2}) in fake.calls


def test_ask_streams_events_then_exactly_one_terminal(server: Server) -> None:
    with connect(server) as c:
        rid = c.send("ask", {"text": "where is my passport", "session": "s1"})
        frames = []
        while True:
            f = c.read()
            frames.append(f)
            if p.is_terminal(f):
                break
        # nothing else for this id is pending: a later call answers right away
        assert c.call("status")["result"]["version"]
    assert all(f["id"] == rid for f in frames)
    kinds = [f.get("event") for f in frames[:-1]]
    assert kinds == ["step"] * 3 + ["token"] * len(tokens_for("where is my passport"))
    assert [f["data"]["kind"] for f in frames[:3]] == ["rewrite", "tool_call", "tool_result"]
    assert "".join(f["data"]["text"] for f in frames[3:-1]) == answer_for("where is my passport")
    res = frames[-1]["result"]
    assert res["answer"] == answer_for("where is my passport")
    assert res["sources"][0]["page"] == 2
    assert res["session"] == "s1"
    assert res["timings"]["queue_s"] >= 0


def test_ask_without_stream_sends_only_the_result(server: Server) -> None:
    with connect(server) as c:
        events, term = c.collect(c.send("ask", {"text": "hi", "stream": False}))
    assert events == []
    assert term["result"]["answer"] == answer_for("hi")


def test_twenty_concurrent_clients_mixing_status_and_ask(server: Server, fake: FakeService) -> None:
    errors: list[BaseException] = []

    def client(i: int) -> None:
        try:
            with connect(server) as c:
                for j in range(3):
                    if (i + j) % 2:
                        assert c.call("status")["result"]["indexing"]["done"] == 40
                    else:
                        text = f"question {i}.{j}"
                        events, term = c.collect(c.send("ask", {"text": text}))
                        toks = "".join(e["data"]["text"] for e in events if e["event"] == "token")
                        assert toks == answer_for(text) == term["result"]["answer"]
        except BaseException as exc:  # reported below
            errors.append(exc)

    threads = [threading.Thread(target=client, args=(i,)) for i in range(20)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(30)
    assert not errors, errors
    assert fake.max_active == 1  # the model queue: one ask at a time
    assert len(fake.asks_finished) == 30


def test_pipelined_requests_on_one_connection(server: Server) -> None:
    with connect(server) as c:
        ids = [c.send("search", {"query": f"q{i}", "k": 1}) for i in range(10)]
        results = {}
        for _ in ids:
            f = c.read()
            results[f["id"]] = f["result"]["hits"][0]["file_name"]
    assert results == {rid: f"q{i}-0.txt" for i, rid in enumerate(ids)}


# -- ordering and the model queue ----------------------------------------


def test_status_and_search_not_blocked_by_a_long_ask(server: Server, fake: FakeService) -> None:
    gate = fake.hold("long")
    with connect(server) as a, connect(server) as b:
        ask_id = a.send("ask", {"text": "long"})
        wait_for(fake.at_gate["long"].is_set, what="the ask to reach its gate")
        # another connection, and the same connection, get answers while the ask is held
        assert b.call("status")["result"]["asks_queued"] == 1
        assert b.call("search", {"query": "x"})["result"]["hits"]
        st_id = a.send("status")
        events, term = a.collect(st_id)
        assert "result" in term
        # the ask has not finished: its frames so far are steps only
        assert all(f["id"] == ask_id and f["event"] == "step" for f in a.backlog)
        gate.set()
        events, term = a.collect(ask_id)
    assert term["result"]["answer"] == answer_for("long")


def test_waiting_asks_get_queued_positions(server: Server, fake: FakeService) -> None:
    gate = fake.hold("first")
    with connect(server) as a, connect(server) as b, connect(server) as c:
        a_id = a.send("ask", {"text": "first"})
        wait_for(fake.at_gate["first"].is_set, what="first ask running")
        b_id = b.send("ask", {"text": "second"})
        assert b.read() == {"id": b_id, "event": "queued", "data": {"position": 1}}
        c_id = c.send("ask", {"text": "third"})
        assert c.read() == {"id": c_id, "event": "queued", "data": {"position": 2}}
        gate.set()
        _, ta = a.collect(a_id)
        eb, tb = b.collect(b_id)
        ec, tc = c.collect(c_id)
    assert ta["result"]["answer"] == answer_for("first")
    assert tb["result"]["answer"] == answer_for("second")
    assert tc["result"]["answer"] == answer_for("third")
    assert [e["data"] for e in ec if e["event"] == "queued"] == [{"position": 1}]
    assert fake.asks_started == ["first", "second", "third"]
    assert fake.max_active == 1


def test_cancel_an_inflight_ask(server: Server, fake: FakeService) -> None:
    fake.hold("slow")
    with connect(server) as c:
        ask_id = c.send("ask", {"text": "slow"})
        wait_for(fake.at_gate["slow"].is_set, what="ask at gate")
        cancel_id = c.send("cancel", {"id": ask_id})
        _, cterm = c.collect(cancel_id)
        _, aterm = c.collect(ask_id)
        assert cterm["result"] == {"cancelled": True}
        assert aterm["error"]["code"] == "cancelled"
        wait_for(fake.cancel_seen["slow"].is_set, what="the fake to see the cancel flag")
        # the model is released: the next ask runs
        _, term = c.collect(c.send("ask", {"text": "after"}))
        assert term["result"]["answer"] == answer_for("after")
        assert c.call("cancel", {"id": 999})["result"] == {"cancelled": False}
        assert c.call("cancel", {})["error"]["code"] == "invalid_params"


def test_cancel_a_queued_ask(server: Server, fake: FakeService) -> None:
    gate = fake.hold("holder")
    with connect(server) as a, connect(server) as b:
        a_id = a.send("ask", {"text": "holder"})
        wait_for(fake.at_gate["holder"].is_set, what="holder running")
        b_id = b.send("ask", {"text": "waiter"})
        assert b.read()["event"] == "queued"
        b.send("cancel", {"id": b_id})
        _, bterm = b.collect(b_id)
        assert bterm["error"]["code"] == "cancelled"
        gate.set()
        _, aterm = a.collect(a_id)
        assert "result" in aterm
    assert "waiter" not in fake.asks_started


def test_disconnect_mid_stream_cancels_the_ask(server: Server, fake: FakeService) -> None:
    fake.hold("bye")
    c = connect(server)
    c.send("ask", {"text": "bye"})
    wait_for(fake.at_gate["bye"].is_set, what="ask at gate")
    assert c.read()["event"] == "step"
    c.close()
    wait_for(fake.cancel_seen["bye"].is_set, what="the disconnect to cancel the ask")
    wait_for(lambda: "bye" in fake.asks_finished, what="the ask generator to finish")
    with connect(server) as d:
        _, term = d.collect(d.send("ask", {"text": "next"}))
        assert term["result"]["answer"] == answer_for("next")
    wait_for(lambda: server.connections == 0, what="connections to drop")


def test_disconnect_between_tokens_closes_the_generator(tmp_path: Path) -> None:
    class Endless(FakeService):
        def ask(self, text, session, cancel):
            try:
                while True:
                    yield {"event": "token", "data": {"text": "x"}}
            except GeneratorExit:
                self.closed["endless"].set()
                raise

    svc = Endless()
    svc.hold("endless")
    with running_server(svc, tmp_path) as srv:
        c = connect(srv)
        c.send("ask", {"text": "endless"})
        for _ in range(5):
            assert c.read()["event"] == "token"
        c.close()
        wait_for(svc.closed["endless"].is_set, what="GeneratorExit in the ask")
        with connect(srv) as d:
            assert "result" in d.call("status")


def test_ask_errors_become_error_frames(tmp_path: Path) -> None:
    from manoled.errors import ModelError

    class Failing(FakeService):
        def ask(self, text, session, cancel):
            yield {"event": "token", "data": {"text": "a"}}
            if text == "model":
                raise ModelError("the text model is missing")
            raise RuntimeError("boom")

        def status(self):
            raise ValueError("kaput")

    with running_server(Failing(), tmp_path) as srv, connect(srv) as c:
        events, term = c.collect(c.send("ask", {"text": "model"}))
        assert [e["event"] for e in events] == ["token"]
        assert term["error"] == {"code": "model", "message": "the text model is missing"}
        _, term = c.collect(c.send("ask", {"text": "other"}))
        assert term["error"]["code"] == "internal"
        assert c.call("status")["error"]["code"] == "internal"
        _, term = c.collect(c.send("ask", {"text": "model"}))  # the queue was released
        assert term["error"]["code"] == "model"


# -- malformed input ------------------------------------------------------


def test_request_level_errors_keep_the_connection(server: Server) -> None:
    with connect(server) as c:
        c.send_obj([1, 2, 3])
        assert c.read() == {
            "id": None,
            "error": {"code": "bad_request", "message": "a request must be a map, got list"},
        }
        c.send_obj({"v": 1, "method": "status"})
        assert c.read()["error"]["code"] == "bad_request"
        c.send_obj({"v": 1, "id": "seven", "method": "status"})
        f = c.read()
        assert f["id"] is None and f["error"]["code"] == "bad_request"
        c.send_obj({"v": 1, "id": 8, "method": 42})
        assert c.read()["error"]["code"] == "bad_request"
        c.send_obj({"v": 1, "id": 9, "method": "status", "params": [1]})
        assert c.read() == {"id": 9, "error": {"code": "invalid_params", "message": "'params' must be a map"}}
        assert c.call("no.such.method")["error"]["code"] == "unknown_method"
        assert c.call("search", {"query": 5})["error"]["code"] == "invalid_params"
        assert c.call("search", {"query": "x", "k": True})["error"]["code"] == "invalid_params"
        assert c.call("search", {"query": "x", "k": 0})["error"]["code"] == "invalid_params"
        assert c.call("search", {})["error"]["code"] == "invalid_params"
        assert c.call("ask", {"text": ""})["error"]["code"] == "invalid_params"
        assert c.call("ask", {"text": "x", "stream": "yes"})["error"]["code"] == "invalid_params"
        assert c.call("folders.add", {})["error"]["code"] == "invalid_params"
        c.send_obj(None)
        assert c.read()["error"]["code"] == "bad_request"
        assert "result" in c.call("status")


def test_unsupported_version_names_the_version(server: Server) -> None:
    with connect(server) as c:
        c.send_obj({"v": 2, "id": 7, "method": "status"})
        f = c.read()
    assert f["id"] == 7 and f["error"]["code"] == "bad_request" and "version" in f["error"]["message"]


def test_duplicate_inflight_id_gets_its_own_error_not_the_ids(server: Server, fake: FakeService) -> None:
    gate = fake.hold("dup")
    with connect(server) as c:
        c.send("ask", {"text": "dup"}, rid=5)
        wait_for(fake.at_gate["dup"].is_set, what="ask at gate")
        c.send("status", rid=5)
        # not a frame with id 5: that would read as the ask's answer
        f = c.read()
        while f["id"] == 5:
            assert not p.is_terminal(f), f
            f = c.read()
        assert f["id"] is None and f["error"]["code"] == "duplicate_id" and f["error"]["request_id"] == 5
        gate.set()
        _, term = c.collect(5)
        assert term["result"]["answer"] == answer_for("dup")  # the original goes on, with one terminal frame


@pytest.mark.parametrize(
    "payload, code",
    [
        (p.HEADER.pack(3) + b"\xc1\xc1\xc1", "bad_frame"),  # 0xc1 is never valid msgpack
        (p.HEADER.pack(2) + b"\x92\x01", "bad_frame"),  # truncated array inside the frame
        (p.HEADER.pack(3) + b"\x01\x02\x03", "bad_frame"),  # trailing data after one object
        (b"GET / HTTP/1.1\r\n\r\n", "frame_too_large"),  # not our protocol at all
        (p.HEADER.pack(2 * 1024 * 1024) + b"\x80", "frame_too_large"),
    ],
)
def test_framing_errors_close_only_that_connection(server: Server, payload: bytes, code: str) -> None:
    with connect(server) as other, connect(server) as bad:
        assert "result" in other.call("status")
        bad.sock.sendall(payload)
        f = bad.read()
        assert f["id"] is None and f["error"]["code"] == code
        assert bad.closed_by_peer()
        assert "result" in other.call("status")
    with connect(server) as fresh:
        assert "result" in fresh.call("status")


def test_stalled_half_frame_times_out(server: Server) -> None:
    with connect(server) as other, connect(server) as stall:
        stall.sock.sendall(p.HEADER.pack(10) + b"\x83")
        assert "result" in other.call("status")  # served while the other one stalls
        f = stall.read()
        assert f == {"id": None, "error": {"code": "timeout", "message": f["error"]["message"]}}
        assert stall.closed_by_peer()
        assert "result" in other.call("status")


def test_idle_connection_is_not_timed_out(server: Server) -> None:
    with connect(server) as c:
        assert "result" in c.call("status")
        # waiting well past read_timeout_s (0.3 s) with no partial frame is fine
        ev = threading.Event()
        ev.wait(0.5)
        assert "result" in c.call("status")


def test_frame_at_the_limit_is_accepted(fake: FakeService, tmp_path: Path) -> None:
    cfg = ServerConfig(max_frame_bytes=300, read_timeout_s=2)
    with running_server(fake, tmp_path, cfg) as srv, connect(srv) as c:
        base = p.pack(p.request(1, "search", {"query": ""}))
        query = "q" * (300 - len(base) - 2)  # str8 header grows by 2 bytes
        obj = p.request(1, "search", {"query": query})
        assert len(p.pack(obj)) == 300
        c.sock.sendall(p.encode_frame(obj))
        assert "result" in c.read()
        obj = p.request(2, "search", {"query": query + "q"})
        c.sock.sendall(p.encode_frame(obj))
        assert c.read()["error"]["code"] == "frame_too_large"


def test_large_request_and_response_frames(server: Server) -> None:
    query = "q" * (1024 * 1024 - 200)  # just under the default 1 MiB request limit
    with connect(server) as c:
        c.sock.sendall(p.encode_frame(p.request(1, "search", {"query": query, "k": 3})))
        f = c.read()  # the response (3 hits quoting the query) is ~3 MiB
        assert [h["text"].endswith(query) for h in f["result"]["hits"]] == [True] * 3
        assert "result" in c.call("status")


# -- security, limits, sockets -------------------------------------------


def test_socket_mode_0600_in_a_0700_dir(server: Server) -> None:
    assert stat.S_IMODE(os.stat(server.path).st_mode) == 0o600
    assert stat.S_IMODE(os.stat(server.path.parent).st_mode) == 0o700
    assert stat.S_ISSOCK(os.stat(server.path).st_mode)


def test_existing_loose_dir_is_tightened_and_socket_removed_on_stop(fake: FakeService, tmp_path: Path) -> None:
    with short_dir(tmp_path) as d:
        run = d / "run"
        run.mkdir(mode=0o755)
        os.chmod(run, 0o755)
        srv = Server(fake, ServerConfig(), run / "manoled.sock")
        srv.start()
        assert stat.S_IMODE(os.stat(run).st_mode) == 0o700
        srv.stop()
        assert not (run / "manoled.sock").exists()


def test_stale_socket_replaced_live_socket_refused(fake: FakeService, tmp_path: Path) -> None:
    with short_dir(tmp_path) as d:
        path = d / "run" / "manoled.sock"
        path.parent.mkdir(mode=0o700)
        stale = socket.socket(socket.AF_UNIX)
        stale.bind(str(path))
        stale.close()  # leaves the file behind, nobody listening
        with running_server(fake, tmp_path) as srv:
            assert srv.path == path
            with pytest.raises(Busy):
                Server(fake, ServerConfig(), path).start()
            with connect(srv) as c:  # the live server is untouched
                assert "result" in c.call("status")


def test_foreign_uid_is_refused(fake: FakeService, tmp_path: Path) -> None:
    seen = []

    def foreign(sock) -> int:
        seen.append(sock.fileno())
        return uid_other_than_mine()

    with running_server(fake, tmp_path, peer_uid=foreign) as srv, connect(srv) as c:
        f = c.read()
        assert f["id"] is None and f["error"]["code"] == "forbidden"
        assert c.closed_by_peer()
    assert seen
    assert fake.calls == []


def test_unknown_peer_is_refused(fake: FakeService, tmp_path: Path) -> None:
    with running_server(fake, tmp_path, peer_uid=lambda sock: None) as srv, connect(srv) as c:
        assert c.read()["error"]["code"] == "forbidden"


def test_real_peer_credentials_are_mine(server: Server) -> None:
    from manoled.serve.peercred import peer_uid

    a, b = socket.socketpair(socket.AF_UNIX)
    with a, b:
        assert peer_uid(a) == os.getuid()


def test_connection_limit_sends_busy_when_no_connection_is_idle(fake: FakeService, tmp_path: Path) -> None:
    fake.hold("a")
    fake.hold("b")
    with running_server(fake, tmp_path, ServerConfig(max_connections=2)) as srv:
        with connect(srv) as a, connect(srv) as b:
            a.send("ask", {"text": "a"})
            b.send("status")
            b.send("ask", {"text": "b"})  # queued behind a: in flight all the same
            wait_for(fake.at_gate["a"].is_set, what="ask a running")
            assert "result" in b.collect(1)[1]
            with connect(srv) as c:
                assert c.read()["error"]["code"] == "busy"
                assert c.closed_by_peer()
            assert "result" in a.call("status")
            fake.gates["a"].set()
            fake.gates["b"].set()
        wait_for(lambda: srv.connections == 0, what="connections to close")
        with connect(srv) as d:
            assert "result" in d.call("status")


def test_a_pipelining_connection_cannot_starve_other_clients(fake: FakeService, tmp_path: Path) -> None:
    """Issue 11: 3,000 pipelined searches on one connection delayed another client's status by 65 s.

    One connection pipelines searches that all block in the service. The daemon reads
    only ``max_inflight`` of them; another client's status, hello and search are
    answered while they are held.
    """
    gate = fake.hold_search("flood")
    cfg = ServerConfig(max_inflight=4)
    with running_server(fake, tmp_path, cfg) as srv, connect(srv) as flood, connect(srv) as other:
        try:
            frames = b"".join(p.encode_frame(p.request(i, "search", {"query": "flood"})) for i in range(1, 201))
            flood.sock.sendall(frames)
            wait_for(lambda: fake.searches_started >= 4, what="the first searches to start")
            assert "result" in other.call("status")
            assert "result" in other.call("hello")
            assert other.call("search", {"query": "tax"})["result"]["hits"]
            assert fake.searches_started == 4 + 1  # the cap held the flood back; the +1 is other's search
        finally:
            gate.set()
        for i in range(1, 201):
            assert "result" in flood.collect(i)[1]


def test_a_fatal_error_ends_every_request_in_flight_before_closing(server: Server, fake: FakeService) -> None:
    """Each request gets exactly one terminal frame, even when a bad frame closes its connection."""
    fake.hold("long")
    with connect(server) as c:
        c.send("ask", {"text": "long"}, rid=3)
        wait_for(fake.at_gate["long"].is_set, what="ask at gate")
        c.sock.sendall(p.HEADER.pack(1) + b"\xc1")
        frames = [f for f in p.iter_frames(c.sock) if f.get("id") != 3 or p.is_terminal(f)]  # to the close
    assert [(f["id"], f["error"]["code"]) for f in frames] == [(3, "aborted"), (None, "bad_frame")]


@pytest.mark.parametrize(("obj", "code"), [
    ({"v": 1.0, "id": 1, "method": "status"}, "bad_request"),  # v is the integer 1, as id is an integer
    ({"v": True, "id": 1, "method": "status"}, "bad_request"),
    ({"v": 1, "id": 1, "method": "hello", "params": {"client": 7}}, "invalid_params"),
    ({"v": 1, "id": 1, "method": "folders.add", "params": {"path": "relative/dir"}}, "invalid_params"),
    ({"v": 1, "id": 1, "method": "reindex", "params": {"path": "relative/file.txt"}}, "invalid_params"),
    ({"v": 1, "id": 1, "method": "folders.remove", "params": {"path": "~/notes"}}, "invalid_params"),
])
def test_request_checks_a_client_author_relies_on(server: Server, obj: dict, code: str) -> None:
    with connect(server) as c:
        c.send_obj(obj)
        f = c.read()
        assert f["id"] == 1 and f["error"]["code"] == code, f
        assert "result" in c.call("status")


def test_idle_connections_make_room_for_a_new_client(fake: FakeService, tmp_path: Path) -> None:
    """Issue 11: 64 idle connections used to lock every other client out with `busy`."""
    with running_server(fake, tmp_path, ServerConfig(max_connections=3)) as srv:
        idle = [connect(srv) for _ in range(3)]
        try:
            for i, c in enumerate(idle):
                assert "result" in c.call("status"), i
            # the least recently active idle connection goes, with a fatal frame saying why
            assert "result" in idle[1].call("status") and "result" in idle[2].call("status")
            with connect(srv) as newcomer:
                assert "result" in newcomer.call("status")
                f = idle[0].read()
                assert f["id"] is None and f["error"]["code"] == "evicted"
                assert idle[0].closed_by_peer()
                assert "result" in idle[1].call("status") and "result" in idle[2].call("status")
        finally:
            for c in idle:
                c.close()


def test_serves_a_pre_opened_listening_socket(fake: FakeService, tmp_path: Path) -> None:
    with short_dir(tmp_path) as d:
        path = d / "act.sock"
        lsock = socket.socket(socket.AF_UNIX)
        lsock.bind(str(path))
        lsock.listen(8)
        srv = Server(fake, ServerConfig(), sock=lsock)
        srv.start()
        try:
            with RawClient(path) as c:
                assert c.call("hello")["result"]["protocol"] == 1
        finally:
            srv.stop()
        assert path.exists()  # an inherited socket is not ours to remove


def test_listen_fds_socket_activation_in_a_subprocess(tmp_path: Path) -> None:
    """A child gets the socket as fd 3 with LISTEN_PID/LISTEN_FDS, like systemd does."""
    with short_dir(tmp_path) as d:
        path = d / "sd.sock"
        lsock = socket.socket(socket.AF_UNIX)
        lsock.bind(str(path))
        lsock.listen(8)
        child = (
            "import os, sys\n"
            f"os.dup2({lsock.fileno()}, 3)\n"
            "os.environ['LISTEN_PID'] = str(os.getpid()); os.environ['LISTEN_FDS'] = '1'\n"
            f"sys.path.insert(0, {str(Path(__file__).parents[1])!r})\n"
            "from manoled.serve import sdnotify as systemd\n"
            "from manoled.serve.server import Server\n"
            "from fake_service import FakeService\n"
            "socks = systemd.listen_fds()\n"
            "assert len(socks) == 1 and socks[0].fileno() == 3, socks\n"
            "assert 'LISTEN_FDS' not in os.environ\n"
            "srv = Server(FakeService(), sock=socks[0], on_ready=lambda: print('ready', flush=True))\n"
            "import threading\n"
            "threading.Thread(target=lambda: (sys.stdin.read(), srv.stop()), daemon=True).start()\n"
            "srv.serve_forever()\n"
        )
        proc = subprocess.Popen(
            [sys.executable, "-c", child],
            pass_fds=(lsock.fileno(),),
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
        lsock.close()
        try:
            assert proc.stdout.readline().strip() == "ready"
            with RawClient(path) as c:
                assert c.call("status")["result"]["version"] == "0.1.0-fake"
        finally:
            proc.stdin.close()
            assert proc.wait(30) == 0
            proc.stdout.close()


def test_listen_fds_ignores_another_pid() -> None:
    env = {"LISTEN_PID": str(os.getpid() + 1), "LISTEN_FDS": "1"}
    assert systemd.listen_fds(env=env) == []
    assert env == {}
    assert systemd.listen_fds(env={}) == []
    assert systemd.listen_fds(env={"LISTEN_PID": "x", "LISTEN_FDS": "1"}) == []


def test_notify_sends_ready_to_notify_socket(tmp_path: Path) -> None:
    with short_dir(tmp_path) as d:
        path = d / "notify.sock"
        with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as rx:
            rx.bind(str(path))
            rx.settimeout(10)
            assert systemd.notify("READY=1", env={"NOTIFY_SOCKET": str(path)}) is True
            assert rx.recv(64) == b"READY=1"


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="abstract sockets are Linux-only")
def test_notify_abstract_socket() -> None:
    name = f"manole-test-{os.getpid()}-{threading.get_ident()}"
    with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as rx:
        rx.bind("\0" + name)
        rx.settimeout(10)
        assert systemd.notify("READY=1\nSTATUS=serving", env={"NOTIFY_SOCKET": "@" + name}) is True
        assert rx.recv(64) == b"READY=1\nSTATUS=serving"


def test_notify_without_socket_is_a_noop() -> None:
    assert systemd.notify("READY=1", env={}) is False
    assert systemd.notify("READY=1", env={"NOTIFY_SOCKET": "/nonexistent/dir/x.sock"}) is False


def test_server_needs_exactly_one_address(fake: FakeService) -> None:
    with pytest.raises(ValueError):
        Server(fake)


def test_stop_cancels_inflight_asks(fake: FakeService, tmp_path: Path) -> None:
    fake.hold("stuck")
    with short_dir(tmp_path) as d:
        srv = Server(fake, ServerConfig(), d / "run" / "m.sock")
        srv.start()
        c = RawClient(srv.path)
        c.send("ask", {"text": "stuck"})
        wait_for(fake.at_gate["stuck"].is_set, what="ask at gate")
        srv.stop()
        wait_for(fake.cancel_seen["stuck"].is_set, what="stop to cancel the ask")
        # the ask's own terminal frame, then the fatal frame saying why the connection closes
        frames = [f for f in p.iter_frames(c.sock) if p.is_terminal(f)]
        assert [(f["id"], f["error"]["code"]) for f in frames] == [(1, "aborted"), (None, "shutdown")]
        c.close()


def test_ask_queue_positions_unit() -> None:
    import asyncio

    async def scenario() -> list[tuple[str, int]]:
        q = AskQueue()
        seen: list[tuple[str, int]] = []
        t1 = await q.acquire(lambda pos: seen.append(("a", pos)))
        b = asyncio.create_task(q.acquire(lambda pos: seen.append(("b", pos))))
        c = asyncio.create_task(q.acquire(lambda pos: seen.append(("c", pos))))
        await asyncio.sleep(0)
        b.cancel()
        await asyncio.sleep(0)
        q.release(t1)
        t3 = await c
        q.release(t3)
        assert not q.busy and len(q) == 0
        return seen

    assert asyncio.run(scenario()) == [("b", 1), ("c", 2), ("c", 1)]


# -- status under many pollers ---------------------------------------------


class CountingStatus(FakeService):
    """Counts status calls; a status call waits for ``release`` once ``hold`` is set."""

    def __init__(self) -> None:
        super().__init__()
        self.n_status = 0
        self.hold_status = threading.Event()
        self.release = threading.Event()
        self.entered = threading.Event()

    def status(self) -> dict:
        self.n_status += 1
        if self.hold_status.is_set():
            self.entered.set()
            assert self.release.wait(30)
        return super().status()


def test_status_requests_that_arrive_together_share_one_service_call(tmp_path: Path) -> None:
    svc = CountingStatus()
    svc.hold_status.set()
    with running_server(svc, tmp_path) as srv, connect(srv) as a, connect(srv) as b:
        first = a.send("status")
        wait_for(svc.entered.is_set, what="the first status call")
        rids = [(c, c.send("status")) for c in (a, b) for _ in range(10)]
        svc.release.set()
        assert "result" in a.collect(first)[1]
        for c, rid in rids:
            res = c.collect(rid)[1]["result"]
            assert res["connections"] == 2 and "counts" in res, res
        assert svc.n_status == 1, svc.n_status


def test_status_shows_a_pause_made_over_the_socket_at_once(tmp_path: Path) -> None:
    svc = CountingStatus()
    with running_server(svc, tmp_path) as srv, connect(srv) as c:
        assert c.call("status")["result"]["paused"] is False
        assert "result" in c.call("pause")
        assert c.call("status")["result"]["paused"] is True
        assert "result" in c.call("resume")
        assert c.call("status")["result"]["paused"] is False
        assert svc.n_status == 3
