"""A question that says a paper's word otherwise, over a real index: a word no file has that joins a word files have
to an everyday one ("the taxman") is about the word the files have; a phrase ("food shopping") says a paper's word
(groceries); a period asked from a month ("since October") is not the one a line says ended before it; the price of
a thing no passage names ("travel insurance" beside a flight's total) is declined."""

from __future__ import annotations

import time

from conftest import ask, folder_fixture, planner_agent, shared_embedder

NOW = time.time()

FILES: dict[str, tuple[str, float]] = {
    "Money/assessment 2025.txt": (
        "Notice of Assessment - income year 2025\nTax payable on your income: 4,480.45\n"
        "Pay by: 30 April 2026\n", 30),
    "Home/lease.txt": (
        "Residential lease\nRent: 2,100.00 per month, payable in advance on the 1st.\n"
        "Security deposit: 4,200.00\n", 40),
    "Car/service.txt": ("Service record\nOil change at 93,900 km, cost 189.00\n", 20),
    "Money/budget_2026.csv": (
        "Category,January 2026,February 2026\nGroceries,590.10,612.48\nDining out,120.00,176.85\n"
        "Car gas,70.20,84.60\n", 10),
    "Money/loan letter.txt": (
        "Your fixed rate period is ending\nThe details of your loan from 1 October 2025 are set out below.\n"
        "Current fixed rate (ends 30/09/2025): 7.19% p.a.\nNew fixed rate (2 years): 6.45% p.a.\n"
        "New repayment amount: $1,324.75\n", 50),
    "notes.txt": ("Dog food: 2 bags a month\nShopping centre parking went up to 4.00 an hour\n"
                  "February: book the car in for its service\nSpare key set for the back door: in the hall drawer\n", 15),
    "Travel/Chennai trip/eticket_itinerary.txt": (
        "E-ticket itinerary - Chennai trip\nFlight SQ 218 Melbourne to Singapore, SQ 528 Singapore to Chennai\n"
        "Passenger: Priya Raman\nTotal: $1,386.40\n", 25),
    "Money/electricity feb 2026.txt": ("Electricity bill, February 2026\nAmount due: 142.10\n", 12),
}

folder = folder_fixture("compounds", FILES, NOW)


def test_the_taxman_is_the_tax_letter(folder):
    final, names = ask(planner_agent(folder[0], NOW), "how much does the taxman want from me for 2025?")
    assert "4,480.45" in final.answer and names == ["assessment 2025.txt"], final.answer


def test_a_compound_of_no_word_the_files_have_is_still_declined(folder):
    final, names = ask(planner_agent(folder[0], NOW), "how much did the milkman charge?")
    assert names == [] and "nothing" in final.answer, final.answer


def test_food_shopping_is_the_groceries_row(folder):
    final, names = ask(planner_agent(folder[0], NOW), "what did food shopping run us in February 2026?")
    assert "612.48" in final.answer and names == ["budget_2026.csv"], final.answer


def test_a_rate_since_a_month_is_the_new_one(folder):
    final, _ = ask(planner_agent(folder[0], NOW), "what percentage is the bank charging on the loan since October 2025?")
    assert "6.45" in final.answer and "7.19" not in final.answer, final.answer


def test_the_price_of_a_thing_the_files_never_name_is_declined(folder):
    agent = planner_agent(folder[0], NOW)
    final, names = ask(agent, "how much did I pay for travel insurance for the Chennai trip?")
    assert names == [] and "nothing" in final.answer, final.answer  # not the flights' total
    final, names = ask(agent, "how much did I pay for the flights to Chennai?")
    assert "1,386.40" in final.answer and names == ["eticket_itinerary.txt"], final.answer


def test_a_thing_priced_may_be_named_in_other_words():
    from manoled.agent.senses import WordSense
    from manoled.agent.unsaid import _says_thing
    sense = WordSense(shared_embedder().embed)
    assert _says_thing("category: Books, month: March 2026, actual: 22.98", ["reading", "material"], sense)
    assert _says_thing("Spreenetz DSL router and internet, February: 64,98", ["wifi"], sense)
    assert not _says_thing("E-ticket itinerary, Travel: Total: $1,386.40", ["travel", "insurance"], sense)
    assert not _says_thing("Item: Hotel (2 nights), Category: Accommodation, Amount: 248.00", ["parking"], sense)


def test_what_a_thing_set_me_back_is_what_it_cost(folder):
    final, names = ask(planner_agent(folder[0], NOW), "what did the oil change set me back?")
    assert "189.00" in final.answer and names == ["service.txt"], final.answer
