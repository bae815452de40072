"""A generator of hostile folders: bad names, links out, special files, parser bombs, corrupt documents.

Plain functions (no pytest), shared by ``tests/test_hostile.py`` and ``bench/hostile.py``::

    cases = make_hostile_folder(root, outside)   # list[Case]

Every :class:`Case` names one entry under ``root`` (its path may be bytes: an
undecodable name) and the catalog states it may end in. Whatever state it
ends in, a ``skipped`` or ``failed`` entry must carry a reason. ``outside``
is a folder outside the root holding :data:`SECRET` text: links point there,
and that word must never reach the catalog.
"""

from __future__ import annotations

import io
import os
import random
import socket
import stat
import struct
import zipfile
import zlib
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

SECRET = "zanzibarshadowsecret"  # text only ever found outside the root
INDEXED, SKIPPED, FAILED = "indexed", "skipped", "failed"
ANY_END = frozenset({INDEXED, SKIPPED, FAILED})


@dataclass(frozen=True)
class Case:
    kind: str
    path: Path  # may carry surrogate escapes (an undecodable name)
    states: frozenset[str]


# -- documents ----------------------------------------------------------------
_CONTENT_TYPES = (
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>'
    '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
    '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>'
    '<Default Extension="xml" ContentType="application/xml"/>'
    '<Override PartName="/word/document.xml" '
    'ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/>'
    "</Types>"
)
_RELS = (
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>'
    '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
    '<Relationship Id="rId1" '
    'Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" '
    'Target="word/document.xml"/></Relationships>'
)
_DOC_HEAD = (
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>'
    '<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>'
)
_DOC_TAIL = "</w:body></w:document>"


def docx_bytes(paragraphs: list[str]) -> bytes:
    """A minimal valid DOCX (no python-docx needed)."""
    body = "".join(f"<w:p><w:r><w:t>{p}</w:t></w:r></w:p>" for p in paragraphs)
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("[Content_Types].xml", _CONTENT_TYPES)
        z.writestr("_rels/.rels", _RELS)
        z.writestr("word/document.xml", _DOC_HEAD + body + _DOC_TAIL)
    return buf.getvalue()


def write_big_docx(path: Path, paragraphs: int) -> Path:
    """A valid DOCX with many paragraphs (slow to parse, within the size limits), streamed to disk."""
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("[Content_Types].xml", _CONTENT_TYPES)
        z.writestr("_rels/.rels", _RELS)
        with z.open("word/document.xml", "w") as f:
            f.write(_DOC_HEAD.encode())
            para = "<w:p><w:r><w:t>paragraph {} of a very long and slow document</w:t></w:r></w:p>"
            for start in range(0, paragraphs, 1000):
                f.write("".join(para.format(i) for i in range(start, min(paragraphs, start + 1000))).encode())
            f.write(_DOC_TAIL.encode())
    return path


def write_zip_bomb_docx(path: Path, inflated_mb: int = 1024) -> Path:
    """A DOCX whose document.xml inflates to ``inflated_mb`` MB from a few MB on disk."""
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as z:
        z.writestr("[Content_Types].xml", _CONTENT_TYPES)
        z.writestr("_rels/.rels", _RELS)
        with z.open("word/document.xml", "w", force_zip64=True) as f:
            f.write(_DOC_HEAD.encode() + b"<w:p><w:r><w:t>")
            block = b" " * (1 << 20)
            for _ in range(inflated_mb):
                f.write(block)
            f.write(b"</w:t></w:r></w:p>" + _DOC_TAIL.encode())
    return path


def pdf_bytes(text: str, password: str | None = None) -> bytes:
    import pymupdf

    doc = pymupdf.open()
    doc.new_page().insert_text((72, 72), text)
    if password:
        data = doc.tobytes(encryption=pymupdf.PDF_ENCRYPT_AES_256, user_pw=password, owner_pw=password)
    else:
        data = doc.tobytes()
    doc.close()
    return data


def html_bomb(repeats: int = 20_000) -> bytes:
    """The quadratic case of html.parser: an attribute quote that never closes, repeated."""
    return b"<a b='" * repeats


# -- images ---------------------------------------------------------------------
def jpeg_with_exif(make: str, model: str = "Model") -> bytes:
    from PIL import Image

    im = Image.new("RGB", (16, 16), (10, 200, 10))
    exif = Image.Exif()
    exif[0x010F] = make
    exif[0x0110] = model
    buf = io.BytesIO()
    im.save(buf, format="JPEG", exif=exif.tobytes())
    return buf.getvalue()


