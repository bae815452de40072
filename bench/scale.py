"""Scale: a synthetic home folder through the real catalog, indexer and LEANN IVF index.

    .venv/bin/python bench/scale.py [--files 10000] [--quick] [--demo-rss | --no-demo-rss]

Vectors come from a fast deterministic STAND-IN embedder (hash-seeded vectors
around a fixed set of topic centroids, 384 dims, not MiniLM) so the bench runs
in minutes; the output says so. Everything else is real: files on disk, the
SQLite catalog, the IVF index, the searches.

Reports: indexing time and peak RSS while indexing, disk bytes per passage
(catalog + index, text included; ``disk_bytes_per_passage_breakdown`` says
which tables, indexes and files hold them), catch-up of the unchanged corpus (seconds
and corpus files opened, which must be 0), cold start to the first search in a
fresh process, search p50/p95 and recall@10 against exact search, and the
projection of memory and disk to 1M passages from the measured per-passage
costs. ``--demo-rss`` (on by default, off with ``--quick``) runs the real daemon
on samples/demo with the real models, asks one question and reports its RSS
after the text model unloaded, then times its ``status`` from 50 concurrent clients
(``status_p99_ms_50_clients``; bench/loadgen.py's 5 client processes x 10 connections). The last line of output is one JSON object.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "client"))

DIMS = 384
TOPICS = 256
STAND_IN = "stand-in: deterministic hash-seeded vectors around 256 topic centroids (384 dims), not MiniLM"
WORDS = ("invoice budget meeting project garden recipe travel contract report tomato river mountain engine "
         "software design library window bridge market energy solar battery music guitar ocean forest").split()


class StandInEmbedder:
    """Deterministic and fast: a text's vector is its topic's centroid plus hash-seeded noise, normalised."""

    model_id = "bench:stand-in"
    backend = "stand-in"
    dimensions = DIMS

    def __init__(self) -> None:
        self.centroids = np.random.default_rng(0).standard_normal((TOPICS, DIMS)).astype(np.float32)
        self.calls = 0

    def embed(self, texts: list[str]) -> np.ndarray:
        self.calls += 1
        out = np.empty((len(texts), DIMS), dtype=np.float32)
        for i, t in enumerate(texts):
            seed = int.from_bytes(hashlib.blake2b(t.encode("utf-8", "ignore"), digest_size=8).digest(), "little")
            rng = np.random.default_rng(seed)
            out[i] = self.centroids[seed % TOPICS] + 0.9 * rng.standard_normal(DIMS).astype(np.float32)
        out /= np.linalg.norm(out, axis=1, keepdims=True)
        return out


def make_home_folder(directory: Path, n: int, seed: int = 11) -> int:
    """N small text files in nested folders, two to three passages each (~1.5-2.3 KB)."""
    import random

    rng = random.Random(seed)
    for i in range(n):
        sub = directory / f"y{i % 7}" / f"m{i % 12:02d}" / f"d{i % 97:02d}"
        sub.mkdir(parents=True, exist_ok=True)
        size = rng.randint(1500, 2300)
        text = f"Document {i}. "
        while len(text) < size:
            text += " ".join(rng.choice(WORDS) for _ in range(rng.randint(6, 14))).capitalize() + f" {i}. "
        (sub / f"note{i:06d}.txt").write_text(text)
    return n


def rss_of(pid: int | None = None) -> int:
    with open(f"/proc/{pid or 'self'}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) * 1024
    return 0


def dir_bytes(*paths: Path) -> int:
    total = 0
    for p in paths:
        if p.is_file():
            total += p.stat().st_size
        elif p.is_dir():
            total += sum(f.stat().st_size for f in p.rglob("*") if f.is_file())
    return total


def disk_breakdown(catalog: Path, index_dir: Path, passages: int) -> dict | None:
    """Disk bytes per passage by what holds them: catalog tables and indexes (SQLite's dbstat), FTS, cache, index.

    ``passage_text`` and ``passage_vectors`` are the payload bytes inside ``catalog_passages``."""
    import sqlite3

    n = max(1, passages)
    try:
        con = sqlite3.connect(f"file:{catalog}?mode=ro", uri=True)
    except sqlite3.Error:
        return None
    try:
        pages = con.execute("SELECT name, SUM(pgsize) FROM dbstat GROUP BY name").fetchall()
        kinds = dict(con.execute("SELECT name, type FROM sqlite_master"))
        text, vec = con.execute("SELECT SUM(length(CAST(text AS BLOB))), SUM(length(vector)) FROM passages").fetchone()
        free = con.execute("PRAGMA freelist_count").fetchone()[0] * con.execute("PRAGMA page_size").fetchone()[0]
        page_size = con.execute("PRAGMA page_size").fetchone()[0]
    except sqlite3.Error:
        return None
    finally:
        con.close()
    out = {"catalog_passages": 0, "catalog_passage_indexes": 0, "fts": 0, "content_cache": 0, "catalog_files": 0,
           "catalog_other": 0}
    for name, size in pages:
        if name.startswith("passages_fts"):
            key = "fts"
        elif name == "passages":
            key = "catalog_passages"
        elif name.startswith("content_cache") or name == "sqlite_autoindex_content_cache_1":
            key = "content_cache"
        elif name.startswith("files") or name == "sqlite_autoindex_files_1":
            key = "catalog_files"
        elif kinds.get(name) == "index" and name.startswith("passages"):
            key = "catalog_passage_indexes"
        else:
            key = "catalog_other"
        out[key] += size
    wal = catalog.with_name(catalog.name + "-wal")
    out["catalog_free_pages"] = free
    out["catalog_wal"] = wal.stat().st_size if wal.exists() else 0
    out["vector_index"] = dir_bytes(index_dir)
    per = {k: v / n for k, v in out.items()}
    per["passage_text"] = (text or 0) / n
    per["passage_vectors"] = (vec or 0) / n
    per["catalog_page_size"] = page_size
    return per


class PeakRss:
    def __init__(self) -> None:
        self.peak = rss_of()
        self._stop = threading.Event()
        self._t = threading.Thread(target=self._run, daemon=True)

    def _run(self) -> None:
        while not self._stop.wait(0.1):
            self.peak = max(self.peak, rss_of())

    def __enter__(self) -> PeakRss:
        self._t.start()
        return self

    def __exit__(self, *exc) -> None:
        self._stop.set()
        self._t.join()


class OpenCounter:
    """Counts files opened under a folder (an audit hook: every ``open`` in this process is seen).

    Folders opened to walk them (O_DIRECTORY: the walk never follows a link) are counted apart.
    """

    def __init__(self, folder: Path) -> None:
        self.prefix = str(folder)
        self.count = 0
        self.folders = 0
        self.on = False
        sys.addaudithook(self._hook)

    def _hook(self, event: str, args: tuple) -> None:
        if self.on and event == "open" and isinstance(args[0], str) and args[0].startswith(self.prefix):
            flags = args[2] if len(args) > 2 and isinstance(args[2], int) else 0
            if flags & getattr(os, "O_DIRECTORY", 0):
                self.folders += 1
            else:
                self.count += 1


def bench_corpus(n_files: int, work: Path, queries: int) -> dict:
    from manoled.app import open_core, setup_logging
    from manoled.config import Config
    from manoled.paths import resolve

    setup_logging(False)
    corpus = work / "home-folder"
    t = time.perf_counter()
    make_home_folder(corpus, n_files)
    print(f"corpus: {n_files} files in {time.perf_counter() - t:.1f} s", file=sys.stderr)
    paths = resolve(work / "manole")
    opens = OpenCounter(corpus)
    core = open_core(paths, Config(), embedder=StandInEmbedder())
    rss_before = rss_of()
    with PeakRss() as peak:
        t = time.perf_counter()
        stats = core.indexer.index_paths([corpus])
        index_s = time.perf_counter() - t
    passages = core.catalog.passage_count()
    core.close()
    print(f"indexed {stats.indexed} files, {passages} passages in {index_s:.1f} s", file=sys.stderr)
    disk = dir_bytes(paths.catalog, paths.catalog.with_name(paths.catalog.name + "-wal"), paths.index_dir)
    breakdown = disk_breakdown(paths.catalog, paths.index_dir, passages)

    # catch-up of the unchanged corpus: a fresh core, every file stat-ed, none opened
    core = open_core(paths, Config(), embedder=StandInEmbedder())
    opens.count, opens.folders, opens.on = 0, 0, True
    t = time.perf_counter()
    again = core.indexer.index_paths([corpus])
    catchup_s = time.perf_counter() - t
    opens.on = False
    print(f"catch-up: {again.indexed} re-indexed in {catchup_s:.2f} s, {opens.count} corpus files opened "
          f"({opens.folders} folder opens to walk them)",
          file=sys.stderr)

    # search latency and recall@10 against exact search over the catalog's vectors
    ids, vecs = [], []
    for i, v in core.catalog.iter_vectors():
        ids.extend(i)
        vecs.append(v)
    all_ids, all_vecs = np.asarray(ids), np.concatenate(vecs)
    rng = np.random.default_rng(1)
    qs = StandInEmbedder().embed([f"query {i} {rng.integers(1 << 30)}" for i in range(queries)])
    lat, recall = [], []
    for q in qs:
        t = time.perf_counter()
        got = core.index.search(q, 10)
        lat.append(time.perf_counter() - t)
        exact = set(all_ids[np.argsort(-(all_vecs @ q))[:10]].tolist())
        recall.append(len(exact & {pid for pid, _ in got}) / 10)
    rss_loaded = rss_of()
    core.close()

    # cold start: a new process opens the catalog and the index and answers one search
    code = (
        "import sys, time; t = time.perf_counter(); sys.path[:0] = [{root!r}, {bench!r}]\n"
        "from scale import StandInEmbedder\n"
        "from manoled.app import open_core, setup_logging\nfrom manoled.config import Config\n"
        "from manoled.paths import resolve\nsetup_logging(False)\n"
        "core = open_core(resolve({home!r}), Config(), embedder=StandInEmbedder()); core.indexer.sync_index()\n"
        "core.indexer.search('garden tomato budget', k=10); print(time.perf_counter() - t)\n"
    ).format(root=str(ROOT), bench=str(ROOT / "bench"), home=str(work / "manole"))
    t = time.perf_counter()
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    cold_wall = time.perf_counter() - t
    cold_in = float(proc.stdout.strip().splitlines()[-1]) if proc.returncode == 0 else None

    lat_ms = sorted(x * 1000 for x in lat)
    return {
        "files": n_files, "passages": passages, "index_s": index_s, "files_per_s": stats.indexed / index_s,
        "rss_before_index_mb": rss_before / 2**20, "rss_peak_indexing_mb": peak.peak / 2**20,
        "rss_after_search_mb": rss_loaded / 2**20,
        "disk_bytes": disk, "disk_bytes_per_passage": disk / max(1, passages),
        "disk_bytes_per_passage_breakdown": breakdown,
        "catchup_s": catchup_s, "catchup_files_indexed": again.indexed, "catchup_file_opens": opens.count,
        "catchup_folder_opens": opens.folders,
        "catchup_embedded": again.embedded,
        "cold_start_first_search_s": cold_wall, "cold_start_in_process_s": cold_in,
        "search_p50_ms": statistics.median(lat_ms), "search_p95_ms": lat_ms[int(0.95 * (len(lat_ms) - 1))],
        "recall_at_10": float(np.mean(recall)), "queries": queries,
    }


def bench_index_only(n: int, queries: int, work: Path) -> dict:
    """The vector index alone at ``n`` passages (no files): build, size, load time, RSS, search, recall@10."""
    from manoled.index import vectors as vector_module
    from manoled.index.vectors import VectorIndex

    rng = np.random.default_rng(5)
    centroids = np.random.default_rng(0).standard_normal((TOPICS, DIMS)).astype(np.float32)
    vecs = np.empty((n, DIMS), dtype=np.float32)
    for start in range(0, n, 100_000):
        m = min(100_000, n - start)
        v = centroids[rng.integers(0, TOPICS, m)] + 0.9 * rng.standard_normal((m, DIMS), dtype=np.float32)
        vecs[start:start + m] = v / np.linalg.norm(v, axis=1, keepdims=True)
    ids = np.arange(1, n + 1, dtype=np.int64)
    stored = vecs.astype(np.float16)  # what the catalog keeps: SQ8 candidates are re-ranked with these

    def rescore(wanted):
        return {int(i): stored[int(i) - 1].astype(np.float32) for i in wanted if 1 <= int(i) <= n}

    extra = {"rescore": rescore} if hasattr(vector_module, "RESCORE_FACTOR") else {}
    rss0 = rss_of()
    t = time.perf_counter()
    VectorIndex(work / "idx", DIMS).build(ids, vecs)
    build_s = time.perf_counter() - t
    t = time.perf_counter()
    idx = VectorIndex(work / "idx", DIMS, **extra)
    load_s = time.perf_counter() - t
    qs = StandInEmbedder().embed([f"q{i}" for i in range(queries)])
    lat, recall = [], []
    for q in qs:
        t = time.perf_counter()
        got = idx.search(q, 10)
        lat.append((time.perf_counter() - t) * 1000)
        exact = set(ids[np.argpartition(-(vecs @ q), 10)[:10]].tolist())
        recall.append(len(exact & {pid for pid, _ in got}) / 10)
    lat.sort()
    return {"passages": n, "quantized": n >= vector_module.QUANTIZE_ABOVE, "rescored": bool(extra), "build_s": build_s, "load_s": load_s,
            "index_file_bytes": (work / "idx" / "manole.index").stat().st_size,
            "rss_growth_mb_incl_test_vectors": (rss_of() - rss0) / 2**20,
            "search_p50_ms": statistics.median(lat), "search_p95_ms": lat[int(0.95 * (len(lat) - 1))],
            "recall_at_10": float(np.mean(recall)), "queries": queries}


def project_1m(r: dict) -> dict:
    """Straight-line projection from the measured per-passage costs (not a run)."""
    from manoled.index.vectors import QUANTIZE_ABOVE

    n = 1_000_000
    per_vec_index = (DIMS if n >= QUANTIZE_ABOVE else DIMS * 4) + 8  # IVF-SQ8 (or IVFFlat): the vector + its id
    return {
        "passages": n,
        "disk_gb": r["disk_bytes_per_passage"] * n / 1e9,
        "index_memory_gb": per_vec_index * n / 1e9,
        "catchup_s_for_100k_files": r["catchup_s"] / r["files"] * 100_000,
        "note": "projection from this run's per-passage numbers, not a run at 1M",
    }


def status_load(sock: Path, pid: int, procs: int = 5, conns: int = 10, seconds: float = 4.0) -> dict:
    """``status`` of the real daemon from ``procs`` x ``conns`` concurrent connections (bench/loadgen.py's
    client processes: one Python process cannot keep 50 connections busy on two cores)."""
    from loadgen import measure

    return measure(sock, pid, procs, conns, seconds)


def demo_idle_rss(backend: str) -> dict:
    """The real daemon on samples/demo with the real models: RSS before a question, and once the text model unloaded."""
    sys.path.insert(0, str(ROOT / "tests"))
    from fake_service import RawClient

    work = Path(tempfile.mkdtemp(prefix="mscale-", dir="/tmp"))
    home = work / "h"
    (home / "config").mkdir(parents=True)
    (home / "config" / "config.toml").write_text(
        f'[index]\nembedding_backend = "{backend}"\n[agent]\nidle_unload_s = 2.0\n')
    sock = home / "run" / "manoled.sock"
    env = dict(os.environ, MANOLE_HOME=str(home), HF_HUB_OFFLINE="1")
    proc = subprocess.Popen([str(Path(sys.executable).with_name("manoled")), "run", str(ROOT / "samples" / "demo")],
                            env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)

    def call(method: str, params: dict | None = None, timeout: float = 600) -> dict:
        with RawClient(sock) as c:
            c.sock.settimeout(timeout)
            return c.call(method, params)

    def until(pred, timeout: float) -> None:
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            try:
                if pred():
                    return
            except OSError:
                pass
            time.sleep(0.2)
        raise TimeoutError("demo daemon did not get there")

    try:
        until(lambda: sock.exists() and "result" in call("hello"), 300)
        until(lambda: call("status")["result"]["indexing"]["state"] == "idle" and call("status")["result"]["passages"] > 0, 300)
        before = rss_of(proc.pid)
        with RawClient(sock) as c:
            c.sock.settimeout(900)
            c.collect(c.send("ask", {"text": "what is on the grocery list?"}))
        answered = rss_of(proc.pid)
        until(lambda: not call("status")["result"]["models"]["text"]["loaded"], 120)
        status = call("status")["result"]
        idle = rss_of(proc.pid)
        load = status_load(sock, proc.pid)
        return {"backend": status["models"]["embedding"]["backend"], "rss_idle_before_question_mb": before / 2**20,
                "rss_after_answer_mb": answered / 2**20, "rss_idle_after_unload_mb": idle / 2**20,
                "status_memory": status.get("memory"), "embedding_memory_mb": status["models"]["embedding"].get("memory_mb"),
                "status_50_clients": load}
    finally:
        proc.send_signal(signal.SIGTERM)
        try:
            proc.wait(60)
        except subprocess.TimeoutExpired:
            proc.kill()
        shutil.rmtree(work, ignore_errors=True)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--files", type=int, default=10_000)
    ap.add_argument("--queries", type=int, default=200)
    ap.add_argument("--quick", action="store_true", help="300 files, a 10k-vector index, no demo daemon: under a minute")
    ap.add_argument("--demo-rss", action=argparse.BooleanOptionalAction, default=None,
                    help="run the real daemon on samples/demo and report its idle RSS (default: on unless --quick)")
    ap.add_argument("--torch-too", action="store_true", help="also the demo RSS with the torch embedder")
    ap.add_argument("--index-only", type=int, nargs="*", default=None,
                    help="vector-index-only runs at these passage counts (default: 10000 quick, 250000 full)")
    args = ap.parse_args()
    n = 300 if args.quick else args.files
    demo = (not args.quick) if args.demo_rss is None else args.demo_rss
    work = Path(tempfile.mkdtemp(prefix="manole-scale-"))
    sizes = args.index_only if args.index_only is not None else ([10_000] if args.quick else [250_000])
    try:
        r = bench_corpus(n, work, 50 if args.quick else args.queries)
        index_only = []
        for size in sizes:
            index_only.append(bench_index_only(size, 50 if args.quick else args.queries, work / f"i{size}"))
            print(f"index only: {json.dumps(index_only[-1])}", file=sys.stderr)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    print(f"search p50 {r['search_p50_ms']:.2f} ms p95 {r['search_p95_ms']:.2f} ms, recall@10 {r['recall_at_10']:.3f}; "
          f"{r['disk_bytes_per_passage']:.0f} disk bytes/passage; cold start {r['cold_start_first_search_s']:.2f} s",
          file=sys.stderr)
    out = {"embedder": STAND_IN, "corpus": r, "index_only": index_only, "projection_1m": project_1m(r), "demo": None,
           "status_p99_ms_50_clients": None, "status_note": "measured on the real demo daemon (--demo-rss)"}
    if demo:
        out["demo"] = {"onnx": demo_idle_rss("onnx")}
        out["status_p99_ms_50_clients"] = out["demo"]["onnx"]["status_50_clients"]["p99_ms"]
        if args.torch_too:
            out["demo"]["torch"] = demo_idle_rss("torch")
        print(f"demo daemon: {json.dumps(out['demo'])}", file=sys.stderr)
    print(json.dumps(out))


if __name__ == "__main__":
    main()
