"""A word no file has that joins a word files have to an everyday one ("the taxman", "my paycheck") is about the
word the files have: the tax office's letter answers what the taxman wants, over a real index."""

from __future__ import annotations

import time

from conftest import ask, folder_fixture, planner_agent

NOW = time.time()

FILES: dict[str, tuple[str, float]] = {
    "Money/assessment 2025.txt": (
        "Notice of Assessment - income year 2025\nTax payable on your income: 4,480.45\n"
        "Pay by: 30 April 2026\n", 30),
    "Home/lease.txt": (
        "Residential lease\nRent: 2,100.00 per month, payable in advance on the 1st.\n"
        "Security deposit: 4,200.00\n", 40),
    "Car/service.txt": ("Service record\nOil change at 93,900 km, cost 189.00\n", 20),
}

folder = folder_fixture("compounds", FILES, NOW)


def test_the_taxman_is_the_tax_letter(folder):
    final, names = ask(planner_agent(folder[0], NOW), "how much does the taxman want from me for 2025?")
    assert "4,480.45" in final.answer and names == ["assessment 2025.txt"], final.answer


def test_a_compound_of_no_word_the_files_have_is_still_declined(folder):
    final, names = ask(planner_agent(folder[0], NOW), "how much did the milkman charge?")
    assert names == [] and "nothing" in final.answer, final.answer
