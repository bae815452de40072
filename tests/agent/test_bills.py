"""Papers of a series named by month words ("Voltline bill Jan 2026.pdf"), over a real index: a bill is found by
the period the question quotes, "the next one" is the next month's bill, the next service is in the newest
record; and a short document is read whole."""

from __future__ import annotations

import time
from pathlib import Path

from conftest import folder_fixture, planner_agent

from manoled.agent.contrast import Contrasts

NOW = time.time()
DAY = 86400.0


def _bill(issued: str, period: str, total: str, due: str) -> str:
    return (f"Voltline Energy\nTax Invoice - Electricity\nAccount number: 5502 118 347\nIssue date: {issued}\n"
            f"Billing period: {period}\nTotal amount due: {total}\nDue date: {due}\n")


FILES: dict[str, tuple[str, float]] = {
    # the April bill was saved first: the series goes by the months the names say
    "Housing/Bills/Voltline bill Apr 2026.pdf.txt": (
        _bill("16/04/2026", "14/01/2026 to 13/04/2026 (90 days)", "$293.52", "05/05/2026"), 90),
    "Housing/Bills/Voltline bill Jan 2026.pdf.txt": (
        _bill("16/01/2026", "14/10/2025 to 13/01/2026 (92 days)", "$338.61", "03/02/2026"), 30),
    # a monthly series whose February bill is due in March; no bill of March
    "Home/Gas/Gasco Jan 2026.txt": ("Gasco\nStatement date: January 12, 2026\nAmount due: $211.40\n"
                                    "Please pay by February 9, 2026\n", 95),
    "Home/Gas/Gasco Feb 2026.txt": ("Gasco\nStatement date: February 11, 2026\nAmount due: $183.93\n"
                                    "Please pay by March 9, 2026\n", 85),
    "Bike/INV-3107 Sprocket Bike Works.txt": (
        "SPROCKET BIKE WORKS\nTAX INVOICE\nDescription\nAmount\nGeneral service\n$129.00\nRear wheel true\n$35.00\n"
        "Total (incl. GST)\n$412.50\n", 60),
    # an invoice's lines each have an "Amount": the invoice's amount is its total
    "Work/INV-0412 Kestrel Cycles.txt": (
        "J Rees Bookkeeping | INVOICE\nInvoice no. | INV-0412\nBill to: | Kestrel Cycles Ltd\n"
        "Description | Qty / hrs | Rate | Amount\nBookkeeping - May 2026 | 14 | £30.00 | £420.00\n"
        "Payroll - May 2026 | 4 | £15.00 | £60.00\nVAT return support | 1 | £30.00 | £30.00\n"
        "Subtotal | £510.00\nVAT | £0.00\nTOTAL DUE | £510.00\n", 40),
    # a price list that keeps its old prices under their own heading: the current row answers
    "Work/tutoring rates 2026.md": (
        "# Maths tutoring - prices from 1 September 2026\n\n| Lesson | Length | Price |\n|---|---|---|\n"
        "| GCSE lesson | 60 min | £42 |\n| A-level lesson - one to one | 60 min | £48 |\n| Group of three | 90 min | £30 each |\n\n"
        "## Old prices (to 31 August 2026) - for reference\n\n- GCSE lesson £38, A-level lesson one to one £44\n", 30),
    # two service records of one car: the next service is in the newer one, though the older says "oil" more
    "Car/Buick service Oct 2025.txt": ("Oil change, synthetic oil 5W-30, oil filter.\nOdometer: 64,950 miles\n"
                                       "NEXT SERVICE DUE: 68,200 miles or 04/14/2026\n", 120),
    "Car/Buick service Feb 2026.txt": ("Oil and filter, tire rotation.\nOdometer: 68,100 miles\n"
                                       "NEXT SERVICE DUE: 71,450 miles or 08/19/2026\n", 10),
    # two recipes that both heat an oven: a question after one of them is about that one
    "Recipes/apple pie.txt": ("Apple pie\n1/2 cup cold butter, cubed\n2 1/2 cups flour\nRoll out the bottom crust.\n"
                              "Bake at 425°F for 15 minutes, then turn the oven down to 350°F for 40 minutes.\n", 200),
    "Recipes/chicken casserole.md": ("# Chicken casserole\nDirections: Heat oven to **350°F**. Bake 30 minutes.\n", 150),
    # a two-page-long invoice: its total is two passages after the lines that name what it is for
    "Work/heron_studio_invoice_7.txt": (
        "Ines Carvalho, Illustration\nWeserstrasse 112, Berlin\nHeron Studio GmbH\nInvoice 7 for the storyboards\n"
        + "".join(f"Panel {n}: pencils, inks and one round of changes as agreed by mail.\n" for n in range(1, 46))
        + "Net: 2,200.00 EUR\nVAT 19%: 418.00 EUR\nAmount due: 2,618.00 EUR\nPayable within 30 days.\n", 20),
    # a French power bill: its energy "Total" is in kWh, and a total before tax comes first
    "Factures/Energie/facture_EDF_2026-02.txt": (
        "EDF - Facture du 10/02/2026\nVotre consommation du 09/12/2025 au 08/02/2026\nTotal: 874 kWh\n"
        "Total hors taxes: 222,41 €\nTVA à 20 %: 44,48 €\nMontant total TTC: 266,89 €\n", 40),
    # rent receipts of a series: "and February's?" is the next month's
    "Logement/Quittances/quittance_2026-01.txt": ("Quittance de loyer - janvier 2026\nLoyer: 1 111,04 €\n"
                                                   "Charges: 95,00 €\nTotal quittancé: 1 206,04 €\n", 70),
    "Logement/Quittances/quittance_2026-02.txt": ("Quittance de loyer - février 2026\nLoyer: 1 118,04 €\n"
                                                   "Charges: 95,00 €\nTotal quittancé: 1 213,04 €\n", 45),
    # a contractor's quote, then the final invoice: the quote says more of the question (its month in words)
    "Farm/Stock/Rutene shearing quote 2025.txt": (
        "RUTENE SHEARING LTD\nDave Rutene - Shearing Contractor\nQUOTE Q-0412\nJob: main shear, week of 24 November "
        "2025\nSubtotal (excl GST): $1,663.50\nQuote total incl GST: $1,913.03\n", 50),
    "Farm/Stock/invoice (2).txt": (
        "RUTENE SHEARING LTD\nTAX INVOICE RS-2025-118\nDate: 28/11/2025\nMain shear - ewes (26/11/2025): $772.80\n"
        "Subtotal (excl GST): $1,694.10\nGST 15%: $254.12\nTotal incl GST: $1,948.22\n", 35),
    # a budget's rows are records: its electricity row says nothing of a water bill
    "Perso/Budget/budget_2026.csv": ("Month,Category,Budget,Actual,Notes\n2026-01,Rent + charges,1206.04,1206.04,\n"
                                     "2026-01,Electricity (EDF),110.00,0.00,Dec bill paid 27/12\n", 25),
    # a hotel stay: the day one leaves is its check-out; a spray diary whose rows are dated in numbers
    "Travel/harbour_lodge_booking.txt": ("Harbour Lodge - booking confirmed\nCheck-in: 3 June 2026, from 14:00\n"
                                         "Check-out: 7 June 2026, by 10:00\nRoom: twin, sea view\n", 15),
    "Farm/Orchard/spray_diary.csv": ("Date,Block,Variety,Product,Rate\n28/10/2025,C,Conference pears,Mancozeb,200 g\n"
                                     "18/11/2025,C,Conference pears,Captan,150 g\n02/12/2025,A,Gala apples,Dodine,110 mL\n",
                                     12),
    # a bill named by what the firm does, asked in other words of both ("the server company": a hosting Ltd)
    "Work/Invoices/northwind_hosting_2025-02.txt": ("Northwind Hosting Ltd\nInvoice NH-0225\nPeriod: February 2025\n"
                                                    "Amount: GBP 84.00\nPlease pay by 17 March 2025.\n", 14),
    # a ticket of two legs: the times of each under its heading, the day only in the heading
    "Travel/rail_eticket_june.txt": ("NORTHLINE TRAINS e-ticket\nBooking: KX72QA\nOUTBOUND – Friday 12/06/2026\n"
                                     "07:04 York | Coach C\n09:00 London Kings Cross | Seat 41\n"
                                     "RETURN – Sunday 14/06/2026\n19:30 London Kings Cross | Coach F\n"
                                     "21:27 York | Seat 12\n", 9),
    # an e-ticket: its baggage allowance is a weight, beside the fare's sums
    "Travel/eticket_itinerary.txt": ("E-TICKET ITINERARY\nPassenger: Priya Nair\nBase fare: $1,044.00\n"
                                     "Taxes, fees and carrier charges: $342.40\nTotal: $1,386.40\n"
                                     "Baggage allowance: checked 30kg (1 piece), cabin 7kg + 1 personal item.\n", 8),
    "Farm/Orchard/pruning notes.txt": ("Pruning 2025\nBlock C: Conference pears - 6 rows, about 300 trees\n"
                                       "C: the Conference pears need the old spurs thinned\n", 11),
}

