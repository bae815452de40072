"""Text extraction: classify a file by kind and pull its text out, safely.

* :func:`manoled.index.kinds.kind_for` maps a path to ``"text"``, ``"pdf"``, ``"doc"``,
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
  killed and replaced on the next file (see :mod:`manoled.index.docworker`).

Failures raise :class:`~manoled.errors.ExtractError` with a short human
reason (no path in it). :class:`Skip` (code ``"skipped"``) marks files that
are deliberately not indexed: binary, empty, too big, unsupported, not a
regular file. Anything else (corrupt, permission denied, timed out) is a
failure; :func:`state_for` gives the catalog state for an error.

This module imports only the standard library at import time.
"""

from __future__ import annotations

import os
import stat
import threading
import time
from pathlib import Path
from typing import Any

from ..config import IndexConfig
from ..errors import ExtractError
from .decode import bom_encoding, decode, normalise
from .docworker import DocWorker
from .extraction import ExtractCancelled, Extraction, ExtractTimeout, cap, fmt_bytes
from .htmltext import html_to_text
from .kinds import BINARY_SNIFF_BYTES, HTML_EXTS, ext_of
from .safeopen import FILE_FLAGS, O_NOFOLLOW, Skip, describe_mode, read_all, regular_or_close

_HTML_BYTES_PER_CHAR = 16


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



class Extractor:
    """Extracts text from files; owns the PDF/DOCX worker process. Thread-safe.

    :meth:`extract_fd` is the indexer's entry point: it reads through a
    descriptor the caller opened (see :mod:`manoled.index.safeopen`), so nothing
    here opens the path a second time. The parser worker receives that
    descriptor too (``SCM_RIGHTS``), never the path. :meth:`cancel` stops the
    extraction in progress (shutdown): the worker is killed, an HTML parse stops.
    """

    def __init__(self, config: IndexConfig) -> None:
        self.config = config
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
            raise Skip(f"file too big ({fmt_bytes(st.st_size)} > {fmt_bytes(self.config.max_file_bytes)} limit)")
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
            raise Skip(f"file too big ({fmt_bytes(st.st_size)} > {fmt_bytes(self.config.max_file_bytes)} limit)")
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
        is_html = ext_of(Path(name)) in HTML_EXTS
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
        if bom_encoding(data) not in ("utf-16-le", "utf-16-be", "utf-32-le", "utf-32-be"):
            if b"\x00" in data[:BINARY_SNIFF_BYTES]:
                raise Skip("binary file (contains NUL bytes)")
        text, _enc = decode(data, partial=partial, html_hint=is_html)
        text = normalise(text)
        if is_html:
            try:
                text = html_to_text(text, deadline, self._cancel)
            except ExtractTimeout:
                raise ExtractTimeout(f"timed out after {timeout:g} s") from None
        if not text.strip():
            raise Skip("no text content")
        ext = cap([(text, None)], max_chars)
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
