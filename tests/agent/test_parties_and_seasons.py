"""What a question places its answer with, not what it asks: the whole a part is taken from ("the tax deducted from
her pension"), a season a trip was in ("the summer holiday"), an honorific with a name ("Ozan Bey"), a party whose
own number a provider's paper also gives ("Müşteri Tel", the owner's phone under "Propietario"), a rate said in the
paper's tongue ("por noche"), short questions typed in Portuguese ("quanto deu", "quando", a word typed without
its accent), a Vietnamese bill's total with no sign of money ("TỔNG CỘNG TIỀN: 474.876"), and the fee just given as
what "we transfer it" asks of (its notice's "Chuyển khoản", not a bank's papers)."""

from __future__ import annotations

from datetime import datetime

from conftest import answers, folder_fixture, planner_agent

from manoled.agent.contrast import Contrasts, periods
from manoled.agent.gloss import heads
from manoled.agent.terms import topic_terms
from manoled.agent.tongues import in_english

NOW = datetime(2026, 12, 4, 12).timestamp()

FILES = {
    "Money/Pension/pension advice May 2026.txt": (
        "Scottish Public Pensions Agency\nPENSION PAYMENT ADVICE\nMrs Elspeth Munro\nPayment month\nMay 2026\n"
        "Payments | This month\nTeachers' pension | 2,104.50\nTotal gross pay | 2,104.50\n"
        "Deductions | This month\nIncome tax | 401.20\nNet pension paid\n£1,703.30\n", 200),
    "Money/Tax/coding notice Elspeth.txt": (
        "HM Revenue & Customs\nPAYE Coding Notice for Elspeth Munro\nYour tax code for your teachers' pension is 1L.\n"
        "We take the last digit off your allowance and add the letter L.\nless State Pension (estimated): £12,548\n", 280),
    "Trips/Kalkan 2026/Rezervasyon_Onayi_Kalkan.txt": (
        "Pansiyon Deniz Yıldızı — Kalkan / Antalya\nREZERVASYON ONAYI\nRezervasyon No: KLK-260811-0417\n"
        "Giriş: 11.08.2026 14:00\nÇıkış: 18.08.2026 11:00\nOda: deniz manzaralı çift kişilik\n", 150),
    "Kedi/Vet_Fatura_2026-05-03.txt": (
        "MIRMIR VETERİNER KLİNİĞİ\nVet. Hek. Ozan Kaya — Moda / İstanbul — Tel: 0216 404 12 34\n"
        "Müşteri: Selin Arslan\nMüşteri Tel: 0533 812 40 77\nHasta: Pamuk (kedi)\nKuduz aşısı | 650,00\n"
        "GENEL TOPLAM: 1.150,00 TL\n", 210),
    "Familia/Michi/nota_vet_marzo2026.txt": (
        "Clínica Veterinaria Coyoacán\nNOTA DE VENTA No. 004512\nDatos del paciente\n"
        "Propietario | Teléfono | Expediente\nLucía Herrera Soto | 55 7711 2040 | VC-1180\n"
        "Consulta general | $450.00\nTOTAL | $450.00\n"
        "Clínica Veterinaria Coyoacán · Av. Universidad 1330 · Tel. 55 5688 3190\n", 250),
    "Viajes/Puebla 2026/Hotel_Casona_confirmacion.txt": (
        "Hotel La Casona de Puebla\nConfirmación de reservación\nNúmero de confirmación: HCP-2609-771\n"
        "Llegada: 11/09/2026\nSalida: 15/09/2026\nTarifa por noche (IVA incluido): $1,380.00\n"
        "Total estancia (4 noches): $5,520.00\nAnticipo pagado (30 %): $1,656.00\n"
        "Saldo a pagar a la llegada: $3,864.00\nEstacionamiento cercano ($180.00 aprox.).\n", 120),
    "Casa/Gatos/vet_Clinica_Bichos_02-06-2026.txt": (
        "Clínica Veterinária Bichos & Cia\nPaciente: Pitanga (felina)\nServiço / Produto | Qtd. | Total (R$)\n"
        "Consulta clínica | 1 | 180,00\nVacina V4 | 1 | 120,00\nRação úmida - sachê | 4 | 30,00\nTOTAL: R$ 330,00\n", 180),
    "Escola_Lia/circular_estudo_do_meio_Ouro_Preto.txt": (
        "Colégio Horizonte\nCIRCULAR 12/2026\nSenhores pais,\nOs alunos do 7º ano realizarão Estudo do Meio na cidade "
        "de Ouro Preto (MG), de 14/10/2026 (quarta-feira) a 16/10/2026 (sexta-feira).\nValor: R$ 1.450,00.\n", 170),
    "Con - Mầm non/Hoc phi/TB hoc phi T10-2026.txt": (
        "Trường Mầm non Tư thục Hoa Sen - Hà Nội\nTHÔNG BÁO HỌC PHÍ THÁNG 10/2026\nHọ tên học sinh: TRẦN BẢO NGỌC\n"
        "Khoản thu | Số tiền\nHọc phí tháng 10/2026 | 4.200.000đ\nTiền ăn (21 ngày x 40.000đ) | 840.000đ\n"
        "TỔNG CỘNG PHẢI NỘP: 5.040.000đ\nHạn nộp: trước ngày 05/10/2026\n"
        "Chuyển khoản: TRUONG MAM NON HOA SEN - STK 0451 0007 3321 88\nVietcombank CN Đống Đa\n", 60),
    "Can ho/Hoa don/EVN/EVN_2026-10.txt": (
        "EVNHANOI - Hóa đơn điện tử\nHÓA ĐƠN GIÁ TRỊ GIA TĂNG (TIỀN ĐIỆN)\nKỳ 1 tháng 10/2026\n"
        "Bậc thang | Sản lượng (kWh) | Đơn giá (đồng/kWh) | Thành tiền (đồng)\nBậc 1 | 50 | 1.984 | 99.200\n"
        "Bậc 2 | 50 | 2.050 | 102.500\nBậc 3 | 100 | 2.380 | 238.000\nCộng | 200 | 439.700\n"
        "Tiền thuế GTGT: 35.176\nTỔNG CỘNG TIỀN: 474.876\nHạn thanh toán: 24/10/2026\n", 40),
    "Notes/todo.md": ("# to do\n- ask Ayla to feed Pamuk while we're on holiday\n- renew the car insurance\n", 20),
    "Rental 12B/Lease 12B Okafor 2026.txt": (
        "RESIDENTIAL LEASE - UNIT 12B\nLandlord: Priya & Tom Hendry\nLandlord phone: (503) 555-0158 (Tom)\n"
        "Tenant: Grace Okafor\nTenant phone: (503) 555-0187\n"
        "Emergency contact (tenant): Chidi Okafor (brother), (503) 555-0119\nMonthly rent: $1,450.00\n", 90),
    "Notes/phone numbers.txt": ("Grace Okafor (tenant 12B) (503) 555-0187\nDr Amy Lin (dentist) (503) 555-0140\n", 30),
}

