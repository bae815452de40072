"""The connection protocol (manoled.serve.conn) on real Unix sockets: framing across reads,
many clients, backpressure from a client that does not read, and status from pre-encoded bytes."""

from __future__ import annotations

import socket
import threading
from pathlib import Path

import pytest
from fake_service import FakeService, RawClient, running_server, wait_for
from manole_client import protocol as p

from manoled.config import ServerConfig
from manoled.serve import methods
from manoled.serve.server import Server

pytestmark = pytest.mark.timeout(60)


class HeldStatus(FakeService):
    """Counts status calls; once ``hold`` is set a status call waits for ``release``."""

    def __init__(self) -> None:
        super().__init__()
        self.n_status = 0
        self.hold = threading.Event()
        self.release = threading.Event()
        self.entered = threading.Event()

    def status(self) -> dict:
        self.n_status += 1
        if self.hold.is_set():
            self.entered.set()
            assert self.release.wait(30)
        return super().status()


@pytest.fixture
def server(tmp_path: Path):
    with running_server(FakeService(), tmp_path, ServerConfig(read_timeout_s=5, max_connections=256)) as srv:
        yield srv


def conn_of(server: Server, pred) -> bool:
    return any(pred(c) for c in list(server._conns))


def test_a_frame_split_across_many_reads_is_answered(server: Server) -> None:
    frame = p.encode_frame(p.request(7, "status"))
    with RawClient(server.path) as c:
        c.sock.sendall(frame[:2])  # half a header
        wait_for(lambda: conn_of(server, lambda k: k.mid_frame), what="the server to hold half a header")
        c.sock.sendall(frame[2:9])  # the header and a little of the body
        for i in range(9, len(frame)):
            c.sock.sendall(frame[i:i + 1])
        f = c.read()
        assert f["id"] == 7 and "result" in f
        assert not conn_of(server, lambda k: k.mid_frame)


def test_several_frames_in_one_write_then_the_rest_of_one(server: Server) -> None:
    frames = [p.encode_frame(p.request(i, "status" if i % 2 else "hello")) for i in range(1, 6)]
    blob = b"".join(frames)
    cut = len(blob) - 3
    with RawClient(server.path) as c:
        c.sock.sendall(blob[:cut])
        got = {c.read()["id"] for _ in range(4)}
        c.sock.sendall(blob[cut:])
        got.add(c.read()["id"])
    assert got == {1, 2, 3, 4, 5}


def test_status_reply_bytes_are_what_encode_frame_makes(server: Server) -> None:
    with RawClient(server.path) as c:
        first = c.call("status")["result"]  # the slow path fills the cache
        for rid in (1, 127, 128, 65535, 2**40, -1):
            c.sock.sendall(p.encode_frame(p.request(rid, "status")))
            (length,) = p.HEADER.unpack(p._recv_exactly(c.sock, 4))
            raw = p.HEADER.pack(length) + p._recv_exactly(c.sock, length)
            assert raw == p.encode_frame(p.result(rid, first)), rid
    assert first["connections"] == 1 and first["asks_queued"] == 0


def test_status_counts_connections_as_they_come_and_go(server: Server) -> None:
    with RawClient(server.path) as a:
        assert a.call("status")["result"]["connections"] == 1
        with RawClient(server.path) as b:
            wait_for(lambda: server.connections == 2, what="the second connection")
            assert a.call("status")["result"]["connections"] == 2
            assert b.call("status")["result"]["connections"] == 2
        wait_for(lambda: server.connections == 1, what="the second connection to go")
        assert a.call("status")["result"]["connections"] == 1


def test_oversize_length_closes_only_that_connection_and_nothing_is_read_after_it(server: Server) -> None:
    with RawClient(server.path) as ok, RawClient(server.path) as bad:
        bad.sock.sendall(p.HEADER.pack(ServerConfig().max_frame_bytes + 1) + p.encode_frame(p.request(1, "status")))
        frames = list(p.iter_frames(bad.sock))
        assert [(f["id"], f["error"]["code"]) for f in frames] == [(None, "frame_too_large")]
        assert "result" in ok.call("status")


