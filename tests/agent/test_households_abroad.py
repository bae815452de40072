"""Households that keep their papers in Brazilian Portuguese and Turkish, and the ways people ask about them: a month
a file name writes short ("holerite_set26", "sabesp_09-2026"), a Turkish capital İ ("BRÜT PRİM"), a sum in lira or
ringgit and not a measure ("255,40 kWh"), a total in another tongue ("GENEL TOPLAM", not "Ara Toplam"), two names over
two values ("Vencimento | Valor a Pagar"), a table head's "Unit. (R$)", "the number on the policy", a follow-up that asks
a value after a file's date, and words papers abroad write their own way (voo, franquia, receita bruta, locadora)."""

from __future__ import annotations

from datetime import datetime

from conftest import PathFile, answers, ask, folder_fixture, planner_agent, shared_embedder

from manoled.agent.kinds import new_value, typed_by
from manoled.agent.layout import logical_lines, sentences
from manoled.agent.months import name_dates
from manoled.agent.shapes import TYPE_PATTERNS
from manoled.agent.slots import stem
from manoled.agent.terms import topic_terms
from manoled.agent.totals import BEFORE_TAX, TOTAL_UNIT
from manoled.agent.units import is_value
from manoled.agent.verify import coverage
from manoled.agent.wording import words

NOW = datetime(2026, 12, 4, 12).timestamp()

FILES = {
    "Trabalho/Holerites/holerite_2026_08.txt": (
        "HOSPITAL SANTA HELENA\nDemonstrativo de Pagamento - Agosto/2026\nFuncionária: JULIANA SOUZA\n"
        "Salário Base | 6.480,00\nTotal de Descontos | 1.104,60\nValor Líquido | R$ 5.610,21\n", 100),
    "Trabalho/Holerites/holerite_set26.txt": (
        "HOSPITAL SANTA HELENA\nDemonstrativo de Pagamento - Setembro/2026\nFuncionária: JULIANA SOUZA\n"
        "Salário Base | 6.480,00\nTotal de Descontos | 983,30\nValor Líquido | R$ 5.896,70\n", 70),
    "Casa/Contas/sabesp_09-2026.txt": (
        "SABESP\nCONTA DE ÁGUA E ESGOTO\nLeitura Anterior | Data | Leitura Atual | Data | Consumo (m³)\n"
        "1.495 | 20/08/2026 | 1.510 | 17/09/2026 | 15 m³\nDescrição dos Serviços | Valor R$\n"
        "Água - consumo 15 m³ | 94,64\nEsgoto - 100% do valor da água | 94,64\nVencimento | Valor a Pagar\n"
        "29/09/2026 | R$ 189,28\nQualidade da água: a água distribuída atende aos padrões.\n", 75),
    "Casa/Gato/vet_GatosCia_14-03-2026.txt": (
        "Clínica Veterinária Gatos & Companhia\nMedicina felina · CNPJ 26.551.780/0001-34\n"
        "RECIBO / ORÇAMENTO EXECUTADO Nº 2026-00812\nTutor(a) | CPF | Data do atendimento\n"
        "Juliana Ferreira Souza | 318.452.907-16 | 14/03/2026\nPaciente | Espécie | Sexo | Idade | Peso\n"
        "Paçoca | Felina | Macho castrado | 4 anos | 5,2 kg\nQueixa: urinando fora da caixa de areia.\n"
        "Serviço / Produto | Qtd. | Unit. (R$) | Total (R$)\nConsulta clínica felina | 1 | 220,00 | 220,00\n"
        "Urinálise (EAS) + sedimentoscopia | 1 | 75,00 | 75,00\nUltrassom vesical (FAST) - cortesia | 1 | 0,00 | 0,00\n"
        "Meloxicam 0,2 mg/ml - frasco 10 ml | 1 | 47,50 | 47,50\nRação úmida Urinary - sachê 85 g | 6 | 7,50 | 45,00\n"
        "TOTAL | R$ 387,50\nForma de pagamento: cartão de débito\n", 260),
    "Viagem/GOL_confirmacao_reserva.txt": (
        "GOL Linhas Aéreas\nConfirmação de Compra\nCódigo de reserva (localizador) | Data da compra\n"
        "KXT4PM | 03/03/2026\nTrecho | Voo | Data | Partida | Chegada\n"
        "IDA | G3 1654 | 11/07/2026 | 07:25 São Paulo (CGH) | 09:55 Salvador (SSA)\n", 270),
    "Ev/IGDAS/IGDAS_Fatura_2026-09.txt": (
        "İGDAŞ Doğal Gaz Faturası\nTesisat No | 2004518837\nTüketim (kWh) | 255,40\nFATURA DETAYI\n"
        "Doğal Gaz Tüketim Bedeli | 255,40 kWh | 328,06\nKDV (%20) | 65,72\nFATURA TUTARI | 394,33\n", 80),
    "Araba/Kasko_Police_2026.txt": (
        "KASKO SİGORTA POLİÇESİ\nPoliçe No | 90412277\nPRİM BİLGİLERİ\nNet Prim | 36.628,57\n"
        "Gider Vergisi (%5) | 1.831,43\nBRÜT PRİM | 38.460,00\n", 268),
    "Okul/Karne_2025-2026.txt": (
        "KARNE - 2025-2026 Eğitim Öğretim Yılı\nÖğrenci: Deniz Yılmaz\nMatematik: 5\nTürkçe: 4\n"
        "Özürsüz devamsızlık: 0 gün\nÖzürlü devamsızlık: 3 gün\n", 160),
}

