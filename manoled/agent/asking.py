"""Which sentence of a question asks: "Is the cat getting chunky? *What did the scales say at her check-up?*",
"The tap drips all week - *who do I phone?*", "If we moved out in May, *how far ahead do we tell them?*". What a
question tells around it places the question; the sentence that asks says what a file must answer."""

from __future__ import annotations

import re

# the words a sentence that asks opens with, after an "and" or "so"
_ASK_OPENING = (r"(?:(?:so|and|but|ok|okay|then|also)\W+)?"
                r"(?:(?:by|until|till|for|from|since|in|on|at|to|with) (?=(?:what|when|which|whom|how)\b))?(?:what|when|who|whom|whose|where|which|how|why|is|are|was|were|"
                r"do|does|did|can|could|should|will|would|has|have|had)\b")
# a question's sentences: after "?" or "!", after a word's full stop or a dash before what asks ("the tap drips -
# who do I phone?", "The form wants the PNR. What is it?"; not "Dr. Who")
_BREAK = re.compile(rf"(?<=[?!])\s+|(?<=(?-i:[a-z]{{3}}|[A-Z]{{3}})\.)\s+(?={_ASK_OPENING})"
                    rf"|\s+[-–—]+\s+(?={_ASK_OPENING})", re.IGNORECASE)
_ASKS = re.compile(rf"^{_ASK_OPENING}|\b(?:what|when|who|where|which|how)\b.*\?$", re.IGNORECASE)


_WORD = r"(?:[^\s,?!]|(?<=\d),(?=\d))+"  # a word, a sum's thousands too ("with ₦50,000, how much …")
# "If Luis and I don't stay past May, how far ahead do we tell them?": a case told before what asks, in three words
# or more ("Before insurance, how much …" only qualifies what is asked; "When is it, and …" asks already)
_CASE = re.compile(rf"^\s*(?:if|once|now that|in case|when|whenever|after|before|since)\s+(?!{_ASK_OPENING})"
                   rf"(?:{_WORD}\s+){{2,}}?{_WORD},\s+(?={_ASK_OPENING})", re.IGNORECASE)


# a case supposed, not one that happened: "If the shed burnt down, …", "In case the dog goes missing, …"
_SUPPOSED = re.compile(r"\s*(?:if|in case)\b", re.IGNORECASE)


# a question asked inside a sentence that tells: "Before I call him back I need to know *what the cover costs*",
# "can you remind me *when the bins go out*"
_EMBEDDED = re.compile(r"\b(?:know|tell me|tell us|remind me|remind us|find out|work out|figure out)\s*[,:]?\s+"
                       r"(?=(?:what|when|where|who|whom|whose|which|how|whether)\b)", re.IGNORECASE)


def _parts(question: str) -> list[str]:
    """The sentences of ``question``, and of a sentence that asks inside it, what it tells and what it asks."""
    out = []
    for p in _BREAK.split(question.strip()):
        if m := _EMBEDDED.search(p):
            out += [p[:m.end()], p[m.end():]]
        elif p.strip():
            out.append(p)
    return [p for p in out if p.strip()]


def apart(question: str) -> bool:
    """Whether ``question`` tells in a sentence of its own before or after the one that asks ("The tap drips
    all week - who do I phone?"), or in a case it only supposes ("If we move out, …"): not in one that has
    happened, which narrows what is asked ("After I filed in March, how much came back?")."""
    return len(_parts(question)) >= 2 or bool(_SUPPOSED.match(question))


def asked_part(question: str) -> str:
    """The sentence of ``question`` that asks, without what it tells first or after: "Is the cat getting chunky?
    *What did the scales say at her check-up?*", "The tap drips - *who do I phone?*", "*How early do we leave?* I
    need to plan the nap.", "If we moved out, *how far ahead do we tell them?*" The last sentence that asks; of one
    sentence, what follows a case it tells first; else the whole question."""
    parts = _parts(question)
    if len(parts) < 2:
        case = _CASE.match(question)
        return question[case.end():] if case else question
    asking = [p for p in parts if _ASKS.search(p.strip())]
    return asking[-1].strip() if asking else question


def pointed_part(question: str, points_back: re.Pattern[str]) -> str:
    """The sentence that asks, with the one just before it when it points back to that one (``points_back``: "the
    current one", "that one"): "I'm paying bills before December. *The power bill for September came last week -
    what's the figure on that one?*" The sentences further back still only tell; "" when the one that asks does not
    point back or nothing comes before it."""
    parts = _parts(question)
    asking = [n for n, p in enumerate(parts) if _ASKS.search(p.strip())]
    n = asking[-1] if asking else -1
    if n < 1 or not points_back.search(parts[n]):
        return ""
    before = _SENTENCE.split(parts[n - 1].strip())[-1]  # (of what it tells, its last sentence)
    return f"{before} {parts[n].strip()}"


_SENTENCE = re.compile(r"(?<=[a-z]{2}[.!])\s+(?=[A-Z])")  # a full stop after a word, a capital after it


# "opening time", "boarding time": the clock time something happens at, not how long it takes (cooking time)
AT_A_TIME = frozenset("opening closing boarding starting meeting departing arriving landing leaving finishing ending "
                       "pickup check-in".split())
_OF_WHAT = frozenset("on of for in at from to with about per a each every".split())


def day_named(ws: list[str]) -> str | None:
    """"date" or "time" when the noun phrase that opens ``ws`` ends in a word for one ("the pay-before date on the
    bill", "the pay by date", "the payment date of"): a few words, none a preposition that says of what."""
    for k, w in enumerate(ws[:5]):
        if w in _OF_WHAT or w in ("did", "does", "do", "will", "would"):
            return None
        if k and w in ("date", "day", "deadline", "time") and (k + 1 == len(ws) or ws[k + 1] in _OF_WHAT):
            return "time" if w == "time" else "date"
    return None
