"""Questions about files, asked of a household's folder the way its people say them: a folder named by two words
("the Lakeside Power bills") over a shorter one named by one of them; a collection "written down"; "pay stubs" for
Paystub_….txt; a count inside a paper of the month ("how many refunds in May"), not a count of files; the date of a
file whose folder is called "Big Sur"; the file of the kind asked ("the lease markdown file"), not a letter about the
lease; and a word before the kind that names files elsewhere ("the tuition invoices"), not the business's Invoices
folder. Over a real index, on fixtures written for these tests."""

from __future__ import annotations

from datetime import datetime

from conftest import ask, folder_fixture, planner_agent

NOW = datetime(2026, 11, 20, 12).timestamp()

_BILL = ("LAKESIDE POWER - ELECTRICITY BILL\nAccount 4471-220\nBilling period: {period}\nEnergy used: {kwh} kWh\n"
         "TOTAL DUE: ${due}\nDue date: {date}\n")
_STUB = ("HARBOR CLINIC - EARNINGS STATEMENT\nEmployee: Priya Natarajan\nPay date: {date}\nGross Pay: ${gross}\n"
         "Federal Withholding: $412.10\nNET PAY: ${net}\n")
_INVOICE = "FETCH & GROOM - INVOICE {n}\nClient: {client}\nFull groom, large dog: $95.00\nTotal: $95.00\n"
_TUITION = ("Sunflower Early Learning\nTUITION INVOICE\nChild: Leo Natarajan\nBilling period: {month} 2026\n"
            "Tuition, full time: $1,240.00\nTotal due: $1,240.00\n")

FILES: dict[str, tuple[str, float]] = {
    "Home/Lakeside_Power/LakesidePower_Bill_2026-08.txt": (
        _BILL.format(period="Aug 2026", kwh=612, due="98.40", date="09/15/2026"), 80),
    "Home/Lakeside_Power/LakesidePower_Bill_2026-09.txt": (
        _BILL.format(period="Sep 2026", kwh=540, due="87.15", date="10/15/2026"), 50),
    "Home/Lakeside_Power/LakesidePower_Bill_2026-10.txt": (
        _BILL.format(period="Oct 2026", kwh=455, due="74.90", date="11/15/2026"), 20),
    "Work/Bills/phone_2026-10.txt": ("MOBILE PLAN BILL\nOctober 2026\nAmount due: $45.00\n", 25),
    "Work/Paystubs/Paystub_2026-09-15.txt": (_STUB.format(date="09/15/2026", gross="3,410.00", net="2,611.40"), 65),
    "Work/Paystubs/Paystub_2026-09-30.txt": (_STUB.format(date="09/30/2026", gross="3,410.00", net="2,611.40"), 50),
    "Work/Paystubs/Paystub_2026-10-15.txt": (_STUB.format(date="10/15/2026", gross="3,655.50", net="2,790.02"), 35),
    "Shop/Reports/Sales_Summary_2026-05.txt": (
        "FETCH & GROOM - MONTHLY SALES SUMMARY\nPeriod: May 1, 2026 - May 31, 2026\nGross sales: $6,120.00\n"
        "Transactions: 71\nRefunds: 4\nNet sales: $5,902.50\n", 170),
    "Shop/Invoices/INV-201.txt": (_INVOICE.format(n=201, client="Hill Road Kennels"), 60),
    "Shop/Invoices/INV-202.txt": (_INVOICE.format(n=202, client="Maple Dog Rescue"), 40),
    "Family/Leo/Sunflower_Tuition_2026-09.txt": (_TUITION.format(month="September"), 80),
    "Family/Leo/Sunflower_Tuition_2026-10.txt": (_TUITION.format(month="October"), 50),
    "Trips/Big Sur 2026/packing list.md": ("# Packing\n- tent\n- headlamps\n- 2 gallons water\n- bear can\n", 33),
    "Rental/Lease - 12 Oak St.md": (
        "# Residential lease\n\nTenant: Dana Reyes\nPremises: 12 Oak St, Unit 2\nTerm: 09/01/2026 to 08/31/2027\n"
        "Monthly rent: $1,450.00\n", 90),
    "Rental/entry notice - Dana Reyes.txt": (
        "Dear Dana,\nAs allowed by section 14 of your lease, we will enter the flat at 12 Oak St, Unit 2 on Friday "
        "to fix the heater. The lease gives tenants 24 hours' notice; this is that notice for your flat.\n"
        "Thanks, Sam (landlord)\n", 12),
    "Taxes/Q24/Q24_2026-06-30.txt": ("MODELLO Q24 - DELEGA\nSaldo: 1.240,00\nData: 30/06/2026\n", 140),
    "Taxes/Q24/Q24_2026-11-30.txt": ("MODELLO Q24 - DELEGA\nAcconto: 980,00\nData: 30/11/2026\n", 5),
    "Shop/receipts/clippers receipt.txt": ("RECEIPT\nClippers: $129.00\nPayment: card\n", 90),
    "Notes/Recipes/chili.md": ("# Chili\n- 2 lb ground beef\n- 2 cans beans\n", 200),
    "Notes/Recipes/cornbread.md": ("# Cornbread\n- 1 cup cornmeal\n- 1 cup flour\n", 150),
}

