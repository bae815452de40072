"""Above ``quantize_above`` vectors the index is IVF-SQ8: smaller, with recall@10 against exact search measured."""

from __future__ import annotations

import numpy as np

from manoled.index.vectors import VectorIndex


def clustered(n: int, seed: int = 0) -> np.ndarray:
    rng = np.random.default_rng(seed)
    centres = rng.standard_normal((64, 384)).astype(np.float32)
    v = centres[rng.integers(0, 64, n)] + 0.9 * rng.standard_normal((n, 384)).astype(np.float32)
    return v / np.linalg.norm(v, axis=1, keepdims=True)


def test_a_large_build_is_quantised_keeps_recall_and_still_removes_in_place(tmp_path):
    vecs = clustered(6000)
    ids = np.arange(1000, 7000, dtype=np.int64)
    idx = VectorIndex(tmp_path / "index", 384, quantize_above=5000)
    idx.build(ids, vecs)
    assert type(idx._index).__name__ == "IndexIVFScalarQuantizer"
    flat = VectorIndex(tmp_path / "flat", 384, quantize_above=10**9)
    flat.build(ids, vecs)
    assert (tmp_path / "index" / "manole.index").stat().st_size < 0.4 * (tmp_path / "flat" / "manole.index").stat().st_size

    queries = clustered(100, seed=1)
    recall = []
    for q in queries:
        exact = set(ids[np.argsort(-(vecs @ q))[:10]].tolist())
        recall.append(len(exact & {pid for pid, _ in idx.search(q, 10)}) / 10)
    assert np.mean(recall) >= 0.95, np.mean(recall)

    # in-place updates and the saved file work as for IVFFlat
    assert idx.remove([1000, 1001]) == 2
    assert 1000 not in {pid for pid, _ in idx.search(vecs[0], 10)}
    idx.add([99999], vecs[:1])
    assert idx.search(vecs[0], 1)[0][0] == 99999
    idx.save()
    again = VectorIndex(tmp_path / "index", 384, quantize_above=5000)
    assert again.ntotal == 6000 - 2 + 1 and again.search(vecs[0], 1)[0][0] == 99999
    assert (tmp_path / "index" / "manole.leann.meta.json").is_file()  # LEANN's layout
