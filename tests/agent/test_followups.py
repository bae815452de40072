"""Follow-ups, worded casually, over a small personal folder of our own (fallback tier: no model call).

Real catalog + FTS5 + LEANN + MiniLM; the FakeLLM has an empty script, so any model call fails.
Each case asks a first question, then a follow-up in the same session, and checks the fact and the
one file it cites; a complete question after another turn must be answered on its own.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from pathlib import Path

import pytest
from conftest import folder_fixture, planner_agent

from manoled.agent.continuation import is_followup, own_words
from manoled.agent.loop import Agent
from manoled.agent.planner import Planner
from manoled.agent.series import in_sequence
from manoled.agent.slots import read_slots
from manoled.agent.steps import AnswerStep, RewriteStep

NOW = time.time()
DAY = 86400.0
FILES: dict[str, tuple[str, float]] = {
    "bills/northwind_power_2025-11.txt": ("Invoice NP-1105 from Northwind Power.\nElectricity for November 2025.\n"
                                          "Total: 84.20 EUR.\nDue by 15 December 2025.", 90),
    "bills/northwind_power_2025-12.txt": ("Invoice NP-1212 from Northwind Power.\nElectricity for December 2025.\n"
                                          "Total: 91.10 EUR.\nDue by 15 January 2026.", 60),
    "bills/initech_water_2025-11.txt": ("Invoice IW-311 from Initech Water.\nWater for November 2025.\n"
                                        "Total: 31.75 EUR.", 88),
    "trips/oslo_cabin_booking.txt": ("Fjordview Lodge, Oslo.\nArrival: 3 July 2026, from 16:00.\n"
                                     "Departure: 10 July 2026, by 10:00.\nBooking reference FV-2231.\n"
                                     "Host: Ingrid Berg.", 30),
    "work/team_sync_2026-02-10.md": ("# Team sync, 10 February 2026\nPresent: Lena Fischer, Omar Haddad, Kim Park.\n"
                                     "Decision: the beta ships on 14 March 2026.\nOmar updates the roadmap.", 20),
    "notes/chores.md": ("# Chores\n- take the bicycle to the repair shop for new brakes\n- water the ferns\n"
                        "- pay the gym membership\n- return the library books", 2),
    "notes/bike_log.txt": ("Bicycle: Gazelle city bike, bought 2021.\nChain replaced in April 2024.\n"
                           "Brake pads changed in March 2025.", 200),
    "notes/dentist.txt": ("Dentist appointment with Maria Alvarez on 4 March 2026 at 09:30.", 15),
    "recipes/shakshuka.md": ("# Shakshuka\nIngredients: 6 eggs, 2 peppers, 1 tin of tomatoes, 1 tsp cumin.\n"
                             "Bake for 12 minutes.", 120),
    "money/plan_2026.csv": ("area,planned,spent\nFuel,90,104\nInsurance,40,40\nHobbies,60,35\nPets,25,31\n", 40),
    "housing/lease_hollis_st.txt": ("Residential tenancy agreement, 2/14 Hollis St.\nRent: $620 per week.\n"
                                 "Property manager: Daniel Okafor, mobile 0423 117 865.", 300),
    "phone/koala_mobile_2026-02.txt": ("Koala Mobile bill, February 2026.\nAccount number: 7710 4432 19.\n"
                                       "Amount due: $35.00.", 25),
    "farm/shearing_quote_2025.txt": ("Rutene Shearing Ltd, quote Q-0412.\nDave Rutene, shearing contractor. "
                                     "Mob 021 448 2716.\nMain shear of 230 ewes: $1,913.03 incl GST.", 45),
    "phone numbers.txt": ("Useful phone numbers\nVet: Waimea Vets 03 542 3309\nBank: Harbourside 027 611 8043\n"
                          "Council: 03 543 8400", 50),
    "cars/hilux_papers.txt": ("Hilux LKR382\nWOF done at Brightwater Motors, expires 05/03/2026.\n"
                              "Registration paid for 12 months, expires 28/06/2026.", 70),
    "Logement/Assurance/avis_echeance_MRH_2026.txt": (
        "AVIS D'ÉCHÉANCE - Assurance habitation\nN° de contrat: MRH 7734 2185\nÉchéance principale: 01/09/2026\n"
        "Agence Lyon Jean-Macé – accueil 04 78 95 21 00\nVotre conseillère: Nadia BENALI – ligne directe "
        "04 78 95 21 07\nCotisation annuelle TTC: 312,48 €", 80),
    "garage/renewals.txt": ("Renewal dates\n\nCAMPERVAN  ZX4411\n  safety check passed 02/02/2026, valid until 02/02/2027\n"
                            "  licence paid 12 mths, expires 15/08/2026\n\nBOAT TRAILER  TT9902\n"
                            "  safety check exp 11/11/2025\n  licence exp 30/09/2026\n", 65),
    # a fuel log long enough for several passages: its last fill-up is in the last one
    "cars/fuel log.csv": ("date,station,litres,price_per_litre,total_cost,odometer_km,notes\n" + "".join(
        f"2026-{m:02d}-{d:02d},{st},{40 + (m * d) % 9}.{d:02d},1.{600 + m * 7},{70 + (m * d) % 13}.50,{20000 + 600 * i},\n"
        for i, (m, d, st) in enumerate((m, d, st) for m in range(1, 12) for d, st in ((4, "Circle K"), (19, "Maxol")))),
        3),
    "recipes/pesto.md": ("# Pesto\nIngredients: 50 g basil, 30 g pine nuts, 40 g parmesan, 100 ml olive oil.\n"
                         + "Blend briefly. " * 40, 5),
}


folder = folder_fixture("followups", FILES, NOW)


@pytest.fixture
def agent(folder) -> Agent:
    return planner_agent(folder[0], NOW)


def ask(agent: Agent, question: str, session: str | None = None) -> tuple[AnswerStep, RewriteStep]:
    steps = list(agent.run(question, session=session))
    final = steps[-1]
    assert isinstance(final, AnswerStep)
    assert final.answered_by == "planner" and final.timings["llm_ms"] == 0.0
    assert len(final.answer) <= 300, final.answer
    plan = next(s for s in steps if isinstance(s, RewriteStep))
    return final, plan


def names(final: AnswerStep) -> list[str]:
    return [Path(s).name for s in final.sources]


def converse(agent: Agent, first: str, then: str) -> tuple[AnswerStep, AnswerStep, RewriteStep]:
    a, _ = ask(agent, first)
    b, plan = ask(agent, then, session=a.session)
    return a, b, plan


# -- content follow-ups ----------------------------------------------------------------------------
BILL = "What was the Northwind Power bill total for November 2025?"


def test_first_question_of_the_bill_cases(agent):
    final, plan = ask(agent, BILL)
    assert "84.20" in final.answer and names(final) == ["northwind_power_2025-11.txt"] and not plan.followup


@pytest.mark.parametrize("then", ["and the Initech one?", "what about Initech?", "and Initech Water that month?",
                                  "same for initech"])
def test_a_new_name_swaps_the_file_and_keeps_the_month(agent, then):
    _, final, plan = converse(agent, BILL, then)
    assert plan.followup
    assert "31.75" in final.answer and names(final) == ["initech_water_2025-11.txt"], final.answer


@pytest.mark.parametrize("then", ["when is that due?", "and when is that one due?"])
def test_what_is_said_of_the_previous_answers_thing_is_asked(agent, then):
    _, final, plan = converse(agent, BILL, then)  # "that due" points at no thing: "due" is what is asked
    assert plan.followup
    assert "15 December 2025" in final.answer and names(final) == ["northwind_power_2025-11.txt"], final.answer


@pytest.mark.parametrize("then", ["and in December?", "what about December 2025?", "what about December's?"])
def test_a_new_month_keeps_the_vendor(agent, then):
    _, final, plan = converse(agent, BILL, then)
    assert "91.10" in final.answer and names(final) == ["northwind_power_2025-12.txt"], final.answer
    assert "December" in plan.resolved_query, plan.resolved_query  # (asked of it, not left to the files' ranking)


@pytest.mark.parametrize("then", ["and when do I have to leave?", "when do I leave?", "and when do I go home?"])
def test_a_new_question_about_the_same_file_does_not_repeat_the_previous_fact(agent, then):
    first, final, plan = converse(agent, "when do I arrive at the cabin in Oslo?", then)
    assert "3 July 2026" in first.answer
    assert plan.followup
    assert "10 July 2026" in final.answer and names(final) == ["oslo_cabin_booking.txt"], final.answer


@pytest.mark.parametrize("then", ["and what did I actually spend?", "and how much did it really come to?"])
def test_a_follow_up_on_a_table_row_stays_on_that_row(agent, then):
    first, final, plan = converse(agent, "how much did I plan for fuel this year?", then)
    assert "90" in first.answer and plan.followup
    assert "104" in final.answer and "Fuel" in final.answer and names(final) == ["plan_2026.csv"], final.answer


@pytest.mark.parametrize("then", ["who was there?", "who attended?", "and who else was in it?"])
def test_who_was_there_asks_the_same_meeting_for_people(agent, then):
    _, final, plan = converse(agent, "what did we decide at the team sync?", then)
    assert plan.followup
    assert names(final) == ["team_sync_2026-02-10.md"], final.answer
    assert any(who in final.answer for who in ("Lena Fischer", "Omar Haddad", "Kim Park")), final.answer


@pytest.mark.parametrize("then", ["anything about the bicycle?", "is the gym on it?", "anything on the ferns?"])
def test_a_topic_in_the_previous_file_is_looked_for_there_first(agent, then):
    _, final, plan = converse(agent, "what's on my chores list?", then)
    assert plan.followup
    assert names(final) == ["chores.md"], final.answer


def test_his_number_is_the_previous_answers_not_a_file_named_for_phones(agent):
    first, final, plan = converse(agent, "who did our shearing?", "and his phone number?")
    assert names(first) == ["shearing_quote_2025.txt"] and plan.followup
    assert "021 448 2716" in final.answer and names(final) == ["shearing_quote_2025.txt"], final.answer


def test_an_elliptic_follow_up_asks_what_the_previous_question_asked(agent):
    first, final, plan = converse(agent, "when does the hilux WOF expire?", "and the registration?")
    assert "05/03/2026" in first.answer and plan.followup
    assert "28/06/2026" in final.answer and names(final) == ["hilux_papers.txt"], final.answer


def test_an_elliptic_follow_up_stays_under_the_heading_of_the_previous_answer(agent):
    first, final, _ = converse(agent, "when's the campervan safety check up?", "and the licence?")
    assert "02/02/2027" in first.answer, first.answer
    assert "15/08/2026" in final.answer and names(final) == ["renewals.txt"], final.answer  # not the trailer's
    _, final, _ = converse(agent, "when's the campervan safety check up?", "and the boat trailer's licence?")
    assert "30/09/2026" in final.answer, final.answer  # a heading of its own: that one


def test_a_follow_up_about_a_row_stays_on_that_row(agent):
    first, final, _ = converse(agent, "When did I last fill up the car?", "how many litres did I put in?")
    assert "2026-11-19" in first.answer and names(first) == ["fuel log.csv"], first.answer  # filling up is fuel
    assert "litres: 42.19" in final.answer, final.answer  # that fill-up's row, not another one that says litres


def test_a_topic_not_in_the_previous_file_is_looked_for_everywhere(agent):
    _, final, _ = converse(agent, "what's on my chores list?", "anything about the dentist?")
    assert "Alvarez" in final.answer and names(final) == ["dentist.txt"], final.answer


# -- filesystem follow-ups -------------------------------------------------------------------------
@pytest.mark.parametrize("then", ["which ones?", "list them", "show me those", "what are they called?"])
def test_which_ones_lists_what_was_counted(agent, then):
    first, final, _ = converse(agent, "how many recipes do I have?", then)
    assert "2" in first.answer
    assert sorted(names(final)) == ["pesto.md", "shakshuka.md"], final.answer


def test_which_of_those_is_the_biggest_sorts_the_same_files_by_size(agent):
    _, final, _ = converse(agent, "how many recipes do I have?", "which of those is the biggest?")
    assert names(final) == ["pesto.md"], final.answer


@pytest.mark.parametrize("then", ["how big is it?", "and its size?", "how large is that file?"])
def test_it_is_the_file_the_previous_answer_was_about(agent, then):
    _, final, _ = converse(agent, "when was chores.md last modified?", then)
    size = len(FILES["notes/chores.md"][0].encode())
    assert f"{size} B" in final.answer, final.answer
    assert names(final) == ["chores.md"]


def test_another_folder_gets_the_same_question(agent):
    _, final, _ = converse(agent, "how much space does the recipes folder use?", "and notes?")
    total = sum(len(t.encode()) for r, (t, _) in FILES.items() if r.startswith("notes/"))
    assert f"{total:,} bytes" in final.answer and "notes" in final.answer, final.answer


# -- complete questions are not follow-ups ---------------------------------------------------------
@pytest.mark.parametrize("then, fact, source", [
    ("who is my dentist?", "Alvarez", "dentist.txt"),
    ("how many eggs go in the shakshuka?", "6 eggs", "shakshuka.md"),
    ("what is the booking reference for the Oslo cabin?", "FV-2231", "oslo_cabin_booking.txt"),
])
def test_a_complete_question_after_another_turn_stands_on_its_own(agent, then, fact, source):
    _, final, plan = converse(agent, "what's on my chores list?", then)
    assert not plan.followup
    assert fact in final.answer and names(final) == [source], final.answer


@pytest.mark.parametrize("then", ["folder sizes", "how many files do I have?", "list my recipes"])
def test_a_filesystem_question_after_a_content_turn_stands_on_its_own(agent, then):
    _, _, plan = converse(agent, "what did we decide at the team sync?", then)
    assert not plan.followup


# -- detection, without an index -------------------------------------------------------------------
class _Turn:
    def __init__(self, question: str) -> None:
        self.question, self.sources, self.paths = question, [], []


@pytest.mark.parametrize("question, expected", [
    ("and the Globex one?", True), ("what about March?", True), ("which ones?", True), ("how big is it?", True),
    ("who was there?", True), ("anything about the car?", True), ("and for support?", True),
    ("does it mention a deposit?", True), ("tell me more", True), ("in PDF?", True),
    ("who is my landlord", False), ("how many PDFs do I have", False), ("is there a wifi password", False),
    ("what is the discount code for the garden centre", False), ("are there any photos from 2024", False),
    ("which folder has more files than Notes", False), ("how much did it cost to repair the washing machine in 2025",
                                                        False),
    ("what time?", True), ("since when?", True), ("for how many nights?", True),  # only how it asks
    ("starting when?", True),
    ("what was the quote number?", False),  # a quote is a thing of its own
    ("What's his phone number?", True), ("What's her email address?", True),  # ("What's" names no one)
])
def test_what_counts_as_a_follow_up(question, expected):
    assert is_followup(question, read_slots(question, NOW), [], _Turn("what's on my list?")) is expected


def test_own_words_drop_the_opener_and_the_pointing_words():
    assert own_words("and the Globex one that month?") == "the Globex"
    assert own_words("What about E24?") == "E24"
    assert own_words("and when do I leave?") == "when do I leave"
    assert own_words("how much did that visit cost?") == "how much did cost"  # the visit is the previous answer's
    assert own_words("what did that cost?") == "what did that cost"  # a pronoun: the cost is asked


def test_the_planner_marks_a_follow_up_only_with_a_previous_turn():
    planner = Planner(None, now=lambda: NOW)
    assert not planner.plan("and the Globex one?", []).followup
    assert planner.plan("and the Globex one?", [], [_Turn("how much was the acme invoice")]).followup


# -- more casual wordings --------------------------------------------------------------------------
@pytest.mark.parametrize("then, fact, source", [
    ("how about initech?", "31.75", "initech_water_2025-11.txt"),
    ("and the water one?", "31.75", "initech_water_2025-11.txt"),
    ("when is it due?", "15 December 2025", "northwind_power_2025-11.txt"),
    ("and the invoice number?", "NP-1105", "northwind_power_2025-11.txt"),
])
def test_more_bill_follow_ups(agent, then, fact, source):
    _, final, _ = converse(agent, BILL, then)
    assert fact in final.answer and names(final) == [source], final.answer


@pytest.mark.parametrize("first, then, fact, source", [
    ("when do I arrive at the cabin in Oslo?", "and the host?", "Ingrid Berg", "oslo_cabin_booking.txt"),
    ("when do I arrive at the cabin in Oslo?", "what's the booking reference?", "FV-2231", "oslo_cabin_booking.txt"),
    ("list my recipes", "how big is the pesto one?", "B (", "pesto.md"),
    ("when was chores.md last modified?", "and the pesto recipe?", "pesto.md was last modified", "pesto.md"),
    ("how many eggs go in the shakshuka?", "how long does it bake?", "12 minutes", "shakshuka.md"),
])
def test_more_follow_ups(agent, first, then, fact, source):
    _, final, _ = converse(agent, first, then)
    assert fact in final.answer and names(final) == [source], final.answer


def test_which_is_the_newest_of_the_listed_files(agent):
    _, final, _ = converse(agent, "list my recipes", "which one is the newest?")
    assert names(final) == ["pesto.md"], final.answer


# -- pointing by place in a list, asking another attribute of the same file ------------------------------------
@pytest.mark.parametrize("then, name", [("what's in the second one?", "shakshuka.md"), ("open the last one", "shakshuka.md"),
                                        ("and the first one?", "pesto.md")])
def test_an_ordinal_points_at_that_file_of_the_listing(agent, then, name):
    first, final, plan = converse(agent, "list the files in recipes", then)
    assert names(first) == ["pesto.md", "shakshuka.md"], first.answer  # a folder's files, by name
    assert plan.followup and names(final) == [name], final.answer


def test_a_new_attribute_of_the_same_file(agent):
    first, final, _ = converse(agent, "how big is the pesto recipe", "and when was it last changed?")
    assert "B" in first.answer
    day = time.strftime("%Y-%m-%d", time.localtime(NOW - FILES["recipes/pesto.md"][1] * DAY))
    assert "last modified" in final.answer and day in final.answer and names(final) == ["pesto.md"], final.answer


def test_what_is_eating_the_disk_in_a_folder_names_its_largest_files(agent):
    final, plan = ask(agent, "what's eating my disk in recipes")
    assert plan.intent == "disk", plan
    assert "Largest: pesto.md" in final.answer, final.answer


def test_the_last_one_after_a_content_answer_is_no_place_in_a_list(agent):
    _, final, _ = converse(agent, "when is the dentist appointment?", "and who is it with?")
    assert "Alvarez" in final.answer and names(final) == ["dentist.txt"], final.answer
    _, final, _ = converse(agent, "what did we decide at the team sync?", "who went to the last one?")
    assert names(final) == ["team_sync_2026-02-10.md"], final.answer


# -- a time asked of the answer that already says it, the other file of a pair, the file as a file ----------------
def test_what_time_after_an_answer_that_gives_the_time_repeats_it(agent):
    first, final, _ = converse(agent, "when do I arrive at the cabin in Oslo?", "what time?")
    assert "16:00" in first.answer
    assert "16:00" in final.answer and names(final) == ["oslo_cabin_booking.txt"], final.answer


def test_the_other_one_is_the_sibling_file_of_the_answer(agent):
    _, final, _ = converse(agent, BILL, "what about the other northwind one?")
    assert "91.10" in final.answer and names(final) == ["northwind_power_2025-12.txt"], final.answer


def test_how_big_is_it_after_a_content_answer_is_the_file_s_size(agent):
    _, final, plan = converse(agent, "what's the booking reference for the oslo cabin?", "how big is it?")
    assert "B (" in final.answer and names(final) == ["oslo_cabin_booking.txt"], final.answer


def test_a_new_attribute_drops_the_previous_one_from_the_search(agent):
    _, final, plan = converse(agent, "when is the northwind power bill for november 2025 due?", "ok and what's its number?")
    assert names(final) == ["northwind_power_2025-11.txt"] and "15 December" not in final.answer, final.answer
    assert "due" not in plan.search_query.split(), plan  # the date asked before is not asked again


@pytest.mark.parametrize("then", ["and the month after that?", "what about the next month?"])
def test_the_month_after_that_is_the_previous_question_one_month_on(agent, then):
    _, final, plan = converse(agent, BILL, then)
    assert "91.10" in final.answer and names(final) == ["northwind_power_2025-12.txt"], (final.answer, plan)


def test_that_thing_points_at_the_previous_answers_file(tmp_path):
    from conftest import build_folder, planner_agent
    now = __import__("time").time()
    files = {"car/service_2026-02.txt": ("Buick service record\nDate: Feb 19, 2026\nOil change and brake pads.\n"
                                         "TOTAL: $538.97\n", 30),
             "health/summary.txt": ("Medicare summary notice. Annual wellness visit: 245.00 billed, 140.52 paid.", 40)}
    core, _root = build_folder(tmp_path, files, now)
    try:
        agent = planner_agent(core, now)
        list(agent.run("when was the buick last serviced", session="s"))
        final = list(agent.run("how much did that visit cost?", session="s"))[-1]
        assert "538.97" in final.answer and final.sources[0].endswith("service_2026-02.txt")
    finally:
        core.close()


def test_a_question_the_files_cannot_answer_is_asked_of_the_file_just_shown():
    from dataclasses import dataclass as dc
    from pathlib import Path as P

    from manoled.agent.continuation import previous_file

    @dc
    class F:
        id: int
        root: P
        relpath: str

        @property
        def path(self) -> P:
            return self.root / self.relpath

    @dc
    class T:
        sources: list

    files = [F(1, P("/h"), "Recipes/apple pie.txt"), F(2, P("/h"), "Notes/todo.txt")]
    says = {"oven": {1}, "passport": set()}

    def file_terms(terms):
        return set().union(*(says.get(t, set()) for t in terms))

    pie = [T(["/h/Recipes/apple pie.txt"])]
    assert previous_file("content", "what temperature do I start the oven at?", pie, files, file_terms) == \
        "/h/Recipes/apple pie.txt"
    assert previous_file("content", "what's my passport number?", pie, files, file_terms) is None  # not in it
    assert previous_file("count", "how many ovens are there", pie, files, file_terms) is None
    assert previous_file("content", "what temperature for the oven?", [], files, file_terms) is None


def test_the_next_one_is_the_next_file_of_the_series(agent):
    _, final, plan = converse(agent, BILL, "and the next bill from them after that?")
    assert "91.10" in final.answer and names(final) == ["northwind_power_2025-12.txt"], (final.answer, plan)


def test_after_a_question_the_files_cannot_answer_the_next_keeps_its_thing(agent):
    first, final, plan = converse(agent, "what are the payment terms of the Fjordview Lodge booking?",
                                  "and who's the host?")
    assert first.sources == []  # no payment terms there
    assert "fjordview" in plan.search_query.lower() and "payment" not in plan.search_query, plan
    assert "Ingrid Berg" in final.answer and names(final) == ["oslo_cabin_booking.txt"], final.answer


def test_his_or_her_points_back_though_a_word_names_another_file(agent):
    first, final, plan = converse(agent, "who is the property manager for the Hollis St flat?", "what's his mobile number?")
    assert "Daniel Okafor" in first.answer and plan.followup
    assert "0423 117 865" in final.answer and names(final) == ["lease_hollis_st.txt"], final.answer


@dataclass(frozen=True)
class _F:
    relpath: str
    mtime_ns: int

    @property
    def path(self) -> str:
        return "/root/" + self.relpath

    @property
    def name(self) -> str:
        return self.relpath.rsplit("/", 1)[-1]

    @property
    def ext(self) -> str:
        return self.name.rsplit(".", 1)[-1]


def test_the_next_file_of_a_series_named_by_month_words():
    # written in a different order than their months
    bills = [_F("Bills/Voltline bill Apr 2026.pdf", 1), _F("Bills/Voltline bill Jan 2026.pdf", 2),
             _F("Bills/Voltline bill Oct 2025.pdf", 3), _F("Bills/water bill Feb 2026.pdf", 4)]
    assert in_sequence(bills[1], bills, 1) == bills[0]
    assert in_sequence(bills[1], bills, -1) == bills[2]
    assert in_sequence(bills[0], bills, 1) is None


def test_his_number_is_his_phone_though_the_previous_answer_gave_it(agent):
    first, final, plan = converse(agent, "who is the property manager for Hollis St?", "what's his number?")
    assert "Okafor" in first.answer and plan.followup
    assert "0423 117 865" in final.answer and names(final) == ["lease_hollis_st.txt"], final.answer


def test_a_french_advisers_phone_after_her_name(agent):
    first, final, plan = converse(agent, "Who's my adviser at the home insurance company?", "her phone number?")
    assert "BENALI" in first.answer and plan.followup  # a conseillère is an adviser; "Nadia BENALI" a name
    assert "04 78 95 21 07" in final.answer and names(final) == ["avis_echeance_MRH_2026.txt"], final.answer


def test_a_question_for_a_column_of_the_row_answered_before_continues_it():
    row = _Turn("when did I last fill up?")
    row.answer, row.sources = "date: 2026-11-14, litres: 47.3, total_cost: 64.28 (from gas.csv)", ["/d/gas.csv"]
    q = "how many litres did I put in?"
    assert is_followup(q, read_slots(q, NOW), [], row)
    passport = _Turn("where did I put the passport photos?")
    passport.answer, passport.sources = "Passport photos are in the blue folder. (from notes.txt)", ["/d/notes.txt"]
    q = "where is my passport?"
    assert not is_followup(q, read_slots(q, NOW), [], passport)  # a thing of its own, not a column of a row
    declined = _Turn("where are the skoda papers?")
    declined.answer = "I found nothing about skoda papers in your files."  # no source: it answered nothing
    q = "who sent the skoda papers"
    assert not is_followup(q, read_slots(q, NOW), [], declined)
