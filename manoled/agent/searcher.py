"""semantic_search as map-filter.

1. vector search for the top-k passages;
2. drop passages scoring below 85% of the top score;
3. map: one model call per passage extracts the facts relevant to the query, as JSON;
4. filter: keep passages where the model found relevant facts;
5. group the facts by file ("From <file>:");
6. if nothing matched, fall back to files whose names contain the query's keywords.

The result carries the files it used, so only those can be cited.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any, Protocol

from .llm import LLM, ChatResult
from .parse import parse_json_object
from .router import keywords

log = logging.getLogger(__name__)

MAP_SYSTEM = (
    "You are a data extraction assistant. The user gives you a question and a text passage from one file. "
    "Decide if the passage DIRECTLY answers or relates to the question. "
    "Set relevant to false unless the passage specifically discusses what is asked about. "
    "If relevant, copy the specific data points (names, amounts, dates, items) as short factual strings, "
    "using only words from the passage. "
    'Reply with JSON only: {"relevant": true, "facts": ["fact 1", "fact 2"]}'
)

SCORE_RATIO = 0.85
MAX_FACTS_PER_CHUNK = 10
MAX_CHUNK_CHARS = 1200


class Hit(Protocol):
    passage_id: int
    score: float
    text: str
    path: str
    file_name: str
    page: int | None
    metadata: dict[str, Any]


SearchFn = Callable[[str, int], list[Any]]


@dataclass
class SearchOutcome:
    text: str
    sources: list[str] = field(default_factory=list)  # absolute paths
    facts: dict[str, list[str]] = field(default_factory=dict)  # path -> facts
    names: dict[str, str] = field(default_factory=dict)  # path -> file name
    fallback: bool = False
    candidates: int = 0


def normalize_fact(f: Any) -> str | None:
    result = None
    if isinstance(f, str) and f.strip():
        result = f.strip()
    elif isinstance(f, (int, float)) and not isinstance(f, bool):
        result = str(f)
    elif isinstance(f, dict):
        name, value = f.get("name", ""), f.get("value", "")
        if name and value:
            result = f"{name}: {value}"
        else:
            vals = [str(v) for v in f.values() if v not in (None, "")]
            result = ": ".join(vals) if vals else None
    if result and len(result) >= 3:
        return " ".join(result.split())[:300]
    return None


EXCERPT_CHARS = 300


def excerpt(text: str, query: str) -> str | None:
    """The chunk's own words, when they share a keyword with the query (for a model that cannot write JSON)."""
    kws = [k for k in keywords(query) if len(k) >= 3]
    flat = " ".join(text.split())
    low = flat.lower()
    if not kws or not any(k in low for k in kws):
        return None
    if len(flat) <= EXCERPT_CHARS:
        return flat
    sentences = [x.strip() for x in re.split(r"(?<=[.!?])\s+|\n+", text) if x.strip()]
    picked = [" ".join(x.split()) for x in sentences if any(k in x.lower() for k in kws)]
    return (" ".join(picked) or flat)[:EXCERPT_CHARS]


def parse_extraction(raw: str) -> tuple[bool, list[str]] | None:
    """(relevant, facts) from the model's JSON; ``None`` when the output is not JSON at all."""
    parsed = parse_json_object(raw or "")
    if isinstance(parsed, list):
        parsed = {"relevant": bool(parsed), "facts": parsed}
    if not isinstance(parsed, dict):
        return None
    facts = parsed.get("facts", [])
    if isinstance(facts, (str, dict)):
        facts = [facts]
    if not isinstance(facts, list):
        facts = []
    norm = [n for n in (normalize_fact(f) for f in facts[:MAX_FACTS_PER_CHUNK]) if n]
    relevant = parsed.get("relevant", bool(norm))
    if isinstance(relevant, str):
        relevant = relevant.strip().lower() in ("true", "yes", "1")
    return bool(relevant) and bool(norm), norm


