"""Hostile folders: issue 11's findings as regression tests, plus a generated folder of 40+ kinds of bad
entries indexed by a real daemon that must keep serving. Real catalog, index, embedder, parser worker and
watchdog throughout; the races are made deterministic by swapping the file right after the check."""

from __future__ import annotations

import os
import shutil
import signal
import sqlite3
import stat
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from fake_service import RawClient, short_dir
from hostile import (
    ANY_END,
    SECRET,
    html_bomb,
    jpeg_with_exif,
    kinds,
    make_hostile_folder,
    worker_rss_mb,
    write_big_docx,
    write_zip_bomb_docx,
)
from waiting import wait_until

from manoled.catalog.records import unpack_text
from manoled.config import IndexConfig
from manoled.errors import ExtractError
from manoled.index.changes import Change
from manoled.index.extract import Extractor
from manoled.index.extraction import ExtractTimeout
from manoled.index.htmltext import html_to_text

MANOLED = str(Path(sys.executable).with_name("manoled"))


def passages(core) -> list[str]:
    return [r[0] for r in core.catalog.query("SELECT text FROM passages")]


def cached(core) -> list[str]:
    return [unpack_text(r[0]) for r in core.catalog.query("SELECT text FROM content_cache")]  # compressed


def by_rel(core) -> dict[str, object]:
    return {f.relpath: f for f in core.catalog.files()}


def outside_folder(tmp_path: Path) -> Path:
    out = tmp_path / "outside"
    out.mkdir()
    (out / "passwd").write_text(f"root:x:0:0:{SECRET}:/root:/bin/sh\n")
    (out / "shadow").write_text(f"root:{SECRET}:19000::::::\n")
    return out


# -- 1. renaming a symlink inside a watched folder ----------------------------------
def test_renaming_a_symlink_to_a_folder_outside_catalogues_nothing_behind_it(core, tmp_path):
    root = tmp_path / "root"
    root.mkdir()
    (root / "note.txt").write_text("An ordinary note about lighthouses.")
    outside = outside_folder(tmp_path)
    (root / "l0").symlink_to(outside, target_is_directory=True)
    core.indexer.index_paths([root])
    os.rename(root / "l0", root / "l1")
    core.indexer.apply([Change("moved", root / "l0", root / "l1")])  # what the watcher sends for `mv l0 l1`
    rels = by_rel(core)
    assert not any(r.startswith("l1/") or r.startswith("l0/") for r in rels), rels
    assert rels["l1"].state == "skipped" and rels["l1"].reason == "symbolic link (not followed)"
    assert not any(SECRET in t for t in passages(core) + cached(core))
    assert all(SECRET not in h.text for h in core.indexer.search("root shadow password", k=20))


def test_a_symlink_renamed_under_a_live_watch_is_never_walked(core, tmp_path):
    from manoled.watch.live import LiveIndex

    root = tmp_path / "root"
    root.mkdir()
    (root / "note.txt").write_text("An ordinary note about lighthouses.")
    outside = outside_folder(tmp_path)
    core.config.watch.quiet_s = 0.05
    live = LiveIndex(core.indexer, core.catalog, core.config, root_check_s=0.2, polling_interval=0.2)
    live.add_root(root)
    live.start()
    try:
        assert live.wait_idle(120)
        (root / "l0").symlink_to(outside, target_is_directory=True)
        wait_until(lambda: "l0" in by_rel(core), 60, message="the link is recorded")
        os.rename(root / "l0", root / "l1")
        wait_until(lambda: "l1" in by_rel(core) and "l0" not in by_rel(core), 60, message="the rename is applied")
        assert live.wait_idle(60)
    finally:
        live.stop()
    rels = by_rel(core)
    assert set(rels) == {"note.txt", "l1"}, rels
    assert rels["l1"].state == "skipped"
    assert not any(SECRET in t for t in passages(core) + cached(core))


