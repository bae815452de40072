"""Short questions in the papers' own tongue, where a phrase opens with its head: "liquido nomina feb?" asks the
net pay of February's payslip (líquido is net), not for the payslip files; "fianza piso?" asks the flat's deposit,
whose kind (an amount) the English word says. A short form of the table is read whole ("piso" is a flat). Over a
real index, on fixtures written for these tests."""

from __future__ import annotations

import time

from conftest import ask, folder_fixture, planner_agent

from manoled.agent import gloss
from manoled.agent.attribute import asked_words
from manoled.agent.kinds import typed_by

NOW = time.time()


def payslip(month: str, net: str) -> str:
    return (f"Recibo de salarios – {month} 2026\nEmpresa: Talleres Iberia S.L.\nTrabajador: Lucía Romero\n"
            f"Total devengado: 2.940,00 €\nTotal a deducir: 522,40 €\nLÍQUIDO TOTAL A PERCIBIR (A - B): {net}\n")


FILES: dict[str, tuple[str, float]] = {
    "Trabajo/Nominas/nomina_ene_2026.txt": (payslip("enero", "2.417,60 €"), 300),
    "Trabajo/Nominas/nomina_feb_2026.txt": (payslip("febrero", "2.503,15 €"), 270),
    "Casa/contrato alquiler.txt": ("Contrato de arrendamiento de vivienda\nRenta mensual: 1.050,00 €\n"
                                   "Fianza: 1.050,00 €, equivalente a una mensualidad de renta.\n", 400),
}

folder = folder_fixture("head_first_tongues", FILES, NOW)


def test_the_kind_asked_in_the_papers_words():
    assert gloss.in_english("liquido nomina feb?") == "net payslip feb?"
    assert typed_by("liquido nomina feb?")[0] == "amount"
    assert typed_by("nomina feb?")[0] is None  # the payslip itself: no value of a kind
    # asked in English, a paper's term is its name: "référence" is no booking reference (a code)
    assert typed_by("What's the revenu fiscal de référence on my last tax notice?")[0] is None
    assert gloss.heads("piso") == ("apartment", "flat")
    assert asked_words("fianza piso?") == []  # the deposit, said first: no attribute "piso"


def test_the_net_pay_of_a_months_payslip_not_its_file(folder):
    final, names = ask(planner_agent(folder[0], NOW), "liquido nomina feb?")
    assert final.intent == "content" and "2.503,15" in final.answer, final.answer
    assert names == ["nomina_feb_2026.txt"]
