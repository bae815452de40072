"""The user service: systemd units, the launchd plist, `manoled service ...`, socket activation.

The units are checked with the real ``systemd-analyze verify`` (skipped with a
reason when it is missing or cannot run here), the plist with a plistlib
round trip. ``manoled service`` runs with an injected platform and a recording
command runner, so both platforms are exercised without touching the real
user. The last tests start a real ``manoled run`` the way systemd does:
a listening socket at fd 3 with ``LISTEN_FDS``/``LISTEN_PID``, and a
``NOTIFY_SOCKET`` datagram socket that must receive ``READY=1``.
"""

from __future__ import annotations

import argparse
import io
import os
import plistlib
import re
import shutil
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator, Sequence
from pathlib import Path

import pytest
from fake_service import short_dir
from manole_client import protocol as p

from manoled.install import userservice as service
from manoled.paths import resolve

ROOT = Path(__file__).resolve().parents[2]
VENV_BIN = Path(sys.executable).absolute().parent
MANOLED = VENV_BIN / "manoled"
needs_manoled = pytest.mark.skipif(not MANOLED.exists(), reason=f"no manoled script at {MANOLED} (pip install -e .)")


# -- helpers ---------------------------------------------------------------------------


class Recorder:
    """A command runner that records argv and answers from a script (no processes)."""

    def __init__(self, answers: dict[tuple[str, ...], service.Result] | None = None) -> None:
        self.calls: list[tuple[str, ...]] = []
        self.answers = answers or {}

    def __call__(self, argv: Sequence[str]) -> service.Result:
        argv = tuple(argv)
        self.calls.append(argv)
        return self.answers.get(argv, service.Result(0, "", ""))


def args(cmd: str, dry_run: bool = False, home: str | None = None) -> argparse.Namespace:
    return argparse.Namespace(service_cmd=cmd, dry_run=dry_run, home=home)


def fake_user(tmp_path: Path) -> tuple[Path, dict[str, str]]:
    """A home and an environment without MANOLE_* (the defaults), runtime dir inside tmp."""
    home = tmp_path / "user"
    runtime = tmp_path / "rt"
    home.mkdir()
    runtime.mkdir(mode=0o700)
    return home, {"HOME": str(home), "XDG_RUNTIME_DIR": str(runtime), "PATH": os.environ.get("PATH", "")}


def default_paths(home: Path, env: dict[str, str]):
    return resolve(env={**env, "XDG_CONFIG_HOME": str(home / ".config"), "XDG_DATA_HOME": str(home / ".local/share")})


def run_main(cmd: str, paths, *, platform: str, home: Path, env: dict[str, str], runner: Recorder,
             dry_run: bool = False, custom_home: str | None = None) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = service.main(paths, args(cmd, dry_run, custom_home), platform=platform, runner=runner, env=env,
                        home_dir=home, uid=1234, manoled=MANOLED, out=out, err=err)
    return code, out.getvalue(), err.getvalue()


def tree(d: Path) -> list[str]:
    return sorted(str(p.relative_to(d)) for p in d.rglob("*"))


# -- systemd-analyze verify -------------------------------------------------------------

# Lines systemd-analyze prints because this is a container without a running systemd,
# not because a unit is wrong. Anything else fails the test.
ENV_ONLY = (
    re.compile(r"^Cannot stat .*generator.*: No such file or directory$"),
    re.compile(r"^Failed to (open|connect to) .*(bus|journal)", re.I),
    re.compile(r"^(Unit|Dependency) .*(sockets|default|basic|paths|timers)\.target.* not found", re.I),
)


def verify_units(files: Sequence[Path], home: Path, runtime: Path) -> list[str]:
    """Run ``systemd-analyze --user verify``; return the problems (empty when clean)."""
    env = {
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
        "HOME": str(home),
        "XDG_RUNTIME_DIR": str(runtime),
        "SYSTEMD_LOG_TARGET": "console",  # else it may log to the (absent) journal and print nothing
        "SYSTEMD_LOG_LEVEL": "notice",
        "SYSTEMD_PAGER": "",
        "LANG": "C.UTF-8",
    }
    cp = subprocess.run(["systemd-analyze", "--user", "verify", *map(str, files)], env=env,
                        capture_output=True, text=True, timeout=120, check=False)
    lines = [ln for ln in (cp.stdout + cp.stderr).splitlines() if ln.strip()]
    problems = [ln for ln in lines if not any(rx.search(ln) for rx in ENV_ONLY)]
    if cp.returncode != 0 and not problems:
        problems = [f"exit status {cp.returncode}"]
    return problems


