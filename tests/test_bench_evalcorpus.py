"""bench/evalcorpus.py: the generated eval corpus keeps its invariants (sizes, splits, answers present)."""

from __future__ import annotations

import sys
from collections import Counter
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "bench"))

import evalcorpus as ec  # noqa: E402


@pytest.fixture(scope="module")
def corpus(tmp_path_factory: pytest.TempPathFactory) -> ec.Corpus:
    return ec.build(tmp_path_factory.mktemp("corpus") / "files", seed=13)


def test_corpus_has_enough_files_and_questions_of_every_intent_in_both_halves(corpus):
    assert len(corpus.files) >= 60
    assert len(corpus.questions) >= 120
    per_intent = Counter(q.intent for q in corpus.questions)
    assert set(per_intent) == set(ec.INTENTS)
    assert min(per_intent.values()) >= 20
    for split in ec.SPLITS:
        halves = Counter(q.intent for q in corpus.by_split(split))
        assert all(halves[i] >= 8 for i in ec.INTENTS), (split, halves)


def test_written_files_match_their_records(corpus):
    on_disk = {p.relative_to(corpus.root).as_posix() for p in corpus.root.rglob("*") if p.is_file()}
    assert on_disk == set(corpus.files)
    for f in corpus.files.values():
        st = (corpus.root / f.relpath).stat()
        assert (st.st_size, st.st_mtime) == (f.size, f.mtime)
    assert {f.ext for f in corpus.files.values()} >= {"txt", "md", "csv", "html", "pdf", "docx", "jpg", "png"}


def test_a_question_about_a_file_is_in_that_files_half(corpus):
    for q in corpus.questions:
        assert q.split == corpus.splits[q.about[0]]
        if q.fact_files:
            assert corpus.splits[q.fact_files[0]] == q.split, q.id


def test_content_facts_come_in_three_wordings_found_in_their_file(corpus):
    content = [q for q in corpus.questions if q.intent == "content"]
    by_fact = Counter(q.id.rsplit("-", 1)[0] for q in content)
    assert set(by_fact.values()) == {3}
    assert len({q.text for q in corpus.questions}) == len(corpus.questions)
    for q in content:
        for rel in q.fact_files:
            assert ec.expect_met(corpus.files[rel].text, q.expect), (q.id, rel)


def test_generation_is_deterministic_for_a_seed(corpus, tmp_path):
    again = ec.build(tmp_path / "files", seed=13, now=corpus.now)
    assert [(q.id, q.text, q.expect, q.split) for q in again.questions] == [
        (q.id, q.text, q.expect, q.split) for q in corpus.questions]


def test_matching_normalises_money_case_and_units_but_not_longer_numbers():
    assert ec.matches("Total: €1,250.00 incl. VAT", "1250")
    assert ec.matches("it is 1.250,00 EUR", "1,250.00")
    assert ec.matches("Add 300 ML of buttermilk", "300ml")
    assert not ec.matches("You have 120 files", "12")
    assert not ec.matches("12.5 KB", "12 kb")
    assert ec.expect_met("Priya and Tomasz", (("Priya",), ("Tomasz",)))
    assert not ec.expect_met("Only Priya", (("Priya",), ("Tomasz",)))
