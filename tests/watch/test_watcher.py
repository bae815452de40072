"""Live watching end to end: real watchdog observers on tmp_path roots, the real catalog, LEANN
index and MiniLM embedder. Every test waits for the expected index state with a deadline
(``wait_until`` polls); none sleeps for a fixed time."""

from __future__ import annotations

import errno
import logging
import os
import shutil
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
import waiting

from manoled.app import open_core
from manoled.catalog.store import Catalog
from manoled.config import Config
from manoled.index.ignore import IGNORE_FILE
from manoled.paths import resolve
from manoled.watch.live import LiveIndex
from manoled.watch.observers import make_observer


def wait_until(predicate: Callable[[], object], timeout: float = 60.0, message: str = ""):
    return waiting.wait_until(predicate, timeout, message=message)


# -- helpers ----------------------------------------------------------------
def files(catalog: Catalog, root: Path) -> dict[str, int]:
    """relpath -> file id for the files indexed under ``root``."""
    return {f.relpath: f.id for f in catalog.files() if f.root == root}


def texts(catalog: Catalog, path: Path) -> list[str]:
    return [r[0] for r in catalog.query(
        "SELECT p.text FROM passages p JOIN files f ON f.id=p.file_id JOIN roots r ON r.id=f.root_id "
        "WHERE r.path || '/' || f.relpath = ? ORDER BY p.seq", (str(path),))]


def has_text(catalog: Catalog, path: Path, word: str) -> bool:
    return any(word in t for t in texts(catalog, path))


def searchable(core, word: str, path: Path) -> bool:
    return any(h.path == str(path) and word in h.text for h in core.indexer.search(word, k=10))


def write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)
    return path


@pytest.fixture
def live_index(core):
    made: list[LiveIndex] = []

    def make(*roots: Path, quiet: float = 0.05, **kw) -> LiveIndex:
        core.config.watch.quiet_s = quiet
        kw.setdefault("root_check_s", 0.2)
        kw.setdefault("polling_interval", 0.2)
        live = LiveIndex(core.indexer, core.catalog, core.config, **kw)
        made.append(live)
        for r in roots:
            live.add_root(r)
        live.start()
        assert live.wait_idle(120)
        return live

    yield make
    for live in made:
        live.stop()


# -- the basic changes --------------------------------------------------------
def test_create_modify_rename_delete_in_place(core, live_index, tmp_path: Path) -> None:
    root = tmp_path / "docs"
    root.mkdir()
    live_index(root)

    a = write(root / "a.txt", "The aardvark digs burrows at night.")
    wait_until(lambda: searchable(core, "aardvark", a), message="created file searchable")

    a.write_text("The bumblebee visits clover flowers.")
    wait_until(lambda: searchable(core, "bumblebee", a) and not has_text(core.catalog, a, "aardvark"))

    b = root / "b.txt"
    os.rename(a, b)
    wait_until(lambda: set(files(core.catalog, root)) == {"b.txt"} and searchable(core, "bumblebee", b))

    b.unlink()
    wait_until(lambda: files(core.catalog, root) == {})
    assert not [h for h in core.indexer.search("bumblebee", k=5) if h.path.startswith(str(root))]


def test_moves_within_a_root_in_from_outside_and_out_to_an_unwatched_dir(core, live_index, tmp_path: Path) -> None:
    root, outside = tmp_path / "root", tmp_path / "outside"
    write(root / "a.txt", "A cormorant dries its wings on the pier.")
    (root / "sub").mkdir()
    outside.mkdir()
    live_index(root)
    fid = files(core.catalog, root)["a.txt"]

    os.rename(root / "a.txt", root / "sub" / "a2.txt")
    wait_until(lambda: files(core.catalog, root) == {"sub/a2.txt": fid}, message="moved within: same file row")

    incoming = write(outside / "in.txt", "A dromedary crosses the dunes.")
    os.rename(incoming, root / "in.txt")
    wait_until(lambda: searchable(core, "dromedary", root / "in.txt"), message="moved in: added")

    os.rename(root / "sub" / "a2.txt", outside / "gone.txt")
    wait_until(lambda: set(files(core.catalog, root)) == {"in.txt"}, message="moved out: deleted")


