"""`manoled index | search | stats | rebuild` as a user runs them (subprocesses, real files)."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from waiting import wait_until

MANOLED = str(Path(sys.executable).with_name("manoled"))


def manoled(*args: str, timeout: float = 300, home: Path | None = None) -> subprocess.CompletedProcess:
    cmd = [MANOLED] + (["--home", str(home)] if home else []) + list(args)
    return subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)


@pytest.fixture
def docs(tmp_path: Path) -> Path:
    d = tmp_path / "docs"
    d.mkdir()
    (d / "invoice.txt").write_text("Invoice 42: MacBook Air, total paid 1299 EUR.")
    (d / "garden.md").write_text("Tomatoes need full sun and regular watering.")
    (d / "blob.bin").write_bytes(b"\x00\x01binary" * 100)
    return d


def test_index_search_stats_rebuild(docs, tmp_path):
    home = tmp_path / "home2"  # --home wins over MANOLE_HOME
    out = manoled("index", str(docs), home=home)
    assert out.returncode == 0, out.stderr
    assert "files" in out.stderr and "2 indexed" in out.stderr
    assert (home / "data" / "catalog.sqlite3").exists()
    assert "Loading faiss" not in out.stderr and "INFO" not in out.stderr  # quiet logs

    out = manoled("search", "macbook price", "-k", "1", home=home)
    assert out.returncode == 0 and "invoice.txt" in out.stdout

    out = manoled("search", "tomatoes", "--json", home=home)
    hits = json.loads(out.stdout)
    assert hits[0]["file_name"] == "garden.md" and "score" in hits[0]

    out = manoled("stats", home=home)
    assert "text" in out.stdout and "blob.bin" in out.stdout and "skipped" in out.stdout

    out = manoled("rebuild", home=home)
    assert out.returncode == 0 and "0 embedding calls" in out.stdout


def test_index_rejects_a_missing_folder(tmp_path):
    out = manoled("index", str(tmp_path / "missing"))
    assert out.returncode == 2 and "not a folder" in out.stderr


def test_index_interrupted_by_sigint_resumes(tmp_path):
    docs = tmp_path / "many"
    docs.mkdir()
    for i in range(300):
        (docs / f"n{i:03d}.txt").write_text(f"Memo {i} about subject {i}. " * 20)
    proc = subprocess.Popen([MANOLED, "index", str(docs)], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True, env=dict(os.environ))
    from manoled.catalog.store import Catalog
    from manoled.paths import resolve

    catalog = resolve().catalog

    def some_indexed() -> bool:
        assert proc.poll() is None, "manoled index finished before it could be interrupted"
        if not catalog.exists():
            return False
        c = Catalog(catalog)
        try:
            return c.query("SELECT COUNT(*) FROM files WHERE state='indexed'")[0][0] >= 20
        finally:
            c.close()

    wait_until(some_indexed, 240, interval=0.1, message="20 files indexed")
    proc.send_signal(signal.SIGINT)
    proc.communicate(timeout=120)
    out = manoled("index", str(docs))
    assert out.returncode == 0, out.stderr
    c = Catalog(catalog)
    try:
        assert c.query("SELECT COUNT(*) FROM files WHERE state='indexed'")[0][0] == 300
        assert c.query("SELECT file_id, seq FROM passages GROUP BY file_id, seq HAVING COUNT(*) > 1") == []
    finally:
        c.close()
