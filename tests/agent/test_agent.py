"""The agent loop with a scripted LLM over a real catalog and index: every branch of the loop."""

from __future__ import annotations

import json
import threading
from pathlib import Path

import pytest

from manoled.agent.fake import FakeLLM
from manoled.agent.llm import ChatResult
from manoled.agent.loop import Agent
from manoled.agent.steps import AnswerStep, RewriteStep, TokenStep, ToolCallStep, ToolResultStep
from manoled.config import AgentConfig
from manoled.errors import Cancelled

TC = "<|tool_call_start|>[{}]<|tool_call_end|>"


def make(ctx, *outputs, rewrite=False, rewrites=(), **cfg):
    llm = FakeLLM(agent=list(outputs), rewrite=list(rewrites))
    return llm, Agent(llm, ctx, AgentConfig(**cfg), rewrite=rewrite)


def run(agent, question, **kw):
    steps = list(agent.run(question, **kw))
    final = steps[-1]
    assert isinstance(final, AnswerStep)
    return steps, final


def calls(steps):
    return [(s.tool, s.args, s.route) for s in steps if isinstance(s, ToolCallStep)]


def test_model_tool_call_then_answer(ctx):
    llm, agent = make(ctx, TC.format('count_files(extension="pdf")'), "You have 2 PDF files.")
    steps, final = run(agent, "how many PDFs?")
    assert calls(steps) == [("count_files", {"extension": "pdf"}, "model")]
    assert (final.answer, final.path, final.route, final.model) == ("You have 2 PDF files.", "model", "model", "fake")
    assert final.sources == [] and final.steps == 2


def test_planner_on_step_0_when_the_model_calls_no_tool(ctx):
    llm, agent = make(ctx, "I'll help you find that information.", "You have 2 PDF files.")
    steps, final = run(agent, "how many PDF files do I have?")
    assert calls(steps) == [("count_files", {"extension": "pdf"}, "planner")]
    assert final.route == "planner" and final.answer == "You have 2 PDF files." and final.routes == ["planner"]
    assert final.answered_by == "model"
    # the router's call is shown to the model as if it had made it
    tool_msgs = [m for m in llm.calls[1].messages if m["role"] == "tool"]
    assert tool_msgs[0]["content"] == "Found 2 .pdf files."


def test_direct_answer_on_a_later_step(ctx):
    _, agent = make(ctx, TC.format('count_files(extension="txt")'), "There are 4 text files.")
    _, final = run(agent, "how many text files?")
    assert final.answer == "There are 4 text files." and final.path == "model"


def test_respond_tool_gives_the_answer(ctx):
    _, agent = make(ctx, TC.format('count_files(extension="txt")'),
                    TC.format('respond(answer="You have 4 text files.")'))
    steps, final = run(agent, "how many text files?")
    assert final.answer == "You have 4 text files." and final.path == "model"
    assert [c[0] for c in calls(steps)] == ["count_files"]  # respond is not executed as a tool


def test_max_steps_forces_a_synthesis_turn(ctx):
    outputs = [TC.format(f'grep_files(pattern="zz{i}")') for i in range(5)] + ["Nothing matched those names."]
    llm, agent = make(ctx, *outputs)
    steps, final = run(agent, "complex question about zz0 zz1 zz2 zz3 zz4")
    assert len(llm.calls_for("agent")) == 6  # 5 tool steps + 1 forced synthesis
    assert "Give a concise final answer" in llm.calls[-1].messages[-1]["content"]
    assert final.answer == "Nothing matched those names." and final.steps == 5


def test_json_tool_call_format(ctx):
    _, agent = make(ctx, json.dumps({"name": "count_files", "params": {"extension": "pdf"}}), "You have 2 PDFs.")
    steps, final = run(agent, "how many PDFs?")
    assert calls(steps)[0][:2] == ("count_files", {"extension": "pdf"}) and "2" in final.answer


