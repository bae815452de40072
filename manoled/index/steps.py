"""The content loop: prepared files embedded and committed in time-bounded steps.

Order: recently modified first, then small before large. A step embeds the
jobs with the least text left first, so a small file that arrives while a
large one is embedding is committed in the next step; a large file's passages
land over several steps, the file staying ``pending`` until its last one.

:class:`Steps` is a part of :class:`manoled.index.pipeline.Indexer`.
"""

from __future__ import annotations

import heapq
import itertools
import logging
import threading
import time
from collections import deque
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from ..catalog.records import NewPassage, as_stored
from ..catalog.store import Catalog
from ..config import Config
from .changes import ApplyStats, Change, age_bucket, rebase, under
from .discover import path_stat
from .embed import Embedder
from .kinds import ext_kind
from .prepare import _Prepared
from .progress import Progress, Tracker
from .vectors import VectorIndex

log = logging.getLogger(__name__)

SLOW_KINDS = ("pdf", "doc")  # extracted in a worker process: may take seconds
PART_S = 0.5  # an embedding part (progress moves after each) takes about this long
PREP_SHARE = 0.5  # reading and extracting files ahead of a step takes at most this share of commit_seconds
SAVE_EVERY_S = 30.0  # the catalog's in_index flags cover what an unsaved index lacks

FileHook = Callable[[Catalog, int, list[str]], None]
Feed = Callable[[], "list[Change] | None"]


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



class Steps:
    """Embeds and commits prepared files; uses the indexer's catalog, index, embedder and progress tracker."""

    catalog: Catalog
    index: VectorIndex
    embedder: Embedder
    config: Config
    hooks: list[FileHook]
    stop_event: threading.Event
    progress: Tracker
    max_step_chars: int | None
    _embed_calls: deque[tuple[int, float]]

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
                st = path_stat(path)
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
                    for j in [j for j in jobs if any(under(j.path, g) for g in gone)]:
                        jobs.remove(j)  # deleted or moved mid-file: a moved one is redone at its new path
                        tracker.finished(j.size)
                        fresh.extend(rebase(j.path, ch.path, ch.dest) for ch in more
                                     if ch.kind == "moved" and ch.dest is not None and under(j.path, ch.path))
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
                tracker.prepared(kind, size, job.chars_left, len(prep.chunks))
                jobs.append(job)
            if not jobs:
                if heap:
                    continue
                break
            if self.stop_event.is_set():
                break  # shutting down: the files in progress stay pending and are redone on the next start
            self._embed_step(jobs, budget, stats)
            if self.index.needs_retrain():
                # grown 4x past its training: retrain now, not after the whole batch (1M new vectors would
                # otherwise sit in the untrained index as float32, 1.5 GB, until the end)
                self.rebuild_index()
                last_save = time.monotonic()
            elif time.monotonic() - last_save > SAVE_EVERY_S:
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
        cost = self._embed_cost()
        if cost is None:
            return min(cap, floor)
        c0, c1 = cost
        in_time = (cfg.commit_seconds - c0) / c1
        amortised = min(3 * c0, 4 * cfg.commit_seconds) / c1  # but a step stays within ~4x commit_seconds
        return max(1, min(cap, int(max(in_time, amortised, floor))))

    def _embed_cost(self) -> tuple[float, float] | None:
        """(seconds per step, seconds per character) of embedding, from the recent steps; None before the first."""
        calls = self._embed_calls
        if not calls:
            return None
        c0, c1 = 0.0, sum(t for _, t in calls) / max(1, sum(x for x, _ in calls))
        if len({x for x, _ in calls}) >= 3:
            xs = np.asarray([x for x, _ in calls], dtype=float)
            ts = np.asarray([t for _, t in calls], dtype=float)
            slope, intercept = np.polyfit(xs, ts, 1)
            if slope > 0 and intercept >= 0:
                c0, c1 = float(intercept), float(slope)
        return c0, c1

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
        """Embed a step's passages in parts of about ``PART_S`` seconds each (at least 8 passages, at most
        a batch), shortest first, sized by the measured cost per character.

        Progress moves after every part (a step can take several seconds on a busy machine),
        and a shutdown stops between parts (None: the step is abandoned).
        """
        batch_max = max(1, self.config.index.embed_batch_size)
        cost = self._embed_cost()
        part_chars = PART_S / cost[1] if cost and cost[1] > 0 else 0.0  # before any measure: parts of 8 passages
        order = sorted(range(len(texts)), key=lambda i: len(texts[i]))
        out: np.ndarray | None = None
        start = 0
        while start < len(order):
            if start and self.stop_event.is_set():
                return None
            end, chars = start, 0
            while end < len(order) and end - start < batch_max and (end - start < 8 or chars < part_chars):
                chars += len(texts[order[end]])
                end += 1
            idx = order[start:end]
            t = time.monotonic()
            vecs = np.asarray(self.embedder.embed([texts[i] for i in idx]))
            if out is None:
                out = np.empty((len(texts), vecs.shape[1]), dtype=vecs.dtype)
            out[idx] = vecs
            self.progress.embedded(len(idx), chars, time.monotonic() - t)
            start = end
        return out if out is not None else np.empty((0, self.embedder.dimensions), dtype=np.float32)

    def _write(self, job: _Job, start: int, end: int, vectors: np.ndarray, stats: ApplyStats) -> None:
        """Commit passages ``start:end`` of a file; the file is ``indexed`` only with its last one."""
        p = job.prep
        new = [NewPassage(seq, text, page, vec) for (seq, text, page), vec in zip(p.chunks[start:end], vectors, strict=True)]
        last = end == len(p.chunks)
        state = "indexed" if last else "pending"
        with self.catalog.tx():
            if start == 0 or job.file_id is None:
                job.file_id = self.catalog.upsert_file(
                    p.root.id, p.relpath, size=p.st.st_size, mtime_ns=p.st.st_mtime_ns, inode=p.st.st_ino,
                    kind=p.kind, state="pending", hash=p.hash,
                )
                ids = self.catalog.replace_passages(job.file_id, new, hash=p.hash, state=state)
            else:
                ids = self.catalog.append_passages(job.file_id, new, state=state)
            # before the commit: once the catalog says 'indexed', a search finds the file (an id searched
            # before the commit has no passage in the catalog yet, and the search drops it)
            self.index.add(ids, as_stored(vectors))
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
