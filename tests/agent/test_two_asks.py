"""A question that asks two things ("what temp and how long in the oven") is answered with both: the line that
gives the first, and the line of the same file that gives the second, when the first does not give it too; a second
"which" asks the thing its noun names ("and which deposit scheme is it in")."""

from __future__ import annotations

import time

from conftest import ask, folder_fixture, planner_agent

from manoled.agent.pairs import second_ask

NOW = time.time()

FILES: dict[str, tuple[str, float]] = {
    "Recipes/soda bread.txt": (
        "Soda bread (Mam's)\n\n- 500 g plain flour\n- 1 tsp bicarbonate of soda\n- 400 ml buttermilk\n\n"
        "oven 200C (180C fan) / gas 6 - preheat properly!\n\nmix, shape into a round, cut a deep cross.\n"
        "bake 30-35 mins till it sounds hollow when you tap the bottom.\n", 200),
    "Recipes/lasagna.md": ("# Lasagna\n\nBake at 190 C for 40 minutes, covered for the first 20.\n", 300),
    "Home/occupation contract.txt": (
        "Occupation contract - Flat 3, 9 Heol Wen\nRent | £980.00 per calendar month\nDeposit | £1,130.00\n"
        "Deposit scheme | Tenancy Deposit Scheme Wales (TDS), deposit ID TDS-4410-19\n"
        "Notice | two months in writing\n", 120),
    "Work/Invoices/INV-2207 Lumen Dental.txt": (
        "Cerys Price Design\nINVOICE INV-2207\nBill to: Lumen Dental Ltd\nInvoice date: 2026-11-09\n"
        "Due date: 2026-12-09\nDescription | Amount\nBrand refresh - logo and stationery | 640.00\n"
        "Total due | 640.00\n", 20),
    "Recipes/bara brith.txt": ("Bara brith\n- 450 g mixed fruit\n- 250 ml cold tea\nbake 1 hr 15 at 160C\n", 250),
}
folder = folder_fixture("two_asks", FILES, NOW)


def test_which_questions_ask_two_things():
    assert second_ask("what temp and how long in the oven") == ("what temp", "how long in the oven")
    assert second_ask("How much was the deposit, and when do I get it back?") == (
        "How much was the deposit", "when do I get it back?")
    assert second_ask("Who do I call if the drain backs up, and what's his number?") is None  # a number, twice
    assert second_ask("how much is the rent and the deposit") is None  # one kind asked of two things
    assert second_ask("what did we agree and when is the launch") is None  # the first asks no kind of value
    assert second_ask("deposit amount n which scheme its in") == ("deposit amount", "which scheme its in")
    assert second_ask("what's the total on it and when is it due?") == ("what's the total on it", "when is it due?")
    assert second_ask("how much was the rent and what is the deposit?") is None  # "what is": no thing named


def test_both_lines_answer(folder):
    agent = planner_agent(folder[0], NOW)
    final, names = ask(agent, "what temp and how long in the oven for the soda bread?")
    assert "200" in final.answer and "30-35" in final.answer and names == ["soda bread.txt"], final.answer


def test_one_line_that_says_both_is_the_answer(folder):
    final, names = ask(planner_agent(folder[0], NOW), "At what temperature and for how long do I bake the lasagna?")
    assert final.answer.count("190") == 1 and "40" in final.answer and names == ["lasagna.md"], final.answer


def test_a_second_which_asks_the_thing_it_names(folder):
    agent = planner_agent(folder[0], NOW)
    final, names = ask(agent, "How much was the deposit on our flat, and which deposit scheme is it protected with?")
    assert "1,130.00" in final.answer and "Tenancy Deposit Scheme" in final.answer, final.answer
    assert names == ["occupation contract.txt"], names


def test_a_sum_its_words_ask_then_a_date(folder):
    final, names = ask(planner_agent(folder[0], NOW), "What's the total on the Lumen Dental invoice and when is it due?")
    assert "640.00" in final.answer and "2026-12-09" in final.answer, final.answer
    assert final.answer.index("640.00") < final.answer.index("2026-12-09"), final.answer  # in the order asked
    assert names == ["INV-2207 Lumen Dental.txt"], names


def test_a_terse_second_which_is_answered_too(folder):
    # the first ask's line is checked by the first ask's words (no "scheme" in it), and the second ask takes the
    # file's line that says "scheme", though the deposit's own line ranks above it
    final, names = ask(planner_agent(folder[0], NOW), "flat deposit amount n which scheme its in")
    assert "1,130.00" in final.answer and "Tenancy Deposit Scheme" in final.answer, final.answer
    assert names == ["occupation contract.txt"], names
