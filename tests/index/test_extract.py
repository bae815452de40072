from __future__ import annotations

import errno
import os
import random
import subprocess
import sys
import threading
from dataclasses import replace
from pathlib import Path

import pytest
from fixtures import HTML_HIDDEN, MARKERS, make_binary, make_corpus, make_docx, make_pdf, make_text

from manoled.config import IndexConfig
from manoled.errors import ExtractError
from manoled.index import extract as extract_mod
from manoled.index.extract import Extractor
from manoled.index.extraction import Extraction, ExtractTimeout, state_for
from manoled.index.kinds import kind_for
from manoled.index.safeopen import Skip


@pytest.fixture(scope="module")
def worker_extractor():
    """One extractor (and worker process) shared by the tests that do not break it."""
    ex = Extractor(IndexConfig(extract_timeout_s=60.0))
    yield ex
    ex.close()


@pytest.fixture
def text_extractor():
    ex = Extractor(IndexConfig())
    yield ex
    assert ex.worker_pid is None  # text never starts the worker
    ex.close()


def _skip_reason(ex: Extractor, path: Path, kind: str = "text") -> str:
    with pytest.raises(Skip) as info:
        ex.extract(path, kind)
    assert state_for(info.value) == "skipped"
    assert info.value.code == "skipped"
    return info.value.message


def _fail_reason(ex: Extractor, path: Path, kind: str = "text") -> str:
    with pytest.raises(ExtractError) as info:
        ex.extract(path, kind)
    assert not isinstance(info.value, Skip)
    assert state_for(info.value) == "failed"
    return info.value.message


# ---------------------------------------------------------------- kinds


@pytest.mark.parametrize(
    ("name", "kind"),
    [
        ("notes.txt", "text"),
        ("README.MD", "text"),
        ("guide.rst", "text"),
        ("main.py", "text"),
        ("table.csv", "text"),
        ("data.json", "text"),
        ("page.HTML", "text"),
        ("report.pdf", "pdf"),
        ("Report.PDF", "pdf"),
        ("letter.docx", "doc"),
        ("photo.jpg", "image"),
        ("photo.JPEG", "image"),
        ("x.png", "image"),
        ("x.heic", "image"),
        ("x.tiff", "image"),
        ("x.webp", "image"),
        ("archive.tar.gz", "other"),
        ("old.doc", "other"),
        ("missing.xyz", "other"),
        ("no_extension_missing", "other"),
    ],
)
def test_kind_by_extension(tmp_path, name, kind):
    assert kind_for(tmp_path / name) == kind


def test_unknown_extension_is_sniffed_conservatively(tmp_path):
    assert kind_for(make_text(tmp_path / "Makefile", "all:\n\tcc -o app main.c\n")) == "text"
    assert kind_for(make_text(tmp_path / ".bashrc", "export PATH=$HOME/bin:$PATH\n")) == "text"
    assert kind_for(make_text(tmp_path / "notes.xyz", "caf\u00e9 na\u00efve \u2014 utf-8 text\n")) == "text"
    assert kind_for(make_text(tmp_path / "bom.xyz", "wide text\n", encoding="utf-16-le", bom=True)) == "text"
    assert kind_for(make_binary(tmp_path / "blob.xyz")) == "other"
    assert kind_for(make_text(tmp_path / "empty.xyz", "")) == "other"
    # not UTF-8: could be anything, so not text
    assert kind_for(make_text(tmp_path / "legacy.xyz", "caf\u00e9 cr\u00e8me\n", encoding="latin-1")) == "other"
    # control characters without NULs
    (tmp_path / "ctrl.xyz").write_bytes(bytes(range(1, 32)) * 20)
    assert kind_for(tmp_path / "ctrl.xyz") == "other"
    (tmp_path / "dir.xyz").mkdir()
    assert kind_for(tmp_path / "dir.xyz") == "other"


