"""docs/protocol.md replayed against a real daemon: every ``exchange`` block is a test.

The daemon is the real one (catalog, index, watcher, server on a Unix socket), run in
this process with a scripted text model so that asks take a known path: the model
rewrites the passport question, calls semantic_search, then streams an answer; asked to
"summarise everything" it streams until it is cancelled. The shape rules are in
tests/protocol_spec.py and section 11 of the doc.
"""

from __future__ import annotations

import contextlib
import dataclasses
import json
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import protocol_spec as spec
import pytest
from fake_service import short_dir
from manole_client import protocol as p
from waiting import wait_until

from manoled.agent.fake import FakeLLM
from manoled.agent.llm import ChatResult

pytestmark = pytest.mark.timeout(180)

EXCHANGES = spec.parse()


class DocLLM:
    """The scripted model behind the doc's examples (a hand-written fake: no weights needed)."""

    model_id = "doc-fake"
    supports_tools = False
    tier = "tools"  # the doc's examples show the model-driven path (streamed tokens, cancel mid-generation)

    def __init__(self) -> None:
        self._cancel: threading.Event | None = None

    @contextlib.contextmanager
    def watch_cancel(self, cancel: threading.Event) -> Iterator[None]:
        previous, self._cancel = self._cancel, cancel
        try:
            yield
        finally:
            self._cancel = previous

    def chat(self, messages: list[dict[str, Any]], tools: list[dict[str, Any]] | None = None,
             max_tokens: int = 512, stream: bool = False) -> ChatResult | Iterator[str]:
        purpose = FakeLLM.purpose_of(messages)
        said = " ".join(m.get("content") or "" for m in messages if m["role"] != "system").lower()
        if purpose == "rewrite":
            text = json.dumps({"intent": "factual", "search_query": "passport location travel documents",
                               "resolved_query": "Where is my passport?"})
        elif purpose == "extract":
            text = json.dumps({"relevant": True, "facts": ["My passport is in the drawer."]})
        elif not stream:
            text = '[semantic_search(query="passport")]' if "passport" in said else \
                '[semantic_search(query="everything")]'
        elif "summarise" in said:
            return self._until_cancelled()
        else:
            return iter(["Your pass", "port ", "is in the ", "drawer."])
        return iter([text]) if stream else ChatResult(text=text)

    def _until_cancelled(self) -> Iterator[str]:
        deadline = time.monotonic() + 60
        yield "Your files are "
        while time.monotonic() < deadline:
            cancel = self._cancel
            if cancel is not None and cancel.wait(0.02):
                return
            yield "many, "


@pytest.fixture(scope="module")
def daemon(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Path, str]]:
    from manoled.daemon import run
    from manoled.paths import resolve

    base = tmp_path_factory.mktemp("conf")
    with short_dir(base) as d:
        home = d / "home" / "u"
        notes = home / "notes"
        notes.mkdir(parents=True)
        (home / "work").mkdir()
        (notes / "travel.md").write_text("My passport is in the drawer.\n")
        mh = d / "mh"
        stop, started = threading.Event(), threading.Event()
        result: list[int] = []
        t = threading.Thread(target=lambda: result.append(run(resolve(mh), [notes], llm_factory=DocLLM,
                                                                   stop=stop, started=started)))
        t.start()
        try:
            assert started.wait(120), "the daemon did not start"
            sock = mh / "run" / "manoled.sock"

            settle(sock)
            yield sock, str(home)
        finally:
            stop.set()
            t.join(120)
        assert result == [0]


def settle(sock: Path) -> None:
    """Wait until travel.md is indexed (again: an example reindexes it); the model loads on the first ask."""

    def indexed() -> bool:
        with contextlib.closing(_connect(sock)) as c:
            p.write_frame(c, p.request(1, "status"))
            st = p.read_frame(c)["result"]
        seen[:] = [st["counts"], st["indexing"]]
        text = st["counts"].get("text", {})
        return text.get("indexed") == 1 and len(text) == 1

    seen: list[Any] = []
    try:
        wait_until(indexed, 120, interval=0.05, message="travel.md indexed")
    except AssertionError as exc:
        raise AssertionError(f"{exc}; last status: {seen}") from None


def _connect(sock: Path) -> socket.socket:
    c = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    c.settimeout(30)
    c.connect(str(sock))
    return c


class Replay:
    """One exchange on one connection: frames read so far, and how far each id has matched."""

    def __init__(self, sock: socket.socket) -> None:
        self.sock = sock
        self.frames: list[dict[str, Any]] = []
        self.pos: dict[Any, int] = {}  # id -> index into frames_for(id) past the last match
        self.eof = False

    def frames_for(self, rid: Any) -> list[dict[str, Any]]:
        return [f for f in self.frames if f.get("id") == rid]

    def read_one(self) -> None:
        try:
            self.frames.append(p.read_frame(self.sock))
        except EOFError:
            self.eof = True

    def expect(self, expected: dict[str, Any]) -> None:
        rid = expected.get("id")
        deadline = time.monotonic() + 30
        while True:
            mine = self.frames_for(rid)
            for i in range(self.pos.get(rid, 0), len(mine)):
                why = spec.mismatch(expected, mine[i])
                if why is None:
                    self.pos[rid] = i + 1
                    return
                if p.is_terminal(mine[i]) and p.is_terminal(expected):
                    pytest.fail(f"expected {expected}\n got {mine[i]}\n because {why}")
            if self.eof or time.monotonic() > deadline:
                pytest.fail(f"no frame matching {expected}\n frames for id {rid}: {mine}\n eof: {self.eof}")
            self.read_one()

    def expect_closed(self) -> None:
        deadline = time.monotonic() + 30
        while not self.eof:
            assert time.monotonic() < deadline, "the daemon did not close the connection"
            self.read_one()


