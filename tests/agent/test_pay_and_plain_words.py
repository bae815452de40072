"""Pay and the plain words people ask about it with. A payslip's head says the month, the name and the salary as a
long budget's rows do; the net pay comes after, and the payslip is read whole though the budget ranked first. A
question asked in English finds a Spanish payslip's *líquido* by what people say for net pay ("after everything was
taken off"), and a Spanish vet's bill by "yearly jabs" (*revisión anual*, *vacuna*). How a question asks ("end up
paying", "once the first month is out of the way", "how far ahead") is not what it is about. A babysitter is found by
the babysitting, a Czech policy's year by its "roční", and of a question of two words the paper that says both, though
papers that say one rank above it. Over a real index, on fixtures written for these tests."""

from __future__ import annotations

import time

from conftest import answers, ask, folder_fixture, planner_agent

from manoled.agent import gloss
from manoled.agent.direct import compose
from manoled.agent.plan import Plan
from manoled.agent.registry import ToolOutput, ToolResult
from manoled.agent.slots import Slots, read_time
from manoled.agent.terms import topic_terms

NOW = time.time()

_CATEGORIES = ("Groceries", "Maid & driver", "Petrol", "Electricity (MSEDCL)", "Piped gas", "School fees",
               "Eating out", "Medicines", "Phone & internet", "Society maintenance")


def _budget() -> str:
    rows = ["Month,Category,Budget,Actual,Paid from,Notes"]
    for month in range(1, 13):
        for i, cat in enumerate(_CATEGORIES):
            rows.append(f"2026-{month:02d},{cat},{1000 + 350 * i},{980 + 340 * i + month},"
                        f"{'Anjali salary a/c' if i % 2 else 'Joint a/c'},")
    return "\n".join(rows) + "\n"


_PAYSLIP = (
    "VASTUSHILP CONSTRUCTIONS PVT. LTD.\n"
    "Regd. Office: 4th Floor, Ashok Plaza, Senapati Bapat Road, Pune 411016\n"
    "hr.payroll@vastushilp.example.com | +91 20 6614 2200\n"
    "Payslip for the month of September 2026 | Credited on 30/09/2026\n"
    "Employee Name | Anjali Rohan Deshpande | Employee Code | VCPL-2143\n"
    "Designation | Senior Site Engineer (Civil) | Department | Projects - Residential\n"
    "Location | Hinjewadi Phase 2 site | Date of Joining | 14/06/2018\n"
    "PAN | AKTPD4821K | UAN | 101845372916\n"
    "PF No. | MH/PUN/0048213/000/2143 | Salary account | XXXXXXXX4471 (Axis Bank)\n"
    "Days in Month | 30 | Days Paid / LOP | 30 / 0\n"
    "Earnings | Amount (Rs.) | Deductions | Amount (Rs.)\n"
    "Basic | 62,500.00 | Provident Fund (PF) | 7,500.00\n"
    "House Rent Allowance (HRA) | 31,250.00 | Professional Tax | 200.00\n"
    "Special Allowance | 38,900.00 | Income Tax (TDS) | 16,180.00\n"
    "Site Allowance | 6,500.00\n"
    "Leave balance | CL 4.0 | SL 6.0 | EL 18.5 | Comp-off 1.0\n"
    "Attendance | Present 22 | Weekly off 8 | Holidays 0 | Site visits 9\n"
    "Reimbursements | Conveyance 0.00 | Mobile 0.00 | Site travel claims pending approval 2\n"
    "Loans & advances | Festival advance 0.00 | Outstanding 0.00\n"
    "Year to date | Gross 12,52,350.00 | PF 67,500.00 | PT 1,800.00 | TDS 1,45,620.00\n"
    "Tax regime opted | New regime (Sec 115BAC) | Declared investments | 0.00\n"
    "Employer contribution to PF for the month | 7,500.00 | Gratuity provision | 3,005.00\n"
    "Total Earnings (Gross) | 1,39,150.00 | Total Deductions | 23,880.00\n"
    "NET PAY (Rs.) | 1,15,270.00\n"
    "Net Pay in words | Rupees One Lakh Fifteen Thousand Two Hundred Seventy Only\n"
    "This is a computer-generated payslip and does not require a signature.\n")

FILES: dict[str, tuple[str, float]] = {
    "Work/Payslips/VCPL-2143 payslip.txt": (_PAYSLIP, 60),
    "Money/household_budget_2026.csv": (_budget(), 5),
    "Notes/todo.md": ("# To do\n- [ ] renew car insurance\n- [ ] book the Goa train\n- [ ] call the plumber\n", 3),
    "Notes/contacts.md": ("# Contacts\n\n## Babysitting\n- Klára Benešová — +420 736 218 904 (Tue + Thu)\n\n"
                          "## Flat\n- Landlord Ing. Jaroslav Kučera — +420 777 120 554\n", 20),
    "Auto/povinne_ruceni_2026.txt": (
        "POJISTNÁ SMLOUVA – pojištění odpovědnosti z provozu vozidla (povinné ručení)\n"
        "Číslo pojistné smlouvy: 8801234567\nVozidlo: Škoda Octavia Combi, RZ 7AL 3921\n"
        "Pojistná doba: neurčitá, pojistné období 1 rok\n"
        "Povinné ručení – základ: 8 790,00 Kč\nBonus B10 (-50 %): -4 395,00 Kč\n"
        "Roční pojistné: 4 872 Kč, splatné vždy k 1. 2. příslušného roku\n", 90),
}

