"""The tool-call parser: native tool_calls and four text formats, tolerant of quoting mistakes."""

from __future__ import annotations

from manoled.agent.parse import parse_call_args, parse_json_object, parse_tool_calls, strip_tool_markup

KNOWN = ["semantic_search", "count_files", "list_files", "grep_files", "file_metadata", "respond"]
SIGS = {"semantic_search": ["query", "top_k"], "count_files": ["extension", "time_filter"],
        "grep_files": ["pattern"], "list_files": ["extension", "limit", "sort_by"], "respond": ["answer"],
        "file_metadata": ["name_hint"]}


def names_args(text, **kw):
    return [(c.name, c.args) for c in parse_tool_calls(text, known=KNOWN, signatures=SIGS, **kw)]


def test_native_tool_calls_win():
    native = [{"id": "c1", "type": "function", "function": {"name": "count_files", "arguments": '{"extension": "pdf"}'}},
              {"id": "c2", "type": "function", "function": {"name": "grep_files", "arguments": {"pattern": "x"}}}]
    calls = parse_tool_calls("ignored [list_files()]", native, known=KNOWN)
    assert [(c.name, c.args, c.id, c.fmt) for c in calls] == [
        ("count_files", {"extension": "pdf"}, "c1", "native"), ("grep_files", {"pattern": "x"}, "c2", "native")]


def test_lfm_native_single_call():
    assert names_args('<|tool_call_start|>[semantic_search(query="budget", top_k=3)]<|tool_call_end|>') == [
        ("semantic_search", {"query": "budget", "top_k": 3})]


def test_lfm_native_without_brackets_and_unknown_tool():
    # unknown names in the native format still parse: the registry reports them back to the model
    assert names_args('<|tool_call_start|>magic_tool(query="hi")<|tool_call_end|>') == [("magic_tool", {"query": "hi"})]


def test_lfm_list_of_several_calls():
    text = '<|tool_call_start|>[count_files(extension="pdf"), grep_files(pattern="macbook")]<|tool_call_end|>'
    assert names_args(text) == [("count_files", {"extension": "pdf"}), ("grep_files", {"pattern": "macbook"})]


def test_json_params_and_arguments_forms():
    assert names_args('{"name": "count_files", "params": {"extension": "pdf"}}') == [("count_files", {"extension": "pdf"})]
    assert names_args('Sure: {"name": "grep_files", "arguments": "{\\"pattern\\": \\"inv\\"}"}') == [
        ("grep_files", {"pattern": "inv"})]
    assert names_args('```json\n[{"name": "list_files", "parameters": {"limit": 3}}]\n```') == [
        ("list_files", {"limit": 3})]


def test_json_with_python_quoting_and_trailing_comma():
    assert names_args("{'name': 'count_files', 'params': {'extension': None,},}") == [("count_files", {"extension": None})]


def test_bracket_format_with_several_calls():
    assert names_args('I will check. [count_files(extension="txt"), list_files(limit=5)]') == [
        ("count_files", {"extension": "txt"}), ("list_files", {"limit": 5})]


def test_bare_call_only_for_known_tools():
    assert names_args('grep_files(pattern="invoice")') == [("grep_files", {"pattern": "invoice"})]
    assert names_args("I think print(x) would help, see (above).") == []


def test_plain_answer_has_no_calls():
    assert names_args("You have 3 PDF files.") == []
    assert names_args("") == []


def test_tolerates_quoting_mistakes():
    assert names_args("[grep_files(pattern=\u201cmacbook\u201d)]") == [("grep_files", {"pattern": "macbook"})]
    assert names_args("[grep_files(pattern=macbook)]") == [("grep_files", {"pattern": "macbook"})]
    assert names_args('[semantic_search(query="what\'s the budget, roughly, top_k=3)]')[0][0] == "semantic_search"
    assert names_args('[count_files(extension="pdf")') == [("count_files", {"extension": "pdf"})]


def test_positional_arguments_map_to_the_signature():
    assert names_args('[semantic_search("budget 2024", 4)]') == [("semantic_search", {"query": "budget 2024", "top_k": 4})]


def test_colon_style_and_literals():
    pos, kw = parse_call_args("extension: 'pdf', time_filter: null")
    assert pos == [] and kw == {"extension": "pdf", "time_filter": None}
    assert parse_call_args('answer="It is 5", done=true')[1] == {"answer": "It is 5", "done": True}


def test_respond_call_keeps_the_answer_text():
    assert names_args('[respond(answer="You have 2 text files, (a.txt and b.txt).")]') == [
        ("respond", {"answer": "You have 2 text files, (a.txt and b.txt)."})]


def test_json_object_helper_and_markup_stripping():
    assert parse_json_object('{"relevant": true, "facts": ["a"]}') == {"relevant": True, "facts": ["a"]}
    assert parse_json_object("nope") is None
    assert strip_tool_markup("<|tool_call_start|>[x()]<|tool_call_end|>Done.<|im_end|>") == "Done."


def test_tool_list_copied_back_is_not_a_call():
    sigs = {"count_files": ["extension", "time_filter"], "semantic_search": ["query", "top_k"]}
    assert parse_tool_calls("count_files(extension?, time_filter?)", signatures=sigs) == []
    assert parse_tool_calls("semantic_search(query, top_k?)", signatures=sigs) == []
    assert parse_tool_calls('semantic_search(query="query")', signatures=sigs) == []
    (call,) = parse_tool_calls('semantic_search(query="lease agreement")', signatures=sigs)
    assert call.args == {"query": "lease agreement"}
