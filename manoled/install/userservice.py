"""``manoled service install|uninstall|status [--dry-run]``: run manoled as a user service.

Linux: two systemd *user* units in ``~/.config/systemd/user/``:

* ``manoled.socket`` listens on ``%t/manole/manoled.sock`` (mode 0600 in a 0700
  directory), so the first ``manole-client`` call starts the daemon;
* ``manoled.service`` runs ``manoled run`` with ``Type=notify`` (the daemon
  sends ``READY=1`` once it serves the socket), a watchdog (the daemon pings
  ``WATCHDOG=1`` at half of ``$WATCHDOG_USEC``), ``Restart=on-failure`` with a
  back-off, logs to the journal (stderr) and a sandbox that still lets it read
  the user's files (read-only home, writable only on its own config, data and
  runtime directories).

macOS: a LaunchAgent ``~/Library/LaunchAgents/com.manole.manoled.plist``
(``RunAtLoad``, ``KeepAlive`` on crash, ``ProcessType=Background``,
``LowPriorityIO``, logs in ``~/Library/Logs/manole/``).

The unit files and the plist are rendered by :mod:`manoled.install.units` (the copies
in ``systemd/`` and ``launchd/`` at the top of the repository are these
renderings for a ``pip install --user`` layout; a test keeps them in sync)
with the absolute path of the ``manoled`` actually installed, a virtual
environment included.
A custom ``--home``/``MANOLE_HOME`` (and ``MANOLE_CONFIG_DIR``,
``MANOLE_DATA_DIR``, ``MANOLE_SOCKET``) is carried into the service's
environment, and the socket and writable paths follow it.

Priorities: the unit sets no ``Nice=`` or ``IOSchedulingClass=`` for the whole
process. The daemon lowers only its indexing threads (per-thread nice and the
idle I/O class, :mod:`manoled.watch.scheduler`), so answers are never slowed down by
a service-wide low priority.

Everything platform-specific goes through :class:`Plan` (files to write,
directories to create, commands to run). The platform, the command runner, the
environment and the home directory are parameters of :func:`main`, so tests
check both platforms and the exact commands without running them.
"""

from __future__ import annotations

import contextlib
import fcntl
import os
import shutil
import sys
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import TextIO

from manole_client.paths import APP, SOCKET_NAME

from ..errors import ManoledError
from ..paths import Paths
from .plan import EXIT_ERROR as EXIT_ERROR
from .plan import EXIT_NOT_RUNNING as EXIT_NOT_RUNNING
from .plan import EXIT_OK as EXIT_OK
from .plan import Command, Plan, Result, Runner, describe, execute, subprocess_runner
from .units import DEFAULT_EXEC as DEFAULT_EXEC
from .units import (
    LABEL,
    SERVICE_UNIT,
    SOCKET_UNIT,
    UnitSettings,
    quote_if_needed,
    render_plist,
    render_service,
    render_socket,
    unit_quote,
)
from .units import TEMPLATE_HOME as TEMPLATE_HOME
from .units import TEMPLATE_MANOLED as TEMPLATE_MANOLED
from .units import WATCHDOG_SEC as WATCHDOG_SEC

PATH_VARS = ("MANOLE_CONFIG_DIR", "MANOLE_DATA_DIR", "MANOLE_SOCKET")


class ServiceError(ManoledError):
    code = "service"


# -- what to do -----------------------------------------------------------------------


@dataclass(frozen=True)
class Context:
    """Where and for whom: injectable so tests never touch the real user."""

    paths: Paths
    platform: str
    env: Mapping[str, str]
    home_dir: Path
    uid: int
    manoled: Path
    custom_home: Path | None = None


def platform_name(raw: str | None = None) -> str:
    raw = raw or sys.platform
    if raw.startswith("linux"):
        return "linux"
    if raw == "darwin":
        return "darwin"
    raise ServiceError(f"`manoled service` supports Linux (systemd) and macOS (launchd), not {raw}")


def find_manoled(argv0: str | None = None, executable: str | None = None,
                 which: Callable[[str], str | None] = shutil.which) -> Path:
    """The absolute path of the installed ``manoled`` script.

    The script that is running (``sys.argv[0]``), else the one next to this
    Python (a virtual environment's ``bin/``), else the one on ``PATH``.
    """
    argv0 = sys.argv[0] if argv0 is None else argv0
    executable = sys.executable if executable is None else executable
    candidates: list[Path] = []
    if argv0 and Path(argv0).name == "manoled":
        candidates.append(Path(argv0).absolute())
    if executable:
        # not resolved: a venv's python is a symlink to the base interpreter
        candidates.append(Path(executable).absolute().parent / "manoled")
    found = which("manoled")
    if found:
        candidates.append(Path(found).absolute())
    for c in candidates:
        if c.is_file() and os.access(c, os.X_OK):
            return c
    raise ServiceError("cannot find the `manoled` executable; install manoled (pip install .) and run "
                       "`manoled service install` from that installation")


