"""``manole-client`` as a subprocess against an in-process server running the FakeService."""

from __future__ import annotations

import ast
import json
import os
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest
from fake_service import CLIENT_DIR, FakeService, answer_for, running_server, short_dir, uid_other_than_mine

from manoled.config import ServerConfig

ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.timeout(120)


def client_cmd() -> list[str]:
    exe = ROOT / ".venv" / "bin" / "manole-client"
    if exe.exists():
        return [str(exe)]
    return [sys.executable, "-m", "manole_client.cli"]


def run_client(*args: str, env: dict[str, str] | None = None, stdin: str | None = None) -> subprocess.CompletedProcess:
    full_env = {k: v for k, v in os.environ.items() if not k.startswith("MANOLE_")}
    full_env["PYTHONPATH"] = os.pathsep.join([str(CLIENT_DIR), full_env.get("PYTHONPATH", "")]).rstrip(os.pathsep)
    full_env.update(env or {})
    return subprocess.run([*client_cmd(), *args], env=full_env, input=stdin, capture_output=True, text=True, timeout=60)


@pytest.fixture
def fake() -> FakeService:
    return FakeService()


@pytest.fixture
def srv(fake: FakeService, tmp_path: Path):
    with running_server(fake, tmp_path) as server:
        yield server


@pytest.fixture
def env(srv, tmp_path: Path) -> dict[str, str]:
    return {"MANOLE_SOCKET": str(srv.path), "MANOLE_HOME": str(tmp_path / "home")}


def test_ask_streams_the_answer_then_sources(env, fake: FakeService) -> None:
    r = run_client("ask", "where", "is", "my", "passport", env=env)
    assert r.returncode == 0, r.stderr
    assert r.stdout.startswith(answer_for("where is my passport") + "\n")
    assert "Sources:\n  [1] /home/u/Documents/notes.txt (p. 2)" in r.stdout
    assert "»" not in r.stderr  # steps only with -v
    assert ("ask", ("where is my passport", None)) in fake.calls


def test_ask_shows_the_final_answer_when_the_guard_replaced_the_streamed_one(env, fake: FakeService) -> None:
    r = run_client("ask", "guarded question", env=env)
    assert r.returncode == 0, r.stderr
    assert r.stdout.startswith(answer_for("guarded question"))  # what streamed
    assert "From the tool results: 3 files." in r.stdout  # then the authoritative answer
    assert "did not hold up" in r.stderr


def test_ask_verbose_shows_steps_and_session_is_passed(env, fake: FakeService) -> None:
    r = run_client("ask", "-v", "--session", "work", "tax forms", env=env)
    assert r.returncode == 0, r.stderr
    assert "» rewrite: tax forms" in r.stderr
    assert "» search(query=tax forms)" in r.stderr
    assert "» search → 1 hit" in r.stderr
    assert ("ask", ("tax forms", "work")) in fake.calls


def test_ask_json_is_one_object(env) -> None:
    r = run_client("ask", "--json", "hello there", env=env)
    assert r.returncode == 0, r.stderr
    out = json.loads(r.stdout)
    assert out["answer"] == answer_for("hello there")
    assert out["sources"][0]["path"] == "/home/u/Documents/notes.txt"
    assert [s["kind"] for s in out["steps"]] == ["rewrite", "tool_call", "tool_result"]
    assert "queue_s" in out["timings"]


def test_chat_reads_questions_from_stdin(env, fake: FakeService) -> None:
    r = run_client("chat", "--session", "c1", env=env, stdin="first question\n\nsecond one\n/quit\nnever asked\n")
    assert r.returncode == 0, r.stderr
    assert answer_for("first question") in r.stdout and answer_for("second one") in r.stdout
    asked = [a for name, a in fake.calls if name == "ask"]
    assert asked == [("first question", "c1"), ("second one", "c1")]


def test_status_renders_progress_models_failures(env) -> None:
    r = run_client("status", env=env)
    assert r.returncode == 0, r.stderr
    out = r.stdout
    assert out.splitlines()[0] == "manoled 0.1.0-fake: running"
    assert "Indexing" in out and "40/100" in out and "12.5/s" in out and "ETA 5s" in out and "queue 60" in out
    assert "Captioning" in out and "3/10" in out
    assert "image" in out and "failed 1" in out
    assert "gemma-3-270m" in out and "answering" in out and "not loaded" in out
    assert "broken.pdf: extract: encrypted PDF" in out


