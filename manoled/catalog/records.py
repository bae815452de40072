"""What the catalog stores and hands back: roots, files, passages and their vectors as blobs."""

from __future__ import annotations

import sqlite3
import zlib
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from .names import column_name


@dataclass(frozen=True)
class Root:
    id: int
    path: Path
    online: bool


@dataclass(frozen=True)
class FileRecord:
    id: int
    root_id: int
    root: Path
    relpath: str
    size: int
    mtime_ns: int
    inode: int
    hash: str | None
    kind: str
    state: str
    reason: str | None

    @property
    def path(self) -> Path:
        return self.root / self.relpath

    @property
    def name(self) -> str:
        return self.relpath.rsplit("/", 1)[-1]

    @property
    def ext(self) -> str:
        name = self.name
        return name.rsplit(".", 1)[-1].lower() if "." in name.lstrip(".") else ""

    @property
    def mtime(self) -> float:
        return self.mtime_ns / 1e9


@dataclass(frozen=True)
class NewPassage:
    seq: int
    text: str
    page: int | None
    vector: np.ndarray


@dataclass(frozen=True)
class Passage:
    id: int
    file: FileRecord
    seq: int
    page: int | None
    text: str

    def metadata(self) -> dict[str, object]:
        f = self.file
        meta: dict[str, object] = {
            "path": str(f.path),
            "file_name": f.name,
            "extension": f.ext,
            "root": str(f.root),
            "size": f.size,
            "mtime": f.mtime,
            "kind": f.kind,
        }
        if self.page is not None:
            meta["page"] = self.page
        return meta


# Vectors are stored as float16 behind this tag (half the bytes; cosine changes by ~1e-6 on unit
# vectors). Older catalogs hold untagged float32 blobs: both read back, and start-up converts them
# (:func:`manoled.catalog.schema.migrate_vectors`). A float32 blob cannot start with the tag unless its first
# component is a ~5e-39 denormal, which an L2-normalised embedding never has.
F16_TAG = b"f16\x00"


def vector_to_blob(vec: np.ndarray) -> bytes:
    return F16_TAG + np.asarray(vec, dtype=np.float16).tobytes()


def as_stored(vectors: np.ndarray) -> np.ndarray:
    """The vectors as the catalog gives them back (float16-rounded), so the live index equals a rebuilt one."""
    return np.asarray(vectors, dtype=np.float16).astype(np.float32)


def blob_to_vector(blob: bytes) -> np.ndarray:
    if blob[:4] == F16_TAG:
        return np.frombuffer(blob, dtype=np.float16, offset=4).astype(np.float32)
    return np.frombuffer(blob, dtype=np.float32)


def pack_text(text: str) -> bytes:
    """Text for the content cache: zlib-compressed UTF-8 (a lone surrogate survives the round trip)."""
    return zlib.compress(text.encode("utf-8", "surrogatepass"), 6)


def unpack_text(value: str | bytes) -> str:
    """A content-cache value back as text (schema-1 catalogs held plain text)."""
    if isinstance(value, (bytes, memoryview)):
        return zlib.decompress(value).decode("utf-8", "surrogatepass")
    return value


FILE_COLS = (
    "f.id, f.root_id, r.path, f.relpath, f.size, f.mtime_ns, f.inode, f.hash, f.kind, f.state, f.reason"
)


def file_record(row: sqlite3.Row | tuple) -> FileRecord:
    return FileRecord(
        id=row[0], root_id=row[1], root=Path(column_name(row[2])), relpath=column_name(row[3]), size=row[4],
        mtime_ns=row[5], inode=row[6], hash=row[7], kind=row[8], state=row[9], reason=row[10],
    )
