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


def test_sq8_candidates_re_ranked_by_the_stored_vectors_match_exact_search(tmp_path):
    vecs = clustered(8000, seed=2)
    ids = np.arange(1, 8001, dtype=np.int64)
    stored = dict(zip(ids.tolist(), vecs.astype(np.float16).astype(np.float32), strict=True))  # as the catalog has them

    def lookup(wanted):
        return {i: stored[i] for i in wanted if i in stored}

    idx = VectorIndex(tmp_path / "index", 384, quantize_above=5000, rescore=lookup)
    idx.build(ids, vecs)
    assert idx.quantized
    plain = VectorIndex(tmp_path / "index", 384, quantize_above=5000)  # the same file, no re-ranking
    exact_vecs = np.stack([stored[i] for i in ids.tolist()])
    rescored, sq8 = [], []
    for q in clustered(200, seed=3):
        exact = ids[np.argsort(-(exact_vecs @ q))[:10]].tolist()
        got = idx.search(q, 10)
        assert [pid for pid, _ in got] == sorted((pid for pid, _ in got), key=lambda p: -float(stored[p] @ q))
        assert all(abs(s - float(stored[pid] @ q)) < 1e-5 for pid, s in got)  # scores are the stored vectors'
        rescored.append(len(set(exact) & {pid for pid, _ in got}) / 10)
        sq8.append(len(set(exact) & {pid for pid, _ in plain.search(q, 10)}) / 10)
    assert np.mean(rescored) >= 0.99, np.mean(rescored)
    assert np.mean(rescored) >= np.mean(sq8)

    # a passage deleted from the catalog but not yet from the index goes last (the caller drops it)
    top = idx.search(vecs[0], 3)[0][0]
    del stored[top]
    got = idx.search(vecs[0], 3)
    assert len(got) == 3 and top not in [pid for pid, _ in got[:2]]


def test_a_flat_index_that_grows_past_the_threshold_asks_to_be_rebuilt_as_sq8(tmp_path):
    vecs = clustered(300, seed=4)
    idx = VectorIndex(tmp_path / "index", 384, quantize_above=100)
    idx.build(np.arange(50, dtype=np.int64), vecs[:50])
    assert not idx.quantized and not idx.needs_retrain()
    idx.add(np.arange(50, 110, dtype=np.int64), vecs[50:110])  # 110 < 4 x 50: only the size asks for it
    assert idx.needs_retrain()
    idx.build(np.arange(110, dtype=np.int64), vecs[:110])
    assert idx.quantized and not idx.needs_retrain()


def test_a_streamed_build_reads_batches_and_finds_what_a_whole_build_finds(tmp_path):
    vecs = clustered(6000, seed=3)
    ids = np.arange(1, 6001, dtype=np.int64)
    reads = []

    def batches():
        reads.append(0)
        for start in range(0, len(ids), 1000):
            reads[-1] += 1
            yield ids[start:start + 1000].tolist(), vecs[start:start + 1000]

    streamed = VectorIndex(tmp_path / "streamed", 384, quantize_above=5000)
    streamed.build_streamed(len(ids), batches)
    assert reads == [6, 6]  # a pass for the training sample, a pass for the adds: never all vectors at once
    assert type(streamed._index).__name__ == "IndexIVFScalarQuantizer" and streamed.ntotal == 6000
    assert not streamed.needs_retrain()
    recall = []
    for q in clustered(50, seed=4):
        exact = set(ids[np.argsort(-(vecs @ q))[:10]].tolist())
        recall.append(len(exact & {pid for pid, _ in streamed.search(q, 10)}) / 10)
    assert np.mean(recall) >= 0.95, np.mean(recall)
    assert VectorIndex(tmp_path / "streamed", 384, quantize_above=5000).ntotal == 6000  # saved


def test_the_training_sample_keeps_no_batch_alive(tmp_path):
    """The sample is copied out of each batch: a strided view would keep the whole batch, and so every
    vector, alive until the sample is complete (1.1 GB peak for a 640k-vector rebuild)."""
    import gc
    import weakref

    vecs = clustered(6000, seed=5)
    alive: list[weakref.ref] = []
    held: list[int] = []

    def batches():
        for start in range(0, 6000, 500):
            gc.collect()
            held.append(sum(r() is not None for r in alive))
            batch = vecs[start:start + 500].copy()  # a fresh array, as a catalog read gives
            alive.append(weakref.ref(batch))
            yield list(range(start + 1, start + 501)), batch
            del batch

    VectorIndex(tmp_path / "ix", 384, quantize_above=5000).build_streamed(6000, batches)
    assert max(held) <= 1, held  # at most the batch the builder is still holding
