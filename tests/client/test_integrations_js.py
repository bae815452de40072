"""The Node.js client in integrations/js/, written from docs/protocol.md alone.

It is checked three ways: byte for byte against tests/golden/, against the
in-process server with the scripted FakeService (fast; proves the protocol
doc), and against a real ``manoled run`` subprocess in a tmp MANOLE_HOME.
``npm install`` runs into a temporary copy (nothing is vendored); the tests
skip with the reason when node, npm or the npm registry are unavailable.
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import socket
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import msgpack
import pytest
from fake_service import FakeService, answer_for, running_server, short_dir
from manole_client import protocol as p
from waiting import wait_until

ROOT = Path(__file__).resolve().parents[2]
GOLDEN = ROOT / "tests" / "golden"
MANOLED = Path(sys.executable).absolute().parent / "manoled"




def node(js: Path, *args: str, env: dict[str, str] | None = None, timeout: float = 60) -> subprocess.CompletedProcess:
    full_env = {**os.environ, **(env or {})}
    return subprocess.run(["node", str(js / "manole.js"), *args], env=full_env, capture_output=True, text=True,
                          timeout=timeout, check=False)


# -- the wire format -----------------------------------------------------------------

@pytest.mark.parametrize(("golden", "rid", "method", "params"), [
    ("hello_request", 1, "hello", {}),
    ("status_request", 2, "status", {}),
    ("search_request", 3, "search", {"query": "café 日本", "k": 5}),
    ("ask_request", 7, "ask", {"text": "where is my passport?", "session": "default", "stream": True}),
    ("cancel_request", 8, "cancel", {"id": 7}),
])
def test_request_frames_match_golden(js: Path, golden: str, rid: int, method: str, params: dict) -> None:
    cp = node(js, "frame", "--id", str(rid), method, json.dumps(params, ensure_ascii=False))
    assert cp.returncode == 0, cp.stderr
    assert bytes.fromhex(cp.stdout.strip()) == (GOLDEN / f"{golden}.bin").read_bytes()


def test_decodes_golden_frames(js: Path) -> None:
    for f in sorted(GOLDEN.glob("*.bin")):
        data = f.read_bytes()
        expected = []
        while data:
            n = int.from_bytes(data[:4], "big")
            expected.append(msgpack.unpackb(data[4:4 + n], raw=False))
            data = data[4 + n:]
        cp = node(js, "decode", str(f))
        assert cp.returncode == 0, cp.stderr
        assert [json.loads(line) for line in cp.stdout.splitlines()] == expected, f.name


def test_usage_and_not_running(js: Path, tmp_path: Path) -> None:
    assert node(js).returncode == 2
    assert node(js, "frobnicate").returncode == 2
    cp = node(js, "--socket", str(tmp_path / "none.sock"), "status")
    assert cp.returncode == 3 and "not running" in cp.stderr


# -- against the in-process server (FakeService) ------------------------------------

@pytest.fixture
def fake(tmp_path: Path) -> Iterator[tuple[FakeService, Path]]:
    svc = FakeService()
    with running_server(svc, tmp_path) as server:
        yield svc, server.path


def test_fake_hello_status_search(js: Path, fake) -> None:
    svc, sock = fake
    env = {"MANOLE_SOCKET": str(sock)}  # found through the environment, as the doc says
    cp = node(js, "hello", env=env)
    assert cp.returncode == 0, cp.stderr
    hello = json.loads(cp.stdout)
    assert hello["protocol"] == 1 and "search" in hello["methods"]

    cp = node(js, "status", env=env)
    status = json.loads(cp.stdout)
    assert status["indexing"]["total"] == 100 and status["connections"] == 1

    cp = node(js, "--json", "search", "tax", "2023", "-k", "2", env=env)
    assert [h["path"] for h in json.loads(cp.stdout)["hits"]] == ["/home/u/Documents/tax 2023-0.txt",
                                                                  "/home/u/Documents/tax 2023-1.txt"]
    assert ("search", ("tax 2023", 2)) in svc.calls
    cp = node(js, "--socket", str(sock), "search", "tax")
    assert cp.stdout.splitlines()[0] == "1. 0.900  /home/u/Documents/tax-0.txt"


def test_fake_ask_streams(js: Path, fake) -> None:
    _svc, sock = fake
    cp = node(js, "--socket", str(sock), "ask", "where", "is", "it?")
    assert cp.returncode == 0, cp.stderr
    lines = cp.stdout.splitlines()
    assert lines[0] == answer_for("where is it?")
    assert "  - /home/u/Documents/notes.txt" in lines
    cp = node(js, "--socket", str(sock), "--json", "ask", "hi")
    assert json.loads(cp.stdout)["answer"] == answer_for("hi")


def test_fake_error_frame(js: Path, fake) -> None:
    svc, sock = fake
    script = (
        "const { ManoleClient } = require('./manole.js');\n"
        "(async () => {\n"
        f"  const c = await new ManoleClient({json.dumps(str(sock))}).connect();\n"
        "  try { await c.request('folders.remove', { path: '/not/watched' }); console.log('no error'); }\n"
        "  catch (e) { console.log(e.code); }\n"
        "  try { await c.request('nope', {}); } catch (e) { console.log(e.code); }\n"
        "  console.log(JSON.stringify(await c.request('pause')));\n"
        "  c.close();\n"
        "})();\n"
    )
    cp = subprocess.run(["node", "-e", script], cwd=js, capture_output=True, text=True, timeout=60, check=False)
    assert cp.returncode == 0, cp.stderr
    assert cp.stdout.splitlines() == ["not_found", "unknown_method", '{"paused":true}']
    assert svc.paused


# -- against a real daemon ----------------------------------------------------------

@pytest.fixture
def daemon(tmp_path: Path) -> Iterator[tuple[Path, Path]]:
    if not MANOLED.exists():
        pytest.skip(f"no manoled script at {MANOLED}")
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "lease.txt").write_text("The apartment lease agreement was signed on 3 March; the rent is 900 euros.\n")
    with short_dir(tmp_path) as d:
        home = d / "mh"
        env = {k: v for k, v in os.environ.items() if not k.startswith(("LISTEN_", "NOTIFY_", "WATCHDOG_"))}
        env.update({"MANOLE_HOME": str(home), "HF_HUB_OFFLINE": "1"})
        log = open(d / "daemon.log", "wb")  # noqa: SIM115 - closed below
        proc = subprocess.Popen([str(MANOLED), "run", str(docs)], env=env, stdout=log, stderr=subprocess.STDOUT)
        sock = home / "run" / "manoled.sock"
        try:
            def serving() -> bool:
                assert proc.poll() is None, (d / "daemon.log").read_text(errors="replace")
                return _answers(sock)

            wait_until(serving, 180, interval=0.1, message="manoled serving")
            yield sock, docs
        finally:
            if proc.poll() is None:
                proc.send_signal(signal.SIGTERM)
                try:
                    proc.wait(60)
                except subprocess.TimeoutExpired:
                    proc.kill()
                    proc.wait(30)
            log.close()


def _answers(sock: Path) -> bool:
    try:
        with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as c:
            c.settimeout(10)
            c.connect(str(sock))
            p.write_frame(c, p.request(1, "hello", {}))
            return "result" in p.read_frame(c)
    except OSError:
        return False


def test_real_daemon(js: Path, daemon) -> None:
    sock, docs = daemon
    env = {"MANOLE_SOCKET": str(sock)}
    cp = node(js, "hello", env=env)
    assert cp.returncode == 0, cp.stderr
    assert json.loads(cp.stdout)["server"] == "manoled"

    cp = node(js, "folders", env=env)
    assert [f["path"] for f in json.loads(cp.stdout)["folders"]] == [str(docs.resolve())]

    # the folder is indexed in the background: poll status until the file is in
    def lease_indexed() -> bool:
        status = json.loads(node(js, "status", env=env).stdout)
        return status.get("counts", {}).get("text", {}).get("indexed", 0) >= 1

    wait_until(lease_indexed, 180, interval=0.2, message="lease.txt indexed")
    cp = node(js, "--json", "search", "rent", "of", "the", "apartment", "-k", "3", env=env)
    assert cp.returncode == 0, cp.stderr
    hits = json.loads(cp.stdout)["hits"]
    assert hits and hits[0]["path"] == str((docs / "lease.txt").resolve())
    cp = node(js, "search", "lease", env=env)
    assert str((docs / "lease.txt").resolve()) in cp.stdout


# -- the editor and shell snippets in docs/integrations.md (against FakeService) ----------

SNIPPETS = ROOT / "integrations"


def snippet_env(sock: Path) -> dict[str, str]:
    venv_bin = str(Path(sys.executable).absolute().parent)  # manole-client
    return {**os.environ, "MANOLE_SOCKET": str(sock), "PATH": venv_bin + os.pathsep + os.environ.get("PATH", "")}


def test_shell_snippet(fake, tmp_path: Path) -> None:
    _svc, sock = fake
    script = f". {SNIPPETS / 'shell' / 'manole.sh'}\nmf tax 2023\n"
    cp = subprocess.run(["bash", "-c", script], env=snippet_env(sock), capture_output=True, text=True,
                        timeout=60, check=False)
    assert cp.returncode == 0, cp.stderr
    assert cp.stdout.splitlines()[0] == "0.900\t/home/u/Documents/tax 2023-0.txt"
    script = f"shopt -s expand_aliases\n. {SNIPPETS / 'shell' / 'manole.sh'}\nma where is it?\n"
    cp = subprocess.run(["bash", "-c", script], env=snippet_env(sock), capture_output=True, text=True,
                        timeout=60, check=False)
    assert cp.returncode == 0, cp.stderr
    assert cp.stdout.splitlines()[0] == answer_for("where is it?")


def test_emacs_snippet(fake) -> None:
    emacs = shutil.which("emacs")
    if not emacs:
        pytest.skip("emacs not installed (apt-get install emacs-nox)")
    _svc, sock = fake
    code = ('(progn (let ((p (manole-ask "where is it?"))) (while (process-live-p p) (accept-process-output p 0.05))'
            ' (accept-process-output nil 0.05)) (with-current-buffer "*manole*" (princ (buffer-string))))')
    cp = subprocess.run([emacs, "-Q", "--batch", "-L", str(SNIPPETS / "emacs"), "-l", "manole", "--eval", code],
                        env=snippet_env(sock), capture_output=True, text=True, timeout=120, check=False)
    assert cp.returncode == 0, cp.stderr
    lines = cp.stdout.splitlines()
    assert lines[0] == "Q: where is it?" and answer_for("where is it?") in lines
    assert any("/home/u/Documents/notes.txt" in line for line in lines)


def test_vim_snippet(fake, tmp_path: Path) -> None:
    vim = shutil.which("vim")
    if not vim:
        pytest.skip("vim not installed")
    has_job = subprocess.run([vim, "--version"], capture_output=True, text=True, check=False).stdout
    if "+job" not in has_job:
        pytest.skip("this vim has no +job")
    _svc, sock = fake
    qf, ask = tmp_path / "qf.txt", tmp_path / "ask.txt"
    cp = subprocess.run(
        [vim, "-Nu", "NONE", "-i", "NONE", "-es",
         "-c", f"source {SNIPPETS / 'vim' / 'manole.vim'}",
         "-c", "ManoleSearch tax",
         "-c", f"call writefile(map(getqflist(), 'bufname(v:val.bufnr)'), '{qf}')",
         "-c", "Manole where is it?",
         "-c", 'while job_status(g:manole_job) ==# "run" | sleep 10m | endwhile',
         "-c", "let deadline = reltime() | while len(getbufline('__manole__', 1, '$')) < 5"
               " && reltimefloat(reltime(deadline)) < 10 | sleep 10m | endwhile",
         "-c", f"call writefile(getbufline('__manole__', 1, '$'), '{ask}')",
         "-c", "qa!"],
        cwd=tmp_path, env=snippet_env(sock), capture_output=True, text=True, timeout=120, check=False)
    assert cp.returncode == 0, cp.stdout + cp.stderr
    assert qf.read_text().splitlines() == [f"/home/u/Documents/tax-{i}.txt" for i in range(3)]
    lines = ask.read_text().splitlines()
    assert lines[0] == "Q: where is it?" and answer_for("where is it?") in lines


def test_rofi_script(fake, tmp_path: Path) -> None:
    """The launcher script with stand-ins for dmenu and xdg-open (it needs jq)."""
    if not shutil.which("jq"):
        pytest.skip("jq not installed")
    _svc, sock = fake
    bindir = tmp_path / "bin"
    bindir.mkdir()
    menu = bindir / "dmenu"
    # first call: type the question; second call: record the menu and pick its last line (a source)
    menu.write_text(f"""#!/bin/sh
if [ ! -e {tmp_path}/asked ]; then touch {tmp_path}/asked; echo "where is it?"; exit 0; fi
cat > {tmp_path}/menu.txt; tail -n 1 {tmp_path}/menu.txt
""")
    opener = bindir / "xdg-open"
    opener.write_text(f'#!/bin/sh\necho "$1" > {tmp_path}/opened\n')
    for f in (menu, opener):
        f.chmod(0o755)
    env = snippet_env(sock)
    env.update({"MANOLE_MENU": "dmenu", "PATH": f"{bindir}{os.pathsep}{env['PATH']}"})
    cp = subprocess.run([str(SNIPPETS / "rofi" / "manole-rofi")], env=env, capture_output=True, text=True,
                        timeout=60, check=False)
    assert cp.returncode == 0, cp.stderr
    shown = (tmp_path / "menu.txt").read_text().splitlines()
    assert shown[0] == answer_for("where is it?") and shown[-1] == "/home/u/Documents/notes.txt"
