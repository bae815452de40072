"""The file graph: similarity, reference and structure edges, and query()."""

from __future__ import annotations

import itertools
from pathlib import Path

import numpy as np
import pytest

from manoled.catalog.records import NewPassage
from manoled.catalog.store import Catalog
from manoled.config import Config, GraphConfig
from manoled.errors import InvalidParams, NotFound
from manoled.graph import edges, view
from manoled.index.entities import store_entities

DIM = 16


def unit(v) -> np.ndarray:
    v = np.asarray(v, dtype=np.float32)
    return v / np.linalg.norm(v)


class Corpus:
    """A real catalog filled directly: files with given passage vectors and texts."""

    def __init__(self, tmp_path: Path) -> None:
        self.root = tmp_path / "root"
        self.cat = Catalog(tmp_path / "catalog.sqlite3")
        self.root_rec = self.cat.add_root(self.root)
        self.ids: dict[str, int] = {}
        self.rng = np.random.default_rng(7)

    def add(self, rel: str, vectors: list[np.ndarray] | np.ndarray | None = None, text: str = "") -> int:
        fid = self.cat.upsert_file(self.root_rec.id, rel, size=len(text), mtime_ns=1, inode=len(self.ids) + 1,
                                   kind="text", state="pending")
        if vectors is None:
            vectors = [unit(self.rng.normal(size=DIM))]
        passages = [NewPassage(i, text or rel, None, unit(v)) for i, v in enumerate(vectors)]
        self.cat.replace_passages(fid, passages)
        store_entities(self.cat, fid, [text])
        self.ids[rel] = fid
        return fid

    def node(self, rel: str) -> str:
        return f"f:{self.ids[rel]}"


@pytest.fixture
def corpus(tmp_path):
    c = Corpus(tmp_path)
    yield c
    c.cat.close()


def edges_of(g: dict, etype: str) -> dict[frozenset, dict]:
    return {frozenset((e["source"], e["target"])): e for e in g["edges"] if e["type"] == etype}


def ortho(i: int) -> np.ndarray:
    v = np.zeros(DIM, dtype=np.float32)
    v[i] = 1.0
    return v


# -- similarity -------------------------------------------------------------------

def test_similarity_uses_the_mean_of_passage_vectors(corpus):
    # a: two passages (e0, e1) -> mean along e0+e1; b: one passage e0+e1 -> cosine 1
    corpus.add("a.txt", [ortho(0), ortho(1)])
    corpus.add("b.txt", [ortho(0) + ortho(1)])
    corpus.add("c.txt", [ortho(2)])
    g = view.query(corpus.cat, Config())
    sim = edges_of(g, "similarity")
    assert set(sim) == {frozenset((corpus.node("a.txt"), corpus.node("b.txt")))}
    (edge,) = sim.values()
    assert edge["weight"] == pytest.approx(1.0, abs=1e-4)
    assert edge["entities"] == []


def test_threshold_and_max_neighbours_keep_the_graph_sparse(corpus):
    base = ortho(0)
    for i in range(12):  # a tight cluster: every pair is above the threshold
        corpus.add(f"dup/{i:02d}.txt", [base + 0.05 * ortho(1 + i) + 0.02 * corpus.rng.normal(size=DIM)])
    corpus.add("far.txt", [base + 1.2 * ortho(14)])  # cosine ~0.64 to the cluster
    cfg = GraphConfig(similarity_threshold=0.7, max_neighbours=3)
    g = view.query(corpus.cat, cfg, edge_types=["similarity"])
    degree: dict[str, int] = {}
    for e in g["edges"]:
        assert e["type"] == "similarity" and e["weight"] >= 0.7
        for end in (e["source"], e["target"]):
            degree[end] = degree.get(end, 0) + 1
    assert max(degree.values()) <= 3
    assert corpus.node("far.txt") not in degree
    assert len(degree) == 12  # every file of the cluster keeps at least one neighbour
    assert len(g["edges"]) >= 12
    # a lower threshold and room for more neighbours: far.txt joins (before, the cluster was full)
    g2 = view.query(corpus.cat, GraphConfig(similarity_threshold=0.6, max_neighbours=13), edge_types="similarity")
    assert corpus.node("far.txt") in {x for e in g2["edges"] for x in (e["source"], e["target"])}


