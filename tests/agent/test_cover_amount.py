"""Asked the most a cover pays ("health policy cover amt?", "what's the most the mediclaim will pay out in a policy
year?"), the answer is the sum insured, not the premium paid for the cover; asked what the cover costs, the premium.
"Mediclaim" is what Indian households call their health insurance, and a paper that says "Health Policy" says it.
Over a real index, on a fixture written for these tests."""

from __future__ import annotations

from datetime import datetime

from conftest import ask, folder_fixture, planner_agent

from manoled.agent.labelled import asks_cover, says_cover

NOW = datetime(2026, 11, 20, 12).timestamp()

FILES: dict[str, tuple[str, float]] = {
    "Insurance/Health_Policy_Suraksha_2026-27.txt": (
        "SURAKSHA GENERAL INSURANCE - Family Floater Health Policy\nPolicy No.: 4128/77310/2026\n"
        "Period of Insurance: 12/04/2026 to 11/04/2027\nInsured members: Rahul, Meera, Vihaan\n"
        "Annual preventive health check-up: Rs. 1,500 per insured member\n"
        "GST (exempt on individual health insurance): 0.00\nTotal Premium Paid: 26,480.00\n"
        "Sum Insured: Rs. 10,00,000 (floater)\nRoom rent limit: single private room\n", 40),
    "Notes/todo.txt": ("- renew car insurance before 5 Jan\n- book Vihaan's dentist\n", 10),
}

folder = folder_fixture("cover_amount", FILES, NOW)


def test_asking_the_most_a_cover_pays():
    assert asks_cover("health policy cover amt?")
    assert asks_cover("what's the most the insurance would pay out if the shed burnt down?")
    assert not asks_cover("how much cover costs per year")
    assert not asks_cover("how much is the premium?")
    assert says_cover("Sum Insured: Rs. 10,00,000 (floater)") and says_cover("Versicherungssumme: 50.000 EUR")
    assert not says_cover("Total Premium Paid: 26,480.00")


def test_the_sum_insured_not_the_premium(folder):
    agent = planner_agent(folder[0], NOW)
    for question in ("health policy cover amt?",
                     "God forbid one of us ends up in hospital, what's the most the mediclaim will pay out in a year?"):
        final, sources = ask(agent, question)
        assert "10,00,000" in final.answer and sources == ["Health_Policy_Suraksha_2026-27.txt"], (question, final.answer)
    final, _ = ask(agent, "how much premium do we pay for the health policy?")
    assert "26,480" in final.answer, final.answer
