"""The fallback tier end to end: a personal folder, real catalog + FTS5 + LEANN + MiniLM, and no model call.

The FakeLLM has an empty script, so any model call fails the test: the planner, the tools and the
extracted sentence must answer alone.
"""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from conftest import folder_fixture, planner_agent

from manoled.agent.loop import Agent
from manoled.agent.steps import AnswerStep, TokenStep, ToolCallStep

NOW = time.time()
DAY = 86400.0
FILES: dict[str, tuple[str, float]] = {
    "invoices/acme_2026-01.txt": ("Invoice AC-101 from Acme Hosting.\nAmount due: 49.00 EUR.\n"
                                  "Payment is due by 31 January 2026.\nPay to IBAN DE44 5001 0517 5407 3249 31.", 60),
    "invoices/acme_2026-02.txt": ("Invoice AC-117 from Acme Hosting.\nAmount due: 52.00 EUR.\n"
                                  "Payment is due by 28 February 2026.", 30),
    "invoices/globex_2026-02.txt": ("Invoice GX-7 from Globex Telecom.\nInternet plan: 30.00 EUR.\n"
                                    "Priority support: 12.50 EUR.\nTotal: 42.50 EUR.", 25),
    "home/tenancy.txt": ("Tenancy agreement for the flat at 14 Harbour Road, Leeds. The landlord is Peter Novak. "
                         "The monthly rent is 950 GBP, payable on the first day of each month. "
                         "The tenancy ends on 30 June 2027.", 200),
    "notes/todo.md": ("# Todo\n- renew passport\n- call the dentist\n- buy printer paper", 3),
    "notes/garden.txt": ("Ideas for the garden: plant tomatoes in May. The garden centre discount code is "
                         "GREEN20.", 90),
    "recipes/carbonara.md": ("# Carbonara\n\nIngredients: 3 eggs, 100 g pecorino, 150 g guanciale, 320 g spaghetti. "
                             "Cook the pasta for 9 minutes.", 120),
    "finance/budget.csv": ("category,amount\nGroceries,420\nRent,950\nTransport,80", 10),
}


folder = folder_fixture("personal", FILES, NOW)


@pytest.fixture
def agent(folder) -> Agent:
    return planner_agent(folder[0], NOW)


def ask(agent: Agent, question: str, session: str | None = None) -> AnswerStep:
    steps = list(agent.run(question, session=session))
    final = steps[-1]
    assert isinstance(final, AnswerStep)
    assert final.answered_by == "planner" and final.timings["llm_ms"] == 0.0
    assert len(final.answer) <= 300, final.answer
    tokens = [s.text for s in steps if isinstance(s, TokenStep)]
    assert tokens == [final.answer]  # streamed at once, as soon as it is known
    return final


def names(final: AnswerStep) -> list[str]:
    return [Path(s).name for s in final.sources]


# -- filesystem intents, answered from the tools -------------------------------------------------
def test_how_many_invoices_did_acme_send_counts_only_acme_invoices(agent):
    final = ask(agent, "how many invoices did Acme send me")
    assert "2" in final.answer and "globex" not in final.answer.lower()


def test_files_about_a_topic_are_filtered_by_content_not_the_newest(agent):
    final = ask(agent, "show me the files that talk about my landlord")
    assert names(final) == ["tenancy.txt"]


def test_when_did_i_last_touch_my_todo_list_gives_its_date(agent):
    final = ask(agent, "when did I last touch my todo list")
    day = time.strftime("%Y-%m-%d", time.localtime(NOW - 3 * DAY))
    assert day in final.answer and "todo.md" in final.answer and "passport" not in final.answer


def test_counts_by_kind_and_time(agent):
    assert "1 CSV file" in ask(agent, "how many csv files do I have").answer
    assert "You have 3 files" in ask(agent, "how many files did I change in the last 4 weeks").answer


def test_biggest_files_are_listed_by_size(agent):
    final = ask(agent, "what are my 2 biggest files")
    assert names(final)[0] == "tenancy.txt" and len(final.sources) == 2


# -- content: the fact, not the passage ----------------------------------------------------------
@pytest.mark.parametrize("question, fact, source", [
    ("How many eggs go in the carbonara?", "3 eggs", "carbonara.md"),
    ("how much is the monthly rent", "950 GBP", "tenancy.txt"),
    ("who is my landlord", "Peter Novak", "tenancy.txt"),
    ("when does my tenancy end", "30 June 2027", "tenancy.txt"),
    ("what is the discount code for the garden centre", "GREEN20", "garden.txt"),
    ("which IBAN do I pay Acme to", "DE44 5001 0517 5407 3249 31", "acme_2026-01.txt"),
    ("what does the globex invoice total", "42.50 EUR", "globex_2026-02.txt"),
])
def test_content_answers_are_the_fact_with_its_source(agent, question, fact, source):
    final = ask(agent, question)
    assert fact in final.answer and names(final) == [source]
    assert len(final.answer) < 120  # one sentence or item, not the passage


def test_an_unanswerable_question_is_declined_without_sources(agent):
    for q in ("what is my passport number", "what is the wifi password at the office"):
        final = ask(agent, q)
        assert final.answer.startswith("I found nothing about") and final.sources == []


# -- follow-ups ----------------------------------------------------------------------------------
def test_which_ones_lists_the_files_the_count_counted(agent):
    first = ask(agent, "how many invoices do I have?")
    assert "3" in first.answer
    final = ask(agent, "which ones?", session=first.session)
    assert sorted(names(final)) == ["acme_2026-01.txt", "acme_2026-02.txt", "globex_2026-02.txt"]


def test_and_for_another_item_keeps_the_question(agent):
    first = ask(agent, "how much does Globex charge for the internet plan?")
    assert "30.00 EUR" in first.answer
    final = ask(agent, "and for support?", session=first.session)
    assert "12.50 EUR" in final.answer and names(final) == ["globex_2026-02.txt"]


def test_the_x_one_picks_one_of_the_previous_files(agent):
    first = ask(agent, "list my invoices")
    final = ask(agent, "how much is the globex one?", session=first.session)
    assert "42.50" in final.answer and names(final) == ["globex_2026-02.txt"]


def test_planner_calls_are_shown_as_steps(agent):
    steps = list(agent.run("how many csv files do I have"))
    call = next(s for s in steps if isinstance(s, ToolCallStep))
    assert (call.tool, call.args, call.route) == ("count_files", {"extension": "csv"}, "planner")
