"""The manoled wire protocol: length-prefixed msgpack frames.

A frame is a 4-byte big-endian unsigned length ``N`` followed by exactly ``N``
bytes holding one msgpack map. See ``docs/protocol.md`` for the full spec.

This module is deliberately self-contained (stdlib + msgpack): the thin client
keeps a byte-identical copy in ``client/manole_client/protocol.py`` and a test
checks that both copies encode and decode the golden vectors in
``tests/golden`` identically. Keep the two files in sync.
"""

from __future__ import annotations

import socket
import struct
from collections.abc import Iterator
from typing import Any

import msgpack

PROTOCOL_VERSION = 1
HEADER = struct.Struct(">I")
HEADER_SIZE = HEADER.size
MAX_LENGTH = 0xFFFFFFFF
DEFAULT_MAX_FRAME_BYTES = 1024 * 1024
# what a client accepts from the server: results (a graph, a long answer) may
# be larger than what the server accepts from a client
CLIENT_MAX_FRAME_BYTES = 64 * 1024 * 1024

# Stable error codes sent in {"error": {"code": ..., "message": ...}}.
BAD_FRAME = "bad_frame"  # the frame body is not decodable msgpack; the connection closes
FRAME_TOO_LARGE = "frame_too_large"  # the length prefix exceeds the limit; the connection closes
TIMEOUT = "timeout"  # a frame started but did not complete in time; the connection closes
BAD_REQUEST = "bad_request"  # valid msgpack, but not a valid request (not a map, no id, bad v...)
UNKNOWN_METHOD = "unknown_method"
INVALID_PARAMS = "invalid_params"
CANCELLED = "cancelled"
BUSY = "busy"  # too many busy connections; the connection closes
FORBIDDEN = "forbidden"  # the peer is another user; the connection closes
EVICTED = "evicted"  # an idle connection closed to let a new client in; the connection closes
SHUTDOWN = "shutdown"  # the daemon is stopping; the connection closes
DUPLICATE_ID = "duplicate_id"  # a request reused the id of one still in flight (sent with "id": nil)
ABORTED = "aborted"  # a request still in flight when its connection closed (fatal error, shutdown)
NOT_FOUND = "not_found"
INTERNAL = "internal"
# codes passed through from the daemon's own errors (manoled.errors)
CONFIG = "config"
CATALOG = "catalog"
EXTRACT = "extract"
INDEX = "index"
MODEL = "model"
PATH = "path"
PROTOCOL = "protocol"

ERROR_CODES = (
    BAD_FRAME,
    FRAME_TOO_LARGE,
    TIMEOUT,
    BAD_REQUEST,
    UNKNOWN_METHOD,
    INVALID_PARAMS,
    CANCELLED,
    BUSY,
    FORBIDDEN,
    EVICTED,
    SHUTDOWN,
    DUPLICATE_ID,
    ABORTED,
    NOT_FOUND,
    INTERNAL,
    CONFIG,
    CATALOG,
    EXTRACT,
    INDEX,
    MODEL,
    PATH,
    PROTOCOL,
)

# Codes after which the server closes the connection.
FATAL_CODES = frozenset({BAD_FRAME, FRAME_TOO_LARGE, TIMEOUT, BUSY, FORBIDDEN, EVICTED, SHUTDOWN})


