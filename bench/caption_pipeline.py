"""Benchmark: pipelined image loading vs load-then-caption, with a fake captioner of fixed delay.

N camera-sized JPEGs (4000x3000 by default, generated once into bench/out/) go
through three loaders, each measured in its own subprocess (honest peak RSS):

* ``naive``      sequential, full-resolution decode, then shrink (no Image.draft);
* ``sequential`` sequential, draft decode (the loader's load_image), then caption;
* ``pipelined``  PipelinedLoader: threads decode N+1..N+k while N is captioned.

The captioner is FakeCaptioner(delay_s=--delay). Overlap efficiency is
``ideal / wall`` with ``ideal = N x delay + first load`` (the best any pipeline
can do). ``real_tiny`` runs the real llama.cpp ``MoondreamChatHandler`` (pipelined, all N
images; 4 with --quick) on the tests' tiny random-weight Moondream2 pair (tests/tiny_gguf.py: phi2 text model
+ mlp projector, 56 px ViT): it measures the handler's per-image overhead and RSS, not
Moondream2's speed. With MANOLE_MOONDREAM_MODEL and MANOLE_MOONDREAM_MMPROJ set, the real
Moondream2 runs too (pipelined, a few images).

    .venv/bin/python bench/caption_pipeline.py --quick
    .venv/bin/python bench/caption_pipeline.py --n 40 --delay 0.25

The last line of stdout is one JSON object.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))


def log(msg: str) -> None:
    print(msg, flush=True)


# -- corpus ------------------------------------------------------------------------------
def make_corpus(out: Path, n: int, size: tuple[int, int]) -> list[Path]:
    """Photo-like JPEGs (smooth colour fields + grain, ~2-4 MB at 12 MP), cached across runs."""
    import numpy as np
    from PIL import Image

    w, h = size
    folder = out / f"caption_images_{w}x{h}"
    folder.mkdir(parents=True, exist_ok=True)
    paths = []
    for i in range(n):
        p = folder / f"IMG_{i:04d}.jpg"
        if not p.exists():
            rng = np.random.default_rng(i)
            base = Image.fromarray(rng.integers(0, 255, (h // 100 + 1, w // 100 + 1, 3), dtype=np.uint8))
            smooth = np.asarray(base.resize((w, h), Image.Resampling.BICUBIC), dtype=np.int16)
            grain = rng.integers(-12, 13, (h, w, 1), dtype=np.int16)
            arr = np.clip(smooth + grain, 0, 255).astype(np.uint8)
            tmp = p.with_suffix(".tmp")
            Image.fromarray(arr).save(tmp, "JPEG", quality=92)
            tmp.rename(p)
            log(f"  generated {p.name} ({p.stat().st_size / 1e6:.1f} MB)")
        paths.append(p)
    return paths


# -- one mode (child process) ----------------------------------------------------------------
def peak_rss_mb() -> float:
    """This process's peak RSS. VmHWM, not ru_maxrss: on Linux ru_maxrss survives execve, so a
    child would report its parent's peak (the corpus generator's) instead of its own."""
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024.0
    except OSError:
        pass
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return rss / (1024.0 * 1024.0) if sys.platform == "darwin" else rss / 1024.0


def run_mode(mode: str, paths: list[Path], delay: float, threads: int, prefetch: int, max_side: int) -> dict:
    from manoled.vision.captioners import FakeCaptioner, MoondreamCaptioner
    from manoled.vision.imageload import LiveCounter, PipelinedLoader, load_image

    baseline_rss = peak_rss_mb()
    if mode in ("real", "real_tiny"):
        if mode == "real":
            model, mmproj = Path(os.environ["MANOLE_MOONDREAM_MODEL"]), Path(os.environ["MANOLE_MOONDREAM_MMPROJ"])
        else:
            sys.path.insert(0, str(HERE.parent / "tests"))
            import tiny_gguf  # the tests' architecture-true random-weight pair, cached in tests/artifacts/

            model, mmproj = tiny_gguf.moondream_pair()
        captioner = MoondreamCaptioner(model, mmproj)
        t = time.monotonic()
        captioner._load()
        load_model_s = time.monotonic() - t
    else:
        captioner = FakeCaptioner(delay_s=delay)
        load_model_s = 0.0
    counter = LiveCounter()
    loads: list[float] = []
    first_load = None
    captions: list[str] = []
    started = time.monotonic()
    if mode in ("naive", "sequential"):
        for i, p in enumerate(paths):
            t = time.monotonic()
            counter.acquire()
            img = load_image(p, max_side, index=i, key=i, use_draft=(mode == "sequential"))
            loads.append(time.monotonic() - t)
            if first_load is None:
                first_load = loads[-1]
            captions.append(captioner.caption(img))
            counter.release()
    else:
        last = started
        for img in PipelinedLoader(((i, p) for i, p in enumerate(paths)), max_side=max_side,
                                   prefetch=prefetch, threads=threads, counter=counter):
            now = time.monotonic()
            loads.append(now - last)  # time the consumer waited for this image
            if first_load is None:
                first_load = now - started
            captions.append(captioner.caption(img))
            last = time.monotonic()
    wall = time.monotonic() - started
    n = len(paths)
    caption_time = n * delay if mode not in ("real", "real_tiny") else None
    ideal = (caption_time + (first_load or 0.0)) if caption_time is not None else None
    out = {
        "mode": mode,
        "n": n,
        "wall_s": round(wall, 3),
        "images_per_s": round(n / wall, 3) if wall > 0 else None,
        "first_load_s": round(first_load or 0.0, 3),
        "mean_wait_per_image_s": round(sum(loads) / len(loads), 4) if loads else None,
        "ideal_s": round(ideal, 3) if ideal is not None else None,
        "efficiency": round(ideal / wall, 3) if ideal else None,
        "peak_rss_mb": round(peak_rss_mb(), 1),
        "rss_before_mb": round(baseline_rss, 1),
        "peak_images_held": counter.peak,
    }
    if mode in ("real", "real_tiny"):
        out["model_load_s"] = round(load_model_s, 2)
        out["sample_captions"] = captions[:3]
    return out


def child(mode: str, args: argparse.Namespace, paths: list[Path]) -> dict:
    cmd = [sys.executable, __file__, "--child", mode, "--n", str(len(paths)), "--delay", str(args.delay),
           "--threads", str(args.threads), "--prefetch", str(args.prefetch), "--max-side", str(args.max_side),
           "--size", args.size, "--out", str(args.out)]
    proc = subprocess.run(cmd, capture_output=True, text=True, check=False)
    if proc.returncode != 0:
        raise SystemExit(f"{mode} failed:\n{proc.stderr[-3000:]}")
    return json.loads(proc.stdout.strip().splitlines()[-1])


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--quick", action="store_true", help="8 images, finishes in well under a minute")
    ap.add_argument("--n", type=int, default=None, help="number of images (default 40; --quick 8)")
    ap.add_argument("--delay", type=float, default=0.25, help="fake captioner seconds per image")
    ap.add_argument("--threads", type=int, default=2, help="loader threads (caption.loader_threads)")
    ap.add_argument("--prefetch", type=int, default=4, help="prefetch queue (caption.prefetch)")
    ap.add_argument("--max-side", type=int, default=768)
    ap.add_argument("--size", default="4000x3000", help="generated image size WxH")
    ap.add_argument("--out", type=Path, default=HERE / "out")
    ap.add_argument("--child", default=None, help=argparse.SUPPRESS)
    args = ap.parse_args()
    n = args.n or (8 if args.quick else 40)
    size = tuple(int(v) for v in args.size.lower().split("x"))
    assert len(size) == 2

    if args.child:
        paths = make_corpus(args.out, n, size)  # type: ignore[arg-type]
        print(json.dumps(run_mode(args.child, paths, args.delay, args.threads, args.prefetch, args.max_side)))
        return

    log(f"caption pipeline bench: {n} images {args.size}, fake delay {args.delay}s, "
        f"{args.threads} loader threads, prefetch {args.prefetch}, max side {args.max_side}, cpus {os.cpu_count()}")
    t = time.monotonic()
    paths = make_corpus(args.out, n, size)  # type: ignore[arg-type]
    mb = sum(p.stat().st_size for p in paths) / 1e6
    log(f"corpus ready in {time.monotonic() - t:.1f}s ({mb:.0f} MB)")
    results = {}
    for mode in ("naive", "sequential", "pipelined"):
        log(f"running {mode} ...")
        results[mode] = child(mode, args, paths)
    tiny_skipped = None
    try:
        import gguf  # noqa: F401 - writes the tiny pair
        import llama_cpp  # noqa: F401
    except ImportError as exc:
        tiny_skipped = f"tiny Moondream2 pair not run: {exc}"
        log(tiny_skipped)
    else:
        log("running the real MoondreamChatHandler on the tiny random-weight pair (pipelined) ...")
        results["real_tiny"] = child("real_tiny", args, paths[:4] if args.quick else paths)
    real_skipped = None
    model, mmproj = os.environ.get("MANOLE_MOONDREAM_MODEL"), os.environ.get("MANOLE_MOONDREAM_MMPROJ")
    if model and mmproj and Path(model).is_file() and Path(mmproj).is_file():
        log("running the real Moondream2 (pipelined) ...")
        real_args = argparse.Namespace(**{**vars(args)})
        results["real"] = child("real", real_args, paths[: min(len(paths), 4 if args.quick else 8)])
    else:
        real_skipped = "MANOLE_MOONDREAM_MODEL / MANOLE_MOONDREAM_MMPROJ not set: real model not run"
        log(real_skipped)

    cols = ["wall_s", "images_per_s", "first_load_s", "mean_wait_per_image_s", "efficiency", "peak_rss_mb",
            "peak_images_held"]
    log("")
    log(f"{'':22}" + "".join(f"{m:>12}" for m in results))
    for c in cols:
        log(f"{c:22}" + "".join(f"{str(results[m].get(c)):>12}" for m in results))
    speedup = results["naive"]["wall_s"] / results["pipelined"]["wall_s"]
    log(f"pipelined vs naive: {speedup:.2f}x; vs sequential(draft): "
        f"{results['sequential']['wall_s'] / results['pipelined']['wall_s']:.2f}x")
    summary = {
        "bench": "caption_pipeline",
        "n": n, "size": args.size, "delay_s": args.delay, "threads": args.threads, "prefetch": args.prefetch,
        "max_side": args.max_side, "cpus": os.cpu_count(), "corpus_mb": round(mb, 1),
        "results": results,
        "speedup_vs_naive": round(speedup, 2),
        "real_model": real_skipped or "run",
        "real_tiny_model": tiny_skipped or "run",
    }
    print(json.dumps(summary))


if __name__ == "__main__":
    main()