@pytest.fixture(scope="session")
def analyze(tmp_path_factory: pytest.TempPathFactory) -> None:
    """Skip unless systemd-analyze can verify a trivial user unit in this environment."""
    if shutil.which("systemd-analyze") is None:
        pytest.skip("systemd-analyze not installed (apt-get install systemd; scripts/test-deps.sh tries)")
    d = tmp_path_factory.mktemp("sdprobe")
    (d / "rt").mkdir(mode=0o700)
    unit = d / "probe.service"
    unit.write_text("[Service]\nType=oneshot\nExecStart=/bin/true\n")
    problems = verify_units([unit], d, d / "rt")
    if problems:
        pytest.skip(f"systemd-analyze verify cannot run here: {problems}")


def write_plan_files(plan: service.Plan) -> list[Path]:
    out = []
    for path, data in plan.files.items():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
        out.append(path)
    return out


def test_shipped_copies_are_the_renderings() -> None:
    s = service.UnitSettings()
    assert (ROOT / "systemd" / "manoled.service").read_text() == service.render_service(s)
    assert (ROOT / "systemd" / "manoled.socket").read_text() == service.render_socket(s)
    assert (ROOT / "launchd" / "com.manole.manoled.plist").read_bytes() == service.render_plist(
        service.TEMPLATE_MANOLED, service.TEMPLATE_HOME)


def unit_values(text: str) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for line in text.splitlines():
        if "=" in line and not line.startswith(("#", "[")):
            k, v = line.split("=", 1)
            out.setdefault(k, []).append(v)
    return out


def test_service_unit_settings() -> None:
    svc = unit_values(service.render_service(service.UnitSettings()))
    sock = unit_values(service.render_socket(service.UnitSettings()))
    assert svc["Type"] == ["notify"]
    assert svc["WatchdogSec"] == [str(service.WATCHDOG_SEC)]
    assert svc["Restart"] == ["on-failure"]
    assert svc["RestartSec"] and svc["StartLimitIntervalSec"] and svc["StartLimitBurst"]
    assert svc["ExecStart"] == ["%h/.local/bin/manoled run"]
    assert svc["StandardError"] == ["journal"]
    for key, value in {"ProtectSystem": "strict", "ProtectHome": "read-only", "PrivateTmp": "yes",
                       "NoNewPrivileges": "yes"}.items():
        assert svc[key] == [value]
    rw = svc["ReadWritePaths"][0].split()
    assert {"-%h/.local/share/manole", "-%h/.config/manole", "%t/manole"} == set(rw)
    # whole-process priorities would slow answers down: only the indexer threads are lowered
    assert "Nice" not in svc and "IOSchedulingClass" not in svc and "CPUSchedulingPolicy" not in svc
    assert sock["ListenStream"] == ["%t/manole/manoled.sock"]
    assert sock["SocketMode"] == ["0600"] and sock["DirectoryMode"] == ["0700"]


def test_shipped_units_verify(analyze: None, tmp_path: Path) -> None:
    home, env = fake_user(tmp_path)
    (home / ".local" / "bin").mkdir(parents=True)
    if not MANOLED.exists():
        pytest.skip(f"no manoled script at {MANOLED}")
    (home / ".local" / "bin" / "manoled").symlink_to(MANOLED)  # what %h/.local/bin/manoled points at
    units = tmp_path / "units"
    units.mkdir()
    for name in ("manoled.service", "manoled.socket"):
        shutil.copy(ROOT / "systemd" / name, units / name)
    assert verify_units([units / "manoled.service", units / "manoled.socket"], home, Path(env["XDG_RUNTIME_DIR"])) == []


