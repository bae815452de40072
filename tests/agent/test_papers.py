"""Files as papers of a kind, over a real index: a bill is a file whose name or heading says so (not a complaint
kept beside the bills), an invoice's client may be said only in its text, a manual is found by what it is for,
a trip's folder is under Travel, and a period may be a span of days. Papers of a series: "the latest renewal"
is the newest one's, and a job's lines that all say what was asked add up to its total."""

from __future__ import annotations

import time
from datetime import datetime
from pathlib import Path

from conftest import PathFile, folder_fixture, planner_agent

from manoled.agent.folderwords import find_folder
from manoled.agent.slots import read_time

NOW = time.time()


def _days_ago(month: int, day: int) -> float:
    """How long ago the last ``day`` of ``month`` was (as "in March" reads it: this year's, or last year's)."""
    today = datetime.fromtimestamp(NOW)
    year = today.year if (month, day) <= (today.month, today.day) else today.year - 1
    return (NOW - datetime(year, month, day, 12).timestamp()) / 86400


def _invoice(number: str, client: str) -> str:
    return (f"Aoife Brennan UX\nFlat 3, 27 Leinster Square, Dublin 6\nINVOICE\nInvoice No: {number}\n"
            f"Bill to: {client}\nDesign sprint, 5 days: 3,250.00\nTotal due: 3,250.00\n")


FILES: dict[str, tuple[str, float]] = {
    "Bills/Eir/eir_bill_jan2026.txt": ("eir\nYour bill\nAccount number: 30045 7781\nTotal due: 64.99\n", 300),
    "Bills/Eir/eir_bill_feb2026.txt": ("eir\nYour bill\nAccount number: 30045 7781\nTotal due: 71.20\n", 270),
    # a complaint kept with the bills: its letter speaks of a bill, further down, but it is none
    "Bills/Eir/complaint to eir.txt": (
        "Aoife Brennan\nAccount number: 30045 7781\n\neir Customer Care\nPO Box 12214\n\n"
        "Subject: Formal complaint - broadband outage\n\nMy fibre broadband was down for four days. " * 3
        + "Please credit the outage days on my next bill.\n", 260),
    "Work/Invoices/INV-011 Brightwater.txt": (_invoice("INV-011", "Brightwater Insurance"), 200),
    "Work/Invoices/INV-014 Brightwater.txt": (_invoice("INV-014", "Brightwater Insurance"), 150),
    # a third invoice to them, named by nothing but its kind
    "Work/Invoices/invoice (1).txt": (_invoice("INV-019", "Brightwater Insurance"), 100),
    "Work/Invoices/HF invoice Feb.txt": (_invoice("INV-012", "Harbour & Finch Ltd"), 180),
    "Work/Contracts/Brightwater consulting agreement.txt": (
        "CONSULTING AGREEMENT\nBetween Aoife Brennan and Brightwater Insurance.\nInvoices are due in 30 days.\n", 320),
    "Home/Manuals/TidyBot X5 user manual.txt": (
        "TidyBot X5 Robot Vacuum - User Manual\nBattery: 5200 mAh\nRun time: up to 150 minutes\n", 400),
    "Home/Manuals/Kettle quick start.txt": ("Kettle KG170 - Quick Start\nFill to the MAX line.\n", 410),
    "todo.md": ("- order new filters for the robot hoover\n- ring the landlord\n- book the dishwasher service\n"
                "- buy Secret Santa gift for the office ($25 limit)\n", 5),
    "Cottage/lake cottage booking.txt": ("Lakeview Cottages\nBooking confirmation\nNo pets, please.\n"
                                         "Cleaning fee: 175.00\nLate check-out charge: 50.00\n", 300),
    "Running/running log.csv": ("date,km,time\n2026-03-01,10.0,54:10\n2026-03-08,12.5,68:02\n", 20),
    "Car/fuel log.csv": ("date,litres,cost\n2026-03-02,41.62,72.80\n", 25),
    "Photos/Lisbon/IMG_0514.jpg.txt": ("photo", 190),
    "Travel/Lisbon May 2026/Ryanair booking.txt": ("Ryanair\nBooking reference K7XQ2M\nDublin - Lisbon\n", 210),
    "Travel/Lisbon May 2026/packing list.md": ("- passport\n- adapter\n", 195),
    "Car/Insurance renewal 2025.txt": ("Avondale Insurance\nMotor policy renewal\nPolicy number: AVD-PC-4471928\n"
                                       "Renewal date: 12/04/2025\nAnnual premium: 684.50\n", 600),
    "Car/Insurance renewal 2026.txt": ("Avondale Insurance\nMotor policy renewal\nPolicy number: AVD-PC-4471928\n"
                                       "Renewal date: 12/04/2026\nAnnual premium: 702.10\n", 240),
    "Work/Meetings/brightwater checkin april.md": (
        "# Brightwater check-in, April\nDev started on the reporting screens.\n"
        "New day rate from 01/07/2026: €690 (up from €650), agreed.\n", 220),
    # a series of papers named by nothing but their kind: the one of a month is the one saved then
    "Home/Aircon/invoice (1).txt": ("CoolBreeze Aircon\nINVOICE\nGeneral servicing, 4 units: 180.00\nGST 9%: 16.20\n"
                                    "TOTAL: 196.20\n", _days_ago(3, 14)),
    "Home/Aircon/invoice (2).txt": ("CoolBreeze Aircon\nINVOICE\nGeneral servicing, 4 units: 120.00\nGST 9%: 10.80\n"
                                    "TOTAL: 130.80\n", _days_ago(9, 12)),
    "Home/Aircon/chemical wash quote.txt": ("CoolBreeze Aircon\nQUOTATION\nChemical wash, 4 units: 420.00\n"
                                           "GST 9%: 37.80\nTotal: 457.80\n", _days_ago(9, 20)),
    "Kids/enrichment/receipt_BrainyBees_T1.txt": ("BrainyBees Maths\nReceipt\nTerm 1 maths class, Ethan\n"
                                                  "Total Paid: 480.00\n", 250),
    "Kids/enrichment/receipt_BrainyBees_T2.txt": ("BrainyBees Maths\nReceipt\nTerm 2 maths class, Ethan\n"
                                                  "Total Paid: 496.00\n", 170),
    "Car/insurance/MerLion renewal 2025.txt": ("MerLion General Insurance\nMotor renewal\nPolicy No: MGI-7781\n"
                                               "Previous Year Premium: S$1,150.00\nRenewal Premium: S$1,212.30\n", 500),
    "Car/insurance/MerLion renewal 2026.txt": ("MerLion General Insurance\nMotor renewal\nPolicy No: MGI-7781\n"
                                               "Previous Year Premium: S$1,212.30\nRenewal Premium: S$1,356.48\n",
                                               _days_ago(1, 10)),
    "Car/tyre invoice.txt": ("Kwik Wheels\nINVOICE\nSeasonal tire swap (on rims): 90.00\n"
                             "Tire storage, summer set: 45.00\nTire disposal fee: 4.00\nHST 13%: 13.55\n"
                             "Total: 152.55\n", 360),
}