def test_directory_rename_move_in_move_out_and_delete(core, live_index, tmp_path: Path, embedder) -> None:
    root, outside = tmp_path / "root", tmp_path / "outside"
    write(root / "proj" / "x.txt", "An echidna curls into a spiky ball.")
    write(root / "proj" / "deep" / "y.txt", "A flamingo stands on one leg.")
    live = live_index(root)
    before = files(core.catalog, root)
    calls = embedder.calls

    os.rename(root / "proj", root / "renamed")
    wait_until(lambda: set(files(core.catalog, root)) == {"renamed/x.txt", "renamed/deep/y.txt"})
    after = files(core.catalog, root)
    assert after["renamed/x.txt"] == before["proj/x.txt"] and after["renamed/deep/y.txt"] == before["proj/deep/y.txt"]
    assert live.wait_idle(30)
    assert embedder.calls == calls

    shutil.rmtree(root / "renamed")
    wait_until(lambda: files(core.catalog, root) == {}, message="directory delete")

    write(outside / "incoming" / "p.txt", "A gazelle leaps over the grass.")
    write(outside / "incoming" / "q" / "r.txt", "A heron waits in the shallows.")
    os.rename(outside / "incoming", root / "incoming")
    wait_until(lambda: set(files(core.catalog, root)) == {"incoming/p.txt", "incoming/q/r.txt"},
               message="directory moved in is scanned")
    wait_until(lambda: searchable(core, "heron", root / "incoming" / "q" / "r.txt"))

    os.rename(root / "incoming", outside / "back")
    wait_until(lambda: files(core.catalog, root) == {}, message="directory moved out")


def test_editor_save_pattern_is_one_modify(core, live_index, tmp_path: Path, embedder) -> None:
    root = tmp_path / "root"
    target = write(root / "notes.txt", "First draft about the ibis.")
    live = live_index(root)
    fid = files(core.catalog, root)["notes.txt"]
    for n, temp_name in enumerate(["notes.txt.new", ".notes.txt.swp-save", ".goutputstream-ABC123"]):
        calls = embedder.calls
        word = ["jackal", "kingfisher", "lemur"][n]
        temp = write(root / temp_name, f"Revision {n} about the {word}.")
        os.replace(temp, target)
        wait_until(lambda w=word: has_text(core.catalog, target, w), message=f"save {n} visible")
        assert live.wait_idle(30)
        assert set(files(core.catalog, root)) == {"notes.txt"}
        assert embedder.calls - calls == 1, f"save via {temp_name} should embed exactly once"
        assert searchable(core, word, target)
        assert not has_text(core.catalog, target, "ibis")
    assert fid  # the row may be replaced by the temp file's row; what matters is one file, one embed


def test_a_burst_of_1000_files_is_a_queue_of_batched_commits(core, live_index, tmp_path: Path) -> None:
    root = tmp_path / "burst"
    root.mkdir()
    live = live_index(root)
    saves = []
    save = core.index.save
    core.index.save = lambda *a, **k: (saves.append(1), save(*a, **k))[1]
    batches0 = live.status()["batches"]
    live.pause()
    for i in range(1000):
        (root / f"n{i:04d}.txt").write_text(f"note {i}: topic {i * 7919 % 1000}")
    wait_until(lambda: live.status()["queue_depth"] >= 1000, message="every event queued while paused")
    assert files(core.catalog, root) == {}
    live.resume()
    wait_until(lambda: len([f for f in core.catalog.files(state="indexed") if f.root == root]) == 1000, timeout=300)
    assert live.wait_idle(60)
    batches = live.status()["batches"] - batches0
    assert 1 <= batches <= 20, batches  # the indexer takes newly due files between commits of one batch
    assert len(saves) <= 25, len(saves)


