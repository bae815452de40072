"""Contrasts: a unit that says the other side of what the question asks is no answer to it.

* Phrasal words: "what time do I check *out*" is not answered by "Check-in: 15:00" (:func:`particles`).
* Sides of an amount or a time: "what does the check come to *after* the Medicare deduction" is not answered by
  "amount (*before* deductions): $2,487.00", and a unit on the asked side ("*after* we take any other
  deductions, you will receive …") is the better answer. Likewise net/gross, including/excluding.
* Directions: "my flight from Dublin to Lisbon" is not the line that names Lisbon before Dublin (the way home),
  nor "the flight back from Lisbon" a line that goes to Lisbon ("From: Berlin, To: Lisbon");
  "the train home" is not a line of the outbound leg ("Outbound", "ALLER"), nor "the way there" one of the return.
* Periods: "the monthly payment" is not the "Total annual premium", nor "a week" a fortnight's rent.
* Ends: "when does it expire" is not answered by a date labelled as a start ("Commencement Date: …", "born …"),
  nor "when did it start" by an end ("contract ends 2 Feb 2027").
* Parts and places: "the monthly fee, not counting meals" is not the meals' line; "what was the fund worth" is not
  its "Cost Value"; "her second dose" is not the line of the first ("1. dávka").
"""

from __future__ import annotations

import re

from .continuation import ORDINALS, asked_ordinal
from .gloss import forms, in_english
from .months import MONTH_NAMES, asked_months, since_asked, year_months
from .shapes import TAXES, TYPE_PATTERNS, WITH_TAX
from .slots import STOP, stem, words

_PARTICLES = ("in", "out", "up", "down", "on", "off")
_SIDES = {"before": "after", "after": "before", "including": "excluding", "excluding": "including",
          "incl": "excl", "excl": "incl", "net": "gross", "gross": "net"}
SIDE_WORDS = frozenset(_SIDES)  # "excluding lunches": which side of a sum, not a kind of lunch
_SPAN = 6  # words after a side word that say what it is the side of
# verbs that say which end of a stay is asked, as "check out" and "check in" do
_CHECK_VERBS = {"out": frozenset("leave leaving left depart departing departure vacate".split()),
                "in": frozenset("arrive arriving arrival".split())}


def particles(question: str) -> list[tuple[str, str]]:
    """(word, particle) of the question's phrasal words: "check out", "check-out" and "checkout" -> (check, out)."""
    ws = re.findall(r"[a-z]+", question.lower())
    out = [(a, b) for a, b in zip(ws, ws[1:], strict=False) if b in _PARTICLES and len(a) >= 3 and a not in STOP]
    # written as one word: "checkout", "setup"
    out += [(w[:-len(p)], p) for w in ws for p in _PARTICLES if w.endswith(p) and len(w) - len(p) >= 3
            and w[:-len(p)] not in STOP]
    if not any(a == "check" for a, _ in out):  # "the day I leave the hotel" asks its check-out
        out += [("check", p) for p, verbs in _CHECK_VERBS.items() if any(w in verbs for w in ws)][:1]
    both = {a for a, b in out if any(a == c and b != d for c, d in out)}  # "checkout ... check-in": both asked
    return [(a, b) for a, b in out if a not in both]


def _says_other(unit: str, word: str, particle: str) -> bool:
    """Whether ``unit`` names ``word`` with another particle ("check-in") and never with the asked one."""
    low = unit.lower()
    others = "|".join(p for p in _PARTICLES if p != particle)
    if not re.search(rf"\b{re.escape(word)}-(?:{others})\b", low):
        return False
    return not re.search(rf"\b{re.escape(word)}[\s-]?{particle}\b", low)


def sides(text: str) -> set[tuple[str, str]]:
    """(side, what of) in ``text``: "after the Medicare deduction" -> (after, medicare), (after, deduction);
    "net pay" -> (net, pay)."""
    ws = words(text)
    out = set()
    for i, w in enumerate(ws):
        if w in _SIDES:
            out |= {(w, stem(x)) for x in ws[i + 1:i + 1 + _SPAN] if x not in STOP and not x.isdigit()}
    return out


