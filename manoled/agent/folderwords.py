"""The words of a question that name a folder, and those that only describe it.

"The Lisbon trip folder", "my internet bills", "what instruction manuals do I have", "the Utilities folder, Singtel
bills included": words around the folder's name that say which folder, or that its files are all meant, and are no
topic to filter its files by.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from .names import path_words
from .slots import FOLDER_WORDS, STOP, same_word, stem, words


def before_folder_word(question: str) -> set[str]:
    """The words that name a folder by description: "the Lisbon trip folder" -> lisbon, trip."""
    ws = words(question)
    out: set[str] = set()
    for i, w in enumerate(ws):
        if stem(w) in FOLDER_WORDS:
            for v in reversed(ws[max(0, i - 3):i]):
                if v in STOP:
                    break
                out.add(stem(v))
    return out


def included(q: str, topic: str, folder: str, files: Sequence[Any]) -> bool:
    """Whether ``topic`` names a subfolder of ``folder`` said as included in it ("in Housing, including the ones
    in Bills", "Utilities, Singtel bills included"): no filter, the count is the whole folder's."""
    m = re.search(r"\b(?:including|incl|counting|plus)\b", q)
    after = re.search(r"((?:\w+ ){1,3})(?:included|inclusive)\b", q)  # "Singtel bills included"
    said = (words(q[m.end():]) if m else []) + (words(after.group(1)) if after else [])
    if not any(stem(w) == topic for w in said):
        return False
    sub = {w for f in files if f.relpath.startswith(folder + "/")
           for part in f.relpath[len(folder) + 1:].split("/")[:-1] for w in path_words(part)}
    return any(same_word(stem(v), w) for v in said for w in sub)  # the phrase names a subfolder: its words too


def has_subfolders(folder: str, files: Sequence[Any]) -> bool:
    return any(f.relpath.startswith(folder + "/") and "/" in f.relpath[len(folder) + 1:] for f in files)


def before(q: str, topic: str, names: list[str]) -> bool:
    """Whether ``topic`` is the word right before one of ``names`` ("instruction manuals")."""
    ws = [stem(w) for w in q.split()]
    return any(a == topic and b in names for a, b in zip(ws, ws[1:], strict=False))


def after_name(question: str, topic: str, names: set[str]) -> bool:
    """Whether ``topic`` is the noun right after a word that names the folder ("internet bills")."""
    ws = [stem(w) for w in words(question)]
    return any(b == topic and a in names for a, b in zip(ws, ws[1:], strict=False))
