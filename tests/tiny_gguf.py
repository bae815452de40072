"""Tiny GGUF files of the product's real architectures, for running the real llama.cpp paths in CI.

* :func:`lfm2_text` writes an ``lfm2`` model (the LFM2.5-1.2B architecture: short-conv and GQA
  attention layers) carrying LFM2.5-Instruct's chat template (``models_data/``, copied from the
  llama.cpp tree vendored in llama-cpp-python 0.3.36: ``models/templates/LFM2.5-Instruct.jinja``)
  and the LFM2 special tokens, tool-list and tool-call tokens included.
* :func:`moondream_pair` writes Moondream2's pair: a ``phi2`` text model and a ``clip`` vision
  projector of type ``mlp`` (a SigLIP-style ViT without class embedding, then ``mm.0``/``mm.2``),
  the projector type llama.cpp's mtmd loader builds the llava graph for.

Tensor names, shapes and metadata keys follow the vendored llama.cpp sources
(``src/models/lfm2.cpp``, ``src/models/phi2.cpp``, ``tools/mtmd/clip.cpp``, ``clip-impl.h``) and
the ``gguf`` package's constants. Matrices are stored as the real files store them (LFM2 Q4_0,
Moondream2 F16; vectors F32). Sizes are tiny (n_embd 64, 2-4 layers, a byte-level BPE vocab of
about 530 tokens): each file is under 400 KB and all three are written in well under a second.

The weights are random except the token embedding and the output matrix, which form a *bigram
script*: the block weights are small, so the residual stream stays close to the last token's
embedding, and the output matrix maps chosen tokens to the next token of a script. Whatever comes
before it, a prompt that ends the way the real chat format ends (``assistant\\n`` for LFM2,
``Answer:`` for Moondream2) makes the model write the script (an LFM2 tool call, a short
caption). Everything else it writes is random. This proves loading, templating, the projector
and the parsing; it proves nothing about answer quality.

Files are cached under ``tests/artifacts/tiny-gguf/`` (gitignored), keyed by
:data:`GENERATOR_VERSION` and the daemon's prompts (see ``_cache_dir``), and written atomically so parallel test runs can share them.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
from collections.abc import Sequence
from pathlib import Path

import numpy as np

GENERATOR_VERSION = "4"
ARTIFACTS = Path(__file__).resolve().parent / "artifacts" / "tiny-gguf"
LFM2_TEMPLATE = Path(__file__).resolve().parent / "models_data" / "LFM2.5-Instruct.jinja"

LFM2_FILE = "LFM2.5-1.2B-Instruct-Q4_0.gguf"  # the manifest's file name: the daemon looks for it
MOONDREAM_TEXT_FILE = "moondream2-text-model-f16.gguf"
MOONDREAM_MMPROJ_FILE = "moondream2-mmproj-f16.gguf"

# LFM2's special tokens (the real vocab has them among its added tokens; the ids here are ours)
LFM2_SPECIAL = [
    "<|pad|>", "<|startoftext|>", "<|endoftext|>", "<|im_start|>", "<|im_end|>",
    "<|tool_list_start|>", "<|tool_list_end|>", "<|tool_call_start|>", "<|tool_call_end|>",
    "<|tool_response_start|>", "<|tool_response_end|>",
]
#: what the tiny LFM2 writes after ``<|im_start|>assistant\n``, token by token
LFM2_SCRIPT = ["<|tool_call_start|>", "[list_files(", 'extension="pdf"', ")]", "<|tool_call_end|>", "<|im_end|>"]
LFM2_SCRIPT_TEXT = "".join(LFM2_SCRIPT[:-1])

MOONDREAM_SPECIAL = ["<|endoftext|>"]
#: what the tiny Moondream2 writes after ``Answer:`` (the phi tokenizer marks a space with Ġ)
MOONDREAM_SCRIPT = ["ĠA", "Ġtiny", "Ġtest", "Ġpicture", ".", "<|endoftext|>"]
MOONDREAM_CAPTION = "A tiny test picture."

N_EMBD = 64
VISION_IMAGE_SIZE = 56  # real Moondream2: 378
VISION_PATCH = 14
VISION_PATCHES = (VISION_IMAGE_SIZE // VISION_PATCH) ** 2


# -- vocab -----------------------------------------------------------------------------------
def _byte_chars() -> list[str]:
    """GPT-2's byte -> printable unicode map (what byte-level BPE vocabs store), in byte order."""
    bs = list(range(ord("!"), ord("~") + 1)) + list(range(ord("¡"), ord("¬") + 1)) + list(range(ord("®"), ord("ÿ") + 1))
    cs = bs[:]
    n = 0
    for b in range(256):
        if b not in bs:
            bs.append(b)
            cs.append(256 + n)
            n += 1
    table = dict(zip(bs, cs, strict=True))
    return [chr(table[b]) for b in range(256)]


