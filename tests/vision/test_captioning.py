"""The caption worker end to end: real catalog, real indexer, real MiniLM, a fake captioner."""

from __future__ import annotations

import shutil
import threading
from pathlib import Path

import pytest
from caption_images import (
    BLUE,
    GREEN,
    RED,
    exif_for,
    make_bomb_png,
    make_corrupt,
    make_heic,
    make_image,
    make_truncated_jpeg,
)
from waiting import wait_until

from manoled.config import CaptionConfig, Config
from manoled.index.changes import Change
from manoled.index.hashing import hash_file
from manoled.vision.captioners import FakeCaptioner, producer
from manoled.vision.imageload import LiveCounter
from manoled.vision.worker import CaptionWorker, content_hash

BEACH = "A sandy beach with turquoise water and palm trees under a clear sky."
CAPTIONS = {
    "IMG_2231.jpg": BEACH,
    "IMG_0042.jpg": "A plate of spaghetti carbonara on a wooden kitchen table.",
    "IMG_0777.png": "A snowy mountain ridge with skiers climbing in a line.",
}


def open_core(tmp_path: Path, embedder, model_id: str = "fake"):
    from manoled.app import open_core as _open
    from manoled.paths import resolve

    return _open(resolve(), Config(), embedder=embedder, caption_producer=producer(model_id))


@pytest.fixture
def core(tmp_path: Path, embedder):
    c = open_core(tmp_path, embedder)
    yield c
    c.close()


def make_photos(root: Path) -> dict[str, Path]:
    return {
        "IMG_2231.jpg": make_image(root / "IMG_2231.jpg", (320, 240), BLUE, fmt="JPEG",
                                   exif=exif_for(date="2023:07:14 16:02:11", make="Apple", model="iPhone 12")),
        "IMG_0042.jpg": make_image(root / "food" / "IMG_0042.jpg", (200, 200), RED, fmt="JPEG"),
        "IMG_0777.png": make_image(root / "IMG_0777.png", (120, 90), GREEN),
    }


def worker_for(core, captioner, **kw) -> CaptionWorker:
    cfg = Config(caption=CaptionConfig(**kw.pop("caption", {})))
    return CaptionWorker(core.catalog, core.indexer, cfg, captioner=captioner, **kw)


def texts_of(core, name: str) -> list[str]:
    return [r[0] for r in core.catalog.query(
        "SELECT p.text FROM passages p JOIN files f ON f.id=p.file_id WHERE f.relpath LIKE ? ORDER BY p.seq",
        (f"%{name}",),
    )]


def test_hash_matches_the_indexer(tmp_path: Path) -> None:
    p = make_image(tmp_path / "a.jpg", (50, 40), RED, fmt="JPEG")
    assert content_hash(p.read_bytes()) == hash_file(p)


def test_captions_land_as_passages_and_search_finds_the_beach(core, tmp_path: Path) -> None:
    root = tmp_path / "photos"
    make_photos(root)
    core.indexer.index_paths([root])
    assert "Image file: IMG_2231.jpg." in texts_of(core, "IMG_2231.jpg")[0]
    fake = FakeCaptioner(captions=CAPTIONS)
    worker = worker_for(core, fake)
    assert worker.run_once() == 3
    assert fake.calls == 3
    passages = texts_of(core, "IMG_2231.jpg")
    assert any(t == f"Photo description: {BEACH}" for t in passages), passages
    assert any("Date taken: 2023-07-14 16:02:11" in t and "Camera: Apple iPhone 12" in t for t in passages)
    hits = core.indexer.search("photos of the beach", k=3)
    assert hits and hits[0].file_name == "IMG_2231.jpg", [(h.file_name, h.text) for h in hits]
    assert hits[0].text.startswith("Photo description:")
    food = core.indexer.search("pasta dinner", k=1)
    assert food[0].file_name == "IMG_0042.jpg"
    st = worker.status()
    assert st["state"] == "idle" and st["done"] == 3 and st["total"] == 3 and st["failures"] == 0
    assert st["model_id"] == "fake" and st["producer"] == producer("fake") and st["rate"] > 0
    assert st["message"] == "all 3 images captioned"


