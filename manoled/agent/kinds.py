"""Kinds of values: what a question asks for (an amount, a date, a person, a code ...).

``typed_by(question)`` reads the kind from the question's wh-phrase first ("how much", "when", "who", "what time",
"which company"), then from its cue words ("cost", "due", "landlord"); ``new_value``: whether a line gives a value of
that kind the question lacks. How each kind is written is :mod:`.shapes`.
"""

from __future__ import annotations

import re
from functools import lru_cache

from .asking import AT_A_TIME, asked_part, day_named
from .askwords import counted_by_count
from .commonness import zipf
from .counted import COUNTED, counted_value
from .gloss import forms, in_english
from .people import is_role, name_of_role
from .shapes import IBAN, IBAN_FORM, MEASURES, PLATE, PLATE_ASK, TYPE_PATTERNS, WITH_TAX
from .slots import GENERIC, STOP, TAKE_HOME, WEEKDAYS, stem, words
from .tongues import in_english as asked_in_english

TYPE_WORDS: dict[str, frozenset[str]] = {
    "amount": frozenset("much cost costs price prices total pay paid owe owed spend spent fee fees charge charged "
                        "amount rent salary budget deposit bill balance worth refund money estimate quote repayment repayments "
                        "instalment instalments installment installments premium premiums quantity costing charging paying "
                        "spending owing contribution contributions pension pensions wage wages income earnings proceeds net gross "
                        "excess deductible".split()),
    "date": frozenset("when date until deadline due expire expires expiry start starts end ends begin begins "
                      "renew birthday day time schedule scheduled".split()),
    "person": frozenset("who whom whose person people contact landlord tenant doctor author signed colleague "
                        "colleagues attendee attendees attended participants".split()),
    "number": frozenset("many long number old far often version capacity temp temperature".split()),
    "place": frozenset("where address located location street city".split()),
    "code": frozenset("ref reference code confirmation iban serial tracking id voucher coupon "
                      "promo".split()),
    "org": frozenset("company companies firm client customer vendor supplier provider employer organisation "
                     "organization business brand agency insurer bank shop store contractor contractors".split()),
    "purpose": frozenset("why reason purpose".split()),
}
# "which colleagues", "what company": a wh-word and a type's noun ask for that type as plainly as "who"
_ASKING = frozenset({"which", "what", "whats", "what's", "wat", "wats", "wat's", "wot", "wut"})  # and as typed in haste
_WH = frozenset({"when", "who", "where", "how"})
# "what did the vet run us", "how much did it set me back": what it cost
COST_IDIOM = re.compile(r"\b(?:set|sets|run|runs|ran)\s+(?:us|me|you|him|her|them)(?:\s+back)?\b|"
                        r"\b(?:want|wants|wanted)\s+from\s+(?:us|me)\b|"  # "what does the council want from us"
                        r"\b(?:fork|forked|shell|shelled)\s+out\b|\bcough(?:ed)?\s+up\b|"
                        # "what do we transfer to Mr Koh every month": a regular payment
                        r"^what\s+(?:do|does|did)\s+(?:i|we)\s+(?:hand over|give|transfer|send|pay)\b.*"
                        r"\b(?:every|each|per|a)\s+(?:month|week|fortnight|quarter|year)\b|"
                        # "what did it all come to", with the previous turn's words after it
                        r"^(?:and\s+|so\s+)?what\s+(?:did|does|do|will|would)\s+(?:it|they|that|this|those|these|the(?:\s+\w+){1,2})"
                        r"(?:\s+all)?\s+(?:come|comes)\s+to\b|"
                        r"\b(?:come|comes|came)\s+to(?:\s+(?:in total|altogether|all up|in all|with tax|all in|in the end))?"
                        r"\s*[?.!]*\s*$", re.IGNORECASE)  # "what did the servicing come to?", not "come to stay"
_DID = frozenset("did does do will would".split())
_WEIGHED = frozenset("weigh weighs weighed weight heavy".split())
USED = frozenset("use used using consume consumed consuming burn burned burnt".split())
_METERED = frozenset("power electricity energy units".split())  # what a meter counts, not a sum
_USERS = frozenset("we i they you actually really".split())  # who used it, last in a question: "… say we used"
# how long a thing runs, by its name ("repayment period", "notice period", "loan term"): a span of time, not a billing
# period's dates nor a sum
_SPAN_OF = re.compile(r"\b(?:repayment|notice|warranty|guarantee|loan|probation|cancellation|cooling-off|minimum|contract|"
                      r"lease|tenancy)\s+(?:period|term)\b")


