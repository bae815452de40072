"""Agent fixtures: a real catalog + LEANN index built once per module from fixture files."""

from __future__ import annotations

import os
import time
from dataclasses import dataclass
from pathlib import Path

import pytest

NOW = time.time()
DAY = 86400.0


@dataclass(frozen=True)
class PathFile:
    """A catalog file as the planner, the name index and a series see it: its path, no content."""
    relpath: str
    id: int = 0
    mtime_ns: int = 0

    @property
    def name(self) -> str:
        return self.relpath.rsplit("/", 1)[-1]

    @property
    def path(self) -> str:
        return f"/home/t/{self.relpath}"

    @property
    def ext(self) -> str:
        return self.name.rsplit(".", 1)[-1] if "." in self.name else ""

    @property
    def mtime(self) -> float:
        return self.mtime_ns / 1e9

# relpath -> (content, age in days)
TEXT_FILES: dict[str, tuple[str, float]] = {
    "notes/budget_2024.txt": ("The engineering budget for 2024 is 450,000 euros. Marketing gets 120,000 euros.", 2),
    "notes/carbonara.md": ("# Carbonara\n\nRecipe: 3 eggs, 100 g pecorino, 150 g guanciale and 320 g spaghetti.", 40),
    "invoices/invoice_march.txt": ("Invoice 2024-031 from Acme Corp. Total due: 1,250 EUR. Due date: 15 April 2024.", 1),
    "invoices/invoice_april.txt": ("Invoice 2024-044 from Globex Ltd. Total due: 980 EUR. Paid by bank transfer.", 0.0),
    "travel/lisbon_trip.txt": ("Flight to Lisbon on 12 May. Hotel Avenida Palace for three nights.", 400),
    "big/dataset.csv": ("city,population\n" + "\n".join(f"town{i},{i * 1000}" for i in range(4000)), 100),
}
PDF_FILES: dict[str, tuple[str, float]] = {
    "manuals/macbook_ssd_upgrade.pdf": ("MacBook Pro SSD upgrade guide: remove the ten pentalobe screws first.", 10),
    "manuals/router_setup.pdf": ("Router setup: the default admin password is printed under the device.", 200),
}


def write_corpus(root: Path) -> Path:
    import pymupdf

    for rel, (content, age) in TEXT_FILES.items():
        p = root / rel
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_text(content)
        os.utime(p, (NOW - age * DAY, NOW - age * DAY))
    for rel, (content, age) in PDF_FILES.items():
        p = root / rel
        p.parent.mkdir(parents=True, exist_ok=True)
        doc = pymupdf.open()
        doc.new_page().insert_text((72, 72), content)
        doc.save(p)
        os.utime(p, (NOW - age * DAY, NOW - age * DAY))
    return root


_EMBEDDER = None


def shared_embedder():
    """One real MiniLM load for all agent tests."""
    global _EMBEDDER
    if _EMBEDDER is None:
        from manoled.index.embed import SentenceEmbedder

        _EMBEDDER = SentenceEmbedder()
    return _EMBEDDER


@pytest.fixture(scope="module")
def corpus_core(tmp_path_factory: pytest.TempPathFactory):
    """(core, root): the fixture corpus indexed with the real embedder, catalog and index."""
    from manoled.app import open_core
    from manoled.config import Config
    from manoled.paths import resolve

    base = tmp_path_factory.mktemp("agentcorpus")
    root = write_corpus(base / "files")
    core = open_core(resolve(home=base / "home"), Config(), embedder=shared_embedder())
    stats = core.indexer.index_paths([root])
    assert stats.failed == 0, core.catalog.failures()
    yield core, root.resolve()
    core.close()


@pytest.fixture
def ctx(corpus_core):
    from manoled.agent.context import ToolContext

    core, _root = corpus_core
    return ToolContext(core.catalog, search=core.indexer.search, embed=shared_embedder().embed)


def build_folder(base, files: dict[str, tuple[str, float]], now: float):
    """Write ``files`` (relative path -> (text, age in days)) under ``base``/files with those ages and
    index them with the real catalog, index and embedder: (core, resolved root)."""
    from manoled.app import open_core
    from manoled.config import Config
    from manoled.paths import resolve

    root = base / "files"
    for rel, (text, age) in files.items():
        p = root / rel
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_text(text)
        os.utime(p, (now - age * 86400.0, now - age * 86400.0))
    core = open_core(resolve(home=base / "home"), Config(), embedder=shared_embedder())
    assert core.indexer.index_paths([root]).failed == 0
    return core, root.resolve()


def folder_fixture(name: str, files: dict[str, tuple[str, float]], now: float):
    """A module-scoped fixture giving (core, root): ``files`` (:func:`build_folder`) indexed for real."""

    @pytest.fixture(scope="module")
    def folder(tmp_path_factory: pytest.TempPathFactory):
        core, root = build_folder(tmp_path_factory.mktemp(name), files, now)
        yield core, root
        core.close()

    return folder


def planner_agent(core, now: float):
    """An agent whose model is a fallback-tier FakeLLM with an empty script: any model call raises."""
    from manoled.agent.context import ToolContext
    from manoled.agent.fake import FakeLLM
    from manoled.agent.loop import Agent

    ctx = ToolContext(core.catalog, search=core.indexer.search, now=lambda: now, embed=shared_embedder().embed)
    return Agent(FakeLLM(tier="fallback"), ctx)


def ask(agent, question: str, session: str = "default"):
    """The final AnswerStep of ``question`` asked of ``agent`` in ``session``, and its sources' names, sorted."""
    final = list(agent.run(question, session=session))[-1]
    return final, sorted(Path(s).name for s in final.sources)


def answers(agent, question: str, answer: str, source: str, session: str = "default") -> None:
    """Assert that ``agent`` answers ``question`` with ``answer`` in its text and ``source`` as its one source."""
    final, sources = ask(agent, question, session=session)
    assert answer in final.answer and sources == [source], (question, final.answer)


def declines(agent, question: str, session: str = "default") -> None:
    """Assert that ``agent`` declines ``question`` ("I found no…") and cites no source."""
    final, sources = ask(agent, question, session=session)
    assert sources == [] and final.answer.startswith("I found no"), (question, final.answer, sources)


def planner_answer(core, now: float, question: str):
    """The final AnswerStep of one question asked of :func:`planner_agent`."""
    from manoled.agent.steps import AnswerStep

    final = list(planner_agent(core, now).run(question))[-1]
    assert isinstance(final, AnswerStep)
    return final


def ranked(text: str, relpath: str, said: str) -> list:
    """The facts ``extract`` finds in ``text`` (one passage of the file ``relpath``) for ``said``, best first."""
    from manoled.agent import gloss
    from manoled.agent.facts import extract
    from manoled.agent.retrieve import Candidate

    c = Candidate(1, text, f"/home/u/{relpath}", relpath.rsplit("/", 1)[-1], relpath=relpath)
    c.rrf = 0.03
    return extract(gloss.rephrase(said, lambda w: True), [c], top=5, said=said).facts
