"""Answers to new wordings, in process (no daemon), over the TUNE half of the eval corpus.

    .venv/bin/python bench/wording_eval.py [--quick] [-v]

Builds the eval corpus (bench/evalcorpus.py), indexes only the files of its tuning half with the real
catalog, LEANN index and MiniLM (like bench/decline_calibration.py), and asks the planner (FakeLLM, fallback
tier) questions written here in the ways people type at a shell: terse ("pdfs?"), chatty, imperative
("gimme the biggest picture"), with follow-ups in the same session ("and the oldest?"). None of them is
worded like the corpus's own questions; they test how the planner generalises, not what it was tuned on.

Expected answers for file-system questions are computed from the written files (sizes, mtimes, counts),
content answers are literal facts of the tune files; "attribute" questions ask for a fact in other words than
the file states it ("what voltage" for "18V", "the reference" for a confirmation number); "indirect" questions
name the thing itself in other words than its file does, the way someone who does not remember the file's
wording asks: by what it does ("my server provider" for Acme Hosting), where it is ("where I'm staying in
portugal"), what happened at it, a synonym ("the banana loaf", "restaurants" for eating out), or with context
first ("i'm heading to the shops, ..."). Scoring: :func:`evalcorpus.matches` for every expected
group (content answers must also cite their fact file first); unanswerable questions must be declined
(:func:`agent_eval.declined`).

Prints one line per miss with ``-v``; the last line is a JSON object: accuracy, and per intent.
"""

from __future__ import annotations

import argparse
import json
import shutil
import sys
import tempfile
import time
from dataclasses import dataclass
from datetime import datetime, timedelta
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import evalcorpus as ec  # noqa: E402

Groups = tuple[tuple[str, ...], ...]


@dataclass
class Ask:
    intent: str
    turns: tuple[str, ...]  # earlier turns of the same session, then the scored question
    expect: Groups  # every group must match (any variant); empty for unanswerable
    fact: str | tuple[str, ...] = ""  # the file a content answer must cite first (any of several that say it)


class Facts:
    """What the tune files are: sizes, mtimes, kinds, relative to the copied tree."""

    IMAGE = ("jpg", "jpeg", "png")

    def __init__(self, root: Path) -> None:
        self.root = root
        self.files = {str(p.relative_to(root)): p.stat() for p in sorted(root.rglob("*")) if p.is_file()}

    def sel(self, pred) -> list[str]:
        return [r for r in self.files if pred(r)]

    def ext(self, *exts: str) -> list[str]:
        return self.sel(lambda r: r.rsplit(".", 1)[-1].lower() in exts)

    def under(self, folder: str) -> list[str]:
        return self.sel(lambda r: r.startswith(folder.rstrip("/") + "/"))

    def since(self, ts: float, until: float | None = None) -> list[str]:
        return self.sel(lambda r: self.files[r].st_mtime >= ts and (until is None or self.files[r].st_mtime < until))

    def by_size(self, rels: list[str], desc: bool = True) -> list[str]:
        return sorted(rels, key=lambda r: (-self.files[r].st_size if desc else self.files[r].st_size))

    def by_date(self, rels: list[str], newest: bool = True) -> list[str]:
        return sorted(rels, key=lambda r: (-self.files[r].st_mtime if newest else self.files[r].st_mtime))

    def size(self, rels: list[str]) -> tuple[str, ...]:
        return ec.size_variants(sum(self.files[r].st_size for r in rels))

    def date(self, rel: str) -> tuple[str, ...]:
        return ec.date_variants(datetime.fromtimestamp(self.files[rel].st_mtime))


def name(rel: str) -> str:
    return rel.rsplit("/", 1)[-1]


def names(rels: list[str], most: int = 6) -> Groups:
    """Every file's name (at most ``most``); none left means the answer says there are none."""
    if not rels:
        return (("no ", "none", "nothing", "0 files", "found no"),)
    return tuple((name(r),) for r in rels[:most])


