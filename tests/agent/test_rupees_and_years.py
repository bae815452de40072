"""Papers from India and the way people count theirs. A sum is written "Rs. 5,00,000", "₹ 1,12,450.00" or "2,400/-",
grouped in lakhs, and "Rs." ends no sentence; "my 2026 payslips" are the payslips of 2026 whatever day they were
saved; "no. of" asks how many; "the monthly water bills" are the water bills, though they say no "monthly". A
table's long name may head several cells; a bill's history row of another month is not this month's figure, and a
car "due for its next service" is not its insurance's end. Over a real index, on fixtures written for these tests."""

from __future__ import annotations

import time
from datetime import datetime

from conftest import ask, folder_fixture, planner_agent

from manoled.agent.layout import logical_lines, sentences
from manoled.agent.shapes import TYPE_PATTERNS
from manoled.agent.units import is_value

NOW = time.time()
YEAR = datetime.fromtimestamp(NOW).year


def _age_in(year: int, month: int) -> float:
    """Days from now back to the middle of ``month`` of ``year``."""
    return (NOW - datetime(year, month, 15).timestamp()) / 86400.0


def _payslip(month: str, year: int, net: str) -> str:
    return (f"Kaveri Engineering Pvt. Ltd.\nRegd. Office: 4th Floor, Prabhat Road, Pune 411004 | CIN U45200PN2004\n"
            f"hr.payroll@kaveri.example.com: +91 20 6614 2200\nPayslip for the month of {month} {year}\n"
            "Employee: Priya Nair\nDesignation: Senior Design Engineer\nDepartment: Projects - Residential\n"
            "Location: Hinjewadi Phase 2 site\nDate of Joining: 14/06/2018\nPAN: AKTPN4821K\nUAN: 101845372916\n"
            "PF No. | MH/PUN/0048213/000/2143\nBank A/c: XXXXXXXX4471 (Axis Bank)\nDays in Month: 30\n"
            "Days Paid / LOP: 30 / 0\nEarnings | Amount (Rs.) | Deductions | Amount (Rs.)\n"
            "Basic | 48,000.00 | Provident Fund (PF) | 5,760.00\n"
            "House Rent Allowance (HRA) | 24,000.00 | Professional Tax | 200.00\n"
            "Special Allowance | 31,900.00 | Income Tax (TDS) | 12,180.00\n"
            f"Total Earnings (Gross): 1,03,900.00\nTotal Deductions: 18,140.00\nNET PAY (Rs.): {net}\n"
            "This is a computer-generated payslip and does not require a signature.\n")


FILES: dict[str, tuple[str, float]] = {
    # saved in the new year, but the path says it is of the year before
    f"Work/Payslips/{YEAR - 1}/Payslip_Dec_{YEAR - 1}.txt": (_payslip("December", YEAR - 1, "61,200.00"),
                                                           _age_in(YEAR, 1) if datetime.now().month > 1 else 20),
    f"Work/Payslips/Payslip_Feb_{YEAR}.txt": (_payslip("February", YEAR, "1,02,350.00"), 9),
    f"Work/Payslips/Payslip_Mar_{YEAR}.txt": (_payslip("March", YEAR, "1,04,870.00"), 8),
    "Home/Bills/Water_Bill_Jul.txt": ("Pune Municipal Corporation - Water Charges\nConsumer No: 44120987\n"
                                      "Amount payable: Rs. 640/-\nDue date: 28/07\n", 40),
    "Home/Bills/Water_Bill_Aug.txt": ("Pune Municipal Corporation - Water Charges\nConsumer No: 44120987\n"
                                      "Amount payable: Rs. 655/-\nDue date: 28/08\n", 30),
    "Money/budget.csv": ("Item,Monthly budget,Paid from\nGroceries,9000,Priya salary a/c\nWater,700,Priya salary a/c\n"
                         "Electricity,2500,joint a/c\nSIP,15000,Priya salary a/c\n", 5),
    "Insurance/Health policy.txt": (
        "Sahyog General Insurance - Health Policy Schedule\nPolicy Period: 01/04 to 31/03\n"
        "Plan | Family Floater | Sum Insured | Rs. 5,00,000 (floater)\nTotal Premium Paid: Rs. 18,240.00\n"
        "Premium receipt dated 08/03\nThird Party Administrator: Medisure TPA Services\n"
        "Insured: Priya Nair (self), Maya Nair (daughter)\n", 60),
    "Insurance/Car policy.txt": ("Motor Insurance - Private Car Package Policy\nVehicle: Hyundai i20\n"
                                 "Period of Insurance: 10/08 to 09/08 next year\nRoadside assistance: 24x7\n"
                                 "Premium: Rs. 11,420\n", 70),
    "Notes/alarm and locker codes.txt": ("Alarm panel: 4471\nLocker at the gym (PIN): 0926\n", 12),
    f"Home/Bills/Electricity_Bill_Oct_{YEAR - 1}.txt": (
        f"Electricity Bill - Residential\nBill Month: OCT-{YEAR - 1}\nMeter Reading Details\n"
        "Reading Date | Prev. Reading Date Current Reading Previous Reading | M.F. | Units Consumed | Status\n"
        "04/10 | 04/09 | 19101 | 18814 | 1 | 287 | Normal\nConsumption History\n"
        f"Bill Month: SEP-{YEAR - 1}, Units: 298, Bill Amount (Rs.): 3,609.00\n"
        f"Bill Month: AUG-{YEAR - 1}, Units: 312, Bill Amount (Rs.): 3,862.00\n"
        f"Bill Month: OCT-{YEAR - 2}, Units: 249, Bill Amount (Rs.): 2,934.00\n", 50),
}

