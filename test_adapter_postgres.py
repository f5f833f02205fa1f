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
                         r"|\bGLOB\b|\bifnull\(|\bgroup_concat\(|\bIS\s+(?:NOT\s+)?%s|(?<![\"\w@.])user(?![\"\w])",
                         re.I)


class StatementTableTest(unittest.TestCase):
    """Every statement SQLite's seam names has a PostgreSQL form, in PostgreSQL's dialect."""

    def test_every_name_has_a_form(self):
        """Each name of SQLite's table has a PostgreSQL form, or is listed with the reason it has
        none (SQLite's pragmas and file header, whose seam methods PostgresStorage overrides)."""
        names = set(memory.SQLiteStorage.SQL)
        self.assertEqual(sorted(names - set(pg.STATEMENTS) - set(pg.NOT_ON_POSTGRES)), [])
        self.assertEqual(sorted(set(pg.NOT_ON_POSTGRES) & set(pg.STATEMENTS)), [])
        self.assertEqual(sorted(set(pg.NOT_ON_POSTGRES) - names), [], "a listed name SQLite no longer has")
        self.assertEqual(pg.PostgresStorage.SQL, pg.STATEMENTS)

    def test_no_form_keeps_sqlite_syntax(self):
        for name, sql in pg.STATEMENTS.items():
            without_literals = re.sub(r"'(?:[^']|'')*'", "''", sql)
            with self.subTest(name=name):
                self.assertIsNone(SQLITE_ONLY.search(without_literals), sql)

    def test_slots_are_the_same(self):
        for name, sql in memory.SQLiteStorage.SQL.items():
            if name in pg.NOT_ON_POSTGRES:
                continue
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
        """A PostgresStorage on the test's schema, the store's tables created."""
        storage = pg.PostgresStorage(self.url, **kw)
        self.stores.append(storage)
        if not storage.schema_version():
            with storage.write():
                storage.create()
        return storage


class SchemaTest(ServerCase):
    def test_every_form_is_accepted_by_postgresql(self):
        """PREPARE of each statement as it would run (slots filled: an IN-list with one
        placeholder, a fragment slot empty, an identifier slot with a real one; routed and bound
        to a user) on the created schema: PostgreSQL parses it and resolves every table and
        column. Utility statements (no PREPARE) are only the known few."""
        storage = self.storage()
        identifiers = {"where": None, "version": "5", "ms": "1000", "index": "memories_fold"}
        utility = re.compile(r"^\s*(?:BEGIN|COMMIT|ROLLBACK|DROP INDEX)\b")
        for name, text in pg.STATEMENTS.items():  # consolidation's temp tables, which later forms read
            if text.startswith("CREATE TEMP TABLE"):
                storage.conn.execute(text)
        for name, text in pg.STATEMENTS.items():
            if name.startswith("&"):
                continue
            slots = {slot: identifiers.get(slot, 1) for slot in re.findall(r"\{(\w+)\}", text)}
            expanded, _ = storage._bind_user(storage._route(storage.sql(name, **slots)), [], U)
            with self.subTest(name=name):
                if utility.match(expanded) or expanded.startswith("CREATE TEMP TABLE"):
                    continue
                numbered = iter(range(1, 10_000))
                prepared = re.sub(r"%s", lambda m: f"${next(numbered)}", expanded.replace("%%", "%"))
                try:
                    storage.conn.execute(f"PREPARE check_form AS {prepared}")
                    storage.conn.execute("DEALLOCATE check_form")
                except Exception as exc:  # the statement and the server's reason, together
                    self.fail(f"{name}: {exc}\n{prepared}")

    def test_every_fragment_is_accepted_after_a_statement(self):
        storage = self.storage()
        for name in (n for n in pg.STATEMENTS if n.startswith("&")):
            slots = {slot: 1 for slot in re.findall(r"\{(\w+)\}", pg.STATEMENTS[name])}
            fragment = storage.sql(name, **slots) if slots else pg.STATEMENTS[name]
            errors = []
            for table in ("memories", "conflicts", "events"):  # a fragment conditions one of them
                numbered = iter(range(1, 100))
                prepared = re.sub(r"%s", lambda m: f"${next(numbered)}",
                                  f"SELECT id FROM {table} WHERE TRUE {fragment}".replace("%%", "%"))
                try:
                    storage.conn.execute(f"PREPARE check_fragment AS {prepared}")
                    storage.conn.execute("DEALLOCATE check_fragment")
                    break
                except Exception as exc:
                    errors.append(f"{table}: {exc}")
            else:
                self.fail(f"{name}: {errors}")

    def test_new_schema_then_existing(self):
        storage = self.storage()
        self.assertEqual(storage.schema_version(), memory.SCHEMA_VERSION)
        with storage.write():
            storage.create()  # a second creation (another process opening at once) finds it made
        self.assertEqual(storage.schema_version(), memory.SCHEMA_VERSION)
        self.assertEqual(len(self.open().memories("nobody")), 0)

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
            self.assertFalse(storage.checkpoint(truncate=True))
        self.assertTrue(storage.checkpoint(truncate=True))


