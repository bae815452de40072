"""The files say it of another thing than the one asked: a check of the answer's passage (:mod:`.verify`).

* :func:`unqualified`: a kind of thing the question names ("car insurance") whose head word the passage says of
  another kind ("Home Insurance"), and not of the one asked;
* :func:`other_thing`: a thing of a kind the question names ("our water meter") that the passage never says, while
  it says another thing of that kind ("electricity_kwh", "gas_m3"): :data:`.senses.SIBLING` lists those kinds.
"""

from __future__ import annotations

import re

from .attribute import DETERMINERS
from .facts import Fact
from .focus import compound
from .kinds import CONTACT_WORDS, CUES, typed_by
from .months import MONTH_NAMES
from .retrieve import contains
from .senses import MATCH as SENSE_MATCH
from .senses import SIBLING, WordSense, other_of_kind, passage_words
from .slots import STOP, stem, words
from .terms import SELECTING, topic_terms


def other_thing(question: str, passage: str) -> tuple[str, str] | None:
    """(the thing asked, the other thing of its kind the passage says) when the passage never says the one asked
    ("water" where a meter log says electricity and gas), else None."""
    ws: list[str] | None = None
    # "what phone number do we ring", "the guy who fixes our pipes, how do I phone?": whom to call, not the phone line
    coded = typed_by(question)[0] in ("code", "person")
    for t in topic_terms(question):
        if t not in SIBLING or contains(passage, t) or coded and t in CONTACT_WORDS:
            continue
        ws = words(passage) if ws is None else ws
        if other := other_of_kind(t, ws):
            return t, other
    return None


# words that say which one of a thing is asked, not what kind of thing it is ("the final invoice", "next appointment")
_WHICH_ONE = SELECTING | frozenset("fixed new old last first main total annual monthly weekly yearly daily latest own "
                                   "extra early late big small gross net".split())  # ("gross monthly": which sum)


def unqualified(question: str, fact: Fact, passage: str, sense: WordSense | None) -> tuple[str, str] | None:
    """A kind of thing the question names ("car insurance", "GP appointment", "bike insurance") whose head word the
    answer's passage says in English while it says nothing of the kind, literally or in a strong sense: the files
    say it of another thing (the homeowners policy for "our car insurance", the dentist for "my next GP one").
    Names are left to :func:`.named.of_the_named`; words that only say which one ("final", "next") are no kind.
    ``passage``: what the check weighs the fact by (its passage, a spreadsheet's row)."""
    terms = set(topic_terms(question))
    said = re.findall(r"[\w'-]+", question)
    verbs = _verbs(said, terms)
    # the question itself, not what it tells first ("a warning light came on, what do I top up?")
    asked = next((i for i, w in enumerate(said) if w.lower() in _WH), 0)
    for i in range(asked + 1, len(said)):
        m, h = said[i - 1], said[i]
        lm, lh = m.lower(), h.lower()
        if stem(lm) not in terms or stem(lh) not in terms or lh in CUES or i in verbs or lm in _WHICH_ONE \
                or not (lm.isalpha() and lh.isalpha()) or len(lm) < 2 or (m.istitle() and i > 1) or MONTH_NAMES.get(lm[:3]) \
                or lh in _PARTICLES:
            continue  # a name is no kind ("GP" is one), nor is a verb's particle a thing ("taken off", "paid back")
        if i + 1 < len(said) and stem(said[i + 1].lower()) in terms and i + 1 not in verbs and \
                said[i + 1].lower() not in _PAPER_HEADS:
            continue  # "national car test": the kind of test, not of car ("contents insurance policy": of insurance)
        if not re.search(rf"\b{re.escape(stem(lh))}", passage, re.IGNORECASE):
            continue  # the head said in English, not only in another tongue's word ("Kaution" for the deposit)
        if contains(passage, lm) or compound(passage, lm):
            continue
        near = sense.best([lm], passage_words(passage)) if sense is not None else {}
        if near.get(lm, (0.0, ""))[0] >= SENSE_MATCH:
            continue
        if _other_kind(fact.candidate.text if fact.candidate else fact.text, lm, stem(lh)):  # its text, not its
            # path ("Utility readings" is no other kind of meter reading)
            return lm, lh
    return None


_PARTICLES = frozenset("off out up down back over away in on".split())
# a paper that a thing's words name as a whole: "the home contents insurance policy" is that insurance's
_PAPER_HEADS = frozenset("policy policies bill bills invoice invoices statement statements contract schedule renewal "
                         "certificate letter notice".split())
_AUX = frozenset("do does did will would can could should has have had".split())  # not "is": no verb after it
_WH = frozenset("what what's whats when when's where where's who who's whose which how".split())


def _verbs(said: list[str], terms: set[str]) -> set[int]:
    """Where the question's verb stands after its subject: "does the robot hoover *run*", "does my bike insurance
    *renew*" (the last of the words after an auxiliary and a determiner)."""
    out = set()
    for a, w in enumerate(said):
        if w.lower() not in _AUX:
            continue
        i = a + 1
        while i < len(said) and said[i].lower() in DETERMINERS:
            i += 1
        j = i
        while j < len(said) and stem(said[j].lower()) in terms:
            j += 1
        if j - i >= 2:
            out.add(j - 1)
    return out


def _other_kind(passage: str, kind: str, head: str) -> bool:
    """Whether ``passage`` names ``head`` as another kind of it: "Home Insurance", "Health
    Cover" asked of "car insurance"; not "New fixed rate" asked of "the interest rate" (that says which one)."""
    for m in re.finditer(rf"\b([A-Za-z]{{3,}})\s+{re.escape(head)}", passage, re.IGNORECASE):
        if m.group(1).isupper() and "\n" in m.group()[len(m.group(1)):]:
            continue  # a heading's last word ("SOCIAL SECURITY ADMINISTRATION" over "Retirement, ...") is no kind
        w = m.group(1).lower()
        if w != kind and w not in _WHICH_ONE and w not in STOP and w not in CUES:
            return True
    return False
