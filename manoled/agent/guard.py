"""The answer guard: a model answer must agree with what the tools returned.

An answer is replaced by a plain template built from the tool results when it is

* empty or degenerate (repetition loops, chat-template or tool-call debris);
* missing the decisive fact of the last tool step: the number a count returned,
  one of the file names a list/grep/metadata call returned, or something of the
  facts semantic_search extracted;
* inventing: a file name, or a number, that appears in no tool result and not
  in the question.

Only files that tools returned are cited.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass

from .registry import ToolResult
from .router import STOPWORDS

_DEBRIS = re.compile(
    r"<\|[^>]*\|>|<(?:start|end)_of_turn>|<tool_call>|</tool_call>|\[TOOL_CALLS?\]|\"name\"\s*:|"
    r"^\s*(?:[-*•]\s*)?\[?\s*(?:semantic_search|count_files|list_files|file_metadata|grep_files|directory_tree|folder_stats"
    r"|disk_usage|respond)\s*\(",
    re.MULTILINE,
)
_FILE_TOKEN = re.compile(
    r"\b[\w\-]+(?:\.[\w\-]+)*\.(?:pdf|txt|md|docx?|xlsx?|csv|json|png|jpe?g|heic|gif|py|html?|xml|rtf|odt|pptx?)\b",
    re.IGNORECASE,
)
_NUMBER = re.compile(r"(?<![\w.])\d[\d,]*(?:\.\d+)?(?![\w])")
_COUNT_CLAIM = re.compile(
    r"\b(\d+)\s+(?:\.?[a-z0-9]{2,5}\s+)?(?:files?|documents?|folders?|images?|photos?|pdfs?)\b", re.IGNORECASE)
_NUM_WORDS = {0: "no", 1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight",
              9: "nine", 10: "ten", 11: "eleven", 12: "twelve"}


@dataclass
class Verdict:
    ok: bool
    reason: str = ""


def _numbers(text: str) -> set[str]:
    return {n.replace(",", "").rstrip(".") for n in _NUMBER.findall(text)}


def is_degenerate(answer: str) -> str:
    """Why ``answer`` is unusable, or "" when it is fine."""
    text = (answer or "").strip()
    if len(text) < 2:
        return "empty answer"
    if _DEBRIS.search(text):
        return "markup debris"
    tokens = re.findall(r"\w+", text.lower())
    if len(tokens) >= 12:
        grams = Counter(tuple(tokens[i:i + 4]) for i in range(len(tokens) - 3))
        if grams and grams.most_common(1)[0][1] >= 3:
            return "repetition"
        if len(set(tokens)) / len(tokens) < 0.3:
            return "repetition"
    lines = [ln.strip() for ln in text.splitlines() if ln.strip()]
    if len(lines) >= 3 and Counter(lines).most_common(1)[0][1] >= 3:
        return "repetition"
    return ""


def _mentions_count(answer: str, n: int) -> bool:
    if str(n) in _numbers(answer):
        return True
    word = _NUM_WORDS.get(n)
    return bool(word) and re.search(rf"\b{word}\b", answer.lower()) is not None


def _mentions_name(answer: str, names: list[str]) -> bool:
    low = answer.lower()
    for name in names:
        n = name.lower()
        stem = n.rsplit(".", 1)[0]
        if n in low or (len(stem) >= 4 and stem in low):
            return True
    return False


def _content_words(text: str) -> set[str]:
    return {w for w in re.findall(r"[a-z0-9$€£][a-z0-9$€£,.\-]*", text.lower())
            if w not in STOPWORDS and len(w) > 2}


def echoes(answer: str, instructions: str, window: int = 8) -> bool:
    """True when the answer repeats a run of ``window`` words from the system prompt."""
    said = re.findall(r"\w+", answer.lower())
    if len(said) < window or not instructions:
        return False
    given = " " + " ".join(re.findall(r"\w+", instructions.lower())) + " "
    return any(" " + " ".join(said[i:i + window]) + " " in given for i in range(len(said) - window + 1))


def check(answer: str, question: str, results: list[ToolResult], last_step: list[ToolResult],
          history_text: str = "", instructions: str = "") -> Verdict:
    bad = is_degenerate(answer)
    if bad:
        return Verdict(False, bad)
    if echoes(answer, instructions):
        return Verdict(False, "repeats its instructions")
    ok_results = [r for r in results if r.ok]
    evidence = "\n".join(r.output.text + " " + str(r.output.data.get("answer", "")) for r in ok_results)
    allowed = evidence + "\n" + question + "\n" + history_text
    # invented file names
    allowed_low = allowed.lower()
    for token in _FILE_TOKEN.findall(answer):
        if token.lower() not in allowed_low:
            return Verdict(False, f"names a file no tool returned: {token}")
    # invented numbers (ignore 1-digit numbers: "1 file", list markers)
    known_numbers = _numbers(allowed) | {str(len(r.output.data.get("files", []))) for r in ok_results}
    for num in _numbers(answer):
        if len(num.replace(".", "")) >= 2 and num not in known_numbers:
            return Verdict(False, f"states a number no tool returned: {num}")
    # file counts ("3 files", "2 .pdf files") must be counts some tool returned
    known_counts = {str(r.output.data["count"]) for r in ok_results if "count" in r.output.data}
    known_counts |= {str(len(r.output.data.get("files", []))) for r in ok_results}
    known_counts |= set(_COUNT_CLAIM.findall(allowed))
    for num in _COUNT_CLAIM.findall(answer):
        if num not in known_counts:
            return Verdict(False, f"states a file count no tool returned: {num}")
    # decisive facts of the last step
    for r in (r for r in last_step if r.ok):
        data = r.output.data
        kind = data.get("kind")
        if kind == "count" and not _mentions_count(answer, int(data["count"])):
            return Verdict(False, f"drops the count {data['count']}")
        if kind in ("list", "metadata") and data.get("files") and not _mentions_name(answer, data["files"]):
            return Verdict(False, "mentions none of the files found")
        if kind == "search" and data.get("facts"):
            fact_words = _content_words(" ".join(f for fs in data["facts"].values() for f in fs))
            fact_words |= {n.rsplit(".", 1)[0] for n in data["facts"]}
            if fact_words and not (_content_words(answer) & fact_words) and not _mentions_name(answer, list(data["facts"])):
                return Verdict(False, "ignores the facts found")
    return Verdict(True)


def template_answer(question: str, results: list[ToolResult], last_step: list[ToolResult]) -> str:
    """A plain answer straight from the tool results (used when the model's answer fails the guard)."""
    chosen = [r for r in last_step if r.ok and r.name != "respond"] or [r for r in results if r.ok and r.name != "respond"]
    parts: list[str] = []
    for r in chosen:
        text = str(r.output.data.get("answer") or r.output.text).strip()
        if text and text not in parts:
            parts.append(text if len(text) <= 1200 else text[:1200].rstrip() + " …")
    if parts:
        return "\n".join(parts)
    errors = [r.error for r in results if not r.ok]
    if errors:
        return f"I couldn't get that from your files: {errors[-1]}"
    return "I couldn't find anything about that in your files."


def sources_for(results: list[ToolResult], last_step: list[ToolResult], limit: int = 10) -> list[str]:
    """Files to cite: those the last step's tools returned (else any tool's), never anything else."""
    chosen = [r for r in last_step if r.ok] or [r for r in results if r.ok]
    out: list[str] = []
    for r in chosen:
        for s in r.output.sources:
            if s not in out:
                out.append(s)
    return out[:limit]
