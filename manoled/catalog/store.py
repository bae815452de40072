"""The catalog: a SQLite (WAL) file that is the source of truth.

It holds every known file, every passage with its embedding vector, a
content-hash-keyed cache of extracted text and captions, and the bookkeeping
that keeps the derived vector index in step:

* ``passages.in_index`` is 0 until the passage has been added to the index
  and the index saved; start-up adds any that are still 0.
* ``tombstones`` lists passage ids deleted from the catalog that may still be
  in the index; they are removed from it (or compacted away) later.

Searches join index hits back to ``passages``, so a tombstoned passage can
never be returned even before the index has caught up.

Roots and files are :class:`manoled.catalog.files.FileStore`; connections and
file names as bytes are :mod:`manoled.catalog.connection` and
:mod:`manoled.catalog.names`; every table is in :mod:`manoled.catalog.schema`.
"""

from __future__ import annotations

import time
from collections.abc import Iterable, Iterator
from pathlib import Path

import numpy as np

from . import schema
from .connection import secure_files
from .files import FileStore
from .records import FILE_COLS, FileRecord, Passage, blob_to_vector, file_record, pack_text, unpack_text


def fts_query(terms: Iterable[str]) -> str:
    """An FTS5 OR query of quoted terms (no operators from user text survive the quoting)."""
    out = []
    for term in terms:
        prefix = term.endswith("*")
        word = term.rstrip("*").replace('"', " ").strip()
        if word:
            out.append(f'"{word}"' + ("*" if prefix else ""))
    return " OR ".join(out)



