"""Answer-or-decline calibration over the TUNE half of the eval corpus, in process (no daemon).

Builds the eval corpus (bench/evalcorpus.py), indexes only the files of its tuning half with the real
catalog, LEANN index and MiniLM, and asks the planner (FakeLLM with an empty script: the planner and the
extracted sentence answer alone) two sets of our own questions:

* UNANSWERABLE: things a personal folder may hold that these files do not say (salary, passport number,
  dentist, wifi password, ...). Right: declined with no source.
* ANSWERABLE: our own paraphrases of facts in tune files. Right: the expected value, cited from its file
  only.
* INDIRECT: our own questions about tune files in other words than the files use (scored like ANSWERABLE,
  reported apart as accept_rate_indirect).
* FOLLOWUPS: our own two-turn exchanges on tune files, the second question leaning on the first (same
  session). Right: the expected value from its file (accept_rate_followup).

Prints one line per miss with ``-v``; the last line is a JSON object: decline_rate, accept_rate (answered
right), wrong_file (citations of another file on answerable questions), sourced_unanswerable.
"""

from __future__ import annotations

import argparse
import json
import shutil
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import evalcorpus as ec  # noqa: E402

UNANSWERABLE = [
    "what is my salary", "how much do I earn per month", "what's my passport number",
    "when does my passport expire", "when is my next dentist appointment", "who is my dentist",
    "what's the wifi password at home", "how much is my gym membership",
    "when is my flight to Tokyo", "what is my national insurance number", "who is my GP",
    "what is my blood type", "how much did the new laptop cost", "when is mum's birthday",
    "what's the serial number of my bike", "how much was the electricity bill in December",
    "what's my bank account number", "when is the car MOT due", "how much is the council tax",
    "what time is my train to London", "what is the name of my landlord", "how much rent do I pay for the garage",
    "what's the recipe for lasagne", "how many eggs in the pancake recipe", "how much flour for pizza",
    "what does error E99 mean on the washing machine", "what is the tracking number of my parcel",
    "when does my Netflix subscription renew", "how much did I spend on petrol", "who is the plumber",
    "what is the phone number of the vet", "when is the yoga class", "how much is the parking fine",
    "what's the promo code for Zalando", "which company insures my flat", "where is the wedding venue",
    "who won the chess tournament", "how long is the warranty on the fridge", "what's my pension balance",
    "when is the next school holiday", "how much did the plane tickets to Rome cost",
    "what is the hotel confirmation for Berlin", "how many kilometres did I run last week",
    "when did I get my flu vaccine", "what is my employee ID", "how much did the sofa cost",
    "who is the contact at Initech", "what is the invoice total from Umbrella Corp",
    "when is the tax return deadline", "what is the name of my landlord",
]

# our own files next to the corpus's, so that near topics exist ("insurance" for the car, not the flat)
EXTRA: dict[str, str] = {
    "Documents/Car/insurance_renewal.txt": ("Motor insurance renewal\nInsurer: Harbour Mutual\nPolicy HM-55120\n"
                                            "Annual premium: GBP 412.00, paid by direct debit.\nRenewal date: 9 October 2026.\n"),
    "Notes/gym.md": "# Gym\nLocker 14 on the second floor.\nClasses: spin on Tuesday 18:30, pilates on Friday 07:15.\n",
    "Notes/wifi_setup.txt": "Router moved to the hallway shelf. The guest network is called MarshGuest.\n",
    "Travel/japan_ideas.md": "# Japan one day\n- see Kyoto in autumn\n- ask Tomasz about the rail pass\n",
    "Documents/Health/vaccinations.txt": "Tetanus booster: 14 May 2021 at the Redland surgery.\n",
}

# near the EXTRA files: the topic is there, the asked fact is not
HARD_UNANSWERABLE = [
    "how much is my home insurance", "what is the policy number of my travel insurance",
    "what's the code for my gym locker", "how much is the gym sauna", "what is the wifi password",
    "when is my flight to Japan", "how much does the Japan rail pass cost", "when did I get the flu jab",
    "what time is the yoga class at the gym", "who is the landlord of the flat",
]

