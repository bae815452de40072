"""The background caption worker: images in the catalog → captions in the cache → passages.

One pass (:meth:`CaptionWorker.run_once`):

1. lists the indexed images whose content hash has neither a cached caption nor
   a recorded failure for the current producer (``caption:<model id>:<prompt
   version>``), one entry per distinct hash — so a renamed or moved image, a
   second copy of an image and a restart cost nothing;
2. loads them with the :class:`~manoled.vision.imageload.PipelinedLoader` (the next
   images decode while the model captions this one), checking that the bytes
   read still have the catalog's hash;
3. captions each one, stores the caption in ``content_cache`` and calls
   ``indexer.reindex_file`` for every file with that content, which adds the
   "Photo description: …" passage (only those files are re-derived);
4. records a bad image (corrupt, truncated, decompression bomb) or a caption
   error in ``caption_failures``, keyed by hash and producer: it is not tried
   again until its content (or the model or prompt) changes.

Between images the worker yields to questions: while :meth:`pause_for_question`
is held, or the ``busy`` event is set, it waits. With no vision model present
the worker does nothing and its status says why and how to fix it; images are
still indexed by file name and EXIF (:mod:`manoled.vision.exif`).
"""

from __future__ import annotations

import hashlib
import logging
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..catalog.store import Catalog
from ..config import CaptionConfig, Config
from ..errors import ModelError
from ..index.safeopen import read_regular
from .captioners import Captioner, MoondreamCaptioner, clean_caption, producer
from .imageload import LiveCounter, PipelinedLoader, PreparedImage, load_image
from .passages import CaptionPassages, Reindexer

log = logging.getLogger(__name__)

def content_hash(data: bytes) -> str:
    """The catalog's content hash of ``data`` (same as ``manoled.index.pipeline.hash_file``)."""
    return hashlib.blake2b(data, digest_size=16).hexdigest()


@dataclass(frozen=True)
class _Todo:
    hash: str
    file_id: int
    path: Path