@pytest.mark.timeout(20)
def test_kind_for_and_extract_never_block_on_a_fifo(tmp_path, text_extractor):
    fifo = tmp_path / "pipe.xyz"
    os.mkfifo(fifo)
    assert kind_for(fifo) == "other"
    assert _skip_reason(text_extractor, fifo) == "not a regular file (named pipe)"
    txt_fifo = tmp_path / "pipe.txt"
    os.mkfifo(txt_fifo)
    assert _skip_reason(text_extractor, txt_fifo) == "not a regular file (named pipe)"


# ---------------------------------------------------------------- text formats


def test_text_formats_of_the_corpus(tmp_path, text_extractor):
    files = make_corpus(tmp_path)
    for key in ("txt", "md", "rst", "py", "csv", "json", "html", "latin1", "utf16"):
        path = files[key]
        assert kind_for(path) == "text", key
        result = text_extractor.extract(path, "text")
        assert isinstance(result, Extraction)
        assert len(result.segments) == 1
        text, page = result.segments[0]
        assert page is None
        assert MARKERS[key] in text, key
        assert result.chars == len(text)
        assert result.truncated is False
        assert result.text == text


def test_html_is_stripped_of_tags_scripts_and_styles(tmp_path, text_extractor):
    files = make_corpus(tmp_path)
    text = text_extractor.extract(files["html"], "text").text
    assert "<" not in text and ">" not in text
    for hidden in HTML_HIDDEN:
        assert hidden not in text
    assert "color: red" not in text
    assert f"The {MARKERS['html']} runs fast & far." in text
    assert "Zoo page" in text  # the title is kept
    assert "one\n\ntwo" in text  # blocks become paragraphs


def test_html_meta_charset_is_honoured(tmp_path, text_extractor):
    markup = '<html><head><meta charset="windows-1252"></head><body><p>Caf\u00e9 \u201cquoted\u201d</p></body></html>'
    path = make_text(tmp_path / "legacy.htm", markup, encoding="cp1252")
    assert text_extractor.extract(path, "text").text == "Caf\u00e9 \u201cquoted\u201d"


@pytest.mark.parametrize(
    ("encoding", "bom"),
    [
        ("utf-8", False),
        ("utf-8", True),
        ("utf-16-le", True),
        ("utf-16-be", True),
        ("latin-1", False),
        ("cp1252", False),
    ],
)
def test_encodings_are_detected(tmp_path, text_extractor, encoding, bom):
    sample = "Le caf\u00e9 est tr\u00e8s bon, na\u00efve fa\u00e7ade \u00e0 c\u00f4t\u00e9 de la for\u00eat.\n" * 4
    if encoding == "cp1252":
        sample += "\u201cSmart quotes\u201d cost \u20ac5.\n"
    path = make_text(tmp_path / f"sample-{encoding}-{bom}.txt", sample, encoding=encoding, bom=bom)
    assert text_extractor.extract(path, "text").text == sample


@pytest.mark.parametrize(
    ("encoding", "sample"),
    [
        ("cp1251", "Привет, как дела? Это текст на русском.\n"),
        ("shift_jis", "日本語のテキストです。よろしくお願いします。\n"),
        ("latin-1", "Grüße aus München, schöne Straße.\n"),
    ],
)
def test_legacy_encodings_are_guessed(encoding, sample):
    text, _enc = extract_mod.decode(sample.encode(encoding))
    assert text == sample


def test_large_latin1_word_salad_is_not_mistaken_for_another_code_page(tmp_path, text_extractor):
    rng = random.Random(0)
    words = "le café très côté forêt naïve été maison rouge".split()
    sample = " ".join(rng.choice(words) for _ in range(60_000))
    path = make_text(tmp_path / "salad.txt", sample, encoding="latin-1")
    assert text_extractor.extract(path, "text").text == sample


def test_utf32_bom(tmp_path, text_extractor):
    path = tmp_path / "wide.txt"
    path.write_bytes("\ufeffG\u00fc\u00dfe aus M\u00fcnchen\n".encode("utf-32-le"))
    assert text_extractor.extract(path, "text").text == "G\u00fc\u00dfe aus M\u00fcnchen\n"


