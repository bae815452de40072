"""Signals acted on by a thread of their own, not inside the signal handler.

Two ways a Python handler can leave ``manoled`` deaf to SIGTERM, both seen or shown here:

* The kernel may hand a process's signal to any of its threads. CPython's C handler then only flags it, and the
  Python handler runs when the main thread next executes bytecode. ``manoled``'s main thread sits in
  ``stop.wait()``, blocked in a lock, and never does: the daemon ran on with the signal pending (a stress run of
  start, READY, SIGTERM hung about once in 250; the main thread's stack was ``stop.wait()`` and no handler had run).
* A handler runs in the main thread between two of its bytecodes. If the main thread holds a lock there (the
  Event's, on its way into ``stop.wait()``) and the handler takes the same one (``Event.set``, a log line), it
  waits for itself.

So the Python handler does nothing. The C-level handler, in whichever thread took the signal, writes its number to
a pipe (:func:`signal.set_wakeup_fd`), and a relay thread reads it and calls ``handle(signum)`` with no lock held.
"""

from __future__ import annotations

import logging
import os
import signal
import threading
from collections.abc import Callable, Iterable

log = logging.getLogger(__name__)


def _ignore(_signum: int, _frame: object) -> None:
    """Installed so the signal neither kills the process nor raises; the relay acts on it."""


class SignalRelay:
    """``install(handle)`` calls ``handle(signum)`` from a thread for each of ``signums``; ``close()`` undoes it.

    Only the main thread may install it; ``close()`` puts the previous handlers back (and does nothing if not
    installed).
    """

    def __init__(self, signums: Iterable[int]) -> None:
        self._signums = tuple(signums)
        self._old: dict[int, object] = {}
        self._old_fd = -1
        self._fds: tuple[int, int] | None = None
        self._thread: threading.Thread | None = None

    def install(self, handle: Callable[[int], None]) -> None:
        read, write = os.pipe()
        os.set_blocking(write, False)
        self._fds = (read, write)
        self._thread = threading.Thread(target=self._relay, args=(read, handle), name="manoled-signals", daemon=True)
        self._thread.start()
        self._old_fd = signal.set_wakeup_fd(write, warn_on_full_buffer=False)
        for signum in self._signums:
            self._old[signum] = signal.signal(signum, _ignore)

    def close(self) -> None:
        if self._fds is None:
            return
        for signum, old in self._old.items():
            signal.signal(signum, old)
        self._old.clear()
        signal.set_wakeup_fd(self._old_fd)
        os.close(self._fds[1])  # the relay reads end-of-file and returns
        if self._thread is not None and self._thread is not threading.current_thread():
            self._thread.join(5)
        os.close(self._fds[0])
        self._fds = None

    def _relay(self, read: int, handle: Callable[[int], None]) -> None:
        while True:
            try:
                data = os.read(read, 64)
            except OSError:
                return
            if not data:
                return
            for signum in data:
                if signum in self._signums:
                    try:
                        handle(signum)
                    except Exception:  # noqa: BLE001 - one bad signal must not end the relay
                        log.exception("handling signal %d failed", signum)
