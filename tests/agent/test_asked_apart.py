"""What a question tells apart from what it asks, and the files a few words name. A folder's name of several words
said as one phrase in lower case ("the lake district trip") is that folder, its month and year aside; "how many of
Omar's payslips" counts files; "the total size of Omar's payslips" adds up the files its words name, "what do the
CSV files add up to in size" the CSVs. Names in what a question tells first ("heading down the South Coast at
Easter") are not what it asks about; "by what date" opens the sentence that asks. What "landed in" an account is the
net pay, what is "outstanding" the balance, an "interest rate" a percentage. A follow-up that points at the answer
("what time does it start?", "how many boxes was that?") is answered by its line or row when that says it. A
notice given in "one (1) calendar month" is a duration; a balance carried from before is not what is owed; a row of
two label-value pairs side by side is two facts; "Ref:" is the reference. Over a real index, on fixtures written
for these tests."""

from __future__ import annotations

import time

from conftest import PathFile, ask, folder_fixture, planner_agent

from manoled.agent.ellipsis import said_already
from manoled.agent.kinds import asked_part, new_value, typed_by
from manoled.agent.layout import logical_lines
from manoled.agent.namedfiles import joined
from manoled.agent.retrieve import contains
from manoled.agent.shapes import TYPE_PATTERNS
from manoled.agent.units import is_value

NOW = time.time()

PHOTO = "\xff\xd8\xff\xe0 not a real jpeg, its size is what counts " * 40

FILES: dict[str, tuple[str, float]] = {
    "Trips/Lake District Jun 2026/IMG_20260612_0930.jpg": (PHOTO, 150),
    "Trips/Lake District Jun 2026/IMG_20260613_1710.jpg": (PHOTO + "x" * 300, 149),
    "Trips/Lake District Jun 2026/route notes.md": ("# Lake District\n\nDay 1: Catbells loop, 6 km.\n", 148),
    "Photos/IMG_20260301_1200.jpg": (PHOTO, 200),
    "Work/Omar NHS/Payslip 2026-09.txt": (
        "NHS Lothian - payslip\nEmployee: Omar Haddad\nPay date 28/09/2026\nGross pay: £3,120.00\n"
        "Income tax (PAYE): £412.80\nNational Insurance: £201.30\nNet pay: £2,505.90\n", 60),
    "Work/Omar NHS/Payslip 2026-10.txt": (
        "NHS Lothian - payslip\nEmployee: Omar Haddad\nPay date 28/10/2026\nGross pay: £3,310.00\n"
        "Acting up allowance: £190.00\nIncome tax (PAYE): £450.80\nNational Insurance: £224.10\n"
        "Net pay: £2,635.10\n", 30),
    "Work/Omar NHS/rota November.docx.txt": ("Ward rota - November\nEarly shifts: 3, 4, 10\n", 20),
    "Money/budget.csv": ("month,groceries,fuel\nSeptember,410.20,88.00\nOctober,395.75,92.40\n", 40),
    "Money/savings.csv": ("month,amount\nSeptember,250\nOctober,300\n", 45),
    "Kids/Brae Primary fee statement Term 1.txt": (
        "Brae Primary School - fee statement\nAnnual fees 2026-27: £4,350.00\nTerm 1 fees: £1,450.00\n"
        "Paid 02/09/2026: £1,000.00\nBalance due: £450.00\n", 35),
    "Kids/Brae newsletter November.txt": (
        "Brae Primary - November newsletter\n"
        "Mon 2 Nov | Parents' evening from 16:00\n"
        "Fri 6 Nov | Swimming gala at the leisure centre - starts 09:15\n"
        "Wed 18 Dec | School closes at 12:30\n", 25),
    "Car/Mazda registration renewal.txt": (
        "Vehicle registration renewal - Mazda 2 (SK19 ABC)\nNotice date: 02 Nov 2026\nRegistration expires: 14 Dec 2026\n"
        "Renewal fee: £180.00\n", 50),
    "House/Mortgage statement Oct 2026.txt": (
        "Thistle Building Society - mortgage statement\nMortgage account | 4471 8822 01 | Statement period | "
        "01/10/2026 - 31/10/2026\nBalance outstanding: £142,880.16\n"
        "Interest rate: 4.35% (tracker, base + 0.35%)\nMonthly payment: £921.40\n", 35),
    "Market/egg sales 2026.csv": ("date,buyer,product,qty,unit_price,total\n2026/03/07,Corner Deli,dozen box,12,6.50,"
                                  "78.00\n2026/05/02,Anna Ross,dozen box,2,7.00,14.00\n2026/06/13,Corner Deli,dozen box,"
                                  "15,6.50,97.50\n", 20),
    "House/Flat lease - J Barr.txt": (
        "Lease of the upstairs flat, 9 Kirk Wynd\nTenant: Jamie Barr\nRent: £725.00 per month\n"
        "Notice of any rent increase will be given in writing.\n"
        "Either party may end this tenancy by giving one (1) calendar month's written notice.\n", 90),
    "House/Council tax statement Oct 2026.txt": (
        "Midlothian Council - council tax statement\nStatement date: 12/10/2026\nPrevious balance: £210.00\n"
        "Payment received - thank you: -£210.00\nCharges this period: £198.40\nTotal amount due: £198.40\n", 15),
    "Trips/Skye cottage booking.txt": (
        "Glenview Cottages - booking confirmation\nGuests: 2 adults, 1 child\nArrive: Fri 16 Oct 2026\n"
        "Pay the balance by bank transfer to Glenview Cottages, account 8301 442 119, quoting your reference\n"
        "Ref: GVC-26-118\n", 40),
    "Bills/Glow/GlowEnergy_Statement_2026-10.txt": ("Glow Energy statement\nAmount due: £88.10\n", 30),
    "Bills/Glow/glow sept 2026.txt": ("Glow Energy statement\nAmount due: £74.35\n", 60),
    "Bills/broadband nov.txt": ("Fibrelink broadband\nMonthly charge: £32.00\n", 10),
    "Car/Insurance/Harbour schedule 2025-26.txt": ("Harbour Mutual motor schedule 2025-26\nExcess: £250\n", 300),
    "Car/Insurance/Harbour schedule 2026-27.txt": ("Harbour Mutual motor schedule 2026-27\nExcess: £300\n", 20),
    "Notes/holidays.txt": ("Easter: the South Coast again, book the cottage early\n", 70),
}

