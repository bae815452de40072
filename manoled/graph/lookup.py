"""Parameters of a graph query: the config, a root, a folder or a file named by id, path or name."""

from __future__ import annotations

import logging
import os
from pathlib import Path
from typing import Any

from ..catalog.records import FileRecord, Root
from ..catalog.store import Catalog
from ..config import Config, GraphConfig
from ..errors import InvalidParams, NotFound
from .edges import EDGE_TYPES

log = logging.getLogger(__name__)


def graph_config(config: Config | GraphConfig | None) -> GraphConfig:
    if config is None:
        return GraphConfig()
    if isinstance(config, GraphConfig):
        return config
    return config.graph


def find_root(catalog: Catalog, spec: Any) -> Root:
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


def split_folder(catalog: Catalog, spec: Any) -> tuple[Root, str]:
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


def parse_edge_types(spec: Any) -> set[str]:
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


def bounded_int(name: str, value: Any, lo: int, hi: int | None = None) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise InvalidParams(f"{name} must be an integer, got {value!r}")
    if value < lo or (hi is not None and value > hi):
        raise InvalidParams(f"{name} must be between {lo} and {hi}" if hi is not None else f"{name} must be >= {lo}")
    return value
