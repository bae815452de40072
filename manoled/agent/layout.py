"""Text layout: the ways documents set a fact out on a line, read back as one fact per line.

``logical_lines(text, is_value)`` rewrites a passage's lines so that each says one fact next to its label:

* dot leaders: "Your new monthly amount is ........ $2,487.00" -> "Your new monthly amount is: $2,487.00";
* label pairs side by side: "Invoice #:   SR-4471       Invoice Date:   10/17/2025" -> two lines;
* tables, by pipes (DOCX, markdown) or by aligned columns (text, PDF): the head row names the columns and is
  no line of its own; each row is said with them ("Date: 3/29/2026, Altar Flowers: Dolores Kowalski"). An
  aligned row goes to the columns nearest its cells, so right-aligned amounts land under their heads, and an
  indented line under a row continues it;
* a row of two cells ("Rent | 875", "Invoice Total       $11,842.50") is a label and its value;
* a sentence a PDF wrapped onto the next line is one line again;
* a short label's line followed by a line of its value alone ("Total (incl. GST)" then "$412.50", as PDF table
  cells come out) is one line.

``is_value`` says whether a cell is a value (a number, a date) rather than a name: a head row has none.
``sentences(line)`` splits a line into sentences, but not after "Dr.", "No." or an initial, nor inside a date whose
day has a dot ("bis spätestens 30. April 2026").
"""

from __future__ import annotations

import csv
import re
from collections.abc import Callable
from dataclasses import dataclass

from .shapes import CODES, MONTH, SIGNS

_PIPE = re.compile(r"\s\|\s|\t+")
_GAP = re.compile(r"\S+(?: \S+)*")  # runs of text apart by two spaces or more
_LEADER = re.compile(r"\s*(?:\.\s?){4,}\s*(?=\S)|(?<=[\w)])\.{2,3}\s*(?=\d)"  # and "(Harbour & Finch).. 021",
                     r"|(?<=[\w)])\s+\.{1,3}\s+(?=\(?\d)")  # "Dr. Priya Raman ... (512)", "(director) . (512)"
_PAIRS = re.compile(r"\s{3,}(?=[A-Z][\w#/.()' -]{0,30}:\s)")
_RULE = set("-|:=+_ ")


@dataclass
class _Head:
    cells: list[str]
    centres: list[float]
    piped: bool
    indent: int
    valued: bool = False  # two names over two values: a row of words under them is a label's line of its own
    once: bool = False  # two names over a value and words ("Policy number | Class" over "7041882571 | Motor"): one row


def _cells(line: str, piped: bool) -> list[tuple[int, int, str]]:
    """(start, end, text) of each cell: apart by pipes or tabs, else by two spaces or more."""
    if piped:
        bare = line.strip()
        if len(bare) > 2 and bare[0] == bare[-1] == "|" and "\t" not in bare:  # a Markdown row keeps its empty cells,
            return [(0, 0, c.strip()) for c in bare[1:-1].split("|")]  # which keep the others under their names
        body = line.strip(" \t|")
        return [(0, 0, c.strip()) for c in _PIPE.split(body) if c.strip()]
    return [(m.start(), m.end(), m.group()) for m in _GAP.finditer(line)]


# a number in a cell that is no year nor a one-digit tier: a label's value ("Usage 2,215 kWh", "Days 30")
_MEASURED_CELL = re.compile(r"(?<![\w.,])(?!(?:19|20)\d\d\b)\d[\d,]*(?:\.\d+)?(?<=\d\d|\.\d)(?![\w.,])")


_LABEL_THEN_VALUE = re.compile(r"[^\W\d_]{4,}\W{0,3}\d")  # a word, then its value: "Usage 2,215", not "fed 1,800"


