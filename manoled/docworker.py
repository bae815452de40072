"""PDF and DOCX parsing, in a long-lived worker process.

:class:`DocWorker` is the parent's handle on one worker process (``spawn``
context, started on first use). Each task has a time limit; a worker that
times out or dies is killed and replaced on the next task. The worker side
(:func:`_worker_main` and the pymupdf / python-docx parsers) lives here too:
the worker is spawned, so everything it runs must be importable from this
module's top level.

:class:`~manoled.extract.Extractor` is the public entry point; this module
imports only the standard library at import time (pymupdf and docx are
imported in the worker).
"""

from __future__ import annotations

import logging
import multiprocessing
import os
import time
from collections.abc import Callable
from typing import Any

from .errors import ExtractError
from .extract import Extraction, ExtractTimeout, Skip, _cap, _normalise

log = logging.getLogger(__name__)

_WORKER_START_TIMEOUT_S = 120.0


# ---------------------------------------------------------------- worker side


def _pdf_segments(path: str, max_chars: int) -> Extraction:
    import pymupdf

    try:
        doc = _open_pdf(pymupdf, path)
    except (RuntimeError, ValueError) as exc:  # pymupdf.FileDataError is a RuntimeError
        raise ExtractError(f"corrupt or unreadable PDF: {exc}") from exc
    with doc:
        if doc.needs_pass:
            raise Skip("password-protected PDF")
        if doc.page_count == 0:
            raise ExtractError("corrupt PDF: no pages")
        segments: list[tuple[str, int | None]] = []
        total = 0
        bad_pages = 0
        more = False
        for index in range(doc.page_count):
            if total >= max_chars:
                more = True
                break
            try:
                text = doc[index].get_text("text")
            except Exception:  # one bad page must not lose the others
                bad_pages += 1
                continue
            text = _normalise(text)
            if text.strip():
                segments.append((text, index + 1))
                total += len(text)
        if bad_pages == doc.page_count:
            raise ExtractError("corrupt PDF: no page could be read")
    if not segments:
        raise Skip("no extractable text (scanned or image-only PDF?)")
    result = _cap(segments, max_chars)
    result.truncated = result.truncated or more
    return result


def _open_pdf(pymupdf: Any, path: str) -> Any:
    try:
        path.encode("utf-8")
    except UnicodeEncodeError:  # an undecodable file name: hand MuPDF the bytes instead
        with open(path, "rb") as f:
            return pymupdf.open(stream=f.read(), filetype="pdf")
    return pymupdf.open(path, filetype="pdf")


def _docx_blocks(container: Any, out: list[str]) -> None:
    from docx.table import Table
    from docx.text.paragraph import Paragraph

    for item in container.iter_inner_content():
        if isinstance(item, Paragraph):
            if item.text.strip():
                out.append(item.text)
        elif isinstance(item, Table):
            for row in item.rows:
                cells: list[str] = []
                seen: set[int] = set()
                for cell in row.cells:
                    if id(cell._tc) in seen:  # a merged cell repeats across the row
                        continue
                    seen.add(id(cell._tc))
                    inner: list[str] = []
                    _docx_blocks(cell, inner)
                    text = " ".join(t.strip() for t in inner if t.strip())
                    if text:
                        cells.append(text)
                if cells:
                    out.append(" | ".join(cells))


def _docx_segments(path: str, max_chars: int) -> Extraction:
    import zipfile

    import docx
    from docx.opc.exceptions import PackageNotFoundError

    try:
        with open(path, "rb") as f:
            document = docx.Document(f)
            blocks: list[str] = []
            _docx_blocks(document, blocks)
    except (PackageNotFoundError, zipfile.BadZipFile, KeyError, ValueError) as exc:
        raise ExtractError(f"corrupt or unreadable DOCX: {exc}") from exc
    text = _normalise("\n\n".join(blocks))
    if not text.strip():
        raise Skip("no text in document")
    return _cap([(text, None)], max_chars)


def _hook_sleep(seconds: float) -> None:
    time.sleep(seconds)


def _hook_exit(code: int) -> None:
    os._exit(code)


# Test seams, run in the worker before a task when the parent asks for them by name
# (see ``Extractor._next_hook``). Functions must live in this module: the worker is spawned.
WORKER_HOOKS: dict[str, Callable[[Any], None]] = {"sleep": _hook_sleep, "exit": _hook_exit}

_PARSERS: dict[str, Callable[[str, int], Extraction]] = {"pdf": _pdf_segments, "doc": _docx_segments}


