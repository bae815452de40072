"""What a question is about: its topic terms, not the words that say how it asks.

"When is the car's next inspection due?" is about the car, its next inspection and its being due: "when" asks for
a date. "How much did the mutuelle pay back?" is about a refund. The terms weigh a
passage's cover of the question (:mod:`facts`, :mod:`verify`) and carry a topic into a follow-up.
"""

from __future__ import annotations

import re
from functools import lru_cache

from .asking import apart, pointed_part
from .commonness import LIGHT_HEADS, adverb
from .kinds import _ASKED_AS, _ASKING, TYPE_WORDS, asked_part, is_cue
from .months import MONTH_NAMES, foreign_month, whole_month, year_end
from .retrieve import root
from .slots import GENERIC, idiom, is_year, stem, words

# the words that pick one of a series ("the final invoice", "the current rate"): papers rarely call themselves so,
# and a passage that lacks them may still be the one asked
SELECTING = frozenset("final next current previous original actual exact whole entire full second third".split())
_TIMELY = re.compile(r"month|week|year|annual|quarter|hour")
_FILL = frozenset("fill tank gas".split())  # stems: "filled up", "tanked up", "gassed up"
# what "back in" says a time with: a month's name ("sept", "september", not "mayo"), a year, "the" (summer), a season
_WHEN = frozenset([*MONTH_NAMES, *MONTH_NAMES.values(), "the", "spring", "summer"])
# a pronoun's or a little word's short form ("that'd", "they'll", "we've", "you're"; "they’ll" comes apart as "ll"):
# how it asks, never what about
_CONTRACTED = re.compile(r"['’](?:d|ll|ve|re|m)$|^(?:ll|ve|re)$")
_SUBJECTS = frozenset("i we they he she".split())  # who does what a question says
_PRONOUNS = _SUBJECTS | {"it", "you"}
_SPANS = frozenset("minute hour day week month year".split())  # stems: a time before "ago"
_GIVE = frozenset("pay pays paid paying give gives gave given giving get gets got getting".split())


def topic_terms(question: str) -> list[str]:
    """The question's specific words: what it is about, not how it asks."""
    out: list[str] = []
    ws = [whole_month(w) for w in words(question)]  # "from mid-January": January
    for i, w in enumerate(ws):
        s = MONTH_NAMES.get(w) or foreign_month(ws, i) or stem(w)  # "luz marzo": March, however the paper says it
        s = year_end(ws, i) or s  # "the reading at the start of 2025": its January row, however a log dates it
        if w == "back" and i and ws[i - 1] in _GIVE:
            s = "refund"  # "what did the insurer pay back": a refund, however the paper says it (Erstattung, Rbt)
        if s in _FILL and ws[i + 1:i + 2] == ["up"]:
            s = "fuel"  # "when did I last fill up the car": a fuel log's row, whatever its columns are called
        if _CONTRACTED.search(w) or w in GENERIC or s in GENERIC or root(s) in GENERIC and is_cue(root(s)) or len(s) < 2 or s.isdigit() and len(s) < 3:
            continue  # "costing" asks as "cost" does
        if s == "back" and ws[i + 1:i + 2] == ["in"] and any(w in _WHEN or is_year(w) for w in ws[i + 2:i + 3]):
            continue  # "back in September": when, not a back
        if s == "time" and i and ws[i - 1] in ("last", "next", "first", "every", "each", "this") or \
                w in ("round", "around") and i and ws[i - 1] == "time":
            continue  # "the last time we took her in", "this time round": when, said as a deed, not a time of day
        if s in _SPANS and (ws[i + 1:i + 2] == ["ago"] or i and ws[i - 1] in ("that", "same")):
            continue  # "it came a few weeks ago", "what reached his account that month": when, not a word papers say
        if s == "year" and year_end(ws, i - 3):
            continue  # "at the start of the year": its January, not a word a paper says
        if s in ("end", "ended") and (ws[i + 1:i + 2] == ["up"] or ws[i - 2:i] == ["in", "the"]) or idiom(ws, i) or \
                s == "way" and ws[i - 3:i] == ["out", "of", "the"]:
            continue  # "what did it end up costing", "in the end", "once the first month is out of the way": how
            # it asks
        if adverb(w) and not _TIMELY.search(w) or "not" in ws[max(0, i - 2):i] or \
                w in LIGHT_HEADS and out and out[-1] == MONTH_NAMES.get(ws[i - 1], stem(ws[i - 1])) and \
                not ws[i - 1].endswith(("ed", "ing")):
            continue  # "actually", "really"; "…, not the estimate"; "the coffee *place*" (not "the shared office"):
            # not what it is about
        if w in ("early", "late", "soon") and i and ws[i - 1] == "how" or w == "money" and ws[i - 2:i] == ["how", "much"] \
                or w == "supposed" and ws[i + 1:i + 2] == ["to"]:
            continue  # "how early do we leave": what time, as "when" asks a date; "how much money", "supposed to"
        if w in ("stay", "stays", "stayed") and "long" in ws[:i] and ws[i - 1] in _PRONOUNS:
            continue  # "how long does it stay in the oven": how long, said as a deed
        if i and ws[i - 1] in _ASKING and (s in _ASKED_AS or s in TYPE_WORDS["code"]):
            continue  # "what time", "which day", "what code would I give": how it asks, like "when"
        if s not in out:
            out.append(s)
    return out


