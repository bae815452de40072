"""Answers without the model: the planner's tool calls, and a plain answer built from their results.

``calls_for(plan, ctx, history)`` turns a :class:`~.planner.Plan` into tool calls
(only arguments the question gave: nothing is invented); ``compose(plan,
results)`` writes the answer from what the tools returned, with the files it
cites. Filesystem intents are exact; content questions get the extracted
sentence (:mod:`.facts`) or a decline.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any

from .askwords import CHANGE_WORDS, FILE_DOINGS
from .fstools import human_size
from .kinds import _ASKED_AS, is_cue, says_shape, typed_by
from .layout import row_cells
from .months import asked_months, days
from .parse import ToolCall
from .plan import Plan, kind_label
from .registry import ToolResult
from .retrieve import contains
from .shapes import TYPE_PATTERNS
from .slots import GENERIC, Slots, words
from .whereabouts import asks_where

DECLINE = "I found nothing about {topic} in your files."


@dataclass
class Direct:
    calls: list[ToolCall]
    plan: Plan
    question: str  # the question the calls answer (a follow-up's, resolved)
    note: str = ""
    restrict: list[str] = field(default_factory=list)  # paths a follow-up is about
    fallback: list[ToolCall] = field(default_factory=list)  # run when the calls find nothing
    avoid: str = ""  # the previous answer: a follow-up asks for something else
    asks: list[str] = field(default_factory=list)  # the follow-up's own words: a repeated fact saying one answers
    again: bool = False  # the follow-up asks the same kind of value as the one ``avoid`` gave: another one
    said: str = ""  # the previous answer, which already says what the follow-up asks: no call, that answer again


def _iso(ts: float | None) -> str | None:
    return datetime.fromtimestamp(ts).isoformat(timespec="seconds") if ts is not None else None


def _filters(slots: Slots, question: str = "") -> dict[str, Any]:
    args: dict[str, Any] = {}
    if slots.extensions:
        args["extension"] = slots.kind_word if slots.kind_word and len(slots.extensions) > 1 else slots.extensions[0]
    if slots.topics or slots.year:  # and the year they are of ("Anjali's 2026 payslips")
        args["about"] = " ".join(slots.topics + ([str(slots.year)] if slots.year else []))
    if slots.named:
        args["name_contains"] = slots.named
    if slots.time:
        if slots.time.since is not None:
            args["modified_after"] = _iso(slots.time.since)
        if slots.time.until is not None:
            args["modified_before"] = _iso(slots.time.until)
        if slots.time.since is not None and slots.time.until is not None and not CHANGE_WORDS & set(words(question)):
            args["by_name_date"] = True  # "payslips from 2026": of 2026 by their names; "files I modified": by the day
    return args


TOP_LEVEL = re.compile(r"\b(?:top|main|top-level|first-level|upper)\b")
_SORT = {("size", True): "size", ("size", False): "smallest", ("date", True): "date", ("date", False): "oldest",
         ("name", False): "name", ("name", True): "name"}


def _nested(lines: list[str]) -> dict[str, str]:
    """Each top-level subfolder line of a tree, with the names right inside it: "Trip/ (2 files: a.pdf, b.md)"."""
    out: dict[str, str] = {}
    head = ""
    for ln in lines:
        depth = (len(ln) - len(ln.lstrip(" "))) // 2
        if depth == 1:
            head = ln.strip()
            out[head] = head
        elif depth == 2 and head.endswith(")"):
            name = re.sub(r" \(\d+ files?\)$", "", ln.strip())  # a folder's count, not "invoice (3).pdf"
            out[head] = out[head][:-1] + (": " if out[head] == head else ", ") + name + ")"
    return out


def _fitted(head: str, items: list[str], most: int = 300) -> str:
    """``head`` and as many of ``items`` as fit in ``most`` characters, then how many more there are."""
    out: list[str] = []
    for n, item in enumerate(items):
        if len(head) + len(", ".join([*out, item])) + len(f" and {len(items) - n} more.") > most:
            return head + ", ".join(out) + f" and {len(items) - n} more."
        out.append(item)
    return head + ", ".join(out) + "."


def calls_for(plan: Plan, question: str) -> list[ToolCall]:
    s = plan.slots
    i = plan.intent
    where = {"folder": plan.folder} if plan.folder else {}
    if i == "count":
        return [ToolCall("count_files", {**_filters(s, question), **where}, id="planner_0", fmt="planner")]
    if i == "list":
        args = {**_filters(s, question), **where}
        args["sort_by"] = _SORT.get(s.sort, "date") if s.sort else ("name" if plan.folder else "date")
        args["limit"] = s.limit or (50 if plan.folder else 10)
        return [ToolCall("list_files", args, id="planner_0", fmt="planner")]
    if i == "metadata" and plan.name is not None:
        return [ToolCall("file_metadata", {"name_hint": plan.name.file.relpath}, id="planner_0", fmt="planner")]
    if i == "metadata" and s.topics:  # "how large is the social security letter": the file that says so (of the
        ext = {"extension": _filters(s)["extension"]} if s.extensions else {}  # kind said: "the lease PDF")
        return [ToolCall("file_metadata", {"name_hint": " ".join(s.topics), **ext}, id="planner_0", fmt="planner")]
    if i == "tree":
        return [ToolCall("directory_tree", {"max_depth": 2, **where}, id="planner_0", fmt="planner")]
    if i == "folders":
        args = {"sort_by": s.sort[0] if s.sort and s.sort[0] in ("size", "count") else "size", "limit": 10}
        if s.sort and not s.sort[1]:
            args["ascending"] = True
        if TOP_LEVEL.search(" ".join(words(question))):
            args["depth"] = 1
        return [ToolCall("folder_stats", args, id="planner_0", fmt="planner")]
    if i == "disk":
        args = dict(where)
        if s.extensions:
            args["extension"] = _filters(s)["extension"]
        if plan.about:  # "how much space do my invoices take": the files its word names
            args["about"] = plan.about
        return [ToolCall("disk_usage", args, id="planner_0", fmt="planner")]
    args = {"query": question}
    if plan.name is not None and plan.name.score >= 99:  # the question wrote the file's exact name
        args["in_file"] = plan.name.file.relpath
    return [ToolCall("semantic_search", args, id="planner_0", fmt="planner")]


def planned(plan: Plan, question: str) -> Direct:
    """The planner's calls as a :class:`Direct`; a content question whose every topic word is in one file's name
    ("what's on my shopping list") is asked inside that file first, then everywhere if it says nothing."""
    d = Direct(calls_for(plan, question), plan, question)
    everywhere = ToolCall("semantic_search", {"query": question}, id="planner_1", fmt="planner")
    # not with a period: "what did I spend on books in march" is the budget's March row, not books_to_read.md
    if plan.intent == "content" and plan.whole_name and plan.name is not None and plan.name.score < 99 \
            and not plan.slots.time:
        d.calls = [ToolCall("semantic_search", {"query": question, "in_file": plan.name.file.relpath},
                            id="planner_0", fmt="planner")]
        d.restrict = [str(plan.name.file.path)]
        d.fallback = [everywhere]
    elif plan.where:  # no file's path or text says all of it: the one file plainly about it, and its folder
        d.fallback = [ToolCall("file_metadata", {"name_hint": " ".join(plan.slots.topics)}, id="planner_1",
                               fmt="planner")]
    elif plan.intent == "list" and not (plan.slots.extensions or plan.folder or FILE_DOINGS & set(words(question))):
        # no file fits the list ("On the May speeding fine, what speed was retained?": no file about all of it):
        # the question may ask what a file says, so its words are looked for in the files' text before "no files"
        # (not when it asks what was done to files: "what have I changed this week?" may have no answer but none)
        d.fallback = [everywhere]
    return d


def found_nothing(res: ToolResult) -> bool:
    """Whether a planned call found nothing, so its :attr:`Direct.fallback` runs: it failed, the search declined,
    or the list is empty."""
    return not res.ok or bool(res.output.data.get("declined")) or \
        res.name == "list_files" and not res.output.data.get("files")


# -- answers -------------------------------------------------------------------
def _period(slots: Slots) -> str:
    return f" {slots.time.label}" if slots.time else ""


def compose(plan: Plan, question: str, results: list[ToolResult]) -> tuple[str, list[str]]:
    """(answer, cited paths) from the planner's tool results."""
    ok = [r for r in results if r.ok]
    if not ok:
        err = next((r.error for r in results if r.error), "no tool answered")
        return f"I couldn't get that from your files: {err}", []
    r = ok[-1]
    data = r.output.data
    s = plan.slots
    label = kind_label(s)
    about = f" about {' '.join(s.topics)}" if s.topics else ""
    about += f" with '{s.named}' in the name" if s.named else ""
    if r.name == "count_files":
        n = int(data["count"])
        noun = f"{label} file" if label else "file"
        text = f"You have {n} {noun}{'' if n == 1 else 's'}{about}{_period(s)}."
        paths = list(data.get("paths", []))
        if 0 < n <= 5:
            text = text[:-1] + ": " + ", ".join(Path(p).name for p in paths) + "."
        return text, paths if n <= 5 else []
    if r.name == "list_files" or plan.where and not data.get("files"):  # (nor one file plainly about it)
        names = list(data.get("files", []))
        if not names:
            what = f"{label} files" if label else "files"  # (of no topic, "no files this year" says no refusal)
            return f"I found no {'' if about else 'matching '}{what}{about}{_period(s)} in your files.", []
        if asks_where(question) and 0 < len(data.get("folders", [])) <= 2:  # "where are the receipts filed"
            folders = [f if f != "." else "the top folder" for f in data["folders"]]
            placed = f"In {' and '.join(folders)}: {str(data.get('answer')).removeprefix('Files: ')}"
            if len(placed) <= 300:
                return placed, list(r.output.sources)
        return str(data.get("answer")), list(r.output.sources)
    if r.name == "file_metadata":
        return _metadata_answer(question, r), list(r.output.sources)[:1]
    if r.name == "directory_tree":
        lines = r.output.text.splitlines()
        first = lines[0] if lines else ""
        top = [ln.strip() for ln in lines[1:] if ln.startswith("  ") and not ln.startswith("    ")]
        subs = [t for t in top if t.endswith(")") and "/ (" in t]
        # its subfolders, then the files right inside it ("what's inside Work" names Work's loose files too)
        shown = subs + [t for t in top if t not in subs and not t.startswith("…")]
        inner = _nested(lines[1:])  # and what the subfolders hold, when all of it fits
        whole = f"{first}: " + ", ".join(inner.get(t, t) for t in shown) + "."
        if shown and len(whole) <= 300:
            return whole, []
        if shown:
            return _fitted(f"{first}: ", shown), []
        return r.output.text[:300], []
    if r.name == "folder_stats" and s.sort and data.get("folders"):
        return _folder_answer(r), []
    if r.name == "folder_stats":
        lines = r.output.text.splitlines()
        return ("Folders by " + ("file count" if r.args.get("sort_by") == "count" else "size") + ": "
                + "; ".join(lines[:6]) + "."), []
    if r.name == "disk_usage":
        lines = r.output.text.splitlines()
        total = int(data.get("total_bytes", 0))
        scope = data.get("folder") or ""
        what = f"{label} files" if label else "files"
        what += f" about {data['about']}" if data.get("about") else ""
        if scope or label or data.get("about"):
            where = f" in {scope}" if scope else ""
            big = [f"{n} ({human_size(b)})" for n, b in data.get("largest", [])[:3]]
            return (f"The {int(data.get('count', 0))} {what}{where} use {human_size(total)} "
                    f"({total:,} bytes)." + (f" Largest: {', '.join(big)}." if len(big) > 1 else "")), []
        return " ".join(lines[:1]) + " Largest types: " + ", ".join(ln.lstrip("- ") for ln in lines[1:4]) + ".", []
    if r.name == "semantic_search":
        if data.get("declined") or not data.get("facts"):
            return str(data.get("answer") or DECLINE.format(topic=question)), []
        top = data.get("top_source")
        return str(data.get("answer")), [top] if top else list(r.output.sources)[:1]
    return str(data.get("answer") or r.output.text), list(r.output.sources)