# the period now, and the one before it: a unit about last year's figure answers nothing of this year's
_NOW = re.compile(r"\b(?:this year(?:'s)?|current(?:ly)?|this term|this month|right now|new)\b", re.IGNORECASE)
_BEFORE_NOW = re.compile(r"\b(?:previous|prior|last|old)\s+(?:year|year's|term|month|period|rate|premium)\b(?!\s+of\b)|"
                         # (not "the last month of the lease", its final one); a bill's line that compares with the
                         # year before: "Ter vergelijking: april 2025: 79 m³ gas"
                         r"\b(?:for|by way of) comparison\b|\bter vergelijking\b|\bvorig jaar\b|\bzum vergleich\b|"
                         r"\bvorjahr|\bl'an dernier\b|\bl'année dernière\b|\baño anterior\b|\banno precedente\b|"
                         r"\bförra året\b|\bsidste år\b|\bi fjor\b", re.IGNORECASE)
# a heading over figures no longer in force: "Old prices (to 31 March 2026)", "Previous rates", "Superseded"
_OUTDATED = re.compile(r"\b(?:old|previous|former|superseded|expired|outdated)\s+(?:prices?|rates?|fees?|tariffs?|"
                       r"charges?|figures?|terms?|policy|plan)\b|\bsuperseded\b|\bno longer (?:valid|applies|in force)\b",
                       re.IGNORECASE)
# a balance carried from before, not what is owed now: "Previous balance", "Balance brought forward", "Opening balance"
_CARRIED = re.compile(r"\b(?:previous|prior|opening|last statement'?s?)\s+balance\b|\bbalance\s+(?:brought|carried)\s+"
                      r"forward\b|\bbalance b/f\b", re.IGNORECASE)
# a question that looks back at all ("the year before", "what did it use to cost") may want the earlier figure
LOOKS_BACK = re.compile(r"\b(?:previous|prior|last|old|before|earlier|used to|originally|formerly)\b", re.IGNORECASE)
_FROM = re.compile(r"\bfrom\s+([^\W\d_]{3,})\b", re.IGNORECASE)
# a time asked of what is coming ("when am I booked in", "when is the next appointment"), not of what was
_AHEAD_ASKED = re.compile(r"\bwhen(?:'s|\s+(?:am|is|are|will|do|does|shall|should|can))\b|\b(?:next|upcoming|coming up)\b",
                          re.IGNORECASE)
_BEHIND_ASKED = re.compile(r"\b(?:did|was|were|had|ago|last|previous|prior|first)\b", re.IGNORECASE)
# a line that recounts a visit already made: a letter's "Thank you for visiting us on 12/03/2026" beside the next date
_RECOUNTED = re.compile(r"\b(?:thank(?:s| you) for (?:visiting|coming|attending|your (?:recent |last )?visit)|"
                        r"you (?:visited|attended|came in)|at your (?:last|recent|previous) (?:visit|appointment))\b",
                        re.IGNORECASE)
_FROM_TO = re.compile(r"\bfrom\s+([^\W\d_]{3,})\s+to\s+([^\W\d_]{3,})\b", re.IGNORECASE)


# which leg of a trip is asked, and which one a line (or the heading it sits under) is of
_OUT_ASKED = re.compile(r"\b(?:outbound|going out|fly(?:ing)? out|head(?:ing)? out|way there|way out|ida|aller)\b",
                        re.I)
# "the flight back", "the one home", "vuelta" (not "leave home", "work from home", "our home")
_BACK_ASKED = re.compile(r"\b(?<!\bat )(?<!\bfrom )(?<!\bleave )(?<!\bleaving )(?<!\bmy )(?<!\bour )(?:home|back)\b|"
                         r"\b(?:return|returning|vuelta|regreso|retour)\b", re.I)
OUT_SAID = re.compile(r"\b(?:outbound|aller|hinflug|hinfahrt|hinreise|ida|andata)\b", re.I)
BACK_SAID = re.compile(r"\b(?:return|retour|rückflug|rückfahrt|rückreise|regreso|vuelta|ritorno|regresso|inbound)\b",
                       re.I)


def ahead_asked(question: str) -> bool:
    """Whether ``question`` asks of a thing still to come ("when is my appointment", "the next one"), not a past one."""
    return bool(_AHEAD_ASKED.search(question)) and not _BEHIND_ASKED.search(question)


