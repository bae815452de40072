"""What a thing is worth is its value now, not what it cost: "what was the fund worth at the end of September?" is
not answered by a statement's "Cost Value" cell, but by its market value. Over a real index, on a fixture written
for these tests."""

from __future__ import annotations

from datetime import datetime

from conftest import ask, folder_fixture, planner_agent

from manoled.agent.contrast import Contrasts
from manoled.agent.kinds import typed_by

NOW = datetime(2026, 11, 20, 12).timestamp()

FILES: dict[str, tuple[str, float]] = {
    "Money/Mutual funds/Statement Apr-Sep 2026.txt": (
        "CONSOLIDATED ACCOUNT STATEMENT - 01 Apr 2026 to 30 Sep 2026\n"
        "Nilgiri Mutual Fund - Nilgiri Flexi Cap Fund - Direct Plan - Growth\n"
        "Cost Value | Rs. 3,45,629.86 | Market Value on | Rs. 4,15,844.25\n", 40),
    "Money/SIP notes.txt": ("SIPs: Nilgiri Flexi Cap 10,000 on the 5th; index fund 5,000 on the 10th.\n", 20),
}

folder = folder_fixture("worth_not_cost", FILES, NOW)


def test_a_cost_is_no_worth():
    assert typed_by("What was that fund worth at the end of September?") == ("amount", True)
    c = Contrasts("what was the fund worth at the end of september?")
    assert c.other("Cost Value: Rs. 3,45,629.86") and not c.other("Market Value on 30-Sep-2026: Rs. 4,15,844.25")
    assert not Contrasts("what did the fund cost me?").other("Cost Value: Rs. 3,45,629.86")


def test_the_worth_asked_is_the_market_value(folder):
    final, sources = ask(planner_agent(folder[0], NOW), "what was the nilgiri flexi cap fund worth at the end of september?")
    assert "4,15,844.25" in final.answer and sources == ["Statement Apr-Sep 2026.txt"], final.answer
