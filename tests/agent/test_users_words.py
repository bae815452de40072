"""Questions worded as a user words them, not as the files do. A person named once in full and then by first name is
a person on every line ("Tomasz owns the migration"); a capitalised word before a number ("Flat 3") or after a
letter that is no word ("2 x Flat white") does not make "flat" a name; a short verb's -ing form finds its bare form
("moving": "Move-in checklist"); a brand no English list knows ("the globex bill") names its own papers however it
is typed; the thing a question ends on ("for the carrot cake", "for project falcon") or spends for ("the budget for
clothes in march"), in no file and not said otherwise, is not answered from a paper about a word next to it; and a
flight is no hotel; "the start of the year" is its January; getting into the room is checking in. Over a real
index, on fixtures written for these tests."""

from __future__ import annotations

import time

import pytest
from conftest import ask, folder_fixture, planner_agent

from manoled.agent.months import asked_months
from manoled.agent.named import written_as_name
from manoled.agent.people import first_names, names_one
from manoled.agent.retrieve import contains, silent_e
from manoled.agent.terms import topic_terms

NOW = time.time()

_BILL = ("INVOICE\n{firm}\nInvoice number: {no}\nInvoice date: {date}\nBill to: Ana Reyes, Flat 3, 9 Elm Row, "
         "Leeds LS6 2AB\nDescription: {what}\nTotal due: EUR {total} (VAT included)\n")
FILES: dict[str, tuple[str, float]] = {
    "Work/meeting_notes_2026-03-02.md": (
        "# Shop relaunch - meeting notes, 2 March 2026\n\nAttendees: Priya Raman, Tomasz Nowak, Ana Reyes\n\n"
        "- The launch moves to 21 April 2026.\n- Tomasz owns the migration of the old blog posts.\n"
        "- Next meeting: 16 March 2026.\n", 30),
    "Work/project_heron_kickoff.txt": (
        "Project Heron - kickoff\n\nClient: Northwind Traders\nProject lead: Priya Raman\n"
        "Deadline: 30 June 2026. Weekly demo every Thursday at 10:00.\n", 40),
    "Home/move_in_checklist.md": (
        "# Move-in checklist\n- [x] Keys: 2 front door, 1 bike shed\n- [ ] Register for council tax\n", 90),
    "Home/receipt_cafe_lumen.txt": ("Cafe Lumen, 8 Gloucester Road\n2 x Flat white   6.80\nTotal 6.80\n", 10),
    "Home/lease.txt": ("TENANCY AGREEMENT\nProperty: Flat 3, 9 Elm Row, Leeds\nRent: 950 GBP a month\n", 200),
    "Bills/globex_telecom_2026-01.txt": (_BILL.format(
        firm="Globex Telecom SA", no="GT-2026-912", date="5 January 2026", what="Fibre internet (January 2026)",
        total="61.50"), 60),
    "Bills/globex_telecom_2026-02.txt": (_BILL.format(
        firm="Globex Telecom SA", no="GT-2026-977", date="5 February 2026", what="Fibre internet (February 2026)",
        total="64.90"), 30),
    "Bills/stark_design_2026-03.txt": (_BILL.format(
        firm="Stark Design Studio", no="SDS-2026-786", date="2 March 2026", what="Logo redesign (March 2026)",
        total="1,335.99"), 20),
    "Money/budget_2026.csv": ("category,month,planned,actual\nGroceries,March 2026,420,455\n"
                              "Eating out,March 2026,150,212\n", 25),
    "Travel/porto_hotel_booking.txt": ("Booking confirmation\nHotel Casa do Rio, Porto\nConfirmation number: HCR-88412\n"
                                       "Check-in: 12 May 2026, 15:00\n", 50),
    "Recipes/lasagna.md": (
        "# Lasagna al forno\n\nRagu: 500 g beef mince, 1 onion, 2 carrots, 400 g passata.\n"
        "Bake at 190 C for 40 minutes, then rest 15 minutes before cutting.\n", 100),
}

folder = folder_fixture("said_otherwise", FILES, NOW)