folder = folder_fixture("asked_apart", FILES, NOW)


def test_a_folder_named_by_a_phrase_of_its_words(folder):
    agent = planner_agent(folder[0], NOW)
    final, names = ask(agent, "how many pics from the lake district trip?")
    assert "2" in final.answer and names == ["IMG_20260612_0930.jpg", "IMG_20260613_1710.jpg"], final.answer
    final, _ = ask(agent, "How much space do the Lake District photos take up?")
    size = sum(len(FILES[f"Trips/Lake District Jun 2026/{n}"][0].encode()) for n in
               ("IMG_20260612_0930.jpg", "IMG_20260613_1710.jpg"))
    assert f"{size:,} bytes" in final.answer, final.answer


def test_how_many_of_someones_files(folder):
    final, names = ask(planner_agent(folder[0], NOW), "How many of Omar's payslips do we have saved?")
    assert final.intent == "count" and "2" in final.answer, final.answer
    assert names == ["Payslip 2026-09.txt", "Payslip 2026-10.txt"], names


def test_the_total_size_of_the_files_some_words_name(folder):
    agent = planner_agent(folder[0], NOW)
    final, _ = ask(agent, "total size of omar's payslips?")
    size = sum(len(FILES[f"Work/Omar NHS/Payslip 2026-{m}.txt"][0].encode()) for m in ("09", "10"))
    assert final.intent == "disk" and f"{size:,} bytes" in final.answer, final.answer
    final, _ = ask(agent, "what do my spreadsheets add up to in size?")
    size = sum(len(text.encode()) for rel, (text, _) in FILES.items() if rel.endswith(".csv"))
    assert final.intent == "disk" and f"{size:,} bytes" in final.answer, final.answer


