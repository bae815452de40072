"""How common a word is in everyday English, to tell a chatty word from a topic.

A question word that no file has is either chat ("how much did it *set* me *back*", "what did I *end* up
spending") or the very thing the files lack ("my *dentist*", "the *pancake* recipe"). Everyday words are
the former far more often: :func:`common` says whether ``word`` is one, from its Zipf frequency in
wordfreq's small English list (5.0 = once per 100,000 words: "time", "stay", "money", "street" are above;
"drill", "pastry", "passport", "membership" below). Without wordfreq every word counts as a topic, which
only makes declining stricter.
"""

from __future__ import annotations

from functools import lru_cache

COMMON_ZIPF = 5.0


@lru_cache(maxsize=8192)
def zipf(word: str, wordlist: str = "small") -> float:
    """Zipf frequency of ``word`` in English (0.0 when unknown or without wordfreq), in wordfreq's ``wordlist``."""
    try:
        from wordfreq import zipf_frequency
    except ImportError:  # pragma: no cover - a dependency, but the answer path must not break without it
        return 0.0
    return float(zipf_frequency(word, "en", wordlist=wordlist))


def common(word: str) -> bool:
    return zipf(word) >= COMMON_ZIPF


COINED_ZIPF = 2.0  # below, in wordfreq's large English list: a coined name ("globex" 1.5), not a rare word ("joinery" 2.6)


def coined(word: str) -> bool:
    """Whether ``word`` is a coined name (a brand, a firm) rather than an English word, however rare (without
    wordfreq every word is unknown, so coined: a name the answer's paper must say, which only declines more)."""
    return zipf(word, "large") < COINED_ZIPF


def adverb(word: str) -> bool:
    """Whether ``word`` reads as an adverb made from another word ("exactly", "really", "simply", "happily"):
    how something is asked, hardly ever what it is about."""
    if len(word) < 5 or not word.endswith("ly"):
        return False
    if word.endswith("ily"):
        base = [word[:-3] + "y"]  # happily -> happy
    else:
        base = [word[:-2], word[:-1] + "e"]  # exactly -> exact, simply -> simple
    # short bases are other words ("apply" is no app-ly, "belly" no bel-ly)
    return any(zipf(b) >= 3.5 for b in base if len(b) >= (4 if b.endswith("y") or not b.endswith("e") else 6))


# nouns that say only that something is a business or a party: "the coffee *place*", "the broadband *crowd*"
LIGHT_HEADS = frozenset("place places shop shops store stores spot joint outfit crowd lot bunch guy guys folks people"
                        " office offices visit visits".split())  # "the tax office", "Paçoca's visit" (its bill says the care)

