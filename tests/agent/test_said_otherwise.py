"""Questions that say a paper's thing in other words, over a real index: "keep the car covered" for insurance, "pay
in one go" for the annual premium, "once everything was taken off" for net pay, "mum's Spanish omelette" for a
*tortilla de patatas*; a capitalised name after a verb ("warn Fernando") is no kind of a thing the files lack; and
a passage that says every word of the question is read though only the full-text search found it."""

from __future__ import annotations

import time
from dataclasses import dataclass

from conftest import ask, folder_fixture, planner_agent

from manoled.agent import gloss
from manoled.agent.continuation import is_followup
from manoled.agent.facts import extract
from manoled.agent.kinds import typed_by
from manoled.agent.retrieve import Candidate, contains, numeric_month
from manoled.agent.slots import read_slots
from manoled.agent.tools import _absent_kind

NOW = time.time()

VET_NOTES = "# Luna\n\n" + "".join(
    f"## {month} 2026\n- Luna's weight at the vet: {w} kg; the vet wants her closer to 16,5 kg.\n"
    f"- Walks with Dani in {month}: Luna pulls on the lead, the vet says a harness helps.\n"
    f"- {month}: Luna ate a sock, the vet said to watch her for a day. Pet insurance asked for the vet's notes.\n\n"
    for month, w in (("January", 17.2), ("February", 17.0), ("March", 16.9), ("April", 16.8), ("May", 16.6)))
FILES: dict[str, tuple[str, float]] = {
    "Perro/Luna.md": (VET_NOTES, 100),
    "Perro/paseos_y_vet.csv": (
        "date,type,who,minutes,cost_eur,notes\n"
        + "".join(f"2026-{m:02d}-{d:02d},walk,Dani,60,12.00,Luna's walk (vet said more walks)\n"
                  for m in (1, 2, 3) for d in range(5, 29, 2))
        + "2026-01-21,vet,Lucía,,122.82,revisión anual\n", 110),
    "Perro/recibo (1).txt": (
        "CLÍNICA VETERINARIA LAVAPIÉS\nFACTURA Nº FV-2026/0417 Fecha: 21/01/2026\nPaciente: LUNA · Especie: Canina\n"
        "Consulta general y revisión anual 30,00\nVacuna antirrábica (Rabisin) 25,00\nVacuna polivalente 38,00\n"
        "Base imponible 101,50 €\nIVA (21%) 21,32 €\nTOTAL 122,82 €\n", 120),
    "Facturas/factura_luz_ene26.txt": (
        "FACTURA DE ELECTRICIDAD · enero 2026\nNº factura: LZ-2026-0112\nTOTAL FACTURA: 79,09 €\n"
        "Se cargará en su cuenta el 10 de febrero de 2026.\n", 130),
    "Casa/Re_ Factura F-2026-0087.txt": (
        "Hola Lucía, te adjunto la factura F-2026-0087 por la reparación del fregadero.\n"
        "Base imponible 308,30 €, IVA 21% 64,74 €, TOTAL FACTURA 373,04 €.\nUn saludo, Javier (fontanero)\n", 140),
    "Recetas/tortilla de patatas.txt": (
        "TORTILLA DE PATATAS (la de mamá)\nPara 4 personas\n\nIngredientes:\n- 6 huevos (tamaño L)\n"
        "- 800 g de patatas\n- 1 cebolla mediana\n", 150),
    "Recetas/banana bread.md": (
        "# Banana bread\n\n- 3 ripe bananas\n- 2 eggs\n- 250 g flour\n\nBake 55 minutes at 175 C.\n", 160),
    "Coche/car insurance renewal 2026.txt": (
        "Your car insurance renewal\nVehicle: VW Golf\nYour renewal premium 2026-27 (annual): £612.84\n"
        "Pay monthly: 10 instalments of: £64.05\nPay monthly: total amount payable: £701.79\n", 170),
    "Kids/P5 trip letter - New Lanark.txt": (
        "Hillhead Primary School\n17 November 2026\nDear Parent/Carer,\nPrimary 5 will visit New Lanark on Thursday "
        "21 January 2027.\nCost per pupil (coach and entry): £18.50\n"
        "Please pay on ParentPay by Friday 4 December 2026.\n", 180),
    "notes 2026.txt": (
        "17/11/2026 Callum brought home the P5 trip letter - New Lanark in January.\n"
        "20/11/2026 Callum's parents' evening went well.\n", 190),
    "House/Plumber quote - McAllister.txt": (
        "J McAllister Plumbing & Heating\nQUOTATION for Mr E Baird\nReplace kitchen sink mixer tap: £95.00\n"
        "Replace radiator valves (pair): £48.00\nLabour (estimated 3.5 hours): £210.00\nQuote total: £444.00\n", 200),
    "House/invoice (2).txt": (
        "J McAllister Plumbing & Heating\nINVOICE 0193 - Mr E Baird\n\nDescription | Qty | Unit | Amount\n"
        "Kitchen sink mixer tap (chrome, mono) | 1 | £95.00 | £95.00\n"
        "TRV + lockshield radiator valves (pair) | 1 | £48.00 | £48.00\nLabour (hours) | 6 | £60.00 | £360.00\n"
        "Subtotal | | | £503.00\nVAT @ 20% | | | £66.40\nINVOICE TOTAL | | | £569.40\n", 210),
}
folder = folder_fixture("said_otherwise", FILES, NOW)


