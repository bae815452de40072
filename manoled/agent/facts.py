"""Fact-level answers: the sentence (or list item) of the top passages that answers the question.

1. The question's wanted *type* comes from its words: an amount for "how much /
   cost / price / total / pay", a date for "when / until / due / expire", a
   person for "who", a number for "how many / how long", a place for "where /
   address".
2. Each passage is cut into units: lines, sentences, and the items of a list
   ("3 eggs, 100 g pecorino, ..."); CSV rows are read with their header.
3. A unit scores by the question's topic words it contains (rarer, more
   specific words weigh more), the question's other words, the wanted type,
   and its passage's retrieval rank; shorter units win ties.
4. The best unit is the answer, with its file. When the passages share none
   of the question's specific words and the vector search is not confident,
   the question is declined: "I found nothing about … in your files".
"""

from __future__ import annotations

import calendar
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from .retrieve import Candidate, contains
from .slots import GENERIC, STOP, stem, words

MAX_UNIT = 240
STRONG_VECTOR = 0.55  # cosine at which the vector search alone is trusted (MiniLM)
WEAK_VECTOR = 0.40

TYPE_WORDS: dict[str, frozenset[str]] = {
    "amount": frozenset("much cost costs price prices total pay paid owe owed spend spent fee fees charge charged "
                        "amount rent salary budget deposit bill balance worth refund".split()),
    "date": frozenset("when date until deadline due expire expires expiry start starts end ends begin begins "
                      "renew birthday day time schedule scheduled".split()),
    "person": frozenset("who whom whose person people contact landlord tenant doctor author signed colleague "
                        "colleagues attendee attendees attended participants".split()),
    "number": frozenset("many long number old far often version capacity".split()),
    "place": frozenset("where address located location street city".split()),
}

_CURRENCY = (r"(?:[$€£¥]\s?\d[\d,.']*|\d[\d,.']*\s?(?:eur|euros?|usd|dollars?|gbp|pounds?|chf|sek|nok|dkk|jpy|"
             r"cad|aud|€|\$|£)\b|\b\d{1,3}(?:[,.']\d{3})*[.,]\d{2}\b)")
_MONTH = (r"(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|"
          r"oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)")
_DATE = (rf"(?:\b\d{{4}}-\d{{2}}-\d{{2}}\b|\b\d{{1,2}}[/.]\d{{1,2}}(?:[/.]\d{{2,4}})?\b|\b\d{{1,2}}(?:st|nd|rd|th)?\s+"
         rf"{_MONTH}\b|\b{_MONTH}\s+\d{{1,2}}\b|\b{_MONTH}\s+\d{{4}}\b|\b(?:monday|tuesday|wednesday|thursday|friday|"
         rf"saturday|sunday)\b|\b\d{{1,2}}:\d{{2}}\b)")
TYPE_PATTERNS: dict[str, re.Pattern[str]] = {
    "amount": re.compile(_CURRENCY + r"|\b(?:amount|total|price|cost|planned|actual|budget|spent|paid|fee|rent|"
                         r"deposit|balance|sum|subtotal)\b\s*[:=]?\s*\d", re.IGNORECASE),
    "date": re.compile(_DATE, re.IGNORECASE),
    "person": re.compile(r"(?:\b(?:mr|mrs|ms|dr|prof)\.?\s+[A-Z][a-z]+|\b[A-Z][a-z]+(?:,\s*|\s+and\s+)[A-Z][a-z]+\b|(?<=[a-z,:;] )[A-Z][a-z]+\s+[A-Z][a-z]+|"
                         r"^[A-Z][a-z]+\s+[A-Z][a-z]+\b(?=\s*(?:,|\(|$| is| was| signed| will)))"),
    "number": re.compile(r"\b\d+(?:[.,]\d+)?\b|\b(?:one|two|three|four|five|six|seven|eight|nine|ten|twelve|"
                         r"dozen|half)\b", re.IGNORECASE),
    "place": re.compile(r"\b\d+[a-z]?\s+[A-Z][a-z]+|\b(?:street|st|road|rd|avenue|ave|rue|strasse|straße|lane|"
                        r"boulevard|blvd|square|place)\b", re.IGNORECASE),
}


