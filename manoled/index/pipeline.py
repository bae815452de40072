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

import logging
import threading
import time
from collections import deque
from collections.abc import Callable, Iterable
from pathlib import Path

import numpy as np

from ..catalog.store import Catalog
from ..config import Config
from ..errors import IndexError_
from .changes import ApplyStats, Change, Hit
from .discover import Discovery, is_dir, path_stat
from .embed import Embedder
from .extract import Extractor
from .ignore import IgnoreRules
from .prepare import Preparation
from .progress import Progress, Tracker
from .steps import Feed, FileHook, Steps
from .vectors import VectorIndex

log = logging.getLogger(__name__)


class Indexer(Discovery, Preparation, Steps):
    """The indexing pipeline: discovery (:mod:`.discover`), preparation (:mod:`.prepare`), steps (:mod:`.steps`)."""

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
        # read by status from any thread
        self.progress = Tracker(passage_chars=config.index.chunk_size - config.index.chunk_overlap)
        self._embed_calls: deque[tuple[int, float]] = deque(maxlen=24)  # (characters, seconds) of recent calls
        self.max_step_chars: int | None = None  # a hard cap on a step (tests: force a file over many steps)

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
        dest_is_dir = is_dir(dest)  # lstat: a link to a folder is not a folder (it is never walked)
        if self.ignore_rules(droot).ignored(dest, dest_is_dir):
            stats.deleted += self._delete(src)
            return []
        rec = self.catalog.get_file(src_loc[0].id, src_loc[1]) if src_loc else None
        if rec is not None:
            self.catalog.move_file(rec.id, droot.id, drel)
            stats.moved += 1
            # a move is a path update only; if the content also changed the stat differs
            st = path_stat(dest)
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
            n = self.catalog.passage_count()
            if n >= self.index.quantize_above:  # batch by batch: 1M vectors as float32 at once are 1.5 GB
                self.index.build_streamed(n, self.catalog.iter_vectors)
                self.catalog.reset_index_state()
                return self.index.ntotal
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