# (question, expected variants, fact file)
ANSWERABLE: list[tuple[str, tuple[str, ...], str]] = [
    ("what is the Acme invoice number for February 2025", ("AH-2025-756",), "Documents/Invoices/2025/acme_hosting_2025-02.txt"),
    ("how much was the february hosting bill", ("1610.50", "1,610.50"), "Documents/Invoices/2025/acme_hosting_2025-02.txt"),
    ("when is the Globex invoice from September 2025 due", ("5 October 2025",), "Documents/Invoices/2025/globex_telecom_2025-09.pdf"),
    ("how much did the internet and phone plan cost in September 2025", ("545.90",), "Documents/Invoices/2025/globex_telecom_2025-09.pdf"),
    ("total of the Globex January 2026 invoice", ("1800.50", "1,800.50"), "Documents/Invoices/2026/globex_telecom_2026-01.pdf"),
    ("when is the Stark Design payment due", ("2 April 2026",), "Documents/Invoices/2026/stark_design_2026-03.docx"),
    ("what was the total at the DIY store", ("99.59",), "Documents/Receipts/receipt_brico_2026-02-08.txt"),
    ("how much were the wood screws", ("6.49",), "Documents/Receipts/receipt_brico_2026-02-08.txt"),
    ("how much did I spend at Cafe Lumen", ("9.90", "9.9"), "Documents/Receipts/receipt_cafe_lumen.txt"),
    ("what did the almond croissant cost", ("3.10", "3.1"), "Documents/Receipts/receipt_cafe_lumen.txt"),
    ("how much budget did the agency get for the website", ("8400", "8,400"), "Documents/Work/meeting_notes_2026-03-02.md"),
    ("when is the next website meeting", ("16 March 2026",), "Documents/Work/meeting_notes_2026-03-02.md"),
    ("who owns the blog post migration", ("Tomasz",), "Documents/Work/meeting_notes_2026-03-02.md"),
    ("who leads project heron", ("Priya",), "Documents/Work/project_heron_kickoff.docx"),
    ("what is the deadline for the warehouse app", ("30 June 2026",), "Documents/Work/project_heron_kickoff.docx"),
    ("what does error E24 mean on the dishwasher", ("drain hose",), "Manuals/dishwasher_bosch_manual.pdf"),
    ("how much flour goes in the banana bread", ("190 g", "190g"), "Recipes/banana_bread.html"),
    ("how long does the banana bread bake", ("60 minutes",), "Recipes/banana_bread.html"),
    ("how many avocados for the guacamole", ("2",), "Recipes/guacamole.md"),
    ("how much oat milk in the overnight oats", ("150 ml", "150ml"), "Recipes/overnight_oats.txt"),
    ("when do I check in at the Porto hotel", ("12 May 2026",), "Travel/porto_hotel_booking.pdf"),
    ("how much is the hotel stay in Porto", ("548",), "Travel/porto_hotel_booking.pdf"),
    ("what is the address of the hotel in Porto", ("Rua de Miragaia 62",), "Travel/porto_hotel_booking.pdf"),
    ("how much did I budget for rent in March", ("1150",), "Documents/Finance/budget_2026.csv"),
    ("what did I actually spend eating out in March", ("212",), "Documents/Finance/budget_2026.csv"),
    ("how much is planned for the gym", ("35",), "Documents/Finance/budget_2026.csv"),
    ("where do I need to book the winter tyre change", ("Garage Moreau",), "Notes/todo.txt"),
    ("which free trial do I need to cancel", ("CloudBox",), "Notes/todo.txt"),
    ("how many front door keys did I get", ("2",), "Documents/Housing/move_in_checklist.md"),
    ("what is the IBAN for paying Stark Design", ("IT60",), "Documents/Invoices/2026/stark_design_2026-03.docx"),
    ("which hosting company sends me invoices", ("Acme Hosting",), "Documents/Invoices/2025/acme_hosting_2025-01.txt"),
    ("what is the Stark Design invoice number", ("SDS-2026-786",), "Documents/Invoices/2026/stark_design_2026-03.docx"),
    ("who insures my car", ("Harbour Mutual",), "Documents/Car/insurance_renewal.txt"),
    ("how much is the car insurance premium", ("412",), "Documents/Car/insurance_renewal.txt"),
    ("which locker is mine at the gym", ("14",), "Notes/gym.md"),
    ("when is spin class", ("Tuesday",), "Notes/gym.md"),
    ("when did I have my tetanus shot", ("14 May 2021",), "Documents/Health/vaccinations.txt"),
]


