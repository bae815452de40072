"""Preparing one file: open it once, compare, hash, extract (or reuse cached text or a duplicate), chunk.

:class:`Preparation` is a part of :class:`manoled.index.pipeline.Indexer`.
"""

from __future__ import annotations

import json
import os
import threading
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from ..catalog.records import FileRecord, Root, blob_to_vector
from ..catalog.schema import CHEAP_KINDS
from ..catalog.store import Catalog
from ..config import Config
from ..errors import ExtractError
from ..vision import exif
from .changes import ApplyStats
from .chunk import chunk
from .extract import Extractor
from .extraction import ExtractCancelled
from .hashing import hash_fd
from .kinds import KIND_SNIFF_BYTES, kind_for
from .safeopen import Skip

TEXT_PRODUCER = "text:v1"


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



class Preparation:
    """Reads a file into passages-to-be; uses the indexer's catalog, config, extractor and dropped-hash set."""

    catalog: Catalog
    config: Config
    extractor: Extractor
    caption_producer: str | None
    stop_event: threading.Event
    _dropped: set[str | None]

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
                segments: list[tuple[str, int | None]] = [(exif.describe(path, fp), None)]
            if self.caption_producer:
                caption = self.catalog.cache_get(digest, self.caption_producer)
                if caption:
                    segments.append((f"Photo description: {caption}", None))
            return segments
        keep = kind not in CHEAP_KINDS  # a PDF's or DOCX's text is worth keeping; a text file is read again
        cached = self.catalog.cache_get(digest, TEXT_PRODUCER) if keep else None
        if cached is not None:
            return [(t, p) for t, p in json.loads(cached)]
        extraction = self.extractor.extract_fd(fd, path.name, kind)
        if keep:
            self.catalog.cache_put(digest, TEXT_PRODUCER, json.dumps(extraction.segments))
        return extraction.segments

    def _duplicate(self, digest: str, kind: str) -> tuple[list[tuple[int, str, int | None]], np.ndarray] | None:
        """Reuse the passages and vectors of an identical file already indexed (same content, same chunking)."""
        if kind == "image":
            return None  # an image's passages carry its own file name
        # "+state": look the hash up by its index; the state index would scan every indexed file (12 ms a file at
        # 150k files, the most of the indexing time with a fast embedder)
        twin = self.catalog.query("SELECT id FROM files WHERE hash=? AND +state='indexed' LIMIT 1", (digest,))
        if not twin:
            return None
        rows = self.catalog.query("SELECT seq, text, page, vector FROM passages WHERE file_id=? ORDER BY seq",
                                  (twin[0][0],))
        if not rows:
            return None
        chunks = [(r[0], r[1], r[2]) for r in rows]
        vectors = np.stack([blob_to_vector(r[3]) for r in rows])
        return chunks, vectors
