"""A policy asked of one thing, and the papers hold policies of others: the pet policy (which mentions an Auto/Home
discount) is no home insurance, and the Spanish car policy no cover for "the stuff inside the flat". Both are
declined with no source, while the pet and car policies still answer for themselves. Over a real index, on
fixtures written for these tests."""

from __future__ import annotations

import time

from conftest import answers, declines, folder_fixture, planner_agent

from manoled.agent.unsaid import other_policy

NOW = time.time()

FILES: dict[str, tuple[str, float]] = {
    "Insurance/Pet policy 2026.txt": (
        "PAWSURE PET INSURANCE - POLICY SCHEDULE\n"
        "Policy number: PW-7781-22\n"
        "Insured pet: Biscuit (dog, beagle)\n"
        "Annual premium: 312.00 EUR\n"
        "Discounts applied: Auto/Home multi-policy 10%\n"
        "Vet fee limit per condition: 4,000.00 EUR\n", 40),
    "Coche/seguro coche 2026.txt": (
        "PÓLIZA DE SEGURO - AUTOMÓVIL\n"
        "Número de póliza: 0093-44718\n"
        "Vehículo: SEAT Ibiza 1.0 TSI, matrícula 4821 KLM\n"
        "PRIMA TOTAL ANUAL: 450,43 €\n", 60),
    "Notes/todo.txt": ("- renew the passport\n- call the plumber about the kitchen tap\n", 10),
}

folder = folder_fixture("policy_of_another_thing", FILES, NOW)



def test_the_thing_a_paper_is_named_for():
    assert other_policy("what's the policy number on our car insurance", "Homeowners declarations 2026.pdf") == "home"
    assert other_policy("how much to insure the stuff inside the flat?", "seguro coche 2026.docx") == "car"
    assert other_policy("what's the policy number on our car insurance", "car insurance 2026.pdf") == ""
    assert other_policy("home insurance renewal date", "Auto_Home policy.pdf") == ""  # it names both
    assert other_policy("policy number of our home contents insurance?", "Polizza_RCAuto_Meridiana.pdf") == "car"
    assert other_policy("when is the car due for its service", "Homeowners declarations 2026.pdf") == ""  # no cover asked
    assert other_policy("what's the policy number", "Homeowners declarations 2026.pdf") == ""  # no thing asked


def test_a_pet_policy_is_no_home_insurance(folder):
    declines(planner_agent(folder[0], NOW), "what's the policy number on our home insurance?")


def test_a_car_policy_is_no_cover_for_the_flat(folder):
    declines(planner_agent(folder[0], NOW), "how much do we pay a year to insure the stuff inside the flat?")


def test_each_policy_still_answers_for_its_own_thing(folder):
    agent = planner_agent(folder[0], NOW)
    answers(agent, "what's the policy number on the pet insurance?", "PW-7781-22", "Pet policy 2026.txt")
    answers(agent, "how much is the car insurance premium?", "450,43", "seguro coche 2026.txt")
