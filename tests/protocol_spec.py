"""docs/protocol.md as data: its ``exchange`` blocks, the shape rules, and the published vectors.

An ``exchange`` block in the doc is a fenced block whose info string is ``exchange``.
Each line starting with ``→`` is a request the client sends (strict JSON, or
``bytes`` and hex for raw bytes), each line starting with ``←`` a frame it expects
(strict JSON, or ``(closed)``: the daemon closes the connection). A line starting with
neither continues the previous one. The rules (also in section 11 of the doc):

* frames are routed by ``id``; for each id the expected frames must appear in the
  given order among the frames that arrive (other events in between are allowed);
* a ``→`` after ``←`` lines is sent once those frames have arrived;
* a map must have every key of the example, each with a value of the same shape,
  and may have more; ``null`` in an example means "any value", except for the frame's ``id``;
* numbers match numbers (int or float), strings match strings, booleans must be equal;
  the values of the frame's ``id`` and of ``event``, ``kind``, ``code``, ``server``,
  ``protocol``, ``tool`` and ``request_id`` must be equal;
* a non-empty list must be non-empty and each element must match one of the example's
  elements; an empty list in an example matches any list;
* ``/home/u`` in an example stands for the test's home folder.

``python tests/protocol_spec.py --write`` regenerates docs/protocol-vectors.json.
"""

from __future__ import annotations

import json
import re
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
DOC = ROOT / "docs" / "protocol.md"
VECTORS = ROOT / "docs" / "protocol-vectors.json"
GOLDEN = ROOT / "tests" / "golden"
EXACT_KEYS = frozenset({"event", "kind", "code", "server", "protocol", "tool", "request_id"})
HOME = "/home/u"


@dataclass
class Line:
    direction: str  # "send" | "expect"
    value: Any = None  # a JSON value
    raw: bytes | None = None  # "→ bytes ..." lines
    closed: bool = False  # "← (closed)"


@dataclass
class Exchange:
    name: str
    lines: list[Line] = field(default_factory=list)


def parse(text: str | None = None) -> list[Exchange]:
    """Every ``exchange`` block of the doc, named after its section and position."""
    text = DOC.read_text(encoding="utf-8") if text is None else text
    out: list[Exchange] = []
    section = "top"
    in_block = False
    current: list[str] = []
    for raw_line in text.splitlines():
        if not in_block and raw_line.startswith("#"):
            section = raw_line.lstrip("#").strip()
        if raw_line.strip() == "```exchange":
            in_block, current = True, []
            continue
        if in_block and raw_line.strip() == "```":
            in_block = False
            n = sum(1 for e in out if e.name.startswith(section + " #")) + 1
            out.append(Exchange(f"{section} #{n}", _lines(current, section)))
            continue
        if in_block:
            current.append(raw_line)
    return out


def _lines(block: list[str], where: str) -> list[Line]:
    joined: list[list[str]] = []
    for ln in block:
        s = ln.strip()
        if not s:
            continue
        if s[0] in "→←":
            joined.append([s])
        elif joined:
            joined[-1].append(s)
        else:
            raise ValueError(f"{where}: an exchange line must start with → or ←: {s!r}")
    out = []
    for parts in joined:
        arrow, body = parts[0][0], " ".join([parts[0][1:].strip(), *parts[1:]]).strip()
        direction = "send" if arrow == "→" else "expect"
        if body == "(closed)":
            out.append(Line(direction, closed=True))
        elif body.startswith("bytes "):
            out.append(Line(direction, raw=bytes.fromhex(body[len("bytes "):])))
        else:
            try:
                out.append(Line(direction, json.loads(body)))
            except json.JSONDecodeError as exc:
                raise ValueError(f"{where}: not strict JSON ({exc}): {body}") from None
    return out


# -- matching -----------------------------------------------------------------------------

def mismatch(expected: Any, actual: Any, path: str = "$") -> str | None:
    """Why ``actual`` does not have the shape of the example ``expected`` (None when it does)."""
    key = path.rsplit(".", 1)[-1]
    if (key in EXACT_KEYS or path == "$.id") and not isinstance(expected, (dict, list)):
        return None if expected == actual and type(expected) is type(actual) or (
            _num(expected) and _num(actual) and expected == actual) else f"{path}: {actual!r} != {expected!r}"
    if expected is None:
        return None
    if isinstance(expected, bool):
        return None if actual is expected else f"{path}: {actual!r} != {expected!r}"
    if _num(expected):
        return None if _num(actual) else f"{path}: a number expected, got {actual!r}"
    if isinstance(expected, str):
        return None if isinstance(actual, str) else f"{path}: a string expected, got {actual!r}"
    if isinstance(expected, dict):
        if not isinstance(actual, dict):
            return f"{path}: a map expected, got {actual!r}"
        for k, v in expected.items():
            if k not in actual:
                return f"{path}: missing key {k!r} (has {sorted(actual)})"
            why = mismatch(v, actual[k], f"{path}.{k}")
            if why:
                return why
        return None
    if isinstance(expected, list):
        if not isinstance(actual, list):
            return f"{path}: a list expected, got {actual!r}"
        if not expected:
            return None
        if not actual:
            return f"{path}: a non-empty list expected"
        for i, item in enumerate(actual):
            whys = [mismatch(e, item, f"{path}[{i}]") for e in expected]
            if all(whys):
                return whys[0]
        return None
    raise TypeError(f"unexpected example value {expected!r}")


def _num(v: Any) -> bool:
    return isinstance(v, (int, float)) and not isinstance(v, bool)


def localize(value: Any, home: str) -> Any:
    """The example with ``/home/u`` replaced by the test's home."""
    if isinstance(value, str):
        return home + value[len(HOME):] if value == HOME or value.startswith(HOME + "/") else value
    if isinstance(value, list):
        return [localize(v, home) for v in value]
    if isinstance(value, dict):
        return {k: localize(v, home) for k, v in value.items()}
    return value


# -- the published vectors -----------------------------------------------------------------

def vectors() -> dict[str, Any]:
    """docs/protocol-vectors.json: golden frames and every exchange of the doc, sends as wire bytes."""
    sys.path.insert(0, str(ROOT))
    from manole_client import protocol as p

    frames = []
    for f in sorted(GOLDEN.glob("*.bin")):
        data = f.read_bytes()
        frames.append({"name": f.stem, "hex": data.hex(), "decoded": p.decode_frames(data)})
    exchanges = []
    for ex in parse():
        steps = []
        for ln in ex.lines:
            if ln.direction == "send":
                data = ln.raw if ln.raw is not None else p.encode_frame(ln.value)
                steps.append({"send": ln.value, "hex": data.hex()})
            elif ln.closed:
                steps.append({"expect_closed": True})
            else:
                steps.append({"expect": ln.value})
        exchanges.append({"name": ex.name, "steps": steps})
    return {
        "protocol": 1,
        "doc": "docs/protocol.md",
        "rules": __doc__.split("The rules (also in section 11 of the doc):", 1)[1].split("``python", 1)[0].strip(),
        "home": HOME,
        "exact_keys": sorted(EXACT_KEYS),
        "frames": frames,
        "exchanges": exchanges,
    }


def render_vectors() -> str:
    return json.dumps(vectors(), ensure_ascii=False, indent=1) + "\n"


if __name__ == "__main__":
    if sys.argv[1:] == ["--write"]:
        VECTORS.write_text(render_vectors(), encoding="utf-8")
        print(f"wrote {VECTORS.relative_to(ROOT)}")
    else:
        print(re.sub(r"\s+", " ", render_vectors())[:2000])
