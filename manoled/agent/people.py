"""The people a passage names by their first name alone, once it has given their full name.

Meeting notes name everyone once in full ("Attendees: Priya Raman, Tomasz Nowak") and then by first name: "Tomasz
owns the migration of the old blog posts." The person pattern (:data:`.shapes.TYPE_PATTERNS`) needs two names, so of
"who is moving the old blog posts" only the attendees line held a person, and it answered. :func:`first_names` reads
the passage's full names; :func:`names_one` says whether a line names one of them by the first name alone.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from .retrieve import MONTH_NUMBERS
from .shapes import TYPE_PATTERNS
from .slots import WEEKDAYS, stem

_FULL = re.compile(r"\b([A-Z][a-z]{2,})\s+[A-Z](?:'[A-Z])?[a-z]+\b")  # "Tomasz Nowak", "Siobhan O'Neill"
_TITLES = frozenset({"Mr", "Mrs", "Ms", "Dr", "Prof", "Mme", "Herr", "Frau"})
# what is said with a name, before or after it, and never written by the papers that name the person ("Cem Bey",
# "Ayşe Hanım", "Sra. Gómez", "Ibu Sari"): no name of its own
HONORIFICS = frozenset("""mr mrs ms miss dr prof mme mlle herr frau bey hanım hanim hoca efendi sama sahib señor
 senor señora senora sra srta doña signor signora dott pani kyrios kyria madame monsieur mevrouw meneer mevr ibu
 bapak encik puan kuya tita tito aling""".split())


def first_names(passage: str) -> frozenset[str]:
    """The first names of the full names ``passage`` gives ("Priya" of "Priya Raman"; not "May" of "May Schedule")."""
    found = set()
    for m in TYPE_PATTERNS["person"].finditer(passage):
        full = _FULL.search(m.group(0))
        if full and full.group(1) not in _TITLES and full.group(1).lower() not in MONTH_NUMBERS and \
                full.group(1).lower() not in WEEKDAYS:
            found.add(full.group(1))
    return frozenset(found)


def names_one(unit: str, firsts: frozenset[str], asked: set[str]) -> bool:
    """Whether ``unit`` names one of ``firsts`` that the question does not ("who owns the migration": "Tomasz owns
    the migration"; of "what does Tomasz own", his name is no answer), alone: a capitalised word next to it makes
    it part of another name ("Grace Hill Lutheran Church" names no Hill)."""
    return any(stem(name.lower()) not in asked and any(_alone(unit, m) for m in re.finditer(rf"\b{name}\b", unit))
               for name in firsts)


def _alone(unit: str, m: re.Match[str]) -> bool:
    before, after = unit[:m.start()].split()[-1:], unit[m.end():].split()[:1]
    return not any(w[:1].isupper() and w[-1:].isalpha() for w in before + after)


_ROLES = frozenset("landlord landlady tenant doctor author colleague colleagues attendee attendees participants vet gp "
                   "nurse teacher coach tutor plumber electrician builder mechanic agent midwife lawyer solicitor "
                   "accountant nanny babysitter cleaner brother sister mum mom mother dad father aunt aunty uncle "
                   "cousin nan grandma grandpa grandmother grandfather neighbour neighbor manager caretaker".split())


def is_role(word: str) -> bool:
    """Whether ``word`` names what a person is to the asker ("doctor", "plumber", "pediatrician", "dentist")."""
    return word in _ROLES or word.endswith(("ician", "ist")) and len(word) > 5


_NAME_OF = re.compile(r"\bname of (?:the |our |my |his |her |their |your )?(?:[\w-]+ )?(\w+)\b(?! (?:of|for)\b)|\b(\w+)'s name\b")


def name_of_role(text: str) -> bool:
    """Whether ``text`` (lower case) asks the name of a role: "the name of our property manager", "the vet's name"."""
    if (m := _NAME_OF.search(text)) and is_role(m.group(1) or m.group(2)):
        return True  # (or the role right after "of the", its place said after it: "the name of the teacher in charge")
    return any(is_role(m.group(1)) for m in _NAME_OF_THE.finditer(text))


_NAME_OF_THE = re.compile(r"\bname of (?:the |our |my |his |her |their |your )?(\w+)\b(?! (?:of|for)\b)")


# the parties of a lease or a sale, each by its words: a line labelled by one is not another's ("Agent: Sandra Kaur"
# under "1. Landlord" names no landlord)
_PARTIES = ("landlord landlady lessor owner", "tenant tenants lessee occupant", "agent manager", "buyer purchaser",
            "seller vendor", "employer", "employee", "guarantor")
_PARTY = {w: n for n, ws in enumerate(_PARTIES) for w in ws.split()}
PARTY_WORDS = frozenset(_PARTY)


def other_party(label: str, asked: list[str]) -> bool:
    """Whether ``label`` (a line's label) names a party other than the one ``asked`` names, and not that one:
    "Agent" of "who is the landlord"."""
    mine = {_PARTY[t] for t in asked if t in _PARTY}
    said = {_PARTY[w] for w in re.findall(r"[a-z]+", label.lower()) if w in _PARTY}
    return bool(mine) and bool(said) and not said & mine


# a contract's party and the name it goes by from then on: "ADUNNI BANKOLE of … (hereinafter called "THE LANDLORD")",
# "doravante denominada LOCADORA", "ci-après dénommé le Bailleur", "en adelante el arrendador", "nachfolgend Vermieter"
_DEFINED = re.compile(r"\b(?:here(?:in)?after|henceforth)\s+(?:called|referred\s+to\s+as|known\s+as|termed)|"
                      r"\bdoravante\s+(?:denominad[oa]s?|chamad[oa]s?)|\bci-après\s+(?:dénommée?s?|désignée?s?|appelée?s?)|"
                      r"\ben\s+adelante(?:\s+denominad[oa]s?)?|\b(?:nachfolgend|im\s+folgenden)|\bd'ora\s+in\s+poi|"
                      r"\b(?:hierna|hierbij)\s+te\s+noemen", re.IGNORECASE)


def defines(unit: str, said: Callable[[str], bool]) -> bool:
    """Whether ``unit`` names a party and then the role it goes by, and ``said`` holds of that role's words (the
    question's "landlord" of "THE LANDLORD", "LOCADORA")."""
    return any(said(w) for m in _DEFINED.finditer(unit) for w in re.findall(r"[^\W\d_]+", unit[m.end():m.end() + 40])[:3])
