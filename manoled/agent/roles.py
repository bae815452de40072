"""The role a "who" question asks of a firm: its verb ("who *supplies* my electricity") or its role ("who is my
internet *provider*"). A paper names the firm, rarely its role, so these words are not what a passage must say.
"""

from __future__ import annotations

from functools import lru_cache

from .kinds import typed_by
from .slots import stem, words

# what a firm is to the person asking, which its own papers rarely say (a lease does say "landlord")
_ROLES = frozenset("provider supplier company firm vendor business organisation organization".split())
_SERVICES = ("suppl", "insur", "provid", "fix", "repair", "install", "servic", "deliver", "clean", "host", "sell", "sold",
             "lease", "leasing", "rent", "built", "build", "manag", "employ", "issu", "bill", "charg")


@lru_cache(maxsize=256)
def role_words(question: str) -> frozenset[str]:
    """The words of a "who" question that name the role asked, not the thing it is about: its verb ("who
    *supplies* my electricity") and its role ("who is my internet *provider*"). A paper names the firm,
    rarely its role."""
    kind, asked = typed_by(question)
    if kind not in ("person", "org") or not asked:
        return frozenset()
    ws = words(question)
    out = set()
    for i, w in enumerate(ws):
        if w.startswith("who") and i + 1 < len(ws) and _service(ws[i + 1]):
            out.add(stem(ws[i + 1]))
        if w.startswith("who") and ws[i + 1:i + 2] in (["do"], ["does"], ["did"]) and ws[i + 2:i + 3] in (
                ["i"], ["we"], ["you"], ["they"]) and ws[i + 3:i + 4] and _service(ws[i + 3]):
            out.add(stem(ws[i + 3]))  # "who do we lease the car from": the lessor
    out |= {stem(w) for w in ws if stem(w) in _ROLES}
    if ws[0].startswith("who") and ws[-1] == "with":  # "who's our broadband with": the firm that provides it
        out.add("with")
    return frozenset(out)


def _service(verb: str) -> bool:
    """Whether ``verb`` is a service a firm does for a household ("supplies", "insured", "fixing")."""
    v = verb.lower()
    return any(v == s or v.startswith(s) and len(v) - len(s) <= 3 for s in _SERVICES)
