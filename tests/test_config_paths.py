"""Paths resolution and the TOML config: defaults, overrides and errors that name the key."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from manoled import config as config_mod
from manoled.errors import ConfigError
from manoled.paths import resolve


def test_manole_home_puts_everything_under_one_dir(tmp_path):
    p = resolve(env={"MANOLE_HOME": str(tmp_path / "h")})
    assert p.config_file == tmp_path / "h" / "config" / "config.toml"
    assert p.catalog.parent == tmp_path / "h" / "data"
    assert p.socket == tmp_path / "h" / "run" / "manoled.sock"


def test_finer_overrides_win(tmp_path):
    env = {"MANOLE_HOME": str(tmp_path / "h"), "MANOLE_CONFIG_DIR": str(tmp_path / "c"),
           "MANOLE_DATA_DIR": str(tmp_path / "d"), "MANOLE_SOCKET": str(tmp_path / "s.sock")}
    p = resolve(env=env)
    assert (p.config_dir, p.data_dir, p.socket) == (tmp_path / "c", tmp_path / "d", tmp_path / "s.sock")


def test_home_flag_equals_env(tmp_path):
    assert resolve(home=tmp_path / "x", env={}) == resolve(env={"MANOLE_HOME": str(tmp_path / "x")})


def test_xdg_defaults_on_linux(tmp_path):
    if sys.platform == "darwin":
        pytest.skip("Linux layout")
    env = {"XDG_CONFIG_HOME": str(tmp_path / "cfg"), "XDG_DATA_HOME": str(tmp_path / "data"),
           "XDG_RUNTIME_DIR": str(tmp_path / "run")}
    import os

    old = dict(os.environ)
    try:
        os.environ.update(env)
        os.environ.pop("MANOLE_HOME", None)
        p = resolve(env=env)
    finally:
        os.environ.clear()
        os.environ.update(old)
    assert p.config_file == tmp_path / "cfg" / "manole" / "config.toml"
    assert p.data_dir == tmp_path / "data" / "manole"
    assert p.socket == tmp_path / "run" / "manole" / "manoled.sock"


def test_runtime_dir_is_private(tmp_path):
    p = resolve(env={"MANOLE_HOME": str(tmp_path / "h")})
    p.ensure()
    assert p.runtime_dir.stat().st_mode & 0o777 == 0o700


def test_missing_config_gives_defaults(tmp_path):
    cfg = config_mod.load(tmp_path / "nope.toml")
    assert cfg.index.chunk_size == 800 and cfg.agent.max_steps == 5 and cfg.server.max_frame_bytes == 1 << 20


@pytest.mark.parametrize("text, key", [
    ("[index]\nchunk_size = 'big'\n", "index.chunk_size"),
    ("[index]\nchunk_sise = 10\n", "index.chunk_sise"),
    ("[watch]\nignore = 'node_modules'\n", "watch.ignore"),
    ("roots = [1, 2]\n", "roots"),
    ("[agent]\nmax_steps = -1\n", "agent.max_steps"),
    ("index = 3\n", "index"),
    ("[index]\nchunk_size = 100\nchunk_overlap = 200\n", "index.chunk_overlap"),
])
def test_invalid_config_names_the_key(tmp_path, text, key):
    f = tmp_path / "config.toml"
    f.write_text(text)
    with pytest.raises(ConfigError) as exc:
        config_mod.load(f)
    assert key in exc.value.message


def test_invalid_toml_is_a_clear_error(tmp_path):
    f = tmp_path / "config.toml"
    f.write_text("[index\n")
    with pytest.raises(ConfigError, match="invalid TOML"):
        config_mod.load(f)


def test_config_round_trips(tmp_path):
    cfg = config_mod.from_dict({"roots": ["/a b", "/c\"d"], "index": {"chunk_size": 500}, "watch": {"quiet_s": 1}})
    f = tmp_path / "config.toml"
    config_mod.save(cfg, f)
    again = config_mod.load(f)
    assert again == cfg and again.watch.quiet_s == 1.0


def test_cli_reports_invalid_config_without_a_traceback(tmp_path, manole_home):
    (manole_home / "config").mkdir(parents=True)
    (manole_home / "config" / "config.toml").write_text("[index]\nchunk_size = 'x'\n")
    folder = tmp_path / "docs"
    folder.mkdir()
    manoled = Path(sys.executable).with_name("manoled")
    out = subprocess.run([str(manoled), "index", str(folder)], capture_output=True, text=True, timeout=120)
    assert out.returncode == 1
    assert "index.chunk_size" in out.stderr and "Traceback" not in out.stderr
