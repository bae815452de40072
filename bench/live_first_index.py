"""The daemon's first index, live: is a small new file searchable while large files are still embedding,
and does `status` progress ever stand still?

    .venv/bin/python bench/live_first_index.py [--large 4] [--quick]

Starts `manoled run` on a folder of the largest Python standard-library modules (real text
every machine has). Once `status` shows embedding under way, it writes a 60-byte note and
polls `search` until the note is a hit: ``note_searchable_s``. Meanwhile it polls `status`
every 0.25 s until indexing is idle: ``max_status_stall_s`` is the longest time the
``indexing`` progress (files done, passages embedded) stood still while there was work.
``--quick``: two mid-sized modules (< 1 min on an idle 2-core machine).
The last line of output is one JSON object.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import signal
import subprocess
import sys
import sysconfig
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "client"))

from manole_client.client import Client, ClientError  # noqa: E402

NOTE = "The zeppelin hangar key is under the blue flowerpot."
QUERY = "where is the zeppelin hangar key"


def largest_modules(n: int, max_bytes: int) -> list[Path]:
    stdlib = Path(sysconfig.get_paths()["stdlib"])
    mods = [p for p in stdlib.glob("*.py") if p.stat().st_size <= max_bytes]
    return sorted(mods, key=lambda p: p.stat().st_size, reverse=True)[:n]


def call(sock: Path, method: str, params: dict | None = None):
    with Client(sock, timeout=60) as c:
        return c.call(method, params)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--large", type=int, default=4, help="how many large modules")
    ap.add_argument("--max-bytes", type=int, default=200_000)
    ap.add_argument("--timeout", type=float, default=1800.0)
    ap.add_argument("--quick", action="store_true")
    args = ap.parse_args()
    if args.quick:
        args.large, args.max_bytes = 2, 60_000
    work = Path(tempfile.mkdtemp(prefix="mlv-", dir="/tmp"))  # short: a Unix socket path is at most 107 bytes
    folder, home = work / "docs", work / "h"
    folder.mkdir()
    mods = largest_modules(args.large, args.max_bytes)
    for m in mods:
        shutil.copyfile(m, folder / m.name)
    print(f"folder: {[m.name for m in mods]}, {sum(m.stat().st_size for m in mods) / 1e3:.0f} KB", file=sys.stderr)
    sock = home / "run" / "manoled.sock"
    env = dict(os.environ, MANOLE_HOME=str(home), HF_HUB_OFFLINE="1")
    log = open(work / "daemon.log", "w")
    proc = subprocess.Popen([str(Path(sys.executable).with_name("manoled")), "run", str(folder)],
                            env=env, stdout=log, stderr=subprocess.STDOUT)
    samples: list[tuple[float, dict]] = []
    stop = threading.Event()
    result: dict = {}
    try:
        deadline = time.monotonic() + args.timeout
        while True:
            if proc.poll() is not None:
                raise SystemExit(f"the daemon exited: {(work / 'daemon.log').read_text()[-2000:]}")
            try:
                call(sock, "hello")
                break
            except (ClientError, OSError):
                if time.monotonic() > deadline:
                    raise SystemExit("the daemon never served") from None
                time.sleep(0.2)
        t0 = time.monotonic()

        def poll_status() -> None:
            while not stop.is_set():
                try:
                    samples.append((time.monotonic() - t0, call(sock, "status")["indexing"]))
                except (ClientError, OSError, KeyError):
                    pass
                stop.wait(0.25)

        poller = threading.Thread(target=poll_status, daemon=True)
        poller.start()
        while not samples or not samples[-1][1].get("passages"):
            if time.monotonic() > deadline:
                raise SystemExit("indexing never started")
            time.sleep(0.2)
        (folder / "zeppelin-note.txt").write_text(NOTE)
        t_write = time.monotonic()
        print("note written while the large files embed; polling search", file=sys.stderr)
        found_at = None
        while found_at is None and time.monotonic() < deadline:
            hits = call(sock, "search", {"query": QUERY, "k": 5})["hits"]
            if any(h["file_name"] == "zeppelin-note.txt" for h in hits):
                found_at = time.monotonic() - t_write
            else:
                time.sleep(0.2)
        still = samples[-1][1] if samples else {}
        print(f"note searchable after {found_at:.1f} s; indexing then: {still.get('done')}/{still.get('total')} "
              f"files, {still.get('passages')} passages", file=sys.stderr)
        while time.monotonic() < deadline and not (samples and samples[-1][1].get("state") == "idle"):
            time.sleep(0.5)
        stop.set()
        poller.join(5)
        stall, last_change, last_key = 0.0, None, None
        for t, st in samples:
            key = (st.get("done"), st.get("passages"))
            if key != last_key or st.get("state") != "indexing":
                last_change, last_key = t, key
            elif last_change is not None:
                stall = max(stall, t - last_change)
        final = call(sock, "status")
        result = {
            "files_large": len(mods), "large_bytes": sum(m.stat().st_size for m in mods),
            "note_searchable_s": round(found_at, 2) if found_at is not None else None,
            "large_files_still_indexing_when_found": bool(still.get("done", 0) < still.get("total", 0)),
            "max_status_stall_s": round(stall, 2), "status_samples": len(samples),
            "indexing_seconds": round(samples[-1][0], 1) if samples else None,
            "passages": final.get("passages"),
        }
        print(json.dumps(result))
        return 0 if found_at is not None else 1
    finally:
        stop.set()
        if proc.poll() is None:
            proc.send_signal(signal.SIGTERM)
            try:
                proc.wait(60)
            except subprocess.TimeoutExpired:
                proc.kill()
        log.close()
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