# -- ignore rules ---------------------------------------------------------------
def test_ignore_rules_and_manoleignore(core, live_index, tmp_path: Path) -> None:
    root = tmp_path / "root"
    write(root / "keep.txt", "A manatee drifts in warm water.")
    core.config.watch.ignore = ["*.log"]
    live_index(root)
    ignored = [".hidden.txt", ".git/config", "node_modules/pkg/index.txt", "src/__pycache__/m.txt",
               "notes.txt.swp", "notes.txt~", ".#notes.txt", "video.mp4.part", "setup.exe.crdownload", "debug.log"]
    for rel in ignored:
        write(root / rel, "A narwhal tusk.")
    write(root / "private" / "secret.txt", "The ocelot secret.")
    write(root / "visible.txt", "A pangolin rolls up.")
    wait_until(lambda: {"visible.txt", "private/secret.txt"} <= set(files(core.catalog, root)))
    assert set(files(core.catalog, root)) == {"keep.txt", "visible.txt", "private/secret.txt"}

    write(root / "private" / IGNORE_FILE, "secret*\n")
    wait_until(lambda: "private/secret.txt" not in files(core.catalog, root), message="newly ignored leaves")
    write(root / "private" / "secret2.txt", "The quokka secret.")
    write(root / "private" / "open.txt", "A quetzal in flight.")
    wait_until(lambda: "private/open.txt" in files(core.catalog, root))
    assert "private/secret2.txt" not in files(core.catalog, root)

    (root / "private" / IGNORE_FILE).write_text("# nothing ignored now\n")
    wait_until(lambda: {"private/secret.txt", "private/secret2.txt"} <= set(files(core.catalog, root)),
               message="un-ignored files enter after the .manoleignore changes")


def test_symlink_loops_never_hang_the_watcher_or_the_scan(core, live_index, tmp_path: Path) -> None:
    root = tmp_path / "root"
    write(root / "a" / "file.txt", "A raccoon washes its food.")
    os.symlink(root / "a", root / "a" / "loop")
    os.symlink(root, root / "up")
    os.symlink(root / "a" / "file.txt", root / "link.txt")
    live = live_index(root)
    assert {f.relpath for f in core.catalog.files(state="indexed")} == {"a/file.txt"}
    # the links are recorded, never followed
    links = {f.relpath: f.reason for f in core.catalog.files(state="skipped")}
    assert links == dict.fromkeys(["a/loop", "up", "link.txt"], "symbolic link (not followed)")

    write(root / "a" / "new.txt", "A salamander under a log.")
    wait_until(lambda: "a/new.txt" in files(core.catalog, root))

    core.config.watch.follow_symlinks = True
    try:
        live.rescan()
        assert live.wait_idle(60)
    finally:
        core.config.watch.follow_symlinks = False
    assert {"a/file.txt", "a/new.txt"} <= set(files(core.catalog, root))
    assert not any("loop/loop" in rel for rel in files(core.catalog, root))


