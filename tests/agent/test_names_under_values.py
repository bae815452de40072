"""An Australian household's and a Romanian one's papers: a header's names printed under their values (as a PDF may
give them), net pay under an employer's super heading, a council that calls itself "City of …", a "motor" policy
asked as the car's, the one CSV "how big is the … CSV" names, the Bills folder "for the unit", a value of someone's
asked since a month, the principal still owed, a bill's total kWh over its day and night rates, and a policy whose
number is labelled only "Nr."."""

from __future__ import annotations

from datetime import datetime

from conftest import answers, folder_fixture, planner_agent

from manoled.agent.gloss import rephrase
from manoled.agent.layout import logical_lines
from manoled.agent.tongues import in_english
from manoled.agent.units import is_value

NOW = datetime(2026, 12, 4, 12).timestamp()

FILES = {
    "Kowalski Electrical/Invoices 2026/INV-0146 Nguyen.txt": (
        "Kowalski | TAX INVOICE\nELECTRICAL\nDan Kowalski, Electrician | INV-0146 | 12/08/2026 | 11/09/2026\n"
        "8 Ord St, Fremantle WA 6160\nInvoice No. | Invoice Date | Due Date\nBILL TO | JOB\n"
        "Linh Nguyen | Coogee switchboard upgrade\nDescription | Qty | Rate | Amount\n"
        "Switchboard upgrade, progress claim 1 | 1 | 1,800.00 | 1,800.00\nTOTAL (incl. GST) | $1,980.00\n", 100),
    "Jess - WA Health/Payslips 2026/Payslip_2026-04-02.txt": (
        "WA Health - Fiona Stanley Hospital\nPAYSLIP\nEmployee name | Pay date\nJessica KOWALSKI | 02/04/2026\n"
        "EARNINGS\nOrdinary hours | 76.00 | $3,650.40\nGROSS PAY | $4,121.97\nDEDUCTIONS\n"
        "PAYG Withholding Tax | $1,199.00\nTOTAL DEDUCTIONS | $1,237.10\n"
        "EMPLOYER SUPERANNUATION CONTRIBUTIONS\nGESB Super (12%) | $438.05\nNET PAY | $3,617.06\n", 240),
    "Home - 14 Ord St/City of Fremantle rates notice 2026-27.txt": (
        "CITY OF FREMANTLE\nRATES AND CHARGES NOTICE 2026/27\nGeneral rate (GRV) | $1,402.11\n"
        "Waste service charge | $417.00\nEmergency Services Levy | $342.00\nTOTAL RATES AND CHARGES: $2,161.11\n", 120),
    "Money/budget_2026.csv": (
        "Category,Type,Monthly budget,Aug 26,Oct 26\nCouncil rates,Fixed,180.09,540.28,560.14\n"
        "Groceries,Variable,900.00,912.40,877.15\n", 40),
    "Money/Transactions_51284471_20261014.csv": (
        "Date,Description,Debit,Credit,Balance\n01/10/2026,SYNERGY,407.31,,5120.40\n", 50),
    "Money/Bank statements/Bankwest stmt Aug 2026.txt": (
        "Bankwest\nEasy Transaction Account\nBSB: 306-112 Account number: 5128 4471\nClosing balance $5,527.71\n", 90),
    "HiLux/RAC motor insurance schedule 2026.txt": (
        "RAC Insurance\nComprehensive Motor Insurance - Policy Schedule\nPolicy number: MPA418735592\n"
        "Vehicle: 2019 Toyota HiLux SR5\nAnnual premium: $1,318.40\n", 200),
    "Home - 14 Ord St/Bills/Synergy_May2026.txt": (
        "Synergy\nYour electricity bill\nUnit 14, 36 Ord Street\nPeriod: 04/03/2026 to 01/05/2026\n"
        "Peak usage | 702 kWh\nOff-peak usage | 344 kWh\nTotal: 1,046 kWh\nAmount due $407.31\n", 210),
    "Home - 14 Ord St/Bills/Water Corp Jul 2026.txt": ("Water Corporation\nAmount due $212.65\n", 140),
    "Family/Mia - daycare/Little Gumnuts enrolment 2026.txt": (
        "Little Gumnuts Early Learning\nEnrolment confirmation for Mia Kowalski\n"
        "Monthly tuition: $2,310.00 (reviewed each year, effective 1 September)\n", 300),
    "Family/Mia - daycare/Little Gumnuts statement Sept 2026.txt": (
        "Little Gumnuts Early Learning\nStatement of account - September 2026\nAmount due: $1,136.00\n"
        "Due date: 05/09/2026\n", 80),
    "Home - 14 Ord St/Mortgage/Bankwest home loan statement June 2026.txt": (
        "Bankwest Home Loan\nStatement period: 01/06/2026 - 30/06/2026\nOutstanding Principal: $412,388.19\n"
        "This month | Year to date\nPrincipal | $609.05 | $3,621.87\nInterest | $2,031.22 | $12,224.10\n", 150),
    "Masina_Duster/Polita_RCA_Groupama_2026-2027.txt": (
        "Groupama Asigurări S.A.\nPOLIȚĂ DE ASIGURARE OBLIGATORIE DE RĂSPUNDERE CIVILĂ AUTO (RCA)\n"
        "Seria: RO/33/Y33/HG, Nr.: 0089127654, Data emiterii: 17.04.2026\n"
        "Marca / model: DACIA DUSTER 1.5 Blue dCi, Nr. înmatriculare: B 147 RMI\n", 230),
}

