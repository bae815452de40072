"""The filesystem tools: count, list, metadata, grep, tree, folder stats and disk usage, answered
exactly from the catalog, read-only, and confined to the watched roots."""

from __future__ import annotations

import fnmatch
from collections import Counter, defaultdict
from datetime import datetime
from pathlib import Path
from typing import Literal

from ..catalog.records import FileRecord
from .context import ToolContext, confine
from .months import name_dates
from .papers import about as files_about
from .papers import about_file
from .registry import ToolError, ToolOutput, tool
from .router import EXT_WORDS
from .slots import KIND_WORDS as KIND_EXTS
from .wording import fold

KIND_WORDS = {"image": "image", "text": "text", "pdf": "pdf", "doc": "doc", "document": "doc"}
TIME_SPANS = {"week": 7 * 86400, "month": 30 * 86400, "year": 365 * 86400}


def _match_ext(f: FileRecord, extension: str | None) -> bool:
    if not extension:
        return True
    if "," in extension:  # several: "csv,xlsx"
        return any(_match_ext(f, e) for e in extension.split(",") if e.strip())
    e = extension.strip().lower().lstrip("*").lstrip(".")
    if e in KIND_EXTS and len(KIND_EXTS[e]) > 1 and e != "text":
        return f.ext in KIND_EXTS[e] or (e in KIND_WORDS and f.kind == KIND_WORDS[e])
    e = EXT_WORDS.get(e, e)
    if e in KIND_WORDS and f.kind == KIND_WORDS[e]:
        return True
    if e == "jpg" and f.ext in ("jpg", "jpeg"):
        return True
    return f.ext == e


def _ext_label(extension: str | None) -> str:
    if not extension:
        return ""
    e = extension.strip().lower().lstrip("*").lstrip(".")
    e = EXT_WORDS.get(e, e)
    return f"{e} " if e in ("image", "doc", "document") else f".{e} "


def _since(ctx: ToolContext, time_filter: str | None) -> float | None:
    if not time_filter:
        return None
    now = ctx.now()
    if time_filter == "today":
        d = datetime.fromtimestamp(now)
        return datetime(d.year, d.month, d.day).timestamp()
    return now - TIME_SPANS[time_filter]


def _stamp(value: str | None, name: str) -> float | None:
    if not value:
        return None
    try:
        return datetime.fromisoformat(str(value).strip()).timestamp()
    except ValueError as exc:
        raise ToolError(f"{name} must be a date like 2025-03-01, not {value!r}") from exc


def _filter(ctx: ToolContext, files: list[FileRecord], *, extension: str | None = None, time_filter: str | None = None,
            about: str | None = None, modified_after: str | None = None,
            modified_before: str | None = None, name_contains: str | None = None,
            by_name_date: bool = False, in_folder: bool = False) -> list[FileRecord]:
    """``files`` that pass every filter given; in a folder named (``in_folder``), words that no file of it says
    describe the folder's papers and narrow nothing ("how many CFE electricity bills": the CFE folder's recibos)."""
    since = _since(ctx, time_filter)
    after, before = _stamp(modified_after, "modified_after"), _stamp(modified_before, "modified_before")
    # of a month or longer, a file is of the month its name says, when asked so (see :func:`_in_span`)
    by_name = by_name_date and after is not None and before is not None and before - after >= 28 * 86400
    out = [f for f in files if _match_ext(f, extension)
           and (since is None or f.mtime >= since) and _in_span(f, after, before, by_name)
           and (not name_contains or fold(name_contains.lower()) in fold(f.name.lower()))]
    found = files_about(ctx, out, about) if about else out
    return out if in_folder and not found else found


def _in_span(f: FileRecord, after: float | None, before: float | None, by_name: bool) -> bool:
    """Whether ``f`` is of the period from ``after`` to ``before``: ``by_name``, the month its name says
    ("payslip_2025-12.pdf" is no payslip from 2026, whenever it was saved); else the day it last changed."""
    dated = [(y, m) for y, m in name_dates(f.name) if y] if by_name else []
    if dated:
        return any(after <= datetime(y, m, 1).timestamp() < before for y, m in dated)  # (by_name: both are set)
    return (after is None or f.mtime >= after) and (before is None or f.mtime < before)


