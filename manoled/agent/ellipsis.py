"""What an elliptic follow-up borrows from the previous turn: "and the rego?" after "when's the Hilux WOF up?" asks
when, like it (:func:`framed`); "her phone number?" is the phone of the person the previous answer named
(:func:`referent`); "what's his number?" asks his phone (:func:`his_phone`); "and the one in September?" is the
previous question with its date changed where it stood (:func:`redated`), "and Term 2?" with its number
(:func:`renumbered`); "and the rego?" after the Hilux's WOF stays under the heading "HILUX" (:func:`kept_heading`)."""

from __future__ import annotations

import re
from typing import Any

from .continuation import QUESTION_FRAME, bare_phrase, mentions
from .kinds import is_cue, says_shape, wanted_type
from .numbered import numbered_things
from .retrieve import contains
from .shapes import TYPE_PATTERNS
from .slots import STOP, time_words, words
from .terms import topic_terms
from .units import sectioned


def his_phone(question: str) -> str:
    return _HIS_NUMBER.sub(r"\1 phone number", question)


_HIS_NUMBER = re.compile(r"\b(his|her|their)\s+(?:number|no\.?|#)(?!\w)", re.IGNORECASE)
_HOW = frozenset("much many long often far old".split())
_PREPS = "in|on|for|at|inside|under|into"
_PLACE = re.compile(rf"(?:(?:and|so|ok|but|what about|how about)\s+)*({_PREPS})\s", re.IGNORECASE)  # "and in the …"
THEIRS = re.compile(r"\b(?:his|her|its|their)\b", re.IGNORECASE)  # "his phone number": the answer's, no other file
_ORG_ENDS = frozenset("ltd inc llc gmbh sarl sas plc pty limited".split())


def _answered(base: Any) -> str:
    """The previous answer's fact, without its "(from file)"."""
    return (getattr(base, "answer", "") or "").rsplit(" (from ", 1)[0]


_IT = re.compile(r"\bit\b", re.IGNORECASE)  # "where's it being played?": the thing the answer named


def pointed_at(base: Any, question: str) -> list[str]:
    """The words of what a follow-up's pronoun points at in the previous answer: "his" or "her" its person,
    "it" the thing it named; none without a pronoun."""
    return referent(base) if THEIRS.search(question) else named_thing(base) if _IT.search(question) else []


def referent(base: Any) -> list[str]:
    """The words of the person the previous answer named, whom "his" or "her" points at ("Nadia BENALI")."""
    said = _answered(base)
    m = TYPE_PATTERNS["person"].search(said)
    found = [w for w in words(m.group()) if w not in STOP and len(w) > 2] if m else []
    return [] if set(found) & _ORG_ENDS else found  # "Rutene Shearing Ltd" is a firm: no one's name


_DASHED = re.compile(r"\s[-–]\s")


def named_thing(base: Any) -> list[str]:
    """The words of the name the previous answer opens with, which "it" points at: "where's it being played?"
    after "Whitby Winter Classic - Dec 12-14" (two or more capitalised words before a dash; a label before a
    colon names no thing)."""
    said = _answered(base)
    parts = _DASHED.split(said, maxsplit=1)
    ws = parts[0].split() if len(parts) == 2 else []
    if not 2 <= len(ws) <= 5 or not all(w[:1].isupper() for w in ws):
        return []
    return [w for w in words(parts[0]) if w not in STOP and len(w) > 2]


def framed(own: str, base_question: str, text: str) -> str:
    """An elliptic follow-up asked as the previous question was ("and the rego?" after "when's the Hilux WOF up?"
    -> "when's the rego"): its opening words say what kind of value is asked, when a line of the previous
    answer's file ``text`` gives one next to the new word ("and the host?" after the arrival date asks a name)."""
    if not bare_phrase(words(own)) or wanted_type(own):
        return own
    place = _PLACE.match(own)  # "and in the custard middle?" after "how much butter goes in the bottom of …"
    cut = re.search(rf"\s(?:{_PREPS})\s", base_question, re.IGNORECASE) if place else None
    if cut and wanted_type(base_question[:cut.start()]):
        return f"{base_question[:cut.start()]} {own[place.start(1):]}"
    frame = []
    for w in words(base_question):
        if w not in QUESTION_FRAME and w not in _HOW:
            break  # "what's the total on …": its wh-word, not its noun
        frame.append(w)
    if not frame:  # "porto hotel check-in date?" -> "and checkout?": the kind's word ("checkout date")
        frame = [w for w in words(base_question) if is_cue(w) and w not in words(own)][-1:]
    asked = " ".join([own, *frame] if frame and frame[0] not in QUESTION_FRAME else [*frame, own])
    kind = wanted_type(asked)
    new = [w.replace("-", "") for w in words(own) if w not in STOP]  # "checkout" is "Check-out"
    if kind in TYPE_PATTERNS and any(TYPE_PATTERNS[kind].search(line) and
                                     any(mentions(line.replace("-", ""), w) for w in new) for line in text.splitlines()):
        return asked
    return own


PUNCT = "?,.!:;'\""  # what ends or quotes a word of a question


def date_words(question: str) -> str:
    """The date words of ``question``, in its order: "the electricity reading on 1 March 2025" -> "1 March 2025"."""
    when = time_words(question)
    return " ".join(w.strip(PUNCT) for w in question.split() if w.strip(PUNCT).lower() in when)


