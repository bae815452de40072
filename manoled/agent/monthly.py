"""The paper of the month asked, from a monthly series the search found another month of.

Papers of one series say nearly the same words ("CEDOLINO PAGA … NETTO IN BUSTA …" each month), so which month's
paper a search ranks first is a toss-up: "how much reached his account in October" may find September's and
November's payslips and miss October's. Where a passage found is of a paper whose name dates it another month than
the one asked, and a paper of its series (its folder, named like it) is dated the month asked and was not found,
that paper is read whole after it, ranked as it. Only a paper among the first three found that says two of the
question's words, the month aside, is taken for the series asked. A day asked ("her payslip dated 6 August 2026")
picks the paper of a series whose name gives that day ("Payslip_06-08-2026.pdf", not "Payslip_20-08-2026.pdf",
a fortnight's payslips being two a month) as a month does.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any

from .months import asked_months, days, is_month, name_date_fit
from .names import files_at
from .retrieve import Candidate, overlapped
from .series import series_of

READ_MOST = 6  # passages read of the asked month's paper (a payslip, a bill: a page or two)
LEADING = 3  # of the first this many files found


def asked_month_papers(query: str, terms: Sequence[str], candidates: list[Candidate], files: Sequence[Any],
                       passages: Callable[..., list[tuple[int, int, Any, str]]]) -> list[Candidate]:
    """``candidates`` with the asked month's paper of each series found in another month only, after the first
    of that series found (``passages(file_id, limit=n)``: a file's first (passage id, seq, page, text) rows)."""
    months, years = asked_months(query)
    given = days(query)
    if not months and not given or not candidates:
        return candidates

    def fit(name: str) -> float:  # +1 the paper of the day (or month) asked, -1 another's, 0 a paper of no date
        if given and (named := days(name)):
            return 1.0 if given & named else -1.0
        return name_date_fit(name, months, years)

    # of a paper among the first three found that says two of the question's words, the month aside: the series asked
    # ("Luna's vet invoice from January" is not the electricity bill's series, found third for "invoice" alone)
    found = list(dict.fromkeys(c.path for c in candidates))[:LEADING]  # (those further down are hardly read)
    if any(fit(c.file_name) > 0 for c in candidates if c.path in found):
        return candidates  # a paper of the month asked was found: the check weighs it against the others
    others = [c for c in candidates if c.path in found and fit(c.file_name) < 0
              and sum(not is_month(t) for t in c.terms) >= 2]
    by_path = files_at([c.path for c in others], files)
    out: list[Candidate] = []
    for c in candidates:
        out.append(c)
        f = by_path.get(c.path)
        mine = [g for g in series_of(f, files) if fit(g.name) > 0] if f is not None else []
        if len(mine) == 1 and str(mine[0].path) not in found:  # (not none, nor one a week of the month asked)
            g = mine[0]
            found.append(str(g.path))
            rows = passages(g.id, limit=READ_MOST)
            if not rows:
                continue
            m = replace(c, passage_id=rows[0][0], text=overlapped([row[3] for row in rows]),  # whole, as the one found
                        path=str(g.path), file_name=g.name, file_id=g.id, relpath=g.relpath, heading="")
            m.terms = m.says(terms)
            out.append(m)
    return out
