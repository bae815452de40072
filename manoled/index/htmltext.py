"""The visible text of an HTML document, in time linear in its length (script and style dropped)."""

from __future__ import annotations

import html
import html.parser
import re
import threading
import time

from .extraction import ExtractCancelled, ExtractTimeout


class _HTMLText(html.parser.HTMLParser):
    # fmt: off
    _DROP = frozenset({"script", "style", "template", "noscript", "svg", "head"})
    _KEEP_IN_HEAD = frozenset({"title"})
    _BLOCK = frozenset(
        {
            "p", "div", "br", "li", "ul", "ol", "dl", "dt", "dd", "tr", "table", "section",
            "article", "header", "footer", "nav", "aside", "main", "blockquote", "pre", "hr",
            "h1", "h2", "h3", "h4", "h5", "h6", "title", "figure", "figcaption", "form", "address",
            "details", "summary", "caption", "body",
        }
    )
    # fmt: on

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self._drop: list[str] = []
        self._keep = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in self._DROP:
            self._drop.append(tag)
        elif tag in self._KEEP_IN_HEAD and self._drop == ["head"]:
            self._keep += 1
        if tag in self._BLOCK:
            self.parts.append("\n\n")
        elif tag in ("td", "th"):
            self.parts.append(" ")

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in self._BLOCK:
            self.parts.append("\n\n")

    def handle_endtag(self, tag: str) -> None:
        if tag in self._KEEP_IN_HEAD and self._keep:
            self._keep -= 1
        elif tag in self._drop:
            # close up to the matching open tag (tolerates unclosed inner tags)
            while self._drop and self._drop.pop() != tag:
                pass
        if tag in self._BLOCK:
            self.parts.append("\n\n")

    def handle_data(self, data: str) -> None:
        if not self._drop or self._keep:
            self.parts.append(data)


_SPACES = re.compile(r"[ \t\f\v\r\u00a0]+")
_BLANKS = re.compile(r"\n\s*\n\s*")
_TAG_NAME = re.compile(r"[a-zA-Z][^\s/>\x00]*")
_RAW_TEXT = frozenset({"script", "style", "textarea", "title", "xmp", "iframe", "noembed", "noframes"})
_CHECK_EVERY = 4096  # tokens between deadline checks


def _tag_end(markup: str, pos: int) -> int:
    """Index just past the ``>`` closing the tag that starts before ``pos``, honouring quoted
    attribute values; -1 if the document ends inside the tag. Each character is looked at once."""
    n = len(markup)
    quote = ""
    while pos < n:
        if quote:
            pos = markup.find(quote, pos)
            if pos < 0:
                return -1
            quote = ""
            pos += 1
            continue
        m = _TAG_BODY.search(markup, pos)
        if m is None:
            return -1
        ch = m.group()
        pos = m.end()
        if ch == ">":
            return pos
        quote = ch
    return -1


_TAG_BODY = re.compile(r"""[>"']""")


def _tokens(markup: str):
    """Yield ("data", text) / ("start", tag) / ("end", tag) in one left-to-right pass (linear).

    Unlike :mod:`html.parser`, which rescans an unterminated tag or quote from
    every later ``<`` (quadratic: 20,000 ``<a b='`` took minutes), a tag or
    comment the document never closes swallows the rest of the document, as
    browsers do, and the scan ends.
    """
    n = len(markup)
    pos = 0
    raw_close: re.Pattern[str] | None = None
    while pos < n:
        if raw_close is not None:  # inside <script>, <style>, ...: text up to the closing tag
            m = raw_close.search(markup, pos)
            end = m.start() if m else n
            yield "data", markup[pos:end]
            pos = end
            raw_close = None
            continue
        lt = markup.find("<", pos)
        if lt < 0:
            yield "data", markup[pos:]
            return
        if lt > pos:
            yield "data", markup[pos:lt]
        nxt = markup[lt + 1:lt + 2]
        if markup.startswith("<!--", lt):
            close = markup.find("-->", lt + 4)
            if close < 0:
                return
            pos = close + 3
        elif nxt in ("!", "?"):
            close = markup.find(">", lt + 2)
            if close < 0:
                return
            pos = close + 1
        elif nxt == "/":
            m = _TAG_NAME.match(markup, lt + 2)
            close = markup.find(">", lt + 2)
            if close < 0:
                return
            if m is not None and m.start() < close:
                yield "end", m.group().lower()
            pos = close + 1
        else:
            m = _TAG_NAME.match(markup, lt + 1)
            if m is None:  # a lone "<": text
                yield "data", "<"
                pos = lt + 1
                continue
            end = _tag_end(markup, m.end())
            if end < 0:
                return
            tag = m.group().lower()
            yield "start", tag
            if markup[end - 2:end] == "/>":
                yield "end", tag
            elif tag in _RAW_TEXT:
                raw_close = re.compile(r"</" + re.escape(tag) + r"(?=[\s/>])", re.IGNORECASE)
            pos = end


def html_to_text(markup: str, deadline: float | None = None, cancel: threading.Event | None = None) -> str:
    """The visible text of an HTML document, one blank line between blocks.

    Linear in the document's length. ``deadline`` (a ``time.monotonic()``
    value) and ``cancel`` stop a parse that takes too long: :class:`ExtractTimeout`.
    """
    parser = _HTMLText()
    count = 0
    for kind, value in _tokens(markup):
        count += 1
        if count % _CHECK_EVERY == 0:
            if cancel is not None and cancel.is_set():
                raise ExtractCancelled("cancelled (shutting down)")
            if deadline is not None and time.monotonic() > deadline:
                raise ExtractTimeout("HTML took longer than the time limit")
        if kind == "data":
            if value:
                parser.handle_data(html.unescape(value))
        elif kind == "start":
            parser.handle_starttag(value, [])
        else:
            parser.handle_endtag(value)
    text = _SPACES.sub(" ", "".join(parser.parts))
    text = "\n".join(line.strip() for line in text.split("\n"))
    return _BLANKS.sub("\n\n", text).strip()
