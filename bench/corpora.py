"""Bench corpora: generated sentences, and real text from files every machine has.

``make_real`` copies, deterministically, the Python standard library that ships
with the interpreter (``sysconfig.get_paths()['stdlib']``) and the machine's
documentation folder (``/usr/share/doc``: HTML manuals, ``copyright`` texts,
text and Markdown notes) into one folder, in about the mix of a real "Documents"
folder: a third Python modules, a quarter HTML, a fifth licence texts, the rest
notes. Where the docs folder is missing or thin, more standard-library modules
fill the gap, so the corpus has the asked size everywhere.
"""

from __future__ import annotations

import random
import shutil
import sysconfig
from pathlib import Path

WORDS = (
    "invoice budget meeting project garden recipe travel contract report tomato river mountain "
    "engine software design library window bridge market energy solar battery music guitar "
    "ocean forest planet galaxy museum history school teacher student doctor patient hospital "
    "coffee bread cheese wine olive lemon orange apple harbour island city village road train"
).split()

MAX_REAL_BYTES = 200_000
DOC_DIR = Path("/usr/share/doc")


def make_synthetic(directory: Path, n: int, seed: int = 7) -> int:
    """N text files: 70% small (0.2-2 KB), 25% medium (5-20 KB), 5% large (50-100 KB). Returns characters."""
    rng = random.Random(seed)
    directory.mkdir(parents=True, exist_ok=True)
    total = 0
    for i in range(n):
        r = rng.random()
        size = rng.randint(200, 2000) if r < 0.70 else rng.randint(5000, 20000) if r < 0.95 else rng.randint(50000, 100000)
        words: list[str] = []
        length = 0
        while length < size:
            sentence = " ".join(rng.choice(WORDS) for _ in range(rng.randint(6, 14))).capitalize() + ". "
            words.append(sentence)
            length += len(sentence)
        text = "".join(words)
        sub = directory / f"d{i % 20:02d}"
        sub.mkdir(exist_ok=True)
        (sub / f"doc{i:05d}.txt").write_text(text)
        total += len(text)
    return total


def _files(top: Path, pattern: str, min_bytes: int = 200, max_bytes: int = MAX_REAL_BYTES) -> list[Path]:
    if not top.is_dir():
        return []
    out = []
    for p in sorted(top.rglob(pattern)):
        try:
            if p.is_file() and not p.is_symlink() and min_bytes <= p.stat().st_size <= max_bytes:
                out.append(p)
        except OSError:
            continue
    return out


def _spread(items: list[Path], n: int) -> list[Path]:
    """``n`` items evenly spread over the sorted list (deterministic, not just the first letters)."""
    if n >= len(items):
        return list(items)
    step = len(items) / n
    return [items[int(i * step)] for i in range(n)]


def make_real(directory: Path, n: int, max_bytes: int = MAX_REAL_BYTES) -> tuple[int, dict[str, int]]:
    """Copy ``n`` real files of at most ``max_bytes`` (see the module docstring). Returns (bytes, files by source)."""
    stdlib = Path(sysconfig.get_paths()["stdlib"])
    want = {"html": int(n * 0.27), "copyright": int(n * 0.22), "notes": int(n * 0.18)}
    picked = {
        "html": _spread(_files(DOC_DIR, "*.html", max_bytes=max_bytes), want["html"]),
        "copyright": _spread(_files(DOC_DIR, "copyright", max_bytes=max_bytes), want["copyright"]),
        "notes": _spread(_files(DOC_DIR, "*.txt", max_bytes=max_bytes) + _files(DOC_DIR, "*.md", max_bytes=max_bytes), want["notes"]),
    }
    rest = n - sum(len(v) for v in picked.values())
    modules = [p for p in _files(stdlib, "*.py", 2000, max_bytes) if "site-packages" not in p.parts and "test" not in p.parts]
    picked["python"] = _spread(modules, rest)
    directory.mkdir(parents=True, exist_ok=True)
    total = 0
    for source, paths in picked.items():
        sub = directory / source
        sub.mkdir(exist_ok=True)
        for i, src in enumerate(paths):
            name = f"{i:04d}-{src.parent.name}-{src.name}"
            if source == "copyright":
                name += ".txt"  # the same text; an extension every indexer reads
            shutil.copyfile(src, sub / name)
            total += src.stat().st_size
    return total, {k: len(v) for k, v in picked.items()}
