"""The TOML config: typed sections with sane defaults and errors that name the key.

A missing file means all defaults. An unknown key, or a value of the wrong
type, raises :class:`ConfigError` naming ``section.key``.
"""

from __future__ import annotations

import dataclasses
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, get_type_hints

from .errors import ConfigError


@dataclass
class IndexConfig:
    chunk_size: int = 800
    chunk_overlap: int = 120
    max_text_chars: int = 1_000_000
    max_file_bytes: int = 256 * 1024 * 1024
    extract_timeout_s: float = 30.0
    extract_memory_mb: int = 320  # memory one PDF/DOCX parse may add to the parser process (0: no limit)
    embedding_model: str = ""  # empty: the bundled all-MiniLM-L6-v2
    embedding_backend: str = "onnx"  # "onnx" (ONNX Runtime, falls back to torch) or "torch"
    embedding_int8: bool = True  # ONNX only: int8 weights (cosine >= 0.99 vs torch, see bench/index_throughput.py)
    embed_threads: int = 0  # ONNX only; 0: all cores
    embed_batch_size: int = 64
    commit_batch_files: int = 64  # at most this many files in flight per commit step
    commit_seconds: float = 2.0  # each commit holds at most about this much embedding
    quantize_above: int = 10_000  # vectors: from this size the index holds 8-bit vectors (IVF-SQ8), re-ranked from the catalog
    compact_ratio: float = 0.25


@dataclass
class WatchConfig:
    quiet_s: float = 0.3
    ignore: list[str] = field(default_factory=list)
    follow_symlinks: bool = False
    nice: int = 10


@dataclass
class AgentConfig:
    max_steps: int = 5
    context_size: int = 8192
    text_model: str = ""  # a GGUF path; empty: the manifest default
    threads: int = 0  # 0: all cores
    session_turns: int = 4
    idle_unload_s: float = 300.0  # free the text model after this long unused (0: keep it loaded)
    tier: str = ""  # "" from the manifest; "tools": the model drives the tool loop; "fallback": the planner answers


@dataclass
class CaptionConfig:
    enabled: bool = True
    model_path: str = ""
    mmproj_path: str = ""
    idle_unload_s: float = 300.0
    max_side: int = 768
    prefetch: int = 4
    loader_threads: int = 2


@dataclass
class ServerConfig:
    max_frame_bytes: int = 1024 * 1024
    max_connections: int = 64
    read_timeout_s: float = 10.0
    max_inflight: int = 32  # per connection: further frames wait unread until one finishes


@dataclass
class GraphConfig:
    similarity_threshold: float = 0.6
    max_neighbours: int = 8
    max_entity_files: int = 50  # an entity shared by more files than this links none of them


@dataclass
class Config:
    roots: list[str] = field(default_factory=list)
    debug: bool = False
    index: IndexConfig = field(default_factory=IndexConfig)
    watch: WatchConfig = field(default_factory=WatchConfig)
    agent: AgentConfig = field(default_factory=AgentConfig)
    caption: CaptionConfig = field(default_factory=CaptionConfig)
    server: ServerConfig = field(default_factory=ServerConfig)
    graph: GraphConfig = field(default_factory=GraphConfig)

    def root_paths(self) -> list[Path]:
        return [Path(r).expanduser().resolve() for r in self.roots]


def _check(name: str, value: Any, typ: Any) -> Any:
    origin = getattr(typ, "__origin__", None)
    if typ is float and isinstance(value, int) and not isinstance(value, bool):
        return float(value)
    if origin is list:
        (item,) = typ.__args__
        if not isinstance(value, list) or not all(isinstance(v, item) for v in value):
            raise ConfigError(f"config key '{name}' must be a list of {item.__name__}, got {value!r}")
        return list(value)
    if typ is bool and not isinstance(value, bool):
        raise ConfigError(f"config key '{name}' must be true or false, got {value!r}")
    if typ is int and (not isinstance(value, int) or isinstance(value, bool)):
        raise ConfigError(f"config key '{name}' must be an integer, got {value!r}")
    if not isinstance(value, typ):
        raise ConfigError(f"config key '{name}' must be a {typ.__name__}, got {value!r}")
    if isinstance(value, (int, float)) and not isinstance(value, bool) and value < 0:
        raise ConfigError(f"config key '{name}' must not be negative, got {value!r}")
    return value


def _build(cls: type, data: dict[str, Any], prefix: str) -> Any:
    hints = get_type_hints(cls)
    known = {f.name for f in dataclasses.fields(cls)}
    kwargs: dict[str, Any] = {}
    for key, value in data.items():
        name = f"{prefix}{key}"
        if key not in known:
            raise ConfigError(f"unknown config key '{name}'")
        typ = hints[key]
        if dataclasses.is_dataclass(typ):
            if not isinstance(value, dict):
                raise ConfigError(f"config key '{name}' must be a table [{name}]")
            kwargs[key] = _build(typ, value, f"{name}.")
        else:
            kwargs[key] = _check(name, value, typ)
    return cls(**kwargs)


def from_dict(data: dict[str, Any]) -> Config:
    cfg: Config = _build(Config, data, "")
    if cfg.index.chunk_overlap >= cfg.index.chunk_size:
        raise ConfigError("config key 'index.chunk_overlap' must be smaller than 'index.chunk_size'")
    if cfg.agent.tier not in ("", "tools", "fallback"):
        raise ConfigError(f"config key 'agent.tier' must be \"tools\", \"fallback\" or empty, got {cfg.agent.tier!r}")
    if cfg.index.embedding_backend not in ("onnx", "torch"):
        raise ConfigError(f"config key 'index.embedding_backend' must be \"onnx\" or \"torch\", "
                          f"got {cfg.index.embedding_backend!r}")
    if cfg.agent.max_steps < 1:
        raise ConfigError("config key 'agent.max_steps' must be at least 1")
    return cfg


def load(path: Path) -> Config:
    """Load ``path``; a missing file gives the defaults."""
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        return Config()
    except OSError as exc:
        raise ConfigError(f"cannot read config {path}: {exc.strerror}") from exc
    try:
        data = tomllib.loads(raw.decode("utf-8"))
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
        raise ConfigError(f"invalid TOML in {path}: {exc}") from exc
    return from_dict(data)


def _toml_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return repr(value)
    if isinstance(value, list):
        return "[" + ", ".join(_toml_value(v) for v in value) + "]"
    s = str(value).replace("\\", "\\\\").replace('"', '\\"')
    return f'"{s}"'


def dumps(cfg: Config) -> str:
    """Serialise a config back to TOML (used to remember roots)."""
    lines: list[str] = []
    tables: list[tuple[str, Any]] = []
    for f in dataclasses.fields(cfg):
        value = getattr(cfg, f.name)
        if dataclasses.is_dataclass(value):
            tables.append((f.name, value))
        else:
            lines.append(f"{f.name} = {_toml_value(value)}")
    for name, table in tables:
        lines.append(f"\n[{name}]")
        for f in dataclasses.fields(table):
            lines.append(f"{f.name} = {_toml_value(getattr(table, f.name))}")
    return "\n".join(lines) + "\n"


def save(cfg: Config, path: Path) -> None:
    """Write atomically so a crash never leaves half a config."""
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(".toml.tmp")
    tmp.write_text(dumps(cfg), encoding="utf-8")
    tmp.replace(path)
