"""A person asked by the role they play ("which doctor saw Ivy", "ivy pediatrician name", "who was the doctor that
treated Ivy's ear infection") is the name beside that role, as a clinic writes it ("Provider: Tomas Lindqvist, MD"),
not another name on the page (her mother's, the visit's type in capitals, a trail in the family journal), and what
follows "that" in the question says which doctor, not what the answer must say. Over a real index, on fixtures
written for these tests."""

from __future__ import annotations

from datetime import datetime

from conftest import ask, folder_fixture, planner_agent

NOW = datetime(2026, 11, 20, 12).timestamp()

FILES: dict[str, tuple[str, float]] = {
    "Family/Ivy/Clinic_Visit_2026-03-09.txt": (
        "NORTHSIDE FAMILY PEDIATRICS\n1420 Elm Ave, Suite 3  |  Phone (555) 210-4400\nAFTER VISIT SUMMARY\n"
        "Patient:\nIvy R. Park\nVisit Date:\n03/09/2026 9:30 AM\nProvider:\nTomas Lindqvist, MD\nVisit Type:\n"
        "Well Child Check, 5 years + sick\nGuardian:\nHelen Park (mother)\nVitals\nWeight:\n41.2 lb\n"
        "Blood Pressure:\n96/58\nAssessment\n1. Well child check, 5 years - growing normally.\n"
        "2. Ear infection, left ear - bulging, red TM.\nPlan\n- Amoxicillin 400 mg/5 mL: 8 mL twice daily for 10 days.\n"
        "Electronically signed by Tomas Lindqvist, MD on 03/09/2026.\n", 250),
    "Notes/journal.md": (
        "# Journal\n\n## 2026-04-12\nIvy walked most of the Bear Creek Trail on her own.\nBack from Hot Springs.\n\n"
        "## 2026-03-10\nIvy's ear much better already. Dr. Lindqvist says she's tall for her age.\n", 30),
    "Notes/contacts.txt": ("Northside Family Pediatrics - front desk (555) 210-4400\nGrandma Park: (555) 388-0192\n", 60),
    "Home/insurance_card.txt": ("SUNRISE HEALTH PPO\nMember: Daniel Park\nDependents: Helen Park, Ivy Park\n", 300),
}

folder = folder_fixture("the_role_asked", FILES, NOW)


def test_the_name_beside_the_role_asked(folder):
    agent = planner_agent(folder[0], NOW)
    for question in ("Which doctor saw Ivy at her annual checkup?", "ivy pediatrician name annual checkup",
                     "Who was the doctor that treated Ivy's ear infection in March?"):
        final, names = ask(agent, question, session=question)
        assert "Lindqvist" in final.answer and "Helen" not in final.answer, (question, final.answer)


def test_a_name_of_everyday_words_is_no_person():
    from manoled.agent.kinds import new_value

    assert not new_value("person", "Visit Type: Well Child Check, 5 years + sick", {"doctor", "ivy"})
    assert not new_value("person", "Ivy walked most of the Bear Creek Trail on her own.", {"doctor", "ivy"})
    assert new_value("person", "Provider: Tomas Lindqvist, MD", {"doctor", "ivy"})


def test_a_measure_on_its_own_line_opens_no_dated_entry():
    from manoled.agent.entries import is_log

    visit = "Visit Date:\n03/09/2026 9:30 AM\nWeight:\n12.5 kg\nHeight:\n3.2 ft\nDose:\n7.5 ml\nBlood Pressure:\n96/58\nTemperature:\n38.1 C\n"
    assert not is_log(visit)
    assert is_log("12.5 rode to the lake\n3/4 dentist\n2026-05-01 paid rent\n")  # a diary's days, without a year too
