"""The background work queue: debounce, coalescing, priorities, batching, pause/stop, moves.

A hand-written fake indexer records the batches it is given; files are real
files under tmp_path (the scheduler resolves entries against the disk).
"""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Callable
from pathlib import Path

import pytest
import waiting

from manoled.config import Config
from manoled.index.changes import ApplyStats, Change
from manoled.watch.priority import lower_thread_priority
from manoled.watch.scheduler import Scheduler


def wait_until(predicate: Callable[[], object], timeout: float = 10.0, message: str = ""):
    return waiting.wait_until(predicate, timeout, message=message)


class FakeRecord:
    def __init__(self, inode: int, size: int, mtime_ns: int) -> None:
        self.inode, self.size, self.mtime_ns, self.state = inode, size, mtime_ns, "indexed"


class FakeCatalog:
    def __init__(self) -> None:
        self.records: dict[str, FakeRecord] = {}

    def get_file(self, root_id: int, rel: str) -> FakeRecord | None:
        return self.records.get(rel)

    def roots(self) -> list:
        return []

    def query(self, sql: str, args=()) -> list[tuple]:
        return []  # no catalogued file shares an inode with a new one


class NothingIgnored:
    def ignored(self, path: Path, is_dir: bool) -> bool:
        return False


class FakeRoot:
    id = 1

    def __init__(self, path: Path) -> None:
        self.path = path


