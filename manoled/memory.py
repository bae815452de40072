"""The process's own memory: resident size now, and giving freed heap back to the OS.

Used by ``status`` (what each loaded model holds) and after a model unloads,
so an idle daemon shows its real, small footprint. :func:`settle` runs once the
daemon has caught up: what is alive then (modules, models, the catalog) lives for
the whole run, so the cyclic garbage collector stops walking it on every full
collection, and those pauses no longer land in a ``status`` reply's tail.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import gc
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


def settle() -> int:
    """After start-up and catch-up: collect what is garbage now, move every surviving object to the
    permanent generation (``gc.freeze``: never scanned again) and give the freed heap back.
    Returns how many objects were frozen."""
    gc.collect()
    gc.freeze()
    trim()
    return gc.get_freeze_count()


def mb(n: int | None) -> float | None:
    return None if n is None else round(n / 2**20, 1)
