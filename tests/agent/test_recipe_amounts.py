""""How much water goes in the pizza dough?" is the recipe's listed measure of water, the whole of it: not a step's
share ("with 320 g of the water"), not a sub-mix's ("Poolish: 250 g water"), and not a line that only mentions
water beside another thing's measure. A part named in the question ("the water for the poolish") is asked of the
lines under that heading. A price is never a measure: a receipt's question is left to the receipt's lines."""

from __future__ import annotations

import time

from conftest import ask, folder_fixture, planner_agent

from manoled.agent.ingredients import _measure

NOW = time.time()

PIZZA = """# Neapolitan pizza dough

Makes 6 balls of about 270 g. Doubles well for a party.

## Poolish (the evening before)
- 250 g flour
- 250 g water
- 2 g dried yeast
Cover and leave on the counter overnight.

## Dough
- 750 g tipo 00 flour
- 400 g water (cold) - keep back 30 g to go in with the sea salt
- 25 g sea salt
- all of the poolish

## Method
1. Stir the poolish into 370 g of the water until loose.
2. Add the flour, knead 10 min, then the salt with the last 30 g water.
3. Rest 2 hrs, ball, and leave the balls 6 hrs covered.
"""
RECEIPT = ("KITCHEN & CO\n14/03/2026\nPizza stone 33 cm: 1 x 34.90 | 34.90\n5 kg flour tipo 00: 1 x 9.50 | 9.50\n"
           "1 kg flour semola: 1 x 2.80 | 2.80\n"
           "TOTAL EUR | 44.40\nCard | 44.40\n")
FILES: dict[str, tuple[str, float]] = {
    "Recipes/pizza dough.md": (PIZZA, 40),
    "Receipts/kitchen shop receipt.txt": (RECEIPT, 20),
    "Notes/weekend.md": ("# Saturday\n- pizza night with the Kowalskis\n- water the tomatoes\n", 10),
}
folder = folder_fixture("recipe_amounts", FILES, NOW)


def test_a_listed_measure_and_what_it_measures():
    assert _measure("400 g water (cold) - keep back 30 g to go in with the sea salt") == (400.0, " water ")
    assert _measure("1.5 kg plain flour")[0] == 1500.0 and _measure("2 cups milk")[0] == 480.0
    assert _measure("Stir the poolish into 370 g of the water until loose.") is None  # a step, not an item
    assert _measure("6 eggs") is None  # a count has no measure to weigh


def test_the_whole_amount_not_a_steps_share_or_a_sub_mix(folder):
    agent = planner_agent(folder[0], NOW)
    for q in ("How much water goes into the pizza dough?", "pizza dough water g?",
              "I'm making the pizza dough tonight - how much water do I weigh out in total?"):
        final, names = ask(agent, q, session=q)
        assert "400 g water" in final.answer and names == ["pizza dough.md"], (q, final.answer)


def test_an_ingredient_is_what_a_line_measures_not_a_word_it_mentions(folder):
    agent = planner_agent(folder[0], NOW)
    final, names = ask(agent, "How much salt goes in the pizza dough?", session="salt")
    assert "25 g sea salt" in final.answer and names == ["pizza dough.md"], final.answer
    final, names = ask(agent, "how much flour for the pizza dough?", session="flour")
    assert "750 g tipo 00 flour" in final.answer, final.answer


def test_a_part_named_by_its_heading(folder):
    agent = planner_agent(folder[0], NOW)
    final, names = ask(agent, "how much water for the poolish?", session="poolish")
    assert "250 g water" in final.answer and names == ["pizza dough.md"], final.answer


def test_a_price_is_no_measure(folder):
    agent = planner_agent(folder[0], NOW)
    final, names = ask(agent, "How much was the pizza stone?", session="stone")
    assert "34.90" in final.answer and names == ["kitchen shop receipt.txt"], final.answer
    final, names = ask(agent, "How much did the semola flour cost at the kitchen shop?", session="semola")
    assert "2.80" in final.answer and names == ["kitchen shop receipt.txt"], final.answer


def test_the_recipes_title_names_no_part():
    """Passages overlap: a chunk that starts at the title holds the sub-mix's lines under it, and the title says the
    recipe's name, which every question about it says: it is no part asked."""
    from manoled.agent.facts import Extraction, Fact
    from manoled.agent.ingredients import whole_amount_first
    from manoled.agent.retrieve import Candidate

    first = PIZZA.split("## Dough")[0]
    chunks = [first, "## Poolish (the evening before)" + PIZZA.split("## Poolish (the evening before)")[1]]
    cand = Candidate(1, chunks[0], "/r/pizza dough.md", "pizza dough.md", file_id=7)
    top = Fact("Stir the poolish into 370 g of the water until loose.", cand.path, cand.file_name, 5.0, True, cand)
    ex = whole_amount_first("how much water goes in a neapolitan pizza?", Extraction(facts=[top]),
                            lambda file_id: chunks if file_id == 7 else [])
    assert ex.facts[0].text.startswith("400 g water"), ex.facts[0].text
