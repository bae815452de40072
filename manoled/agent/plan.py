"""A plan: what a question asks (its intent and slots), the file or folder it names, and for a follow-up the turn it
continues. The planner (:mod:`.planner`) makes it; the steps that answer read it, and name the files it asks about
by :func:`kind_label`."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .names import NameMatch
from .slots import KIND_WORDS, Slots


@dataclass
class Plan:
    intent: str
    confidence: float
    slots: Slots
    scores: dict[str, float] = field(default_factory=dict)
    name: NameMatch | None = None  # the file the question names, when one stands out
    followup: bool = False
    base: Any = None  # the previous turn a follow-up continues
    question: str = ""
    reason: str = ""
    folder: str | None = None  # a folder the question names, relative to its root
    whole_name: bool = False  # every topic word is in ``name``'s file name: the question is about that file
    about: str | None = None  # for a disk question, the word that names the files measured ("my invoices")
    where: bool = False  # asks where files are kept: a list that names their folder

    def to_dict(self) -> dict[str, Any]:
        return {"intent": self.intent, "confidence": round(self.confidence, 3), "slots": self.slots.to_dict(),
                "file": self.name.file.relpath if self.name else None, "followup": self.followup,
                "reason": self.reason}


def kind_label(slots: Slots) -> str:
    """How to name the files a question asked about ("PDF", "spreadsheet", "")."""
    word = slots.kind_word
    if not word:
        return ""
    if word in ("pdf", "csv", "txt", "md", "json", "xml", "html", "docx", "xlsx", "xls", "png", "jpg", "jpeg",
                "heic", "gif", "py") or word not in KIND_WORDS:
        return word.upper() if len(word) <= 4 else word
    return word
