"""Files named in the household's other tongue, asked about in English: a plural that changes its last vowel
(Ricette for "recipes", Cedolini, "rette" for Retta_….pdf), a city or region by its own name (Napoli for "Naples",
Sicilia for "Sicily"), a trip folder dated with its month and year run together (Naivasha_Aug2026), and when one of
several papers named alike was saved, by its month ("when was Davide's November cedolino saved"). Over a real
index, on a fixture written for these tests."""

from __future__ import annotations

from datetime import datetime

from conftest import ask, folder_fixture, planner_agent

from manoled.agent import gloss
from manoled.agent.names import dated_name, path_words, similar

NOW = datetime(2026, 11, 30, 12).timestamp()

FILES: dict[str, tuple[str, float]] = {
    "Ricette/risotto_alla_milanese.md": ("Risotto alla milanese\n320 g riso Carnaroli\n1 bustina zafferano\n", 200),
    "Ricette/torta_di_mele.md": ("Torta di mele\n3 mele, 200 g farina, 3 uova\n", 150),
    "Lavoro_Davide/Cedolini/Cedolino_2026-10.pdf.txt": ("Cedolino ottobre 2026\nNetto in busta: 2.245,68\n", 33),
    "Lavoro_Davide/Cedolini/Cedolino_2026-11.pdf.txt": ("Cedolino novembre 2026\nNetto in busta: 2.218,95\n", 3),
    "Pietro/Asilo_nido/Retta_2026-11_novembre.txt": ("Retta novembre 2026: 412,00 euro\n", 30),
    "Pietro/Asilo_nido/Retta_2026-12_dicembre.txt": ("Retta dicembre 2026: 412,00 euro\n", 2),
    "Viaggi/Napoli_2026-04/IMG_20260424_153012.jpg.txt": ("photo\n", 220),
    "Viaggi/Napoli_2026-04/treno.txt": ("Frecciarossa 9511 Milano Centrale 07:35 - Napoli Centrale 12:05\n", 220),
    "Viaggi/Sicilia_2026-07/traghetto.txt": ("Traghetto Genova - Palermo, cabina 5127\n", 130),
    "Trips/Naivasha_Aug2026/lodge booking.txt": ("Korongo Lodge, check-out 10:00 a.m.\n", 100),
    "Trips/Naivasha_Aug2026/packing.txt": ("binoculars, fleece\n", 101),
    "Trips/Mombasa/sgr ticket.txt": ("SGR Nairobi Terminus - Mombasa, coach 4\n", 60),
}

folder = folder_fixture("names_abroad", FILES, NOW)


def test_words_of_names_abroad():
    assert similar("rette", "retta") and not similar("plate", "plats")
    assert "napoli" in gloss.forms("naple")  # "Naples", stemmed as a question's word is
    assert dated_name(path_words("Naivasha_Aug2026")) and dated_name(path_words("Lisboa_Abril2026"))
    assert not dated_name(path_words("Tax_Docs"))


def test_a_plural_abroad_names_the_files(folder):
    agent = planner_agent(folder[0], NOW)
    final, sources = ask(agent, "How many recipes have I saved?")
    assert "2" in final.answer and sources == ["risotto_alla_milanese.md", "torta_di_mele.md"], final.answer
    final, sources = ask(agent, "how many rette from the nido do we have?")
    assert "2" in final.answer and sources == ["Retta_2026-11_novembre.txt", "Retta_2026-12_dicembre.txt"], final.answer


def test_a_place_by_its_own_name(folder):
    agent = planner_agent(folder[0], NOW)
    final, sources = ask(agent, "Which files are from the Naples trip?")
    assert sources == ["IMG_20260424_153012.jpg.txt", "treno.txt"], final.answer
    final, sources = ask(agent, "how many files do we have from the sicily trip")
    assert "1" in final.answer and sources == ["traghetto.txt"], final.answer


def test_a_folder_dated_in_one_word(folder):
    agent = planner_agent(folder[0], NOW)
    final, _ = ask(agent, "How much disk space is the Naivasha trip folder using?")
    assert "Naivasha_Aug2026" in final.answer and "2 files" in final.answer, final.answer


def test_when_one_of_a_series_was_saved(folder):
    agent = planner_agent(folder[0], NOW)
    final, sources = ask(agent, "When was Davide's November 2026 cedolino saved?")
    assert sources == ["Cedolino_2026-11.pdf.txt"] and "2026-11-27" in final.answer, final.answer
