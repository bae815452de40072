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

:func:`query` serves a view of the graph as a plain dict (msgpack/JSON ready).
"""

from __future__ import annotations

import logging
import os
import threading
import weakref
from collections import defaultdict, deque
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from .catalog.records import FileRecord, Root
from .catalog.store import Catalog
from .config import Config, GraphConfig
from .errors import InvalidParams, NotFound
from .index import entities as ent

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

DEFAULT_LIMIT = 500
MAX_DEPTH = 6


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

def _graph_config(config: Config | GraphConfig | None) -> GraphConfig:
    if config is None:
        return GraphConfig()
    if isinstance(config, GraphConfig):
        return config
    return config.graph


def _find_root(catalog: Catalog, spec: Any) -> Root:
    roots = catalog.roots()
    if isinstance(spec, int) and not isinstance(spec, bool):
        for r in roots:
            if r.id == spec:
                return r
    elif isinstance(spec, (str, os.PathLike)):
        p = Path(spec).expanduser()
        for r in roots:
            if r.path == p or str(r.path) == str(spec) or (p.is_absolute() and r.path == p.resolve()):
                return r
    raise NotFound(f"no watched root {spec!r}")


def _split_folder(catalog: Catalog, spec: Any) -> tuple[Root, str]:
    if not isinstance(spec, (str, os.PathLike)):
        raise InvalidParams(f"folder must be a path, got {spec!r}")
    p = Path(spec).expanduser()
    if p.is_absolute():
        root = catalog.root_for(p) or catalog.root_for(p.resolve())
        if root is not None:
            target = p if catalog.root_for(p) else p.resolve()
            rel = os.path.relpath(target, root.path)
            return root, "" if rel == "." else rel.replace(os.sep, "/")
    else:
        rel = str(spec).strip("/")
        for root in catalog.roots():
            if (root.path / rel).is_dir() or catalog.files(root_id=root.id, under=rel):
                return root, rel
    raise NotFound(f"folder {spec} is not under a watched root")


def resolve_file(catalog: Catalog, spec: Any) -> FileRecord:
    """A file from its id, absolute path, path relative to a root, or (unique) name."""
    if isinstance(spec, bool):
        raise InvalidParams(f"not a file: {spec!r}")
    if isinstance(spec, int) or (isinstance(spec, str) and spec.isdigit() and not Path(spec).exists()):
        rec = catalog.file_by_id(int(spec))
        if rec is not None:
            return rec
        raise NotFound(f"no file with id {spec}")
    if not isinstance(spec, (str, os.PathLike)):
        raise InvalidParams(f"a file must be a path or an id, got {spec!r}")
    p = Path(spec).expanduser()
    if p.is_absolute():
        for cand in (p, p.resolve()):
            root = catalog.root_for(cand)
            if root is not None:
                rec = catalog.get_file(root.id, os.path.relpath(cand, root.path).replace(os.sep, "/"))
                if rec is not None:
                    return rec
        raise NotFound(f"{spec} is not in the catalog")
    rel = str(spec).strip("/")
    for root in catalog.roots():
        rec = catalog.get_file(root.id, rel)
        if rec is not None:
            return rec
    name = rel.rsplit("/", 1)[-1].lower()
    matches = [f for f in catalog.files() if f.name.lower() == name or f.relpath.lower().endswith("/" + rel.lower())]
    if len(matches) == 1:
        return matches[0]
    if matches:
        raise NotFound(f"{spec!r} is ambiguous: " + ", ".join(str(m.path) for m in matches[:5]))
    raise NotFound(f"no file named {spec!r} in the catalog")


def _edge_types(spec: Any) -> set[str]:
    if spec is None:
        return set(EDGE_TYPES)
    if isinstance(spec, str):
        spec = [s.strip() for s in spec.split(",") if s.strip()]
    if not isinstance(spec, (list, tuple, set, frozenset)):
        raise InvalidParams(f"edge_types must be a list of {', '.join(EDGE_TYPES)}")
    bad = [s for s in spec if not isinstance(s, str) or s not in EDGE_TYPES]
    if bad:
        raise InvalidParams(f"unknown edge type(s) {bad!r}; use {', '.join(EDGE_TYPES)}")
    return set(spec)


def _int(name: str, value: Any, lo: int, hi: int | None = None) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise InvalidParams(f"{name} must be an integer, got {value!r}")
    if value < lo or (hi is not None and value > hi):
        raise InvalidParams(f"{name} must be between {lo} and {hi}" if hi is not None else f"{name} must be >= {lo}")
    return value


def _fid(fid: int) -> str:
    return f"f:{fid}"


def _did(root_id: int, rel: str) -> str:
    return f"d:{root_id}:{rel}"


def query(
    catalog: Catalog,
    config: Config | GraphConfig | None = None,
    root: str | int | None = None,
    folder: str | None = None,
    file: str | int | None = None,
    around: str | int | None = None,
    depth: int = 1,
    edge_types: Iterable[str] | str | None = None,
    min_weight: float = 0.0,
    limit: int = DEFAULT_LIMIT,
) -> dict[str, Any]:
    """A view of the file graph.

    * no focus: every file in scope (all roots, ``root``, or ``folder``); past
      ``limit`` files the best connected ones are kept (``truncated`` is true);
    * ``around=FILE``: FILE and the files within ``depth`` similarity/reference
      hops, closest and strongest first, with every edge among them;
    * ``file=FILE``: FILE, its direct neighbours and only FILE's own edges.

    FILE is a file id, an absolute path, a path relative to a root, or a unique
    file name. ``limit`` counts file nodes; the folders of the files shown are
    added with their structure edges. ``min_weight`` filters similarity and
    reference edges (structure edges weigh 1.0).
    """
    gc = _graph_config(config)
    types = _edge_types(edge_types)
    depth = _int("depth", depth, 0, MAX_DEPTH)
    limit = _int("limit", limit, 1)
    if isinstance(min_weight, bool) or not isinstance(min_weight, (int, float)):
        raise InvalidParams(f"min_weight must be a number, got {min_weight!r}")
    if file is not None and around is not None:
        raise InvalidParams("give either file or around, not both")

    ent.sync_entities(catalog)

    # scope
    top: dict[int, str] = {}  # root id -> relpath of the topmost folder shown
    if folder is not None:
        froot, frel = _split_folder(catalog, folder)
        if root is not None and _find_root(catalog, root).id != froot.id:
            raise InvalidParams("folder is not under root")
        scope_files = catalog.files(root_id=froot.id, under=frel or None)
        top[froot.id] = frel
    elif root is not None:
        r = _find_root(catalog, root)
        scope_files = catalog.files(root_id=r.id)
        top[r.id] = ""
    else:
        scope_files = catalog.files()
    files = {f.id: f for f in scope_files}

    # content edges among files in scope
    content: list[Edge] = []
    if "similarity" in types:
        content += [e for e in similarity_edges(catalog, gc) if e.weight >= min_weight]
    if "reference" in types:
        content += [e for e in reference_edges(catalog, gc) if e.weight >= min_weight]
    content = [e for e in content if e.source in files and e.target in files]
    adj: dict[int, list[Edge]] = defaultdict(list)
    for e in content:
        adj[e.source].append(e)
        adj[e.target].append(e)

    center: FileRecord | None = None
    truncated = False
    focus = file if file is not None else around
    if focus is not None:
        center = resolve_file(catalog, focus)
        if center.id not in files:
            raise NotFound(f"{center.path} is outside the requested root/folder")
        max_hops = 1 if file is not None else depth
        order = [center.id]
        seen = {center.id}
        frontier = deque([(center.id, 0)])
        while frontier and not truncated:
            fid, hops = frontier.popleft()
            if hops >= max_hops:
                continue
            for e in sorted(adj[fid], key=lambda e: (-e.weight, e.type, e.other(fid))):
                nb = e.other(fid)
                if nb in seen:
                    continue
                if len(order) >= limit:
                    truncated = True
                    break
                seen.add(nb)
                order.append(nb)
                frontier.append((nb, hops + 1))
        kept = set(order)
        if file is not None:
            edges = [e for e in adj[center.id] if e.other(center.id) in kept]
        else:
            edges = [e for e in content if e.source in kept and e.target in kept]
    else:
        if len(files) > limit:
            truncated = True
            strength: dict[int, float] = defaultdict(float)
            for e in content:
                strength[e.source] += e.weight
                strength[e.target] += e.weight
            ranked = sorted(files.values(), key=lambda f: (-strength.get(f.id, 0.0), f.root_id, f.relpath))
            kept = {f.id for f in ranked[:limit]}
        else:
            kept = set(files)
        edges = [e for e in content if e.source in kept and e.target in kept]

    # nodes and structure edges
    nodes: dict[str, dict[str, Any]] = {}
    out_edges: list[dict[str, Any]] = []
    degree: dict[str, int] = defaultdict(int)
    for e in edges:
        degree[_fid(e.source)] += 1
        degree[_fid(e.target)] += 1
        out_edges.append({
            "source": _fid(e.source), "target": _fid(e.target), "type": e.type, "weight": e.weight,
            "entities": [{"type": t, "value": v} for t, v in e.entities],
        })
    folder_files: dict[str, int] = defaultdict(int)
    structure: list[dict[str, Any]] = []
    root_str: dict[int, str] = {}
    for fid in sorted(kept, key=lambda i: (files[i].root_id, files[i].relpath)):
        f = files[fid]
        rs = root_str.get(f.root_id)
        if rs is None:
            rs = root_str[f.root_id] = str(f.root)
        parent_rel = f.relpath.rsplit("/", 1)[0] if "/" in f.relpath else ""
        parent = _did(f.root_id, parent_rel)
        nodes[_fid(fid)] = {
            "id": _fid(fid), "type": "file", "file_id": fid, "path": os.path.join(rs, f.relpath), "name": f.name,
            "kind": f.kind, "ext": f.ext, "size": f.size, "mtime": f.mtime, "state": f.state,
            "root": rs, "folder": parent, "degree": degree.get(_fid(fid), 0),
        }
        if fid == (center.id if center else None):
            nodes[_fid(fid)]["center"] = True
        folder_files[parent] += 1
        if "structure" not in types:
            continue
        structure.append({"source": _fid(fid), "target": parent, "type": "structure", "weight": 1.0, "entities": []})
        # the folder chain, up to the root or the scoped folder
        rel = parent_rel
        stop = top.get(f.root_id, "")
        while True:
            did = _did(f.root_id, rel)
            if did in nodes:
                break
            path = f.root / rel if rel else f.root
            nodes[did] = {
                "id": did, "type": "folder", "path": str(path), "name": path.name or str(path),
                "kind": "folder", "root": str(f.root), "files": 0,
            }
            if rel == stop or rel == "":
                break
            up = rel.rsplit("/", 1)[0] if "/" in rel else ""
            structure.append({"source": did, "target": _did(f.root_id, up), "type": "structure",
                              "weight": 1.0, "entities": []})
            rel = up
    for did, n in folder_files.items():
        if did in nodes:
            nodes[did]["files"] = n
    if structure and min_weight > 1.0:
        structure = []
    out_edges.extend(structure)
    counts = {t: 0 for t in EDGE_TYPES}
    for e in out_edges:
        counts[e["type"]] += 1
    return {
        "nodes": list(nodes.values()),
        "edges": out_edges,
        "center": _fid(center.id) if center else None,
        "truncated": truncated,
        "stats": {
            "files": len(kept),
            "folders": sum(1 for n in nodes.values() if n["type"] == "folder"),
            "edges": counts,
            "files_in_scope": len(files),
        },
    }


QUERY_PARAMS = ("root", "folder", "file", "around", "depth", "edge_types", "min_weight", "limit")


def serve(catalog: Catalog, config: Config | GraphConfig | None, params: dict[str, Any]) -> dict[str, Any]:
    """The ``graph`` socket method: :func:`query` with a request's params.

    Unknown keys are ignored, as for every method (docs/protocol.md, section 3): a
    newer client may send parameters this daemon does not know yet.
    """
    if not isinstance(params, dict):
        raise InvalidParams("graph params must be a map")
    return query(catalog, config, **{k: v for k, v in params.items() if k in QUERY_PARAMS})
