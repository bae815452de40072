"""Plain-text rendering of daemon results. Robust: unknown or missing keys never crash."""

from __future__ import annotations

import json
from typing import Any

BAR_WIDTH = 24
_STATUS_SECTIONS = (
    "version",
    "paused",
    "state",
    "roots",
    "indexing",
    "captioning",
    "counts",
    "failures",
    "models",
    "connections",
    "asks_queued",
    "passages",
)


def _num(value: Any) -> float | None:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return None
    return float(value)


def duration(seconds: Any) -> str:
    s = _num(seconds)
    if s is None or s < 0:
        return "?"
    s = int(round(s))
    if s < 60:
        return f"{s}s"
    if s < 3600:
        return f"{s // 60}m{s % 60:02d}s"
    return f"{s // 3600}h{(s % 3600) // 60:02d}m"


def bar(done: float, total: float, width: int = BAR_WIDTH) -> str:
    frac = 0.0 if total <= 0 else max(0.0, min(1.0, done / total))
    filled = int(round(frac * width))
    return "[" + "#" * filled + "." * (width - filled) + "]"


def short(value: Any, limit: int = 200) -> str:
    if isinstance(value, str):
        text = value
    else:
        try:
            text = json.dumps(value, ensure_ascii=False, default=str)
        except (TypeError, ValueError):
            text = repr(value)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def progress_line(label: str, section: Any) -> str:
    if not isinstance(section, dict):
        return f"{label:<11} {short(section)}"
    done, total = _num(section.get("done")), _num(section.get("total"))
    parts = [f"{label:<11}"]
    if done is not None and total is not None:
        pct = 100.0 if total <= 0 else 100.0 * done / total
        parts.append(f"{bar(done, total)} {int(done)}/{int(total)} {pct:3.0f}%")
    elif done is not None:
        parts.append(f"{int(done)} done")
    rate = _num(section.get("rate"))
    if rate is not None:
        parts.append(f"{rate:.1f}/s")
    if section.get("eta_s") is not None and done != total:
        parts.append(f"ETA {duration(section.get('eta_s'))}")
    queue = _num(section.get("queue"))
    if queue:
        parts.append(f"queue {int(queue)}")
    for key in ("state", "message"):
        if section.get(key):
            parts.append(short(section[key], 80))
    extra = {
        k: v for k, v in section.items() if k not in ("done", "total", "rate", "eta_s", "queue", "state", "message")
    }
    if extra:
        parts.append(short(extra, 120))
    return "  ".join(parts)


def status(st: Any) -> str:
    if not isinstance(st, dict):
        return short(st, 2000)
    lines: list[str] = []
    head = "manoled"
    if st.get("version"):
        head += f" {st['version']}"
    paused = st.get("paused")
    state = st.get("state") or ("paused" if paused else "running" if paused is not None else None)
    if state:
        head += f": {state}"
    lines.append(head)
    roots = st.get("roots")
    if isinstance(roots, list):
        if roots:
            lines.append("Folders:")
            for r in roots:
                if isinstance(r, dict):
                    note = "" if r.get("online", True) else "  (offline: entries kept)"
                    if r.get("online", True) and r.get("watch") == "polling":
                        note = "  (polling: inotify watch limit reached)"
                    lines.append(f"  {r.get('path', short(r))}{note}")
                else:
                    lines.append(f"  {r}")
        else:
            lines.append("Folders: none (add one with `manole-client folders add PATH`)")
    for key, label in (("indexing", "Indexing"), ("captioning", "Captioning")):
        if key in st:
            lines.append(progress_line(label, st[key]))
    counts = st.get("counts")
    if isinstance(counts, dict) and counts:
        lines.append("Files:" + (f" ({int(st['passages'])} passages)" if _num(st.get("passages")) is not None else ""))
        for kind, by_state in counts.items():
            if isinstance(by_state, dict):
                detail = "  ".join(f"{state} {n}" for state, n in by_state.items())
            else:
                detail = short(by_state)
            lines.append(f"  {kind:<10} {detail}")
    models = st.get("models")
    if isinstance(models, dict) and models:
        lines.append("Models:")
        for role, info in models.items():
            if isinstance(info, dict):
                bits = [str(info.get("name") or "")]
                if "loaded" in info:
                    bits.append("loaded" if info.get("loaded") else "not loaded")
                for k, v in info.items():
                    if k not in ("name", "loaded") and v not in (None, ""):
                        bits.append(f"{v}" if k == "state" else f"{k}={short(v, 60)}")
                lines.append(f"  {role:<10} " + "  ".join(b for b in bits if b))
            else:
                lines.append(f"  {role:<10} {short(info)}")
    failures = st.get("failures")
    if isinstance(failures, list) and failures:
        lines.append("Recent failures:")
        for f in failures[:10]:
            if isinstance(f, dict):
                lines.append(f"  {f.get('path', '?')}: {short(f.get('reason', ''), 120)}")
            else:
                lines.append(f"  {short(f, 160)}")
        if len(failures) > 10:
            lines.append(f"  … and {len(failures) - 10} more")
    if _num(st.get("connections")) is not None or _num(st.get("asks_queued")) is not None:
        lines.append(
            f"Server: {st.get('connections', '?')} connection(s), {st.get('asks_queued', '?')} ask(s) running or queued"
        )
    other = {k: v for k, v in st.items() if k not in _STATUS_SECTIONS}
    if other:
        lines.append("Other: " + ", ".join(f"{k} {short(v, 80)}" for k, v in other.items()))
    return "\n".join(lines)


