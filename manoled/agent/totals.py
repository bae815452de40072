"""Sums of a paper: which line is its total, which are its parts, and when a question asks for the total.

"What did the servicing come to", "the total", "how much was the locksmith's bill" ask a paper's total, not one of
its lines; so does a word that several priced lines say ("the winter tires": the swap, the storage, the disposal),
unless a word names one item ("Walt's copay on the apixaban") or the question asks a rate ("tute pay rate").
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

from .commonness import zipf
from .gloss import PHRASED, forms, phrases
from .kinds import WITH_TAX, is_cue, new_value
from .retrieve import contains
from .slots import OUT_OF_ACCOUNT, STOP, TAKE_HOME, stem, words

# "the total", "what did it end up costing", "what goes out of our account": the figure that sums the others
# "how much do we owe on it": the bill's due (what is still owed: its balance; what is owed every month: a rate)
TOTAL_ASK = re.compile(r"(?<!still )\bow(?:e|ed|ing)\b(?![^?.!]*\b(?:every|each|per|a)\s+(?:month|week|fortnight|year)\b)|"
                       r"\b(?:total|totale|final|overall|altogether|in all|all in|grand|end(?:ed)? up|in the end|actually|c[oa]mes? to|"
                       rf"{OUT_OF_ACCOUNT})\b|"
                       + WITH_TAX.pattern, re.IGNORECASE)
RATE_ASK = re.compile(r"\b(?:rate|rates|per|each|hourly|apiece|a head|unit price)\b", re.IGNORECASE)  # one line's price
BILL_ASK = re.compile(r"\b(?:bill|invoice|receipt)s?\b", re.IGNORECASE)
def _unmarked(forms: list[str]) -> list[str]:
    """``forms`` as patterns, each also without its accents: a Greek paper's capitals drop them ("ΣΥΝΟΛΟ")."""
    bare = ("".join(c for c in unicodedata.normalize("NFD", f) if not unicodedata.combining(c)) for f in forms)
    return [re.escape(f) for f in dict.fromkeys([*forms, *(unicodedata.normalize("NFC", b) for b in bare)])]


TOTAL_UNIT = re.compile(r"\b(?:total|grand total|total due|amount due|payable)\b|"  # and papers in other languages
                         r"gesamt|endbetrag|rechnungsbetrag|\bsumme\b|\bmontant total|\bimporte total|\btotale\b|\bsaldo finale\b|"
                         r"\b(?:att betala|at betale|å betale|summa|totalt|i alt)\b|"
                         r"\b(?:ödenecek|odenecek|fatura tutarı|do zapłaty|k úhradě|te betalen|για καταβολ[ηή]|πληρωτ[εέ]ο|"
                         r"προς πληρωμ[ηή]|phải nộp|phải thanh toán)\b|"  # (Greek capitals drop their accents)
                         rf"\b(?:{'|'.join(_unmarked([*forms('total'), *phrases('total')]))})\b",  # and the
                         # glossary's: toplam, jumlah, celkem, genel toplam, tổng cộng, σύνολο (ΣΥΝΟΛΟ) …
                         re.IGNORECASE)
# a sum before tax is a step to the total, not the total ("Total hors taxes", "Subtotal (excl GST)", "Netto", "Totale
# imponibile"); so is one section's ("Totale A: 1.661,40" over "SALDO FINALE: EURO + 3.412,18" on a tax payment form)
BEFORE_TAX = re.compile(r"\b(?:hors taxes?|(?-i:HT)|excl(?:\.|uding)?\W+(?:gst|vat|tax|tva|mwst)|exkl|netto|"
                         r"sub-?total|zwischensumme|sous-total|before tax|pre-tax|imponibile|base imponible|base tributável|"
                         r"subtotale|imponible|ara toplam|kdv hariç|matrah\w*|suma częściowa|mezisoučet)\b|\btotale?\s+(?-i:[A-Z]|[IVX]{1,3})\s*(?:[:|]|$)", re.IGNORECASE)