def test_only_the_captioned_file_is_reindexed(core, tmp_path: Path, embedder) -> None:
    root = tmp_path / "photos"
    make_photos(root)
    core.indexer.index_paths([root])
    calls: list[int] = []
    real = core.indexer.reindex_file

    class Spy:
        caption_producer = core.indexer.caption_producer

        def reindex_file(self, fid: int) -> bool:
            calls.append(fid)
            return real(fid)

    worker = CaptionWorker(core.catalog, Spy(), Config(), captioner=FakeCaptioner(captions=CAPTIONS))
    worker.run_once()
    ids = sorted(f.id for f in core.catalog.files(kind="image"))
    assert sorted(calls) == ids
    calls.clear()
    make_image(root / "IMG_9000.jpg", (64, 64), RED, fmt="JPEG")
    core.indexer.index_paths([root])
    embedded = len(embedder.texts)
    assert worker.run_once() == 1
    new = core.catalog.get_file(core.catalog.roots()[0].id, "IMG_9000.jpg")
    assert calls == [new.id]
    # one file re-derived: its metadata passage and its caption, nothing else
    assert len(embedder.texts) - embedded == 2


def test_rename_duplicate_and_restart_caption_nothing_again(tmp_path: Path, embedder) -> None:
    root = tmp_path / "photos"
    photos = make_photos(root)
    core = open_core(tmp_path, embedder)
    try:
        core.indexer.index_paths([root])
        fake = FakeCaptioner(captions=CAPTIONS)
        worker = worker_for(core, fake)
        assert worker.run_once() == 3

        # renamed as the watcher reports it (a move), and moved to another folder (seen by a scan)
        moved = root / "holiday" / "beach-day.jpg"
        moved.parent.mkdir()
        photos["IMG_2231.jpg"].rename(moved)
        core.indexer.apply([Change("moved", photos["IMG_2231.jpg"], moved)])
        photos["IMG_0777.png"].rename(root / "food" / "ridge.png")
        core.indexer.index_paths([root])
        # a second copy of the same image
        shutil.copy(photos["IMG_0042.jpg"], root / "copy-of-dinner.jpg")
        core.indexer.index_paths([root])
        assert worker.run_once() == 0
        assert fake.calls == 3
        assert f"Photo description: {BEACH}" in texts_of(core, "beach-day.jpg")
        assert any(t.startswith("Photo description: A plate of spaghetti") for t in texts_of(core, "copy-of-dinner.jpg"))
        assert any(t.startswith("Photo description: A snowy mountain") for t in texts_of(core, "ridge.png"))
        assert worker.status()["done"] == 3 and worker.status()["total"] == 3
    finally:
        core.close()

    # restart: a new process, a new captioner with the same model: nothing to caption
    core = open_core(tmp_path, embedder)
    try:
        core.indexer.sync_index()
        fake2 = FakeCaptioner(captions=CAPTIONS)
        worker = worker_for(core, fake2)
        assert worker.run_once() == 0
        assert fake2.calls == 0 and not fake2.loaded  # the model was never even loaded
        assert core.indexer.search("beach", k=1)[0].file_name == "beach-day.jpg"
    finally:
        core.close()


def test_a_new_model_recaptions_everything(core, tmp_path: Path) -> None:
    root = tmp_path / "photos"
    make_photos(root)
    core.indexer.index_paths([root])
    worker_for(core, FakeCaptioner(captions=CAPTIONS)).run_once()
    v2 = FakeCaptioner("fake-v2", fn=lambda img: f"Version two caption of a {img.size[0]} pixel wide picture.")
    worker = worker_for(core, v2)
    assert worker.status()["producer"] == producer("fake-v2")
    assert worker.run_once() == 3 and v2.calls == 3
    assert core.indexer.caption_producer == producer("fake-v2")
    passages = texts_of(core, "IMG_2231.jpg")
    assert "Photo description: Version two caption of a 320 pixel wide picture." in passages
    assert not any(BEACH in t for t in passages)
    # both models' captions stay cached: going back captions nothing, but the passages follow
    back = FakeCaptioner(captions=CAPTIONS)
    assert worker_for(core, back).run_once() == 0 and back.calls == 0
    assert f"Photo description: {BEACH}" in texts_of(core, "IMG_2231.jpg")
    assert core.indexer.search("beach", k=1)[0].file_name == "IMG_2231.jpg"