def test_crlf_is_normalised(tmp_path, text_extractor):
    path = tmp_path / "dos.txt"
    path.write_bytes(b"line one\r\nline two\r\n")
    assert text_extractor.extract(path, "text").text == "line one\nline two\n"


# ---------------------------------------------------------------- skips


def test_binary_is_skipped_whatever_its_extension(tmp_path, text_extractor):
    for name in ("program.txt", "data.json", "page.html", "noext"):
        path = make_binary(tmp_path / name)
        assert _skip_reason(text_extractor, path) == "binary file (contains NUL bytes)"
    # a single NUL late in the first 64 KiB still counts
    path = tmp_path / "late-nul.md"
    path.write_bytes(b"a" * 60_000 + b"\x00" + b"b" * 100)
    assert _skip_reason(text_extractor, path) == "binary file (contains NUL bytes)"


def test_empty_and_blank_files_are_skipped(tmp_path, text_extractor):
    assert _skip_reason(text_extractor, make_text(tmp_path / "empty.txt", "")) == "empty file"
    assert _skip_reason(text_extractor, make_text(tmp_path / "blank.md", " \n\n\t\n")) == "no text content"
    assert _skip_reason(text_extractor, make_text(tmp_path / "tags.html", "<p> </p><script>x()</script>")) == (
        "no text content"
    )


def test_unsupported_kinds_are_skipped(tmp_path, text_extractor):
    files = make_corpus(tmp_path)
    assert _skip_reason(text_extractor, files["png"], "image") == "unsupported file type (image)"
    assert _skip_reason(text_extractor, make_binary(tmp_path / "a.zip"), "other") == "unsupported file type (other)"


def test_too_big_files_are_skipped_without_being_opened(tmp_path, monkeypatch):
    path = make_text(tmp_path / "big.txt", "word " * 100)

    def no_open(path, flags):
        raise AssertionError("a too-big file must not be opened")

    monkeypatch.setattr(extract_mod, "_os_open", no_open)
    ex = Extractor(IndexConfig(max_file_bytes=100))
    for kind in ("text", "pdf", "doc"):
        assert _skip_reason(ex, path, kind) == "file too big (500 bytes > 100 bytes limit)"
    ex.close()


def test_directories_and_broken_links_are_skipped(tmp_path, text_extractor):
    (tmp_path / "folder.txt").mkdir()
    assert _skip_reason(text_extractor, tmp_path / "folder.txt") == "not a regular file (directory)"
    link = tmp_path / "dangling.txt"
    link.symlink_to(tmp_path / "nowhere.txt")
    assert _skip_reason(text_extractor, link) == "broken symbolic link"
    assert _skip_reason(text_extractor, link, "pdf") == "broken symbolic link"


def test_a_symlink_to_a_file_is_followed(tmp_path, text_extractor):
    target = make_text(tmp_path / "target.txt", "linked text\n")
    (tmp_path / "link.txt").symlink_to(target)
    assert text_extractor.extract(tmp_path / "link.txt", "text").text == "linked text\n"


def test_missing_file_fails(tmp_path, text_extractor):
    assert _fail_reason(text_extractor, tmp_path / "gone.txt") == "file not found"


# ---------------------------------------------------------------- permission denied


def test_unreadable_file_fails_with_permission_denied(tmp_path, text_extractor):
    path = make_text(tmp_path / "secret.txt", "top secret\n")
    path.chmod(0)
    try:
        if os.access(path, os.R_OK):
            pytest.skip("running as root: chmod 000 does not stop reads (see the seam test below)")
        assert _fail_reason(text_extractor, path) == "permission denied"
    finally:
        path.chmod(0o600)


