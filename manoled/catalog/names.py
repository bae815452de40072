"""File names as SQLite values: bytes on POSIX, stored losslessly.

File names are bytes on POSIX and need not be UTF-8. Python carries an
undecodable name as a ``str`` with surrogate escapes, which SQLite cannot
take as text; every connection therefore binds such a string as the name's
exact bytes (a BLOB), and reads text back with surrogate escapes, so the name
round-trips losslessly and a valid name is always bound as text (one spelling
per name: ``UNIQUE(root_id, relpath)`` still holds). Prefix queries compare
``CAST(relpath AS BLOB)`` so they match both spellings.
"""

from __future__ import annotations


def column_name(value: str | bytes) -> str:
    """A path column as ``str``: an undecodable name is stored as its bytes."""
    return value.decode("utf-8", "surrogateescape") if isinstance(value, bytes) else value


def bind(value: object) -> object:
    """A parameter SQLite can store: a string carrying surrogate escapes becomes its exact bytes."""
    if isinstance(value, str) and not value.isascii():
        try:
            value.encode("utf-8")
        except UnicodeEncodeError:
            return value.encode("utf-8", "surrogateescape")
    return value


def bind_all(params: object) -> object:
    if isinstance(params, dict):
        return {k: bind(v) for k, v in params.items()}
    if isinstance(params, (list, tuple)):
        return tuple(bind(v) for v in params)
    return params


def text_factory(data: bytes) -> str:
    return data.decode("utf-8", "surrogateescape")


def prefix_bytes(under: str) -> bytes:
    """``under/`` as bytes, for ``substr(CAST(relpath AS BLOB), 1, n) = prefix`` queries."""
    return (under.rstrip("/") + "/").encode("utf-8", "surrogateescape")