@needs_manoled
@pytest.mark.parametrize("variant", ["default", "custom_home", "odd_home"])
def test_generated_units_verify(analyze: None, tmp_path: Path, variant: str) -> None:
    home, env = fake_user(tmp_path)
    custom = None
    if variant == "custom_home":
        custom = str(tmp_path / "mhome")
    elif variant == "odd_home":
        custom = str(home / "my manole 100%")  # a blank and a percent sign must be escaped
    paths = resolve(custom, env) if custom else default_paths(home, env)
    ctx = service.make_context(paths, args("install", home=custom), platform="linux", env=env, home_dir=home,
                               uid=1234, manoled=MANOLED)
    plan = service.plan_install(ctx)
    files = write_plan_files(plan)
    assert [f.name for f in files] == ["manoled.service", "manoled.socket"]
    assert verify_units(files, home, Path(env["XDG_RUNTIME_DIR"])) == []
    svc = unit_values(files[0].read_text())
    assert svc["ExecStart"] == [f"{MANOLED} run"]
    if custom:
        assert any("MANOLE_HOME" in e for e in svc["Environment"])


def test_verify_catches_real_errors(analyze: None, tmp_path: Path) -> None:
    """The checker is not blind: a typo and a missing binary are reported."""
    home, env = fake_user(tmp_path)
    text = service.render_service(service.UnitSettings(exec_start=str(MANOLED)))
    bad = tmp_path / "manoled.service"
    bad.write_text(text.replace("WatchdogSec=", "WatchdogSecs="))
    (tmp_path / "manoled.socket").write_text(service.render_socket(service.UnitSettings()))
    problems = verify_units([bad, tmp_path / "manoled.socket"], home, Path(env["XDG_RUNTIME_DIR"]))
    assert any("WatchdogSecs" in p for p in problems), problems
    bad.write_text(service.render_service(service.UnitSettings(exec_start=str(tmp_path / "nope" / "manoled"))))
    problems = verify_units([bad, tmp_path / "manoled.socket"], home, Path(env["XDG_RUNTIME_DIR"]))
    assert any("not executable" in p for p in problems), problems


# -- launchd --------------------------------------------------------------------------

def test_plist_round_trip_and_keys(tmp_path: Path) -> None:
    home, env = fake_user(tmp_path)
    data = service.render_plist("/opt/venv/bin/manoled", str(home), {"MANOLE_HOME": "/x"})
    pl = plistlib.loads(data)
    assert plistlib.loads(plistlib.dumps(pl)) == pl
    assert pl["Label"] == "com.manole.manoled"
    assert pl["ProgramArguments"] == ["/opt/venv/bin/manoled", "run"]
    assert pl["RunAtLoad"] is True
    assert pl["KeepAlive"] == {"SuccessfulExit": False}
    assert pl["ProcessType"] == "Background" and pl["LowPriorityIO"] is True
    assert pl["StandardOutPath"] == pl["StandardErrorPath"] == f"{home}/Library/Logs/manole/manoled.log"
    assert pl["EnvironmentVariables"]["MANOLE_HOME"] == "/x"
    shipped = plistlib.loads((ROOT / "launchd" / "com.manole.manoled.plist").read_bytes())
    assert set(shipped) == set(pl)