# -- 2 and 5. a file swapped for a link or a FIFO between the check and the open ---------
def _swap_after_first_check(monkeypatch, target: Path, replace) -> dict[str, bool]:
    """Swap ``target`` right after the first no-follow stat of it (the old check-then-open window)."""
    state = {"swapped": False}
    real_stat, real_lstat = os.stat, os.lstat

    def after(path) -> None:
        if not state["swapped"] and os.fspath(path) == os.fspath(target):
            state["swapped"] = True
            os.unlink(target)
            replace(target)

    def fake_stat(path, *args, **kw):
        st = real_stat(path, *args, **kw)
        if kw.get("follow_symlinks") is False and kw.get("dir_fd") is None:
            after(path)
        return st

    def fake_lstat(path, *args, **kw):
        st = real_lstat(path, *args, **kw)
        if kw.get("dir_fd") is None:
            after(path)
        return st

    monkeypatch.setattr(os, "stat", fake_stat)
    monkeypatch.setattr(os, "lstat", fake_lstat)
    return state


def test_a_file_swapped_for_a_symlink_mid_index_never_leaks_the_target(core, tmp_path, monkeypatch):
    root = tmp_path / "root"
    root.mkdir()
    victim = root / "report.txt"
    victim.write_text("The quarterly report on otters.")
    outside = outside_folder(tmp_path)
    core.catalog.add_root(root)
    _swap_after_first_check(monkeypatch, victim, lambda p: p.symlink_to(outside / "shadow"))
    core.indexer.apply([Change("added", victim)])
    monkeypatch.undo()
    assert not any(SECRET in t for t in passages(core) + cached(core))
    rec = by_rel(core).get("report.txt")
    # either the check-free open saw the file itself, or it saw the link and refused it
    assert rec is not None and (rec.state == "indexed" or rec.reason == "symbolic link (not followed)")
    core.indexer.apply([Change("modified", victim)])  # now the link is there: refused, with the reason
    rec = by_rel(core)["report.txt"]
    assert (rec.state, rec.reason) == ("skipped", "symbolic link (not followed)")
    assert not any(SECRET in t for t in passages(core) + cached(core))
    assert not any("otters" in t for t in passages(core) + cached(core))  # its old text left with it


def test_a_file_swapped_for_a_fifo_mid_index_cannot_wedge_the_indexer(core, tmp_path, monkeypatch):
    root = tmp_path / "root"
    root.mkdir()
    victim = root / "pipe.txt"
    victim.write_text("soon a pipe")
    sibling = root / "sibling.txt"
    sibling.write_text("A sibling note about the marmot colony.")
    core.catalog.add_root(root)
    _swap_after_first_check(monkeypatch, victim, os.mkfifo)
    done = threading.Event()
    t = threading.Thread(target=lambda: (core.indexer.apply([Change("added", victim), Change("added", sibling)]),
                                         done.set()), daemon=True)
    t.start()
    try:
        finished = done.wait(60)
    finally:
        monkeypatch.undo()
        if not done.is_set():  # unblock the wedged open so the thread can end, then fail
            fd = os.open(victim, os.O_WRONLY | os.O_NONBLOCK)
            os.close(fd)
            t.join(30)
    assert finished, "the indexer blocked on a FIFO"
    core.indexer.apply([Change("modified", victim)])
    rels = by_rel(core)
    assert rels["sibling.txt"].state == "indexed"
    assert (rels["pipe.txt"].state, rels["pipe.txt"].reason) == ("skipped", "not a regular file (named pipe)")


# -- 3. undecodable file names ------------------------------------------------------
BAD_NAME = b"bad-\xff\xfe-name.txt"


