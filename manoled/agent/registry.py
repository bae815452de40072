"""Tools are plain typed functions: ``@tool`` derives the schema from the signature.

* name from the function, description from the docstring's first paragraph;
* a JSON schema from the type hints (``str``, ``int``, ``float``, ``bool``,
  ``X | None``/``Optional[X]``, ``Literal[...]``, ``list[X]``) and defaults;
* each argument's description from the docstring's ``Args:`` section. An
  argument with no description is a :class:`ToolDefinitionError` at
  registration, not a surprise at query time.

A first parameter named ``ctx`` is the tool context: it is passed by the
registry and is not part of the schema.

Two kinds of failure are kept apart (as in smolagents): a model mistake (an
unknown tool, bad arguments, a :class:`ToolError` raised by the tool) becomes a
tool result the model can read; any other exception is a bug and is raised.
"""

from __future__ import annotations

import inspect
import json
import re
import types
import typing
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Literal, get_args, get_origin

from ..errors import ManoledError


class ToolDefinitionError(ManoledError):
    code = "internal"


class ToolError(ManoledError):
    """A tool refused its input (a model mistake): reported back to the model."""

    code = "tool"


@dataclass
class ToolOutput:
    """What a tool returns: text for the model plus structured facts for the answer guard."""

    text: str
    sources: list[str] = field(default_factory=list)  # absolute paths of files the result is about
    data: dict[str, Any] = field(default_factory=dict)  # e.g. {"count": 3}, {"files": [...]}, {"facts": {...}}


@dataclass
class ToolResult:
    name: str
    args: dict[str, Any]
    output: ToolOutput
    error: str | None = None

    @property
    def ok(self) -> bool:
        return self.error is None

    @property
    def text(self) -> str:
        return self.output.text if self.ok else f"Error: {self.error}"


@dataclass(frozen=True)
class Tool:
    name: str
    description: str
    parameters: dict[str, Any]
    func: Callable[..., Any]
    takes_ctx: bool

    def schema(self) -> dict[str, Any]:
        """OpenAI-style function schema (what chat templates expect)."""
        return {"type": "function", "function": {"name": self.name, "description": self.description,
                                                 "parameters": self.parameters}}

    def signature_line(self, compact: bool = False) -> str:
        """A one-line description for a system prompt (``compact``: first sentence, no types)."""
        parts = []
        for pname, prop in self.parameters["properties"].items():
            typ = prop.get("type", "string")
            if "enum" in prop:
                typ = "|".join(json.dumps(v) for v in prop["enum"] if v is not None)
            opt = "" if pname in self.parameters.get("required", []) else "?"
            parts.append(f"{pname}{opt}" if compact and "enum" not in prop else f"{pname}{opt}: {typ}")
        desc = self.description.split(". ")[0].rstrip(".") if compact else self.description
        return f"{self.name}({', '.join(parts)}): {desc}"


_SIMPLE = {str: "string", int: "integer", float: "number", bool: "boolean", dict: "object"}


def _is_optional(tp: Any) -> tuple[bool, Any]:
    origin = get_origin(tp)
    if origin is typing.Union or origin is types.UnionType:
        args = [a for a in get_args(tp) if a is not type(None)]
        if len(args) < len(get_args(tp)):
            return True, (args[0] if len(args) == 1 else typing.Union[tuple(args)])  # noqa: UP007
    return False, tp


def _type_schema(tp: Any, where: str) -> dict[str, Any]:
    optional, inner = _is_optional(tp)
    if get_origin(inner) is Literal:
        values = list(get_args(inner))
        kinds = {type(v) for v in values}
        base = _SIMPLE.get(kinds.pop(), "string") if len(kinds) == 1 else "string"
        schema: dict[str, Any] = {"type": base, "enum": values}
    elif get_origin(inner) is list:
        (item,) = get_args(inner) or (str,)
        schema = {"type": "array", "items": _type_schema(item, where)}
    elif inner in _SIMPLE:
        schema = {"type": _SIMPLE[inner]}
    else:
        raise ToolDefinitionError(f"{where}: unsupported type {inner!r}")
    if optional:
        schema["nullable"] = True
    return schema


