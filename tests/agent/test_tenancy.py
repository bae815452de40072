"""Everyday papers asked as people ask them, over a real index: when a lease ends (not when its rent may be
reviewed), which day the bins go, how much notice to give, the insurance in force (the newest renewal), how
many nights a booking is for, how hot the oven goes, who supplies the gas, a sum per month (not the year's), and
what papers call what people ask ("extra km": excess kilometres; "still owing": the balance due)."""

from __future__ import annotations

import time

from conftest import ask, folder_fixture, planner_agent

NOW = time.time()

LEASE = ("TENANCY AGREEMENT\nThis Agreement is made on 14/02/2026 between:\n"
         "LANDLORD: Maureen Fitzgerald, 3 Quay Road, Cobh (phone 087 555 0192)\n"
         "TENANT: Tomasz Nowak\n1. Term\nThe tenancy commences on 01/03/2026 for a fixed term of twelve (12) months, "
         "ending on 28/02/2027, and will continue thereafter as a periodic tenancy.\n2. Rent\n"
         "The rent is EUR 1,420.00 per calendar month, payable on the 1st of each month. The premises are in a Rent "
         "Pressure Zone; any rent review will not take place before 01/03/2027.\n3. Deposit\n"
         "The Tenant has paid a deposit of EUR 1,420.00, returned within 14 days of the end of the tenancy.\n"
         "4. Charges\nThe Tenant pays electricity, gas and bin charges (Greenstar, collection every Thursday).\n"
         "5. Notice\nThe Tenant must give notice of termination in writing; the minimum notice period is 28 days.\n")


def _renewal(year: int, premium: str) -> str:
    return (f"Harbour Mutual Insurance\nYour Home Insurance Renewal\nPolicy number: HM-H-20417\n"
            f"Renewal date: 05/06/{year}\nPeriod of cover: 05/06/{year} to 04/06/{year + 1}\n"
            f"Total annual premium: {premium}\nPayment plan: 12 monthly payments\n")


FILES: dict[str, tuple[str, float]] = {
    "Home/Tenancy agreement - 9 Elm Row.docx.txt": (LEASE, 280),
    "Home/Insurance/Home insurance renewal 2025.pdf.txt": (_renewal(2025, "EUR 388.20"), 500),
    "Home/Insurance/Home insurance renewal 2026.pdf.txt": (_renewal(2026, "EUR 412.75") + "Monthly instalment: EUR 34.40\n",
                                                            170),
    "Car/Vehicle lease - Kia Niro.docx.txt": (
        "Vehicle Lease Agreement\nLease term: 36 months\nAnnual mileage allowance: 15,000 km\n"
        "Total monthly payment: EUR 389.00\nExcess kilometres are charged at EUR 0.10 per km at lease end.\n", 400),
    "Travel/Galway/hotel booking.pdf.txt": (
        "The Quayside Hotel\nBooking confirmation\nGuest name: Tomasz Nowak\nCheck-in: Friday, 9 October 2026 "
        "(from 15:00)\nNights: 3\nTotal: 465,00 €\nDeposit paid: 150,00 €\nBalance due: 315,00 € on arrival\nA city levy of 2,00 € per person per night (max. 5 nights) is "
        "payable at the hotel.\n", 60),
    # a person's notes: every entry is hers, though only the first line names her
    "Home/Nanny/nanny notes.txt": ("Nadia - hours & notes\nHours: Mon-Thu 8am-6pm\n"
                                              "- 3 Mar: stayed late, paid EUR 20 extra\n- 17 Apr: off sick\n"
                                              "- 9 Jun: worked a Saturday, paid EUR 40\n"
                                              "Her holiday: asked for 2 weeks in August, 3-14 Aug.\n"
                                              "Her brother: Karim, 085 221 4470\n", 30),
    "Recipes/flapjacks.md": ("# Flapjacks\n- 250 g oats\n- 125 g butter\n- 4 tbsp golden syrup\n## Method\n"
                             "Melt butter and syrup, stir in the oats. Bake at 180C for 25 minutes.\n", 90),
    "Bills/Flame Gas/gas bill Sep 2026.pdf.txt": (
        "Flame Gas Ltd, Unit 4, Marina Park, Cork\nGas bill\nAccount number: 770 1934 22\n"
        "Billing period: 02/07/2026 - 01/09/2026\nAmount due: EUR 96.40\n", 80),
}

folder = folder_fixture("tenancy", FILES, NOW)


def test_when_a_lease_ends_is_its_term_not_a_rent_review(folder):
    for question in ("When does my lease end?", "when is my tenancy up?"):
        final, names = ask(planner_agent(folder[0], NOW), question)
        assert "28/02/2027" in final.answer and names == ["Tenancy agreement - 9 Elm Row.docx.txt"], final.answer


def test_which_day_is_answered_by_a_weekday(folder):
    final, _ = ask(planner_agent(folder[0], NOW), "which day are the bins collected?")
    assert "Thursday" in final.answer, final.answer


def test_how_much_notice_is_a_span_of_days_not_a_sum(folder):
    final, _ = ask(planner_agent(folder[0], NOW), "how much notice must the tenant give?")
    assert "28 days" in final.answer, final.answer


