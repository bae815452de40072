"""The file the last answer came from, asked again: a question that finds nothing everywhere may be about it
("what temperature do I start the oven at?" after the pie), and one that points at the answer barely ("how many
jars was that?" after a row of the sales sheet) is answered by that answer's row when the row says its words."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any

from .continuation import asks_again, previous_file
from .direct import RECORD, Direct, fact_and_source
from .ellipsis import BARE_THAT
from .names import files_at
from .retrieve import contains
from .terms import topic_terms


def answers_again(question: str, turn: Any, path: str) -> bool:
    """Whether the last answer (of ``turn``, from ``path``) was a table row that already says what ``question``,
    pointing at it with a bare "that" or "then", asks of: every one of its words ("how many jars was that?" after
    "date: 2026/02/14, buyer: Bergvliet Farm Stall, product: 500 g jar, qty: 30, …")."""
    fact, source = fact_and_source(getattr(turn, "answer", "") or "")
    terms = topic_terms(question)
    return bool(BARE_THAT.search(question) and terms and source == path.rsplit("/", 1)[-1] and RECORD.match(fact)
                and all(contains(fact, t) for t in terms))


def or_previous_file(d: Direct, question: str, history: Sequence[Any], files: list[Any],
                     file_terms: Callable[[list[str]], set[int]]) -> Direct:
    """``d`` (a search of every file), then, if it finds nothing, the same question asked of the file the last answer
    cited, when that file says one of its words (:func:`continuation.previous_file`); first if all but one."""
    if d.fallback or [(c.name, c.args.get("in_file")) for c in d.calls] != [("semantic_search", None)]:
        return d
    path = previous_file(d.plan.intent, question, history, files, file_terms)
    if path is None:
        return d
    everywhere = d.calls[0]
    if history and answers_again(question, history[-1], path):  # "how many jars was that?" after the row: that row
        d.calls, d.fallback, d.said, d.restrict = [], [], history[-1].answer, [path]
        return d
    if d.plan.followup and history and not d.avoid:  # it asks something else than the previous answer gave
        d.avoid, d.again = history[-1].answer, asks_again(question, history[-1])
    inside = replace(everywhere, args={**everywhere.args, "in_file": path}, id="planner_1")
    hit = files_at([path], files).get(path)
    terms = topic_terms(question)
    if hit is not None and sum(hit.id in file_terms([t]) for t in terms) >= max(1, len(terms) - 1):
        # that file says all its words but one ("what temperature do I start the oven at?" after the pie): there first
        d.calls, d.fallback = [replace(inside, id=everywhere.id)], [replace(everywhere, id=inside.id)]
    else:
        d.fallback = [inside]
    return d
