"""A sum asked with a part left out ("the monthly fee for the nursery, not counting meals") is not answered by the
line of that part, in the paper's own tongue too ("Stravné – záloha: 1 100 Kč měsíčně" is the meals' advance); a
line that says the part is left out ("Monthly fee (excl. lunches)") still answers. Over a real index, on fixtures
written for these tests."""

from __future__ import annotations

from datetime import datetime

from conftest import ask, folder_fixture, planner_agent

from manoled.agent.contrast import Contrasts

NOW = datetime(2026, 11, 20, 12).timestamp()

FILES: dict[str, tuple[str, float]] = {
    "Eliska/skolka_uplata_2026-2027.txt": (
        "Mateřská škola Korálek, Praha 7\nInformace o úplatě za předškolní vzdělávání a stravném – školní rok 2026/2027\n"
        "Položka | Částka | Splatnost\n"
        "Stravné – záloha | 1 100 Kč měsíčně | do 15. dne v měsíci\n"
        "Úplata za předškolní vzdělávání | 1 350 Kč měsíčně | do 15. dne v měsíci\n", 60),
    "Tom/After-school club 2026.txt": (
        "Brightside After-School Club - prices from September 2026\n"
        "Lunches: 95.00 per month\nMonthly fee (excl. lunches): 310.00\n", 50),
    "Money/budget notes.txt": ("Groceries about 9 000 Kč a month. Car insurance 14 200 Kč a year.\n", 30),
}

folder = folder_fixture("left_out", FILES, NOW)


def test_the_part_left_out_is_read_from_the_question():
    assert Contrasts("the monthly fee, not counting meals").left_out == {"meal"}
    assert Contrasts("how much are the meals a month").left_out == set()


def test_the_line_of_the_part_left_out_does_not_answer(folder):
    final, sources = ask(planner_agent(folder[0], NOW),
                         "How much is the monthly fee for Eliška's preschool this school year, not counting meals?")
    assert "1 350" in final.answer and sources == ["skolka_uplata_2026-2027.txt"], final.answer


def test_a_line_that_leaves_the_part_out_still_answers(folder):
    final, sources = ask(planner_agent(folder[0], NOW), "what's the monthly fee for the after-school club, excluding lunches?")
    assert "310.00" in final.answer and sources == ["After-school club 2026.txt"], final.answer