class Searcher:
    def __init__(self, llm: LLM, search: SearchFn | None, files: Callable[[], list[Any]] | None = None,
                 passages: Callable[[int], list[str]] | None = None, *, score_ratio: float = SCORE_RATIO,
                 max_tokens: int = 160) -> None:
        self.llm = llm
        self.search = search
        self.files = files
        self.passages = passages
        self.score_ratio = score_ratio
        self.max_tokens = max_tokens

    def extract(self, query: str, file_name: str, text: str, page: int | None = None) -> tuple[bool, list[str]]:
        where = f"File: {file_name}" + (f" | page {page}" if page is not None else "")
        messages = [
            {"role": "system", "content": MAP_SYSTEM},
            {"role": "user", "content": f"Question: {query}\n\n[{where}]\n{text[:MAX_CHUNK_CHARS]}"},
        ]
        out = self.llm.chat(messages, max_tokens=self.max_tokens)
        raw = out.text if isinstance(out, ChatResult) else "".join(out if isinstance(out, Iterator) else [])
        parsed = parse_extraction(raw)
        if parsed is None:
            # a weak model ignored the JSON instruction: keep the passage's own words if they share a keyword
            quote = excerpt(text, query)
            parsed = (True, [quote]) if quote else (False, [])
        relevant, facts = parsed
        log.debug("extract %s: relevant=%s facts=%d raw=%r", file_name, relevant, len(facts), raw[:120])
        return relevant, facts

    def filter_hits(self, hits: list[Any]) -> list[Any]:
        if len(hits) > 1 and hits[0].score > 0:
            threshold = hits[0].score * self.score_ratio
            return [h for h in hits if h.score >= threshold]
        return hits

    def search_and_extract(self, query: str, top_k: int = 5) -> SearchOutcome:
        hits = list(self.search(query, top_k)) if self.search else []
        hits.sort(key=lambda h: h.score, reverse=True)
        kept = self.filter_hits(hits)
        outcome = SearchOutcome(text="", candidates=len(kept))
        for hit in kept:
            relevant, facts = self.extract(query, hit.file_name, hit.text, hit.page)
            if relevant:
                bucket = outcome.facts.setdefault(hit.path, [])
                bucket.extend(f for f in facts if f not in bucket)
                outcome.names[hit.path] = hit.file_name
        if not outcome.facts:
            self._filename_fallback(query, outcome)
        if outcome.facts:
            lines = []
            for path, facts in outcome.facts.items():
                lines.append(f"From {outcome.names[path]}:")
                lines.extend(f"  - {f}" for f in facts)
            outcome.text = "\n".join(lines)
            outcome.sources = list(outcome.facts)
        elif outcome.sources:
            pass  # the fallback listed matching names
        elif hits:
            outcome.text = "Search returned results but none were relevant to the query."
        else:
            outcome.text = "No matching content found."
        return outcome

    def _filename_fallback(self, query: str, outcome: SearchOutcome) -> None:
        if self.files is None:
            return
        kws = keywords(query)
        if not kws:
            return
        matches = [f for f in self.files() if any(k in f.name.lower() for k in kws)]
        if not matches:
            return
        outcome.fallback = True
        for f in matches[:3]:
            texts = self.passages(f.id)[:2] if self.passages else []
            for text in texts:
                relevant, facts = self.extract(query, f.name, text)
                if relevant:
                    bucket = outcome.facts.setdefault(str(f.path), [])
                    bucket.extend(x for x in facts if x not in bucket)
                    outcome.names[str(f.path)] = f.name
        if not outcome.facts:
            shown = matches[:10]
            outcome.sources = [str(f.path) for f in shown]
            outcome.names = {str(f.path): f.name for f in shown}
            more = f" (and {len(matches) - len(shown)} more)" if len(matches) > len(shown) else ""
            outcome.text = ("No passage answered the question, but these files have matching names: "
                            + ", ".join(f.name for f in shown) + more)