@dataclass
class Turn:  # what is_followup reads of the previous turn
    question: str
    answer: str = ""


@dataclass
class Passage:  # what _absent_kind reads of a candidate passage
    text: str
    named: str = ""


def test_what_people_say_for_a_papers_word():
    keep = lambda w: True  # noqa: E731
    assert "annual" in gloss.rephrase("how much to keep the Golf covered if we pay in one go?", keep)
    assert "net" in gloss.rephrase("how much landed in my account once everything was taken off?", keep)
    assert "flight" in gloss.rephrase("how early do we fly out on the first morning?", keep)
    assert not {"net", "flight"} & set(gloss.rephrase("how much tax did they take off?", keep).split())  # a deduction
    assert "roadworthiness" in gloss.rephrase("when does the car need checking that it's safe to drive", keep)
    assert "password" in gloss.rephrase("what does my brother have to type in to get online?", keep)
    assert contains("A. TOTAL DEVENGADO 3.416,67", "gross") and contains("Franquicia: 300,00 €", "excess")
    assert contains("Retención IRPF 18,50 %", "withheld") and contains("Vacuna antirrábica", "rabies")
    assert contains("Matrícula (pago único en el alta)", "sign-up") and contains("Your car insurance renewal", "covered")
    # another tongue's form with an ending, not an English word that starts like it ("conta": account; "Summe": sum)
    assert not contains("Contacts", "account") and not contains("Summer holiday", "sum") and not contains("carrots", "car")
    assert contains("Vaccines given", "jab") and contains("two hotels", "stay") and contains("Kontoauszug", "account")


def test_what_we_ended_up_paying_the_guy_is_a_sum_not_a_person():
    assert typed_by("what did we actually end up paying the guy who fixed the kitchen tap?") == ("amount", True)
    assert typed_by("who fixed the kitchen tap?") == ("person", True)  # unchanged


def test_a_name_after_a_verb_is_no_kind_of_thing_the_files_lack():
    passages = [Passage("D. FERNANDO SALGADO RUIZ, arrendador")]
    assert _absent_kind("how far ahead would we have to warn Fernando?", ["warn"], passages, []) == ""
    # a kind the files lack still is one: "swimming lessons" where the files have piano lessons
    assert _absent_kind("when are Meera's swimming lessons?", ["swimming"], [Passage("piano lessons on Monday")],
                        []) == "swimming lessons"


def test_a_passage_saying_every_word_is_read_though_one_search_found_it(folder):
    final, names = ask(planner_agent(folder[0], NOW), "What was the total on Luna's vet invoice from January?")
    assert "122,82" in final.answer and names == ["recibo (1).txt"], final.answer


def test_a_dish_said_in_english_and_a_nationality_that_no_file_says(folder):
    final, names = ask(planner_agent(folder[0], NOW), "for mum's Spanish omelette, how many eggs do I need?")
    assert "6 huevos" in final.answer and names == ["tortilla de patatas.txt"], final.answer


