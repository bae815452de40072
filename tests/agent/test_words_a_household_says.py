"""A household's English words for papers kept in Dutch: "salary slip" is the payslip (a *salarisstrook*), "the health
insurance" the *zorgverzekering*, "potatoes" the recipe's *aardappelen*, "how many potatoes" is the quantity on
the ingredient line, not the minutes they boil, and the gas used in April is this April's, not the price of a m³ nor
the line that compares it with last year ("Ter vergelijking"). Over a real index, on fixtures written for these tests."""

from __future__ import annotations

from datetime import datetime

from conftest import ask, folder_fixture, planner_agent

NOW = datetime(2026, 11, 20, 12).timestamp()

_SLIP = ("Havenlogistiek B.V.\nSALARISSTROOK {month} 2026\nWerknemer: P. Mulder\nBruto salaris: € 4.120,00\n"
         "Loonheffing: € 1.002,35\nPensioenpremie: € 306,25\nNetto loon: € {net}\n")

FILES: dict[str, tuple[str, float]] = {
    "Pieter/Salarisstrook maart 2026.txt": (_SLIP.format(month="MAART", net="2.811,40"), 240),
    "Pieter/Salarisstrook april 2026.txt": (_SLIP.format(month="APRIL", net="2.794,15"), 210),
    "Financien/Polis zorgverzekering 2026.txt": (
        "ZorgPlus Verzekeringen\nPolisblad 2026\nVerzekerden: P. Mulder, L. Mulder\nEigen risico: € 385,00\n"
        "Totale premie per maand: € 301,10\n", 300),
    "Financien/Polis inboedelverzekering.txt": ("Inboedelverzekering\nPremie per maand: € 12,40\n", 320),
    "Wonen/Energie/Vattenfall nota april 2026.txt": (
        "Vattenfall\nMaandnota april 2026\nUw verbruik in april 2026\n"
        "Product        Beginstand   Eindstand   Verbruik\nElektriciteit  20.110       20.302      192 kWh\n"
        "Gas            7.401        7.458       57 m³\n"
        "Ter vergelijking: april 2025: 230 kWh elektriciteit en 81 m³ gas.\nTarieven\nGas\n€ 1,33120 per m³\n"
        "Totaal te betalen\n€ 141,00\n", 200),
    "Notities/recept hutspot.md": (
        "# Hutspot (4 personen)\n\n## Ingrediënten\n- 1,2 kg kruimige aardappelen\n- 750 g winterpeen\n"
        "- 3 uien\n\n## Bereiding\n1. Aardappelen schillen, in stukken, 25 min koken met zout.\n"
        "2. Stampen met een klont boter.\n", 100),
}

folder = folder_fixture("words_a_household_says", FILES, NOW)


def test_papers_kept_in_dutch_by_their_english_words(folder):
    agent = planner_agent(folder[0], NOW)
    for question, value in (("What was Pieter's net pay on his March salary slip?", "2.811,40"),
                            ("What's our monthly premium for the health insurance?", "301,10"),
                            ("How many potatoes go into the hutspot?", "1,2 kg"),
                            ("How much gas did we use in April?", "57 m³")):
        final, _ = ask(agent, question, session=question)
        assert value in final.answer, (question, final.answer)
