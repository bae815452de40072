"""How much of a thing goes in: a recipe's own line for it, the whole amount, not a step's share of it.

A recipe says an ingredient's measure more than once: in its list ("750 g water (75% hydration)"), in a sub-mix's
list ("Levain: 80 g water"), and in its steps ("Autolyse flour + 700 g of the water", "add the remaining 50 g").
The extractor scores them alike: each says the question's word and a quantity. Asked "how much water goes into the
loaf", the answer is the line of the list, and of the list's lines the largest measure of it, since a part of an
amount (a step's share, a sub-mix's) is smaller than the amount. A question that names the part ("the water for the
levain") is asked of the lines under the heading that names it.

:func:`whole_amount_first` only reorders the answer's own file's lines, and only when the best line is itself a
measure of a kitchen quantity (no price): "how much is the gym" is left alone.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace

from .facts import Extraction
from .retrieve import contains, overlapped
from .shapes import SIGNS
from .terms import topic_terms
from .units import sectioned

# grams or millilitres in one unit of each measure (a cup and a spoon as a kitchen measures them)
_UNITS = {"g": 1.0, "gr": 1.0, "grams": 1.0, "gram": 1.0, "kg": 1000.0, "mg": 0.001, "ml": 1.0, "cl": 10.0,
          "dl": 100.0, "l": 1000.0, "oz": 28.35, "lb": 453.6, "lbs": 453.6, "cup": 240.0, "cups": 240.0,
          "tbsp": 15.0, "tsp": 5.0}
_UNIT_WORDS = "|".join(sorted(map(re.escape, _UNITS), key=len, reverse=True))
# a list item's opening measure: "750 g water", "1.5 kg flour", "2 cups milk", "½ tsp salt" is left out
_MEASURE = re.compile(rf"^\s*(\d+(?:[.,]\d+)?)\s?({_UNIT_WORDS})\b\.?\s+\S", re.IGNORECASE)
_ANY_MEASURE = re.compile(rf"(?<![\w.,])\d+(?:[.,]\d+)?\s?(?:{_UNIT_WORDS})\b", re.IGNORECASE)
# "how much water", "flour amt", "qty of sugar", "country loaf water g?"
_HOW_MUCH = re.compile(rf"\b(?:how (?:much|many)|amt|amount|qty|quantity|{_UNIT_WORDS})\b", re.IGNORECASE)
_PRICE = re.compile(rf"{SIGNS}|\b(?:eur|usd|gbp|chf|kč|zł|rs)\b|\d[.,]\d\d(?!\d)(?!\s?(?:{_UNIT_WORDS})\b)", re.IGNORECASE)


def _measure(line: str) -> tuple[float, str] | None:
    """The line's opening measure in grams or millilitres, when it opens with one, and what it measures: (750.0,
    "water") of "750 g water (75% hydration) - hold back 50 g and add with the salt", which measures no salt."""
    m = _MEASURE.match(line)
    if m is None:
        return None
    return float(m.group(1).replace(",", ".")) * _UNITS[m.group(2).lower()], re.split(r"[,;:(–—]| - ", line[m.end(2):])[0]


def whole_amount_first(question: str, ex: Extraction, passages: Callable[[int], list[str]]) -> Extraction:
    """``ex`` with, for "how much <ingredient>", the answer's file's largest listed measure of it first: of the list
    items that open with a measure and say a question word the best line says, under a heading that names the part
    asked when one does."""
    top = ex.facts[0] if ex.facts and not ex.declined else None
    if top is None or top.candidate is None or not _HOW_MUCH.search(question) or \
            not _ANY_MEASURE.search(top.text) or _PRICE.search(top.text):
        return ex
    terms = topic_terms(question)
    said = [t for t in terms if contains(top.text, t)]  # the ingredient: what the best line measures
    if not said:
        return ex
    units = sectioned(overlapped(passages(top.candidate.file_id)), top.file_name)  # the chunks' overlaps said once
    items = [(u, section, m[0]) for u, title, _whole, section in units
             if not title and (m := _measure(u)) is not None and any(contains(m[1], t) for t in said)]
    if not items or {u for u, _, _ in items} == {top.text}:
        return ex  # (one listed measure is the whole one too: "4 cups masa harina", not a step's "1/4 cup masa")
    # a heading that names the part asked ("the water for the levain"), not the recipe's own title
    heading = next((u for u, title, _whole, _section in units if title), "")
    rest = [t for t in terms if t not in said]
    named = [item for item in items if item[1] and item[1] != heading and any(contains(item[1], t) for t in rest)]
    best, _, _ = max(named or items, key=lambda item: item[2])
    if best == top.text:
        return ex
    ex.facts = [replace(top, text=best, typed=True), *ex.facts]
    return ex