_ARG_LINE = re.compile(r"^\s{0,8}(\w+)\s*(?:\(([^)]*)\))?\s*:\s*(.*)$")


def parse_docstring(doc: str) -> tuple[str, dict[str, str]]:
    """Return (description, {arg: description}) from a Google-style docstring."""
    doc = inspect.cleandoc(doc or "")
    lines = doc.splitlines()
    desc_lines: list[str] = []
    args: dict[str, str] = {}
    i = 0
    while i < len(lines) and lines[i].strip() not in ("Args:", "Arguments:", "Returns:", "Raises:"):
        desc_lines.append(lines[i])
        i += 1
    section = None
    current = None
    args_indent = 0
    for line in lines[i:]:
        stripped = line.strip()
        if stripped in ("Args:", "Arguments:", "Returns:", "Raises:", "Examples:"):
            section = stripped
            current = None
            continue
        if section not in ("Args:", "Arguments:") or not stripped:
            continue
        m = _ARG_LINE.match(line)
        indent = len(line) - len(line.lstrip())
        if m and (current is None or indent <= args_indent):
            current = m.group(1)
            args[current] = m.group(3).strip()
            args_indent = indent
        elif current is not None:
            args[current] = (args[current] + " " + stripped).strip()
    description = " ".join(" ".join(desc_lines).split())
    return description, args


def make_tool(func: Callable[..., Any]) -> Tool:
    name = func.__name__
    description, arg_docs = parse_docstring(func.__doc__ or "")
    if not description:
        raise ToolDefinitionError(f"tool {name!r} has no docstring description")
    hints = typing.get_type_hints(func)
    sig = inspect.signature(func)
    properties: dict[str, Any] = {}
    required: list[str] = []
    takes_ctx = False
    for i, (pname, param) in enumerate(sig.parameters.items()):
        if i == 0 and pname == "ctx":
            takes_ctx = True
            continue
        if param.kind in (param.VAR_POSITIONAL, param.VAR_KEYWORD):
            raise ToolDefinitionError(f"tool {name!r}: *args/**kwargs are not supported")
        if pname not in hints:
            raise ToolDefinitionError(f"tool {name!r}: argument {pname!r} has no type hint")
        if not arg_docs.get(pname):
            raise ToolDefinitionError(f"tool {name!r}: argument {pname!r} has no description in the Args: section")
        prop = _type_schema(hints[pname], f"tool {name!r} argument {pname!r}")
        prop["description"] = arg_docs[pname]
        if param.default is inspect.Parameter.empty:
            required.append(pname)
        else:
            prop["default"] = param.default
        properties[pname] = prop
    extra = set(arg_docs) - set(properties) - {"ctx"}
    if extra:
        raise ToolDefinitionError(f"tool {name!r}: Args: documents unknown arguments {sorted(extra)}")
    params = {"type": "object", "properties": properties, "required": required}
    return Tool(name=name, description=description, parameters=params, func=func, takes_ctx=takes_ctx)


def tool(func: Callable[..., Any]) -> Callable[..., Any]:
    """Mark a function as a tool; the schema is checked now, so mistakes fail at import."""
    func.__manoled_tool__ = make_tool(func)  # type: ignore[attr-defined]
    return func


# -- argument coercion (tolerant of small-model mistakes) ----------------------
_NULLS = {"", "none", "null", "nil", "any", "all", "undefined"}