folder = folder_fixture("files_a_new_household_asks_for", FILES, NOW)


def _names(folder, question: str) -> tuple[str, list[str]]:
    final, names = ask(planner_agent(folder[0], NOW), question)
    return final.answer, names


def test_a_folder_named_by_two_words_over_one_named_by_one(folder):
    answer, _ = _names(folder, "Which Lakeside Power bills do we have?")
    assert all(f"LakesidePower_Bill_2026-{m}" in answer for m in ("08", "09", "10")), answer
    assert "phone" not in answer, answer
    answer, _ = _names(folder, "How much space do the Lakeside Power bills take up?")
    assert "Lakeside_Power" in answer and "3 files" in answer, answer


def test_what_is_written_down_is_no_topic(folder):
    answer, _ = _names(folder, "What recipes have I got written down?")
    assert "chili.md" in answer and "cornbread.md" in answer, answer


def test_pay_stubs_are_counted_as_files(folder):
    answer, _ = _names(folder, "How many of Priya's pay stubs have we kept?")
    assert "3" in answer and "Paystub" in answer, answer


def test_a_count_of_things_no_file_is_is_read_in_the_paper(folder):
    answer, names = _names(folder, "How many transactions did the shop have in May?")
    assert "Transactions: 71" in answer and names == ["Sales_Summary_2026-05.txt"], answer
    for casual in ("how many refunds in may", "refunds in may count"):
        answer, names = _names(folder, casual)
        assert names == ["Sales_Summary_2026-05.txt"] and ("Refunds: 4" in answer or "Transactions: 71" in answer), \
            answer


def test_a_folders_name_is_no_size_asked(folder):
    answer, _ = _names(folder, "When was the Big Sur packing list last changed?")
    assert "last modified" in answer and "2026-10-18" in answer, answer


def test_the_file_of_the_kind_asked(folder):
    answer, _ = _names(folder, "How big is the lease markdown file for Dana's flat?")
    assert answer.startswith("Lease - 12 Oak St.md is"), answer


def test_a_word_before_the_kind_that_names_files_elsewhere(folder):
    answer, _ = _names(folder, "Which tuition invoices do we have?")
    assert "Sunflower_Tuition_2026-09.txt" in answer and "Sunflower_Tuition_2026-10.txt" in answer, answer
    assert "INV-20" not in answer, answer
    answer, _ = _names(folder, "How many Q24 payment receipts are there?")  # a kind said after the folder is of its
    assert "2 files" in answer and "clippers" not in answer, answer  # files
    answer, _ = _names(folder, "How much space do the Sunflower tuition invoices take?")  # their size, not a sum
    assert "2 files" in answer and "$" not in answer, answer
