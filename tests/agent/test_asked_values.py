"""Values a question asks for by what it wants done, over a real index: "who do I call" wants a number to ring,
"the address of the admin page" a network address; the word that picks one of a job's papers ("the final
bill") is not its topic; and a person's phone asked by their name is a number their line gives."""

from __future__ import annotations

import time

from conftest import ask, folder_fixture, planner_agent

from manoled.agent.kinds import typed_by
from manoled.agent.shapes import TYPE_PATTERNS

NOW = time.time()

_LINES = "\n".join(f"{code} {part} {n} u {price} € {price} €" for code, part, n, price in (
    ("MIT-EV", "Mitigeur évier bec haut (fourniture)", 1, "189,00"), ("FLX", "Flexible inox alimentation 50 cm", 2, "25,80"),
    ("MEC-WC", "Mécanisme de chasse double débit", 1, "42,50"), ("DEP", "Déplacement Lyon intra-muros", 1, "35,00")))
_HEAD = ("MARTIN PLOMBERIE CHAUFFAGE\nLucien Martin – artisan plombier chauffagiste\n9 impasse des Lilas, 69008 Lyon\n"
         "Tél. 06 11 22 33 44\nSIRET 502 318 774 00027 – TVA intracom. FR41 502318774\n"
         "Assurance décennale n° 127 004 833 D\nM. Paul DURAND\n12 rue des Tanneurs\nBât. B – 3e étage porte gauche\n"
         "69007 LYON\n")
_TAIL = ("Règlement par virement : IBAN FR76 1027 8073 1100 0204 5170 183 – BIC CMCIFR2A, en indiquant la référence.\n"
         "En cas de retard de paiement : pénalités au taux de 3 fois le taux d'intérêt légal. Indemnité forfaitaire pour "
         "frais de recouvrement : 40 € (clients professionnels uniquement). Pas d'escompte pour paiement anticipé.\n"
         "Merci de votre confiance. Garantie pièces 2 ans, main d'œuvre 1 an. Conservez ce document.\n" * 3)

FILES: dict[str, tuple[str, float]] = {
    "Home/Manuals/dishwasher quick start.txt": (
        "BOSCH\n800 Series Dishwasher · Quick Start Guide\nModel\nSHX78CM5N\nCustomer Service (Canada)\n"
        "1-888-555-0142, Mon–Fri 8 a.m.–8 p.m. ET\nWarranty\n1 year full parts and labour\nError codes\n"
        "Code | Meaning | What to do\nE15 | Water in base (leak protection) | Turn off, call Customer Service\n"
        "E24 | Drain hose kinked or filter blocked | Clean filter, check hose\n", 300),
    "Home/how to reset router.md": (
        "# How to reset the wifi router\n\n1. Soft reboot: unplug the router power for 30 seconds, plug back in, wait "
        "3 minutes.\n2. Hard reset: hold the RESET pin at the back for 10 seconds.\n3. Open the admin page at "
        "192.168.1.254 and run the Quick Internet Setup.\n4. Rename the wifi back to our usual names.\n", 200),
    "Factures/devis_plomberie_Martin.pdf.txt": (
        _HEAD + "DEVIS N° D-2026-031\nDate du devis : 09/02/2026 – valable 3 mois\n" + _LINES
        + "\nTotal HT 292,30 €\nTVA 10 % 29,23 €\nTotal TTC 321,53 €\nConditions : acompte de 150,00 € à la commande, "
        "le solde sur facture.\n" + _TAIL, 400),
    "Factures/facture_plomberie_Martin.pdf.txt": (
        _HEAD + "FACTURE N° F-2026-058\nDate de facture : 03/03/2026 – intervention réalisée le 02/03/2026\n"
        "Référence devis : D-2026-031 du 09/02/2026\n" + _TAIL + _LINES
        + "\nSIPH Siphon évier + joints (non prévu au devis) 1 u 18,60 € 18,60 €\nTotal HT 310,90 €\nTVA 10 % 31,09 €\n"
        "Total TTC 341,99 €\nAcompte versé le 12/02/2026 – 150,00 €\nReste à payer 191,99 €\n", 100),
}

