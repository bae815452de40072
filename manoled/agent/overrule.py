"""The rules by which a question's words and the catalog overrule the intent its nearest examples chose.

The examples (:mod:`.intents`) say what a question is most like; these rules read what it says. "How many eggs"
is near the count examples but counts nothing in the catalog; "how much do the PDFs weigh" is near the content
ones but asks for space; "what is my tax file number" names files but asks one value. :class:`Reading` is what the
planner read of the question once; :func:`by_words`, :func:`checked` and :func:`refined` are applied in that order
and change the plan in place.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from .askwords import (
    CHANGE_WORDS,
    COUNT_WORDS,
    DEADLINE_SAID,
    DID_ASK,
    EACH_FOLDER,
    EVERYTHING,
    FILE_INFO,
    FILE_NOUNS,
    FILE_PROPERTY,
    FILE_VERBS,
    HAVE_ASK,
    HAVE_ONE,
    KEPT_PAPERS,
    LIST_OPENER,
    METADATA_WORDS,
    PROPERTY_SAID,
    SIZE_SAID,
    SIZE_UNITS,
    SIZE_WORDS,
    STORAGE_WORDS,
    TAKES_SPACE,
    THING_HAS,
    WHICH_THING,
    counted_by_count,
    counts_deeds,
)
from .attribute import is_cue_abroad
from .continuation import bare_phrase
from .folderwords import find_folder, has_subfolders
from .gloss import in_english
from .kinds import is_cue, typed_by, wanted_type
from .namedfiles import is_its_name, named_fully, one_file_of, one_of_kind, one_paper
from .names import NameMatch, path_matches, path_words
from .plan import Plan
from .slots import ATTRIBUTE_WORDS, FOLDER_WORDS, KIND_WORDS, SHOWN_KINDS, STOP, same_word, stem, words
from .totals import BILL_ASK
from .whereabouts import KEPT, PAPERS, PLACE_WORDS, WHERE_TO, WHERE_WORDS, asks_place


@dataclass
class Reading:
    """What a question's words say about files, read once by the planner for the rules below."""
    question: str
    q: str  # its words, lower case, joined by spaces
    qwords: set[str]  # their stems
    said_topics: list[str]  # its topic words, before those that name a folder left them
    value_ask: bool  # "what is …", "which Sunday …": asks one value
    done: bool  # "last serviced": a deed done to a thing, not a change to its file
    said_folder: list[str]  # the topic words that name the folder
    chat: set[str]  # topic words that only phrase a question about files
    name_terms: list[str]  # the words that may name a file
    exact: Any  # the file the question names exactly, or None
    names: list[NameMatch]  # the files its words name, best first
    best: NameMatch | None  # the one that stands out
    one_thing: bool  # "how big is X": one thing's size or age
    folder_terms: list[str]  # topic words that name a folder
    collection: list[str]  # topic words that name a folder or several files
    names_files: bool  # a kind, a period, a word for files, a collection or a folder
    head: re.Match[str] | None  # "how many X"
    counted: str  # the noun counted
    how_much_or_big: bool  # "how much", "how big", "the size of"
    how_room: bool  # "how much room"
    kept: str  # the kind of paper counted as kept copies ("how many vet bills are there": bill), or ""


_TAKING = frozenset("take takes taking took use uses using used occupy occupies eat eats eating fill fills need".split())


