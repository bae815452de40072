"""A question that sets the scene in a sentence of its own ("I'm setting up two standing orders so the lunch money
stays apart. What's the monthly amount just for the education part?") is answered by the paper that says what the
asking sentence asks: the scene's words, which other files say, count for a paper only where it says them, once
it says a word of what is asked. A case the asking sentence opens with ("After I filed in March, how much came
back?") narrows what is asked, and counts against a paper that does not say it. And the passage that says more of
a long question's words than any found above it is read too. Over a real index, on fixtures written for these
tests."""

from __future__ import annotations

from datetime import datetime

from conftest import ask, folder_fixture, planner_agent

from manoled.agent.terms import told_apart, told_aside

NOW = datetime(2026, 11, 20, 12).timestamp()

FILES: dict[str, tuple[str, float]] = {
    "Kids/Sunny Hill nursery fees 2026-27.txt": (
        "Sunny Hill Nursery - fees from September 2026\n"
        "Item: Education fee, Amount: 640.00 per month, Due: by the 15th\n"
        "Item: Meals, Amount: 210.00 per month, Due: by the 15th\n", 60),
    "Money/bank notes.txt": (
        "Standing orders at Northbank: rent 1,250.00 on the 1st; council tax 180.00 on the 3rd.\n"
        "Two standing orders for the gym and the phone, set up in May.\n"
        "Lunch money for Ava: 5.00 cash on Fridays, kept separate in the blue tin.\n", 40),
    "Money/Taxes/2025 return summary.txt": (
        "2025 tax return - filed March 21, 2026\nRefund: 1,312.48 (direct deposit, arrived April 8, 2026)\n", 50),
    "Home/Hydro bill March 2026.txt": (
        "City Hydro - March 2026\nElectricity used: 412 kWh\nProvincial electricity rebate: -13.44\n"
        "Amount due: 96.20\n", 30),
}

folder = folder_fixture("scene_told", FILES, NOW)

SCENE = ("I'm setting up two standing orders for Ava's nursery so the lunch money stays separate. "
         "How much is the monthly education fee?")


def test_a_sentence_apart_tells_and_a_case_narrows():
    assert {"standing", "order", "lunch", "money"} <= told_apart(SCENE)
    assert told_apart("After I filed in March, how much did the government give back?") == frozenset()
    assert "filed" in told_aside("After I filed in March, how much did the government give back?")


def test_the_scene_set_apart_does_not_count_against_the_paper_asked(folder):
    final, sources = ask(planner_agent(folder[0], NOW), SCENE)
    assert "640.00" in final.answer and sources == ["Sunny Hill nursery fees 2026-27.txt"], final.answer


def test_a_case_the_question_opens_with_still_counts(folder):
    final, sources = ask(planner_agent(folder[0], NOW),
                         "After I filed in March, how much did the government end up giving back to me?")
    assert "1,312.48" in final.answer and sources == ["2025 return summary.txt"], final.answer


HOUSE = {
    "House/Bond statement Jul 2026.txt": (
        "Harbour Bank Home Loans | HOME LOAN STATEMENT\nProperty: the house at 23 Wetton Close\n"
        "Opening balance | R 1 416 793,13\nMonthly instalment | R 14 520,00\nAmount owing | R 1 399 666,73\n"
        + "".join(f"2026/{m:02d}/01 | Debit order instalment | R 14 520,00 | R 1 4{m}0 000,00\n" for m in range(1, 8)) * 4
        + "Interest rate: 10,75% (prime + 0,25%)\nInsurance on the house: R 412,00 per month\n", 90),
    "House/Granny flat lease 2026.txt": (
        "RESIDENTIAL LEASE AGREEMENT\nGranny flat at the main house, 23 Wetton Close\nRent: R 6 500,00 per month by EFT "
        "by the 1st\nAmounts owing are deducted from the deposit when the lease ends.\n"
        + "The tenant keeps the garden of the house neat and the gate locked at night. " * 12
        + "\nElectricity: prepaid sub-meter, tokens bought by the tenant.\n", 80),
    "House/maintenance log.txt": ("House maintenance log\n2026-03-02 | Gutters cleaned | R 850,00\n"
                                  "2026-07-19 | Geyser element replaced | R 2 300,00\n", 70),
    "School/Fee statement Term 3 2026.txt": (
        "Silvertree Primary School | FEE STATEMENT\nSeptember 2026\nSchool fees - September | R 2 860,00\n"
        "Balance owing | R 2 860,00\n", 60),
    "Bills/City/Rates and Water Account - Sep 2026.txt": (
        "CITY OF CAPE TOWN | MUNICIPAL ACCOUNT\nStatement date: 2026/09/18\nAccount number | 4401 2287 65\n"
        "Pay by EFT to the City, reference 4401228765\nProperty rates | R 1 012,46\nWater | R 612,09\n"
        "TOTAL AMOUNT DUE | R 2 758,77\n", 50),
}

house = folder_fixture("scene_house", HOUSE, NOW)


def test_the_passage_that_says_most_of_the_question_is_read(house):
    # the house's folder names three files, which rank above the municipal account that says most of the words
    final, sources = ask(planner_agent(house[0], NOW),
                         "I'm about to EFT the council for the house - how much does the September municipal "
                         "statement say I owe?")
    assert "2 758,77" in final.answer and sources == ["Rates and Water Account - Sep 2026.txt"], final.answer
