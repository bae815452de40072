"""A day still ahead, asked by when a thing must next be done.

"By what date does the car have to go back for its test?" The search finds the certificate by the car's make,
and the passage that names the car gives its dates of the past: the first registration, the day of the test.
The date asked is the one still to come, under a word that says so ("Date limite du prochain contrôle",
"Expiry date", "Fecha límite próxima inspección"), often in another passage of the same paper.
:func:`due_ahead` gives that line instead, when the answer's own dates are all past.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace

from .entries import NEXT_TIME, dated
from .facts import DEADLINE_ASK, DEADLINE_UNIT, Extraction
from .kinds import from_days_only, typed_by
from .units import sectioned

# what is still to be done: a deadline asked ("have to", "due", "by when"), "the next one", "need … again"; not the past
_AGAIN = re.compile(r"\bagain\b", re.IGNORECASE)
PAST_ASK = re.compile(r"\b(?:did|was|were|had|last|ago)\b", re.IGNORECASE)


def asks_ahead(question: str) -> bool:
    return bool(DEADLINE_ASK.search(question) or NEXT_TIME.search(question) or _AGAIN.search(question)) \
        and not PAST_ASK.search(question)


def due_ahead(question: str, ex: Extraction, passages: Callable[[int], list[str]],
              today: tuple[int, int, int]) -> Extraction:
    """``ex`` with, for a date still to come asked ("when does it have to go back"), the line of the answer's paper
    that gives the soonest date ahead under a word of deadline, when every date of the answer's line is past."""
    top = ex.facts[0] if ex.facts and not ex.declined else None
    if top is None or top.candidate is None or top.candidate.file_id is None or typed_by(question)[0] != "date" \
            or not asks_ahead(question):
        return ex
    own = dated(top.text)
    if not own or any(d >= today for d in own):
        return ex
    ahead = [(day, unit) for p in passages(top.candidate.file_id) for unit, *_ in sectioned(p, top.file_name)
             if DEADLINE_UNIT.search(unit) and not from_days_only(unit)
             and (day := min((d for d in dated(unit) if d >= today), default=None))]
    if not ahead:
        return ex
    ex.facts = [replace(top, text=min(ahead)[1]), *ex.facts[1:]]
    return ex