folder = folder_fixture("bills", FILES, NOW)


def ask(agent, question: str, session: str | None = None):
    final = list(agent.run(question, session=session))[-1]
    return final, [Path(s).name for s in final.sources]


def test_the_bill_of_the_period_the_question_quotes(folder):
    final, names = ask(planner_agent(folder[0], NOW), "When is the Voltline bill for 14/01/2026 to 13/04/2026 due?")
    assert "05/05/2026" in final.answer and names[:1] == ["Voltline bill Apr 2026.pdf.txt"], final.answer


def test_a_month_no_paper_of_the_series_is_of_has_no_bill(folder):
    # February's bill is due in March, but it is no bill that came in March
    final, names = ask(planner_agent(folder[0], NOW), "How much was the Gasco bill that came in March 2026?")
    assert "found nothing" in final.answer and names == [], final.answer
    final, names = ask(planner_agent(folder[0], NOW), "How much was the Gasco bill that came in February 2026?")
    assert "$183.93" in final.answer, final.answer


def test_the_next_one_is_the_next_months_bill(folder):
    agent = planner_agent(folder[0], NOW)
    first, _ = ask(agent, "How much was the Voltline bill issued in January 2026?")
    assert "338.61" in first.answer
    final, names = ask(agent, "what about the next one after that?", session=first.session)
    assert "293.52" in final.answer and names[:1] == ["Voltline bill Apr 2026.pdf.txt"], final.answer