def png_header(width: int, height: int) -> bytes:
    """A PNG that claims huge dimensions (a pixel bomb) with one tiny IDAT."""
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    ihdr = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + chunk(b"IDAT", zlib.compress(b"\x00" * 64)) + chunk(b"IEND", b"")


# -- the folder -----------------------------------------------------------------
def _p(root: Path, name: str | bytes) -> Path:
    return root / (os.fsdecode(name) if isinstance(name, bytes) else name)


def make_hostile_folder(root: Path, outside: Path) -> list[Case]:
    """Write every kind of hostile entry under ``root``; returns one :class:`Case` per entry."""
    root.mkdir(parents=True, exist_ok=True)
    outside.mkdir(parents=True, exist_ok=True)
    (outside / "passwd").write_text(f"root:x:0:0:{SECRET}:/root:/bin/sh\n")
    (outside / "shadow.txt").write_text(f"root:{SECRET}hash:19000::::::\n")
    cases: list[Case] = []

    def add(kind: str, name: str | bytes, states: set[str] | frozenset[str], make: Callable[[Path], object]) -> None:
        path = _p(root, name)
        path.parent.mkdir(parents=True, exist_ok=True)
        try:
            make(path)
        except (OSError, NotImplementedError):  # e.g. mknod without the privilege: not this kind here
            return
        cases.append(Case(kind, path, frozenset(states)))

    def text(data: str | bytes) -> Callable[[Path], object]:
        return lambda p: p.write_bytes(data if isinstance(data, bytes) else data.encode())

    ok = "A well-behaved sibling note about the harbour ferry timetable."
    # names
    add("undecodable name", b"bad-\xff\xfe-name.txt", {INDEXED}, text("undecodable names are indexed: quokka"))
    add("latin-1 name", b"caf\xe9-menu.txt", {INDEXED}, text("latin-1 file name: espresso menu"))
    add("newline in name", "line\nbreak.txt", {INDEXED}, text("a name with a newline"))
    add("255-byte name", "n" * 251 + ".txt", {INDEXED}, text("a very long file name"))
    add("dash name", "-rf .txt", {INDEXED}, text("a name that looks like an option"))
    add("deep nesting", "/".join(["deep"] * 40) + "/bottom.txt", {INDEXED}, text("forty folders down"))
    add("folder named .txt", "folder.txt/inside.md", {INDEXED}, text("a file inside a folder named like a file"))
    # links and special files
    add("symlink to a folder outside", "etc-link", {SKIPPED}, lambda p: p.symlink_to(outside, target_is_directory=True))
    add("symlink to a file outside", "passwd.txt", {SKIPPED}, lambda p: p.symlink_to(outside / "passwd"))
    add("symlink into the root", "inner-link.txt", {SKIPPED}, lambda p: p.symlink_to(root / "-rf .txt"))
    add("dangling symlink", "dangling.txt", {SKIPPED}, lambda p: p.symlink_to(root / "nowhere.txt"))
    add("symlink loop", "loop-a", {SKIPPED}, lambda p: (p.symlink_to(root / "loop-b"), (root / "loop-b").symlink_to(p)))
    cases.append(Case("symlink loop", root / "loop-b", frozenset({SKIPPED})))
    add("fifo", "pipe.txt", {SKIPPED}, lambda p: os.mkfifo(p))
    add("unix socket", "s.sock", {SKIPPED}, _make_socket)
    add("character device", "null.txt", {SKIPPED}, lambda p: os.mknod(p, stat.S_IFCHR | 0o600, os.makedev(1, 3)))
    add("hard link", "hard-link.txt", {INDEXED}, lambda p: os.link(root / "-rf .txt", p))
    # text
    add("empty", "empty.txt", {SKIPPED}, text(b""))
    add("whitespace only", "blank.md", {SKIPPED}, text(b" \n\t\n  \n"))
    add("binary with a text name", "program.txt", {SKIPPED}, text(bytes(random.Random(1).randbytes(4096)) + b"\x00"))
    add("NUL-laden text", "nul.md", {SKIPPED}, text(b"text\x00" * 500))
    add("invalid UTF-8 content", "mixed.txt", {INDEXED, SKIPPED}, text(b"caf\xe9 \xff\xfe na\xefve \x80\x81 text " * 50))
    add("UTF-16 without BOM", "wide.txt", {INDEXED, SKIPPED}, text("wide text without a mark".encode("utf-16-le")))
    add("control characters", "ctrl.txt", {INDEXED, SKIPPED}, text(bytes(range(1, 32)) * 100))
    add("one 3 MB line", "long-line.txt", {INDEXED}, text(b"word " * 600_000))
    add("sparse file over the size cap", "huge.txt", {SKIPPED}, lambda p: os.truncate(_touch(p), 300 * 1024 * 1024))
    add("deeply nested JSON", "nested.json", {INDEXED}, text(b"[" * 100_000 + b"]" * 100_000))
    add("unknown binary extension", "blob.xyz", {SKIPPED}, text(b"\x00\x01\x02\x03" * 1000))
    add("chmod 000", "locked.txt", {INDEXED, FAILED}, lambda p: (p.write_text("locked file"), p.chmod(0)))
    # HTML
    add("HTML attribute-quote bomb", "bomb.html", {INDEXED, SKIPPED, FAILED}, text(html_bomb()))
    add("HTML 100k nested divs", "nested.html", {INDEXED}, text(b"<div>" * 100_000 + b"deep text" + b"</div>" * 100_000))
    add("HTML unterminated comment", "comment.html", {INDEXED}, text(b"<p>visible words</p><!--" + b"x" * 1_000_000))
    add("HTML unterminated script", "script.html", {INDEXED}, text(b"<p>shown</p><script>" + b"var a=1;" * 100_000))
    # documents
    add("zip-bomb DOCX", "bomb.docx", {FAILED}, lambda p: write_zip_bomb_docx(p, 256))
    add("corrupt DOCX", "corrupt.docx", {FAILED}, text(bytes(random.Random(2).randbytes(8192))))
    add("DOCX without document.xml", "hollow.docx", {FAILED, SKIPPED}, _hollow_docx)
    add("text named .docx", "plain.docx", {FAILED}, text("just text, not a zip"))
    add("corrupt PDF", "corrupt.pdf", {FAILED}, text(b"%PDF-1.4\n" + bytes(random.Random(3).randbytes(4096))))
    add("truncated PDF", "truncated.pdf", {INDEXED, SKIPPED, FAILED}, lambda p: p.write_bytes(pdf_bytes("half a pdf")[:300]))
    add("encrypted PDF", "locked.pdf", {SKIPPED}, lambda p: p.write_bytes(pdf_bytes("encrypted words", "pw")))
    add("HTML named .pdf", "page.pdf", ANY_END, text("<html><body>not a pdf</body></html>"))
    # images
    add("60 KB EXIF string", "exif-bomb.jpg", {INDEXED}, lambda p: p.write_bytes(jpeg_with_exif("M" * 60_000)))
    add("truncated PNG", "truncated.png", {INDEXED}, lambda p: p.write_bytes(png_header(10, 10)[:20]))
    add("pixel-bomb PNG", "pixels.png", {INDEXED}, lambda p: p.write_bytes(png_header(100_000, 100_000)))
    # and the ordinary siblings that must be indexed whatever their neighbours do
    for i in range(3):
        add("ordinary sibling", f"sibling-{i}.txt", {INDEXED}, text(f"{ok} ({i})"))
    return cases


def _touch(p: Path) -> Path:
    p.write_bytes(b"")
    return p


def _make_socket(p: Path) -> None:
    s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    try:
        s.bind(str(p))
    finally:
        s.close()


def _hollow_docx(p: Path) -> None:
    with zipfile.ZipFile(p, "w") as z:
        z.writestr("[Content_Types].xml", _CONTENT_TYPES)


def worker_rss_mb(pid: int) -> float:
    """Resident memory of ``pid``'s biggest child (the parser worker), 0 if none."""
    best = 0.0
    for task in Path(f"/proc/{pid}/task").glob("*"):
        try:
            children = (task / "children").read_text().split()
        except OSError:
            continue
        for child in children:
            try:
                for line in Path(f"/proc/{child}/status").read_text().splitlines():
                    if line.startswith("VmRSS:"):
                        best = max(best, int(line.split()[1]) / 1024)
            except OSError:
                continue
    return best


def kinds(cases: list[Case]) -> set[str]:
    return {c.kind for c in cases}
