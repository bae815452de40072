"""Papers kept in another language, asked about in English or in theirs: a month named in Spanish ("luz marzo")
is a month, in the question and in a file's name ("factura_luz_ene26.pdf"); a long contract whose name says the
question's words is read where the words are, not only where it begins; an agency that *manages* the flat is
its *gestionnaire*."""

from __future__ import annotations

import time

from conftest import ask, folder_fixture, planner_agent

from manoled.agent.context import ToolContext
from manoled.agent.months import asked_months, name_dates
from manoled.agent.retrieve import Candidate, contains
from manoled.agent.senses import WordSense
from manoled.agent.terms import topic_terms
from manoled.agent.tools import _absent_kind

NOW = time.time()

_CLAUSES = [
    ("PRIMERA.- Objeto.", "La ARRENDADORA cede en arrendamiento a la ARRENDATARIA la vivienda descrita, con destino "
     "exclusivo a vivienda habitual. Queda prohibido el subarriendo y la cesión sin consentimiento escrito."),
    ("SEGUNDA.- Duración.", "El contrato durará un año, desde el 1 de septiembre de 2025 hasta el 31 de agosto de "
     "2026, y se prorrogará por plazos anuales hasta un máximo de cinco años conforme a la ley."),
    ("TERCERA.- Renta.", "La renta mensual es de 960,00 € que la ARRENDATARIA abonará dentro de los cinco primeros "
     "días de cada mes mediante transferencia bancaria a la cuenta de la ARRENDADORA."),
    ("CUARTA.- Actualización.", "La renta se actualizará cada año en la fecha de vigencia aplicando el índice de "
     "referencia publicado por el organismo competente en ese momento."),
    ("QUINTA.- Gastos.", "Los gastos de comunidad y el impuesto de bienes inmuebles serán a cargo de la ARRENDADORA; "
     "los suministros con contador propio serán a cargo de la ARRENDATARIA."),
    ("SEXTA.- Fianza.", "A la firma la ARRENDATARIA entrega 960,00 € de fianza legal, equivalente a una "
     "mensualidad, que se devolverá al terminar una vez comprobado el buen estado de la vivienda."),
    ("SÉPTIMA.- Desistimiento.", "La ARRENDATARIA podrá desistir una vez transcurridos seis meses desde el inicio, "
     "comunicándolo por escrito a la ARRENDADORA con una antelación mínima de cuarenta y cinco (45) días."),
    ("OCTAVA.- Conservación.", "La ARRENDADORA hará las reparaciones necesarias para conservar la vivienda en "
     "condiciones de habitabilidad; las pequeñas reparaciones por el uso ordinario corresponden a la ARRENDATARIA."),
    ("NOVENA.- Obras.", "La ARRENDATARIA no podrá realizar obras sin el consentimiento expreso y por escrito de la "
     "ARRENDADORA, ni modificar la configuración de la vivienda ni de sus accesorios."),
    ("DÉCIMA.- Inventario.", "La vivienda se entrega amueblada según el inventario anexo, firmado por ambas partes, "
     "que se revisará a la salida de la ARRENDATARIA junto con las llaves entregadas."),
    ("UNDÉCIMA.- Notificaciones.", "Las partes designan como domicilio a efectos de notificaciones los que figuran "
     "en el encabezamiento de este documento, y cualquier cambio se comunicará por escrito."),
]
_ROOMS = ("salón", "cocina", "dormitorio principal", "dormitorio pequeño", "baño", "terraza", "entrada", "pasillo")
_THINGS = ("sofá de tres plazas", "mesa baja de madera", "lámpara de pie", "estantería blanca", "cortinas de lino",
           "alfombra de yute", "espejo de pared", "perchero metálico")
CONTRACT = ("CONTRATO DE ARRENDAMIENTO DE VIVIENDA\nEn Sevilla, a 20 de agosto de 2025.\n\nREUNIDOS\n"
            "De una parte, Dña. CARMEN VIDAL ORTEGA (la ARRENDADORA). De otra, Dña. ALICE MORGAN (la ARRENDATARIA).\n\n"
            "EXPONEN que la vivienda se entrega con el mobiliario siguiente:\n"
            + "".join(f"- {room}: {thing}, en buen estado, revisado el día de la firma\n"
                      for room in _ROOMS for thing in _THINGS) + "\n"
            + "\n\n".join(f"{head}\n{body}" for head, body in _CLAUSES) + "\n")
