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
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
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


LEANN_INDEX = "bench"
LEANN_DEPS_ENV = "MANOLE_BENCH_LEANN_PYTHONPATH"


def _tail(text: str, n: int = 300) -> str:
    lines = [ln for ln in text.strip().splitlines() if ln.strip() and not ln.startswith("INFO:faiss")]
    return " | ".join(lines[-3:])[-n:]


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _http(method: str, url: str, body: Any = None, timeout: float = 10.0) -> Any:
    data = None if body is None else json.dumps(body).encode()
    req = urllib.request.Request(url, data=data, method=method, headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=timeout) as resp:
        return json.loads(resp.read())


def _stop_group(proc: subprocess.Popen[bytes]) -> None:
    """End the `leann serve` process group: the server and the embedding daemon it spawns."""
    for sig, wait_s in ((signal.SIGTERM, 5.0), (signal.SIGKILL, 2.0)):
        try:
            os.killpg(proc.pid, sig)
        except ProcessLookupError:
            break
        deadline = time.monotonic() + wait_s
        while time.monotonic() < deadline:
            proc.poll()  # reap the group leader once it exits
            try:
                os.killpg(proc.pid, 0)
            except ProcessLookupError:
                return
            time.sleep(0.1)
    proc.poll()


def leann_serve_bench(
    corpus: Path, work: Path, n_queries: int, budget_s: float, extra_pythonpath: str | None
) -> tuple[dict[str, Any] | None, str | None]:
    """Build a LEANN HNSW index of ``corpus``, run `leann serve` on it and time searches over HTTP.

    Returns (result, None) or (None, reason). Never raises.
    """
    t_start = time.monotonic()

    def left() -> float:
        return budget_s - (time.monotonic() - t_start)

    exe = Path(sys.executable).parent / "leann"
    if not exe.exists():
        found = shutil.which("leann")
        if not found:
            return None, "`leann` CLI not installed (no leann next to the interpreter or on PATH)"
        exe = Path(found)
    try:
        from manoled.embed import bundled_model_path

        model = str(bundled_model_path())
    except Exception as exc:
        return None, f"bundled embedding model unavailable: {type(exc).__name__}: {exc}"

    home = work / "home"  # isolates ~/.leann (project list, embedding-daemon registry)
    home.mkdir(parents=True, exist_ok=True)
    env = dict(os.environ)
    env.update(
        HOME=str(home),
        HF_HUB_OFFLINE="1",
        TRANSFORMERS_OFFLINE="1",
        TOKENIZERS_PARALLELISM="false",
        LEANN_EMBEDDING_SERVER_HOST="127.0.0.1",
    )
    if extra_pythonpath:
        env["PYTHONPATH"] = os.pathsep.join(filter(None, [extra_pythonpath, env.get("PYTHONPATH")]))

    # `leann serve` needs leann-core's "server" extra (fastapi, uvicorn); check before building.
    try:
        chk = subprocess.run(
            [sys.executable, "-c", "import fastapi, uvicorn, leann.server"],
            env=env,
            capture_output=True,
            text=True,
            timeout=max(1.0, min(60.0, left())),
        )
    except subprocess.TimeoutExpired:
        return None, "timed out importing leann.server"
    if chk.returncode != 0:
        return None, (
            "`leann serve` cannot start: its HTTP dependencies are not installed ("
            + _tail(chk.stderr, 160)
            + "); install leann-core[server] (fastapi, uvicorn), or point "
            + f"{LEANN_DEPS_ENV}/--leann-pythonpath at a directory that holds them"
        )

    build_cmd = [
        str(exe),
        "build",
        LEANN_INDEX,
        "--docs",
        str(corpus),
        "--backend-name",
        "hnsw",
        "--no-recompute",
        "--no-compact",
        "--embedding-model",
        model,
        "--force",
    ]
    t0 = time.perf_counter()
    try:
        b = subprocess.run(build_cmd, cwd=work, env=env, capture_output=True, text=True, timeout=max(1.0, left()))
    except subprocess.TimeoutExpired:
        return None, f"`leann build` did not finish within the {budget_s:.0f}s LEANN budget"
    build_s = time.perf_counter() - t0
    if b.returncode != 0:
        return None, f"`leann build` exited {b.returncode}: {_tail(b.stderr or b.stdout)}"
    if not (work / ".leann" / "indexes" / LEANN_INDEX / "documents.leann.meta.json").exists():
        return None, f"`leann build` left no index: {_tail(b.stdout)}"
    print(f"leann build ({len(list(corpus.iterdir()))} files, hnsw, no-recompute) in {build_s:.1f}s", flush=True)

    port = _free_port()
    base = f"http://127.0.0.1:{port}"
    log_path = work / "leann_serve.log"
    proc: subprocess.Popen[bytes] | None = None

    def serve_log() -> str:
        try:
            return log_path.read_text(errors="replace")
        except OSError:
            return ""

    try:
        with open(log_path, "wb") as log:
            # Its own session/process group, so the embedding daemon it spawns dies with it.
            proc = subprocess.Popen(
                [str(exe), "serve", "--host", "127.0.0.1", "--port", str(port)],
                cwd=work,
                env=env,
                stdout=log,
                stderr=subprocess.STDOUT,
                start_new_session=True,
            )
        t0 = time.perf_counter()
        while True:
            if proc.poll() is not None:
                return None, f"`leann serve` exited {proc.returncode} before answering: {_tail(serve_log())}"
            if left() <= 0:
                return None, f"`leann serve` did not answer /health within the {budget_s:.0f}s LEANN budget"
            try:
                if _http("GET", base + "/health", timeout=1.0).get("status") == "ok":
                    break
            except (OSError, ValueError):
                time.sleep(0.1)
        startup_s = time.perf_counter() - t0
        names = [i.get("name") for i in _http("GET", base + "/indexes", timeout=10.0)]
        if LEANN_INDEX not in names:
            return None, f"`leann serve` does not list the built index (lists {names})"

        url = f"{base}/indexes/{LEANN_INDEX}/search"

        def search(q: str) -> list[Any]:
            # recompute_embeddings=False: search the stored embeddings (index built --no-recompute).
            body = {"query": q, "top_k": 5, "recompute_embeddings": False}
            return _http("POST", url, body, timeout=max(1.0, min(120.0, left())))

        # Warm-up: the first search spawns LEANN's embedding daemon and loads the model.
        t0 = time.perf_counter()
        first = search(QUERIES[0])
        first_s = time.perf_counter() - t0
        for q in QUERIES:
            search(q)
        print(f"leann serve up in {startup_s:.1f}s, first search {first_s:.1f}s (warm-up)", flush=True)
        if not isinstance(first, list) or not first:
            return None, f"`leann serve` returned no hits for {QUERIES[0]!r}: {str(first)[:200]}"

        lat: list[float] = []
        hits = 0
        for i in range(n_queries):
            if left() <= 0:
                return None, f"LEANN budget of {budget_s:.0f}s ran out after {i} of {n_queries} timed searches"
            t0 = time.perf_counter()
            r = search(QUERIES[i % len(QUERIES)])
            lat.append(time.perf_counter() - t0)
            hits += len(r)
        return {
            "p50_ms": round(pct(lat, 0.5) * 1000, 3),
            "p99_ms": round(pct(lat, 0.99) * 1000, 3),
            "queries": n_queries,
            "mean_hits": round(hits / n_queries, 2),
            "build_s": round(build_s, 2),
            "startup_s": round(startup_s, 2),
            "first_search_s": round(first_s, 2),
        }, None
    except urllib.error.HTTPError as exc:
        detail = exc.read()[:200].decode(errors="replace")
        return None, f"`leann serve` answered HTTP {exc.code}: {detail}"
    except Exception as exc:
        return None, f"`leann serve` failed: {type(exc).__name__}: {exc}; log: {_tail(serve_log())}"
    finally:
        if proc is not None:
            _stop_group(proc)


