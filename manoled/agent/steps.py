"""What the agent loop yields (step records, each with ``to_event()`` for the socket) and what it
remembers between asks (the last turns of each session, for follow-ups)."""

from __future__ import annotations

import threading
from collections import OrderedDict, deque
from dataclasses import asdict, dataclass, field
from typing import Any, ClassVar

from .plan import Plan
from .registry import ToolResult


# -- step records ------------------------------------------------------------
@dataclass
class Step:
    kind: ClassVar[str] = "step"

    def to_event(self) -> dict[str, Any]:
        data = asdict(self)
        return {"event": "step", "data": {"type": self.kind, **data}}


@dataclass
class RewriteStep(Step):
    kind: ClassVar[str] = "rewrite"
    original: str
    resolved_query: str
    search_query: str
    intent: str
    followup: bool
    source: str
    ms: float


@dataclass
class ToolCallStep(Step):
    kind: ClassVar[str] = "tool_call"
    step: int
    id: str
    tool: str
    args: dict[str, Any]
    route: str  # model, router, followup


@dataclass
class ToolResultStep(Step):
    kind: ClassVar[str] = "tool_result"
    step: int
    id: str
    tool: str
    ok: bool
    summary: str
    error: str | None
    sources: list[str]
    ms: float


@dataclass
class TokenStep(Step):
    kind: ClassVar[str] = "token"
    text: str

    def to_event(self) -> dict[str, Any]:
        return {"event": "token", "data": {"text": self.text}}


@dataclass
class AnswerStep(Step):
    kind: ClassVar[str] = "final"
    answer: str
    sources: list[str]
    path: str  # "model", "guard" or "planner"
    route: str  # "model", "planner" or "followup"
    model: str
    timings: dict[str, float]
    session: str | None
    steps: int
    guard_reason: str = ""
    routes: list[str] = field(default_factory=list)
    tools: list[str] = field(default_factory=list)
    answered_by: str = ""  # "planner", "model" or "guard": who wrote the final answer
    intent: str = ""

    def to_event(self) -> dict[str, Any]:
        return {"event": "final", "data": asdict(self)}


# -- sessions ----------------------------------------------------------------
@dataclass
class Turn:
    question: str
    resolved: str
    search_query: str
    intent: str
    answer: str
    calls: list[tuple[str, dict[str, Any]]]
    sources: list[str]
    plan: Plan | None = None
    paths: list[str] = field(default_factory=list)  # every file the turn's tools returned


class SessionStore:
    """The last turns of each session, for follow-ups; least recently used sessions are forgotten."""

    def __init__(self, turns: int = 4, max_sessions: int = 256) -> None:
        self.turns = turns
        self.max_sessions = max_sessions
        self._lock = threading.Lock()
        self._sessions: OrderedDict[str, deque[Turn]] = OrderedDict()

    def history(self, session: str | None) -> list[Turn]:
        if not session:
            return []
        with self._lock:
            turns = self._sessions.get(session)
            if turns is None:
                return []
            self._sessions.move_to_end(session)
            return list(turns)

    def add(self, session: str, turn: Turn) -> None:
        with self._lock:
            turns = self._sessions.setdefault(session, deque(maxlen=self.turns))
            turns.append(turn)
            self._sessions.move_to_end(session)
            while len(self._sessions) > self.max_sessions:
                self._sessions.popitem(last=False)

    def forget(self, session: str) -> None:
        with self._lock:
            self._sessions.pop(session, None)


# -- what the loop takes from tool results --------------------------------------------
def top_facts(results: list[ToolResult], n: int = 3) -> list[str]:
    """The best extracted sentences of a content search that found some ("fact (from file)"), else []."""
    out: list[str] = []
    for r in results:
        if r.ok and r.name == "semantic_search" and not r.output.data.get("declined"):
            for name, items in (r.output.data.get("facts") or {}).items():
                out += [f"{item} (from {name})" for item in items]
    return out[:n]


def result_paths(results: list[ToolResult]) -> list[str]:
    out: list[str] = []
    for r in results:
        if r.ok:
            for p in [*r.output.sources, *r.output.data.get("paths", [])]:
                if p not in out:
                    out.append(p)
    return out


def result_summary(res: ToolResult, limit: int = 200) -> str:
    text = res.text.strip().splitlines()
    first = text[0] if text else ""
    more = f" (+{len(text) - 1} lines)" if len(text) > 1 else ""
    return (first[:limit] + more) if first else ""
