"""The Moondream2 captioner on real llama.cpp, with a tiny random-weight pair of the real architecture.

The pair (tests/tiny_gguf.py) is a ``phi2`` text model plus a ``clip`` projector of type ``mlp``,
loaded through llama-cpp-python's ``MoondreamChatHandler`` exactly as the daemon loads Moondream2.
The text model is scripted to answer ``Answer:`` with "A tiny test picture."; the image
embeddings are real (16 of them, from a 56 px ViT), but they do not steer the text. These tests
prove the handler, projector and cache wiring; they prove nothing about caption quality.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

# no importorskip: llama-cpp-python is a dependency and gguf a pinned test extra, so CI must run these
import tiny_gguf
from caption_images import BLUE, RED, exif_for, make_heic, make_image, make_noise_jpeg

from manoled.config import CaptionConfig, Config
from manoled.vision.captioners import PROMPT, MoondreamCaptioner, producer
from manoled.vision.imageload import load_image
from manoled.vision.worker import CaptionWorker

MODEL_ID = Path(tiny_gguf.MOONDREAM_TEXT_FILE).stem  # "moondream2-text-model-f16", as for the real file


@pytest.fixture(scope="module")
def pair() -> tuple[Path, Path]:
    return tiny_gguf.moondream_pair()


@pytest.fixture
def core(tmp_path: Path, embedder):
    from manoled.app import open_core
    from manoled.paths import resolve

    c = open_core(resolve(), Config(), embedder=embedder, caption_producer=producer(MODEL_ID))
    yield c
    c.close()


def _passages(core, name: str) -> list[str]:
    return [r[0] for r in core.catalog.query(
        "SELECT p.text FROM passages p JOIN files f ON f.id=p.file_id WHERE f.relpath LIKE ? ORDER BY p.seq",
        (f"%{name}",),
    )]


def _rss_mb() -> float:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024.0
    pytest.skip("no /proc/self/status")


def test_tiny_moondream_captions_a_jpeg_a_png_and_a_heic_into_the_index(core, pair, tmp_path: Path) -> None:
    root = tmp_path / "photos"
    make_image(root / "beach.jpg", (640, 480), BLUE, fmt="JPEG", exif=exif_for(date="2023:07:14 16:02:11"))
    make_image(root / "chart.png", (300, 200), RED)
    make_heic(root / "phone.heic", (320, 240))
    core.indexer.index_paths([root])
    models_dir = tmp_path / "models"
    models_dir.mkdir()
    for p in pair:  # the files where `manoled models pull moondream2` puts them
        shutil.copy(p, models_dir / p.name)

    worker = CaptionWorker(core.catalog, core.indexer, Config(), models_dir=models_dir, n_threads=1)
    assert worker.run_once() == 3, worker.failures()
    st = worker.status()
    assert st["model_id"] == MODEL_ID and st["model_loaded"] and st["failures"] == 0
    assert st["message"] == "all 3 images captioned"
    for name in ("beach.jpg", "chart.png", "phone.heic"):
        digest = core.catalog.query("SELECT hash FROM files WHERE relpath LIKE ?", (f"%{name}",))[0][0]
        assert core.catalog.cache_get(digest, producer(MODEL_ID)) == tiny_gguf.MOONDREAM_CAPTION, name
        assert f"Photo description: {tiny_gguf.MOONDREAM_CAPTION}" in _passages(core, name), name
    hits = core.indexer.search("a tiny test picture", k=3)
    assert {h.file_name for h in hits} == {"beach.jpg", "chart.png", "phone.heic"}
    assert worker.run_once() == 0  # cached: nothing is captioned twice
    worker.captioner.unload()


def test_the_projector_really_adds_image_embeddings_to_the_prompt(pair, tmp_path: Path) -> None:
    cap = MoondreamCaptioner(*pair, n_threads=1)
    try:
        text = cap.caption(load_image(make_image(tmp_path / "a.jpg", (200, 100), RED, fmt="JPEG"), 768))
        llama = cap._llm
        prompt_text = f"\n\nQuestion: {PROMPT}\n\nAnswer:"
        n_text = len(llama.tokenize(prompt_text.encode(), add_bos=False, special=True))
        # positions used: the text tokens, the 16 patch embeddings from the projector, the reply
        assert llama.n_tokens >= n_text + tiny_gguf.VISION_PATCHES
    finally:
        cap.unload()
    assert text == tiny_gguf.MOONDREAM_CAPTION


def test_a_mismatched_projector_fails_the_load_and_blames_no_image(core, pair, tmp_path: Path) -> None:
    root = tmp_path / "photos"
    make_image(root / "a.jpg", (64, 48), RED, fmt="JPEG")
    core.indexer.index_paths([root])
    cfg = Config(caption=CaptionConfig(model_path=str(pair[0]), mmproj_path=str(tiny_gguf.mismatched_mmproj())))
    worker = CaptionWorker(core.catalog, core.indexer, cfg, n_threads=1)
    assert worker.run_once() == 0
    st = worker.status()
    assert st["state"] == "error" and not st["model_loaded"]
    assert "mismatch between text model (n_embd = 64) and mmproj (n_embd = 48)" in st["message"]
    assert worker.failures() == [] and st["failures"] == 0  # the image is not recorded as bad


def test_the_text_model_given_as_projector_fails_the_load(pair) -> None:
    from manoled.errors import ModelError

    cap = MoondreamCaptioner(pair[0], pair[0], n_threads=1)
    with pytest.raises(ModelError, match="cannot load Moondream2 .*Failed to load mtmd context"):
        cap._load()
    assert not cap.loaded


@pytest.mark.slow
def test_rss_stays_bounded_over_50_images(pair, tmp_path: Path) -> None:
    paths = [make_noise_jpeg(tmp_path / f"IMG_{i:03d}.jpg", (320, 240), seed=i) for i in range(50)]
    cap = MoondreamCaptioner(*pair, n_threads=1)
    rss: list[float] = []
    try:
        for i, p in enumerate(paths):
            assert cap.caption(load_image(p, 768)) == tiny_gguf.MOONDREAM_CAPTION
            if i in (9, 49):
                rss.append(_rss_mb())
    finally:
        cap.unload()
    # after 10 warm-up images, 40 more may not grow the process by more than a few decoded images
    assert rss[1] - rss[0] < 15, rss  # measured here: +0.3 MB (70.3 -> 70.6 MB)
