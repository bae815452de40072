"""Papers in other languages and words with accents: English questions about a German folder."""

from __future__ import annotations

import time
from pathlib import Path

from conftest import folder_fixture, planner_agent, planner_answer

from manoled.agent import gloss
from manoled.agent.retrieve import contains, fts_terms, initials
from manoled.agent.steps import AnswerStep
from manoled.agent.wording import fold, words

NOW = time.time()
FILES: dict[str, tuple[str, float]] = {
    "Wohnung/Mietvertrag_Weserstr.txt": ("Mietvertrag über Wohnraum\n§ 3 Miete\nDie Kaltmiete beträgt monatlich "
                                         "780,00 EUR.\n§ 5 Mietsicherheit\nDie Kaution beträgt 2.340,00 EUR.\n", 400),
    "Wohnung/Quittung_Schluesseldienst.txt": ("Kiez-Aufsperrdienst Berlin\nQuittung Nr. 2026-0042\n"
                                              "Türöffnung zerstörungsfrei: 89,00 €\nGesamtbetrag: 205,28 €\n", 30),
    "Finanzen/Steuer/Brief_Steuerberatung_Hoffmann.txt": ("Steuerberatung Hoffmann\nDipl.-Kffr. Claudia Hoffmann · "
                                                         "Steuerberaterin\nHermannstraße 48 · 12049 Berlin · "
                                                         "Tel. 030 2291 7745\n\nSehr geehrte Frau Carvalho,\nwie in den Vorjahren übernehmen "
                                                         "wir gern Ihre Steuererklärung 2025. Bitte senden Sie uns Ihre Unterlagen bis "
                                                         "spätestens 30. April 2026.\nMit freundlichen Grüßen\n"
                                                         "Claudia Hoffmann\nSteuerberaterin\n", 40),
    "Finanzen/Ausgaben_2025.csv": ("Datum,Kategorie,Beschreibung,Betrag\n2025-06-02,Steuerberatung,Steuerberatung "
                                   "Hoffmann - Erklärung 2024,820.00\n2025-05-12,Internet,Spreenetz Glasfaser,39.99\n", 50),
    "Wohnung/Nebenkostenabrechnung_2025.txt": ("Betriebskostenabrechnung\nAbrechnungszeitraum: 01.01.2025 - "
                                               "31.12.2025\nBitte überweisen Sie den Nachzahlungsbetrag von 211,46 EUR "
                                               "bis zum 15.04.2026 auf das Ihnen bekannte Konto.\n", 20),
    "Notes/groceries.txt": ("Shopping list: milk, bread, data cable for the printer.", 3),
}


folder = folder_fixture("languages", FILES, NOW)


def ask(folder, question: str) -> AnswerStep:
    return planner_answer(folder[0], NOW, question)


def test_words_with_accents_stay_whole_and_fold_to_one_spelling():
    assert words("schlüsseldienst bill, Neukölln") == ["schlüsseldienst", "bill", "neukölln"]
    assert fold("schlüsseldienst") == fold("schluesseldienst") == "schluesseldienst"
    assert fold("café") == "cafe" and fold("invoice") == "invoice"
    assert contains("Quittung vom Schlüsseldienst", "schluesseldienst")


def test_a_question_word_is_found_in_its_form_in_another_language():
    assert contains("Die Kaution beträgt 2.340,00 EUR.", "deposit")
    assert contains("Quittung Nr. 2026-0042", "receipt")
    assert contains("Stand: März 2026", "march")
    assert contains("ÉTAT DES LIEUX D'ENTRÉE", "moved") and contains("Einzug am 01.09.2024", "move")  # "when we moved in"
    assert contains("Unterlagen bis spätestens 30. April 2026", "document")
    assert not contains("a data cable", "date")  # an English word is never another's form
    assert "kaution*" in fts_terms(["deposit"]) and "märz" in fts_terms(["march"])
    assert contains("Beitragsart: Gesamtbeitrag", "contributions") and contains("Rbt mutuelle: 250,00", "refund")
    assert contains("Die Kaution beträgt 2.340,00 EUR.", "guarantee")  # a deposit left as a guarantee
    assert contains("Bond amount: $2,480.00", "deposit")  # a rental deposit is a bond where the lease says so
    assert contains("lettre_resiliation_salle_sport", "cancellation") and contains("facture plomberie", "plumbing")


def test_a_word_has_one_gloss_line():
    # a second line for a word would replace the first one's forms, silently
    said = [w for line in gloss._TABLE.strip().splitlines() if not line.startswith(" ")  # (a line going on)
            for w in line.partition(":")[0].split()]
    assert len(said) == len(set(said)), sorted(w for w in set(said) if said.count(w) > 1)


def test_english_questions_about_german_papers(folder):
    final = ask(folder, "How much was the security deposit for my flat?")
    assert "2.340,00" in final.answer and Path(final.sources[0]).name == "Mietvertrag_Weserstr.txt"
    final = ask(folder, "what did the schlüsseldienst receipt come to in total?")
    assert "205,28" in final.answer
    final = ask(folder, "schlüsseldienst bill how much was it")  # a bill's amount is its total, not a line of it
    assert "205,28" in final.answer, final.answer


def test_a_short_form_is_found_as_the_words_it_stands_for():
    assert contains("his required minimum distribution for 2026 is $14,380.00", "rmd")  # its words' initials
    assert contains("Your Social Security benefits will increase", "ss")
    assert not contains("some services are sold separately", "ss")  # two letters: capitalised words only
    assert not initials("reading my diary", "rmd")  # three letters each
    assert "social security" in fts_terms(["ss"])  # what a person writes short, papers spell out


def test_the_file_whose_name_says_the_question_answers_who_and_its_follow_up(folder):
    agent = planner_agent(folder[0], NOW)  # "Steuerberatung" in a letter's name is the advisor, not a row naming it
    first = list(agent.run("who is my tax advisor?", session="s"))[-1]
    assert "Claudia Hoffmann" in first.answer and Path(first.sources[0]).name == "Brief_Steuerberatung_Hoffmann.txt"
    then = list(agent.run("what's her phone number?", session="s"))[-1]
    assert "030 2291 7745" in then.answer


def test_a_date_owed_is_found_in_german(folder):
    final = ask(folder, "by when do I have to pay the utility statement?")  # "bis zum", not the period's dates
    assert "15.04.2026" in final.answer, final.answer


def test_a_german_date_with_a_dotted_day_is_said_whole(folder):
    final = ask(folder, "when do I have to hand over my papers for the 2025 taxes?")  # not "April 2026" alone
    assert "30. April 2026" in final.answer, final.answer


def test_dates_written_in_other_languages_are_dates():
    from manoled.agent.shapes import TYPE_PATTERNS

    for text in ("bis spätestens 30. April 2026", "Berlin, 10. Februar 2026", "Lisboa, 5 de fevereiro de 2026",
                 "le 12 mars 2026", "Marzo 2026"):
        assert TYPE_PATTERNS["date"].search(text), text
    assert not TYPE_PATTERNS["date"].search("Marco Bellini, Mai Tran")  # a name is no month without a number
    assert not TYPE_PATTERNS["amount"].search("Zeitraum: 01.02.-28.02.2026")  # a German date range is no sum