def _coerce(value: Any, prop: dict[str, Any], where: str) -> Any:
    if value is None:
        return None
    typ = prop.get("type")
    if isinstance(value, str) and value.strip().lower() in _NULLS and prop.get("nullable"):
        return None
    if "enum" in prop:
        for allowed in prop["enum"]:
            if allowed is not None and str(allowed).lower() == str(value).strip().lower():
                return allowed
        allowed_txt = ", ".join(json.dumps(v) for v in prop["enum"])
        raise ToolError(f"{where} must be one of {allowed_txt}, got {value!r}")
    if typ == "integer":
        if isinstance(value, bool):
            raise ToolError(f"{where} must be an integer, got {value!r}")
        if isinstance(value, int):
            return value
        if isinstance(value, float) and value.is_integer():
            return int(value)
        if isinstance(value, str) and re.fullmatch(r"\s*-?\d+\s*", value):
            return int(value)
        raise ToolError(f"{where} must be an integer, got {value!r}")
    if typ == "number":
        try:
            return float(value)
        except (TypeError, ValueError):
            raise ToolError(f"{where} must be a number, got {value!r}") from None
    if typ == "boolean":
        if isinstance(value, bool):
            return value
        if str(value).lower() in ("true", "yes", "1"):
            return True
        if str(value).lower() in ("false", "no", "0"):
            return False
        raise ToolError(f"{where} must be true or false, got {value!r}")
    if typ == "string":
        if isinstance(value, (dict, list)):
            raise ToolError(f"{where} must be a string, got {value!r}")
        return str(value)
    if typ == "array":
        if isinstance(value, str):
            value = [v.strip() for v in value.split(",") if v.strip()]
        if not isinstance(value, list):
            raise ToolError(f"{where} must be a list, got {value!r}")
        return [_coerce(v, prop.get("items", {}), where) for v in value]
    return value


class ToolRegistry:
    """The tools available to one agent, executed against one context object."""

    def __init__(self, tools: list[Callable[..., Any] | Tool] | None = None, ctx: Any = None) -> None:
        self._tools: dict[str, Tool] = {}
        self.ctx = ctx
        for t in tools or []:
            self.register(t)

    def register(self, t: Callable[..., Any] | Tool) -> Tool:
        spec = t if isinstance(t, Tool) else getattr(t, "__manoled_tool__", None) or make_tool(t)
        self._tools[spec.name] = spec
        return spec

    def names(self) -> list[str]:
        return list(self._tools)

    def get(self, name: str) -> Tool | None:
        return self._tools.get(name)

    def __contains__(self, name: str) -> bool:
        return name in self._tools

    def schemas(self) -> list[dict[str, Any]]:
        return [t.schema() for t in self._tools.values()]

    def describe(self, compact: bool = False) -> str:
        return "\n".join(f"- {t.signature_line(compact)}" for t in self._tools.values())

    def bind(self, name: str, args: dict[str, Any]) -> dict[str, Any]:
        """Validate and coerce ``args`` for ``name``; raises ToolError on model mistakes."""
        t = self._tools.get(name)
        if t is None:
            raise ToolError(f"unknown tool {name!r}; available tools: {', '.join(self._tools)}")
        if not isinstance(args, dict):
            raise ToolError(f"arguments for {name} must be an object, got {args!r}")
        props = t.parameters["properties"]
        out: dict[str, Any] = {}
        unknown = []
        for key, value in args.items():
            if key not in props:
                unknown.append(key)
                continue
            out[key] = _coerce(value, props[key], f"{name}.{key}")
        if unknown:
            if len(props) == 1 and len(args) == 1 and not out:
                # a single-argument tool called with the wrong name: take the value
                (only,) = props
                out[only] = _coerce(next(iter(args.values())), props[only], f"{name}.{only}")
            else:
                raise ToolError(f"{name} got unknown argument(s) {unknown}; it takes {list(props)}")
        missing = [p for p in t.parameters["required"] if out.get(p) in (None, "")]
        if missing:
            raise ToolError(f"{name} is missing required argument(s) {missing}")
        return out

    def execute(self, name: str, args: dict[str, Any]) -> ToolResult:
        """Run a tool. Model mistakes come back as an error result; bugs are raised."""
        try:
            bound = self.bind(name, args)
        except ToolError as exc:
            return ToolResult(name, dict(args) if isinstance(args, dict) else {}, ToolOutput(""), error=exc.message)
        t = self._tools[name]
        try:
            value = t.func(self.ctx, **bound) if t.takes_ctx else t.func(**bound)
        except ToolError as exc:
            return ToolResult(name, bound, ToolOutput(""), error=exc.message)
        if isinstance(value, ToolOutput):
            return ToolResult(name, bound, value)
        if isinstance(value, str):
            return ToolResult(name, bound, ToolOutput(value))
        return ToolResult(name, bound, ToolOutput(json.dumps(value, default=str)))
