"""The background work queue between file events and ``Indexer.apply``.

The watcher tells the :class:`Scheduler` what it saw; one worker thread turns
that into batches for the indexer:

* ``touch(path, op)``: something happened to ``path``. The path is held until
  it has been quiet for ``WatchConfig.quiet_s`` (each new event restarts its
  clock, capped at ``max_hold_s`` so a file that never stops changing is still
  indexed now and then). Many events on one path are one entry. When it is
  due, the entry is resolved against the disk: gone -> ``deleted`` (for a
  directory: everything under it), a regular file -> ``added``/``modified``,
  a directory -> a scan of that subtree (``Indexer.scan(root, top)``).
* ``move(src, dest)``: applied in arrival order, before any content work and
  without waiting for quiet (it is a catalog path update). Pending entries
  for ``src`` (or under it, for a directory) follow the move.
* ``rescan(root, top=None)``: ``Indexer.scan`` for a root or a subtree; its
  deletes and adds that share an inode, size and mtime become moves (a rename
  made while nothing watched keeps its passages).

Due entries are taken in priority order: deletions, then recently modified
files (the last hour, day, week, …); then text, then PDFs and office documents,
then unknown types, then images; new files before modified ones; small before
big. A batch starts with at most ``IndexConfig.commit_batch_files`` files;
while the indexer works on it, it asks ``feed()`` between commits for what has
become due since (moves included), so a small file saved while a large one is
embedding is committed within a step or two, not after the whole batch.

The worker runs at low priority (best effort, Linux only): ``nice`` for its
own thread (``WatchConfig.nice``) and the idle I/O class. ``pause()`` stops
taking new batches; ``stop()`` finishes the current batch first.
``status()`` reports queue depth and per-kind counts; ``wait_idle(timeout)``
blocks (on a condition, no polling) until nothing is pending.
"""

from __future__ import annotations

import heapq
import itertools
import logging
import os
import threading
import time
from collections import deque
from collections.abc import Callable, Iterable
from pathlib import Path

from ..config import Config
from ..index.changes import ApplyStats, Change, age_bucket, rebase, under
from ..index.kinds import ext_kind
from .priority import lower_thread_priority
from .resolve import Entry, Resolution
from .seams import Indexing

log = logging.getLogger(__name__)

MAX_HOLD_S = 30.0
_OPS = ("added", "modified", "deleted")




