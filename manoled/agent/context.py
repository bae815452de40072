"""What the agent's tools read (:class:`ToolContext`: the catalog, the search, the embedder) and how a
path a model or a user wrote is confined to the watched roots (:func:`confine`)."""

from __future__ import annotations

import bisect
import logging
import os
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..catalog.records import FileRecord
from ..catalog.store import Catalog
from . import isa
from .commonness import zipf
from .names import index_of
from .registry import ToolError
from .retrieve import HybridSearch
from .senses import WordSense
from .wording import fold, single

log = logging.getLogger(__name__)

SearchFn = Callable[[str, int], list[Any]]  # (query, k) -> hits of the vector index


@dataclass
class ToolContext:
    """What the tools read: the catalog, a search function and (for semantic_search) the model."""

    catalog: Catalog
    search: SearchFn | None = None
    roots: list[Path] | None = None  # restrict to these roots; default: every root in the catalog
    now: Callable[[], float] = time.time
    embed: Callable[[list[str]], Any] | None = None  # the query embedder, to rank answer sentences by meaning
    _files: list[FileRecord] | None = field(default=None, repr=False)
    _sense: WordSense | None = field(default=None, repr=False)
    _files_seen: int | None = field(default=None, repr=False)
    reread_beside_at: int = 50_000  # files: a bigger listing that changed is read again beside the asks
    _next: tuple[int | None, list[FileRecord]] | None = field(default=None, repr=False)
    _reading: threading.Thread | None = field(default=None, repr=False)
    _lock: threading.Lock = field(default_factory=threading.Lock, repr=False)
    _scripts: tuple[int | None, list[str], dict[str, list[str]]] | None = field(default=None, repr=False)

    def root_paths(self) -> list[Path]:
        if self.roots is not None:
            return [Path(r).resolve() for r in self.roots]
        return [r.path for r in self.catalog.roots()]

    def _read(self) -> tuple[int | None, list[FileRecord]]:
        seen = getattr(self.catalog, "commits", None)
        roots = {str(p) for p in self.root_paths()}
        return seen, [f for f in self.catalog.files() if str(f.root) in roots]

    def files(self) -> list[FileRecord]:
        """Catalog files under the roots (the same list through an agent run; see :meth:`refresh`)."""
        if self._files is None:
            self._files_seen, self._files = self._read()
        return self._files

    def today(self) -> tuple[int, int, int]:
        """Today as (year, month, day), local time, by :attr:`now` (a date ahead or past is read against it)."""
        return time.localtime(self.now())[:3]

    def refresh(self) -> None:
        """Before a run: read the files again if the catalog has changed since they were read (a catalog
        that cannot say is read again each run). The list stays the same object while nothing changed, so
        what is built from it (:func:`names.index_of`) is built once, not once an ask.

        A listing of more than :attr:`reread_beside_at` files that changed (a big folder being indexed commits
        every second) is read again, and its names indexed, on a thread beside the asks: at 300,000 files that
        takes seconds. Until it is ready an ask reads the listing it has, at most a re-read behind the
        catalog; searches of the files' text are never behind."""
        with self._lock:
            ready, self._next = self._next, None
        if ready is not None:
            self._files_seen, self._files = ready
        seen = getattr(self.catalog, "commits", None)
        if seen is not None and seen == self._files_seen:
            return
        if seen is None or self._files is None or len(self._files) < self.reread_beside_at:
            self._files = None
            return
        if self._reading is None or not self._reading.is_alive():
            self._reading = threading.Thread(target=self._read_beside, name="manoled-listing", daemon=True)
            self._reading.start()

    def _read_beside(self) -> None:
        try:
            seen, files = self._read()
            index_of(files)  # built here, not in the ask that adopts the listing
        except Exception as exc:  # a catalog closed under it: the next refresh reads again
            log.debug("re-reading the listing failed: %s", exc)
            return
        with self._lock:
            self._next = (seen, files)

    def hybrid(self, initials: frozenset[str] = frozenset()) -> HybridSearch:
        """Full-text (catalog) + vector search, fused; ``initials``: words no file has that a file's name says by
        its initials ("ct": controle_technique_2025.pdf), whose files are searched as the files a word names."""
        if not initials:
            return HybridSearch(self.catalog, self.search, named=self.files_named)
        idx = index_of(self.files())

        def named(word: str) -> list[FileRecord]:
            return self.files_named(word) or ([idx.files[i] for i in sorted(idx.initialled(word))]
                                              if word in initials else [])

        return HybridSearch(self.catalog, self.search, named=named)

    def files_named(self, word: str) -> list[FileRecord]:
        """The files whose path (folders and name) has ``word`` (stemmed): :class:`names.NameIndex`, built once
        for a listing of the files and kept while the catalog is unchanged."""
        return index_of(self.files()).with_word(word)

    def spelled_natively(self, term: str) -> list[str]:
        """The words the files write in Greek or Cyrillic letters that ``term`` (typed in Latin ones) spells, with
        an ending or two more ("naxo": νάξος; "giorgo": γιώργος, γιώργου); read again once the catalog changed."""
        if not (term.isascii() and term.isalpha() and len(term) >= 3) or zipf(term) >= _ENGLISH_ZIPF:
            return []  # (a name, not an English word: "tax" is no τάξη, a class)
        seen = getattr(self.catalog, "commits", None)
        if self._scripts is None or seen is None or self._scripts[0] != seen:
            by_latin: dict[str, list[str]] = {}
            for w in getattr(self.catalog, "script_words", list)():
                by_latin.setdefault(single(fold(w)), []).append(w)  # ("moussaka": μουσακάς, one s)
            self._scripts = (seen, sorted(by_latin), by_latin)
        _, keys, by_latin = self._scripts
        term = single(term)
        at = bisect.bisect_left(keys, term)
        out: list[str] = []
        while at < len(keys) and keys[at].startswith(term):
            out += by_latin[keys[at]] if len(keys[at]) <= len(term) + 2 else []
            at += 1
        return out

    def word_sense(self) -> WordSense | None:
        """Single-word meanings from the query embedder (cached across asks); None without an embedder."""
        if self._sense is None and self.embed is not None:
            self._sense = WordSense(self.embed, nouns=isa.nouns())
        return self._sense

    def passages(self, file_id: int, limit: int = -1) -> list[str]:
        """A file's passages in order (the first ``limit`` only, when it is >= 0)."""
        return [row[3] for row in self.catalog.passages_for(file_id, limit=limit)]


