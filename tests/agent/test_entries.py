"""A diary's entries, a trip's direction, a table whose first column heads two cells, a kind of thing no file has,
and "her number" after an answer that named several people, over a real index: a line of a diary belongs to
its day's entry, not to the whole file; "from Cork to Faro" is not the line that names Faro first; "how early"
asks a clock time; "swimming lessons" are not the piano lessons the files have; "fork out" and "what do we
transfer to X every month" ask for a sum."""

from __future__ import annotations

from datetime import datetime

from conftest import ask, folder_fixture, planner_agent

from manoled.agent.entries import entry_of, newer_row
from manoled.agent.kinds import wanted_type
from manoled.agent.layout import logical_lines

NOW = datetime(2026, 11, 20, 12).timestamp()

DIARY = ("DIARY 2026\n==========\n\n"
         "09/02/2026\nWashing machine flooded the kitchen. Rang Declan, he said he'd send someone.\n\n"
         "14/02/2026\nWashing machine repaired by Spinright Services, new door seal. Declan sorted the bill.\n\n"
         "02/03/2026\nBooked Faro with Ines for June. Flights 268.40 for the pair of us, villa 610 for 5 nights.\n\n"
         "19/04/2026\nPicked up the kids from Tomasz's party. Tomasz loved the kite.\n\n"
         "**6 May 2026** - Filling replaced by Dr. Okoye. Numb for hours.\n")

FILES: dict[str, tuple[str, float]] = {
    "diary 2026.txt": (DIARY, 20),
    "Travel/Faro June 2026/Skyway booking QZ81.txt": (
        "SKYWAY\nBooking confirmation\nReservation: QZ81RT\n"
        "Flight | Date | Departs | Arrives\n"
        "Outbound | SW 3310 | Sat 13/06/2026 | Cork 07:10 | Faro 10:05\n"
        "Return | SW 3311 | Thu 18/06/2026 | Faro 11:40 | Cork 14:35\n"
        "Total paid | 268.40\n", 100),
    "Kids/music school registration.txt": (
        "Harmony Music School\nRegistration 2026\nStudent: Nina (piano, grade 2)\n"
        "Lessons: 30 x 32.00 = 960.00\nRegistration fee: 25.00\n", 200),
    "Work/kickoff notes.txt": (
        "Kickoff with Larchfield Ltd, 12/10/2026\nAgenda: budget tool rollout, timeline, training.\n"
        "Attendees: Ciara O'Connell (Head of Finance), Paul Dunne (analyst), Maura Reilly (IT)\n", 60),
    "contacts.txt": (
        "USEFUL NUMBERS\n--------------\n"
        "Declan Murphy (landlord) ........ 086 412 7788\n"
        "Ciara O'Connell (Larchfield).. 021 433 9087\n"
        "Paul Dunne ...................... 085 220 1934\n", 90),
    "Home/tenancy agreement.txt": (
        "TENANCY AGREEMENT\nLandlord: Declan Murphy\n"
        "The rent is EUR 1,450.00 per calendar month, payable in advance on the 1st day of each month.\n"
        "Deposit: EUR 1,450.00, held by the Landlord.\n", 300),
    "Home/Power/voltwise bill march 2026.txt": (
        "Voltwise Energy\nYour electricity bill\nBill date | 15/03/2026\nElectricity used | 388 kWh\n"
        "Amount due | 82.10\nCharges\nDescription | Amount\nElectricity | 52.10\nDelivery | 30.00\n"
        "Total amount due | 82.10\n", 250),
    "Car/car costs.csv": ("date,fuel_litres,total,station\n2026-01-04,41.0,70.10,Topaz\n2026-03-02,39.5,68.20,Circle K\n"
                         "2026-02-11,40.2,69.00,Applegreen\n", 80),
    "Home/bathroom tiling quote.txt": ("Quote for bathroom tiling\nPrepared by: Lorcan Daly\nLabour: 900.00\n"
                                       "Tiles: 420.00\nSubtotal: 1,320.00\nVAT 13.5%: 178.20\nTotal: 1,498.20\n", 70),
    "Money/Tax/tax return 2025.txt": ("Income tax return 2025\nTax due: 2,210.00\n", 120),
    "Travel/rail ticket june.txt": ("E-BILLET\nALLER – samedi 13/06/2026\n08:04 | Lyon Part-Dieu | Voiture 12 | Place 41\n"
                                    "10:01 | Paris Gare de Lyon\nRETOUR – dimanche 14/06/2026\n"
                                    "19:56 | Paris Gare de Lyon | Voiture 3 | Place 82\n21:53 | Lyon Part-Dieu\n", 40),
    "Home/Bills/Fibrewave_2026-02.txt": ("FIBREWAVE\nYour monthly bill\nBill date | February 3, 2026\n"
                                         "Total amount due | $71.19\nSummary of charges\nDescription | Amount ($)\n"
                                         "Fibrewave Internet 1 Gbps | 89.00\nLoyalty credit | -26.00\nSubtotal | 63.00\n"
                                         "HST 13% | 8.19\nTotal current charges | 71.19\n", 290),
    "Car/car dates.txt": ("CAR DATES - keep up to date\n\nVAN  KX21 ABC\n  motor tax paid for the van 12 mths, expires 30/06/2026\n"
                          "  NCT done 4/3/25 at Northside - expires 04/03/2026\n", 500),
    "Work/Fiches de paie/bulletin_2026-01.txt": ("Bulletin de paie janvier 2026\nNet à payer : 3 410,20 €\n", 300),
    "Work/Fiches de paie/bulletin_2026-02.txt": ("Bulletin de paie février 2026\nNet à payer : 3 452,51 €\n", 270),
}