class CaptionWorker:
    """Captions uncached images on one background thread.

    ``captioner``: a ready captioner (tests pass a FakeCaptioner); when None the
    worker looks for Moondream2 (``caption.model_path``/``caption.mmproj_path``,
    else ``models_dir``) at each pass and creates it when found — it loads its
    weights only when there is an image to caption.
    """

    def __init__(
        self,
        catalog: Catalog,
        indexer: Reindexer | None,
        config: Config | CaptionConfig,
        *,
        captioner: Captioner | None = None,
        models_dir: Path | None = None,
        busy: threading.Event | None = None,
        max_pixels: int | None = None,
        poll_s: float = 60.0,
        n_threads: int = 0,
        counter: LiveCounter | None = None,
    ) -> None:
        self.catalog = catalog
        self.indexer = indexer
        self._passages = CaptionPassages(catalog, indexer)
        self.cfg: CaptionConfig = config.caption if isinstance(config, Config) else config
        self.models_dir = Path(models_dir) if models_dir is not None else None
        self.busy = busy if busy is not None else threading.Event()
        self.max_pixels = max_pixels
        self.poll_s = poll_s
        self.n_threads = n_threads
        self.counter = counter or LiveCounter()
        self._captioner: Captioner | None = captioner
        self._explicit = captioner is not None
        self._lock = threading.Lock()
        self._cond = threading.Condition(self._lock)
        self._questions = 0
        self._held = False  # the user paused background work
        self._stop = threading.Event()
        self._wake = threading.Event()
        self._idle = threading.Event()
        self._thread: threading.Thread | None = None
        self._last_work = time.monotonic()
        # status
        self._state = "stopped"
        self._message = "not started"
        self._done = 0
        self._total = 0
        self._failed = 0
        self._pass_processed = 0
        self._pass_active_s = 0.0
        self._pending = 0

    # -- captioner -----------------------------------------------------------
    @property
    def captioner(self) -> Captioner | None:
        return self._captioner

    @property
    def producer(self) -> str | None:
        return producer(self._captioner.model_id) if self._captioner is not None else None

    def _ensure_captioner(self) -> Captioner | None:
        if not self.cfg.enabled:
            self._set_state("off", "captioning off: disabled in config (caption.enabled = false)")
            return None
        if self._captioner is not None:
            return self._captioner
        try:
            self._captioner = MoondreamCaptioner.from_config(self.cfg, self.models_dir, n_threads=self.n_threads)
        except ModelError as exc:
            self._set_state("off", f"captioning off: {exc.message}")
            return None
        log.info("vision model found: %s", self._captioner.model_id)
        return self._captioner

    def _unload(self) -> None:
        if self._captioner is not None and self._captioner.loaded:
            try:
                self._captioner.unload()
            except Exception:  # noqa: BLE001
                log.exception("unloading the vision model failed")

    # -- lifecycle -----------------------------------------------------------
    def start(self) -> None:
        if self._thread is not None and self._thread.is_alive():
            return
        self._stop.clear()
        self._idle.clear()
        self._set_state("starting", "starting")
        self._thread = threading.Thread(target=self._run, name="manoled-caption", daemon=True)
        self._thread.start()

    def stop(self, timeout: float = 30.0) -> None:
        """Stop after the image being captioned (never mid-caption), then free the model."""
        self._stop.set()
        self._wake.set()
        with self._cond:
            self._cond.notify_all()
        if self._thread is not None:
            self._thread.join(timeout)
            self._thread = None
        self._unload()
        self._set_state("stopped", "stopped")

    def kick(self) -> None:
        """New or changed images may be waiting: run a pass soon."""
        with self._lock:
            self._idle.clear()
            self._wake.set()

    def wait_idle(self, timeout: float) -> bool:
        """Block until a pass has found nothing left to caption (for tests and `manoled index`)."""
        return self._idle.wait(timeout)

    @contextmanager
    def pause_for_question(self) -> Iterator[None]:
        """Hold while a question is answered: the worker waits between images."""
        with self._cond:
            self._questions += 1
        try:
            yield
        finally:
            with self._cond:
                self._questions -= 1
                self._cond.notify_all()

    def pause(self) -> None:
        """Hold captioning (the user's `pause`) until :meth:`resume`."""
        with self._cond:
            self._held = True

    def resume(self) -> None:
        with self._cond:
            self._held = False
            self._cond.notify_all()

    def _paused(self) -> bool:
        return self._questions > 0 or self.busy.is_set() or self._held

    def _wait_not_busy(self) -> None:
        with self._cond:
            if not self._paused():
                return
            previous = (self._state, self._message)
            self._state, self._message = "paused", ("paused" if self._held else "paused while a question is answered")
            while self._paused() and not self._stop.is_set():
                self._cond.wait(0.05)  # the busy Event cannot notify us: poll it
            self._state, self._message = previous

    def _run(self) -> None:
        while not self._stop.is_set():
            self._wake.clear()
            try:
                self.run_once()
            except Exception as exc:  # noqa: BLE001 - the worker must outlive any one pass
                log.exception("caption pass failed")
                self._set_state("error", f"captioning error: {exc}")
            if self._stop.is_set():
                break
            with self._lock:
                if not self._wake.is_set():  # nothing arrived during the pass
                    self._idle.set()
            self._idle_wait()
        self._idle.set()

    def _idle_wait(self) -> None:
        """Wait for a kick or the poll interval, unloading the model after idle_unload_s."""
        deadline = time.monotonic() + self.poll_s
        while not self._stop.is_set() and not self._wake.is_set():
            now = time.monotonic()
            if now >= deadline:
                return
            wait = deadline - now
            if self._captioner is not None and self._captioner.loaded:
                unload_at = self._last_work + self.cfg.idle_unload_s
                if now >= unload_at:
                    self._unload()
                    continue
                wait = min(wait, unload_at - now)
            self._wake.wait(max(0.01, wait))

    # -- one pass ------------------------------------------------------------
    def _pending_todo(self, prod: str) -> list[_Todo]:
        rows = self.catalog.query(
            """SELECT f.hash, MIN(f.id), r.path, f.relpath FROM files f JOIN roots r ON r.id = f.root_id
               WHERE f.kind = 'image' AND f.state = 'indexed' AND f.hash IS NOT NULL
                 AND NOT EXISTS (SELECT 1 FROM content_cache c WHERE c.hash = f.hash AND c.producer = ?)
                 AND NOT EXISTS (SELECT 1 FROM caption_failures x WHERE x.hash = f.hash AND x.producer = ?)
               GROUP BY f.hash ORDER BY MIN(f.id)""",
            (prod, prod),
        )
        return [_Todo(h, fid, Path(root) / rel) for h, fid, root, rel in rows]

    def _count(self, prod: str) -> tuple[int, int, int]:
        """(distinct image contents, captioned, failed) for ``prod``."""
        total = self.catalog.query(
            "SELECT COUNT(DISTINCT hash) FROM files WHERE kind='image' AND state='indexed' AND hash IS NOT NULL"
        )[0][0]
        done = self.catalog.query(
            "SELECT COUNT(DISTINCT f.hash) FROM files f JOIN content_cache c ON c.hash=f.hash AND c.producer=? "
            "WHERE f.kind='image' AND f.state='indexed'", (prod,)
        )[0][0]
        failed = self.catalog.query(
            "SELECT COUNT(DISTINCT f.hash) FROM files f JOIN caption_failures x ON x.hash=f.hash AND x.producer=? "
            "WHERE f.kind='image' AND f.state='indexed'", (prod,)
        )[0][0]
        return int(total), int(done), int(failed)

    def _load(self, path: Path, max_side: int, *, max_pixels: int | None, index: int, key: Any) -> PreparedImage:
        try:
            data = read_regular(path)  # no link followed, never blocks on a FIFO swapped in
        except OSError as exc:
            return PreparedImage(index=index, key=key, path=path, error=f"unreadable: {exc.strerror or exc}")
        if content_hash(data) != key:
            return PreparedImage(index=index, key=key, path=path, error=_CHANGED)
        return load_image(path, max_side, max_pixels=max_pixels, index=index, key=key, data=data)

    def run_once(self) -> int:
        """Caption everything pending now; returns how many captions were stored."""
        cap = self._ensure_captioner()
        if cap is None:
            return 0
        prod = producer(cap.model_id)
        self._passages.resync(prod, self._stop)
        todo = self._pending_todo(prod)
        with self._lock:
            self._total, self._done, self._failed = self._count(prod)
            self._pending = len(todo)
            self._pass_processed, self._pass_active_s = 0, 0.0
        if not todo:
            self._set_state("idle", self._idle_message())
            return 0
        log.info("captioning %d images with %s", len(todo), cap.model_id)
        self._set_state("captioning", "captioning")
        by_hash = {t.hash: t for t in todo}
        stored = 0
        loader = PipelinedLoader(
            ((t.hash, t.path) for t in todo),
            max_side=self.cfg.max_side,
            prefetch=self.cfg.prefetch,
            threads=self.cfg.loader_threads,
            max_pixels=self.max_pixels,
            counter=self.counter,
            load=self._load,
        )
        with loader:
            for img in loader:
                self._wait_not_busy()
                if self._stop.is_set() or not self.cfg.enabled:
                    break
                started = time.monotonic()
                try:
                    if self._caption_one(cap, prod, img, by_hash[img.key]):
                        stored += 1
                except _ModelDown as exc:
                    self._set_state("error", f"captioning stopped: {exc}")
                    log.warning("captioning stopped: %s", exc)
                    return stored
                finally:
                    self._last_work = time.monotonic()
                    with self._lock:
                        self._pass_active_s += self._last_work - started
                        self._pass_processed += 1
                        self._pending -= 1
                    if self._state == "captioning":
                        self._set_state("captioning", self._progress_message())
        self._set_state("idle", self._idle_message())
        return stored

    def _caption_one(self, cap: Captioner, prod: str, img: PreparedImage, todo: _Todo) -> bool:
        if img.error == _CHANGED:
            log.debug("%s changed since it was hashed; it is captioned after it is re-indexed", img.path)
            return False
        if not img.ok:
            self._record_failure(todo, prod, img.error or "unreadable image")
            return False
        was_loaded = cap.loaded
        try:
            text = clean_caption(cap.caption(img))
        except Exception as exc:  # noqa: BLE001 - one image must never stop the worker
            if not was_loaded and not cap.loaded:
                raise _ModelDown(str(exc)) from exc  # the model itself did not load: not this image's fault
            self._record_failure(todo, prod, f"captioning failed: {exc}")
            return False
        if not text:
            self._record_failure(todo, prod, "the model returned an empty caption")
            return False
        self.catalog.cache_put(todo.hash, prod, text)
        with self._lock:
            self._done += 1
        self._passages.reindex(todo.hash, prod)
        return True

    def _record_failure(self, todo: _Todo, prod: str, reason: str) -> None:
        log.info("caption failed for %s: %s", todo.path, reason)
        with self.catalog.tx() as c:
            c.execute(
                "INSERT OR REPLACE INTO caption_failures(hash, producer, reason, path, created) VALUES(?,?,?,?,?)",
                (todo.hash, prod, reason, str(todo.path), time.time()),
            )
        with self._lock:
            self._failed += 1

    # -- status --------------------------------------------------------------
    def failures(self, limit: int = 20) -> list[dict[str, str]]:
        """Recent caption failures for the current model and prompt: path and reason."""
        prod = self.producer
        if prod is None:
            return []
        rows = self.catalog.query(
            "SELECT path, reason FROM caption_failures WHERE producer=? ORDER BY created DESC LIMIT ?", (prod, limit)
        )
        return [{"path": p or "", "reason": r} for p, r in rows]

    def _rate(self) -> float:
        return self._pass_processed / self._pass_active_s if self._pass_active_s > 0 else 0.0

    def _progress_message(self) -> str:
        rate = self._rate()
        eta = f", about {_duration(self._pending / rate)} left" if rate > 0 else ""
        return f"captioning: {self._done} of {self._total} images done, {rate:.2f}/s{eta}"

    def _idle_message(self) -> str:
        failed = f" ({self._failed} could not be captioned)" if self._failed else ""
        return f"all {self._done} images captioned{failed}"

    def _set_state(self, state: str, message: str) -> None:
        self._state, self._message = state, message

    def status(self) -> dict[str, Any]:
        """done/total (distinct image contents), rate (images/s this pass), eta_s, failures, state, message."""
        with self._lock:
            rate = self._rate()
            captioner = self._captioner
            return {
                "state": self._state,
                "message": self._message,
                "enabled": self.cfg.enabled,
                "model_id": captioner.model_id if captioner is not None else None,
                "model_loaded": bool(captioner is not None and captioner.loaded),
                "producer": producer(captioner.model_id) if captioner is not None else None,
                "done": self._done,
                "total": self._total,
                "pending": self._pending,
                "failures": self._failed,
                "rate": round(rate, 3),
                "eta_s": round(self._pending / rate, 1) if rate > 0 and self._pending > 0 else None,
            }


_CHANGED = "changed on disk since it was hashed"


class _ModelDown(Exception):
    """The vision model could not be loaded: stop the pass, record nothing against the image."""


def _duration(seconds: float) -> str:
    seconds = int(seconds)
    if seconds < 90:
        return f"{seconds}s"
    if seconds < 5400:
        return f"{round(seconds / 60)}m"
    return f"{seconds // 3600}h{(seconds % 3600) // 60:02d}m"
