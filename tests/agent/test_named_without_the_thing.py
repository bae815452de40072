"""A paper that names what a question names and says nothing of what is asked of it: the Civic's registration
for "when was the Civic's last oil change", a school's dates for "how much do we pay for the camp" (a room
number is no sum of money). And "back in September" says when, not a back: the IKEA receipt of September answers;
a letter says its month in one passage and its price in another (the camp of March costs £210, payable in February);
a to-do list's line is about its own item ("return the consent slip" is no trip, though another item names it)."""

from __future__ import annotations

from datetime import datetime

from conftest import ask, folder_fixture, planner_agent

from manoled.agent.facts import Extraction, Fact
from manoled.agent.months import other_month
from manoled.agent.retrieve import Candidate
from manoled.agent.terms import topic_terms
from manoled.agent.unsaid import passage as _passage
from manoled.agent.verify import _may_leave, _names_only, _paper

NOW = datetime(2026, 11, 20, 12).timestamp()

folder = folder_fixture("named_without", {
    "Car/Civic registration 2026.txt": (
        "OREGON DMV - VEHICLE REGISTRATION\nVehicle: 2021 Honda Civic\nPlate: 482 KTW\n"
        "Valid: 07/01/2026 - 06/30/2028\nExpiration Date: 06/30/2028\nFee paid: 06/12/2026\n", 200),
    "Recipes/focaccia.txt": ("Focaccia\n- 500 g bread flour\n- 60 ml olive oil\n- 10 g salt\n"
                             "Change the oven to 220C and bake 25 min.\n", 300),
    "Recipes/pesto.txt": ("Pesto\n- 50 g basil\n- 100 ml olive oil\n- 30 g pine nuts\n", 310),
    "Recipes/dressing.txt": ("Dressing\n- 3 tbsp oil\n- 1 tbsp vinegar\n- pinch of salt\n", 320),
    "Money/receipts/IKEA receipt.txt": (
        "IKEA Leeds\nReceipt 19/09/2026\n1 x HEMNES shoe cabinet 89.00\n4 x hangers 6.00\n"
        "TOTAL GBP: 95.00\nPaid by card\n", 70),
    "Kids/school dates 2026.md": ("# School dates\n- Mia - Brookfield Primary (Room 4)\n"
                                  "- Kestrel Point camp in March, forms to the office\n- term ends 17 April\n", 40),
    "Kids/Mia/camp letter.txt": (
        "Brookfield Primary School\nMill Road, Peebles | Office 01721 555 210\n"
        "P6 Residential - Kestrel Point Outdoor Centre\n9 February 2026\nDear families,\n"
        "Our P6 classes (Rooms 3 and 4) are going to the Kestrel Point Outdoor Centre in the Tweed Valley "
        "from Tuesday 17 March to Thursday 19 March 2026. The bus leaves school at 8:45am on Tuesday and is back "
        "by 3:00pm on Thursday. Activities include canoeing, climbing, a night walk and a forest study, and every "
        "group has an instructor with them all day. Children sleep in cabins of six with a parent helper nearby, "
        "and the centre has its own nurse on site for the three days. Please label every piece of clothing, pack a "
        "warm jacket, sturdy shoes that can get wet, a torch, a sleeping bag and a named drink bottle. Phones and "
        "devices stay at home; the teachers will post photos on the class page each evening so that you can follow "
        "along with what the children are doing.\n\n"
        "Cost: £210.00 per pupil, which covers the bus, food, cabins and instructors. It can be paid in parts but "
        "must be paid in full by Friday 27 February 2026. Please pay on ParentPay with your child's name and "
        "P6 CAMP as the reference. If the cost is a barrier, please talk to us.\n"
        "We need six parent helpers (police vetting required). Please tick the box on the consent form.\n"
        "Consent forms and medical forms are due back by Friday 6 February 2026.\n"
        "With thanks,\nMr Abernethy and the P6 team\n", 50),
}, NOW)


def test_a_paper_that_names_the_car_says_nothing_of_its_oil_change(folder):
    agent = planner_agent(folder[0], NOW)
    final, names = ask(agent, "When did the Civic last get an oil change?")
    assert names == [] and "found nothing" in final.answer.lower(), final.answer
    final, names = ask(agent, "When does the Civic's registration run out?")  # what it does say still answers
    assert "06/30/2028" in final.answer and names == ["Civic registration 2026.txt"], final.answer


def test_only_names_said():
    # word -> (files with it, said literally, sense credit)
    detail = {"civic": (1, True, 0.0), "oil": (1, False, 0.2), "change": (1, False, 0.0)}
    assert _names_only("When was the Civic's last oil change?", detail)
    assert not _names_only("When was the civic's last oil change?", detail)  # no name capitalised
    assert not _names_only("When was the Civic's last oil change?", {**detail, "oil": (1, False, 1.0)})
    due = {"mot": (1, True, 0.0), "due": (2, False, 0.0)}
    assert _names_only("when's the MOT due", due)
    assert not _names_only("when's the MOT due", due, typed=True)  # its date says it is due
    plates = {"renew": (5, True, 0.0), "plate": (1, False, 0.0), "civic": (2, True, 0.0)}
    assert not _names_only("By when must I renew the plates on the Civic?", plates, typed=True)
    assert _names_only("When is Marcus's passport due?", {"marcus": (1, True, 0.0), "passport": (1, False, 0.0)})


