"""Indexing throughput: `manoled index` vs LEANN's own `leann build` vs the bare embedding ceiling.

It also embeds the same passages with the torch path and the ONNX Runtime int8
path side by side (``embedding``: passages/s of each, their ratio, cosine).

    .venv/bin/python bench/index_throughput.py [--files 2000] [--real-files 450] [--quick]

Two corpora, each indexed by both tools in one run, with the same embedding model
(the bundled all-MiniLM-L6-v2):

* synthetic: generated sentences (``bench/corpora.py``: ``make_synthetic``);
* real: the Python standard library and the machine's documentation folder
  (``make_real``: files every machine has).

Both tools run as processes (``manoled index`` and ``leann build --backend-name ivf``,
the LEANN backend the project installs), so both wall times include process start and
model load; peak RSS is each process's own. The manoled run's progress lines are read as
they come: the longest time they stood still and how far the ETA was off at 10, 50 and
90 % of the wall time. The bare embedding ceiling and applying one modified file to the
built index are measured in-process. If LEANN fails, the bench says why and exits 1.
The last line of output is one JSON object.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import sqlite3
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from corpora import make_real, make_synthetic  # noqa: E402

# runs a command and reports its peak RSS (the wrapper has that one child)
_WRAP = ("import resource, subprocess, sys; rc = subprocess.run(sys.argv[1:]).returncode; "
         "sys.stdout.flush(); print(f'PEAK_RSS_KB {resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss}', "
         "file=sys.stderr, flush=True); sys.exit(rc)")
_PROGRESS = re.compile(r"\] (\d+)/(\d+) files, .*?(\d+) passages, .*ETA (\S+)")
_DONE = re.compile(r"done in ([\d.]+)s: (\d+) indexed.* (\d+) passages")


class LeannFailed(Exception):
    pass


def run_measured(cmd: list[str], cwd: Path | None = None) -> dict:
    """Run ``cmd``; its output lines with their times (s since start), wall time and peak RSS."""
    env = dict(os.environ, HF_HUB_OFFLINE="1", TOKENIZERS_PARALLELISM="false", PYTHONUNBUFFERED="1")
    t0 = time.monotonic()
    proc = subprocess.Popen([sys.executable, "-c", _WRAP, *cmd], cwd=cwd, env=env, text=True,
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, bufsize=1)
    lines: list[tuple[float, str]] = []
    assert proc.stdout is not None
    for raw in proc.stdout:
        for line in raw.replace("\r", "\n").splitlines():
            lines.append((time.monotonic() - t0, line))
    rc = proc.wait()
    wall = time.monotonic() - t0
    rss = next((int(line.split()[1]) for _, line in lines if line.startswith("PEAK_RSS_KB")), 0)
    return {"rc": rc, "wall": wall, "peak_rss_mb": round(rss / 1024, 1), "lines": lines}


def _eta_s(text: str) -> float | None:
    if text.startswith("--"):
        return None
    if "h" in text:
        h, m = text.rstrip("m").split("h")
        return int(h) * 3600 + int(m) * 60
    m, s = text.split(":")
    return int(m) * 60 + int(s)


def progress_quality(lines: list[tuple[float, str]]) -> dict:
    """The longest stand-still of the progress line, and the ETA's error at 10/50/90 % of the indexing time."""
    start = next((t for t, line in lines if line.startswith("indexing ")), None)
    end = next((t for t, line in lines if line.startswith("done in ")), None)
    ticks = [(t, m) for t, line in lines if (m := _PROGRESS.search(line))]
    if start is None or end is None or not ticks:
        return {"progress_lines": len(ticks)}
    moved = [start] + [t for i, (t, m) in enumerate(ticks)
                       if i == 0 or m.group(1, 3) != ticks[i - 1][1].group(1, 3)] + [end]
    out: dict = {"progress_lines": len(ticks), "max_progress_stall_s": round(max(b - a for a, b in zip(moved, moved[1:], strict=False)), 2)}
    total = end - start
    for pct in (10, 50, 90):
        at = start + total * pct / 100
        seen = [(t, m) for t, m in ticks if t <= at]
        if not seen:
            out[f"eta_error_at_{pct}pct"] = None
            continue
        t, m = seen[-1]
        eta, actual = _eta_s(m.group(4)), end - t
        out[f"eta_error_at_{pct}pct"] = None if eta is None or actual <= 0 else round((eta - actual) / actual, 3)
    return out