folder = folder_fixture("names_under_values", FILES, NOW)


def test_names_under_their_values_are_a_row():
    text = FILES["Kowalski Electrical/Invoices 2026/INV-0146 Nguyen.txt"][0]
    assert "Invoice No.: INV-0146, Invoice Date: 12/08/2026, Due Date: 11/09/2026" in logical_lines(text, is_value)


def test_how_people_and_papers_say_it():
    assert "microchip" in rephrase("the number on the little implant under our kelpie's skin", lambda w: True)
    assert in_english("când e scadenta facturii enel").startswith("when ")
    assert in_english("telefon veterinar bruno") == "phone veterinar bruno"


def test_the_files_answer(folder):
    agent = planner_agent(folder[0], NOW)
    answers(agent, "When is payment due on Dan's invoice INV-0146?", "11/09/2026", "INV-0146 Nguyen.txt")
    answers(agent, "What was Jess's net pay on her payslip dated 2 April 2026?", "3,617.06", "Payslip_2026-04-02.txt",
            session="pay")
    answers(agent, "What are our total council rates and charges for 2026/27?", "2,161.11",
            "City of Fremantle rates notice 2026-27.txt", session="rates")
    answers(agent, "How many kWh did we use on the Synergy bill for March to May?", "1,046", "Synergy_May2026.txt",
            session="kwh")
    answers(agent, "How much principal do we still owe on the home loan?", "412,388.19",
            "Bankwest home loan statement June 2026.txt", session="loan")
    answers(agent, "What's Mia's monthly tuition at Little Gumnuts since September?", "2,310.00",
            "Little Gumnuts enrolment 2026.txt", session="mia")
    answers(agent, "What is the policy number of our RCA car insurance?", "0089127654",
            "Polita_RCA_Groupama_2026-2027.txt", session="rca")


def test_the_files_asked_about(folder):
    agent = planner_agent(folder[0], NOW)
    final = list(agent.run("How big is the RAC car insurance schedule?", session="a"))[-1]
    assert final.answer.startswith("RAC motor insurance schedule 2026.txt is"), final.answer
    final = list(agent.run("How big is the bank transactions export CSV?", session="b"))[-1]
    assert final.answer.startswith("Transactions_51284471_20261014.csv is"), final.answer
    final = list(agent.run("How big is the Bills folder for the unit, all up?", session="c"))[-1]
    assert final.answer.startswith("The 2 files in Home - 14 Ord St/Bills use"), final.answer