lessons = folder_fixture("lessons", {
    "Kids/Mia/piano.txt": ("Lessons\nMia piano with Mr Reid, Room 4\nTuesdays after school\n", 45),
    "Recipes/pesto.txt": ("Pesto\n- 50 g basil\n- 100 ml olive oil\n- 30 g pine nuts\n", 310),
}, NOW)


def test_a_room_number_is_no_sum_of_money(lessons):
    final, names = ask(planner_agent(lessons[0], NOW), "how much do we pay for mia's piano?")  # no name capitalised
    assert names == [] and "found nothing" in final.answer.lower(), final.answer  # not "Room 4"


def test_back_in_a_month_says_when():
    assert "back" not in topic_terms("What did we spend at IKEA back in September?")
    assert "back" not in topic_terms("what did we buy back in 2025")
    assert "refund" in topic_terms("what did the insurer pay back in 2025")  # paid back: a refund
    assert "back" in topic_terms("when is my back pain appointment")


def test_back_in_september_finds_septembers_receipt(folder):
    final, names = ask(planner_agent(folder[0], NOW), "What did we spend at IKEA back in September?")
    assert "95.00" in final.answer and names == ["IKEA receipt.txt"], final.answer


def test_a_papers_month_may_be_in_another_of_its_passages(folder):
    final, names = ask(planner_agent(folder[0], NOW),
                       "How much do we have to pay for Mia's camp at Kestrel Point in March?")
    assert "210.00" in final.answer and names == ["camp letter.txt"], final.answer


def test_a_papers_month_is_read_in_all_its_passages_found():
    def fact(text: str, passage: str, path: str = "/k/camp letter.txt") -> Fact:
        name = path.rsplit("/", 1)[1]
        return Fact(text, path, name, 5.0, True, Candidate(1, passage, path, name))
    top = fact("Cost: £210.00 per pupil", "Cost: £210.00 per pupil. Pay in full by 27 February 2026.")
    dates = fact("Camp 2026", "Camp 2026\nfrom Tuesday 17 March to Thursday 19 March 2026")
    question = "How much do we pay for the camp in March?"
    assert other_month(question, _passage(top), top.file_name)  # its own passage names February only
    assert not other_month(question, _paper(Extraction([top, dates]), top), top.file_name)
    row = fact("Category: Power, Feb-26: 84.10", "Category: Power, Feb-26: 84.10\nCategory: Rent, Mar-26: 950",
               "/k/budget.csv")
    march = fact("Category: Rent, Mar-26: 950", "Category: Rent, Mar-26: 950", "/k/budget.csv")
    assert _paper(Extraction([row, march]), row) == _passage(row)  # a spreadsheet's row stays alone


def test_asked_what_is_paid_a_typed_sum_does_not_give_way_to_a_room_number():
    question = "How much do we pay the school for Mia's camp at Kestrel Point in March?"
    cost = Fact("Cost: £210.00 per pupil", "/k/camp letter.txt", "camp letter.txt", 7.6, True)
    room = Fact("Mia - Brookfield Primary (Room 4)", "/k/school dates.md", "school dates.md", 5.7, False)
    assert not _may_leave(question, cost, [room], "amount", {})
    flour = Fact("Flour: 500 g", "/k/bread.txt", "bread.txt", 5.0, False)  # a quantity still counts for "how much"
    assert _may_leave("how much flour for Mia's bread", cost, [flour], "amount", {})


trip = folder_fixture("trip", {
    "Kids/P4 trip letter - Culzean.txt": (
        "Hillhead Primary School\n3 November 2026\nDear Parent/Carer,\n"
        "As part of our Castles topic, Primary 4 will visit Culzean Castle on Thursday 14 January 2027.\n"
        "Cost per pupil (coach and entry): £16.00\nPayment via ParentPay by: Friday 4 December 2026\n"
        "Consent slip returned by: Monday 30 November 2026\n", 20),
    "todo.txt": ("todo\n[ ] Ruaridh dentist - book for Dec\n[ ] return Culzean consent slip - by Mon 30 Nov\n"
                 "[ ] pay Culzean trip on ParentPay\n[ ] Ruaridh new school shoes\n", 5),
    "Kids/Ruaridh swimming.txt": ("Ruaridh swimming lessons\nSaturdays 9:30 at the Arc\nBlock of 10: £55.00\n", 40),
    "Kids/Ruaridh reading record.txt": ("Ruaridh reading record\nOct: Stig of the Dump (finished)\n", 60),
    "Money/council tax 2026-27.txt": ("Council tax 2026-27\nBand C\nAnnual charge: £1,486.20\n", 200),
    "Recipes/tablet.txt": ("Tablet\n- 1 kg caster sugar\n- 125 g butter\n- 397 g condensed milk\n", 300),
    "Car/MOT 2026.txt": ("MOT test certificate\nTest date: 12 March 2026\nExpiry: 11 March 2027\n", 250),
}, NOW)


def test_a_todo_item_is_about_its_own_thing(trip):
    agent = planner_agent(trip[0], NOW)
    final, names = ask(agent, "What day does Ruaridh's class go on the Culzean trip?", session="trip")
    assert "14 January 2027" in final.answer and names == ["P4 trip letter - Culzean.txt"], final.answer
    final, names = ask(agent, "and what do we pay for it?", session="trip")
    assert "16.00" in final.answer, final.answer
