""""By what date does the car have to go back for its test?" asks the date still ahead on the certificate, under
a word of deadline: not the car's first registration nor the day of the test, nor a day it may be tested from."""

from __future__ import annotations

import time
from datetime import datetime

from conftest import ask, folder_fixture, planner_agent

from manoled.agent.due import due_ahead
from manoled.agent.facts import Extraction, Fact
from manoled.agent.kinds import from_days_only
from manoled.agent.retrieve import Candidate

NOW = time.time()
YEAR = datetime.fromtimestamp(NOW).year

REPORT = (f"STADTPRÜF Fahrzeugprüfstelle - inspection report\n"
          f"Report no. | 77-2291-0415\n"
          f"Date of inspection | 03/03/{YEAR - 1} at 08:40\n"
          f"Vehicle | TOYOTA COROLLA 1.8 Hybrid\n"
          f"First registered | 11/06/2016\n"
          f"Odometer | 102 480 km\n"
          f"Keeper | J. Okonkwo, 4 Mill Lane\n"
          f"Result: PASS\n"
          + "".join(f"Check {n}: brakes, lights, tyres and steering within limits for this class of car.\n"
                    for n in range(1, 30))
          + f"Next inspection due by: 03/03/{YEAR + 1}\n"
          f"Fee paid by card on 03/03/{YEAR - 1}: 54.00\n")
FILES: dict[str, tuple[str, float]] = {
    "Car/inspection report.txt": (REPORT, 40),
    "Car/service log.md": (f"# Corolla\n- 12/01/{YEAR - 1} oil and filter, 98 200 km\n", 30),
    "Home/boiler.txt": (f"Boiler serviced 02/02/{YEAR - 1}. Gas Safe certificate valid for one year.\n", 20),
}
folder = folder_fixture("due", FILES, NOW)


def test_a_day_to_start_from_is_no_deadline():
    assert from_days_only("To keep the expiry date, the car can be tested from 14/07/2027.")
    assert from_days_only("Prüfung möglich ab 01.03.2027")
    assert not from_days_only("Expiry date: 13/08/2027")
    assert not from_days_only("Cover runs from 01/01/2026 until 31/12/2026")  # a span ends somewhere
    assert not from_days_only("no date here")


def _top(text: str) -> Extraction:
    c = Candidate(1, text, "/f/report.txt", "report.txt", file_id=1)
    return Extraction(facts=[Fact(text, c.path, c.file_name, 5.0, True, c)])


def test_a_past_date_gives_way_to_the_papers_date_ahead():
    passages = {1: ["Vehicle | Corolla\nFirst registered | 11/06/2016", "Result: PASS\nNext inspection due by: 03/03/2031"]}
    ex = due_ahead("when does the car have to go back for its inspection?", _top("First registered: 11/06/2016"),
                   passages.__getitem__, (2026, 11, 1))
    assert ex.facts[0].text == "Next inspection due by: 03/03/2031"
    for asked in ("when was the car first registered?", "what's the make of the car?"):  # the past; no date asked
        ex = due_ahead(asked, _top("First registered: 11/06/2016"), passages.__getitem__, (2026, 11, 1))
        assert ex.facts[0].text == "First registered: 11/06/2016", asked
    ahead = due_ahead("when is the next inspection due?", _top("Due: 01/01/2030"), passages.__getitem__, (2026, 11, 1))
    assert ahead.facts[0].text == "Due: 01/01/2030"  # already ahead: left as found


def test_the_certificates_next_date_answers(folder):
    agent = planner_agent(folder[0], NOW)
    final, names = ask(agent, "By what date does the Corolla have to go back for its inspection?")
    assert f"03/03/{YEAR + 1}" in final.answer, final.answer
    assert names == ["inspection report.txt"], names
