"""The file graph: how files relate, built from the catalog alone (no re-embedding).

Three kinds of edges:

``similarity``
    Cosine similarity of file vectors. A file's vector is the mean of its
    stored passage vectors, re-normalised. Each file keeps its best
    ``graph.max_neighbours`` neighbours at or above
    ``graph.similarity_threshold``; an edge is kept only while both ends have
    fewer than ``max_neighbours`` edges (strongest first), so no file ever has
    more and large corpora stay sparse. Computed with numpy matmul over row
    blocks, a threshold mask, and ``argpartition`` for rows with more than
    their quota of candidates (O(n²·d) flops, O(block·n) memory), and cached
    per catalog until the passages change (keyed on the largest passage id and
    the passage count: a replace adds higher ids, a delete lowers the count).
``reference``
    Files sharing an entity (see :mod:`manoled.index.entities`). Weight per type:
    email 1.0, tax ID 0.9, IBAN 0.8, company 0.7, and 0.6 when one file
    mentions the other's name (file name with extension, case-insensitive;
    names whose stem is shorter than 4 characters or generic, like
    ``notes.txt`` or ``readme.md``, are never matched). An edge's weight is the
    largest weight among the entities it lists. An entity (or a mentioned
    name) found in more than ``graph.max_entity_files`` files (default 50)
    links none of them: a company's own address or IBAN on every document
    says nothing about how two of them relate, and would make the graph dense.
``structure``
    A file to its folder, and a folder to its parent, up to the root (or to
    the folder the query is scoped to). Weight 1.0.

:func:`manoled.graph.view.query` serves a view of the graph as a plain dict (msgpack/JSON ready).
"""

from __future__ import annotations

import logging
import threading
import weakref
from collections import defaultdict
from dataclasses import dataclass

import numpy as np

from ..catalog.store import Catalog
from ..config import GraphConfig

log = logging.getLogger(__name__)
EDGE_TYPES = ("similarity", "reference", "structure")

#: reference-edge weight per entity type ("file": one file mentions the other's name)
ENTITY_WEIGHTS: dict[str, float] = {"email": 1.0, "tax_id": 0.9, "iban": 0.8, "company": 0.7, "file": 0.6}

#: file names that are never treated as "mentioned" (too common to mean one file)
GENERIC_STEMS = frozenset("""
readme index notes note document documents doc file files data main test tests todo untitled image img
photo picture scan copy new draft final temp tmp output export download attachment license licence
changelog setup config settings default report invoice letter contract summary backup archive list
table sheet book chart page form template sample example info help about
""".split())
MIN_STEM_CHARS = 4



@dataclass(frozen=True)
class Edge:
    source: int  # file ids (structure edges are made later, from paths)
    target: int
    type: str
    weight: float
    entities: tuple[tuple[str, str], ...] = ()

    def other(self, fid: int) -> int:
        return self.target if fid == self.source else self.source


# -- similarity -------------------------------------------------------------

def file_matrix(catalog: Catalog) -> tuple[np.ndarray, np.ndarray]:
    """(file ids, matrix of unit file vectors): the mean of each file's passage vectors."""
    ids: list[int] = []
    rows: list[np.ndarray] = []
    dim = None
    for fid, vecs in catalog.file_vectors():
        if dim is None:
            dim = vecs.shape[1]
        if vecs.shape[1] != dim:  # a model change half way through a re-index
            continue
        mean = vecs.mean(axis=0)
        norm = float(np.linalg.norm(mean))
        if not np.isfinite(norm) or norm == 0.0:
            continue
        ids.append(int(fid))
        rows.append(mean / norm)
    if not rows:
        return np.zeros(0, dtype=np.int64), np.zeros((0, dim or 0), dtype=np.float32)
    return np.asarray(ids, dtype=np.int64), np.ascontiguousarray(np.stack(rows), dtype=np.float32)