def _under(p: Path, base: Path | None) -> str | None:
    if base is None:
        return None
    try:
        rel = p.relative_to(base)
    except ValueError:
        return None
    return rel.as_posix()


def _spec_path(p: Path, home_dir: Path, runtime_dir: Path | None) -> str:
    """``p`` in unit syntax, unquoted: under ``%t`` or ``%h`` when it is, else absolute (``%`` escaped)."""
    for spec, base in (("%t", runtime_dir), ("%h", home_dir)):
        rel = _under(p, base)
        if rel is not None:
            return spec if rel in ("", ".") else f"{spec}/{rel.replace('%', '%%')}"
    return str(p).replace("%", "%%")


def unit_settings(ctx: Context) -> UnitSettings:
    """The unit settings for this user: the installed manoled, their paths and overrides."""
    env = ctx.env
    runtime = Path(env["XDG_RUNTIME_DIR"]) if env.get("XDG_RUNTIME_DIR") else None
    assignments: dict[str, str] = {}
    rw: list[str] = []
    if ctx.custom_home is not None:
        assignments["MANOLE_HOME"] = str(ctx.custom_home)
    for var in PATH_VARS:
        if env.get(var):
            assignments[var] = str(Path(env[var]).expanduser().absolute())
    if ctx.custom_home is None and "MANOLE_SOCKET" not in assignments:
        listen = "%t/manole/" + SOCKET_NAME  # what the daemon resolves under the user manager
        runtime_rw = "%t/manole"
    else:
        listen = _spec_path(ctx.paths.socket, ctx.home_dir, runtime)
        runtime_rw = _spec_path(ctx.paths.runtime_dir, ctx.home_dir, runtime)
    if ctx.custom_home is None:
        # pin dirs that differ from what the daemon would find under systemd (e.g. a custom XDG_*_HOME)
        if "MANOLE_CONFIG_DIR" not in assignments and ctx.paths.config_dir != ctx.home_dir / ".config" / APP:
            assignments["MANOLE_CONFIG_DIR"] = str(ctx.paths.config_dir)
        if "MANOLE_DATA_DIR" not in assignments and ctx.paths.data_dir != ctx.home_dir / ".local" / "share" / APP:
            assignments["MANOLE_DATA_DIR"] = str(ctx.paths.data_dir)
        rw = ["-" + _spec_path(ctx.paths.config_dir, ctx.home_dir, runtime),
              "-" + _spec_path(ctx.paths.data_dir, ctx.home_dir, runtime)]
    else:
        rw = ["-" + _spec_path(ctx.custom_home, ctx.home_dir, runtime)]
        for d in (ctx.paths.config_dir, ctx.paths.data_dir):
            if _under(d, ctx.custom_home) is None:
                rw.append("-" + _spec_path(d, ctx.home_dir, runtime))
    if runtime_rw not in rw and "-" + runtime_rw not in rw:
        rw.append(runtime_rw)
    tmp_dirs = (Path("/tmp"), Path("/var/tmp"))
    private_tmp = not any(_under(p, t) is not None for t in tmp_dirs
                          for p in (ctx.paths.config_dir, ctx.paths.data_dir, ctx.paths.socket))
    return UnitSettings(
        exec_start=unit_quote(str(ctx.manoled)),
        listen_stream=listen,  # ListenStream= takes the rest of the line: never quoted
        read_write_paths=tuple(quote_if_needed(p) for p in rw),
        environment=tuple(quote_if_needed(f"{k}={v.replace('%', '%%')}") for k, v in assignments.items()),
        private_tmp=private_tmp,
    )


def launchd_environment(ctx: Context) -> dict[str, str]:
    out: dict[str, str] = {}
    if ctx.custom_home is not None:
        out["MANOLE_HOME"] = str(ctx.custom_home)
    for var in PATH_VARS:
        if ctx.env.get(var):
            out[var] = str(Path(ctx.env[var]).expanduser().absolute())
    return out


def unit_dir(ctx: Context) -> Path:
    base = ctx.env.get("XDG_CONFIG_HOME") or str(ctx.home_dir / ".config")
    return Path(base) / "systemd" / "user"


def plist_path(ctx: Context) -> Path:
    return ctx.home_dir / "Library" / "LaunchAgents" / f"{LABEL}.plist"


