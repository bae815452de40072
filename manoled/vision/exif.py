"""Image metadata text for the index: file name, EXIF date taken, camera, dimensions.

:func:`describe` gives every image a searchable passage even when no vision
model is present ("photos taken with the Canon in 2019" still works). It only
reads the file's header and EXIF block, never the pixels, and never raises:
an unreadable image is described by its name alone.
"""

from __future__ import annotations

import logging
import re
from pathlib import Path
from typing import BinaryIO

from PIL import Image

from .imageload import register_formats

log = logging.getLogger(__name__)

_MAKE, _MODEL, _DATETIME, _ORIENTATION = 0x010F, 0x0110, 0x0132, 0x0112
_EXIF_IFD, _DATETIME_ORIGINAL, _DATETIME_DIGITIZED = 0x8769, 0x9003, 0x9004
_EXIF_DATE = re.compile(r"^(\d{4}):(\d{2}):(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?")


# An EXIF field is a name or a date, not a document: a 60 KB Make tag must not become 99 passages.
MAX_FIELD_CHARS = 64


def _text(value: object) -> str:
    if isinstance(value, bytes):
        value = value[: MAX_FIELD_CHARS * 4].decode("utf-8", "replace")
    text = " ".join(str(value or "")[: MAX_FIELD_CHARS * 4].replace("\x00", " ").split())
    return text[:MAX_FIELD_CHARS].rstrip()


def display_name(name: str) -> str:
    """A file name fit for passage text: undecodable bytes (surrogate escapes) become U+FFFD."""
    return name.encode("utf-8", "surrogateescape").decode("utf-8", "replace")


def _date(value: object) -> str:
    s = _text(value)
    m = _EXIF_DATE.match(s)
    if not m:
        return ""
    y, mo, d, hh, mm, ss = m.groups()
    if y == "0000" or mo == "00":
        return ""
    return f"{y}-{mo}-{d} {hh}:{mm}" + (f":{ss}" if ss else "")


def camera_name(make: str, model: str) -> str:
    """"Canon" + "Canon EOS 5D" -> "Canon EOS 5D"; "Apple" + "iPhone 12" -> "Apple iPhone 12"."""
    make, model = _text(make), _text(model)
    if make and model.lower().startswith(make.lower().split()[0]):
        return model
    return " ".join(p for p in (make, model) if p)


def metadata(path: Path, fp: BinaryIO | None = None) -> dict[str, object]:
    """EXIF and size facts about an image: date_taken, camera, width, height (oriented), format.

    ``fp`` is the open file to read (the indexer's descriptor); without it ``path`` is opened."""
    register_formats()
    info: dict[str, object] = {}
    try:
        with Image.open(fp if fp is not None else path) as im:
            w, h = im.size
            info["format"] = im.format or ""
            exif = im.getexif()
            orientation = exif.get(_ORIENTATION, 1)
            if orientation in (5, 6, 7, 8):
                w, h = h, w
            info["width"], info["height"] = w, h
            sub = exif.get_ifd(_EXIF_IFD) if exif else {}
            date = _date(sub.get(_DATETIME_ORIGINAL)) or _date(sub.get(_DATETIME_DIGITIZED)) or _date(exif.get(_DATETIME))
            if date:
                info["date_taken"] = date
            camera = camera_name(exif.get(_MAKE, ""), exif.get(_MODEL, ""))
            if camera:
                info["camera"] = camera
    except Exception as exc:  # noqa: BLE001 - metadata is best effort, never fatal
        log.debug("no image metadata for %s: %s", path, exc)
    return info


def describe(path: Path, fp: BinaryIO | None = None) -> str:
    """A one-line searchable description from the file name and EXIF (each field capped)."""
    path = Path(path)
    info = metadata(path, fp)
    parts = [f"Image file: {display_name(path.name)}."]
    if info.get("date_taken"):
        parts.append(f"Date taken: {info['date_taken']}.")
    if info.get("camera"):
        parts.append(f"Camera: {info['camera']}.")
    if info.get("width"):
        fmt = f" {info['format']}" if info.get("format") else ""
        parts.append(f"Dimensions: {info['width']}x{info['height']} pixels{fmt}.")
    return " ".join(parts)


def caption_passage(path: Path, caption: str) -> str:
    """The passage for a caption, carrying the file's metadata so a hit on it is self-describing."""
    return f"Photo description: {caption}\n{describe(path)}"