folder = folder_fixture("households_abroad", FILES, NOW)


def test_a_turkish_dotted_capital_is_one_letter():
    assert words("BRÜT PRİM · İGDAŞ") == ["brüt", "prim", "igdaş"]


def test_a_sum_in_lira_or_ringgit_and_no_measure():
    amounts = TYPE_PATTERNS["amount"]
    for said in ("48.750 TL", "RM 450", "TL 1.200", "₺12.300", "R$ 1.234,56", "$18,450.75 MXN"):
        assert amounts.search(said), said
    for said in ("255,40 kWh", "12,50 kg", "Consumo: 15,00 m³"):
        assert not amounts.search(said), said


def test_a_total_and_a_subtotal_in_other_tongues():
    assert TOTAL_UNIT.search("GENEL TOPLAM | 8.076,00 TL") and TOTAL_UNIT.search("FATURA TUTARI: 394,33")
    assert BEFORE_TAX.search("Ara Toplam | 6.730,00 TL")  # a step to the total
    assert TOTAL_UNIT.search("Total a pagar: $744.00") and TOTAL_UNIT.search("JUMLAH: RM 120.00")


def test_a_month_a_file_name_writes_short_or_after_its_number():
    assert name_dates("holerite_set26.pdf") == [(2026, 9)] and name_dates("vivo_fibra_out26.pdf") == [(2026, 10)]
    assert name_dates("sabesp_09-2026.pdf") == [(2026, 9)] and name_dates("acme_2025-02.txt") == [(2025, 2)]
    # an English word is no month unless it is glued to its year
    assert name_dates("check_out_2026.pdf") == [] and name_dates("set_2026.pdf") == []


def test_the_number_on_a_paper_and_the_number_to_ring_are_codes():
    assert typed_by("What's the number on the mandatory earthquake cover?") == ("code", True)
    assert typed_by("Which number do I ring to book the dog's jabs?") == ("code", True)
    assert typed_by("what is the number of nights")[0] == "number"
    asked = {stem(w) for w in words("what's the number on the earthquake policy")}
    assert not new_value("code", "34710 Kadıköy / İSTANBUL", asked)  # a postcode before its town
    assert new_value("code", "Poliçe No: 58219374", asked)


def test_a_table_heads_abbreviation_and_two_names_over_two_values():
    assert sentences("[ ] Spendenquittung Atlântico e.V. (50 €)") == ["[ ] Spendenquittung Atlântico e.V. (50 €)"]
    assert sentences("Serviço / Produto: Consulta, Qtd.: 1, Unit. (R$): 220,00, Total (R$): 220,00") == [
        "Serviço / Produto: Consulta, Qtd.: 1, Unit. (R$): 220,00, Total (R$): 220,00"]
    lines = logical_lines("Descrição | Valor R$\nÁgua | 94,64\nVencimento | Valor a Pagar\n29/09/2026 | R$ 189,28\n",
                          is_value)
    assert "Vencimento: 29/09/2026, Valor a Pagar: R$ 189,28" in lines, lines


def test_a_measure_says_its_units_name_and_a_visit_is_no_topic():
    assert words("how many kilowatt-hours") == ["how", "many", "kwh"]
    assert coverage({"cubic": 1, "meter": 1}, "Consumo (m³): 15 m³", n_files=10)[0] == 1.0
    assert "visit" not in topic_terms("How much did we pay at the vet for Paçoca's visit in March?")