def test_darwin_install_status_uninstall(tmp_path: Path) -> None:
    home, env = fake_user(tmp_path)
    env.pop("XDG_RUNTIME_DIR")
    paths = resolve(str(tmp_path / "mh"), env)
    rec = Recorder()
    code, out, err = run_main("install", paths, platform="darwin", home=home, env=env, runner=rec,
                              custom_home=str(tmp_path / "mh"))
    assert code == 0, err
    plist = home / "Library" / "LaunchAgents" / "com.manole.manoled.plist"
    pl = plistlib.loads(plist.read_bytes())
    assert pl["ProgramArguments"] == [str(MANOLED), "run"]
    assert pl["EnvironmentVariables"]["MANOLE_HOME"] == str(tmp_path / "mh")
    assert (home / "Library" / "Logs" / "manole").is_dir()
    assert rec.calls == [
        ("launchctl", "bootout", "gui/1234/com.manole.manoled"),
        ("launchctl", "bootstrap", "gui/1234", str(plist)),
        ("launchctl", "enable", "gui/1234/com.manole.manoled"),
    ]
    printed = "gui/1234/com.manole.manoled = {\n\tstate = running\n\tpid = 4321\n\tlast exit code = 0\n}\n"
    rec = Recorder({("launchctl", "print", "gui/1234/com.manole.manoled"): service.Result(0, printed)})
    code, out, _ = run_main("status", paths, platform="darwin", home=home, env=env, runner=rec)
    assert code == 0
    assert "running:   yes" in out and "pid 4321" in out
    assert str(home / "Library/Logs/manole/manoled.log") in out
    rec = Recorder()
    code, out, _ = run_main("uninstall", paths, platform="darwin", home=home, env=env, runner=rec)
    assert code == 0 and not plist.exists()
    assert rec.calls == [("launchctl", "bootout", "gui/1234/com.manole.manoled")]
    rec = Recorder({("launchctl", "print", "gui/1234/com.manole.manoled"): service.Result(113, "", "not found")})
    code, out, _ = run_main("status", paths, platform="darwin", home=home, env=env, runner=rec)
    assert code == service.EXIT_NOT_RUNNING and "installed: no" in out


# -- systemd install / status / uninstall ------------------------------------------------

def test_linux_install_status_uninstall(tmp_path: Path) -> None:
    home, env = fake_user(tmp_path)
    paths = default_paths(home, env)
    rec = Recorder()
    code, out, err = run_main("install", paths, platform="linux", home=home, env=env, runner=rec)
    assert code == 0, err
    units = home / ".config" / "systemd" / "user"
    svc = (units / "manoled.service").read_text()
    assert f"ExecStart={MANOLED} run" in svc
    assert "Environment=MANOLE_HOME" not in svc  # the defaults need no override
    assert "ListenStream=%t/manole/manoled.sock" in (units / "manoled.socket").read_text()
    assert paths.config_dir.is_dir() and paths.data_dir.is_dir()  # the ReadWritePaths exist
    assert rec.calls == [
        ("systemctl", "--user", "daemon-reload"),
        ("systemctl", "--user", "enable", "--now", "manoled.socket", "manoled.service"),
    ]
    assert "journalctl --user -u manoled" in out

    active = {("systemctl", "--user", "is-active", "manoled.service"): service.Result(0, "active\n"),
              ("systemctl", "--user", "is-active", "manoled.socket"): service.Result(0, "active\n"),
              ("systemctl", "--user", "is-enabled", "manoled.service"): service.Result(0, "enabled\n")}
    code, out, _ = run_main("status", paths, platform="linux", home=home, env=env, runner=Recorder(active))
    assert code == 0 and "installed: yes" in out and "running:   yes" in out
    assert "journalctl --user -u manoled" in out
    assert f"{env['XDG_RUNTIME_DIR']}/manole/manoled.sock" in out

    rec = Recorder()
    code, out, _ = run_main("uninstall", paths, platform="linux", home=home, env=env, runner=rec)
    assert code == 0
    assert not (units / "manoled.service").exists() and not (units / "manoled.socket").exists()
    assert rec.calls == [
        ("systemctl", "--user", "disable", "--now", "manoled.service", "manoled.socket"),
        ("systemctl", "--user", "daemon-reload"),
        ("systemctl", "--user", "reset-failed", "manoled.service", "manoled.socket"),
    ]
    assert paths.data_dir.is_dir()  # the index is kept

    inactive = {("systemctl", "--user", "is-active", "manoled.service"): service.Result(3, "inactive\n")}
    code, out, _ = run_main("status", paths, platform="linux", home=home, env=env, runner=Recorder(inactive))
    assert code == service.EXIT_NOT_RUNNING and "installed: no" in out


