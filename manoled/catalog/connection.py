"""Per-thread SQLite connections that carry file names as bytes, and owner-only database files.

The catalog is used from several threads. Each thread gets its own
connection; writes are serialised by SQLite itself.

The catalog holds every extracted passage: its folder is 0700 and its files
(database, WAL, shared memory) are 0600, fixed on every open.
"""

from __future__ import annotations

import os
import sqlite3
import stat
import threading
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path

from ..errors import CatalogError
from .names import bind_all, text_factory

PAGE_SIZE = 16384  # 16 KiB pages: rows of text and a vector leave less of each page empty


def secure_files(db: Path) -> None:
    """Owner-only permissions for the catalog and its WAL and shared-memory files."""
    for p in (db, db.with_name(db.name + "-wal"), db.with_name(db.name + "-shm"),
              db.with_name(db.name + "-journal")):
        try:
            st = os.stat(p, follow_symlinks=False)
            if stat.S_ISREG(st.st_mode) and st.st_mode & 0o077:
                os.chmod(p, 0o600)
        except OSError:  # gone, or not ours to change: SQLite will complain if it matters
            pass


class _Connection(sqlite3.Connection):
    """A connection that binds undecodable names losslessly (see :mod:`manoled.catalog.names`)."""

    def execute(self, sql: str, parameters: object = (), /) -> sqlite3.Cursor:  # type: ignore[override]
        return super().execute(sql, bind_all(parameters))  # type: ignore[arg-type]

    def executemany(self, sql: str, seq: Iterable[object], /) -> sqlite3.Cursor:  # type: ignore[override]
        return super().executemany(sql, (bind_all(p) for p in seq))  # type: ignore[arg-type]


class Connections:
    """One connection per thread to the database at ``path``, and write transactions over them."""

    def __init__(self, path: Path) -> None:
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
        self._local = threading.local()
        self._conns: list[sqlite3.Connection] = []
        self._conns_lock = threading.Lock()
        self._closed = False
        self.commits = 0  # write transactions committed through this object: readers cache what it has not changed

    # -- connections -----------------------------------------------------
    def _conn(self) -> sqlite3.Connection:
        if self._closed:
            raise CatalogError("catalog is closed")
        conn = getattr(self._local, "conn", None)
        if conn is None:
            try:
                old = os.umask(0o077)  # the database, its WAL and shm are created owner-only
                try:
                    conn = sqlite3.connect(self.path, timeout=30.0, isolation_level=None, check_same_thread=False,
                                           factory=_Connection)
                finally:
                    os.umask(old)
                conn.text_factory = text_factory
                conn.execute(f"PRAGMA page_size={PAGE_SIZE}")  # takes effect only on a new, empty database
                conn.execute("PRAGMA journal_mode=WAL")
                conn.execute("PRAGMA synchronous=NORMAL")
                conn.execute("PRAGMA foreign_keys=ON")
            except sqlite3.DatabaseError as exc:
                raise CatalogError(f"cannot open catalog {self.path}: {exc}") from exc
            self._local.conn = conn
            with self._conns_lock:
                self._conns.append(conn)
        return conn

    @contextmanager
    def tx(self) -> Iterator[sqlite3.Connection]:
        """One write transaction (BEGIN IMMEDIATE … COMMIT, or ROLLBACK on error)."""
        c = self._conn()
        if c.in_transaction:  # nested: join the outer transaction
            yield c
            return
        c.execute("BEGIN IMMEDIATE")
        try:
            yield c
        except BaseException:
            c.execute("ROLLBACK")
            raise
        else:
            c.execute("COMMIT")
            with self._conns_lock:
                self.commits += 1

    def query(self, sql: str, args: Iterable[object] = ()) -> list[tuple]:
        return self._conn().execute(sql, tuple(args)).fetchall()

    def close(self) -> None:
        with self._conns_lock:
            for conn in self._conns:
                try:
                    conn.close()
                except sqlite3.Error:
                    pass
            self._conns.clear()
        self._closed = True