class FakeIndexer:
    """Records batches; ``gate`` (if set) blocks apply until released; ``bad`` paths make apply raise."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.catalog = FakeCatalog()
        self.batches: list[list[Change]] = []
        self.scans: list[tuple[Path, Path | None]] = []
        self.scripted_scans: list[list[Change]] = []
        self.gate: threading.Event | None = None
        self.entered = threading.Event()
        self.bad: set[Path] = set()

    def apply(self, changes, feed=None):
        changes = list(changes)
        self.entered.set()
        if self.gate is not None:
            self.gate.wait(10)
        if any(c.path in self.bad for c in changes):
            raise OSError("scripted failure")
        self.batches.append(changes)
        return ApplyStats(files=len(changes))

    def scan(self, root: Path, top: Path | None = None, register: bool = True) -> list[Change]:
        self.scans.append((root, top))
        return self.scripted_scans.pop(0) if self.scripted_scans else []

    def locate(self, path: Path):
        return FakeRoot(self.root), Path(path).relative_to(self.root).as_posix()

    def ignore_rules(self, root) -> NothingIgnored:
        return NothingIgnored()

    @property
    def changes(self) -> list[Change]:
        return [c for b in self.batches for c in b]


@pytest.fixture
def root(tmp_path: Path) -> Path:
    r = tmp_path / "root"
    r.mkdir()
    return r


@pytest.fixture
def make(root: Path):
    made: list[Scheduler] = []

    def build(quiet: float = 0.05, batch: int = 64, **kw) -> tuple[Scheduler, FakeIndexer]:
        cfg = Config()
        cfg.watch.quiet_s = quiet
        cfg.index.commit_batch_files = batch
        fake = FakeIndexer(root)
        s = Scheduler(fake, cfg, roots=lambda: [root], **kw)  # type: ignore[arg-type]
        made.append(s)
        return s, fake

    yield build
    for s in made:
        s.stop()


def write(path: Path, text: str = "x") -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)
    return path


def test_many_events_on_one_path_are_one_change(make, root: Path) -> None:
    s, fake = make()
    p = write(root / "a.txt")
    s.start()
    for _ in range(50):
        s.touch(p, "modified")
    assert s.wait_idle(10)
    assert fake.changes == [Change("modified", p)]


def test_created_then_modified_stays_added_and_a_vanished_file_is_deleted(make, root: Path) -> None:
    s, fake = make()
    new = write(root / "new.txt")
    gone = root / "gone.txt"
    s.start()
    s.touch(new, "added")
    s.touch(new, "modified")
    s.touch(gone, "modified")  # modified, then gone before it was quiet
    assert s.wait_idle(10)
    assert sorted(fake.changes, key=lambda c: c.kind) == [Change("added", new), Change("deleted", gone)]


def test_a_path_that_keeps_changing_is_held_until_quiet(make, root: Path) -> None:
    s, fake = make(quiet=60.0)
    p = write(root / "busy.log.txt")
    s.start()
    s.touch(p)
    assert not s.wait_idle(0.3)
    assert fake.batches == []
    st = s.status()
    assert st["waiting_quiet"] == 1 and st["queue_depth"] == 1 and st["by_kind"] == {"text": 1}


def test_a_path_that_never_stops_changing_is_still_indexed_after_max_hold(make, root: Path) -> None:
    s, fake = make(quiet=60.0, max_hold_s=0.3)
    p = write(root / "forever.txt")
    s.start()
    stop = threading.Event()

    def keep_touching() -> None:
        while not stop.is_set():
            s.touch(p)
            time.sleep(0.02)

    t = threading.Thread(target=keep_touching)
    t.start()
    try:
        wait_until(lambda: fake.batches, message="applied despite constant events")
    finally:
        stop.set()
        t.join()


def test_priorities_deletes_then_small_text_then_big_then_documents_then_images(make, root: Path) -> None:
    s, fake = make(batch=2)
    big = write(root / "big.txt", "x" * 100_000)
    small = write(root / "small.md", "x")
    img = write(root / "photo.jpg", "x")
    pdf = write(root / "report.pdf", "x")
    gone = root / "gone.txt"
    s.pause()
    s.start()
    for p in (img, big, pdf, small):
        s.touch(p, "added", delay=0)
    s.touch(gone, "deleted", delay=0)
    s.resume()
    assert s.wait_idle(10)
    assert [[c.path.name for c in b] for b in fake.batches] == [
        ["gone.txt", "small.md"], ["big.txt", "report.pdf"], ["photo.jpg"],
    ]


def test_new_files_before_modified_ones(make, root: Path) -> None:
    s, fake = make(batch=1)
    old = write(root / "old.txt")
    new = write(root / "new.txt")
    s.pause()
    s.start()
    s.touch(old, "modified", delay=0)
    s.touch(new, "added", delay=0)
    s.resume()
    assert s.wait_idle(10)
    assert [c.path.name for c in fake.changes] == ["new.txt", "old.txt"]


def test_a_big_burst_is_a_few_batched_commits(make, root: Path) -> None:
    s, fake = make(batch=64)
    paths = [write(root / f"f{i:04d}.txt") for i in range(200)]
    s.pause()
    s.start()
    for p in paths:
        s.touch(p, "added", delay=0)
    assert s.status()["ready"] == 200 or s.status()["queue_depth"] == 200
    s.resume()
    assert s.wait_idle(10)
    assert sorted(c.path for c in fake.changes) == sorted(paths)
    assert len(fake.batches) == 4 and max(len(b) for b in fake.batches) == 64


def test_pause_holds_work_and_resume_releases_it(make, root: Path) -> None:
    s, fake = make()
    p = write(root / "a.txt")
    s.start()
    s.pause()
    s.touch(p, delay=0)
    assert s.status()["state"] == "paused"
    assert not s.wait_idle(0.3)
    assert fake.batches == []
    s.resume()
    assert s.wait_idle(10)
    assert fake.changes == [Change("modified", p)]
    assert s.status()["state"] == "running"


def test_stop_finishes_the_batch_in_progress(make, root: Path) -> None:
    s, fake = make()
    fake.gate = threading.Event()
    p = write(root / "a.txt")
    s.start()
    s.touch(p, delay=0)
    assert fake.entered.wait(10)
    stopper = threading.Thread(target=s.stop)
    stopper.start()
    stopper.join(0.3)
    assert stopper.is_alive()  # still waiting for the batch
    fake.gate.set()
    stopper.join(10)
    assert not stopper.is_alive()
    assert fake.changes == [Change("modified", p)]
    assert s.status()["state"] == "stopped"


def test_moves_go_first_in_order_and_pending_work_follows_the_move(make, root: Path) -> None:
    s, fake = make()
    write(root / "E" / "x.txt")
    write(root / "b.txt")
    s.pause()
    s.start()
    s.touch(root / "D" / "x.txt", "added", delay=0)  # written, then its folder renamed D -> E
    s.move(root / "D", root / "E")
    s.move(root / "a.txt", root / "b.txt")
    s.resume()
    assert s.wait_idle(10)
    assert fake.batches[0][:2] == [Change("moved", root / "D", root / "E"), Change("moved", root / "a.txt", root / "b.txt")]
    assert Change("added", root / "E" / "x.txt") in fake.changes
    assert all(c.path != root / "D" / "x.txt" for c in fake.changes)


def test_a_rescan_pairs_delete_and_add_of_the_same_inode_into_a_move(make, root: Path) -> None:
    s, fake = make()
    new = write(root / "renamed.txt", "content")
    st = os.lstat(new)
    fake.catalog.records["old.txt"] = FakeRecord(st.st_ino, st.st_size, st.st_mtime_ns)
    other = write(root / "other.txt", "other")
    fake.scripted_scans.append([
        Change("deleted", root / "old.txt"), Change("added", new), Change("added", other),
    ])
    s.start()
    s.rescan(root)
    assert s.wait_idle(10)
    assert fake.scans == [(root, None)]
    assert Change("moved", root / "old.txt", new) in fake.changes
    assert Change("added", other) in fake.changes
    assert all(c.kind != "deleted" for c in fake.changes)


def test_a_directory_entry_becomes_a_subtree_scan(make, root: Path) -> None:
    s, fake = make()
    d = root / "incoming"
    write(d / "a.txt")
    s.start()
    s.touch(d, "added")
    assert s.wait_idle(10)
    assert fake.scans == [(root, d)]


def test_entries_under_a_missing_root_are_dropped_not_deleted(make, root: Path) -> None:
    missing: list[Path] = []
    s, fake = make(on_root_missing=missing.append)
    p = write(root / "a.txt")
    s.start()
    s.pause()
    s.touch(p, "deleted", delay=0)
    p.unlink()
    root.rmdir()
    s.resume()
    assert s.wait_idle(10)
    assert fake.batches == []
    assert missing == [root]


def test_forget_drops_queued_work(make, root: Path) -> None:
    s, fake = make()
    s.pause()
    s.start()
    s.touch(write(root / "a" / "x.txt"), delay=0)
    s.touch(write(root / "b.txt"), delay=0)
    s.move(root / "a" / "y.txt", root / "a" / "z.txt")
    assert s.forget(root / "a") == 1
    s.resume()
    assert s.wait_idle(10)
    assert fake.changes == [Change("modified", root / "b.txt")]


def test_a_failing_file_is_recorded_and_the_rest_of_its_batch_still_applies(make, root: Path) -> None:
    s, fake = make()
    good = [write(root / f"g{i}.txt") for i in range(3)]
    bad = write(root / "bad.txt")
    fake.bad.add(bad)
    s.pause()
    s.start()
    for p in [*good, bad]:
        s.touch(p, delay=0)
    s.resume()
    assert s.wait_idle(10)
    assert sorted(c.path for c in fake.changes) == sorted(good)
    st = s.status()
    assert st["errors"] == 1 and st["recent_errors"][0]["path"] == str(bad)


def test_wait_idle_times_out_and_status_counts_kinds(make, root: Path) -> None:
    s, _ = make()
    s.pause()
    s.start()
    s.touch(write(root / "a.txt"), delay=0)
    s.touch(write(root / "b.jpg"), delay=0)
    s.touch(root / "c.txt", "deleted", delay=0)
    assert s.wait_idle(0.05) is False
    st = s.status()
    assert st["by_kind"] == {"text": 1, "image": 1, "deleted": 1}
    assert st["queue_depth"] == 3


def test_lower_thread_priority_is_best_effort_and_per_thread() -> None:
    result: dict[str, object] = {}

    def worker() -> None:
        result.update(lower_thread_priority(7))
        result["tid"] = threading.get_native_id()
        if hasattr(os, "getpriority"):
            result["now"] = os.getpriority(os.PRIO_PROCESS, threading.get_native_id())

    t = threading.Thread(target=worker)
    t.start()
    t.join()
    if "nice" in result:
        assert result["now"] >= 7
        assert os.getpriority(os.PRIO_PROCESS, threading.get_native_id()) < 7 or os.nice(0) >= 7  # caller untouched
