"""Socket round-trip benchmark for the manoled server.

Measures:

* ``status`` round trips with 1, 10 and 50 concurrent clients: p50/p99 latency and
  requests per second;
* ``search`` over the socket against the same search called in-process: p50/p99 and
  the ratio socket/in-process.

The server runs in this process with a bench service. When the indexing stack is
importable, search is real: a small corpus is indexed into a temporary
MANOLE_HOME. Otherwise a fake search is used, and ``search_backend`` says so. The
load (the clients) runs in a child process so that clients and server do not share a
GIL. Progress is printed as it goes; the LAST line of stdout is one JSON object.

    .venv/bin/python bench/socket_rtt.py [--quick]
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from manoled import protocol as p  # noqa: E402

QUERIES = [
    "invoice from the plumber",
    "passport renewal",
    "tax return 2023",
    "holiday in Lisbon",
    "meeting notes about the budget",
    "recipe for lemon cake",
]


def pct(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    s = sorted(values)
    i = min(len(s) - 1, max(0, int(round(q * (len(s) - 1)))))
    return s[i]


# -- the load generator (child process) -----------------------------------


def run_load(sock_path: str, method: str, clients: int, requests: int) -> dict[str, Any]:
    lat: list[list[float]] = [[] for _ in range(clients)]
    errors: list[str] = []
    barrier = threading.Barrier(clients + 1)

    def worker(i: int) -> None:
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.connect(sock_path)
        try:
            barrier.wait()
            for j in range(requests):
                params = {"query": QUERIES[(i + j) % len(QUERIES)], "k": 5} if method == "search" else {}
                t0 = time.perf_counter()
                p.write_frame(s, p.request(j + 1, method, params))
                while True:
                    f = p.read_frame(s)
                    if p.is_terminal(f):
                        break
                lat[i].append(time.perf_counter() - t0)
                if "error" in f:
                    errors.append(str(f["error"]))
        except Exception as exc:  # reported in the result
            errors.append(repr(exc))
        finally:
            s.close()

    threads = [threading.Thread(target=worker, args=(i,)) for i in range(clients)]
    for t in threads:
        t.start()
    barrier.wait()
    t0 = time.perf_counter()
    for t in threads:
        t.join()
    wall = time.perf_counter() - t0
    flat = [x for per in lat for x in per]
    return {
        "clients": clients,
        "requests": len(flat),
        "p50_ms": round(pct(flat, 0.5) * 1000, 3),
        "p99_ms": round(pct(flat, 0.99) * 1000, 3),
        "rps": round(len(flat) / wall, 1) if wall > 0 else None,
        "errors": errors[:5],
    }


def load_in_child(sock_path: str, method: str, clients: int, requests: int) -> dict[str, Any]:
    cmd = [
        sys.executable,
        str(Path(__file__).resolve()),
        "--load",
        method,
        "--socket",
        sock_path,
        "--clients",
        str(clients),
        "--requests",
        str(requests),
    ]
    out = subprocess.run(cmd, capture_output=True, text=True, timeout=300, check=True)
    return json.loads(out.stdout.strip().splitlines()[-1])


# -- the services -----------------------------------------------------------


def make_service(home: Path, n_files: int) -> tuple[Any, str, Any]:
    """(service, backend description, cleanup)."""
    from manoled.server import Service

    status = {
        "version": "bench",
        "paused": False,
        "indexing": {"done": 10, "total": 10, "rate": 0.0, "eta_s": None, "queue": 0},
        "counts": {"text": {"indexed": n_files}},
    }

    try:
        import dataclasses

        from manoled import app
        from manoled import paths as paths_mod
        from manoled.config import Config

        corpus = home / "corpus"
        corpus.mkdir(parents=True)
        topics = [
            "The plumber sent an invoice for fixing the kitchen sink; total 240 euros.",
            "Passport renewal appointment at the consulate, bring two photos.",
            "Tax return 2023: deductible donations and the home office allowance.",
            "Holiday in Lisbon: tram 28, pastéis de nata, the castle at sunset.",
            "Meeting notes: the budget for next quarter is frozen until review.",
            "Recipe: lemon cake with 200 g flour, 3 eggs, zest of two lemons.",
        ]
        for i in range(n_files):
            body = "\n\n".join(topics[(i + j) % len(topics)] + f" (note {i}.{j})" for j in range(4))
            (corpus / f"note_{i:03d}.txt").write_text(body, encoding="utf-8")
        paths = paths_mod.resolve(home=home / "manole")
        cfg = Config(roots=[str(corpus)])
        t0 = time.perf_counter()
        core = app.open_core(paths, cfg)
        core.indexer.index_paths([corpus])
        print(f"indexed {n_files} files in {time.perf_counter() - t0:.1f}s (real indexer)", flush=True)

        class RealSearch(Service):
            def status(self) -> dict[str, Any]:
                return status

            def search(self, query: str, k: int) -> dict[str, Any]:
                return {"hits": [dataclasses.asdict(h) for h in core.indexer.search(query, k)]}

        return RealSearch(), "real (manoled.indexer, all-MiniLM-L6-v2, LEANN IVF)", core.close
    except Exception as exc:
        print(f"real search unavailable ({type(exc).__name__}: {exc}); using a fake search", flush=True)

        class FakeSearch(Service):
            def status(self) -> dict[str, Any]:
                return status

            def search(self, query: str, k: int) -> dict[str, Any]:
                return {
                    "hits": [
                        {"passage_id": i, "score": 0.5, "text": query * 10, "path": f"/x/{i}.txt", "page": None}
                        for i in range(k)
                    ]
                }

        return FakeSearch(), f"fake ({type(exc).__name__})", lambda: None


def leann_serve_info() -> tuple[None, str]:
    exe = ROOT / ".venv" / "bin" / "leann"
    if not exe.exists():
        return None, "no .venv/bin/leann"
    return None, (
        "`leann serve` exists (an HTTP API on 127.0.0.1:8000) but is not compared: it serves a "
        "LEANN-built index over HTTP, not this daemon's catalog-backed search, and needs its own index build"
    )


# -- main -------------------------------------------------------------------


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="small run (< 1 min)")
    ap.add_argument("--load", choices=["status", "search"], help=argparse.SUPPRESS)
    ap.add_argument("--socket", help=argparse.SUPPRESS)
    ap.add_argument("--clients", type=int, default=1, help=argparse.SUPPRESS)
    ap.add_argument("--requests", type=int, default=100, help=argparse.SUPPRESS)
    args = ap.parse_args()

    if args.load:
        print(json.dumps(run_load(args.socket, args.load, args.clients, args.requests)))
        return

    from manoled.config import ServerConfig
    from manoled.server import Server

    tmp = Path(tempfile.mkdtemp(prefix="msb", dir="/tmp"))
    os.environ["MANOLE_HOME"] = str(tmp / "manole")
    n_files = 24 if args.quick else 120
    service, backend, cleanup = make_service(tmp, n_files)
    server = Server(service, ServerConfig(max_connections=256), tmp / "run" / "b.sock")
    server.start()
    sock_path = str(server.path)
    result: dict[str, Any] = {"bench": "socket_rtt", "quick": args.quick, "search_backend": backend}
    try:
        per_client = {1: 300, 10: 60, 50: 12} if args.quick else {1: 3000, 10: 600, 50: 120}
        status_runs = []
        for clients, reqs in per_client.items():
            r = load_in_child(sock_path, "status", clients, reqs)
            print(
                f"status  {clients:3d} clients: p50 {r['p50_ms']} ms  p99 {r['p99_ms']} ms  {r['rps']} req/s",
                flush=True,
            )
            status_runs.append(r)
        result["status"] = status_runs

        n_search = 40 if args.quick else 300
        for q in QUERIES:  # warm-up
            service.search(q, 5)

        def time_search() -> list[float]:
            out = []
            for i in range(n_search):
                t0 = time.perf_counter()
                service.search(QUERIES[i % len(QUERIES)], 5)
                out.append(time.perf_counter() - t0)
            return out

        # The server calls the service on a worker thread; time the in-process
        # search the same way (torch can be much slower on the main thread).
        with ThreadPoolExecutor(1) as pool:
            inproc = pool.submit(time_search).result()
        inproc_main = time_search()
        sock_r = load_in_child(sock_path, "search", 1, n_search)
        in_p50, in_p99 = pct(inproc, 0.5) * 1000, pct(inproc, 0.99) * 1000
        result["search"] = {
            "queries": n_search,
            "in_process_p50_ms": round(in_p50, 3),
            "in_process_p99_ms": round(in_p99, 3),
            "in_process_main_thread_p50_ms": round(pct(inproc_main, 0.5) * 1000, 3),
            "socket_p50_ms": sock_r["p50_ms"],
            "socket_p99_ms": sock_r["p99_ms"],
            "ratio_p50": round(sock_r["p50_ms"] / in_p50, 3) if in_p50 > 0 else None,
            "ratio_p99": round(sock_r["p99_ms"] / in_p99, 3) if in_p99 > 0 else None,
            "overhead_p50_ms": round(sock_r["p50_ms"] - in_p50, 3),
            "errors": sock_r["errors"],
        }
        print(
            f"search in-process p50 {in_p50:.3f} ms, socket p50 {sock_r['p50_ms']} ms "
            f"(ratio {result['search']['ratio_p50']})",
            flush=True,
        )
        leann, reason = leann_serve_info()
        result["leann_serve"] = leann
        result["leann_serve_reason"] = reason
        result["note"] = "server in this process (asyncio thread + rpc pool); clients in a child process"
    finally:
        server.stop()
        cleanup()
        shutil.rmtree(tmp, ignore_errors=True)
    print(json.dumps(result))


if __name__ == "__main__":
    main()
