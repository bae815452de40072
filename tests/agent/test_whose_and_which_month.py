"""Whose thing and which month: the visit of the month asked ("when the doctor saw him in January"), not another
visit's note that names the doctor too; a child's appointment, not the letter's "your own next check-up"; a question
that asks two things ("the deposit n which scheme") checked by its first ask's words; a DIY store by its name in
other tongues (Brico, Baumarkt)."""

from __future__ import annotations

from datetime import datetime

from conftest import ask, folder_fixture, planner_agent

from manoled.agent.attribute import asked_words, is_type_word
from manoled.agent.contrast import Contrasts, ahead_asked
from manoled.agent.months import asked_months, dated_otherwise, sure_months
from manoled.agent.owndate import own_date_last

NOW = datetime(2027, 2, 2, 12).timestamp()

folder = folder_fixture("whose", {
    "Kids/6 month visit - Dr Shah.txt": (
        "Milo - 6 MONTH WELL VISIT\nTue 10/14/2026  Oakridge Pediatrics (Dr. Priya Shah)\n\n"
        "weight 16 lb 2 oz  (40th %)\nlength 26.5 in\n-> eating well, two naps a day\n\n"
        "shots: DTaP #3, IPV #3\n  - call nurse line if temp 100.4+\n", 100),
    "Kids/9mo checkup notes.md": (
        "# Milo - 9 month checkup (1/13/2027)\n\n**Oakridge Pediatrics**\n\n| | |\n|---|---|\n"
        "| Weight | 19 lb 8 oz (45th percentile) |\n| Length | 28 in |\n\n## Notes\n- crawling everywhere\n", 20),
    "Health/dentist letter.txt": (
        "LAKESIDE DENTAL PRACTICE\n4 Mill Lane, Leeds\n12 January 2027\nDear Mrs Okafor,\n"
        "Tobi is now due his routine check-up. We have booked the following appointment:\n"
        "Thursday 18 February 2027 at 4:10pm with Dr Helen Marsh\n"
        "Please arrive 10 minutes early. A parent must attend with children under 16.\n"
        "Our records also show that your own next check-up is due in June 2027 - we will send a reminder.\n", 20),
    "Home/todo.md": ("# todo\n- [ ] Priya contract ends 2 Feb 2027 - renew? talk to her in Jan\n"
                     "- [ ] book the boiler service\n- [x] pay the window cleaner\n", 5),
}, NOW)


def test_the_visit_of_the_month_asked_answers(folder):
    final, names = ask(planner_agent(folder[0], NOW), "How heavy was Milo when the doctor saw him in January?")
    assert "19 lb 8 oz" in final.answer and names == ["9mo checkup notes.md"], final.answer


def test_dates_that_read_one_way_name_their_month():
    assert sure_months("Tue 10/14/2026 Oakridge") == {10}
    assert sure_months("seen 3/4/2026") == frozenset()  # 3 April or 4 March: no month for sure
    assert sure_months("on 18 Nov 2025, then 2026-02-03") == {11, 2}
    asked = asked_months("How heavy was Milo when the doctor saw him in January?")
    assert dated_otherwise(*asked, "Tue 10/14/2026 weight 16 lb 2 oz", "6 month visit.txt")
    assert not dated_otherwise(*asked, "checkup (1/13/2027) Weight 19 lb", "9mo checkup notes.md")
    assert not dated_otherwise(*asked, "Tue 10/14/2026", "visit_2027-01.txt")  # the name places it in January


def test_a_childs_appointment_is_not_the_readers_own(folder):
    final, _names = ask(planner_agent(folder[0], NOW), "when do we need to take the little one to get his teeth looked at?")
    assert "18 February 2027" in final.answer, final.answer  # not the letter's own date, nor "your own" check-up


def test_a_paper_tells_ahead_of_its_own_date():
    from manoled.agent.facts import Fact
    own = Fact("12 January 2027", "/d/letter.txt", "letter.txt", 5.7, True)
    booked = Fact("Thursday 18 February 2027 at 4:10pm with Dr Helen Marsh", "/d/letter.txt", "letter.txt", 5.6, True)
    born = Fact("Date of birth: 03/05/2017", "/d/letter.txt", "letter.txt", 5.65, True)
    question = "when do we need to take him in?"
    assert own_date_last(question, [own, born, booked], ["take"], "date", ahead=True)[0] is booked
    assert own_date_last(question, [own, born, booked], ["take"], "date", ahead=False)[0] is own
    assert own_date_last("when did he go in?", [own, born, booked], ["go"], "date", ahead=ahead_asked(
        "when did he go in?"))[0] is own


def test_a_date_of_birth_answers_no_question_of_a_thing_ahead():
    unit = "Patient: Tobi Okafor   Date of birth: 03/05/2017   NHS patient"
    assert Contrasts("when do we need to take him to the dentist?").other(unit)
    assert not Contrasts("When is Tobi's birthday?").other(unit)
    assert not Contrasts("how old is Tobi?").other(unit)


def test_your_own_is_the_readers_side():
    unit = "Our records also show that your own next check-up is due in June 2027"
    assert Contrasts("when is his next check-up?").other(unit)
    assert not Contrasts("when is my own next check-up?").other(unit)
    assert not Contrasts("when is my next check-up?").other(unit)


def test_two_asks_are_checked_by_the_first():
    assert asked_words("deposit amount n which scheme its in") == ["scheme"]  # the whole question's last noun
    assert asked_words("deposit amount") == []


def test_framing_words_joined_frame_too():
    assert is_type_word("full-year") and is_type_word("all-in") and not is_type_word("follow-up")
    assert asked_words("what's the full-year amount the city is charging us for the flat?") == []



def test_a_diy_store_in_other_tongues():
    from manoled.agent.retrieve import contains
    assert contains("BRICO CENTRE - Bristol Cribbs", "diy") and contains("Bauhaus Baumarkt GmbH", "hardware")
    assert not contains("Tesco Extra, Cardiff", "diy")


def test_an_invoices_issue_date_gives_way_to_the_day_it_is_charged():
    from manoled.agent.facts import Fact
    issued = Fact("Fecha de emisión: 03/03/2026", "/d/luz.pdf", "luz.pdf", 12.6, True)
    charged = Fact("Se cargará en su cuenta ES21 **** 4417 el 10 de marzo de 2026", "/d/luz.pdf", "luz.pdf", 11.5, True)
    question = "On what date will the gas bill be taken from our account?"
    assert own_date_last(question, [issued, charged], ["gas", "bill", "taken", "account"], "date")[0] is charged
    other = Fact("Rechnungsdatum: 14.05.2026", "/d/r.pdf", "r.pdf", 9.0, True)
    due = Fact("Abbuchung am 28.05.2026", "/d/r.pdf", "r.pdf", 8.0, True)
    assert own_date_last("when is the water bill taken from the account", [other, due], ["water", "account"],
                         "date")[0] is other  # (no line that says a word of the question: the paper's date stays)
