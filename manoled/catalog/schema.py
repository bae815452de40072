"""Every table of the catalog, in one place, and the one-time upgrades of older catalogs.

* ``files``, ``roots``, ``passages`` (with vectors), ``tombstones``, ``content_cache``
  and the full-text table: :mod:`manoled.catalog.store`;
* ``entities`` and ``entity_state``: :mod:`manoled.index.entities`;
* ``caption_failures``: :mod:`manoled.vision.worker`;
* ``files_inode``: the scheduler pairs a rename whose two halves the watcher missed.

Tables are created when the catalog opens (``CREATE … IF NOT EXISTS``: an
existing catalog only gains what it lacks).

Schema 2 (disk: each passage's text is stored once):

* the full-text table is an FTS5 *external-content* table over the view
  ``passages_fts_content`` (passage text and file path): it holds only the
  inverted index, and triggers keep it in step with ``passages`` and ``files``;
* ``content_cache`` keeps only what is expensive to get again (PDF and DOCX
  text, image captions), zlib-compressed (:func:`manoled.catalog.records.pack_text`);
* 16 KiB pages (fewer half-empty pages for rows of text and a vector).

A schema-1 catalog is upgraded in one transaction (:func:`upgrade`), then
compacted with ``VACUUM`` (:func:`compact`, which may fail without harm).
"""

from __future__ import annotations

import logging
import sqlite3
from pathlib import Path

from ..errors import CatalogError
from .connection import PAGE_SIZE
from .records import F16_TAG, blob_to_vector, pack_text, vector_to_blob

SCHEMA_VERSION = 2

log = logging.getLogger(__name__)

KINDS = ("text", "pdf", "doc", "image", "other")
STATES = ("pending", "indexed", "failed", "skipped")
CHEAP_KINDS = ("text", "other")  # read again from the file in no time: never in the content cache

CORE = """
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
CREATE TRIGGER IF NOT EXISTS files_drop_passages BEFORE DELETE ON files
    BEGIN DELETE FROM passages WHERE file_id=OLD.id; END;
CREATE VIEW IF NOT EXISTS passages_fts_content AS
    SELECT p.id AS id, p.text AS text, f.relpath AS name FROM passages p JOIN files f ON f.id=p.file_id;
CREATE VIRTUAL TABLE IF NOT EXISTS passages_fts USING fts5(text, name, content='passages_fts_content',
    content_rowid='id', tokenize='unicode61 remove_diacritics 2');
CREATE TRIGGER IF NOT EXISTS passages_fts_insert AFTER INSERT ON passages
    BEGIN INSERT INTO passages_fts(rowid, text, name)
          VALUES (NEW.id, NEW.text, (SELECT relpath FROM files WHERE id=NEW.file_id)); END;
CREATE TRIGGER IF NOT EXISTS passages_fts_delete AFTER DELETE ON passages
    BEGIN INSERT INTO passages_fts(passages_fts, rowid, text, name)
          VALUES ('delete', OLD.id, OLD.text, (SELECT relpath FROM files WHERE id=OLD.file_id)); END;
CREATE TRIGGER IF NOT EXISTS passages_fts_update AFTER UPDATE OF text, file_id ON passages
    BEGIN INSERT INTO passages_fts(passages_fts, rowid, text, name)
          VALUES ('delete', OLD.id, OLD.text, (SELECT relpath FROM files WHERE id=OLD.file_id));
          INSERT INTO passages_fts(rowid, text, name)
          VALUES (NEW.id, NEW.text, (SELECT relpath FROM files WHERE id=NEW.file_id)); END;
CREATE TRIGGER IF NOT EXISTS files_fts_rename AFTER UPDATE OF relpath ON files
    WHEN OLD.relpath IS NOT NEW.relpath
    BEGIN INSERT INTO passages_fts(passages_fts, rowid, text, name)
          SELECT 'delete', id, text, OLD.relpath FROM passages WHERE file_id=NEW.id;
          INSERT INTO passages_fts(rowid, text, name) SELECT id, text, NEW.relpath FROM passages WHERE file_id=NEW.id;
    END;
CREATE TABLE IF NOT EXISTS content_cache(
    hash TEXT NOT NULL,
    producer TEXT NOT NULL,
    text BLOB NOT NULL,
    created REAL NOT NULL,
    PRIMARY KEY(hash, producer)
);
"""

# schema 1's full-text table stored a second copy of every passage's text
SCHEMA_1_FTS = ("DROP TRIGGER IF EXISTS passages_fts_add", "DROP TRIGGER IF EXISTS passages_fts_drop",
                "DROP TRIGGER IF EXISTS files_fts_move", "DROP TABLE IF EXISTS passages_fts")


ENTITIES = """
CREATE TABLE IF NOT EXISTS entities(
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    file_id INTEGER NOT NULL REFERENCES files(id) ON DELETE CASCADE,
    type TEXT NOT NULL,
    value TEXT NOT NULL,
    display TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS entities_type_value ON entities(type, value);
CREATE INDEX IF NOT EXISTS entities_file ON entities(file_id);
CREATE TABLE IF NOT EXISTS entity_state(
    file_id INTEGER PRIMARY KEY REFERENCES files(id) ON DELETE CASCADE,
    version INTEGER NOT NULL,
    passage_max INTEGER NOT NULL
);
"""

CAPTION_FAILURES = """
CREATE TABLE IF NOT EXISTS caption_failures(
    hash TEXT NOT NULL,
    producer TEXT NOT NULL,
    reason TEXT NOT NULL,
    path TEXT,
    created REAL NOT NULL,
    PRIMARY KEY(hash, producer)
);
"""