def similarity_pairs(matrix: np.ndarray, threshold: float, max_neighbours: int,
                     block: int | None = None) -> list[tuple[int, int, float]]:
    """Sparse kNN graph over the rows of ``matrix`` (unit vectors): (i, j, cosine) with i < j.

    Each row proposes its ``2 * max_neighbours`` best rows at or above
    ``threshold``; the union is then pruned strongest-first so that no row
    ends up in more than ``max_neighbours`` pairs.
    """
    n = matrix.shape[0]
    if n < 2 or max_neighbours <= 0:
        return []
    # each row proposes twice its quota, so a row whose favourites are already full still finds partners
    k = min(2 * max_neighbours, n - 1)
    if block is None:
        block = int(max(64, min(1024, (1 << 25) // n)))
    src, dst, wts = [], [], []
    for start in range(0, n, block):
        sims = matrix[start:start + block] @ matrix.T  # (b, n)
        b = sims.shape[0]
        sims[np.arange(b), np.arange(start, start + b)] = -np.inf  # no self loops
        mask = sims >= threshold
        # rows with more than k candidates keep their k best (argpartition on those rows only)
        dense = np.flatnonzero(mask.sum(axis=1) > k)
        for d0 in range(0, len(dense), 256):
            rows = dense[d0:d0 + 256]
            sub = np.negative(sims[rows])
            cols = np.argpartition(sub, k - 1, axis=1)[:, :k]
            w = -np.take_along_axis(sub, cols, axis=1)
            src.append(np.repeat(rows + start, k))
            dst.append(cols.ravel())
            wts.append(w.ravel())  # all >= threshold: each of these rows has more than k such
        mask[dense] = False
        r, c = np.nonzero(mask)
        src.append(r + start)
        dst.append(c)
        wts.append(sims[r, c])
    i = np.concatenate(src).astype(np.int64)
    j = np.concatenate(dst).astype(np.int64)
    w = np.minimum(np.concatenate(wts).astype(np.float64), 1.0)
    if len(i) == 0:
        return []
    lo, hi = np.minimum(i, j), np.maximum(i, j)
    key = lo * n + hi
    order = np.lexsort((key, -w))  # strongest first, ties by pair
    key, w = key[order], w[order]
    _, first = np.unique(key, return_index=True)  # a pair proposed by both ends: keep one
    first.sort()
    key, w = key[first], w[first]
    degree = [0] * n
    out: list[tuple[int, int, float]] = []
    for kk, ww in zip(key.tolist(), w.tolist(), strict=True):
        a, b2 = divmod(kk, n)
        if degree[a] < max_neighbours and degree[b2] < max_neighbours:
            degree[a] += 1
            degree[b2] += 1
            out.append((a, b2, ww))
    return out


class _Cache:
    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.sim_key: tuple | None = None
        self.sim: list[Edge] = []
        self.ref_key: tuple | None = None
        self.ref: list[Edge] = []
        self.builds = 0  # similarity computations (tests assert on it)


_caches: weakref.WeakKeyDictionary[Catalog, _Cache] = weakref.WeakKeyDictionary()
_caches_lock = threading.Lock()


def _cache(catalog: Catalog) -> _Cache:
    with _caches_lock:
        c = _caches.get(catalog)
        if c is None:
            c = _caches[catalog] = _Cache()
        return c


def similarity_builds(catalog: Catalog) -> int:
    """How many times the similarity edges were computed for this catalog (cache misses)."""
    return _cache(catalog).builds


def similarity_edges(catalog: Catalog, gc: GraphConfig) -> list[Edge]:
    cache = _cache(catalog)
    pmax, pcount = catalog.query("SELECT COALESCE(MAX(id), 0), COUNT(*) FROM passages")[0]
    key = (pmax, pcount, gc.similarity_threshold, gc.max_neighbours)
    with cache.lock:
        if cache.sim_key == key:
            return cache.sim
        ids, matrix = file_matrix(catalog)
        pairs = similarity_pairs(matrix, gc.similarity_threshold, gc.max_neighbours)
        edges = [Edge(int(ids[a]), int(ids[b]), "similarity", round(w, 4)) for a, b, w in pairs]
        cache.sim_key, cache.sim = key, edges
        cache.builds += 1
        log.debug("similarity graph: %d files, %d edges", len(ids), len(edges))
        return edges


# -- references ---------------------------------------------------------------

def mentionable(name: str) -> bool:
    """Whether a file name is specific enough to count as a mention of that file."""
    stem = name.rsplit(".", 1)[0] if "." in name.lstrip(".") else ""
    if not stem or len(stem) < MIN_STEM_CHARS:
        return False
    return stem.lower() not in GENERIC_STEMS


def reference_edges(catalog: Catalog, gc: GraphConfig) -> list[Edge]:
    cache = _cache(catalog)
    e_key = catalog.query("SELECT COALESCE(MAX(id), 0), COUNT(*) FROM entities")[0]
    f_key = catalog.query("SELECT COUNT(*), COALESCE(MAX(updated), 0), COALESCE(SUM(id), 0) FROM files")[0]
    key = (tuple(e_key), tuple(f_key), gc.max_entity_files)
    with cache.lock:
        if cache.ref_key == key:
            return cache.ref
    cap = gc.max_entity_files
    shared: dict[tuple[int, int], dict[tuple[str, str], None]] = defaultdict(dict)
    rows = catalog.query(
        "SELECT e.type, e.value, e.file_id, e.display FROM entities e JOIN ("
        "  SELECT type, value FROM entities WHERE type <> 'filename' GROUP BY type, value"
        "  HAVING COUNT(DISTINCT file_id) BETWEEN 2 AND ?) g ON g.type = e.type AND g.value = e.value "
        "ORDER BY e.type, e.value, e.file_id",
        (cap,),
    )
    groups: dict[tuple[str, str], list[tuple[int, str]]] = defaultdict(list)
    for etype, value, fid, display in rows:
        groups[(etype, value)].append((fid, display))
    for (etype, _value), members in groups.items():
        fids = sorted({m[0] for m in members})
        label = members[0][1]
        for x in range(len(fids)):
            for y in range(x + 1, len(fids)):
                shared[(fids[x], fids[y])][(etype, label)] = None
    # mentions of another file's name
    by_name: dict[str, list[int]] = defaultdict(list)
    names: dict[int, str] = {}
    for fid, relpath in catalog.query("SELECT id, relpath FROM files"):
        name = relpath.rsplit("/", 1)[-1]
        names[fid] = name
        if mentionable(name):
            by_name[name.lower()].append(fid)
    if by_name:
        mentions: dict[str, set[int]] = defaultdict(set)
        for fid, value in catalog.query("SELECT file_id, value FROM entities WHERE type = 'filename'"):
            if value in by_name:
                mentions[value].add(fid)
        for value, mentioners in mentions.items():
            targets = by_name[value]
            if len(targets) > cap or len(mentioners) > cap:
                continue
            for a in mentioners:
                for b in targets:
                    if a != b:
                        shared[(min(a, b), max(a, b))][("file", names[b])] = None
    edges = []
    for (a, b), items in sorted(shared.items()):
        listed = tuple(sorted(items, key=lambda it: (-ENTITY_WEIGHTS[it[0]], it[0], it[1])))
        edges.append(Edge(a, b, "reference", max(ENTITY_WEIGHTS[t] for t, _ in listed), listed))
    with cache.lock:
        cache.ref_key, cache.ref = key, edges
    return edges


# -- queries ------------------------------------------------------------------
