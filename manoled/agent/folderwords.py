"""The words of a question that name a folder, and those that only describe it; :func:`find_folder` the folder named.

"The Lisbon trip folder", "my internet bills", "what instruction manuals do I have", "the Utilities folder, Singtel
bills included": words around the folder's name that say which folder, or that its files are all meant, and are no
topic to filter its files by.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from . import gloss
from .names import ALIKE, dated_name, index_of, path_words
from .slots import FOLDER_WORDS, KIND_WORDS, MONTHS, STOP, STOP_SMALL, same_word, starts_alike, stem, time_words, words
from .wording import fold


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


def near_after(q: str, topic: str, names: list[str]) -> bool:
    """Whether ``topic`` is a word of the noun phrase right after one of ``names`` ("F24 payment receipts"), not
    a number ("the council tax bills for 2025-26")."""
    ws = [stem(w) for w in q.split()]
    return not topic[:1].isdigit() and any(
        w == topic and i and (ws[i - 1] in names or i > 1 and ws[i - 2] in names and ws[i - 1] not in STOP)
        for i, w in enumerate(ws))


def after_name(question: str, topic: str, names: set[str]) -> bool:
    """Whether ``topic`` is the noun right after a word that names the folder ("internet bills")."""
    ws = [stem(w) for w in words(question)]
    return any(b == topic and a in names for a, b in zip(ws, ws[1:], strict=False))


def _after(said: list[str], i: int, preps: frozenset[str]) -> bool:
    """Whether word ``i`` comes after one of ``preps``, past "the", "my" and the like."""
    j = i - 1
    while j >= 0 and said[j].lower() in _DETERMINERS:
        j -= 1
    return j >= 0 and said[j].lower() in preps


# what a file is about, never where it is ("files for travel" are the Travel folder's; "about porto" is a topic)
_ABOUT = frozenset("about regarding concerning re mentioning mention mentions named called titled containing contain "
                   "contains with abt".split())
_DETERMINERS = frozenset("the my a an our your his her their this that these those some any".split())


_INCLUDING = frozenset({"including", "incl", "counting", "plus"})
_IN = frozenset({"in", "under", "inside", "within"})  # the place a question puts files ("how many pdfs in bills")


def _part_said(part: str, asked: set[str], near: set[str]) -> bool:
    """Whether the question's words name a folder of a path: whole, by its word before a date, or by a word alike
    (``near``: the path words near the asked ones, :meth:`NameIndex.near`: Viagens for "trip", Açores for "azores")."""
    ws = path_words(part)
    return stem(part.lower()) in asked or bool(ALIKE.get(stem(part.lower()), frozenset()) & asked) or \
        (len(ws) == 1 or dated_name(ws)) and (ws[0] in asked or ws[0] in near) or \
        len(ws) > 1 and all(w in asked for w in ws) or \
        len(own := _own_words(part)) >= 2 and all(w in asked for w in own)  # "Henderson wedding": every word of it
    # (its month and year aside: "the Wales caravan files", Wales Caravan Aug 2026)


def _said_words(part: str, asked: set[str], near: set[str]) -> int:
    """How many of the question's words name a folder of a path (:func:`_part_said`): each of a name of several
    ("Wien Energie bills": Wien_Energie, which says two, over Rechnungen, one)."""
    if not _part_said(part, asked, near):
        return 0
    ws = path_words(part)
    own = _own_words(part)
    return len(ws) if len(ws) > 1 and all(w in asked for w in ws) else \
        len(own) if len(own) > 1 and all(w in asked for w in own) else 1


def _own_words(path: str) -> list[str]:
    """The words of a folder's own name, its month and numbers aside ("Wales Caravan Aug 2026": wale, caravan)."""
    return [w for w in path_words(path.rsplit("/", 1)[-1]) if w.isalpha() and w not in MONTHS]


