"""What the answer's paper does not say of what is asked, though it says the question's words: a check of
:func:`.verify.check` once the passage covers the question. A bill asked of one who charged that no file names
("what did the electrician charge"), a price of a thing the paper never names ("the travel insurance for the
trip": not the flights' total), a date of another thing ("due for its next service": not the insurance's end), a
recipe of another dish, a kind of thing the paper names otherwise ("our car insurance": the home policy), another
thing of its kind (:mod:`.otherthing`), another item of a list, an account to pay into for the asker's own, another
party's phone for the landlord's own.

Each reads the fact the check chose, with its passage: a spreadsheet's row, a diary's entry, a list's item.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from .attribute import charged_by, due_for, paid_for, recipe_for
from .commonness import common
from .entries import entry_of, owner_of
from .facts import Fact
from .focus import compound
from .gloss import forms, in_english
from .kinds import CONTACT_WORDS, payee_account
from .layout import TABLES, logical_lines
from .otherthing import other_thing, unqualified
from .people import PARTY_WORDS, is_role, other_party
from .retrieve import contains
from .senses import WordSense, passage_words
from .senses import credit as sense_credit
from .shapes import TYPE_PATTERNS
from .slots import stem, words
from .units import is_value

# a line of a list: a to-do's box, a bullet, a dated entry ("Jan 12 - …"); it speaks of its own item only
_ITEM = re.compile(r"\s*(?:[-*•]\s|\[[ xX]?\]|\d{1,2}\s*[./)]\s|[A-Z][a-z]{2,8}\.? \d{1,2}(?:st|nd|rd|th)?\s*[-–:])")


def _other_item_says(f: Fact, terms: list[str]) -> bool:
    """Whether another line of the fact's list says all of ``terms`` ("- book the dishwasher service"): the words
    asked belong to that item (words spread over a note's items are what the whole note is about)."""
    lines = f.candidate.text.splitlines() if f.candidate else []
    return bool(terms) and any(_ITEM.match(ln) and f.text[:30] not in ln and all(contains(ln, t) for t in terms)
                               for ln in lines)


def _line_of(f: Fact) -> str:
    """The fact's line as written in its passage (with its bullet, box or date), or ""."""
    return next((ln for ln in (f.candidate.text.splitlines() if f.candidate else []) if f.text[:30] in ln), "")


def listed(f: Fact) -> bool:
    """Whether the fact is a line of a list in its passage (its bullet, box or date as written there)."""
    return bool(_ITEM.match(f.text) or _ITEM.match(_line_of(f)))


def item(f: Fact) -> str:
    """A list's line as its own passage: the line, its list's title (its first line) and its file's name."""
    c = f.candidate
    title = (c.heading or c.text.split("\n", 1)[0]) if c else ""
    return f"{_line_of(f) or f.text} {title} {c.named if c else f.file_name.replace('_', ' ')}"


def passage(f: Fact) -> str:
    """What the check weighs a fact by: its passage, or for a spreadsheet its row (a budget's electricity row says
    nothing of "our last water bill", whatever the rest of its chunk says), for a diary its entry
    (:mod:`.entries`: the notes' "Flights 312.46" entry says nothing of what the plumber charged)."""
    entry = entry_of(f.candidate.text, f.text) if f.candidate else None
    if entry is not None:  # with whose notes they are ("Maricel - off days & stuff"), if their first line says
        return f"{entry} {f.candidate.named} {owner_of(f.candidate)}"
    if f.file_name.lower().endswith(TABLES):  # a spreadsheet's row is its passage
        return f"{f.text} {f.candidate.named if f.candidate else f.file_name.replace('_', ' ')}"
    return f"{f.candidate.text} {f.candidate.named}" if f.candidate else f"{f.text} {f.file_name.replace('_', ' ')}"


# a sum an insurer names so ("Total annual premium: 742.10"): the price of cover, never of the thing insured; and
# the words that ask of cover ("car ins renewal price", "keep the Golf covered")
_PREMIUM = re.compile(r"\b(?:premiums?|prämien?|primas?)\b", re.IGNORECASE)
_COVER = frozenset("insurance ins insure insured insurer policy cover covered premium mediclaim renewal".split())


# what a policy insures, one thing a part, as papers name it: a paper named for one is no policy of another
_INSURED = tuple(tuple(part.split()) for part in
                 "car auto motor vehicle | home house flat apartment contents homeowners homeowner household | "
                 "renters renter tenant tenants | pet pets | travel | health medical | life".split(" | "))


def _insured(text: str) -> set[int]:
    """Which of :data:`_INSURED` ``text`` names (in English or a paper's tongue: "seguro coche" names the car)."""
    return {n for n, part in enumerate(_INSURED) if any(contains(text, w) for w in part)}


# where a name's words run together ("Polizza_RCAuto" names the car)
_RUN_TOGETHER = re.compile(r"(?<=[a-z])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])")


def other_policy(question: str, file_name: str) -> str:
    """The thing another policy insures, when ``question`` asks of insurance of one thing and the answer's paper is
    named for another and not for that one ("our car insurance": "Homeowners declarations 2026.pdf"; "insure the
    stuff inside the flat": "seguro coche 2026.docx"), else "". Not when the question names both."""
    if not _asks_cover(question) or not (asked := _insured(question)):
        return ""
    named = _insured(_RUN_TOGETHER.sub(" ", file_name.replace("_", " ")))
    other = sorted(named - asked)
    return "" if not other or named & asked else _INSURED[other[0]][0]


def _premium(line: str) -> bool:
    """Whether ``line`` gives a premium: a sum close after the word (not "… Notes: after Part B premium")."""
    return any(TYPE_PATTERNS["amount"].search(line[m.end():m.end() + 40]) for m in _PREMIUM.finditer(line))


def _asks_cover(question: str) -> bool:
    """Whether ``question`` asks of insurance, in English or in a tongue of the papers ("seguro del coche")."""
    return any(stem(w) in _COVER for w in words(in_english(question)))


def unsaid_of_thing(question: str, top: Fact, kind: str | None, detail: dict[str, Any], terms: dict[str, int],
                    df: Callable[[str], int], sense: WordSense | None) -> str:
    """Why ``top`` does not answer what ``question`` asks of the thing it names, or "" when it may: ``detail`` is
    the check's per-word reading of the passage (files, literal, sense), ``terms`` the question's words with how many
    files have them."""
    why = ""
    if (party := _party_asked(question)) and _other_partys_line(top, party):
        why = f"the line found is another party's, not the {party}'s"  # "the landlord's own phone": not the agent's
    elif why := role_unsaid(question, top):
        pass
    elif payee_account(question, top.text):
        why = "the files give an account to pay into, not the asker's own"
    elif kind == "amount" and (doer := charged_by(question)) and not df(doer) and not names_any(passage(top), [doer], sense):
        why = f"no file mentions the {doer}"  # "what did the electrician charge to rewire the shed": no one's bill
    elif kind == "amount" and _premium(top.text) and not _asks_cover(question):
        why = "the files give an insurance premium, and the question asks no insurance"  # "what did I pay for the
        # Skoda when I bought it": not its yearly premium
    elif kind == "amount" and (thing := paid_for(question)) and \
            not _says_thing(passage(top), thing, sense, {t for t, d in terms.items() if not d}):
        why = f"the files say no price of {' '.join(thing)}"  # "travel insurance for the trip": not its flights' total
    elif kind == "date" and (thing := due_for(question)) and not names_any(passage(top), thing[-1:], sense):
        why = f"the files say no date of {' '.join(thing)}"  # "due for its next service": not the insurance's end
    elif (dish := recipe_for(question)) and not contains(text := f"{passage(top)} {top.file_name}", dish[-1]) \
            and not compound(text, dish[-1]):  # a dish by its name, never by meaning (cake ~ bread)
        why = f"the files have no recipe for {' '.join(dish)}"  # "pork tamales": not the green chile stew
    elif insured := other_policy(question, top.file_name):
        why = f"the files give the policy of another thing ({insured})"  # the home policy for "our car insurance"
    elif (pair := unqualified(question, top, passage(top), sense)) is not None:
        why = f"the files say {pair[1]} of another thing than {pair[0]}"  # the home policy for "our car insurance"
    elif (pair := other_thing(question, item(top) if listed(top) else passage(top))) is not None:
        why = f"the files say {pair[1]}, not {pair[0]}"  # a meter log's electricity and gas, asked the water (of a
        # list, its item: a to-do's bike lock is no other vehicle than the car whose tyres the next line changes)
    elif listed(top) and not any(d > 0 and names_any(top.text, [t], sense) for t, (d, _l, _c) in detail.items()) \
            and _other_item_says(top, [t for t, (d, lit, _c) in detail.items() if d > 0 and lit]):
        why = "the line found is another item of a list"  # "- buy a Secret Santa gift ($25)" for the dishwasher
    return why


# cosine of the words of a thing priced that a passage does not say, as a phrase, and its closest word from which it
# says the thing otherwise (MiniLM: "reading material"~books 0.56, wifi~router 0.63; insurance~e-ticket 0.33,
# parking~hôtel 0.35, gutters~roof 0.38)
PRICED_SENSE = 0.5


def _says_thing(passage: str, thing: list[str], sense: WordSense | None, nowhere: frozenset[str] | set[str] = frozenset()
                ) -> bool:
    """Whether ``passage`` names the thing a price is asked of (:func:`.attribute.paid_for`): its head word, or the
    words it does not say literally, together, in other words ("reading material": Books). Not by its head alone
    when a word before it is in no file (``nowhere``) and no common one: "the rental car" is no car seat."""
    if names_any(passage, thing[-1:], sense) and not any(t in nowhere and not common(t) for t in thing[:-1]):
        return True
    ws = passage_words(passage)
    unsaid = " ".join(t for t in thing if not contains(passage, t))
    return sense is None or not ws or sense.best([unsaid], ws)[unsaid][0] >= PRICED_SENSE


def names_any(unit: str, terms: list[str], sense: WordSense | None) -> bool:
    """Whether ``unit`` says one of ``terms``, literally or at a full sense match ("4 cooking apples": fruit)."""
    if any(contains(unit, t) or compound(unit, t) for t in terms):
        return True
    ws = passage_words(unit)
    return sense is not None and bool(ws) and any(sense_credit(s) >= 1.0 for s, _ in sense.best(terms, ws).values())


_CONTACTS = "|".join(sorted(map(re.escape, CONTACT_WORDS), key=len, reverse=True))
_PARTIES = "|".join(sorted(PARTY_WORDS, key=len, reverse=True))
# a party's contact asked: "the landlord's own phone number", "email of our landlady"
_PARTY_CONTACT = re.compile(rf"\b({_PARTIES})(?:['’]s)?\s+(?:(?:own|personal|direct|private)\s+)?(?:(?:mobile|cell|home|"
                            rf"work|phone|telephone|email|e-mail)\s+)?(?:{_CONTACTS})\b|\b(?:{_CONTACTS})\s+(?:number\s+)?"
                            rf"(?:of|for)\s+(?:the|our|my)\s+({_PARTIES})\b", re.IGNORECASE)
_LABEL = re.compile(r"([^\W\d_][^:]{1,40}):\s")


# a person's contact asked by what they are to the asker: "Mia's teacher's mobile number", "the plumber's email"
_ROLE_CONTACT = re.compile(rf"\b([a-z]+)['’]s\s+(?:(?:own|personal|direct|private|work|home)\s+)?(?:(?:mobile|cell|"
                           rf"phone|telephone|email|e-mail)\s+)?(?:{_CONTACTS})\b|\b(?:{_CONTACTS})\s+(?:number\s+)?"
                           rf"(?:of|for)\s+(?:the|our|my|his|her|their|[a-z]+['’]s)\s+(?:[a-z]+\s+)?([a-z]+)\b", re.IGNORECASE)


def role_unsaid(question: str, top: Fact) -> str:
    """Why ``top`` does not give the contact of the role ``question`` asks ("Mia's teacher's mobile": not the
    school's office number), or ""."""
    role = _role_asked(question)
    return f"no line gives the {role}'s contact" if role and not _line_says(top, role) else ""


def _role_asked(question: str) -> str:
    """The role whose contact ``question`` asks ("what's Mia's teacher's mobile": teacher), not a lease's party (see
    :func:`_party_asked`), else ""."""
    m = _ROLE_CONTACT.search(question)
    role = (m.group(1) or m.group(2)).lower() if m else ""
    if re.search(rf"\b[A-Z][\w-]+,? (?:the|our|my) {role}\b", question):
        return ""  # "Léa the babysitter's number": hers, whatever her line calls her
    return role if is_role(role) and role not in PARTY_WORDS else ""


def _line_says(f: Fact, role: str) -> bool:
    """Whether the fact's line, the line before it or its heading names ``role`` (a contact list's "Plumber – Dave",
    a letter's "Ms Okafor, Year 3 teacher" over her mobile), in the papers' words too (by the word itself, not its
    sense: a school's "Learning together" is no teacher)."""
    near = [f.text, *_line_and_before(f), f.candidate.heading if f.candidate else ""]
    return any(contains(ln, w) or compound(ln, w) for ln in near if ln for w in {role, stem(role), *forms(role)})


def _line_and_before(f: Fact) -> list[str]:
    """The line before the fact's line in its passage (if any) and the fact's line, or [] when it is not found."""
    lines = logical_lines(f.candidate.text, is_value) if f.candidate else []
    at = next((i for i, ln in enumerate(lines) if f.text[:30] in " ".join(ln.split())), None)
    return lines[max(0, at - 1):at + 1] if at is not None else []


def _party_asked(question: str) -> str:
    """The party of a lease or a sale whose contact ``question`` asks ("what's the landlord's own phone number?"),
    else ""."""
    m = _PARTY_CONTACT.search(question)
    return (m.group(1) or m.group(2)).lower() if m else ""


def _other_partys_line(f: Fact, party: str) -> bool:
    """Whether the fact's line is labelled by another party than ``party`` ("Agent: Sandra Kaur, Property Manager —
    mobile 027 318 4452"), or goes on from a line so labelled, having no label of its own."""
    for ln in _line_and_before(f)[::-1]:
        label = _LABEL.match(ln.strip())
        if label:
            return other_party(label.group(1), [party])
    return False
