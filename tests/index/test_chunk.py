from __future__ import annotations

import random

import pytest

from manoled.index.chunk import Chunk, chunk

WORDS = (
    "river stone lantern orchard maple quiet harbor signal copper meadow thunder violet "
    "engine garden silver window candle forest mirror basket ladder pepper"
).split()


def _sentence(rng: random.Random, n: int) -> str:
    words = [rng.choice(WORDS) for _ in range(n)]
    return " ".join(words).capitalize() + rng.choice([".", "!", "?"])


def _paragraph(rng: random.Random, sentences: int) -> str:
    return " ".join(_sentence(rng, rng.randint(4, 14)) for _ in range(sentences))


def _spans(text: str, chunks: list[Chunk]) -> list[tuple[int, int]]:
    """Where each chunk sits in ``text`` (each chunk is a contiguous piece of it, in order)."""
    spans = []
    pos = 0
    for c in chunks:
        at = text.find(c.text, pos)
        assert at >= 0, f"chunk {c.seq} is not a piece of the text in order: {c.text!r}"
        spans.append((at, at + len(c.text)))
        pos = at + 1
    return spans


def _assert_covers(text: str, chunks: list[Chunk]) -> None:
    covered = bytearray(len(text))
    for a, b in _spans(text, chunks):
        covered[a:b] = b"\x01" * (b - a)
    missing = [i for i, ch in enumerate(text) if not ch.isspace() and not covered[i]]
    assert not missing, f"text at {missing[:5]} is in no chunk"


def test_short_text_is_one_stripped_chunk():
    assert chunk([("  Hello world.  \n", None)], 100, 10) == [Chunk(0, "Hello world.", None)]


def test_empty_and_whitespace_segments_give_no_chunks():
    assert chunk([], 100, 10) == []
    assert chunk([("", 1), ("   \n\n\t ", 2)], 100, 10) == []


def test_invalid_sizes_raise():
    with pytest.raises(ValueError):
        chunk([("x", None)], 0, 0)
    with pytest.raises(ValueError):
        chunk([("x", None)], 10, 10)
    with pytest.raises(ValueError):
        chunk([("x", None)], 10, -1)


def test_chunks_never_span_pages_and_seq_runs_across_segments():
    rng = random.Random(1)
    segments = [(_paragraph(rng, 12), page) for page in (1, 2, 3)]
    chunks = chunk(segments, 200, 40)
    assert [c.seq for c in chunks] == list(range(len(chunks)))
    assert {c.page for c in chunks} == {1, 2, 3}
    pages = [c.page for c in chunks]
    assert pages == sorted(pages)
    for page, (text, _) in zip((1, 2, 3), segments, strict=True):
        mine = [c for c in chunks if c.page == page]
        assert len(mine) > 1
        _assert_covers(text, mine)


def test_breaks_at_paragraphs_when_they_fit():
    rng = random.Random(2)
    paragraphs = [_paragraph(rng, 8)[:250].rstrip() for _ in range(8)]
    assert all(150 < len(p) <= 250 for p in paragraphs)
    text = "\n\n".join(paragraphs)
    chunks = chunk([(text, None)], 600, 0)
    for c in chunks:
        # every chunk is a run of whole paragraphs
        assert set(c.text.split("\n\n")) <= set(paragraphs)
    assert "\n\n".join(c.text for c in chunks) == text


def test_breaks_at_sentence_ends_inside_a_paragraph():
    rng = random.Random(3)
    text = _paragraph(rng, 40)
    chunks = chunk([(text, None)], 300, 0)
    assert len(chunks) > 3
    for c in chunks[:-1]:
        assert c.text[-1] in ".!?", c.text
        assert len(c.text) >= 150  # a sentence break is not taken if it would leave a tiny chunk
    assert " ".join(c.text for c in chunks) == text


def test_breaks_between_words_without_punctuation():
    rng = random.Random(4)
    words = [rng.choice(WORDS) for _ in range(400)]
    text = " ".join(words)
    chunks = chunk([(text, None)], 97, 0)
    assert [w for c in chunks for w in c.text.split()] == words
    assert all(len(c.text) <= 97 for c in chunks)


def test_a_word_longer_than_size_is_cut():
    text = "x" * 250 + " tail"
    chunks = chunk([(text, None)], 100, 0)
    assert [c.text for c in chunks] == ["x" * 100, "x" * 100, "x" * 50 + " tail"]


def test_overlap_repeats_the_end_of_the_previous_chunk_from_a_word_start():
    rng = random.Random(5)
    text = " ".join(rng.choice(WORDS) for _ in range(600))
    chunks = chunk([(text, None)], 200, 50)
    spans = _spans(text, chunks)
    for (a0, b0), (a1, _b1) in zip(spans, spans[1:], strict=False):
        assert a0 < a1 < b0, "consecutive chunks must overlap"
        assert b0 - a1 <= 50
        assert text[a1 - 1] == " ", "an overlap starts at a word start"
    _assert_covers(text, chunks)


def test_text_without_spaces_still_overlaps_and_progresses():
    rng = random.Random(7)
    text = "".join(chr(rng.randint(0x4E00, 0x9FFF)) for _ in range(800))  # CJK, no whitespace
    chunks = chunk([(text, 7)], 100, 20)
    assert all(len(c.text) <= 100 for c in chunks)
    assert all(c.page == 7 for c in chunks)
    _assert_covers(text, chunks)
    spans = _spans(text, chunks)
    assert all(b0 - a1 == 20 for (_a0, b0), (a1, _b1) in zip(spans, spans[1:], strict=False))


def test_deterministic():
    rng = random.Random(6)
    segments = [(_paragraph(rng, 30), 1), ("\n\n".join(_paragraph(rng, 4) for _ in range(6)), 2)]
    assert chunk(segments, 250, 60) == chunk(list(segments), 250, 60)


@pytest.mark.parametrize("seed", range(40))
def test_invariants_on_random_text(seed):
    rng = random.Random(seed)
    size = rng.randint(20, 900)
    overlap = rng.randint(0, size - 1)
    pieces = []
    for _ in range(rng.randint(1, 12)):
        roll = rng.random()
        if roll < 0.6:
            pieces.append(_paragraph(rng, rng.randint(1, 8)))
        elif roll < 0.8:
            pieces.append("".join(rng.choice("abc") for _ in range(rng.randint(1, 2 * size))))
        else:
            pieces.append(rng.choice(["", "   ", "\n"]))
    text = rng.choice(["\n\n", "\n", " ", "\n \n"]).join(pieces)
    chunks = chunk([(text, seed)], size, overlap)
    assert all(c.text and c.text == c.text.strip() for c in chunks)
    assert all(len(c.text) <= size for c in chunks)
    assert [c.seq for c in chunks] == list(range(len(chunks)))
    assert len(chunks) <= len(text)  # always makes progress
    if text.strip():
        _assert_covers(text, chunks)
    else:
        assert chunks == []
