"""Papers and folders that say things their own way, asked in the user's. A folder "Açores 2026" is the Azores
trip; a "resumo" of a "contrato de arrendamento" is the lease summary; a bill's "Total a pagar" is what is owed and
its "Nº de cliente" the client number; a column "Monthly (EUR)" holds sums, and "1247.85" is one; what was
"actually" spent on an item is its row's, not the sheet's total; "190 °C" is how hot the oven goes, "150 g" how much
cheese goes in; "our flight to Ponta Delgada" is not the one leaving it. "Do we have a recipe for X?" is answered by
the file; "the due date on it" is not the invoice date the previous answer gave, and "what about September?" after
an answer not found asks it of September; "we've" names no file. Over a real index, on fixtures written for these
tests."""

from __future__ import annotations

import time

from conftest import ask, folder_fixture, planner_agent

from manoled.agent.kinds import new_value, typed_by

NOW = time.time()

PHOTO = "\xff\xd8\xff\xe0 not a real jpeg, its size is what counts " * 40

FILES: dict[str, tuple[str, float]] = {
    "Viagens/Açores 2026/IMG_20260703_1012.jpg": (PHOTO, 150),
    "Viagens/Açores 2026/IMG_20260704_1845.jpg": (PHOTO + "x" * 200, 149),
    "Viagens/Açores 2026/itinerary.md": ("# São Miguel\n\nFri 03/07: land 10:35 (local time), pick up the rental car.\n", 148),
    "Viagens/Açores 2026/Booking confirmation - Lisboa Ponta Delgada.txt": (
        "Azores Airlines - booking confirmation\nBooking reference: K7QX2M\nFlight | Date | Route | Departs / Arrives\n"
        "S4 130 | 10 Jul 2026 | Ponta Delgada (PDL) - Lisbon (LIS) | 11:20 / 14:30\n"
        "S4 121 | 03 Jul 2026 | Lisbon (LIS) - Ponta Delgada (PDL) | 09:05 / 10:35\n", 147),
    "Viagens/Dublin Christmas - ideas.txt": ("Christmas in Dublin: flights LIS-DUB before November.\n", 120),
    "Pimenta/IMG_20260412_1430.jpg": (PHOTO, 200),
    "Casa/Renda/Contrato de arrendamento - resumo.txt": (
        "Contrato de Arrendamento — resumo\n\nSenhorio: Fernando Matos\nRenda mensal | 1.150,00 €\n"
        "Caução | 2.300,00 € (2 meses)\n" * 3, 90),
    "Work/Brightlane - consulting agreement summary.txt": (
        "Brightlane GmbH — consulting agreement (summary)\nDay rate: €640\nNotice: 30 days\n", 80),
    "Receitas/pão de queijo.md": (
        "# Pão de queijo da vó Cida\n\nMakes ~30 small ones.\n\n## Ingredients\n- 500 g polvilho azedo (sour tapioca "
        "starch)\n- 250 ml milk\n- 125 ml vegetable oil\n- 1 tsp salt\n- 2 eggs\n- 150 g queijo meia-cura grated (or Serra "
        "da Estrela amanteigado mixed with parmesan)\n\n## Method\n1. Boil the milk, oil and salt together.\n"
        "2. Pour over the polvilho and mix (it'll be lumpy, that's fine). Let it cool 15 min.\n"
        "3. Add the eggs one at a time, then the cheese. Knead until smooth.\n"
        "4. Bake at 190 °C for 25 min until golden. Don't open the oven in the first 15 min!\n", 60),
    "Casa/Contas/EPAL água ago-out 2026.txt": (
        "EPAL - Empresa Portuguesa das Águas Livres\nFatura de Água N.º FA 26/0884213\n"
        "Titular: | Mariana Costa | Nº de cliente: | 3004871265\nPeríodo: | 05/08/2026 a 04/10/2026\n"
        "Abastecimento de água | 9 m³ | 17,84 €\nTotal | 31,62 €\n", 50),
    "Work/clients.md": ("# Clients\n\n| Client | Contact | Rate |\n|---|---|---|\n| Northwind Labs | Aoife | €85/h |\n"
                        "| Brightlane GmbH | Jana | €640/day |\n", 40),
    "Casa/Contas/EDP fatura 2026-09.txt": (
        "EDP Comercial\nFatura de Eletricidade N.º FT 2026/31877412\nPeríodo: | 14/08/2026 a 13/09/2026\n"
        "Energia ativa | 268 kWh | 52,18 €\nSubtotal | 65,95 €\nIVA | 21,48 €\nTotal a pagar | 87,43 €\n", 45),
    "Finanças/budget 2026.csv": (
        "Category,Monthly (EUR),Annual (EUR),Paid by\nRent,1150,13800,Mariana\nElectricity (EDP),85,1020,Tom\n"
        "Internet (NOS),39.99,479.88,Tom\nGroceries,520,6240,split\nEating out,180,2160,split\n", 30),
    "Money/spending by month.csv": ("Category,Budget/month,Jul 2026,Aug 2026,Sep 2026\n"
                                    "Groceries,1200.00,1263.70,1247.85,1189.40\nFuel,200.00,231.60,190.40,214.85\n"
                                    "Health fund,412.35,412.35,412.35,412.35\nTOTAL OUT,1812.35,1907.65,1850.60,1816.60\n",
                                    25),
    "Work/Invoices/INV-2026-031 Northwind Labs.txt": (
        "Tom Reilly - Software Development\nINVOICE INV-2026-031\n"
        "Invoice no.: | INV-2026-031 | Invoice date: | 15 Sep 2026\nDue date: | 15 Oct 2026 | Client ref.: | PO-118\n"
        "Bill to: | Northwind Labs Ltd\nTotal due | €5,950.00\n", 70),
}