MONTH_NAMES = {m[:3].lower(): m.lower() for m in calendar.month_name if m} | {"sept": "september"}
_QUANTITY = re.compile(r"(?<![\w\-/])\d+(?:[.,]\d+)?(?![\w\-/])")  # "512 GB", not "GX-7" or "2024-031"


@dataclass
class Fact:
    text: str
    path: str
    file_name: str
    score: float
    typed: bool  # carries the wanted type (an amount for "how much", ...)
    candidate: Candidate | None = None


@dataclass
class Extraction:
    facts: list[Fact] = field(default_factory=list)
    declined: bool = False
    reason: str = ""
    topic: str = ""  # the words the question was about, for "I found nothing about … in your files"


def wanted_type(question: str) -> str | None:
    """The kind of value the question asks for: its wh-word first, then its most frequent cue words."""
    return typed_by(question)[0]


def typed_by(question: str) -> tuple[str | None, bool]:
    """(wanted type, whether a wh-phrase says so: "how much", "when", "who"; else cue words only)."""
    ws = words(question)
    first = {"when": "date", "who": "person", "whom": "person", "whose": "person", "where": "place"}
    for a, b in zip(ws, [*ws[1:], ""], strict=True):
        if a == "how" and b in ("many", "long", "old", "far", "often"):
            return "number", True
        if a == "how" and b == "much":
            return "amount", True
        if a in first:
            return first[a], True
    hits = {kind: sum(1 for w in ws if w in cues) for kind, cues in TYPE_WORDS.items()}
    best = max(("amount", "date", "person", "number", "place"), key=lambda k: hits[k])
    return (best, False) if hits[best] else (None, False)


def topic_terms(question: str) -> list[str]:
    """The question's specific words: what it is about, not how it asks."""
    out: list[str] = []
    for w in words(question):
        s = MONTH_NAMES.get(w, stem(w))
        if w in GENERIC or s in GENERIC or len(s) < 2 or s.isdigit() and len(s) < 3:
            continue
        if s not in out:
            out.append(s)
    return out


def units(text: str, file_name: str = "") -> list[str]:
    """Lines, sentences and list items of a passage, each a candidate answer."""
    lines = [ln.strip(" \t-*•#>|") for ln in text.splitlines()]
    lines = [ln for ln in lines if ln]
    if file_name.lower().endswith((".csv", ".tsv")) and len(lines) >= 2:
        sep = "\t" if "\t" in lines[0] else ","
        header = [h.strip() for h in lines[0].split(sep)]
        if header and not any(re.search(r"\d", h) for h in header):
            rows = []
            for ln in lines[1:]:
                cells = [c.strip() for c in ln.split(sep)]
                if len(cells) == len(header):
                    rows.append(", ".join(f"{h}: {c}" for h, c in zip(header, cells, strict=True) if c))
            return rows
    out: list[str] = []
    for ln in lines:
        sentences = [s.strip() for s in re.split(r"(?<=[.!?])\s+(?=[A-Z0-9\"'(€$£])", ln) if s.strip()]
        for s in sentences:
            out.append(s)
            parts = [p.strip() for p in re.split(r"[;,]\s+|:\s+(?=\d)", s) if p.strip()]
            if len(parts) >= 3:  # a list: its items are candidates too
                out.extend(p for p in parts if len(p.split()) <= 12)
    return out


def _trim(unit: str, terms: Sequence[str]) -> str:
    unit = " ".join(unit.split())
    if len(unit) <= MAX_UNIT:
        return unit
    low = unit.lower()
    at = min((low.find(t) for t in terms if low.find(t) >= 0), default=0)
    start = max(0, at - 80)
    piece = unit[start:start + MAX_UNIT]
    if start > 0:
        piece = "…" + piece.split(" ", 1)[-1]
    return piece.rsplit(" ", 1)[0] + " …"