def _bound_for(line: str, place: str) -> bool:
    """Whether ``line`` goes to ``place`` ("To: Lisbon Humberto Delgado") and does not leave from it."""
    low = line.lower()
    return bool(re.search(rf"\bto\b:?\s+{re.escape(place)}\b", low)) and \
        not re.search(rf"\bfrom\b:?\s+{re.escape(place)}\b", low)


# where a journey asked goes ("our flight to Ponta Delgada"): a capitalised place after a way of travelling
_TO_PLACE = re.compile(r"\b(?i:flight|fly(?:ing)?|train|bus|ferry|coach|trip|journey|going|heading|travel\w*)\s+"
                       r"(?:\w+\s+)?to\s+([A-Z][^\W\d_]+(?:\s+[A-Z][^\W\d_]+)?)")


def _leaves_from(line: str, place: str) -> bool:
    """Whether ``line`` is a route that starts at ``place`` ("Ponta Delgada (PDL) - Lisbon (LIS)", "From: Faro")."""
    low = line.lower()
    return bool(re.search(rf"\b{re.escape(place)}\b(?:\s*\([^)]{{1,8}}\))?\s*(?:[-–→]|->|>)\s*\w", low) or
                re.search(rf"\bfrom\b:?\s+{re.escape(place)}\b", low))


def leg_asked(question: str) -> str:
    """The leg of a trip ``question`` asks: "out", "back", or "" (neither, or both)."""
    out, back = bool(_OUT_ASKED.search(question)), bool(_BACK_ASKED.search(question))
    return "out" if out and not back else "back" if back and not out else ""


def _other_leg(leg: str, line: str) -> bool:
    said_out, said_back = bool(OUT_SAID.search(line)), bool(BACK_SAID.search(line))
    return said_back and not said_out if leg == "out" else said_out and not said_back


# an end asked ("when does it expire") is no date labelled as a start ("Commencement Date: 3 February 2025")
_END_ASKED = re.compile(r"\b(?:expire[sd]?|expiry|expiring|run(?:s)? out|end(?:s|ing)?|until when)\b", re.I)
_START_SAID = re.compile(r"\b(?:commencement|commences|commencing|start(?:s|ing)?|begin(?:s|ning)?|issued|"
                         r"date of issue|effective|born|birth)\b", re.I)
_END_SAID = re.compile(r"\b(?:expir\w*|end(?:s|ing)?|until|till|valid|through|renew\w*)\b", re.I)


# "the rate since October 2025": a line that says its own period ended before the month asked from ("Current fixed
# rate (ends 30/09/2025)") is of the period before
_ENDED = re.compile(r"\b(?:end(?:s|ed)?|until|till|expir(?:es|ed|y)|valid to)\b", re.I)


def ended_before(unit: str, since: tuple[int, int]) -> bool:
    """Whether ``unit`` says its period ends, and every date it gives is before the month ``since``."""
    if not _ENDED.search(unit):
        return False
    said = year_months(unit)
    return bool(said) and all(d < since for d in said)


# how often a sum is paid: "the monthly payment" is not the "Total annual premium" (and "6-monthly" is not monthly)
# (and as papers in other tongues say it: "Tarifa por noche", "pro Monat", "par mois", "mensal")
_PERIODS = {p: re.compile(rf"\b(?:(?<![\d-])(?:{adj})|(?:a|per|each|every|one|por|pro|par|pour|al|je)\s+(?:calendar\s+)?"
                          rf"(?:{said})\b(?!\s+ago)|/\s?(?:{short})\b)", re.I)
            for p, adj, said, short in (
                ("week", "weekly|semanal|wöchentlich|hebdomadaire|settimanale", "week|semana|woche|semaine|settimana",
                 "week|wk"),
                ("fortnight", "fortnightly|bi-?weekly", "fortnight", "fortnight"),
                ("month", "monthly|mensual|mensal|mensuel|mensile|monatlich", "month|mes|mês|monat|mois|mese",
                 "month|mo|mth"),
                ("year", r"annual(?:ly)?|yearly|p\.a\.|anual|jährlich|annuel|annuale", "year|año|jahr|année|anno", "year|yr"),
                ("night", "nightly", "night|noche|nacht|nuit|noite|notte|gece", "night|nt"))}


