"""Catalog schema 2: passage text stored once (external-content FTS5 kept in step by triggers), a compressed
content cache for expensive text only, 16 KiB pages, and the upgrade of a schema-1 catalog."""

from __future__ import annotations

import sqlite3
import zlib
from pathlib import Path

import numpy as np
import pytest

from manoled.catalog import schema
from manoled.catalog.records import NewPassage, blob_to_vector, vector_to_blob
from manoled.catalog.store import Catalog
from manoled.errors import CatalogError

# The catalog as c873e38 (schema 1) created it: the FTS5 table held its own copy of every passage's text,
# and the content cache held every file's text, uncompressed. 4 KiB pages (SQLite's default).
SCHEMA_1 = """
CREATE TABLE meta(key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE roots(id INTEGER PRIMARY KEY, path TEXT UNIQUE NOT NULL, online INTEGER NOT NULL DEFAULT 1,
    added REAL NOT NULL);
CREATE TABLE files(id INTEGER PRIMARY KEY, root_id INTEGER NOT NULL REFERENCES roots(id) ON DELETE CASCADE,
    relpath TEXT NOT NULL, size INTEGER NOT NULL DEFAULT 0, mtime_ns INTEGER NOT NULL DEFAULT 0,
    inode INTEGER NOT NULL DEFAULT 0, hash TEXT, kind TEXT NOT NULL, state TEXT NOT NULL, reason TEXT,
    updated REAL NOT NULL, UNIQUE(root_id, relpath));
CREATE INDEX files_hash ON files(hash);
CREATE INDEX files_state ON files(state);
CREATE TABLE passages(id INTEGER PRIMARY KEY AUTOINCREMENT,
    file_id INTEGER NOT NULL REFERENCES files(id) ON DELETE CASCADE, seq INTEGER NOT NULL, page INTEGER,
    text TEXT NOT NULL, vector BLOB NOT NULL, in_index INTEGER NOT NULL DEFAULT 0);
CREATE INDEX passages_file ON passages(file_id);
CREATE INDEX passages_pending ON passages(in_index) WHERE in_index = 0;
CREATE TABLE tombstones(passage_id INTEGER PRIMARY KEY);
CREATE TRIGGER passages_tombstone AFTER DELETE ON passages WHEN OLD.in_index = 1
    BEGIN INSERT OR IGNORE INTO tombstones(passage_id) VALUES (OLD.id); END;
CREATE VIRTUAL TABLE passages_fts USING fts5(text, name, tokenize='unicode61 remove_diacritics 2');
CREATE TRIGGER passages_fts_add AFTER INSERT ON passages
    BEGIN INSERT INTO passages_fts(rowid, text, name)
          VALUES (NEW.id, NEW.text, (SELECT relpath FROM files WHERE id=NEW.file_id)); END;
CREATE TRIGGER passages_fts_drop AFTER DELETE ON passages
    BEGIN DELETE FROM passages_fts WHERE rowid=OLD.id; END;
CREATE TRIGGER files_fts_move AFTER UPDATE OF relpath ON files
    BEGIN UPDATE passages_fts SET name=NEW.relpath WHERE rowid IN (SELECT id FROM passages WHERE file_id=NEW.id); END;
CREATE TABLE content_cache(hash TEXT NOT NULL, producer TEXT NOT NULL, text TEXT NOT NULL, created REAL NOT NULL,
    PRIMARY KEY(hash, producer));
INSERT INTO meta VALUES('schema', '1'), ('fts', '1'), ('vector_format', 'float16');
"""


def unit(n: int, seed: int = 0) -> np.ndarray:
    v = np.random.default_rng(seed).standard_normal((n, 8)).astype(np.float32)
    return v / np.linalg.norm(v, axis=1, keepdims=True)


def fts_ok(c: Catalog) -> None:
    """FTS5's own check that the inverted index matches the content view exactly (raises if not)."""
    with c.tx() as x:
        x.execute("INSERT INTO passages_fts(passages_fts, rank) VALUES('integrity-check', 1)")


def found(c: Catalog, *terms: str) -> set[str]:
    return {p.text for p in c.passages_by_ids([pid for pid, _ in c.fts_search(terms)]).values()}


@pytest.fixture
def cat(tmp_path):
    c = Catalog(tmp_path / "catalog.sqlite3")
    yield c, c.add_root(tmp_path / "files")
    c.close()


def add(c: Catalog, root, rel: str, *texts: str, kind: str = "text") -> int:
    fid = c.upsert_file(root.id, rel, size=10, mtime_ns=1, inode=1, kind=kind, state="pending", hash="h-" + rel)
    vecs = unit(len(texts), seed=len(rel))
    c.replace_passages(fid, [NewPassage(i, t, None, vecs[i]) for i, t in enumerate(texts)])
    return fid