def test_status_json_and_watch(env) -> None:
    r = run_client("status", "--json", env=env)
    assert r.returncode == 0 and json.loads(r.stdout)["indexing"]["done"] == 40
    r = run_client("status", "--watch", "0.01", "--count", "2", env=env)
    assert r.returncode == 0, r.stderr
    assert r.stdout.count("Indexing") == 2


def test_status_render_is_robust() -> None:
    sys.path.insert(0, str(CLIENT_DIR))
    from manole_client import render

    odd = [
        {},
        None,
        [1, 2],
        {"indexing": "weird", "captioning": None, "counts": [1], "models": {"text": None, "x": 3}},
        {"indexing": {"done": "a", "total": None, "eta_s": "soon"}, "failures": ["x", 3, {"reason": None}]},
        {"indexing": {"done": 5, "total": 0}, "roots": [], "paused": True, "extra": {"nested": [1]}},
        {
            "roots": [{"path": "/a", "files": 3}, "/b"],
            "failures": [{"path": f"/f{i}", "reason": "r"} for i in range(15)],
        },
    ]
    for st in odd:
        assert isinstance(render.status(st), str)
    assert "paused" in render.status({"paused": True})
    assert "… and 5 more" in render.status(odd[-1])
    assert render.hits({"hits": []}) == "no results"
    assert render.folders({"folders": []}) == "no folders are watched"


def test_search_prints_hits_and_json(env, fake: FakeService) -> None:
    r = run_client("search", "tax", "forms", "-k", "2", env=env)
    assert r.returncode == 0, r.stderr
    lines = r.stdout.splitlines()
    assert lines[0] == " 1. 0.900  /home/u/Documents/tax forms-0.txt"
    assert lines[2] == " 2. 0.800  /home/u/Documents/tax forms-1.txt  p. 1"
    assert ("search", ("tax forms", 2)) in fake.calls
    r = run_client("search", "--json", "x", env=env)
    assert len(json.loads(r.stdout)["hits"]) == 3


