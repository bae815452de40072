"""A paper asked about as a whole, and the words around a value, over a real index: "how much" of a bill that no
line of it is named for is its total, and last year's figure is no answer about this year's; "the X number" of a
person is a phone number; a year written onto a prefix ("fy2025") is that year; a short form may be the initials of
a file's name; a follow-up asked of a file that says none of its words still reads that file; "run out" asks a
date, not about running; "and May?" is a month; another period's paper of the same series wins over the words of
the one before."""

from __future__ import annotations

from datetime import datetime

from conftest import PathFile, ask, folder_fixture, planner_agent

from manoled.agent.attribute import asked_words
from manoled.agent.names import index_of
from manoled.agent.slots import read_slots
from manoled.agent.terms import topic_terms
from manoled.agent.wording import words

NOW = datetime(2026, 11, 20, 12).timestamp()


def _ago(month: int, day: int) -> float:
    return (NOW - datetime(2026, month, day, 12).timestamp()) / 86400


FILES: dict[str, tuple[str, float]] = {
    # a bill with two priced lines and a total that is in German: asked about as a whole, the total answers
    "Home/Broadband/Glasnetz_2026-03.txt": (
        "Glasnetz GmbH\nIhre Rechnung März 2026\nKundennummer: 5512 0098\n"
        "Glasfaser 500 - monatlicher Grundpreis 01.03.-31.03.2026   44,99 EUR\n"
        "Techniker-Einsatz (Störung 12.03.)   29,00 EUR\n"
        "Rechnungsbetrag (inkl. 19 % MwSt.)   73,99 EUR\n", _ago(3, 6)),
    # a renewal that also says what was paid the year before, on the lines of one list
    "Car/home insurance renewal 2026.txt": (
        "Harbourside Mutual\nYour home insurance renewal\nRenewal date: 01/05/2026\n"
        "Excess:\nEUR 250 (glass: nil)\nPremium breakdown: Amount (EUR)\nNet premium: 401.00\nLevy (3%): 12.03\n"
        "Total annual premium: 413.03\nLast year you paid EUR 389.90\n", _ago(4, 2)),
    "Home/contacts.txt": ("Useful numbers\nGrace (childminder): 087 555 0192\nPetr (electrician): 086 555 0147\n"
                          "Vet clinic: 01 555 0100\n", 90),
    "Money/Tax/assessment 2025.txt": ("Revenue Office\nNOTICE OF ASSESSMENT - FISCAL YEAR 2025\nName: R. Okafor\n"
                                "Chargeable income: 61,200.00\nTAX PAYABLE: 7,940.10\n", 150),
    "Car/controle_technique_2025.txt": ("Centre Auto Sud\nProcès-verbal de contrôle\nImmatriculation: GH-412-KL\n"
                                        "Résultat: favorable\nProchain contrôle avant le: 14/10/2027\n", 400),
    "Home/Power/Brightvolt statement Mar 2026.txt": (
        "Brightvolt Energy\nStatement date: 04/03/2026\nBilling period: 03/01/2026 - 02/03/2026\n"
        "Electricity: 188.40\nDue date: 24/03/2026\n", _ago(3, 4)),
    "promos.txt": ("Codes\nPeakOutdoor: TRAIL20 20% off boots, until 31/12/2026\nBookNook: READ5 5 off, no end date\n",
                   60),
    "Fitness/running plan.md": ("# Running plan\nWeek 1: 3 x 5 km easy\nWeek 2: 3 x 6 km, one with strides\n"
                                "Race: 10 km on 01/03/2027\n", 30),
    "Home/Water/AquaCity_2026-01.txt": ("AquaCity Water\nBill for January 2026\nWater used: 9 m3\nTotal due: 31.20\n",
                                       _ago(1, 28)),
    "Home/Water/aqua city may 2026.txt": ("AquaCity Water\nBill for May 2026\nWater used: 12 m3\nTotal due: 40.15\n",
                                         _ago(5, 28)),
    "Home/Insurance/contents renewal 2025.txt": ("Harbourside Mutual\nContents cover renewal\n"
                                                 "Renewal date: 01/06/2025\nAnnual premium: 120.00\n", 540),
    "Home/Insurance/contents renewal 2026.txt": ("Harbourside Mutual\nContents cover renewal\n"
                                                 "Renewal date: 01/06/2026\nAnnual premium: 134.60\n", _ago(5, 20)),
    # meetings with clients: one of them says "client" in its text, none in its name
    "Work/Meetings/northwind kickoff.md": ("# Northwind kickoff\nClient wants the first draft by March.\n", 200),
    "Work/Meetings/orchard co workshop.txt": ("Workshop with Orchard Co, three of their team.\n", 150),
    "Work/Meetings/tallyho check-in.md": ("# Tallyho check-in\nScope agreed.\n", 100),
}

folder = folder_fixture("wholes", FILES, NOW)


def test_a_bill_asked_about_as_a_whole_answers_with_its_total(folder):
    final, names = ask(planner_agent(folder[0], NOW), "glasnetz march 2026 how much")
    assert "73,99" in final.answer and names == ["Glasnetz_2026-03.txt"], final.answer


def test_this_years_premium_is_not_last_years(folder):
    final, names = ask(planner_agent(folder[0], NOW), "How much is my home insurance renewal for 2026?")
    assert "413.03" in final.answer and "389.90" not in final.answer, final.answer


def test_the_number_of_someone_is_their_phone_number(folder):
    final, names = ask(planner_agent(folder[0], NOW), "electrician number")
    assert "086 555 0147" in final.answer and names == ["contacts.txt"], final.answer