def test_similarity_pairs_match_brute_force():
    rng = np.random.default_rng(1)
    centres = rng.normal(size=(6, 32))
    rows = np.concatenate([c + 0.3 * rng.normal(size=(40, 32)) for c in centres])
    m = (rows / np.linalg.norm(rows, axis=1, keepdims=True)).astype(np.float32)
    full = m @ m.T
    pairs = edges.similarity_pairs(m, 0.6, 5, block=17)  # small blocks: exercise block boundaries
    assert pairs
    degree = np.zeros(len(m), dtype=int)
    for i, j, w in pairs:
        assert i < j and w >= 0.6
        assert w == pytest.approx(full[i, j], abs=1e-4)
        assert i // 40 == j // 40  # never across clusters
        degree[i] += 1
        degree[j] += 1
    assert degree.max() <= 5
    # every row's single best neighbour above the threshold is linked unless that neighbour is full
    np.fill_diagonal(full, -1)
    linked = {(i, j) for i, j, _ in pairs} | {(j, i) for i, j, _ in pairs}
    for i in range(len(m)):
        j = int(full[i].argmax())
        if full[i, j] >= 0.6:
            assert (i, j) in linked or degree[j] == 5 or degree[i] == 5


def test_similarity_is_cached_until_passages_change(corpus):
    corpus.add("a.txt", [ortho(0)])
    corpus.add("b.txt", [ortho(0) + 0.1 * ortho(1)])
    before = edges.similarity_builds(corpus.cat)
    view.query(corpus.cat)
    view.query(corpus.cat, around="a.txt")
    assert edges.similarity_builds(corpus.cat) == before + 1
    corpus.add("c.txt", [ortho(0) + 0.1 * ortho(2)])  # new passages
    g = view.query(corpus.cat)
    assert edges.similarity_builds(corpus.cat) == before + 2
    assert len(edges_of(g, "similarity")) == 3
    corpus.cat.delete_file(corpus.ids["c.txt"])  # fewer passages
    g = view.query(corpus.cat)
    assert edges.similarity_builds(corpus.cat) == before + 3
    assert len(edges_of(g, "similarity")) == 1


# -- references -------------------------------------------------------------------

def test_reference_edges_name_the_shared_entities_and_weigh_by_type(corpus):
    corpus.add("inv1.txt", text="Acme Widgets GmbH, IBAN DE89 3704 0044 0532 0130 00")
    corpus.add("inv2.txt", text="Acme Widgets GmbH, IBAN DE89370400440532013000, VAT DE123456789")
    corpus.add("vat.txt", text="our VAT id is DE123456789")
    corpus.add("mail.txt", text="from legal@acme.example")
    corpus.add("contract.txt", text="notices to legal@acme.example; see project_plan.md")
    corpus.add("docs/project_plan.md")
    corpus.add("other.txt", text="nothing in common, IBAN DE89 3704 0044 0532 0130 01 is invalid")
    ref = edges_of(view.query(corpus.cat, edge_types=["reference"]), "reference")
    n = corpus.node
    inv = ref[frozenset((n("inv1.txt"), n("inv2.txt")))]
    assert inv["weight"] == 0.8
    assert inv["entities"] == [{"type": "iban", "value": "DE89 3704 0044 0532 0130 00"},
                               {"type": "company", "value": "Acme Widgets GmbH"}]
    assert ref[frozenset((n("inv2.txt"), n("vat.txt")))]["weight"] == 0.9
    mail = ref[frozenset((n("mail.txt"), n("contract.txt")))]
    assert mail["weight"] == 1.0 and mail["entities"] == [{"type": "email", "value": "legal@acme.example"}]
    mention = ref[frozenset((n("contract.txt"), n("docs/project_plan.md")))]
    assert mention["weight"] == 0.6 and mention["entities"] == [{"type": "file", "value": "project_plan.md"}]
    assert len(ref) == 4
    assert not any(n("other.txt") in k for k in ref)


def test_entities_in_too_many_files_link_nothing(corpus):
    for i in range(6):
        corpus.add(f"letter{i}.txt", text=f"From info@ourcompany.example. Ref {i}")
    corpus.add("a.txt", text="pay GB82 WEST 1234 5698 7654 32")
    corpus.add("b.txt", text="IBAN GB82WEST12345698765432")
    g = view.query(corpus.cat, GraphConfig(max_entity_files=5), edge_types="reference")
    ref = edges_of(g, "reference")
    assert set(ref) == {frozenset((corpus.node("a.txt"), corpus.node("b.txt")))}
    g = view.query(corpus.cat, GraphConfig(max_entity_files=6), edge_types="reference")
    assert len(edges_of(g, "reference")) == 1 + 15  # the email now links all 6 letters pairwise


