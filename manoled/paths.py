"""Where manoled keeps its config, data and socket.

Resolution, most specific first:

1. ``MANOLE_CONFIG_DIR``, ``MANOLE_DATA_DIR``, ``MANOLE_SOCKET`` (one path each);
2. ``MANOLE_HOME=<dir>`` (or ``--home``): ``<dir>/config``, ``<dir>/data``,
   ``<dir>/run/manoled.sock``;
3. the platform defaults: XDG dirs on Linux, ``~/Library/...`` on macOS.
"""

from __future__ import annotations

import os
import stat
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

APP = "manole"
SOCKET_NAME = "manoled.sock"


@dataclass(frozen=True)
class Paths:
    config_dir: Path
    data_dir: Path
    socket: Path

    @property
    def config_file(self) -> Path:
        return self.config_dir / "config.toml"

    @property
    def catalog(self) -> Path:
        return self.data_dir / "catalog.sqlite3"

    @property
    def index_dir(self) -> Path:
        return self.data_dir / "index"

    @property
    def models_dir(self) -> Path:
        return self.data_dir / "models"

    @property
    def lock_file(self) -> Path:
        return self.data_dir / "manoled.lock"

    @property
    def runtime_dir(self) -> Path:
        return self.socket.parent

    def ensure(self) -> None:
        """Create private (0700) data and runtime dirs; tighten an existing install's data (see :func:`secure_tree`)."""
        self.data_dir.mkdir(parents=True, exist_ok=True, mode=0o700)
        secure_tree(self.data_dir)
        self.runtime_dir.mkdir(parents=True, exist_ok=True, mode=0o700)
        os.chmod(self.runtime_dir, 0o700)


def secure_tree(top: Path) -> int:
    """Folders 0700 and files 0600 under ``top`` (itself included), never following a link.

    The data dir holds every extracted passage: older installs created it
    0755 with a 0644 catalog and WAL, readable by any local user. Runs at every
    start-up; returns how many modes it changed.
    """
    changed = 0
    stack = [Path(top)]
    while stack:
        d = stack.pop()
        try:
            st = os.stat(d, follow_symlinks=False)
        except OSError:
            continue
        if not stat.S_ISDIR(st.st_mode):
            continue
        changed += _tighten(d, st.st_mode, 0o700)
        try:
            entries = list(os.scandir(d))
        except OSError:
            continue
        for entry in entries:
            try:
                if entry.is_symlink():
                    continue
                if entry.is_dir(follow_symlinks=False):
                    stack.append(Path(entry.path))
                elif entry.is_file(follow_symlinks=False):
                    changed += _tighten(Path(entry.path), entry.stat(follow_symlinks=False).st_mode, 0o600)
            except OSError:
                continue
    return changed


def _tighten(path: Path, mode: int, want: int) -> int:
    if stat.S_IMODE(mode) & 0o077 == 0:
        return 0
    try:
        os.chmod(path, stat.S_IMODE(mode) & want)  # not a link: checked by the caller
    except (OSError, NotImplementedError):
        return 0
    return 1


def _home() -> Path:
    return Path(os.path.expanduser("~"))


def _platform_defaults() -> Paths:
    if sys.platform == "darwin":
        base = _home() / "Library" / "Application Support" / APP
        runtime = Path(os.environ.get("TMPDIR", tempfile.gettempdir())) / f"{APP}-{os.getuid()}"
        return Paths(config_dir=base, data_dir=base / "data", socket=runtime / SOCKET_NAME)
    config = Path(os.environ.get("XDG_CONFIG_HOME") or _home() / ".config") / APP
    data = Path(os.environ.get("XDG_DATA_HOME") or _home() / ".local" / "share") / APP
    xdg_runtime = os.environ.get("XDG_RUNTIME_DIR")
    runtime = Path(xdg_runtime) / APP if xdg_runtime else Path(tempfile.gettempdir()) / f"{APP}-{os.getuid()}"
    return Paths(config_dir=config, data_dir=data, socket=runtime / SOCKET_NAME)


def resolve(home: str | os.PathLike[str] | None = None, env: dict[str, str] | None = None) -> Paths:
    """Resolve the paths from ``--home``, the environment and the platform."""
    env = dict(os.environ) if env is None else env
    home = home or env.get("MANOLE_HOME")
    if home:
        h = Path(home).expanduser().resolve()
        paths = Paths(config_dir=h / "config", data_dir=h / "data", socket=h / "run" / SOCKET_NAME)
    else:
        paths = _platform_defaults()
    return Paths(
        config_dir=Path(env["MANOLE_CONFIG_DIR"]).expanduser() if env.get("MANOLE_CONFIG_DIR") else paths.config_dir,
        data_dir=Path(env["MANOLE_DATA_DIR"]).expanduser() if env.get("MANOLE_DATA_DIR") else paths.data_dir,
        socket=Path(env["MANOLE_SOCKET"]).expanduser() if env.get("MANOLE_SOCKET") else paths.socket,
    )
