"""Tool-call parsing, tolerant of what small models actually write.

Tried in order, the first that yields calls wins:

1. native ``tool_calls`` of a llama-cpp (OpenAI-style) response;
2. LFM2.5 native ``<|tool_call_start|>[fn(a=1), g(b="x")]<|tool_call_end|>``;
3. JSON ``{"name": ..., "params"|"arguments"|"parameters": {...}}`` (or a list of them);
4. bracket ``[fn(args)]`` (several calls allowed);
5. bare ``fn(args)``.

Formats 4 and 5 only accept known tool names so prose such as "see (above)"
is never a call. Quoting mistakes (smart quotes, single quotes in JSON,
unquoted words, a missing closing bracket) are repaired where unambiguous.
"""

from __future__ import annotations

import ast
import json
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

_SMART = str.maketrans({"\u201c": '"', "\u201d": '"', "\u2018": "'", "\u2019": "'", "\u00ab": '"', "\u00bb": '"'})
_LFM = re.compile(r"<\|tool_call_start\|>(.*?)(?:<\|tool_call_end\|>|$)", re.DOTALL)
_IDENT_CALL = re.compile(r"(?<![\w.])([A-Za-z_]\w*)\s*\(")
_NAME_KEYS = ("name", "tool", "tool_name", "function_name")
_ARG_KEYS = ("params", "arguments", "parameters", "args", "input", "kwargs")


@dataclass
class ToolCall:
    name: str
    args: dict[str, Any] = field(default_factory=dict)
    id: str = ""
    fmt: str = ""  # which format it was parsed from


def _literal(node: ast.AST) -> Any:
    if isinstance(node, ast.Name):  # unquoted word: null/true/none or a bare string
        low = node.id.lower()
        return {"none": None, "null": None, "true": True, "false": False}.get(low, node.id)
    try:
        return ast.literal_eval(node)
    except (ValueError, SyntaxError, TypeError):
        return ast.unparse(node)


def _parse_kwargs_regex(argstr: str) -> tuple[list[Any], dict[str, Any]]:
    """Last resort for broken quoting: key=value pairs, values quoted or up to the next comma."""
    kwargs: dict[str, Any] = {}
    pattern = re.compile(
        r"(\w+)\s*[=:]\s*(\"[^\"]*\"?|'[^']*'?|\[[^\]]*\]?|[^,\)]+)",
    )
    for m in pattern.finditer(argstr):
        key, raw = m.group(1), m.group(2).strip()
        kwargs[key] = _scalar(raw)
    if not kwargs and argstr.strip():
        return [_scalar(argstr.strip())], {}
    return [], kwargs


def _scalar(raw: str) -> Any:
    raw = raw.strip()
    if raw[:1] in "\"'":
        return raw.strip("\"'")
    if raw.startswith("["):
        try:
            return ast.literal_eval(raw if raw.endswith("]") else raw + "]")
        except (ValueError, SyntaxError):
            return [x.strip(" \"'") for x in raw.strip("[]").split(",") if x.strip()]
    low = raw.lower()
    if low in ("none", "null"):
        return None
    if low in ("true", "false"):
        return low == "true"
    if re.fullmatch(r"-?\d+", raw):
        return int(raw)
    if re.fullmatch(r"-?\d+\.\d+", raw):
        return float(raw)
    return raw


def parse_call_args(argstr: str) -> tuple[list[Any], dict[str, Any]]:
    """Parse the inside of ``f(...)`` into (positional, keyword) arguments."""
    argstr = argstr.strip().translate(_SMART)
    if not argstr:
        return [], {}
    if argstr.startswith("{"):  # f({"a": 1}) — a JSON object as the only argument
        obj = parse_json_object(argstr)
        if isinstance(obj, dict):
            return [], obj
    for candidate in (argstr, re.sub(r"\b(\w+)\s*:\s*", r"\1=", argstr)):
        try:
            tree = ast.parse(f"_f({candidate})", mode="eval")
        except SyntaxError:
            continue
        call = tree.body
        if isinstance(call, ast.Call):
            pos = [_literal(a) for a in call.args]
            kw = {k.arg: _literal(k.value) for k in call.keywords if k.arg}
            return pos, kw
    return _parse_kwargs_regex(argstr)


