"""Indexing progress in the unit of work: files, bytes and passages, with an ETA from measured rates.

The indexer calls :class:`Tracker` as it goes (``plan`` when files are
queued, ``prepared`` when a file's text is known, ``embedded`` after each
embedding call (a step may make several), ``step`` after each commit,
``finished`` when a file leaves the queue); anyone may read ``snapshot()``
from another thread (the daemon's ``status``, the ``manoled index`` line).

The ETA is ``per_passage·passages_left + per_char·chars_left + per_file·files_left``, from
measured costs: ``per_passage`` and ``per_char`` come from the seconds the indexer reports for
embedding (``embedded``) over the last ``RATE_WINDOW_S`` of such work (the machine's load
changes), told apart by least squares when the calls' passage lengths differ, plus the
commit seconds per passage (``step``); ``per_file`` is all the other busy time (stat, hash,
extract, catalog) per file read so far. ``chars_left`` is the characters read and not yet
embedded plus the bytes not yet read times the text/bytes ratio measured per kind (a PDF
holds fewer characters than its size, an HTML page fewer than its markup);
``passages_left`` counts the passages read and not yet embedded and estimates the rest from
``passage_chars``. It knows nothing about which embedder
runs: it only sees seconds, files and characters.
"""

from __future__ import annotations

import threading
import time
from collections import deque
from dataclasses import dataclass

import numpy as np

# a priori characters of text per byte of file, until measured
PRIOR_RATIO = {"text": 1.0, "pdf": 0.15, "doc": 0.3, "image": 0.0, "other": 0.0}
RATE_WINDOW_S = 30.0  # the embedding rate is measured over about this much recent work


@dataclass
class Progress:
    """One snapshot. ``done``/``total`` are files (the older API); the rest is the unit of work."""

    done: int
    total: int
    passages: int  # committed (searchable) in this run
    started: float
    embedded: int = 0  # embedded in this run, committed or about to be
    bytes_done: int = 0
    bytes_total: int = 0
    seconds: float = 0.0
    passages_per_s: float = 0.0
    eta_s: float | None = None
    fraction: float = 0.0  # of the estimated work
    current: str | None = None

    @property
    def rate(self) -> float:
        """Files per second (the older API)."""
        return self.done / self.seconds if self.seconds > 0 else 0.0

    def as_dict(self) -> dict[str, object]:
        return {
            "files_done": self.done, "files_total": self.total, "passages": self.passages,
            "passages_embedded": self.embedded,
            "bytes_done": self.bytes_done, "bytes_total": self.bytes_total,
            "passages_per_s": round(self.passages_per_s, 2), "seconds": round(self.seconds, 1),
            "eta_s": None if self.eta_s is None else round(self.eta_s, 1),
            "fraction": round(self.fraction, 4), "current": self.current,
        }


