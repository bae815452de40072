"""Text extraction: classify a file by kind and pull its text out, safely.

* :func:`kind_for` maps a path to ``"text"``, ``"pdf"``, ``"doc"``,
  ``"image"`` or ``"other"`` by extension; a file with an unknown extension
  that sniffs as UTF-8 text (no NUL bytes, few control characters) is
  ``"text"``.
* :class:`Extractor` turns a file into an :class:`Extraction`: a list of
  ``(text, page)`` segments (``page`` is 1-based for PDFs, ``None``
  otherwise). Plain text, Markdown, reStructuredText, source code, CSV, JSON
  and HTML (tags stripped, script/style dropped) are read in-process with a
  byte cap. PDF (pymupdf) and DOCX (python-docx) are parsed in one
  long-lived worker process (``spawn`` context, started on the first such
  file) with a per-file time limit; a worker that times out or dies is
  killed and replaced on the next file (see :mod:`manoled.docworker`).

Failures raise :class:`~manoled.errors.ExtractError` with a short human
reason (no path in it). :class:`Skip` (code ``"skipped"``) marks files that
are deliberately not indexed: binary, empty, too big, unsupported, not a
regular file. Anything else (corrupt, permission denied, timed out) is a
failure; :func:`state_for` gives the catalog state for an error.

This module imports only the standard library at import time.
"""

from __future__ import annotations

import codecs
import html
import html.parser
import logging
import os
import re
import stat
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .config import IndexConfig
from .errors import ExtractError
from .safeopen import FILE_FLAGS, O_NOFOLLOW, Skip, describe_mode, read_all, regular_or_close

__all__ = ["Extraction", "Extractor", "ExtractTimeout", "Skip", "html_to_text", "kind_for", "state_for"]

log = logging.getLogger(__name__)

KINDS = ("text", "pdf", "doc", "image", "other")

# fmt: off
HTML_EXTS = frozenset({"html", "htm", "xhtml"})
TEXT_EXTS = frozenset(
    {
        # prose and markup
        "txt", "text", "md", "markdown", "mdown", "mkd", "rst", "rest", "adoc", "asciidoc", "org",
        "tex", "bib", "log", "nfo", "srt", "vtt",
        # data
        "csv", "tsv", "json", "jsonl", "ndjson", "geojson", "xml", "yaml", "yml", "toml", "ini",
        "cfg", "conf", "properties", "env",
        # source code
        "py", "pyi", "pyx", "ipynb", "js", "mjs", "cjs", "ts", "tsx", "jsx", "java", "kt", "kts",
        "scala", "groovy", "gradle", "c", "h", "cc", "cpp", "cxx", "hh", "hpp", "hxx", "cs", "fs",
        "go", "rs", "rb", "php", "swift", "m", "mm", "sh", "bash", "zsh", "fish", "ps1", "bat",
        "cmd", "sql", "r", "jl", "lua", "pl", "pm", "hs", "ml", "mli", "ex", "exs", "erl", "hrl",
        "clj", "cljs", "dart", "vue", "svelte", "css", "scss", "sass", "less", "proto", "graphql",
        "cmake", "mk", "dockerfile", "nix", "zig", "v", "vhd", "asm", "s", "el", "vim", "patch",
        "diff",
    }
) | HTML_EXTS
PDF_EXTS = frozenset({"pdf"})
DOC_EXTS = frozenset({"docx"})
IMAGE_EXTS = frozenset({"jpg", "jpeg", "png", "gif", "webp", "heic", "heif", "bmp", "tif", "tiff"})
# known non-text formats: never sniffed, always "other"
OTHER_EXTS = frozenset(
    {
        "zip", "gz", "tgz", "bz2", "xz", "zst", "7z", "rar", "tar", "lz4", "exe", "dll", "so",
        "dylib", "bin", "o", "a", "obj", "class", "jar", "pyc", "pyo", "whl", "egg", "iso", "dmg",
        "img", "mp3", "mp4", "m4a", "m4v", "aac", "wav", "flac", "ogg", "opus", "mkv", "avi",
        "mov", "webm", "wmv", "doc", "dot", "docm", "xls", "xlsx", "ppt", "pptx", "odt", "ods",
        "odp", "rtf", "epub", "sqlite", "sqlite3", "db", "woff", "woff2", "ttf", "otf", "eot",
        "ico", "icns", "psd", "ai", "eps", "svg", "raw", "cr2", "nef", "dng", "npy", "npz", "pkl",
        "pickle", "parquet", "h5", "onnx", "pt", "gguf", "safetensors", "lock", "swp", "ds_store",
    }
)
# fmt: on

