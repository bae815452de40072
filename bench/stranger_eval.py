"""Answers on folders nobody on the team wrote, in process (no daemon).

    .venv/bin/python bench/stranger_eval.py [--folder NAME] [--quick] [-v]

Each folder under ``bench/stranger/`` was written by someone who read neither the answering code nor our other
benches: a person's files (PDF, DOCX, CSV, Markdown, text, photos) and about 90 questions its owner would ask,
in their own wordings (``meta.json``; its ``mtimes`` give every file's modification time). This measures what
the eval corpus cannot: a new folder's layouts, date and money styles, and a new person's wordings.

Split by folder. Tuning folders (read their misses with ``-v``): ``freelancer`` (a Berlin freelancer's, mostly
German documents), ``retiree`` (a US couple's), ``student`` (a Melbourne PhD student's), ``farm`` (a New Zealand
smallholding's), ``lyon`` (a Lyon engineer's, mostly French papers), ``dublin`` (a Dublin UX consultant's),
``singapore`` (a Singapore couple's), ``toronto`` (a Toronto teacher's), ``glasgow`` (a Glasgow couple's UK papers),
``madrid`` (a Madrid tester's Spanish papers, asked in English), ``cardiff`` (a Cardiff couple's: a bookkeeper's
invoices, a Welsh tenancy, recipes), ``denver`` (a Denver photographer's: client invoices, a lease, a baby's
checkups), ``hobart`` (a Hobart couple's: a teacher's payslips, a rental, a market sourdough stall, bushwalks;
reported held out twice, then moved here), ``capetown`` (a Cape Town couple's: a physio's practice invoices, a
teacher's payslips, rand amounts, bees, an Afrikaans school newsletter; reported held out twice, then moved here),
``lisbon`` (a Lisbon couple's: a third Portuguese papers, a freelancer's invoices in euros, a dog; reported held out
three times, then moved here), ``pune`` (a Pune couple's: an engineer's salary slips, a home bakery's invoices,
society maintenance bills, rupees, some Marathi; reported held out twice, then moved here) and ``prague`` (a Prague
couple's: bilingual payslips, a freelance illustrator's invoices, crowns written "12 500 Kč" and "3.450,- Kč", Czech
dates, nearly half the papers in Czech), ``milan`` (a Milan couple's: a freelance designer's fatture and F24s, an
engineer's cedolini, most papers in Italian; first run .544) and ``nairobi`` (a Nairobi couple's: a pharmacist's
payslips, a print shop's invoices and M-Pesa statements, shillings; first run .711), ``zurich`` (a Zurich couple's:
a pharmacist's Lohnabrechnungen, a translator's QR-bill invoices, francs written "Fr. 2'480.–", most papers in German;
first run .633) and ``kualalumpur`` (a Kuala Lumpur couple's: a teacher's Slip Gaji, a photographer's invoices,
ringgit, a third of the papers in Malay; first run .522), ``mexicocity`` (a Mexico City couple's: an architect's CFDI
recibos de nómina, a coffee roaster's facturas with RFC and IVA, pesos, most papers in Spanish; first run .633) and
``istanbul`` (an Istanbul couple's: a doctor's maaş bordrosu, a translator's invoices in euros and e-SMM receipts,
aidat and DASK papers, lira written "48.750,00 TL", most papers in Turkish; first run .456), ``saopaulo`` (a São Paulo
couple's: a nurse's holerites, a web developer's notas fiscais and DAS-MEI guides, boletos, reais, most papers in
Portuguese; first run .522) and ``edinburgh`` (a retired Edinburgh couple's: teachers' pension advices, a bookkeeper's
invoices, a let flat's agent statements, a church hall committee's papers; first run .689), ``lagos`` (a Lagos
couple's: a bank officer's payslips with PAYE, pension and NHF, a tailor's invoices, prepaid electricity tokens, a
tenancy with caution and agency fees, naira written "₦250,000.00" and "NGN 385,500"; first run .689) and ``manila`` (a
Manila couple's: a team lead's payslips, a video editor's invoices abroad and BIR returns, Meralco bills, HMO cards,
pesos written "₱12,345.67", Taglish notes; first run .700), ``athens`` (an Athens family's: a civil servant's payslips
with ΕΦΚΑ and ΦΜΥ, a physiotherapist's ΤΠΥ and ΑΠΥ, ΔΕΗ and ΕΥΔΑΠ bills, a μισθωτήριο, ENFIA, most papers in Greek;
first run .322) and ``hanoi`` (a Hanoi couple's: an engineer's phiếu lương, a translator's hóa đơn at home and invoices
abroad, EVN bills, a lease, a kindergarten's fees, đồng written "1.685.000 ₫", most papers in Vietnamese; first run
.378), ``seattle`` (a Seattle couple's: an engineer's pay stubs and RSU releases, a landscape designer's invoices, a
daycare, a condo's HOA and City Light bills, an electric car; first run .633) and ``budapest`` (a Budapest couple's: an
analyst's bérjegyzék, a dental technician's számlák, MVM and Főtáv bills, a lease with kaució, forints written
"12 345 Ft", dates "2026. március 5.", most papers in Hungarian; first run .456), ``perth`` (a Fremantle couple's: a
nurse's fortnightly payslips with super, an electrician's GST invoices and BAS, strata levies, Synergy bills, a ute and a
caravan trip; first run .711) and ``bucharest`` (a Bucharest couple's: an accountant's fluturași with CAS and CASS, a
photographer's facturi, Enel and Engie bills, a lease with garanție, lei written "1.234,56 lei", most papers in
Romanian; first run .433), ``portland`` (a Portland household's: a retired couple's PERS pension advices and Social
Security letters, a son's web invoices, a rented duplex half with its lease and repairs, PGE and NW Natural bills,
Medicare papers, a cat and a Subaru; first run .700) and ``helsinki`` (a Helsinki couple's: a developer's
palkkalaskelmat, a designer's laskut with ALV and viitenumero, Helen and Elisa bills, a housing company's vastike, a
päiväkoti's fees, euros written "1 234,56 €", most papers in Finnish; first run .467). Reporting folders (read
only their totals): ``family`` (a Leeds household's), ``nurse`` (an Edinburgh vet nurse's, some Dutch papers),
``studio`` (a Montreal potter's, a third in French), ``chicago`` (a Chicago couple's: a contractor's invoices and 1099,
a hygienist's pay stubs, condo HOA papers, US dates and dollars) and ``krakow`` (a Kraków couple's: a tester's B2B
invoices, a teacher's pay, housing-community fees, złoty, two fifths of the papers in Polish) and ``stockholm`` (a
Stockholm couple's: a nurse's lönespecifikationer, a sound engineer's fakturor, a BRF, kronor, most papers in Swedish;
first run .522). The default runs them
all and reports them apart.

Scoring as in bench/wording_eval.py: every expected group has a variant in the answer (:func:`evalcorpus.matches`),
the answer is at most 300 characters, and a content answer cites one of its fact files first; ``size_of`` and
``date_of`` expand to the ways a size or a date is written; unanswerable questions must be declined with no
source (:func:`agent_eval.declined`).

The last line is a JSON object: per folder, accuracy, by_intent, content by style, questions, seconds.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import sys
import tempfile
import time
from datetime import datetime
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
import evalcorpus as ec  # noqa: E402

FOLDERS = {"freelancer": "tune", "retiree": "tune", "student": "tune", "farm": "tune", "lyon": "tune",
           "dublin": "tune", "singapore": "tune", "toronto": "tune", "glasgow": "tune", "madrid": "tune",
           "cardiff": "tune", "denver": "tune", "hobart": "tune", "capetown": "tune",
           "lisbon": "tune", "pune": "tune", "prague": "tune", "milan": "tune", "nairobi": "tune", "austin": "tune", "vienna": "tune",
           "rotterdam": "tune", "auckland": "tune", "montreal": "tune", "manchester": "tune", "copenhagen": "tune", "brisbane": "tune", "zurich": "tune", "kualalumpur": "tune",
           "mexicocity": "tune", "istanbul": "tune", "saopaulo": "tune", "edinburgh": "tune", "lagos": "tune", "manila": "tune",
           "athens": "tune", "hanoi": "tune", "seattle": "tune", "budapest": "tune",
           "perth": "tune", "bucharest": "tune", "portland": "tune", "helsinki": "tune",
           "family": "report", "nurse": "report", "studio": "report",
           "chicago": "report", "krakow": "report", "stockholm": "report"}
QUICK = ("family", "freelancer")  # --quick: one tuning and one reporting folder
MAX_CHARS = 300


def load(name: str, dest: Path) -> list[dict]:
    """Copy the folder's files to ``dest`` with their recorded mtimes; return its questions."""
    src = HERE / "stranger" / name
    meta = json.loads((src / "meta.json").read_text())
    shutil.copytree(src / "files", dest)
    for rel, when in meta["mtimes"].items():
        ts = datetime.fromisoformat(when).timestamp()
        os.utime(dest / rel, (ts, ts))
    for q in meta["questions"]:
        groups = [tuple(g) for g in q.get("expect", [])]
        if q.get("size_of"):
            groups.append(ec.size_variants(sum((dest / r).stat().st_size for r in q["size_of"])))
        if q.get("date_of"):
            groups.append(ec.date_variants(datetime.fromtimestamp((dest / q["date_of"]).stat().st_mtime)))
        q["groups"] = tuple(groups)
    return meta["questions"]


