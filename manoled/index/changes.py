"""What flows into the indexer (:class:`Change`) and out of it (:class:`ApplyStats`, :class:`Hit`)."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal

ChangeKind = Literal["added", "modified", "deleted", "moved"]

AGE_BUCKETS_S = (3600, 86400, 7 * 86400, 30 * 86400, 365 * 86400)


def age_bucket(age_s: float) -> int:
    """0 for files modified in the last hour, then a day, a week, a month, a year, older."""
    for i, limit in enumerate(AGE_BUCKETS_S):
        if age_s < limit:
            return i
    return len(AGE_BUCKETS_S)


@dataclass(frozen=True)
class Change:
    kind: ChangeKind
    path: Path
    dest: Path | None = None


@dataclass
class ApplyStats:
    files: int = 0
    indexed: int = 0
    unchanged: int = 0
    moved: int = 0
    deleted: int = 0
    skipped: int = 0
    failed: int = 0
    passages: int = 0
    embedded: int = 0
    seconds: float = 0.0
    unfinished: list[Path] = field(default_factory=list)  # left for later (stopped or paused)

    def merge(self, other: ApplyStats) -> None:
        for name in self.__dataclass_fields__:
            setattr(self, name, getattr(self, name) + getattr(other, name))


@dataclass(frozen=True)
class Hit:
    passage_id: int
    score: float
    text: str
    path: str
    file_name: str
    page: int | None
    metadata: dict = field(default_factory=dict)



def under(path: Path, prefix: Path) -> bool:
    """``path`` is ``prefix`` or lies below it."""
    return path == prefix or prefix in path.parents


def rebase(path: Path, src: Path, dest: Path) -> Path:
    """Where ``path`` is after ``src`` moved to ``dest``."""
    return dest if path == src else dest / path.relative_to(src)