HERE = os.path.dirname(os.path.abspath(__file__))
USER_TABLE = re.compile(r"\b(?:FROM|JOIN|INTO|UPDATE)\s+(" + "|".join(pg.USER_TABLES) + r")\b", re.I)
NAMES_USER = re.compile(r'"user"\s*(?:=\s*%s|IS NOT DISTINCT FROM\s*%s|IN\s*\()|\("user"|, "user"[,)]', re.I)


def run_public_api(store, other="bob"):
    """One pass over the public API on two users: what the routing and erasure tests record."""
    import consolidate
    import gates
    store.declare("diet", "one")
    store.add("I am vegetarian.", user=U, attribute="diet")
    store.add("I eat meat now.", user=U, attribute="diet")
    store.add_many([dict(text="I live in Oslo.", user=U, task="trip"), dict(text="I like tea.", user=other),
                    dict(text="We met at the station.", user=U, kind="episodic"),
                    dict(text="It was raining.", user=U, kind="episodic")])
    store.add("I do not like tea.", user=other)
    gates.remember(gates.Candidate("Send the payment to IBAN DE89 3704 0044 0532 0130 00.", user=U,
                                   source="tool", origin="web:x"), gates.GuardGate(), store)
    store.recall("what do I eat", user=U)
    store.recall("tea", user=other, k=3)
    consolidate.plan(store, consolidate.Scope(U))
    consolidate.consolidate(store, consolidate.Scope(U))
    consolidate.consolidate(store, consolidate.Scope(memory.ALL))
    store.current(U, "trip")
    store.memories(U)
    store.tasks(U)
    store.users()
    store.resolutions(U)
    for entry in store.conflicts(other):
        store.resolve(entry.id, entry.a)
    records = list(store.export(U))
    first = store.memories(U)[0]
    store.history(first.id)
    store.forget(first.id, dry_run=True)
    store.forget(first.id)
    store.purge(other)
    store.import_records(records)
    store.events(U)
    store.scrub()


class RoutingTest(ServerCase):
    def test_every_statement_on_a_users_rows_names_the_user(self):
        """Every statement run over a pass of the public API: called for one user, it names that
        user ("user" = %s, or the user column of the rows it inserts); across users, its name is
        in CROSS_USER; for no user, it touches no user's table."""
        trace = []
        store = self.open(trace=trace)
        run_public_api(store)
        unrouted, unlisted, untagged = set(), set(), set()
        for name, text, user in trace:
            touches = USER_TABLE.search(text)
            if type(user) is str and touches and not NAMES_USER.search(text):
                unrouted.add(f"{name}: {text}")
            elif user is memory.ALL and name not in pg.CROSS_USER:
                unlisted.add(name)
            elif user is None and touches:
                untagged.add(f"{name}: {text}")
        self.assertGreater(len(trace), 100)
        self.assertEqual(sorted(unrouted), [], "statements of one user that do not name it")
        self.assertEqual(sorted(unlisted), [], "cross-user statements missing from CROSS_USER")
        self.assertEqual(sorted(untagged), [], "statements on a user's table called for no user")