def test_an_undecodable_name_is_stored_losslessly_and_indexed_with_its_siblings(core, tmp_path):
    root = tmp_path / "root"
    (root / os.fsdecode(b"dir-\xe9")).mkdir(parents=True)
    bad = root / os.fsdecode(BAD_NAME)
    bad.write_text("The wombat digs burrows with its claws.")
    (root / os.fsdecode(b"dir-\xe9") / "inner.txt").write_text("Inside a folder with a Latin-1 name: capybara.")
    for i in range(3):
        (root / f"sibling{i}.txt").write_text(f"Sibling {i} talks about the axolotl.")
    stats = core.indexer.index_paths([root])
    assert stats.failed == 0 and stats.indexed == 5
    rec = next(f for f in core.catalog.files() if f.name == os.fsdecode(BAD_NAME))
    assert os.fsencode(rec.path) == os.fsencode(root) + b"/" + BAD_NAME  # the exact bytes round-trip
    assert rec.state == "indexed"
    hit = core.indexer.search("wombat burrows claws", k=1)[0]
    assert os.fsencode(hit.path).endswith(BAD_NAME)
    # the prefix queries see the Latin-1 folder: a rename moves its file, a delete removes it
    os.rename(root / os.fsdecode(b"dir-\xe9"), root / "renamed")
    core.indexer.apply([Change("moved", root / os.fsdecode(b"dir-\xe9"), root / "renamed")])
    assert "renamed/inner.txt" in by_rel(core)
    bad.unlink()
    core.indexer.apply([Change("deleted", bad)])
    assert os.fsdecode(BAD_NAME) not in by_rel(core)


def test_one_shot_index_with_an_undecodable_name_exits_0_with_everything_indexed(tmp_path):
    root = tmp_path / "root"
    root.mkdir()
    (root / os.fsdecode(BAD_NAME)).write_text("The wombat digs burrows.")
    (root / "good.txt").write_text("A good file about puffins.")
    env = dict(os.environ, MANOLE_HOME=str(tmp_path / "home"))
    res = subprocess.run([MANOLED, "index", os.fsencode(root)], env=env, capture_output=True, timeout=300)
    assert res.returncode == 0, res.stderr.decode(errors="replace")
    stats = subprocess.run([MANOLED, "stats", "--json"], env=env, capture_output=True, timeout=120)
    assert stats.returncode == 0, stats.stderr.decode(errors="replace")
    assert b'"indexed": 2' in stats.stdout


# -- 4. HTML bombs --------------------------------------------------------------------
@pytest.mark.timeout(60)
def test_the_html_attribute_quote_bomb_is_parsed_in_linear_time(tmp_path):
    # html.parser took 115 s on this; the per-test timeout (60 s) fails the old code
    ex = Extractor(IndexConfig(extract_timeout_s=0))
    bomb = tmp_path / "bomb.html"
    bomb.write_bytes(html_bomb(20_000) + b"<p>after the bomb</p>")
    try:
        ex.extract(bomb, "text")
    except ExtractError as exc:  # nothing visible is fine: it must just end
        assert exc.code == "skipped"
    big = tmp_path / "big.html"
    big.write_bytes(html_bomb(200_000))
    with pytest.raises(ExtractError):  # 10x the size still ends (the tag never closes: no text)
        ex.extract(big, "text")


def test_html_parsing_stops_at_its_deadline():
    markup = "<p>word</p>" * 200_000
    with pytest.raises(ExtractTimeout):
        html_to_text(markup, deadline=time.monotonic() - 1)
    cancel = threading.Event()
    cancel.set()
    with pytest.raises(ExtractError, match="cancelled"):
        html_to_text(markup, cancel=cancel)
    assert html_to_text("<p>a &amp; b</p><script>x<y</script><!-- c --><b>d</b>") == "a & b\n\nd"


# -- 6. parser memory ----------------------------------------------------------------------
def _hwm_kb(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1])
    raise AssertionError("no VmHWM")


@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="needs /proc")
def test_a_zip_bomb_docx_fails_with_a_reason_and_the_worker_stays_under_512_mb(tmp_path):
    bomb = write_zip_bomb_docx(tmp_path / "bomb.docx", 1024)
    with Extractor(IndexConfig(extract_timeout_s=120)) as ex:
        with pytest.raises(ExtractError) as info:
            ex.extract(bomb, "doc")
        assert "zip bomb" in info.value.message and info.value.code != "skipped"
        pid = ex.worker_pid
        assert pid is not None  # refused by the worker, which survived
        assert _hwm_kb(pid) <= 512 * 1024


