"""A PDF page's text with its table rows put back together.

A PDF draws text where it likes: an invoice's or a statement's table is often one text object per cell, and
pymupdf's plain text then gives every cell its own line ("New fixed rate (2 years)", then "6.45% p.a.", then
the next label). The row, which says which value goes with which label, is lost. :func:`page_text` reads the
page's lines with their boxes and joins the lines that sit side by side on one baseline into one row, its
cells apart by `` | `` (as DOCX table rows are written), so :mod:`manoled.agent.layout` reads label and value
together.

Only short lines are joined: two columns of prose also sit side by side, and are read one after the other;
nor is a line that names its own value ("Date: 28/11/2025"), as a letterhead's columns do.
Every other line keeps its place and its text. Stdlib only: the worker passes pymupdf's ``dict`` output.
"""

from __future__ import annotations

import re
from typing import Any

CELL = " | "
LONG = 48  # characters from which a line is prose, not a cell: at most one such line in a joined row
# a line that names its own value ("Invoice: RS-2025-118") is a fact of its own: a letterhead's two columns
# ("Wakefield 7095", "Land value: $815,000.00") sit side by side too, and are no row
_LABELLED = re.compile(r"^[^:|]{1,40}:\s+\S")
MAX_LINES = 3000  # a page with more lines (a dump, a drawing's labels) keeps pymupdf's order as it is


def _lines(page_dict: dict[str, Any]) -> list[tuple[float, float, float, float, str]]:
    """(x0, y0, x1, y1, text) of each horizontal text line, in pymupdf's reading order."""
    out = []
    for block in page_dict.get("blocks", ()):
        if block.get("type", 0) != 0:
            continue
        for line in block.get("lines", ()):
            text = "".join(s.get("text", "") for s in line.get("spans", ())).strip()
            if not text:
                continue
            x0, y0, x1, y1 = line["bbox"]
            d = line.get("dir", (1.0, 0.0))
            if abs(d[1]) > 1e-3 or y1 <= y0:  # rotated text is never a table cell
                out.append((x0, y0, x0, y0, text))
                continue
            out.append((x0, y0, x1, y1, text))
    return out


def _beside(a: tuple[float, float, float, float, str], b: tuple[float, float, float, float, str]) -> bool:
    """Whether ``b`` sits on ``a``'s line: their middles at most half a line apart, their boxes apart."""
    ha, hb = a[3] - a[1], b[3] - b[1]
    if ha <= 0 or hb <= 0:
        return False
    if abs((a[1] + a[3]) / 2 - (b[1] + b[3]) / 2) > min(ha, hb) / 2:
        return False
    return b[0] >= a[2] or a[0] >= b[2]


def rows(page_dict: dict[str, Any]) -> list[str]:
    """The page's lines, each table row as one line of cells left to right."""
    lines = _lines(page_dict)
    if len(lines) > MAX_LINES:
        return [t for *_, t in lines]
    used = [False] * len(lines)
    out: list[str] = []
    for i, line in enumerate(lines):
        if used[i]:
            continue
        row = [i]
        for j in range(i + 1, len(lines)) if not _LABELLED.match(line[4]) else ():
            if not used[j] and not _LABELLED.match(lines[j][4]) and all(_beside(lines[k], lines[j]) for k in row):
                row.append(j)
        if len(row) > 1 and sum(len(lines[k][4]) > LONG for k in row) <= 1:
            for k in row:
                used[k] = True
            out.append(CELL.join(lines[k][4] for k in sorted(row, key=lambda k: lines[k][0])))
        else:
            out.append(line[4])
    return out


def page_text(page_dict: dict[str, Any]) -> str:
    return "\n".join(rows(page_dict)) + "\n"