folder = folder_fixture("entries", FILES, NOW)


def test_a_line_of_a_diary_belongs_to_its_days_entry():
    assert entry_of(DIARY, "Flights 268.40 for the pair of us").startswith("02/03/2026 booked faro")
    assert entry_of(DIARY, "Filling replaced by Dr. Okoye.").startswith("**6 may 2026**")
    assert entry_of("Shopping list\n- eggs\n- milk\n", "eggs") is None  # no dated entries: no diary


def test_a_diary_entry_that_gives_no_sum_is_not_answered_by_another_days_sum(folder):
    final, names = ask(planner_agent(folder[0], NOW), "How much did Spinright Services charge for the washing machine?")
    assert "268.40" not in final.answer and names == [], final.answer


def test_a_name_asked_must_be_in_the_entry_not_only_in_the_diary(folder):
    final, names = ask(planner_agent(folder[0], NOW), "When did Tomasz get his filling replaced?")
    assert "6 May" not in final.answer and names == [], final.answer


def test_a_table_whose_first_column_heads_two_cells():
    lines = logical_lines("Flight | Date | Departs | Arrives\n"
                          "Outbound | SW 3310 | Sat 13/06/2026 | Cork 07:10 | Faro 10:05\n", lambda c: c[:1].isdigit())
    assert lines == ["Flight: Outbound SW 3310, Date: Sat 13/06/2026, Departs: Cork 07:10, Arrives: Faro 10:05"]


def test_a_trip_from_one_place_to_another_is_not_the_way_back(folder):
    final, names = ask(planner_agent(folder[0], NOW), "What time does our flight from Cork to Faro take off?")
    assert "07:10" in final.answer and "11:40" not in final.answer, final.answer
    assert names == ["Skyway booking QZ81.txt"]


def test_how_early_asks_a_clock_time():
    assert wanted_type("how early do we fly out?") == "time"
    assert wanted_type("how late is the pharmacy open?") == "time"


def test_a_kind_of_thing_no_file_has_is_not_another_kind_the_files_have(folder):
    final, names = ask(planner_agent(folder[0], NOW), "How much did we pay for Nina's swimming lessons?")
    assert "960" not in final.answer and names == [], final.answer
    final, names = ask(planner_agent(folder[0], NOW), "How much did we pay for Nina's piano lessons?")
    assert "960.00" in final.answer and names == ["music school registration.txt"], final.answer


