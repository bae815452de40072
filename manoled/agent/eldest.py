"""The oldest or the youngest of a list of people: "when does our oldest granddaughter have her birthday?".

A list of birthdays, a family table or a class list gives each person a date of birth ("Emma | May 22, 2014",
"Noah - 3/9/2017"). The extractor scores each row by the question's words, and "oldest" is none of them: which row
came first was chance. :func:`eldest_first` puts first, of the answer's file, the row whose date is the earliest
for "the oldest" ("eldest", "first-born"), the latest for "the youngest".
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace

from .facts import Extraction
from .months import year_months
from .units import units

_OLDEST = re.compile(r"\b(?:oldest|eldest|first-born|firstborn)\b", re.IGNORECASE)
_YOUNGEST = re.compile(r"\b(?:youngest|last-born|baby of the family)\b", re.IGNORECASE)
MIN_ROWS = 2


def asked(question: str) -> int:
    """+1 when ``question`` asks of the oldest, -1 of the youngest, 0 neither."""
    return 1 if _OLDEST.search(question) else -1 if _YOUNGEST.search(question) else 0


def eldest_first(question: str, ex: Extraction, passages: Callable[[int], list[str]]) -> Extraction:
    """``ex`` with, for "our oldest granddaughter", the answer's file's row of the earliest date (the latest for
    "the youngest") first, when the file has two rows at least that each give one date with its year."""
    way = asked(question)
    top = ex.facts[0] if ex.facts and not ex.declined else None
    if not way or top is None or top.candidate is None:
        return ex
    rows = [(u, dates[0]) for u in units("\n".join(passages(top.candidate.file_id)), top.file_name)
            if len(dates := sorted(set(year_months(u)))) == 1]
    if len({u for u, _ in rows}) < MIN_ROWS:
        return ex
    line, _ = min(rows, key=lambda row: (way * row[1][0], way * row[1][1]))
    if line != top.text:
        ex.facts = [replace(top, text=line, typed=True), *ex.facts]
    return ex
