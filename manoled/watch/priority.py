"""Low priority for the indexing thread: ``nice`` and the idle I/O class (best effort, Linux only)."""

from __future__ import annotations

import ctypes
import logging
import os
import platform
import threading

log = logging.getLogger(__name__)

_IOPRIO_SET = {"x86_64": 251, "amd64": 251, "i386": 289, "i686": 289, "aarch64": 30, "arm64": 30,
               "riscv64": 30, "armv7l": 314, "ppc64le": 273, "ppc64": 273, "s390x": 282}
IOPRIO_CLASS_IDLE = 3
IOPRIO_WHO_PROCESS = 1


def lower_thread_priority(nice: int) -> dict[str, object]:
    """Make the calling thread nice and idle-I/O. Best effort: never raises; returns what it did."""
    done: dict[str, object] = {}
    if not hasattr(os, "setpriority"):
        return done
    tid = threading.get_native_id()
    try:
        current = os.getpriority(os.PRIO_PROCESS, tid)
        target = min(19, max(current, int(nice)))
        if target != current:
            os.setpriority(os.PRIO_PROCESS, tid, target)
        done["nice"] = target
    except OSError as exc:
        log.debug("cannot renice the indexing thread: %s", exc)
    nr = _IOPRIO_SET.get(platform.machine().lower())
    if nr is not None and platform.system() == "Linux":
        try:
            libc = ctypes.CDLL(None, use_errno=True)
            if libc.syscall(nr, IOPRIO_WHO_PROCESS, tid, IOPRIO_CLASS_IDLE << 13) == 0:
                done["ioprio"] = "idle"
            else:
                log.debug("ioprio_set failed: errno %d", ctypes.get_errno())
        except (OSError, AttributeError) as exc:
            log.debug("ioprio_set unavailable: %s", exc)
    return done
