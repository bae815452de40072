"""The image loader: formats, orientation, downscaling, bad files, the pipeline's order and memory bound."""

from __future__ import annotations

import threading
import time
from pathlib import Path

import pytest
from caption_images import (
    BLUE,
    GREEN,
    RED,
    close_to,
    dominant,
    make_bomb_png,
    make_corrupt,
    make_heic,
    make_image,
    make_split_jpeg,
    make_truncated_jpeg,
)
from PIL import Image

from manoled.vision.imageload import LiveCounter, PipelinedLoader, PreparedImage, load_image


def _poll(cond, timeout: float = 10.0) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if cond():
            return True
        time.sleep(0.005)
    return cond()


# -- single images ---------------------------------------------------------------
def test_big_jpeg_is_decoded_small_and_encoded_as_jpeg(tmp_path: Path) -> None:
    path = make_image(tmp_path / "big.jpg", (2400, 1800), RED, fmt="JPEG")
    img = load_image(path, 768)
    assert img.ok and img.error is None
    assert img.original_size == (2400, 1800)
    assert img.size == (768, 576)
    out = img.image()
    assert out.format == "JPEG" and out.mode == "RGB" and out.size == (768, 576)
    assert close_to(dominant(out), RED)
    assert img.data_uri().startswith("data:image/jpeg;base64,")


def test_small_image_is_not_upscaled(tmp_path: Path) -> None:
    img = load_image(make_image(tmp_path / "s.png", (50, 30), BLUE), 768)
    assert img.ok and img.size == (50, 30)


def test_exif_orientation_is_applied(tmp_path: Path) -> None:
    # stored 80x40, left half red; orientation 6 = rotate 90 degrees clockwise for display
    path = make_split_jpeg(tmp_path / "rotated.jpg", (80, 40), orientation=6)
    img = load_image(path, 768)
    assert img.ok
    out = img.image()
    assert out.size == (40, 80)  # portrait after rotation
    top = out.getpixel((20, 10))
    bottom = out.getpixel((20, 70))
    assert close_to(top, RED) and close_to(bottom, BLUE), (top, bottom)


def test_unrotated_control(tmp_path: Path) -> None:
    out = load_image(make_split_jpeg(tmp_path / "plain.jpg", (80, 40)), 768).image()
    assert out.size == (80, 40)
    assert close_to(out.getpixel((10, 20)), RED) and close_to(out.getpixel((70, 20)), BLUE)


@pytest.mark.parametrize(
    ("name", "fmt", "save"),
    [
        ("a.png", "PNG", {}),
        ("a.gif", "GIF", {}),
        ("a.webp", "WEBP", {}),
        ("a.bmp", "BMP", {}),
        ("a.tiff", "TIFF", {}),
        ("a.jpeg", "JPEG", {}),
    ],
)
def test_formats(tmp_path: Path, name: str, fmt: str, save: dict) -> None:
    path = make_image(tmp_path / name, (300, 200), GREEN, fmt=fmt, **save)
    img = load_image(path, 128)
    assert img.ok, img.error
    assert img.format == fmt
    assert img.size == (128, 85) or img.size == (128, 86)
    assert close_to(dominant(img.image()), GREEN)


def test_heic_through_pillow_heif(tmp_path: Path) -> None:
    path = make_heic(tmp_path / "phone.heic", (96, 64), GREEN)
    img = load_image(path, 768)
    assert img.ok, img.error
    assert img.format == "HEIF" and img.size == (96, 64)
    assert close_to(dominant(img.image()), GREEN, tol=50)


def test_gif_first_frame(tmp_path: Path) -> None:
    frames = [Image.new("RGB", (40, 40), RED), Image.new("RGB", (40, 40), BLUE)]
    path = tmp_path / "anim.gif"
    frames[0].save(path, save_all=True, append_images=frames[1:], duration=100, loop=0)
    img = load_image(path, 768)
    assert img.ok and close_to(dominant(img.image()), RED)


def test_transparent_png_gets_a_white_background(tmp_path: Path) -> None:
    path = tmp_path / "alpha.png"
    Image.new("RGBA", (32, 32), (0, 0, 0, 0)).save(path)
    img = load_image(path, 768)
    assert img.ok and close_to(dominant(img.image()), (255, 255, 255))


def test_sixteen_bit_greyscale(tmp_path: Path) -> None:
    path = tmp_path / "grey16.png"
    Image.new("I;16", (32, 32), 40000).save(path)
    img = load_image(path, 768)
    assert img.ok, img.error
    r, g, b = dominant(img.image())
    assert r == g == b and 130 < r < 180


# -- bad files -------------------------------------------------------------------
def test_corrupt_file_is_an_error_not_an_exception(tmp_path: Path) -> None:
    img = load_image(make_corrupt(tmp_path / "bad.jpg"), 768)
    assert not img.ok and img.jpeg is None
    assert "not a recognised image" in (img.error or "")
    img = load_image(make_corrupt(tmp_path / "bad2.jpg", jpeg_magic=True), 768)
    assert not img.ok and img.error


