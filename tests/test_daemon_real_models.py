"""`manoled run` as a user runs it after `manoled models pull` and `manoled models pull moondream2`.

The files are the tiny architecture-true GGUFs (tests/tiny_gguf.py), placed where `pull` puts
them. The daemon must pick LFM2.5 (not the fallback), answer a question through a tool call the
model wrote, and caption an image with Moondream2 into the index. This proves the wiring, not the
answer or caption quality of the real weights.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

# no importorskip: llama-cpp-python is a dependency and gguf a pinned test extra, so CI must run these
import tiny_gguf
from caption_images import BLUE, make_image
from fake_service import RawClient
from test_daemon import DaemonProc, home, indexed  # noqa: F401 - home is a fixture
from waiting import wait_until


def _write_pdf(path: Path, text: str) -> Path:
    import pymupdf as fitz

    doc = fitz.open()
    doc.new_page().insert_text((72, 72), text)
    doc.save(path)
    doc.close()
    return path


@pytest.mark.slow
def test_daemon_answers_with_the_tiny_lfm2_and_captions_with_the_tiny_moondream2(home, tmp_path):  # noqa: F811
    models_dir = home / "data" / "models"
    models_dir.mkdir(parents=True)
    for f in (tiny_gguf.lfm2_text(), *tiny_gguf.moondream_pair()):
        shutil.copy(f, models_dir / f.name)
    docs = tmp_path / "docs"
    docs.mkdir()
    pdf = _write_pdf(docs / "router_manual.pdf", "Router setup: connect the WAN port, then open 192.168.1.1.")
    (docs / "garden.md").write_text("Tomatoes need full sun and regular watering.")
    make_image(docs / "IMG_0001.jpg", (640, 480), BLUE, fmt="JPEG")

    d = DaemonProc(home, [docs])
    try:
        d.wait_serving()
        wait_until(lambda: indexed(d) == 3, 120, message="3 files indexed")

        def captioned() -> bool:
            return d.call("status")["result"]["captioning"]["done"] == 1

        wait_until(captioned, 180, message="the image captioned")
        hits = d.call("search", {"query": "a tiny test picture", "k": 3})["result"]["hits"]
        assert any(h["file_name"] == "IMG_0001.jpg" and h["text"] == f"Photo description: {tiny_gguf.MOONDREAM_CAPTION}"
                   for h in hits), hits

        with RawClient(d.sock) as c:
            c.sock.settimeout(600)
            events, terminal = c.collect(c.send("ask", {"text": "any pdf files?"}))
        assert "result" in terminal, terminal
        result = terminal["result"]
        assert [s["path"] for s in result["sources"]] == [str(pdf)]
        steps = [e["data"] for e in events if e["event"] == "step"]
        assert any(s.get("tool") == "list_files" and s.get("route") == "model" for s in steps), steps
        status = d.call("status")["result"]["models"]
        assert status["text"]["name"] == "lfm2.5-1.2b-instruct-q4_0" and status["text"]["fallback"] is False
        assert status["vision"]["name"] == "moondream2-text-model-f16"
    finally:
        assert d.stop() == 0
