"""A question told in the asker's words, not the paper's: "what kind of cheese am I picking up" (a list says the
cheese, not the errand), "the account I wire the money to" (an IBAN; "my bank account" is not the roofer's), "who
runs the Hillside project" (not Hillside Builders), "who should I call" (a manual's "call a Gas Safe engineer",
with no number), "who do I send the photos to" (a person, though "photos" names files), "the reading at the end of
2024" (its December row), "what did the roof job include besides the repair" ("besides" says which, it is no verb),
"the aim" (a brief's "Goal:") and "which pulses" (the green beans); "the fourth book" of a list of three is in no
file. Over a real index, on fixtures written for these tests."""

from __future__ import annotations

import time

from conftest import ask, folder_fixture, planner_agent

from manoled.agent import gloss
from manoled.agent.kinds import new_value, says_shape
from manoled.agent.months import asked_months
from manoled.agent.shapes import TYPE_PATTERNS
from manoled.agent.terms import person_verbs, topic_terms

NOW = time.time()

FILES: dict[str, tuple[str, float]] = {
    "Notes/market_list.md": ("# Market\n- goat cheese\n- sourdough loaf\n- green beans\n- dish soap\n", 10),
    "Work/garden_project_brief.txt": (
        "Community garden - project brief\n\nSponsor: Hillside Builders\nProject lead: Aoife Brennan\n"
        "Goal: turn the empty lot behind the library into raised beds.\nOpening day: 12 September 2026.\n", 20),
    "Housing/meter_log.csv": (
        "date,water_m3,heating_kwh\n2024-01-01,310,5020\n2024-04-01,331,5470\n2024-08-01,372,5880\n"
        "2024-12-01,402,6710\n", 30),
    "Manuals/boiler_guide.txt": (
        "Vaillant ecoTEC plus boiler - user guide\n"
        "Fault F28: the boiler did not light. Check that the gas supply is on and press reset.\n"
        "Fault F75: the water pressure is too low. Top it up to 1.5 bar; if it keeps dropping, call a Gas Safe "
        "engineer.\n", 40),
    "Invoices/roofer_2026-02.txt": (
        "INVOICE\nSlate & Sons Roofing\nInvoice number: SSR-2026-044\nInvoice date: 3 February 2026\n"
        "Description: Ridge tile repair and gutter clearing\nTotal due: GBP 640.00 (VAT included)\n"
        "Please pay by bank transfer to IBAN GB29 NWBK 6016 1331 9268 19.\n", 50),
    "Recipes/salsa_verde.md": ("# Salsa verde\n- a bunch of parsley\n- 2 anchovies\n- 1 tbsp capers\n- half a lemon\n", 25),
    "Notes/reading_list.md": ("# Books for the summer\n1. Piranesi\n2. The Overstory\n3. Station Eleven\n", 12),
    "Notes/todo.txt": ("TODO\n- book the boiler service at Hearth Heating\n- renew the parking permit\n"
                       "- send Ronan the holiday photos\n- descale the kettle\n", 15),
}

folder = folder_fixture("askers_words", FILES, NOW)


def test_what_the_asker_does_is_no_word_the_files_must_have(folder):
    assert person_verbs("what kind of cheese am I picking up?") == {"picking"}
    assert person_verbs("who do I need to send the photos to?") == {"send"}
    assert person_verbs("what's on the market list?") == frozenset()
    final, names = ask(planner_agent(folder[0], NOW), "what kind of cheese am I picking up?")
    assert "goat cheese" in final.answer and names == ["market_list.md"], final.answer


def test_an_iban_is_the_account_number(folder):
    assert says_shape("account", "pay to IBAN GB29 NWBK 6016 1331 9268 19.")
    assert not says_shape("account", "Invoice number: SSR-2026-044")
    final, names = ask(planner_agent(folder[0], NOW), "what's the account number I wire the roofer's money to?")
    assert "GB29" in final.answer and names == ["roofer_2026-02.txt"], final.answer
    # the account a bill is paid into is the roofer's, not the asker's own
    final, names = ask(planner_agent(folder[0], NOW), "what's my bank account number?")
    assert names == [], final.answer


