"""What a question asks about: the attribute noun phrase ("the room number" -> room, "what colour" -> colour).

:func:`asked_words` reads it; :mod:`.verify` declines an answer that does not say it, so a sentence near
the topic ("Check-in: 12 May") is not given for a thing the files never state (the room number).
"""

from __future__ import annotations

import itertools
import re
from functools import lru_cache

from .commonness import adverb
from .continuation import bare_phrase
from .focus import focus_words
from .gloss import heads, spelled_out
from .kinds import _ASKED_AS, NUMBER_SAID, asked_part, is_cue
from .months import foreign_month
from .people import is_role
from .roles import role_words
from .slots import GENERIC, STOP, idiom, stem, time_words, words

DETERMINERS = frozenset("the a an my your our their his her its that this these those".split())
_PRONOUNS = frozenset("i we you they he she".split())
AUX = frozenset("is are was were be do does did will would should can could have has had".split())
# what ends the asked noun phrase: a preposition, an auxiliary, a pronoun ("what's the room number AT ...",
# "what colour IS ...", "which card did I ...")
_NP_END = AUX | _PRONOUNS | frozenset("of at on for in from to with about by into over under and or me it when "
                                       "if than per after before during since until including excluding without "
                                       "between like via onto going gonna left owed owing".split())
# verbs that follow the noun a "which"/"what" asks for ("which chemical WENT onto the pears", "what shop SOLD me")
# what a thing does at a time ("when does Tom's flight land"): the verb after the thing a "when" asks of
HAPPENS = frozenset("land lands leave leaves arrive arrives depart departs open opens close closes happen happens "
                     "finish finishes take takes run runs kick kicks call calls".split())
_WHICH = frozenset("next last first latest upcoming current previous".split())  # which one, not what thing
VERBS = frozenset("went goes go came comes come got gets get need needs needed want wants wanted cost costs paid pays "
                   "sent sends sold sells bought buys made makes took takes gave gives told tells did does said says "
                   "used uses ran runs fixed fixes happened".split())


# stop words (how file questions are asked: "how much room does it take") that are a thing's attribute after
# "what's the ...": "the room number", "the size of the TV"
_STOP_NOUNS = frozenset("room size sizes space storage weight".split())
# nouns that only name a kind of thing, like "type": "the payment method" asks for a payment
_KIND_NOUNS = frozenset("method methods way ways sort sorts style option options form mode".split())
# adjectives that only say which value of a paper is asked, its last or whole one ("the final amount")
_FRAMING = frozenset("final overall actual exact full whole grand".split())


# amounts that are a thing of their own, not any sum: a booking's total is no deposit, a bill's no refund
_NAMED_AMOUNTS = frozenset("deposit deposits rent salary budget refund balance contribution contributions pension pensions excess "
                            "deductible".split())


def _dated(question: str, ws: list[str]) -> set[str]:
    """The words of ``question`` (``ws``) that say when, a month's name in another tongue too ("ottobre")."""
    return time_words(question) | {w for i, w in enumerate(ws) if foreign_month(ws, i)}


def is_type_word(w: str) -> bool:
    """A word that names the kind of value asked ("number", "fee", "date", "address") or only frames the
    question ("the last", "the main"): the extracted type (or its absence) already answers for it."""
    s = stem(w)
    if w in _NAMED_AMOUNTS or s in _NAMED_AMOUNTS:
        return False
    if "-" in w.strip("-"):  # "the full-year amount", "the all-in price": words that frame, joined
        return all(is_type_word(part) for part in w.split("-") if part)
    return (((w in STOP or s in STOP) and w not in _STOP_NOUNS) or s in _ASKED_AS or w in _ASKED_AS or w in _KIND_NOUNS
            or w in _FRAMING
            or is_cue(w) or is_cue(s) or any(is_cue(p) for p in spelled_out(w)))  # ("bruno chip nr": its number)


# ways of paying a sum: "how much do I transfer him" asks the sum, no transfer line ("how much did I tip" asks the tip)
_PAYING = frozenset("transfer wire remit send give hand".split())

def asked_words(question: str) -> list[str]:
    """:func:`_asked`, as a new list (read for every fact a check weighs: computed once a question)."""
    return list(_asked(question))


# words that name only the kind of value asked, said in another tongue at the end of a bare phrase ("mehl menge": the
# flour's quantity); not a value's own word ("netto": the net pay is asked, and a line must say it)
_KIND_OF_VALUE = frozenset("quantity number amount".split())


def _kind_abroad(word: str) -> bool:
    return bool(_KIND_OF_VALUE & set(heads(word)))


