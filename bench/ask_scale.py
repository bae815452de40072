"""Ask latency on a large home folder: the same questions on a small folder and on that folder with many
thousands more files beside it, in one run.

    .venv/bin/python bench/ask_scale.py [--files 300000] [--quick]

The small folder is ``bench/stranger/retiree`` (a tuning folder), indexed for real (extraction, MiniLM, the
LEANN index). The filler is ``--files`` catalog records under ``Archive/`` (years, projects, photos, code,
mail, with a generated vocabulary of path words) with one short passage each, written straight into the real
SQLite catalog (full-text indexed by its triggers; not in the vector index, and not on disk: the filler tests
what every ask reads and matches, the catalog's files and their names, not the vector search, which
bench/scale.py measures). Every ask goes through the in-process agent with the fallback tier (the planner and
the tools; no model call), so the figures are the planner's and the tools' own time.

Reports per intent the p50 seconds on the small folder and at scale, their ratio, p95 at scale, and how many
answers stayed the same (a count over the whole folder changes with the filler; a fact should not), the first
ask after the filler lands (it reads the listing and indexes its names), and the asks right after one more file
lands (above 50,000 files the listing is read again beside them). The last line is one JSON object.
"""

from __future__ import annotations

import argparse
import json
import random
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent))

from stranger_eval import load  # noqa: E402

PER_INTENT = {"count": 4, "list": 4, "metadata": 4, "tree": 3, "usage": 3, "content": 8, "followup": 4,
              "unanswerable": 4}
QUICK_PER_INTENT = {"count": 2, "list": 2, "metadata": 2, "tree": 1, "usage": 1, "content": 3, "followup": 2,
                    "unanswerable": 2}
SYLLABLES = "ka lo mi ne ru sa to vi be da fe go hu ji ko la ma no pe qu ri se ti vo wa xe yo zu".split()
EXTS = ["pdf", "docx", "txt", "md", "jpg", "jpg", "jpg", "png", "py", "csv", "eml"]


def vocabulary(n: int, rng: random.Random) -> list[str]:
    """``n`` distinct made-up words of two to four syllables (path words no question says)."""
    out: set[str] = set()
    while len(out) < n:
        out.add("".join(rng.choice(SYLLABLES) for _ in range(rng.randint(2, 4))))
    return sorted(out)