class Tracker:
    """Thread-safe running totals for one or more ``apply`` calls; ``snapshot()`` at any time."""

    def __init__(self, clock=time.monotonic, passage_chars: int = 680) -> None:
        self._clock = clock
        self.passage_chars = max(1, passage_chars)  # new text per passage (chunk size less overlap)
        self._lock = threading.Lock()
        self.reset()

    def reset(self) -> None:
        with getattr(self, "_lock", threading.Lock()):
            self.started: float | None = None
            self.files_total = 0
            self.files_done = 0
            self.bytes_total = 0
            self.bytes_done = 0
            self.passages = 0
            self.embedded_passages = 0
            self._unstepped_chars = 0  # embedded, reported by ``embedded``, and not yet committed
            self.busy_s = 0.0  # seconds inside apply with work queued
            self._since: float | None = None
            self._kind_bytes: dict[str, int] = {}
            self._kind_chars: dict[str, int] = {}
            self._left: dict[str, int] = {}  # bytes queued and not yet prepared, by kind
            self._chars_left = 0  # characters prepared and not yet embedded
            self._files_prepared = 0
            self._passages_left = 0  # prepared and not yet embedded
            self._work: deque[tuple[int, int, float]] = deque()  # recent (passages, characters, seconds) embedded
            self._work_s = 0.0  # seconds in ``_work``
            self._char_s = 0.0  # all seconds of embedding and commits
            self._commit_s = 0.0  # seconds of commits beyond embedding, and their passages
            self._commit_n = 0
            self.current: str | None = None

    # -- the indexer reports ------------------------------------------------
    def plan(self, files: int, sizes: dict[str, int]) -> None:
        """``files`` more files queued, ``sizes`` their bytes by kind."""
        with self._lock:
            now = self._clock()
            if self.started is None:
                self.started = now
            if self._since is None:
                self._since = now
            self.files_total += files
            for kind, n in sizes.items():
                self.bytes_total += n
                self._left[kind] = self._left.get(kind, 0) + n

    def prepared(self, kind: str, size: int, chars: int, passages: int | None = None) -> None:
        """A file's text is known: ``chars`` characters (``passages`` passages) to embed; 0 if unchanged,
        skipped or failed."""
        with self._lock:
            self._left[kind] = max(0, self._left.get(kind, 0) - size)
            self._files_prepared += 1
            if chars:
                self._kind_bytes[kind] = self._kind_bytes.get(kind, 0) + size
                self._kind_chars[kind] = self._kind_chars.get(kind, 0) + chars
                self._chars_left += chars
                self._passages_left += passages if passages is not None else -(-chars // self.passage_chars)

    def embedded(self, passages: int, chars: int, seconds: float = 0.0) -> None:
        """An embedding call: ``passages`` (``chars`` characters) embedded in ``seconds``, committed by a later ``step``."""
        with self._lock:
            self.embedded_passages += passages
            self._unstepped_chars += chars
            self._consume(passages, chars, seconds)

    def step(self, passages: int, chars: int, seconds: float = 0.0) -> None:
        """A commit of ``passages`` (``chars`` characters); ``seconds`` it took beyond the ``embedded`` calls."""
        with self._lock:
            self.passages += passages
            self.embedded_passages = max(self.embedded_passages, self.passages)
            seen = min(chars, self._unstepped_chars)  # already counted by ``embedded``
            self._unstepped_chars -= seen
            if chars > seen:  # committed without an ``embedded`` report: all its time counts as embedding
                self._consume(passages, chars - seen, seconds)
            else:
                self._char_s += seconds
                self._commit_s += seconds
                self._commit_n += passages

    def _consume(self, passages: int, chars: int, seconds: float) -> None:
        self._chars_left = max(0, self._chars_left - chars)
        self._passages_left = max(0, self._passages_left - passages)
        self._char_s += seconds
        self._work.append((passages, chars, seconds))
        self._work_s += seconds
        while len(self._work) > 1 and self._work_s - self._work[0][2] >= RATE_WINDOW_S:
            self._work_s -= self._work.popleft()[2]

    def finished(self, size: int, current: str | None = None) -> None:
        """A file has left the queue (indexed, unchanged, skipped or failed)."""
        with self._lock:
            self.files_done += 1
            self.bytes_done += size
            self.current = current

    def working_on(self, current: str | None) -> None:
        with self._lock:
            self.current = current

    def idle(self) -> None:
        """Nothing queued: stop the clock (the rate only counts time with work)."""
        with self._lock:
            if self._since is not None:
                self.busy_s += self._clock() - self._since
                self._since = None
            self.current = None

    # -- readers -----------------------------------------------------------
    def _elapsed(self) -> float:
        return self.busy_s + (self._clock() - self._since if self._since is not None else 0.0)

    def _chars_ahead(self) -> float:
        total = float(self._chars_left)
        seen_b = sum(self._kind_bytes.values())
        seen_c = sum(self._kind_chars.values())
        for kind, n in self._left.items():
            if self._kind_bytes.get(kind, 0) >= 4096:
                ratio = self._kind_chars[kind] / self._kind_bytes[kind]
            elif kind == "text" and seen_b >= 4096:
                ratio = seen_c / seen_b
            else:
                ratio = PRIOR_RATIO.get(kind, 0.5)
            total += n * ratio
        return total

    def _costs(self) -> tuple[float, float, float] | None:
        """(seconds per passage, per character, and of other work per file), measured so far.

        Embedding costs a part per passage and a part per character: short passages (small files
        come first) cost more per character than full ones. The two are told apart by least squares
        over the recent embedding calls when their passage lengths differ enough; else all of it
        counts per character."""
        work = self._work
        chars = sum(c for _, c, _ in work)
        if chars <= 0:
            return None
        per_passage, per_char = 0.0, self._work_s / chars
        if len(work) >= 4:
            a = np.asarray([[n, c] for n, c, _ in work], dtype=float)
            lengths = a[:, 1] / np.maximum(a[:, 0], 1)
            if lengths.max() > 1.5 * max(lengths.min(), 1.0):
                (pp, pc), *_ = np.linalg.lstsq(a, np.asarray([t for *_, t in work]), rcond=None)
                if pp >= 0 and pc > 0:
                    per_passage, per_char = float(pp), float(pc)
        if self._commit_n:
            per_passage += self._commit_s / self._commit_n
        other = max(0.0, self._elapsed() - self._char_s)
        return per_passage, per_char, other / self._files_prepared if self._files_prepared else 0.0

    def snapshot(self) -> Progress:
        with self._lock:
            elapsed = self._elapsed()
            files_left = max(0, self.files_total - self.files_done)
            chars_ahead = self._chars_ahead()
            costs = self._costs()
            eta = None
            if costs is not None:
                unread = max(0, self.files_total - self._files_prepared)
                unread_chars = max(0.0, chars_ahead - self._chars_left)
                passages_ahead = self._passages_left + unread_chars / self.passage_chars + 0.5 * unread
                eta = costs[0] * passages_ahead + costs[1] * chars_ahead + costs[2] * unread
            elif not files_left:
                eta = 0.0
            if eta is not None:
                fraction = elapsed / (elapsed + eta) if elapsed + eta > 0 else 1.0
            else:
                fraction = 1.0 if not files_left else 0.0
            if not files_left:
                eta, fraction = 0.0, 1.0
            return Progress(
                done=self.files_done, total=self.files_total, passages=self.passages,
                embedded=max(self.embedded_passages, self.passages), started=self.started or self._clock(), bytes_done=self.bytes_done, bytes_total=self.bytes_total,
                seconds=elapsed, passages_per_s=max(self.embedded_passages, self.passages) / elapsed if elapsed > 0 else 0.0,
                eta_s=eta, fraction=fraction, current=self.current,
            )
