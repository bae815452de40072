"""Values papers write in their own shorthand: hours billed as "22.5 | h", a meter line of several labelled values
("Usage 1,842 kWh   Days 31   Avg 59.4 kWh/day"), a party of a lease under its numbered clause ("1. Landlord" over
"Full name | …" and the agent's line), and a German recipe asked in German keywords, whose capitals are its nouns.
Over a real index, on fixtures written for these tests."""

from __future__ import annotations

from datetime import datetime

from conftest import ask, folder_fixture, planner_agent

from manoled.agent.focus import measured_as
from manoled.agent.labelled import says_use
from manoled.agent.named import written_as_name
from manoled.agent.retrieve import contains
from manoled.agent.tongues import capitalises_nouns
from manoled.agent.units import sectioned

NOW = datetime(2026, 5, 20, 12).timestamp()

FILES: dict[str, tuple[str, float]] = {
    "Work/Invoices/INV-0042_Okonkwo.txt": (
        "FERNHILL JOINERY | INVOICE\nBill to: Priya Okonkwo, 7 Larch Row\nInvoice no. INV-0042 | Date: 3 March 2026\n"
        "Project: Oak staircase refit\n\nDescription | Qty | Unit | Rate | Amount\n"
        "Labour - fitting and finishing | 22.5 | h | £48.00 | £1,080.00\nOak treads | 14 | pcs | £36.00 | £504.00\n"
        "Total | £1,584.00\n", 70),
    "Home/tenancy_agreement_flat4.txt": (
        "RESIDENTIAL TENANCY AGREEMENT\nPrepared by Northgate Lettings Ltd for Flat 4, 31 Quay Street\n1. Landlord\n"
        "Full name | Miriam Achterberg\nAddress for service | c/- Northgate Lettings, 12 Quay Street\n"
        "Agent | Tom Reyes, Lettings Manager, mobile 07700 900412\n2. Tenants\nJonah Feld | 07700 900113\n"
        "3. Rent\nRent | £1,150.00 per month, paid on the 1st\n", 200),
    "Home/Bills/brightgrid_2026-03.txt": (
        "BRIGHTGRID ENERGY | ELECTRICITY BILL\nBill date: 08/04/2026\nService period: 01/03/2026 - 31/03/2026\n"
        "Total amount due | £431.12\n\nMeter & Usage Detail\n"
        "Electric Meter 55120934   Previous Read 41,220   Current Read 43,062   Usage 1,842 kWh   Days 31   "
        "Avg 59.4 kWh/day\nWater Meter W-2231   Usage 9,100 gallons   Avg 294 gal/day\n"
        "Meter reading 01/03/2026: 41,220 kWh · Meter reading 31/03/2026: 43,062 kWh\n\nEnergy charges\nTier 1 (1-400 kWh @ £0.21) | 84.00\nTier 2 (401-1,842 kWh @ £0.24) | 346.08\n"
        "Your 12-month average usage is 1,102 kWh.\n", 40),
    "Wohnung/stadtwerke_rechnung_2026-02.txt": (
        "Stadtwerke Linz | Rechnung Strom\nAbrechnungszeitraum 01.02.2026 – 28.02.2026\n"
        "STROM | Zählpunkt AT0030000000000000000000123456\n"
        "Zählerstand 01.02.: 18.204 kWh   ·   Zählerstand 28.02.: 18.491 kWh\nVerbrauch: 287 kWh\n"
        "Energiepreis | 287 kWh × 14,20 ct | 40,75\nSumme Strom netto | 61,30\n", 60),
    "Rezepte/Kartoffelsalat.md": (
        "# Kartoffelsalat (Tante Ilses Art)\n\n## Zutaten\n- 1 kg festkochende Kartoffeln\n- 1 rote Zwiebel, fein "
        "gewürfelt\n- 250 ml heiße Rinderbrühe\n- 4 EL Essig (Weißwein)\n- 5 EL Sonnenblumenöl\n- Salz, Pfeffer und "
        "1 TL Senf\n\n## Zubereitung\n1. Kartoffeln mit Schale kochen, pellen und warm in Scheiben schneiden.\n"
        "2. Brühe mit Essig, Senf und Zwiebel aufkochen und über die Kartoffeln gießen.\n"
        "3. Eine Stunde ziehen lassen, dann das Öl unterheben.\n", 90),
    "Work/site notes.txt": (
        "Thu 26 Feb: 3 hrs on site at Larch Row, measured the stair stringers.\nFri 27 Feb: ordered oak treads.\n", 80),
    "Notizen/Tagebuch.md": (
        "## 12. April\nBesuch bei Tante Ilse in Graz. Es gab Kartoffelsalat mit Würstel, und wir haben eine Menge "
        "Fotos im Garten gemacht. Die Kinder waren bis zum Abend draußen.\n", 35),
}

