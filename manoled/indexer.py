"""The indexer: files on disk → catalog → extract → chunk → embed → vector index.

``Indexer.apply(changes)`` takes a batch of file changes (from the watcher, a
start-up ``scan`` or ``manoled index``) and brings the catalog and the index in
line with the disk:

* deletes and moves are catalog updates only (a move never re-extracts or
  re-embeds: passages belong to the file row, not to its path);
* adds and modifies are stat-compared, hashed only when the stat differs,
  extracted (or taken from the content cache) and chunked, recently modified
  files first, then small before large;
* passages are embedded and committed in steps of at most
  ``index.commit_seconds`` of embedding (the rate is measured as it goes), so
  files are searchable as they go and one large or slow file never holds back
  the others. A large file spans several steps; it stays ``pending`` until its
  last passage is written, and a crash mid-file redoes only that file;
* the vector index is updated in memory at every step and saved at most every
  ``SAVE_EVERY_S`` seconds and at the end.

Crash safety comes from the catalog: new passages carry ``in_index=0`` until
the index holding them has been saved, and deleted ones leave tombstones.
``sync_index()`` (run at start-up) replays both.
"""

from __future__ import annotations

import hashlib
import heapq
import itertools
import json
import logging
import os
import stat as stat_mod
import threading
import time
from collections import deque
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal

import numpy as np

from . import images
from .catalog import Catalog, FileRecord, NewPassage, Root, as_stored, blob_to_vector
from .chunk import chunk
from .config import Config
from .embed import Embedder
from .errors import ExtractError, IndexError_
from .extract import KIND_SNIFF_BYTES, ExtractCancelled, Extractor, Skip, kind_for
from .ignore import IgnoreRules
from .index import VectorIndex
from .progress import Progress, Tracker
from .safeopen import FILE_FLAGS, open_beneath, open_dir_beneath
from .scheduler import ext_kind

log = logging.getLogger(__name__)

TEXT_PRODUCER = "text:v1"
HASH_BLOCK = 1 << 20

ChangeKind = Literal["added", "modified", "deleted", "moved"]

SLOW_KINDS = ("pdf", "doc")  # extracted in a worker process: may take seconds
PART_S = 0.5  # an embedding part (progress moves after each) takes about this long
PREP_SHARE = 0.5  # reading and extracting files ahead of a step takes at most this share of commit_seconds
SAVE_EVERY_S = 30.0  # the catalog's in_index flags cover what an unsaved index lacks
AGE_BUCKETS_S = (3600, 86400, 7 * 86400, 30 * 86400, 365 * 86400)


def age_bucket(age_s: float) -> int:
    """0 for files modified in the last hour, then a day, a week, a month, a year, older."""
    for i, limit in enumerate(AGE_BUCKETS_S):
        if age_s < limit:
            return i
    return len(AGE_BUCKETS_S)


@dataclass(frozen=True)
class Change:
    kind: ChangeKind
    path: Path
    dest: Path | None = None


@dataclass
class ApplyStats:
    files: int = 0
    indexed: int = 0
    unchanged: int = 0
    moved: int = 0
    deleted: int = 0
    skipped: int = 0
    failed: int = 0
    passages: int = 0
    embedded: int = 0
    seconds: float = 0.0
    unfinished: list[Path] = field(default_factory=list)  # left for later (stopped or paused)

    def merge(self, other: ApplyStats) -> None:
        for name in self.__dataclass_fields__:
            setattr(self, name, getattr(self, name) + getattr(other, name))


@dataclass(frozen=True)
class Hit:
    passage_id: int
    score: float
    text: str
    path: str
    file_name: str
    page: int | None
    metadata: dict = field(default_factory=dict)


FileHook = Callable[[Catalog, int, list[str]], None]
Feed = Callable[[], "list[Change] | None"]


@dataclass
class _Prepared:
    """A file read and extracted, waiting for its embeddings."""

    root: Root
    relpath: str
    st: os.stat_result
    kind: str
    hash: str
    chunks: list[tuple[int, str, int | None]]  # (seq, text, page)
    vectors: np.ndarray | None = None  # reused from a duplicate copy


@dataclass
class _Job:
    """A prepared file being embedded and committed, possibly over several steps."""

    prep: _Prepared
    size: int
    age: int = 0  # age_bucket: recent files are embedded first
    urgent: bool = False  # arrived while this apply ran (a file just saved): gets a step of its own
    offset: int = 0  # passages committed so far
    chars_left: int = -1
    file_id: int | None = None

    def __post_init__(self) -> None:
        if self.chars_left < 0:
            self.chars_left = sum(len(c[1]) for c in self.prep.chunks)

    @property
    def path(self) -> Path:
        return self.prep.root.path / self.prep.relpath

    @property
    def done(self) -> bool:
        return self.offset >= len(self.prep.chunks)


