"""Answer quality through the real daemon, over a generated personal-files corpus.

    .venv/bin/python bench/agent_eval.py [--quick] [--split report|tune|all] [--model PATH] [-v]

What it does:

1. :mod:`evalcorpus` writes ~65 files (invoices, receipts, a lease, notes,
   recipes, a budget CSV, PDFs, DOCX, JPEG photos with EXIF...) into a temp
   folder, with the questions about them (eight intents: count, list,
   metadata, tree, usage, content, followup, unanswerable).
2. ``manoled run FOLDER`` starts in a temp home (the fallback text model
   unless ``--model``); the bench waits until every file is indexed and the
   text model is loaded.
3. Each question of the chosen split (``report`` by default; ``tune`` is
   the half to tune on) is asked over the Unix socket, timed end to end on
   the client side. A follow-up first asks its setup turns in the same
   ``session``; only its last turn is scored and timed.
4. Ask while indexing: a few probe asks are timed idle, then 30 more files
   are copied in and the same asks are timed while the daemon indexes them;
   ``ask_while_indexing_ratio`` is median(during) / median(idle), over the
   asks that started while status said indexing (null when none did).

Pass rule:

* answered: the answer contains every expected fact (any of its variants;
  normalised for case, whitespace, thousands separators, currency symbols,
  "300 ml" = "300ml"; see :func:`evalcorpus.matches`) and is at most 300
  characters;
* unanswerable: declined, i.e. no sources, a refusal wording ("I found
  nothing about ...", "couldn't find", ...), at most 300 characters, and no
  number that is not in the question (no invented fact).

Hallucinated source: a cited source that is (a) not a file of the corpus
(including the files copied in while indexing), or (b) for a question about
a fact inside a file (content, and follow-ups about one file), any file
other than that fact's file, or (c) any source cited for an unanswerable
question. ``hallucinated_sources`` counts them all; ``hallucinated_by_kind``
splits them into missing / wrong_file / on_unanswerable.

``answered_by`` counts the result's ``answered_by`` ("planner", "model",
"guard"); daemons that do not send it count as "unknown".

``--prompt-cache`` measures something else, in-process: the model loop (agent.tier
"tools", the tiny model unless ``--model``) asks a few questions twice, with
llama.cpp's KV prefix cache and with it reset before every call, and reports the
prompt tokens evaluated per ask (counted at the model's ``eval``) side by side.

Timings are wall-clock on whatever machine runs this; on a shared, loaded
machine they are noisy. Progress goes to stderr; a per-intent table, then
one JSON object as the last line, go to stdout.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import re
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
for extra in (HERE.parent, HERE.parent / "client"):
    if str(extra) not in sys.path:
        sys.path.append(str(extra))
os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")

import evalcorpus as ec  # noqa: E402
from manole_client.client import Client, ClientError  # noqa: E402

MAX_ANSWER_CHARS = 300
ANSWERED_BY = ("planner", "model", "guard")
DECLINE = re.compile(
    r"found nothing|nothing (?:about|on|regarding|related)|no (?:information|mention|record|details?|data)\b|"
    r"(?:could ?n[o']?t|can ?not|can'?t|did ?n[o']?t|unable to|was ?n[o']?t able to) (?:find|locate|see)|"
    r"not (?:mentioned|found|in your files)|do(?:es)? ?n[o']?t (?:say|mention|contain|know|have)|"
    r"none of your files|none (?:was|were|is|are) relevant|nothing relevant|no (?:relevant|matching)\b|"
    r"\bno files? (?:matching|with|named|called|found|about)\b",
    re.IGNORECASE)
_NUMBER = re.compile(r"\d+(?:[.,]\d+)*")


def log(msg: str) -> None:
    print(msg, file=sys.stderr, flush=True)


# -- scoring ---------------------------------------------------------------------
@dataclass
class Row:
    q: ec.Question
    answer: str = ""
    sources: list[str] = field(default_factory=list)
    answered_by: str = "unknown"
    latency_s: float = 0.0
    error: str = ""
    ok: bool = False
    why: str = ""
    hallucinated: dict[str, list[str]] = field(default_factory=dict)


def declined(answer: str, sources: list[str], question: str) -> tuple[bool, str]:
    if sources:
        return False, f"cited {len(sources)} source(s)"
    if not DECLINE.search(answer):
        return False, "no refusal wording"
    asked = {n.replace(",", "") for n in _NUMBER.findall(question)}
    invented = [n for n in _NUMBER.findall(answer) if n.replace(",", "") not in asked]
    if invented:
        return False, f"invented number(s) {invented[:3]}"
    return True, ""


def score(row: Row, corpus_paths: set[str], root: Path) -> None:
    q = row.q
    real = {os.path.realpath(p) for p in corpus_paths}
    facts = {os.path.realpath(root / rel) for rel in q.fact_files}
    hall: dict[str, list[str]] = defaultdict(list)
    for s in row.sources:
        rs = os.path.realpath(s)
        if rs not in real:
            hall["missing"].append(s)
        elif q.intent == "unanswerable":
            hall["on_unanswerable"].append(s)
        elif facts and rs not in facts:
            hall["wrong_file"].append(s)
    row.hallucinated = dict(hall)
    if row.error:
        row.ok, row.why = False, row.error
    elif len(row.answer) > MAX_ANSWER_CHARS:
        row.ok, row.why = False, f"answer is {len(row.answer)} chars (> {MAX_ANSWER_CHARS})"
    elif q.intent == "unanswerable":
        row.ok, row.why = declined(row.answer, row.sources, q.text)
    else:
        missing = [g for g in q.expect if not any(ec.matches(row.answer, v) for v in g)]
        row.ok = not missing
        row.why = "" if row.ok else "missing " + "; ".join(g[0] for g in missing[:4])


def pct(values: list[float], p: float) -> float | None:
    if not values:
        return None
    s = sorted(values)
    return round(s[min(len(s) - 1, max(0, math.ceil(p / 100 * len(s)) - 1))], 2)


# -- the daemon --------------------------------------------------------------------
class Daemon:
    def __init__(self, home: Path, folder: Path, log_path: Path) -> None:
        self.home = home
        self.sock = home / "run" / "manoled.sock"
        self.log_path = log_path
        exe = shutil.which("manoled", path=str(Path(sys.executable).parent)) or "manoled"
        env = dict(os.environ, MANOLE_HOME=str(home))
        env.pop("MANOLE_SOCKET", None)
        self._log = open(log_path, "w")  # noqa: SIM115 - closed in stop()
        self.proc = subprocess.Popen([exe, "run", str(folder)], env=env, stdout=self._log, stderr=subprocess.STDOUT)

    def tail(self, n: int = 30) -> str:
        try:
            return "\n".join(self.log_path.read_text(errors="replace").splitlines()[-n:])
        except OSError:
            return ""

    def call(self, method: str, params: dict | None = None, timeout: float = 30.0):
        with Client(self.sock, timeout=timeout) as c:
            return c.call(method, params)

    def wait(self, what: str, check, timeout: float) -> None:
        deadline = time.monotonic() + timeout
        while True:
            if self.proc.poll() is not None:
                raise RuntimeError(f"manoled exited ({self.proc.returncode}) while waiting for {what}:\n{self.tail()}")
            try:
                if check():
                    return
            except (ClientError, OSError):
                pass
            if time.monotonic() > deadline:
                raise RuntimeError(f"timed out after {timeout:.0f}s waiting for {what}:\n{self.tail()}")
            time.sleep(0.2)

    def status(self) -> dict:
        return self.call("status") or {}

    def stop(self, grace_s: float = 20.0) -> None:
        # the daemon may be mid-way through the ask-while-indexing batch; its shutdown is not measured
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(grace_s)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(10)
        self._log.close()


def settled(st: dict, n_files: int) -> bool:
    """Every file has a final state and the indexer is idle."""
    counts = st.get("counts") or {}
    seen = sum(sum(v for k, v in states.items() if k != "pending") for states in counts.values())
    pending = sum(states.get("pending", 0) for states in counts.values())
    state = (st.get("indexing") or {}).get("state", "idle")
    return seen >= n_files and pending == 0 and state != "indexing"


def indexing_now(st: dict) -> bool:
    idx = st.get("indexing") or {}
    counts = st.get("counts") or {}
    pending = sum(states.get("pending", 0) for states in counts.values())
    return idx.get("state") == "indexing" or pending > 0 or bool(idx.get("queue"))


def ask(d: Daemon, text: str, session: str | None, timeout: float) -> tuple[dict, float]:
    params: dict = {"text": text, "stream": False}
    if session:
        params["session"] = session
    t0 = time.perf_counter()
    with Client(d.sock, timeout=timeout) as c:
        result = c.call("ask", params)
    return result or {}, time.perf_counter() - t0


def source_paths(result: dict) -> list[str]:
    out = []
    for s in result.get("sources") or []:
        p = s.get("path") if isinstance(s, dict) else s
        if isinstance(p, str) and p:
            out.append(p)
    return out


def run_question(d: Daemon, q: ec.Question, timeout: float) -> Row:
    row = Row(q)
    session = f"eval-{q.id}-{os.getpid()}" if q.setup else None
    try:
        for turn in q.setup:
            ask(d, turn, session, timeout)
        result, row.latency_s = ask(d, q.text, session, timeout)
    except ClientError as exc:
        row.error = f"error: {exc}"
        return row
    row.answer = str(result.get("answer") or "")
    row.sources = source_paths(result)
    by = result.get("answered_by")
    row.answered_by = by if by in ANSWERED_BY else "unknown"
    return row


# -- selection ---------------------------------------------------------------------
def stratified(questions: list[ec.Question], per_intent: int | None, seed: int) -> list[ec.Question]:
    """Up to ``per_intent`` questions of each intent (seeded), interleaved across intents.

    Interleaving keeps a run that is cut short (or a slow model) stratified.
    """
    rng = random.Random(seed)
    pools = []
    for intent in ec.INTENTS:
        pool = sorted((q for q in questions if q.intent == intent), key=lambda q: q.id)
        if per_intent is not None:
            pool = sorted(rng.sample(pool, min(per_intent, len(pool))), key=lambda q: q.id)
        pools.append(pool)
    out = []
    for i in range(max(map(len, pools), default=0)):
        out += [pool[i] for pool in pools if i < len(pool)]
    return out


def probes(questions: list[ec.Question], n: int) -> list[ec.Question]:
    """Questions for the ask-while-indexing measure: content and count first, no follow-ups."""
    order = {"content": 0, "count": 1, "list": 2, "metadata": 3}
    pool = sorted((q for q in questions if not q.setup and q.intent in order),
                  key=lambda q: (order[q.intent], q.id))
    picked: list[ec.Question] = []
    for intent in order:  # alternate intents so the probes are not all one kind
        picked += [q for q in pool if q.intent == intent][:1]
    return (picked + [q for q in pool if q not in picked])[:n]


def measure_while_indexing(d: Daemon, corpus: ec.Corpus, qs: list[ec.Question], n_files: int, chars: int,
                           timeout: float) -> tuple[dict, list[Path]]:
    idle: list[float] = []
    for q in qs:
        res, t = ask(d, q.text, None, timeout)
        idle.append(t)
        log(f"  idle   {t:6.2f}s {q.id} {res.get('timings')}")
    batch = ec.write_batch(corpus.root / "Inbox" / "scans", n=n_files, seed=corpus.seed, chars=chars)
    try:
        d.wait("indexing to start", lambda: indexing_now(d.status()), 20)
    except RuntimeError:
        log("  indexing of the batch was not seen starting")
    during: list[float] = []
    overlapped = 0
    for q in qs:
        busy = indexing_now(d.status())
        res, t = ask(d, q.text, None, timeout)
        log(f"  {'during' if busy else 'after '} {t:6.2f}s {q.id} {res.get('timings')}")
        if busy:
            during.append(t)
            overlapped += 1
    ratio = (statistics.median(during) / statistics.median(idle)) if during and idle else None
    return {"ask_while_indexing_ratio": round(ratio, 2) if ratio else None,
            "ask_idle_p50_s": round(statistics.median(idle), 2) if idle else None,
            "ask_during_indexing_p50_s": round(statistics.median(during), 2) if during else None,
            "asks_during_indexing": overlapped, "batch_files": len(batch)}, batch


# -- report ------------------------------------------------------------------------
def report(rows: list[Row], args, corpus: ec.Corpus, extra: dict) -> dict:
    by_intent: dict[str, list[Row]] = defaultdict(list)
    for r in rows:
        by_intent[r.q.intent].append(r)
    intents = [i for i in ec.INTENTS if i in by_intent]
    print(f"{'intent':14s}{'n':>4s}{'acc':>7s}{'p50 s':>8s}{'p95 s':>8s}{'halluc':>8s}  answered_by")
    for i in intents:
        rs = by_intent[i]
        lat = [r.latency_s for r in rs if not r.error]
        by = Counter(r.answered_by for r in rs)
        print(f"{i:14s}{len(rs):4d}{sum(r.ok for r in rs) / len(rs):7.2f}{pct(lat, 50) or 0:8.2f}"
              f"{pct(lat, 95) or 0:8.2f}{sum(sum(map(len, r.hallucinated.values())) for r in rs):8d}  "
              + " ".join(f"{k}={v}" for k, v in sorted(by.items())))
    all_lat = [r.latency_s for r in rows if not r.error]
    n_ok = sum(r.ok for r in rows)
    print(f"{'all':14s}{len(rows):4d}{n_ok / max(1, len(rows)):7.2f}{pct(all_lat, 50) or 0:8.2f}{pct(all_lat, 95) or 0:8.2f}")
    hall = Counter()
    for r in rows:
        for k, v in r.hallucinated.items():
            hall[k] += len(v)
    wording: dict[str, list[bool]] = defaultdict(list)
    for r in rows:
        if r.q.wording:
            wording[r.q.wording].append(r.ok)
    by = Counter(r.answered_by for r in rows)
    return {
        "bench": "agent_eval", "split": args.split, "quick": args.quick, "seed": args.seed,
        "model": extra.pop("model", None),
        "n_questions": len(rows), "n_files": len(corpus.files),
        "accuracy": round(n_ok / max(1, len(rows)), 3),
        "accuracy_by_intent": {i: round(sum(r.ok for r in by_intent[i]) / len(by_intent[i]), 3) for i in intents},
        "n_by_intent": {i: len(by_intent[i]) for i in intents},
        "content_accuracy_by_wording": {w: round(sum(v) / len(v), 3) for w, v in sorted(wording.items())},
        "hallucinated_sources": sum(hall.values()),
        "hallucinated_by_kind": {k: hall.get(k, 0) for k in ("missing", "wrong_file", "on_unanswerable")},
        "p50_s_by_intent": {i: pct([r.latency_s for r in by_intent[i] if not r.error], 50) for i in intents},
        "p50_s": pct(all_lat, 50), "p95_s": pct(all_lat, 95),
        "answered_by": {k: by.get(k, 0) for k in (*ANSWERED_BY, "unknown")},
        "too_long": sum(len(r.answer) > MAX_ANSWER_CHARS for r in rows),
        "errors": sum(bool(r.error) for r in rows),
        **extra,
        "failures": [r.q.id for r in rows if not r.ok],
    }


def rescore(args) -> int:
    """Score saved answers with today's expectations and rules (mtimes are those of a fresh build)."""
    with tempfile.TemporaryDirectory(prefix="mev-") as tmp:
        corpus = ec.build(Path(tmp) / "files", seed=args.seed, small=args.quick)
        by_id = {q.id: q for q in corpus.questions}
        rows = []
        for line in Path(args.rescore).read_text().splitlines():
            saved = json.loads(line)
            q = by_id.get(saved["id"])
            if q is None:
                log(f"skipping {saved['id']}: no such question now")
                continue
            # sources were absolute under that run's temp folder: move them under this one
            sources = [str(corpus.root / s.split("/files/", 1)[1]) if "/files/" in s else s for s in saved["sources"]]
            row = Row(q, answer=saved["answer"], sources=sources, answered_by=saved["answered_by"],
                      latency_s=saved["latency_s"], error=saved["why"] if saved["why"].startswith("error:") else "")
            score(row, corpus.paths(), corpus.root)
            rows.append(row)
        if args.verbose:
            print_failures(rows)
        summary = report(rows, args, corpus, {"rescored": args.rescore})
    print(json.dumps(summary))
    return 0