def test_short_and_generic_file_names_are_not_mentions(corpus):
    corpus.add("notes.txt")
    corpus.add("a.md")
    corpus.add("quarterly_numbers.csv")
    corpus.add("memo.txt", text="see notes.txt and a.md and QUARTERLY_NUMBERS.CSV")
    ref = edges_of(view.query(corpus.cat, edge_types="reference"), "reference")
    assert set(ref) == {frozenset((corpus.node("memo.txt"), corpus.node("quarterly_numbers.csv")))}


def test_reference_edges_follow_file_changes(corpus):
    corpus.add("a.txt", text="ann@example.org")
    b = corpus.add("b.txt", text="ann@example.org")
    assert len(edges_of(view.query(corpus.cat), "reference")) == 1
    store_entities(corpus.cat, b, ["bob@example.org"])
    assert edges_of(view.query(corpus.cat), "reference") == {}
    store_entities(corpus.cat, b, ["ann@example.org"])
    assert len(edges_of(view.query(corpus.cat), "reference")) == 1
    corpus.cat.delete_file(b)
    assert edges_of(view.query(corpus.cat), "reference") == {}


# -- structure and queries ----------------------------------------------------------

def test_structure_edges_link_files_to_folders_up_to_the_root(corpus):
    corpus.add("top.txt")
    corpus.add("a/b/deep.txt")
    corpus.add("a/side.txt")
    g = view.query(corpus.cat, edge_types=["structure"])
    rid = corpus.root_rec.id
    pairs = {(e["source"], e["target"]) for e in g["edges"]}
    assert pairs == {
        (corpus.node("top.txt"), f"d:{rid}:"),
        (corpus.node("a/b/deep.txt"), f"d:{rid}:a/b"),
        (f"d:{rid}:a/b", f"d:{rid}:a"),
        (f"d:{rid}:a", f"d:{rid}:"),
        (corpus.node("a/side.txt"), f"d:{rid}:a"),
    }
    folders = {n["id"]: n for n in g["nodes"] if n["type"] == "folder"}
    assert folders[f"d:{rid}:a/b"]["path"] == str(corpus.root / "a" / "b")
    assert folders[f"d:{rid}:"]["path"] == str(corpus.root)
    assert all(e["weight"] == 1.0 for e in g["edges"])
    # scoped to a folder: the chain stops there
    g = view.query(corpus.cat, folder=str(corpus.root / "a"))
    assert {n["name"] for n in g["nodes"] if n["type"] == "file"} == {"deep.txt", "side.txt"}
    assert f"d:{rid}:" not in {n["id"] for n in g["nodes"]}


def test_node_shape(corpus):
    corpus.add("x/report_2024.txt", text="hello")
    g = view.query(corpus.cat, Config())
    f = next(n for n in g["nodes"] if n["type"] == "file")
    assert f["id"] == corpus.node("x/report_2024.txt")
    assert f["path"] == str(corpus.root / "x" / "report_2024.txt")
    assert (f["name"], f["kind"], f["ext"], f["state"]) == ("report_2024.txt", "text", "txt", "indexed")
    assert g["stats"]["files"] == 1 and g["center"] is None and g["truncated"] is False


def chain(corpus: Corpus) -> None:
    # a - b - c - d by shared emails; e unrelated
    corpus.add("a.txt", text="ab@example.org")
    corpus.add("b.txt", text="ab@example.org bc@example.org")
    corpus.add("c.txt", text="bc@example.org cd@example.org")
    corpus.add("d.txt", text="cd@example.org")
    corpus.add("e.txt", text="nothing")


def file_names(g: dict) -> set[str]:
    return {n["name"] for n in g["nodes"] if n["type"] == "file"}


def test_around_follows_depth(corpus):
    chain(corpus)
    g = view.query(corpus.cat, around="a.txt", depth=1)
    assert file_names(g) == {"a.txt", "b.txt"} and g["center"] == corpus.node("a.txt")
    assert file_names(view.query(corpus.cat, around="b.txt", depth=1)) == {"a.txt", "b.txt", "c.txt"}
    g = view.query(corpus.cat, around=str(corpus.root / "a.txt"), depth=2)
    assert file_names(g) == {"a.txt", "b.txt", "c.txt"}
    assert len(edges_of(g, "reference")) == 2
    assert file_names(view.query(corpus.cat, around=corpus.ids["a.txt"], depth=3)) == {"a.txt", "b.txt", "c.txt", "d.txt"}
    assert file_names(view.query(corpus.cat, around="a.txt", depth=3, limit=2)) == {"a.txt", "b.txt"}
    assert view.query(corpus.cat, around="a.txt", depth=3, limit=2)["truncated"] is True


