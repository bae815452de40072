"""What an answer's line must say before it answers: "net pay" is a net sum (a bill's total, sent to the same person
in the month asked, is none), and a word is found as itself or its forms, not as the start of another English word
("mark" is not in "market", "Isla" not in "Island"). Over a real index, on fixtures written for these tests."""

from __future__ import annotations

from datetime import datetime

from conftest import ask, folder_fixture, planner_agent

from manoled.agent.attribute import asked_words
from manoled.agent.months import asked_months
from manoled.agent.retrieve import contains

NOW = datetime(2026, 11, 20, 12).timestamp()

FILES: dict[str, tuple[str, float]] = {
    "Bills/scottish power may 2026.txt": (
        "From: ScottishPower\nTo: rhona.macleod@example.com\nHi Rhona,\n\nYour bill for 01/05/2026 - 31/05/2026 is ready.\n"
        "Electricity used: 244 kWh\nStanding charge: £16.12\nTotal for May: £88.41\n"
        "We'll collect £88.41 by Direct Debit on or after 15/06/2026.\n", 170),
    "School/newsletter_term3.txt": (
        "Cairnbank Primary - Term 3 newsletter\n\nP6 will visit the Isle of Skye and Maria Island's sister project on "
        "12 September. The school market raised £412 for the library; thank you to every family who baked.\n"
        "Reports go home on 30 October.\n", 40),
}

folder = folder_fixture("what_a_line_must_say", FILES, NOW)


def test_net_pay_asks_a_net_sum():
    assert asked_words("What was Rhona's net pay in May 2026?") == ["net"]
    assert asked_words("what is the gross on her April payslip") == ["gross"]


def test_a_bill_of_the_month_is_no_net_pay(folder):
    agent = planner_agent(folder[0], NOW)
    for question in ("What was Rhona's net pay in May 2026?", "what was rhona's net pay for may?"):
        final, sources = ask(agent, question)
        assert "88.41" not in final.answer and sources == [], (question, final.answer)


def test_a_word_is_not_the_start_of_another_english_word():
    assert not contains("The school market raised £412", "mark")
    assert not contains("a trip to Maria Island", "isla")
    assert contains("Essay marked by Mr Reid", "mark") and contains("Rental agreement", "rent")
    assert contains("Bookings close on Friday", "book") and contains("Online check-in opens", "check")
    assert contains("Maintenance charges for October", "maint")  # a short form, no word of its own


def test_a_newsletter_that_says_island_and_market_gives_no_mark(folder):
    final, sources = ask(planner_agent(folder[0], NOW), "What mark did Isla get for maths on her report?")
    assert sources == [] and "412" not in final.answer, final.answer


def test_may_after_for_or_by_is_the_month():
    assert asked_months("what was rhona's net pay for may?")[0] == {5}
    assert asked_months("is the rent due by May?")[0] == {5}
    assert asked_months("what is the code for, may I ask?")[0] == set()
