"""How papers set out a value and how people ask for one: a label on one line and its value on the next, a
phone number among other numbers, the paper a question rules out, words that only say how it asks."""

from __future__ import annotations

import pytest

from manoled.agent.attribute import asked_words
from manoled.agent.contrast import other_paper
from manoled.agent.facts import _in_one_cell
from manoled.agent.gloss import forms, spelled_out
from manoled.agent.kinds import new_value, says_shape
from manoled.agent.layout import logical_lines, sentences
from manoled.agent.months import name_dates, says_span, year_spans
from manoled.agent.retrieve import overlapped
from manoled.agent.shapes import TYPE_PATTERNS
from manoled.agent.terms import topic_terms
from manoled.agent.units import is_value


def test_a_label_line_then_its_value_line_is_one_line():
    # as a PDF's table cells come out: each cell on a line of its own
    text = "Derailleur hanger alignment\n$13.00\nTotal (incl. GST)\n$412.50\nThanks a lot.\n12\n"
    assert logical_lines(text, is_value) == [
        "Derailleur hanger alignment: $13.00", "Total (incl. GST): $412.50", "Thanks a lot.", "12"]


def test_a_csv_head_row_is_no_label():
    text = "date,electricity_kwh,gas_m3\n2025-01-01,12210,3455\n"
    assert logical_lines(text, is_value) == ["date,electricity_kwh,gas_m3", "2025-01-01,12210,3455"]


def test_incl_in_brackets_ends_no_sentence():
    assert sentences("Total (incl. GST): $412.50") == ["Total (incl. GST): $412.50"]


@pytest.mark.parametrize("unit, phone", [
    ("Property manager: Daniel Okafor, Mobile 0423 117 865", True),
    ("Office (03) 9387 4410", True),
    ("Tel. +49 30 1234567", True),
    ("job no. WO-58812", False),  # a number, but no phone's
    ("Invoice number: KM-26020-88314", False),
    ("Date: 12.03.2026", False),
])
def test_a_phone_asked_needs_a_phone_number(unit, phone):
    assert new_value("code", unit, {"mobile", "number"}) is phone


@pytest.mark.parametrize("question, file_name, other", [
    ("What did fixing my bike cost in the end, not the estimate?", "Quote - Sprocket Bike Works.pdf", True),
    ("What did fixing my bike cost in the end, not the estimate?", "INV-3107 Sprocket Bike Works.pdf", False),
    ("What was the quote, not the invoice?", "INV-3107 Sprocket Bike Works.pdf", True),
    ("What was the quote, not the invoice?", "Quote - Sprocket Bike Works.pdf", False),
    ("how much did I pay the plumber", "devis_plomberie_Bertin.pdf", True),  # what was paid is on the bill
    ("how much will the plumber charge", "devis_plomberie_Bertin.pdf", False),
])
def test_a_paper_ruled_out_is_the_other_paper(question, file_name, other):
    assert other_paper(question, file_name) is other


def test_words_that_only_say_how_it_asks_are_no_topic():
    assert topic_terms("What did fixing up my bicycle actually cost me in the end, not the estimate?") == \
        ["fixing", "bicycle"]
    assert "monthly" in topic_terms("what is my monthly contribution")  # a period is a topic


@pytest.mark.parametrize("short, long", [("rm", "room"), ("amt", "amount"), ("appt", "appointment")])
def test_chat_short_forms_are_spelled_out(short, long):
    assert spelled_out(short) == (long,)


@pytest.mark.parametrize("name, dates", [
    ("Voltline bill Jan 2026.pdf", [(2026, 1)]), ("acme_2025-02.txt", [(2025, 2)]),
    ("Leave application - Dec2026.docx", [(2026, 12)]),
    ("may notes.txt", []), ("Mayfield invoice.pdf", []), ("marching band.txt", []),  # no month
])
def test_a_file_name_says_its_month_in_numbers_or_in_words(name, dates):
    assert name_dates(name) == dates


