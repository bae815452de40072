"""Asked how much was used ("how much electricity did we use in October?", "what did October's bill say we
actually used?"), the answer is the quantity the bill says was used ("Units Consumed: 287"), not one of its sums or
its consumer number. A question of what was used for a job ("what did we use to clean the oven?") asks no quantity.
Over a real index, on a fixture written for these tests."""

from __future__ import annotations

from datetime import datetime

from conftest import ask, folder_fixture, planner_agent

from manoled.agent.kinds import typed_by

NOW = datetime(2026, 11, 20, 12).timestamp()

FILES: dict[str, tuple[str, float]] = {
    "Home/Bills/Electricity/Power bill Oct 2026.txt": (
        "NORTHGRID POWER - ELECTRICITY BILL October 2026\nConsumer No.: 170014829365\nSanctioned Load: 5.00 KW\n"
        "Meter Reading Details\nCurrent Reading: 19101\nPrevious Reading: 18814\nUnits Consumed: 287\n"
        "Bill Details\nFixed Charges: 128.00\nEnergy Charges: 2,395.23\nElectricity Duty @ 16%: 466.63\n"
        "Current Bill Amount: 3,457.78\n", 30),
    "Home/Bills/Water/Water bill Sep 2026.txt": (
        "City Water - September 2026\nAccount 5521 0093\nWater charges: 412.00\nAmount due: 412.00\n", 60),
    "Notes/cleaning.txt": ("Oven: baking soda paste overnight, then vinegar spray. Windows: newspaper and vinegar.\n", 80),
}

folder = folder_fixture("what_we_used", FILES, NOW)


def test_what_a_bill_says_we_used_asks_a_quantity():
    assert typed_by("what did October's electricity bill say we actually used?") == ("number", True)
    assert typed_by("what did we use to clean the oven?")[0] != "number"


def test_the_quantity_used_not_a_sum_of_the_bill(folder):
    agent = planner_agent(folder[0], NOW)
    for question in ("how much electricity did we use in october?",
                     "what did the october electricity bill say we actually used?"):
        final, sources = ask(agent, question)
        assert "287" in final.answer and sources == ["Power bill Oct 2026.txt"], (question, final.answer)
