"""Households in Lagos, Manila and São Paulo, and what their papers do that others' did not: names in any letters and
in capitals ("MÁRCIA HELENA PRADO, brasileira", "CHIEF (MRS) ADUNNI BANKOLE … (hereinafter called "THE LANDLORD")"),
every currency's sign and code (₦, ₱, NGN, PHP), forms that stack names over values ("Weight | Temperature | Attending
Vet", "Card No." over its number), a letter's dateline, a discount's day beside the day payment is due, "the last
month of the lease" (no month before this one), what is owed on a bill, a Markdown row's empty cell, the cost of
"that service" in the log's row just answered, a number to ring, "kWh" asked bare, and the
words Tagalog asks with."""

from __future__ import annotations

from datetime import datetime

from conftest import PathFile, answers, ask, declines, folder_fixture, planner_agent, shared_embedder

from manoled.agent.contrast import places_said
from manoled.agent.kinds import new_value, says_shape, typed_by
from manoled.agent.layout import logical_lines
from manoled.agent.months import series_words
from manoled.agent.shapes import TYPE_PATTERNS
from manoled.agent.tongues import in_english
from manoled.agent.units import _parts, is_value, sectioned

NOW = datetime(2026, 12, 4, 12).timestamp()

FILES = {
    "Escola/circular_estudo_do_meio_Paraty.txt": (
        "COLÉGIO MONTE AZUL\nCIRCULAR Nº 47/2026 - FUNDAMENTAL II\nSão Paulo, 01/09/2026\n"
        "Assunto: Estudo do Meio - Paraty (RJ) - 8º anos\nSenhores pais e responsáveis,\n"
        "Como parte do projeto interdisciplinar de História, os alunos dos 8º anos realizarão Estudo do Meio na\n"
        "cidade de Paraty (RJ), de 21/10/2026\n(quarta-feira) a 23/10/2026 (sexta-feira).\n"
        "Valor por aluno: R$ 1.460,00\n", 240),
    "House/Tenancy Agreement - Flat 4 Olowu St.txt": (
        "TENANCY AGREEMENT\nTHIS TENANCY AGREEMENT is made this 27th day of January, 2026\nBETWEEN\n"
        "CHIEF (MRS) ADUNNI BANKOLE of No. 5 Bankole Close, Magodo GRA Phase II, Lagos State\n"
        "(hereinafter called \"THE LANDLORD\", which expression shall include her heirs) of the one part;\nAND\n"
        "MR OLUWASEUN ADEBAYO, presently of 9 Alhaji Masha Road, Surulere, Lagos (hereinafter called \"THE TENANT\").\n"
        "1. The Landlord is the owner of the three (3) bedroom flat known as Flat 4, 22 Olowu Street, Ikeja, Lagos State.\n"
        "2. The annual rent is ₦2,400,000.00, payable yearly in advance.\n", 30),
    "School/First term fees invoice 2026-27.txt": (
        "GRACE COURT SCHOOLS\nSCHOOL FEES INVOICE – FIRST TERM 2026/2027 SESSION\n"
        "Pupil | Admission No. | Class\nADEBAYO, Toluwani | GCS/2021/087 | Primary 4\n"
        "Invoice Date | Payment Due | Parent\n10th August 2026 | 4th September 2026 | Mr & Mrs O. Adebayo\n"
        "Item | Amount (₦)\nTuition | 310,000.00\nTOTAL PAYABLE | 526,000.00\n"
        "• A 5% discount on tuition applies to fees paid in full on or before 28th August 2026.\n", 220),
    "Condo/Bills/Meralco/Meralco_Aug2026.txt": (
        "MERALCO | BILLING STATEMENT\nCustomer Account Number | Bill Date | Billing Period\n"
        "4417 0823 91 | Aug 11, 2026 | Jul 09, 2026 to Aug 10, 2026\nTotal Amount Due\n₱5,017.51\n"
        "METERING INFORMATION\nMeter No. | Previous Reading | Present Reading | Multiplier | Total kWh Consumed\n"
        "MX 22 014 8873 | 18,590 | 19,002 | 1 | 412 kWh\nConsumption history (kWh) - last 6 months\n"
        "Mar | Apr | May | Jun | Jul | Aug\n", 225),
    "Pets/Bingo/Vetcare invoice 16-05-2026.txt": (
        "VETCARE ANIMAL HOSPITAL\nINVOICE / TREATMENT SUMMARY\nPatient | Species / Breed | Sex / Age\n"
        "Bingo | Canine – Boerboel cross | Male, 3 years\nWeight | Temperature | Attending Vet\n"
        "38.5 kg | 40.3°C | Dr Ifeoma Ekpo, DVM\nDiagnosis\nCanine babesiosis (tick fever), confirmed by blood smear.\n"
        "Service / Drug | Qty | Amount\nConsultation | 1 | ₦7,500.00\nBlood smear + PCV | 1 | ₦6,000.00\n"
        "TOTAL | ₦57,800.00\n", 140),
    "Bills/MTN postpaid bill April 2026.txt": (
        "MTN NIGERIA\nPOSTPAID BILL – APRIL 2026\nMonthly plan fee | 15,000.00\nTOTAL AMOUNT DUE | ₦16,606.60\n", 120),
    "Viagem/reserva_Pousada_Mare_Mansa.txt": (
        "Pousada Maré Mansa\nRua Fonte do Boi, 52 - Rio Vermelho - Salvador/BA - CEP 41940-360\n"
        "Tel. (71) 3334-8821 · reservas@maremansa.com.br\nCONFIRMAÇÃO DE RESERVA Nº 20260311-084\n"
        "Check-in: 11/07/2026 · Check-out: 18/07/2026 · Noites: 7\n", 250),
    "Work/Payslip_Apr2026.txt": (
        "CRESTLINE BANK PLC\nPAYSLIP FOR THE MONTH OF APRIL 2026\nEARNINGS\nDescription | Amount (₦)\n"
        "Basic Salary | 350,000.00\nGROSS PAY | 677,500.00\nDEDUCTIONS\nDescription | Amount (₦)\n"
        "PAYE Tax (LIRS) | 86,855.00\nNational Housing Fund (NHF) 2.5% | 8,750.00\nNET PAY\n₦512,895.00\n", 115),
    "Condo/Bills/Maynilad/Maynilad_2026-09.txt": (
        "Maynilad | STATEMENT OF ACCOUNT / WATER BILL\nReading Period | Previous | Present | Consumption\n"
        "08/24/2026 - 09/23/2026 | 1345 | 1366 | 21 cu.m.\nCurrent Charges | Amount (PHP)\nBasic Charge | 636.20\n"
        "Sub-total | 808.20\nVAT (12%) | 96.98\nPrevious Balance | 0.00 | TOTAL AMOUNT DUE | ₱905.18\n"
        "Due Date | 10/08/2026\nPayments | 0.00\n", 200),
    "Condo/Lease_Contract_Unit1508.txt": (
        "CONTRACT OF LEASE\n2. RENTAL.\nThe monthly rental shall be TWENTY-EIGHT THOUSAND PESOS (₱28,000.00), payable\n"
        "in advance on or before the 5th day of each month.\n3. ADVANCE AND SECURITY DEPOSIT.\n"
        "Upon signing, the LESSEE shall pay ONE (1) MONTH ADVANCE rental of ₱28,000.00, to be applied to the\n"
        "last month of the lease, and a SECURITY DEPOSIT equivalent to TWO (2) MONTHS\n"
        "rental, or FIFTY-SIX THOUSAND PESOS (₱56,000.00). The security deposit shall be returned within thirty (30)\n"
        "days after the LESSEE vacates.\n",
        40),
    "House/Gen/generator servicing log.md": (
        "# Gen servicing log – Elepaq SV22000\n\n| Date | Hours meter | Work done | Cost (₦) | Notes |\n"
        "|---|---|---|---|---|\n| 10/01/2026 | 412 | Oil change, plug cleaned | 12,000 | |\n"
        "| 22/07/2026 | 901 | AVR burnt – rewinding + new AVR | 65,000 | see receipt |\n"
        "| 17/10/2026 | 1102 | Full service: oil, plug, air filter | 23,500 | next one mid-Nov |\n", 10),
    "Notes/contacts.txt": (
        "CONTACTS\nMrs. Lourdes Tan (landlord): 0918 553 2047 (Viber din)\nMeralco hotline: 16211\n"
        "Maynilad hotline: 1626\nKat (Katrina M. Villanueva): 0998 214 7765\n", 20),
    "Health/Maxicare_eCards.txt": (
        "Maxicare e-Cards - Villanueva family\nMAXICARE | PLATINUM\nMember Name\nVILLANUEVA, JEROME D.\nCard No.\n"
        "1180 4471 0918 0031\nMAXICARE | PLATINUM\nMember Name\nVILLANUEVA, SOFIA ISABEL M.\nCard No.\n"
        "1180 4471 0918 0033\n", 60),
}