def _values(cells: list[str]) -> bool:
    """Whether most ``cells`` of a line each say a label and its value ("Previous Read 53,062   Usage 2,215 kWh   Days
    30"): one line of values, which heads no table (a column's name may say a year or a tier: "Price 2026", "Tier 1");
    not a row of short keys and their sums ("Q1 (4/15)  fed 1,800  CO 340")."""
    return 2 * sum(bool(_MEASURED_CELL.search(c) and _LABEL_THEN_VALUE.search(c)) for c in cells) >= len(cells)


def _head(cells: list[tuple[int, int, str]], piped: bool, is_value: Callable[[str], bool], least: int = 3) -> _Head | None:
    names = [c for _, _, c in cells]
    # a piped name may head several cells, one name only (a name in two tongues is as long as its longer: "Mã đặt
    # chỗ / Booking reference")
    long = sorted(max(len(half.split()) for half in c.split(" / ")) for c in names)[-2:]
    if len(names) < least or any(is_value(c) or set(c) <= _RULE or c.endswith(":") or c.endswith(".") and len(c) > 5
                             and len(c.split()[-1]) > 4 for c in names) or long[-1] > (8 if piped else 5) or long[0] > 5:
        return None  # ("Pos." and "Certificate No." are names, "Paid in full." is none)
    if not piped and _values(names):
        return None
    return _Head(names, [(s + e) / 2 for s, e, _ in cells], piped, cells[0][0])


def _row(head: _Head, cells: list[tuple[int, int, str]]) -> str | None:
    """The row said with its column names; None when the line is no row of this table."""
    if head.piped:
        texts = [c for _, _, c in cells]
        if len(texts) == len(head.cells) + 1 and len(texts) >= 4:  # "Flight" heads two cells: "Outbound | FR 7232"
            texts = [f"{texts[0]} {texts[1]}", *texts[2:]]
        elif len(texts) > len(head.cells) >= 3:
            # the longest name heads several cells ("Prev. Reading Date Current Reading Previous Reading" over
            # "04/09/2026 | 19101 | 18814"), when it has a word for each: the others line up with theirs
            extra = len(texts) - len(head.cells)
            n = max(range(len(head.cells)), key=lambda j: len(head.cells[j].split()))
            if len(head.cells[n].split()) >= 2 * (extra + 1):
                texts = [*texts[:n], " ".join(texts[n:n + extra + 1]), *texts[n + extra + 1:]]
        if len(texts) != len(head.cells) or head.valued and not all(any(ch.isdigit() for ch in t) for t in texts):
            return None  # ("Total de Vencimentos | Total de Descontos" over "7.882,23 | 1.985,53": "Valor Líquido ⇒ | …")
        pairs = list(zip(head.cells, texts, strict=True))
    else:
        if len(cells) < 2 or cells[0][0] > head.indent + 2 or len(cells) == 2 and cells[0][2].endswith(":"):
            return None  # a line that starts past the first column (a total under the amounts) ends the table, as
            # does a label of its own with its value ("INVOICE TOTAL:      £569.40")
        by_col: dict[int, list[str]] = {}
        for s, e, c in cells:
            col = min(range(len(head.centres)), key=lambda j: abs(head.centres[j] - (s + e) / 2))
            by_col.setdefault(col, []).append(c)
        pairs = [(head.cells[j], " ".join(by_col[j])) for j in sorted(by_col)]
    return ", ".join(f"{h}: {c}" for h, c in pairs if c not in ("", "-", "—"))


def _unwrapped(lines: list[str]) -> list[str]:
    """Lines with a sentence that a PDF wrapped put back together: a long line that ends mid-sentence, and the
    next one that starts in lower case ("… Boarding gate closes 30" / "minutes before departure."), a remark in
    brackets that does ("… de 21/10/2026" / "(quarta-feira) a 23/10/2026 (sexta-feira).") or ends the number it
    was cut in."""
    out: list[str] = []
    for ln in lines:
        prev = out[-1] if out else ""
        # or a number cut at the wrap, whose end closes the sentence ("… mobile 0418 556" / "203.")
        cut = prev[-1:].isdigit() and ln[:1].isdigit() and ln.rstrip().endswith(".") and len(ln) < _WRAP
        if prev and _SIGN_AT_END.search(prev) and ln[:1].isdigit():
            out[-1] = f"{prev.rstrip()} {ln.strip()}"  # a currency the wrap parted from its sum ("Rs." / "3,458")
        elif (len(prev) >= _WRAP and prev[-1:].isalnum() and (ln.lstrip("(")[:1].islower() or cut) and not _PIPE.search(prev)
                and not _PIPE.search(ln)):
            out[-1] = f"{prev} {ln.strip()}"
        else:
            out.append(ln)
    return out