def test_file_mode_shows_only_that_files_edges(corpus):
    chain(corpus)
    g = view.query(corpus.cat, file="b.txt", edge_types=["reference"])
    assert file_names(g) == {"a.txt", "b.txt", "c.txt"}
    assert all(corpus.node("b.txt") in (e["source"], e["target"]) for e in g["edges"])


def test_min_weight_and_edge_types_filter(corpus):
    corpus.add("a.txt", text="Acme Widgets GmbH")
    corpus.add("b.txt", text="Acme Widgets GmbH")  # company: 0.7
    g = view.query(corpus.cat, min_weight=0.75)
    assert edges_of(g, "reference") == {}
    assert edges_of(g, "structure")
    g = view.query(corpus.cat, min_weight=0.7, edge_types=["reference"])
    assert [e["weight"] for e in g["edges"]] == [0.7]
    assert all(n["type"] == "file" for n in g["nodes"])


def test_limit_keeps_the_best_connected_files(corpus):
    chain(corpus)
    g = view.query(corpus.cat, limit=2, edge_types=["reference"])
    assert g["truncated"] is True and file_names(g) == {"b.txt", "c.txt"}


def test_bad_requests(corpus):
    chain(corpus)
    with pytest.raises(NotFound):
        view.query(corpus.cat, around="missing.txt")
    with pytest.raises(NotFound):
        view.query(corpus.cat, folder="/not/a/root")
    with pytest.raises(InvalidParams):
        view.query(corpus.cat, edge_types=["bogus"])
    with pytest.raises(InvalidParams):
        view.query(corpus.cat, depth=-1)
    with pytest.raises(InvalidParams):
        view.query(corpus.cat, limit="ten")
    with pytest.raises(InvalidParams):
        view.query(corpus.cat, file="a.txt", around="b.txt")
    with pytest.raises(InvalidParams, match="unknown edge type"):  # not a TypeError from sorting None and 1
        view.query(corpus.cat, edge_types=[None, 1])


def test_result_is_plain_data(corpus):
    import msgpack

    chain(corpus)
    g = view.query(corpus.cat)
    assert msgpack.unpackb(msgpack.packb(g)) == g


# -- a real corpus, indexed by the real indexer and embedder -------------------------

IBAN = "DE89 3704 0044 0532 0130 00"
REAL_CORPUS = {
    "invoices/invoice_2024_03.txt": f"""INVOICE 2024-031
Supplier: Acme Widgets GmbH, Hauptstrasse 5, Berlin
Bill to: Blue Harbor Bakery
Item: 40 industrial mixing bowls, 12 dough hooks. Net 1,240.00 EUR, VAT 19 %.
Please transfer the total within 14 days to IBAN {IBAN} (BIC COBADEFFXXX).
""",
    "invoices/invoice_2024_04.txt": f"""INVOICE 2024-047
Supplier: Acme Widgets GmbH, Hauptstrasse 5, Berlin
Bill to: Blue Harbor Bakery
Item: 3 replacement oven trays and delivery. Net 310.00 EUR, VAT 19 %.
Payment due in 14 days. IBAN: {IBAN.replace(' ', '')}
""",
    "contracts/cleaning_services_agreement.txt": """SERVICE AGREEMENT
This agreement covers weekly office cleaning at the Lisbon office for twelve months.
The contractor provides staff, equipment and materials. Either party may terminate with 60 days notice.
All notices under this agreement must be sent in writing to legal@sparkleclean.example.
""",
    "mail/renewal_thread.eml.txt": """From: legal@sparkleclean.example
To: office@ourfirm.example
Subject: Re: renewal of the cleaning contract

Hi, following up on our call: we would like to renew for another year at the same weekly rate.
Could you confirm by Friday? Best, Ana
""",
    "notes/meeting_notes_marketing_v1.md": """# Marketing sync, 3 March
- Spring campaign: launch the newsletter redesign on 20 March, owner Priya.
- Social budget: move 2k from display ads to short videos.
- Website: the pricing page copy is still pending legal review.
- Next sync: Thursday, same time.
""",
    "notes/meeting_notes_marketing_v2.md": """# Marketing sync, 3 March (updated)
- Spring campaign: launch the newsletter redesign on 22 March, owner Priya.
- Social budget: move 2k from display ads to short videos.
- Website: the pricing page copy is still pending legal review.
- Next sync: Thursday, same time. See meeting_notes_marketing_v1.md for the first draft.
""",
    "recipes/sourdough_starter.txt": """Sourdough starter: mix 50 g rye flour with 50 g lukewarm water in a jar.
Feed it daily, discarding half. After five to seven days it doubles within six hours and smells pleasantly sour.
""",
    "travel/hiking_packing_list.txt": """Packing list for the three-day mountain hike: rain jacket, wool socks, headlamp,
water filter, blister plasters, trail map of the valley, and a lightweight sleeping bag rated to minus five.
""",
}


