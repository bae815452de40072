"""The everyday names people give the things their papers name otherwise. "The power" is the electricity (a Spanish
bill's *luz*), an SUV is the car its lease names by its model, "the bike shop" is a business called "… Cycles", "the
tax office" is the tax, whoever it is. How a question asks ("how much
money", "supposed to", "what number do I read out", "what does X take out of our account") is not what it is about;
"how much are we paying for the power we used" asks a sum, though "used" alone asks a quantity. How long a Czech
recipe's dish stays in the oven is said in *hodiny*, in a *trouba*. Over a real index, on fixtures written for these
tests."""

from __future__ import annotations

import time

from conftest import answers, ask, folder_fixture, planner_agent

from manoled.agent import gloss
from manoled.agent.attribute import asked_words
from manoled.agent.kinds import typed_by
from manoled.agent.shapes import TYPE_PATTERNS
from manoled.agent.slots import read_slots
from manoled.agent.terms import topic_terms

NOW = time.time()

FILES: dict[str, tuple[str, float]] = {
    "Facturas/Luz/factura_luz_mar26.txt": (
        "ELÉCTRICA DEL CENTRO, S.A.\nFactura de electricidad · Periodo: 01/03/2026 - 31/03/2026\n"
        "Titular: Marta Ruiz Gómez · CUPS ES0031 4080 1122 3344 HB\n"
        "Potencia contratada: 3,45 kW x 31 días x 0,112 €/kW día: 11,98 €\n"
        "Término de energía: 231 kWh x 0,152300 €/kWh: 35,18 €\n"
        "Impuesto eléctrico: 2,41 €\nAlquiler de contador: 0,84 €\nBASE IMPONIBLE: 50,41 €\nIVA 21%: 10,59 €\n"
        "TOTAL A PAGAR: 61,00 €\nSe cargará en su cuenta el 9 de abril de 2026.\n", 40),
    "Finanzas/Renta 2024 resumen.txt": (
        "Declaración de la Renta 2024 (IRPF) · Marta Ruiz Gómez\nPresentada el 14/05/2025\n"
        "Base liquidable general: 31.204,10 €\nCuota líquida: 5.118,30 €\nRetenciones: 5.689,52 €\n"
        "RESULTADO DE LA DECLARACIÓN: A DEVOLVER 571,22 €\nDevolución recibida el 30/06/2025.\n", 300),
    "Car/Lease - Honda Pilot.txt": (
        "Vehicle Lease Agreement\nLessee: Dana Okafor\nVehicle: 2025 Honda Pilot Touring AWD\n"
        "Lease term: 48 months from March 1, 2026\nBase monthly payment: $598.00\nSales tax on payment: $77.74\n"
        "Total monthly payment: $675.74 (automatic debit on the 3rd)\nMileage allowance: 16,000 per year\n", 200),
    "Car/Insurance renewal 2026.txt": (
        "Lakeshore Mutual - Auto renewal\nVehicle: 2025 Honda Pilot Touring\nTerm: 12 months from April 1, 2026\n"
        "Annual premium: $2,184.00 or 12 monthly payments of $182.00\n", 100),
    "Work/Invoices/INV-118 Harbour Cycles.txt": (
        "INVOICE INV-118\nFrom: Nia Roberts Bookkeeping\nBill to: Harbour Cycles Ltd, 40 Quay Road, Swansea\n"
        "Period: October 2026\nBookkeeping | 14 h @ £30.00 | £420.00\nPayroll | 5 staff @ £15.00 | £75.00\n"
        "TOTAL DUE: £495.00\nPayment terms: 14 days\n", 30),
    "Work/Invoices/INV-117 Seaview Cafe.txt": (
        "INVOICE INV-117\nFrom: Nia Roberts Bookkeeping\nBill to: Seaview Cafe, 2 Marine Parade, Swansea\n"
        "Period: October 2026\nBookkeeping | 9 h @ £30.00 | £270.00\nTOTAL DUE: £270.00\n", 31),
    "Bills/Bay Water 2026-27.txt": (
        "Bay Water · Your water and sewerage bill 2026/27\nN Roberts | Account number | 5528 1046 73\n"
        "Water supply: £218.40\nSewerage: £241.10\nTotal for the year: £459.50, by 10 monthly direct debits\n", 120),
    "Bills/scan_0031.txt": (
        "FibreNet · Your bill · 12 November 2026\nMs N Roberts | Account number: | 771 30 5521\n"
        "Read your router's lights guide if the connection drops.\nFibre 150 Broadband (monthly) | £32.00\n"
        "Help: fibrenet.example/help or 0300 555 0199\nFibreNet Communications Ltd, 3 Dock Street, Swansea SA1 1AA\n",
        10),
    "Recepty/hovezi_na_cibuli.md": (
        "# Hovězí na cibuli (od mámy)\n\n## Suroviny\n- 800 g hovězí kližky\n- 4 velké cibule\n- 2 lžíce sádla\n"
        "- sůl, pepř, kmín\n\n## Postup\n1. Cibuli nakrájíme na půlkolečka a zpěníme na sádle.\n"
        "2. Maso nakrájíme na plátky, osolíme a opepříme.\n"
        "3. Dusíme přikryté v troubě na 170 °C asi 1,5 hodiny, občas podlijeme vodou.\n"
        "Podáváme s chlebem nebo bramborem.\n", 15),
    "Arbeit/Rahmenvertrag Verlag Eule.txt": (
        "Rahmenvertrag über freie Mitarbeit (Übersetzung)\nzwischen Verlag Eule GmbH, Leipzig, und Nia Roberts\n"
        "§ 3 Vergütung: 24,00 € je Normseite, zahlbar binnen 30 Tagen nach Rechnungseingang.\n"
        "§ 7 Laufzeit und Kündigung: Der Vertrag läuft auf unbestimmte Zeit. Er kann von beiden Seiten mit einer "
        "Frist von zwei Monaten zum Quartalsende schriftlich gekündigt werden.\n", 150),
    "Notes/household.md": ("# Household\n\n## Rosa (nanny)\n- Rosa's contract ends 3 March 2027 - renew? ask her in Jan\n"
                           "- Rosa's day off: Wednesday\n\n## Car\n- MOT due 14/08/2027\n", 8),
    "Notes/notes.txt": ("Notes\n- moved money to the holiday pot\n- office chair: ask Jo about a refund\n"
                        "- bike lights need new batteries\n- 2024: Jo's parents visited in May\n", 5),
    "Voiture/avis_contravention.txt": (
        "AVIS DE CONTRAVENTION\nContrôle automatisé\nDate d'envoi | 12/05/2026\n"
        "Nature de l'infraction | EXCÈS DE VITESSE INFÉRIEUR À 20 KM/H\nDate et heure | 06/05/2026 à 17:18\n"
        "Lieu | VILLEURBANNE – COURS ÉMILE ZOLA\nVitesse maximale autorisée | 50 km/h\n"
        "Vitesse mesurée | 61 km/h\nVitesse retenue | 56 km/h\nAmende forfaitaire minorée | 90,00 €\n", 200),
}