def _when(ts: float) -> str:
    return datetime.fromtimestamp(ts).strftime("%Y-%m-%d %H:%M")


def human_size(n: int) -> str:
    size = float(n)
    for unit in ("B", "KB", "MB", "GB", "TB"):
        if size < 1024 or unit == "TB":
            return f"{int(size)} {unit}" if unit == "B" else f"{size:.1f} {unit}"
        size /= 1024
    return f"{n} B"  # pragma: no cover


def _under(ctx: ToolContext, files: list[FileRecord], folder: str | None) -> list[FileRecord]:
    if not folder:
        return files
    root, rel = confine(ctx, folder)
    if not rel:
        return [f for f in files if f.root == root]
    prefix = rel.rstrip("/") + "/"
    return [f for f in files if f.root == root and (f.relpath.startswith(prefix) or f.relpath == rel)]


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" + ("" if n == 1 else "s")


_PERIOD = {"today": "today", "week": "in the last 7 days", "month": "in the last 30 days",
           "year": "in the last year"}


# -- tools -----------------------------------------------------------------
@tool
def count_files(ctx: ToolContext, extension: str | None = None,
                time_filter: Literal["today", "week", "month", "year"] | None = None, about: str | None = None,
                modified_after: str | None = None, modified_before: str | None = None,
                folder: str | None = None, name_contains: str | None = None, by_name_date: bool = False) -> ToolOutput:
    """Count files, optionally only one extension or kind, a topic, or a modification period. Use it for "how many" questions.

    Args:
        extension: File extension such as "pdf" or "txt", or a kind: image, text, pdf, doc, spreadsheet. Null for all files.
        time_filter: Only files modified today, this week, this month or this year. Null for any time.
        about: Only files whose name or content has these words, e.g. "acme invoice". Null for any.
        modified_after: Only files modified on or after this date (YYYY-MM-DD). Null for any.
        modified_before: Only files modified before this date (YYYY-MM-DD). Null for any.
        folder: Only files under this folder, relative to the watched folders. Null for everywhere.
        name_contains: Only files whose own name contains this text, e.g. "receipt". Null for any.
        by_name_date: With modified_after and modified_before a month or more apart, a file whose name says a month
            ("payslip_2025-12.pdf") is of that month, whenever it was modified.
    """
    files = _filter(ctx, _under(ctx, ctx.files(), folder), extension=extension, time_filter=time_filter, about=about,
                    modified_after=modified_after, modified_before=modified_before, name_contains=name_contains,
                    by_name_date=by_name_date, in_folder=bool(folder))
    label = _ext_label(extension)
    period = f" modified {_PERIOD[time_filter]}" if time_filter else ""
    text = f"Found {len(files)} {label}file{'' if len(files) == 1 else 's'}{period}."
    return ToolOutput(text, data={"count": len(files), "extension": extension, "time_filter": time_filter,
                            "paths": [str(f.path) for f in files[:50]],
                            "answer": f"You have {len(files)} {label}file{'' if len(files) == 1 else 's'}"
                                            f"{period}.", "kind": "count"})


