"""Households whose papers are in Greek letters, or list several things in one file's name, or hold what an employer
pays beside what is taken from the pay: a name typed in Latin letters for one written in Greek ("Naxos": Νάξος), a
meter's units asked bare, a sum written out in words (no name), an occasion others hold ("Kunle and Amaka's wedding"),
the employee's share of a pension, "how much of X went to Y", the day a return was filed, a booking code labelled
"Booking Reference" for a question that says "confirmation code", a supplier's "SALES INVOICE" kept with the
receipts, a month glued to its year's last digits ("holerite_set26.pdf"), and the one photo of a month."""

from __future__ import annotations

from datetime import datetime

from conftest import PathFile, answers, declines, folder_fixture, planner_agent, shared_embedder

from manoled.agent.contrast import Contrasts
from manoled.agent.kinds import new_value, typed_by
from manoled.agent.months import name_dates
from manoled.agent.named import occasion_held
from manoled.agent.names import path_matches
from manoled.agent.slots import read_slots
from manoled.agent.wording import fold

NOW = datetime(2026, 12, 4, 12).timestamp()

FILES = {
    "House/IKEDC Light/IKEDC token 03-02-2026.txt": (
        "Ikeja Electric\nPrepaid Token Purchase Receipt\nTOKEN\n4821 0937 5566 1208 3374\n"
        "Tariff Class | Business Unit | Transaction Date\nA1 – Band A (20hrs+) | Ikeja BU | 03/02/2026 18:42\n"
        "Amount Paid | VAT (7.5%) | Cost of Energy\n₦50,000.00 | ₦3,488.37 | ₦46,511.63\n"
        "Tariff Rate | Units Purchased | Debt Recovered\n₦209.50/kWh | 222.01 kWh | ₦0.00\n", 30),
    "House/Rent/Primeview agency, legal & caution receipt.txt": (
        "PRIMEVIEW REALTY LTD\nOFFICIAL RECEIPT\nReceipt No. | Date | Received from\n"
        "PVR/2026/0113 | 28th January 2026 | Mr & Mrs Oluwaseun Adebayo\nParticulars | Amount\n"
        "Agency commission (10%) | ₦240,000.00\nLegal / agreement fee (10%) | ₦240,000.00\n"
        "Caution deposit (refundable) | ₦250,000.00\nTOTAL RECEIVED | ₦730,000.00\n", 300),
    "Travel/Abuja Wedding Mar2026/e-ticket Abuja Mar 2026.txt": (
        "SkyBridge Airlines\nELECTRONIC TICKET – ITINERARY RECEIPT\nBooking Reference (PNR) | Date of Issue | Issued by\n"
        "QX7LMP | 06/03/2026 | flyskybridge.ng (web)\nName | Ticket Number\nMR OLUWASEUN ADEBAYO | 553-2100478812\n"
        "Flight | Date | From | Departs\nSB 312 | 12/03/2026 | Lagos (LOS) | 07:15\n", 270),
    "Travel/Abuja Wedding Mar2026/abuja trip notes.txt": (
        "ABUJA TRIP – KUNLE & AMAKA'S WEDDING\n12/03/2026 - 15/03/2026\n"
        "Thu 12th March 2026 – flew out of MMA2 7:15, landed ABV on time.\nSat 14th – White wedding at 10am.\n", 260),
    "Seun - Crestline Work/Payslips/Payslip_Apr2026_SBO.txt": (
        "CRESTLINE BANK PLC\nPAYSLIP FOR THE MONTH OF APRIL 2026\nEmployee Name | Staff ID\n"
        "ADEBAYO, Oluwaseun Michael | CBP/04417\nEARNINGS\nDescription | Amount (₦)\nBasic Salary | 350,000.00\n"
        "GROSS PAY | 677,500.00\nDEDUCTIONS\nDescription | Amount (₦)\nPAYE Tax (LIRS) | 86,855.00\n"
        "Pension - Employee 8% (RSA) | 49,000.00\nTOTAL DEDUCTIONS | 135,855.00\nNET PAY\n₦541,645.00\n"
        "Employer contributions (not deducted from pay)\nEmployer Pension 10% | ₦61,250.00\n", 230),
    "Kat/BIR/2551Q_Q2_2026.txt": (
        "BIR Form No. 2551Q | Quarterly Percentage Tax Return\n2 Quarter | 2nd\n"
        "7 Taxpayer's Name | VILLANUEVA, KATRINA MERCADO\n14 Total Tax Due | 4,058.64\n"
        "Quarter covered: April - June 2026\nFILING ACKNOWLEDGMENT (eBIRForms)\nDate Filed: | 07/20/2026\n"
        "Reference No.: | 041-2026-07-20-0009-90217\n", 130),
    "Travel/Cebu Oct 2026/CebuPac_eticket_MNL-CEB.txt": (
        "cebu pacific | BOOKING CONFIRMED\nItinerary Receipt\nBooking Reference | Booking Date | Status\n"
        "QH7R2K | 28 Jul 2026 | Confirmed\nFlight | Date | Departure\n5J 557 | Wed, 14 Oct 2026 | Manila (MNL) 06:25\n",
        120),
    "Travel/Cebu Oct 2026/Hotel_CasaMactan_Confirmation.txt": (
        "Casa Mactan Beach Resort\nRESERVATION CONFIRMATION\nWe are pleased to confirm your reservation as follows:\n"
        "Confirmation No.: CMB-884213\nArrival: Wednesday, 14 October 2026\nDeparture: Sunday, 18 October 2026\n", 110),
    "Σπίτι/Μισθωτήριο/Μισθωτήριο_Υμηττού_112.txt": (
        "ΙΔΙΩΤΙΚΟ ΣΥΜΦΩΝΗΤΙΚΟ ΜΙΣΘΩΣΗΣ\nΕκμισθωτής: Κωνσταντίνος Βλάχος, κινητό 694 412 7788\n"
        "Μίσθιο: διαμέρισμα, οδός Υμηττού 112, Παγκράτι\nΜίσθωμα: 780,00 € τον μήνα\n", 280),
}