@pytest.mark.parametrize("kind", ["text", "pdf", "doc"])
def test_permission_denied_through_the_open_seam(tmp_path, monkeypatch, kind):
    # root can read a chmod-000 file, so simulate the kernel's refusal at the open call
    files = make_corpus(tmp_path)
    path = {"text": files["txt"], "pdf": files["pdf"], "doc": files["docx"]}[kind]

    def denied(p, flags):
        raise PermissionError(errno.EACCES, "Permission denied", str(p))

    monkeypatch.setattr(extract_mod, "_os_open", denied)
    ex = Extractor(IndexConfig())
    assert _fail_reason(ex, path, kind) == "permission denied"
    assert ex.worker_pid is None  # refused before any worker was needed
    ex.close()


# ---------------------------------------------------------------- caps


def test_text_is_capped_at_max_text_chars(tmp_path):
    ex = Extractor(IndexConfig(max_text_chars=100))
    exact = make_text(tmp_path / "exact.txt", "a" * 100)
    result = ex.extract(exact, "text")
    assert (result.chars, result.truncated) == (100, False)

    long = make_text(tmp_path / "long.txt", "b" * 10_000)
    result = ex.extract(long, "text")
    assert (result.chars, result.truncated, result.text) == (100, True, "b" * 100)

    # multi-byte characters: the byte cap must not cut a character in half
    for encoding, bom in (("utf-8", False), ("utf-16-le", True)):
        wide = make_text(tmp_path / f"wide-{encoding}.txt", "\u00e9\u6f22" * 5_000, encoding=encoding, bom=bom)
        result = ex.extract(wide, "text")
        assert (result.chars, result.truncated) == (100, True)
        assert result.text == ("\u00e9\u6f22" * 50)
    ex.close()


def test_pdf_text_is_capped(tmp_path):
    path = make_pdf(tmp_path / "long.pdf", [f"Page {i} " + "lorem ipsum " * 20 for i in range(1, 6)])
    with Extractor(IndexConfig(max_text_chars=300)) as ex:
        result = ex.extract(path, "pdf")
    assert result.truncated is True
    assert result.chars == 300 == sum(len(t) for t, _ in result.segments)
    pages = [p for _, p in result.segments]
    assert pages == list(range(1, len(pages) + 1)) and len(pages) < 5


# ---------------------------------------------------------------- PDF and DOCX


def test_multi_page_pdf_keeps_page_numbers(tmp_path, worker_extractor):
    files = make_corpus(tmp_path)
    assert kind_for(files["pdf"]) == "pdf"
    result = worker_extractor.extract(files["pdf"], "pdf")
    assert [p for _, p in result.segments] == [1, 2, 3]
    for (text, page), key in zip(result.segments, ("pdf_page1", "pdf_page2", "pdf_page3"), strict=True):
        assert MARKERS[key] in text, page
    assert result.chars == sum(len(t) for t, _ in result.segments)
    assert result.truncated is False


def test_blank_pdf_pages_are_dropped_but_numbering_is_kept(tmp_path, worker_extractor):
    path = make_pdf(tmp_path / "gaps.pdf", ["first page", "", "third page"])
    result = worker_extractor.extract(path, "pdf")
    assert [(t.strip(), p) for t, p in result.segments] == [("first page", 1), ("third page", 3)]


def _cells_pdf(path: Path) -> Path:
    """A statement drawn as invoicing software draws it: every table cell and every column its own text."""
    import pymupdf

    doc = pymupdf.open()
    page = doc.new_page()
    page.insert_text((50, 60), "Harbour Bank")
    page.insert_text((350, 60), "Date: 19/09/2025")  # a letterhead's column that names its own value
    page.insert_text((50, 75), "PO Box 644, Nelson")
    page.insert_text((350, 75), "Account: 02-0741")
    for i, (label, value) in enumerate([("Current fixed rate", "7.19% p.a."), ("New fixed rate (2 years)", "6.45% p.a."),
                                        ("New repayment amount", "$1,324.75")]):
        page.insert_text((50, 120 + 15 * i), label)
        page.insert_text((350, 120 + 15 * i), value)
    left = "The fixed rate on your loan ends this month, and you chose"  # two columns of prose
    right = "to refix it for two years; your payments change with it."
    page.insert_text((20, 200), left, fontsize=8)
    page.insert_text((300, 200), right, fontsize=8)
    doc.save(path)
    return path