def _worker_main(conn: Any) -> None:
    """The worker process: import the parsers once, then serve tasks until told to stop."""
    import signal
    import warnings

    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is for the parent
    warnings.simplefilter("ignore")
    try:
        import docx  # noqa: F401
        import pymupdf

        pymupdf.TOOLS.mupdf_display_errors(False)
        pymupdf.TOOLS.mupdf_display_warnings(False)
    except Exception as exc:
        conn.send(("broken", f"{type(exc).__name__}: {exc}"))
        return
    conn.send(("ready", os.getpid()))
    while True:
        try:
            msg = conn.recv()
        except (EOFError, OSError):
            return
        if msg is None:
            return
        task_id, kind, path, max_chars, hook = msg
        try:
            if hook is not None:
                WORKER_HOOKS[hook[0]](hook[1])
            result: tuple = (task_id, "ok", _PARSERS[kind](path, max_chars))
        except Skip as exc:
            result = (task_id, "skip", exc.message)
        except ExtractError as exc:
            result = (task_id, "error", exc.message)
        except MemoryError:
            result = (task_id, "error", "out of memory while parsing")
        except FileNotFoundError:
            result = (task_id, "error", "file not found")
        except PermissionError:
            result = (task_id, "error", "permission denied")
        except Exception as exc:
            result = (task_id, "error", f"cannot parse file: {type(exc).__name__}: {exc}")
        try:
            conn.send(result)
        except (EOFError, OSError):
            return


# ---------------------------------------------------------------- parent side


class DocWorker:
    """The parent's handle on the parser process. Not thread-safe: the caller serialises calls."""

    def __init__(self) -> None:
        self._proc: Any = None
        self._conn: Any = None
        self._task_id = 0
        self.restarts = 0  # workers replaced after a timeout or a crash

    @property
    def pid(self) -> int | None:
        proc = self._proc
        return proc.pid if proc is not None and proc.is_alive() else None

    def run(self, kind: str, path: str, max_chars: int, timeout: float, hook: tuple[str, Any] | None) -> Extraction:
        """Parse ``path`` as ``kind`` in the worker; ``timeout`` 0 means no limit. Raises :class:`ExtractError`."""
        conn = self._ensure()
        self._task_id += 1
        task_id = self._task_id
        try:
            conn.send((task_id, kind, path, max_chars, hook))
            deadline = time.monotonic() + timeout
            while True:
                left = max(0.0, deadline - time.monotonic()) if timeout > 0 else None  # 0: no limit
                if not conn.poll(left):
                    self._kill(f"task timed out after {timeout:g} s")
                    raise ExtractTimeout(f"timed out after {timeout:g} s")
                reply = conn.recv()
                if reply[0] == task_id:  # anything else is a stale reply: drop it
                    break
        except (EOFError, OSError, BrokenPipeError) as exc:
            code = None
            if self._proc is not None:
                self._proc.join(2)
                code = self._proc.exitcode
            self._kill("worker died")
            detail = f" (exit code {code})" if code is not None else ""
            raise ExtractError(f"parser process crashed{detail}") from exc
        _, status, payload = reply
        if status == "ok":
            return payload
        if status == "skip":
            raise Skip(payload)
        raise ExtractError(payload)

    def _ensure(self) -> Any:
        if self._proc is not None and self._proc.is_alive():
            return self._conn
        if self._proc is not None:
            self._kill("worker exited")
        ctx = multiprocessing.get_context("spawn")
        parent, child = ctx.Pipe(duplex=True)
        proc = ctx.Process(target=_worker_main, args=(child,), name="manoled-extract", daemon=True)
        proc.start()
        child.close()
        self._proc, self._conn = proc, parent
        try:
            if not parent.poll(_WORKER_START_TIMEOUT_S):
                raise ExtractError("parser process did not start")
            status, detail = parent.recv()
        except (EOFError, OSError) as exc:
            self._kill("worker failed to start")
            raise ExtractError("parser process failed to start") from exc
        except ExtractError:
            self._kill("worker did not start")
            raise
        if status != "ready":
            self._kill("worker could not import its parsers")
            raise ExtractError(f"parser process cannot load its libraries: {detail}")
        log.debug("extract worker %s started", detail)
        return parent

    def _kill(self, why: str) -> None:
        proc, conn = self._proc, self._conn
        self._proc = self._conn = None
        if proc is None:
            return
        log.warning("restarting the extract worker: %s", why)
        self.restarts += 1
        if proc.is_alive():
            proc.kill()
        proc.join(5)
        if conn is not None:
            conn.close()

    def stop(self, graceful: bool = True) -> None:
        """Stop the worker (asking it to exit first when ``graceful``); idempotent."""
        proc, conn = self._proc, self._conn
        self._proc = self._conn = None
        if proc is None:
            return
        if graceful and proc.is_alive():
            try:
                conn.send(None)
            except (OSError, BrokenPipeError):
                pass
            proc.join(2)
        if proc.is_alive():
            proc.kill()
            proc.join(5)
        conn.close()
