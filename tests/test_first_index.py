"""The first index of a folder: time-bounded commits, order, crash mid-file, progress, one hit per file.

Real catalog, real LEANN IVF index, real MiniLM; the only stand-ins are hand-written
wrappers that crash the embedder on a given call or hold one extraction.
"""

from __future__ import annotations

import os
import threading
import time

import pytest
from fixtures import make_pdf
from waiting import wait_until

from manoled.app import open_core
from manoled.config import Config
from manoled.index.chunk import chunk
from manoled.index.progress import Tracker
from manoled.paths import resolve


class Crash(BaseException):
    """Stands for the process dying: nothing after it runs, no index save, no close()."""


class CrashingEmbedder:
    def __init__(self, inner, crash_on_call: int) -> None:
        self.inner, self.crash_on_call, self.calls = inner, crash_on_call, 0
        self.model_id, self.backend, self.memory_bytes = inner.model_id, inner.backend, inner.memory_bytes

    @property
    def dimensions(self) -> int:
        return self.inner.dimensions

    def embed(self, texts):
        self.calls += 1
        if self.calls == self.crash_on_call:
            raise Crash
        return self.inner.embed(texts)


def big_text(n_paragraphs: int) -> str:
    return "\n\n".join(f"Paragraph {i} of the long manual explains valve number {i} and its maintenance "
                       f"schedule, the torque for bolt {i * 7} and who to call when it leaks. " * 3
                       for i in range(n_paragraphs))


def one_passage_per_step(core):
    core.indexer.max_step_chars = 1
    return core


def per_file_seqs(catalog) -> dict[str, list[int]]:
    out: dict[str, list[int]] = {}
    for rel, seq in catalog.query("SELECT f.relpath, p.seq FROM passages p JOIN files f ON f.id=p.file_id ORDER BY p.seq"):
        out.setdefault(rel, []).append(seq)
    return out


def test_a_crash_in_the_middle_of_a_large_file_then_a_restart_leaves_no_duplicate_and_no_missing_passage(
        tmp_path, embedder):
    root = tmp_path / "docs"
    root.mkdir()
    for i in range(3):
        (root / f"small{i}.txt").write_text(f"Small note {i} about the coffee machine on floor {i}.")
    large = root / "manual.txt"
    large.write_text(big_text(40))
    cfg = Config()
    n_large = len(chunk([(large.read_text(), None)], cfg.index.chunk_size, cfg.index.chunk_overlap))
    assert n_large > 20

    crashing = CrashingEmbedder(embedder, crash_on_call=6)
    core = one_passage_per_step(open_core(resolve(), Config(), embedder=crashing))
    with pytest.raises(Crash):
        core.indexer.index_paths([root])
    # the crash left the large file half written and still pending, the small ones complete
    rec = {f.relpath: f for f in core.catalog.files()}
    assert rec["manual.txt"].state == "pending"
    assert 0 < len(per_file_seqs(core.catalog).get("manual.txt", [])) < n_large
    assert all(rec[f"small{i}.txt"].state == "indexed" for i in range(3))
    core.catalog.close()  # the process is gone: the in-memory index is lost, never saved
    core.indexer.extractor.close()

    embedder.texts.clear()
    core = open_core(resolve(), Config(), embedder=embedder)
    try:
        stats = core.indexer.index_paths([root])
        assert stats.indexed == 1  # only the interrupted file is redone
        assert len(embedder.texts) == n_large
        seqs = per_file_seqs(core.catalog)
        assert seqs["manual.txt"] == list(range(n_large))
        assert all(seqs[f"small{i}.txt"] == [0] for i in range(3))
        assert {f.relpath: f.state for f in core.catalog.files()} == {
            "manual.txt": "indexed", "small0.txt": "indexed", "small1.txt": "indexed", "small2.txt": "indexed"}
        assert core.index.ntotal == core.catalog.passage_count() == n_large + 3
        hits = core.indexer.search("valve number 39 maintenance schedule", k=40, per_file=False)
        assert any("valve number 39" in h.text for h in hits)
    finally:
        core.close()