@lru_cache(maxsize=256)
def _asked(question: str) -> tuple[str, ...]:
    """The attribute a question asks for, as stems: the head noun phrase of what is asked, without the words
    that only name the kind of value ("what's my room number at the hotel" -> room; "what colour is the
    drill" -> colour; "what's the late fee on the invoice" -> late; "how much did I tip" -> tip; "how many
    eggs" -> egg). Empty when the wh-word itself asks (who, when, where), or when the phrase cannot be read
    ("how much did the drill cost": subject or verb?)."""
    # of the sentence that asks, not of what it tells first ("I'm checking what landed in my account. How much …?")
    question = asked_part(question)
    ws = _before_named_deed(question, [w for w in words(question) if not adverb(w)])
    for i, w in enumerate(ws):
        nxt = ws[i + 1] if i + 1 < len(ws) else ""
        if w == "how" and nxt in ("much", "many"):
            focus = focus_words(question)
            if focus:  # "how many avocados exactly": how it asks is no attribute
                return tuple(f for f in focus if not is_type_word(f) and not adverb(f))
            rest = ws[i + 2:]
            # "how much did I tip": with a pronoun for subject, the verb is the thing asked
            if len(rest) >= 3 and rest[0] in AUX and rest[1] in _PRONOUNS:
                verb = rest[2]
                return () if is_type_word(verb) or verb in GENERIC or verb in _PAYING or idiom(rest, 2) \
                    else (stem(verb),)
            # "how much was the deposit for the hotel": an amount of its own after the verb is what is asked
            # ("how much is the stay" asks the stay's cost: the stay is the thing, not the attribute)
            if len(rest) >= 2 and rest[0] in ("is", "are", "was", "were") and rest[1] in DETERMINERS:
                np = _head_phrase(rest[1:], True)
                return tuple(np) if np and np[-1] in _NAMED_AMOUNTS else ()
            return ()
        if w in ("what", "which", "what's", "whats", "who", "who's"):
            rest = ws[i + 1:]
            if "with" in role_words(question):
                return ()  # "who's our broadband with": the firm that provides it, not a thing of it
            if w in ("what's", "whats", "who's"):
                rest = ["is", *rest]
            be = bool(rest) and rest[0] in ("is", "are", "was", "were")
            if be:
                rest = rest[1:]  # "what is the X of ...": the phrase after the verb
            elif w.startswith("who") or rest and (rest[0] in AUX or rest[0] in GENERIC and rest[0] not in STOP):
                return ()  # "what did I pay", "what does E24 mean", "what goes on top", "who leads": no noun asked
            if not be and rest and rest[0] in _OWNED:
                return ()  # "(I need to know) what the cover costs": its subject, then the verb that asks
            if be and not (rest and rest[0] in DETERMINERS) and not any(x.endswith("'s") for x in rest[:4]):
                return ()  # "who is in charge", "what's wrong with it": no noun phrase asked
            return tuple(_head_phrase(rest, be))
        owner = next((j for j in range(i + 1, min(i + 5, len(ws))) if ws[j].endswith("'s")), None) \
            if w in ("when", "when's") else None
        if owner is not None:  # "when does Maricel's passport expire": her passport, said, not her contract's end
            thing = [x for x in itertools.takewhile(lambda x: not (is_cue(x) or x in VERBS or x in HAPPENS or len(x) > 4
                                                                  and x.endswith("ed")), ws[owner + 1:]) if x not in _WHICH]
            # (a thing of three words or through "of" is often written by its initials: "national car test", NCT)
            return () if "of" in thing or len(thing) > 2 else tuple(_head_phrase(thing, False)[-1:])
        if w in ("who", "whom", "whose", "when", "where", "why", "how", "when's", "where's"):
            return ()
    if ws and bare_phrase(ws):  # "chennai flight pnr?": a bare phrase asks for its head
        dated = _dated(question, ws)  # "shearing invoice total nov 25?", "netto ottobre?": no month is a thing asked
        dated |= {w for m in _ROUTE.finditer(question.lower()) for w in m.groups()}  # "pnr pune->madgaon": which
        phrase = [x for x in ws[:next((i for i, x in enumerate(ws) if x in _NP_END), len(ws))]
                  if not x.isdigit() and x not in dated]
        if not phrase or is_type_word(phrase[-1]) or any(is_cue(x) or stem(x) in _ASKED_AS for x in phrase[1:-1]) \
                or NUMBER_SAID.search(question) or is_cue_abroad(phrase[0]) or _kind_abroad(phrase[-1]) or \
                any(x == "name" and is_role(p) for p, x in zip(phrase, phrase[1:], strict=False)):
            return ()  # "bike serial no?", "nct expiry skoda", "bond no. ferry lane", "vet name": the kind asked says it all
            # (in another tongue too: first, "fianza piso"; last, a word for a kind of value, "kaiserschmarrn mehl menge")
            # (as in a tongue whose phrases open with their head: "fianza piso?", the flat's deposit)
        return tuple(_head_phrase(phrase, True)[-1:])
    return ()


