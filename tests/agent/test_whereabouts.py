"""Where files are kept, and what papers write their own way. "Where did I put the car insurance schedules?" and
"which folder are the pay slips in?" ask for a folder, not a line; "where is my passport stored?" with no passport
says so, with no file. A list item ("- union fees (from payslips)") is no title that makes a note a payslip; a
letterhead set out as a row ("RIVERBEND VETERINARY CLINIC | TAX INVOICE") says what the paper is, in full words
for the short one asked ("the vet invoice"). A column that names its unit ("distance_km") gives a walk's length;
a bill's period written in numbers that read one way ("01/07/2026 - 30/09/2026") is its months; a phrase that
ends on a value's word ("car ins excess this yr?") asks that value, "bond no." asks a number, a number a line
wrap cut is read whole, and what a health fund "paid back" is its benefit. A day asked ("on 11 July") that a log
does not have is not answered from its other days. Over a real index, on fixtures written
for these tests."""

from __future__ import annotations

import time

from conftest import ask, folder_fixture, planner_agent

from manoled.agent.entries import other_day
from manoled.agent.months import spanned_months

NOW = time.time()

FILES: dict[str, tuple[str, float]] = {
    "Car/Insurance/Harbour Mutual schedule 2025-26.txt": (
        "Harbour Mutual - motor insurance schedule\nVehicle: 2014 Subaru Forester\nPeriod of cover: 01/07/2025 to "
        "30/06/2026\nBasic excess (each claim): $750.00\nAnnual premium: $1,102.00\n", 400),
    "Car/Insurance/Harbour Mutual schedule 2026-27.txt": (
        "Harbour Mutual - motor insurance schedule\nVehicle: 2014 Subaru Forester\nPeriod of cover: 01/07/2026 to "
        "30/06/2027\nBasic excess (each claim): $900.00\nAnnual premium: $1,164.00\n", 20),
    "Money/Payslips/Payslip_2026-10-29.txt": ("Department of Education - payslip\nPay date 29/10/2026\n"
                                              "Net pay: $3,471.36\n", 30),
    "Money/Payslips/Payslip_2026-11-12.txt": ("Department of Education - payslip\nPay date 12/11/2026\n"
                                              "Net pay: $3,471.36\n", 15),
    "Money/tax notes.md": ("# Tax notes\n\n- union fees $834.60 (from payslips)\n- lab coat $142.80\n"
                           "- refund $1,482.35 received 29/08\n", 60),
    "Pets/Riverbend invoice 09-09-2026.txt": (
        "RIVERBEND VETERINARY CLINIC | TAX INVOICE\n350 Main Road, Kingston\nPatient: Biscuit (canine)\n"
        "Consultation | $92.00\nMeloxicam oral suspension | $54.50\nTotal (incl. GST): $146.50\n", 80),
    "Bills/Netlink invoice Nov 2026.txt": ("TAX INVOICE\nNetlink Broadband\nInvoice no. 99120\n"
                                          "NBN 100 plan, November | $89.00\nTotal due: $89.00\n", 5),
    "Money/Bookkeeping/Invoice MK-0147 Joinery.txt": ("TAX INVOICE\nInvoice number MK-0147\nBookkeeping, October | "
                                                      "$660.00\nTotal: $660.00\n", 25),
    "Bills/Kinsale Energy bill Jul 2026.txt": (
        "Kinsale Energy | Account 4401 882 917\nTax invoice\nIssue date 05/07/2026\n"
        "Your electricity charges - billing period 01/04/2026 - 30/06/2026 (91 days)\nTotal new charges: $431.10\n", 140),
    "Bills/Kinsale Energy bill Oct 2026.txt": (
        "Kinsale Energy | Account 4401 882 917\nTax invoice\nIssue date 04/10/2026\n"
        "Your electricity charges - billing period 01/07/2026 - 30/09/2026 (92 days)\nTotal new charges: $512.40\n", 50),
    "Outdoors/walk_log.csv": ("date,walk,area,distance_km,ascent_m,time_hrs,who\n"
                              "12/04/2026,Cape Pillar,Tasman NP,9.6,500,4.0,Dan; Meg\n"
                              "01/03/2026,Hartz Peak,Hartz Mountains NP,8.0,430,3.5,Dan; Isla\n", 90),
    "Market/sales_log_2026.csv": ("date,country loaves,rye loaves,focaccia,total\n02/05/2026,21,9,8,609.00\n09/05/2026,30,11,10,"
                                  "712.50\n16/05/2026,27,11,7,655.00\n04/07/2026,25,8,9,640.00\n18/07/2026,28,12,6,690.00\n", 120),
    "House/bond lodgement.txt": (
        "From: Rental Deposit Authority\nSubject: Bond lodgement confirmation - bond number 2026-0417739\n\n"
        "The Rental Deposit Authority has received a bond for the following tenancy.\n\n"
        "  Bond number:      2026-0417739\n  Premises:         4 Ferry Lane, Sandy Bay\n"
        "  Bond amount:      $2,260.00\n  Date lodged:      08/04/2026\n", 200),
    "House/tenancy agreement.txt": (
        "Residential tenancy agreement - 4 Ferry Lane, Sandy Bay\n"
        "Agent: Cove Property Management Pty Ltd, 88 Macquarie Street, Hobart TAS 7000.\n"
        "Telephone 03 6223 9180. Email rentals@cove.example. Property manager: Tahlia Brooks, mobile 0418 556\n"
        "203.\nSecurity deposit (bond): four weeks' rent.\n", 210),
    "Health/dental receipt Aug 2026.txt": (
        "Sandy Bay Dental Studio - invoice / receipt\nPatient: Isla\nTotal fees: $385.00\n"
        "Health fund: Island Health Fund, member no. 88213470   -   Benefit paid (HICAPS): $212.40\n"
        "Gap paid by EFTPOS: $172.60\n", 100),
}

