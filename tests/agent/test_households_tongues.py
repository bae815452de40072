"""Households that keep their papers in Turkish, Malay and Mexican Spanish, and the ways people ask about them: "May"
as a month ("net pay may", "her May payslip"), a label whose value comes after a remark ("GAJI BERSIH / NET PAY",
a note, "RM 4,812.50"), "the pay-before date", "the invoice Tomás issued", "parent-teacher meeting" in a paper that
says *veli toplantısı*, and a folder named with words its papers do not say ("the CFE electricity bills")."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from conftest import PathFile, answers, folder_fixture, planner_agent

from manoled.agent.attribute import asked_words
from manoled.agent.context import ToolContext
from manoled.agent.fstools import count_files
from manoled.agent.kinds import typed_by
from manoled.agent.labelled import labels_code
from manoled.agent.layout import logical_lines
from manoled.agent.monthly import asked_month_papers
from manoled.agent.months import asked_months
from manoled.agent.retrieve import Candidate, contains
from manoled.agent.shapes import TYPE_PATTERNS
from manoled.agent.slots import stem
from manoled.agent.tongues import in_english
from manoled.agent.units import is_value

NOW = datetime(2026, 12, 4, 12).timestamp()

FILES = {
    "Maas/Slip_Gaji_Mac_2026.txt": (
        "SEKOLAH TAMAN BUDI SDN BHD\nSLIP GAJI / PAYSLIP\nBulan / Month: Mac 2026\nNama / Name: SITI HAJAR\n"
        "Gaji Pokok / Basic Salary | 4,100.00\nKWSP / EPF (11%) | 451.00\nGAJI BERSIH / NET PAY\n"
        "Dibayar terus ke akaun bank pada hari gaji\nRM 3,512.40\nCaruman Majikan / Employer Contributions\n", 260),
    "Okul/Veli_Toplantisi.md": (
        "# Veli toplantısı notları\n\nİlk veli toplantısı: 18.09.2026, sınıfta.\n"
        "Sonraki veli toplantısı: 27 Kasım 2026 Cuma, 18:00 (öğretmen ile bireysel görüşme).\n", 30),
    "Casa/Servicios/CFE/CFE_recibo_ene-mar26.txt": (
        "CFE Suministrador de Servicios Básicos\nRecibo de luz\nTotal a pagar: $612.00\nConsumo: 201 kWh\n", 240),
    "Casa/Servicios/CFE/CFE_recibo_mar-may26.txt": (
        "CFE Suministrador de Servicios Básicos\nRecibo de luz\nTotal a pagar: $744.00\nConsumo: 276 kWh\n", 180),
    "Negocio/Facturas/A-0042_CafeLuna.txt": (
        "FACTURA\nSerie y folio: A-0042\nEmisor: RAÚL MEDINA SOTO\nReceptor: CAFÉ LUNA, S.A. DE C.V.\n"
        "Fecha de emisión: 09/04/2026\nSubtotal | $5,000.00\nIVA 16 % | $800.00\nTOTAL | $5,800.00 MXN\n", 230),
}

folder = folder_fixture("households_tongues", FILES, NOW)


def test_may_is_the_month_capitalised_inside_a_sentence_or_last():
    assert asked_months("net pay siti may") == ({5}, set())
    assert asked_months("What was on Siti's May payslip?") == ({5}, set())
    assert asked_months("How much net pay did Siti get in May 2026?") == ({5}, {2026})
    for q in ("May I see the lease?", "which bills may be late?", "if I may", "the rent may rise"):
        assert asked_months(q) == (set(), set()), q


def test_a_year_says_no_series():
    papers = [PathFile(f"Pay/Payslip_2026-0{m}.txt", id=m) for m in (3, 4, 5)]
    others = [PathFile("Money/Budget_2026.csv", id=10), PathFile("Kids/Daycare_bill_2026-05.txt", id=11)]
    terms = ["net", "siti", "2026"]

    def cand(f: PathFile, said: list[str]) -> Candidate:
        return Candidate(100 + f.id, " ".join(said), f.path, f.name, f.id, terms=said, relpath=f.relpath)

    # the budget and the daycare's May bill say the name and the year only: not the series asked
    found = [cand(others[0], ["siti", "2026"]), cand(others[1], ["siti", "2026"]), cand(papers[1], terms)]

    def passages(file_id: int, limit: int = 6) -> list[tuple[int, int, Any, str]]:
        return [(200 + file_id, 0, None, f"Net pay: {file_id}")]

    out = asked_month_papers("How much net pay did Siti get in May 2026?", terms, found, papers + others, passages)
    assert "Payslip_2026-05.txt" in [c.file_name for c in out], [c.file_name for c in out]


def test_a_labels_value_after_a_remark_and_a_sum_with_its_currency_code():
    lines = logical_lines("GAJI BERSIH / NET PAY\nDibayar terus ke akaun bank pada hari gaji\nRM 3,512.40\n", is_value)
    assert lines[0] == "GAJI BERSIH / NET PAY: RM 3,512.40", lines
    assert logical_lines("Total\nCHF 7'529.25\n", is_value) == ["Total: CHF 7'529.25"]
    # a remark with a value of its own is no remark: the label is left alone
    assert logical_lines("Net pay\nPaid on 28/03/2026 to account 1234\nRM 3,512.40\n", is_value)[0] == "Net pay"


def test_the_day_a_noun_phrase_ends_in_is_asked():
    assert typed_by("What is the pay-before date on the electricity bill?") == ("date", True)
    assert typed_by("What is the payment date of my salary?") == ("date", True)
    assert typed_by("what is the check-in time at the hotel") == ("time", True)
    assert typed_by("what is the rent per day")[0] == "amount"


def test_turkish_papers_and_questions():
    assert asked_months("eylül bordro")[0] == {9} and asked_months("enerjisa fatura agustos")[0] == {8}
    assert contains("Maaş Bordrosu — Eylül 2026", "payslip") and contains("Kira sözleşmesi", "contract")
    assert contains("Son Ödeme Tarihi: 04.09.2026", "due") and contains("DASK Zorunlu Deprem Sigortası", "earthquake")
    assert TYPE_PATTERNS["date"].search("Toplantı 27 Kasım 2026 Cuma")
    assert in_english("eylül bordro gelir vergisi ne kadar") == "eylül bordro gelir vergisi how much"


def test_a_name_with_a_stressed_end_keeps_its_s_and_names_no_attribute():
    assert stem("tomás") == "tomás" and stem("invoices") == "invoice"
    assert asked_words("What was the total of the invoice Tomás issued to Café Luna in April?") == []
    assert asked_words("what is the room number Marriott gave us") == ["room"]


def test_a_code_label_is_no_address_that_says_the_word():
    assert not labels_code("48400 Bodrum · rezervasyon@denizotel.com: Sayfa 1/1", ["reservation"])
    assert labels_code("Rezervasyon No: DZO-260814-77", ["reservation"])


def test_a_net_pay_after_a_remark_in_malay(folder):
    agent = planner_agent(folder[0], NOW)
    answers(agent, "What was Siti's net pay in March?", "3,512.40", "Slip_Gaji_Mac_2026.txt")


def test_a_hyphenated_word_of_a_paper_in_turkish(folder):
    from manoled.agent.tools import _files_with

    ctx = ToolContext(folder[0].catalog, now=lambda: NOW)
    assert _files_with(ctx, "parent-teacher") and not _files_with(ctx, "snow-chains")  # its words, as the papers say them
    assert not _files_with(ctx, "rx-2026-9999")  # a code no paper has, though every paper says 2026
    answers(planner_agent(folder[0], NOW), "When is the next parent-teacher meeting?", "27 Kasım", "Veli_Toplantisi.md")


def test_the_total_of_the_invoice_a_name_issued(folder):
    answers(planner_agent(folder[0], NOW), "What was the total of the invoice Raúl issued to Café Luna in April 2026?",
            "5,800.00", "A-0042_CafeLuna.txt")


def test_a_folder_named_with_words_its_papers_do_not_say(folder):
    ctx = ToolContext(folder[0].catalog, now=lambda: NOW)
    out = count_files(ctx, about="electricity bill", folder="Casa/Servicios/CFE")
    assert out.data["count"] == 2, out.text
    assert count_files(ctx, about="electricity bill").data["count"] == 0  # no folder named: the words narrow


def test_the_firm_a_thing_is_with_is_a_value_and_the_laptop_is_everywhere():
    from conftest import shared_embedder

    from manoled.agent.planner import Planner

    planner = Planner(shared_embedder().embed, now=lambda: NOW)
    files = [PathFile(p, id=i) for i, p in enumerate((
        "Araba/Kasko_Police_2026.pdf", "Araba/Servis_Faturasi_2026-03.pdf", "Araba/Muayene_Raporu_2026.pdf",
        "Fotos/IMG_20260412_1530.jpg", "Fotos/IMG_20260621_0908.jpg", "Receipts/shop_receipt_0412.pdf"))]
    plan = planner.plan("Which company is our car's kasko with?", files)
    assert plan.intent == "content", (plan.intent, plan.folder, plan.reason)
    assert planner.plan("Which shop receipts have we kept?", files).intent == "list"  # papers, not a firm
    plan = planner.plan("How many photos do we have on the laptop?", files)
    assert plan.intent == "count" and "laptop" not in str(plan.to_dict()), plan.to_dict()
