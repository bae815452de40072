"""A case a question only supposes ("If Sam and I decide to move in with his parents in Leeds, how much notice …?") sets the scene
the way a sentence apart does: its words count for a paper only where it says them. A case that happened ("After
I filed in March, …", in test_scene_told) still narrows what is asked. An everyday word written in capitals ("the
TV") is no name that no file has, and "the ticket reference" asks the booking's own code (a PNR), not its status.
Over a real index, on fixtures written for these tests."""

from __future__ import annotations

from datetime import datetime

from conftest import ask, folder_fixture, planner_agent

from manoled.agent.kinds import asks_booking_code
from manoled.agent.terms import told_apart

NOW = datetime(2026, 11, 20, 12).timestamp()

FILES: dict[str, tuple[str, float]] = {
    "House/Lease 12 Elm Street.txt": (
        "RESIDENTIAL LEASE AGREEMENT\nLandlord: Harriet Cole. Tenants: the two of us at 12 Elm Street.\n"
        "Term: 1 September 2025 to 31 August 2026. Rent: 1,450.00 per month, paid by the 1st.\n"
        "Notice to vacate: the tenant must give at least sixty (60) days' written notice before the end date.\n", 90),
    "notes 2026.txt": (
        "Sam can't decide about the job in Leeds. We stay with his parents over Easter.\n"
        "Past the halfway mark on the allotment, Sam planted the beans.\n", 20),
    "Travel/Lake weekend.txt": ("Stay at the lake cabin, two nights by the old bridge. Tom drives.\n", 60),
    "Notes/wifi and codes.txt": ("WIFI\nnetwork: Elm_5G\npassword: Larkspur-4417\nguest network: Elm_guest\n", 30),
    "Trips/Train ticket PUNE-MAO.txt": (
        "Electronic Reservation Slip (ERS)\nPNR: 8524719360\nTrain No./Name: 12780 / GOA EXPRESS\n"
        "Booking Status: CNF/B3/44/LOWER\nCurrent Status: CNF/B3/44/LOWER\nTotal Fare: 2,460.00\n", 40),
}

folder = folder_fixture("supposed_cases", FILES, NOW)

SUPPOSED = "If Sam and I decide to move in with his parents in Leeds, how much notice do we have to give the landlord?"


def test_a_supposed_case_tells_and_one_that_happened_narrows():
    assert {"sam", "decide", "parent"} <= told_apart(SUPPOSED)
    assert told_apart("After I filed in March, how much did the government give back?") == frozenset()


def test_the_supposed_case_does_not_count_against_the_paper_asked(folder):
    final, sources = ask(planner_agent(folder[0], NOW), SUPPOSED)
    assert "sixty (60) days" in final.answer and sources == ["Lease 12 Elm Street.txt"], final.answer


def test_an_everyday_word_in_capitals_is_no_name(folder):
    final, sources = ask(planner_agent(folder[0], NOW), "The new TV in the living room keeps asking for the "
                         "password to our main 5G network and I can never remember it. What is it?")
    assert "Larkspur-4417" in final.answer and sources == ["wifi and codes.txt"], final.answer


def test_the_ticket_reference_is_the_bookings_code(folder):
    assert asks_booking_code("the complaint form wants the ticket reference") and \
        not asks_booking_code("what is my ticket number")
    final, sources = ask(planner_agent(folder[0], NOW), "The refund form wants the ticket reference for our train "
                         "to Goa. What was it?")
    assert "8524719360" in final.answer and sources == ["Train ticket PUNE-MAO.txt"], final.answer
