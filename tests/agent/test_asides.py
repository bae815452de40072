"""Questions worded the way people talk, over a real index: a file's size asked as the space it takes, the size
of everything and of each folder, "the coffee place" and "the Toolbarn guys" (the word before says which), a sum
asked with "spend" or "charge" that no file says, "what did it all come to", "how much did I pay?" after a
receipt, the same day's row of a log for "and water?", a numbered list's number no unit of its own, what is still
to do on a checklist (its empty boxes, not its ticked ones), "the one before" in a series of bills, another
firm's bill asked after a month's (its own month, not the one asked before), and "which folder is it in?"."""

from __future__ import annotations

from datetime import datetime

import pytest
from conftest import PathFile, ask, folder_fixture, planner_agent, shared_embedder

from manoled.agent.kinds import wanted_type
from manoled.agent.layout import sentences
from manoled.agent.planner import Planner
from manoled.agent.terms import topic_terms

NOW = datetime(2026, 11, 20, 12).timestamp()

FILES: dict[str, tuple[str, float]] = {
    "Notes/journal.md": ("# Journal\n\n" + "".join(f"Day {i}: walked the dog, read a chapter.\n" for i in range(40)), 3),
    "Notes/reading list.md": ("# Reading list\n1. The Left Hand of Darkness\n2. Piranesi\n3. Station Eleven\n", 30),
    "Receipts/rosa.txt": ("ROSA CAFE, 12 Mill Street\n2 x Cappuccino 7.00\n1 x Scone 3.20\nTotal 10.20 - card\n", 9),
    "Receipts/toolbarn.txt": ("TOOLBARN\n14/10/2026\nClaw hammer 14.99\nNails (500) 3.50\nTOTAL 18.49\nPaid cash\n", 12),
    "Home/meter readings.csv": ("date,electricity_kwh,water_m3\n2026-01-01,5000,210\n2026-02-01,5300,216\n"
                                "2026-03-01,5610,223\n2026-04-01,5890,229\n", 40),
    "Home/moving checklist.md": ("# Moving\n- [x] Book the van\n- [ ] Cancel the gym membership\n- [x] Pack the kitchen\n"
                                 "- [ ] Change the address at the bank\n", 15),
    "Bills/northline_2026-01.txt": ("NORTHLINE BROADBAND\nInvoice date: 3 January 2026\nTotal due: 41.50\n", 320),
    "Bills/northline_2026-02.txt": ("NORTHLINE BROADBAND\nInvoice date: 3 February 2026\nTotal due: 44.80\n", 290),
    "Bills/quayside_design_2026-03.txt": ("QUAYSIDE DESIGN\nInvoice date: 9 March 2026\nLogo refresh\nTotal due: 620.00\n",
                                          260),
    "Home/lease.txt": ("Lease for Flat 2, 8 Quay Road\nRent: 980.00 per month, pay by standing order\n"
                       "Deposit: 1,960.00\n", 200),
}

folder = folder_fixture("asides", FILES, NOW)

PLAN_FILES = [PathFile(r) for r in ("Notes/journal_2026.md", "Notes/todo.txt", "Finance/budget_2026.csv",
                                    "Photos/2024/IMG_0413.jpg", "Receipts/rosa.txt")]


@pytest.fixture(scope="module")
def planner() -> Planner:
    return Planner(shared_embedder().embed, now=lambda: NOW)


@pytest.mark.parametrize("question, name", [
    ("How much space does journal_2026.md take up?", "Notes/journal_2026.md"),  # a file named exactly
    ("how much room does todo.txt use", "Notes/todo.txt"),
    ("how much space does my journal take up", "Notes/journal_2026.md"),  # a file named by a word of its name
    ("how much disk space does my budget use?", "Finance/budget_2026.csv"),
    ("what's the last-modified date on todo.txt", "Notes/todo.txt"),  # a hyphenated word of a file's date
    ("file info for rosa.txt", "Receipts/rosa.txt"),
])
def test_the_space_one_file_takes_is_its_size(planner, question, name):
    plan = planner.plan(question, PLAN_FILES)
    assert (plan.intent, plan.name.file.relpath if plan.name else None) == ("metadata", name), plan.reason


@pytest.mark.parametrize("question, intent", [
    ("how big is everything?", "disk"),
    ("how big is all my stuff", "disk"),
    ("disk usage by folder", "folders"),
    ("how much space per folder?", "folders"),
    ("How much space does the Notes folder take up?", "disk"),
])
def test_the_size_of_everything_and_of_each_folder(planner, question, intent):
    assert planner.plan(question, PLAN_FILES).intent == intent


