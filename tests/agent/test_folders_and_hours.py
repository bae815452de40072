"""Folders named the way people name them, and lines that say the other hours. A trip's folder carries the name its
people give the country ("Chorvatsko_2026" is the Croatia trip), and "the Croatia trip folder" is the one both words
name, not every trip; "the folder for the Croatia holiday" is that folder, not a question about holidays; "the
Henderson wedding photo folder" is Photos/Henderson wedding, not Photos. A payslip named for December 2025 is no
payslip from 2026, whenever it was saved, though it is a file changed in January 2026. The rental car in Croatia is
not the flight's total because the e-ticket says "car seat". Client invoices are the ones
billed to someone. "Who do I phone in office hours" is not answered by the out-of-hours line; "how do I get hold of
the plumber" asks his number. Over a real index, on fixtures written for these tests."""

from __future__ import annotations

from datetime import datetime

from conftest import answers, ask, folder_fixture, planner_agent

from manoled.agent import gloss
from manoled.agent.retrieve import contains
from manoled.agent.unsaid import _says_thing

NOW = datetime(2026, 11, 20, 12, 0).timestamp()
PHOTO = "\xff\xd8\xff\xe0 not a real jpeg, only its name and folder count " * 20

FILES: dict[str, tuple[str, float]] = {
    "Trips/Chorvatsko_2026/itinerary.md": (
        "# Makarska, 11-18 July 2026\n- 11/07 train to Split, bus to Makarska\n- 14/07 boat to Brač\n", 130),
    "Trips/Chorvatsko_2026/apartman booking.txt": (
        "Apartman Lavanda, Makarska\nCheck-in 11.07.2026 from 14:00\nTotal: 640 EUR\n", 200),
    "Trips/Chorvatsko_2026/ferry tickets.txt": ("Jadrolinija Split - Supetar, 14.07.2026, 2 adults, 1 child\n", 130),
    "Trips/Chorvatsko_2026/eticket_PRG-SPU.txt": (
        "Bohemia Air e-ticket Prague - Split (Croatia), 11 July 2026, 2 adults, 1 child\nA car seat or stroller for the child travels "
        "free of charge.\nTotal paid (VISA ****4471): CZK 18 960,00\n", 210),
    "Trips/Krkonose_2026/chata.txt": ("Chata Bouda, Pec pod Snezkou, 13-15 February 2026, 3 nights\n", 280),
    "Trips/Krkonose_2026/ski pass.txt": ("Ski pass SkiResort, 2 days, 2 adults\n", 280),
    "Finance/Payslips/payslip_2025-12.txt": ("Payslip December 2025\nNet pay: 48 210 CZK\n", 311),
    "Finance/Payslips/payslip_2026-08.txt": ("Payslip August 2026\nNet pay: 49 870 CZK\n", 70),
    "Finance/Payslips/payslip_2026-09.txt": ("Payslip September 2026\nNet pay: 49 870 CZK\n", 39),
    "Finance/Payslips/payslip_2026-10.txt": ("Payslip October 2026\nNet pay: 51 020 CZK\n", 8),
    "Home/Tenancy Agreement - Flat 2.txt": (
        "Occupation contract - Flat 2, 47 Kings Road\n"
        "Repairs: report them to Taff Lettings on 029 2018 0734 (Monday to Friday, 9am to 5.30pm) or by email.\n"
        "In an emergency outside office hours (flooding, no power) call the out of hours line on 07700 900482.\n"
        "Rent: £875.00 per month, due on the 1st.\n", 300),
    "Notes/contacts.txt": (
        "Household contacts\n"
        "Sunita tai (Sunita Gaikwad) - jhadu, pochha, bhandi\n  Mobile: +91 98220 41736\n"
        "Ganesh Jadhav - driver (station pickups)\n  Mobile: +91 97630 58214\n"
        "Pawar plumber (bathroom tap, kitchen sink)    +91 98811 03257\n"
        "Pawar plumber - last visit 14/10, paid 1 200 for the bathroom tap washer\n", 20),
    "Business/Invoices/INV-1043 Patel family.txt": (
        "MAYA OKAFOR PHOTOGRAPHY | INVOICE\nBILL TO | Invoice # | 1043\nPriya & Arjun Patel | Invoice Date | Oct 13, 2026\n"
        "Family session - 60 min | 1 | USD 450.00\nTotal | USD 600.00\n", 40),
    "Business/Invoices/invoice_1045_brightline.txt": (
        "Invoice 1045\nBilled to: Brightline Health, Inc.\nBrand headshots, 12 people | USD 1,800.00\n", 20),
    "Business/Receipts/adobe receipt oct.txt": ("Adobe receipt\nCreative Cloud Photography plan | USD 19.99\n", 30),
    "Photos/Henderson wedding/DSC_7781.jpg": (PHOTO, 60),
    "Photos/Henderson wedding/DSC_7790.jpg": (PHOTO, 60),
    "Photos/IMG_2031.jpg": (PHOTO, 10),
    "Photos/Baby/IMG_1988.jpg": (PHOTO, 30),
    "Notes/todo.md": ("# To do\n- photo book of the Croatia holiday for grandma\n- book the spring holiday at the chata\n", 5),
}

