"""A page's counter is no day: "Strana 1/2" and "1/1. oldal" print which page of how many, so "when was it due" is
answered by the bill's due date, not by its footer. A check-up after a visit is written as papers write it
("Kontrola", "Kontrolltermin", "återbesök"): "when is her follow-up check" finds that line. Until when a cover is
valid is the day it is valid until ("Valabilitate până la"), not the one it is valid from ("de la"), in the papers'
tongue. A car's plate is the value its label gives ("Plate number: 731 KZP"). Over a real index, on fixtures written
for these tests."""

from __future__ import annotations

import time

from conftest import answers, folder_fixture, planner_agent

from manoled.agent.facts import _clock_only
from manoled.agent.kinds import TYPE_PATTERNS

NOW = time.time()

FILES: dict[str, tuple[str, float]] = {
    "Zvířata/Veterina/Faktura_veterina_2026-04-02.pdf.txt": (
        "VETERINÁRNÍ KLINIKA NA LOUCE\n"
        "Faktura č. 2026-0412\n"
        "Datum vystavení: 02.04.2026\n"
        "Pacient: Bára (pes, bígl)\n"
        "Diagnóza: zánět zevního zvukovodu, levé ucho\n"
        "Ošetření: výplach ucha, kapky 2× denně po 7 dní\n"
        "Kontrola: 16. 4. 2026 v 15:00\n"
        "Celkem k úhradě: 1 240 Kč\n"
        "Strana 1/1\n", 40),
    "Byt/Voda/Vodne_stocne_2026-03.pdf.txt": (
        "PRAŽSKÉ VODOVODY A KANALIZACE\n"
        "Vyúčtování vodného a stočného za březen 2026\n"
        "Odběrné místo: Korunní 18, Praha 2\n"
        "Spotřeba: 9 m³\n"
        "Celkem k úhradě: 1 087,40 Kč\n"
        "Strana 1/2\n"
        "Splatnost: 20.04.2026\n"
        "Strana 2/2\n", 30),
    "Byt/Voda/Vodne_stocne_2026-02.pdf.txt": (
        "PRAŽSKÉ VODOVODY A KANALIZACE\n"
        "Vyúčtování vodného a stočného za únor 2026\n"
        "Odběrné místo: Korunní 18, Praha 2\n"
        "Spotřeba: 8 m³\n"
        "Celkem k úhradě: 966,60 Kč\n"
        "Strana 1/2\n"
        "Splatnost: 20.03.2026\n"
        "Strana 2/2\n", 60),
    "Masina/Polita_CASCO_Allianz_2026.pdf.txt": (
        "Allianz-Țiriac Asigurări S.A.\n"
        "POLIȚĂ DE ASIGURARE CASCO\n"
        "Nr.\n"
        "CAS-7730412\n"
        "Valabilitate de la: 01.06.2026, ora 00:00\n"
        "Valabilitate până la: 31.05.2027, ora 23:59\n"
        "Vehicul: Skoda Octavia, B 212 XTR\n"
        "Primă anuală: 2.340,00 lei\n", 50),
    "Car/DMV registration renewal 2026.pdf.txt": (
        "Vehicle Registration Renewal - Receipt\nTransaction date: 07/20/2026\nConfirmation number: DMV2U-26072011884\n"
        "Plate number | VIN | Year / Make / Model\n731 KZP | 4S4BSANC5K3281234 | 2018 MAZDA CX-5\nFee paid: $122.00\n", 45),
    "Car/Insurance declarations 2026.pdf.txt": (
        "Personal Auto Policy - Declarations\nPolicy number: AP 02-4471-90012\nPolicy period: 03/01/2026 to 09/01/2026\n"
        "Policy period begins and ends at 12:01 a.m. standard time at the address of the named insured.\n"
        "Six-month premium: $512.40\n", 60),
    "Finances/Social Security - Ann/SSA benefit letter 2026.pdf.txt": (
        "Benefit Verification Letter\nInformation About Current Social Security Benefits\n"
        "Beginning December 2025, the full monthly Social Security benefit before any deductions is $1,911.20.\n"
        "We deduct $202.90 for medical insurance premiums each month.\n"
        "The regular monthly Social Security payment is $1,708.00.\n", 70),
    "Finances/Social Security - Ann/SSA direct deposit change Apr2026.pdf.txt": (
        "Direct deposit change confirmation\nYour payments will go to the account ending 4471 from May 2026.\n", 65),
}

folder = folder_fixture("pages_and_checkups", FILES, NOW)


def test_a_page_counter_is_no_day():
    date = TYPE_PATTERNS["date"]
    assert not any(date.search(s) for s in ("Strana 1/2", "Page 2/3", "Seite 1/1", "1/1. oldal", "Sivu 1/2"))
    assert date.search("paid 8/2") and date.search("Due: 5/11/2026")


def test_a_clock_time_alone_is_no_day():
    assert _clock_only("Policy period begins and ends at 12:01 a.m. standard time")
    assert not _clock_only("Lesson day & time: Thursdays, 4:30–5:00 p.m.")  # (a weekday is a day)
    assert not _clock_only("Policy period: 03/01/2026 to 09/01/2026")


def test_the_files_answer(folder):
    agent = planner_agent(folder[0], NOW)
    answers(agent, "What was wrong with Bára at the vet in April?", "Bára", "Faktura_veterina_2026-04-02.pdf.txt",
            session="vet")
    answers(agent, "When is her follow-up check?", "16. 4. 2026", "Faktura_veterina_2026-04-02.pdf.txt", session="vet")
    answers(agent, "How much was the water bill for March?", "1 087,40", "Vodne_stocne_2026-03.pdf.txt",
            session="water")
    answers(agent, "When was it due?", "20.04.2026", "Vodne_stocne_2026-03.pdf.txt", session="water")
    answers(agent, "What is the license plate number on our Mazda?", "731 KZP", "DMV registration renewal 2026.pdf.txt",
            session="plate")  # (a plate of letters and three digits: its label says it)
    answers(agent, "When does the current auto policy period end?", "09/01/2026", "Insurance declarations 2026.pdf.txt",
            session="period")  # (a day, not the hour every period ends at)
    answers(agent, "ann social security gross monthly", "1,911.20", "SSA benefit letter 2026.pdf.txt",
            session="gross")  # (a sum, not the folder's files; before any deductions is its gross)
    answers(agent, "Until when is the Octavia's casco cover valid?", "31.05.2027", "Polita_CASCO_Allianz_2026.pdf.txt",
            session="casco")
