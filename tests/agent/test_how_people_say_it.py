"""Questions said the way people say them.

A question asks about a person's thing ("the money for Noor's class outing"), and the letter that answers does not
name them: it is to every parent of the class. It still answers, when the papers that name the person say nothing of
the thing. A paper that is no form letter may be anyone's: a bill's phone number is not Noor's school's.
"that'd", "they'll" and "we've" say how a question asks, never what about; "the people who redid our logo" names a
party, not a topic the files lack; a thing taken back to the shop is a return; "the greek dip" says how the dip is,
not a word its recipe must carry; "when did the Mazda last get an oil change" and "the last time we took Miso to the
vet" ask about the car and the cat, not their files; "next mot mazda?" asks when, though no word says a date."""

from __future__ import annotations

from datetime import datetime

import pytest
from conftest import ask, folder_fixture, planner_agent

from manoled.agent import gloss
from manoled.agent.kinds import typed_by
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
    "Recipes/tzatziki.md": ("# Tzatziki\n- 1 cucumber, grated\n- 250 g thick yoghurt\n- 1 clove garlic\n"
                            "- a little dill\n", 90),
    "Car/Mazda registration 2026.txt": ("DVLA V5C summary\nVehicle: Mazda 2 (2019)\nRegistration: LK19 WPD\n"
                                        "Keeper since: 04/05/2021\n", 120),
    "Car/garage visits.txt": ("Garage visits - Mazda 2 (LK19 WPD), Eastfield Motors\n14/03/2026 oil change and filter, 48,200 miles, 89.00\n"
                              "02/10/2025 front tyres, 41.50 each\n", 50),
    "Car/MOT certificate 2026.txt": ("MOT test certificate - Eastfield Motors\nVehicle: Mazda 2 (2019), LK19 WPD\n"
                                     "Mileage at test: 48,900\nTest result: pass\nExpiry: 20/05/2027\n", 45),
    "Pets/Miso vet visits.txt": ("Miso (our cat) - Eastfield Vets\n10/03/2026 annual check-up and booster, 62.00\n"
                                 "02/09/2026 check-up, weight 5.2 kg, 38.00\n", 33),
    "Receipts/Lumen lamp receipt.txt": (
        "LUMEN LIGHTING - Eastfield\n1 x Arc floor lamp 129.00\nTOTAL 129.00\nPaid by card\n"
        "Returns accepted within 28 days with this receipt.\n", 12),
}, NOW)


@pytest.mark.parametrize("question, fact, name", [
    ("by when do we have to send the money for Noor's class outing to the castle?", "30 October",
     "Year 5 castle trip.txt"),
    ("by when do I have to pay the people who redid our logo?", "30 November", "invoice 2207 Fernhill.txt"),
    ("how long have I got to take the lamp back to the shop?", "28 days", "Lumen lamp receipt.txt"),
    ("how much yoghurt goes in the greek dip?", "250 g", "tzatziki.md"),
    ("When did the Mazda last get an oil change?", "14/03/2026", "garage visits.txt"),
    ("how much did we pay the last time we took Miso to the vet?", "38.00", "Miso vet visits.txt"),
    ("What did Miso weigh the last time we took her in?", "5.2 kg", "Miso vet visits.txt"),
    ("What did the scales say the last time we took the cat in for a check-up?", "5.2 kg", "Miso vet visits.txt"),
    ("next mot mazda?", "20/05/2027", "MOT certificate 2026.txt"),
], ids=["form letter", "the people who", "taken back", "nationality", "a deed, not a file change",
        "the last time we did it", "the last time: when, not a topic", "the last time: no file's date",
        "next, a date"])
def test_said_another_way_it_still_answers(folder, question, fact, name):
    core, _root = folder
    final, names = ask(planner_agent(core, NOW), question)
    assert fact in final.answer and names == [name], final.answer


@pytest.mark.parametrize("question, fact", [
    ("What's the phone number for Noor's school?", "0300 555 0142"),  # a bill is no form letter
    ("When is Idris's next eye test?", "12 October"),  # "Dear Mr Hale": his letter
], ids=["no form letter", "a letter to someone else"])
def test_a_paper_that_is_not_the_owners_does_not_answer(folder, question, fact):
    core, _root = folder
    final, _names = ask(planner_agent(core, NOW), question)
    assert fact not in final.answer, final.answer


@pytest.mark.parametrize("question, short", [
    ("have we got anything that'd knock a bit off", "that'd"),
    ("the water company, they'll want the account number", "they'll"),
    ("the water company, they’ll want the account number", "ll"),
    ("what we've paid for the boiler", "we've"),
    ("what you're owed by the landlord", "you're"),
])
def test_a_short_form_of_a_little_word_is_no_topic(question, short):
    assert short not in topic_terms(question)


@pytest.mark.parametrize("question, said", [
    ("can I still bring the kettle back?", "can I still return the kettle?"),
    ("I took back the drill", "I return the drill"),
    ("did they pay back the deposit", "did they refund the deposit"),
    ("when do I send the money back", "when do I send the refund"),
    ("what did I take to the back garden", "what did I take to the back garden"),
    ("what did we splash out on takeaways in May", "what did we spend takeaways in May"),
    ("how much did I shell out for the drill", "how much did I spend the drill"),
    ("did the wind blow on the roof", "did the wind blow on the roof"),
    ("what did the taxman say I owe", "what did the tax say I owe"),
    # a phrase that asks still asks, of the paper's word: days of notice, not the people told
    ("If we move out, how far ahead do we have to tell the property people?",
     "If we move out, how much notice do we have to tell the property people?"),
    ("how much warning do I give the gym", "how much notice do I give the gym"),
])
def test_idioms_are_said_as_the_papers_word(question, said):
    assert gloss.rephrase(question, lambda w: True) == said


def test_a_phrase_that_asks_keeps_the_kind_it_asks():
    said = gloss.rephrase("If we move out, how far ahead do we have to tell the property people?", lambda w: True)
    assert typed_by(said) == ("duration", True)
