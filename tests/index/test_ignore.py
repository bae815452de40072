"""Ignore rules: built-ins, config globs, .manoleignore files (gitignore syntax) and their cache."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from manoled.index.ignore import IGNORE_FILE, IgnoreRules, builtin_ignored, is_ignore_file


@pytest.mark.parametrize(
    ("rel", "is_dir"),
    [
        (".hidden.txt", False),
        (".config", True),
        (".config/settings.txt", False),
        (".git", True),
        ("proj/.git/HEAD", False),
        ("proj/node_modules", True),
        ("proj/node_modules/pkg/readme.md", False),
        ("src/__pycache__/m.cpython-311.pyc", False),
        ("notes.txt.swp", False),
        (".notes.txt.swp", False),
        ("notes.txt~", False),
        (".#notes.txt", False),
        ("#notes.txt#", False),
        ("4913", False),
        ("movie.mkv.part", False),
        ("setup.exe.crdownload", False),
        (IGNORE_FILE, False),
    ],
)
def test_builtin_rules_ignore(tmp_path: Path, rel: str, is_dir: bool) -> None:
    assert IgnoreRules(tmp_path).ignored(tmp_path / rel, is_dir)


@pytest.mark.parametrize("rel", ["notes.txt", "docs/report.pdf", "a/b/c/photo.jpg", "node_modules.txt", "swp.txt"])
def test_ordinary_files_are_not_ignored(tmp_path: Path, rel: str) -> None:
    assert not IgnoreRules(tmp_path).ignored(tmp_path / rel, False)


def test_root_itself_and_paths_outside(tmp_path: Path) -> None:
    root = tmp_path / "root"
    rules = IgnoreRules(root)
    assert not rules.ignored(root, True)
    assert rules.ignored(tmp_path / "elsewhere" / "a.txt", False)


def test_hidden_only_counts_below_the_root(tmp_path: Path) -> None:
    root = tmp_path / ".dotted-parent" / "root"
    assert not IgnoreRules(root).ignored(root / "a.txt", False)


def test_user_globs_are_gitignore_patterns_relative_to_the_root(tmp_path: Path) -> None:
    rules = IgnoreRules(tmp_path, ["*.log", "build/", "/top-only.txt"])
    assert rules.ignored(tmp_path / "x.log")
    assert rules.ignored(tmp_path / "deep" / "x.log")
    assert rules.ignored(tmp_path / "build", True)
    assert rules.ignored(tmp_path / "build" / "out.txt")
    assert rules.ignored(tmp_path / "top-only.txt")
    assert not rules.ignored(tmp_path / "sub" / "top-only.txt")
    assert not rules.ignored(tmp_path / "build.txt")


def test_manoleignore_in_a_folder_applies_below_it(tmp_path: Path) -> None:
    (tmp_path / "a").mkdir()
    (tmp_path / "a" / IGNORE_FILE).write_text("secret*\n# a comment\n\n/only-here.txt\n")
    rules = IgnoreRules(tmp_path)
    assert rules.ignored(tmp_path / "a" / "secret-plans.txt")
    assert rules.ignored(tmp_path / "a" / "deeper" / "secret.md")
    assert rules.ignored(tmp_path / "a" / "only-here.txt")
    assert not rules.ignored(tmp_path / "a" / "deeper" / "only-here.txt")
    assert not rules.ignored(tmp_path / "secret.txt")  # beside the folder, not below it
    assert not rules.ignored(tmp_path / "a" / "public.txt")


def test_deeper_files_and_negation_win_as_in_git(tmp_path: Path) -> None:
    (tmp_path / IGNORE_FILE).write_text("*.csv\n")
    (tmp_path / "keep").mkdir()
    (tmp_path / "keep" / IGNORE_FILE).write_text("!important.csv\n")
    rules = IgnoreRules(tmp_path)
    assert rules.ignored(tmp_path / "data.csv")
    assert rules.ignored(tmp_path / "keep" / "other.csv")
    assert not rules.ignored(tmp_path / "keep" / "important.csv")


def test_nothing_inside_an_ignored_folder_can_be_reincluded(tmp_path: Path) -> None:
    (tmp_path / IGNORE_FILE).write_text("private/\n!private/ok.txt\n")
    rules = IgnoreRules(tmp_path)
    assert rules.ignored(tmp_path / "private", True)
    assert rules.ignored(tmp_path / "private" / "ok.txt")


def test_user_globs_can_be_overridden_by_a_manoleignore(tmp_path: Path) -> None:
    (tmp_path / "logs").mkdir()
    (tmp_path / "logs" / IGNORE_FILE).write_text("!audit.log\n")
    rules = IgnoreRules(tmp_path, ["*.log"])
    assert rules.ignored(tmp_path / "logs" / "debug.log")
    assert not rules.ignored(tmp_path / "logs" / "audit.log")


def test_parsed_files_are_cached_until_invalidated(tmp_path: Path) -> None:
    ignore_file = tmp_path / IGNORE_FILE
    ignore_file.write_text("a.txt\n")
    rules = IgnoreRules(tmp_path)
    for _ in range(5):
        assert rules.ignored(tmp_path / "a.txt")
        assert not rules.ignored(tmp_path / "b.txt")
        assert not rules.ignored(tmp_path / "sub" / "c.txt")
    assert rules.reads == 1

    ignore_file.write_text("b.txt\n")
    assert rules.ignored(tmp_path / "a.txt")  # still the cached rules
    rules.invalidate(tmp_path)
    assert not rules.ignored(tmp_path / "a.txt")
    assert rules.ignored(tmp_path / "b.txt")
    assert rules.reads == 2

    ignore_file.unlink()
    rules.invalidate()
    assert not rules.ignored(tmp_path / "b.txt")


def test_refresh_revalidates_from_a_stat(tmp_path: Path) -> None:
    ignore_file = tmp_path / IGNORE_FILE
    ignore_file.write_text("a.txt\n")
    rules = IgnoreRules(tmp_path)
    assert rules.ignored(tmp_path / "a.txt")
    rules.refresh(tmp_path, ignore_file.stat())
    assert rules.reads == 1  # unchanged: no re-read
    ignore_file.write_text("b.txt\n\n")
    rules.refresh(tmp_path, ignore_file.stat())
    assert rules.reads == 2
    assert rules.ignored(tmp_path / "b.txt") and not rules.ignored(tmp_path / "a.txt")
    ignore_file.unlink()
    rules.refresh(tmp_path, None)
    assert not rules.ignored(tmp_path / "b.txt")


def test_an_unreadable_ignore_file_ignores_nothing(tmp_path: Path) -> None:
    (tmp_path / IGNORE_FILE).mkdir()  # a directory where the file should be: unreadable as a file
    rules = IgnoreRules(tmp_path)
    assert not rules.ignored(tmp_path / "a.txt")


def test_helpers() -> None:
    assert is_ignore_file(Path("/x/y") / IGNORE_FILE)
    assert not is_ignore_file("/x/y/manoleignore")
    assert builtin_ignored("node_modules", True)
    assert builtin_ignored("x.swp", False)
    assert not builtin_ignored("x.swp", True)  # a folder named like a swap file is still a folder


def test_a_manoleignore_that_is_a_fifo_or_a_link_is_not_read(tmp_path: Path) -> None:
    """A FIFO would block the walk forever, and a link could read a file outside the root."""
    outside = tmp_path / "outside.txt"
    outside.write_text("*.txt\n")
    root = tmp_path / "root"
    (root / "piped").mkdir(parents=True)
    (root / "linked").mkdir()
    os.mkfifo(root / "piped" / IGNORE_FILE)
    (root / "linked" / IGNORE_FILE).symlink_to(outside)
    rules = IgnoreRules(root)
    assert not rules.ignored(root / "piped" / "a.txt")  # returns at once: the FIFO is not opened to read
    assert not rules.ignored(root / "linked" / "a.txt")  # the link's target is not read
    assert rules.reads == 0
