"""The agent's tools: read-only, answered from the catalog and the index, confined to the roots.

Every tool is a plain typed function whose first argument is the
:class:`ToolContext`; the registry derives the schema from the signature and
docstring. Paths given by the model are checked by :func:`confine`: ``..``,
absolute paths outside the watched roots and symlinks that lead out are
refused with a :class:`ToolError` (a tool result the model can read).
"""

from __future__ import annotations

import logging
import re
from dataclasses import replace
from functools import cache
from typing import Any

from . import facts as factlib
from . import gloss, senses, units, verify
from .accounts import others_account
from .attribute import asked_words
from .checklist import PENDING, pending_first
from .columns import asked_cells
from .commonness import LIGHT_HEADS, adverb, coined, common, zipf
from .context import ToolContext
from .contrast import SIDE_WORDS, ahead_asked
from .dearest import priciest_first
from .due import due_ahead
from .eldest import eldest_first
from .entries import LAST_TIME, newer_row, newest_first, soonest_first
from .fstools import count_files, directory_tree, disk_usage, file_metadata, folder_stats, grep_files, list_files
from .ingredients import whole_amount_first
from .journeys import leaving_first
from .kinds import typed_by
from .layout import TABLES, sheet_rows
from .monthly import asked_month_papers, day_missing, month_missing
from .months import (
    MONTH_NAMES,
    asked_months,
    is_month,
    month_column,
    spanned_months,
)
from .named import of_the_named, typed_lower
from .names import files_at, index_of, path_matches, similar
from .owndate import own_date_last
from .pairs import both_asked
from .people import HONORIFICS
from .registry import ToolError, ToolOutput, ToolRegistry, tool
from .retrieve import MONTH_NUMBERS, contains, fts_terms, gloss_terms
from .roles import role_words
from .senses import SIBLING, WordSense, passage_words
from .series import series_of
from .slots import KIND_WORDS, STOP, WEEKDAYS, stem, words
from .terms import SEASONAL, person_verbs, told_aside, topic_terms
from .totals import BILL_ASK, TOTAL_ASK

log = logging.getLogger(__name__)


def _short_forms(ctx: ToolContext, query: str, absent: frozenset[str]) -> tuple[list[str], set[str]]:
    """The short forms some file has of words the question spells out and no file has ("warrant of fitness":
    WOF, "required minimum distribution": RMD), and the stems of the words they stand for. Only runs of words
    with one of ``absent`` in them are looked up."""
    ws = words(query)
    forms: list[str] = []
    spelled: set[str] = set()
    for n in (4, 3):
        for part in (ws[i:i + n] for i in range(len(ws) - n + 1)):
            if part[0] in STOP or part[-1] in STOP or not all(w.isalpha() for w in part) or any(
                    w in STOP and w not in ("of", "and") for w in part) or not any(stem(w) in absent for w in part):
                continue
            form = "".join(w[0] for w in part)
            if form not in forms and _files_with(ctx, form):
                forms.append(form)
                spelled |= {stem(w) for w in part}
    return forms, spelled


COMPOUND_HEAD = 4.0  # Zipf of a word of its own ("tax" 5.1; not "tues" 0.0), above that of the compound
_READ_PASSAGES = 12  # of a file that has a word typed in lower case, the passages read for how it is written
# what ends a word for the one who deals in its first part: the taxman, the postman, the bookshop ("daycare" is care)
WHO_OF = frozenset("man men woman women people folk folks guy guys lady shop store office".split())


def _compounds(ctx: ToolContext, absent: frozenset[str]) -> tuple[list[str], set[str]]:
    """The first parts of words no file has that name who deals in a thing some file has ("the taxman": tax), and
    those words. The part the files have is what the question is about."""
    parts: list[str] = []
    spelled: set[str] = set()
    for w in sorted(absent):
        for i in range(3, len(w) - 2):
            head, rest = w[:i], w[i:]
            if rest in WHO_OF and head.isalpha() and zipf(head) >= COMPOUND_HEAD and zipf(w) < COMPOUND_HEAD and \
                    _files_with(ctx, head):
                parts.append(head)
                spelled.add(w)
                break
    return parts, spelled