def test_a_date_the_question_gives_is_no_answer_to_it():
    asked = {"when", "bill", "14", "01", "2026", "13", "04", "due"}  # "… the bill for 14/01/2026 to 13/04/2026 due?"
    assert not new_value("date", "Billing period: 14/01/2026 to 13/04/2026 (90 days)", asked)
    assert new_value("date", "Due date: 05/05/2026", asked)


def test_a_title_with_a_capital_names_a_person():
    assert new_value("person", "Approved by: Prof. Alistair Greig (principal supervisor)", {"approv"})


def test_overlapping_passages_join_with_what_they_share_said_once():
    assert overlapped(["Net: 2.200,00\nVAT: 418,00", "VAT: 418,00\nTotal: 2.618,00"]) == \
        "Net: 2.200,00\nVAT: 418,00\nTotal: 2.618,00"
    assert overlapped(["page one", "page two"]) == "page one\npage two"


def test_a_table_row_whose_cell_says_the_asked_column_and_value():
    asked = ["dolores", "altar", "flowers"]
    hers = "Date: 3/29/2026, Coffee Hour: Altar Guild, Altar Flowers: Dolores Kowalski, Reader (9:00): Bob Haskins"
    not_hers = "Date: 4/26/2026, Coffee Hour: Walt & Dolores Kowalski, Altar Flowers: Ruth Ann Geiger, Reader: Jan"
    assert _in_one_cell(hers, asked) and not _in_one_cell(not_hers, asked)


@pytest.mark.parametrize("unit, code", [
    ("Stateroom: 7284", True), ("Dive locker #12", True),  # a short number its label names
    ("Ship: Coral Horizon", False), ("Deck 7 aft, two lower beds", False),
])
def test_a_labelled_short_number_is_a_code(unit, code):
    assert new_value("code", unit, {"cabin", "number"}) is code


@pytest.mark.parametrize("unit, code", [
    ("Confirmation number: 4418 902 771", True), ("Booking ref: 5521 0093", True),  # digits in groups after the label
    ("Tel: 030 2291 7745", False), ("Booking ref: 12 May", False), ("Guests: 2 adults", False),
])
def test_a_number_in_groups_after_a_codes_label_is_a_code(unit, code):
    assert new_value("code", unit, {"reference", "quote"}) is code


@pytest.mark.parametrize("unit, date", [("1/2 cup cold butter", False), ("3/4 tsp salt", False),
                                        ("due 5/5", True), ("3/29/2026", True)])
def test_a_fraction_of_a_measure_is_no_date(unit, date):
    assert new_value("date", unit, set()) is date


def test_an_email_asked_needs_an_email_address():
    assert not new_value("code", "Claudia Hoffmann", {"her", "email"})
    assert new_value("code", "Hermannstraße 48 · Tel. 030 2291 7745 · kanzlei@stb-hoffmann.de", {"her", "email"})
    assert says_shape("email", "kanzlei@stb-hoffmann.de") and says_shape("phone", "Tel. 030 2291 7745")
    assert not says_shape("phone", "job no. WO-58812")


@pytest.mark.parametrize("word, form", [("contact", "ansprechpartner"), ("translation", "übersetzung"),
                                        ("cabin", "stateroom")])
def test_household_words_in_the_languages_papers_use(word, form):
    assert form in forms(word)


@pytest.mark.parametrize("question, asked", [
    ("chennai flight pnr?", ["pnr"]),  # a bare phrase asks for its head: the PNR, not a flight's row
    ("bike serial no?", []),  # the kind's word heads it: the code asked says it all
    ("shearing invoice total nov 25?", []),  # nor is a month the thing asked
    ("krankenkasse beitrag 2026 per month?", ["beitrag"]),
])
def test_a_bare_phrase_asks_for_its_head(question, asked):
    assert asked_words(question) == asked