def periods(text: str) -> set[str]:
    """The periods a sum in ``text`` is said per: "$620/week, paid fortnightly" -> week, fortnight."""
    return {p for p, pattern in _PERIODS.items() if pattern.search(text)}


def way_asked(question: str) -> tuple[str, str] | None:
    """(from, to) of "my flight from Dublin to Lisbon", or None."""
    way = _FROM_TO.search(question)
    return (way.group(1).lower(), way.group(2).lower()) if way and way.group(1).lower() not in STOP else None


def _ends(unit: str, way: tuple[str, str]) -> list[re.Match[str] | None]:
    low = unit.lower()
    return [re.search(rf"\b{re.escape(w)}\b", low) for w in way]


def _reversed(unit: str, way: tuple[str, str]) -> bool:
    """Whether ``unit`` names both ends of ``way`` and the far end first."""
    at = _ends(unit, way)
    return at[0] is not None and at[1] is not None and at[1].start() < at[0].start()


def goes(unit: str, way: tuple[str, str]) -> bool:
    """Whether ``unit`` names both ends of ``way``, the near end first."""
    at = _ends(unit, way)
    return at[0] is not None and at[1] is not None and at[0].start() < at[1].start()


_BORN = re.compile(r"\b(?:date of birth|birth ?date|d\.?o\.?b\.?|born)\b", re.IGNORECASE)
_BORN_ASKED = re.compile(r"\b(?:birth|births|birthday|birthdays|bday|b-day|born|age|aged|old)\b", re.IGNORECASE)
_THIRD_PERSON = re.compile(r"\b(?:he|she|him|his|her|hers)\b", re.IGNORECASE)
_OWN = re.compile(r"\b(?:my|your|our)\s+own\b|\b(?:myself|yourself|ourselves)\b", re.IGNORECASE)
# "the landlord's own number - not the agent's", "what landed in my account, not the gross": a thing the question
# sets aside by name (not "not paid", "do not have": a determiner names a thing)
# hours asked ("who do I phone in office hours"): not the line for outside them ("out of hours", "after hours")
_HOURS = r"(?:office|business|working|opening|normal|usual)\s+hours"
_IN_HOURS = re.compile(rf"\b(?:in|during|within)\s+(?:the\s+)?{_HOURS}\b", re.IGNORECASE)
_OFF_HOURS = re.compile(rf"\boutside\s+(?:of\s+)?(?:the\s+)?{_HOURS}\b|\bout[\s-]of[\s-](?:office[\s-])?hours\b|"
                        r"\bafter[\s-]hours\b", re.IGNORECASE)
# a figure summed over the year so far, as a payslip labels it beside the period's ("YTD Net Pay", "LSt kumuliert")
_TO_DATE = re.compile(r"\b(?:ytd|year[\s-]to[\s-]date|so\s+far\s+this\s+year|kumuliert|jahressumme|cumul\w*|acumulad[oa]s?|"
                      r"progressiv[oi]|hittills\s+i\s+år|år\s+til\s+dato|vuoden\s+alusta|kertymät?|od\s+początku\s+roku|"
                      r"év\s+elejétől|de\s+la\s+începutul\s+anului)\b", re.IGNORECASE)
_SET_ASIDE = re.compile(r"\b(?:not|rather than|instead of|other than)\s+(?:the|a|an|my|our|their|his|her|your)\s+([a-z]+)")
# a part the question leaves out of the sum it asks ("the monthly fee, not counting meals"): its own line answers
# nothing, a line that says it is left out ("Fee excl. meals") may
_LEFT_OUT = re.compile(r"\b(?:not counting|not including|excluding|except(?: for)?|apart from|leaving out|minus)\s+"
                       r"(?:the |any |her |his |their |our |my )?([a-z]+)")
_LEAVES_OUT = re.compile(r"\b(?:excl\w*|except\w*|without|not included|ohne|hors|sin|sem|senza|bez)\b", re.IGNORECASE)


# what a thing is worth is its value now, not what it cost: "what was the fund worth" is no "Cost Value" cell
_WORTH_ASKED = re.compile(r"\bworth\b", re.IGNORECASE)
_COST_SAID = re.compile(r"\b(?:cost\s+(?:value|price|basis)|purchase\s+(?:price|value)|(?:amount\s+)?invested|"
                        r"book\s+cost)\b", re.IGNORECASE)
