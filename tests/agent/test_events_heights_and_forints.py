"""A US household's and a Hungarian one's questions: an event named with a kind of file ("Picture Day" is no photo),
a child's height, the energy used by its label rather than a tariff block's, the photos of a trip named by its place,
a car "last in for service" (a deed, not a file's change), someone's own folder ("Maya's … folder"), a bank named by
the initials its files use (Emerald Bay CU: EBCU_…), a camera's photo kept with recipes (no recipe), forints and
year-first dates, a month's payslip whose found passage says less than another month's, and the deposit asked of a
flat ("how much deposit did we pay for the flat")."""

from __future__ import annotations

from datetime import datetime

from conftest import answers, folder_fixture, planner_agent

from manoled.agent.shapes import TYPE_PATTERNS

NOW = datetime(2026, 12, 4, 12).timestamp()

_PAYSLIP = ("Logisztika Kft. | BÉRJEGYZÉK\nElszámolási időszak | Kifizetés napja\n2026.{m:02d}.01. – 2026.{m:02d}.30. | "
            "2026.{n:02d}.09.\nMunkavállaló neve | Adóazonosító jel\nKovács Péter | 8412345678\n" + "Megjegyzés: rendben.\n" * 40
            + "Megnevezés | Mennyiség | Összeg\nRendkívüli munkaidő (túlóra) 50% pótlék | {h} óra | {amt} Ft\n"
            + "Levonások összesen | 292 131 Ft\n" + "Kérdés esetén a HR csoportnál jelezheti.\n" * 30
            + "Készült: 2026. {month} 9. | 1/1. oldal\n")

FILES = {
    "Leo/Daycare/Little_Oaks_Fall_2026_Newsletter.txt": (
        "Little Oaks Early Learning - Fall 2026 Newsletter\nDates to remember\nThursday, October 8 | Picture Day "
        "(Sunbeam Portraits) - all classrooms, 9:00-11:30 AM\nFriday, October 30 | Harvest parade\n", 60),
    "Leo/Pediatrics_24mo_Visit_2026-03-16.txt": (
        "Ballard Pediatrics - Well Child Visit\nPatient: Leo Delgado-Park\nVisit Type: Well child - 24 months\n"
        "Measure | Value | Percentile\nHeight | 34.5 in (87.6 cm) | 61st\nWeight | 27.8 lb (12.6 kg) | 55th\n", 250),
    "Condo/Utilities/City Light/SCL_2026-09.txt": (
        "Seattle City Light\nService Period: 07/10/2026 - 09/08/2026\nMeter | Usage (kWh)\n1KR55012 | 1,102\n"
        "Charge | Quantity | Amount\nEnergy - First Block ($0.1001/kWh) | 600 kWh | 60.06\n"
        "Energy - Second Block ($0.1213/kWh) | 502 kWh | 60.89\nTotal Current Charges | 1,102 kWh | 139.37\n", 80),
    "Vancouver BC - Aug 2026/Photos/IMG_20260815_142210.jpg": ("Image file: IMG_20260815_142210.jpg.", 110),
    "Vancouver BC - Aug 2026/Photos/IMG_20260816_101845.jpg": ("Image file: IMG_20260816_101845.jpg.", 109),
    "Vancouver BC - Aug 2026/itinerary.md": ("# Vancouver, Aug 14-17\n- Stanley Park bikes\n- Granville Island\n", 120),
    "Trips/Whistler Jan 2026/lodge_booking.txt": ("Whistler Pinnacle Lodge - booking WPL-55120, Jan 9-12\n", 300),
    "Phone photos/Whistler/IMG_20260110_093512.jpg": ("Image file: IMG_20260110_093512.jpg.", 290),
    "Phone photos/Whistler/IMG_20260111_154020.jpg": ("Image file: IMG_20260111_154020.jpg.", 289),
    "Ioniq 5/Service_Invoice_Interbay_Hyundai_2026-06-10.txt": (
        "Interbay Hyundai - Service Invoice\nDATE IN / OUT: 06/10/2026 08:05 / 06/10/2026 11:40\n"
        "VEHICLE: 2024 Hyundai Ioniq 5 | MILEAGE IN: 18,432\nTire rotation | 49.95\nTOTAL: 164.81\n", 170),
    "Delgado Landscape Studio/2026_Rates_and_Services.txt": ("Maya Delgado - rates 2026\nSite visit | $150\n", 330),
    "Delgado Landscape Studio/Invoices/INV-2026-027_Thompson.txt": ("INVOICE INV-2026-027\nTotal due: $4,200.00\n", 140),
    "Finances/Bank/Statements/EBCU_Statement_2026-09.txt": (
        "Emerald Bay Credit Union\nMonthly Statement - September 2026\nEnding Balance: $12,546.35\n", 60),
    "Finances/Bank/Statements/EBCU_Statement_2026-10.txt": (
        "Emerald Bay Credit Union\nMonthly Statement - October 2026\nEnding Balance: $12,971.87\n", 30),
    "Notes/Recipes/dutch_baby.md": ("# Dutch baby\n3 eggs, 1/2 cup flour, 1/2 cup milk\n", 200),
    "Notes/Recipes/banana_bread.txt": ("Banana bread\n3 ripe bananas\n1 3/4 cups flour\n", 190),
    "Notes/Recipes/IMG_20260321_183045.jpg": ("Image file: IMG_20260321_183045.jpg.", 180),
    "Peti_munka/Bérjegyzékek/berjegyzek_2026_09.txt": (
        _PAYSLIP.format(m=9, n=10, h=4, amt="29 138", month="október"), 55),
    "Peti_munka/Bérjegyzékek/berjegyzek_2026_10.txt": (
        _PAYSLIP.format(m=10, n=11, h=8, amt="58 276", month="november"), 25),
    "Lakás/kaució_átvételi_elismervény.txt": (
        "ÁTVÉTELI ELISMERVÉNY\nAlulírott Horváth László a Tátra utca 14. lakás bérlőitől átvettem:\n"
        "Jogcím | Összeg\nÓvadék (kaució) | 530 000 Ft\nBérleti díj – 2026. február | 265 000 Ft\n"
        "Összesen | 795 000 Ft\nKelt: Budapest, 2026. január 24.\n", 310),
}