KIND_SNIFF_BYTES = 8 * 1024
BINARY_SNIFF_BYTES = 64 * 1024
_CHARSET_SAMPLE_BYTES = 256 * 1024
_HTML_BYTES_PER_CHAR = 16

_BOMS = (
    (codecs.BOM_UTF32_LE, "utf-32-le"),  # before UTF-16 LE: it starts with the same two bytes
    (codecs.BOM_UTF32_BE, "utf-32-be"),
    (codecs.BOM_UTF8, "utf-8"),
    (codecs.BOM_UTF16_LE, "utf-16-le"),
    (codecs.BOM_UTF16_BE, "utf-16-be"),
)


class ExtractTimeout(ExtractError):
    """Parsing took longer than ``IndexConfig.extract_timeout_s``."""


class ExtractCancelled(ExtractError):
    """The daemon is shutting down: the file stays pending and is resumed on the next start."""


def state_for(exc: ExtractError) -> str:
    """The catalog state for an extraction error: ``"skipped"`` or ``"failed"``."""
    return "skipped" if isinstance(exc, Skip) else "failed"


@dataclass
class Extraction:
    segments: list[tuple[str, int | None]]
    chars: int
    truncated: bool

    @property
    def text(self) -> str:
        return "\n\n".join(t for t, _ in self.segments)


# ---------------------------------------------------------------- kinds


def _ext(path: Path) -> str:
    name = path.name
    if "." not in name.lstrip("."):
        return ""
    return name.rsplit(".", 1)[-1].lower()


def kind_for(path: Path, head: bytes | None = None) -> str:
    """The kind of ``path`` by extension; unknown extensions are sniffed (never raises).

    ``head`` is the file's first bytes when the caller already holds it open
    (the indexer reads through its own descriptor); otherwise the path is
    opened (non-blocking, regular files only) to read them.
    """
    ext = _ext(Path(path))
    if ext in TEXT_EXTS:
        return "text"
    if ext in PDF_EXTS:
        return "pdf"
    if ext in DOC_EXTS:
        return "doc"
    if ext in IMAGE_EXTS:
        return "image"
    if ext in OTHER_EXTS:
        return "other"
    if head is not None:
        return "text" if head and _looks_like_text(head[:KIND_SNIFF_BYTES]) else "other"
    try:
        head = _sniff_head(Path(path), KIND_SNIFF_BYTES)
    except (OSError, ExtractError):
        return "other"
    return "text" if head and _looks_like_text(head) else "other"


def _sniff_head(path: Path, n: int) -> bytes:
    st = os.stat(path)
    if not stat.S_ISREG(st.st_mode) or st.st_size == 0:
        return b""
    fd = _open_regular(path)
    try:
        return os.read(fd, n)
    finally:
        os.close(fd)


_CONTROL = re.compile(rb"[\x01-\x08\x0e-\x1a\x1c-\x1f\x7f]")


def _looks_like_text(head: bytes) -> bool:
    """Conservative: UTF-8 (or a Unicode BOM), no NUL bytes, under 1% control characters."""
    enc = _bom_encoding(head)
    if enc is not None:
        try:
            text = codecs.getincrementaldecoder(enc)("strict").decode(head[len(_bom_for(enc)) :], final=False)
        except UnicodeDecodeError:
            return False
        return "\x00" not in text and bool(text.strip())
    if b"\x00" in head:
        return False
    try:
        codecs.getincrementaldecoder("utf-8")("strict").decode(head, final=len(head) < KIND_SNIFF_BYTES)
    except UnicodeDecodeError:
        return False
    return len(_CONTROL.findall(head)) * 100 <= len(head) and bool(head.strip())


# ---------------------------------------------------------------- decoding


def _bom_encoding(data: bytes) -> str | None:
    for bom, enc in _BOMS:
        if data.startswith(bom):
            return enc
    return None


def _bom_for(enc: str) -> bytes:
    return next(bom for bom, e in _BOMS if e == enc)


_META_CHARSET = re.compile(rb"""<meta[^>]+charset\s*=\s*["']?([A-Za-z0-9_.:-]+)""", re.IGNORECASE)


def decode(data: bytes, *, partial: bool = False, html_hint: bool = False) -> tuple[str, str]:
    """Decode ``data``: BOM first, then UTF-8, then (HTML) a meta charset, then charset-normalizer.

    ``partial`` means ``data`` was cut at a byte cap, so an incomplete
    multi-byte sequence at its end is dropped rather than an error. Returns
    ``(text, encoding)``; raises :class:`Skip` when no text encoding fits.
    """
    enc = _bom_encoding(data)
    if enc is not None:
        body = data[len(_bom_for(enc)) :]
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


