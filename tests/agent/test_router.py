"""The keyword router and its rules."""

from __future__ import annotations

import pytest

from manoled.agent.router import detect_extension, detect_time_filter, is_followup, keywords, route, widen


@pytest.mark.parametrize(("query", "tool", "args"), [
    ("how many PDF files do I have?", "count_files", {"extension": "pdf", "time_filter": None}),
    ("how many files?", "count_files", {"extension": None, "time_filter": None}),
    ("HOW MANY PDF FILES?", "count_files", {"extension": "pdf", "time_filter": None}),
    ("how many photos did I add this week?", "count_files", {"extension": "image", "time_filter": "week"}),
    ("show me the directory structure", "directory_tree", {"max_depth": 2}),
    ("what folders do I have?", "directory_tree", {"max_depth": 2}),
    ("list files", "list_files", {"extension": None, "limit": 10, "sort_by": "date"}),
    ("show me recent files", "list_files", {"extension": None, "limit": 10, "sort_by": "date"}),
    ("what are my biggest files?", "list_files", {"extension": None, "limit": 10, "sort_by": "size"}),
    ("how much space do my files use?", "disk_usage", {}),
    ("which folder takes the most space?", "folder_stats", {"sort_by": "size", "limit": 10}),
    ("files named invoice", "grep_files", {"pattern": "invoice"}),
])
def test_route_rules(query, tool, args):
    assert route(query) == (tool, args)


def test_file_metadata_queries_carry_a_name_hint():
    assert route("when was invoice.pdf modified?") == ("file_metadata", {"name_hint": "invoice.pdf"})
    name, params = route("what is the file size of budget.pdf?")
    assert name == "file_metadata" and params["name_hint"] == "budget.pdf"


def test_content_questions_go_to_semantic_search():
    assert route("what is the target revenue?") == ("semantic_search", {"query": "what is the target revenue?"})
    assert route("find all invoices with amounts over $100")[0] == "semantic_search"


def test_detect_extension():
    assert detect_extension("how many PDF files") == "pdf"
    assert detect_extension("count text files") == "txt"
    assert detect_extension("how many .docx are there") == "docx"
    assert detect_extension("how many files") is None


def test_detect_time_filter():
    assert detect_time_filter("files from today") == "today"
    assert detect_time_filter("changed in the last month") == "month"
    assert detect_time_filter("all files") is None


def test_keywords_drop_stopwords_and_extension_words():
    assert keywords("any macbook pdfs") == ["macbook"]
    assert keywords("how many invoices do I have?") == ["invoice"]
    assert keywords("aren't there more?") == []


def test_followup_detection_and_widening():
    assert is_followup("aren't there more?")
    assert is_followup("what about the other ones?")
    assert not is_followup("what is the engineering budget for 2024 in euros?")
    assert widen("semantic_search", {"query": "x", "top_k": 5})["top_k"] == 10
    assert widen("list_files", {"limit": 10})["limit"] == 50


def test_how_many_about_content_is_a_search_not_a_count():
    """A question like "how many eggs in carbonara" needs no file count."""
    assert route("How many eggs go in the carbonara?")[0] == "semantic_search"
    assert route("how many invoices do I have?")[0] == "count_files"
    assert route("how many photos from the trip?")[0] == "count_files"
