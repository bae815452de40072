"""A view of the file graph: the files in scope, the content edges among them, a focus, the folders.

:func:`query` is the ``graph`` socket method's work (through :func:`serve`); each of its steps is a function here.
"""

from __future__ import annotations

import logging
import os
from collections import defaultdict, deque
from collections.abc import Iterable
from typing import Any

from ..catalog.records import FileRecord
from ..catalog.store import Catalog
from ..config import Config, GraphConfig
from ..errors import InvalidParams, NotFound
from ..index import entities as ent
from .edges import EDGE_TYPES, Edge, reference_edges, similarity_edges
from .lookup import bounded_int, find_root, graph_config, parse_edge_types, resolve_file, split_folder

log = logging.getLogger(__name__)

DEFAULT_LIMIT = 500
MAX_DEPTH = 6


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
    gc = graph_config(config)
    types = parse_edge_types(edge_types)
    depth = bounded_int("depth", depth, 0, MAX_DEPTH)
    limit = bounded_int("limit", limit, 1)
    if isinstance(min_weight, bool) or not isinstance(min_weight, (int, float)):
        raise InvalidParams(f"min_weight must be a number, got {min_weight!r}")
    if file is not None and around is not None:
        raise InvalidParams("give either file or around, not both")

    ent.sync_entities(catalog)
    files, top = _scope(catalog, root, folder)
    content = _content_edges(catalog, gc, types, min_weight, files)
    center: FileRecord | None = None
    focus = file if file is not None else around
    if focus is not None:
        center = resolve_file(catalog, focus)
        if center.id not in files:
            raise NotFound(f"{center.path} is outside the requested root/folder")
        kept, edges, truncated = _around(center.id, content, 1 if file is not None else depth, limit,
                                         own_edges_only=file is not None)
    else:
        kept, edges, truncated = _best_connected(files, content, limit)
    nodes, out_edges = _nodes_and_edges(files, kept, edges, center, types, top, min_weight)
    return _result(nodes, out_edges, center, truncated, kept, files)



def _scope(catalog: Catalog, root: str | int | None, folder: str | None) -> tuple[dict[int, FileRecord], dict[int, str]]:
    """The files in scope by id, and per root the relpath of the topmost folder shown."""
    top: dict[int, str] = {}
    if folder is not None:
        froot, frel = split_folder(catalog, folder)
        if root is not None and find_root(catalog, root).id != froot.id:
            raise InvalidParams("folder is not under root")
        scope_files = catalog.files(root_id=froot.id, under=frel or None)
        top[froot.id] = frel
    elif root is not None:
        r = find_root(catalog, root)
        scope_files = catalog.files(root_id=r.id)
        top[r.id] = ""
    else:
        scope_files = catalog.files()
    return {f.id: f for f in scope_files}, top


def _content_edges(catalog: Catalog, gc: GraphConfig, types: set[str], min_weight: float,
                   files: dict[int, FileRecord]) -> list[Edge]:
    """Similarity and reference edges of at least ``min_weight`` among the files in scope."""
    content: list[Edge] = []
    if "similarity" in types:
        content += [e for e in similarity_edges(catalog, gc) if e.weight >= min_weight]
    if "reference" in types:
        content += [e for e in reference_edges(catalog, gc) if e.weight >= min_weight]
    return [e for e in content if e.source in files and e.target in files]


def _around(center: int, content: list[Edge], max_hops: int, limit: int, *,
            own_edges_only: bool) -> tuple[set[int], list[Edge], bool]:
    """The files within ``max_hops`` of ``center``, strongest first: (kept ids, edges, truncated)."""
    adj: dict[int, list[Edge]] = defaultdict(list)
    for e in content:
        adj[e.source].append(e)
        adj[e.target].append(e)
    truncated = False
    order = [center]
    seen = {center}
    frontier = deque([(center, 0)])
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
    if own_edges_only:
        edges = [e for e in adj[center] if e.other(center) in kept]
    else:
        edges = [e for e in content if e.source in kept and e.target in kept]
    return kept, edges, truncated


def _best_connected(files: dict[int, FileRecord], content: list[Edge],
                    limit: int) -> tuple[set[int], list[Edge], bool]:
    """Every file in scope, or past ``limit`` the best connected ones: (kept ids, edges, truncated)."""
    truncated = False
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
    return kept, [e for e in content if e.source in kept and e.target in kept], truncated


def _edge_dicts(edges: list[Edge]) -> tuple[list[dict[str, Any]], dict[str, int]]:
    """The content edges as dicts, and each file node's degree."""
    out_edges: list[dict[str, Any]] = []
    degree: dict[str, int] = defaultdict(int)
    for e in edges:
        degree[_fid(e.source)] += 1
        degree[_fid(e.target)] += 1
        out_edges.append({
            "source": _fid(e.source), "target": _fid(e.target), "type": e.type, "weight": e.weight,
            "entities": [{"type": t, "value": v} for t, v in e.entities],
        })
    return out_edges, degree


def _folder_chain(f: FileRecord, parent_rel: str, stop: str, nodes: dict[str, dict[str, Any]],
                  structure: list[dict[str, Any]]) -> None:
    """Add ``f``'s folders up to the root (or the scoped folder ``stop``) and the structure edges between them."""
    rel = parent_rel
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


def _nodes_and_edges(files: dict[int, FileRecord], kept: set[int], edges: list[Edge], center: FileRecord | None,
                     types: set[str], top: dict[int, str],
                     min_weight: float) -> tuple[dict[str, dict[str, Any]], list[dict[str, Any]]]:
    """File and folder nodes, the content edges and (unless filtered out) the structure edges."""
    nodes: dict[str, dict[str, Any]] = {}
    out_edges, degree = _edge_dicts(edges)
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
        _folder_chain(f, parent_rel, top.get(f.root_id, ""), nodes, structure)
    for did, n in folder_files.items():
        if did in nodes:
            nodes[did]["files"] = n
    if structure and min_weight > 1.0:
        structure = []
    out_edges.extend(structure)
    return nodes, out_edges


def _result(nodes: dict[str, dict[str, Any]], out_edges: list[dict[str, Any]], center: FileRecord | None,
            truncated: bool, kept: set[int], files: dict[int, FileRecord]) -> dict[str, Any]:
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
