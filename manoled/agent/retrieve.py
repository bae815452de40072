"""Hybrid retrieval: the catalog's full-text index (BM25) fused with the vector search.

Exact tokens (an IBAN, a surname, an amount, a file name) are found by SQLite
FTS5; meaning ("flat" for "apartment") by the embedding search. The two rank
lists are merged by reciprocal-rank fusion: ``score = sum(1 / (K + rank))``.

``HybridSearch(catalog, vector_search)(query, terms, k)`` returns
:class:`Candidate` passages, best first, each with its vector score (or None
when only the full-text search found it) and the query terms it contains.
"""

from __future__ import annotations

import calendar
import logging
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from . import gloss
from .commonness import coined, zipf
from .slots import stem, words
from .wording import fold

log = logging.getLogger(__name__)

RRF_K = 60
WHOLE_DOCS = 3  # short documents read in their found passage's place, at most
WHOLE_EXTRA = 2  # passages that say all the query's words, read beyond the k best fused
RARE_FILES = 2  # a word in at most this many files' passages found is rare: its best passage is read
COORD_POOL = 3  # full-text hits read per hit kept, to put first those that say most of the query's words
NAMED_MOST = 3  # a term in more files' paths than this names a collection, not a file
NAMED_FTS = 3  # a named file's passage this high among the full-text hits is ranked by the name before its first ones
MONTH_NUMBERS = {m.lower(): i for i, m in enumerate(calendar.month_name) if m}
VectorSearch = Callable[[str, int], list[Any]]


@dataclass
class Candidate:
    passage_id: int
    text: str
    path: str
    file_name: str
    file_id: int | None = None
    rrf: float = 0.0
    vector_score: float | None = None
    fts_rank: int | None = None
    vector_rank: int | None = None
    name_rank: int | None = None  # among the passages of the files whose path says a query term
    terms: list[str] = field(default_factory=list)  # query terms the passage (or its path) contains
    relpath: str = ""  # the file's path inside its watched folder
    heading: str = ""  # its document's first line, for a later passage (what a person's notes are about)

    @property
    def named(self) -> str:
        """What names the passage's file, as words: its folders and its name ("Wohnung Internet Spreenetz
        2026-02.pdf"): a person's folders say what their files are about ("Internet", "Taxes"). Capitalised ("CT" is
        its Controle Technique); a name run together also apart ("RoathCycles" says "Roath Cycles")."""
        path = (self.relpath or self.file_name).replace("/", " ").replace("_", " ")
        joined = _CAMEL.sub(" ", " ".join(w for w in path.split(" ") if _CAMEL.search(w)))
        return " ".join(w[:1].upper() + w[1:] for w in f"{path} {joined}".split(" ") if w)

    def says(self, terms: Sequence[str]) -> list[str]:
        """Those of ``terms`` the passage or its file's path contains."""
        return [t for t in terms if contains(self.text, t) or contains(self.named, t)]


WHOLE_MAX = 6  # a document of at most this many passages is read whole
_CAMEL = re.compile(r"(?<=[a-z]{3})(?=[A-Z][a-z]{2})")  # where a name run together starts its next word


def overlapped(texts: Sequence[str], most: int = 600) -> str:
    """Consecutive passages as one text, the characters each shares with the one before said once."""
    out = texts[0] if texts else ""
    for t in texts[1:]:
        tail = out[-most:]
        shared = next((n for n in range(min(len(tail), len(t)), 0, -1) if tail.endswith(t[:n])), 0)
        out += ("\n" if not shared else "") + t[shared:]
    return out


def capitalised(query: str) -> set[str]:
    """The stems of the words ``query`` capitalises past its first ("Studio Hrnek"), months and "I" aside: the names
    it gives."""
    said = re.findall(r"[\w'-]+", query)
    return {stem(w.lower()) for w in said[1:] if w[:1].isupper() and w != "I"} - set(MONTH_NUMBERS)


def fts_terms(terms: Sequence[str]) -> list[str]:
    """Terms for the full-text query: each stemmed word, as a prefix when long enough ("invoice*")."""
    out = []
    for word in terms:
        t = root(stem(word))
        if len(t) > 4 and t.endswith("y"):
            t = t[:-1]  # grocery* would miss "groceries"
        # the catalog drops accents ("schlusseldienst"), a name spells them out
        for form in dict.fromkeys([t, fold(t)]):
            out.append(form + "*" if len(form) >= 3 and not form.isdigit() else form)
        out += [e] if (e := silent_e(stem(word))) else []  # "moving": "Move-in checklist"
        out += gloss_terms(stem(word))
        out += list(gloss.spelled_out(stem(word)))  # a phrase: "social security" for "ss"
    return out