def _absent_kind(query: str, absent: list[str], candidates: list[Any], seen: list[str]) -> str:
    """"swimming lessons" when no file has "swimming" (nor a word spelt like it or starting with it, nor one near
    it in meaning: ``absent`` holds only those) and the passages found say "lessons": the word before names a
    kind of the thing the files do not have; else "". Not an everyday word, nor one that says when or how
    ("final", "early", "dated")."""
    ws = words(query)
    text = " ".join(f"{c.text} {c.named}" for c in candidates)
    attribute = set(asked_words(query))  # "what *model* number": a value may say it without the word
    for a, b in zip(ws, ws[1:], strict=False):
        if b in STOP or b in MONTH_NUMBERS or b[:3] in MONTH_NAMES or b in WEEKDAYS or not b.isalpha():
            continue  # "early Feb": when, not what
        own = re.search(rf"\b{re.escape(a)}\s+{re.escape(b)}\s*\(([^)]+)\)", query, re.IGNORECASE)
        if re.search(rf"(?<=\s){re.escape(b[:1].upper() + b[1:])}\b", query) or SEASONAL.fullmatch(f"{a} {b}") or \
                own and all(contains(text, w) for w in words(own[1])):
            continue  # "warn Fernando": a name after a verb, not a kind of a thing; "the summer holiday": when;
            # "income tax (ennakonpidätys)": the papers' own word for it, given after it (when they say it)
        if (stem(a) in absent and stem(a) not in attribute and a not in SIDE_WORDS and (a in SIBLING or len(a) >= 4 and not common(a)) and a.isalpha()
                and not a.endswith(("ed", "ly")) and contains(text, b) and not any(similar(stem(a), w) or len(a) >= 4 and w.startswith(a) for w in seen)):
            return f"{a} {b}"
    return ""


@tool
def semantic_search(ctx: ToolContext, query: str, top_k: int = 5, in_file: str | None = None) -> ToolOutput:
    """Search inside file contents by meaning and return the relevant facts with their files. Use it for questions about information WITHIN files (invoices, budgets, notes, recipes, photo descriptions).

    Args:
        query: What to look for in the file contents.
        top_k: How many passages to read (1 to 10).
        in_file: Only search inside this file (its name or path). Null for all files.
    """
    if ctx.search is None:
        raise ToolError("semantic search is not available (no index)")
    top_k = max(1, min(int(top_k), 10))
    only = None
    if in_file:
        hint = in_file.strip().strip("\"'")
        tail = hint.rsplit("/", 1)[-1]
        only = {f.id for f in ctx.files() if f.relpath.endswith(tail)
                and (str(f.path) == hint or f.relpath == hint or f.name == hint)}
        if not only:
            raise ToolError(f"no file named {in_file!r}")
    ex = find_facts(ctx, query, top_k=top_k, only_files=only)
    if ex.declined:
        log.debug("declined %r: %s %s", query, ex.reason, ex.evidence or "")
        text = f"Nothing in the files is about {ex.topic}."
        return ToolOutput(text, data={"facts": {}, "files": [], "answer": factlib.answer_text(ex),
                                      "kind": "search", "declined": True})
    best: dict[str, list[str]] = {}
    paths: dict[str, str] = {}
    for fact in ex.facts[:6]:
        bucket = best.setdefault(fact.file_name, [])
        if fact.text not in bucket and len(bucket) < 3:
            bucket.append(fact.text)
        paths.setdefault(fact.file_name, fact.path)
    lines = [line for name, fs in best.items() for line in (f"From {name}:", *(f"  - {f}" for f in fs))]
    top = ex.facts[0]
    return ToolOutput("\n".join(lines), sources=[top.path] + [p for p in paths.values() if p != top.path],
                      data={"facts": best, "files": list(best), "answer": factlib.answer_text(ex), "kind": "search",
                            "top_source": top.path})


def find_facts(ctx: ToolContext, query: str, top_k: int = 5, only_files: set[int] | None = None
               ) -> factlib.Extraction:
    """Hybrid retrieval, then the sentences that answer ``query`` (no model call); both asks of a question that
    asks two things (:mod:`.pairs`); the leg of a booking asked (:mod:`.journeys`); a bill's dearest item
    (:mod:`.dearest`); the oldest or youngest person of a list (:mod:`.eldest`); a recipe's whole measure of an
    ingredient (:mod:`.ingredients`); a date still ahead (:mod:`.due`); a sheet row's asked cells (:mod:`.columns`)."""
    ex = both_asked(query, _find_facts(ctx, query, top_k, only_files), lambda q, i: _find_facts(ctx, q, top_k, {i}))
    ex = priciest_first(query, leaving_first(query, ex, ctx.passages), ctx.passages)
    ex = whole_amount_first(query, eldest_first(query, ex, ctx.passages), ctx.passages)
    return asked_cells(query, due_ahead(query, ex, ctx.passages, ctx.today()))


