""""Papers" and "paperwork" are files, as "documents" are: "which papers do we have for the Corolla" lists what its
folder holds, "how many papers have we got for Biscuit" counts the dog's, and "which letters from the council do we
have" lists them though the examples read it as a question about one file; "when do I have to hand over my
receipts and papers" asks a date, not files; "where do we keep the dog's vet papers" is their folder. Over a real
index, on fixtures written for these tests."""

from __future__ import annotations

from datetime import datetime

from conftest import ask, folder_fixture, planner_agent

NOW = datetime(2026, 11, 20, 12).timestamp()

FILES: dict[str, tuple[str, float]] = {
    "Ravi/Corolla/inspection_KLM221_2026-02.pdf.txt": ("VEHICLE INSPECTION\nPlate: KLM221\nResult: PASS\n", 280),
    "Ravi/Corolla/Service invoice 8812.txt": ("City Motors\nInvoice 8812\nOil and filter: $149.00\n", 200),
    "Ravi/Corolla/registration receipt.txt": ("Vehicle registration\nPlate KLM221\nPaid: $118.20\n", 150),
    "Home/Biscuit/vet invoice 2026-05-19.txt": ("Harbour Vets\nBiscuit (dog)\nVaccination: $85.00\n", 190),
    "Home/Biscuit/dog registration 2026.txt": ("Council dog registration\nBiscuit\nFee: $140.00\n", 170),
    "Home/Council/rates notice 2026.txt": ("CITY COUNCIL\nRates notice 2026/27\nTotal: $2,812.00\n", 120),
    "Home/Council/letter - bin collection change.txt": ("CITY COUNCIL\nYour bin day changes to Thursday.\n", 60),
    "Home/Council/letter - rates rebate approved.txt": ("CITY COUNCIL\nYour rates rebate of $310.00 is approved.\n", 90),
    "Tax/letter from Moana Accounting.txt": (
        "MOANA ACCOUNTING\nDear Ravi,\nso that we can file your 2026 tax return on time, please send us your receipts "
        "and papers by 31 March 2027 at the latest.\nKind regards, Tia\n", 40),
    "Tax/receipts 2026 checklist.md": ("# Receipts for the 2026 return\n- [x] donations\n- [ ] work tools\n", 35),
    "Home/budget.csv": ("Item,Amount\nVet,85.00\nRates,2812.00\n", 20),
}

folder = folder_fixture("papers_we_have", FILES, NOW)


def test_papers_are_files(folder):
    agent = planner_agent(folder[0], NOW)
    final, names = ask(agent, "Which papers do we have for the Corolla?")
    assert names == ["Service invoice 8812.txt", "inspection_KLM221_2026-02.pdf.txt", "registration receipt.txt"], \
        final.answer
    final, names = ask(agent, "How many papers have we got for Biscuit?")
    assert "2 files" in final.answer and len(names) == 2, final.answer


def test_which_letters_we_have_is_a_list(folder):
    final, names = ask(planner_agent(folder[0], NOW), "Which letters from the Council do we have?")
    assert names == ["letter - bin collection change.txt", "letter - rates rebate approved.txt"], final.answer


def test_by_when_papers_are_due_is_a_date(folder):
    final, _ = ask(planner_agent(folder[0], NOW), "When do I have to hand over all my receipts and papers for the 2026 taxes?")
    assert "31 March 2027" in final.answer, final.answer


def test_where_papers_are_kept_is_their_folder(folder):
    final, _ = ask(planner_agent(folder[0], NOW), "Where do we keep the dog's vet papers?")
    assert "Home/Biscuit" in final.answer and "vet invoice 2026-05-19.txt" in final.answer, final.answer
