"""Questions about files asked in the household's own language: "Hoeveel ruimte neemt de map Recepten in?" (the space
a folder takes), "Wat zit er in de map van Anouk?" (its tree), "Hoeveel recepten staan er in de map Recepten?" (a
count of files, not of space), "Wie viele Fotos haben wir vom Gardasee?", "Was ist im Notizen-Ordner?" (German
capitalises the nouns that say "photos" and "folder") and "Hur många filer finns i mappen Kvitton?". English questions
that say "map" or "pasta" stay English. Over a real index, on fixtures written for these tests."""

from __future__ import annotations

from datetime import datetime

from conftest import ask, folder_fixture, planner_agent

from manoled.agent.tongues import in_english

NOW = datetime(2026, 11, 20, 12).timestamp()

FILES: dict[str, tuple[str, float]] = {
    "Recepten/erwtensoep.md": ("# Erwtensoep\n- 500 g spliterwten\n- 1 rookworst\n", 200),
    "Recepten/pannenkoeken.md": ("# Pannenkoeken\n- 250 g bloem\n- 2 eieren\n- 500 ml melk\n", 180),
    "Recepten/appeltaart.md": ("# Appeltaart\n- 1 kg goudrenetten\n- 300 g bloem\n", 160),
    "Anouk/zwemdiploma A.txt": ("Zwemdiploma A\nNaam: Anouk Jansen\nDatum: 14-06-2026\n", 150),
    "Anouk/Rapport/rapport groep 5.txt": ("Rapport groep 5\nLezen: goed\nRekenen: voldoende\n", 90),
    "Notizen/Rezepte/Kaiserschmarrn.md": ("# Kaiserschmarrn\n- 4 Eier\n- 250 ml Milch\n", 140),
    "Notizen/Rezepte/Gulasch.md": ("# Gulasch\n- 1 kg Rindfleisch\n- 1 kg Zwiebeln\n", 130),
    "Notizen/ToDo.md": ("- Pickerl für den Golf\n- Kindergarten anmelden\n", 30),
    "Notizen/Kontakte.md": ("Hausverwaltung: 01 234 5678\n", 60),
    "Urlaub/Gardasee 2026/IMG_20260712_101500.jpg": ("", 120),
    "Urlaub/Gardasee 2026/IMG_20260713_184210.jpg": ("", 119),
    "Kvitton/kvitto ICA 2026-05-02.txt": ("ICA Kvantum\nSumma: 412,50 kr\n", 200),
    "Kvitton/kvitto Apotek 2026-05-09.txt": ("Apotek Hjärtat\nSumma: 89,00 kr\n", 190),
}

folder = folder_fixture("files_asked_in_their_tongue", FILES, NOW)


def test_dutch_questions_about_files(folder):
    agent = planner_agent(folder[0], NOW)
    final, _ = ask(agent, "Hoeveel ruimte neemt de map Recepten in?")
    assert final.answer.startswith("The 3 files in Recepten use"), final.answer
    final, _ = ask(agent, "Hoeveel recepten staan er in de map Recepten?")
    assert final.answer.startswith("You have 3 files"), final.answer
    final, _ = ask(agent, "Wat zit er in de map van Anouk?")
    assert "Rapport/" in final.answer and "zwemdiploma A.txt" in final.answer, final.answer


def test_german_and_swedish_questions_about_files(folder):
    agent = planner_agent(folder[0], NOW)
    final, _ = ask(agent, "Wie viele Fotos haben wir vom Gardasee?")
    assert "2 photo files" in final.answer, final.answer
    final, _ = ask(agent, "Was ist im Notizen-Ordner?")
    assert "Rezepte/" in final.answer and "ToDo.md" in final.answer, final.answer
    final, _ = ask(agent, "Hur många filer finns i mappen Kvitton?")
    assert "2 files" in final.answer, final.answer


def test_english_words_of_files_keep_an_english_question_english():
    for question in ("What is in the map folder?", "How many pasta recipes do I have?", "Is the dossier here?"):
        assert in_english(question) == question