def test_a_parse_that_outgrows_the_memory_limit_fails_and_the_next_one_works(tmp_path):
    from fixtures import make_corpus

    files = make_corpus(tmp_path)
    with Extractor(IndexConfig(extract_timeout_s=120, extract_memory_mb=128)) as ex:
        ex._next_hook = ("alloc", 1024)  # a parser that wants 1 GB
        with pytest.raises(ExtractError) as info:
            ex.extract(files["docx"], "doc")
        assert info.value.message == "out of memory while parsing"
        assert "kingfisher" in ex.extract(files["docx"], "doc").text


# -- 7. private data, no text left behind ------------------------------------------------------
def test_an_existing_world_readable_install_is_made_private_on_start_up(tmp_path):
    from manoled.catalog.store import Catalog
    from manoled.paths import resolve

    paths = resolve()
    old = os.umask(0o022)  # what older installs ran with
    try:
        paths.data_dir.mkdir(parents=True)
        conn = sqlite3.connect(paths.catalog)
        conn.execute("PRAGMA journal_mode=WAL")
        conn.execute("CREATE TABLE t(x)")
        paths.index_dir.mkdir()
        (paths.index_dir / "vectors.bin").write_bytes(b"x")
        assert stat.S_IMODE(os.stat(paths.catalog).st_mode) == 0o644
        assert stat.S_IMODE(os.stat(paths.data_dir).st_mode) == 0o755
        conn.close()
        root = tmp_path / "docs"
        root.mkdir()
        (root / "a.txt").write_text("private words")
        res = subprocess.run([MANOLED, "index", str(root)], capture_output=True, timeout=300)
        assert res.returncode == 0, res.stderr.decode(errors="replace")
        for p in [paths.data_dir, paths.index_dir]:
            assert stat.S_IMODE(os.stat(p).st_mode) == 0o700, p
        for p in [paths.catalog, *paths.index_dir.iterdir()]:
            assert stat.S_IMODE(os.stat(p).st_mode) == 0o600, p
        cat = Catalog(paths.catalog)  # this process still has umask 022: the catalog's own files stay private
        try:
            cat.set_meta("probe", "1")
            for p in [Path(f"{paths.catalog}-wal"), Path(f"{paths.catalog}-shm")]:
                assert stat.S_IMODE(os.stat(p).st_mode) == 0o600, p
        finally:
            cat.close()
    finally:
        os.umask(old)


def test_cached_text_leaves_with_its_last_file_and_its_folder(core, tmp_path):
    from fixtures import make_docx

    root = tmp_path / "docs"
    root.mkdir()
    make_docx(root / "a.docx", ["The secret recipe needs cardamom."])  # a DOCX's text is cached
    shutil.copyfile(root / "a.docx", root / "copy.docx")
    (root / "b.txt").write_text("Notes on the mountain railway.")  # a text file's is not: it is read again
    core.indexer.index_paths([root])
    assert any("cardamom" in t for t in cached(core)) and not any("railway" in t for t in cached(core))
    (root / "a.docx").unlink()
    core.indexer.apply([Change("deleted", root / "a.docx")])
    assert any("cardamom" in t for t in cached(core))  # the copy still references it
    make_docx(root / "copy.docx", ["Rewritten: nothing about spices now."])
    core.indexer.apply([Change("modified", root / "copy.docx")])
    assert not any("cardamom" in t for t in cached(core))
    core.indexer.remove_root(root)
    assert cached(core) == []