def test_her_number_after_an_answer_that_named_several_people(folder):
    agent = planner_agent(folder[0], NOW)
    final, _ = ask(agent, "Who came to the Larchfield kickoff?", "a")
    assert "Ciara O'Connell" in final.answer, final.answer
    final, names = ask(agent, "what's her number?", "a")
    assert "021 433 9087" in final.answer and names == ["contacts.txt"], final.answer


def test_paying_said_in_other_words_asks_a_sum(folder):
    assert wanted_type("how much do we fork out for the rent?") == "amount"
    assert wanted_type("What do we transfer to Declan on the 1st of every month?") == "amount"
    assert wanted_type("What do I send to the accountant?") is None
    final, names = ask(planner_agent(folder[0], NOW), "What do I hand over to Declan on the first of every month?")
    assert "1,450.00" in final.answer and names == ["tenancy agreement.txt"], final.answer


def test_a_quoted_cell_keeps_its_commas_and_an_underscored_column_labels_an_amount():
    from manoled.agent.units import units

    sheet = "category,monthly_budget,notes\nGroceries,1350.00,incl. market\nHockey (Jan),120.00,\"fees, skates, gear\"\n"
    assert units(sheet, "budget.csv") == ["category: Groceries, monthly_budget: 1350.00, notes: incl. market",
                                          "category: Hockey (Jan), monthly_budget: 120.00, notes: fees, skates, gear"]
    from manoled.agent.kinds import new_value

    assert new_value("amount", "category: Groceries, monthly_budget: 1350.00", set())


def test_a_sentence_a_pdf_wrapped_is_one_line_again():
    text = ("Online check-in opens 24 hours before departure (60 days with reserved seats). Boarding gate closes 30\n"
            "minutes before departure.\nTotal paid | 268.40\n")
    assert logical_lines(text, lambda c: c[:1].isdigit())[0].endswith("Boarding gate closes 30 minutes before departure.")
    assert logical_lines("Short line 30\nminutes later\n", lambda c: False) == ["Short line 30", "minutes later"]


def test_what_was_used_is_a_quantity_and_with_tax_is_the_total(folder):
    final, names = ask(planner_agent(folder[0], NOW), "How much electricity did we use on the March Voltwise bill?")
    assert "388 kWh" in final.answer and names == ["voltwise bill march 2026.txt"], final.answer
    assert wanted_type("how much gas did we use in January?") == "number"
    assert wanted_type("how much is the car lease a month w/ tax?") == "amount"
    assert wanted_type("van lease monthly incl. VAT") == "amount"


def test_when_did_i_last_is_the_newest_row_of_the_log(folder):
    final, names = ask(planner_agent(folder[0], NOW), "when did I last buy fuel?")
    assert "2026-03-02" in final.answer and names == ["car costs.csv"], final.answer


def test_it_in_a_follow_up_is_the_previous_answers_thing_though_a_word_names_another_file(folder):
    agent = planner_agent(folder[0], NOW)
    final, names = ask(agent, "Who gave us the quote for the bathroom tiling?", "t")
    assert "Lorcan Daly" in final.answer, final.answer
    final, names = ask(agent, "how much is it with tax?", "t")
    assert "1,498.20" in final.answer and names == ["bathroom tiling quote.txt"], final.answer


def test_a_year_is_no_quantity_of_what_was_asked():
    from manoled.agent.verify import _quantity

    assert not _quantity("Februar 2026") and _quantity("4 cooking apples")


def test_the_leg_asked_is_not_the_other_leg(folder):
    final, names = ask(planner_agent(folder[0], NOW), "what time is the train back from Paris?")
    assert "19:56" in final.answer and names == ["rail ticket june.txt"], final.answer
    agent = planner_agent(folder[0], NOW)
    final, names = ask(agent, "What flight are we on going out to Faro?", "f")
    assert "SW 3310" in final.answer and names == ["Skyway booking QZ81.txt"], final.answer
    final, names = ask(agent, "and what time does the one home leave?", "f")
    assert "11:40" in final.answer and names == ["Skyway booking QZ81.txt"], final.answer