def test_a_hundred_clients_pipelining_status_and_hello(server: Server) -> None:
    errors: list[BaseException] = []

    def client(i: int) -> None:
        try:
            with RawClient(server.path) as c:
                blob = b"".join(p.encode_frame(p.request(j, "status" if j % 3 else "hello")) for j in range(1, 21))
                c.sock.sendall(blob)
                seen = {}
                for _ in range(20):
                    f = c.read()
                    seen[f["id"]] = f
                assert sorted(seen) == list(range(1, 21))
                assert all("result" in f for f in seen.values())
                assert seen[1]["result"]["indexing"]["total"] == 100
        except BaseException as exc:  # reported below
            errors.append(exc)

    threads = [threading.Thread(target=client, args=(i,)) for i in range(100)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(30)
    assert not errors, errors[:3]
    wait_for(lambda: server.connections == 0, what="every connection to close")


def test_a_client_that_does_not_read_its_replies_stalls_only_itself(server: Server) -> None:
    n = 20_000  # ~6 MB of status replies: far past the socket buffers and the transport's high-water mark
    blob = b"".join(p.encode_frame(p.request(j, "status")) for j in range(1, n + 1))
    with RawClient(server.path) as slow, RawClient(server.path) as other:
        assert "result" in slow.call("status")
        sender = threading.Thread(target=slow.sock.sendall, args=(blob,), daemon=True)  # blocks once the server stops reading
        sender.start()
        wait_for(lambda: conn_of(server, lambda k: k._write_paused), what="the slow reader's write buffer to fill")
        for _ in range(20):
            assert "result" in other.call("status")
            assert "result" in other.call("search", {"query": "tax"})
        # the slow reader reads at last: every reply arrives, in order, none lost
        slow.sock.settimeout(30)
        for j in range(1, n + 1):
            (length,) = p.HEADER.unpack(p._recv_exactly(slow.sock, 4))
            body = p._recv_exactly(slow.sock, length)
            if j in (1, n // 2, n):
                assert p.unpack(body)["id"] == j
        sender.join(30)
        assert not sender.is_alive()
        assert "result" in slow.call("status")


def test_half_closed_client_still_gets_a_terminal_frame_for_each_request(tmp_path: Path) -> None:
    fake = FakeService()
    gate = fake.hold_search("held")
    with running_server(fake, tmp_path) as srv, RawClient(srv.path) as c:
        assert "result" in c.call("status")
        c.sock.sendall(p.encode_frame(p.request(1, "status")) + p.encode_frame(p.request(2, "search", {"query": "held"})))
        c.sock.shutdown(socket.SHUT_WR)
        frames = list(p.iter_frames(c.sock))
        gate.set()
    assert [(f["id"], "result" in f or f["error"]["code"]) for f in frames] == [(1, True), (2, "aborted")]


def test_stale_status_is_served_while_a_refresh_is_stuck(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(methods, "STATUS_FRESH_S", 0.0)  # every reply is stale: each one asks for a refresh
    svc = HeldStatus()
    with running_server(svc, tmp_path) as srv, RawClient(srv.path) as c:
        assert c.call("status")["result"]["paused"] is False
        svc.hold.set()
        assert c.call("status")["result"]["paused"] is False  # at once, from the cache
        wait_for(svc.entered.is_set, what="the background refresh to reach the service")
        for _ in range(10):
            assert "result" in c.call("status")  # still at once
        assert svc.n_status == 2  # one refresh in flight, not one per request
        svc.release.set()
        wait_for(lambda: srv._status_flight is None, what="the refresh to land")
        svc.hold.clear()
        assert "result" in c.call("pause")
        assert c.call("status")["result"]["paused"] is True  # a change over the socket is seen at once


def test_a_failing_status_is_reported_not_cached(tmp_path: Path) -> None:
    class Flaky(FakeService):
        fail = False

        def status(self) -> dict:
            if self.fail:
                raise ValueError("kaput")
            return super().status()

    svc = Flaky()
    with running_server(svc, tmp_path) as srv, RawClient(srv.path) as c:
        assert "result" in c.call("status")
        svc.fail = True
        assert "result" in c.call("pause")  # a change: the next status asks the service
        assert c.call("status")["error"]["code"] == "internal"
        svc.fail = False
        assert c.call("status")["result"]["paused"] is True