def _find_close(s: str, start: int) -> int:
    """Index of the parenthesis closing the one at ``start - 1``; -1 if unbalanced."""
    depth = 1
    quote = ""
    i = start
    while i < len(s):
        c = s[i]
        if quote:
            if c == "\\":
                i += 2
                continue
            if c == quote:
                quote = ""
        elif c in "\"'":
            quote = c
        elif c in "([{":
            depth += 1
        elif c in ")]}":
            depth -= 1
            if depth == 0:
                return i
        i += 1
    return -1


def scan_calls(text: str, known: Iterable[str] | None = None) -> list[tuple[str, str, int, int]]:
    """Find ``name(args)`` spans: (name, argstr, start, end)."""
    known_set = set(known) if known is not None else None
    out = []
    pos = 0
    while True:
        m = _IDENT_CALL.search(text, pos)
        if not m:
            return out
        name = m.group(1)
        if known_set is not None and name not in known_set:
            pos = m.end()
            continue
        close = _find_close(text, m.end())
        if close == -1:  # unbalanced: take the rest, minus obvious debris
            argstr = re.split(r"\)?\s*\]|<\||\n\n", text[m.end():])[0]
            out.append((name, argstr.rstrip(") "), m.start(), len(text)))
            return out
        out.append((name, text[m.end():close], m.start(), close + 1))
        pos = close + 1


def parse_json_object(text: str) -> Any:
    """Parse JSON leniently: fences, Python literals, single quotes, trailing commas."""
    text = text.strip().translate(_SMART)
    fence = re.search(r"```(?:json|tool_code|python)?\s*(.*?)```", text, re.DOTALL)
    if fence:
        text = fence.group(1).strip()
    for candidate in (text, re.sub(r",\s*([}\]])", r"\1", text)):
        try:
            return json.loads(candidate)
        except ValueError:
            pass
        try:
            return _pyfix(ast.literal_eval(candidate))
        except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
            pass
    fixed = re.sub(r"\btrue\b", "True", re.sub(r"\bfalse\b", "False", re.sub(r"\bnull\b", "None", text)))
    try:
        return _pyfix(ast.literal_eval(fixed))
    except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
        return None


def _pyfix(value: Any) -> Any:
    return value


def _json_candidates(text: str) -> list[Any]:
    """Every balanced top-level {...} or [...] in ``text`` that parses."""
    out = []
    i = 0
    while i < len(text):
        if text[i] in "{[":
            close = _find_close(text, i + 1)
            if close != -1:
                obj = parse_json_object(text[i:close + 1])
                if obj is not None:
                    out.append(obj)
                    i = close + 1
                    continue
        i += 1
    return out


def _call_from_obj(obj: Any) -> ToolCall | None:
    if not isinstance(obj, dict):
        return None
    if isinstance(obj.get("function"), dict):  # {"function": {"name", "arguments"}}
        return _call_from_obj(obj["function"])
    name = next((obj[k] for k in _NAME_KEYS if isinstance(obj.get(k), str)), None)
    if not name or not re.fullmatch(r"[A-Za-z_]\w*", name):
        return None
    args: Any = next((obj[k] for k in _ARG_KEYS if k in obj), {})
    if isinstance(args, str):
        args = parse_json_object(args) if args.strip() else {}
    if args is None:
        args = {}
    if not isinstance(args, dict):
        return None
    return ToolCall(name=name, args=args, fmt="json")


def _calls_from_json(text: str) -> list[ToolCall]:
    calls: list[ToolCall] = []
    for obj in _json_candidates(text):
        if isinstance(obj, dict) and isinstance(obj.get("tool_calls"), list):
            items = obj["tool_calls"]
        elif isinstance(obj, list):
            items = obj
        else:
            items = [obj]
        for item in items:
            call = _call_from_obj(item)
            if call:
                calls.append(call)
    return calls


def _calls_from_python(text: str, known: Iterable[str] | None, fmt: str,
                       signatures: dict[str, list[str]] | None) -> list[ToolCall]:
    calls = []
    for name, argstr, _start, _end in scan_calls(text, known):
        pos, kw = parse_call_args(argstr)
        calls.append(ToolCall(name=name, args=_map_positional(name, pos, kw, signatures), fmt=fmt))
    return calls


