"""A month's bill asked in everyday words: "what did keeping the lights on cost us in October" is the bill's total, not
its electricity line, nor what the bill says a year would cost; and a paper named for another year than the one asked
("Renta 2024") answers nothing of it, though its text says when it was filed."""

from __future__ import annotations

from manoled.agent import gloss
from manoled.agent.facts import extract
from manoled.agent.months import other_month
from manoled.agent.retrieve import Candidate

BILL = ("brightwater energy | Your electricity bill\nBill date: 03/11/2026\n"
        "Ms Ana Reyes | Account number | BW-55120\nBilling period: 01/10/2026 - 31/10/2026\n"
        "Charges for this period (see below) | £98.81\nPayment due by: 20 November 2026\n"
        "Your electricity charges\n"
        "Description | Quantity | Rate | Amount\n"
        "Electricity used | 312 kWh | 24.86p per kWh | £77.56\n"
        "Standing charge (01/10/2026 - 31/10/2026) | 31 days | 53.35p per day | £16.54\n"
        "Subtotal | £94.10\nVAT at 5% | £4.71\nTotal charges this period | £98.81\n"
        "Good to know\n"
        "Your estimated annual consumption is 2,610 kWh, which would cost about £832 a year on your current tariff.\n")


def first(said: str) -> list[str]:
    c = Candidate(1, BILL, "/home/u/Bills/Brightwater_Oct2026.pdf", "Brightwater_Oct2026.pdf",
                  relpath="Bills/Brightwater_Oct2026.pdf")
    c.rrf = 0.03
    facts = extract(gloss.rephrase(said, lambda w: True), [c], top=5, said=said).facts
    return [f.text for f in facts[:3]]


def test_the_lights_in_everyday_words_ask_the_bills_total():
    top = first("What did keeping the lights and the storage heaters going cost us for the month of October?")
    assert "98.81" in top[0], top


def test_a_months_cost_is_not_what_a_year_would_cost():
    top = first("what did the electricity cost us for the month of October?")
    assert top and not any("832" in t for t in top), top


def test_what_it_costs_a_year_is_still_there_when_asked():
    assert "832" in first("what would the electricity cost a year?")[0]


def test_a_paper_named_for_another_year_answers_nothing_of_the_year_asked():
    passage = "Declaración de la renta, ejercicio 2024. Presentada el 14/05/2025. RESULTADO: A DEVOLVER 612,37 €"
    assert other_month("How much did I get back on my 2025 tax return?", passage, "Renta 2024 resumen.docx")
    assert not other_month("How much did I get back on my 2024 tax return?", passage, "Renta 2024 resumen.docx")
    assert not other_month("How much did I get back on my 2025 tax return?", passage, "renta resumen.docx")


def test_a_paper_named_for_a_span_of_years_is_of_both():
    question = "What was the mortgage balance at the end of the 2025-26 statement period, on 31/03/2026?"
    assert not other_month(question, "Balance at 31/03/2026: £143,812.59", "annual mortgage statement 2025-26.pdf")
