"""Benchmark: build time and peak memory of the file graph for 1k, 5k and 10k files.

Synthetic corpus inserted straight into a temp catalog (no model): 384-d
passage vectors (3 per file) around topic centres, with groups of
near-duplicates, and texts sharing emails and IBANs between small groups of
files (plus one email on every file, which the per-entity cap must ignore).

Measured per size:
* ``cold_s``: ``view.query()`` over the whole catalog with an empty cache
  (reads every passage vector, kNN in blocks, entity joins, node building);
* ``warm_s``: the same query again (similarity edges cached);
* ``around_s``: ``query(around=..., depth=2)`` with a warm cache;
* ``peak_mb``: the peak of Python allocations during a cold build (tracemalloc,
  numpy included; measured on a separate cold run), and ``rss_mb`` the
  process's max RSS so far.

Usage: .venv/bin/python bench/graph_build.py [--quick] [--sizes 1000,5000,10000]
The last line of stdout is one JSON object.
"""

from __future__ import annotations

import argparse
import json
import resource
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from manoled.catalog.records import vector_to_blob  # noqa: E402
from manoled.catalog.store import Catalog  # noqa: E402
from manoled.config import GraphConfig  # noqa: E402
from manoled.graph import edges, view  # noqa: E402
from manoled.index.entities import EXTRACTOR_VERSION, extract  # noqa: E402

DIM = 384
PASSAGES = 3


def iban_for(i: int) -> str:
    """A valid German IBAN built from an account number (check digits computed)."""
    bban = f"37040044{i:010d}"
    num = int("".join(str(int(c, 36)) for c in bban + "DE00"))
    return f"DE{98 - num % 97:02d}{bban}"


def populate(cat: Catalog, n: int, seed: int = 0) -> None:
    rng = np.random.default_rng(seed)
    topics = rng.normal(size=(max(8, n // 50), DIM)).astype(np.float32)
    root = cat.add_root(Path(tempfile.gettempdir()) / f"graph-bench-{n}")
    now = time.time()
    prev: np.ndarray | None = None
    with cat.tx() as c:
        for i in range(n):
            folder = f"dept{i % 7}/year{2015 + i % 10}"
            c.execute(
                "INSERT INTO files(id, root_id, relpath, size, mtime_ns, inode, kind, state, updated) "
                "VALUES(?,?,?,?,?,?,?,?,?)",
                (i + 1, root.id, f"{folder}/doc_{i:06d}.txt", 1000, 1, i + 1, "text", "indexed", now),
            )
            if i % 10 < 3 and prev is not None:  # runs of near-duplicates: the previous file, slightly edited
                base = prev
            else:
                base = topics[rng.integers(len(topics))] + 0.9 * rng.normal(size=DIM).astype(np.float32)
            prev = base
            text = [f"Document {i} for group {i // 5}. Contact all@company.example."]
            if i % 5 < 3:  # small groups share an address or an account
                text.append(f"Reply to team{i // 5}@partner{i // 5}.example")
            if i % 4 == 0:
                text.append(f"Pay to IBAN {iban_for(i // 8)}")
            if i % 50 == 1:
                text.append(f"See doc_{i - 1:06d}.txt for details.")
            for s in range(PASSAGES):
                vec = base + 0.05 * rng.normal(size=DIM).astype(np.float32)
                vec /= np.linalg.norm(vec)
                c.execute("INSERT INTO passages(file_id, seq, page, text, vector) VALUES(?,?,?,?,?)",
                          (i + 1, s, None, text[0], vector_to_blob(vec)))
            pmax = c.execute("SELECT MAX(id) FROM passages").fetchone()[0]
            for e in extract(text):
                c.execute("INSERT INTO entities(file_id, type, value, display) VALUES(?,?,?,?)",
                          (i + 1, e.type, e.value, e.display))
            c.execute("INSERT INTO entity_state(file_id, version, passage_max) VALUES(?,?,?)",
                      (i + 1, EXTRACTOR_VERSION, pmax))


def run(n: int, workdir: Path) -> dict:
    cat = Catalog(workdir / f"catalog-{n}.sqlite3")
    t0 = time.perf_counter()
    populate(cat, n)
    setup_s = time.perf_counter() - t0
    cfg = GraphConfig()
    limit = n + 100
    t0 = time.perf_counter()
    g = view.query(cat, cfg, limit=limit)
    cold = time.perf_counter() - t0
    t0 = time.perf_counter()
    view.query(cat, cfg, limit=limit)
    warm = time.perf_counter() - t0
    # peak memory of a cold build, measured on a separate run (tracemalloc slows Python down)
    edges._caches.pop(cat, None)
    tracemalloc.start()
    view.query(cat, cfg, limit=limit)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    t0 = time.perf_counter()
    around = view.query(cat, cfg, around=n // 2, depth=2)
    around_s = time.perf_counter() - t0
    # the kNN step alone
    ids, matrix = edges.file_matrix(cat)
    t0 = time.perf_counter()
    pairs = edges.similarity_pairs(matrix, cfg.similarity_threshold, cfg.max_neighbours)
    knn_s = time.perf_counter() - t0
    cat.close()
    deg = np.zeros(n + 1, dtype=int)
    for e in g["edges"]:
        if e["type"] == "similarity":
            deg[int(e["source"][2:])] += 1
            deg[int(e["target"][2:])] += 1
    return {
        "files": n, "passages": n * PASSAGES, "setup_s": round(setup_s, 2),
        "cold_s": round(cold, 3), "warm_s": round(warm, 3), "around_s": round(around_s, 3), "knn_s": round(knn_s, 3),
        "peak_mb": round(peak / 2**20, 1), "rss_mb": round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1),
        "edges": g["stats"]["edges"], "max_similarity_degree": int(deg.max()), "knn_pairs": len(pairs),
        "around_files": around["stats"]["files"],
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="1k files only (< 1 min)")
    ap.add_argument("--sizes", default="1000,5000,10000")
    args = ap.parse_args()
    sizes = [1000] if args.quick else [int(s) for s in args.sizes.split(",")]
    results = []
    with tempfile.TemporaryDirectory(prefix="graph-bench-") as tmp:
        for n in sizes:
            print(f"building graph for {n} files ...", flush=True)
            r = run(n, Path(tmp))
            print(f"  {n} files: cold {r['cold_s']}s (kNN {r['knn_s']}s), warm {r['warm_s']}s, "
                  f"around {r['around_s']}s, peak {r['peak_mb']} MiB, edges {r['edges']}", flush=True)
            results.append(r)
    print(json.dumps({"bench": "graph_build", "quick": args.quick, "results": results}))


if __name__ == "__main__":
    main()