folder = folder_fixture("papers", FILES, NOW)


def ask(agent, question: str):
    final = list(agent.run(question))[-1]
    return final, sorted(Path(s).name for s in final.sources)


def test_a_bill_is_a_file_that_says_so_not_a_letter_kept_with_the_bills(folder):
    final, _ = ask(planner_agent(folder[0], NOW), "how many eir bills have I got saved?")
    assert final.intent == "count" and "You have 2 files" in final.answer, final.answer
    assert "complaint" not in final.answer


def test_an_invoice_names_its_client_in_its_text(folder):
    final, _ = ask(planner_agent(folder[0], NOW), "how many invoices have I sent Brightwater?")
    assert "You have 3 files" in final.answer and "invoice (1).txt" in final.answer, final.answer
    assert "agreement" not in final.answer  # it names them, but is no invoice
    final, names = ask(planner_agent(folder[0], NOW), "which invoices did I send to Harbour & Finch?")
    assert final.intent == "list" and names == ["HF invoice Feb.txt"], final.answer


def test_a_manual_named_by_what_it_is_for(folder):
    final, names = ask(planner_agent(folder[0], NOW), "how big is the robot hoover manual?")
    assert final.intent == "metadata" and names == ["TidyBot X5 user manual.txt"], final.answer
    final, names = ask(planner_agent(folder[0], NOW), "what instruction manuals do I have?")
    assert final.intent == "list" and names == ["Kettle quick start.txt", "TidyBot X5 user manual.txt"], final.answer


