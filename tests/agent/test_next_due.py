""""When's her next booster due?" asks the soonest date still to come: of a vet record's vaccination rows, the
newest one's "Next due", not last year's row whose next date is past; of a schedule, the first visit still ahead,
not the last one."""

from __future__ import annotations

import time

from conftest import ask, folder_fixture, planner_agent

from manoled.agent.entries import dated, soonest_first
from manoled.agent.facts import Fact

NOW = time.time()
DAY = 86400.0


def _dmy(offset_days: float) -> str:
    return time.strftime("%d/%m/%Y", time.localtime(NOW + offset_days * DAY))


FILES: dict[str, tuple[str, float]] = {
    "Pets/Samosa vet record.txt": (
        "Pontcanna Veterinary Centre\nPatient: Samosa\n\nVaccination history\n"
        f"Date given: {_dmy(-765)}, Vaccine: Purevax RCP (booster), Batch: L4471A, Next due: {_dmy(-400)}\n"
        f"Date given: {_dmy(-400)}, Vaccine: Purevax RCP (booster), Batch: L5302C, Next due: {_dmy(-35)}\n"
        f"Date given: {_dmy(-35)}, Vaccine: Purevax RCP + FeLV (booster), Batch: L6118B, Next due: {_dmy(330)}\n",
        30),
    "Home/lease notes.txt": ("Rent due: 1st of each month\nDeposit: 1,240.00\n", 200),
}
folder = folder_fixture("next_due", FILES, NOW)


def _fact(text: str, score: float = 5.0) -> Fact:
    return Fact(text, "/f/baby.md", "baby.md", score, True, None)


def test_dates_of_a_row():
    assert dated("Date given: 14/10/2025, Next due: 14/10/2026") == [(2025, 10, 14), (2026, 10, 14)]
    assert dated("Expiration Date: 04/30/2027") == [(2027, 4, 30)]  # month first, where it must be


def test_the_first_visit_still_ahead_of_a_schedule():
    facts = [_fact("9 month visit: 15/04/2027", 5.2), _fact("6 month visit: 22/01/2027", 5.0),
             _fact("4 month visit: 20/11/2026", 5.1)]
    assert soonest_first("when's the baby's next visit?", facts, (2026, 11, 28))[0].text.startswith("6 month")
    assert soonest_first("when was the 9 month visit?", facts, (2026, 11, 28)) == facts  # no "next": as found


def test_the_next_booster_is_the_newest_rows(folder):
    agent = planner_agent(folder[0], NOW)
    final, names = ask(agent, "When is Samosa's next booster due?")
    assert _dmy(330) in final.answer and names == ["Samosa vet record.txt"], final.answer