@tool
def list_files(ctx: ToolContext, extension: str | None = None, limit: int = 10,
               sort_by: Literal["date", "oldest", "size", "smallest", "name"] = "date", folder: str | None = None,
               about: str | None = None, modified_after: str | None = None,
               modified_before: str | None = None, name_contains: str | None = None,
               by_name_date: bool = False) -> ToolOutput:
    """List files, newest first by default, or oldest, largest, smallest first, or by name. Use it for "what files", "recent files", "biggest files", "files about X" questions.

    Args:
        extension: File extension such as "pdf", or a kind: image, text, pdf, doc, spreadsheet. Null for all files.
        limit: How many files to list (1 to 100).
        sort_by: "date" newest first, "oldest" oldest first, "size" largest first, "smallest", or "name".
        folder: Only files under this folder, relative to the watched folders. Null for everywhere.
        about: Only files whose name or content has these words, e.g. "apartment". Null for any.
        modified_after: Only files modified on or after this date (YYYY-MM-DD). Null for any.
        modified_before: Only files modified before this date (YYYY-MM-DD). Null for any.
        name_contains: Only files whose own name contains this text, e.g. "receipt". Null for any.
        by_name_date: With modified_after and modified_before a month or more apart, a file whose name says a month
            ("payslip_2025-12.pdf") is of that month, whenever it was modified.
    """
    limit = max(1, min(int(limit), 100))
    files = _filter(ctx, _under(ctx, ctx.files(), folder), extension=extension, about=about,
                    modified_after=modified_after, modified_before=modified_before, name_contains=name_contains,
                    by_name_date=by_name_date, in_folder=bool(folder))
    if sort_by == "size":
        files.sort(key=lambda f: (-f.size, f.name))
    elif sort_by == "smallest":
        files.sort(key=lambda f: (f.size, f.name))
    elif sort_by == "oldest":
        files.sort(key=lambda f: (f.mtime_ns, f.name))
    elif sort_by == "name":
        files.sort(key=lambda f: f.name.lower())
    else:
        files.sort(key=lambda f: (-f.mtime_ns, f.name))
    shown = files[:limit]
    if not shown:
        text = f"No {_ext_label(extension)}files found."
        return ToolOutput(text, data={"files": [], "count": 0, "answer": text, "kind": "list"})
    lines = [f"{len(files)} {_ext_label(extension)}file(s), showing {len(shown)} by {sort_by}:"]
    lines += [f"- {f.name} ({f.relpath}, {human_size(f.size)}, modified {_when(f.mtime)})" for f in shown]
    names = [f.name for f in shown]
    more = f" and {len(files) - len(shown)} more" if len(files) > len(shown) else ""
    sized = sort_by in ("size", "smallest")
    answer = f"{'Largest' if sort_by == 'size' else 'Smallest' if sort_by == 'smallest' else 'Files'}: " + ", ".join(
        f"{f.name} ({human_size(f.size)})" if sized else f.name for f in shown) + more + "."
    return ToolOutput("\n".join(lines), sources=[str(f.path) for f in shown],
                      data={"files": names, "count": len(files), "answer": answer, "kind": "list",
                            "folders": sorted({f.relpath.rsplit("/", 1)[0] if "/" in f.relpath else "." for f in files})})


@tool
def file_metadata(ctx: ToolContext, name_hint: str, extension: str | None = None) -> ToolOutput:
    """Get a file's size, kind, modification date and index state. Use it for questions about one specific file.

    Args:
        name_hint: The file name, part of it, or its path relative to the watched folders.
        extension: Only a file of this extension or kind, e.g. "pdf" ("the lease PDF"). Null for any.
    """
    hint = name_hint.strip().strip("\"'")
    files = [f for f in ctx.files() if _match_ext(f, extension)]
    if "/" in hint or hint.startswith("~"):
        root, rel = confine(ctx, hint)
        matches = [f for f in files if f.root == root and f.relpath == rel]
    else:
        low = hint.lower()
        matches = [f for f in files if f.name.lower() == low]
        if not matches:
            matches = [f for f in files if low in f.name.lower()]
        if not matches and "." in low:
            stem = low.rsplit(".", 1)[0]
            matches = [f for f in files if stem and stem in f.name.lower()]
    if not matches and "/" not in hint:
        matches = about_file(ctx, hint, keep=lambda f: _match_ext(f, extension))
    if not matches:
        text = f"No file matching '{hint}'."
        return ToolOutput(text, data={"files": [], "answer": text, "kind": "metadata"})
    shown = matches[:5]
    lines = []
    for f in shown:
        lines.append(f"{f.name}: path {f.relpath}, size {human_size(f.size)} ({f.size} bytes), kind {f.kind}, "
                     f"modified {_when(f.mtime)}, {f.state}")
    if len(matches) > len(shown):
        lines.append(f"({len(matches) - len(shown)} more files match)")
    return ToolOutput("\n".join(lines), sources=[str(f.path) for f in shown],
                      data={"files": [f.name for f in shown], "answer": "\n".join(lines), "kind": "metadata"})


