"""Two things asked in one question: "what temp and how long in the oven", "what's the total, and when is it due".

The extraction answers the first ask (its kind is the question's first wh-phrase's). When the second ask wants a
value of another kind and the answer's line does not give one, :func:`both_asked` reads the answer's file again for
the second ask (with the first's topic words: "how long in the oven" of the soda bread) and gives both lines. A
second "which"/"what" that asks no kind of value asks the thing its noun names ("…, and which deposit scheme is it
protected with"): the line of the same file that says that noun. When the whole question reads as its second ask
("what's the total on it and when is it due" asks a date: the first has no wh-word of its kind), the best line
answers the second, and the file is read again for the first; the lines come in the order asked.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace

from .facts import Extraction
from .kinds import new_value, typed_by
from .retrieve import contains
from .slots import stem, words
from .terms import topic_terms

# ", and when is it due", " and how long in the oven": a second wh-phrase after "and"
_SECOND = re.compile(r"(?:,\s*|\s)(?:and|n|&)\s+((?:what|whats|how|when|who|which|where|for how)\b.*)$", re.IGNORECASE)
# "which deposit scheme is it in": a thing its noun names, whatever value its words cue (not "what time", "what is")
_THING = re.compile(r"(?:which|what)\s+(?!(?:is|was|are|were|do|does|did|time|day|date|year|month)\b)[a-z]",
                    re.IGNORECASE)
TRIED = 3  # of the file's lines for the second ask, the best so many are tried
MAX_JOINED = 240  # characters of the two lines together; longer, the first alone answers (answers stay short)


def second_ask(question: str) -> tuple[str, str] | None:
    """(first ask, second ask) when ``question`` asks two values of different kinds; else None."""
    m = _SECOND.search(question.strip())
    if m is None:
        return None
    first, second = question[:m.start()], m.group(1)
    k1, (k2, asked2) = typed_by(first)[0], typed_by(second)
    thing = not asked2 and bool(_THING.match(second))
    # "what's the total … and when is it due": a first ask its words type ("total": a sum) and a second of another kind
    return (first, second) if k1 is not None and (asked2 and k2 is not None and k1 != k2 or thing) else None


def both_asked(question: str, ex: Extraction, ask_in: Callable[[str, int], Extraction]) -> Extraction:
    """``ex`` with its best line followed by the line that answers the second ask, from the same file, when the
    question asks two things and the best line gives only the first. ``ask_in(query, file_id)`` reads one file."""
    pair = second_ask(question)
    top = ex.facts[0] if ex.facts and not ex.declined else None
    if pair is None or top is None or top.candidate is None:
        return ex
    first, second = pair
    kind, asked = typed_by(second)
    # the whole question reads as its second ask ("what's the total … and when is it due" asks a date): the best
    # line answers that one, and the file is read again for the first ("the total", a sum its words say)
    late = kind is not None and typed_by(question)[0] == kind != typed_by(first)[0]
    if late:
        first, second = second, first
        kind, asked = typed_by(second)[0], True
    valued = asked and kind is not None  # a kind of value asked; else a thing named ("which deposit scheme")
    own, theirs_words = topic_terms(second), topic_terms(first)
    about = [t for t in theirs_words if t not in own]
    named = [t for t in own if t not in theirs_words]  # "scheme" of "which deposit scheme is it in"
    if new_value(kind, top.text, {stem(w) for w in words(second)}) if valued else \
            not named or all(contains(top.text, t) for t in named):
        return ex  # one line says both ("Bake at 190C for 40 minutes")
    # a thing asked by its noun: its own words alone ("deposit scheme" cues a sum, and the sum is already given)
    theirs = ask_in(" ".join([second, *about] if valued else [*named, *about]), top.candidate.file_id)
    # the best of its lines that gives the value, or says the thing's noun (not the file's line of the first ask)
    best = next((f for f in ([] if theirs.declined else theirs.facts[:TRIED])
                 if (f.typed if valued else any(contains(f.text, t) for t in named))), None)
    other = best.text if best is not None else ""
    if not other or other in top.text or top.text in other or len(top.text) + len(other) > MAX_JOINED:
        return ex
    lines = (other, top.text) if late else (top.text, other)  # in the order asked
    ex.facts = [replace(top, text=f"{lines[0].rstrip('. ')}; {lines[1]}"), *ex.facts[1:]]
    return ex
