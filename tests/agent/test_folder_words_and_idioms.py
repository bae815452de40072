"""Words a question says about folders and files the way people write them: "what's in my Logement folder" (a
folder's name in another tongue is a name, and the folder has subfolders: its tree), "M-Pesa statements" for
MPESA_Till_Statement_Oct2026.pdf, "the council tax bills for 2025-26" (a year after the folder's word still narrows),
and "take home" (the net pay, no Home folder)."""

from __future__ import annotations

from datetime import datetime

import pytest
from conftest import PathFile, shared_embedder

from manoled.agent.folderwords import near_after
from manoled.agent.gloss import in_english
from manoled.agent.kinds import typed_by
from manoled.agent.names import path_matches
from manoled.agent.planner import Planner
from manoled.agent.retrieve import contains
from manoled.agent.slots import read_slots

NOW = datetime(2026, 12, 2, 12).timestamp()

FILES = [PathFile(p) for p in (
    "Logement/Assurance/avis_echeance_MRH_2026.pdf", "Logement/Bail/bail_location_2024.pdf",
    "Logement/Quittances/quittance_2026-01.pdf", "Logement/travaux_notes.md",
    "Otieno_Printing/M-Pesa/MPESA_Till_Statement_Oct2026.pdf", "Otieno_Printing/M-Pesa/MPESA_Till_Statement_Sep2026.pdf",
    "Bills/Council tax 2026-27.pdf", "Bills/Council tax 2025-26.pdf", "Home/Rent/Rent_Receipt_Oct2026.pdf",
    "Home/Utilities/KPLC_token_2026-10-06.pdf", "Wanjiru_Work/Payslips/Payslip_2026-10.pdf",
)]


@pytest.fixture(scope="module")
def planner() -> Planner:
    return Planner(shared_embedder().embed, now=lambda: NOW)


def test_a_folders_name_in_another_tongue_stays_a_name():
    assert in_english("what's in my Logement folder?", lambda w: w == "logement") == "what's in my Logement folder?"


def test_whats_in_a_folder_with_subfolders_is_its_tree(planner):
    plan = planner.plan("what's in my Logement folder?", FILES)
    assert plan.intent == "tree" and plan.folder == "Logement", (plan.intent, plan.folder)


def test_a_hyphened_name_is_its_joined_name():
    assert [f.name for f in path_matches("m-pesa", FILES)] == ["MPESA_Till_Statement_Oct2026.pdf",
                                                                 "MPESA_Till_Statement_Sep2026.pdf"]


def test_a_year_after_the_folders_word_still_narrows(planner):
    assert near_after("how many f24 payment receipts are there", "receipt", ["f24"])
    assert not near_after("what was the total council tax bill for 2025-26", "2025-26", ["bill"])
    assert not near_after("how many bills for water are there", "water", ["bill"])
    assert not near_after("council tax bill 2025-26 total", "2025-26", ["bill"])
    plan = planner.plan("What was the total council tax bill for 2025-26?", FILES)
    assert "2025-26" in plan.slots.topics or plan.name is not None and "2025-26" in plan.name.file.name, \
        (plan.slots.topics, plan.name)


def test_take_home_is_the_net_pay(planner):
    assert typed_by("wanjiru take home oct 2026?")[0] == "amount"
    assert read_slots("wanjiru take home oct 2026?", NOW).topics == ["wanjiru", "net"]
    assert planner.plan("wanjiru take home oct 2026?", FILES).intent == "content"


def test_a_hyphened_word_is_said_joined_or_by_its_long_parts():
    assert contains("M-PESA BUSINESS STATEMENT, MPESA till 5283146", "m-pesa")
    assert contains("Lipa na MPESA - Buy Goods", "m-pesa")
    assert contains("Check in at the Cradle Mountain Visitor Centre; walk south to Lake St Clair", "mountain-lake")
    assert not contains("The track is walked in 6 days", "six-day")  # a short part is no word of its own


def test_right_now_is_no_topic():
    from manoled.agent.slots import read_slots

    assert read_slots("who's renting the Elm Street flat right now?", NOW).topics == ["renting", "elm", "street", "flat"]
