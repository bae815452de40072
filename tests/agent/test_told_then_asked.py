"""A question that tells a scene before it asks is read by the sentence that asks: "I'm checking what landed in my
account. How much did the clinic pay once everything had been taken off?" asks no attribute "landed", and "taken
off" is a verb's particle, no other kind of a thing the payslip names ("Payroll Off."); "I need the guy who fixes our
pipes. How do I reach him?" asks whom to phone, so a contact list that also lists the gas delivery answers. Over a
real index, on fixtures written for these tests."""

from __future__ import annotations

import time

from conftest import answers, folder_fixture, planner_agent

from manoled.agent.attribute import asked_words

NOW = time.time()

FILES: dict[str, tuple[str, float]] = {
    "Work/Payslips/Payslip_2026-10.pdf.txt": (
        "ST. BRIGID CLINIC - PAYSLIP\n"
        "Mbagathi Way, off Ngong Road, Nairobi\n"
        "Pay period: October 2026\n"
        "Employee: Wanjiru Kamau\n"
        "Basic salary: 4,200.00\n"
                "PAYE: 900.00\n"
        "Pension: 350.00\n"
        "TOTAL DEDUCTIONS: 1,250.00\n"
        "NET PAY: 2,950.00\n"
        "Prepared by: Payroll Off. (J. Mwangi)\n", 30),
    "Notes/contacts.txt": (
        "Gas delivery (Flame Gas, Yaya): 0700 662 301\n"
        "Dave Kowal (plumber / handyman) 0711 602 378 - call two days ahead\n"
        "School driver (Zone B van) 0733 915 204\n", 60),
    "Notes/todo.txt": ("- renew the passport\n- Equity Bank: collect the new debit card\n",
                       10),
}

folder = folder_fixture("told_then_asked", FILES, NOW)

SCENE = ("I'm checking what actually landed in my Equity account from the clinic at the end of October. How much did they pay "
         "me that month once everything had been taken off?")


def test_the_attribute_is_asked_by_the_sentence_that_asks():
    assert asked_words(SCENE) == []
    assert asked_words("I'm at the hotel desk. What's the room number?") == ["room"]


def test_what_landed_once_everything_was_taken_off(folder):
    answers(planner_agent(folder[0], NOW), SCENE, "2,950.00", "Payslip_2026-10.pdf.txt")


def test_the_guy_who_fixes_the_pipes_is_reached_by_phone(folder):
    answers(planner_agent(folder[0], NOW), "The kitchen sink is leaking again and I need the guy who usually fixes our "
            "pipes. How do I reach him?", "0711 602 378", "contacts.txt")