def extract(question: str, candidates: Sequence[Candidate], *, top: int = 5, vector_strong: float = STRONG_VECTOR,
            vector_weak: float = WEAK_VECTOR, embed: Callable[[list[str]], Any] | None = None,
            rerank: int = 30) -> Extraction:
    """The units of the top ``candidates`` that answer ``question``, best first (or a decline).

    With ``embed``, the best ``rerank`` units are also scored by their meaning's closeness to the question.
    """
    terms = topic_terms(question)
    frame = [stem(w) for w in words(question) if w not in STOP and stem(w) not in terms]
    frame += [w for w in words(question) if w in ("total", "amount", "number", "date", "name", "size", "address")]
    kind, asked = typed_by(question)
    topic = " ".join(w for w in words(question) if w not in GENERIC)[:60] or "that"
    result = Extraction(topic=topic)
    if not candidates:
        result.declined, result.reason = True, "no passages"
        return result
    best_rrf = max(c.rrf for c in candidates) or 1.0
    facts: list[Fact] = []
    for rank, c in enumerate(candidates[:top]):
        in_passage = [t for t in terms if contains(c.text, t) or contains(c.file_name, t)]
        if any(t.isdigit() and len(t) >= 3 and t not in in_passage for t in terms):
            continue  # "in 2023", "invoice 4471": a number the question gives must be there
        coverage = len(in_passage) / len(terms) if terms else 0.0
        vec = c.vector_score or 0.0
        if terms and coverage < (0.5 if len(terms) <= 2 else 0.34) and vec < vector_strong:
            continue  # shares too little of what the question is about
        if not terms and vec < vector_weak:
            continue
        named = [t for t in terms if contains(c.file_name, t)]  # the file name already says these
        for u in units(c.text, c.file_name):
            here = [t for t in terms if contains(u, t) and t not in named]
            score = 1.2 * len(here) + 0.6 * (len(in_passage) - len(here))
            score += 1.0 * sum(1 for f in frame if contains(u, f))
            typed = bool(kind and TYPE_PATTERNS[kind].search(u))
            if kind and typed:
                score += 3.0 if asked else 1.5
            elif kind == "amount" and _QUANTITY.search(u) and not TYPE_PATTERNS["date"].search(u):
                score += 1.0  # "512 GB" for "how much storage"
            score += 1.0 * (c.rrf / best_rrf) + 0.6 * vec - 0.1 * rank
            score -= 0.004 * max(0, len(u) - 40)
            if len(u.split()) < 2 and not typed:
                score -= 1.0
            facts.append(Fact(_trim(u, here or terms), c.path, c.file_name, score, typed, c))
    if not facts:
        result.declined, result.reason = True, "no passage shares the question's words"
        return result
    if kind in ("amount", "number", "date" if asked else "-") and not any(f.typed for f in facts):
        # "what's my passport number" where a note only says "renew passport": the value is not there
        result.declined, result.reason = True, f"no {kind} in the passages about it"
        return result
    facts.sort(key=lambda f: -f.score)
    if embed is not None and len(facts) > 1:
        head = facts[:rerank]
        vecs = np.asarray(embed([question] + [f.text for f in head]), dtype=np.float32)
        for f, v in zip(head, vecs[1:], strict=True):
            f.score += 1.5 * float(v @ vecs[0])
        facts = sorted(head, key=lambda f: -f.score) + facts[rerank:]
    result.facts = facts
    return result


def answer_text(ex: Extraction, max_chars: int = 300) -> str:
    """The best fact with its file, in one or two short sentences."""
    if ex.declined or not ex.facts:
        return f"I found nothing about {ex.topic} in your files."
    best = ex.facts[0]
    text = best.text.rstrip()
    if text[-1:] not in ".!?…":
        text += "."
    out = f"{text} (from {best.file_name})"
    return out if len(out) <= max_chars else out[: max_chars - 1].rsplit(" ", 1)[0] + "…"
