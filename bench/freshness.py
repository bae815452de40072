"""Freshness bench: how long from a file change until search reflects it, and what idling costs.

    .venv/bin/python bench/freshness.py [--files 10000] [--samples 30] [--idle-seconds 60] [--quick]

Builds a corpus of small text files in a temp dir, indexes it with a real
catalog + LEANN IVF index + bundled MiniLM, starts :class:`manoled.watch.live.LiveIndex`
and then measures, one change at a time:

* create -> searchable: a new text file; done when ``Indexer.search(text)`` returns a hit
  for that path;
* modify -> searchable: an existing file rewritten with new text; same test;
* delete -> gone: done when ``search`` no longer returns that path;
* idle CPU: CPU seconds this process burns over ``--idle-seconds`` with nothing changing,
  as a percentage of one core.

Then the same change is measured through LEANN's own path on the same corpus:
``leann build --backend-name ivf`` once, then one file modified and
``leann watch <index> --once`` timed (LEANN's watch polls every ``--interval`` seconds,
default 30, so its expected change-to-searchable latency is that run time plus half the
interval; both are reported).

``--quick`` uses 400 files, 6 samples of each kind and 5 idle seconds (< 1 min).
The last line of stdout is one JSON object.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

WORDS = (
    "river mountain ledger invoice harbor lantern meadow copper violin orchard tunnel glacier "
    "pepper saddle compass quarry falcon marble thunder velvet canyon beacon walnut ember "
    "pilgrim saffron harvest cobalt lagoon prairie summit cedar tundra sparrow anchor orbit"
).split()


def progress(msg: str) -> None:
    print(f"[freshness] {msg}", flush=True)


def sentence(rng: random.Random, n: int = 40) -> str:
    return " ".join(rng.choice(WORDS) for _ in range(n)) + "."


def unique(tag: str, rng: random.Random, size: int) -> str:
    head = f"Bench note {tag}: the {rng.choice(WORDS)} {tag} {rng.choice(WORDS)} report. "
    body = ""
    while len(head) + len(body) < size:
        body += sentence(rng, 12) + " "
    return head + body


def cpu_seconds() -> float:
    ru = resource.getrusage(resource.RUSAGE_SELF)
    return ru.ru_utime + ru.ru_stime


def pct(values: list[float], q: float) -> float | None:
    if not values:
        return None
    s = sorted(values)
    k = min(len(s) - 1, max(0, int(round(q / 100 * (len(s) - 1)))))
    return round(s[k], 4)


def summary(values: list[float]) -> dict[str, object]:
    return {
        "n": len(values),
        "p50_s": pct(values, 50),
        "p95_s": pct(values, 95),
        "max_s": round(max(values), 4) if values else None,
        "mean_s": round(statistics.fmean(values), 4) if values else None,
    }


def make_corpus(root: Path, n: int, rng: random.Random) -> list[Path]:
    paths = []
    for i in range(n):
        p = root / f"d{i // 100:03d}" / f"note{i:05d}.txt"
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_text(unique(f"c{i}", rng, 300))
        paths.append(p)
    return paths


def wait_for(predicate, timeout: float, interval: float = 0.01) -> float | None:
    """Seconds until ``predicate()`` is true (polled), or None on timeout."""
    start = time.monotonic()
    while True:
        if predicate():
            return time.monotonic() - start
        if time.monotonic() - start > timeout:
            return None
        time.sleep(interval)


def hit(indexer, text: str, path: Path) -> bool:
    # k=20: the corpus is word soup from one small vocabulary, and IVF search is approximate
    return any(h.path == str(path) for h in indexer.search(text[:200], k=20))


def run_manoled(work: Path, args) -> tuple[dict, list[Path]]:
    from manoled.app import open_core
    from manoled.config import Config
    from manoled.paths import resolve
    from manoled.watch.live import LiveIndex

    rng = random.Random(7)
    root = work / "corpus"
    t = time.monotonic()
    paths = make_corpus(root, args.files, rng)
    progress(f"corpus: {len(paths)} files in {time.monotonic() - t:.1f}s")

    os.environ["MANOLE_HOME"] = str(work / "home")
    cfg = Config()
    cfg.watch.quiet_s = args.quiet
    core = open_core(resolve(), cfg)
    live = LiveIndex(core.indexer, core.catalog, cfg)
    try:
        t = time.monotonic()
        live.add_root(root)
        live.start()
        if not live.wait_idle(3600):
            raise SystemExit("initial indexing did not finish")
        initial = time.monotonic() - t
        progress(f"initial index: {initial:.1f}s ({len(core.catalog.files())} files)")
        core.indexer.search("warm up", k=1)

        create, modify, delete, timeouts = [], [], [], 0
        for i in range(args.samples):
            p = root / "fresh" / f"new{i:03d}.txt"
            p.parent.mkdir(exist_ok=True)
            text = unique(f"n{i}x", rng, args.size)
            p.write_text(text)
            dt = wait_for(lambda p=p, text=text: hit(core.indexer, text, p), args.timeout)
            create.append(dt) if dt is not None else None
            timeouts += dt is None

            target = paths[rng.randrange(len(paths))]
            text = unique(f"m{i}y", rng, args.size)
            target.write_text(text)
            dt = wait_for(lambda p=target, text=text: hit(core.indexer, text, p), args.timeout)
            modify.append(dt) if dt is not None else None
            timeouts += dt is None

            victim = paths.pop(rng.randrange(len(paths)))
            old = victim.read_text()
            victim.unlink()
            dt = wait_for(lambda p=victim, old=old: not hit(core.indexer, old, p), args.timeout)
            delete.append(dt) if dt is not None else None
            timeouts += dt is None
            live.wait_idle(30)
        progress(f"latency samples: {len(create)} create, {len(modify)} modify, {len(delete)} delete")

        live.wait_idle(60)
        c0, t0 = cpu_seconds(), time.monotonic()
        time.sleep(args.idle_seconds)  # measuring idle cost: nothing may happen here
        idle_cpu = cpu_seconds() - c0
        idle_wall = time.monotonic() - t0
        progress(f"idle: {idle_cpu:.3f} CPU s over {idle_wall:.1f}s")
        status = live.status()
    finally:
        live.stop()
        core.close()
    return {
        "initial_index_s": round(initial, 2),
        "create": summary(create),
        "modify": summary(modify),
        "delete": summary(delete),
        "timeouts": timeouts,
        "idle_seconds": round(idle_wall, 2),
        "idle_cpu_s": round(idle_cpu, 4),
        "idle_cpu_pct_of_core": round(100 * idle_cpu / idle_wall, 3),
        "batches": status["batches"],
        "watch_mode": [r["mode"] for r in status["roots"]],
    }, paths


def run_leann(work: Path, paths: list[Path], args) -> dict:
    leann = Path(sys.executable).with_name("leann")
    out: dict[str, object] = {"tool": "leann watch --once", "backend": "ivf"}
    if not leann.exists():
        return {**out, "error": "leann CLI not found"}
    from manoled.index.embed import bundled_model_path

    env = dict(os.environ, HF_HUB_OFFLINE="1", TOKENIZERS_PARALLELISM="false")
    cwd = work / "leann-home"
    cwd.mkdir()
    env["HOME"] = str(cwd)
    root = work / "corpus"

    def run(cmd: list[str], timeout: float) -> tuple[float, int, str]:
        t = time.monotonic()
        try:
            p = subprocess.run([str(leann), *cmd], cwd=cwd, env=env, capture_output=True, text=True, timeout=timeout)
            return time.monotonic() - t, p.returncode, (p.stdout + p.stderr)[-2000:]
        except subprocess.TimeoutExpired:
            return time.monotonic() - t, -1, "timeout"

    dt, rc, log = run(["build", "bench", "--docs", str(root), "--backend-name", "ivf",
                       "--embedding-model", str(bundled_model_path()), "--embedding-mode",
                       "sentence-transformers", "--file-types", ".txt"], args.leann_timeout)
    out["build_s"] = round(dt, 2)
    if rc != 0:
        return {**out, "error": f"leann build failed (rc {rc})", "log_tail": log[-500:]}
    progress(f"leann build: {dt:.1f}s")
    rng = random.Random(11)
    target = paths[0]
    target.write_text(unique("leannmod", rng, args.size))
    dt, rc, log = run(["watch", "bench", "--once"], args.leann_timeout)
    out["watch_once_s"] = round(dt, 2)
    out["watch_once_rc"] = rc
    out["watch_detected_change"] = "modified" in log.lower() or "rebuil" in log.lower() or "updat" in log.lower()
    out["poll_interval_default_s"] = 30
    out["expected_change_to_searchable_s"] = round(dt + 15, 2)
    out["note"] = ("LEANN polls: latency = time to the next poll (default interval 30 s, mean 15 s) "
                   "plus one `watch --once` run (process start, model load, change scan, update)")
    if rc != 0:
        out["log_tail"] = log[-500:]
    progress(f"leann watch --once after one modify: {dt:.1f}s (rc {rc})")
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--files", type=int, default=10_000)
    ap.add_argument("--samples", type=int, default=30)
    ap.add_argument("--size", type=int, default=1000, help="bytes per created/modified file (<= 1 MB)")
    ap.add_argument("--idle-seconds", type=float, default=60.0)
    ap.add_argument("--quiet", type=float, default=0.3, help="WatchConfig.quiet_s")
    ap.add_argument("--timeout", type=float, default=30.0, help="give up on one sample after this many seconds")
    ap.add_argument("--leann-timeout", type=float, default=1800.0)
    ap.add_argument("--no-leann", action="store_true")
    ap.add_argument("--quick", action="store_true")
    args = ap.parse_args()
    if args.quick:
        args.files, args.samples, args.idle_seconds = min(args.files, 400), 6, 5.0
        args.leann_timeout = min(args.leann_timeout, 120.0)
    args.size = min(args.size, 1 << 20)

    import logging

    from manoled.app import setup_logging

    setup_logging(False)
    logging.getLogger("manoled").setLevel(logging.WARNING)
    work = Path(tempfile.mkdtemp(prefix="manoled-freshness-"))
    started = time.monotonic()
    try:
        ours, paths = run_manoled(work, args)
        leann = {"skipped": True} if args.no_leann else run_leann(work, paths, args)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    result = {
        "bench": "freshness",
        "quick": args.quick,
        "files": args.files,
        "samples": args.samples,
        "file_bytes": args.size,
        "quiet_s": args.quiet,
        "cpus": os.cpu_count(),
        "manoled": ours,
        "leann": leann,
        "targets": {"create_p95_s": 1.0, "modify_p95_s": 1.0, "delete_p95_s": 0.5, "idle_cpu_pct": 1.0},
        "meets_targets": {
            "create": (ours["create"]["p95_s"] or 1e9) <= 1.0,
            "modify": (ours["modify"]["p95_s"] or 1e9) <= 1.0,
            "delete": (ours["delete"]["p95_s"] or 1e9) <= 0.5,
            "idle_cpu": ours["idle_cpu_pct_of_core"] < 1.0,
            "no_timeouts": ours["timeouts"] == 0,
        },
        "wall_s": round(time.monotonic() - started, 1),
    }
    print(json.dumps(result, sort_keys=True))


if __name__ == "__main__":
    main()
