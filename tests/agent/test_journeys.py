""""What time does our train leave York on 12 March?" asks one leg of a booking: the outbound's first time, not the
return row's, nor the arrival beside it; "the flight home" asks the return; a one-way booking has no way back."""

from __future__ import annotations

import time

from conftest import ask, folder_fixture, planner_agent

from manoled.agent.journeys import asked, journeys, pick

NOW = time.time()

TRAIN = ("Railbook | Booking confirmation\n"
         "Booked on | 02/02/2026 21:14 | Railcard | Family\n"
         "Outbound - Thursday 12 March 2026\n"
         "Depart | From | Arrive | To | Operator | Coach\n"
         "07:52 | York | 09:10 | Newcastle | LNER | F\n"
         "09:40 | Newcastle | 11:58 | Edinburgh Waverley | LNER | D\n"
         "Return - Sunday 15 March 2026\n"
         "Depart | From | Arrive | To | Operator | Coach\n"
         "16:05 | Edinburgh Waverley | 18:31 | York | LNER | B\n"
         "Total paid | 96.40\n")
FLIGHTS = ("SKYWAYS | e-ticket receipt\n"
           "Day, Date | Flight | From | To\n"
           "Fri, 06MAR26 | SK 412 | Bristol (BRS) | Malaga (AGP)\n"
           "6:40 AM | 10:25 AM\n"
           "Fri, 13MAR26 | SK 413 | Malaga (AGP) | Bristol (BRS)\n"
           "4:15 PM | 6:05 PM\n"
           "Total | 412.80\n")
ONE_WAY = ("NORDLINE booking\nDate of issue: 04FEB26\n"
           "Flight   From          To            Date       Dep    Arr\n"
           "NL 881   Oslo (OSL)    Bergen (BGO)  Tue 17MAR  18:20  19:15\n")

FILES: dict[str, tuple[str, float]] = {
    "Travel/Railbook - Edinburgh March.txt": (TRAIN, 30),
    "Travel/Skyways booking.txt": (FLIGHTS, 40),
    "Travel/edinburgh plans.md": ("# Edinburgh\n- Sat 14/03 - castle at 10:00, then lunch 13:00\n- train 16:05 home\n", 20),
    "Travel/Mull weekend.md": ("# Mull weekend\n- ferry over from Oban on the Friday, check the times\n"
                               "- book the cottage near Tobermory\n", 25),
    "Home/boiler service.txt": ("Engineer visit booked 09:00 - 12:00 on 20/03/2026\n", 10),
}
folder = folder_fixture("journeys", FILES, NOW)


def test_a_bookings_journeys_are_its_headings_and_their_rows_of_times():
    found = journeys(TRAIN)
    assert [(j.back, j.times[0], j.times[-1]) for j in found] == [(False, "07:52", "11:58"), (True, "16:05", "18:31")]
    assert [j.times for j in journeys(FLIGHTS)] == [["6:40 AM", "10:25 AM"], ["4:15 PM", "6:05 PM"]]
    assert [j.times for j in journeys(ONE_WAY)] == [["18:20", "19:15"]]  # a row of its own, under no dated heading
    assert journeys("Booked on | 02/02/2026 21:14\nNothing else\n") == []  # one time is no journey
    assert journeys("- Sat 14/03 - castle at 10:00, then lunch 13:00\n") == []  # a note's sentence is no leg


def test_the_question_picks_the_leg():
    train, flights = journeys(TRAIN), journeys(FLIGHTS)
    assert pick("what time does our train leave York on 12 March?", train).times[0] == "07:52"
    assert pick("what time's the train on the 15th", train).times[0] == "16:05"  # a day of any month
    assert pick("what time is the train back on Sunday?", train).times[0] == "16:05"
    assert pick("what time do we fly home?", flights).times[0] == "4:15 PM"  # no heading says return: the last
    assert pick("what time does the one home leave", flights).times[0] == "4:15 PM"
    assert pick("what time do we leave home for the airport?", flights).times[0] == "6:40 AM"  # from home: out
    assert pick("what time is the flight from Malaga to Bristol?", flights).times[0] == "4:15 PM"  # in their order
    assert pick("what time do we fly out?", flights).times[0] == "6:40 AM"
    assert pick("what time is the flight back?", journeys(ONE_WAY)) is None  # a one-way booking: no way back


def test_what_asks_a_journeys_time():
    assert asked("what time does the flight take off?") == "depart"
    assert asked("when do we land in Malaga?") == "arrive"
    assert asked("what time do we get back?") == "arrive"
    assert asked("and when do we come back?") == "depart"  # the way back's day and time
    assert asked("train times?") == "depart"
    assert asked("what time is the engineer coming?") is None  # no ride, no leaving
    assert asked("how much was the train?") is None


def test_the_outbound_rows_first_time_answers(folder):
    agent = planner_agent(folder[0], NOW)
    final, names = ask(agent, "What time does our train leave York on 12 March?")
    assert "07:52" in final.answer and "16:05" not in final.answer, final.answer
    assert names == ["Railbook - Edinburgh March.txt"], names


def test_the_flight_home_is_the_return_row(folder):
    agent = planner_agent(folder[0], NOW)
    final, names = ask(agent, "what time does our flight home from Malaga leave?")
    assert "4:15 PM" in final.answer and "6:40" not in final.answer, final.answer
    assert names == ["Skyways booking.txt"], names


def test_other_times_are_left_as_found(folder):
    agent = planner_agent(folder[0], NOW)
    final, _ = ask(agent, "what time is the boiler engineer coming?")
    assert "09:00" in final.answer, final.answer


def test_a_follow_up_asks_the_way_back_of_the_booking_before(folder):
    agent = planner_agent(folder[0], NOW)
    ask(agent, "Which flight are we on to Malaga?", session="trip")
    final, names = ask(agent, "and what time does the one home leave?", session="trip")
    assert "4:15 PM" in final.answer and "6:40" not in final.answer, final.answer
    assert names == ["Skyways booking.txt"], names


def test_another_trips_booking_does_not_answer(folder):
    agent = planner_agent(folder[0], NOW)
    final, names = ask(agent, "what time does the ferry to Mull leave?")
    assert not any(t in final.answer for t in ("07:52", "16:05", "6:40", "4:15")), final.answer
    assert "Railbook - Edinburgh March.txt" not in names and "Skyways booking.txt" not in names, names
