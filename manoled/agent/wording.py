"""Words: how a question or a passage is cut into words, the way people write them at a shell.

``words(text)`` lower-cases and splits ``text`` into words, reading "to do list" / "to-do" as "todo" and the
short forms people type ("bday", "appt", "yr", "dep") as the words they stand for. ``todo_name(name)`` does the
same for a file's name ("to do.txt").
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

_WORD = re.compile(r"[^\W_](?:[^\W_]|['\-])*")  # letters of any script: "schlüsseldienst", "neukölln" whole
_TODO, _TODO_NAME = re.compile(r"\bto[ _-]do(?=s? list)|\bto[_-]do\b"), re.compile(r"\bto[ _-]do\b")
# how people shorten words at a shell ("emmas bday?", "dentist appt", "this yr")
_SHORT = dict(pair.split(":") for pair in """bday:birthday b-day:birthday appt:appointment appts:appointments
amt:amount acct:account addr:address yr:year yrs:years mth:month mths:months wk:week wks:weeks pw:password
pwd:password tel:phone ph:phone qty:quantity dep:departure arr:arrival conf:confirmation""".split())
_SHORT |= dict.fromkeys(("kilowatt-hour", "kilowatt-hours", "kilowatthours"), "kwh")  # as every bill writes it


_GLUED_YEAR = re.compile(r"([^\W\d_]{1,3})((?:19|20)\d\d)")  # "ya2026", "fy2025": a year of assessment, a fiscal year


def lower(text: str) -> str:
    """``text`` in lower case, a Turkish dotted capital as one letter: "PRİM" is "prim", not "pri̇m" (i, then a dot)."""
    return text.replace("İ", "I").lower() if "İ" in text else text.lower()


def words(text: str) -> list[str]:
    out = []
    for w in (w.strip("'-") for w in _WORD.findall(_TODO.sub("todo", lower(text)))):
        glued = _GLUED_YEAR.fullmatch(w)
        out.extend(glued.groups() if glued else [_SHORT.get(w, w)] if w else [])
    return out


def todo_name(name: str) -> str:
    return _TODO_NAME.sub("todo", name)


_TRANSLIT = str.maketrans({"ä": "ae", "ö": "oe", "ü": "ue", "ß": "ss", "æ": "ae", "ø": "oe", "œ": "oe", "đ": "d"})
# Greek and Cyrillic in the Latin letters people type them in ("Νάξος": naxos, "Γιώργος": giorgos, "Υμηττού": ymittou,
# "Вишневая": vishnevaya), after their accents are gone
_LATIN = str.maketrans({**dict(zip("αβγδεζηικλμνξοπρστφω", "avgdeziiklmnxoprstfo", strict=True)), "θ": "th",
                        "χ": "ch", "ψ": "ps", "ς": "s", "υ": "y", **dict(zip("абвгдезийклмнопрстуфыэіґ",
                                                                              "abvgdeziiklmnoprstufyeig", strict=True)),
                        "ё": "e", "ж": "zh", "х": "kh", "ц": "ts", "ч": "ch", "ш": "sh", "щ": "shch", "ъ": "", "ь": "",
                        "ю": "yu", "я": "ya", "ї": "yi", "є": "ye"})
_GREEK_PAIRS = re.compile(r"(?<=[αεο])υ|γ(?=[γκξχ])|μπ")  # "ου" is ou, "γγ" ng, "μπ" b


@lru_cache(maxsize=1 << 16)  # (read for every word of every passage a question is checked against)
def fold(word: str) -> str:
    """One spelling for words written with and without their accents: "schlüsseldienst" and
    "schluesseldienst" -> schluesseldienst, "café" -> cafe (file names are often typed without them); Greek and
    Cyrillic words in Latin letters ("Νάξος" -> naxos)."""
    if word.isascii():
        return word
    word = "".join(c for c in unicodedata.normalize("NFKD", word.translate(_TRANSLIT)) if not unicodedata.combining(c))
    if word.isascii() or not re.search("[\u0370-\u04ff]", word):
        return word
    word = _GREEK_PAIRS.sub(lambda m: {"μπ": "b"}.get(m.group(), "u" if m.group() == "υ" else "n"), word)
    return word.translate(_LATIN)


@lru_cache(maxsize=1 << 14)  # (read, as fold is, for the words of the passages a name is looked for in)
def single(word: str) -> str:
    """``word`` with each doubled letter said once ("moussaka": mousaka), as names are spelt in other letters."""
    return re.sub(r"(\w)\1", r"\1", word)