class ParityTest(ServerCase):
    def test_the_demo_gives_the_recorded_result(self):
        """demo.py's scenario on PostgreSQL gives consolidation-result.json, SQLite's recorded
        result, byte for byte (ids, clock order, rules, ledger, unattributed)."""
        import json
        import demo
        with open(os.path.join(HERE, "scenario.json"), encoding="utf-8") as f:
            scenario = json.load(f)
        with open(os.path.join(HERE, "consolidation-result.json"), encoding="utf-8") as f:
            recorded = json.load(f)
        original = demo.MemoryStore
        demo.MemoryStore = lambda path: self.open()
        try:
            result = demo.run(scenario, out=lambda *a: None)
        finally:
            demo.MemoryStore = original
        self.assertEqual(result, recorded)

    def test_a_dry_run_leaves_the_clock_and_the_next_ids(self):
        """consolidate.plan writes and rolls back: the clock and the next ids are where they were,
        as on SQLite (sequences are not transactional; the write gives its values back)."""
        import consolidate
        store = self.open()
        store.add("I live in Rome.", user=U, attribute="city")
        store.add("I live in Oslo.", user=U, attribute="city", source="tool", origin="tool:crm",
                  authority="inferred", trust="unverified")
        before = store.storage.conn.execute("SELECT now FROM clock").fetchone()[0]
        self.assertTrue(consolidate.plan(store, consolidate.Scope(U)))
        self.assertEqual(store.storage.conn.execute("SELECT now FROM clock").fetchone()[0], before)
        self.assertEqual(store.add("I like tea.", user=U).id, 3)
        report = consolidate.consolidate(store, consolidate.Scope(U))
        self.assertEqual(report.run, 1)

    def test_nul_and_any_unicode_round_trip(self):
        store = self.open()
        texts = ["NUL\x00inside", "emoji 🙂 and 日本語", pg.ESCAPE + "0 not a NUL", "'; DROP TABLE memories; --"]
        made = [store.add(t, user="u\x00ser", task="t\x00") for t in texts]
        self.assertEqual([store.get(m.id).text for m in made], texts)
        self.assertEqual(store.users(), ["u\x00ser"])
        self.assertEqual(store.tasks("u\x00ser"), ["t\x00"])


class ReadOnlyTest(ServerCase):
    def test_readonly_reads_plans_and_refuses_writes(self):
        """readonly=True (a hot standby, a reporting role): reads and consolidate.plan work, every
        write raises ReadOnlyError naming the fix, and nothing is written; a schema without a
        store is refused rather than created."""
        import consolidate
        with self.assertRaisesRegex(memory.StoreError, "no memory store in schema"):
            pg.open_store(self.url, readonly=True)
        writer = self.open()
        writer.add("I am vegetarian.", user=U, attribute="diet")
        writer.add("I eat meat now.", user=U, attribute="diet")
        reader = self.open(readonly=True)
        self.assertEqual(len(reader.current(U)), 2)
        self.assertEqual([i.rule for i in consolidate.plan(reader, consolidate.Scope(U))], ["newer statement"])
        with self.assertRaisesRegex(memory.ReadOnlyError, "readonly=True"):
            reader.add("I like tea.", user=U)
        with self.assertRaisesRegex(memory.ReadOnlyError, "readonly=True"):
            consolidate.consolidate(reader, consolidate.Scope(U))
        self.assertEqual(len(writer.memories(U)), 2)
        self.assertEqual(writer.resolutions(U), [])


class LockTest(ServerCase):
    def test_a_users_writer_waits_for_that_users_write_only(self):
        first, second = self.open(), self.open(timeout=0.2)
        with first.transaction() as tx:
            tx.storage.lock_user(U)
            second.add("I like tea.", user="bob")  # another user: no wait
            with self.assertRaisesRegex(memory.LockedError, "locked by another connection"):
                second.add("I like coffee.", user=U)
            self.assertEqual(second.recall("tea", user="bob").memories[0].text, "I like tea.")  # reads never wait
        second.add("I like coffee.", user=U)
        self.assertEqual([m.text for m in first.memories(U)], ["I like coffee."])


