"""Follow-ups said in passing, about the paper the previous answer came from. "So did we get anything back?" after a
Czech gas *vyúčtování* (a statement) asks its *přeplatek*; "how many sheep was that based on?" asks what the quote
was based on ("that" is the quote, not a word before "based"); "and what was the odometer reading then?" after a
fill-up asks that row's odometer, though the MOT certificate says "odometer reading" in so many words; "how much do
we allow for eating out" asks the budget. Over a real index, on fixtures written for these tests."""

from __future__ import annotations

from datetime import datetime

from conftest import ask, folder_fixture, planner_agent

from manoled.agent import gloss
from manoled.agent.continuation import own_words

NOW = datetime(2026, 11, 20, 12, 0).timestamp()

FILES: dict[str, tuple[str, float]] = {
    "Byt/Energie/plyn_vyuctovani_2026.txt": (
        "VLTAVSKÁ PLYNÁRENSKÁ, a.s.\nVYÚČTOVÁNÍ DODÁVKY ZEMNÍHO PLYNU – daňový doklad č. 2026/0931/774\n"
        "Fakturované období: | 01.10.2025 – 30.09.2026\n"
        "Plynoměr | Stav | Stav | Spotřeba m³ | Spotřeba kWh\nG4 č. 0419927 | 6204,518 | 7172,518 | 968 | 10 294\n"
        "Celkem vč. DPH: | CZK 28 344,63\nUhrazené zálohy (12 × 2 560 Kč): | CZK 30 720,00\n"
        "PŘEPLATEK: | CZK 2 375,37\nPřeplatek Vám vrátíme na bankovní účet do 14 dnů.\n", 40),
    "Byt/Energie/elektrina_zalohy.txt": ("Zálohy na elektřinu 2027: 1 450 Kč měsíčně od 1. 12. 2026\n", 20),
    "Farm/Stock/Rutene shearing quote 2025.txt": (
        "RUTENE SHEARING LTD\nQUOTE Q-0412\nDate: 14 October 2025\nJob: Main shear, week of 24 November 2025\n\n"
        "Based on approx. 230 head (165 ewes, 60 hoggets, 5 rams). Final invoice will be on actual numbers shorn.\n\n"
        "Ewes – full shear | 165 | $4.60 | $759.00\nSheep to be yarded dry the night before, held off feed 12 hours.\n"
        "Total quoted (excl GST) | $1,663.50\n", 400),
    "Car/fuel log.csv": (
        "date,odometer_miles,litres,price_per_litre,total_gbp,station\n"
        "02/09/2026,68744,39.90,1.409,56.22,Asda Govan\n12/10/2026,69530,36.20,1.455,52.67,Oban Esso\n"
        "19/10/2026,69844,44.18,1.429,63.13,Tesco Maryhill\n09/11/2026,70198,40.64,1.421,57.75,Tesco Maryhill\n", 10),
    "Car/mot cert.txt": ("MOT test certificate\nVehicle: Skoda Fabia SK17 XYZ\nTest date: 02/06/2026\n"
                         "Odometer reading: 68,412 miles\nExpiry date: 01/06/2027\n", 170),
    "Money/budget 2026.csv": (
        "Category,Monthly (EUR),Annual (EUR),Paid by\nRent,1150,13800,Mariana\nGroceries,520,6240,split\n"
        "Eating out,180,2160,split\nGym,47.50,570,Tom\n", 300),
    "Money/notes.txt": ("We split everything 50/50 at the end of the month.\nEating out in Porto was lovely.\n", 100),
}

folder = folder_fixture("follow_ups_in_passing", FILES, NOW)


def _then(folder, first: str, second: str):
    agent = planner_agent(folder[0], NOW)
    ask(agent, first, session="s")
    return ask(agent, second, session="s")


def test_anything_back_on_a_statement_is_its_overpayment(folder):
    final, names = _then(folder, "How much gas did we use according to the latest gas statement?",
                         "so did we get anything back? how much?")
    assert "2 375,37" in final.answer and names == ["plyn_vyuctovani_2026.txt"], final.answer
    assert "refund" in gloss.rephrase("did we get anything back?", lambda w: True)
    assert "refund" not in gloss.rephrase("when do we get back from Porto?", lambda w: True)


def test_what_that_was_based_on(folder):
    final, names = _then(folder, "What did Rutene Shearing quote us for the main shear?",
                         "how many sheep was that based on?")
    assert "230" in final.answer and names == ["Rutene shearing quote 2025.txt"], final.answer
    assert own_words("how many sheep was that based on?") == "how many sheep was that based on"
    assert own_words("how much did that visit cost?") == "how much did cost"


def test_the_odometer_reading_then_is_the_row_s_value(folder):
    final, names = _then(folder, "How much did the fuel fill-up on 19/10/2026 cost?",
                         "and what was the odometer reading then?")
    assert "69844" in final.answer and names == ["fuel log.csv"], final.answer


def test_what_we_allow_for_is_the_budget(folder):
    final, names = ask(planner_agent(folder[0], NOW), "how much do we allow for eating out?")
    assert "180" in final.answer and names == ["budget 2026.csv"], final.answer