FILES_INODE = """
CREATE INDEX IF NOT EXISTS files_inode ON files(inode);
"""

TABLES = (CORE, ENTITIES, CAPTION_FAILURES, FILES_INODE)


def statements(script: str) -> list[str]:
    """A script's statements, one by one (``executescript`` would commit the caller's transaction)."""
    out, current = [], ""
    for line in script.splitlines(keepends=True):
        current += line
        if sqlite3.complete_statement(current):
            out.append(current.strip())
            current = ""
    return out


def create(conn: sqlite3.Connection, path: Path) -> None:
    """Create every table, index and trigger that ``conn``'s database lacks (inside a transaction if one is open)."""
    try:
        for script in TABLES:
            for statement in statements(script):
                conn.execute(statement)
    except sqlite3.DatabaseError as exc:
        raise CatalogError(f"cannot use catalog {path}: {exc}") from exc


def stored_version(conn: sqlite3.Connection, path: Path) -> int | None:
    """The schema of the catalog as found: ``None`` for a new (empty) one; refuses one newer than this manoled."""
    try:
        if conn.execute("SELECT 1 FROM sqlite_master WHERE type='table' AND name='passages'").fetchone() is None:
            return None
        has_meta = conn.execute("SELECT 1 FROM sqlite_master WHERE type='table' AND name='meta'").fetchone()
        row = conn.execute("SELECT value FROM meta WHERE key='schema'").fetchone() if has_meta else None
    except sqlite3.DatabaseError as exc:
        raise CatalogError(f"cannot use catalog {path}: {exc}") from exc
    version = int(row[0]) if row else 1
    if version > SCHEMA_VERSION:
        raise CatalogError(f"catalog {path} has schema {version}, newer than this manoled ({SCHEMA_VERSION})")
    return version


def upgrade(c: sqlite3.Connection, path: Path, version: int) -> None:
    """Bring a schema-``version`` catalog to :data:`SCHEMA_VERSION` inside the caller's transaction.

    1 → 2: the full-text table becomes external-content (rebuilt from the passages, which are not
    touched), the content cache drops what is cheap to extract again and compresses the rest.
    A crash anywhere leaves the catalog as it was; the next start does it again.
    """
    if version < 2:
        for statement in SCHEMA_1_FTS:
            c.execute(statement)
        create(c, path)
        if c.execute("SELECT 1 FROM sqlite_master WHERE type='table' AND name='content_cache'").fetchone():
            marks = ",".join("?" * len(CHEAP_KINDS))
            dropped = c.execute(
                "DELETE FROM content_cache WHERE NOT EXISTS (SELECT 1 FROM files f WHERE f.hash=content_cache.hash "
                f"AND f.kind NOT IN ({marks}))", CHEAP_KINDS).rowcount
            rows = c.execute("SELECT rowid, text FROM content_cache WHERE typeof(text)='text'").fetchall()
            c.executemany("UPDATE content_cache SET text=? WHERE rowid=?", [(pack_text(t), r) for r, t in rows])
            log.info("catalog: content cache: %d cheap entries dropped, %d compressed", dropped, len(rows))
        c.execute("INSERT INTO passages_fts(passages_fts) VALUES('rebuild')")
        c.execute("INSERT OR REPLACE INTO meta(key, value) VALUES('fts', '2')")
    c.execute("INSERT OR REPLACE INTO meta(key, value) VALUES('schema', ?)", (str(SCHEMA_VERSION),))
    log.info("catalog %s upgraded from schema %d to %d", path, version, SCHEMA_VERSION)


def compact(conn: sqlite3.Connection, path: Path) -> bool:
    """``VACUUM`` into :data:`PAGE_SIZE` pages after an upgrade; returns whether it ran.

    Not in a transaction, and it needs the catalog to itself (and free disk space for a copy):
    if it cannot run the catalog is still complete, only larger than it could be.
    """
    try:
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        conn.execute("PRAGMA journal_mode=DELETE")  # the page size of a WAL database cannot change
        conn.execute(f"PRAGMA page_size={PAGE_SIZE}")
        conn.execute("VACUUM")
        return True
    except sqlite3.Error as exc:
        log.warning("catalog %s: VACUUM after the upgrade did not run (%s); it stays larger than needed", path, exc)
        return False
    finally:
        try:
            conn.execute("PRAGMA journal_mode=WAL")
        except sqlite3.Error as exc:
            log.warning("catalog %s: back to WAL failed (%s)", path, exc)


def check_version(c: sqlite3.Connection, path: Path) -> None:
    """Record the schema version of a new catalog; refuse one written by a newer manoled."""
    row = c.execute("SELECT value FROM meta WHERE key='schema'").fetchone()
    if row is None:
        c.execute("INSERT INTO meta(key, value) VALUES('schema', ?)", (str(SCHEMA_VERSION),))
    elif int(row[0]) > SCHEMA_VERSION:
        raise CatalogError(f"catalog {path} has schema {row[0]}, newer than this manoled ({SCHEMA_VERSION})")


def fill_fts(c: sqlite3.Connection) -> None:
    """A full-text index without its marker (a new catalog, or one emptied by hand): rebuild it from the passages."""
    if c.execute("SELECT value FROM meta WHERE key='fts'").fetchone() is None:
        c.execute("INSERT INTO passages_fts(passages_fts) VALUES('rebuild')")
        c.execute("INSERT INTO meta(key, value) VALUES('fts', '2')")


def migrate_vectors(c: sqlite3.Connection, batch: int = 4096) -> None:
    """float32 vector blobs → float16, inside the caller's transaction (a crash leaves them all as they were)."""
    n = 0
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