class FrameError(Exception):
    """A framing failure; ``code`` is one of the stable error codes."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


def pack(obj: Any) -> bytes:
    """msgpack-encode ``obj`` (str as str, bytes as bin, floats as float64).

    A file name that is not valid UTF-8 (a str with surrogate escapes) goes out as its exact bytes,
    and comes back as the same str from :func:`unpack`; other decoders show U+FFFD for those bytes."""
    return msgpack.packb(obj, use_bin_type=True, unicode_errors="surrogateescape")


def unpack(body: bytes) -> Any:
    """Decode one msgpack object that must fill ``body`` exactly."""
    try:
        return msgpack.unpackb(body, raw=False, strict_map_key=False, unicode_errors="surrogateescape")
    except Exception as exc:  # msgpack raises several unrelated types
        raise FrameError(BAD_FRAME, f"undecodable frame body: {type(exc).__name__}") from None


def encode_frame(obj: dict[str, Any]) -> bytes:
    """One frame: the 4-byte big-endian length, then the msgpack body."""
    body = pack(obj)
    if len(body) > MAX_LENGTH:
        raise FrameError(FRAME_TOO_LARGE, f"frame of {len(body)} bytes cannot be encoded")
    return HEADER.pack(len(body)) + body


def check_length(length: int, max_frame_bytes: int) -> None:
    if length > max_frame_bytes:
        raise FrameError(FRAME_TOO_LARGE, f"frame of {length} bytes exceeds the limit of {max_frame_bytes}")


def decode_frame(data: bytes, max_frame_bytes: int = MAX_LENGTH) -> tuple[Any, bytes]:
    """Decode the first complete frame of ``data``: ``(object, rest)``.

    Raises :class:`FrameError` when ``data`` holds less than one frame
    (code ``bad_frame``), or an oversize or undecodable one.
    """
    if len(data) < HEADER_SIZE:
        raise FrameError(BAD_FRAME, "truncated frame header")
    (length,) = HEADER.unpack_from(data)
    check_length(length, max_frame_bytes)
    end = HEADER_SIZE + length
    if len(data) < end:
        raise FrameError(BAD_FRAME, "truncated frame body")
    return unpack(data[HEADER_SIZE:end]), data[end:]


def decode_frames(data: bytes, max_frame_bytes: int = MAX_LENGTH) -> list[Any]:
    """Decode a byte string made of whole frames."""
    out = []
    while data:
        obj, data = decode_frame(data, max_frame_bytes)
        out.append(obj)
    return out


class FrameDecoder:
    """Incremental decoder: ``feed()`` bytes as they arrive, get whole objects."""

    def __init__(self, max_frame_bytes: int = DEFAULT_MAX_FRAME_BYTES) -> None:
        self.max_frame_bytes = max_frame_bytes
        self._buf = bytearray()

    @property
    def pending(self) -> int:
        """Bytes of an incomplete frame held back."""
        return len(self._buf)

    def feed(self, data: bytes) -> list[Any]:
        self._buf += data
        out = []
        while len(self._buf) >= HEADER_SIZE:
            (length,) = HEADER.unpack_from(self._buf)
            check_length(length, self.max_frame_bytes)
            end = HEADER_SIZE + length
            if len(self._buf) < end:
                break
            body = bytes(self._buf[HEADER_SIZE:end])
            del self._buf[:end]
            out.append(unpack(body))
        return out


def _recv_exactly(sock: socket.socket, n: int) -> bytes:
    chunks = []
    while n:
        chunk = sock.recv(min(n, 1 << 20))
        if not chunk:
            raise EOFError("connection closed")
        chunks.append(chunk)
        n -= len(chunk)
    return b"".join(chunks)


def read_frame(sock: socket.socket, max_frame_bytes: int = CLIENT_MAX_FRAME_BYTES) -> Any:
    """Blocking read of one frame from ``sock``; ``EOFError`` on a clean close."""
    (length,) = HEADER.unpack(_recv_exactly(sock, HEADER_SIZE))
    check_length(length, max_frame_bytes)
    return unpack(_recv_exactly(sock, length))


def write_frame(sock: socket.socket, obj: dict[str, Any]) -> None:
    sock.sendall(encode_frame(obj))


def iter_frames(sock: socket.socket, max_frame_bytes: int = CLIENT_MAX_FRAME_BYTES) -> Iterator[Any]:
    """Yield frames until the peer closes the connection."""
    while True:
        try:
            yield read_frame(sock, max_frame_bytes)
        except EOFError:
            return


def request(rid: int, method: str, params: dict[str, Any] | None = None) -> dict[str, Any]:
    return {"v": PROTOCOL_VERSION, "id": rid, "method": method, "params": params or {}}


def event(rid: int, name: str, data: dict[str, Any]) -> dict[str, Any]:
    return {"id": rid, "event": name, "data": data}


def result(rid: int, value: Any) -> dict[str, Any]:
    return {"id": rid, "result": value}


def error(rid: int | None, code: str, message: str, **extra: Any) -> dict[str, Any]:
    """A terminal error frame; ``extra`` keys go into the error map (e.g. ``request_id``)."""
    return {"id": rid, "error": {"code": code, "message": message, **extra}}


def is_terminal(frame: dict[str, Any]) -> bool:
    return "result" in frame or "error" in frame
