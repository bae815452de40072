"""What a question asks for when its words say two kinds: "which card did I pay with" asks the card, not a sum;
"what's the club's budget" asks the budget, not the club; "last day to pay" asks a day, and "before the 15th" gives
one; a manual's "Fault F07" is the code of a fault; and a date "pushed back" is one the papers say moved. Over a
real index, on fixtures written for these tests."""

from __future__ import annotations

import time

from conftest import ask, folder_fixture, planner_agent

from manoled.agent import gloss
from manoled.agent.kinds import new_value, typed_by
from manoled.agent.shapes import TYPE_PATTERNS

NOW = time.time()

FILES: dict[str, tuple[str, float]] = {
    "Receipts/hardware_store_2026-05-03.txt": (
        "TOOLSTATION - Leeds Kirkstall\n03/05/2026 11:05  Till 2\nSash clamps x2          24.00\n"
        "Wood glue 250 ml         5.75\nTOTAL                   29.75\nPaid by card ****8830\n"
        "Refunds within 28 days with this receipt.\n", 40),
    "Club/committee_minutes_2026-04.md": (
        "# Rowing club committee - 14 April 2026\n\nPresent: Hannah Iqbal, Rory Dunne, Mei Lin\n\n"
        "- The regatta moves to 6 June 2026 because the river is too high.\n"
        "- Budget approved: 1,950 GBP for the boat repairs.\n- Rory collects the new oars.\n", 30),
    "Invoices/print_shop_2026-04.txt": (
        "INVOICE\nInkwell Print Co\nInvoice number: IPC-2026-219\nInvoice date: 9 April 2026\n"
        "Due date: 9 May 2026\nDescription: Club flyers and posters (April 2026)\nTotal due: GBP 412.80\n", 35),
    "Manuals/washer_dryer_manual.txt": (
        "Hoover H-Wash 500 washer dryer HWD 69AMBC - quick guide\n"
        "Fault F07: the motor is overheating. Let the machine cool for an hour.\n"
        "Fault F03: the drain pump is blocked or the drain hose is kinked. Clean the pump filter.\n"
        "Detergent: use the left compartment for the main wash.\n", 50),
    "Notes/errands.txt": (
        "ERRANDS\n- pick up the dry cleaning\n- end the StreamPlus trial before the 15th\n- post the birthday card\n", 20),
}

folder = folder_fixture("what_is_asked", FILES, NOW)


def test_which_thing_opening_a_question_is_asked_though_a_verb_says_a_sum(folder):
    assert typed_by("which card did I pay with at the hardware place?") == (None, False)
    assert typed_by("which month did I pay the most for gas")[0] == "date"  # a kind's own noun still types it
    assert typed_by("which company's invoice was the biggest")[0] == "org"
    assert typed_by("how much did I pay at toolstation")[0] == "amount"
    final, names = ask(planner_agent(folder[0], NOW), "which card did I pay with at toolstation?")
    assert "8830" in final.answer and names == ["hardware_store_2026-05-03.txt"], final.answer


def test_a_possessive_names_whose_thing_is_asked_not_the_kind_asked(folder):
    # "club" and "committee" are no company asked for: the budget is, a sum
    assert typed_by("what's the agency's budget for the relaunch?")[0] == "amount"
    final, names = ask(planner_agent(folder[0], NOW), "what's the rowing club's budget for the boat repairs?")
    assert "1,950" in final.answer and names == ["committee_minutes_2026-04.md"], final.answer


def test_the_last_day_to_pay_is_a_day_not_a_sum(folder):
    assert typed_by("last day to pay the printers?") == ("date", True)
    assert typed_by("deadline for paying the print shop?")[0] == "date"
    final, names = ask(planner_agent(folder[0], NOW), "last day to pay inkwell?")
    assert "9 May 2026" in final.answer and names == ["print_shop_2026-04.txt"], final.answer


def test_a_fault_in_a_manual_is_named_by_its_short_code(folder):
    assert new_value("code", "Fault F03: the drain pump is blocked", {"fault", "code"})
    assert not new_value("code", "no faults found in 2024", {"fault", "code"})
    final, names = ask(planner_agent(folder[0], NOW), "the washer won't pump out, which fault code is that?")
    assert "F03" in final.answer and names == ["washer_dryer_manual.txt"], final.answer


def test_a_day_of_the_month_after_by_or_before_is_a_date(folder):
    assert TYPE_PATTERNS["date"].search("end the StreamPlus trial before the 15th")
    assert not TYPE_PATTERNS["date"].search("the flat on the 3rd floor")
    final, names = ask(planner_agent(folder[0], NOW), "by when do I have to end the streamplus trial?")
    assert "15th" in final.answer and names == ["errands.txt"], final.answer


def test_a_date_pushed_back_is_one_the_papers_say_moved(folder):
    assert gloss.rephrase("why did they push the regatta back?", lambda w: w == "move") == "why did they move the regatta?"
    assert gloss.rephrase("why did they push back the regatta?", lambda w: w == "delay") == "why did they delay the regatta?"
    assert gloss.rephrase("why did they push the regatta back?", lambda w: False) == "why did they push the regatta back?"
    final, names = ask(planner_agent(folder[0], NOW), "who was at the meeting where the regatta got pushed back?")
    assert "Hannah Iqbal" in final.answer and names == ["committee_minutes_2026-04.md"], final.answer
