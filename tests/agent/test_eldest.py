"""The oldest or the youngest of a list of people: the row of the earliest (latest) date of birth, not the row the
question's words happen to rank first."""

from __future__ import annotations

from datetime import datetime

from conftest import ask, folder_fixture, planner_agent

from manoled.agent.eldest import asked

NOW = datetime(2026, 11, 2, 12).timestamp()

folder = folder_fixture("eldest", {
    "Family/nieces and nephews.md": (
        "# Nieces and nephews - birthdays\n\n| Name | Birthday | Parents | Notes |\n|---|---|---|---|\n"
        "| Oskar | August 9, 2016 | Ruth & Dan | football, send a card |\n"
        "| Freya | February 2, 2012 | Ruth & Dan | books, art supplies |\n"
        "| Ivo | June 30, 2020 | Lena & Marc | dinosaurs |\n\n- $30 each, cards by post\n", 30),
    "Home/boiler.txt": ("Boiler serviced 12/03/2026 by Heatwise, next service due March 2027.\n", 200),
}, NOW)


def test_which_end_is_asked():
    assert asked("when is our oldest niece's birthday?") == 1 and asked("the eldest one") == 1
    assert asked("how old is the youngest?") == -1 and asked("when is Freya's birthday?") == 0


def test_the_oldest_is_the_earliest_born(folder):
    final, names = ask(planner_agent(folder[0], NOW), "When does our oldest niece or nephew have a birthday?")
    assert "February 2, 2012" in final.answer and names == ["nieces and nephews.md"], final.answer


def test_the_youngest_is_the_latest_born(folder):
    final, _names = ask(planner_agent(folder[0], NOW), "When does our youngest nephew have a birthday?")
    assert "June 30, 2020" in final.answer, final.answer