def gloss_terms(word: str) -> list[str]:
    """Full-text terms for ``word`` in the languages papers are kept in ("kaution" for deposit): a short form
    whole, a longer one as a prefix too ("preis*": Preise), a phrase as a phrase ("prise d'effet" for start)."""
    out = [g + "*" if len(g) >= 5 else g for f in gloss.forms(word) for g in dict.fromkeys([f, fold(f)])]
    return list(dict.fromkeys(out + list(gloss.phrases(word))))  # (each once: "factura" is a bill in three tongues)


def root(word: str) -> str:
    """A shorter prefix for verb forms: launching -> launch, moved -> mov(e); a long word's silent e goes too,
    so a word finds its family (estimate -> estimat: "Estimator", "estimated"); one who does a deed is found by the
    deed (babysitter -> babysit: "Babysitting")."""
    for suffix in ("ing", "ed"):
        if word.endswith(suffix) and len(word) - len(suffix) >= 4:
            return word[: -len(suffix)]
    if word.endswith("e") and len(word) >= 7:
        return word[:-1]
    if len(word) >= 8 and word.endswith("er") and word[-3] == word[-4] and word[-3] not in "aeiouy":
        return word[:-3]  # the consonant doubled before "-er": the verb's own ("sitter": sit), not "mill-er"
    return word


_DAY_MONTH = re.compile(r"\b(\d{1,2})(?:/|\.\s?)(\d{1,2})(?:/|\.\s?)\d{2,4}\b")  # and "14. 5. 2026"


def day_first(text: str) -> bool | None:
    """How ``text`` writes its dates in numbers: True when one can only be day first (31/01/2026), False when one
    can only be month first (12/15/2025), None when none tells."""
    for a, b in _DAY_MONTH.findall(text):
        if int(a) > 12 >= int(b):
            return True
        if int(b) > 12 >= int(a):
            return False
    return None


def numeric_month(text: str, month: int) -> bool:
    """Whether ``text`` has a date written in numbers in that month: 2026-02-08, 08/02/2026, 2/8/2026, 2026-02. A
    date that could be read either way is read as the text's other dates are written: beside "Invoice Date:
    31/01/2026", "Due Date: 02/03/2026" is 2 March, not 3 February."""
    m = rf"0?{month}"
    if re.search(rf"(?<!\d)\d{{4}}[-_./]{m}(?:[-_./]\d{{1,2}})?(?!\d)", text):
        return True
    order = day_first(text)
    return bool(order is not False and re.search(rf"\b\d{{1,2}}(?:/|\.\s?){m}(?:/|\.\s?)\d{{2,4}}\b", text)
                or order is not True and re.search(rf"\b{m}/\d{{1,2}}/\d{{2,4}}\b", text))


def contains(text: str, term: str) -> bool:
    """Whole-word containment with the same light stemming as the query ("invoices" has "invoice");
    a month's name is also found in a date written in numbers ("february" in "08/02/2026"), and a word in
    another language's form (:mod:`gloss`: "deposit" in "Kaution")."""
    t = stem(term)
    if t in MONTH_NUMBERS and (numeric_month(text, MONTH_NUMBERS[t]) or
                               re.search(rf"\b{t[:3]}(?:t)?\.?(?:\s+|(?=\d{{2}}))(?:\d|')|\b\d{{1,2}}{t[:3]}\d\d(?:\d\d)?\b", text,
                                         re.IGNORECASE)):
        return True  # "08/02/2026", "Feb 2026", "Sept 14", "luz feb26", "20DEC26": a month said in numbers or short
    ws = [fold(w) for w in words(text)]  # "Schlüsseldienst" is "Schluesseldienst"
    # another tongue's short word whole, a long one as a plural or compound's start ("Preise") or end ("Grafiktablett";
    # a short one in no English word: "Zopfmehl" is flour, "postage" no day); the word shortened ("12 Iona St")
    if _has(once := list(dict.fromkeys(ws)), t) or any(_has(once, g, prefix_from=5, suffix_from=4, prefix_ok=_form_of(t))
                                                       for g in gloss.forms(t)) or any(_has(once, s) for s in gloss.WRITTEN_SHORT.get(t, ())):
        return True
    flat = f" {' '.join(ws)} "
    if "-" in t and f" {t.replace('-', ' ')} " in flat:
        return True  # "jhadu-pochha" in "jhadu, pochha, bhandi"; "check-in" in "Check in: 15:00"
    if "-" in t.strip("-") and all(len(p) >= 4 and _has(ws, stem(p)) for p in t.split("-")):
        return True  # "Cradle Mountain-Lake St Clair" in "Cradle Mountain Visitor Centre … Lake St Clair"
    if any(f" {' '.join(fold(w) for w in words(p))} " in flat for p in gloss.phrases(t)):
        return True  # "Date de prise d'effet" says when a lease starts
    if 2 <= len(t) <= 5 and t.isalpha():  # a short form: what it stands for, or the initials of the words it does
        return any(f" {p} " in flat for p in gloss.spelled_out(t)) or initials(text, t)
    return False