def test_the_name_a_who_question_says_is_not_its_answer(folder):
    asked = {"who", "run", "the", "hillside", "project"}
    assert not new_value("person", "Sponsor: Hillside Builders", asked)
    assert new_value("person", "Project lead: Aoife Brennan", asked)
    # "Site Coordinator" says the role asked; "Dr" opening a name is a title, not a street's Drive
    assert new_value("person", "The Site Coordinator is Dr Ken Osei.", {"who", "the", "coordinator"})
    final, names = ask(planner_agent(folder[0], NOW), "who leads the Hillside project?")
    assert "Aoife Brennan" in final.answer and names == ["garden_project_brief.txt"], final.answer


def test_who_to_call_is_whom_a_manual_says_to_call_when_it_gives_no_number(folder):
    final, names = ask(planner_agent(folder[0], NOW), "the boiler shows F75 and keeps losing pressure, who should I call?")
    assert "Gas Safe" in final.answer and names == ["boiler_guide.txt"], final.answer


def test_who_asks_a_person_though_its_words_name_a_kind_of_file(folder):
    final, _ = ask(planner_agent(folder[0], NOW), "who do I need to send the holiday photos to?")
    assert final.intent == "content", final


def test_the_start_and_end_of_a_year_are_its_first_and_last_months(folder):
    assert asked_months("the water meter at the start of 2024") == ({1}, {2024})
    assert asked_months("heating reading at the end of 2024") == ({12}, {2024})
    assert asked_months("at the end of march 2024") == ({3}, {2024})  # a month's end is that month
    assert topic_terms("the water meter at the start of 2024") == ["water", "meter", "january", "2024"]
    final, names = ask(planner_agent(folder[0], NOW), "what did the heating meter say at the end of 2024?")
    assert "6710" in final.answer and names == ["meter_log.csv"], final.answer


def test_besides_says_which_and_is_no_verb(folder):
    final, names = ask(planner_agent(folder[0], NOW), "what did the roof job include besides the tile repair?")
    assert "gutter clearing" in final.answer and names == ["roofer_2026-02.txt"], final.answer


def test_an_aim_is_what_a_brief_calls_its_goal(folder):
    final, names = ask(planner_agent(folder[0], NOW), "what's the aim of the community garden project?")
    assert "raised beds" in final.answer and names == ["garden_project_brief.txt"], final.answer


def test_a_kind_of_thing_is_said_by_the_things_of_it(folder):
    # the embedder does not bridge these (pulses~lentils 0.18); a kind no line names stays unsaid
    assert "lentils" in gloss.forms("pulse") and "parsley" in gloss.forms("herb")
    agent = planner_agent(folder[0], NOW)
    final, names = ask(agent, "what herb goes in the salsa verde?")
    assert "parsley" in final.answer and names == ["salsa_verde.md"], final.answer
    final, names = ask(agent, "which pulses are on my market list?")
    assert "green beans" in final.answer and names == ["market_list.md"], final.answer
    final, names = ask(agent, "which spices go in the salsa verde?")
    assert names == [], final.answer


def test_a_place_in_a_list_it_does_not_have_is_not_in_the_files(folder):
    agent = planner_agent(folder[0], NOW)
    final, names = ask(agent, "what's the third book on my reading list?")
    assert "Station Eleven" in final.answer and names == ["reading_list.md"], final.answer
    final, names = ask(agent, "what's the fourth book on my reading list?", session="fourth")
    assert names == [], final.answer


def test_a_day_of_a_month_is_no_house_on_a_street():
    assert not TYPE_PATTERNS["place"].search("Opening day: 12 September 2026.")
    assert TYPE_PATTERNS["place"].search("4 Marchmont Road") and TYPE_PATTERNS["place"].search("27 Willow Crescent")
