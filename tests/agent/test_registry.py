"""@tool: schema from signature + docstring, validation, and the model-error / bug split."""

from __future__ import annotations

from typing import Literal, Optional

import pytest

from manoled.agent.registry import ToolDefinitionError, ToolError, ToolRegistry, make_tool, parse_docstring, tool


@tool
def greet(name: str, times: int = 1, loud: bool = False, mood: Literal["happy", "sad"] = "happy",
          title: Optional[str] = None) -> str:  # noqa: UP045 - Optional is part of what is tested
    """Greet someone.

    Args:
        name: Who to greet.
        times: How many times,
            on one line.
        loud: Shout it.
        mood: The tone.
        title: An optional title.
    """
    return " ".join([f"hi {title or ''}{name}"] * times)


def test_schema_from_signature_and_docstring():
    t = make_tool(greet)
    p = t.parameters
    assert t.name == "greet" and t.description == "Greet someone."
    assert p["required"] == ["name"]
    assert p["properties"]["name"] == {"type": "string", "description": "Who to greet."}
    assert p["properties"]["times"]["type"] == "integer" and p["properties"]["times"]["default"] == 1
    assert p["properties"]["times"]["description"] == "How many times, on one line."
    assert p["properties"]["loud"]["type"] == "boolean"
    assert p["properties"]["mood"]["enum"] == ["happy", "sad"]
    assert p["properties"]["title"]["nullable"] is True and p["properties"]["title"]["type"] == "string"


def test_missing_arg_description_fails_at_registration():
    def bad(query: str, k: int = 3) -> str:
        """Search.

        Args:
            query: the query
        """
        return query

    with pytest.raises(ToolDefinitionError, match="'k' has no description"):
        tool(bad)


def test_missing_docstring_and_type_hint_fail():
    def nodoc(x: str) -> str:
        return x

    def nohint(x) -> str:  # noqa: ANN001
        """Doc.

        Args:
            x: thing
        """
        return x

    with pytest.raises(ToolDefinitionError):
        make_tool(nodoc)
    with pytest.raises(ToolDefinitionError, match="no type hint"):
        make_tool(nohint)


def test_ctx_parameter_is_injected_not_in_schema():
    def where(ctx: object, q: str) -> str:
        """Where.

        Args:
            q: query
        """
        return f"{ctx}:{q}"

    reg = ToolRegistry([where], ctx="CTX")
    assert list(reg.get("where").parameters["properties"]) == ["q"]
    assert reg.execute("where", {"q": "x"}).output.text == "CTX:x"


def test_arguments_are_coerced_tolerantly():
    reg = ToolRegistry([greet])
    res = reg.execute("greet", {"name": "ana", "times": "2", "mood": "HAPPY", "title": "null", "loud": "false"})
    assert res.ok, res.error
    assert res.args == {"name": "ana", "times": 2, "mood": "happy", "title": None, "loud": False}
    assert res.output.text == "hi ana hi ana"


def test_bad_arguments_become_tool_errors_not_exceptions():
    reg = ToolRegistry([greet])
    assert "must be one of" in reg.execute("greet", {"name": "a", "mood": "angry"}).error
    assert "must be an integer" in reg.execute("greet", {"name": "a", "times": "lots"}).error
    assert "missing required" in reg.execute("greet", {}).error
    assert "unknown argument" in reg.execute("greet", {"name": "a", "colour": "red"}).error
    assert "unknown tool" in reg.execute("nope", {}).error


def test_single_argument_tool_accepts_a_misnamed_argument():
    def find(pattern: str) -> str:
        """Find.

        Args:
            pattern: what
        """
        return pattern

    assert ToolRegistry([find]).execute("find", {"query": "abc"}).output.text == "abc"


def test_tool_error_is_reported_but_bugs_are_raised():
    def refuse(x: str) -> str:
        """Refuse.

        Args:
            x: input
        """
        raise ToolError(f"cannot use {x}")

    def buggy(x: str) -> str:
        """Buggy.

        Args:
            x: input
        """
        return x.nonexistent  # type: ignore[attr-defined]

    reg = ToolRegistry([refuse, buggy])
    res = reg.execute("refuse", {"x": "a"})
    assert not res.ok and res.text == "Error: cannot use a"
    with pytest.raises(AttributeError):
        reg.execute("buggy", {"x": "a"})


def test_schemas_and_description_for_prompts():
    reg = ToolRegistry([greet])
    (schema,) = reg.schemas()
    assert schema["type"] == "function" and schema["function"]["name"] == "greet"
    line = reg.describe()
    assert line.startswith("- greet(name: string, times?: integer") and '"happy"|"sad"' in line


def test_parse_docstring_sections():
    desc, args = parse_docstring("""Do a thing.

    More words.

    Args:
        a (int): first
        b: second

    Returns:
        c: not an arg
    """)
    assert desc == "Do a thing. More words."
    assert args == {"a": "first", "b": "second"}
