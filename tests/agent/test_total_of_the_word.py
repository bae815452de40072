"""A sum asked by the word every line of a paper's table says, per month: the paper's total of that word. A health
insurer's notice gives each part of a contribution on its own line (health, the insurer's extra, long-term care),
each "monatlich", and then "Gesamtbeitrag monatlich"; "krankenkasse beitrag 2026 per month?" asks that total,
not whichever part comes first. "Per month" says which period the sum is of, not a price of one unit; and the total
of the word itself ("Gesamtbeitrag", "Total premium") is no total that merely mentions it ("Total incl. GST").
Over a real index, on fixtures written for these tests."""

from __future__ import annotations

import time

import pytest
from conftest import ask, folder_fixture, planner_agent

NOW = time.time()

NOTICE = ("HGK Hanseatische Gesundheitskasse\nDatum: 15.12.2025\n"
          "Beitragsbescheid - freiwillige Kranken- und Pflegeversicherung ab 01.01.2026\n"
          "Daraus ergeben sich folgende Beiträge:\n"
          "Beitragsart                                             Satz          monatlich\n"
          "--------------------------------------------------------------------------------\n"
          "Krankenversicherung (ermäßigter Beitragssatz)          14,0 %         371,00 EUR\n"
          "Zusatzbeitrag der HGK                                    2,9 %          76,85 EUR\n"
          "Pflegeversicherung inkl. Beitragszuschlag Kinderlose    4,2 %         111,30 EUR\n"
          "--------------------------------------------------------------------------------\n"
          "Gesamtbeitrag monatlich                                               559,15 EUR\n")

FILES: dict[str, tuple[str, float]] = {
    "Gesundheit/Krankenkasse_Beitrag_2026.pdf.txt": (NOTICE, 120),
    "Wohnung/Miete 2026.txt": ("Mietvertrag\nKaltmiete monatlich: 780,00 EUR\nNebenkosten monatlich: 190,00 EUR\n", 300),
}

folder = folder_fixture("total_of_the_word", FILES, NOW)


@pytest.mark.parametrize("question", ["krankenkasse beitrag 2026 per month?",
                                      "how much is my krankenkasse beitrag per month?"])
def test_the_total_of_the_word_every_line_says(folder, question):
    final, names = ask(planner_agent(folder[0], NOW), question)
    assert "559,15" in final.answer and names == ["Krankenkasse_Beitrag_2026.pdf.txt"], final.answer


def test_one_part_asked_by_its_own_word_is_that_part(folder):
    final, _ = ask(planner_agent(folder[0], NOW), "how much is the Zusatzbeitrag per month?")
    assert "76,85" in final.answer, final.answer