folder = folder_fixture("households_far", FILES, NOW)


def test_a_name_in_any_letters_or_in_capitals_is_a_person():
    for unit in ("Landlord: Márcia Prado", "Owner: Łukasz Żak", "the landlord is Ömer Çelik.",
                 "MÁRCIA HELENA PRADO, brasileira, aposentada", "CHIEF (MRS) ADUNNI BANKOLE of No. 5 Bankole Close"):
        assert new_value("person", unit, {"landlord"}), unit
    for unit in ("CONTRATO DE LOCAÇÃO RESIDENCIAL", "IMOBILIÁRIA PAULISTA LAR LTDA, com sede"):
        assert not new_value("person", unit, {"landlord"}), unit


def test_every_currencys_sign_and_code():
    amounts = TYPE_PATTERNS["amount"]
    for said in ("TOTAL: NGN 385,500", "₦250,000.00", "PHP 12,345.67", "₱1,200", "KSh 4,500", "1,200 naira"):
        assert amounts.search(said), said
    assert not amounts.search("try 3 times")


def test_forms_that_stack_names_over_values():
    lines = logical_lines("| Date | Work done | Cost (₦) | Notes |\n|---|---|---|---|\n| 10/01/2026 | Oil change | 12,000 | |\n",
                          is_value)  # a Markdown row's empty cell keeps the others under their names
    assert lines[-1] == "Date: 10/01/2026, Work done: Oil change, Cost (₦): 12,000", lines
    lines = logical_lines("Card No.\n1180 4471 0918 0033\n", is_value)
    assert lines == ["Card No.: 1180 4471 0918 0033"], lines
    lines = logical_lines("Patient | Species / Breed | Sex / Age\nBingo | Canine | Male, 3 years\n"
                          "Weight | Temperature | Attending Vet\n38.5 kg | 40.3°C | Dr Ifeoma Ekpo\n", is_value)
    assert "Weight: 38.5 kg, Temperature: 40.3°C, Attending Vet: Dr Ifeoma Ekpo" in lines, lines
    lines = logical_lines("Policy Number | Certificate No. | Insured\nHGI/MTP/LA/26/0451873 | NIID-2602-7781490 | "
                          "Oluwaseun Adebayo\n", is_value)
    assert lines[0].startswith("Policy Number: HGI/MTP/LA/26/0451873, Certificate No.: NIID"), lines
    lines = logical_lines("Total de Vencimentos | Total de Descontos\n7.882,23 | 1.985,53\nValor Líquido ⇒ | R$ 5.896,70\n",
                          is_value)
    assert "Valor Líquido ⇒: R$ 5.896,70" in lines, lines  # a label's own line, no row of the two sums
    lines = logical_lines("os alunos dos 8º anos realizarão Estudo do Meio na cidade de Paraty (RJ), de 21/10/2026\n"
                          "(quarta-feira) a 23/10/2026 (sexta-feira).\n", is_value)
    assert len(lines) == 1, lines  # a remark in brackets goes on with the line a PDF wrapped


