"""Image loading for the captioner: decode, orient, shrink, encode — pipelined.

:func:`load_image` turns one file into a :class:`PreparedImage`: the image
decoded (JPEGs at reduced size through ``Image.draft``, so a 4000x3000 photo is
decoded at about 1000x750), rotated by its EXIF orientation, converted to RGB,
shrunk to at most ``max_side`` pixels and encoded as JPEG bytes for the vision
model. A file that cannot be loaded (corrupt, truncated, a decompression bomb,
an unsupported format) gives a ``PreparedImage`` with ``error`` set: loading
never raises for a bad file.

:class:`PipelinedLoader` runs :func:`load_image` on ``threads`` background
threads while the caller captions the previous image (Pillow releases the GIL
while decoding, so the threads really run in parallel). It yields results in
input order. Memory is bounded: a thread takes one of ``prefetch + threads``
slots before it starts to decode and the slot is freed when the consumer takes
the result, so at most ``prefetch + threads`` images are being decoded or wait
ready, plus the one the consumer holds — whatever the number of inputs (the
inputs themselves are consumed lazily).
"""

from __future__ import annotations

import io
import logging
import math
import threading
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from PIL import Image, ImageOps, UnidentifiedImageError

log = logging.getLogger(__name__)

#: file extensions the captioner handles (lower case, no dot)
IMAGE_EXTS = frozenset({"jpg", "jpeg", "jpe", "png", "gif", "webp", "heic", "heif", "bmp", "tif", "tiff"})

JPEG_QUALITY = 90
_heif_lock = threading.Lock()
_heif_state: bool | None = None


def register_formats() -> bool:
    """Register the HEIC/HEIF opener (pillow-heif) once; False when it is not installed."""
    global _heif_state
    with _heif_lock:
        if _heif_state is None:
            try:
                from pillow_heif import register_heif_opener

                register_heif_opener()
                _heif_state = True
            except ImportError:  # pragma: no cover - pillow-heif is a dependency
                log.warning("pillow-heif is not installed: HEIC/HEIF images cannot be read")
                _heif_state = False
        return _heif_state


def default_max_pixels() -> int:
    return int(Image.MAX_IMAGE_PIXELS or 89_478_485)


@dataclass
class PreparedImage:
    """One image ready for the captioner (or the reason it is not)."""

    index: int  # position in the loader's input
    key: Any  # the caller's identity for this image (e.g. a content hash)
    path: Path
    jpeg: bytes | None = None  # encoded RGB JPEG, at most max_side px
    size: tuple[int, int] = (0, 0)  # size of the encoded image
    original_size: tuple[int, int] = (0, 0)  # size as stored in the file (before orientation)
    format: str = ""
    error: str | None = None
    _release: Callable[[], None] | None = field(default=None, repr=False, compare=False)

    @property
    def ok(self) -> bool:
        return self.error is None and self.jpeg is not None

    def data_uri(self) -> str:
        import base64

        if self.jpeg is None:
            raise ValueError(f"{self.path}: no image data ({self.error})")
        return "data:image/jpeg;base64," + base64.b64encode(self.jpeg).decode("ascii")

    def image(self) -> Image.Image:
        """Decode the prepared JPEG again (for tests and debugging)."""
        if self.jpeg is None:
            raise ValueError(f"{self.path}: no image data ({self.error})")
        return Image.open(io.BytesIO(self.jpeg))

    def release(self) -> None:
        """The consumer is done with this image (frees its slot in the live counter)."""
        cb, self._release = self._release, None
        if cb is not None:
            cb()


