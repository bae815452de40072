"""A spreadsheet with a column per month asked of one month (that month's cell, not the year's row; "and in
April?" then), a follow-up on one cell of the row answered before ("what time does it land?" after the outward
flight's row: its own arrival, not the return's), a cook's fraction as a quantity ("1/2 cup butter"), and "and in
the filling?" after "how much butter goes in the base" (the same question of another part of the recipe), "when
was the ute last serviced" (the service's date, not the file's), and "and the rego?" after "when's the ute WOF
up?" (the same question of the rego)."""

from __future__ import annotations

from datetime import datetime

import pytest
from conftest import ask, folder_fixture, planner_agent

from manoled.agent.direct import _cell_of
from manoled.agent.ellipsis import framed
from manoled.agent.months import month_column
from manoled.agent.shapes import QUANTITY, TYPE_PATTERNS

NOW = datetime(2026, 11, 20, 12).timestamp()

FILES: dict[str, tuple[str, float]] = {
    "Money/spending 2026.csv": ("Category,Monthly budget,Jan,Feb,Mar,Apr,May\n"
                                "Rent,950.00,950.00,950.00,950.00,950.00,950.00\n"
                                "Takeaways,80.00,64.10,88.40,71.25,93.60,58.00\n"
                                "Bus pass,45.00,45.00,45.00,45.00,45.00,45.00\n", 20),
    "Travel/porto flights.txt": ("Booking ref QX7P2L\n\n"
                                 "Flight: LP1403, From: Porto (OPO), To: Leeds (LBA), Date: 10 May 2026, Depart: 18:50, "
                                 "Arrive: 20:05\n"
                                 "Flight: LP1402, From: Leeds (LBA), To: Porto (OPO), Date: 3 May 2026, Depart: 07:05, "
                                 "Arrive: 10:15\n", 40),
    "Recipes/caramel slice.txt": ("CARAMEL SLICE (20x30 tin, makes 24)\n\nBase:\n  1/2 cup butter\n  1 cup flour\n"
                                  "  1/2 cup brown sugar\n\nFilling:\n  1 can condensed milk\n  1/4 cup butter\n"
                                  "  2 tbsp golden syrup\n\nTop:\n  150 g dark chocolate\n", 60),
    "Vehicles/ute service record.txt": ("UTE SERVICE RECORD\nDate: 05/03/2025, Odometer: 179,960, Work: service, "
                                        "WOF (passed), Cost: $468.00\n", 90),
    "Vehicles/WOF_rego.txt": ("WOF / REGO dates\n\nUTE\n  WOF expires 05/03/2026\n  rego paid 12 months, "
                              "expires 28/06/2026\n", 80),
    # a spray diary longer than a passage: the rows of its later passages come without its header
    "Orchard/spray diary.csv": ("date,block,variety,product,rate_per_100L,target,operator\n" + "".join(
        f"{d:02d}/{m:02d}/2025,{b},{v},{p},{r},{t},Rob\n" for m in range(1, 13) for d in (3, 10, 17, 24)
        for b, v, p, r, t in (("A", "Gala", "Kumulus DF", "300 g", "powdery mildew"),
                              ("B", "Braeburn", "Delan 700 WG", "50 g", "black spot"))), 70),
}

folder = folder_fixture("rows_and_cells", FILES, NOW)


def test_a_month_column_of_a_row_is_its_cell():
    row = "Category: Takeaways, Monthly budget: 80.00, Jan: 64.10, Feb: 88.40, Mar: 71.25, Notes: curry, pizza"
    assert month_column("what did takeaways cost in February?", row) == "Category: Takeaways, February: 88.40, Notes: curry, pizza"
    assert month_column("takeaways?", row) is None  # no month asked: the whole row
    assert month_column("takeaways in June", row) is None  # a month it has no column for
    dated = "Category: Fuel, Jan 2026: 75.81, Feb 2026: 71.95, Mar 2026: 67.65"
    assert month_column("fuel in feb 2026", dated) == "Category: Fuel, February 2026: 71.95"
    assert month_column("fuel in feb 2025", dated) is None  # another year's February
    assert month_column("in march", "Month: March, Electricity: 50, Gas: 20, Water: 10") is None  # a row per month


