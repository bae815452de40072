"""Answers on layouts our own corpus lacked, found on folders written by people who never read the code
(bench/stranger_eval.py): folders that name what their files are, tables in documents, dotted dates, loose
files next to subfolders, a person's name in several file names."""

from __future__ import annotations

import time
from pathlib import Path

from conftest import folder_fixture, planner_answer

from manoled.agent.shapes import TYPE_PATTERNS
from manoled.agent.steps import AnswerStep
from manoled.agent.units import sectioned, units

NOW = time.time()
FILES: dict[str, tuple[str, float]] = {
    # a German bill: the word "internet" is only in its folder's name
    "Home/Internet/spreenetz_2026-02.txt": ("Spreenetz GmbH\nIhre Rechnung Februar 2026\nRechnungsdatum: 05.02.2026\n"
                                            "Glasfaser 250 monatlicher Grundpreis 39,99 EUR\n", 40),
    "Home/Internet/spreenetz_2026-01.txt": ("Spreenetz GmbH\nIhre Rechnung Januar 2026\nRechnungsdatum: 05.01.2026\n"
                                            "Glasfaser 250 monatlicher Grundpreis 39,99 EUR\n", 70),
    "Home/lease.txt": ("Lease for the flat at 4 Elm Street. The monthly rent is 875 USD.", 300),
    "Church/volunteers.txt": ("Spring volunteer schedule\n\nDate | Greeters | Coffee Hour | Altar Flowers\n\n"
                              "3/22/2026 | Maria Delgado | Youth group | Phyllis Dorn\n\n"
                              "3/29/2026 | Ted Novak | Altar Guild | Dolores Kowalski\n\n"
                              "4/5/2026 | Council members | Breakfast team | Carol Sweeney\n", 20),
    "Medical/walt_summary_2026-01.txt": ("Medicare summary notice for Walt. Medicare paid 120.00.", 50),
    "Medical/Prescriptions/walt_meds.txt": ("Walt's medicines: lisinopril 20 mg every morning.", 60),
    "Money/walt_advisor_letter.txt": ("Dear Walt, your required minimum distribution for 2026 is $14,380.00 and "
                                      "must be taken by December 31.", 15),
    "Money/budget_2026.csv": ("month,groceries,utilities\n2026-01,588.10,240.00\n2026-02,612.48,251.30\n", 10),
    "Money/ssa_2026.txt": ("Social Security Administration. Your new benefit amount: after deductions you will receive "
                           "$2,284.10 each month. Keep this letter for your records.", 12),
    "Notes/to do.txt": ("- call the roofer\n- renew the car tags\n", 5),
}


folder = folder_fixture("layouts", FILES, NOW)


def ask(folder, question: str) -> AnswerStep:
    return planner_answer(folder[0], NOW, question)


def names(final: AnswerStep) -> list[str]:
    return [Path(s).name for s in final.sources]


def test_a_folder_says_what_its_files_are_about(folder):
    final = ask(folder, "how much was my internet bill for february 2026")
    assert "39,99" in final.answer and names(final)[:1] == ["spreenetz_2026-02.txt"]


def test_the_size_of_a_folder_named_with_a_noun_after_it(folder):
    final = ask(folder, "total size of my internet bills?")
    assert "Home/Internet" in final.answer and "2 files" in final.answer


def test_a_table_row_is_said_with_its_column_names(folder):
    final = ask(folder, "when is dolores on altar flowers")
    assert "3/29/2026" in final.answer and "Altar Flowers: Dolores Kowalski" in final.answer


def test_the_table_head_is_no_answer_of_its_own():
    got = units("Date | Greeters | Altar Flowers\n\n3/29/2026 | Ted Novak | Dolores Kowalski\n")
    assert got[0] == "Date: 3/29/2026, Greeters: Ted Novak, Altar Flowers: Dolores Kowalski"
    assert not any("Date | Greeters" in u or u.startswith("Date, Greeters") for u in got)


def test_a_dotted_date_is_no_amount():
    assert TYPE_PATTERNS["amount"].search("Rechnungsdatum: 05.02.2026") is None
    assert TYPE_PATTERNS["amount"].search("Betrag 64,98") is not None


