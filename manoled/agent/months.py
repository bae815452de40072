"""Months in questions, passages and file names: "the invoice from February 2025" asks month 2 of 2025,
"acme_2025-02.txt" is that month's file, and the March row of a budget answers nothing about April. Files named
alike but for their dates are a series ("Voltline bill Jan 2026.pdf", "… Apr 2026.pdf"): ``series_words``
names it, ``newest_of_series`` finds its latest paper."""

from __future__ import annotations

import calendar
import re
from collections.abc import Sequence
from datetime import datetime, timedelta
from functools import lru_cache
from typing import Any

from . import gloss
from .layout import row_cells
from .names import path_words
from .retrieve import MONTH_NUMBERS, contains
from .slots import YEAR, TimeRange, is_year, may_month, stem, words
from .wording import fold

MONTH_NAMES = {m[:3].lower(): m.lower() for m in calendar.month_name if m} | {"sept": "september"}
_NAME_DATE = re.compile(r"(?<!\d)((?:19|20)\d{2})[-_.]?(0[1-9]|1[0-2])(?![\d])|(?<!\d)(0[1-9]|1[0-2])[-_.]((?:19|20)\d{2})(?!\d)")


# a month's name in the languages of :mod:`gloss` -> the English name; of those, the ones that are English words too
_FOREIGN = {form: name for name in MONTH_NUMBERS for form in gloss.forms(name)}
_ENGLISH = frozenset({"mayo", "mars", "mart"})
_PART_OF = re.compile(r"^(?:mid|early|late|end)-([a-z]{3,9})$")


def is_month(word: str) -> bool:
    """Whether ``word`` is a month's English name ("march"; not "mar", nor "mayor")."""
    return MONTH_NAMES.get(word[:3]) == word


def whole_month(word: str) -> str:
    """``word`` without the part of the month it names: "mid-january" -> "january"; other words as they are."""
    m = _PART_OF.match(word)
    return m.group(1) if m and m.group(1)[:3] in MONTH_NAMES and MONTH_NAMES[m.group(1)[:3]].startswith(m.group(1)) \
        else word


def foreign_month(ws: Sequence[str], i: int) -> str:
    """The English name of the month ``ws[i]`` names in another language ("marzo" -> march), or ""."""
    w = ws[i]
    if w in _FOREIGN and (w not in _ENGLISH or any(n.isdigit() for n in [*ws[i - 1:i], *ws[i + 1:i + 2]])):
        return _FOREIGN[w]
    return ""


def asked_months(question: str) -> tuple[set[int], set[int]]:
    """The months (1-12) and years a question names: "the invoice from February 2025" -> ({2}, {2025}); in the
    papers' other languages too ("luz marzo" -> {3}), an English word among those ("mayo", "mars") only beside a
    number."""
    ws = [whole_month(w.removesuffix("'s")) for w in words(question)]  # "October's gas": October
    months = set()
    for i, w in enumerate(ws):
        if name := foreign_month(ws, i):
            months.add(MONTH_NUMBERS[name])
            continue
        if len(w) < 3 or w[:3] not in MONTH_NAMES or not MONTH_NAMES[w[:3]].startswith(w):
            continue
        if w == "may" and not may_month(question, ws, i):
            continue  # "may I", "it may be", "for may I ask": not the month
        if "year" in ws[max(0, i - 3):i] and ws[i - 1:i] and ws[i - 1] in ("starting", "beginning", "from"):
            continue  # "the year starting July 2025": a year from that month, not the month
        months.add(MONTH_NUMBERS[MONTH_NAMES[w[:3]]])
    years = {int(w) for w in ws if is_year(w)}
    if not months:  # "at the start of 2025": its January; "the end of 2025": its December
        months = {MONTH_NUMBERS[m] for i in range(len(ws)) if (m := year_end(ws, i))}
    return months, years


# the month a year's end names: "at the start of 2025" -> january
_YEAR_ENDS = {"start": "january", "beginning": "january", "end": "december", "close": "december"}