def find_folder(question: str, files: Sequence[Any], loose: bool = False) -> str | None:
    """A folder the question names: a written path ("Notes/ideas"), or a folder's name said as a name
    (capitalised, "in Photos") or next to the word folder ("my recipes folder")."""
    idx = index_of(files) if files else None
    if idx is None or not idx.folders:
        return None
    low = {p.lower(): p for p in idx.folders}
    hit = next((low[t] for t in (m.strip("/").lower() for m in re.findall(r"[\w\-.]+(?:/[\w\-.]+)+/?", question))
                if t in low), None)
    if hit:
        return hit
    said = re.findall(r"[\w\-]+", question)
    asked = {fold(stem(w.lower())) for w in said}
    asked |= {w for a in asked for p in gloss.phrases(a) for w in fold(p).split()}  # "trip": "Du lich Da Nang"
    near = {n for a in asked - STOP for n in idx.near(a)}
    # "my recipes folder" names one; "how many photos are in my folder" means all of them
    folder_word = any(fold(stem(w.lower())) in FOLDER_WORDS and not (i and said[i - 1].lower() in _DETERMINERS)
                      for i, w in enumerate(said))
    # every word of a folder's name of several, said: it is named ("how many invoices have I sent": Invoices Sent)
    full = {w for p in idx.folders if len(own := _own_words(p)) >= 2 and set(own) <= asked for w in own}
    best: tuple[int, int, str] | None = None
    dated = time_words(question)
    run = before_folder_word(question)  # together they name it ("the Croatia trip folder": Trips/Chorvatsko_2026)
    run_near = {n for a in run for n in idx.near(a)}
    for i, w in enumerate(said):
        if best is not None and any(v.lower() in _INCLUDING for v in said[:i]):
            break  # "in Housing, including the ones in Bills": the folder is Housing
        # said as a name, by the word folder, or as the place files are in ("how many pdfs in bills")
        named = (w[:1].isupper() and w.lower() not in ("i",)) or folder_word or _after(said, i, _IN) or \
            fold(stem(w.lower())) in full
        if not named and not (loose and fold(stem(w.lower())) not in KIND_WORDS):
            continue
        if not named and _after(said, i, _ABOUT):
            continue  # "files about porto": a topic, though a folder is called Porto
        if w.lower() in STOP_SMALL or w.lower() in dated and not folder_word and i and (
                said[i - 1].lower() in MONTHS or said[i - 1].isdigit() and i > 1 and said[i - 2].lower() in MONTHS):
            continue  # "modified in March 2026", "November 20, 2026": a time, though a folder is called 2026 ("photos
            # from 2024": Photos/2024)
        glossed = idx.glossed(fold(stem(w.lower())))  # "payslips": Fiches de paie, by its last word or any of its words
        for path in [*(idx.folders_by_last.get(fold(stem(w.lower())), ()) or
                       [p for g in glossed for p in idx.folders_by_last.get(g, ())] or
                       [p for g in glossed for p in idx.folders_by_word.get(g, ())]),
                     *idx.dated_folders(fold(stem(w.lower()))),  # and one whose name of several words all are said
                     *(p for p in idx.folders_by_word.get(fold(stem(w.lower())), ()) if _part_said(p.rsplit("/", 1)[-1], asked, near))]:
            # the folder whose path the question names best ("invoices … 2025 folder", "the Lisbon trip folder":
            # Travel/Lisbon, not Photos/Lisbon), then the shortest
            score = sum(_said_words(part, asked, near) for part in path.split("/"))
            if stem(said[i + 1].lower() if i + 1 < len(said) else "") in FOLDER_WORDS or \
                    run and _part_said(path.rsplit("/", 1)[-1], run, run_near):
                score += 2  # "the Utilities folder, Singtel bills included": the one said as the folder
            key = (-score, len(path), path)
            if best is None or key < best:
                best = key
    if best is None and loose and any(fold(stem(w.lower())) in KIND_WORDS or fold(stem(w.lower())) == "file" for w in said):
        # "the Phillip Island photos": every word of a folder's name of several ("2026-01 Phillip Island"), with files
        capital = {fold(stem(w.lower())) for w in said[1:] if w[:1].isupper()}
        best = min(((0, len(p), p) for p in idx.folders if len(own := [stem(w) for w in path_words(p.rsplit("/", 1)[-1])
                                                                           if w.isalpha()]) >= 2
                    and set(own) <= asked and set(own) & capital), default=None)
    if best is None:  # "pics from the garden route trip": "Garden Route Oct 2026" (its month, year aside) said as a phrase
        text = " ".join(fold(stem(w.lower())) for w in said)
        best = min(((0, len(p), p) for p in idx.folders
                    if len(own := _own_words(p)) >= 2 and re.search(rf"\b{re.escape(' '.join(own))}\b", text)), default=None)
    if best is None and folder_word:  # "the Lisbon trip folder" for Lisboa_Abril2026: a name said in another tongue
        best = min(((0, len(p), p) for p in idx.folders for w in said
                    for part in path_words(p.rsplit("/", 1)[-1]) if starts_alike(w, part)), default=None)
    return best[2] if best else None
