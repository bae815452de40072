"""Papers from Central Europe and what they share with others. A sum is written "12 500 Kč", "CZK 3 450,00" or
"3.450,- Kč" (the currency after it, thousands apart by a space); a date "16. 10. 2026", "3. listopadu 2026" or, in
a year's papers, "16. 10."; a question in English finds the Czech words of papers ("splatnosti" is when it is due).
A bill named for its month tells its own figure from the history rows of other years; a bare question's route
("pnr pune->madgaon") says which ticket, not what is asked. Over a real index, on fixtures written for these tests."""

from __future__ import annotations

import re
import time
from datetime import datetime

import pytest
from conftest import ask, folder_fixture, planner_agent

from manoled.agent.layout import sentences
from manoled.agent.months import names_other_month
from manoled.agent.retrieve import contains, numeric_month
from manoled.agent.shapes import DATE, TYPE_PATTERNS

NOW = time.time()
YEAR = datetime.fromtimestamp(NOW).year


FILES: dict[str, tuple[str, float]] = {
    "Finance/Faktury/Faktura_017.txt": (
        "FAKTURA č. 017\nVariabilní symbol: 2026017\nDodavatel: Martin Dvořák – ilustrace\n"
        "Odběratel: Nakladatelství Modrý pták s.r.o.\nDatum vystavení: | 2. 10.\nDatum splatnosti: | 16. 10.\n"
        "Bankovní účet: | 123456789/0800\nCelkem k úhradě: | 46 000,00 Kč\n", 40),
    "Finance/Faktury/Invoice_018.txt": (
        "INVOICE No. 018\nFrom: Martin Dvořák – illustration\nBill to: Northwind Books GmbH, München\n"
        "Date of issue: 2 November\nDue date: 2 December\nTotal due: EUR 1,800.00\n", 20),
    "Auto/STK_protokol.txt": (
        "PROTOKOL O TECHNICKÉ PROHLÍDCE\nČíslo protokolu: | CZ-3107-26-03-0412\nDatum prohlídky: | 22. 3. 2026\n"
        "Stav počítadla: | 98 412 km\nPlatnost technické prohlídky do: | 22. 3. 2028\n"
        "Cena prohlídky vč. emisí: 1 890,- Kč (zaplaceno kartou)\n", 80),
    f"Home/Bills/Electricity_Bill_Aug_{YEAR - 1}.txt": (
        f"Electricity Bill - Residential\nBill Month: AUG-{YEAR - 1}\nUnits Consumed: 312\n"
        "Bill Amount (Rs.): 3,862.00\nConsumption History\n"
        f"Bill Month: JUL-{YEAR - 1}, Units: 268, Bill Amount (Rs.): 3,196.00\n"
        f"Bill Month: AUG-{YEAR - 2}, Units: 276, Bill Amount (Rs.): 3,301.00\n", 90),
    "Trips/Train_Ticket_PUNE-MAO.txt": ("Indian Railways e-ticket\nFrom: PUNE JN (PUNE)\nTo: MADGAON (MAO)\n"
                                        "PNR: 8524719360\nTrain No./Name: 12780 / GOA EXPRESS\n", 30),
}

folder = folder_fixture("czech_papers", FILES, NOW)


def test_crowns_and_other_sums_with_their_currency_after():
    for text in ("Celkem k úhradě: 46 000,00 Kč", "Přeplatek: CZK 2 375,37", "Cena: 3.450,- Kč", "Deposit 344,40 €",
                 "Lift pass 250 kr", "Rent: 2 400 zł"):
        assert TYPE_PATTERNS["amount"].search(text), text
    assert not TYPE_PATTERNS["amount"].search("the shed is 12 ft long")


def test_dates_written_with_dots_and_spaces():
    for text, date in (("Datum splatnosti: 16. 10. 2026", "16. 10. 2026"), ("poprvé od 3. listopadu 2026", "3. listopadu"),
                       ("Datum splatnosti: 16. 10.", "16. 10.")):
        assert [m.group(0) for m in re.finditer(DATE, text, re.IGNORECASE)] == [date], text
    assert numeric_month("Datum prohlídky: 22. 3. 2026", 3)
    assert sentences("Platnost do: 22. 3. 2028. Příští prohlídka: pravidelná.") == [
        "Platnost do: 22. 3. 2028.", "Příští prohlídka: pravidelná."]


def test_a_sentence_may_open_with_any_capital():
    assert sentences("Nájemce složil jistotu ve výši 55 000 Kč. Částka 45 000 Kč byla převedena.") == [
        "Nájemce složil jistotu ve výši 55 000 Kč.", "Částka 45 000 Kč byla převedena."]
    assert sentences("Dr. Ortiz said so. then more.  Next!") == ["Dr. Ortiz said so. then more.", "Next!"]


def test_czech_words_of_papers_say_the_english_ones():
    assert contains("Datum splatnosti: 16. 10.", "due") and contains("Krkonose_unor_2026", "february")
    assert contains("složil jistotu (kauci) ve výši 55 000 Kč", "deposit") and contains("Fakturujeme Vám", "invoice")
    assert contains("Spotřeba celkem za zúčtovací období", "billing")
    assert contains("Spotřeba celkem: 2 184 kWh", "consumption") and contains("Kauce: 55 000 Kč", "deposit")
    assert not contains("Datum splatnosti: 16. 10.", "deposit")
    assert contains("Datum vystavení: 2. 10.", "date") and contains("Fecha de emisión", "date")


def test_a_history_row_of_a_bill_named_for_its_month():
    bill = f"Electricity_Bill_Oct_{YEAR}.pdf"
    assert names_other_month({10}, set(), f"Bill Month: OCT-{YEAR - 1}", bill)  # last year's October
    assert not names_other_month({10}, set(), f"Bill Month: OCT-{YEAR}", bill)
    assert names_other_month(set(), set(), f"Bill Month: SEP-{YEAR}", bill)  # no month asked: the bill's own
    assert not names_other_month(set(), set(), f"Bill Month: SEP-{YEAR}", "electricity.csv")


@pytest.mark.parametrize(("question", "fact", "name"), [
    ("when was the modry ptak invoice due", "16. 10.", "Faktura_017.txt"),  # "Datum splatnosti: | 16. 10."
    # the Czech invoice, whose "Datum splatnosti" is its due date, not the English one to another client
    ("What is the due date on Martin's invoice to Nakladatelství Modrý pták?", "16. 10.", "Faktura_017.txt"),
    ("stk valid till?", "22. 3. 2028", "STK_protokol.txt"),  # "Platnost … do: | 22. 3. 2028", not cut after "22."
    # until what date: the date of a label that says an end, not the inspection's "Datum prohlídky"
    ("Until what date is our car's STK valid?", "22. 3. 2028", "STK_protokol.txt"),
    ("pnr pune->madgaon", "8524719360", "Train_Ticket_PUNE-MAO.txt"),  # the route's ends say which ticket
], ids=["czech-invoice-due", "due-date-of-the-invoice-to-a-named-client", "inspection-valid-until",
    "until-what-date", "route-says-which-ticket"])
def test_a_fact_of_a_czech_or_terse_paper(folder, question, fact, name):
    final, names = ask(planner_agent(folder[0], NOW), question)
    assert fact in final.answer and names == [name], final.answer


def test_a_bills_own_units_not_last_years(folder):
    final, _ = ask(planner_agent(folder[0], NOW), "how many units was the aug electricity bill for?")
    assert "312" in final.answer, final.answer