def test_unknown_tool_error_goes_back_to_the_model(ctx):
    llm, agent = make(ctx, TC.format('magic_tool(query="hi")'), "Sorry, I could not do that.")
    steps, final = run(agent, "do magic")
    (res,) = [s for s in steps if isinstance(s, ToolResultStep)]
    assert not res.ok and "unknown tool" in res.error
    assert any(m["role"] == "tool" and m["content"].startswith("Error: unknown tool") for m in llm.calls[1].messages)
    assert final.answer == "Sorry, I could not do that."


def test_several_calls_in_one_step_run_in_order(ctx):
    llm, agent = make(ctx, TC.format('count_files(extension="pdf"), grep_files(pattern="macbook")'),
                      "You have 2 PDFs; one is macbook_ssd_upgrade.pdf.")
    steps, final = run(agent, "any macbook pdfs")
    assert [c[0] for c in calls(steps)] == ["count_files", "grep_files"]
    msgs = llm.calls[1].messages
    tool_msgs = [m for m in msgs if m["role"] == "tool"]
    assert [m["name"] for m in tool_msgs] == ["count_files", "grep_files"]
    assert [m["tool_call_id"] for m in tool_msgs] == ["call_0", "call_1"]
    assert final.path == "model" and final.sources[0].endswith("macbook_ssd_upgrade.pdf")


def test_native_tool_calls_and_schemas_via_the_template(ctx):
    native = [{"id": "abc", "type": "function", "function": {"name": "grep_files", "arguments": '{"pattern": "invoice"}'}}]
    llm, agent = make(ctx, ChatResult("", tool_calls=native), "invoice_april.txt and invoice_march.txt.")
    llm.supports_tools = True
    steps, final = run(agent, "find invoice files")
    first = llm.calls[0]
    assert first.tools and {t["function"]["name"] for t in first.tools} >= {"grep_files", "respond"}
    assert "Tools:" not in first.messages[0]["content"]  # schemas go through the template, not the prompt
    assert llm.calls[1].messages[-2]["tool_calls"] == native
    assert llm.calls[1].messages[-1]["tool_call_id"] == "abc"
    assert final.path == "model" and len(final.sources) == 2


def test_text_tool_descriptions_in_the_system_prompt_without_template_support(ctx):
    llm, agent = make(ctx, TC.format("disk_usage()"), "About 100 KB.")
    run(agent, "how much space?")
    assert llm.calls[0].tools is None
    assert "count_files(extension?" in llm.calls[0].messages[0]["content"]


def test_followup_greps_for_keywords_the_model_ignored(ctx):
    """'any macbook pdfs' -> count_files(pdf) -> model stops early -> grep_files(macbook)."""
    _, agent = make(ctx, TC.format('count_files(extension="pdf")'), "There are 2 PDF files.",
                    "Yes, macbook_ssd_upgrade.pdf.")
    steps, final = run(agent, "any macbook pdfs")
    assert calls(steps) == [("count_files", {"extension": "pdf"}, "model"),
                            ("grep_files", {"pattern": "macbook"}, "followup")]
    assert final.route == "followup" and final.answer == "Yes, macbook_ssd_upgrade.pdf." and final.path == "model"


def test_no_followup_when_the_results_cover_the_keywords(ctx):
    _, agent = make(ctx, TC.format('semantic_search(query="carbonara eggs")'), "Carbonara uses 3 eggs.")
    steps, final = run(agent, "how many eggs in carbonara")
    assert [c[0] for c in calls(steps)] == ["semantic_search"]
    assert final.answer == "Carbonara uses 3 eggs." and final.sources[0].endswith("carbonara.md")


def test_guard_replaces_a_wrong_count(ctx):
    _, agent = make(ctx, TC.format('count_files(extension="pdf")'), "You have 7 PDF files.")
    _, final = run(agent, "how many PDFs?")
    assert final.path == "guard" and final.answer == "You have 2 .pdf files." and "7" in final.guard_reason


def test_guard_replaces_degenerate_answers(ctx):
    for bad in ("", "files files files files files files files files files files files files files",
                "<|im_start|>assistant<|im_end|>", '{"name": '):
        _, agent = make(ctx, TC.format('grep_files(pattern="invoice")'), bad)
        _, final = run(agent, "find invoices by name")
        assert final.path == "guard", bad
        assert "invoice_april.txt" in final.answer and "invoice_march.txt" in final.answer