def test_linux_install_custom_home(tmp_path: Path) -> None:
    home, env = fake_user(tmp_path)
    mh = home / "elsewhere"
    paths = resolve(str(mh), env)
    code, _, err = run_main("install", paths, platform="linux", home=home, env=env, runner=Recorder(),
                            custom_home=str(mh))
    assert code == 0, err
    units = home / ".config" / "systemd" / "user"
    svc = unit_values((units / "manoled.service").read_text())
    assert svc["Environment"][-1] == f"MANOLE_HOME={mh}"
    assert svc["ReadWritePaths"] == ["-%h/elsewhere %h/elsewhere/run"]
    assert unit_values((units / "manoled.socket").read_text())["ListenStream"] == ["%h/elsewhere/run/manoled.sock"]
    # a home under /tmp would vanish behind PrivateTmp=yes
    tmp_home = Path("/tmp") / "manole-test-home"
    ctx = service.make_context(resolve(str(tmp_home), env), args("install", home=str(tmp_home)), platform="linux",
                               env=env, home_dir=home, uid=1, manoled=MANOLED)
    text = service.render_service(service.unit_settings(ctx))
    assert "PrivateTmp=yes" not in text and f"MANOLE_HOME={tmp_home}" in text


def test_linux_install_reports_systemctl_failure(tmp_path: Path) -> None:
    home, env = fake_user(tmp_path)
    fail = {("systemctl", "--user", "daemon-reload"):
            service.Result(1, "", "Failed to connect to bus: No medium found")}
    code, _, err = run_main("install", default_paths(home, env), platform="linux", home=home, env=env,
                            runner=Recorder(fail))
    assert code == 1
    assert "No medium found" in err and "systemctl --user status" in err


def test_dry_run_changes_nothing(tmp_path: Path) -> None:
    home, env = fake_user(tmp_path)
    for platform in ("linux", "darwin"):
        before = tree(tmp_path)
        rec = Recorder()
        code, out, _ = run_main("install", default_paths(home, env), platform=platform, home=home, env=env,
                                runner=rec, dry_run=True)
        assert code == 0 and rec.calls == [] and tree(tmp_path) == before
        assert str(MANOLED) in out
        code, out, _ = run_main("uninstall", default_paths(home, env), platform=platform, home=home, env=env,
                                runner=rec, dry_run=True)
        assert code == 0 and rec.calls == [] and tree(tmp_path) == before
        assert "would remove" in out


@needs_manoled
def test_cli_install_dry_run(tmp_path: Path) -> None:
    """The real command line, in a subprocess with a fake HOME: what it would write and run."""
    home, env = fake_user(tmp_path)
    mh = tmp_path / "mh"
    env.update({"MANOLE_HOME": str(mh), "XDG_CONFIG_HOME": str(home / ".config")})
    before = tree(tmp_path)
    cp = subprocess.run([str(MANOLED), "service", "install", "--dry-run"], env=env, capture_output=True,
                        text=True, timeout=120, check=False)
    assert cp.returncode == 0, cp.stderr
    out = cp.stdout
    units = home / ".config" / "systemd" / "user"
    assert f"would write {units / 'manoled.service'}:" in out
    assert f"would write {units / 'manoled.socket'}:" in out
    assert f"ExecStart={MANOLED} run" in out
    assert f"Environment=MANOLE_HOME={mh}" in out
    assert f"ListenStream={mh}/run/manoled.sock" in out
    assert "would run: systemctl --user daemon-reload" in out
    assert "would run: systemctl --user enable --now manoled.socket manoled.service" in out
    assert tree(tmp_path) == before


def test_find_manoled(tmp_path: Path) -> None:
    bindir = tmp_path / "venv" / "bin"
    bindir.mkdir(parents=True)
    script = bindir / "manoled"
    script.write_text("#!/bin/sh\n")
    script.chmod(0o755)
    other = tmp_path / "other" / "manoled"
    other.parent.mkdir()
    other.write_text("#!/bin/sh\n")
    other.chmod(0o755)
    # the running script wins
    assert service.find_manoled(str(other), str(bindir / "python"), lambda _: None) == other
    # `python -m manoled`: the script next to this python (a venv)
    assert service.find_manoled("/x/cli.py", str(bindir / "python"), lambda _: str(other)) == script
    # else PATH
    assert service.find_manoled("/x/cli.py", "/nowhere/python", lambda _: str(other)) == other
    with pytest.raises(service.ServiceError):
        service.find_manoled("/x/cli.py", "/nowhere/python", lambda _: None)


