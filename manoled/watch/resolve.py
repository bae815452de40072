"""What a due path became on disk: deleted, added, modified, moved (a rename the watcher saw in halves), or
a folder to scan. :class:`Resolution` is a part of :class:`manoled.watch.scheduler.Scheduler`.
"""

from __future__ import annotations

import os
import stat as stat_mod
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from ..index.changes import Change, under
from .seams import Indexing

KIND_RANK = {"text": 0, "pdf": 1, "doc": 1, "other": 2, "image": 3}


@dataclass
class Entry:
    path: Path
    op: str  # "added" | "modified" | "deleted"
    kind: str
    size: int
    first_seen: float
    ready_at: float
    version: int
    ready: bool = False
    age: int = 0  # age_bucket of the file's mtime

    def rank(self) -> tuple[int, int, int, int, int]:
        if self.op == "deleted":
            return (0, 0, 0, 0, 0)
        return (1, self.age, KIND_RANK.get(self.kind, 2), 0 if self.op == "added" else 1, self.size)


class Resolution:
    """Turns due entries into changes; uses the scheduler's indexer and root list."""

    indexer: Indexing
    _roots: Callable[[], list[Path]] | None
    _on_root_missing: Callable[[Path], None] | None

    def rescan(self, root: Path, top: Path | None = None) -> None:
        raise NotImplementedError

    def _record(self, what: str, exc: BaseException) -> None:
        raise NotImplementedError

    def _root_of(self, path: Path, roots: list[Path]) -> Path | None:
        best = None
        for r in roots:
            if under(path, r) and (best is None or len(r.parts) > len(best.parts)):
                best = r
        return best

    def _root_list(self) -> list[Path]:
        if self._roots is not None:
            return [Path(r) for r in self._roots()]
        return [r.path for r in self.indexer.catalog.roots() if r.online]

    def _resolve(self, entries: list[Entry]) -> list[Change]:
        roots = self._root_list()
        present: dict[Path, bool] = {}
        changes: list[Change] = []
        moves: list[Change] = []
        for e in entries:
            root = self._root_of(e.path, roots)
            if root is None:
                continue
            if root not in present:
                present[root] = os.path.isdir(root)
                if not present[root] and self._on_root_missing is not None:
                    self._on_root_missing(root)
            if not present[root]:
                continue  # an offline root keeps its entries
            try:
                st = os.lstat(e.path)
            except (FileNotFoundError, NotADirectoryError):
                changes.append(Change("deleted", e.path))
                continue
            except OSError as exc:
                self._record(str(e.path), exc)
                continue
            if stat_mod.S_ISDIR(st.st_mode):
                self.rescan(root, e.path)
            elif stat_mod.S_ISREG(st.st_mode):
                if self._ignored(e.path):  # e.g. a .manoleignore now covers it: it leaves the index
                    changes.append(Change("deleted", e.path))
                elif (old := self._moved_from(e.path, st)) is not None:
                    moves.append(Change("moved", old, e.path))
                else:
                    changes.append(Change("added" if e.op == "added" else "modified", e.path))
            elif self._ignored(e.path):
                changes.append(Change("deleted", e.path))
            else:  # a symlink, FIFO, socket or device: the indexer records it as skipped, with the reason
                changes.append(Change("modified", e.path))
        return moves + changes

    def _moved_from(self, path: Path, st: os.stat_result) -> Path | None:
        """A new path whose inode, size and mtime belong to a catalogued file that is gone from its old path:
        a rename whose two halves inotify could not pair (e.g. into a folder created a moment earlier)."""
        catalog = self.indexer.catalog
        loc = self.indexer.locate(path)
        if loc is None or catalog.get_file(loc[0].id, loc[1]) is not None:
            return None
        rows = catalog.query(
            "SELECT r.path, f.relpath FROM files f JOIN roots r ON r.id=f.root_id "
            "WHERE f.inode=? AND f.size=? AND f.mtime_ns=? AND f.state='indexed'",
            (st.st_ino, st.st_size, st.st_mtime_ns),
        )
        for root, rel in rows:
            old = Path(root) / rel
            if old == path:
                continue
            try:
                if os.lstat(old).st_ino == st.st_ino:
                    continue  # a hard link: both names exist
            except OSError:
                return old
        return None

    def _ignored(self, path: Path) -> bool:
        loc = self.indexer.locate(path)
        return loc is not None and self.indexer.ignore_rules(loc[0]).ignored(path, False)

    def _pair_moves(self, changes: list[Change]) -> tuple[list[tuple[Path, Path]], list[Change]]:
        """A deleted and an added file with the same inode, size and mtime are one rename."""
        deleted = [c for c in changes if c.kind == "deleted"]
        added = [c for c in changes if c.kind == "added"]
        if not deleted or not added:
            return [], changes
        by_ident: dict[tuple[int, int, int], Change] = {}
        for c in deleted:
            loc = self.indexer.locate(c.path)
            rec = self.indexer.catalog.get_file(loc[0].id, loc[1]) if loc else None
            if rec is not None and rec.inode and rec.state == "indexed":
                by_ident[(rec.inode, rec.size, rec.mtime_ns)] = c
        moves: list[tuple[Path, Path]] = []
        paired: set[int] = set()
        for c in added:
            try:
                st = os.lstat(c.path)
            except OSError:
                continue
            src = by_ident.pop((st.st_ino, st.st_size, st.st_mtime_ns), None)
            if src is not None:
                moves.append((src.path, c.path))
                paired.update((id(src), id(c)))
        return moves, [c for c in changes if id(c) not in paired]
