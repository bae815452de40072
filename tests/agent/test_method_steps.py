"""A recipe's method written as numbered sentences is read step by step: "how long" is the step that bakes ("Bake
for 30 minutes"), not the list of all steps read as one line, whose first step says the oven and whose second says
"1 minute". A list of short items under a heading still answers as one list. Over a real index, on fixtures
written for these tests."""

from __future__ import annotations

from datetime import datetime

from conftest import ask, folder_fixture, planner_agent

from manoled.agent.units import _lines

NOW = datetime(2026, 11, 20, 12).timestamp()

_PIE = ("# Leek and potato pie\n\nServes 4\n\n## You need\n- 3 leeks\n- 500 g potatoes\n- 1 sheet puff pastry\n\n"
        "## Method\n1. Heat the oven to 200 °C.\n2. Soften the leeks in butter, stir in the thyme, 1 minute.\n"
        "3. Slice the potatoes thinly and layer them with the leeks in a pie dish.\n"
        "4. Cover with the pastry and brush with egg.\n5. Bake for 30 minutes until the pastry is golden.\n")
FILES: dict[str, tuple[str, float]] = {
    "Recipes/leek pie.md": (_PIE, 30),
    "Recipes/flapjacks.md": ("# Flapjacks\n\n- 250 g oats\n- 125 g butter\n- 4 tbsp golden syrup\n\n"
                             "Bake at 180 °C for 20 minutes.\n", 60),
    "Notes/reading.md": ("# Books to read\n- The Overstory\n- Piranesi\n- Klara and the Sun\n", 90),
}

folder = folder_fixture("method_steps", FILES, NOW)


def test_steps_written_as_sentences_are_not_one_list():
    joined = [line for line, _, _ in _lines(_PIE) if line.startswith("Method:")]
    assert joined == []  # each step stands alone
    assert [line for line, _, _ in _lines(_PIE) if line.startswith("You need:")] == \
        ["You need: 3 leeks, 500 g potatoes, 1 sheet puff pastry"]  # short items: one list too


def test_how_long_a_recipe_bakes_is_its_baking_step(folder):
    final, names = ask(planner_agent(folder[0], NOW), "how long does the leek pie go in the oven for?")
    assert "30 minutes" in final.answer and names == ["leek pie.md"], final.answer


def test_how_long_after_the_oven_temperature(folder):
    agent = planner_agent(folder[0], NOW)
    final, names = ask(agent, "what temperature does the leek pie bake at?", "a")
    assert "200 °C" in final.answer and names == ["leek pie.md"], final.answer
    final, names = ask(agent, "and for how long?", "a")
    assert "30 minutes" in final.answer and "1 minute," not in final.answer and names == ["leek pie.md"], final.answer


def test_a_list_of_short_items_is_still_one_answer(folder):
    final, names = ask(planner_agent(folder[0], NOW), "which books did I want to read?")
    assert all(b in final.answer for b in ("Overstory", "Piranesi", "Klara")) and names == ["reading.md"], final.answer