# -- socket activation, as systemd does it ---------------------------------------------

WRAPPER = (
    "import os, sys\n"
    "fd = int(os.environ.pop('TEST_LISTEN_FD'))\n"
    "if fd != 3:\n"
    "    os.dup2(fd, 3)\n"
    "    os.close(fd)\n"
    "os.set_inheritable(3, True)\n"
    "os.environ['LISTEN_FDS'] = '1'\n"
    "os.environ['LISTEN_PID'] = str(os.getpid())\n"  # execv keeps the pid
    "os.execv(sys.argv[1], sys.argv[1:])\n"
)


class NotifyListener:
    def __init__(self, path: Path) -> None:
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
        self.sock.bind(str(path))
        self.messages: list[str] = []

    def wait_for(self, pred, timeout: float = 120.0) -> str:
        deadline = time.monotonic() + timeout
        for msg in self.messages:
            if pred(msg):
                return msg
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise AssertionError(f"no matching sd_notify message; got {self.messages}")
            self.sock.settimeout(left)
            try:
                msg = self.sock.recv(4096).decode()
            except TimeoutError:
                continue
            self.messages.append(msg)
            if pred(msg):
                return msg


@pytest.fixture
def activated_daemon(tmp_path: Path) -> Iterator[tuple[subprocess.Popen, Path, NotifyListener, Path]]:
    if not MANOLED.exists():
        pytest.skip(f"no manoled script at {MANOLED}")
    with short_dir(tmp_path) as d:
        sock_path = d / "act.sock"
        listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        listener.bind(str(sock_path))
        os.chmod(sock_path, 0o600)
        listener.listen(16)
        notify = NotifyListener(d / "notify.sock")
        home = d / "mh"
        env = {k: v for k, v in os.environ.items() if not k.startswith(("LISTEN_", "NOTIFY_", "WATCHDOG_"))}
        env.update({"MANOLE_HOME": str(home), "NOTIFY_SOCKET": str(d / "notify.sock"),
                    "WATCHDOG_USEC": "1000000", "TEST_LISTEN_FD": str(listener.fileno()),
                    "HF_HUB_OFFLINE": "1", "PYTHONUNBUFFERED": "1"})
        log = open(d / "daemon.log", "wb")  # noqa: SIM115 - closed below
        proc = subprocess.Popen([sys.executable, "-c", WRAPPER, str(MANOLED), "run"], env=env,
                                pass_fds=(listener.fileno(),), stdout=log, stderr=subprocess.STDOUT)
        listener.close()  # the daemon holds it now, as when systemd passes it
        try:
            yield proc, sock_path, notify, home
        finally:
            if proc.poll() is None:
                proc.kill()
                proc.wait(30)
            log.close()
            notify.sock.close()
            if proc.returncode not in (0, -signal.SIGKILL):
                sys.stderr.write((d / "daemon.log").read_text(errors="replace"))


@needs_manoled
def test_socket_activation_ready_and_watchdog(activated_daemon) -> None:
    proc, sock_path, notify, home = activated_daemon
    # The first client connects right away (systemd queued it); it is answered once the daemon serves.
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as c:
        c.settimeout(180)  # safety net: the daemon loads the embedding model first
        c.connect(str(sock_path))
        p.write_frame(c, p.request(1, "hello", {"client": "activation-test"}))
        frame = p.read_frame(c)
        assert frame["id"] == 1 and frame["result"]["server"] == "manoled", frame
        p.write_frame(c, p.request(2, "status", {}))
        assert "result" in p.read_frame(c)
    notify.wait_for(lambda m: "READY=1" in m.split("\n"))
    # WATCHDOG_USEC=1s: the daemon pings at half of it
    notify.wait_for(lambda m: "WATCHDOG=1" in m.split("\n"), timeout=60)
    assert proc.poll() is None
    # it served the passed socket: it did not bind its own
    assert not (home / "run" / "manoled.sock").exists()
    proc.send_signal(signal.SIGTERM)
    assert proc.wait(120) == 0
    notify.wait_for(lambda m: "STOPPING=1" in m.split("\n"), timeout=10)
