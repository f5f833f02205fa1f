"""The PostgreSQL backend (adapters/postgres.py): its statement table against SQLite's, and, on a
real server, the seam's contract there: schema and version, the server clock, per-user locks
and timeouts, readers that never wait, statements that name their user, the search index,
erasure down to VACUUM, and the same answers as SQLite.

The server tests run only when MEMORY_TEST_BACKEND names a PostgreSQL database the tests may
create schemas in, with psycopg 3 importable; otherwise they skip, saying how to run them:
    MEMORY_TEST_BACKEND=postgresql://postgres@127.0.0.1:5432/postgres \\
        PYTHONPATH=.ci/deps python3 -m unittest -v test_adapter_postgres
(`bash .ci/run` starts a server of its own and runs them.) The statement-table tests need
neither and always run.
"""

import importlib.util
import os
import re
import threading
import time
import unittest

import memory
from adapters import postgres as pg

URL = os.environ.get("MEMORY_TEST_BACKEND", "").strip()
HAVE_PSYCOPG = importlib.util.find_spec("psycopg") is not None
ON_SERVER = HAVE_PSYCOPG and URL.startswith(("postgresql://", "postgres://"))
NEED_SERVER = ("needs a PostgreSQL server and psycopg 3: set MEMORY_TEST_BACKEND=postgresql://USER@HOST:PORT/DB "
               "(a database the tests may create schemas in) and pip install 'psycopg[binary]' "
               "(bash .ci/run does both)" + ("" if HAVE_PSYCOPG else "; psycopg is not installed")
               + ("" if URL else "; MEMORY_TEST_BACKEND is not set"))
U = "ada"

# SQLite-only constructs no PostgreSQL form may keep.
SQLITE_ONLY = re.compile(r"\?|\bPRAGMA\b|\bsqlite_\w+|\bjson_each\b|\bMATCH\b|\bbm25\(|\browid\b|\bINSERT\s+OR\b"
                         r"|\bGLOB\b|\bifnull\(|\bgroup_concat\(|\bIS\s+(?:NOT\s+)?%s|(?<![\"\w])user(?![\"\w])",
                         re.I)


class StatementTableTest(unittest.TestCase):
    """Every statement SQLite's seam names has a PostgreSQL form, in PostgreSQL's dialect."""

    def test_every_name_has_a_form(self):
        missing = sorted(set(memory.SQLiteStorage.SQL) - set(pg.STATEMENTS))
        self.assertEqual(missing, [])
        self.assertEqual(pg.PostgresStorage.SQL, pg.STATEMENTS)

    def test_no_form_keeps_sqlite_syntax(self):
        for name, sql in pg.STATEMENTS.items():
            without_literals = re.sub(r"'(?:[^']|'')*'", "''", sql)
            with self.subTest(name=name):
                self.assertIsNone(SQLITE_ONLY.search(without_literals), sql)

    def test_slots_are_the_same(self):
        for name, sql in memory.SQLiteStorage.SQL.items():
            with self.subTest(name=name):
                self.assertEqual(sorted(set(re.findall(r"\{(\w+)\}", pg.STATEMENTS[name]))),
                                 sorted(set(re.findall(r"\{(\w+)\}", sql))))

    def test_dialect_rewrites(self):
        cases = [
            ("SELECT id FROM memories WHERE user = ? AND task IS ?",
             'SELECT id FROM memories WHERE "user" = %s AND task IS NOT DISTINCT FROM %s'),
            ("SELECT 1 FROM t WHERE task IS NOT ? AND x LIKE 'a%'",
             "SELECT 1 FROM t WHERE task IS DISTINCT FROM %s AND x LIKE 'a%%'"),
            ("INSERT OR IGNORE INTO pending (id, user) SELECT id, user FROM memories WHERE id IN ({ids})",
             'INSERT INTO pending (id, "user") SELECT id, "user" FROM memories WHERE id IN ({ids}) '
             "ON CONFLICT DO NOTHING"),
            ("SELECT (source <> 'import') * 4 + (trust = 'trusted') * 1 AS r FROM memories",
             "SELECT (source <> 'import')::int * 4 + (trust = 'trusted')::int * 1 AS r FROM memories"),
            ("SELECT task FROM memories WHERE user = ? ORDER BY task, id DESC",
             'SELECT task FROM memories WHERE "user" = %s ORDER BY task NULLS FIRST, id DESC NULLS LAST'),
            ("SELECT 'user' AS word", "SELECT 'user' AS word"),
        ]
        for sqlite, postgres in cases:
            with self.subTest(sqlite=sqlite):
                self.assertEqual(pg.pg_form(sqlite), postgres)

    def test_text_round_trips_through_the_nul_escape(self):
        for text in ("plain", "nul\x00byte", pg.ESCAPE, pg.ESCAPE + "0", "\x00" + pg.ESCAPE + "e\x00", ""):
            with self.subTest(text=text):
                stored = pg._encode(text)
                self.assertNotIn("\x00", stored)
                self.assertEqual(pg._decode(stored), text)
        self.assertIs(pg._encode("plain"), "plain")

    def test_hashes_are_one_word_each(self):
        self.assertEqual(pg.pg_terms("0123456789ab cdef"), "abcdefghijkl mnop")
        self.assertEqual(pg.tsquery(["0a 1b", "2c", "", "0a 1b"]), "(ak <-> bl) | (cm)")


