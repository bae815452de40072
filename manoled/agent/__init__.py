"""The agent: a read-only tool loop over the catalog and the index.

Construction::

    ctx = ToolContext(catalog, search=indexer.search)
    agent = Agent(ModelManager(paths, config).text(), ctx, config)
    for step in agent.run("how many PDFs?", session="abc"):
        send(step.to_event())
"""

from __future__ import annotations

from .context import ToolContext
from .llm import LLM, ChatResult, LlamaChat
from .loop import Agent
from .manager import ModelManager
from .registry import Tool, ToolError, ToolOutput, ToolRegistry, ToolResult, tool
from .steps import AnswerStep, RewriteStep, SessionStore, Step, TokenStep, ToolCallStep, ToolResultStep
from .tools import build_registry

__all__ = [
    "LLM", "ChatResult", "LlamaChat", "ModelManager", "Agent", "AnswerStep", "RewriteStep", "SessionStore",
    "Step", "TokenStep", "ToolCallStep", "ToolResultStep", "Tool", "ToolError", "ToolOutput", "ToolRegistry",
    "ToolResult", "tool", "ToolContext", "build_registry",
]