def _folder_answer(r: ToolResult) -> str:
    """"Recipes uses the least space: 919 B in 6 files. Next: …" for a which-folder question."""
    data = r.output.data
    by_count = r.args.get("sort_by") == "count"
    up = bool(r.args.get("ascending"))
    rows = list(zip(data["folders"], data["sizes"], data["counts"], strict=True))
    if len(rows) > 1 and "/" not in rows[0][0] and r.args.get("depth") is None and not up:
        rows = rows[1:]  # the watched folder itself holds everything: not an answer to "which folder"

    def label(key: str) -> str:
        return key.split("/", 1)[1] if "/" in key else key

    def size(n: int) -> str:
        return human_size(n)

    def files(n: int) -> str:
        return f"{n} file{'' if n == 1 else 's'}"

    what = ("the fewest files" if up else "the most files") if by_count else ("the least space" if up else
                                                                           "the most space")
    name, b, n = rows[0]
    text = f"{label(name)} {'has' if by_count else 'uses'} {what}: {size(b)} in {files(n)}."
    rest = [f"{label(k)} ({files(c) if by_count else size(x)})" for k, x, c in rows[1:4]]
    return text + (" Next: " + ", ".join(rest) + "." if rest else "")


def _metadata_answer(question: str, r: ToolResult) -> str:
    line = r.output.text.splitlines()[0] if r.output.text else ""
    if ":" not in line:
        return line
    name, rest = line.split(":", 1)
    fields = dict(part.strip().split(" ", 1) for part in rest.split(", ") if " " in part.strip())
    if asks_where(question):
        path = fields.get("path", name)
        folder = path.rsplit("/", 1)[0] if "/" in path else "the top folder"
        return f"{name} is in {folder} ({path})."
    ws = set(words(question))
    if "when" in ws:  # "when was the Big Bend packing list last updated": its date, whatever its folder is called
        ws -= {"big", "large", "heavy"}
    if ws & {"big", "large", "size", "heavy", "bytes", "byte", "mb", "kb"}:
        return f"{name} is {fields.get('size', '?')} ({fields.get('path', name)})."
    if ws & {"when", "date", "modified", "edited", "changed", "updated", "touched", "touch", "saved", "last", "old"}:
        return f"{name} was last modified on {fields.get('modified', '?')} ({fields.get('path', name)})."
    return line


