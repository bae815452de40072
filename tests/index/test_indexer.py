"""The indexing core end to end: real files, real SQLite catalog, real LEANN IVF index, real MiniLM."""

from __future__ import annotations

import errno
import os
from pathlib import Path

import pytest

from manoled.index import safeopen
from manoled.index.changes import Change


def write_corpus(root: Path) -> None:
    import docx
    import pymupdf as fitz

    root.mkdir(parents=True, exist_ok=True)
    (root / "notes.txt").write_text("The quarterly budget for the engineering team is 450 thousand euros.\n")
    (root / "readme.md").write_text("# Gardening\n\nTomatoes need full sun and regular watering.\n")
    (root / "guide.rst").write_text("Sailing\n=======\n\nA sloop has a single mast and two sails.\n")
    (root / "script.py").write_text("def fibonacci(n):\n    '''Return the nth Fibonacci number.'''\n    return n\n")
    (root / "table.csv").write_text("city,population\nLisbon,545000\nPorto,232000\n")
    (root / "data.json").write_text('{"pet": "the cat named Whiskers likes salmon"}')
    (root / "page.html").write_text(
        "<html><head><style>.x{color:red}</style><script>var hidden=1;</script></head>"
        "<body><h1>Volcano report</h1><p>Mount Etna erupted lava fountains.</p></body></html>"
    )
    pdf = fitz.open()
    for text in ("Page one talks about astronomy and the Andromeda galaxy.",
                 "Page two explains the recipe for carbonara with eggs and pecorino."):
        page = pdf.new_page()
        page.insert_text((72, 72), text)
    pdf.save(root / "report.pdf")
    d = docx.Document()
    d.add_paragraph("The lease agreement for the apartment on Rua Augusta ends in March.")
    d.save(root / "contract.docx")
    sub = root / "sub"
    sub.mkdir()
    (sub / "deep.txt").write_text("Penguins live in the southern hemisphere.\n")


def top_file(core, query: str) -> str | None:
    hits = core.indexer.search(query, k=1)
    return hits[0].file_name if hits else None


def passage_texts(core) -> list[str]:
    return [r[0] for r in core.catalog.query("SELECT text FROM passages")]


def test_every_supported_type_is_indexed_and_searchable(core, tmp_path):
    root = tmp_path / "docs"
    write_corpus(root)
    stats = core.indexer.index_paths([root])
    assert stats.failed == 0, core.catalog.failures()
    counts = core.catalog.counts()
    assert counts["text"]["indexed"] == 8
    assert counts["pdf"]["indexed"] == 1
    assert counts["doc"]["indexed"] == 1
    assert top_file(core, "Fibonacci number function") == "script.py"
    assert top_file(core, "Mount Etna lava") == "page.html"
    assert top_file(core, "lease agreement apartment") == "contract.docx"
    assert top_file(core, "penguins southern hemisphere") == "deep.txt"
    hit = core.indexer.search("carbonara recipe eggs", k=1)[0]
    assert hit.file_name == "report.pdf" and hit.page == 2
    assert hit.metadata["extension"] == "pdf" and hit.metadata["root"] == str(root)
    # HTML markup and scripts are stripped
    assert not any("hidden=1" in t or "<h1>" in t for t in passage_texts(core))


def test_modified_file_old_text_gone_new_text_found(core, tmp_path):
    root = tmp_path / "docs"
    root.mkdir()
    f = root / "pet.txt"
    f.write_text("My dog is called Rex and he loves the beach.")
    (root / "other.txt").write_text("Invoices from the plumber are in the drawer.")
    core.indexer.index_paths([root])
    assert top_file(core, "dog named Rex") == "pet.txt"

    f.write_text("The parrot speaks three languages fluently.")
    changes = core.indexer.scan(root)
    assert changes == [Change("modified", f)]
    core.indexer.apply(changes)
    texts = passage_texts(core)
    assert not any("Rex" in t for t in texts)
    hits = core.indexer.search("dog named Rex", k=5)
    assert all("Rex" not in h.text for h in hits)
    assert top_file(core, "parrot languages") == "pet.txt"
    assert core.index.ntotal == len(texts)


def test_deleted_file_passages_are_gone(core, tmp_path):
    root = tmp_path / "docs"
    root.mkdir()
    (root / "a.txt").write_text("Alpha document about rockets and orbital mechanics.")
    (root / "b.txt").write_text("Beta document about baking sourdough bread.")
    core.indexer.index_paths([root])
    (root / "a.txt").unlink()
    core.indexer.apply(core.indexer.scan(root))
    assert all(h.file_name != "a.txt" for h in core.indexer.search("rockets orbital", k=5))
    assert core.catalog.files(root_id=core.catalog.roots()[0].id)[0].name == "b.txt"
    assert core.index.ntotal == core.catalog.passage_count() == 1
    assert core.catalog.tombstones() == []


