"""Money that moves through an account is how a question asks, not what about: "how much reached his account after
the deductions" asks the net pay (as "landed in" does), and the account weighs little, a payslip may not say it; "how much left her
account for it" asks what it cost; "how much do I transfer him" asks the sum, not a transfer line. Of a monthly
series whose papers say nearly the same words, the asked month's paper is read when the search found only other
months' (:mod:`manoled.agent.monthly`). Rice written in the recipe's own language is the grain asked. Over a real
index, on fixtures written for these tests."""

from __future__ import annotations

import time

from conftest import answers, folder_fixture, planner_agent, shared_embedder

from manoled.agent import gloss
from manoled.agent.attribute import asked_words
from manoled.agent.context import ToolContext
from manoled.agent.facts import extract
from manoled.agent.focus import focus_words
from manoled.agent.monthly import asked_month_papers
from manoled.agent.months import name_date_fit
from manoled.agent.retrieve import contains
from manoled.agent.terms import topic_terms

NOW = time.time()


def _recibo(base: str, ss: str, irs: str, net: str) -> str:
    return ("RECIBO DE VENCIMENTO\nClínica Santa Luzia, Lda. — Rua do Salitre 118, Lisboa\nFuncionário: Rui Tavares\n"
            f"Categoria: Enfermeiro\nVencimento base: {base}\nSubsídio de refeição: 132,00\n"
            f"Segurança Social (11%): -{ss}\nRetenção IRS: -{irs}\nLíquido a receber: {net}\n"
            "Pagamento por transferência bancária — IBAN PT50 **** **** **** 4471\n")


FILES: dict[str, tuple[str, float]] = {
    "Trabalho/Recibos/recibo_2026-09.pdf.txt": (_recibo("1.850,00", "203,50", "236,80", "1.541,70"), 90),
    "Trabalho/Recibos/recibo_2026-10.pdf.txt": (_recibo("1.850,00", "212,30", "251,40", "1.518,30"), 60),
    "Trabalho/Recibos/recibo_2026-11.pdf.txt": (_recibo("1.920,00", "211,20", "262,10", "1.578,70"), 30),
    "Impostos/pagamento_IRS_2026-11.pdf.txt": (
        "AUTORIDADE TRIBUTÁRIA E ADUANEIRA\nDocumento de pagamento — Pagamento por conta\n"
        "Contribuinte: Marta Tavares\nPrimeira prestação: 640,00\nSegunda prestação: 640,00\n"
        "Valor total pago: 1.280,00\nData de pagamento: 20/11/2026\n", 20),
    "Receitas/arroz_de_pato.md": (
        "# Arroz de pato (da avó)\n\nPara 6 pessoas\n\n- 1 pato (cerca de 2 kg)\n- 450 g arroz carolino\n"
        "- 1 chouriço de carne\n- 1 cebola\n- 2 dentes de alho\n\nForno a 200 °C durante 20 minutos.\n", 40),
    "Pets/recibo (1).pdf.txt": (
        "CLÍNICA VETERINARIA LAVAPIÉS\nRecibo n.º 2026-0031 — Fecha: 14/01/2026\nPaciente: Bolt (perro, 6 años)\n"
        "Consulta general: 38,00\nVacuna polivalente: 42,50\nDesparasitación: 19,90\nTOTAL: 100,40\n", 300),
    "Facturas/Luz/factura_luz_2026-01.pdf.txt": (
        "ENERGÍA CENTRO S.A. — FACTURA DE ELECTRICIDAD\nPeriodo: 01/12/2025 - 31/12/2025\nEnergía: 51,20\n"
        "Potencia: 15,47\nTOTAL FACTURA: 81,33\n", 310),
    "Facturas/Luz/factura_luz_2026-02.pdf.txt": (
        "ENERGÍA CENTRO S.A. — FACTURA DE ELECTRICIDAD\nPeriodo: 01/01/2026 - 31/01/2026\nEnergía: 47,02\n"
        "Potencia: 15,47\nTOTAL FACTURA: 76,64\n", 280),
    "Home/residents_dues_october.txt": (
        "Flores 27 Residents' Association\nMaintenance dues, October 2026 - flat 3 left\nMonthly dues: 45.00\n"
        "Reserve fund: 4.50\nTotal payable: 49.50\nPay the treasurer, Mr Abreu, by 8 October.\n", 50),
}

