"""The planner: intent from meaning, slots from whole words, names resolved against real paths."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

import pytest
from conftest import PathFile, shared_embedder

from manoled.agent.names import resolve_name
from manoled.agent.planner import Planner
from manoled.agent.slots import read_slots, read_time, topic_position

NOW = datetime(2026, 3, 18, 12, 0).timestamp()  # a Wednesday


F = PathFile


FILES = [F(p) for p in (
    "finance/taxes_2025.xlsx", "finance/budget.csv", "invoices/acme_2026-01.pdf", "invoices/acme_2026-02.pdf",
    "invoices/globex_2026-02.pdf", "home/lease_agreement.pdf", "notes/todo.md", "notes/shopping.txt",
    "recipes/carbonara.md", "recipes/pancakes.md", "manuals/macbook_guide.pdf", "photos/beach.jpg",
)]


def day(ts: float | None) -> str | None:
    return datetime.fromtimestamp(ts).strftime("%Y-%m-%d") if ts is not None else None


@pytest.fixture(scope="module")
def planner() -> Planner:
    return Planner(shared_embedder().embed, now=lambda: NOW)


# -- slots -----------------------------------------------------------------------------------
@pytest.mark.parametrize("question, exts", [
    ("how many PDFs do I have", ("pdf",)),
    ("list my spreadsheets", ("csv", "xlsx", "xls", "ods")),
    ("count the .md files", ("md",)),
    ("show me my photos", ("png", "jpg", "jpeg", "heic", "gif", "webp", "bmp", "tiff")),
])
def test_kind_slot(question, exts):
    assert read_slots(question, NOW).extensions == exts


@pytest.mark.parametrize("question, since, until", [
    ("files from February", "2026-02-01", "2026-03-01"),
    ("what did I add in December", "2025-12-01", "2026-01-01"),  # a month still ahead means last year's
    ("photos since March 2025", "2025-03-01", None),
    ("documents before 2024", None, "2024-01-01"),
    ("what changed last Tuesday", "2026-03-17", "2026-03-18"),  # the most recent Tuesday
    ("what changed on Monday", "2026-03-16", "2026-03-17"),
    ("files from this week", "2026-03-16", None),
    ("invoices from last month", "2026-02-01", "2026-03-01"),
    ("what did I edit today", "2026-03-18", None),
    ("anything in the last 3 days", "2026-03-15", None),
    ("what did I save in May 2025", "2025-05-01", "2025-06-01"),
])
def test_time_slot_is_relative_to_an_injected_now(question, since, until):
    t = read_time(question, NOW)
    assert t is not None and (day(t.since), day(t.until)) == (since, until)


@pytest.mark.parametrize("question, sort, limit", [
    ("what are my biggest files", ("size", True), None),
    ("the 3 largest documents", ("size", True), 3),
    ("my oldest photos", ("date", False), None),
    ("newest notes", ("date", True), None),
])
def test_sort_and_limit_slots(question, sort, limit):
    s = read_slots(question, NOW)
    assert (s.sort, s.limit) == (sort, limit)


@pytest.mark.parametrize("question", [
    "what is the wifi password", "May I see the lease?", "how much did I pay for the plumber",
    "who is my landlord", "when did I last touch my todo list", "the street address on my lease",
])
def test_a_slot_the_question_does_not_mention_is_never_invented(question):
    s = read_slots(question, NOW)
    assert s.extensions is None and s.time is None and s.sort is None and s.limit is None


def test_substrings_are_not_words():
    # "organic" is not "organi(sed)", "street" is not "tree", "mayonnaise" is not "May"
    s = read_slots("is the organic mayonnaise recipe on the street market list", NOW)
    assert s.time is None and s.extensions is None and "organic" in s.topics


# -- names -----------------------------------------------------------------------------------
def test_name_hint_resolves_to_the_real_file():
    s = read_slots("the tax spreadsheet", NOW)
    match = resolve_name(s.topics, FILES, s.extensions)
    assert match is not None and match.file.relpath == "finance/taxes_2025.xlsx"


def test_name_hint_tolerates_a_typo_and_refuses_a_tie():
    assert resolve_name(["carbonnara"], FILES).file.relpath == "recipes/carbonara.md"
    assert resolve_name(["acme"], FILES) is None  # two acme invoices: no single file stands out


# -- intent ----------------------------------------------------------------------------------
@pytest.mark.parametrize("question, intent", [
    ("how many files are in my folders", "count"),
    ("count my pdf documents", "count"),
    ("list the photos", "list"),
    ("what are my biggest files", "list"),
    ("when was the lease agreement last changed", "metadata"),
    ("how big is the macbook guide", "metadata"),
    ("show me how my folders are organised", "tree"),
    ("which folder takes up the most space", "folders"),
    ("how much disk space do my files take", "disk"),
    ("what is the deposit on the lease", "content"),
    ("who do I pay the rent to", "content"),
])
def test_intent_from_meaning(planner, question, intent):
    assert planner.plan(question, FILES).intent == intent


@pytest.mark.parametrize("question, intent", [
    ("How many vet bills for Rex are there?", "count"),  # the bills kept, though no name says bill
    ("How many of Ana's pension payment advices do we have?", "count"),
    ("How many tickets did we buy for the ferry?", "content"),  # bought: inside the booking
])
def test_how_many_papers_kept_counts_them(planner, question, intent):
    assert planner.plan(question, FILES).intent == intent


def test_a_value_asked_of_a_place_with_a_folder_lists_no_files(planner):
    files = [F(p) for p in ("Trips/Crater Lake/lodge confirmation.pdf", "Phone photos/Crater Lake/IMG_20260814_1652.jpg",
                            "Phone photos/Crater Lake/IMG_20260815_1128.jpg")]
    assert planner.plan("What room number did we have at Crater Lake Lodge?", files).intent == "content"
    assert planner.plan("What photos do we have from Crater Lake?", files).intent == "list"
    notes = [F(p) for p in ("Work/Meetings/brightwater kickoff.md", "Work/Meetings/HF workshop notes.txt",
                            "Work/Meetings/brightwater checkin april.md", "Notes/todo.md")]
    assert planner.plan("Which client meeting notes have I got?", notes).intent == "list"  # (a client names no value)


# the misroutes of issue 13, each a regression test
def test_how_many_invoices_from_acme_counts_only_those(planner):
    plan = planner.plan("how many invoices did Acme send me", FILES)
    assert plan.intent == "count" and set(plan.slots.topics) == {"invoice", "acme"}


def test_files_about_my_apartment_is_a_filtered_list_not_the_newest(planner):
    plan = planner.plan("show me files about my apartment", FILES)
    assert plan.intent == "list" and plan.slots.topics == ["apartment"] and plan.slots.sort is None


def test_when_did_i_last_touch_my_todo_list_asks_for_its_date(planner):
    plan = planner.plan("when did I last touch my todo list", FILES)
    assert plan.intent == "metadata" and plan.name.file.relpath == "notes/todo.md"


@pytest.mark.parametrize("question", [
    "discount code in my notes",
    "which recipes use organic food",
    "street address on my lease",
    "storage capacity of the SSD in the macbook guide",
    "how many eggs go in the carbonara",
    "what did I blow on restaurants in march",  # a month, but nothing that names files
])
def test_content_questions_are_not_routed_by_a_keyword(planner, question):
    assert planner.plan(question, FILES).intent == "content"


def test_a_followup_needs_a_previous_turn(planner):
    @dataclass
    class Turn:
        question: str

    assert not planner.plan("and the globex one?", FILES).followup
    plan = planner.plan("and the globex one?", FILES, [Turn("how much was the acme invoice")])
    assert plan.followup and plan.intent == "followup"


@pytest.mark.parametrize("question", [
    "what budget did the caterer get",
    "what does the lease say about pets",
])
def test_a_file_named_without_asking_about_it_as_a_file_is_a_content_question(planner, question):
    assert planner.plan(question, FILES).intent == "content"


# -- new wordings: how a question is phrased is not what it is about ---------------------------------------
@pytest.mark.parametrize("question, word, expected", [
    ("which files are about porto", "porto", True),
    ("photos of the beach", "beach", True),
    ("my tax pdfs", "tax", True),
    ("which train do I take", "train", True),
    ("how many unicorns do I have", "unicorn", True),
    ("what's eating my disk in Documents", "eating", False),
    ("show me how Documents is laid out", "laid", False),
    ("what did I save back in February", "back", False),
])
def test_topic_position(question, word, expected):
    assert topic_position(question, word) is expected


@pytest.mark.parametrize("question, intent, extension, sort", [
    ("gimme the biggest file", "list", None, ("size", True)),
    ("my recipes pls", "list", None, None),
    ("what's my smallest recipe", "list", None, ("size", False)),
    ("files in total?", "count", None, None),
    ("how much do the pdfs weigh altogether", "disk", ("pdf",), None),
    ("disk usage by file type", "disk", None, None),
    ("folder layout pls", "tree", None, None),
])
def test_chatty_words_do_not_filter_a_question_about_files(planner, question, intent, extension, sort):
    plan = planner.plan(question, FILES)
    assert (plan.intent, plan.slots.extensions, plan.slots.sort) == (intent, extension, sort), plan.to_dict()
    assert plan.slots.topics in ([], ["recipe"]), plan.to_dict()


def test_a_word_no_file_has_outside_a_topic_position_is_phrasing():
    planner = Planner(shared_embedder().embed, now=lambda: NOW, file_terms=lambda terms: set())
    plan = planner.plan("what did I save back in February", FILES)
    assert plan.intent == "list" and plan.slots.topics == [] and plan.slots.time is not None
    # ... but one where questions put their topic stays, and finds nothing rather than everything
    plan = planner.plan("which files are about unicorns", FILES)
    assert plan.intent == "list" and plan.slots.topics == ["unicorn"]


def test_storage_words_make_the_other_words_phrasing(planner):
    plan = planner.plan("what's eating my disk in the invoices folder", FILES)
    assert plan.intent == "disk" and plan.folder == "invoices" and plan.slots.topics == []


@pytest.mark.parametrize("question, relpath", [
    ("what folder is the carbonara recipe in", "recipes/carbonara.md"),
    ("how many bytes is the macbook guide", "manuals/macbook_guide.pdf"),
])
def test_a_named_files_place_or_size_is_metadata(planner, question, relpath):
    plan = planner.plan(question, FILES)
    assert plan.intent == "metadata" and plan.name.file.relpath == relpath, plan.to_dict()


def test_a_folder_named_after_about_is_a_topic(planner):
    plan = planner.plan("which files are about finance", FILES)
    assert plan.intent == "list" and plan.folder is None and plan.slots.topics == ["finance"]
    assert planner.plan("list the files in finance", FILES).folder == "finance"


def test_a_content_question_whose_words_all_name_one_file_is_about_that_file(planner):
    plan = planner.plan("what's on my shopping list", FILES)
    assert plan.intent == "content" and plan.whole_name and plan.name.file.relpath == "notes/shopping.txt"
    plan = planner.plan("how much flour is on my shopping list", FILES)
    assert not plan.whole_name  # flour is not in the name: a fact to find, maybe elsewhere


def test_a_bare_noun_phrase_asking_for_a_value_is_not_a_listing(planner):
    assert planner.plan("acme invoice number from january 2026?", FILES).intent == "content"


def test_a_file_named_by_the_topic_is_searched_first_unless_a_period_is_asked():
    from pathlib import Path

    from manoled.agent.direct import planned
    from manoled.agent.names import NameMatch
    from manoled.agent.plan import Plan

    @dataclass
    class File:
        relpath: str
        path: Path

    books = File("notes/books_to_read.md", Path("/r/notes/books_to_read.md"))
    now = datetime(2026, 3, 20).timestamp()
    for question, first in (("what books did I want to read", True), ("what did I spend on books in march", False)):
        plan = Plan("content", 1.0, read_slots(question, now), name=NameMatch(books, 80.0, ["books"]), whole_name=True)
        d = planned(plan, question)
        assert (d.calls[0].args.get("in_file") == books.relpath) is first, (question, d.calls)


def test_shell_short_forms_read_as_their_words():
    from manoled.agent.names import path_words
    from manoled.agent.slots import words
    assert words("emmas bday? dentist appt this yr") == ["emmas", "birthday", "dentist", "appointment", "this", "year"]
    assert words("when did I edit my to do list") == ["when", "did", "i", "edit", "my", "todo", "list"]
    assert words("what do i have to do") == ["what", "do", "i", "have", "to", "do"]  # no list named: not the file
    assert path_words("Notes/to do.txt") == ["note", "todo", "txt"]


def test_pronouns_are_no_topics():
    assert read_slots("what's her phone number", NOW).topics == ["phone"]


@pytest.mark.parametrize("question", [
    "Which Sunday is Dolores on the flowers rota?",
    "After the deduction, what does the monthly pension come to?",
])
def test_a_value_asked_anywhere_is_content(planner, question):
    files = FILES + [F("church/flowers_rota_2026.docx"), F("money/pension_2026.pdf"), F("money/pension_2025.pdf")]
    assert planner.plan(question, files).intent == "content"


def test_files_named_in_another_language_are_a_collection(planner):
    files = FILES + [F("Receitas/bolo de bolacha.md"), F("Receitas/caldo verde.txt"),
                     F("Wohnung/Mietvertrag_Weserstr.docx"), F("Kunden/Rahmenvertrag_Kranich.docx")]
    plan = planner.plan("what recipes do I have?", files)  # recipes/ and Receitas/
    assert plan.intent == "list"
    plan = planner.plan("what's the file size of my rental contract?", files)
    assert plan.intent == "metadata" and plan.name.file.relpath == "Wohnung/Mietvertrag_Weserstr.docx"


def test_how_much_asks_an_amount_even_where_its_words_name_files(planner):
    files = FILES + [F("Finanzen/Steuer/Brief_Steuerberatung.docx"), F("Finanzen/Ausgaben_2025.csv")]
    plan = planner.plan("How much did I pay the tax advisor in 2025 according to my expense list?", files)
    assert plan.intent == "content"


@pytest.mark.parametrize("question, intent", [
    ("What did I grow in the garden last year?", "content"),  # what the person did, told in a journal
    ("what did I plant in the garden in May?", "content"),
    ("what did I save in recipes", "list"),  # a file verb: the files
])
def test_what_did_i_do_is_content_unless_the_verb_is_a_file_s(planner, question, intent):
    files = FILES + [F("Garden/garden journal.md"), F("Garden/tomatoes_aug.jpg")]
    assert planner.plan(question, files).intent == intent


@pytest.mark.parametrize("question, exts", [
    ("How many JPG photos are there in total?", ("jpg", "jpeg")),
    ("How many markdown notes have I got?", ("md",)),
])
def test_a_second_word_for_the_kind_names_no_topic(question, exts):
    slots = read_slots(question, NOW)
    assert slots.extensions == exts and slots.topics == []


def test_a_subfolder_said_as_included_counts_the_whole_folder(planner):
    files = FILES + [F("Housing/lease.pdf"), F("Housing/Bills/power_jan.pdf"), F("Housing/Bills/power_apr.pdf")]
    plan = planner.plan("How many files are in the Housing folder, including the ones in Bills?", files)
    assert (plan.intent, plan.folder, plan.slots.topics) == ("count", "Housing", [])


def test_a_folder_named_like_a_kind_shows_its_tree(planner):
    files = FILES + [F("Photos/IMG_5003.jpg"), F("Photos/2026-01 Phillip Island/IMG_5120.jpg")]
    plan = planner.plan("What's under Photos?", files)
    assert (plan.intent, plan.folder) == ("tree", "Photos")


@pytest.mark.parametrize("question", [
    "bike serial no?",  # its words name the Bike folder
    "What is my tax file number?",  # "file number"
    "Which unit am I tutoring in Semester 1 2026?",  # "which X am I …" is no listing
    "By what date does my tax advisor need my documents for the 2025 tax return?",  # the documents are what is due
])
def test_a_value_of_a_kind_is_content_though_its_words_name_files(planner, question):
    files = FILES + [F("Bike/bike notes.txt"), F("Bike/INV-3107 Sprocket Bike Works.pdf"),
                     F("Uni/Tutoring/Casual tutor contract S1 2026.docx"), F("Uni/Tutoring/timesheet S1 2026.csv")]
    assert planner.plan(question, files).intent == "content"


def test_a_folder_named_like_a_value_still_shows_its_tree(planner):
    files = FILES + [F("Money/loan letter.pdf"), F("Money/KiwiSaver/statement 2025.pdf")]
    plan = planner.plan("What's in Money?", files)  # "money" alone asks no amount here
    assert (plan.intent, plan.folder) == ("tree", "Money")


def test_what_date_a_file_was_edited_names_no_date_topic(planner):
    files = [f for f in FILES if f.name != "todo.md"] + [F("to do Feb.txt"), F("Farm/spray diary.csv")]
    plan = planner.plan("what date was the Feb to-do list last edited?", files)
    assert plan.intent == "metadata" and plan.name.file.relpath == "to do Feb.txt"


def test_files_of_a_kind_are_a_listing_not_the_tree(planner):
    plan = planner.plan("What Word files do I have?", FILES + [F("Perso/lettre.docx"), F("Travail/CV.docx")])
    assert plan.intent == "list" and "docx" in plan.slots.extensions


@pytest.mark.parametrize("question, folder", [
    ("How many files did I modify in March 2026?", None),  # a month's year, though a folder is called 2026
    ("list the photos from 2024", "Photos/2024"),  # a year alone may name the folder of that year
])
def test_a_year_names_a_folder_only_outside_a_date(planner, question, folder):
    files = FILES + [F("Photos/2024/IMG_1.jpg"), F("Photos/2026/IMG_2.jpg"), F("Bills/march.pdf")]
    assert planner.plan(question, files).folder == folder


def test_subfolders_included_is_no_topic(planner):
    files = FILES + [F("Logement/Bail/bail.pdf"), F("Logement/Quittances/quittance_2026-01.pdf")]
    plan = planner.plan("How many files are in Logement, subfolders included?", files)
    assert (plan.intent, plan.folder, plan.slots.topics) == ("count", "Logement", [])


def test_a_tie_goes_to_the_file_whose_own_name_says_it():
    files = [F("Logement/Bail/bail_location_2024.pdf"), F("Logement/Bail/etat_des_lieux_entree.docx")]
    assert resolve_name(["lease"], files).file.relpath == "Logement/Bail/bail_location_2024.pdf"  # a bail is a lease


def test_payslips_are_found_by_their_french_folder(planner):
    files = FILES + [F("Travail/Fiches de paie/bulletin_2026-01.pdf"), F("Travail/Fiches de paie/bulletin_2026-02.pdf")]
    plan = planner.plan("show me my payslips", files)
    assert plan.intent == "list"


def test_a_value_on_my_last_notice_is_content_not_its_date(planner):
    files = FILES + [F("Impôts/avis_impot_2025.pdf"), F("Impôts/declaration_notes_2026.md")]
    assert planner.plan("What's the revenu fiscal de référence on my last tax notice?", files).intent == "content"
    assert planner.plan("when did I last change my tax notice?", files).intent == "metadata"


@pytest.mark.parametrize("question, intent", [
    ("How many lambs did we sell at the March 2025 sale?", "content"),  # counted in a sale statement
    ("how many files did I add in March 2025?", "count"),  # files added that month
    ("how many did I scan in March 2025?", "count"),
])
def test_things_the_person_did_in_a_month_are_counted_in_a_paper(planner, question, intent):
    files = FILES + [F("Farm/Stock/sale_statement_2025-03.pdf"), F("Farm/Stock/sale_statement_2026-02.pdf")]
    assert planner.plan(question, files).intent == intent


def test_the_file_of_a_folder_named_with_the_folders_word_is_that_file(planner):
    files = FILES + [F("Arbeit/Coworking/coworking_info.txt"), F("Arbeit/Coworking/scan0003.pdf")]
    plan = planner.plan("how big is the coworking info file?", files)
    assert (plan.intent, plan.name.file.relpath) == ("metadata", "Arbeit/Coworking/coworking_info.txt")
    assert planner.plan("how big is the Coworking folder?", files).intent == "disk"


@pytest.mark.parametrize("question, intent", [
    ("where is the bacalhau recipe saved?", "metadata"),  # where a file was put
    ("where do I need to book the winter tyre change?", "content"),  # where to do something
])
def test_where_a_file_is_put_and_where_to_do_something(planner, question, intent):
    files = FILES + [F("Receitas/bacalhau_com_natas.md"), F("Receitas/caldo verde.txt"), F("Notes/tyre change.txt")]
    assert planner.plan(question, files).intent == intent


def test_a_word_finds_a_file_named_by_its_plural_in_another_language():
    files = [F("Arbeit/Preise_2026.md"), F("Arbeit/Kunden/Rahmenvertrag.docx")]
    assert resolve_name(["price"], files).file.relpath == "Arbeit/Preise_2026.md"


def test_which_folder_holds_a_named_file(planner):
    files = FILES + [F("House/Property Tax/2025 2nd half tax bill.pdf"), F("House/Roof/Invoice_SR-4471.pdf")]
    plan = planner.plan("which folder holds the tax bill", files)
    assert (plan.intent, plan.name.file.relpath) == ("metadata", "House/Property Tax/2025 2nd half tax bill.pdf")


def test_how_old_is_a_file_named_by_its_whole_name(planner):
    plan = planner.plan("how old is the macbook guide?", FILES)
    assert (plan.intent, plan.name.file.relpath) == ("metadata", "manuals/macbook_guide.pdf")


FARM = FILES + [F(p) for p in ("House/Bills/Kotare Energy bill Jun 2025.pdf", "House/Bills/Kotare Energy bill Jul 2025.pdf",
                               "Farm/Stock/Waimea Vets invoice 4471.pdf", "Farm/Orchard/GreenFields fertiliser invoice.pdf",
                               "Farm/Stock/lambing_2025.csv", "Farm/Stock/NAIT_tags_notes.txt")]


@pytest.mark.parametrize("question, intent, topics", [
    ("how many power bills have we got", "count", ["power", "bill"]),  # bills, not power, is what is counted
    ("list the vet invoices", "list", None),  # the vet's among the invoices
    ("how many files did we add in February 2026", "count", []),  # adding is how files came, no topic
    ("how many lambs were tagged in 2025", "content", None),  # counted in the lambing sheet
])
def test_files_of_a_collection_and_things_counted_in_a_paper(planner, question, intent, topics):
    plan = planner.plan(question, FARM)
    assert plan.intent == intent
    assert topics is None or plan.slots.topics == topics


def test_wheres_the_named_file(planner):
    plan = planner.plan("where's the NAIT tags file", FARM)
    assert (plan.intent, plan.name.file.relpath) == ("metadata", "Farm/Stock/NAIT_tags_notes.txt")


@pytest.mark.parametrize("question, sort", [
    ("list every file sorted by size", ("size", True)), ("show the photos ordered by date", ("date", True)),
    ("list my files sorted by name", ("name", False)),
])
def test_sorted_by_is_a_sort_order_not_a_topic(question, sort):
    slots = read_slots(question, NOW)
    assert slots.sort == sort and slots.topics == []


def test_the_path_of_a_named_file(planner):
    files = FILES + [F("Uni/Scholarship/Stipend offer letter - PPU.pdf"), F("Uni/Scholarship/Leave application.docx")]
    plan = planner.plan("what's the path of the stipend letter", files)
    assert (plan.intent, plan.name.file.relpath) == ("metadata", "Uni/Scholarship/Stipend offer letter - PPU.pdf")


def test_what_are_the_totals_of_a_folders_papers_asks_a_value(planner):
    files = FILES + [F("House/Bills/Rates/rates_notice_2024-25.pdf"), F("House/Bills/Rates/rates_notice_2025-26.pdf")]
    assert planner.plan("What are our total rates for the 2025/2026 year?", files).intent == "content"


DUBLIN = FILES + [F(p) for p in ("Running/running log.csv", "Running/marathon plan.md", "Bills/Eir/complaint to eir.docx",
                                 "Bills/Eir/eir_bill_mar2026.pdf", "Home/Manuals/Kettle_QuickStart_KG170.pdf",
                                 "Photos/Lisbon/IMG_20260514_183312.jpg", "Photos/Lisbon/IMG_20260516_114705.jpg",
                                 "House/Rates/rates_notice_2025-26.pdf", "House/Rates/rates_notice_2024-25.pdf",
                                 "Farm/spray_diary_2025-26.csv", "Kids/Hockey/hockey schedule.txt",
                                 "Kids/Hockey/hockey registration.pdf", "Photos/Screenshots/hockey snack schedule.png",
                                 "Money/accountant letter.docx", "Money/loan letter.pdf", "Health/physio notes.txt",
                                 "Work/meeting notes.md", "Photos/2026-01 Phillip Island/IMG_5120.jpg",
                                 "Photos/2025/IMG_4522.jpg", "Photos/2026/IMG_5188.jpg",
                                 "Car/Insurance renewal 2025.pdf", "Car/Insurance renewal 2026.pdf",
                                 "Factures/Energie/facture_EDF_2026-01.pdf", "Factures/Energie/facture_EDF_2026-02.pdf",
                                 "Factures/Artisans/facture_plomberie_Bertin.pdf",
                                 "Perso/lettre_resiliation_salle_sport.docx", "Farm/Market/market takings.md",
                                 "Farm/Market/market stall booking 2026.docx")]


@pytest.mark.parametrize("question, intent, relpath", [
    ("how old is my complaint to eir", "metadata", "Bills/Eir/complaint to eir.docx"),  # "to" is no part of what names it
    ("what is the size of my running log", "metadata", "Running/running log.csv"),  # not its folder Running
    ("what's the file size of the kettle quick start guide?", "metadata", None),  # one file's size, not the disk's
    ("how big is the Running folder", "disk", None),
    ("how much space do my running files take", "disk", None),
    ("size of the rates notice for 2025-26", "metadata", "House/Rates/rates_notice_2025-26.pdf"),  # a span of years
    ("what kind of file is the hockey schedule", "metadata", "Kids/Hockey/hockey schedule.txt"),  # its own whole name
    ("what format is the accountant letter in", "metadata", "Money/accountant letter.docx"),
    ("when was my physio notes file last saved", "metadata", "Health/physio notes.txt"),  # of several notes, its own
    ("what type of file is the running log", "metadata", "Running/running log.csv"),  # not the Running folder's files
    ("modification time of the accountant letter", "metadata", "Money/accountant letter.docx"),
    ("what's the last-modified timestamp on the loan letter", "metadata", "Money/loan letter.pdf"),
    # a file named in another language: facture = invoice or bill, lettre = letter, résiliation = cancellation
    ("when was the plumbing invoice modified", "metadata", "Factures/Artisans/facture_plomberie_Bertin.pdf"),
    ("how old is the cancellation letter", "metadata", "Perso/lettre_resiliation_salle_sport.docx"),
    # of a series, the one of the month said ("02" in its name)
    ("what's the size of the EDF bill from February", "metadata", "Factures/Energie/facture_EDF_2026-02.pdf"),
    # a year said beside the name is in the name; "a pdf or a word doc" asks its type, "word" is no topic
    ("is the insurance renewal 2026 a pdf or a word doc?", "metadata", "Car/Insurance renewal 2026.pdf"),
    ("what type of file is the insurance renewal from 2026", "metadata", "Car/Insurance renewal 2026.pdf"),
    ("when was the market takings file changed", "metadata", "Farm/Market/market takings.md"),  # "takings": a noun
    ("how large is the acme invoice file from february", "metadata", "invoices/acme_2026-02.pdf"),  # its name's month
])
def test_the_size_or_age_of_one_named_file_is_its_metadata(planner, question, intent, relpath):
    plan = planner.plan(question, DUBLIN)
    assert plan.intent == intent, plan.to_dict()
    if relpath is not None:
        assert plan.name.file.relpath == relpath


def test_the_one_file_of_a_kind_whose_name_dates_it_to_the_month_asked(planner):
    # a screenshot copied here later: its name, not its modification time, says when it was taken
    files = FILES + [F("Photos/Screenshots/Screenshot_2026-02-11.png")]
    plan = planner.plan("when did I save the screenshot from february", files)
    assert plan.intent == "metadata" and plan.name.file.relpath == "Photos/Screenshots/Screenshot_2026-02-11.png", \
        plan.to_dict()


PHOTOS = ("png", "jpg", "jpeg", "heic", "gif", "webp", "bmp", "tiff")


@pytest.mark.parametrize("question, folder, exts", [
    ("how many megabytes are the Lisbon photos", "Photos/Lisbon", PHOTOS),  # megabytes are space, not a count
    ("how big are the pdfs in Bills", "Bills", ("pdf",)),  # "how big are" the files: their space, not a list
    ("how heavy is the Money folder", "Money", None),  # "heavy" says how it asks, it is no topic
    ("what's the combined size of the kids folders", "Kids", None),
    ("how big are the Phillip Island photos", "Photos/2026-01 Phillip Island", PHOTOS),  # a folder's name of words
    ("how much room do the photos from 2025 take", "Photos/2025", PHOTOS),
])
def test_how_big_files_are_is_the_space_they_take(planner, question, folder, exts):
    plan = planner.plan(question, DUBLIN)
    assert (plan.intent, plan.folder, plan.slots.extensions) == ("disk", folder, exts), plan.to_dict()


def test_how_many_gigabytes_a_thing_has_is_still_content(planner):
    assert planner.plan("how many GB of storage does the macbook have", DUBLIN).intent == "content"


@pytest.mark.parametrize("question, intent, about", [
    ("how much space do my invoices take", "disk", "invoice"),  # no Invoices folder: the files named so
    ("how much room are my invoices taking up", "disk", "invoice"),
    ("how much space do my files take", "disk", None),  # all of them
])
def test_the_space_files_a_word_names_take(planner, question, intent, about):
    files = [F(p) for p in ("Car/invoice (1).pdf", "Home/Furnace service invoice Oct 2025.pdf", "Home/lease.pdf",
                            "Home/notes.txt")]
    plan = planner.plan(question, files)
    assert (plan.intent, plan.about) == (intent, about), plan.to_dict()