def test_a_labels_date_and_a_dates_day_are_no_list_items_nor_places():
    units = [u for u, *_ in sectioned("LOCADORA\nMÁRCIA HELENA PRADO, brasileira, aposentada, portadora do RG 14.883.201-6")]
    assert "MÁRCIA HELENA PRADO, brasileira" in units, units  # a party in capitals, a unit of its own
    assert says_shape("line", "Mechanic: Baba Sikiru – 0806 112 4539 (call)")  # "what's his line?"
    assert _parts("Invoice Date: 10th August 2026, Payment Due: 4th September 2026, Parent: Mr Adebayo") == [
        "Invoice Date: 10th August 2026", "Payment Due: 4th September 2026", "Parent: Mr Adebayo"]
    assert places_said("Payment Due: 4th September 2026") == set() and places_said("the second instalment") == {2}


def test_how_people_ask_a_number_a_name_and_in_tagalog():
    assert typed_by("How can I call the place in Rio Vermelho where we slept?") == ("code", True)
    assert typed_by("meralco aug kwh") == ("number", True)
    assert typed_by("What's the full name of the teacher in charge of our daughter's section?") == ("person", True)
    assert in_english("magkano vet ni mochi sept") == "how much vet mochi sept"
    from manoled.agent.totals import TOTAL_ASK  # what is owed on a bill is its due, not what is owed every month

    assert TOTAL_ASK.search("and how much do we owe on it?") and not TOTAL_ASK.search("how much do we still owe")
    assert not TOTAL_ASK.search("How much do we owe Gary and Denise every month to live here?")
    # a number of its own kind is the one its label names, in the paper's tongue too
    assert new_value("code", "Nº da Apólice: 0531.26.004417-8", {"what", "policy", "number", "car", "insurance"})
    assert not new_value("code", "Little Lights (accounting/registrar): (02) 8654-3310", {"bank", "account", "number"})
    # a file named for its month in another language is of the series of one whose name writes it short
    assert series_words("Holerite agosto 2026.pdf") == series_words("holerite_set26.pdf")


