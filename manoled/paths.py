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
from dataclasses import dataclass
from pathlib import Path

from manole_client.paths import APP, default_socket


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


def _platform_dirs() -> tuple[Path, Path]:
    if sys.platform == "darwin":
        base = _home() / "Library" / "Application Support" / APP
        return base, base / "data"
    config = Path(os.environ.get("XDG_CONFIG_HOME") or _home() / ".config") / APP
    data = Path(os.environ.get("XDG_DATA_HOME") or _home() / ".local" / "share") / APP
    return config, data


def resolve(home: str | os.PathLike[str] | None = None, env: dict[str, str] | None = None) -> Paths:
    """Resolve the paths from ``--home``, the environment and the platform.

    The socket comes from the client's own rule (:func:`manole_client.paths.default_socket`),
    so daemon and client always agree on where it is.
    """
    env = dict(os.environ) if env is None else env
    home = home or env.get("MANOLE_HOME")
    if home:
        h = Path(home).expanduser().resolve()
        config_dir, data_dir = h / "config", h / "data"
    else:
        config_dir, data_dir = _platform_dirs()
    # the platform part of the socket's rule reads the process environment, as the config and data dirs do
    socket_env = {k: v for k, v in os.environ.items() if k not in ("MANOLE_HOME", "MANOLE_SOCKET")}
    if home:
        socket_env["MANOLE_HOME"] = str(home)
    if env.get("MANOLE_SOCKET"):
        socket_env["MANOLE_SOCKET"] = env["MANOLE_SOCKET"]
    return Paths(
        config_dir=Path(env["MANOLE_CONFIG_DIR"]).expanduser() if env.get("MANOLE_CONFIG_DIR") else config_dir,
        data_dir=Path(env["MANOLE_DATA_DIR"]).expanduser() if env.get("MANOLE_DATA_DIR") else data_dir,
        socket=default_socket(socket_env),
    )