def test_a_deleted_root_goes_offline_keeps_entries_and_reconciles_when_restored(core, live_index, tmp_path: Path) -> None:
    root = tmp_path / "usb"
    write(root / "a.txt", "A tapir in the rainforest.")
    write(root / "b.txt", "An urchin on the rocks.")
    live = live_index(root)
    before = files(core.catalog, root)

    shutil.rmtree(root)
    wait_until(lambda: not next(r for r in core.catalog.roots() if r.path == root).online, message="offline")
    assert live.status()["roots"][0]["mode"] == "offline"
    assert files(core.catalog, root) == before
    assert any(h.path == str(root / "a.txt") for h in core.indexer.search("tapir", k=3))

    staging = tmp_path / "staging"  # remounted: the whole tree reappears at once
    write(staging / "a.txt", "A tapir in the rainforest.")
    write(staging / "b.txt", "A vulture circles overhead.")
    write(staging / "c.txt", "A walrus on the ice.")
    os.rename(staging, root)
    wait_until(lambda: set(files(core.catalog, root)) == {"a.txt", "b.txt", "c.txt"}
               and has_text(core.catalog, root / "b.txt", "vulture"), message="reconciled after return")
    assert not has_text(core.catalog, root / "b.txt", "urchin")
    assert next(r for r in core.catalog.roots() if r.path == root).online
    wait_until(lambda: live.status()["roots"][0]["mode"] == "inotify")
    write(root / "d.txt", "A yak on the plateau.")
    wait_until(lambda: "d.txt" in files(core.catalog, root), message="watched again")


# -- renames re-derive nothing --------------------------------------------------
def test_renames_embed_nothing(core, live_index, tmp_path: Path, embedder) -> None:
    root = tmp_path / "root"
    write(root / "one.txt", "An albatross glides over the sea.")
    write(root / "dir" / "two.txt", "A badger digs a sett.")
    write(root / "three.md", "A capybara bathes in the river.")
    live = live_index(root)
    calls, n_texts = embedder.calls, len(embedder.texts)

    os.rename(root / "one.txt", root / "uno.txt")
    os.rename(root / "dir", root / "folder")
    (root / "sub").mkdir()
    os.rename(root / "three.md", root / "sub" / "three.md")
    wait_until(lambda: set(files(core.catalog, root)) == {"uno.txt", "folder/two.txt", "sub/three.md"})
    assert live.wait_idle(30)
    assert embedder.calls == calls and len(embedder.texts) == n_texts
    assert searchable(core, "albatross", root / "uno.txt")


def test_renames_caption_nothing(tmp_path: Path, embedder) -> None:
    """Uses the caption contributor's FakeCaptioner and CaptionWorker (manoled/caption*.py)."""
    from caption_images import BLUE, RED, make_image

    from manoled.vision.captioners import FakeCaptioner, producer
    from manoled.vision.worker import CaptionWorker

    cfg = Config()
    cfg.watch.quiet_s = 0.05
    core = open_core(resolve(), cfg, embedder=embedder, caption_producer=producer("fake"))
    root = tmp_path / "photos"
    make_image(root / "IMG_1.jpg", (64, 48), BLUE, fmt="JPEG")
    make_image(root / "IMG_2.jpg", (48, 64), RED, fmt="JPEG")
    live = LiveIndex(core.indexer, core.catalog, cfg, root_check_s=0.2)
    try:
        live.add_root(root)
        live.start()
        assert live.wait_idle(120)
        fake = FakeCaptioner(captions={"IMG_1.jpg": "A blue square on a wall.", "IMG_2.jpg": "A red door."})
        worker = CaptionWorker(core.catalog, core.indexer, cfg, captioner=fake)
        assert worker.run_once() == 2
        calls = embedder.calls

        os.rename(root / "IMG_1.jpg", root / "blue-wall.jpg")
        (root / "album").mkdir()
        os.rename(root / "IMG_2.jpg", root / "album" / "red-door.jpg")
        wait_until(lambda: set(files(core.catalog, root)) == {"blue-wall.jpg", "album/red-door.jpg"})
        assert live.wait_idle(30)
        assert worker.run_once() == 0
        assert fake.calls == 2
        assert embedder.calls == calls
        assert any(t.startswith("Photo description: A blue square") for t in texts(core.catalog, root / "blue-wall.jpg"))
    finally:
        live.stop()
        core.close()