def test_the_insurance_in_force_is_the_newest_renewal(folder):
    final, names = ask(planner_agent(folder[0], NOW), "when does the home insurance renew?")
    assert "05/06/2026" in final.answer and names == ["Home insurance renewal 2026.pdf.txt"], final.answer
    final, names = ask(planner_agent(folder[0], NOW), "how much is my current home insurance?")
    assert "412.75" in final.answer, final.answer
    # a year the question gives is that year's paper
    final, names = ask(planner_agent(folder[0], NOW), "how much was the home insurance in 2025?")
    assert "388.20" in final.answer, final.answer


def test_a_labelled_count_answers_how_many_and_max_ends_no_sentence(folder):
    final, _ = ask(planner_agent(folder[0], NOW), "how many nights is the Galway hotel booked for?")
    assert "Nights: 3" in final.answer, final.answer
    final, _ = ask(planner_agent(folder[0], NOW), "what's the city levy at the Galway hotel?")
    assert "2,00 €" in final.answer and "(max. 5 nights)" in final.answer, final.answer


def test_how_hot_asks_for_degrees(folder):
    final, _ = ask(planner_agent(folder[0], NOW), "how hot should the oven be for the flapjacks?")
    assert "180C" in final.answer, final.answer


def test_who_supplies_is_answered_by_the_firm_though_no_paper_says_supplier(folder):
    for question in ("who supplies our gas?", "who is our gas supplier?"):
        final, names = ask(planner_agent(folder[0], NOW), question)
        assert "Flame Gas" in final.answer and names == ["gas bill Sep 2026.pdf.txt"], (question, final.answer)


def test_a_sum_per_month_is_not_the_years(folder):
    final, _ = ask(planner_agent(folder[0], NOW), "how much is the home insurance a month?")
    assert "34.40" in final.answer, final.answer
    final, _ = ask(planner_agent(folder[0], NOW), "how much is the car lease a year?")
    assert "found nothing" in final.answer or "389.00" not in final.answer, final.answer  # no yearly sum: not the monthly


def test_what_people_call_a_thing_finds_what_papers_call_it(folder):
    final, _ = ask(planner_agent(folder[0], NOW), "what does it cost per extra km on the car lease?")
    assert "0.10" in final.answer, final.answer  # excess kilometres
    final, _ = ask(planner_agent(folder[0], NOW), "how much is still owing on the Galway hotel?")
    assert "315,00" in final.answer, final.answer  # the balance due


def test_a_line_of_a_persons_notes_is_hers_though_it_does_not_name_her(folder):
    for question, fact in (("when is Nadia's holiday?", "3-14 Aug"), ("what's Nadia's brother's number?", "085 221 4470")):
        final, names = ask(planner_agent(folder[0], NOW), question)
        assert fact in final.answer and names == ["nanny notes.txt"], final.answer


_DIARY_DAYS = "".join(f"- {d} Sep: school run, {d % 3 + 1} loads of washing, dinner at 6\n" for d in range(1, 29))
DIARY = {"Home/Helper/helper diary.txt": ("Joy - diary & admin\n" + _DIARY_DAYS +
                                          "- 2 Oct: passport renewed at the embassy, new no. P7734120\n"
                                          "- 12 Oct: medical check-up (6-monthly), paid S$38\n", 30),
         "Home/Helper/employment contract.docx.txt": (
             "Employment contract\nEmployer: Daniel Tan\nMonthly Salary: S$650.00, payable by the 7th day of the "
             "following month\nRest days: every Sunday\n", 400),
         "Travel/Chennai 2026/eticket itinerary.pdf.txt": (
             "E-ticket itinerary\nBooking reference (PNR): 6KZ4RT\nTicket number: 618-2440917735\n"
             "Flight: CS 531\nFrom: Singapore (SIN)\nTo: Chennai (MAA)\nDepart: 19 Dec 2026 08:25\n"
             "Flight: CS 532\nFrom: Chennai (MAA)\nTo: Singapore (SIN)\nDepart: 14 Jan 2027 23:30\n"
             "Total: $1,386.40\n", 60)}
diary = folder_fixture("diary", DIARY, NOW)


def test_an_entry_in_a_later_passage_of_a_persons_notes_is_hers(diary):
    # the notes are longer than one passage: the entry's passage does not start with the line that names her
    final, names = ask(planner_agent(diary[0], NOW), "what's Joy's passport number?")
    assert "P7734120" in final.answer and names == ["helper diary.txt"], final.answer


def test_six_monthly_is_not_every_month(diary):
    final, names = ask(planner_agent(diary[0], NOW), "how much do we pay our helper every month?")
    assert "650" in final.answer and names == ["employment contract.docx.txt"], final.answer


def test_another_kind_of_a_thing_is_no_answer(folder):
    # the home policy says "Home Insurance": asked of the car's insurance, which no paper holds, it is declined
    final, names = ask(planner_agent(folder[0], NOW), "what's the policy number on my car insurance?")
    assert "HM-H-20417" not in final.answer and "found nothing" in final.answer and names == [], final.answer
    final, _ = ask(planner_agent(folder[0], NOW), "what's the policy number on my home insurance?")
    assert "HM-H-20417" in final.answer, final.answer
