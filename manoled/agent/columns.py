"""The cells of a spreadsheet's row that a question asks.

A sheet kept by month says each month in a row of ten columns. "How much went on groceries in February" is
that row's Groceries cell, said with the row's first cell, which says which row it is: "Month: 2026-02, Groceries:
412,90", not February's income, rent, car and balance beside it. Only a column of figures counts as named ("walk:
Harbour Loop" names the row), and not by a word of the file's own name ("budget" in household_budget.csv). A row whose
columns the question names none of, or nearly all of, is said whole, as before.
"""

from __future__ import annotations

from dataclasses import replace

from .facts import Extraction
from .layout import TABLES, row_cells
from .slots import stem, words
from .terms import topic_terms

MIN_CELLS = 4  # a row of fewer cells is short enough to say whole
MAX_NAMED = 2  # a question naming more columns than these asks the row


def asked_cells(question: str, ex: Extraction) -> Extraction:
    """``ex`` with its answer, a sheet's row, cut to the cells the question names (:func:`asked_columns`)."""
    if ex.declined or not ex.facts or not ex.facts[0].file_name.lower().endswith(TABLES):
        return ex
    named = {stem(w) for w in words(ex.facts[0].file_name.replace("_", " "))}  # "the budget sheet": the file
    cut = asked_columns(frozenset(topic_terms(question)) - named, ex.facts[0].text)
    if cut:
        ex.facts = [replace(ex.facts[0], text=cut), *ex.facts[1:]]
    return ex


def asked_columns(terms: frozenset[str], row: str) -> str | None:
    """The row's first cell and those whose column of figures the question names (or whose value says a word of
    it); None when it names no such column, more than ``MAX_NAMED``, or the cut would keep every cell."""
    cells = row_cells(row)
    if len(cells) < MIN_CELLS:
        return None

    def says(text: str) -> bool:
        return bool({stem(w) for w in words(text.replace("_", " "))} & terms)

    # a column of figures: "walk: Harbour Loop" says which row it is, not what the question asks of it
    named = [i for i, (column, value) in enumerate(cells) if i and says(column) and any(c.isdigit() for c in value)]
    if not named or len(named) > MAX_NAMED:
        return None
    keep = [0, *(i for i, (column, value) in enumerate(cells) if i and (i in named or says(value)))]
    if len(keep) == len(cells):
        return None
    return ", ".join(f"{cells[i][0]}: {cells[i][1]}" for i in keep)
