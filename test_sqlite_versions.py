"""Erasure on a newer SQLite (issue 10): the store on SQLite 3.42+ (pysqlite3-binary, installed
by .ci/run into .ci/deps) uses FTS5 secure-delete, so a forget removes the index entries in
place and no bucket is re-keyed; the same checks as on this Python's own SQLite (3.40 here):
no erased bytes in the files, no corruption with two connections adding and forgetting, and a
clear refusal when an older SQLite meets a file that needs the newer one.

Skips with a message where pysqlite3 is not installed
(python3 -m pip install --target .ci/deps pysqlite3-binary)."""

import sqlite3
import unittest
from pathlib import Path

from consolidate import consolidate
from memory import FTS_SECURE_DELETE, SchemaError
from test_reliability import churn
from test_support import FileCase, sqlite_only, store_at

try:
    from pysqlite3 import dbapi2 as newer
except ImportError:  # pragma: no cover - depends on the machine
    newer = None

U = "U1"


@unittest.skipIf(newer is None, "pysqlite3 is not installed: python3 -m pip install --target .ci/deps "
                                "pysqlite3-binary, then PYTHONPATH=.ci/deps")
@sqlite_only("SQLite versions")
class NewerSQLite(FileCase):

    def files(self):
        return b"".join(Path(self.path + x).read_bytes() for x in ("", "-wal", "-shm") if Path(self.path + x).exists())

    def test_it_is_newer_and_uses_secure_delete(self):
        self.assertGreaterEqual(newer.sqlite_version_info, FTS_SECURE_DELETE)
        with store_at(self.path, sqlite=newer) as s:
            self.assertTrue(s.fts_secure_delete)
            keep = s.add("I like green tea.", user=U)
            gone = s.add("My locker code is 4242, vorpalquux.", user=U, attribute="locker_code")
            keys = s._db().execute("SELECT id, key FROM index_keys").fetchall()
            s.forget(gone.id)
            self.assertEqual(s._db().execute("SELECT id, key FROM index_keys").fetchall(), keys)  # not re-keyed
            self.assertEqual([m.id for m in s.recall("green tea", user=U).memories], [keep.id])
            self.assertEqual(s.recall("vorpalquux", user=U).memories, [])
        self.assertNotIn(b"vorpalquux", self.files())

    def test_two_connections_adding_and_forgetting(self):
        self.assertEqual(churn(self.path, 150, sqlite=newer), [])
        conn = newer.connect(self.path)
        conn.execute("INSERT INTO memories_fts (memories_fts, rank) VALUES ('integrity-check', 1)")
        self.assertEqual(conn.execute("PRAGMA integrity_check").fetchone(), ("ok",))
        conn.close()
        self.assertNotIn(b"zqx", self.files())

    def test_rules_and_recall_are_the_same(self):
        with store_at(self.path, sqlite=newer) as s:
            s.add("I live in Lisbon.", user=U, attribute="home_city")
            porto = s.add("I live in Porto.", user=U, attribute="home_city")
            self.assertEqual([m.id for m in s.recall("where do I live", user=U).memories], [porto.id])
            self.assertEqual([r.rule for r in consolidate(s, U).resolutions], ["newer statement"])

    @unittest.skipIf(sqlite3.sqlite_version_info >= FTS_SECURE_DELETE, "this Python's SQLite is new enough")
    def test_an_older_sqlite_refuses_the_file_clearly(self):
        with store_at(self.path, sqlite=newer) as s:
            s.add("x", user=U)
        with self.assertRaisesRegex(SchemaError, r"secure-delete.*3\.42.*pysqlite3"):
            store_at(self.path)

    def test_a_store_made_for_both_opens_on_both(self):
        with store_at(self.path, sqlite=newer, fts_secure_delete=False) as s:
            self.assertFalse(s.fts_secure_delete)
            s.add("Shared fact.", user=U)
        with store_at(self.path) as s:
            self.assertEqual([m.text for m in s.recall("shared", user=U).memories], ["Shared fact."])


if __name__ == "__main__":
    unittest.main()