SPANISH: dict[str, tuple[str, float]] = {
    "Trabajo/Nominas/nomina_feb_2026.txt": (
        "RECIBO INDIVIDUAL JUSTIFICATIVO DEL PAGO DE SALARIOS\n"
        "Empresa: TESTWISE IBERIA, S.L. · CIF B-12345678\n"
        "Trabajador: Lucía Ferrer Marín · Categoría: QA Engineer\n"
        "Periodo: del 01/02/2026 al 28/02/2026\n"
        "Salario base: 2.750,00\nPlus convenio: 210,00\n"
        "A. TOTAL DEVENGADO: 2.960,00\n"
        "Contingencias comunes 4,70 %: 139,12\nDesempleo 1,55 %: 45,88\nIRPF 7,30 %: 212,50\n"
        "B. TOTAL A DEDUCIR: 397,50\n"
        "LÍQUIDO TOTAL A PERCIBIR (A - B): 2.562,50 €\n"
        "Se abonará en la cuenta ES21 1465 0100 72 2030876293.\nMadrid, 27 de febrero de 2026\n", 270),
    "Perro/recibo (1).txt": (
        "CLÍNICA VETERINARIA LAVAPIÉS\nCalle de Argumosa 23, 28012 Madrid · Tel. 91 528 40 17\nFACTURA\n"
        "Nº factura: FV-2026/0417 · Fecha: 21/01/2026\n"
        "Paciente: LUNA · Especie: Canina · Raza: Mestiza (podenco)\n"
        "Concepto | Cant. | Precio | Importe\n"
        "Consulta general y revisión anual | 1 | 30,00 | 30,00\n"
        "Vacuna antirrábica (Rabisin) | 1 | 25,00 | 25,00\n"
        "Vacuna polivalente DHPPi+L4 | 1 | 38,00 | 38,00\n"
        "Desparasitación interna | 1 | 8,50 | 8,50\n"
        "Base imponible | 101,50 €\nIVA (21%) | 21,32 €\nTOTAL | 122,82 €\n"
        "Próxima vacunación antirrábica y polivalente: enero 2027.\n", 300),
    "Perro/paseos_y_vet.csv": (
        "date,type,who,minutes,cost_eur,notes\n"
        "2026-01-06,walk,Dani,60,12.00,\n2026-01-13,walk,Dani,60,12.00,\n"
        "2026-01-21,vet,Lucía,,122.82,check-up + rabies + polivalente\n"
        "2026-01-27,walk,Dani,45,9.00,\n2026-02-03,walk,Dani,60,12.00,\n", 250),
    "Coche/seguro coche 2026.txt": (
        "Póliza de seguro de automóvil · SEAT Ibiza 1.0 TSI · matrícula 4821 LKM\n"
        "Prima anual: 412,80 €\nFranquicia daños propios: 300,00 €\n", 200),
}

_HYDRO = ("Toronto Hydro\nToronto Hydro-Electric System Limited\nBilling period: {m} 2026\n"
          "Electricity | {e}\nDelivery | 42.86\nRegulatory | 4.65\nOntario Electricity Rebate | -12.40\n"
          "Amount due | {t}\nOverpayments are refunded on request.\n")
REFUNDS: dict[str, tuple[str, float]] = {
    **{f"Home/Bills/Hydro/TorontoHydro_2026-{i:02d}.txt": (_HYDRO.format(m=m, e=50 + i, t=98 + i), 330 - 30 * i)
       for i, m in enumerate(("January", "February", "March", "April", "May", "June", "July", "August",
                              "September", "October"), start=1)},
    "Cottage/Muskoka booking confirmation.txt": (
        "Muskoka Pines Cottages\nCheck-in | Saturday, July 18, 2026 from 4:00 p.m.\n"
        "Cancellation: full refund up to 30 days before arrival.\nTotal | 2,940.00\n", 150),
    "Kids/Piano/Piano registration form.txt": (
        "Danforth Music Studio - Student Registration 2025-2026\nLessons: 34 x $38.00: $1,292.00\n"
        "Registration fee: $40.00\nTotal for the year: $1,332.00\n"
        "Refund policy: lessons missed by the student are not refunded.\n", 400),
    "Notes 2026.txt": (
        "Notes 2026\n----------\nJan 6 - called Enbridge about the 2025 equal billing: refund of the overpayment "
        "comes as a credit, no refund cheque. Refund or credit, either way.\nMar 22 - winter tires off after Easter.\n",
        20),
    "Health/Dentist/Sun Life claim statement.txt": (
        "Sun Life\nExplanation of Benefits\nPlan member | Priya Sharma\nDate of service | March 5, 2026\n"
        "Service | Submitted ($) | Eligible ($) | Covered | Paid ($)\n"
        "Porcelain/ceramic crown, tooth #36 | 1,150.00 | 1,095.00 | 50% | 547.50\n"
        "Periapical X-ray, single | 45.00 | 45.00 | 80% | 36.00\n"
        "Total | 1,195.00 | 1,140.00 | 583.50\n"
        "Amount paid to you | $583.50 by direct deposit on March 20, 2026\nYour responsibility | $611.50\n", 250),
    "Money/Taxes/2025 return summary.txt": (
        "2025 tax return - Priya (filed with Wealthsimple Tax)\nFiled March 2, 2026; notice of assessment March 20.\n"
        "Total income: 84,220.00\nRefund: 1,312.48 (direct deposit to RBC, arrived April 8, 2026)\n"
        "RRSP deduction limit for 2026: 6,218.00\n", 230),
}

