""""cuándo cargan la factura de luz de febrero": a question asked in the language of the papers is read by its
asking words, said in English; its little words go; an English question, names and all, is left alone."""

from __future__ import annotations

import time

from conftest import ask, folder_fixture, planner_agent

from manoled.agent.tongues import in_english, language_of

NOW = time.time()


def test_asking_words_are_said_in_english():
    assert in_english("cuando cargan la factura de luz de feb") == "when charge factura luz feb"
    assert in_english("¿Cuánto cuesta el gimnasio al mes?") == "how much cost gimnasio mes?"
    assert in_english("combien coûte l'assurance auto par mois ?") == "how much cost assurance auto mois ?"
    assert in_english("Wann ist die nächste Zahlung fällig?") == "when is die next Zahlung fällig?"
    assert in_english("quanto custa o seguro da casa?") == "how much cost seguro casa?"
    assert in_english("seguro coche 2026 cuanto total?") == "seguro coche 2026 how much total?"  # one is enough
    assert in_english("prox itv seat?") == "next itv seat?"  # "next" alone: no English question says "prox"
    assert in_english("prochaine révision voiture?") == "next révision voiture?"


def test_english_questions_and_names_are_left_alone():
    for q in ("what is the rent at 12 Rue de la Paix?", "when did Marie Quand move in", "what does the dove cost",
              "who is the tenant at Casa de la Sol", "preaviso piso?"):
        assert in_english(q) == q, q
        assert language_of(q) is None, q


BILL = ("IBERLUZ ENERGÍA · Factura de electricidad\n"
        "Periodo de facturación: {period}\n"
        "Titular: Ana Ruiz Prieto\n"
        "Energía consumida: {kwh} kWh\n"
        "Total factura: {total} €\n"
        "Se cargará en su cuenta ES21 **** 4417 el {charge}.\n")
FILES: dict[str, tuple[str, float]] = {
    "Facturas/Luz/factura_luz_ene26.pdf.txt": (BILL.format(period="01/01/2026 - 31/01/2026", kwh=212, total="71,20",
                                                           charge="9 de febrero de 2026"), 40),
    "Facturas/Luz/factura_luz_feb26.pdf.txt": (BILL.format(period="01/02/2026 - 28/02/2026", kwh=188, total="64,60",
                                                           charge="10 de marzo de 2026"), 30),
    "notas.txt": ("comprar bombillas\nllamar al fontanero por el grifo\n", 20),
}
folder = folder_fixture("tongues", FILES, NOW)


def test_a_spanish_question_finds_its_date(folder):
    agent = planner_agent(folder[0], NOW)
    final, names = ask(agent, "cuándo cargan la factura de luz de febrero?")
    assert "10 de marzo de 2026" in final.answer, final.answer
    assert names == ["factura_luz_feb26.pdf.txt"], names