@pytest.mark.parametrize("text, kind, typed", [
    ("Total: 874 kWh", "amount", False),  # energy, not money
    ("Total: 266,89 €", "amount", True),
    ("17/06/2026 at 14h30", "time", True),  # the French write the hour so
    ("$/month: 26.33", "time", False),  # a sum with cents is no clock time
    ("Amount (AUD): 64.15", "time", False),
    ("doors open at 7.30", "time", True),  # a dot is a clock's after "at", or before "pm"
    ("Thursday 9.45 pm", "time", True),
])
def test_a_value_of_a_measure_is_no_sum_and_14h30_is_a_time(text, kind, typed):
    assert bool(TYPE_PATTERNS[kind].search(text)) is typed


def test_a_french_phone_label_ends_no_sentence():
    assert sentences("14 rue des Mûriers, 69007 Lyon – Tél. 04 78 58 40 12") == \
        ["14 rue des Mûriers, 69007 Lyon – Tél. 04 78 58 40 12"]


@pytest.mark.parametrize("text, spans", [
    ("rates total 25/26", [(2025, 2026)]), ("the 2025/26 tax year", [(2025, 2026)]), ("FY2025-2026", [(2025, 2026)]),
    ("sprayed 18/11/25", []), ("1/2 cup", []),  # a date, a fraction: no span of years
])
def test_a_year_across_two_is_read_in_its_short_forms(text, spans):
    assert year_spans(text) == spans


def test_a_span_is_said_in_any_of_its_forms():
    assert says_span("TOTAL RATES 2025/2026, rates_notice_2025-26.pdf", [(2025, 2026)])
    assert not says_span("TOTAL RATES 2024/2025, rates_notice_2024-25.pdf", [(2025, 2026)])


def test_a_piped_label_that_ends_in_a_year_still_meets_its_value():
    assert logical_lines("TOTAL RATES 2025/2026 | $3,215.18", is_value) == ["TOTAL RATES 2025/2026: $3,215.18"]


def test_what_code_asks_a_code_and_is_no_topic():
    terms = topic_terms("What code would I give the airline to pull up my trip home to India in December 2026?")
    assert "code" not in terms and "india" in terms
    assert "code" in topic_terms("what's the door code at the office?")  # the thing's own word stays


def test_the_sibling_of_another_month_is_found_by_its_month_in_words():
    from datetime import datetime

    from conftest import PathFile

    from manoled.agent.series import dated_sibling
    from manoled.agent.slots import TimeRange

    files = [PathFile("Bills/Voltline bill Jan 2026.pdf"), PathFile("Bills/Voltline bill Dec 2025.pdf"),
             PathFile("Bills/Koala Mobile bill Dec 2025.pdf")]
    december = TimeRange(datetime(2025, 12, 1).timestamp(), datetime(2026, 1, 1).timestamp(), "in December 2025")
    assert dated_sibling(files[0], december, files) == files[1]


@pytest.mark.parametrize("text, said", [
    ("on 18 November 2025?", {(11, 18)}), ("18/11/25", {(11, 18)}), ("2025-11-18", {(11, 18)}),
    ("Nov 18th", {(11, 18)}), ("the 1st of May", {(5, 1)}),
    ("3/4/2025", {(3, 4), (4, 3)}),  # reads both ways
    ("1/2 cup", set()), ("may I ask 5 things", set()),  # a fraction, the verb "may"
])
def test_a_day_is_read_in_words_and_in_numbers(text, said):
    from manoled.agent.months import days
    assert days(text) == said


@pytest.mark.parametrize("question, asked", [
    ("Which chemical went onto the pear trees on 18 November 2025?", ["chemical"]),  # a verb ends the phrase
    ("and what are the tiles going to be?", ["tile"]),  # "going to" is how it asks
    ("which plumber fixed the sink", ["plumber"]),
    ("which card did I use", ["card"]),
])
def test_the_asked_phrase_ends_at_its_verb(question, asked):
    assert asked_words(question) == asked


@pytest.mark.parametrize("question", ["what are the repayments going to be", "what's each instalment?",
                                      "what is the premium"])
