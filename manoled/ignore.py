"""Which paths manoled never indexes: built-in patterns, config globs and .manoleignore files."""

from __future__ import annotations

import fnmatch
from pathlib import Path

import pathspec

BUILTIN_DIRS = {".git", "node_modules", "__pycache__"}
BUILTIN_GLOBS = ("*.swp", "*~", ".#*", "*.part", "*.crdownload")


class IgnoreRules:
    """``ignored(path, is_dir)`` for paths inside ``root``."""

    def __init__(self, root: Path, globs: list[str] | None = None) -> None:
        self.root = Path(root)
        self.user = pathspec.PathSpec.from_lines("gitwildmatch", globs or [])
        self._specs: dict[Path, pathspec.PathSpec | None] = {}

    def _spec(self, directory: Path) -> pathspec.PathSpec | None:
        if directory not in self._specs:
            try:
                lines = (directory / ".manoleignore").read_text(encoding="utf-8", errors="replace").splitlines()
                self._specs[directory] = pathspec.PathSpec.from_lines("gitwildmatch", lines)
            except OSError:
                self._specs[directory] = None
        return self._specs[directory]

    def invalidate(self, directory: Path | None = None) -> None:
        if directory is None:
            self._specs.clear()
        else:
            self._specs.pop(Path(directory), None)

    def ignored(self, path: Path, is_dir: bool = False) -> bool:
        path = Path(path)
        try:
            rel = path.relative_to(self.root)
        except ValueError:
            return True
        parts = rel.parts
        for part in parts:
            if part.startswith(".") or part in BUILTIN_DIRS:
                return True
        name = path.name
        if not is_dir and any(fnmatch.fnmatch(name, g) for g in BUILTIN_GLOBS):
            return True
        rel_s = rel.as_posix() + ("/" if is_dir else "")
        if self.user.match_file(rel_s):
            return True
        directory = self.root
        for i, part in enumerate(parts):
            spec = self._spec(directory)
            if spec is not None:
                sub = "/".join(parts[i:]) + ("/" if is_dir else "")
                if spec.match_file(sub):
                    return True
            directory = directory / part
        return False
