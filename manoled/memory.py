"""The process's own memory: resident size now, and giving freed heap back to the OS.

Used by ``status`` (what each loaded model holds) and after a model unloads,
so an idle daemon shows its real, small footprint.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import os
import sys

_PAGE = os.sysconf("SC_PAGE_SIZE") if hasattr(os, "sysconf") else 4096


def rss_bytes() -> int | None:
    """Resident set size of this process now (None where the platform does not say)."""
    try:
        with open("/proc/self/statm", "rb") as f:
            return int(f.read().split()[1]) * _PAGE
    except (OSError, ValueError, IndexError):
        return None


def trim() -> None:
    """Return free heap pages to the OS (glibc's ``malloc_trim``; a no-op elsewhere)."""
    if not sys.platform.startswith("linux"):
        return
    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6")
        libc.malloc_trim(0)
    except (OSError, AttributeError):
        pass


def mb(n: int | None) -> float | None:
    return None if n is None else round(n / 2**20, 1)
