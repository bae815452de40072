"""The ONNX Runtime embedder against the torch one: same vectors (cosine), same search results, cached export."""

from __future__ import annotations

import logging
import os
import subprocess
import sys
import threading
from pathlib import Path

import numpy as np
import pytest
from waiting import wait_until

from manoled.index.embed import OnnxEmbedder, SentenceEmbedder, Turns, make_embedder, run_groups

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "bench"))

# a fixed sample: short and long, prose, numbers, code, accents, an empty-ish line
SAMPLE = [
    "Invoice 2024-031 from Acme Corp. Total due: 1,250 EUR.",
    "The quick brown fox jumps over the lazy dog.",
    "def add(a, b):\n    return a + b  # a tiny function",
    "Crème brûlée, café au lait et pâtisserie à Montréal.",
    "Flight to Lisbon on 12 May; hotel for three nights.",
    "x",
    " ".join(["The committee reviewed the annual budget, the staffing plan and the new office lease."] * 30),
    "Router setup: the default admin password is printed under the device.",
    "MacBook Pro SSD upgrade guide: remove the ten pentalobe screws first.",
    "city,population\ntown1,1000\ntown2,2000\ntown3,3000",
]


@pytest.fixture(scope="module")
def torch_embedder() -> SentenceEmbedder:
    return SentenceEmbedder()


@pytest.fixture(scope="module")
def onnx_embedder() -> OnnxEmbedder:
    return OnnxEmbedder().load()


def test_onnx_vectors_match_torch_on_a_fixed_sample(torch_embedder, onnx_embedder):
    a = torch_embedder.embed(SAMPLE)
    b = onnx_embedder.embed(SAMPLE)
    assert b.shape == a.shape and b.dtype == np.float32
    np.testing.assert_allclose(np.linalg.norm(b, axis=1), 1.0, atol=1e-4)
    cosine = (a * b).sum(axis=1)
    # int8 weights: 0.99 on average; the worst case is the one-letter text (0.986 when measured)
    assert cosine.mean() >= 0.99 and cosine.min() >= 0.98, cosine
    # batching and order do not change a vector
    again = onnx_embedder.embed(list(reversed(SAMPLE)))[::-1]
    np.testing.assert_allclose(again, b, atol=1e-5)


def test_runs_are_cut_by_rows_and_by_padded_tokens():
    lengths = [3, 5, 10, 10, 40, 100, 300]
    groups = run_groups(lengths, max_rows=2, max_tokens=64)
    assert [list(g) for g in groups] == [[0, 1], [2, 3], [4], [5], [6]]  # 3 rows x 10 fit the tokens, not the rows
    # every row exactly once, in order; a row over the budget runs alone
    assert [i for g in groups for i in g] == list(range(len(lengths)))
    assert run_groups([], 8, 64) == []
    assert [list(g) for g in run_groups([1] * 5, 64, 1 << 20)] == [[0, 1, 2, 3, 4]]


def test_the_token_budget_changes_only_how_rows_are_grouped(onnx_embedder):
    one_big_run = OnnxEmbedder(run_tokens=1 << 30).load().embed(SAMPLE)
    one_row_per_run = OnnxEmbedder(run_tokens=1).load().embed(SAMPLE)
    budgeted = onnx_embedder.embed(SAMPLE)
    for other in (one_big_run, one_row_per_run):
        # int8 activations are quantised per run, so vectors move slightly with the company they keep
        # (most for the one-letter text: 0.979 when measured)
        cosine = (budgeted * other).sum(axis=1)
        words = [i for i, t in enumerate(SAMPLE) if len(t) > 1]
        assert cosine[words].min() >= 0.99 and cosine.min() >= 0.97, cosine


def test_onnx_gives_the_same_top5_as_torch_on_the_agent_bench_searches(torch_embedder, onnx_embedder, tmp_path):
    import evalcorpus

    corpus = evalcorpus.build(tmp_path / "files", seed=13, small=True)
    passages = [f.text[:2000] for f in corpus.files.values() if f.text.strip()] + SAMPLE
    queries = [q.text for q in corpus.questions if q.intent == "content"]
    assert len(queries) >= 3
    pa, pb = torch_embedder.embed(passages), onnx_embedder.embed(passages)
    qa, qb = torch_embedder.embed(queries), onnx_embedder.embed(queries)
    for i, q in enumerate(queries):
        sa = pa @ qa[i]
        top_a, top_b = np.argsort(-sa)[:5], np.argsort(-(pb @ qb[i]))[:5]
        # the same best passage, or one torch scores within a near-tie of its own best
        assert top_a[0] == top_b[0] or sa[top_a[0]] - sa[top_b[0]] < 0.02, q
        # the same top 5 up to near-ties: whatever torch ranks clearly inside its top 5 is in ONNX's
        sixth = np.sort(sa)[-6]
        clear = {int(j) for j in top_a if sa[j] >= sixth + 0.02}
        assert clear <= {int(j) for j in top_b}, (q, top_a, top_b)
        assert len(set(top_a) & set(top_b)) >= 4, (q, top_a, top_b)


