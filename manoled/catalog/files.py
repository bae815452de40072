"""Roots, files and the meta table: the part of the catalog that knows paths, not content."""

from __future__ import annotations

import os
import time
from pathlib import Path

from .connection import Connections
from .names import column_name, prefix_bytes
from .records import FILE_COLS, FileRecord, NewPassage, Root, file_record, vector_to_blob
from .schema import KINDS, STATES


class FileStore(Connections):
    """Meta keys, watched roots and catalogued files (their passages live in :class:`manoled.catalog.store.Catalog`)."""

    # -- meta ------------------------------------------------------------
    def get_meta(self, key: str, default: str | None = None) -> str | None:
        row = self._conn().execute("SELECT value FROM meta WHERE key=?", (key,)).fetchone()
        return row[0] if row else default

    def set_meta(self, key: str, value: str) -> None:
        with self.tx() as c:
            c.execute("INSERT OR REPLACE INTO meta(key, value) VALUES(?, ?)", (key, value))

    # -- roots -----------------------------------------------------------
    def add_root(self, path: Path) -> Root:
        p = str(Path(path).resolve())
        with self.tx() as c:
            c.execute("INSERT OR IGNORE INTO roots(path, online, added) VALUES(?, 1, ?)", (p, time.time()))
        root = self.root_at(path)
        assert root is not None
        return root

    def root_at(self, path: Path) -> Root | None:
        """The root registered at exactly ``path``, if any (never adds one)."""
        row = self._conn().execute("SELECT id, path, online FROM roots WHERE path=?",
                                   (str(Path(path).resolve()),)).fetchone()
        return Root(row[0], Path(column_name(row[1])), bool(row[2])) if row else None

    def roots(self) -> list[Root]:
        return [Root(r[0], Path(column_name(r[1])), bool(r[2]))
                for r in self.query("SELECT id, path, online FROM roots ORDER BY id")]

    def root_for(self, path: Path) -> Root | None:
        p = str(path)
        for root in sorted(self.roots(), key=lambda r: len(str(r.path)), reverse=True):
            rp = str(root.path)
            if p == rp or p.startswith(rp.rstrip(os.sep) + os.sep):
                return root
        return None

    def set_root_online(self, root_id: int, online: bool) -> None:
        with self.tx() as c:
            c.execute("UPDATE roots SET online=? WHERE id=?", (int(online), root_id))

    def remove_root(self, root_id: int) -> int:
        """Forget a root and all its files (their passages become tombstones)."""
        with self.tx() as c:
            n = c.execute("SELECT COUNT(*) FROM files WHERE root_id=?", (root_id,)).fetchone()[0]
            c.execute("DELETE FROM passages WHERE file_id IN (SELECT id FROM files WHERE root_id=?)", (root_id,))
            c.execute("DELETE FROM files WHERE root_id=?", (root_id,))
            c.execute("DELETE FROM roots WHERE id=?", (root_id,))
        return n

    # -- files -----------------------------------------------------------
    def get_file(self, root_id: int, relpath: str) -> FileRecord | None:
        row = self._conn().execute(
            f"SELECT {FILE_COLS} FROM files f JOIN roots r ON r.id=f.root_id WHERE f.root_id=? AND f.relpath=?",
            (root_id, relpath),
        ).fetchone()
        return file_record(row) if row else None

    def file_by_id(self, file_id: int) -> FileRecord | None:
        row = self._conn().execute(
            f"SELECT {FILE_COLS} FROM files f JOIN roots r ON r.id=f.root_id WHERE f.id=?", (file_id,)
        ).fetchone()
        return file_record(row) if row else None

    def files(
        self,
        root_id: int | None = None,
        state: str | None = None,
        kind: str | None = None,
        under: str | None = None,
    ) -> list[FileRecord]:
        sql = f"SELECT {FILE_COLS} FROM files f JOIN roots r ON r.id=f.root_id WHERE 1=1"
        args: list[object] = []
        if root_id is not None:
            sql += " AND f.root_id=?"
            args.append(root_id)
        if state is not None:
            sql += " AND f.state=?"
            args.append(state)
        if kind is not None:
            sql += " AND f.kind=?"
            args.append(kind)
        if under:
            sql += _under("f.relpath", under, args)
        sql += " ORDER BY f.root_id, f.relpath"
        return [file_record(r) for r in self._conn().execute(sql, args)]

    def file_stats(self, root_id: int, under: str | None = None) -> dict[str, tuple[str, int, int, int | None]]:
        """relpath -> (state, size, mtime_ns, inode) of a root's files (or those ``under`` a folder):
        what a scan compares with the disk, without building a record per file."""
        sql = "SELECT relpath, state, size, mtime_ns, inode FROM files WHERE root_id=?"
        args: list[object] = [root_id]
        if under:
            sql += _under("relpath", under, args)
        rows = self._conn().execute(sql, args)
        return {column_name(rel): (state, size, mtime, inode) for rel, state, size, mtime, inode in rows}

    def upsert_file(
        self,
        root_id: int,
        relpath: str,
        *,
        size: int,
        mtime_ns: int,
        inode: int,
        kind: str,
        state: str,
        hash: str | None = None,
        reason: str | None = None,
    ) -> int:
        assert kind in KINDS and state in STATES, (kind, state)
        with self.tx() as c:
            c.execute(
                """INSERT INTO files(root_id, relpath, size, mtime_ns, inode, hash, kind, state, reason, updated)
                   VALUES(?,?,?,?,?,?,?,?,?,?)
                   ON CONFLICT(root_id, relpath) DO UPDATE SET
                     size=excluded.size, mtime_ns=excluded.mtime_ns, inode=excluded.inode,
                     hash=COALESCE(excluded.hash, files.hash), kind=excluded.kind,
                     state=excluded.state, reason=excluded.reason, updated=excluded.updated""",
                (root_id, relpath, size, mtime_ns, inode, hash, kind, state, reason, time.time()),
            )
            return c.execute("SELECT id FROM files WHERE root_id=? AND relpath=?", (root_id, relpath)).fetchone()[0]

    def set_state(self, file_id: int, state: str, reason: str | None = None) -> None:
        assert state in STATES
        with self.tx() as c:
            c.execute("UPDATE files SET state=?, reason=?, updated=? WHERE id=?", (state, reason, time.time(), file_id))

    def mark_pending(self, root_id: int | None = None, under: str | None = None) -> int:
        """Queue files for re-processing (``reindex``): failed and skipped ones get another try."""
        sql, args = "UPDATE files SET state='pending' WHERE 1=1", []
        if root_id is not None:
            sql += " AND root_id=?"
            args.append(root_id)
        if under:
            prefix = prefix_bytes(under)
            sql += " AND (relpath=? OR substr(CAST(relpath AS BLOB), 1, ?)=?)"
            args.extend([under.rstrip("/"), len(prefix), prefix])
        with self.tx() as c:
            return c.execute(sql, args).rowcount

    def replace_passages(self, file_id: int, passages: list[NewPassage], *, hash: str | None = None,
                         state: str = "indexed", reason: str | None = None) -> list[int]:
        """Swap a file's passages in one transaction; returns the new passage ids."""
        with self.tx() as c:
            c.execute("DELETE FROM passages WHERE file_id=?", (file_id,))
            ids = []
            for p in passages:
                cur = c.execute(
                    "INSERT INTO passages(file_id, seq, page, text, vector) VALUES(?,?,?,?,?)",
                    (file_id, p.seq, p.page, p.text, vector_to_blob(p.vector)),
                )
                ids.append(int(cur.lastrowid))
            c.execute(
                "UPDATE files SET state=?, reason=?, hash=COALESCE(?, hash), updated=? WHERE id=?",
                (state, reason, hash, time.time(), file_id),
            )
        return ids

    def append_passages(self, file_id: int, passages: list[NewPassage], *, state: str) -> list[int]:
        """Add more of a file's passages (a large file is written over several commits) in one transaction."""
        assert state in STATES
        with self.tx() as c:
            ids = [int(c.execute(
                "INSERT INTO passages(file_id, seq, page, text, vector) VALUES(?,?,?,?,?)",
                (file_id, p.seq, p.page, p.text, vector_to_blob(p.vector)),
            ).lastrowid) for p in passages]
            c.execute("UPDATE files SET state=?, reason=NULL, updated=? WHERE id=?", (state, time.time(), file_id))
        return ids

    def delete_file(self, file_id: int) -> None:
        with self.tx() as c:
            c.execute("DELETE FROM passages WHERE file_id=?", (file_id,))
            c.execute("DELETE FROM files WHERE id=?", (file_id,))

    def move_file(self, file_id: int, root_id: int, relpath: str) -> None:
        """A rename keeps the content: only the path changes, passages stay."""
        with self.tx() as c:
            c.execute("DELETE FROM passages WHERE file_id IN "
                      "(SELECT id FROM files WHERE root_id=? AND relpath=? AND id<>?)", (root_id, relpath, file_id))
            c.execute("DELETE FROM files WHERE root_id=? AND relpath=? AND id<>?", (root_id, relpath, file_id))
            c.execute("UPDATE files SET root_id=?, relpath=?, updated=? WHERE id=?",
                      (root_id, relpath, time.time(), file_id))

    def move_dir(self, root_id: int, old_prefix: str, new_root_id: int, new_prefix: str) -> int:
        """Rename every file under ``old_prefix/`` to ``new_prefix/``; returns how many moved."""
        moved = 0
        with self.tx():
            for f in self.files(root_id=root_id, under=old_prefix):
                rel = new_prefix.rstrip("/") + f.relpath[len(old_prefix.rstrip("/")):]
                self.move_file(f.id, new_root_id, rel)
                moved += 1
        return moved


def _under(column: str, under: str, args: list[object]) -> str:
    """The SQL condition "``column`` is ``under`` or inside it" (byte prefix: names need not decode); adds its args."""
    prefix = prefix_bytes(under)
    args.extend([under.rstrip("/"), len(prefix), prefix])
    return f" AND ({column}=? OR substr(CAST({column} AS BLOB), 1, ?)=?)"