def test_truncated_file(tmp_path: Path) -> None:
    img = load_image(make_truncated_jpeg(tmp_path / "cut.jpg"), 768)
    assert not img.ok
    assert "truncated" in (img.error or "")


def test_decompression_bomb_header(tmp_path: Path) -> None:
    path = make_bomb_png(tmp_path / "bomb.png")
    assert path.stat().st_size < 200
    img = load_image(path, 768)
    assert not img.ok
    assert "decompression bomb" in (img.error or "")


def test_warning_sized_image_is_rejected_too(tmp_path: Path) -> None:
    # above the limit but below 2x: Pillow itself only warns; we refuse it
    path = make_image(tmp_path / "big.png", (200, 100), RED)
    img = load_image(path, 768, max_pixels=15_000)
    assert not img.ok and "decompression bomb" in (img.error or "")
    assert load_image(path, 768, max_pixels=20_000).ok


def test_missing_file(tmp_path: Path) -> None:
    img = load_image(tmp_path / "gone.jpg", 768)
    assert not img.ok and img.error == "file not found"


# -- the pipeline ------------------------------------------------------------------
def _corpus(tmp_path: Path, n: int) -> list[tuple[str, Path]]:
    items = []
    for i in range(n):
        if i % 7 == 3:
            p = make_corrupt(tmp_path / f"bad{i}.jpg")
        else:
            # alternate big and tiny images so the threads finish out of order
            size = (900, 700) if i % 2 == 0 else (16, 16)
            p = make_image(tmp_path / f"img{i:03d}.jpg", size, (i * 8 % 256, 90, 160), fmt="JPEG")
        items.append((f"key{i}", p))
    return items


def test_pipeline_keeps_input_order_and_loses_nothing(tmp_path: Path) -> None:
    items = _corpus(tmp_path, 24)
    loader = PipelinedLoader(items, max_side=256, prefetch=2, threads=3)
    out = [(img.index, img.key, img.path, img.ok) for img in loader]
    assert [o[0] for o in out] == list(range(24))
    assert [(o[1], o[2]) for o in out] == items
    assert [o[3] for o in out] == [i % 7 != 3 for i in range(24)]
    assert loader.counter.live == 0 and loader.counter.loaded == 24


def test_pipeline_bounds_the_images_held(tmp_path: Path) -> None:
    prefetch, threads = 2, 3
    bound = prefetch + threads + 1
    items = [(i, make_image(tmp_path / f"p{i}.png", (40, 30), RED)) for i in range(20)]
    pulled = []

    def source():
        for item in items:
            pulled.append(item[0])
            yield item

    counter = LiveCounter()
    loader = PipelinedLoader(source(), max_side=64, prefetch=prefetch, threads=threads, counter=counter)
    seen = 0
    for img in loader:
        seen += 1
        remaining = len(items) - img.index - 1
        # a slow consumer: let the loader fill every slot it may use before moving on
        assert _poll(lambda remaining=remaining: counter.live >= 1 + min(remaining, bound - 1))
        assert counter.live <= bound
        assert len(pulled) <= img.index + 1 + prefetch + threads  # the input is consumed lazily
    assert seen == 20
    assert counter.peak == bound
    assert counter.live == 0


def test_stopping_early_frees_everything(tmp_path: Path) -> None:
    items = [(i, make_image(tmp_path / f"e{i}.png", (40, 30), BLUE)) for i in range(30)]
    counter = LiveCounter()
    loader = PipelinedLoader(items, max_side=64, prefetch=4, threads=2, counter=counter)
    taken = []
    for img in loader:
        taken.append(img.index)
        if len(taken) == 3:
            break
    assert taken == [0, 1, 2]
    assert _poll(lambda: not any(t.is_alive() for t in loader._workers))
    assert counter.live == 0
    assert counter.loaded <= 3 + 4 + 2


def test_a_raising_load_function_is_an_error_item(tmp_path: Path) -> None:
    def load(path, max_side, **kw):
        if path.name == "boom":
            raise RuntimeError("plugin bug")
        return PreparedImage(index=kw["index"], key=kw["key"], path=path, jpeg=b"x")

    items = [(i, tmp_path / ("boom" if i == 1 else f"f{i}")) for i in range(4)]
    out = list(PipelinedLoader(items, load=load, threads=2))
    assert [o.index for o in out] == [0, 1, 2, 3]
    assert out[1].error == "RuntimeError: plugin bug" and out[0].ok


def test_loader_threads_run_in_parallel(tmp_path: Path) -> None:
    # two loads that each wait for the other prove two threads work at once (no timing)
    barrier = threading.Barrier(2, timeout=10)

    def load(path, max_side, **kw):
        barrier.wait()
        return PreparedImage(index=kw["index"], key=kw["key"], path=path, jpeg=b"x")

    out = list(PipelinedLoader([(0, tmp_path / "a"), (1, tmp_path / "b")], load=load, threads=2))
    assert [o.ok for o in out] == [True, True]