folder = folder_fixture("everyday_names", FILES, NOW)


def test_how_a_question_asks_is_not_what_it_is_about():
    assert topic_terms("how much money did the tax office give back?") == ["tax", "refund"]
    assert "supposed" not in topic_terms("what is the shop supposed to pay me?")
    assert "read" not in topic_terms("which account is ours - what number do I read out?")
    assert "office" not in topic_terms("when did the tax office write?")  # the tax, whoever it is
    assert "office" in topic_terms("what's the code for the shared office?")  # (a shared office is an office)
    keep_all = lambda word: True  # noqa: E731
    assert gloss.rephrase("What does the gym take out of our account every month?", keep_all) == \
        "What does the gym cost every month?"


def test_a_sum_paid_for_what_was_used_is_an_amount():
    assert typed_by("how much are we paying for the power we used in March?")[0] == "amount"
    assert typed_by("how much power did we use in March?")[0] == "number"


def test_the_everyday_names_of_things_papers_name_otherwise():
    no_power = lambda word: word != "power"  # noqa: E731  (files that never say "power")
    assert gloss.rephrase("what did the power we used cost?", no_power) == "what did the electricity we used cost?"
    for other in ("what did the power tool cost?", "where is the power of attorney?", "how big is my power bank?",
                  "how much is the power-and-heat bill?"):
        assert gloss.rephrase(other, no_power) == other  # a tool, a deed, a battery, a bill's own words
    said = "how much was the Northwind Power bill?"  # where a file says "power" (a firm's name), it is found so
    assert gloss.rephrase(said, lambda word: True) == said
    assert "car" in gloss.forms("suv") and "vehicle" in gloss.forms("sedan")
    assert "insurance" in gloss.forms("insurer") and "cycles" in gloss.forms("bike")


def test_the_power_is_a_spanish_bills_luz(folder):
    answers(planner_agent(folder[0], NOW), "how much are we paying, all in, for the power we used in March?",
             "61,00", "factura_luz_mar26.txt")


def test_the_tax_office_is_the_tax(folder):
    answers(planner_agent(folder[0], NOW), "how much money did the tax office give back to me for 2024?",
             "571,22", "Renta 2024 resumen.txt")