_ENGLISH_ZIPF = 3.0  # a word typed in Latin letters this common in English is that word, no name spelt in others


def confine(ctx: ToolContext, raw: str) -> tuple[Path, str]:
    """Map a model-given path to (root, relpath) inside a watched root, or raise ToolError."""
    text = (raw or "").strip().strip("\"'")
    if not text or text in (".", "./"):
        if not ctx.root_paths():
            raise ToolError("no folders are being watched")
        return ctx.root_paths()[0], ""
    if "\x00" in text:
        raise ToolError("invalid path")
    p = Path(os.path.expanduser(text))
    if ".." in p.parts:
        raise ToolError(f"path {raw!r} is refused: '..' may not be used; paths are relative to the watched folders")
    roots = ctx.root_paths()

    def inside(real: Path, root: Path) -> str | None:
        real_root = Path(os.path.realpath(root))
        if real == real_root:
            return ""
        if real_root in real.parents:
            return real.relative_to(real_root).as_posix()
        return None

    if p.is_absolute():
        real = Path(os.path.realpath(p))
        for root in roots:
            rel = inside(real, root)
            if rel is not None:
                return root, rel
        raise ToolError(f"path {raw!r} is outside the watched folders")
    first: tuple[Path, str] | None = None
    for root in roots:
        cand = root / p
        rel = inside(Path(os.path.realpath(cand)), root)
        if rel is None:
            raise ToolError(f"path {raw!r} leads outside the watched folders (through a symlink)")
        if cand.exists():
            return root, rel
        first = first or (root, rel)
    if first is None:
        raise ToolError("no folders are being watched")
    return first
