"""A scripted LLM for tests and benches: queues of canned outputs, a record of every call.

Calls are sorted into two queues by their system prompt: the query rewriter and
the agent itself. An empty rewrite queue answers "" (the rewriter then falls back
to the raw query); an empty agent queue is a test bug and raises.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from .llm import ChatResult


@dataclass
class FakeCall:
    purpose: str
    messages: list[dict[str, Any]]
    tools: list[dict[str, Any]] | None
    max_tokens: int
    stream: bool


@dataclass
class FakeLLM:
    agent: list[str | ChatResult] = field(default_factory=list)
    rewrite: list[str] = field(default_factory=list)
    model_id: str = "fake"
    supports_tools: bool = False
    tier: str = "tools"  # scripts the model-first loop; "fallback" makes the planner answer alone
    calls: list[FakeCall] = field(default_factory=list)

    def enqueue(self, *outputs: str | ChatResult) -> FakeLLM:
        self.agent.extend(outputs)
        return self

    @staticmethod
    def purpose_of(messages: list[dict[str, Any]]) -> str:
        from .rewrite import REWRITER_SYSTEM

        system = messages[0].get("content", "") if messages and messages[0]["role"] == "system" else ""
        if system.startswith(REWRITER_SYSTEM[:40]):
            return "rewrite"
        return "agent"

    def calls_for(self, purpose: str) -> list[FakeCall]:
        return [c for c in self.calls if c.purpose == purpose]

    def chat(self, messages: list[dict[str, Any]], tools: list[dict[str, Any]] | None = None,
             max_tokens: int = 512, stream: bool = False) -> ChatResult | Iterator[str]:
        purpose = self.purpose_of(messages)
        self.calls.append(FakeCall(purpose, [dict(m) for m in messages], tools, max_tokens, stream))
        if purpose == "rewrite":
            out: str | ChatResult = self.rewrite.pop(0) if self.rewrite else ""
        else:
            if not self.agent:
                raise AssertionError(f"FakeLLM: agent script exhausted after {len(self.calls)} calls")
            out = self.agent.pop(0)
        result = out if isinstance(out, ChatResult) else ChatResult(text=out)
        if stream:
            return _pieces(result.text)
        return result


def _pieces(text: str) -> Iterator[str]:
    for i in range(0, len(text), 4):
        yield text[i:i + 4]
