"""Image captioners: one interface, a fake for tests and benches, and Moondream2.

``Captioner.caption(image) -> str`` takes a :class:`~manoled.vision.imageload.PreparedImage`
(already oriented, RGB, at most ``caption.max_side`` px, JPEG-encoded) and
returns a short plain caption. ``model_id`` plus :data:`PROMPT_VERSION` name
the caption in the content cache (:func:`producer`), so changing either makes
the background worker caption everything again.

:class:`MoondreamCaptioner` runs Moondream2 GGUF (text model + mmproj
projector) through llama-cpp-python's ``MoondreamChatHandler``. It imports
``llama_cpp`` and loads the weights only on the first caption, and
:meth:`~MoondreamCaptioner.unload` frees them (the worker calls it after
``caption.idle_unload_s`` without work). llama.cpp contexts are not thread
safe: calls are serialised by a lock.
"""

from __future__ import annotations

import logging
import os
import re
import threading
import time
from collections import deque
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

from ..errors import ModelError
from ..models.manifest import load_manifest

if TYPE_CHECKING:
    from ..config import CaptionConfig
    from .imageload import PreparedImage

log = logging.getLogger(__name__)

#: bump when PROMPT, MAX_TOKENS or clean_caption change what a caption looks like
PROMPT_VERSION = "v1"
PROMPT = "Describe this image in one or two sentences: the main subject, the setting and any visible text."
MAX_TOKENS = 96
MAX_CAPTION_CHARS = 500

TEXT_MODEL_FILE = "moondream2-text-model-f16.gguf"
MMPROJ_FILE = "moondream2-mmproj-f16.gguf"
FIX_HINT = "run `manoled models pull moondream2`, or set caption.model_path and caption.mmproj_path in the config"


class Captioner(Protocol):
    """What the caption worker needs from a captioner (:class:`MoondreamCaptioner`, :class:`FakeCaptioner`)."""

    model_id: str

    @property
    def loaded(self) -> bool:
        """Whether the model's weights are in memory."""
        ...

    def caption(self, image: PreparedImage) -> str: ...

    def unload(self) -> None:
        """Free the weights; the next :meth:`caption` loads them again."""
        ...


def producer(model_id: str) -> str:
    """The content-cache producer string for captions by ``model_id`` with the current prompt."""
    return f"caption:{model_id}:{PROMPT_VERSION}"


# -- cleaning ------------------------------------------------------------------
_BOILERPLATE = re.compile(
    r"""^\s*(?:
        (?:caption|answer|description|image\ description|short\ caption)\s*[:\-]\s*
      | (?:in\ )?(?:the|this)\ (?:image|picture|photo|photograph|scene|frame)\b\s*,?\s*
            (?:(?:shows|depicts|features|displays|contains|captures|presents|portrays|is\ of|appears\ to\ show|we\ see|there\ is|there\ are)\b)?\s*:?\s*
      | (?:this|it)\ is\ (?:an?\ )?(?:image|picture|photo|photograph)\ (?:of|showing|that\ shows)\b\s*
      | (?:an?\ )?(?:image|picture|photo|photograph)\ (?:of|showing)\b\s*
    )""",
    re.IGNORECASE | re.VERBOSE,
)
_SPACES = re.compile(r"\s+")


def clean_caption(text: str, max_chars: int = MAX_CAPTION_CHARS) -> str:
    """Strip the model's boilerplate ("The image shows", "Caption:", quotes), bound the length."""
    s = _SPACES.sub(" ", text or "").strip()
    for _ in range(4):  # "Caption: The image shows ..." needs two passes
        s = s.strip(" \"'“”‘’`*-:")
        new = _BOILERPLATE.sub("", s, count=1)
        if new == s:
            break
        s = new
    s = s.strip(" \"'“”‘’`*")
    if len(s) > max_chars:
        cut = s[:max_chars]
        end = max(cut.rfind(". "), cut.rfind("! "), cut.rfind("? "))
        s = cut[: end + 1] if end >= max_chars // 3 else cut.rsplit(" ", 1)[0].rstrip(",;:") + "…"
    if s:
        s = s[0].upper() + s[1:]
    return s