def _map_positional(name: str, pos: list[Any], kw: dict[str, Any],
                    signatures: dict[str, list[str]] | None) -> dict[str, Any]:
    if not pos:
        return kw
    order = (signatures or {}).get(name, [])
    args = dict(kw)
    for i, value in enumerate(pos):
        if i < len(order) and order[i] not in args:
            args[order[i]] = value
        else:
            args[f"_arg{i}"] = value
    return args


def native_calls(tool_calls: list[dict[str, Any]] | None) -> list[ToolCall]:
    calls = []
    for i, tc in enumerate(tool_calls or []):
        fn = tc.get("function", tc) if isinstance(tc, dict) else {}
        name = fn.get("name")
        if not isinstance(name, str) or not name:
            continue
        args = fn.get("arguments", fn.get("parameters", {}))
        if isinstance(args, str):
            args = parse_json_object(args) if args.strip() else {}
        calls.append(ToolCall(name=name, args=args if isinstance(args, dict) else {},
                              id=str(tc.get("id") or f"call_{i}"), fmt="native"))
    return calls


def parse_tool_calls(
    text: str,
    tool_calls: list[dict[str, Any]] | None = None,
    known: Iterable[str] | None = None,
    signatures: dict[str, list[str]] | None = None,
) -> list[ToolCall]:
    """All tool calls in a model response, in order; [] when it is a plain answer.

    With ``signatures``, a call whose arguments are the tool list copied back
    (``count_files(extension?)``, ``semantic_search(query, top_k?)``) is not a call.
    """
    calls = _parse(text, tool_calls, known, signatures)
    if signatures:
        calls = [c for c in calls if not is_echo(c, signatures)]
    return calls


def is_echo(call: ToolCall, signatures: dict[str, list[str]]) -> bool:
    """A small model that copies the tool list back made no real call: its values are parameter names."""
    names = {p for params in signatures.values() for p in params} | set(signatures)
    for value in call.args.values():
        if not isinstance(value, str):
            continue
        v = value.strip()
        tokens = [t.rstrip("?") for t in re.split(r"[\s,]+", v) if t]
        if ("|" in v or v.startswith("<") or (v.endswith("?") and " " not in v)
                or (tokens and all(t in names for t in tokens))):
            return True
    return False


def _parse(
    text: str,
    tool_calls: list[dict[str, Any]] | None,
    known: Iterable[str] | None,
    signatures: dict[str, list[str]] | None,
) -> list[ToolCall]:
    calls = native_calls(tool_calls)
    if calls:
        return _with_ids(calls)
    text = (text or "").translate(_SMART)
    known_list = list(known) if known is not None else None
    spans = _LFM.findall(text)
    if spans:
        for span in spans:
            inner = span.strip()
            found = _calls_from_json(inner) if inner[:1] in "{" or inner.startswith("[{") else []
            found = found or _calls_from_python(inner, None, "lfm", signatures)
            calls.extend(found)
        if calls:
            return _with_ids(calls)
    calls = _calls_from_json(text)
    if calls:
        return _with_ids(calls)
    if known_list is not None or signatures:
        names = known_list if known_list is not None else list(signatures or {})
        bracket = re.search(r"\[\s*[A-Za-z_]\w*\s*\(", text)
        if bracket:
            calls = _calls_from_python(text[bracket.start() + 1:], names, "bracket", signatures)
            if calls:
                return _with_ids(calls)
        calls = _calls_from_python(text, names, "bare", signatures)
    return _with_ids(calls)


def _with_ids(calls: list[ToolCall]) -> list[ToolCall]:
    for i, c in enumerate(calls):
        if not c.id:
            c.id = f"call_{i}"
    return calls


def strip_tool_markup(text: str) -> str:
    """The prose left in a response once tool-call markup is removed."""
    text = _LFM.sub("", text or "")
    text = re.sub(r"<\|[^|>]*\|>", "", text)
    text = re.sub(r"<(start|end)_of_turn>\w*", "", text)
    return text.strip()
