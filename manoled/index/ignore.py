"""Which paths manoled never indexes: built-in patterns, config globs and .manoleignore files.

One :class:`IgnoreRules` per root. ``ignored(path, is_dir)`` answers for any path
inside the root (a path outside it is always ignored). The rules, in order:

1. built-in, never overridable: a hidden file or directory (any path component,
   relative to the root, that starts with ``.``), ``.git``, ``node_modules``,
   ``__pycache__``; editor swap and backup files (``*.swp``, ``*~``, ``.#*``,
   ``#*#``, vim's ``4913`` probe, ...) and partial downloads (``*.part``,
   ``*.crdownload``, ...);
2. the user's globs (``[watch] ignore`` in the config), gitignore syntax,
   relative to the root;
3. ``.manoleignore`` files in any folder, gitignore syntax (pathspec's
   ``gitwildmatch``), relative to their folder. As in git, a deeper file beats a
   shallower one, the last matching line wins, ``!pattern`` re-includes, and
   nothing inside an ignored directory can be re-included.

Parsed ``.manoleignore`` files are cached per folder. The cache is invalidated
by :meth:`IgnoreRules.invalidate` (the watcher calls it when one changes);
:meth:`IgnoreRules.refresh` revalidates one folder from a stat a scan already has.
Both reads and invalidation are thread-safe (the watcher thread and the
indexing worker share one instance).
"""

from __future__ import annotations

import fnmatch
import logging
import os
import threading
from dataclasses import dataclass
from pathlib import Path

import pathspec

from .safeopen import read_regular

log = logging.getLogger(__name__)

IGNORE_FILE = ".manoleignore"
BUILTIN_DIRS = frozenset({".git", "node_modules", "__pycache__"})
BUILTIN_GLOBS = (
    # editors: vim swap files and write probe, emacs lock/auto-save, backups, kate
    "*.swp", "*.swo", "*.swx", "4913", "*~", ".#*", "#*#", "*.kate-swp", "*.bak.tmp",
    # partial downloads and in-progress copies
    "*.part", "*.partial", "*.crdownload", "*.download", "*.tmp",
)
_MAX_DIR_MEMO = 50_000
MAX_IGNORE_BYTES = 1 << 20  # a .manoleignore is read up to this size


def builtin_ignored(name: str, is_dir: bool) -> bool:
    """The fixed rules for one path component (``name``)."""
    if name.startswith(".") or name in BUILTIN_DIRS:
        return True
    return not is_dir and any(fnmatch.fnmatchcase(name, g) for g in BUILTIN_GLOBS)


def is_ignore_file(path: Path | str) -> bool:
    return os.path.basename(os.fspath(path)) == IGNORE_FILE


@dataclass(frozen=True)
class _Spec:
    spec: pathspec.PathSpec | None  # None: no (readable) .manoleignore in this folder
    key: tuple[int, int, int] | None  # (mtime_ns, size, inode) of the file it came from


def _spec_from_lines(lines: list[str]) -> pathspec.PathSpec:
    gis = getattr(pathspec, "GitIgnoreSpec", None)
    if gis is not None:
        return gis.from_lines(lines)
    return pathspec.PathSpec.from_lines("gitwildmatch", lines)  # pragma: no cover - pathspec < 0.10


def _decision(spec: pathspec.PathSpec, rel: str) -> bool | None:
    """True: ignored, False: re-included by a ``!`` line, None: no line matched."""
    check = getattr(spec, "check_file", None)
    if check is not None:
        return check(rel).include
    return True if spec.match_file(rel) else None  # pragma: no cover - pathspec < 0.12


