"""A fortnight's payslips named by their day ("PayAdvice_02-04-2026.txt"), a contact asked by what someone is to
the asker ("the electrician's mobile", "my sister's number"), a code in a row of two labels ("Ana Ruiz | Policy no. |
…"), a stop inside brackets, a Norwegian "Kode:" under the wifi, papers someone brought home, and a check-in time asked
by a booking confirmation. Over a real index, on fixtures
written for these tests."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from conftest import PathFile, ask, declines, folder_fixture, planner_agent

from manoled.agent.kinds import wanted_type
from manoled.agent.labelled import labels_code
from manoled.agent.layout import sentences
from manoled.agent.monthly import asked_month_papers
from manoled.agent.months import days
from manoled.agent.retrieve import Candidate
from manoled.agent.unsaid import _role_asked

NOW = datetime(2026, 5, 20, 12).timestamp()


def _pay(day: str, period: str, gross: str, tax: str, net: str, ytd: str) -> str:
    return (f"Harbour City Council | Payroll\nEMPLOYEE PAY ADVICE\nEmployee name | Tomás Reyes | Pay date | {day}\n"
            f"Pay period | {period} | Pay frequency | Fortnightly\nPosition | Library Officer | Grade | L3\n\n"
            "Work location | Central Library | Payment to | Acc ****2231\n"
            "Department code | 4471 | Cost centre | LIB-02\nLeave balance | 12.5 days | Sick leave | 6 days\n"
            "Union | MEAA | Member no. | 55120\n\n"
            f"Earnings\nSalary - ordinary time | 10.00 days | {gross}\nDeductions\nPAYG tax | {tax}\n\n"
            f"Summary\nThis pay | Year to date\nNET PAY | {net} | {ytd}\n")


# pay date, period, gross, tax, net, year to date, age in days: a fortnight's pay advices, named by their date
_PAYS = (("05/02/2026", "22/01/2026 to 04/02/2026", "3,410.00", "702.00", "2,640.10", "6,310.20", 100),
         ("19/02/2026", "05/02/2026 to 18/02/2026", "3,410.00", "702.00", "2,702.30", "9,012.50", 90),
         ("05/03/2026", "19/02/2026 to 04/03/2026", "3,410.00", "702.00", "2,399.50", "11,412.00", 75),
         ("19/03/2026", "05/03/2026 to 18/03/2026", "3,410.00", "702.00", "2,708.00", "14,120.00", 60),
         ("02/04/2026", "19/03/2026 to 01/04/2026", "3,410.00", "702.00", "2,655.40", "16,775.40", 46),
         ("16/04/2026", "02/04/2026 to 15/04/2026", "3,520.00", "741.00", "2,779.00", "19,554.40", 32))

FILES: dict[str, tuple[str, float]] = {
    **{f"Tomas/Pay/PayAdvice_{day.replace('/', '-')}.txt": (_pay(day, *rest), age) for day, *rest, age in _PAYS},
    "Notes/contacts.md": (
        "# Contacts\n\n## Family\n| Who | Mobile | Notes |\n|---|---|---|\n"
        "| Mum (Rosa) | 0409 100 200 | landline 02 9555 0101 |\n| Lucía (my sister) | 0409 300 400 | Newcastle |\n\n"
        "## House\n- **Pete the electrician** (Sparks & Co) - 0411 222 333 - did the switchboard\n"
        "- Ines Moretti (dog walker, lives opp. 12) - 0400 555 666 - Tuesdays\n"
        "- Strata office - 02 9555 7000\n", 20),
    "Home/home insurance schedule 2026.txt": (
        "Kestrel Insurance | 40 Bridge Street\nAna Ruiz | Policy no. | 5521-904-118\n"
        "14 Wattle Lane | Customer no. | 88213\nHome and Contents - Policy Schedule\n"
        "Policy period: 01.02.2026 - 31.01.2027\nSum insured | $420,000\nAnnual premium | $1,284.00\n", 100),
    "Home/wifi.txt": (
        "WIFI hjemme\nNettverk: Lindeveien12\nKode:    Blåbær#2026\n\nRouter: admin på 192.168.1.1\n", 90),
    "Leo - School/Excursion note Zoo.txt": (
        "Year 2 excursion to Taronga Zoo on 12 March 2026. Cost $28. Bring a hat and a packed lunch.\n", 80),
    "Leo - School/Excursion note Museum.txt": (
        "Year 2 excursion to the Australian Museum on 7 May 2026. Cost $15. Students travel by bus.\n", 30),
    "Leo - School/Term 1 report.txt": ("Leo reads fluently and works well with others in Year 2.\n", 25),
    "Trips/cabin booking confirmation.txt": (
        "Blue Gum Cabins | Booking confirmation\nGuest | Tomás Reyes | Booking ref. | BGC-2026-4471\n"
        "Arrival | Friday 10 April 2026\nDeparture | Sunday 12 April 2026\n"
        "Check-in is from 15:00 on the day of arrival. Check-out is by 10:00 on the day of departure.\n"
        "Total | $540.00\n", 70),
}

folder = folder_fixture("days_roles_and_rows", FILES, NOW)


def test_a_day_in_a_file_name_or_a_question():
    assert days("PayAdvice_02-04-2026.txt") == {(4, 2), (2, 4)}  # day first or month first: both read
    assert days("Nordbyg kvittering 03.08.2026.pdf") == {(8, 3), (3, 8)}
    assert days("the advice dated 2 April 2026") == {(4, 2)}
    assert not days("Tel 12-34-5678") and not days("06-08-26") and not days("1/2")


def test_the_payslip_of_the_day_asked(folder):
    agent = planner_agent(folder[0], NOW)
    final, sources = ask(agent, "What was Tomás's net pay on the pay advice dated 2 April 2026?")
    assert "2,655.40" in final.answer and sources == ["PayAdvice_02-04-2026.txt"], final.answer


def test_a_day_no_payslip_is_named_for_declines(folder):
    declines(planner_agent(folder[0], NOW), "What was Tomás's net pay on his 26 March 2026 pay advice?")


def test_a_stop_inside_brackets_ends_no_sentence():
    line = "- Ines Moretti (dog walker, lives opp. 12) - 0400 555 666 - Tuesdays"
    assert sentences(line) == [line]
    assert sentences("We met (at last. It was late) at noon. Then we left.") == [
        "We met (at last. It was late) at noon.", "Then we left."]


def test_a_role_or_a_relation_whose_contact_is_asked():
    assert _role_asked("What's the electrician's mobile number?") == "electrician"
    assert _role_asked("What's the phone number of Leo's swimming teacher?") == "teacher"
    assert _role_asked("What is my sister's phone number?") == "sister"
    assert _role_asked("What is Lucía's phone number?") == "" and _role_asked("the landlord's phone number") == ""
    assert _role_asked("What's Ines the dog walker's number?") == "" and _role_asked("Pete the electrician's mobile") == ""


def test_a_roles_contact_is_its_own_line(folder):
    agent = planner_agent(folder[0], NOW)
    final, sources = ask(agent, "What's the electrician's mobile number?")
    assert "0411 222 333" in final.answer and sources == ["contacts.md"], final.answer
    final, _sources = ask(agent, "What is my sister's phone number?")
    assert "0409 300 400" in final.answer, final.answer
    declines(agent, "What's the plumber's mobile number?")
    declines(agent, "What's the phone number of Leo's swimming teacher?")


def test_a_code_in_a_row_of_two_labels():
    assert labels_code("Ana Ruiz | Policy no. | 5521-904-118", ["policy"])
    assert not labels_code("Policy period: 01.02.2026 - 31.01.2027", ["policy"])


def test_the_policy_number_not_its_period(folder):
    final, sources = ask(planner_agent(folder[0], NOW), "What's the policy number on the home insurance?")
    assert "5521-904-118" in final.answer and sources == ["home insurance schedule 2026.txt"], final.answer


def test_a_norwegian_wifi_code(folder):
    agent = planner_agent(folder[0], NOW)
    final, _sources = ask(agent, "wifi password")
    assert "Blåbær#2026" in final.answer, final.answer


def test_papers_a_child_brought_home(folder):
    agent = planner_agent(folder[0], NOW)
    final, _sources = ask(agent, "How many excursion notes has Leo brought home?")
    assert "2" in final.answer, final.answer
    final, sources = ask(agent, "Which excursion notes has Leo's school sent home?")
    assert sources == ["Excursion note Museum.txt", "Excursion note Zoo.txt"], final.answer


def test_a_time_asked_by_a_booking_confirmation():
    assert wanted_type("What time can we check in at the cabin according to the booking confirmation?") == "time"
    assert wanted_type("What's the booking confirmation number?") == "code"


def test_the_check_in_time_not_the_booking_ref(folder):
    final, _sources = ask(planner_agent(folder[0], NOW),
                          "What time can we check in at the cabin according to the booking confirmation?")
    assert "15:00" in final.answer and "BGC" not in final.answer, final.answer


def test_files_of_a_kind_in_the_folder_are_a_list_not_its_tree(folder):
    final, sources = ask(planner_agent(folder[0], NOW), "Which Markdown files are in the folder?")
    assert sources == ["contacts.md"], final.answer


def test_a_contractor_asked_is_a_firm():
    assert wanted_type("Which painting contractor did the strata committee approve for the repaint?") == "org"


def test_the_paper_of_the_day_asked_is_read_when_the_search_found_another():
    papers = [PathFile(f"Pay/PayAdvice_{d}.txt", id=i) for i, d in enumerate(("19-03-2026", "02-04-2026", "16-04-2026"))]
    found = [Candidate(1, "NET PAY | 2,779.00", papers[2].path, papers[2].name, papers[2].id, terms=["net", "pay"],
                       relpath=papers[2].relpath)]

    def passages(file_id: int, limit: int = 6) -> list[tuple[int, int, Any, str]]:
        return [(100 + file_id, 0, None, f"NET PAY | {file_id}")]

    out = asked_month_papers("net pay on the pay advice dated 2 April 2026", ["net", "pay", "april"], found, papers,
                             passages)
    assert [c.file_name for c in out] == ["PayAdvice_16-04-2026.txt", "PayAdvice_02-04-2026.txt"]
