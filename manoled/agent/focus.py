"""What a "how much / how many" question counts ("how many eggs" -> eggs), and whether a unit names it, in a
compound too ("500ml buttermilk" says milk), or by its unit's symbol ("Qty: 34.5, Unit: h" says hours)."""

from __future__ import annotations

from .commonness import adverb
from .kinds import TYPE_WORDS
from .shapes import MEASURES, measures_said
from .slots import GENERIC, stem, words


def focus_words(question: str) -> list[str]:
    """The thing a "how much / how many" question counts: "how many eggs" -> eggs, "how much yeast" -> yeast."""
    ws = words(question)
    for i in range(len(ws) - 1):
        if ws[i] == "how" and ws[i + 1] in ("much", "many"):
            rest = ws[i + 2:]
            part = rest[:1] == ["of"]  # "how much of the sour milk do I need": the thing, a part of which is used
            while rest and rest[0] in _OF_THE:
                rest = rest[1:] if part else []
            rest = [w for w in rest if not adverb(w)]  # "how much actually landed"
            out = []
            for w in rest:
                if w in GENERIC or any(w in cues for cues in TYPE_WORDS.values()):
                    break
                out.append(stem(w))
            after = rest[len(out):len(out) + 2]
            if out and (rest[0].endswith("ed") or rest[0] in _PAST) and rest[1:2] and rest[1] in _PLACING | _OF_THE:
                return []  # "how much landed in my account", "how much left her account": a verb, not a thing
            # only when a person's verb follows ("do I need"): "how much of my pay goes to rent" counts no pay
            return out if not part or len(after) == 2 and after[0] in _AUX and after[1] in _PERSONS else []
    return []


def compound(unit: str, word: str) -> bool:
    """Whether a word of ``unit`` is a compound that ends in ``word``: "500ml buttermilk" says milk. What goes
    before it must be long enough to be a word of its own: an airport is no port, a mushroom no room."""
    return len(word) >= 4 and any(len(w) >= len(word) + 5 and w.endswith(word) for w in words(unit))


def measured_as(unit: str, word: str) -> bool:
    """Whether ``unit`` gives a measure of ``word`` (a name's stem, or a symbol) by its unit's symbol: "34.5 h" of
    hours (and of "hrs"), "1,5 kg" of kilos; not a symbol with no number or unit label ("the h")."""
    names = measures_said(unit)
    return any(stem(name) == word for name in names) or bool(set(MEASURES.get(word, "").split()) & set(names))


_OF_THE = frozenset("of the a an my your our their his her its this that these those".split())
_PLACING = frozenset("in on into onto to from for at by off out back".split())
_PAST = frozenset("left went came got paid spent took sent".split())  # a verb's past without -ed
_AUX = frozenset("do does did should will would can could must".split())
_PERSONS = frozenset("i we you they he she".split())
