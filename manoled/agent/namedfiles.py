"""Which files a question names: the one file of a folder its words name ("the coworking info file"), the one
file of a kind in a period ("that screenshot I took in March"), the one paper all its words name ("eir bill march
26"), a file's whole own name, a collection named by a word of several paths ("the vet invoices").
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from datetime import datetime
from typing import Any

from .months import name_dates
from .names import NameMatch, folder_matches, path_matches, path_words, rank_names, resolve_name
from .slots import STOP, Slots, stem, words

ONE_FILE = re.compile(r"\b(?:the|my|that|this) (?:[\w'-]+ ){1,4}(?:file|doc|document|pdf|note|sheet|spreadsheet)\b")


def one_file_of(question: str, folder: str | None, said_folder: list[str], files: Sequence[Any]) -> Any | None:
    """The one file of the question's folder that "the X file" names with the folder's words and its own ("the
    coworking info file" in Arbeit/Coworking is coworking_info.txt), or None."""
    q = " ".join(words(question))
    m = ONE_FILE.search(q)
    if folder is None or m is None or not said_folder:
        return None
    said = [stem(w) for w in m.group().split()[1:-1] if w not in STOP]
    inside = [f for f in files if f.relpath.startswith(folder + "/")]
    hit = resolve_name(said, inside) if said else None
    if hit is None or len(hit.matched) < len(said) or not any(t in said for t in said_folder):
        return None
    return hit


def named_fully(terms: list[str], files: Sequence[Any], time: Any = None) -> Any | None:
    """The one file whose path says every one of ``terms`` ("the rates notice for 2025-26"), or of several, the one
    of the question's period ``time`` ("the EDF bill from February": facture_EDF_2026-02.pdf), or the one whose own
    name is those words ("the hockey schedule": hockey schedule.txt, not hockey snack schedule.png)."""
    if not terms:
        return None
    hit = resolve_name(terms, files)
    if hit is None:
        full = [m for m in rank_names(terms, files) if len(m.matched) == len(terms)]
        dated = in_period([m.file for m in full], time) if time is not None and len(full) > 1 else []
        whole = [m for m in full if m.file is dated[0]] if len(dated) == 1 else \
            [m for m in full if is_its_name(terms, m.file)]
        hit = whole[0] if len(whole) == 1 else None
    return hit if hit is not None and len(hit.matched) == len(terms) else None


def dated_one(terms: list[str], files: Sequence[Any], time: Any, folder: str | None = None) -> Any | None:
    """:func:`named_fully`, or with the words no path says left out (whose it is: "Anjali's October payslip"), or
    when the words named a folder, the one file of that folder in the period ("Priya's March payslip": Payslips/)."""
    hit = named_fully(terms, files, time)
    pathed = [t for t in terms if path_matches(t, files)]
    if hit is None and 0 < len(pathed) < len(terms):
        hit = named_fully(pathed, files, time)
    if hit is None and folder and time is not None and time.since is not None and time.until is not None:
        dated = in_period([f for f in files if f.relpath.startswith(folder.rstrip("/") + "/")], time)
        hit = NameMatch(dated[0], 1.0, list(terms)) if len(dated) == 1 else None
    return hit


def in_period(hits: list[Any], t: Any) -> list[Any]:
    """Of ``hits``, those whose name's date is in the month the period ``t`` starts, or when no name says one, those
    changed in the period; ``hits`` itself when ``t`` is no bounded period."""
    if t is None or t.since is None or t.until is None:
        return hits
    start = datetime.fromtimestamp(t.since)
    return [f for f in hits if (start.year, start.month) in name_dates(f.name)] or \
        [f for f in hits if t.holds(getattr(f, "mtime", 0.0)) and not name_dates(f.name)]


def one_paper(slots: Slots, files: Sequence[Any]) -> bool:
    """Whether one file's path says every topic (and, of several, one's name or date says the period)."""
    if len(slots.topics) < 2:
        return False
    named = [{id(f) for f in path_matches(t, files)} for t in slots.topics]
    hits = [f for f in path_matches(slots.topics[0], files) if all(id(f) in n for n in named[1:])]
    if len(hits) > 1:
        hits = in_period(hits, slots.time)
    return len(hits) == 1


def one_of_kind(slots: Slots, files: Sequence[Any], any_topic: bool = False) -> Any | None:
    """The one file of the question's kind in its period ("that screenshot I took in March"), or None; with
    ``any_topic``, whatever else the question says of it ("the photo of Paçoca from March")."""
    t = slots.time
    if not slots.extensions or t is None or slots.topics and not any_topic:
        return None
    of_kind = [f for f in files if f.ext in slots.extensions]
    # a name's date says when it was taken or sent ("Screenshot_2026-03-01.png"), whenever it was copied here
    hits = in_period(of_kind, t) if t.since is not None and t.until is not None else []
    if len(hits) != 1:
        hits = [f for f in of_kind if t.holds(f.mtime)]
    return hits[0] if len(hits) == 1 else None


def is_its_name(terms: list[str], f: Any) -> bool:
    """Whether ``terms`` are the whole of a file's own name ("how old is the garden journal": garden journal.md,
    not "how old is Finn" of Finn school report.pdf; "complaint to eir" is complaint to eir.docx)."""
    own = {stem(w) for w in path_words(f.name) if w.isalpha() and len(w) > 1 and w not in STOP} - {f.ext}
    return bool(own) and own <= set(terms)


def collection_of_named(topics: list[str], files: Sequence[Any], known: Callable[[list[str]], bool]) -> bool:
    """Whether "list the vet invoices" names files of a collection: one word is in several files' paths
    ("invoice"), the others pick among them by their paths ("vet") or their text ("my rent receipts")."""
    hits = [len(path_matches(t, files)) + 2 * folder_matches(t, files) for t in topics]
    return bool(hits) and any(n >= 2 for n in hits) and all(n or known([t]) for t, n in zip(topics, hits, strict=True))


def joined(topics: list[str], question: str, files: Sequence[Any]) -> list[str]:
    """``topics`` with two words the question says side by side written as the one word file paths use ("pay
    slips": Payslip_2026-10-29.pdf, "sour dough": Sourdough/), when neither word alone names those files."""
    said = [stem(w) for w in words(question)]
    out = list(topics)
    for a, b in zip(topics, topics[1:], strict=False):
        one = stem(a + b)
        hits = [f for f in path_matches(one, files) if one in {stem(w) for w in path_words(f.relpath)}]  # as a word
        if any(x == a and y == b for x, y in zip(said, said[1:], strict=False)) and hits and \
                not any(a in path_words(f.relpath) and b in path_words(f.relpath) for f in hits) and a in out:
            out[out.index(a):out.index(a) + 2] = [one]
    return _initialled(out, said, files)


def _initialled(topics: list[str], said: list[str], files: Sequence[Any]) -> list[str]:
    """``topics`` with a run of words the question says side by side written as the initials file names use
    ("Emerald Bay CU": EBCU_Statement_2026-10.pdf; a short word stays whole), when no name says those words."""
    for n in (4, 3, 2):
        for i in range(len(topics) - n + 1):
            run = topics[i:i + n]
            short = "".join(w if len(w) <= 2 else w[0] for w in run)
            if len(short) < 3 or not any(said[j:j + n] == run for j in range(len(said) - n + 1)):
                continue
            hits = [f for f in path_matches(short, files) if short in path_words(f.relpath)]
            if hits and not any(set(run) & set(path_words(f.relpath)) for f in hits):
                return [*topics[:i], short, *topics[i + n:]]
    return topics
