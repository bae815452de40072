"""A question that tells a scene first and asks after it: "A buyer will want to know about its technical
inspection. When does the current one run out?" ("the current one" is the inspection told before, and a
certificate that runs out expires); "Before I ring him back I need to know what the compulsory cover costs us a
year" (what follows "I need to know" asks; the scene around it places it); "… What did we give the landlord as
security?" (the deposit, which a Czech lease calls *jistota*). In a folder of Czech papers, English words such as
"current" or "next" are in one file at most, and must not outweigh what the question is about. And a flight that
lands arrives: "what time does the flight to London land?" is its *Llegada* at *Londres*. Over a real index, on
fixtures written for these tests."""

from __future__ import annotations

from datetime import datetime

from conftest import ask, folder_fixture, planner_agent

from manoled.agent import gloss
from manoled.agent.asking import apart, asked_part
from manoled.agent.facts import extract
from manoled.agent.retrieve import Candidate, contains
from manoled.agent.terms import told_aside
from manoled.agent.verify import coverage

NOW = datetime(2026, 11, 20, 12, 0).timestamp()

FILES: dict[str, tuple[str, float]] = {
    "Auto/STK_protokol_Fabia.txt": (
        "PROTOKOL O TECHNICKÉ PROHLÍDCE\nStanice technické kontroly: STK Brno-Slatina\n"
        "Datum prohlídky: | 14. 4. 2026\nTovární značka, typ: | Škoda Fabia 1.0 TSI\nProvozovatel: | Jana Horáková\n"
        "Stav počítadla: | 61 204 km\nHodnocení technického stavu: | ZPŮSOBILÉ\n"
        "Platnost technické prohlídky do: | 14. 4. 2028\n", 200),
    "Auto/pojisteni_vozidla_2026.txt": (
        "Pojišťovna Morava a.s.\nPOJISTNÁ SMLOUVA – povinné ručení\nVozidlo: Škoda Fabia, RZ 6B1 2345\n"
        "Pojistník: Jana Horáková\nRoční pojistné: 3 960 Kč, splatné vždy k 1. 3.\nPřipojištění skel: 890 Kč\n", 260),
    "Byt/najemni_smlouva.txt": (
        "NÁJEMNÍ SMLOUVA\nPronajímatel: Petr Dvořák\nNájemce: Jana Horáková\nNájemné: 18 000 Kč měsíčně\n"
        "Nájemce složil pronajímateli jistotu (kauci) ve výši 40 000 Kč.\n", 300),
    "Notes/todo.md": ("# TODO\n- [ ] next week: call the bank about the current account\n"
                      "- [ ] Jana's passport expires 2029, renew in time\n- [ ] leave the spare keys with Eva\n"
                      "- [ ] refund for the broken kettle; the gym contract ends in May\n"
                      "- I'd like a bigger flat one day\n- [ ] move the bikes to the cellar in spring\n"
                      "- [ ] count the receipts, assuming the scanner works\n"
                      "- Tom booked his flight to London for mum's birthday (18 Apr)\n", 5),
    "Cesty/let_Tom.txt": ("Pasajero / Passenger: MR THOMAS HALE\nVUELO / FLIGHT IB3166  18 abril 2026\n"
                          "  Salida:  07:15  Madrid-Barajas (MAD)\n  Llegada: 08:40  Londres Heathrow (LHR) T5\n", 30),
    "Notes/recepty.txt": ("Bábovka: 250 g mouky, 4 vejce, 200 g cukru. Péct 50 minut.\n", 90),
}

folder = folder_fixture("scene_then_ask", FILES, NOW)


def test_the_current_one_is_what_the_scene_names(folder):
    final, names = ask(planner_agent(folder[0], NOW),
                       "A buyer for the Fabia will want to know about its technical inspection. "
                       "When does the current one run out?")
    assert "14. 4. 2028" in final.answer and names == ["STK_protokol_Fabia.txt"], final.answer
    assert told_aside("We had the cat weighed last month. What does the current one say?") == frozenset()
    assert told_aside("Is the cat getting fat? What did she weigh?") == {"cat", "getting", "fat"}


def test_a_certificate_that_runs_out_expires():
    assert "expire" in gloss.rephrase("when does the current one run out?", lambda w: True)
    assert gloss.rephrase("we ran out of milk, what's on the list?", lambda w: True) == \
        "we ran out of milk, what's on the list?"


def test_what_follows_i_need_to_know_asks(folder):
    question = ("An agent phoned with a cheaper offer for the car. Before I ring him back I need to know what "
                "the compulsory cover costs us per year right now.")
    assert asked_part(question) == "what the compulsory cover costs us per year right now."
    assert apart(question) and not apart("I want to know about my lease")
    final, names = ask(planner_agent(folder[0], NOW), question)
    assert "3 960" in final.answer and names == ["pojisteni_vozidla_2026.txt"], final.answer


def test_what_was_left_as_security_is_the_deposit(folder):
    final, names = ask(planner_agent(folder[0], NOW),
                       "If we move out of the flat when the contract ends in spring, I'd like to know what we can count "
                       "on, assuming nothing is broken. What did we give the landlord as security?")
    assert "40 000" in final.answer and names == ["najemni_smlouva.txt"], final.answer


def test_a_word_that_picks_one_of_a_series_weighs_only_where_said():
    # "current" is in one file of 40, "inspection" in four: a passage that says the inspection and not "current"
    # covers the question (papers rarely call themselves current)
    cov, _ = coverage({"current": 1, "inspection": 4}, "Platnost technické prohlídky do: 14. 4. 2028", 40)
    assert cov == 1.0


def test_a_flight_lands_when_it_arrives(folder):
    final, names = ask(planner_agent(folder[0], NOW), "what time does Tom's flight to London land?")
    assert "08:40" in final.answer and names == ["let_Tom.txt"], final.answer
    assert contains("Llegada: 08:40 Heathrow", "land") and contains("Llegada: 08:40 Londres Heathrow", "london")
    assert "net" not in gloss.rephrase("when does the flight land in London?", lambda w: True)
    assert "net" in gloss.rephrase("how much landed in my account in May?", lambda w: True)


def test_the_scene_counts_for_a_passage_only_where_it_says_it():
    """The scene's words (a sister, Brno, next summer) are not what the lease must say: the rent it says answers."""
    question = ("My sister is moving to Brno next summer and asked how the rent works over there. "
                "What is our monthly rent?")
    lease = Candidate(1, "NÁJEMNÍ SMLOUVA\nNájemné (rent): 18 000 Kč měsíčně (monthly)\n", "/d/Byt/smlouva.txt",
                      "smlouva.txt", rrf=0.03, vector_score=0.2, relpath="Byt/smlouva.txt")
    found = extract(question, [lease], top=5)
    assert not found.declined and "18 000" in found.facts[0].text, found.reason