def test_repayments_instalments_and_premiums_are_sums(question):
    from manoled.agent.kinds import typed_by
    assert typed_by(question)[0] == "amount"


def test_a_distance_in_km_says_the_mileage():
    from manoled.agent.facts import Fact
    from manoled.agent.verify import unsaid_attribute
    fact = Fact("Next service: at 93 900 km or April 2026, whichever comes first.", "/d/car.txt", "car.txt", 1.0,
                True, None)
    assert unsaid_attribute("At what mileage is the car's next service due?", fact, None) == []
    other = Fact("Next service: April 2026, whichever comes first.", "/d/car.txt", "car.txt", 1.0, True, None)
    assert unsaid_attribute("At what mileage is the car's next service due?", other, None) == ["mileage"]


@pytest.mark.parametrize("text, word", [
    ("Date de prise d'effet du contrat : 1er septembre 2024", "start"),  # a French lease's start
    ("Reste à payer : 403,03 €", "balance"),
    ("Durée du contrat : 3 ans, soit jusqu'au 31 août 2027", "end"),
])
def test_a_word_is_said_by_a_phrase_of_another_language(text, word):
    from manoled.agent.gloss import phrases
    from manoled.agent.retrieve import contains, fts_terms
    assert contains(text, word)
    assert set(phrases(word)) <= set(fts_terms([word]))  # and the full-text search looks for the phrase
    assert not contains("Date du contrat : 1er septembre 2024", "start")


def test_a_weekday_is_no_name_the_files_lack():
    from manoled.agent.tools import _not_in_files
    # "Sunday" in no file is no unknown name (as "Wayne Enterprises" is): the files may say "weekends"
    assert _not_in_files("what is the door code on a Sunday?", ["door", "code", "sunday"], frozenset({"sunday"}),
                         [], None) == ""
    assert _not_in_files("what is the Wayne Enterprises invoice total?", ["wayne", "enterprise", "invoice"],
                         frozenset({"wayne", "enterprise"}), [], None) != ""


def test_what_a_payee_wants_from_us_is_a_sum_and_a_year_from_a_month_is_no_month():
    from manoled.agent.kinds import typed_by
    from manoled.agent.months import asked_months
    assert typed_by("What did the power company want from us on the July bill?") == ("amount", True)
    assert asked_months("rates for the year starting July 2025") == (set(), {2025})
    assert asked_months("the invoice from July 2025") == ({7}, {2025})


@pytest.mark.parametrize("line, heading", [
    ("RETOUR – dimanche 14/06/2026", True), ("PAYMENT SUMMARY", True), ("TAX COMPUTATION (FULL YEAR)", True),
    ("DUE DATE: 06/18/2026", False),  # a label with its value
    ("COLUMBUS OH 43220-4415", False),  # an address in capitals
    ("Return – Sunday", False),
])
def test_a_line_in_capitals_heads_what_follows(line, heading):
    from manoled.agent.units import _shouted
    assert _shouted(line) is heading


def test_leaving_asks_the_check_out():
    from manoled.agent.contrast import Contrasts
    c = Contrasts("what day do I have to leave the hotel in Porto")
    assert c.other("Check-in: 12 May 2026, 15:00") and not c.other("Check-out: 16 May 2026, 11:00")


def test_a_part_of_a_month_is_that_month():
    from manoled.agent.months import asked_months
    from manoled.agent.terms import topic_terms
    question = "By what date do I pay for the power from mid-January to early-April 2026?"
    assert asked_months(question) == ({1, 4}, {2026})
    assert "january" in topic_terms(question) and "mid-january" not in topic_terms(question)


@pytest.mark.parametrize("text", ["checked 30kg (1 piece)", "cabin 7kg", "512 GB", "3 eggs"])
def test_a_quantity_may_carry_its_unit_glued(text):
    from manoled.agent.shapes import QUANTITY
    assert QUANTITY.search(text)


