"""A spreadsheet saved where the comma is the decimal mark (cells apart by ";": "2026-03;1.180,00;412,35") is read
row by row with its header's names, as a comma-separated one is; and a row of many columns asked one of them
answers with that cell and the row's first (its month), not the whole row. Over a real index, on fixtures
written for these tests."""

from __future__ import annotations

from datetime import datetime

from conftest import ask, folder_fixture, planner_agent

from manoled.agent.columns import asked_cells, asked_columns
from manoled.agent.facts import Extraction, Fact
from manoled.agent.layout import sheet_rows

NOW = datetime(2026, 11, 20, 12).timestamp()

_ROWS = {"01": ("2140,00", "388,15", "95,40", "61,00"), "02": ("2140,00", "412,90", "88,10", "240,75"),
         "03": ("2140,00", "365,05", "79,95", "44,20"), "04": ("2260,00", "401,60", "70,30", "132,00")}
FILES: dict[str, tuple[str, float]] = {
    "Finanzen/haushalt_2026.csv": ("Monat;Einkommen;Lebensmittel;Strom;Ausflüge\n" + "".join(
        f"2026-{m};{a};{b};{c};{d}\n" for m, (a, b, c, d) in _ROWS.items()), 20),
    "Notes/todo.md": ("# To do\n- [ ] renew the bike lock\n- [ ] send the landlord the meter reading\n", 30),
    "Recipes/bread.md": ("# Bread\n500 g flour, 350 g water, 10 g salt, 7 g yeast.\nBake 40 minutes at 230 C.\n", 60),
}

folder = folder_fixture("sheet_cells", FILES, NOW)


def test_a_semicolon_sheet_is_read_with_its_header():
    rows = sheet_rows(["Monat;Einkommen;Strom", "2026-01;2140,00;95,40", "2026-02;2140,00;88,10"], lambda s: s[:1].isdigit())
    assert rows == ["Monat: 2026-01, Einkommen: 2140,00, Strom: 95,40", "Monat: 2026-02, Einkommen: 2140,00, Strom: 88,10"]
    # a comma-separated sheet whose cells hold "; " stays comma-separated
    assert sheet_rows(["item,notes", "tent,poles; pegs"], lambda s: False) == ["item: tent, notes: poles; pegs"]


def test_the_cells_a_question_names():
    row = "Month: 2026-09, Income: 3100.00, Groceries: 412.90, Power: 88.10, Trips: 240.75, Notes: Trips to the coast"
    assert asked_columns(frozenset({"grocery", "september"}), row) == "Month: 2026-09, Groceries: 412.90"
    # a value that says a word asked is kept with the column named
    assert asked_columns(frozenset({"trip", "coast"}), row) == "Month: 2026-09, Trips: 240.75, Notes: Trips to the coast"
    assert asked_columns(frozenset({"rent"}), row) is None  # no column named: the whole row
    assert asked_columns(frozenset({"income", "grocery", "power"}), row) is None  # most of the row asked
    assert asked_columns(frozenset({"grocery"}), "Month: 2026-09, Groceries: 412.90, Power: 88.10") is None  # short
    assert asked_columns(frozenset({"month"}), row) is None  # the first cell only: the row


def test_a_month_of_a_semicolon_sheet_is_its_cell(folder):
    agent = planner_agent(folder[0], NOW)
    final, names = ask(agent, "how much did we spend on Lebensmittel in February?", "a")
    assert "412,90" in final.answer and names == ["haushalt_2026.csv"], final.answer
    assert not any(v in final.answer for v in ("2140,00", "88,10", "240,75", "388,15")), final.answer
    final, names = ask(agent, "what about in April?", "a")
    assert "401,60" in final.answer and names == ["haushalt_2026.csv"], final.answer
    assert not any(v in final.answer for v in ("2260,00", "412,90", "132,00")), final.answer


def test_a_column_that_names_the_row_is_not_asked():
    walk = "date: 12/04/2026, walk: Harbour Loop, distance_km: 9.6, ascent_m: 410, who: Ana"
    assert asked_columns(frozenset({"harbour", "loop", "walk"}), walk) is None  # "how long was the Harbour Loop walk"
    assert asked_columns(frozenset({"ascent", "walk"}), walk) == "date: 12/04/2026, ascent_m: 410"


def test_a_word_of_the_sheets_own_name_names_no_column():
    row = "Month: 2026-10, Category: Groceries, Budget: 11000, Actual: 14265, Notes: festival"
    ex = Extraction([Fact(row, "/m/household_budget_2026.csv", "household_budget_2026.csv", 1.0, True)])
    # "what did we actually spend on groceries in October, says the budget sheet": the row, with its Actual
    assert asked_cells("what did we spend on groceries in October in the budget sheet", ex).facts[0].text == row
    ex = Extraction([Fact(row, "/m/spending.csv", "spending.csv", 1.0, True)])
    assert asked_cells("what was the budget for groceries in October", ex).facts[0].text == "Month: 2026-10, Category: Groceries, Budget: 11000"