folder = folder_fixture("pay_and_plain_words", FILES, NOW)
refunds = folder_fixture("pay_and_plain_words_refunds", REFUNDS, NOW)
spanish = folder_fixture("pay_and_plain_words_es", SPANISH, NOW)


def test_how_a_question_asks_is_not_what_it_is_about():
    assert "paying" not in topic_terms("how much did we end up paying when the dog had her yearly jabs?")
    assert topic_terms("how much does the gym cost me every month, once the first month is out of the way?") == \
        ["gym", "month"]
    keep_all = lambda word: True  # noqa: E731
    assert gloss.rephrase("how much does working out cost me every month?", keep_all) == \
        "how much does gym cost me every month?"
    assert gloss.rephrase("how far ahead do we have to tell the landlord?", keep_all) == \
        "how much notice do we have to tell the landlord?"  # a phrase that asks still asks, of the paper's word


def test_a_short_document_that_says_as_much_as_a_long_one_is_read_whole(folder):
    # the budget's rows and the payslip's head both say September, Anjali and salary; the net pay is further down
    answers(planner_agent(folder[0], NOW), "sept net salary anjali", "1,15,270.00", "VCPL-2143 payslip.txt")


def test_net_pay_asked_in_english_of_a_spanish_payslip(spanish):
    # no paper says "net": the phrase is read as the word because the payslip says it in Spanish (líquido)
    answers(planner_agent(spanish[0], NOW),
             "after everything was taken off, how much from work actually hit my account for February?", "2.562,50",
             "nomina_feb_2026.txt")


def test_yearly_jabs_are_the_vets_annual_vaccinations(spanish):
    answers(planner_agent(spanish[0], NOW), "how much did we end up paying when the dog had her yearly jabs?",
             "122,82", "recibo (1).txt")


def test_the_words_papers_say_them_with():
    assert "póliza" in gloss.forms("policy") and "číslo" in gloss.forms("number")
    assert "anual" in gloss.forms("yearly")  # a "yearly" check-up is the vet's "revisión anual"


def test_one_who_does_a_deed_is_found_by_the_deed(folder):
    answers(planner_agent(folder[0], NOW), "what's the babysitter's number?", "736 218 904", "contacts.md")


def test_a_year_in_the_papers_tongue(folder):
    # the Czech policy says "roční" and "rok", not "year": without them it says only the name asked about
    answers(planner_agent(folder[0], NOW), "how much is povinne ruceni a year", "4 872", "povinne_ruceni_2026.txt")


def test_of_two_words_the_passage_that_says_both_is_read(refunds):
    # the bills and the booking say "refund" and rank first; the summary says the year too
    answers(planner_agent(refunds[0], NOW), "2025 refund amt", "1,312.48", "2025 return summary.txt")


def test_files_from_a_year_are_of_that_year(refunds):
    # every file here is of 2025 or later: "from 2019" is 2019, not since (which listed them all)
    final, sources = ask(planner_agent(refunds[0], NOW), "show me the files from 2019")
    assert sources == [] and final.answer.startswith("I found nothing"), final.answer
    assert read_time("files from 2019 onwards", NOW).until is None


def test_no_files_of_a_time_alone_is_said_as_a_refusal():
    # "I found no files this year" reads as a count; "no matching files" says nothing was found
    slots = Slots(time=read_time("what did I add this year", NOW))
    found = ToolResult("list_files", {}, ToolOutput("No files.", data={"files": [], "answer": "No files."}))
    answer, cited = compose(Plan("list", 0.9, slots), "what did I add this year?", [found])
    assert answer.startswith("I found no matching files") and cited == [], answer


def test_out_of_pocket_is_what_the_insurer_leaves_to_the_member(refunds):
    agent = planner_agent(refunds[0], NOW)
    ask(agent, "How much did Sun Life pay on my dental claim from March?", session="eob")
    answers(agent, "so what was left for us to pay ourselves?", "611.50", "Sun Life claim statement.txt", "eob")
    answers(agent, "what did the crown cost me out of pocket after Sun Life paid?", "611.50",
             "Sun Life claim statement.txt")
