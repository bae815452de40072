"""The paper of the month asked, from a monthly series the search found another month of.

Papers of one series say nearly the same words ("CEDOLINO PAGA … NETTO IN BUSTA …" each month), so which month's
paper a search ranks first is a toss-up: "how much reached his account in October" may find September's and
November's payslips and miss October's. Where a passage found is of a paper whose name dates it another month than
the one asked, and a paper of its series (its folder, named like it) is dated the month asked and was not found,
that paper's passages are read in its place, ranked as the one found, before it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any

from .months import asked_months, name_date_fit
from .names import files_at
from .retrieve import Candidate, contains
from .series import series_of

READ_MOST = 6  # passages read of the asked month's paper (a payslip, a bill: a page or two)


def asked_month_papers(query: str, terms: Sequence[str], candidates: list[Candidate], files: Sequence[Any],
                       passages: Callable[..., list[tuple[int, int, Any, str]]]) -> list[Candidate]:
    """``candidates`` with the passages of the asked month's paper of each series found in another month only
    (``passages(file_id, limit=n)``: its first (passage id, seq, page, text) rows)."""
    months, years = asked_months(query)
    if not months or not candidates:
        return candidates
    found = {c.path for c in candidates}
    if any(name_date_fit(c.file_name, months, years) > 0 for c in candidates):
        return candidates  # a paper of the month asked was found: the check weighs it against the others
    others = [c for c in candidates if name_date_fit(c.file_name, months, years) < 0]
    by_path = files_at([c.path for c in others], files)
    out: list[Candidate] = []
    for c in candidates:
        f = by_path.get(c.path)
        mine = [g for g in series_of(f, files) if name_date_fit(g.name, months, years) > 0] if f is not None else []
        if len(mine) == 1 and str(mine[0].path) not in found:  # (not none, nor one a week of the month asked)
            g = mine[0]
            found.add(str(g.path))
            for pid, _seq, _page, text in passages(g.id, limit=READ_MOST):  # in the place of the one found
                m = replace(c, passage_id=pid, text=text, path=str(g.path), file_name=g.name, file_id=g.id,
                            relpath=g.relpath, heading="")
                out.append(replace(m, terms=[t for t in terms if contains(text, t) or contains(m.named, t)]))
        out.append(c)
    return out
