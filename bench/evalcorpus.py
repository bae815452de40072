"""A generated personal-files corpus and its question set, for bench/agent_eval.py.

    build(root, seed=13) -> Corpus    writes ~65 files under ``root`` and returns them with the questions

The files are the kinds a person keeps: invoices from several vendors (text,
PDF, DOCX), receipts, a lease (DOCX), meeting notes, a todo list, discount
codes, recipes, a budget CSV, manuals, travel bookings and photos (JPEGs
with EXIF date and camera, a few PNG screenshots), in a folder tree with a
spread of sizes and modification times (set relative to ``now``).

Questions come in eight intents: count, list, metadata, tree, usage,
content, followup, unanswerable. Content facts are asked in three wordings
(plain, casual, indirect). Expected answers for the file-system intents are
computed from the written files themselves (sizes, mtimes, counts), so they
stay right when the corpus changes.

Each question is about units: files (relative paths) or scopes ("all",
"ext:pdf", "dir:Photos", "week"...). Units are split into a tuning and a
reporting half with the seed; a question belongs to the split of its first
unit, so a question about a file is never in a different half from the
other questions about that file.

Matching (:func:`matches`) is on normalised text: lower case, collapsed
whitespace, no currency symbols, no thousands separators, no ".00" cents,
and a number glued to its unit ("300 ml" -> "300ml"). An expected string
must occur with no letter or digit right before it and no digit right
after it.
"""

from __future__ import annotations

import os
import random
import re
import shutil
import time
import unicodedata
from collections import Counter
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path

INTENTS = ("count", "list", "metadata", "tree", "usage", "content", "followup", "unanswerable")
SPLITS = ("tune", "report")
DAY = 86400.0
MONTHS = ("January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
          "November", "December")


# -- matching ------------------------------------------------------------------
_UNITS = r"(?:kib|mib|gib|kb|mb|gb|tb|bytes|byte|b|ml|l|g|kg|min|mins|minutes)"


def normalise(text: str) -> str:
    """Lower case, one space, no currency symbols or thousands separators, numbers glued to units."""
    s = unicodedata.normalize("NFKC", text).lower()
    s = re.sub(r"[€$£¥]", " ", s)
    # thousands separators only in well-formed groups, so "2026,420,455" (CSV) stays apart
    s = re.sub(r"(?<![\d,.])\d{1,3}(?:\.\d{3})+,\d{2}(?![\d,])",
               lambda m: m.group().replace(".", "").replace(",", "."), s)  # 1.250,00 -> 1250.00
    s = re.sub(r"(?<![\d,.])\d{1,3}(?:[,'\u2009\u202f]\d{3})+(?!\d|,\d)",
               lambda m: re.sub(r"\D", "", m.group()), s)  # 1,250 -> 1250
    s = re.sub(r"(?<![\d,.])(\d{1,4}),(\d{2})(?![\d,])", r"\1.\2", s)  # 1250,00 -> 1250.00
    s = re.sub(r"(?<=\d)\.00(?!\d)", "", s)  # 1250.00 -> 1250
    s = re.sub(r"\s+", " ", s).strip()
    s = re.sub(rf"(?<=\d) (?={_UNITS}\b)", "", s)  # 300 ml -> 300ml
    return s


def matches(answer: str, expected: str) -> bool:
    """``expected`` occurs in ``answer``, both normalised, not inside a longer word or number."""
    a, e = normalise(answer), normalise(expected)
    if not e:
        return False
    return re.search(rf"(?<![a-z0-9]){re.escape(e)}(?![0-9])(?!\.[0-9])", a) is not None


def expect_met(answer: str, expect: tuple[tuple[str, ...], ...]) -> bool:
    """Every group of ``expect`` has a variant in ``answer``."""
    return all(any(matches(answer, v) for v in group) for group in expect)


# -- variants --------------------------------------------------------------------
def money(amount: float) -> tuple[str, ...]:
    """1250.0 -> ("1250", "1,250.00", ...); 89.9 -> ("89.90", "89.9")."""
    whole = float(amount).is_integer()
    out = [f"{amount:.2f}", f"{amount:,.2f}"]
    if whole:
        out += [str(int(amount)), f"{int(amount):,}"]
    elif f"{amount:.2f}".endswith("0"):
        out.append(f"{amount:.1f}")
    return tuple(dict.fromkeys(out))


def date_variants(d: datetime, *, year: bool = True) -> tuple[str, ...]:
    m, mon = MONTHS[d.month - 1], MONTHS[d.month - 1][:3]
    out = [f"{d:%Y-%m-%d}", f"{d.day} {m} {d.year}", f"{m} {d.day}, {d.year}", f"{m} {d.day} {d.year}",
           f"{d.day} {mon} {d.year}", f"{mon} {d.day}, {d.year}", f"{d.day:02d}/{d.month:02d}/{d.year}",
           f"{d.day}{_ordinal(d.day)} {m} {d.year}", f"{m} {d.day}{_ordinal(d.day)}, {d.year}"]
    if not year:
        out += [f"{d.day} {m}", f"{m} {d.day}", f"{d.day} {mon}", f"{mon} {d.day}", f"{m} {d.day}{_ordinal(d.day)}",
                f"{d.day}{_ordinal(d.day)} {m}"]
    return tuple(dict.fromkeys(out))


def _ordinal(n: int) -> str:
    return "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")


def size_variants(n: int) -> tuple[str, ...]:
    """Ways to say ``n`` bytes: exact, binary and decimal units with one decimal, or rounded when >= 10."""
    out = [f"{n} bytes", f"{n:,} bytes", f"{n} b"]
    for base, units in ((1024, ("kb", "mb", "gb")), (1024, ("kib", "mib", "gib")), (1000, ("kb", "mb", "gb"))):
        v, unit = float(n), "b"
        for u in units:
            if v < base:
                break
            v, unit = v / base, u
        if unit == "b":
            continue
        out.append(f"{v:.1f} {unit}")
        out.append(f"{v:.2f} {unit}")
        if v >= 10:
            out.append(f"{round(v)} {unit}")
        if f"{v:.1f}".endswith(".0"):
            out.append(f"{int(round(v))} {unit}")
    return tuple(dict.fromkeys(out))


# -- data ------------------------------------------------------------------------
@dataclass
class CorpusFile:
    relpath: str
    kind: str  # txt, md, csv, html, pdf, docx, jpg, png
    text: str  # what a reader finds inside (for images: the EXIF facts)
    age_days: float
    size: int = 0
    mtime: float = 0.0
    exif: dict[str, str] = field(default_factory=dict)
    pixels: tuple[int, int] = (0, 0)

    @property
    def name(self) -> str:
        return self.relpath.rsplit("/", 1)[-1]

    @property
    def ext(self) -> str:
        return self.name.rsplit(".", 1)[-1].lower()

    @property
    def folder(self) -> str:
        return self.relpath.rsplit("/", 1)[0] if "/" in self.relpath else ""


@dataclass(frozen=True)
class Question:
    """One scored ask. ``expect``: every group must match, by any of its variants."""

    id: str
    intent: str
    text: str
    expect: tuple[tuple[str, ...], ...]
    about: tuple[str, ...]  # units: relpaths or scopes; the first decides the split
    fact_files: tuple[str, ...] = ()  # content facts: the only files an answer may cite
    setup: tuple[str, ...] = ()  # earlier turns in the same session (follow-ups), not scored
    wording: str = ""  # plain / casual / indirect for content facts
    split: str = ""


