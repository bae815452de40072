"""Journeys: a booking's legs, for "what time does our train leave Cardiff on 19 December".

A ticket or an e-ticket lists its legs as a heading that gives the date or the direction ("Outbound - Saturday 19
December 2026", "IDA · Viernes, 3 de abril", "Sun, 20DEC26 | UA 1947 | Denver | Houston") and rows under it that
give the clock times ("08:45 | Cardiff Central | 10:42 | Birmingham New Street"). Each line of such a file is a
sentence of its own to the extractor, which cannot tell the outbound row from the return one: "what time do we fly
out to Houston" was answered with the flight back's "5:50 PM: 7:21 PM".

:func:`leaving_first` reads the answer's file as journeys: a heading and the rows of clock times that follow it
(two times at least: a departure and an arrival; "Booked on 22/10/2026 20:58" is none). Of those, the question
picks by the day it names ("on the 19th", "December 20"), its weekday ("that Sunday": "dimanche" too), its way
("the ride home", "on the way back", "vuelta" against "on the way there", "outbound"), "from X to Y" in that
order (:func:`.contrast.goes`), else the first journey: the way out. The journey's first time is its departure,
its last its arrival (for "when do we land").
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field, replace

from .contrast import BACK_SAID, OUT_SAID, goes, leg_asked, way_asked
from .entries import is_log
from .facts import Extraction
from .kinds import typed_by
from .months import days
from .retrieve import contains
from .slots import words
from .terms import topic_terms

# a clock time: "08:45", "8:05 AM", "19h56"
_TIME = re.compile(r"(?<![\d:.,])(?:[01]?\d|2[0-3])(?::|h(?=\d\d))[0-5]\d(?!\d)(?:\s?[ap]\.?m\.?\b)?", re.IGNORECASE)
# how a question says it leaves, arrives, or what it rides
_LEAVING = re.compile(r"\b(?:leav(?:e|es|ing)|depart(?:s|ing|ure)?|dep|set(?:s|ting)? off|pull(?:s|ing)? out|"
                      r"take(?:s)? off|taking off|fl(?:y|ies|ying) out|head(?:ing)? off|salida|sale|d[ée]part|abfahrt|"
                      r"abflug|(?:come|comes|coming|fly|flies|flying|head|heading|travel|travelling)\s+(?:back|home))\b",
                      re.IGNORECASE)
_ARRIVING = re.compile(r"\b(?:arriv(?:e|es|ing|al)|land(?:s|ing)?|get(?:s)? (?:in|back|home)|getting (?:back|home)|"
                       r"llegada|llega|arriv[ée]e|ankunft)\b", re.IGNORECASE)
_CLOCK = re.compile(r"\b(?:what time|time|times|how early|how late|hora|heure|uhrzeit|orario)\b", re.IGNORECASE)
_RIDDEN = re.compile(r"\b(?:fly|flying|flights?|trains?|bus|coach|ferry|plane|vuelo|tren|vol|flug|zug|ave|tgv)\b",
                     re.IGNORECASE)
_CELLS = re.compile(r"\||\t|\S {2,}\S")  # a table's row: cells apart by bars, tabs or runs of spaces
_NTH = re.compile(r"\bthe\s+(\d{1,2})(?:st|nd|rd|th)\b", re.IGNORECASE)  # "on the 19th": a day of any month
_WEEKDAYS = ("monday lundi lunes montag", "tuesday mardi martes dienstag", "wednesday mercredi miércoles mittwoch",
             "thursday jeudi jueves donnerstag", "friday vendredi viernes freitag", "saturday samedi sábado samstag",
             "sunday dimanche domingo sonntag")
_DAY_OF = {w: i for i, names in enumerate(_WEEKDAYS) for w in names.split()}
MAX_GAP = 4  # lines between a heading (or a row) and the next row of the same journey
MAX_ANSWER = 240


@dataclass
class Journey:
    head: str
    rows: list[str] = field(default_factory=list)
    back: bool | None = None  # its heading says return (True) or outbound (False)

    @property
    def times(self) -> list[str]:
        return [m.group() for r in self.rows for m in _TIME.finditer(r)]

    @property
    def text(self) -> str:
        return "\n".join([self.head, *[r for r in self.rows if r != self.head]])


def asked(question: str) -> str | None:
    """"depart" or "arrive" when ``question`` asks the clock time a journey leaves or arrives; else None."""
    kind = typed_by(question)[0]
    moving = _LEAVING.search(question) or _ARRIVING.search(question)
    # a clock time asked of a ride ("what time is our flight"); a date or time of its leaving ("when do we land")
    if not (moving and kind in ("time", "date") or _CLOCK.search(question) and (moving or _RIDDEN.search(question))):
        return None
    return "arrive" if _ARRIVING.search(question) and not _LEAVING.search(question) else "depart"


def journeys(text: str) -> list[Journey]:
    """The journeys ``text`` lists, in its order: each heading (a line with a date or a way) and its rows of times."""
    out: list[Journey] = []
    current: Journey | None = None
    last = -MAX_GAP - 1
    for i, line in enumerate(text.splitlines()):
        head = line.lstrip(" \t#*|-–·")  # a heading that opens with its way: "Return - Sunday 27 December"
        label = True if BACK_SAID.match(head) else False if OUT_SAID.match(head) else None
        timed = bool(_TIME.search(line))
        attached = current is not None and i - last <= MAX_GAP
        if label is not None or days(line) or (len(_TIME.findall(line)) >= 2 and not attached):
            if label is None and current is not None and not current.rows and i - last <= 1:
                label = current.back  # "OUTBOUND" over "Sat 13 Feb 2027"
            current, last = Journey(line, back=label), i
            out.append(current)
            if timed:
                current.rows.append(line)
        elif timed and attached:
            current.rows.append(line)
            last = i
    unique = {(j.head, tuple(j.rows)): j for j in reversed(out) if len(j.times) >= 2 and _leg(j)}  # passages overlap
    return sorted(unique.values(), key=out.index)


def _leg(j: Journey) -> bool:
    """Whether ``j`` reads as a booking's leg: its heading says its way, its times are in rows of their own, or its
    one line is a row of cells ("VT 2318  Berlin (BER)  Lisbon  Thu 02APR  07:05  09:40"); a note's sentence
    ("Sat 14/03 - castle at 10:00, then lunch 13:00") is none."""
    return j.back is not None or j.rows != [j.head] or bool(_CELLS.search(j.head))


def _weekday(text: str) -> set[int]:
    return {_DAY_OF[w] for w in words(text) if w in _DAY_OF}


def _narrow(found: list[Journey], keep: Callable[[Journey], bool]) -> list[Journey]:
    """The journeys that ``keep`` keeps, or all of them when it keeps none (the question's words are no filter)."""
    kept = [j for j in found if keep(j)]
    return kept or found


def pick(question: str, found: list[Journey]) -> Journey | None:
    """The journey ``question`` asks about among ``found``; None when it asks the way back of a one-way booking."""
    if not found:
        return None
    on = days(question)
    nth = {int(m.group(1)) for m in _NTH.finditer(question)}
    if on or nth:
        found = _narrow(found, lambda j: bool(days(j.head) & on) or any(d in nth for _, d in days(j.head)))
    weekday = _weekday(question)
    if weekday:
        found = _narrow(found, lambda j: bool(_weekday(j.head) & weekday))
    leg = leg_asked(question)
    if leg == "back":
        back = [j for j in found if j.back] or ([found[-1]] if len(found) > 1 and found[-1].back is None else [])
        if not back:
            return None
        found = back
    elif leg == "out":
        found = _narrow(found, lambda j: j.back is False)
    ends = way_asked(question)  # "from Denver to Houston": the journey that names Denver first
    if ends:
        found = _narrow(found, lambda j: goes(j.text, ends))
    return found[0]


def leaving_first(question: str, ex: Extraction, passages: Callable[[int], list[str]]) -> Extraction:
    """``ex`` with, for a question that asks when a journey leaves or arrives, the asked journey's time first: of the
    answer's file, or of the next file found that lists journeys and says one of the question's words (a booking
    before the notes that mention it; not another trip's ticket)."""
    way = asked(question)
    if way is None or ex.declined or not ex.facts:
        return ex
    seen: set[int] = set()
    terms = topic_terms(question)
    top = ex.facts[0].candidate
    for f in ex.facts:
        c = f.candidate
        if c is None or c.file_id in seen:
            continue
        seen.add(c.file_id)
        text = "\n".join(passages(c.file_id))
        found = journeys(text)
        if not found or is_log(text):  # a diary's day ("Mon 18/05 - flight 10:15, leave hotel by 08:00") is no leg
            continue
        if c is not top and terms and not any(contains(f"{text} {c.named}", t) for t in terms):
            continue  # another file's booking that says none of the question's words: another trip's
        j = pick(question, found)
        if j is None:
            return ex
        times = j.times
        time = times[0] if way == "depart" else times[-1]
        row = next(r for r in (j.rows if way == "depart" else reversed(j.rows)) if time in r)
        said = " ".join(j.head.split()) if row == j.head else f"{' '.join(j.head.split())}; {' '.join(row.split())}"
        text = f"{'Departs' if way == 'depart' else 'Arrives'} {time}: {said}"[:MAX_ANSWER]
        ex.facts = [replace(f, text=text, typed=True), *[g for g in ex.facts if g is not f]]
        return ex
    return ex
