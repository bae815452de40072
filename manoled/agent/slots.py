"""Slots: what a question says about files, read from whole words only.

``read_slots(question, now)`` finds the kind or extension ("PDFs", "spreadsheets",
".md"), a time range ("in February", "last Tuesday", "since March 2025",
"this week"), a sort order ("biggest", "oldest", "newest") and a limit ("the 3
largest"). Every slot comes from words the question contains: a slot the
question does not mention stays ``None``.

Matching the remaining words against the catalog's file paths is
:mod:`manoled.agent.names`.

All word lists live here, in one place.
"""

from __future__ import annotations

import calendar
import re
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any

from .wording import fold, single, words

# a word -> the extensions it stands for (a kind word stands for several)
KIND_WORDS: dict[str, tuple[str, ...]] = {
    "pdf": ("pdf",), "txt": ("txt",), "md": ("md",), "markdown": ("md",), "csv": ("csv",),
    "json": ("json",), "xml": ("xml",), "html": ("html", "htm"), "docx": ("docx",), "doc": ("doc", "docx"),
    "word": ("doc", "docx", "odt", "rtf"), "xlsx": ("xlsx",), "xls": ("xls",), "excel": ("xlsx", "xls"),
    "spreadsheet": ("csv", "xlsx", "xls", "ods"), "sheet": ("csv", "xlsx", "xls", "ods"),
    "py": ("py",), "python": ("py",), "script": ("py", "sh", "js"),
    "png": ("png",), "jpg": ("jpg", "jpeg"), "jpeg": ("jpg", "jpeg"), "heic": ("heic",), "gif": ("gif",),
    "image": ("png", "jpg", "jpeg", "heic", "gif", "webp", "bmp", "tiff"),
    "photo": ("png", "jpg", "jpeg", "heic", "gif", "webp", "bmp", "tiff"),
    "picture": ("png", "jpg", "jpeg", "heic", "gif", "webp", "bmp", "tiff"),
    "pic": ("png", "jpg", "jpeg", "heic", "gif", "webp"), "screenshot": ("png",),
    "text": ("txt", "md"), "note": ("txt", "md"), "presentation": ("pptx", "ppt", "key", "odp"),
    "slide": ("pptx", "ppt", "key", "odp"),
}
# kind words that are also ordinary topics ("my notes about X", "the text of the lease"):
# they only count as a kind when nothing else in the question names a topic
SOFT_KINDS = frozenset({"text", "note", "word", "sheet", "script", "slide"})
# kinds a file's name rarely says the subject of: "the photo of Paçoca from March" is IMG_20260322_184512.jpg
SHOWN_KINDS = frozenset("photo photos picture pictures image images pic pics screenshot screenshots video videos".split())

YEAR = re.compile(r"(?<!\d)(?:19|20)\d\d(?!\d)")  # a year as papers and questions write it: 1900 to 2099


def is_year(word: str) -> bool:
    """Whether ``word`` is a year ("2026"; not "12026", nor "1850")."""
    return bool(YEAR.fullmatch(word))


MONTHS = {m.lower(): i for i, m in enumerate(calendar.month_name) if m}
MONTHS.update({m.lower(): i for i, m in enumerate(calendar.month_abbr) if m})
MONTHS.pop("may", None)  # "may" only as a month next to a year or after "in/since/before"

_MAY_MID = re.compile(r"(?<=[^\s.?!:]\s)May\b")  # capitalised after a word, not at a sentence's start
_MAY_SUBJECT = frozenset({"i", "we", "you", "he", "she", "it", "they", "if", "one"})
_BEFORE_MAY = frozenset("in of for by since from until last next this".split())


def may_month(question: str, ws: list[str], i: int) -> bool:
    """Whether the word "may" at ``ws[i]`` is the month: beside a number or after "in", "since"… ("in May", "May
    2026"; not "may I"), capitalised inside a sentence ("Claudia's May payslip"), or the question's last word after
    no subject ("net pay claudia may"; not "if I may")."""
    if _MAY_MID.search(question) or i == len(ws) - 1 and i > 0 and ws[i - 1] not in _MAY_SUBJECT:
        return True
    near = ws[i - 1:i] + ws[i + 1:i + 2]
    return any(n.isdigit() or n in _BEFORE_MAY for n in near) and ws[i + 1:i + 2] not in (["i"], ["we"])


WEEKDAYS = {d.lower(): i for i, d in enumerate(calendar.day_name)}
NUMBER_WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
                "nine": 9, "ten": 10, "twenty": 20}