def test_the_files_answer(folder):
    agent = planner_agent(folder[0], NOW)
    answers(agent, "When is Bia's school trip to Paraty?", "23/10/2026", "circular_estudo_do_meio_Paraty.txt")
    answers(agent, "Who is our landlord?", "ADUNNI BANKOLE", "Tenancy Agreement - Flat 4 Olowu St.txt")
    answers(agent, "By what date must the first term school fees be paid?", "4th September 2026",
            "First term fees invoice 2026-27.txt")
    answers(agent, "How much electricity did the condo use from July 9 to August 10?", "412 kWh", "Meralco_Aug2026.txt")
    answers(agent, "meralco aug kwh", "412 kWh", "Meralco_Aug2026.txt")
    answers(agent, "How can I call the pousada in Rio Vermelho?", "3334-8821", "reserva_Pousada_Mare_Mansa.txt")
    answers(agent, "nhf deduction april salary", "8,750.00", "Payslip_Apr2026.txt")
    answers(agent, "What is Sofia's Maxicare card number?", "1180 4471 0918 0033", "Maxicare_eCards.txt")
    answers(agent, "What's the last day to settle the bill Grace Court sent us in August?", "4th September 2026",
            "First term fees invoice 2026-27.txt")
    answers(agent, "How much security deposit did we give for the condo?", "56,000.00", "Lease_Contract_Unit1508.txt")
    answers(agent, "What is our Meralco account number?", "4417 0823 91", "Meralco_Aug2026.txt")
    answers(agent, "What's Mrs. Tan's number?", "0918 553 2047", "contacts.txt")
    declines(agent, "What's Mrs. Tan's bank account number for the rent?")  # no phone, nor a hotline's 16211


def test_the_bill_of_the_visit_asked_before(folder):
    agent = planner_agent(folder[0], NOW)
    final, _ = ask(agent, "What was Bingo treated for at the vet in May?", session="vet")
    assert final.sources, final.answer
    answers(agent, "How much was the bill?", "57,800.00", "Vetcare invoice 16-05-2026.txt", session="vet")
    final, _ = ask(agent, "When was the generator last serviced?", session="gen")
    assert "17/10/2026" in final.answer, final.answer
    answers(agent, "How much did that service cost?", "23,500", "generator servicing log.md", session="gen")
    final, _ = ask(agent, "When is the Maynilad bill due?", session="water")
    assert "10/08/2026" in final.answer, final.answer
    answers(agent, "and how much do we owe on it?", "905.18", "Maynilad_2026-09.txt", session="water")


def test_a_folders_path_and_its_one_photo():
    from manoled.agent.planner import Planner

    planner = Planner(shared_embedder().embed, now=lambda: NOW)
    files = [PathFile(p, id=i) for i, p in enumerate((
        "Condo 1508/Bills/Meralco/Meralco_Aug2026.pdf", "Condo 1508/Bills/Maynilad/Maynilad_2026-08.pdf",
        "Condo 1508/Lease_Contract.pdf", "Health/Mochi (vet)/IMG_20260912_163022.jpg",
        "Health/Mochi (vet)/VetBill_2026-09-12.pdf", "Travel/Cebu/photos/IMG_20261003_101010.jpg"))]
    plan = planner.plan("What's inside Condo 1508/Bills?", files)
    assert plan.intent == "tree", (plan.intent, plan.reason)
    plan = planner.plan("How large is the photo of Mochi from the vet day?", files)
    assert plan.intent == "metadata" and plan.name.file.name == "IMG_20260912_163022.jpg", plan.reason
