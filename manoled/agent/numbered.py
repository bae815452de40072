"""A thing a question gives with its number, and the papers that say it.

"the fees for Term 2", "vihaan term 2 fee", "the second-term fees": one thing, term number 2. A school writes it
"Term II" or "T2" and names the receipt "Fee_Receipt_Term2.pdf"; the receipt of the first term says "Term I". A
question that gives the number is asked of the paper that says it, not of its siblings with another number.
"""

from __future__ import annotations

import re

from .months import MONTH_NAMES

_NUMBERED = re.compile(r"\b([^\W\d_]{2,})\s+(\d{1,3})\b")  # "Term 2", "week 3", "unit 12"
ORDINALS = {"first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6, "seventh": 7, "eighth": 8,
            "ninth": 9, "tenth": 10}
_ORDINAL_THING = re.compile(r"\b(" + "|".join(ORDINALS) + r"|\d{1,2}(?:st|nd|rd|th))[\s-]+([^\W\d_]{3,})\b",
                            re.IGNORECASE)  # "the second term", "2nd-term"
_NOT_THINGS = frozenset("in on at of for by to from the and or is was are my our last next every per about "
                        "time one thing".split())
_ROMAN = ("", "I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X")


def numbered_things(question: str) -> list[tuple[str, str]]:
    """A thing the question gives with its number: "Term 2", "week 3", "the second term" (not a day of a month:
    "March 14"); each as (the thing's word, its number in digits)."""
    found = [(w.lower(), n) for w, n in _NUMBERED.findall(question)]
    found += [(w.lower(), str(ORDINALS.get(o.lower()) or int(o[:-2]))) for o, w in _ORDINAL_THING.findall(question)]
    return list(dict.fromkeys((w, n) for w, n in found if w not in _NOT_THINGS
                              and not MONTH_NAMES.get(w[:3], "").startswith(w)))


def _says(w: str, n: str, text: str, file_name: str) -> bool:
    roman = _ROMAN[int(n)] if int(n) < len(_ROMAN) else ""
    return bool(re.search(rf"\b{re.escape(w)}\.?\s*{n}(?!\d)", text, re.IGNORECASE)
                or roman and re.search(rf"(?i:\b{re.escape(w)}\.?)\s+{roman}\b", text)
                or re.search(rf"(?<![a-z]){re.escape(w[0])}{n}(?!\d)|{re.escape(w)}[\s_-]*{n}(?!\d)", file_name,
                             re.IGNORECASE))


def says_numbered(numbered: list[tuple[str, str]], text: str, file_name: str) -> bool:
    """Whether a paper (its text or its file's name) says a thing of ``numbered`` with the number asked."""
    return any(_says(w, n, text, file_name) for w, n in numbered)


def says_other_number(numbered: list[tuple[str, str]], text: str, file_name: str) -> bool:
    """Whether a paper says a thing of ``numbered`` only with another number: the first term's receipt ("Term I",
    "…_Term1.pdf"), asked the second term's fees."""
    return any(not _says(w, n, text, file_name) and any(_says(w, str(m), text, file_name) for m in range(1, 11) if str(m) != n)
               for w, n in numbered)
