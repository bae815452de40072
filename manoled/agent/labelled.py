"""Values asked by what their line's label says: how much was used ("how much power did we use": "Units Consumed:
287", not the bill's sum or its consumer number) and the most a cover pays ("health policy cover amt?": "Sum Insured:
Rs. 10,00,000", not the premium), and a code by the name its label gives it ("the policy number of our car
insurance": "Polizza n. | 2026/RCA/0048317", not the plate on "Veicolo: … targa GH417ZT"). :mod:`.facts` weighs a
line so labelled up when the question asks it.
"""

from __future__ import annotations

import re

from .kinds import USED
from .retrieve import contains
from .shapes import TYPE_PATTERNS
from .slots import GENERIC, STOP, stem, words
from .totals import TOTAL_UNIT

# a line that says how much was used: "Units Consumed | 287", "Verbrauch: 3 412 kWh", "Spotřeba: 2 184 kWh"
_USE_LABEL = re.compile(r"\b(?:consum(?!ers?\b)\w*|usage|used|verbrauch\w*|consommation|consumo|spotřeb\w*|zużyci\w*|verbruik|καταν[αά]λωσ\w*|tüketim\w*|tiêu thụ)\b",
                        re.IGNORECASE)
_KWH = re.compile(r"\d\s?kwh\b", re.IGNORECASE)  # or a number of kWh, with no label
# what says no quantity used, though it says use or kWh: a day's or a year's average, a meter's reading, a rate's
# kWh ("Your 12-month average usage is 1,388 kWh", "Avg 73.8 kWh/day", "Tagesverbrauch: 10,1 kWh", "Zählerstand
# 31.01.: 23.724 kWh" (its day is no reading), "Tier 1 (1-300 kWh @ $0.0361)", "312 kWh × 13,90 ct")
_NOT_USED = re.compile(r"\b(?:avg|average|daily|durchschnitt\w*|täglich\w*|tages\w*|moyenne|promedio|media|gemiddeld\w*|"
                       r"průměr\w*|średni\w*|zählerstand\w*|meter\s+read\w*|reading|previous\s+read|current\s+read|"
                       r"ortalama|günlük|μέση|ημερήσια|trung bình|átlag\w*)\b"
                       r"(?:[^\d|]|\d{1,2}[./]\d{1,2}(?:[./]\d{2,4}|\.)?(?![\d,])){0,40}?\d[\d,]*(?:\.\d+)?(?![\d./])(?:\s?(?:kwh|m³|m3)\b)?(?:\s?/\s?\w+)?|\d[\d.,]*\s?kwh\s*[@×]",
                       re.IGNORECASE)


# the most a cover pays ("the cover amount", "how much cover", "the most the mediclaim will pay out"): the sum
# insured, not the premium paid for it (nor "how much does the cover cost")
_COVER_ASK = re.compile(r"\bcover(?:age)?\s+(?:amount|amt|limit)\b|\bamount\s+of\s+cover|\bhow\s+much\s+cover(?:age)?\b"
                        r"(?!\s+(?:cost|costs|is|does|did|was))|\b(?:most|max|maximum)\b.{0,40}\bpay(?:s|ing)?\s+out\b|"
                        r"\bmax(?:imum)?\s+pay-?outs?\b", re.IGNORECASE)
# a line that gives it: "Sum Insured: Rs. 10,00,000", "Versicherungssumme", "Limit of indemnity"
_COVER_LABEL = re.compile(r"\b(?:sum\s+(?:insured|assured)|insured\s+(?:amount|sum|value)|cover(?:age)?\s+(?:amount|limit)|"
                          r"limit\s+of\s+(?:liability|indemnity|cover)|\w*versicherungssumme|deckungssumme|capital\s+assur\w*|"
                          r"suma\s+asegurada|capitale\s+assicurato|pojistn\w+\s+částk\w*|suma\s+ubezpieczenia|"
                          r"verzekerd\s+bedrag)\b", re.IGNORECASE)


def asks_cover(question: str) -> bool:
    """Whether ``question`` asks the most a cover pays ("health policy cover amt?"), not what the cover costs."""
    return bool(_COVER_ASK.search(question))


def says_cover(unit: str) -> bool:
    """Whether ``unit`` gives the most a cover pays ("Sum Insured: Rs. 10,00,000 (floater)")."""
    return bool(_COVER_LABEL.search(unit))


def asks_use(question: str) -> bool:
    """Whether ``question`` asks how much was used ("how much power did we use", "what did the bill say we used")."""
    return bool(USED.intersection(words(question)))


def says_use(unit: str) -> int:
    """2 when ``unit`` says a quantity used by its label ("Units Consumed: 287", "Usage (kWh): 1,102"), 1 by its
    measure alone ("600 kWh": a tariff block's, perhaps), else 0 (not the bill's "Electricity Duty @ 16%", nor a day's
    average or a meter's reading in kWh)."""
    unit = _NOT_USED.sub(" ", unit)
    measured = bool(_KWH.search(unit))  # (a total of them too: "Total: 874 kWh", over the day and night rates')
    return 2 if _USE_LABEL.search(unit) or measured and TOTAL_UNIT.search(unit) else int(measured)


# the word that names a code, before the word that says it is one ("policy number", "member no", "customer ref")
_CODE_NAMED = re.compile(r"\b([^\W\d_]{3,})\s+(?:number|no|nr|num|n°|#|ref|reference|id)(?!\w)", re.IGNORECASE)
_LABEL_END = re.compile(r":| \| ")
_ADDRESS = re.compile(r"\S+@\S+|\bhttps?://\S+|\bwww\.\S+")


def code_named(question: str) -> list[str]:
    """The words ``question`` names the code it asks by ("what's the policy number": policy)."""
    return [t for m in _CODE_NAMED.finditer(question) if (t := stem(m.group(1).lower())) not in STOP and t not in GENERIC]


def labels_code(unit: str, named: list[str]) -> bool:
    """Whether ``unit`` is a label and its value, the label naming the code by one of ``named``, in the paper's
    tongue too ("Polizza n. | 2026/RCA/0048317" for policy)."""
    # (a row of two labels and values too: "Jonas Nørgaard | Policy no. | 7305-118-442"); a date is no code's value
    # ("Policy period: 01.03.2026 - 28.02.2027")
    parts = _LABEL_END.split(unit)  # (an address that says the word is no label: "rezervasyon@mavikoyotel.com")
    return any(contains(_ADDRESS.sub(" ", label), t) and not TYPE_PATTERNS["date"].match(value.strip())
               for label, value in zip(parts, parts[1:], strict=False) for t in named)