_CHUNK = re.compile(r"'s|'t|'re|'ve|'m|'ll|'d| ?[A-Za-z]+| ?[0-9]{1,3}| ?[^\sA-Za-z0-9]+|\s+")


def _common_chunks() -> list[str]:
    """Pre-token chunks of the daemon's tool schemas and prompts, as byte-level tokens.

    With them in the vocab the tool list costs ~1.5k tokens instead of ~5k single bytes, which keeps
    the real-path tests fast. Purely an efficiency: every byte is a token anyway, so a chunk that
    llama.cpp's pre-tokenizer splits differently is just unused.
    """
    try:
        from manoled.agent import loop, tools
        text = json.dumps(tools.build_registry(None).schemas()) + loop.SYSTEM_PROMPT
    except Exception:  # noqa: BLE001 - only a speed-up
        return []
    chars = _byte_chars()
    seen: dict[str, None] = {}
    for chunk in _CHUNK.findall(text):
        if len(chunk.encode()) > 1 and len(chunk.encode()) <= 24:
            seen["".join(chars[b] for b in chunk.encode())] = None
    return list(seen)


def _vocab(special: Sequence[str], words: Sequence[str], *, special_last: bool = False,
           ) -> tuple[list[str], list[int], list[str]]:
    """The 256 byte tokens, whole-word tokens and the special tokens (CONTROL, as convert_hf_to_gguf
    marks ``<|...|>`` added tokens): first as in LFM2's vocab, or last as in GPT-2's (Moondream2).
    A few merges build some of the words, so the BPE tables are not empty.

    Where the special tokens go matters: the Moondream handler leaves the ids of the image
    positions at 0, and llama-cpp-python warns about a doubled BOS when id 0 is the BOS.
    """
    from gguf import TokenType

    tokens: list[str] = []
    types: list[int] = []
    for ch in _byte_chars():
        tokens.append(ch)
        types.append(int(TokenType.NORMAL))
    for w in [*words, "Ġt", "he", "Ġthe", *_common_chunks()]:
        if w not in tokens and w not in special:
            tokens.append(w)
            types.append(int(TokenType.NORMAL))
    control = [int(TokenType.CONTROL)] * len(special)
    if special_last:
        tokens, types = tokens + list(special), types + control
    else:
        tokens, types = list(special) + tokens, control + types
    merges = ["Ġ t", "h e", "Ġt he"]
    return tokens, types, merges


# -- weights ---------------------------------------------------------------------------------
def _rng(seed: int) -> np.random.Generator:
    return np.random.default_rng(seed)


def _small(rng: np.random.Generator, *shape: int, scale: float = 0.02) -> np.ndarray:
    return (rng.standard_normal(shape) * scale).astype(np.float32)


def _scripted_embeddings(rng: np.random.Generator, tokens: list[str], chain: list[tuple[str, str]],
                         n_embd: int, strength: float = 20.0) -> tuple[np.ndarray, np.ndarray]:
    """(token_embd, output) as numpy arrays of shape (n_vocab, n_embd): ``output @ norm(embd[a])``
    peaks at ``b`` for every (a, b) in ``chain``."""
    n_vocab = len(tokens)
    embd = rng.standard_normal((n_vocab, n_embd)).astype(np.float32)
    embd -= embd.mean(axis=1, keepdims=True)  # LayerNorm (phi2) subtracts the mean: keep it zero
    embd /= np.linalg.norm(embd, axis=1, keepdims=True) / np.sqrt(n_embd)  # RMS 1
    out = _small(rng, n_vocab, n_embd, scale=0.01)
    index = {t: i for i, t in enumerate(tokens)}
    for a, b in chain:
        v = embd[index[a]]
        out[index[b]] += strength * v / np.linalg.norm(v)
    return embd, out


def _write(path: Path, build) -> Path:
    """Write atomically: a temporary name in the same folder, then rename."""
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        build(tmp)
        os.replace(tmp, path)
    finally:
        tmp.unlink(missing_ok=True)
    return path


# -- LFM2 --------------------------------------------------------------------------------------
LFM2_LAYERS = ["conv", "conv", "attn", "conv"]  # the real 1.2B: 16 layers, attention at 2,5,8,10,12,14


