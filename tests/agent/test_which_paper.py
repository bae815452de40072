"""Which paper, and which line of it, a question means when its words alone do not say. A case told before the
question asks ("If we moved out in May, how far ahead …") places it; a thing given with its number ("the second-term
fees", "term 2") is the paper that says that number, written "Term II", "T2" or "…_Term2.pdf", not its sibling of
the first term; a booking's code asked as people ask it ("what code do I check in with") is the line labelled as the
booking's reference, not the flight's number; a file is weighed by all its passages found (an e-ticket's code and its
flights are passages apart), though not a paper of another month than the one asked, and a month is said in its own
forms only ("Jun", never "Sep"); a name typed in lower case ("selam net pay") is a name when the files write it as one.
Over a real index, on fixtures written for these tests."""

from __future__ import annotations

import time

import pytest
from conftest import ask, folder_fixture, planner_agent, shared_embedder

from manoled.agent.kinds import asked_part, asks_booking_code, labels_booking_code, typed_by
from manoled.agent.named import written_as_name
from manoled.agent.numbered import number_said, numbered_things
from manoled.agent.senses import WordSense
from manoled.agent.verify import coverage

NOW = time.time()

_RECEIPT = ("St Xavier's School - Fee Receipt\nReceipt No. SXS/26-27/{short}/0{n}116\nStudent: Vihaan Deshpande\n"
            "Academic Year: 2026-27\nTerm: {term}\nTuition fee: 29,500.00\nActivity fee: 4,500.00\n"
            "Total Fees Received: {total}\nPayment mode: NEFT\n")
_CONDITIONS = (  # a ticket's small print, long enough that its booking code and its flights are passages apart
    "Conditions of carriage: please be at the gate no later than 30 minutes before departure; online check-in "
    "closes 3 hours before. Each passenger must carry a valid passport or national identity card. Liquids in "
    "cabin bags are limited to 100 ml per container in one clear bag. Changes are possible up to 24 hours "
    "before departure for a fee of 45.00 EUR per passenger plus any difference in fare. Cancellations are "
    "not refunded, though airport taxes may be reclaimed within 90 days. Priority boarding is not included "
    "in this fare. Keep this document to hand: staff at the gate scan the barcode from your phone or a "
    "printed copy, and a seat is only held until boarding closes.\n\n")
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
    # September's ticket, whose small print says more of the June check-in question than June's ticket
    "Trips/Portugal_2026/eticket_TP.txt": (
        "TAP Air Portugal - Electronic ticket receipt\nBooking reference (PNR): R8WQ2N\n"
        "Passengers: Hana Novak, Luka Novak\nTicket numbers: 047 2191 558802, 047 2191 558803\n\n" + _CONDITIONS +
        "Itinerary\nFlight: TP 1213, Date: 4 Sep 2026, From: Ljubljana LJU, Dep.: 06:50, To: Porto OPO, Arr.: 09:05\n"
        "Flight: TP 1214, Date: 12 Sep 2026, From: Porto OPO, Dep.: 18:10, To: Ljubljana LJU, Arr.: 22:30\n", 30),
    "Trips/Portugal_2026/apartment_booking_Ribeira.txt": (  # says the booking and Porto in one passage
        "Casa da Ribeira - Booking confirmation\nRua de São João 12, 4050-513 Porto\nBooking reference: CR-7720145\n"
        "Guests: Hana Novak, Luka Novak\nCheck-in: 4 Sep 2026 from 14:00\nCheck-out: 12 Sep 2026 by 10:00\n"
        "Total: 960.00 EUR, paid\n", 25),
    "Home/payslip_2026-03.txt": (  # Dawit's; nothing says what Selam is paid
        "Kestrel Logistics Ltd - Payslip\nPay period: March 2026\nEmployee: Dawit Bekele\nGross pay: 3,410.00\n"
        "Income tax: 512.30\nNet pay: 2,611.45\n", 40),
    "Home/notes.txt": (
        "Things to sort\n- ask Selam whether the bakery pays her fortnightly or monthly\n- Selam's first shift is on "
        "9 March\n- renew the bus pass for Dawit\n", 20),
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
    assert typed_by("pnr for the night train")[0] == "code"


def test_a_month_is_said_in_its_own_forms():
    sense, terms = WordSense(shared_embedder().embed), {"june": 2, "flight": 2}
    assert coverage(terms, "Flight: TP 1213, Date: 4 Sep 2026", 9, sense)[1]["june"][1:] == (False, 0.0)  # not "Sep"
    assert coverage(terms, "Flight: TR284, Date: 12 Jun 2026", 9, sense)[1]["june"][1]


def test_a_name_typed_in_lower_case():
    assert written_as_name("selam", ["ask Selam whether the bakery pays", "- Selam's first shift", "selam.b@mail.com"])
    assert not written_as_name("studio", ["invoice for Studio Kranich", "rent for the studio"])  # also in lower case
    for word, said in (("bond", "Bond: $2,480"), ("bond", "Total Bond Paid"), ("vihaan", "Student: Vihaan Deshpande"),
                       ("selam", "Selam's first shift")):
        assert not written_as_name(word, [said])  # a label, a title's word, a label's value, a line's first word


@pytest.mark.parametrize("question", ["selam march net pay?", "selam take home march", "What was Selam's net pay in March?",
                                      "Selam's take-home pay for March?"])
def test_a_name_the_paper_does_not_say(folder, question):
    final, names = ask(planner_agent(folder[0], NOW), question)
    assert "2,611.45" not in final.answer and names == [], final.answer  # Dawit's payslip is not hers
    final, names = ask(planner_agent(folder[0], NOW), question.replace("selam", "dawit").replace("Selam", "Dawit"))
    assert "2,611.45" in final.answer and names == ["payslip_2026-03.txt"], final.answer


@pytest.mark.parametrize(("question", "fact", "name"), [
    ("How much did we pay for Vihaan's second-term school fees?", "38,500.00", "Fee_Receipt_Term2_2026-27.txt"),
    ("vihaan term 2 fee amt", "38,500.00", "Fee_Receipt_Term2_2026-27.txt"),
    ("What code do I need to check the three of us in online for the June flights?", "K7XQ2M", "Scoot e-ticket.txt"),
], ids=["ordinal-term", "numbered-term", "check-in-code"])
def test_the_paper_and_line_meant(folder, question, fact, name):
    final, names = ask(planner_agent(folder[0], NOW), question)
    assert fact in final.answer and names == [name], final.answer


@pytest.mark.parametrize(("question", "fact", "name"), [
    ("porto flights booking code?", "R8WQ2N", "eticket_TP.txt"),
    ("booking reference for the apartment in Porto?", "CR-7720145", "apartment_booking_Ribeira.txt"),
    ("income tax dawit", "512.30", "payslip_2026-03.txt"),  # a name last is no attribute the line must say
], ids=["code-passages-apart", "the-other-booking", "name-last"])
def test_the_file_by_all_its_passages(folder, question, fact, name):
    final, names = ask(planner_agent(folder[0], NOW), question)
    assert fact in final.answer and names == [name], final.answer