def test_guard_rejects_invented_files_and_cites_only_returned_sources(ctx, corpus_core):
    _core, root = corpus_core
    _, agent = make(ctx, TC.format('grep_files(pattern="invoice")'), "See invoice_2019_secret.pdf and tax.xlsx.")
    _, final = run(agent, "find invoices by name")
    assert final.path == "guard" and "invoice_2019_secret" not in final.answer
    assert sorted(final.sources) == sorted([str(root / "invoices/invoice_april.txt"),
                                            str(root / "invoices/invoice_march.txt")])
    assert all(Path(s).exists() for s in final.sources)


def test_guard_uses_extracted_facts_when_the_model_ignores_them(ctx):
    _, agent = make(ctx, TC.format('semantic_search(query="engineering budget")'), "I am not sure about that.")
    _, final = run(agent, "what is the engineering budget?")
    assert final.path == "guard" and "450,000" in final.answer and "budget_2024.txt" in final.answer
    assert final.sources[0].endswith("budget_2024.txt")


def test_guard_rejects_an_invented_file_count(ctx):
    _, agent = make(ctx, TC.format('list_files(extension="pdf")'),
                    "3 .pdf files: macbook_ssd_upgrade.pdf and router_setup.pdf.")
    _, final = run(agent, "list the pdf files")
    assert final.path == "guard" and "file count" in final.guard_reason


def test_guard_rejects_invented_numbers(ctx):
    _, agent = make(ctx, TC.format('file_metadata(name_hint="budget_2024.txt")'),
                    "budget_2024.txt is 98765 bytes.")
    _, final = run(agent, "how big is budget_2024.txt?")
    assert final.path == "guard" and "budget_2024.txt" in final.answer


def test_sessions_keep_the_last_turns(ctx):
    llm, agent = make(ctx, TC.format('grep_files(pattern="invoice")'), "invoice_april.txt and invoice_march.txt.",
                      "Let me check.", "Those are all the invoice files: invoice_april.txt and invoice_march.txt.")
    _, first = run(agent, "find invoice files", session="s1")
    assert first.session == "s1"
    steps, second = run(agent, "aren't there more?", session="s1")
    user_contents = [m["content"] for m in llm.calls[-1].messages if m["role"] == "user"]
    assert "find invoice files" in user_contents
    # the follow-up lists the previous turn's files again, through the planner
    name, args, _ = calls(steps)[0]  # the invoices folder, or files about invoices
    assert name == "list_files" and (args.get("about") == "invoice" or args.get("folder") == "invoices")
    assert second.route == "planner" and "invoice_march.txt" in second.answer


def test_history_is_capped_at_two_turns(ctx):
    outs = []
    for _ in range(4):
        outs += [TC.format("disk_usage()"), "Some space is used."]
    outs += ["I don't know.", "Nothing more."]
    llm, agent = make(ctx, *outs)
    for i in range(4):
        run(agent, f"question number {i} about space usage", session="s")
    run(agent, "final question about space usage", session="s")
    msgs = llm.calls_for("agent")[-2].messages
    assert [m["role"] for m in msgs[:6]] == ["system", "user", "assistant", "user", "assistant", "user"]
    assert msgs[1]["content"] == "question number 2 about space usage"


def test_new_sessions_get_an_id(ctx):
    _, agent = make(ctx, TC.format("disk_usage()"), "Total: some.")
    _, final = run(agent, "how much space?")
    assert final.session and len(final.session) == 12


def test_repeated_calls_are_not_executed_twice(ctx):
    llm, agent = make(ctx, TC.format('grep_files(pattern="invoice")'), TC.format('grep_files(pattern="invoice")'),
                      "invoice_april.txt and invoice_march.txt.")
    steps, final = run(agent, "find invoice files")
    # the repeat is not executed again: it ends the tool phase (a small model stuck in a loop)
    assert len(calls(steps)) == 1 and final.tools == ["grep_files"]
    assert "invoice_april.txt" in final.answer


