"""Whose account an account number is.

A freelancer's invoices all carry the freelancer's own IBAN, whatever client each is made out to. "What's Studio
Kranich's IBAN?" then finds that IBAN on the invoice to Kranich, and it is not Kranich's: the same number is on the
papers made out to other parties too. An account said by papers that do not all name the party asked is the
common party's, the user's own, and no answer about that party; one said only by the party's own papers (a
supplier's monthly bills) is theirs.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from .facts import Extraction
from .retrieve import capitalised
from .shapes import IBAN
from .slots import stem

_ACCOUNT_ASKED = re.compile(r"\b(?:iban|account|bank details|bank account|sort code|bic|swift)\b", re.IGNORECASE)


def party_named(question: str) -> list[str]:
    """The stems of the name the question gives (:func:`.retrieve.capitalised`), not an acronym of how it asks
    ("IBAN"): "what's Studio Kranich's IBAN?" -> kranich, studio."""
    return sorted(capitalised(question) - {stem(w.lower()) for w in re.findall(r"\b[A-Z]{2,}\b", question)})


def others_account(question: str, ex: Extraction, files_with: Callable[[str], set[int]],
                   files_saying: Callable[[str], set[int]]) -> Extraction:
    """A decline when the answer's account number is also on papers that do not name the party asked: it is the
    account of whoever those papers have in common. ``files_with(word)``: the files that say a word;
    ``files_saying(text)``: those that say a text as written."""
    names = party_named(question)
    if ex.declined or not ex.facts or not names or not _ACCOUNT_ASKED.search(question):
        return ex
    found = IBAN.search(ex.facts[0].text)
    if not found:
        return ex
    papers = files_saying(found.group())
    theirs = min((files_with(n) for n in names), key=len)
    if len(papers) < 2 or papers <= theirs:
        return ex
    return Extraction(declined=True, reason="the account is on papers made out to others too: not theirs",
                      topic=" ".join([*names, "account"]), evidence=ex.evidence)
