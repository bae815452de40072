"""The tiny GGUF generator itself: names from the gguf package's tables, deterministic, small."""

from __future__ import annotations

import re
from pathlib import Path

import gguf
import pytest
import tiny_gguf
from gguf.constants import MODEL_ARCH, MODEL_TENSORS, TENSOR_NAMES


def _fields(reader: gguf.GGUFReader) -> dict[str, object]:
    return {name: f.contents() for name, f in reader.fields.items()}


def _known(arch: MODEL_ARCH, n: int) -> set[str]:
    return {TENSOR_NAMES[t].format(bid=i) for t in MODEL_TENSORS[arch] for i in range(n)}


@pytest.mark.parametrize(("which", "arch", "arch_name"), [
    ("lfm2", MODEL_ARCH.LFM2, "lfm2"),
    ("phi2", MODEL_ARCH.PHI2, "phi2"),
    ("mmproj", MODEL_ARCH.MMPROJ, "clip"),
])
def test_every_tensor_is_named_as_the_gguf_tables_name_it(which: str, arch: MODEL_ARCH, arch_name: str) -> None:
    text, mmproj = tiny_gguf.moondream_pair()
    path = {"lfm2": tiny_gguf.lfm2_text(), "phi2": text, "mmproj": mmproj}[which]
    reader = gguf.GGUFReader(path)
    assert _fields(reader)["general.architecture"] == arch_name
    known = _known(arch, 8)
    names = {re.sub(r"\.(weight|bias)$", "", t.name) for t in reader.tensors}
    assert names <= known, sorted(names - known)
    assert path.stat().st_size < 1_000_000


def test_lfm2_carries_the_template_and_control_tool_tokens() -> None:
    fields = _fields(gguf.GGUFReader(tiny_gguf.lfm2_text()))
    assert fields["tokenizer.chat_template"] == tiny_gguf.LFM2_TEMPLATE.read_text(encoding="utf-8")
    tokens, types = fields["tokenizer.ggml.tokens"], fields["tokenizer.ggml.token_type"]
    for special in ("<|tool_call_start|>", "<|tool_call_end|>", "<|tool_list_start|>", "<|im_end|>"):
        assert types[tokens.index(special)] == gguf.TokenType.CONTROL, special
    assert fields["lfm2.attention.head_count_kv"] == [0 if t == "conv" else 2 for t in tiny_gguf.LFM2_LAYERS]


def test_the_projector_is_the_mlp_type_and_fits_the_text_model() -> None:
    text, mmproj = tiny_gguf.moondream_pair()
    proj = _fields(gguf.GGUFReader(mmproj))
    assert proj["clip.projector_type"] == "mlp" and proj["clip.has_vision_encoder"] is True
    (mm2,) = [t for t in gguf.GGUFReader(mmproj).tensors if t.name == "mm.2.weight"]
    assert int(mm2.shape[1]) == _fields(gguf.GGUFReader(text))["phi2.embedding_length"] == tiny_gguf.N_EMBD


def test_generation_is_deterministic(tmp_path: Path) -> None:
    again = tiny_gguf.lfm2_text(cache=tmp_path)
    assert again.read_bytes() == tiny_gguf.lfm2_text().read_bytes()
    pair = tiny_gguf.moondream_pair(cache=tmp_path)
    assert [p.read_bytes() for p in pair] == [p.read_bytes() for p in tiny_gguf.moondream_pair()]