# "net pay", "what did we actually get after the commission", "once the premium is taken off": what is left once
# something is taken off, not the total it is taken from ("after tax" is left out: of a price it means with tax)
NET_ASK = re.compile(TAKE_HOME.pattern + r"|\bnet\b|\b(?:after|once|minus|less)\b[^?.!]{0,40}?\b(?:deduct\w*|cut|"
                     r"costs?|fees?|premiums?|commission|tak(?:e|en) (?:out|off))\b", re.IGNORECASE)
NET_UNIT = re.compile(r"\bnet\b|\bnetto|take[- ]home|\bproceeds\b|after (?:all )?(?:deductions|tax|taxes)|you will receive|"
                      r"auszahlung|reste à payer|balance (?:due|owing)|left to pay|\bremaining\b|restbetrag|\bsolde\b|"
                      r"\b(?:att utbetala|utbetalt|udbetalt|til udbetaling|til utbetaling|l[ií]quid[oa]|neto|neta)\b",
                      re.IGNORECASE)
GROSS_UNIT = re.compile(r"\bgross\b|\bbrut\b|\bbrutto|\bbrut[oa]\b|before (?:any |all )?(?:deductions|tax|taxes)", re.IGNORECASE)
TAX_BASE = re.compile(r"\b(?:imposable|taxable|steuerpflichtig)", re.IGNORECASE)  # "Net imposable": what is taxed, not paid


# what may follow "Total" in the line of a paper's own total ("Total due", "Total amount (incl. VAT)", "Total for the
# year"); another word says a total of something else ("Total reliefs", "Total income"), a step to the figure asked
_TOTAL_OF = re.compile(r"\btotal\s+(?:(?:annual|yearly|monthly|weekly|quarterly|net|gross|final|overall|estimated|"
                       r"current|new)\s+)*([^\W\d_]+)", re.IGNORECASE)
_OWN_TOTAL = frozenset("due amount amt paid payable to cost costs price charge charges sum owed owing balance bill "
                       "invoice estimate quote quotation order booking premium payment payments fee fees incl inc "
                       "including excl with for of in this eur usd gbp".split())


ENGLISH_ZIPF = 3.0  # an English word ("reliefs", "income"), not another language's ("Montant total TTC")


def total_of_other(unit: str, terms: list[str]) -> bool:
    """Whether ``unit`` totals another thing than the paper ("Total reliefs: 28,370.00" on a tax notice asked what
    the tax is): the word after "Total" is neither one of the question's ``terms`` nor a word of a paper's total."""
    m = _TOTAL_OF.search(unit)
    if m is None:
        return False
    w = m.group(1).lower()
    english = zipf(w[:-1] if w.endswith("s") else w) >= ENGLISH_ZIPF
    return english and w not in _OWN_TOTAL and w not in STOP and not any(contains(w, t) for t in terms)


def paper_total(unit: str, question: str, terms: list[str]) -> bool:
    """Whether ``unit`` is a paper's own total, asked as one: a total line (with its tax, unless a sum before tax is
    asked), not a total of another thing (:func:`total_of_other`), and, when the question says a paper's word in a
    phrase ("what did they end up giving back": the refund), a line that says that word, not a "Total" beside it."""
    named = [t for t in terms if t in PHRASED]
    return bool(TOTAL_UNIT.search(unit)) and not (BEFORE_TAX.search(unit) and not BEFORE_TAX.search(question)) \
        and not total_of_other(unit, terms) and (not named or any(contains(unit, t) for t in named))


def net_side(unit: str) -> int:
    """+1 for a line that gives what is left once something is taken off ("NET À PAYER"), -1 for one that gives
    what it is taken from ("before deductions"), else 0."""
    if TAX_BASE.search(unit):
        return 0
    return 1 if NET_UNIT.search(unit) and not GROSS_UNIT.search(unit) else -1 if GROSS_UNIT.search(unit) else 0


@dataclass
class Sums:
    """A passage's lines and which of them carry a sum other than the total, read once for both questions below."""
    lines: list[str]
    titles: list[bool]
    priced: list[bool]

    def totals(self) -> list[str]:
        return [u for u, p in zip(self.lines, self.priced, strict=True) if not p and TOTAL_UNIT.search(u)]


