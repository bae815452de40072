"""Names: the question's words matched against the catalog's real file paths.

``rank_names(words, files)`` ranks the files whose paths say the words ("the tax spreadsheet" ->
``finance/taxes_2025.xlsx``) by whole stemmed words, a little fuzziness for typos, and rarity: a word that
names many files says little about which one is meant. ``resolve_name`` picks the one file that stands out;
``path_matches`` and ``folder_matches`` say whether any path or folder has a word; ``find_folder`` finds the
folder a question names.

Every one of them reads a :class:`NameIndex` of the files, built once for a list of files and kept while that
list is in use: each distinct path word and the files that have it. A question's word is compared with the
distinct words (a few thousand in a home folder), not with every path (hundreds of thousands), and what a
word is near is remembered for the next ask.
"""

from __future__ import annotations

import math
import re
import threading
from array import array
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from difflib import SequenceMatcher
from typing import Any

from . import gloss
from .slots import MONTHS, is_year, stem
from .wording import fold, todo_name

# a folder's word and the question's words that name it too: a trip's papers are kept under Travel
ALIKE = {"travel": frozenset({"trip", "holiday", "vacation", "journey"}),
         "trip": frozenset({"holiday", "vacation", "travel"}),
         "holiday": frozenset({"trip", "vacation", "travel"}), "vacation": frozenset({"trip", "holiday", "travel"})}
RATIO = 0.85  # how alike two words of five letters or more must be to be one word misspelt


_Z_AS_C = re.compile(r"z(?=[aou])")
_SPLIT = re.compile(r"[\W_]+")  # letters of any script stay in their word ("Neukölln")


def path_words(relpath: str, stems: dict[str, str] | None = None) -> list[str]:
    """Stemmed words of a path: ``finance/taxes_2025.xlsx`` -> finance, tax, 2025, xlsx (``stems``: a memo of
    :func:`stem`, for many paths at once)."""
    if stems is None:
        return [fold(stem(w)) for w in _SPLIT.split(todo_name(_split_camel(relpath).lower())) if w]
    out = []
    for w in _SPLIT.split(todo_name(_split_camel(relpath).lower())):
        if w:
            s = stems.get(w)
            if s is None:
                s = stems[w] = fold(stem(w))
            out.append(s)
    return out


_CAMEL = re.compile(r"(?<=[a-z])(?=[A-Z])")


def _split_camel(text: str) -> str:
    return _CAMEL.sub(" ", text)


def _form_of(w: str, g: str) -> bool:
    """Whether the path word ``w`` is the glossed form ``g`` (four letters or more) in its plural ("Preise",
    "Receitas"), with its last vowel changed (five or more: "Ricette", "Cedolini"), or as a compound's end (six or
    more: a Mietvertrag is a contract)."""
    return (w.startswith(g) and len(w) - len(g) <= 2
            or len(g) >= 5 and g[-1] in gloss.VOWELS and w == g[:-1] or gloss.vowel_changed(w, g)
            or len(g) >= 6 and w.endswith(g))


def similar(a: str, b: str) -> bool:
    """One word, maybe misspelt: equal, or (five letters or more) alike by :data:`RATIO`, or (six or more) the
    same but for the last letter ("Lisbon", "Lisboa"; five, a vowel for a vowel: "rette", "Retta"), or (four or
    more) one the start of the other within two letters."""
    if a == b:
        return True
    if len(a) >= 6 and len(b) >= 6 and a[:-1] == b[:-1]:
        return True
    if len(a) >= 5 and len(b) >= 5 and a[:-1] == b[:-1] and a[-1] in gloss.VOWELS and b[-1] in gloss.VOWELS:
        return True  # a plural of its last vowel changed: "rette" for Retta_2026-12.pdf
    if len(a) >= 5 and len(b) >= 5:
        return SequenceMatcher(None, a, b).ratio() >= RATIO
    return len(a) >= 4 and len(b) >= 4 and (a.startswith(b) or b.startswith(a)) and abs(len(a) - len(b)) <= 2


def ing_base(word: str) -> str:
    """The verb of a word in -ing that doubles its last letter ("running" -> run, "shopping" -> shop), or "" (most
    other words in -ing are nouns of their own: a booking is no book, training no train)."""
    if len(word) < 6 or not word.endswith("ing"):
        return ""
    base = word[:-3]
    return base[:-1] if base[-1] == base[-2] and base[-1] not in "lsaeiou" else ""


def _could_be_similar(a: str, b: str) -> bool:
    """A cheap bound: False only where :func:`similar` is False (the letters the two share, in any order,
    bound the letters a SequenceMatcher can match)."""
    if len(a) < 5 or len(b) < 5 or a[:-1] == b[:-1]:
        return True
    left = {}
    for c in a:
        left[c] = left.get(c, 0) + 1
    shared = 0
    for c in b:
        if left.get(c, 0) > 0:
            left[c] -= 1
            shared += 1
    return 2 * shared >= RATIO * (len(a) + len(b))


