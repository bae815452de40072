"""Drawing the graph: JSON, DOT, and a self-contained HTML page tested in real headless Chromium.

The browser is driven through chromedriver's W3C WebDriver HTTP API with
urllib only (no selenium). Debian: ``apt-get install chromium chromium-driver``.
"""

from __future__ import annotations

import base64
import json
import os
import re
import shutil
import socket
import subprocess
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest
from manole_client.graph_render import render

ARTIFACTS = Path(__file__).resolve().parent / "artifacts"
EVIL = '</script><script>window.pwned=1</script><b onclick="x">&amp;'


def sample_graph() -> dict:
    return {
        "nodes": [
            {"id": "d:1:", "type": "folder", "path": "/home/ann/docs", "name": "docs", "kind": "folder", "files": 0},
            {"id": "d:1:invoices", "type": "folder", "path": "/home/ann/docs/invoices", "name": "invoices",
             "kind": "folder", "files": 2},
            {"id": "f:1", "type": "file", "path": "/home/ann/docs/invoices/invoice_march.pdf", "name": "invoice_march.pdf",
             "kind": "pdf", "ext": "pdf", "size": 20480, "mtime": 1.7e9, "state": "indexed", "center": True},
            {"id": "f:2", "type": "file", "path": "/home/ann/docs/invoices/invoice_april.pdf", "name": "invoice_april.pdf",
             "kind": "pdf", "ext": "pdf", "size": 19000, "mtime": 1.7e9, "state": "indexed"},
            {"id": "f:3", "type": "file", "path": "/home/ann/docs/contract.txt", "name": "contract.txt",
             "kind": "text", "ext": "txt", "size": 900, "mtime": 1.7e9, "state": "indexed"},
            {"id": "f:4", "type": "file", "path": f"/home/ann/docs/{EVIL}.txt", "name": f"{EVIL}.txt",
             "kind": "text", "ext": "txt", "size": 1, "mtime": 1.7e9, "state": "indexed"},
        ],
        "edges": [
            {"source": "f:1", "target": "f:2", "type": "reference", "weight": 0.8,
             "entities": [{"type": "iban", "value": "DE89 3704 0044 0532 0130 00"},
                          {"type": "company", "value": "Acme Widgets GmbH"}]},
            {"source": "f:1", "target": "f:2", "type": "similarity", "weight": 0.91, "entities": []},
            {"source": "f:1", "target": "f:3", "type": "reference", "weight": 1.0,
             "entities": [{"type": "email", "value": "legal@acme.example"}]},
            {"source": "f:1", "target": "d:1:invoices", "type": "structure", "weight": 1.0, "entities": []},
            {"source": "f:2", "target": "d:1:invoices", "type": "structure", "weight": 1.0, "entities": []},
            {"source": "d:1:invoices", "target": "d:1:", "type": "structure", "weight": 1.0, "entities": []},
            {"source": "f:3", "target": "d:1:", "type": "structure", "weight": 1.0, "entities": []},
            {"source": "f:4", "target": "d:1:", "type": "structure", "weight": 1.0, "entities": []},
        ],
        "center": "f:1",
        "truncated": False,
    }


def test_json_round_trips():
    g = sample_graph()
    assert json.loads(render(g, "json")) == g


def test_dot_is_escaped_and_styled():
    dot = render(sample_graph(), "dot")
    assert dot.startswith("graph manole {") and dot.rstrip().endswith("}")
    assert '"f:1" -- "f:2"' in dot and '"f:1" -- "d:1:invoices"' in dot
    assert "DE89 3704 0044 0532 0130 00" in dot
    assert 'onclick=\\"x\\"' in dot  # quotes escaped, never closing the DOT string
    for line in dot.splitlines()[1:-1]:
        assert line.count('"') % 2 == 0 or '\\"' in line
    if shutil.which("dot"):
        subprocess.run(["dot", "-Tsvg"], input=dot.encode(), check=True, capture_output=True, timeout=60)


def test_unknown_format_is_refused():
    with pytest.raises(ValueError):
        render(sample_graph(), "png")


def test_html_is_self_contained_and_escaped():
    page = render(sample_graph(), "html")
    assert page.startswith("<!DOCTYPE html>")
    assert not re.search(r"""(src|href)\s*=\s*["']?(https?:)?//""", page)
    assert "<link" not in page and "@import" not in page
    assert "window.pwned" in page and "</script><script>window.pwned" not in page
    assert page.count("</script>") == 3  # style data, graph data, code


# -- real browser -----------------------------------------------------------------