def test_a_number_of_a_code_is_no_amount():
    assert TYPE_PATTERNS["amount"].search("Room: BioSci BS-2.14") is None  # a room's code ends in 2.14
    assert TYPE_PATTERNS["amount"].search("Rate: 148.87") is not None
    assert TYPE_PATTERNS["amount"].search("Discount: -12.50") is not None


def test_one_value_is_asked_though_a_name_is_in_several_files(folder):
    final = ask(folder, "What is Walt's required minimum distribution for 2026?")
    assert "14,380.00" in final.answer and names(final)[:1] == ["walt_advisor_letter.txt"]


def test_the_size_of_the_one_file_a_kind_and_a_word_name(folder):
    final = ask(folder, "what's the file size of the budget spreadsheet")
    assert "budget_2026.csv is" in final.answer and "bytes" in final.answer


def test_whats_in_a_folder_shows_its_subfolders_and_its_own_files(folder):
    final = ask(folder, "What's in Medical?")
    assert "Prescriptions/ (1 file" in final.answer and "walt_summary_2026-01.txt" in final.answer


def test_a_folder_tree_names_the_files_beside_its_subfolders(folder):
    final = ask(folder, "show me the Home folder")
    assert "Internet/ (2 files" in final.answer and "lease.txt" in final.answer


def test_dot_leaders_and_side_by_side_labels_are_one_fact_a_line():
    got = units("  Your new monthly amount is ......................... $2,487.00\n"
                "Invoice #:     SR-4471                     Invoice Date:   10/17/2025\n")
    assert got[:3] == ["Your new monthly amount is: $2,487.00", "Invoice #: SR-4471", "Invoice Date: 10/17/2025"]


def test_an_aligned_table_row_is_said_with_its_columns_and_its_indented_rest():
    text = ("Medicine        Dose      When                        Doctor\n"
            "--------------  --------  --------------------------  ------------\n"
            "Lisinopril      20 mg     1 tablet in the morning     Dr. Ortiz\n"
            "Apixaban        5 mg      1 tablet TWICE a day        Dr. Raghavan\n"
            "                          (8 am and 8 pm, w/ food)\n")
    got = units(text)
    assert got[0] == "Medicine: Lisinopril, Dose: 20 mg, When: 1 tablet in the morning, Doctor: Dr. Ortiz"
    assert "Medicine: Apixaban, Dose: 5 mg, When: 1 tablet TWICE a day, Doctor: Dr. Raghavan (8 am and 8 pm, w/ food)" \
        in got


def test_right_aligned_amounts_land_under_their_heads_and_a_total_ends_the_table():
    text = ("Description                         Qty        Rate         Amount\n"
            "Roof replacement                      1  $11,200.00     $11,200.00\n"
            "Permit fee                            1      $72.50         $72.50\n"
            "                               Invoice Total            $11,272.50\n")
    got = units(text)
    assert got[0] == "Description: Roof replacement, Qty: 1, Rate: $11,200.00, Amount: $11,200.00"
    assert "Invoice Total: $11,272.50" in got


def test_a_month_said_short_is_that_month():
    from manoled.agent.retrieve import contains
    assert contains("Jan 2026,Feb 2026,Mar 2026", "february") and contains("due Sept 14", "september")
    assert not contains("Jan 2026,Mar 2026", "february")


def test_a_csv_head_may_name_months():
    got = units("Category,Jan 2026,Feb 2026\nGroceries,587.19,612.48\n", "budget.csv")
    assert got == ["Category: Groceries, Jan 2026: 587.19, Feb 2026: 612.48"]


def test_when_does_it_expire_is_the_end_date_not_the_start():
    from manoled.agent.facts import extract
    from manoled.agent.retrieve import Candidate
    c = Candidate(1, "ClearTone warranty\nPurchase/fit date: 09/05/2024\nCoverage ends: 09/05/2027\n",
                  "/f/warranty.txt", "warranty.txt", rrf=0.03, vector_score=0.6, vector_rank=1)
    got = extract("when does the warranty on the cleartone hearing aids expire", [c])
    assert got.facts[0].text == "Coverage ends: 09/05/2027"


