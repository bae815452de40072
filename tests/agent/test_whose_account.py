"""An account number on the papers made out to several parties is the account of the one who made them out: a
freelancer's invoices all carry her own IBAN, so "what's Atelier Boros's IBAN?" is not answered with the IBAN on
her invoice to Boros. A supplier's IBAN, on its own bills only, is the supplier's; and "my IBAN" is the one on her
invoices. Over a real index, on fixtures written for these tests."""

from __future__ import annotations

from datetime import datetime

import pytest
from conftest import ask, folder_fixture, planner_agent

from manoled.agent.accounts import party_named

NOW = datetime(2026, 11, 20, 12).timestamp()

OWN = "DE12 5001 0517 0648 4898 90"
THEIRS = "DE89 3704 0044 0532 0130 00"
_INVOICE = ("RECHNUNG {no}\nMara Lenz, Illustration, Lindenstr. 4, 10969 Berlin\nAn: {to}\nDatum: {date}\n"
            "Leistung: {what}\nBetrag: {total} EUR\nBankverbindung: Kiezbank · IBAN " + OWN + " · BIC KIEZDEBBXXX\n")
_BILL = ("Stadtwerke Talheim GmbH\nStromrechnung {month} 2026\nKundin: Mara Lenz\nBetrag: {total} EUR\n"
         "Bitte überweisen Sie an IBAN " + THEIRS + "\n")
FILES: dict[str, tuple[str, float]] = {
    "Arbeit/RE-2026-011_Atelier_Boros.txt": (_INVOICE.format(no="RE-2026-011", to="Atelier Boros, Köln",
                                             date="02.09.2026", what="Plakatmotive", total="1.240,00"), 80),
    "Arbeit/RE-2026-014_Atelier_Boros.txt": (_INVOICE.format(no="RE-2026-014", to="Atelier Boros, Köln",
                                             date="03.10.2026", what="Logo-Varianten", total="680,00"), 50),
    "Arbeit/RE-2026-015_Verlag_Nordlicht.txt": (_INVOICE.format(no="RE-2026-015", to="Verlag Nordlicht, Hamburg",
                                                date="14.10.2026", what="Buchcover", total="950,00"), 40),
    "Wohnung/Stadtwerke_2026-09.txt": (_BILL.format(month="September", total="61,20"), 70),
    "Wohnung/Stadtwerke_2026-10.txt": (_BILL.format(month="Oktober", total="58,90"), 40),
}

folder = folder_fixture("whose_account", FILES, NOW)


def test_the_party_a_question_names():
    assert party_named("what's Atelier Boros's IBAN?") == ["atelier", "boro"]  # stems
    assert party_named("what's my IBAN?") == []


def test_an_account_on_papers_to_others_too_is_not_the_partys(folder):
    final, sources = ask(planner_agent(folder[0], NOW), "what's Atelier Boros's IBAN?")
    assert final.answer.startswith("I found nothing") and sources == [], final.answer


@pytest.mark.parametrize(("question", "iban", "source"), [
    ("what's the IBAN of Stadtwerke Talheim?", THEIRS, "Stadtwerke_"),
    ("what's my IBAN?", OWN, None),
])
def test_an_account_on_its_own_partys_papers_is_theirs(folder, question, iban, source):
    final, sources = ask(planner_agent(folder[0], NOW), question)
    assert iban in final.answer and len(sources) == 1 and (source is None or sources[0].startswith(source)), final.answer
