"""semantic_search's map-filter: score filter, per-chunk extraction, grouping, fallback."""

from __future__ import annotations

import json
from dataclasses import dataclass, field

from manoled.agent.fake import FakeLLM
from manoled.agent.searcher import Searcher


@dataclass
class FakeHit:
    passage_id: int
    score: float
    text: str
    path: str
    file_name: str
    page: int | None = None
    metadata: dict = field(default_factory=dict)


@dataclass
class FakeFile:
    id: int
    name: str
    path: str


class FakeIndex:
    def __init__(self, hits):
        self.hits = hits
        self.queries = []

    def __call__(self, query, k):
        self.queries.append((query, k))
        return self.hits[:k]


def hits(*texts, names=None, scores=None):
    names = names or [f"file{i}.txt" for i in range(len(texts))]
    scores = scores or [0.95 - i * 0.05 for i in range(len(texts))]
    return [FakeHit(i, scores[i], t, f"/docs/{names[i]}", names[i]) for i, t in enumerate(texts)]


def yes(*facts):
    return json.dumps({"relevant": True, "facts": list(facts)})


NO = json.dumps({"relevant": False, "facts": []})


def test_returns_facts_grouped_by_file():
    llm = FakeLLM(extract=[yes("Total Budget: $450,000")])
    out = Searcher(llm, FakeIndex(hits("Budget doc with $450k total"))).search_and_extract("budget")
    assert "From file0.txt:" in out.text and "$450,000" in out.text
    assert out.sources == ["/docs/file0.txt"]


def test_no_results():
    out = Searcher(FakeLLM(), FakeIndex([])).search_and_extract("quantum physics")
    assert "No matching content" in out.text and out.sources == []


def test_irrelevant_chunks_are_filtered():
    llm = FakeLLM(extract=[yes("Invoice #123"), NO])
    out = Searcher(llm, FakeIndex(hits("invoice data", "weather report"))).search_and_extract("invoices")
    assert "Invoice #123" in out.text and "file1" not in out.text and out.sources == ["/docs/file0.txt"]


def test_all_irrelevant_says_so():
    out = Searcher(FakeLLM(extract=[NO]), FakeIndex(hits("random text"))).search_and_extract("quantum")
    assert "none were relevant" in out.text.lower()


def test_score_prefilter_drops_chunks_below_85_percent_of_the_top():
    llm = FakeLLM(extract=[yes("fact1"), yes("fact2")])
    Searcher(llm, FakeIndex(hits("good", "ok", "bad", scores=[0.95, 0.82, 0.80]))).search_and_extract("test")
    # 0.85 * 0.95 = 0.8075: the third chunk is never sent to the model
    assert len(llm.calls_for("extract")) == 2


def test_one_chunk_per_model_call_with_file_context():
    llm = FakeLLM(extract=[yes("a fact"), yes("b fact")])
    Searcher(llm, FakeIndex(hits("alpha text", "beta text", names=["a.pdf", "b.pdf"]))).search_and_extract("q")
    calls = llm.calls_for("extract")
    assert "alpha text" in calls[0].messages[1]["content"] and "File: a.pdf" in calls[0].messages[1]["content"]
    assert "beta text" in calls[1].messages[1]["content"]


def test_unparsable_extraction_counts_as_irrelevant():
    out = Searcher(FakeLLM(extract=["not valid json at all"]), FakeIndex(hits("x"))).search_and_extract("test")
    assert "none were relevant" in out.text.lower()


def test_unparsable_extraction_keeps_a_quote_when_keywords_match():
    chunk = "INVOICE 2026-03. Item: MacBook Air. Total paid: 1,299.00 EUR."
    out = Searcher(FakeLLM(extract=["I think it is about a laptop"]), FakeIndex(hits(chunk, names=["inv.txt"]))
                   ).search_and_extract("what did I pay for the macbook?")
    assert "From inv.txt:" in out.text and "1,299.00 EUR" in out.text
    assert out.sources == ["/docs/inv.txt"]


def test_multiple_sources_grouped_and_facts_normalised():
    llm = FakeLLM(extract=[yes("fact A", {"name": "Total", "value": "5 EUR"}), yes("fact B", "x")])
    out = Searcher(llm, FakeIndex(hits("d1", "d2", names=["a.pdf", "b.pdf"]))).search_and_extract("test")
    assert "From a.pdf:" in out.text and "From b.pdf:" in out.text
    assert "Total: 5 EUR" in out.text and "  - x" not in out.text  # facts shorter than 3 chars are dropped


def test_top_k_and_query_reach_the_index():
    index = FakeIndex([])
    Searcher(FakeLLM(), index).search_and_extract("test", top_k=3)
    assert index.queries == [("test", 3)]


def test_filename_fallback_reads_matching_files():
    files = [FakeFile(1, "macbook_ssd.pdf", "/docs/macbook_ssd.pdf"), FakeFile(2, "other.txt", "/docs/other.txt")]
    llm = FakeLLM(extract=[NO, yes("Remove ten screws")])
    s = Searcher(llm, FakeIndex(hits("unrelated")), files=lambda: files, passages=lambda fid: ["SSD guide text"])
    out = s.search_and_extract("macbook ssd")
    assert out.fallback and out.sources == ["/docs/macbook_ssd.pdf"] and "Remove ten screws" in out.text


def test_filename_fallback_lists_names_when_nothing_is_extracted():
    files = [FakeFile(1, "macbook_ssd.pdf", "/docs/macbook_ssd.pdf")]
    s = Searcher(FakeLLM(), FakeIndex([]), files=lambda: files, passages=lambda fid: [])
    out = s.search_and_extract("macbook")
    assert "macbook_ssd.pdf" in out.text and out.sources == ["/docs/macbook_ssd.pdf"]