def sums_of(units: list[tuple[str, bool, str, str]], asked: set[str]) -> Sums:
    lines = [u for u, _, _, _ in units]
    return Sums(lines, [title for _, title, _, _ in units],
                [new_value("amount", u, asked) and not TOTAL_UNIT.search(u) for u in lines])


def shared_by_sums(sums: Sums, terms: list[str], least: int) -> set[str]:
    """The question's words that ``least`` or more of the lines with a sum say, when a line says the total; none
    when a word names one item: said by one line only, a priced one or the one above a price ("APIXABAN 5MG TAB"
    over "COPAY $47.00")."""
    lines, priced = sums.lines, sums.priced
    totals = sums.totals()
    if not totals:
        return set()
    said = {t: sum(1 for u, p in zip(lines, priced, strict=True) if p and contains(u, t)) for t in terms}
    asked = {(stem(a), stem(b)) for a, b in zip(terms, terms[1:], strict=False)}
    if asked:  # two words said together by one priced line name it: "the sum insured", "room service"
        said_by = [_pairs(u) & asked if p else set() for u, p in zip(lines, priced, strict=True)]
        in_totals = set().union(*map(_pairs, totals))
        if any(sum(pair in s for s in said_by) == 1 for pair in asked - in_totals):
            return set()
    if least > 1:
        for t in terms:
            at = [i for i, u in enumerate(lines) if contains(u, t)]
            if len(at) == 1 and (priced[at[0]] or at[0] + 1 < len(lines) and priced[at[0] + 1]
                                 and contains(lines[at[0]].split(":", 1)[0], t)):  # not "Vehicle: Honda CR-V"
                return set()
            sums_at = [set(_CENTS.findall(lines[i])) for i in at if priced[i]] if is_cue(t) else []
            if len(sums_at) >= 2 and set.intersection(*sums_at):  # the value asked ("excess"), said twice by one item:
                return set()  # a policy's table row and its small print ("Franquicia: 300,00 €")
    # "GST" in the total is a part of it; the total of the word itself ("Gesamtbeitrag", "Total contribution") is not
    return {t for t, n in said.items() if n >= least and not any(contains(u, t) and not _totals(u, t) for u in totals)}


def _totals(unit: str, term: str) -> bool:
    """Whether ``unit`` is the total of ``term`` itself: "Gesamtbeitrag monatlich", "Total annual premium"."""
    m = _TOTAL_OF.search(unit)
    return bool(m and stem(m.group(1).lower()) == term) or bool(re.search(rf"gesamt{re.escape(term)}", unit, re.IGNORECASE))


_CENTS = re.compile(r"\d(?:[\d.,]*\d)?[.,]\d\d(?!\d)")  # a sum with its cents ("300,00", "1,084.60")


def _pairs(line: str) -> set[tuple[str, str]]:
    """The words ``line`` says one after the other, two by two (as stems)."""
    ws = [stem(w) for w in words(line)]
    return set(zip(ws, ws[1:], strict=False))


def papers_named(question: str) -> set[str]:
    """The words that say which bill is asked, just before "bill" ("the Rogers internet bill": internet), as stems."""
    ws = words(question)
    return {stem(a) for a, b in zip(ws, ws[1:], strict=False) if BILL_ASK.fullmatch(b) and a not in STOP}


def names_no_item(sums: Sums, terms: list[str], named: str, plain: set[str]) -> bool:
    """Whether a paper with a total is asked about as a whole: none of the question's words (``plain``: its dates
    and numbers, which place the paper, and the words just before "bill" that say which bill, :func:`papers_named`,
    aside) is said by one of its priced lines and not by its name or title ("spreenetz feb 2026 how
    much", "the car insurance renewal for 2026": the bill's total)."""
    if not any(not BEFORE_TAX.search(u) for u in sums.totals()):
        return False
    whole = " ".join([named, *(u for u, title in zip(sums.lines, sums.titles, strict=True) if title)])
    loose = [t for t in terms if t not in plain and not contains(whole, t)]  # words that may name an item
    return not any(p and contains(u, t) for u, p in zip(sums.lines, sums.priced, strict=True) for t in loose)
