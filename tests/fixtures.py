"""Builders that write real files of every supported type, for tests.

Plain functions (no pytest fixtures) so any test module can import them::

    from fixtures import make_corpus, MARKERS
    files = make_corpus(tmp_path)          # {"txt": Path, "pdf": Path, ...}

Each corpus file contains a distinctive marker word (see :data:`MARKERS`) so a
test can check that a file's text was extracted, indexed or found.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from pathlib import Path

# one distinctive word per corpus file (the PDF has one per page)
MARKERS: dict[str, str] = {
    "txt": "aardvark",
    "md": "bumblebee",
    "rst": "cormorant",
    "py": "dromedary",
    "csv": "echidna",
    "json": "flamingo",
    "html": "gazelle",
    "pdf_page1": "heron",
    "pdf_page2": "ibis",
    "pdf_page3": "jackal",
    "docx": "kingfisher",
    "docx_table": "lemur",
    "latin1": "manatee",
    "utf16": "narwhal",
}

# text that must never come out of the HTML file
HTML_HIDDEN = ("scriptsecret", "stylesecret")


def make_text(path: Path, text: str, encoding: str = "utf-8", bom: bool = False) -> Path:
    """Write ``text`` in ``encoding``; ``bom`` prepends the encoding's byte-order mark."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    data = text.encode(encoding)
    if bom:
        boms = {"utf-8": b"\xef\xbb\xbf", "utf-16-le": b"\xff\xfe", "utf-16-be": b"\xfe\xff"}
        data = boms[encoding.lower()] + data
    path.write_bytes(data)
    return path


def make_pdf(path: Path, pages: Sequence[str]) -> Path:
    """A real PDF with one page per string (pymupdf, base-14 font: keep text Latin-1)."""
    import pymupdf

    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    doc = pymupdf.open()
    for text in pages:
        page = doc.new_page()
        if text:
            rect = page.rect + (50, 50, -50, -50)
            if page.insert_textbox(rect, text, fontsize=10) < 0:
                raise ValueError("page text does not fit on one PDF page")
    data = doc.tobytes()  # not doc.save(): MuPDF cannot take undecodable file names
    doc.close()
    path.write_bytes(data)
    return path


def make_docx(path: Path, paragraphs: Sequence[str], table: Sequence[Sequence[str]] | None = None) -> Path:
    """A real DOCX with ``paragraphs`` and, optionally, a table (rows of cell texts)."""
    import docx

    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    document = docx.Document()
    for text in paragraphs:
        document.add_paragraph(text)
    if table:
        t = document.add_table(rows=len(table), cols=max(len(r) for r in table))
        for i, row in enumerate(table):
            for j, cell in enumerate(row):
                t.cell(i, j).text = cell
    document.save(str(path))
    return path


def make_binary(path: Path, size: int = 4096, seed: int = 0) -> Path:
    """Deterministic random bytes that include NUL bytes."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    data = bytearray(random.Random(seed).randbytes(size))
    data[: min(size, 16)] = b"\x7fELF\x02\x01\x01\x00\x00\x00\x00\x00\x00\x00\x00\x00"[: min(size, 16)]
    path.write_bytes(bytes(data))
    return path


def make_png(path: Path, size: tuple[int, int] = (32, 24), color: tuple[int, int, int] = (200, 30, 30)) -> Path:
    """A small solid-colour PNG (Pillow)."""
    from PIL import Image

    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    Image.new("RGB", size, color).save(path, format="PNG")
    return path


def make_corpus(directory: Path) -> dict[str, Path]:
    """Write one file of every supported type into ``directory``; returns ``{key: path}``.

    Keys: txt md rst py csv json html pdf docx binary empty latin1 utf16 png.
    """
    d = Path(directory)
    d.mkdir(parents=True, exist_ok=True)
    m = MARKERS
    files = {
        "txt": make_text(d / "notes.txt", f"Shopping list.\n\nRemember the {m['txt']} food.\n"),
        "md": make_text(
            d / "readme.md",
            f"# Project\n\nThis project is about the {m['md']}.\n\n- item one\n- item two\n",
        ),
        "rst": make_text(
            d / "guide.rst",
            f"Guide\n=====\n\nThe {m['rst']} section.\n\n.. note:: reStructuredText here.\n",
        ),
        "py": make_text(
            d / "tool.py",
            f'"""A tool."""\n\n\ndef {m["py"]}(x: int) -> int:\n    return x * 2\n',
        ),
        "csv": make_text(d / "animals.csv", f"name,legs\n{m['csv']},4\nspider,8\n"),
        "json": make_text(d / "data.json", f'{{"animal": "{m["json"]}", "count": 3}}\n'),
        "html": make_text(
            d / "page.html",
            "<!doctype html><html><head><title>Zoo page</title>"
            f"<style>body {{ color: red }} .{HTML_HIDDEN[1]} {{}}</style>"
            f"<script>var {HTML_HIDDEN[0]} = 1;</script></head>"
            f"<body><h1>Zoo</h1><p>The {m['html']} runs fast &amp; far.</p>"
            "<ul><li>one</li><li>two</li></ul></body></html>\n",
        ),
        "pdf": make_pdf(
            d / "report.pdf",
            [
                f"Page one talks about the {m['pdf_page1']}.",
                f"Page two talks about the {m['pdf_page2']}.",
                f"Page three talks about the {m['pdf_page3']}.",
            ],
        ),
        "docx": make_docx(
            d / "letter.docx",
            ["Dear reader,", f"This letter mentions a {m['docx']}.", "Regards."],
            table=[["animal", "home"], [m["docx_table"], "Madagascar"]],
        ),
        "binary": make_binary(d / "program.txt"),
        "empty": make_text(d / "empty.txt", ""),
        "latin1": make_text(
            d / "latin1.txt",
            f"Le café est très bon. Un {m['latin1']} nage près de la côte, à l'été.\n" * 3,
            encoding="latin-1",
        ),
        "utf16": make_text(
            d / "utf16.txt", f"Wide text about a {m['utf16']}: naïve façade.\n", encoding="utf-16-le", bom=True
        ),
        "png": make_png(d / "red.png"),
    }
    return files
