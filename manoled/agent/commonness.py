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
def zipf(word: str) -> float:
    """Zipf frequency of ``word`` in English (0.0 when unknown or without wordfreq)."""
    try:
        from wordfreq import zipf_frequency
    except ImportError:  # pragma: no cover - a dependency, but the answer path must not break without it
        return 0.0
    return float(zipf_frequency(word, "en", wordlist="small"))


def common(word: str) -> bool:
    return zipf(word) >= COMMON_ZIPF