folder = folder_fixture("whereabouts", FILES, NOW)


def test_where_files_are_kept_is_their_folder(folder):
    final, names = ask(planner_agent(folder[0], NOW), "Where did I put the car insurance schedules?")
    assert final.answer.startswith("In Car/Insurance:"), final.answer
    assert sorted(names) == ["Harbour Mutual schedule 2025-26.txt", "Harbour Mutual schedule 2026-27.txt"], names


def test_two_words_that_file_names_write_as_one(folder):
    final, names = ask(planner_agent(folder[0], NOW), "Which folder are Dan's pay slips in?")
    assert final.answer.startswith("In Money/Payslips:"), final.answer
    assert sorted(names) == ["Payslip_2026-10-29.txt", "Payslip_2026-11-12.txt"], names


def test_where_something_no_file_has_is_kept(folder):
    final, names = ask(planner_agent(folder[0], NOW), "where is my passport stored?")
    assert "found no files about passport" in final.answer and names == [], final.answer


def test_a_list_item_is_no_title(folder):
    final, names = ask(planner_agent(folder[0], NOW), "How many payslips have we saved?")
    assert "2" in final.answer and "tax notes.md" not in names, final.answer


def test_a_letterhead_row_says_what_the_paper_is(folder):
    final, names = ask(planner_agent(folder[0], NOW), "What's the file size of the vet invoice?")
    assert names == ["Riverbend invoice 09-09-2026.txt"], final.answer


def test_a_column_that_names_its_unit(folder):
    final, names = ask(planner_agent(folder[0], NOW), "How long was the Cape Pillar walk?")
    assert "9.6" in final.answer and names == ["walk_log.csv"], final.answer


def test_a_period_in_numbers_that_read_one_way():
    assert spanned_months("billing period 01/07/2026 - 30/09/2026 (92 days)") == {7, 8, 9}
    assert spanned_months("12/30/2026 - 01/02/2027") == {12, 1}
    assert spanned_months("from 3/4/2026 to 5/4/2026") == set()  # both read both ways: no months


def test_a_bill_asked_by_the_months_its_period_covers(folder):
    final, names = ask(planner_agent(folder[0], NOW),
                       "How much was the Kinsale electricity bill for the July to September quarter?")
    assert "512.40" in final.answer and names == ["Kinsale Energy bill Oct 2026.txt"], final.answer


def test_a_phrase_that_ends_on_a_value(folder):
    final, names = ask(planner_agent(folder[0], NOW), "car ins excess this yr?")
    assert final.intent == "content" and "excess" in final.answer.lower(), final.answer


def test_a_number_written_no_dot(folder):
    final, names = ask(planner_agent(folder[0], NOW), "bond no. ferry lane")
    assert "2026-0417739" in final.answer and names == ["bond lodgement.txt"], final.answer


def test_a_number_cut_by_a_wrap_is_read_whole(folder):
    final, _ = ask(planner_agent(folder[0], NOW), "Who's our property manager at the agency?")
    assert "0418 556 203" in final.answer, final.answer


def test_what_the_fund_paid_back_is_its_benefit(folder):
    agent = planner_agent(folder[0], NOW)
    ask(agent, "How much were Isla's dental fees in August?", session="fund")
    final, names = ask(agent, "how much did the health fund pay back?", session="fund")
    assert "212.40" in final.answer and names == ["dental receipt Aug 2026.txt"], final.answer


def test_a_day_the_log_does_not_have(folder):
    agent = planner_agent(folder[0], NOW)
    final, names = ask(agent, "How many rye loaves did we sell at the market on 11 July?")
    assert names == [] and "found nothing" in final.answer, final.answer
    final, names = ask(agent, "How many rye loaves did we sell at the market on 9 May?")
    assert "11" in final.answer and names == ["sales_log_2026.csv"], final.answer


def test_a_day_asked_is_found_in_another_tongue():
    asked = "What time does our train leave on 3 April?"
    assert not other_day(asked, "IDA · Viernes, 3 de abril de 2026 · Salida 08:30")
    assert not other_day(asked, "Abfahrt am 3. April 2026, 08:30")
    assert other_day(asked, "départ le 4 avril 2026 à 08:30")
    assert other_day(asked, "Fecha: 20 feb 2026 · IDA 03/05/2026")


def test_the_price_of_a_thing_someone_had(folder):
    final, names = ask(planner_agent(folder[0], NOW), "How much did Isla's filling cost at the dentist?")
    assert names == [] and "found nothing" in final.answer, final.answer
