"""Split extracted text into overlapping passages for embedding.

:func:`chunk` takes the ``(text, page)`` segments of an
:class:`~manoled.index.extraction.Extraction` and returns :class:`Chunk` values:

* a chunk never spans two segments, so it never spans two PDF pages;
* a chunk is at most ``size`` characters; it ends at the last paragraph
  break, else sentence end, else line break, else word break that fits,
  and only cuts a word when a single word is longer than ``size``;
* consecutive chunks of one segment share about ``overlap`` characters,
  starting at a word boundary where there is one;
* chunks are stripped and never empty; the output is deterministic.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass


@dataclass(frozen=True)
class Chunk:
    seq: int
    text: str
    page: int | None


_PARAGRAPH = re.compile(r"\n[ \t\r\f\v]*\n")
_SENTENCE = re.compile(r"[.!?\u2026\u3002\uff01\uff1f][\"'\u201d\u2019)\]]*(?=\s)")
_LINE = re.compile(r"\n")
_SPACE = re.compile(r"\s")


def _last_break(text: str, start: int, stop: int, lo: int) -> int | None:
    """The best end offset for a chunk that starts at ``start`` and may not pass ``stop``.

    Paragraph, sentence and line breaks are only taken at or after ``lo`` so a
    chunk is not cut needlessly short; a word break may come anywhere.
    """
    # look one character past ``stop``: a break right after the window still fits
    window_end = min(len(text), stop + 1)
    for pattern, use_start in ((_PARAGRAPH, True), (_SENTENCE, False), (_LINE, True)):
        best = None
        for m in pattern.finditer(text, lo, window_end):
            end = m.start() if use_start else m.end()
            if lo <= end <= stop and end > start:
                best = end
        if best is not None:
            return best
    for i in range(min(stop, len(text) - 1), start, -1):
        if text[i].isspace():
            return i
    return None


def _next_start(text: str, start: int, end: int, overlap: int) -> int:
    """Where the chunk after ``text[start:end]`` begins: ``overlap`` back, at a word start."""
    if overlap <= 0:
        return end
    nxt = max(end - overlap, start + 1)
    if nxt >= end:
        return end
    if not text[nxt - 1].isspace():
        m = _SPACE.search(text, nxt, end)
        if m is not None:
            nxt = m.end()
        elif _SPACE.search(text, start, end) is not None:
            # the overlap would begin mid-word: do without it
            return end
        # no whitespace at all (e.g. CJK text): overlap by characters
    return nxt


def _split(text: str, size: int, overlap: int) -> list[str]:
    out: list[str] = []
    n = len(text)
    pos = 0
    while pos < n:
        while pos < n and text[pos].isspace():
            pos += 1
        if pos >= n:
            break
        if n - pos <= size:
            piece = text[pos:].strip()
            if piece:
                out.append(piece)
            break
        stop = pos + size
        brk = _last_break(text, pos, stop, pos + size // 2)
        end = brk if brk is not None else stop
        piece = text[pos:end].strip()
        if piece:
            out.append(piece)
        pos = _next_start(text, pos, end, overlap)
    return out


def chunk(segments: Iterable[tuple[str, int | None]], size: int, overlap: int) -> list[Chunk]:
    """Split ``segments`` into chunks of at most ``size`` characters.

    ``overlap`` (characters, ``0 <= overlap < size``) is carried from the end
    of one chunk into the next within a segment. ``seq`` counts from 0 across
    all segments.
    """
    if size <= 0:
        raise ValueError(f"chunk size must be positive, got {size}")
    if overlap < 0 or overlap >= size:
        raise ValueError(f"chunk overlap must be in [0, size), got {overlap} for size {size}")
    chunks: list[Chunk] = []
    for text, page in segments:
        if not text:
            continue
        for piece in _split(text, size, overlap):
            chunks.append(Chunk(seq=len(chunks), text=piece, page=page))
    return chunks