def _normalise(text: str) -> str:
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    return text.replace("\x00", "").lstrip("\ufeff")


# ---------------------------------------------------------------- HTML


class _HTMLText(html.parser.HTMLParser):
    # fmt: off
    _DROP = frozenset({"script", "style", "template", "noscript", "svg", "head"})
    _KEEP_IN_HEAD = frozenset({"title"})
    _BLOCK = frozenset(
        {
            "p", "div", "br", "li", "ul", "ol", "dl", "dt", "dd", "tr", "table", "section",
            "article", "header", "footer", "nav", "aside", "main", "blockquote", "pre", "hr",
            "h1", "h2", "h3", "h4", "h5", "h6", "title", "figure", "figcaption", "form", "address",
            "details", "summary", "caption", "body",
        }
    )
    # fmt: on

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self._drop: list[str] = []
        self._keep = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in self._DROP:
            self._drop.append(tag)
        elif tag in self._KEEP_IN_HEAD and self._drop == ["head"]:
            self._keep += 1
        if tag in self._BLOCK:
            self.parts.append("\n\n")
        elif tag in ("td", "th"):
            self.parts.append(" ")

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in self._BLOCK:
            self.parts.append("\n\n")

    def handle_endtag(self, tag: str) -> None:
        if tag in self._KEEP_IN_HEAD and self._keep:
            self._keep -= 1
        elif tag in self._drop:
            # close up to the matching open tag (tolerates unclosed inner tags)
            while self._drop and self._drop.pop() != tag:
                pass
        if tag in self._BLOCK:
            self.parts.append("\n\n")

    def handle_data(self, data: str) -> None:
        if not self._drop or self._keep:
            self.parts.append(data)


_SPACES = re.compile(r"[ \t\f\v\r\u00a0]+")
_BLANKS = re.compile(r"\n\s*\n\s*")
_TAG_NAME = re.compile(r"[a-zA-Z][^\s/>\x00]*")
_RAW_TEXT = frozenset({"script", "style", "textarea", "title", "xmp", "iframe", "noembed", "noframes"})
_CHECK_EVERY = 4096  # tokens between deadline checks


def _tag_end(markup: str, pos: int) -> int:
    """Index just past the ``>`` closing the tag that starts before ``pos``, honouring quoted
    attribute values; -1 if the document ends inside the tag. Each character is looked at once."""
    n = len(markup)
    quote = ""
    while pos < n:
        if quote:
            pos = markup.find(quote, pos)
            if pos < 0:
                return -1
            quote = ""
            pos += 1
            continue
        m = _TAG_BODY.search(markup, pos)
        if m is None:
            return -1
        ch = m.group()
        pos = m.end()
        if ch == ">":
            return pos
        quote = ch
    return -1


_TAG_BODY = re.compile(r"""[>"']""")


def _tokens(markup: str):
    """Yield ("data", text) / ("start", tag) / ("end", tag) in one left-to-right pass (linear).

    Unlike :mod:`html.parser`, which rescans an unterminated tag or quote from
    every later ``<`` (quadratic: 20,000 ``<a b='`` took minutes), a tag or
    comment the document never closes swallows the rest of the document, as
    browsers do, and the scan ends.
    """
    n = len(markup)
    pos = 0
    raw_close: re.Pattern[str] | None = None
    while pos < n:
        if raw_close is not None:  # inside <script>, <style>, ...: text up to the closing tag
            m = raw_close.search(markup, pos)
            end = m.start() if m else n
            yield "data", markup[pos:end]
            pos = end
            raw_close = None
            continue
        lt = markup.find("<", pos)
        if lt < 0:
            yield "data", markup[pos:]
            return
        if lt > pos:
            yield "data", markup[pos:lt]
        nxt = markup[lt + 1:lt + 2]
        if markup.startswith("<!--", lt):
            close = markup.find("-->", lt + 4)
            if close < 0:
                return
            pos = close + 3
        elif nxt in ("!", "?"):
            close = markup.find(">", lt + 2)
            if close < 0:
                return
            pos = close + 1
        elif nxt == "/":
            m = _TAG_NAME.match(markup, lt + 2)
            close = markup.find(">", lt + 2)
            if close < 0:
                return
            if m is not None and m.start() < close:
                yield "end", m.group().lower()
            pos = close + 1
        else:
            m = _TAG_NAME.match(markup, lt + 1)
            if m is None:  # a lone "<": text
                yield "data", "<"
                pos = lt + 1
                continue
            end = _tag_end(markup, m.end())
            if end < 0:
                return
            tag = m.group().lower()
            yield "start", tag
            if markup[end - 2:end] == "/>":
                yield "end", tag
            elif tag in _RAW_TEXT:
                raw_close = re.compile(r"</" + re.escape(tag) + r"(?=[\s/>])", re.IGNORECASE)
            pos = end


