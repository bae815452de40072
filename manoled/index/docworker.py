"""PDF and DOCX parsing, in a long-lived worker process.

:class:`DocWorker` is the parent's handle on one worker process (``spawn``
context, started on first use). Each task has a time limit; a worker that
times out or dies is killed and replaced on the next task. A task carries the
caller's open file descriptor (``SCM_RIGHTS``), never a path, and runs under
an address-space limit (what the loaded parsers take + ``memory_mb``) and a
CPU-time backstop (``setrlimit``); a DOCX that would inflate past
:data:`DOCX_MAX_XML_BYTES` is refused before parsing. The worker side
(:func:`_worker_main` and the pymupdf / python-docx parsers) lives here too:
the worker is spawned, so everything it runs must be importable from this
module's top level.

:class:`~manoled.index.extract.Extractor` is the public entry point; this module
imports only the standard library at import time (pymupdf and docx are
imported in the worker).
"""

from __future__ import annotations

import logging
import multiprocessing
import os
import signal
import threading
import time
from collections.abc import Callable
from multiprocessing.reduction import send_handle
from typing import Any

from ..errors import ExtractError
from .decode import normalise
from .extraction import ExtractCancelled, Extraction, ExtractTimeout, cap, fmt_bytes
from .pdfrows import page_text
from .safeopen import Skip

log = logging.getLogger(__name__)

_WORKER_START_TIMEOUT_S = 120.0
_CANCEL_POLL_S = 0.1  # how often a waiting parent looks at the cancel flag


# ---------------------------------------------------------------- worker side


def _read_fd(fd: int) -> bytes:
    parts: list[bytes] = []
    offset = 0
    while block := os.pread(fd, 1 << 20, offset):
        parts.append(block)
        offset += len(block)
    return b"".join(parts)


def _pdf_segments(fd: int, max_chars: int) -> Extraction:
    import pymupdf

    try:
        doc = pymupdf.open(stream=_read_fd(fd), filetype="pdf")
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
                # the "text" mode's flags: no image data in the dict
                text = page_text(doc[index].get_text("dict", flags=pymupdf.TEXTFLAGS_TEXT))
            except Exception:  # one bad page must not lose the others
                bad_pages += 1
                continue
            text = normalise(text)
            if text.strip():
                segments.append((text, index + 1))
                total += len(text)
        if bad_pages == doc.page_count:
            raise ExtractError("corrupt PDF: no page could be read")
    if not segments:
        raise Skip("no extractable text (scanned or image-only PDF?)")
    result = cap(segments, max_chars)
    result.truncated = result.truncated or more
    return result


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


# python-docx inflates every part of the package into memory and parses the XML with lxml (about
# ten times the XML's size in memory): a 10 KB zip of a 1 GB document.xml is a memory bomb. The
# declared sizes are what zipfile will inflate at most (it stops there), so they bound the work.
DOCX_MAX_XML_BYTES = 48 * 1024 * 1024
DOCX_MAX_PACKAGE_BYTES = 256 * 1024 * 1024


def _check_docx_package(f: Any) -> None:
    import zipfile


    with zipfile.ZipFile(f) as z:
        infos = z.infolist()
    xml = sum(i.file_size for i in infos if i.filename.lower().endswith((".xml", ".rels")))
    total = sum(i.file_size for i in infos)
    if xml > DOCX_MAX_XML_BYTES:
        raise ExtractError(f"document XML expands to {fmt_bytes(xml)}, over the "
                           f"{fmt_bytes(DOCX_MAX_XML_BYTES)} limit (zip bomb?)")
    if total > DOCX_MAX_PACKAGE_BYTES:
        raise ExtractError(f"document expands to {fmt_bytes(total)}, over the "
                           f"{fmt_bytes(DOCX_MAX_PACKAGE_BYTES)} limit (zip bomb?)")
    f.seek(0)


def _docx_segments(fd: int, max_chars: int) -> Extraction:
    import zipfile

    import docx
    from docx.opc.exceptions import PackageNotFoundError

    try:
        with os.fdopen(os.dup(fd), "rb") as f:
            _check_docx_package(f)
            document = docx.Document(f)
            blocks: list[str] = []
            _docx_blocks(document, blocks)
    except (PackageNotFoundError, zipfile.BadZipFile, zipfile.LargeZipFile, KeyError, ValueError) as exc:
        raise ExtractError(f"corrupt or unreadable DOCX: {exc}") from exc
    text = normalise("\n\n".join(blocks))
    if not text.strip():
        raise Skip("no text in document")
    return cap([(text, None)], max_chars)


def _hook_sleep(seconds: float) -> None:
    time.sleep(seconds)


def _hook_exit(code: int) -> None:
    os._exit(code)


# Test seams, run in the worker before a task when the parent asks for them by name
# (see ``Extractor._next_hook``). Functions must live in this module: the worker is spawned.
def _hook_alloc(mb: int) -> None:
    block = bytearray(mb * 1024 * 1024)  # touched, so it is resident, as a parser's buffers would be
    block[::4096] = b"x" * len(block[::4096])