UNITS = {"day": 1, "week": 7, "month": 30, "year": 365}

SORT_WORDS: dict[str, tuple[str, bool]] = {  # word -> (sort key, descending)
    "biggest": ("size", True), "largest": ("size", True), "heaviest": ("size", True), "huge": ("size", True),
    "smallest": ("size", False), "tiniest": ("size", False), "lightest": ("size", False),
    "fewest": ("count", False),
    "newest": ("date", True), "latest": ("date", True), "recent": ("date", True), "recently": ("date", True),
    "oldest": ("date", False), "earliest": ("date", False),
    "alphabetical": ("name", False), "alphabetically": ("name", False),
}

# words that ask about a file as a thing: when it changed, how big it is
ATTRIBUTE_WORDS = frozenset("""
modified changed edited updated touched saved created added last size big large heavy bytes kb mb gb modification creation
""".split())

# words that carry no topic: question frames, verbs about having/keeping files, pronouns; and the little words of
# the tongues papers are kept in that English never writes alone ("cuota gym al mes?", "scadenza della polizza")
STOP = frozenset("""
a an the is are was were be been being am do does did done doing have has had having i me my mine myself you your
we our us it its of in on at to for from by with about into over under and or not no any all some this that these
those there here what which who whom whose when where why how many much more most less few can could would should
will shall may might must please tell show give find list get got see look looks looked looking search let know need want anything
something everything thing things named called name names containing contain contains inside within per each every
just only also than then them they their yes okay ok thanks hi hello up out so if as such via
aren't isn't don't doesn't didn't wasn't weren't haven't hasn't won't can't there's what's where's who's it's
i'm i've i'd we've we're we'd we'll you've they've let's again else other others another same counting including besides beside except he him his she her hers
file files document documents doc docs folder folders directory directories dir stuff item items one ones kind kinds
type types
count number total totale amount many
send sent receive received keep keeps keeping kept store stored save saved put make made have own owns owned use used using add added adding
brought
touch touched edit edited change changed modify modified update updated create created write wrote written open
opened last first ago since before after during until latest recent recently newest oldest biggest largest
priciest cheapest dearest costliest smallest least fewest size sizes big large small space disk storage much take takes taking
now main top level top-level toplevel inside room subfolder subfolders sub folder's whats included inclusive
organised organized organise organize arranged structure structured overview layout sorted everywhere
mention mentions mentioned mentioning related relating regarding concerning relevant talk talks talking far
gimme lemme pls plz thx ty wanna gonna gotta ya u ur wat wats wot wut wee
byte bytes kb mb gb tb kib mib gib kilobyte kilobytes megabyte megabytes gigabyte gigabytes usage altogether laid
weigh weighs weight
remind between through till thru took
al del los las por para con una des les della dei degli dos das
already yet ever even soon anymore instead perhaps maybe probably according whole entire somewhere anywhere
""".split())
# verbs and frame words a content question wraps around its topic: never the thing to look for
GENERIC = STOP | frozenset("""
pay pays paying paid cost costs costing price go goes going come comes say says said tell told mean means need needs write
do does happen happened work works use uses many much long often far old new good best
bought buy buying purchase purchased get got anything something still went gone meant came quantity once
""".split())

# verbs that, with the particle after them, say how a question asks, not what about ("run out": expire; "hand
# over", "fork out": give, pay)
_IDIOMS = {"run": "out", "runs": "out", "ran": "out", "running": "out", "hand": "over", "handed": "over",
           "fork": "out", "forked": "out", "shell": "out", "shelled": "out", "cough": "up", "coughed": "up",
           "read": "out", "end": "up", "ends": "up", "ended": "up", "right": "now", "ask": "for", "asks": "for",
           "asked": "for", "asking": "for", "take": "off", "takes": "off", "took": "off", "taken": "off",
           "taking": "off"}  # "what number do I read out":
# what number; "what did that end up costing": what it cost; "who's renting it right now": who rents it; "what code
# would the airline ask for": what code; "how much tax was taken off her pension": how much tax (the particle too)


# what leaves an account ("what does the gym take out of our account"): a payment, read by :mod:`.gloss` and
# :mod:`.totals`
OUT_OF_ACCOUNT = r"out\s+of\s+(?:the|our|my|your|his|her|their)\s+(?:bank\s+|joint\s+|current\s+)?accounts?"


