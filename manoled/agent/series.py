"""A file's series: the papers of its folder named like it ("acme_hosting_2025-01.txt", "…_2025-02.txt"), in
order, for "and the next one?", "the one before", "the other globex one" and "the latest renewal"; and whether a
paper's name dates it in a period asked."""

from __future__ import annotations

import re
from datetime import datetime
from typing import Any

from .months import name_dates, series_words
from .names import path_words
from .slots import YEAR, TimeRange


def in_sequence(f: Any, files: list[Any], step: int) -> Any | None:
    """The file after (``step`` 1) or before (-1) ``f`` in its series: the files of its folder named like it
    (the same words, numbers and dates aside), in the order of their numbers, then of their dates."""
    series = series_of(f, files)
    at = next((i for i, g in enumerate(series) if g.path == f.path), None)
    if at is None or not 0 <= at + step < len(series):
        return None
    return series[at + step]


def series_of(f: Any, files: list[Any]) -> list[Any]:
    """The files of ``f``'s folder named like it, oldest first (by the dates and numbers of their names)."""
    folder, mine = f.relpath.rpartition("/")[0], series_words(f.name)
    series = [g for g in files if g.relpath.rpartition("/")[0] == folder and _alike(f, g, mine)]
    series.sort(key=lambda g: (name_dates(g.name), [int(n) for n in re.findall(r"\d+", g.name)], g.mtime_ns))
    return series


def sibling(f: Any, files: list[Any], seen: set[str]) -> Any | None:
    """The one other file named like ``f`` that the previous turn did not return."""
    mine = series_words(f.name)
    hits = [g for g in files if str(g.path) not in seen and _alike(f, g, mine)]
    return hits[0] if len(hits) == 1 else None


def _alike(f: Any, g: Any, mine: frozenset[str]) -> bool:
    """Whether ``g`` is named like ``f`` (``mine``: the words of its name, dates and numbers aside) and of its
    kind (a document is a document, whatever its format)."""
    return (g.ext == f.ext or {g.ext, f.ext} <= _DOCS) and series_words(g.name) == mine


_DOCS = {"pdf", "docx", "doc", "odt", "txt", "md", "html", "rtf"}


def of_period(f: Any, when: TimeRange) -> bool:
    """Whether file ``f``'s name dates it in ``when``, or says no date at all."""
    dated = [(y, m) for y, m in name_dates(f.name) if y]
    return not dated or any(when.holds(datetime(y, m, 15).timestamp()) for y, m in dated)


def dated_sibling(top: Any, when: Any, files: list[Any]) -> Any | None:
    """The one file of ``top``'s series (its folder, its name's words but the dates) whose name carries the new
    date: its year, and for a month its month, in numbers or in words ("Voltline bill Dec 2025.pdf" after "…
    Jan 2026.pdf"; not "Koala Mobile bill Dec 2025.pdf"); of names that carry no date ("invoice (2).pdf"), the
    one saved in the new period."""
    if when is None or when.since is None:
        return None
    start = datetime.fromtimestamp(when.since)
    name_words = series_words(top.name)
    monthly = when.until is not None and when.until - when.since < 32 * 86400
    hits, saved = [], []
    for f in files:
        if f is top or f.relpath.rsplit("/", 1)[0] != top.relpath.rsplit("/", 1)[0] or series_words(f.name) != name_words:
            continue
        if not YEAR.findall(f.name) and not name_dates(f.name):
            saved += [f] if when.holds(f.mtime) else []  # "invoice (2).pdf": its name has no date, the day it was saved
            continue
        if str(start.year) not in YEAR.findall(f.name):
            continue
        if monthly and not ({f"{start.month:02d}", str(start.month)} & set(path_words(f.name))
                            or any(m == start.month for _y, m in name_dates(f.name))):
            continue
        hits.append(f)
    return hits[0] if len(hits) == 1 else saved[0] if not hits and len(saved) == 1 else None