def by_words(plan: Plan, r: Reading, files: Sequence[Any]) -> None:
    """What the words say outright: a file named exactly (its date or size, or what it says), "how many"
    and the noun counted (files, or eggs inside one), "how much" or "how big" (space, or an amount inside a file)."""
    intent = plan.intent
    slots = plan.slots
    question, q, qwords, said_folder, name_terms = r.question, r.q, r.qwords, r.said_folder, r.name_terms
    exact, collection, names_files, head, counted = r.exact, r.collection, r.names_files, r.head, r.counted
    how_much_or_big, how_room = r.how_much_or_big, r.how_room
    if exact is not None:
        plan.name = NameMatch(exact, 99.0, [exact.name])
        slots.topics = [t for t in slots.topics if t not in path_words(exact.relpath)]
        pieces = {stem(p) for w in q.split() for p in w.split("-")}  # "the last-modified date"
        if pieces & (WHERE_WORDS | SIZE_WORDS | CHANGE_WORDS | STORAGE_WORDS) or how_room or FILE_INFO.search(q):
            intent = plan.intent = "metadata"  # "how much space does journal.md take": its size
        else:
            intent = plan.intent = "content"
        plan.reason = "names a file exactly"
    elif head and (counted in FILE_NOUNS or counted in KIND_WORDS or counted in collection + said_folder
                   or r.kept  # "how many vet bills for Biscuit are there": the bills kept
                   or slots.time and intent == "count" and not counts_deeds(q)
                   and (counted in STOP or bool(path_matches(counted, files)))):
        # ("how many transactions in September": none of the files is one, so a number inside the month's paper)
        intent = plan.intent = "count"  # "how many invoices / PDFs / files …"
    elif head and counted in SIZE_UNITS and names_files:
        intent = plan.intent = "disk"  # "how many megabytes are the Lisbon photos": the space files take
        plan.reason = "asks how much space files take"
    elif head and intent == "count":
        intent = plan.intent = "content"  # "how many eggs …": a number inside a file
        plan.reason = "counts something that is not files"
    elif intent == "count" and not head and (c := counted_by_count(q)) and \
            (w := stem(c)) not in FILE_NOUNS and w not in KIND_WORDS and not path_matches(w, files):
        intent = plan.intent = "content"  # "square sept transaction count": a number inside a paper
        plan.reason = "counts something that is not files"
    elif intent in ("count", "list") and how_much_or_big and \
            (qwords & (SIZE_WORDS | STORAGE_WORDS) or how_room) and (not name_terms or qwords & SIZE_SAID):
        intent = plan.intent = "disk"  # "how much do the PDFs weigh": their size, not a number of files
        plan.reason = "asks how much space files take"
        plan.folder = plan.folder or find_folder(question, files, loose=True)  # "the photos from 2025": Photos/2025
    elif intent == "content" and how_much_or_big and qwords & {"space", "disk"} and qwords & _TAKING and names_files:
        intent = plan.intent = "disk"  # "how much space do the Austin Energy bills take" (not "how much storage
        plan.reason = "asks how much space files take"  # does the laptop have": its spec, in its guide)
        plan.folder = plan.folder or find_folder(question, files, loose=True)
    elif intent in ("count", "list") and how_much_or_big and not qwords & (SIZE_WORDS | STORAGE_WORDS) and not how_room or \
            intent == "disk" and how_much_or_big and not qwords & (SIZE_WORDS | STORAGE_WORDS | _TAKING | FILE_NOUNS) \
            and not how_room:  # ("how much a year does the university give me": a sum, though a folder is Uni)
        intent = plan.intent = "content"  # "how much did I pay the advisor in 2025": an amount inside a file
        plan.reason = "asks how much of something, not for files"
    elif intent == "count" and {"total", "gross", "net"} & set(in_english(q).split()) and \
            not (head or slots.extensions or qwords & FILE_NOUNS):
        intent = plan.intent = "content"  # "edf feb 2026 total??": a bill's total, no number of files (nor
        # "gary social security gross monthly": the gross benefit)
        plan.reason = "asks a total, not how many files"  # (in the papers' tongue too: "f24 novembre totale?")
    elif intent == "count" and not COUNT_WORDS.search(q):
        intent = plan.intent = "list"  # "list my receipts": near the count examples, but asks for the files
        plan.reason = "names files without asking how many"
    if intent in ("disk", "folders") and not (plan.folder or slots.sort or slots.extensions) and slots.topics \
            and FILE_PROPERTY.search(q):
        intent = plan.intent = "metadata"  # "what's the file size of the kettle guide": one file's size


_HOME = frozenset("unit flat house home apartment condo place".split())  # the home a folder's papers are of
_OWNED_VALUE = re.compile(r"\bwhat(?:'s| is| was| were| are) (?:my|our|his|her|their|\w+'s) \w+")


