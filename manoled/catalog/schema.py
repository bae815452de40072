"""Every table of the catalog, in one place, and the one-time upgrades of older catalogs.

* ``files``, ``roots``, ``passages`` (with vectors), ``tombstones``, ``content_cache``
  and the full-text table: :mod:`manoled.catalog.store`;
* ``entities`` and ``entity_state``: :mod:`manoled.index.entities`;
* ``caption_failures``: :mod:`manoled.vision.worker`;
* ``files_inode``: the scheduler pairs a rename whose two halves the watcher missed.

Tables are created when the catalog opens (``CREATE … IF NOT EXISTS``: an
existing catalog only gains what it lacks).
"""

from __future__ import annotations

import logging
import sqlite3
from pathlib import Path

from ..errors import CatalogError
from .records import F16_TAG, blob_to_vector, vector_to_blob

SCHEMA_VERSION = 1

log = logging.getLogger(__name__)

KINDS = ("text", "pdf", "doc", "image", "other")
STATES = ("pending", "indexed", "failed", "skipped")

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


def create(conn: sqlite3.Connection, path: Path) -> None:
    """Create every table, index and trigger that ``conn``'s database lacks."""
    try:
        for script in TABLES:
            conn.executescript(script)
    except sqlite3.DatabaseError as exc:
        raise CatalogError(f"cannot use catalog {path}: {exc}") from exc


def check_version(c: sqlite3.Connection, path: Path) -> None:
    """Record the schema version of a new catalog; refuse one written by a newer manoled."""
    row = c.execute("SELECT value FROM meta WHERE key='schema'").fetchone()
    if row is None:
        c.execute("INSERT INTO meta(key, value) VALUES('schema', ?)", (str(SCHEMA_VERSION),))
    elif int(row[0]) > SCHEMA_VERSION:
        raise CatalogError(f"catalog {path} has schema {row[0]}, newer than this manoled ({SCHEMA_VERSION})")


def fill_fts(c: sqlite3.Connection) -> None:
    """A catalog from before the full-text table: fill it once (the triggers keep it in step after)."""
    if c.execute("SELECT value FROM meta WHERE key='fts'").fetchone() is None:
        c.execute("DELETE FROM passages_fts")
        c.execute("INSERT INTO passages_fts(rowid, text, name) SELECT p.id, p.text, f.relpath "
                  "FROM passages p JOIN files f ON f.id=p.file_id")
        c.execute("INSERT INTO meta(key, value) VALUES('fts', '1')")


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