def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class WebDriver:
    """The few W3C WebDriver commands the test needs, over plain HTTP."""

    def __init__(self, port: int) -> None:
        self.base = f"http://127.0.0.1:{port}"
        self.session: str | None = None

    def call(self, method: str, path: str, body: dict | None = None, timeout: float = 60) -> object:
        data = None if body is None else json.dumps(body).encode()
        req = urllib.request.Request(self.base + path, data=data, method=method,
                                     headers={"Content-Type": "application/json"})
        try:
            with urllib.request.urlopen(req, timeout=timeout) as resp:
                return json.loads(resp.read() or b"{}").get("value")
        except urllib.error.HTTPError as exc:
            raise AssertionError(f"{method} {path}: {exc.code} {exc.read()[:2000]!r}") from exc

    def s(self, method: str, path: str, body: dict | None = None) -> object:
        return self.call(method, f"/session/{self.session}{path}", body)

    def find(self, css: str) -> str:
        value = self.s("POST", "/element", {"using": "css selector", "value": css})
        return next(iter(value.values()))  # type: ignore[union-attr]

    def find_all(self, css: str) -> list[str]:
        value = self.s("POST", "/elements", {"using": "css selector", "value": css})
        return [next(iter(v.values())) for v in value]  # type: ignore[union-attr]

    def text(self, element: str) -> str:
        return str(self.s("GET", f"/element/{element}/text"))

    def click(self, element: str) -> None:
        self.s("POST", f"/element/{element}/click", {})

    def js(self, script: str, *args: object) -> object:
        return self.s("POST", "/execute/sync", {"script": script, "args": list(args)})

    def wait(self, script: str, timeout: float = 30) -> object:
        deadline = time.monotonic() + timeout
        while True:
            value = self.js(script)
            if value:
                return value
            if time.monotonic() > deadline:
                raise AssertionError(f"browser condition not met within {timeout}s: {script}")
            time.sleep(0.05)


@pytest.fixture
def browser(tmp_path):
    driver = shutil.which("chromedriver")
    chromium = shutil.which("chromium") or shutil.which("chromium-browser") or shutil.which("google-chrome")
    if not driver or not chromium:
        pytest.skip("headless browser test needs chromium + chromedriver (apt-get install chromium chromium-driver)")
    port = _free_port()
    env = dict(os.environ, HOME=str(tmp_path / "browser-home"))
    proc = subprocess.Popen(
        [driver, f"--port={port}", f"--log-path={tmp_path / 'chromedriver.log'}"],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env,
    )
    wd = WebDriver(port)
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                if wd.call("GET", "/status", timeout=2).get("ready"):  # type: ignore[union-attr]
                    break
            except (OSError, AssertionError):
                pass
            if proc.poll() is not None or time.monotonic() > deadline:
                raise AssertionError("chromedriver did not start")
            time.sleep(0.05)
        caps = {"capabilities": {"alwaysMatch": {
            "browserName": "chrome",
            "goog:chromeOptions": {
                "binary": chromium,
                "args": ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                         "--disable-background-networking", "--disable-component-update", "--disable-sync",
                         "--no-first-run", "--window-size=1280,800", f"--user-data-dir={tmp_path / 'profile'}"],
            },
        }}}
        resp = wd.call("POST", "/session", caps, timeout=120)
        wd.session = resp["sessionId"]  # type: ignore[index]
        yield wd
    finally:
        if wd.session:
            try:
                wd.call("DELETE", f"/session/{wd.session}", timeout=30)
            except (OSError, AssertionError):
                pass
        proc.terminate()
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(timeout=20)


def test_html_page_in_headless_chromium(browser, tmp_path):
    page = tmp_path / "graph.html"
    page.write_text(render(sample_graph(), "html"), encoding="utf-8")
    browser.s("POST", "/url", {"url": page.as_uri()})
    browser.wait("return document.getElementById('graph').dataset.state === 'stable'")
    assert browser.js("return typeof window.manoleGraph") == "object"  # the script ran to the end
    assert browser.js("return window.pwned === undefined")  # the hostile file name stayed text
    assert len(browser.find_all("g.node")) == 6
    assert len(browser.find_all("line.edge")) == 8
    # nodes were laid out: no two at the same spot
    spots = browser.js("return Array.from(document.querySelectorAll('g.node')).map(g => g.getAttribute('transform'))")
    assert len(set(spots)) == 6  # type: ignore[arg-type]

    # the centre is preselected; clicking another node shows its path and edges
    browser.click(browser.find('g.node[data-node-id="f:3"] circle'))
    details = browser.text(browser.find("#details"))
    assert "contract.txt" in details and "/home/ann/docs/contract.txt" in details
    assert "reference 1.00" in details and "legal@acme.example" in details
    assert "structure" in details

    browser.click(browser.find('g.node[data-node-id="f:2"] circle'))
    details = browser.text(browser.find("#details"))
    assert "/home/ann/docs/invoices/invoice_april.pdf" in details
    assert "iban DE89 3704 0044 0532 0130 00" in details and "similarity 0.91" in details
    assert len(browser.find_all("#edge-list li")) == 3
    # a neighbour in the panel is a link to that node
    browser.click(browser.find('#edge-list a[data-node-id="f:1"]'))
    assert "invoice_march.pdf" in browser.text(browser.find("#details h2"))

    # hiding an edge type hides its lines
    browser.click(browser.find('input[data-edge-type="structure"]'))
    hidden = browser.js("return Array.from(document.querySelectorAll('line.edge.structure')).every(l => l.style.display === 'none')")
    assert hidden

    ARTIFACTS.mkdir(exist_ok=True)
    png = base64.b64decode(str(browser.s("GET", "/screenshot")))
    assert png.startswith(b"\x89PNG")
    (ARTIFACTS / "graph_html.png").write_bytes(png)