def open_folder(name: str, tmp: Path, embedder):
    """The folder copied under ``tmp`` and indexed for real: (root, its questions, core, a fallback-tier agent)."""
    from manoled.agent.context import ToolContext
    from manoled.agent.fake import FakeLLM
    from manoled.agent.loop import Agent
    from manoled.app import open_core
    from manoled.config import Config
    from manoled.paths import resolve

    root = tmp / name
    qs = load(name, root)
    core = open_core(resolve(home=tmp / "home"), Config(), embedder=embedder)
    stats = core.indexer.index_paths([root])
    assert stats.failed == 0, f"{stats.failed} files failed to index"
    ctx = ToolContext(core.catalog, search=core.indexer.search, embed=embedder.embed)
    return root, qs, core, Agent(FakeLLM(tier="fallback"), ctx)


def run_folder(name: str, quick: bool, verbose: bool, embedder) -> dict:
    from agent_eval import declined

    from manoled.agent.loop import AnswerStep

    tmp = Path(tempfile.mkdtemp(prefix=f"stranger-{name}-"))
    try:
        root, qs, core, agent = open_folder(name, tmp, embedder)
        if quick:
            qs = qs[::3]
        t0 = time.time()
        right: dict[str, list[int]] = {}
        for n, q in enumerate(qs):
            turns = q["turns"]
            for turn in turns[:-1]:
                list(agent.run(turn, session=f"s{n}"))
            final = list(agent.run(turns[-1], session=f"s{n}"))[-1]
            assert isinstance(final, AnswerStep)
            src = [os.path.relpath(Path(s).resolve(), root.resolve()) for s in final.sources]
            if q["intent"] == "unanswerable":
                ok, why = declined(final.answer, src, turns[-1])
            else:
                facts = q.get("fact") or []
                ok = (ec.expect_met(final.answer, q["groups"]) and len(final.answer) <= MAX_CHARS
                      and (not facts or src[:1] in [[f] for f in facts]))
                why = "" if ok else f"want {[g[0] for g in q['groups']]}" + (f" from {facts}" if facts else "")
            right.setdefault(q["intent"], []).append(int(ok))
            if q["intent"] == "content":
                right.setdefault(f"content_{q.get('style', 'plain')}", []).append(int(ok))
            if verbose and not ok:
                print(f"MISS {q['intent']:12} {' -> '.join(repr(t) for t in turns)}\n"
                      f"     -> {final.answer[:300]!r} {src[:3]}\n     {why}", flush=True)
        core.close()
        scored = [v for k, v in right.items() if not k.startswith("content_")]
        total, count = sum(map(sum, scored)), sum(map(len, scored))
        return {"split": FOLDERS[name], "questions": count, "accuracy": round(total / count, 3),
                "by_intent": {k: round(sum(v) / len(v), 3) for k, v in sorted(right.items())},
                "seconds": round(time.time() - t0, 1)}
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--folder", choices=sorted(FOLDERS), help="one folder (default: all, reported apart)")
    ap.add_argument("--quick", action="store_true", help="every third question of freelancer and family only")
    ap.add_argument("-v", "--verbose", action="store_true", help="print each miss (the tuning folder's only)")
    args = ap.parse_args()
    from manoled.index.embed import SentenceEmbedder

    emb = SentenceEmbedder()
    out = {}
    names = [args.folder] if args.folder else QUICK if args.quick else sorted(FOLDERS)
    for name in names:
        out[name] = run_folder(name, args.quick, args.verbose and FOLDERS[name] == "tune", emb)
    print(json.dumps(out))


if __name__ == "__main__":
    main()