# -- fake ----------------------------------------------------------------------
class FakeCaptioner:
    """A scripted captioner: fixed captions by file name, an optional per-image delay, call counts.

    ``captions`` maps a file name to its caption; other images get ``default``
    (a format string with ``{name}``, ``{width}``, ``{height}``) or the result of
    ``fn(image)``. A name in ``fail`` raises :class:`ModelError`, to test failure
    handling. ``delay_s`` simulates model time (a plain sleep: it stands for work).
    """

    def __init__(
        self,
        model_id: str = "fake",
        *,
        delay_s: float = 0.0,
        captions: Mapping[str, str] | None = None,
        default: str = "A picture, {width}x{height} pixels.",
        fn: Callable[[PreparedImage], str] | None = None,
        fail: set[str] | None = None,
    ) -> None:
        self.model_id = model_id
        self.delay_s = delay_s
        self.captions = dict(captions or {})
        self.default = default
        self.fn = fn
        self.fail = set(fail or ())
        self.calls = 0
        self.seen: list[str] = []
        self.loads = 0
        self.unloads = 0
        self.loaded = False
        self._lock = threading.Lock()

    def caption(self, image: PreparedImage) -> str:
        with self._lock:
            if not self.loaded:
                self.loaded = True
                self.loads += 1
            self.calls += 1
            self.seen.append(image.path.name)
        if self.delay_s > 0:
            time.sleep(self.delay_s)
        if image.path.name in self.fail:
            raise ModelError(f"fake failure for {image.path.name}")
        if self.fn is not None:
            return self.fn(image)
        if image.path.name in self.captions:
            return self.captions[image.path.name]
        w, h = image.size
        return self.default.format(name=image.path.name, width=w, height=h)

    def unload(self) -> None:
        with self._lock:
            if self.loaded:
                self.loaded = False
                self.unloads += 1


# -- Moondream2 ----------------------------------------------------------------
@dataclass(frozen=True)
class MoondreamPaths:
    model: Path
    mmproj: Path


def _manifest_entries() -> tuple[dict, dict]:
    """Manifest entries (file, repo, revision) of the vision model and its projector."""
    model = {"file": TEXT_MODEL_FILE, "repo": None, "revision": None}
    mmproj = {"file": MMPROJ_FILE, "repo": None, "revision": None}
    try:
        data = load_manifest()
        by_role = {m.get("role"): m for m in data.get("models", []) if isinstance(m, dict)}
        model.update({k: v for k, v in by_role.get("vision", {}).items() if k in model and v})
        mmproj.update({k: v for k, v in by_role.get("vision-projector", {}).items() if k in mmproj and v})
    except (ModelError, AttributeError):
        pass
    return model, mmproj


def _find(models_dir: Path | None, entry: dict) -> Path | None:
    """``models_dir/<file>`` (or one folder below), else the Hugging Face cache (no network)."""
    name = entry["file"]
    if models_dir is not None and models_dir.is_dir():
        for candidate in (models_dir / name, *sorted(models_dir.glob(f"*/{name}"))):
            if candidate.is_file():
                return candidate
    if entry.get("repo"):
        try:
            from huggingface_hub import try_to_load_from_cache

            found = try_to_load_from_cache(repo_id=entry["repo"], filename=name, revision=entry.get("revision"))
        except Exception:  # noqa: BLE001 - the cache is only a fallback
            return None
        if isinstance(found, str) and Path(found).is_file():
            return Path(found)
    return None


def resolve_moondream(cfg: CaptionConfig, models_dir: Path | None) -> MoondreamPaths:
    """The model and projector paths (config keys first, then the models dir), or ModelError naming the fix."""
    model_entry, mmproj_entry = _manifest_entries()
    model_name, mmproj_name = model_entry["file"], mmproj_entry["file"]
    model = Path(cfg.model_path).expanduser() if cfg.model_path else _find(models_dir, model_entry)
    mmproj = Path(cfg.mmproj_path).expanduser() if cfg.mmproj_path else _find(models_dir, mmproj_entry)
    missing = []
    if model is None or not model.is_file():
        missing.append(f"text model ({cfg.model_path or model_name})")
    if mmproj is None or not mmproj.is_file():
        missing.append(f"projector ({cfg.mmproj_path or mmproj_name})")
    if missing:
        raise ModelError(f"vision model not found: missing {' and '.join(missing)}; {FIX_HINT}", code="model")
    assert model is not None and mmproj is not None
    return MoondreamPaths(model, mmproj)


_MTMD_LOG_CALLBACK = None  # keep a reference: mtmd holds a raw pointer to it
_MTMD_ERRORS: deque[str] = deque(maxlen=3)  # its last error lines, to say why a projector failed
_GGML_LOG_ERROR = 4