MoreFacts = Callable[[str, str], list[tuple[str, str, str]]]  # (query, path) -> [(fact, path, file name)]


def answer(planned: Direct, results: list[ToolResult], more: MoreFacts | None = None) -> tuple[str, list[str]]:
    """The composed answer; for a follow-up, never the very fact the previous answer gave.

    ``more`` reads further facts of a file when the tool's few best ones are all the repeated fact.
    """
    if planned.said:  # "what time does it start?" after "Fri 23 Oct | Sports day - starts at 08:30"
        return planned.said, list(planned.restrict)
    text, sources = compose(planned.plan, planned.question, results)
    # a follow-up that names no other time nor more than what it asks ("and the return flight …": another row)
    same_row = bool(planned.avoid and sources) and sum(not is_cue(a) for a in planned.asks) <= 1 and \
        not re.search(r"\d", planned.question) and not asked_months(planned.question)[0]
    cell = _cell_of(text, planned.avoid) if same_row else ""
    if cell:  # "what time does it land?" after the outward flight's row: its "Arrive", not the return's
        return f"{cell}. (from {fact_and_source(text)[1]})", sources
    kind, asked = typed_by(planned.question)
    if not planned.avoid or not sources or not _repeats(text, planned.avoid, kind):
        return text, sources
    if any(contains(_fact(text), w) for w in planned.asks) or RECORD.match(_fact(text)):
        return text, sources  # "and what did I actually spend?": the same table row holds the other column
    if asked_months(planned.question)[0] & {m for m, _ in days(_fact(text))}:
        return text, sources  # "and what's it going up to from July?" after "new rate from 01/07/2026: 690"
    said = text.rsplit(" (from ", 1)[0]
    own = [t for t in planned.plan.slots.topics if t not in _ASKED_AS and t not in GENERIC]  # "what time?", "how long?"
    shaped = [t for t in own if says_shape(t, said)]  # "what's his phone number?" after the line with it
    if asked and kind and not set(own) - set(shaped) and (TYPE_PATTERNS[kind].search(said) or shaped) and \
            not planned.again:  # asked a sum again ("how much have they paid?"): another sum
        return text, sources  # "what time?" after "Check-in: 12 May, 15:00": the answer already says it
    if kind in ("date", "time") and all(is_cue(t) for t in own) and len(TYPE_PATTERNS[kind].findall(said)) >= 2:
        return text, sources  # "what time does it end?" after "… from 8.00 am to 1.00 pm": it says both ends
    r = next((r for r in reversed(results) if r.ok and r.name == "semantic_search"), None)
    facts: list[tuple[str, str, str]] = []
    if r is not None:
        for name, items in (r.output.data.get("facts") or {}).items():
            path = next((s for s in r.output.sources if Path(s).name == name), sources[0])
            facts += [(item, path, name) for item in items]
    if more is not None:
        facts += more(planned.question, sources[0])
    for item, path, name in facts:
        if not _same_fact(item, planned.avoid):
            item = item.rstrip()
            end = "" if item[-1:] in ".!?…" else "."
            return f"{item}{end} (from {name})", [path]
    return text, sources


