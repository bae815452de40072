"""Whereabouts: questions that ask where files are, and the words that say so.

"Where do we keep the dog's vet papers?", "which folder are the pay slips in?", "where are the bread recipes kept?"
ask for a place among the files, their folder, not a line inside them (:func:`asks_place`). "Where do I need to book
the tyre change?" asks where to do something, and "the file where I log my runs" says which file: neither asks a
place. :func:`asks_where` tells the answer to name the folder ("In Car/Insurance: …").
"""

from __future__ import annotations

import re

from .slots import stem, words

WHERE_WORDS = frozenset({"where", "folder", "located", "stored", "path", "directory", "location"})
# "which folder is X in", "the path of X": a file's place, said with words only files have
PLACE_WORDS = frozenset({"folder", "directory", "dir", "subfolder", "path"})
KEPT = frozenset({"saved", "save", "stored", "store", "kept", "keep", "filed", "put", "hold", "holds", "has",
                  "contain", "contains"})  # where a file was put, which folder holds it
_KEEPING = r"(?:keep|kept|put|store|stored|save|saved|file|filed|stash|stashed)"
# "where do I need to book the tyre change", "where can we park": a place to do something, not a file's folder
WHERE_TO = re.compile(r"^where (?:do|does|did|can|should|must|shall|will) (?:i|we|you|they) (?:need to |have to |"
                      r"got to |ought to )?(?!" + _KEEPING + r"\b|find\b)\w+")
# "where do we keep X", "where are X kept", "where did I put X", "which folder are X in": a place among the files
_PLACE_ASK = re.compile(r"^(?:where (?:do|did|does|have|has|are|is|were|was|should|can|would) (?:[\w'-]+ ){0,6}?"
                        + _KEEPING + r"\b|(?:in )?(?:which|what) (?:folder|directory|dir|subfolder)\b)")
# words that only call files papers ("the dog's vet papers"): no file need say them
PAPERS = frozenset(stem(w) for w in "paper papers paperwork stuff things docs".split())
_OPENERS = frozenset("and so ok okay then but now".split())  # "and where is it?" still asks where


def asks_place(question: str) -> bool:
    """Whether ``question`` asks where files are kept ("where did I put the car insurance schedules")."""
    q = " ".join(words(question))
    return bool(_PLACE_ASK.match(q)) and not WHERE_TO.match(q)


def asks_where(question: str) -> bool:
    """Whether ``question`` asks where files are ("which folder", "where is it stored"); "the file where I log my
    runs": a "where" after a noun says which file, it asks nothing."""
    said = words(question)
    ws = {w for i, w in enumerate(said) if w != "where" or i == 0 or said[i - 1] in _OPENERS}
    return bool(ws & WHERE_WORDS)
