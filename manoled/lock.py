"""One daemon per data dir."""

from __future__ import annotations

import fcntl
import os
from pathlib import Path

from .errors import Busy


class InstanceLock:
    """One daemon per data dir: an flock on ``<data>/manoled.lock``."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._fd: int | None = None

    def acquire(self) -> None:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o600)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            try:
                pid = os.read(fd, 32).decode().strip()
            except OSError:
                pid = "?"
            os.close(fd)
            raise Busy(f"another manoled (pid {pid or '?'}) is already running on {self.path.parent}; "
                       "stop it first (or use a different --home)") from None
        os.ftruncate(fd, 0)
        os.write(fd, str(os.getpid()).encode())
        self._fd = fd

    def release(self) -> None:
        if self._fd is not None:
            os.close(self._fd)
            self._fd = None