def test_rebuild_matches_live_index_without_embedding(core, tmp_path, embedder):
    root = tmp_path / "docs"
    write_corpus(root)
    core.indexer.index_paths([root])
    queries = ["budget engineering", "tomatoes sun", "sloop mast", "Lisbon population", "Andromeda"]
    live = [[(h.passage_id, round(h.score, 4)) for h in core.indexer.search(q, k=3)] for q in queries]
    calls_before = embedder.calls
    n = core.indexer.rebuild_index()
    assert embedder.calls == calls_before, "a rebuild must not embed anything"
    assert n == core.catalog.passage_count() == core.index.ntotal
    rebuilt = [[(h.passage_id, round(h.score, 4)) for h in core.indexer.search(q, k=3)] for q in queries]
    assert rebuilt == live


def test_rebuild_from_catalog_when_index_files_are_lost(tmp_path, embedder):
    import shutil

    from manoled.app import open_core
    from manoled.config import Config
    from manoled.paths import resolve

    root = tmp_path / "docs"
    write_corpus(root)
    c = open_core(resolve(), Config(), embedder=embedder)
    c.indexer.index_paths([root])
    expected = c.catalog.passage_count()
    c.close()
    shutil.rmtree(resolve().index_dir)
    calls = embedder.calls
    c = open_core(resolve(), Config(), embedder=embedder)
    try:
        c.indexer.sync_index()
        assert c.index.ntotal == expected
        assert embedder.calls == calls
    finally:
        c.close()


def test_bad_files_are_recorded_with_reasons(core, tmp_path, monkeypatch):
    root = tmp_path / "docs"
    root.mkdir()
    (root / "good.txt").write_text("A perfectly normal text file about hiking boots.")
    (root / "binary.txt").write_bytes(b"looks like text\x00\x01\x02 but has NUL bytes" * 10)
    (root / "empty.md").write_text("")
    (root / "huge.txt").write_text("x" * 5000)
    (root / "secret.txt").write_text("unreadable content")
    (root / "broken.pdf").write_bytes(b"%PDF-1.4 this is not really a pdf \x00\xff" * 20)
    (root / "weird name\twith tab ü.txt").write_text("Odd filenames must not crash anything: kayak.")
    core.config.index.max_file_bytes = 4000

    real_open = safeopen._os_open

    def os_open(name, flags, dir_fd=None):
        if os.fspath(name) == "secret.txt":  # tests run as root, so simulate EACCES through the seam
            raise PermissionError(errno.EACCES, "Permission denied", name)
        return real_open(name, flags, dir_fd)

    monkeypatch.setattr(safeopen, "_os_open", os_open)
    core.indexer.index_paths([root])
    by_name = {f.name: f for f in core.catalog.files()}
    assert by_name["good.txt"].state == "indexed"
    assert by_name["weird name\twith tab ü.txt"].state == "indexed"
    assert by_name["binary.txt"].state == "skipped" and "binary" in by_name["binary.txt"].reason
    assert by_name["empty.md"].state == "skipped" and "empty" in by_name["empty.md"].reason
    assert by_name["huge.txt"].state == "skipped" and "max_file_bytes" in by_name["huge.txt"].reason
    assert by_name["secret.txt"].state == "failed" and "permission denied" in by_name["secret.txt"].reason
    assert by_name["broken.pdf"].state == "failed" and by_name["broken.pdf"].reason
    assert top_file(core, "kayak") == "weird name\twith tab ü.txt"


def test_interrupted_index_resumes_without_duplicates(core, tmp_path):
    root = tmp_path / "docs"
    root.mkdir()
    for i in range(12):
        (root / f"f{i:02d}.txt").write_text(f"Document number {i} talks about topic {i} in detail. " * 3)
    core.config.index.commit_batch_files = 3
    batches = []

    def interrupt_after_two(progress) -> None:
        batches.append(progress.done)
        if len(batches) == 2:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        core.indexer.index_paths([root], progress=interrupt_after_two)
    done = core.catalog.counts()["text"].get("indexed", 0)
    assert 0 < done < 12
    stats = core.indexer.index_paths([root])
    assert stats.indexed == 12 - done and stats.unchanged == 0 or stats.indexed + stats.unchanged >= 12 - done
    assert core.catalog.counts()["text"] == {"indexed": 12}
    dupes = core.catalog.query("SELECT file_id, seq, COUNT(*) FROM passages GROUP BY file_id, seq HAVING COUNT(*) > 1")
    assert dupes == []
    assert core.index.ntotal == core.catalog.passage_count()


