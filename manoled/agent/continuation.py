"""Whether a question continues the previous turn (a follow-up) rather than standing on its own,
and the words it points back with."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Any

from .folderwords import find_folder
from .kinds import _ASKED_AS, SUM_VERBS, wanted_type
from .layout import row_cells
from .months import asked_months, name_date_fit, name_year_fit
from .names import files_at, path_matches, path_words, rank_names
from .slots import GENERIC, Slots, stem, words
from .terms import topic_terms

# -- follow-ups: a question that only makes sense after the previous turn --------------------
# it opens by continuing ("and …", "what about …"), or it points back ("it", "those", "the X one", "that month")
FOLLOWUP_OPENERS = re.compile(
    r"^(?:and|also|plus|but|so|then|ok(?:ay)?|what about|how about|what of|same (?:for|with|thing)|"
    r"(?:and )?(?:for|in|from|with|without|on) (?:the |my )?\w+$|"
    r"(?:and )?(?:for|in|from|on|at|by|with|since|until|till) (?:how|what|which|when|whom)\b)\b")
REFERENCES = re.compile(
    r"\b(?:it|its|itself|them|they|their|he|she|his|her|him|those|these|that one|this one|the other(?: one)?|the same|"
    r"(?:that|this|the same) (?:month|day|week|year|time|date|period|file|doc|document|place|one|list)|"
    r"the [a-z0-9\-]+ one|which of (?:them|those|these)|(?:the )?(?:first|second|third|fourth|fifth|last|"
    r"\d(?:st|nd|rd|th)) (?:one|file|doc|document|item|result)|number \d\b|any of (?:them|those|these)|"
    r"(?:tell me|anything|something|what|any|say) (?:more|else)|more about (?:it|that|this)|there$)\b")
_OWNER_NAMED = re.compile(r"\b(?!(?:What|Who|Where|When|How|Why|That|There|Here|This|She|Let|Today|Tomorrow)['’]s)"
                          r"[A-Z][a-z]{2,}['’]s\b")  # ("What's his number?": no one named)
_PERSONAL = re.compile(r"\b(?:he|his|him|she|her)\b")
# "how much did that visit cost?", "who wrote up that estimate?": a thing of the previous answer, pointed at
POINT_BACK = re.compile(r"(?:^|\b(?:did|does|was|is|were|on|for|of|in|about|from|up|pay|paid|cost|with|to) )"
                        r"(?:that|this|those|these) [a-z]+", re.IGNORECASE)
# a follow-up that asks whether the previous answer's file says something about X
ASKS_INSIDE = re.compile(
    r"^(?:(?:is|was) there |(?:are|were) there |any )?(?:anything|something|any|stuff|notes?|mentions?|a line|lines?)"
    r" (?:about|on|regarding|re|for|with|of|concerning)\b|"
    r"\b(?:does|did|do) (?:it|that|this|they|the list|the note|the file) (?:say|mention|have|include|list|contain)\b")
# words that frame a complete question: a wh-word, an auxiliary, an imperative
QUESTION_FRAME = frozenset("""
what which who whom whose when where why how what's who's where's when's how's whats
is are was were am do does did can could will would should shall have has had r
show list find count give tell open search get display sort
""".split())


def bare_phrase(ws: Sequence[str]) -> bool:
    """Whether the words ``ws`` are a bare phrase, with no word that frames a question ("chennai flight pnr",
    "carbonara eggs qty")."""
    return not any(w in QUESTION_FRAME for w in ws)

# "starting when?", "valid until when?": when something the previous answer said holds
_FROM_WHEN = frozenset(stem(w) for w in "start starting begin beginning end ending effective valid expire".split())
# referring phrases carry no topic of their own ("that month", "the globex one" -> "globex")
_POINTING = re.compile(r"\b(?:that|the same) (?:month|day|week|year|time|date|period)\b|"  # not "this year": now's
                       r"\b(?:that|this|the same) (?:file|doc|document|place|one|list)\b|\b(?:the )?other\b|\bones?\b",
                       re.IGNORECASE)


# what is said of a thing, not a thing: "when is that due?", "is that refundable?"
_SAID_OF = frozenset("due overdue late payable paid valid open closed refundable included free available ready "
                     "expired done".split())


def own_words(question: str) -> str:
    """The follow-up without its opener and its pointing words: "and the Globex one that month?" -> "the Globex"."""
    q = question.strip()
    q = re.sub(r"^\W*(?:and|also|plus|but|so|then|ok(?:ay)?)\b[\s,]*", "", q, flags=re.I)
    q = re.sub(r"^(?:what|how) about\b\s*", "", q, flags=re.I)
    q = _POINTING.sub(" ", q)
    pointed = POINT_BACK.search(q)
    if pointed and (re.search(r"\b(?:that|this|those|these) (?:cost|costs|come|comes|mean|say|take|include|run)\b",
                              pointed.group(), re.I) or re.match(r"(?:is|was|are|were) \w+ [a-z]+ed\b", pointed.group(), re.I)):
        pointed = None  # "what did that cost", "how many was that based on": a pronoun, the verb is what it asks
    if pointed and pointed.group().split()[-1].lower() in _SAID_OF:
        pointed = None  # "when is that due?": what is said of the previous answer's thing, asked
    if pointed and re.search(r"\b(?:this|last|next) (?:year|month|week|season|quarter)\b", pointed.group(), re.I):
        pointed = None  # "and this year's?": a period, nothing pointed at
    if pointed:  # "how much did that visit cost": the visit is the previous answer's, nothing to search for
        q = q[:pointed.start()] + re.sub(r"\b(?:that|this|those|these) [a-z]+(?:['’]s\b)?", " ", pointed.group(),
                                         flags=re.I) + re.sub(r"^['’]s\b", "", q[pointed.end():])  # "that bill's"
    return " ".join(q.split()).strip(" ?!.,")


_PAPERS = frozenset({"bill", "invoice", "receipt"})
_THE_PAPER = re.compile(r"\b(?:the|that|this)\s+(?:bill|invoice|receipt)\b")


def is_followup(question: str, slots: Slots, files: Sequence[Any], prev: Any,
                text_of: Callable[[Any], str] | None = None, intent: str = "",
                known: Callable[[list[str]], bool] | None = None) -> bool:
    """Whether ``question`` continues the previous turn ``prev`` rather than standing on its own.

    A follow-up opens by continuing ("and …", "what about …") or points back ("it", "those",
    "the X one", "that month", "who was there?"); or it is a short fragment with no question frame of
    its own ("anything about the car?", "E24?") whose words point at the previous turn's files.
    A complete question ("who is my landlord", "how many PDFs do I have", "folder sizes") is never one;
    ``intent`` is what the question asks on its own; ``known(terms)`` says whether any file has one of
    the terms in its name or text: a short question about nothing the files know ("when do I leave?",
    "who attended?") can only be about the previous answer.
    """
    q = " ".join(words(question))
    ws = q.split()
    n = len(ws)
    if not n or n > 14:
        return False
    if FOLLOWUP_OPENERS.search(q):
        return True
    if _OWNER_NAMED.search(question):  # "how much of Seun's pay went to his pension": "his" is Seun's, said here
        q = _PERSONAL.sub("_", q)
    if REFERENCES.search(q) and not re.search(r"\b(?:is|are|was|were|r) there\b(?! ?$)", q):
        if n <= 10 or ws[-1] in ("it", "them", "those", "these"):
            return True  # "what number do I call if we need to move it?": what "it" is comes before
        own = [t for t in slots.topics if t not in set(_turn_words(prev))]
        return len(own) < 2  # a long question with its own subject is complete, "it" or not
    if POINT_BACK.search(q) and (n <= 8 or n <= 10 and all(t in GENERIC for t in slots.topics)):
        return True  # (longer, when it says nothing of its own: "what did that end up costing us all in?")
    said = (getattr(prev, "answer", "") or "").rsplit(" (from ", 1)[0] if getattr(prev, "sources", None) else ""
    columns = " ".join(name for name, _ in row_cells(said)) if said.count(": ") >= 3 else ""
    if n <= 8 and columns and slots.topics and not slots.time and all(mentions(columns, t) for t in slots.topics):
        return True  # "how many litres did I put in?" after the last fill-up's row: a column of that row
    if intent in ("tree", "folders", "disk"):
        return False  # "folder sizes", "disk usage": about all the files, complete as it is
    if (n <= 5 or n <= 8 and intent in ("content", "chat")) and not slots.extensions and not slots.time and \
            not find_folder(question, files) and \
            all(t in _ASKED_AS or t in _FROM_WHEN or t in SUM_VERBS for t in slots.topics):
        return True  # "who was there?", "how big?", "how much have we already paid?": nothing of its own to be about
    if n <= 6 and slots.topics and all(t in _PAPERS for t in slots.topics) and _THE_PAPER.search(q) and not slots.time:
        return True  # "how much was the bill?" after the vet's visit: its bill
    if ASKS_INSIDE.search(q) and n <= 8:
        return True  # "anything about the car?": in what the previous answer was about
    fragment = bare_phrase(ws)
    if fragment and n <= 5:
        if not slots.topics:
            return bool(slots.extensions or slots.time)  # "PDFs?", "in March?"
        return _points_back(slots.topics, files, prev, text_of)
    if n <= 5 and known is not None and slots.topics and not slots.extensions and not slots.time and \
            not known(slots.topics) and not any(path_matches(t, files) for t in slots.topics):
        return True
    return False


def _turn_words(turn: Any) -> list[str]:
    out = [stem(w) for w in words(getattr(turn, "question", "") or "")]
    for p in (getattr(turn, "sources", None) or [])[:3]:
        out += path_words(str(p).rsplit("/", 1)[-1])
    return out


ORDINALS = {"first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6, "seventh": 7, "eighth": 8,
            "ninth": 9, "tenth": 10, "1st": 1, "2nd": 2, "3rd": 3, "4th": 4, "5th": 5, "last": -1}
_ORDINAL = re.compile(r"\b(?:the )?(" + "|".join(ORDINALS) + r")(?: one| file| doc| document| item| result)?\b|"
                      r"\bnumber (\d{1,2})\b")


# (a day of a month is no place: "the 2nd of March", "1st June")
_MONTH = r"(?:of\s+)?(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|" \
         r"oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\b"
_PLACED = re.compile(r"\b(" + "|".join(k for k in ORDINALS if k != "last") +
                     rf")\s+(?!(?:name|aid|time|class|floor)\b|{_MONTH})[a-z]")


def asked_ordinal(question: str) -> int | None:
    """The place in a list or series a question asks of a thing ("when's the first tournament", "the 3rd novel on my
    list", "Eliška's second dose" -> 1, 3, 2), or None (not "first name", "first aid", "first class", "the 2nd of
    March")."""
    m = _PLACED.search(question.lower())
    return ORDINALS[m.group(1)] if m else None


def ordinal(question: str) -> int | None:
    """The position a follow-up points at in the previous answer's files ("the second one" -> 2, "the last
    one" -> -1, "number 3" -> 3), or None. "first"/"last" alone only with a word for the item after them
    ("the last one", not "when did I last edit it")."""
    q = " ".join(words(question))
    for m in _ORDINAL.finditer(q):
        if m.group(2):
            return int(m.group(2))
        word = m.group(1)
        if word in ("first", "last") and not re.match(r"\w+ (?:one|file|doc|document|item|result)\b",
                                                      q[m.start(1):]):
            continue
        return ORDINALS[word]
    return None


def turn_files(turn: Any, files: Sequence[Any], cited_only: bool = True) -> list[Any]:
    """The catalog files the previous turn cited (or, with ``cited_only=False``, every file it returned)."""
    want = list(getattr(turn, "sources", None) or [])
    if not cited_only:
        want += [p for p in (getattr(turn, "paths", None) or []) if p not in want]
    by_path = files_at(want, files)
    return [by_path[p] for p in want if p in by_path]


def mentions(text: str, term: str) -> bool:
    """Whether ``text`` has ``term`` as a whole (stemmed) word."""
    return any(stem(w) == term or w == term for w in words(text))


def _points_back(topics: Sequence[str], files: Sequence[Any], prev: Any,
                 text_of: Callable[[Any], str] | None) -> bool:
    """A fragment's words are about the previous turn: they are in its files, or name a sibling of them."""
    mine = turn_files(prev, files, cited_only=False)[:5]
    if any(t in _turn_words(prev) for t in topics):
        return True
    for f in mine:
        text = text_of(f) if text_of else ""
        if any(mentions(text, t) or t in path_words(f.relpath) for t in topics):
            return True
    # "Globex?" after a question about the Acme invoice: a file of the same folder and kind
    folders = {(f.relpath.rsplit("/", 1)[0] if "/" in f.relpath else "", f.ext) for f in mine}
    for m in rank_names(list(topics), files)[:3]:
        f = m.file
        if (f.relpath.rsplit("/", 1)[0] if "/" in f.relpath else "", f.ext) in folders or \
                any(f.relpath.split("/")[:-1] == g.relpath.split("/")[:-1] for g in mine):
            return True
    return False


def previous_file(intent: str, question: str, history: Sequence[Any], files: Sequence[Any],
                  file_terms: Callable[[list[str]], set[int]]) -> str | None:
    """The file the previous answer cited first, when a content question not read as a follow-up may still be
    about it: that file says one of the question's words ("what temperature do I start the oven at?" after the
    pie recipe). ``file_terms``: the ids of the files whose text has one of some words."""
    if intent != "content" or not history or not getattr(history[-1], "sources", None):
        return None
    path = history[-1].sources[0]
    terms = topic_terms(question)
    hit = files_at([path], files).get(path)
    if hit is None or not terms:
        return None
    name, (months, years) = hit.relpath.rsplit("/", 1)[-1], asked_months(question)
    if name_date_fit(name, months, years) < 0 or name_year_fit(name, months, years) < 0:
        return None  # "and what did they charge for August?" after January's bill: the August one, wherever it is
    return path if hit.id in file_terms(terms) else None


def asks_again(own: str, base: Any) -> bool:
    """Whether a follow-up's own words ask the same kind of value as the previous question did ("how much have
    they already paid?" after "how much was the invoice"): another value, not the one already given."""
    return (kind := wanted_type(own)) is not None and kind == wanted_type(getattr(base, "question", ""))
