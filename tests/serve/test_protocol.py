"""Framing: golden vectors, the framing code that client and daemon share, the incremental decoder.

Regenerate the vectors (only when the protocol deliberately changes):
``.venv/bin/python tests/serve/test_protocol.py --write``
"""

from __future__ import annotations

import sys
from pathlib import Path
from types import ModuleType

import pytest
from manole_client import protocol as p

ROOT = Path(__file__).resolve().parents[2]
GOLDEN_DIR = ROOT / "tests" / "golden"


# name -> the frames the file holds, in order
GOLDEN: dict[str, list[dict]] = {
    "hello_request": [{"v": 1, "id": 1, "method": "hello", "params": {}}],
    "status_request": [{"v": 1, "id": 2, "method": "status", "params": {}}],
    "ask_request": [
        {
            "v": 1,
            "id": 7,
            "method": "ask",
            "params": {"text": "where is my passport?", "session": "default", "stream": True},
        }
    ],
    "cancel_request": [{"v": 1, "id": 8, "method": "cancel", "params": {"id": 7}}],
    "search_request": [{"v": 1, "id": 3, "method": "search", "params": {"query": "café 日本", "k": 5}}],
    "ask_stream": [
        {"id": 7, "event": "queued", "data": {"position": 1}},
        {"id": 7, "event": "step", "data": {"kind": "rewrite", "query": "passport location"}},
        {
            "id": 7,
            "event": "step",
            "data": {"kind": "tool_call", "tool": "search", "args": {"query": "passport", "k": 5}},
        },
        {"id": 7, "event": "step", "data": {"kind": "tool_result", "tool": "search", "summary": "3 hits"}},
        {"id": 7, "event": "token", "data": {"text": "In "}},
        {"id": 7, "event": "token", "data": {"text": "the drawer."}},
        {
            "id": 7,
            "result": {
                "answer": "In the drawer.",
                "sources": [{"path": "/home/u/notes/travel.md", "page": None, "score": 0.8125}],
                "timings": {"total_s": 1.5, "queue_s": 0.25},
            },
        },
    ],
    "search_result": [
        {
            "id": 3,
            "result": {
                "hits": [
                    {
                        "passage_id": 2**40,
                        "score": 0.5,
                        "text": "café 日本 " + "x" * 250,
                        "path": "/home/u/Documents/café.txt",
                        "file_name": "café.txt",
                        "page": 3,
                        "metadata": {},
                    }
                ]
            },
        }
    ],
    "error_unknown_method": [{"id": 4, "error": {"code": "unknown_method", "message": "unknown method 'foo'"}}],
    "error_null_id": [{"id": None, "error": {"code": "bad_request", "message": "a request must be a map, got list"}}],
    "cancelled": [
        {"id": 8, "result": {"cancelled": True}},
        {"id": 7, "error": {"code": "cancelled", "message": "the request was cancelled"}},
    ],
}


def _encode(mod: ModuleType, frames: list[dict]) -> bytes:
    return b"".join(mod.encode_frame(f) for f in frames)


@pytest.mark.parametrize("name", sorted(GOLDEN))
def test_golden_vectors(name: str) -> None:
    mod = p
    data = (GOLDEN_DIR / f"{name}.bin").read_bytes()
    assert mod.decode_frames(data) == GOLDEN[name]
    assert _encode(mod, GOLDEN[name]) == data


def test_golden_files_all_covered() -> None:
    assert {f.stem for f in GOLDEN_DIR.glob("*.bin")} == set(GOLDEN)


def test_worked_example_in_the_docs() -> None:
    """The byte-level example in docs/protocol.md is the hello_request vector."""
    data = (GOLDEN_DIR / "hello_request.bin").read_bytes()
    assert (
        data.hex(" ")
        == "00 00 00 1d 84 a1 76 01 a2 69 64 01 a6 6d 65 74 68 6f 64 a5 68 65 6c 6c 6f a6 70 61 72 61 6d 73 80"
    )
    assert data.hex(" ") in (ROOT / "docs" / "protocol.md").read_text(encoding="utf-8")


def test_error_codes_cover_the_daemon_errors() -> None:
    import manoled.errors as errors

    codes = {
        cls.code for cls in vars(errors).values() if isinstance(cls, type) and issubclass(cls, errors.ManoledError)
    }
    assert codes <= set(p.ERROR_CODES)


def test_incremental_decoder_byte_by_byte() -> None:
    mod = p
    data = (GOLDEN_DIR / "ask_stream.bin").read_bytes()
    dec = mod.FrameDecoder()
    out = []
    for i in range(len(data)):
        out.extend(dec.feed(data[i : i + 1]))
    assert out == GOLDEN["ask_stream"]
    assert dec.pending == 0


def test_large_frame_length_prefix() -> None:
    mod = p
    frame = mod.encode_frame({"id": 1, "event": "token", "data": {"text": "x" * 70000}})
    assert frame[:4] == (len(frame) - 4).to_bytes(4, "big")
    assert len(frame) - 4 > 65535
    assert mod.decode_frames(frame) == [{"id": 1, "event": "token", "data": {"text": "x" * 70000}}]


def test_decoder_errors() -> None:
    mod = p
    dec = mod.FrameDecoder(max_frame_bytes=16)
    with pytest.raises(mod.FrameError) as exc:
        dec.feed((17).to_bytes(4, "big"))
    assert exc.value.code == "frame_too_large"
    with pytest.raises(mod.FrameError) as exc:
        mod.FrameDecoder().feed(b"\x00\x00\x00\x01\xc1")
    assert exc.value.code == "bad_frame"
    with pytest.raises(mod.FrameError) as exc:
        mod.decode_frame(b"\x00\x00\x00\x05\x80")
    assert exc.value.code == "bad_frame"
    with pytest.raises(mod.FrameError):
        mod.decode_frame(b"\x00\x00")
    # valid msgpack that is not a map still decodes: rejecting it is the server's job
    assert mod.decode_frames(b"\x00\x00\x00\x01\x90") == [[]]


def test_request_helpers_build_v1_requests() -> None:
    assert p.request(5, "status") == {"v": 1, "id": 5, "method": "status", "params": {}}
    assert p.error(None, "busy", "x") == {"id": None, "error": {"code": "busy", "message": "x"}}
    assert p.is_terminal({"id": 1, "result": None})
    assert not p.is_terminal({"id": 1, "event": "token", "data": {}})


def _write() -> None:
    GOLDEN_DIR.mkdir(exist_ok=True)
    for name, frames in GOLDEN.items():
        (GOLDEN_DIR / f"{name}.bin").write_bytes(_encode(p, frames))
        print(f"wrote {name}.bin")


if __name__ == "__main__":
    if sys.argv[1:] == ["--write"]:
        _write()
    else:
        print(__doc__)