def test_recent_files_go_first_then_small_before_large(tmp_path, embedder):
    root = tmp_path / "docs"
    root.mkdir()
    now = time.time()
    plan = {  # name: (age in seconds, paragraphs)
        "old_large.txt": (400 * 86400, 6), "old_small.txt": (400 * 86400, 1),
        "recent_large.txt": (600, 6), "recent_small.txt": (1200, 1), "lastweek_small.txt": (3 * 86400, 1),
    }
    for name, (age, paras) in plan.items():
        (root / name).write_text(big_text(paras).replace("manual", name))
        os.utime(root / name, (now - age, now - age))
    core = one_passage_per_step(open_core(resolve(), Config(), embedder=embedder))
    order: list[str] = []
    core.indexer.hooks.append(lambda cat, fid, texts: order.append(cat.file_by_id(fid).name))
    try:
        core.indexer.index_paths([root])
    finally:
        core.close()
    assert order == ["recent_small.txt", "recent_large.txt", "lastweek_small.txt", "old_small.txt", "old_large.txt"]


def test_search_gives_one_hit_per_file_by_default_and_raw_passages_on_request(core, tmp_path):
    root = tmp_path / "docs"
    root.mkdir()
    (root / "tarfile.py").write_text("\n\n".join(
        f"def extract_member_{i}(tar):\n    '''Extract member {i} from a tar archive, keeping permissions.'''\n"
        + "    pass\n" * 60 for i in range(12)))
    (root / "zipfile.py").write_text("def extract_zip(z):\n    '''Extract a member from a zip archive.'''\n")
    (root / "notes.txt").write_text("Archive the tax papers in the blue box.")
    (root / "garden.txt").write_text("Tomatoes need full sun.")
    core.indexer.index_paths([root])
    raw = core.indexer.search("extract a member from a tar archive", k=5, per_file=False)
    assert [h.file_name for h in raw].count("tarfile.py") >= 3  # the problem: one file fills the list
    hits = core.indexer.search("extract a member from a tar archive", k=3, per_file=True)
    names = [h.file_name for h in hits]
    assert len(names) == len(set(names)) == 3
    assert names[0] == "tarfile.py"
    best = raw[0]
    assert (hits[0].passage_id, hits[0].text) == (best.passage_id, best.text)  # the file's best passage
    assert len(core.indexer.search("extract a member from a tar archive", k=10, per_file=True)) == 4


class HeldExtractor:
    """The real extractor, except that PDFs wait for ``release`` (a slow file)."""

    def __init__(self, inner) -> None:
        self.inner = inner
        self.entered = threading.Event()
        self.release = threading.Event()

    def extract_fd(self, fd, name, kind):
        if kind == "pdf":
            self.entered.set()
            self.release.wait(60)
        return self.inner.extract_fd(fd, name, kind)

    def cancel(self) -> None:
        self.release.set()
        self.inner.cancel()

    def close(self) -> None:
        self.inner.close()


def test_a_slow_file_holds_back_no_other_file_and_status_counts_it_in_progress(core, tmp_path):
    """Issue 11: a batch committed only when all its files were done, and status said idle meanwhile."""
    from manoled.daemon import Daemon

    root = tmp_path / "docs"
    root.mkdir()
    make_pdf(root / "slow.pdf", ["The slow manual about submarine periscopes."])
    for i in range(5):
        (root / f"note{i}.txt").write_text(f"Note {i}: the plumber comes on day {i} to fix the boiler.")
    held = HeldExtractor(core.indexer.extractor)
    core.indexer.extractor = held
    core.config.caption.enabled = False
    core.config.watch.quiet_s = 0.05
    daemon = Daemon(resolve(), core.config, core)
    daemon.live.add_root(root)
    daemon.start()
    try:
        assert held.entered.wait(60)
        indexed = lambda: {f.name for f in core.catalog.files(state="indexed")}  # noqa: E731
        wait_until(lambda: indexed() == {f"note{i}.txt" for i in range(5)}, 60,
                   message="the text files are committed while the PDF is still being extracted")
        assert core.indexer.search("plumber boiler", k=1)[0].file_name.startswith("note")
        st = daemon.status()["indexing"]
        assert st["state"] == "indexing", st
        assert st["done"] < st["total"] and st["queue"] >= 1, st
        held.release.set()
        wait_until(lambda: "slow.pdf" in indexed(), 60)
        wait_until(lambda: daemon.status()["indexing"]["state"] == "idle", 60)
        st = daemon.status()["indexing"]
        assert st["done"] == st["total"] == 6 and st["queue"] == 0 and st["eta_s"] == 0.0, st
    finally:
        held.release.set()
        daemon.stop()