# our own questions in other words than the tune files use (few of the file's own words, chatty, vague names)
INDIRECT: list[tuple[str, tuple[str, ...], str]] = [
    ("how much did the battery-powered drill set me back", ("89.90", "89.9"), "Documents/Receipts/receipt_brico_2026-02-08.txt"),
    ("how many days do I have to take things back to the DIY shop", ("30 days",), "Documents/Receipts/receipt_brico_2026-02-08.txt"),
    ("what did I pay for coffee and a pastry on Gloucester Road", ("9.90", "9.9"), "Documents/Receipts/receipt_cafe_lumen.txt"),
    ("how much was the croissant at the coffee place", ("3.10", "3.1"), "Documents/Receipts/receipt_cafe_lumen.txt"),
    ("who is moving the old blog articles over", ("Tomasz",), "Documents/Work/meeting_notes_2026-03-02.md"),
    ("how much money did we approve for the web agency", ("8400", "8,400"), "Documents/Work/meeting_notes_2026-03-02.md"),
    ("when do we meet again about the relaunch", ("16 March 2026",), "Documents/Work/meeting_notes_2026-03-02.md"),
    ("which customer is the inventory app for", ("Northwind",), "Documents/Work/project_heron_kickoff.docx"),
    ("who is in charge of the warehouse project", ("Priya",), "Documents/Work/project_heron_kickoff.docx"),
    ("by when must the stock tracking tool be finished", ("30 June 2026",), "Documents/Work/project_heron_kickoff.docx"),
    ("on which weekday do we show the Heron demo", ("Thursday",), "Documents/Work/project_heron_kickoff.docx"),
    ("how many keys to the front door did they hand me when I moved in", ("2",), "Documents/Housing/move_in_checklist.md"),
    ("which garage should I call about swapping my tyres for the cold months", ("Garage Moreau",), "Notes/todo.txt"),
    ("what trial subscription do I need to stop before I get charged", ("CloudBox",), "Notes/todo.txt"),
    ("how many avocados go in the dip", ("2",), "Recipes/guacamole.md"),
    ("how much milk for the oats I soak in the fridge", ("150 ml", "150ml"), "Recipes/overnight_oats.txt"),
    ("from what time can I get into my room in Porto", ("15:00",), "Travel/porto_hotel_booking.pdf"),
    ("what day do I have to leave the hotel in Porto", ("16 May 2026",), "Travel/porto_hotel_booking.pdf"),
    ("is breakfast part of my Porto hotel room", ("breakfast included",), "Travel/porto_hotel_booking.pdf"),
    ("the dishwasher shows E24, what should I do", ("drain hose", "filter"), "Manuals/dishwasher_bosch_manual.pdf"),
    ("how much did I really spend getting around in March", ("98",), "Documents/Finance/budget_2026.csv"),
    ("how much do I put away as savings each month", ("500",), "Documents/Finance/budget_2026.csv"),
    ("what did I end up spending on reading material in March", ("22.98",), "Documents/Finance/budget_2026.csv"),
    ("by when did I have to pay the server company for February 2025", ("17 March 2025",), "Documents/Invoices/2025/acme_hosting_2025-02.txt"),
    ("when is the designer who did my logo expecting the money", ("2 April 2026",), "Documents/Invoices/2026/stark_design_2026-03.docx"),
    ("how much flour goes into the banana loaf", ("190 g", "190g"), "Recipes/banana_bread.html"),
    ("how long should the banana loaf stay in the oven", ("60 minutes",), "Recipes/banana_bread.html"),
    ("which bank account do I wire the web hosting money to", ("DE89",), "Documents/Invoices/2025/acme_hosting_2025-02.txt"),
    ("what street is my hotel in Porto on", ("Rua de Miragaia",), "Travel/porto_hotel_booking.pdf"),
    ("how much will the Porto stay cost me", ("548",), "Travel/porto_hotel_booking.pdf"),
    ("where did I buy the drill", ("Brico",), "Documents/Receipts/receipt_brico_2026-02-08.txt"),
    ("how much were the wall anchors", ("3.20", "3.2"), "Documents/Receipts/receipt_brico_2026-02-08.txt"),
]