folder = folder_fixture("parties_and_seasons", FILES, NOW)


def test_an_emergency_contact_is_not_the_partys_own():
    asked, told = Contrasts("tenant phone 12b"), Contrasts("who is the tenant's emergency contact?")
    line = "Emergency contact (tenant): Chidi Okafor (brother), (503) 555-0119"
    assert asked.kept_apart(line) > 0 and told.kept_apart(line) == 0
    assert Contrasts("What's Tom's number?").kept_apart("Landlord phone: (503) 555-0158 (Tom)") == 0


def test_how_a_question_places_its_answer():
    # "taken off": how much was deducted, no words of the paper
    assert topic_terms("How much income tax was taken off her pension in May?") == ["income", "tax", "pension"]
    assert periods("Tarifa por noche (IVA incluido): $1,380.00") == {"night"}
    assert periods("Miete pro Monat") == {"month"} and periods("a year ago") == set()
    assert Contrasts("what is the vet's phone?").kept_apart("Müşteri Tel: 0533 812 40 77") > 0
    assert Contrasts("what is the vet's phone?").kept_apart("Propietario\nTeléfono: 55 7711 2040") > 0
    assert Contrasts("what is the customer's phone?").kept_apart("Customer tel: 0533 812 40 77") == 0
    assert Contrasts("what is the vet's phone?").kept_apart("Tel: 0216 404 12 34") == 0
    assert in_english("quanto deu o veterinario da pitanga") == "how much cost veterinario pitanga"
    assert in_english("estudo do meio ouro preto quando").endswith("when")
    assert heads("proprietaria") == heads("proprietária") != ()


def test_the_files_answer(folder):
    agent = planner_agent(folder[0], NOW)
    answers(agent, "How much income tax was deducted from Elspeth's teachers' pension in May?", "401.20",
            "pension advice May 2026.txt")
    answers(agent, "Which booking number did the guesthouse in Kalkan give us for our summer holiday?",
            "KLK-260811-0417", "Rezervasyon_Onayi_Kalkan.txt")
    answers(agent, "What number do I ring to get Pamuk's next jab booked with Ozan Bey?", "0216 404 12 34",
            "Vet_Fatura_2026-05-03.txt")
    answers(agent, "veteriner tel", "0216 404 12 34", "Vet_Fatura_2026-05-03.txt", session="vet")
    answers(agent, "What is the phone number of the clinic where Michi sees the vet?", "55 5688 3190",
            "nota_vet_marzo2026.txt", session="michi")
    answers(agent, "How much was the hotel in Puebla per night?", "1,380.00", "Hotel_Casona_confirmacion.txt",
            session="puebla")
    answers(agent, "quanto deu o veterinario da pitanga", "330,00", "vet_Clinica_Bichos_02-06-2026.txt",
            session="pitanga")
    answers(agent, "How much was the EVN electricity bill for October 2026?", "474.876", "EVN_2026-10.txt",
            session="evn")
    answers(agent, "How much is Ngọc's kindergarten fee for October?", "5.040.000", "TB hoc phi T10-2026.txt",
            session="fee")
    answers(agent, "which bank account do we transfer it to?", "0451 0007 3321 88", "TB hoc phi T10-2026.txt",
            session="fee")
    answers(agent, "What is Grace Okafor's phone number?", "555-0187", "phone numbers.txt", session="g")
    answers(agent, "tenant phone 12b", "555-0187", "phone numbers.txt", session="t")  # (not her brother's)
    answers(agent, "What's Tom's number?", "555-0158", "Lease 12B Okafor 2026.txt", session="tom")  # (he is named)
    answers(agent, "estudo do meio ouro preto quando", "14/10/2026", "circular_estudo_do_meio_Ouro_Preto.txt",
            session="escola")
