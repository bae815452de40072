"""Live watching: filesystem events -> file changes -> the background indexer.

The daemon wires one :class:`LiveIndex`::

    live = LiveIndex(indexer, catalog, config)   # after indexer.sync_index()
    live.start()            # watch every root, reconcile each with Indexer.scan
    live.status()           # queue depth, per-kind counts, roots and how each is watched
    live.pause(); live.resume()
    live.add_root(path); live.remove_root(path)
    live.rescan()           # or rescan(path): a root or a folder inside one
    live.wait_idle(timeout) -> bool   # tests and benches: nothing pending (a Condition, no polling)
    live.stop()             # stops watching, finishes the batch in progress

How events become changes
-------------------------
One watchdog observer (inotify on Linux) watches every root recursively; it
never follows symlinks, so a directory loop cannot hang it. Events are reduced
to four kinds of change (``indexer.Change``):

* created / modified / closed-after-write / deleted: the path goes to the
  :class:`~manoled.watch.scheduler.Scheduler`, which waits until it has been quiet
  for ``WatchConfig.quiet_s`` and then looks at the disk. Bursts coalesce: an
  editor's write-temp-then-rename is one modify, a 10,000-file copy is a steady
  queue of batched commits. Opens, reads and attribute-only changes are not
  watched at all (indexing reads files; that must never feed back).
* moved within the roots: one ``moved`` change, a catalog path update (no
  extraction, no embedding, no caption). A directory rename is one ``moved``
  change for the directory (``Indexer.apply`` moves every file under it);
  watchdog's synthetic per-file moves are dropped. Moved out of every root (or
  to an ignored name): deleted. Moved in: added (a directory: its subtree is
  scanned).
* a ``.manoleignore`` created, changed or deleted: its folder's cached rules
  are dropped and that folder is rescanned, so newly ignored files leave the
  index and newly allowed ones enter it.

Ignored paths (hidden, ``.git``, ``node_modules``, swap files, partial
downloads, config globs, ``.manoleignore``) are dropped before queueing; see
:mod:`manoled.index.ignore`. The rules objects are the indexer's own
(``Indexer.ignore_rules``), so a scan and the watcher always agree.

Failure modes
-------------
* inotify watch limit (``ENOSPC``), for a root or for any folder below it: that
  root falls back to polling (``PollingObserverVFS``, lstat-based, every
  ``polling_interval`` seconds) with one warning that says how to raise
  ``fs.inotify.max_user_watches``; the root is rescanned.
* inotify queue overflow (``IN_Q_OVERFLOW``): watchdog rebuilds its watches and
  tells the watch group; we hook that and rescan the affected root.
* a root disappears (deleted, renamed, unmounted): it is marked offline in the
  catalog and its index entries are KEPT. Queued deletions under a missing
  root are dropped rather than applied. Offline roots are checked with one
  ``stat`` every ``root_check_s`` seconds (only the root, never its tree); when
  one comes back it is watched again and reconciled with ``Indexer.scan``.
  The same check notices a root replaced by another directory (new inode).
* an unreadable file or folder is recorded by the indexer (state ``failed``)
  or skipped with a log line; watching carries on.

Threads: the observer's (watchdog), one indexing worker (the scheduler) and one
root monitor. Each has ``start()``/``stop()`` and a stop event.
"""

from __future__ import annotations

import errno
import logging
import os
import threading
from collections.abc import Callable
from pathlib import Path

from watchdog.events import (
    DirCreatedEvent,
    DirDeletedEvent,
    DirMovedEvent,
    FileClosedEvent,
    FileCreatedEvent,
    FileDeletedEvent,
    FileModifiedEvent,
    FileMovedEvent,
    FileSystemEvent,
    FileSystemEventHandler,
)
from watchdog.observers.api import BaseObserver

from ..catalog.records import Root
from ..catalog.store import Catalog
from ..config import Config
from ..index.ignore import IgnoreRules, is_ignore_file
from .observers import Callback, make_observer, make_polling_observer
from .roots import RootMonitor, RootWatch, root_ident
from .scheduler import Scheduler
from .seams import LiveIndexing

log = logging.getLogger(__name__)

EVENT_FILTER: list[type[FileSystemEvent]] = [
    FileCreatedEvent, FileModifiedEvent, FileClosedEvent, FileDeletedEvent, FileMovedEvent,
    DirCreatedEvent, DirDeletedEvent, DirMovedEvent,
]

class _Handler(FileSystemEventHandler):
    def __init__(self, live: LiveIndex) -> None:
        self.live = live

    def dispatch(self, event: FileSystemEvent) -> None:
        try:
            self.live._on_event(event)
        except Exception:  # noqa: BLE001 - an exception here would kill the observer thread
            log.exception("cannot handle %r", event)


