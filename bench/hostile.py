"""Hostile inputs, measured: the parser worker's peak memory on a zip-bomb DOCX, the HTML bomb's time
against the configured limit, and how long SIGTERM takes to stop the daemon mid pathological file.

    python bench/hostile.py [--quick]

* ``docworker_peak_rss_mb``: VmHWM of the parser worker after it was handed a DOCX whose
  document.xml inflates to 1 GiB (the issue's bomb reached 3.6 GB); ``backstop_peak_rss_mb``: the
  same worker after a parse that tries to allocate 1 GiB (the address-space limit's backstop).
* ``html_bomb_s`` vs ``html_limit_s``: ``<a b='`` x 20,000 (x 200,000 for ``html_bomb_10x_s``)
  through the extractor; ``html_parser_s`` is the stdlib html.parser on a smaller bomb, side by side,
  for scale (it is quadratic: the old extractor took 115 s on the full one).
* ``sigterm_exit_s``: SIGTERM to exit of ``manoled run`` while the parser works on a slow DOCX
  (a 400k-paragraph document with a 300 s time limit).

The last line is one JSON object with these figures.
"""

from __future__ import annotations

import argparse
import html.parser
import json
import os
import signal
import sqlite3
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from hostile import html_bomb, worker_rss_mb, write_big_docx, write_zip_bomb_docx  # noqa: E402

from manoled.config import IndexConfig  # noqa: E402
from manoled.errors import ExtractError  # noqa: E402
from manoled.index.extract import Extractor  # noqa: E402

MANOLED = str(Path(sys.executable).with_name("manoled"))


def hwm_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def docworker_memory(tmp: Path) -> dict[str, object]:
    bomb = write_zip_bomb_docx(tmp / "bomb.docx", 1024)
    out: dict[str, object] = {"zip_bomb_bytes": bomb.stat().st_size, "zip_bomb_inflated_mb": 1024}
    with Extractor(IndexConfig(extract_timeout_s=120)) as ex:
        t = time.monotonic()
        try:
            ex.extract(bomb, "doc")
            out["zip_bomb_outcome"] = "indexed"
        except ExtractError as exc:
            out["zip_bomb_outcome"] = f"{exc.code}: {exc.message}"
        out["zip_bomb_s"] = round(time.monotonic() - t, 3)
        out["docworker_peak_rss_mb"] = round(hwm_mb(ex.worker_pid), 1) if ex.worker_pid else None
    with Extractor(IndexConfig(extract_timeout_s=120)) as ex:
        ex._next_hook = ("alloc", 1024)
        try:
            ex.extract(tmp / "bomb.docx", "doc")
        except ExtractError as exc:
            out["backstop_outcome"] = exc.message
        out["backstop_peak_rss_mb"] = round(hwm_mb(ex.worker_pid), 1) if ex.worker_pid else None
    return out


def html_times(tmp: Path, quick: bool) -> dict[str, object]:
    cfg = IndexConfig()
    out: dict[str, object] = {"html_limit_s": cfg.extract_timeout_s}
    with Extractor(cfg) as ex:
        for key, n in (("html_bomb_s", 20_000), ("html_bomb_10x_s", 200_000)):
            p = tmp / f"bomb{n}.html"
            p.write_bytes(html_bomb(n))
            t = time.monotonic()
            try:
                ex.extract(p, "text")
            except ExtractError:
                pass
            out[key] = round(time.monotonic() - t, 3)
    n = 2_000 if quick else 5_000
    parser = html.parser.HTMLParser()
    t = time.monotonic()
    parser.feed(html_bomb(n).decode())
    parser.close()
    out["html_parser_repeats"] = n
    out["html_parser_s"] = round(time.monotonic() - t, 3)
    p = tmp / f"small{n}.html"
    p.write_bytes(html_bomb(n))
    with Extractor(cfg) as ex:
        t = time.monotonic()
        try:
            ex.extract(p, "text")
        except ExtractError:
            pass
        out["html_same_size_s"] = round(time.monotonic() - t, 4)
    return out


def _state(catalog: Path, name: str) -> str | None:
    try:
        conn = sqlite3.connect(f"file:{catalog}?mode=ro", uri=True, timeout=5)
        try:
            row = conn.execute("SELECT state FROM files WHERE relpath=?", (name,)).fetchone()
        finally:
            conn.close()
    except sqlite3.Error:
        return None
    return row[0] if row else None


def sigterm_exit(tmp: Path) -> dict[str, object]:
    home, root = tmp / "h", tmp / "r"
    root.mkdir()
    write_big_docx(root / "slow.docx", 400_000)
    (home / "config").mkdir(parents=True)
    (home / "config" / "config.toml").write_text("[index]\nextract_timeout_s = 300\n\n[caption]\nenabled = false\n")
    env = dict(os.environ, MANOLE_HOME=str(home))
    proc = subprocess.Popen([MANOLED, "run", str(root)], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    catalog = home / "data" / "catalog.sqlite3"
    try:
        deadline = time.monotonic() + 180
        while _state(catalog, "slow.docx") != "pending":
            if time.monotonic() > deadline or proc.poll() is not None:
                return {"sigterm_exit_s": None, "sigterm_note": "the slow document never started"}
            time.sleep(0.05)
        while worker_rss_mb(proc.pid) < 250:  # the worker is up (~170 MB) and building the document tree
            if time.monotonic() > deadline or proc.poll() is not None:
                return {"sigterm_exit_s": None, "sigterm_note": "the parser never got going"}
            time.sleep(0.05)
        rss = worker_rss_mb(proc.pid)
        t = time.monotonic()
        proc.send_signal(signal.SIGTERM)
        code = proc.wait(120)
        took = time.monotonic() - t
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    return {"sigterm_exit_s": round(took, 3), "sigterm_exit_code": code, "worker_rss_at_sigterm_mb": round(rss),
            "slow_docx_state_after": _state(catalog, "slow.docx")}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="smaller side-by-side html.parser bomb")
    args = ap.parse_args()
    figures: dict[str, object] = {"quick": args.quick}
    with tempfile.TemporaryDirectory(prefix="mh", dir="/tmp") as d:
        tmp = Path(d)
        figures.update(docworker_memory(tmp))
        print(f"zip-bomb DOCX: {figures['zip_bomb_outcome']}; worker peak RSS {figures['docworker_peak_rss_mb']} MB; "
              f"1 GiB allocation: {figures['backstop_outcome']}, peak {figures['backstop_peak_rss_mb']} MB")
        figures.update(html_times(tmp, args.quick))
        print(f"HTML bomb: {figures['html_bomb_s']} s (10x: {figures['html_bomb_10x_s']} s) against a "
              f"{figures['html_limit_s']} s limit; html.parser on {figures['html_parser_repeats']} repeats: "
              f"{figures['html_parser_s']} s vs {figures['html_same_size_s']} s")
        figures.update(sigterm_exit(tmp))
        print(f"SIGTERM mid slow DOCX: exited in {figures['sigterm_exit_s']} s")
    print(json.dumps(figures))


if __name__ == "__main__":
    main()