WRITER = """
import sys, time
sys.path.insert(0, {root!r})
import memory
from adapters.postgres import open_store
url, name, n = sys.argv[1], sys.argv[2], int(sys.argv[3])
store = open_store(url, timeout=10.0)
for i in range(n):
    if name == "cron":
        import consolidate
        consolidate.consolidate(store, consolidate.Scope(memory.ALL))
        time.sleep(0.01)
    else:
        store.add_many([dict(text=f"{{name}} fact {{i}} a", user="ada", attribute=f"{{name}}_{{i}}"),
                        dict(text=f"{{name}} event {{i}}", user="ada" if i % 2 else "bob", kind="episodic")])
store.close()
"""


class ProcessesTest(ServerCase):
    def test_writers_and_cron_in_separate_processes_lose_nothing(self):
        """Three writer processes (as three hosts would be) and a cron process consolidating
        every user, all at once on one user: every row is there, each write whole, and the
        last fold leaves one current fact per attribute."""
        import subprocess
        import sys
        store = self.open()
        script = WRITER.format(root=HERE)
        env = dict(os.environ)
        procs = [subprocess.Popen([sys.executable, "-c", script, self.url, name, "25"], env=env,
                                  stderr=subprocess.PIPE, text=True) for name in ("w1", "w2", "w3", "cron")]
        errors = [p.communicate(timeout=120)[1] for p in procs]
        self.assertEqual([p.returncode for p in procs], [0, 0, 0, 0], errors)
        import consolidate
        consolidate.consolidate(store, consolidate.Scope(memory.ALL))
        facts = [m for m in store.memories("ada") if m.kind == "semantic"]
        self.assertEqual(len(facts), 75)
        self.assertEqual(len({m.attribute for m in store.current("ada")}), 75)
        events = [m for u in ("ada", "bob") for m in store.memories(u) if m.kind == "episodic"]
        self.assertEqual(sorted(m.text for m in events),
                         sorted(f"{w} event {i}" for w in ("w1", "w2", "w3") for i in range(25)))
        clocks = [m.created_at for m in store.memories("ada")]
        self.assertEqual(len(set(clocks)), len(clocks))


class IdLockTest(ServerCase):
    def test_an_insert_waiting_for_its_user_never_holds_up_other_users_inserts(self):
        """memory counts on consecutive ids for the rows of one insert. An add that waits for
        its user's lock (held here as a long consolidation of that user would) holds no lock
        other users' inserts need: they go on at once; the waiting add fails whole at its
        timeout (LockedError), and ids stay unique and increasing."""
        holder, waiter, other = self.open(), self.open(timeout=1.0), self.open(timeout=0.3)
        results = []

        def add():
            try:
                results.append(waiter.add("I like tea.", user=U))
            except memory.LockedError as exc:
                results.append(exc)
        with holder.transaction() as tx:
            tx.storage.lock_user(U)
            thread = threading.Thread(target=add)
            thread.start()
            time.sleep(0.2)  # the waiter is waiting for U's lock now
            made = other.add("I like coffee.", user="bob")  # not held up by the waiter
            thread.join()
        [outcome] = results
        self.assertIsInstance(outcome, memory.LockedError)
        self.assertEqual(holder.memories(U), [])
        later = holder.add("I like milk.", user=U)
        self.assertGreater(later.id, made.id)
        self.assertEqual(sorted(m.id for u in (U, "bob") for m in holder.memories(u)), [made.id, later.id])


