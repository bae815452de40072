"""The dearest or the cheapest item of a bill: "which thing was the priciest?" after the IKEA receipt.

A receipt, an invoice or a quote lists items, each with its price ("BILLY bookcase 80x28x202 white: 1 x 60.00 |
60.00", "Payroll - October 2026 | 6 | £15.00 | £90.00"). The extractor scores each line by the question's words, and
"priciest" is none of them: which line came first was chance. :func:`priciest_first` puts first, of the answer's
file, the item line whose price (of one thing: "2 x 5.00" costs 5.00) is the highest, or the lowest for "the
cheapest". Lines of the bill's own sums (its total, subtotal, tax, what was paid and how) are no items.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace

from .facts import Extraction
from .totals import BEFORE_TAX, TOTAL_UNIT
from .units import units

_DEAREST = re.compile(r"\b(?:priciest|dearest|most expensive|cost(?:s|ed)? the most|costliest|biggest (?:item|cost|"
                      r"expense|purchase))\b", re.IGNORECASE)
_CHEAPEST = re.compile(r"\b(?:cheapest|least expensive|cost(?:s|ed)? the least|smallest (?:item|cost|expense))\b",
                       re.IGNORECASE)
# a bill's own sums and how it was paid, not its items
_OWN_SUM = re.compile(r"\b(?:vat|gst|tva|mwst|iva|tax|taxes|net|paid|payment|card|visa|mastercard|amex|cash|change|"
                      r"balance|deposit|discount|savings?|tip|items?|due)\b", re.IGNORECASE)
# a price: "60.00", "£1,240.00", "35,50 €" (with its cents: a count or a size is no price)
_PRICE = re.compile(r"(?<![\d.,])\d{1,3}(?:[,.\s]\d{3})*[.,]\d\d(?![\d])")
_EACH = re.compile(r"(?<![\w.,])\d+\s?[x×@]\s?[£$€]?\s?(\d[\d.,]*[.,]\d\d)(?!\d)")  # not a size's "80x28x202"
MIN_ITEMS = 2


def asked(question: str) -> int:
    """+1 when ``question`` asks the dearest item, -1 the cheapest, 0 neither."""
    return 1 if _DEAREST.search(question) else -1 if _CHEAPEST.search(question) else 0


def _price(line: str) -> float | None:
    """The price of one of the line's things: after "2 x" when it says how many ("2 x 5.00 | 10.00": 5.00), else its
    last sum."""
    each = _EACH.search(line)
    found = _PRICE.findall(each.group(1) if each else line)
    if not found:
        return None
    last = re.sub(r"\s", "", found[-1])
    cents = last[-3]  # the decimal mark is the one before the cents
    whole = re.sub(r"[.,]", "", last[:-3])
    return float(f"{whole}.{last[-2:]}") if cents in ".," else None


def items(text: str, file_name: str = "") -> list[tuple[str, float]]:
    """(line, price) of each item ``text`` lists: a line with letters and a price that is none of the bill's sums."""
    out = []
    for u in units(text, file_name):
        price = _price(u)
        if price is None or not re.search(r"[^\W\d_]{3,}", u) or TOTAL_UNIT.search(u) or BEFORE_TAX.search(u) \
                or _OWN_SUM.search(u):
            continue
        out.append((u, price))
    return out


def priciest_first(question: str, ex: Extraction, passages: Callable[[int], list[str]]) -> Extraction:
    """``ex`` with, for "which one was the priciest", the answer's file's dearest item first (cheapest for "the
    cheapest"), when the file lists two items at least."""
    way = asked(question)
    top = ex.facts[0] if ex.facts and not ex.declined else None
    if not way or top is None or top.candidate is None:
        return ex
    found = items("\n".join(passages(top.candidate.file_id)), top.file_name)
    if len({line for line, _ in found}) < MIN_ITEMS:
        return ex
    line, _ = max(found, key=lambda item: way * item[1])
    ex.facts = [replace(top, text=line, typed=True), *ex.facts]
    return ex
