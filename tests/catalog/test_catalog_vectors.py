"""Compact vectors in the catalog: float16 on disk, and float32 catalogs from before are migrated on start-up."""

from __future__ import annotations

import sqlite3

import numpy as np

from manoled.catalog.records import F16_TAG, blob_to_vector, vector_to_blob
from manoled.catalog.store import Catalog


def unit(n: int, seed: int = 0) -> np.ndarray:
    v = np.random.default_rng(seed).standard_normal((n, 384)).astype(np.float32)
    return v / np.linalg.norm(v, axis=1, keepdims=True)


def test_vectors_are_stored_as_float16_and_read_back_as_float32():
    v = unit(1)[0]
    blob = vector_to_blob(v)
    assert blob.startswith(F16_TAG) and len(blob) == 4 + 384 * 2
    back = blob_to_vector(blob)
    assert back.dtype == np.float32 and float(back @ v) > 0.99999
    assert np.array_equal(blob_to_vector(v.tobytes()), v)  # an old float32 blob still reads


def test_an_old_float32_catalog_is_migrated_on_start_up_and_the_index_rebuilds_the_same(tmp_path, core, embedder):
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "invoice.txt").write_text("Invoice: MacBook Air, total paid 1299 EUR on 14 March.")
    (docs / "garden.md").write_text("Tomatoes need full sun and regular watering.")
    (docs / "trip.txt").write_text("Flight to Lisbon on 12 May; hotel for three nights.")
    core.indexer.index_paths([docs])
    before = {q: [h.file_name for h in core.indexer.search(q, k=3)] for q in ("macbook price", "watering tomatoes")}
    db = core.catalog.path
    paths, config = core.paths, core.config
    core.close()

    # turn it into a catalog written by the previous manoled: float32 blobs, no vector_format key
    con = sqlite3.connect(db)
    rows = con.execute("SELECT id, vector FROM passages").fetchall()
    assert rows and all(blob[:4] == F16_TAG for _, blob in rows)
    old = {pid: blob_to_vector(blob).astype(np.float32) for pid, blob in rows}
    con.executemany("UPDATE passages SET vector=? WHERE id=?", [(v.tobytes(), pid) for pid, v in old.items()])
    con.execute("DELETE FROM meta WHERE key='vector_format'")
    con.commit()
    con.close()

    cat = Catalog(db)
    try:
        assert cat.get_meta("vector_format") == "float16"
        migrated = dict(cat.query("SELECT id, vector FROM passages"))
        assert set(migrated) == set(old)
        for pid, blob in migrated.items():
            assert blob[:4] == F16_TAG and len(blob) == 4 + 384 * 2
            assert float(blob_to_vector(blob) @ old[pid]) > 0.9999
    finally:
        cat.close()

    from manoled.app import open_core

    again = open_core(paths, config, embedder=embedder)
    try:
        assert again.indexer.rebuild_index() == len(old)
        after = {q: [h.file_name for h in again.indexer.search(q, k=3)] for q in before}
        assert after == before
    finally:
        again.close()