def test_a_list_of_papers_a_name_with_accents_sent_and_the_size_of_a_named_pdf():
    from manoled.agent.planner import Planner

    planner = Planner(shared_embedder().embed, now=lambda: NOW)
    files = [PathFile(p, id=i) for i, p in enumerate((
        "Tostadores/Facturas emitidas/2026/A-0118_CafeAbrazo.pdf", "Tostadores/Facturas emitidas/2026/A-0125_CafeAbrazo.pdf",
        "Tostadores/Facturas emitidas/2026/A-0129_TercerLugar.pdf", "Tostadores/bitacora_tueste.md",
        "Familia/Auto/Poliza_Qualitas_Versa2019.pdf", "Casa/Seguro_Hogar_GNP_poliza.pdf"))]
    plan = planner.plan("Which invoices did Tomás send to Café Abrazo?", files)
    assert plan.intent == "list", (plan.intent, plan.reason)
    plan = planner.plan("How big is the Quálitas car insurance policy PDF?", files)
    assert plan.intent == "metadata" and plan.name.file.name == "Poliza_Qualitas_Versa2019.pdf", plan.reason
    kept = [PathFile(p, id=i) for i, p in enumerate((
        "Pessoal/Receitas/moqueca_baiana.md", "Pessoal/Receitas/pao_de_queijo_da_vo.txt",
        "Pessoal/Receitas/brigadeiro_festa.md", "Saúde/receita_oculos_Bia.pdf", "Pessoal/todo.md"))]
    plan = planner.plan("Which recipes do we have saved?", kept)  # a list, though one file's name says receita
    assert plan.intent == "list", (plan.intent, plan.reason)
    plan = planner.plan("When was Tomás's roasting log last updated?", files)  # bitácora de tueste
    assert plan.intent == "metadata" and plan.name.file.name == "bitacora_tueste.md", plan.reason


def test_portuguese_papers(folder):
    agent = planner_agent(folder[0], NOW)
    answers(agent, "What was Juliana's net pay on her September payslip?", "5.896,70", "holerite_set26.txt")
    answers(agent, "How much did we pay at the vet for Paçoca's visit in March?", "387,50",
            "vet_GatosCia_14-03-2026.txt")
    answers(agent, "What time is our flight to Salvador?", "07:25", "GOL_confirmacao_reserva.txt")
    answers(agent, "How many cubic meters of water did we use on the Sabesp bill?", "15 m³", "sabesp_09-2026.txt")
    answers(agent, "When is the Sabesp bill due?", "29/09/2026", "sabesp_09-2026.txt")


def test_turkish_papers(folder):
    agent = planner_agent(folder[0], NOW)
    answers(agent, "what was the total on the September gas bill?", "394,33", "IGDAS_Fatura_2026-09.txt")
    answers(agent, "What's the gross premium on the kasko policy?", "38.460,00", "Kasko_Police_2026.txt")


def test_a_value_asked_after_a_files_date(folder):
    agent = planner_agent(folder[0], NOW)
    for session, first in (("a", "When did we save Deniz's report card?"), ("b", "When was the kasko policy saved?"),
                           ("c", "When did we save Deniz's report card?"), ("d", "When was Paçoca's vet bill saved?")):
        final, _ = ask(agent, first, session=session)
        assert "last modified" in final.answer, final.answer  # the file's date
    answers(agent, "How many days was he absent?", "3 gün", "Karne_2025-2026.txt", session="a")
    # the words of the value asked name the file the date was of, or another one: its value all the same
    answers(agent, "What's the gross premium on that policy?", "38.460,00", "Kasko_Police_2026.txt", session="b")
    answers(agent, "and how much was the kasko premium?", "38.460,00", "Kasko_Police_2026.txt", session="c")
    answers(agent, "How much did that visit cost in total?", "387,50", "vet_GatosCia_14-03-2026.txt", session="d")  # that file's


def test_a_street_as_papers_shorten_it_a_span_of_months_and_which_premium():
    from manoled.agent.attribute import asked_words
    from manoled.agent.retrieve import contains
    from manoled.agent.slots import read_slots

    assert contains("Insured property: 3F2, 12 Iona St, EH6 8SG", "street") and contains("4 Kent Rd", "road")
    assert not contains("GAJI BERSIH: RM 4,812.50", "room")  # RM is the ringgit
    span = read_slots("What was the Scottish Power bill for April to June?", NOW).time
    assert (datetime.fromtimestamp(span.since).month, datetime.fromtimestamp(span.until).month) == (4, 7)
    assert datetime.fromtimestamp(read_slots("the Nov to Feb gas bills", NOW).time.until) == datetime(2027, 3, 1)
    assert asked_words("what's the new premium going to be") == [] and asked_words("what's the late fee") == ["late"]


def test_what_a_bill_was_asks_its_sum():
    from manoled.agent.planner import Planner

    planner = Planner(shared_embedder().embed, now=lambda: NOW)
    files = [PathFile(p, id=i) for i, p in enumerate((
        "House/Bills/Scottish Power/SP bill Jan-Mar 2026.pdf", "House/Bills/Scottish Power/SP bill Apr-Jun 2026.pdf",
        "House/Bills/BT/BT bill May 2026.pdf", "Notes/Recipes/Cullen skink.txt"))]
    plan = planner.plan("What was the Scottish Power bill for April to June?", files)
    assert plan.intent == "content", (plan.intent, plan.reason)
    assert planner.plan("what's in the Scottish Power folder", files).intent in ("tree", "list")
