"""The read-only tools against a real catalog and LEANN index built from fixture files."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from manoled.agent.tools import ALL_TOOLS, build_registry


@pytest.fixture
def reg(ctx):
    return build_registry(ctx)


def run(reg, name, **args):
    res = reg.execute(name, args)
    assert res.ok, res.error
    return res.output


def test_every_tool_is_registered_with_a_schema(reg):
    assert reg.names() == [t.__name__ for t in ALL_TOOLS]
    assert len(reg.names()) == 9 and "respond" in reg.names()


def test_count_files_all_by_extension_and_kind(reg):
    assert run(reg, "count_files").data["count"] == 8
    out = run(reg, "count_files", extension="pdf")
    assert out.data["count"] == 2 and out.text == "Found 2 .pdf files."
    assert run(reg, "count_files", extension=".TXT").data["count"] == 4
    assert run(reg, "count_files", extension="text").data["count"] == 4  # "text" means .txt, as the router says


def test_count_files_time_filter(reg):
    assert run(reg, "count_files", time_filter="today").data["count"] >= 1
    assert run(reg, "count_files", time_filter="week").data["count"] == 3
    assert run(reg, "count_files", extension="txt", time_filter="year").data["count"] == 3
    assert "must be one of" in reg.execute("count_files", {"time_filter": "decade"}).error


def test_list_files_sorting_and_limit(reg, corpus_core):
    _core, root = corpus_core
    by_date = run(reg, "list_files", limit=3)
    assert by_date.data["files"] == ["invoice_april.txt", "invoice_march.txt", "budget_2024.txt"]
    assert by_date.sources == [str(root / "invoices/invoice_april.txt"), str(root / "invoices/invoice_march.txt"),
                               str(root / "notes/budget_2024.txt")]
    assert run(reg, "list_files", sort_by="size", limit=1).data["files"] == ["dataset.csv"]
    assert run(reg, "list_files", sort_by="name", extension="pdf").data["files"] == [
        "macbook_ssd_upgrade.pdf", "router_setup.pdf"]
    assert run(reg, "list_files", folder="invoices", sort_by="name").data["files"] == [
        "invoice_april.txt", "invoice_march.txt"]


def test_file_metadata(reg):
    out = run(reg, "file_metadata", name_hint="budget_2024.txt")
    assert out.data["files"] == ["budget_2024.txt"] and "notes/budget_2024.txt" in out.text and "modified" in out.text
    assert run(reg, "file_metadata", name_hint="carbonara").data["files"] == ["carbonara.md"]
    assert run(reg, "file_metadata", name_hint="notes/carbonara.md").data["files"] == ["carbonara.md"]
    assert "No file matching" in run(reg, "file_metadata", name_hint="nothing-like-this").text


def test_grep_files_substring_and_wildcards(reg):
    out = run(reg, "grep_files", pattern="invoice")
    assert out.data["files"] == ["invoice_april.txt", "invoice_march.txt"] and out.data["count"] == 2
    assert run(reg, "grep_files", pattern="MacBook").data["files"] == ["macbook_ssd_upgrade.pdf"]
    assert run(reg, "grep_files", pattern="*.pdf").data["count"] == 2
    assert run(reg, "grep_files", pattern="zebra").data["files"] == []


def test_directory_tree(reg):
    out = run(reg, "directory_tree", max_depth=1)
    assert "invoices/ (2 files)" in out.text and "notes/ (2 files)" in out.text and "budget_2024.txt" not in out.text
    deeper = run(reg, "directory_tree", max_depth=2)
    assert "budget_2024.txt" in deeper.text
    sub = run(reg, "directory_tree", folder="manuals")
    assert "router_setup.pdf" in sub.text and "invoices" not in sub.text


def test_folder_stats_and_disk_usage(reg, corpus_core):
    _core, root = corpus_core
    stats = run(reg, "folder_stats", sort_by="size", limit=2)
    assert stats.data["folders"] == [root.name, f"{root.name}/big"]
    by_count = run(reg, "folder_stats", sort_by="count", limit=2)
    assert by_count.data["folders"][0] == root.name
    usage = run(reg, "disk_usage")
    total = sum(p.stat().st_size for p in root.rglob("*") if p.is_file())
    assert usage.data["total_bytes"] == total and usage.text.startswith("Total:") and "- csv:" in usage.text
    named = run(reg, "disk_usage", about="invoice")  # the files a word names, wherever they are
    invoices = [p for p in root.rglob("*invoice*") if p.is_file()]
    assert invoices and named.data["count"] == len(invoices) and \
        named.data["total_bytes"] == sum(p.stat().st_size for p in invoices)


@pytest.mark.parametrize("bad", ["../", "../../etc", "notes/../../x", "/etc", "/etc/passwd"])
def test_paths_escaping_the_roots_are_refused(reg, bad):
    for name, arg in (("list_files", "folder"), ("directory_tree", "folder")):
        res = reg.execute(name, {arg: bad})
        assert not res.ok and ("refused" in res.error or "outside the watched folders" in res.error), res.error
    res = reg.execute("file_metadata", {"name_hint": bad})
    assert (not res.ok) or res.output.data["files"] == []


def test_symlink_out_of_the_root_is_refused(reg, ctx, corpus_core, tmp_path):
    _core, root = corpus_core
    outside = tmp_path / "outside"
    outside.mkdir()
    link = root / "escape"
    os.symlink(outside, link)
    try:
        res = reg.execute("directory_tree", {"folder": "escape"})
        assert not res.ok and "symlink" in res.error
    finally:
        link.unlink()


def test_absolute_path_inside_a_root_is_allowed(reg, corpus_core):
    _core, root = corpus_core
    assert run(reg, "list_files", folder=str(root / "notes"), sort_by="name").data["files"] == [
        "budget_2024.txt", "carbonara.md"]


def test_semantic_search_extracts_the_fact_from_the_real_index_without_the_model(ctx, corpus_core):
    _core, root = corpus_core
    out = run(build_registry(ctx), "semantic_search", query="how much is the engineering budget", top_k=3)
    assert out.sources[0] == str(root / "notes/budget_2024.txt")
    assert "From budget_2024.txt:" in out.text
    assert out.data["answer"] == "The engineering budget for 2024 is 450,000 euros. (from budget_2024.txt)"
    assert all(Path(s).exists() for s in out.sources)


def test_semantic_search_without_an_index_is_a_tool_error(ctx):
    ctx.search = None
    res = build_registry(ctx).execute("semantic_search", {"query": "x"})
    assert not res.ok and "not available" in res.error


def test_respond_returns_the_answer(reg):
    assert run(reg, "respond", answer="done").text == "done"