def test_two_words_are_joined_only_into_a_word_a_path_says():
    files = [PathFile("Bills/Statements/Rates statement Sep.pdf"), PathFile("Money/Payslip_2026-10.pdf")]
    assert joined(["statement", "say", "owe"], "what does the statement say I owe", files) == ["statement", "say", "owe"]
    assert joined(["pay", "slip"], "where are the pay slips", files) == ["payslip"]


def test_the_sentence_that_asks_after_what_it_tells():
    told = "We're heading down the South Coast at Easter - by what date does the Mazda's registration need renewing?"
    assert asked_part(told) == "by what date does the Mazda's registration need renewing?"
    assert typed_by("mortgage interest rate?") == ("number", True)


def test_names_told_before_the_question_are_not_asked_about(folder):
    final, names = ask(planner_agent(folder[0], NOW), "We're heading down the South Coast at Easter - by what date "
                                                      "does the Mazda's registration need renewing?")
    assert "14 Dec 2026" in final.answer and names == ["Mazda registration renewal.txt"], final.answer


def test_what_landed_in_an_account_is_the_net_pay(folder):
    final, names = ask(planner_agent(folder[0], NOW), "With the acting up allowance, how much actually landed in "
                                                      "Omar's account in October?")
    assert "2,635.10" in final.answer and names == ["Payslip 2026-10.txt"], final.answer


def test_what_is_outstanding_is_the_balance(folder):
    final, names = ask(planner_agent(folder[0], NOW), "brae fees outstanding amt")
    assert "450.00" in final.answer and names == ["Brae Primary fee statement Term 1.txt"], final.answer


def test_an_interest_rate_is_a_percentage(folder):
    final, names = ask(planner_agent(folder[0], NOW), "What interest rate is charged on the mortgage according to the "
                                                      "October statement?")
    assert "4.35%" in final.answer and names == ["Mortgage statement Oct 2026.txt"], final.answer


def test_a_follow_up_the_answer_already_says(folder):
    agent = planner_agent(folder[0], NOW)
    final, _ = ask(agent, "When is the swimming gala?", session="gala")
    assert "6 Nov" in final.answer, final.answer
    final, names = ask(agent, "what time does it start?", session="gala")
    assert "09:15" in final.answer and names == ["Brae newsletter November.txt"], final.answer


def test_a_follow_up_on_the_row_answered(folder):
    agent = planner_agent(folder[0], NOW)
    final, _ = ask(agent, "How much did the Corner Deli pay for eggs in June?", session="eggs")
    assert "97.50" in final.answer, final.answer
    final, names = ask(agent, "how many boxes was that?", session="eggs")
    assert "qty: 15" in final.answer and names == ["egg sales 2026.csv"], final.answer


def test_notice_in_calendar_months(folder):
    final, names = ask(planner_agent(folder[0], NOW), "How much notice does Jamie have to give to move out?")
    assert "one (1) calendar month" in final.answer and names == ["Flat lease - J Barr.txt"], final.answer


def test_the_size_or_age_of_one_file(folder):
    agent = planner_agent(folder[0], NOW)
    final, names = ask(agent, "how big is omar's october payslip")
    assert final.intent == "metadata" and names == ["Payslip 2026-10.txt"], final.answer
    final, names = ask(agent, "How old is the route notes file?")
    assert final.intent == "metadata" and names == ["route notes.md"], final.answer


def test_a_balance_carried_from_before_is_not_what_is_owed(folder):
    final, names = ask(planner_agent(folder[0], NOW), "How much does the October council tax statement say we owe?")
    assert "198.40" in final.answer and "210.00" not in final.answer, final.answer
    assert names == ["Council tax statement Oct 2026.txt"], names


def test_pairs_side_by_side_are_read_apart():
    text = ("Staff no | 552190 | Name | HADDAD, O\n"
            "Earnings | Amount | Deductions | Amount\n"
            "Basic pay | R 31 200,00 | Income tax (PAYE) | R 5 118,20\n"
            "Overtime | R 1 900,00 | Pension (7.5%) | R 2 340,00\n")
    assert logical_lines(text, is_value) == ["Staff no: 552190", "Name: HADDAD, O", "Basic pay: R 31 200,00",
                                             "Income tax (PAYE): R 5 118,20", "Overtime: R 1 900,00",
                                             "Pension (7.5%): R 2 340,00"]
    flights = "Day, Date | Flight | From | To\nFri, 06MAR26 | SK 412 | Bristol (BRS) | Malaga (AGP)\n"
    assert logical_lines(flights, is_value) == ["Day, Date: Fri, 06MAR26, Flight: SK 412, From: Bristol (BRS), "
                                                "To: Malaga (AGP)"]  # a table's row, not two pairs


