"""A thing the question asks of, in no file and not said otherwise, declines even when the question's names are in
the files: an everyday word as the thing asked ("her next performance *meeting* at her firm": her payslip and contract
name her and the firm, none says a meeting), what a sum was spent on ("Kofi's *birthday* party in March": the March sheet has his
swimming lessons) and what a sum "came to" ("the fleece *cheque*": the shed book has the fleeces' weights, the lamb sales are another sum), and
who charged it ("the *electrician*", when the shed is only in its insurance schedule). The same
questions of things the files do say are answered. Over a real index, on fixtures written for these tests."""

from __future__ import annotations

from datetime import datetime

import pytest
from conftest import ask, folder_fixture, planner_agent

from manoled.agent.kinds import typed_by

NOW = datetime(2026, 11, 20, 12).timestamp()

FILES: dict[str, tuple[str, float]] = {
    "Work/payslip_2026-10.txt": ("Halden Systems Ltd\nPayslip October 2026\nEmployee: Noor Adeyemi\n"
                                 "Pay date: 28 October 2026\nNet pay: 2,904.11 GBP\n", 20),
    "Work/contract Halden.txt": ("Employment contract between Halden Systems Ltd and Noor Adeyemi.\n"
                                 "Start date: 1 March 2025. Notice period: two months. Next salary review: 1 April 2027.\n", 300),
    "Money/march spending.txt": ("Spending, March 2026\nKofi's swimming lessons: 64.00\nGroceries: 412.30\n"
                                 "Car insurance: 38.50\n", 200),
    "Farm/sales 2026.txt": ("Lamb sales 2026\n212 lambs sold at the Feilding sale on 14 February 2026, $31,800 in total.\n"
                            "Fleece weights are in the shed book. Next drench due 20 December 2026.\n", 100),
    "House/insurance schedule.txt": ("Rural insurance schedule 2026\nItem 3: Implement shed / workshop, Sum insured: "
                                     "$42,000, Excess: $500\n", 150),
    "House/Tui Plumbing invoice.txt": ("Tui Plumbing Ltd - Tax invoice\nFix the leaking tap in the implement shed: "
                                       "$185.00\nTotal: $185.00\n", 60),
}

folder = folder_fixture("things_never_written", FILES, NOW)


@pytest.mark.parametrize("question", [
    "When is Noor's next performance meeting at Halden?",  # an everyday word: the contract has a salary review
    "How much did we spend on Kofi's birthday party in March?",
    "what did the fleece cheque come to this year",
    "How much did the electrician charge to rewire the implement shed?",  # no file has an electrician's bill
])
def test_a_thing_no_file_says_is_declined(folder, question):
    final, sources = ask(planner_agent(folder[0], NOW), question)
    assert final.answer.startswith("I found nothing") and sources == [], final.answer


@pytest.mark.parametrize(("question", "fact", "source"), [
    ("When is Noor's next salary review at Halden?", "1 April 2027", "contract Halden.txt"),
    ("How much did we spend on Kofi's swimming lessons in March?", "64.00", "march spending.txt"),
    ("what did the lamb sales come to this year", "31,800", "sales 2026.txt"),
    ("How much did the plumber charge to fix the tap in the implement shed?", "185.00", "Tui Plumbing invoice.txt"),
])
def test_the_same_question_of_a_thing_written_is_answered(folder, question, fact, source):
    final, sources = ask(planner_agent(folder[0], NOW), question)
    assert fact in final.answer and sources == [source], final.answer


def test_what_a_thing_of_two_words_came_to_asks_a_sum():
    assert typed_by("what did the lamb sales come to this year")[0] == "amount"
    assert typed_by("and what did the car service come to")[0] == "amount"
