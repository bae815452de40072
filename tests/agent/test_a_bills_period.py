"""A quarter's bill is named for the month it came in: "the power bill for April to June" is the one named July,
whose billing period (on a line of its own, apart from its total) covers those months. It is of the months
asked, though its name dates it otherwise. Over a real index, on fixtures written for these tests."""

from __future__ import annotations

import time

from conftest import ask, folder_fixture, planner_agent

NOW = time.time()


def bill(issued: str, period: str, total: str, due: str) -> str:
    return (f"Tasmanian Power Co | Account 5520 114 903\nTax invoice\nIssue date {issued}\nDue date: {due}\n"
            f"Account summary\nNew charges this bill (incl. GST) | {total}\nTotal amount due | {total}\n"
            f"Your electricity charges - billing period {period}\n"
            "Tariff 31 Light and Power | 1,102 kWh | 30.120 c/kWh | $331.92\n")


FILES: dict[str, tuple[str, float]] = {
    "Bills/Power/Power bill Jul 2026.txt": (bill("05/07/2026", "01/04/2026 - 30/06/2026 (91 days)", "$702.18",
                                                 "26/07/2026"), 140),
    "Bills/Power/Power bill Oct 2026.txt": (bill("04/10/2026", "01/07/2026 - 30/09/2026 (92 days)", "$815.40",
                                                 "25/10/2026"), 50),
    "Notes/todo.md": ("- ring the plumber about the tap\n- renew the car rego before June\n", 10),
}

folder = folder_fixture("a_bills_period", FILES, NOW)


def test_the_bill_of_the_months_its_period_covers(folder):
    final, names = ask(planner_agent(folder[0], NOW), "How much was the power bill for April to June?")
    assert "702.18" in final.answer and names == ["Power bill Jul 2026.txt"], final.answer
