"""Sums asked by their name, and sums asked by how they are paid. An excess (a deductible) is a sum of its own:
asked "what is the excess on our contents policy", a line of the budget that gives the policy's monthly cost is
no answer, and a line that says the excess is. A sentence that only sets the scene ("The treasurer pinged the
group: our October dues are pending.") counts where a passage says it once the passage says a word of what is
asked; a word that says only how it asks ("charge") does not make a passage say that. A thing named with its paper
("the home contents insurance policy") is that thing's: a car policy names another kind of insurance."""

from __future__ import annotations

import time

import pytest
from conftest import ask, folder_fixture, planner_agent

from manoled.agent.attribute import asked_words
from manoled.agent.facts import Fact
from manoled.agent.otherthing import unqualified
from manoled.agent.terms import told_apart, topic_terms
from manoled.agent.verify import coverage

NOW = time.time()

FILES: dict[str, tuple[str, float]] = {
    "Money/budget 2026.csv": ("category,who_pays,monthly_gbp,notes\nHome & contents insurance,Joint,23.40,monthly DD\n"
                              "Car insurance,Ruth,41.10,annual renewal in May\nCouncil tax,Joint,168.00,band D\n", 90),
    "Car/car insurance renewal 2026.txt": ("Thistle Direct - car insurance renewal\nVehicle: VW Golf 2018\n"
                                           "Total excess (accidental damage, fire and theft): £500\n"
                                           "Annual premium: £493.20\n", 60),
}

folder = folder_fixture("sums_by_name", FILES, NOW)


@pytest.mark.parametrize(("question", "asked"), [
    ("What is the excess on our home contents insurance policy?", ["excess"]),
    ("whats the deductible on the car policy", ["deductible"]),
])
def test_the_sum_asked_by_its_name(question, asked):
    assert asked_words(question) == asked


def test_an_excess_is_no_monthly_cost(folder):
    final, names = ask(planner_agent(folder[0], NOW), "What is the excess on our home contents insurance policy?")
    assert final.answer.startswith("I found nothing") and names == [], final.answer
    final, names = ask(planner_agent(folder[0], NOW), "how much is the excess on the car insurance?")
    assert "£500" in final.answer and names == ["car insurance renewal 2026.txt"], final.answer


def test_a_word_of_how_it_asks_places_no_scene():
    question = "The treasurer pinged the building group: our October dues are still pending. What will they charge?"
    terms = {t: 2 for t in topic_terms(question)}
    told = told_apart(question)
    fees = coverage(terms, "The school will charge the term fees in October.", 20, told=told)[0]
    bill = coverage(terms, "Society maintenance bill for October, amount due 3,850. Treasurer: Mr Bhide. Building B.", 20,
                    told=told)[0]
    assert fees < bill, (fees, bill)


def test_a_thing_named_with_its_paper_is_that_things():
    # "home contents insurance policy": the policy is the contents insurance's, so a car policy says another kind
    # of insurance; "national car test" is still the kind of test, not of car
    car = "Thistle Direct - car insurance renewal. Vehicle: VW Golf 2018. Total excess (accidental damage): £500."
    fact = Fact(car, "/x/car.txt", "car.txt", 5.0, True, None)  # (no candidate: its text is the passage)
    assert unqualified("What is the excess on our home contents insurance policy?", fact, car, None) is not None
    assert unqualified("What is the excess on our car insurance policy?", fact, car, None) is None
    nct = Fact("NCT due: 12/05/2027", "/x/nct.txt", "nct.txt", 5.0, True, None)
    assert unqualified("when is the national car test due?", nct, "Skoda Octavia. NCT due: 12/05/2027", None) is None