class IgnoreRules:
    """``ignored(path, is_dir)`` for paths inside ``root``."""

    def __init__(self, root: Path, globs: list[str] | None = None, *, builtin: bool = True) -> None:
        self.root = Path(root)
        self.globs = list(globs or [])
        self.builtin = builtin
        self.user = _spec_from_lines(self.globs) if self.globs else None
        self._lock = threading.Lock()
        self._specs: dict[Path, _Spec] = {}
        self._dirs: dict[tuple[str, ...], bool] = {}  # memo: is this directory (relative parts) ignored?
        self._chains: dict[tuple[str, ...], tuple[tuple[int, pathspec.PathSpec], ...]] = {}  # memo: see _chain
        self.reads = 0  # .manoleignore files parsed (tests assert on the cache)

    # -- the .manoleignore cache ----------------------------------------
    def _spec(self, directory: Path) -> pathspec.PathSpec | None:
        cached = self._specs.get(directory)
        if cached is not None:
            return cached.spec
        return self._load(directory).spec

    def _load(self, directory: Path, st: os.stat_result | None = None) -> _Spec:
        path = directory / IGNORE_FILE
        entry = _Spec(None, None)
        try:
            st = st or os.stat(path, follow_symlinks=False)
            # never through a link, never blocking on a FIFO, never more than MAX_IGNORE_BYTES
            lines = read_regular(path, MAX_IGNORE_BYTES).decode("utf-8", errors="replace").splitlines()
            entry = _Spec(_spec_from_lines(lines), (st.st_mtime_ns, st.st_size, st.st_ino))
            self.reads += 1
        except FileNotFoundError:
            pass
        except (OSError, ValueError) as exc:
            log.info("cannot read %s: %s", path, exc)
        with self._lock:
            old = self._specs.get(directory)
            self._specs[directory] = entry
            if old is not None and old.key != entry.key:
                self._dirs.clear()
                self._chains.clear()
        return entry

    def refresh(self, directory: Path, st: os.stat_result | None) -> None:
        """Revalidate a folder's cached spec from a fresh stat of its .manoleignore (``None``: there is none).

        Scans call this with what ``scandir`` already returned, so it costs no extra system call.
        """
        directory = Path(directory)
        cached = self._specs.get(directory)
        key = None if st is None else (st.st_mtime_ns, st.st_size, st.st_ino)
        if cached is not None and cached.key == key:
            return
        if cached is None and key is None:
            with self._lock:
                self._specs[directory] = _Spec(None, None)
            return
        self.invalidate(directory)
        if key is not None:
            self._load(directory, st)

    def invalidate(self, directory: Path | None = None) -> None:
        """Forget the parsed .manoleignore of ``directory`` (or of every folder)."""
        with self._lock:
            if directory is None:
                self._specs.clear()
            else:
                self._specs.pop(Path(directory), None)
            self._dirs.clear()
            self._chains.clear()

    # -- queries ----------------------------------------------------------
    def ignored(self, path: Path, is_dir: bool = False) -> bool:
        path = Path(path)
        try:
            rel = path.relative_to(self.root)
        except ValueError:
            return True
        parts = rel.parts
        if not parts or parts == (".",):
            return False
        if self.builtin:
            for part in parts[:-1]:
                if builtin_ignored(part, True):
                    return True
            if builtin_ignored(parts[-1], is_dir):
                return True
        for i in range(1, len(parts)):  # nothing inside an ignored directory can be re-included
            if self._dir_ignored(parts[:i]):
                return True
        return self._matched(parts, is_dir)

    def _dir_ignored(self, parts: tuple[str, ...]) -> bool:
        hit = self._dirs.get(parts)
        if hit is None:
            hit = self._matched(parts, True)
            with self._lock:
                if len(self._dirs) > _MAX_DIR_MEMO:
                    self._dirs.clear()
                self._dirs[parts] = hit
        return hit

    def entry_ignored(self, folder: tuple[str, ...], name: str, is_dir: bool) -> bool:
        """``ignored`` for the entry ``name`` of a folder (its parts relative to the root) that is
        itself not ignored: what a walk asks, without re-checking the folder's ancestors."""
        if self.builtin and builtin_ignored(name, is_dir):
            return True
        return self._matched((*folder, name), is_dir)

    def _chain(self, folder: tuple[str, ...]) -> tuple[tuple[int, pathspec.PathSpec], ...]:
        """The parsed .manoleignore files from the root down to ``folder``, each with its depth."""
        chain = self._chains.get(folder)
        if chain is None:
            above = self._chain(folder[:-1]) if folder else ()
            spec = self._spec(self.root.joinpath(*folder))
            chain = (*above, (len(folder), spec)) if spec is not None else above
            with self._lock:
                if len(self._chains) > _MAX_DIR_MEMO:
                    self._chains.clear()
                self._chains[folder] = chain
        return chain

    def _matched(self, parts: tuple[str, ...], is_dir: bool) -> bool:
        slash = "/" if is_dir else ""
        decision: bool | None = None
        if self.user is not None:
            decision = _decision(self.user, "/".join(parts) + slash)
        for depth, spec in self._chain(parts[:-1]):
            d = _decision(spec, "/".join(parts[depth:]) + slash)
            if d is not None:
                decision = d
        return bool(decision)