def test_pdf_table_cells_are_read_as_rows(tmp_path, worker_extractor):
    text = worker_extractor.extract(_cells_pdf(tmp_path / "loan.pdf"), "pdf").segments[0][0]
    lines = text.splitlines()
    assert "New fixed rate (2 years) | 6.45% p.a." in lines
    assert "New repayment amount | $1,324.75" in lines
    assert "Date: 19/09/2025" in lines and "Harbour Bank" in lines  # a labelled line stays its own
    assert lines.index("The fixed rate on your loan ends this month, and you chose") + 1 == \
        lines.index("to refix it for two years; your payments change with it.")


def test_pdf_without_text_is_skipped(tmp_path, worker_extractor):
    path = make_pdf(tmp_path / "scan.pdf", ["", ""])
    assert "no extractable text" in _skip_reason(worker_extractor, path, "pdf")


def test_corrupt_pdf_fails_with_a_reason(tmp_path, worker_extractor):
    path = make_binary(tmp_path / "broken.pdf", size=8192, seed=3)
    reason = _fail_reason(worker_extractor, path, "pdf")
    assert reason.startswith("corrupt or unreadable PDF")
    # a PDF header followed by garbage is no better
    path.write_bytes(b"%PDF-1.7\n" + os.urandom(4096))
    assert _fail_reason(worker_extractor, path, "pdf").startswith("corrupt")
    # and the worker is still serving
    assert worker_extractor.extract(make_pdf(tmp_path / "ok.pdf", ["fine"]), "pdf").text.strip() == "fine"


def test_docx_paragraphs_and_table_cells(tmp_path, worker_extractor):
    files = make_corpus(tmp_path)
    assert kind_for(files["docx"]) == "doc"
    result = worker_extractor.extract(files["docx"], "doc")
    assert len(result.segments) == 1
    text, page = result.segments[0]
    assert page is None
    assert MARKERS["docx"] in text
    assert f"{MARKERS['docx_table']} | Madagascar" in text
    assert text.index("Dear reader") < text.index(MARKERS["docx"]) < text.index("Regards") < text.index("animal")


def test_docx_merged_cells_are_not_repeated(tmp_path, worker_extractor):
    import docx

    document = docx.Document()
    table = document.add_table(rows=2, cols=3)
    table.cell(0, 0).merge(table.cell(0, 2)).text = "spanning header"
    table.cell(1, 0).text = "a"
    table.cell(1, 2).text = "c"
    document.save(str(tmp_path / "merged.docx"))
    text = worker_extractor.extract(tmp_path / "merged.docx", "doc").text
    assert text.count("spanning header") == 1
    assert "a | c" in text


def test_corrupt_and_empty_docx(tmp_path, worker_extractor):
    broken = make_binary(tmp_path / "broken.docx", seed=4)
    assert _fail_reason(worker_extractor, broken, "doc").startswith("corrupt or unreadable DOCX")
    empty = make_docx(tmp_path / "blank.docx", ["", "  "])
    assert _skip_reason(worker_extractor, empty, "doc") == "no text in document"


def test_odd_file_names(tmp_path, worker_extractor):
    names = ["with space.txt", "caf\u00e9 \u2603 \u6f22\u5b57.txt", "new\nline.txt", "-dash.txt", "tab\there.txt"]
    for name in names:
        path = make_text(tmp_path / name, f"content of {name!r}\n")
        assert kind_for(path) == "text"
        assert worker_extractor.extract(path, "text").text == f"content of {name!r}\n"
    for stem in ("new\nline \u6f22", 'quote\'s "double"', "caf" + os.fsdecode(b"\xe9")):
        pdf = make_pdf(tmp_path / f"{stem}.pdf", [f"pdf {len(stem)}"])
        assert worker_extractor.extract(pdf, "pdf").text.strip() == f"pdf {len(stem)}"
        doc = make_docx(tmp_path / f"{stem}.docx", [f"doc {len(stem)}"])
        assert worker_extractor.extract(doc, "doc").text == f"doc {len(stem)}"