# our own follow-ups on tune files: (first question, follow-up, expected variants, fact file)
FOLLOWUPS: list[tuple[str, str, tuple[str, ...], str]] = [
    ("how much was the Acme Hosting invoice for February 2025?", "and when was it due?", ("17 March 2025",),
     "Documents/Invoices/2025/acme_hosting_2025-02.txt"),
    ("what does error E24 mean on the dishwasher", "and what about the salt?", ("salt container", "indicator"),
     "Manuals/dishwasher_bosch_manual.pdf"),
    ("who leads project heron?", "and who's the client?", ("Northwind",), "Documents/Work/project_heron_kickoff.docx"),
    ("when is the next website meeting?", "who went to the last one?", ("Priya",),
     "Documents/Work/meeting_notes_2026-03-02.md"),
    ("how much was the drill at brico?", "and the screws?", ("6.49",), "Documents/Receipts/receipt_brico_2026-02-08.txt"),
    ("what's the total on my cafe lumen receipt", "what did the croissant cost?", ("3.10", "3.1"),
     "Documents/Receipts/receipt_cafe_lumen.txt"),
    ("how much did I plan for groceries in March?", "and what did I actually spend?", ("455",),
     "Documents/Finance/budget_2026.csv"),
    ("when do I check in at the Porto hotel?", "how much is it in total?", ("548",), "Travel/porto_hotel_booking.pdf"),
    ("what's the Stark Design invoice number?", "when do I have to pay it?", ("2 April 2026",),
     "Documents/Invoices/2026/stark_design_2026-03.docx"),
    ("how much flour goes in the banana bread?", "and how long does it bake?", ("60 minutes",), "Recipes/banana_bread.html"),
    ("find my move-in checklist", "how many front door keys did I get?", ("2",), "Documents/Housing/move_in_checklist.md"),
    ("what's on my todo list?", "anything about a free trial?", ("CloudBox",), "Notes/todo.txt"),
    ("how much is the Globex invoice from January 2026?", "and the one from September 2025?", ("545.90", "545.9"),
     "Documents/Invoices/2025/globex_telecom_2025-09.pdf"),
    ("who owns the blog migration?", "what budget did the agency get?", ("8400", "8,400"),
     "Documents/Work/meeting_notes_2026-03-02.md"),
    ("what's in the guacamole?", "how many avocados exactly?", ("2",), "Recipes/guacamole.md"),
    ("show me the hotel booking for Porto", "what's the confirmation number?", ("HCR-88412",),
     "Travel/porto_hotel_booking.pdf"),
]