FILES.update({
    **{f"House/Rates/rates_notice_{y}-{y - 1999}.pdf.txt": (
        f"Tasman District Council\nRates notice {y}/{y + 1}\nCapital value: $1,240,000.00\n"
        f"Instalments: 4 of ${total / 4:,.2f}\nTOTAL RATES {y}/{y + 1}: ${total:,.2f}\n", age)
       for y, total, age in ((2024, 3005.64, 400), (2025, 3188.40, 40))},
    "House/Fence/Invoice FB-1182.pdf.txt": (
        "Fenceline Builders Ltd\nInvoice FB-1182\nDate: 14/10/2025\nJob: new timber fence, 24 m, back garden\n"
        "Posts and rails: $1,860.00\nPalings: $1,150.00\nLabour: $1,300.00\nInvoice Total: $4,310.00\n", 90),
    "Study/course notes.md": ("# Accounting 101\nThe final exam is on 3 December, 9:00, room B12.\n", 60),
    "Housing/bond receipt.txt": (
        "RESIDENTIAL BOND OFFICE\nGPO Box 1974 Melbourne VIC 3001   ph 1300 137 164\nBond lodged for 2/14 Hollis Street\n"
        "Renters: Nadia Petrov, Omar Haddad\nOmar Haddad   Mobile 0423 117 865\nBond amount: $2,480.00\n", 70),
})

folder = folder_fixture("asked_values", FILES, NOW)


def test_who_to_call_is_answered_by_the_number_to_ring(folder):
    # the error table's "call Customer Service" says the question's verb, and no number
    assert typed_by("who do I call if it breaks down?") == ("code", True)
    assert typed_by("who called me yesterday?")[0] == "person"
    final, names = ask(planner_agent(folder[0], NOW), "who do I call if the dishwasher breaks down?")
    assert "1-888-555-0142" in final.answer and names == ["dishwasher quick start.txt"], final.answer


def test_a_web_address_is_an_address_and_a_count_of_minutes_is_no_street(folder):
    assert not TYPE_PATTERNS["place"].search("wait 3 minutes.")
    assert TYPE_PATTERNS["place"].search("27 Willow Crescent") and TYPE_PATTERNS["place"].search("at 192.168.1.254")
    final, names = ask(planner_agent(folder[0], NOW), "what's the address of the router admin page?")
    assert "192.168.1.254" in final.answer and names == ["how to reset router.md"], final.answer


def test_the_word_that_picks_the_last_paper_of_a_job_is_not_its_topic(folder):
    # "final" is in a file (the course notes), and the invoice never calls itself final
    final, names = ask(planner_agent(folder[0], NOW), "what was the final bill for the fence?")
    assert "4,310.00" in final.answer and names == ["Invoice FB-1182.pdf.txt"], final.answer


def test_a_contact_asked_by_a_name_is_the_line_of_that_name(folder):
    # the bond office's number is on a paper that names her; her own number is in no file
    final, names = ask(planner_agent(folder[0], NOW), "What is Nadia Petrov's phone number?")
    assert "1300 137 164" not in final.answer and names == [], final.answer
    final, names = ask(planner_agent(folder[0], NOW), "What is Omar Haddad's mobile number?")
    assert "0423 117 865" in final.answer and names == ["bond receipt.txt"], final.answer


def test_the_year_before_is_the_previous_paper_of_the_series_asked_its_own_question(folder):
    agent = planner_agent(folder[0], NOW)
    final, _ = ask(agent, "How much are the rates for 2025/26?", session="rates")
    assert "3,188.40" in final.answer, final.answer
    final, names = ask(agent, "and what was the total the year before?", session="rates")
    assert "3,005.64" in final.answer and names == ["rates_notice_2024-25.pdf.txt"], final.answer
    assert typed_by("") == (None, False) and typed_by("??") == (None, False)  # nothing asked, no error
    assert typed_by("next mot mazda?") == ("date", False)  # when it comes, though no word says a date
    assert typed_by("next payment amount?") == ("amount", False)  # a word that says what is asked wins
