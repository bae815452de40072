"""Answer units: a passage cut into the lines, sentences, list items and table rows that may each answer a question.

``sectioned(text, file_name)`` gives each unit with whether it is a title, the sentence it is part of and the heading
it sits under; a label line carries the list under it ("Attendees:" and its names), a heading the short list below it,
a sheet its rows (each said with its column names), and a sentence that lists quantities or prices its items too.
"""

from __future__ import annotations

import re

from .layout import TABLES, logical_lines, sentences, sheet_rows
from .shapes import DATE, TYPE_PATTERNS
from .slots import WEEKDAYS

MAX_UNIT = 240  # characters: a label carries the lines under it, and a list under a heading is one unit, up to this
_HEADING = re.compile(r"^\s*#")
_WORDED = re.compile(r"[^\W\d_]{3}")  # a part of a line with words of its own, not a bare value


def units(text: str, file_name: str = "") -> list[str]:
    """Lines, sentences and list items of a passage, each a candidate answer."""
    return [u for u, _, _ in _units(text, file_name)]


def _lines(text: str) -> list[tuple[str, bool, int]]:
    """(line, is a heading, how deep it is indented) for each non-empty line; a label line ("Attendees:") carries
    the lines that follow it up to the next blank line, label or heading, so a list under a label stays one answer."""
    raw = logical_lines(text, is_value)
    out: list[tuple[str, bool, int]] = []
    i = 0
    while i < len(raw):
        line = raw[i].strip(" \t-*•#>|")
        heading, indented = bool(_HEADING.match(raw[i])), len(raw[i]) - len(raw[i].lstrip(" \t"))
        i += 1
        if not line:
            continue
        if heading:
            listed = _list_under(raw, i)
            if listed:  # "# Books to read" and its items: the whole list answers "what books", as well as each item
                out.append((f"{line}: {', '.join(listed)}", False, indented))
        if line.endswith(":") and not heading:
            items: list[str] = []
            while i < len(raw) and raw[i].strip() and not _HEADING.match(raw[i]):
                item = raw[i].strip(" \t-*•>|")
                if item.endswith(":") or _ROW.search(raw[i]) or sum(len(x) for x in items) + len(item) > MAX_UNIT:
                    break
                items.append(item.rstrip(".;,"))
                i += 1
            if items:
                line = f"{line} {', '.join(items)}"
        out.append((line, heading, indented))
    return out


# a table's row ("Widgets | 2 | 10.00", "Description: Widgets, Qty: 2"): the end of what a label above it carries
_ROW = re.compile(r" \| |:\s[^:]*,\s[^,:]+:\s")
_ITEM = re.compile(r"^\s*(?:[-*•+]|\d{1,2}[.)])\s+(?:\[[ xX]\]\s+)?")


def _list_under(raw: list[str], i: int) -> list[str]:
    """The items of the list at line ``i`` (after blank lines), bare of their markers, while they fit in a unit; none
    when fewer than two, or most are sentences: a method's steps answer one by one ("how long": not step 1's oven)."""
    while i < len(raw) and not raw[i].strip():
        i += 1
    items: list[str] = []  # as written, with a sentence's full stop
    while i < len(raw) and _ITEM.match(raw[i]):
        item = _ITEM.sub("", raw[i]).strip()
        if sum(len(x.rstrip(".;,")) + 2 for x in items) + len(item.rstrip(".;,")) > MAX_UNIT:
            break
        items.append(item)
        i += 1
    return [x.rstrip(".;,") for x in items] if len(items) >= max(2, 2 * sum(x.endswith(".") for x in items)) else []


_VALUE = re.compile(r"[\d\s.,:;/€$£%+-]*\d[\d\s.,:;/€$£%+-]*|" + DATE, re.IGNORECASE)


def is_value(cell: str) -> bool:
    """A number or a date in numbers: no column's name ("Feb 2026" may name one)."""
    return bool(_VALUE.fullmatch(cell)) and not re.search(r"[^\W\d_]", cell)


def _units(text: str, file_name: str = "") -> list[tuple[str, bool, str]]:
    """(unit, is a title, the sentence it is part of): a title is a heading, or a document's first line when it
    reads as a title."""
    return [(u, title, whole) for u, title, whole, _ in sectioned(text, file_name)]


def _shouted(line: str) -> bool:
    """A line in capitals that heads what follows ("RETOUR – dimanche 14/06/2026", "PAYMENT SUMMARY"); not a
    label with its value ("DUE DATE: 06/18/2026") nor an address in capitals ("COLUMBUS OH 43220-4415")."""
    head = re.split(r" [–-] ", line, maxsplit=1)[0]
    letters = [ch for ch in head if ch.isalpha()]
    return (4 <= len(letters) <= 40 and all(ch.isupper() for ch in letters) and ":" not in line and "|" not in line
            and not any(ch.isdigit() for ch in head) and len(line.split()) <= 10)