# -- start-up reconciliation ------------------------------------------------------
def test_changes_made_while_nothing_watched_are_picked_up_at_start(core, live_index, tmp_path: Path, embedder) -> None:
    root = tmp_path / "root"
    write(root / "a.txt", "An anteater probes the mound.")
    write(root / "b.txt", "A bison grazes the prairie.")
    write(root / "c.txt", "A chinchilla takes a dust bath.")
    first = live_index(root)
    cid = files(core.catalog, root)["c.txt"]
    first.stop()

    write(root / "a.txt", "An armadillo crosses the road.")
    (root / "b.txt").unlink()
    write(root / "e.txt", "An emu runs across the plain.")
    os.rename(root / "c.txt", root / "c2.txt")
    n_texts = len(embedder.texts)

    live_index(root)
    wait_until(lambda: set(files(core.catalog, root)) == {"a.txt", "c2.txt", "e.txt"}
               and has_text(core.catalog, root / "a.txt", "armadillo"))
    assert files(core.catalog, root)["c2.txt"] == cid  # a rename while down is still a move
    assert not any("chinchilla" in t for t in embedder.texts[n_texts:])
    wait_until(lambda: searchable(core, "emu", root / "e.txt"))


_OPENS: list[str] | None = None


def _audit(event: str, args: tuple) -> None:
    if _OPENS is not None and event == "open" and args and isinstance(args[0], (str, bytes, os.PathLike)):
        _OPENS.append(os.fsdecode(args[0]))


sys.addaudithook(_audit)


def test_a_restart_over_an_unchanged_corpus_opens_no_file(tmp_path: Path, embedder) -> None:
    global _OPENS
    root = tmp_path / "corpus"
    for i in range(12):
        write(root / f"d{i % 3}" / f"f{i}.txt", f"Document {i} about the quail number {i}.")
    cfg = Config()
    cfg.watch.quiet_s = 0.05
    core = open_core(resolve(), cfg, embedder=embedder)
    live = LiveIndex(core.indexer, core.catalog, cfg)
    live.add_root(root)
    live.start()
    assert live.wait_idle(120)
    assert len(files(core.catalog, root)) == 12
    live.stop()
    core.close()

    core = open_core(resolve(), Config(), embedder=embedder)  # a new process, as far as manoled knows
    live = LiveIndex(core.indexer, core.catalog, core.config)
    _OPENS = []
    try:
        live.start()
        assert live.wait_idle(60)
        status = live.status()
    finally:
        live.stop()
        opened, _OPENS = _OPENS, None
        core.close()
    assert status["applied"]["scans"] >= 1 and status["batches"] == 0
    assert [p for p in opened if p.startswith(str(root)) and not os.path.isdir(p)] == []  # folders are listed


# -- failure modes ------------------------------------------------------------------
def test_watch_limit_falls_back_to_polling_with_one_warning(core, live_index, tmp_path: Path, caplog) -> None:
    def exhausted(on_limit, on_overflow):
        observer = make_observer(on_limit, on_overflow)

        def schedule(*args, **kwargs):
            raise OSError(errno.ENOSPC, "inotify watch limit reached")

        observer.schedule = schedule  # every inotify watch fails, as with max_user_watches exhausted
        return observer

    r1, r2 = tmp_path / "r1", tmp_path / "r2"
    write(r1 / "a.txt", "An osprey dives for fish.")
    r2.mkdir()
    with caplog.at_level(logging.WARNING, logger="manoled.watch"):
        live = live_index(r1, r2, observer_factory=exhausted)
    assert [r["mode"] for r in live.status()["roots"]] == ["polling", "polling"]
    hints = [r for r in caplog.records if "max_user_watches" in r.getMessage()]
    assert len(hints) == 1 and "sysctl" in hints[0].getMessage()
    write(r2 / "new.txt", "A puffin with a beak full of fish.")
    wait_until(lambda: searchable(core, "puffin", r2 / "new.txt"), message="polling picks up changes")