folder = folder_fixture("rupees_and_years", FILES, NOW)


def test_a_sum_in_lakhs_is_a_sum():
    for text in ("Sum Insured | Rs. 5,00,000 (floater)", "NET PAY (Rs.): 1,02,350.00", "Amount payable: 2,400/-",
                 "₹ 1,12,450.00", "Balance: INR 84,000", "Closing value 4,15,844"):
        assert TYPE_PATTERNS["amount"].search(text), text
    assert not TYPE_PATTERNS["amount"].search("Consumer No: 44120987")


def test_rupees_end_no_sentence():
    assert sentences("Sum Insured: Rs. 5,00,000 (floater). Renews yearly.") == [
        "Sum Insured: Rs. 5,00,000 (floater).", "Renews yearly."]


def test_a_currency_parted_from_its_sum_by_a_wrap():
    assert logical_lines("Pay by due date: Rs.\n3,458\nIf paid late: Rs.\n3,501 (incl. charges)\n", is_value) == [
        "Pay by due date: Rs. 3,458", "If paid late: Rs. 3,501 (incl. charges)"]


def test_a_long_name_heads_several_cells():
    lines = logical_lines("Reading Date | Prev. Reading Date Current Reading Previous Reading | M.F. | Units Consumed | "
                          "Status\n04/10 | 04/09 | 19101 | 18814 | 1 | 287 | Normal\n", is_value)
    assert any("Units Consumed: 287" in ln and "M.F.: 1" in ln for ln in lines), lines


def test_the_sum_insured_in_lakhs(folder):
    final, names = ask(planner_agent(folder[0], NOW), "What's the sum insured on our health policy?")
    assert "5,00,000" in final.answer and names == ["Health policy.txt"], final.answer


def test_payslips_of_a_year_said_bare(folder):
    final, names = ask(planner_agent(folder[0], NOW), f"How many of Priya's {YEAR} payslips have we got?")
    assert final.intent == "count" and names == [f"Payslip_Feb_{YEAR}.txt", f"Payslip_Mar_{YEAR}.txt"], final.answer


def test_no_of_asks_how_many(folder):
    final, names = ask(planner_agent(folder[0], NOW), "no. of payslips saved?")
    assert final.intent == "count" and "3" in final.answer and len(names) == 3, final.answer


def test_how_often_a_paper_comes_filters_none(folder):
    final, names = ask(planner_agent(folder[0], NOW), "How many monthly water bills do we have?")
    assert final.intent == "count" and names == ["Water_Bill_Aug.txt", "Water_Bill_Jul.txt"], final.answer


def test_a_note_named_by_what_it_says_last_updated(folder):
    final, names = ask(planner_agent(folder[0], NOW), "When was the note with the alarm code and the locker PIN last updated?")
    assert final.intent == "metadata" and names == ["alarm and locker codes.txt"], final.answer


def test_the_size_of_someones_payslip_of_a_month(folder):
    final, names = ask(planner_agent(folder[0], NOW), "What's the file size of Priya's March payslip?")
    assert final.intent == "metadata" and names == [f"Payslip_Mar_{YEAR}.txt"], final.answer


def test_the_net_salary_is_the_net_pay(folder):
    final, names = ask(planner_agent(folder[0], NOW), "priya net salary march")
    assert "1,04,870" in final.answer and names == [f"Payslip_Mar_{YEAR}.txt"], final.answer


def test_this_bills_units_not_a_history_rows(folder):
    final, _ = ask(planner_agent(folder[0], NOW), f"How many units did we use on the October {YEAR - 1} electricity bill?")
    assert "287" in final.answer, final.answer


def test_a_service_due_is_no_insurance_period(folder):
    final, _ = ask(planner_agent(folder[0], NOW), "When is the car due for its next service?")
    assert final.answer.startswith("I found nothing about") and final.sources == [], final.answer


def test_the_year_a_follow_up_asks_instead(folder):
    agent = planner_agent(folder[0], NOW)
    ask(agent, f"list my {YEAR} payslips", session="years")
    final, names = ask(agent, f"now the {YEAR - 1} ones", session="years")
    assert names == [f"Payslip_Dec_{YEAR - 1}.txt"], final.answer