def _find_facts(ctx: ToolContext, query: str, top_k: int = 5, only_files: set[int] | None = None
                ) -> factlib.Extraction:
    asked = query  # as said: the words added below make no pairs of its words ("budget sheet groceries")
    query = gloss.rephrase(query, lambda w: bool(_files_with(ctx, w)))  # "giving back": the refund
    terms = topic_terms(query)
    top = max(top_k, 5)
    absent = _absent(ctx, terms)
    forms, spelled = _short_forms(ctx, query, absent) if absent else ([], set())
    parts, joined = _compounds(ctx, absent - spelled)
    # a paper's word in another tongue no file has ("kauce"): the papers may say it in another of its words (jistota)
    kin = {t: found for t in absent - spelled - joined if (found := [h for h in gloss.heads(t) if _files_with(ctx, h)])}
    forms, spelled = forms + parts + [h for hs in kin.values() for h in hs], spelled | joined | set(kin)
    native = [w for t in terms for w in ctx.spelled_natively(t)]  # "the Naxos trip": Νάξος, as the papers write it
    forms += native
    if forms:  # "warrant of fitness", words no file has: the papers write WOF
        query = " ".join([query, *forms])
        terms = topic_terms(query)
        absent -= spelled
    # a word no file has may be a file name's initials ("CT": controle_technique_2025.pdf): read only for those words
    idx = index_of(ctx.files())
    named_by = {t: {str(idx.files[i].path) for i in idx.initialled(t)} for t in absent}
    initials = frozenset(t for t in absent if named_by[t])
    absent -= initials
    kind, ahead = typed_by(query)[0], ahead_asked(query)
    # "what did it end up costing": a bill's total, which may come a chunk after the rows that say the words
    read_on = kind == "amount" and bool(TOTAL_ASK.search(query) or BILL_ASK.search(query))
    candidates = ctx.hybrid(initials)(query, terms, k=top, only_files=only_files, read_on=read_on)
    if only_files is None:  # "in October", where the search found September's and November's payslips
        candidates = asked_month_papers(query, terms, candidates, ctx.files(), ctx.catalog.passages_for)
    candidates = _headed(ctx, candidates)
    sense = ctx.word_sense()
    if only_files is None:
        why = _not_in_files(asked, terms, absent, candidates, sense)
        if why:
            return factlib.Extraction(declined=True, reason=why, topic=" ".join(terms))
    if only_files is not None:  # inside one file the user pointed at: trust meaning more than shared words
        # it says none of the words, and a kind of value is asked ("what dates did it cover"): its values of that kind
        read = typed_by(query)[1] and all(c.fts_rank is None for c in candidates)
        ex = factlib.extract(query, candidates, top=top, embed=ctx.embed, vector_strong=0.0 if read else 0.3,
                             vector_weak=0.0, sense=sense, absent=absent)
        ex = verify.check_inside(query, ex, sense, _file_words(ctx, asked_words(query)))
        ex.facts = pending_first(query, _by_time(ctx, query, _month_cells(query, ex.facts)))
        return ex
    ex = factlib.extract(query, candidates, top=top, embed=ctx.embed, sense=sense, absent=absent, said=asked)
    ex.facts = own_date_last(query, pending_first(query, _by_time(ctx, query, _month_cells(query, ex.facts))), terms,
                             kind, ahead=ahead)
    # a word's files read once for the name reading, the name check and the answer check
    files_with = cache(lambda t: _files_with(ctx, t))
    # "ruth net pay oct": a name typed in lower case, which the files write as one
    lowered = typed_lower(asked, terms, absent, files_with, cache(lambda i: ctx.passages(i, _READ_PASSAGES)))
    # "the globex bill": a coined word (no English one, however rare) that names files (globex_telecom_2026-01.pdf)
    lowered |= {t for t in terms if t.isalpha() and t not in absent and coined(t) and path_matches(t, ctx.files())
                and t not in native}  # (a name's other spellings are no names of their own)
    ex = _newest_row(ctx, query, of_the_named(query, terms, absent, ex, files_with, lowered))
    # a file name's initials are as rare as the files they name
    ex = verify.check(query, ex, df=lambda t: len(files_with(t)) or len(named_by.get(t, ())),
                      n_files=len(ctx.files()), sense=sense, initialled={t: named_by[t] for t in initials},
                      names=_file_words(ctx, asked_words(query)), lowered=lowered)
    ex = others_account(asked, _period_paper(ctx, query, ex), files_with, lambda text: ctx.catalog.fts_file_ids([text]))
    if not ex.declined:  # the check may have chosen another file, whose best line is its own date
        ex.facts = own_date_last(query, ex.facts, terms, kind, ahead=ahead)
    if month_missing(query, ex, ctx.files()) or day_missing(query, ex, ctx.files()):
        return factlib.Extraction(declined=True, reason="no paper of the series is of the day or month asked",
                                  topic=ex.topic, evidence=ex.evidence)
    return ex