def test_watch_limit_hit_below_a_root_later_switches_that_root_to_polling(core, live_index, tmp_path: Path) -> None:
    root = tmp_path / "root"
    write(root / "a.txt", "A lynx in the snow.")
    live = live_index(root)
    live._note_limit(str(root))  # what the watch group reports when a new subfolder gets ENOSPC
    wait_until(lambda: live.status()["roots"][0]["mode"] == "polling")
    write(root / "sub" / "b.txt", "A marmot whistles.")
    wait_until(lambda: "sub/b.txt" in files(core.catalog, root))


def test_an_inotify_queue_overflow_rescans_the_root(core, live_index, tmp_path: Path) -> None:
    root = tmp_path / "root"
    root.mkdir()
    live = live_index(root)
    live.pause()
    write(root / "lost.txt", "A nightjar calls at dusk.")
    wait_until(lambda: live.status()["queue_depth"] >= 1)
    live.scheduler.forget(root)  # the kernel dropped these events
    live.resume()
    assert live.wait_idle(30)
    assert "lost.txt" not in files(core.catalog, root)

    rw = live.roots()[0]
    emitter = rw.observer._emitter_for_watch[rw.watch]
    emitter._inotify.on_queue_overflow()  # what watchdog calls on IN_Q_OVERFLOW
    wait_until(lambda: "lost.txt" in files(core.catalog, root), message="rescanned after overflow")
    assert live.status()["overflows"] == 1


def test_an_unreadable_file_is_recorded_and_watching_carries_on(core, live_index, tmp_path: Path, monkeypatch) -> None:
    from manoled.index import safeopen

    real = safeopen._os_open

    def os_open(name, flags, dir_fd=None):
        if os.fspath(name) == "locked.txt":  # tests run as root: simulate EACCES at the open
            raise PermissionError(errno.EACCES, "Permission denied", name)
        return real(name, flags, dir_fd)

    monkeypatch.setattr(safeopen, "_os_open", os_open)
    root = tmp_path / "root"
    root.mkdir()
    live_index(root)
    write(root / "locked.txt", "A secret.")
    write(root / "fine.txt", "A robin on the fence.")
    wait_until(lambda: "fine.txt" in files(core.catalog, root) and "locked.txt" in files(core.catalog, root))
    wait_until(lambda: any(f.name == "locked.txt" and f.state == "failed" for f in core.catalog.failures()))
    write(root / "later.txt", "A starling murmuration.")
    wait_until(lambda: searchable(core, "starling", root / "later.txt"))


@pytest.mark.skipif(os.geteuid() == 0, reason="root reads any folder")
def test_an_unreadable_folder_is_skipped(core, live_index, tmp_path: Path) -> None:
    root = tmp_path / "root"
    write(root / "closed" / "x.txt", "hidden")
    write(root / "open.txt", "A thrush sings.")
    (root / "closed").chmod(0)
    try:
        live = live_index(root)
        assert set(files(core.catalog, root)) == {"open.txt"}
        write(root / "more.txt", "A wren in the hedge.")
        wait_until(lambda: "more.txt" in files(core.catalog, root))
        assert live.status()["state"] == "running"
    finally:
        (root / "closed").chmod(0o755)


def test_status_pause_resume_and_remove_root(core, live_index, tmp_path: Path) -> None:
    root = tmp_path / "root"
    write(root / "a.txt", "A toucan on a branch.")
    live = live_index(root)
    st = live.status()
    assert st["state"] == "running" and st["idle"] and st["roots"][0]["mode"] == "inotify"
    live.pause()
    write(root / "b.txt", "A gecko on the wall.")
    wait_until(lambda: live.status()["by_kind"].get("text") == 1)
    assert live.status()["state"] == "paused" and "b.txt" not in files(core.catalog, root)
    live.resume()
    wait_until(lambda: "b.txt" in files(core.catalog, root))
    assert live.remove_root(root) == 2
    assert live.status()["roots"] == [] and files(core.catalog, root) == {}
    write(root / "c.txt", "An iguana basks.")
    assert live.wait_idle(5) and files(core.catalog, root) == {}