def test_a_reference_written_short(folder):
    agent = planner_agent(folder[0], NOW)
    ask(agent, "When do we arrive at the Skye cottage?", session="skye")
    final, names = ask(agent, "what's the booking reference?", session="skye")
    assert "GVC-26-118" in final.answer and names == ["Skye cottage booking.txt"], final.answer


def test_a_folder_said_as_where_files_are(folder):
    agent = planner_agent(folder[0], NOW)
    final, _ = ask(agent, "how many text files in bills")
    assert "3" in final.answer, final.answer


def test_sizes_asked_together(folder):
    agent = planner_agent(folder[0], NOW)
    glow = sum(len(FILES[f"Bills/Glow/{n}"][0].encode()) for n in ("GlowEnergy_Statement_2026-10.txt", "glow sept 2026.txt"))
    for question in ("how big are the glow bills altogether?", "what's the total size of the glow statements?"):
        final, _ = ask(agent, question)
        assert final.intent == "disk" and f"{glow:,} bytes" in final.answer, (question, final.answer)
    final, _ = ask(agent, "what's the combined size of omar's payslips?")
    size = sum(len(FILES[f"Work/Omar NHS/Payslip 2026-{m}.txt"][0].encode()) for m in ("09", "10"))
    assert final.intent == "disk" and f"{size:,} bytes" in final.answer, final.answer
    final, _ = ask(agent, "what's the total size of the car insurance schedules?")
    size = sum(len(text.encode()) for rel, (text, _) in FILES.items() if rel.startswith("Car/Insurance/"))
    assert final.intent == "disk" and f"{size:,} bytes" in final.answer, final.answer


class Turn:  # a previous turn, as a follow-up sees it
    def __init__(self, question: str, answer: str) -> None:
        self.question, self.answer = question, answer


def test_what_the_answer_already_says():
    gala = Turn("When is the swimming gala?", "Fri 6 Nov | Swimming gala - starts 09:15. (from news.txt)")
    assert said_already(gala, "what time does it start?")
    assert not said_already(gala, "when does it finish?")  # the date it gave, asked again: another line
    bill = Turn("How much was the gas bill?", "Total due: £74.35. (from gas.txt)")
    assert not said_already(bill, "when is it due?")  # the line gives no date
    order = Turn("How much was the camera order?", "Item: SD card, Code: SD-128, Total: £24.99. (from order.txt)")
    assert not said_already(order, "what was the order number on it?")  # a code of something: not any code
    invoice = Turn("Which invoice went to Acme in May?", "Invoice date: 15 May 2026. (from INV-7.pdf)")
    assert not said_already(invoice, "what's the due date on it?")  # a date, but not the one it names
    sports = Turn("When is sports day?", "Fri 23 Oct | Sports day on the field - begin om 08:30. (from news.txt)")
    assert said_already(sports, "what time does it start?")  # no label: the line's time, however it says "start"
    dentist = Turn("When is the dentist?", "Appointment: Tue 4 Nov 2026 at 14:15. (from dentist.txt)")
    assert said_already(dentist, "what time is it at?")  # a label, and the follow-up names nothing else


def test_words_papers_write_their_own_way():
    assert TYPE_PATTERNS["duration"].search("by giving two (2) calendar months' written notice")
    assert TYPE_PATTERNS["duration"].search("within 10 working days")
    assert TYPE_PATTERNS["duration"].search("giving two calendar months' notice")
    asked = {"interest", "rate", "mortgage"}  # a rate asked: the line with a percentage, not the account's number
    assert new_value("number", "Interest rate: 4.35%", asked) and not new_value("number", "Account: 4471 8822", asked)
    assert contains("Ref: GVC-26-118", "reference")
