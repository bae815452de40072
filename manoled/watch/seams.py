"""What watching needs from the indexer and its catalog (the real ones: :class:`manoled.index.pipeline.Indexer`
and :class:`manoled.catalog.store.Catalog`; the scheduler's tests pass fakes)."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Protocol

from ..catalog.records import FileRecord, Root
from ..index.changes import ApplyStats, Change
from ..index.ignore import IgnoreRules
from ..index.progress import Progress


class CatalogView(Protocol):
    """The catalog reads the scheduler makes to pair renames and find the roots."""

    def get_file(self, root_id: int, relpath: str) -> FileRecord | None: ...

    def roots(self) -> list[Root]: ...

    def query(self, sql: str, args: Iterable[object] = ()) -> list[tuple]: ...


class Indexing(Protocol):
    """What the scheduler hands its batches to."""

    @property
    def catalog(self) -> CatalogView: ...

    def locate(self, path: Path) -> tuple[Root, str] | None: ...

    def ignore_rules(self, root: Root) -> IgnoreRules: ...

    def scan(self, root_path: Path, top: Path | None = None, register: bool = True) -> list[Change]: ...

    def apply(self, changes: Iterable[Change], progress: Callable[[Progress], None] | None = None,
              feed: Callable[[], list[Change] | None] | None = None) -> ApplyStats: ...


class LiveIndexing(Indexing, Protocol):
    """The scheduler's needs, and forgetting a root (the live index removes folders)."""

    def remove_root(self, path: Path) -> int: ...
