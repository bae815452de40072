"""A paper that names what a question names and says nothing of what is asked of it: the Subaru's registration
for "when did the Subaru last get an oil change", a school's dates for "how much do we pay for the camp" (a room
number is no sum of money). And "back in September" says when, not a back: the IKEA receipt of September answers;
a letter says its month in one passage and its price in another (the camp of March costs $185, payable in February);
a to-do list's line is about its own item ("return the consent slip" is no trip, though another item names it)."""

from __future__ import annotations

from datetime import datetime

from conftest import ask, folder_fixture, planner_agent

from manoled.agent.facts import Extraction, Fact
from manoled.agent.months import other_month
from manoled.agent.retrieve import Candidate
from manoled.agent.terms import topic_terms
from manoled.agent.verify import _may_leave, _names_only, _paper, _passage

NOW = datetime(2026, 11, 20, 12).timestamp()

folder = folder_fixture("named_without", {
    "Car/Subaru registration 2026.txt": (
        "COLORADO VEHICLE REGISTRATION\nVehicle: 2019 Subaru Outback\nPlate: CXR-4471\n"
        "Registration Period: 05/01/2026 - 04/30/2027\nExpiration Date: 04/30/2027\nDate Paid: 04/28/2026\n", 200),
    "Recipes/focaccia.txt": ("Focaccia\n- 500 g bread flour\n- 60 ml olive oil\n- 10 g salt\n"
                             "Change the oven to 220C and bake 25 min.\n", 300),
    "Recipes/pesto.txt": ("Pesto\n- 50 g basil\n- 100 ml olive oil\n- 30 g pine nuts\n", 310),
    "Recipes/dressing.txt": ("Dressing\n- 3 tbsp oil\n- 1 tbsp vinegar\n- pinch of salt\n", 320),
    "Money/receipts/IKEA receipt.txt": (
        "IKEA Cardiff\nReceipt 12/09/2026\n1 x BILLY bookcase white 60.00\n2 x KALLAX insert 25.00\n"
        "TOTAL GBP: 85.00\nPaid by card\n", 70),
    "Kids/school dates 2026.md": ("# School dates\n- Isla - Larkspur Valley School (Room 4)\n"
                                  "- Riverbend camp in March, forms to the office\n- term ends 17 April\n", 40),
    "Kids/Isla/camp letter.txt": (
        "Larkspur Valley School\nLarkspur Valley Road, Wakefield | Office 03 541 9023\n"
        "Year 5 & 6 Camp - Riverbend Outdoor Centre\n9 February 2026\nKia ora whanau,\n"
        "Our Year 5 and 6 students (Rooms 4 and 5) are going to the Riverbend Outdoor Centre in the Motueka Valley "
        "from Wednesday 18 March to Friday 20 March 2026. The bus leaves school at 9:00am on Wednesday and is back "
        "by 2:30pm on Friday. Activities include kayaking, a ropes course, a night walk and a river study, and every "
        "group has an instructor with them all day. Children sleep in cabins of six with a parent helper nearby, "
        "and the centre has its own nurse on site for the three days. Please label every piece of clothing, pack a "
        "warm jacket, sturdy shoes that can get wet, a torch, a sleeping bag and a named drink bottle. Phones and "
        "devices stay at home; the teachers will post photos on the class page each evening so that you can follow "
        "along with what the children are doing.\n\n"
        "Cost: $185.00 per student, which covers the bus, food, cabins and instructors. It can be paid in parts but "
        "must be paid in full by Friday 27 February 2026. Please pay to the school account 02-0800-0192774-00 with "
        "your child's name and CAMP as the reference. If the cost is a barrier, please talk to us.\n"
        "We need six parent helpers (police vetting required). Please tick the box on the consent form.\n"
        "Consent forms and medical forms are due back by Friday 6 February 2026.\n"
        "Nga mihi,\nMrs Kerslake and the senior team\n", 50),
}, NOW)


def test_a_paper_that_names_the_car_says_nothing_of_its_oil_change(folder):
    agent = planner_agent(folder[0], NOW)
    final, names = ask(agent, "When did the Subaru last get an oil change?")
    assert names == [] and "found nothing" in final.answer.lower(), final.answer
    final, names = ask(agent, "When does the Subaru's registration expire?")  # what it does say still answers
    assert "04/30/2027" in final.answer and names == ["Subaru registration 2026.txt"], final.answer


def test_only_names_said():
    # word -> (files with it, said literally, sense credit)
    detail = {"subaru": (1, True, 0.0), "oil": (1, False, 0.2), "change": (1, False, 0.0)}
    assert _names_only("When did the Subaru last get an oil change?", detail)
    assert not _names_only("When did the subaru last get an oil change?", detail)  # no name capitalised
    assert not _names_only("When did the Subaru last get an oil change?", {**detail, "oil": (1, False, 1.0)})
    due = {"ct": (1, True, 0.0), "due": (2, False, 0.0)}
    assert _names_only("next CT due when", due)
    assert not _names_only("next CT due when", due, typed=True)  # its date says it is due
    tags = {"renew": (5, True, 0.0), "tag": (1, False, 0.0), "outback": (2, True, 0.0)}
    assert not _names_only("When do I have to renew the tags on the Outback again?", tags, typed=True)
    assert _names_only("When is Marcus's passport due?", {"marcus": (1, True, 0.0), "passport": (1, False, 0.0)})


