"""Near misses the files cannot answer, declined with no source: an IBAN's digits are no phone number, "The
Overstory" is no author, the "overnight" a question names is no answer to how long, and a meter log of electricity
and gas says nothing of the water. Over a real index, on fixtures written for these tests."""

from __future__ import annotations

import time

from conftest import ask, declines, folder_fixture, planner_agent

from manoled.agent.kinds import new_value, says_shape
from manoled.agent.otherthing import other_thing
from manoled.agent.shapes import TYPE_PATTERNS

NOW = time.time()

FILES: dict[str, tuple[str, float]] = {
    "Invoices/joinery_2026-02.txt": (
        "INVOICE\nOakline Joinery Ltd\nInvoice number: OJ-2026-044\nInvoice date: 3 February 2026\n"
        "Description: oak shelves for the alcove\nTotal due: GBP 860.00\n"
        "Please pay by bank transfer to IBAN GB29 NWBK 6016 1331 9268 19.\n", 60),
    "Notes/to_read.md": ("# Novels to read\n1. The Remains of the Day\n2. The Overstory\n", 30),
    "Recipes/bircher.txt": ("Bircher muesli: 60 g oats, 120 ml apple juice, 1 grated apple. Soak overnight.\n", 40),
    "Home/tenancy notes.txt": ("Gas, water and electricity are paid by the tenant.\n"
                               "Report repairs to Northgate Lettings on 0113 496 0021 (weekdays).\n", 90),
    "Notes/jobs.txt": ("JOBS\n- winter tyres on at Halfords, Saturday\n- fix the bike bell\n- post the card to Gran\n", 15),
    "Notes/plants.txt": ("Water the ferns on Sundays, the cactus once a month.\n", 25),  # "water" is in a file
    "Home/meter_readings.csv": ("date,electricity_kwh,gas_m3\n2025-05-01,8810,2201\n2025-06-01,9020,2255\n"
                           "2025-07-01,9230,2290\n", 20),
}

folder = folder_fixture("not_what_was_asked", FILES, NOW)



def test_an_accounts_digits_are_no_phone_number(folder):
    assert not says_shape("phone", "Please pay by bank transfer to IBAN GB29 NWBK 6016 1331 9268 19.")
    assert says_shape("phone", "Call us on 0113 496 0021.")
    declines(planner_agent(folder[0], NOW), "what's the phone number of Oakline Joinery?")


def test_a_title_that_starts_with_the_is_no_person(folder):
    assert not TYPE_PATTERNS["person"].search("Novels to read: The Remains of the Day, The Overstory")
    assert TYPE_PATTERNS["person"].search("Attendees: Hannah Iqbal, Rory Dunne")
    declines(planner_agent(folder[0], NOW), "who wrote The Overstory?")


def test_the_time_a_question_names_is_no_answer_to_how_long(folder):
    assert not new_value("duration", "Soak overnight.", {"long", "overnight", "bircher", "keep"})
    assert new_value("duration", "Soak overnight.", {"long", "soak", "bircher"})
    declines(planner_agent(folder[0], NOW), "how long does overnight bircher keep in the fridge?")


def test_a_log_of_other_meters_says_nothing_of_the_water(folder):
    assert other_thing("water meter reading june?", "electricity_kwh: 9020, gas_m3: 2255") == ("water", "electricity")
    assert other_thing("gas meter reading june?", "electricity_kwh: 9020, gas_m3: 2255") is None
    agent = planner_agent(folder[0], NOW)
    declines(agent, "what was the water meter reading in June 2025?")
    final, names = ask(agent, "what was the gas meter reading in June 2025?")
    assert "2255" in final.answer and names == ["meter_readings.csv"], final.answer
    # of a list, its item: the bike of another line says nothing of the car
    final, names = ask(agent, "who's putting the winter tyres on my car?")
    assert "Halfords" in final.answer and names == ["jobs.txt"], final.answer
    # a phone asked as a number to ring is no phone line: the notes that say gas and water give it
    final, names = ask(agent, "what phone number do I ring to report a repair?")
    assert "0113 496 0021" in final.answer and names == ["tenancy notes.txt"], final.answer