_VALUE_SAID = re.compile(r"\b(?:market|current|present|fund|portfolio|total)\s+value\b|\bvaluation\b|\bworth\b",
                         re.IGNORECASE)


# a place said in a line: "second", "2nd", "#2", and "2. dávka" / "2. Dosis" as papers abroad write it (not a date's
# "8. 12. 2026", nor a figure's "2.5")
_PLACE_SAID = re.compile(r"\b(" + "|".join(k for k in ORDINALS if k != "last") + r")\b|#\s?([1-9])\b|"
                         r"(?<![\d.,])\b([1-9])\.\s(?=[^\W\d_])", re.IGNORECASE)


def places_said(unit: str) -> set[int]:
    """The places in a series that ``unit`` names: "1. dávka" -> {1}, "the second instalment" -> {2}; not a
    date's day ("Payment Due: 4th September 2026")."""
    dates = [m.span() for m in TYPE_PATTERNS["date"].finditer(unit)]
    return {ORDINALS[m.group(1).lower()] if m.group(1) else int(m.group(2) or m.group(3)) for m in _PLACE_SAID.finditer(unit)
            if not any(a <= m.start() < b for a, b in dates)}


class Contrasts:
    """What the question asks on one side of: :meth:`other` says a unit is about the other side only."""

    def __init__(self, question: str) -> None:
        self.phrasal = particles(question)
        low = question.lower()
        self.aside = {stem(m.group(1)) for m in _SET_ASIDE.finditer(low)} - {stem(w) for w in words(_SET_ASIDE.sub(" ", low))}
        self.left_out = {stem(m.group(1)) for m in _LEFT_OUT.finditer(low)} - \
            {stem(w) for w in words(_LEFT_OUT.sub(" ", low))} - STOP
        asked = sides(question)
        both = {what for side, what in asked if (_SIDES[side], what) in asked}  # "before and after tax": no side
        self.sides = {(side, what) for side, what in asked if what not in both}
        # the words of the side phrase ("after the *Medicare deduction*") say what the answer is net of: a unit
        # that says them without the side ("the amount we deduct for Medicare") is not about what is asked
        self.qualifiers = {what for _, what in self.sides}
        # asked of now unless it looks back: "how much is the renewal for 2026" is not "Last year you paid …"
        self.now = bool(_NOW.search(question)) and not _BEFORE_NOW.search(question) or not LOOKS_BACK.search(question)
        self.way = way_asked(question)
        origin = _FROM.search(question) if self.way is None else None  # "the flight back from Lisbon"
        place = origin.group(1).lower() if origin else ""
        self.origin = place if place not in STOP and place[:3] not in MONTH_NAMES else ""
        to = _TO_PLACE.search(question) if self.way is None and not self.origin else None
        self.dest = to.group(1).lower() if to else ""  # "our flight to Ponta Delgada": not the one leaving it
        self.leg = leg_asked(question)  # "the flight home": not the outbound one
        self.end = bool(_END_ASKED.search(question)) and not _START_SAID.search(question)
        self.start = bool(_START_SAID.search(question)) and not _END_ASKED.search(question)
        self.period = periods(question)
        self.since = since_asked(question)
        # "what did it cost for October": one month's sum, not what "would cost about £832 a year"
        self.one_month = not self.period and not self.since and bool(asked_months(question)[0])
        self.ahead = ahead_asked(question)
        self.carried = not LOOKS_BACK.search(question) and not re.search(r"\b(?:opening|brought|carried)\b", question, re.I)
        self.born = bool(_BORN_ASKED.search(question))  # "when is Emma's birthday", "how old is he"
        self.asked = {stem(w) for w in words(question)}
        self.third = bool(_THIRD_PERSON.search(question)) and not _OWN.search(question)  # "his teeth", not "my own"
        self.in_hours = bool(_IN_HOURS.search(question)) and not _OFF_HOURS.search(question)
        self.to_date = bool(_TO_DATE.search(question))  # "what have I earned so far this year": the YTD column
        self.worth = bool(_WORTH_ASKED.search(question)) and not _COST_SAID.search(question)
        self.place = asked_ordinal(question)  # "the second dose": not the line of the first ("Dávka: 1. dávka")
        # "the guest wifi", not our own network (nor "our Wi-Fi, not the guest network": the guests set aside)
        self.guests = bool(_GUESTS.search(_SET_ASIDE.sub(" ", question)))
        self.paused = bool(_PAUSED.search(question))  # "what does it cost to freeze the gym", not its monthly fee
        self.emergency = bool(_EMERGENCY.search(question))  # "the tenant's phone": not her emergency contact's
        self.own_share = not _EMPLOYER_ASKED.search(question)  # "what went to his pension": not what the employer adds
        # "how much of that was GST": the tax itself, not a sum that includes it ("Total (GST inclusive): $292.50")
        self.tax = bool(TAXES & self.asked) and not (WITH_TAX.search(question) or _WHOLE.search(question))

    def employers(self, unit: str, line: str = "") -> bool:
        """Whether ``unit`` gives what an employer adds to the pay, which a question of the pay's own parts leaves out."""
        return self.own_share and bool(_EMPLOYERS_SHARE.search(f"{unit} | {line}")) and not _EMPLOYEES_SHARE.search(unit) \
            and not _PAY_ITSELF.search(unit)  # ("NET PAY: $3,617.06" under that heading is the pay, not a share)

    def other(self, unit: str, line: str = "") -> bool:
        """Whether ``unit`` (a part of ``line``, or all of it) says the other side of what is asked."""
        if any(_says_other(unit, t, p) for t, p in self.phrasal):
            return True
        if self.aside and self.aside & {stem(w) for w in words(unit)}:
            return True  # "not the agent's": the agent's after-hours line answers nothing asked
        if self.left_out and not _LEAVES_OUT.search(unit) and \
                self.left_out & {stem(w) for w in words(f"{unit} {in_english(unit)}")}:
            return True  # "the monthly fee, not counting meals": not the meals' line ("Stravné – záloha: 1 100 Kč")
        if self.place and (said := places_said(unit)) and self.place not in said:
            return True  # "when is her second dose": not "06.10.2026 | FSME-IMMUN | 1. dávka"
        if self.employers(unit, line):
            return True  # "Employer Pension 10%: ₦61,250.00", under "Employer contributions (not deducted from pay)"
        if self.worth and _COST_SAID.search(unit) and not _VALUE_SAID.search(unit):
            return True  # "what was the fund worth": not "Cost Value | Rs. 3,45,629.86"
        if self.carried and _CARRIED.search(unit):
            return True  # "what do I owe": not the "Previous balance" paid since
        if self.now and _BEFORE_NOW.search(unit) and not _NOW.search(unit):
            return True  # "this year's premium" is not the "Previous year premium" line
        if self.way and _reversed(line or unit, self.way) or self.leg and _other_leg(self.leg, line or unit):
            return True
        if self.origin and _bound_for(line or unit, self.origin) or self.dest and _leaves_from(line or unit, self.dest):
            return True  # "from Lisbon": not "From: Berlin, To: Lisbon", the way there; "to Lisbon": not the way back
        if self.end and _START_SAID.search(unit) and not _END_SAID.search(unit):
            return True  # "when does the passport expire": not "Commencement Date: …"
        if self.start and _END_ASKED.search(unit) and not _START_SAID.search(unit):
            return True  # and "when did the contract start" is not "contract ends 2 Feb 2027"
        if self.ahead and _RECOUNTED.search(unit):
            return True  # "when am I booked in": not the visit the letter thanks for
        if self.ahead and not self.born and _BORN.search(unit):
            return True  # "when do we need to take him in": not his "Date of birth: 03/05/2017"
        if self.since and ended_before(unit, self.since):
            return True  # "the rate since October 2025": not the "Current fixed rate (ends 30/09/2025)"
        if self.period and periods(unit) and not periods(unit) & self.period:
            return True  # "how much is the monthly payment": not "Total annual premium: …"
        if self.one_month and periods(unit) == {"year"} and _A_SUM.search(unit):
            return True  # "what did it cost for October": not "about £832 a year"
        if self.in_hours and _OFF_HOURS.search(unit) and not _IN_HOURS.search(unit):
            return True  # "who do I phone in office hours": not "outside office hours … call the out of hours line"
        if self.tax and WITH_TAX.search(unit.split(":", 1)[0]):
            return True  # "how much GST was on it": not "Total (GST inclusive): $292.50" ("Includes GST of" answers)
        if not self.to_date and (_TO_DATE.search(unit.split(":", 1)[0]) or _TO_DATE.search(line.split(" | ", 1)[0])):
            return True  # "danny net pay oct 9": that stub's net pay, not its "YTD Net Pay: 66,753.65" (nor one under
            # a heading of the year's sums: "Kertymät vuoden alusta")
        if self.third and _OWN.search(unit):
            return True  # "when is his check-up": not the letter's "your own next check-up is due in March"
        if not self.sides:
            return False
        said = sides(unit)
        return any((_SIDES[s], w) in said for s, w in self.sides) and not any(x in said for x in self.sides)

    def outdated(self, section: str) -> bool:
        """Whether ``section``, the heading a unit sits under, marks its figures as no longer in force ("Old prices
        (to 31 March 2026)"), when the question asks of now: the price list's current row answers, not the old one."""
        return self.now and bool(_OUTDATED.search(section)) and not _NOW.search(section)

    def kept_apart(self, unit: str) -> float:
        """:data:`CASE_PENALTY` twice for a line of what is kept for guests ("Guest wifi: KO_Guest password: …",
        "rete ospiti") when the question asks of no guests: the household's own network answers "home wifi pw?";
        a hotel's guest wifi, the only one, still does. Three times for what a membership costs while paused,
        when the question asks of no pause; four times for a contact labelled as a party the question names not (the
        customer's own number on the vet's invoice)."""
        if not self.paused and _PAUSED.search(unit):
            return 3 * CASE_PENALTY  # a fee while paused ("Congelación de cuota: … 9,90 € por mes congelado") is
            # never the fee: its line says the months and the cost as the question does, more than the fee's row
        if not self.emergency and _EMERGENCY.search(unit):
            return 4 * CASE_PENALTY  # "Emergency contact (tenant): Rosa Ferreira (mother), (503) 555-0119"
        party = _PARTY_CONTACT.search(unit)  # "Müşteri Tel: 0532 …" on the vet's invoice: the asker's own number,
        if party and stem(party.group(1).lower()) not in self.asked and not (  # not the vet's asked (unless the
                {stem(w) for w in words(unit)} & self.asked - _CONTACT_LABELS - STOP):  # line names one asked:
            # "Landlord phone: (503) 555-0158 (Gary)" for Gary's number, not Maya's)
            return 4 * CASE_PENALTY
        return 2 * CASE_PENALTY if not self.guests and _GUESTS.search(unit) else 0.0

    def unasked_case(self, sentence: str) -> float:
        """:data:`CASE_PENALTY` for a sentence that opens with a case the question does not name ("During any
        month-to-month tenancy, notice of 28 days is required" for the notice before the lease ends): the rule of
        another case, after the general one; else 0."""
        m = _CASE.match(sentence.strip())
        if m is None:
            return 0.0
        said = {stem(w) for w in words(m.group(1)) if len(w) > 2 and w not in STOP}
        return CASE_PENALTY if said and not said & self.asked else 0.0

    def same(self, unit: str) -> bool:
        """Whether ``unit`` says the asked side of the same thing ("after … deductions"), or the period asked
        ("12 monthly payments of $193.00" for "the insurance a month")."""
        return bool(self.sides) and bool(self.sides & sides(unit)) or bool(self.period & periods(unit))


