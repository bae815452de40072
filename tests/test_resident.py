"""What an idle daemon keeps resident: the text model loads on the first question and unloads when idle,
and no torch is ever mapped into the daemon (embeddings run on ONNX Runtime)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from fake_service import RawClient, short_dir
from test_daemon import DaemonProc, indexed, write_docs
from waiting import wait_until


@pytest.fixture
def home(tmp_path: Path):
    with short_dir(tmp_path) as d:
        yield d / "h"


def mapped_libraries(pid: int) -> str:
    return Path(f"/proc/{pid}/maps").read_text()


@pytest.mark.slow
@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc/<pid>/maps")
def test_text_model_loads_on_first_question_unloads_when_idle_and_torch_is_never_mapped(home, tmp_path):
    (home / "config").mkdir(parents=True)
    (home / "config" / "config.toml").write_text("[agent]\nidle_unload_s = 1.0\n")
    docs = tmp_path / "docs"
    write_docs(docs)
    d = DaemonProc(home, [docs])
    try:
        d.wait_serving()
        wait_until(lambda: indexed(d) == 3, 300, message="3 files indexed")
        assert d.call("search", {"query": "macbook price", "k": 1})["result"]["hits"][0]["file_name"] == "invoice.txt"
        models = d.call("status")["result"]["models"]
        assert models["embedding"]["backend"] == "onnx"
        # named (resolving may assemble the fallback file first), but not loaded before a question
        wait_until(lambda: d.call("status")["result"]["models"]["text"]["name"], 300, message="text model named")
        assert not d.call("status")["result"]["models"]["text"]["loaded"]
        with RawClient(d.sock) as c:
            c.sock.settimeout(600)
            _, terminal = c.collect(c.send("ask", {"text": "what did the MacBook cost?"}))
        assert "result" in terminal, terminal
        wait_until(lambda: not d.call("status")["result"]["models"]["text"]["loaded"], 60,
                   message="text model unloaded after 1 s idle")
        status = d.call("status")["result"]
        assert status["models"]["text"]["memory_mb"] == 0
        assert status["memory"]["rss_mb"] > 0
        maps = mapped_libraries(d.proc.pid)
        assert "libtorch" not in maps and "onnxruntime" in maps
        # a second question loads it again
        with RawClient(d.sock) as c:
            c.sock.settimeout(600)
            _, terminal = c.collect(c.send("ask", {"text": "what do tomatoes need?"}))
        assert "result" in terminal, terminal
    finally:
        assert d.stop() == 0