def test_the_total_is_the_figure_that_sums_the_others():
    from manoled.agent.facts import extract
    from manoled.agent.retrieve import Candidate
    c = Candidate(1, "Acme invoice\nDescription       Qty    Amount\nHosting            1    $40.00\n"
                  "Support            1    $12.50\n         Invoice Total      $52.50\n",
                  "/f/acme_invoice.txt", "acme_invoice.txt", rrf=0.03, vector_score=0.6, vector_rank=1)
    got = extract("what was the total amount on the acme invoice", [c])
    assert "52.50" in got.facts[0].text


def test_the_size_of_a_file_named_by_what_it_is_about(folder):
    final = ask(folder, "How large is the Social Security letter?")
    assert final.answer.startswith("ssa_2026.txt is") and "bytes" in final.answer


def test_a_to_do_list_is_the_todo_file(folder):
    final = ask(folder, "when was the to do list last edited")
    assert final.answer.startswith("to do.txt was last modified")


def test_counting_the_subfolders_is_no_topic(folder):
    final = ask(folder, "How many files are in the Medical folder, counting the subfolder?")
    assert "2 files" in final.answer


def test_a_name_the_question_gives_must_be_the_files(folder):
    final = ask(folder, "How much did Medicare pay on Dolores's summary notice?")
    assert final.sources == [] and "found nothing" in final.answer
    final = ask(folder, "How much did Medicare pay on Walt's summary notice?")
    assert "120.00" in final.answer


def test_a_folder_with_one_subfolder_shows_what_that_holds(folder):
    final = ask(folder, "how is the Church folder organised?")
    assert "volunteers.txt" in final.answer
    final = ask(folder, "what's in Medical?")
    assert "Prescriptions/ (1 file: walt_meds.txt)" in final.answer


def test_list_my_x_bills_is_the_x_folder(folder):
    final = ask(folder, "list my internet bills")
    assert sorted(names(final)) == ["spreenetz_2026-01.txt", "spreenetz_2026-02.txt"]


def test_a_month_abbreviation_before_a_day_ends_no_sentence():
    from manoled.agent.layout import sentences
    assert sentences("If you did not have Medicare as of Nov. 20, 2025, we show $0.00. Call us.") == \
        ["If you did not have Medicare as of Nov. 20, 2025, we show $0.00.", "Call us."]
    assert sentences("We met in Nov. It rained.") == ["We met in Nov.", "It rained."]
    assert sentences("Summe: 2.200,00 € inkl. MwSt. Zahlbar sofort.") == ["Summe: 2.200,00 € inkl. MwSt.", "Zahlbar sofort."]


def test_a_german_day_before_its_month_ends_no_sentence():
    from manoled.agent.layout import sentences
    assert sentences("Berlin, 10. Februar 2026") == ["Berlin, 10. Februar 2026"]
    assert sentences("Bitte bis spätestens 30. April 2026 einreichen. Danke.") == [
        "Bitte bis spätestens 30. April 2026 einreichen.", "Danke."]
    assert sentences("30. April 2026 ist die Frist.") == ["30. April 2026 ist die Frist."]
    assert sentences("1. Buy milk") == ["Buy milk"]  # a numbered item's "1." is still no sentence
    assert sentences("The total was 12. Then we left.") == ["The total was 12.", "Then we left."]


def test_an_indented_heading_heads_the_lines_indented_deeper():
    bill = ("Your bill for 01/09/2026 - 30/09/2026 is ready.\n\n  Electricity\n    Usage: 231 kWh @ 24.86p/kWh .. £57.43\n"
            "\n  Gas\n    Usage: 350 kWh @ 6.34p/kWh ... £22.19\n    Gas subtotal .......... £31.69\n\n"
            "  Total for September .... £109.76\n")
    under = {u[:10]: section for u, _title, _whole, section in sectioned(bill, "octopus email sep 2026.txt")}
    assert under["Usage: 350"] == "Gas" and under["Gas subtot"] == "Gas"
    assert under["Usage: 231"] == "Electricity"
    assert under["Total for "] == ""  # back at the headings' depth: under neither