_BETWEEN = frozenset("am are is was were do does did will would can could should shall must might may have has had "
                     "not never still just also usually always need needs needed want wants wanted to".split())


def person_verbs(question: str) -> frozenset[str]:
    """Stems of what the person does in the question, the verbs after "I" or "we": "what kind of milk am I *picking*
    up", "who should I *call*", "the account I *wire* the money to", "who do I need to *send* slides to". Papers
    write the thing, rarely the asker's deed (a shopping list says "oat milk", not that it is picked up)."""
    ws = words(question)
    out = set()
    for i, w in enumerate(ws):
        if w not in _SUBJECTS:
            continue
        j = i + 1
        while j < len(ws) and ws[j] in _BETWEEN:
            j += 1
        if j < len(ws) and ws[j].isalpha():
            out.add(stem(ws[j]))
    return frozenset(out)


@lru_cache(maxsize=256)  # read by the absence check, the answer check and told_apart, of one question
def told_aside(question: str) -> frozenset[str]:
    """The topic terms only a sentence that does not ask says: "The tap has dripped all *week* - who do I phone?",
    "Is the cat getting *fat*? What did she weigh?". They place the question, the asking sentence says what a file
    must answer (:func:`.kinds.asked_part`)."""
    part = asked_part(question)
    if part != question and _ONE.search(part):
        # "… the technical inspection. When does the current one run out?": what it tells just before is asked
        part = pointed_part(question, _ONE) or question
    if part == question:
        return frozenset()
    return frozenset(topic_terms(question)) - frozenset(topic_terms(part))


# a thing the sentence that asks names by "one", told of before it ("the current one", "which one", "the new one")
_ONE = re.compile(r"\b(?:the|this|that|which|current|new|old|next|last|latest|same)\s+one\b(?!\s+of\b)",
                  re.IGNORECASE)


def told_apart(question: str) -> frozenset[str]:
    """The topic terms a sentence of their own tells ("I'm on hold with the *water company* - what number do I
    read out?"), not a case the asking sentence opens with ("After I *filed* in March, how much came back?"): the
    case narrows what is asked, the sentence apart only sets the scene."""
    return told_aside(question) if apart(question) else frozenset()


# a trip is placed by when and where it went, as its booking and its photos say: not by the word "trip", nor by its
# season ("the summer holiday": its dates; "the photos from the Vancouver trip": what is of Vancouver)
TRIP_WORDS = frozenset("trip holiday vacation getaway journey visit break".split())
SEASONAL = re.compile(r"\b(summer|winter|spring|autumn|fall|easter|christmas)\s+(?:" + "|".join(sorted(TRIP_WORDS)) +
                      r")s?\b", re.IGNORECASE)
