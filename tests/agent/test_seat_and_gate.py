"""A place in a vehicle or a terminal asked by its word ("what gate did our flight go from?", "which coach am I
in?") is a number or a short code written after that word, or its form abroad ("Voiture 14, place 82"): a line
that only says the word ("Boarding gate closes 30 minutes before departure") gives none, nor does another place's
("Outbound seat: 16B" is no gate), and the question is declined rather than answered with either. Over a real index, on a fixture written for these tests."""

from __future__ import annotations

from datetime import datetime

from conftest import ask, folder_fixture, planner_agent

from manoled.agent.kinds import new_value, typed_by

NOW = datetime(2026, 11, 20, 12).timestamp()

FILES: dict[str, tuple[str, float]] = {
    "Travel/Lisbon May 2026/Skyline booking K7XQ2M.txt": (
        "Skyline Air - booking confirmation K7XQ2M\nFlight SK 1452 Dublin (DUB) - Lisbon (LIS), 14 May 2026, 06:25\n"
        "Outbound seat: 16B\nBoarding gate closes 30 minutes before departure.\nCabin bag: 1 small bag (40x20x25 cm).\n", 200),
    "Voyages/billet_TGV_Paris_juin2026.txt": (
        "e-billet TGV INOUI\nAller - 12/06/2026 - Lyon Part-Dieu 07:04 -> Paris Gare de Lyon 09:00\n"
        "Voiture 14, place 82, salle haute - côté fenêtre\nRéférence dossier: QZT4PL\n", 150),
    "Notes/todo.txt": ("- renew the passports\n- book the airport parking for May\n", 20),
}

folder = folder_fixture("seat_and_gate", FILES, NOW)


def test_a_place_in_a_vehicle_is_a_number_after_its_word():
    assert typed_by("which coach am I in on the way there?") == ("number", True)
    assert new_value("number", "Voiture 14, place 82", {"seat"})
    assert not new_value("number", "Boarding gate closes 30 minutes before departure.", {"gate"})
    assert not new_value("number", "Outbound seat: 16B", {"gate"})


def test_the_seat_is_the_number_after_its_word(folder):
    final, sources = ask(planner_agent(folder[0], NOW), "what seat am I in on the Paris train in June?")
    assert "82" in final.answer and sources == ["billet_TGV_Paris_juin2026.txt"], final.answer


def test_a_line_that_only_names_the_gate_does_not_answer(folder):
    final, sources = ask(planner_agent(folder[0], NOW), "What gate did our Skyline flight to Lisbon go from?")
    assert final.answer.startswith("I found nothing") and sources == [], final.answer