folder = folder_fixture("said_their_own_way", FILES, NOW)


def test_a_folder_whose_name_is_spelt_with_a_cedilla(folder):
    agent = planner_agent(folder[0], NOW)
    final, names = ask(agent, "how many photos from the azores trip?")
    assert final.intent == "count" and names == ["IMG_20260703_1012.jpg", "IMG_20260704_1845.jpg"], final.answer
    final, _ = ask(agent, "What files do we have for the Azores trip?")
    assert "itinerary.md" in final.answer and "Dublin" not in final.answer, final.answer


def test_the_whole_folder_is_every_file(folder):
    final, names = ask(planner_agent(folder[0], NOW), "How many .jpg photos are there in the whole folder?")
    assert "3" in final.answer and len(names) == 3, final.answer


def test_a_file_named_in_another_language(folder):
    final, names = ask(planner_agent(folder[0], NOW), "What's the file size of the lease summary?")
    assert names == ["Contrato de arrendamento - resumo.txt"], final.answer


def test_whether_a_paper_is_kept_is_answered_by_its_file(folder):
    agent = planner_agent(folder[0], NOW)
    final, names = ask(agent, "Do we have a recipe for pão de queijo?", session="cheese")
    assert final.intent == "list" and names == ["pão de queijo.md"], final.answer
    final, names = ask(agent, "How much cheese goes in it?", session="cheese")
    assert "150 g" in final.answer and names == ["pão de queijo.md"], final.answer


def test_how_hot_the_oven_goes_is_in_degrees(folder):
    final, _ = ask(planner_agent(folder[0], NOW), "pao de queijo oven temp")
    assert "190" in final.answer, final.answer
    assert typed_by("oven temp?") == ("number", False)
    assert typed_by("which evening do I need to keep free?") == ("date", True)  # an evening is a day
    assert new_value("number", "Bake at 190 °C", {"hot", "oven"}) and not new_value("number", "first 15 min", {"hot"})


def test_the_client_number_with_them_is_on_their_bill(folder):
    agent = planner_agent(folder[0], NOW)
    ask(agent, "How much is the EPAL water bill for August to October?", session="epal")
    final, names = ask(agent, "What's our client number with them?", session="epal")
    assert "3004871265" in final.answer and names == ["EPAL água ago-out 2026.txt"], final.answer


def test_what_is_owed_is_the_bills_total_to_pay(folder):
    final, names = ask(planner_agent(folder[0], NOW), "How much do we owe for the electricity this time round?")
    assert "87,43" in final.answer and names == ["EDP fatura 2026-09.txt"], final.answer


def test_a_column_that_says_its_currency_holds_sums(folder):
    final, _ = ask(planner_agent(folder[0], NOW), "What's our monthly grocery budget?")
    assert "520" in final.answer, final.answer


def test_the_due_date_is_not_the_invoice_date_given_before(folder):
    agent = planner_agent(folder[0], NOW)
    first, _ = ask(agent, "Which invoice did Tom send Northwind Labs in September 2026?", session="due")
    final, _ = ask(agent, "What's the due date on it?", session="due")
    assert "15 Oct 2026" in final.answer, (first.answer, final.answer)


def test_a_sum_of_four_figures_without_a_separator(folder):
    agent = planner_agent(folder[0], NOW)
    final, _ = ask(agent, "How much did we spend on groceries in August according to the budget?", session="g")
    assert "1247.85" in final.answer, final.answer
    final, _ = ask(agent, "what about September?", session="g")
    assert "1189.40" in final.answer, final.answer
    final, _ = ask(agent, "how much did we actually spend on food shopping in September?")  # the row, not the total
    assert "1189.40" in final.answer, final.answer


def test_another_period_after_an_answer_not_found(folder):
    agent = planner_agent(folder[0], NOW)
    first, _ = ask(agent, "How much did we spend on fishing gear in August?", session="f")
    final, _ = ask(agent, "what about September?", session="f")
    assert not first.sources and "september" in final.answer.lower() and "august" not in final.answer.lower(), \
        final.answer


def test_a_flight_to_a_place_is_the_way_there(folder):
    agent = planner_agent(folder[0], NOW)
    first, _ = ask(agent, "When is our flight to Ponta Delgada?", session="fly")
    assert "03 Jul 2026" in first.answer, first.answer
    final, _ = ask(agent, "What time does it land?", session="fly")  # the line given says it: that line
    assert "10:35" in final.answer and "14:30" not in final.answer, final.answer


def test_we_have_is_no_word_of_a_name(folder):
    final, names = ask(planner_agent(folder[0], NOW), "number of recipes we've got?")
    assert final.intent == "count" and names == ["pão de queijo.md"], final.answer
