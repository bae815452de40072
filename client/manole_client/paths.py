"""Where the daemon's socket is: the one rule that client and daemon share (``manoled.paths`` imports it).

``--socket``, then ``MANOLE_SOCKET``, then
``$MANOLE_HOME/run/manoled.sock``, then the platform default
(``$XDG_RUNTIME_DIR/manole/manoled.sock`` on Linux, falling back to
``/tmp/manole-<uid>/``; ``$TMPDIR/manole-<uid>/`` on macOS).
"""

from __future__ import annotations

import os
import sys
import tempfile
from collections.abc import Mapping
from pathlib import Path

APP = "manole"
SOCKET_NAME = "manoled.sock"


def default_socket(env: Mapping[str, str] | None = None) -> Path:
    env = os.environ if env is None else env
    if env.get("MANOLE_SOCKET"):
        return Path(env["MANOLE_SOCKET"]).expanduser()
    if env.get("MANOLE_HOME"):
        return Path(env["MANOLE_HOME"]).expanduser().resolve() / "run" / SOCKET_NAME
    if sys.platform == "darwin":
        runtime = Path(env.get("TMPDIR") or tempfile.gettempdir()) / f"{APP}-{os.getuid()}"
        return runtime / SOCKET_NAME
    xdg_runtime = env.get("XDG_RUNTIME_DIR")
    runtime = Path(xdg_runtime) / APP if xdg_runtime else Path(tempfile.gettempdir()) / f"{APP}-{os.getuid()}"
    return runtime / SOCKET_NAME


def resolve_socket(explicit: str | os.PathLike[str] | None = None, env: Mapping[str, str] | None = None) -> Path:
    if explicit:
        return Path(explicit).expanduser()
    return default_socket(env)


def state_dir(env: Mapping[str, str] | None = None) -> Path:
    """Where the client keeps its own state (the chat history)."""
    env = os.environ if env is None else env
    if env.get("MANOLE_HOME"):
        return Path(env["MANOLE_HOME"]).expanduser() / "state"
    base = env.get("XDG_STATE_HOME") or str(Path.home() / ".local" / "state")
    return Path(base) / APP