folder = folder_fixture("events_heights_and_forints", FILES, NOW)


def test_forints_and_dates_written_year_first():
    assert [m.group() for m in TYPE_PATTERNS["amount"].finditer("Összesen: 795 000 Ft")] == ["795 000 Ft"]
    assert not TYPE_PATTERNS["amount"].search("a 6 ft fence")  # feet, no forints
    assert TYPE_PATTERNS["date"].search("Kelt: 2026. március 5.") and TYPE_PATTERNS["date"].search("2026.03.05.")


def test_the_files_answer(folder):
    agent = planner_agent(folder[0], NOW)
    answers(agent, "When is Picture Day at Little Oaks this fall?", "October 8", "Little_Oaks_Fall_2026_Newsletter.txt")
    answers(agent, "How tall was Leo at his 24-month checkup?", "34.5 in", "Pediatrics_24mo_Visit_2026-03-16.txt",
            session="leo")
    answers(agent, "How many kWh did we use on the September City Light bill?", "1,102", "SCL_2026-09.txt",
            session="scl")
    answers(agent, "When was the Ioniq last in for service?", "06/10/2026",
            "Service_Invoice_Interbay_Hyundai_2026-06-10.txt", session="car")
    answers(agent, "What was the mileage on it then?", "18,432", "Service_Invoice_Interbay_Hyundai_2026-06-10.txt",
            session="car")
    answers(agent, "How much overtime pay did Péter get on his October 2026 payslip?", "58 276", "berjegyzek_2026_10.txt",
            session="peti")
    answers(agent, "How much security deposit did we pay for the Tátra utca flat?", "530 000",
            "kaució_átvételi_elismervény.txt", session="flat")


def test_the_files_counted_and_listed(folder):
    agent = planner_agent(folder[0], NOW)
    final = list(agent.run("Which photos do we have from the Vancouver trip?", session="a"))[-1]
    assert "IMG_20260815_142210.jpg" in final.answer and "IMG_20260816_101845.jpg" in final.answer, final.answer
    final = list(agent.run("How many photos do we have from the Whistler trip?", session="w"))[-1]  # (the booking's
    assert final.answer.startswith("You have 2 photo files"), final.answer  # folder says trip, the photos' do not)
    final = list(agent.run("How many monthly bank statements from Emerald Bay CU do we have?", session="b"))[-1]
    assert final.answer.startswith("You have 2 files"), final.answer
    final = list(agent.run("How many recipes have we got saved?", session="c"))[-1]
    assert final.answer.startswith("You have 2 files") and "IMG_" not in final.answer, final.answer
    final = list(agent.run("What's in Maya's Delgado Landscape Studio folder?", session="d"))[-1]
    assert "Invoices/" in final.answer and "2026_Rates_and_Services.txt" in final.answer, final.answer