# -- 9. special files and EXIF -----------------------------------------------------------------
def test_special_files_are_recorded_as_skipped_with_a_reason(core, tmp_path):
    with short_dir(tmp_path) as d:
        root = d / "sp"
        root.mkdir()
        (root / "ok.txt").write_text("An ordinary file.")
        os.mkfifo(root / "fifo")
        import socket

        s = socket.socket(socket.AF_UNIX)
        s.bind(str(root / "sock"))
        s.close()
        (root / "link").symlink_to(root / "ok.txt")
        expected = {"fifo": "not a regular file (named pipe)", "sock": "not a regular file (socket)",
                    "link": "symbolic link (not followed)"}
        try:
            os.mknod(root / "dev", stat.S_IFCHR | 0o600, os.makedev(1, 3))
            expected["dev"] = "not a regular file (device)"
        except OSError:
            pass
        core.indexer.index_paths([root])
        rels = by_rel(core)
        assert rels["ok.txt"].state == "indexed"
        assert {r: rels[r].reason for r in expected} == expected
        assert all(rels[r].state == "skipped" for r in expected)
        stats = core.indexer.apply(core.indexer.scan(root))  # a rescan finds them unchanged
        assert stats.files == 0
        core.indexer.remove_root(root)


def test_a_60_kb_exif_string_is_one_short_passage(core, tmp_path):
    root = tmp_path / "photos"
    root.mkdir()
    (root / "camera.jpg").write_bytes(jpeg_with_exif("M" * 60_000))
    core.indexer.index_paths([root])
    texts = passages(core)
    assert len(texts) == 1 and len(texts[0]) < 400, texts[0][:200]


# -- the daemon: a hostile folder, serving throughout; SIGTERM mid pathological file ---------------
def _start_daemon(home: Path, folder: Path, config: str) -> subprocess.Popen:
    (home / "config").mkdir(parents=True, exist_ok=True)
    (home / "config" / "config.toml").write_text(config)
    env = dict(os.environ, MANOLE_HOME=str(home))
    return subprocess.Popen([MANOLED, "run", str(folder)], env=env, stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT)


def _call(sock: Path, method: str, timeout: float = 10.0) -> dict:
    with RawClient(sock) as c:
        c.sock.settimeout(timeout)
        reply = c.call(method)
    assert "result" in reply, reply
    return reply["result"]


def _serving(proc: subprocess.Popen, sock: Path) -> bool:
    assert proc.poll() is None, proc.stdout.read().decode(errors="replace")
    if not sock.exists():
        return False
    try:
        _call(sock, "hello")
        return True
    except OSError:
        return False


CONFIG = """
[index]
extract_timeout_s = {timeout}
max_text_chars = 50000

[caption]
enabled = false

[watch]
quiet_s = 0.05
"""


@pytest.mark.timeout(900)
def test_a_hostile_folder_ends_indexed_skipped_or_failed_with_reasons_while_the_daemon_serves(tmp_path):
    with short_dir(tmp_path) as d:
        home, root, outside = d / "h", d / "r", d / "o"
        cases = make_hostile_folder(root, outside)
        assert len(kinds(cases)) >= 30
        proc = _start_daemon(home, root, CONFIG.format(timeout=10))
        sock = home / "run" / "manoled.sock"
        try:
            wait_until(lambda: _serving(proc, sock), 120, message="daemon serving")
            catalog = home / "data" / "catalog.sqlite3"

            def settled() -> bool:
                # the daemon answers hello and status at every poll while it works through the folder
                _call(sock, "hello")
                _call(sock, "status")
                rows = _rows(catalog)
                return all(os.fsencode(c.path) in rows and rows[os.fsencode(c.path)][0] in ANY_END for c in cases)

            wait_until(settled, 600, interval=0.2, message="every hostile entry settled")
            # the rename of a link to a folder outside (issue item 1), live
            os.rename(root / "etc-link", root / "etc-link2")
            wait_until(lambda: os.fsencode(root / "etc-link2") in _rows(catalog), 60, message="rename applied")
            status = _call(sock, "status")
        finally:
            proc.send_signal(signal.SIGTERM)
            out = proc.communicate(timeout=60)[0].decode(errors="replace")
        assert proc.returncode == 0, out
        rows = _rows(catalog)
        renamed = {root / "etc-link": root / "etc-link2"}
        ends = {c: rows.get(os.fsencode(renamed.get(c.path, c.path))) for c in cases}
        wrong = {f"{c.kind}: {c.path.name!r}": end for c, end in ends.items() if end is None or end[0] not in c.states}
        assert not wrong, wrong
        unexplained = {k.decode(errors="replace"): v for k, v in rows.items() if v[0] in ("skipped", "failed") and not v[1]}
        assert not unexplained, unexplained
        prefix = os.fsencode(root) + b"/etc-link"
        assert not any(k.startswith(prefix + b"/") or k.startswith(prefix + b"2/") for k in rows)
        assert not any(SECRET in t for t in _texts(catalog))
        assert status["indexing"]


