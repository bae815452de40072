"""A household's papers kept in Finnish, asked in English.

A payslip is a *palkkalaskelma* whose tax withheld is its *Ennakonpidätys*; a bill is a *lasku* (an electricity bill a
*sähkölasku*, a compound), due on its *eräpäivä*; a month is said as Finns write it ("5. maaliskuuta 2026", a file
named "…_kesakuu2026" without its letters); a recipe is a *resepti*, and a question may be asked in Finnish
("milloin", "paljonko"), or give the papers' word after its own ("income tax (ennakonpidätys)"). Over a real index, on fixtures written for these tests.
"""

from __future__ import annotations

from datetime import datetime

from conftest import answers, folder_fixture, planner_agent

from manoled.agent.facts import DEADLINE_UNIT
from manoled.agent.layout import sentences
from manoled.agent.months import asked_months, name_dates
from manoled.agent.retrieve import contains
from manoled.agent.shapes import TYPE_PATTERNS
from manoled.agent.tongues import in_english

NOW = datetime(2026, 11, 20, 12).timestamp()

FILES: dict[str, tuple[str, float]] = {
    "Työ/Palkkalaskelmat/palkkalaskelma_2026-05.pdf.txt": (
        "PALKKALASKELMA\nTyönantaja: Saarinen Data Oy\nTyöntekijä: Ville Heikkinen\nPalkkakausi: 1.5.2026–31.5.2026\n"
        "Maksupäivä: 29.5.2026\nKuukausipalkka: 4 600,00 €\nEnnakonpidätys (24,5 %): 1 127,00 €\n"
        "Työeläkemaksu TyEL 7,30 %: 335,80 €\nNettopalkka: 3 096,30 €\n", 170),
    "Koti/Sähkö/Oulun_Energia_lasku_kesakuu2026.pdf.txt": (
        "Oulun Energia - SÄHKÖLASKU\nLaskun numero: 7730418\nLaskun päiväys: 3.7.2026\n"
        "Kulutus 1.6.–30.6.2026: 402 kWh\nYhteensä: 71,42 €\nEräpäivä: 17.7.2026\nViitenumero: 11 22334 45560\n", 130),
    "Matkat/Saariselkä/Varausvahvistus_Revontulimaja.pdf.txt": (
        "VARAUSVAHVISTUS\nMökki Revontulimaja, Saariselkä\nErittely\n€\nMökkivuokra 6.–13.3.2026\n7 yötä\n890,00\n"
        "Loppusiivous\n85,00\nYhteensä (sis. alv 14 % / 25,5 %)\n975,00 €\nMaksut\nEnnakkomaksu 20 %\n195,00 €\n", 250),
    "Muistiinpanot/Reseptit/karjalanpiirakat.md": (
        "# Karjalanpiirakat (mummon resepti)\n- 2 dl vettä\n- 1 tl suolaa\n- 3 dl ruisjauhoja\n- 1 dl vehnäjauhoja\n"
        "Täyte: 2 dl puuroriisiä, 1 l maitoa\n", 300),
}

folder = folder_fixture("household_papers_in_finnish", FILES, NOW)


def test_the_papers_finnish_words_say_the_questions_words():
    assert contains("PALKKALASKELMA", "payslip") and contains("SÄHKÖLASKU", "bill")
    assert contains("SÄHKÖLASKU", "electricity") and contains("Eräpäivä: 17.7.2026", "due")
    assert contains("Karjalanpiirakat (mummon resepti)", "recipe") and contains("Eläinklinikka Käpälä", "clinic")
    assert contains("Avaimet noudetaan Lomapalvelusta", "key") and contains("puh. 016 569 330", "phone")
    assert DEADLINE_UNIT.search("Eräpäivä: 28.4.2026") and not DEADLINE_UNIT.search("Laskun päivämäärä: 14.4.2026")
    assert contains("500 g lohifileetä (nahaton)", "salmon") and contains("Matkamittarin lukema: 98 412 km", "odometer")
    assert sentences("Myöhäinen saapuminen: soita etukäteen, puh. 016 569 330.")[-1].endswith("puh. 016 569 330.")
    assert TYPE_PATTERNS["date"].search("Vuokrasopimus alkaa 5. maaliskuuta 2026")
    assert name_dates("Elisa_lasku_kesakuu2026.pdf") == [(2026, 6)] and asked_months("sähkö tammikuu kwh")[0] == {1}
    assert in_english("milloin on eräpäivä").startswith("when ")


def test_the_files_answer(folder):
    agent = planner_agent(folder[0], NOW)
    answers(agent, "How much tax was withheld from Ville's May payslip?", "1 127,00", "palkkalaskelma_2026-05.pdf.txt",
            session="tax")
    answers(agent, "How much income tax (ennakonpidätys) came off Ville's May pay?", "1 127,00",
            "palkkalaskelma_2026-05.pdf.txt", session="named")  # (the papers' word for it, given after it)
    answers(agent, "When is the June electricity bill due?", "17.7.2026", "Oulun_Energia_lasku_kesakuu2026.pdf.txt",
            session="due")
    answers(agent, "What was the total price of the Revontulimaja cottage?", "975,00 €",
            "Varausvahvistus_Revontulimaja.pdf.txt", session="cottage")  # (a label, its brackets aside, then its sum)
    answers(agent, "revontulimaja hinta yhteensä", "975,00 €", "Varausvahvistus_Revontulimaja.pdf.txt",
            session="hinta")
    answers(agent, "How many kWh did we use in June?", "402 kWh", "Oulun_Energia_lasku_kesakuu2026.pdf.txt",
            session="kwh")
