"""Tax paid in advance is what the papers call preliminary tax (Ireland), a Vorauszahlung (Germany), an acompte
(France): "how much do I have to pay in advance for 2026?" finds the preliminary tax line, not the balance of the
year before on the same letter. Over a real index, on a fixture written for these tests."""

from __future__ import annotations

from datetime import datetime

from conftest import ask, folder_fixture, planner_agent

NOW = datetime(2026, 11, 20, 12).timestamp()

FILES: dict[str, tuple[str, float]] = {
    "Work/Revenue/Preliminary tax letter 2026.txt": (
        "Preliminary Tax 2026 - Reminder\nDear taxpayer,\nOur records show the following amounts for "
        "your self-assessment.\nBalance of Income Tax for 2025, pay by 31/10/2026: EUR 1,215.60\n"
        "Preliminary Tax for 2026, pay by 31/10/2026: EUR 8,940.00\nYou can pay through ROS.\n", 40),
    "Work/Payslips/payslip Oct 2026.txt": ("Payslip October 2026\nGross pay: 5,200.00\nIncome tax (PAYE): 1,012.00\n"
                                           "USC: 180.20\nNet pay: 3,640.55\n", 30),
    "Receipts/laptop receipt.txt": ("Harvey Norman - laptop 14in\nPrice before tax: 1,000.00\nVAT 23%: 230.00\n"
                                    "Total: 1,230.00\n", 90),
    "Notes/todo.txt": ("- book the NCT for the car\n- renew the TV licence\n- file the tax return by mid November\n"
                      "- pay the cottage advance (200) before Friday\n", 10),
}

folder = folder_fixture("paid_in_advance", FILES, NOW)


def test_tax_in_advance_is_preliminary_tax(folder):
    agent = planner_agent(folder[0], NOW)
    final, sources = ask(agent, "How much did the taxman say I have to pay in advance for 2026?")
    assert "8,940.00" in final.answer and sources == ["Preliminary tax letter 2026.txt"], final.answer
