"""A paper's own date: the day a letter or notice was written ("Date: 16 Mar 2026" at its head, "31 March 2026" on a
line by itself). Asked when a thing the paper tells of happens, its own date gives way to the line that tells it."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from .months import year_months
from .retrieve import contains
from .shapes import MONTH

# a paper's own date ("Date: 16 Mar 2026" at a letter's head), and the questions that ask for it: when a paper
# came, was sent or paid, or what it bought
_OWN_DATE = re.compile(r"^\s*(?:date|dated|datum|fecha|data|date of issue|(?:issue|letter|notice|statement|print|document|"
                       r"invoice|bill) date|fecha de (?:emisión|emision|factura)|data (?:de )?emiss[ãa]o|data emiterii|"
                       r"data di emissione|date d'émission|date de facture|rechnungsdatum|ausstellungsdatum|datum vystavení|"
                       r"data wystawienia|fakturadatum|kelt|kiállítás dátuma|düzenleme tarihi|fatura tarihi|laskun päiv(?:ämäärä|äys)"
                       r")\s*[:|]\s*\S.{0,22}$|"
                       rf"^\s*(?:\d{{1,2}}(?:st|nd|rd|th)?\s+{MONTH}\.?\s+\d{{4}}|{MONTH}\.?\s+\d{{1,2}}(?:st|nd|rd|th)?,?\s+\d{{4}}|"
                       r"\d{1,2}[/.]\d{1,2}[/.]\d{2,4})\s*$", re.IGNORECASE)  # and a letter's date on its own line
_PAPER_ASKED = re.compile(r"\b(?:letter|dated|written|wrote|sent|issued|received|arrived|came|buy|bought|purchased?|"
                          r"paid|pay|invoice|receipt|statement|notice|document|paper)\b", re.IGNORECASE)


def own_date_last(question: str, facts: list[Any], terms: Sequence[str], kind: str | None, ahead: bool = False
                  ) -> list[Any]:
    """``facts`` with, for a date asked of a thing a paper is about ("hdb appt date"), the paper's line that gives a
    date and says a word of the question ("Your flat selection appointment is on 22 Apr 2026") before the
    paper's own date ("Date: 16 Mar 2026"), which says only when it was written; asked ``ahead`` ("when do we
    need to take him"), one of its next best lines whose date comes after the paper's own does too ("Tuesday 8
    December 2026 at 3:40pm", booked by a letter of 12 November)."""
    if kind != "date" or not facts or not _OWN_DATE.match(facts[0].text) or _PAPER_ASKED.search(question):
        return facts
    top = facts[0]
    said = [t for t in terms if not t.isdigit() and t not in ("date", "day", "when")]
    other = next((f for f in facts[1:8] if f.path == top.path and f.typed and any(contains(f.text, t) for t in said)),
                 None)
    own = max(year_months(top.text), default=None)
    if other is None and ahead and own is not None:
        other = next((f for f in facts[1:AHEAD_TRIED] if f.path == top.path and f.typed
                      and (later := year_months(f.text)) and min(later) > own), None)
    return facts if other is None else [other] + [f for f in facts if f is not other]


AHEAD_TRIED = 4  # the paper's own date and its next best lines, for a line that tells a date after it