def test_a_new_catalog_is_schema_2_with_16k_pages_and_stores_each_text_once(cat):
    c, root = cat
    add(c, root, "notes/a.txt", "the walrus sings at dawn " * 40)
    assert c.get_meta("schema") == "2" == str(schema.SCHEMA_VERSION)
    assert c.query("PRAGMA page_size")[0][0] == 16384
    assert c.query("PRAGMA journal_mode")[0][0] == "wal"
    kinds = dict(c.query("SELECT name, type FROM sqlite_master WHERE name LIKE 'passages_fts%'"))
    assert kinds["passages_fts_content"] == "view" and "passages_fts_content_content" not in kinds
    assert "passages_fts_content" not in [n for n, t in kinds.items() if t == "table"]
    # the only copy of the text is in ``passages``: FTS5's shadow tables hold tokens, not the 1000-byte text
    fts_bytes = c.query("SELECT SUM(length(block)) FROM passages_fts_data")[0][0]
    assert fts_bytes < 400, fts_bytes
    assert found(c, "walrus") and found(c, "notes")
    fts_ok(c)


def test_fts_follows_updates_deletes_moves_and_cascades(cat):
    c, root = cat
    fid = add(c, root, "bank/statement.txt", "IBAN for the rent", "second passage about otters")
    other = add(c, root, "zoo/keeper.txt", "otters and beavers")
    with c.tx() as x:  # a passage's text changed in place
        x.execute("UPDATE passages SET text='a heron was here' WHERE file_id=? AND seq=0", (fid,))
    assert found(c, "rent") == set() and found(c, "heron") == {"a heron was here"}
    fts_ok(c)
    with c.tx() as x:  # one passage deleted
        x.execute("DELETE FROM passages WHERE file_id=? AND seq=1", (fid,))
    assert found(c, "otters") == {"otters and beavers"}
    fts_ok(c)
    c.move_file(fid, root.id, "archive/receipt.txt")  # the path is searchable, and follows a rename
    assert found(c, "statement") == set() and found(c, "receipt") == {"a heron was here"}
    fts_ok(c)
    c.move_file(fid, root.id, "archive/receipt.txt")  # same name again: nothing changes
    fts_ok(c)
    with c.tx() as x:  # a file row deleted on its own: its passages (and their tokens) go first
        x.execute("DELETE FROM files WHERE id=?", (other,))
    assert found(c, "beavers") == set() and c.query("SELECT COUNT(*) FROM passages WHERE file_id=?", (other,)) == [(0,)]
    fts_ok(c)
    c.remove_root(root.id)
    assert found(c, "heron") == set()
    assert c.query("SELECT COUNT(*) FROM tombstones")[0][0] == 0  # none was in the index yet
    fts_ok(c)


def test_undecodable_names_stay_in_step(cat):
    c, root = cat
    fid = add(c, root, "caf\udce9/menu.txt", "espresso and croissants")
    c.move_file(fid, root.id, "bar\udcff/carte.txt")
    assert found(c, "carte") == {"espresso and croissants"} and found(c, "menu") == set()
    fts_ok(c)
    c.delete_file(fid)
    fts_ok(c)


def test_the_content_cache_is_compressed(cat):
    c, _ = cat
    text = '[["Quarterly report \\u00e9t\\u00e9", 1]]' * 50
    c.cache_put("abc", "text:v1", text)
    raw = c.query("SELECT text FROM content_cache WHERE hash='abc'")[0][0]
    assert isinstance(raw, bytes) and len(raw) < len(text) / 5 and zlib.decompress(raw).decode() == text
    assert c.cache_get("abc", "text:v1") == text
    c.cache_put("lone", "caption:x", "odd \udc80 surrogate")
    assert c.cache_get("lone", "caption:x") == "odd \udc80 surrogate"


def test_a_text_file_is_not_cached_but_its_passages_are_there(tmp_path, core):
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "plain.txt").write_text("Ordinary notes about kayaks and paddles.")
    core.indexer.index_paths([docs])
    assert core.catalog.query("SELECT COUNT(*) FROM content_cache")[0][0] == 0
    assert found(core.catalog, "kayaks") == {"Ordinary notes about kayaks and paddles."}


