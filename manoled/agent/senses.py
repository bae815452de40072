"""Word senses: does a passage say one of the question's words in other words?

A question worded differently from the file ("power tool" for "drill", "food
shopping" for "groceries", "reservation" for "booking") shares no words with
it. :class:`WordSense` embeds single words with the query embedder (MiniLM)
and compares them: ``similarity(terms, words)`` is the cosine matrix. Word
vectors are cached (bounded, least recently used first out), so a folder's
common words cost one embedding each.

``credit(sim)`` maps a word's best cosine to how much it counts as "said":
0 below :data:`LOW`, 1 from :data:`MATCH`, linear between. A compound and its last word are never each other's
sense ("shortbread" is not said by "bread", nor "cake" by "pancake"). With WordNet's nouns (:mod:`.isa`), a word
that names a kind of a term says it at :data:`MATCH` however far their vectors ("drill" says "tool").
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Iterable, Sequence
from typing import Any

import numpy as np

from .isa import Nouns
from .slots import STOP, stem, words

MATCH = 0.6  # cosine from which two single words count as the same thing (MiniLM: fruit~bananas 0.72)
LOW = 0.45  # below: unrelated (tiramisu~pancakes 0.35, dentist~meeting 0.36)


# things of one kind that are never each other, though MiniLM puts them close (gas~electricity, cat~dog): a gas bill
# is not said by an electricity bill. Each line a kind, its things apart by "|", a thing's words by spaces.
_SIBLINGS = """
gas | electricity electric power | water | broadband internet wifi | phone mobile landline
cat cats kitten | dog dogs puppy
mum mom mother | dad father | brother | sister | son | daughter | wife | husband | grandma grandmother | grandpa grandfather
car | bike bicycle | motorbike motorcycle | van | boat
motor auto | renters renter | homeowners homeowner
yoga | pilates | spin spinning | zumba | aerobics | barre | boxing | swim swimming
pancake pancakes | waffle waffles | crepe crepes | muffin muffins | scone scones | brownie brownies | cookie cookies biscuit biscuits
flight flights plane airline | hotel hotels hostel | train trains | ferry ferries
"""
SIBLING: dict[str, tuple[int, int]] = {w: (k, n) for k, line in enumerate(_SIBLINGS.strip().splitlines())
                                       for n, thing in enumerate(line.split("|")) for w in thing.split()}


HEAD = 4  # letters from which a word's end is a word of its own ("bread" of "shortbread")
MODIFIER = 3  # ... and its start too ("short"; not "re" of "rebook", nor "un" of "unpaid": forms of one word)


def _heads(word: str) -> frozenset[str]:
    """The words that may end the compound ``word``: "bread" of "shortbread", "cake" of "pancake", "band" of
    "broadband". The compound names another thing (MiniLM: shortbread~bread 0.74), never the same in other words."""
    return frozenset(word[k:] for k in range(MODIFIER, len(word) - HEAD + 1))


def other_of_kind(term: str, ws: Iterable[str]) -> str:
    """A word of ``ws`` that names another thing of ``term``'s kind (gas, for electricity) when none names ``term``'s
    own thing, else "": words that name a sibling and not the thing speak of the sibling."""
    if term not in SIBLING:
        return ""
    kind, thing = SIBLING[term]
    other = ""
    for w in ws:
        k, n = SIBLING.get(w, (-1, -1))
        if k == kind and n == thing:
            return ""
        if k == kind and not other:
            other = w
    return other


def _kind_test(nouns: Nouns, term: str) -> Callable[[str], bool] | None:
    """Whether a word's stem names a kind of ``term`` by WordNet ("drill": a tool), not a compound of it ("pancake"
    is no cake: see :func:`_heads`); None for a term with no kinds (most words: no pass over a passage's words)."""
    t = stem(term)
    kinds = nouns.kinds(t)
    if not kinds:
        return None
    return lambda sw: sw in kinds and not (sw.endswith(t) and t in _heads(sw)) and nouns.is_kind(sw, t)


def kind_of(nouns: Nouns, term: str, ws: Iterable[str]) -> str:
    """The first of ``ws`` that names a kind of ``term`` (:func:`_kind_test`), else ""."""
    test = _kind_test(nouns, term)
    return next((w for w in ws if test(stem(w))), "") if test else ""


def credit(sim: float) -> float:
    return float(min(1.0, max(0.0, (sim - LOW) / (MATCH - LOW))))


class WordSense:
    def __init__(self, embed: Callable[[list[str]], Any], size: int = 4096, nouns: Nouns | None = None) -> None:
        self.embed = embed
        self.nouns = nouns  # WordNet's kinds: a word that names a kind of a term says it ("drill": a tool)
        self.size = size
        self._cache: OrderedDict[str, np.ndarray] = OrderedDict()
        self._lock = threading.Lock()

    def vectors(self, ws: Sequence[str]) -> np.ndarray:
        """Unit vectors of ``ws`` (rows, in order)."""
        with self._lock:
            need = [w for w in dict.fromkeys(ws) if w not in self._cache]
        if need:
            vecs = np.asarray(self.embed(need), dtype=np.float32)
            vecs /= np.maximum(np.linalg.norm(vecs, axis=1, keepdims=True), 1e-9)
            with self._lock:
                for w, v in zip(need, vecs, strict=True):
                    self._cache[w] = v
                while len(self._cache) > self.size:
                    self._cache.popitem(last=False)
        with self._lock:
            out = []
            for w in ws:
                v = self._cache.get(w)
                if v is None:  # evicted by a concurrent call: embed it alone
                    v = np.asarray(self.embed([w]), dtype=np.float32)[0]
                    v = v / max(float(np.linalg.norm(v)), 1e-9)
                else:
                    self._cache.move_to_end(w)
                out.append(v)
        return np.stack(out) if out else np.zeros((0, 1), dtype=np.float32)

    def similarity(self, terms: Sequence[str], ws: Sequence[str]) -> np.ndarray:
        """Cosines, ``len(terms) x len(ws)``; 0 between two of a kind's different things (gas and electricity), and
        0 for a thing of a kind when ``ws`` name another thing of its kind and not it."""
        if not terms or not ws:
            return np.zeros((len(terms), len(ws)), dtype=np.float32)
        sims = self.vectors(terms) @ self.vectors(ws).T
        stems = [stem(w) for w in ws]
        if self.nouns is not None:
            self._kinds(sims, terms, stems, self.nouns)
        for i, t in enumerate(terms):  # a compound is no sense of its head, nor its head of it
            heads = _heads(t)
            for j in [j for j, (w, sw) in enumerate(zip(ws, stems, strict=True)) if w in heads or sw in heads
                      or sw.endswith(t) and t in _heads(sw)]:
                sims[i, j] = 0.0
        kin = [(i, SIBLING[t]) for i, t in enumerate(terms) if t in SIBLING]
        if kin:  # (most questions name none of those things: no pass over the passage's words)
            for j, w in enumerate(ws):
                if w in SIBLING:
                    kind, thing = SIBLING[w]
                    for i, (k, n) in kin:
                        if k == kind and n != thing:
                            sims[i, j] = 0.0
            for i, _ in kin:
                if other_of_kind(terms[i], ws):  # an electricity bill's "Fuel" is no gas
                    sims[i, :] = 0.0
        return sims

    @staticmethod
    def _kinds(sims: np.ndarray, terms: Sequence[str], stems: Sequence[str], nouns: Nouns) -> None:
        """A word (by its stem) naming a kind of a term says it at :data:`MATCH` ("guacamole" says "dip"; MiniLM:
        0.3)."""
        for i, t in enumerate(terms):
            if test := _kind_test(nouns, t):
                for j, sw in enumerate(stems):
                    if sims[i, j] < MATCH and test(sw):
                        sims[i, j] = MATCH

    def kind_of(self, term: str, ws: Sequence[str]) -> str:
        """The first word of ``ws`` that names a kind of ``term`` ("drill" of "tool"), else ""."""
        return kind_of(self.nouns, term, ws) if self.nouns is not None else ""

    def kinds_said(self, terms: Sequence[str], ws: Sequence[str]) -> list[str]:
        """The words of ``ws`` that name a kind of one of ``terms``, one a term ("drill" for "the power tool")."""
        return [k for t in terms if (k := self.kind_of(t, ws))]

    def best(self, terms: Sequence[str], ws: Sequence[str]) -> dict[str, tuple[float, str]]:
        """Each term's closest word of ``ws`` and its cosine."""
        sims = self.similarity(terms, ws)
        out: dict[str, tuple[float, str]] = {}
        for i, t in enumerate(terms):
            if sims.shape[1]:
                j = int(np.argmax(sims[i]))
                out[t] = (float(sims[i, j]), ws[j])
        return out


def passage_words(text: str, limit: int = 300) -> list[str]:
    """A passage's distinct content words (no stop words, no bare numbers), for word-sense matching."""
    out = dict.fromkeys(w for w in words(text) if len(w) > 2 and w not in STOP and not w.isdigit())
    return list(out)[:limit]
