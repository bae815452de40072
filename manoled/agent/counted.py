"""What answers a count or a quantity used ("how many transactions", "square sept transaction count", "how much gas
did we use"): a number counted or measured ("Transactions: 87", "Units: 139.40 kWh", "64 m³"), not a sum of money, a
share, a day, a year or a span of time on the same line ("Average Sale (net sales / transactions): $81.51",
"Tips as % of Net Sales: 14.8%", "€ 1,33120 per m³", "boil 20 min")."""

from __future__ import annotations

import re

from .shapes import MEASURED, TYPE_PATTERNS
from .slots import stem, words

COUNTED = frozenset({"many", "count"})  # the words that ask a count


def counted_value(unit: str, asked: set[str]) -> bool:
    """Whether ``unit`` gives a number counted or measured, of a question whose stemmed words are ``asked``."""
    if MEASURED.search(unit):
        return True  # "Units: 139.40 kWh", "1,5 kg aardappelen": a measure, though its digits look like a sum
    rest = re.sub(r"\b(?:19|20)\d\d\b|\d+(?:[.,]\d+)?\s?%", " ", unit)  # nor a year, nor a share
    for k in ("amount", "date", "time"):
        rest = TYPE_PATTERNS[k].sub(" ", rest)
    rest = TYPE_PATTERNS["duration"].sub(  # nor "20 min" of potatoes boiled, unless nights are counted
        lambda m: m.group() if {stem(w) for w in words(m.group())} & asked else " ", rest)
    return bool(TYPE_PATTERNS["number"].search(rest))