def test_cancel_before_and_during_a_run(ctx):
    _, agent = make(ctx, TC.format("disk_usage()"), "x")
    cancel = threading.Event()
    cancel.set()
    with pytest.raises(Cancelled):
        list(agent.run("how much space?", cancel=cancel))
    _, agent = make(ctx, TC.format("disk_usage()"), "This answer is never reached.")
    cancel = threading.Event()
    gen = agent.run("how much space?", cancel=cancel)
    for step in gen:
        if isinstance(step, ToolResultStep):
            cancel.set()
            break
    with pytest.raises(Cancelled):
        list(gen)


def test_answer_tokens_are_streamed_but_tool_calls_are_not(ctx):
    answer = "You have 2 PDF files: macbook_ssd_upgrade.pdf and router_setup.pdf."
    _, agent = make(ctx, TC.format('count_files(extension="pdf")'), TC.format('grep_files(pattern="pdf")'), answer)
    steps, final = run(agent, "how many PDFs?")
    tokens = "".join(s.text for s in steps if isinstance(s, TokenStep))
    assert tokens == answer == final.answer


def test_no_rewrite_call_when_the_planner_resolved_the_question(ctx):
    llm, agent = make(ctx, "no idea", "You have 2 PDF files.", rewrite=True)
    steps, final = run(agent, "how many pdf documents do I have?")
    rw = steps[0]
    assert isinstance(rw, RewriteStep) and rw.source == "planner" and rw.intent == "count"
    assert not llm.calls_for("rewrite") and len(llm.calls_for("agent")) == 2
    assert calls(steps)[0][0] == "count_files" and final.answer == "You have 2 PDF files."


def test_step_records_map_to_protocol_events(ctx):
    _, agent = make(ctx, "hmm", "You have 2 PDF files.")
    steps, final = run(agent, "how many PDF files?")
    events = [s.to_event() for s in steps]
    json.dumps(events)  # plain data
    kinds = [(e["event"], e["data"].get("type")) for e in events]
    assert kinds[0] == ("step", "rewrite") and ("step", "tool_call") in kinds and ("step", "tool_result") in kinds
    assert ("token", None) in kinds and kinds[-1] == ("final", None)
    call = next(e for e in events if e["data"].get("type") == "tool_call")["data"]
    assert set(call) == {"type", "step", "id", "tool", "args", "route"}
    result = next(e for e in events if e["data"].get("type") == "tool_result")["data"]
    assert set(result) == {"type", "step", "id", "tool", "ok", "summary", "error", "sources", "ms"}
    data = events[-1]["data"]
    assert {"answer", "sources", "timings", "path", "route", "model", "session"} <= set(data)
    assert set(data["timings"]) == {"plan_ms", "llm_ms", "tools_ms", "total_ms"}
    assert data["answered_by"] in ("model", "guard") and data["intent"] == "count"


# -- guardrails for small models ----------------------------------------------------------
def test_echoed_tool_list_is_not_a_call(ctx):
    """A base model that copies the tool list ("count_files(extension?)") made no call: the planner's runs."""
    _, agent = make(ctx, "count_files(extension?, time_filter?)\nsemantic_search(query, top_k?)", "You have 2 PDF files.")
    steps, final = run(agent, "how many PDF files do I have?")
    assert calls(steps) == [("count_files", {"extension": "pdf"}, "planner")]
    assert final.route == "planner"


def test_a_well_formed_call_from_a_capable_model_is_never_dropped(ctx):
    """The old keyword veto dropped semantic_search for "storage capacity …" (it saw "storage"): no longer."""
    _, agent = make(ctx, TC.format('semantic_search(query="SSD storage capacity macbook")'), *["I could not find it."] * 4)
    steps, _ = run(agent, "storage capacity of the SSD in the macbook guide")
    assert calls(steps)[0] == ("semantic_search", {"query": "SSD storage capacity macbook"}, "model")


def test_a_call_with_words_not_in_the_question_still_runs(ctx):
    _, agent = make(ctx, TC.format('file_metadata(name_hint="budget")'), *["budget_2024.txt is 79 bytes."] * 4)
    steps, _ = run(agent, "what is in the spending notes?")
    assert calls(steps)[0] == ("file_metadata", {"name_hint": "budget"}, "model")