_ROUTE = re.compile(r"([^\W\d_]+)\s*(?:->|→|>)\s*([^\W\d_]+)")  # a journey's ends, written with an arrow


_NAME = re.compile(r"(?<=\S\s)(?<![.?!:]\s)[^\W\d_a-z][\w'’-]*")  # a capitalised word inside a sentence


def _before_named_deed(question: str, ws: list[str]) -> list[str]:
    """``ws`` up to a clause whose subject is a name and whose verb is done ("the total of the invoice *Tomás issued*
    to Tercer Lugar": the invoice is named by what follows, the attribute is before it)."""
    names = {m.group().lower().removesuffix("'s") for m in _NAME.finditer(question)}
    for i in range(1, len(ws) - 1):
        if ws[i] in names and ws[i - 1] not in DETERMINERS and ws[i - 1] not in _NP_END and \
                (ws[i + 1] in VERBS or len(ws[i + 1]) > 4 and ws[i + 1].endswith("ed")):
            return ws[:i]
    return ws


def _head_phrase(rest: list[str], be: bool) -> list[str]:
    """The noun phrase that opens ``rest``, as stems without its kind words (the head last); through "of"
    when what comes before only names a kind ("the name of the hotel", "what kind of room")."""
    np: list[str] = []
    for i, x in enumerate(rest):
        if x == "of" and all(is_type_word(y) for y in np):
            if _SUM_WORDS & set(np):
                break  # "the total price of the cottage": its sum, which the paper's total line says without it
            np = []
            continue
        if x in _NP_END or not be and np and (x in VERBS or len(x) > 4 and x.endswith("ed")) or np and x in _RELATIVE:
            break  # (and "the doctor that saw him": what follows a relative pronoun says which one)
        if x.endswith("'s"):  # "garage moreau's phone number": the owner names the thing, not the attribute
            np = []
            continue
        if x in DETERMINERS and not np:
            continue
        np.append(x)
        if not be and is_type_word(x) and rest[i + 1:i + 2] != ["of"]:
            break  # "which company insures my flat": the kind's noun heads the phrase, a verb follows
    if np and np[-1] in _PAPERS:
        return []  # "what was the Rogers internet bill": the bill as a whole; its words say which one
    return [stem(x) for x in np if (not is_type_word(x) or x in _WHICH_SUM) and not x.isdigit() and len(x) > 1
            and not (x in _WHICH_ONE and np[-1] != x)]  # "the new premium": which one, not a word its line says


_WHICH_ONE = frozenset("new old current latest next last previous upcoming".split())
_SUM_WORDS = frozenset("price cost total amount sum".split())


# of the words of a sum, those that say which of a paper's sums is asked ("net pay": not the gross, nor a bill's total)
_WHICH_SUM = frozenset(("net", "gross"))
_RELATIVE = frozenset("that who which whom whose".split())
_PAPERS = frozenset("bill bills invoice invoices receipt receipts statement statements".split())


_PAID = frozenset("pay paid pays paying spend spent spends spending".split())
_CHARGED = frozenset("charge charged charges charging cost costs costed".split())
_BILLED = _CHARGED | frozenset("bill billed quote quoted ask asked".split())  # what the one who did the work did
_COST = frozenset(("cost", "costs"))
_COST_ASKED = frozenset("did does do".split())  # "how much did the drill cost", "what does the gym cost"
_PAYERS = frozenset("i we you they he she to did do does will would must should can could we'll i'll".split())
_OWNED = frozenset("the my our your his her their".split())  # not "that visit": the thing of the turn before


