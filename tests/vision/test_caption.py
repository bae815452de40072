"""Captioners (fake, Moondream2 resolution, the real smoke test) and image metadata text."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from caption_images import (
    RED,
    exif_for,
    make_bomb_png,
    make_corrupt,
    make_heic,
    make_image,
)

from manoled.config import CaptionConfig
from manoled.errors import ModelError
from manoled.vision import exif as images
from manoled.vision.captioners import (
    FIX_HINT,
    PROMPT_VERSION,
    FakeCaptioner,
    MoondreamCaptioner,
    clean_caption,
    producer,
    resolve_moondream,
)
from manoled.vision.imageload import PreparedImage, load_image


# -- cleaning --------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("raw", "clean"),
    [
        ("The image shows a dog on a beach.", "A dog on a beach."),
        ("This image depicts two people hiking.", "Two people hiking."),
        ("Caption: A red car parked outside.", "A red car parked outside."),
        ("Caption: The image shows a red car.", "A red car."),
        ('  "In this image, there is a cat sleeping."  ', "A cat sleeping."),
        ("The photo features a mountain lake at dawn", "A mountain lake at dawn"),
        ("This is a picture of a birthday cake.", "A birthday cake."),
        ("An image of a sunset over the sea.", "A sunset over the sea."),
        ("A sandy beach with turquoise water.", "A sandy beach with turquoise water."),
        ("the imagery of a city at night", "The imagery of a city at night"),
        ("", ""),
    ],
)
def test_clean_caption_strips_boilerplate(raw: str, clean: str) -> None:
    assert clean_caption(raw) == clean


def test_clean_caption_bounds_the_length() -> None:
    long = "A dog runs along the shore. " * 60
    out = clean_caption(long, max_chars=200)
    assert len(out) <= 200 and out.endswith(".")
    words = clean_caption("word " * 200, max_chars=100)
    assert len(words) <= 101 and words.endswith("…")


def test_producer_names_model_and_prompt_version() -> None:
    assert producer("moondream2-text-model-f16") == f"caption:moondream2-text-model-f16:{PROMPT_VERSION}"


# -- fake --------------------------------------------------------------------------------
def _prepared(tmp_path: Path, name: str = "IMG_1.jpg") -> PreparedImage:
    return load_image(make_image(tmp_path / name, (64, 48), RED, fmt="JPEG"), 768)


def test_fake_captioner_scripts_counts_and_fails(tmp_path: Path) -> None:
    fake = FakeCaptioner(captions={"IMG_1.jpg": "A beach."}, fail={"IMG_2.jpg"})
    assert fake.caption(_prepared(tmp_path)) == "A beach."
    assert fake.caption(_prepared(tmp_path, "other.jpg")) == "A picture, 64x48 pixels."
    with pytest.raises(ModelError):
        fake.caption(_prepared(tmp_path, "IMG_2.jpg"))
    assert fake.calls == 3 and fake.seen == ["IMG_1.jpg", "other.jpg", "IMG_2.jpg"]
    assert fake.loaded and fake.loads == 1
    fake.unload()
    assert not fake.loaded and fake.unloads == 1


# -- Moondream2 resolution (no weights needed) ---------------------------------------------
def test_missing_weights_name_the_fix(tmp_path: Path) -> None:
    with pytest.raises(ModelError) as err:
        resolve_moondream(CaptionConfig(), tmp_path / "models")
    msg = err.value.message
    assert msg.startswith("vision model not found")
    assert "manoled models pull moondream2" in msg and "caption.model_path" in msg and "caption.mmproj_path" in msg
    assert FIX_HINT in msg


def test_weights_found_in_models_dir_and_config(tmp_path: Path) -> None:
    models = tmp_path / "models"
    models.mkdir()
    (models / "moondream2-text-model-f16.gguf").write_bytes(b"gguf")
    with pytest.raises(ModelError, match="projector"):
        resolve_moondream(CaptionConfig(), models)
    (models / "moondream2-mmproj-f16.gguf").write_bytes(b"gguf")
    found = resolve_moondream(CaptionConfig(), models)
    assert found.model.name == "moondream2-text-model-f16.gguf"
    custom = tmp_path / "elsewhere" / "md2-q8.gguf"
    custom.parent.mkdir()
    custom.write_bytes(b"gguf")
    found = resolve_moondream(CaptionConfig(model_path=str(custom)), models)
    assert found.model == custom and found.mmproj.name == "moondream2-mmproj-f16.gguf"
    with pytest.raises(ModelError, match="missing-proj.gguf"):
        resolve_moondream(CaptionConfig(mmproj_path=str(tmp_path / "missing-proj.gguf")), models)


def test_moondream_captioner_is_lazy(tmp_path: Path) -> None:
    model, proj = tmp_path / "md-text.gguf", tmp_path / "md-proj.gguf"
    model.write_bytes(b"x")
    proj.write_bytes(b"x")
    cap = MoondreamCaptioner(model, proj)
    assert cap.model_id == "md-text" and not cap.loaded and cap.loads == 0
    cap.unload()  # unloading what was never loaded is fine
    assert not cap.loaded


MODEL_ENV, MMPROJ_ENV = "MANOLE_MOONDREAM_MODEL", "MANOLE_MOONDREAM_MMPROJ"


def _real_weights() -> tuple[Path, Path] | None:
    model, proj = os.environ.get(MODEL_ENV), os.environ.get(MMPROJ_ENV)
    if model and proj and Path(model).is_file() and Path(proj).is_file():
        return Path(model), Path(proj)
    return None


@pytest.mark.slow
def test_real_moondream_captions_a_fixture_image(tmp_path: Path) -> None:
    weights = _real_weights()
    if weights is None:
        reason = f"Moondream2 weights not present: set {MODEL_ENV} and {MMPROJ_ENV} to the GGUF text model and mmproj"
        print(f"SKIPPED: {reason}")
        pytest.skip(reason)
    pytest.importorskip("llama_cpp", reason="llama-cpp-python is not installed")
    from PIL import Image, ImageDraw

    im = Image.new("RGB", (512, 384), (135, 206, 235))  # sky
    draw = ImageDraw.Draw(im)
    draw.rectangle((0, 250, 512, 384), fill=(238, 214, 175))  # sand
    draw.ellipse((380, 40, 460, 120), fill=(255, 220, 0))  # sun
    path = tmp_path / "beach.jpg"
    im.save(path, "JPEG")
    cap = MoondreamCaptioner(*weights)
    text = cap.caption(load_image(path, 768))
    print(f"Moondream2 caption: {text!r}")
    assert text and len(text) <= 500
    assert not text.lower().startswith(("the image", "this image", "caption:"))
    assert cap.loaded
    cap.unload()
    assert not cap.loaded


# -- image metadata text -----------------------------------------------------------------------
def test_describe_reads_exif_date_camera_and_oriented_size(tmp_path: Path) -> None:
    exif = exif_for(orientation=6, date="2019:08:14 16:02:11", make="Canon", model="Canon EOS 80D")
    path = make_image(tmp_path / "IMG_2231.jpg", (120, 80), RED, fmt="JPEG", exif=exif)
    text = images.describe(path)
    assert text == (
        "Image file: IMG_2231.jpg. Date taken: 2019-08-14 16:02:11. Camera: Canon EOS 80D. "
        "Dimensions: 80x120 pixels JPEG."
    )
    meta = images.metadata(path)
    assert meta["date_taken"] == "2019-08-14 16:02:11" and meta["camera"] == "Canon EOS 80D"


def test_describe_joins_make_and_model() -> None:
    assert images.camera_name("Apple", "iPhone 12") == "Apple iPhone 12"
    assert images.camera_name("NIKON CORPORATION", "NIKON D750") == "NIKON D750"
    assert images.camera_name("", "X100V") == "X100V"


def test_describe_without_exif_and_for_other_formats(tmp_path: Path) -> None:
    assert images.describe(make_image(tmp_path / "plain.png", (30, 20), RED)) == (
        "Image file: plain.png. Dimensions: 30x20 pixels PNG."
    )
    assert images.describe(make_heic(tmp_path / "phone.heic", (40, 30))) == (
        "Image file: phone.heic. Dimensions: 40x30 pixels HEIF."
    )


def test_describe_never_raises(tmp_path: Path) -> None:
    assert images.describe(make_corrupt(tmp_path / "bad.jpg")) == "Image file: bad.jpg."
    assert images.describe(tmp_path / "missing.jpg") == "Image file: missing.jpg."
    bomb = images.describe(make_bomb_png(tmp_path / "bomb.png"))
    assert bomb.startswith("Image file: bomb.png.")


def test_caption_passage_carries_the_metadata(tmp_path: Path) -> None:
    path = make_image(tmp_path / "IMG_9.jpg", (30, 20), RED, fmt="JPEG",
                      exif=exif_for(date="2021:01:02 03:04:05"))
    text = images.caption_passage(path, "A beach.")
    assert text.startswith("Photo description: A beach.\n")
    assert "Date taken: 2021-01-02 03:04:05" in text