@pytest.mark.slow
def test_real_corpus_has_the_expected_edges_and_no_others(core, tmp_path):
    root = tmp_path / "docs"
    for rel, text in REAL_CORPUS.items():
        p = root / rel
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_text(text, encoding="utf-8")
    stats = core.indexer.index_paths([root])
    assert stats.indexed == len(REAL_CORPUS)
    g = view.query(core.catalog, core.config)
    ids = {n["path"]: n["id"] for n in g["nodes"] if n["type"] == "file"}

    def node(rel: str) -> str:
        return ids[str((root / rel).resolve())]

    ref = edges_of(g, "reference")
    sim = edges_of(g, "similarity")
    invoices = frozenset((node("invoices/invoice_2024_03.txt"), node("invoices/invoice_2024_04.txt")))
    assert ref[invoices]["weight"] == 0.8
    assert {"type": "iban", "value": IBAN} in ref[invoices]["entities"]
    assert {"type": "company", "value": "Acme Widgets GmbH"} in ref[invoices]["entities"]
    contract = frozenset((node("contracts/cleaning_services_agreement.txt"), node("mail/renewal_thread.eml.txt")))
    assert ref[contract]["weight"] == 1.0
    assert ref[contract]["entities"] == [{"type": "email", "value": "legal@sparkleclean.example"}]
    notes = frozenset((node("notes/meeting_notes_marketing_v1.md"), node("notes/meeting_notes_marketing_v2.md")))
    assert sim[notes]["weight"] > 0.9
    assert ref[notes]["entities"] == [{"type": "file", "value": "meeting_notes_marketing_v1.md"}]
    assert ref[notes]["weight"] == 0.6
    assert set(ref) == {invoices, contract, notes}
    # unrelated files are joined to nothing but their folders
    for rel in ("recipes/sourdough_starter.txt", "travel/hiking_packing_list.txt"):
        assert not any(node(rel) in pair for pair in itertools.chain(ref, sim)), rel
    topics = {  # no similarity edge crosses topics
        node(r): r.split("/")[0].replace("contracts", "cleaning").replace("mail", "cleaning") for r in REAL_CORPUS
    }
    for pair, e in sim.items():
        a, b = tuple(pair)
        assert topics[a] == topics[b], (e, topics[a], topics[b])
    assert notes in sim and invoices in sim
    # structure: every file hangs off its folder, every folder off the root
    struct = {(e["source"], e["target"]) for e in g["edges"] if e["type"] == "structure"}
    rid = core.catalog.roots()[0].id
    for rel in REAL_CORPUS:
        folder = rel.split("/")[0]
        assert (node(rel), f"d:{rid}:{folder}") in struct
        assert (f"d:{rid}:{folder}", f"d:{rid}:") in struct

    # incremental: the second invoice changes bank account, then goes away
    inv2 = root / "invoices/invoice_2024_04.txt"
    inv2.write_text(REAL_CORPUS["invoices/invoice_2024_04.txt"].replace(IBAN.replace(" ", ""), "GB82WEST12345698765432")
                    .replace("Acme Widgets GmbH", "Other Supplier Ltd"), encoding="utf-8")
    from manoled.index.changes import Change

    core.indexer.apply([Change("modified", inv2)])
    assert invoices not in edges_of(view.query(core.catalog, core.config), "reference")
    core.indexer.apply([Change("deleted", inv2)])
    g = view.query(core.catalog, core.config, around=str(root / "invoices/invoice_2024_03.txt"))
    assert file_names(g) == {"invoice_2024_03.txt"}
    assert core.catalog.query("SELECT COUNT(*) FROM entities WHERE file_id NOT IN (SELECT id FROM files)")[0][0] == 0


def test_serve_ignores_unknown_params(corpus):
    chain(corpus)
    assert view.serve(corpus.cat, Config(), {"around": "a.txt"})["center"] == corpus.node("a.txt")
    # docs/protocol.md: parameters the daemon does not know are ignored (a newer client's options)
    assert view.serve(corpus.cat, Config(), {"around": "a.txt", "colour": "red"}) == \
        view.serve(corpus.cat, Config(), {"around": "a.txt"})
    with pytest.raises(InvalidParams):
        view.serve(corpus.cat, Config(), {"edge_types": [None, 1]})
