"""What a question tells before it asks: the child a form letter does not name, though the question asks what she
had to do ("What time did Tendai have to report to school on the day of the trip?": the circular to every parent,
not the fee letter that names her); the sentence an asking one points back to ("The gas bill for March came last
week - what's the figure on that one?": the bill is asked, the sentences further back only tell); and a time before
"ago" ("a few weeks ago"), which says when, not a word a paper must say. Over a real index, on fixtures written for
these tests."""

from __future__ import annotations

from datetime import datetime

from conftest import answers, folder_fixture, planner_agent

from manoled.agent.asking import pointed_part
from manoled.agent.terms import _ONE, told_aside, topic_terms

NOW = datetime(2026, 11, 20, 12).timestamp()

FILES: dict[str, tuple[str, float]] = {
    "Kids/School/Grade 5 trip circular.txt": (
        "MAPLEWOOD ACADEMY\nCIRCULAR\n23rd October 2026\nDear Parent/Guardian,\n"
        "RE: GRADE 5 EDUCATIONAL TRIP TO LAKE BOGORIA\n"
        "The Grade 5 learners will go on an educational trip to Lake Bogoria on Friday, 13th November 2026.\n"
        "Learners should report to school at 6:45 a.m. in full school uniform. The buses leave at 7:15 a.m. sharp "
        "and are expected back at about 6:00 p.m.\nThe cost of the trip is KES 3,500 per learner.\n", 30),
    "Kids/School/Letter to the bursar.txt": (
        "To the Bursar,\nMaplewood Academy\n\nRe: fee payment plan for Tendai Moyo, Grade 5\n\n"
        "Dear Sir/Madam,\nWe ask to pay the balance of the third term's fees in three instalments, on 5 October, "
        "5 November and 5 December 2026. Tendai's admission number is MA-2291.\nYours faithfully,\nR. Moyo\n", 40),
    "Notes/journal.md": (
        "# Journal\n\n2026-11-02: Tendai scored twice at football. Long day at the shop.\n", 5),
}

folder = folder_fixture("told_before", FILES, NOW)


def test_a_form_letter_answers_what_the_child_named_had_to_do(folder):
    answers(planner_agent(folder[0], NOW),
            "What time did Tendai have to report to school on the day of the Grade 5 trip to Lake Bogoria?", "6:45",
            "Grade 5 trip circular.txt")


def test_a_letter_that_names_the_child_still_answers_of_her(folder):
    answers(planner_agent(folder[0], NOW), "What is Tendai's admission number?", "MA-2291", "Letter to the bursar.txt")


SCENE = ("I'm checking what still goes out of the account before December. The gas bill for March arrived a few weeks "
         "ago - what's the figure on that one?")


def test_the_sentence_pointed_back_to_is_asked_and_the_ones_before_tell():
    assert pointed_part(SCENE, _ONE).startswith("The gas bill for March")
    assert {"checking", "december"} <= told_aside(SCENE)
    assert not {"gas", "bill", "march"} & told_aside(SCENE)
    assert told_aside("The car needs its inspection. When does the current one run out?") == frozenset()
    assert pointed_part("When does the current one run out?", _ONE) == ""


def test_a_time_before_ago_is_when_not_what():
    assert "week" not in topic_terms("the bill that came a few weeks ago")
    assert "week" in topic_terms("how much is the weekly rent per week")
