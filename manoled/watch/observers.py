"""The watchdog adapter: an inotify observer that reports the watch limit and queue overflows, and the
polling fallback. Everything here that touches watchdog's internals is in this module."""

from __future__ import annotations

import errno
import logging
import os
from collections.abc import Callable
from typing import Any

from watchdog.observers.api import BaseObserver, ObservedWatch
from watchdog.observers.polling import PollingObserverVFS

log = logging.getLogger(__name__)

WATCH_LIMIT_HINT = (
    "the inotify watch limit (fs.inotify.max_user_watches) is exhausted; watching %s by polling "
    "instead, which is slower and costs CPU. Raise the limit with "
    "'sudo sysctl fs.inotify.max_user_watches=524288' and make it permanent with "
    "'echo fs.inotify.max_user_watches=524288 | sudo tee /etc/sysctl.d/90-manoled.conf', then restart manoled."
)

Callback = Callable[[str], None]


# -- an inotify observer that reports the watch limit and queue overflows -----
def _guarded_emitter_class() -> type | None:
    """watchdog's inotify emitter, with its watch group reporting ENOSPC and overflows.

    watchdog swallows ENOSPC for folders below the watched path and handles
    IN_Q_OVERFLOW internally; both hooks rely on watchdog 7's internals and
    quietly degrade to the plain emitter on other versions.
    """
    try:
        from dataclasses import dataclass as _dc

        from watchdog.observers.inotify import InotifyEmitter, InotifyWatchGroup
    except ImportError:  # not Linux, or an older watchdog
        return None

    @_dc(eq=False)
    class GuardedWatchGroup(InotifyWatchGroup):
        on_limit: Any = None
        on_overflow: Any = None

        def _add_callback(self, path: bytes) -> None:
            if path in self._active_callbacks_by_path and path != self.path:
                return  # already watched (a new folder seen both by its event and by the recursive walk)
            try:
                wd = self._inotify_fd.add_callback(path, self.event_mask, self._callback, self._id)
            except OSError as exc:
                if path == self.path:
                    raise
                if exc.errno == errno.ENOSPC and self.on_limit is not None:
                    self.on_limit(os.fsdecode(self.path))
                return
            self._active_callbacks_by_path[path] = wd
            self._active_callbacks_by_watch[wd] = path

        def on_queue_overflow(self) -> None:
            super().on_queue_overflow()
            if self.on_overflow is not None:
                self.on_overflow(os.fsdecode(self.path))

    class GuardedEmitter(InotifyEmitter):
        def __init__(self, event_queue, watch, *, on_limit: Callback | None = None,
                     on_overflow: Callback | None = None, **kwargs) -> None:
            super().__init__(event_queue, watch, **kwargs)
            self._on_limit = on_limit
            self._on_overflow = on_overflow

        def on_thread_start(self) -> None:
            self._inotify = GuardedWatchGroup(
                self._inotify_fd,
                os.fsencode(self.watch.path),
                is_recursive=self.watch.is_recursive,
                event_mask=self.get_event_mask_from_filter(),
                follow_symlink=self.watch.follow_symlink,
                on_limit=self._on_limit,
                on_overflow=self._on_overflow,
            )

    return GuardedEmitter


_GUARDED_EMITTER = _guarded_emitter_class()


def make_observer(on_limit: Callback | None = None, on_overflow: Callback | None = None) -> BaseObserver:
    """The native observer (inotify with our hooks where possible); polling if there is none."""
    try:
        from watchdog.observers.inotify import InotifyObserver
    except ImportError:
        from watchdog.observers import Observer

        return Observer()
    try:
        observer = InotifyObserver()
    except OSError as exc:  # EMFILE: the inotify instance limit
        log.warning("inotify is unavailable (%s); watching by polling", exc)
        return make_polling_observer()
    if _GUARDED_EMITTER is not None and hasattr(observer, "_emitter_class") and hasattr(observer, "_emitter_kwargs"):
        observer._emitter_class = _GUARDED_EMITTER
        observer._emitter_kwargs.update(on_limit=on_limit, on_overflow=on_overflow)
    return observer


def make_polling_observer(interval: float = 2.0) -> BaseObserver:
    # lstat, not stat: never follow a symlink, so a directory loop cannot recurse
    return PollingObserverVFS(stat=os.lstat, listdir=os.scandir, polling_interval=interval)


def emitter_stopped(observer: BaseObserver, watch: ObservedWatch) -> bool:
    """Whether the emitter of ``watch`` has stopped by itself (its root was deleted)."""
    emitter = getattr(observer, "_emitter_for_watch", {}).get(watch)
    return emitter is not None and not emitter.is_alive()