class Indexer:
    def __init__(
        self,
        catalog: Catalog,
        index: VectorIndex,
        embedder: Embedder,
        config: Config,
        extractor: Extractor | None = None,
        caption_producer: str | None = None,
        hooks: list[FileHook] | None = None,
    ) -> None:
        self.catalog = catalog
        self.index = index
        self.embedder = embedder
        self.config = config
        self.extractor = extractor or Extractor(config.index)
        self.caption_producer = caption_producer
        self.hooks: list[FileHook] = list(hooks or [])
        self._lock = threading.RLock()
        self._ignore: dict[int, IgnoreRules] = {}
        self._dropped: set[str | None] = set()  # content hashes a batch stopped referencing: cache GC
        self.stop_event = threading.Event()
        self.progress = Tracker()  # read by status from any thread
        self._embed_calls: deque[tuple[int, float]] = deque(maxlen=24)  # (characters, seconds) of recent calls
        self._part_s_per_passage: float | None = None  # measured seconds per passage of an embedding part
        self.max_step_chars: int | None = None  # a hard cap on a step (tests: force a file over many steps)

    # -- roots and ignore rules -----------------------------------------
    def ignore_rules(self, root: Root) -> IgnoreRules:
        rules = self._ignore.get(root.id)
        if rules is None:
            rules = self._ignore[root.id] = IgnoreRules(root.path, self.config.watch.ignore)
        return rules

    def reset_ignore_rules(self) -> None:
        """Forget the parsed rules (the config's globs changed); they are rebuilt on next use."""
        self._ignore.clear()

    def locate(self, path: Path) -> tuple[Root, str] | None:
        """The root holding ``path`` and the path relative to it (never following ``..``)."""
        path = Path(os.path.abspath(path))
        root = self.catalog.root_for(path)
        if root is None:
            return None
        rel = path.relative_to(root.path).as_posix()
        return root, ("" if rel == "." else rel)

    # -- discovery ------------------------------------------------------
    def walk(self, root: Root, top: Path | None = None) -> Iterable[tuple[Path, os.stat_result]]:
        """Yield every non-folder entry under ``top`` with its ``lstat``: regular files, and links, FIFOs,
        sockets and devices too (the indexer records those as skipped, with the reason).

        Folders are opened one component at a time without following links
        (:func:`~manoled.safeopen.open_dir_beneath`), so a link, or a folder
        swapped for one mid-walk, is never descended into; with
        ``watch.follow_symlinks`` a linked folder is walked only when its target
        is inside a watched root. Never loops."""
        follow = self.config.watch.follow_symlinks
        rules = self.ignore_rules(root)
        seen: set[tuple[int, int]] = set()
        stack = [Path(top or root.path)]
        while stack:
            d = stack.pop()
            try:
                fd = self._open_dir(root, d)
            except ExtractError as exc:
                log.info("not walking %s: %s", d, exc.message)
                continue
            if fd is None:
                continue
            try:
                dst = os.fstat(fd)
                key = (dst.st_dev, dst.st_ino)
                if key in seen:
                    continue
                seen.add(key)
                entries: list[tuple[str, os.stat_result, os.stat_result | None]] = []
                try:
                    with os.scandir(fd) as it:
                        for entry in it:
                            try:
                                lst = os.stat(entry.name, dir_fd=fd, follow_symlinks=False)
                            except OSError:
                                continue
                            target = None
                            if follow and stat_mod.S_ISLNK(lst.st_mode):
                                try:
                                    target = os.stat(entry.name, dir_fd=fd)
                                except OSError:
                                    target = None
                            entries.append((entry.name, lst, target))
                except OSError as exc:
                    log.info("cannot list %s: %s", d, exc.strerror)
                    continue
            finally:
                os.close(fd)
            for name, lst, target in entries:
                p = d / name
                st = target if target is not None and self._inside_roots(p) else lst
                is_dir = stat_mod.S_ISDIR(st.st_mode)
                if rules.ignored(p, is_dir):
                    continue
                if is_dir:
                    stack.append(p)
                else:
                    yield p, st

    def _inside_roots(self, path: Path) -> bool:
        """Whether ``path``, links resolved, lies inside a watched root (for ``follow_symlinks``)."""
        return self.catalog.root_for(Path(os.path.realpath(path))) is not None

    def _open_dir(self, root: Root, d: Path) -> int | None:
        if self.config.watch.follow_symlinks:
            real = Path(os.path.realpath(d))
            owner = self.catalog.root_for(real)
            if owner is None:
                return None
            return open_dir_beneath(owner.path, _rel(real, owner.path))
        return open_dir_beneath(root.path, _rel(d, root.path))

    def _open(self, root: Root, rel: str, path: Path) -> tuple[int, os.stat_result]:
        """Open a file to index: never through a link (with ``follow_symlinks``: only to a target
        inside a watched root), never blocking; the descriptor is checked to be a regular file."""
        try:
            return open_beneath(root.path, rel)
        except Skip as exc:
            if not (self.config.watch.follow_symlinks and exc.message.startswith("symbolic link")):
                raise
        real = Path(os.path.realpath(path))
        owner = self.catalog.root_for(real)
        if owner is None:
            raise Skip("symbolic link to outside the watched folders (not followed)")
        try:
            return open_beneath(owner.path, _rel(real, owner.path))
        except ExtractError as exc:
            if exc.message == "file not found":
                raise Skip("broken symbolic link") from exc
            raise

    def scan(self, root_path: Path, top: Path | None = None) -> list[Change]:
        """Compare the catalog with the disk; return the changes, reading no file contents."""
        root = self.catalog.add_root(root_path)
        if not root.path.is_dir():
            self.catalog.set_root_online(root.id, False)
            log.warning("root %s is offline; keeping its %d indexed files", root.path,
                        len(self.catalog.files(root_id=root.id)))
            return []
        if not root.online:
            self.catalog.set_root_online(root.id, True)
        under = None
        if top is not None:
            under = Path(top).relative_to(root.path).as_posix()
            under = None if under == "." else under
        known = {f.relpath: f for f in self.catalog.files(root_id=root.id, under=under)}
        changes: list[Change] = []
        for path, st in self.walk(root, top):
            rel = path.relative_to(root.path).as_posix()
            rec = known.pop(rel, None)
            if rec is None:
                changes.append(Change("added", path))
            elif rec.state == "pending" or (rec.size, rec.mtime_ns, rec.inode) != (st.st_size, st.st_mtime_ns, st.st_ino):
                changes.append(Change("modified", path))
        for rec in known.values():
            changes.append(Change("deleted", rec.path))
        return changes

    # -- applying changes ------------------------------------------------
    def apply(self, changes: Iterable[Change], progress: Callable[[Progress], None] | None = None,
              feed: Feed | None = None) -> ApplyStats:
        """Bring the catalog and the index in line with ``changes``.

        Deletes and moves are catalog updates, applied first. Content work is
        committed in steps of at most ``index.commit_seconds`` of embedding, so
        files become searchable as they go. ``feed`` (the scheduler's) is
        called between steps for changes that arrived meanwhile; it returns
        None to stop early, and the paths left undone are in
        ``stats.unfinished``.
        """
        stats = ApplyStats()
        started = time.monotonic()
        with self._lock:
            content, _ = self._structural(list(changes), stats)
            try:
                self._index_content(content, stats, progress, feed)
            finally:
                self.progress.idle()
            self._flush_index()
            self._gc_cache()
            if self.index.needs_retrain():
                self.rebuild_index()
        stats.seconds = time.monotonic() - started
        return stats

    def _structural(self, changes: list[Change], stats: ApplyStats) -> tuple[list[Path], list[Path]]:
        """Apply deletes and moves; return (paths needing content work, paths deleted or moved away)."""
        content: list[Path] = []
        gone: list[Path] = []
        for ch in changes:
            if ch.kind == "deleted":
                stats.deleted += self._delete(ch.path)
                gone.append(ch.path)
            elif ch.kind == "moved" and ch.dest is not None:
                content.extend(self._move(ch.path, ch.dest, stats))
                gone.append(ch.path)
            else:
                content.append(ch.path)
        return content, gone

    def _index_content(self, paths: list[Path], stats: ApplyStats,
                       progress: Callable[[Progress], None] | None, feed: Feed | None) -> None:
        """The content loop: prepare files in order, embed and commit in time-bounded steps.

        Order: recently modified first, then small before large. A step embeds
        the jobs with the least text left first, so a small file that arrives
        while a large one is embedding is committed in the next step; a large
        file's passages land over several steps, the file staying ``pending``
        until its last one.
        """
        cfg = self.config.index
        max_jobs = max(1, cfg.commit_batch_files)
        tracker = self.progress
        heap: list[tuple[int, int, int, Path, str]] = []
        queued: dict[Path, int] = {}
        tie = itertools.count()
        jobs: list[_Job] = []
        last_save = time.monotonic()

        fed: set[Path] = set()

        def enqueue(new: Iterable[Path]) -> None:
            now = time.time()
            sizes: dict[str, int] = {}
            n = 0
            for path in new:
                if path in queued:
                    continue
                for j in [j for j in jobs if j.path == path]:  # changed again while in progress: redo it
                    jobs.remove(j)
                    tracker.finished(j.size)
                st = _stat(path)
                size = st.st_size if st is not None else 0
                kind = ext_kind(path)
                queued[path] = size
                age = age_bucket(now - st.st_mtime if st else 0.0)
                heapq.heappush(heap, (age, size, next(tie), path, kind))
                sizes[kind] = sizes.get(kind, 0) + size
                n += 1
            if n:
                tracker.plan(n, sizes)

        enqueue(dict.fromkeys(paths))
        while not self.stop_event.is_set():
            if feed is not None:
                more = feed()
                if more is None:  # paused or stopping: hand the rest back
                    break
                if more:
                    fresh, gone = self._structural(more, stats)
                    for j in [j for j in jobs if any(_under(j.path, g) for g in gone)]:
                        jobs.remove(j)  # deleted or moved mid-file: a moved one is redone at its new path
                        tracker.finished(j.size)
                        fresh.extend(_rebase(j.path, ch.path, ch.dest) for ch in more
                                     if ch.kind == "moved" and ch.dest is not None and _under(j.path, ch.path))
                    fed.update(fresh)
                    enqueue(dict.fromkeys(fresh))
            budget = self._step_chars()
            step_started = time.monotonic()
            while heap and len(jobs) < max_jobs and not self.stop_event.is_set():
                ahead = sum(j.chars_left for j in jobs if j.offset == 0)
                if ahead >= budget:
                    break
                if ahead and (heap[0][4] in SLOW_KINDS
                              or time.monotonic() - step_started > cfg.commit_seconds * PREP_SHARE):
                    break  # commit what is ready before a slow extraction
                age, size, _, path, kind = heapq.heappop(heap)
                del queued[path]
                stats.files += 1
                tracker.working_on(str(path))
                prep = self._prepare(path, stats)
                if prep is None:
                    tracker.prepared(kind, size, 0)
                    tracker.finished(size)
                    continue
                job = _Job(prep, size, age, urgent=path in fed)
                if prep.vectors is not None:  # a duplicate: its vectors exist already
                    tracker.prepared(kind, size, 0)
                    self._write(job, 0, len(prep.chunks), prep.vectors, stats)
                    tracker.finished(size)
                    continue
                tracker.prepared(kind, size, job.chars_left)
                jobs.append(job)
            if not jobs:
                if heap:
                    continue
                break
            if self.stop_event.is_set():
                break  # shutting down: the files in progress stay pending and are redone on the next start
            self._embed_step(jobs, budget, stats)
            if time.monotonic() - last_save > SAVE_EVERY_S:
                self._flush_index()
                last_save = time.monotonic()
            if progress is not None:
                progress(tracker.snapshot())
        stats.unfinished.extend(j.path for j in jobs)
        stats.unfinished.extend(path for *_, path, _ in sorted(heap))

    def _step_chars(self) -> int:
        """Characters to embed in one step: about ``commit_seconds`` at the measured cost.

        Each embedding call costs ``c0 + c1·chars``. The fixed part ``c0`` is small on an
        idle machine but can reach seconds on a busy one (threads waiting on each other),
        so a step is not made so small that ``c0`` is more than a quarter of its time
        (up to ~4x ``commit_seconds``): a busy machine gets longer steps rather than a
        fraction of the throughput. For the same reason a step holds at least half an
        embedding batch (about 1 s on an idle 2-core machine). Files that arrive while
        a step runs get the next call to themselves, so they wait at most one step.
        """
        cap = self.max_step_chars or 1 << 62
        cfg = self.config.index
        floor = max(1, cfg.embed_batch_size // 2) * cfg.chunk_size
        calls = self._embed_calls
        if not calls:
            return min(cap, floor)
        c0, c1 = 0.0, sum(t for _, t in calls) / max(1, sum(x for x, _ in calls))
        if len({x for x, _ in calls}) >= 3:
            xs = np.asarray([x for x, _ in calls], dtype=float)
            ts = np.asarray([t for _, t in calls], dtype=float)
            slope, intercept = np.polyfit(xs, ts, 1)
            if slope > 0 and intercept >= 0:
                c0, c1 = float(intercept), float(slope)
        in_time = (cfg.commit_seconds - c0) / c1
        amortised = min(3 * c0, 4 * cfg.commit_seconds) / c1  # but a step stays within ~4x commit_seconds
        return max(1, min(cap, int(max(in_time, amortised, floor))))

    def _embed_step(self, jobs: list[_Job], budget: int, stats: ApplyStats) -> None:
        """Embed up to ``budget`` characters (recent files first, then the least text left) and commit them."""
        jobs.sort(key=lambda j: (j.age, j.chars_left))
        take: list[tuple[_Job, int, int]] = []
        chars = 0
        urgent = [j for j in jobs if j.urgent]
        for j in urgent or jobs:  # files saved meanwhile go alone: committed after one short call
            start = end = j.offset
            chunks = j.prep.chunks
            while end < len(chunks) and (chars < budget or not take and end == start):
                chars += len(chunks[end][1])
                end += 1
            if end > start:
                take.append((j, start, end))
            if chars >= budget:
                break
        texts = [text for j, s, e in take for _, text, _ in j.prep.chunks[s:e]]
        t = time.monotonic()
        vecs = self._embed_parts(texts)
        if vecs is None:
            return  # shutting down mid-step: nothing of it is committed, the files stay pending
        self._embed_calls.append((chars, time.monotonic() - t))
        stats.embedded += len(texts)
        offset = 0
        t = time.monotonic()
        for j, s, e in take:
            self._write(j, s, e, vecs[offset:offset + e - s], stats)
            offset += e - s
        self.progress.step(len(texts), chars, time.monotonic() - t)
        for j in [j for j, _, _ in take if j.done]:
            jobs.remove(j)
            self.progress.finished(j.size)

    def _embed_parts(self, texts: list[str]) -> np.ndarray | None:
        """Embed a step's passages in parts of about ``PART_S`` seconds each, shortest first.

        Progress moves after every part (a step can take several seconds on a busy machine),
        and a shutdown stops between parts (None: the step is abandoned).
        """
        batch_max = max(1, self.config.index.embed_batch_size)
        order = sorted(range(len(texts)), key=lambda i: len(texts[i]))
        out: np.ndarray | None = None
        start = 0
        while start < len(order):
            if start and self.stop_event.is_set():
                return None
            per = self._part_s_per_passage
            size = batch_max if per is None else max(min(8, batch_max), min(batch_max, int(PART_S / per)))
            if per is None:
                size = min(size, 8)  # the first part measures the rate
            idx = order[start:start + size]
            batch = [texts[i] for i in idx]
            t = time.monotonic()
            vecs = np.asarray(self.embedder.embed(batch))
            took = time.monotonic() - t
            self._part_s_per_passage = took / len(batch) if per is None else 0.7 * per + 0.3 * took / len(batch)
            if out is None:
                out = np.empty((len(texts), vecs.shape[1]), dtype=vecs.dtype)
            out[idx] = vecs
            self.progress.embedded(len(batch), sum(len(b) for b in batch), took)
            start += len(idx)
        return out if out is not None else np.empty((0, self.embedder.dimensions), dtype=np.float32)

    def _write(self, job: _Job, start: int, end: int, vectors: np.ndarray, stats: ApplyStats) -> None:
        """Commit passages ``start:end`` of a file; the file is ``indexed`` only with its last one."""
        p = job.prep
        new = [NewPassage(seq, text, page, vec) for (seq, text, page), vec in zip(p.chunks[start:end], vectors, strict=True)]
        last = end == len(p.chunks)
        state = "indexed" if last else "pending"
        if start == 0 or job.file_id is None:
            with self.catalog.tx():
                job.file_id = self.catalog.upsert_file(
                    p.root.id, p.relpath, size=p.st.st_size, mtime_ns=p.st.st_mtime_ns, inode=p.st.st_ino,
                    kind=p.kind, state="pending", hash=p.hash,
                )
                ids = self.catalog.replace_passages(job.file_id, new, hash=p.hash, state=state)
        else:
            ids = self.catalog.append_passages(job.file_id, new, state=state)
        self.index.add(ids, as_stored(vectors))  # the live index holds what the catalog keeps
        job.offset = end
        job.chars_left -= sum(len(c[1]) for c in p.chunks[start:end])
        stats.passages += len(ids)
        if not last:
            return
        stats.indexed += 1
        texts = [c[1] for c in p.chunks]
        for hook in self.hooks:
            try:
                hook(self.catalog, job.file_id, texts)
            except Exception:  # noqa: BLE001 - a hook must never lose the file's index update
                log.exception("index hook failed for %s", p.relpath)

    def _delete(self, path: Path) -> int:
        loc = self.locate(path)
        if loc is None:
            return 0
        root, rel = loc
        n = 0
        rec = self.catalog.get_file(root.id, rel)
        if rec is not None:
            self._dropped.add(rec.hash)
            self.catalog.delete_file(rec.id)
            n += 1
        for f in self.catalog.files(root_id=root.id, under=rel) if rel else []:
            self._dropped.add(f.hash)
            self.catalog.delete_file(f.id)
            n += 1
        return n  # the index catches up once, at the end of the batch

    def _move(self, src: Path, dest: Path, stats: ApplyStats) -> list[Path]:
        """Apply a rename; returns paths that need content indexing instead."""
        src_loc, dest_loc = self.locate(src), self.locate(dest)
        if dest_loc is None:  # moved out of every root: a delete
            stats.deleted += self._delete(src)
            return []
        droot, drel = dest_loc
        dest_is_dir = _is_dir(dest)  # lstat: a link to a folder is not a folder (it is never walked)
        if self.ignore_rules(droot).ignored(dest, dest_is_dir):
            stats.deleted += self._delete(src)
            return []
        rec = self.catalog.get_file(src_loc[0].id, src_loc[1]) if src_loc else None
        if rec is not None:
            self.catalog.move_file(rec.id, droot.id, drel)
            stats.moved += 1
            # a move is a path update only; if the content also changed the stat differs
            st = _stat(dest)
            if st is not None and (st.st_size, st.st_mtime_ns) != (rec.size, rec.mtime_ns):
                return [dest]
            return []
        if src_loc is not None and src_loc[1]:
            moved = self.catalog.move_dir(src_loc[0].id, src_loc[1], droot.id, drel)
            if moved:
                stats.moved += moved
                return []
        # unknown source (a temp file, or moved in from outside): index the destination
        if dest_is_dir:
            return [p for p, _ in self.walk(droot, dest)]
        return [dest]

    def _prepare(self, path: Path, stats: ApplyStats) -> _Prepared | None:
        loc = self.locate(path)
        if loc is None or not loc[1]:
            return None
        root, rel = loc
        rec = self.catalog.get_file(root.id, rel)
        if self.ignore_rules(root).ignored(path, False):
            return None
        # one open, and every read after it (hash, sniff, extraction) through that descriptor
        try:
            fd, st = self._open(root, rel, path)
        except Skip as exc:  # a link, FIFO, socket, device or folder: recorded, never read
            self._record_refused(root, rel, path, rec, exc.message, stats)
            return None
        except ExtractError as exc:
            if exc.message == "file not found":
                if rec is not None:
                    self._dropped.add(rec.hash)
                    self.catalog.delete_file(rec.id)
                    stats.deleted += 1
                return None
            self._record_refused(root, rel, path, rec, exc.message, stats, state="failed")
            return None
        try:
            return self._prepare_open(fd, st, root, rel, path, rec, stats)
        finally:
            os.close(fd)

    def _record_refused(self, root: Root, rel: str, path: Path, rec: FileRecord | None, reason: str,
                        stats: ApplyStats, state: str = "skipped") -> None:
        """Record a file that could not be opened (``skipped``: a link or special file), by its lstat."""
        try:
            lst = os.lstat(path)  # metadata only, for the next scan's comparison
        except OSError:
            if rec is not None:
                self._dropped.add(rec.hash)
                self.catalog.delete_file(rec.id)
                stats.deleted += 1
            return
        ident = (lst.st_size, lst.st_mtime_ns, lst.st_ino)
        if rec is not None and rec.state == state and rec.reason == reason \
                and (rec.size, rec.mtime_ns, rec.inode) == ident:
            stats.unchanged += 1
            return
        if rec is not None:
            self._dropped.add(rec.hash)
        kind = kind_for(path, head=b"") if state == "failed" else "other"
        fid = self.catalog.upsert_file(root.id, rel, size=ident[0], mtime_ns=ident[1], inode=ident[2],
                                       kind=kind, state=state, reason=reason, hash=None)
        self.catalog.replace_passages(fid, [], state=state, reason=reason)
        with self.catalog.tx() as c:  # its old content is gone: nothing here references that text now
            c.execute("UPDATE files SET hash=NULL WHERE id=?", (fid,))
        stats.skipped += state == "skipped"
        stats.failed += state == "failed"

    def _prepare_open(self, fd: int, st: os.stat_result, root: Root, rel: str, path: Path,
                      rec: FileRecord | None, stats: ApplyStats) -> _Prepared | None:
        kind = kind_for(path, head=b"")
        if kind == "other":  # unknown extension: sniff the descriptor's first bytes
            try:
                kind = kind_for(path, head=os.pread(fd, KIND_SNIFF_BYTES, 0))
            except OSError:
                pass
        ident = dict(size=st.st_size, mtime_ns=st.st_mtime_ns, inode=st.st_ino, kind=kind)
        if rec is not None and rec.state != "pending" and (rec.size, rec.mtime_ns, rec.inode) == (st.st_size, st.st_mtime_ns, st.st_ino):
            stats.unchanged += 1
            return None

        def record(state: str, reason: str | None, hash: str | None = None) -> None:
            fid = self.catalog.upsert_file(root.id, rel, state=state, reason=reason, hash=hash, **ident)
            if state in ("skipped", "failed"):
                self.catalog.replace_passages(fid, [], state=state, reason=reason, hash=hash)
            stats.skipped += state == "skipped"
            stats.failed += state == "failed"

        if st.st_size > self.config.index.max_file_bytes:
            record("skipped", f"larger than index.max_file_bytes ({self.config.index.max_file_bytes} bytes)")
            return None
        try:
            digest = hash_fd(fd, self.stop_event)
        except OSError as exc:
            record("failed", f"unreadable: {exc.strerror or exc}")
            return None
        if digest is None:  # shutting down
            return None
        if rec is not None and rec.hash and rec.hash != digest:
            self._dropped.add(rec.hash)  # its cached text may now be orphaned
        if rec is not None and rec.hash == digest and rec.state == "indexed":
            self.catalog.upsert_file(root.id, rel, state="indexed", hash=digest, **ident)
            stats.unchanged += 1
            return None
        # mark pending first, so an interrupted run resumes this file
        self.catalog.upsert_file(root.id, rel, state="pending", hash=digest, **ident)
        if kind == "other":
            record("skipped", "unsupported file type", digest)
            return None
        dup = self._duplicate(digest, kind)
        if dup is not None:
            chunks, vectors = dup
            return _Prepared(root, rel, st, kind, digest, chunks, vectors)
        try:
            segments = self._segments(fd, path, kind, digest)
        except ExtractCancelled:
            return None  # stays pending: resumed on the next start
        except Skip as exc:
            record("skipped", exc.message, digest)
            return None
        except ExtractError as exc:
            record("failed", exc.message, digest)
            return None
        cfg = self.config.index
        chunks = [(c.seq, c.text, c.page) for c in chunk(segments, cfg.chunk_size, cfg.chunk_overlap)]
        if not chunks:
            record("skipped", "no text", digest)
            return None
        return _Prepared(root, rel, st, kind, digest, chunks)

    def _segments(self, fd: int, path: Path, kind: str, digest: str) -> list[tuple[str, int | None]]:
        if kind == "image":
            with os.fdopen(os.dup(fd), "rb") as fp:
                segments: list[tuple[str, int | None]] = [(images.describe(path, fp), None)]
            if self.caption_producer:
                caption = self.catalog.cache_get(digest, self.caption_producer)
                if caption:
                    segments.append((f"Photo description: {caption}", None))
            return segments
        cached = self.catalog.cache_get(digest, TEXT_PRODUCER)
        if cached is not None:
            return [(t, p) for t, p in json.loads(cached)]
        extraction = self.extractor.extract_fd(fd, path.name, kind)
        self.catalog.cache_put(digest, TEXT_PRODUCER, json.dumps(extraction.segments))
        return extraction.segments

    def _duplicate(self, digest: str, kind: str) -> tuple[list[tuple[int, str, int | None]], np.ndarray] | None:
        """Reuse the passages and vectors of an identical file already indexed (same content, same chunking)."""
        if kind == "image":
            return None  # an image's passages carry its own file name
        rows = self.catalog.query(
            "SELECT p.seq, p.text, p.page, p.vector FROM passages p JOIN files f ON f.id=p.file_id "
            "WHERE f.id=(SELECT id FROM files WHERE hash=? AND state='indexed' LIMIT 1) ORDER BY p.seq",
            (digest,),
        )
        if not rows:
            return None
        chunks = [(r[0], r[1], r[2]) for r in rows]
        vectors = np.stack([blob_to_vector(r[3]) for r in rows])
        return chunks, vectors

    def _flush_index(self) -> None:
        """Remove tombstoned ids, save the index, then record that in the catalog."""
        dead = self.catalog.tombstones()
        if dead:
            self.index.remove(dead)
        pending = [r[0] for r in self.catalog.query("SELECT id FROM passages WHERE in_index=0")]
        if not dead and not pending and not self.index.dirty:
            return
        try:
            self.index.save()
        except Exception as exc:  # noqa: BLE001
            raise IndexError_(f"cannot save the vector index: {exc}") from exc
        self.catalog.mark_in_index(pending)
        self.catalog.clear_tombstones(dead)

    def _gc_cache(self) -> None:
        """Extracted text no file references any more leaves the content cache."""
        if self._dropped:
            dropped, self._dropped = self._dropped, set()
            n = self.catalog.gc_cache(dropped)
            if n:
                log.debug("content cache: removed %d unreferenced entries", n)

    # -- maintenance -----------------------------------------------------
    def remove_root(self, path: Path) -> int:
        """Forget a root and all its files; their passages leave the index and their text the cache."""
        path = Path(path)
        root = next((r for r in self.catalog.roots() if r.path == path), None)
        if root is None:
            return 0
        with self._lock:
            n = self.catalog.remove_root(root.id)
            self._ignore.pop(root.id, None)
            self._flush_index()
            self.catalog.gc_cache()
        return n

    def interrupt(self) -> None:
        """Shutdown: stop between files and abandon the extraction in progress (the file stays pending)."""
        self.stop_event.set()
        self.extractor.cancel()

    def reindex_file(self, file_id: int) -> bool:
        """Re-derive one file's passages (e.g. when its caption has arrived)."""
        rec = self.catalog.file_by_id(file_id)
        if rec is None:
            return False
        with self._lock:
            self.catalog.set_state(rec.id, "pending")
            try:
                self._index_content([rec.path], ApplyStats(), None, None)
            finally:
                self.progress.idle()
            self._flush_index()
        return True

    def sync_index(self) -> int:
        """Start-up: add passages the saved index lacks and drop tombstoned ones."""
        with self._lock:
            self.catalog.gc_cache()  # start-up: text of files removed while nothing ran
            if not self.index.exists():
                return self.rebuild_index()
            n = 0
            for ids, vecs in self.catalog.iter_vectors(only_pending=True):
                self.index.add(ids, vecs)
                n += len(ids)
            self._flush_index()
            return n

    def rebuild_index(self) -> int:
        """Rebuild the whole vector index from the catalog's stored vectors: no file reads, no embedding."""
        with self._lock:
            all_ids: list[int] = []
            all_vecs: list[np.ndarray] = []
            for ids, vecs in self.catalog.iter_vectors():
                all_ids.extend(ids)
                all_vecs.append(vecs)
            vectors = np.concatenate(all_vecs) if all_vecs else np.zeros((0, self.index.dimensions), np.float32)
            self.index.build(np.asarray(all_ids, dtype=np.int64), vectors)
            self.catalog.reset_index_state()
            return len(all_ids)

    def index_paths(self, paths: Iterable[Path], progress: Callable[[Progress], None] | None = None) -> ApplyStats:
        """Foreground indexing (``manoled index``): register roots, reconcile, apply."""
        self.sync_index()
        changes: list[Change] = []
        for p in paths:
            changes.extend(self.scan(Path(p).resolve()))
        return self.apply(changes, progress=progress)

    # -- search ----------------------------------------------------------
    def search(self, query: str, k: int = 5, per_file: bool = False) -> list[Hit]:
        """The top ``k`` passages; ``per_file``: the best passage of each of the top ``k`` files."""
        if not query.strip() or k <= 0:
            return []
        vec = self.embedder.embed([query])[0]
        want = k * 10 + 20 if per_file else k * 3 + 10
        while True:
            raw = self.index.search(vec, want)
            passages = self.catalog.passages_by_ids([pid for pid, _ in raw])
            hits: list[Hit] = []
            seen: set[int] = set()
            for pid, score in raw:
                p = passages.get(pid)
                if p is None:  # deleted from the catalog: never return stale text
                    continue
                if per_file:
                    if p.file.id in seen:
                        continue
                    seen.add(p.file.id)
                meta = p.metadata()
                hits.append(Hit(pid, score, p.text, meta["path"], meta["file_name"], p.page, meta))  # type: ignore[arg-type]
                if len(hits) >= k:
                    return hits
            if len(raw) < want or want >= self.index.ntotal:
                return hits
            want *= 4  # one file's passages filled the window: look further

    def close(self) -> None:
        self.stop_event.set()
        with self._lock:
            try:
                self.index.save()
            finally:
                self.extractor.close()


def _under(path: Path, prefix: Path) -> bool:
    return path == prefix or prefix in path.parents


def _rebase(path: Path, src: Path, dest: Path) -> Path:
    return dest if path == src else dest / path.relative_to(src)


def _stat(path: Path, follow: bool = False) -> os.stat_result | None:
    try:
        return os.stat(path, follow_symlinks=follow)
    except OSError:
        return None


def _is_dir(path: Path) -> bool:
    st = _stat(path)
    return st is not None and stat_mod.S_ISDIR(st.st_mode)


def _rel(path: Path, root: Path) -> str:
    rel = Path(os.path.abspath(path)).relative_to(root).as_posix()
    return "" if rel == "." else rel


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

