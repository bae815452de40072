"""Which line of a paper is the value asked, over a real index: the paper's word a question says in a phrase
("what did the government give back": the refund) is its line, not a "Total" line beside it; a total of
another thing ("Total reliefs") is not the paper's total; "altogether" is no price per head; and everyday
words for a paper's own ("security deposit", "wifi", "the taxman", "what's the damage") find it."""

from __future__ import annotations

import time

from conftest import ask, folder_fixture, planner_agent

from manoled.agent import gloss
from manoled.agent.totals import total_of_other

NOW = time.time()

FILES: dict[str, tuple[str, float]] = {
    "Money/Taxes/2025 tax return.txt": (
        "2025 tax return - Alex (filed online)\n\nFiled: March 3, 2026\n\n"
        "Employment income ........ 64,210.00\nInterest ................. 792.17\nTotal income ............. 65,002.17\n"
        "Total tax deducted ....... 14,880.20\nRefund ................... 947.35 (direct deposit, arrived March 30, 2026)\n",
        40),
    "Money/Taxes/assessment Jordan 2025.txt": (
        "Notice of assessment - year of assessment 2025\nName: Jordan Lee\n\nEmployment income: 72,400.00\n"
        "Less: earned income relief: 1,000.00\nLess: child relief: 4,000.00\nTotal reliefs: 11,250.00\n"
        "Chargeable income: 61,150.00\nTax payable: 2,315.60\n", 50),
    "Kids/Football/club registration 2025-2026.txt": (
        "Riverside Juniors FC - registration 2025-26\nPlayer: Sam Lee (U11)\n\nSeason fee: 310.00\n"
        "Kit bundle: 45.00\nTotal paid: 355.00\n", 60),
    "Kids/Football/fixtures autumn.txt": (
        "Riverside Juniors U11 - autumn fixtures\nSat 13 Sep - home v Oakley\nSat 20 Sep - away at Harpenden\n"
        "Team tournament 4 Oct: 15.00 entry per family, parents bring snacks\n", 30),
    "Home/Lease 12 Elm Road.txt": (
        "Residential tenancy agreement\nProperty: 12 Elm Road, Flat 3\nRent: 1,150.00 per month\n"
        "Bond: 2,300.00, lodged with the deposit protection scheme\nStart date: 1 September 2025\n", 200),
    "Bills/fibrenet_2026-02.txt": (
        "FibreNet - invoice February 2026\nFibre 500 broadband (monthly): 39.99\nRouter rental: 5.00\n"
        "Total due: 44.99\n", 20),
    "notes.txt": ("Things to sort\n- renew the car insurance before May\n- book the boiler service\n", 10),
}

folder = folder_fixture("final_lines", FILES, NOW)

FRENCH: dict[str, tuple[str, float]] = {
    "Impots/avis_impot_2025.txt": (
        "Avis d'impôt 2025 sur les revenus de 2024\nImpôt sur le revenu net: 4 318,00 €\n"
        "Prélèvements à la source déjà versés: 4 560,00 €\nMontant qui vous est restitué: 242,00 €\n", 120),
    "Logement/quittance_2026-01.txt": ("Quittance de loyer - janvier 2026\nLoyer: 850,00 €\nCharges: 95,00 €\n", 60),
}
french = folder_fixture("final_lines_fr", FRENCH, NOW)


def test_the_total_of_another_thing_is_not_the_papers():
    assert total_of_other("Total reliefs: 11,250.00", ["tax", "jordan"])
    assert total_of_other("Total income: 65,002.17", ["refund"])
    assert not total_of_other("Total income: 65,002.17", ["income"])  # asked: it is the line
    assert not total_of_other("Total due: 44.99", ["wifi"]) and not total_of_other("Total estimate: 1,100.00", [])
    assert not total_of_other("Montant total TTC: 266,89 €", [])  # not an English word: no other thing
    assert not total_of_other("Rent: 1,150.00 per month", [])


def test_everyday_words_say_the_papers_own():
    keep = lambda w: True  # noqa: E731
    assert "deposit" in gloss.rephrase("how much money was the security deposit", keep)
    assert "cost" in gloss.rephrase("what's the damage for the boiler service", keep)
    assert "tax" in gloss.forms("taxman") and "internet" in gloss.forms("wifi")
    assert "wof" in gloss.forms("roadworthiness") and "km" in gloss.forms("odometer")  # a country's name for it


def test_what_was_given_back_is_the_refund_line_not_a_total(folder):
    agent = planner_agent(folder[0], NOW)
    for question in ("how much did the government end up giving back to me?",
                     "how much did the government give back to me?"):
        final, names = ask(agent, question)
        assert "947.35" in final.answer and names == ["2025 tax return.txt"], final.answer


def test_what_the_taxman_wants_is_the_tax_payable_not_the_total_reliefs(folder):
    agent = planner_agent(folder[0], NOW)
    for question in ("how much tax does Jordan have to pay?", "what's the damage from the taxman for Jordan?"):
        final, names = ask(agent, question)
        assert "2,315.60" in final.answer and names == ["assessment Jordan 2025.txt"], final.answer


def test_altogether_is_the_total_paid_not_a_price_per_family(folder):
    final, names = ask(planner_agent(folder[0], NOW),
                       "what did it cost us altogether to get Sam on the football team this season?")
    assert "355.00" in final.answer and names == ["club registration 2025-2026.txt"], final.answer


def test_a_security_deposit_is_the_bond(folder):
    final, names = ask(planner_agent(folder[0], NOW),
                       "how much money did we have to put down as a security deposit for Elm Road?")
    assert "2,300.00" in final.answer and names == ["Lease 12 Elm Road.txt"], final.answer


def test_the_wifi_bill_is_the_broadband_invoice(folder):
    final, names = ask(planner_agent(folder[0], NOW), "what was the wifi bill for February 2026?")
    assert "44.99" in final.answer and names == ["fibrenet_2026-02.txt"], final.answer


def test_the_value_of_a_thing_no_file_names_is_declined(folder):
    # the tax notice has Jordan's income and tax, never a bonus: its figures are of other things
    final, names = ask(planner_agent(folder[0], NOW), "How much was Jordan's year-end bonus?")
    assert final.answer.startswith("I found nothing") and names == [], final.answer


def test_what_a_french_tax_notice_gives_back_is_what_it_says_it_returns(french):
    assert "restitué" in gloss.forms("refund") and "tenancy" in gloss.forms("lease")
    final, names = ask(planner_agent(french[0], NOW), "how much did my tax notice say they would pay back?")
    assert "242" in final.answer and names == ["avis_impot_2025.txt"], final.answer