class Scheduler(Resolution):
    """Debounced, prioritised, batched background indexing (one worker thread)."""

    def __init__(
        self,
        indexer: Indexing,
        config: Config,
        *,
        roots: Callable[[], Iterable[Path]] | None = None,
        on_root_missing: Callable[[Path], None] | None = None,
        max_hold_s: float = MAX_HOLD_S,
    ) -> None:
        self.indexer = indexer
        self.config = config
        self._roots = roots
        self._on_root_missing = on_root_missing
        self.max_hold_s = max_hold_s
        self.stop_event = threading.Event()
        self._cond = threading.Condition()
        self._entries: dict[Path, Entry] = {}
        self._timers: list[tuple[float, int, Path]] = []
        self._ready: list[tuple[tuple[int, int, int, int, int], int, Path, int]] = []
        self._moves: deque[tuple[Path, Path]] = deque()
        self._scans: deque[tuple[Path, Path | None]] = deque()
        self._versions = itertools.count(1)
        self._paused = False
        self._busy = 0
        self._thread: threading.Thread | None = None
        # counters for status()
        self.batches = 0
        self.applied: dict[str, int] = {"added": 0, "modified": 0, "deleted": 0, "moved": 0, "scans": 0}
        self.totals: ApplyStats | None = None
        self.last_batch: dict[str, object] = {}
        self.errors: deque[dict[str, str]] = deque(maxlen=50)
        self.error_count = 0
        self.priority: dict[str, object] = {}

    # -- lifecycle --------------------------------------------------------
    def start(self) -> None:
        if self._thread is not None:
            return
        self.stop_event.clear()
        self._thread = threading.Thread(target=self._run, name="manoled-indexing", daemon=True)
        self._thread.start()

    def stop(self, timeout: float | None = None) -> None:
        """Finish the batch in progress, then stop (pending work stays queued)."""
        self.stop_event.set()
        with self._cond:
            self._cond.notify_all()
        if self._thread is not None:
            self._thread.join(timeout)
            self._thread = None

    @property
    def running(self) -> bool:
        return self._thread is not None and self._thread.is_alive()

    def pause(self) -> None:
        with self._cond:
            self._paused = True
            self._cond.notify_all()

    def resume(self) -> None:
        with self._cond:
            self._paused = False
            self._cond.notify_all()

    @property
    def paused(self) -> bool:
        return self._paused

    # -- input (any thread) -----------------------------------------------
    def touch(self, path: Path, op: str = "modified", *, now: float | None = None, delay: float | None = None) -> None:
        """Something happened to ``path``: (re)index or delete it once it has been quiet."""
        assert op in _OPS, op
        path = Path(path)
        now = time.monotonic() if now is None else now
        delay = self.config.watch.quiet_s if delay is None else delay
        size = age = 0
        kind = "other"
        if op != "deleted":
            kind = ext_kind(path)
            try:
                st = os.lstat(path)
                size = st.st_size
                age = age_bucket(time.time() - st.st_mtime)
            except OSError:
                pass
        with self._cond:
            old = self._entries.get(path)
            if old is None:
                first = now
            else:
                first = old.first_seen
                if op != "deleted" and old.op == "added":
                    op = "added"
                elif op == "added" and old.op in ("deleted", "modified"):
                    op = "modified"
            ready_at = min(now + delay, first + self.max_hold_s)
            e = Entry(path, op, kind, size, first, ready_at, next(self._versions), age=age)
            self._entries[path] = e
            heapq.heappush(self._timers, (ready_at, e.version, path))
            self._cond.notify_all()

    def move(self, src: Path, dest: Path) -> None:
        """A rename: a path update in order, before content work; pending work on ``src`` follows it."""
        src, dest = Path(src), Path(dest)
        now = time.monotonic()
        with self._cond:
            follow: list[Entry] = [e for p, e in self._entries.items() if under(p, src)]
            for e in follow:
                del self._entries[e.path]
            self._moves.append((src, dest))
            self._cond.notify_all()
        for e in follow:
            if e.op != "deleted":
                self.touch(rebase(e.path, src, dest), e.op, now=now)

    def rescan(self, root: Path, top: Path | None = None) -> None:
        """Reconcile ``root`` (or the subtree ``top``) with the catalog (stat only, no reads)."""
        item = (Path(root), None if top is None or Path(top) == Path(root) else Path(top))
        with self._cond:
            if item not in self._scans:
                self._scans.append(item)
            self._cond.notify_all()

    def forget(self, prefix: Path) -> int:
        """Drop queued work at or under ``prefix`` (a root that went offline or was removed)."""
        prefix = Path(prefix)
        with self._cond:
            drop = [p for p in self._entries if under(p, prefix)]
            for p in drop:
                del self._entries[p]
            kept = [m for m in self._moves if not (under(m[0], prefix) or under(m[1], prefix))]
            self._moves = deque(kept)
            self._scans = deque(s for s in self._scans if not under(s[0], prefix))
            self._cond.notify_all()
        return len(drop)

    # -- status -----------------------------------------------------------
    def _idle(self) -> bool:
        return not self._entries and not self._moves and not self._scans and not self._busy

    def wait_idle(self, timeout: float | None = None) -> bool:
        """Block until nothing is queued, waiting or being applied; False on timeout."""
        with self._cond:
            return self._cond.wait_for(self._idle, timeout)

    def status(self) -> dict[str, object]:
        with self._cond:
            by_kind: dict[str, int] = {}
            waiting = 0
            for e in self._entries.values():
                key = "deleted" if e.op == "deleted" else e.kind
                by_kind[key] = by_kind.get(key, 0) + 1
                waiting += not e.ready
            return {
                "state": "stopped" if not self.running else ("paused" if self._paused else "running"),
                "idle": self._idle(),
                "queue_depth": len(self._entries) + len(self._moves),
                "waiting_quiet": waiting,
                "ready": len(self._entries) - waiting,
                "moves": len(self._moves),
                "scans": len(self._scans),
                "by_kind": by_kind,
                "busy": bool(self._busy),
                "batches": self.batches,
                "applied": dict(self.applied),
                "last_batch": dict(self.last_batch),
                "errors": self.error_count,
                "recent_errors": list(self.errors)[-5:],
                "priority": dict(self.priority),
            }

    # -- the worker -------------------------------------------------------
    def _promote(self, now: float) -> float | None:
        """Move due entries to the ready heap; return seconds until the next one is due."""
        while self._timers:
            ready_at, version, path = self._timers[0]
            e = self._entries.get(path)
            if e is None or e.version != version:
                heapq.heappop(self._timers)
                continue
            if ready_at > now:
                return ready_at - now
            heapq.heappop(self._timers)
            e.ready = True
            heapq.heappush(self._ready, (e.rank(), e.version, path, e.version))
        return None

    def _take_ready(self, limit: int) -> list[Entry]:
        out: list[Entry] = []
        while self._ready and len(out) < limit:
            _, _, path, version = heapq.heappop(self._ready)
            e = self._entries.get(path)
            if e is None or e.version != version or not e.ready:
                continue
            del self._entries[path]
            out.append(e)
        return out

    def _run(self) -> None:
        self.priority = lower_thread_priority(self.config.watch.nice)
        limit = max(1, self.config.index.commit_batch_files)
        while True:
            with self._cond:
                while True:
                    if self.stop_event.is_set():
                        self._cond.notify_all()
                        return
                    wait = self._promote(time.monotonic())
                    if not self._paused and (self._moves or self._scans or self._ready):
                        break
                    self._cond.notify_all()  # wake wait_idle() callers
                    self._cond.wait(wait)
                moves = list(self._moves)
                self._moves.clear()
                scan = self._scans.popleft() if self._scans and not moves else None
                entries = [] if scan is not None else self._take_ready(limit)
                self._busy += 1
            try:
                if scan is not None:
                    self._do_scan(*scan)
                else:
                    self._do_batch(moves, entries)
            except Exception as exc:  # noqa: BLE001 - the worker must survive anything
                log.exception("indexing batch failed")
                self._record("batch", exc)
            finally:
                with self._cond:
                    self._busy -= 1
                    self._cond.notify_all()

    def _do_batch(self, moves: list[tuple[Path, Path]], entries: list[Entry]) -> None:
        changes = [Change("moved", s, d) for s, d in moves] + self._resolve(entries)
        if not changes:
            return
        started = time.monotonic()
        fed: list[Change] = []
        stats = self._apply(changes, fed)
        self.batches += 1
        for ch in changes + fed:
            self.applied[ch.kind] = self.applied.get(ch.kind, 0) + 1
        if stats is not None and stats.unfinished and not self.stop_event.is_set():
            now = time.monotonic()
            for path in stats.unfinished:  # paused mid-batch: back in the queue
                self.touch(path, "modified", now=now, delay=0.0)
        self.last_batch = {
            "changes": len(changes),
            "seconds": round(time.monotonic() - started, 4),
            "indexed": stats.indexed if stats is not None else 0,
            "embedded": stats.embedded if stats is not None else 0,
        }
        if stats is not None:
            if self.totals is None:
                self.totals = stats
            else:
                self.totals.merge(stats)

    def feed(self, fed: list[Change] | None = None) -> list[Change] | None:
        """For the indexer, between commits: what has become due since (None: paused or stopping)."""
        if self.stop_event.is_set() or self._paused:
            return None
        with self._cond:
            self._promote(time.monotonic())
            moves = list(self._moves)
            self._moves.clear()
            entries = self._take_ready(4 * max(1, self.config.index.commit_batch_files))
        if not moves and not entries:
            return []
        changes = [Change("moved", s, d) for s, d in moves] + self._resolve(entries)
        if fed is not None:
            fed.extend(changes)
        return changes

    def _apply(self, changes: list[Change], fed: list[Change] | None = None) -> ApplyStats | None:
        try:
            if fed is None:
                return self.indexer.apply(changes)
            return self.indexer.apply(changes, feed=lambda: self.feed(fed))
        except Exception as exc:  # noqa: BLE001
            changes = changes + (fed or [])  # what the feed handed out is retried too
            if fed:
                fed.clear()
            if len(changes) == 1:
                log.warning("cannot index %s: %s", changes[0].path, exc)
                self._record(str(changes[0].path), exc)
                return None
            log.warning("a batch of %d changes failed (%s); retrying one by one", len(changes), exc)
        stats = None
        for ch in changes:
            if self.stop_event.is_set():
                break
            one = self._apply([ch])
            if one is not None:
                if stats is None:
                    stats = one
                else:
                    stats.merge(one)
        return stats

    def _do_scan(self, root: Path, top: Path | None) -> None:
        if top is not None and not top.is_dir():
            return
        changes = self.indexer.scan(root, top, register=False)  # a root removed meanwhile stays removed
        self.applied["scans"] += 1
        if not changes:
            return
        moves, rest = self._pair_moves(changes)
        now = time.monotonic()
        with self._cond:
            self._moves.extend(moves)
        for ch in rest:
            self.touch(ch.path, ch.kind if ch.kind in _OPS else "modified", now=now, delay=0.0)

    def _record(self, what: str, exc: BaseException) -> None:
        self.error_count += 1
        self.errors.append({"path": what, "error": f"{type(exc).__name__}: {exc}"})
