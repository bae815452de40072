"""A follow-up that asks another kind of value than the turn before, of a thing the files also name in another
paper: "What time did our train to Bergen leave?", then "and how much did we pay for the tickets?". The tickets
are that train's; "ticket" names a concert's ticket too, and the previous question reworded with the new word
still asked a time ("What time did our train … leave? pay ticket": the train's departure again, or the doors of
the concert). Asked itself, about what the previous question was about (the train to Bergen), it asks a sum.
Over a real index, on fixtures written for these tests."""

from __future__ import annotations

import time

from conftest import ask, folder_fixture, planner_agent

NOW = time.time()

FILES: dict[str, tuple[str, float]] = {
    "trips/Vy train Oslo-Bergen.txt": ("Vy train booking\nOslo S – Bergen, Thursday 12 February 2026\n"
                                       "Departure 07:25, arrival 14:05\nPassengers: 2 adults, seats 7A and 7B\n"
                                       "Total: 687.00 NOK\n", 250),
    "events/ticket jazz festival.txt": ("Nattjazz festival ticket\nUSF Verftet, Bergen\nDoors 19:00, concert 20:30\n"
                                        "Price: 395.00 NOK\n", 200),
    "home/rent 2026.txt": ("Rent for the flat: 14 500 NOK per month, due on the 1st.\n", 400),
}

folder = folder_fixture("another_kind_after", FILES, NOW)


def test_a_sum_asked_after_a_time_is_that_trains_sum(folder):
    agent = planner_agent(folder[0], NOW)
    first, _ = ask(agent, "What time did our train to Bergen leave in February?")
    assert "07:25" in first.answer, first.answer
    final, names = ask(agent, "and how much did we pay for the tickets?", session=first.session)
    assert "687.00" in final.answer and names == ["Vy train Oslo-Bergen.txt"], final.answer
