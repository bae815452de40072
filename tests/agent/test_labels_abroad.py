"""Papers that label their values in their own tongue and layout: a code asked by its name ("the policy number")
is the one its label names ("Polizza n. | 2026/RCA/0048317"), not the plate on the vehicle's line; a booking's
confirmation number grouped by dots ("4127.883.901") is a code, not the hotel's postcode; a bill's total is not its
sum before tax ("Totale imponibile"), and "the bill issued in November" asks the bill's price, not that of an
issue; a number the question gives may be part of a code ("invoice 0418": INV-2026-0418). Over a real index, on a fixture written for these tests."""

from __future__ import annotations

from datetime import datetime

from conftest import answers, folder_fixture, planner_agent

from manoled.agent.attribute import paid_for
from manoled.agent.labelled import code_named

NOW = datetime(2026, 11, 30, 12).timestamp()

FILES: dict[str, tuple[str, float]] = {
    "Auto/Polizza_RCAuto_Meridiana_2026.txt": (
        "Assicurazioni Meridiana S.p.A. - Corso Venezia 36, 20121 Milano\nPolizza RC Auto\nPolizza n. | 2026/RCA/0048317\n"
        "Veicolo: FIAT PANDA 1.2 — targa GH417ZT — uso privato\nContraente: Davide Conti\nPremio annuo: € 412,00\n", 200),
    "Auto/Bollo_auto_2026_Panda.txt": ("Bollo auto 2026 - FIAT PANDA targa GH417ZT\nImporto: € 171,38\n", 170),
    "Viaggi/Booking_Hotel_Cefalu.txt": (
        "StayPoint - Booking confirmation\nYour booking in Cefalù is confirmed!\nConfirmation number | 4127.883.901\n"
        "PIN code | 6604\nHotel Lido Mandralisca, Lungomare Giuseppe Giardina 22, 90015 Cefalù (PA), Italy\n"
        "Check-in | Sunday, 12 July 2026 (from 15:00)\n", 210),
    "Casa/Bollette/Bolletta_luce_2026-11.txt": (
        "Lumen Energia - Bolletta luce\nData emissione: 05/11/2026\nPeriodo: settembre - ottobre 2026\n"
        "Totale imponibile: € 114,54\nIVA 10%: € 11,45\nTOTALE BOLLETTA: € 125,99\nScadenza: 25/11/2026\n", 25),
    "Casa/Bollette/Bolletta_gas_2026-11.txt": (
        "Lumen Energia - Bolletta gas\nData emissione: 06/11/2026\nPeriodo: settembre - ottobre 2026\n"
        "Totale imponibile: € 40,00\nIVA 22%: € 8,80\nTOTALE BOLLETTA: € 48,80\n", 24),
    "Work/Invoices/INV-2026-0418.txt": ("INVOICE\nInvoice No: INV-2026-0418\nBill to: Kilimani Community Church\n"
                                       "Invoice date: 19/09/2026\nDue date: 03/10/2026\nTotal: KES 48,720.00\n", 70),
    "Work/Invoices/INV-2026-0412.txt": ("INVOICE\nInvoice No: INV-2026-0412\nBill to: Safi Pharmaceuticals\n"
                                       "Invoice date: 02/09/2026\nDue date: 16/09/2026\nTotal: KES 49,880.00\n", 88),
}

folder = folder_fixture("labels_abroad", FILES, NOW)


def test_a_participle_after_the_thing_priced_is_no_part_of_it():
    assert paid_for("What is the total to pay on the electricity bill issued in November 2026?") == ["electricity", "bill"]


def test_the_name_a_code_is_asked_by():
    assert code_named("what is the policy number?") == ["policy"]
    assert code_named("policy # for the car?") == ["policy"] and code_named("the policy n° ?") == ["policy"]


def test_a_code_by_the_name_its_label_gives(folder):
    agent = planner_agent(folder[0], NOW)
    answers(agent, "What is the policy number of our RC auto insurance for the Panda?", "2026/RCA/0048317",
            "Polizza_RCAuto_Meridiana_2026.txt")
    answers(agent, "cefalu hotel booking ref", "4127.883.901", "Booking_Hotel_Cefalu.txt")


def test_a_bills_total_is_not_its_sum_before_tax(folder):
    answers(planner_agent(folder[0], NOW), "What is the total to pay on the electricity bill issued in November 2026?",
            "125,99", "Bolletta_luce_2026-11.txt")


def test_a_number_given_as_part_of_a_code(folder):
    answers(planner_agent(folder[0], NOW), "church invoice 0418 - due when?", "03/10/2026", "INV-2026-0418.txt")