_WHOLE = re.compile(r"\b(?:total|altogether|all in|all up|in all|overall)\b", re.IGNORECASE)
_GUESTS = re.compile(r"\b(?:guests?|visitors?|gäste|gast|invités?|ospiti|huéspedes|hóspedes|gość|gości)\b", re.IGNORECASE)
# a contact labelled as a party's (the customer's, the patient's owner's), which answers for no other: "Customer tel:
# …", "Propietario: Tomás …, Teléfono: …" (or its cell under the party's head). Listed here, not read from the
# glossary: a label's words only (the glossary's forms are a search's, and Turkish "hasta" is Spanish's "until" there)
_PARTY_CONTACT = re.compile(r"(?m)^\s*(customer|client|patient|owner|tenant|guest|buyer|landlord|landlady|lessor|müşteri|kunde|"
                            r"cliente|klient|hasta|paciente|propietario|dueño|tierhalter|halter|besitzer|propriétaire|"
                            r"proprietario|vermieter|bailleur|verhuurder|hyresvärd|udlejer|utleier)(?:'s)?\b"
                            r"([^\n]*?)(?:\n|,\s*|\s)(?:tel|phone|mobile|cell|e-?mail|telefon\w*|teléfono|téléphone|cep|gsm)\b",
                            re.IGNORECASE)
