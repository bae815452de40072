"""Deterministic keyword routing: the safety net when the model calls no tool.

Rules, first match wins:

* "how much space", "disk usage", "storage"       -> disk_usage()
* "which folder is biggest", "folder sizes"       -> folder_stats(sort_by="size")
* "biggest/largest/smallest files"                -> list_files(sort_by="size")
* "how many", "count", "number of"                -> count_files(extension, time_filter)
* "folder structure", "tree", "what folders"      -> directory_tree(max_depth=2)
* "files named X", "with X in the name"           -> grep_files(pattern=X)
* "list files", "recent files", "what files"      -> list_files(extension, limit, sort_by="date")
* "when was X modified", "how big is X", "size of" -> file_metadata(name_hint)
* everything else                                 -> semantic_search(query)
"""

from __future__ import annotations

import re
from typing import Any

from .wording import lower

# words the user might say -> extension or kind understood by the file tools
EXT_WORDS: dict[str, str] = {
    "pdf": "pdf", "pdfs": "pdf",
    "txt": "txt", "text": "txt", "texts": "txt",
    "py": "py", "python": "py",
    "md": "md", "markdown": "md",
    "csv": "csv", "csvs": "csv", "spreadsheet": "csv", "spreadsheets": "csv",
    "json": "json", "xml": "xml", "html": "html",
    "doc": "doc", "docx": "docx", "word": "docx",
    "xls": "xls", "xlsx": "xlsx", "excel": "xlsx",
    "png": "png", "pngs": "png", "jpg": "jpg", "jpgs": "jpg", "jpeg": "jpeg", "heic": "heic", "gif": "gif",
    "image": "image", "images": "image", "photo": "image", "photos": "image", "picture": "image",
    "pictures": "image", "pics": "image", "screenshots": "image",
}

TIME_WORDS: list[tuple[str, str]] = [
    (r"\btoday\b", "today"),
    (r"\b(this|last|past)\s+week\b|\blast\s+7\s+days\b", "week"),
    (r"\b(this|last|past)\s+month\b|\blast\s+30\s+days\b", "month"),
    (r"\b(this|last|past)\s+year\b", "year"),
]

STOPWORDS = frozenset("""
a an the is are was were be been am do does did have has had i me my mine you your we our us it its
of in on at to for from by with about into over under and or not no any all some this that these those
there here what which who whom whose when where why how many much more most less few can could would
should will shall may might must please tell show give find list get see look search let know need want
any anything something file files document documents folder folders directory directories me? thing things
named called name names containing contain contains inside within per each every just only also than
aren isn don doesn didn wasn weren haven hasn won shouldn couldn wouldn yes okay ok thanks got have
""".split())

_WORD = re.compile(r"[a-z0-9][a-z0-9_\-]*")


def words(text: str) -> list[str]:
    return _WORD.findall(lower(text).replace(".", " . "))


def detect_extension(query: str) -> str | None:
    """An extension (or file kind) mentioned in the query, e.g. "how many PDFs" -> "pdf"."""
    q = query.lower()
    m = re.search(r"(?:^|[\s(*\"'])\.([a-z0-9]{2,5})\b", q)
    if m:
        return EXT_WORDS.get(m.group(1), m.group(1))
    for w in re.findall(r"[a-z0-9]+", q):
        if w in EXT_WORDS:
            return EXT_WORDS[w]
    return None


def detect_time_filter(query: str) -> str | None:
    q = query.lower()
    for pattern, value in TIME_WORDS:
        if re.search(pattern, q):
            return value
    return None


_FILENAME = re.compile(r"[\w\-]+(?:\.[\w\-]+)*\.[A-Za-z0-9]{1,5}\b")


def extract_name_hint(query: str) -> str | None:
    """A file name or distinctive word to look a file up by."""
    m = _FILENAME.search(query)
    if m:
        return m.group(0)
    m = re.search(r"[\"'`]([^\"'`]+)[\"'`]", query)
    if m:
        return m.group(1)
    stop = STOPWORDS | {"size", "big", "large", "old", "modified", "created", "changed", "updated", "last",
                        "date", "when", "metadata", "details"}
    nouns = [w for w in re.findall(r"[a-z0-9_\-]+", query.lower()) if w not in stop and len(w) > 2]
    return nouns[-1] if nouns else None