def test_a_year_glued_to_its_prefix_is_a_year(folder):
    assert words("tax payable fy2025") == ["tax", "payable", "fy", "2025"]
    assert words("mp3 player") == ["mp3", "player"]
    final, _ = ask(planner_agent(folder[0], NOW), "how much tax was payable for fy2025?")
    assert "7,940.10" in final.answer, final.answer


def test_a_short_form_may_be_the_initials_of_a_files_name():
    idx = index_of([PathFile("Car/controle_technique_2025.txt"), PathFile("Home/contacts.txt")])
    assert [idx.files[i].name for i in idx.initialled("ct")] == ["controle_technique_2025.txt"]
    assert idx.initialled("hc") == set() and idx.initialled("car") == set()  # "car" is a word of a path


def test_a_files_initials_weigh_as_much_as_the_file_is_rare(folder):
    # "CT" is in no file's text: it names controle_technique_2025.txt, one file, so it weighs like a rare word,
    # not like one no file has (which left "due", said by the bills, as all the question was about); and the
    # file's line says it through its file's name, so the bill's "Due date" line does not keep the answer
    final, names = ask(planner_agent(folder[0], NOW), "CT due when?")
    assert "14/10/2027" in final.answer and names == ["controle_technique_2025.txt"], final.answer


def test_a_bare_phrase_with_the_kind_asked_in_its_middle_asks_no_attribute():
    assert asked_words("contents renewal date 2026") == []
    assert asked_words("ct expiry peugeot") == []
    assert asked_words("flight pnr") == ["pnr"]


def test_a_follow_up_asked_of_a_file_that_says_none_of_its_words(folder):
    agent = planner_agent(folder[0], NOW)
    final, names = ask(agent, "how much was the brightvolt electricity?", "a")
    assert names == ["Brightvolt statement Mar 2026.txt"], final.answer
    final, names = ask(agent, "what dates did it cover?", "a")
    assert "03/01/2026 - 02/03/2026" in final.answer and names == ["Brightvolt statement Mar 2026.txt"], final.answer


def test_run_out_asks_when_not_about_running(folder):
    assert topic_terms("when does it run out?") == [] and read_slots("when does it run out?", NOW).topics == []
    agent = planner_agent(folder[0], NOW)
    ask(agent, "have I got a discount code for PeakOutdoor?", "b")
    final, names = ask(agent, "when does it run out?", "b")
    assert "31/12/2026" in final.answer and names == ["promos.txt"], final.answer


def test_may_alone_at_the_end_is_the_month():
    for question in ("and May?", "what about May?", "and May's?"):
        when = read_slots(question, NOW).time
        assert when is not None and when.label == "in May 2026", question
    assert read_slots("may I see the water bill", NOW).time is None


def test_another_period_goes_to_that_periods_paper_of_the_series(folder):
    agent = planner_agent(folder[0], NOW)
    ask(agent, "how much water did the january aquacity bill say?", "c")
    final, names = ask(agent, "what about May?", "c")
    assert names == ["aqua city may 2026.txt"], final.answer
    ask(agent, "how much was the contents cover when it renewed in 2025?", "d")
    final, names = ask(agent, "and this year's renewal?", "d")
    assert "134.60" in final.answer and names == ["contents renewal 2026.txt"], final.answer


def test_a_phone_asked_is_no_short_labelled_number():
    from manoled.agent.kinds import new_value

    asked = {"his", "phone", "number"}
    assert new_value("code", "Mob 021 448 2716", asked)
    assert not new_value("code", "Qty: 5", asked)  # a table's cell, though "Locker #12" answers a locker's number
    assert new_value("code", "Locker #12", {"locker", "number"})


def test_a_run_of_numbers_over_31_is_no_date_and_a_confirmation_is_said_in_groups():
    from manoled.agent.kinds import new_value
    from manoled.agent.shapes import TYPE_PATTERNS

    assert not TYPE_PATTERNS["date"].search("Sleep timer (30/60/90/120 min)")
    assert TYPE_PATTERNS["date"].search("due 31/12/26") and TYPE_PATTERNS["date"].search("on 3/29")
    asked = {"villa", "confirmation", "no"}  # "villa conf no": a short form of the question's
    assert words("villa conf no") == ["villa", "confirmation", "no"]
    assert new_value("code", "Confirmation number: 5521 880 142", asked)
    assert not new_value("code", "Nights: 4", asked)  # a labelled number that is no confirmation


def test_a_line_that_names_another_month_is_no_answer_about_this_one():
    from manoled.agent.months import says_other_month

    assert says_other_month("how much was the water bill in June 2026?", "Jan 12 - paid the window cleaner 20")
    assert not says_other_month("how much was the water bill in June 2026?", "Total due: 40.15")
    assert not says_other_month("how much was the water bill in June?", "you may pay by card")  # no month
    assert says_other_month("what did I pay in June?", "paid on 12 May")


def test_a_secret_is_a_value_its_line_calls_so():
    from manoled.agent.kinds import new_value

    asked = {"home", "wifi", "password"}
    assert not new_value("code", "Resetting the router (Fibrenet, model ZX-4400)", asked)  # a model number
    assert new_value("code", "Guest network: Maple-Guest, key: 4Trees-Lake", asked)
    assert new_value("code", "Studio B (the kiln room) keypad: 4471 then #", {"keypad", "code", "studio"})


def test_a_word_before_a_folders_name_that_names_none_of_its_files_describes_them_all(folder):
    for question in ("which client meeting notes do I have?", "list my client meeting notes"):
        final, names = ask(planner_agent(folder[0], NOW), question)
        assert final.intent == "list" and names == ["northwind kickoff.md", "orchard co workshop.txt",
                                                    "tallyho check-in.md"], (question, final.answer)
