"""The daemon's socket file: a private directory, a 0600 socket, and no clobbering a live daemon."""

from __future__ import annotations

import contextlib
import errno
import os
import socket
import stat
from pathlib import Path

from ..errors import Busy, PathError

AF_UNIX_PATH_MAX = 107


def bind_private(path: Path) -> tuple[socket.socket, int]:
    """Bind and listen on ``path`` (mode 0600, in a 0700 dir); returns the socket and the file's inode.

    A stale socket left by a crashed daemon is removed; a live one raises :class:`Busy`.
    """
    if len(os.fsencode(str(path))) > AF_UNIX_PATH_MAX:
        raise PathError(f"socket path too long for AF_UNIX ({len(str(path))} bytes): {path}; set MANOLE_SOCKET")
    _private_dir(path.parent)
    try:
        st = path.lstat()
    except FileNotFoundError:
        pass
    else:
        if not stat.S_ISSOCK(st.st_mode):
            raise PathError(f"{path} exists and is not a socket")
        probe = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        try:
            probe.connect(str(path))
        except OSError:
            path.unlink()  # a stale socket from a crashed daemon
        else:
            raise Busy(f"another manoled is already listening on {path}")
        finally:
            probe.close()
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    try:
        sock.bind(str(path))
        os.chmod(path, 0o600)
        sock.listen(128)
    except OSError:
        sock.close()
        raise
    return sock, os.stat(path).st_ino


def unlink_if_ours(path: Path, inode: int) -> None:
    """Remove the socket file unless another process has replaced it since we bound it."""
    with contextlib.suppress(OSError):
        if os.stat(path).st_ino == inode:
            path.unlink()


def _private_dir(d: Path) -> None:
    """Make ``d`` (the socket's directory) exist and be private to us (0700)."""
    try:
        d.mkdir(parents=True, mode=0o700)
    except FileExistsError:
        pass
    st = d.stat()
    if st.st_uid != os.getuid():
        raise PathError(f"the socket directory {d} belongs to another user")
    if stat.S_IMODE(st.st_mode) & 0o077:
        try:
            os.chmod(d, 0o700)
        except OSError as exc:
            raise PathError(
                f"cannot make the socket directory {d} private: {os.strerror(exc.errno or errno.EPERM)}"
            ) from exc