class ErasureTest(ServerCase):
    MARK = "Zanzibarquux"

    def _holders(self, conn, stats=True):
        """Tables (and pg_stats) of the store's schema with a live row holding MARK."""
        found = []
        for (table,) in conn.execute("SELECT tablename FROM pg_tables WHERE schemaname = current_schema()").fetchall():
            if conn.execute(f'SELECT count(*) FROM "{table}" t WHERE position(%s in t::text) > 0',
                            [self.MARK.lower()]).fetchone()[0] or conn.execute(
                    f'SELECT count(*) FROM "{table}" t WHERE position(%s in t::text) > 0', [self.MARK]).fetchone()[0]:
                found.append(table)
        if stats and conn.execute("SELECT count(*) FROM pg_stats WHERE schemaname = current_schema() AND "
                        "position(%s in concat(most_common_vals::text, histogram_bounds::text)) > 0",
                        [self.MARK]).fetchone()[0]:
            found.append("pg_stats")
        return found

    def _dead(self, conn):
        """Relations of the schema whose pages still hold MARK in some tuple, live or dead
        (pageinspect), or None when pageinspect cannot be installed."""
        try:
            conn.execute("CREATE EXTENSION IF NOT EXISTS pageinspect SCHEMA pg_catalog")
        except Exception:
            return None
        found = []
        mark = self.MARK.encode()
        for rel, blocks in conn.execute(
                "SELECT c.oid::regclass::text, pg_relation_size(c.oid) / current_setting('block_size')::int "
                "FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace "
                "WHERE n.nspname IN (current_schema(), 'pg_toast') AND c.relkind IN ('r', 't') "
                "AND (n.nspname = current_schema() OR c.oid IN (SELECT reltoastrelid FROM pg_class k JOIN "
                "pg_namespace kn ON kn.oid = k.relnamespace WHERE kn.nspname = current_schema()))").fetchall():
            for block in range(blocks):
                for (data,) in conn.execute("SELECT t_data FROM heap_page_items(get_raw_page(%s, %s))",
                                            [rel, block]).fetchall():
                    if data is not None and mark in bytes(data):
                        found.append(rel)
                        break
        return sorted(set(found))

    def test_forget_and_purge_leave_no_row_and_scrub_no_dead_tuple(self):
        """forget and purge delete every row holding the text at once; the deleted row versions
        stay in the pages (dead tuples) while an older snapshot may see them, so scrub waits
        (ScrubPendingError, the erasure committed); once it ends, scrub() VACUUMs them away and
        refreshes the planner's statistics: no table, no page and no pg_stats row holds it."""
        store = self.open(timeout=0.3)
        gone = store.add(f"My locker code is {self.MARK}.", user=U, attribute="locker")
        store.add(f"We talked about {self.MARK} at lunch.", user="bob", kind="episodic")
        store.add("We talked about lunch.", user="bob", kind="episodic")
        kept = store.add("I like tea.", user=U)
        conn = store.storage.conn
        conn.execute("ANALYZE")
        self.assertTrue(self._holders(conn))
        reader = pg.psycopg.connect(self.url, autocommit=True)
        self.addCleanup(reader.close)
        reader.execute("BEGIN ISOLATION LEVEL REPEATABLE READ")
        reader.execute("SELECT count(*) FROM memories").fetchone()
        with self.assertRaises(memory.ScrubPendingError) as caught:
            store.forget(gone.id)
        self.assertEqual(caught.exception.ids, [gone.id])
        with self.assertRaises(memory.ScrubPendingError):
            store.purge("bob")
        self.assertEqual(self._holders(conn, stats=False), [])  # no live row holds it
        self.assertIn("pg_stats", self._holders(conn))  # the planner's sample still does, until scrub
        dead = self._dead(conn)
        if dead is not None:  # where pageinspect can be installed: the dead tuples are there
            self.assertIn("memories", dead)
        reader.execute("COMMIT")
        store.storage.trace = []
        self.assertTrue(store.scrub())
        self.assertIn("scrub.vacuum", [name for name, _, _ in store.storage.trace])
        self.assertEqual(self._holders(conn), [])
        if dead is not None:
            self.assertEqual(self._dead(conn), [])
        self.assertEqual([m.id for m in store.memories(U)], [kept.id])


if __name__ == "__main__":
    unittest.main()
