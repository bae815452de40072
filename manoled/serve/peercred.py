"""The uid of the process at the other end of a Unix socket.

Linux uses ``SO_PEERCRED``; macOS and the BSDs use ``getpeereid(3)`` from libc.
``peer_uid`` returns ``None`` when the platform offers neither, and the server
then refuses the connection (it cannot prove who is calling).

The server takes the function as a parameter, so a test can pass a fake that
reports a foreign uid.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import logging
import socket
import struct
from collections.abc import Callable

log = logging.getLogger(__name__)

PeerUid = Callable[[socket.socket], "int | None"]

_UCRED = struct.Struct("3i")  # pid, uid, gid
_getpeereid = None


def _libc_getpeereid():  # pragma: no cover - macOS / BSD only
    global _getpeereid
    if _getpeereid is None:
        libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)
        fn = libc.getpeereid
        fn.argtypes = [ctypes.c_int, ctypes.POINTER(ctypes.c_uint32), ctypes.POINTER(ctypes.c_uint32)]
        fn.restype = ctypes.c_int
        _getpeereid = fn
    return _getpeereid


def peer_uid(sock: socket.socket) -> int | None:
    """The peer's effective uid, or ``None`` when it cannot be determined."""
    so_peercred = getattr(socket, "SO_PEERCRED", None)
    try:
        if so_peercred is not None:
            _pid, uid, _gid = _UCRED.unpack(sock.getsockopt(socket.SOL_SOCKET, so_peercred, _UCRED.size))
            return uid
        fn = _libc_getpeereid()  # pragma: no cover - macOS / BSD only
        uid_c, gid_c = ctypes.c_uint32(), ctypes.c_uint32()  # pragma: no cover
        if fn(sock.fileno(), ctypes.byref(uid_c), ctypes.byref(gid_c)) != 0:  # pragma: no cover
            return None
        return int(uid_c.value)  # pragma: no cover
    except (OSError, AttributeError, ValueError) as exc:
        log.debug("cannot read peer credentials: %s", exc)
        return None