TAKE_HOME = re.compile(r"\btake[- ]home\b", re.IGNORECASE)  # "take-home pay", "wanjiru take home oct?": the net pay


def idiom(ws: list[str], i: int) -> bool:
    """Whether ``ws[i]`` is the verb of an idiom with the word after it ("when does the code run out"), or the
    particle of a verb of writing down ("which recipes have we got written down": no topic "down")."""
    return _IDIOMS.get(ws[i]) == (ws[i + 1] if i + 1 < len(ws) else "") or \
        i > 0 and _IDIOMS.get(ws[i - 1]) == ws[i] or ws[i] == "down" and i > 0 and ws[i - 1] in _WRITTEN


_WRITTEN = frozenset("write writes wrote written writing jot jots jotted note noted put copied typed scribbled".split())


def stem(word: str) -> str:
    """A light plural/possessive stem: invoices -> invoice, taxes -> tax, batteries -> battery."""
    w = word.lower().removesuffix("'s")
    if len(w) > 4 and w.endswith("ies"):
        return w[:-3] + "y"
    if len(w) > 4 and w.endswith(("xes", "ches", "shes", "sses")) or len(w) > 6 and w.endswith(("atoes", "ngoes")):
        return w[:-2]  # (potatoes, tomatoes, mangoes)
    if len(w) > 3 and w.endswith("s") and not w.endswith(("ss", "us", "is")) and w[-2] not in "áéíóúàèìòù":
        return w[:-1]  # (not a name's stressed end: Tomás, Andrés)
    return w


@dataclass
class TimeRange:
    since: float | None
    until: float | None
    label: str  # as the question said it, for answers ("in February")

    def holds(self, ts: float) -> bool:
        """Whether the moment ``ts`` is inside the range."""
        return (self.since is None or ts >= self.since) and (self.until is None or ts < self.until)


@dataclass
class Slots:
    extensions: tuple[str, ...] | None = None
    kind_word: str | None = None
    time: TimeRange | None = None
    sort: tuple[str, bool] | None = None
    limit: int | None = None
    topics: list[str] = field(default_factory=list)  # stemmed content words left over
    named: str | None = None  # what a file's own name must have: "the word 'receipt' in their name"
    year: int | None = None  # the year the files are of ("my 2025 payslips"), said with no "in" or "since"

    def to_dict(self) -> dict[str, Any]:
        return {"extensions": list(self.extensions) if self.extensions else None, "kind_word": self.kind_word,
                "time": self.time.label if self.time else None,
                "sort": f"{self.sort[0]} {'desc' if self.sort[1] else 'asc'}" if self.sort else None,
                "limit": self.limit, "topics": self.topics, "named": self.named}


# -- time ------------------------------------------------------------------
def _day_start(d: datetime) -> datetime:
    return datetime(d.year, d.month, d.day)


def _month_range(year: int, month: int) -> tuple[datetime, datetime]:
    start = datetime(year, month, 1)
    end = datetime(year + (month == 12), month % 12 + 1, 1)
    return start, end


_MONTH_RX = "|".join(sorted([*MONTHS, "may"], key=len, reverse=True))