def sources(srcs: Any) -> list[str]:
    if not isinstance(srcs, list) or not srcs:
        return []
    lines = ["Sources:"]
    for i, s in enumerate(srcs, 1):
        if isinstance(s, dict):
            where = str(s.get("path") or s.get("file_name") or short(s))
            if s.get("page") is not None:
                where += f" (p. {s['page']})"
            lines.append(f"  [{i}] {where}")
        else:
            lines.append(f"  [{i}] {short(s)}")
    return lines


def step(data: Any) -> str:
    if not isinstance(data, dict):
        return f"» {short(data)}"
    kind = data.get("kind")
    if kind == "rewrite":
        return f"» rewrite: {short(data.get('query', ''))}"
    if kind == "tool_call":
        args = data.get("args")
        if isinstance(args, dict):
            argtext = ", ".join(f"{k}={short(v, 60)}" for k, v in args.items())
        else:
            argtext = short(args, 120) if args is not None else ""
        return f"» {data.get('tool', 'tool')}({argtext})"
    if kind == "tool_result":
        return f"» {data.get('tool', 'tool')} → {short(data.get('summary', ''), 160)}"
    rest = {k: v for k, v in data.items() if k != "kind"}
    return f"» {kind or 'step'}: {short(rest, 160)}"


def hits(result: Any) -> str:
    items = result.get("hits") if isinstance(result, dict) else result
    if not isinstance(items, list):
        return short(result, 2000)
    if not items:
        return "no results"
    lines = []
    for i, h in enumerate(items, 1):
        if not isinstance(h, dict):
            lines.append(f"{i:2d}. {short(h)}")
            continue
        score = _num(h.get("score"))
        where = str(h.get("path") or h.get("file_name") or "?")
        if h.get("page") is not None:
            where += f"  p. {h['page']}"
        lines.append(f"{i:2d}. {score:.3f}  {where}" if score is not None else f"{i:2d}. {where}")
        text = " ".join(str(h.get("text") or "").split())
        if text:
            lines.append(f"      {short(text, 160)}")
    return "\n".join(lines)


def folders(result: Any) -> str:
    items = result.get("folders") if isinstance(result, dict) else result
    if not isinstance(items, list):
        return short(result, 2000)
    if not items:
        return "no folders are watched"
    lines = []
    for f in items:
        if isinstance(f, dict):
            extra = "  ".join(f"{k} {short(v, 40)}" for k, v in f.items() if k != "path")
            lines.append(f"{f.get('path', '?')}" + (f"  ({extra})" if extra else ""))
        else:
            lines.append(str(f))
    return "\n".join(lines)