def _by_time(ctx: ToolContext, query: str, facts: list[Any]) -> list[Any]:
    """A log's row the question asks by when: the newest for "when did I last", the soonest still to come for
    "when's the next one due"."""
    return soonest_first(query, newest_first(query, facts), ctx.today())


def _period_paper(ctx: ToolContext, query: str, ex: factlib.Extraction) -> factlib.Extraction:
    """"The heating we used in late January and early February": of a series of bills, the one whose period (from
    one day to another) covers the months asked, when the one found gives a period and it covers other months."""
    months, _ = asked_months(query)
    top = ex.facts[0] if ex.facts and not ex.declined else None
    if top is None or top.candidate is None or len(months) < 2:
        return ex
    spans = [spanned_months(p) for p in ctx.passages(top.candidate.file_id)]
    if not any(spans) or any(months <= s for s in spans):
        return ex
    files = ctx.files()
    mine = files_at([str(top.path)], files).get(str(top.path))
    for f in series_of(mine, files) if mine is not None else []:
        if f.id != top.candidate.file_id and any(months <= spanned_months(p) for p in ctx.passages(f.id)):
            theirs = find_facts(ctx, query, only_files={f.id})
            return theirs if theirs.facts and not theirs.declined else ex
    return ex


def _newest_row(ctx: ToolContext, query: str, ex: factlib.Extraction) -> factlib.Extraction:
    """"When did I last fill up": the newest row of the sheet found, read from all its passages."""
    top = ex.facts[0] if ex.facts and not ex.declined else None
    c = top.candidate if top is not None else None
    if c is None or not c.file_name.lower().endswith(TABLES) or not LAST_TIME.search(query):
        return ex
    passages = ctx.passages(c.file_id)
    head = _header(passages)
    rows = [u for p in passages for u, *_ in units.sectioned(_with_header(p, head), c.file_name)]
    row = newer_row(query, top.text, rows)
    if row is not None:
        ex.facts = [replace(top, text=row), *ex.facts[1:]]
    return ex


def _header(passages: list[str]) -> str:
    """A spreadsheet's header line (its first passage's first line, when it names columns), or ""."""
    line = passages[0].split("\n", 1)[0] if passages else ""
    return line if line and sheet_rows([line], units.is_value) is not None else ""


def _with_header(text: str, head: str) -> str:
    return text if not head or text.startswith(head) else f"{head}\n{text}"


def _headed(ctx: ToolContext, candidates: list[Any]) -> list[Any]:
    """The candidates with their document's first line (read once per file): a spreadsheet's later passages
    with its header line, so that their rows are said with its columns' names ("product: Captan 80 WDG", not
    "18/11/2025,C,Captan 80 WDG,…", which says no chemical); any other later passage with it as its
    ``heading`` ("Maricel - off days & stuff": whose notes every entry is)."""
    firsts: dict[int, str] = {}
    out = []
    for c in candidates:
        if c.file_id not in firsts:
            first = ctx.passages(c.file_id, limit=1)
            firsts[c.file_id] = first[0].lstrip().split("\n", 1)[0] if first else ""
        line = firsts[c.file_id]
        if c.file_name.lower().endswith(TABLES):
            c = replace(c, text=_with_header(c.text, _header([line])))
        elif line and not c.text.lstrip().startswith(line):
            c = replace(c, heading=line)
        out.append(c)
    return out


def _month_cells(query: str, facts: list[factlib.Fact]) -> list[factlib.Fact]:
    """A spreadsheet's row with a column per month, asked of one month, says that month's cell
    (:func:`.months.month_column`): "Groceries, Jan: 386.20", not the whole year's row."""
    cells = [month_column(query, f.text) if f.file_name.lower().endswith(TABLES) else None for f in facts]
    return [replace(f, text=c) if c else f for f, c in zip(facts, cells, strict=True)]


def _file_words(ctx: ToolContext, ws: list[str]) -> frozenset[str]:
    """The words of ``ws`` that some file's path has: they name a thing, not an attribute of it."""
    files = ctx.files()
    return frozenset(w for w in ws if path_matches(w, files))