RECORD = re.compile(r"^[^:,]{1,40}: [^,]{1,60}(?:, [^:,]{1,40}: [^,]{1,60}){2,}$")  # a table row: "h: v, h: v, h: v"


def _cell_of(text: str, previous: str) -> str:
    """The cell of the previous answer's table row with the label of the answer's own cell ("Arrive: 11:25" of
    the row answered before, for "Arrive: 15:05" of another row of the same file); "" when either is no such
    cell or row."""
    (own, source), (row, before) = fact_and_source(text), fact_and_source(previous)
    cell = row_cells(own)
    if len(cell) != 1 or not source or source != before or not RECORD.match(row):
        return ""
    mine = [f"{h}: {v}" for h, v in row_cells(row) if h == cell[0][0]]
    return mine[0] if len(mine) == 1 and mine[0] != own else ""


def fact_and_source(answer: str) -> tuple[str, str]:
    """An answer's fact and the file it names: "Arrive: 11:25. (from b.pdf)" -> ("Arrive: 11:25", "b.pdf")."""
    fact, _, source = answer.rpartition(" (from ")
    return (fact.rstrip("."), source.rstrip(")")) if fact else (answer.rstrip("."), "")


def _repeats(text: str, previous: str, kind: str | None) -> bool:
    """Whether an answer gives the previous answer's fact again; not when it is that fact's fuller line with a value
    of the kind asked that the previous lacked ("where's it being played?" after "Whitby Winter Classic - Dec 12-14":
    its line with the venue)."""
    if not _same_fact(text, previous):
        return False
    pattern = TYPE_PATTERNS.get(kind or "")
    return not (pattern and _fact(previous) in _fact(text) and pattern.search(fact_and_source(text)[0])
                and not pattern.search(fact_and_source(previous)[0]))


def _same_fact(a: str, b: str) -> bool:
    """Whether two answers give the same fact (one's text holds the other's, "(from file)" aside)."""
    fa, fb = _fact(a), _fact(b)
    return bool(fa) and bool(fb) and (fa in fb or fb in fa)


def _fact(answer: str) -> str:
    return " ".join(answer.rsplit(" (from ", 1)[0].split()).rstrip(".!?…").lower()