def replay(sock_path: Path, home: str, ex: spec.Exchange) -> Replay:
    with contextlib.closing(_connect(sock_path)) as c:
        r = Replay(c)
        for line in ex.lines:
            if line.direction == "send":
                c.sendall(line.raw if line.raw is not None else p.encode_frame(spec.localize(line.value, home)))
            elif line.closed:
                r.expect_closed()
            else:
                r.expect(spec.localize(line.value, home))
        terminals: dict[Any, int] = {}
        for f in r.frames:
            if p.is_terminal(f) and f.get("id") is not None:
                terminals[f["id"]] = terminals.get(f["id"], 0) + 1
        assert all(n == 1 for n in terminals.values()), f"an id got several terminal frames: {r.frames}"
        return r


@pytest.mark.parametrize("ex", EXCHANGES, ids=[e.name for e in EXCHANGES])
def test_doc_example_against_the_daemon(daemon: tuple[Path, str], ex: spec.Exchange) -> None:
    sock, home = daemon
    settle(sock)
    replay(sock, home, ex)


def test_the_doc_has_an_example_for_every_method_and_step_kind() -> None:
    from manoled.agent.steps import Step
    from manoled.serve.service import METHODS

    sent = {ln.value.get("method") for ex in EXCHANGES for ln in ex.lines
            if ln.direction == "send" and isinstance(ln.value, dict)}
    assert set(METHODS) <= sent, f"methods without an example: {set(METHODS) - sent}"
    shown: dict[str, set[str]] = {}
    for ex in EXCHANGES:
        for ln in ex.lines:
            if ln.direction == "expect" and isinstance(ln.value, dict) and ln.value.get("event") == "step":
                data = ln.value["data"]
                shown[data["kind"]] = set(data) - {"kind"}
    # every step record the agent yields (the dataclasses in manoled/agent/loop.py), with all its fields
    for cls in _subclasses(Step):
        if cls.kind in ("token", "final", "step"):
            continue  # tokens are their own event; the final record is the result
        fields = {f.name for f in dataclasses.fields(cls)}
        assert cls.kind in shown, f"step kind {cls.kind!r} has no example in docs/protocol.md"
        assert fields <= shown[cls.kind], f"step {cls.kind!r}: fields {fields - shown[cls.kind]} not in the doc"
    doc = spec.DOC.read_text(encoding="utf-8")
    from manoled.agent.context import ToolContext
    from manoled.agent.tools import build_registry

    for tool in build_registry(ToolContext(None)).names():
        assert f"`{tool}`" in doc, f"tool {tool!r} is not listed in docs/protocol.md section 5.3"


def _subclasses(cls: type) -> list[type]:
    out = []
    for sub in cls.__subclasses__():
        out += [sub, *_subclasses(sub)]
    return out


def test_every_error_code_is_documented() -> None:
    doc = spec.DOC.read_text(encoding="utf-8")
    for code in p.ERROR_CODES:
        assert f"| `{code}` |" in doc, f"error code {code!r} is missing from the table in docs/protocol.md"


def test_published_vectors_are_up_to_date() -> None:
    assert spec.VECTORS.read_text(encoding="utf-8") == spec.render_vectors(), \
        "docs/protocol-vectors.json is stale: run `python tests/protocol_spec.py --write`"


# -- the checker itself must be able to fail ------------------------------------------------------

def test_a_renamed_field_fails_the_shape_check() -> None:
    expected = {"id": 1, "result": {"timings": {"total_s": 1.5, "queue_s": 0.2}}}
    assert spec.mismatch(expected, {"id": 1, "result": {"timings": {"total_s": 2, "queue_s": 0.0, "llm_s": 1}}}) is None
    why = spec.mismatch(expected, {"id": 1, "result": {"timings": {"total_ms": 2, "queue_s": 0.0}}})
    assert why and "total_s" in why
    assert spec.mismatch({"id": None, "error": {"code": "duplicate_id"}}, {"id": 5, "error": {"code": "duplicate_id"}})
    assert spec.mismatch({"a": [{"b": 1}]}, {"a": []})
    assert spec.mismatch({"a": True}, {"a": False})
    assert spec.mismatch({"a": 1}, {"a": True})


def test_a_doc_example_with_a_renamed_field_fails_against_the_daemon(daemon: tuple[Path, str]) -> None:
    """What happens when the doc and the daemon disagree: the replay fails, naming the field."""
    sock, home = daemon
    ex = next(e for e in EXCHANGES if e.name.startswith("5.5"))
    bad = spec.Exchange("renamed", [ex.lines[0], spec.Line("expect", json.loads(
        json.dumps(ex.lines[1].value).replace('"file_name"', '"filename"')))])
    with pytest.raises(pytest.fail.Exception, match="missing key 'filename'"):
        replay(sock, home, bad)


# -- the Node client in integrations/js, against the same vectors ------------------------------

def test_node_client_replays_the_published_vectors(daemon: tuple[Path, str], js: Path) -> None:  # noqa: F811
    import subprocess

    sock, home = daemon
    settle(sock)
    cp = subprocess.run(["node", str(js / "manole.js"), "--socket", str(sock), "--home", home, "conformance",
                         str(spec.VECTORS)], capture_output=True, text=True, timeout=150, check=False)
    results = [json.loads(line) for line in cp.stdout.splitlines()]
    assert [r["name"] for r in results] == [e.name for e in EXCHANGES], cp.stderr
    assert [r for r in results if not r["ok"]] == [] and cp.returncode == 0, cp.stderr
