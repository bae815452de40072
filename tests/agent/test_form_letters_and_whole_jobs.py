"""A form letter names no child ("Amara's museum trip" is the letter to every parent of the class), a table's label
that ends in "by" gives a deadline ("Payment online by | Friday 13 March 2026"), what a job ended up costing is the
bill's total, though the bill's rows and its total sit in two chunks, and a total with its own label under a table is
no row of it; a month that places what the asker did before ("After we sent the return in March, …") is not the
month of the answer."""

from __future__ import annotations

from datetime import datetime

import pytest
from conftest import ask, folder_fixture, planner_agent, ranked

from manoled.agent.layout import logical_lines
from manoled.agent.months import without_deed_before
from manoled.agent.owndate import own_date_last
from manoled.agent.papers import to_anyone
from manoled.agent.units import is_value

NOW = datetime(2026, 3, 2, 12).timestamp()

LETTER = ("Hillcrest Primary School, 4 Orchard Lane\n\n27 February 2026\n\nDear Parent/Carer,\n\n"
          "Year 3 trip to the Riverside Science Museum\n\n"
          "Year 3 will spend Tuesday 24 March 2026 at the Riverside Science Museum, with a planetarium show and a "
          "hands-on workshop about magnets. The coach leaves at 9:00am and is back by 3:15pm.\n\n"
          "Cost per pupil | £12.00\n\nConsent form returned by | Friday 6 March 2026\n\n"
          "Payment online by | Friday 13 March 2026\n\nPlease pack a lunch and a raincoat.\n\nMr D. Osei, Year 3\n")
TODO = ("TODO\n[ ] Amara - museum consent form back to school\n[ ] book the car in for its service\n"
        "[x] renew Amara's library card\n[ ] ring the dentist about Jon's filling\n")
# the rows in the first chunk of 800 characters, the total in the next
INVOICE = ("BRIGHTSPARK ELECTRICAL LTD\nUnit 9, Canal Works, Leeds LS11 5QT  Tel 0113 496 0021\n"
           "Registered in England no. 08812345. NICEIC approved contractor, all work certified to BS 7671.\n"
           "INVOICE\nInvoice no: BS-0418        Invoice date: 12/02/2026\nOur quote ref: Q-0390 (20/01/2026)\n"
           "Bill to: Ms A Reyes, 14 Beech Grove, Leeds LS6 2AB\n"
           "Site: 14 Beech Grove (kitchen and back garden)\n"
           "Terms: payment within 14 days of the invoice date. Interest may be charged on late payments.\n"
           "Description                                Qty     Unit      Amount\n"
           "Labour (hours)                             6.0   £45.00     £270.00\n"
           "Double socket, white, fitted               3    £18.00      £54.00\n"
           "Outside wall light with PIR sensor          1    £64.00      £64.00\n"
           "Armoured cable and glands                  1    £38.00      £38.00\n"
           "Minor works certificate                    1    £30.00      £30.00\n"
           "Cable and accessories                      1    £20.00      £20.00\n"
           "Notes: socket behind the fridge moved on the day at the customer's request; all circuits tested.\n"
           "\n\nSubtotal:                 £476.00\nVAT @ 20%:                 £95.20\n"
           "INVOICE TOTAL:            £571.20\n"
           "Please pay by bank transfer quoting BS-0418. Thank you for your custom.\n")
QUOTE = ("Brightspark Electrical - QUOTATION Q-0390, 20/01/2026\n"
         "Three new double sockets in the kitchen and an outside light with a sensor.\n"
         "Labour (estimate) 4 hours | £180.00\nParts | £176.00\nQuote total | £356.00\n"
         "Valid for 30 days.\n")

RECALL = ("Beech Grove Dental Practice\n\n20 February 2026\n\nDear Ms Reyes,\n\nYour next dental check-up is due on "
          "Thursday 9 April 2026 at 10:20am with Dr Patel. Please ring us if you need to change it.\n")

RETURN = ("Tax return 2025 - summary\nNotice of assessment received 2 April 2026.\n"
          "Refund: 845.10 (direct deposit, arrived April 9, 2026)\nNo balance owing.\n")

folder = folder_fixture("formletters", {
    "Money/tax return 2025 summary.txt": (RETURN, 60),
    "Health/dental recall.txt": (RECALL, 10),
    "School/Year 3 museum trip letter.txt": (LETTER, 3),
    "todo.txt": (TODO, 1),
    "House/invoice 0418.txt": (INVOICE, 18),
    "House/Brightspark quote.txt": (QUOTE, 40),
}, NOW)


