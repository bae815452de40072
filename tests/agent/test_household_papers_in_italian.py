"""A household's papers kept in Italian, asked in English or in a few bare Italian words.

A tax payment form's total is its final balance, not one section's ("Totale A: 1.661,40" above "SALDO FINALE:
EURO + 3.412,18"); "netto ottobre?" asks the net pay, and "ottobre" is when, not a thing asked; "scadenza?" asks a
date; "Termine di pagamento" is the deadline; an Italian plural ("fatture") is the glossary's word; "which of
Giulia's fatture are saved on here" lists files; "how many F24 payment receipts" counts the F24 folder; "what's
inside Lavoro_Giulia" shows the folder's subfolders.
"""

from __future__ import annotations

from datetime import datetime

import pytest
from conftest import PathFile, answers, ask, folder_fixture, planner_agent, ranked, shared_embedder

from manoled.agent import gloss
from manoled.agent.attribute import asked_words
from manoled.agent.facts import DEADLINE_UNIT
from manoled.agent.kinds import typed_by
from manoled.agent.planner import Planner
from manoled.agent.totals import paper_total

NOW = datetime(2026, 12, 2, 12).timestamp()

F24 = ("MODELLO F24\nQuietanza di pagamento — F24 telematico (home banking)\nCognome e nome\nFERRI GIULIA\n"
       "SEZIONE ERARIO\nCod. tributo\nDescrizione\nImporti a debito\n1791\nImposta sostitutiva — acconto 2ª rata\n"
       "1.661,40\nTotale A: 1.661,40\nSEZIONE INPS\nCausale\nImporti a debito\nPXX\n1.750,78\nTotale C: 1.750,78\n"
       "SALDO FINALE: EURO + 3.412,18\nData di pagamento: 30/11/2026\n")
PAYSLIP = ("CEDOLINO PAGA\nPeriodo di retribuzione: OTTOBRE 2026\nDipendente\nCONTI DAVIDE\n"
           "TOTALE COMPETENZE (LORDO)\n3.370,95\nTOTALE TRATTENUTE\n1.125,27\nNETTO IN BUSTA\n€ 2.245,68\n")
CAR_TAX = ("RICEVUTA DI PAGAMENTO — TASSA AUTOMOBILISTICA\nTarga\nGH417ZT\nScadenza\n05/2026\n"
           "Termine di pagamento\n30/06/2026\nTOTALE PAGATO\n132,58\nData pagamento\n14/06/2026 11:24\n")


def test_a_sections_total_is_a_step_to_the_final_balance():
    assert not paper_total("Totale A: 1.661,40", "what was the total of the F24", ["f24"])
    assert paper_total("SALDO FINALE: EURO + 3.412,18", "what was the total of the F24", ["f24"])
    facts = ranked(F24, "Lavoro_Giulia/F24/F24_2026-11-30_secondo_acconto.txt",
                   "What was the total of Giulia's F24 paid on 30 November 2026?")
    assert facts and "3.412,18" in facts[0].text, [f.text for f in facts[:3]]


def test_bare_italian_words_ask_a_kind_of_value():
    assert typed_by("f24 novembre totale?")[0] == "amount"
    assert typed_by("davide netto ottobre?")[0] == "amount"
    assert typed_by("nido retta dicembre scadenza?")[0] == "date"


def test_a_month_in_another_tongue_is_when_not_what():
    assert asked_words("davide netto ottobre?") == ["netto"]


def test_a_plural_that_changes_its_last_vowel_is_the_glossarys_word():
    assert gloss.heads("fatture") == gloss.heads("fattura")
    assert gloss.heads("fattura")[0] == "invoice"


def test_a_ferry_cabin_a_leases_rent_and_its_start_in_italian():
    from manoled.agent.retrieve import contains
    assert contains("Sistemazione: Cabina interna 4 letti n. 5127", "cabin")
    assert contains("Il canone annuo di locazione è convenuto in € 13.800,00", "rent")
    assert contains("Il contratto ha durata di quattro anni, con decorrenza dal 1° febbraio 2025", "start")


def test_the_term_of_payment_is_a_deadline():
    assert DEADLINE_UNIT.search("Termine di pagamento: 30/06/2026")


FILES = [PathFile(p) for p in (
    "Lavoro_Giulia/F24/F24_2026-06-30_saldo_e_primo_acconto.pdf", "Lavoro_Giulia/F24/F24_2026-11-30_secondo_acconto.pdf",
    "Lavoro_Giulia/Fatture/Fattura_14-2026_Panificio_Rinaldi.pdf", "Lavoro_Giulia/Fatture/Fattura_15-2026_Studio_Lanzi.pdf",
    "Lavoro_Giulia/Fatture/Fattura_16-2026_Edizioni_Lucciola.pdf", "Lavoro_Giulia/INPS_estratto_contributivo_2026.pdf",
    "Lavoro_Davide/Cedolini/Cedolino_2026-10.pdf", "Auto/Bollo_auto_2026_Panda.pdf", "Note/todo.txt",
)]


@pytest.fixture(scope="module")
def planner() -> Planner:
    return Planner(shared_embedder().embed, now=lambda: NOW)


def test_which_of_someones_kept_papers_lists_them(planner):
    plan = planner.plan("Which of Giulia's fatture are saved on here?", FILES)
    assert plan.intent == "list" and plan.folder == "Lavoro_Giulia/Fatture", (plan.intent, plan.folder, plan.reason)


def test_a_kind_said_after_the_folders_name_is_the_folders_files(planner):
    plan = planner.plan("How many F24 payment receipts are there?", FILES)
    assert plan.intent == "count" and plan.folder == "Lavoro_Giulia/F24" and not plan.slots.topics, \
        (plan.intent, plan.folder, plan.slots.topics)


def test_inside_a_folder_named_with_an_underscore_is_its_tree(planner):
    plan = planner.plan("what's inside Lavoro_Giulia", FILES)
    assert plan.intent == "tree" and plan.folder == "Lavoro_Giulia", (plan.intent, plan.folder, plan.reason)


folder = folder_fixture("italian_household", {
    "Lavoro_Giulia/F24/F24_2026-11-30_secondo_acconto.txt": (F24, 2),
    "Lavoro_Davide/Cedolini/Cedolino_2026-10.txt": (PAYSLIP, 36),
    "Auto/Bollo_auto_2026_Panda.txt": (CAR_TAX, 170),
    "Note/todo.txt": ("[ ] rinnovare carta d'identità\n[x] pagare il condominio\n", 3),
}, NOW)


def test_bare_italian_questions_over_a_real_index(folder):
    agent = planner_agent(folder[0], NOW)
    answers(agent, "davide netto ottobre?", "2.245,68", "Cedolino_2026-10.txt")
    answers(agent, "f24 novembre totale?", "3.412,18", "F24_2026-11-30_secondo_acconto.txt")


def test_by_when_it_had_to_be_paid_is_the_term_of_payment(folder):
    agent = planner_agent(folder[0], NOW)
    ask(agent, "How much was the bollo auto for the Panda this year?", session="bollo")
    final, _ = ask(agent, "by when did it have to be paid?", session="bollo")
    assert "30/06/2026" in final.answer, final.answer
