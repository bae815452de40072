"""The previous question said again with a follow-up's words: "and the rego?" after "when's the Hilux WOF up?" is
"when's the Hilux rego up?", the new word in the place of the one it stands for."""

from __future__ import annotations

from pathlib import Path

from .ellipsis import PUNCT
from .slots import Slots, stem, words


def copy_slots(slots: Slots) -> Slots:
    """A copy of ``slots`` whose topics can change without changing the previous turn's."""
    return Slots(**{**slots.__dict__, "topics": list(slots.topics)})


def _replace_topic(old: list[str], new: list[str], base_paths: list[str]) -> list[str]:
    """The new words take the place of the old topic word that does not name the previous files."""
    named = {stem(w) for p in base_paths for w in words(Path(p).name.replace("_", " "))}
    keep = [t for t in old if t in named]
    return keep + [t for t in new if t not in keep]


def swapped(old: list[str], new: list[str], base_paths: list[str]) -> tuple[list[str], list[str], list[str]]:
    """The topics with ``new`` in the place of an old one (:func:`_replace_topic`), the words gone and those added."""
    topics = _replace_topic(old, new, base_paths)
    return topics, [t for t in old if t not in topics], [t for t in topics if t not in old]


def reword(base_question: str, gone: list[str], added: list[str]) -> str:
    """``base_question`` with the words ``gone`` replaced (once, where the first stood) by ``added``."""
    if not added:
        return base_question
    out = []
    replaced = False
    for w in base_question.split():
        core = stem(w.strip(PUNCT).lower())
        if core in gone:
            if not replaced:
                out.append(" ".join(added))
                replaced = True
            continue
        out.append(w)
    if not replaced:
        out.append(" ".join(added))
    return " ".join(out)
