""""How much was our last electricity bill?" asks the newest bill of the series and its total: not the newest dated
row of a bill (the payment received for the one before), nor the line that says "your last bill". Everyday ways of
saying a paper's thing find it ("to be online at home": the broadband)."""

from __future__ import annotations

import time

from conftest import ask, folder_fixture, planner_agent

from manoled.agent.gloss import rephrase
from manoled.agent.months import LAST_PAPER

NOW = time.time()


def _bill(month: str, paid: str, before: str, used: str, total: str) -> str:
    return (f"Lumen Energy - your electricity bill\nAccount number: 7781 2290\nBill for {month} 2026\n"
            f"Balance from your last bill: {before}\nPayment received {paid} - thank you: -{before}\n"
            f"Electricity used: {used} kWh at 24.10p per kWh\nStanding charge: 30 days at 53.2p\n"
            f"Total charges this period: {total}\nWe will collect this by Direct Debit in 14 days.\n")


FILES: dict[str, tuple[str, float]] = {
    "Bills/Lumen bill Aug 2026.pdf.txt": (_bill("August", "14/08/2026", "£58.20", "201", "£64.40"), 60),
    "Bills/Lumen bill Sep 2026.pdf.txt": (_bill("September", "15/09/2026", "£64.40", "244", "£75.87"), 30),
    "Bills/Skylink.pdf.txt": ("Skylink Fibre Broadband 500\nMonthly price: £31.00\nContract ends 02/2027\n"
                              "Router: Skylink Hub 4\n", 50),
    "notes.md": ("# notes\n- ring the council about the bins\n- last bill from the dentist still to pay\n", 20),
}
folder = folder_fixture("last_paper", FILES, NOW)


def test_the_last_paper_is_asked_not_a_last_row():
    assert LAST_PAPER.search("How much was our last electricity bill?")
    assert LAST_PAPER.search("what did the latest gas statement come to")
    assert not LAST_PAPER.search("when did I last pay the electricity bill?")  # the newest row of a log
    assert not LAST_PAPER.search("when was the last time the boiler was serviced?")


def test_everyday_words_are_said_as_the_papers():
    def keep(word: str) -> bool:
        return word in ("broadband", "electricity")

    assert "broadband" in rephrase("what does it cost us to be online at home?", keep)
    assert "electricity" in rephrase("what did keeping the lights on cost in May?", keep)
    assert rephrase("what did the lights cost?", lambda w: False) == "what did the lights cost?"  # no file says it


def test_the_newest_bills_total_answers(folder):
    agent = planner_agent(folder[0], NOW)
    final, names = ask(agent, "How much was our last electricity bill?")
    assert "75.87" in final.answer, final.answer
    assert names == ["Lumen bill Sep 2026.pdf.txt"], names


def test_being_online_is_the_broadband(folder):
    agent = planner_agent(folder[0], NOW)
    final, names = ask(agent, "What does it cost us every month just to be online at home?")
    assert "31.00" in final.answer, final.answer
    assert names == ["Skylink.pdf.txt"], names