def keywords(query: str) -> list[str]:
    """Content words of a query: no stopwords, no extension words, no numbers-only tokens."""
    out: list[str] = []
    for w in re.findall(r"[a-z0-9][a-z0-9_\-]*", query.lower()):
        w = w.strip("-_")
        if len(w) < 3 or w in STOPWORDS or w in EXT_WORDS or w.isdigit():
            continue
        if w.endswith("s") and len(w) > 4 and w[:-1] not in out and not w.endswith("ss"):
            w = w[:-1]  # invoices -> invoice, receipts -> receipt
        if w not in out:
            out.append(w)
    return out


_FILEISH = re.compile(
    r"\b(files?|documents?|docs?|folders?|photos?|images?|pictures?|screenshots?|notes?|invoices?|receipts?|"
    r"contracts?|reports?|spreadsheets?|scans?|do i have|are there|i have)\b")


def _about_files(q: str) -> bool:
    """"How many PDFs do I have" counts files; "how many eggs go in the carbonara" asks the content."""
    return bool(_FILEISH.search(q)) or detect_extension(q) is not None


def _pattern_hint(q: str) -> str | None:
    m = re.search(r"(?:named|called|name contains|with)\s+[\"']?([\w\-\.]+)[\"']?(?:\s+in\s+(?:the|their)\s+name)?", q)
    if m and (("name" in q) or ("named" in q) or ("called" in q)):
        return m.group(1)
    return None


def route(query: str) -> tuple[str, dict[str, Any]]:
    """Map a query to (tool name, arguments) by keyword heuristics."""
    q = query.lower().strip()
    if any(k in q for k in ("how much space", "disk usage", "disk space", "storage", "space used", "space do")):
        if "folder" in q or "director" in q:
            return "folder_stats", {"sort_by": "size", "limit": 10}
        return "disk_usage", {}
    if ("folder" in q or "director" in q) and any(
        k in q for k in ("biggest", "largest", "most space", "size", "sizes", "most files", "stats")
    ):
        sort_by = "count" if "most files" in q else "size"
        return "folder_stats", {"sort_by": sort_by, "limit": 10}
    if any(k in q for k in ("biggest", "largest", "smallest", "heaviest", "huge")):
        return "list_files", {"extension": detect_extension(q), "limit": 10, "sort_by": "size"}
    if any(k in q for k in ("how many", "count", "number of")) and _about_files(q):
        return "count_files", {"extension": detect_extension(q), "time_filter": detect_time_filter(q)}
    if any(k in q for k in ("file types", "folder", "tree", "directory", "structure", "organi")):
        return "directory_tree", {"max_depth": 2}
    pattern = _pattern_hint(q)
    if pattern:
        return "grep_files", {"pattern": pattern}
    if any(k in q for k in ("list files", "recent files", "what files", "show files", "show me files", "list my",
                            "latest files", "newest", "recent", "list all", "list the")):
        return "list_files", {"extension": detect_extension(q), "limit": 10, "sort_by": "date"}
    if any(k in q for k in ("file size", "when was", "modified", "created", "how big", "how large", "how old",
                            "size of", "last changed", "metadata")):
        return "file_metadata", {"name_hint": extract_name_hint(query)}
    return "semantic_search", {"query": query}


INTENT_OF_TOOL = {
    "count_files": "count", "list_files": "list", "grep_files": "list", "file_metadata": "metadata",
    "directory_tree": "metadata", "folder_stats": "metadata", "disk_usage": "metadata",
    "semantic_search": "factual",
}


def classify(query: str) -> str:
    """Heuristic intent: count, list, metadata or factual."""
    return INTENT_OF_TOOL.get(route(query)[0], "factual")


_FOLLOWUP = re.compile(
    r"\b(more|else|other|others|another|those|them|these|that one|it|its|they|same|what about|and the|also)\b",
)


def is_followup(query: str) -> bool:
    """A short question that only makes sense after the previous turn ("aren't there more?")."""
    q = query.lower().strip()
    return len(q.split()) <= 7 and bool(_FOLLOWUP.search(q)) and len(keywords(q)) <= 2


def widen(name: str, args: dict[str, Any]) -> dict[str, Any]:
    """Arguments that ask for more of the same (for "aren't there more?")."""
    out = dict(args)
    if name == "semantic_search":
        out["top_k"] = 10
    elif name in ("list_files", "folder_stats"):
        out["limit"] = max(50, int(out.get("limit") or 10) * 3)
    elif name == "directory_tree":
        out["max_depth"] = int(out.get("max_depth") or 2) + 1
    return out