def year_end(ws: Sequence[str], i: int) -> str:
    """The month ``ws[i]`` names when it is a year's start or end ("start" of "start of 2025", of "the start of the
    year": january), or ""."""
    of, *which = (ws[i + 1:i + 4] if i >= 0 else []) or [""]
    said = bool(which) and (is_year(which[0]) or which in (["the", "year"], ["this", "year"]))
    return _YEAR_ENDS.get(ws[i], "") if of == "of" and said else ""


# a month's short form in file names in those languages, where it is not the English one ("ene", "okt", "déc")
_FOREIGN_SHORT = {"ene": "january", "janv": "january", "févr": "february", "fevr": "february", "mär": "march",
                  "mrz": "march", "mrt": "march", "abr": "april", "avr": "april", "mai": "may", "mei": "may",
                  "juil": "july", "ago": "august", "aoû": "august", "aou": "august", "okt": "october",
                  "dic": "december", "déc": "december", "dez": "december", "fev": "february", "set": "september",
                  "out": "october"}
_GLUED_ONLY = frozenset({"set", "out"})  # English words: a month only glued to its year (the Portuguese "set26")
_NAME_FOREIGN = re.compile(r"(?<![^\W\d_])(" + "|".join(sorted({*_FOREIGN, *_FOREIGN_SHORT} - _ENGLISH, key=len,
                                                                  reverse=True)) + r")(?![^\W\d_])[\s_.-]?(\d)?")
_GLUED_YEAR = re.compile(r"(?<=[^\W\d_]{3})([23]\d)(?!\d)")
_NAME_MONTH = re.compile(r"(?<![a-z])(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)([a-z]*)(?![a-z])")


def name_dates(file_name: str) -> list[tuple[int, int]]:
    """The (year, month) a file's name carries: "acme_2025-02.txt", "Voltline bill Jan 2026.pdf", "holerite_set26.pdf"
    (a year's last two digits glued to its month; year 0 when the name has none; "may" only beside a year)."""
    low = file_name.lower()
    if dated := [(int(y or y2), int(m or m2)) for y, m, m2, y2 in _NAME_DATE.findall(low)]:  # "2026-09", "09-2026"
        return dated
    year = next((int(y) for y in YEAR.findall(low)), 0) or next((2000 + int(y) for y in _GLUED_YEAR.findall(low)), 0)
    out = [(year, MONTH_NUMBERS[MONTH_NAMES[a]]) for a, rest in _NAME_MONTH.findall(low)
           if MONTH_NAMES[a].startswith(a + rest) and (a != "may" or year)]
    # "factura_luz_ene26.pdf", "Gehalt März 2026.pdf": another language's month, beside a number
    return out or [(year, MONTH_NUMBERS[_FOREIGN.get(m[1]) or _FOREIGN_SHORT[m[1]]]) for m in _NAME_FOREIGN.finditer(low)
                   if m[1] not in _GLUED_ONLY and (year or m[2]) or low[m.end(1):m.end(1) + 1].isdigit()]


def series_words(file_name: str) -> frozenset[str]:
    """The words of a file's name that say which series it is of, its dates, months and numbers aside ("globex
    telecom" for globex_telecom_2025-09.pdf and for "Globex Telecom Sep 2025.pdf")."""
    return frozenset(w for w in path_words(file_name) if w.isalpha() and len(w) >= 3 and not _month_word(w))


def _month_word(word: str) -> bool:  # "sep", "september", and another language's: "agosto", "mär"
    m = _NAME_MONTH.fullmatch(word)
    return m is not None and MONTH_NAMES[m.group(1)].startswith(word) or word in _NAMED_MONTHS


_NAMED_MONTHS = frozenset(fold(stem(w)) for w in {*_FOREIGN, *_FOREIGN_SHORT} - _GLUED_ONLY - _ENGLISH)  # as path_words has them


