"""The agent loop: a generator of step records.

::

    question -> plan -> up to max_steps x [model -> tool calls -> results] -> answer -> guard
    question -> plan -> planner's tool calls -> composed answer             (fallback tier)

* The model's tool calls are parsed from native ``tool_calls`` or four text
  formats (:mod:`.parse`); a step may carry several calls, run in order.
* The planner (:mod:`.planner`) reads the question first, with no model call. With a
  fallback-tier model it answers alone (:mod:`.direct`); with a tool-capable model it only
  supplies the calls when the model makes none on step 0 (route "planner").
* A plain answer at step > 0 whose question keywords are missing from every
  tool result: a follow-up call is made for them (route "followup").
* Steps run out: one last model call synthesises an answer from the results.
* The answer guard (:mod:`.guard`) replaces an answer that is empty,
  degenerate, or disagrees with the tools by a template (path "guard").

Each record has ``to_event()``; the daemon streams those. Tokens are
provisional: the ``final`` event's answer is authoritative.
"""

from __future__ import annotations

import json
import logging
import re
import threading
import time
import uuid
from collections.abc import Callable, Generator, Iterator
from typing import Any

from ..config import AgentConfig, Config
from ..errors import Cancelled
from . import direct, followup, guard, previous
from .context import ToolContext
from .intents import EmbedFn
from .llm import LLM, ChatResult
from .names import files_at
from .parse import ToolCall, parse_tool_calls, strip_tool_markup
from .planner import Planner
from .registry import ToolRegistry, ToolResult
from .retrieve import fts_terms
from .rewrite import QueryRewriter, Rewrite
from .router import keywords
from .steps import (
    AnswerStep,
    RewriteStep,
    SessionStore,
    Step,
    TokenStep,
    ToolCallStep,
    ToolResultStep,
    Turn,
    result_paths,
    result_summary,
    top_facts,
)
from .tongues import in_english
from .tools import build_registry, find_facts

log = logging.getLogger(__name__)

SYSTEM_PROMPT = (
    "You are a personal file assistant. You answer questions about the user's local files "
    "using tools that search file contents and inspect the file catalog.\n"
    "Rules:\n"
    "- Call semantic_search for information INSIDE files.\n"
    "- Call count_files, list_files, grep_files, file_metadata, directory_tree, folder_stats or disk_usage "
    "for questions ABOUT files.\n"
    "- You may call several tools; if a result is empty, try another query or tool.\n"
    "- Answer briefly, only from the tool results. NEVER make up files, numbers or facts."
)
TEXT_TOOLS_PROMPT = (
    "\n\nTools:\n{tools}\n\n"
    "To call a tool, reply with only the call in brackets, for example:\n"
    '[count_files(extension="pdf")]\n'
    "When the results answer the question, reply with the answer in plain text."
)
SYNTHESIS_PROMPT = (
    "Give a concise final answer to my question using only the tool results above. "
    "If they do not contain the answer, say you could not find it."
)
PHRASE_PROMPT = (
    "Question: {question}\n"
    "Facts found in my files:\n{facts}\n"
    "Answer the question in one short sentence using only these facts, and name the file."
)
PHRASE_MAX_TOKENS = 96
PHRASE_FACTS = 3
MAX_FOLLOWUPS = 2
# words that describe the question, not a thing to look for (never worth a follow-up grep)
GENERIC_WORDS = frozenset("""
space disk usage storage used use size sizes big bigger biggest large larger largest small smallest heavy total
recent recently latest newest oldest new old modified created changed updated date dates today week month year
structure tree organised organized organization overview kind kinds type types extension extensions count number
many much stat stats info information detail details content contents text inside everything
question questions answer answers final first last previous next
""".split())
STEP_MAX_TOKENS = 256


def _looks_like_call(text: str) -> bool:
    t = text.lstrip()
    if not t:
        return True
    return t[:1] in "<[{`" or bool(re.match(r"[A-Za-z_]\w*\s*\(", t)) or bool(guard.is_degenerate(t) == "markup debris")