def test_move_keeps_passages_and_embeds_nothing(core, tmp_path, embedder):
    root = tmp_path / "docs"
    (root / "old").mkdir(parents=True)
    (root / "old" / "trip.txt").write_text("Our trip to Iceland saw geysers and glaciers.")
    core.indexer.index_paths([root])
    before = core.catalog.query("SELECT id, text FROM passages")
    calls = embedder.calls
    (root / "old").rename(root / "new")
    core.indexer.apply([Change("moved", root / "old", root / "new")])
    assert embedder.calls == calls
    assert core.catalog.query("SELECT id, text FROM passages") == before
    hit = core.indexer.search("Iceland geysers", k=1)[0]
    assert hit.path == str(root / "new" / "trip.txt")


def test_duplicate_copy_reuses_vectors(core, tmp_path, embedder):
    root = tmp_path / "docs"
    root.mkdir()
    (root / "a.txt").write_text("Identical content about lighthouses on the coast.")
    core.indexer.index_paths([root])
    calls = embedder.calls
    (root / "copy.txt").write_text("Identical content about lighthouses on the coast.")
    core.indexer.apply(core.indexer.scan(root))
    assert embedder.calls == calls
    assert {h.file_name for h in core.indexer.search("lighthouses coast", k=2)} == {"a.txt", "copy.txt"}


def test_lookups_by_content_hash_use_the_hash_index(core, tmp_path, monkeypatch):
    """Without table statistics SQLite may pick the state index for "hash=? AND state='indexed'", a scan of every
    indexed file per new file: indexing 150k files slowed to 12 ms a file in that one query."""
    from manoled.catalog import connection

    seen: set[str] = set()
    execute = connection._Connection.execute

    def recording(self, sql, parameters=(), /):
        seen.add(sql)
        return execute(self, sql, parameters)

    monkeypatch.setattr(connection._Connection, "execute", recording)
    root = tmp_path / "docs"
    root.mkdir()
    for name in ("a.txt", "b.txt", "copy.txt"):
        (root / name).write_text("Identical content about lighthouses." if name != "b.txt" else "Other text.")
    core.indexer.index_paths([root])
    monkeypatch.undo()
    by_hash = [q for q in seen if "hash=?" in q.replace(" ", "") and q.lstrip().upper().startswith("SELECT")]
    assert by_hash
    with core.catalog.tx() as c:
        for q in by_hash:
            plan = " ".join(r[3] for r in c.execute("EXPLAIN QUERY PLAN " + q, ("x",) * q.count("?")))
            assert "files_hash" in plan, (q, plan)


def test_a_background_scan_of_a_removed_folder_does_not_bring_it_back(core, tmp_path):
    root = tmp_path / "work"
    root.mkdir()
    (root / "a.txt").write_text("notes about the garden")
    core.indexer.index_paths([root])
    core.indexer.remove_root(root.resolve())
    # a scan the scheduler had queued before folders.remove runs after it
    assert core.indexer.scan(root.resolve(), register=False) == []
    assert core.catalog.roots() == []
    assert core.catalog.root_at(root) is None


def test_restart_over_unchanged_corpus_finds_no_changes(tmp_path, embedder):
    from manoled.app import open_core
    from manoled.config import Config
    from manoled.paths import resolve

    root = tmp_path / "docs"
    write_corpus(root)
    c = open_core(resolve(), Config(), embedder=embedder)
    c.indexer.index_paths([root])
    c.close()
    c = open_core(resolve(), Config(), embedder=embedder)
    try:
        assert c.indexer.scan(root) == []
    finally:
        c.close()


def test_a_large_batch_retrains_the_index_as_it_grows_not_only_at_the_end(core, tmp_path):
    """One index_paths call over many files: the index is retrained each time it outgrows its training (4x),
    during the batch. Retraining only at the end left every vector of a first 1M-passage index as float32 in
    the untrained index until then (3.5 GB peak in bench/scale.py --files 320000)."""
    root = tmp_path / "many"
    root.mkdir()
    for i in range(240):
        (root / f"note_{i:03d}.txt").write_text(f"Note {i}: the {['red', 'green', 'blue'][i % 3]} box {i}.\n")
    core.config.index.commit_batch_files = 8  # many small steps, as a big folder has
    seen: list[tuple[int, int]] = []  # (vectors in the index, vectors trained on) at each rebuild
    rebuild = core.indexer.rebuild_index

    def spy() -> int:
        seen.append((core.index.ntotal, core.index.trained_on))
        return rebuild()

    core.indexer.rebuild_index = spy
    stats = core.indexer.index_paths([root])
    assert stats.failed == 0 and stats.indexed == 240
    total = core.catalog.passage_count()
    grown = [(n, trained) for n, trained in seen if n]  # the first, on an empty index, is the start-up sync
    assert grown and grown[0][0] < total, seen  # retrained while the batch was still going
    assert all(n > 4 * max(trained, 39) for n, trained in grown), seen  # each time it had outgrown its training
    assert core.index.ntotal == total and not core.index.needs_retrain()
    assert top_file(core, "green box 100") is not None
