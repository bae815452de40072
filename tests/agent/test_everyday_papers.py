"""Everyday questions about papers nobody here wrote, over a real index: what people say for a breakdown ("when
did the boiler pack in") and a fill-up, a log kept for the one car it never names, the day a bill must be paid
by, a year's bill asked of another year, and the words of Spanish papers (líquido, a devolver, prima, luz)."""

from __future__ import annotations

import time

from conftest import ask, folder_fixture, planner_agent

from manoled.agent import gloss
from manoled.agent.facts import DEADLINE_UNIT
from manoled.agent.kinds import typed_by
from manoled.agent.months import other_month
from manoled.agent.retrieve import contains
from manoled.agent.shapes import TYPE_PATTERNS

NOW = time.time()

FILES: dict[str, tuple[str, float]] = {
    "Home/letter to Sean re boiler.txt": (
        "Flat 2, 14 Harcourt Terrace\n19/01/2026\n\nSean Doyle\n3 Grove Park\n\nRe: Boiler not working\n\nDear Sean,\n"
        "The gas boiler in the flat stopped working on the evening of Friday 16/01/2026. It shows fault code F28.\n"
        "Could you please send someone out? I'd appreciate a reply by Wednesday 21/01/2026.\n", 300),
    "Car/test cert.txt": (
        "National car test certificate\nMake / Model: SKODA FABIA\nTest date: 18/06/2025\n"
        "Certificate expiry date: 17/06/2027\nOdometer reading: 112,480 km\n", 500),
    "Car/fuel log.csv": (
        "Date,Station,Litres,Total (EUR)\n09/01/2026,Circle K Rathmines,44.10,75.81\n"
        "14/10/2026,Applegreen Milltown,43.18,72.50\n02/11/2026,Circle K Rathmines,41.62,70.30\n", 20),
    "Kids/trip letter - Riverside farm.txt": (
        "Primary 4 trip to Riverside Farm\nOur class will visit Riverside Farm on Thursday 21 January 2027.\n"
        "Cost per pupil (coach and entry): 18.50\n"
        "Please pay online by Friday 4 December 2026 so we can book the coach.\n", 40),
    "Bills/council tax 2026-27.txt": (
        "Council tax bill 2026/27\nBand D\nTOTAL AMOUNT PAYABLE FOR 2026/27: 2,359.02\n"
        "First instalment of 235.92 on 01/04/2026\n", 90),
}
folder = folder_fixture("everyday_papers", FILES, NOW)

SPANISH: dict[str, tuple[str, float]] = {
    "Facturas/factura_luz_feb26.txt": (
        "FACTURA DE ELECTRICIDAD\nPeriodo de facturación: 01/02/2026 - 28/02/2026\nEnergía: 35,75 €\n"
        "TOTAL A PAGAR: 64,60 €\nSe cargará en su cuenta el 10 de marzo de 2026.\n"
        "Su próxima factura se emitirá aproximadamente el 03/04/2026.\n", 200),
    "Trabajo/nomina_feb_2026.txt": (
        "NÓMINA febrero 2026\nSalario base: 2.750,00\nA. TOTAL DEVENGADO: 3.416,67\nB. TOTAL A DEDUCIR: 854,17\n"
        "LÍQUIDO TOTAL A PERCIBIR (A - B): 2.562,50 €\n", 250),
    "Finanzas/Renta 2024 resumen.txt": (
        "Renta 2024 – resumen\nDeclaración del IRPF, ejercicio 2024\nRESULTADO: A DEVOLVER 612,37 €\n"
        "Retenciones e ingresos a cuenta del trabajo: 7.454,92 €\n", 400),
    "Coche/seguro coche 2026.txt": (
        "Renovación de su póliza de automóvil\nPrima neta: 412,48 €\nPRIMA TOTAL ANUAL: 450,43 €\n"
        "Franquicia: 300,00 €\n", 150),
}
spanish = folder_fixture("everyday_papers_es", SPANISH, NOW)


def test_how_people_ask_for_a_day_or_a_breakdown():
    assert typed_by("riverside trip pay by?") == ("date", True)
    assert typed_by("What is the deadline for paying for the farm trip?") == ("date", True)
    assert typed_by("what did it cost") == ("amount", True)  # unchanged
    assert DEADLINE_UNIT.search("Please pay online by Friday 4 December 2026")
    assert TYPE_PATTERNS["duration"].search("con una antelación mínima de treinta (30) días")
    keep = lambda w: True  # noqa: E731
    assert "broke" in gloss.rephrase("when did the boiler pack in", keep)
    assert "fuel" in gloss.rephrase("when did I last fill up the car", keep)
    assert "net" in gloss.rephrase("what was my take-home pay in October", keep)


def test_the_words_of_spanish_papers():
    assert contains("LÍQUIDO TOTAL A PERCIBIR", "net") and contains("RESULTADO: A DEVOLVER", "refund")
    assert contains("PRIMA TOTAL ANUAL", "premium") and contains("FACTURA DE LUZ", "electricity")
    assert contains("una antelación mínima", "notice") and contains("6 huevos", "eggs")


def test_a_bill_of_one_year_answers_no_question_of_another():
    paper = "TOTAL AMOUNT PAYABLE FOR 2026/27: 2,359.02"
    assert other_month("What was the total council tax bill for 2025-26?", paper, "council tax 2026-27.txt")
    assert not other_month("What was the total council tax bill for 2026-27?", paper, "council tax 2026-27.txt")
    # a bill named for February is February's, though it is charged in March
    assert not other_month("what's the February electricity bill", "Se cargará el 10 de marzo de 2026",
                           "factura_luz_feb26.pdf")


def test_when_the_boiler_packed_in_is_the_day_it_stopped_working(folder):
    agent = planner_agent(folder[0], NOW)
    for question in ("When did the boiler pack in?", "when did the boiler break down"):
        final, names = ask(agent, question)
        assert "16/01/2026" in final.answer and names == ["letter to Sean re boiler.txt"], final.answer


def test_the_last_fill_up_is_the_logs_newest_row_though_it_never_names_the_car(folder):
    final, names = ask(planner_agent(folder[0], NOW), "When did I last fill up the Skoda?")
    assert "02/11/2026" in final.answer and names == ["fuel log.csv"], final.answer


def test_a_trip_paid_by_a_day_is_that_day(folder):
    final, names = ask(planner_agent(folder[0], NOW), "riverside farm trip pay by?")
    assert "4 December 2026" in final.answer and names == ["trip letter - Riverside farm.txt"], final.answer


def test_last_years_council_tax_is_not_this_years_bill(folder):
    final, names = ask(planner_agent(folder[0], NOW), "What was the total council tax bill for 2025-26?")
    assert final.answer.startswith("I found nothing") and names == [], final.answer


def test_english_questions_find_the_lines_of_spanish_papers(spanish):
    agent = planner_agent(spanish[0], NOW)
    for question, value, name in (
            ("What is the total amount to pay on the February 2026 electricity bill?", "64,60",
             "factura_luz_feb26.txt"),
            ("What is the net pay on my February 2026 payslip?", "2.562,50", "nomina_feb_2026.txt"),
            ("How much was the refund on my 2024 income tax return?", "612,37", "Renta 2024 resumen.txt"),
            ("What is the total annual premium on the car insurance renewal?", "450,43", "seguro coche 2026.txt")):
        final, names = ask(agent, question)
        assert value in final.answer and names == [name], (question, final.answer)