# "the next service", "the current rate": the newest paper of a series says it
LATEST = re.compile(r"\b(?:next|current|currently|latest|newest|upcoming|most recent)\b", re.IGNORECASE)
# "how much was our last electricity bill": the newest paper of a series (not "when did I last"), not its newest row
LAST_PAPER = re.compile(r"^(?!.*\bwhen\b).*\b(?:last|latest|newest|most recent)\s+(?:[a-z]+\s+){0,2}(?:bill|invoice|statement|payslip|receipt|letter|"
                        r"quote|notice|reading|renewal)s?\b", re.IGNORECASE)


def newest_of_series(candidates: Sequence[Any]) -> set[str]:
    """Paths of the candidates (``file_name``, ``path``) whose file is the newest of a series among them
    ("Buick service Feb 2026.txt" over "… Oct 2025.txt")."""
    series: dict[frozenset[str], list[tuple[list[tuple[int, int]], str]]] = {}
    for c in candidates:  # a yearly paper is dated by its year alone ("Insurance renewal 2026.pdf")
        dated = name_dates(c.file_name) or [(int(y), 0) for y in YEAR.findall(c.file_name)[:1]]
        if dated:
            series.setdefault(series_words(c.file_name), []).append((dated, c.path))
    return {max(members)[1] for members in series.values() if len({str(d) for d, _ in members}) >= 2}


def name_date_fit(file_name: str, months: set[int], years: set[int]) -> float:
    """+1 when the file's name carries the asked month (and year), -1 when it carries another month, else 0:
    people name files by their date ("acme_2025-02.txt"), and a text may name other months (a due date)."""
    if not months:
        return 0.0
    dated = name_dates(file_name)
    if not dated:
        return 0.0
    if any(m in months and (not years or not y or y in years) for y, m in dated):
        return 1.0
    return -1.0


def name_year_fit(file_name: str, months: set[int], years: set[int]) -> float:
    """With a year asked and no month: +1 when the file's name carries an asked year, -1 when it carries only
    others, else 0 ("the year from April 2026": Insurance renewal 2026.pdf, not the 2025 one whose cover ends
    in April 2026)."""
    if months or not years:
        return 0.0
    named = {int(y) for y in YEAR.findall(file_name)}
    return (1.0 if named & years else -1.0) if named else 0.0


# "After I filed in March, how much did they give back?": the month of a deed done before what is asked, not its own
_DEED_BEFORE = re.compile(r"^\s*(?:after|once|since)\s+(?:i|we|he|she|they)\b[^,?]*,\s*", re.IGNORECASE)


def without_deed_before(question: str) -> str:
    """``question`` without an opening clause of what the asker did before the thing asked ("After I filed in
    March, …"): its month places that deed; the answer comes later."""
    return _DEED_BEFORE.sub("", question)


def other_month(question: str, passage: str, file_name: str = "") -> bool:
    """Whether the question asks about a month (or year) and the passage names only others: the March row of
    a budget answers nothing about April; nor does a passage that names no month of a file named for January
    (``statement_2026-01.pdf``); nor the 2026/27 bill a question of 2025-26's."""
    spans, said = year_spans(question), f"{passage} {file_name}"
    if spans and year_spans(said) and not says_span(said, spans):
        return True
    months, years = asked_months(question)
    if months and name_date_fit(file_name, months, years) <= 0:  # a bill named for February is February's, due when
        named = {n for name, n in MONTH_NUMBERS.items() if contains(passage, name)}
        if named and not named & months:
            return True
        if name_date_fit(file_name, months, years) < 0 and not any(
                re.search(rf"\b{name}\b", passage, re.IGNORECASE) for name, n in MONTH_NUMBERS.items()
                if n in months and len(name) > 3) and not months <= spanned_months(passage):
            return True  # a date in numbers is no proof here: "11/04/25" is April only to some (a period that
            # reads one way is: "01/07/2026 - 30/09/2026")
    if years:
        # "Renta 2024 resumen" answers nothing of the 2025 return, though it says when it was filed (2025); a name's
        # span ("statement 2025-26") is of two years
        fit = name_year_fit(file_name, months, years)
        if fit and not year_spans(file_name.rsplit(".", 1)[0]):
            return fit < 0
        named_years = {int(y) for y in YEAR.findall(passage)}
        return bool(named_years) and not named_years & years
    return False