def test_which_ones_after_a_count_lists_the_files(ctx):
    _, agent = make(ctx, "Let me count.", "You have 2 PDF files.", "ok", "ok", "ok", "ok")
    _, first = run(agent, "how many PDF files do I have?")
    steps, final = run(agent, "and which ones are they?", session=first.session)
    assert calls(steps)[0][0] == "list_files" and calls(steps)[0][1]["extension"] == "pdf"
    assert "macbook_ssd_upgrade.pdf" in final.answer


def test_answer_that_repeats_the_system_prompt_is_replaced(ctx):
    from manoled.agent.loop import SYSTEM_PROMPT

    echo = " ".join(SYSTEM_PROMPT.split()[:20])
    _, agent = make(ctx, "Let me see.", echo)
    _, final = run(agent, "how many PDF files do I have?")
    assert final.path == "guard" and final.guard_reason == "repeats its instructions" and "2" in final.answer


# -- a capable model: one short phrasing call for a content question -----------------------------
def test_content_question_with_a_capable_model_is_phrased_by_one_short_call(ctx):
    llm, agent = make(ctx, TC.format('semantic_search(query="engineering budget 2024")'),
                      "The engineering budget for 2024 is 450,000 euros (budget_2024.txt).")
    steps, final = run(agent, "what is the engineering budget for 2024?")
    assert calls(steps) == [("semantic_search", {"query": "engineering budget 2024"}, "model")]
    agent_calls = llm.calls_for("agent")
    assert len(agent_calls) == 2 and not llm.calls_for("rewrite")  # the model's tool call, then one phrasing call
    phrase = agent_calls[1]
    # the same system prompt (a reusable prefix), then only the question and the top facts: no tool output
    assert phrase.messages[0] == agent_calls[0].messages[0] and phrase.tools is None and phrase.stream
    assert [m["role"] for m in phrase.messages] == ["system", "user"]
    assert "450,000 euros" in phrase.messages[1]["content"] and len(phrase.messages[1]["content"]) < 700
    assert final.answer.startswith("The engineering budget") and final.answered_by == "model"
    assert [Path(s).name for s in final.sources][:1] == ["budget_2024.txt"]
    first_token = next(i for i, s in enumerate(steps) if isinstance(s, TokenStep))
    assert first_token > max(i for i, s in enumerate(steps) if isinstance(s, ToolResultStep))


def test_content_question_the_model_makes_no_call_for_is_searched_by_the_planner_then_phrased(ctx):
    llm, agent = make(ctx, "Let me think about that.", "The rent? No: the 2024 budget is 450,000 euros.")
    steps, final = run(agent, "what is the engineering budget for 2024?")
    assert [(c[0], c[2]) for c in calls(steps)] == [("semantic_search", "planner")]
    assert len(llm.calls_for("agent")) == 2 and llm.calls_for("agent")[1].tools is None


def test_a_follow_up_the_planner_resolved_needs_no_rewrite_call(ctx):
    llm, agent = make(ctx, TC.format('count_files(extension="pdf")'), "You have 2 PDF files.",
                      TC.format('list_files(extension="pdf")'), "macbook_ssd_upgrade.pdf and router_setup.pdf.",
                      rewrite=True)
    run(agent, "how many PDFs do I have?", session="s")
    steps, _ = run(agent, "which ones?", session="s")
    assert steps[0].followup and steps[0].source == "planner" and not llm.calls_for("rewrite")


def test_a_question_in_another_language_reaches_the_model_as_said(ctx):
    llm, agent = make(ctx, TC.format('count_files(extension="pdf")'), "Tienes 2 PDF.")
    steps, final = run(agent, "¿cuántos pdf tengo?")
    assert llm.calls[0].messages[-1]["content"] == "¿cuántos pdf tengo?"  # the planner read "how many"
    rewrite = next(s for s in steps if isinstance(s, RewriteStep))
    assert rewrite.original == "¿cuántos pdf tengo?"
    assert final.answer == "Tienes 2 PDF."