folder = folder_fixture("folders_and_hours", FILES, NOW)


def test_a_trip_folder_named_for_the_country_in_its_people_s_tongue(folder):
    agent = planner_agent(folder[0], NOW)
    final, _ = ask(agent, "How much space does the Croatia trip folder take up?")
    assert "Trips/Chorvatsko_2026" in final.answer and "4 files" in final.answer, final.answer
    final, _ = ask(agent, "What's in the folder for the Croatia holiday?")
    assert "ferry tickets.txt" in final.answer and "chata.txt" not in final.answer, final.answer


def test_a_count_of_a_year_reads_the_month_a_name_says(folder):
    final, names = ask(planner_agent(folder[0], NOW), "How many payslips from 2026 do we have?")
    assert "3" in final.answer and "payslip_2025-12.txt" not in names, final.answer
    assert names == ["payslip_2026-08.txt", "payslip_2026-09.txt", "payslip_2026-10.txt"]


def test_office_hours_are_not_the_out_of_hours_line(folder):
    answers(planner_agent(folder[0], NOW), "The bathroom tap has been dripping all week - who do I phone in office "
            "hours to get someone round to fix it?", "029 2018 0734", "Tenancy Agreement - Flat 2.txt")


def test_how_to_reach_someone_asks_a_number(folder):
    agent = planner_agent(folder[0], NOW)
    answers(agent, "The bathroom tap is dripping again. How do I get hold of the plumber?", "98811 03257",
            "contacts.txt")
    assert gloss.rephrase("How do I reach her?", lambda w: True) == "How do I phone?"
    assert gloss.rephrase("when do we reach Porto?", lambda w: True) == "when do we reach Porto?"


def test_a_hyphenated_word_is_found_written_apart():
    assert contains("Sunita tai (Sunita Gaikwad) - jhadu, pochha, bhandi", "jhadu-pochha")
    assert contains("Check in: 15:00", "check-in")
    assert not contains("pochha only", "jhadu-pochha")


def test_client_invoices_are_the_ones_billed_to_someone(folder):
    agent = planner_agent(folder[0], NOW)
    final, names = ask(agent, "How many client invoices have I got saved?")
    assert "2" in final.answer and names == ["INV-1043 Patel family.txt", "invoice_1045_brightline.txt"], final.answer
    final, names = ask(agent, "Which files are invoices I sent to clients?")
    assert names == ["INV-1043 Patel family.txt", "invoice_1045_brightline.txt"], final.answer


def test_a_folder_named_by_all_its_words_before_the_word_folder(folder):
    final, names = ask(planner_agent(folder[0], NOW), "How many pictures are in the Henderson wedding photo folder?")
    assert "2" in final.answer and names == ["DSC_7781.jpg", "DSC_7790.jpg"], final.answer


def test_files_changed_in_a_month_are_those_modified_then(folder):
    final, names = ask(planner_agent(folder[0], NOW), "Which files did I change in January 2026?")
    assert "payslip_2025-12.txt" in names and "payslip_2026-08.txt" not in names, final.answer


def test_a_thing_no_file_names_is_not_its_head_word_alone(folder):
    agent = planner_agent(folder[0], NOW)
    final, names = ask(agent, "How much did the rental car in Croatia cost us?")
    assert final.answer.startswith("I found nothing") and names == [], final.answer
    ticket, sense = FILES["Trips/Chorvatsko_2026/eticket_PRG-SPU.txt"][0], agent.ctx.word_sense()
    assert not _says_thing(ticket, ["rental", "car"], sense, {"rental"})  # no file says rental: not the car seat
    assert _says_thing(ticket, ["rental", "car"], sense, set())
    assert _says_thing("IKEA receipt: KIVIK sofa, 3 seats: £549.00", ["new", "sofa"], sense, {"new"})  # a common word
