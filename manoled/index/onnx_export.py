"""One-time export of a sentence-transformers model to ONNX (the only module that needs torch for it).

    python -m manoled.index.onnx_export MODEL_DIR OUT.onnx [--int8]

The exported graph takes ``input_ids`` and ``attention_mask`` (int64, batch x
tokens) and returns ``embedding`` (float32, batch x dims): mean pooling over
the attention mask and L2 normalisation are inside the graph, as in the
sentence-transformers pipeline of all-MiniLM-L6-v2. ``--int8`` quantises the
weights of most matrix multiplications (ONNX Runtime dynamic quantisation; see
:func:`quantize_int8`).

It runs in a child process of the embedder (:func:`manoled.index.embed.export_onnx`),
so the daemon itself never imports torch. Everything is read from MODEL_DIR;
nothing is downloaded.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path


def _pooled_model(model_dir: Path):
    import torch
    from transformers import AutoModel

    class Pooled(torch.nn.Module):
        def __init__(self) -> None:
            super().__init__()
            self.encoder = AutoModel.from_pretrained(str(model_dir), local_files_only=True)
            self.encoder.eval()

        def forward(self, input_ids, attention_mask):
            hidden = self.encoder(input_ids=input_ids, attention_mask=attention_mask,
                                  token_type_ids=torch.zeros_like(input_ids)).last_hidden_state
            mask = attention_mask.unsqueeze(-1).to(hidden.dtype)
            pooled = (hidden * mask).sum(1) / mask.sum(1).clamp(min=1e-9)
            return torch.nn.functional.normalize(pooled, p=2.0, dim=1)

    return Pooled().eval()


def export(model_dir: Path, out: Path, int8: bool = False) -> Path:
    import torch

    model = _pooled_model(model_dir)
    ids = torch.ones((2, 16), dtype=torch.int64)
    mask = torch.ones((2, 16), dtype=torch.int64)
    out.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=out.parent) as tmp:
        fp32 = Path(tmp) / "model.onnx"
        with torch.no_grad():
            torch.onnx.export(
                model, (ids, mask), str(fp32), input_names=["input_ids", "attention_mask"],
                output_names=["embedding"], opset_version=17, dynamo=False,
                dynamic_axes={"input_ids": {0: "batch", 1: "tokens"}, "attention_mask": {0: "batch", 1: "tokens"},
                              "embedding": {0: "batch"}},
            )
        cfg = model.encoder.config
        final = fuse_bert(fp32, Path(tmp) / "model.fused.onnx", int(cfg.num_attention_heads), int(cfg.hidden_size))
        if int8:
            quantize_int8(final, Path(tmp) / "model.int8.onnx", intermediate_size=int(cfg.intermediate_size))
            final = Path(tmp) / "model.int8.onnx"
        part = out.with_name(out.name + ".part")
        os.replace(final, part)
        os.replace(part, out)  # atomic: a reader sees no file or a whole one
    return out


def fuse_bert(src: Path, out: Path, num_heads: int, hidden_size: int) -> Path:
    """ONNX Runtime's BERT fusions (Attention, SkipLayerNorm, BiasGelu); the plain graph if they fail."""
    try:
        from onnxruntime.transformers.optimizer import optimize_model

        optimize_model(str(src), model_type="bert", num_heads=num_heads, hidden_size=hidden_size,
                       opt_level=1).save_model_to_file(str(out))
    except Exception as exc:  # noqa: BLE001 - an optimisation, not a requirement
        print(f"onnx export: BERT fusion skipped ({type(exc).__name__}: {exc})", file=sys.stderr)
        return src
    return out


def quantize_int8(src: Path, out: Path, intermediate_size: int) -> None:
    """int8 weights, per channel, where they keep cosine >= 0.99 against fp32.

    Quantised: the fused attention (QKV) and the matrix multiplications with a
    weight. Left in float: the feed-forward down projections (``intermediate_size``
    rows), whose inputs have outliers; quantising those too dropped the cosine to
    about 0.98 on our sample.
    """
    import onnx
    from onnxruntime.quantization import QuantType, quantize_dynamic

    graph = onnx.load(str(src)).graph
    weights = {w.name: list(w.dims) for w in graph.initializer}
    keep_float = [
        n.name for n in graph.node if n.op_type == "MatMul"
        and not any(i in weights and len(weights[i]) == 2 and weights[i][0] != intermediate_size for i in n.input)
    ]
    quantize_dynamic(str(src), str(out), weight_type=QuantType.QInt8, op_types_to_quantize=["MatMul", "Attention"],
                     per_channel=True, nodes_to_exclude=keep_float,
                     extra_options={"DefaultTensorType": onnx.TensorProto.FLOAT})


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("model_dir", type=Path)
    ap.add_argument("out", type=Path)
    ap.add_argument("--int8", action="store_true")
    args = ap.parse_args(argv)
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    try:
        export(args.model_dir, args.out, int8=args.int8)
    except Exception as exc:  # noqa: BLE001 - reported to the parent on stderr
        print(f"onnx export failed: {type(exc).__name__}: {exc}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
