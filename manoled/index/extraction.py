"""What extraction gives back (:class:`Extraction`), its errors, and the character cap.

Shared by the in-process extractor (:mod:`manoled.index.extract`) and the
PDF/DOCX worker process (:mod:`manoled.index.docworker`). Standard library only.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import ExtractError
from .safeopen import Skip


class ExtractTimeout(ExtractError):
    """Parsing took longer than ``IndexConfig.extract_timeout_s``."""


class ExtractCancelled(ExtractError):
    """The daemon is shutting down: the file stays pending and is resumed on the next start."""


def state_for(exc: ExtractError) -> str:
    """The catalog state for an extraction error: ``"skipped"`` or ``"failed"``."""
    return "skipped" if isinstance(exc, Skip) else "failed"


@dataclass
class Extraction:
    segments: list[tuple[str, int | None]]
    chars: int
    truncated: bool

    @property
    def text(self) -> str:
        return "\n\n".join(t for t, _ in self.segments)


def fmt_bytes(n: int) -> str:
    value = float(n)
    for unit in ("bytes", "KiB", "MiB", "GiB"):
        if value < 1024 or unit == "GiB":
            return f"{n} bytes" if unit == "bytes" else f"{value:.1f} {unit}"
        value /= 1024
    return f"{n} bytes"  # pragma: no cover


def cap(segments: list[tuple[str, int | None]], max_chars: int) -> Extraction:
    out: list[tuple[str, int | None]] = []
    total = 0
    truncated = False
    for text, page in segments:
        if not text.strip():
            continue
        if total + len(text) > max_chars:
            text = text[: max_chars - total]
            truncated = True
        if text.strip():
            out.append((text, page))
            total += len(text)
        if truncated:
            break
    return Extraction(segments=out, chars=total, truncated=truncated)
