"""Counting and listing a household's papers by the words its people use: "which Ziggo bills do we have" lists
the Ziggo bills though another folder is named by the papers' word for bills (Rekeningen, a freelancer's own); "how
many of Lotte's own invoices" counts invoices, "own" is no thing counted; "Finn's wage slips" are his
payslips in his folder, not every file of it; "the daycare invoices" are the Kita's. After a row of the shared
bills sheet, "how much of that was VAT?" is the vet's invoice of that row, and "how much VAT was on it" is its VAT,
not its total with VAT; "what date is that balance as at?" is the date the answer's balance line says. Over a real
index, on fixtures written for these tests."""

from __future__ import annotations

from datetime import datetime

from conftest import ask, folder_fixture, planner_agent

NOW = datetime(2026, 11, 20, 12).timestamp()

_ZIGGO = "ZIGGO - rekening\nAccount 88120\nPeriod: {month} 2026\nAmount due: € {due}\nDue: {date}\n"
_OWN = "LOTTE DE GROOT ILLUSTRATION\nFactuur {n}\nClient: {client}\nTotaal: € {total}\n"
_SLIP = "HAVENBEDRIJF\nLoonstrook {month} 2026\nMedewerker: Finn Jansen\nNetto: € {net}\n"
_KITA = "Kita Sonnenblume\nRechnung {month} 2026\nKind: Mila\nBetrag: {amount} €\n"

FILES: dict[str, tuple[str, float]] = {
    "Home/Internet/Ziggo rekening mei 2026.txt": (_ZIGGO.format(month="May", due="61,50", date="28-05-2026"), 180),
    "Home/Internet/Ziggo_rekening_2026-06.txt": (_ZIGGO.format(month="June", due="61,50", date="28-06-2026"), 150),
    "Lotte/Rekeningen/Factuur 2026-031.txt": (_OWN.format(n="2026-031", client="Uitgeverij Noord", total="1.210,00"), 200),
    "Lotte/Rekeningen/Factuur 2026-032.txt": (_OWN.format(n="2026-032", client="Studio Wadden", total="850,00"), 160),
    "Lotte/Rekeningen/Factuur 2026-033 Museum.txt": (_OWN.format(n="2026-033", client="Museum Kaap", total="2.400,00"), 90),
    "Finn/Loonstroken/Loonstrook maart 2026.txt": (_SLIP.format(month="maart", net="2.814,20"), 240),
    "Finn/Loonstroken/Loonstrook april 2026.txt": (_SLIP.format(month="april", net="2.814,20"), 210),
    "Finn/tandarts Finn.txt": ("Tandartspraktijk Zuid\nPatiënt: Finn Jansen\nControle: € 28,50\n", 120),
    "Mila/Kita/Rechnung Kita März 2026.txt": (_KITA.format(month="März", amount="410,00"), 230),
    "Mila/Kita/Kita_Rechnung_2026-04.txt": (_KITA.format(month="April", amount="410,00"), 200),
    "Shared/house_costs_2026.csv": (
        "Date,What,Who,Amount,Paid by\n02/05/2026,Groceries,Albert Heijn,84.20,Finn\n"
        "14/05/2026,Vet - Moos vaccination,Dierenkliniek Oost,121.00,Lotte\n20/05/2026,Window cleaner,Jan,25.00,Finn\n", 100),
    "Moos/Dierenkliniek Oost invoice 14-05-2026.txt": (
        "DIERENKLINIEK OOST\nInvoice date: 14-05-2026\nPatient: Moos (cat)\nVaccination: € 100,00\n"
        "Total (VAT inclusive): € 121,00\nIncludes VAT of: € 21,00\n", 98),
    "Lotte/studieschuld overzicht 2026.txt": (
        "DUO\nOverzicht studieschuld\nLetter date: 02-06-2026\nRemaining balance at 31-12-2025: € 18.440,12\n"
        "Monthly repayment: € 96,00\n", 60),
}

folder = folder_fixture("whose_papers_we_count", FILES, NOW)


def test_a_folder_of_the_papers_word_is_not_the_one_of_a_firm_named_elsewhere(folder):
    final, names = ask(planner_agent(folder[0], NOW), "Which Ziggo bills do we have?")
    assert names == ["Ziggo rekening mei 2026.txt", "Ziggo_rekening_2026-06.txt"], final.answer


def test_own_is_no_thing_counted(folder):
    final, names = ask(planner_agent(folder[0], NOW), "How many of Lotte's own invoices do we have?")
    assert "3 files" in final.answer and len(names) == 3, final.answer


def test_wage_slips_are_the_payslips_of_his_folder_not_all_its_files(folder):
    final, names = ask(planner_agent(folder[0], NOW), "How many of Finn's payslips have we kept?")
    assert "2 files" in final.answer and all("Loonstrook" in n for n in names), final.answer
    final, names = ask(planner_agent(folder[0], NOW), "How many of Finn's wage slips do we have?")
    assert "2 files" in final.answer and all("Loonstrook" in n for n in names), final.answer


def test_daycare_is_the_kita(folder):
    final, names = ask(planner_agent(folder[0], NOW), "Which daycare invoices do we have for Mila?")
    assert sorted(names) == ["Kita_Rechnung_2026-04.txt", "Rechnung Kita März 2026.txt"], final.answer


def test_the_tax_of_a_sheets_row_is_on_the_paper_of_that_row(folder):
    agent = planner_agent(folder[0], NOW)
    final, _ = ask(agent, "how much was Moos's vet bill in May?", session="vet")
    assert "121.00" in final.answer, final.answer
    final, names = ask(agent, "how much of that was VAT?", session="vet")
    assert "21,00" in final.answer and "121,00" not in final.answer, final.answer


def test_the_tax_asked_is_not_the_total_that_includes_it(folder):
    agent = planner_agent(folder[0], NOW)
    final, _ = ask(agent, "How much VAT was on the Dierenkliniek Oost invoice?")
    assert "21,00" in final.answer and "121,00" not in final.answer, final.answer
    final, _ = ask(agent, "What was the Dierenkliniek Oost invoice total with VAT?")
    assert "121,00" in final.answer, final.answer


def test_that_balance_is_the_line_the_answer_gave(folder):
    agent = planner_agent(folder[0], NOW)
    final, _ = ask(agent, "How much does Lotte still owe DUO?", session="duo")
    assert "18.440,12" in final.answer, final.answer
    final, _ = ask(agent, "what date is that balance as at?", session="duo")
    assert "31-12-2025" in final.answer, final.answer