def undated(question: str) -> str:
    """``question`` without its date words: "the globex bill from september 2025" -> "the globex bill from"."""
    dated = time_words(question)
    return " ".join(w for w in question.split() if w.strip(PUNCT).lower() not in dated)


def redated(question: str, said: list[str]) -> str:
    """``question`` with its date words replaced, where they stood, by ``said`` ("what did the servicing in March
    come to?" -> "… in September come to?"); ``said`` goes last when it gave none."""
    dated = time_words(question)
    ws = question.rstrip("?.! ").split()
    at = [i for i, w in enumerate(ws) if w.strip(PUNCT).lower() in dated]
    if not at:
        return " ".join([*ws, *said])
    return " ".join([*ws[:at[0]], *said, *(w for i, w in enumerate(ws) if i > at[0] and i not in at)])


def renumbered(base_question: str, own: str) -> str:
    """The previous question with the number of a thing changed as the follow-up says ("and Term 2?" after "…
    in Term 1?"), or "" when it says no numbered thing of the previous question."""
    for thing, number in numbered_things(own):
        rx = re.compile(rf"\b({re.escape(thing)}\s+)\d{{1,3}}\b", re.IGNORECASE)
        hit = rx.search(base_question)
        if hit:
            return f"{base_question[:hit.start()]}{hit.group(1)}{number}{base_question[hit.end():]}"
    return ""


def kept_heading(text: str, answer: str, topics: list[str], fresh: list[str]) -> list[str]:
    """The previous question's ``topics`` that the heading over its answer in ``text`` says: "hilux", when the
    answer was the line "WOF … expires 05/03/2026" under "HILUX  LKR382". An elliptic follow-up ("and the rego?")
    stays under that heading when its own words (``fresh``) are said there, and name no heading ("and the Demio's?").
    """
    said = answer.split(" (from ", 1)[0].rstrip(". ")
    units = sectioned(text) if said else []
    if any(contains(head, t) for head in {h for *_, h in units if h} for t in fresh):
        return []
    # a line the answer was (not an item of a list, whose label heads it: "Bottom layer: 1/2 cup butter, …")
    head = next((h for u, _, whole, h in units if h and u == whole and (u in said or said in u)), "")
    if not head or not any(contains(u, t) for u, _, _, h in units if h == head for t in fresh):
        return []  # the new thing is not under that heading ("anything about the dentist?" after the chores)
    return [t for t in topics if contains(head, t)]


# "how many jars was that?", "what was on the odometer then?": the answer itself, pointed at by a bare pronoun
BARE_THAT = re.compile(r"\b(?:was|is|were|are|did|does|do|for|of|on|in) (?:that|it)\W*$|\bthen\W*$", re.IGNORECASE)
# the phone of the one the previous answer named ("what's her number?", "his mobile?")
_THEIR_PHONE = re.compile(r"\b(?:his|her|their)\s+(?:phone\s+|mobile\s+|cell\s+)?(?:number|no|nr|phone|mobile|cell)\b",
                          re.IGNORECASE)
_GROUPED = re.compile(r"(?<![\w/])(?:\+\d{1,3}[\s-])?\(?\d{2,5}\)?[\s-]\d{2,4}(?:[\s-]\d{2,4}){1,3}(?![\w/])")
_ANOTHER_KIND = ("time", "date", "duration")  # a code or a name is of something: "the order number", not any


def said_already(base: Any, question: str) -> bool:
    """Whether the line the previous answer gave already holds what a follow-up that points at it asks: a value of
    another kind than the one asked before ("what time does it start?" after "Fri 23 Oct | Sports day - starts at
    08:30", asked when); a line with a label only when the label says the words the follow-up names the value by
    ("the due date on it" is not "Invoice date: 15 Sep 2026")."""
    kind = wanted_type(question)
    if _THEIR_PHONE.search(question) and wanted_type(getattr(base, "question", "")) == "person":
        said = _answered(base)  # "who is our house help?" then "what's her number?": her line's, in groups of digits
        return says_shape("phone", said) and bool(_GROUPED.search(said))  # (not a firm's VAT number, "P.IVA 0733184…")
    said = _answered(base)  # (a sum too, of a row's cell: "how much did that service cost?" after the log's last row)
    if kind not in _ANOTHER_KIND and not (kind == "amount" and said.count(": ") >= 3) or \
            kind == wanted_type(getattr(base, "question", "")):
        return False
    if not (BARE_THAT.search(question) or _IT.search(question) or _THAT_ONE.search(question) and any(
            w.lower() not in STOP and contains(said, w.lower()) for w in _THAT_ONE.findall(question))):
        return False  # ("what date is that balance as at?" after "Closing balance at 31/03/2026: $23,418.66")
    label = _LABEL.match(said)
    if label and said.count(": ") == 1 and not all(contains(label.group(1), t) for t in topic_terms(question)):
        return False
    return bool(TYPE_PATTERNS[kind].search(said))


_THAT_ONE = re.compile(r"\b(?:that|this) (\w+)", re.IGNORECASE)  # the thing the answer named, by its word
_LABEL = re.compile(r"([^:|\d]{2,40}):\s")  # "Invoice date: …", not "Fri 6 Nov | … 09:15" (nor a row, "Flight: …, Date: …")