# a line that announces what comes next ("next: 4 mo visit Fri Nov 20", "Next meeting: Wednesday 9 September"): its
# month is that event's, not the paper's
_NEXT_LINE = re.compile(r"^[^\n]*\b(?:next|upcoming|nächste[nrs]?|prochaine?|próxim[oa]|prossim[oa]|příští)\b[^\n]*$",
                        re.IGNORECASE | re.MULTILINE)


def without_next(text: str) -> str:
    """``text`` without its lines that announce what comes next: the minutes of August that name the September
    meeting say nothing of what that meeting decided."""
    return _NEXT_LINE.sub(" ", text)


_WRITTEN_MONTH = re.compile(r"\b(jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)(?:[a-z]*\b|\.?(?=\s+\d))",
                            re.IGNORECASE)


def says_other_month(question: str, unit: str) -> bool:
    """Whether an answer's own line names months in words ("Jan 12 - …", "the March reading") and none of those
    the question asks about ("the bill in June")."""
    return names_other_month(*asked_months(question), unit)


def paper_period(months: set[int], years: set[int], file_name: str) -> tuple[set[int], set[int]]:
    """The months and years asked, with those a paper named for its month gives where the question leaves them out
    ("oct light bill" of "Bill_Oct_2026.pdf": October 2026; its row "OCT-2025" is last year's, a history)."""
    named = name_dates(file_name)
    months = months or {m for _, m in named}
    return months, years or {y for y, m in named if y and m in months}


def names_other_month(months: set[int], years: set[int], unit: str, file_name: str = "") -> bool:
    """:func:`says_other_month` with the months and years read already; with ``file_name``, :func:`paper_period`'s."""
    if file_name:
        months, years = paper_period(months, years, file_name)
    if not months:
        return False
    said, said_years = set(), set()
    for m in _WRITTEN_MONTH.finditer(unit):
        word = m.group(0).lower().rstrip(".")
        beside_number = re.match(r"[\s/-]+\d", unit[m.end():]) or re.search(r"\d\s+$", unit[:m.start()])
        if _month_word(word) and (word != "may" or beside_number):  # "you may pay" names no month
            said.add(MONTH_NUMBERS[MONTH_NAMES[word[:3]]])
            if year := re.match(r"[\s/-]+((?:19|20)\d\d)\b", unit[m.end():]):  # "OCT-2025" for October 2026's
                said_years.add(int(year.group(1)))
    return bool(said) and (not said & months or bool(years and said_years and not said_years & years))


# -- a follow-up's other period: "and the month before that?", "and in December?" ---------------------
_SHIFT = re.compile(r"\b(?:the )?(day|week|month|year) (before|after)\b|\b(previous|next|following|prior) "
                    r"(day|week|month|year)\b")


def shifted(when: TimeRange | None, question: str) -> TimeRange | None:
    """The previous turn's period moved by one day, week, month or year ("the month before that", "the next
    year"); None when the follow-up says no such thing or the previous turn had no period."""
    m = _SHIFT.search(" ".join(words(question)))
    if m is None or when is None or when.since is None:
        return None
    unit = m.group(1) or m.group(4)
    step = -1 if (m.group(2) or m.group(3)) in ("before", "previous", "prior") else 1
    start = datetime.fromtimestamp(when.since)
    if unit == "month":
        y, mo = divmod(start.year * 12 + start.month - 1 + step, 12)
        a = datetime(y, mo + 1, 1)
        y2, mo2 = divmod(y * 12 + mo + 1, 12)
        return TimeRange(a.timestamp(), datetime(y2, mo2 + 1, 1).timestamp(), f"in {a:%B %Y}")
    if unit == "year":
        a = datetime(start.year + step, 1, 1)
        return TimeRange(a.timestamp(), datetime(a.year + 1, 1, 1).timestamp(), f"in {a.year}")
    days = 7 if unit == "week" else 1
    a = start + timedelta(days=step * days)
    return TimeRange(a.timestamp(), (a + timedelta(days=days)).timestamp(),
                     f"on {a:%d %B %Y}" if days == 1 else f"in the week of {a:%d %B %Y}")