def initials(text: str, short: str) -> bool:
    """Whether consecutive words of ``text`` start with the letters of ``short`` ("rmd": "required minimum
    distribution"): words of three letters or more, capitalised where two letters must do ("Social Security")."""
    n = len(short)
    ws = re.findall(r"[^\W\d_]+", text)
    return any("".join(w[0].lower() for w in run) == short and all(len(w) >= 3 for w in run)
               and (n >= 3 or all(w[0].isupper() for w in run)) for run in (ws[i:i + n] for i in range(len(ws) - n + 1)))


# a verb's irregular past, for "how much did Medicare pay" in "Medicare paid providers"
_PAST = {"paid": "pay", "bought": "buy", "spent": "spend", "sent": "send", "sold": "sell", "got": "get",
         "took": "take", "gave": "give", "made": "make", "brought": "bring", "wrote": "write", "met": "meet",
         "kept": "keep", "held": "hold", "told": "tell", "lent": "lend", "owed": "owe", "won": "win", "lost": "lose"}


def inflected(t: str) -> frozenset[str]:
    """A word's verb forms that its prefix does not find: a short word's ("end": ending, ended) and a silent
    e's ("move": moving; "moving": move). No doubled consonant: "bedding" is no bed."""
    if e := silent_e(t):
        return frozenset({e})  # and the other way: "moving" is "move"
    if len(t) < 3 or not t.isalpha() or t.endswith("ee"):
        return frozenset()
    if t.endswith("e"):
        return frozenset({t[:-1] + "ing", t + "d"})
    return frozenset({t + "ing", t + "ed"}) if len(t) == 3 else frozenset()


LIGHT_VERB = 5.5  # Zipf frequency from which a verb is one of the few that say how, not what (come, make, take, live)


def silent_e(t: str) -> str:
    """A short verb's -ing form as the bare verb, its silent e back ("moving" -> "move", "hiring" -> "hire"), which
    the form's own prefix misses ("Move-in checklist"); else "". Not a past form ("rated" is no rate), nor a verb
    that mostly says how ("end up coming to", "taking", "making": :data:`LIGHT_VERB` and above)."""
    base = t[:-3]
    if t.endswith("ing") and len(base) == 3 and base.isalpha() and base[1] in "aeiou" and base[2] not in "aeiouwxy" \
            and zipf(base + "e") < LIGHT_VERB:
        return base + "e"
    return ""


ENGLISH_ZIPF = 3.0  # from here a word is English, not another tongue's form with an ending ("contacts": no "conta")


@lru_cache(maxsize=4096)
def _english(word: str) -> bool:
    return zipf(word) >= ENGLISH_ZIPF


@lru_cache(maxsize=1024)  # one per question word, not one per form and passage read (a hot path)
def _form_of(term: str) -> Callable[[str], bool]:
    """Whether a word that starts with a form of ``term`` in another tongue is that form with an ending: not an English
    word of its own ("contacts" for the Portuguese *conta*, an account; "summer" for *Summe*), unless it is the
    English word for the same thing ("vaccines" for *vaccin*, a jab; "hotels" for a stay)."""
    forms = set(gloss.forms(term))
    return lambda w: not _english(w) or stem(w) == term or stem(w) in forms or bool(forms & set(gloss.forms(stem(w))))


