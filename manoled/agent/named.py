"""The facts of the files that say the names a question gives: "Dolores's April notice" is not Walt's.

``of_the_named(query, terms, absent, ex, files_with)`` keeps the facts whose file (or path) says each capitalised
name of the question that some file has; a contact asked by a name ("Lucia's phone number") must be on her line; a
diary's entry must say it itself; a form letter (:func:`.papers.to_anyone`) names no owner, and answers for one when
the papers that name the owner say less of the thing asked.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable

from .entries import entry_of, is_log, owner_of
from .facts import Extraction, Fact
from .kinds import CONTACT_WORDS, asked_part
from .layout import TABLES
from .papers import to_anyone
from .people import HONORIFICS
from .retrieve import MONTH_NUMBERS, Candidate, contains
from .slots import WEEKDAYS, starts_alike, stem, words
from .tongues import capitalises_nouns

_PROPER = re.compile(r"(?<=[\w,;'] )([A-Z][a-z]{2,})\b")  # a capitalised word inside the question: a name
_ACRONYM = re.compile(r"(?<=[\w,;'(] )\(?([A-Z]{3,6})\b(?![.'’])")  # "the RCA policy", "(KGFB)"
_FILE_KINDS = frozenset("pdf csv jpg jpeg png docx doc txt xlsx heic".split())
_WHOSE = re.compile(r"\b([A-Z][a-z]{2,})['’]s\b")  # "Callum's trip": whose thing is asked
_WHOSE_OCCASION = re.compile(r"\b(?:([A-Z][a-z]{2,})\s+(?:and|&)\s+)?([A-Z][a-z]{2,})['’]s\s+(\w+)")  # "Kunle and Amaka's wedding"
# what others hold and a household goes to, whose papers name who goes, not whose it is
_OCCASIONS = frozenset("wedding weddings funeral christening baptism graduation".split())
_LOWER = re.compile(r"(?<![\w'’])([a-z]{3,})\b")  # a word typed in lower case: a name if the files write it so
_READ_FILES = 4  # how many of the files that have such a word are read for how they write it
# a name the asking verb is of: "did Amani have to report", "does Ruth need" (a form letter names no one)
_SUBJECT = re.compile(r"\b(?:do|does|did|will|would|can|could|should|must|has|have|had|is|was|were)\s+([A-Z][a-z]{2,})\b"
                      r"(?!['’])")
_THING = re.compile(r"\b(?:the|my|our)\s+([A-Z][a-z]{2,})\b(?!['’])")  # "the Skoda": a thing's name, not a person's


def of_the_named(query: str, terms: list[str], absent: frozenset[str], ex: Extraction,
                 files_with: Callable[[str], set[int]], lowered: frozenset[str] = frozenset()) -> Extraction:
    """Only facts of files that say the names the question gives ("Dolores's April notice" is not Walt's):
    a name some file has (so not a word the files lack) that the fact's file says nowhere, nor its path.
    ``lowered``: the names typed in lower case (:func:`typed_lower`)."""
    # names in what a question tells before it asks are where it happens, not what is asked ("We're driving up the
    # West Coast over Christmas - by what date is the Toyota's renewal due?"): only the asking sentence's must be said
    part = asked_part(query)  # (and a name in capitals: "our RCA car insurance" is not the RAC motor policy)
    proper = ({stem(w.lower()) for w in _PROPER.findall(part)} | {w.lower() for w in _ACRONYM.findall(part)}) \
        - _FILE_KINDS - set(MONTH_NUMBERS) - set(WEEKDAYS) - absent - HONORIFICS  # ("Cem Bey": Cem)
    proper = proper & set(terms) | lowered
    if not proper or ex.declined or not ex.facts:
        return ex
    owner = {stem(w.lower()) for m in _CONTACT_OF.finditer(query) for w in m.group(1).split()} & proper
    if owner:  # "Lucia's phone number": a number her line gives, not the bond office's on a paper naming her
        ex.facts = [f for f in ex.facts if f.candidate is None or _owned(f, owner)]
        if not ex.facts:
            return Extraction(declined=True, reason=f"no line gives {' '.join(sorted(owner))}'s contact",
                              topic=ex.topic, evidence=ex.evidence)
    having = {t: files_with(t) | _initialled(t, ex.facts) for t in proper}
    # a sheet of dated rows named for what it logs ("fuel log.csv") never says the one car it is kept for
    things = {stem(w.lower()) for w in _THING.findall(query)} & proper
    others = [t for t in terms if t not in proper and not t.isdigit()]
    whose = {stem(w.lower()) for w in _WHOSE.findall(query)} & proper  # "Callum's trip": the trip is his
    occasions, holders = occasion_held(query)
    whose |= holders & proper
    # "what time did Amani have to report on the day of the Lake Nakuru trip": the day is hers, in a letter that
    # names the rest (a letter that names nothing asked is not hers for that: "how much does Sophie earn")
    doing = {stem(w.lower()) for w in _SUBJECT.findall(asked_part(query))} & proper
    kept = [f for f in ex.facts if f.candidate is None or _names(
        f, proper - things if things and _log_of(f, others) else proper, having, whose | doing)
        or occasions and _their_occasion(f, occasions, whose, proper, having)]
    kept = _owners_thing(ex.facts, kept, proper, whose, others, having)
    if kept:
        ex.facts = kept
        return ex
    return Extraction(declined=True, reason=f"the passages found are not about {' '.join(sorted(proper))}",
                      topic=ex.topic, evidence=ex.evidence)


# a person's phone, e-mail or address asked by their name ("Lucia Ferreira's mobile number", "Dr Tran's email")
_CONTACTS = "|".join(sorted(map(re.escape, CONTACT_WORDS), key=len, reverse=True))
_CONTACT_OF = re.compile(rf"\b((?:[A-Z][a-z]+\s+)?[A-Z][a-z]{{2,}})'s\s+(?:(?:work|home|{_CONTACTS})\s+)?(?:{_CONTACTS})\b")


def _initialled(name: str, facts: list[Fact]) -> set[int]:
    """The files of ``facts`` that write the person ``name`` by an initial and the surname the others give: "Meg
    Kowalski" in the minutes, so "M A Kowalski" on the invoice she sent is Meg ("How many hours did Meg bill …")."""
    texts = dict.fromkeys(f.candidate.text for f in facts if f.candidate is not None)
    full = re.compile(rf"\b{re.escape(name.capitalize())}\s+([A-Z][a-z]{{2,}})\b")
    surnames = {m.group(1) for text in texts for m in full.finditer(text)}
    if not surnames:
        return set()
    short = re.compile(rf"\b{name[0].upper()}\.?\s+(?:[A-Z]\.?\s+)?(?:{'|'.join(sorted(surnames))})\b")
    return {f.candidate.file_id for f in facts if f.candidate is not None and short.search(f.candidate.text)}


def _owned(f: Fact, owner: set[str]) -> bool:
    """Whether the fact's line, what comes just before it (a contact card's name line) or its passage's first line
    ("call w Daniel (Northside PG)": the notes' "his mob" is his) says the name, first or last."""
    c = f.candidate
    text, unit = " ".join(c.text.split()), " ".join(f.text.split())
    at = text.find(unit[:30])
    near = text[max(0, at - 100):at + len(unit)] if at >= 0 else unit
    first = c.text.lstrip().split("\n", 1)[0]
    return any(_said_near(f"{near} {first} {c.named}", t) for t in owner)


def _names(f: Fact, proper: set[str], having: dict[str, set[int]], whose: set[str]) -> bool:
    """Whether the fact's file says each name, or its path does; in a diary, the fact's own entry must, or
    the diary's first line ("Maricel - off days & stuff": every entry is hers). A form letter that says the other
    names needs no owner's ("Callum's trip to New Lanark": the letter to every parent of the class)."""
    c = f.candidate
    entry = entry_of(c.text, f.text)
    if entry is not None:
        return all(_said_near(f"{entry} {c.named} {owner_of(c)}", t) for t in proper)
    unsaid = _unsaid(c, proper, having)
    return not unsaid or unsaid <= whose and unsaid != proper and to_anyone(c.text)


def occasion_held(query: str) -> tuple[frozenset[str], frozenset[str]]:
    """The occasions others hold that ``query`` asks about ("Kunle and Amaka's wedding"), and the names (stems)
    of who holds them: a paper for going to it names who goes, not them."""
    held = [m for m in _WHOSE_OCCASION.finditer(query) if m[3].lower() in _OCCASIONS]
    return (frozenset(m[3].lower() for m in held),
            frozenset(stem(w.lower()) for m in held for w in m.groups()[:2] if w))


def _their_occasion(f: Fact, occasions: set[str], whose: set[str], proper: set[str], having: dict[str, set[int]]) -> bool:
    """Whether the fact's path names the occasion asked, which is the names' the file lacks (``whose``): the e-ticket
    in "Abuja Wedding Mar2026/" is for "Kunle and Amaka's wedding", though it names only who flies."""
    c = f.candidate
    return c is not None and any(contains(c.named, w) for w in occasions) and _unsaid(c, proper, having) <= whose


def _owners_thing(facts: list[Fact], kept: list[Fact], proper: set[str], whose: set[str], others: list[str],
                  having: dict[str, set[int]]) -> list[Fact]:
    """``kept``, with the facts of a form letter that lacks only the owner's name, when it says more of the thing
    asked than any paper naming the owner ("Callum's class outing to the old mills": the letter to every parent of
    the class, under the to-do list that names him and not the trip). A paper that is no form letter may be anyone's
    ("the phone number for Priya's school": a bill's account number is not hers)."""
    if not whose or len(kept) == len(facts):
        return kept

    def thing(f: Fact) -> int:
        return sum(contains(f"{f.candidate.text} {f.candidate.named}", t) for t in others) if f.candidate else 0

    most = max((thing(f) for f in kept), default=0)
    owned = {id(f) for f in kept}
    return [f for f in facts if id(f) in owned or f.candidate is not None and to_anyone(f.candidate.text)
            and thing(f) > most and not _unsaid(f.candidate, proper, having) - whose]


def _unsaid(c: Candidate, proper: set[str], having: dict[str, set[int]]) -> set[str]:
    """The names of ``proper`` that the passage's file says nowhere, nor its path."""
    return {t for t in proper if c.file_id not in having[t] and not _said_near(f"{c.text} {c.named}", t)}


def _log_of(f: Fact, terms: list[str]) -> bool:
    """Whether the fact's file is a sheet or log of dated rows whose path says one of ``terms``."""
    c = f.candidate
    return (c.file_name.lower().endswith(TABLES) or is_log(c.text)) and any(contains(c.named, t) for t in terms)


def _said_near(text: str, name: str) -> bool:
    """``name`` in ``text``, or a word that starts like it ("Lisboa" for Lisbon, "Walter" for Walt)."""
    return contains(text, name) or any(starts_alike(w, name) for w in words(text))


def typed_lower(query: str, terms: list[str], absent: frozenset[str], files_with: Callable[[str], set[int]],
                texts_of: Callable[[int], list[str]]) -> frozenset[str]:
    """The words of the asking part typed in lower case (or first) that the files write as names ("ruth's net pay in
    oct": the files say "Ruth"), read in the first few files that have each (``texts_of``: a file id -> its passages)."""
    found, asking = set(), asked_part(query)
    for w in dict.fromkeys(_LOWER.findall(asking[:1].lower() + asking[1:])):  # "Ruth's pay?": its first word too
        t = stem(w)
        if t in terms and t not in absent and t not in MONTH_NUMBERS and t not in WEEKDAYS and written_as_name(
                w, (text for i in sorted(files_with(t))[:_READ_FILES] for text in texts_of(i))):
            found.add(t)
    return frozenset(found)


def written_as_name(word: str, texts: Iterable[str]) -> bool:
    """Whether ``texts`` write ``word`` as a name: capitalised after a word in lower case at least once ("paid to
    Ruth"), and never in lower case ("for Studio Kranich" and "the studio": no name). A line's or sentence's first
    word, a label's value, a title's words and an address say nothing ("Bond: $2,480", "Student: Vihaan", "Total Bond
    Paid", "ruth.campbell@mail.com"), nor a German text, which capitalises every noun ("glattes Mehl")."""
    pattern = re.compile(rf"(?<![\w'’@./]){re.escape(word)}(?![\w@]|\.\w)", re.IGNORECASE)  # not in an address
    inside = False
    for text in texts:
        if capitalises_nouns(text):
            continue
        for m in pattern.finditer(text):
            if m.group(0).islower():
                return False
            before = text[:m.start()].rstrip(" \t\"'(*-•")
            prev = before.split()[-1] if before.strip() else ""  # "2 x Flat white": "x" is no word
            if before[-1:] not in ("", *"\n.!?:;|") and len(prev) > 1 and prev[0].islower() and \
                    not re.match(r"\s*\d", text[m.end():]):  # "in Flat 3", "at Gate 12": a numbered place, no name
                inside = True
    return inside
