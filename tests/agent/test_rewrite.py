"""The query rewriter: coreference, expansion, intent, and its fallbacks."""

from __future__ import annotations

import json

from manoled.agent.fake import FakeLLM
from manoled.agent.rewrite import REWRITER_SYSTEM, QueryRewriter
from manoled.agent.steps import Turn


def rw(*outputs):
    llm = FakeLLM(rewrite=list(outputs))
    return llm, QueryRewriter(llm)


def turn(question, answer, search_query=None, intent="list"):
    return Turn(question, question, search_query or question, intent, answer, [("grep_files", {"pattern": "invoice"})], [])


def test_system_prompt_names_the_fields():
    assert "intent" in REWRITER_SYSTEM.lower() and "search_query" in REWRITER_SYSTEM and "resolved_query" in REWRITER_SYSTEM


def test_parses_valid_json():
    llm, r = rw(json.dumps({"intent": "factual", "search_query": "engineering department budget allocation",
                            "resolved_query": "What is the engineering department budget?"}))
    out = r.rewrite("what is the budget?")
    assert (out.intent, out.source) == ("factual", "model")
    assert "budget" in out.search_query and "budget" in out.resolved_query


def test_resolves_coreference_with_history_in_the_user_message():
    llm, r = rw(json.dumps({"intent": "count", "search_query": "invoice receipt payment billing document",
                            "resolved_query": "Are there more invoices besides the 2 found?"}))
    out = r.rewrite("aren't there more?", [turn("any invoices?", "Found 2 invoices.")])
    assert out.intent == "count" and out.followup
    assert "invoice" in out.search_query and "invoice" in out.resolved_query.lower()
    (call,) = llm.calls
    assert "Recent conversation" in call.messages[1]["content"] and "aren't there more?" in call.messages[1]["content"]
    assert "Recent conversation" not in call.messages[0]["content"]


def test_fallback_on_garbage_and_empty_output():
    for garbage in ("I don't understand", ""):
        _, r = rw(garbage)
        out = r.rewrite("find invoices")
        assert (out.intent, out.search_query, out.resolved_query, out.source) == (
            "factual", "find invoices", "find invoices", "fallback")


def test_invalid_intent_defaults_to_factual():
    _, r = rw(json.dumps({"intent": "philosophical", "search_query": "meaning of life",
                          "resolved_query": "What is the meaning of life?"}))
    assert r.rewrite("meaning of life").intent == "factual"


def test_missing_fields_fall_back_to_the_raw_query():
    _, r = rw(json.dumps({"intent": "list"}))
    out = r.rewrite("find invoices")
    assert (out.intent, out.search_query, out.resolved_query) == ("list", "find invoices", "find invoices")


def test_invented_rewrite_is_rejected():
    _, r = rw(json.dumps({"intent": "factual", "search_query": "volcano lava eruption",
                          "resolved_query": "Tell me about volcanoes"}))
    out = r.rewrite("where is the carbonara recipe?")
    assert out.resolved_query == "where is the carbonara recipe?" and out.search_query == out.resolved_query


def test_keyword_intent_beats_the_model():
    _, r = rw(json.dumps({"intent": "factual", "search_query": "pdf", "resolved_query": "how many pdf files?"}))
    hist = [turn("hello", "hi")]
    assert r.rewrite("how many pdf files", hist).intent == "count"


def test_clear_filesystem_question_skips_the_model():
    llm, r = rw("never used")
    out = r.rewrite("how many pdf files do I have?")
    assert (out.intent, out.source) == ("count", "heuristic") and llm.calls == []


def test_followup_resolved_without_the_model():
    _, r = rw("garbage")
    out = r.rewrite("aren't there more?", [turn("any invoices?", "Found 2.", search_query="invoice billing")])
    assert out.followup and out.search_query == "invoice billing" and "any invoices?" in out.resolved_query