@pytest.mark.parametrize("unit, other", [
    ("Current fixed rate (ends 30/09/2025) 7.19% p.a.", True),  # its period ended before the one asked
    ("The fixed rate on your rural loan ends on 30 September 2025.", True),
    ("New fixed rate (2 years) 6.45% p.a.", False),
    ("New fixed rate period 1/10/2025 to 30/09/2027", False),  # runs into the period asked
    ("Rate until 31/12/2025: 6.10%", False),  # ends after the month asked starts
])
def test_a_rate_since_a_month_is_not_the_one_that_ended_before(unit, other):
    from manoled.agent.contrast import Contrasts
    assert Contrasts("what's the interest rate on the loan since October 2025?").other(unit) is other


def test_no_month_asked_from_rules_out_no_ended_period():
    from manoled.agent.contrast import Contrasts
    from manoled.agent.months import since_asked
    assert since_asked("what's the interest rate on the loan") is None
    assert since_asked("the rent from 1 March 2026") == (2026, 3)
    assert not Contrasts("what's the interest rate on the loan").other("Current fixed rate (ends 30/09/2025) 7.19%")


@pytest.mark.parametrize("question, words", [
    ("how much did the government end up giving back to me?", ["refund"]),
    ("what did food shopping run us in February?", ["groceries"]),
    ("what did it cost to get back into my apartment?", []),  # back into a place: no refund
    ("when do we go live with the new shop?", ["launch"]),
    ("what's the go-live date?", ["launch"]),
    ("how much did the drill set me back?", []),  # how it asks, not a paper's word
])
def test_a_phrase_says_a_papers_word(question, words):
    from manoled.agent.gloss import phrased
    assert phrased(question) == words


@pytest.mark.parametrize("question, thing", [
    ("How much did I pay for travel insurance for the Chennai trip?", ["travel", "insurance"]),
    ("what did we spend on parking at the hotel", ["parking"]),
    ("how much did I pay for it", []),
    ("How much do we have to pay the school for the camp?", []),  # whom it is paid to, not what for
])
def test_what_a_price_is_asked_of(question, thing):
    from manoled.agent.attribute import paid_for
    assert paid_for(question) == thing


def test_a_phrase_is_said_as_the_papers_word_when_a_file_has_it():
    from manoled.agent.gloss import rephrase
    assert rephrase("what did food shopping run us in March?", lambda w: True) == "what did groceries cost in March?"
    assert rephrase("what did food shopping run us in March?", lambda w: False) == "what did food shopping cost in March?"


@pytest.mark.parametrize("question, said", [
    ("what did the drill set me back?", "what did the drill cost?"),  # whatever the files say
    ("what did the new tyres set us back in May", "what did the new tyres cost in May"),
    ("how long does the dishwasher run?", "how long does the dishwasher run?"),  # no one it runs
    ("who set me up with the back office login?", "who set me up with the back office login?"),
])
def test_a_phrase_for_what_a_thing_cost_is_said_plainly(question, said):
    from manoled.agent.gloss import rephrase
    assert rephrase(question, lambda w: False) == said


VISIT = "Thank you for visiting us on 12/03/2026 for your consultation and x-rays ($185.00, paid)."


@pytest.mark.parametrize("question, other", [
    ("when am I booked in to have the crown done?", True),  # what is coming: not the visit the letter thanks for
    ("when's my next appointment at the dentist?", True),
    ("when is the vet seeing Biscuit again?", True),
    ("when did I last see the dentist?", False),  # what was: that visit is the answer
    ("when was my consultation?", False),
    ("how much were the x-rays?", False),  # no time asked of what is coming
])
def test_a_time_asked_of_what_is_coming_is_not_a_visit_already_made(question, other):
    from manoled.agent.contrast import Contrasts
    assert Contrasts(question).other(VISIT) is other
    assert not Contrasts(question).other("Your next appointment is confirmed for: Wednesday 22 April 2026 at 3:15 pm")
