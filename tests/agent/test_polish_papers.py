"""Papers kept in Polish, and a paper's word said in another of its tongue's words. A question in English finds the
Polish words of papers (*kaucja* is the deposit, *czynsz* the rent); one asked in Polish or Czech is read by its
asking words ("ile", "kdy"); a question that says a paper's word in one tongue ("how much was the kauce") finds the
paper that says it in another of that tongue's words (*jistota*). Over a real index, on fixtures written for these
tests."""

from __future__ import annotations

import time

from conftest import ask, folder_fixture, planner_agent

from manoled.agent import gloss
from manoled.agent.tongues import in_english, language_of

NOW = time.time()

FILES: dict[str, tuple[str, float]] = {
    "Mieszkanie/umowa_najmu_2026.txt": (
        "UMOWA NAJMU LOKALU MIESZKALNEGO\nzawarta w dniu 1 lutego 2026 r.\n"
        "Wynajmujący: Tadeusz Wrona, ul. Długa 12, Gdańsk\nNajemca: Ola Zielińska\n"
        "§3. Czynsz najmu wynosi 3 150 zł miesięcznie, płatny do 10. dnia każdego miesiąca.\n"
        "§4. Najemca wpłacił kaucję w wysokości 6 300 zł.\n"
        "§7. Okres wypowiedzenia umowy wynosi trzy miesiące.\n", 60),
    "Auto/przeglad_techniczny.txt": (
        "ZAŚWIADCZENIE O PRZEPROWADZONYM BADANIU TECHNICZNYM POJAZDU\nMarka: Škoda Fabia\n"
        "Stan licznika: 84 120 km\nTermin następnego badania technicznego: 14.05.2027\n", 80),
    "Garaz/Najemni_smlouva_garaz.txt": (
        "NÁJEMNÍ SMLOUVA – garáž č. 14, Praha 7\nPronajímatel: Jaroslava Kučerová\nNájemce: Petr Novák\n"
        "Nájemné: 1 900 Kč měsíčně\nNájemce složil pronajímateli jistotu ve výši 3 800 Kč.\n", 70),
    "Notes/shopping.txt": ("Shopping list\n- eggs\n- bread\n- coffee beans\n", 10),
}

folder = folder_fixture("polish_papers", FILES, NOW)


def test_a_word_of_another_tongue_is_a_form_of_its_english_word():
    assert gloss.heads("kaucja") == ("deposit", "guarantee")  # by its stem: kaucj-a, kaucj-i
    assert "deposit" in gloss.heads("kauce")
    assert gloss.heads("czynszu")[0] == "rent"  # (and its forms the stemmer keeps apart: renting)
    assert gloss.heads("deposit") == () and gloss.heads("coffee") == ()
    assert gloss.heads("reservation") == ()  # an English word that starts like a form ("reserva"), no ending of it


def test_polish_and_czech_questions_are_read_by_their_asking_words():
    assert in_english("ile wynosi czynsz za mieszkanie?") == "how much czynsz mieszkanie?"
    assert in_english("kiedy następny przegląd?") == "when next przegląd?"
    assert in_english("kolik stojí povinné ručení") == "how much cost povinné ručení"
    assert language_of("What is the rent at Ile de la Cité?") is None


def test_english_questions_find_polish_papers(folder):
    agent = planner_agent(folder[0], NOW)
    for question, answer, source in (("how much was the deposit on the flat?", "6 300 zł", "umowa_najmu_2026.txt"),
                                     ("what's the monthly rent for the flat?", "3 150 zł", "umowa_najmu_2026.txt"),
                                     ("when is the car's next inspection due?", "14.05.2027",
                                      "przeglad_techniczny.txt")):
        final, sources = ask(agent, question)
        assert answer in final.answer and sources == [source], (question, final.answer)


def test_a_papers_word_said_in_another_of_its_tongues_words(folder):
    # the Czech lease of a garage says "jistota"; the question says "kauce", another Czech word for the same deposit
    final, sources = ask(planner_agent(folder[0], NOW), "how much was the kauce for the garáž?")
    assert "3 800 Kč" in final.answer and sources == ["Najemni_smlouva_garaz.txt"], final.answer


def test_a_question_in_polish(folder):
    agent = planner_agent(folder[0], NOW)
    for question, answer, source in (("ile wynosi czynsz?", "3 150 zł", "umowa_najmu_2026.txt"),
                                     ("kiedy następne badanie techniczne?", "14.05.2027", "przeglad_techniczny.txt")):
        final, sources = ask(agent, question)
        assert answer in final.answer and sources == [source], (question, final.answer)


def test_the_word_so_found_is_not_a_word_no_file_has(folder):
    # of two words, one in no file would decline the question as about something the files do not have
    final, sources = ask(planner_agent(folder[0], NOW), "how much was the kauce?")
    assert not final.answer.startswith("I found nothing") and len(sources) == 1, final.answer
