"""Names: the index of path words answers as a scan of every path would, and is built once per listing."""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from pathlib import Path

from conftest import PathFile

from manoled.agent.context import ToolContext
from manoled.agent.folderwords import find_folder
from manoled.agent.names import (
    NameIndex,
    files_at,
    folder_matches,
    index_of,
    ing_base,
    path_matches,
    path_words,
    rank_names,
    similar,
)
from manoled.catalog.store import Catalog

File = PathFile


def scan_rank(terms, files):
    """rank_names as a scan of every path (what the index replaces)."""
    words_of = [set(path_words(f.relpath)) for f in files]
    words_of = [ws | {ing_base(w) for w in ws if ing_base(w)} for ws in words_of]  # "gardening" says garden too
    df = {t: sum(1 for ws in words_of if any(similar(t, w) for w in ws)) for t in terms}
    out = []
    for f, ws in zip(files, words_of, strict=True):
        matched = [t for t in terms if df[t] and any(similar(t, w) for w in ws)]
        if matched:
            out.append((f.relpath, round(sum(math.log(1 + len(files) / df[t]) for t in matched), 9)))
    return sorted(out, key=lambda m: (-m[1], len(m[0])))


def made_up_files(n: int, seed: int = 3) -> list[File]:
    rng = random.Random(seed)
    stems = ["invoice", "invoices", "invoce", "receipt", "reciept", "budget", "budgets", "taxes", "tax", "lease",
             "leases", "garden", "gardening", "photos", "photo", "travel", "travels", "lisboa", "lisbon", "notes",
             "note", "todo", "meeting", "meetings", "insurance", "insurence", "dentist", "dentists", "img", "2025"]
    files = []
    for i in range(n):
        parts = [rng.choice(stems) for _ in range(rng.randint(1, 3))]
        files.append(File("/".join(parts[:-1] + [f"{parts[-1]}_{rng.choice(stems)}_{i}.{rng.choice(['pdf', 'txt'])}"])))
    return files


def test_the_index_ranks_names_as_a_scan_of_every_path_would():
    files = made_up_files(400)
    for terms in (["invoice"], ["reciept", "2025"], ["insurance", "photo"], ["lisbon"], ["gardens", "todo"],
                  ["xyz"], ["tax"], ["meeting", "meeting"]):
        got = [(m.file.relpath, round(m.score, 9)) for m in rank_names(terms, files)]
        assert got == scan_rank(terms, files), terms


def test_the_words_near_a_word_are_those_a_comparison_with_each_finds():
    files = made_up_files(300)
    idx = NameIndex(files)
    vocabulary = set(idx.postings)
    for term in ("invoice", "invoce", "receipts", "insurance", "photos", "note", "todos", "lisbo", "img", "tax", "2025"):
        if not term.isdigit():  # numbers are not kept as words: they are looked for in the paths
            assert set(idx.near(term)) == {w for w in vocabulary if similar(term, w)}
        assert [f.relpath for f in path_matches(term, files)] == \
            [f.relpath for f in files if any(similar(term, w) for w in path_words(f.relpath))]


def test_folders_are_found_by_their_words():
    files = [File("Money/Taxes/2025/return.pdf"), File("Photos/Lisboa_Abril2026/tram.jpg"), File("notes.txt")]
    assert folder_matches("tax", files) and folder_matches("photo", files)
    assert not folder_matches("return", files) and not folder_matches("note", files)
    assert find_folder("what's in Taxes", files) == "Money/Taxes"
    assert find_folder("what's in money/taxes/2025?", files) == "Money/Taxes/2025"
    assert find_folder("show the Lisbon trip folder", files) == "Photos/Lisboa_Abril2026"
    assert find_folder("files about porto", files) is None
    assert folder_matches("2025", files) and not folder_matches("2026", files)


def test_a_year_that_ends_a_date_is_no_folder():
    files = [File("Photos/2026/IMG_4105.jpg"), File("Notes 2026.txt")]
    assert find_folder("what did I change between November 10 and November 20, 2026?", files, loose=True) is None
    assert find_folder("what did I change in March 2026?", files, loose=True) is None
    assert find_folder("what did I put in 2026?", files, loose=True) == "Photos/2026"  # a year alone may name it