def questions(fx: Facts, corpus: ec.Corpus) -> list[Ask]:
    now = datetime.now()
    today = datetime(now.year, now.month, now.day)
    monday = today - timedelta(days=today.weekday())
    feb = now.year if now.month >= 2 else now.year - 1  # "in february": the latest one
    inv = {r: f for r, f in corpus.files.items() if r in fx.files and "Invoices" in r}

    def invoice(stem: str) -> tuple[str, dict[str, str]]:
        rel = next(r for r in inv if stem in r)
        return rel, inv[rel].exif

    photos = fx.ext(*Facts.IMAGE)
    md = fx.ext("md")
    csv = fx.ext("csv")
    pdf = fx.ext("pdf")
    docx = fx.ext("docx")
    receipts = fx.under("Documents/Receipts")
    recipes = fx.under("Recipes")
    work = fx.under("Documents/Work")
    past_week = fx.since((now - timedelta(days=7)).timestamp())
    this_week = fx.since(monday.timestamp())
    acme1, acme1x = invoice("acme_hosting_2025-01")
    acme2, acme2x = invoice("acme_hosting_2025-02")
    glx26, glx26x = invoice("globex_telecom_2026-01")
    glx25, glx25x = invoice("globex_telecom_2025-09")
    stark, starkx = invoice("stark_design")
    by_date_inv = fx.by_date(list(inv))
    folders_top = sorted({r.split("/")[0] for r in fx.files if "/" in r})
    docs_sub = sorted({r.split("/")[1] for r in fx.under("Documents")})
    top_sizes = {d: sum(fx.files[r].st_size for r in fx.under(d)) for d in folders_top}
    heaviest = max(top_sizes, key=top_sizes.get)
    doc_sizes = {d: sum(fx.files[r].st_size for r in fx.under(f"Documents/{d}")) for d in docs_sub}
    by_ext: dict[str, int] = {}
    for r, st in fx.files.items():
        by_ext[r.rsplit(".", 1)[-1]] = by_ext.get(r.rsplit(".", 1)[-1], 0) + st.st_size
    biggest_ext = max(by_ext, key=by_ext.get)
    R, C, T, B, H, PORTO, J, A = ("Documents/Receipts/receipt_cafe_lumen.txt", "Documents/Receipts/receipt_brico_2026-02-08.txt",
                              "Notes/todo.txt", "Recipes/banana_bread.html", "Documents/Work/project_heron_kickoff.docx",
                              "Travel/porto_hotel_booking.pdf", "Documents/Work/meeting_notes_2026-03-02.md",
                              "Manuals/dishwasher_bosch_manual.pdf")
    G, OATS, BUD, UT = ("Recipes/guacamole.md", "Recipes/overnight_oats.txt", "Documents/Finance/budget_2026.csv",
                        "Documents/Housing/utility_readings.csv")
    S = [fx.by_size, fx.by_date]
    asks = [
        # -- count
        Ask("count", ("how many pdfs have i got",), ((str(len(pdf)),),)),
        Ask("count", ("number of pics in Photos",), ((str(len(fx.under("Photos"))),),)),
        Ask("count", ("count the markdown files",), ((str(len(md)),),)),
        Ask("count", ("spreadsheets: how many?",), ((str(len(csv)),),)),
        Ask("count", ("how many recipes are there",), ((str(len(recipes)),),)),
        Ask("count", ("how many invoices do i have",), ((str(len(inv)),),)),
        Ask("count", ("how many files did i touch in the past week",), ((str(len(past_week)),),)),
        Ask("count", ("total number of word docs?",), ((str(len(docx)),),)),
        Ask("count", ("how many things are in the Work folder",), ((str(len(work)),),)),
        Ask("count", ("do i have lots of jpgs? how many",), ((str(len(fx.ext("jpg"))),),)),
        Ask("count", ("files in total?",), ((str(len(fx.files)),),)),
        # -- list
        Ask("list", ("pdfs?",), names(pdf)),
        Ask("list", ("gimme the biggest file",), names(S[0](list(fx.files))[:1])),
        Ask("list", ("what's my smallest recipe",), names(S[0](recipes, False)[:1])),
        Ask("list", ("show me everything in Travel",), names(fx.under("Travel"))),
        Ask("list", ("what have I changed this week?",), names(S[1](this_week))),
        Ask("list", ("anything modified in the past week?",), names(S[1](past_week))),
        Ask("list", ("my receipts pls",), names(receipts)),
        Ask("list", ("which files are about porto",), (("porto_hotel_booking.pdf",), ("IMG_2041.jpg",))),
        Ask("list", ("what's the oldest file here",), names(S[1](list(fx.files), False)[:1])),
        Ask("list", ("newest thing in Work?",), names(S[1](work)[:1])),
        Ask("list", ("the 3 most recently changed files",), names(S[1](list(fx.files))[:3])),
        Ask("list", ("files with heron in the name",), (("project_heron_kickoff.docx",),)),
        Ask("list", ("got any csv files?",), names(csv)),
        Ask("list", ("largest 2 photos",), names(S[0](photos)[:2])),
        Ask("list", ("what did i save back in february",),
            names(fx.since(datetime(feb, 2, 1).timestamp(), datetime(feb, 3, 1).timestamp()))),
        # -- metadata
        Ask("metadata", ("when did i last edit the shopping list",), (fx.date("Notes/shopping_list.md"),)),
        Ask("metadata", ("how big is the heron kickoff doc",), (fx.size([H]),)),
        Ask("metadata", ("size of the dishwasher manual?",), (fx.size([A]),)),
        Ask("metadata", ("where's my todo list",), (("Notes",),)),
        Ask("metadata", ("what folder is the banana bread recipe in",), (("Recipes",),)),
        Ask("metadata", ("which folder has the receipts",), (("Documents/Receipts",),)),
        Ask("metadata", ("when was the budget spreadsheet last updated?",), (fx.date(BUD),)),
        Ask("metadata", ("how large is IMG_0417.jpg",), (fx.size(["Photos/2024/IMG_0417.jpg"]),)),
        Ask("metadata", ("last time the journal was changed?",), (fx.date("Notes/journal_2026.md"),)),
        Ask("metadata", ("the porto booking, when was it modified",), (fx.date(PORTO),)),
        Ask("metadata", ("how many bytes is the guacamole recipe",), (fx.size([G]),)),
        # -- tree
        Ask("tree", ("what folders have i got",), tuple((d,) for d in folders_top)),
        Ask("tree", ("show me how Documents is laid out",), tuple((d,) for d in docs_sub)),
        Ask("tree", ("folder layout pls",), tuple((d,) for d in folders_top)),
        Ask("tree", ("any subfolders in Notes?",), (("ideas",),)),
        Ask("tree", ("give me a map of my directories",), tuple((d,) for d in folders_top)),
        # -- usage
        Ask("usage", ("what's eating my disk in Documents",),
            ((max(doc_sizes, key=doc_sizes.get), name(S[0](fx.under("Documents"))[0])),)),
        Ask("usage", ("how much space do my photos take",), (fx.size(photos),)),
        Ask("usage", ("total size of everything?",), (fx.size(list(fx.files)),)),
        Ask("usage", ("which folder is the heaviest",), ((heaviest,),)),
        Ask("usage", ("how much room does Recipes use",), (fx.size(recipes),)),
        Ask("usage", ("disk usage by file type",), ((biggest_ext,),)),
        Ask("usage", ("how much do the pdfs weigh altogether",), (fx.size(pdf),)),
        # -- content
        Ask("content", ("what's on my shopping list",), (("oat milk", "red lentils", "limes", "coriander", "AA batteries"),),
            "Notes/shopping_list.md"),
        Ask("content", ("who was at the website relaunch meeting",), (("Priya", "Tomasz"),), J),
        Ask("content", ("when's the website going live now",), (("21 April 2026",),), J),
        Ask("content", ("what books did i want to read",), (("Klara and the Sun", "Ministry for the Future"),),
            "Notes/books_to_read.md"),
        Ask("content", ("what was that app idea about plants",), (("watering",),), "Notes/ideas/app_ideas.md"),
        Ask("content", ("confirmation code for the porto hotel?",), (("HCR-88412",),), PORTO),
        Ask("content", ("how much were the two flat whites",), (("6.80", "6.8"),), R),
        Ask("content", ("which card did i use at brico",), (("4417",),), C),
        Ask("content", ("dishwasher is showing E15, help",), (("base tray", "water tap", "customer service"),), A),
        Ask("content", ("what model is my dishwasher",), (("SMS4HVI33E", "Serie 4"),), A),
        Ask("content", ("how much did globex charge me in january",), (ec.money(float(glx26x["amount"])),), glx26),
        Ask("content", ("acme's invoice number from january 2025?",), ((acme1x["number"],),), acme1),
        Ask("content", ("what iban does globex want the money on",), ((glx25x["iban"][:4],),), (glx25, glx26)),
        Ask("content", ("how hot should the oven be for banana bread",), (("175 C", "175"),), B),
        Ask("content", ("how many bananas go in the banana bread",), (("3",),), B),
        Ask("content", ("how much chia goes in the oats",), (("1 tbsp",),), OATS),
        Ask("content", ("what do i still need to do from the move-in list",), (("council tax", "redirect post"),),
            "Documents/Housing/move_in_checklist.md"),
        Ask("content", ("what was the electricity meter reading on 1 June 2025",), (("13260",),), UT),
        Ask("content", ("what did i actually spend on utilities",), (("171",),), BUD),
        Ask("content", ("when are the heron demos",), (("Thursday",),), H),
        Ask("content", ("what's the stark design invoice for",), (("Logo redesign",),), stark),
        Ask("content", ("by when did i have to pay acme for january 2025",), ((acme1x["due"],),), acme1),
        Ask("content", ("remind me what I have to send Priya",), (("slides",),), T),
        # -- follow-ups: the last turn is scored
        Ask("followup", ("list my receipts", "and the newest?"), names(S[1](receipts)[:1])),
        Ask("followup", ("show me the pdfs", "which one is the biggest?"), names(S[0](pdf)[:1])),
        Ask("followup", ("what's in Recipes", "and the oldest?"), names(S[1](recipes, False)[:1])),
        Ask("followup", ("how big is the dishwasher manual", "and when was it last changed?"), (fx.date(A),)),
        Ask("followup", ("when did i last edit the todo list", "how big is it?"), (fx.size([T]),)),
        Ask("followup", ("how much space does Photos take", "and Documents?"), (fx.size(fx.under("Documents")),)),
        Ask("followup", ("who leads project heron", "and the deadline?"), (("30 June 2026",),), H),
        Ask("followup", ("what's the total on the brico receipt", "what about the wall plugs"), (("3.20", "3.2"),), C),
        Ask("followup", ("how much was the globex invoice from january 2026", "when's it due?"),
            ((glx26x["due"],),), glx26),
        Ask("followup", ("list the invoices", "what's in the second one?"),
            # the second as listed: by date, or by name for a folder's listing
            tuple((corpus.files[r].exif["vendor"].split()[0], name(r)) for r in {by_date_inv[1], sorted(inv)[1]})
            if len({by_date_inv[1], sorted(inv)[1]}) == 1 else
            ((corpus.files[by_date_inv[1]].exif["vendor"].split()[0], corpus.files[sorted(inv)[1]].exif["vendor"]
              .split()[0]),)),
        Ask("followup", ("how many csv files are there", "list them"), names(csv)),
        Ask("followup", ("porto hotel check-in date?", "and checkout?"), (("16 May 2026",),), PORTO),
        Ask("followup", ("show me my notes", "just the markdown ones"),
            names([r for r in fx.under("Notes") if r.endswith(".md")])),
        Ask("followup", ("how many photos do i have", "which of them is the smallest?"), names(S[0](photos, False)[:1])),
        # -- unanswerable: near the tune files' topics, not said in them
        Ask("unanswerable", ("how much did i tip at cafe lumen",), ()),
        Ask("unanswerable", ("who's the contact person at northwind",), ()),
        Ask("unanswerable", ("what's my room number at the porto hotel",), ()),
        Ask("unanswerable", ("what's garage moreau's phone number",), ()),
        Ask("unanswerable", ("how much sugar goes in the guacamole",), ()),
        Ask("unanswerable", ("what was the electricity reading in 2023",), ()),
        Ask("unanswerable", ("which train do i take to porto",), ()),
        Ask("unanswerable", ("what's priya's email address",), ()),
        Ask("unanswerable", ("when does my car insurance renew",), ()),
        Ask("unanswerable", ("what's the late fee on the stark design invoice",), ()),
        Ask("unanswerable", ("what colour is the cordless drill",), ()),
        Ask("unanswerable", ("how many calories in the overnight oats",), ()),
        # -- unanswerable: an attribute of a tune file's thing that the file does not state (its nearest
        # sentence shares the thing's words: the answer must say what was asked)
        Ask("unanswerable", ("what's the vat rate on the acme hosting invoice",), ()),
        Ask("unanswerable", ("how much was the deposit for the porto hotel",), ()),
        Ask("unanswerable", ("what floor is my room on at the hotel in porto",), ()),
        Ask("unanswerable", ("what's the opening time of cafe lumen",), ()),
        Ask("unanswerable", ("how much sugar goes in the overnight oats",), ()),
        Ask("unanswerable", ("what's the postcode of cafe lumen",), ()),
        Ask("unanswerable", ("who's the account manager at acme hosting",), ()),
        Ask("unanswerable", ("how many slices does the banana bread make",), ()),
        Ask("unanswerable", ("what's the mobile data allowance on the globex plan",), ()),
        Ask("unanswerable", ("what's the total weight of the wood screws",), ()),
        Ask("unanswerable", ("what's the warranty on the cordless drill",), ()),
        Ask("unanswerable", ("how many servings does the guacamole make",), ()),
        Ask("unanswerable", ("what's the password for the cafe lumen wifi",), ()),
        Ask("unanswerable", ("what's the hourly rate on the stark design invoice",), ()),
        Ask("unanswerable", ("what's the cancellation policy for the porto hotel booking",), ()),
        Ask("unanswerable", ("what's the serial number of the cordless drill",), ()),
        # -- attribute: asked in other words than the file states it (a fix must not just decline more)
        Ask("attribute", ("what's the reference for the porto hotel booking",), (("HCR-88412",),), PORTO),
        Ask("attribute", ("which payment method did i use at cafe lumen",), (("contactless",),), R),
        Ask("attribute", ("what voltage is the cordless drill",), (("18V",),), C),
        Ask("attribute", ("what temperature does the banana bread bake at",), (("175",),), B),
        Ask("attribute", ("what kind of room did i book in porto",), (("double",),), PORTO),
        Ask("attribute", ("what's the name of the hotel in porto",), (("Casa do Rio",),), PORTO),
        # -- indirect: the thing asked about in other words than its file uses (what it does, where it is, what
        # happened at it), or context first; one tune file says it
        Ask("indirect", ("what did my server provider bill me for february 2025",), (ec.money(float(acme2x["amount"])),),
            acme2),
        Ask("indirect", ("which bank account does the hosting company want me to pay into",), ((acme1x["iban"][:4],),),
            (acme1, acme2)),
        Ask("indirect", ("how much was my phone and internet bill for september 2025",),
            (ec.money(float(glx25x["amount"])),), glx25),
        Ask("indirect", ("what's the reference number on the telecom company's january 2026 bill",),
            ((glx26x["number"],),), glx26),
        Ask("indirect", ("by when do i need to pay the people who redid my logo",),
            (ec.date_variants(datetime.strptime(starkx["due"], "%d %B %Y")),), stark),
        Ask("indirect", ("what did the power drill cost at the DIY store",), (("89.90", "89.9"),), C),
        Ask("indirect", ("how long have i got to take stuff back to the DIY place",), (("30 days",),), C),
        Ask("indirect", ("which branch of the hardware store was i at in february",), (("Cribbs",),), C),
        Ask("indirect", ("what pastry did i get at the coffee place on gloucester road",), (("Almond croissant",),), R),
        Ask("indirect", ("how much money did they sign off for the agency doing the new site",), (("8400", "8,400"),), J),
        Ask("indirect", ("who's handling moving the old blog articles over to the new site",), (("Tomasz",),), J),
        Ask("indirect", ("why did the go-live of the new website get pushed back",), (("payment page",),), J),
        Ask("indirect", ("when do we meet again about the new site",), (ec.date_variants(datetime(2026, 3, 16)),), J),
        Ask("indirect", ("who's the client for the inventory web app thing",), (("Northwind",),), H),
        Ask("indirect", ("the dishwasher won't pump the water out, what should i check",), (("filter",),), A),
        Ask("indirect", ("a warning light came on on the dishwasher, what do i need to top up",), (("salt",),), A),
        Ask("indirect", ("what's the street address of where i'm staying in portugal",), (("Rua de Miragaia",),), PORTO),
        Ask("indirect", ("how much is the stay at the hotel by the river going to cost",), (("548",),), PORTO),
        Ask("indirect", ("how much butter goes in the banana loaf",), (("75 g",),), B),
        Ask("indirect", ("how many avocados for the mexican dip",), (("2", "two"),), G),
        Ask("indirect", ("how much milk do i pour over the oats for the make-ahead breakfast",), (("150 ml",),), OATS),
        Ask("indirect", ("what did the gas meter say at the start of march 2025",), (("3565",),), UT),
        Ask("indirect", ("what did i actually blow on restaurants and takeaways in march",), (("212",),), BUD),
        Ask("indirect", ("what do i pay for the flat each month according to my budget",), (("1150",),), BUD),
        Ask("indirect", ("which free trial is about to run out that i need to stop",), (("CloudBox",),), T),
        Ask("indirect", ("who's doing the seasonal tyre swap on my car",), (("Moreau",),), T),
        Ask("indirect", ("how many keys for the main entrance did i get when i moved in",), (("2",),),
            "Documents/Housing/move_in_checklist.md"),
        Ask("indirect", ("what's the third novel on my reading pile",), (("Tomorrow, and Tomorrow",),),
            "Notes/books_to_read.md"),
        Ask("indirect", ("my other app idea, not the plant one, what was it",), (("shared shopping list",),),
            "Notes/ideas/app_ideas.md"),
        Ask("indirect", ("i'm heading to the shops, what size batteries do i need",), (("AA",),), "Notes/shopping_list.md"),
        # -- followup: pronouns, ellipsis, a switched attribute or file, "the other one", corrections
        Ask("followup", ("what did the stark design invoice cover", "what's its total?"),
            (ec.money(float(starkx["amount"])),), stark),
        Ask("followup", ("how much was the acme invoice for january 2025", "and february?"),
            (ec.money(float(acme2x["amount"])),), acme2),
        Ask("followup", ("what's the iban on the acme invoices", "and globex's?"), ((glx25x["iban"][:4],),), (glx25, glx26)),
        Ask("followup", ("how much was the globex bill from september 2025", "what about the other globex one?"),
            (ec.money(float(glx26x["amount"])),), glx26),
        Ask("followup", ("how much did i pay at the cafe", "no, i meant the hardware store"), (("99.59",),), C),
        Ask("followup", ("who was at the march 2 meeting", "what's tomasz responsible for?"), (("blog",),), J),
        Ask("followup", ("when's check-in at the porto hotel", "what time?"), (("15:00",),), PORTO),
        Ask("followup", ("where's the porto booking", "how big is it"), (fx.size([PORTO]),)),
        Ask("followup", ("how many files are in Recipes", "and in Receipts?"), ((str(len(receipts)),),)),
        Ask("followup", ("when was the stark design invoice last modified", "and what folder is it in?"),
            (("Documents/Invoices/2026",),)),
        Ask("followup", ("biggest photo?", "and the second biggest?"), names(S[0](photos)[1:2])),
        Ask("followup", ("what does error E24 mean on the dishwasher", "when did i save that manual?"), (fx.date(A),)),
        # -- unanswerable: near the tune files, the answer in none of them (an attribute the file does not state,
        # or a thing the folder does not have)
        Ask("unanswerable", ("what time do i have to check out of the porto hotel",), ()),
        Ask("unanswerable", ("how much of the stark design bill is VAT",), ()),
        Ask("unanswerable", ("what's the email address of the hotel in porto",), ()),
        Ask("unanswerable", ("what was the water meter reading in march 2025",), ()),
        Ask("unanswerable", ("how much did i budget for holidays in march",), ()),
        Ask("unanswerable", ("what's my budget for groceries in april 2026",), ()),
        Ask("unanswerable", ("how many eggs go in the overnight oats",), ()),
        Ask("unanswerable", ("what's my flight number to porto",), ()),
        Ask("unanswerable", ("what's the budget for project heron",), ()),
        Ask("unanswerable", ("who's my landlord",), ()),
        Ask("unanswerable", ("what model is my washing machine",), ()),
        Ask("unanswerable", ("what's the energy rating of the dishwasher",), ()),
        # -- followup (3rd set): a switched file or item with the same attribute, the same file with a new
        # attribute, pronouns, "the one before that", comparatives; a switched folder, kind, period or sort
        Ask("followup", ("what's the due date on the stark design invoice", "ok and what's its number?"),
            ((starkx["number"],),), stark),
        Ask("followup", ("what did the cordless drill cost me", "and the screws?"), (("6.49",),), C),
        Ask("followup", ("gas meter reading for june 2025?", "same month, electricity"), (("13260",),), UT),
        Ask("followup", ("what was the electricity reading on 1 august 2025", "and the month before that?"),
            (("13470",),), UT),
        Ask("followup", ("how much did i plan for groceries in march", "and how much did i end up spending?"),
            (("455",),), BUD),
        Ask("followup", ("what temp for the banana bread", "for how long?"), (("60 minutes", "60 min"),), B),
        Ask("followup", ("who's the client on project heron", "and what do they want built?"),
            (("warehouse", "web app"),), H),
        Ask("followup", ("how much is the fibre internet bill from september 2025", "who sent it?"),
            (("Globex",),), glx25),
        Ask("followup", ("what's the confirmation number for the porto hotel", "ok and the address?"),
            (("Rua de Miragaia 62", "Miragaia"),), PORTO),
        Ask("followup", ("how much was a flat white at cafe lumen", "and the croissant?"), (("3.10", "3.1"),), R),
        Ask("followup", ("how much are my two globex invoices", "which one was cheaper?"),
            ((*ec.money(float(glx25x["amount"])), "September 2025", "september"),), (glx25, glx26)),
        Ask("followup", ("what's the biggest file in Work", "and in Recipes?"), names(S[0](recipes)[:1])),
        Ask("followup", ("list the photos from 2024", "which of those is the newest?"),
            names(S[1](fx.under("Photos/2024"))[:1])),
        Ask("followup", ("how many files are in Notes", "how many of those are markdown?"),
            ((str(len([r for r in fx.under("Notes") if r.endswith(".md")])),),)),
        Ask("followup", ("show me the pdf files", "now the word documents"), names(docx)),
        Ask("followup", ("when did i last change the guacamole recipe", "what about the overnight oats one?"),
            (fx.date(OATS),)),
        Ask("followup", ("how much space do the invoices take", "and the receipts?"), (fx.size(receipts),)),
        Ask("followup", ("what's the most recently modified file", "and the one before that?"),
            names(S[1](list(fx.files))[1:2])),
        Ask("followup", ("show me the porto photos", "which one's the biggest"),
            names(S[0](fx.under("Photos/2025/Porto"))[:1])),
        Ask("followup", ("list the 2025 invoices", "now the 2026 ones"), names(fx.under("Documents/Invoices/2026"))),
        # -- unanswerable (3rd set): a month or year the files don't cover, a sibling absent from a list, a
        # person, price or attribute no tune file states
        Ask("unanswerable", ("what's the wifi password at the porto hotel",), ()),
        Ask("unanswerable", ("what was the gas reading in january 2026",), ()),
        Ask("unanswerable", ("cafe lumen phone number?",), ()),
        Ask("unanswerable", ("what's the invoice number of the acme hosting bill for april 2025",), ()),
        Ask("unanswerable", ("how much was the globex invoice for december 2025",), ()),
        Ask("unanswerable", ("what brand is the drill i got at brico",), ()),
        Ask("unanswerable", ("what's the fourth book on my reading list",), ()),
        Ask("unanswerable", ("what time is the relaunch meeting on 16 march",), ()),
        Ask("unanswerable", ("how much did i spend on clothes in march",), ()),
        Ask("unanswerable", ("how long is the dishwasher under warranty",), ()),
        Ask("unanswerable", ("what does error E22 mean on my dishwasher",), ()),
        Ask("unanswerable", ("where are northwind traders based",), ()),
        Ask("unanswerable", ("what council tax band is my flat in",), ()),
        Ask("unanswerable", ("how many back door keys did i get when i moved in",), ()),
        Ask("unanswerable", ("how much do the limes on my shopping list cost",), ()),
        # -- content (3rd set): plain or casual wording, facts no question above asks
        Ask("content", ("what time was i at the brico centre",), (("14:32",),), C),
        Ask("content", ("which keys did i get when i moved in",), (("2 front door",), ("bike shed",)),
            "Documents/Housing/move_in_checklist.md"),
        Ask("content", ("electricity meter reading on 1 december 2025?",), (("14520",),), UT),
        Ask("content", ("how much went into savings in march",), (("500",),), BUD),
        Ask("content", ("what did i actually spend on books in march",), (("22.98",),), BUD),
        Ask("content", ("invoice number of the february 2025 acme hosting bill?",), ((acme2x["number"],),), acme2),
        Ask("content", ("when was the september globex bill due",), ((glx25x["due"],),), glx25),
        Ask("content", ("what time's the weekly heron demo",), (("10:00",),), H),
        Ask("content", ("how much flour for banana bread",), (("190 g", "190g"),), B),
        Ask("content", ("what goes on top of my overnight oats",), (("berries",),), OATS),
        Ask("content", ("what was i meant to do about my bike",), (("bike lock",),), T),
        Ask("content", ("which plant do i need to water",), (("basil",),), T),
        Ask("content", ("how much was the acme hosting invoice for january 2025",), (ec.money(float(acme1x["amount"])),),
            acme1),
        Ask("content", ("when did i buy the cordless drill",), (("08/02/2026", "8 February 2026", "February 8, 2026", "2026-02-08"),), C),
        Ask("content", ("what day do i arrive at the hotel in porto",), (("12 May 2026", "12 May", "May 12"),), PORTO),
        # -- 4th set: a file's size asked as the space it takes, everything, folder by folder; a business named
        # with a light word; a sum asked with words no file says; checklists; follow-ups on a series, a log's
        # row, a receipt and a file's place
        Ask("metadata", ("How much space does journal_2026.md take up?",), (fx.size(["Notes/journal_2026.md"]),)),
        Ask("metadata", ("how much space does my journal take up",), (fx.size(["Notes/journal_2026.md"]),)),
        Ask("metadata", ("what's the last-modified date on todo.txt",), (fx.date(T),)),
        Ask("metadata", ("file info for receipt_cafe_lumen.txt",), (fx.size([R]),)),
        Ask("usage", ("how big is everything?",), (fx.size(list(fx.files)),)),
        Ask("usage", ("disk usage by folder",), ((heaviest,),)),
        Ask("content", ("what did the brico people charge me?",), (("99.59",),), C),
        Ask("content", ("how much was the lumen place?",), (("9.90", "9.9"),), R),
        Ask("content", ("what did I spend at brico?",), (("99.59",),), C),
        Ask("content", ("what was I billed by my phone and internet provider in September 2025?",),
            (ec.money(float(glx25x["amount"])),), glx25),
        Ask("content", ("what's left to do from the move in list?",), (("council tax",), ("Redirect post",)),
            "Documents/Housing/move_in_checklist.md"),
        Ask("content", ("when is the website going live?",), (("21 April 2026", "April 21"),), J),
        Ask("followup", ("what did I buy at brico?", "and what did it all come to?"), (("99.59",),)),
        Ask("followup", ("what did I get at cafe lumen", "how much did I pay?"), (("9.90", "9.9"),)),
        Ask("followup", ("what was the electricity reading on 1 March 2025?", "and gas?"), (("3565",),)),
        Ask("followup", ("how much was the acme hosting invoice for February 2025?", "and the one before?"),
            (ec.money(float(acme1x["amount"])),)),
        Ask("followup", ("how much was the globex invoice for September 2025?", "what about the stark one?"),
            (ec.money(float(starkx["amount"])),)),
        Ask("followup", ("what's the confirmation number for the porto hotel?", "which folder is it in?"), (("Travel",),)),
        Ask("followup", ("what books do I want to read?", "which one is first?"), (("Klara",),)),
        Ask("followup", ("what does E15 mean on the dishwasher?", "what's the model number?"), (("SMS4HVI33E",),)),
        Ask("unanswerable", ("how much did I spend on holidays in the budget?",), ()),
        Ask("unanswerable", ("what's the recipe for chocolate cake?",), ()),
        Ask("unanswerable", ("when is the next board meeting?",), ()),
        # -- 5th set (written before it was first run; 0.62 of the indirect ones and 0.75 of the unanswerable ones
        # were right then): the thing by what it does or who sells it, a kind for its item, a phrasal verb, a
        # day of the month; then near misses: an attribute no file states of a thing the files have
        Ask("indirect", ("the German company that runs my VPS - how much did they charge for January 2025?",),
            (ec.money(float(acme1x["amount"])),), acme1),
        Ask("indirect", ("I have to pay the February 2025 server bill by when?",), ((acme2x["due"],),), acme2),
        Ask("indirect", ("how much did the people who do my fibre and mobile want for January 2026?",),
            (ec.money(float(glx26x["amount"])),), glx26),
        Ask("indirect", ("what do I owe the design studio for the new logo work?",), (ec.money(float(starkx["amount"])),),
            stark),
        Ask("indirect", ("last day to pay the branding folks?",), ((starkx["due"],),), stark),
        Ask("indirect", ("how much were the screws when I bought the drill?",), (("6.49",),), C),
        Ask("indirect", ("how much did the coffees cost at that cafe on Gloucester Road?",), (("6.80", "6.8"),), R),
        Ask("indirect", ("which card did I pay with at the DIY store",), (("4417",),), C),
        Ask("indirect", ("when's the website relaunch now, after the delay?",), (("21 April 2026", "April 21"),), J),
        Ask("indirect", ("what's the agency's budget for the relaunch?",), (("8,400", "8400"),), J),
        Ask("indirect", ("who was in the room when we pushed the launch back?",), (("Tomasz",),), J),
        Ask("indirect", ("who runs the warehouse app project on our side?",), (("Priya",),), H),
        Ask("indirect", ("when does the stock app for Northwind have to be done?",), (("30 June 2026", "June 30"),), H),
        Ask("indirect", ("which day of the week do we show the warehouse app progress?",), (("Thursday",),), H),
        Ask("indirect", ("the dishwasher has water sitting underneath it, what do I do?",),
            (("water tap", "customer service"),), A),
        Ask("indirect", ("the dishwasher won't drain, which error code is that?",), (("E24",),), A),
        Ask("indirect", ("what exact model is the Bosch machine in the kitchen?",), (("SMS4HVI33E",),), A),
        Ask("indirect", ("which climate novel is on my reading list?",), (("Ministry for the Future",),),
            "Notes/books_to_read.md"),
        Ask("indirect", ("what was my idea for an app that checks the forecast?",), (("plant watering",),),
            "Notes/ideas/app_ideas.md"),
        Ask("indirect", ("which herb am I buying at the shop?",), (("coriander",),), "Notes/shopping_list.md"),
        Ask("indirect", ("what do I need to get a new key for?",), (("bike lock",),), T),
        Ask("indirect", ("by what day must I stop the cloud storage trial?",), (("28th",),), T),
        Ask("indirect", ("how hot should the oven be for the banana loaf?",), (("175",),), B),
        Ask("indirect", ("how long does the banana bread stay in the oven?",), (("60 minutes",),), B),
        Ask("indirect", ("how many eggs does the banana cake need?",), (("1 egg",),), B),
        Ask("indirect", ("how much citrus goes into the avocado dip?",), (("1 lime", "lime"),), G),
        Ask("indirect", ("how much of the seeds go in my overnight breakfast?",), (("1 tbsp",),), OATS),
        Ask("indirect", ("what time can we get into our room in Porto?",), (("15:00",),), PORTO),
        Ask("indirect", ("what's the view from our room at the Porto hotel?",), (("river view",),), PORTO),
        Ask("indirect", ("when do we leave the hotel in Portugal?",), (("16 May 2026", "May 16", "16 May"),), PORTO),
        Ask("indirect", ("is breakfast included at the riverside hotel?",), (("breakfast included",),), PORTO),
        Ask("indirect", ("how much did I actually spend on getting around in March?",), (("98",),), BUD),
        Ask("indirect", ("what did the supermarket actually cost me in March according to the budget?",), (("455",),),
            BUD),
        Ask("indirect", ("what did gas and electricity actually come to in March in my budget?",), (("171",),), BUD),
        Ask("indirect", ("what was the power meter at on the first of July 2025?",), (("13470",),), UT),
        Ask("indirect", ("how many keys for the bike shed did I get when moving in?",), (("1 bike shed",),),
            "Documents/Housing/move_in_checklist.md"),
        Ask("indirect", ("what do I still have to do about my post after the move?",), (("Redirect post",),),
            "Documents/Housing/move_in_checklist.md"),
        *(Ask("unanswerable", (q,), ()) for q in (
            "what's the VAT number of Acme Hosting?", "how much was the acme hosting bill for March 2025?",
            "when is the globex bill for December 2025 due?", "what's the phone number of Stark Design Studio?",
            "how much did the wood glue cost at brico?", "what did the latte cost at cafe lumen?",
            "who took the minutes at the website meeting?", "what's the budget for project heron?",
            "what does error E30 mean on the dishwasher?", "who wrote Klara and the Sun?",
            "how many eggs go in the guacamole?", "how long do the overnight oats keep in the fridge?",
            "what's the wifi password at the porto hotel?", "how much is parking at the hotel in porto?",
            "what did I spend on clothes in March?", "what was the water meter reading in June 2025?",
            "what's the code for the bike shed?", "when is my next dentist appointment?",
            "what's Priya's email address?", "how much is the CloudBox subscription after the trial?")),
        # -- 6th set (written before it was first run and held out a session: 0.625 then, 0.625 after that session's
        # fixes; then tuned on): what the asker does ("picking up", "wire"), a role's holder, a kind for its item
        Ask("indirect", ("what's the account number I wire the hosting money to?",), (("DE89",),), (acme1, acme2)),
        Ask("indirect", ("hosting invoice jan 2025 - when was it due?",), (("17 February 2025", "February 17"),), acme1),
        Ask("indirect", ("what did the fibre bill for September 2025 come to?",), (("545.90", "545.9"),), glx25),
        Ask("indirect", ("which bank account does the logo designer want paid into?",), (("IT60",),), stark),
        Ask("indirect", ("what did the logo job include besides the logo?",), (("brand guidelines",),), stark),
        Ask("indirect", ("what did the wall plugs set me back?",), (("3.20", "3.2"),), C),
        Ask("indirect", ("how many screws came in the pack I got with the drill?",), (("200",),), C),
        Ask("indirect", ("how did I pay at the cafe on Gloucester Road?",), (("contactless",),), R),
        Ask("indirect", ("how many flat whites did we have at Lumen?",), (("2",),), R),
        Ask("indirect", ("who leads the Northwind project?",), (("Priya",),), H),
        Ask("indirect", ("what's the aim of project heron?",), (("warehouse stock spreadsheet", "web app"),), H),
        Ask("indirect", ("what time is the weekly Northwind demo?",), (("10:00",),), H),
        Ask("indirect", ("the floor under the dishwasher is wet and it shows E15, who should I call?",),
            (("customer service",),), A),
        Ask("indirect", ("how do I sort out a kinked hose error on the Bosch?",), (("filter",),), A),
        Ask("indirect", ("what's the second book on my list?",), (("Ministry for the Future",),), "Notes/books_to_read.md"),
        Ask("indirect", ("what app did I want to build for my flatmates?",), (("shared shopping list",),),
            "Notes/ideas/app_ideas.md"),
        Ask("indirect", ("what kind of milk am I picking up?",), (("oat milk",),), "Notes/shopping_list.md"),
        Ask("indirect", ("which pulses are on my shopping list?",), (("red lentils",),), "Notes/shopping_list.md"),
        Ask("indirect", ("who do I need to send slides to?",), (("Priya",),), T),
        Ask("indirect", ("what's the name of the cloud service I should cancel?",), (("CloudBox",),), T),
        Ask("indirect", ("how much sugar goes into the banana loaf?",), (("150 g",),), B),
        Ask("indirect", ("how much raising agent is in the banana bread?",), (("1 tsp",),), B),
        Ask("indirect", ("how much onion goes in the guacamole?",), (("half",),), G),
        Ask("indirect", ("how much oats for the overnight breakfast?",), (("50 g",),), OATS),
        Ask("indirect", ("what's the hotel called in Porto?",), (("Casa do Rio",),), PORTO),
        Ask("indirect", ("what's my booking number for the Porto trip?",), (("HCR-88412",),), PORTO),
        Ask("indirect", ("what do I pay for the Porto hotel?",), (("548",),), PORTO),
        Ask("indirect", ("how much did I plan to spend on eating out in March?",), (("150",),), BUD),
        Ask("indirect", ("what's my monthly gym cost in the budget?",), (("35",),), BUD),
        Ask("indirect", ("what was the gas meter at at the start of 2025?",), (("3455",),), UT),
        Ask("indirect", ("what was the electricity reading at the end of 2025?",), (("14520",),), UT),
        Ask("indirect", ("have I registered for council tax yet?",), (("council tax",),),
            "Documents/Housing/move_in_checklist.md"),
        # -- 7th set (written before it was first run and held out to the end of a session: 0.667 of the indirect
        # ones and 0.7 of the unanswerable ones were right before that session's fixes, 0.733 and 0.7 after)
        Ask("indirect", ("whose name is on the hosting bills?",), (("Elena Marsh",),), (acme1, acme2)),
        Ask("indirect", ("what's my postcode according to the invoices?",), (("BS6 5QT",),),
            (acme1, acme2, glx25, glx26, stark)),
        Ask("indirect", ("what day do we leave the Porto hotel?",), (("16 May",),), PORTO),
        Ask("indirect", ("when do we get to Porto?",), (("12 May",),), PORTO),
        Ask("indirect", ("do I pay the Porto hotel up front?",), (("pay at the hotel",),), PORTO),
        Ask("indirect", ("what fat goes into the banana bread?",), (("butter",),), B),
        Ask("indirect", ("what herb goes in the guacamole?",), (("coriander",),), G),
        Ask("indirect", ("what did the drill, screws and plugs come to altogether?",), (("99.59",),), C),
        Ask("indirect", ("how long have I got to return the drill?",), (("30 days",),), C),
        Ask("indirect", ("how much were the two flat whites?",), (("6.80", "6.8"),), R),
        Ask("indirect", ("what's the coffee shop on Gloucester Road called?",), (("Lumen",),), R),
        Ask("indirect", ("when was the website meeting?",), (("2 March 2026", "March 2"),), J),
        Ask("indirect", ("what's holding up the website launch?",), (("payment page",),), J),
        Ask("indirect", ("when's the follow-up website meeting?",), (("16 March",),), J),
        Ask("indirect", ("who is Heron being built for?",), (("Northwind",),), H),
        Ask("indirect", ("what's the Heron due date?",), (("30 June",),), H),
        Ask("indirect", ("which weekday are the Heron demos on?",), (("Thursday",),), H),
        Ask("indirect", ("what should I do first if the dishwasher has water in its base?",), (("water tap",),), A),
        Ask("indirect", ("the Bosch says E24, what's wrong with it?",), (("kinked", "filter"),), A),
        Ask("indirect", ("what's the reminder app idea about?",), (("plant watering",),), "Notes/ideas/app_ideas.md"),
        Ask("indirect", ("what's still left to do from the move?",), (("council tax", "redirect post"),),
            "Documents/Housing/move_in_checklist.md"),
        Ask("indirect", ("what did I set aside for savings in March?",), (("500",),), BUD),
        Ask("indirect", ("what did I really spend on getting around in March?",), (("98",),), BUD),
        Ask("indirect", ("what do I pay each month for the flat?",), (("1150", "1,150"),), BUD),
        Ask("indirect", ("how much did Globex bill me at the start of 2026?",), (("1,800.50", "1800.50", "1800.5"),),
            glx26),
        Ask("indirect", ("what's the Globex invoice number from September 2025?",), (("GT-2025-130",),), glx25),
        Ask("indirect", ("when did Stark Design send their invoice?",), (("2 March 2026", "March 2"),), stark),
        Ask("indirect", ("how much do I owe the design studio?",), (("1,335.99", "1335.99"),), stark),
        Ask("indirect", ("what was the power meter at in July 2025?",), (("13470",),), UT),
        Ask("indirect", ("what's the last book on my reading list?",), (("Tomorrow, and Tomorrow",),),
            "Notes/books_to_read.md"),
        *(Ask("unanswerable", (q,), ()) for q in (
            "what time is check-out at Casa do Rio?", "how much was the drill bit set at brico?",
            "what's the IBAN for Cafe Lumen?", "how many eggs go in the overnight oats?", "what floor do I live on?",
            "when does the Porto flight leave?", "what's Tomasz's phone number?",
            "how many slices does the banana bread make?", "what did I budget for holidays in March?",
            "when does the dishwasher warranty run out?")),
    ]
    return asks


