"""Of two pay stubs of one month, the one of the day asked ("net pay oct 9") is the one whose file name says that
day, though its text does not; and its net pay is the period's, not the "YTD Net Pay" beside it, unless the year so
far is asked. Over a real index, on fixtures written for these tests."""

from __future__ import annotations

from datetime import datetime

from conftest import answers, folder_fixture, planner_agent

from manoled.agent.facts import extract
from manoled.agent.retrieve import Candidate

NOW = datetime(2026, 11, 20, 12).timestamp()


def _stub(gross: str, net: str, ytd: str) -> str:
    return (f"LAKEVIEW HOSPITAL - EARNINGS STATEMENT\nEmployee: Omar Haddad, RN\nGross Pay: ${gross}\n"
            f"Federal Withholding: $401.12\nYTD Net Pay: ${ytd}\nNET PAY: ${net}\n")


FILES: dict[str, tuple[str, float]] = {
    "Omar Work/Stubs/Paystub_2026-10-09.txt": (_stub("4,237.35", "3,075.42", "64,058.95"), 42),
    "Omar Work/Stubs/Paystub_2026-10-23.txt": (_stub("3,730.20", "2,694.70", "66,753.65"), 28),
    "Notes/todo.md": ("# To do\n- call the bank\n", 5),
}

folder = folder_fixture("the_stub_of_the_day_asked", FILES, NOW)


def test_the_stub_whose_name_says_the_day_asked(folder):
    agent = planner_agent(folder[0], NOW)
    answers(agent, "omar net pay oct 9", "3,075.42", "Paystub_2026-10-09.txt")
    answers(agent, "omar net pay oct 23", "2,694.70", "Paystub_2026-10-23.txt")


def test_a_later_passage_of_the_stub_is_of_the_day_its_name_says():
    # the net pay's passage, past the one with the pay date, says no day: the file's name does
    passages = [Candidate(n, f"Federal Withholding: $401.12\nNET PAY: ${net}\n", f"/h/Stubs/{name}", name,
                          relpath=f"Stubs/{name}", rrf=0.03)
                for n, (name, net) in enumerate([("Paystub_2026-10-23.txt", "2,694.70"),
                                                 ("Paystub_2026-10-09.txt", "3,075.42")])]
    facts = extract("omar net pay oct 9", passages, top=5, said="omar net pay oct 9").facts
    assert facts and "3,075.42" in facts[0].text, [(f.file_name, f.text) for f in facts[:3]]


def test_the_year_to_date_figure_only_when_asked(folder):
    agent = planner_agent(folder[0], NOW)
    answers(agent, "What was Omar's net pay on the October 23 stub?", "2,694.70", "Paystub_2026-10-23.txt")
    answers(agent, "What was Omar's year-to-date net pay on the October 23 stub?", "66,753.65",
            "Paystub_2026-10-23.txt")