def sectioned(text: str, file_name: str = "") -> list[tuple[str, bool, str, str]]:
    """:func:`_units` with the heading each unit sits under ("" before any): a ticket's "RETOUR – 14/06/2026"
    says which leg the times below it are of."""
    lines = _lines(text)
    if file_name.lower().endswith(TABLES) and len(lines) >= 2:
        rows = sheet_rows([ln for ln, _, _ in lines], is_value)
        if rows is not None:
            return [(row, False, row, "") for row in rows]
    out: list[tuple[str, bool, str, str]] = []
    section, outline, depth = "", False, 0
    for n, (ln, heading, indented) in enumerate(lines):
        heading = heading or _clause_head(ln, lines[n + 1][0] if n + 1 < len(lines) else "")
        # "Booking confirmation", "Project Heron - kickoff": a short first line with no value and no sentence
        title = heading or (n == 0 and len(lines) > 2 and len(ln.split()) <= 8 and ":" not in ln
                            and ln[-1:] not in ".!?")
        # "HILUX  LKR382" (or an indented "Gas") over lines indented deeper heads them, up to a line that is not
        heads = n + 1 < len(lines) and lines[n + 1][2] > indented and len(ln.split()) <= 8 and ln[-1:] not in ".!?"
        if heading or n and _shouted(ln) or heads:  # a first line in capitals is a letterhead: it heads the whole text
            section, outline, depth = ln, heads and not heading, indented
            under = ""
        else:
            if outline and indented <= depth:
                section = outline = ""
            under = section
        for s in sentences(ln):
            out.append((s, title, s, under))
            lead = TYPE_PATTERNS["person"].match(s)  # a party in capitals, then who they are: "MÁRCIA HELENA PRADO,
            if lead and lead.group().isupper() and re.match(r",\s*[^\W\d_A-Z]", s[lead.end():]):  # brasileira" of
                out.append((", ".join(re.split(r",\s", s, maxsplit=2)[:2]), False, s, under))  # "…, aposentada, …"
            parts = _parts(s)
            if len(_parts(s, dated=False)) >= 3:  # a list of quantities or prices: its items are candidates ("3 eggs"), under its
                label = s.split(":", 1)[0] if re.match(r"[^\d:,]{3,30}:", s) else ""  # label ("Bottom layer:")
                out.extend((p, False, s, under or label) for p in parts if len(p.split()) <= 12 and re.search(r"\d", p))
    return out


# a contract's numbered clause heading ("1. Landlord", "4. Rent and bond", "B. Description du logement"): a few words,
# no sentence, no value
_CLAUSE = re.compile(r"(?:\d{1,2}|[A-H])\.\s+[^\W\d_][^.:|;!?\d]{2,40}")
# a label's row: "Full name | Graham Pilkington", "Rent: $960.00 per week"
_LABEL_ROW = re.compile(r"[^\W\d_][^|:]{1,40}(?: \| |:\s)\S")


def _clause_head(line: str, below: str) -> bool:
    """Whether ``line`` heads the labelled rows below it as a numbered clause's title: "1. Landlord" over "Full name |
    Graham Pilkington" (a step of a method, "1. Preheat the oven", heads nothing)."""
    return len(line.split()) <= 7 and bool(_CLAUSE.fullmatch(line)) and bool(_LABEL_ROW.match(below))


# the commas of a list, not those of a date ("Saturday, July 18, 2026": no items "July 18" and "2026 from 4 pm")
_LIST_SPLIT = re.compile(r"(?:;|" + "".join(f"(?<!{d})" for w in WEEKDAYS for d in (w, w[:3])) +
                         r",(?:(?<![a-z] \d,)(?<![a-z] \d\d,)|(?!\s+\d{4}\b)))\s+|:\s+(?=\d)", re.IGNORECASE)
_LIST_SPLIT_KEPT = re.compile(f"({_LIST_SPLIT.pattern})", re.IGNORECASE)


def _parts(sentence: str, dated: bool = True) -> list[str]:
    """The items of a list in a sentence ("3 eggs, 100 g pecorino"; "Keys: 3 for the front door, 1 for the shed"),
    a bare value with the label before it ("Total annual premium: 742.10")."""
    out: list[str] = []
    pieces = _LIST_SPLIT_KEPT.split(sentence)  # parts, and the separator before each: a label's colon keeps its
    for sep, p in zip(["", *pieces[1::2]], (p.strip() for p in pieces[::2]), strict=True):  # date ("Payment Due:
        labelled = dated and sep.startswith(":") and out and not any(ch.isdigit() for ch in out[-1]) and bool(  # 4th
            TYPE_PATTERNS["date"].match(p))  # September 2026"; a list's first item stays its own: "Ingredients: 3 eggs")
        if p and out and (labelled or not _WORDED.search(p) and _WORDED.search(out[-1])
                          and not re.search(r"\d\W*$", out[-1])):
            out[-1] = f"{out[-1]}: {p}"
        elif p:
            out.append(p)
    return out