@tool
def grep_files(ctx: ToolContext, pattern: str) -> ToolOutput:
    """Find files whose name contains a text (case-insensitive; * and ? wildcards work). Use it to look for files by name.

    Args:
        pattern: Text to look for in file names, e.g. "invoice" or "*.pdf".
    """
    pat = pattern.strip().strip("\"'").lower()
    if not pat:
        raise ToolError("grep_files needs a non-empty pattern")
    if "/" in pat:
        pat = pat.rsplit("/", 1)[-1]
    if any(c in pat for c in "*?["):
        matches = [f for f in ctx.files() if fnmatch.fnmatch(f.name.lower(), pat)]
    else:
        matches = [f for f in ctx.files() if pat in f.name.lower()]
    matches.sort(key=lambda f: f.relpath.lower())
    shown = matches[:50]
    if not shown:
        text = f"No files with '{pattern}' in the name."
        return ToolOutput(text, data={"files": [], "count": 0, "answer": text, "kind": "list"})
    lines = [f"Found {_plural(len(matches), 'file')} with '{pattern}' in the name:"]
    lines += [f"- {f.name} ({f.relpath})" for f in shown]
    more = f" and {len(matches) - len(shown)} more" if len(matches) > len(shown) else ""
    answer = (f"Found {_plural(len(matches), 'file')} with '{pattern}' in the name: "
              + ", ".join(f.name for f in shown[:20]) + (more or ("" if len(shown) <= 20 else " and more")) + ".")
    return ToolOutput("\n".join(lines), sources=[str(f.path) for f in shown],
                      data={"files": [f.name for f in shown], "count": len(matches), "answer": answer,
                            "kind": "list"})


@tool
def directory_tree(ctx: ToolContext, max_depth: int = 2, folder: str | None = None) -> ToolOutput:
    """Show the folder structure with file counts. Use it for "what folders", "directory structure", "how are my files organised" questions.

    Args:
        max_depth: How many folder levels to show (1 to 6).
        folder: Start from this folder, relative to the watched folders. Null for the top.
    """
    max_depth = max(1, min(int(max_depth), 6))
    files = _under(ctx, ctx.files(), folder)
    base = ""
    if folder:
        base = confine(ctx, folder)[1].rstrip("/")
    lines: list[str] = []
    by_root: dict[Path, list[FileRecord]] = defaultdict(list)
    for f in files:
        by_root[f.root].append(f)
    for root in sorted(by_root):
        counts: Counter[str] = Counter()
        leaves: dict[str, list[str]] = defaultdict(list)
        for f in by_root[root]:
            rel = f.relpath[len(base) + 1:] if base else f.relpath
            parts = rel.split("/")
            for depth in range(1, len(parts)):
                counts["/".join(parts[:depth])] += 1
            parent = "/".join(parts[:-1])
            if len(parts) - 1 < max_depth:
                leaves[parent].append(parts[-1])
        title = f"{root.name}/{base}" if base else f"{root.name}/"
        lines.append(f"{title} ({_plural(len(by_root[root]), 'file')})")

        def walk(prefix: str, depth: int, indent: str, counts: Counter[str] = counts,
                 leaves: dict[str, list[str]] = leaves, lines: list[str] = lines) -> None:
            children = sorted({k for k in counts if k.rsplit("/", 1)[0] == prefix and "/" in k}
                              if prefix else {k for k in counts if "/" not in k})
            for child in children:
                lines.append(f"{indent}{child.rsplit('/', 1)[-1]}/ ({_plural(counts[child], 'file')})")
                if depth + 1 < max_depth:
                    walk(child, depth + 1, indent + "  ")
            for name in sorted(leaves.get(prefix, []))[:20]:
                lines.append(f"{indent}{name}")
            if len(leaves.get(prefix, [])) > 20:
                lines.append(f"{indent}… {len(leaves[prefix]) - 20} more files")

        walk("", 0, "  ")
        if len(lines) > 200:
            lines = lines[:200] + ["… (truncated)"]
    text = "\n".join(lines) if lines else "No files are indexed yet."
    top = sorted(k for r in by_root for k in {f.relpath.split("/")[0] for f in by_root[r] if "/" in f.relpath})
    return ToolOutput(text, data={"folders": top, "answer": text, "kind": "tree"})