_EMERGENCY = re.compile(r"\b(?:emergency contacts?|in case of emergency|notfallkontakt|contacto de emergencia|contact d'urgence|"
                        r"contatto di emergenza|kontakt awaryjny|nödkontakt|hätäyhteyshenkilö)\b", re.IGNORECASE)
_CONTACT_LABELS = frozenset("tel phone mobile cell email mail number no".split())
_EMPLOYER_ASKED = re.compile(r"\b(?:employers?|company|firm|boss)\b", re.IGNORECASE)
# what an employer pays on top of the pay, as a payslip says it ("Employer Pension 10%", "Arbeitgeberanteil")
_EMPLOYERS_SHARE = re.compile(r"\bemployer(?:'s|s')?\s+(?:pension|contributions?|share|part|ni\b|national insurance|"
                              r"super|social|insurance|cost)|\bnot deducted from (?:your |the )?pay|\bpaid by (?:the |your )?"
                              r"employer|\barbeitgeber(?:anteil|beitrag|beiträge)|\bpart patronale|\bcotisations? patronales?",
                              re.IGNORECASE)
_PAY_ITSELF = re.compile(r"\b(?:net|gross|take[- ]home)\s+(?:pay|salary|wages?|earnings)\b|\bnetto\b", re.IGNORECASE)
_EMPLOYEES_SHARE = re.compile(r"\bemployee|\barbeitnehmer|\bpart salariale", re.IGNORECASE)
# a membership paused: in English, or in the glossary's forms of "freeze" ("Congelación de cuota", "Ruhezeit")
_PAUSED = re.compile(r"\b(?:freez(?:e|es|ing)|frozen|pause[ds]?|pausing|suspen(?:d|ded|sion)|"
                     + "|".join(re.escape(f.replace("_", " ")) + r"\w*" for f in forms("freeze")) + r")\b", re.IGNORECASE)