def _rows(catalog: Path) -> dict[bytes, tuple[str, str | None]]:
    conn = sqlite3.connect(f"file:{catalog}?mode=ro", uri=True, timeout=30)
    conn.text_factory = bytes
    try:
        rows = conn.execute("SELECT CAST(r.path AS BLOB), CAST(f.relpath AS BLOB), f.state, f.reason "
                            "FROM files f JOIN roots r ON r.id=f.root_id").fetchall()
    except sqlite3.OperationalError:
        return {}
    finally:
        conn.close()
    return {bytes(r) + b"/" + bytes(rel): (s.decode(), reason.decode() if reason else None) for r, rel, s, reason in rows}


def _texts(catalog: Path) -> list[str]:
    conn = sqlite3.connect(f"file:{catalog}?mode=ro", uri=True, timeout=30)
    try:
        return [unpack_text(r[0]) for r in conn.execute("SELECT text FROM passages UNION ALL SELECT text FROM content_cache")]
    finally:
        conn.close()


@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="needs /proc")
def test_sigterm_stops_the_daemon_promptly_while_a_slow_document_is_being_parsed(tmp_path):
    with short_dir(tmp_path) as d:
        home, root = d / "h", d / "r"
        root.mkdir()
        write_big_docx(root / "slow.docx", 400_000)
        proc = _start_daemon(home, root, CONFIG.format(timeout=300))
        sock = home / "run" / "manoled.sock"
        try:
            wait_until(lambda: _serving(proc, sock), 120, message="daemon serving")
            catalog = home / "data" / "catalog.sqlite3"
            wait_until(lambda: _rows(catalog).get(os.fsencode(root / "slow.docx"), ("",))[0] == "pending", 120,
                       message="the slow document is next")
            wait_until(lambda: worker_rss_mb(proc.pid) > 250, 120, message="the parser is building the document")
            t0 = time.monotonic()
            proc.send_signal(signal.SIGTERM)
            proc.wait(30)
            took = time.monotonic() - t0
        finally:
            if proc.poll() is None:
                proc.kill()
            proc.communicate()
        assert proc.returncode == 0
        # the old daemon finished the parse first (minutes); the bench reports the real figure (< 2 s)
        assert took < 15, took
        assert _rows(catalog)[os.fsencode(root / "slow.docx")][0] == "pending"  # resumed on the next start


def test_follow_symlinks_follows_only_links_that_stay_inside_a_watched_root(core, tmp_path):
    root = tmp_path / "root"
    (root / "real").mkdir(parents=True)
    (root / "real" / "inside.txt").write_text("A note about the pangolin, reached through a link.")
    outside = outside_folder(tmp_path)
    (root / "to-inside.txt").symlink_to(root / "real" / "inside.txt")
    (root / "to-real").symlink_to(root / "real", target_is_directory=True)
    (root / "to-passwd.txt").symlink_to(outside / "passwd")
    (root / "to-outside").symlink_to(outside, target_is_directory=True)
    core.config.watch.follow_symlinks = True
    try:
        core.indexer.index_paths([root])
    finally:
        core.config.watch.follow_symlinks = False
    rels = by_rel(core)
    assert rels["to-inside.txt"].state == "indexed" and rels["to-real/inside.txt"].state == "indexed"
    assert rels["to-passwd.txt"].reason == "symbolic link to outside the watched folders (not followed)"
    assert rels["to-outside"].reason == "symbolic link to outside the watched folders (not followed)"
    assert not any(r.startswith("to-outside/") for r in rels)
    assert not any(SECRET in t for t in passages(core) + cached(core))
