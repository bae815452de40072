"""How questions about files are worded: the whole words and phrasings that say a question asks about files as
things (their number, size, age, place), not what they say. The planner reads a question with them."""

from __future__ import annotations

import re

from .slots import STOP, stem

# whole words that say "this is about files as things" (never matched as substrings)
FILE_NOUNS = frozenset(stem(w) for w in """
file files document documents doc docs folder folders directory directories pdfs photos pictures images screenshots
scans spreadsheets papers paperwork
""".split())

# "how big is everything", "all my stuff": the whole of the files
EVERYTHING = re.compile(r"\b(?:everything|all (?:of )?(?:my |the |our )?(?:files|stuff|data|things)|all of it)\b")
# the space a thing takes on disk, not what it holds ("how much storage does the phone have": its capacity)
TAKES_SPACE = re.compile(r"\b(?:take|takes|taking|took|use|uses|using|occupy|occupies|eat|eats|eating)\b")
# "how many GB of storage does the macbook have": what the thing has, told in its guide, not the guide's size
THING_HAS = re.compile(r"\b(?:does|do|did) (?:[\w'-]+ ){1,4}(?:have|has|come with)\b")
# one file's size, type or date, not a folder's: "the file size of X", "what format is X in", "modification time of X"
FILE_PROPERTY = re.compile(r"\b(?:file ?size|size of (?:the|my|this|that|our)|(?:kind|type|sort|format) of (?:a )?file|"
                      r"file ?type|what format|modification (?:date|time)|timestamp|date modified|"
                      r"(?:an? )?(?:pdf|word doc|word document|docx?|spreadsheet|image|photo|text file) or (?:an? )?\w+)\b")
PROPERTY_SAID = frozenset("modification timestamp time date last-modified".split())  # how FILE_PROPERTY asks
EACH_FOLDER = re.compile(r"\b(?:by|per|each|every|for each) (?:folder|directory|dir)s?\b")
_POLITE = r"^(?:please |pls |(?:can|could|would|will) you (?:please )?)?"  # "can you find my …": find my …
LIST_OPENER = re.compile(_POLITE + r"(?:list|show(?: me)?|give me|display|find|what are|which are)\b")
SHOW = re.compile(_POLITE + r"(?:list|show(?: me)?|display|find)\b")  # asks for files, never a value
# "what recipes do I have": the files of a collection, when its word names a folder or several files
# (and "which of Giulia's fatture are saved on here": the kept ones)
# ("which invoices have I sent to shops", "which invoices has Ben done": the papers someone made, sent or got)
HAVE_ASK = re.compile(r"^(?:what|which)(?: of)?(?: [\w']+){1,4} (?:(?:do|did|have) (?:i|we) (?:have|got|keep|kept|save|saved|"
                      r"store|stored)|(?:are|is|were) (?:saved|kept|stored|filed))\b|"  # (of several: "which invoice did
                      r"^(?:what|which)(?: [\w']+){0,3} [\w']+s (?:have|has|did) (?:i|we|he|she|they|[^\W\d_]+) "  # Tom send"
                      r"(?:sent|send|issued|issue|raised|raise|written|write|done|made|received|receive)\b")  # asks one)
# "do we have a recipe for pão de queijo", "is there a copy of the lease": whether a paper is kept, answered by its file
HAVE_ONE = re.compile(r"^(?:do|did) (?:i|we) (?:still )?(?:have|keep)|^(?:is|are) there|^(?:have|has) (?:i|we) (?:got|kept)")
KEPT_PAPERS = frozenset(stem(w) for w in """recipe note letter contract lease receipt invoice statement summary scan copy
certificate manual guide plan list card photo picture policy""".split())
# a question for one value ("what's the deposit", "when is …", "what date …"), not for files
VALUE_ASK = re.compile(r"(?:^|, )(?:what(?:'s| is| was| does| did)|whats|when|who|whom|whose|where|why|"
                       r"how (?:much|long|old|far|often)|(?:what|which) (?:date|time|day|year|month|week|weekend|"
                       r"monday|tuesday|wednesday|thursday|friday|saturday|sunday)|by when)\b")
# "by what date does the advisor need my documents": a deadline asked; the documents are what is due, not files listed
DEADLINE_SAID = re.compile(r"\bby (?:when|what|which)\b|\bdeadline\b|"  # (and "when do I have to hand them in")
                           r"^when (?:do|does|must|should) (?:i|we|you|he|she|they) (?:have to|need to|got to)\b")
