"""What a question gives is not what it asks. "The policy number for our Fielder KDC 318T" gives the plate: the
line "Vehicle registration: KDC 318T" holds no code the question lacks, the policy line does. "The repayment period
of the loan" asks how long it runs ("30 months"), not a sum repaid. And the wifi kept for guests answers only a
question about guests. Over a real index, on a fixture written for these tests."""

from __future__ import annotations

from datetime import datetime

from conftest import answers, folder_fixture, planner_agent

from manoled.agent.kinds import typed_by

NOW = datetime(2026, 11, 20, 12).timestamp()

FILES: dict[str, tuple[str, float]] = {
    "Car/Insurance_Certificate_KDC318T_2026.txt": (
        "MLIMA GENERAL INSURANCE CO. LTD\nCERTIFICATE OF INSURANCE - Motor Private\nCertificate No: C 30417795\n"
        "Policy No: MGI/MP/0401/2026/08813\nPolicyholder: OTIENO ODHIAMBO\nVehicle registration: KDC 318T\n"
        "Make / Model: TOYOTA FIELDER (NKE165G hybrid) - Station Wagon, Silver\n"
        "Period of cover: From 14/03/2026 to 13/03/2027\n", 250),
    "Car/Premium_Debit_Note_KDC318T_2026.txt": (
        "BIMA BORA INSURANCE AGENCY - DEBIT NOTE\nInsurance: Motor Private Comprehensive\n"
        "Motor insurance for: Toyota Fielder KDC 318T\nBasic premium: KES 46,000.00\nTraining levy: 92.00\nTotal: KES 46,092.00\n", 251),
    "Car/service KDC 318T.txt": ("Toyota Fielder KDC 318T service at 84,200 km: oil, filters. Paid KES 9,850.\n", 90),
    "Money/SACCO_Loan_Statement_Sep2026.txt": (
        "MWANGAZA HEALTH SACCO - LOAN STATEMENT as at 30/09/2026\nMember: WANJIRU KAMAU\nPrincipal: KES 250,000.00\n"
        "Interest rate: 1% p.m. reducing balance\nRepayment period: 30 months\nMonthly instalment: KES 9,687.00\n"
        "Total repaid to date: 58,122.00\n", 60),
    "Work/Payslip_2026-10.txt": ("Payslip October 2026 - Wanjiru Kamau\nBasic salary: 150,000.00\n"
                                 "Mwangaza SACCO loan repayment: 9,687.00\nNet pay: 117,587.03\n", 30),
    "Notes/wifi_and_codes.txt": (
        "WIFI / CODES\n\nHome wifi (Safaricom Home Fibre)\n  network: KamauOdhiambo_5G\n  password: Lenana#B4tujenge2026\n\n"
        "Guest wifi: KO_Guest  password: karibuni2026\n\nGate keypad: 4417#\n", 20),
}

folder = folder_fixture("given_and_asked", FILES, NOW)


def test_a_span_by_its_name_asks_how_long():
    assert typed_by("What is the repayment period of the SACCO loan?") == ("duration", True)
    assert typed_by("what is the notice period on our lease?") == ("duration", True)
    assert typed_by("How much is the monthly repayment on the loan?")[0] == "amount"


def test_the_code_the_question_gives_is_no_answer(folder):
    answers(planner_agent(folder[0], NOW), "What is the policy number on the insurance for our Toyota Fielder KDC 318T?",
            "MGI/MP/0401/2026/08813", "Insurance_Certificate_KDC318T_2026.txt")


def test_the_repayment_period_is_months(folder):
    answers(planner_agent(folder[0], NOW), "What is the repayment period of Wanjiru's Mwangaza SACCO loan?",
            "30 months", "SACCO_Loan_Statement_Sep2026.txt")


def test_the_guest_wifi_only_for_guests(folder):
    agent = planner_agent(folder[0], NOW)
    answers(agent, "wifi password?", "Lenana#B4tujenge2026", "wifi_and_codes.txt")
    answers(agent, "what's the guest wifi password?", "karibuni2026", "wifi_and_codes.txt")
