"""The vector index: a LEANN IVF index (FAISS IndexIVFFlat) kept in memory.

Why IVF and not LEANN's default HNSW: HNSW in LEANN can only append, so a
modify or delete would need tombstones plus a full rebuild; LEANN's IVF backend
removes ids in place (see docs/architecture.md for the measurements).

* The on-disk layout is LEANN's: ``manole.leann.meta.json``, ``manole.index``
  and ``manole.ivf_id_map.json``, written by ``LeannBuilder`` on a full build.
* FAISS ids are the catalog's passage ids, so no id map lookup is needed.
* Updates are applied in memory (``add``/``remove``) and saved by ``save()``.
  The catalog's ``in_index`` flags and tombstones make that crash-safe.
* The index never stores text: hits are joined back to the catalog, so a
  passage deleted there can never be returned.
* From ``quantize_above`` vectors (10k) a (re)build stores them as 8-bit
  scalars (IVF-SQ8: a quarter of the bytes on disk and in memory). With a
  ``rescore`` source (the catalog's float16 vectors) a search takes
  :data:`RESCORE_FACTOR` times more SQ8 candidates and ranks them by their
  stored vectors, so recall@10 stays that of exact search (bench/scale.py).
"""

from __future__ import annotations

import json
import logging
import math
import os
import threading
from collections.abc import Callable, Iterable
from pathlib import Path

import numpy as np

log = logging.getLogger(__name__)

INDEX_NAME = "manole.leann"
EXACT_UP_TO = 200_000
QUANTIZE_ABOVE = 10_000  # a (re)build at this many vectors or more stores them as 8-bit scalars (IVF-SQ8)
RESCORE_FACTOR = 4  # SQ8 candidates per wanted hit, re-ranked with the stored vectors
RESCORE_EXTRA = 32
TRAIN_SAMPLE = 100_000


def _quiet_leann() -> None:
    for name in ("leann", "leann_backend_ivf", "leann.api", "faiss", "faiss.loader"):
        logging.getLogger(name).setLevel(logging.WARNING if not log.isEnabledFor(logging.DEBUG) else logging.DEBUG)


