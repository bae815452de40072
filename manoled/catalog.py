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

The catalog is used from several threads. Each thread gets its own
connection; writes are serialised by SQLite itself.

File names are bytes on POSIX and need not be UTF-8. Python carries an
undecodable name as a ``str`` with surrogate escapes, which SQLite cannot
take as text; every connection therefore binds such a string as the name's
exact bytes (a BLOB), and reads text back with surrogate escapes, so the name
round-trips losslessly and a valid name is always bound as text (one spelling
per name: ``UNIQUE(root_id, relpath)`` still holds). Prefix queries compare
``CAST(relpath AS BLOB)`` so they match both spellings.

The catalog holds every extracted passage: its folder is 0700 and its files
(database, WAL, shared memory) are 0600, fixed on every open.
"""

from __future__ import annotations

import logging
import os
import sqlite3
import stat
import threading
import time
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from .errors import CatalogError

SCHEMA_VERSION = 1

log = logging.getLogger(__name__)

KINDS = ("text", "pdf", "doc", "image", "other")
STATES = ("pending", "indexed", "failed", "skipped")

_SCHEMA = """
CREATE TABLE IF NOT EXISTS meta(key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS roots(
    id INTEGER PRIMARY KEY,
    path TEXT UNIQUE NOT NULL,
    online INTEGER NOT NULL DEFAULT 1,
    added REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS files(
    id INTEGER PRIMARY KEY,
    root_id INTEGER NOT NULL REFERENCES roots(id) ON DELETE CASCADE,
    relpath TEXT NOT NULL,
    size INTEGER NOT NULL DEFAULT 0,
    mtime_ns INTEGER NOT NULL DEFAULT 0,
    inode INTEGER NOT NULL DEFAULT 0,
    hash TEXT,
    kind TEXT NOT NULL,
    state TEXT NOT NULL,
    reason TEXT,
    updated REAL NOT NULL,
    UNIQUE(root_id, relpath)
);
CREATE INDEX IF NOT EXISTS files_hash ON files(hash);
CREATE INDEX IF NOT EXISTS files_state ON files(state);
CREATE TABLE IF NOT EXISTS passages(
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    file_id INTEGER NOT NULL REFERENCES files(id) ON DELETE CASCADE,
    seq INTEGER NOT NULL,
    page INTEGER,
    text TEXT NOT NULL,
    vector BLOB NOT NULL,
    in_index INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX IF NOT EXISTS passages_file ON passages(file_id);
CREATE INDEX IF NOT EXISTS passages_pending ON passages(in_index) WHERE in_index = 0;
CREATE TABLE IF NOT EXISTS tombstones(passage_id INTEGER PRIMARY KEY);
CREATE TRIGGER IF NOT EXISTS passages_tombstone AFTER DELETE ON passages
    WHEN OLD.in_index = 1
    BEGIN INSERT OR IGNORE INTO tombstones(passage_id) VALUES (OLD.id); END;
CREATE VIRTUAL TABLE IF NOT EXISTS passages_fts USING fts5(text, name, tokenize='unicode61 remove_diacritics 2');
CREATE TRIGGER IF NOT EXISTS passages_fts_add AFTER INSERT ON passages
    BEGIN INSERT INTO passages_fts(rowid, text, name)
          VALUES (NEW.id, NEW.text, (SELECT relpath FROM files WHERE id=NEW.file_id)); END;
CREATE TRIGGER IF NOT EXISTS passages_fts_drop AFTER DELETE ON passages
    BEGIN DELETE FROM passages_fts WHERE rowid=OLD.id; END;
CREATE TRIGGER IF NOT EXISTS files_fts_move AFTER UPDATE OF relpath ON files
    BEGIN UPDATE passages_fts SET name=NEW.relpath WHERE rowid IN (SELECT id FROM passages WHERE file_id=NEW.id); END;
CREATE TABLE IF NOT EXISTS content_cache(
    hash TEXT NOT NULL,
    producer TEXT NOT NULL,
    text TEXT NOT NULL,
    created REAL NOT NULL,
    PRIMARY KEY(hash, producer)
);
"""


@dataclass(frozen=True)
class Root:
    id: int
    path: Path
    online: bool


@dataclass(frozen=True)
class FileRecord:
    id: int
    root_id: int
    root: Path
    relpath: str
    size: int
    mtime_ns: int
    inode: int
    hash: str | None
    kind: str
    state: str
    reason: str | None

    @property
    def path(self) -> Path:
        return self.root / self.relpath

    @property
    def name(self) -> str:
        return self.relpath.rsplit("/", 1)[-1]

    @property
    def ext(self) -> str:
        name = self.name
        return name.rsplit(".", 1)[-1].lower() if "." in name.lstrip(".") else ""

    @property
    def mtime(self) -> float:
        return self.mtime_ns / 1e9


@dataclass(frozen=True)
class NewPassage:
    seq: int
    text: str
    page: int | None
    vector: np.ndarray


@dataclass(frozen=True)
class Passage:
    id: int
    file: FileRecord
    seq: int
    page: int | None
    text: str

    def metadata(self) -> dict[str, object]:
        f = self.file
        meta: dict[str, object] = {
            "path": str(f.path),
            "file_name": f.name,
            "extension": f.ext,
            "root": str(f.root),
            "size": f.size,
            "mtime": f.mtime,
            "kind": f.kind,
        }
        if self.page is not None:
            meta["page"] = self.page
        return meta


# Vectors are stored as float16 behind this tag (half the bytes; cosine changes by ~1e-6 on unit
# vectors). Older catalogs hold untagged float32 blobs: both read back, and start-up converts them
# (:meth:`Catalog._migrate_vectors`). A float32 blob cannot start with the tag unless its first
# component is a ~5e-39 denormal, which an L2-normalised embedding never has.
F16_TAG = b"f16\x00"


def vector_to_blob(vec: np.ndarray) -> bytes:
    return F16_TAG + np.asarray(vec, dtype=np.float16).tobytes()


def as_stored(vectors: np.ndarray) -> np.ndarray:
    """The vectors as the catalog gives them back (float16-rounded), so the live index equals a rebuilt one."""
    return np.asarray(vectors, dtype=np.float16).astype(np.float32)


def blob_to_vector(blob: bytes) -> np.ndarray:
    if blob[:4] == F16_TAG:
        return np.frombuffer(blob, dtype=np.float16, offset=4).astype(np.float32)
    return np.frombuffer(blob, dtype=np.float32)


_FILE_COLS = (
    "f.id, f.root_id, r.path, f.relpath, f.size, f.mtime_ns, f.inode, f.hash, f.kind, f.state, f.reason"
)


def _fts_query(terms: Iterable[str]) -> str:
    """An FTS5 OR query of quoted terms (no operators from user text survive the quoting)."""
    out = []
    for term in terms:
        prefix = term.endswith("*")
        word = term.rstrip("*").replace('"', " ").strip()
        if word:
            out.append(f'"{word}"' + ("*" if prefix else ""))
    return " OR ".join(out)


def _name(value: str | bytes) -> str:
    """A path column as ``str``: an undecodable name is stored as its bytes."""
    return value.decode("utf-8", "surrogateescape") if isinstance(value, bytes) else value


def _bind(value: object) -> object:
    """A parameter SQLite can store: a string carrying surrogate escapes becomes its exact bytes."""
    if isinstance(value, str) and not value.isascii():
        try:
            value.encode("utf-8")
        except UnicodeEncodeError:
            return value.encode("utf-8", "surrogateescape")
    return value


def _bind_all(params: object) -> object:
    if isinstance(params, dict):
        return {k: _bind(v) for k, v in params.items()}
    if isinstance(params, (list, tuple)):
        return tuple(_bind(v) for v in params)
    return params


def _text(data: bytes) -> str:
    return data.decode("utf-8", "surrogateescape")


class _Connection(sqlite3.Connection):
    """A connection that binds undecodable names losslessly (see the module docstring)."""

    def execute(self, sql: str, parameters: object = (), /) -> sqlite3.Cursor:  # type: ignore[override]
        return super().execute(sql, _bind_all(parameters))  # type: ignore[arg-type]

    def executemany(self, sql: str, seq: Iterable[object], /) -> sqlite3.Cursor:  # type: ignore[override]
        return super().executemany(sql, (_bind_all(p) for p in seq))  # type: ignore[arg-type]


def prefix_bytes(under: str) -> bytes:
    """``under/`` as bytes, for ``substr(CAST(relpath AS BLOB), 1, n) = prefix`` queries."""
    return (under.rstrip("/") + "/").encode("utf-8", "surrogateescape")


def _file(row: sqlite3.Row | tuple) -> FileRecord:
    return FileRecord(
        id=row[0], root_id=row[1], root=Path(_name(row[2])), relpath=_name(row[3]), size=row[4],
        mtime_ns=row[5], inode=row[6], hash=row[7], kind=row[8], state=row[9], reason=row[10],
    )


def secure_files(db: Path) -> None:
    """Owner-only permissions for the catalog and its WAL and shared-memory files."""
    for p in (db, db.with_name(db.name + "-wal"), db.with_name(db.name + "-shm"),
              db.with_name(db.name + "-journal")):
        try:
            st = os.stat(p, follow_symlinks=False)
            if stat.S_ISREG(st.st_mode) and st.st_mode & 0o077:
                os.chmod(p, 0o600)
        except OSError:  # gone, or not ours to change: SQLite will complain if it matters
            pass


class Catalog:
    """Thread-safe access to the catalog file (one connection per thread)."""

    def __init__(self, path: Path) -> None:
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
        self._local = threading.local()
        self._conns: list[sqlite3.Connection] = []
        self._conns_lock = threading.Lock()
        self._closed = False
        conn = self._conn()
        try:
            conn.executescript(_SCHEMA)
        except sqlite3.DatabaseError as exc:
            raise CatalogError(f"cannot use catalog {self.path}: {exc}") from exc
        with self.tx() as c:
            row = c.execute("SELECT value FROM meta WHERE key='schema'").fetchone()
            if row is None:
                c.execute("INSERT INTO meta(key, value) VALUES('schema', ?)", (str(SCHEMA_VERSION),))
            elif int(row[0]) > SCHEMA_VERSION:
                raise CatalogError(f"catalog {self.path} has schema {row[0]}, newer than this manoled ({SCHEMA_VERSION})")
            if c.execute("SELECT value FROM meta WHERE key='fts'").fetchone() is None:
                # a catalog from before the full-text table: fill it once (the triggers keep it in step after)
                c.execute("DELETE FROM passages_fts")
                c.execute("INSERT INTO passages_fts(rowid, text, name) SELECT p.id, p.text, f.relpath "
                          "FROM passages p JOIN files f ON f.id=p.file_id")
                c.execute("INSERT INTO meta(key, value) VALUES('fts', '1')")
        if self.get_meta("vector_format") != "float16":
            self._migrate_vectors()
        del conn
        secure_files(self.path)

    def _migrate_vectors(self, batch: int = 4096) -> None:
        """float32 vector blobs → float16, in one transaction (a crash leaves them all as they were)."""
        n = 0
        with self.tx() as c:
            last = -1
            while True:
                rows = c.execute("SELECT id, vector FROM passages WHERE id>? ORDER BY id LIMIT ?",
                                 (last, batch)).fetchall()
                if not rows:
                    break
                last = rows[-1][0]
                old = [(vector_to_blob(blob_to_vector(blob)), pid) for pid, blob in rows if blob[:4] != F16_TAG]
                c.executemany("UPDATE passages SET vector=? WHERE id=?", old)
                n += len(old)
            c.execute("INSERT OR REPLACE INTO meta(key, value) VALUES('vector_format', 'float16')")
        if n:
            log.info("catalog: %d passage vectors converted to float16", n)

    # -- connections -----------------------------------------------------
    def _conn(self) -> sqlite3.Connection:
        if self._closed:
            raise CatalogError("catalog is closed")
        conn = getattr(self._local, "conn", None)
        if conn is None:
            try:
                old = os.umask(0o077)  # the database, its WAL and shm are created owner-only
                try:
                    conn = sqlite3.connect(self.path, timeout=30.0, isolation_level=None, check_same_thread=False,
                                           factory=_Connection)
                finally:
                    os.umask(old)
                conn.text_factory = _text
                conn.execute("PRAGMA journal_mode=WAL")
                conn.execute("PRAGMA synchronous=NORMAL")
                conn.execute("PRAGMA foreign_keys=ON")
            except sqlite3.DatabaseError as exc:
                raise CatalogError(f"cannot open catalog {self.path}: {exc}") from exc
            self._local.conn = conn
            with self._conns_lock:
                self._conns.append(conn)
        return conn

    @contextmanager
    def tx(self) -> Iterator[sqlite3.Connection]:
        """One write transaction (BEGIN IMMEDIATE … COMMIT, or ROLLBACK on error)."""
        c = self._conn()
        if c.in_transaction:  # nested: join the outer transaction
            yield c
            return
        c.execute("BEGIN IMMEDIATE")
        try:
            yield c
        except BaseException:
            c.execute("ROLLBACK")
            raise
        else:
            c.execute("COMMIT")

    def query(self, sql: str, args: Iterable[object] = ()) -> list[tuple]:
        return self._conn().execute(sql, tuple(args)).fetchall()

    def close(self) -> None:
        with self._conns_lock:
            for conn in self._conns:
                try:
                    conn.close()
                except sqlite3.Error:
                    pass
            self._conns.clear()
        self._closed = True

    # -- meta ------------------------------------------------------------
    def get_meta(self, key: str, default: str | None = None) -> str | None:
        row = self._conn().execute("SELECT value FROM meta WHERE key=?", (key,)).fetchone()
        return row[0] if row else default

    def set_meta(self, key: str, value: str) -> None:
        with self.tx() as c:
            c.execute("INSERT OR REPLACE INTO meta(key, value) VALUES(?, ?)", (key, value))

    # -- roots -----------------------------------------------------------
    def add_root(self, path: Path) -> Root:
        p = str(Path(path).resolve())
        with self.tx() as c:
            c.execute("INSERT OR IGNORE INTO roots(path, online, added) VALUES(?, 1, ?)", (p, time.time()))
            row = c.execute("SELECT id, path, online FROM roots WHERE path=?", (p,)).fetchone()
        return Root(row[0], Path(_name(row[1])), bool(row[2]))

    def roots(self) -> list[Root]:
        return [Root(r[0], Path(_name(r[1])), bool(r[2]))
                for r in self.query("SELECT id, path, online FROM roots ORDER BY id")]

    def root_for(self, path: Path) -> Root | None:
        p = str(path)
        for root in sorted(self.roots(), key=lambda r: len(str(r.path)), reverse=True):
            rp = str(root.path)
            if p == rp or p.startswith(rp.rstrip(os.sep) + os.sep):
                return root
        return None

    def set_root_online(self, root_id: int, online: bool) -> None:
        with self.tx() as c:
            c.execute("UPDATE roots SET online=? WHERE id=?", (int(online), root_id))

    def remove_root(self, root_id: int) -> int:
        """Forget a root and all its files (their passages become tombstones)."""
        with self.tx() as c:
            n = c.execute("SELECT COUNT(*) FROM files WHERE root_id=?", (root_id,)).fetchone()[0]
            c.execute("DELETE FROM passages WHERE file_id IN (SELECT id FROM files WHERE root_id=?)", (root_id,))
            c.execute("DELETE FROM files WHERE root_id=?", (root_id,))
            c.execute("DELETE FROM roots WHERE id=?", (root_id,))
        return n

    # -- files -----------------------------------------------------------
    def get_file(self, root_id: int, relpath: str) -> FileRecord | None:
        row = self._conn().execute(
            f"SELECT {_FILE_COLS} FROM files f JOIN roots r ON r.id=f.root_id WHERE f.root_id=? AND f.relpath=?",
            (root_id, relpath),
        ).fetchone()
        return _file(row) if row else None

    def file_by_id(self, file_id: int) -> FileRecord | None:
        row = self._conn().execute(
            f"SELECT {_FILE_COLS} FROM files f JOIN roots r ON r.id=f.root_id WHERE f.id=?", (file_id,)
        ).fetchone()
        return _file(row) if row else None

    def files(
        self,
        root_id: int | None = None,
        state: str | None = None,
        kind: str | None = None,
        under: str | None = None,
    ) -> list[FileRecord]:
        sql = f"SELECT {_FILE_COLS} FROM files f JOIN roots r ON r.id=f.root_id WHERE 1=1"
        args: list[object] = []
        if root_id is not None:
            sql += " AND f.root_id=?"
            args.append(root_id)
        if state is not None:
            sql += " AND f.state=?"
            args.append(state)
        if kind is not None:
            sql += " AND f.kind=?"
            args.append(kind)
        if under:
            sql += " AND (f.relpath=? OR substr(CAST(f.relpath AS BLOB), 1, ?)=?)"
            prefix = prefix_bytes(under)
            args.extend([under.rstrip("/"), len(prefix), prefix])
        sql += " ORDER BY f.root_id, f.relpath"
        return [_file(r) for r in self._conn().execute(sql, args)]

    def upsert_file(
        self,
        root_id: int,
        relpath: str,
        *,
        size: int,
        mtime_ns: int,
        inode: int,
        kind: str,
        state: str,
        hash: str | None = None,
        reason: str | None = None,
    ) -> int:
        assert kind in KINDS and state in STATES, (kind, state)
        with self.tx() as c:
            c.execute(
                """INSERT INTO files(root_id, relpath, size, mtime_ns, inode, hash, kind, state, reason, updated)
                   VALUES(?,?,?,?,?,?,?,?,?,?)
                   ON CONFLICT(root_id, relpath) DO UPDATE SET
                     size=excluded.size, mtime_ns=excluded.mtime_ns, inode=excluded.inode,
                     hash=COALESCE(excluded.hash, files.hash), kind=excluded.kind,
                     state=excluded.state, reason=excluded.reason, updated=excluded.updated""",
                (root_id, relpath, size, mtime_ns, inode, hash, kind, state, reason, time.time()),
            )
            return c.execute("SELECT id FROM files WHERE root_id=? AND relpath=?", (root_id, relpath)).fetchone()[0]

    def set_state(self, file_id: int, state: str, reason: str | None = None) -> None:
        assert state in STATES
        with self.tx() as c:
            c.execute("UPDATE files SET state=?, reason=?, updated=? WHERE id=?", (state, reason, time.time(), file_id))

    def mark_pending(self, root_id: int | None = None, under: str | None = None) -> int:
        """Queue files for re-processing (``reindex``): failed and skipped ones get another try."""
        sql, args = "UPDATE files SET state='pending' WHERE 1=1", []
        if root_id is not None:
            sql += " AND root_id=?"
            args.append(root_id)
        if under:
            prefix = prefix_bytes(under)
            sql += " AND (relpath=? OR substr(CAST(relpath AS BLOB), 1, ?)=?)"
            args.extend([under.rstrip("/"), len(prefix), prefix])
        with self.tx() as c:
            return c.execute(sql, args).rowcount

    def replace_passages(self, file_id: int, passages: list[NewPassage], *, hash: str | None = None,
                         state: str = "indexed", reason: str | None = None) -> list[int]:
        """Swap a file's passages in one transaction; returns the new passage ids."""
        with self.tx() as c:
            c.execute("DELETE FROM passages WHERE file_id=?", (file_id,))
            ids = []
            for p in passages:
                cur = c.execute(
                    "INSERT INTO passages(file_id, seq, page, text, vector) VALUES(?,?,?,?,?)",
                    (file_id, p.seq, p.page, p.text, vector_to_blob(p.vector)),
                )
                ids.append(int(cur.lastrowid))
            c.execute(
                "UPDATE files SET state=?, reason=?, hash=COALESCE(?, hash), updated=? WHERE id=?",
                (state, reason, hash, time.time(), file_id),
            )
        return ids

    def append_passages(self, file_id: int, passages: list[NewPassage], *, state: str) -> list[int]:
        """Add more of a file's passages (a large file is written over several commits) in one transaction."""
        assert state in STATES
        with self.tx() as c:
            ids = [int(c.execute(
                "INSERT INTO passages(file_id, seq, page, text, vector) VALUES(?,?,?,?,?)",
                (file_id, p.seq, p.page, p.text, vector_to_blob(p.vector)),
            ).lastrowid) for p in passages]
            c.execute("UPDATE files SET state=?, reason=NULL, updated=? WHERE id=?", (state, time.time(), file_id))
        return ids

    def delete_file(self, file_id: int) -> None:
        with self.tx() as c:
            c.execute("DELETE FROM passages WHERE file_id=?", (file_id,))
            c.execute("DELETE FROM files WHERE id=?", (file_id,))

    def move_file(self, file_id: int, root_id: int, relpath: str) -> None:
        """A rename keeps the content: only the path changes, passages stay."""
        with self.tx() as c:
            c.execute("DELETE FROM passages WHERE file_id IN "
                      "(SELECT id FROM files WHERE root_id=? AND relpath=? AND id<>?)", (root_id, relpath, file_id))
            c.execute("DELETE FROM files WHERE root_id=? AND relpath=? AND id<>?", (root_id, relpath, file_id))
            c.execute("UPDATE files SET root_id=?, relpath=?, updated=? WHERE id=?",
                      (root_id, relpath, time.time(), file_id))

    def move_dir(self, root_id: int, old_prefix: str, new_root_id: int, new_prefix: str) -> int:
        """Rename every file under ``old_prefix/`` to ``new_prefix/``; returns how many moved."""
        moved = 0
        with self.tx():
            for f in self.files(root_id=root_id, under=old_prefix):
                rel = new_prefix.rstrip("/") + f.relpath[len(old_prefix.rstrip("/")):]
                self.move_file(f.id, new_root_id, rel)
                moved += 1
        return moved

    # -- passages --------------------------------------------------------
    def passages_for(self, file_id: int) -> list[tuple[int, int, int | None, str]]:
        return self.query("SELECT id, seq, page, text FROM passages WHERE file_id=? ORDER BY seq", (file_id,))

    def passages_by_ids(self, ids: Iterable[int]) -> dict[int, Passage]:
        ids = [int(i) for i in ids]
        out: dict[int, Passage] = {}
        for start in range(0, len(ids), 500):
            chunk = ids[start:start + 500]
            marks = ",".join("?" * len(chunk))
            rows = self._conn().execute(
                f"SELECT p.id, p.seq, p.page, p.text, {_FILE_COLS} FROM passages p "
                f"JOIN files f ON f.id=p.file_id JOIN roots r ON r.id=f.root_id WHERE p.id IN ({marks})",
                chunk,
            ).fetchall()
            for row in rows:
                out[row[0]] = Passage(id=row[0], seq=row[1], page=row[2], text=row[3], file=_file(row[4:]))
        return out

    def fts_search(self, terms: Iterable[str], k: int = 20) -> list[tuple[int, float]]:
        """(passage id, BM25 score; higher is better) for passages whose text or path has any of ``terms``.

        Terms are whole words; a term ending in ``*`` matches as a prefix ("invoice*" finds "invoices").
        """
        query = _fts_query(terms)
        if not query:
            return []
        rows = self._conn().execute(
            "SELECT rowid, bm25(passages_fts, 1.0, 0.6) FROM passages_fts WHERE passages_fts MATCH ? "
            "ORDER BY bm25(passages_fts, 1.0, 0.6) LIMIT ?", (query, int(k))).fetchall()
        return [(int(r[0]), -float(r[1])) for r in rows]

    def fts_file_ids(self, terms: Iterable[str]) -> set[int]:
        """Ids of files with a passage (or a path) that has any of ``terms``."""
        query = _fts_query(terms)
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
        return row[0] if row else None

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
        with self.tx() as c:
            c.execute(
                "INSERT OR REPLACE INTO content_cache(hash, producer, text, created) VALUES(?,?,?,?)",
                (hash, producer, text, time.time()),
            )

    # -- stats -----------------------------------------------------------
    def counts(self) -> dict[str, dict[str, int]]:
        out: dict[str, dict[str, int]] = {}
        for kind, state, n in self.query("SELECT kind, state, COUNT(*) FROM files GROUP BY kind, state"):
            out.setdefault(kind, {})[state] = n
        return out

    def failures(self, limit: int = 20) -> list[FileRecord]:
        rows = self._conn().execute(
            f"SELECT {_FILE_COLS} FROM files f JOIN roots r ON r.id=f.root_id "
            "WHERE f.state IN ('failed','skipped') ORDER BY f.updated DESC LIMIT ?", (limit,)
        ).fetchall()
        return [_file(r) for r in rows]
