"""Model files: manifest, status, fallback, and downloads from a local server impersonating the hub."""

from __future__ import annotations

import hashlib
import re
import socket
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

from manoled import cli_models
from manoled.config import Config
from manoled.errors import ModelError
from manoled.models import download
from manoled.models import manifest as model_manifest
from manoled.paths import resolve

PAYLOAD = bytes(range(256)) * 4096  # 1 MiB
SHA = hashlib.sha256(PAYLOAD).hexdigest()
COMMIT = "0123456789abcdef0123456789abcdef01234567"


def manifest(sha256: str | None = SHA, size: int | None = len(PAYLOAD)) -> dict:
    return {"default_text": "tiny", "fallback_text": "gemma3-270m-q4_k_m", "models": [
        {"id": "tiny", "role": "text", "file": "tiny.gguf", "source": "hf", "repo": "acme/tiny-GGUF",
         "revision": "main", "size": size, "sha256": sha256},
    ]}


class FakeHub:
    """Serves HEAD/GET /{repo}/resolve/{rev}/{file} like the hub: commit, ETag, length, ranges."""

    def __init__(self, files: dict[str, bytes]) -> None:
        self.files = files
        self.requests: list[tuple[str, str, str | None]] = []
        self.cut_next_get = False
        hub = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *args):  # quiet
                pass

            def _lookup(self):
                m = re.match(r"^/(.+)/resolve/([^/]+)/(.+)$", self.path)
                return hub.files.get(f"{m.group(1)}/{m.group(3)}") if m else None

            def _headers(self, data: bytes, status: int = 200, start: int = 0) -> None:
                self.send_response(status)
                self.send_header("X-Repo-Commit", COMMIT)
                self.send_header("ETag", f'"{hashlib.sha256(data).hexdigest()}"')
                self.send_header("Accept-Ranges", "bytes")
                self.send_header("Content-Type", "application/octet-stream")
                self.send_header("Content-Length", str(len(data) - start))
                if status == 206:
                    self.send_header("Content-Range", f"bytes {start}-{len(data) - 1}/{len(data)}")
                self.end_headers()

            def do_HEAD(self):  # noqa: N802
                hub.requests.append(("HEAD", self.path, self.headers.get("Range")))
                data = self._lookup()
                if data is None:
                    self.send_response(404)
                    self.send_header("X-Error-Code", "EntryNotFound")
                    self.send_header("Content-Length", "0")
                    self.end_headers()
                    return
                self._headers(data)

            def do_GET(self):  # noqa: N802
                rng = self.headers.get("Range")
                hub.requests.append(("GET", self.path, rng))
                data = self._lookup()
                if data is None:
                    self.send_response(404)
                    self.send_header("Content-Length", "0")
                    self.end_headers()
                    return
                start = int(re.match(r"bytes=(\d+)-", rng).group(1)) if rng else 0
                self._headers(data, 206 if start else 200, start)
                if hub.cut_next_get:
                    hub.cut_next_get = False
                    self.wfile.write(data[start:start + len(data) // 2])
                    self.wfile.flush()
                    self.close_connection = True
                    self.connection.shutdown(socket.SHUT_RDWR)
                    return
                self.wfile.write(data[start:])

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    def __enter__(self) -> FakeHub:
        self.thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self.server.shutdown()
        self.server.server_close()
        self.thread.join(5)


@pytest.fixture(autouse=True)
def online(monkeypatch):
    """tests/conftest.py sets HF_HUB_OFFLINE for the embedder; these tests talk to a local fake hub."""
    from huggingface_hub import constants
    from huggingface_hub.utils import disable_progress_bars

    monkeypatch.setattr(constants, "HF_HUB_OFFLINE", False)
    disable_progress_bars()


def test_pull_downloads_and_verifies_sha256(tmp_path):
    with FakeHub({"acme/tiny-GGUF/tiny.gguf": PAYLOAD}) as hub:
        path = download.pull("tiny", tmp_path / "models", endpoint=hub.url, manifest=manifest())
    assert path == tmp_path / "models" / "tiny.gguf" and path.read_bytes() == PAYLOAD
    assert ("HEAD", "/acme/tiny-GGUF/resolve/main/tiny.gguf", None) in hub.requests


def test_sha256_mismatch_is_corrupt_and_the_file_is_not_kept(tmp_path):
    bad = manifest(sha256="0" * 64)
    with FakeHub({"acme/tiny-GGUF/tiny.gguf": PAYLOAD}) as hub:
        with pytest.raises(ModelError, match="corrupt.*sha256 mismatch"):
            download.pull("tiny", tmp_path / "models", endpoint=hub.url, manifest=bad)
    assert not (tmp_path / "models" / "tiny.gguf").exists()


def test_missing_checksum_is_reported_unverified(tmp_path):
    with FakeHub({"acme/tiny-GGUF/tiny.gguf": PAYLOAD}) as hub:
        path = download.pull("tiny", tmp_path / "m", endpoint=hub.url, manifest=manifest(sha256=None, size=None))
    spec = model_manifest.get_spec("tiny", manifest(sha256=None, size=None))
    assert model_manifest.verify_file(spec, path) == (True, model_manifest.UNVERIFIED)


def test_interrupted_download_resumes_with_a_range_request(tmp_path):
    with FakeHub({"acme/tiny-GGUF/tiny.gguf": PAYLOAD}) as hub:
        hub.cut_next_get = True
        with pytest.raises(ModelError, match="interrupted|Consistency"):
            download.pull("tiny", tmp_path / "models", endpoint=hub.url, manifest=manifest())
        (partial,) = list((tmp_path / "models").rglob("*.incomplete"))
        # hub downloads read 10 MB chunks, so a cut inside the first chunk keeps nothing: put back
        # what an interrupted download of a big file leaves behind, half of the bytes
        partial.write_bytes(PAYLOAD[: len(PAYLOAD) // 2])
        path = download.pull("tiny", tmp_path / "models", endpoint=hub.url, manifest=manifest())
    assert path.read_bytes() == PAYLOAD
    gets = [r for r in hub.requests if r[0] == "GET"]
    assert gets[-1][2] == f"bytes={len(PAYLOAD) // 2}-"


def test_server_down_is_a_clean_offline_error(tmp_path):
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    with pytest.raises(ModelError, match="unreachable"):
        download.pull("tiny", tmp_path / "models", endpoint=f"http://127.0.0.1:{port}", manifest=manifest())


def test_offline_mode_is_a_clean_error(tmp_path, monkeypatch):
    from huggingface_hub import constants

    monkeypatch.setattr(constants, "HF_HUB_OFFLINE", True)
    with pytest.raises(ModelError, match="HF_HUB_OFFLINE"):
        download.pull("tiny", tmp_path, manifest=manifest())


def test_unknown_model_and_missing_file(tmp_path):
    with pytest.raises(ModelError, match="unknown model"):
        download.pull("nope", tmp_path, manifest=manifest())
    with FakeHub({}) as hub:
        with pytest.raises(ModelError, match="not found"):
            download.pull("tiny", tmp_path, endpoint=hub.url, manifest=manifest())


def test_list_models_present_missing_corrupt(tmp_path):
    paths = resolve(home=tmp_path / "home")
    cfg = Config()
    man = manifest()
    (status,) = model_manifest.list_models(paths, cfg, manifest=man)
    assert status.state == "missing" and "manoled models pull tiny" in status.detail
    paths.models_dir.mkdir(parents=True)
    (paths.models_dir / "tiny.gguf").write_bytes(PAYLOAD)
    (status,) = model_manifest.list_models(paths, cfg, manifest=man)
    assert (status.state, status.where, status.verification) == ("present", "models_dir", "sha256 ok")
    (paths.models_dir / "tiny.gguf").write_bytes(PAYLOAD[:-1] + b"x")
    (status,) = model_manifest.list_models(paths, cfg, manifest=man)
    assert status.state == "corrupt" and status.verification == "sha256 mismatch"


def test_config_path_wins(tmp_path):
    gguf = tmp_path / "custom.gguf"
    gguf.write_bytes(b"GGUF")
    cfg = Config()
    cfg.agent.text_model = str(gguf)
    rows = {r.id: r for r in model_manifest.list_models(resolve(home=tmp_path / "h"), cfg)}
    text = rows[model_manifest.default_text_id()]
    assert (text.state, text.where, text.path) == ("present", "config", str(gguf))
    choice = model_manifest.resolve_text_model(resolve(home=tmp_path / "h"), cfg)
    assert choice.path == gguf and not choice.fallback and choice.model_id == "custom"
    assert choice.tier is None  # a GGUF the manifest does not know: the agent asks the model's template

    cfg.agent.tier = "tools"  # the user vouches for their model: it drives the tool loop
    assert model_manifest.resolve_text_model(resolve(home=tmp_path / "h"), cfg).tier == "tools"


def test_a_bad_agent_tier_is_a_config_error_naming_the_key(tmp_path):
    from manoled.config import load
    from manoled.errors import ConfigError

    cfg_file = tmp_path / "config.toml"
    cfg_file.write_text('[agent]\ntier = "smart"\n')
    with pytest.raises(ConfigError, match="agent.tier"):
        load(cfg_file)


def test_shipped_manifest_lists_the_issue_models():
    by_id = {s.id: s for s in model_manifest.specs()}
    text = by_id[model_manifest.default_text_id()]
    assert (text.repo, text.file) == ("LiquidAI/LFM2.5-1.2B-Instruct-GGUF", "LFM2.5-1.2B-Instruct-Q4_0.gguf")
    assert {s.file for s in by_id.values() if s.repo == "vikhyatk/moondream2"} == {
        "moondream2-text-model-f16.gguf", "moondream2-mmproj-f16.gguf"}
    assert by_id["all-minilm-l6-v2"].role == "embedding"
    assert by_id[model_manifest.fallback_text_id()].chat_format == "gemma"


def test_missing_default_falls_back_to_the_tiny_model_loudly(tmp_path, caplog):
    paths = resolve(home=tmp_path / "home")
    with caplog.at_level("WARNING", logger="manoled.models"):
        choice = model_manifest.resolve_text_model(paths, Config())
    assert choice.fallback and choice.chat_format == "gemma" and choice.model_id == "gemma3-270m-q4_k_m"
    assert choice.path == paths.models_dir / "gemma-3-270m-q4_k_m.gguf" and choice.path.is_file()
    assert "fallback" in caplog.text
    with pytest.raises(ModelError, match="models pull"):
        model_manifest.resolve_text_model(paths, Config(), allow_fallback=False)
    # assembled once: a second resolution reuses the file
    mtime = choice.path.stat().st_mtime_ns
    assert model_manifest.resolve_text_model(paths, Config()).path.stat().st_mtime_ns == mtime


def test_cli_helpers_print_a_table_and_return_exit_codes(tmp_path, capsys):
    paths = resolve(home=tmp_path / "home")
    assert cli_models.cmd_models_list(paths, Config()) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[0].split()[:3] == ["ID", "ROLE", "STATE"] and "lfm2.5-1.2b-instruct-q4_0" in out
    assert cli_models.cmd_models_pull(paths, Config(), ["nope"]) == 1
    assert "unknown model" in capsys.readouterr().err


def test_cmd_pull_reports_offline(tmp_path, capsys):
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    rc = cli_models.cmd_models_pull(resolve(home=tmp_path / "h"), Config(), None, endpoint=f"http://127.0.0.1:{port}")
    assert rc == 1 and "unreachable" in capsys.readouterr().err
    assert not Path(tmp_path / "h" / "data" / "models" / "LFM2.5-1.2B-Instruct-Q4_0.gguf").exists()


def test_moondream2_alias_pulls_both_files(tmp_path, monkeypatch):

    pulled = []

    def offline_pull(model_id, dest, endpoint=None):
        pulled.append(model_id)
        raise ModelError("offline")

    monkeypatch.setattr(download, "pull", offline_pull)
    from manoled.config import Config
    from manoled.paths import resolve

    assert cli_models.cmd_models_pull(resolve(), Config(), ["moondream2"]) == 1
    assert pulled == ["moondream2-text", "moondream2-mmproj"]


# -- the real files' layout, with the tiny architecture-true GGUFs (tests/tiny_gguf.py) --------------
def _tiny_hub_files() -> tuple[dict[str, bytes], dict[str, bytes]]:
    """(files served at <repo>/<file> as the shipped manifest names them, bytes by model id)."""
    import tiny_gguf
    text, mmproj = tiny_gguf.moondream_pair()
    by_id = {"lfm2.5-1.2b-instruct-q4_0": tiny_gguf.lfm2_text().read_bytes(),
             "moondream2-text": text.read_bytes(), "moondream2-mmproj": mmproj.read_bytes()}
    served = {}
    for model_id, data in by_id.items():
        spec = model_manifest.get_spec(model_id)
        served[f"{spec.repo}/{spec.file}"] = data
    return served, by_id


def _manifest_with_moondream_checksums(tmp_path: Path, by_id: dict[str, bytes], monkeypatch) -> None:
    """The shipped manifest, with the Moondream2 entries' size and sha256 recorded (the tiny files'),
    and LFM2.5's left null as shipped."""
    import json

    data = model_manifest.load_manifest()
    for m in data["models"]:
        if m["id"] in ("moondream2-text", "moondream2-mmproj"):
            m["size"], m["sha256"] = len(by_id[m["id"]]), hashlib.sha256(by_id[m["id"]]).hexdigest()
    path = tmp_path / "model_manifest.json"
    path.write_text(json.dumps(data))
    monkeypatch.setattr(model_manifest, "MANIFEST", path)


def test_pull_resumes_verifies_and_lists_the_tiny_models_then_the_daemon_loads_them(tmp_path, monkeypatch, capsys):
    served, by_id = _tiny_hub_files()
    _manifest_with_moondream_checksums(tmp_path, by_id, monkeypatch)
    paths, cfg = resolve(home=tmp_path / "home"), Config()
    lfm = model_manifest.get_spec("lfm2.5-1.2b-instruct-q4_0")
    with FakeHub(served) as hub:
        hub.cut_next_get = True
        assert cli_models.cmd_models_pull(paths, cfg, None, endpoint=hub.url) == 1  # the default: LFM2.5
        assert "interrupted" in capsys.readouterr().err
        (partial,) = list(paths.models_dir.rglob("*.incomplete"))
        half = len(by_id[lfm.id]) // 2
        partial.write_bytes(by_id[lfm.id][:half])  # what a cut in a big file leaves (see above)
        assert cli_models.cmd_models_pull(paths, cfg, None, endpoint=hub.url) == 0
        assert [r[2] for r in hub.requests if r[0] == "GET"][-1] == f"bytes={half}-"
        assert cli_models.cmd_models_pull(paths, cfg, ["moondream2"], endpoint=hub.url) == 0
    out = capsys.readouterr().out
    assert f"{lfm.id}: {paths.models_dir / lfm.file} ({model_manifest.UNVERIFIED})" in out
    assert "moondream2-text:" in out and "moondream2-mmproj:" in out and out.count("(sha256 ok)") == 2
    for model_id, data in by_id.items():
        assert (paths.models_dir / model_manifest.get_spec(model_id).file).read_bytes() == data

    assert cli_models.cmd_models_list(paths, cfg) == 0
    rows = {r.id: r for r in model_manifest.list_models(paths, cfg)}
    assert rows[lfm.id].state == "present" and rows[lfm.id].verification == model_manifest.UNVERIFIED
    assert rows["moondream2-text"].verification == rows["moondream2-mmproj"].verification == "sha256 ok"

    # what the daemon does next: the text model answers (not the fallback), the captioner loads
    from manoled.agent.llm import LlamaChat
    from manoled.vision.captioners import MoondreamCaptioner

    choice = model_manifest.resolve_text_model(paths, cfg)
    assert choice.model_id == lfm.id and not choice.fallback
    llm = LlamaChat(choice.path, choice.model_id, context_size=2048, threads=1).load()
    try:
        assert llm.supports_tools and llm.chat([{"role": "user", "content": "hi"}], max_tokens=8).completion_tokens
    finally:
        llm.close()
    cap = MoondreamCaptioner.from_config(cfg.caption, paths.models_dir, n_threads=1)
    cap._load()
    assert cap.loaded and cap.mmproj_path == paths.models_dir / "moondream2-mmproj-f16.gguf"
    cap.unload()


def test_a_tiny_projector_with_the_wrong_sha256_is_refused_and_not_kept(tmp_path, monkeypatch, capsys):
    served, by_id = _tiny_hub_files()
    _manifest_with_moondream_checksums(tmp_path, by_id, monkeypatch)
    spec = model_manifest.get_spec("moondream2-mmproj")
    bad = bytearray(by_id[spec.id])
    bad[-1] ^= 0xFF  # same size, one flipped byte in the last tensor
    served[f"{spec.repo}/{spec.file}"] = bytes(bad)
    paths = resolve(home=tmp_path / "home")
    with FakeHub(served) as hub:
        assert cli_models.cmd_models_pull(paths, Config(), [spec.id], endpoint=hub.url) == 1
    assert "corrupt (sha256 mismatch)" in capsys.readouterr().err
    assert not (paths.models_dir / spec.file).exists()
    row = {r.id: r for r in model_manifest.list_models(paths, Config())}[spec.id]
    assert row.state == "missing"
