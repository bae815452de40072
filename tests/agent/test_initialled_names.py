"""A person asked by first name ("How many hours did Meg bill Kingston Beach Joinery?") is named by a formal paper
that writes her initials and the surname another paper gives her ("M A Kowalski" on the invoice she sent, "Meg
Kowalski" in the minutes); an initial with another surname is someone else ("K Moreau" is no Karen Whitby). Over a
real index, on a fixture written for these tests."""

from __future__ import annotations

from datetime import datetime

from conftest import ask, folder_fixture, planner_agent

NOW = datetime(2026, 11, 20, 12).timestamp()

FILES: dict[str, tuple[str, float]] = {
    "Money/Bookkeeping/Invoice MK-0147 Kingston Beach Joinery.txt": (
        "TAX INVOICE\nBookkeeping services for October 2026\nPlease pay by direct deposit to M A Kowalski, "
        "Bendigo Bank, Account 1587 44921.\nBill to: Kingston Beach Joinery Pty Ltd\n"
        "Total hours: 14.5\nTOTAL (incl. GST): $1,084.60\n", 20),
    "School/PF minutes 2026-08-12.txt": (
        "Minutes of the general meeting, 12 August 2026\nPresent: Sam Nguyen, Karen Whitby, Meg Kowalski.\n"
        "Motion carried (Meg Kowalski abstained).\n", 100),
    "Work/Invoice 88 Harbour Cafe.txt": (
        "INVOICE 88\nServices for October 2026 by K Moreau.\nBill to: Harbour Cafe\nTotal hours: 6.0\n"
        "TOTAL: $420.00\n", 25),
}

folder = folder_fixture("initialled_names", FILES, NOW)


def test_a_paper_that_initials_the_person_names_her(folder):
    final, sources = ask(planner_agent(folder[0], NOW), "How many hours did Meg bill Kingston Beach Joinery for October?")
    assert "14.5" in final.answer and sources == ["Invoice MK-0147 Kingston Beach Joinery.txt"], final.answer


def test_an_initial_with_another_surname_is_someone_else(folder):
    final, sources = ask(planner_agent(folder[0], NOW), "How many hours did Karen bill Harbour Cafe for October?")
    assert final.answer.startswith("I found nothing") and sources == [], final.answer