_WRAP = 60  # a line this long that ends mid-sentence was wrapped
_SIGN_AT_END = re.compile(rf"(?:^|[^\d\s])\s*(?:\b(?:Rs|(?-i:{CODES.upper()}))\.?|{SIGNS})\s*$")  # not a sum's "3 452,51 €"


def _rows_follow(raw: list[str], i: int) -> bool:
    """Whether the next line of ``raw`` after line ``i`` that is not blank nor a rule has two cells or more."""
    following = next((r for r in raw[i + 1:] if r.strip() and not set(r.strip()) <= _RULE), "")
    return len(_cells(following, bool(_PIPE.search(following.strip())))) >= 2


def _values_follow(raw: list[str], i: int, is_value: Callable[[str], bool]) -> bool:
    """Whether the next line of ``raw`` after line ``i`` is a row of values only ("13/05/2026 | 28/05/2026 |
    $489.00"): under a row of names, the head of a table of its own, however wide the one before."""
    following = next((r for r in raw[i + 1:] if r.strip() and not set(r.strip()) <= _RULE), "")
    cells = [c for _, _, c in _cells(following, bool(_PIPE.search(following.strip())))]  # (a code beside them too:
    return len(cells) >= 2 and all(_valued(c, is_value) or _CODE_CELL.fullmatch(c) for c in cells) and \
        any(_valued(c, is_value) for c in cells)  # "K7QX2M | 02SEP26" under "Booking reference | Date of issue")


def _values_above(raw: list[str], i: int, cells: list[tuple[int, int, str]], is_value: Callable[[str], bool]
                  ) -> list[str] | None:
    """The values the names of line ``i`` (no figure among them) are of, when a line of the two before it gives them
    in its last cells (a letterhead's name may open it) and no row of that width follows; else None."""
    names = [c for _, _, c in cells]
    if any(ch.isdigit() for c in names for ch in c) or _values_follow(raw, i, is_value) or i < 1:
        return None
    piped = [r for r in raw[max(0, i - 2):i] if _PIPE.search(r.strip())][-1:]  # (an address line between)
    before = [c for _, _, c in _cells(piped[0], True)] if piped else []
    after = next((r for r in raw[i + 1:] if r.strip()), "")
    if len(before) not in (len(names), len(names) + 1) or len(_cells(after, bool(_PIPE.search(after)))) == len(names):
        return None
    values = before[-len(names):]
    ok = all(_valued(v, is_value) or _CODE_CELL.fullmatch(v) or re.fullmatch(r"[A-Z]{2,5}-[\dA-Z-]{3,}", v) for v in values)
    return values if ok and any(_valued(v, is_value) for v in values) else None


def _value_first(raw: list[str], i: int, is_value: Callable[[str], bool]) -> bool:
    """Whether the next line of ``raw`` after line ``i`` is a row of two cells that opens with a value or a code
    ("7041882571 | Αυτοκινήτων — Ι.Χ.Ε."): under two names, each its own value's, though the second is words (a
    label's row opens with a word: "Weight | 4.8 kg" under "Patient | Chilaquil" is no value of "Patient")."""
    following = next((r for r in raw[i + 1:] if r.strip() and not set(r.strip()) <= _RULE), "")
    cells = [c for _, _, c in _cells(following, True)] if _PIPE.search(following.strip()) else []
    return len(cells) == 2 and (_valued(cells[0], is_value) or bool(_CODE_CELL.fullmatch(cells[0])))


