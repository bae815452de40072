"""How the answer check weighs a question's words, over a real index: the word that says what the question is
about counts for more than the words that say how it asks ("charge"), so the paper that says the thing (a
German locksmith's receipt) wins over one that only says the month; the paper named for the year asked is the
one in force that year; a rate asked is a percentage; a date asked of what a letter is about is not the
letter's own date; and a chatty question answered by the nearest passage
with the kind of value asked is not declined for its extra words."""

from __future__ import annotations

import time

from conftest import ask, folder_fixture, planner_agent

from manoled.agent.months import asked_months, name_year_fit

NOW = time.time()


def _cover(year: int, premium: str) -> str:
    return (f"Lakeside Motor Insurance\nRenewal notice\nVehicle: 2017 Skoda Octavia\nYour cover runs from April {year} "
            f"to April {year + 1}.\nTotal annual premium: {premium}\n")


FILES: dict[str, tuple[str, float]] = {
    "Wohnung/Quittung_Schluesseldienst.pdf.txt": (
        "Schlüsseldienst Krause\nQuittung Nr. 2231\nDatum: 14.01.2026\nTüröffnung Notdienst (nachts)\n"
        "Gesamtbetrag: 205,28 €\n", 300),
    "Software/receipt_FontWorks_Jan2026.txt": (
        "FontWorks receipt\nCharged on 9 January 2026\nItem: Desktop licence, Price: $189.00\n"
        "Item: Web licence, Price: $60.00\nTotal (USD): $249.00\n", 290),
    "Car/Insurance renewal 2025.pdf.txt": (_cover(2025, "684.50"), 400),
    "Car/Insurance renewal 2026.pdf.txt": (_cover(2026, "742.10"), 40),
    "Money/loan letter.pdf.txt": (
        "Harbour Bank\nYour fixed rate is ending\nLoan number: 02-0741-0338812\nRepaid from: shared current account\nLoan balance: $412,650.22\n"
        "New fixed rate (2 years): 6.45% p.a.\nNew repayment amount: $1,324.75\n", 100),
    "Health/physio appointment.pdf.txt": (
        "Riverside Physio\nDate: 16 Mar 2026\nDear Ms Byrne,\nYour physio appointment is on 22 Apr 2026 at 2.15 pm "
        "at our Quay Street clinic.\n", 50),
    "School/open day letter.docx.txt": (
        "Hillcrest School\nRef: HS/OD/2026\nDate: 2 May 2026\nDear parents,\nOur open day is on Saturday, 23 May 2026, "
        "from 9.00 am to 1.00 pm in the main hall. Please register by 15 May 2026.\n", 20),
    "Work/office chairs.txt": ("Office chairs to compare for the shared desk: Ergo 300, Flex Pro\n", 500),
    "Work/studio notes.md": (
        "# Shared loft\nOpening hours: Mon-Fri 8:00-20:00\nDoor code (weekends and after 20:00): 7316\n"
        "Kitchen: bring your own mug\n", 200),
}

folder = folder_fixture("weighing", FILES, NOW)


def test_the_paper_that_says_the_thing_asked_beats_one_that_says_only_its_month(folder):
    final, names = ask(planner_agent(folder[0], NOW), "how much did the locksmith charge me in January 2026?")
    assert "205,28" in final.answer and names == ["Quittung_Schluesseldienst.pdf.txt"], final.answer


def test_the_year_asked_is_the_paper_named_for_it(folder):
    # the 2025 renewal's cover ends in April 2026; the year from April 2026 is the 2026 renewal's
    final, names = ask(planner_agent(folder[0], NOW), "what does the Skoda cover cost for the year from April 2026?")
    assert "742.10" in final.answer and names == ["Insurance renewal 2026.pdf.txt"], final.answer
    months, years = asked_months("the year from April 2026")
    assert (months, years) == (set(), {2026})
    assert [name_year_fit(n, months, years) for n in ("renewal 2026.pdf", "renewal 2025.pdf", "renewal.pdf")] == [1, -1, 0]
    assert name_year_fit("renewal 2025.pdf", {4}, {2026}) == 0  # a month asked: the name's month decides


def test_a_percentage_asked_is_a_rate_not_the_bank(folder):
    final, _ = ask(planner_agent(folder[0], NOW), "what percentage is the bank charging on the loan?")
    assert "6.45%" in final.answer, final.answer


def test_a_chatty_question_is_answered_by_the_nearest_passage_with_its_kind_of_value(folder):
    final, _ = ask(planner_agent(folder[0], NOW), "what do I tap into the keypad to get into the shared office on a Sunday?")
    assert "7316" in final.answer, final.answer


def test_a_date_asked_of_what_a_letter_is_about_is_not_the_letters_own_date(folder):
    final, _ = ask(planner_agent(folder[0], NOW), "physio appt date")
    assert "22 Apr 2026" in final.answer, final.answer


def test_a_follow_up_asking_when_it_ends_is_answered_by_the_range_already_given(folder):
    agent = planner_agent(folder[0], NOW)
    first, _ = ask(agent, "when is the open day at the school?", session="s")
    assert "23 May 2026" in first.answer and "Date: 2 May" not in first.answer, first.answer
    final, names = ask(agent, "what time does it end?", session="s")
    assert "1.00 pm" in final.answer and names == ["open day letter.docx.txt"], final.answer
