"""A value a paper says twice, and a phrase that opens with the value asked. A car policy gives its excess for own
damage in its table of cover ("Franquicia: 300,00 €") and again in its small print: one item said twice, not a
job of several lines whose total answers (the premium's "PRIMA TOTAL ANUAL"). "Excess if I claim for damage to
my own car?" asks that value, though the words that follow it name the Car folder: the value's word heads the
phrase, first, with what qualifies it after. Over a real index, on fixtures written for these tests."""

from __future__ import annotations

import time

from conftest import ask, folder_fixture, planner_agent

from manoled.agent.totals import shared_by_sums, sums_of

NOW = time.time()

POLICY = ("Aseguradora Meridiano – Póliza de automóvil nº 77-4412093\nVehículo: Renault Clio, 2019\n"
          "Modalidad | Todo Riesgo con Franquicia\nGarantía | Capital / límite | Franquicia\n"
          "Responsabilidad civil | Ilimitada | —\nReclamación de daños | 1.500,00 € | —\n"
          "Daños propios | Valor venal | 250,00 € por siniestro\n"
          "La franquicia de daños propios de 250,00 € se descontará de la indemnización en cada siniestro.\n"
          "Prima neta: 380,20 €\nPRIMA TOTAL ANUAL: 411,75 €\n")

FILES: dict[str, tuple[str, float]] = {
    "Coche/poliza coche 2026.txt": (POLICY, 60),
    "Coche/ITV 2025.txt": ("Estación ITV Getafe\nResultado: FAVORABLE\nPróxima inspección: 14/03/2027\n", 300),
    "Casa/alquiler.txt": ("Contrato de alquiler\nRenta mensual: 1.150,00 €\nFianza: 1.150,00 €\n", 400),
}

folder = folder_fixture("one_item_said_twice", FILES, NOW)


def test_one_sum_said_twice_is_one_item_not_a_whole():
    lines = ["Modalidad: Todo Riesgo con Franquicia",  # the table's rows, said with its columns' names
             "Garantía: Reclamación de daños, Capital / límite: 1.500,00 €",
             "Garantía: Daños propios, Capital / límite: Valor venal, Franquicia: 250,00 € por siniestro",
             "La franquicia de daños propios de 250,00 € se descontará de la indemnización en cada siniestro.",
             "Prima neta: 380,20 €", "PRIMA TOTAL ANUAL: 411,75 €"]
    units = [(u, False, u, "") for u in lines]
    sums = sums_of(units, set())
    assert shared_by_sums(sums, ["excess", "claim", "damage", "car"], 2) == set()
    assert shared_by_sums(sums, ["damage", "car"], 2) == {"damage"}  # two items, two sums: their whole
    # a word that asks no value ("account"), said by two lines of one sum (last bill, its payment): still a whole
    bill = ["Previous bill on your account: $403.19", "Payment received on your account - thank you: -$403.19",
            "Electricity used: $380.00", "Electricity levy: $1.73", "Total amount due: $453.96"]
    words = shared_by_sums(sums_of([(u, False, u, "") for u in bill], set()), ["electricity", "account"], 2)
    assert "electricity" in words


def test_a_phrase_headed_by_the_value_asked(folder):
    final, names = ask(planner_agent(folder[0], NOW), "excess if i claim for damage to my own car?")
    assert final.intent == "content" and "250,00" in final.answer and names == ["poliza coche 2026.txt"], final.answer