# the February bill: its period and its total in different passages, its charge in March
FEB_BILL = ("LUZSUR ENERGÍA, S.A.\nFACTURA DE ELECTRICIDAD\nNº de factura: 2026020311\nFecha de emisión: 03/03/2026\n"
            "Periodo de facturación: 01/02/2026 - 28/02/2026 (28 días)\nTitular: ALICE MORGAN\n"
            "Dirección de suministro: CALLE FERIA 12, 41003 SEVILLA\nPotencia contratada: 3,45 kW\n\n"
            + "".join(f"Término {n}: {n * 3} días x 0,10 €/día\n{n * 0.3:.2f} €\n" for n in range(1, 30))
            + "BASE IMPONIBLE\n48,10 €\nIVA 21%\n10,10 €\nTOTAL FACTURA\n58,20 €\n"
            "Se cargará en su cuenta el 10 de marzo de 2026.\n")
FILES: dict[str, tuple[str, float]] = {
    "Casa/contrato alquiler firmado.txt": (CONTRACT, 100),
    "Facturas/factura_luz_ene26.txt": (
        "LUZSUR ENERGÍA, S.A.\nFACTURA DE ELECTRICIDAD\nPeriodo de facturación: 01/01/2026 - 31/01/2026\n"
        "TOTAL FACTURA: 71,35 €\nSe cargará en su cuenta el 10 de febrero de 2026.\n", 110),
    "Facturas/factura_luz_feb26.txt": (FEB_BILL, 120),
    "notas.txt": ("Llamar a Carmen por la persiana del salón.\nComprar bombillas.\n", 130),
}
folder = folder_fixture("papers_abroad", FILES, NOW)


def test_a_month_named_in_spanish_is_a_month():
    assert asked_months("luz marzo 2026 total?") == ({3}, {2026})
    assert asked_months("facture de mai") == ({5}, set()) and asked_months("märz miete") == ({3}, set())
    assert asked_months("how much mayo goes in the salad?") == (set(), set())  # an English word: no month
    assert "march" in topic_terms("luz marzo 2026 total?")
    assert name_dates("factura_luz_ene26.pdf") == [(2026, 1)] and name_dates("Gehalt März 2026.pdf") == [(2026, 3)]
    assert name_dates("agosto.txt") == []  # a month's name alone, with no number: not a date
    assert contains("factura luz feb26", "february") and not contains("febrile 26", "february")


def test_the_bill_of_the_month_asked_in_spanish(folder):
    agent = planner_agent(folder[0], NOW)
    final, names = ask(agent, "luz febrero 2026 total?")
    assert "58,20" in final.answer and names == ["factura_luz_feb26.txt"], final.answer
    # no bill of March: the February one is charged in March, and is no answer
    final, names = ask(agent, "luz marzo 2026 total?", session="march")
    assert "found nothing" in final.answer and names == [], final.answer


def test_a_gas_bill_is_no_electricity_bill():
    # "gas" in no file, the passages found say "bill": a kind of bill the files lack, though "gas" is short
    assert _absent_kind("How much was the gas bill for February?", ["gas"],
                        [Candidate(1, "TOTAL FACTURA: 64,60 € (electricity bill)", "/f/luz.txt", "luz.txt")], []) == "gas bill"
    sense = WordSense(lambda ws: [[1.0, 0.1 * len(w)] for w in ws])  # every word close to every other
    sims = sense.similarity(["gas", "cat"], ["electricity", "gas", "energy", "dog", "kitten"])
    assert sims[0, 0] == 0.0 and sims[0, 1] > 0.9 and sims[0, 2] > 0.5  # energy may be gas; electricity never is
    assert sims[1, 3] == 0.0 and sims[1, 4] > 0.5


def test_a_long_contract_is_read_where_it_says_the_words(folder):
    final, names = ask(planner_agent(folder[0], NOW),
                       "How much notice do we have to give the landlord if we want to end the rental contract early?")
    assert "45" in final.answer and names == ["contrato alquiler firmado.txt"], final.answer


def test_of_a_file_the_question_names_the_passage_with_its_words_ranks_first(folder):
    # words and names only (no vectors): the contract is named ("rental contract"); its notice clause is the one
    # full-text hit that says the words, far from the parties it opens with
    question = "How much notice do we have to give the landlord if we want to end the rental contract early?"
    found = ToolContext(folder[0].catalog).hybrid()(question, topic_terms(question), k=5)
    assert "antelación" in found[0].text, [c.text[:40] for c in found]


def test_who_manages_the_flat():
    assert contains("Gestionnaire du dossier : Mme Laurence PICHON", "manages")
    assert contains("Hausverwaltung Müller GmbH", "management")