def html_to_text(markup: str, deadline: float | None = None, cancel: threading.Event | None = None) -> str:
    """The visible text of an HTML document, one blank line between blocks.

    Linear in the document's length. ``deadline`` (a ``time.monotonic()``
    value) and ``cancel`` stop a parse that takes too long: :class:`ExtractTimeout`.
    """
    parser = _HTMLText()
    count = 0
    for kind, value in _tokens(markup):
        count += 1
        if count % _CHECK_EVERY == 0:
            if cancel is not None and cancel.is_set():
                raise ExtractCancelled("cancelled (shutting down)")
            if deadline is not None and time.monotonic() > deadline:
                raise ExtractTimeout("HTML took longer than the time limit")
        if kind == "data":
            if value:
                parser.handle_data(html.unescape(value))
        elif kind == "start":
            parser.handle_starttag(value, [])
        else:
            parser.handle_endtag(value)
    text = _SPACES.sub(" ", "".join(parser.parts))
    text = "\n".join(line.strip() for line in text.split("\n"))
    return _BLANKS.sub("\n\n", text).strip()


# ---------------------------------------------------------------- files


def _os_open(path: Path, flags: int) -> int:
    """``os.open``; a seam so tests can simulate unreadable files when run as root."""
    return os.open(path, flags)


_describe_mode = describe_mode


def _os_error(exc: OSError, path: Path) -> ExtractError:
    if isinstance(exc, PermissionError):
        return ExtractError("permission denied")
    if isinstance(exc, FileNotFoundError):
        try:
            if stat.S_ISLNK(os.lstat(path).st_mode):
                return Skip("broken symbolic link")
        except OSError:
            pass
        return ExtractError("file not found")
    if isinstance(exc, IsADirectoryError):
        return Skip("not a regular file (directory)")
    return ExtractError(f"cannot read file: {exc.strerror or exc}")


def _stat_regular(path: Path) -> os.stat_result:
    try:
        st = os.stat(path)
    except OSError as exc:
        raise _os_error(exc, path) from exc
    if not stat.S_ISREG(st.st_mode):
        raise Skip(f"not a regular file ({_describe_mode(st.st_mode)})")
    return st


def _open_regular(path: Path) -> int:
    """Open a regular file read-only without ever blocking on a FIFO or device (an explicit path: links
    are followed, as the caller named it; the indexer opens through :mod:`.safeopen` instead)."""
    try:
        fd = _os_open(path, FILE_FLAGS & ~O_NOFOLLOW)
    except OSError as exc:
        raise _os_error(exc, path) from exc
    regular_or_close(fd)
    return fd


def _fmt_bytes(n: int) -> str:
    value = float(n)
    for unit in ("bytes", "KiB", "MiB", "GiB"):
        if value < 1024 or unit == "GiB":
            return f"{n} bytes" if unit == "bytes" else f"{value:.1f} {unit}"
        value /= 1024
    return f"{n} bytes"  # pragma: no cover


def _cap(segments: list[tuple[str, int | None]], max_chars: int) -> Extraction:
    out: list[tuple[str, int | None]] = []
    total = 0
    truncated = False
    for text, page in segments:
        if not text.strip():
            continue
        if total + len(text) > max_chars:
            text = text[: max_chars - total]
            truncated = True
        if text.strip():
            out.append((text, page))
            total += len(text)
        if truncated:
            break
    return Extraction(segments=out, chars=total, truncated=truncated)


# ---------------------------------------------------------------- the extractor