folder = folder_fixture("households_scripts", FILES, NOW)


def test_greek_and_cyrillic_in_latin_letters():
    assert [fold(w) for w in ("νάξος", "γιώργος", "υμηττού", "βλάχος", "μπουζούκι", "вишневая", "đơn")] == [
        "naxos", "giorgos", "ymittou", "vlachos", "bouzouki", "vishnevaya", "don"]
    assert fold("schlüsseldienst") == "schluesseldienst" and fold("café") == "cafe"


def test_a_sum_with_its_sign_after_it_and_words_of_papers_in_greek_and_vietnamese():
    from manoled.agent.gloss import heads
    from manoled.agent.layout import logical_lines
    from manoled.agent.retrieve import contains
    from manoled.agent.shapes import TYPE_PATTERNS
    from manoled.agent.tongues import in_english
    from manoled.agent.units import is_value

    for said in ("1.560 €", "20 € per month", "1.685.000 ₫", "1,250,000đ", "58.315.200 VND"):
        assert TYPE_PATTERNS["amount"].search(said), said
    assert not TYPE_PATTERNS["amount"].search("page 2 of 3")
    assert contains("Κτηνιατρείο Παγκρατίου · Τηλ. 210 7012 345", "phone") and contains("HÓA ĐƠN DỊCH VỤ THÚ Y", "bill")
    assert contains("TỔNG THANH TOÁN | 1.685.000 ₫", "total") and heads("κτηνιατρος") == ("vet",)
    assert in_english("xoai vet bill bao nhieu") == "xoai vet bill how much"
    assert in_english("enfia 2026 ποσο") == "enfia 2026 how much"
    # a head of names in two tongues over a booking's code and its day
    assert logical_lines("Mã đặt chỗ / Booking reference | Ngày xuất vé / Date of issue\nK7QX2M | 02SEP26\n",
                         is_value) == ["Mã đặt chỗ / Booking reference: K7QX2M, Ngày xuất vé / Date of issue: 02SEP26"]


def test_how_a_question_asks_a_quantity_a_name_and_in_another_tongue():
    assert typed_by("units from feb light token") == ("number", True)  # a meter's units, not the date of February
    assert typed_by("When we recharged the meter in February with ₦50,000, how much power did the money buy?") == (
        "number", True)  # the case told first has a sum's thousands; power bought is a quantity
    assert typed_by("how much water for the poolish?")[0] == "amount"  # a recipe's water is no meter's
    assert typed_by("quanto deu o veterinario do paçoca")[0] == "amount"  # "quanto" asks how much
    assert not new_value("number", "Transaction Date: 03/02/2026", {"unit", "token"})  # a date's digits count nothing
    assert new_value("number", "Units Purchased: 222.01 kWh", {"unit", "token"})
    assert not new_value("person", "The annual rent is ₦2,400,000.00 (Two Million, Four Hundred Thousand Naira only)",
                         {"who", "owns"})  # a sum in words is no name


def test_the_papers_side_and_the_occasion_asked():
    asked = Contrasts("How much of his pay went to his pension?")
    assert asked.other("Employer Pension 10%: ₦61,250.00")
    assert asked.other("NSITF 1%: ₦6,775.00", "Employer contributions (not deducted from pay) | NSITF 1%: ₦6,775.00")
    assert not asked.other("Pension - Employee 8% (RSA): 49,000.00")
    assert not Contrasts("What does his employer put into his pension?").other("Employer Pension 10%: ₦61,250.00")
    assert occasion_held("the tickets for Kunle and Amaka's wedding trip") == ({"wedding"}, {"kunle", "amaka"})
    assert occasion_held("Callum's school trip") == (frozenset(), frozenset())


