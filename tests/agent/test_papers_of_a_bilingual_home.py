"""Values asked of a bilingual household's papers: "my net pay on the April 2 pay" (a pay, not a thing paid for),
the wifi's "Mot de passe", how many kilometres were on the car, and "what was the mileage when it went in" (the
reading then, not a date for that "when"); a bill's amount, not the payment it says was received; "August's
electricity" asks of August (a month with no bill); "noé dentist time" the hour, not the letter's date. Over a real
index, on fixtures written for these tests."""

from __future__ import annotations

from datetime import datetime

from conftest import ask, folder_fixture, planner_agent

from manoled.agent.kinds import typed_by
from manoled.agent.months import asked_months

NOW = datetime(2026, 11, 20, 12).timestamp()

FILES: dict[str, tuple[str, float]] = {
    "Paie/releve_paie_2026-04-02.txt": (
        "CENTRE HOSPITALIER DE LAVAL\nRelevé de paie\nPériode: 2026-03-15 au 2026-03-28\nDate de paie: 2026-04-02\n"
        "Salaire brut: 3 120,00 $\nImpôt fédéral: 402,10 $\nImpôt du Québec: 455,35 $\nRRQ: 196,20 $\n"
        "SALAIRE NET: 2 066,35 $\n", 220),
    "Maison/wifi_codes.txt": (
        "WIFI & CODES\n\nWifi maison\n  Réseau : Laurier-5G\n  Mot de passe : Pistache#Noe2019\n\n"
        "Wifi invités\n  Réseau : Laurier-Invites\n  Mot de passe : erable-rouge-12\n\nCadenas vélos : 0614\n", 60),
    "Auto/service_report_2026-05-11.txt": (
        "GARAGE BEAUBIEN - SERVICE REPORT\nVehicle: 2018 Mazda CX-5\nDate in: May 11, 2026 8:10\n"
        "Odometer in: 64,905 km\nWork performed: oil change, tire rotation\nTotal: $212.40\n"
        "Next service due: 72,000 km or November 11, 2026, whichever comes first.\n", 190),
    "Maison/Hydro/hydro_2026-01.txt": (
        "HYDRO-QUÉBEC\nFacture du 20 janvier 2026\nPériode: 2025-11-18 au 2026-01-19\n"
        "Paiement reçu le 4 janvier 2026 - merci: -171,30 $\nFacture courante: 203,44 $\nMONTANT À PAYER: 203,44 $\n", 300),
    "Maison/Hydro/hydro_2026-03.txt": (
        "HYDRO-QUÉBEC\nFacture du 20 mars 2026\nPériode: 2026-01-20 au 2026-03-19\nMONTANT À PAYER: 188,10 $\n", 240),
    "Sante/dentiste_Noe.txt": (
        "Clinique dentaire Rosemont\nParent/Guardian of Noé Tremblay: 2 November 2026\n"
        "Appointment: Thursday 26 November 2026 at 4:20pm\nPlease arrive 10 minutes early.\n", 15),
}

folder = folder_fixture("papers_of_a_bilingual_home", FILES, NOW)


def test_a_pay_is_no_thing_paid_for(folder):
    final, _ = ask(planner_agent(folder[0], NOW), "What was my net pay on the April 2 pay from the hospital?")
    assert "2 066,35" in final.answer, final.answer


def test_the_password_is_the_mot_de_passe(folder):
    final, _ = ask(planner_agent(folder[0], NOW), "What's the password for our home wifi, not the guest one?")
    assert "Pistache#Noe2019" in final.answer, final.answer


def test_the_reading_then_is_not_the_next_service(folder):
    agent = planner_agent(folder[0], NOW)
    final, _ = ask(agent, "How many kilometres were on the Mazda when it went in to Garage Beaubien?")
    assert "64,905" in final.answer, final.answer
    final, _ = ask(agent, "What was the mileage on the CX-5 when it went in for its oil change?")
    assert "64,905" in final.answer, final.answer


def test_a_payment_received_is_not_the_bill(folder):
    final, _ = ask(planner_agent(folder[0], NOW), "How much was the Hydro bill for January?")
    assert "203,44" in final.answer, final.answer


def test_a_months_possessive_names_the_month(folder):
    assert asked_months("What did Octopus charge us for October's gas and electric?")[0] == {10}
    agent = planner_agent(folder[0], NOW)
    final, _ = ask(agent, "How much was January's Hydro bill?")
    assert "203,44" in final.answer, final.answer
    final, _ = ask(agent, "What did Hydro charge us for August's electricity?", session="august")
    assert "found nothing" in final.answer and "188,10" not in final.answer, final.answer


def test_a_phrase_ending_in_time_asks_the_hour(folder):
    assert typed_by("poppy dentist time") == ("time", True)
    assert typed_by("bacalhau soaking time?") == ("duration", True)
    final, _ = ask(planner_agent(folder[0], NOW), "noé dentist time")
    assert "4:20pm" in final.answer, final.answer


def test_a_new_question_naming_another_month_is_not_about_the_bill_just_shown(folder):
    agent = planner_agent(folder[0], NOW)
    first, _ = ask(agent, "How much was January's Hydro bill?")
    assert "203,44" in first.answer, first.answer
    final, plan = ask(agent, "What did Hydro charge us for August's electricity?", session=first.session)
    assert "found nothing" in final.answer and "203,44" not in final.answer, final.answer  # not January's again
    final, _ = ask(agent, "What was the total to pay on the Hydro bill in March?", session=first.session)
    assert "188,10" in final.answer, final.answer