class Catalog(FileStore):
    """Thread-safe access to the catalog file (one connection per thread)."""

    def __init__(self, path: Path) -> None:
        super().__init__(path)
        conn = self._conn()
        found = schema.stored_version(conn, self.path)
        if found is not None and found < schema.SCHEMA_VERSION:
            with self.tx() as c:
                schema.upgrade(c, self.path, found)
            schema.compact(conn, self.path)
        with self.tx() as c:
            schema.create(c, self.path)
            schema.check_version(c, self.path)
            schema.fill_fts(c)
        if self.get_meta("vector_format") != "float16":
            with self.tx() as c:
                schema.migrate_vectors(c)
        del conn
        secure_files(self.path)

    # -- passages --------------------------------------------------------
    def passages_for(self, file_id: int, limit: int = -1, after: int = -1) -> list[tuple[int, int, int | None, str]]:
        """(id, seq, page, text) of a file's passages in order (those after the ``after``-th); the first ``limit``
        only when it is >= 0."""
        return self.query("SELECT id, seq, page, text FROM passages WHERE file_id=? AND seq>? ORDER BY seq LIMIT ?",
                          (file_id, after, limit))

    def passages_by_ids(self, ids: Iterable[int]) -> dict[int, Passage]:
        ids = [int(i) for i in ids]
        out: dict[int, Passage] = {}
        for start in range(0, len(ids), 500):
            chunk = ids[start:start + 500]
            marks = ",".join("?" * len(chunk))
            rows = self._conn().execute(
                f"SELECT p.id, p.seq, p.page, p.text, {FILE_COLS} FROM passages p "
                f"JOIN files f ON f.id=p.file_id JOIN roots r ON r.id=f.root_id WHERE p.id IN ({marks})",
                chunk,
            ).fetchall()
            for row in rows:
                out[row[0]] = Passage(id=row[0], seq=row[1], page=row[2], text=row[3], file=file_record(row[4:]))
        return out

    def fts_search(self, terms: Iterable[str], k: int = 20) -> list[tuple[int, float]]:
        """(passage id, BM25 score; higher is better) for passages whose text or path has any of ``terms``.

        Terms are whole words; a term ending in ``*`` matches as a prefix ("invoice*" finds "invoices").
        """
        query = fts_query(terms)
        if not query:
            return []
        rows = self._conn().execute(
            "SELECT rowid, bm25(passages_fts, 1.0, 0.6) FROM passages_fts WHERE passages_fts MATCH ? "
            "ORDER BY bm25(passages_fts, 1.0, 0.6) LIMIT ?", (query, int(k))).fetchall()
        return [(int(r[0]), -float(r[1])) for r in rows]

    def script_words(self) -> list[str]:
        """The words of the passages and paths written in Greek or Cyrillic letters (as the full-text index keeps
        them: lower case, Greek accents kept), so that a question typing them in Latin ones can find them."""
        conn = self._conn()
        conn.execute("CREATE VIRTUAL TABLE IF NOT EXISTS temp.passages_vocab USING fts5vocab(main, passages_fts, row)")
        rows = conn.execute("SELECT term FROM temp.passages_vocab WHERE term >= ? AND term < ?", ("\u0370", "\u0530"))
        return [str(r[0]) for r in rows]

    def fts_file_ids(self, terms: Iterable[str]) -> set[int]:
        """Ids of files with a passage (or a path) that has any of ``terms``."""
        query = fts_query(terms)
        if not query:
            return set()
        rows = self._conn().execute(
            "SELECT DISTINCT p.file_id FROM passages_fts JOIN passages p ON p.id=passages_fts.rowid "
            "WHERE passages_fts MATCH ?", (query,)).fetchall()
        return {int(r[0]) for r in rows}

    def iter_vectors(self, only_pending: bool = False, batch: int = 2048) -> Iterator[tuple[list[int], np.ndarray]]:
        """Yield (ids, vectors) in batches, for a rebuild or to catch the index up."""
        where = "WHERE in_index=0" if only_pending else ""
        last = -1
        while True:
            rows = self._conn().execute(
                f"SELECT id, vector FROM passages {where} {'AND' if where else 'WHERE'} id>? ORDER BY id LIMIT ?",
                (last, batch),
            ).fetchall()
            if not rows:
                return
            ids = [r[0] for r in rows]
            yield ids, np.stack([blob_to_vector(r[1]) for r in rows])
            last = ids[-1]

    def file_vectors(self) -> Iterator[tuple[int, np.ndarray]]:
        """Yield (file_id, passage vectors) for every file with passages."""
        cur = self._conn().execute("SELECT file_id, vector FROM passages ORDER BY file_id, seq")
        current, vecs = None, []
        for fid, blob in cur:
            if fid != current and vecs:
                yield current, np.stack(vecs)  # type: ignore[misc]
                vecs = []
            current = fid
            vecs.append(blob_to_vector(blob))
        if vecs:
            yield current, np.stack(vecs)  # type: ignore[misc]

    def vectors_by_ids(self, ids: Iterable[int]) -> dict[int, np.ndarray]:
        """The stored (float16-rounded) vectors of these passages; ids no longer in the catalog are absent."""
        ids = [int(i) for i in ids]
        out: dict[int, np.ndarray] = {}
        conn = self._conn()
        for start in range(0, len(ids), 500):
            chunk = ids[start:start + 500]
            rows = conn.execute(f"SELECT id, vector FROM passages WHERE id IN ({','.join('?' * len(chunk))})",
                                chunk).fetchall()
            out.update((r[0], blob_to_vector(r[1])) for r in rows)
        return out

    def mark_in_index(self, ids: Iterable[int]) -> None:
        ids = list(ids)
        with self.tx() as c:
            c.executemany("UPDATE passages SET in_index=1 WHERE id=?", [(i,) for i in ids])

    def tombstones(self) -> list[int]:
        return [r[0] for r in self.query("SELECT passage_id FROM tombstones ORDER BY passage_id")]

    def clear_tombstones(self, ids: Iterable[int]) -> None:
        with self.tx() as c:
            c.executemany("DELETE FROM tombstones WHERE passage_id=?", [(i,) for i in ids])

    def reset_index_state(self) -> None:
        """After a full rebuild: every live passage is in the index, nothing is tombstoned."""
        with self.tx() as c:
            c.execute("UPDATE passages SET in_index=1")
            c.execute("DELETE FROM tombstones")

    def passage_count(self) -> int:
        return self.query("SELECT COUNT(*) FROM passages")[0][0]

    # -- content cache ---------------------------------------------------
    def cache_get(self, hash: str, producer: str) -> str | None:
        row = self._conn().execute(
            "SELECT text FROM content_cache WHERE hash=? AND producer=?", (hash, producer)
        ).fetchone()
        return unpack_text(row[0]) if row else None

    def gc_cache(self, hashes: Iterable[str | None] | None = None) -> int:
        """Remove cached text and captions that no file references any more; returns rows removed.

        ``hashes``: only these candidates (the ones a batch dropped); ``None``: the whole cache."""
        with self.tx() as c:
            if hashes is None:
                return c.execute("DELETE FROM content_cache WHERE NOT EXISTS "
                                 "(SELECT 1 FROM files f WHERE f.hash = content_cache.hash)").rowcount
            n = 0
            for h in {h for h in hashes if h}:
                if c.execute("SELECT 1 FROM files WHERE hash=? LIMIT 1", (h,)).fetchone() is None:
                    n += c.execute("DELETE FROM content_cache WHERE hash=?", (h,)).rowcount
            return n

    def cache_put(self, hash: str, producer: str, text: str) -> None:
        """Keep text that is expensive to get again (a PDF's or DOCX's text, a caption), compressed."""
        with self.tx() as c:
            c.execute(
                "INSERT OR REPLACE INTO content_cache(hash, producer, text, created) VALUES(?,?,?,?)",
                (hash, producer, pack_text(text), time.time()),
            )

    # -- stats -----------------------------------------------------------
    def counts(self) -> dict[str, dict[str, int]]:
        out: dict[str, dict[str, int]] = {}
        for kind, state, n in self.query("SELECT kind, state, COUNT(*) FROM files GROUP BY kind, state"):
            out.setdefault(kind, {})[state] = n
        return out

    def failures(self, limit: int = 20) -> list[FileRecord]:
        rows = self._conn().execute(
            f"SELECT {FILE_COLS} FROM files f JOIN roots r ON r.id=f.root_id "
            "WHERE f.state IN ('failed','skipped') ORDER BY f.updated DESC LIMIT ?", (limit,)
        ).fetchall()
        return [file_record(r) for r in rows]
