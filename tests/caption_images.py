"""Image fixtures for the captioning tests: made on the fly, small, inside tmp_path."""

from __future__ import annotations

import struct
import zlib
from pathlib import Path

from PIL import Image

RED, BLUE, GREEN = (220, 20, 20), (20, 20, 220), (20, 200, 20)


def exif_for(orientation: int | None = None, date: str | None = None, make: str | None = None,
             model: str | None = None) -> Image.Exif:
    exif = Image.Exif()
    if orientation is not None:
        exif[0x0112] = orientation
    if make:
        exif[0x010F] = make
    if model:
        exif[0x0110] = model
    if date:
        exif.get_ifd(0x8769)[0x9003] = date
    return exif


def make_image(path: Path, size: tuple[int, int] = (64, 48), color: tuple[int, int, int] = RED,
               fmt: str | None = None, exif: Image.Exif | None = None, **save: object) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    im = Image.new("RGB", size, color)
    kwargs = dict(save)
    if exif is not None:
        kwargs["exif"] = exif
    im.save(path, format=fmt, **kwargs)
    return path


def make_split_jpeg(path: Path, size: tuple[int, int] = (80, 40), orientation: int | None = None) -> Path:
    """Left half red, right half blue (to check rotation)."""
    w, h = size
    im = Image.new("RGB", size, BLUE)
    im.paste(RED, (0, 0, w // 2, h))
    path.parent.mkdir(parents=True, exist_ok=True)
    im.save(path, "JPEG", quality=95, exif=exif_for(orientation=orientation) if orientation else Image.Exif())
    return path


def make_noise_jpeg(path: Path, size: tuple[int, int], seed: int = 0) -> Path:
    """A JPEG that does not compress to nothing (so truncating it really cuts image data)."""
    import numpy as np

    rng = np.random.default_rng(seed)
    arr = rng.integers(0, 255, (size[1], size[0], 3), dtype=np.uint8)
    path.parent.mkdir(parents=True, exist_ok=True)
    Image.fromarray(arr).save(path, "JPEG", quality=85)
    return path


def make_truncated_jpeg(path: Path) -> Path:
    make_noise_jpeg(path, (256, 192), seed=7)
    data = path.read_bytes()
    path.write_bytes(data[: len(data) // 2])
    return path


def make_corrupt(path: Path, jpeg_magic: bool = False) -> Path:
    """Junk bytes; with ``jpeg_magic`` they start like a JPEG (so Pillow tries to decode them)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    head = b"\xff\xd8\xff\xe0" if jpeg_magic else b"GARBAGE!"
    path.write_bytes(head + b" this is not really an image " + bytes(range(256)) * 4)
    return path


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)


def make_bomb_png(path: Path, width: int = 100_000, height: int = 100_000) -> Path:
    """A ~100-byte PNG whose header claims ``width`` x ``height`` pixels."""
    ihdr = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    data = (b"\x89PNG\r\n\x1a\n" + _chunk(b"IHDR", ihdr) + _chunk(b"IDAT", zlib.compress(b"\x00" * 64))
            + _chunk(b"IEND", b""))
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)
    return path


def make_heic(path: Path, size: tuple[int, int] = (64, 48), color: tuple[int, int, int] = GREEN) -> Path:
    from pillow_heif import register_heif_opener

    register_heif_opener()
    return make_image(path, size, color, fmt="HEIF")


def dominant(im: Image.Image) -> tuple[int, int, int]:
    """The colour at the centre of ``im`` (RGB)."""
    px = im.convert("RGB").getpixel((im.width // 2, im.height // 2))
    assert isinstance(px, tuple)
    return px[0], px[1], px[2]


def close_to(a: tuple[int, int, int], b: tuple[int, int, int], tol: int = 40) -> bool:
    return all(abs(x - y) <= tol for x, y in zip(a, b, strict=True))