def checked(plan: Plan, r: Reading, files: Sequence[Any]) -> None:
    """The intent the examples chose, checked against the question's shape and the catalog: a count or a list
    needs something that names files, a metadata question one named file, a disk question a folder; otherwise
    the files' content answers."""
    intent = plan.intent
    slots = plan.slots
    question, q, qwords, said_topics, value_ask = r.question, r.q, r.qwords, r.said_topics, r.value_ask
    done, said_folder, chat, name_terms, exact = r.done, r.said_folder, r.chat, r.name_terms, r.exact
    names, best, folder_terms, collection, names_files = r.names, r.best, r.folder_terms, r.collection, r.names_files
    kind, asked = typed_by(question)
    # "car ins excess this yr?", "excess if i claim for my own car?": a value's word heads the phrase (last, or
    # first with what qualifies it after, or first in a tongue whose phrases open with it: "liquido nomina")
    head_first = len(opening := q.split()[:2]) == 2 and (is_cue(stem(opening[0])) and opening[1] in _QUALIFYING
                                                         or is_cue_abroad(opening[0]))
    # ("which company is the car insured with" asks a firm; "which shop receipts have we kept", papers)
    firm = kind == "org" and not re.search(r"\b(?:have|has|had|kept|keep|got|saved)\b", q)
    asks_value = (kind in ("code", "amount", "date", "time", "person", "duration") or firm) and (asked or bool(
        said_topics) and (is_cue(said_topics[-1]) or head_first) and not LIST_OPENER.match(q))
    which_thing = WHICH_THING.match(q)  # "which unit am I tutoring"
    dated_only = slots.time and not (slots.extensions or qwords & FILE_NOUNS or collection or plan.folder)
    did = DID_ASK.match(q)
    if exact is not None:
        pass
    elif intent == "content" and HAVE_ONE.match(q) and slots.topics and slots.topics[0] in KEPT_PAPERS and \
            best is not None and len(best.matched) >= len(name_terms):  # "do we have a recipe for caldo verde"
        plan.intent, plan.reason = "list", "whether a paper it names is kept"
    elif intent in ("count", "list") and did and did.group(1) not in FILE_VERBS and not slots.extensions \
            and not qwords & FILE_NOUNS:
        plan.intent, plan.reason = "content", "asks what the person did, not which files"
    elif intent in ("count", "list") and not names_files:
        plan.intent, plan.reason = "content", f"{intent} without anything that names files"
    elif intent in ("count", "list") and value_ask and slots.topics and \
            not (slots.extensions or qwords & FILE_NOUNS or slots.time and not _OWNED_VALUE.search(q)):
        # "what is Walt's required minimum distribution": one value, though "walt" names several files (and "what's
        # Leo's monthly tuition since September": his, of a time)
        plan.intent, plan.reason = "content", "asks for one value"
    elif intent in ("count", "list") and asks_value and (kind == "person" or not (
            slots.extensions or slots.sort or _file_nouns(q) and not (kind in ("date", "time") and DEADLINE_SAID.search(q))
            or slots.time and kind != "amount" or which_thing)):
        # "bike serial no?", "what is my tax file number", "who do I send the photos to": a value (a person),
        # though its words name files; "by what date does the advisor need my documents": a deadline
        plan.intent, plan.reason = "content", "asks for a value of a kind"
    elif intent == "list" and which_thing and stem(which_thing.group(1)) not in \
            FILE_NOUNS | set(KIND_WORDS) | set(collection + said_folder):
        plan.intent, plan.reason = "content", "asks which thing the person does, not which files"
    elif intent == "list" and dated_only and slots.topics and not qwords & CHANGE_WORDS and not LIST_OPENER.match(q) and \
            (wanted_type(question) is not None or not any(path_matches(t, files) for t in slots.topics)):
        # "what did I blow on restaurants in march": a month is when something happened, not which files
        plan.intent, plan.reason = "content", "a period, but nothing that names files"
    elif intent == "metadata" and WHERE_TO.match(q):
        plan.intent, plan.reason = "content", "asks where to do something, not where a file is"
    elif intent == "metadata":
        as_file = qwords & (ATTRIBUTE_WORDS | WHERE_WORDS | SIZE_WORDS | CHANGE_WORDS | METADATA_WORDS)
        as_file -= CHANGE_WORDS if done else set()  # (an oil change is the deed)
        if as_file == {"last"} and (value_ask and not re.search(r"\bwhen\b|\blast (?:time|\w+ed)\b", q) or done):
            as_file = set()  # "my last tax notice": the latest notice; "last serviced": the service, not a file's date
        if not as_file:
            plan.intent, plan.reason = "content", "names a file but asks nothing about it as a file"
        elif summed := _summed(question, qwords, slots.topics, files):
            plan.intent, (plan.folder, plan.about), plan.reason = "disk", summed, "the total size of the files named"
        elif qwords & SIZE_WORDS and re.search(r"\b(?:are|do)\b", q) and (_file_nouns(q) or slots.extensions) \
                and (holder := find_folder(question, files, loose=True)):
            # "how big are the Phillip Island photos": what their folder holds
            plan.intent, plan.folder, plan.reason = "disk", holder, "the size of the files a folder holds"
        elif plan.folder and slots.extensions and qwords & (SIZE_WORDS | CHANGE_WORDS) and len(kinded := [
                f for f in files if f.relpath.startswith(f"{plan.folder}/") and f.ext in slots.extensions]) == 1:
            plan.name = NameMatch(kinded[0], 1.0, [])  # "the photo of Mochi from the vet day": Mochi (vet)/IMG_….jpg
            plan.reason = "the one file of a kind in the folder named"
        elif (best is None or len(best.matched) * 2 < len(name_terms)) and qwords & (SIZE_WORDS | CHANGE_WORDS) \
                and slots.topics and not qwords & STORAGE_WORDS:
            plan.reason = "the size or date of a file named by what it is about"  # found by its content
        elif best is None and (one_kind := one_of_kind(slots, files)) is not None:
            plan.name = NameMatch(one_kind, 1.0, [])  # "that screenshot I took in March"
            plan.reason = "the one file of a kind in a period"
        elif best is None and EVERYTHING.search(q) and qwords & (SIZE_WORDS | STORAGE_WORDS):
            plan.intent, plan.reason = "disk", "the size of all the files"  # "how big is everything?"
        elif best is None:
            plan.intent = "content" if not names or value_ask else "list"
            plan.reason = "metadata without one named file"
        else:
            plan.name = best
    elif intent in ("disk", "folders") and slots.sort and not plan.folder and not qwords & FOLDER_WORDS:
        plan.intent, plan.reason = "list", "the biggest files of a kind"
    elif intent == "tree" and slots.extensions and (not qwords & FOLDER_WORDS or not plan.folder and re.search(
            r"\b(?:the|this|my|our) (?:folder|directory)\b", q)):  # ("which Word documents are in the folder": the one
        plan.intent, plan.reason = "list", "files of a kind, not folders"  # watched) "what Word files do I have"
    elif intent == "tree" and not plan.folder and slots.topics and qwords & (FILE_NOUNS - FOLDER_WORDS) and \
            not re.search(r"\bwhere\b", q):  # (not "where's the NAIT tags file": that one file's place)
        plan.intent, plan.reason = "list", "files of a thing, no folder"  # "which files do we have for the Forester"
    elif intent == "disk" and not plan.folder and not slots.sort and best is not None and \
            len(best.matched) >= len(name_terms) > 0 and (TAKES_SPACE.search(q) or qwords & SIZE_WORDS) \
            and not THING_HAS.search(q) and not qwords & SIZE_SAID:
        plan.intent, plan.name = "metadata", best  # "how much space does my journal take up": one file's size
        plan.reason = "the space one named file takes"
    elif intent == "disk" and not plan.folder and slots.topics and TAKES_SPACE.search(q) and \
            not THING_HAS.search(q) and all(len(path_matches(t, files)) >= 2 for t in slots.topics):
        plan.about = " ".join(slots.topics)  # "how much space do my invoices take": the files named so
        plan.reason = "the space the files a word names take"
    elif intent == "disk" and not plan.folder and best is not None and slots.extensions and \
            re.match(r"how (?:big|large) is\b", q):  # "how big is the bank transactions export CSV": the one CSV
        plan.intent, plan.name, plan.reason = "metadata", best, "the size of the one file of a kind its words name"
    elif intent in ("disk", "folders", "tree") and not (intent == "disk" and plan.folder) and any(
            t not in folder_terms and t not in chat and not (plan.folder and t in SIZE_WORDS | SIZE_SAID)
            and not (plan.folder and (re.search(rf"\b{re.escape(t)}['’]s\b", q) or t in _HOME))  # ("Maya's Studio
            for t in slots.topics):  # folder": hers; "the Bills folder for the unit"); "how heavy is the Money folder"
        plan.intent, plan.reason = "content", f"{intent} about something that is not a folder"
    elif intent == "disk" and not plan.folder and EACH_FOLDER.search(q):
        plan.intent, plan.reason = "folders", "sizes folder by folder"  # "disk usage by folder"
    elif intent == "folders" and not qwords & FOLDER_WORDS:
        plan.intent, plan.reason = ("list" if slots.sort else "disk"), "sizes without a folder"
    elif intent == "folders" and plan.folder:
        plan.intent = "disk"  # the size of one folder
    elif intent == "chat":
        plan.intent = "content"  # answered from the files or declined, like any content question
        plan.reason = "not about files"


