"""Papers: which files a few words are about, and what kind of paper a file is.

``about(ctx, files, words)`` keeps the files that say every word: in their path, or else in their text. A word for
a kind of paper (:data:`PAPER_WORDS`: bill, invoice, manual …) is said by a file's own name, by its folder when its
name says no other kind, or by a heading in its opening; a complaint kept with the bills speaks of a bill further
down and is none. ``about_file(ctx, hint)`` is the one file whose text is plainly about ``hint`` ("the robot
hoover manual"), or none.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import datetime
from pathlib import Path

from ..catalog.records import FileRecord
from .context import ToolContext
from .names import files_at, path_matches, path_words
from .retrieve import contains, gloss_terms
from .slots import KIND_WORDS as KIND_EXTS
from .slots import STOP, is_year, stem, words
from .terms import TRIP_WORDS

# words that say what kind of paper a file is: a file is one when its name or its opening says so (a complaint
# letter that speaks of a bill further down is no bill; "INVOICE" under an invoice's letterhead makes one)
PAPER_WORDS = frozenset(stem(w) for w in """bill invoice receipt statement letter manual guide contract quote
agreement minutes payslip certificate ticket booking confirmation renewal estimate lease policy notice complaint advice
""".split())
# a letter sent to every parent, tenant or customer alike names none of them ("Dear Parent/Carer")
_TO_ANYONE = re.compile(r"\b(?:dear|hello|hi|kia ora)\s+(?:parents?|carers?|caregivers?|guardians?|families|whānau|whanau|"
                        r"parents?\s*(?:/|and|&|or)\s*(?:carers?|caregivers?|guardians?)|customers?|residents?|tenants?|"
                        r"members?|patients?|clients?|householders?|occupiers?|policyholders?|students?|colleagues?|"
                        r"neighbours?|neighbors?|sir or madam|sir/madam|all|everyone)\b|"
                        r"\byour (?:child|son or daughter|children)(?:'s|’s)?\b", re.IGNORECASE)
_ITEM = re.compile(r"\s*(?:[-*•+]|\d{1,2}[.)])\s")  # a line of a list: "- fees", "* milk", "2) call"
OPENING = 400  # characters of a file's first passage that say what it is
_MAX_OPENED = 200  # files whose openings are read for one word (more: their names only)


def to_anyone(text: str) -> bool:
    """Whether ``text`` is a form letter: written to whoever gets it, so it never names the child or tenant it is
    about ("Callum's school trip" is the class's letter, "Dear Parent/Carer")."""
    return bool(_TO_ANYONE.search(text))


def _opening_says(ctx: ToolContext, files: list[FileRecord], term: str) -> list[FileRecord]:
    """The files among ``files`` whose text says ``term`` in a title of its opening (under the letterhead)."""
    ids = ctx.catalog.fts_file_ids([term + "*" if len(term) >= 4 else term])
    maybe = [f for f in files if f.id in ids]
    if len(maybe) > _MAX_OPENED:
        return []
    return [f for f in maybe if term in _title_stems(_first(ctx, f))]


def _first(ctx: ToolContext, f: FileRecord) -> str:
    """The text of a file's first passage ("" when it has none)."""
    first = ctx.passages(f.id, limit=1)
    return first[0] if first else ""


def _titles(text: str) -> list[str]:
    """The titles in ``text``'s opening: short lines ("INVOICE", "TidyBot X5 - User Manual") that are no label with
    its value ("Bill to: …", "Invoice No: 12", a table's row "Document | Tenancy Agreement"), no sentence and no
    item of a list ("- union fees $834.60 (from payslips)"); the first line's cells are."""
    lines = text[:OPENING].splitlines()
    head = lines[0].split("|") if lines else []  # a letterhead set out as a row: "VETS HOSPITAL | TAX INVOICE"
    return [line for line in head + lines[1:] if 0 < len(words(line)) <= 8 and ":" not in line and "|" not in line
            and not line.rstrip().endswith(".") and not _ITEM.match(line)]


def _title_stems(text: str) -> set[str]:
    """The words of the titles in ``text``'s opening (:func:`_titles`), stemmed."""
    return {stem(w) for line in _titles(text) for w in words(line)}


def _own_name_says(f: FileRecord, *terms: str) -> bool:
    return not _name_stems(f.relpath).isdisjoint(terms)


def about(ctx: ToolContext, files: list[FileRecord], about: str) -> list[FileRecord]:
    """Files that have every word of ``about`` in their path, or else in their content. A word for a kind of paper
    (:data:`PAPER_WORDS`) is said by the file's name or its opening, and a file is of any of the kinds asked ("renewal
    letters": the renewals); once the files are of that kind, another word may be said anywhere in them ("the
    invoices I sent Brightwater": an invoice whose name says no client)."""
    terms = [stem(w) for w in words(about) if w not in STOP]
    years = [int(t) for t in terms if is_year(t)]
    files = [f for f in files if all(_of_year(f, y) for y in years)]
    terms = [t for t in terms if not is_year(t)]
    if not terms:
        return files
    # "the monthly maintenance bills": the bills, whether they say how often they come or not (unless names say it)
    terms = [t for t in terms if t not in _HOW_OFTEN or path_matches(t, ctx.files())] or terms
    found = _about_terms(ctx, files, terms, kinds=True) or _about_terms(ctx, files, terms, kinds=False)
    # "the photos from the Vancouver trip": what is about Vancouver, when none of them says trip (a photo's text never
    # does; the booking's folder may: "Trips/Crater Lake/", the photos "Phone photos/Crater Lake/")
    placed = [t for t in terms if t not in TRIP_WORDS]
    if found or not placed or placed == terms:
        return found
    return _about_terms(ctx, files, placed, kinds=True) or _about_terms(ctx, files, placed, kinds=False)


def _photo_beside(f: FileRecord, term: str) -> bool:
    """Whether ``f`` is a photo kept with papers of a written kind whose own name says no such paper: the camera's
    IMG_20260321_183045.jpg in Recipes/ is no recipe."""
    return (term in PAPER_WORDS or term in _WRITTEN) and f.ext in KIND_EXTS["photo"] and not _own_name_says(f, term)


_WRITTEN = frozenset("recipe note prescription report form document".split())
_HOW_OFTEN = frozenset("monthly weekly yearly annual quarterly daily fortnightly".split())
_YEARS_SAID = re.compile(r"(?<!\d)((?:19|20)\d\d)(?!\d)")


def _of_year(f: FileRecord, year: int) -> bool:
    """Whether ``f`` is of ``year``: its path says that year ("Payslip_Mar_2025.pdf", "Taxes/2025/"), or it says
    none and was last changed in it."""
    said = {int(y) for y in _YEARS_SAID.findall(f.relpath)}
    return year in said if said else datetime.fromtimestamp(f.mtime).year == year


def _about_terms(ctx: ToolContext, files: list[FileRecord], terms: list[str], kinds: bool) -> list[FileRecord]:
    """:func:`about`, with the kinds of paper read first (``kinds``), or every word alike (the kind's files
    said none of the rest: "my rent receipts" are the quittances, whose names and openings say no receipt)."""
    kind: list[FileRecord] = []
    for term in (t for t in terms if kinds and t in PAPER_WORDS):  # its own name, its folder when its name says no other
        named = {f.id for f in path_matches(term, ctx.files())}  # kind, or its opening
        by_name = [f for f in files if f.id in named and (_own_name_says(f, term) or not _own_name_says(f, *PAPER_WORDS))]
        # (not one its path files as another kind: a supplier's "SALES INVOICE" kept in "Fabric receipts/")
        opened = [f for f in files if f not in by_name and not (set(path_words(f.relpath)) & PAPER_WORDS) - {term}]
        kind += [f for f in by_name + _opening_says(ctx, opened, term) if f not in kind]
    if kind:
        files, terms = kind, [t for t in terms if t not in PAPER_WORDS]
    for term in terms:
        named = {f.id for f in path_matches(term, ctx.files())}  # the listing's index, not one per filtered list
        by_name = [f for f in files if f.id in named and not _photo_beside(f, term)
                   or f.ext in KIND_EXTS.get(term, ())]  # "meeting notes": a .md
        if by_name and not kind:
            files = by_name
            continue
        # in the papers' own language too ("loyer" for rent)
        ids = ctx.catalog.fts_file_ids([term + "*" if len(term) >= 4 else term, *gloss_terms(term)])
        files = [f for f in files if f.id in named or f in by_name or f.id in ids and (not kind or _first_says(ctx, f, term))]
    return files


def _first_says(ctx: ToolContext, f: FileRecord, term: str) -> bool:
    """Whether the first passage of ``f`` says ``term`` (an invoice's client is under its letterhead)."""
    return term in {stem(w) for w in words(_first(ctx, f))}


NAME_WEIGHT = 0.6  # a word of the hint that a file's own name says, over one its text says


def _name_stems(path: str) -> set[str]:
    return {stem(w) for w in words(Path(path).stem.replace("_", " "))}


def about_file(ctx: ToolContext, hint: str, keep: Callable[[FileRecord], bool] | None = None) -> list[FileRecord]:
    """The one file whose text (or path) is plainly about ``hint`` ("social security letter" for SSA benefit
    letter 2026.pdf): the best passage says most of its words, and no other file's passage does as well; of the
    files ``keep`` keeps ("the lease PDF": no letter about the lease)."""
    terms = [stem(w) for w in words(hint) if w not in STOP]
    if not terms:
        return []
    hits = ctx.hybrid()(hint, terms, k=8)
    best: dict[str, float] = {}
    for c in hits:
        if len(c.terms) * 2 >= len(terms):  # a word its own name says counts more ("the robot hoover manual":
            named = NAME_WEIGHT * len(set(c.terms) & _name_stems(c.path))  # the manual, not the to-do list's line)
            best[c.path] = max(best.get(c.path, 0.0), len(c.terms) + c.rrf + named)
    found = files_at(list(best), ctx.files())
    if keep is not None:
        found = {p: f for p, f in found.items() if keep(f)}
        best = {p: v for p, v in best.items() if p in found}
    for path, f in found.items():  # and one its title says (the tenancy agreement, not its stamp duty certificate),
        # in any of its forms ("VETERINARY HOSPITAL" for the vet's)
        titled = "\n".join(_titles(_first(ctx, f)))
        best[path] += NAME_WEIGHT * sum(contains(titled, t) for t in terms)
    ranked = sorted(best.items(), key=lambda kv: -kv[1])
    if not ranked or len(ranked) > 1 and ranked[1][1] >= ranked[0][1] - 0.5 or ranked[0][0] not in found:
        return []
    return [found[ranked[0][0]]]