def read_time(question: str, now: float) -> TimeRange | None:
    """A time range the question names, relative to ``now`` (a timestamp), or None."""
    q = " ".join(words(question))
    today = _day_start(datetime.fromtimestamp(now))

    def rng(a: datetime | None, b: datetime | None, label: str) -> TimeRange:
        return TimeRange(a.timestamp() if a else None, b.timestamp() if b else None, label)

    if re.search(r"\btoday\b", q):
        return rng(today, None, "today")
    if re.search(r"\byesterday\b", q):
        return rng(today - timedelta(days=1), today, "yesterday")
    m = re.search(r"\b(?:in the |over the )?(?:last|past|previous) (\d+|" + "|".join(NUMBER_WORDS) +
                  r") (day|week|month|year)s?\b", q)
    if m:
        n = int(m.group(1)) if m.group(1).isdigit() else NUMBER_WORDS[m.group(1)]
        return rng(datetime.fromtimestamp(now) - timedelta(days=n * UNITS[m.group(2)]), None,
                   f"in the last {n} {m.group(2)}s")
    m = re.search(r"\b(this|last|past|previous) (week|month|year)\b", q)
    if m:
        which, unit = m.groups()
        if unit == "week":
            start = today - timedelta(days=today.weekday())
            a, b = (start, None) if which == "this" else (start - timedelta(days=7), start)
        elif unit == "month":
            start = datetime(today.year, today.month, 1)
            prev = datetime(today.year - (today.month == 1), (today.month - 2) % 12 + 1, 1)
            a, b = (start, None) if which == "this" else (prev, start)
        else:
            start = datetime(today.year, 1, 1)
            a, b = (start, None) if which == "this" else (datetime(today.year - 1, 1, 1), start)
        if which == "past":
            a, b = datetime.fromtimestamp(now) - timedelta(days=UNITS[unit]), None
        return rng(a, b, f"{which} {unit}")
    m = re.search(r"\b(?:last|on|this past) (" + "|".join(WEEKDAYS) + r")\b", q)
    if m:
        back = (today.weekday() - WEEKDAYS[m.group(1)]) % 7 or 7
        day = today - timedelta(days=back)
        return rng(day, day + timedelta(days=1), f"on {m.group(1).capitalize()} {day:%Y-%m-%d}")
    days = _day_range(q, today)
    if days:
        return rng(*days)
    m = re.search(r"\b(since|after|before|in|during|from|of)? ?(" + _MONTH_RX + r")(?: (\d{4}))?\b", q)
    if m and (m.group(2) != "may" or m.group(1) in ("since", "after", "before", "in", "during") or m.group(3)
              or re.fullmatch(r"(?:'s)?[\s?.!]*", q[m.end():])):  # "and May?", "what about May's?": no verb
        month = MONTHS.get(m.group(2), 5)
        year = int(m.group(3)) if m.group(3) else (today.year if month <= today.month else today.year - 1)
        a, b = _month_range(year, month)
        label = f"{calendar.month_name[month]} {year}"
        if m.group(1) in ("since", "after"):
            return rng(a if m.group(1) != "after" else b, None, f"since {label}")
        if m.group(1) == "before":
            return rng(None, a, f"before {label}")
        if m.group(1) not in ("since", "after") and (to := re.match(rf" ?(?:to|till|until|through|thru|and|-) ?"
                                                                    rf"({_MONTH_RX})\b", q[m.end():])):
            end = MONTHS.get(to.group(1), 5)  # "the bill for April to June", "the Apr-Jun bill": the months between
            return rng(a, _month_range(year + (end < month), end)[1], f"from {label} to {calendar.month_name[end]}")
        return rng(a, b, f"in {label}")
    m = re.search(r"\b(since|after|before|in|during|from)? ?((?:19|20)\d{2})\b", q)
    if m and m.group(1):
        year = int(m.group(2))
        a, b = datetime(year, 1, 1), datetime(year + 1, 1, 1)
        if m.group(1) == "since" or m.group(1) == "from" and re.match(r" (?:on|onwards?)\b", q[m.end():]):
            return rng(a, None, f"since {year}")  # "files from 2019" are of 2019, as "from March" is March
        if m.group(1) == "after":
            return rng(b, None, f"after {year}")
        if m.group(1) == "before":
            return rng(None, a, f"before {year}")
        return rng(a, b, f"in {year}")
    return None


_DAY, _TO = r"(\d{1,2})(?:st|nd|rd|th)?", r" (?:and|to|till|until|through|thru) (?:the )?"
# "between 1 and 7 September 2026", "from the 3rd of March to the 9th of March", "between November 10 and 20, 2026"
_DAY_RANGES = (re.compile(rf"\b(?:between|from) (?:the )?{_DAY}(?: of)?(?: ({_MONTH_RX}))?{_TO}{_DAY}(?: of)? "
                          rf"({_MONTH_RX})(?: (\d{{4}}))?\b"),
               re.compile(rf"\b(?:between|from) ({_MONTH_RX}) {_DAY}{_TO}(?:({_MONTH_RX}) )?{_DAY}(?: (\d{{4}}))?\b"))


def _day_range(q: str, today: datetime) -> tuple[datetime, datetime, str] | None:
    """The days from one to another, both included, that ``q`` (its words, spaced) names, or None."""
    for n, rx in enumerate(_DAY_RANGES):
        m = rx.search(q)
        if not m:
            continue
        d1, m1, d2, m2, y = m.groups() if n == 0 else (m.group(2), m.group(1), m.group(4), m.group(3), m.group(5))
        month2 = MONTHS.get(m2 or "", 5) if m2 else MONTHS.get(m1, 5)
        month1 = MONTHS.get(m1, 5) if m1 else month2
        year2 = int(y) if y else (today.year if month2 <= today.month else today.year - 1)
        year1 = year2 - (month1 > month2)
        try:
            a, b = datetime(year1, month1, int(d1)), datetime(year2, month2, int(d2)) + timedelta(days=1)
        except ValueError:
            return None
        if b <= a:
            return None
        last = b - timedelta(days=1)
        return a, b, f"from {a.day} {a:%B %Y} to {last.day} {last:%B %Y}"
    return None