def test_progress_eta_follows_the_measured_costs():
    """A fake clock: 20 ms per file to read, 1 ms per character to embed; the ETA is right from the first file."""
    clock = [0.0]
    t = Tracker(clock=lambda: clock[0])
    sizes = [100] * 50 + [2000] * 50  # small first, then large, as the indexer orders them
    t.plan(len(sizes), {"text": sum(sizes)})
    truth = sum(0.02 + 0.001 * s for s in sizes)
    spent = 0.0
    for i, size in enumerate(sizes):
        clock[0] += 0.02
        t.prepared("text", size, size)
        clock[0] += 0.001 * size
        t.embedded(1, size, 0.001 * size)
        t.step(1, size)
        t.finished(size)
        spent += 0.02 + 0.001 * size
        p = t.snapshot()
        assert p.passages == i + 1 and p.bytes_done == sum(sizes[:i + 1])
        assert p.eta_s == pytest.approx(truth - spent, rel=0.01, abs=1e-6)
    assert p.fraction == pytest.approx(1.0) and p.eta_s == pytest.approx(0.0, abs=1e-6)
    t.idle()
    clock[0] += 100  # time without work does not count
    assert t.snapshot().seconds == pytest.approx(spent)


def test_progress_eta_follows_a_change_of_speed():
    """The embedding rate is the recent one: a machine that gets busy gets a longer ETA."""
    clock = [0.0]
    t = Tracker(clock=lambda: clock[0])
    t.plan(1, {"text": 200_000})
    t.prepared("text", 200_000, 200_000)
    for cost in [0.0001] * 100 + [0.0004] * 100:  # per character: 4x slower half-way
        clock[0] += 1000 * cost
        t.embedded(10, 1000, 1000 * cost)
    p = t.snapshot()
    assert p.eta_s == pytest.approx(0.0, abs=1e-6)
    t.plan(1, {"text": 10_000})
    t.prepared("text", 10_000, 10_000)
    assert t.snapshot().eta_s == pytest.approx(10_000 * 0.0004, rel=0.01)


class GatedEmbedder:
    """The real embedder; calls for the large file after its first wait for ``allow``."""

    def __init__(self, inner, marker: str) -> None:
        self.inner, self.marker = inner, marker
        self.model_id, self.backend, self.memory_bytes = inner.model_id, inner.backend, inner.memory_bytes
        self.allow = threading.Event()
        self.large_calls = 0

    @property
    def dimensions(self) -> int:
        return self.inner.dimensions

    def embed(self, texts):
        if any(self.marker in t for t in texts):
            self.large_calls += 1
            if self.large_calls > 1:
                self.allow.wait(60)
        return self.inner.embed(texts)


def test_a_file_saved_while_a_large_one_embeds_is_committed_at_the_next_step(core, tmp_path):
    root = tmp_path / "docs"
    root.mkdir()
    (root / "manual.txt").write_text(big_text(60))
    gated = GatedEmbedder(core.indexer.embedder, "valve")
    core.indexer.embedder = gated
    core.indexer.max_step_chars = 1  # one passage per step
    core.config.watch.quiet_s = 0.0
    from manoled.watch.live import LiveIndex

    live = LiveIndex(core.indexer, core.catalog, core.config, root_check_s=0.2, polling_interval=0.2)
    live.add_root(root)
    live.start()
    try:
        seqs = lambda: per_file_seqs(core.catalog)  # noqa: E731
        wait_until(lambda: len(seqs().get("manual.txt", [])) == 1 and gated.large_calls == 2, 60)
        (root / "note.txt").write_text(NOTE_TEXT)
        wait_until(lambda: live.status()["queue_depth"] >= 1, 30, message="the note is queued")
        gated.allow.set()
        wait_until(lambda: any(f.name == "note.txt" for f in core.catalog.files(state="indexed")), 60)
        manual = next(f for f in core.catalog.files() if f.name == "manual.txt")
        assert manual.state == "pending" and len(seqs()["manual.txt"]) < 10
        assert core.indexer.search("zeppelin hangar key", k=1)[0].file_name == "note.txt"
    finally:
        gated.allow.set()
        live.stop()