# what an English word may add to a word and still be a form of it ("booking", "rental", "check-in"); not "market"
# for "mark", "island" for "Isla" (a word of another tongue may add more: "Preisliste"; a short form, all: "maint")
_ENDINGS = frozenset("s es e ed d ing ings er ers r rs al als ly y ment ments".split())


def _has(ws: list[str], t: str, prefix_from: int = 4, suffix_from: int = 99,
         prefix_ok: Callable[[str], bool] | None = None) -> bool:
    r = fold(root(t))
    t = _PAST.get(fold(t), fold(t))
    flat = t.replace("-", "")  # "checkout" is "check-out", and the other way round
    forms = inflected(t)
    return any(w == t or stem(w) == t or _PAST.get(w) == t or w in forms
               or (len(t) >= prefix_from and w.startswith(t) and (prefix_ok is None or prefix_ok(w))
                   and (w[len(t):] in _ENDINGS or w[len(t)] == "-" or not _english(w) or not _english(t)))
               or "-" in w and w.split("-", 1)[0] in forms  # "moving": "Move-in"
               or (len(t) >= suffix_from and w.endswith(t) and (len(t) >= 6 or len(w) >= len(t) + 3 and coined(w)))
               or (r != t and w.startswith(r)) or ("-" in w or "-" in t) and w.replace("-", "") == flat for w in ws)


def rrf(ranks: Sequence[int | None], k: int = RRF_K) -> float:
    return sum(1.0 / (k + r) for r in ranks if r is not None)


def _candidate(pid: int, p: Any) -> Candidate:
    """A full-text hit's passage (a catalog row with its file) as a candidate."""
    return Candidate(pid, p.text, str(p.file.path), p.file.name, relpath=p.file.relpath)


