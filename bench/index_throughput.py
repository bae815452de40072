"""Indexing throughput: manoled vs LEANN's own `leann build` vs the bare embedding ceiling.

It also embeds the same passages with the torch path and the ONNX Runtime int8
path side by side (``embedding``: passages/s of each, their ratio, cosine).

    .venv/bin/python bench/index_throughput.py [--files 2000] [--quick]

All three run on the same generated corpus, with the same embedding model (the
bundled all-MiniLM-L6-v2), in one run. It also times applying one modified file
to the built index. The last line of output is one JSON object.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

WORDS = (
    "invoice budget meeting project garden recipe travel contract report tomato river mountain "
    "engine software design library window bridge market energy solar battery music guitar "
    "ocean forest planet galaxy museum history school teacher student doctor patient hospital "
    "coffee bread cheese wine olive lemon orange apple harbour island city village road train"
).split()


def make_corpus(directory: Path, n: int, seed: int = 7) -> int:
    """N text files: 70% small (0.2-2 KB), 25% medium (5-20 KB), 5% large (50-100 KB)."""
    rng = random.Random(seed)
    directory.mkdir(parents=True, exist_ok=True)
    total = 0
    for i in range(n):
        r = rng.random()
        size = rng.randint(200, 2000) if r < 0.70 else rng.randint(5000, 20000) if r < 0.95 else rng.randint(50000, 100000)
        words: list[str] = []
        length = 0
        while length < size:
            sentence = " ".join(rng.choice(WORDS) for _ in range(rng.randint(6, 14))).capitalize() + ". "
            words.append(sentence)
            length += len(sentence)
        text = "".join(words)
        sub = directory / f"d{i % 20:02d}"
        sub.mkdir(exist_ok=True)
        (sub / f"doc{i:05d}.txt").write_text(text)
        total += len(text)
    return total


def bench_manoled(corpus: Path, home: Path) -> dict:
    from manoled.app import open_core, setup_logging
    from manoled.config import Config
    from manoled.indexer import Change
    from manoled.paths import resolve

    setup_logging(False)
    paths = resolve(home)
    core = open_core(paths, Config())
    core.embedder.embed(["warm up"])  # model load is not indexing time
    t = time.perf_counter()
    stats = core.indexer.index_paths([corpus])
    wall = time.perf_counter() - t
    # one modified file applied to the built index
    target = min(corpus.rglob("*.txt"), key=lambda f: f.stat().st_size)
    target.write_text(target.read_text() + "\nA brand new sentence about zeppelins.\n")
    t = time.perf_counter()
    core.indexer.apply([Change("modified", target)])
    modify_s = time.perf_counter() - t
    found = any("zeppelins" in h.text for h in core.indexer.search("a brand new sentence about zeppelins", k=10))
    passages = core.catalog.passage_count()
    texts = [r[0] for r in core.catalog.query("SELECT text FROM passages ORDER BY id")]
    core.close()
    return {
        "seconds": wall, "files": stats.indexed, "passages": passages,
        "files_per_s": stats.indexed / wall, "passages_per_s": passages / wall,
        "modify_one_file_s": modify_s, "modified_text_found": found, "texts": texts,
    }


def bench_ceiling(texts: list[str]) -> dict:
    from manoled.embed import SentenceEmbedder

    emb = SentenceEmbedder()
    emb.embed(["warm up"])
    t = time.perf_counter()
    for start in range(0, len(texts), 256):
        emb.embed(texts[start:start + 256])
    wall = time.perf_counter() - t
    return {"seconds": wall, "passages": len(texts), "passages_per_s": len(texts) / wall}


def bench_embedders(texts: list[str], rounds: int = 8) -> dict:
    """Torch (sentence-transformers) vs ONNX Runtime int8 on the same passages, interleaved.

    The passages are cut into ``rounds`` slices and each slice is embedded by
    both, one after the other, so a load spike on a shared machine hits both.
    Also reports the cosine between the two vectors of every passage.
    """
    import numpy as np

    from manoled.embed import OnnxEmbedder, SentenceEmbedder

    torch_emb, onnx_emb = SentenceEmbedder(), OnnxEmbedder().load()
    torch_emb.embed(["warm up"])
    onnx_emb.embed(["warm up"])
    spent = {"torch": 0.0, "onnx": 0.0}
    cpu = {"torch": 0.0, "onnx": 0.0}  # CPU seconds (all threads): steadier than wall time on a loaded machine
    cos: list[np.ndarray] = []
    step = max(1, -(-len(texts) // rounds))
    for start in range(0, len(texts), step):
        part = texts[start:start + step]
        vecs = {}
        for name, emb in (("torch", torch_emb), ("onnx", onnx_emb)):
            t, c0 = time.perf_counter(), time.process_time()
            vecs[name] = emb.embed(part)
            spent[name] += time.perf_counter() - t
            cpu[name] += time.process_time() - c0
        cos.append((vecs["torch"] * vecs["onnx"]).sum(axis=1))
    c = np.concatenate(cos) if cos else np.ones(1)
    rate = {k: len(texts) / v for k, v in spent.items()}
    return {
        "passages": len(texts),
        "torch_passages_per_s": rate["torch"],
        "onnx_passages_per_s": rate["onnx"],
        "ratio_onnx_vs_torch": rate["onnx"] / rate["torch"],
        "torch_cpu_s": cpu["torch"],
        "onnx_cpu_s": cpu["onnx"],
        "ratio_onnx_vs_torch_cpu": cpu["torch"] / max(cpu["onnx"], 1e-9),
        "cosine_mean": float(c.mean()),
        "cosine_min": float(c.min()),
        "onnx_model": str(onnx_emb.onnx_path.name),
        "note": "interleaved slices in one process; ONNX int8 weights, torch fp32",
    }


def bench_leann(corpus: Path, workdir: Path, n_files: int) -> dict:
    from manoled.embed import bundled_model_path

    leann = Path(sys.executable).with_name("leann")
    if not leann.exists():
        return {"error": "leann CLI not installed"}
    env = dict(os.environ, HF_HUB_OFFLINE="1", TOKENIZERS_PARALLELISM="false")
    cmd = [str(leann), "build", "bench", "--docs", str(corpus), "--backend-name", "hnsw", "--no-recompute",
           "--no-compact", "--embedding-model", str(bundled_model_path()), "--force"]
    t = time.perf_counter()
    proc = subprocess.run(cmd, cwd=workdir, env=env, capture_output=True, text=True)
    wall = time.perf_counter() - t
    if proc.returncode != 0:
        return {"error": proc.stderr[-500:], "seconds": wall}
    passages = None
    for jsonl in workdir.rglob("*.passages.jsonl"):
        with open(jsonl) as f:
            passages = sum(1 for _ in f)
    return {"seconds": wall, "files": n_files, "passages": passages, "files_per_s": n_files / wall,
            "passages_per_s": (passages / wall) if passages else None,
            "note": "wall time of the `leann build` process, including its model load"}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--files", type=int, default=2000)
    ap.add_argument("--quick", action="store_true", help="25 files, finishes in under a minute")
    ap.add_argument("--no-leann", action="store_true")
    args = ap.parse_args()
    n = 25 if args.quick else args.files
    work = Path(tempfile.mkdtemp(prefix="manole-bench-"))
    try:
        corpus = work / "corpus"
        chars = make_corpus(corpus, n)
        print(f"corpus: {n} files, {chars / 1e6:.1f} MB of text in {corpus}", file=sys.stderr)
        m = bench_manoled(corpus, work / "home")
        texts = m.pop("texts")
        print(f"manoled: {m['files_per_s']:.1f} files/s, {m['passages_per_s']:.1f} passages/s, "
              f"one modified file applied in {m['modify_one_file_s'] * 1000:.0f} ms", file=sys.stderr)
        c = bench_ceiling(texts)
        print(f"bare embedding ceiling: {c['passages_per_s']:.1f} passages/s", file=sys.stderr)
        e = bench_embedders(texts)
        print(f"embedding torch vs onnx int8: {e['torch_passages_per_s']:.1f} vs {e['onnx_passages_per_s']:.1f} "
              f"passages/s ({e['ratio_onnx_vs_torch']:.2f}x wall, {e['ratio_onnx_vs_torch_cpu']:.2f}x CPU time), "
              f"cosine mean {e['cosine_mean']:.4f} "
              f"min {e['cosine_min']:.4f}", file=sys.stderr)
        leann_dir = work / "leann"
        leann_dir.mkdir()
        lb = {"skipped": True} if args.no_leann else bench_leann(corpus, leann_dir, n)
        if "files_per_s" in lb:
            print(f"leann build: {lb['files_per_s']:.1f} files/s ({lb['seconds']:.1f} s)", file=sys.stderr)
        result = {
            "files": n,
            "corpus_chars": chars,
            "manoled": m,
            "leann_build": lb,
            "embedding_ceiling": c,
            "ratio_manoled_vs_ceiling_passages": m["passages_per_s"] / c["passages_per_s"],
            "ratio_manoled_vs_leann_files": (m["files_per_s"] / lb["files_per_s"]) if lb.get("files_per_s") else None,
            "modify_one_file_s": m["modify_one_file_s"],
            "embedding": e,
            "ratio_onnx_vs_torch_embedding": e["ratio_onnx_vs_torch"],
            "ratio_onnx_embedding_vs_leann_passages": (e["onnx_passages_per_s"] / lb["passages_per_s"])
            if lb.get("passages_per_s") else None,
        }
        print(json.dumps(result))
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