def _label_value(texts: list[str], is_value: Callable[[str], bool]) -> bool:
    """Whether a row's cells go label, value, label, value ("Basic salary | R 34 218,50 | Income tax (PAYE) |
    R 6 412,38": earnings beside deductions): no label is a value, and a value is one."""
    # a label says no number but in brackets ("GEPF pension (7.5%)"; "Fri, 06MAR26 | SK 412 | …" is a table's row)
    return len(texts) >= 4 and len(texts) % 2 == 0 and not any(
        _valued(t, is_value) or re.search(r"\d", re.sub(r"\([^)]*\)", "", t)) for t in texts[::2]) \
        and any(_valued(t, is_value) for t in texts[1::2])


_CODE_CELL = re.compile(r"(?=[A-Z]*\d)(?=\d*[A-Z])[A-Z\d]{5,12}")  # a booking's code: capitals and digits
_FIGURE = re.compile(rf"(?:-?(?:{SIGNS}|R|Rs\.?|[A-Z]{{0,2}}\$|USD|EUR|GBP|ZAR|AUD|CAD|NZD|CHF|SGD)\s?)?-?\d")


def _valued(cell: str, is_value: Callable[[str], bool]) -> bool:
    """A number, a date, or a sum with its currency ("R 34 218,50", "EUR 90")."""
    return is_value(cell) or bool(_FIGURE.match(cell))


def _side_by_side(raw: list[str], is_value: Callable[[str], bool]) -> list[str]:
    """``raw`` with each piped row of two label-value pairs side by side as one line a pair, and so the rows of
    names between them ("Post | Educator | Institution | Rondevlei High"); not a table's head, whose names repeat
    ("Earnings | Amount | Deductions | Amount"), which is left to name no columns."""
    texts = [[c for _, _, c in _cells(ln, True)] if _PIPE.search(ln.strip()) else [] for ln in raw]
    paired = [_label_value(t, is_value) for t in texts]
    out: list[str] = []
    for i, ln in enumerate(raw):
        t = texts[i]
        near = any(paired[j] for j in (i - 1, i + 1) if 0 <= j < len(raw))
        if paired[i] or near and len(t) >= 4 and len(t) % 2 == 0 and len(set(t[1::2])) == len(t[1::2]) \
                and not any(_valued(x, is_value) for x in t):
            out += [f"{a} | {b}" for a, b in zip(t[::2], t[1::2], strict=True)]
        else:
            out.append(ln)
    return out


