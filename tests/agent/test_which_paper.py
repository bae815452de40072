"""Which paper, and which line of it, a question means when its words alone do not say. A case told before the
question asks ("If we moved out in May, how far ahead …") places it; a thing given with its number ("the second-term
fees", "term 2") is the paper that says that number, written "Term II", "T2" or "…_Term2.pdf", not its sibling of
the first term; a booking's code asked as people ask it ("what code do I check in with") is the line labelled as the
booking's reference, not the flight's number. Over a real index, on fixtures written for these tests."""

from __future__ import annotations

import time

import pytest
from conftest import ask, folder_fixture, planner_agent

from manoled.agent.kinds import asked_part, asks_booking_code, labels_booking_code
from manoled.agent.numbered import number_said, numbered_things

NOW = time.time()

_RECEIPT = ("St Xavier's School - Fee Receipt\nReceipt No. SXS/26-27/{short}/0{n}116\nStudent: Vihaan Deshpande\n"
            "Academic Year: 2026-27\nTerm: {term}\nTuition fee: 29,500.00\nActivity fee: 4,500.00\n"
            "Total Fees Received: {total}\nPayment mode: NEFT\n")
FILES: dict[str, tuple[str, float]] = {
    "School/Fee_Receipt_Term1_2026-27.txt": (
        _RECEIPT.format(short="T1", n=1, term="Term I (Jun - Sep)", total="41,500.00")
        .replace("Total Fees Received", "Total School Fees Paid"), 60),  # says more of the question than the second term's
    "School/Fee_Receipt_Term2_2026-27.txt": (
        _RECEIPT.format(short="T2", n=2, term="Term II (Oct - Mar)", total="38,500.00"), 20),
    "Travel/Scoot e-ticket.txt": (
        "Scoot - Your e-ticket\nPassengers: Wei Ling Tan, Marcus Tan, Chloe Tan\n"
        "Flight: TR284, From: Singapore (SIN), To: Denpasar (DPS), Date: 12 Jun 2026, Depart: 08:40\n"
        "Flight: TR285, From: Denpasar (DPS), To: Singapore (SIN), Date: 19 Jun 2026, Depart: 12:05\n"
        "Booking Reference: K7XQ2M\nBaggage: 20 kg each\n", 30),
}

folder = folder_fixture("which_paper", FILES, NOW)


def test_a_case_told_before_the_question_asks():
    assert asked_part("If Luis and I decide not to stay past May, how far ahead do we have to tell them?") == \
        "how far ahead do we have to tell them?"
    assert asked_part("When the camera got me in May, what speed did they hold me to?") == \
        "what speed did they hold me to?"
    assert asked_part("The form wants the PNR. What is it?") == "What is it?"
    for whole in ("When is the dentist, and what time?", "Before insurance, how much did the crown cost?",
                  "When did Dr. Who visit?"):
        assert asked_part(whole) == whole  # a question, a word that qualifies, a title: no case told


def test_a_thing_given_with_its_number():
    assert numbered_things("vihaan term 2 fee amt") == [("term", "2")]
    assert numbered_things("the second-term school fees") == [("term", "2")]
    assert numbered_things("the 3rd week of March 14") == [("week", "3")]
    asked = numbered_things("second term fees")
    assert number_said(asked, "Term: Term II (Oct - Mar)", "receipt.txt") == 1
    assert number_said(asked, "Tuition fee: 29,500.00", "Fee_Receipt_Term2_2026-27.txt") == 1
    assert number_said(asked, "Term: Term I (Jun - Sep)", "Fee_Receipt_Term1_2026-27.txt") == -1
    assert number_said(asked, "Tuition fee: 29,500.00", "receipt.txt") == 0


def test_a_bookings_code_by_its_label():
    question = "What code do I need to check the three of us in online?"

    def booking_code(q: str, unit: str) -> bool:
        return asks_booking_code(q) and labels_booking_code(unit)

    assert booking_code(question, "Booking Reference: K7XQ2M") and booking_code(question, "PNR: 8524719360")
    assert not booking_code(question, "Flight: TR284, From: Singapore (SIN)")
    assert not booking_code(question, "Booking Status: CNF/B3/44") and not booking_code(question, "ref. IV-55812)")
    assert not booking_code("what is the door code?", "Booking Reference: K7XQ2M")


@pytest.mark.parametrize(("question", "fact", "name"), [
    ("How much did we pay for Vihaan's second-term school fees?", "38,500.00", "Fee_Receipt_Term2_2026-27.txt"),
    ("vihaan term 2 fee amt", "38,500.00", "Fee_Receipt_Term2_2026-27.txt"),
    ("What code do I need to check the three of us in online for the June flights?", "K7XQ2M", "Scoot e-ticket.txt"),
], ids=["ordinal-term", "numbered-term", "check-in-code"])
def test_the_paper_and_line_meant(folder, question, fact, name):
    final, names = ask(planner_agent(folder[0], NOW), question)
    assert fact in final.answer and names == [name], final.answer
