"""A recipe asked for a dish is the recipe of that dish: "where's my recipe for pork tamales" is not answered from
the green chile stew (which has pork in it), and "what's the recipe for chocolate cake" not from the banana bread
(which has chocolate chips)."""

from __future__ import annotations

from datetime import datetime

import pytest
from conftest import ask, folder_fixture, planner_agent

from manoled.agent.attribute import recipe_for

NOW = datetime(2026, 3, 2, 12).timestamp()

folder = folder_fixture("recipes", {
    "Recipes/green chile stew.md": (
        "# Green chile stew\n\nServes 6.\n\n## Ingredients\n- 1 kg pork shoulder, cubed\n- 8 roasted green chiles\n"
        "- 2 tomatoes\n- 1 l chicken broth\n- cumin, oregano, salt\n\n## Method\n1. Brown the pork in batches.\n"
        "2. Add chiles, tomatoes, broth and spices; bring to the boil.\n3. Simmer 90 min until the pork is tender.\n", 40),
    "Recipes/banana bread.md": (
        "# Banana bread\n\n## Ingredients\n3 ripe bananas, 75 g melted butter, 150 g sugar, 1 egg, 190 g flour, "
        "1 tsp bicarbonate of soda, 100 g chocolate chips (optional)\n\n## Method\nMash the bananas, stir in the rest, "
        "bake 60 min at 175 C.\n", 60),
    "Notes/party.txt": ("Mia's party on Saturday: order the birthday cake from Crumbs bakery, pick it up at 10.\n", 5),
}, NOW)


@pytest.mark.parametrize("question, dish", [
    ("Where's my recipe for pork tamales?", ["pork", "tamale"]),
    ("what's the banana bread recipe?", ["banana", "bread"]),
    ("how do I make chocolate cake?", ["chocolate", "cake"]),
    ("what recipes do I have?", []),
])
def test_the_dish_a_recipe_is_asked_for(question, dish):
    assert recipe_for(question) == dish


@pytest.mark.parametrize("question", ["Where's my recipe for pork tamales?", "what's the recipe for chocolate cake?"])
def test_a_recipe_of_another_dish_is_no_answer(folder, question):
    final, names = ask(planner_agent(folder[0], NOW), question)
    assert names == [] and "found nothing" in final.answer, (final.answer, names)


def test_the_recipe_of_the_dish_asked_answers(folder):
    final, names = ask(planner_agent(folder[0], NOW), "what's the recipe for banana bread?")
    assert names == ["banana bread.md"], final.answer