def test_a_light_word_after_the_one_that_says_which_is_no_topic():
    assert topic_terms("how much was the coffee place?") == ["coffee"]
    assert topic_terms("what did the Toolbarn guys charge me?") == ["toolbarn", "charge"]
    assert "shop" in topic_terms("which shop sells it")  # no word before it to say which: the shop is asked


def test_a_business_named_with_a_light_word_is_answered(folder):
    final, names = ask(planner_agent(folder[0], NOW), "what did the toolbarn guys charge me?")
    assert "18.49" in final.answer and names == ["toolbarn.txt"], final.answer
    final, names = ask(planner_agent(folder[0], NOW), "how much was the rosa place?")
    assert "10.20" in final.answer and names == ["rosa.txt"], final.answer


def test_how_a_sum_is_asked_is_no_word_the_files_lack(folder):
    final, names = ask(planner_agent(folder[0], NOW), "what did I spend at toolbarn?")  # no file says "spend"
    assert "18.49" in final.answer and names == ["toolbarn.txt"], final.answer


def test_what_it_all_came_to_asks_a_sum(folder):
    assert wanted_type("and what did it all come to?") == "amount"
    assert wanted_type("what did it all come to hammer toolbarn") == "amount"  # the previous turn's words after it
    assert wanted_type("what was I billed by my broadband provider in May?") == "amount"
    assert wanted_type("when does the plumber come to fix it") == "date"
    agent = planner_agent(folder[0], NOW)
    ask(agent, "what did I buy at toolbarn?", "a")
    final, names = ask(agent, "and what did it all come to?", "a")
    assert "18.49" in final.answer and names == ["toolbarn.txt"], final.answer


def test_how_much_did_i_pay_continues_the_previous_receipt(folder):
    agent = planner_agent(folder[0], NOW)
    ask(agent, "what did I get at rosa cafe?", "a")
    final, names = ask(agent, "how much did I pay?", "a")
    assert "10.20" in final.answer and names == ["rosa.txt"], final.answer


def test_a_numbered_items_number_is_no_sentence():
    assert sentences("1. The Left Hand of Darkness") == ["The Left Hand of Darkness"]
    assert sentences("12. Bake it. Then cool.") == ["Bake it.", "Then cool."]
    assert sentences("Total 9.90. Paid.") == ["Total 9.90.", "Paid."]
    assert sentences("3. 250 g flour") == ["250 g flour"]


def test_what_is_left_to_do_is_the_empty_boxes_of_a_checklist(folder):
    for question in ("what's left to do on the moving checklist?", "what haven't I ticked off the moving list yet?",
                     "what's still left on my moving checklist"):
        final, names = ask(planner_agent(folder[0], NOW), question)
        assert "Cancel the gym membership" in final.answer and "Change the address at the bank" in final.answer, final.answer
        assert "Book the van" not in final.answer and names == ["moving checklist.md"], final.answer
    final, _ = ask(planner_agent(folder[0], NOW), "what did I tick off on the moving checklist?")
    assert "Still to do" not in final.answer, final.answer


@pytest.mark.parametrize("first, first_value, then, value, source", [
    # another column of a log is read on the day asked before
    ("what was the electricity reading on 1 March 2026?", "5610", "and water?", "223", "meter readings.csv"),
    # "the one before" is the previous paper of the series
    ("how much was the northline bill for February 2026?", "44.80", "and the one before?", "41.50",
     "northline_2026-01.txt"),
    # another firm's paper is not held to the month asked before
    ("how much was the northline bill for January 2026?", "41.50", "what about the quayside one?", "620.00",
     "quayside_design_2026-03.txt"),
], ids=["log-row-same-day", "series-one-before", "other-firm-own-month"])
def test_a_follow_up_after_a_value(folder, first, first_value, then, value, source):
    agent = planner_agent(folder[0], NOW)
    final, _ = ask(agent, first, "a")
    assert first_value in final.answer, final.answer
    final, names = ask(agent, then, "a")
    assert value in final.answer and names == [source], final.answer


def test_which_folder_after_an_answer_is_the_files_place(folder):
    agent = planner_agent(folder[0], NOW)
    final, _ = ask(agent, "what's the deposit on the lease?", "a")
    assert "1,960.00" in final.answer, final.answer
    final, _ = ask(agent, "which folder is it in?", "a")
    assert "Home" in final.answer and "1,960" not in final.answer, final.answer