# a year that runs across two ("rates total 25/26", "the 2025/26 tax year", "FY2025-2026")
_SPAN = re.compile(r"(?<![\d/.\-])(?:fy\s?)?((?:19|20)?\d{2})\s?[/\-]\s?((?:19|20)?\d{2})(?![\d/.\-])", re.IGNORECASE)


def year_spans(text: str) -> list[tuple[int, int]]:
    """The two-year spans ``text`` names, as full years: "25/26" -> [(2025, 2026)]."""
    full = [(y := int(a) + (2000 if len(a) == 2 else 0), int(b) + (y // 100 * 100 if len(b) == 2 else 0))
            for a, b in _SPAN.findall(text)]
    return [(y, z) for y, z in full if z == y + 1]


def says_span(text: str, spans: list[tuple[int, int]]) -> bool:
    """Whether ``text`` names one of ``spans`` in any of its forms ("2025/2026", "2025-26", "25/26")."""
    return any(re.search(rf"(?<!\d){y}\s?[/\-]\s?(?:{z}|{z % 100:02d})(?!\d)|(?<![\d/]){y % 100:02d}[/\-]{z % 100:02d}"
                         rf"(?![\d/])", text) for y, z in spans)


# a day of a month, in words or in numbers ("on 18 November 2025", "Nov 18th", "18/11/25", "2025-11-18", "20DEC26")
_MONTHS = "jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec"
_MON = rf"({_MONTHS})[a-z]*\.?"
_DAY_WORDS = re.compile(rf"\b(\d{{1,2}})(?:(?:st|nd|rd|th|er)?(?:\s+of)?\s+|(?=[a-z]{{3}}\d\d)){_MON}|\b{_MON}\s+(\d{{1,2}})(?:st|nd|rd|th)?\b",
                        re.IGNORECASE)
_DAY_ISO = re.compile(r"(?<![\d/.\-])(?:19|20)\d{2}-(\d{1,2})-(\d{1,2})(?![\d\-])")
# "18/11/2025", "18.11.25", a file name's "06-08-2026" or "03.08.2026.pdf"; "14/06" (not "1/2": a fraction)
_DAY_NUMBERS = re.compile(r"(?<![\d/.\-])(\d{1,2})([/.-])(\d{1,2})\2(?:\d{4}|(?<![-])\d{2})(?![\d/]|\.\d)|"
                          r"(?<![\d/.\-])(\d\d)/(\d\d)(?![\d/.])")


_MONTH_WORD = rf"(?:{_MONTHS})[a-z]*\.?"
_ONE_DAY = (rf"(?:\d{{1,2}}(?:st|nd|rd|th)?\s+{_MONTH_WORD}(?:,?\s+\d{{4}})?|{_MONTH_WORD}\s+\d{{1,2}}(?:st|nd|rd|th)?"
            rf"(?:,?\s+\d{{4}})?|\d{{1,2}}[/.]\d{{1,2}}(?:[/.]\d{{2,4}})?|\d{{4}}-\d{{1,2}}-\d{{1,2}})")
_DAY_SPAN = re.compile(rf"\b({_ONE_DAY})\s*(?:–|—|-|to|until|till|through)\s*({_ONE_DAY})", re.IGNORECASE)
# "since October 2025", "from 1 Oct 2025": a month on from which a question asks
_SINCE = re.compile(rf"\b(?:since|from|starting|as of|as from)\s+(?:the\s+)?(?:\d{{1,2}}(?:st|nd|rd|th)?\s+(?:of\s+)?)?"
                    rf"{_MON},?\s+((?:19|20)\d\d)\b", re.IGNORECASE)
_DATED = (re.compile(r"\b(\d{1,2})[/.](\d{1,2})[/.]((?:19|20)\d\d)\b"),  # day first or month first: both read
          re.compile(r"\b((?:19|20)\d\d)-(\d{1,2})-\d{1,2}\b"),
          re.compile(rf"\b\d{{1,2}}(?:st|nd|rd|th)?\s+{_MON},?\s+((?:19|20)\d\d)\b", re.IGNORECASE),
          re.compile(rf"\b{_MON}\s+\d{{1,2}}(?:st|nd|rd|th)?,?\s+((?:19|20)\d\d)\b", re.IGNORECASE))


def _month_number(word: str) -> int:
    return MONTH_NUMBERS[MONTH_NAMES[word.lower()[:3]]]


def since_asked(question: str) -> tuple[int, int] | None:
    """(year, month) a question asks from: "since October 2025", "from 1 Oct 2025"; else None."""
    m = _SINCE.search(question)
    return (int(m.group(2)), _month_number(m.group(1))) if m else None


def year_months(text: str) -> list[tuple[int, int]]:
    """The (year, month) of each date in ``text`` written with its year (a day-first and a month-first reading)."""
    out: list[tuple[int, int]] = []
    for m in _DATED[0].finditer(text):
        a, b, y = int(m.group(1)), int(m.group(2)), int(m.group(3))
        out += [(y, mon) for mon in {a, b} if 1 <= mon <= 12]
    out += [(int(m.group(1)), int(m.group(2))) for m in _DATED[1].finditer(text)]
    out += [(int(m.group(2)), _month_number(m.group(1))) for p in _DATED[2:] for m in p.finditer(text)]
    return out


def spanned_months(text: str) -> frozenset[int]:
    """The months a period ``text`` gives from one day to another covers ("Billing period Jan 16, 2026 – Feb 13,
    2026": January and February), up to a quarter's; a date that reads both ways says none."""
    out: set[int] = set()
    for m in _DAY_SPAN.finditer(text):
        a, b = days(m.group(1)), days(m.group(2))
        a, b = _as_the_other(a, b, m.group(1), m.group(2)), _as_the_other(b, a, m.group(2), m.group(1))
        if len(a) != 1 or len(b) != 1:
            continue
        first, last = next(iter(a))[0], next(iter(b))[0]
        n = (last - first) % 12
        if n <= 3:
            out |= {(first - 1 + i) % 12 + 1 for i in range(n + 1)}
    return frozenset(out)


def _as_the_other(a: frozenset[tuple[int, int]], b: frozenset[tuple[int, int]], said_a: str, said_b: str
                  ) -> frozenset[tuple[int, int]]:
    """``a``, a date in numbers that reads both ways, read as ``b`` beside it reads in one way only: in
    "01/07/2026 - 30/09/2026" the day comes first, so the period starts on 1 July."""
    x, y = (_IN_NUMBERS.match(t.strip()) for t in (said_a, said_b))
    if len(a) != 2 or len(b) != 1 or x is None or y is None:
        return a
    day_first = next(iter(b)) == (int(y.group(2)), int(y.group(1)))
    return frozenset({(int(x.group(2)), int(x.group(1))) if day_first else (int(x.group(1)), int(x.group(2)))})


_IN_NUMBERS = re.compile(r"(\d{1,2})[/.](\d{1,2})[/.]")  # a date in numbers: its first two numbers


def _readings(text: str) -> list[frozenset[tuple[int, int]]]:
    """Each date ``text`` writes, as the (month, day) pairs it may be: one for a month in words or a date year first,
    two for a date in numbers that reads both ways (3/4/2025 is 3 April or 4 March)."""
    out: list[frozenset[tuple[int, int]]] = []
    for m in _DAY_WORDS.finditer(text):
        d, a, b, e = m.groups()
        mon = MONTH_NUMBERS[MONTH_NAMES[(a or b).lower()[:3]]]
        day = int(d or e)
        if 1 <= day <= 31 and ((a or b).lower()[:3] != "may" or m.group().strip()[0].isdigit() or e):
            out.append(frozenset({(mon, day)}))
    for m in _DAY_ISO.finditer(text):
        mon, day = int(m.group(1)), int(m.group(2))
        if 1 <= mon <= 12 and 1 <= day <= 31:
            out.append(frozenset({(mon, day)}))
    for m in _DAY_NUMBERS.finditer(text):
        a, b = int(m.group(1) or m.group(4)), int(m.group(3) or m.group(5))
        out.append(frozenset((mon, day) for day, mon in ((a, b), (b, a)) if 1 <= mon <= 12 and 1 <= day <= 31))
    return out


@lru_cache(maxsize=256)
def days(text: str) -> frozenset[tuple[int, int]]:
    """The (month, day) pairs ``text`` names; a date in numbers that reads both ways gives both (18/11/25 is
    18 November; 3/4/2025 is 3 April or 4 March). Cached: a heading is asked for every unit under it."""
    return frozenset().union(*_readings(text))


def sure_months(text: str) -> frozenset[int]:
    """The months ``text``'s dates name beyond doubt: in words, year first, or in numbers that read one way only
    (9/18/2026 is September; 3/4/2025 says no month for sure)."""
    return frozenset(mon for r in _readings(text) if len(months := {mon for mon, _day in r}) == 1 for mon in months)


def dated_otherwise(months: set[int], years: set[int], passage: str, file_name: str) -> bool:
    """Whether the passage's dates name only other months than those asked ("when Dr. Nguyen saw her in November":
    the September visit's "Fri 9/18/2026"), of a file whose name places it in no month asked (nor may: a name's
    "06-08-2026" is of June or August)."""
    if not months or name_date_fit(file_name, months, years) > 0 or any(m in months for m, _ in days(file_name)):
        return False
    said = sure_months(passage)
    return bool(said) and not said & months


def names_month(word: str, file_name: str) -> bool:
    """Whether a question's month word ("february") is said by the date in a file's name
    ("receipt_2026-02-08.txt"): a receipt rarely writes its month out. (Not by any date in its text: a table of
    readings has every month.)"""
    return is_month(word) and any(m == MONTH_NUMBERS[word] for _, m in name_dates(file_name))


def _month_head(head: str) -> tuple[int, int | None, str] | None:
    """A column header that names a month: "Jan", "February", "Feb 2026", "Mar-26" -> (month, year or None, the
    header with its month in full); None for any other header."""
    ws = re.split(r"[\s_-]+", head.strip().rstrip(".").lower())
    months = [w for w in ws if len(w) >= 3 and w[:3] in MONTH_NAMES and MONTH_NAMES[w[:3]].startswith(w)]
    rest = [w for w in ws if w not in months]
    if len(months) != 1 or len(ws) > 2 or not all(w.isdigit() and len(w) in (2, 4) for w in rest):
        return None
    year = int(rest[0]) % 100 + 2000 if rest else None
    full = " ".join(MONTH_NAMES[w[:3]].capitalize() if w in months else w for w in ws)
    return MONTH_NUMBERS[MONTH_NAMES[months[0][:3]]], year, full


def month_column(question: str, row: str) -> str | None:
    """A spreadsheet row with a column per month ("Category: Groceries, Monthly budget: 400.00, Jan: 386.20, Feb:
    371.90, …"), asked of one of those months: the row's name (its cells with no number), the cells the question
    names and that month's cell ("Category: Groceries, January: 386.20", its month in full); None for any other
    row or question."""
    months, years = asked_months(question)
    cells = row_cells(row) if len(months) == 1 else []
    of_month = {h: m for h, _v in cells if (m := _month_head(h)) is not None}
    asked = [h for h, (n, year, _full) in of_month.items() if n in months and (year is None or not years or year in years)]
    if len(of_month) < 3 or len(asked) != 1:
        return None
    said = set(words(question))  # "the budget for groceries in March": its "Monthly budget" cell too
    return ", ".join(f"{of_month[h][2]}: {v}" if h == asked[0] else f"{h}: {v}" for h, v in cells
                     if h == asked[0] or h not in of_month and (not any(ch.isdigit() for ch in v) or said & set(words(h))))
