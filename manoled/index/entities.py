"""Entities shared between files: extraction at index time, storage in the catalog.

The file graph links files that share an *entity*. Extraction is regex based,
runs when a file is indexed (the indexer calls :func:`store_entities` right
after it replaces the file's passages) and is deliberately strict: a missed
link costs little, a false one clutters every view of the graph.

Entity types (``Entity.type``) and what is accepted:

``email``
    ``local@domain.tld``; stored lower-case.
``iban``
    A country code, two check digits and the BBAN, grouped by single spaces or
    not at all. The length must match the country's IBAN length and the
    ISO 13616 mod-97 checksum must be 1. Stored compact and upper-case.
``tax_id``
    EU VAT numbers by country prefix, one strict format per country (e.g.
    ``DE`` + 9 digits, ``ATU`` + 8 digits, ``NL`` + 9 digits + ``B`` + 2
    digits), plus UK (``GB``/``XI``) and Swiss (``CHE-123.456.789``) VAT
    numbers. The prefix is required (upper-case), so plain numbers, dates and
    phone numbers never match. No per-country check-digit validation.
    Stored compact (no spaces, dots or dashes).
``company``
    One to four capitalised words followed by a legal-form suffix (GmbH, AG,
    Ltd, LLC, Inc., S.A., SRL, BV, SAS, plc, ...). Leading generic words
    ("Invoice", "Dear", "The", ...) are dropped. The value is normalised
    (lower-case, suffix without dots, "Limited" -> "ltd"); ``display`` keeps
    the first spelling seen.
``filename``
    A token that looks like a file name with a common extension
    (``report_q3.pdf``); for names with spaces, up to four words before the
    extension are kept as extra candidates (``q3 report.pdf``). Stored
    lower-case. The graph turns these into "mentions" of files whose name
    matches (see :mod:`manoled.graph.edges`).

Storage: one table owned by this module, created on first use::

    entities(id, file_id REFERENCES files(id) ON DELETE CASCADE, type, value, display)
    entity_state(file_id REFERENCES files(id) ON DELETE CASCADE, version, passage_max)

``entity_state`` records which passages a file's entities were taken from, so
:func:`sync_entities` can catch up (from the stored passage texts, no
re-embedding) on files indexed before this module existed, or changed by a
path that did not call :func:`store_entities`.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from ..catalog.store import Catalog

#: bump when the extraction rules change: :func:`sync_entities` re-extracts older files
EXTRACTOR_VERSION = 1

#: at most this many entities of one type are kept per file (bounds the table)
MAX_PER_TYPE = 500

TYPES = ("email", "iban", "tax_id", "company", "filename")

@dataclass(frozen=True)
class Entity:
    type: str
    value: str  # the normalised key that files are matched on
    display: str = ""  # how it was written (first occurrence)

    def to_dict(self) -> dict[str, str]:
        return {"type": self.type, "value": self.display or self.value}


# -- extraction ------------------------------------------------------------

_EMAIL = re.compile(
    r"(?<![A-Za-z0-9._%+\-])([A-Za-z0-9][A-Za-z0-9._%+\-]{0,63}@[A-Za-z0-9](?:[A-Za-z0-9\-]{0,62}[A-Za-z0-9])?"
    r"(?:\.[A-Za-z0-9](?:[A-Za-z0-9\-]{0,62}[A-Za-z0-9])?)*\.[A-Za-z]{2,24})(?![A-Za-z0-9\-])"
)

# ISO 13616 IBAN lengths per country (SWIFT IBAN registry)
IBAN_LENGTHS: dict[str, int] = {
    "AD": 24, "AE": 23, "AL": 28, "AT": 20, "AZ": 28, "BA": 20, "BE": 16, "BG": 22, "BH": 22, "BI": 27,
    "BR": 29, "BY": 28, "CH": 21, "CR": 22, "CY": 28, "CZ": 24, "DE": 22, "DJ": 27, "DK": 18, "DO": 28,
    "EE": 20, "EG": 29, "ES": 24, "FI": 18, "FK": 18, "FO": 18, "FR": 27, "GB": 22, "GE": 22, "GI": 23,
    "GL": 18, "GR": 27, "GT": 28, "HR": 21, "HU": 28, "IE": 22, "IL": 23, "IQ": 23, "IS": 26, "IT": 27,
    "JO": 30, "KW": 30, "KZ": 20, "LB": 28, "LC": 32, "LI": 21, "LT": 20, "LU": 20, "LV": 21, "LY": 25,
    "MC": 27, "MD": 24, "ME": 22, "MK": 19, "MN": 20, "MR": 27, "MT": 31, "MU": 30, "NI": 28, "NL": 18,
    "NO": 15, "OM": 23, "PK": 24, "PL": 28, "PS": 29, "PT": 25, "QA": 29, "RO": 24, "RS": 22, "RU": 33,
    "SA": 24, "SC": 31, "SD": 18, "SE": 24, "SI": 19, "SK": 24, "SM": 27, "SO": 23, "ST": 25, "SV": 28,
    "TL": 23, "TN": 24, "TR": 26, "UA": 29, "VA": 22, "VG": 24, "XK": 20,
}

_IBAN = re.compile(r"(?<![A-Za-z0-9])([A-Z]{2}[0-9]{2}(?: ?[A-Z0-9]){10,32})")


def iban_checksum_ok(iban: str) -> bool:
    """ISO 13616 / ISO 7064 mod-97-10: move the first four characters to the end,
    letters become 10..35, and the number mod 97 must be 1."""
    s = iban.replace(" ", "").upper()
    if len(s) < 15 or not s.isalnum() or not s[:2].isalpha() or not s[2:4].isdigit():
        return False
    if IBAN_LENGTHS.get(s[:2]) != len(s):
        return False
    rearranged = s[4:] + s[:4]
    remainder = 0
    for ch in rearranged:
        if ch.isdigit():
            remainder = (remainder * 10 + int(ch)) % 97
        elif "A" <= ch <= "Z":
            remainder = (remainder * 100 + ord(ch) - 55) % 97
        else:
            return False
    return remainder == 1


def _ibans(text: str) -> Iterable[tuple[str, str]]:
    for m in _IBAN.finditer(text):
        raw = m.group(1)
        length = IBAN_LENGTHS.get(raw[:2])
        if length is None:
            continue
        # the greedy match may run into the next token ("... 00 BIC"): cut at the country's length
        count, cut = 0, len(raw)
        for i, ch in enumerate(raw):
            if ch != " ":
                count += 1
                if count == length:
                    cut = i + 1
                    break
        if count < length:
            continue
        if cut < len(raw):
            if raw[cut] != " ":  # the IBAN would end inside a token
                continue
        else:
            end = m.end(1)
            if end < len(text) and text[end].isalnum():
                continue
        compact = raw[:cut].replace(" ", "")
        if iban_checksum_ok(compact):  # shown in the standard print form, groups of four
            yield compact, " ".join(compact[i:i + 4] for i in range(0, len(compact), 4))


# EU VAT numbers (plus GB/XI and Swiss UID), strict per-country formats.
_VAT_FORMATS: dict[str, str] = {
    "AT": r"ATU ?\d{8}",
    "BE": r"BE ?[01]\d{9}|BE ?[01]\d{3}\.\d{3}\.\d{3}",
    "BG": r"BG ?\d{9,10}",
    "CY": r"CY ?\d{8}[A-Z]",
    "CZ": r"CZ ?\d{8,10}",
    "DE": r"DE ?\d{9}|DE \d{3} \d{3} \d{3}",
    "DK": r"DK ?\d{8}|DK \d{2} \d{2} \d{2} \d{2}",
    "EE": r"EE ?10\d{7}",
    "EL": r"EL ?\d{9}",
    "ES": r"ES ?[A-Z]\d{7}[A-Z0-9]|ES ?\d{8}[A-Z]",
    "FI": r"FI ?\d{8}",
    "FR": r"FR ?[0-9A-HJ-NP-Z]{2} ?\d{9}",
    "HR": r"HR ?\d{11}",
    "HU": r"HU ?\d{8}",
    "IE": r"IE ?\d{7}[A-W][A-I]?|IE ?\d[A-Z+*]\d{5}[A-W]",
    "IT": r"IT ?\d{11}",
    "LT": r"LT ?(?:\d{9}|\d{12})",
    "LU": r"LU ?\d{8}",
    "LV": r"LV ?\d{11}",
    "MT": r"MT ?\d{8}",
    "NL": r"NL ?\d{9}B\d{2}",
    "PL": r"PL ?\d{10}",
    "PT": r"PT ?\d{9}",
    "RO": r"RO ?[1-9]\d{5,9}",
    "SE": r"SE ?\d{10}01",
    "SI": r"SI ?\d{8}",
    "SK": r"SK ?\d{10}",
    "GB": r"GB ?\d{9}|GB ?\d{12}|GB \d{3} \d{4} \d{2}|GBGD\d{3}|GBHA\d{3}",
    "XI": r"XI ?\d{9}|XI ?\d{12}",
    "CHE": r"CHE-\d{3}\.\d{3}\.\d{3}(?: ?(?:MWST|TVA|IVA))?",
}
_VAT = re.compile(
    r"(?<![A-Za-z0-9\-./])(" + "|".join(f"(?:{p})" for p in _VAT_FORMATS.values()) + r")(?![A-Za-z0-9]|[.\-/]\d)"
)


def _tax_ids(text: str) -> Iterable[tuple[str, str]]:
    for m in _VAT.finditer(text):
        raw = m.group(1)
        compact = re.sub(r"[ .\-]|MWST|TVA|IVA", "", raw)
        yield compact, raw


_SUFFIXES: list[tuple[str, str]] = [  # (regex, canonical form)
    (r"GmbH\s*&\s*Co\.?\s*KG", "gmbh & co kg"), (r"gGmbH", "ggmbh"), (r"GmbH", "gmbh"), (r"KGaA", "kgaa"),
    (r"AG", "ag"), (r"KG", "kg"), (r"e\.\s?V\.", "ev"), (r"Pty\.?\s+Ltd\.?", "pty ltd"),
    (r"Ltd\.?", "ltd"), (r"Limited", "ltd"), (r"L\.L\.C\.", "llc"), (r"LLC", "llc"), (r"LLP", "llp"),
    (r"Inc\.?", "inc"), (r"Incorporated", "inc"), (r"Corp\.?", "corp"), (r"Corporation", "corp"),
    (r"S\.A\.S\.?", "sas"), (r"SAS", "sas"), (r"S\.A\.R\.L\.?", "sarl"), (r"SARL", "sarl"),
    (r"S\.p\.A\.?", "spa"), (r"SpA", "spa"), (r"S\.r\.l\.?", "srl"), (r"SRL", "srl"), (r"Srl", "srl"),
    (r"S\.A\.", "sa"), (r"SA", "sa"), (r"S\.L\.", "sl"), (r"B\.V\.", "bv"), (r"BV", "bv"),
    (r"N\.V\.", "nv"), (r"NV", "nv"), (r"[Pp]lc|PLC", "plc"), (r"Oy", "oy"), (r"AB", "ab"),
    (r"ApS", "aps"), (r"A/S", "as"), (r"ASA", "asa"), (r"Sp\.\s?z\s?o\.o\.", "sp z oo"),
]
_SUFFIX_RE = "|".join(f"(?:{s})" for s, _ in _SUFFIXES)
_CAP_WORD = r"[A-Z][A-Za-z0-9&'’\-]*"
_JOINER = r"(?:&|of|de|van|von|der)"
_COMPANY = re.compile(
    rf"(?<![A-Za-z0-9])({_CAP_WORD}(?:[ \t]+(?:{_CAP_WORD}|{_JOINER})){{0,4}}?)"
    rf",?[ \t]+({_SUFFIX_RE})(?![A-Za-z0-9])"
)
_SUFFIX_CANON = [(re.compile(rf"^(?:{s})$"), canon) for s, canon in _SUFFIXES]

# capitalised words that start sentences and headings but are not part of a name
_LEADING_NOISE = frozenset("""
a an and at attn attention beneficiary between bill billed by client contract contractor customer
date dear for from hello hi in invoice invoices issued mr mrs ms dr of on our paid pay payee payment
payments per please re fwd fw regards seller sent subject supplier thanks the this to total vendor
via with your buyer agreement order purchase note notes see also cc bcc
""".split())


def _canon_suffix(s: str) -> str:
    s = re.sub(r"\s+", " ", s.strip())
    for rx, canon in _SUFFIX_CANON:
        if rx.match(s):
            return canon
    return s.lower().replace(".", "")


def _companies(text: str) -> Iterable[tuple[str, str]]:
    for m in _COMPANY.finditer(text):
        words = m.group(1).split()
        while words and words[0].lower() in _LEADING_NOISE:
            words.pop(0)
        while words and words[0].lower() in {"&", "of", "de", "van", "von", "der"}:
            words.pop(0)
        if not words:
            continue
        name = " ".join(words)
        if len(name.replace(" ", "")) < 2 or not any(c.isalpha() for c in name):
            continue
        suffix = m.group(2)
        value = f"{name.lower()} {_canon_suffix(suffix)}"
        display = name + " " + re.sub(r"\s+", " ", suffix)
        yield value, display


# file names: a token (or up to four words) before a common extension
FILE_EXTENSIONS = frozenset("""
txt md markdown rst pdf doc docx odt rtf xls xlsx xlsm ods csv tsv ppt pptx odp key pages numbers
json yaml yml toml xml html htm eml msg mbox jpg jpeg png gif heic heif webp tif tiff bmp svg
zip tar gz tgz 7z rar py js ts java c cpp h go rs rb sh ipynb sql log ini cfg conf epub
mp3 mp4 mov wav m4a avi mkv vcf ics
""".split())
_FILE_EXT = re.compile(r"(?<=[A-Za-z0-9_\-)\]])\.([A-Za-z0-9]{1,8})(?![A-Za-z0-9])")
_TOKEN_STOP = set(' \t\r\n/\\:"<>|*?@`=')
_STRIP_LEAD = "([{'\"‘“«<*_"


def _filenames(text: str) -> Iterable[tuple[str, str]]:
    for m in _FILE_EXT.finditer(text):
        ext = m.group(1).lower()
        if ext not in FILE_EXTENSIONS:
            continue
        # walk back over at most four space-separated tokens on the same line
        start = m.start()
        words: list[str] = []
        i = start
        while len(words) < 4 and i > 0:
            j = i
            while j > 0 and text[j - 1] not in _TOKEN_STOP:
                j -= 1
            token = text[j:i]
            if not token or (words and (token[-1] in ".,;:!?)]}" or "." in token)):
                break
            words.insert(0, token)
            if j == 0 or text[j - 1] != " ":
                break
            i = j - 1
        if not words:
            continue
        words[0] = words[0].lstrip(_STRIP_LEAD)
        for n in range(1, len(words) + 1):
            stem = " ".join(words[-n:]).lstrip(_STRIP_LEAD)
            if not stem or stem.endswith("."):
                continue
            name = f"{stem}.{m.group(1)}"
            yield name.lower(), name


_EXTRACTORS = {
    "email": lambda t: ((e.lower(), e) for e in _EMAIL.findall(t)),
    "iban": _ibans,
    "tax_id": _tax_ids,
    "company": _companies,
    "filename": _filenames,
}


def extract(texts: Iterable[str] | str) -> list[Entity]:
    """The distinct entities in ``texts`` (in order of first appearance per type)."""
    if isinstance(texts, str):
        texts = [texts]
    seen: dict[tuple[str, str], Entity] = {}
    per_type: dict[str, int] = {}
    for text in texts:
        if not text:
            continue
        text = text.replace("\u00a0", " ").replace("\u202f", " ")
        for etype, fn in _EXTRACTORS.items():
            for value, display in fn(text):
                key = (etype, value)
                if key in seen or per_type.get(etype, 0) >= MAX_PER_TYPE:
                    continue
                per_type[etype] = per_type.get(etype, 0) + 1
                seen[key] = Entity(etype, value, display)
    return list(seen.values())


# -- storage ---------------------------------------------------------------

def store_entities(catalog: Catalog, file_id: int, texts: list[str]) -> list[Entity]:
    """Extract the entities of ``texts`` and make them ``file_id``'s entities, in one transaction.

    Call it after the file's passages were replaced (it records the file's
    newest passage id so :func:`sync_entities` knows the entities are current).
    """
    found = extract(texts)
    with catalog.tx() as c:
        if c.execute("SELECT 1 FROM files WHERE id=?", (file_id,)).fetchone() is None:
            return []  # the file went away meanwhile
        _write(c, file_id, found)
    return found


def _write(c, file_id: int, found: list[Entity]) -> None:
    c.execute("DELETE FROM entities WHERE file_id=?", (file_id,))
    c.executemany(
        "INSERT INTO entities(file_id, type, value, display) VALUES(?,?,?,?)",
        [(file_id, e.type, e.value, e.display or e.value) for e in found],
    )
    pmax = c.execute("SELECT COALESCE(MAX(id), 0) FROM passages WHERE file_id=?", (file_id,)).fetchone()[0]
    c.execute(
        "INSERT OR REPLACE INTO entity_state(file_id, version, passage_max) VALUES(?,?,?)",
        (file_id, EXTRACTOR_VERSION, pmax),
    )


def entities_for(catalog: Catalog, file_id: int) -> list[Entity]:
    rows = catalog.query("SELECT type, value, display FROM entities WHERE file_id=? ORDER BY id", (file_id,))
    return [Entity(t, v, d) for t, v, d in rows]


def sync_entities(catalog: Catalog, batch: int = 200) -> int:
    """Bring stored entities in step with stored passages; returns how many files changed.

    Re-extracts (from passage texts) every file whose entities are missing,
    from an older extractor, or older than its passages, and clears the
    entities of files that no longer have passages. Cheap when all is current.
    """
    stale = [r[0] for r in catalog.query(
        "SELECT p.file_id FROM (SELECT file_id, MAX(id) AS m FROM passages GROUP BY file_id) p "
        "LEFT JOIN entity_state s ON s.file_id = p.file_id "
        "WHERE s.file_id IS NULL OR s.version <> ? OR s.passage_max <> p.m",
        (EXTRACTOR_VERSION,),
    )]
    orphans = [r[0] for r in catalog.query(
        "SELECT s.file_id FROM entity_state s WHERE NOT EXISTS (SELECT 1 FROM passages p WHERE p.file_id = s.file_id)"
    )]
    if orphans:
        with catalog.tx() as c:
            c.executemany("DELETE FROM entities WHERE file_id=?", [(f,) for f in orphans])
            c.executemany("DELETE FROM entity_state WHERE file_id=?", [(f,) for f in orphans])
    for start in range(0, len(stale), batch):
        chunk = stale[start:start + batch]
        extracted = {fid: extract([r[3] for r in catalog.passages_for(fid)]) for fid in chunk}
        with catalog.tx() as c:
            for fid, found in extracted.items():
                _write(c, fid, found)
    return len(stale) + len(orphans)