def run(verbose: bool, quick: bool) -> dict:
    from agent_eval import declined as is_declined

    from manoled.agent.context import ToolContext
    from manoled.agent.fake import FakeLLM
    from manoled.agent.loop import Agent, AnswerStep
    from manoled.app import open_core
    from manoled.config import Config
    from manoled.index.embed import SentenceEmbedder
    from manoled.paths import resolve

    tmp = Path(tempfile.mkdtemp(prefix="wording-"))
    try:
        full = tmp / "full"
        corpus = ec.build(full, small=True)
        root = ec.copy_split(corpus, tmp / "files")
        fx = Facts(root)
        asks = questions(fx, corpus)
        if quick:
            asks = asks[::3]
        emb = SentenceEmbedder()
        core = open_core(resolve(home=tmp / "home"), Config(), embedder=emb)
        assert core.indexer.index_paths([root]).failed == 0
        ctx = ToolContext(core.catalog, search=core.indexer.search, embed=emb.embed)
        agent = Agent(FakeLLM(tier="fallback"), ctx)
        t0 = time.time()
        right: dict[str, list[int]] = {}
        for n, a in enumerate(asks):
            for turn in a.turns[:-1]:
                list(agent.run(turn, session=f"s{n}"))
            final = list(agent.run(a.turns[-1], session=f"s{n}"))[-1]
            assert isinstance(final, AnswerStep)
            src = [str(Path(s).resolve().relative_to(root.resolve())) for s in final.sources]
            if a.intent == "unanswerable":
                ok, why = is_declined(final.answer, src, a.turns[-1])
            else:
                facts = (a.fact,) if isinstance(a.fact, str) else a.fact
                ok = ec.expect_met(final.answer, a.expect) and (not a.fact or src[:1] in [[f] for f in facts])
                why = "" if ok else (f"want {[g[0] for g in a.expect]}" + (f" from {a.fact}" if a.fact else ""))
            right.setdefault(a.intent, []).append(int(ok))
            if verbose and not ok:
                print(f"MISS {a.intent:12} {' -> '.join(repr(t) for t in a.turns)}\n"
                      f"     -> {final.answer[:300]!r} {src[:3]}\n     {why}")
        core.close()
        total = sum(sum(v) for v in right.values())
        count = sum(len(v) for v in right.values())
        return {"questions": count, "accuracy": round(total / count, 3),
                "by_intent": {k: round(sum(v) / len(v), 3) for k, v in right.items()},
                "seconds": round(time.time() - t0, 1)}
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--quick", action="store_true", help="every third question")
    ap.add_argument("-v", "--verbose", action="store_true", help="print each miss")
    args = ap.parse_args()
    print(json.dumps(run(args.verbose, args.quick)))


if __name__ == "__main__":
    main()