def _build_lfm2(path: Path) -> None:
    import gguf

    rng = _rng(2)
    n_embd, n_head, n_head_kv, n_ff, l_cache = N_EMBD, 4, 2, 128, 3
    head_dim = n_embd // n_head
    tokens, types, merges = _vocab(LFM2_SPECIAL, [w for w in LFM2_SCRIPT if w not in LFM2_SPECIAL] + ["Ċ"])
    chain = [("Ċ", LFM2_SCRIPT[0])] + list(zip(LFM2_SCRIPT[:-1], LFM2_SCRIPT[1:], strict=True))
    embd, out = _scripted_embeddings(rng, tokens, chain, n_embd)

    w = gguf.GGUFWriter(str(path), gguf.MODEL_ARCH_NAMES[gguf.MODEL_ARCH.LFM2])
    w.add_name("tiny-lfm2 (random weights, architecture test)")
    w.add_context_length(4096)
    w.add_embedding_length(n_embd)
    w.add_feed_forward_length(n_ff)
    w.add_block_count(len(LFM2_LAYERS))
    w.add_head_count(n_head)
    w.add_head_count_kv([n_head_kv if t == "attn" else 0 for t in LFM2_LAYERS])
    w.add_rope_freq_base(1000000.0)
    w.add_layer_norm_rms_eps(1e-5)
    w.add_shortconv_l_cache(l_cache)
    w.add_vocab_size(len(tokens))
    w.add_file_type(gguf.LlamaFileType.MOSTLY_Q4_0)
    add = _typed(w, gguf.GGMLQuantizationType.Q4_0)
    w.add_tokenizer_model("gpt2")
    w.add_tokenizer_pre("lfm2")
    w.add_token_list(tokens)
    w.add_token_types(types)
    w.add_token_merges(merges)
    w.add_bos_token_id(tokens.index("<|startoftext|>"))
    w.add_eos_token_id(tokens.index("<|im_end|>"))
    w.add_pad_token_id(tokens.index("<|pad|>"))
    w.add_add_bos_token(True)
    w.add_chat_template(LFM2_TEMPLATE.read_text(encoding="utf-8"))

    t = gguf.TENSOR_NAMES
    T = gguf.MODEL_TENSOR
    # numpy shapes are ggml's ne reversed: ne {n_embd, n_vocab} -> (n_vocab, n_embd)
    add(t[T.TOKEN_EMBD] + ".weight", embd)
    add(t[T.OUTPUT] + ".weight", out)
    # llama.cpp reads the output norm of lfm2 as "token_embd_norm" (LLM_TENSOR_OUTPUT_NORM_LFM2)
    add(t[T.TOKEN_EMBD_NORM] + ".weight", np.ones(n_embd, np.float32))
    for i, kind in enumerate(LFM2_LAYERS):
        def name(tensor: gguf.MODEL_TENSOR, i: int = i) -> str:
            return t[tensor].format(bid=i) + ".weight"

        add(name(T.FFN_NORM), np.ones(n_embd, np.float32))
        add(name(T.ATTN_NORM), np.ones(n_embd, np.float32))
        add(name(T.FFN_GATE), _small(rng, n_ff, n_embd))
        add(name(T.FFN_UP), _small(rng, n_ff, n_embd))
        add(name(T.FFN_DOWN), _small(rng, n_embd, n_ff))
        if kind == "attn":
            add(name(T.ATTN_Q_NORM), np.ones(head_dim, np.float32))
            add(name(T.ATTN_K_NORM), np.ones(head_dim, np.float32))
            add(name(T.ATTN_Q), _small(rng, n_embd, n_embd))
            add(name(T.ATTN_K), _small(rng, n_head_kv * head_dim, n_embd))
            add(name(T.ATTN_V), _small(rng, n_head_kv * head_dim, n_embd))
            add(name(T.ATTN_OUT), _small(rng, n_embd, n_embd))
        else:
            add(name(T.SHORTCONV_CONV), _small(rng, n_embd, l_cache))
            add(name(T.SHORTCONV_INPROJ), _small(rng, 3 * n_embd, n_embd))
            add(name(T.SHORTCONV_OUTPROJ), _small(rng, n_embd, n_embd))
    _finish(w)


