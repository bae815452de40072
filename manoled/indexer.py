"""The indexer: files on disk → catalog → extract → chunk → embed → vector index.

``Indexer.apply(changes)`` takes a batch of file changes (from the watcher, a
start-up ``scan`` or ``manoled index``) and brings the catalog and the index in
line with the disk:

* deletes and moves are catalog updates only (a move never re-extracts or
  re-embeds: passages belong to the file row, not to its path);
* adds and modifies are stat-compared, hashed only when the stat differs,
  extracted (or taken from the content cache), chunked and embedded in one
  call per batch, then written one transaction per file;
* the vector index is then updated in memory and saved once per batch.

Crash safety comes from the catalog: new passages carry ``in_index=0`` until
the index holding them has been saved, and deleted ones leave tombstones.
``sync_index()`` (run at start-up) replays both.
"""

from __future__ import annotations

import hashlib
import json
import logging
import os
import stat as stat_mod
import threading
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal

import numpy as np

from . import images
from .catalog import Catalog, FileRecord, NewPassage, Root
from .chunk import chunk
from .config import Config
from .embed import Embedder
from .errors import ExtractError, IndexError_
from .extract import KIND_SNIFF_BYTES, ExtractCancelled, Extractor, Skip, kind_for
from .ignore import IgnoreRules
from .index import VectorIndex
from .safeopen import FILE_FLAGS, open_beneath, open_dir_beneath

log = logging.getLogger(__name__)

TEXT_PRODUCER = "text:v1"
HASH_BLOCK = 1 << 20

ChangeKind = Literal["added", "modified", "deleted", "moved"]


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


@dataclass
class Progress:
    done: int
    total: int
    passages: int
    started: float

    @property
    def rate(self) -> float:
        dt = time.monotonic() - self.started
        return self.done / dt if dt > 0 else 0.0

    @property
    def eta_s(self) -> float | None:
        r = self.rate
        return (self.total - self.done) / r if r > 0 else None


FileHook = Callable[[Catalog, int, list[str]], None]


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
    def apply(self, changes: Iterable[Change], progress: Callable[[Progress], None] | None = None) -> ApplyStats:
        changes = list(changes)
        stats = ApplyStats()
        started = time.monotonic()
        with self._lock:
            content: list[Path] = []
            for ch in changes:
                if ch.kind == "deleted":
                    stats.deleted += self._delete(ch.path)
                elif ch.kind == "moved" and ch.dest is not None:
                    content.extend(self._move(ch.path, ch.dest, stats))
                else:
                    content.append(ch.path)
            # small files and text first; images last
            def order(p: Path) -> tuple[int, int]:
                kind = kind_for(p, head=b"")  # by extension: ordering never opens a file
                try:
                    size = os.lstat(p).st_size
                except OSError:
                    size = 0
                return (1 if kind == "image" else 0, size)

            content = sorted(dict.fromkeys(content), key=order)
            batch_size = max(1, self.config.index.commit_batch_files)
            prog = Progress(0, len(content), 0, started)
            for start in range(0, len(content), batch_size):
                if self.stop_event.is_set():
                    break
                part = self._apply_batch(content[start:start + batch_size])
                stats.merge(part)
                prog.done += len(content[start:start + batch_size])
                prog.passages += part.passages
                if progress:
                    progress(prog)
            self._flush_index()  # deletes and moves only: one save for the whole batch
            self._gc_cache()
            if self.index.needs_retrain():
                self.rebuild_index()
        stats.seconds = time.monotonic() - started
        return stats

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

    def _apply_batch(self, paths: list[Path]) -> ApplyStats:
        stats = ApplyStats(files=len(paths))
        prepared: list[_Prepared] = []
        for path in paths:
            if self.stop_event.is_set():
                break
            result = self._prepare(path, stats)
            if result is not None:
                prepared.append(result)
        if self.stop_event.is_set():
            return stats  # shutting down: prepared files stay pending and are resumed on the next start
        todo = [p for p in prepared if p.vectors is None]
        texts = [text for p in todo for _, text, _ in p.chunks]
        if texts:
            # in slices, so that a shutdown waits for one slice at most (the files stay pending)
            step = max(1, self.config.index.embed_batch_size) * 4
            parts = []
            for start in range(0, len(texts), step):
                if self.stop_event.is_set():
                    return stats
                parts.append(self.embedder.embed(texts[start:start + step]))
            vecs = np.concatenate(parts) if len(parts) > 1 else parts[0]
            stats.embedded += len(texts)
            offset = 0
            for p in todo:
                p.vectors = vecs[offset:offset + len(p.chunks)]
                offset += len(p.chunks)
        for p in prepared:
            self._commit(p, stats)
        self._flush_index()
        return stats

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
        vectors = np.stack([np.frombuffer(r[3], dtype=np.float32) for r in rows])
        return chunks, vectors

    def _commit(self, p: _Prepared, stats: ApplyStats) -> None:
        fid = self.catalog.upsert_file(
            p.root.id, p.relpath, size=p.st.st_size, mtime_ns=p.st.st_mtime_ns, inode=p.st.st_ino,
            kind=p.kind, state="pending", hash=p.hash,
        )
        assert p.vectors is not None
        new = [NewPassage(seq, text, page, vec) for (seq, text, page), vec in zip(p.chunks, p.vectors, strict=False)]
        ids = self.catalog.replace_passages(fid, new, hash=p.hash, state="indexed")
        self.index.add(ids, p.vectors)
        stats.indexed += 1
        stats.passages += len(ids)
        texts = [c[1] for c in p.chunks]
        for hook in self.hooks:
            try:
                hook(self.catalog, fid, texts)
            except Exception:  # noqa: BLE001 - a hook must never lose the file's index update
                log.exception("index hook failed for %s", p.relpath)

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
            self._apply_batch([rec.path])
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
    def search(self, query: str, k: int = 5) -> list[Hit]:
        if not query.strip() or k <= 0:
            return []
        vec = self.embedder.embed([query])[0]
        raw = self.index.search(vec, k * 3 + 10)
        passages = self.catalog.passages_by_ids([pid for pid, _ in raw])
        hits: list[Hit] = []
        for pid, score in raw:
            p = passages.get(pid)
            if p is None:  # deleted from the catalog: never return stale text
                continue
            meta = p.metadata()
            hits.append(Hit(pid, score, p.text, meta["path"], meta["file_name"], p.page, meta))  # type: ignore[arg-type]
            if len(hits) >= k:
                break
        return hits

    def close(self) -> None:
        self.stop_event.set()
        with self._lock:
            try:
                self.index.save()
            finally:
                self.extractor.close()


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

