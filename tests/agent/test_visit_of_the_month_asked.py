"""A question of a month, whose best line is in a paper of another month, is answered from the paper of the month
asked when another file found names it: "how heavy was the baby when the doctor saw her in November" reads the
November check-up's notes, though the September visit's notes (named for the doctor, and naming the next visit in
November) were found first. A month no paper names is still declined, and so is a bill of a month no bill is of,
however a budget sheet's row names it. Over a real index, on fixtures written for these tests."""

from __future__ import annotations

from datetime import datetime

from conftest import answers, declines, folder_fixture, planner_agent

NOW = datetime(2026, 12, 2, 12).timestamp()

FILES: dict[str, tuple[str, float]] = {
    "Baby/2 month visit - Dr Okafor.txt": (
        "Tue 9/15/2026 Riverside Pediatrics (Dr. Ada Okafor)\n"
        "weight 11 lb 2 oz (55th %), length 22.8 in\n"
        "eating every 3 hrs, ~4 oz bottles, sleeping ok\n"
        "shots: 2 month set done, mild fever that night\n"
        "next: 4 mo visit Fri Nov 20, 9:40am\n", 78),
    "Baby/4 month checkup.md": (
        "# 4 month checkup 11/20/2026\n\n"
        "Dr. Okafor again, same clinic.\n\n"
        "- Weight: 14 lb 1 oz (50th percentile)\n"
        "- Length: 25 in (58th percentile)\n"
        "- rolling front to back!\n"
        "- next: 6 month visit in January\n", 15),
    "Bills/power_bill_2026-02.pdf.txt": (
        "NORTHSIDE ENERGY - ELECTRICITY BILL\nBilling period: 01/02/2026 - 28/02/2026\nEnergy used: 402 kWh\n"
        "TOTAL DUE: 71.20\nDue date: 20/03/2026\n", 270),
    "Money/budget_2026.csv": ("Month,Category,Budget\n2026-02,Electricity,80.00\n2026-03,Electricity,85.00\n"
                              "2026-03,Groceries,600.00\n", 200),
    "Baby/feeding log.txt": ("9/20 - 4 oz x 6\n10/02 - 5 oz x 5\n10/30 - 5 oz x 5, started cereal talk\n", 30),
}

folder = folder_fixture("visit_of_the_month_asked", FILES, NOW)


def test_the_visit_of_the_month_asked(folder):
    answers(planner_agent(folder[0], NOW), "What did the baby weigh when Dr. Okafor saw her in November?",
            "14 lb 1 oz", "4 month checkup.md")


def test_a_sheets_row_for_the_month_is_no_bill_of_it(folder):
    declines(planner_agent(folder[0], NOW), "electricity march 2026 total?")  # February's bill; March's budget row


def test_a_month_no_paper_names_is_still_declined(folder):
    declines(planner_agent(folder[0], NOW), "What did the baby weigh when Dr. Okafor saw her in March?")