def _call_key(name: str, args: dict[str, Any]) -> str:
    return name + json.dumps(args, sort_keys=True, default=str)


def _format_call(name: str, args: dict[str, Any]) -> str:
    inner = ", ".join(f"{k}={json.dumps(v)}" for k, v in args.items() if v is not None)
    return f"[{name}({inner})]"


TIERS = ("tools", "fallback")


def model_tier(llm: LLM) -> str:
    """"tools" for a model that can drive the tool loop, "fallback" for one that cannot (manifest ``tier``)."""
    tier = getattr(llm, "tier", None)
    if tier in TIERS:
        return str(tier)
    return "tools" if getattr(llm, "supports_tools", False) else "fallback"


class Agent:
    """``Agent(llm, tools_context, config).run(question, session=None, cancel=None) -> Iterator[Step]``.

    Two paths, by the model's tier:

    * fallback (a tiny model): the planner answers alone, from the tools, with no model call;
    * tools (a capable model): the model-first loop; the planner only supplies calls when the
      model makes none on its first step, and never drops a well-formed call.
    """

    def __init__(self, llm: LLM, tools_context: ToolContext, config: AgentConfig | Config | None = None, *,
                 registry: ToolRegistry | None = None, sessions: SessionStore | None = None,
                 rewrite: bool = False, step_max_tokens: int = STEP_MAX_TOKENS,
                 rewrite_max_tokens: int = 128, embed: EmbedFn | None = None, tier: str | None = None,
                 planner: Planner | None = None) -> None:
        if isinstance(config, Config):
            config = config.agent
        self.config = config or AgentConfig()
        self.llm = llm
        self.ctx = tools_context
        self.registry = registry or build_registry(self.ctx)
        self.sessions = sessions or SessionStore(turns=self.config.session_turns)
        self.rewriter = QueryRewriter(llm, max_tokens=rewrite_max_tokens) if rewrite else None
        if embed is not None and self.ctx.embed is None:
            self.ctx.embed = embed
        self.planner = planner or Planner(embed or self.ctx.embed, now=self.ctx.now, text_of=self._text_of,
                                          file_terms=self._file_terms)
        self.tier = tier if tier in TIERS else model_tier(llm)
        self.step_max_tokens = step_max_tokens
        self._signatures = {t: list(self.registry.get(t).parameters["properties"]) for t in self.registry.names()}

    # -- public ------------------------------------------------------------
    def ask(self, question: str, session: str | None = None,
            cancel: threading.Event | None = None) -> AnswerStep:
        """Run to the end and return the final record."""
        final = None
        for step in self.run(question, session=session, cancel=cancel):
            if isinstance(step, AnswerStep):
                final = step
        assert final is not None
        return final

    def system_prompt(self) -> str:
        if self.llm.supports_tools:
            return SYSTEM_PROMPT
        return SYSTEM_PROMPT + TEXT_TOOLS_PROMPT.format(tools=self.registry.describe(compact=True))

    def run(self, question: str, session: str | None = None,
            cancel: threading.Event | None = None) -> Iterator[Step]:
        t_start = time.perf_counter()
        timings: dict[str, float] = {}
        self.ctx.refresh()
        history = self.sessions.history(session)

        def check_cancel() -> None:
            if cancel is not None and cancel.is_set():
                raise Cancelled("the query was cancelled")

        check_cancel()
        # 1. plan (no model call); the model rewriter only runs when asked for and the planner saw a follow-up
        t0 = time.perf_counter()
        said, question = question, in_english(question)  # the planner reads English asking words; a model, as said
        plan = self.planner.plan(question, self.ctx.files(), history)
        planned = None
        if plan.followup:
            planned = followup.resolve(plan, question, self.ctx.files(), self.ctx.now(), self._text_of)
        resolved = planned.question if planned else said
        rw = Rewrite(said, resolved, resolved, plan.intent, followup=plan.followup, source="planner")
        if self.rewriter is not None and plan.followup and planned is None and self.tier == "tools":
            rw = self.rewriter.rewrite(question, history)  # only what the planner could not resolve
        timings["plan_ms"] = _ms(t0)
        yield RewriteStep(rw.original, rw.resolved_query, rw.search_query, plan.intent, rw.followup, rw.source,
                          timings["plan_ms"])
        if self.tier == "fallback":
            d = planned or previous.or_previous_file(direct.planned(plan, question), question, history,
                                                     self.ctx.files(), self._file_terms)
            yield from self._run_planned(d, question, session, timings, t_start, check_cancel)
            return

        messages: list[dict[str, Any]] = [{"role": "system", "content": self.system_prompt()}]
        for turn in history[-2:]:
            messages.append({"role": "user", "content": turn.question})
            messages.append({"role": "assistant", "content": turn.answer})
        messages.append({"role": "user", "content": rw.resolved_query})
        tools = self.registry.schemas() if self.llm.supports_tools else None

        results: list[ToolResult] = []
        last_step: list[ToolResult] = []
        routes: list[str] = []
        done: set[str] = set()
        followups = 0
        answer: str | None = None
        steps_used = 0
        llm_ms = 0.0
        tool_ms = 0.0

        for step in range(self.config.max_steps):
            check_cancel()
            steps_used = step + 1
            t0 = time.perf_counter()
            text, native = yield from self._generate(messages, tools, stream=step > 0, cancel=cancel)
            llm_ms += _ms(t0)
            calls = parse_tool_calls(text, native, known=self.registry.names(), signatures=self._signatures)
            if step > 0 and calls and all(_call_key(c.name, c.args) in done for c in calls if c.name != "respond") \
                    and not any(c.name == "respond" for c in calls):
                calls = []  # only repeats of earlier calls: treat as an answer (follow-ups may still run)
            # a capable model's well-formed calls always run; the planner fills in only when it made none
            step_route = "model"
            if not calls:
                if step == 0:
                    calls = (planned.calls if planned else direct.calls_for(plan, question))
                    step_route = "planner"
                else:
                    fu = self._needs_followup(rw, results, done) if followups < MAX_FOLLOWUPS else None
                    if fu is None:
                        answer = strip_tool_markup(text)
                        break
                    followups += 1
                    calls = [fu]
                    step_route = "followup"
            routes.append(step_route)
            respond = next((c for c in calls if c.name == "respond"), None)
            runnable = [c for c in calls if c.name != "respond"]
            if runnable:
                if step_route == "model" and native:
                    messages.append({"role": "assistant", "content": text or "", "tool_calls": native})
                else:
                    messages.append({"role": "assistant",
                                     "content": "".join(_format_call(c.name, c.args) for c in runnable)})
                step_results: list[ToolResult] = []
                for call in runnable:
                    check_cancel()
                    yield ToolCallStep(step, call.id, call.name, call.args, step_route)
                    t0 = time.perf_counter()
                    key = _call_key(call.name, call.args)
                    if key in done:
                        res = ToolResult(call.name, call.args, _already())
                        res = next((r for r in reversed(results) if _call_key(r.name, r.args) == key), res)
                    else:
                        res = self.registry.execute(call.name, call.args)
                        done.add(_call_key(res.name, res.args))
                        done.add(key)
                        results.append(res)
                    elapsed = _ms(t0)
                    tool_ms += elapsed
                    step_results.append(res)
                    yield ToolResultStep(step, call.id, call.name, res.ok, result_summary(res), res.error,
                                         list(res.output.sources), elapsed)
                    messages.append({"role": "tool", "name": call.name, "tool_call_id": call.id,
                                     "content": res.text})
                last_step = step_results
            if respond is not None:
                given = respond.args.get("answer") or respond.args.get("_arg0")
                answer = str(given) if given else ""
                break
            facts = top_facts(last_step, PHRASE_FACTS) if runnable else []
            if facts:  # a content answer: one short call phrases it from the extracted sentences only
                check_cancel()
                t0 = time.perf_counter()
                text, _ = yield from self._generate(self._phrase_messages(rw.resolved_query, facts), None,
                                                    stream=True, cancel=cancel, max_tokens=PHRASE_MAX_TOKENS)
                llm_ms += _ms(t0)
                steps_used += 1
                routes.append("phrase")
                answer = strip_tool_markup(text)
                break
        else:
            check_cancel()
            messages.append({"role": "user", "content": SYNTHESIS_PROMPT})
            t0 = time.perf_counter()
            text, _ = yield from self._generate(messages, None, stream=True, cancel=cancel)
            llm_ms += _ms(t0)
            answer = strip_tool_markup(text)

        # 3. guard
        history_text = "\n".join(f"{t.question}\n{t.answer}" for t in history)
        verdict = guard.check(answer or "", question + "\n" + rw.resolved_query, results, last_step, history_text,
                              instructions=messages[0]["content"])
        path = "model"
        if not verdict.ok:
            log.info("answer guard (%s): %r", verdict.reason, (answer or "")[:120])
            answer = guard.template_answer(question, results, last_step)
            path = "guard"
        sources = guard.sources_for(results, last_step)
        overall = "planner" if "planner" in routes else ("followup" if "followup" in routes else "model")
        timings.update({"llm_ms": round(llm_ms, 1), "tools_ms": round(tool_ms, 1), "total_ms": _ms(t_start)})
        sid = session
        if sid is None:
            sid = uuid.uuid4().hex[:12]
        self.sessions.add(sid, Turn(question, rw.resolved_query, rw.search_query, rw.intent, answer or "",
                                    [(r.name, r.args) for r in (last_step or results)], sources,
                                    planned.plan if planned else plan, result_paths(last_step or results)))
        yield AnswerStep(answer or "", sources, path, overall, self.llm.model_id, timings, sid, steps_used,
                         verdict.reason, routes, [r.name for r in results], answered_by=path, intent=plan.intent)

    def _run_planned(self, planned: direct.Direct, question: str, session: str | None, timings: dict[str, float],
                     t_start: float, check_cancel: Callable[[], None]) -> Iterator[Step]:
        """The planner answers alone: its tool calls, then an answer composed from their results."""
        results: list[ToolResult] = []
        tool_ms = 0.0
        calls = list(planned.calls)
        while calls:
            call = calls.pop(0)
            check_cancel()
            yield ToolCallStep(0, call.id, call.name, call.args, "planner")
            t0 = time.perf_counter()
            res = self.registry.execute(call.name, call.args)
            elapsed = _ms(t0)
            tool_ms += elapsed
            results.append(res)
            yield ToolResultStep(0, call.id, call.name, res.ok, result_summary(res), res.error,
                                 list(res.output.sources), elapsed)
            if not calls and planned.fallback and direct.found_nothing(res):
                calls, planned.fallback = planned.fallback, []  # nothing in the previous file: look everywhere
                results = []
        answer, sources = direct.answer(planned, results, self._more_facts)
        yield TokenStep(answer)
        timings.update({"llm_ms": 0.0, "tools_ms": round(tool_ms, 1), "total_ms": _ms(t_start)})
        sid = session or uuid.uuid4().hex[:12]
        self.sessions.add(sid, Turn(question, planned.question, planned.question, planned.plan.intent, answer,
                                    [(r.name, r.args) for r in results], sources, planned.plan, result_paths(results)))
        yield AnswerStep(answer, sources, "planner", "planner", self.llm.model_id, timings, sid, 1, "",
                         ["planner"], [r.name for r in results], answered_by="planner", intent=planned.plan.intent)

    # -- internals -----------------------------------------------------------
    def _more_facts(self, query: str, path: str) -> list[tuple[str, str, str]]:
        """Every fact of one file for ``query``, best first (a follow-up skips the one already given)."""
        ids = {f.id for f in files_at([path], self.ctx.files()).values()}
        if not ids:
            return []
        ex = find_facts(self.ctx, query, top_k=10, only_files=ids)
        return [(f.text, f.path, f.file_name) for f in ex.facts[:20]]

    def _file_terms(self, terms: list[str]) -> set[int]:
        """Ids of the files whose text has one of ``terms`` (full-text index)."""
        return self.ctx.catalog.fts_file_ids(fts_terms(terms))

    def _text_of(self, f: Any) -> str:
        """A catalog file's indexed text (its first passages), for follow-ups that look inside it."""
        out: list[str] = []
        size = 0
        for text in self.ctx.passages(f.id):
            out.append(text)
            size += len(text)
            if size > 200_000:
                break
        return "\n".join(out)

    def _phrase_messages(self, question: str, facts: list[str]) -> list[dict[str, Any]]:
        """The phrasing call: the same system prompt (a cached prefix), then only the question and its facts."""
        lines = "\n".join(f"- {f}" for f in facts)
        return [{"role": "system", "content": self.system_prompt()},
                {"role": "user", "content": PHRASE_PROMPT.format(question=question, facts=lines)}]

    def _generate(self, messages: list[dict[str, Any]], tools: list[dict[str, Any]] | None, *, stream: bool,
                  cancel: threading.Event | None,
                  max_tokens: int | None = None) -> Generator[Step, None, tuple[str, list[dict[str, Any]]]]:
        limit = max_tokens or self.step_max_tokens
        if not stream:
            out = self.llm.chat(messages, tools=tools, max_tokens=limit)
            if isinstance(out, ChatResult):
                return out.text or "", out.tool_calls
            return "".join(out), []
        pieces = self.llm.chat(messages, tools=tools, max_tokens=limit, stream=True)
        if isinstance(pieces, ChatResult):
            return pieces.text or "", pieces.tool_calls
        text = ""
        emitting = None  # undecided until we see enough text
        for piece in pieces:
            if cancel is not None and cancel.is_set():
                close = getattr(pieces, "close", None)
                if close:
                    close()
                raise Cancelled("the query was cancelled")
            text += piece
            if emitting is None and (len(text.strip()) >= 12):
                emitting = not _looks_like_call(text)
                if emitting:
                    yield TokenStep(text)
                continue
            if emitting and guard.is_degenerate(text) == "markup debris":
                emitting = False  # the model started echoing tool calls or template markup: stop streaming it
            if emitting:
                yield TokenStep(piece)
        if emitting is None and text.strip() and not _looks_like_call(text):
            yield TokenStep(text)
        return text, []

    def _needs_followup(self, rw: Rewrite, results: list[ToolResult], done: set[str]) -> ToolCall | None:
        """The model answered, but the question's keywords never showed up in a tool result."""
        corpus = " ".join((r.output.text + " " + " ".join(r.output.data.get("files", []))).lower()
                          for r in results if r.ok)
        if not any(r.ok for r in results):
            return None  # the model saw only errors; its answer stands
        kws = keywords(rw.search_query) if rw.followup else (keywords(in_english(rw.original)) or keywords(in_english(rw.resolved_query)))
        missing = [k for k in kws if k not in corpus and k not in GENERIC_WORDS]
        if not missing:
            return None
        for kw in missing:
            args = {"pattern": kw}
            if _call_key("grep_files", args) not in done:
                return ToolCall("grep_files", args, id="followup", fmt="followup")
        args2 = {"query": rw.search_query or rw.resolved_query}
        if not any(r.name == "semantic_search" for r in results) and _call_key("semantic_search", args2) not in done:
            return ToolCall("semantic_search", args2, id="followup", fmt="followup")
        return None


def _already() -> Any:
    from .registry import ToolOutput

    return ToolOutput("You already called this tool with these arguments; the result is above.")


def _ms(t0: float) -> float:
    return round((time.perf_counter() - t0) * 1000, 1)
