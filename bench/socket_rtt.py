"""Socket round-trip benchmark for the manoled server.

Measures:

* ``status`` round trips with 1, 10 and 50 concurrent clients: p50/p99 latency and
  requests per second (50 clients: bench/loadgen.py's 5 client processes x 10 connections,
  which also report this process's CPU per request);
* ``search`` over the socket against the same search called in-process: p50/p99 and
  the ratio socket/in-process.

The server runs in this process with a bench service. When the indexing stack is
importable, search is real: a small corpus is indexed into a temporary
MANOLE_HOME. Otherwise a fake search is used, and ``search_backend`` says so. The
load (the clients) runs in a child process so that clients and server do not share a
GIL. Progress is printed as it goes; the LAST line of stdout is one JSON object.

* ``leann_serve``: LEANN's own HTTP server (``leann serve``) answering the same
  searches side by side: ``leann build`` (HNSW, --no-recompute) of the same corpus files
  into a temporary project, ``leann serve`` on a free 127.0.0.1 port, the same queries
  over HTTP with recompute_embeddings=false; p50/p99 and the ratio to manoled's socket
  search. The build overlaps manoled's own indexing (so the "indexed ... in" line is
  slower than alone) but nothing timed overlaps it. ``leann serve`` needs leann-core's
  ``server`` extra (fastapi, uvicorn); without it, or on any failure, ``leann_serve`` is
  null and ``leann_serve_reason`` says why. ``--leann-pythonpath DIR`` (or
  $MANOLE_BENCH_LEANN_PYTHONPATH) adds DIR to ``leann serve``'s PYTHONPATH, for those
  dependencies installed outside the venv (``pip install --target DIR``).

    .venv/bin/python bench/socket_rtt.py [--quick] [--leann-pythonpath DIR]
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

from manole_client import protocol as p  # noqa: E402

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


def write_corpus(corpus: Path, n_files: int) -> None:
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


def make_service(home: Path, n_files: int) -> tuple[Any, str, Any]:
    """(service, backend description, cleanup)."""
    from manoled.serve.service import Service

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
        if not corpus.is_dir():
            write_corpus(corpus, n_files)
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

        return RealSearch(), "real (manoled.index.pipeline, all-MiniLM-L6-v2, LEANN IVF)", core.close
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


def _group_alive(pgid: int) -> bool:
    """Whether any process of group ``pgid`` is alive (zombies, which wait to be reaped, do not count)."""
    try:
        os.killpg(pgid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    proc_dir = Path("/proc")
    if not proc_dir.is_dir():
        return True
    for stat in proc_dir.glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except (OSError, IndexError):
            continue
        if len(fields) > 2 and fields[2] == str(pgid) and fields[0] != "Z":
            return True
    return False


def _stop_group(proc: subprocess.Popen[bytes]) -> None:
    """End a process group started with start_new_session: `leann serve` and the embedding
    daemon it spawns, or `leann build`."""
    for sig, wait_s in ((signal.SIGTERM, 1.0), (signal.SIGKILL, 2.0)):
        try:
            os.killpg(proc.pid, sig)
        except ProcessLookupError:
            break
        deadline = time.monotonic() + wait_s
        while time.monotonic() < deadline:
            proc.poll()  # reap the group leader once it exits
            if not _group_alive(proc.pid):
                proc.poll()
                return
            time.sleep(0.05)
    proc.poll()


class LeannServeBench:
    """LEANN's own HTTP server (`leann serve`) on a LEANN IVF index (the backend the project installs) of the same corpus files.

    ``start()`` checks the install and launches ``leann build`` in the background (it can
    overlap manoled's own indexing; ``wait_built()`` is called before anything is timed);
    ``run()`` starts the server, warms it up and times the searches over HTTP; ``close()``
    always ends every process this started. Failures become a reason string, never an
    exception.
    """

    def __init__(self, corpus: Path, work: Path, budget_s: float, extra_pythonpath: str | None) -> None:
        self.corpus, self.work, self.budget_s = corpus, work, budget_s
        self.extra_pythonpath = extra_pythonpath
        self.t_start = time.monotonic()
        self.reason: str | None = None
        self.build: subprocess.Popen[bytes] | None = None
        self.serve: subprocess.Popen[bytes] | None = None
        self.t_build = 0.0
        self.build_s: float | None = None
        self.stage = ""
        self.env: dict[str, str] = {}
        self.exe = Path()

    def left(self) -> float:
        return self.budget_s - (time.monotonic() - self.t_start)

    def _log(self, name: str) -> str:
        try:
            return (self.work / name).read_text(errors="replace")
        except OSError:
            return ""

    def start(self) -> None:
        try:
            self.reason = self._start()
        except Exception as exc:
            self.reason = f"could not start `leann build`: {type(exc).__name__}: {exc}"

    def _start(self) -> str | None:
        exe = Path(sys.executable).parent / "leann"
        if not exe.exists():
            found = shutil.which("leann")
            if not found:
                return "`leann` CLI not installed (no leann next to the interpreter or on PATH)"
            exe = Path(found)
        self.exe = exe
        try:
            from manoled.index.embed import bundled_model_path

            model = str(bundled_model_path())
        except Exception as exc:
            return f"bundled embedding model unavailable: {type(exc).__name__}: {exc}"

        home = self.work / "home"  # isolates ~/.leann (project list, embedding-daemon registry)
        home.mkdir(parents=True, exist_ok=True)
        env = dict(os.environ)
        env.update(
            HOME=str(home),
            HF_HUB_OFFLINE="1",
            TRANSFORMERS_OFFLINE="1",
            TOKENIZERS_PARALLELISM="false",
            LEANN_EMBEDDING_SERVER_HOST="127.0.0.1",
        )
        if self.extra_pythonpath:
            env["PYTHONPATH"] = os.pathsep.join(filter(None, [self.extra_pythonpath, env.get("PYTHONPATH")]))
        self.env = env

        # `leann serve` needs leann-core's "server" extra (fastapi, uvicorn): check before building.
        try:
            chk = subprocess.run(
                [sys.executable, "-c", "import fastapi, uvicorn"],
                env=env,
                capture_output=True,
                text=True,
                timeout=30,
            )
        except subprocess.TimeoutExpired:
            return "timed out importing fastapi/uvicorn for `leann serve`"
        if chk.returncode != 0:
            return (
                "`leann serve` cannot start: its HTTP dependencies are not installed ("
                + (chk.stderr.strip().splitlines() or ["?"])[-1][:160]
                + "); install leann-core[server] (fastapi, uvicorn), or point "
                + f"{LEANN_DEPS_ENV} / --leann-pythonpath at a directory that holds them"
            )

        cmd = [
            str(exe),
            "build",
            LEANN_INDEX,
            "--docs",
            str(self.corpus),
            "--backend-name",
            "ivf",
            "--no-recompute",
            "--no-compact",
            "--embedding-model",
            model,
            "--force",
        ]
        self.t_build = time.perf_counter()
        with open(self.work / "leann_build.log", "wb") as log:
            self.build = subprocess.Popen(
                cmd, cwd=self.work, env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True
            )
        return None

    def wait_built(self) -> None:
        """Block until `leann build` is done (so that it does not overlap any timing)."""
        if self.reason is not None or self.build is None or self.build_s is not None:
            return
        try:
            rc = self.build.wait(timeout=max(1.0, self.left()))
        except subprocess.TimeoutExpired:
            self.reason = f"`leann build` did not finish within the {self.budget_s:.0f}s LEANN budget"
            _stop_group(self.build)
            return
        self.build_s = time.perf_counter() - self.t_build
        if rc != 0:
            self.reason = f"`leann build` exited {rc}: {_tail(self._log('leann_build.log'))}"
        elif not (self.work / ".leann" / "indexes" / LEANN_INDEX / "documents.leann.meta.json").exists():
            self.reason = f"`leann build` left no index: {_tail(self._log('leann_build.log'))}"
        else:
            n = len(list(self.corpus.iterdir()))
            print(f"leann build ({n} files, ivf, no-recompute) done in {self.build_s:.1f}s", flush=True)

    def run(self, n_queries: int) -> tuple[dict[str, Any] | None, str | None]:
        self.wait_built()
        if self.reason is not None:
            return None, self.reason
        # The budget counts LEANN's own phases only: the build, then from here on.
        self.t_start = time.monotonic() - (self.build_s or 0.0)
        self.stage = "starting `leann serve`"
        try:
            return self._run(n_queries)
        except urllib.error.HTTPError as exc:
            detail = exc.read()[:200].decode(errors="replace")
            return None, f"`leann serve` answered HTTP {exc.code} while {self.stage}: {detail}"
        except TimeoutError as exc:
            return None, (
                f"`leann serve` timed out while {self.stage} ({exc}; LEANN budget {self.budget_s:.0f}s, "
                f"{max(0.0, self.left()):.1f}s left)"
            )
        except Exception as exc:
            log_tail = _tail(self._log("leann_serve.log"))
            return None, f"`leann serve` failed while {self.stage}: {type(exc).__name__}: {exc}; log: {log_tail}"

    def _run(self, n_queries: int) -> tuple[dict[str, Any] | None, str | None]:
        port = _free_port()
        base = f"http://127.0.0.1:{port}"
        with open(self.work / "leann_serve.log", "wb") as log:
            # Its own session/process group, so the embedding daemon it spawns ends with it.
            self.serve = subprocess.Popen(
                [str(self.exe), "serve", "--host", "127.0.0.1", "--port", str(port)],
                cwd=self.work,  # `leann serve` finds indexes under ./.leann/indexes
                env=self.env,
                stdout=log,
                stderr=subprocess.STDOUT,
                start_new_session=True,
            )
        t0 = time.perf_counter()
        while True:
            if self.serve.poll() is not None:
                log_tail = _tail(self._log("leann_serve.log"))
                return None, f"`leann serve` exited {self.serve.returncode} before answering: {log_tail}"
            if self.left() <= 0:
                return None, f"`leann serve` did not answer /health within the {self.budget_s:.0f}s LEANN budget"
            try:
                if _http("GET", base + "/health", timeout=1.0).get("status") == "ok":
                    break
            except (OSError, ValueError):
                time.sleep(0.1)
        startup_s = time.perf_counter() - t0
        self.stage = "listing indexes (GET /indexes)"
        names = [i.get("name") for i in _http("GET", base + "/indexes", timeout=10.0)]
        if LEANN_INDEX not in names:
            return None, f"`leann serve` does not list the built index (lists {names})"

        url = f"{base}/indexes/{LEANN_INDEX}/search"

        def search(q: str) -> list[Any]:
            # recompute_embeddings=False: search the stored embeddings (index built --no-recompute).
            body = {"query": q, "top_k": 5, "recompute_embeddings": False}
            return _http("POST", url, body, timeout=max(1.0, min(120.0, self.left())))

        # Warm-up: the first search spawns LEANN's embedding daemon and loads the model.
        self.stage = "answering the first (warm-up) search"
        t0 = time.perf_counter()
        first = search(QUERIES[0])
        first_s = time.perf_counter() - t0
        if not isinstance(first, list) or not first:
            return None, f"`leann serve` returned no hits for {QUERIES[0]!r}: {str(first)[:200]}"
        self.stage = "answering the warm-up searches"
        for q in QUERIES:
            search(q)
        print(f"leann serve up in {startup_s:.1f}s, first search {first_s:.1f}s (warm-up)", flush=True)

        self.stage = "answering the timed searches"
        lat: list[float] = []
        hits = 0
        for i in range(n_queries):
            if self.left() <= 0:
                return None, f"LEANN budget of {self.budget_s:.0f}s ran out after {i} of {n_queries} timed searches"
            t0 = time.perf_counter()
            r = search(QUERIES[i % len(QUERIES)])
            lat.append(time.perf_counter() - t0)
            hits += len(r)
        return {
            "p50_ms": round(pct(lat, 0.5) * 1000, 3),
            "p99_ms": round(pct(lat, 0.99) * 1000, 3),
            "queries": n_queries,
            "mean_hits": round(hits / n_queries, 2),
            "build_s": round(self.build_s or 0.0, 2),
            "startup_s": round(startup_s, 2),
            "first_search_s": round(first_s, 2),
        }, None

    def close(self) -> None:
        if self.build is not None and self.build.poll() is None:
            _stop_group(self.build)
        if self.serve is not None:  # always: the embedding daemon can outlive the server
            t0 = time.perf_counter()
            _stop_group(self.serve)
            print(f"leann serve stopped in {time.perf_counter() - t0:.1f}s", flush=True)


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
    from manoled.serve.server import Server

    tmp = Path(tempfile.mkdtemp(prefix="msb", dir="/tmp"))
    os.environ["MANOLE_HOME"] = str(tmp / "manole")
    n_files = 104 if args.quick else 120  # LEANN's IVF trains 100 lists: at least 100 chunks
    corpus = tmp / "corpus"
    write_corpus(corpus, n_files)
    # LEANN's `leann build` of the same files runs while manoled indexes them (setup only;
    # it is waited for before anything is timed).
    (tmp / "leann").mkdir()
    leann_bench = LeannServeBench(corpus, tmp / "leann", 40.0 if args.quick else 300.0, args.leann_pythonpath)
    leann_bench.start()
    server = None
    cleanup: Any = None
    try:
        service, backend, cleanup = make_service(tmp, n_files)
        leann_bench.wait_built()
        server = Server(service, ServerConfig(max_connections=256), tmp / "run" / "b.sock")
        server.start()
        sock_path = str(server.path)
        result: dict[str, Any] = {"bench": "socket_rtt", "quick": args.quick, "search_backend": backend}
        per_client = {1: 300, 10: 60, 50: 12} if args.quick else {1: 3000, 10: 600, 50: 120}
        status_runs = []
        for clients, reqs in per_client.items():
            if clients == 50:  # one Python client process cannot keep 50 connections busy: loadgen's 5 x 10
                from loadgen import measure

                r = measure(Path(sock_path), os.getpid(), 5, 10, 3.0 if args.quick else 8.0)
            else:
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
        if not backend.startswith("real"):
            leann, reason = None, f"not compared: manoled search is {backend}, so there is no same-corpus index"
        else:
            leann, reason = leann_bench.run(n_search)
        if leann is not None:
            sock_p50, sock_p99 = sock_r["p50_ms"], sock_r["p99_ms"]
            leann["manoled_socket_p50_ms"] = sock_p50
            leann["manoled_socket_p99_ms"] = sock_p99
            leann["ratio_p50_vs_manoled_socket"] = round(leann["p50_ms"] / sock_p50, 3) if sock_p50 > 0 else None
            leann["ratio_p99_vs_manoled_socket"] = round(leann["p99_ms"] / sock_p99, 3) if sock_p99 > 0 else None
            leann["note"] = (
                "`leann serve` (FastAPI/uvicorn) on a LEANN IVF index (the backend the project installs) of the same corpus files "
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
        leann_bench.close()
        if server is not None:
            server.stop()
        if cleanup is not None:
            cleanup()
        shutil.rmtree(tmp, ignore_errors=True)
    print(json.dumps(result))


if __name__ == "__main__":
    main()