def test_the_export_is_cached_and_reused(tmp_path):
    first = OnnxEmbedder(cache=tmp_path / "onnx")
    assert not first.onnx_path.exists()
    first.load()
    path = first.onnx_path
    assert path.is_file() and path.name == "model.int8.onnx"
    stamp = path.stat().st_mtime_ns
    second = OnnxEmbedder(cache=tmp_path / "onnx").load()
    assert second.onnx_path == path and path.stat().st_mtime_ns == stamp  # no second export
    np.testing.assert_allclose(second.embed(["hello"]), first.embed(["hello"]), atol=1e-6)
    assert [p.name for p in path.parent.iterdir()] == [path.name]  # no temp files left


def test_the_export_runs_offline_in_a_child_process_and_this_process_never_imports_torch(tmp_path):
    code = (
        "import sys\n"
        "from pathlib import Path\n"
        "from manoled.index.embed import OnnxEmbedder\n"
        f"e = OnnxEmbedder(cache=Path({str(tmp_path / 'onnx')!r})).load()\n"
        "v = e.embed(['a passage about tomatoes'])\n"
        "assert v.shape == (1, 384)\n"
        "print('torch' in sys.modules, 'sentence_transformers' in sys.modules, 'transformers' in sys.modules)\n"
    )
    env = dict(os.environ, HF_HUB_OFFLINE="1", PYTHONPATH=os.pathsep.join(sys.path))
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=600)
    assert out.returncode == 0, out.stderr[-2000:]
    assert out.stdout.split() == ["False", "False", "False"]


def test_a_failed_export_falls_back_to_torch_with_a_clear_log_line(tmp_path, caplog):
    blocker = tmp_path / "not-a-dir"
    blocker.write_text("a file where the cache dir should be")
    os.environ["MANOLE_CACHE_DIR"], saved = str(blocker), os.environ["MANOLE_CACHE_DIR"]
    try:
        with caplog.at_level(logging.WARNING, logger="manoled.index.embed"):
            emb = make_embedder("onnx")
    finally:
        os.environ["MANOLE_CACHE_DIR"] = saved
    assert emb.backend == "torch"
    assert "falling back to the torch embedder" in caplog.text and "ONNX export" in caplog.text


def test_torch_is_chosen_by_config():
    assert make_embedder("torch").backend == "torch"


class _HeldRuns:
    """An ONNX session whose runs of more than one row (an indexing batch's) block until released."""

    def __init__(self, dims: int) -> None:
        self.dims, self.release, self.bulk_running = dims, threading.Event(), threading.Event()

    def run(self, names, feeds):
        rows = feeds["input_ids"].shape[0]
        if rows > 1:
            self.bulk_running.set()
            assert self.release.wait(30), "never released"
        return [np.ones((rows, self.dims), dtype=np.float32)]


def test_a_questions_embed_does_not_wait_for_an_indexing_batch(onnx_embedder):
    emb = OnnxEmbedder(run_tokens=onnx_embedder.run_tokens)
    emb._tokenizer, emb._session = onnx_embedder._tokenizer, _HeldRuns(emb.dimensions)
    bulk = threading.Thread(target=emb.embed, args=(SAMPLE,))
    bulk.start()
    try:
        wait_until(emb._session.bulk_running.is_set, message="the batch's first run")
        asked = threading.Thread(target=emb.embed, args=(["when is the lease up"],))
        asked.start()
        wait_until(lambda: not asked.is_alive(), message="the question's embed, while the batch runs")
    finally:
        emb._session.release.set()
        bulk.join(30)


def test_the_torch_embedder_lets_a_new_call_go_before_the_next_run_of_one_under_way():
    turns, order = Turns(), []
    under_way = turns.run(first=True)
    under_way.__enter__()

    def take(name: str, first: bool) -> None:
        with turns.run(first=first):
            order.append(name)

    rest = threading.Thread(target=take, args=("batch's next run", False))
    rest.start()
    wait_until(lambda: turns._cv._waiters, message="the batch waits for its next run")  # noqa: SLF001
    question = threading.Thread(target=take, args=("question", True))
    question.start()
    wait_until(lambda: turns._new == 1, message="the question waits")  # noqa: SLF001
    under_way.__exit__(None, None, None)
    rest.join(30), question.join(30)
    assert order == ["question", "batch's next run"]
