"""Hybrid retrieval on a real catalog: the FTS5 table kept in step, reciprocal-rank fusion, fact extraction."""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass

import numpy as np
import pytest

from manoled.agent.facts import answer_text, extract
from manoled.agent.kinds import wanted_type
from manoled.agent.retrieve import Candidate, HybridSearch, rrf
from manoled.agent.units import units
from manoled.catalog.records import NewPassage
from manoled.catalog.store import Catalog


def vec() -> np.ndarray:
    return np.zeros(4, dtype=np.float32)


@pytest.fixture
def cat(tmp_path):
    c = Catalog(tmp_path / "catalog.sqlite3")
    root = c.add_root(tmp_path / "files")
    yield c, root
    c.close()


def add(c: Catalog, root, rel: str, *texts: str) -> int:
    fid = c.upsert_file(root.id, rel, size=10, mtime_ns=1, inode=1, kind="text", state="pending")
    c.replace_passages(fid, [NewPassage(i, t, None, vec()) for i, t in enumerate(texts)])
    return fid


def found(c: Catalog, *terms: str) -> set[str]:
    ids = [pid for pid, _ in c.fts_search(terms)]
    return {p.text for p in c.passages_by_ids(ids).values()}


def test_fts_follows_add_modify_move_and_delete(cat):
    c, root = cat
    fid = add(c, root, "bank/statement.txt", "IBAN DE44 5001 0517 5407 3249 31 for rent")
    assert found(c, "5407") == {"IBAN DE44 5001 0517 5407 3249 31 for rent"}
    c.replace_passages(fid, [NewPassage(0, "paid by card this time", None, vec())])  # modified
    assert found(c, "5407") == set() and found(c, "card") == {"paid by card this time"}
    assert found(c, "statement") == {"paid by card this time"}  # the path is searchable too
    c.move_file(fid, root.id, "archive/old_receipt.txt")
    assert found(c, "statement") == set() and found(c, "receipt") == {"paid by card this time"}
    c.delete_file(fid)
    assert found(c, "card") == set() and c.query("SELECT COUNT(*) FROM passages_fts")[0][0] == 0


def test_fts_rows_go_with_a_removed_root(cat):
    c, root = cat
    add(c, root, "a.txt", "alpha bravo")
    c.remove_root(root.id)
    assert found(c, "alpha") == set()


def test_fts_prefix_terms_and_user_text_are_quoted(cat):
    c, root = cat
    add(c, root, "notes.txt", "three invoices arrived", 'a "quoted" OR NEAR(word) text')
    assert found(c, "invoice*") == {"three invoices arrived"}
    c.fts_search(['"', "OR", "NEAR(", "*", "a-b"])  # user text never becomes FTS syntax (no error)


def test_existing_catalog_is_backfilled_on_start(tmp_path):
    path = tmp_path / "catalog.sqlite3"
    c = Catalog(path)
    root = c.add_root(tmp_path)
    add(c, root, "old.txt", "written before the full-text table existed")
    c.close()
    raw = sqlite3.connect(path)  # make it look like a catalog from before: no FTS rows, no marker
    raw.execute("DELETE FROM passages_fts")
    raw.execute("DELETE FROM meta WHERE key='fts'")
    raw.commit()
    raw.close()
    c = Catalog(path)
    assert found(c, "existed") == {"written before the full-text table existed"}
    c.close()


@dataclass
class Hit:
    passage_id: int
    score: float
    text: str
    path: str
    file_name: str


def test_rrf_fuses_an_exact_token_with_the_vector_ranking(cat):
    c, root = cat
    add(c, root, "bank/iban.txt", "Pay to IBAN NL91 ABNA 0417 1643 00 please")
    add(c, root, "notes/money.txt", "Money matters and banking thoughts")
    ids = {p.text: p.id for p in c.passages_by_ids(range(1, 10)).values()}
    money = ids["Money matters and banking thoughts"]

    iban_id = ids["Pay to IBAN NL91 ABNA 0417 1643 00 please"]
    only_vague = [Hit(money, 0.7, "Money matters and banking thoughts", "/x/notes/money.txt", "money.txt")]
    out = HybridSearch(c, lambda q, k: only_vague)("which account is NL91 ABNA 0417 1643 00", ["abna", "0417"])
    iban = next(x for x in out if x.file_name == "iban.txt")  # found by the full-text side alone
    assert iban.vector_score is None and iban.fts_rank == 1 and iban.terms == ["abna", "0417"]
    both = [*only_vague, Hit(iban_id, 0.3, "Pay to IBAN NL91 ABNA 0417 1643 00 please", "/x/bank/iban.txt", "iban.txt")]
    out = HybridSearch(c, lambda q, k: both)("which account is NL91 ABNA 0417 1643 00", ["abna", "0417"])
    assert [x.file_name for x in out] == ["iban.txt", "money.txt"]  # second by meaning, first by token: fused first
    assert rrf([1, 1]) > rrf([1, None]) > rrf([2, None])


# -- facts ---------------------------------------------------------------------------------------
def cand(text: str, name: str = "doc.txt", score: float = 0.6, rank: int = 1) -> Candidate:
    return Candidate(rank, text, f"/f/{name}", name, rrf=rrf([rank]), vector_score=score, vector_rank=rank)


INVOICE = ("Invoice 2024-031 from Acme Corp.\nIssued by Dana Whitfield, accounts team.\n"
           "Total due: 1,250.00 EUR.\nDue date: 15 April 2024.")


@pytest.mark.parametrize("question, fact", [
    ("how much do I owe Acme", "Total due: 1,250.00 EUR."),
    ("when is the Acme invoice due", "Due date: 15 April 2024."),
    ("who issued the Acme invoice", "Issued by Dana Whitfield, accounts team."),
])
def test_the_sentence_of_the_wanted_type_wins(question, fact):
    ex = extract(question, [cand(INVOICE, "acme_invoice.txt")])
    assert ex.facts[0].text == fact
    assert answer_text(ex) == f"{fact} (from acme_invoice.txt)"


def test_a_list_item_not_the_whole_list():
    ex = extract("how many eggs go in the carbonara",
                 [cand("Ingredients: 3 eggs, 100 g pecorino, 150 g guanciale, 320 g spaghetti.", "carbonara.md")])
    assert ex.facts[0].text == "3 eggs"


def test_csv_rows_are_read_with_their_header():
    assert units("category,amount\nGroceries,420\nRent,950", "budget.csv") == [
        "category: Groceries, amount: 420", "category: Rent, amount: 950"]


def test_unrelated_passages_are_declined():
    ex = extract("what is my passport number", [cand("The garden needs water in May.", score=0.2)])
    assert ex.declined and answer_text(ex).startswith("I found nothing about")
    ex = extract("what is the gym membership fee", [cand("Late fee: 5 EUR on the phone bill.", score=0.3)])
    assert ex.declined


def test_a_number_the_question_gives_must_be_in_the_passage():
    ex = extract("what did acme charge me in 2023", [cand("Acme Corp invoice 2025: total 80 EUR.", score=0.5)])
    assert ex.declined


@pytest.mark.parametrize("question, kind", [
    ("how much was the plumber", "amount"), ("when does the lease end", "date"), ("who is the landlord", "person"),
    ("how many nights at the hotel", "number"), ("where is the flat", "place"), ("what is the wifi password", "code"),
])
def test_wanted_type(question, kind):
    assert wanted_type(question) == kind