def test_covered_for_a_year_paid_in_one_go_is_the_annual_premium(folder):
    final, names = ask(planner_agent(folder[0], NOW),
                       "how much is it going to cost to keep the Golf covered for another year if we pay in one go?")
    assert "612.84" in final.answer and names == ["car insurance renewal 2026.txt"], final.answer


def test_a_date_that_reads_either_way_is_read_as_the_papers_other_dates():
    invoice = "Invoice Date: 31/01/2026\nDue Date: 02/03/2026"  # day first: due on 2 March
    assert not numeric_month(invoice, 2) and numeric_month(invoice, 3)
    bill = "Billed 12/15/2025, due 01/03/2026"  # month first: due on 3 January
    assert numeric_month(bill, 1) and not numeric_month(bill, 3)
    assert numeric_month("Due 02/03/2026", 2) and numeric_month("Due 02/03/2026", 3)  # nothing tells: either
    assert not contains(invoice, "february") and contains("Paid 2026-02-08", "february")


def test_more_ways_people_ask():
    assert contains("HYNDLAND DENTAL CARE", "dentist")
    assert typed_by("ewan net oct 26")[0] == "amount"  # "take home" is said as net: a sum
    assert is_followup("what number do I call if we need to move it?", read_slots("what number do I call", NOW),
                       [], Turn("When is Callum's dentist appointment?"))


def test_a_follow_up_of_a_follow_up_keeps_what_the_first_was_about(folder):
    agent = planner_agent(folder[0], NOW)
    ask(agent, "Did the plumber give us a quote for the kitchen tap job?", session="chain")
    ask(agent, "how much was it?", session="chain")
    final, names = ask(agent, "and what did the final invoice actually come to?", session="chain")
    assert "569.40" in final.answer and names == ["invoice (2).txt"], final.answer


def test_what_a_job_came_to_in_the_end_is_its_papers_total_not_the_line_it_names(folder):
    final, names = ask(planner_agent(folder[0], NOW), "what did fixing the kitchen tap come to in the end?")
    assert "569.40" in final.answer and names == ["invoice (2).txt"], final.answer


def test_a_total_asked_in_the_end_wins_though_its_chunk_lists_none_of_the_items():
    # a paper cut in two: its rows in one passage, its total in the next, where no row says the job's words
    first = ('J. McALLISTER PLUMBING & HEATING\n'
             'INVOICE\n'
             'Description                                      Qty     Unit       Amount\n'
             'Labour (hours)                                   4.5   £55.00      £247.50\n'
             'Kitchen sink mixer tap (chrome, mono)              1   £95.00       £95.00\n'
             '15mm isolating valves                              2    £6.00       £12.00\n'
             'TRV + lockshield radiator valves (pair)            1   £48.00       £48.00\n'
             'Drain down & refill heating system                 1   £50.00       £50.00\n')
    second = ('(pair)            1   £48.00       £48.00\n'
              'Drain down & refill heating system                 1   £50.00       £50.00\n'
              'Replace corroded section 15mm copper pipe          1   £22.00       £22.00\n'
              'under kitchen sink (additional - not in quote)\n'
              'Subtotal:             £474.50\n'
              'VAT @ 20%:             £94.90\n'
              'INVOICE TOTAL:        £569.40\n'
              'Note: job took 1.5 hrs longer than quoted due to seized valve in bathroom\n')
    passages = []
    for n, text in enumerate((first, second)):
        c = Candidate(n + 1, text, "/home/e/House/invoice (2).pdf", "invoice (2).pdf", relpath="House/invoice (2).pdf")
        c.rrf = 0.03 - n * 0.001
        passages.append(c)
    ex = extract("what did the final invoice for the kitchen tap job actually come to?", passages, top=5)
    assert ex.facts and "569.40" in ex.facts[0].text, [f.text for f in ex.facts[:3]]



def test_the_words_of_dutch_papers():
    assert contains("Factuurnummer 2026-118, factuur van De Vries Loodgieters", "invoice")
    assert contains("Huurprijs per maand: € 1.250,00", "rent") and contains("Waarborgsom: € 2.500,00", "deposit")
    assert contains("Uw premie voor 2026", "premium") and contains("Eigen risico: € 385", "excess")
    assert contains("Afspraak bij de tandarts op 12 maart", "dentist") and contains("12 maart 2026", "march")