# the verbs that ask for a sum ("how much did I pay?", "what did they charge"): how a question asks, not what about
SUM_VERBS = frozenset("cost costs costing charge charged charges pay paid paying spend spent owe owed".split())
_PRICED = SUM_VERBS | frozenset("estimate estimated quote quoted bill billed".split())
# a secret asks for a code too, and stays the attribute asked ("the wifi password": a code the answer calls so)
_STREETS = frozenset("lane road street avenue drive way court place close crescent terrace ridge park square hill "
                     "boulevard rd st ave dr ln trail trails creek canyon springs falls lake river beach bay "
                     "mountain mountains peak".split())  # nor a hike's: "the Window Trail", "Hot Springs"
_SECRET = frozenset("password passwords passcode passwort pin keypad combo combination email e-mail".split())
# what a line that gives a secret calls it
_SECRET_SAID = re.compile(r"\b(?:password|passwort|kennwort|passcode|pass|pw|pwd|pin|code|key|keypad|wpa2?|combination|combo|"
                          r"mot de passe|senha|contraseña|wachtwoord|heslo|hasło|lösenord|passord|adgangskode|kode)\b",
                          re.IGNORECASE)
_LABELLED_NUMBER = re.compile(r"[^\W\d][^:\n]{1,38}(?<!\d)(?::\s*|\s#)\d{1,6}[A-Za-z]?")  # not a time's colon
_FLIGHT_NO = re.compile(r"\b[A-Z][A-Z0-9]\s?\d{2,4}[A-Z]?\b(?![.,:]\d)")  # "FR 7232", "TGV 6612" as "TGV6612"
_EMAIL_ASK = frozenset("email e-mail emails mail".split())
_EMAIL = re.compile(r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+")
_PHONE_ASK = frozenset("phone telephone mobile cell cellphone tel fax landline line".split())
_PERCENT_ASK = frozenset("percentage percent pct".split())
_PERCENT = re.compile(r"\d\s?%")
# a place in a vehicle or a terminal, asked by its label's word ("what gate", "which coach am I in"): a number or a
# short code written after that word or its form abroad ("Seat: 82", "Voiture 14, place 82", "Gate B12")
_SLOT_FORMS = {"gate": "gate puerta porte tor", "seat": "seat place platz sitzplatz sitz plaza plazas asiento posto "
               "miejsce místo", "platform": "platform voie quai gleis vía binario peron nástupiště",
               "coach": "coach carriage car voiture wagen coche vagón carrozza wagon vůz", "berth": "berth couchette litera",
               "terminal": "terminal"}
_SLOT_FORMS["carriage"] = _SLOT_FORMS["coach"]
SLOTS = frozenset(_SLOT_FORMS)
_SLOT_VALUE = {slot: re.compile(rf"\b(?:{'|'.join(forms.split())}|{slot}s)\b\.?:?\s*(?:no\.?\s*|n[º°]\s*)?[A-Z]?\d{{1,4}}[A-Z]?\b",
                                re.IGNORECASE) for slot, forms in _SLOT_FORMS.items()}


def _slot_value(unit: str, asked: set[str]) -> bool:
    """Whether ``unit`` gives a place asked (:data:`SLOTS`) after its word: "what gate" is "Gate B12", not "Outbound
    seat: 16B" nor "gate closes 30 minutes before"."""
    return any(_SLOT_VALUE[s].search(unit) for s in asked & SLOTS)


_TALL, _HEAT_ASK = frozenset("tall height taller".split()), frozenset("hot warm cold temp temperature degree".split())
_DEGREES = re.compile(r"\d\s?(?:°|º|degrees?\b|deg\b|[CF]\b)|\bgas mark \d", re.IGNORECASE)
_PHONE = re.compile(r"(?<![\w/.,-])(?:\+\s?\d{1,3}[\s.-]?)?(?:\(\d{1,5}\)\s?)?\d[\d .-]{5,16}\d(?![\w/])")
_NUMBER = frozenset({"number", "no", "nr", "num"})  # "member no?", "policy nr"
NUMBER_SAID = re.compile(r"\b(no|nr)\.(?!\w)", re.IGNORECASE)  # "bond no.": its number, wherever it is said
CONTACT_WORDS = _PHONE_ASK | _EMAIL_ASK | _NUMBER | {"address"}  # what is asked of a person to reach them
_UNIT_ASKS = frozenset(u for u in MEASURES if len(u) >= 2 and u not in ("min", "mins", "mi", "hr", "hrs", "db")) | {"units"}
_NUMBERED = frozenset("account bank card member membership policy passport licence license serial meter tax claim case "
                      "customer vat".split())  # what has a number of its own, which its label says
_NR_ONLY = re.compile(r"(?:^|[,|]\s*)(?:nr|no|n[º°o]|número|nummer|numer)\.?\s*:\s*\d{6,}\b", re.IGNORECASE)
_MODAL = frozenset("can could do should would to".split())
CALL, _POSTCODE = frozenset("call ring phone".split()), re.compile(r"\d{4,5}\s+[A-ZÀ-ÖØ-ÞİŞĞ]")
_CALL_SOMEONE = re.compile(r"\b(?:call|ring|phone|contact)\s+(?:the\s+|your\s+|our\s+|a\s+)?[A-Za-z]", re.IGNORECASE)
_CALL_WHO = re.compile(r"who (?:do|should|can|could|would|will|to) (?:(?:i|we|you) )?(?:call|ring|phone)\b")


def asks_whom_to_call(question: str) -> bool:
    """Whether ``question`` asks who to call ("who should I call if it leaks")."""
    return bool(_CALL_WHO.search(question.lower()))


def names_whom_to_call(unit: str) -> bool:
    """Whether ``unit`` says whom to call, with or without a number: a manual's "call customer service"."""
    return bool(_CALL_SOMEONE.search(unit))


_OWN_CODES = ("pnr", "locator")  # a booking's code itself: asks a code alone ("pnr for the night train")
# "what code do I check in with", "the reservation number", "pnr", "the ticket reference": a booking's own code, not
# a flight's or a seat's (nor "the ticket number", an e-ticket's own)
_BOOKING_ASK = re.compile(rf"\b(?:check(?:ing)?(?:[\s-]+[\w']+){{0,4}}?[\s-]+in\b|booking|reservation|confirmation|airline|"
                          r"manag\w*(?:\s+[\w']+){0,2}?\s+(?:tickets?|flights?|trip)|"
                          rf"ticket(?:'s)?\s+ref\w*|{'|'.join(_OWN_CODES)})\b", re.IGNORECASE)
_BOOKING_LABEL = re.compile(r"^\W*(?:[^:/|]{1,30}/\s*)?(?:(?:booking|reservation|confirmation|buchungs|réservation|reserva)\w*\s*(?:ref\w*|"
                            r"code|no\b|number|nummer|numéro|id\b|#)|pnr|(?:record\s+)?locator|ref(?:erence)?\s*:)", re.IGNORECASE)


def asks_booking_code(question: str) -> bool:
    """Whether ``question`` asks a booking's own code ("what code do I check in with", "the reservation code")."""
    return bool(_BOOKING_ASK.search(question))


def labels_booking_code(unit: str) -> bool:
    """Whether ``unit`` gives a booking's code by its label ("Booking reference (PNR): QX7L2P", "Booking ID
    AVR-26-104582"), not a flight's number ("Flight: TR284") or the booking's status."""
    return bool(_BOOKING_LABEL.match(unit))


# the noun after such a wh-word that only names the kind of answer ("what time" is "when", "what price" "how much")
_HEAD_SKIP = frozenset("is was are were s the my our your final total exact full new current monthly yearly annual due "
                       "weekly".split())

_LAST_DAY = re.compile(r"\b(?:last|final|latest|closing|cut-?off)\s+(?:day|date)\b|\bdeadline\b")
_SPANS = frozenset("notice time warning leave holiday holidays vacation warranty guarantee".split())  # said in days
_ASKED_AS = frozenset("time day date deadline year month weekday hour amount price number sum figure temperature temp "
                      "evening morning afternoon night".split())  # "which evening do I keep free": a day

WEIGHT_WORDS = frozenset(stem(w) for w in _WEIGHED)
_SCALES = re.compile(r"\bthe scales?\b.*\b(?:say|said|read|show|showed)\b|\bon the scales\b", re.I)  # a mass
# a weight in the past ("what did she weigh", "how heavy was he", "weighed in at"): a body's; files do not put it on
_BODY_WEIGHED = re.compile(r"\bdid\b.*\bweigh\b|\bweighed\b|\b(?:was|were)\b.*\bheavy\b|\bheavy (?:was|were)\b")


def body_weight(question: str, stems: set[str]) -> bool:
    """Whether a question (lower-case words, and their stems) asks what a body weighed, in the past or as the noun
    ("samosa weight last vets"), not a file's size."""
    return bool(stems & WEIGHT_WORDS) and bool(_BODY_WEIGHED.search(question) or "weight" in stems)


def wanted_type(question: str) -> str | None:
    """The kind of value the question asks for: its wh-word first, then its most frequent cue words."""
    return typed_by(question)[0]


@lru_cache(maxsize=256)
def typed_by(question: str) -> tuple[str | None, bool]:
    """(wanted type, whether a wh-phrase says so: "how much", "when", "who"; else cue words only), read once a question.
    Of several sentences, the one that asks says the type ("Is he putting on weight? What did the scales say?")."""
    part = asked_part(question)
    if part != question:
        kind = _typed_by(part)
        if kind[0] is not None:
            return kind
    kind = _typed_by(question)
    # "liquido nomina feb?", "fianza piso?": a bare phrase in the papers' tongue asks what its English words do (not
    # a question asked in English about a paper's term: "what's the revenu fiscal de référence" is no reference)
    if kind[0] is not None or _ASKED_IN_ENGLISH.search(question) or \
            (english := asked_in_english(in_english(question))) == question:
        return kind
    return _typed_by(english)  # (its asking words too: "quanto deu o veterinario": how much)


_ASKED_IN_ENGLISH = re.compile(r"\b(?:what|what's|whats|which|when|who|whose|how|where)\b", re.IGNORECASE)


@lru_cache(maxsize=256)
def _typed_by(question: str) -> tuple[str | None, bool]:
    ws = [w[:-2] if w[-2:] == "'s" and w[:-2] in _WH else w for w in words(question)]  # "when's" asks "when"
    if (any(w in _WEIGHED for w in ws) or _SCALES.search(question)) and not any(w in _PRICED for w in ws) and (
            ws[0] in ("what", "how") or not any(w in _ASKING or w in _WH for w in ws)):
        return "weight", True  # "what did Samosa weigh at the vet", "how heavy was the baby": a mass, not a sum
    if _TALL & set(ws) and (ws[0] in ("what", "how") or not any(w in _ASKING or w in _WH for w in ws)):
        return "number", True  # "how tall was Leo", "leo height": a length, measured
    first = {"when": "date", "who": "person", "whom": "person", "whose": "person", "where": "place", "why": "purpose"}
    dotted = {m.group(1).lower() for m in NUMBER_SAID.finditer(question)}  # "bond no. lipscombe ave": its number
    # (not one that opens asking a time or a date: "what time can we check in, by the booking confirmation")
    when = ws[:1] == ["when"] or ws[:2] in (["what", "time"], ["what", "date"], ["which", "day"], ["which", "date"])
    if any(w in TYPE_WORDS["code"] or w in _SECRET or w in _OWN_CODES for w in ws) and "much" not in ws and \
            "many" not in ws and not when or any(
            (b == "number" or b in _NUMBER and (n == len(ws) - 2 or ws[n + 2] in ("for", "of", "on") or b in dotted))
            and a not in STOP and a not in GENERIC and not a.isdigit() or b == "number" and (ws[n + 2:n + 3] == ["on"] or
                                                                              CALL.intersection(ws[n + 2:n + 5]))
            for n, (a, b) in enumerate(zip(ws, ws[1:], strict=False))):  # ("the number on the cover", "… do I ring")
        return "code", True  # "booking ref?", "the invoice number": a code, whatever the wh-word
    if name_of_role(" ".join(ws)):
        return "person", True
    for n, (a, b) in enumerate(zip(ws, [*ws[1:], ""][:len(ws)], strict=True)):  # (none of an empty question)
        if a in _ASKING:
            if "worth" in ws[n + 1:n + 10]:
                return "amount", True  # "what was that fund worth at the end of September": a sum, not the fund
            if b in _DID and ws[-1] in USED and ws[-2] in _USERS:
                return "number", True  # "what did October's bill say we actually used": a quantity, not its sum
            if b in _DID and any(w in _PRICED for w in ws[n + 2:n + 8]):  # "what did we actually end up paying"
                return "amount", True  # "…, what do we still owe the guy who fixed it": a sum, whoever "who" is
            if b in ("was", "were") and ws[n + 2:n + 3] in (["i"], ["we"]) and ws[n + 3:n + 4] and ws[n + 3] in _PRICED:
                return "amount", True  # "what was I billed by my internet provider": a sum, not the provider
            # "what was the final amount"; "what's the agency's budget": the budget, not the agency ("which
            # company's invoice" asks the company)
            heads = [w for w in ws[n + 1:n + 5] if w not in _HEAD_SKIP and (a == "which" or not w.endswith("'s"))][:2]
            b = heads[0] if heads else ""
            if b in _PERCENT_ASK:
                return "number", True  # "what percentage is the bank charging": a rate, not the bank
            for kind in ("org", "person"):  # "which company", "which bike shop"
                if any(stem(h) in TYPE_WORDS[kind] or h in TYPE_WORDS[kind] for h in heads):
                    return kind, True
            if b in SLOTS and not (heads[1:] and (stem(heads[1]) in _ASKED_AS or heads[1] in TYPE_WORDS["amount"])):
                return "number", True  # "what gate did we go from", "which coach am I in": its number, not a sentence
            if b in ("flight", "train") and not (heads[1:] and stem(heads[1]) in _ASKED_AS):
                return "code", True  # "what flight am I on": its number ("FR 7232"), not "what flight time"
            if stem(b) in _ASKED_AS:
                return ("amount" if stem(b) in ("amount", "price", "sum", "figure") else
                        "number" if stem(b) in ("number", "temperature", "temp") else
                        "time" if stem(b) in ("time", "hour") else "date"), True
            if (day := day_named(ws[n + 1:])) is not None:
                return day, True  # "what is the pay-before date on the bill": the day, whatever "pay" says
            if a == "which" and n == 0 and b and not is_cue(b) and not is_cue(stem(b)) and b not in STOP and b not in _SECRET:
                return None, False  # "which card did I pay with": the card, whatever "pay" says
        if a.endswith("ing") and len(a) > 5 and a not in AT_A_TIME and b == "time" and (n + 2 == len(ws) or ws[n + 2] in ("for", "of", "on")):
            return "duration", True  # "bacalhau soaking time?", "cooking time for the rice": how long, not a clock time
        if b == "name" and is_role(a.removesuffix("'s")):
            return "person", True  # "pediatrician name", "the plumber's name": who, whatever else it says
        if a == "how" and b in _MODAL and {"call", "ring", "phone", "contact", "text"} & set(ws[n + 2:n + 5]):
            return "code", True  # "how can I call the place we slept at": its number, not the place
        if a == "how" and b == "long":
            return "duration", True  # a span ("60 minutes", "12 months") or a length, not any number
        if a == "how" and b in ("hot", "warm", "cold"):
            return "number", True  # "how hot should the oven be": degrees
        if a == "how" and b in ("early", "late"):
            return "time", True  # "how early do we fly out": a clock time
        if a == "how" and b == "far" and ws[n + 2:n + 3] and ws[n + 2] in ("ahead", "advance", "in"):
            return "duration", True  # "how far ahead do we have to tell them": days or weeks of notice
        if a == "how" and b in ("many", "old", "far", "often"):
            return "number", True
        if a == "how" and b == "much" and ws[n + 2:n + 3] and ws[n + 2] in _SPANS:
            return "duration", True  # "how much notice do I have to give": days or weeks, not a sum
        if a == "how" and b == "much":  # "how much power did we use": a quantity used, not what it cost (it is paid for)
            used = USED.intersection(ws[n + 2:]) or ws[n + 2:n + 3] and ws[n + 2] in _METERED  # "how much power did it buy"
            return ("number" if used and not SUM_VERBS.intersection(ws[n + 2:]) else "amount"), True
        if a == "who" and _CALL_WHO.match(" ".join(ws[n:n + 5])):
            return "code", True  # "who do I call if it breaks down": a number to ring, with whose it is
        if a in first and not (a in ("when", "where") and any(w in _ASKING or w == "how" for w in ws[:n])):
            return first[a], True  # not "which keys did I get when I moved in": that "when" asks nothing
    if ws[:1] and ws[0] in _ASKING and ws[-1] in _NUMBER and len(ws) >= 4 and ws[-2] not in ("phone", "mobile"):
        return "code", True  # "what is my tax file number"
    if ws[:1] and ws[0] in _ASKING and ws[-1] == "for" and len(ws) >= 3:
        return "purpose", True  # "what's the stark design invoice for": what it is for, not a value
    if len(ws) >= 3 and ws[-1] == "by" and ws[-2] not in STOP:
        return "date", True  # "trip pay by?", "renew by?": the day it must be done by
    if _SPAN_OF.search(" ".join(ws)):
        return "duration", True  # "the repayment period of the SACCO loan": months, not the sum repaid
    if COST_IDIOM.search(question) or WITH_TAX.search(question):
        return "amount", True
    if ws[:1] and ws[0] in _ASKING and len(ws) > 2 and ws[1] in _DID and any(w in _PRICED for w in ws[2:]):
        return "amount", True  # "what did Summit estimate for the roof", "what did I spend on fuel": a sum
    if _LAST_DAY.search(" ".join(ws)):
        return "date", True  # "last day to pay the designers": a day, whatever "pay" says
    if re.search(r"\binterest rates?\b", " ".join(ws)):
        return "number", True  # "bond interest rate?": a percentage, not the statement it is on
    if TAKE_HOME.search(question):
        return "amount", True  # "wanjiru take home oct?": the net pay
    if counted_by_count(" ".join(ws)):
        return "number", True  # "square sept transaction count": how many, not a sum
    if len(ws) >= 2 and ws[-1] == "time" and not any(w in _ASKING or w in _WH for w in ws):
        return "time", True  # "poppy dentist time": the hour of it, not its day
    if len(ws) >= 2 and not any(w in _ASKING or w in _WH for w in ws) and any(w in _UNIT_ASKS for w in ws):
        return "number", True  # "meralco aug kwh": how many of that unit
    # "what was the mileage when it went in": that "when" says which time, not that a date is asked
    ws = [w for n, w in enumerate(ws) if not (w == "when" and any(x in _ASKING or x == "how" for x in ws[:n]))]
    hits = {kind: sum(1 for w in ws if w in cues) for kind, cues in TYPE_WORDS.items()}
    best = max(("amount", "date", "person", "number", "place", "org"), key=lambda k: hits[k])
    if not hits[best] and any(w in ("next", "upcoming") for w in ws):
        return "date", False  # "next itv seat?", "upcoming dentist?": when it comes, though no word says a date
    return (best, False) if hits[best] else (None, False)


CUES = frozenset().union(*TYPE_WORDS.values())  # "due", "expire", "cost": what is asked of a thing, not the thing


def is_cue(word: str) -> bool:
    """Whether ``word`` is a cue word of an answer's kind ("cost", "date", "who")."""
    return word in CUES


# a day something may start from, not one it must be done by: "can be tested from 14/07/2027", "ab 1. März"
_FROM_DAY = re.compile(r"\b(?:from|since|starting|beginning|ab|dès|à partir du?|desde|a partir del?|dal|vanaf|de la|od|från|"
                       r"fra|von)\s*:?\s+(?:the\s+)?$", re.IGNORECASE)


def from_days_only(unit: str) -> bool:
    """Whether every date ``unit`` gives is one it starts from ("the vehicle can be tested from 14/07/2027"): no
    date by which a thing is due, though the line says "expiry"."""
    starts = [bool(_FROM_DAY.search(unit[max(0, m.start() - 30):m.start()]))
              for m in TYPE_PATTERNS["date"].finditer(unit)]
    return bool(starts) and all(starts)


_OWN_ACCOUNT = re.compile(r"\b(?:my|our)\s+(?:own\s+)?(?:bank\s+)?(?:account|iban)\b", re.IGNORECASE)
_PAY_TO = re.compile(r"\b(?:pay|paid|payment|transfer|remit)\w*\b[^\n]{0,60}?\bto\b[^\n]{0,30}?" + IBAN_FORM, re.IGNORECASE)


def payee_account(question: str, unit: str) -> bool:
    """Whether ``unit`` gives the account a bill is paid into ("Please pay by bank transfer to IBAN FR76 …") where
    the question asks the asker's own ("what's my bank account number"): the payee's, not theirs."""
    return bool(_OWN_ACCOUNT.search(question) and _PAY_TO.search(unit))


def says_shape(word: str, text: str) -> bool:
    """Whether ``text`` says ``word`` by a value of its shape: an e-mail address says "email", a phone number
    "phone", a place in a vehicle after its label abroad "seat"."""
    if word in _EMAIL_ASK or word == "address":
        return bool(_EMAIL.search(text))
    if word == "account":  # an IBAN is an account's number (International Bank Account Number)
        return bool(IBAN.search(text))
    if word in _PERCENT_ASK:  # "what percentage is the bank charging": "6.45% p.a."
        return bool(_PERCENT.search(text))
    if word in SLOTS:  # "which seat": "Voiture 14, place 82"
        return _slot_value(text, {word})
    bare = re.sub(IBAN_FORM, " ", text)  # an account's digits are no phone's, nor a postcode's ("CEP 41940-360")
    return word in _PHONE_ASK and any(sum(c.isdigit() for c in m.group()) >= 8 and not TYPE_PATTERNS["date"].fullmatch(
        m.group()) and not _POSTAL.search(bare, 0, m.start()) for m in _PHONE.finditer(bare))


_POSTAL = re.compile(r"\b(?:cep|zip|plz|postcode|post code|postal code|código postal|cp)\s*:?\s*$", re.IGNORECASE)


def _code_value(unit: str, asked: set[str]) -> bool:
    """Whether ``unit`` gives the code asked: of the shape a kind of code has (an IBAN, a phone, an e-mail), one
    its line calls a secret, one its label names, or a code's form (:data:`TYPE_PATTERNS`)."""
    if "iban" in asked:  # a postcode or an order number is not an account
        return bool(IBAN.search(unit))
    if asked & {"flight", "train"} and _FLIGHT_NO.search(unit) or asked & PLATE_ASK and PLATE.search(unit):
        return True  # "what flight am I on": "FR 7232"; "the license plate number": "Plate number: 482 LKT"
    shaped = asked & (_EMAIL_ASK | _PHONE_ASK) | ({"phone"} if asked & {"who", "how"} and asked & CALL else set())
    if shaped:  # a name is no address to write to, a job number no phone's
        return any(says_shape(w, unit) for w in shaped)
    if asked & _SECRET and not _SECRET_SAID.search(unit):
        return False  # "the wifi password": a router's model number is none
    if own := asked & _NUMBERED:  # "the bank account number": a line that says an account (or an IBAN), not a
        # hotline's 16211; "the card number": "Card No.: 1180 4471 0918 0033", in groups of digits; a paper's "Nr.:"
        said = {stem(w) for w in words(unit)}  # (in the paper's tongue too: "Nº da Apólice"; not "accounting")
        if not own & said and not any(f in said for w in own for f in forms(w)):  # (its title says what: "POLIȚĂ")
            return any(says_shape(w, unit) for w in own) or bool(_NR_ONLY.search(unit))
        if sum(ch.isdigit() for ch in unit) >= 4 and not TYPE_PATTERNS["amount"].search(unit):
            return True  # (not a sum: "Taxes, fees and carrier charges: $342.40" gives no tax file number)
    if _BOOKING_LABEL.match(unit) and sum(ch.isdigit() for ch in unit) >= 4:
        return True  # "Confirmation number | 4127.883.901": a booking's code by its label, however it is grouped
    named = asked & TYPE_WORDS["code"]  # "confirmation", "reference": the kind of code the question names
    if named & set(words(unit)) and sum(ch.isdigit() for ch in unit) >= 6:
        return True  # "Confirmation number: 4418 902 771": the code its label names, in groups of digits
    if _LABELLED_NUMBER.fullmatch(unit.strip()):
        # "Stateroom: 7284", "Locker #12": a short number is the code its label names; asked a confirmation or a
        # reference, "Nights: 4" is none: its label must say it
        return not named or bool({stem(w) for w in words(re.split(r":|\s#", unit, maxsplit=1)[0])} & asked)
    if asked & _NUMBER and not named and not asked & _NUMBERED and says_shape("phone", unit):
        return True  # "the plumber's number", "Mario's no.": a number asked of someone is a phone number (not "Mrs
        # Tan's bank account number", a number of its own kind)
    # not the one the question gives ("the policy number for our Fielder KDC 318T": "Vehicle: KDC 318T" says none),
    return any(not {stem(w) for w in words(m.group())} <= asked and not _POSTCODE.match(unit, m.start())
               for m in TYPE_PATTERNS["code"].finditer(unit))  # nor a postcode before its town ("34710 Kadıköy")


# words of a question that ask how long in time: a length ("6 inch", "3 km") is no answer to them
_TIMED = frozenset("for take takes took taking bake baking roast roasting cook cooking simmer soak soaking poach rest "
                   "last stay keep leave wait run runs charge oven need have has had".split())
_LENGTH = re.compile(r"(?:mm|cm|m|km|metres?|meters?|miles?|feet|ft|inch(?:es)?)$", re.IGNORECASE)


def _untitled(name: str) -> list[str]:
    """The words of a name without a title that opens it: "Dr Ben" is a doctor, no Drive."""
    ws = words(name)
    return ws[1:] if ws[:1] == ["dr"] else ws


def new_value(kind: str, unit: str, asked: set[str]) -> bool:
    """Whether ``unit`` has a value of ``kind``; a name (person, org, place) only counts when it says more than
    the question ("who is the pastor at Grace Hill?" is not answered by "Grace Hill")."""
    if kind == "code":
        return _code_value(unit, asked)
    if kind == "number" and (asked & _PERCENT_ASK or {"interest", "rate"} <= asked):
        return bool(_PERCENT.search(unit))  # a rate asked: "6.45%", not the loan's number
    if kind == "number" and asked & SLOTS:
        return _slot_value(unit, asked)  # "what gate": "Gate B12", not "gate closes 30 minutes before"
    if kind == "number" and asked & _TALL:
        return bool(re.search(r"\d\s?(?:in|inches|cm|ft|feet|m|\"|')(?!\w)", unit))
    if kind == "number" and asked & _HEAT_ASK:
        return bool(_DEGREES.search(unit))
    if kind == "number" and asked & (COUNTED | USED):  # "how many transactions", "how much gas did we use"
        return counted_value(unit, asked)
    if kind == "number" and (measured := asked & _UNIT_ASKS - {"units"}):  # "kwh july": "412 kWh", no "€/kWh" rate
        return bool(re.search(r"\d", unit)) and any(  # (or its label's: "distance_km: 9.6", "Usage (kWh): 1,102")
            re.search(rf"(?<![a-z/])(?<!/ ){re.escape(u)}(?![a-z])(?!\s*/)", unit, re.IGNORECASE) for u in measured)
    if kind == "date" and asked & {"day", "weekday"} and any(stem(w) in WEEKDAYS for w in words(unit)):
        return True  # "which day are the bins collected": "every Tuesday" is a day
    if kind == "duration" and asked & _TIMED:  # "for how long", "how long does it bake": a time, not "6 inch", nor
        return any(not _LENGTH.search(m.group()) and not {stem(w) for w in words(m.group())} <= asked  # the one the
                   for m in TYPE_PATTERNS[kind].finditer(unit))  # question says ("how long do overnight oats keep")
    if kind in ("date", "time", "amount"):  # the billing period the question gives is not its due date
        said = {w.lstrip("0") for w in asked if w.isdigit()}
        return any(not {d.lstrip("0") for d in re.findall(r"\d+", m.group())} <= said
                   for m in TYPE_PATTERNS[kind].finditer(unit))
    if kind == "number" and not asked & {"old", "age"}:  # a count or a measure, not a date's digits ("03/02/2026")
        return bool(TYPE_PATTERNS[kind].search(TYPE_PATTERNS["date"].sub(" ", unit)))
    if kind not in ("person", "org", "place"):
        return bool(TYPE_PATTERNS[kind].search(unit))
    if kind == "person" and (m := _NAME_AND_ROLE.match(unit)) and stem(m[1].lower()) not in asked and \
            {stem(w) for w in words(m[2])} & asked - STOP - GENERIC:
        return True  # a contact list's "Akinyi (house help, Mon-Sat)  0798 241 556": a name, the role asked beside it
    if kind == "person":  # "Property: 4127 Brookside Lane" is a street, not a person; of "who leads the Northwind
        # project", "Northwind Traders" is the one asked about, not who leads it
        return any(not {stem(w) for w in words(m.group(0))} & asked for m in TYPE_PATTERNS[kind].finditer(unit)
                   if not re.search(r"\d\s*$", unit[:m.start()]) and not (_STREETS | _SPELT).intersection(_untitled(m.group(0)))
                   and not all(zipf(w) >= _PLAIN_ZIPF for w in _untitled(m.group(0))))
    return any({stem(w) for w in words(m.group(0))} - asked for m in TYPE_PATTERNS[kind].finditer(unit))


_SPELT = frozenset("hundred thousand million billion".split())  # a sum in words ("Four Hundred Thousand Naira")
_PLAIN_ZIPF = 5.25  # a name of everyday words only ("Well Child Check", "Back Home") is a heading's, no person's
_NAME_AND_ROLE = re.compile(r"^\W*([A-Z][a-z]{2,})\s+\(([^)]{3,60})\)")  # "Akinyi (house help, Mon-Sat)"