folder = folder_fixture("money_through_account", FILES, NOW)




def _folha(net: str) -> str:
    """A long payslip whose name alone dates it, its net pay a passage after its head."""
    return ("FOLHA DE VENCIMENTO\nHospital de Santa Marta, E.P.E. — Rua de Santa Marta 50, 1169-024 Lisboa\n"
            "Colaboradora: Inês Moreira Salgado — N.º mecanográfico 40127\n"
            "Categoria: Técnica superior de diagnóstico — Escalão 3 — Horário: 35 horas semanais\n"
            "NIF 231 448 905 — NISS 12045 778 310 — Estado civil: casada, 2 dependentes\n"
            + "".join(f"Abono {n}: remuneração complementar do serviço de urgência, turno {n} de 12 horas, "
                      f"conforme escala aprovada pela direção do serviço\n" for n in range(1, 7))
            + "Descontos: Segurança Social 11%, IRS retido na fonte segundo as tabelas em vigor, ADSE 3,5%\n"
            f"Valor líquido a receber: {net}\nPago por transferência para a conta IBAN PT50 0035 **** **** 8812\n")


# a year of payslips, November 2025 to October 2026: more than a search returns
NETS = {f"{2025 + (m < 11)}-{m:02d}": f"1.{700 + 7 * m},{10 + m}" for m in (11, 12, *range(1, 11))}
SERIES = {f"Ines/Folhas/folha_{month}.pdf.txt": (_folha(net), 400 - 30 * i) for i, (month, net) in enumerate(NETS.items())}
series = folder_fixture("monthly_series", SERIES, NOW)


def test_an_account_money_moves_through_is_how_it_is_asked():
    keep = lambda w: True  # noqa: E731 - every word is a word of the files here
    said = gloss.rephrase("How much reached his account after the deductions?", keep)
    assert said == "How much net his account after the deductions?" and gloss.account_words(said) == {"account"}
    assert gloss.account_words(gloss.rephrase("what hit my bank account from work in May", keep)) == {"bank", "account"}
    assert not gloss.account_words("what is the account number for the gas")  # the account asked, not the pay's
    assert gloss.rephrase("How much left her account for the tax?", keep) == "How much cost for the tax?"
    assert gloss.rephrase("what does the gym take out of his account", keep) == "what does the gym cost"
    assert gloss.rephrase("when does the flight land in Lisbon", keep) == "when does the flight land in Lisbon"
    assert focus_words("How much left her account altogether?") == []  # a verb: nothing named is counted
    assert gloss.rephrase("How much do I transfer him?", keep) == "How much do I pay him?"  # the sum, not a transfer
    assert gloss.rephrase("how do I transfer the car to my name", keep) == "how do I transfer the car to my name"
    assert asked_words("How much do I transfer?") == []
    assert asked_words("how much did I tip") == ["tip"]  # a tip is a thing a receipt says


def _missed(core, q: str, month: str):
    """``q``'s terms, its passages found but for those of the paper dated ``month`` (a search that missed it), and
    those with :func:`asked_month_papers`'s additions."""
    ctx = ToolContext(core.catalog, search=core.indexer.search, now=lambda: NOW, embed=shared_embedder().embed)
    terms = topic_terms(q)
    found = [c for c in ctx.hybrid()(q, terms, k=8) if month not in c.file_name]
    return terms, found, asked_month_papers(q, terms, found, ctx.files(), core.catalog.passages_for)


