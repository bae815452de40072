"""A household's papers kept in Swedish, with a Danish dentist's invoice and a Norwegian car insurance, asked in English.

The lease says *Hyra* (the rent), *Uppsägningstid* (the notice) and "från och med den 1 augusti 2026" (when it
starts: a Swedish month's name is a date); the payslip's take-home pay is *Att utbetala*; the electricity bill is an
*Elräkning* due on its *Förfallodag*; the dentist is a *Tandlæge* whose invoice is due on its *Forfaldsdato*; the car
insurance's yearly price is *Årlig pris*. No form is another word: the Danish *skat* is an English one, the Swedish
*tåg* (a train) is read as *tag*, *strøm* (electricity) ends *Lindström*, *räkning* (a bill) ends *beräkning* (a
calculation), a *tandläkare* is no *läkare* (a doctor), the Danish *læge* (a doctor) starts *lägenhet* (a flat),
*mjöl* (flour) starts *mjölk* (milk), and *möte* (a meeting) is read as the Dutch *moeten*.
Over a real index, on fixtures written for these tests.
"""

from __future__ import annotations

from datetime import datetime

from conftest import answers, folder_fixture, planner_agent

from manoled.agent.facts import DEADLINE_UNIT, HARD_DEADLINE
from manoled.agent.months import asked_months
from manoled.agent.retrieve import contains
from manoled.agent.shapes import TYPE_PATTERNS
from manoled.agent.totals import NET_UNIT, TOTAL_UNIT

NOW = datetime(2026, 11, 20, 12).timestamp()

LEASE = ("HYRESKONTRAKT FÖR BOSTADSLÄGENHET\n"
         "Hyresvärd: Fastighets AB Björkhagen, org.nr 556677-1234\n"
         "Hyresgäst: Elin Lindqvist och Johan Lindqvist\n"
         "Lägenhet nr 1203, Björkhagsvägen 14, 3 tr, 121 52 Johanneshov\n"
         "Hyrestid: från och med den 1 augusti 2026, tills vidare\n"
         "Hyra: 9 850 kr per månad, att betalas i förskott senast sista vardagen före varje månads början\n"
         "Deposition: 19 700 kr\n"
         "Uppsägningstid: 3 månader\n"
         "Underskrifter: Stockholm 2026-07-12\n")
PAYSLIP = ("LÖNESPECIFIKATION\n"
           "Arbetsgivare: Region Stockholm\n"
           "Anställd: Johan Lindqvist, anst.nr 40871\n"
           "Period: oktober 2026\n"
           "Utbetalningsdag: 2026-10-25\n"
           "Månadslön 38 500,00\n"
           "Bruttolön 38 500,00\n"
           "Preliminär skatt -10 088,00\n"
           "Att utbetala 28 412,00 kr\n")
ELECTRICITY = ("ELRÄKNING\n"
               "Vattenfall AB, 169 92 Stockholm\n"
               "Kundnummer: 4471 2290\n"
               "Anläggning: Björkhagsvägen 14, lgh 1203\n"
               "Period: 2026-10-01 – 2026-10-31\n"
               "Förbrukning: 412 kWh\n"
               "Elnät 498,10 kr\n"
               "Elhandel 623,40 kr\n"
               "Moms 25 % 121,50 kr\n"
               "Att betala: 1 243 kr\n"
               "Förfallodag: 2026-11-30\n"
               "OCR-nummer: 88120445123\n")
DENTIST = ("TANDLÆGE METTE HOLM\n"
           "Klinikken ved Søndre Boulevard, 1720 København V\n"
           "Faktura nr. 2026-1187\n"
           "Patient: Elin Lindqvist\n"
           "Behandling: undersøgelse og tandrensning\n"
           "I alt: 1.850,00 kr.\n"
           "Forfaldsdato: 15.12.2026\n")
CAR_INSURANCE = ("FORSIKRINGSBEVIS\n"
                 "Gjensidige Forsikring ASA\n"
                 "Forsikringstaker: Johan Lindqvist\n"
                 "Kjøretøy: Volvo V60, reg.nr EL 48213\n"
                 "Dekning: kasko\n"
                 "Årlig pris: 8 940 kr\n"
                 "Forfallsdato: 2027-01-15\n")


def test_the_papers_swedish_danish_and_norwegian_words_say_the_questions_words():
    assert contains("Hyra: 9 850 kr per månad", "rent")
    assert contains("Husleje: 7 450 kr", "rent") and contains("Månedsleie: 11 200 kr", "rent")
    assert contains("Att utbetala 28 412,00 kr", "net") and contains("Udbetalt: 21.904,00", "net")
    assert contains("Förfallodag: 2026-11-30", "due") and contains("Forfaldsdato: 15.12.2026", "due")
    assert contains("ELRÄKNING", "electricity") and contains("ELRÄKNING", "bill")
    assert contains("Kvitto nr 42", "receipt") and contains("Kvittering", "receipt")
    assert contains("Uppsägningstid: 3 månader", "notice") and contains("Opsigelsesvarsel: 3 måneder", "notice")
    assert contains("Lönespecifikation oktober", "payslip") and contains("Lønseddel for marts", "payslip")
    assert contains("Tandlæge Mette Holm", "dentist") and contains("Läkare: Dr Berg", "doctor")
    assert contains("Hemförsäkring", "insurance") and contains("Bilforsikring", "insurance")