def time_words(question: str) -> set[str]:
    """The words of ``question`` that say when (month names, years, \"last\", \"week\" …)."""
    q = words(question)
    out = {w.removesuffix("'s") for w in q if w.removesuffix("'s") in MONTHS or w in WEEKDAYS
           or is_year(w)}
    out |= {w for w in q if w.removesuffix("'s") in ("today", "yesterday", "week", "weeks", "month", "months", "year",
                                                     "years", "day", "days", "past", "previous", "this")}
    out |= {w for w in q if w.isdigit() or w in NUMBER_WORDS}
    return out


# -- the rest --------------------------------------------------------------
# "files with the word 'receipt' in their name", "files named 'IMG'": what their own names have, not what they say
NAME_HAS = re.compile(r"(?:\bthe (?:word|text|letters)s?\s+)?['\"‘“](?P<q>[^'\"’”]{1,40})['\"’”]\s+in (?:the|their|its|the file'?s?)"
                      r"\s+(?:file\s?)?(?:names?|titles?)\b|\b(?:named|called|titled)\s+['\"‘“](?P<n>[^'\"’”]{1,40})['\"’”]"
                      r"|\bthe word (?P<w>\w+) in (?:the|their|its)\s+(?:file\s?)?names?\b", re.IGNORECASE)


def read_slots(question: str, now: float) -> Slots:
    slots = Slots()
    if (m := NAME_HAS.search(question)) is not None:
        slots.named = (m.group("q") or m.group("n") or m.group("w")).strip()
        question = NAME_HAS.sub(" ", question)  # its words are no topic: a name has them, whatever the files say
    ws = words(question)
    ext = re.search(r"(?:^|[\s(*\"'])\.([a-z0-9]{2,5})\b", question.lower())
    if ext:
        slots.extensions = KIND_WORDS.get(ext.group(1), (ext.group(1),))
        slots.kind_word = ext.group(1)
    slots.time = read_time(question, now)
    if slots.time is None and (y := _BARE_YEAR.search(question)):
        slots.year = int(y.group(1))
    for w in ws:
        if w in SORT_WORDS and slots.sort is None:
            slots.sort = SORT_WORDS[w]
    by = re.search(r"\b(?:sort(?:ed)?|order(?:ed)?|rank(?:ed)?|arranged) by (?:their |its )?(size|date|name|age)\b",
                   " ".join(ws))
    if by and slots.sort is None:  # "sorted by size": the biggest first, the newest first, A to Z
        slots.sort = {"size": ("size", True), "date": ("date", True), "age": ("date", True),
                      "name": ("name", False)}[by.group(1)]
    m = re.search(r"\b(most|least|fewest) (?:disk )?(space|room|storage|files|documents|items|stuff)\b", " ".join(ws))
    if m:
        slots.sort = ("size" if m.group(2) in ("space", "room", "storage") else "count", m.group(1) == "most")
    m = re.search(r"\b(?:top|the|first|last)? ?(\d{1,3}|" + "|".join(NUMBER_WORDS) +
                  r") (?:biggest|largest|smallest|newest|latest|oldest|most recent|recent|files|documents|photos)\b",
                  " ".join(ws))
    if m and not (slots.time and m.group(1) in question.lower() and "last" in question.lower()):
        slots.limit = int(m.group(1)) if m.group(1).isdigit() else NUMBER_WORDS[m.group(1)]
    when = time_words(question) if slots.time else set()
    kinds: list[str] = []
    topics: list[str] = []
    for i, w in enumerate(ws):
        s = stem(w)
        noun = w.endswith("ings") and not s.endswith("thing")  # "takings", "savings": no verb's "-ing"
        if w in STOP or s in STOP and not noun or w in when or s in when or w in SORT_WORDS \
                or by and w in by.group().split() or idiom(ws, i):
            continue  # "and February's?": a month, as "February" is; "when does it run out": no running (but
            # "the market takings": a noun, though "taking" is a verb's)
        if TAKE_HOME.fullmatch(w) or w == "home" and ws[i - 1:i] == ["take"]:
            w = s = "net"  # "take home pay": the net pay (TAKE_HOME), no home
        elif w == "home" and ws[i - 1:i] and ws[i - 1] in _HOMEWARD or w in _ISSUED or \
                s in ("customer", "client") and (ws[max(0, i - 2):i - 1] == ["to"] and ws[i - 1] in _POSSESSIVE
                                                 or ws[i + 1:i + 2] and stem(ws[i + 1]) == "invoice"):
            continue  # "the notes Mia brought home", "invoices he sent out to his customers", "client invoices has
            # she issued": how papers go, not what they are about
        if (s in KIND_WORDS or w in KIND_WORDS) and not (ws[i + 1:i + 2] and stem(ws[i + 1]) in _KIND_OF_THING):
            kinds.append(s if s in KIND_WORDS else w)  # (not "the photo book", "the Patels' photo session": a thing)
            continue
        if len(s) >= 2 and s not in topics and not s.isdigit():
            topics.append(s)
    hard = [k for k in kinds if k not in SOFT_KINDS]
    chosen = hard[0] if hard else (kinds[0] if kinds and not topics else None)
    if slots.extensions is None and chosen:
        slots.extensions, slots.kind_word = KIND_WORDS[chosen], chosen
    # a second word for the chosen kind ("JPG photos", "markdown notes") names no topic
    topics += [k for k in kinds if k != chosen and k not in topics
               and not (chosen and set(KIND_WORDS[k]) & set(KIND_WORDS[chosen]))]
    slots.topics = topics
    return slots