def add_filler(catalog, root_id: int, n: int, seed: int = 7) -> None:
    """``n`` file records under Archive/ with one passage each, in one transaction."""
    import numpy as np

    from manoled.catalog.records import vector_to_blob

    rng = random.Random(seed)
    vocab = vocabulary(max(200, n // 20), rng)
    blob = vector_to_blob(np.zeros(384, dtype=np.float32))
    now = time.time()
    with catalog.tx() as c:
        for i in range(n):
            year = 2005 + i % 20
            ext = EXTS[i % len(EXTS)]
            a, b, w = rng.choice(vocab), rng.choice(vocab), rng.choice(vocab)
            if ext in ("jpg", "png"):
                rel = f"Archive/Photos/{year}/{a}_{b}/IMG_{i:06d}.{ext}"
            elif ext == "py":
                rel = f"Archive/code/{a}/{b}/{w}_{i}.py"
            else:
                rel = f"Archive/{year}/{a}/{b}_{w}_{i}.{ext}"
            kind = {"jpg": "image", "png": "image", "pdf": "pdf", "docx": "doc"}.get(ext, "text")
            fid = c.execute(
                "INSERT INTO files(root_id, relpath, size, mtime_ns, inode, hash, kind, state, reason, updated)"
                " VALUES(?,?,?,?,?,?,?,?,?,?) RETURNING id",
                (root_id, rel, rng.randint(200, 5_000_000), int((now - rng.random() * 6e8) * 1e9), 10**9 + i,
                 None, kind, "indexed", None, now)).fetchone()[0]
            text = " ".join(rng.choice(vocab) for _ in range(12)) + f" {rng.randint(1, 9999)}."
            c.execute("INSERT INTO passages(file_id, seq, page, text, vector, in_index) VALUES(?,?,?,?,?,1)",
                      (fid, 0, None, text, blob))


def pick(questions: list[dict], per_intent: dict[str, int]) -> list[dict]:
    out = []
    for intent, k in per_intent.items():
        qs = [q for q in questions if q["intent"] == intent]
        out.extend(qs[:: max(1, len(qs) // k)][:k])
    return out


def ask_all(agent, questions: list[dict], tag: str) -> tuple[dict[str, list[float]], list[str]]:
    from manoled.agent.loop import AnswerStep

    times: dict[str, list[float]] = {}
    answers = []
    for n, q in enumerate(questions):
        turns = q["turns"]
        for turn in turns[:-1]:
            list(agent.run(turn, session=f"{tag}{n}"))
        t0 = time.perf_counter()
        final = list(agent.run(turns[-1], session=f"{tag}{n}"))[-1]
        times.setdefault(q["intent"], []).append(time.perf_counter() - t0)
        assert isinstance(final, AnswerStep)
        answers.append(final.answer)
    return times, answers


def p(values: list[float], q: float) -> float:
    s = sorted(values)
    return s[min(len(s) - 1, int(round(q * (len(s) - 1))))]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--files", type=int, default=300_000, help="filler files beside the small folder")
    ap.add_argument("--quick", action="store_true", help="20,000 filler files and fewer questions: under a minute")
    args = ap.parse_args()
    n_fill = 20_000 if args.quick else args.files

    from manoled.agent.context import ToolContext
    from manoled.agent.fake import FakeLLM
    from manoled.agent.loop import Agent
    from manoled.app import open_core
    from manoled.config import Config
    from manoled.index.embed import SentenceEmbedder
    from manoled.paths import resolve

    tmp = Path(tempfile.mkdtemp(prefix="ask-scale-"))
    try:
        root = tmp / "home"
        questions = pick(load("retiree", root), QUICK_PER_INTENT if args.quick else PER_INTENT)
        emb = SentenceEmbedder()
        core = open_core(resolve(home=tmp / "state"), Config(), embedder=emb)
        stats = core.indexer.index_paths([root])
        assert stats.failed == 0, f"{stats.failed} files failed to index"
        ctx = ToolContext(core.catalog, search=core.indexer.search, embed=emb.embed)
        agent = Agent(FakeLLM(tier="fallback"), ctx)
        agent.planner.warm()
        small, small_answers = ask_all(agent, questions, "a")

        t0 = time.perf_counter()
        add_filler(core.catalog, core.catalog.root_at(root.resolve()).id, n_fill)
        fill_s = time.perf_counter() - t0
        ctx.refresh()
        first = time.perf_counter()
        ask_all(agent, questions[:1], "w")  # the first ask after the change builds what is cached per file set
        first_s = time.perf_counter() - first
        large, large_answers = ask_all(agent, questions, "b")
        # one more file lands (as while indexing): the big listing is read again beside the next asks
        rid = core.catalog.root_at(root.resolve()).id
        core.catalog.upsert_file(rid, "Notes/landed.txt", size=1, mtime_ns=1, inode=1, kind="text", state="indexed")
        beside, _ = ask_all(agent, [q for q in questions if q["intent"] in ("count", "list", "content")], "c")
        core.close()
    finally:
        shutil.rmtree(tmp, ignore_errors=True)

    every_small = [t for v in small.values() for t in v]
    every_large = [t for v in large.values() for t in v]
    out = {
        "filler_files": n_fill,
        "questions": len(questions),
        "filler_write_s": round(fill_s, 1),
        "first_ask_after_change_s": round(first_s, 3),
        "p50_s_small": round(statistics.median(every_small), 3),
        "p50_s_large": round(statistics.median(every_large), 3),
        "p95_s_large": round(p(every_large, 0.95), 3),
        "max_s_large": round(max(every_large), 3),
        "p50_ratio_large_to_small": round(statistics.median(every_large) / max(statistics.median(every_small), 1e-6), 1),
        "p50_s_by_intent_small": {k: round(statistics.median(v), 3) for k, v in small.items()},
        "p50_s_by_intent_large": {k: round(statistics.median(v), 3) for k, v in large.items()},
        "p50_s_while_listing_reread": round(statistics.median([t for v in beside.values() for t in v]), 3),
        "same_answers": sum(a == b for a, b in zip(small_answers, large_answers, strict=True)),
    }
    for k in out["p50_s_by_intent_small"]:
        print(f"{k:13} small p50 {out['p50_s_by_intent_small'][k]:7.3f} s   "
              f"at {n_fill:,} more files {out['p50_s_by_intent_large'][k]:7.3f} s")
    print(json.dumps(out))


if __name__ == "__main__":
    main()