def test_no_form_is_another_word():
    assert contains("Skatt: 10 088", "tax") and not contains("a skat of rain", "tax")
    assert contains("Tågresa Stockholm–Göteborg", "train") and not contains("the price tag", "train")
    assert contains("Strømregning", "electricity") and not contains("Anna Lindström", "electricity")
    assert contains("Elräkning", "bill") and not contains("Beräkning av förbrukning", "bill")
    assert contains("Tandläkare Eriksson", "dentist") and not contains("Tandläkare Eriksson", "doctor")
    assert contains("Lægehuset Nørrebro", "doctor") and not contains("Lägenhet nr 1203", "doctor")
    assert contains("Vetemjöl 2 kg", "flour") and not contains("Mjölk 1 l", "flour")
    assert contains("Generalforsamling 2026", "meeting") and not contains("Wij moeten nog betalen", "meeting")


def test_a_nordic_month_is_a_date_and_months_are_a_span():
    assert TYPE_PATTERNS["date"].search("från och med den 1 augusti 2026")
    assert TYPE_PATTERNS["date"].search("Lejeforholdet begynder 1. marts 2027")
    assert TYPE_PATTERNS["duration"].search("Uppsägningstid: 3 månader")
    assert TYPE_PATTERNS["duration"].search("Opsigelsesvarsel: tre måneder")
    assert asked_months("hyra augusti?")[0] == {8} and asked_months("løn marts 2027")[0] == {3}


folder = folder_fixture("swedish_household", {
    "Bostad/Hyreskontrakt_Bjorkhagsvagen_14.txt": (LEASE, 100),
    "Jobb/Lonespecifikation_2026-10.txt": (PAYSLIP, 26),
    "Rakningar/Vattenfall_2026-10.txt": (ELECTRICITY, 15),
    "Vard/Holm_2026-11.txt": (DENTIST, 5),
    "Bil/Gjensidige_2027.txt": (CAR_INSURANCE, 40),
    "Anteckningar/att_gora.txt": ("- ringa hyresvärden om elementet\n- boka tid för besiktning av bilen\n", 3),
}, NOW)


def asks(folder, question: str, answer: str, source: str) -> None:
    """``question`` asked of a new agent, answered with ``answer`` from ``source``."""
    answers(planner_agent(folder[0], NOW), question, answer, source)


def test_the_rent_of_a_swedish_lease(folder):
    asks(folder, "what's our monthly rent?", "9 850 kr", "Hyreskontrakt_Bjorkhagsvagen_14.txt")
    asks(folder, "what do we pay a month for the flat?", "9 850 kr", "Hyreskontrakt_Bjorkhagsvagen_14.txt")


def test_the_notice_the_landlord_must_be_given(folder):
    asks(folder, "how much notice do we have to give the landlord?", "3 månader", "Hyreskontrakt_Bjorkhagsvagen_14.txt")
    asks(folder, "how far ahead do we have to tell the landlord if we move out?", "3 månader",
         "Hyreskontrakt_Bjorkhagsvagen_14.txt")


def test_a_lease_that_starts_in_augusti(folder):
    asks(folder, "when did the lease start?", "1 augusti 2026", "Hyreskontrakt_Bjorkhagsvagen_14.txt")


def test_the_take_home_pay_of_a_swedish_payslip(folder):
    asks(folder, "how much did I take home in October?", "28 412", "Lonespecifikation_2026-10.txt")


def test_the_electricity_bill(folder):
    asks(folder, "when is the electricity bill due?", "2026-11-30", "Vattenfall_2026-10.txt")
    asks(folder, "how much electricity did we use in October?", "412 kWh", "Vattenfall_2026-10.txt")


def test_a_danish_dentists_invoice(folder):
    asks(folder, "how much was the dentist?", "1.850,00", "Holm_2026-11.txt")
    asks(folder, "by when do I have to pay the dentist?", "15.12.2026", "Holm_2026-11.txt")


def test_a_norwegian_car_insurance(folder):
    asks(folder, "how much is the Volvo insurance per year?", "8 940", "Gjensidige_2027.txt")
    asks(folder, "when is the car insurance due?", "2027-01-15", "Gjensidige_2027.txt")


def test_a_nordic_bills_total_and_last_day():
    assert TOTAL_UNIT.search("Att betala: 1 243 kr") and TOTAL_UNIT.search("I alt: 1.850,00 kr.")
    assert NET_UNIT.search("Att utbetala 28 412,00 kr") and DEADLINE_UNIT.search("Förfallodag: 2026-11-30")
    assert HARD_DEADLINE.search("betalas senast 30 november")


def test_the_electricity_bills_total_and_when_it_must_be_paid(folder):
    asks(folder, "how much is the electricity bill?", "1 243 kr", "Vattenfall_2026-10.txt")  # not the VAT line
    asks(folder, "when does the power bill have to be paid?", "2026-11-30", "Vattenfall_2026-10.txt")  # not its period