class LiveIndex(RootMonitor):
    """Watches every root and keeps the index fresh in the background (see the module docstring)."""

    def __init__(
        self,
        indexer: LiveIndexing,
        catalog: Catalog,
        config: Config,
        *,
        observer_factory: Callable[[Callback, Callback], BaseObserver] | None = None,
        polling_interval: float = 2.0,
        root_check_s: float = 2.0,
    ) -> None:
        self.indexer = indexer
        self.catalog = catalog
        self.config = config
        self.polling_interval = polling_interval
        self.root_check_s = root_check_s
        self._observer_factory = observer_factory or make_observer
        self._lock = threading.RLock()
        self._roots: dict[Path, RootWatch] = {}
        self._view: tuple[RootWatch, ...] = ()
        self._observer: BaseObserver | None = None
        self._polling: BaseObserver | None = None
        self._handler = _Handler(self)
        self.stop_event = threading.Event()
        self._wake = threading.Event()
        self._monitor: threading.Thread | None = None
        self._limit_hits: set[Path] = set()
        self._overflows: set[Path] = set()
        self._missing: set[Path] = set()
        self._warned_limit = False
        self.overflow_count = 0
        self.scheduler = Scheduler(indexer, config, roots=self._online_roots, on_root_missing=self._note_missing)

    # -- lifecycle --------------------------------------------------------
    def start(self) -> None:
        """Watch every configured and catalogued root, then reconcile each (in the background)."""
        self.stop_event.clear()
        self.scheduler.start()
        self._observer = self._observer_factory(self._note_limit, self._note_overflow)
        self._observer.start()
        paths = [Path(p) for p in self.config.root_paths()]
        paths += [r.path for r in self.catalog.roots() if r.path not in paths]
        for p in paths:
            self._add(p, scan=True)
        self._monitor = threading.Thread(target=self._monitor_loop, name="manoled-roots", daemon=True)
        self._monitor.start()

    def stop(self) -> None:
        """Stop watching; the indexing batch in progress is finished first."""
        self.stop_event.set()
        self._wake.set()
        if self._monitor is not None:
            self._monitor.join()
            self._monitor = None
        for obs in (self._observer, self._polling):
            if obs is not None:
                try:
                    obs.stop()
                    obs.join()
                except RuntimeError:  # never started
                    pass
        self._observer = self._polling = None
        with self._lock:
            for rw in self._roots.values():
                rw.watch = rw.observer = None
        self.scheduler.stop()

    def pause(self) -> None:
        """Stop taking new batches (events are still collected and coalesced)."""
        self.scheduler.pause()

    def resume(self) -> None:
        self.scheduler.resume()

    def wait_idle(self, timeout: float | None = None) -> bool:
        """True once nothing is queued or being applied (events still in the kernel are not seen)."""
        return self.scheduler.wait_idle(timeout)

    def status(self) -> dict[str, object]:
        out = self.scheduler.status()
        with self._lock:
            out["roots"] = [
                {"path": str(rw.path), "mode": rw.mode, "online": rw.mode != "offline"}
                for rw in self._roots.values()
            ]
        out["overflows"] = self.overflow_count
        return out

    # -- roots ------------------------------------------------------------
    def add_root(self, path: Path | str) -> Root:
        """Start watching ``path`` and index it (in the background)."""
        rw = self._add(Path(path).expanduser().resolve(), scan=True)
        return rw.root

    def remove_root(self, path: Path | str) -> int:
        """Stop watching ``path`` and forget its files; returns how many were forgotten."""
        p = Path(path).expanduser().resolve()
        with self._lock:
            rw = self._roots.pop(p, None)
            self._publish()
            if rw is not None:
                self._unwatch(rw)
            self._rewatch_nested()
        self.scheduler.forget(p)
        root = next((r for r in self.catalog.roots() if r.path == p), None)
        if root is None:
            return 0
        return self.indexer.remove_root(root.path)

    def rescan(self, path: Path | str | None = None) -> None:
        """Reconcile every root, one root, or one folder inside a root (stat only, in the background)."""
        if path is None:
            with self._lock:
                todo = [rw.path for rw in self._roots.values() if rw.mode != "offline"]
            for p in todo:
                self.scheduler.rescan(p)
            return
        p = Path(path).expanduser().resolve()
        root = self._root_for(p)
        if root is None:
            raise ValueError(f"{p} is not inside a watched root")
        self.scheduler.rescan(root.path, None if p == root.path else p)

    def roots(self) -> list[RootWatch]:
        with self._lock:
            return list(self._roots.values())

    # The observer thread calls the handler while holding the observer's lock, and unscheduling a
    # watch (under our lock) needs that lock too: so event handling never takes our lock. It reads
    # ``self._view``, an immutable snapshot of the roots, deepest first, republished on every change.
    def _publish(self) -> None:
        self._view = tuple(sorted(self._roots.values(), key=lambda rw: len(rw.path.parts), reverse=True))

    def _online_roots(self) -> list[Path]:
        return [rw.path for rw in self._view if rw.mode != "offline"]

    def _root_for(self, path: Path) -> RootWatch | None:
        for rw in self._view:
            if path == rw.path or rw.path in path.parents:
                return rw
        return None

    def _add(self, path: Path, scan: bool) -> RootWatch:
        root = self.catalog.add_root(path)
        with self._lock:
            rw = self._roots.get(root.path)
            if rw is None:
                rw = self._roots[root.path] = RootWatch(root)
                self._publish()
            if self._observer is not None and rw.watch is None:
                self._watch(rw)
            self._rewatch_nested()
        if scan and rw.mode != "offline":
            self.scheduler.rescan(root.path)
        return rw

    def _outer(self, rw: RootWatch) -> RootWatch | None:
        for other in self._roots.values():
            if other is not rw and other.path in rw.path.parents and other.mode in ("inotify", "polling"):
                return other
        return None

    def _rewatch_nested(self) -> None:
        """A root inside another watched root needs no watch of its own (events would arrive twice)."""
        for rw in self._roots.values():
            outer = self._outer(rw)
            if outer is not None and rw.watch is not None:
                self._unwatch(rw)
                rw.mode = "nested"
            elif outer is None and rw.mode == "nested":
                rw.mode = "pending"
                self._watch(rw)

    def _watch(self, rw: RootWatch, polling: bool = False) -> None:
        """Schedule a watch for ``rw`` (caller holds the lock)."""
        ident = root_ident(rw.path)
        if ident is None:
            self._set_offline(rw)
            return
        rw.ident = ident
        if self._outer(rw) is not None:
            rw.mode = "nested"
            self._set_online(rw)
            return
        if not polling and rw.path not in self._limit_hits:
            try:
                assert self._observer is not None
                rw.watch = self._observer.schedule(self._handler, str(rw.path), recursive=True,
                                                   event_filter=EVENT_FILTER, follow_symlink=False)
                rw.observer = self._observer
                rw.mode = "inotify"
                self._set_online(rw)
                return
            except OSError as exc:
                if exc.errno != errno.ENOSPC:
                    if not os.path.isdir(rw.path):
                        self._set_offline(rw)
                        return
                    log.warning("cannot watch %s (%s); watching by polling", rw.path, exc)
                else:
                    self._warn_limit(rw.path)
        if self._polling is None:
            self._polling = make_polling_observer(self.polling_interval)
            self._polling.start()
        rw.watch = self._polling.schedule(self._handler, str(rw.path), recursive=True, event_filter=EVENT_FILTER)
        rw.observer = self._polling
        rw.mode = "polling"
        self._set_online(rw)

    def _unwatch(self, rw: RootWatch) -> None:
        if rw.watch is not None and rw.observer is not None:
            try:
                rw.observer.unschedule(rw.watch)
            except (KeyError, OSError, RuntimeError) as exc:
                log.debug("unschedule %s: %s", rw.path, exc)
        rw.watch = rw.observer = None
    # -- events -----------------------------------------------------------
    def _rules(self, rw: RootWatch) -> IgnoreRules:
        return self.indexer.ignore_rules(rw.root)

    def _on_event(self, event: FileSystemEvent) -> None:
        etype = event.event_type
        src = Path(os.fsdecode(event.src_path))
        if etype == "moved":
            if event.is_synthetic:  # watchdog's per-file echo of a directory move
                return
            self._on_move(src, Path(os.fsdecode(event.dest_path)), event.is_directory)
            return
        if etype not in ("created", "modified", "closed", "deleted"):
            return
        if event.is_directory and etype == "modified":
            return
        rw = self._root_for(src)
        if rw is None or rw.mode == "offline":
            return
        if src == rw.path:
            if etype == "deleted":
                self._note_missing(src)
            return
        if is_ignore_file(src):
            self._ignore_file_changed(rw, src.parent)
            return
        if self._rules(rw).ignored(src, event.is_directory):
            return
        op = "deleted" if etype == "deleted" else ("added" if etype == "created" else "modified")
        self.scheduler.touch(src, op)

    def _ignore_file_changed(self, rw: RootWatch, folder: Path) -> None:
        rules = self._rules(rw)
        rules.invalidate(folder)
        if folder == rw.path or not rules.ignored(folder, True):
            self.scheduler.rescan(rw.path, folder)

    def _on_move(self, src: Path, dest: Path, is_dir: bool) -> None:
        srw, drw = self._root_for(src), self._root_for(dest)
        if srw is not None and srw.mode == "offline":
            srw = None
        if drw is not None and drw.mode == "offline":
            drw = None
        for rw, p in ((srw, src), (drw, dest)):
            if rw is not None and is_ignore_file(p):
                self._ignore_file_changed(rw, p.parent)
        src_in = srw is not None and src != srw.path and not self._rules(srw).ignored(src, is_dir)
        dest_in = drw is not None and dest != drw.path and not self._rules(drw).ignored(dest, is_dir)
        if src_in and dest_in:
            self.scheduler.move(src, dest)
        elif src_in:
            self.scheduler.touch(src, "deleted")
        elif dest_in:
            self.scheduler.touch(dest, "added")
