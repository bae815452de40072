"""A membership's fee while it is paused is not its fee: "what does the gym cost a month" is the monthly fee's row,
not "Congelación de cuota: … 9,90 € por mes congelado", unless a pause is asked. A fee said in the paper's tongue
("cuota") asks a sum, and a month asked may be written "mensual"."""

from __future__ import annotations

from datetime import datetime

from conftest import answers, folder_fixture, planner_agent, ranked

from manoled.agent.kinds import typed_by

NOW = datetime(2026, 11, 20, 12).timestamp()

CONTRACT = ("FITLAB CENTRO\nCONTRATO DE ADHESIÓN DE SOCIO/A\n"
            "1. Las cuotas se cobrarán por meses anticipados el día 1 de cada mes.\n"
            "2. Congelación de cuota: máximo dos (2) meses por año natural, con un coste de 7,50 € por mes congelado.\n"
            "Dato | Valor\nCuota mensual | 39,90 € (IVA incluido)\nMatrícula | 15,00 €\n")


def in_contract(said: str) -> list:
    return ranked(CONTRACT, "Gym/contrato gimnasio.txt", said)


def test_the_monthly_fee_is_not_the_fee_while_paused():
    facts = in_contract("how much does working out cost me every month, once the first month is out of the way?")
    assert facts and "39,90" in facts[0].text, [f.text for f in facts[:3]]


def test_a_pause_asked_is_the_paused_fee():
    facts = in_contract("how much does it cost to freeze my gym membership for a month?")
    assert facts and "7,50" in facts[0].text, [f.text for f in facts[:3]]


def test_a_fee_in_the_papers_tongue_asks_a_sum():
    assert typed_by("cuota gym al mes?")[0] == "amount"


folder = folder_fixture("paused_fee", {
    "Salud/Gimnasio/contrato gimnasio.txt": (CONTRACT, 20),
    "Casa/contrato alquiler.txt": ("CONTRATO DE ARRENDAMIENTO DE VIVIENDA\nRenta mensual: 1.150,00 €\n"
                                   "Fianza legal: 1.150,00 €\nDuración: un año desde el 1 de marzo de 2026.\n", 200),
    "Facturas/factura luz oct.txt": ("Factura de electricidad - octubre 2026\nTotal a pagar: 61,37 €\n"
                                     "Fecha de cargo: 10/11/2026\n", 15),
    "Notas/todo.txt": ("[ ] renovar DNI\n[ ] llamar al fontanero\n[x] pagar la comunidad\n", 2),
    "Recetas/tortilla.md": ("# Tortilla de patatas\n- 6 huevos\n- 4 patatas\n- 1 cebolla\n", 90),
}, NOW)


def test_a_bare_question_in_the_papers_tongue(folder):
    answers(planner_agent(folder[0], NOW), "cuota gym al mes?", "39,90", "contrato gimnasio.txt")
