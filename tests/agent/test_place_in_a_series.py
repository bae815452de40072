"""A thing asked by its place in a series ("Eliška's second dose", "the 2nd jab") is answered by the line of that
place: not the line of another ("Dávka: 1. dávka" is the first), and before a line that names no place. A place
is read as papers abroad write it ("2. dávka") and never from a date ("8. 12. 2026") or a day of a month asked
("the 2nd of March"). Over a real index, on fixtures written for these tests."""

from __future__ import annotations

from datetime import datetime

from conftest import ask, folder_fixture, planner_agent

from manoled.agent.continuation import asked_ordinal
from manoled.agent.contrast import places_said

NOW = datetime(2026, 11, 20, 12).timestamp()

FILES: dict[str, tuple[str, float]] = {
    "Eliska/pediatr_zprava_2026-10-06.txt": (
        "LÉKAŘSKÁ ZPRÁVA\nPacient: | Eliška Dvořáková\n"
        "Důvod návštěvy: očkování proti klíšťové encefalitidě\n"
        "Očkování\nDatum | Vakcína | Šarže | Dávka\n06.10.2026 | FSME-IMMUN 0,25 ml Junior | VE6M14A | 1. dávka\n"
        "Další termín: objednána na 8. 12. 2026 v 8:15.\n", 45),
    "Kids/Ava vaccinations.txt": (
        "Ava - vaccinations 2026\nHep B vaccine dose given on 03/09/2026 at the clinic.\n"
        "Check-up for her cough: 20/10/2026.\nHep B dose #2 booked for 05/11/2026, bring the card.\n", 30),
    "Notes/todo.txt": ("- renew the car insurance by 30/11\n- book the dentist for Tom\n", 10),
}

folder = folder_fixture("place_in_a_series", FILES, NOW)


def test_places_are_read_from_words_and_numbered_forms_not_dates():
    assert places_said("06.10.2026 | FSME-IMMUN 0,25 ml Junior | 1. dávka") == {1}
    assert places_said("objednána na 8. 12. 2026 v 8:15, weight 2.5 kg") == set()
    assert asked_ordinal("When is Eliška's second dose?") == 2 and asked_ordinal("what's on the 2nd of March?") is None
    assert asked_ordinal("when is the second marathon?") == 2  # a word that starts like a month is none


def test_the_line_of_another_place_does_not_answer(folder):  # (the answer's line names no place)
    final, sources = ask(planner_agent(folder[0], NOW), "When is Eliška's second dose of the vaccine booked?")
    assert "8. 12. 2026" in final.answer and sources == ["pediatr_zprava_2026-10-06.txt"], final.answer


def test_the_line_that_names_the_place_comes_first(folder):
    final, sources = ask(planner_agent(folder[0], NOW), "when is Ava's second hep b dose?")
    assert "05/11/2026" in final.answer and sources == ["Ava vaccinations.txt"], final.answer
