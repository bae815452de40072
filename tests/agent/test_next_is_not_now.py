"""A month a paper names only in a line that announces what comes next ("Next meeting: Wednesday 9 September 2026")
is that event's month, not the paper's: the August minutes say nothing of what the September meeting decided, and
are declined for it; asked when the next meeting is, that line answers. Over a real index, on a fixture written for
these tests."""

from __future__ import annotations

from datetime import datetime

from conftest import ask, folder_fixture, planner_agent

from manoled.agent.months import without_next

NOW = datetime(2026, 11, 20, 12).timestamp()

FILES: dict[str, tuple[str, float]] = {
    "School/PF_minutes_2026-08-12.txt": (
        "Parents & Friends - minutes of the general meeting held Wednesday 12 August 2026, school library\n"
        "Motion: that the P&F contribute $1,500 towards the Year 10 field trip. Carried.\n"
        "Decided: the spring fair moves to the oval.\n"
        "Next meeting: Wednesday 9 September 2026, 7:00 pm, school library.\n", 100),
    "School/term dates 2026.txt": ("Term 3: 20 July to 25 September 2026\nTerm 4: 12 October to 17 December 2026\n", 200),
}

folder = folder_fixture("next_is_not_now", FILES, NOW)


def test_a_line_that_announces_what_comes_next_is_left_out():
    assert "September" not in without_next("Held 12 August 2026.\nNext meeting: Wednesday 9 September 2026.\n")


def test_the_month_of_the_next_meeting_is_not_the_papers(folder):
    final, sources = ask(planner_agent(folder[0], NOW), "What did the P&F decide at the September meeting?")
    assert final.answer.startswith("I found nothing") and sources == [], final.answer


def test_asked_when_the_next_one_is_the_line_answers(folder):
    final, sources = ask(planner_agent(folder[0], NOW), "When is the next P&F meeting?")
    assert "9 September 2026" in final.answer and sources == ["PF_minutes_2026-08-12.txt"], final.answer
