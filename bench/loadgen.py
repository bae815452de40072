"""Load generator: ``status`` from many concurrent clients against the real daemon, quiet and while indexing.

    .venv/bin/python bench/loadgen.py [--quick] [--root DIR ...] [--procs 5] [--conns 10] [--seconds 6]

One Python client process on two cores cannot keep 50 connections busy (it is the bottleneck,
not the daemon), so the 50 clients are spread over ``--procs`` processes of ``--conns``
connections each (5 x 10 by default); each process drives its connections from one epoll loop
(non-blocking sockets, pre-encoded requests, one request in flight per connection, no think time).

For each ``--root`` (a checkout of the repository: the daemon runs from that code, so two roots
compare a baseline and a change side by side in one run) the daemon starts on a small folder
(``manoled run``, real catalog, real ONNX MiniLM embedder, captioning off) and, once it is idle:

* ``quiet``: the clients poll ``status`` for ``--seconds``;
* ``loaded``: a folder of ``--files`` text files is added over the socket and the clients poll
  while the daemon indexes it (``indexing_throughout`` says whether it was still indexing at the end).

Reported per phase: requests, p50/p99/max latency (ms), requests/s, the daemon's CPU per request
(µs, from ``/proc/<pid>/stat``: the whole process, so in ``loaded`` indexing is included) and the CPU
per request of its busiest thread in ``quiet`` (the event loop; the same thread is read in
``loaded``). The last line of output is one JSON object.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import selectors
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "client"))

from manole_client import protocol as p  # noqa: E402

WORDS = ("invoice budget meeting project garden recipe travel contract report tomato river mountain engine "
         "software design library window bridge market energy solar battery music guitar ocean forest").split()
TICK = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100


def pct(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    s = sorted(values)
    return s[min(len(s) - 1, max(0, int(round(q * (len(s) - 1)))))]


# -- one client process ---------------------------------------------------------


def worker(sock_path: str, conns: int, start: float, end: float) -> dict[str, Any]:
    """``conns`` connections, one ``status`` in flight on each, from ``start`` to ``end`` (time.time())."""
    frames = [p.encode_frame(p.request(rid, "status")) for rid in range(1, 257)]
    ok_head = b"\x82\xa2id"
    sel = selectors.DefaultSelector()
    socks = []
    for i in range(conns):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.connect(sock_path)
        s.setblocking(False)
        socks.append(s)
        sel.register(s, selectors.EVENT_READ, i)
    bufs = [bytearray() for _ in range(conns)]
    sent_at = [0.0] * conns
    n_sent = [0] * conns
    lat: list[float] = []
    errors: list[str] = []
    wait = start - time.time()
    if wait > 0:
        time.sleep(wait)
    t_end = time.perf_counter() + (end - time.time())
    counting = True

    def send(i: int) -> None:
        sent_at[i] = time.perf_counter()
        socks[i].send(frames[n_sent[i] % 256])
        n_sent[i] += 1

    for i in range(conns):
        send(i)
    active = conns
    while active:
        for key, _ in sel.select(5.0):
            i = key.data
            s = socks[i]
            try:
                data = s.recv(1 << 16)
            except BlockingIOError:
                continue
            if not data:
                errors.append("closed by the daemon")
                sel.unregister(s)
                active -= 1
                continue
            buf = bufs[i]
            buf += data
            if len(buf) < 4:
                continue
            (length,) = p.HEADER.unpack_from(buf)
            if len(buf) < 4 + length:
                continue
            now = time.perf_counter()
            body = bytes(buf[4:4 + length])
            del buf[:4 + length]
            if not body.startswith(ok_head) or b"\xa6result" not in body[:16]:
                if len(errors) < 5:
                    errors.append(str(p.unpack(body))[:200])
            if counting:
                lat.append(now - sent_at[i])
            if now >= t_end:
                counting = False
                sel.unregister(s)
                active -= 1
                continue
            send(i)
    for s in socks:
        s.close()
    return {"lat_us": [round(x * 1e6) for x in lat], "errors": errors}


def spawn_workers(sock: Path, procs: int, conns: int, start: float, end: float) -> list[subprocess.Popen[str]]:
    cmd = [sys.executable, str(Path(__file__).resolve()), "--worker", "--socket", str(sock),
           "--conns", str(conns), "--start", repr(start), "--end", repr(end)]
    return [subprocess.Popen(cmd, stdout=subprocess.PIPE, text=True) for _ in range(procs)]


# -- the daemon -------------------------------------------------------------------


def cpu_ticks(pid: int, tid: int | None = None) -> int:
    path = f"/proc/{pid}/task/{tid}/stat" if tid else f"/proc/{pid}/stat"
    with open(path) as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return int(fields[11]) + int(fields[12])  # utime + stime


def thread_ticks(pid: int) -> dict[int, int]:
    out = {}
    for t in os.listdir(f"/proc/{pid}/task"):
        try:
            out[int(t)] = cpu_ticks(pid, int(t))
        except (OSError, ValueError, IndexError):
            pass
    return out


def thread_nice(pid: int, tid: int) -> int | None:
    try:
        with open(f"/proc/{pid}/task/{tid}/stat") as f:
            return int(f.read().rsplit(")", 1)[1].split()[16])
    except (OSError, ValueError, IndexError):
        return None


def write_files(folder: Path, n: int, seed: int) -> None:
    rng = random.Random(seed)
    for i in range(n):
        sub = folder / f"d{i % 13:02d}"
        sub.mkdir(parents=True, exist_ok=True)
        text = f"Document {i}. "
        size = rng.randint(1500, 2300)
        while len(text) < size:
            text += " ".join(rng.choice(WORDS) for _ in range(rng.randint(6, 14))).capitalize() + f" {i}. "
        (sub / f"note{i:05d}.txt").write_text(text)


class Daemon:
    """``manoled run`` from the code in ``root``, with its own MANOLE_HOME."""

    def __init__(self, root: Path, home: Path, folder: Path) -> None:
        self.home = home
        (home / "config").mkdir(parents=True)
        (home / "config" / "config.toml").write_text(
            '[index]\nembedding_backend = "onnx"\n[caption]\nenabled = false\n')
        self.sock = home / "run" / "manoled.sock"
        env = dict(os.environ, MANOLE_HOME=str(home), HF_HUB_OFFLINE="1",
                   PYTHONPATH=os.pathsep.join([str(root), str(root / "client")]))
        code = "import sys; from manoled.cli import main; sys.argv[0] = 'manoled'; sys.exit(main())"
        self.log = open(home / "daemon.log", "wb")
        self.proc = subprocess.Popen([sys.executable, "-c", code, "run", str(folder)], env=env, cwd=str(root),
                                     stdout=self.log, stderr=subprocess.STDOUT)

    def call(self, method: str, params: dict[str, Any] | None = None) -> Any:
        with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as s:
            s.settimeout(60)
            s.connect(str(self.sock))
            p.write_frame(s, p.request(1, method, params))
            while True:
                f = p.read_frame(s)
                if p.is_terminal(f):
                    if "error" in f:
                        raise RuntimeError(f"{method}: {f['error']}")
                    return f["result"]

    def until(self, pred: Any, timeout: float, what: str) -> None:
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            if self.proc.poll() is not None:
                raise RuntimeError(f"the daemon exited ({self.proc.returncode}); see {self.home / 'daemon.log'}")
            try:
                if pred():
                    return
            except (OSError, RuntimeError, EOFError):
                pass
            time.sleep(0.1)
        raise TimeoutError(f"the daemon did not get there: {what}")

    def state(self) -> str:
        return self.call("status")["indexing"]["state"]

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(60)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        self.log.close()


def phase(d: Daemon, procs: int, conns: int, seconds: float, loop_tid: int | None) -> dict[str, Any]:
    return measure(d.sock, d.proc.pid, procs, conns, seconds, loop_tid)


def measure(sock: Path, pid: int, procs: int = 5, conns: int = 10, seconds: float = 4.0,
            loop_tid: int | None = None) -> dict[str, Any]:
    """``procs`` x ``conns`` clients poll status on ``sock`` for ``seconds``; the CPU of the server
    process ``pid`` is read over the same window. (bench/scale.py and bench/socket_rtt.py use it too.)"""
    start = time.time() + 1.0 + 0.1 * procs  # the workers start and connect first
    end = start + seconds
    workers = spawn_workers(sock, procs, conns, start, end)
    time.sleep(max(0.0, start - time.time()))
    cpu0, threads0 = cpu_ticks(pid), thread_ticks(pid)
    time.sleep(max(0.0, end - time.time()))
    cpu1, threads1 = cpu_ticks(pid), thread_ticks(pid)
    lat: list[float] = []
    errors: list[str] = []
    for w in workers:
        out, _ = w.communicate(timeout=120)
        r = json.loads(out.strip().splitlines()[-1])
        lat.extend(x / 1000 for x in r["lat_us"])
        errors.extend(r["errors"])
    busiest = max(threads1, key=lambda t: threads1[t] - threads0.get(t, 0)) if threads1 else None
    tid = loop_tid or busiest
    n = max(1, len(lat))
    used = sorted(((threads1[t] - threads0.get(t, 0), t) for t in threads1), reverse=True)[:5]
    return {
        "clients": procs * conns, "requests": len(lat),
        "p50_ms": round(pct(lat, 0.5), 3), "p99_ms": round(pct(lat, 0.99), 3), "max_ms": round(max(lat, default=0), 3),
        "rps": round(len(lat) / seconds, 1),
        "server_cpu_us_per_req": round((cpu1 - cpu0) / TICK * 1e6 / n, 1),
        "loop_thread_cpu_us_per_req": (round((threads1.get(tid, 0) - threads0.get(tid, 0)) / TICK * 1e6 / n, 1)
                                       if tid else None),
        "loop_tid": tid,
        # the daemon's busiest threads over the window: [tid, nice, share of one core]
        "threads": [[t, thread_nice(pid, t), round(d / TICK / seconds, 2)] for d, t in used],
        "errors": errors[:5],
    }


def run_root(root: Path, work: Path, tag: str, big: Path, args: argparse.Namespace) -> dict[str, Any]:
    small = work / f"small-{tag}"
    write_files(small, 20, seed=1)
    d = Daemon(root, work / f"home-{tag}", small)
    try:
        d.until(lambda: d.sock.exists() and d.call("hello"), 300, "serving")
        d.until(lambda: d.state() == "idle" and d.call("status")["passages"] > 0, 300, "the small folder indexed")
        quiet = phase(d, args.procs, args.conns, args.seconds, None)
        print(f"{tag} quiet : p50 {quiet['p50_ms']} ms  p99 {quiet['p99_ms']} ms  {quiet['rps']} req/s  "
              f"server {quiet['server_cpu_us_per_req']} µs/req (loop thread {quiet['loop_thread_cpu_us_per_req']})",
              flush=True)
        d.call("folders.add", {"path": str(big)})
        d.until(lambda: d.state() == "indexing", 60, "indexing the big folder")
        loaded = phase(d, args.procs, args.conns, args.seconds, quiet["loop_tid"])
        loaded["indexing_throughout"] = d.state() == "indexing"
        print(f"{tag} loaded: p50 {loaded['p50_ms']} ms  p99 {loaded['p99_ms']} ms  {loaded['rps']} req/s  "
              f"server {loaded['server_cpu_us_per_req']} µs/req incl. indexing "
              f"(loop thread {loaded['loop_thread_cpu_us_per_req']}); "
              f"indexing throughout: {loaded['indexing_throughout']}", flush=True)
        return {"root": str(root), "quiet": quiet, "loaded": loaded}
    finally:
        d.stop()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--quick", action="store_true", help="shorter phases, one root: under a minute")
    ap.add_argument("--root", action="append", type=Path,
                    help="run the daemon from this checkout (repeatable; default: this one)")
    ap.add_argument("--procs", type=int, default=5)
    ap.add_argument("--conns", type=int, default=10)
    ap.add_argument("--seconds", type=float, default=None, help="per phase (default 4 quick, 10 full)")
    ap.add_argument("--files", type=int, default=None, help="files indexed in the loaded phase")
    ap.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    ap.add_argument("--socket", help=argparse.SUPPRESS)
    ap.add_argument("--start", type=float, help=argparse.SUPPRESS)
    ap.add_argument("--end", type=float, help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.worker:
        print(json.dumps(worker(args.socket, args.conns, args.start, args.end)))
        return
    args.seconds = args.seconds or (4.0 if args.quick else 10.0)
    files = args.files or (1500 if args.quick else 4000)
    roots = [r.resolve() for r in (args.root or [ROOT])]
    work = Path(tempfile.mkdtemp(prefix="mlg-", dir="/tmp"))
    try:
        big = work / "big"
        write_files(big, files, seed=2)
        runs = []
        for i, root in enumerate(roots):
            runs.append(run_root(root, work, f"r{i}", big, args))
    finally:
        shutil.rmtree(work, ignore_errors=True)
    out: dict[str, Any] = {"bench": "loadgen", "quick": args.quick, "clients": args.procs * args.conns,
                           "procs": args.procs, "conns_per_proc": args.conns, "seconds": args.seconds,
                           "loaded_files": files, "runs": runs,
                           "status_p99_ms_50_clients": runs[-1]["quiet"]["p99_ms"],
                           "status_p99_ms_50_clients_loaded": runs[-1]["loaded"]["p99_ms"]}
    if len(runs) > 1:
        a, b = runs[0], runs[-1]
        out["ratio_last_to_first"] = {
            f"{ph}_{k}": round(b[ph][k] / a[ph][k], 3) if a[ph][k] else None
            for ph in ("quiet", "loaded") for k in ("p50_ms", "p99_ms", "server_cpu_us_per_req",
                                                    "loop_thread_cpu_us_per_req")}
    print(json.dumps(out))


if __name__ == "__main__":
    main()
