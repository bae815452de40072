"""The planner: what a question asks, from its meaning, and the tool calls that answer it.

Intent comes from the question's embedding against labelled example questions (:mod:`.intents`; nearest neighbours
by cosine, with the MiniLM embedder the index already uses). Slots come from whole words (:mod:`.slots`). Then the
catalog decides what is plausible: a count or a list needs something that names files (a kind, a time range,
"files", or a word that appears in real file paths); a metadata question needs a file its words name. Otherwise the
question is about content. The planner reads the question once (:class:`.overrule.Reading`); the rules that let
what it says overrule the nearest examples are in :mod:`.overrule`.

``Planner.plan(question, files, history)`` returns a :class:`Plan`: the intent, its confidence, the slots, the file
a name hint resolved to, and for a follow-up the previous turn it continues.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Callable, Sequence
from typing import Any

from . import namedfiles
from .askwords import (
    CHANGE_WORDS,
    COUNT_WORDS,
    FILE_DOINGS,
    FILE_NOUNS,
    FILE_PROPERTY,
    HAVE_ASK,
    LIST_OPENER,
    SHOW,
    STORAGE_WORDS,
    VALUE_ASK,
    counts_kept,
)
from .continuation import bare_phrase, is_followup
from .folderwords import after_name, before, before_folder_word, find_folder, included, near_after
from .gloss import files_said, in_english
from .intents import FILE_INTENTS, EmbedFn, IntentModel
from .kinds import WEIGHT_WORDS, asked_part, body_weight, wanted_type
from .namedfiles import collection_of_named, joined
from .names import (
    ALIKE,
    NameMatch,
    exact_file,
    folder_matches,
    numbered_names,
    path_matches,
    path_words,
    rank_names,
    resolve_name,
)
from .overrule import Reading, by_words, checked, refined
from .papers import PAPER_WORDS
from .plan import Plan
from .slots import (
    SHOWN_KINDS,
    STOP,
    Slots,
    read_slots,
    same_word,
    starts_alike,
    stem,
    topic_position,
    words,
)
from .whereabouts import PAPERS

log = logging.getLogger(__name__)

_PAIRED = re.compile(r"\w+ (?:and|or|&) \w+ (\w+)\b")  # "phone and internet bills": the noun both words say


class Planner:
    def __init__(self, embed: EmbedFn | None, *, now: Callable[[], float], examples: dict[str, list[str]] | None = None,
                 file_terms: Callable[[list[str]], set[int]] | None = None,
                 text_of: Callable[[Any], str] | None = None) -> None:
        self.model = IntentModel(embed, examples)
        self.now = now
        self.file_terms = file_terms  # terms -> ids of files whose content has them (FTS), optional
        self.text_of = text_of  # a catalog file -> its indexed text, optional (follow-ups look inside it)

    def _known(self, terms: list[str]) -> bool:
        """Whether some file's text has one of ``terms`` (True when the planner cannot tell)."""
        if self.file_terms is None:
            return True
        return bool(self.file_terms(terms))

    def _phrasing(self, question: str, slots: Slots, files: Sequence[Any], qwords: set[str]) -> set[str]:
        """Topic words of a question about files that only phrase it: in no file's name, not where a question
        puts what files are about, and in no file's text either (or the question says storage, "what's eating my
        disk": then its other words are how it asks). ``qwords``: the question's stemmed words."""
        out = set()
        changed, storage = bool(qwords & CHANGE_WORDS), bool(qwords & STORAGE_WORDS)
        for t in slots.topics:
            if changed and t in ("date", "day", "time") or t in ("filed", "collected", "gathered"):  # (how kept)
                out.add(t)  # "what date was the to-do list last edited": when it changed is what it asks
                continue
            on_device = t in _DEVICES and re.search(rf"\b(?:on|in)\s+(?:the|my|our|this)\s+{t}", question, re.I)
            if (t in PAPERS or on_device) and not path_matches(t, files):
                out.add(t)  # "which papers do we have for the Hilux": files, as "documents" are; "on the laptop":
                continue  # where all of them are
            if topic_position(question, t) or path_matches(t, files):
                continue
            if storage or not self._known([t]):
                out.add(t)
        return out

    def warm(self) -> None:
        self.model._load()

    def plan(self, question: str, files: Sequence[Any], history: Sequence[Any] = ()) -> Plan:
        asked = question
        question = files_said(question, lambda w: bool(path_matches(w, files)))  # "salary slips": the payslips
        slots = read_slots(question, self.now())
        slots.topics = joined(slots.topics, question, files)  # "pay slips": Payslip_….pdf
        said_topics = list(slots.topics)  # before the words that name a folder leave them
        # "the cat's check-up - what did she weigh?": the sentence that asks; "which of Giulia's fatture": invoices
        scores = self.model.scores(in_english(asked_part(question), lambda w: folder_matches(w, files)))
        ranked = sorted(scores.items(), key=lambda kv: -kv[1])
        intent, top = ranked[0]
        margin = top - ranked[1][1]
        plan = Plan(intent, margin, slots, scores, question=asked)
        prev = history[-1] if history else None
        if prev is not None and is_followup(question, slots, files, prev, self.text_of, intent, self._known):
            plan.followup, plan.base = True, prev
            plan.intent, plan.reason = "followup", "short question that continues the previous turn"
            return plan
        q = " ".join(words(question))
        qwords = {stem(w) for w in q.split()}
        if body_weight(q, qwords) and not (qwords & FILE_NOUNS or slots.extensions):
            qwords -= WEIGHT_WORDS  # "what did Samosa weigh at the vet", "how heavy was the baby": not a file's
            if intent in ("metadata", "disk", "folders"):
                intent = plan.intent = "content"
                plan.reason = "asks what someone weighed, not a file's size"
        if slots.named and intent not in ("count", "list"):  # "files with 'receipt' in their name": files, by name
            intent = plan.intent = "count" if COUNT_WORDS.search(q) else "list"
            plan.reason = "files whose names have a text"
        value_ask = bool(VALUE_ASK.search(question.lower()))  # "what is …", "which Sunday …": one value
        # "last serviced", "last got an oil change": a deed done to the thing, not a change to its file
        done = bool(m := re.search(r"\blast (\w+ed|(?:get|got|have|had) an? \w+)\b|\blast time (?:i|we|you|he|she|they) (\w+)|"
                                   r"\blast (?:in|taken in|brought in) for\b", q)) and \
        (m.group(1) or m.group(2)) not in FILE_DOINGS  # "the last time we took her in", "last in for service"
        # "my receipts pls": a noun phrase alone, asking for no value ("acme's invoice number?" asks for one)
        bare = bare_phrase(q.split()) and wanted_type(question) is None
        if (intent in ("content", "chat") and (LIST_OPENER.match(q) or bare) or HAVE_ASK.match(q) and intent in (
                "content", "chat", "metadata")) and \
                (slots.topics or slots.extensions) and (
                    all(folder_matches(t, files) or len(path_matches(t, files)) >= 2 for t in slots.topics)
                    or SHOW.match(q) and collection_of_named(slots.topics, files, self._known)
                    or SHOW.match(q) and any(folder_matches(stem(w), files) for w in words(q)[1:])  # "list my X notes"
                    or HAVE_ASK.match(q) and any(folder_matches(t, files) for t in slots.topics)
                    and all(path_matches(t, files) or self._known([t]) for t in slots.topics)
                    and wanted_type(question) in (None, "org", "person", "place")):  # ("what room number did we
            # have": a value, no files; "which bank statements do we have": files, whatever "bank" may name)
            intent = plan.intent = "list"  # "list my recipes": a collection of files, nothing inside them
            plan.reason = "asks to list a collection of files"
        said_folder = _folder_named(plan, question, q, files, intent)  # the topic words that name the folder
        # words of a question about files that only phrase it ("gimme", "what's eating my disk"): no filter
        chat = self._phrasing(question, slots, files, qwords) if intent in FILE_INTENTS \
            else set()
        name_terms = [t for t in slots.topics if t not in chat]
        name_terms += numbered_names(q, files)  # "how large is the 1099 from Brightline": 1099-NEC_2025_Brightline.pdf
        exact = exact_file(question, files)
        names = rank_names(name_terms, files, slots.extensions) if name_terms else []
        # "the photo of Paçoca from March": a photo, not the notes kept in her folder
        shown = [f for f in files if f.ext in (slots.extensions or ())] if slots.kind_word in SHOWN_KINDS else files
        best = resolve_name(name_terms, shown, slots.extensions) if names else None
        if (intent == "metadata" or qwords & CHANGE_WORDS) and plan.folder and \
                not (best and best.file.relpath.startswith(plan.folder + "/")):
            best = _in_folder(plan.folder, name_terms, q, files, slots) or best  # "the last Octopus bill": its newest
        one_thing = bool(re.match(r"how (?:old|big|large) (?:is|was)\b", q))  # "how big is X": one file's, no list
        # (or when one was saved: "when was Davide's November cedolino saved", of several named so)
        if best is None and (names or plan.folder) and slots.time and (one_thing or FILE_PROPERTY.search(q) or
                                                                       intent == "metadata" and qwords & CHANGE_WORDS):
            best = namedfiles.dated_one(name_terms, shown, slots.time, plan.folder)  # "how big is pieter's september payslip"
            intent = plan.intent = "metadata" if best is not None and intent == "disk" else intent  # its size
        folder_terms = [t for t in slots.topics if folder_matches(t, files)]
        collection = [t for t in slots.topics if t in folder_terms or len(path_matches(t, files)) >= 2]
        kept = counts_kept(q, PAPER_WORDS)  # "how many vet bills are there": papers kept, counted
        names_files = bool(slots.extensions or slots.time or (qwords & FILE_NOUNS) or collection or plan.folder or kept)
        head = re.search(r"\b(?:how many|number of)\s+(?:of (?:my|our|the|your|these|those|\w+'s) )?(?:own )?(\w+)(?: (\w+))?", q)
        counted = ""  # the noun counted: "how many eggs", "how many power bills" (bills: a word may say which)
        if head:
            two = head.group(2) and stem(head.group(2)) in collection + said_folder and stem(head.group(1)) not in STOP
            counted = stem(head.group(2) if two else head.group(1))
            run_on = stem(head.group(1) + (head.group(2) or ""))  # "how many pay stubs": Paystub_2026-10-09.pdf
            counted = run_on if head.group(2) and run_on in collection else counted
            if (pair := _PAIRED.match(q, head.start(1))) and stem(pair.group(1)) in collection + said_folder:
                counted = stem(pair.group(1))  # "how many phone and internet bills": bills
        how_much_or_big = bool(re.search(r"\bhow (?:much|big|large|heavy)\b|\bsize of\b|\bin size\b", q))  # "how big are the PDFs in Bills"
        how_room = bool(re.search(r"\bhow much room\b", q))
        r = Reading(question, q, qwords, said_topics, value_ask, done, said_folder, chat, name_terms, exact, names, best,
                    one_thing, folder_terms, collection, names_files, head, counted, how_much_or_big, how_room, kept)
        by_words(plan, r, files)
        checked(plan, r, files)
        refined(plan, r, files)
        log.debug("plan %r: %s (scores %s)", question, plan.to_dict(), {k: round(v, 3) for k, v in ranked[:3]})
        return plan


