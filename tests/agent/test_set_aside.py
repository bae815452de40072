"""A thing the question sets aside by name ("- not the agent's", ", not the gross") is no answer: the agent's
after-hours line is not the landlord's own number, the gross pay not what landed in the account. "Not" before a
verb ("I have not paid") sets nothing aside. Over a real index, on fixtures written for these tests."""

from __future__ import annotations

from datetime import datetime

from conftest import ask, folder_fixture, planner_agent

from manoled.agent.contrast import Contrasts

NOW = datetime(2026, 11, 20, 12).timestamp()

FILES: dict[str, tuple[str, float]] = {
    "Home/tenancy agreement.txt": (
        "RESIDENTIAL TENANCY AGREEMENT\nProperty: 12 Quarry Lane, Bendigo\nLandlord: Priya Shah\n"
        "Managing agent: Harbour Realty, 40 Mitchell St, Bendigo\n"
        "The landlord has appointed the agent to manage the property. Urgent repairs (a burst pipe, no hot water) may "
        "be reported by phone to the Agent's after-hours line 0400 222 333.\nRent: $420 per week\n", 200),
    "Work/payslip October 2026.txt": (
        "Kestrel Freight Pty Ltd\nPayslip October 2026\nEmployee: Sam Okoro\nGross pay: 5,200.00\n"
        "Tax withheld: 1,219.45\nNet pay: 3,980.55\n", 20),
}

folder = folder_fixture("set_aside", FILES, NOW)


def test_what_a_question_sets_aside():
    assert Contrasts("What's the landlord's own phone number - not the agent's?").aside == {"agent"}
    assert Contrasts("I have not paid the water bill, what do I owe?").aside == set()
    assert Contrasts("the agent's number, not the agent's email").aside == set()  # asked as well


def test_the_line_of_what_is_set_aside_is_no_answer(folder):
    final, _ = ask(planner_agent(folder[0], NOW), "What's the landlord's own phone number - not the agent's?")
    assert "0400 222 333" not in final.answer, final.answer


def test_the_other_side_is_answered(folder):
    final, names = ask(planner_agent(folder[0], NOW), "what did I take home in October, not the gross?")
    assert "3,980.55" in final.answer and "5,200.00" not in final.answer and names == ["payslip October 2026.txt"], \
        final.answer
