"""A paper tells nothing of what was done after it was written: the minutes of 12 August cannot say what the
September meeting decided, though they name that meeting ("Next meeting: 9 September") and a task due by the end
of September. Read of a question that asks what was done (no value: "what did they decide") in a month later in
the year than the one the paper's name dates it to."""

from __future__ import annotations

import re

from .kinds import typed_by
from .months import asked_months, name_dates

_DID = re.compile(r"\b(?:did|didn't|didn’t)\b", re.IGNORECASE)


def after_written(question: str, file_name: str) -> bool:
    """Whether ``question`` asks what was done in a month after the one ``file_name`` dates its paper to."""
    months, years = asked_months(question)
    if not months or not _DID.search(question) or typed_by(question)[0] is not None:
        return False  # (a value asked may be one the paper set for later: "what did they charge for September")
    dated = {(y, m) for y, m in name_dates(file_name) if y}
    if len(dated) != 1:
        return False
    ((year, month),) = dated
    return (not years or years == {year}) and min(months) > month
