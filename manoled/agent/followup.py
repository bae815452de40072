"""Follow-ups: the previous turn's files, intent and slots, with what the new question changes.

``resolve(plan, question, files, now, text_of)`` turns a follow-up (the planner's ``intent == "followup"``, with
``plan.base`` the previous turn) into the planner's tool calls (a :class:`~.direct.Direct`):

* after a filesystem answer, the same question with the new slots: another folder ("and Recipes?"), the files
  themselves ("which ones?"), another order ("which of those is the biggest?"), another kind or period ("PDFs?",
  "in March?"), one of the listed files ("how much is the globex one?");
* after a content answer, in this order:

  1. the new words are inside the previous answer's file ("anything about the car?" after the todo list): that
     file, asked with the follow-up's own words, and not for the sentence the previous answer gave;
  2. the new words name another file ("and the Globex one that month?" after the Acme invoice): the previous
     question about that one, its other slots kept;
  3. a new question with nothing new to be about ("who was there?", "and when do I leave?"): the previous file,
     asked with the follow-up's own words, and never the sentence the previous answer already gave;
  4. anything else: the previous question with the new words.

  A search inside the previous file that finds nothing falls back to every file. An answer never repeats the
  previous one when the follow-up asks a value of the same kind ("how much have they paid?" after the total).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from .askwords import CHANGE_WORDS, SIZE_WORDS
from .attribute import AUX, HAPPENS, VERBS, asked_words, is_type_word
from .commonness import adverb
from .continuation import ASKS_INSIDE, POINT_BACK, asks_again, mentions, ordinal, own_words, turn_files
from .direct import Direct, calls_for
from .ellipsis import (
    BARE_THAT,
    PUNCT,
    THEIRS,
    date_words,
    framed,
    his_phone,
    kept_heading,
    pointed_at,
    redated,
    referent,
    renumbered,
    said_already,
    undated,
)
from .entries import is_log, row_day
from .folderwords import find_folder
from .gloss import forms
from .intents import FILE_INTENTS
from .kinds import wanted_type
from .layout import TABLES
from .months import LATEST, shifted
from .names import index_of, path_words, rank_names
from .parse import ToolCall
from .plan import Plan
from .reworded import copy_slots, reword, swapped
from .series import dated_sibling, in_sequence, of_period, series_of, sibling
from .slots import Slots, TimeRange, read_slots, stem, time_words, words
from .whereabouts import WHERE_WORDS
from .wording import fold

TextOf = Callable[[Any], str]


def _search(query: str, in_file: Any | None = None, id: str = "planner_0") -> ToolCall:
    args: dict[str, Any] = {"query": query, **({"in_file": in_file.relpath} if in_file is not None else {})}
    return ToolCall("semantic_search", args, id=id, fmt="planner")


def resolve(plan: Plan, question: str, files: list[Any], now: float, text_of: TextOf | None = None) -> Direct:
    """The tool calls that answer a follow-up, and the question they answer (its plan marked a follow-up's)."""
    d = _resolve(plan, question, files, now, text_of)
    d.plan.followup = True
    return d


def _resolve(plan: Plan, question: str, files: list[Any], now: float, text_of: TextOf | None) -> Direct:
    base = plan.base
    bplan: Plan | None = getattr(base, "plan", None)
    if bplan is not None and bplan.followup and getattr(base, "resolved", ""):
        base = replace(base, question=base.resolved)  # "how much was it?", then "and the final invoice?": as resolved
    own = his_phone(own_words(question) or question)  # "what's his number?"
    if bplan is None:
        fresh = Plan("content", 0.0, read_slots(question, now), question=question)
        return Direct(calls_for(fresh, f"{question} {base.question}"), fresh, f"{question} {base.question}")
    nth = ordinal(question) if bplan is not None and bplan.intent in ("list", "count") else None
    listed = turn_files(base, files, cited_only=False)
    if nth is not None and len(listed) > 1 and -len(listed) <= (nth - 1 if nth > 0 else nth) < len(listed):
        # "what's in the second one?" after a listing: that file, in the order it gave them ("who went to the
        # last one?" after a meeting's date is no place in a list)
        return _about_file(listed[nth - 1 if nth > 0 else nth], bplan, base, question, inside=True)
    new = read_slots(own, now)
    moved = shifted(bplan.slots.time, question)
    if moved is not None:  # "and the month before that?": the previous question, one period earlier
        return _in_period(bplan, base, moved)
    if bplan.intent in FILE_INTENTS:
        return _after_files(bplan, base, question, own, new, files)
    return _after_content(bplan, base, question, own, new, files, text_of)


# -- after a filesystem answer -------------------------------------------------------------------
def _after_files(bplan: Plan, base: Any, question: str, own: str, new: Slots, files: list[Any]) -> Direct:
    folder = find_folder(own, files)
    if folder is None and (bplan.folder or bplan.intent in ("disk", "folders", "tree")):
        folder = _folder_said(own, files)  # "and notes?" after a folder's size: the Notes folder, not notes
    # "and Recipes?" after "how much space do the photos use": the same question about another folder
    if folder:
        slots = copy_slots(bplan.slots)
        slots.extensions, slots.kind_word = new.extensions, new.kind_word
        slots.year = None if str(new.year) in folder else new.year  # "now the 2025 ones": Payslips/2025, any of it
        if slots.kind_word and any(stem(slots.kind_word) == stem(w) for w in path_words(folder)):
            slots.extensions, slots.kind_word = None, None
        p = Plan(bplan.intent if bplan.intent != "folders" else "disk", 1.0, slots, question=base.question,
                 folder=folder)
        return Direct(calls_for(p, base.question), p, base.question)
    # "and when was it last changed?" after one file's size: the same file, asked the new thing; "how much did that
    # visit cost?" after the vet bill's date, a value, unless the new words name another file
    listed = turn_files(base, files, cited_only=False)
    one = bplan.name.file if bplan.name is not None else listed[0] if len(listed) == 1 else None  # (or named by a hint)
    if bplan.intent == "metadata" and one is not None and not new.extensions and (
            not new.topics or wanted_type(question) is not None and not _names_other(new, one, files)):
        return _about_file(one, bplan, base, question)
    if bplan.intent in ("count", "list") and len(listed) == 1 and not new.sort and \
            {stem(w) for w in words(question)} & (SIZE_WORDS | CHANGE_WORDS | WHERE_WORDS):
        return _about_file(listed[0], bplan, base, question)  # "how big is that file?" after a list of one
    # "which ones?" / "list them" / "which of those is the biggest?" after a count or a list: those files
    if bplan.intent in ("count", "list") and not new.topics and not new.extensions and not new.time:
        slots = replace(copy_slots(bplan.slots), limit=50)
        if new.sort:
            slots.sort = new.sort
            one = re.search(r"\b(?:is|was) the\b|\bone\b", " ".join(words(question)))
            slots.limit = new.limit or (1 if one else 5)
        p = Plan("list", 1.0, slots, question=base.question, folder=bplan.folder)
        return Direct(calls_for(p, base.question), p, base.question)
    picked = _one_of(new, listed)
    if picked is not None:  # "how big is the globex one?": one of the files the previous answer named
        return _about_file(picked, bplan, base, question)
    return _with_new_slots(bplan, base, own, new, files)


def _folder_said(own: str, files: list[Any]) -> str | None:
    """The shortest folder whose own name is one of the words of a bare follow-up ("and notes?")."""
    said = {stem(w) for w in words(own)}
    folders = index_of(files).folders if files else []
    return min((p for p in folders if stem(p.rsplit("/", 1)[-1].lower()) in said), key=lambda p: (len(p), p),
               default=None)


# -- after a content answer ----------------------------------------------------------------------
def _after_content(bplan: Plan, base: Any, question: str, own: str, new: Slots, files: list[Any],
                   text_of: TextOf | None) -> Direct:
    listed = turn_files(base, files, cited_only=False)
    cited = turn_files(base, files)
    if len(listed) > 1:
        picked = _one_of(new, listed)
        if picked is not None and not (cited and picked.relpath == cited[0].relpath):  # not the one it answered from
            ref = referent(base) if THEIRS.search(question) else []  # "her number" in the phone list: hers
            return _about_file(picked, bplan, base, " ".join([own, *ref]) if ref else _in_place(bplan, base, question,
                                                                                              new, cited))
    asked = {stem(w) for w in words(question)}
    other = None
    if cited and OTHER.search(" ".join(words(question))):  # "what about the other globex one?"
        other = sibling(cited[0], files, {str(f.path) for f in cited})
    step = 1 if NEXT.search(question.lower()) else -1 if PREVIOUS.search(question.lower()) else 0
    if other is None and cited and step:  # "and the next invoice to them?"
        other = in_sequence(cited[0], files, step)
    if other is None and cited and LATEST.search(own):  # "and when does the latest renewal kick in?"
        newest = series_of(cited[0], files)[-1:]
        if newest and newest[0].path != cited[0].path:
            return _in_file(own, _named(bplan.slots.topics, cited[0]), newest[0], new)
    if other is not None:  # the same question, of that file, or its own ("and what was the total the year before?")
        mine = " ".join(PREVIOUS.sub("", NEXT.sub("", own.lower())).split())
        # "from september 2025" named the first one, not this one
        query = mine if wanted_type(mine) and new.topics else undated(base.question)
        p = Plan("content", 1.0, read_slots(query, 0.0), question=query)
        return Direct([_search(query, other)], p, query, restrict=[str(other.path)])
    if cited and asked & (SIZE_WORDS | CHANGE_WORDS | _PLACE_WORDS) and not new.topics and wanted_type(question) != "amount":
        # "how big is it?" after a content answer: the file it came from, as a file
        return _about_file(cited[0], bplan, base, question)
    before = {stem(w) for w in words(base.question)}
    fresh = [t for t in new.topics if t not in before]  # what the follow-up adds
    top = cited[0] if cited else None
    named = _named(bplan.slots.topics, top)
    # 0. another period that a paper of the previous one's series is of ("and this year's renewal?"): that paper
    dated = dated_sibling(top, new.time, files) if new.time and top is not None else None
    if dated is not None:
        return _new_period(bplan, base, own, new, dated)
    if top is not None and said_already(base, question):  # the line it answered with says it: that answer again
        return Direct([], Plan("content", 1.0, new, question=question), question, restrict=[str(top.path)], said=base.answer)
    # 1. the new words are inside the previous answer's file, or the follow-up asks whether they are: that file
    if top is not None and fresh:
        text = text_of(top) if text_of is not None else ""
        if any(mentions(text, t) for t in fresh) or ASKS_INSIDE.search(" ".join(words(question))):
            # "and gas?" after the electricity reading of 1 March: that day's row of the log still
            # ("how much of that was GST?" points at the answer itself: no other row)
            # ("how many litres did I put in?" after the last fill-up: that fill-up's row of the fuel log)
            keep = not new.time and is_log(text) and (BARE_THAT.search(question) or not POINT_BACK.search(question)
                                                      and not _IT.search(question) and not THEIRS.search(question))
            answered = getattr(base, "answer", "").rsplit(" (from ", 1)[0]
            when = "" if not keep else date_words(base.question) if bplan.slots.time else \
                row_day(answered) if top.relpath.lower().endswith(TABLES) else ""
            kept = kept_heading(text, getattr(base, "answer", ""), bplan.slots.topics, fresh)
            again = asks_again(own, base)  # a sum asked after a sum: not the sum given; else that line may say it
            return _in_file(" ".join([framed(own, base.question, text), when, *kept]).strip(), [], top, new,
                            base if again else None, fresh, again=again)
    if top is not None and top.relpath.lower().endswith(TABLES) and text_of is not None and any(
            not (is_type_word(t) or adverb(t) or t in VERBS or t in AUX) for t in fresh) and \
            not any(mentions(text_of(top), t) for t in fresh):  # (a thing said: "GST", not "really")
        # "how much of that was GST?" after a row of the flat's bills: no row says GST; the paper of the row's
        # thing may (the vet's invoice): looked for everywhere, of that thing and that day
        query = " ".join([own, *_context(bplan, base, own, fresh, named), date_words(base.question)
                          if bplan.slots.time else ""]).strip()
        return Direct([_search(query)], Plan("content", 1.0, read_slots(query, 0.0), question=query), query)
    # "how much did that visit cost?", "who wrote up that estimate?": the previous answer's file, pointed at
    if top is not None and POINT_BACK.search(question) and not (new.time or _named(new.topics, None)):
        return _in_file(own, named, top, new, base, again=asks_again(own, base))
    # 2. the new words name another file: the previous question, about that one
    # "his phone number", "how much is it with tax": the answer's thing, no other file
    if fresh and top is not None and not THEIRS.search(question) and not _IT.search(question):
        mine = {str(f.path) for f in cited}
        others = [m for m in rank_names(fresh, files) if str(m.file.path) not in mine]
        if others and not any(t in path_words(top.relpath) for t in fresh):
            # the new file: the one that also says the rest of the question (the plumber's invoice, not EDF's)
            new_file = next((m.file for m in rank_names(fresh + bplan.slots.topics, files)
                             if str(m.file.path) not in mine and set(fresh) & set(m.matched)), others[0].file)
            return _swap(bplan, base, fresh, top, new_file, own)
    # 3. another period ("and in December?") that no paper of the series is of, or after an answer not found: the
    # previous question then
    if new.time and not fresh:
        return _new_period(bplan, base, own, new, None)
    # 4. a new question about the same file
    if top is not None and (wanted_type(own) or fresh or not new.topics):
        asks = fresh + [t[:-2] for t in fresh if adverb(t)]  # "actually": the row's "actual" column
        context = named + _context(bplan, base, own, fresh, named)
        context += [w for w in pointed_at(base, question) if w not in context]
        return _in_file(framed(own, base.question, text_of(top) if text_of else ""), context, top, new,
                        base, asks=asks, again=asks_again(own, base))
    if top is None and (wanted_type(own) or asked_words(own)):
        # the previous question found nothing: this one, about the same thing ("how much was it?" after "when
        # did I buy the wacom tablet?"; "how much notice …" after the payment terms of a contract)
        query = f"{own} {' '.join(_context(bplan, base, own, fresh, []))}".strip()
        p = Plan("content", 1.0, read_slots(query, 0.0), question=query)
        return Direct([_search(query)], p, query)
    return _with_new_slots(bplan, base, own, new, files)


_IT = re.compile(r"\b(?:is|was|does|did|will|would|has) it\b|\bit (?:costs?|came|comes|says?|cover(?:s|ed)?)\b|"
                 r"\bthe one (?:home|back|there|out)\b|\b(?:with|from|by) them\b|"
                 r"\b(?:pay|paid|transfer|transferred|send|sent|wire|bring|return|submit|renew|cancel)\s+it\b", re.IGNORECASE)
# "the one home": the other leg, same paper; "our client number with them": the firm the answer came from; "which
# bank account do we transfer it to": the fee just given, not a bank's papers


def _context(bplan: Plan, base: Any, own: str, fresh: list[str], named: list[str]) -> list[str]:
    """The previous question's words that stay with a new one about the same thing ("and what did I actually
    spend?" is still on groceries), less what it asked ("and its number?" after the due date: not the date
    again); none when the new one names a thing of its own ("and what do I charge per page for translation?")."""
    context = [t for t in bplan.slots.topics if t not in named]
    if wanted_type(own) or asked_words(own):
        before_asked = set(asked_words(base.question))
        context = [t for t in context if t not in before_asked and not is_type_word(t)]
        if len([t for t in fresh if not is_type_word(t) and not adverb(t)]) >= 2:
            return []
    return context


_PLACE_WORDS = frozenset({"folder", "directory", "path"})  # "which folder is it in?": the file's place, not an address
OTHER = re.compile(r"\b(?:the other|another)\b")
NEXT = re.compile(r"\b(?:the )?(?:next|following|after that|(?:one|year|month|week|time) after)\b")
PREVIOUS = re.compile(r"\b(?:the )?(?:previous|prior|before that|(?:one|year|month|week|time) before)\b")


def _named(topics: list[str], f: Any | None) -> list[str]:
    """The previous question's words that name its file ("porto hotel" for porto_hotel_booking.pdf)."""
    if f is None:
        return []
    mine = set(path_words(f.relpath))
    return [t for t in topics if t in mine]


def _in_file(own: str, named: list[str], f: Any, new: Slots, base: Any = None, asks: list[str] | None = None,
             again: bool = False) -> Direct:
    """The follow-up's own words, asked inside ``f`` (with the words that name it); every file if none there. With
    ``base``, the previous turn, an answer other than its own (``again``: the same kind of value asked again)."""
    query = " ".join([own, *[t for t in named if t not in {stem(w) for w in words(own)}]]).strip()
    p = Plan("content", 1.0, new, question=query)
    return Direct([_search(query, f)], p, query, restrict=[str(f.path)], avoid=getattr(base, "answer", ""),
                  asks=list(asks or []), fallback=[_search(query, id="planner_1")], again=again)


def _new_period(bplan: Plan, base: Any, own: str, new: Slots, dated: Any | None) -> Direct:
    """The previous question asked of the new period, in ``dated`` (its series' paper of that period) if any."""
    slots = copy_slots(bplan.slots)
    slots.time = new.time
    said = [b for w in own.split() if (b := re.sub(r"['’]s$", "", w.strip(PUNCT))).lower() in time_words(own)]
    # ("what about January's?": January)
    resolved = redated(base.question, said)
    p = Plan("content", 1.0, slots, question=resolved)
    if dated is None:
        return Direct(calls_for(p, resolved), p, resolved)
    return Direct([_search(resolved, dated)], p, resolved, restrict=[str(dated.path)],
                  fallback=[_search(resolved, id="planner_1")])


def _in_period(bplan: Plan, base: Any, when: TimeRange) -> Direct:
    """The previous question asked of another period: its own date words replaced by the new period's."""
    slots = copy_slots(bplan.slots)
    slots.time = when
    label = when.label.split(" ", 1)[1] if when.label.startswith(("in ", "on ")) else when.label
    resolved = undated(base.question).rstrip("?.! ").removesuffix(" on").removesuffix(" in") + f" in {label}"
    p = Plan(bplan.intent if bplan.intent != "followup" else "content", 1.0, slots, question=resolved,
             folder=bplan.folder)
    return Direct(calls_for(p, resolved), p, resolved)


def _swap(bplan: Plan, base: Any, fresh: list[str], top: Any, new_file: Any, own: str) -> Direct:
    """The previous question with the words that named its file, and do not name the new one, replaced by the new
    ones ("and the final invoice?" after the plumber's quote, devis_plomberie: the plumber's invoice). A follow-up
    that asks another kind of value than the previous question is asked itself, about what that one was about
    ("and how much were the tickets?" after the train's time: a sum, of that train, not its time again)."""
    old_names = set(path_words(top.relpath))
    new_names = set(path_words(new_file.relpath))

    def names(t: str, where: set[str]) -> bool:
        return t in where or any(fold(stem(g)) in where for g in forms(t))

    gone = [t for t in bplan.slots.topics if names(t, old_names) and not names(t, new_names)]
    slots = copy_slots(bplan.slots)
    slots.topics = [t for t in bplan.slots.topics if t not in gone] + fresh
    resolved = reword(base.question, gone, fresh)
    if wanted_type(own) not in (None, wanted_type(base.question)):
        about = _subject(base.question, [t for t in bplan.slots.topics if t not in fresh])
        slots.topics, resolved = about + fresh, " ".join([own, *about])
    if bplan.slots.time and not of_period(new_file, bplan.slots.time):
        # "what about the stark one?" after the Globex bill of September: the Stark paper is of March, not September
        resolved, slots.time = undated(resolved), None
    p = Plan("content", 1.0, slots, question=resolved)
    return Direct(calls_for(p, resolved), p, resolved)


def _subject(question: str, topics: list[str]) -> list[str]:
    """Of ``topics``, the words that say what ``question`` asks about, not what it asks of it: those before its
    verb ("what time did our train to Vrchlabí leave back": the train to Vrchlabí), or all when none come before."""
    ws = words(question)
    end = next((i for i, w in enumerate(ws) if i > 1 and w not in AUX and (w in HAPPENS or w in VERBS)), len(ws))
    before = {stem(w) for w in ws[:end]}
    said = [t for t in topics if t in before and not is_type_word(t) and t not in asked_words(question)]
    return said or [t for t in topics if not is_type_word(t)]


def _one_of(new: Slots, candidates: list[Any]) -> Any | None:
    """The one file of ``candidates`` the follow-up's words name ("the globex one")."""
    if not new.topics or not candidates:
        return None
    picked = rank_names(new.topics, candidates)
    if picked and (len(picked) == 1 or picked[0].score > picked[1].score):
        return picked[0].file
    return None


def _in_place(bplan: Plan, base: Any, question: str, new: Slots, cited: list[Any]) -> str:
    """A follow-up that only names another thing ("and the rego?" after "when's the Hilux WOF up?"): the previous
    question with it in the place of the word it stands for (:func:`_replace_topic`); else the follow-up."""
    if wanted_type(question) is not None or not new.topics:
        return question
    _topics, gone, added = swapped(bplan.slots.topics, new.topics, [str(f.path) for f in cited])
    return reword(base.question, gone, added) if gone and added else question


def _about_file(f: Any, bplan: Plan, base: Any, question: str, inside: bool = False) -> Direct:
    """The follow-up asked of one file; ``inside``: the file was pointed at by its place in a list, so a
    question that asks nothing about it as a file ("what's in the second one?", "open it") asks what it says."""
    asked = {stem(w) for w in words(question)}
    if inside and not asked & (SIZE_WORDS | CHANGE_WORDS | WHERE_WORDS) and wanted_type(question) is None:
        query = " ".join(path_words(f.name)[:-1]) or f.name
        p = Plan("content", 1.0, read_slots(query, 0.0), question=query)
        return Direct([_search(query, f)], p, query, restrict=[str(f.path)])
    if asked & (SIZE_WORDS | CHANGE_WORDS | WHERE_WORDS) and wanted_type(question) not in ("amount", "person"):
        p = Plan("metadata", 1.0, read_slots(question, 0.0), question=question)  # "how big is the pesto one?"
        return Direct([ToolCall("file_metadata", {"name_hint": f.relpath}, id="planner_0", fmt="planner")], p,
                      question)
    if wanted_type(question) is not None:  # "how much is the globex one?": its own question, in that file
        p = Plan("content", 1.0, read_slots(question, 0.0), question=question)
        return Direct([_search(question, f)], p, question, restrict=[str(f.path)])
    if bplan.intent in ("content", "followup"):
        p = Plan("content", 1.0, bplan.slots, question=base.question)
        return Direct([_search(base.question, f)], p, base.question, restrict=[str(f.path)])
    p = Plan("metadata", 1.0, bplan.slots, question=base.question)
    return Direct([ToolCall("file_metadata", {"name_hint": f.relpath}, id="planner_0", fmt="planner")], p,
                  base.question)


def _names_other(new: Slots, f: Any, files: list[Any]) -> bool:
    """Whether the follow-up's words name a file other than ``f`` ("and the globex one?")."""
    match = rank_names(new.topics, files)
    return bool(match) and all(m.file is not f for m in match if m.score >= match[0].score)  # (f not tied best)


def _with_new_slots(bplan: Plan, base: Any, own: str, new: Slots, files: list[Any]) -> Direct:
    """"and for support?" / "what about PDFs?" / "in March?": the previous question with the new slots."""
    slots = copy_slots(bplan.slots)
    if new.extensions:
        slots.extensions, slots.kind_word = new.extensions, new.kind_word
    if new.time or new.year:  # "now the 2026 ones": that year, in place of the one before
        slots.time, slots.year = new.time, new.year
    if new.sort:
        slots.sort = new.sort
    gone: list[str] = []
    added: list[str] = []
    if new.topics:
        slots.topics, gone, added = swapped(bplan.slots.topics, new.topics, list(getattr(base, "paths", []) or []))
    resolved = reword(base.question, gone, added) if added else \
        renumbered(base.question, own) or f"{base.question} {own}".strip()
    intent = bplan.intent if bplan.intent != "followup" else "content"
    if intent == "metadata" and new.topics and wanted_type(own) is not None and \
            not {stem(w) for w in words(own)} & (SIZE_WORDS | CHANGE_WORDS | WHERE_WORDS):
        intent, resolved = "content", own  # "and how much was the kasko premium?" after a file's date: a value
    p = Plan(intent, 1.0, slots, question=resolved, name=bplan.name if not new.topics else None, folder=bplan.folder)
    if p.intent == "metadata" and p.name is None:
        match = rank_names(slots.topics, files)
        if match:
            p.name = match[0]
        else:
            p.intent = "content"
    return Direct(calls_for(p, resolved), p, resolved)