@pytest.mark.parametrize("text", [
    "Dear Parent/Carer,", "Dear Parents and Carers", "Kia ora whānau,", "Dear Customer,",
    "Please label it with your child's name.",
])
def test_a_letter_to_whoever_gets_it_is_a_form_letter(text):
    assert to_anyone(text)


@pytest.mark.parametrize("text", ["Dear Ms Reyes,", "Dear Amara,", "Hi Jon - the car is ready."])
def test_a_letter_to_someone_is_none(text):
    assert not to_anyone(text)


def test_a_form_letter_answers_for_the_child_it_does_not_name(folder):
    core, _root = folder
    final, names = ask(planner_agent(core, NOW), "What's the deadline for paying for Amara's trip to the Science Museum?")
    assert "13 March" in final.answer and names == ["Year 3 museum trip letter.txt"], final.answer


def test_a_letter_to_someone_is_still_not_about_another(folder):
    core, _root = folder
    final, _names = ask(planner_agent(core, NOW), "When is Jon's next dental check-up?")
    assert "9 April" not in final.answer, final.answer


def test_a_label_ending_in_by_gives_the_deadline():
    facts = ranked(LETTER, "School/letter.txt", "by when do I have to pay for the museum trip?")
    assert facts and "13 March" in facts[0].text, [f.text for f in facts[:3]]


def test_what_a_job_ended_up_costing_is_the_bills_total_across_its_chunks(folder):
    core, _root = folder
    final, names = ask(planner_agent(core, NOW),
                       "What did we actually end up paying the electrician for the sockets and the outside light?")
    assert "571.20" in final.answer and names == ["invoice 0418.txt"], final.answer


def test_naming_two_lines_of_a_bill_asks_its_total():
    facts = ranked(INVOICE, "House/invoice 0418.txt", "what did the sockets and the outside light come to in the end?")
    assert facts and "571.20" in facts[0].text, [f.text for f in facts[:3]]


def test_a_label_with_its_value_under_a_table_is_no_row():
    text = ("Description                     Qty     Unit       Amount\n"
            "Kitchen mixer tap                 1   £95.00       £95.00\n"
            "Radiator valves (pair)            1   £48.00       £48.00\n"
            "INVOICE TOTAL:        £171.60\n")
    lines = logical_lines(text, is_value)
    assert "INVOICE TOTAL: £171.60" in lines, lines
    assert "Description: Radiator valves (pair), Qty: 1, Unit: £48.00, Amount: £48.00" in lines


def test_the_month_of_a_deed_before_is_not_the_answers(folder):
    core, _root = folder
    final, names = ask(planner_agent(core, NOW), "After we sent the return off in March, what did the government pay back?")
    assert "845.10" in final.answer and names == ["tax return 2025 summary.txt"], final.answer
    assert without_deed_before("After I filed in March, how much came back?") == "how much came back?"
    assert without_deed_before("When I was in Lisbon in May, what did the hotel cost?").startswith("When I was")


CONFIRMATION = ("Hollis Street Dental\n12 Hollis St, Brunswick\n31 March 2026\nDear Priya,\n"
                "Thank you for visiting us on 12/03/2026 for your check-up.\n"
                "Your next appointment is booked for:\n"
                "Wednesday 22 April 2026 at 3:15 pm with Dr Qureshi (filling, about 40 minutes)\n"
                "Please give 48 hours' notice if you need to change it.\n")


def test_a_label_ending_in_a_colon_takes_the_value_on_the_next_line():
    lines = logical_lines(CONFIRMATION, is_value)
    assert "Your next appointment is booked for: Wednesday 22 April 2026 at 3:15 pm with Dr Qureshi (filling, about " \
           "40 minutes)" in lines, lines


def test_a_letters_own_date_gives_way_to_the_date_it_tells():
    facts = ranked(CONFIRMATION, "Health/dentist letter.pdf", "dentist appt when??")
    ranked_first = own_date_last("dentist appointment when??", sorted(facts, key=lambda f: f.text != "31 March 2026"),
                                 ["dentist", "appointment"], "date")
    assert "22 April 2026" in ranked_first[0].text, [f.text for f in ranked_first[:3]]
