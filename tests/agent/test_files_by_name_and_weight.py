"""What a new user asks of files by their names, and of weights that are no file's: "how many files have the word
'receipt' in their name" (their names, not their folders or what they say), "the last-modified date on monthly
budget 2026.csv" (a name with spaces, written whole), "the 1099 from Brightline" (a number a name carries); and
"what did Samosa weigh at the vet", "how heavy was the baby" (a body's weight in a record, not a file's size)."""

from __future__ import annotations

import time

from conftest import ask, folder_fixture, planner_agent

from manoled.agent.kinds import typed_by
from manoled.agent.months import days
from manoled.agent.retrieve import Candidate, contains
from manoled.agent.shapes import TYPE_PATTERNS
from manoled.agent.slots import read_slots

NOW = time.time()

FILES: dict[str, tuple[str, float]] = {
    "Pets/Samosa vet record.txt": (
        "Pontcanna Veterinary Centre\nPatient record\nPatient: Samosa\nSpecies: Feline\nMicrochipped: Yes\n\n"
        "Weight history\nDate        Weight   Comment\n20/10/2024  3.9 kg   ideal\n14/10/2025  4.3 kg   ideal\n"
        "14/10/2026  4.6 kg   slightly overweight\n\nNext vaccination due: 14/10/2027\n", 40),
    "Baby/4mo checkup notes.md": (
        "# Ada - 4 month checkup\n\n| | |\n|---|---|\n| Weight | 13 lb 6 oz (52nd percentile) |\n"
        "| Length | 24.5 in |\n\n## Next appointment\n6 month visit, January 22, 2027 at 9:40 AM\n", 8),
    "Money/monthly budget 2026.csv": ("month,rent,groceries\nJan,2650,612.40\nFeb,2650,588.10\n", 26),
    "Money/budget 2025.csv": ("month,rent,groceries\nJan,2500,598.00\n", 300),
    "Taxes/1099-NEC_2025_Brightline.txt": (
        "Form 1099-NEC 2025\nPayer: Brightline Health, Inc.\nNonemployee compensation: $6,420.00\n", 200),
    "Business/invoice_1045_brightline.txt": (
        "INVOICE 1045\nBill to: Brightline Health, Inc.\nBrand & headshots\nTotal: 1,870.00 USD\n", 20),
    "Business/Receipts/BH Photo order 2026-09-12.txt": (
        "B&H Photo order\nSigma 35mm lens: $899.00\nOrder total: $951.40\n", 70),
    "Business/Receipts/adobe receipt oct.txt": ("Adobe Creative Cloud Photography plan\nTotal: $19.99\n", 50),
    "House/home depot receipt 2026-06-21.txt": ("The Home Depot\nPaint roller kit 14.97\nTOTAL 62.18\n", 160),
    "Car/Subaru registration 2026.txt": (
        "Colorado vehicle registration\nVehicle: 2019 Subaru Outback\nPlate: CKV-2291\n"
        "Expiration Date: 04/30/2027\nFees paid: $412.35\n", 90),
    "Taxes/2026 Q3 estimated tax.txt": (
        "2026 Q3 ESTIMATED TAXES -- PAID\n\nfederal: $2,150.00\n  paid 09/15/2026 via IRS Direct Pay\n"
        "  confirmation # 2N8R-4KQW\n\nColorado: $410.00\n  paid 9/14/2026 via Revenue Online\n", 75),
    "Clients/Henderson wedding/shot list.txt": ("First look by the lake, then family groups.\n", 30),
    "Clients/Henderson wedding/timeline.md": ("# Timeline\n- 3:30 ceremony\n- 5:00 golden hour portraits\n", 30),
    "Clients/Patel family/notes.txt": ("Mini session at Wash Park, two kids and the dog.\n", 25),
    "Clients/Patel family/contract (signed).txt": ("Mini session agreement, signed by both parties.\n", 24),
    "Recipes/jollof_rice_mom.md": (
        "# Mom's Jollof Rice\n\n## rest\n- 1/3 cup vegetable oil\n- 3 cups long grain parboiled rice, rinsed well\n"
        "- 3 cups chicken stock\n\n## steps\n1. blend peppers and tomatoes.\n"
        "5. add rice, stir once, cover with foil. lowest heat 30 min.\n", 330),
    "Recipes/banana bread.txt": ("Banana bread\n- 3 ripe bananas\n- 2 cups flour\nBake 60 min at 350F.\n", 200),
}
folder = folder_fixture("by_name_and_weight", FILES, NOW)


def test_files_with_a_word_in_their_names(folder):
    # "Receipts/" also holds the B&H order, whose own name says no receipt
    final, names = ask(planner_agent(folder[0], NOW), "How many of my files have the word 'receipt' in their name?")
    assert "2 files" in final.answer, final.answer
    assert names == ["adobe receipt oct.txt", "home depot receipt 2026-06-21.txt"], final.answer
    assert read_slots('which files are named "IMG"?', NOW).named == "IMG"
    assert read_slots("how many files are in Receipts?", NOW).named is None