def logical_lines(text: str, is_value: Callable[[str], bool]) -> list[str]:
    raw = _side_by_side([_LEADER.sub(": ", ln.rstrip()) for ln in _unwrapped(text.splitlines())], is_value)
    out: list[str] = []
    head: _Head | None = None
    plain = ""  # the last line, when it was put out as it is and reads as a label
    plain_at = 0  # where that label's line is in ``out``
    figured = False  # the table's last row has figures in half its cells or more
    for i, line in enumerate(raw):
        bare = line.strip()
        label, plain, label_at = plain, "", plain_at
        if head is not None and (not bare or set(bare) <= _RULE):
            continue  # blank lines and rules between a table's rows
        piped = bool(_PIPE.search(bare))
        cells = _cells(line, piped)
        if head is not None and len(cells) >= 3 and not re.search(r"\d", re.sub(r"\([^)]*\)", "", bare)) \
                and (len(cells) != len(head.cells) or _values_follow(raw, i, is_value) or figured
                     or all(c[:1].isupper() and len(c.split()) <= 4 for _, _, c in cells) and _rows_follow(raw, i)
                     and any(ch.isdigit() for ch in next(r for r in raw[i + 1:] if r.strip()))):
            # names of another width over rows, no value among them: a table of its own ("DESCRIPTION | QTY | RATE |
            # AMOUNT" under a letterhead's "Weddings | Families | Headshots"; not "Return | FR 7233 | …"), or names
            # in capitals over figures ("Weight | Temperature | Attending Vet" over "38.5 kg | 40.3°C | …"; a figure
            # in brackets is a name's: "Amount Paid | VAT (7.5%) | Cost of Energy")
            other = _head(cells, piped, is_value) if _rows_follow(raw, i) else None
            if other is not None:
                head = other
                continue
        if head is not None:
            row = _row(head, cells)
            if row:
                out.append(row)  # (a row of figures, then one of words only: the names of the next ones,
                figured = 2 * sum(any(ch.isdigit() for ch in c) for _, _, c in cells) >= len(cells)  # "Colour | …")
                head = None if head.once else head
                continue
            if not head.piped and len(cells) == 1 and cells[0][0] > head.indent and out:
                out[-1] += f" {bare}"  # an indented line under a row goes on with it
                continue
            head = None
        above = _values_above(raw, i, cells, is_value) if head is None and piped and len(cells) >= 3 else None
        if above:  # names under their values, as a PDF may give a header's cells: "INV-2026-027 | 07/14/2026 |
            out.append(", ".join(f"{c}: {v}" for (_, _, c), v in zip(cells, above, strict=True)))  # 08/13/2026"
            continue  # over "Invoice No. | Invoice Date | Due Date"
        # (two names over two values heads a table too: "Vencimento | Valor a Pagar" over "29/09/2026 | R$ 189,28")
        two = len(cells) == 2 and piped and not any(c.isdigit() for c in bare) and _values_follow(raw, i, is_value)
        once = len(cells) == 2 and piped and not two and not any(c.isdigit() for c in bare) and \
            all(len(c.split()) <= 4 for _, _, c in cells) and _value_first(raw, i, is_value)
        if (len(cells) >= 3 or two or once) and _rows_follow(raw, i):
            head = _head(cells, piped, is_value, least=2 if two or once else 3)
            if head is not None:
                head.valued, head.once = two, once
                continue
        pairs = _PAIRS.split(bare)
        indent = line[:len(line) - len(line.lstrip(" \t"))]  # kept: an indented pair sits under the line above it
        if not piped and len(cells) >= 3 and ":" not in bare and _values([c for _, _, c in cells]):
            out.extend([line, *(indent + "  " + c for _, _, c in cells)])  # and each on its own, under it: "Usage
            continue  # 2,215 kWh", apart from the day's average
        if label and ((is_value(bare) or _SUM.fullmatch(bare)) and len(bare) <= 30 or _PRICED.fullmatch(bare)
                      or label.endswith(":") and _OPENS_WITH_DATE.match(bare)):
            out[label_at] = f"{label.rstrip(':')}: {bare}"  # a label's line, then its value's: "Total (incl. GST)" "$412.50";
            continue  # a receipt's item, then its count and price: "RÅSKOG trolley beige" "1 x 35.00 | 35.00"; a
            # label that ends in a colon, then a line that opens with its date ("… confirmed for:" "Wednesday 22 April …")
        if len(pairs) >= 2 and all(":" in p for p in pairs):
            out.extend(indent + " ".join(p.split()) for p in pairs)
        elif len(cells) == 2 and not (cells[0][2].endswith((".", "!", "?")) and not _ABBREV.search(cells[0][2])) and (
                not cells[0][2][-1:].isdigit() or piped and is_value(cells[1][2])):  # "TOTAL RATES 2025/2026 | $3,215.18"
            out.append(f"{indent}{cells[0][2].rstrip(':')}: {cells[1][2]}")
        else:
            out.append(line)
            plain, plain_at = (bare, len(out) - 1) if _label(bare, is_value) else ("", 0)
            if label and label_at == len(out) - 2 and _note(bare):
                plain, plain_at = label, label_at  # a note between a label and its value: "GAJI BERSIH / NET PAY"
                # "Dikreditkan ke akaun Maybank pada tarikh bayaran" "RM 4,812.50"
    return out


