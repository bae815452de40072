"""Opening files under a watched root without ever following a link or blocking.

The indexer reads user files that other processes (or other users) may swap
at any moment. Checking a path with ``lstat`` and then opening it is a race
(time of check, time of use): a symlink to ``/etc/shadow`` or a FIFO put there
in between would be followed or would block forever. So:

* :func:`open_beneath` walks from the root one component at a time with
  ``openat`` and ``O_NOFOLLOW`` (``O_DIRECTORY`` for folders), so no component
  of the path, not only the last, can be a link; the file itself is opened
  with ``O_NONBLOCK`` (a FIFO or a device cannot block the open) and its
  *descriptor* is checked with ``fstat``: regular files only. Every later read
  (hashing, sniffing, extraction, the parser worker) goes through that
  descriptor, never through the path again.
* :func:`open_dir_beneath` does the same for a folder, for walks.

Refusals are :class:`Skip` errors (:mod:`manoled.index.extract` raises them too) with a human reason
("symbolic link (not followed)", "not a regular file (named pipe)") so that
the catalog records why a file was not indexed.
"""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path

from ..errors import ExtractError

O_CLOEXEC = getattr(os, "O_CLOEXEC", 0)
O_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)
O_NONBLOCK = getattr(os, "O_NONBLOCK", 0)
O_NOCTTY = getattr(os, "O_NOCTTY", 0)
O_DIRECTORY = getattr(os, "O_DIRECTORY", 0)

FILE_FLAGS = os.O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC
DIR_FLAGS = os.O_RDONLY | O_NOFOLLOW | O_DIRECTORY | O_CLOEXEC


class Skip(ExtractError):
    """The file is deliberately not indexed (a link, a special file, binary, empty, too big, unsupported)."""

    code = "skipped"


def _os_open(name: str | os.PathLike[str], flags: int, dir_fd: int | None = None) -> int:
    """``os.open``; a seam so tests can simulate unreadable files when run as root."""
    return os.open(name, flags, dir_fd=dir_fd)


def describe_mode(mode: int) -> str:
    if stat.S_ISLNK(mode):
        return "symbolic link"
    if stat.S_ISDIR(mode):
        return "directory"
    if stat.S_ISFIFO(mode):
        return "named pipe"
    if stat.S_ISSOCK(mode):
        return "socket"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "device"
    if stat.S_ISREG(mode):
        return "regular file"
    return "special file"


def _refusal(exc: OSError, name: str, dir_fd: int | None) -> ExtractError:
    """The reason for a failed no-follow open: a link is refused, other errors fail."""
    if exc.errno in (errno.ELOOP, errno.EMLINK):  # O_NOFOLLOW on a symlink (EMLINK on FreeBSD)
        return Skip("symbolic link (not followed)")
    if exc.errno == errno.ENOTDIR:
        try:
            st = os.stat(name, dir_fd=dir_fd, follow_symlinks=False)
        except OSError:
            return ExtractError("file not found")
        if stat.S_ISLNK(st.st_mode):  # a link to a folder on the way (O_DIRECTORY|O_NOFOLLOW)
            return Skip("symbolic link (not followed)")
        return Skip(f"inside a {describe_mode(st.st_mode)}, not a folder")
    if isinstance(exc, PermissionError):
        return ExtractError("permission denied")
    if isinstance(exc, FileNotFoundError):
        return ExtractError("file not found")
    if exc.errno == errno.ENXIO:  # a socket, or a FIFO with O_NONBLOCK on some systems
        return Skip("not a regular file (socket)")
    return ExtractError(f"cannot open file: {exc.strerror or exc}")


def _split(rel: str) -> list[str]:
    parts = [p for p in rel.split("/") if p not in ("", ".")]
    if any(p == ".." for p in parts):
        raise Skip("path leaves its folder ('..')")
    return parts


def open_dir_beneath(root: Path, rel: str) -> int:
    """A descriptor for the folder ``root/rel``, reached without following any link below ``root``."""
    try:
        fd = _os_open(root, os.O_RDONLY | O_DIRECTORY | O_CLOEXEC)  # the root itself is the user's choice
    except OSError as exc:
        raise _refusal(exc, os.fspath(root), None) from exc
    try:
        for part in _split(rel):
            try:
                nfd = _os_open(part, DIR_FLAGS, dir_fd=fd)
            except OSError as exc:
                raise _refusal(exc, part, fd) from exc
            os.close(fd)
            fd = nfd
    except BaseException:
        os.close(fd)
        raise
    return fd


def open_beneath(root: Path, rel: str) -> tuple[int, os.stat_result]:
    """Open the regular file ``root/rel`` read-only: no link followed, never blocks; returns (fd, fstat).

    Raises :class:`Skip` (a link, a FIFO, a socket, a device, a folder) or
    :class:`~manoled.errors.ExtractError` (missing, permission denied).
    """
    parts = _split(rel)
    if not parts:
        raise Skip("not a regular file (directory)")
    dfd = open_dir_beneath(root, "/".join(parts[:-1]))
    try:
        try:
            fd = _os_open(parts[-1], FILE_FLAGS, dir_fd=dfd)
        except OSError as exc:
            raise _refusal(exc, parts[-1], dfd) from exc
    finally:
        os.close(dfd)
    return fd, regular_or_close(fd)


def regular_or_close(fd: int) -> os.stat_result:
    """``fd``'s stat when it is a regular file; otherwise close it and raise :class:`Skip` saying what it is."""
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            raise Skip(f"not a regular file ({describe_mode(st.st_mode)})")
    except BaseException:
        os.close(fd)
        raise
    return st


def read_regular(path: Path, limit: int = 1 << 40) -> bytes:
    """The content of the regular file ``path`` (the last component is not followed; no blocking);
    raises :class:`OSError` for a link, FIFO, socket or device."""
    fd = os.open(path, FILE_FLAGS)
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            raise OSError(errno.EINVAL, f"not a regular file ({describe_mode(st.st_mode)})")
        return read_all(fd, limit)
    finally:
        os.close(fd)


def read_all(fd: int, limit: int) -> bytes:
    """Up to ``limit`` bytes from ``fd``'s start (positioned reads: the offset is left alone)."""
    parts: list[bytes] = []
    offset = 0
    while offset < limit:
        block = os.pread(fd, min(limit - offset, 1 << 20), offset)
        if not block:
            break
        parts.append(block)
        offset += len(block)
    return b"".join(parts)