def test_names_months_and_words_of_files():
    assert name_dates("holerite_set26.pdf") == [(2026, 9)] and name_dates("bill_jan26.pdf") == [(2026, 1)]
    assert name_dates("INV12 March.pdf") == [(0, 3)]  # no year glued to a month
    files = [PathFile(p, id=i) for i, p in enumerate(("Rafael_MEI/DAS/DAS-MEI_PA_07-2026.pdf", "Casa/mei.txt"))]
    assert [f.relpath for f in path_matches("das-mei", files)] == ["Rafael_MEI/DAS/DAS-MEI_PA_07-2026.pdf"]
    slots = read_slots("How many client invoices has Funmi issued this year?", now=NOW)
    assert slots.topics == ["invoice", "funmi"], slots.topics  # how invoices go is no topic


def test_plans_for_files_named_in_other_letters_and_by_month():
    from manoled.agent.planner import Planner

    planner = Planner(shared_embedder().embed, now=lambda: NOW)
    files = [PathFile(p, id=i, mtime_ns=int(datetime(2026, m, d).timestamp() * 1e9)) for i, (p, m, d) in enumerate((
        ("Νάξος_Ιούλιος_2026/BlueStar_eTicket.pdf", 7, 1), ("Νάξος_Ιούλιος_2026/naxos_plans.md", 7, 2),
        ("Casa/Paçoca/pacoca_cuidados.md", 11, 2), ("Casa/Paçoca/vet_GatosCia_14-03-2026.pdf", 3, 14),
        ("Pessoal/Fotos/IMG_20260322_184512.jpg", 3, 22), ("Pessoal/Fotos/IMG_20260606_201133.jpg", 6, 6),
        ("Trabalho/Holerites/Holerite agosto 2026.pdf", 9, 5), ("Trabalho/Holerites/holerite_set26.pdf", 10, 8),
        ("Rafael_MEI/DAS/DAS-MEI_PA_07-2026.pdf", 8, 1), ("Rafael_MEI/DAS/DAS-MEI_PA_08-2026.pdf", 9, 1),
        ("Casa/Contas/Vivo_Claro/vivo_fatura_set26.pdf", 9, 20), ("Casa/Contas/Vivo_Claro/claro_fatura_set26.pdf", 9, 21),
        ("Health/Mochi (vet)/VetBill_2026-09-12.pdf", 9, 12), ("Health/Mochi (vet)/IMG_20260912_163022.jpg", 9, 12)))]
    plan = planner.plan("Show me what's in the Naxos trip folder.", files)
    assert plan.intent == "tree" and plan.folder == "Νάξος_Ιούλιος_2026", (plan.intent, plan.folder)
    plan = planner.plan("How big is the photo of Paçoca from March?", files)
    assert plan.intent == "metadata" and plan.name.file.name == "IMG_20260322_184512.jpg", plan.reason
    plan = planner.plan("When was the September payslip saved?", files)
    assert plan.intent == "metadata" and plan.name.file.name == "holerite_set26.pdf", plan.reason
    assert planner.plan("Which DAS-MEI guides have been saved?", files).intent == "list"
    assert planner.plan("How many phone and internet bills (Vivo and Claro) are there?", files).intent == "count"
    plan = planner.plan("What did Mochi get at the vet in September?", files)
    assert plan.intent == "content", (plan.intent, plan.reason)  # what happened there, not the folder's files


def test_the_files_answer(folder):
    agent = planner_agent(folder[0], NOW)
    answers(agent, "units from feb light token", "222.01 kWh", "IKEDC token 03-02-2026.txt")
    answers(agent, "When we recharged the meter in February with ₦50,000, how much power did the money buy?",
            "222.01 kWh", "IKEDC token 03-02-2026.txt")
    answers(agent, "caution fee flat", "250,000.00", "Primeview agency, legal & caution receipt.txt")
    answers(agent, "What code would the airline ask for if we want to manage the tickets for Kunle and Amaka's "
                   "wedding trip?", "QX7LMP", "e-ticket Abuja Mar 2026.txt")
    answers(agent, "How much of Seun's April pay went to his pension?", "49,000.00", "Payslip_Apr2026_SBO.txt")
    answers(agent, "when did Kat file the 2551Q for the second quarter?", "07/20/2026", "2551Q_Q2_2026.txt")
    answers(agent, "What's the confirmation code for the plane tickets for our October beach vacation?", "QH7R2K",
            "CebuPac_eticket_MNL-CEB.txt")
    answers(agent, "What is Vlachos's mobile number?", "694 412 7788", "Μισθωτήριο_Υμηττού_112.txt")
    declines(agent, "What is Papadakis's mobile number?", session="other")  # a name no paper writes, in any letters