_DEVICES = frozenset("laptop computer pc mac macbook drive disk machine desktop".split())


def _names_subfolder(term: str, folder: str, inside: Sequence[Any], files: Sequence[Any]) -> bool:
    """Whether ``term`` names the files of a subfolder of ``folder``, all of them (Joost/Loonstroken for "payslip"),
    not a word of some of its own files' names ("Xcel Energy bills": XcelEnergy_Statement.pdf in Bills/Xcel)."""
    named = {f.relpath for f in path_matches(term, files) if f.relpath.startswith(folder + "/")}
    subs = {p.rsplit("/", 1)[0] for p in named}
    return bool(named) and folder not in subs and named == {f.relpath for f in inside if f.relpath.rsplit("/", 1)[0] in subs}


def _in_folder(folder: str, terms: list[str], q: str, files: Sequence[Any], slots: Any) -> NameMatch | None:
    """The file of ``folder`` the words name, or its newest when the question asks for the last one ("when was
    the last Octopus bill saved": Home/Octopus's newest statement, not the council tax bill elsewhere)."""
    inside = [f for f in files if f.relpath.startswith(folder + "/")]
    named = resolve_name(terms, inside, slots.extensions) if terms and inside else None
    if named is None and inside and re.search(r"\bthe (?:last|latest|newest|most recent)\b", q):
        return NameMatch(max(inside, key=lambda f: f.mtime), 1.0, list(terms))  # (the words said of it)
    return named


