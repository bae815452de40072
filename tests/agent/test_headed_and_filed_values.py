"""Which of two like values a paper means: the one under the heading the question names ("home wifi pw?": the
password indented under "Home wifi (…)", not the shop's one-line wifi), and, when the question names neither, the
one whose label says the paper's own thing ("the deposit" of a lease filed under Rent: the rent deposit, not the
utility deposit)."""

from __future__ import annotations

from conftest import ranked

from manoled.agent.layout import logical_lines
from manoled.agent.units import is_value

CODES = ("WIFI / CODES - don't share!\n\n"
         "Home wifi (Safaricom Home Fibre 40 Mbps)\n"
         "  network: KamauOdhiambo_5G   (and KamauOdhiambo_2.4 for the TV)\n"
         "  password: Lenana#B4tujenge2026\n"
         "  router admin: 192.168.1.1 user admin / pass on the sticker under the router\n\n"
         "Guest wifi: KO_Guest  password: karibuni2026\n\n"
         "Shop wifi (Adams Arcade, Zuku): OdhiamboPrints  password: print4ever!KE\n")

LEASE = ("Monthly rent | KES 62,000.00\n"
         "Rent deposit | KES 124,000.00 (equivalent to two months' rent), refundable\n"
         "Utility deposit | KES 5,000.00, refundable\n"
         "Rent due date | On or before the 5th day of each month, in advance\n")


def test_a_pair_of_cells_keeps_its_indent():
    lines = logical_lines(CODES, is_value)
    assert "  network: KamauOdhiambo_5G: (and KamauOdhiambo_2.4 for the TV)" in lines, lines


def test_the_value_under_the_heading_asked():
    facts = ranked(CODES, "Notes/wifi_and_codes.txt", "home wifi pw?")
    assert facts and "Lenana#B4tujenge2026" in facts[0].text, [f.text for f in facts[:3]]


WLAN = ("WLAN & CODES\n\nGäste-WLAN\n  Netzwerk:   Hofgasse7-Gast\n  Passwort:   Servus2026\n\n"
        "WLAN Wohnung\n  Netzwerk:   Hofgasse7\n  Passwort:   Kipferl#Hof7\n")


def test_a_heading_for_guests_is_set_aside_when_the_question_sets_it_aside():
    for asked in ("What's the password for our Wi-Fi (not the guest network)?", "our wi-fi password"):
        facts = ranked(WLAN, "Notizen/WLAN_und_Codes.txt", asked)
        assert facts and "Kipferl#Hof7" in facts[0].text, (asked, [f.text for f in facts[:3]])
    facts = ranked(WLAN, "Notizen/WLAN_und_Codes.txt", "guest wifi password?")
    assert facts and "Servus2026" in facts[0].text, [f.text for f in facts[:3]]


def test_the_deposit_of_a_paper_filed_under_rent_is_the_rent_deposit():
    facts = ranked(LEASE, "Home/Rent/Tenancy_Agreement_Lenana_Court_B4.docx", "how much was the deposit")
    assert facts and "124,000.00" in facts[0].text, [f.text for f in facts[:3]]


def test_a_deposit_asked_by_its_kind_is_that_one():
    facts = ranked(LEASE, "Home/Rent/Tenancy_Agreement_Lenana_Court_B4.docx", "how much was the utility deposit")
    assert facts and "5,000.00" in facts[0].text, [f.text for f in facts[:3]]
