"""Shared fixtures: every test runs inside tmp_path, with real components."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from waiting import wait_until  # noqa: F401 - re-exported for fixtures

sys.path.insert(0, str(Path(__file__).resolve().parent))

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")


@pytest.fixture(scope="session", autouse=True)
def onnx_cache(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One ONNX export per test session, shared by every test and daemon (never the real cache dir)."""
    cache = tmp_path_factory.mktemp("cache")
    os.environ["MANOLE_CACHE_DIR"] = str(cache)
    return cache


@pytest.fixture(autouse=True)
def manole_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Point config, data and socket at tmp_path; no test touches the real home."""
    home = tmp_path / "home"
    monkeypatch.setenv("MANOLE_HOME", str(home))
    for var in ("MANOLE_CONFIG_DIR", "MANOLE_DATA_DIR", "MANOLE_SOCKET", "NOTIFY_SOCKET", "LISTEN_FDS", "LISTEN_PID"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "xdg-config"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg-data"))
    return home


@pytest.fixture(autouse=True)
def no_leaked_threads():
    """Fail a test that leaves a non-daemon thread running (as watchdog's suite does)."""
    before = set(threading.enumerate())
    yield

    def leaked() -> list[threading.Thread]:
        return [t for t in threading.enumerate() if t not in before and t.is_alive() and not t.daemon]

    try:
        wait_until(lambda: not leaked(), 5, interval=0.05)
    except AssertionError:
        raise AssertionError(f"test leaked threads: {leaked()}") from None


class CountingEmbedder:
    """The daemon's default embedder, with its calls counted (one shared model load per test session)."""

    _shared = None

    def __init__(self) -> None:
        from manoled.index.embed import make_embedder

        if CountingEmbedder._shared is None:
            CountingEmbedder._shared = make_embedder()
        self._inner = CountingEmbedder._shared
        self.model_id = self._inner.model_id
        self.backend = self._inner.backend
        self.calls = 0
        self.texts: list[str] = []

    @property
    def dimensions(self) -> int:
        return self._inner.dimensions

    @property
    def memory_bytes(self) -> int | None:
        return self._inner.memory_bytes

    def embed(self, texts):
        self.calls += 1
        self.texts.extend(texts)
        return self._inner.embed(texts)


@pytest.fixture
def embedder() -> CountingEmbedder:
    return CountingEmbedder()


@pytest.fixture
def core(tmp_path: Path, embedder: CountingEmbedder):
    """A real catalog + LEANN index + indexer under tmp_path."""
    from manoled.app import open_core
    from manoled.config import Config
    from manoled.paths import resolve

    cfg = Config()
    c = open_core(resolve(), cfg, embedder=embedder)
    yield c
    c.close()


JS_SRC = Path(__file__).resolve().parents[1] / "integrations" / "js"


@pytest.fixture(scope="module")
def js(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A temporary copy of integrations/js with its npm dependencies installed."""
    node, npm = shutil.which("node"), shutil.which("npm")
    if not node or not npm:
        pytest.skip("node/npm not installed (apt-get install nodejs npm; scripts/test-deps.sh tries)")
    major = subprocess.run([node, "--version"], capture_output=True, text=True, check=False).stdout.strip()
    if not major.startswith("v") or int(major[1:].split(".")[0]) < 18:
        pytest.skip(f"node {major} is too old (the client needs node >= 18)")
    d = tmp_path_factory.mktemp("js")
    for name in ("package.json", "manole.js"):
        shutil.copy(JS_SRC / name, d / name)
    env = {**os.environ, "npm_config_cache": str(d / ".npm-cache"), "npm_config_update_notifier": "false"}
    cp = subprocess.run([npm, "install", "--no-audit", "--no-fund", "--loglevel=error"], cwd=d, env=env,
                        capture_output=True, text=True, timeout=300, check=False)
    if cp.returncode != 0:
        pytest.skip(f"npm install failed (is the npm registry reachable?): {cp.stderr.strip()[-500:]}")
    return d