def test_a_total_on_the_line_after_its_label(folder):
    final, names = ask(planner_agent(folder[0], NOW), "What was the final amount on the Sprocket Bike Works invoice?")
    assert "412.50" in final.answer and names == ["INV-3107 Sprocket Bike Works.txt"], final.answer


def test_an_invoices_amount_is_its_total_not_a_lines(folder):
    final, names = ask(planner_agent(folder[0], NOW), "kestrel cycles invoice amount")
    assert "510.00" in final.answer and "420.00" not in final.answer, final.answer
    assert names == ["INV-0412 Kestrel Cycles.txt"], names


def test_a_heading_of_old_prices_is_out_of_force_unless_asked():
    now = Contrasts("What do I charge for a one to one A-level lesson?")
    assert now.outdated("Old prices (to 31 August 2026) - for reference")
    assert now.outdated("Previous rates") and not now.outdated("Prices from 1 September 2026")
    assert not Contrasts("what was the old price of an A-level lesson?").outdated("Old prices (to 31 August 2026)")


def test_a_price_lists_current_row_not_its_old_prices(folder):
    final, names = ask(planner_agent(folder[0], NOW), "What do I charge for a one to one A-level lesson?")
    assert "£48" in final.answer and "£44" not in final.answer, final.answer
    assert names == ["tutoring rates 2026.md"], names


def test_a_short_document_is_read_whole(folder):
    final, names = ask(planner_agent(folder[0], NOW), "what is the total on the Heron Studio invoice for the storyboards?")
    assert "2,618.00" in final.answer and names == ["heron_studio_invoice_7.txt"], final.answer