def test_the_month_asked_of_a_series_that_says_the_same_words(folder):
    answers(planner_agent(folder[0], NOW), "Rui's pay for October came through. How much should actually have "
            "reached his account that month, after everything was taken off?", "1.518,30", "recibo_2026-10.pdf.txt")


def test_a_series_found_for_one_word_is_not_the_series_asked(folder):
    q = "What was the total on Bolt's vet invoice from January?"
    terms, found, read = _missed(folder[0], q, "2026-01")
    bill = [c for c in found if c.file_name == "factura_luz_2026-02.pdf.txt"]
    assert bill and found.index(bill[0]) < 3  # found among the first, for "invoice" alone (factura)
    assert read == found
    answers(planner_agent(folder[0], NOW), "What was the total on Bolt's vet invoice from January?", "100,40",
            "recibo (1).pdf.txt")  # not January's electricity bill, of the series its February one is


def test_what_left_her_account(folder):
    answers(planner_agent(folder[0], NOW), "Marta paid the IRS instalments in November. How much left her account "
            "altogether for that?", "1.280,00", "pagamento_IRS_2026-11.pdf.txt")


def test_the_grain_is_the_rice_in_the_recipes_language(folder):
    assert contains("450 g arroz carolino", "grain") and contains("450 g arroz carolino", "rice")
    answers(planner_agent(folder[0], NOW), "For the arroz de pato on Sunday, how much of the grain do I need?",
            "450 g", "arroz_de_pato.md")


def test_how_much_to_transfer_the_treasurer(folder):
    answers(planner_agent(folder[0], NOW), "The treasurer says our October dues are still pending. How much do I "
            "transfer him?", "49.50", "residents_dues_october.txt")


def test_the_month_asked_is_read_of_a_series_found_in_other_months(series):
    core = series[0]
    q = "How much net pay did Ines get in October?"
    terms, found, read = _missed(core, q, "2026-10")
    assert found and all(name_date_fit(c.file_name, {10}, set()) < 0 for c in found)
    assert {c.file_name for c in read} - {c.file_name for c in found} == {"folha_2026-10.pdf.txt"}
    assert NETS["2026-10"] in extract(q, read).facts[0].text
    assert asked_month_papers("How much net pay did Ines get?", terms, found, ToolContext(core.catalog).files(),
                              core.catalog.passages_for) == found  # no month asked: nothing added
    answers(planner_agent(core, NOW), "Ines's October pay came in. How much reached her account that month, after "
            "everything was taken off?", NETS["2026-10"], "folha_2026-10.pdf.txt")


PAY_AND_POWER = {
    "Work/Salary/Payslip_Sep_2026.pdf.txt": (
        "ORBIT SOFTWARE PVT LTD - PAYSLIP FOR SEPTEMBER 2026\nEmployee: Kavya Rao\nBasic: 95,000.00\nHRA: 38,000.00\n"
        "Professional tax: -200.00\nIncome tax (TDS): -17,530.00\nNET PAY (Rs.): 1,15,270.00\n"
        "Credited to bank account XXXX4471 on 30/09/2026\n", 60),
    "Home/Bills/Power_Bill_Sep_2026.pdf.txt": (
        "STATE ELECTRICITY BOARD\nBill month: SEP-2026\nUnits consumed: 342\nEnergy charges: 3,120.40\n"
        "Fixed charges: 489.03\nNet Bill Amount (Rounded) Rs.: 3,609.00\nPay by due date: 15/10/2026\n", 50),
}
pay_and_power = folder_fixture("pay_and_power", PAY_AND_POWER, NOW)


def test_what_landed_in_the_account_is_the_pay_not_a_bills_net_amount(pay_and_power):
    answers(planner_agent(pay_and_power[0], NOW), "What actually landed in my account for September once all the cuts "
            "were made?", "1,15,270.00", "Payslip_Sep_2026.pdf.txt")