folder = folder_fixture("lines_of_values", FILES, NOW)


def test_hours_are_said_by_their_symbol():
    row = "Description: Labour - fitting and finishing, Qty: 22.5, Unit: h, Rate: £48.00"
    assert measured_as(row, "hour") and measured_as(row, "hrs")
    assert measured_as("1 kg festkochende Kartoffeln", "kilo")
    assert not measured_as("the h key", "hour") and not measured_as("22.5 h", "minute")


def test_the_hours_billed_on_an_invoice(folder):
    agent = planner_agent(folder[0], NOW)
    for question in ("How many hours of labour did Fernhill bill on the Okonkwo staircase?",
                     "okonkwo invoice labour hrs"):
        final, sources = ask(agent, question)
        assert "22.5" in final.answer and sources == ["INV-0042_Okonkwo.txt"], (question, final.answer)


def test_a_numbered_clause_heads_its_rows():
    text = FILES["Home/tenancy_agreement_flat4.txt"][0]
    under = {u: section for u, _title, _whole, section in sectioned(text, "tenancy_agreement_flat4.txt")}
    assert under["Full name: Miriam Achterberg"] == "1. Landlord"
    assert under["Rent: £1,150.00 per month, paid on the 1st"] == "3. Rent"
    steps = "1. Preheat the oven to 200C\n2. Mix the flour: 200 g with the butter\n"  # a method's steps head nothing
    assert all(section == "" for *_, section in sectioned(steps, "scones.md"))


def test_the_landlord_is_not_the_agent_under_the_landlords_clause(folder):
    agent = planner_agent(folder[0], NOW)
    for question in ("Who is the landlord?", "What's the name of our landlord on the tenancy agreement?"):
        final, _sources = ask(agent, question)
        assert "Miriam Achterberg" in final.answer and "Reyes" not in final.answer, (question, final.answer)


def test_the_landlords_own_phone_is_not_the_agents(folder):
    agent = planner_agent(folder[0], NOW)
    final, sources = ask(agent, "what's the landlord's own phone number?")
    assert sources == [] and "900412" not in final.answer, final.answer
    final, sources = ask(agent, "what's the agent's mobile number?")
    assert "07700 900412" in final.answer and sources == ["tenancy_agreement_flat4.txt"], final.answer


def test_an_average_a_reading_or_a_rate_is_no_use():
    assert says_use("Usage 1,842 kWh") and says_use("Verbrauch: 312 kWh") and says_use("Total 2,215 kWh")
    assert not says_use("Your 12-month average usage is 1,102 kWh.")
    assert not says_use("Ihr durchschnittlicher Tagesverbrauch Strom: 10,1 kWh")
    assert not says_use("Zählerstand 31.01.: 23.724 kWh") and not says_use("Meter reading 01/03: 4,512 kWh")
    assert not says_use("Tier 1 (1-400 kWh @ £0.21): 84.00") and not says_use("Energiepreis: 312 kWh × 13,90 ct")


def test_a_line_of_labelled_values_is_no_tables_head():
    text = FILES["Home/Bills/brightgrid_2026-03.txt"][0]
    units = [u for u, *_ in sectioned(text, "brightgrid_2026-03.txt")]
    assert "Usage 1,842 kWh" in units and "Avg 59.4 kWh/day" in units
    assert not any("Water Meter" in u and "Electric Meter" in u for u in units)  # no row of a table headed by the other


def test_the_kwh_used_not_the_average_nor_a_tier(folder):
    final, sources = ask(planner_agent(folder[0], NOW), "How many kWh did we use in March?")
    assert "1,842 kWh" in final.answer and "@" not in final.answer and "average" not in final.answer, final.answer
    assert sources == ["brightgrid_2026-03.txt"]


def test_a_meter_reading_is_no_use_though_cut_from_its_label(folder):
    final, _sources = ask(planner_agent(folder[0], NOW), "How many kWh did we use in February on the Stadtwerke bill?")
    assert "287 kWh" in final.answer and "18." not in final.answer, final.answer


def test_german_capitals_are_its_nouns_not_names():
    diary = FILES["Notizen/Tagebuch.md"][0]
    assert capitalises_nouns(diary) and not capitalises_nouns("Paid to Ruth for the bond, and the rest to Callum.")
    assert not written_as_name("menge", [diary])
    assert written_as_name("ruth", ["Paid to Ruth on Friday."])


def test_a_german_recipe_asked_in_german_keywords(folder):
    final, sources = ask(planner_agent(folder[0], NOW), "kartoffelsalat essig menge")
    assert "4 EL" in final.answer and sources == ["Kartoffelsalat.md"], final.answer


def test_paper_words_of_a_teacher_and_a_quebec_landlord():
    assert contains("Ihre Gruppenpädagogin ist Frau Sabine Wendt", "teacher")
    assert contains("A. ENTRE LE LOCATEUR", "landlord")
