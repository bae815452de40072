"""What kind of file a path is: text, pdf, doc, image or other.

By extension first; a file with an unknown extension that sniffs as UTF-8
text (no NUL bytes, few control characters) is ``"text"``. Imports only the
standard library.
"""

from __future__ import annotations

import codecs
import os
import re
import stat
from pathlib import Path

from ..errors import ExtractError
from .decode import bom_encoding, bom_for
from .safeopen import FILE_FLAGS, O_NOFOLLOW, regular_or_close

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


def ext_of(path: Path) -> str:
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
    ext = ext_of(Path(path))
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
    fd = os.open(path, FILE_FLAGS & ~O_NOFOLLOW)  # an explicit path: a link to a file is followed
    regular_or_close(fd)
    try:
        return os.read(fd, n)
    finally:
        os.close(fd)


_CONTROL = re.compile(rb"[\x01-\x08\x0e-\x1a\x1c-\x1f\x7f]")


def _looks_like_text(head: bytes) -> bool:
    """Conservative: UTF-8 (or a Unicode BOM), no NUL bytes, under 1% control characters."""
    enc = bom_encoding(head)
    if enc is not None:
        try:
            text = codecs.getincrementaldecoder(enc)("strict").decode(head[len(bom_for(enc)) :], final=False)
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


def ext_kind(path: Path) -> str:
    """Kind by extension only (never opens the file, unlike :func:`kind_for`'s sniffing)."""
    ext = path.suffix.lower().lstrip(".")
    for exts, name in ((TEXT_EXTS, "text"), (PDF_EXTS, "pdf"), (DOC_EXTS, "doc"), (IMAGE_EXTS, "image"),
                       (OTHER_EXTS, "other")):
        if ext in exts:
            return name
    return "other"