def launchd_log(ctx: Context) -> Path:
    return ctx.home_dir / "Library" / "Logs" / APP / "manoled.log"


def _systemctl(*args: str, check: bool = True) -> Command:
    return Command(("systemctl", "--user", *args), check)


def plan_install(ctx: Context) -> Plan:
    if ctx.platform == "linux":
        s = unit_settings(ctx)
        d = unit_dir(ctx)
        plan = Plan("linux", "install")
        plan.dirs = [d, ctx.paths.config_dir, ctx.paths.data_dir]
        plan.files = {d / SERVICE_UNIT: render_service(s).encode(), d / SOCKET_UNIT: render_socket(s).encode()}
        plan.commands = [_systemctl("daemon-reload"), _systemctl("enable", "--now", SOCKET_UNIT, SERVICE_UNIT)]
        plan.log_hint = "journalctl --user -u manoled -f"
        if ctx.custom_home is None and "MANOLE_SOCKET" not in ctx.env and not ctx.env.get("XDG_RUNTIME_DIR"):
            plan.notes.append("XDG_RUNTIME_DIR is not set in this shell: clients find the socket at "
                              "$XDG_RUNTIME_DIR/manole/manoled.sock in a normal login session")
        return plan
    target = f"gui/{ctx.uid}"
    p = plist_path(ctx)
    plan = Plan("darwin", "install")
    plan.dirs = [p.parent, launchd_log(ctx).parent, ctx.paths.config_dir, ctx.paths.data_dir]
    plan.files = {p: render_plist(str(ctx.manoled), str(ctx.home_dir), launchd_environment(ctx))}
    # an older copy may be loaded: unload it first (fails harmlessly when none is)
    plan.pre_commands = [Command(("launchctl", "bootout", f"{target}/{LABEL}"), check=False)]
    plan.commands = [Command(("launchctl", "bootstrap", target, str(p))),
                     Command(("launchctl", "enable", f"{target}/{LABEL}"), check=False)]
    plan.log_hint = f"tail -f {launchd_log(ctx)}"
    return plan


def plan_uninstall(ctx: Context) -> Plan:
    if ctx.platform == "linux":
        d = unit_dir(ctx)
        plan = Plan("linux", "uninstall")
        plan.pre_commands = [_systemctl("disable", "--now", SERVICE_UNIT, SOCKET_UNIT, check=False)]
        plan.remove = [d / SERVICE_UNIT, d / SOCKET_UNIT]
        plan.commands = [_systemctl("daemon-reload", check=False),
                         _systemctl("reset-failed", SERVICE_UNIT, SOCKET_UNIT, check=False)]
        return plan
    plan = Plan("darwin", "uninstall")
    plan.pre_commands = [Command(("launchctl", "bootout", f"gui/{ctx.uid}/{LABEL}"), check=False)]
    plan.remove = [plist_path(ctx)]
    return plan


# -- running it -----------------------------------------------------------------------


@dataclass
class ServiceStatus:
    installed: bool
    running: bool
    files: list[Path]
    details: dict[str, str]
    log_hint: str


def _answer(res: Result) -> str:
    """systemctl's one-word answer, or why there is none (e.g. no user bus)."""
    out = res.stdout.strip()
    if out:
        return out.splitlines()[0]
    err = res.stderr.strip()
    return f"unknown: {err.splitlines()[0]}" if err else "unknown"


def query_status(ctx: Context, runner: Runner) -> ServiceStatus:
    if ctx.platform == "linux":
        d = unit_dir(ctx)
        files = [d / SERVICE_UNIT, d / SOCKET_UNIT]
        details = {
            "service": _answer(runner(("systemctl", "--user", "is-active", SERVICE_UNIT))),
            "socket": _answer(runner(("systemctl", "--user", "is-active", SOCKET_UNIT))),
            "enabled": _answer(runner(("systemctl", "--user", "is-enabled", SERVICE_UNIT))),
        }
        running = details["service"] == "active"
        return ServiceStatus(all(f.exists() for f in files), running, files, details,
                             "journalctl --user -u manoled")
    p = plist_path(ctx)
    res = runner(("launchctl", "print", f"gui/{ctx.uid}/{LABEL}"))
    details: dict[str, str] = {"loaded": "yes" if res.returncode == 0 else "no"}
    running = False
    if res.returncode == 0:
        for line in res.stdout.splitlines():
            key, sep, value = line.strip().partition(" = ")
            if sep and key in ("state", "pid", "last exit code") and key not in details:
                details[key] = value.strip()
        running = details.get("state") == "running"
    return ServiceStatus(p.exists(), running, [p], details, str(launchd_log(ctx)))