def _note(line: str) -> bool:
    """A line of words that gives no value and is no label: a remark under a label, before its value."""
    return not _label(line, lambda _: False) and not re.search(r"[\d|:]", line) and len(line.split()) >= 4


def sheet_rows(lines: list[str], is_value: Callable[[str], bool]) -> list[str] | None:
    """A spreadsheet's rows, each said with its header's names ("category: Hockey (Arjun), monthly_budget: 120.00,
    notes: tournaments, sharpening, gear"; a quoted cell keeps its commas); None when the first row is values."""
    first = lines[0]  # a sheet saved where the comma is the decimal mark separates its cells with ";" (1.180,00;550,00)
    head, *body = csv.reader(lines, delimiter="\t" if "\t" in first else ";" if first.count(";") > first.count(",") else ",")
    header = [h.strip() for h in head]
    if not header or any(is_value(h) for h in header):
        return None
    return [", ".join(f"{h}: {c.strip()}" for h, c in zip(header, cells, strict=True) if c.strip())
            for cells in body if len(cells) == len(header)]


TABLES = (".csv", ".tsv")  # spreadsheets: each row is a record of its own, said by :func:`sheet_rows`


def row_cells(row: str) -> list[tuple[str, str]]:
    """(column, value) of a row as :func:`sheet_rows` says it ("Category: Groceries, Jan: 386.20"); a piece
    without a column goes on with the last ("Notes: curry, pizza")."""
    out: list[list[str]] = []
    for part in row.split(", "):
        at = part.find(": ")
        if 0 < at <= 40:
            out.append([part[:at], part[at + 2:]])
        elif out:
            out[-1][1] += f", {part}"
    return [(a, b) for a, b in out]


# a line that opens with a date: "Wednesday 22 April 2026 at 3:15 pm", "12/03/2026 at 9:00"
_OPENS_WITH_DATE = re.compile(rf"(?:(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*\.?,?\s+)?(?:\d{{1,2}}(?:st|nd|rd|th)?\s+{MONTH}|"
                              rf"{MONTH}\s+\d{{1,2}}\b|\d{{1,2}}[/.]\d{{1,2}}[/.]\d{{2,4}})", re.IGNORECASE)
# a sum alone with its currency's code or sign: "RM 4,812.50", "CHF 7'529.25", "48.750,00 TL", "₺12.300"
_SUM = re.compile(rf"(?:[A-Z]{{1,3}}|Rs|Fr|Kč|zł|KSh|{SIGNS})\.?\s?-?\d(?:[\d.,' ]*\d)?(?:\.[–-])?|-?\d(?:[\d.,' ]*\d)?\s?(?:[A-Z]{{2,3}}|Kč|zł|kr|[€₺])")
_PRICED = re.compile(r"\d+\s?[x×@]\s?[\d.,]+(?:\s*\|?\s*[£$€]?\s?[\d.,]+)?")  # "2 x 5.00 | 10.00": how many, at what


def _label(line: str, is_value: Callable[[str], bool]) -> bool:
    """A short line that names something and gives no value: "Total (incl. GST)", "Invoice date:", "Card No.", "Yhteensä
    (sis. alv 14 % / 25,5 %)" (what its brackets say aside)."""
    bare = re.sub(r"\s*\([^)]*\)", "", line).strip()
    ws = bare.split()
    return 0 < len(ws) <= 6 and len(line) <= 48 and not (line.endswith((".", "!", "?")) and not _ABBREV.search(line)) \
        and not re.search(r"[,;\t]", bare) \
        and not is_value(ws[-1]) and any(c.isalpha() for c in line)