def _files_with(ctx: ToolContext, term: str) -> set[int]:
    """Ids of the files whose text has ``term`` (a short word whole, a longer one as a prefix too; either in another
    tongue's forms too, "net" as *líquido*; a month also as its papers write it short: "12 Jun 2026")."""
    forms = [term, *gloss.spelled_out(term), *gloss_terms(term)] if len(term) < 4 else fts_terms([term])
    forms += ctx.spelled_natively(term)  # "naxos": Νάξος
    found = ctx.catalog.fts_file_ids([*forms, term[:3]] if is_month(term) and len(term) > 3 else forms)
    parts = [part for part in term.split("-") if len(part) > 2]
    if not found and len(parts) >= 2 and term.replace("-", "").isalpha():  # "parent-teacher": a file that says each
        # of its words ("veli", a parent, "öğretmen"); not a code's parts ("RE-2026-007": every paper says 2026), nor
        # a word and a particle ("top-up": many papers say "top")
        found = set.intersection(*(_files_with(ctx, part) for part in parts))
    return found


def _absent(ctx: ToolContext, terms: list[str]) -> frozenset[str]:
    """The question words that no file has, in its text or its path."""
    names = ctx.files()
    return frozenset(t for t in terms if not t.isdigit() and not _files_with(ctx, t) and not path_matches(t, names))


# "how much was Marcus's year-end bonus?", "what time is our dinner seating (on the cruise)": a thing in a few words
_BEING_ASKED = re.compile(r"(?:how much|what time|what|when)\s*(?:is|was|are|were|'s|’s)\s+(?:[\w'’-]+\s+){0,3}?"
                          r"([^\W\d_]{3,})(?:\s+(?:on|at|in)\s+[\w\s'’-]*)?\W*$|"  # not "X of Y": Y says which X
                          r"what\s+(?:did|does|do|will|would)\s+(?:the\s+|my\s+|our\s+)(?:[\w'’-]+\s+){0,2}?"
                          r"([^\W\d_]{3,})\s+(?:come|comes|came)\s+to\b", re.IGNORECASE)  # "what did the X come to"


_DETERMINERS = ("the", "my", "our", "your", "a", "an", "this", "that")
_BEFORE_THING = (*_DETERMINERS, "for", "of", "in", "on", "at", "about", "with", "from", "to")
_PAPER_WORDS = frozenset(KIND_WORDS) | {"file", "document", "folder", "list", "log", "record", "paper", "form"}
_FOR_WHAT = re.compile(r"\b(?:for|spen[dt]\s+on)\s+(?:the\s+|my\s+|our\s+)?((?:[^\W\d_]+['’]s\s+)?[^\W\d_]{3,}(?:\s+[^\W\d_]{3,})?)(?=\s+(?:in|at|on|for|this|last|from|during|"
                       r"since|before|after)\b|\s*[?.!]*\s*$)", re.IGNORECASE)  # "for clothes in march" ("on my car": where)