def test_bad_images_are_recorded_and_not_retried_until_they_change(core, tmp_path: Path) -> None:
    root = tmp_path / "photos"
    make_photos(root)
    make_corrupt(root / "corrupt.jpg")
    make_truncated_jpeg(root / "truncated.jpg")
    make_bomb_png(root / "bomb.png")
    make_heic(root / "phone.heic", (96, 64))
    make_image(root / "model-chokes.jpg", (40, 40), RED, fmt="JPEG")
    core.indexer.index_paths([root])
    assert core.catalog.counts()["image"] == {"indexed": 8}  # every image is indexed by name and EXIF
    fake = FakeCaptioner(captions=CAPTIONS, fail={"model-chokes.jpg"})
    counter = LiveCounter()
    worker = worker_for(core, fake, counter=counter)
    assert worker.run_once() == 4  # three photos and the HEIC
    assert "phone.heic" in fake.seen
    reasons = {Path(f["path"]).name: f["reason"] for f in worker.failures()}
    assert set(reasons) == {"corrupt.jpg", "truncated.jpg", "bomb.png", "model-chokes.jpg"}
    assert reasons["corrupt.jpg"].startswith("not a recognised image")
    assert "truncated" in reasons["truncated.jpg"]
    assert reasons["bomb.png"].startswith("decompression bomb")
    assert reasons["model-chokes.jpg"].startswith("captioning failed: fake failure")
    st = worker.status()
    assert st["failures"] == 4 and st["done"] == 4 and st["total"] == 8
    assert "(4 could not be captioned)" in st["message"]

    loaded = counter.loaded
    assert worker.run_once() == 0
    assert counter.loaded == loaded and fake.calls == 5  # nothing read, nothing captioned again

    # new content under the same name: a new hash, so it is tried again
    make_image(root / "corrupt.jpg", (50, 50), GREEN, fmt="JPEG")
    core.indexer.index_paths([root])
    assert worker.run_once() == 1
    assert fake.seen[-1] == "corrupt.jpg"
    assert any(t.startswith("Photo description:") for t in texts_of(core, "corrupt.jpg"))


def test_a_decompression_bomb_below_pillows_limit_via_the_config_seam(core, tmp_path: Path) -> None:
    root = tmp_path / "photos"
    make_image(root / "wide.png", (300, 200), RED)
    core.indexer.index_paths([root])
    worker = worker_for(core, FakeCaptioner(), max_pixels=10_000)
    assert worker.run_once() == 0
    assert worker.failures()[0]["reason"].startswith("decompression bomb")


def test_captions_follow_catalog_order(core, tmp_path: Path) -> None:
    root = tmp_path / "photos"
    for i in range(12):
        make_image(root / f"p{i:02d}.png", (60 + i, 40), (i * 20, 0, 0))
    core.indexer.index_paths([root])
    fake = FakeCaptioner()
    worker_for(core, fake, caption={"loader_threads": 3, "prefetch": 1}).run_once()
    by_id = [f.name for f in sorted(core.catalog.files(kind="image"), key=lambda f: f.id)]
    assert fake.seen == by_id and len(set(fake.seen)) == 12


def test_file_changed_after_hashing_is_not_captioned_under_the_old_hash(core, tmp_path: Path) -> None:
    root = tmp_path / "photos"
    p = make_image(root / "live.jpg", (60, 60), RED, fmt="JPEG")
    core.indexer.index_paths([root])
    make_image(p, (70, 70), BLUE, fmt="JPEG")  # changed on disk, the indexer has not seen it yet
    fake = FakeCaptioner()
    worker = worker_for(core, fake)
    assert worker.run_once() == 0 and fake.calls == 0 and worker.failures() == []
    core.indexer.index_paths([root])
    assert worker.run_once() == 1