class NameIndex:
    """The distinct words of a list of files' paths, each with the positions of the files that have it.
    Numbers are not kept (most of a big folder's distinct words are numbers: IMG_4031, invoice_0042): a number
    asked for is looked for in the paths themselves."""

    def __init__(self, files: Sequence[Any]) -> None:
        self.files = files
        self.postings: dict[str, array] = {}
        self.by_length: dict[int, list[str]] = {}
        folders: set[str] = set()
        self.folder_words: set[str] = set()
        stems: dict[str, str] = {}
        dir_words: dict[str, frozenset[str]] = {}  # a folder's files share its words: they are read once
        part_words: dict[str, list[str]] = {}  # and folders share names ("2024", "Invoices")
        for i, f in enumerate(files):
            parent, _, name = f.relpath.rpartition("/")
            ws = dir_words.get(parent)
            if ws is None:
                parts = parent.split("/") if parent else []
                for part in parts:
                    if part not in part_words:
                        part_words[part] = path_words(part, stems)
                ws = dir_words[parent] = frozenset(w for part in parts for w in part_words[part])
                folders.update("/".join(parts[:j]) for j in range(1, len(parts) + 1))
                self.folder_words.update(ws)
            for w in ws.union(path_words(name, stems)):
                if not w.isdigit():
                    self.postings.setdefault(w, array("I")).append(i)
                    base = ing_base(w)
                    if base:  # "running log.csv" is where I log my runs
                        self.postings.setdefault(base, array("I")).append(i)
        for w in self.postings:
            self.by_length.setdefault(len(w), []).append(w)
        self.folders = sorted(folders)
        self._dated: dict[str, list[str]] | None = None
        self.folders_by_last: dict[str, list[str]] = {}
        self.folders_by_word: dict[str, list[str]] = {}  # each word of a folder's own name ("Fiches de paie": paie)
        for p in self.folders:
            self.folders_by_last.setdefault(stem(p.rsplit("/", 1)[-1].lower()), []).append(p)
            for w in dict.fromkeys(path_words(p.rsplit("/", 1)[-1], stems)):
                self.folders_by_word.setdefault(w, []).append(p)
        self._near: dict[str, tuple[str, ...]] = {}
        self._glossed: dict[str, tuple[str, ...]] = {}
        self._phrased: dict[str, set[int]] = {}
        self._initials: dict[str, set[int]] = {}

    def near(self, term: str) -> tuple[str, ...]:
        """The path words :func:`similar` to ``term`` (remembered)."""
        term = fold(term)
        hit = self._near.get(term)
        if hit is not None:
            return hit
        out = [term] if term in self.postings else []
        if len(term) >= 4:
            n = len(term)
            lo, hi = (math.floor(n * RATIO / (2 - RATIO)), math.ceil(n * (2 - RATIO) / RATIO)) if n >= 5 else (n, n)
            for length in range(min(lo, n - 2), max(hi, n + 2) + 1):
                out += [w for w in self.by_length.get(length, ())
                        if w != term and _could_be_similar(term, w) and similar(term, w)]
        cedilla = _Z_AS_C.sub("c", term)  # "azores": Açores (folded "acores"), whose ç English writes z
        out += [cedilla] if cedilla != term and cedilla in self.postings else []
        out += self.glossed(term)
        if len(self._near) > 20_000:
            self._near.clear()
        self._near[term] = found = tuple(out)
        return found

    def dated_folders(self, term: str) -> list[str]:
        """Folders named by ``term`` (or a word :meth:`near` it) and a date ("Lisbon May 2026", "Bali 2026" for
        "lisbon", "bali"; "Açores 2026" for "azores")."""
        if self._dated is None:
            self._dated = {}
            for p in self.folders:
                ws = path_words(p.rsplit("/", 1)[-1])
                if dated_name(ws):
                    self._dated.setdefault(ws[0], []).append(p)
        return [p for w in dict.fromkeys([term, *self.near(term)]) for p in self._dated.get(w, ())]

    def glossed(self, term: str) -> list[str]:
        """Path words that are ``term`` in another language or short (:mod:`gloss`: "recipe" in Receitas, "contract" in
        Mietvertrag, "corporate" in Body Corp): a form whole or in its plural, or a long one as the end of a compound, which is what the compound is (a
        Mietvertrag is a contract; a Rahmenvertrag is no frame)."""
        hit = self._glossed.get(term)
        if hit is None:
            out: list[str] = []
            for g in (*gloss.forms(term), *gloss.SHORTENED.get(term, ())):
                g = fold(stem(g))
                out += [g] if g in self.postings else []
                if len(g) >= 4:  # one pass over the path words for the rest
                    out += [w for w in self.postings if w != g and _form_of(w, g)]
            hit = self._glossed[term] = tuple(dict.fromkeys(out))
        return list(hit)

    def positions(self, term: str) -> set[int]:
        """Positions of the files whose path has a word near ``term``."""
        if term.isdigit():  # a number is a whole run of digits in the path ("2025", "taxes_2025s")
            said = re.compile(rf"(?<![^\W_]){term}s?(?![^\W_])", re.I)
            return {i for i, f in enumerate(self.files) if said.search(f.relpath)}
        if re.fullmatch(r"\d+(?:[-/]\d+)+|[^\W\d_]+(?:-[^\W\d_]+)+", term):  # a span of years ("2025-26"), a
            # hyphened name ("das-mei"): its parts in a row, any joiner ("DAS-MEI_PA_07-2026.pdf", "das_mei")
            said = re.compile(r"(?<![^\W_])" + r"[\W_]{1,3}".join(map(re.escape, re.split(r"[-/]", term)))
                              + r"(?![^\W_])", re.IGNORECASE)
            return {i for i, f in enumerate(self.files) if said.search(f.relpath)}
        out: set[int] = set()
        for w in self.near(term):
            out.update(self.postings[w])
        return out | self.phrased(term)

    def phrased(self, term: str) -> set[int]:
        """Positions of the files whose path says ``term`` in another tongue's words ("payslip": Phieu luong,
        PhieuLuong_T08-2026.pdf), read once a term."""
        hit = self._phrased.get(term)
        if hit is None:
            said = [r"[\W_]{0,3}".join(map(re.escape, fold(p).split())) for p in gloss.phrases(term)]
            pattern = re.compile(rf"(?<![^\W_])(?:{'|'.join(said)})(?![^\W_])") if said else None
            hit = self._phrased[term] = set() if pattern is None else {  # (a term with no phrase reads no path)
                i for i, f in enumerate(self.files) if pattern.search(fold(_split_camel(f.relpath).lower()))}
            if len(self._phrased) > 1000:
                self._phrased.clear()
        return hit

    def initialled(self, term: str) -> set[int]:
        """Positions of the files whose own name says ``term`` (2 to 4 letters no path has as a word) by the initials
        of its words ("ct": controle_technique_2025.pdf); read from the names once per term."""
        if not (2 <= len(term) <= 4 and term.isalpha() and term.isascii()) or term in self.postings:
            return set()
        hit = self._initials.get(term)
        if hit is None:
            said = re.compile(r"(?<![^\W_])" + r"[^\W\d_]{2,}[\W_]+".join(term) + r"[^\W\d_]{2,}", re.IGNORECASE)
            hit = self._initials[term] = {i for i, f in enumerate(self.files)
                                         if said.search(_split_camel(f.name.rsplit(".", 1)[0]))}  # not ".txt"
            if len(self._initials) > 1000:
                self._initials.clear()
        return hit

    def with_word(self, word: str) -> list[Any]:
        """The files whose path has exactly ``word`` (stemmed), or says it in another language."""
        word = fold(word)
        at = set(self.postings.get(word, ()))
        for g in self.glossed(word):
            at.update(self.postings[g])
        return [self.files[i] for i in sorted(at)]