def _not_in_files(query: str, terms: list[str], absent_words: frozenset[str], candidates: list[Any],
                  sense: WordSense | None) -> str:
    """Why the files cannot answer: the question's own words are in no file, nor said otherwise in the passages
    found ("tiramisu", "Wayne Enterprises"); empty when they may."""
    terms = [t for t in terms if not adverb(t)]  # "exactly", "really": how it asks, not what about
    absent = [t for t in terms if t in absent_words and t not in HONORIFICS]  # ("Ozan Bey": Ozan)
    if not absent:
        return ""
    # a short form of words a passage found says ("CT": controle_technique_2025.pdf), as its initials
    absent = [t for t in absent if not any(contains(c.named, t) or contains(c.text, t) for c in candidates)]
    nowhere = list(absent)
    seen = passage_words(" ".join(f"{c.text} {c.named}" for c in candidates), limit=1500)
    near = sense.best(absent, seen) if sense is not None and seen and absent else {}
    # "power tool" for a drill, "Portugal" for Porto: said otherwise
    absent = [t for t in absent if near.get(t, (0.0, ""))[0] < senses.MATCH]
    kind_of = _absent_kind(query, [t for t in absent if near.get(t, (0.0, ""))[0] < senses.LOW], candidates, seen)
    if kind_of:  # "Meera's swimming lessons" where the files have piano lessons: another kind of the thing
        return f"no file mentions {kind_of}"
    # a short question, half of it in no file and not said otherwise: not in the files. The attribute asked
    # ("what *model* is my dishwasher", "what *colour* is the drill") is left to the answer's check: a value
    # can say it without the word (a model is a code like "SMS4HVI33E")
    head = asked_words(query)[-1:]
    roles = role_words(query) | person_verbs(query)  # "who supplies my electricity": the firm is asked, its role
    # is rarely written; "what milk am I picking up": the asker's deed, not what the list says
    told = told_aside(query)  # "Is the cat getting fat? What did she weigh?": "fat" is told, not asked
    told |= {stem(w) for m in PENDING.finditer(query) for w in words(m.group())}  # "what's still left": how it asks
    told |= {m[1].lower() for m in SEASONAL.finditer(query)}
    telling = [t for t in absent if t not in head and t not in verify.SUM_ASKED and t not in roles
               and t not in LIGHT_HEADS and t not in gloss.NATIONAL and t not in told]  # "spend": how; "the people who redid my
    # logo": a party, not a topic; "the mexican dip": how the dip is, not a word its recipe must carry
    # a paper's word the question says in a phrase and files have ("what did the government give back": the refund)
    # is what it asks about; the words around the phrase say who gave it, in the user's words, not the paper's
    found_as = [w for w in gloss.phrased(query) if w in terms]
    if telling and not found_as and 0 < len(terms) <= 3 and len(telling) * 2 >= len(terms):
        return f"no file mentions {telling[0]}"
    # the thing the question ends on ("… for the carrot cake", "for project falcon"), in no file and not said
    # otherwise, named after a word the files have: not the lasagna's, whose ragu has 2 carrots ("lisbon hotel
    # booking ref": what it asks; "on my car": the winter tyres say which car)
    end = words(query)[-3:]  # (not a paper's kind: "in my budget sheet" is the sheet the budget is kept in)
    if len(end) == 3 and end[0] in _BEFORE_THING and stem(end[2]) in telling and stem(end[2]) not in _PAPER_WORDS and \
            stem(end[1]) in terms and stem(end[1]) not in absent_words and not found_as and not is_month(end[2]) and \
            end[2] not in WEEKDAYS:
        return f"no file mentions {' '.join(end[1:])}"
    # what a sum is spent or kept for, in no file: "the budget for clothes in march" is not its row for eating out
    for_what = _FOR_WHAT.search(query)
    if for_what and any(stem(w) in telling for w in words(for_what.group(1))) and not found_as:
        return f"no file mentions {for_what.group(1)}"
    # the thing whose value is asked, what the question names last after "how much was" ("how much was Marcus's
    # year-end *bonus*"), in no file and not said otherwise: what is found is the value of something else
    thing = _BEING_ASKED.match(query.strip())
    thing_said = (thing.group(1) or thing.group(2)) if thing else ""
    if thing_said and stem(thing_said.lower()) in telling and not found_as:
        return f"no file mentions {thing_said}"
    # a name the question capitalises ("the Wayne Enterprises invoice") that no file has: names of one kind are
    # close in meaning (Madrid ~ Lisbon), so only the name itself counts, or a place it holds ("Portugal": Porto)
    ws = query.split()
    for i, w in enumerate(ws):
        core = w.strip("?,.!:;'\"()")
        if i == 0 or not core[:1].isupper() or core == "I" or ws[i - 1][-1:] in ".?!:-":
            continue
        low = core.lower()
        if is_month(low) or low in WEEKDAYS or low in gloss.NATIONAL or stem(low) in told or \
                core.isupper() and common(low):  # "the TV": an everyday word in capitals, not a name
            continue  # "in March", "on a Sunday": a time, not a name; "Spanish omelette": a kind, not a name; a
            # name in what the question tells first ("down the South Coast at Easter - by when …"): where, not what
        if (stem(low) in nowhere or low in nowhere) and not (sense is not None and sense.kind_of(low, seen)):
            return f"no file mentions {core}"
    return ""


@tool
def respond(answer: str) -> str:
    """Give the final answer to the user. Only call it when the tool results above contain what is needed.

    Args:
        answer: The complete answer, using only facts from the tool results.
    """
    return answer


ALL_TOOLS = [semantic_search, count_files, list_files, file_metadata, grep_files, directory_tree, folder_stats,
             disk_usage, respond]


def build_registry(ctx: ToolContext, extra: list[Any] | None = None) -> ToolRegistry:
    """The built-in tools (plus any ``extra`` @tool functions), bound to ``ctx``."""
    return ToolRegistry([*ALL_TOOLS, *(extra or [])], ctx=ctx)