NOTE_TEXT = "The zeppelin hangar key is under the blue flowerpot."


def test_a_file_reads_indexed_only_once_its_vectors_are_in_the_live_index(core, tmp_path):
    # 'indexed' is a promise that a search finds the file: another thread (the socket's status, a
    # question) must never see the state before the vectors it stands for
    root = tmp_path / "docs"
    root.mkdir()
    (root / "note.txt").write_text(NOTE_TEXT)
    (root / "manual.txt").write_text(big_text(6))
    core.indexer.max_step_chars = 1  # the manual lands over several steps, the note in one
    searchable: set[str] = set()
    early: list[str] = []
    add = core.indexer.index.add

    def add_and_look(ids, vectors):
        def look() -> None:  # what any other reader sees at the moment the vectors arrive
            early.extend(f.name for f in core.catalog.files(state="indexed") if f.name not in searchable)

        t = threading.Thread(target=look)
        t.start()
        t.join()
        add(ids, vectors)
        done = core.catalog.query(  # this thread's own view: its write, committed or not
            "SELECT f.relpath FROM files f JOIN passages p ON p.file_id=f.id WHERE p.id=? AND f.state='indexed'",
            (int(ids[0]),))
        searchable.update(r[0] for r in done)

    core.indexer.index.add = add_and_look
    core.indexer.index_paths([root])
    assert searchable == {"note.txt", "manual.txt"}
    assert early == []


def test_a_file_moved_while_it_embeds_is_completed_at_its_new_path(core, tmp_path):
    root = tmp_path / "docs"
    root.mkdir()
    (root / "manual.txt").write_text(big_text(30))
    n = len(chunk([((root / "manual.txt").read_text(), None)], core.config.index.chunk_size,
                  core.config.index.chunk_overlap))
    gated = GatedEmbedder(core.indexer.embedder, "valve")
    core.indexer.embedder = gated
    core.indexer.max_step_chars = 1
    core.config.watch.quiet_s = 0.0
    from manoled.watch.live import LiveIndex

    live = LiveIndex(core.indexer, core.catalog, core.config, root_check_s=0.2, polling_interval=0.2)
    live.add_root(root)
    live.start()
    try:
        wait_until(lambda: len(per_file_seqs(core.catalog).get("manual.txt", [])) == 1 and gated.large_calls == 2, 60)
        (root / "manual.txt").rename(root / "moved.txt")
        wait_until(lambda: live.status()["moves"] >= 1 or live.status()["queue_depth"] >= 1, 30, message="move queued")
        core.indexer.max_step_chars = None
        gated.allow.set()
        wait_until(lambda: {f.relpath: f.state for f in core.catalog.files()} == {"moved.txt": "indexed"}, 120)
        assert per_file_seqs(core.catalog) == {"moved.txt": list(range(n))}
    finally:
        gated.allow.set()
        live.stop()


class WatchingEmbedder:
    """The real embedder; records the indexer's progress at every call."""

    def __init__(self, inner, indexer) -> None:
        self.inner, self.indexer = inner, indexer
        self.model_id, self.backend, self.memory_bytes = inner.model_id, inner.backend, inner.memory_bytes
        self.seen: list[tuple[int, int]] = []  # (passages embedded, passages committed) before each call

    @property
    def dimensions(self) -> int:
        return self.inner.dimensions

    def embed(self, texts):
        p = self.indexer.progress.snapshot()
        self.seen.append((p.embedded, p.passages))
        return self.inner.embed(texts)