def test_can_you_find_a_recipe_is_the_file_and_then_what_it_says(folder):
    agent = planner_agent(folder[0], NOW)
    final, names = ask(agent, "Can you find mom's jollof rice recipe?", session="jollof")
    assert names == ["jollof_rice_mom.md"] and final.answer.startswith("Files: jollof_rice_mom.md"), final.answer
    final, names = ask(agent, "how much rice goes in it?", session="jollof")  # a quantity, not the step's "5."
    assert "3 cups" in final.answer and names == ["jollof_rice_mom.md"], final.answer


def test_a_tree_names_a_file_with_brackets_whole(folder):
    final, _ = ask(planner_agent(folder[0], NOW), "Which files are in Clients, including the subfolders?")
    assert "contract (signed).txt" in final.answer, final.answer


def test_a_file_name_with_spaces_written_whole(folder):
    agent = planner_agent(folder[0], NOW)
    final, names = ask(agent, "What's the last-modified date on monthly budget 2026.csv?")
    assert "modified" in final.answer and names == ["monthly budget 2026.csv"], final.answer
    final, names = ask(agent, "modification date for budget 2025.csv", session="modification")
    assert "modified" in final.answer and names == ["budget 2025.csv"], final.answer


def test_a_number_a_file_name_carries_names_it(folder):
    final, names = ask(planner_agent(folder[0], NOW), "How large is the 1099 from Brightline?")
    assert names == ["1099-NEC_2025_Brightline.txt"], final.answer


def test_what_a_pet_or_a_baby_weighed_is_in_its_record(folder):
    agent = planner_agent(folder[0], NOW)
    final, names = ask(agent, "What did Samosa weigh at her most recent vet appointment?")
    assert "4.6 kg" in final.answer and names == ["Samosa vet record.txt"], final.answer
    final, names = ask(agent, "How heavy was the baby at her 4 month checkup?", session="baby")
    assert "13 lb 6 oz" in final.answer and names == ["4mo checkup notes.md"], final.answer
    final, names = ask(agent, "How big is the vet record?", session="file")  # a file's size, still
    assert "KB" in final.answer or "bytes" in final.answer, final.answer
    final, names = ask(agent, "samosa weight last vets", session="last")  # the last visit's row, not the first
    assert "4.6 kg" in final.answer, final.answer
    assert typed_by("What did Samosa weigh at her most recent vet appointment?") == ("weight", True)
    assert typed_by("samosa weight last vets") == ("weight", True)
    assert typed_by("when was she weighed")[0] == "date" and typed_by("how much did the weight plan cost")[0] == "amount"
    # what the scales said is a mass, whatever the question told before it; a pay scale is none
    final, names = ask(agent, "Is Samosa getting round? What did the scales say at her last vet visit?", session="s")
    assert "4.6 kg" in final.answer, final.answer
    assert typed_by("what did he come in at on the scales?") == ("weight", True)
    assert typed_by("what is the pay scale for grade 3?")[0] != "weight"


def test_short_forms_people_type(folder):
    final, names = ask(planner_agent(folder[0], NOW), "subaru reg exp date")
    assert "04/30/2027" in final.answer and names == ["Subaru registration 2026.txt"], final.answer
    assert contains("Octopus Energy: your electricity bill", "leccy")


def test_a_date_after_paid_is_no_sum(folder):
    assert not TYPE_PATTERNS["amount"].search("paid 09/15/2026 via IRS Direct Pay")
    assert TYPE_PATTERNS["amount"].search("paid: 45.00")
    final, names = ask(planner_agent(folder[0], NOW), "How much did I pay the IRS for my Q3 2026 estimated tax payment?")
    assert "2,150.00" in final.answer and names == ["2026 Q3 estimated tax.txt"], final.answer


def test_an_airline_date_and_a_name_run_together():
    assert contains("Sun, 20DEC26  UA 1947", "december") and not contains("Sun, 20DEC26", "march")
    assert days("Sun, 20DEC26") == {(12, 20)}
    c = Candidate(1, "x", "/w/Work/INV-0033_RoathCycles.pdf", "INV-0033_RoathCycles.pdf",
                  relpath="Work/INV-0033_RoathCycles.pdf")
    assert contains(c.named, "cycles") and contains(c.named, "roathcycles")
    m = Candidate(2, "x", "/w/House/Plumber quote - McAllister.docx", "Plumber quote - McAllister.docx",
                  relpath="House/Plumber quote - McAllister.docx")
    assert contains(m.named, "mcallister")  # no word of its own starts inside it