def _quiet_mtmd() -> None:
    """Send the projector library's per-image log lines to our DEBUG log instead of stderr."""
    global _MTMD_LOG_CALLBACK
    if _MTMD_LOG_CALLBACK is not None:
        return
    import ctypes

    import llama_cpp
    from llama_cpp import mtmd_cpp

    native = logging.getLogger("manoled.mtmd")

    @llama_cpp.llama_log_callback
    def _callback(level: int, text: bytes, user_data: ctypes.c_void_p) -> None:
        line = text.decode("utf-8", "replace").rstrip()
        if level == _GGML_LOG_ERROR and line:
            _MTMD_ERRORS.append(" ".join(line.split()))
        if native.isEnabledFor(logging.DEBUG):
            native.debug("%s", line)

    try:
        mtmd_cpp.mtmd_log_set(_callback, ctypes.c_void_p(0))
        mtmd_cpp.mtmd_helper_log_set(_callback, ctypes.c_void_p(0))
        _MTMD_LOG_CALLBACK = _callback
    except (AttributeError, TypeError):  # pragma: no cover - API differs between versions
        pass


class MoondreamCaptioner:
    """Moondream2 through llama-cpp-python's MoondreamChatHandler, loaded lazily."""

    def __init__(
        self,
        model_path: Path,
        mmproj_path: Path,
        *,
        n_threads: int = 0,
        n_ctx: int = 2048,
        max_tokens: int = MAX_TOKENS,
        prompt: str = PROMPT,
    ) -> None:
        self.model_path = Path(model_path)
        self.mmproj_path = Path(mmproj_path)
        self.model_id = self.model_path.stem  # e.g. "moondream2-text-model-f16"
        self.n_threads = n_threads or max(1, (os.cpu_count() or 2))
        self.n_ctx = n_ctx
        self.max_tokens = max_tokens
        self.prompt = prompt
        self._llm = None
        self._lock = threading.Lock()
        self.calls = 0
        self.loads = 0
        self.last_used = 0.0

    @classmethod
    def from_config(cls, cfg: CaptionConfig, models_dir: Path | None, n_threads: int = 0) -> MoondreamCaptioner:
        paths = resolve_moondream(cfg, models_dir)
        return cls(paths.model, paths.mmproj, n_threads=n_threads)

    @property
    def loaded(self) -> bool:
        return self._llm is not None

    def _load(self):
        if self._llm is not None:
            return self._llm
        try:
            from llama_cpp import Llama
            from llama_cpp.llama_chat_format import MoondreamChatHandler
        except ImportError as exc:
            raise ModelError(f"llama-cpp-python is not installed: {exc}") from exc
        started = time.monotonic()
        llm = None
        try:
            handler = MoondreamChatHandler(clip_model_path=str(self.mmproj_path), verbose=False)
            llm = Llama(
                model_path=str(self.model_path),
                chat_handler=handler,
                n_ctx=self.n_ctx,
                n_threads=self.n_threads,
                verbose=False,
            )
            _quiet_mtmd()
            _MTMD_ERRORS.clear()
            # the handler reads the projector only on its first chat call: read it now, so that a
            # broken or mismatched projector fails the load instead of being blamed on an image
            # (a private method of llama-cpp-python 0.3.36, the pinned version; tests/vision/test_caption_real.py)
            init_projector = getattr(handler, "_init_mtmd_context", None)
            if init_projector is not None:
                init_projector(llm)
        except Exception as exc:  # noqa: BLE001 - llama.cpp raises ValueError/RuntimeError
            if llm is not None:
                llm.close()
            why = f" ({' '.join(_MTMD_ERRORS)})" if _MTMD_ERRORS else ""
            raise ModelError(f"cannot load Moondream2 from {self.model_path} + {self.mmproj_path}: {exc}{why}") from exc
        self._llm = llm
        self.loads += 1
        log.info("loaded %s in %.1fs", self.model_id, time.monotonic() - started)
        return self._llm

    def caption(self, image: PreparedImage) -> str:
        with self._lock:
            llm = self._load()
            self.calls += 1
            try:
                out = llm.create_chat_completion(
                    messages=[{
                        "role": "user",
                        "content": [
                            {"type": "image_url", "image_url": {"url": image.data_uri()}},
                            {"type": "text", "text": self.prompt},
                        ],
                    }],
                    max_tokens=self.max_tokens,
                    temperature=0.1,
                    top_p=0.1,
                    top_k=50,
                )
            except Exception as exc:  # noqa: BLE001
                raise ModelError(f"captioning {image.path.name} failed: {exc}") from exc
            finally:
                self.last_used = time.monotonic()
        text = out["choices"][0]["message"].get("content") or ""
        return clean_caption(text)

    def unload(self) -> None:
        with self._lock:
            llm, self._llm = self._llm, None
            if llm is not None:
                try:
                    llm.close()
                except Exception:  # noqa: BLE001 - freeing must not raise
                    log.debug("closing the vision model failed", exc_info=True)
                log.info("unloaded %s", self.model_id)