# -- the upgrade from schema 1 ---------------------------------------------------------------------------
def schema_1_catalog(path: Path) -> dict[int, tuple[str, np.ndarray]]:
    """A schema-1 catalog written with raw SQL: two files (a text note and a PDF), passages, cache rows."""
    con = sqlite3.connect(path)
    con.executescript(SCHEMA_1)
    con.execute("PRAGMA journal_mode=WAL")
    con.execute("INSERT INTO roots(id, path, online, added) VALUES(1, '/home/u/docs', 1, 0)")
    files = [(1, "notes/walrus.txt", "text", "h1"), (2, "papers/otters.pdf", "pdf", "h2"),
             (3, "caf\udce9.txt".encode("utf-8", "surrogateescape"), "text", "h3")]
    for fid, rel, kind, h in files:
        con.execute("INSERT INTO files(id, root_id, relpath, size, mtime_ns, inode, hash, kind, state, updated) "
                    "VALUES(?, 1, ?, 10, 1, 1, ?, ?, 'indexed', 0)", (fid, rel, h, kind))
    texts = ["The walrus sings at dawn", "Walruses eat clams", "Otters hold hands while sleeping",
             "Sea otters use stones as tools", "Un café au lait"]
    owners = [1, 1, 2, 2, 3]
    vecs = unit(len(texts), seed=3)
    kept = {}
    for i, (t, fid) in enumerate(zip(texts, owners, strict=True)):
        cur = con.execute("INSERT INTO passages(file_id, seq, text, vector, in_index) VALUES(?,?,?,?,1)",
                          (fid, i, t, vector_to_blob(vecs[i])))
        kept[cur.lastrowid] = (t, blob_to_vector(vector_to_blob(vecs[i])))
    con.execute("INSERT INTO content_cache VALUES('h1', 'text:v1', '[[\"The walrus sings at dawn\", null]]', 0)")
    con.execute("INSERT INTO content_cache VALUES('h2', 'text:v1', '[[\"Otters hold hands\", 1]]', 0)")
    con.commit()
    con.close()
    return kept


def test_a_schema_1_catalog_is_upgraded_without_losing_indexed_data(tmp_path):
    path = tmp_path / "catalog.sqlite3"
    kept = schema_1_catalog(path)
    before = path.stat().st_size
    c = Catalog(path)
    try:
        assert c.get_meta("schema") == "2"
        assert c.query("PRAGMA page_size")[0][0] == 16384  # VACUUMed into 16 KiB pages
        assert c.query("PRAGMA journal_mode")[0][0] == "wal"
        rows = c.query("SELECT id, text, vector, in_index FROM passages ORDER BY id")
        assert {r[0]: r[1] for r in rows} == {pid: t for pid, (t, _) in kept.items()}
        assert all(np.array_equal(blob_to_vector(r[2]), kept[r[0]][1]) and r[3] == 1 for r in rows)
        assert found(c, "walrus") == {"The walrus sings at dawn", "Walruses eat clams"}  # text, or the file's path
        assert found(c, "dawn") == {"The walrus sings at dawn"}
        assert found(c, "otters") == {"Otters hold hands while sleeping", "Sea otters use stones as tools"}
        assert found(c, "papers") == found(c, "otters")  # the path is searchable as before
        assert found(c, "cafe") == {"Un café au lait"}  # diacritics folded, undecodable name kept
        fts_ok(c)
        # the cache: a text file's entry is gone (cheap to read again), the PDF's is compressed
        assert c.cache_get("h1", "text:v1") is None
        assert c.cache_get("h2", "text:v1") == '[["Otters hold hands", 1]]'
        assert isinstance(c.query("SELECT text FROM content_cache WHERE hash='h2'")[0][0], bytes)
        # and it keeps working as a schema-2 catalog
        c.move_file(1, 1, "notes/pinniped.txt")
        assert found(c, "pinniped") == {"The walrus sings at dawn", "Walruses eat clams"}
        c.delete_file(2)
        assert found(c, "otters") == set() and c.tombstones() == sorted(p for p, (t, _) in kept.items() if "tters" in t)
        fts_ok(c)
    finally:
        c.close()
    assert path.stat().st_size > 0 and before > 0
    again = Catalog(path)  # a second open changes nothing
    try:
        assert again.get_meta("schema") == "2" and found(again, "pinniped")
        fts_ok(again)
    finally:
        again.close()


def test_an_upgrade_that_fails_half_way_leaves_schema_1_intact_and_the_next_start_finishes(tmp_path, monkeypatch):
    path = tmp_path / "catalog.sqlite3"
    kept = schema_1_catalog(path)

    def broken(text: str) -> bytes:
        raise OSError("disk full (test)")

    monkeypatch.setattr(schema, "pack_text", broken)  # fails after the old FTS table was dropped
    with pytest.raises(OSError):
        Catalog(path)
    con = sqlite3.connect(path)
    try:
        assert con.execute("SELECT value FROM meta WHERE key='schema'").fetchone() == ("1",)
        assert con.execute("SELECT rowid FROM passages_fts WHERE passages_fts MATCH 'dawn'").fetchall() == [(1,)]
        assert con.execute("SELECT COUNT(*) FROM passages_fts_content").fetchone() == (5,)  # schema 1's own copy
        assert con.execute("SELECT COUNT(*) FROM passages").fetchone() == (len(kept),)
    finally:
        con.close()
    monkeypatch.undo()
    c = Catalog(path)
    try:
        assert c.get_meta("schema") == "2" and found(c, "dawn") == {"The walrus sings at dawn"}
        fts_ok(c)
    finally:
        c.close()


def test_a_catalog_from_a_newer_manoled_is_refused(tmp_path):
    path = tmp_path / "catalog.sqlite3"
    Catalog(path).close()
    con = sqlite3.connect(path)
    con.execute("UPDATE meta SET value='99' WHERE key='schema'")
    con.commit()
    con.close()
    with pytest.raises(CatalogError, match="newer"):
        Catalog(path)