def bench_manoled(corpus: Path, home: Path, n_files: int) -> dict:
    manoled = Path(sys.executable).with_name("manoled")
    r = run_measured([str(manoled), "--home", str(home), "index", str(corpus)])
    if r["rc"] != 0:
        raise SystemExit("manoled index failed:\n" + "\n".join(line for _, line in r["lines"][-20:]))
    done = next((m for _, line in r["lines"] if (m := _DONE.search(line))), None)
    catalog = next(home.rglob("catalog.sqlite3"))
    with sqlite3.connect(catalog) as db:
        passages = db.execute("SELECT COUNT(*) FROM passages").fetchone()[0]
    seconds = float(done.group(1)) if done else r["wall"]
    indexed = int(done.group(2)) if done else n_files
    return {
        "seconds": seconds, "process_seconds": r["wall"], "files": indexed, "passages": passages,
        "files_per_s": indexed / seconds, "passages_per_s": passages / seconds,
        "process_files_per_s": n_files / r["wall"], "process_passages_per_s": passages / r["wall"],
        "peak_rss_mb": r["peak_rss_mb"], **progress_quality(r["lines"]),
        "note": "seconds: indexing after the model load; process_*: the whole `manoled index` process",
    }


def bench_modify(corpus: Path, home: Path) -> dict:
    """In-process, warm: one modified file applied to the built index, then searched for."""
    from manoled.app import open_core
    from manoled.config import Config
    from manoled.index.changes import Change
    from manoled.paths import resolve

    core = open_core(resolve(home), Config())
    try:
        core.indexer.sync_index()
        core.embedder.embed(["warm up"])
        target = min(corpus.rglob("*.txt"), key=lambda f: f.stat().st_size)
        target.write_text(target.read_text() + "\nA brand new sentence about zeppelins.\n")
        t = time.perf_counter()
        core.indexer.apply([Change("modified", target)])
        modify_s = time.perf_counter() - t
        found = any("zeppelins" in h.text for h in core.indexer.search("a brand new sentence about zeppelins", k=10))
        texts = [r[0] for r in core.catalog.query("SELECT text FROM passages ORDER BY id")]
    finally:
        core.close()
    return {"modify_one_file_s": modify_s, "modified_text_found": found, "texts": texts}


def bench_ceiling(texts: list[str]) -> dict:
    from manoled.index.embed import SentenceEmbedder

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

    from manoled.index.embed import OnnxEmbedder, SentenceEmbedder

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
    """`leann build` with the ivf backend (the one the project installs); raises LeannFailed with the reason."""
    from manoled.index.embed import bundled_model_path

    leann = Path(sys.executable).with_name("leann")
    if not leann.exists():
        raise LeannFailed(f"the leann CLI is not installed next to {sys.executable} (leann-core, `make setup`)")
    workdir.mkdir(parents=True, exist_ok=True)
    cmd = [str(leann), "build", "bench", "--docs", str(corpus), "--backend-name", "ivf", "--no-recompute",
           "--embedding-model", str(bundled_model_path()), "--force"]
    r = run_measured(cmd, cwd=workdir)
    tail = "\n".join(line for _, line in r["lines"][-15:])
    if r["rc"] != 0:
        raise LeannFailed(f"`leann build --backend-name ivf` exited {r['rc']}:\n{tail}")
    passages = 0
    for jsonl in workdir.rglob("*.passages.jsonl"):
        with open(jsonl) as f:
            passages += sum(1 for _ in f)
    if not passages:
        raise LeannFailed(f"`leann build` wrote no passages:\n{tail}")
    loaded = next((int(m.group(1)) for _, line in r["lines"] if (m := re.search(r"Loaded (\d+) documents from", line))), None)
    return {"seconds": r["wall"], "files": n_files, "documents_loaded": loaded, "passages": passages,
            "files_per_s": n_files / r["wall"], "passages_per_s": passages / r["wall"],
            "peak_rss_mb": r["peak_rss_mb"], "backend": "ivf",
            "note": "wall time of the `leann build` process, including its model load"}