def test_progress_moves_inside_a_long_step_before_its_commit(core, tmp_path):
    """One step of many passages is embedded in parts; the embedded count moves after each part."""
    root = tmp_path / "docs"
    root.mkdir()
    (root / "manual.txt").write_text(big_text(40))
    n = len(chunk([((root / "manual.txt").read_text(), None)], core.config.index.chunk_size,
                  core.config.index.chunk_overlap))
    core.config.index.embed_batch_size = 8  # parts of 8 passages
    core.indexer._embed_calls = [(1, 1e-6)] * 3  # cheap calls measured: steps as long as the floor allows
    watching = WatchingEmbedder(core.indexer.embedder, core.indexer)
    core.indexer.embedder = watching
    core.indexer.index_paths([root])
    assert n > 16 and len(watching.seen) >= n // 8
    embedded = [e for e, _ in watching.seen]
    assert embedded == sorted(embedded) and len(set(embedded)) == len(embedded), watching.seen
    # a step's parts: the embedded count moves while the committed one stands still
    inside = [(a, b) for a, b in zip(watching.seen, watching.seen[1:], strict=False) if a[1] == b[1] and b[0] > a[0]]
    assert inside, watching.seen
    p = core.indexer.progress.snapshot()
    assert p.embedded == p.passages == n


def test_progress_counts_characters_once_when_a_step_reports_its_parts():
    clock = [0.0]
    t = Tracker(clock=lambda: clock[0])
    t.plan(1, {"text": 1000})
    t.prepared("text", 1000, 1000)
    for _ in range(4):
        clock[0] += 1.0
        t.embedded(5, 250)
        assert t.snapshot().passages == 0
    half = t.snapshot()
    assert half.embedded == 20 and half.eta_s == pytest.approx(0.0, abs=1e-6) and half.passages_per_s == 5.0
    t.step(20, 1000)
    t.finished(1000)
    p = t.snapshot()
    assert p.passages == p.embedded == 20 and p.fraction == pytest.approx(1.0)


def test_the_progress_line_ticks_between_commits():
    import io

    from manoled.cli import ProgressBar
    from manoled.index.progress import Progress

    out = io.StringIO()
    n = [0]

    def snapshot() -> Progress:
        n[0] += 1
        return Progress(done=0, total=3, passages=0, embedded=n[0], started=0.0, bytes_total=100)

    bar = ProgressBar(stream=out, every_s=0.01)
    with bar.ticking(snapshot):
        wait_until(lambda: out.getvalue().count("\n") >= 3, 30, message="the line is redrawn without a commit")
    lines = out.getvalue().splitlines()
    assert all("0/3 files" in line for line in lines)
    assert len({line.split(" files, ")[1] for line in lines}) == len(lines)  # the passage count moves


def test_progress_eta_tells_the_cost_per_passage_from_the_cost_per_character():
    """Short passages (small files come first) cost more per character than full ones: the ETA
    for the full passages still ahead is right once calls of a few lengths have been measured."""
    clock = [0.0]
    t = Tracker(clock=lambda: clock[0], passage_chars=680)
    cost = lambda n, c: 0.05 * n + 0.0001 * c  # noqa: E731 - seconds for n passages of c characters
    short = [(8, 8 * length) for length in (100, 200, 300) * 4]  # 12 calls of short passages
    full = (8, 8 * 680)
    t.plan(2, {"text": sum(c for _, c in short) + 40 * full[1]})
    t.prepared("text", sum(c for _, c in short), sum(c for _, c in short), sum(n for n, _ in short))
    t.prepared("text", 40 * full[1], 40 * full[1], 40 * full[0])
    for i, (n, c) in enumerate(short):
        clock[0] += cost(n, c)
        t.embedded(n, c, cost(n, c))
        if i >= 5:
            assert t.snapshot().eta_s == pytest.approx(40 * cost(*full) + sum(cost(*x) for x in short[i + 1:]),
                                                       rel=0.01)
