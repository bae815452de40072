"""How households name their folders and ask about them: a folder named short ("Body Corp", "Rego") is the one a
question spells out ("the body corporate stuff", "the registration papers"), and "how much space is the X stuff
using" asks for the space those files take."""

from __future__ import annotations

from datetime import datetime
from typing import Any

import pytest
from conftest import PathFile, shared_embedder

from manoled.agent.attribute import asked_words
from manoled.agent.gloss import heads
from manoled.agent.kinds import typed_by
from manoled.agent.layout import sentences
from manoled.agent.monthly import asked_month_papers
from manoled.agent.months import asked_months
from manoled.agent.names import index_of
from manoled.agent.planner import Planner
from manoled.agent.retrieve import Candidate, contains
from manoled.agent.shapes import TYPE_PATTERNS
from manoled.agent.verify import coverage

NOW = datetime(2026, 12, 4, 12).timestamp()

FILES = [PathFile(p, id=i) for i, p in enumerate((
    "Flat 4/Body Corp/Minutes AGM 2026.docx", "Flat 4/Body Corp/Levy notice Q1.pdf", "Flat 4/Body Corp/Levy notice Q2.pdf",
    "Flat 4/Power/Origin bill July.pdf", "Car/Rego/Rego renewal 2026.pdf", "Car/Service 2026-05.pdf",
    "Work/Payslips/Payslip_2026-07.pdf", "Notes/todo.md",
))]


@pytest.fixture(scope="module")
def planner() -> Planner:
    return Planner(shared_embedder().embed, now=lambda: NOW)


def test_a_word_spelled_out_finds_the_folder_named_short():
    idx = index_of(FILES)
    assert "corp" in idx.glossed("corporate")
    assert "rego" in idx.glossed("registration")


def test_the_space_the_stuff_of_a_folder_named_short_takes(planner):
    plan = planner.plan("How much space is the body corporate stuff using?", FILES)
    assert plan.intent == "disk" and plan.folder == "Flat 4/Body Corp", (plan.intent, plan.folder, plan.reason)


def test_a_compound_in_the_papers_tongue_says_its_last_word():
    assert contains("500 g Zopfmehl", "flour") and contains("Nettolohn: CHF 7'529.25", "salary")
    assert not contains("Postage 3.50", "day")  # an English word is no compound of Tage
    assert not contains("Anna Lindström, 12 Storgatan", "electricity")  # nor a name one of Strom
    assert heads("nettolohn") == ("salary",) and heads("mietzinsdepot") == ("deposit",)
    assert heads("cottage") == ()


def test_months_and_papers_in_malay():
    assert asked_months("tnb ogos due date")[0] == {8}
    assert asked_months("slip gaji julai 2026") == ({7}, {2026})
    assert contains("Resit Yuran Ogos 2026", "receipt") and contains("Jumlah Perlu Dibayar: RM 186.40", "total")


def test_the_paper_of_the_month_asked_when_its_series_is_found_fourth():
    papers = [PathFile(f"Arbeit/Lohnabrechnungen/Lohnabrechnung_2026-0{m}.txt", id=m) for m in (3, 4, 5, 6)]
    others = [PathFile("Finanzen/Budget_2026.csv", id=10), PathFile("Arbeit/Lohnausweis_2025.txt", id=11),
              PathFile("Notizen/franchise_notes.md", id=12)]
    terms = ["net", "mira", "2026", "payslip"]

    def cand(f: PathFile, text: str) -> Candidate:
        return Candidate(100 + f.id, text, f.path, f.name, f.id, terms=terms[:3], relpath=f.relpath)

    found = [cand(f, "Salary Mira net 2026") for f in others] + [cand(papers[1], "Nettolohn: CHF 7'197.60")]

    def passages(file_id: int, limit: int = 6) -> list[tuple[int, int, Any, str]]:
        return [(200 + file_id, 0, None, f"Nettolohn: CHF {file_id}")]

    out = asked_month_papers("How much net pay did Mira get on her May 2026 payslip?", terms, found,
                             papers + others, passages)
    assert [c.file_name for c in out][4:] == ["Lohnabrechnung_2026-05.txt"], [c.file_name for c in out]


def test_a_swiss_franc_and_a_malay_time():
    assert sentences("Mietzinsdepot: Fr. 7'440.– (3 Netto-Monatsmietzinse), hinterlegt.") == [
        "Mietzinsdepot: Fr. 7'440.– (3 Netto-Monatsmietzinse), hinterlegt."]
    assert TYPE_PATTERNS["time"].findall("Masa 8.00 pagi - 12.00 tengah hari") == ["8.00"]


def test_a_roles_name_is_a_person_and_a_short_number_word_its_number():
    assert typed_by("What is the name of our property manager at the agency?") == ("person", True)
    assert typed_by("the vet's name") == ("person", True)
    assert typed_by("what is the name of the file")[0] is None
    assert asked_words("bruno chip nr") == []  # "nr": the number the chip line gives
    assert TYPE_PATTERNS["amount"].search("Mietzinsdepot: Fr. 7'440.– (3 Netto-Monatsmietzinse)")


def test_a_hike_log_named_in_the_papers_tongue(planner):
    files = [*FILES, PathFile("Privat/Wandern/Wanderungen_2026.md", id=50), PathFile("Privat/todo.md", id=51)]
    plan = planner.plan("When did we last edit the hiking log?", files)
    assert plan.intent == "metadata" and plan.name is not None and plan.name.file.name == "Wanderungen_2026.md", plan


def test_the_month_asked_of_a_series_saying_every_word_further_down():
    papers = [PathFile(f"Arbeit/Lohnabrechnungen/Lohnabrechnung_2026-0{m}.txt", id=m) for m in (3, 4, 5, 6)]
    others = [PathFile(f"Misc/note_{i}.md", id=10 + i) for i in range(5)] + [PathFile("Kita/Elternbeitrag_2026-05.txt", id=20)]
    terms = ["mira", "nettolohn"]

    def cand(f: PathFile, said: list[str]) -> Candidate:
        return Candidate(100 + f.id, " ".join(said), f.path, f.name, f.id, terms=said, relpath=f.relpath)

    # the Kita's May bill says only the name: no paper of the series asked
    found = [cand(others[5], ["mira"])] + [cand(f, ["mira"]) for f in others[:4]] + [cand(papers[1], terms)]

    def passages(file_id: int, limit: int = 6) -> list[tuple[int, int, Any, str]]:
        return [(200 + file_id, 0, None, f"Nettolohn: CHF {file_id}")]

    out = asked_month_papers("mira nettolohn mai", terms, found, papers + others, passages)
    assert [c.file_name for c in out][5] == "Lohnabrechnung_2026-05.txt", [c.file_name for c in out]


def test_a_compound_says_its_last_word_to_the_check():
    got, detail = coverage({"bruno": 3, "chip": 1}, "Microchip: 756098100234517 (registered in AMICUS)", 40)
    assert detail["chip"][1] and got > 0, detail


def test_how_much_a_folders_namesake_gives_is_a_sum(planner):
    files = [*FILES, PathFile("Uni/Scholarship letter 2026.pdf", id=60), PathFile("Uni/Chapter 2 draft.docx", id=61)]
    plan = planner.plan("How much a year does the university give me to live on while I do my PhD?", files)
    assert plan.intent == "content", (plan.intent, plan.folder, plan.reason)
    plan = planner.plan("How much space does the uni stuff take up?", files)
    assert plan.intent == "disk" and plan.folder == "Uni", (plan.intent, plan.folder, plan.reason)
