"""A question of several sentences is asked by one of them: "Is Pepper putting on weight? What did she weigh at
her last check-up?" asks a weight (not the next booster's date), "Is the cat getting fat?" says no word a file must
have, "the cat's last check-up - what did she weigh?" asks no files, and "The kitchen tap has dripped all week -
who do I ring in office hours?" asks a number, whatever the week. A question read as asking for files, when no
file fits that reading, is read for what the files say; and a follow-up that asks a sum after a sum ("how much have
we already paid?" after the total) asks another one. "The odometer reading" is the odometer's value, however
few papers write "reading". Over a real index, on fixtures written for these tests."""

from __future__ import annotations

import time

from conftest import ask, folder_fixture, planner_agent

from manoled.agent.kinds import asked_part, typed_by

NOW = time.time()

FILES: dict[str, tuple[str, float]] = {
    "Pets/cat vet record.txt": (
        "Northside Vet Clinic - patient record\nPatient: Pepper (cat, female, spayed)\n"
        "02/04/2026 | Annual check-up and vaccinations. Weight 5.1 kg, teeth good.\n"
        "Next vaccination due: 02/04/2027\n", 10),
    "Pets/cat insurance.txt": ("Pet cover renewal\nPolicy PC-88120 for Pepper\nMonthly premium: $21.40\n", 20),
    "Home/lease.txt": (
        "Residential tenancy agreement - 14 Ferry Lane\nLandlord's agent: Cove Property Management\n"
        "Repairs: during office hours ring Cove Property on 03 6231 4480; after hours call 0400 118 227.\n"
        "Bond: $2,100.00 lodged with the Rental Deposit Authority.\n", 30),
    "Pets/vet invoice 2026-04.txt": (
        "Northside Vet Clinic - invoice 4471\nClient: J. Marsh, patient Pepper\nConsultation | $85.00\n"
        "Vaccination | $64.00\nTotal | $149.00\nDeposit paid 28/03/2026 | $50.00\nBalance due | $99.00\n", 15),
    "Car/forester service log.txt": ("Subaru Forester service log\nService 14/08/2026: oil and filter, rotate tyres\n"
                                     "Odometer (km): 187,412\n", 60),
    "Home/meter readings.csv": ("date,power_kwh,water_kl\n2026-07-01,48211,611\n2026-10-01,49876,640\n", 70),
    "Notes/groceries.md": ("# Groceries\n- oat milk\n- eggs\n- rye bread\n", 40),
    "Notes/kitchen.md": ("# Kitchen\n- the tap drips again, bought new washers this week\n- oven light is out\n"
                         "- sink smells, try bicarb\n", 50),
}

folder = folder_fixture("second_reading", FILES, NOW)


def test_the_sentence_that_asks():
    assert asked_part("Is Pepper putting on weight? What did she weigh at her last check-up?") == \
        "What did she weigh at her last check-up?"
    assert asked_part("The kitchen tap has dripped all week - who do I phone in office hours?") == \
        "who do I phone in office hours?"
    assert asked_part("How early do we leave? I need to plan the nap.") == "How early do we leave?"
    assert asked_part("speeding ticket may - speed after the margin?") == "speeding ticket may - speed after the margin?"
    assert typed_by("Is Pepper putting on weight? What did she weigh at her last check-up?") == ("weight", True)


def test_a_weight_asked_after_a_question_that_tells(folder):
    final, names = ask(planner_agent(folder[0], NOW), "Is Pepper putting on weight? What did she weigh at her last check-up?")
    assert "5.1 kg" in final.answer and names == ["cat vet record.txt"], final.answer


def test_what_a_question_tells_first_weighs_less(folder):
    final, names = ask(planner_agent(folder[0], NOW), "The kitchen tap has been dripping all week and the sink "
                       "smells - who do I ring about repairs in office hours?")
    assert "03 6231 4480" in final.answer and names == ["lease.txt"], final.answer


def test_a_question_told_first_is_not_what_files_must_say(folder):
    final, names = ask(planner_agent(folder[0], NOW),
                       "Is the cat getting fat? What did she weigh the last time we took her in?")
    assert "5.1 kg" in final.answer and names == ["cat vet record.txt"], final.answer


def test_the_sentence_that_asks_says_whether_files_are_asked(folder):
    final, names = ask(planner_agent(folder[0], NOW), "the cat's last check-up - what did she weigh?")
    assert final.intent == "content" and "5.1 kg" in final.answer and names == ["cat vet record.txt"], final.answer


def test_no_file_fits_the_list_so_the_files_text_is_read(folder):
    steps = list(planner_agent(folder[0], NOW).run("cat check-up weight april 2026"))
    calls = [s.tool for s in steps if type(s).__name__ == "ToolCallStep"]
    assert calls == ["list_files", "semantic_search"], calls
    assert "5.1 kg" in steps[-1].answer, steps[-1].answer


def test_a_follow_up_asking_a_sum_again_asks_another_sum(folder):
    agent = planner_agent(folder[0], NOW)
    first, _ = ask(agent, "How much was the vet invoice from April in total?", session="sums")
    assert "149.00" in first.answer, first.answer
    final, names = ask(agent, "how much have we already paid?", session="sums")
    assert "50.00" in final.answer and names == ["vet invoice 2026-04.txt"], final.answer


def test_a_meter_s_reading_is_its_value(folder):
    final, names = ask(planner_agent(folder[0], NOW), "what was the odometer reading?")
    assert "187,412" in final.answer and names == ["forester service log.txt"], final.answer
