"""Finding the files to index: roots, ignore rules, walking folders without following links, scanning.

:class:`Discovery` is a part of :class:`manoled.index.pipeline.Indexer`.
"""

from __future__ import annotations

import logging
import os
import stat as stat_mod
from collections.abc import Iterable
from pathlib import Path

from ..catalog.records import Root
from ..catalog.store import Catalog
from ..config import Config
from ..errors import ExtractError
from .changes import Change
from .ignore import IGNORE_FILE, IgnoreRules
from .safeopen import Skip, open_beneath, open_dir_beneath

log = logging.getLogger(__name__)


class Discovery:
    """Roots, ignore rules and the walk; uses the indexer's ``catalog`` and ``config``."""

    catalog: Catalog
    config: Config
    _ignore: dict[int, IgnoreRules]

    def ignore_rules(self, root: Root) -> IgnoreRules:
        rules = self._ignore.get(root.id)
        if rules is None:
            rules = self._ignore[root.id] = IgnoreRules(root.path, self.config.watch.ignore)
        return rules

    def reset_ignore_rules(self) -> None:
        """Forget the parsed rules (the config's globs changed); they are rebuilt on next use."""
        self._ignore.clear()

    def locate(self, path: Path) -> tuple[Root, str] | None:
        """The root holding ``path`` and the path relative to it (never following ``..``)."""
        path = Path(os.path.abspath(path))
        root = self.catalog.root_for(path)
        if root is None:
            return None
        rel = path.relative_to(root.path).as_posix()
        return root, ("" if rel == "." else rel)

    # -- discovery ------------------------------------------------------
    def walk(self, root: Root, top: Path | None = None) -> Iterable[tuple[Path, os.stat_result]]:
        """Yield every non-folder entry under ``top`` with its ``lstat``: regular files, and links, FIFOs,
        sockets and devices too (the indexer records those as skipped, with the reason).

        Folders are opened one component at a time without following links
        (:func:`~manoled.index.safeopen.open_dir_beneath`), so a link, or a folder
        swapped for one mid-walk, is never descended into; with
        ``watch.follow_symlinks`` a linked folder is walked only when its target
        is inside a watched root. Never loops."""
        for folder, name, st, _rel in self.walk_entries(root, top):
            yield folder / name, st

    def walk_entries(self, root: Root, top: Path | None = None) -> Iterable[tuple[Path, str, os.stat_result, str]]:
        """``walk`` as (folder, name, stat, path relative to the root): no path object per file."""
        follow = self.config.watch.follow_symlinks
        rules = self.ignore_rules(root)
        seen: set[tuple[int, int]] = set()
        start = Path(top or root.path)
        start_rel = relpath_in(start, root.path) if start != root.path else ""
        parts0 = tuple(start_rel.split("/")) if start_rel else ()
        if parts0 and rules.ignored(start, True):
            return
        stack: list[tuple[Path, tuple[str, ...], str]] = [(start, parts0, start_rel)]
        while stack:
            d, parts, drel = stack.pop()
            entries = self._list(root, d, seen, follow)
            # the listing says whether the folder has a .manoleignore: no stat to look for one
            rules.refresh(d, next((lst for n, lst, _ in entries if n == IGNORE_FILE), None))
            for name, lst, target in entries:
                st = lst
                if target is not None and self._inside_roots(d / name):
                    st = target
                is_dir = stat_mod.S_ISDIR(st.st_mode)
                if rules.entry_ignored(parts, name, is_dir):
                    continue
                rel = f"{drel}/{name}" if drel else name
                if is_dir:
                    stack.append((d / name, (*parts, name), rel))
                else:
                    yield d, name, st, rel

    def _list(self, root: Root, d: Path, seen: set[tuple[int, int]], follow: bool,
              ) -> list[tuple[str, os.stat_result, os.stat_result | None]]:
        """A folder's entries with their lstat (and, following links, their target's stat); [] when it
        cannot be opened, was seen already (a loop) or cannot be listed."""
        try:
            fd = self._open_dir(root, d)
        except ExtractError as exc:
            log.info("not walking %s: %s", d, exc.message)
            return []
        if fd is None:
            return []
        entries: list[tuple[str, os.stat_result, os.stat_result | None]] = []
        try:
            dst = os.fstat(fd)
            key = (dst.st_dev, dst.st_ino)
            if key in seen:
                return []
            seen.add(key)
            with os.scandir(fd) as it:
                for entry in it:
                    try:
                        lst = os.stat(entry.name, dir_fd=fd, follow_symlinks=False)
                    except OSError:
                        continue
                    target = None
                    if follow and stat_mod.S_ISLNK(lst.st_mode):
                        try:
                            target = os.stat(entry.name, dir_fd=fd)
                        except OSError:
                            target = None
                    entries.append((entry.name, lst, target))
        except OSError as exc:
            log.info("cannot list %s: %s", d, exc.strerror)
            return []
        finally:
            os.close(fd)
        return entries

    def _inside_roots(self, path: Path) -> bool:
        """Whether ``path``, links resolved, lies inside a watched root (for ``follow_symlinks``)."""
        return self.catalog.root_for(Path(os.path.realpath(path))) is not None

    def _open_dir(self, root: Root, d: Path) -> int | None:
        if self.config.watch.follow_symlinks:
            real = Path(os.path.realpath(d))
            owner = self.catalog.root_for(real)
            if owner is None:
                return None
            return open_dir_beneath(owner.path, relpath_in(real, owner.path))
        return open_dir_beneath(root.path, relpath_in(d, root.path))

    def _open(self, root: Root, rel: str, path: Path) -> tuple[int, os.stat_result]:
        """Open a file to index: never through a link (with ``follow_symlinks``: only to a target
        inside a watched root), never blocking; the descriptor is checked to be a regular file."""
        try:
            return open_beneath(root.path, rel)
        except Skip as exc:
            if not (self.config.watch.follow_symlinks and exc.message.startswith("symbolic link")):
                raise
        real = Path(os.path.realpath(path))
        owner = self.catalog.root_for(real)
        if owner is None:
            raise Skip("symbolic link to outside the watched folders (not followed)")
        try:
            return open_beneath(owner.path, relpath_in(real, owner.path))
        except ExtractError as exc:
            if exc.message == "file not found":
                raise Skip("broken symbolic link") from exc
            raise

    def scan(self, root_path: Path, top: Path | None = None, register: bool = True) -> list[Change]:
        """Compare the catalog with the disk; return the changes, reading no file contents.

        ``register``: add the root to the catalog if it is not there; without it, a root that is not (any more)
        in the catalog has no changes: a background scan queued before ``folders.remove`` must not bring it back.
        """
        root = self.catalog.add_root(root_path) if register else self.catalog.root_at(root_path)
        if root is None:
            return []
        if not root.path.is_dir():
            self.catalog.set_root_online(root.id, False)
            log.warning("root %s is offline; keeping its %d indexed files", root.path,
                        len(self.catalog.files(root_id=root.id)))
            return []
        if not root.online:
            self.catalog.set_root_online(root.id, True)
        under = None
        if top is not None:
            under = Path(top).relative_to(root.path).as_posix()
            under = None if under == "." else under
        known = self.catalog.file_stats(root.id, under)
        changes: list[Change] = []
        for folder, name, st, rel in self.walk_entries(root, top):
            rec = known.pop(rel, None)
            if rec is None:
                changes.append(Change("added", folder / name))
            elif rec[0] == "pending" or rec[1:] != (st.st_size, st.st_mtime_ns, st.st_ino):
                changes.append(Change("modified", folder / name))
        for rel in known:
            changes.append(Change("deleted", root.path / rel))
        return changes


def path_stat(path: Path, follow: bool = False) -> os.stat_result | None:
    try:
        return os.stat(path, follow_symlinks=follow)
    except OSError:
        return None


def is_dir(path: Path) -> bool:
    st = path_stat(path)
    return st is not None and stat_mod.S_ISDIR(st.st_mode)


def relpath_in(path: Path, root: Path) -> str:
    rel = Path(os.path.abspath(path)).relative_to(root).as_posix()
    return "" if rel == "." else rel