def print_status(st: ServiceStatus, ctx: Context, out: TextIO) -> None:
    kind = "systemd user units" if ctx.platform == "linux" else "launchd agent"
    out.write(f"manoled service ({kind})\n")
    out.write(f"  installed: {'yes' if st.installed else 'no'} ({', '.join(map(str, st.files))})\n")
    out.write(f"  running:   {'yes' if st.running else 'no'}"
              f" ({', '.join(f'{k} {v}' for k, v in st.details.items())})\n")
    out.write(f"  socket:    {ctx.paths.socket if ctx.custom_home or ctx.env.get('MANOLE_SOCKET') else _default_socket_hint(ctx)}\n")
    out.write(f"  logs:      {st.log_hint}\n")


def _default_socket_hint(ctx: Context) -> str:
    if ctx.platform == "linux":
        runtime = ctx.env.get("XDG_RUNTIME_DIR") or "$XDG_RUNTIME_DIR"
        return f"{runtime}/{APP}/{SOCKET_NAME}"
    return str(ctx.paths.socket)


def running_pid(paths: Paths) -> int | None:
    """The pid of a manoled holding the instance lock for these paths, if any."""
    try:
        fd = os.open(paths.lock_file, os.O_RDONLY)
    except OSError:
        return None
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_SH | fcntl.LOCK_NB)
        except OSError:
            try:
                return int(os.read(fd, 32).decode().strip() or 0) or -1
            except (OSError, ValueError):
                return -1
        fcntl.flock(fd, fcntl.LOCK_UN)
        return None
    finally:
        os.close(fd)


def make_context(paths: Paths, args, *, platform: str | None = None, env: Mapping[str, str] | None = None,
                 home_dir: Path | None = None, uid: int | None = None, manoled: Path | None = None) -> Context:
    env = dict(os.environ) if env is None else dict(env)
    home = getattr(args, "home", None) or env.get("MANOLE_HOME")
    custom_home = Path(home).expanduser().absolute() if home else None
    return Context(
        paths=paths,
        platform=platform_name(platform),
        env=env,
        home_dir=Path(home_dir) if home_dir is not None else Path(env.get("HOME") or Path.home()),
        uid=os.getuid() if uid is None else uid,
        manoled=manoled if manoled is not None else find_manoled(),
        custom_home=custom_home,
    )


def main(paths: Paths, args, *, platform: str | None = None, runner: Runner | None = None,
         env: Mapping[str, str] | None = None, home_dir: Path | None = None, uid: int | None = None,
         manoled: Path | None = None, out: TextIO | None = None, err: TextIO | None = None) -> int:
    """``manoled service install|uninstall|status [--dry-run]``."""
    out = out or sys.stdout
    err = err or sys.stderr
    runner = runner or subprocess_runner
    kw = dict(platform=platform, env=env, home_dir=home_dir, uid=uid, manoled=manoled)
    ctx = make_context(paths, args, **kw) if args.service_cmd == "install" else _ctx_without_binary(paths, args, **kw)
    dry = bool(getattr(args, "dry_run", False))
    if args.service_cmd == "status":
        st = query_status(ctx, runner)
        print_status(st, ctx, out)
        return EXIT_OK if st.installed and st.running else EXIT_NOT_RUNNING
    plan = plan_install(ctx) if args.service_cmd == "install" else plan_uninstall(ctx)
    if dry:
        describe(plan, out)
        return EXIT_OK
    if args.service_cmd == "install":
        pid = running_pid(paths)
        if pid:
            err.write(f"manoled: warning: a manoled{'' if pid < 0 else f' (pid {pid})'} is already running on "
                      f"{paths.data_dir}; stop it, or the service cannot start\n")
    code = execute(plan, runner, out, err)
    if code == EXIT_OK:
        if plan.action == "install":
            out.write(f"manoled is installed as a {'systemd user service' if ctx.platform == 'linux' else 'LaunchAgent'}"
                      f" running {ctx.manoled}\nlogs: {plan.log_hint}\nstatus: manoled service status\n")
        else:
            out.write("manoled service removed (your config, index and models are kept)\n")
    return code


def _ctx_without_binary(paths: Paths, args, **kw) -> Context:
    """uninstall/status do not need the executable; use a placeholder when it cannot be found."""
    if kw.get("manoled") is None:
        with contextlib.suppress(ServiceError):
            kw["manoled"] = find_manoled()
        if kw.get("manoled") is None:
            kw["manoled"] = Path("manoled")
    return make_context(paths, args, **kw)
