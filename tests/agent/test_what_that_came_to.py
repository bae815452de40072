"""A follow-up that points back with "that" and says nothing of its own is one, however long: "what did that end up
costing us all in?" asks the sum of the job the last answer found. Over a real index, on fixtures written for these
tests."""

from __future__ import annotations

from datetime import datetime

from conftest import ask, folder_fixture, planner_agent

NOW = datetime(2026, 11, 20, 12).timestamp()

FILES: dict[str, tuple[str, float]] = {
    "Rental/Bayside_Roofing_Invoice_3307.txt": (
        "BAYSIDE ROOFING CO.\nINVOICE 3307\nJob: 22 Gull St, rear unit - storm leak repair\nDate of work: 08/19/2026\n"
        "Roofer: Tomas Greer\nReplace flashing and 14 shingles: $410.00\nLabor, 3 hrs: $255.00\nTotal: $665.00\n"
        "Due on receipt.\n", 90),
    "Rental/Entry_Notice_Gull_St_Aug2026.txt": (
        "22 Gull St, rear unit\nRE: Notice of entry for repairs\nHi Marta,\nThis is your notice that a roofer "
        "will enter the rear unit on Wednesday, August 19, 2026 between 9 AM and noon to repair the storm leak.\n"
        "Thanks, Ben & Lucy\n", 95),
    "Notes/todo.md": ("# To do\n- renew car registration\n- book dentist for Ava\n", 10),
}

folder = folder_fixture("what_that_came_to", FILES, NOW)


def test_a_long_follow_up_that_points_back_with_that(folder):
    agent = planner_agent(folder[0], NOW)
    final, names = ask(agent, "Which roofing company fixed the storm leak at the rear unit?", session="s1")
    assert "BAYSIDE ROOFING" in final.answer and names == ["Bayside_Roofing_Invoice_3307.txt"], final.answer
    final, names = ask(agent, "What did that end up costing us all in?", session="s1")
    assert "665.00" in final.answer and names == ["Bayside_Roofing_Invoice_3307.txt"], final.answer