def test_a_path_word_in_another_language_is_the_word():
    files = [File("Receitas/bolo de bolacha.md"), File("Wohnung/Mietvertrag_Weserstr.docx"),
             File("Kunden/Rahmenvertrag_Kranich.docx"), File("Fahrrad/IMG_1987.jpg"), File("notes.txt")]
    assert folder_matches("recipe", files) and folder_matches("bike", files)
    assert find_folder("what recipes do I have", files, loose=True) == "Receitas"
    # a compound is what its last part is: a Mietvertrag is a contract, a Rahmenvertrag no frame
    assert {f.name for f in path_matches("contract", files)} == {"Mietvertrag_Weserstr.docx", "Rahmenvertrag_Kranich.docx"}
    assert path_matches("frame", files) == []
    assert rank_names(["rental", "contract"], files)[0].file.name == "Mietvertrag_Weserstr.docx"
    assert similar("lisbon", "lisboa") and not similar("checkout", "checkin")


def test_one_listing_is_indexed_once_and_a_changed_catalog_is_read_again(tmp_path: Path):
    catalog = Catalog(tmp_path / "catalog.db")
    root = catalog.add_root(tmp_path / "home")
    for rel in ("Internet/spreenetz_2026-01.txt", "Internet/spreenetz_2026-02.txt", "Notes/todo.md"):
        catalog.upsert_file(root.id, rel, size=1, mtime_ns=1, inode=1, kind="text", state="indexed")
    ctx = ToolContext(catalog)
    first = index_of(ctx.files())
    ctx.refresh()  # the next ask: nothing changed, so the same listing and the same index
    assert index_of(ctx.files()) is first
    assert sorted(f.name for f in ctx.files_named("internet")) == ["spreenetz_2026-01.txt", "spreenetz_2026-02.txt"]

    catalog.upsert_file(root.id, "Internet/spreenetz_2026-03.txt", size=1, mtime_ns=1, inode=1, kind="text",
                        state="indexed")
    assert len(ctx.files_named("internet")) == 2  # within one ask the listing holds still
    ctx.refresh()
    assert index_of(ctx.files()) is not first
    assert len(ctx.files_named("internet")) == 3
    catalog.close()


def test_a_big_listing_that_changed_is_read_again_beside_the_asks(tmp_path: Path):
    import time

    catalog = Catalog(tmp_path / "catalog.db")
    root = catalog.add_root(tmp_path / "home")
    for rel in ("Internet/spreenetz_2026-01.txt", "Notes/todo.md"):
        catalog.upsert_file(root.id, rel, size=1, mtime_ns=1, inode=1, kind="text", state="indexed")
    ctx = ToolContext(catalog, reread_beside_at=2)  # "big" from two files on
    assert len(ctx.files()) == 2
    catalog.upsert_file(root.id, "Internet/spreenetz_2026-02.txt", size=1, mtime_ns=1, inode=1, kind="text",
                        state="indexed")
    ctx.refresh()
    assert len(ctx.files()) == 2  # this ask reads the listing it has; the new one is read beside it
    deadline = time.monotonic() + 30
    while len(ctx.files()) != 3 and time.monotonic() < deadline:
        ctx._reading.join(0.05)
        ctx.refresh()
    assert [f.name for f in ctx.files_named("internet")] == ["spreenetz_2026-01.txt", "spreenetz_2026-02.txt"]
    ctx.refresh()  # nothing changed since: the same listing, no thread
    assert len(ctx.files()) == 3 and not ctx._reading.is_alive()
    catalog.close()


def test_files_at_full_paths():
    @dataclass(frozen=True)
    class Rooted:
        root: Path
        relpath: str

        @property
        def path(self) -> Path:
            return self.root / self.relpath

    files = [Rooted(Path("/home/a"), "Notes/todo.md"), Rooted(Path("/home/b"), "Notes/todo.md"),
             Rooted(Path("/home/a"), "todo.md")]
    assert files_at(["/home/b/Notes/todo.md", "/home/c/todo.md"], files) == {"/home/b/Notes/todo.md": files[1]}
    assert files_at([], files) == {}


def test_short_lists_never_push_a_listing_index_out():
    listing = made_up_files(10_000)  # a catalog listing's size
    first = index_of(listing)
    for n in range(8):  # a follow-up's candidates, one list each ask
        index_of(listing[n:n + 2])
    assert index_of(listing) is first


def test_my_folder_is_the_whole_folder_not_one_named_like_the_kind():
    files = [File("Photos/IMG_2041.jpg"), File("Garden/tomatoes.jpg"), File("Photos/Christmas/IMG_1988.jpg")]
    assert find_folder("How many photos are in my folder?", files) is None
    assert find_folder("how many pictures in my photos folder", files) == "Photos"