@unittest.skipUnless(ON_SERVER, NEED_SERVER)
class ServerCase(unittest.TestCase):
    """A test on the server: a schema of its own (self.url), dropped at the end."""

    def setUp(self):
        self.url = pg.scratch_url(URL)
        self.addCleanup(pg.drop_scratch, self.url)
        self.stores = []
        self.addCleanup(lambda: [s.close() for s in self.stores])

    def open(self, **kw):
        store = pg.open_store(self.url, **kw)
        self.stores.append(store)
        return store

    def storage(self, **kw):
        storage = pg.PostgresStorage(self.url, **kw)
        self.stores.append(storage)
        storage.open_schema()
        return storage


class SchemaTest(ServerCase):
    def test_every_form_is_accepted_by_postgresql(self):
        """PREPARE of each statement (slots filled with one placeholder or their fragment) on the
        created schema: PostgreSQL parses it and resolves every table and column."""
        storage = self.storage()
        fragments = {n: s for n, s in pg.STATEMENTS.items() if n.startswith("&")}
        for name, text in pg.STATEMENTS.items():
            if name.startswith("&"):
                continue
            slots = dict.fromkeys(re.findall(r"\{(\w+)\}", text), 1)
            expanded = text.format_map(slots) if slots else text
            numbered = iter(range(1, 10_000))
            prepared = re.sub(r"%s", lambda m: f"${next(numbered)}", expanded.replace("%%", "%"))
            with self.subTest(name=name):
                try:
                    storage.conn.execute(f"PREPARE check_form AS {prepared}")
                    storage.conn.execute("DEALLOCATE check_form")
                except Exception as exc:  # the statement and the server's reason, together
                    self.fail(f"{name}: {exc}\n{prepared}")
        self.assertTrue(fragments is not None)

    def test_new_schema_then_existing(self):
        storage = self.storage()
        self.assertEqual(storage.schema_version(), memory.SCHEMA_VERSION)
        again = pg.PostgresStorage(self.url)
        self.stores.append(again)
        self.assertEqual(again.open_schema(), "existing")

    def test_newer_version_is_refused_before_any_change(self):
        storage = self.storage()
        with storage.write():
            storage.conn.execute("UPDATE meta SET value = %s WHERE key = 'schema_version'",
                                 [str(memory.SCHEMA_VERSION + 1)])
        with self.assertRaisesRegex(memory.SchemaError, f"version {memory.SCHEMA_VERSION + 1} is newer"):
            pg.open_store(self.url)

    def test_foreign_schema_is_refused(self):
        storage = pg.PostgresStorage(self.url)
        self.stores.append(storage)
        storage.conn.execute("CREATE TABLE invoices (id int)")
        with self.assertRaisesRegex(memory.SchemaError, "not a memory store; refusing"):
            pg.open_store(self.url)
        self.assertEqual(storage.conn.execute("SELECT count(*) FROM pg_tables WHERE schemaname = current_schema()")
                         .fetchone()[0], 1)


class ClockAndLockTest(ServerCase):
    def test_clock_blocks_are_consecutive_and_increasing(self):
        a, b = self.storage(), self.storage()
        seen = []
        with a.write():
            seen.append(a.tick(3))
            with b.write():  # another connection ticks while a's transaction is open: no wait
                seen.append(b.tick())
        with a.write():
            seen.append(a.tick())
        self.assertEqual(seen, [1, 4, 5])

    def test_one_user_waits_for_its_writer_another_does_not(self):
        a, b = self.storage(), self.storage(timeout=0.2)
        with a.write():
            a.lock_user(U)
            with b.write():
                b.lock_user("bob")  # another user: granted at once
            with self.assertRaisesRegex(memory.LockedError, "locked by another connection; retry, or raise timeout="):
                with b.write():
                    b.lock_user(U)

    def test_reader_never_waits_for_a_writer(self):
        a, b = self.storage(), self.storage(timeout=0.2)
        with a.write():
            a.lock_user(U)
            a.conn.execute("INSERT INTO meta (key, value) VALUES ('x', 'uncommitted')")
            with b.read():
                self.assertIsNone(b.conn.execute("SELECT value FROM meta WHERE key = 'x'").fetchone())


class ScrubTest(ServerCase):
    def test_vacuum_waits_for_an_older_snapshot(self):
        storage, other = self.storage(timeout=0.2), self.storage()
        with other.read():
            other.conn.execute("SELECT 1 FROM meta").fetchall()
            with storage.write():
                storage.conn.execute("INSERT INTO scrubs (clock, recorded_at) VALUES (1, 'now')")
            self.assertFalse(storage.checkpoint(wait=False))
            with self.assertRaises(memory.ScrubPendingError):
                storage.checkpoint(wait=True)
        self.assertTrue(storage.checkpoint(wait=False))


if __name__ == "__main__":
    unittest.main()