def test_a_month_asked_of_a_sheet_with_a_column_per_month(folder):
    agent = planner_agent(folder[0], NOW)
    final, names = ask(agent, "how much did we spend on takeaways in February?", "a")
    assert "88.40" in final.answer and names == ["spending 2026.csv"], final.answer
    assert not any(v in final.answer for v in ("64.10", "71.25", "93.60")), final.answer
    final, names = ask(agent, "and in April?", "a")
    assert "93.60" in final.answer and "88.40" not in final.answer and names == ["spending 2026.csv"], final.answer


def test_a_follow_up_on_a_cell_of_the_row_answered_before(folder):
    row = "Flight: LP1402, From: Leeds (LBA), To: Porto (OPO), Depart: 07:05, Arrive: 10:15. (from flights.pdf)"
    assert _cell_of("Arrive: 20:05. (from flights.pdf)", row) == "Arrive: 10:15"  # the other leg's cell: this one's
    assert _cell_of("Arrive: 20:05. (from other.pdf)", row) == ""  # another file's
    assert _cell_of("Flight: LP1403, Depart: 18:50, Arrive: 20:05. (from flights.pdf)", row) == ""  # a whole row
    assert _cell_of("Arrive: 20:05. (from flights.pdf)", "Total: 44.80. (from flights.pdf)") == ""  # no row before
    agent = planner_agent(folder[0], NOW)  # over the index (a text file's row comes whole: both ways pass here)
    final, _ = ask(agent, "which flight are we taking to Porto?", "a")
    assert "LP1402" in final.answer, final.answer
    final, names = ask(agent, "what time does it land?", "a")
    assert "10:15" in final.answer and "20:05" not in final.answer and names == ["porto flights.txt"], final.answer


def test_a_cooks_fraction_is_a_quantity_not_a_date():
    assert QUANTITY.search("1/2 cup butter") and not TYPE_PATTERNS["date"].search("1/2 cup butter")
    assert not QUANTITY.search("paid on 3/4") and TYPE_PATTERNS["date"].search("paid on 3/4")


@pytest.mark.parametrize("own, base, want", [
    ("and in the filling?", "how much butter goes in the base of the caramel slice?", "how much butter goes in the filling?"),
    ("and for the garage?", "how much is the rent for the flat?", "how much is the rent for the garage?"),
    ("and the rego?", "when is the WOF up?", "and the rego?"),  # no place asked: as it was
])
def test_and_in_another_part_asks_the_same_question_there(own, base, want):
    assert framed(own, base, "") == want


def test_how_much_of_an_ingredient_in_one_part_of_a_recipe(folder):
    agent = planner_agent(folder[0], NOW)
    final, names = ask(agent, "how much butter goes in the base of the caramel slice?", "a")
    assert "1/2 cup butter" in final.answer and "flour" not in final.answer and names == ["caramel slice.txt"], final.answer
    final, names = ask(agent, "and in the filling?", "a")  # the butter of the filling, not its whole list
    assert "1/4 cup butter" in final.answer and "condensed" not in final.answer and names == ["caramel slice.txt"], \
        final.answer


def test_when_something_was_last_done_is_no_files_date(folder):
    agent = planner_agent(folder[0], NOW)
    final, names = ask(agent, "when was the ute last serviced?", "a")  # its service record's date, not the file's
    assert "05/03/2025" in final.answer and "modified" not in final.answer, final.answer
    final, _ = ask(planner_agent(folder[0], NOW), "when was the ute service record last modified?")
    assert "modified" in final.answer, final.answer  # a file's own change is still its date


def test_and_another_thing_asks_the_previous_question_of_it(folder):
    agent = planner_agent(folder[0], NOW)
    ask(agent, "when's the ute WOF up?", "a")
    final, names = ask(agent, "and the rego?", "a")  # "when's the ute rego up?", not the WOF's date again
    assert "28/06/2026" in final.answer and names == ["WOF_rego.txt"], final.answer


def test_a_row_of_a_later_passage_of_a_sheet_is_said_with_the_sheets_header(folder):
    # the last rows are in the sheet's second passage, which starts mid-row, with no header of its own
    final, names = ask(planner_agent(folder[0], NOW), "What was the target of the Braeburn spray on 17 November 2025?")
    assert "target: black spot" in final.answer and names == ["spray diary.csv"], final.answer
