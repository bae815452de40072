"""``manoled models list|pull [ID]``: the model table and downloads."""

from __future__ import annotations

import sys

from .config import Config
from .errors import ModelError
from .models import download
from .models.manifest import ModelStatus, default_text_id, get_spec, list_models, verify_file
from .paths import Paths


def _human(n: int | None) -> str:
    if n is None:
        return "-"
    size = float(n)
    for unit in ("B", "KB", "MB", "GB"):
        if size < 1024 or unit == "GB":
            return f"{size:.0f} {unit}" if unit == "B" else f"{size:.1f} {unit}"
        size /= 1024
    return str(n)  # pragma: no cover


def format_table(rows: list[ModelStatus]) -> str:
    header = ("ID", "ROLE", "STATE", "SIZE", "VERIFICATION", "WHERE")
    body = [(r.id, r.role, r.state, _human(r.size), r.verification, (r.path or r.detail or "-")) for r in rows]
    widths = [max(len(str(x)) for x in col) for col in zip(header, *body, strict=True)]
    lines = ["  ".join(str(c).ljust(w) for c, w in zip(row, widths, strict=True)).rstrip() for row in (header, *body)]
    return "\n".join(lines)


def cmd_models_list(paths: Paths, config: Config, ids: list[str] | None = None) -> int:
    """Print the model table; exit code 1 when a listed model is corrupt."""
    try:
        rows = list_models(paths, config)
    except ModelError as exc:
        print(f"error: {exc.message}", file=sys.stderr)
        return 1
    if ids:
        rows = [r for r in rows if r.id in ids]
    print(format_table(rows))
    return 1 if any(r.state == "corrupt" for r in rows) else 0


ALIASES: dict[str, list[str]] = {"moondream2": ["moondream2-text", "moondream2-mmproj"]}


def cmd_models_pull(paths: Paths, config: Config, ids: list[str] | None = None,
                    endpoint: str | None = None) -> int:
    """Download the given models (default: the default text model); exit code 1 on any failure."""
    ids = list(ids or [default_text_id()])
    # "moondream2" names the vision model as a whole: its text model and its projector
    ids = [x for i in ids for x in (ALIASES.get(i, [i]))]
    rc = 0
    for model_id in ids:
        try:
            path = download.pull(model_id, paths.models_dir, endpoint=endpoint)
        except ModelError as exc:
            print(f"error: {exc.message}", file=sys.stderr)
            rc = 1
            continue
        spec = get_spec(model_id)
        ok, verification = verify_file(spec, path) if path.is_file() else (True, "bundled package")
        print(f"{model_id}: {path} ({verification})")
    return rc