class HybridSearch:
    def __init__(self, catalog: Any, vector_search: VectorSearch | None, *, depth: int = 20,
                 named: Callable[[str], list[Any]] | None = None) -> None:
        self.catalog = catalog
        self.vector_search = vector_search
        self.depth = depth
        self.named = named  # a path word -> the files whose path has it, for passages of files a query term names

    def _named_files(self, terms: Sequence[str]) -> list[Any]:
        """Files whose folders or name say a query term that few files' paths say ("internet" for
        Internet/spreenetz_2026-02.pdf, a German bill that never says "internet")."""
        if self.named is None:
            return []
        out: list[Any] = []
        for t in terms:
            if t.isdigit() or t in MONTH_NUMBERS:
                continue
            hits = self.named(stem(t))
            if len(hits) <= NAMED_MOST:
                out += [f for f in hits if f not in out]
        return out

    def __call__(self, query: str, terms: Sequence[str], k: int = 8,
                 only_files: set[int] | None = None, read_on: bool = False) -> list[Candidate]:
        """The ``k`` best passages for ``query`` (its ``terms``), fused; ``read_on``: of a short document that says
        two of the words, read on past the passage found (a bill's total, asked, after its rows)."""
        by_id: dict[int, Candidate] = {}
        if self.vector_search is not None and query.strip():
            for rank, hit in enumerate(self.vector_search(query, self.depth), start=1):
                c = by_id.setdefault(hit.passage_id, Candidate(hit.passage_id, hit.text, hit.path, hit.file_name))
                c.vector_score, c.vector_rank = float(hit.score), rank
        if terms and self.catalog is not None:
            fts = self.catalog.fts_search(fts_terms(terms), self.depth * COORD_POOL)
            missing = [pid for pid, _ in fts if pid not in by_id]
            found = self.catalog.passages_by_ids(missing) if missing else {}
            fts = self._coordinated(fts, terms, by_id, found)
            for rank, (pid, _score) in enumerate(fts, start=1):
                c = by_id.get(pid)
                if c is None:
                    p = found.get(pid)
                    if p is None:
                        continue
                    c = by_id[pid] = _candidate(pid, p)
                c.fts_rank = rank
            named = [hit for f in self._named_files(terms) for hit in self._of_named(f, by_id)]
            for rank, (f, pid, text) in enumerate(named, start=1):
                c = by_id.setdefault(pid, Candidate(pid, text, str(f.path), f.name))
                c.name_rank = rank
            months = [MONTH_NUMBERS[t] for t in terms if t in MONTH_NUMBERS]
            for c in by_id.values():  # "in February" finds the receipt dated 08/02/2026, after the words' hits
                if c.fts_rank is None and any(numeric_month(f"{c.text} {c.file_name}", m) for m in months):
                    c.fts_rank = len(fts) + 1
        seqs: dict[int, int] = {}
        if self.catalog is not None and by_id:
            ids = self.catalog.passages_by_ids(list(by_id))
            for pid, c in by_id.items():
                p = ids.get(pid)
                if p is not None:
                    c.file_id, c.relpath, seqs[pid] = p.file.id, p.file.relpath, p.seq
        out = [c for c in by_id.values() if only_files is None or c.file_id in only_files]
        if only_files is not None and len(only_files) <= NAMED_MOST and not out and self.catalog is not None:
            out = self._read(only_files)  # asked inside a file that says none of the words: read it
        for c in out:
            c.rrf = rrf([c.vector_rank, c.fts_rank, c.name_rank])
            c.terms = c.says(terms)
        out.sort(key=lambda c: (-c.rrf, -(c.vector_score or 0.0)))
        # a passage that says every word of the question is read, though one search alone found it ("Luna's vet
        # invoice from January": the clinic's factura, below the dog's notes that two searches found), and so is
        # the best of a name no passage kept says, when few files' passages found say it, as itself (not as the
        # initials of other words): "the Studio Hrnek invoice" is the one invoice to Hrnek, in Czech, below the
        # English invoices that both searches found
        whole = [c for c in out[k:] if len(terms) >= 2 and len(c.terms) == len(terms)]
        # and the passage both searches found that says more of them than any ranked above it
        most = max((len(c.terms) for c in out[:k]), default=0)
        more = max((c for c in out[k:] if len(terms) >= 3 and len(c.terms) > most and len(c.terms) * 2 > len(terms)
                    and c.vector_rank is not None and c.fts_rank is not None), key=lambda c: len(c.terms), default=None)
        if more is not None and more not in whole:
            whole.append(more)
        named_words = capitalised(query)
        for t in [t for t in terms if t in named_words and not any(t in c.terms for c in out[:k])]:
            saying = [c for c in out[k:] if t in c.terms and t in {stem(w) for w in words(f"{c.text} {c.named}")}]
            if saying and len({c.file_id for c in saying}) <= RARE_FILES and saying[0] not in whole:
                whole.append(saying[0])
        whole = whole[:WHOLE_EXTRA]
        out = self._widen(out[:k] + whole, terms, seqs, by_id, read_on)
        log.debug("hybrid %r terms=%s: %s", query, list(terms),
                  [(c.file_name, round(c.rrf, 4), c.vector_score, c.fts_rank) for c in out[:5]])
        return out

    def _of_named(self, f: Any, by_id: dict[int, Candidate]) -> list[tuple[Any, int, str]]:
        """The passages of a file whose path says a query term that the name ranks, at most 3: the file's best
        full-text hits first (the lease's notice clause, which the words found, before the parties it opens
        with), then its first passages. The name says which file, the words which part of it."""
        path = str(f.path)
        hits = sorted((c for c in by_id.values() if c.path == path and c.fts_rank and c.fts_rank <= NAMED_FTS),
                      key=lambda c: c.fts_rank or 0)
        out = [(f, c.passage_id, c.text) for c in hits]
        seen = {pid for _f, pid, _t in out}
        return (out + [(f, pid, text) for pid, _seq, _page, text in self.catalog.passages_for(f.id, limit=3)
                       if pid not in seen])[:3]

    def _coordinated(self, fts: list[tuple[int, float]], terms: Sequence[str], by_id: dict[int, Candidate],
                     found: dict[int, Any]) -> list[tuple[int, float]]:
        """The full-text hits, those that say more of the query's words first (BM25 order within), the first
        ``depth``: a passage saying "Luna", "veterinaria" and "factura" once each beats one that says "factura"
        ten times, though each word's forms in other tongues are terms of their own to BM25."""
        if len(terms) < 2 or len(fts) <= self.depth:
            return fts[:self.depth]

        def said(pid: int) -> int:
            c = by_id.get(pid) or (_candidate(pid, found[pid]) if pid in found else None)
            return 0 if c is None else len(c.says(terms))

        count = {pid: said(pid) for pid, _ in fts}
        return sorted(fts, key=lambda hit: -count[hit[0]])[:self.depth]

    def _read(self, file_ids: set[int]) -> list[Candidate]:
        """The first passages of these files, in their order, as candidates ranked last."""
        out = []
        for fid in sorted(file_ids):
            f = self.catalog.file_by_id(fid)
            if f is not None:
                out += [Candidate(pid, text, str(f.path), f.name, file_id=fid, relpath=f.relpath)
                        for pid, _seq, _page, text in self.catalog.passages_for(fid, limit=WHOLE_MAX)]
        return out

    def _whole(self, c: Candidate, terms: Sequence[str], start: int = -1) -> bool:
        """Whether ``c``'s document is short and now read in its place: whole, or from passage ``start`` on."""
        parts = self.catalog.passages_for(c.file_id, limit=WHOLE_MAX + 1) if self.catalog is not None else []
        if not 1 < len(parts) <= WHOLE_MAX:
            return False
        parts = [p for p in parts if p[1] >= start]
        if len(parts) < 2:
            return False
        c.text = overlapped([text for _pid, _seq, _page, text in parts])
        c.terms = c.says(terms)
        return True

    def _widen(self, out: list[Candidate], terms: Sequence[str], seqs: dict[int, int],
               by_id: dict[int, Candidate], read_on: bool = False) -> list[Candidate]:
        """``out`` with more of the document of the passage that says most of the query's words. A short one is
        read whole in that passage's place (its other passages dropped): an invoice's table head, its rows and its
        total are read together though the chunks cut between them. Of a longer one, the passage that follows
        joins, right after it, when that passage says at least 3 of 5 query words: a document goes on past a
        chunk's end ("How much you will get" ... the amount after deductions, in the next chunk). ``read_on``: of
        the other short documents that say two of the words, the rest from the passage found on."""
        best = max((c for c in out if c.passage_id in seqs), key=lambda c: len(c.terms), default=None)
        if best is None or best.file_id is None or self.catalog is None:
            return out
        # of a short document of the others that says two of the words too, the rest after its passage, when asked
        # to read on: a bill's rows in one chunk, its total in the next
        others = [c for c in out if read_on and c is not best and c.passage_id in seqs and len(c.terms) >= 2]
        read: dict[int, tuple[Candidate, int]] = {}  # file -> the passage read in its place, and from where
        for c in [best, *others]:
            start = -1 if c is best else seqs[c.passage_id]
            if len(read) < WHOLE_DOCS and c.file_id not in read and self._whole(c, terms, start):
                read[c.file_id] = (c, start)
        # when the best is long, the first short document whose passage says as many of the words is read whole in
        # its stead: the payslip's head says the month, the name and "salary" as the budget's row does; its net pay
        # comes after
        if best.file_id not in read and len(read) < WHOLE_DOCS:
            c = next((c for c in out if c.file_id != best.file_id and c.file_id not in read and c.passage_id in seqs
                      and len(c.terms) == len(best.terms) >= 2), None)
            if c is not None and self._whole(c, terms):
                read[c.file_id] = (c, -1)
        out = [c for c in out if c.file_id not in read or read[c.file_id][0] is c
               or seqs.get(c.passage_id, -1) < read[c.file_id][1]]  # what comes before the part read stays
        if best.file_id in read:
            return out
        parts = self.catalog.passages_for(best.file_id, limit=WHOLE_MAX + 1)
        if len(terms) < 2 or len(best.terms) * 5 < len(terms) * 3:
            return out
        seq = seqs[best.passage_id]
        nxt = next((p for p in parts if p[1] > seq), None)
        if nxt is None and len(parts) > WHOLE_MAX:
            nxt = next(iter(self.catalog.passages_for(best.file_id, limit=1, after=seq)), None)
        if nxt is None or any(c.passage_id == nxt[0] for c in out):
            return out
        pid, _seq, _page, text = nxt
        c = by_id.get(pid) or Candidate(pid, text, best.path, best.file_name, file_id=best.file_id, rrf=best.rrf,
                                        vector_score=best.vector_score, relpath=best.relpath)
        c.terms = c.says(terms)
        i = out.index(best) + 1
        return [*out[:i], c, *out[i:]]