_A_SUM = re.compile(r"[£$€¥]\s?\d|\d\s?(?:€|eur|usd|gbp)\b", re.IGNORECASE)  # a sum of money, not a rate "6.45% p.a."
CASE_PENALTY = 0.5
# "If …,", "During any …,", "In the event of …,": a sentence about one case of a rule
_CASE = re.compile(r"(?:if|unless|during any|during a|in the event(?: of| that)?|in case(?: of)?|should|for any|where)\s+"
                   r"([^,;:]{3,80}),", re.IGNORECASE)


# a quote is not the bill: what a job was estimated at, and what it was billed or ended up costing
_QUOTED = frozenset("estimate estimated quote quotation proposal offer angebot kostenvoranschlag devis presupuesto "
                    "orcamento preventivo".split())
_BILLED = frozenset("invoice inv bill receipt rechnung quittung facture factura fattura fatura".split())
_DENIED = re.compile(r"\b(?:not|rather than|instead of|other than)\s+(?:the\s+|a\s+|an\s+|my\s+|their\s+)?(\w+)")
_FINAL = re.compile(r"\b(?:end(?:ed)? up|final(?:ly)?|actually|in the end|paid|did (?:i|we) pay|balance|left to pay|"
                    r"still owe|outstanding)\b")  # what is left to pay is on the bill, not the quote


def other_paper(question: str, file_name: str) -> bool:
    """Whether the file is the other paper of a job than the one asked: the estimate for "the invoice" or "what
    did it end up costing", the invoice for "what was the quote"."""
    low = question.lower()
    denied = {stem(m.group(1)) for m in _DENIED.finditer(low)}  # "…, not the estimate": the bill is asked
    asked = {stem(w) for w in words(_DENIED.sub(" ", low))}
    named = {stem(w) for w in re.findall(r"[a-z]+", file_name.lower())}
    if (asked & _QUOTED or denied & _BILLED) and not asked & _BILLED:
        return bool(named & _BILLED) and not named & _QUOTED
    if asked & _BILLED or denied & _QUOTED or _FINAL.search(low):
        return bool(named & _QUOTED) and not named & _BILLED
    return False
