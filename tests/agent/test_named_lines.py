"""Names as lists and papers write them, over a real index: a contact list's "Property agent - Jolene Teo" names a
person after its dash, a contract's amendment is an "avenant" in French, and where one stays is a hotel."""

from __future__ import annotations

import time

from conftest import ask, folder_fixture, planner_agent

from manoled.agent.gloss import forms
from manoled.agent.shapes import TYPE_PATTERNS

NOW = time.time()

FILES: dict[str, tuple[str, float]] = {
    "useful numbers.txt": (
        "USEFUL NUMBERS\n--------------\nLandlord - Mr Tan Wei Ming          9688 2140\n"
        "Property agent - Rachel Lim          9011 5623\nCondo mgmt office (Skyline)          6259 0412\n"
        "Sparkle Cleaning Agency - Mary Goh    6345 7788\nPiano teacher (Mrs Ong)              6352 8890\n", 30),
    "Work/avenant_contrat_2026.docx.txt": (
        "AVENANT N° 2 AU CONTRAT DE TRAVAIL\nEntre la société Voltaire Systèmes SAS et M. Julien Moreau\n"
        "Article 1 : à compter du 1er mars 2026, la rémunération annuelle brute est portée à 58 000 €.\n"
        "Fait à Lyon, le 20 février 2026.\nPour la société : Catherine Leroux, Directrice des ressources humaines\n"
        "Le salarié : Julien Moreau\n", 40),
    "Work/notes_1on1.md": (
        "# 1:1 notes\n- Feb: raise agreed, about 600 € gross more a month, on the February pay.\n"
        "- Training: project management course, budget OK, in April.\n", 20),
    "Travel/Porto June 2026/booking confirmation.pdf.txt": (
        "Hotel Ribeira Palace ****\nRua da Alfândega 10, 4050-029 Porto, Portugal | +351 222 000 111\n"
        "Booking confirmation / Confirmação de reserva\nConfirmation number: 7731 204\n"
        "Check-in: Friday, 12 June 2026 (from 15:00)\nCheck-out: Monday, 15 June 2026 (until 11:00)\n", 15),
    "Travel/Porto June 2026/porto ideas.txt": (
        "dinner booked: Tasca da Rua Escura 20:00 (Friday)\nLivraria Lello early, before the queues\n"
        "Port cellars in Gaia on Saturday\n", 12),
}

folder = folder_fixture("named_lines", FILES, NOW)


def test_a_name_after_a_dash_is_a_person(folder):
    assert TYPE_PATTERNS["person"].search("Property agent - Rachel Lim")
    final, names = ask(planner_agent(folder[0], NOW), "who's the agent for the condo?")
    assert "Rachel Lim" in final.answer and names == ["useful numbers.txt"], final.answer


def test_a_contract_amendment_is_an_avenant(folder):
    assert "avenant" in forms("amendment") and "brut" in forms("gross")
    agent = planner_agent(folder[0], NOW)
    final, names = ask(agent, "Who signed the contract amendment for the company?")
    assert "Catherine Leroux" in final.answer and names == ["avenant_contrat_2026.docx.txt"], final.answer


def test_where_we_are_staying_is_the_hotel(folder):
    assert "hotel" in forms("staying")
    final, names = ask(planner_agent(folder[0], NOW), "Where are we staying in Porto?")
    assert "Rua da Alfândega" in final.answer and names == ["booking confirmation.pdf.txt"], final.answer