_ABBREV = re.compile(r"(?:^|[\s(])(?:dr|mr|mrs|ms|prof|st|no|nr|ref|inc|ltd|co|jr|sr|vs|approx|[a-z]|"
                     r"incl|excl|inkl|zzgl|ca|bzw|ggf|evtl|vgl|str|tel|tél|ph|puh|mob|fax|réf|mme|env|max|apt|dept|fig|vol|rs|"
                     r"pvt|fr|sfr|sdn|bhd|jln|tmn|unit|unid|un|qtd|qty|quant|vlr|vl|cód|cod|obs|pcs|τηλ|κιν|οδ|αρ|σελ)\.$", re.IGNORECASE)
# and German and French ones, the rupee's "Rs. 3,458", "Pvt. Ltd.", the Swiss franc's "Fr. 7'440.–", Malaysian "Sdn.
# Bhd.", Greek "Τηλ." (phone), addresses' "Jln." (Jalan), "Tmn." (Taman), and a table head's "Unit. (R$)", "Qtd."
_MONTH_ABBREV = re.compile(r"(?:^|\s)(?:jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec)\.$", re.IGNORECASE)
_DOTTED_DAY = re.compile(r"(?:^|\s)\d{1,2}\.$")  # German days: "am 7. Mai", "Berlin, 10. Februar 2026"
_MONTH_FIRST = re.compile(MONTH + r"\b", re.IGNORECASE)
_DOTTED_MONTH = re.compile(r"(?:0?[1-9]|1[0-2])\.(?:\s|$)")  # Czech and Slovak dates: "16. 10. 2026"
_DAY_AND_MONTH = re.compile(r"(?:^|\s)\d{1,2}\.\s?\d{1,2}\.$")
_YEAR_FIRST = re.compile(r"(?:19|20)\d\d\b")


def sentences(line: str) -> list[str]:
    """The sentences of a line; "Dr. Ortiz", "No. 4", "J. Smith", "Nov. 20", a day's "30." before its month
    ("30. April 2026") and a stop inside brackets end none, and a numbered item's "1." is none (its item is)."""
    out: list[str] = []
    parts = re.split(r"(?<=[.!?])(\s+)", line)  # a sentence opens with a capital (any: "Částka"), a digit or a quote
    pieces = parts[:1]
    for gap, p in zip(parts[1::2], parts[2::2], strict=True):
        if p[:1].isupper() or p[:1].isdigit() or p[:1] and p[0] in "\"'(€$£":
            pieces.append(p)
        else:
            pieces[-1] += gap + p
    pieces = [p.strip() for p in pieces]
    for n, piece in enumerate(pieces):
        if n == 0 and re.fullmatch(r"\d{1,2}\.", piece) and not (len(pieces) > 1 and (
                _MONTH_FIRST.match(pieces[1]) or _DOTTED_MONTH.match(pieces[1]))):
            continue  # a numbered item's "1.", not the day of "30. April 2026" or "16. 10. 2026"
        if out and (_ABBREV.search(out[-1]) or out[-1].count("(") > out[-1].count(")") and ")" in piece  # "(opg. 114)"
                    or piece[:1] == "(" and piece.rstrip(".").endswith(")")  # "Atlântico e.V. (50 €)": a remark
                    or piece[:1].isdigit() and _MONTH_ABBREV.search(out[-1])
                    or _DOTTED_DAY.search(out[-1]) and (_MONTH_FIRST.match(piece) or _DOTTED_MONTH.match(piece))
                    or _DAY_AND_MONTH.search(out[-1]) and _YEAR_FIRST.match(piece)):
            out[-1] = f"{out[-1]} {piece}"
        elif piece:
            out.append(piece)
    return out


_ITEM_NUMBER = re.compile(r"\s*#?(\d{1,2})[.)]\s+(.*)")  # "2. Barrie Snowfest - Jan 23-25", "3) pay the deposit"


def numbered_items(text: str, number: int) -> list[str]:
    """The lines a numbered list of ``text`` gives ``number`` ("2. Barrie Snowfest …" for 2), without it."""
    return [m.group(2) for m in map(_ITEM_NUMBER.match, text.splitlines()) if m and int(m.group(1)) == number]
