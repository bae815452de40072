"""Query rewriting: resolve references, expand search terms, classify intent.

The model answers one JSON object. Anything it gets wrong falls back to the raw
query: unparsable output, missing fields, an unknown intent, or a rewrite that
shares no words with the question or the conversation (a small model's
invention). A short follow-up ("aren't there more?") is also resolved without
the model, from the previous turn, so it works even when the model cannot.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Any

from .llm import LLM, ChatResult
from .parse import parse_json_object
from .router import classify, is_followup, keywords

log = logging.getLogger(__name__)

REWRITER_SYSTEM = (
    "You rewrite user queries for document search. "
    "Given a question and optional conversation history, produce JSON with:\n"
    '- "intent": one of "factual", "count", "list", "compare", "summarize", "metadata"\n'
    '- "search_query": the query expanded for search (add synonyms and related terms)\n'
    '- "resolved_query": the question with pronouns and references resolved from the conversation\n\n'
    "Examples:\n"
    'Question: "any invoices?"\n'
    '{"intent": "list", "search_query": "invoice receipt payment billing", '
    '"resolved_query": "Are there any invoices?"}\n'
    'Question: "how many PDFs?"\n'
    '{"intent": "count", "search_query": "PDF files documents", '
    '"resolved_query": "How many PDF files are there?"}\n'
    "Reply with a single JSON object only."
)

INTENTS = frozenset({"factual", "count", "list", "compare", "summarize", "metadata"})


@dataclass
class Rewrite:
    original: str
    resolved_query: str
    search_query: str
    intent: str
    followup: bool = False
    source: str = "fallback"  # "model" or "fallback"

    def to_dict(self) -> dict[str, Any]:
        return {"original": self.original, "resolved_query": self.resolved_query,
                "search_query": self.search_query, "intent": self.intent, "followup": self.followup,
                "source": self.source}


def context_text(history: list[Any], turns: int = 2) -> str:
    if not history:
        return ""
    lines = ["Recent conversation:"]
    for t in history[-turns:]:
        lines.append(f"  User: {t.question}")
        lines.append(f"  Assistant: {t.answer[:200]}")
    return "\n".join(lines)


def fallback(query: str, history: list[Any] | None = None) -> Rewrite:
    """The deterministic rewrite: the raw query, a heuristic intent, follow-ups resolved from the last turn."""
    if history and is_followup(query):
        last = history[-1]
        return Rewrite(query, f"{query} (follow-up to: {last.question})", last.search_query or last.question,
                       last.intent, followup=True)
    return Rewrite(query, query, query, classify(query))


class QueryRewriter:
    def __init__(self, llm: LLM, max_tokens: int = 128) -> None:
        self.llm = llm
        self.max_tokens = max_tokens

    def rewrite(self, query: str, history: list[Any] | None = None) -> Rewrite:
        base = fallback(query, history)
        if not history and base.intent != "factual":
            # nothing to resolve and the keywords already say what this is ("how many", "list"):
            # skip a model call (seconds on a CPU) that could only add noise
            base.source = "heuristic"
            return base
        context = context_text(history or [])
        user = f"{context}\n\nQuestion: {query}" if context else f"Question: {query}"
        out = self.llm.chat([{"role": "system", "content": REWRITER_SYSTEM}, {"role": "user", "content": user}],
                            max_tokens=self.max_tokens)
        raw = out.text if isinstance(out, ChatResult) else "".join(out)
        parsed = parse_json_object(raw)
        if not isinstance(parsed, dict):
            log.debug("rewrite: unparsable %r, using the raw query", raw[:120])
            return base
        known = set(keywords(query)) | set(keywords(context)) | {w.lower() for w in query.split()}
        resolved = parsed.get("resolved_query")
        search = parsed.get("search_query")
        resolved = resolved if isinstance(resolved, str) and resolved.strip() else None
        search = search if isinstance(search, str) and search.strip() else None
        if resolved and known and not (set(keywords(resolved)) & known) and keywords(resolved):
            resolved = None  # shares nothing with the question or the conversation: invented
        if search and known and not (set(keywords(search)) & known) and keywords(search):
            search = None
        intent = parsed.get("intent")
        intent = intent.strip().lower() if isinstance(intent, str) else ""
        heuristic = classify(resolved or query)
        if heuristic != "factual":
            intent = heuristic  # keyword signals ("how many") beat a small model's guess
        elif intent not in INTENTS:
            intent = base.intent if base.followup else "factual"
        if base.followup and not resolved:
            resolved = base.resolved_query
        if base.followup and not search:
            search = base.search_query
        return Rewrite(query, resolved or query, search or query, intent, followup=base.followup, source="model")