@tool
def folder_stats(ctx: ToolContext, sort_by: Literal["size", "count", "name"] = "size", limit: int = 10,
                 ascending: bool = False, depth: int | None = None) -> ToolOutput:
    """Total size and file count of each folder (including subfolders). Use it for "which folder is biggest" questions.

    Args:
        sort_by: "size" for largest first, "count" for most files first, "name" for alphabetical.
        limit: How many folders to show (1 to 50).
        ascending: True for the smallest or fewest files first.
        depth: Only folders this deep: 1 for the top folders inside the watched folders. Null for every folder.
    """
    limit = max(1, min(int(limit), 50))
    sizes: Counter[str] = Counter()
    counts: Counter[str] = Counter()
    level: dict[str, int] = {}
    for f in ctx.files():
        parts = f.relpath.split("/")[:-1]
        label_root = f.root.name
        for d in range(0, len(parts) + 1):
            key = "/".join([label_root, *parts[:d]])
            sizes[key] += f.size
            counts[key] += 1
            level[key] = d
    keys = [k for k in counts if depth is None or level[k] == int(depth)]
    sign = 1 if ascending else -1
    if sort_by == "count":
        keys.sort(key=lambda k: (sign * counts[k], k))
    elif sort_by == "name":
        keys.sort()
    else:
        keys.sort(key=lambda k: (sign * sizes[k], k))
    shown = keys[:limit]
    if not shown:
        return ToolOutput("No files are indexed yet.", data={"answer": "No files are indexed yet.", "kind": "stats"})
    lines = [f"{k}/: {human_size(sizes[k])} in {_plural(counts[k], 'file')}" for k in shown]
    return ToolOutput("\n".join(lines), data={"folders": shown, "answer": "\n".join(lines), "kind": "stats",
                                              "sizes": [sizes[k] for k in shown],
                                              "counts": [counts[k] for k in shown]})


@tool
def disk_usage(ctx: ToolContext, folder: str | None = None, extension: str | None = None,
               about: str | None = None) -> ToolOutput:
    """Total size of the watched files, broken down by file type. Use it for "how much space" questions.

    Args:
        folder: Only files under this folder, relative to the watched folders. Null for everywhere.
        extension: Only this extension or kind, e.g. "pdf" or "image". Null for all files.
        about: Only files whose name or content has these words, e.g. "invoice". Null for any.
    """
    files = _filter(ctx, _under(ctx, ctx.files(), folder), extension=extension, about=about, in_folder=bool(folder))
    total = sum(f.size for f in files)
    by_kind: Counter[str] = Counter()
    by_ext: Counter[str] = Counter()
    n_ext: Counter[str] = Counter()
    for f in files:
        by_kind[f.kind] += f.size
        by_ext[f.ext or "(none)"] += f.size
        n_ext[f.ext or "(none)"] += 1
    largest = sorted(files, key=lambda f: (-f.size, f.relpath))[:3]
    lines = [f"Total: {human_size(total)} in {_plural(len(files), 'file')}."]
    lines += [f"- {ext}: {human_size(size)} ({_plural(n_ext[ext], 'file')})" for ext, size in by_ext.most_common(10)]
    return ToolOutput("\n".join(lines), data={"total_bytes": total, "files": [], "count": len(files),
                                              "folder": folder, "extension": extension, "about": about,
                                              "largest": [(f.name, f.size) for f in largest],
                                              "answer": "\n".join(lines), "kind": "usage"})