def compare(corpus: Path, work: Path, n_files: int, leann: bool) -> dict:
    m = bench_manoled(corpus, work / "home", n_files)
    print(f"  manoled index: {m['process_seconds']:.1f} s wall, {m['passages']} passages, "
          f"{m['passages_per_s']:.1f} passages/s, peak RSS {m['peak_rss_mb']} MB, "
          f"progress stalled at most {m.get('max_progress_stall_s')} s", file=sys.stderr)
    out: dict = {"manoled": m}
    if leann:
        lb = bench_leann(corpus, work / "leann", n_files)
        print(f"  leann build (ivf): {lb['seconds']:.1f} s wall, {lb['passages']} passages, "
              f"peak RSS {lb['peak_rss_mb']} MB", file=sys.stderr)
        out["leann_build"] = lb
        out["ratio_manoled_vs_leann_files"] = m["process_files_per_s"] / lb["files_per_s"]
    else:
        out["leann_build"] = {"skipped": True}
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--files", type=int, default=2000, help="synthetic corpus size")
    ap.add_argument("--real-files", type=int, default=450, help="real-text corpus size")
    ap.add_argument("--real-max-bytes", type=int, default=200_000, help="largest real file copied")
    ap.add_argument("--quick", action="store_true", help="12 small files per corpus")
    ap.add_argument("--no-leann", action="store_true", help="skip LEANN (no ratio is reported)")
    args = ap.parse_args()
    n, n_real = (12, 12) if args.quick else (args.files, args.real_files)
    work = Path(tempfile.mkdtemp(prefix="manole-bench-"))
    result: dict = {}
    try:
        corpus = work / "synthetic"
        chars = make_synthetic(corpus, n)
        print(f"synthetic corpus: {n} files, {chars / 1e6:.2f} MB of text", file=sys.stderr)
        syn = compare(corpus, work / "syn", n, not args.no_leann)
        mod = bench_modify(corpus, work / "syn" / "home")
        c_texts = mod.pop("texts")
        c = bench_ceiling(c_texts)
        print(f"  bare embedding ceiling: {c['passages_per_s']:.1f} passages/s; one modified file applied in "
              f"{mod['modify_one_file_s'] * 1000:.0f} ms", file=sys.stderr)
        syn["manoled"]["modify_one_file_s"] = mod["modify_one_file_s"]
        syn["manoled"]["modified_text_found"] = mod["modified_text_found"]
        e = bench_embedders(c_texts)
        print(f"embedding torch vs onnx int8: {e['torch_passages_per_s']:.1f} vs {e['onnx_passages_per_s']:.1f} "
              f"passages/s ({e['ratio_onnx_vs_torch']:.2f}x wall, {e['ratio_onnx_vs_torch_cpu']:.2f}x CPU time), "
              f"cosine mean {e['cosine_mean']:.4f} "
              f"min {e['cosine_min']:.4f}", file=sys.stderr)
        real_dir = work / "real"
        real_bytes, sources = make_real(real_dir, n_real, max_bytes=20_000 if args.quick else args.real_max_bytes)
        print(f"real corpus: {n_real} files, {real_bytes / 1e6:.2f} MB ({sources})", file=sys.stderr)
        real = compare(real_dir, work / "realrun", n_real, not args.no_leann)
        result = {
            "files": n,
            "corpus_chars": chars,
            **syn,
            "embedding_ceiling": c,
            "ratio_manoled_vs_ceiling_passages": syn["manoled"]["passages_per_s"] / c["passages_per_s"],
            "modify_one_file_s": mod["modify_one_file_s"],
            "embedding": e,
            "ratio_onnx_vs_torch_embedding": e["ratio_onnx_vs_torch"],
            "real": {"files": n_real, "bytes": real_bytes, "sources": sources, **real},
        }
        if "passages_per_s" in syn["leann_build"]:
            result["ratio_onnx_embedding_vs_leann_passages"] = e["onnx_passages_per_s"] / syn["leann_build"]["passages_per_s"]
        if "ratio_manoled_vs_leann_files" in real:
            result["ratio_manoled_vs_leann_files_real"] = real["ratio_manoled_vs_leann_files"]
        print(json.dumps(result))
        return 0
    except LeannFailed as exc:
        print(f"LEANN failed, so there is no comparison: {exc}", file=sys.stderr)
        print(json.dumps({**result, "error": f"leann build failed: {str(exc).splitlines()[0]}"}))
        return 1
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