def test_a_file_named_by_a_verb_of_its_name(folder):
    final, names = ask(planner_agent(folder[0], NOW), "what size is the file where I log my runs?")
    assert final.intent == "metadata" and names == ["running log.csv"], final.answer
    assert "bytes" in final.answer and " is in " not in final.answer, final.answer  # its "where" asks no place


def test_a_trip_folder_is_the_one_under_travel():
    files = [PathFile("Photos/Lisbon/IMG_0514.jpg"), PathFile("Travel/Lisbon May 2026/booking.pdf"),
             PathFile("Home/Utilities/SP bill.pdf"), PathFile("Home/Utilities/Singtel/Singtel bill.pdf")]
    assert find_folder("how many files are in the Lisbon trip folder?", files) == "Travel/Lisbon May 2026"
    assert find_folder("how many photos did I take in Lisbon", files) == "Photos/Lisbon"
    assert find_folder("how big is the Utilities folder, Singtel bills included?", files) == "Home/Utilities"


def test_a_span_of_days():
    now = datetime(2026, 11, 20).timestamp()
    for question, first, last in (("which files did I change between 1 and 7 September 2026?", (9, 1), (9, 7)),
                                  ("what did I change between November 10 and November 20, 2026?", (11, 10), (11, 20)),
                                  ("files from the 3rd of March to the 9th of April", (3, 3), (4, 9))):
        t = read_time(question, now)
        assert t is not None, question
        a, b = datetime.fromtimestamp(t.since), datetime.fromtimestamp(t.until)
        assert ((a.month, a.day), (b.month, b.day)) == (first, (last[0], last[1] + 1)), question


def test_the_latest_of_a_series_and_a_month_the_last_answer_already_said(folder):
    agent = planner_agent(folder[0], NOW)
    list(agent.run("what's the policy number on my car insurance?", session="a"))
    final, names = ask_in(agent, "and when does the latest renewal kick in?", "a")
    assert "12/04/2026" in final.answer and names == ["Insurance renewal 2026.txt"], final.answer
    list(agent.run("what's my day rate with Brightwater?", session="b"))
    final, _ = ask_in(agent, "and what's it going up to from July?", "b")
    assert "690" in final.answer, final.answer


def test_a_word_all_the_jobs_lines_say_asks_their_total(folder):
    final, names = ask(planner_agent(folder[0], NOW), "how much did I pay to get the winter tires put on?")
    assert "152.55" in final.answer and names == ["tyre invoice.txt"], final.answer


def ask_in(agent, question: str, session: str):
    final = list(agent.run(question, session=session))[-1]
    return final, sorted(Path(s).name for s in final.sources)


def test_the_same_question_of_another_month_term_or_year(folder):
    agent = planner_agent(folder[0], NOW)
    final, names = ask_in(agent, "what did the aircon servicing in March come to?", "c")
    assert "196.20" in final.answer and names == ["invoice (1).txt"], final.answer
    final, names = ask_in(agent, "and the one in September?", "c")
    assert "130.80" in final.answer and names == ["invoice (2).txt"], final.answer
    list(agent.run("how much did we pay for Ethan's maths class in Term 1?", session="d"))
    final, names = ask_in(agent, "and Term 2?", "d")
    assert "496" in final.answer and names == ["receipt_BrainyBees_T2.txt"], final.answer
    list(agent.run("how much was the MerLion premium in 2025?", session="e"))
    final, names = ask_in(agent, "and this year's?", "e")
    assert "1,356.48" in final.answer and names == ["MerLion renewal 2026.txt"], final.answer


def test_a_phrase_that_names_one_paper_asks_what_it_says(folder):
    final, names = ask(planner_agent(folder[0], NOW), "eir bill feb 26")
    assert final.intent == "content" and "71.20" in final.answer and names == ["eir_bill_feb2026.txt"], final.answer
    final, _ = ask(planner_agent(folder[0], NOW), "eir bills")
    assert final.intent == "list", final.answer


def test_no_answer_from_a_line_about_something_else(folder):
    for question in ("how much did we pay for the dishwasher when we bought it?",  # a to-do's other line
                     "what did the vet charge for the dog's shots?"):  # only "charge" is in the files
        final, names = ask(planner_agent(folder[0], NOW), question)
        assert final.answer.startswith("I found nothing") and names == [], (question, final.answer)