def paid_for(question: str) -> list[str]:
    """What a question asks the price of, as stems, its head last: "how much did I pay for travel insurance for the
    trip" -> travel, insurance; "what did we spend on parking at the hotel" -> parking; "what did the roofer charge
    to replace the gutters" -> gutter; "how much did the new sofa from IKEA cost" -> new, sofa. Empty when it names
    none."""
    question = asked_part(question)  # of the sentence that asks: "Rui's pay for October came through. How much …?"
    ws = words(question)
    dated = _dated(question, ws)  # "the January 2026 cold snap": when, not what
    for i, w in enumerate(ws[:-2]):
        owned = i and (ws[i - 1] in _OWNED or ws[i - 1].endswith("'s")  # "his pay for October": a noun, no verb
                       or w == "pay" and ws[i - 1] not in _PAYERS)  # "my net pay on the March 5 pay": a noun too
        start = i + 2 if w in _PAID and ws[i + 1] in ("for", "on") and not owned else \
            i + 3 if w in _CHARGED and ws[i + 1] == "to" and ws[i + 2] not in STOP else \
            i + 1 + ws[i + 1].endswith("'s") if w in _COST_ASKED and i and ws[i - 1] in ("much", "what") and (
                ws[i + 1] in _OWNED or ws[i + 1].endswith("'s")) and any(x in _COST for x in ws[i + 2:i + 8]) else 0
        # charge to *replace* the gutters; did *the drill* cost; did Dan's *filling* cost
        if start and ws[:2] == ["how", "much"] and set(ws[2:i]) & (_NAMED_AMOUNTS | {"overtime", "tax", "tip"}):
            return []  # "how much security deposit did we pay for the flat": the deposit, not the flat's price
        if start:
            return _noun_phrase(ws[start:], skip=DETERMINERS | dated, end=_COST)
    # "how much is the shuttle bus to Cradle Mountain": the thing itself, priced (not "how much was the deposit",
    # an amount the paper names, nor "how much is the invoice", a paper that is its own price)
    if ws[:2] == ["how", "much"] and ws[2:3] and ws[2] in _BE and ws[3:4] and ws[3] in _OWNED:
        np = _noun_phrase(ws[4:], skip=DETERMINERS | dated, end=_COST)
        if np and not any(is_type_word(w) or w in _NAMED_AMOUNTS or w in _PAPERS or is_cue_abroad(w) for w in np):
            return np
    return []


_BE = frozenset("is was are were".split())
_PAPERS = frozenset("bill invoice receipt statement quote order ticket booking".split())  # (stems)


def charged_by(question: str) -> str:
    """Who a question says charged what it asks the price of, as a stem: "how much did the electrician charge to
    rewire the shed" -> electrician; "what did our plumber bill us" -> plumber. Empty when it says no one."""
    ws = words(question)
    for i, w in enumerate(ws[2:-1], start=2):
        if ws[i - 2] in ("much", "what") and ws[i - 1] == "did" and w in _OWNED and ws[i + 2:i + 3] and \
                ws[i + 2] in _BILLED and ws[i + 1].isalpha():
            return stem(ws[i + 1])
    return ""


def due_for(question: str) -> list[str]:
    """What a date is asked of by "due for": "when is the car due for its next service" -> service. Empty when the
    question says no "due for"."""
    ws = words(question)
    at = next((i for i in range(len(ws) - 2) if ws[i] == "due" and ws[i + 1] == "for"), None)
    return _noun_phrase(ws[at + 2:], skip=DETERMINERS | {"next", "another", "its", "a"}) if at is not None else []


_PARTICIPLE = re.compile(r"[a-z]{3,}ed|sent|made|bought|paid|given|taken|done")


def _noun_phrase(ws: list[str], skip: frozenset[str] | set[str] = DETERMINERS,
                 end: frozenset[str] = frozenset()) -> list[str]:
    """The stems of the noun phrase that ``ws`` opens with (at most 3 words; ``skip`` words before it)."""
    np: list[str] = []
    for x in ws:
        if x in skip and not np:
            continue
        if x in _NP_END or x in STOP or x in end or not x.isalpha() or len(np) == 3 or np and _PARTICIPLE.fullmatch(x):
            break  # (a participle after the noun opens what is said of it: "the electricity bill issued in November")
        np.append(x)
    return [stem(x) for x in np]


_RECIPE = frozenset({"recipe", "recipes"})


def recipe_for(question: str) -> list[str]:
    """The dish a recipe is asked for, as stems, its head last: "where's my recipe for pork tamales" -> pork, tamal;
    "the banana bread recipe" -> banana, bread; "how do I make chocolate cake" -> chocolate, cake. Empty when it asks
    for none ("what recipes do I have")."""
    ws = words(question)
    for i, w in enumerate(ws):
        if w in _RECIPE and ws[i + 1:i + 2] == ["for"] or w == "make" and i and ws[i - 1] in ("to", "i", "we", "you"):
            return _noun_phrase(ws[i + (2 if w in _RECIPE else 1):])
        if w in _RECIPE and i:  # "the banana bread recipe"
            np = []
            for x in reversed(ws[max(0, i - 3):i]):
                if x in DETERMINERS or x in _NP_END or x in STOP or not x.isalpha() or "'" in x:
                    break
                np.insert(0, x)
            return [stem(x) for x in np]
    return []


def is_cue_abroad(word: str) -> bool:
    """Whether ``word`` is a value's word in another tongue ("fianza": the deposit, "liquido": net pay), which
    heads its phrase there ("fianza piso", "liquido nomina")."""
    return any(is_cue(h) for h in heads(word))
