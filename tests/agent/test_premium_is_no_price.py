"""An insurer's premium is the price of cover, never the price of the thing insured. A car's policy names the car
and gives a yearly sum; asked what the car cost when it was bought, that sum is no answer, and the files say nothing
else of it. Asked of the insurance, in English or in the papers' tongue, the premium is the answer. Over a real
index, on fixtures written for these tests."""

from __future__ import annotations

import time

import pytest
from conftest import ask, folder_fixture, planner_agent

NOW = time.time()

FILES: dict[str, tuple[str, float]] = {
    "Car/insurance renewal 2026.txt": ("Harbour Insurance - motor policy renewal\nVehicle: Toyota Corolla 2019, "
                                       "reg 191-D-4410\nPolicy period: 01/03/2026 to 28/02/2027\n"
                                       "Excess: EUR 300\nTotal annual premium: 742.10\n", 120),
    "Coche/seguro hogar 2026.txt": ("Aseguradora Meridiano - seguro de hogar\nVivienda: C/ Luna 12, Madrid\n"
                                    "Continente: 90.000 €\nPRIMA TOTAL ANUAL: 231,40 €\n", 100),
    "Money/budget_2026.csv": ("Category,Type,Monthly Budget,Notes\nSocial Security - Walt,Income,2284.10,after Part B premium\n"
                              "Groceries,Expense,650.00,\n", 80),
    "Car/service Corolla.txt": ("Corolla service, 12/05/2026: oil and filter changed, 61 200 km.\n"
                                "Next service at 76 200 km.\n", 60),
}

folder = folder_fixture("premium_is_no_price", FILES, NOW)


@pytest.fixture
def agent(folder):
    return planner_agent(folder[0], NOW)


def test_the_price_of_the_thing_insured_is_not_its_premium(agent):
    final, names = ask(agent, "How much did I pay for the Corolla when I bought it?")
    assert final.answer.startswith("I found nothing") and names == [], final.answer


@pytest.mark.parametrize("question", ["how much does it cost to insure the Corolla?",
                                      "what's the premium on the car policy?",
                                      "what's it costing me to keep the Corolla covered for the year?"])
def test_the_premium_answers_what_the_insurance_costs(agent, question):
    final, names = ask(agent, question)
    assert "742.10" in final.answer and names == ["insurance renewal 2026.txt"], final.answer


def test_insurance_asked_in_the_papers_tongue(agent):
    final, names = ask(agent, "¿cuánto cuesta el seguro de hogar?")
    assert "231,40" in final.answer and names == ["seguro hogar 2026.txt"], final.answer


def test_a_line_that_names_a_premium_after_its_sum_gives_no_premium(agent):
    final, names = ask(agent, "how much is walts social security deposit now")
    assert "2284.10" in final.answer and names == ["budget_2026.csv"], final.answer
