"""Answers without the model: the planner's tool calls, and a plain answer built from their results.

``calls_for(plan, ctx, history)`` turns a :class:`~.planner.Plan` into tool calls
(only arguments the question gave: nothing is invented); ``compose(plan,
results)`` writes the answer from what the tools returned, with the files it
cites. Filesystem intents are exact; content questions get the extracted
sentence (:mod:`.facts`) or a decline.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any

from .facts import wanted_type
from .parse import ToolCall
from .planner import FILE_INTENTS, Plan, find_folder, kind_label
from .registry import ToolResult
from .slots import Slots, rank_names, read_slots, stem, words
from .tools import human_size

DECLINE = "I found nothing about {topic} in your files."


@dataclass
class Direct:
    calls: list[ToolCall]
    plan: Plan
    question: str  # the question the calls answer (a follow-up's, resolved)
    note: str = ""
    restrict: list[str] = field(default_factory=list)  # paths a follow-up is about
    fallback: list[ToolCall] = field(default_factory=list)  # run when the calls find nothing


def _iso(ts: float | None) -> str | None:
    return datetime.fromtimestamp(ts).isoformat(timespec="seconds") if ts is not None else None


def _filters(slots: Slots) -> dict[str, Any]:
    args: dict[str, Any] = {}
    if slots.extensions:
        args["extension"] = slots.kind_word if slots.kind_word and len(slots.extensions) > 1 else slots.extensions[0]
    if slots.topics:
        args["about"] = " ".join(slots.topics)
    if slots.time:
        if slots.time.since is not None:
            args["modified_after"] = _iso(slots.time.since)
        if slots.time.until is not None:
            args["modified_before"] = _iso(slots.time.until)
    return args


_SORT = {("size", True): "size", ("size", False): "smallest", ("date", True): "date", ("date", False): "oldest",
         ("name", False): "name", ("name", True): "name"}


def calls_for(plan: Plan, question: str) -> list[ToolCall]:
    s = plan.slots
    i = plan.intent
    where = {"folder": plan.folder} if plan.folder else {}
    if i == "count":
        return [ToolCall("count_files", {**_filters(s), **where}, id="planner_0", fmt="planner")]
    if i == "list":
        args = {**_filters(s), **where}
        args["sort_by"] = _SORT.get(s.sort, "date") if s.sort else ("name" if plan.folder else "date")
        args["limit"] = s.limit or (50 if plan.folder else 10)
        return [ToolCall("list_files", args, id="planner_0", fmt="planner")]
    if i == "metadata" and plan.name is not None:
        return [ToolCall("file_metadata", {"name_hint": plan.name.file.relpath}, id="planner_0", fmt="planner")]
    if i == "tree":
        return [ToolCall("directory_tree", {"max_depth": 2, **where}, id="planner_0", fmt="planner")]
    if i == "folders":
        by = "count" if "most files" in " ".join(words(question)) else "size"
        return [ToolCall("folder_stats", {"sort_by": by, "limit": 10}, id="planner_0", fmt="planner")]
    if i == "disk":
        args = dict(where)
        if s.extensions:
            args["extension"] = _filters(s)["extension"]
        return [ToolCall("disk_usage", args, id="planner_0", fmt="planner")]
    args = {"query": question}
    if plan.name is not None and plan.name.score >= 99:  # the question wrote the file's exact name
        args["in_file"] = plan.name.file.relpath
    return [ToolCall("semantic_search", args, id="planner_0", fmt="planner")]


# -- follow-ups ----------------------------------------------------------------
def resolve_followup(plan: Plan, question: str, files: list[Any], now: float) -> Direct:
    """A follow-up continues the previous turn: its files, its intent, its slots with the new ones."""
    base = plan.base
    bplan: Plan | None = getattr(base, "plan", None)
    q = " ".join(words(question))
    base_paths = list(getattr(base, "paths", []) or [])
    if bplan is None:
        fresh = Plan("content", 0.0, read_slots(question, now), question=question)
        return Direct(calls_for(fresh, f"{question} {base.question}"), fresh, f"{question} {base.question}")
    new = read_slots(question, now)
    folder = find_folder(question, files)
    # "and Recipes?" after "how much space do the photos use": the same question about another folder
    if folder and bplan.intent in FILE_INTENTS:
        slots = Slots(**{**bplan.slots.__dict__})
        slots.extensions, slots.kind_word = new.extensions, new.kind_word
        p = Plan(bplan.intent if bplan.intent != "folders" else "disk", 1.0, slots, question=base.question,
                 folder=folder)
        return Direct(calls_for(p, base.question), p, base.question)
    # "which ones?" / "list them" after a count or a list: the same files, listed
    if bplan.intent in ("count", "list") and not new.topics and not new.extensions and not new.time:
        p = Plan("list", 1.0, bplan.slots, question=base.question, folder=bplan.folder)
        p.slots.limit = 50
        return Direct(calls_for(p, base.question), p, base.question)
    # "the globex one": one of the previous turn's files
    base_files = [f for f in files if str(f.path) in set(base_paths)]
    picked = rank_names(new.topics, base_files) if new.topics and base_files else []
    if picked and (len(picked) == 1 or picked[0].score > picked[1].score):
        f = picked[0].file
        if wanted_type(question) is not None:  # "how much is the globex one?": its own question, in that file
            p = Plan("content", 1.0, new, question=question)
            return Direct([ToolCall("semantic_search", {"query": question, "in_file": f.relpath},
                                    id="planner_0", fmt="planner")], p, question, restrict=[str(f.path)])
        if bplan.intent in ("content", "followup"):
            p = Plan("content", 1.0, bplan.slots, question=base.question)
            return Direct([ToolCall("semantic_search", {"query": base.question, "in_file": f.relpath},
                                    id="planner_0", fmt="planner")], p, base.question, restrict=[str(f.path)])
        p = Plan("metadata", 1.0, bplan.slots, question=base.question)
        return Direct([ToolCall("file_metadata", {"name_hint": f.relpath}, id="planner_0", fmt="planner")], p,
                      base.question)
    # "who was there?" / "and when do I leave?" after a content answer: a new question about the same file
    top = (getattr(base, "sources", None) or [None])[0]
    top_file = next((f for f in files if str(f.path) == top), None) if top else None
    if bplan.intent in ("content", "followup") and top_file is not None and (wanted_type(question) or new.topics):
        kept = _replace_topic(bplan.slots.topics, [], [top]) if new.topics else bplan.slots.topics
        resolved = f"{question} {' '.join(kept)}".strip()
        p = Plan("content", 1.0, new, question=resolved)
        return Direct([ToolCall("semantic_search", {"query": resolved, "in_file": top_file.relpath},
                                id="planner_0", fmt="planner")], p, resolved, restrict=[str(top_file.path)],
                      fallback=[ToolCall("semantic_search", {"query": resolved}, id="planner_1", fmt="planner")])
    # "and for support?" / "what about PDFs?" / "in March?": the previous question with the new slots
    slots = Slots(**{**bplan.slots.__dict__})
    if new.extensions:
        slots.extensions, slots.kind_word = new.extensions, new.kind_word
    if new.time:
        slots.time = new.time
    if new.sort:
        slots.sort = new.sort
    if new.topics:
        slots.topics = _replace_topic(bplan.slots.topics, new.topics, base_paths)
    resolved = _reword(base.question, bplan.slots.topics, slots.topics, q)
    p = Plan(bplan.intent if bplan.intent != "followup" else "content", 1.0, slots, question=resolved,
             name=bplan.name if not new.topics else None)
    if p.intent == "metadata" and p.name is None:
        match = rank_names(slots.topics, files)
        if match:
            p.name = match[0]
        else:
            p.intent = "content"
    return Direct(calls_for(p, resolved), p, resolved)


def _replace_topic(old: list[str], new: list[str], base_paths: list[str]) -> list[str]:
    """The new words take the place of the old topic word that does not name the previous files."""
    named = {stem(w) for p in base_paths for w in words(Path(p).name.replace("_", " "))}
    keep = [t for t in old if t in named]
    return keep + [t for t in new if t not in keep]


def _reword(base_question: str, old: list[str], new: list[str], followup: str) -> str:
    if not new or new == old:
        return f"{base_question} {followup}".strip()
    gone = [t for t in old if t not in new]
    out = []
    replaced = False
    for w in base_question.split():
        core = stem(w.strip("?,.!:;'\"").lower())
        if core in gone and not replaced:
            out.append(" ".join(t for t in new if t not in old))
            replaced = True
        elif core in gone:
            continue
        else:
            out.append(w)
    if not replaced:
        out.append(" ".join(t for t in new if t not in old))
    return " ".join(out)


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
    if r.name == "count_files":
        n = int(data["count"])
        noun = f"{label} file" if label else "file"
        text = f"You have {n} {noun}{'' if n == 1 else 's'}{about}{_period(s)}."
        paths = list(data.get("paths", []))
        if 0 < n <= 5:
            text = text[:-1] + ": " + ", ".join(Path(p).name for p in paths) + "."
        return text, paths if n <= 5 else []
    if r.name == "list_files":
        names = list(data.get("files", []))
        if not names:
            what = f"{label} files" if label else "files"
            return f"I found no {what}{about}{_period(s)} in your files.", []
        return str(data.get("answer")), list(r.output.sources)
    if r.name == "file_metadata":
        return _metadata_answer(question, r), list(r.output.sources)[:1]
    if r.name == "directory_tree":
        lines = r.output.text.splitlines()
        first = lines[0] if lines else ""
        top = [ln.strip() for ln in lines[1:] if ln.startswith("  ") and not ln.startswith("    ")]
        subs = [t for t in top if t.endswith(")") and "/ (" in t]
        shown = subs or top
        if shown:
            return (f"{first}: " + ", ".join(shown[:12]) + ("…" if len(shown) > 12 else "") + ".")[:300], []
        return r.output.text[:300], []
    if r.name == "folder_stats":
        lines = r.output.text.splitlines()
        return ("Folders by " + ("file count" if r.args.get("sort_by") == "count" else "size") + ": "
                + "; ".join(lines[:6]) + "."), []
    if r.name == "disk_usage":
        lines = r.output.text.splitlines()
        total = int(data.get("total_bytes", 0))
        scope = data.get("folder") or ""
        what = f"{label} files" if label else "files"
        if scope or label:
            where = f" in {scope}" if scope else ""
            return (f"The {int(data.get('count', 0))} {what}{where} use {human_size(total)} "
                    f"({total:,} bytes)."), []
        return " ".join(lines[:1]) + " Largest types: " + ", ".join(ln.lstrip("- ") for ln in lines[1:4]) + ".", []
    if r.name == "semantic_search":
        if data.get("declined") or not data.get("facts"):
            return str(data.get("answer") or DECLINE.format(topic=question)), []
        top = data.get("top_source")
        return str(data.get("answer")), [top] if top else list(r.output.sources)[:1]
    return str(data.get("answer") or r.output.text), list(r.output.sources)


def _metadata_answer(question: str, r: ToolResult) -> str:
    line = r.output.text.splitlines()[0] if r.output.text else ""
    if ":" not in line:
        return line
    name, rest = line.split(":", 1)
    fields = dict(part.strip().split(" ", 1) for part in rest.split(", ") if " " in part.strip())
    ws = set(words(question))
    if ws & {"where", "folder", "located", "stored", "path", "directory", "location"}:
        path = fields.get("path", name)
        folder = path.rsplit("/", 1)[0] if "/" in path else "the top folder"
        return f"{name} is in {folder} ({path})."
    if ws & {"big", "large", "size", "heavy", "bytes", "byte", "mb", "kb"}:
        return f"{name} is {fields.get('size', '?')} ({fields.get('path', name)})."
    if ws & {"when", "date", "modified", "edited", "changed", "updated", "touched", "touch", "saved", "last", "old"}:
        return f"{name} was last modified on {fields.get('modified', '?')} ({fields.get('path', name)})."
    if ws & {"big", "large", "size", "heavy", "bytes", "mb", "kb"}:
        return f"{name} is {fields.get('size', '?')} ({fields.get('path', name)})."
    return line
