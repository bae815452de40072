"""Where a value sits, over a real index: "the first meet" is item 1 of a numbered list, "where is it being held?"
after it is the venue on that item's line, a month asked is said by the date in a file's name, and a word said
in other words close enough ("molar" for a tooth) lets its paper answer; "where are the receipts filed" is answered
with their folder."""

from __future__ import annotations

import time

from conftest import ask, folder_fixture, planner_agent

from manoled.agent.continuation import asked_ordinal
from manoled.agent.months import names_month
from manoled.agent.shapes import TYPE_PATTERNS

NOW = time.time()

FILES: dict[str, tuple[str, float]] = {
    "Kids/Swimming/swim meets.txt": (
        "Maya - Otters squad 2025-26\n\nTraining: Mondays 6:00-7:00 pm, Kingfisher Pool (lanes 3-4)\n"
        "Coach Dana Whitfield 07700 900 412\n\nMeets\n"
        "1. County Autumn Gala - Nov 8-9, 2025 @ Riverside Leisure Centre, Bedford. £12 entry per swimmer\n"
        "2. Winter Sprint Open - Jan 17-18, 2026 @ Oakfield Aquatics, Luton (coach leaves 7:00)\n"
        "3. Club championships - Mar 14, 2026 @ Kingfisher Pool (home)\n\nKit: club cap + black costume\n", 30),
    "Kids/Swimming/squad registration 2025-2026.txt": (
        "Otters Swimming Club - registration\nSwimmer: Maya Patel (born 2014-05-03)\nSquad: Otters\n"
        "Season: September 6, 2025 to April 25, 2026\nFee: £240.00 paid\n", 60),
    "Health/Dentist/estimate 0412.txt": (
        "Brightsmile Dental - treatment estimate\nPatient: Sam Patel\n"
        "Tooth 36 - porcelain crown: 680.00\nTooth 36 - root canal: 420.00\nTotal estimate: 1,100.00\n"
        "Valid for 6 months.\n", 20),
    "Health/Dentist/checkup letter.txt": (
        "Brightsmile Dental\nYour six-monthly check-up is due in May. Please call to book.\n", 10),
    "Home/Receipts/receipt_hardware_2026-02-08.txt": (
        "HOMEBASE - Bedford\n08/02/2026 10:12\nCordless drill 18V 89.90\nWood screws 6.49\nTOTAL 96.39\n", 40),
    "Home/Receipts/receipt_garden_2025-09-20.txt": (
        "GREENFINGERS GARDEN CENTRE\n20/09/2025 15:40\nHedge trimmer 59.00\nGloves 7.50\nTOTAL 66.50\n", 90),
}

folder = folder_fixture("list_places", FILES, NOW)


def test_the_first_of_a_thing_is_item_one_of_its_numbered_list(folder):
    assert asked_ordinal("when's the first swim meet?") == 1 and asked_ordinal("the 3rd novel on my list") == 3
    assert asked_ordinal("what's her first name?") is None
    agent = planner_agent(folder[0], NOW)
    final, names = ask(agent, "When's Maya's first swim meet this season?")
    assert "Nov 8-9" in final.answer and names == ["swim meets.txt"], final.answer
    final, _ = ask(agent, "when is the second swim meet?")
    assert "Jan 17-18" in final.answer, final.answer


def test_where_it_is_held_is_the_venue_on_the_line_answered_before(folder):
    assert TYPE_PATTERNS["place"].search("Jan 17, 2026 @ Oakfield Aquatics") and TYPE_PATTERNS["place"].search(
        "at Riverside Leisure Centre")
    agent = planner_agent(folder[0], NOW)
    final, _ = ask(agent, "When's Maya's first swim meet this season?", session="meet")
    assert "Nov 8-9" in final.answer, final.answer
    final, names = ask(agent, "where's it being held?", session="meet")
    assert "Riverside Leisure Centre" in final.answer and names == ["swim meets.txt"], final.answer


def test_a_month_asked_is_said_by_the_date_in_a_file_name(folder):
    assert names_month("february", "receipt_hardware_2026-02-08.txt")
    assert not names_month("march", "receipt_hardware_2026-02-08.txt") and not names_month("drill", "a_2026-02.txt")


def test_a_word_said_otherwise_close_enough_lets_its_paper_answer(folder):
    # the estimate says "Tooth 36", never "molar"
    final, names = ask(planner_agent(folder[0], NOW), "how much did the dentist reckon fixing my molar would cost?")
    assert "1,100.00" in final.answer and names == ["estimate 0412.txt"], final.answer


def test_where_files_are_kept_is_their_folder(folder):
    final, names = ask(planner_agent(folder[0], NOW), "where are the shop receipts filed?", session="where")
    assert final.answer.startswith("In Home/Receipts:"), final.answer
    assert names == ["receipt_garden_2025-09-20.txt", "receipt_hardware_2026-02-08.txt"], final.answer