def test_the_next_value_is_in_the_newest_paper_of_a_series(folder):
    final, names = ask(planner_agent(folder[0], NOW), "next oil change at how many miles")
    assert "71,450" in final.answer and names[:1] == ["Buick service Feb 2026.txt"], final.answer


def test_a_question_whose_words_the_previous_answers_file_says_is_asked_of_it_first(folder):
    agent = planner_agent(folder[0], NOW)
    first, _ = ask(agent, "pull up the apple pie recipe")
    final, names = ask(agent, "what temperature do I start the oven at?", session=first.session)
    assert "425" in final.answer and names == ["apple pie.txt"], final.answer


def test_a_bills_total_is_money_with_its_tax(folder):
    agent = planner_agent(folder[0], NOW)
    for question in ("How much was the EDF electricity bill dated February 2026?", "edf feb 2026 total??"):
        final, names = ask(agent, question)
        assert "266,89" in final.answer and names[:1] == ["facture_EDF_2026-02.txt"], final.answer


def test_a_months_possessive_is_the_next_paper_of_the_series(folder):
    agent = planner_agent(folder[0], NOW)
    first, _ = ask(agent, "How much was the rent receipt for January 2026?")
    final, names = ask(agent, "and February's?", session=first.session)
    assert "1 206,04" in first.answer
    assert "1 213,04" in final.answer and names[:1] == ["quittance_2026-02.txt"], final.answer


def test_the_final_invoice_not_the_quote_that_says_more(folder):
    final, names = ask(planner_agent(folder[0], NOW), "What was the total including GST on the shearing "
                                                       "contractor's final invoice for the November 2025 shear?")
    assert "1,948.22" in final.answer and names[:1] == ["invoice (2).txt"], final.answer


def test_a_spreadsheet_row_answers_only_for_what_it_says(folder):
    final, names = ask(planner_agent(folder[0], NOW), "How much was our last water bill?")
    assert final.answer.startswith("I found nothing") and names == [], final.answer


def test_the_day_one_leaves_a_hotel_is_its_check_out(folder):
    final, names = ask(planner_agent(folder[0], NOW), "what day do we leave the Harbour Lodge?")
    assert "7 June 2026" in final.answer and names == ["harbour_lodge_booking.txt"], final.answer


def test_a_day_asked_in_words_finds_the_row_dated_in_numbers(folder):
    agent = planner_agent(folder[0], NOW)
    for question in ("What went on the Conference pears on 18 November 2025?", "pears spray 18/11/25?"):
        final, names = ask(agent, question)
        assert "Captan" in final.answer and names == ["spray_diary.csv"], final.answer


def test_two_words_said_in_other_words_place_the_topic(folder):
    final, names = ask(planner_agent(folder[0], NOW), "by when was the server company to be paid for February 2025?")
    assert "17 March 2025" in final.answer and names == ["northwind_hosting_2025-02.txt"], final.answer


def test_a_time_under_the_heading_of_the_day_asked(folder):
    agent = planner_agent(folder[0], NOW)
    for question in ("what time does my train from London leave on 14 June?", "train from London on 14/06, what time?"):
        final, names = ask(agent, question)
        assert "19:30" in final.answer and names == ["rail_eticket_june.txt"], final.answer


def test_how_much_of_a_thing_is_its_quantity_not_the_papers_sum(folder):
    final, names = ask(planner_agent(folder[0], NOW), "how much checked baggage does my e-ticket allow?")
    assert "30kg" in final.answer and names == ["eticket_itinerary.txt"], final.answer


def test_a_listing_filters_by_the_papers_own_language(folder):
    final, names = ask(planner_agent(folder[0], NOW), "list my rent receipts")
    assert final.intent == "list" and sorted(names) == ["quittance_2026-01.txt", "quittance_2026-02.txt"], final.answer


def test_the_bill_whose_period_covers_the_months_of_use_asked(folder):
    # the January bill is named by a month asked, but its period ends in January: February's use is on April's
    final, names = ask(planner_agent(folder[0], NOW), "By when do I pay for the electricity we used in late January and February?")
    assert "05/05/2026" in final.answer and names[:1] == ["Voltline bill Apr 2026.pdf.txt"], final.answer
