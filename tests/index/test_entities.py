"""Entity extraction (strict, no false positives) and its storage in the catalog."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from manoled.catalog.records import NewPassage
from manoled.catalog.store import Catalog
from manoled.index.entities import entities_for, extract, iban_checksum_ok, store_entities, sync_entities


def kinds(text: str, etype: str) -> set[str]:
    return {e.value for e in extract(text) if e.type == etype}


# -- IBAN ----------------------------------------------------------------------------

@pytest.mark.parametrize("iban", [
    "DE89370400440532013000", "GB82WEST12345698765432", "FR1420041010050500013M02606",
    "NL91ABNA0417164300", "BE68539007547034", "CH9300762011623852957", "IT60X0542811101000000123456",
    "ES9121000418450200051332", "AT611904300234573201", "NO9386011117947",
])
def test_valid_iban_checksums(iban):
    assert iban_checksum_ok(iban)
    assert kinds(f"Please pay to IBAN {iban} by Friday.", "iban") == {iban}


@pytest.mark.parametrize("iban", [
    "DE89370400440532013001",  # last digit changed
    "DE98370400440532013000",  # check digits swapped
    "GB82WEST12345698765433",
    "NL91ABNA0417164301",
    "DE8937040044053201300",  # one digit short for DE
    "XX89370400440532013000",  # no such country
])
def test_invalid_iban_checksums_are_rejected(iban):
    assert not iban_checksum_ok(iban)
    assert kinds(f"IBAN {iban}", "iban") == set()


def test_iban_grouped_in_fours_and_followed_by_more_text():
    text = "IBAN: DE89 3704 0044 0532 0130 00 BIC COBADEFFXXX\nIBAN GB82 WEST 1234 5698 7654 32."
    assert kinds(text, "iban") == {"DE89370400440532013000", "GB82WEST12345698765432"}
    assert {e.display for e in extract(text) if e.type == "iban"} == {"DE89 3704 0044 0532 0130 00", "GB82 WEST 1234 5698 7654 32"}


def test_iban_inside_a_longer_token_is_not_an_iban():
    assert kinds("ref DE89370400440532013000XYZ", "iban") == set()
    assert kinds("ref ADE89370400440532013000", "iban") == set()


# -- email ---------------------------------------------------------------------------

def test_emails_are_found_and_lowercased():
    text = "Write to Legal@Northwind-Traders.com, cc: j.doe+invoices@mail.example.co.uk; not me@localhost or @foo.com"
    assert kinds(text, "email") == {"legal@northwind-traders.com", "j.doe+invoices@mail.example.co.uk"}


# -- tax / VAT ids -------------------------------------------------------------------

@pytest.mark.parametrize("text,expected", [
    ("USt-IdNr.: DE123456789", "DE123456789"),
    ("USt-IdNr. DE 123 456 789", "DE123456789"),
    ("UID ATU12345678", "ATU12345678"),
    ("BTW NL123456789B01", "NL123456789B01"),
    ("TVA FR12345678901", "FR12345678901"),
    ("P.IVA IT12345678901", "IT12345678901"),
    ("NIF ESB12345678", "ESB12345678"),
    ("VAT GB123456789", "GB123456789"),
    ("BE0123456789", "BE0123456789"),
    ("MWST CHE-123.456.789 MWST", "CHE123456789"),
    ("VAT Reg. No. IE1234567T", "IE1234567T"),
    ("NIP PL1234567890", "PL1234567890"),
])
def test_vat_formats(text, expected):
    assert kinds(text, "tax_id") == {expected}


@pytest.mark.parametrize("text", [
    "DE12345678",  # 8 digits: too short for DE
    "DE1234567890",  # 10 digits: too long
    "de123456789",  # prefix must be upper-case
    "ATU1234567",
    "NL123456789X01",
    "XYZDE123456789",  # part of a longer token
    "BE2123456789",  # BE numbers start with 0 or 1
])
def test_vat_lookalikes_are_rejected(text):
    assert kinds(text, "tax_id") == set()


def test_no_false_positives_on_plain_numbers_dates_and_phones():
    text = """
    Order 123456789, customer no. 0012345678901, amount 1.234.567,89 EUR, ref 2024-03-15 / 15.03.2024 / 03/15/2024.
    Call +49 30 12345678 or (030) 1234-5678, mobile 0049 170 1234567, fax +44 20 7946 0958.
    ISBN 978-3-16-148410-0, zip 10115, version 3.14.159, serial 4111111111111111, time 12:30.
    """
    found = extract(text)
    assert [e for e in found if e.type in ("iban", "tax_id", "email", "company")] == []


# -- companies -----------------------------------------------------------------------

def test_company_names_with_legal_suffixes():
    text = """Invoice from Acme Widgets GmbH to Northwind Traders Ltd.
    Contract between Contoso Inc. and Globex Corporation, via Initech LLC and Umbrella S.A.
    Copy to Bank of Ireland plc and Stark Industries SRL; supplier Wayne Enterprises BV."""
    assert kinds(text, "company") == {
        "acme widgets gmbh", "northwind traders ltd", "contoso inc", "globex corp", "initech llc",
        "umbrella sa", "bank of ireland plc", "stark industries srl", "wayne enterprises bv",
    }


def test_company_spellings_normalise_to_one_value():
    assert kinds("ACME Widgets GmbH", "company") == kinds("Dear Acme Widgets GmbH,", "company") == {"acme widgets gmbh"}
    assert kinds("Northwind Traders Limited", "company") == kinds("Northwind Traders Ltd.", "company")


def test_no_company_without_a_legal_suffix_or_capital():
    assert kinds("the sales team met at the agency ltd offices; AG and GmbH are legal forms", "company") == set()


# -- file names ----------------------------------------------------------------------

def test_file_name_mentions():
    text = 'See budget_2024.xlsx and "Q3 Report.pdf"; the script is at ~/bin/run-backup.sh. Version 3.14 and e.g. too.'
    values = kinds(text, "filename")
    assert {"budget_2024.xlsx", "report.pdf", "q3 report.pdf", "run-backup.sh"} <= values
    assert not any(v.endswith(".14") or v.endswith(".g") for v in values)


# -- storage -------------------------------------------------------------------------

def make_file(cat: Catalog, root: Path, rel: str, texts: list[str]) -> int:
    r = cat.add_root(root)
    fid = cat.upsert_file(r.id, rel, size=1, mtime_ns=1, inode=1, kind="text", state="pending")
    vecs = np.eye(len(texts), 8, dtype=np.float32)
    cat.replace_passages(fid, [NewPassage(i, t, None, vecs[i]) for i, t in enumerate(texts)])
    return fid


def test_store_replaces_entities_and_delete_cascades(tmp_path):
    cat = Catalog(tmp_path / "catalog.sqlite3")
    fid = make_file(cat, tmp_path, "a.txt", ["mail ann@example.org"])
    store_entities(cat, fid, ["mail ann@example.org, IBAN DE89 3704 0044 0532 0130 00"])
    assert {(e.type, e.value) for e in entities_for(cat, fid)} == {
        ("email", "ann@example.org"), ("iban", "DE89370400440532013000")}
    store_entities(cat, fid, ["now bob@example.org"])  # modified file: replaced, not merged
    assert {(e.type, e.value) for e in entities_for(cat, fid)} == {("email", "bob@example.org")}
    cat.delete_file(fid)
    assert cat.query("SELECT COUNT(*) FROM entities")[0][0] == 0
    assert cat.query("SELECT COUNT(*) FROM entity_state")[0][0] == 0
    cat.close()


def test_removing_a_root_cleans_up_entities(tmp_path):
    cat = Catalog(tmp_path / "catalog.sqlite3")
    fid = make_file(cat, tmp_path / "root", "a.txt", ["x"])
    store_entities(cat, fid, ["ann@example.org"])
    cat.remove_root(cat.roots()[0].id)
    assert cat.query("SELECT COUNT(*) FROM entities")[0][0] == 0
    cat.close()


def test_sync_catches_up_from_stored_passages(tmp_path):
    cat = Catalog(tmp_path / "catalog.sqlite3")
    a = make_file(cat, tmp_path, "a.txt", ["write to ann@example.org"])  # indexed without the hook
    b = make_file(cat, tmp_path, "b.txt", ["write to bob@example.org"])
    store_entities(cat, b, ["write to bob@example.org"])
    assert sync_entities(cat) == 1  # only a was stale
    assert [e.value for e in entities_for(cat, a)] == ["ann@example.org"]
    assert sync_entities(cat) == 0
    # b's passages change without the hook: sync notices (newer passage ids)
    cat.replace_passages(b, [NewPassage(0, "now carol@example.org", None, np.ones(8, np.float32))])
    assert sync_entities(cat) == 1
    assert [e.value for e in entities_for(cat, b)] == ["carol@example.org"]
    # b fails on its next change (no passages): its entities go
    cat.replace_passages(b, [], state="failed", reason="unreadable")
    assert sync_entities(cat) == 1
    assert entities_for(cat, b) == []
    cat.close()


def test_store_for_a_vanished_file_is_a_no_op(tmp_path):
    cat = Catalog(tmp_path / "catalog.sqlite3")
    assert store_entities(cat, 12345, ["ann@example.org"]) == []
    cat.close()
