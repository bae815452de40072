"""Bytes to text: a Unicode BOM, then UTF-8, then an HTML meta charset, then charset-normalizer.

charset-normalizer is imported only when a file is neither UTF-8 nor marked.
"""

from __future__ import annotations

import codecs
import re

from .safeopen import Skip

_CHARSET_SAMPLE_BYTES = 256 * 1024

_BOMS = (
    (codecs.BOM_UTF32_LE, "utf-32-le"),  # before UTF-16 LE: it starts with the same two bytes
    (codecs.BOM_UTF32_BE, "utf-32-be"),
    (codecs.BOM_UTF8, "utf-8"),
    (codecs.BOM_UTF16_LE, "utf-16-le"),
    (codecs.BOM_UTF16_BE, "utf-16-be"),
)


def bom_encoding(data: bytes) -> str | None:
    for bom, enc in _BOMS:
        if data.startswith(bom):
            return enc
    return None


def bom_for(enc: str) -> bytes:
    return next(bom for bom, e in _BOMS if e == enc)


_META_CHARSET = re.compile(rb"""<meta[^>]+charset\s*=\s*["']?([A-Za-z0-9_.:-]+)""", re.IGNORECASE)


def decode(data: bytes, *, partial: bool = False, html_hint: bool = False) -> tuple[str, str]:
    """Decode ``data``: BOM first, then UTF-8, then (HTML) a meta charset, then charset-normalizer.

    ``partial`` means ``data`` was cut at a byte cap, so an incomplete
    multi-byte sequence at its end is dropped rather than an error. Returns
    ``(text, encoding)``; raises :class:`Skip` when no text encoding fits.
    """
    enc = bom_encoding(data)
    if enc is not None:
        body = data[len(bom_for(enc)) :]
        text = codecs.getincrementaldecoder(enc)("replace").decode(body, final=not partial)
        return text, enc
    try:
        return codecs.getincrementaldecoder("utf-8")("strict").decode(data, final=not partial), "utf-8"
    except UnicodeDecodeError:
        pass
    if html_hint:
        m = _META_CHARSET.search(data[:4096])
        if m is not None:
            name = m.group(1).decode("ascii", "replace")
            try:
                codecs.lookup(name)
                return codecs.getincrementaldecoder(name)("replace").decode(data, final=not partial), name
            except LookupError:
                pass
    enc = _guess_legacy_encoding(data[:_CHARSET_SAMPLE_BYTES])
    if enc is None:
        raise Skip("not a text file (unknown encoding)")
    return codecs.getincrementaldecoder(enc)("replace").decode(data, final=not partial), enc


def _guess_legacy_encoding(sample: bytes) -> str | None:
    """charset-normalizer's guess, tilted towards cp1252 (Latin-1's superset).

    On short Western European text charset-normalizer often ties cp1252 with
    cp1250, cp437 and friends and picks the wrong one, so cp1252 wins when it
    decodes the sample nearly as cleanly as the best match.
    """
    from charset_normalizer import from_bytes

    best = from_bytes(sample).best()
    if best is None or best.encoding is None:
        return None
    if best.encoding in ("cp1252", "latin_1", "iso8859_15", "ascii"):
        return best.encoding
    western = from_bytes(sample, cp_isolation=["cp1252"], threshold=1.0).best()
    if western is not None and western.chaos <= best.chaos + 0.1 and western.coherence >= best.coherence - 0.1:
        return "cp1252"
    return best.encoding


def normalise(text: str) -> str:
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    return text.replace("\x00", "").lstrip("\ufeff")
