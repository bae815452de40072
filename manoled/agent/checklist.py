"""Checklists: "what's left to do on the move-in list" asks for the boxes not yet ticked.

A to-do list marks what is done ("[x] Keys collected", "☑", "✓") and what is not ("[ ] Register for council
tax", "☐"). A question that asks what is still open, left, pending or not done yet is answered by a line with
an empty box, never by a ticked one, however well the ticked one matches the question's other words.
"""

from __future__ import annotations

import re
from dataclasses import replace

# "what's left to do", "what's left on my list", "still open", "not done yet", "haven't ticked off", "outstanding",
# "remaining"
PENDING = re.compile(r"\b(?:left to (?:do|sort|organi[sz]e)|still left|left (?:on|in|from) (?:my|the|our)|"
                     r"still (?:to do|open|pending|outstanding|undone|need)|"
                     r"not (?:yet )?(?:done|ticked|checked|finished|completed|sorted)|"
                     r"(?:haven'?t|have not|hasn'?t|didn'?t|did not) (?:yet )?(?:\w+ )?(?:done|do|ticked|checked|finished|"
                     r"completed|sorted)|unticked|unchecked|outstanding|pending|remaining|open items?)\b", re.IGNORECASE)
MAX_ITEMS, MAX_CHARS = 6, 200  # open items answered together, and the characters they may take
_OPEN = re.compile(r"^\s*(?:[-*•]\s*)?(?:\[ \]|☐)")
_DONE = re.compile(r"^\s*(?:[-*•]\s*)?(?:\[[xX✓✔]\]|☑|✓|✔)")


def is_open(line: str) -> bool:
    """Whether ``line`` is a to-do item with an empty box."""
    return bool(_OPEN.match(line))


def pending_first(question: str, facts: list) -> list:
    """``facts`` with the open items of the best fact's file first and its ticked ones last, when the question
    asks what is still to do; else as they are. Two open items or more are answered together ("Still to do:
    Register for council tax; Redirect post from the old address")."""
    if not facts or not PENDING.search(question):
        return facts
    path = facts[0].path
    mine = [f for f in facts if f.path == path]
    if not any(is_open(f.text) for f in mine):
        return facts
    mine.sort(key=lambda f: 0 if is_open(f.text) else 2 if _DONE.match(f.text) else 1)
    c = mine[0].candidate
    items = [_OPEN.sub("", ln).strip() for ln in (c.text.splitlines() if c is not None else []) if is_open(ln)]
    if len(items) >= 2:
        shown = [it for n, it in enumerate(items[:MAX_ITEMS]) if sum(map(len, items[:n + 1])) <= MAX_CHARS]
        rest = len(items) - len(shown)
        text = "Still to do: " + "; ".join(shown) + (f" (and {rest} more)" if rest else "")
        mine.insert(0, replace(mine[0], text=text))
    return mine + [f for f in facts if f.path != path]