WHICH_THING = re.compile(r"(?:which|what) (\w+) (?:am|do|did|does|was|were|will|should|can) (?:i|we|[a-z]+)\b")
COUNT_WORDS = re.compile(r"\b(?:how many|many|number of|nos?\.? of|num of|count|counts|counting|tally|quantity of|total|in all|"
                         r"altogether)\b")
SIZE_WORDS = frozenset({"size", "bytes", "byte", "big", "large", "heavy", "kb", "mb", "gb", "weigh", "weighs",
                        "weight"})
# words that say storage: with them, a question's other words are how it asks ("what's eating my disk")
STORAGE_WORDS = frozenset({"disk", "space", "storage", "gigabytes", "megabytes"})
SIZE_SAID = frozenset("combined total overall altogether together whole".split())  # how a size is asked
SIZE_UNITS = frozenset(stem(w) for w in "bytes kb mb gb tb kilobytes megabytes gigabytes terabytes megs gigs".split())
# what else a question about a file as a thing asks: its age, its type ("how old is my cv", "what type is it")
METADATA_WORDS = frozenset({"old", "age", "type", "format", "extension", "kind", "recent", "newest", "oldest",
                            "latest"})
# "file info for x.txt" (the bank "details" or contact "info" in a file are what it says)
FILE_INFO = re.compile(r"\bfile (?:info|information|details|properties|stats)\b|\bmetadata\b")
CHANGE_WORDS = frozenset({"modified", "changed", "edited", "updated", "touched", "saved", "created", "added", "edit",
                          "change", "modify", "update", "touch", "save", "create", "modification", "creation"})
FILE_DOINGS = CHANGE_WORDS | {"opened", "accessed", "viewed"}  # what is done to a file, not to the thing it is about
# "what did I grow in the garden": a doing of the person's, told inside their files ("what did I add to Garden" lists)
DID_ASK = re.compile(r"^what (?:did|do|have) (?:i|we) (\w+)")
# "how many lambs did we sell in March": things the person did, counted in a paper, not files of March
_DEEDS = re.compile(r"\b(?:how many|number of) \w+ (?:(?:did|do|have|had|will) (?:i|we|they|you)|were|got) (\w+)")
FILE_VERBS = CHANGE_WORDS | frozenset("add put store keep download upload scan write get receive file move copy "
                                       "rename delete remove".split())


def counts_deeds(q: str) -> bool:
    """Whether a "how many" question counts what the person did ("how many lambs did we sell", "how many lambs were
    tagged"), not files ("how many did I add", "how many scans did I upload")."""
    m = _DEEDS.search(q)
    return bool(m) and m.group(1) not in FILE_VERBS


def counted_by_count(q: str) -> str | None:
    """The word a trailing "count" counts, or None: "X count" asks how many X, said the way a report's column is
    ("square sept transaction count": "transaction"; "refunds in may count": "refunds", over the words between)."""
    ws = re.findall(r"[\w'-]+", q.lower())
    for i, w in enumerate(ws):
        if w == "count":
            return next((a for a in reversed(ws[max(0, i - 3):i]) if a.isalpha() and a not in STOP), None)
    return None


# "how many vet bills for Biscuit are there", "how many of Linda's pension advices do we have": papers kept, counted
_KEPT_COUNT = re.compile(r"\bhow many ((?:[\w']+ ){0,5}?)([\w']+) (?:for|from|of|about|in) [\w' ]{1,30}"
                         r"(?:(?:do|did|have) (?:we|i|you) (?:have|got|keep|kept|save|saved)|(?:are|were) there)\b|"
                         r"\bhow many ((?:[\w']+ ){0,5}?)([\w']+) (?:(?:do|did) (?:we|i|you) (?:still )?(?:have|keep)|"
                         r"(?:have|has) (?:we|i|you) (?:got|kept|saved)|(?:are|were) there)\b")


def counts_kept(q: str, paper_words: frozenset[str]) -> str:
    """The kind of paper a question counts the kept copies of ("how many vet bills for Biscuit are there": bill),
    or "" (``q``: its words, lower-case, joined by spaces)."""
    m = _KEPT_COUNT.search(q)
    if m is None:
        return ""
    noun = m[2] or m[4]
    return stem(noun) if stem(noun) in paper_words else ""