# -- main -------------------------------------------------------------------


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="small run (< 1 min)")
    ap.add_argument(
        "--leann-pythonpath",
        default=os.environ.get(LEANN_DEPS_ENV) or None,
        help=f"extra PYTHONPATH for `leann serve` when its fastapi/uvicorn are installed elsewhere "
        f"(default: ${LEANN_DEPS_ENV})",
    )
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
        # LEANN's own HTTP server on an index of the same corpus files, same queries, side by side.
        corpus = tmp / "corpus"
        if not backend.startswith("real") or not corpus.is_dir():
            leann, reason = None, f"not compared: manoled search is {backend}, so there is no same-corpus index"
        else:
            budget = 40.0 if args.quick else 300.0
            leann, reason = leann_serve_bench(corpus, tmp / "leann", n_search, budget, args.leann_pythonpath)
        if leann is not None:
            sock_p50, sock_p99 = sock_r["p50_ms"], sock_r["p99_ms"]
            leann["manoled_socket_p50_ms"] = sock_p50
            leann["manoled_socket_p99_ms"] = sock_p99
            leann["ratio_p50_vs_manoled_socket"] = round(leann["p50_ms"] / sock_p50, 3) if sock_p50 > 0 else None
            leann["ratio_p99_vs_manoled_socket"] = round(leann["p99_ms"] / sock_p99, 3) if sock_p99 > 0 else None
            leann["note"] = (
                "`leann serve` (FastAPI/uvicorn) on a LEANN HNSW index of the same corpus files "
                "(leann build --no-recompute --no-compact, bundled all-MiniLM-L6-v2), top_k 5, "
                "recompute_embeddings=false; one client, sequential, a new loopback HTTP connection per "
                "request (urllib). LEANN's server opens the index for every request and its searcher "
                "warm-up pings an embedding daemon it spawns; both are part of what is timed. manoled: "
                "its IVF index over the same files, one persistent Unix-socket client."
            )
            print(
                f"leann serve p50 {leann['p50_ms']} ms p99 {leann['p99_ms']} ms vs manoled socket "
                f"p50 {sock_p50} ms p99 {sock_p99} ms (ratio p50 {leann['ratio_p50_vs_manoled_socket']})",
                flush=True,
            )
        else:
            print(f"leann serve not compared: {reason}", flush=True)
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
