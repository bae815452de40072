"""How fast a real daemon lets go of the model, and how fair it stays under a flood.

A ``manoled run`` subprocess in a temporary MANOLE_HOME indexes a few files and
answers with the text model it finds (the tiny fallback on a bare machine). Measured:

* ``cancel_to_free_s``: per phase of an ask (``rewrite``: before the rewrite step
  arrives, while the model rewrites the question; ``tool_choice``: right after the
  rewrite step, while the model picks a tool; ``generation``: after the first
  ``tool_result``, while the answer is generated), the time from sending ``cancel`` to
  the model being free again (``status.asks_queued`` back to 0);
* ``disconnect_to_free_s``: the same when the client closes its connection mid-generation;
* ``sigterm_to_exit_s``: SIGTERM sent while the model works on an ask (choosing a tool,
  right after the rewrite step), until the process has exited;
* ``status_under_flood``: another client's ``status`` latency (p50/max, ms) while one
  connection pipelines N searches, next to the same status latency with no flood.

Progress goes to stderr; the LAST line of stdout is one JSON object.

    .venv/bin/python bench/cancel_latency.py [--quick]
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from manole_client import protocol as p  # noqa: E402

MANOLED = str(Path(sys.executable).with_name("manoled"))
QUESTION = "what did the landlord say about the deposit for the flat?"  # factual: the model rewrites it
QUICK_QUESTION = "list the files about the deposit for the flat"  # "list": rewritten without the model


def log(msg: str) -> None:
    print(msg, file=sys.stderr, flush=True)


class Conn:
    def __init__(self, sock_path: Path) -> None:
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.sock.settimeout(600)
        self.sock.connect(str(sock_path))
        self.next_id = 0

    def send(self, method: str, params: dict[str, Any] | None = None) -> int:
        self.next_id += 1
        p.write_frame(self.sock, p.request(self.next_id, method, params))
        return self.next_id

    def call(self, method: str, params: dict[str, Any] | None = None) -> dict[str, Any]:
        rid = self.send(method, params)
        while True:
            f = p.read_frame(self.sock)
            if f.get("id") == rid and p.is_terminal(f):
                return f

    def close(self) -> None:
        self.sock.close()


def wait(pred, timeout: float, what: str, interval: float = 0.005) -> None:
    deadline = time.monotonic() + timeout
    while not pred():
        if time.monotonic() > deadline:
            raise SystemExit(f"timed out waiting for {what}")
        time.sleep(interval)


def start_daemon(home: Path, docs: Path) -> tuple[subprocess.Popen, Path]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("LISTEN_", "NOTIFY_", "WATCHDOG_"))}
    env.update({"MANOLE_HOME": str(home), "HF_HUB_OFFLINE": "1"})
    # the model must run for there to be something to cancel: the tiny fallback is made to drive the
    # tool loop (agent.tier), as a capable model would; on its own tier the planner answers without it
    (home / "config").mkdir(parents=True, exist_ok=True)
    (home / "config" / "config.toml").write_text('[agent]\ntier = "tools"\n')
    proc = subprocess.Popen([MANOLED, "run", str(docs)], env=env, stdout=subprocess.DEVNULL,
                            stderr=open(home.parent / "daemon.log", "wb"))  # noqa: SIM115
    sock = home / "run" / "manoled.sock"

    def up() -> bool:
        if proc.poll() is not None:
            raise SystemExit((home.parent / "daemon.log").read_text(errors="replace"))
        try:
            c = Conn(sock)
            try:
                st = c.call("status")["result"]
            finally:
                c.close()
        except OSError:
            return False
        return st["counts"].get("text", {}).get("indexed", 0) >= 3  # the model loads on the first ask

    wait(up, 600, "the daemon and the index", interval=0.2)
    return proc, sock


def model_free(watch: Conn) -> bool:
    return watch.call("status")["result"].get("asks_queued", 1) == 0


def cancel_in_phase(sock: Path, phase: str, how: str = "cancel") -> float | None:
    """Start an ask, cancel (or disconnect) in ``phase``; seconds until the model is free."""
    watch, c = Conn(sock), Conn(sock)
    try:
        wait(lambda: model_free(watch), 600, "the model to be free")
        rid = c.send("ask", {"text": QUESTION if phase == "rewrite" else QUICK_QUESTION})
        kinds: list[str] = []

        def reached() -> bool:
            if phase == "rewrite":
                return True
            f = p.read_frame(c.sock)
            if f.get("id") != rid:
                return False
            if p.is_terminal(f):
                raise RuntimeError(f"the ask ended before phase {phase}: {f}")
            kinds.append(f.get("data", {}).get("kind") or f.get("event"))
            want = {"tool_choice": "rewrite", "generation": "tool_result"}[phase]
            return kinds[-1] == want

        if phase == "rewrite":
            wait(lambda: watch.call("status")["result"]["models"]["text"].get("state") == "answering", 60,
                 "the ask to start")
        else:
            wait(reached, 600, f"phase {phase}", interval=0)
        t0 = time.perf_counter()
        if how == "cancel":
            c.send("cancel", {"id": rid})
        else:
            c.close()
        wait(lambda: model_free(watch), 120, "the model to be free after the cancel", interval=0.002)
        return round(time.perf_counter() - t0, 3)
    finally:
        watch.close()
        c.close()


def status_latency(sock: Path, n: int) -> list[float]:
    c = Conn(sock)
    out = []
    try:
        for _ in range(n):
            t0 = time.perf_counter()
            assert "result" in c.call("status")
            out.append((time.perf_counter() - t0) * 1000)
    finally:
        c.close()
    return out


def flood(sock: Path, searches: int, status_n: int) -> dict[str, Any]:
    baseline = status_latency(sock, status_n)
    fl = Conn(sock)
    frames = b"".join(p.encode_frame(p.request(i, "search", {"query": f"deposit flat {i % 7}"}))
                      for i in range(1, searches + 1))
    done = threading.Event()
    answered = [0]

    def send_all() -> None:
        fl.sock.sendall(frames)

    def read_all() -> None:
        while answered[0] < searches:
            if p.is_terminal(p.read_frame(fl.sock)):
                answered[0] += 1
        done.set()

    threading.Thread(target=send_all, daemon=True).start()
    reader = threading.Thread(target=read_all, daemon=True)
    reader.start()
    wait(lambda: answered[0] >= 1, 120, "the flood to start")
    during: list[float] = []
    c = Conn(sock)
    t_flood = time.perf_counter()
    try:
        while not done.is_set() and len(during) < status_n:
            t0 = time.perf_counter()
            assert "result" in c.call("status")
            during.append((time.perf_counter() - t0) * 1000)
    finally:
        c.close()
    answered_during = answered[0]
    reader.join(600)
    fl.close()

    def stats(xs: list[float]) -> dict[str, float]:
        return {"p50_ms": round(statistics.median(xs), 2), "max_ms": round(max(xs), 2), "n": len(xs)}

    return {"searches": searches, "baseline": stats(baseline), "during_flood": stats(during),
            "searches_answered_while_measuring": answered_during,
            "flood_s": round(time.perf_counter() - t_flood, 2),
            "ratio_p50": round(statistics.median(during) / max(1e-6, statistics.median(baseline)), 2)}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--quick", action="store_true", help="fewer repetitions and a smaller flood (< 1 min once warm)")
    args = ap.parse_args()
    reps = 1 if args.quick else 3
    searches = 300 if args.quick else 3000
    with tempfile.TemporaryDirectory(prefix="mcl", dir="/tmp") as tmp:
        base = Path(tmp)
        docs = base / "docs"
        docs.mkdir()
        (docs / "lease.txt").write_text("The landlord keeps a deposit of two months' rent for the flat. " * 20)
        (docs / "garden.md").write_text("Tomatoes need full sun and regular watering. " * 20)
        (docs / "invoice.txt").write_text("Invoice: MacBook Air, total paid 1299 EUR on 14 March. " * 20)
        t0 = time.perf_counter()
        proc, sock = start_daemon(base / "home", docs)
        log(f"daemon up in {time.perf_counter() - t0:.1f}s")
        out: dict[str, Any] = {"cancel_to_free_s": {}, "disconnect_to_free_s": None}
        try:
            for phase in ("rewrite", "tool_choice", "generation"):
                vals = []
                for _ in range(reps):
                    try:
                        vals.append(cancel_in_phase(sock, phase))
                    except RuntimeError as exc:  # the tiny model finished that phase first
                        log(str(exc))
                out["cancel_to_free_s"][phase] = max(vals) if vals else None
                log(f"cancel in {phase}: {vals}")
            try:
                out["disconnect_to_free_s"] = cancel_in_phase(sock, "generation", how="disconnect")
            except RuntimeError as exc:
                log(str(exc))
            log(f"disconnect mid-generation: {out['disconnect_to_free_s']}")
            out["status_under_flood"] = flood(sock, searches, 20 if args.quick else 100)
            log(f"status under flood: {out['status_under_flood']}")
            # SIGTERM while the model works on an ask
            c = Conn(sock)
            rid = c.send("ask", {"text": QUICK_QUESTION})
            while True:
                f = p.read_frame(c.sock)
                if f.get("id") == rid and f.get("data", {}).get("kind") == "rewrite":
                    break
            t0 = time.perf_counter()
            proc.send_signal(signal.SIGTERM)
            proc.wait(120)
            out["sigterm_to_exit_s"] = round(time.perf_counter() - t0, 3)
            out["exit_code"] = proc.returncode
            c.close()
            log(f"SIGTERM to exit: {out['sigterm_to_exit_s']}s (exit {proc.returncode})")
        finally:
            if proc.poll() is None:
                proc.kill()
                proc.wait()
    print(json.dumps(out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
