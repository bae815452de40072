"""The content hash the catalog keys files, cached text and captions by."""

from __future__ import annotations

import hashlib
import os
import stat as stat_mod
import threading
from pathlib import Path

from .safeopen import FILE_FLAGS

HASH_BLOCK = 1 << 20


def hash_fd(fd: int, stop: threading.Event | None = None) -> str | None:
    """The content hash of the open file ``fd`` (positioned reads); ``None`` if ``stop`` was set meanwhile."""
    h = hashlib.blake2b(digest_size=16)
    offset = 0
    while block := os.pread(fd, HASH_BLOCK, offset):
        h.update(block)
        offset += len(block)
        if stop is not None and stop.is_set():
            return None
    return h.hexdigest()


def hash_file(path: Path) -> str:
    """The content hash of ``path`` (a regular file, opened without following a link or blocking)."""
    fd = os.open(path, FILE_FLAGS)
    try:
        if not stat_mod.S_ISREG(os.fstat(fd).st_mode):
            raise OSError(f"not a regular file: {path}")
        digest = hash_fd(fd)
        assert digest is not None
        return digest
    finally:
        os.close(fd)