def test_a_times_colon_is_no_label():
    from manoled.agent.kinds import new_value

    assert not new_value("code", "Mon 18/05 - flight 10:15", {"flight"})
    assert new_value("code", "Flight: Outbound SW 3310", {"flight"}) and new_value("code", "Stateroom: 7284", {"stateroom"})


def test_the_words_before_bill_say_which_bill_not_which_line(folder):
    final, names = ask(planner_agent(folder[0], NOW), "What was the Fibrewave internet bill in February?")
    assert "71.19" in final.answer and "89.00" not in final.answer, final.answer
    assert names == ["Fibrewave_2026-02.txt"]


def test_an_end_asked_is_no_start_and_a_start_no_end():
    from manoled.agent.contrast import Contrasts

    assert Contrasts("When does her contract expire?").other("Commencement Date: 3 February 2025")
    assert not Contrasts("When does her contract expire?").other("Contract valid until 2 Feb 2027")
    assert Contrasts("When did the contract start?").other("[ ] contract ends 2 Feb 2027 - renew?")
    assert not Contrasts("When did the contract start?").other("Commencement Date: 3 February 2025")


def test_the_way_back_from_a_place_is_no_line_that_goes_there():
    from manoled.agent.contrast import Contrasts

    back = Contrasts("what time is my return flight from Lisbon?")
    assert back.other("Flight: VT 2318, From: Berlin Brandenburg (BER), To: Lisbon Humberto Delgado, Dep: 07:05")
    assert not back.other("Flight: VT 2319, From: Lisbon (LIS), To: Berlin Brandenburg (BER), Dep: 18:05")
    assert not Contrasts("what did I get from the sale?").origin  # "from the": no place
    assert not Contrasts("how many invoices from March?").origin  # a month is no place


def test_what_is_still_owed_is_a_sum_on_the_bill_not_the_quote():
    from manoled.agent.contrast import other_paper

    assert wanted_type("Now the deposit is off, what do we still owe the man who fixed the tap?") == "amount"
    assert other_paper("plumber - balance left to pay?", "devis_plomberie.pdf")
    assert not other_paper("plumber - balance left to pay?", "facture_plomberie.pdf")


def test_words_spelled_out_are_found_as_the_short_form_the_papers_use(folder):
    final, names = ask(planner_agent(folder[0], NOW), "When does the van's national car test expire?")
    assert "04/03/2026" in final.answer and names == ["car dates.txt"], final.answer


def test_a_line_that_says_the_question_word_stays_over_a_file_that_covers_more():
    from manoled.agent.facts import Fact
    from manoled.agent.verify import _may_leave

    top = Fact("Total bond: $2,480.00", "scan0007.pdf", "scan0007.pdf", 5.7, True)
    theirs = [Fact("Total rent is $620/week", "Flatmate agreement.docx", "Flatmate agreement.docx", 5.3, True)]
    assert not _may_leave("bond amt for our flat?", top, theirs, "amount", {})
    plain = Fact("Total: 120.00", "feb.pdf", "feb.pdf", 5.0, True)
    assert _may_leave("bond amt for our flat?", plain, theirs, "amount", {})


def test_a_folder_named_in_another_language_holds_what_is_asked(folder):
    for question in ("What's the total size of my payslips?", "How much space do my payslips take?"):
        final, _ = ask(planner_agent(folder[0], NOW), question)
        assert final.intent == "disk" and "Work/Fiches de paie" in final.answer, (question, final.answer)


def test_when_something_was_last_done_is_the_newest_row_that_says_it_in_the_whole_log():
    rows = ["date: 2026-03-02, item: coffee beans, cost: 14.00", "date: 2026-05-20, item: coffee beans, cost: 15.50",
            "date: 2026-06-01, item: printer ink, cost: 32.00", "date: 2026-04-11, item: coffee beans, cost: 14.00"]
    q = "when did I last buy coffee beans?"
    assert newer_row(q, rows[0], rows) == rows[1]  # the newest coffee row, not the ink bought after it
    assert newer_row(q, rows[1], rows) is None  # already the newest
    assert newer_row("when did I buy coffee beans in March?", rows[0], rows) is None  # no "last" asked