def _typed(w, qtype):
    """``add(name, array)`` storing matrices as ``qtype`` (the real files' Q4_0 or F16) where the
    row length allows; vectors and odd-sized rows stay F32, as convert_hf_to_gguf keeps them."""
    import gguf

    block = gguf.GGML_QUANT_SIZES[qtype][0]

    def add(name: str, arr: np.ndarray) -> None:
        if arr.ndim < 2 or arr.shape[-1] % block:
            w.add_tensor(name, arr.astype(np.float32))
        elif qtype == gguf.GGMLQuantizationType.F16:
            w.add_tensor(name, arr.astype(np.float16))
        else:
            w.add_tensor(name, gguf.quants.quantize(arr, qtype), raw_dtype=qtype)

    return add


def _finish(w) -> None:
    w.write_header_to_file()
    w.write_kv_data_to_file()
    w.write_tensors_to_file()
    w.close()


# -- Moondream2: phi2 text model + mlp projector -----------------------------------------------
def _build_phi2(path: Path) -> None:
    import gguf

    rng = _rng(3)
    n_embd, n_head, n_layer, n_ff = N_EMBD, 4, 2, 4 * N_EMBD
    tokens, types, merges = _vocab(MOONDREAM_SPECIAL, [w for w in MOONDREAM_SCRIPT if w not in MOONDREAM_SPECIAL],
                                   special_last=True)
    chain = [(":", MOONDREAM_SCRIPT[0])] + list(zip(MOONDREAM_SCRIPT[:-1], MOONDREAM_SCRIPT[1:], strict=True))
    embd, out = _scripted_embeddings(rng, tokens, chain, n_embd)

    w = gguf.GGUFWriter(str(path), gguf.MODEL_ARCH_NAMES[gguf.MODEL_ARCH.PHI2])
    w.add_name("tiny-moondream2-text (random weights, architecture test)")
    w.add_context_length(2048)
    w.add_embedding_length(n_embd)
    w.add_feed_forward_length(n_ff)
    w.add_block_count(n_layer)
    w.add_head_count(n_head)
    w.add_head_count_kv(n_head)
    w.add_layer_norm_eps(1e-5)
    w.add_rope_dimension_count((n_embd // n_head) // 2)  # partial rotary factor 0.5, as phi
    w.add_file_type(gguf.LlamaFileType.MOSTLY_F16)
    add = _typed(w, gguf.GGMLQuantizationType.F16)
    w.add_add_bos_token(False)
    w.add_tokenizer_model("gpt2")
    w.add_tokenizer_pre("phi-2")
    w.add_token_list(tokens)
    w.add_token_types(types)
    w.add_token_merges(merges)
    eot = tokens.index("<|endoftext|>")
    w.add_bos_token_id(eot)
    w.add_eos_token_id(eot)

    t = gguf.TENSOR_NAMES
    T = gguf.MODEL_TENSOR
    add(t[T.TOKEN_EMBD] + ".weight", embd)
    add(t[T.OUTPUT_NORM] + ".weight", np.ones(n_embd, np.float32))
    add(t[T.OUTPUT_NORM] + ".bias", np.zeros(n_embd, np.float32))
    add(t[T.OUTPUT] + ".weight", out)
    add(t[T.OUTPUT] + ".bias", np.zeros(len(tokens), np.float32))
    for i in range(n_layer):
        def name(tensor: gguf.MODEL_TENSOR, kind: str = "weight", i: int = i) -> str:
            return t[tensor].format(bid=i) + "." + kind

        add(name(T.ATTN_NORM), np.ones(n_embd, np.float32))
        add(name(T.ATTN_NORM, "bias"), np.zeros(n_embd, np.float32))
        add(name(T.ATTN_QKV), _small(rng, 3 * n_embd, n_embd))
        add(name(T.ATTN_QKV, "bias"), np.zeros(3 * n_embd, np.float32))
        add(name(T.ATTN_OUT), _small(rng, n_embd, n_embd))
        add(name(T.ATTN_OUT, "bias"), np.zeros(n_embd, np.float32))
        add(name(T.FFN_UP), _small(rng, n_ff, n_embd))
        add(name(T.FFN_UP, "bias"), np.zeros(n_ff, np.float32))
        add(name(T.FFN_DOWN), _small(rng, n_embd, n_ff))
        add(name(T.FFN_DOWN, "bias"), np.zeros(n_embd, np.float32))
    _finish(w)


def _build_mmproj(path: Path, text_n_embd: int = N_EMBD) -> None:
    """A clip GGUF as the mtmd loader reads it (keys from clip-impl.h, tensors from clip.cpp)."""
    import gguf

    rng = _rng(4)
    v_embd, v_head, v_ff, v_layers, proj_hidden = 32, 4, 64, 2, 64
    w = gguf.GGUFWriter(str(path), "clip")
    w.add_name("tiny-moondream2-mmproj (random weights, architecture test)")
    w.add_file_type(gguf.LlamaFileType.MOSTLY_F16)
    add = _typed(w, gguf.GGMLQuantizationType.F16)
    w.add_bool("clip.has_vision_encoder", True)
    w.add_bool("clip.has_text_encoder", False)
    w.add_bool("clip.has_llava_projector", True)
    w.add_string("clip.projector_type", "mlp")
    w.add_bool("clip.use_gelu", True)
    w.add_uint32("clip.vision.image_size", VISION_IMAGE_SIZE)
    w.add_uint32("clip.vision.patch_size", VISION_PATCH)
    w.add_uint32("clip.vision.embedding_length", v_embd)
    w.add_uint32("clip.vision.feed_forward_length", v_ff)
    w.add_uint32("clip.vision.block_count", v_layers)
    w.add_uint32("clip.vision.projection_dim", text_n_embd)
    w.add_uint32("clip.vision.attention.head_count", v_head)
    w.add_float32("clip.vision.attention.layer_norm_epsilon", 1e-6)
    w.add_array("clip.vision.image_mean", [0.5, 0.5, 0.5])
    w.add_array("clip.vision.image_std", [0.5, 0.5, 0.5])

    add("v.patch_embd.weight", _small(rng, v_embd, 3, VISION_PATCH, VISION_PATCH, scale=0.05))
    add("v.patch_embd.bias", np.zeros(v_embd, np.float32))
    add("v.position_embd.weight", _small(rng, VISION_PATCHES, v_embd))
    for i in range(v_layers):
        p = f"v.blk.{i}"
        for part in ("attn_q", "attn_k", "attn_v", "attn_out"):
            add(f"{p}.{part}.weight", _small(rng, v_embd, v_embd))
            add(f"{p}.{part}.bias", np.zeros(v_embd, np.float32))
        for ln in ("ln1", "ln2"):
            add(f"{p}.{ln}.weight", np.ones(v_embd, np.float32))
            add(f"{p}.{ln}.bias", np.zeros(v_embd, np.float32))
        add(f"{p}.ffn_up.weight", _small(rng, v_ff, v_embd))  # ne {v_embd, v_ff}
        add(f"{p}.ffn_up.bias", np.zeros(v_ff, np.float32))
        add(f"{p}.ffn_down.weight", _small(rng, v_embd, v_ff))  # ne {v_ff, v_embd}: not "swapped"
        add(f"{p}.ffn_down.bias", np.zeros(v_embd, np.float32))
    add("v.post_ln.weight", np.ones(v_embd, np.float32))
    add("v.post_ln.bias", np.zeros(v_embd, np.float32))
    add("mm.0.weight", _small(rng, proj_hidden, v_embd))
    add("mm.0.bias", np.zeros(proj_hidden, np.float32))
    add("mm.2.weight", _small(rng, text_n_embd, proj_hidden))  # n_mmproj_embd = mm.2 ne[1]
    add("mm.2.bias", np.zeros(text_n_embd, np.float32))
    _finish(w)


# -- public --------------------------------------------------------------------------------------
def _cache_dir() -> Path:
    """The generator's version and a digest of the daemon's prompts and tool schemas (the LFM2 vocab
    holds their chunks): a file built before a prompt changed is not reused."""
    digest = hashlib.sha256("\n".join(_common_chunks()).encode()).hexdigest()[:12]
    return ARTIFACTS / f"v{GENERATOR_VERSION}-{digest}"


def _cached(name: str, build, cache: Path | None) -> Path:
    path = (cache or _cache_dir()) / name
    if not path.is_file():
        _write(path, build)
    return path


def lfm2_text(cache: Path | None = None) -> Path:
    """The tiny LFM2 GGUF, under the manifest's file name (so the daemon treats it as the default)."""
    return _cached(LFM2_FILE, _build_lfm2, cache)


def moondream_pair(cache: Path | None = None) -> tuple[Path, Path]:
    """(text model, projector) under the manifest's file names."""
    return _cached(MOONDREAM_TEXT_FILE, _build_phi2, cache), _cached(MOONDREAM_MMPROJ_FILE, _build_mmproj, cache)


def mismatched_mmproj(cache: Path | None = None) -> Path:
    """A projector whose output width (48) does not match the text model's n_embd (64)."""
    return _cached("mmproj-wrong-width.gguf", lambda p: _build_mmproj(p, text_n_embd=48), cache)