lessons = folder_fixture("lessons", {
    "Kids/Isla/piano.txt": ("Lessons\nIsla piano with Mr Reid, Room 4\nTuesdays after school\n", 45),
    "Recipes/pesto.txt": ("Pesto\n- 50 g basil\n- 100 ml olive oil\n- 30 g pine nuts\n", 310),
}, NOW)


def test_a_room_number_is_no_sum_of_money(lessons):
    final, names = ask(planner_agent(lessons[0], NOW), "how much do we pay for isla's piano?")  # no name capitalised
    assert names == [] and "found nothing" in final.answer.lower(), final.answer  # not "Room 4"


def test_back_in_a_month_says_when():
    assert "back" not in topic_terms("How much did we spend at IKEA back in September?")
    assert "back" not in topic_terms("what did we buy back in 2025")
    assert "refund" in topic_terms("what did the insurer pay back in 2025")  # paid back: a refund
    assert "back" in topic_terms("when is my back pain appointment")


def test_back_in_september_finds_septembers_receipt(folder):
    final, names = ask(planner_agent(folder[0], NOW), "How much did we spend at IKEA back in September?")
    assert "85.00" in final.answer and names == ["IKEA receipt.txt"], final.answer


def test_a_papers_month_may_be_in_another_of_its_passages(folder):
    final, names = ask(planner_agent(folder[0], NOW),
                       "How much do we have to pay the school for Isla's three days away at Riverbend in March?")
    assert "185.00" in final.answer and names == ["camp letter.txt"], final.answer


def test_a_papers_month_is_read_in_all_its_passages_found():
    def fact(text: str, passage: str, path: str = "/k/camp letter.txt") -> Fact:
        name = path.rsplit("/", 1)[1]
        return Fact(text, path, name, 5.0, True, Candidate(1, passage, path, name))
    top = fact("Cost: $185.00 per student", "Cost: $185.00 per student. Pay in full by 27 February 2026.")
    dates = fact("Camp 2026", "Camp 2026\nfrom Wednesday 18 March to Friday 20 March 2026")
    question = "How much do we pay for the camp in March?"
    assert other_month(question, _passage(top), top.file_name)  # its own passage names February only
    assert not other_month(question, _paper(Extraction([top, dates]), top), top.file_name)
    row = fact("Category: Power, Feb-26: 84.10", "Category: Power, Feb-26: 84.10\nCategory: Rent, Mar-26: 950",
               "/k/budget.csv")
    march = fact("Category: Rent, Mar-26: 950", "Category: Rent, Mar-26: 950", "/k/budget.csv")
    assert _paper(Extraction([row, march]), row) == _passage(row)  # a spreadsheet's row stays alone


def test_asked_what_is_paid_a_typed_sum_does_not_give_way_to_a_room_number():
    question = "How much do we have to pay the school for Isla's three days away at Riverbend in March?"
    cost = Fact("Cost: $185.00 per student", "/k/camp notice.docx", "camp notice.docx", 7.6, True)
    room = Fact("Isla - Larkspur Valley School (Room 4)", "/k/school dates.md", "school dates.md", 5.7, False)
    assert not _may_leave(question, cost, [room], "amount", {})
    flour = Fact("Flour: 500 g", "/k/bread.txt", "bread.txt", 5.0, False)  # a quantity still counts for "how much"
    assert _may_leave("how much flour for Isla's bread", cost, [flour], "amount", {})


trip = folder_fixture("trip", {
    "Kids/P4 trip letter - Culzean.txt": (
        "Hillhead Primary School\n3 November 2026\nDear Parent/Carer,\n"
        "As part of our Castles topic, Primary 4 will visit Culzean Castle on Thursday 14 January 2027.\n"
        "Cost per pupil (coach and entry): £16.00\nPayment via ParentPay by: Friday 4 December 2026\n"
        "Consent slip returned by: Monday 30 November 2026\n", 20),
    "todo.txt": ("todo\n[ ] Callum dentist - book for Dec\n[ ] return Culzean consent slip - by Mon 30 Nov\n"
                 "[ ] pay Culzean trip on ParentPay\n[ ] Callum new school shoes\n", 5),
    "Kids/Callum swimming.txt": ("Callum swimming lessons\nSaturdays 9:30 at the Arc\nBlock of 10: £55.00\n", 40),
    "Kids/Callum reading record.txt": ("Callum reading record\nOct: Stig of the Dump (finished)\n", 60),
    "Money/council tax 2026-27.txt": ("Council tax 2026-27\nBand C\nAnnual charge: £1,486.20\n", 200),
    "Recipes/tablet.txt": ("Tablet\n- 1 kg caster sugar\n- 125 g butter\n- 397 g condensed milk\n", 300),
    "Car/MOT 2026.txt": ("MOT test certificate\nTest date: 12 March 2026\nExpiry: 11 March 2027\n", 250),
}, NOW)


def test_a_todo_item_is_about_its_own_thing(trip):
    agent = planner_agent(trip[0], NOW)
    final, names = ask(agent, "When is Callum's school trip to Culzean?", session="trip")
    assert "14 January 2027" in final.answer and names == ["P4 trip letter - Culzean.txt"], final.answer
    final, names = ask(agent, "how much does it cost?", session="trip")
    assert "16.00" in final.answer, final.answer