_INDEXES: dict[int, NameIndex] = {}  # least recently used first
_LOCK = threading.Lock()
_KEEP = 4
_BIG = 10_000  # files: an index this big (a catalog listing) is never pushed out by a shorter list's


def index_of(files: Sequence[Any]) -> NameIndex:
    """The :class:`NameIndex` of this very list (it holds the list, so its id is not reused while kept). A few
    are kept, so every ask over one catalog listing builds it once; a follow-up's handful of candidates never
    pushes a big listing's index (seconds to build at 300,000 files) out."""
    with _LOCK:
        idx = _INDEXES.pop(id(files), None)
        if idx is not None and idx.files is files:
            _INDEXES[id(files)] = idx
            return idx
    idx = NameIndex(files)
    with _LOCK:
        _INDEXES[id(files)] = idx
        while len(_INDEXES) > _KEEP:
            small = [k for k, v in _INDEXES.items() if len(v.files) < _BIG]
            del _INDEXES[small[0] if small else next(iter(_INDEXES))]
    return idx


@dataclass
class NameMatch:
    file: Any
    score: float
    matched: list[str]


def rank_names(terms: Sequence[str], files: Sequence[Any], extensions: Iterable[str] | None = None,
               ) -> list[NameMatch]:
    """Files whose path words match ``terms``, best first (each term weighted by its rarity)."""
    if not terms or not files:
        return []
    idx = index_of(files)
    exts = set(extensions or ())
    hits = {t: idx.positions(t) for t in dict.fromkeys(terms)}
    n = len(files)
    out: list[NameMatch] = []
    for i in sorted(set().union(*hits.values())):
        f = files[i]
        matched = [t for t in terms if i in hits[t]]
        score = sum(math.log(1 + n / len(hits[t])) for t in matched)
        if exts and getattr(f, "ext", "") in exts:
            score += 0.5
        out.append(NameMatch(f, score, matched))
    out.sort(key=lambda m: (-m.score, len(m.file.relpath)))
    return out


