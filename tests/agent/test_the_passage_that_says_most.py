"""Among many papers of one kind, the one a question names by a rare word is read, though only the full-text search
finds it: "the Studio Hrnek invoice" is the one invoice to Hrnek, written in Czech, which the English embedder puts
below two dozen English invoices that both searches find. A passage that says more of the question's words than any
passage kept is read too, as one that says them all is. And a Czech invoice's due date is its "Datum splatnosti",
not its "Datum vystavení" (the day it was issued). Over a real index, on fixtures written for these tests."""

from __future__ import annotations

import time

from conftest import ask, folder_fixture, planner_agent

NOW = time.time()

CLIENTS = ["Northwind", "Bluebird", "Copperleaf", "Driftwood", "Evergreen", "Foxglove", "Goldcrest", "Harbourside",
           "Ironbark", "Juniper", "Kestrel", "Larkspur", "Meadowbank", "Nettlebed", "Oakridge", "Pinecrest",
           "Quayside", "Riverside", "Saltmarsh", "Thornbury", "Upland", "Valemount", "Willowdale", "Yarrow"]
FILES: dict[str, tuple[str, float]] = {
    f"Work/Invoices/INV-2026-{n:03d}.txt": (
        f"INVOICE INV-2026-{n:03d}\nBill to: {name} Studio Ltd\nInvoice date: {n % 27 + 1:02d}/03/2026\n"
        f"Due date: {n % 27 + 1:02d}/04/2026\nDesign work for the {name} studio brochure\nTotal due: {400 + 15 * n}.00 EUR\n",
        60 + n) for n, name in enumerate(CLIENTS, start=1)
}
FILES["Work/Faktury/Faktura_2026-015.txt"] = (
    "FAKTURA č. 2026-015\nVariabilní symbol: 2026015\nDodavatel: Martin Dvořák – ilustrace & grafický design\n"
    "Odběratel: Studio Hrnek s.r.o., Milady Horákové 1093/52, Praha 7\nDatum vystavení:\n3. 8. 2026\n"
    "Datum splatnosti:\n17. 8. 2026\nForma úhrady: bankovní převod\nIlustrace do jídelního lístku: 10 500,00\n"
    "Celkem k úhradě: 12.750,- Kč\n", 30)
folder = folder_fixture("says_most", FILES, NOW)


def test_the_invoice_a_rare_word_names_is_read(folder):
    agent = planner_agent(folder[0], NOW)
    final, names = ask(agent, "What is the due date of the Studio Hrnek invoice?", session="due")
    assert "17. 8. 2026" in final.answer and names == ["Faktura_2026-015.txt"], final.answer


def test_a_czech_invoices_due_date_is_not_its_issue_date(folder):
    agent = planner_agent(folder[0], NOW)
    final, names = ask(agent, "When did Studio Hrnek have to pay invoice 2026-015 by?", session="by")
    assert "17. 8. 2026" in final.answer and "3. 8." not in final.answer, final.answer
    assert names == ["Faktura_2026-015.txt"]


def test_the_words_read_as_names():
    """Only a name pulls a passage past the fused best: a rare plain word ("due" in a client list, "February" in an
    electricity bill) would put an answer before a question the files cannot answer."""
    from manoled.agent.retrieve import capitalised

    assert capitalised("What is the due date of the Studio Hrnek invoice?") == {"studio", "hrnek"}
    assert capitalised("When is the gas bill for February due? I need it") == set()  # a month, "I": no names