_BILL_WAS = re.compile(r"(?:how much|what) (?:was|is|were|are) (?:the|our|my) (?:\w+ ){0,3}" + BILL_ASK.pattern)  # its sum

# "what did Mochi get at the vet": what happened there, in a paper of the folder, not its files ("what do we
# have in Recipes" lists them)
_DONE = re.compile(r"\bwhat (?:did|does|do|will) (?:(?:the|my|our|his|her|their) )?\w+ (?!have\b|keep\b|store\b|save\b|"
                   r"put\b|own\b)[a-z]+\b")


def refined(plan: Plan, r: Reading, files: Sequence[Any]) -> None:
    """The last readings: a question about one named file asks its date, size or folder; a sorted collection
    or a folder alone is a list; a phrase that names one paper asks what it says; "where did I put" lists the
    files the words name, in their folders."""
    slots = plan.slots
    question, q, qwords, said_topics, done = r.question, r.q, r.qwords, r.said_topics, r.done
    said_folder, chat, name_terms, exact, names = r.said_folder, r.chat, r.name_terms, r.exact, r.names
    best, one_thing, collection = r.best, r.one_thing, r.collection
    if plan.intent == "content" and exact is None and (summed := _summed(question, qwords, slots.topics, files)):
        plan.intent, (plan.folder, plan.about), plan.reason = "disk", summed, "the total size of the files named"
    if plan.intent == "list" and one_thing:
        plan.intent = "content"  # "how old is the tyres notes file": one thing's, no list
    aged = [t for t in name_terms if t != "old"] if re.match(r"how old is\b", q) else []  # "how old is X"
    if plan.intent == "content" and exact is None and best is not None and (
            (len(best.matched) == len(name_terms) or one_thing and (slots.extensions or qwords & FILE_NOUNS) and
             2 * len(best.matched) > len(name_terms)) and  # "how big is the Quálitas car insurance policy PDF"
            qwords & (ATTRIBUTE_WORDS | SIZE_WORDS) and qwords & ({"when", "old"} | SIZE_WORDS)
            or aged and len(best.matched) == len(aged) and is_its_name(aged, best.file)) and \
            not (qwords & {"due", "expire", "start", "end", "begin"}) and not done and not THING_HAS.search(q):
        plan.intent, plan.name, plan.reason = "metadata", best, "asks when a named file changed or how big it is"
    elif plan.intent == "content" and exact is None and best is None and slots.kind_word in SHOWN_KINDS and \
            qwords & (SIZE_WORDS | CHANGE_WORDS) and (one_kind := one_of_kind(slots, files, any_topic=True)):
        plan.intent, plan.name = "metadata", NameMatch(one_kind, 1.0, [])  # "how big is the photo of Paçoca from
        plan.reason = "the one file of a kind in a period"  # March": its one photo of March
    elif plan.intent == "content" and exact is None and _LAST_CHANGED.search(q) and slots.topics and not done:
        # "when was the note with the gate code last updated": the file found by what it says
        plan.intent, plan.reason = "metadata", "the size or date of a file named by what it is about"
    elif plan.intent == "content" and exact is None and best is not None and \
            len(best.matched) >= len([t for t in name_terms if t not in KEPT | PLACE_WORDS]) and \
            (qwords & PLACE_WORDS or "where" in qwords and qwords & (KEPT | FILE_NOUNS)):
        # "which folder is the lease in", "where is the bacalhau recipe saved"
        plan.intent, plan.name, plan.reason = "metadata", best, "asks which folder a named file is in"
    elif plan.intent == "content" and exact is None and best is not None and \
            len(best.matched) == len(name_terms) == 1:
        plan.name = best
    if plan.intent == "content" and exact is None and best is not None and name_terms and \
            len(best.matched) == len(name_terms) and \
            all(any(same_word(t, w) for w in path_words(best.file.name)) for t in name_terms):
        plan.name, plan.whole_name = best, True  # "what's on my shopping list": shopping_list.md says it
    unnamed = " ".join(w for w in q.split() if stem(w) not in said_folder)  # "what's in Money": no amount asked
    if plan.intent == "content" and exact is None and wanted_type(unnamed) is None and (
            slots.sort and (slots.extensions or slots.topics) and all(t in collection for t in slots.topics)
            or plan.folder and not slots.topics and not slots.extensions and not _DONE.search(q)) and not _BILL_WAS.match(q):
        # "what's my smallest recipe", "what's in Recipes": files of a collection, nothing inside them
        plan.intent, plan.name, plan.reason = "list", None, "a collection of files, sorted or in a folder"
    if plan.intent == "list" and exact is None and qwords & (SIZE_WORDS | CHANGE_WORDS | PLACE_WORDS) and \
            not qwords & STORAGE_WORDS and not HAVE_ASK.match(q):  # ("which recipes do we have saved": a list)
        # "which folder has the tax notice": its folder; "when was my physio notes file last saved": physio
        # notes.txt; "when did I save the screenshot from March": the one screenshot its name dates to March
        one = names[0] if len(names) == 1 else named_fully(name_terms, files, slots.time)
        one_kind = one_of_kind(slots, files) if one is None and qwords & (SIZE_WORDS | CHANGE_WORDS) else None
        if one is not None or one_kind is not None:
            plan.intent, plan.name = "metadata", one or NameMatch(one_kind, 1.0, [])
            plan.reason = "the size or date of the one file named" if one else "the one file of a kind in a period"
    if plan.intent == "list" and plan.folder and not (slots.topics or slots.extensions or slots.sort or slots.time
                                                     or (qwords - {stem(w) for w in path_words(plan.folder.rsplit("/", 1)[-1])})
                                                     & FILE_NOUNS - FOLDER_WORDS) and has_subfolders(plan.folder, files) \
            and re.search(r"\b(?:in|under|inside|within)\s+(?:the\s+|my\s+)?(?:" + r"[\W_]+".join(
                map(re.escape, words(plan.folder.rpartition("/")[0]))) + r"[\W_]+)?" + r"[\W_]+".join(
                map(re.escape, words(plan.folder.rsplit("/", 1)[-1]))) + r"\b", q):
        plan.intent = "tree"  # "show me what's under Travel", "inside Lavoro_Giulia", "inside Condo 1508/Bills": its
        # subfolders and its files
    one = one_file_of(question, plan.folder, said_folder, files) if plan.intent in ("disk", "folders") else None
    own = [t for t in said_topics if t not in ATTRIBUTE_WORDS]  # "my running log": more than its folder's word
    if one is None and plan.intent in ("disk", "folders") and said_folder and not qwords & FOLDER_WORDS and \
            any(t not in said_folder for t in own):
        one = named_fully(own, [f for f in files if f.relpath.startswith(f"{plan.folder}/")])
    if one is not None:  # "how big is the coworking info file": that file, not its Coworking folder
        plan.intent, plan.name, plan.reason = "metadata", one, "one file of a folder, named with its words"
    if plan.intent == "list" and exact is None and slots.topics and not (
            LIST_OPENER.match(q) or HAVE_ASK.match(q) or slots.extensions or slots.sort or plan.folder
            or qwords & FILE_NOUNS or not bare_phrase(q.split())) and one_paper(slots, files):
        plan.intent, plan.reason = "content", "a phrase that names one paper: what it says"  # "eir bill march 26"
    prop = FILE_PROPERTY.search(q)
    how_asked = ATTRIBUTE_WORDS | METADATA_WORDS | PROPERTY_SAID | {stem(w) for w in prop.group().split()} \
        if prop else set()  # "is X a pdf or a word doc": the kinds it offers are how it asks
    years = re.findall(r"\b(?:19|20)\d\d\b", q) if prop else []  # "the renewal 2026": in its name, not a period
    if (plan.intent in ("list", "disk", "folders", "content") or plan.intent == "metadata" and plan.name is None) \
            and exact is None and prop and not (plan.intent == "disk" and qwords & SIZE_SAID) and \
            not qwords & FOLDER_WORDS and (whole := named_fully([t for t in said_topics if t not in how_asked]
                                                                + years, files, slots.time)) is not None:
        plan.intent, plan.name, plan.reason = "metadata", whole, "the size or type of the one file its words name"
    elif plan.intent in ("list", "disk", "content") and exact is None and prop and slots.extensions and \
            len(one := {f.relpath: f for t in slots.topics
                        for f in path_matches(t, [f for f in files if f.ext in slots.extensions])}) == 1:
        # "the file size of Marcus's invoice tracking spreadsheet": the one sheet a word names (suivi_factures.csv)
        plan.intent, plan.name = "metadata", NameMatch(next(iter(one.values())), 1.0, [])
        plan.reason = "the size or type of the one file of its kind its words name"
    if plan.intent in ("content", "tree", "list") and exact is None and slots.topics and asks_place(question):
        # "where did I put the car insurance schedules": the files, by the words their paths say, in their folder
        said = [t for t in slots.topics if t not in PAPERS] or slots.topics  # "the vet papers": any file
        slots.topics = [t for t in said if path_matches(t, files)] or said
        if plan.folder and said_folder:  # "which folder are Dan's payslips in": Payslips, whoever's name they say
            slots.topics = [t for t in slots.topics if path_matches(t, [f for f in files
                                                                        if f.relpath.startswith(plan.folder + "/")])]
        plan.intent, plan.where, plan.reason = "list", True, "asks where files are kept"
    if plan.intent in ("count", "list", "tree", "disk", "folders") and not plan.where:
        slots.topics = [t for t in slots.topics if t not in chat]
    slots.year = None if plan.folder and str(slots.year) in plan.folder else slots.year  # "Invoices/2025" says it


