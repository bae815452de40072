"""A question asks about a person's thing ("the money for Noor's class outing"), and the letter that answers does not
name them: it is to every parent of the class. It still answers, when the papers that name the person say nothing of
the thing. A paper that is no form letter may be anyone's: a bill's phone number is not Noor's school's. And "that'd", "they'll" and "we've" say how a question asks, never what about; "the people
who redid our logo" names a party, not a topic the files lack; a thing taken back to the shop is a return."""

from __future__ import annotations

from datetime import datetime

import pytest
from conftest import ask, folder_fixture, planner_agent

from manoled.agent import gloss
from manoled.agent.terms import topic_terms

NOW = datetime(2026, 10, 5, 12).timestamp()

folder = folder_fixture("owners_thing", {
    "promo codes.txt": (
        "PROMO CODES - look here before buying anything\n\n"
        "Pitchside Sports   KICKOFF20   20% off football boots and shin guards   ends 30/11/2026\n"
        "Bookish            READ5       £5 off a £30 order                        ends 31/12/2026\n"
        "Petpals            WOOF10      10% off the first order                   no end date\n", 30),
    "School/Year 5 castle trip.txt": (
        "Eastfield Primary School\n\n2 October 2026\n\nDear Parent/Carer,\n\nYear 5 will visit Harrow Castle on "
        "Thursday 12 November 2026, with a guided tour and a workshop on medieval life. The cost is 14.50 GBP per pupil. "
        "Please pay on the school app by Friday 30 October 2026.\n\nMrs Okafor, Year 5\n", 3),
    "Bills/water bill Sept.txt": (
        "Eastfield Water - your bill\nAccount holder: Mr S Haddad\nCustomer services: 0300 555 0142\n"
        "Account number: 5521 8830\nAmount due: 38.20 GBP by 20/10/2026\n", 15),
    "Kids/Noor/football club 2026-27.txt": (
        "Eastfield Juniors FC - registration 2026-27\nPlayer: Noor Haddad (U10 Falcons)\n"
        "Training: Wednesdays 17:30-18:30 at Eastfield Rec\nSubs: £45 per term, paid 02/09/2026\n"
        "Kit: club shirt and socks, collected from the clubhouse\n", 25),
    "Kids/Noor/school reports/autumn report.txt": (
        "Eastfield Primary - autumn report\nPupil: Noor Haddad, Year 5\nReading: secure\nMaths: working towards\n"
        "Teacher: Mrs Okafor\n", 20),
    "Health/eye test reminder.txt": (
        "ClearView Opticians\n\n1 September 2026\n\nDear Mr Hale,\n\nYour next eye test is due on "
        "Monday 12 October 2026 at 4:40pm. Please bring your current glasses.\n", 35),
    "Kids/Idris/swimming.txt": (
        "Idris - swimming lessons\nStage 4, Saturdays 9:00 at Eastfield Leisure\nNext badge test: 17 October 2026\n",
        40),
    "Work/invoice 2207 Fernhill.txt": (
        "Fernhill Studio - INVOICE 2207\nBilled to: Haddad Lettings\nLogo redesign and brand guide: 840.00 GBP\n"
        "Total due: 840.00 GBP\nPayment due by 30 November 2026\n", 10),
    "Receipts/Lumen lamp receipt.txt": (
        "LUMEN LIGHTING - Eastfield\n1 x Arc floor lamp 129.00\nTOTAL 129.00\nPaid by card\n"
        "Returns accepted within 28 days with this receipt.\n", 12),
}, NOW)


def test_a_form_letter_answers_for_the_owners_thing(folder):
    core, _root = folder
    final, names = ask(planner_agent(core, NOW), "by when do we have to send the money for Noor's class outing to the castle?")
    assert "30 October" in final.answer and names == ["Year 5 castle trip.txt"], final.answer


def test_a_paper_that_is_no_form_letter_is_not_the_owners(folder):
    core, _root = folder
    final, _names = ask(planner_agent(core, NOW), "What's the phone number for Noor's school?")
    assert "0300 555 0142" not in final.answer, final.answer


def test_a_letter_to_someone_else_is_not_the_owners(folder):
    core, _root = folder
    final, _names = ask(planner_agent(core, NOW), "When is Idris's next eye test?")
    assert "12 October" not in final.answer, final.answer


@pytest.mark.parametrize("question, short", [
    ("have we got anything that'd knock a bit off", "that'd"),
    ("the water company, they'll want the account number", "they'll"),
    ("the water company, they’ll want the account number", "ll"),
    ("what we've paid for the boiler", "we've"),
    ("what you're owed by the landlord", "you're"),
])
def test_a_short_form_of_a_little_word_is_no_topic(question, short):
    assert short not in topic_terms(question)


def test_the_party_who_did_a_job_is_no_missing_topic(folder):
    core, _root = folder
    final, names = ask(planner_agent(core, NOW), "by when do I have to pay the people who redid our logo?")
    assert "30 November" in final.answer and names == ["invoice 2207 Fernhill.txt"], final.answer


def test_a_thing_taken_back_is_a_return(folder):
    core, _root = folder
    final, names = ask(planner_agent(core, NOW), "how long have I got to take the lamp back to the shop?")
    assert "28 days" in final.answer and names == ["Lumen lamp receipt.txt"], final.answer


@pytest.mark.parametrize("question, said", [
    ("can I still bring the kettle back?", "can I still return the kettle?"),
    ("I took back the drill", "I return the drill"),
    ("did they pay back the deposit", "did they refund the deposit"),
    ("when do I send the money back", "when do I send the refund"),
    ("what did I take to the back garden", "what did I take to the back garden"),
])
def test_taken_back_is_said_as_a_return(question, said):
    assert gloss.rephrase(question, lambda w: True) == said
