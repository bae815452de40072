"""Short given names against the names papers write, a table under a letterhead of another width, and the paper's own
word for a value asked in a phrase ("what do they still owe": the balance), and a price asked per thing."""

from __future__ import annotations

import pytest

from manoled.agent import gloss
from manoled.agent.facts import extract
from manoled.agent.layout import logical_lines
from manoled.agent.retrieve import Candidate, contains
from manoled.agent.units import is_value

INVOICE = ("MAYA OKAFOR PHOTOGRAPHY | INVOICE\n"
           "Weddings  |  Families  |  Brand & Headshots\n"
           "Denver, CO  |  (720) 555-0142  |  hello@mayaokaforphoto.com\n"
           "BILL TO | Invoice # | 1042\n"
           "Rachel & Thomas Henderson | Invoice Date | 09/28/2026\n"
           "DESCRIPTION | QTY | RATE | AMOUNT\n"
           "Wedding Collection - 8 hrs coverage | 1 | $4,800.00 | $4,800.00\n"
           "Second shooter (add-on) | 1 | $600.00 | $600.00\n"
           "Subtotal | $5,850.00\n"
           "Retainer paid 03/10/2026 | -$1,500.00\n"
           "BALANCE DUE | $4,350.00\n")


def best(text: str, relpath: str, said: str) -> list[str]:
    """The lines ``extract`` ranks first in ``text`` (one passage of the file ``relpath``), asked ``said`` as the
    answer path hands it over: a phrase said as the paper's word (:func:`gloss.rephrase`), and the question as said."""
    c = Candidate(1, text, f"/home/u/{relpath}", relpath.rsplit("/", 1)[-1], relpath=relpath)
    c.rrf = 0.03
    return [f.text for f in extract(gloss.rephrase(said, lambda w: True), [c], top=5, said=said).facts[:3]]


@pytest.mark.parametrize("text, name", [
    ("Rachel & Thomas Henderson", "tom"), ("Tom Hale <tom@example.com>", "thomas"), ("Client: James Wood", "jim"),
    ("Signed: Liz Carter", "elizabeth"), ("Katherine Byrne, tenant", "kate"),
])
def test_a_short_name_and_the_name_papers_write_are_one(text, name):
    assert contains(text, name)


@pytest.mark.parametrize("text, word", [
    ("Please pay the bill by Friday", "william"), ("I will call", "william"), ("Rob the bank", "robert"),
    ("Thomas Henderson", "tim"),
])
def test_an_english_word_is_no_short_name(text, word):
    assert not contains(text, word)


def test_given_names_do_not_replace_a_papers_words():
    assert gloss.forms("bill")[:1] == ("rechnung",) and "william" not in gloss.forms("bill")


def test_a_table_of_another_width_under_a_letterhead_has_its_own_names():
    lines = logical_lines(INVOICE, is_value)
    assert "DESCRIPTION: Second shooter (add-on), QTY: 1, RATE: $600.00, AMOUNT: $600.00" in lines, lines
    assert "BALANCE DUE: $4,350.00" in lines
    assert not any(ln.startswith("Weddings: Second shooter") for ln in lines)


def test_a_row_one_cell_wider_than_its_names_stays_a_row():
    text = ("Flight | Date | Departs | Arrives\n"
            "Outbound | FR 7232 | Thu 14/05/2026 | Dublin T1 06:25 | Lisbon 09:05\n"
            "Return | FR 7233 | Mon 18/05/2026 | Lisbon 10:15 | Dublin T1 12:55\n")
    assert logical_lines(text, is_value)[1] == \
        "Flight: Return FR 7233, Date: Mon 18/05/2026, Departs: Lisbon 10:15, Arrives: Dublin T1 12:55"


def test_what_is_still_owed_is_the_line_with_the_papers_word_for_it():
    said = "What do Rachel and Tom still owe me for shooting their wedding?"
    assert "balance" in gloss.rephrase(said, lambda w: True)  # "still owe" said as the paper's word
    lines = best(INVOICE, "Invoices/Invoice_1042 (final).pdf", said)
    assert lines and "4,350.00" in lines[0], lines


def test_a_price_asked_for_each_one_is_the_rate_not_the_sum():
    text = ("Casual tutor contract, Semester 1 2026\n"
            "Activity | Rate | Basis | Estimated units | Estimated amount\n"
            "Tutorial (1 hr delivery + 2 hrs associated work) | $148.87 | per tutorial | 24 | $3,572.88\n"
            "Your total estimated pay this semester: $3,572.88\n")
    lines = best(text, "Uni/tutor contract.docx", "what's my pay per class this semester?")
    assert lines and "148.87" in lines[0], lines


def test_a_row_of_a_column_named_by_the_papers_word_is_no_line_labelled_by_it():
    text = ("RELEVÉ DE PRESTATIONS\n"
            "Date soins Bénéficiaire Acte | Dépense | Rbt Sécu | Rbt mutuelle | Reste à charge\n"
            "04/03/2026 Rui | Consultation généraliste Dr H. Marchand | 30,00 | 19,00 | 9,00 | 2,00\n"
            "18/03/2026 Léo | Pharmacie – 3 médicaments | 23,40 | 14,04 | 9,36 | 0,00\n"
            "25/03/2026 Sophie | 420,00 | 0,09 | 250,00 | 169,91\n"
            "Optique : monture + 2 verres progressifs\n")
    lines = best(text, "Santé/releve_mutuelle_2026-03.pdf",
                 "How much did our health cover give back on Sophie's new glasses?")
    assert lines and "250,00" in lines[0], lines


def test_a_papers_word_the_question_says_itself_labels_no_line_above_the_one_asked():
    text = ("6. SECURITY DEPOSIT\n"
            "Upon signing, Tenant shall deposit with Landlord a security deposit of $2,650.00.\n"
            "7. PETS\n"
            'Tenant may keep one (1) dog, "Biscuit", and shall pay a refundable pet deposit of $300.00.\n'
            "Security deposit | $2,650.00\n"
            "Pet deposit (refundable) | $300.00\n")
    lines = best(text, "House/Lease.docx", "How much was the security deposit for Biscuit?")
    assert lines and "300.00" in lines[0], lines
