"""Fact-level answers: the sentence (or list item) of the top passages that answers the question.

1. The question's wanted *type* comes from its words: an amount for "how much / cost / price / total / pay", a date
   for "when / until / due / expire", a person for "who", a number for "how many / how long", a place for "where"
2. Each passage is cut into units (:mod:`.units`): lines, sentences, and the items of a list
   ("3 eggs, 100 g pecorino, ..."); CSV rows are read with their header.
3. A unit scores by the question's topic words it contains (rarer, more
   specific words weigh more), the question's other words, the wanted type,
   and its passage's retrieval rank; shorter units win ties.
4. The best unit is the answer, with its file. When the passages share none
   of the question's specific words and the vector search is not confident,
   the question is declined: "I found nothing about … in your files".
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

import numpy as np

from . import kinds, people, shapes
from . import months as months_mod
from . import totals as totals_mod
from .commonness import adverb, common
from .continuation import asked_ordinal, bare_phrase
from .contrast import LOOKS_BACK, Contrasts, other_paper, places_said
from .entries import LAST_TIME, is_log
from .focus import compound, focus_words, measured_as
from .gloss import NATIONAL, PHRASED, said_otherwise
from .kinds import _ASKED_AS, new_value, says_shape, typed_by
from .labelled import asks_cover, asks_use, code_named, labels_code, says_cover, says_use
from .layout import TABLES, numbered_items, row_cells
from .months import (
    LAST_PAPER,
    LATEST,
    MONTH_NAMES,
    asked_months,
    dated_otherwise,
    days,
    foreign_month,
    name_date_fit,
    name_year_fit,
    names_month,
    newest_of_series,
    spanned_months,
)
from .numbered import number_said, numbered_things
from .retrieve import Candidate, contains
from .roles import role_words
from .senses import WordSense, passage_words
from .senses import credit as sense_credit
from .slots import GENERIC, STOP, WEEKDAYS, YEAR, stem, words
from .terms import SELECTING, told_apart, topic_terms
from .totals import BILL_ASK, RATE_ASK, TOTAL_ASK, TOTAL_UNIT, names_no_item, shared_by_sums, sums_of
from .units import MAX_UNIT, sectioned

# an item's row of a bill, by its quantity or unit price: "Consulta clínica felina, Qtd.: 1, Unit. (R$): 220,00, …"
_ITEM_ROW = re.compile(r"\b(?:qty|qtd|quantity|quantidade|cantidad|cant|menge|anzahl|qté|quantité|unit|unid|unit price|"
                       r"rate|each)\b\.?\s*(?:\([^)]*\))?:", re.IGNORECASE)
STRONG_VECTOR = 0.55  # cosine at which the vector search alone is trusted (MiniLM)
WEAK_VECTOR = 0.40

_LABELLED = re.compile(r"[^\W\d_][^:]{2,40}:\s")  # a part with its own label ("Total annual premium: 742.10")


@dataclass
class Fact:
    text: str
    path: str
    file_name: str
    score: float
    typed: bool  # carries the wanted type (an amount for "how much", ...)
    candidate: Candidate | None = None


@dataclass
class Extraction:
    facts: list[Fact] = field(default_factory=list)
    declined: bool = False
    reason: str = ""
    topic: str = ""  # the words the question was about, for "I found nothing about … in your files"
    evidence: dict[str, Any] = field(default_factory=dict)  # why the best fact answers (see .verify)


# "when do I have to pay it", "by when must it be done": a date by which something is owed, not any date
DEADLINE_ASK = re.compile(r"\b(?:have to|has to|must|need|needs|deadline|by when|by what|by which|at the latest|pay|paid|owe|"
                           r"expire|expires|expiry|run out|runs out|end|ends|valid|due|renew|renews|settle|last day)\b|"
                           r"(?:\bis|\bare|'s)\s[^?!.]*\b(?<!ed )up\W*$", re.IGNORECASE)  # "when's the WOF up?": when it runs out
DEADLINE_UNIT = re.compile(r"\b(?:due|deadline|until|before|expires?|expiry|exp|expiring|latest|no later|ends?|ending|through|valid|"
                            r"bis|bis zum|spätestens|fällig|zahlbar|frist|avant|au plus tard|échéance|date limite|hasta|antes de|splatnost[ia]?|"
                            r"vencimiento|límite|limite|entro il|scadenza|termine|plazo|prazo|até|next|prochaine?|próxim[ao]|nächste[rn]?|prossim[ao]|"
                            r"förfallodag|förfallodatum|forfaldsdato|forfallsdato|betalningsdag|senast|senest|seneste|până la|pana la|scadent\w*|"
                            r"határid\w*|lejár\w*|érvényes|termin płatności|do dnia|płatne do|platnost do|son ödeme|eräpäivä|erapaiva)\b|"  # and in other languages; "pay by Friday 4 December"
                            r"\bby:?\s+(?:(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*\.?\s+)?\d", re.IGNORECASE)
# what says a date is the last one allowed, not only a due one ("bis spätestens 30. April", not "die nächste … fällig")
HARD_DEADLINE = re.compile(r"\b(?:at the latest|no later than|latest by|deadline|spätestens|au plus tard|a más tardar|"
                           r"como máximo|al più tardi|entro e non oltre|o mais tardar|uiterlijk|nejpozději|najpóźniej|senast|senest|seneste)\b",
                           re.IGNORECASE)
_FIRST = re.compile(r"\b(?:older|oldest|earliest|first|ago|original)\b", re.IGNORECASE)  # and LOOKS_BACK: not the newest
_PER_PERIOD = re.compile(r"\b(?:per|each|every|a)\s+(?:month|week|year|annum|day|fortnight|quarter)\b", re.IGNORECASE)  # monthly
_SPAN_ASK = re.compile(r"\b(?:dates|from when|which days|what period)\b", re.IGNORECASE)
# a letter's dateline ("São Paulo, 01/09/2026", "Leith, 3 March 2026"): the day it was written, which answers no "when
# is the trip" unless the paper's own day is asked; not a day's name before its date ("Saturday, 12 May")
_DATELINE = re.compile(r"(?![\w-]*(?:day|tag|dag|di|dì|feira|lunes|martes|miércoles|jueves|viernes|sábado|domingo|dimanche)\b)"
                       r"[^\W\d_][^\d,:;()]{1,40},\s*(.+?)\.?", re.IGNORECASE)
_DISCOUNT = re.compile(r"\b(?:discount|early[- ]bird|early payment|prompt payment|rebate|skonto|rabatt|desconto|descuento|"
                       r"sconto|remise|escompte|korting|rabat)", re.IGNORECASE)
_PAPER_DAY_ASK = re.compile(r"\b(?:letter|dated|written|wrote|sent|issued|posted|mailed)\b", re.IGNORECASE)


def _digits_said(number: str, *texts: str) -> bool:
    """Whether one of ``texts`` has ``number`` as a whole run of digits ("0418" in "INV-2026-0418")."""
    return any(re.search(rf"(?<!\d){number}(?!\d)", t) for t in texts)


def _trim(unit: str, terms: Sequence[str]) -> str:
    unit = " ".join(unit.split())
    if len(unit) <= MAX_UNIT:
        return unit
    low = unit.lower()
    at = min((low.find(t) for t in terms if low.find(t) >= 0), default=0)
    start = max(0, at - 80)
    piece = unit[start:start + MAX_UNIT]
    if start > 0:
        piece = "…" + piece.split(" ", 1)[-1]
    return piece.rsplit(" ", 1)[0] + " …"


PAPER_PENALTY = 2.5  # to the other paper of a job (the estimate, asked the bill)
OWN_LABEL_WEIGHT = 0.3  # a value whose label says the paper's own thing, as its name or folder does
NAMED_WEIGHT = 0.6  # per question word a passage's file name says: as much to every one of its units
CELL_WEIGHT = 1.0  # to a table row's cell with question words in its name and value (a count's label: "Nights: 4")
OTHER_MONTH_PENALTY = 1.5  # to a passage whose dates are all of other months than the one asked
QUOTED_WEIGHT = 1.0  # to a passage that has a day the question gives (or its two-year span)
WHOLE_SUM_WEIGHT = 1.5  # more to a paper's total, asked what it came to ("in the end", "all in"), than to its lines
NEWEST_WEIGHT = 1.0  # to the newest paper of a series, asked the next or current value
LOG_WEIGHT = 1.0  # to a list of dated entries, asked when something was last done
# when the heading a unit sits under says a question word, and when it (or the unit) says the day asked
SECTION_WEIGHT = 0.6
YEAR_WEIGHT = 0.5  # to a paper whose name says the year asked (no month asked); taken from one that says another
SENSE_NEAR = 0.55  # cosine from which a word said otherwise lets a passage in (MiniLM: tool~drill 0.56); see senses.credit
ORDINAL_WEIGHT = 1.0  # to the item of a numbered list at the place the question asks ("the third novel")
PAPERS_WORD_WEIGHT = 1.5  # to a line labelled by the paper's word a phrase asks ("still owe": "BALANCE DUE: $4,350")
RATE_WEIGHT = 1.0  # to a price said per thing ("per tutorial", "rate"), asked one ("for each", "per hour")
USE_WEIGHT = 1.0  # to a line that says a quantity used ("Units Consumed"), asked how much was used
COVER_WEIGHT = 3.0  # to a line that gives the sum insured, asked the most a cover pays (a yearly check-up's sum is none)
NAME_LABEL_WEIGHT = 1.0  # to a person's line labelled a name ("Full name: …"), of "who is"
DEFINED_WEIGHT = 1.5  # to a contract's party that goes by the role asked ("… (hereinafter called "THE LANDLORD")")
FOCUS_WEIGHT = 1.0  # to a line that says the thing a "how many" counts, by name or measure ("22.5 h" of hours)
ROLE_WEIGHT = 1.0  # to a name beside the role asked ("which doctor": "Provider: Priya Raman, MD"), over other names
HARD_DEADLINE_WEIGHT = 1.0  # more to a date said as the last one allowed, asked by when
MEANING_WEIGHT = 1.5  # times the cosine of the question and a unit (MiniLM), for the best units


def extract(question: str, candidates: Sequence[Candidate], *, top: int = 5, vector_strong: float = STRONG_VECTOR,
            vector_weak: float = WEAK_VECTOR, embed: Callable[[list[str]], Any] | None = None, rerank: int = 30,
            sense: WordSense | None = None, absent: frozenset[str] = frozenset(), said: str = "") -> Extraction:
    """The units of the top ``candidates`` that answer ``question``, best first (or a decline).

    With ``embed``, the best ``rerank`` units are also scored by their meaning's closeness to the question.
    With ``sense``, a question word the passage says in other words counts (partly) as shared. ``absent``
    are question words no file has: chatty ones ("set me back") neither help nor hurt a passage, unless
    it says them in other words. ``said``: the question as asked, before a phrase became a paper's word.
    """
    terms = topic_terms(question)
    kind, asked = typed_by(question)
    # "the total" (as asked too: "what goes out of our account"), and "how much was the locksmith's bill": a bill's
    total_asked = kind == "amount" and bool(TOTAL_ASK.search(f"{question} {said}"))  # amount is its total, not a line
    totals = total_asked or kind == "amount" and bool(BILL_ASK.search(question))  # (nor its "Amount" column)
    spoken = [w for w in words(question) if not (totals and w == "amount")]
    of_whole = {w for m in _PART_OF.finditer(question) for w in words(m[1] or m[2])}  # "how much of his pay went to …": no pay
    frame = [stem(w) for i, w in enumerate(spoken) if w not in STOP and stem(w) not in terms and not w.isdigit()
             and w not in of_whole and not foreign_month(spoken, i)]  # ("φμυ μισθοδοσια μαιος": May's paper, no line)
    frame += [w for w in spoken if w in ("total", "amount", "number", "date", "name", "size", "address")]
    whole_stems = {stem(w) for w in of_whole}  # the whole places the paper; no line of it (unless it is all asked)
    whole_terms = set() if set(terms) <= whole_stems else {t for t in terms if t in whole_stems}
    frame += ["filed"] if _FILED.search(question) else []  # "when did she file it": the day it was filed, no computer file
    focus = [t for t in focus_words(question) if t in terms]
    topic = " ".join(w for w in words(question) if w not in GENERIC)[:60] or "that"
    result = Extraction(topic=topic)
    if not candidates:
        return Extraction(declined=True, reason="no passages", topic=topic)
    best_rrf = max(c.rrf for c in candidates) or 1.0
    months, years = asked_months(question)
    contrasts = Contrasts(question)
    deadline = kind in ("date", "time") and bool(DEADLINE_ASK.search(question))
    span = kind == "date" and bool(_SPAN_ASK.search(question))  # "what dates did it cover": from one to another
    datelined = kind == "date" and not _PAPER_DAY_ASK.search(question)  # a letter's own day answers no other when
    whole_sum = total_asked and not RATE_ASK.search(question)
    # "net pay": not the total it is taken from (+1); "gross pay": that total, not what is left (-1)
    net = (kind == "amount") * (bool(totals_mod.NET_ASK.search(question)) - bool(totals_mod.GROSS_UNIT.search(question)))
    facts: list[Fact] = []
    focus_seen = not focus
    counted_by_label = bool(focus) and "how many" in question.lower()  # a count, not "how much electricity"
    asked_stems = {stem(w) for w in words(question)}
    given = days(question)  # "on 18 November 2025": the passage that says that day (as 18/11/2025 or otherwise)
    spans = months_mod.year_spans(question)  # "rates total 25/26": the 2025/2026 notice
    numbered = numbered_things(question)  # "in Term 2": the receipt that says "Term 2" (or is named "…_T2")
    # "the next service", "when does the car insurance renew": the newest paper of a series is the one in force,
    # unless the question places another ("in 2025", "last year's", "the first")
    now_weight = NEWEST_WEIGHT if LATEST.search(question) or LAST_PAPER.search(question) or deadline and not (
        months or years or given or spans or numbered or LOOKS_BACK.search(question) or _FIRST.search(question)) else 0.0
    newest = newest_of_series(candidates[:top + 1]) if now_weight else set()
    place = asked_ordinal(question)  # "the first tournament": item 1 of a numbered list; "Eliška's 2nd jab": "2. dávka"
    last_time = bool(LAST_TIME.search(question))  # "when did I last fill up": a log's row, not a paper's date
    placing = {t for t in terms if t.isdigit() or t in MONTH_NAMES.values()}  # "feb 2026": which paper, not a line
    # "the lights": the electricity bill, whose total answers; "to be online each month": a line's price a month
    naming = totals_mod.papers_named(question) | {stem(w) for w in said_otherwise("" if contrasts.period else said or "")}
    firm_asked = kind == "person" and bool(role_words(question))  # "who insures the car": a firm answers
    papers_word = [t for t in terms if t in PHRASED and not contains(said, t)] if kind and said else []  # "still owe"
    booking = kind == "code" and kinds.asks_booking_code(question)  # "what code do I check in with": its label
    named_code = code_named(question) if kind == "code" else []  # "the policy number": "Polizza n. | 2026/RCA/…"
    used = kind == "number" and asks_use(question)  # "how much electricity did we use": what was consumed
    cover = kind == "amount" and asks_cover(question)  # "the cover amount": the sum insured, not the premium
    rate_asked = kind == "amount" and bool(RATE_ASK.search(_PER_PERIOD.sub("", question)))  # "each class": "$148.87 per"
    # "which doctor", "the tenant's name"; "the plumber's mobile": his line, not the contact table's "Mobile" column
    role = [t for t in terms if kind in ("person", "code") and people.is_role(t)]
    told = told_apart(question)  # "If we move out … What did we leave as security?": counted where a passage says it
    # a bare phrase whose amount is asked by a word of no sum ("carbonara eggs qty", "kartoffelsalat essig menge")
    bare_qty = kind == "amount" and not asked and bare_phrase(words(question))
    # the search adds a best passage's next, and the passages past the best that say every word of the question
    read = candidates[:top + 1] + [c for c in candidates[top + 1:] if len(terms) >= 2 and len(c.terms) >= len(terms)]
    for rank, c in enumerate(read):
        in_passage = [t for t in terms if contains(c.text, t) or contains(c.named, t) or says_shape(t, c.text)
                      or names_month(t, c.file_name)]
        if any(t.isdigit() and len(t) >= 3 and t not in in_passage and not _digits_said(t, c.text, c.named) for t in terms):
            continue  # "in 2023", "invoice 4471": a number the question gives must be there (in a code too: INV-2026-0418)
        # the question's other words, said differently: their closest word in the passage
        missing = [t for t in terms if t not in in_passage and not t.isdigit()]
        pw: list[str] = []
        sims = np.zeros((len(missing), 0), dtype=np.float32)
        if sense is not None and missing:
            pw = passage_words(f"{c.text} {c.named}")
            sims = sense.similarity(missing, pw)
        col = {w: j for j, w in enumerate(pw)}
        sensed = [t for t, row in zip(missing, sims, strict=True) if row.size and row.max() >= SENSE_NEAR]
        shared = len(in_passage) + len(sensed)
        counted = len([t for t in terms if (t not in absent or t in sensed or not (common(t) or adverb(t) or t in NATIONAL))
                       and (t not in SELECTING and t not in told or t in in_passage or t in sensed)]) or len(terms)
        coverage = shared / counted if terms else 0.0
        vec = c.vector_score or 0.0
        if terms and coverage < (0.5 if len(terms) <= 2 else 0.34) and vec < vector_strong:
            continue  # shares too little of what the question is about
        if not terms and vec < vector_weak:
            continue
        named = [t for t in terms if contains(c.named, t)]  # the file's name or folder already says these
        # "agency, legal & caution receipt": its name lists things, and the line that says one is that thing's
        listed = [t for t in named if contains(c.file_name, t)] if _LISTING.search(c.file_name.rsplit(".", 1)[0]) else []
        named = [t for t in named if t not in listed]
        own = {stem(w) for w in words(c.named) if w.isalpha()} - set(terms) - STOP  # the paper's own thing ("Rent/…")
        firsts = people.first_names(c.text) if kind == "person" else frozenset()  # "Tomasz owns …" after "Tomasz Nowak"
        # the paper asked: not the estimate for the bill, the one with the dates the question quotes, the newest
        number = number_said(numbered, c.text, c.file_name) if numbered else 0  # "Term II" +1, "Term I" -1
        paper = -PAPER_PENALTY * other_paper(question, c.file_name) + QUOTED_WEIGHT * (
            bool(given and given & days(f"{c.text} {c.file_name}")) or months_mod.says_span(f"{c.text} {c.file_name}", spans)
            or number > 0 or len(months) >= 2 and months <= spanned_months(c.text)) - QUOTED_WEIGHT * (number < 0) \
            + now_weight * (c.path in newest) + LOG_WEIGHT * (last_time and is_log(c.text)) \
            - OTHER_MONTH_PENALTY * (not (deadline or contrasts.since) and dated_otherwise(months, years, c.text, c.file_name))
        heads: dict[str, list[str]] = {}  # a heading -> the question words it says
        period = months_mod.paper_period(months, years, c.file_name)  # a bill's rows of other months: its history
        units = sectioned(c.text, c.file_name)
        placed = numbered_items(c.text, place) if place else []  # the list's item at the place asked
        # a word that several lines with sums say names the job they make up, not one of them ("the winter tires":
        # the swap, the storage and the disposal; the answer is their total)
        sums = sums_of([x for x in units if not contrasts.employers(x[0], f"{x[3]} | {x[2]}")], asked_stems) \
            if kind == "amount" and not rate_asked else None  # ("per month" is none; nor what the employer adds)
        sheet = c.file_name.lower().endswith(TABLES)  # a sheet's row that says the item is its sum, "actually" or not
        shared_by = shared_by_sums(sums, terms, 1 if TOTAL_ASK.search(question) and not sheet else 2) if sums else set()
        # "… come to": one line is enough; a paper asked as a whole: not one of its lines ("drill": "the power tool")
        as_whole = sums is not None and not totals and not shared_by and names_no_item(
            sums, terms + (sense.kinds_said(missing, pw) if sense is not None else []), c.named, placing | naming)
        for u, title, whole, section in units:
            if contrasts.other(u if u != whole and _LABELLED.match(u) else whole, f"{section} | {whole}") or \
                    contrasts.outdated(section):
                continue  # "Check-in: 12 May, 15:00" answers nothing about checking out; "Last year you paid …" no
                # question of this year's, though its line also says this year's total
            same_side = contrasts.same(whole)
            here = [t for t in terms if contains(u, t) and t not in named and t not in whole_terms
                    and (same_side or t not in contrasts.qualifiers)]
            cols = [col[w] for w in dict.fromkeys(words(u)) if w in col]
            said = {t: sense_credit(float(sims[i, cols].max())) for i, t in enumerate(missing)} if cols else {}
            says_focus = any(contains(u, t) or said.get(t, 0.0) >= 1.0 or compound(u, t) or measured_as(u, t)
                             for t in focus)
            focus_seen |= says_focus
            typed = bool(kind and new_value(kind, u, asked_stems) or firm_asked and shapes.FIRM.search(u)
                         or firsts and here and people.names_one(u, firsts, asked_stems))
            # a unit without the asked type ("who", "which company") only places the answer: its words count less
            weight = 0.5 if kind and asked and not typed else 1.0
            here_said = sum(said.values())
            if (shared_by or naming) and typed and not TOTAL_UNIT.search(u):  # "the internet bill": not its line
                here = [t for t in here if t not in shared_by and t not in naming]
            score = weight * (1.2 * len(here) + 0.9 * here_said) + 0.6 * max(0.0, shared - len(here) - here_said)
            # "what time": a label's "Check-in time:", not "(local time)" in a sentence
            # (asked until when: the date of a label that says an end, "Datum splatnosti", not "Datum prohlídky")
            score += 1.0 * sum(1 for f in frame if contains(u.split(":", 1)[0] if f in _ASKED_AS else u, f)
                               and not (deadline and f == "date" and not DEADLINE_UNIT.search(u.split(":", 1)[0])))
            score += 2.0 * same_side + NAMED_WEIGHT * (len(named) + sum(contains(u, t) for t in listed)) + paper \
                - contrasts.unasked_case(whole) \
                - contrasts.kept_apart(f"{section}\n{u}")  # (or under a heading for guests: "Gäste-WLAN")
            score += CELL_WEIGHT * _in_one_cell(u, here)
            labelled_by = u.split(":", 1)[0] if typed and _LABELLED.match(u) else ""  # a typed value's label
            label = {stem(w) for w in words(labelled_by)} if own or counted_by_label else set()
            if own & label and label & set(here):  # "the deposit" of a lease filed under Rent: "Rent deposit", not
                score += OWN_LABEL_WEIGHT  # "Utility deposit"; a label that says the thing asked and the paper's own
            if counted_by_label and label:  # "how many nights": "Nights: 4", labelled by it
                score += CELL_WEIGHT * (label == set(focus))
            if section:  # the heading it sits under says a question word, or the day asked: "RETOUR – 14/06/2026"
                if section not in heads:  # read once for all the units under it
                    heads[section] = [t for t in terms if contains(section, t)]
                score += SECTION_WEIGHT * (any(t not in here and t not in named for t in heads[section])
                                           + bool(given and given & days(section)))
            score += SECTION_WEIGHT * bool(given and given & days(u))
            row = u != whole or whole.count(": ") >= 3  # a row's item, or a whole row of three cells or more
            if row and months_mod.names_other_month(*period, whole.split(", ", 1)[0]):
                score -= OTHER_MONTH_PENALTY  # the row keyed by another month ("Bill Month: SEP-2026, …")
            if placed and any(item.startswith(whole[:40]) for item in placed) or place and place in places_said(u):
                score += ORDINAL_WEIGHT  # (or a line that names the place: "2. dávka … 8. 12. 2026", the second dose)
            if kind and typed:
                score += 3.0 if asked else 1.5
                # (a role's contact more: its line, not a contact table's "Mobile" cell of someone else)
                score += ROLE_WEIGHT * (1 + (kind == "code")) * any(contains(u, t) for t in role)
                # "who is the landlord": a line labelled a name ("Full name: Miriam Achterberg"), not an address for
                # service; "how many hours did he bill": the row that gives hours ("Qty: 22.5, Unit: h"), not "Bill to"
                score += NAME_LABEL_WEIGHT * (kind == "person" and contains(labelled_by, "name")) \
                    + FOCUS_WEIGHT * (counted_by_label and says_focus) + DEFINED_WEIGHT * (
                        kind == "person" and people.defines(u, lambda w: any(contains(w, t) for t in terms)))
                labelled = u == whole and ":" in u and any(contains(u.split(":", 1)[0], t) for t in papers_word)
                score += USE_WEIGHT * (used and says_use(u)) + COVER_WEIGHT * (cover and says_cover(u))
                score += PAPERS_WORD_WEIGHT * (labelled or booking and kinds.labels_booking_code(u)
                                               or bool(named_code) and labels_code(u, named_code)) + RATE_WEIGHT * rate_asked * (
                    bool(RATE_ASK.search(u)) - bool(TOTAL_UNIT.search(u)))  # a total is no price of one
                if deadline and DEADLINE_UNIT.search(u) and not kinds.from_days_only(u) or (totals and not sheet or shared_by or as_whole) and not net and \
                        totals_mod.paper_total(u, question, terms) and not (u != whole and _ITEM_ROW.search(whole)):
                    # (not an item's row: its "Total (R$): 220,00" is one line's)
                    score += 1.0 + WHOLE_SUM_WEIGHT * (whole_sum and not deadline)  # "what did it end up costing"
                    score += HARD_DEADLINE_WEIGHT * (deadline and bool(HARD_DEADLINE.search(u)))
                # "what did it cost altogether": no "$60 per family"
                score += 1.5 * net * totals_mod.net_side(u) - 1.0 * (whole_sum and bool(RATE_ASK.search(u)))
                score -= 2.0 * (kind == "date" and _clock_only(u))  # "when does it end": a day, not "ends at 12:01 a.m."
                score -= 1.0 * (datelined and _dateline(u)) - 0.5 * (kind == "date" and not deadline and not span
                                                                     and _range(u) and not _LABELLED.match(u))
                # (an event's days told in a sentence, "when is the trip": "… de 21/10 a 23/10/2026"; not a labelled
                # "Billing period: 01/02 - 28/02", which is no event)
                # (asked by when to pay: not the day a discount ends, "5% off if paid on or before 28th August")
                score -= 1.5 * (deadline and bool(_DISCOUNT.search(u)) and not _DISCOUNT.search(question))
                if span:  # one date is no span, however it is labelled ("Due date: 25/02/2026")
                    score += 1.0 if len(shapes.TYPE_PATTERNS["date"].findall(u)) >= 2 else -1.0
            elif kind == "amount" and (focus or bare_qty) and shapes.QUANTITY.search(u if focus else YEAR.sub("", u)) \
                    and not shapes.TYPE_PATTERNS["date"].search(u):  # (or asked by a bare "qty": "carbonara eggs qty";
                # then a year is no quantity: "Kartoffelsalat 2026" gives no measure of it)
                score += 1.0 + says_focus  # "512 GB" for "how much storage" (a count of days is no pay)
            score += 1.0 * (c.rrf / best_rrf) + 0.6 * vec - 0.1 * rank + 1.5 * name_date_fit(c.file_name, months, years) \
                + YEAR_WEIGHT * name_year_fit(c.file_name, months, years)
            score -= 0.004 * max(0, len(u) - 40)
            if (title or u.endswith(":")) and not (firm_asked and shapes.FIRM.search(u)):
                score -= 1.0  # a document's title names it, a label ends in what follows it: they rarely answer,
                # but a letterhead's firm is who sent it ("who supplies our gas": "Flame Gas Ltd, Cork")
            if len(u.split()) < 2 and not typed:
                score -= 1.0
            facts.append(Fact(_trim(u, here or terms), c.path, c.file_name, score, typed, c))
    if not facts:
        return Extraction(declined=True, reason="no passage shares the question's words", topic=topic)
    if not focus_seen:  # "how much yeast" where the passages list flour and eggs: what it counts is not there
        return Extraction(declined=True, reason=f"no passage mentions {' '.join(focus)}", topic=topic)
    quantity = kind == "amount" and any(shapes.QUANTITY.search(f.text) for f in facts)  # "how much fruit": 3 bananas
    if kind == "code" and kinds.asks_whom_to_call(question) and not any(f.typed for f in facts):  # no number: whom
        facts = [replace(f, typed=True, score=f.score + 3.0) if kinds.names_whom_to_call(f.text) else f for f in facts]
    if kind in ("amount", "number", "code", "time", "duration", "weight", "date" if asked else "-", "person" if asked else "-") \
            and not any(f.typed for f in facts) and not quantity:
        # "what's my passport number" where a note only says "renew passport": the value is not there
        return Extraction(declined=True, reason=f"no {kind} in the passages about it", topic=topic)
    facts.sort(key=lambda f: -f.score)
    if embed is not None and len(facts) > 1:
        head = facts[:rerank]
        vecs = np.asarray(embed([question] + [f.text for f in head]), dtype=np.float32)
        for f, v in zip(head, vecs[1:], strict=True):
            f.score += MEANING_WEIGHT * float(v @ vecs[0])
        facts = sorted(head, key=lambda f: -f.score) + facts[rerank:]
    result.facts = facts
    return result


_FILED = re.compile(r"\b(?:did|do|does|will|must|should|to|we|i|she|he|they)\s+(?:\w+\s+)?file\b(?!\s+(?:name|size|type))|"
                    r"\bfiled\b", re.IGNORECASE)
_PART_OF = re.compile(r"\bhow much of (.{1,40}?) (?:went|goes|go|gone|is|was|were|are|got|gets|get) (?:to|towards|into|on|for)\b|"
                      r"\b(?:taken|deducted|withheld|docked|kept|keep|held back|stopped)\s+(?:off|out of|from)\s+(.{1,40}?)"
                      r"(?=\s+(?:in|for|on|at|this|last|during|of)\b|[?.,;]|$)", re.IGNORECASE)
_LISTING = re.compile(r"\w[,&+]\s*\w.*(?:,|&|\band\b)|\w\s&\s\w")  # a name that lists things: "agency, legal & caution"
_TO = frozenset("to till until through thru a à até ao au al bis tot – — -".split())


def _range(unit: str) -> bool:
    """Whether ``unit`` gives days from one to another ("de 21/10/2026 (quarta-feira) a 23/10/2026")."""
    found = list(shapes.TYPE_PATTERNS["date"].finditer(unit))
    return any(re.sub(r"\([^)]*\)", "", unit[a.end():b.start()]).strip(" ,").lower() in _TO
               for a, b in zip(found, found[1:], strict=False))


def _clock_only(unit: str) -> bool:
    """Whether every date ``unit`` gives is a clock time ("Policy period begins and ends at 12:01 a.m.")."""
    said = [m.group() for m in shapes.TYPE_PATTERNS["date"].finditer(unit)]  # (a weekday's is a day: "Thursdays, 4:30")
    return bool(said) and all(re.fullmatch(r"\d{1,2}:\d{2}", d) for d in said) and \
        not any(stem(w) in WEEKDAYS for w in words(unit))


def _dateline(unit: str) -> bool:
    """Whether ``unit`` is a place and a date alone (:data:`_DATELINE`)."""
    m = _DATELINE.fullmatch(unit)
    rest = shapes.TYPE_PATTERNS["date"].sub("", m.group(1)) if m and shapes.TYPE_PATTERNS["date"].search(m.group(1)) else "x"
    return not re.sub(r"\b(?:de|del|of)\b|\d{4}|[\s.,]", "", rest)


def _in_one_cell(unit: str, here: list[str]) -> bool:
    """Whether a table row said with its columns ("Date: 3/29/2026, Altar Flowers: Dolores Kowalski") has a
    question word in a column's name and another in that column's value: the row of the cell asked about."""
    if len(here) < 2 or unit.count(": ") < 3:
        return False
    return any(any(contains(name, t) for t in here) and any(contains(value, t) and not contains(name, t) for t in here)
               for name, value in row_cells(unit))


def answer_text(ex: Extraction, max_chars: int = 300) -> str:
    """The best fact with its file, in one or two short sentences."""
    if ex.declined or not ex.facts:
        return f"I found nothing about {ex.topic} in your files."
    best = ex.facts[0]
    text = best.text.rstrip()
    if text[-1:] not in ".!?…":
        text += "."
    out = f"{text} (from {best.file_name})"
    return out if len(out) <= max_chars else out[: max_chars - 1].rsplit(" ", 1)[0] + "…"