@dataclass
class Corpus:
    root: Path
    seed: int
    now: float
    files: dict[str, CorpusFile]
    questions: list[Question]
    splits: dict[str, str]  # unit -> split

    def paths(self) -> set[str]:
        return {str(self.root / r) for r in self.files}

    def by_split(self, split: str) -> list[Question]:
        return [q for q in self.questions if q.split == split]


# -- the files -------------------------------------------------------------------
VENDORS = {
    "acme_hosting": ("Acme Hosting GmbH", "AH", "Managed VPS hosting", "DE89 3704 0044 0532 0130 00"),
    "globex_telecom": ("Globex Telecom SA", "GT", "Fibre internet and mobile plan", "FR76 3000 6000 0112 3456 7890 189"),
    "umbrella_energy": ("Umbrella Energy Ltd", "UE", "Electricity supply", "GB33 BUKB 2020 1555 5555 55"),
    "initech_office": ("Initech Office Supplies", "IOS", "Printer toner, paper and a desk lamp", "NL91 ABNA 0417 1643 00"),
    "stark_design": ("Stark Design Studio", "SDS", "Logo redesign and brand guidelines", "IT60 X054 2811 1010 0000 0123 456"),
}
# (vendor, folder year, file suffix, fmt, invoice day, month, year, age days)
INVOICES = [
    ("acme_hosting", "2025", "2025-01", "txt", 17, 1, 2025, 300),
    ("acme_hosting", "2025", "2025-02", "txt", 17, 2, 2025, 270),
    ("globex_telecom", "2025", "2025-03", "pdf", 5, 3, 2025, 250),
    ("globex_telecom", "2025", "2025-09", "pdf", 5, 9, 2025, 75),
    ("umbrella_energy", "2025", "2025-Q4", "txt", 8, 12, 2025, 60),
    ("acme_hosting", "2026", "2026-01", "txt", 17, 1, 2026, 44),
    ("globex_telecom", "2026", "2026-01", "pdf", 5, 1, 2026, 43),
    ("initech_office", "2026", "2026-02", "txt", 11, 2, 2026, 38),
    ("stark_design", "2026", "2026-03", "docx", 2, 3, 2026, 35),
    ("umbrella_energy", "2026", "2026-Q1", "txt", 9, 3, 2026, 33),
]

# facts that a second file states too (the budget has a rent line): citing it is not a wrong source
ALSO_IN = {"lease-rent": ("Documents/Finance/budget_2026.csv",)}
LEASE = {
    "address": "Flat 3, 27 Willow Crescent, Bristol BS6 5QT", "rent": 1150, "deposit": 1725,
    "start": datetime(2025, 9, 1), "end": datetime(2026, 8, 31), "landlord": "Margaret Okafor",
}

_FILLER = (
    "Nothing else to report for this part.", "The rest of the page is standard wording.",
    "Keep this for your records.", "See the attached terms for details.", "Questions? Reply to this message.",
    "Thanks again for your business.", "Figures are rounded to the nearest cent.",
)


def _lines(*parts: str) -> str:
    return "\n".join(parts) + "\n"


def _padding(rng: random.Random, n_chars: int, topic: str) -> str:
    """Plain filler sentences about ``topic`` to give a file some size without new facts."""
    words = ("update", "review", "follow", "plan", "check", "draft", "sync", "note", "idea", "item")
    out: list[str] = []
    size = 0
    i = 0
    while size < n_chars:
        i += 1
        line = f"{topic} entry {i}: {rng.choice(words)} the {rng.choice(words)} and {rng.choice(words)} later."
        out.append(line)
        size += len(line) + 1
    return "\n".join(out) + "\n"