def run(verbose: bool, quick: bool, dump: bool = False) -> dict:
    from agent_eval import declined as is_declined

    from manoled.agent.context import ToolContext
    from manoled.agent.fake import FakeLLM
    from manoled.agent.loop import Agent, AnswerStep
    from manoled.agent.tools import find_facts
    from manoled.app import open_core
    from manoled.config import Config
    from manoled.index.embed import SentenceEmbedder
    from manoled.paths import resolve

    tmp = Path(tempfile.mkdtemp(prefix="declcal-"))
    try:
        full = tmp / "full"
        corpus = ec.build(full, small=True)
        root = ec.copy_split(corpus, tmp / "files")
        for rel, text in EXTRA.items():
            (root / rel).parent.mkdir(parents=True, exist_ok=True)
            (root / rel).write_text(text)
        emb = SentenceEmbedder()
        core = open_core(resolve(home=tmp / "home"), Config(), embedder=emb)
        assert core.indexer.index_paths([root]).failed == 0
        ctx = ToolContext(core.catalog, search=core.indexer.search, embed=emb.embed)
        agent = Agent(FakeLLM(tier="fallback"), ctx)

        def ask(q: str) -> tuple[str, list[str]]:
            final = list(agent.run(q))[-1]
            assert isinstance(final, AnswerStep)
            return final.answer, [str(Path(s).resolve().relative_to(root.resolve())) for s in final.sources]

        tune = [q for q in corpus.by_split("tune") if q.intent in ("content", "unanswerable")]
        unans = (UNANSWERABLE[:12] if quick else UNANSWERABLE + HARD_UNANSWERABLE) + [
            q.text for q in tune if q.intent == "unanswerable"]
        answ = (ANSWERABLE[:10] if quick else ANSWERABLE) + [
            (q.text, q.expect[0], q.about[0]) for q in tune if q.intent == "content" and len(q.expect) == 1]

        def why(q: str) -> str:
            ex = find_facts(ctx, q)
            return f"   [{ex.reason or 'answers'}] {ex.evidence}"
        declined = sourced = 0
        t0 = time.time()
        for q in unans:
            a, src = ask(q)
            ok = is_declined(a, src, q)[0]
            declined += ok
            sourced += bool(src)
            if dump or verbose and not ok:
                print(f"UNANS {'ok  ' if ok else 'MISS'} {q!r}\n   -> {a!r} {src}\n{why(q)}")
        def answered(qs: list[tuple[str, tuple[str, ...], str]], label: str) -> tuple[int, int]:
            right = wrong_file = 0
            for q, expect, rel in qs:
                a, src = ask(q)
                ok = any(ec.matches(a, e) for e in expect) and src[:1] == [rel]
                right += ok
                wrong_file += sum(1 for s in src if s != rel)
                if dump or verbose and not ok:
                    print(f"{label} {'ok  ' if ok else 'MISS'} {q!r}\n   -> {a!r} {src}  (want {expect[0]} from {rel})\n"
                          f"{why(q)}")
            return right, wrong_file
        right, wrong_file = answered(answ, "ANSW ")
        follow = FOLLOWUPS[:6] if quick else FOLLOWUPS
        right_fu = 0
        for n, (first, q, expect, rel) in enumerate(follow):
            list(agent.run(first, session=f"fu{n}"))
            final = list(agent.run(q, session=f"fu{n}"))[-1]
            src = [str(Path(x).resolve().relative_to(root.resolve())) for x in final.sources]
            ok = any(ec.matches(final.answer, e) for e in expect) and src[:1] == [rel]
            right_fu += ok
            if dump or verbose and not ok:
                print(f"FOLLW {'ok  ' if ok else 'MISS'} {first!r} -> {q!r}\n   -> {final.answer!r} {src}  "
                      f"(want {expect[0]} from {rel})")
        indirect = INDIRECT[:10] if quick else INDIRECT
        right_ind, wrong_ind = answered(indirect, "INDIR")
        core.close()
        return {"unanswerable": len(unans), "decline_rate": round(declined / len(unans), 3),
                "sourced_unanswerable": sourced, "answerable": len(answ),
                "accept_rate": round(right / len(answ), 3), "wrong_file": wrong_file,
                "indirect": len(indirect), "accept_rate_indirect": round(right_ind / len(indirect), 3),
                "wrong_file_indirect": wrong_ind, "followups": len(follow),
                "accept_rate_followup": round(right_fu / len(follow), 3), "seconds": round(time.time() - t0, 1)}
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--quick", action="store_true", help="a dozen of each set")
    ap.add_argument("-v", "--verbose", action="store_true", help="print each miss")
    ap.add_argument("--dump", action="store_true", help="print every question with its evidence")
    args = ap.parse_args()
    print(json.dumps(run(args.verbose, args.quick, args.dump)))


if __name__ == "__main__":
    main()