def test_no_vision_model_means_captioning_off_with_the_fix(core, tmp_path: Path) -> None:
    root = tmp_path / "photos"
    make_photos(root)
    core.indexer.index_paths([root])
    worker = CaptionWorker(core.catalog, core.indexer, Config(), models_dir=tmp_path / "models")
    assert worker.run_once() == 0
    st = worker.status()
    assert st["state"] == "off" and st["model_id"] is None
    assert st["message"].startswith("captioning off: vision model not found")
    assert "manoled models pull moondream2" in st["message"] and "caption.model_path" in st["message"]
    # images are still searchable by name and EXIF
    assert core.indexer.search("IMG_2231.jpg iPhone 12 photo", k=1)[0].file_name == "IMG_2231.jpg"

    off = CaptionWorker(core.catalog, core.indexer, CaptionConfig(enabled=False), captioner=FakeCaptioner())
    assert off.run_once() == 0
    assert off.status()["message"] == "captioning off: disabled in config (caption.enabled = false)"


def test_background_thread_kick_pause_idle_unload_and_stop(core, tmp_path: Path) -> None:
    root = tmp_path / "photos"
    make_photos(root)
    core.indexer.index_paths([root])
    fake = FakeCaptioner(captions=CAPTIONS)
    worker = worker_for(core, fake, caption={"idle_unload_s": 0.0}, poll_s=30.0)
    with worker.pause_for_question():
        worker.start()
        wait_until(lambda: worker.status()["state"] == "paused", message="worker pauses for the question")
        assert fake.calls == 0
    assert worker.wait_idle(30)
    assert fake.calls == 3
    wait_until(lambda: fake.unloads == 1, message="model unloaded after idle_unload_s")
    assert not worker.status()["model_loaded"]

    # the busy flag works the same way
    worker.busy.set()
    make_image(root / "IMG_5000.jpg", (80, 60), GREEN, fmt="JPEG")
    core.indexer.index_paths([root])
    worker.kick()
    wait_until(lambda: worker.status()["state"] == "paused", message="paused on the busy flag")
    assert fake.calls == 3
    worker.busy.clear()
    assert worker.wait_idle(30)
    assert fake.calls == 4 and fake.loads == 2
    assert any(t.startswith("Photo description:") for t in texts_of(core, "IMG_5000.jpg"))
    worker.stop()
    assert worker.status()["state"] == "stopped"
    assert not any(t.name == "manoled-caption" for t in threading.enumerate())


def test_stop_during_a_long_queue_stops_between_images(core, tmp_path: Path) -> None:
    root = tmp_path / "photos"
    for i in range(20):
        make_image(root / f"q{i:02d}.png", (30, 30), (i * 10, 50, 50))
    core.indexer.index_paths([root])
    gate = threading.Event()
    started = threading.Event()

    def slow(img):
        started.set()
        gate.wait(10)
        return "A square."

    fake = FakeCaptioner(fn=slow)
    worker = worker_for(core, fake)
    worker.start()
    assert started.wait(10)
    st = worker.status()
    assert st["state"] == "captioning" and st["pending"] == 20 and st["total"] == 20
    stopper = threading.Thread(target=worker.stop)
    stopper.start()
    gate.set()
    stopper.join(30)
    assert not stopper.is_alive()
    assert fake.calls < 20


def test_a_vision_model_that_cannot_load_blames_no_image(core, tmp_path: Path) -> None:
    pytest.importorskip("llama_cpp", reason="llama-cpp-python is not installed")
    root = tmp_path / "photos"
    make_photos(root)
    core.indexer.index_paths([root])
    models = tmp_path / "models"
    models.mkdir()
    (models / "moondream2-text-model-f16.gguf").write_bytes(b"not a gguf file")
    (models / "moondream2-mmproj-f16.gguf").write_bytes(b"not a gguf file")
    worker = CaptionWorker(core.catalog, core.indexer, Config(), models_dir=models)
    assert worker.run_once() == 0
    st = worker.status()
    assert st["model_id"] == "moondream2-text-model-f16" and not st["model_loaded"]
    assert st["state"] == "error" and st["message"].startswith("captioning stopped: cannot load Moondream2")
    assert worker.failures() == [] and st["failures"] == 0
