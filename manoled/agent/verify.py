"""Is the chosen sentence an answer at all? A check after :func:`.facts.extract` picked its best unit.

Choosing the best sentence and deciding that the files answer are two questions. A sentence always comes
out best among the passages found; it answers only when its passage is about what the question asks:

* the question's words that some file has are weighed by how rare they are among the files (a word in
  one file says more than a word in twenty); most of that weight (less when the passage is also close to
  the question in meaning) must be in the chosen passage, said literally; a word said there only in other words (a word sense) counts half. Words no file has are
  judged before (``tools._not_in_files``): they neither help nor hurt here;
* at least one of those words is in the passage literally, and not only a month ("February" alone
  places a meter reading, not a power tool): a sense never alone decides that the topic is there;
* an asked amount is a sum of money, or a quantity whose sentence names what it counts ("2 front door"
  keys are no answer to "how much is the council tax");
* when another file found says the question's words better than the chosen one, its best sentence is
  the answer instead (the January invoice for "jan", not the February one);
* the attribute asked (:func:`.attribute.asked_words`: "the room number" -> room, "what colour", "how much did I
  tip") is said by the answer's unit, its file's name or its passage's title, literally or in a strong word
  sense; else a unit of the same file that says it answers, or none does: a booking's confirmation number is
  no room number, a receipt's total no tip;
* the kind of thing asked ("car insurance", "GP appointment") is not one the passage names otherwise: a policy
  that says "Home Insurance" answers nothing of the car's; nor is the thing asked one the passage never says while
  it says another of its kind: a meter log of electricity and gas says nothing of the water (:mod:`.unsaid`,
  which asks :mod:`.otherthing`).

A failed check declines: "I found nothing about … in your files" with no source, never a confident
sentence from a file that does not say it.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable
from functools import lru_cache
from typing import Any

from . import gloss
from .attribute import asked_words
from .commonness import zipf
from .continuation import asked_ordinal
from .contrast import other_paper
from .entries import entry_of, other_day
from .facts import Extraction, Fact
from .focus import compound
from .kinds import (
    CALL,
    CUES,
    SUM_VERBS,
    asks_booking_code,
    labels_booking_code,
    says_shape,
    typed_by,
)
from .layout import TABLES, numbered_items
from .months import (
    LATEST,
    asked_months,
    is_month,
    name_date_fit,
    newest_of_series,
    other_month,
    says_other_month,
    without_deed_before,
    without_next,
)
from .named import occasion_held
from .pairs import second_ask
from .retrieve import MONTH_NUMBERS, capitalised, contains
from .roles import role_words
from .senses import MATCH as SENSE_MATCH
from .senses import WordSense, passage_words
from .senses import credit as sense_credit
from .shapes import QUANTITY, TAXES, TYPE_PATTERNS, measures_said
from .slots import GENERIC, STOP, is_year, stem, words
from .terms import SELECTING, told_apart, told_aside, topic_terms
from .units import _units
from .unsaid import item, listed, names_any, other_policy, passage, role_unsaid, unsaid_of_thing
from .written import after_written

MIN_COVERAGE = 0.55  # rarity-weighted share of the question's (known) words the chosen passage says
CLOSE_COVERAGE = 0.45  # ... when the passage is also close in meaning (chatty questions carry extra words)
CLOSE_VECTOR = 0.5  # MiniLM cosine of question and passage from which the passage is "close"
SENSE_WEIGHT = 0.5  # a word said in other words counts this much of a literal one
TWO_SENSES = 1.5  # sense credit from which words said only in other words place the topic without a literal one
FRAME_WEIGHT = 0.5  # of a word that says how the question asks ("charge", "total"), against one of its topic
MONTH_LOOK, SAYS_ALL = 10, 0.9  # facts read for another file's of the month asked; a file that says all the words
BETTER_FILE = 0.15  # coverage by which another file must beat the chosen one to take over
LIGHT_WEIGHT = 0.5  # of a word only a sentence that does not ask says ("The tap drips - who do I phone?"), or a "reading"
# cosine of an asked attribute and a word of the answer from which the answer says it in other words: a strong
# sense (MiniLM: payment~paid 0.72, temperature~celsius 0.68; room~hotel 0.55, tip~paid 0.27, late~due 0.39)
ATTRIBUTE_SENSE = SENSE_MATCH


_CODED = frozenset({"model"})  # attributes written as a code: a product's model is "SMS4HVI33E", rarely the word


# a word of a name a paper writes with another, rarer, capitalised word ("SEAT LEON", "VW Golf"): the question's
# "seat" names the car the paper is of, not its seat; not a label ("Seat: 82", "SEAT 14A", "Seat Number") nor a
# heading of a paper's words ("Tax Invoice")
NAME_PARTNER_ZIPF = 4.5


def names_thing(text: str, word: str) -> bool:
    """Whether ``text`` writes ``word`` only as a word of a name (capitalised, beside a rarer capitalised word)."""
    def partner(w: str) -> bool:  # (a paper's word is no name's: "Tax Invoice" is a heading)
        return bool(w) and w[0].isupper() and zipf(w.lower()) < NAME_PARTNER_ZIPF and not gloss.forms(stem(w.lower()))

    def named(m: re.Match[str]) -> bool:
        line = text[text.rfind("\n", 0, m.start()) + 1:m.start()]  # the line before it, not all the text
        before = (re.findall(r"(?:^|[ \t])([^\W\d_][\w'-]*)[ \t]+$", line) or [""])[-1]
        after = (re.findall(r"^[ \t]+([^\W\d_][\w'-]*)", text[m.end():]) or [""])[0]
        return m.group(1)[0].isupper() and not text[m.end():].lstrip().startswith(":") and (
            partner(before) or partner(after))

    found = list(re.finditer(rf"(?<![\w-])({re.escape(word)})(?![\w-])", text, re.IGNORECASE))
    return bool(found) and all(map(named, found))


# words that say how a question asks for a sum, not what about: a passage that shares only them shares nothing
SUM_ASKED = SUM_VERBS | frozenset("fee fees total".split())
_SUM_VERB = re.compile(rf"\b(?:{'|'.join(sorted(SUM_VERBS))})\b", re.IGNORECASE)  # money asked, not a quantity
_BOOKING_WORDS = frozenset("booking reservation confirmation code reference ref number pnr".split())  # (its label's)
_FRAME = GENERIC | SUM_ASKED | SELECTING  # and the words that pick one of a series: "the final invoice"


def _quantity(text: str) -> bool:
    """Whether ``text`` gives a quantity ("4 cooking apples", "512 GB"); a year ("Februar 2026") is none."""
    return any(not is_year(m.group()) for m in QUANTITY.finditer(text))


def _row(f: Fact, kind: str | None) -> bool:
    """Whether the fact is a table's row, or a time asked (a timetable: "19:56 | Paris Gare de Lyon"): cells give
    values, not the words of what they are ("train", "leave")."""
    return f.file_name.lower().endswith(TABLES) or f.text.count("|") >= 2 or kind == "time"


def _paper(ex: Extraction, top: Fact) -> str:
    """What the answer's paper says, of the passages found: a letter's month may be in another of its passages (the
    camp notice's "Cost: $185.00 … by 27 February" under its "18 March to 20 March"); a spreadsheet's row or a
    diary's entry stays alone (the March row of a budget says nothing of April)."""
    own = passage(top)
    if top.candidate is None or top.file_name.lower().endswith(TABLES) or entry_of(top.candidate.text, top.text):
        return own
    texts = dict.fromkeys(f.candidate.text for f in ex.facts[:30] if f.path == top.path and f.candidate)
    return " ".join([own, *texts])


def _placing(paper: str, kind: str | None) -> str:
    """What of ``paper`` says which month it is of: not a line that announces what comes next ("Next meeting: 9
    September"), unless a date is asked (that line may be the answer)."""
    return paper if kind in ("date", "time") else without_next(paper)


def coverage(terms: dict[str, int], passage: str, n_files: int, sense: WordSense | None = None,
             light: frozenset[str] = frozenset(), df: Callable[[str], int] | None = None,
             told: frozenset[str] = frozenset()) -> tuple[float, dict[str, Any]]:
    """Rarity-weighted share of ``terms`` (word -> how many of the ``n_files`` files have it) that ``passage``
    says, with per-word detail (files, literal, sense credit). The ``light`` words weigh ``LIGHT_WEIGHT`` of theirs;
    the ``told`` ones (a sentence that does not ask says them) count only where the passage says them, when it
    says a word of the sentence that asks."""
    literal = {t: contains(passage, t) or says_shape(t, passage) or compound(passage, t) for t in terms}  # ("Microchip")
    if not all(literal.values()):  # "15 m³" says cubic meters
        measured = {stem(w) for w in measures_said(passage)}
        literal = {t: said or t in measured for t, said in literal.items()}
    # the passage's words, read only when a word is not said literally (most checks: none)
    pw = passage_words(passage) if sense is not None and not all(literal.values()) else []
    # a word naming a kind of the term says it, and weighs as that word does ("the power tool": the receipt's drill)
    by_kind = {t: k for t in terms if not literal[t] and sense is not None and (k := sense.kind_of(t, pw))}
    terms = {t: max(min(df(by_kind[t]) if df else 1, n_files), 1) if t in by_kind else d for t, d in terms.items()}
    literal |= dict.fromkeys(by_kind, True)
    # what the question tells counts where the passage says it, once the passage says a word of what it asks
    anchored = any(literal[t] for t, d in terms.items() if d > 0 and t not in told and t not in _FRAME)
    weight = {t: math.log((n_files + 1) / (d + 0.5)) * (FRAME_WEIGHT if t in _FRAME else 1.0)
              * (LIGHT_WEIGHT if t in light else 1.0) for t, d in terms.items()
              if d > 0 and (literal[t] or t not in SELECTING and (t not in told or not anchored))}
    said: dict[str, float] = {}
    missing = [t for t in terms if not literal[t] and not is_month(t)]  # a month unsaid is unsaid: the word nearest
    if sense is not None and missing:  # "june" is "Sep" (a month's forms are literal: "12 Jun", "2026-06")
        near = sense.best(missing, pw)
        said = {t: sense_credit(near[t][0]) for t in missing if t in near}
    detail = {t: (terms[t], literal[t], round(said.get(t, 0.0), 2)) for t in terms}
    total = sum(weight.values())
    if not total:
        return 0.0, detail
    got = sum(w for t, w in weight.items() if literal[t]) + SENSE_WEIGHT * sum(
        w * said.get(t, 0.0) for t, w in weight.items() if not literal[t])
    return got / total, detail


def _close(top: Fact, kind: str | None, n_terms: int) -> bool:
    """Whether the best fact's passage is near the question in meaning: close by the embedder, or, for a question
    of three topic words or more, the nearest of all passages with a value of the kind asked ("what do I punch
    into the keypad to get into the shared office on a Sunday": "Door code (weekends ...): 7316"). Of two words,
    a passage that lacks one ("rent for the garage": the flat's rent) says half the question."""
    c = top.candidate
    return c is not None and ((c.vector_score or 0.0) >= CLOSE_VECTOR or c.vector_rank == 1 and top.typed
                              and kind in _VALUES and n_terms >= 3)


_SURE_TYPES = ("amount", "date", "time", "code")  # kinds whose values are always written so (a name may not be)
_VALUES = (*_SURE_TYPES, "number", "duration", "weight")  # kinds of value whose form shows (a name's is a guess)


def _has_value(f: Fact, kind: str | None) -> bool:
    """Whether a fact gives a value of the asked kind (for an amount, a quantity too: "200 g flour")."""
    return f.typed or kind == "amount" and bool(QUANTITY.search(f.text)) and not TYPE_PATTERNS["date"].search(f.text)


def _may_leave(question: str, top: Fact, theirs: list[Fact], kind: str | None,
               initialled: dict[str, set[str]], papers: dict[str, str] | None = None,
               told: frozenset[str] = frozenset()) -> bool:
    """Whether the best fact may give way to the facts of a file that says more of the question: not a line with
    the asked amount or date for a line that gives none (a letter dated February covers "the electricity bill
    for February" well, and says no sum, though another of its lines may), nor for the other paper of a job (the
    estimate, asked the bill), nor for a paper of another month than the one asked (``papers``: each file's
    passages found)."""
    placed = without_deed_before(question)
    if papers is not None and other_month(placed, papers[theirs[0].path], theirs[0].file_name) and \
            not other_month(placed, papers[top.path], top.file_name):
        return False  # "the June flights": not September's ticket, whatever more of the question its small print says
    if top.typed and kind in _SURE_TYPES and not (theirs[0].typed if _SUM_VERB.search(question) else
                                                  _has_value(theirs[0], kind)):
        return False  # (their best line is the one that would answer; asked what is paid, "Room 4" is no sum)
    if kind == "code" and asks_booking_code(question) and labels_booking_code(top.text) and \
            not labels_booking_code(theirs[0].text):
        return False  # "the booking reference for our flights": the e-ticket's, not the itinerary's flight numbers
    if LATEST.search(question) and top.candidate and theirs[0].candidate and \
            top.path in newest_of_series([top.candidate, theirs[0].candidate]):
        return False  # "the next oil change": the newest service record, though an older one says more
    # (of what the question asks, not ``told``: "If we leave the flat … What did we give the landlord as security?"
    # is no line of a to-do that says the flat and leaving)
    words = [t for t in topic_terms(question) if not t.isdigit() and t not in told]

    def says(f: Fact, t: str) -> bool:  # a line of controle_technique_2025.pdf says "CT" by its file's name
        return contains(f.text, t) or str(f.path) in initialled.get(t, ())

    if sum(says(theirs[0], t) for t in words) < sum(says(top, t) for t in words):
        return False  # "bond amt for our flat": "Total bond: $2,480.00", not the flatmate agreement's rent line
    return not other_paper(question, theirs[0].file_name)


def check(question: str, ex: Extraction, *, df: Callable[[str], int], n_files: int,
          sense: WordSense | None = None, names: frozenset[str] = frozenset(),
          initialled: dict[str, set[str]] | None = None, lowered: frozenset[str] = frozenset(),
          moved: bool = False) -> Extraction:
    """``ex`` when its best fact answers (perhaps another file's best fact); else a decline with no facts.
    ``initialled``: question words that are the initials of files' names ("CT"), with those files' paths;
    ``lowered``: names the question types in lower case, which the files write as names ("selam net pay");
    ``moved``: the best fact is already another file's, of the month asked, in the place of one of another month."""
    if ex.declined or not ex.facts:
        return ex
    names |= lowered  # "bond interest rate cederberg": a name, which the answer's line need not say
    roles = role_words(question)  # "who supplies my electricity": a paper names the firm, not its role (nor a
    roles |= _BOOKING_WORDS if asks_booking_code(question) and labels_booking_code(ex.facts[0].text) else set()  # code's)
    terms = {t: min(df(t), n_files) for t in topic_terms(question) if not t.isdigit() and t not in roles}
    if not terms:  # "what's the plumber's number": the role's own line, or none
        why = role_unsaid(question, ex.facts[0])
        return Extraction(declined=True, reason=why, topic=ex.topic, evidence=ex.evidence) if why else ex
    light = told_aside(question) | _value_reading(question)  # "The tap drips all week - who do I phone?": the week
    light |= gloss.account_words(question)  # "what landed in my bank account": where the pay went
    light |= occasion_held(question)[1]  # "for Kunle and Amaka's wedding": whose wedding, not who flies
    told = told_apart(question)
    # a file by what its passages found say together (an e-ticket's flights and booking reference, passages apart)
    papers: dict[str, str] = {}
    for f in ex.facts[:30]:
        if f.path not in papers:  # (of each file's best fact)
            papers[f.path] = _paper(ex, f)
    scored = {p: coverage(terms, paper, n_files, sense, light, df, told) for p, paper in papers.items()}
    top = ex.facts[0]
    kind, asked = typed_by(question)
    best = max(scored, key=lambda p: scored[p][0])
    if best != top.path and scored[best][0] >= scored[top.path][0] + BETTER_FILE:
        theirs = [f for f in ex.facts if f.path == best]
        if listed(theirs[0]) and coverage(terms, item(theirs[0]), n_files, sense, light, df, told)[0] < \
                scored[top.path][0] + BETTER_FILE:
            pass  # a to-do list says the question's words in its other items: "return the consent slip" is no trip
        elif _may_leave(question, top, theirs, kind, initialled or {}, papers, told) or scored[top.path][0] < \
                MIN_COVERAGE and scored[best][0] >= SAYS_ALL and (theirs[0].typed or not top.typed):  # (or declined)
            ex.facts = [theirs[0]] + [f for f in ex.facts if f is not theirs[0]]
    top = said_first(question, ex, sense, names, kind=kind)
    cov, detail = scored[top.path]
    c = top.candidate
    ex.evidence = {"coverage": round(cov, 3), "kind": kind, "typed": top.typed, "terms": detail,
                   "vec": round(c.vector_score or 0.0, 3) if c else 0.0, "vrank": c.vector_rank if c else None}
    literal = [t for t, (d, lit, _c) in detail.items() if lit and d > 0]
    why = ""
    if not any(d > 0 for d, _, _ in detail.values()):
        why = "no file has the question's words"
    elif not [t for t in literal if not is_month(t)] and sum(
            c for t, (_d, lit, c) in detail.items() if not lit and not is_month(t)) < TWO_SENSES:
        # a word said only in other words does not place the topic, two of them do ("the server company": Acme
        # Hosting; "food shopping": groceries)
        why = "the best passage shares none of the question's words (a month at most)"
    elif literal and any(d == 0 for d, _, _ in detail.values()) and all(t in _FRAME for t in literal):
        why = "the best passage shares only how the question asks"  # "what did the vet charge": a "charge" line
    elif _names_only(question, detail, top.typed, lowered) and not _row(top, kind) and not (
            kind == "code" and top.typed and CALL & set(words(question.lower()))):  # a number to ring is what is asked
        why = "the best passage says only the name asked about, not what is asked of it"
    elif cov < (CLOSE_COVERAGE if _close(top, kind, len(terms)) else MIN_COVERAGE):
        why = f"the best passage says too little of the question ({cov:.2f})"
    elif kind == "amount" and not top.typed and not (_quantity(top.text) and names_any(top.text, list(terms), sense)):
        why = "a quantity that says nothing of what was asked"
    elif kind == "amount" and not top.typed and _SUM_VERB.search(question):
        why = "the best sentence has no sum of money"  # "how much do we pay for the camp": not "Room 4"
    elif (kind in ("code", "number", "duration", "weight") or kind in ("date", "time") and asked) and not top.typed:
        # a date asked ("when", "what day"), not one a word hints at ("moving day")
        why = f"the best sentence has no {kind}"
    elif other_month(placed := without_deed_before(question), _placing(paper := _paper(ex, top), kind), top.file_name) or \
            kind not in ("date", "time") and says_other_month(placed, top.text) or \
            other_day(question, paper, top.file_name) or after_written(placed, top.file_name):  # a bill of
        # February is due in March; a log's other days say nothing of the one asked, nor August's minutes of September
        why = "the files say it for another month or year"
        if not moved and (mine := _of_month_asked(placed, ex, top, kind, scored)) is not None:
            # "how heavy was the baby when the doctor saw her in November": the November visit's notes, found
            # fourth, not the September visit's, found first
            ex.facts = [mine] + [f for f in ex.facts if f is not mine]
            return check(question, ex, df=df, n_files=n_files, sense=sense, names=names, initialled=initialled,
                         lowered=lowered, moved=True)
    elif (place := asked_ordinal(question)) and c is not None and numbered_items(c.text, 1) and \
            not numbered_items(c.text, place):
        why = f"the list has no item {place}"  # "the fourth book on my list" of three
    else:  # what the paper says of another thing than the one asked (:mod:`.unsaid`)
        why = unsaid_of_thing(question, top, kind, detail, terms, df, sense)
    if not why:  # of a question that asks two things, the answer's line says the first ("the deposit n which scheme")
        first = asks[0] if (asks := second_ask(question)) else question
        unsaid = unsaid_attribute(first, top, sense, names, nowhere=frozenset(t for t in asked_words(first) if not df(t)))
        if unsaid:
            return unsaid_decline(ex, unsaid)
    if why:
        return Extraction(declined=True, reason=why, topic=ex.topic, evidence=ex.evidence)
    return ex


def _of_month_asked(question: str, ex: Extraction, top: Fact, kind: str | None,
                    scored: dict[str, tuple[float, Any]]) -> Fact | None:
    """Of the next facts with a value of the kind asked, the first of another file than ``top``'s whose paper names
    the month asked (by its name, or its file's name dates it so) and no other, and says as much of the question
    (``scored``: each file's coverage), of a paper's kind: "luz marzo total", of February's bill, is no budget
    sheet's March row for electricity."""
    months, years = asked_months(question)
    for f in ex.facts[1:MONTH_LOOK]:
        if f.path == top.path or not f.typed or scored.get(f.path, (0.0,))[0] < scored[top.path][0] or \
                f.file_name.lower().endswith(TABLES) and not top.file_name.lower().endswith(TABLES):
            continue  # (a sheet's row for the month is a budget or a log's, not the bill found of another month)
        paper = _placing(_paper(ex, f), kind)
        named = name_date_fit(f.file_name, months, years) > 0 or any(
            contains(paper, name) for name, n in MONTH_NUMBERS.items() if n in months)
        if named and not other_month(question, paper, f.file_name) and not says_other_month(question, f.text):
            return f
    return None


@lru_cache(maxsize=64)
def _value_reading(question: str) -> frozenset[str]:
    """{"reading"} when the question asks a meter's reading ("what was the odometer reading?"): a paper writes the
    value ("Odometer (km): 187,412"), rarely the word; not a reading list or pile."""
    ws = words(question)
    return frozenset(("reading",)) if any(w == "reading" and 0 < i and (i + 1 == len(ws) or ws[i + 1] in STOP)
                                          for i, w in enumerate(ws)) else frozenset()


def _names_only(question: str, detail: dict[str, Any], typed: bool = False, lowered: frozenset[str] = frozenset()
                ) -> bool:
    """Whether the passage says, of the question's words that files have, only names the question capitalises
    ("When did the *Subaru* last get an oil change?": its registration), nothing of what is asked of them, literally
    or in a strong sense. ``typed``: the line gives a value of the kind asked, which says "due" or "expire" (a date)."""
    capital = capitalised(question) | lowered
    known = {t: v for t, v in detail.items() if v[0] > 0 and not is_month(t)}
    named = [t for t in known if t in capital and t not in TAXES]  # "how much of that was VAT": what is asked
    rest = [t for t in known if t not in capital and t not in _FRAME]
    return bool(named) and bool(rest) and all(known[t][1] for t in named) and \
        not any(known[t][1] or known[t][2] >= 1.0 or typed and t in CUES for t in rest)


def check_inside(question: str, ex: Extraction, sense: WordSense | None, names: frozenset[str]) -> Extraction:
    """``ex``, found inside the file the user pointed at (where meaning is trusted more than shared words), when its
    best fact answers; else a decline. Its line must say what is asked of the thing ("what's the room number" inside
    the booking: its nearest sentence is no answer), a role's contact must be the role's own line ("the plumber's
    mobile" inside the contacts last answered from), and a policy asked of another thing is not this one ("how much
    is the car insurance premium?" after the pet policy's number)."""
    if ex.declined or not ex.facts:
        return ex
    if unsaid := unsaid_attribute(question, said_first(question, ex, sense, names), sense, names):
        return unsaid_decline(ex, unsaid)
    why = role_unsaid(question, ex.facts[0])
    if not why and (insured := other_policy(question, ex.facts[0].file_name)):
        why = f"the file is the policy of another thing ({insured})"
    return Extraction(declined=True, reason=why, topic=ex.topic) if why else ex


def unsaid_decline(ex: Extraction, unsaid: list[str]) -> Extraction:
    """The decline for an answer that does not say the attribute asked: "I found nothing about room …"."""
    topic = " ".join([*[t for t in unsaid if t not in ex.topic.split()], ex.topic])
    return Extraction(declined=True, reason=f"the answer does not say {' '.join(unsaid)}", topic=topic,
                      evidence={**ex.evidence, "asked": unsaid})


def said_first(question: str, ex: Extraction, sense: WordSense | None, names: frozenset[str] = frozenset(),
               look: int = 12, kind: str | None = None) -> Fact:
    """The best fact, or, when it does not say the attribute asked, the best one of the same file that does
    ("what kind of room did I book": the booking's "Room: double with river view", not its hotel's address);
    it is moved to the front of ``ex.facts``."""
    top = ex.facts[0]
    if not unsaid_attribute(question, top, sense, names):
        return top
    kind = kind or typed_by(question)[0]  # "how much checked luggage": the baggage line's 30kg, not the ticket's total
    same = [f for f in ex.facts[1:look] if f.path == top.path and (f.typed or not top.typed or _has_value(f, kind))]
    other = next((f for f in same if not unsaid_attribute(question, f, None, names)), None)  # literally first
    if other is None:
        other = next((f for f in same if not unsaid_attribute(question, f, sense, names)), None)
    if other is None:
        return top
    ex.facts = [other] + [f for f in ex.facts if f is not other]
    return other


def unsaid_attribute(question: str, fact: Fact, sense: WordSense | None, names: frozenset[str] = frozenset(),
                     nowhere: frozenset[str] = frozenset()) -> list[str]:
    """The attribute the question asks for (:func:`.attribute.asked_words`) when the answer does not say it; else
    empty. A word is said when it is in the answer's unit, its file's name or its passage's title, literally,
    or in the unit in other words (a unit of measure by its name: "175 C" says a temperature); the attribute
    is said when its head (last) word is, or most of its words are. A passage near the topic always has a
    nearest sentence: "how much did I tip" finds the receipt's total, "what's the room number" the booking's
    confirmation number; what makes it the answer is that it says what was asked. ``names``: words that name
    files count as said: they name a thing asked about, not its attribute ("the Northwind bill total" asked of
    another vendor's bill in a follow-up; "the meter reading" in utility_readings.csv). A head word that no file
    has (``nowhere``: "what council tax *band*") is not outvoted by the words before it."""
    asked = [w for w in asked_words(question) if w not in _value_reading(question)]  # "the odometer reading": its value
    if not asked:
        return []
    c = fact.candidate
    where = f"{fact.text} {c.named if c else fact.file_name.replace('_', ' ')} {_titles(c.text if c else '', fact.file_name)}"
    measured = measures_said(fact.text)
    said = {t: t in names or t in measured or contains(where, t) or says_shape(t, fact.text) or compound(fact.text, t)
            or t in _CODED and bool(TYPE_PATTERNS["code"].search(fact.text)) or names_thing(c.text if c else fact.text, t)
            for t in asked}
    ws = passage_words(fact.text) + measured
    missing = [t for t in asked if not said[t]]
    if sense is not None and ws and missing:
        near = sense.best(missing, ws)
        said |= {t: near.get(t, (0.0, ""))[0] >= ATTRIBUTE_SENSE for t in missing}
    if said[asked[-1]] or asked[-1] not in nowhere and 2 * sum(said.values()) > len(asked):
        return []
    return asked


@lru_cache(maxsize=64)
def _titles(text: str, file_name: str) -> str:
    """A passage's title units, joined (asked of several facts of one passage in a check)."""
    return " ".join(u for u, title, _ in _units(text, file_name) if title)