def resolve_name(terms: Sequence[str], files: Sequence[Any], extensions: Iterable[str] | None = None) -> NameMatch | None:
    """The one file the terms name, when one clearly stands out; None otherwise."""
    ranked = rank_names(terms, files, extensions)
    if not ranked:
        return None
    best = ranked[0]
    if len(ranked) > 1 and ranked[1].score >= best.score - 1e-9:
        # a tie: the one file whose own name (not its folder's) says the words (Bail/bail_location.pdf, "my lease"),
        # or none: the words do not single out one file
        idx = index_of(files)
        tied = [m for m in ranked if m.score >= best.score - 1e-9]
        own = [m for m in tied if all(set(path_words(m.file.name)) & set(idx.near(t)) for t in m.matched)]
        return own[0] if len(own) == 1 else None
    return best


def path_matches(term: str, files: Sequence[Any]) -> list[Any]:
    """Files whose path has ``term`` as a whole (stemmed, typo-tolerant) word."""
    if not files:
        return []
    return [files[i] for i in sorted(index_of(files).positions(term))]


def folder_matches(term: str, files: Sequence[Any]) -> bool:
    """Whether ``term`` is (a stemmed, typo-tolerant form of) a folder name in the catalog."""
    if not files:
        return False
    idx = index_of(files)
    return term in idx.folder_words or any(w in idx.folder_words for w in idx.near(term))


def files_at(paths: Iterable[str], files: Sequence[Any]) -> dict[str, Any]:
    """The files at these full paths (``str(f.path)``): each path's last part is tested first, so no ``Path`` is
    made for the other files (a dict of every path costs a second at 300,000 files)."""
    want = set(paths)
    if not want:
        return {}
    ends = tuple({p.rsplit("/", 1)[-1] for p in want})
    out = {}
    for f in files:
        if f.relpath.endswith(ends):
            path = str(f.path)
            if path in want:
                out[path] = f
    return out


def numbered_names(question: str, files: Sequence[Any]) -> list[str]:
    """The numbers of the question, years aside, that some file's name carries ("the 1099 from Brightline":
    1099-NEC_2025_Brightline.pdf; "invoice 1042"): a number names a file as a word does."""
    nums = [n for n in dict.fromkeys(re.findall(r"(?<![\w.,/:-])\d{3,}(?![\w.,/:%-])", question))
            if not is_year(n)]
    return [n for n in nums if path_matches(n, files)]


def exact_file(question: str, files: Sequence[Any]) -> Any | None:
    """The file whose exact name (with its extension) the question writes, e.g. ``IMG_2041.jpg``."""
    tokens = dict.fromkeys(t.lower().strip(".") for t in re.findall(r"[\w\-.]+\.[A-Za-z0-9]{1,5}\b", question))
    if not tokens or not files:
        return None
    hits: dict[str, list[Any]] = {}
    low = f" {question.lower()} "
    for f in files:  # only when the question writes a file name: no index of every name is kept
        name = f.name.lower()
        if name in tokens:
            hits.setdefault(name, []).append(f)
        elif " " in name and any(name.endswith(t) for t in tokens) and re.search(rf"(?<![\w.-]){re.escape(name)}(?!\w)",
                                                                                low):
            hits.setdefault(name, []).append(f)  # "monthly budget 2026.csv": a name with spaces, written whole
    found = sorted(hits, key=len, reverse=True)
    return next((hits[t][0] for t in found if len(hits[t]) == 1), None)


def dated_name(ws: list[str]) -> bool:
    """Whether a folder's name is a word and a date ("Lisbon May 2026": lisbon, may, 2026; a month in its tongue, and
    with its year: "Naivasha_Aug2026", "Lisboa_Abril2026")."""
    return len(ws) > 1 and all(w.isdigit() or _month(w) or (m := _MONTH_YEAR.fullmatch(w)) is not None and _month(m[1])
                               for w in ws[1:])


_MONTH_YEAR = re.compile(r"([^\W\d_]{3,})(\d{4})")


def _month(w: str) -> bool:
    return w in MONTHS or w == "may" or any(h in MONTHS or h == "may" for h in gloss.heads(w))



__all__ = ["ALIKE", "NameIndex", "NameMatch", "exact_file", "dated_name", "files_at", "folder_matches", "index_of", "ing_base",
           "path_matches", "path_words", "rank_names", "resolve_name", "similar"]