def test_a_first_name_after_the_full_name_is_a_person():
    notes = FILES["Work/meeting_notes_2026-03-02.md"][0]
    firsts = first_names(notes)
    assert firsts == {"Priya", "Tomasz", "Ana"}
    assert names_one("Tomasz owns the migration of the old blog posts.", firsts, {"who", "blog"})
    assert not names_one("Tomasz owns the migration.", firsts, {"what", "tomasz"})  # the name asked is no answer
    assert not names_one("Next meeting: 16 March 2026.", firsts, {"who"})
    church = "Grace Hill Lutheran Church\nVolunteer Schedule, March - May\nReader: Ruth Ann Geiger, Jan Pfeiffer"
    assert "May" not in first_names(church)  # a month
    assert not names_one("Grace Hill Lutheran Church", first_names(church), {"who", "pastor"})  # a church's name


def test_who_does_a_task_is_the_line_that_names_them_by_first_name(folder):
    final, sources = ask(planner_agent(folder[0], NOW), "who is in charge of moving the old blog posts")
    assert "Tomasz owns the migration" in final.answer and sources == ["meeting_notes_2026-03-02.md"], final.answer


def test_a_numbered_place_and_an_x_make_no_name():
    assert not written_as_name("flat", ["Bill to: Ana Reyes, the lease of Flat 3, 9 Elm Row"])  # "Flat 3": a place
    assert not written_as_name("flat", ["2 x Flat white   6.80"])  # "x": no word
    assert written_as_name("ruth", ["net pay paid to Ruth Campbell"])  # what makes a name still does


def test_a_lower_case_word_of_a_numbered_place_stays_a_topic(folder):
    final, sources = ask(planner_agent(folder[0], NOW), "how many keys did I get for the front of the flat")
    assert "2 front door" in final.answer and sources == ["move_in_checklist.md"], final.answer


def test_a_short_verbs_ing_form_finds_its_bare_form():
    assert silent_e("moving") == "move" and silent_e("hiring") == "hire"
    assert silent_e("string") == silent_e("thing") == silent_e("booked") == silent_e("coming") == ""  # "end up coming to"
    assert contains("# Move-in checklist", "moving")
    assert not contains("a rate of 5 %", "rated")  # a past form is no bare form: "rated" is no rate


def test_a_coined_name_is_no_rare_word():
    from manoled.agent.commonness import coined
    assert coined("globex") and coined("brico")
    assert not coined("joinery") and not coined("guacamole") and not coined("invoice")  # English, however rare


def test_the_start_of_the_year_is_its_january():
    assert topic_terms("how much was my broadband bill at the start of the year") == ["broadband", "bill", "january"]
    assert asked_months("what did I pay at the end of this year")[0] == {12}
    assert topic_terms("the start of the project") == ["start", "project"]  # no year's


@pytest.mark.parametrize("question, facts, source", [
    ("globex bill january 2026?", ["61.50"], "globex_telecom_2026-01.txt"),
    ("what did the design studio charge in march 2026", ["1,335.99"], "stark_design_2026-03.txt"),
    ("what's the oven temperature for the lasagna", ["190 C"], "lasagna.md"),
    ("who is the client for project heron", ["Northwind"], "project_heron_kickoff.txt"),
    ("what's still left to do from moving in", ["council tax"], "move_in_checklist.md"),  # "Move-in"
    ("what did I set aside for food shopping this March in my budget sheet", ["420"], "budget_2026.csv"),  # a kind
    ("what's the confirmation number for the porto hotel", ["HCR-88412"], "porto_hotel_booking.txt"),
    ("when can I get into my room in Porto", ["12 May 2026"], "porto_hotel_booking.txt"),  # its check-in
])
def test_the_thing_asked_by_its_own_words_is_answered(folder, question, facts, source):
    final, sources = ask(planner_agent(folder[0], NOW), question)
    assert all(f in final.answer for f in facts) and sources == [source], final.answer


@pytest.mark.parametrize("question", [
    "how much was the globex bill in march 2026",  # Stark's bill is of March, Globex's of January and February
    "what's the oven temperature for the carrot cake",  # the lasagna's ragu has carrots
    "who is the client for project falcon",  # Heron's client
    "what's the planned budget for clothes in march",  # the sheet's rows are groceries and eating out
    "what's the confirmation number for the porto flight",  # the hotel's
])
def test_a_thing_no_file_has_is_declined(folder, question):
    final, sources = ask(planner_agent(folder[0], NOW), question)
    assert final.answer.startswith("I found nothing") and sources == [], final.answer