class LiveCounter:
    """Counts images held in memory by the loader and its consumer (instrumentation)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self.live = 0
        self.peak = 0
        self.loaded = 0

    def acquire(self) -> None:
        with self._lock:
            self.live += 1
            self.loaded += 1
            self.peak = max(self.peak, self.live)

    def release(self) -> None:
        with self._lock:
            self.live -= 1


def _draft_size(size: tuple[int, int], max_side: int) -> tuple[int, int]:
    w, h = size
    scale = min(1.0, max_side / max(w, h, 1))
    return max(1, math.ceil(w * scale)), max(1, math.ceil(h * scale))


def _to_rgb(im: Image.Image) -> Image.Image:
    if im.mode == "RGB":
        return im
    if im.mode in ("RGBA", "LA") or (im.mode == "P" and "transparency" in im.info):
        rgba = im.convert("RGBA")
        background = Image.new("RGB", rgba.size, (255, 255, 255))
        background.paste(rgba, mask=rgba.getchannel("A"))
        return background
    if im.mode in ("I;16", "I;16B", "I;16L", "I"):
        im = im.point(lambda v: v / 256).convert("L")  # 16-bit greyscale down to 8 bits
    elif im.mode == "F":
        im = im.convert("L")
    return im.convert("RGB")


def load_image(
    path: Path,
    max_side: int = 768,
    *,
    max_pixels: int | None = None,
    index: int = 0,
    key: Any = None,
    quality: int = JPEG_QUALITY,
    use_draft: bool = True,
    data: bytes | None = None,
) -> PreparedImage:
    """Load one image for captioning; a bad file gives ``error`` instead of raising.

    ``data``, when given, is the file's content already read (the caller hashed it).
    """
    register_formats()
    path = Path(path)
    out = PreparedImage(index=index, key=key, path=path)
    # never above Pillow's own limit: Image.open warns (DecompressionBombWarning) past it, and a
    # warning counts as an error too, so the check below rejects everything that could warn
    limit = default_max_pixels() if max_pixels is None else min(max_pixels, default_max_pixels())
    try:
        with Image.open(io.BytesIO(data) if data is not None else path) as im:
            out.format = im.format or ""
            out.original_size = im.size
            w, h = im.size
            if w <= 0 or h <= 0:
                raise ValueError(f"invalid dimensions {w}x{h}")
            if w * h > limit:
                raise Image.DecompressionBombError(
                    f"{w}x{h} = {w * h} pixels exceeds the limit of {limit} (decompression bomb?)"
                )
            if getattr(im, "n_frames", 1) > 1:
                im.seek(0)  # GIF/WebP/TIFF: the first frame
            if use_draft and im.format == "JPEG" and max_side > 0:
                im.draft("RGB", _draft_size(im.size, max_side))
            im.load()
            rgb = _to_rgb(ImageOps.exif_transpose(im))
            if max_side > 0 and max(rgb.size) > max_side:
                rgb.thumbnail((max_side, max_side), Image.Resampling.LANCZOS, reducing_gap=2.0)
            buf = io.BytesIO()
            rgb.save(buf, format="JPEG", quality=quality)
            out.jpeg = buf.getvalue()
            out.size = rgb.size
    except Image.DecompressionBombError as exc:
        out.error = f"decompression bomb: {exc}"
    except UnidentifiedImageError:
        out.error = "not a recognised image (corrupt or unsupported format)"
    except FileNotFoundError:
        out.error = "file not found"
    except OSError as exc:
        msg = str(exc) or exc.__class__.__name__
        out.error = f"truncated image: {msg}" if "truncated" in msg.lower() else f"unreadable image: {msg}"
    except (ValueError, SyntaxError, EOFError, MemoryError) as exc:
        out.error = f"unreadable image: {exc.__class__.__name__}: {exc}"
    except Exception as exc:  # noqa: BLE001 - a plugin bug must not kill the loader thread
        out.error = f"unreadable image: {exc.__class__.__name__}: {exc}"
    if out.error is not None:
        out.jpeg = None
    return out


class PipelinedLoader:
    """Load images on background threads while the consumer captions; yields in input order.

    ``items`` is an iterable of ``(key, path)`` pairs, consumed lazily. Iterate
    the loader (once) and call :meth:`close` (or use it as a context manager)
    when stopping early. The consumer holds one image at a time: taking the next
    one releases the previous one.
    """

    def __init__(
        self,
        items: Iterable[tuple[Any, Path]],
        *,
        max_side: int = 768,
        prefetch: int = 4,
        threads: int = 2,
        max_pixels: int | None = None,
        counter: LiveCounter | None = None,
        load: Callable[..., PreparedImage] = load_image,
    ) -> None:
        self.max_side = max_side
        self.prefetch = max(0, prefetch)
        self.threads = max(1, threads)
        self.max_pixels = max_pixels
        self.counter = counter or LiveCounter()
        self._load = load
        self._items = iter(items)
        self._next_input = 0  # index handed to the next loading thread
        self._input_done = False
        self._slots = threading.Semaphore(self.prefetch + self.threads)
        self._cond = threading.Condition()
        self._ready: dict[int, PreparedImage] = {}
        self._running = 0
        self._closed = False
        self._started = False
        self._workers: list[threading.Thread] = []
        self._held: PreparedImage | None = None

    # -- threads ---------------------------------------------------------
    def _start(self) -> None:
        self._started = True
        self._running = self.threads
        for i in range(self.threads):
            t = threading.Thread(target=self._work, name=f"manoled-imageload-{i}", daemon=True)
            self._workers.append(t)
            t.start()

    def _take_input(self) -> tuple[int, Any, Path] | None:
        with self._cond:
            if self._input_done or self._closed:
                return None
            try:
                key, path = next(self._items)
            except StopIteration:
                self._input_done = True
                return None
            except Exception:  # noqa: BLE001 - a failing input iterator ends the input
                log.exception("image loader input failed")
                self._input_done = True
                return None
            i = self._next_input
            self._next_input += 1
            return i, key, Path(path)

    def _work(self) -> None:
        try:
            while True:
                while not self._slots.acquire(timeout=0.2):
                    if self._closed:
                        return
                if self._closed:
                    self._slots.release()
                    return
                taken = self._take_input()
                if taken is None:
                    self._slots.release()
                    return
                i, key, path = taken
                self.counter.acquire()
                try:
                    result = self._load(path, self.max_side, max_pixels=self.max_pixels, index=i, key=key)
                except Exception as exc:  # noqa: BLE001 - load_image never raises, a custom load might
                    result = PreparedImage(index=i, key=key, path=path, error=f"{exc.__class__.__name__}: {exc}")
                result.index, result.key = i, key
                result._release = self.counter.release
                with self._cond:
                    if self._closed:
                        result.release()
                        self._slots.release()
                        return
                    self._ready[i] = result
                    self._cond.notify_all()
        finally:
            with self._cond:
                self._running -= 1
                self._cond.notify_all()

    # -- consumer --------------------------------------------------------
    def __iter__(self) -> Iterator[PreparedImage]:
        if self._started:
            raise RuntimeError("a PipelinedLoader can be iterated once")
        self._start()
        want = 0
        try:
            while True:
                if self._held is not None:
                    self._held.release()
                    self._held = None
                with self._cond:
                    while want not in self._ready:
                        if self._closed:
                            return
                        if self._running == 0:  # every thread has stored its results and left
                            return
                        self._cond.wait(timeout=0.5)
                    item = self._ready.pop(want)
                self._slots.release()  # its slot: a thread may start on the next input
                want += 1
                self._held = item
                yield item
        finally:
            self.close()

    def close(self) -> None:
        with self._cond:
            if self._closed:
                return
            self._closed = True
            leftovers = list(self._ready.values())
            self._ready.clear()
            self._cond.notify_all()
        for item in leftovers:
            item.release()
        if self._held is not None:
            self._held.release()
            self._held = None
        for _ in range(len(self._workers)):
            self._slots.release()  # wake threads blocked on a slot
        for t in self._workers:
            if t is not threading.current_thread():
                t.join(timeout=5.0)

    def __enter__(self) -> PipelinedLoader:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