def test_an_suv_is_the_car_its_lease_names(folder):
    # neither paper says "SUV" or "account"; the lease's monthly payment, not the insurer's
    answers(planner_agent(folder[0], NOW), "How much does Honda take out of our account every month for the SUV?",
             "675.74", "Lease - Honda Pilot.txt")


def test_the_bike_shop_is_a_business_called_cycles(folder):
    answers(planner_agent(folder[0], NOW),
             "How much is the bike shop on Quay Road supposed to be paying me for the work I did in October?",
             "495.00", "INV-118 Harbour Cycles.txt")


def test_the_number_read_out_is_the_water_accounts(folder):
    # both bills give an account number; "read out" is how it asks, not the broadband bill's "Read"
    answers(planner_agent(folder[0], NOW),
             "I'm on hold with the water company and they'll want to know which account is ours - what number do I "
             "read out?", "5528 1046 73", "Bay Water 2026-27.txt")


def test_how_long_it_stays_in_a_czech_oven(folder):
    # "stay" is how "how long" asks; the recipe's oven is a "trouba", its time in "hodiny"
    assert topic_terms("and how long does it stay in the oven?") == ["oven"]
    assert "stay" in topic_terms("how long is our stay in Lisbon?")
    agent = planner_agent(folder[0], NOW)
    ask(agent, "how much beef goes in the hovězí na cibuli?", session="recipe")
    final, sources = ask(agent, "ok and how long does it stay in the oven?", session="recipe")
    assert "1,5 hodiny" in final.answer and sources == ["hovezi_na_cibuli.md"], final.answer


def test_a_french_fines_retained_speed(folder):
    # the notice says "excès de vitesse" and "vitesse retenue", not "speeding" or "retained"
    assert "retenue" in gloss.forms("retained") and "excès de vitesse" in gloss.phrases("speeding")
    answers(planner_agent(folder[0], NOW), "On the May 2026 speeding fine, what speed was retained after the margin?",
             "56 km/h", "avis_contravention.txt")


def test_a_plane_takes_off_at_its_departure():
    keep_all = lambda word: True  # noqa: E731
    assert gloss.rephrase("what time does our flight take off?", keep_all) == "what time does our flight departure?"
    for sum_taken in ("how much did they take off for tax?", "how much do they take off my pay?",
                      "did the shop take off 10 percent?"):
        assert gloss.rephrase(sum_taken, keep_all) == sum_taken


def test_a_photo_book_is_a_thing_not_photos():
    assert read_slots("can I order that photo book for my mom with a discount?", NOW).extensions is None
    assert read_slots("when is the photo session with the Patels?", NOW).extensions is None
    assert read_slots("show me the photos from May", NOW).extensions is not None


def test_a_span_in_the_papers_tongue():
    for span in ("mit einer Frist von drei Monaten", "asi 2,5 hodiny", "un préavis de trois mois", "3 Monate",
                 "treinta (30) días"):
        assert TYPE_PATTERNS["duration"].search(span), span
    assert not TYPE_PATTERNS["duration"].search("Rechnung Nr. 2026-04, Verlag Eule")


def test_notice_to_end_a_german_contract(folder):
    # the contract says its notice as "gekündigt werden" and "zwei Monaten"
    agent = planner_agent(folder[0], NOW)
    ask(agent, "what are the payment terms in my contract with Verlag Eule?", session="eule")
    final, sources = ask(agent, "and how much notice do I have to give to end the contract?", session="eule")
    assert "zwei Monaten" in final.answer and sources == ["Rahmenvertrag Verlag Eule.txt"], final.answer


def test_who_a_service_is_with_is_the_firm_on_its_bill(folder):
    # "who's our broadband with": the bill's firm, though its line says no broadband (the help line names it too)
    answers(planner_agent(folder[0], NOW), "Who's our broadband with?", "FibreNet Communications Ltd", "scan_0031.txt")


def test_a_thing_asked_when_of_someone_is_said_by_the_answer(folder):
    # her contract's end is no answer to when her passport expires; it is to when her contract ends
    assert asked_words("When does Rosa's passport expire?") == ["passport"]
    assert asked_words("When does Tom's flight land?") == ["flight"]
    assert asked_words("When does the Hilux's warrant of fitness expire?") == []  # its WOF: no one word
    assert asked_words("When does the van's national car test expire?") == []  # its NCT
    assert asked_words("When is Biscuit's next vet appointment?") == ["appointment"]  # ("next" says which one)
    agent = planner_agent(folder[0], NOW)
    final, sources = ask(agent, "When does Rosa's passport expire?")
    assert final.answer.startswith("I found nothing") and sources == [], final.answer
    answers(agent, "When does Rosa's contract end?", "3 March 2027", "household.md")
