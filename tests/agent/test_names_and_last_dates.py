"""A word of a car's name is no attribute asked ("prox itv seat?": the SEAT Leon's next inspection, not a seat), a
date said as the last one allowed answers "by when" before another due date of the same letter, a person
locked out asks for the locksmith's bill, and what a visitor types in to get online is the network's password. Over a real index, on fixtures written for these tests."""

from __future__ import annotations

import time

from conftest import answers, declines, folder_fixture, planner_agent, ranked

from manoled.agent.verify import names_thing

NOW = time.time()

FILES: dict[str, tuple[str, float]] = {
    "Coche/ITV/scan 7.txt": (
        "ESTACIÓN ITV 2807\n"
        "Marca / modelo: SEAT LEON 1.6 TDI CR\n"
        "Matrícula: 4821 KLM\n"
        "Fecha de inspección: 03/03/2026\n"
        "Resultado: FAVORABLE\n"
        "Fecha límite próxima inspección: 03/03/2028\n", 200),
    "Viajes/billete tren.txt": (
        "Renfe - billete electrónico\n"
        "Madrid - Valencia, 02/04/2026, salida 08:30\n"
        "Coche 4\n"
        "Importe total: 54,20 €\n", 90),
    "Casa/Schluesseldienst Quittung.txt": (
        "Aufsperrdienst Nowak 24h\n"
        "Türöffnung zerstörungsfrei: 89,00 €\n"
        "Anfahrt: 39,00 €\n"
        "Gesamtbetrag: 128,00 €\n", 30),
    "Notes/home codes.txt": (
        "HOME NETWORK\n  network: Kestrel-5G\n  password: Otter!Lane2026\nGarage keypad: 4417\n", 15),
    "Notes/todo.txt": ("- renew the passport\n- call the plumber about the kitchen tap\n", 10),
}

folder = folder_fixture("names_and_last_dates", FILES, NOW)

LETTER = ("Steuerberatung Krause\n"
          "Sehr geehrte Frau Lindner,\n"
          "Die nächste Vorauszahlung ist am 10. März 2026 fällig.\n"
          "Damit wir Ihre Erklärung rechtzeitig fertigstellen können, senden Sie uns bitte Ihre Unterlagen bis "
          "spätestens 30. April 2026.\n"
          "Mit freundlichen Grüßen\n")


def test_a_word_written_in_a_name():
    assert names_thing("Marca / modelo: SEAT LEON 1.6 TDI CR", "seat")
    assert names_thing("Car: VW Golf 1.4", "golf")
    assert not names_thing("Coach 14, Seat: 82", "seat")  # a label
    assert not names_thing("SEAT 14A", "seat")  # a label's value
    assert not names_thing("SEAT NUMBER: 14A", "seat")  # a label of two words
    assert not names_thing("the seat was broken", "seat")
    assert not names_thing("Tax Invoice - Electricity", "tax")  # a heading of a paper's words, no name
    assert not names_thing("VW Golf 1.4, golf lessons on Sunday", "golf")  # also said as a word


def test_the_next_inspection_of_a_car_named_by_its_make(folder):
    answers(planner_agent(folder[0], NOW), "prox itv seat?", "03/03/2028", "scan 7.txt")


def test_a_name_is_no_seat_on_a_ticket(folder):
    declines(planner_agent(folder[0], NOW), "which seat do I have on the train to Valencia?")


def test_the_last_date_allowed_answers_by_when():
    facts = ranked(LETTER, "Steuer/Brief Krause.txt", "by when must the tax adviser have my documents?")
    assert "30. April 2026" in facts[0].text, [f.text for f in facts[:3]]


def test_locked_out_asks_the_locksmiths_bill(folder):
    answers(planner_agent(folder[0], NOW), "how much did it cost when I locked myself out?", "128,00",
            "Schluesseldienst Quittung.txt")


def test_what_a_visitor_types_in_to_connect(folder):
    answers(planner_agent(folder[0], NOW), "My brother is staying over with his laptop. What does he have to type in "
            "to connect?", "Otter!Lane2026", "home codes.txt")
