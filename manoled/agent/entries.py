"""Entries: a diary, a log or a notes file is a list of dated entries, each about its own day.

In such a file the entry, not the file, is what a line belongs to. "How much did the plumber charge" is not
answered by another day's entry that gives a sum ("Flights 312.46 for both of us"), and "Arjun's dentist
appointment" not by another day's "Crown appointment with Dr. Tran", though the same file names Arjun
elsewhere. ``entry_of(text, unit)`` gives the entry that ``unit`` sits in, or None when ``text`` is no list of
dated entries (three at least) or the unit is not found in it.

An entry starts at a line that opens with a date: "16/01/2026", "2026-01-16", "**3 Jan 2026** -",
"Mar 5 -", "## Monday 12 May". It runs to the next one.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any

from .months import LAST_PAPER, MONTH_NAMES, days, foreign_month, is_month
from .retrieve import contains
from .shapes import MEASURED, TYPE_PATTERNS
from .terms import topic_terms

MIN_ENTRIES = 3
_LEAD = r"^[\s#>*_-]*(?:(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*\.?,?\s+)?"
_NUMERIC = re.compile(_LEAD + r"(?:\d{4}-\d{1,2}-\d{1,2}|\d{1,2}[./]\d{1,2}(?:[./]\d{2,4})?)(?!\d)", re.IGNORECASE)
_WORDED = re.compile(_LEAD + r"(?:\d{1,2}(?:st|nd|rd|th)?\s+([a-z]{3,9})\.?|([a-z]{3,9})\.?\s+\d{1,2}(?:st|nd|rd|th)?)\b",
                     re.IGNORECASE)


_DAY_MONTH = re.compile(r"(\d{1,2})[./](\d{1,2})(?:[./](\d{2,4}))?")


def _measured(line: str) -> bool:
    """Whether ``line`` opens with a measure, a share or a span of time ("12.5 kg", "14.8%", "1.5 hours"), not a day."""
    return bool(MEASURED.match(line) or TYPE_PATTERNS["duration"].match(line) or re.match(r"[\d.,]+\s?%", line))


def _starts_entry(line: str) -> bool:
    if m := _NUMERIC.match(line):
        d = _DAY_MONTH.search(m.group())
        if d is None:  # ISO
            return True
        a, b = int(d.group(1)), int(d.group(2))
        # "96/58" (a blood pressure), "41.2 lb" (a weight) open no day's entry
        return (1 <= a <= 31 and 1 <= b <= 12 or 1 <= a <= 12 and 1 <= b <= 31) and \
            bool(d.group(3) or not _measured(line.lstrip(" \t#>*_-")))
    m = _WORDED.match(line)
    return bool(m) and (m.group(1) or m.group(2)).lower()[:3] in MONTH_NAMES


def _flat(text: str) -> str:
    return " ".join(text.split()).lower()


@lru_cache(maxsize=64)
def _entries(text: str) -> tuple[str, ...]:
    """The entries of ``text``, whitespace-flattened and in lower case; () when it has fewer than three."""
    lines = text.splitlines()
    starts = [i for i, ln in enumerate(lines) if _starts_entry(ln)]
    if len(starts) < MIN_ENTRIES:
        return ()
    bounds = [*starts, len(lines)]
    return tuple(_flat("\n".join(lines[a:b])) for a, b in zip(bounds, bounds[1:], strict=False))


_OWNER = re.compile(r"\s*([A-Z][\w'-]+)\s+[-–—:]\s")  # "Maricel - off days & stuff": a name, then what the notes are


def owner_of(c: Any) -> str:  # a retrieve.Candidate
    """The person whose notes a passage is of, when the document's first line starts with her name alone
    ("Maricel - off days & stuff", its ``heading`` for a later passage); else ""."""
    m = _OWNER.match(c.heading or c.text.lstrip())
    return m.group(1) if m else ""


def is_log(text: str) -> bool:
    """Whether ``text`` is a list of dated entries (a diary, a log, a sheet of dated rows)."""
    return bool(_entries(text))


def entry_of(text: str, unit: str) -> str | None:
    """The dated entry of ``text`` that says ``unit`` (flattened, lower case), or None."""
    entries = _entries(text)
    if not entries:
        return None
    probe = _flat(unit).rstrip(" .…")[:60]
    hits = [e for e in entries if probe and probe in e]
    return hits[0] if len(hits) == 1 else None


# "when did I last fill up", "the most recent entry": the newest row of a log
LAST_TIME = re.compile(r"\bwhen\b.*\blast\b|\b(?:latest|most recent|last time)\b|"  # and "at the last vet visit", not
                       r"\blast (?!(?:years?|months?|weeks?|days?|night|weekend|quarter|ones?|two|three|few|couple|page|"
                       r"line|item|bit|part|minute|name|payment|instalment|installment|term|semester|season|summer|"
                       r"winter|spring|autumn|fall|christmas|easter|(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec|"
                       r"mon|tue|wed|thu|fri|sat|sun)[a-z]*)\b)[a-z]{3,}", re.IGNORECASE)  # "last year", "last November"
_ISO = re.compile(r"\b((?:19|20)\d\d)-(\d{1,2})-(\d{1,2})\b")
_DMY = re.compile(r"\b(\d{1,2})[/.](\d{1,2})[/.]((?:19|20)\d\d)\b")
NEXT_TIME = re.compile(r"\b(?:next|upcoming)\b", re.IGNORECASE)
NEAR = 1.0  # how far below the best a row of the same log may score and still be read for its date


def _day(text: str) -> tuple[int, int, int] | None:
    """The first date a row gives, as (year, month, day): ISO, else day/month/year."""
    return next(iter(dated(text)), None)


def dated(text: str) -> list[tuple[int, int, int]]:
    """Every date a row gives, as (year, month, day), ISO ones first; "04/30/2027" is read as month/day when it
    must be."""
    out = [(int(m.group(1)), int(m.group(2)), int(m.group(3))) for m in _ISO.finditer(text)]
    for m in _DMY.finditer(text):
        d, mo, y = int(m.group(1)), int(m.group(2)), int(m.group(3))
        out.append((y, d, mo) if mo > 12 >= d else (y, mo, d))
    return out


def soonest_first(question: str, facts: list, today: tuple[int, int, int]) -> list:
    """``facts`` with, for "when's her next booster due", the row of the best fact's log whose date still to come
    is the soonest first: the newest vaccination's "Next due: 14/10/2027", not last year's row whose next date is
    past; the first visit of a schedule that is still ahead, not its last. ``today``: (year, month, day)."""
    if not facts or not NEXT_TIME.search(question):
        return facts
    top = facts[0]
    said = [t for t in topic_terms(question) if contains(top.text, t)]  # a row like it ("booster"), not another
    # line with a date ahead ("Rent due" for "the next rent review")
    coming = [(day, i) for i, f in enumerate(facts) if f.path == top.path and f.typed == top.typed
              and top.score - f.score <= NEAR and all(contains(f.text, t) for t in said)
              and (day := min((d for d in dated(f.text) if d >= today), default=None))]
    if not coming:
        return facts
    best = min(coming)[1]
    return [facts[best]] + [f for i, f in enumerate(facts) if i != best]


def row_day(row: str) -> str:
    """The date a row gives, as it is written ("2026-11-14", "02/11/2026"), or ""."""
    m = _ISO.search(row) or _DMY.search(row)
    return m.group() if m else ""


def newer_row(question: str, top: str, rows: list[str]) -> str | None:
    """For "when did I last …", the newest of a log's ``rows`` (from all its passages, where the search may
    have missed the last one) that says every question word the best row ``top`` says, if newer than it."""
    day = _day(top) if LAST_TIME.search(question) else None
    if day is None:
        return None
    said = [t for t in topic_terms(question) if contains(top, t)]
    newest = max(((d, r) for r in rows if (d := _day(r)) and all(contains(r, t) for t in said)), default=None)
    return newest[1] if newest and newest[0] > day else None


def newest_first(question: str, facts: list) -> list:
    """``facts`` with, for "when did I last …", the newest dated row of the best fact's log first: rows of one
    log say the same words, so their scores barely differ, and the question asks for the last one."""
    if not facts or not LAST_TIME.search(question) or LAST_PAPER.search(question):
        return facts  # "our last gas bill": the newest bill, not its newest row
    top = facts[0]
    rows = [(d, f.text) for f in facts if f.path == top.path and (d := _day(f.text))]

    def day_of(text: str) -> tuple[int, int, int] | None:  # a row's cell ("Weight: 4.6 kg") is as old as its row
        return _day(text) or next((d for d, row in rows if text in row), None)

    by_day = [(day, i) for i, f in enumerate(facts) if f.path == top.path and f.typed == top.typed
              and top.score - f.score <= NEAR and (day := day_of(f.text))]
    if len(by_day) < 2:
        return facts
    best = max(by_day)[1]
    return [facts[best]] + [f for i, f in enumerate(facts) if i != best]


_ON_DAY = re.compile(r"\bon (?:the )?(\d{1,2}(?:st|nd|rd|th)? [a-z]+|[a-z]+ \d{1,2}(?:st|nd|rd|th)?\b|\d{1,2}[/.]\d{1,2})",
                     re.IGNORECASE)


def other_day(question: str, passage: str, file_name: str = "") -> bool:
    """Whether the question asks what happened on a day ("how many loaves did we sell on 11 July") and the passage
    and its file's name say no such day, in English or another tongue ("3 de abril"): a log's other days answer
    nothing of it."""
    asked = frozenset().union(*(days(m.group(1)) for m in _ON_DAY.finditer(question)))
    return bool(asked) and not asked & days(_DAY_ABROAD.sub(_in_english, f"{passage} {file_name}"))


# "3 de abril", "3. April", "le 3 avril": a day and a month's name, maybe in another tongue
_DAY_ABROAD = re.compile(r"\b(\d{1,2})\.?\s+(?:de\s+|del\s+|di\s+)?([^\W\d_]{3,})", re.IGNORECASE)


def _in_english(m: re.Match[str]) -> str:
    word = m.group(2).lower()
    month = word if is_month(word) else foreign_month([m.group(1), word], 1)
    return f"{m.group(1)} {month}" if month else m.group()