def save_row(path: str, r: Row) -> None:
    """Append one verdict (as it happens, so a run cut short keeps what it asked)."""
    with open(path, "a") as fh:
        fh.write(json.dumps({"id": r.q.id, "intent": r.q.intent, "split": r.q.split, "question": r.q.text,
                             "setup": list(r.q.setup), "expect": r.q.expect, "answer": r.answer,
                             "sources": r.sources, "answered_by": r.answered_by, "ok": r.ok, "why": r.why,
                             "latency_s": round(r.latency_s, 3), "hallucinated": r.hallucinated}) + "\n")


def print_failures(rows: list[Row]) -> None:
    for r in rows:
        if not r.ok:
            print(f"FAIL {r.q.id} [{r.q.split}] {r.why}\n  Q: {r.q.text}"
                  + "".join(f"\n  (setup) {s}" for s in r.q.setup)
                  + f"\n  expected: {' AND '.join(' | '.join(g[:3]) for g in r.q.expect) or '(declined)'}"
                  f"\n  A [{r.answered_by}]: {r.answer!r}\n  sources: {r.sources}"
                  + (f"\n  hallucinated: {r.hallucinated}" if r.hallucinated else ""))
    print()


def prompt_cache(args) -> int:
    """Prompt tokens evaluated per ask by the model loop, with llama.cpp's prefix cache and without it."""
    from manoled.agent.context import ToolContext
    from manoled.agent.loop import Agent
    from manoled.agent.manager import ModelManager
    from manoled.catalog import Catalog
    from manoled.config import Config
    from manoled.paths import resolve

    questions = ["how many PDF files do I have?", "what is the total of the Globex invoice?",
                 "when does my lease end?", "which folder takes up the most space?",
                 "who was at the website meeting?", "what is the wifi password?"]
    questions = questions[: 1 if args.quick else len(questions)]
    tmp = Path(tempfile.mkdtemp(prefix="mpc-", dir="/tmp"))
    cfg = Config()
    cfg.agent.context_size = 2048
    if args.model:
        cfg.agent.text_model = str(Path(args.model).expanduser().resolve())
    mm = ModelManager(resolve(home=tmp / "h"), cfg)
    catalog = Catalog(tmp / "catalog.db")
    out: dict = {"bench": "agent_eval_prompt_cache", "quick": args.quick}
    try:
        llm = mm.text()
        agent = Agent(llm, ToolContext(catalog), cfg, step_max_tokens=8 if args.quick else 16, tier="tools")
        list(agent.run("hello"))  # warm-up: the weights paged in, the system prompt evaluated once

        def one_pass(reuse: bool) -> tuple[list[int], list[int], list[float]]:
            llm.reuse_prefix = reuse
            tokens, evaluated, wall = [], [], []
            for q in questions:
                before = len(llm.prompts)
                t0 = time.perf_counter()
                list(agent.run(q))
                wall.append(time.perf_counter() - t0)
                uses = list(llm.prompts)[before:]
                tokens.append(sum(u.tokens for u in uses))
                evaluated.append(sum(u.evaluated for u in uses))
                log(f"  {'cached' if reuse else 'uncached'} {q!r}: {len(uses)} calls, prompt {tokens[-1]} tokens, "
                    f"evaluated {evaluated[-1]}, {wall[-1]:.2f}s")
            return tokens, evaluated, wall

        tok_c, ev_c, wall_c = one_pass(True)
        tok_u, ev_u, wall_u = one_pass(False)
        out.update({
            "model": llm.model_id, "asks": len(questions),
            "prompt_tokens_per_ask": round(statistics.mean(tok_c), 1),
            "evaluated_per_ask_cached": round(statistics.mean(ev_c), 1),
            "evaluated_per_ask_uncached": round(statistics.mean(ev_u), 1),
            "evaluated_ratio": round(sum(ev_c) / max(1, sum(ev_u)), 3),
            "ask_p50_s_cached": round(statistics.median(wall_c), 3),
            "ask_p50_s_uncached": round(statistics.median(wall_u), 3),
            "time_ratio": round(statistics.median(wall_c) / max(1e-9, statistics.median(wall_u)), 3),
        })
    finally:
        mm.close()
        catalog.close()
        shutil.rmtree(tmp, ignore_errors=True)
    print(json.dumps(out))
    return 0


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="one question per intent, small log files, one indexing probe")
    ap.add_argument("--split", choices=("report", "tune", "all"), default="report",
                    help="which half to ask (default: report; tune on 'tune')")
    ap.add_argument("--model", help="a GGUF file to answer with (default: the daemon's choice, the fallback here)")
    ap.add_argument("--seed", type=int, default=13)
    ap.add_argument("--per-intent", type=int, help="a seeded sample of N questions per intent (for slow models)")
    ap.add_argument("--only", help="comma-separated question ids or id prefixes to ask (for debugging)")
    ap.add_argument("--timeout", type=float, default=300.0, help="seconds per ask")
    ap.add_argument("--no-indexing-probe", action="store_true", help="skip the ask-while-indexing measure")
    ap.add_argument("-v", "--list-failures", dest="verbose", action="store_true",
                    help="print each failed question with its answer")
    ap.add_argument("--keep", action="store_true", help="keep the temp folder (corpus, home, daemon log)")
    ap.add_argument("--save", help="write every question, answer, sources and verdict to this JSON Lines file")
    ap.add_argument("--rescore", metavar="JSONL", help="score the answers of an earlier --save run again (no daemon)")
    ap.add_argument("--prompt-cache", action="store_true",
                    help="instead: the model loop's prompt tokens evaluated per ask, with the KV prefix cache and "
                         "without it, side by side (in-process, the tiny model unless --model)")
    args = ap.parse_args(argv)
    if args.rescore:
        return rescore(args)
    if args.prompt_cache:
        return prompt_cache(args)

    if args.save:
        Path(args.save).write_text("")
    t_start = time.perf_counter()
    tmp = Path(tempfile.mkdtemp(prefix="mev-", dir="/tmp"))  # short: a Unix socket path has ~100 bytes
    d: Daemon | None = None
    try:
        corpus = ec.build(tmp / "files", seed=args.seed, small=args.quick)
        questions = corpus.questions if args.split == "all" else corpus.by_split(args.split)
        if args.only:
            keys = [k.strip() for k in args.only.split(",") if k.strip()]
            questions = [q for q in questions if any(q.id == k or q.id.startswith(k) for k in keys)]
        else:
            questions = stratified(questions, 1 if args.quick else args.per_intent, args.seed)
        home = tmp / "h"
        if args.model:
            (home / "config").mkdir(parents=True)
            model = Path(args.model).expanduser().resolve()
            (home / "config" / "config.toml").write_text(f'[agent]\ntext_model = "{model}"\n')
        log(f"corpus: {len(corpus.files)} files, {len(questions)} questions ({args.split}); temp {tmp}")
        d = Daemon(home, corpus.root, tmp / "daemon.log")
        d.wait("the socket", lambda: d.sock.exists() and "protocol" in (d.call("hello") or {}), 180)
        socket_s = time.perf_counter() - t_start
        last = [0.0]

        def indexed() -> bool:
            st = d.status()
            if time.monotonic() - last[0] > 15:
                last[0] = time.monotonic()
                log(f"  indexing: {st.get('indexing')} passages={st.get('passages')}")
            return settled(st, len(corpus.files))

        d.wait("indexing", indexed, 900)
        index_s = time.perf_counter() - t_start - socket_s

        # the text model loads on the first ask that needs it; one untimed warm-up ask pays the planner's
        # one-off set-up (its example embeddings) so that it is not charged to the first timed question
        ask(d, "how many files are there", None, args.timeout)
        st = d.status()
        model_name = ((st.get("models") or {}).get("text") or {}).get("name")
        setup_s = time.perf_counter() - t_start
        log(f"daemon ready in {setup_s:.1f}s (model {model_name}, {st.get('passages')} passages)")

        rows: list[Row] = []
        paths = corpus.paths()
        for q in questions:
            row = run_question(d, q, args.timeout)
            score(row, paths, corpus.root)
            rows.append(row)
            if args.save:
                save_row(args.save, row)
            log(f"{'PASS' if row.ok else 'FAIL'} {q.id:<44s} {row.latency_s:6.2f}s {row.answered_by:<7s} "
                f"{row.answer[:100]!r}")
        extra: dict = {"model": model_name}
        if not args.no_indexing_probe and not args.only:
            log("ask while indexing …")
            measure, batch = measure_while_indexing(
                d, corpus, probes(questions or corpus.questions, 1 if args.quick else 3),
                n_files=30, chars=6_000 if args.quick else 40_000, timeout=args.timeout)
            extra.update(measure)
        else:
            extra["ask_while_indexing_ratio"] = None
        extra.update(setup_s=round(setup_s, 1), socket_s=round(socket_s, 1), index_s=round(index_s, 1))
        extra["wall_s"] = round(time.perf_counter() - t_start, 1)
    finally:
        if d is not None:
            d.stop(grace_s=5 if args.quick else 20)
        if args.keep:
            log(f"kept {tmp}")
        else:
            shutil.rmtree(tmp, ignore_errors=True)
    if args.verbose:
        print_failures(rows)
    summary = report(rows, args, corpus, extra)
    print(json.dumps(summary))
    return 0


if __name__ == "__main__":
    sys.exit(main())
