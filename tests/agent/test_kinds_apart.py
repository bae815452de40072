"""Things of one kind that are never each other: a gym's spin and pilates times are no yoga class, a muffin recipe's
eggs are no pancake's. And a thing said in another word is found: a receipt's "wall plugs" are the wall anchors."""

from __future__ import annotations

import time

from conftest import ask, folder_fixture, planner_agent

NOW = time.time()

FILES: dict[str, tuple[str, float]] = {
    "Notes/gym.md": ("# Gym\nMembership: 29.00 a month, direct debit on the 1st\n"
                     "Classes: spin on Tuesday 18:30, pilates on Friday 07:15\nLocker code 4471\n", 40),
    "Recipes/blueberry muffins.md": ("# Blueberry muffins\n- 2 eggs\n- 250 g flour\n- 150 g blueberries\n"
                                     "Bake 22 min at 190C.\n", 60),
    "Receipts/brico receipt.txt": ("BRICOMAX - Leeds\n12/03/2026 10:02\nHammer drill 600W   54.99\n"
                                   "Wall plugs 6mm (50)   2.75\nTOTAL   57.74\nPaid by card\n", 30),
}
folder = folder_fixture("kinds_apart", FILES, NOW)


def test_another_class_has_no_yoga_time(folder):
    agent = planner_agent(folder[0], NOW)
    final, names = ask(agent, "what time is the yoga class at the gym")
    assert "18:30" not in final.answer and "07:15" not in final.answer and names == [], final.answer


def test_a_muffin_recipe_is_no_pancake_recipe(folder):
    agent = planner_agent(folder[0], NOW)
    final, names = ask(agent, "how many eggs go in the pancake recipe?")
    assert "2 eggs" not in final.answer and names == [], final.answer


def test_wall_anchors_are_the_wall_plugs(folder):
    agent = planner_agent(folder[0], NOW)
    final, names = ask(agent, "how much were the wall anchors?")
    assert "2.75" in final.answer and names == ["brico receipt.txt"], final.answer