class Extractor:
    """Extracts text from files; owns the PDF/DOCX worker process. Thread-safe.

    :meth:`extract_fd` is the indexer's entry point: it reads through a
    descriptor the caller opened (see :mod:`manoled.safeopen`), so nothing
    here opens the path a second time. The parser worker receives that
    descriptor too (``SCM_RIGHTS``), never the path. :meth:`cancel` stops the
    extraction in progress (shutdown): the worker is killed, an HTML parse stops.
    """

    def __init__(self, config: IndexConfig) -> None:
        self.config = config
        from .docworker import DocWorker  # here, not at the top: docworker imports this module

        self._lock = threading.Lock()
        self._worker = DocWorker()
        self._cancel = threading.Event()
        # test seam: ("sleep", seconds) or ("exit", code), run in the worker before the next task
        self._next_hook: tuple[str, Any] | None = None

    # -- public

    def extract(self, path: Path, kind: str) -> Extraction:
        """Extract ``path`` as ``kind`` (from :func:`kind_for`); raises :class:`ExtractError`.

        Opens ``path`` once (non-blocking, regular files only) and reads
        through that descriptor; a symlink to a file is followed here (the
        indexer, which never follows one, calls :meth:`extract_fd`).
        """
        path = Path(path)
        if kind not in ("text", "pdf", "doc"):
            raise Skip(f"unsupported file type ({kind})")
        st = _stat_regular(path)
        if st.st_size == 0:
            raise Skip("empty file")
        if st.st_size > self.config.max_file_bytes:
            raise Skip(f"file too big ({_fmt_bytes(st.st_size)} > {_fmt_bytes(self.config.max_file_bytes)} limit)")
        fd = _open_regular(path)
        try:
            return self.extract_fd(fd, path.name, kind)
        finally:
            os.close(fd)

    def extract_fd(self, fd: int, name: str, kind: str) -> Extraction:
        """Extract the open regular file ``fd`` (``name`` gives its extension); the caller closes ``fd``."""
        if kind not in ("text", "pdf", "doc"):
            raise Skip(f"unsupported file type ({kind})")
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            raise Skip(f"not a regular file ({_describe_mode(st.st_mode)})")
        if st.st_size == 0:
            raise Skip("empty file")
        if st.st_size > self.config.max_file_bytes:
            raise Skip(f"file too big ({_fmt_bytes(st.st_size)} > {_fmt_bytes(self.config.max_file_bytes)} limit)")
        if self._cancel.is_set():
            raise ExtractCancelled("cancelled (shutting down)")
        if kind == "text":
            return self._extract_text(fd, name)
        return self._in_worker(kind, fd)

    def cancel(self) -> None:
        """Stop the extraction in progress and refuse new ones (shutdown); :meth:`close` still works."""
        self._cancel.set()
        self._worker.cancel()

    @property
    def worker_pid(self) -> int | None:
        return self._worker.pid

    @property
    def restarts(self) -> int:
        """Workers replaced after a timeout or a crash."""
        return self._worker.restarts

    def close(self) -> None:
        with self._lock:
            self._worker.stop(graceful=True)

    def __enter__(self) -> Extractor:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- text

    def _extract_text(self, fd: int, name: str) -> Extraction:
        is_html = _ext(Path(name)) in HTML_EXTS
        max_chars = self.config.max_text_chars
        per_char = _HTML_BYTES_PER_CHAR if is_html else 4  # 4: the most bytes a code point takes
        limit = min(self.config.max_file_bytes, max(max_chars, 1) * per_char)
        timeout = self.config.extract_timeout_s
        deadline = time.monotonic() + timeout if timeout > 0 else None
        try:
            data = read_all(fd, limit + 1)
        except OSError as exc:
            raise ExtractError(f"cannot read file: {exc.strerror or exc}") from exc
        if not data:
            raise Skip("empty file")
        partial = len(data) > limit
        data = data[:limit]
        if _bom_encoding(data) not in ("utf-16-le", "utf-16-be", "utf-32-le", "utf-32-be"):
            if b"\x00" in data[:BINARY_SNIFF_BYTES]:
                raise Skip("binary file (contains NUL bytes)")
        text, _enc = decode(data, partial=partial, html_hint=is_html)
        text = _normalise(text)
        if is_html:
            try:
                text = html_to_text(text, deadline, self._cancel)
            except ExtractTimeout:
                raise ExtractTimeout(f"timed out after {timeout:g} s") from None
        if not text.strip():
            raise Skip("no text content")
        ext = _cap([(text, None)], max_chars)
        if partial:
            ext.truncated = True
        return ext

    # -- worker

    def _in_worker(self, kind: str, fd: int) -> Extraction:
        with self._lock:
            hook, self._next_hook = self._next_hook, None
            cfg = self.config
            return self._worker.run(kind, fd, cfg.max_text_chars, cfg.extract_timeout_s, hook,
                                    memory_mb=cfg.extract_memory_mb)