def test_folders_reindex_pause_resume(env, fake: FakeService, tmp_path: Path) -> None:
    docs = tmp_path / "docs"
    docs.mkdir()
    full = os.environ | env
    r = subprocess.run(
        [*client_cmd(), "folders", "add", "docs"],
        cwd=tmp_path,
        env=full | {"PYTHONPATH": str(CLIENT_DIR)},
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert r.returncode == 0, r.stderr
    assert ("folders.add", str(docs)) in fake.calls  # made absolute by the client
    assert run_client("folders", "list", env=env).stdout.strip() == str(docs)
    r = run_client("folders", "remove", "/not/watched", env=env)
    assert r.returncode == 4 and "not_found" in r.stderr
    assert run_client("folders", "add", env=env).returncode == 2
    r = run_client("reindex", "/x/y.pdf", env=env)
    assert r.returncode == 0 and "reindex scheduled: 3" in r.stdout
    assert ("reindex", "/x/y.pdf") in fake.calls
    assert run_client("reindex", env=env).returncode == 0
    assert ("reindex", None) in fake.calls
    assert run_client("pause", env=env).stdout.strip() == "indexing paused"
    assert fake.paused
    assert json.loads(run_client("resume", "--json", env=env).stdout) == {"paused": False}


def test_graph_json_and_output_file(env, fake: FakeService, tmp_path: Path) -> None:
    r = run_client("graph", "--around", "/home/u/a.txt", env=env)
    assert r.returncode == 0, r.stderr
    assert len(json.loads(r.stdout)["nodes"]) == 2
    assert ("graph", {"around": "/home/u/a.txt"}) in fake.calls
    out = tmp_path / "g.json"
    r = run_client("graph", "-o", str(out), env=env)
    assert r.returncode == 0 and json.loads(out.read_text())["edges"][0]["weight"] == 0.8
    r = run_client("graph", "--around", "/home/u/a.txt", "--depth", "2", "--types", "reference,similarity",
                   "--min-weight", "0.7", env=env)
    assert r.returncode == 0, r.stderr
    assert ("graph", {"around": "/home/u/a.txt", "depth": 2, "edge_types": ["reference", "similarity"],
                      "min_weight": 0.7}) in fake.calls


def test_exit_3_when_no_daemon(tmp_path: Path) -> None:
    r = run_client("--socket", str(tmp_path / "nothing.sock"), "status")
    assert r.returncode == 3
    assert "not running" in r.stderr and "manoled run" in r.stderr and "systemctl --user start manoled" in r.stderr
    r = run_client("status", env={"MANOLE_HOME": str(tmp_path / "empty")})
    assert r.returncode == 3 and str(tmp_path / "empty" / "run" / "manoled.sock") in r.stderr


def test_usage_errors_exit_2(env) -> None:
    assert run_client(env=env).returncode == 2
    assert run_client("frobnicate", env=env).returncode == 2
    assert run_client("search", env=env).returncode == 2
    assert run_client("graph", "--format", "svg", env=env).returncode == 2


def test_server_error_exit_4(tmp_path: Path) -> None:
    with running_server(FakeService(), tmp_path, peer_uid=lambda s: uid_other_than_mine()) as server:
        r = run_client("--socket", str(server.path), "status")
    assert r.returncode == 4 and "forbidden" in r.stderr


def test_socket_option_before_or_after_the_command(srv, tmp_path: Path) -> None:
    assert run_client("--socket", str(srv.path), "status").returncode == 0
    assert run_client("status", "--socket", str(srv.path), "--json").returncode == 0


def test_manole_home_socket_is_found(fake: FakeService, tmp_path: Path) -> None:
    with short_dir(tmp_path) as d:
        home = d / "h"
        from manoled.serve.server import Server

        server = Server(fake, ServerConfig(), home / "run" / "manoled.sock")
        server.start()
        try:
            r = run_client("status", "--json", env={"MANOLE_HOME": str(home)})
        finally:
            server.stop()
    assert r.returncode == 0, r.stderr


@pytest.mark.parametrize(
    "env",
    [
        {"MANOLE_SOCKET": "/tmp/x/y.sock"},
        {"MANOLE_SOCKET": "~/y.sock", "MANOLE_HOME": "/tmp/h"},
        {"MANOLE_HOME": "/tmp/h"},
        {"MANOLE_HOME": "~/mh"},
        {"XDG_RUNTIME_DIR": "/run/user/1000"},
        {},
    ],
)
def test_socket_resolution_matches_the_daemon(env: dict[str, str], monkeypatch: pytest.MonkeyPatch) -> None:
    sys.path.insert(0, str(CLIENT_DIR))
    from manole_client.paths import default_socket

    from manoled.paths import resolve

    for key in ("MANOLE_SOCKET", "MANOLE_HOME", "XDG_RUNTIME_DIR", "MANOLE_CONFIG_DIR", "MANOLE_DATA_DIR"):
        monkeypatch.delenv(key, raising=False)
    for key, value in env.items():
        monkeypatch.setenv(key, value)
    assert default_socket() == resolve().socket


def test_msgpack_is_the_only_dependency() -> None:
    meta = tomllib.loads((CLIENT_DIR / "pyproject.toml").read_text(encoding="utf-8"))
    deps = meta["project"]["dependencies"]
    names = {d.split(">")[0].split("=")[0].split("<")[0].split("[")[0].strip().lower() for d in deps}
    assert names == {"msgpack"}
    assert meta["project"]["scripts"]["manole-client"] == "manole_client.cli:main"

    allowed = set(sys.stdlib_module_names) | {"msgpack", "manole_client"}
    files = sorted((CLIENT_DIR / "manole_client").glob("*.py"))
    assert any(f.name == "cli.py" for f in files)
    for f in files:
        tree = ast.parse(f.read_text(encoding="utf-8"), filename=str(f))
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                tops = [a.name.split(".")[0] for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                if node.level:  # relative: inside manole_client
                    continue
                tops = [(node.module or "").split(".")[0]]
            else:
                continue
            for top in tops:
                assert top in allowed, f"{f.name} imports {top}"
                assert top != "manoled", f"{f.name} imports the daemon"


def test_ctrl_c_cancels_the_ask(env, fake: FakeService) -> None:
    import signal

    from fake_service import wait_for

    fake.hold("held question")
    full_env = {k: v for k, v in os.environ.items() if not k.startswith("MANOLE_")}
    full_env.update(env, PYTHONPATH=str(CLIENT_DIR))
    proc = subprocess.Popen(
        [*client_cmd(), "ask", "held question"], env=full_env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )
    try:
        wait_for(fake.at_gate["held question"].is_set, what="the ask to reach its gate")
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=30)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.communicate()
    assert proc.returncode == 130, err
    assert "cancelled" in err
    wait_for(fake.cancel_seen["held question"].is_set, what="the daemon side to see the cancel")