def _summed(question: str, qwords: set[str], topics: list[str], files: Sequence[Any]) -> tuple[str | None, str | None] | None:
    """For sizes asked together ("the total size of my payslips", "how big are the bread recipes altogether"): the
    folder that holds the files named, or else the words that name them in two files' paths or more, as (folder,
    about); None when the question asks no sum of sizes or names no such files."""
    named = [t for t in topics if t not in SIZE_SAID and t not in SIZE_WORDS]
    if not (qwords & SIZE_WORDS and qwords & SIZE_SAID and named):
        return None
    holder = find_folder(question, files, loose=True)
    if holder:
        return holder, None
    return (None, " ".join(named)) if all(len(path_matches(t, files)) >= 2 for t in named) else None


_QUALIFYING = frozenset("if for on of when to with at in from".split())  # after a phrase's head: what it is of
_LAST_CHANGED = re.compile(r"^when (?:was|were|did)\b.*\blast (?:updated|edited|modified|changed|touched|saved)\b")


def _file_nouns(q: str) -> bool:
    """Whether the question says a word for files, other than in "file number" (a tax file number)."""
    ws = q.split()
    return any(stem(w) in FILE_NOUNS and ws[i + 1:i + 2] not in (["number"], ["no"], ["nr"]) for i, w in enumerate(ws))