_HOMEWARD = frozenset("sent send brought bring came come went".split())
_ISSUED = frozenset("issued issue issues issuing raised".split())
_POSSESSIVE = frozenset("my our his her their your".split())
_KIND_OF_THING = frozenset("book album frame session shoot booth print printer day id".split())  # (and "Picture Day")
_BARE_YEAR = re.compile(r"(?<![\w/.-])((?:19|20)\d\d)(?![\w/.-])(?!\s*[-–/]\s*\d)")  # not "2026-27", a span


# words after which a word is what files are about ("files about X", "photos of X", "anything on X")
TOPIC_PREPS = frozenset("""
about on regarding concerning re mentioning mention mentions named called titled containing contain contains with
for from of like abt
""".split())
# the word after these is what the question asks about ("which *train*", "how many *unicorns*"), not phrasing;
# "what's" is not one of them ("what's *eating* my disk")
_HEAD_ASKERS = frozenset({"which", "what", "many"})
_DETERMINERS = frozenset("the my a an our your his her their this that these those some any".split())


def topic_position(question: str, word: str) -> bool:
    """Whether ``word`` (a stemmed topic) stands where a question about files puts what they are about: after
    "about/of/on/named..." ("files about porto", "photos of the beach"), or right before a word for files
    ("car stuff", "tax PDFs"). A word elsewhere ("what's *eating* my disk", "gimme", "laid out") is phrasing."""
    ws = words(question)
    for i, w in enumerate(ws):
        if stem(w) != word and w != word:
            continue
        j = i - 1
        while j >= 0 and ws[j] in _DETERMINERS:
            j -= 1
        if j >= 0 and (ws[j] in TOPIC_PREPS or ws[j] in _HEAD_ASKERS):
            return True  # "files about X", "which X", "how many X"
        nxt = ws[i + 1] if i + 1 < len(ws) else ""
        if nxt and (stem(nxt) in KIND_WORDS or stem(nxt) in _FILE_HEADS):
            return True
    return False


_FILE_HEADS = frozenset(stem(w) for w in """file document doc folder directory stuff thing item one pdf photo picture
image screenshot scan spreadsheet note receipt invoice""".split())


# -- files and folders the question names ------------------------------------------
FOLDER_WORDS = frozenset({"folder", "directory", "dir", "subfolder"})
STOP_SMALL = frozenset({"what", "which", "where", "how", "the", "my", "in", "is", "are", "do", "does", "show", "list"})


def same_word(a: str, b: str) -> bool:
    return a == b or stem(a) == stem(b)


def starts_alike(a: str, b: str) -> bool:
    """The same name in another tongue or form: five letters alike ("Lisboa" for Lisbon, "Walter" for Walt; in
    other letters, a doubled one said once: "Μουσακάς" for moussaka)."""
    a, b = single(fold(a.lower())), single(fold(b.lower()))
    return len(a) >= 5 and len(b) >= 5 and a[:5] == b[:5]

