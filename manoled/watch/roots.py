"""Watched roots and their states: watched by inotify or by polling, offline, nested; the root monitor.

:class:`RootMonitor` is a part of :class:`manoled.watch.live.LiveIndex`.
"""

from __future__ import annotations

import logging
import os
import threading
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from watchdog.observers.api import BaseObserver, ObservedWatch

from ..catalog.records import Root
from ..catalog.store import Catalog
from .observers import WATCH_LIMIT_HINT, emitter_stopped
from .scheduler import Scheduler

log = logging.getLogger(__name__)


@dataclass
class RootWatch:
    root: Root
    mode: str = "pending"  # "inotify" | "polling" | "offline" | "nested" (inside another watched root)
    watch: ObservedWatch | None = None
    observer: BaseObserver | None = None
    ident: tuple[int, int] | None = None  # (st_dev, st_ino) of the root directory
    extra: dict[str, Any] = field(default_factory=dict)

    @property
    def path(self) -> Path:
        return self.root.path


def root_ident(path: Path) -> tuple[int, int] | None:
    try:
        st = os.stat(path)
    except OSError:
        return None
    if not os.path.isdir(path):
        return None
    return (st.st_dev, st.st_ino)


class RootMonitor:
    """Notices roots that vanish, come back, are replaced, overflow or hit the watch limit."""

    catalog: Catalog
    scheduler: Scheduler
    stop_event: threading.Event
    root_check_s: float
    overflow_count: int
    _lock: threading.RLock
    _roots: dict[Path, RootWatch]
    _wake: threading.Event
    _limit_hits: set[Path]
    _overflows: set[Path]
    _missing: set[Path]
    _warned_limit: bool

    def _watch(self, rw: RootWatch, polling: bool = False) -> None:
        raise NotImplementedError

    def _unwatch(self, rw: RootWatch) -> None:
        raise NotImplementedError

    def _rewatch_nested(self) -> None:
        raise NotImplementedError

    def _warn_limit(self, path: Path) -> None:
        self._limit_hits.add(path)
        if not self._warned_limit:
            self._warned_limit = True
            log.warning(WATCH_LIMIT_HINT, path)
        else:
            log.info("inotify watch limit: watching %s by polling", path)

    def _set_offline(self, rw: RootWatch) -> None:
        if rw.mode == "offline":
            return
        self._unwatch(rw)
        rw.mode = "offline"
        rw.ident = None
        self.catalog.set_root_online(rw.root.id, False)
        self.scheduler.forget(rw.path)
        kept = len(self.catalog.files(root_id=rw.root.id))
        log.warning("root %s is offline; keeping its %d indexed files until it returns", rw.path, kept)

    def _set_online(self, rw: RootWatch) -> None:
        self.catalog.set_root_online(rw.root.id, True)

    # -- notifications from other threads (must be cheap, never block on our lock) --
    def _note_limit(self, root: str) -> None:
        self._limit_hits.add(Path(root))
        self._wake.set()

    def _note_overflow(self, root: str) -> None:
        self.overflow_count += 1
        self._overflows.add(Path(root))
        self._wake.set()

    def _note_missing(self, root: Path) -> None:
        self._missing.add(Path(root))
        self._wake.set()

    # -- the root monitor -------------------------------------------------
    def _monitor_loop(self) -> None:
        while not self.stop_event.is_set():
            self._wake.wait(self.root_check_s)
            self._wake.clear()
            if self.stop_event.is_set():
                return
            try:
                self.check_roots()
            except Exception:  # noqa: BLE001 - the monitor must survive anything
                log.exception("root check failed")

    def check_roots(self) -> None:
        """One pass: switch roots that hit the watch limit to polling, rescan overflowed roots,
        mark vanished roots offline and bring returning ones back (one stat per root)."""
        while self._overflows:
            root = self._overflows.pop()
            log.warning("events were lost for %s (inotify queue overflow); rescanning it", root)
            self.scheduler.rescan(root)
        with self._lock:
            self._missing.clear()
            for rw in list(self._roots.values()):
                if rw.path in self._limit_hits and rw.mode == "inotify":
                    self._warn_limit(rw.path)
                    self._unwatch(rw)
                    self._watch(rw, polling=True)
                    self.scheduler.rescan(rw.path)
                    continue
                ident = root_ident(rw.path)
                if rw.mode == "offline":
                    if ident is not None:
                        log.warning("root %s is back; reconciling it", rw.path)
                        self._watch(rw)
                        if rw.mode != "offline":
                            self.scheduler.rescan(rw.path)
                elif ident is None:
                    self._set_offline(rw)
                elif rw.ident is not None and ident != rw.ident:
                    log.warning("root %s was replaced by another directory; rewatching and reconciling", rw.path)
                    self._unwatch(rw)
                    self._watch(rw)
                    self.scheduler.rescan(rw.path)
                elif rw.mode in ("inotify", "polling") and rw.watch is not None and rw.observer is not None:
                    if emitter_stopped(rw.observer, rw.watch):  # it stopped itself (root deleted)
                        self._unwatch(rw)
                        self._watch(rw, polling=rw.mode == "polling")
                        self.scheduler.rescan(rw.path)
            self._rewatch_nested()
