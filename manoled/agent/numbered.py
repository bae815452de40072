"""A thing a question gives with its number, and the papers that say it.

"the fees for Term 2", "vihaan term 2 fee", "the second-term fees": one thing, term number 2. A school writes it
"Term II" or "T2" and names the receipt "Fee_Receipt_Term2.pdf"; the receipt of the first term says "Term I". A
question that gives the number is asked of the paper that says it, not of its siblings with another number.
"""

from __future__ import annotations

import re

from .continuation import ORDINALS
from .months import MONTH_NAMES

_NUMBERED = re.compile(r"\b([^\W\d_]{2,})\s+(\d{1,3})\b")  # "Term 2", "week 3", "unit 12"
_PLACES = {w: n for w, n in ORDINALS.items() if n > 0}  # "second", "2nd" (not "last")
_ORDINAL_THING = re.compile(r"\b(" + "|".join(_PLACES) + r"|\d{1,2}(?:st|nd|rd|th))[\s-]+([^\W\d_]{3,})\b",
                            re.IGNORECASE)  # "the second term", "2nd-term"
_NOT_THINGS = frozenset("in on at of for by to from the and or is was are my our last next every per about "
                        "time one thing".split())
_ROMAN = {r: n for n, r in enumerate(("I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X"), start=1)}


def numbered_things(question: str) -> list[tuple[str, str]]:
    """A thing the question gives with its number: "Term 2", "week 3", "the second term" (not a day of a month:
    "March 14"); each as (the thing's word, its number in digits)."""
    found = [(w.lower(), n) for w, n in _NUMBERED.findall(question)]
    found += [(w.lower(), str(_PLACES.get(o.lower()) or int(o[:-2]))) for o, w in _ORDINAL_THING.findall(question)]
    return list(dict.fromkeys((w, n) for w, n in found if w not in _NOT_THINGS
                              and not MONTH_NAMES.get(w[:3], "").startswith(w)))


def _numbers(w: str, text: str, file_name: str) -> tuple[set[str], set[str]]:
    """The numbers a paper gives the thing ``w`` with: in full ("Term 2", "Term II" with a capital Roman numeral,
    a file named "…_Term2"), and by its initial in its file's name ("…_T2"; one letter and a number say too little
    to tell of another number)."""
    said = set(re.findall(rf"\b{re.escape(w)}\.?\s*(\d{{1,3}})(?!\d)", text, re.IGNORECASE))
    said |= {str(_ROMAN[r]) for r in re.findall(rf"(?i:\b{re.escape(w)}\.?)\s+([IVX]{{1,4}})\b", text) if r in _ROMAN}
    said |= set(re.findall(rf"{re.escape(w)}[\s_-]*(\d{{1,3}})(?!\d)", file_name, re.IGNORECASE))
    return said, set(re.findall(rf"(?<![a-z]){re.escape(w[0])}(\d{{1,3}})(?!\d)", file_name, re.IGNORECASE))


def number_said(numbered: list[tuple[str, str]], text: str, file_name: str) -> int:
    """Of a paper (its text and its file's name) and the things a question gives with their numbers: 1 when it
    says one of them with the number asked, -1 when it says them only with other numbers (the first term's
    receipt, "Term I", "…_Term1.pdf", asked the second term's fees), else 0."""
    other = False
    for w, n in numbered:
        full, short = _numbers(w, text, file_name)
        if n in full or n in short:
            return 1
        other |= bool(full)
    return -1 if other else 0