def nlist_for(n: int) -> int:
    """IVF cell count: about sqrt(n), and at least 39 training points per cell."""
    if n < 2 * 39:
        return 1
    return max(1, min(int(math.sqrt(n)), n // 39, 4096))


class VectorIndex:
    """Thread-safe IVF index over (passage id, vector) pairs."""

    def __init__(self, directory: Path, dimensions: int, embedding_model: str = "",
                 quantize_above: int = QUANTIZE_ABOVE,
                 rescore: Callable[[Iterable[int]], dict[int, np.ndarray]] | None = None) -> None:
        """``rescore``: passage ids → their stored vectors (absent: deleted), to re-rank SQ8 candidates."""
        import faiss

        _quiet_leann()
        self._faiss = faiss
        self.dir = Path(directory)
        self.dimensions = dimensions
        self.embedding_model = embedding_model
        self.quantize_above = quantize_above
        self.rescore = rescore
        self._lock = threading.RLock()
        self._index = None
        self.trained_on = 0
        self.dirty = False
        self._load()

    # -- files -----------------------------------------------------------
    @property
    def path(self) -> Path:
        return self.dir / INDEX_NAME

    @property
    def _index_file(self) -> Path:
        return self.dir / "manole.index"

    @property
    def _state_file(self) -> Path:
        return self.dir / "manole.state.json"

    def exists(self) -> bool:
        return self._index is not None

    def _load(self) -> None:
        if not self._index_file.exists():
            return
        try:
            index = self._faiss.read_index(str(self._index_file))
        except Exception as exc:  # noqa: BLE001 - faiss raises RuntimeError subclasses
            log.warning("vector index %s is unreadable (%s); it will be rebuilt from the catalog", self._index_file, exc)
            return
        if index.d != self.dimensions:
            log.warning("vector index has %d dimensions, model has %d; it will be rebuilt", index.d, self.dimensions)
            return
        self._index = index
        try:
            self.trained_on = int(json.loads(self._state_file.read_text())["trained_on"])
        except (OSError, ValueError, KeyError):
            self.trained_on = index.ntotal

    @property
    def quantized(self) -> bool:
        """The index holds 8-bit vectors (IVF-SQ8)."""
        with self._lock:
            return self._index is not None and self._is_sq8(self._faiss.extract_index_ivf(self._index))

    def _is_sq8(self, ivf) -> bool:
        return isinstance(self._faiss.downcast_index(ivf), self._faiss.IndexIVFScalarQuantizer)

    @property
    def ntotal(self) -> int:
        with self._lock:
            return 0 if self._index is None else int(self._index.ntotal)

    # -- build -----------------------------------------------------------
    def build(self, ids: np.ndarray, vectors: np.ndarray) -> None:
        """Build a fresh index with LEANN's builder (no embedding: vectors are given)."""
        from leann.api import LeannBuilder

        ids = np.asarray(ids, dtype=np.int64)
        vectors = np.ascontiguousarray(vectors, dtype=np.float32).reshape(-1, self.dimensions)
        tmp = self.dir.with_name(self.dir.name + ".building")
        tmp.mkdir(parents=True, exist_ok=True)
        n = len(ids)
        if nlist_for(n) == 1:  # one cell: no clustering needed (and no FAISS training warning)
            index = self._empty_index()
            if n:
                index.add_with_ids(vectors, ids)
        elif n >= self.quantize_above:
            index = self._sq8_index(vectors, ids)
        else:
            builder = LeannBuilder(
                backend_name="ivf",
                embedding_model=self.embedding_model or "sentence-transformers/all-MiniLM-L6-v2",
                dimensions=self.dimensions,
                nlist=nlist_for(n),
                distance_metric="mips",
            )
            # LEANN assigns FAISS ids 0..n-1 in order; we remap them to passage ids below.
            builder.build_index_from_arrays(str(tmp / INDEX_NAME), [str(i) for i in ids], vectors)
            index = self._faiss.read_index(str(tmp / "manole.index"))
            ivf = self._faiss.extract_index_ivf(index)
            ivf.reset()
            ivf.set_direct_map_type(self._faiss.DirectMap.Hashtable)
            ivf.add_with_ids(vectors, ids)  # ``ivf`` is a view: keep ``index``, which owns it
            # LEANN's id maps name FAISS ids 0..n-1; ours are passage ids, so drop them
            for pattern in ("*.passages.*", "*.ivf_id_map.json", "*.ids.txt"):
                for leftover in tmp.glob(pattern):
                    leftover.unlink()
        self._install(index, n, tmp)

    def build_streamed(self, n: int, batches: Callable[[], Iterable[tuple[list[int], np.ndarray]]]) -> None:
        """An SQ8 index of about ``n`` vectors read batch by batch, twice (a training sample, then the adds):
        memory is the index (a byte a dimension) plus one batch, not every vector as float32 at once."""
        tmp = self.dir.with_name(self.dir.name + ".building")
        tmp.mkdir(parents=True, exist_ok=True)
        stride = max(1, -(-n // TRAIN_SAMPLE))
        parts, seen = [], 0
        for ids, vecs in batches():
            # a copy: a strided view would keep its whole batch alive, and so every vector (1 GB at 640k)
            parts.append(np.array(vecs[(-seen) % stride::stride], dtype=np.float32, copy=True))
            seen += len(ids)
        sample = np.concatenate(parts) if parts else np.zeros((0, self.dimensions), np.float32)
        del parts
        index = self._trained_sq8(nlist_for(seen), sample)
        del sample
        total = 0
        for ids, vecs in batches():
            index.add_with_ids(np.ascontiguousarray(vecs, dtype=np.float32), np.asarray(ids, dtype=np.int64))
            total += len(ids)
        self._install(index, total, tmp)

    def _install(self, index, n: int, tmp: Path) -> None:
        """Make ``index`` (of ``n`` vectors, trained on them) the live one and save it through ``tmp``."""
        with self._lock:
            self._index = index
            self.trained_on = n
            self.dirty = True
            self.save(target=tmp)
            # swap directories: the old index stays valid until the new one is complete
            old = self.dir.with_name(self.dir.name + ".old")
            if self.dir.exists():
                if old.exists():
                    _rmtree(old)
                os.replace(self.dir, old)
            os.replace(tmp, self.dir)
            if old.exists():
                _rmtree(old)

    def _sq8_index(self, vectors: np.ndarray, ids: np.ndarray):
        """IVF with 8-bit scalar-quantised vectors: a quarter of IVFFlat's memory, same file layout.

        LEANN's builder only makes IVFFlat, so this one is trained here, on a sample.
        """
        rng = np.random.default_rng(0)
        sample = vectors if len(vectors) <= TRAIN_SAMPLE else vectors[rng.choice(len(vectors), TRAIN_SAMPLE,
                                                                                  replace=False)]
        index = self._trained_sq8(nlist_for(len(ids)), sample)
        index.add_with_ids(vectors, ids)
        return index

    def _trained_sq8(self, nlist: int, sample: np.ndarray):
        """An empty IVF-SQ8 index of ``nlist`` cells trained on ``sample``, with removable ids."""
        f = self._faiss
        quantizer = f.IndexFlatIP(self.dimensions)
        index = f.IndexIVFScalarQuantizer(quantizer, self.dimensions, nlist, f.ScalarQuantizer.QT_8bit,
                                          f.METRIC_INNER_PRODUCT)
        index.train(sample)
        index.set_direct_map_type(f.DirectMap.Hashtable)
        index.own_fields = True
        quantizer.this.disown()  # ``index`` owns its quantizer now
        return index

    def _empty_index(self):
        quantizer = self._faiss.IndexFlatIP(self.dimensions)
        quantizer.add(np.zeros((1, self.dimensions), dtype=np.float32))
        ivf = self._faiss.IndexIVFFlat(quantizer, self.dimensions, 1, self._faiss.METRIC_INNER_PRODUCT)
        ivf.is_trained = True
        ivf.set_direct_map_type(self._faiss.DirectMap.Hashtable)
        return ivf

    def ensure(self) -> None:
        """Create an empty index if there is none yet."""
        with self._lock:
            if self._index is None:
                self.build(np.zeros(0, dtype=np.int64), np.zeros((0, self.dimensions), dtype=np.float32))

    def needs_retrain(self) -> bool:
        """True once the corpus has outgrown the centroids it was trained on, or a flat index should be SQ8."""
        n = self.ntotal
        return (n >= 2 * 39 and n > 4 * max(self.trained_on, 39)) or (n >= self.quantize_above and not self.quantized)

    # -- updates ---------------------------------------------------------
    def add(self, ids: list[int] | np.ndarray, vectors: np.ndarray) -> None:
        if len(ids) == 0:
            return
        ids = np.asarray(ids, dtype=np.int64)
        vectors = np.ascontiguousarray(vectors, dtype=np.float32).reshape(-1, self.dimensions)
        with self._lock:
            self.ensure()
            assert self._index is not None
            # idempotent: an id that is already there (crash between save and mark) is replaced
            self._index.remove_ids(ids)
            self._index.add_with_ids(vectors, ids)
            self.dirty = True

    def remove(self, ids: list[int] | np.ndarray) -> int:
        if len(ids) == 0:
            return 0
        with self._lock:
            if self._index is None:
                return 0
            n = int(self._index.remove_ids(np.asarray(ids, dtype=np.int64)))
            self.dirty = True
            return n

    def save(self, target: Path | None = None) -> None:
        """Write the index in LEANN's layout (atomic per file)."""
        target = target or self.dir
        with self._lock:
            if self._index is None or (not self.dirty and target == self.dir):
                return
            target.mkdir(parents=True, exist_ok=True)
            tmp = target / "manole.index.tmp"
            self._faiss.write_index(self._index, str(tmp))
            os.replace(tmp, target / "manole.index")
            (target / "manole.state.json").write_text(json.dumps({"trained_on": self.trained_on}))
            meta = target / f"{INDEX_NAME}.meta.json"
            if not meta.exists():
                meta.write_text(json.dumps({
                    "version": "1.1",
                    "backend_name": "ivf",
                    "embedding_model": self.embedding_model,
                    "dimensions": self.dimensions,
                    "backend_kwargs": {"distance_metric": "mips"},
                    "passage_sources": [],
                    "built_from_precomputed_embeddings": True,
                    "note": "passages live in the manole catalog; FAISS ids are catalog passage ids",
                }, indent=2))
            if target == self.dir:
                self.dirty = False

    # -- search ----------------------------------------------------------
    def search(self, vector: np.ndarray, k: int) -> list[tuple[int, float]]:
        """Return up to ``k`` (passage id, inner-product score), best first."""
        q = np.ascontiguousarray(vector, dtype=np.float32).reshape(1, self.dimensions)
        with self._lock:
            if self._index is None or self._index.ntotal == 0 or k <= 0:
                return []
            ivf = self._faiss.extract_index_ivf(self._index)
            # probe every cell up to EXACT_UP_TO vectors: exact recall (a fresh passage is always found);
            # IVF is here for in-place removal, and a flat scan of 200k x 384 floats is tens of ms
            ivf.nprobe = ivf.nlist if self._index.ntotal <= EXACT_UP_TO else max(32, ivf.nlist // 4)
            rescore = self.rescore if self._is_sq8(ivf) else None
            want = k * RESCORE_FACTOR + RESCORE_EXTRA if rescore else k
            scores, labels = self._index.search(q, min(want, int(self._index.ntotal)))
        hits = [(int(i), float(s)) for i, s in zip(labels[0], scores[0], strict=False) if i >= 0]
        if rescore is None or not hits:
            return hits
        stored = rescore([pid for pid, _ in hits])  # float16 vectors from the catalog: exact up to rounding
        ids = [pid for pid, _ in hits if pid in stored]
        exact = np.stack([stored[pid] for pid in ids]) @ q[0] if ids else np.zeros(0, np.float32)
        ranked = [(ids[i], float(exact[i])) for i in np.argsort(-exact, kind="stable")]
        # ids the catalog no longer has (deleted, not yet removed here) go last: the caller drops them
        return (ranked + [(pid, s) for pid, s in hits if pid not in stored])[:k]


def _rmtree(path: Path) -> None:
    import shutil

    shutil.rmtree(path, ignore_errors=True)