WORKER_HOOKS: dict[str, Callable[[Any], None]] = {"sleep": _hook_sleep, "exit": _hook_exit, "alloc": _hook_alloc}

_PARSERS: dict[str, Callable[[int, int], Extraction]] = {"pdf": _pdf_segments, "doc": _docx_segments}


_BASE_VM = 0  # the worker's address space once its parsers are loaded (set at start-up)


def _vm_size() -> int:
    try:
        with open("/proc/self/statm") as f:
            return int(f.read().split()[0]) * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError, IndexError):
        return 0


def _set_limits(memory_mb: int, timeout: float) -> None:
    """This task's limits: address space (what the loaded parsers take plus ``memory_mb``) and CPU
    seconds (a backstop to the parent's wall-clock timeout). Soft limits only, so each task sets its own."""
    import resource

    def soft(limit: int, want: int | None) -> None:
        _, hard = resource.getrlimit(limit)
        if want is None:  # no limit for this task: back to the hard limit
            want = hard
        elif hard != resource.RLIM_INFINITY:
            want = min(want, hard)
        resource.setrlimit(limit, (want, hard))

    soft(resource.RLIMIT_AS, _BASE_VM + memory_mb * 1024 * 1024 if memory_mb > 0 and _BASE_VM else None)
    used = resource.getrusage(resource.RUSAGE_SELF)
    soft(resource.RLIMIT_CPU, int(used.ru_utime + used.ru_stime + timeout * 2 + 5) if timeout > 0 else None)


def _worker_main(conn: Any) -> None:
    """The worker process: import the parsers once, then serve tasks until told to stop."""
    import signal
    import warnings
    from multiprocessing.reduction import recv_handle

    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is for the parent
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")  # numpy (pulled in by pymupdf) needs no thread pool here
    warnings.simplefilter("ignore")
    try:
        import docx  # noqa: F401
        import pymupdf

        pymupdf.TOOLS.mupdf_display_errors(False)
        pymupdf.TOOLS.mupdf_display_warnings(False)
    except Exception as exc:
        conn.send(("broken", f"{type(exc).__name__}: {exc}"))
        return
    global _BASE_VM
    _BASE_VM = _vm_size()
    conn.send(("ready", os.getpid()))
    while True:
        try:
            msg = conn.recv()
        except (EOFError, OSError):
            return
        if msg is None:
            return
        task_id, kind, max_chars, hook, memory_mb, timeout = msg
        try:
            fd = recv_handle(conn)  # the parent's descriptor: the worker never opens a path
        except (EOFError, OSError):
            return
        try:
            _set_limits(memory_mb, timeout)
            if hook is not None:
                WORKER_HOOKS[hook[0]](hook[1])
            result: tuple = (task_id, "ok", _PARSERS[kind](fd, max_chars))
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
        finally:
            os.close(fd)
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
        self._cancel = threading.Event()
        self.restarts = 0  # workers replaced after a timeout or a crash

    @property
    def pid(self) -> int | None:
        proc = self._proc
        return proc.pid if proc is not None and proc.is_alive() else None

    def cancel(self) -> None:
        """Abandon the task in progress (the worker is killed) and refuse new ones: shutdown."""
        self._cancel.set()

    def run(self, kind: str, fd: int, max_chars: int, timeout: float, hook: tuple[str, Any] | None,
            memory_mb: int = 0) -> Extraction:
        """Parse the open file ``fd`` as ``kind`` in the worker (the descriptor is passed, not a path);
        ``timeout`` 0 means no limit, ``memory_mb`` caps the worker's address space. Raises :class:`ExtractError`."""
        if self._cancel.is_set():
            raise ExtractCancelled("cancelled (shutting down)")
        conn = self._ensure()
        self._task_id += 1
        task_id = self._task_id
        try:
            conn.send((task_id, kind, max_chars, hook, memory_mb, timeout))
            send_handle(conn, fd, self._proc.pid)
            deadline = time.monotonic() + timeout
            while True:
                left = max(0.0, deadline - time.monotonic()) if timeout > 0 else _CANCEL_POLL_S  # 0: no limit
                if not conn.poll(min(left, _CANCEL_POLL_S)):
                    if self._cancel.is_set():
                        self._kill("shutting down")
                        raise ExtractCancelled("cancelled (shutting down)")
                    if timeout > 0 and time.monotonic() >= deadline:
                        self._kill(f"task timed out after {timeout:g} s")
                        raise ExtractTimeout(f"timed out after {timeout:g} s")
                    continue
                reply = conn.recv()
                if reply[0] == task_id:  # anything else is a stale reply: drop it
                    break
        except (EOFError, OSError, BrokenPipeError) as exc:
            code = None
            if self._proc is not None:
                self._proc.join(2)
                code = self._proc.exitcode
            self._kill("worker died")
            if code == -signal.SIGXCPU:
                raise ExtractTimeout("parser CPU time limit reached") from exc
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
            deadline = time.monotonic() + _WORKER_START_TIMEOUT_S
            while not parent.poll(_CANCEL_POLL_S):
                if self._cancel.is_set():
                    raise ExtractCancelled("cancelled (shutting down)")
                if time.monotonic() > deadline:
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
