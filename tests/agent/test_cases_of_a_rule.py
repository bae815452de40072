"""A rule and its cases: "notice of 60 days before the lease ends; during any month-to-month tenancy, 28 days". A
sentence that opens with a case the question does not name is the rule of that case, not the answer."""

from __future__ import annotations

import pytest

from manoled.agent.contrast import CASE_PENALTY, Contrasts
from manoled.agent.facts import extract
from manoled.agent.kinds import typed_by
from manoled.agent.retrieve import Candidate

LEASE = ("10. NOTICE TO VACATE\n"
         "Either party must give written notice of intent to terminate or not renew this Lease at least sixty (60) "
         "days prior to the Lease End Date. During any month-to-month tenancy, written notice of at least "
         "twenty-eight (28) days is required.\n")


@pytest.mark.parametrize("question, sentence, penalty", [
    ("how many days notice before we move out?", "During any month-to-month tenancy, notice of 28 days is required.",
     CASE_PENALTY),
    ("how much notice on a month-to-month tenancy?", "During any month-to-month tenancy, notice of 28 days is required.",
     0.0),
    ("what's the fee if the rent is paid late?", "If rent is paid after the 5th, a late fee of $50 applies.", 0.0),
    ("when is the rent due?", "Rent is due on the 1st of each month.", 0.0),
    ("what's the cancellation fee?", "In the event of a no-show, the full night is charged.", CASE_PENALTY),
])
def test_a_sentence_about_a_case_the_question_does_not_name(question, sentence, penalty):
    assert Contrasts(question).unasked_case(sentence) == penalty


def candidate() -> Candidate:
    c = Candidate(1, LEASE, "/home/m/House/Lease.docx", "Lease.docx", relpath="House/Lease.docx")
    c.rrf = 0.03
    return c


def test_the_general_rule_answers_unless_the_case_is_asked():
    ex = extract("notice to vacate how many days", [candidate()], top=5)
    assert ex.facts and "sixty (60)" in ex.facts[0].text, [f.text for f in ex.facts[:2]]
    ex = extract("how many days notice on a month-to-month tenancy?", [candidate()], top=5)
    assert ex.facts and "(28)" in ex.facts[0].text, [f.text for f in ex.facts[:2]]


def test_a_case_is_only_a_little_less_likely_the_answer_when_it_alone_says_the_thing():
    text = "Rent: $1,450.00 per month.\nIf rent is paid after the 5th, a late fee of $50.00 applies.\n"
    c = Candidate(1, text, "/home/m/House/Lease.docx", "Lease.docx", relpath="House/Lease.docx")
    c.rrf = 0.03
    ex = extract("what's the late fee?", [c], top=5)
    assert ex.facts and "$50.00" in ex.facts[0].text, [f.text for f in ex.facts[:2]]


@pytest.mark.parametrize("question, kind", [
    ("how far ahead do we have to tell the landlord if we leave?", "duration"),  # days of notice
    ("how far in advance must I cancel?", "duration"),
    ("how far is the cottage from the lake?", "number"),  # a distance
])
def test_how_far_ahead_asks_a_span_of_time(question, kind):
    assert typed_by(question)[0] == kind
