"""A paper tells nothing of what was done after it was written: the club's minutes of 14 May name the June meeting
and a task due in June, yet cannot say what the June meeting decided. Over a real index, on fixtures written for
these tests."""

from __future__ import annotations

import time

from conftest import answers, declines, folder_fixture, planner_agent

from manoled.agent.written import after_written

NOW = time.time()

FILES: dict[str, tuple[str, float]] = {
    "Club/committee minutes 2026-05-14.txt": (
        "Riverside Allotment Society - committee minutes\n"
        "Meeting held Thursday 14 May 2026, 7:30 pm, the pavilion\n"
        "1. Water troughs\n"
        "Motion: that the society buy two new water troughs for the east plots. Carried.\n"
        "2. Open day\n"
        "The open day will be held on Saturday 20 June 2026.\n"
        "Action: Priya to print the open day flyers by 5 June 2026.\n"
        "Next meeting: Thursday 11 June 2026, 7:30 pm.\n", 20),
    "Notes/todo.txt": ("- renew the passport\n- call the plumber about the kitchen tap\n", 10),
}

folder = folder_fixture("written_before", FILES, NOW)


def test_a_month_after_the_paper_was_written():
    assert after_written("what did the committee decide at the June meeting?", "committee minutes 2026-05-14.txt")
    assert not after_written("what did the committee decide at the May meeting?", "committee minutes 2026-05-14.txt")
    assert not after_written("when is the June meeting?", "committee minutes 2026-05-14.txt")  # a plan, told ahead
    assert not after_written("what did the committee decide in June 2025?", "committee minutes 2026-05-14.txt")
    assert not after_written("what did the committee decide at the June meeting?", "committee minutes.txt")


def test_minutes_say_nothing_of_a_later_meeting(folder):
    declines(planner_agent(folder[0], NOW), "what did the allotment committee decide at the June meeting?")


def test_minutes_still_say_what_they_decided_and_planned(folder):
    agent = planner_agent(folder[0], NOW)
    answers(agent, "what did the allotment society agree to buy for the east plots?", "water troughs", "committee minutes 2026-05-14.txt")
    answers(agent, "when is the allotment open day?", "20 June 2026", "committee minutes 2026-05-14.txt")