def test_concurrent_callers_share_the_worker(tmp_path, worker_extractor):
    paths = [make_pdf(tmp_path / f"p{i}.pdf", [f"document number {i}"]) for i in range(6)]
    results: dict[int, str] = {}
    errors: list[BaseException] = []

    def work(i: int) -> None:
        try:
            results[i] = worker_extractor.extract(paths[i], "pdf").text.strip()
        except BaseException as exc:  # noqa: BLE001 - reported below
            errors.append(exc)

    threads = [threading.Thread(target=work, args=(i,)) for i in range(6)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    assert not errors
    assert results == {i: f"document number {i}" for i in range(6)}


# ---------------------------------------------------------------- worker life cycle


def test_worker_starts_lazily_and_closes(tmp_path):
    files = make_corpus(tmp_path)
    ex = Extractor(IndexConfig())
    assert ex.worker_pid is None
    ex.extract(files["txt"], "text")
    ex.extract(files["md"], "text")
    assert ex.worker_pid is None
    ex.extract(files["pdf"], "pdf")
    pid = ex.worker_pid
    assert pid is not None and pid != os.getpid()
    ex.extract(files["docx"], "doc")
    assert ex.worker_pid == pid  # one long-lived worker
    ex.close()
    assert ex.worker_pid is None
    ex.close()  # idempotent
    # usable again after close: a new worker starts on demand
    assert MARKERS["pdf_page2"] in ex.extract(files["pdf"], "pdf").text
    ex.close()


def test_timeout_kills_the_worker_and_the_next_pdf_still_extracts(tmp_path):
    files = make_corpus(tmp_path)
    config = IndexConfig(extract_timeout_s=60.0)
    with Extractor(config) as ex:
        ex.extract(files["pdf"], "pdf")  # worker up
        first = ex.worker_pid
        ex.config = replace(config, extract_timeout_s=0.2)
        ex._next_hook = ("sleep", 600)  # the worker hangs on this task
        with pytest.raises(ExtractTimeout) as info:
            ex.extract(files["pdf"], "pdf")
        assert info.value.message == "timed out after 0.2 s"
        assert state_for(info.value) == "failed"
        assert ex.worker_pid is None
        assert ex.restarts == 1
        ex.config = config
        result = ex.extract(files["pdf"], "pdf")
        assert [p for _, p in result.segments] == [1, 2, 3]
        assert ex.worker_pid not in (None, first)
        assert MARKERS["docx"] in ex.extract(files["docx"], "doc").text


def test_a_crashed_worker_is_replaced(tmp_path):
    files = make_corpus(tmp_path)
    with Extractor(IndexConfig(extract_timeout_s=60.0)) as ex:
        ex._next_hook = ("exit", 3)
        assert _fail_reason(ex, files["pdf"], "pdf") == "parser process crashed (exit code 3)"
        assert ex.worker_pid is None
        assert MARKERS["docx"] in ex.extract(files["docx"], "doc").text


def test_importing_extract_stays_light():
    code = (
        "import sys, manoled.index.extract, manoled.index.chunk\n"
        "heavy = {'torch', 'numpy', 'pymupdf', 'fitz', 'docx', 'charset_normalizer', 'sentence_transformers'}\n"
        "print(sorted(heavy & set(sys.modules)))\n"
    )
    root = Path(extract_mod.__file__).resolve().parents[2]
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(root), os.environ.get("PYTHONPATH", "")]))
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True)
    assert out.stdout.strip() == "[]"
