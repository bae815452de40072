"""The paper of the month asked, from a monthly series the search found another month of.

Papers of one series say nearly the same words ("CEDOLINO PAGA … NETTO IN BUSTA …" each month), so which month's
paper a search ranks first is a toss-up: "how much reached his account in October" may find September's and
November's payslips and miss October's. Where a passage found is of a paper whose name dates it another month than
the one asked, and a paper of its series (its folder, named like it) is dated the month asked and was not found,
that paper is read whole after it, ranked as it. Only a paper among the first five found that says two of the
question's words, the month aside, is taken for the series asked. A day asked ("her payslip dated 6 August 2026")
picks the paper of a series whose name gives that day ("Payslip_06-08-2026.pdf", not "Payslip_20-08-2026.pdf",
a fortnight's payslips being two a month) as a month does. ``month_missing`` and ``day_missing`` say when the
answer comes from a paper of another month or day, of a series none of whose papers is of the one asked.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any

from .facts import Extraction
from .months import asked_months, days, is_month, name_date_fit, name_dates, spanned_months
from .names import files_at
from .retrieve import MONTH_NUMBERS, Candidate, contains, overlapped
from .series import series_of
from .slots import is_year

READ_MOST = 6  # passages read of the asked month's paper (a payslip, a bill: a page or two)
LEADING = 5  # of the first this many files found


def _fit(name: str, given: frozenset, months: set[int], years: set[int]) -> float:
    """+1 a paper named for the day (or else the month) asked, -1 for another, 0 a paper of no date."""
    if given and (named := days(name)):
        return 1.0 if given & named else -1.0
    return name_date_fit(name, months, years)


def asked_month_papers(query: str, terms: Sequence[str], candidates: list[Candidate], files: Sequence[Any],
                       passages: Callable[..., list[tuple[int, int, Any, str]]]) -> list[Candidate]:
    """``candidates`` with the asked month's paper of each series found in another month only, after the first
    of that series found (``passages(file_id, limit=n)``: a file's first (passage id, seq, page, text) rows)."""
    months, years = asked_months(query)
    given = days(query)
    if not months and not given or not candidates:
        return candidates

    def fit(name: str) -> float:
        return _fit(name, given, months, years)

    # of a paper among the first five found that says two of the question's words, the month aside: the series asked
    # ("Luna's vet invoice from January" is not the electricity bill's series, found third for "invoice" alone)
    found = list(dict.fromkeys(c.path for c in candidates))[:LEADING]  # (those further down are hardly read)
    asked = [t for t in terms if not is_month(t) and not is_year(t)]  # (a year says no series: every paper has one)

    def of_series_asked(c: Candidate) -> bool:  # (further down, one that says every word of the question)
        said = [t for t in c.terms if t in asked]
        return len(said) >= 2 and (c.path in found or len(said) == len(asked))

    mine = [c for c in candidates if c.path in found and of_series_asked(c) and fit(c.file_name) > 0]
    if mine:  # a paper of the month asked was found: the check weighs it against the others (not the Kita's May
        # bill, which says only the name of "claudia nettolohn mai"); read whole when a passage of another month's
        # paper says more of the words ("overtime": its table, not the October payslip's last lines, found first)
        most = max((len(set(c.terms) & set(asked)) for c in candidates if fit(c.file_name) < 0), default=0)
        return [_whole(c, terms, passages) or c if c in mine and len(set(c.terms) & set(asked)) < most else c
                for c in candidates]
    others = [c for c in candidates if of_series_asked(c) and fit(c.file_name) < 0]
    by_path = files_at([c.path for c in others], files)
    leading = set(found)
    out: list[Candidate] = []
    for c in candidates:
        out.append(c)
        f = by_path.get(c.path)
        mine = [g for g in series_of(f, files) if fit(g.name) > 0] if f is not None else []
        if len(mine) == 1 and str(mine[0].path) not in found:  # (not none, nor one a week of the month asked)
            found.append(str(mine[0].path))
            if (m := _whole(c, terms, passages, mine[0])) is None:  # (ranked as the one found)
                continue
            # after the first of its series found; or, found further down than the leading files, after them
            at = len(out) if c.path in leading else next((i for i, o in enumerate(out) if o.path not in leading), len(out))
            out.insert(at, m)
    return out


def _whole(c: Candidate, terms: Sequence[str], passages: Callable[..., list[tuple[int, int, Any, str]]],
           paper: Any = None) -> Candidate | None:
    """``c`` with its file's first passages read together in its place, or those of ``paper`` (a file of the
    catalog) ranked as ``c``; None when there are none."""
    where = {} if paper is None else {"path": str(paper.path), "file_name": paper.name, "file_id": paper.id,
                                      "relpath": paper.relpath}
    file_id = where.get("file_id", c.file_id)
    rows = passages(file_id, limit=READ_MOST) if file_id is not None else []
    if not rows:
        return None
    m = replace(c, passage_id=rows[0][0], text=overlapped([row[3] for row in rows]), heading="", **where)
    m.terms = m.says(terms)
    return m


def month_missing(query: str, ex: Extraction, files: Sequence[Any]) -> bool:
    """Whether the answer comes from a paper of a monthly series (bills named by their month) named for another
    month than the one asked, when no paper of the series is of that month and the answer's line does not say
    it: "the Enbridge bill that came in March" is not February's bill, though that one is due in March."""
    months, years = asked_months(query)
    top = _answered(ex)
    if top is None or not months or name_date_fit(top.file_name, months, years) >= 0 or \
            any(contains(top.text, m) for m, n in MONTH_NUMBERS.items() if n in months) or \
            top.candidate is not None and months <= spanned_months(top.candidate.text):
        return False  # (a bill named for July whose period is April to June is of those months)
    papers = [n for n in _series_names(top, files) if name_dates(n)]
    return len(papers) >= 2 and not any(name_date_fit(n, months, years) > 0 for n in papers)


def day_missing(query: str, ex: Extraction, files: Sequence[Any]) -> bool:
    """Whether the answer comes from a series of papers named by their day ("Payslip_06-08-2026.pdf", a fortnight's
    payslips), none named for the day asked, and neither the paper nor its line says that day: "her 25 June
    payslip" is no other payslip."""
    given = days(query)
    top = _answered(ex)
    if top is None or not given or given & days(f"{top.text} {top.file_name}") or \
            top.candidate is not None and given & days(top.candidate.text):
        return False
    papers = [named for n in _series_names(top, files) if (named := days(n))]
    return len(papers) >= 2 and not any(given & named for named in papers)


def _answered(ex: Extraction) -> Any:
    """The fact answered with, or None when the answer declines."""
    return ex.facts[0] if ex.facts and not ex.declined else None


def _series_names(top: Any, files: Sequence[Any]) -> list[str]:
    """The names of the papers of the series the answer's file is of (its folder, named like it)."""
    mine = files_at([str(top.path)], files).get(str(top.path))
    return [f.name for f in series_of(mine, files)] if mine is not None else []