def _folder_named(plan: Plan, question: str, q: str, files: Sequence[Any], intent: str) -> list[str]:
    """Sets ``plan.folder`` to the folder the question names, and takes the words that named it out of the
    topics (they are not what the files must say); returns those words."""
    slots = plan.slots
    plan.folder = find_folder(question, files, loose=intent in ("list", "tree", "disk", "folders")
                              or bool(LIST_OPENER.match(q)))
    said_folder: list[str] = []
    asked = list(slots.topics)
    if plan.folder:  # words that named the folder are not topics to filter by
        parts = {w for p in plan.folder.split("/") for w in path_words(p)} | before_folder_word(question)
        said_folder = [t for t in slots.topics if any(same_word(t, w) or starts_alike(t, w)
                                                      or t in ALIKE.get(w, ()) for w in parts)]
        slots.topics = [t for t in slots.topics if t not in said_folder]
        inside = [f for f in files if f.relpath.startswith(plan.folder + "/")]
        if slots.extensions and not any(f.ext in slots.extensions for f in inside):
            plan.folder, slots.topics = None, asked  # "the invoice tracking spreadsheet": no sheet is in Invoices
            return []
        if intent in ("list", "count", "disk"):  # "my internet bills": the Internet folder's files, whatever
            slots.topics = [t for t in slots.topics if not after_name(question, t, parts)  # they say, unless it
                            or _names_subfolder(t, plan.folder, inside, files)]  # names a subfolder ("Joost's payslips")
        slots.topics = [t for t in slots.topics if not included(q, t, plan.folder, files)]
        if intent in ("list", "count"):  # "what instruction manuals do I have", "which client meeting notes":
            # the folder's files, whatever they say, unless the word names some of them
            # (or names a kind of them after it: "how many F24 payment receipts")
            said_of = [t for t in slots.topics if (before(q, t, said_folder) or near_after(q, t, said_folder))
                       and not path_matches(t, inside)]
            out = [{f.relpath for f in path_matches(t, files) if not f.relpath.startswith(plan.folder + "/")}
                   for t in slots.topics]  # (the listing's own index: one of the files outside is built in seconds)
            if any(before(q, t, said_folder) and path_matches(t, files) for t in said_of) or not said_folder and \
                    out and set.intersection(*out):
                # "the tuition invoices": Sunflower_Tuition, not the business's Invoices folder (a kind said after it
                # is of the folder's files: "how many F24 payment receipts"); "which Eneco bills": no word named
                # the Facturen folder as a folder, and files out of it are named by all its words (Eneco factuur …)
                plan.folder, slots.topics = None, asked
                return []
            slots.topics = [t for t in slots.topics if t not in said_of]
        if slots.kind_word and any(same_word(slots.kind_word, w) for w in path_words(plan.folder.rsplit("/", 1)[-1])):
            slots.extensions, slots.kind_word = None, None  # "the files in Notes": the folder, not a kind
    return said_folder
