"""Everyday questions about a few papers of the tuning folders, asked the way people ask them, in process.

    .venv/bin/python bench/probe_eval.py [--quick] [-v]

A developer's probe, not a held-out set: the questions were written while reading these papers (a lease, a
car lease, insurance renewals, a hotel and a cottage booking, a recipe, a dental letter, a domestic helper's
contract and notes) in the tuning folders of ``bench/stranger/``, and the answering code was tuned against
them. It tracks the kinds of question the stranger folders ask once each: when a lease ends, who a firm is to
the person ("who insures the car"), a sum per month, "which day", the paper in force. Read its misses freely.

An answer passes when it says one of the expected forms and is at most 300 characters. The last line is a JSON
object: accuracy, accuracy by folder, questions, seconds.
"""

from __future__ import annotations

import argparse
import json
import shutil
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
import evalcorpus as ec  # noqa: E402
import stranger_eval as se  # noqa: E402

# folder -> (question, the forms any of which the answer must say)
PROBES: dict[str, list[tuple[str, tuple[str, ...]]]] = {
    "dublin": [
        ("When does my lease end?", ("31/08/2026",)),
        ("when is my tenancy up?", ("31/08/2026",)),
        ("who do I rent the flat from?", ("Brendan Kavanagh",)),
        ("what do I pay each month for the flat?", ("1,875",)),
        ("how much should I get back when I move out?", ("1,875",)),
        ("which day are the bins collected?", ("Tuesday",)),
        ("how much notice do I need to give to leave the flat?", ("28 days",)),
        ("am I allowed a cat in the flat?", ("pets",)),
        ("when did I sign the lease?", ("22/08/2025",)),
        ("how hot should the oven be for the apple tart?", ("180C",)),
        ("how many apples for the tart?", ("3 large",)),
        ("when does the car insurance renew?", ("12/04/2026",)),
        ("who insures the Skoda?", ("Aviva",)),
        ("what time can we check in at the Lisbon hotel?", ("14:00",)),
        ("how many nights in Lisbon?", ("Nights: 4",)),
        ("whats the city tax in Lisbon?", ("4,00",)),
        ("what's the hotel's phone number in Lisbon?", ("218 870 412",)),
        ("until when can I cancel the Lisbon hotel for free?", ("11/05/2026",)),
    ],
    "student": [
        ("who owns our flat?", ("Margaret Liu",)),
        ("what's the property manager's mobile?", ("0423 117 865",)),
        ("how much is the bond?", ("2,480",)),
        ("whose name is the electricity in?", ("Priya",)),
        ("what time is the dentist?", ("3:15",)),
        ("who is my dentist?", ("Qureshi",)),
        ("how much notice to move the dentist appointment?", ("48 hours",)),
        ("how long is the crown prep appointment?", ("90 minutes",)),
    ],
    "toronto": [
        ("how much is the monthly car payment?", ("552.76",)),
        ("what does it cost per extra km?", ("0.12",)),
        ("how much to buy the CR-V at the end of the lease?", ("19,845",)),
        ("who do we lease the car from?", ("Honda Canada Finance",)),
        ("when do we arrive at the cottage?", ("July 18",)),
        ("how much is still owing on the cottage?", ("2,270.17",)),
        ("can we bring the dog to the cottage?", ("no pets",)),
        ("how many people does the cottage sleep?", ("sleeps 7",)),
    ],
    "singapore": [
        ("when does the road tax expire?", ("14/07/2027",)),
        ("what's the car plate number?", ("SLK 4821",)),
        ("when did Maricel start working for us?", ("3 February 2025",)),
        ("who is Maricel's emergency contact?", ("Jessa",)),
        ("when is Maricel going home in December?", ("14-23 Dec",)),
        ("which agency did we get Maricel from?", ("HomeCare",)),
        ("how much annual leave does Maricel get?", ("7 days",)),
    ],
}
QUICK = ("student",)


def run_folder(name: str, verbose: bool, embedder) -> list[int]:
    from manoled.agent.loop import AnswerStep

    tmp = Path(tempfile.mkdtemp(prefix=f"probe-{name}-"))
    try:
        _root, _qs, core, agent = se.open_folder(name, tmp, embedder)
        right = []
        for question, forms in PROBES[name]:
            final = list(agent.run(question))[-1]
            assert isinstance(final, AnswerStep)
            ok = ec.expect_met(final.answer, (forms,)) and len(final.answer) <= se.MAX_CHARS
            right.append(int(ok))
            if verbose and not ok:
                print(f"MISS {name:10} {question!r}\n     -> {final.answer[:300]!r}\n     want {forms[0]!r}", flush=True)
        core.close()
        return right
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--quick", action="store_true", help="the student folder's probes only")
    ap.add_argument("-v", "--verbose", action="store_true", help="print each miss")
    args = ap.parse_args()
    from manoled.index.embed import SentenceEmbedder

    emb = SentenceEmbedder()
    t0 = time.time()
    by_folder = {name: run_folder(name, args.verbose, emb) for name in (QUICK if args.quick else PROBES)}
    every = [ok for oks in by_folder.values() for ok in oks]
    print(json.dumps({"bench": "probe_eval", "quick": args.quick, "questions": len(every),
                      "accuracy": round(sum(every) / len(every), 3),
                      "accuracy_by_folder": {k: round(sum(v) / len(v), 3) for k, v in by_folder.items()},
                      "seconds": round(time.time() - t0, 1)}))


if __name__ == "__main__":
    main()