def _files(rng: random.Random, small: bool = False) -> list[CorpusFile]:
    scale = 0.05 if small else 1.0  # small: the big logs shrink, so a quick run indexes fast
    files: list[CorpusFile] = []
    add = files.append
    # invoices: amounts and numbers from the seed
    for vendor, year, suffix, fmt, day, month, y, age in INVOICES:
        name, code, desc, iban = VENDORS[vendor]
        amount = round(rng.uniform(40, 2400) / 5) * 5 + rng.choice((0, 0.5, 0.9, 0.99))
        number = f"{code}-{y}-{rng.randint(100, 999)}"
        due_month, due_year = (month % 12) + 1, y + (month == 12)
        text = _lines(
            "INVOICE", name, f"Invoice number: {number}", f"Invoice date: {day} {MONTHS[month - 1]} {y}",
            f"Due date: {day} {MONTHS[due_month - 1]} {due_year}",
            "Bill to: Elena Marsh, Flat 3, 27 Willow Crescent, Bristol BS6 5QT",
            f"Description: {desc} ({MONTHS[month - 1]} {y})", f"Total due: EUR {amount:,.2f} (VAT included)",
            f"Please pay by bank transfer to IBAN {iban}.", rng.choice(_FILLER))
        files.append(CorpusFile(f"Documents/Invoices/{year}/{vendor}_{suffix}.{fmt}", fmt, text, age,
                                exif={"vendor": name, "number": number, "amount": f"{amount:.2f}",
                                      "due": f"{day} {MONTHS[due_month - 1]} {due_year}", "iban": iban,
                                      "month": MONTHS[month - 1], "year": str(y)}))
    add(CorpusFile("Documents/Receipts/receipt_brico_2026-02-08.txt", "txt", _lines(
        "BRICO CENTRE - Bristol Cribbs", "08/02/2026 14:32  Till 4", "Cordless drill 18V        89.90",
        "Wood screws 4x40 (200)     6.49", "Wall plugs assorted        3.20", "TOTAL                     99.59",
        "Paid by card ****4417", "Returns accepted within 30 days with this receipt."), 50))
    add(CorpusFile("Documents/Receipts/receipt_cafe_lumen.txt", "txt", _lines(
        "Cafe Lumen, 8 Gloucester Road", "2 x Flat white   6.80", "1 x Almond croissant  3.10",
        "Total 9.90  - Paid contactless", "Thank you! Wifi: ask at the counter"), 21))
    add(CorpusFile("Documents/Receipts/receipt_pharmacy_2026-01-19.md", "md", _lines(
        "# Pharmacy receipt", "", "Boots Whiteladies Road, 19 January 2026", "",
        "- Ibuprofen 200mg x 24: 2.49", "- Vitamin D 1000IU: 7.99", "- Sun cream SPF 50: 11.50", "",
        "Total paid: 21.98"), 120))
    add(CorpusFile("Documents/Receipts/order_paper_lantern_books.html", "html",
                   "<html><head><title>Order confirmation</title><style>p{margin:0}</style></head><body>"
                   "<h1>Paper Lantern Books</h1><p>Order PL-55120 confirmed.</p>"
                   "<ul><li>The Overstory, Richard Powers: 12.99</li><li>Piranesi, Susanna Clarke: 9.99</li></ul>"
                   "<p>Total charged: 22.98. Delivery expected within 3 working days.</p></body></html>\n", 95))
    lease = LEASE
    add(CorpusFile("Documents/Housing/lease_agreement_willow_crescent.docx", "docx", _lines(
        "ASSURED SHORTHOLD TENANCY AGREEMENT",
        f"Property: {lease['address']}",
        f"Landlord: {lease['landlord']}, 5 Cotham Hill, Bristol",
        "Tenant: Elena Marsh",
        "Term: 12 months from 1 September 2025 to 31 August 2026.",
        f"Rent: GBP {lease['rent']:,} per calendar month, payable on the 1st of each month.",
        f"Deposit: GBP {lease['deposit']:,}, protected with the Deposit Protection Service.",
        "The tenant may not sublet the property. Pets only with written consent.",
        "Notice: either party must give two months' notice in writing."), 450))
    add(CorpusFile("Documents/Housing/home_insurance_policy.pdf", "pdf", _lines(
        "Home contents insurance - policy schedule", "Insurer: Harbourside Mutual",
        "Policy number HM-7730-2291", "Cover: contents up to 40,000 GBP, accidental damage included.",
        "Excess: 150 GBP per claim. Renewal date: 14 October 2026."), 140))
    add(CorpusFile("Documents/Housing/move_in_checklist.md", "md", _lines(
        "# Move-in checklist", "- [x] Meter readings photographed", "- [x] Keys: 2 front door, 1 bike shed",
        "- [ ] Register for council tax", "- [ ] Redirect post from the old address"), 440))
    add(CorpusFile("Documents/Housing/utility_readings.csv", "csv",
                   "date,electricity_kwh,gas_m3\n" + "".join(
                       f"2025-{m:02d}-01,{12000 + m * 210},{3400 + m * 55}\n" for m in range(1, 13)), 66))
    budget = [("Rent", 1150, 1150), ("Groceries", 420, 455), ("Transport", 120, 98), ("Utilities", 160, 171),
              ("Eating out", 150, 212), ("Savings", 500, 500), ("Gym", 35, 35), ("Books", 40, 22.98)]
    add(CorpusFile("Documents/Finance/budget_2026.csv", "csv", "category,month,planned,actual\n" + "".join(
        f"{c},March 2026,{p},{a}\n" for c, p, a in budget), 18))
    expenses = "date,merchant,category,amount\n" + "".join(
        f"2025-{rng.randint(1, 12):02d}-{rng.randint(1, 28):02d},{rng.choice(('Tesco', 'Lidl', 'Shell', 'Amazon', 'Cafe Lumen', 'Trainline'))},"
        f"{rng.choice(('food', 'fuel', 'shopping', 'travel'))},{rng.uniform(2, 120):.2f}\n" for _ in range(int(6000 * scale)))
    add(CorpusFile("Documents/Finance/expenses_2025.csv", "csv", expenses, 320))
    add(CorpusFile("Documents/Finance/tax_notes_2025.txt", "txt", _lines(
        "Tax return 2024/25 notes", "Filed online on 20 January 2026.", "Unique taxpayer reference kept in the HMRC app.",
        "Freelance income declared: 6,400 GBP. Expenses claimed: 1,180 GBP."), 34))
    add(CorpusFile("Documents/Work/meeting_notes_2026-03-02.md", "md", _lines(
        "# Website relaunch - meeting notes, 2 March 2026", "",
        "Attendees: Priya Raman, Tomasz Nowak, Elena Marsh", "",
        "- The launch date moves to 21 April 2026 because the payment page is late.",
        "- Budget approved: 8,400 EUR for the agency.", "- Tomasz owns the migration of the old blog posts.",
        "- Next meeting: 16 March 2026."), 12))
    add(CorpusFile("Documents/Work/meeting_notes_2026-02-16.md", "md", _lines(
        "# Team sync, 16 February 2026", "", "Attendees: Priya Raman, Jonas Berg", "",
        "- Jonas is on leave from 2 to 13 March.", "- Hiring: one backend developer, interviews in March."), 29))
    add(CorpusFile("Documents/Work/project_heron_kickoff.docx", "docx", _lines(
        "Project Heron - kickoff", "Client: Northwind Traders", "Project lead: Priya Raman",
        "Goal: replace the warehouse stock spreadsheet with a small web app.",
        "Deadline: 30 June 2026. Weekly demo every Thursday at 10:00."), 80))
    add(CorpusFile("Documents/Work/quarterly_report_q4.pdf", "pdf", _lines(
        "Quarterly report Q4 2025", "Revenue grew 12% over Q3.", "Customer churn fell to 3.1%.",
        "Headcount at year end: 23."), 150))
    add(CorpusFile("Documents/Work/standup_log.txt", "txt", _padding(rng, int(150_000 * scale), "Standup"), 2.2))
    add(CorpusFile("Notes/todo.txt", "txt", _lines(
        "TODO", "- book the winter tyre change at Garage Moreau", "- renew the bike lock key",
        "- send Priya the slides", "- water the basil", "- cancel the free trial of CloudBox before the 28th"), 0.3))
    add(CorpusFile("Notes/discount_codes.txt", "txt", _lines(
        "Discount codes", "Paper Lantern Books: LANTERN15 (15% off, until 30 June 2026)",
        "Cineworld: FILMNIGHT2 (two tickets for one, Tuesdays)", "Green Grocer box: VEGGIE10 (10 GBP off the first box)",
        "Trainline: none at the moment"), 9))
    add(CorpusFile("Notes/shopping_list.md", "md", _lines(
        "# Shopping", "- oat milk", "- red lentils", "- limes", "- coriander", "- AA batteries"), 1.5))
    add(CorpusFile("Notes/books_to_read.md", "md", _lines(
        "# Books to read", "1. Klara and the Sun", "2. The Ministry for the Future", "3. Tomorrow, and Tomorrow, and Tomorrow"), 210))
    add(CorpusFile("Notes/gift_ideas.txt", "txt", _lines(
        "Gift ideas", "Mum: a pottery class voucher", "Tomasz: the new Le Guin box set", "Priya: a good chef's knife"), 160))
    add(CorpusFile("Notes/car_service_log.txt", "txt", _lines(
        "Car: 2017 Skoda Octavia estate", "Last service: 11 November 2025 at Garage Moreau, 61,200 miles.",
        "Next MOT due: 3 May 2026."), 95))
    add(CorpusFile("Notes/journal_2026.md", "md", _padding(rng, int(24_000 * scale), "Journal"), 25))
    add(CorpusFile("Notes/ideas/app_ideas.md", "md", _lines(
        "# App ideas", "- a plant watering reminder that reads the weather", "- a shared shopping list for the flat"), 380))
    add(CorpusFile("Notes/ideas/garden_plan.md", "md", _lines(
        "# Balcony garden", "Tomatoes in the big pots, basil and mint in the window box.",
        "Sow chillies indoors in February."), 260))
    add(CorpusFile("Recipes/pancakes.md", "md", _lines(
        "# Buttermilk pancakes (serves 4)", "", "- 250 g plain flour", "- 2 eggs", "- 300 ml buttermilk",
        "- 1 tsp baking powder", "- a pinch of salt", "", "Rest the batter for 10 minutes. Cook on medium heat."), 130))
    add(CorpusFile("Recipes/lasagna.md", "md", _lines(
        "# Lasagna al forno", "", "Ragu: 500 g beef mince, 1 onion, 2 carrots, 400 g passata.",
        "Bechamel: 50 g butter, 50 g flour, 600 ml milk.", "",
        "Bake at 190 C for 40 minutes, then rest 15 minutes before cutting."), 230))
    add(CorpusFile("Recipes/red_lentil_soup.txt", "txt", _lines(
        "Red lentil soup", "200 g red lentils", "1 litre vegetable stock", "1 tin chopped tomatoes",
        "2 tsp cumin", "Simmer 25 minutes, blend half, finish with lemon juice."), 70))
    add(CorpusFile("Recipes/banana_bread.html", "html",
                   "<html><body><h1>Banana bread</h1><p>Ingredients: 3 ripe bananas, 75 g melted butter, "
                   "150 g sugar, 1 egg, 190 g flour, 1 tsp bicarbonate of soda.</p>"
                   "<p>Bake at 175 C for 60 minutes.</p><script>track()</script></body></html>\n", 300))
    add(CorpusFile("Recipes/guacamole.md", "md", _lines(
        "# Guacamole", "- 2 avocados", "- 1 lime", "- half a red onion", "- a handful of coriander"), 190))
    add(CorpusFile("Recipes/overnight_oats.txt", "txt", _lines(
        "Overnight oats: 50 g oats, 150 ml oat milk, 1 tbsp chia seeds, berries on top. Fridge overnight."), 15))
    add(CorpusFile("Travel/porto_hotel_booking.pdf", "pdf", _lines(
        "Booking confirmation", "Hotel Casa do Rio, Rua de Miragaia 62, Porto",
        "Confirmation number: HCR-88412", "Check-in: 12 May 2026, 15:00. Check-out: 16 May 2026.",
        "Room: double with river view, breakfast included.", "Total: 548 EUR, pay at the hotel."), 40))
    add(CorpusFile("Travel/porto_itinerary.md", "md", _lines(
        "# Porto, May", "- Day 1: Ribeira walk, Livraria Lello at 9:00 (book tickets)",
        "- Day 2: Port cellars in Vila Nova de Gaia", "- Day 3: day trip to the Douro valley"), 39))
    add(CorpusFile("Travel/packing_list.txt", "txt", _lines(
        "Packing: passport, adapter, rain jacket, walking shoes, sunglasses"), 37))
    add(CorpusFile("Manuals/dishwasher_bosch_manual.pdf", "pdf", _lines(
        "Bosch Serie 4 dishwasher SMS4HVI33E - user manual (extract)",
        "Error E15: water in the base tray. Turn off the water tap, unplug the appliance and call customer service.",
        "Error E24: the drain hose is kinked or the filter is blocked. Clean the filter.",
        "Salt: refill the special salt container when the indicator lights up."), 600))
    add(CorpusFile("Manuals/bike_warranty.txt", "txt", _lines(
        "Ribble CGR AL e - frame warranty", "Purchased 3 April 2024, serial RB-44817-Q.",
        "Frame warranty: 5 years. Electrical parts: 2 years."), 590))
    add(CorpusFile("Manuals/router_quickstart.pdf", "pdf", _lines(
        "FritzBox 7530 quick start", "Connect the DSL cable to the grey port.",
        "The setup page is at http://fritz.box. The network name and key are on the label underneath."), 520))
    # photos: EXIF date and camera; pixel noise so the sizes spread
    photos = [("Photos/2024", "IMG_04{:02d}.jpg", range(12, 18), ("Canon", "Canon EOS R6"), 2024, 7, 650),
              ("Photos/2025/Porto", "IMG_20{:02d}.jpg", range(41, 49), ("Apple", "iPhone 14 Pro"), 2025, 5, 195),
              ("Photos/2025", "DSCF15{:02d}.jpg", (3, 7), ("FUJIFILM", "X-T30"), 2025, 10, 150)]
    for folder, pattern, numbers, (make, model), year, month, age in photos:
        for i, n in enumerate(numbers):
            day, hour = 3 + i * 2, 9 + (i * 3) % 10
            w = rng.choice((320, 480, 640, 800, 1024, 1200))
            files.append(CorpusFile(
                f"{folder}/{pattern.format(n)}", "jpg", "", age - i * 0.5,
                exif={"make": make, "model": model, "date": f"{year}:{month:02d}:{day:02d} {hour:02d}:{(7 * i) % 60:02d}:00"},
                pixels=(w, w * 3 // 4)))
    for name, age, w in (("Screenshot_2026-03-01.png", 52, 900), ("Screenshot_2026-03-09.png", 4.5, 600)):
        files.append(CorpusFile(f"Photos/Screenshots/{name}", "png", "", age, pixels=(w, w * 9 // 16)))
    return files


def _write(root: Path, f: CorpusFile, rng: random.Random, now: float) -> None:
    path = root / f.relpath
    path.parent.mkdir(parents=True, exist_ok=True)
    if f.kind == "pdf":
        import pymupdf

        doc = pymupdf.open()
        page = doc.new_page()
        y = 72
        for line in f.text.splitlines():
            for chunk in [line[i:i + 90] for i in range(0, max(1, len(line)), 90)]:
                page.insert_text((60, y), chunk, fontsize=10)
                y += 14
        doc.set_metadata({"creationDate": "D:20250101000000", "modDate": "D:20250101000000"})
        doc.save(path, no_new_id=True)
        doc.close()
    elif f.kind == "docx":
        import docx

        d = docx.Document()
        d.core_properties.created = datetime(2025, 1, 1)
        d.core_properties.modified = datetime(2025, 1, 1)
        for line in f.text.splitlines():
            d.add_paragraph(line)
        d.save(str(path))
    elif f.kind in ("jpg", "png"):
        from PIL import Image

        w, h = f.pixels
        # blocky noise: compresses to a realistic, seed-determined size
        small = Image.frombytes("RGB", (w // 4, h // 4), rng.randbytes((w // 4) * (h // 4) * 3))
        im = small.resize((w, h), Image.Resampling.BILINEAR)
        if f.kind == "png":
            im.save(path, format="PNG")
        else:
            exif = Image.Exif()
            exif[0x010F], exif[0x0110], exif[0x0132] = f.exif["make"], f.exif["model"], f.exif["date"]
            exif.get_ifd(0x8769)[0x9003] = f.exif["date"]
            im.save(path, format="JPEG", quality=88, exif=exif)
    else:
        path.write_text(f.text, encoding="utf-8")
    t = now - f.age_days * DAY
    os.utime(path, (t, t))
    st = path.stat()
    f.size, f.mtime = st.st_size, st.st_mtime


def write_batch(folder: Path, n: int = 30, seed: int = 13, chars: int = 12_000) -> list[Path]:
    """``n`` more text files (scanned-letter notes) for the ask-while-indexing measure."""
    rng = random.Random(seed + 1)
    folder.mkdir(parents=True, exist_ok=True)
    out = []
    for i in range(n):
        p = folder / f"scan_{i:03d}.txt"
        p.write_text(f"Scanned letter {i}\n" + _padding(rng, chars, f"Letter {i}"), encoding="utf-8")
        out.append(p)
    return out


# -- the questions -----------------------------------------------------------------
def _q(qs: list[Question], qid: str, intent: str, text: str, expect, about, **kw) -> None:
    groups = tuple((g,) if isinstance(g, str) else tuple(g) for g in expect)
    qs.append(Question(qid, intent, text, groups, tuple(about), **kw))


def _content(files: dict[str, CorpusFile]) -> list[tuple[str, str, tuple, tuple[str, str, str]]]:
    """Content facts: (id, file, expect groups, (plain, casual, indirect)); ALSO_IN names other files that hold one."""
    inv = {f.relpath.rsplit("/", 1)[-1].rsplit(".", 1)[0]: f for f in files.values() if "/Invoices/" in f.relpath}
    a1, g3, u4, i2, s3 = (inv["acme_hosting_2025-01"], inv["globex_telecom_2025-03"], inv["umbrella_energy_2025-Q4"],
                          inv["initech_office_2026-02"], inv["stark_design_2026-03"])
    iban = u4.exif["iban"]
    return [
        ("acme-jan25-total", a1.relpath, (money(float(a1.exif["amount"])),), (
            "What is the total on the Acme Hosting invoice from January 2025?",
            "how much did acme charge me in jan 2025",
            "I'm doing my books - what did the server hosting cost me at the start of 2025, the january bill?")),
        ("globex-mar25-number", g3.relpath, ((g3.exif["number"],),), (
            "What is the invoice number of the Globex Telecom invoice from March 2025?",
            "globex march 2025 invoice nr?",
            "the phone company wants me to quote the reference of their bill from march 2025, what is it")),
        ("umbrella-iban", u4.relpath, ((iban, iban.replace(" ", "")),), (
            "What IBAN should I pay the Umbrella Energy invoice to?",
            "umbrela energy iban pls",
            "where do I send the money for the electricity bill? I need the bank account number")),
        ("initech-due", i2.relpath, (date_variants(datetime.strptime(i2.exif["due"], "%d %B %Y"), year=False),), (
            "When is the Initech Office Supplies invoice due?",
            "initech invoice - when do i have to pay by",
            "whats the deadline for paying for the toner and paper I ordered")),
        ("stark-total", s3.relpath, (money(float(s3.exif["amount"])),), (
            "How much is the Stark Design Studio invoice?",
            "stark design bill amount?",
            "how much did the logo redesign cost in the end")),
        ("brico-drill", "Documents/Receipts/receipt_brico_2026-02-08.txt", (money(89.90),), (
            "How much did the cordless drill cost?",
            "price of the drill i bought at brico?",
            "what did I pay for the power tool I got in February")),
        ("lease-rent", "Documents/Housing/lease_agreement_willow_crescent.docx", (money(LEASE["rent"]),), (
            "What is the monthly rent in my lease?",
            "how much is my rent",
            "how much do I have to transfer to the landlord every month for the flat")),
        ("lease-deposit", "Documents/Housing/lease_agreement_willow_crescent.docx", (money(LEASE["deposit"]),), (
            "How much was the deposit for the flat?",
            "deposit amount on the lease??",
            "how much should I get back when I move out, if the place is left in good shape")),
        ("lease-landlord", "Documents/Housing/lease_agreement_willow_crescent.docx", (("Margaret Okafor", "Okafor"),), (
            "Who is the landlord on my lease?",
            "whos my landlord",
            "who owns the flat I'm renting on Willow Crescent")),
        ("lease-end", "Documents/Housing/lease_agreement_willow_crescent.docx", (date_variants(LEASE["end"]),), (
            "When does my lease end?",
            "lease end date?",
            "until when can I stay in the flat before the tenancy runs out")),
        ("meeting-launch", "Documents/Work/meeting_notes_2026-03-02.md", (date_variants(datetime(2026, 4, 21), year=False),), (
            "What is the new launch date for the website relaunch?",
            "when r we launching the new website now",
            "after the payment page slipped, what day did we agree to go live")),
        ("meeting-attendees", "Documents/Work/meeting_notes_2026-03-02.md", (("Priya",), ("Tomasz",)), (
            "Who attended the website relaunch meeting on 2 March 2026?",
            "who was in the relaunch meeting",
            "which colleagues were at the meeting where we moved the launch date")),
        ("discount-bookshop", "Notes/discount_codes.txt", (("LANTERN15",),), (
            "What is the discount code for Paper Lantern Books?",
            "bookshop discount code?",
            "I'm about to order a novel from Paper Lantern, is there a code to get money off")),
        ("pancakes-buttermilk", "Recipes/pancakes.md", (("300 ml", "300ml"),), (
            "How much buttermilk goes in the pancakes?",
            "pancake recipie buttermilk amount",
            "for the pancake batter, how much of the sour milk do I pour in")),
        ("lasagna-oven", "Recipes/lasagna.md", (("190",), ("40",)), (
            "At what temperature and for how long do I bake the lasagna?",
            "lasagna oven temp + time?",
            "how should I set the oven for the lasagna, and when do I take it out")),
        ("banana-count", "Recipes/banana_bread.html", (("3", "three"),), (
            "How many bananas are in the banana bread recipe?",
            "banana bread - how many bananas",
            "how much ripe fruit do I need to buy for the loaf cake with bananas")),
        ("porto-confirmation", "Travel/porto_hotel_booking.pdf", (("HCR-88412",),), (
            "What is the confirmation number of the Porto hotel booking?",
            "porto hotel booking ref?",
            "the hotel by the river in Portugal asks for my reservation code, what is it")),
        ("dishwasher-e15", "Manuals/dishwasher_bosch_manual.pdf", (("base tray",),), (
            "What does error E15 mean on the dishwasher?",
            "dishwasher says E15 what does that mean",
            "the Bosch is flashing E15 at me, what's wrong with it")),
        ("heron-client", "Documents/Work/project_heron_kickoff.docx", (("Northwind",),), (
            "Who is the client for Project Heron?",
            "heron client name?",
            "which company are we building the warehouse stock app for")),
        ("budget-groceries", "Documents/Finance/budget_2026.csv", (money(420),), (
            "What is the planned groceries budget for March 2026?",
            "how much did i plan for groceries in march",
            "what did I set aside for food shopping this March in my budget sheet")),
    ]


def _questions(root: Path, files: dict[str, CorpusFile], now: float) -> list[Question]:
    qs: list[Question] = []
    all_files = list(files.values())
    ext_count = Counter(f.ext for f in all_files)
    n_images = sum(f.ext in ("jpg", "png") for f in all_files)

    def in_dir(d: str) -> list[CorpusFile]:
        return [f for f in all_files if f.relpath.startswith(d + "/")]

    # count
    week = [f for f in all_files if f.mtime >= now - 7 * DAY]
    month = [f for f in all_files if f.mtime >= now - 30 * DAY]
    year = [f for f in all_files if f.mtime >= now - 365 * DAY]
    # "this week" / "this month" may mean the calendar week (from Monday) or month: both are accepted
    today = datetime.fromtimestamp(now).replace(hour=0, minute=0, second=0, microsecond=0)
    monday = today.timestamp() - today.weekday() * DAY
    first = today.replace(day=1).timestamp()
    cal_week = sum(f.mtime >= monday for f in all_files)
    cal_month = sum(f.mtime >= first for f in all_files)
    counts = [
        ("all", "How many files do I have?", len(all_files), "all"),
        ("all-casual", "how many files r there in total", len(all_files), "all-2"),
        ("pdf", "How many PDF files do I have?", ext_count["pdf"], "ext:pdf"),
        ("pdf-casual", "number of pdfs?", ext_count["pdf"], "ext:pdf-2"),
        ("photos", "How many photos do I have?", n_images, "kind:image"),
        ("jpg", "how many jpgs are there", ext_count["jpg"], "ext:jpg"),
        ("png", "How many PNG images are there?", ext_count["png"], "ext:png"),
        ("csv", "how many spreadsheets (csv) do i have", ext_count["csv"], "ext:csv"),
        ("docx", "How many Word documents do I have?", ext_count["docx"], "ext:docx"),
        ("md", "how many markdown files?", ext_count["md"], "ext:md"),
        ("txt", "How many .txt files are there?", ext_count["txt"], "ext:txt"),
        ("html", "how many html files do i have", ext_count["html"], "ext:html"),
        ("week", "How many files did I change this week?", (len(week), cal_week), "week"),
        ("week-casual", "how many files were modified in the last 7 days", len(week), "week-2"),
        ("month", "How many files were modified this month?", (len(month), cal_month), "month"),
        ("year", "how many files have I touched in the past year", len(year), "year"),
        ("invoices", "How many invoices do I have?", len(in_dir("Documents/Invoices")), "dir:Documents/Invoices"),
        ("receipts", "how many reciepts have i kept", len(in_dir("Documents/Receipts")), "dir:Documents/Receipts"),
        ("recipes", "How many recipes do I have?", len(in_dir("Recipes")), "dir:Recipes"),
        ("porto-photos", "how many pictures did I take in Porto?", len(in_dir("Photos/2025/Porto")), "dir:Photos/2025/Porto"),
        ("notes", "How many files are in my Notes folder?", len(in_dir("Notes")), "dir:Notes"),
        ("invoices-2026", "how many invoices are in the 2026 folder", len(in_dir("Documents/Invoices/2026")),
         "dir:Documents/Invoices/2026"),
    ]
    for qid, text, n, unit in counts:
        ns = n if isinstance(n, tuple) else (n,)
        _q(qs, f"count-{qid}", "count", text, (tuple(dict.fromkeys(map(str, ns))),), (unit,))

    # list
    def names(fs: list[CorpusFile]) -> tuple[tuple[str, ...], ...]:
        return tuple((f.name,) for f in sorted(fs, key=lambda f: f.name))

    by_date = sorted(all_files, key=lambda f: (-f.mtime, f.name))
    by_size = sorted(all_files, key=lambda f: (-f.size, f.name))
    pdfs = [f for f in all_files if f.ext == "pdf"]
    docxs = [f for f in all_files if f.ext == "docx"]
    csvs = [f for f in all_files if f.ext == "csv"]
    pngs = [f for f in all_files if f.ext == "png"]
    jpgs = sorted((f for f in all_files if f.ext == "jpg"), key=lambda f: (-f.size, f.name))
    lists = [
        ("newest", "What is my most recently modified file?", names(by_date[:1]), "all-3"),
        ("recent3", "show me the 3 most recent files", names(by_date[:3]), "recent"),
        ("week", "which files did I change in the last 7 days?", names(week), "week-3"),
        ("oldest", "what's the oldest file I have?", names(by_date[-1:]), "oldest"),
        ("biggest", "What is the biggest file?", names(by_size[:1]), "size"),
        ("biggest-photo", "which photo takes up the most space", names(jpgs[:1]), "kind:image-2"),
        ("pdfs", "List my PDF files.", names(pdfs), "ext:pdf-3"),
        ("docx", "which word docs do i have", names(docxs), "ext:docx-2"),
        ("csv", "list the csv files", names(csvs), "ext:csv-2"),
        ("screenshots", "what screenshots do I have?", names(pngs), "ext:png-2"),
        ("recipes", "What's in my Recipes folder?", names(in_dir("Recipes")), "dir:Recipes-2"),
        ("receipts", "show me my receipts", names(in_dir("Documents/Receipts")), "dir:Documents/Receipts-2"),
        ("housing", "list the files in Documents/Housing", names(in_dir("Documents/Housing")), "dir:Documents/Housing"),
        ("travel", "what files do I have for travel", names(in_dir("Travel")), "dir:Travel"),
        ("manuals", "which manuals have I saved?", names(in_dir("Manuals")), "dir:Manuals"),
        ("acme", "files with acme in the name", names([f for f in all_files if "acme" in f.name]), "name:acme"),
        ("globex", "find files named globex", names([f for f in all_files if "globex" in f.name]), "name:globex"),
        ("meeting", "any files called meeting_notes?", names([f for f in all_files if "meeting_notes" in f.name]),
         "name:meeting"),
        ("ideas", "whats in Notes/ideas", names(in_dir("Notes/ideas")), "dir:Notes/ideas"),
        ("invoices-2025", "list the invoices from the 2025 folder", names(in_dir("Documents/Invoices/2025")),
         "dir:Documents/Invoices/2025"),
        ("work", "list my work documents", names(in_dir("Documents/Work")), "dir:Documents/Work"),
    ]
    for qid, text, expect, unit in lists:
        _q(qs, f"list-{qid}", "list", text, expect, (unit,))

    # metadata: mtimes and sizes of named files, EXIF of photos
    def mdate(f: CorpusFile) -> tuple[str, ...]:
        return date_variants(datetime.fromtimestamp(f.mtime), year=True)

    meta_mtime = [
        ("Documents/Housing/lease_agreement_willow_crescent.docx", "When was lease_agreement_willow_crescent.docx last modified?"),
        ("Documents/Finance/budget_2026.csv", "when did i last edit budget_2026.csv"),
        ("Recipes/pancakes.md", "What's the modification date of pancakes.md?"),
        ("Manuals/dishwasher_bosch_manual.pdf", "when was dishwasher_bosch_manual.pdf changed"),
        ("Travel/porto_itinerary.md", "last modified date of porto_itinerary.md?"),
        ("Notes/gift_ideas.txt", "When did I last touch gift_ideas.txt?"),
        ("Documents/Work/project_heron_kickoff.docx", "modified date for project_heron_kickoff.docx"),
    ]
    for rel, text in meta_mtime:
        f = files[rel]
        _q(qs, f"meta-mtime-{f.name.split('.')[0]}", "metadata", text, (mdate(f),), (rel,))
    meta_size = [
        ("Documents/Finance/expenses_2025.csv", "How big is expenses_2025.csv?"),
        ("Documents/Work/standup_log.txt", "what's the size of standup_log.txt"),
        ("Photos/2025/Porto/IMG_2044.jpg", "How large is IMG_2044.jpg?"),
        ("Notes/journal_2026.md", "file size of journal_2026.md?"),
        ("Documents/Work/quarterly_report_q4.pdf", "how big is the file quarterly_report_q4.pdf"),
        ("Photos/Screenshots/Screenshot_2026-03-01.png", "size of Screenshot_2026-03-01.png"),
        ("Recipes/banana_bread.html", "How many bytes is banana_bread.html?"),
    ]
    for rel, text in meta_size:
        f = files[rel]
        _q(qs, f"meta-size-{f.name.split('.')[0]}", "metadata", text, (size_variants(f.size),), (rel,))
    meta_exif = [
        ("Photos/2024/IMG_0414.jpg", "date", "When was IMG_0414.jpg taken?"),
        ("Photos/2025/Porto/IMG_2046.jpg", "date", "what day did i take IMG_2046.jpg"),
        ("Photos/2025/DSCF1507.jpg", "date", "date taken of DSCF1507.jpg?"),
        ("Photos/2024/IMG_0416.jpg", "camera", "Which camera took IMG_0416.jpg?"),
        ("Photos/2025/Porto/IMG_2042.jpg", "camera", "what phone/camera was IMG_2042.jpg shot with"),
        ("Photos/2025/DSCF1503.jpg", "camera", "camera model for DSCF1503.jpg?"),
    ]
    for rel, what, text in meta_exif:
        f = files[rel]
        if what == "date":
            expect = (date_variants(datetime.strptime(f.exif["date"], "%Y:%m:%d %H:%M:%S")),)
        else:
            expect = ((f.exif["model"],),)
        _q(qs, f"meta-{what}-{f.name.split('.')[0]}", "metadata", text, expect, (rel,))

    # tree: folders and where files live
    top = sorted({f.relpath.split("/")[0] for f in all_files})

    def subdirs(d: str) -> tuple[tuple[str, ...], ...]:
        depth = d.count("/") + 1
        return tuple((s,) for s in sorted({f.relpath.split("/")[depth] for f in in_dir(d)
                                           if f.relpath.count("/") > depth}))

    most = Counter(f.relpath.split("/")[0] for f in all_files).most_common(1)[0][0]
    trees = [
        ("top", "What folders do I have?", tuple((t,) for t in top), "tree"),
        ("top-casual", "what are the main folders in my files", tuple((t,) for t in top), "tree-2"),
        ("documents", "What subfolders are in Documents?", subdirs("Documents"), "dir:Documents"),
        ("photos", "how are my photos organised? which folders", subdirs("Photos"), "dir:Photos"),
        ("invoices", "which folders are inside Documents/Invoices", subdirs("Documents/Invoices"), "dir:Documents/Invoices-2"),
        ("photos-2025", "what folders are under Photos/2025", subdirs("Photos/2025"), "dir:Photos/2025"),
        ("notes", "does Notes have any subfolders?", subdirs("Notes"), "dir:Notes-2"),
        ("most-files", "Which top-level folder has the most files?", ((most,),), "tree-3"),
    ]
    for qid, text, expect, unit in trees:
        _q(qs, f"tree-{qid}", "tree", text, expect, (unit,))
    where = [
        ("Documents/Housing/lease_agreement_willow_crescent.docx", "Which folder is lease_agreement_willow_crescent.docx in?"),
        ("Notes/discount_codes.txt", "where is discount_codes.txt"),
        ("Recipes/red_lentil_soup.txt", "in which folder did I put red_lentil_soup.txt?"),
        ("Travel/porto_hotel_booking.pdf", "where's porto_hotel_booking.pdf saved"),
        ("Documents/Work/standup_log.txt", "What folder holds standup_log.txt?"),
        ("Photos/2025/Porto/IMG_2041.jpg", "where is IMG_2041.jpg"),
        ("Manuals/router_quickstart.pdf", "which directory has router_quickstart.pdf"),
        ("Documents/Finance/tax_notes_2025.txt", "folder of tax_notes_2025.txt?"),
        ("Notes/ideas/garden_plan.md", "where did I save garden_plan.md"),
        ("Documents/Invoices/2026/initech_office_2026-02.txt", "which folder is initech_office_2026-02.txt in"),
        ("Documents/Receipts/receipt_cafe_lumen.txt", "Where is receipt_cafe_lumen.txt?"),
        ("Recipes/guacamole.md", "guacamole.md - what folder?"),
    ]
    for rel, text in where:
        folder = rel.rsplit("/", 1)[0]
        _q(qs, f"tree-where-{rel.rsplit('/', 1)[1].split('.')[0]}", "tree", text,
           ((folder, folder.rsplit("/", 1)[-1]),), (rel,))

    # usage: disk space
    def total(fs: list[CorpusFile]) -> int:
        return sum(f.size for f in fs)

    by_top = Counter()
    for f in all_files:
        by_top[f.relpath.split("/")[0]] += f.size
    by_ext = Counter()
    for f in all_files:
        by_ext[f.ext] += f.size
    usage = [
        ("total", "How much disk space do my files use?", (size_variants(total(all_files)),), "all-4"),
        ("total-casual", "how much storage am i using in total", (size_variants(total(all_files)),), "all-5"),
        ("biggest-folder", "Which folder takes up the most space?", ((by_top.most_common(1)[0][0],),), "usage"),
        ("biggest-type", "what kind of file uses the most space", ((by_ext.most_common(1)[0][0],),), "usage-2"),
        ("smallest-folder", "which top folder uses the least space", ((min(by_top, key=by_top.get),),), "usage-3"),
    ]
    for d in ("Photos", "Documents", "Recipes", "Notes", "Travel", "Manuals", "Documents/Finance", "Documents/Work",
              "Documents/Invoices", "Photos/2025/Porto", "Photos/2024", "Documents/Receipts"):
        short = d.rsplit("/", 1)[-1]
        wording = (f"How much space does the {d} folder take?" if len(usage) % 3 == 0 else
                   f"size of my {d} folder?" if len(usage) % 3 == 1 else f"how much room do the files in {d} use")
        usage.append((f"dir-{short.lower()}", wording, (size_variants(total(in_dir(d))),), f"dir:{d}-usage"))
    usage += [
        ("pdfs", "how much space do my PDFs take", (size_variants(total(pdfs)),), "ext:pdf-usage"),
        ("jpgs", "Total size of all the jpg photos?", (size_variants(total(jpgs)),), "ext:jpg-usage"),
        ("csv", "how much space are the csv files using", (size_variants(total(csvs)),), "ext:csv-usage"),
    ]
    for qid, text, expect, unit in usage:
        _q(qs, f"usage-{qid}", "usage", text, expect, (unit,))

    # content: three wordings per fact
    for fid, rel, expect, wordings in _content(files):
        facts = (rel, *ALSO_IN.get(fid, ()))
        for wording, text in zip(("plain", "casual", "indirect"), wordings, strict=True):
            _q(qs, f"content-{fid}-{wording}", "content", text, expect, (rel,), fact_files=facts, wording=wording)

    # follow-ups: the scored question comes after setup turns in the same session
    inv = {f.name.rsplit(".", 1)[0]: f for f in files.values() if "/Invoices/" in f.relpath}
    lease = "Documents/Housing/lease_agreement_willow_crescent.docx"
    follow = [
        ("pdfs-which", ("How many PDF files do I have?",), "which ones?", names(pdfs), ("ext:pdf-4",), ()),
        ("docx-which", ("how many word documents are there",), "what are they called?", names(docxs), ("ext:docx-3",), ()),
        ("recipes-which", ("how many recipes do i have",), "list them", names(in_dir("Recipes")), ("dir:Recipes-3",), ()),
        ("acme-globex", ("How much was the Acme Hosting invoice from January 2026?",), "and the Globex one that month?",
         (money(float(inv["globex_telecom_2026-01"].exif["amount"])),), (inv["globex_telecom_2026-01"].relpath,),
         (inv["globex_telecom_2026-01"].relpath,)),
        ("umbrella-other", ("what's the total on the umbrella energy invoice from december 2025?",),
         "and the other umbrella invoice, the 2026 one?", (money(float(inv["umbrella_energy_2026-Q1"].exif["amount"])),),
         (inv["umbrella_energy_2026-Q1"].relpath,), (inv["umbrella_energy_2026-Q1"].relpath,)),
        ("housing-lease", ("what documents do I have about the flat?",), "the lease one - how much is the deposit?",
         (money(LEASE["deposit"]),), (lease, "dir:Documents/Housing-2"), (lease,)),
        ("lease-landlord", ("What is the monthly rent on my lease?",), "who do I pay it to?",
         (("Margaret Okafor", "Okafor"),), (lease,), (lease,)),
        ("lease-end", ("find my lease",), "when does it run out?", (date_variants(LEASE["end"]),), (lease,), (lease,)),
        ("meeting-who", ("what did we decide in the website relaunch meeting?",), "who was there?",
         (("Priya",), ("Tomasz",)), ("Documents/Work/meeting_notes_2026-03-02.md",),
         ("Documents/Work/meeting_notes_2026-03-02.md",)),
        ("codes-cinema", ("what discount codes do I have?",), "which one is for the cinema?", (("FILMNIGHT2",),),
         ("Notes/discount_codes.txt",), ("Notes/discount_codes.txt",)),
        ("todo-car", ("what's on my todo list?",), "anything about the car?", (("Moreau", "winter tyre"),),
         ("Notes/todo.txt",), ("Notes/todo.txt",)),
        ("porto-checkout", ("when do I check in at the hotel in Porto?",), "and when do I leave?",
         (date_variants(datetime(2026, 5, 16), year=False),), ("Travel/porto_hotel_booking.pdf",),
         ("Travel/porto_hotel_booking.pdf",)),
        ("dishwasher-e24", ("what does E15 mean on my dishwasher?",), "what about E24?", (("filter", "drain hose"),),
         ("Manuals/dishwasher_bosch_manual.pdf",), ("Manuals/dishwasher_bosch_manual.pdf",)),
        ("photos-size", ("how big is the Photos folder?",), "and Recipes?", (size_variants(total(in_dir("Recipes"))),),
         ("dir:Recipes-usage2",), ()),
        ("budget-size", ("when was budget_2026.csv last changed?",), "how big is it?",
         (size_variants(files["Documents/Finance/budget_2026.csv"].size),), ("Documents/Finance/budget_2026.csv",), ()),
        ("pancakes-eggs", ("how much flour goes in the pancakes?",), "and how many eggs?", (("2", "two"),),
         ("Recipes/pancakes.md",), ("Recipes/pancakes.md",)),
        ("lasagna-milk", ("what goes in the lasagna bechamel?",), "how much milk exactly?", (("600 ml", "600ml"),),
         ("Recipes/lasagna.md",), ("Recipes/lasagna.md",)),
        ("heron-deadline", ("who is the client for project heron?",), "and when's the deadline?",
         (date_variants(datetime(2026, 6, 30), year=False),), ("Documents/Work/project_heron_kickoff.docx",),
         ("Documents/Work/project_heron_kickoff.docx",)),
        ("receipts-brico", ("show me my receipts",), "how much was the total at brico?", (money(99.59),),
         ("Documents/Receipts/receipt_brico_2026-02-08.txt",), ("Documents/Receipts/receipt_brico_2026-02-08.txt",)),
        ("insurance-excess", ("do I have a home insurance policy?",), "what's the excess on it?", (money(150),),
         ("Documents/Housing/home_insurance_policy.pdf",), ("Documents/Housing/home_insurance_policy.pdf",)),
        ("car-mot", ("when was my car last serviced?",), "and the next MOT?", (date_variants(datetime(2026, 5, 3), year=False),),
         ("Notes/car_service_log.txt",), ("Notes/car_service_log.txt",)),
        ("week-biggest", ("what have I modified over the past 7 days",), "which of those is the biggest?",
         names(sorted(week, key=lambda f: -f.size)[:1]), ("week-4",), ()),
    ]
    for qid, setup, text, expect, about, facts in follow:
        _q(qs, f"followup-{qid}", "followup", text, expect, about, fact_files=facts, setup=setup)

    # unanswerable: the files do not say; "about" names the nearest file for the split
    unanswerable = [
        ("passport-number", "What is my passport number?", "Travel/packing_list.txt"),
        ("dentist", "when is my next dentist appointment", "Notes/todo.txt"),
        ("car-insurance", "How much do I pay for car insurance?", "Notes/car_service_log.txt"),
        ("wifi-password", "what's the wifi password at home", "Manuals/router_quickstart.pdf"),
        ("sister-address", "What is my sister's address?", "Notes/gift_ideas.txt"),
        ("wayne-invoice", "How much was the Wayne Enterprises invoice?", "Documents/Invoices/2026/stark_design_2026-03.docx"),
        ("acme-2023", "what did acme hosting charge me in 2023", "Documents/Invoices/2025/acme_hosting_2025-02.txt"),
        ("garage-rent", "How much is the rent for the garage?", lease),
        ("salary", "what's my salary", "Documents/Finance/tax_notes_2025.txt"),
        ("netflix", "netflix password?", "Notes/discount_codes.txt"),
        ("lisbon-flight", "When is my flight to Lisbon?", "Travel/porto_itinerary.md"),
        ("tiramisu", "How many eggs go in the tiramisu?", "Recipes/guacamole.md"),
        ("pizza-dough", "pizza dough recipe - how much yeast?", "Recipes/overnight_oats.txt"),
        ("gym-pin", "What's the PIN for my gym locker?", "Documents/Finance/budget_2026.csv"),
        ("boss-birthday", "when is Priya's birthday", "Documents/Work/meeting_notes_2026-02-16.md"),
        ("mortgage", "how much is left on my mortgage", "Documents/Housing/move_in_checklist.md"),
        ("bike-price", "How much did I pay for the bike?", "Manuals/bike_warranty.txt"),
        ("fridge-error", "what does error F3 mean on the fridge", "Manuals/dishwasher_bosch_manual.pdf"),
        ("pension", "Which pension provider am I with?", "Documents/Finance/expenses_2025.csv"),
        ("blood-type", "what's my blood type", "Documents/Receipts/receipt_pharmacy_2026-01-19.md"),
        ("q1-revenue", "What was the revenue in Q1 2025?", "Documents/Work/quarterly_report_q4.pdf"),
        ("cat-vet", "when is the cat due at the vet?", "Notes/shopping_list.md"),
    ]
    for qid, text, near in unanswerable:
        _q(qs, f"unanswerable-{qid}", "unanswerable", text, (), (near if near in files else lease,))
    return qs


def _assign_splits(files: dict[str, CorpusFile], questions: list[Question], seed: int) -> dict[str, str]:
    """Files alternate between the halves within each folder after a seeded shuffle; scopes likewise per intent."""
    rng = random.Random(seed)
    splits: dict[str, str] = {}
    by_folder: dict[str, list[str]] = {}
    for rel in sorted(files):
        by_folder.setdefault(files[rel].folder, []).append(rel)
    start = rng.randrange(2)
    for folder in sorted(by_folder):
        rels = by_folder[folder]
        rng.shuffle(rels)
        for rel in rels:
            splits[rel] = SPLITS[start]
            start ^= 1
    for intent in INTENTS:
        scopes = sorted({q.about[0] for q in questions if q.intent == intent and q.about[0] not in splits})
        rng.shuffle(scopes)
        for i, unit in enumerate(scopes):
            splits[unit] = SPLITS[(i + start) % 2]
    return splits


def build(root: Path, seed: int = 13, now: float | None = None, small: bool = False) -> Corpus:
    """Write the corpus under ``root`` (which should be empty) and return it with its questions.

    ``small`` shrinks the three big log-like files (same files and questions; the
    expected sizes follow).
    """
    now = time.time() if now is None else now
    rng = random.Random(seed)
    root = Path(root)
    files = {f.relpath: f for f in _files(rng, small)}
    for rel in sorted(files):
        _write(root, files[rel], rng, now)
    questions = _questions(root, files, now)
    splits = _assign_splits(files, questions, seed)
    questions = [Question(**{**q.__dict__, "split": splits[q.about[0]]}) for q in questions]
    return Corpus(root, seed, now, files, questions, splits)


def copy_split(corpus: Corpus, dest: Path, split: str = "tune") -> Path:
    """Copy the files of one split of ``corpus`` under ``dest`` (same relative paths); returns ``dest``."""
    for rel, which in corpus.splits.items():
        if which == split and (corpus.root / rel).is_file():
            (dest / rel).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(corpus.root / rel, dest / rel)
    return dest
