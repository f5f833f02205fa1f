"""The store: schema and migration, validation, round trips, erasure, concurrency and clocks,
with the public bug cases about them (BR-27, 31, 32, 33, 36, 37, 39, 40, 42)."""

import os
import random
import re
import sqlite3
import subprocess
import sys
import threading
import time
import unittest
from pathlib import Path

from consolidate import consolidate
from memory import ALL, MAX_TEXT_CHARS, SCHEMA_VERSION, InvalidMemory, SchemaError, StoreError, normalize
from test_support import ON_POSTGRES, SLOW, db, FileCase, new_store, sqlite_only, store_at

HERE = Path(__file__).resolve().parent
U1, U2 = "U1", "U2"


# The version 1 schema as the first release wrote it; fixtures build it with raw sqlite3.
V1_SCHEMA = """
    CREATE TABLE memories (id INTEGER PRIMARY KEY AUTOINCREMENT, user TEXT NOT NULL, task TEXT,
        kind TEXT NOT NULL, text TEXT NOT NULL, norm TEXT NOT NULL, attribute TEXT,
        source TEXT NOT NULL, origin TEXT NOT NULL, status TEXT NOT NULL,
        created_at INTEGER NOT NULL, recorded_at TEXT NOT NULL);
    CREATE TABLE runs (id INTEGER PRIMARY KEY, recorded_at TEXT NOT NULL);
    PRAGMA user_version = 1;
"""


# What versions 1-3 of this module created, statement by statement (fixtures for migration
# tests; copied from those releases, comments dropped).
LEGACY_STEPS = {
    1: [
        'CREATE TABLE memories ( id INTEGER PRIMARY KEY AUTOINCREMENT, user TEXT NOT NULL, task TEXT, kind TEXT NOT NULL, text TEXT NOT NULL, norm TEXT NOT NULL, attribute TEXT, source TEXT NOT NULL, origin TEXT NOT NULL, status TEXT NOT NULL, created_at INTEGER NOT NULL, recorded_at TEXT NOT NULL )',
        'CREATE TABLE runs ( id INTEGER PRIMARY KEY, recorded_at TEXT NOT NULL )',
    ],
    2: [
        "CREATE TABLE memories_v2 ( id INTEGER PRIMARY KEY AUTOINCREMENT, user TEXT NOT NULL, task TEXT, kind TEXT NOT NULL CHECK (kind IN ('semantic', 'episodic')), text TEXT NOT NULL, norm TEXT NOT NULL CHECK (norm <> ''), attribute TEXT, authority TEXT NOT NULL CHECK (authority IN ('user', 'inferred')), source TEXT NOT NULL CHECK (source IN ('user', 'tool', 'import')), origin TEXT NOT NULL, authenticated INTEGER NOT NULL CHECK (authenticated IN (0, 1)), trust TEXT NOT NULL CHECK (trust IN ('trusted', 'unverified')), status TEXT NOT NULL CHECK (status IN ('current', 'retired', 'quarantined')), sig TEXT, created_at INTEGER NOT NULL, recorded_at TEXT NOT NULL, fts_scope TEXT GENERATED ALWAYS AS (CASE WHEN task IS NULL THEN 'l' || hex(user) ELSE 't' || hex(user) || 'x' || hex(task) END) VIRTUAL )",
        "INSERT INTO memories_v2 (id, user, task, kind, text, norm, attribute, authority, source, origin, authenticated, trust, status, created_at, recorded_at) SELECT id, user, task, kind, text, norm, attribute, CASE source WHEN 'user' THEN 'user' ELSE 'inferred' END, source, origin, source = 'user', CASE source WHEN 'user' THEN 'trusted' ELSE 'unverified' END, status, created_at, recorded_at FROM memories ORDER BY id",
        'DROP TABLE memories',
        'ALTER TABLE memories_v2 RENAME TO memories',
        "CREATE INDEX memories_fold ON memories (user, attribute, task, created_at) WHERE status = 'current' AND kind = 'semantic'",
        'CREATE TABLE pending ( id INTEGER PRIMARY KEY, user TEXT NOT NULL, task TEXT, attribute TEXT, fresh INTEGER NOT NULL DEFAULT 1 )',
        "INSERT INTO pending (id, user, task, attribute) SELECT id, user, task, attribute FROM memories WHERE status = 'current' AND kind = 'semantic'",
        'CREATE TABLE clock ( id INTEGER PRIMARY KEY CHECK (id = 1), now INTEGER NOT NULL )',
        'INSERT INTO clock (id, now) SELECT 1, COALESCE(MAX(created_at), 0) FROM memories',
        'ALTER TABLE runs ADD COLUMN clock INTEGER',
        'ALTER TABLE runs ADD COLUMN user TEXT',
        'ALTER TABLE runs ADD COLUMN task TEXT',
        'ALTER TABLE runs ADD COLUMN decisions INTEGER',
        'CREATE TABLE resolutions ( retired INTEGER PRIMARY KEY, user TEXT NOT NULL, kept INTEGER NOT NULL, rule TEXT NOT NULL, run INTEGER, clock INTEGER NOT NULL, recorded_at TEXT NOT NULL )',
        'CREATE INDEX resolutions_kept ON resolutions (kept)',
        "CREATE TABLE conflicts ( id INTEGER PRIMARY KEY AUTOINCREMENT, user TEXT NOT NULL, kind TEXT NOT NULL CHECK (kind IN ('contradiction', 'contested', 'cross-scope duplicate')), a INTEGER NOT NULL, b INTEGER NOT NULL, run INTEGER, reason TEXT NOT NULL, state TEXT NOT NULL CHECK (state IN ('open', 'resolved', 'zombied')), resolution TEXT, opened_clock INTEGER NOT NULL, opened_at TEXT NOT NULL, closed_at TEXT, co_recalls INTEGER NOT NULL DEFAULT 0, last_co_recall TEXT )",
        'CREATE INDEX conflicts_a ON conflicts (a)',
        'CREATE INDEX conflicts_b ON conflicts (b)',
        'CREATE INDEX conflicts_user ON conflicts (user, state)',
        "CREATE TABLE attributes ( attribute TEXT PRIMARY KEY, policy TEXT NOT NULL CHECK (policy IN ('one', 'many', 'immutable')) )",
        'CREATE TABLE events ( id INTEGER PRIMARY KEY, op TEXT NOT NULL, user TEXT NOT NULL, ids TEXT NOT NULL, count INTEGER NOT NULL, reason TEXT NOT NULL, clock INTEGER NOT NULL, recorded_at TEXT NOT NULL )',
        "CREATE VIRTUAL TABLE memories_fts USING fts5( fts_scope, attribute, text, content='memories', content_rowid='id', tokenize='porter unicode61 remove_diacritics 2')",
        "INSERT INTO memories_fts (memories_fts, rank) VALUES ('rank', 'bm25(0.0, 2.0, 1.0)')",
        'CREATE TRIGGER memories_fts_insert AFTER INSERT ON memories BEGIN INSERT INTO memories_fts (rowid, fts_scope, attribute, text) VALUES (new.id, new.fts_scope, new.attribute, new.text); END',
        "CREATE TRIGGER memories_fts_delete AFTER DELETE ON memories BEGIN INSERT INTO memories_fts (memories_fts, rowid, fts_scope, attribute, text) VALUES ('delete', old.id, old.fts_scope, old.attribute, old.text); END",
        "CREATE TRIGGER memories_fts_update AFTER UPDATE OF user, task, attribute, text ON memories BEGIN INSERT INTO memories_fts (memories_fts, rowid, fts_scope, attribute, text) VALUES ('delete', old.id, old.fts_scope, old.attribute, old.text); INSERT INTO memories_fts (rowid, fts_scope, attribute, text) VALUES (new.id, new.fts_scope, new.attribute, new.text); END",
        "INSERT INTO memories_fts (memories_fts) VALUES ('rebuild')",
    ],
    3: [
        'DROP INDEX memories_fold',
        "CREATE INDEX memories_fold ON memories (user, attribute, sig, task, created_at) WHERE status = 'current' AND kind = 'semantic'",
        "CREATE INDEX memories_negated ON memories (user, sig) WHERE attribute IS NULL AND status = 'current' AND kind = 'semantic' AND (substr(sig, -1) <> char(10) OR instr(sig, 'hate') OR instr(sig, 'dislike') OR instr(sig, 'detest') OR instr(sig, 'loathe'))",
        'CREATE TABLE resolutions_v3 ( id INTEGER PRIMARY KEY, retired INTEGER NOT NULL UNIQUE, user TEXT NOT NULL, kept INTEGER NOT NULL, rule TEXT NOT NULL, run INTEGER, clock INTEGER NOT NULL, recorded_at TEXT NOT NULL )',
        'INSERT INTO resolutions_v3 (retired, user, kept, rule, run, clock, recorded_at) SELECT retired, user, kept, rule, run, clock, recorded_at FROM resolutions ORDER BY clock, retired',
        'DROP TABLE resolutions',
        'ALTER TABLE resolutions_v3 RENAME TO resolutions',
        'CREATE INDEX resolutions_kept ON resolutions (kept)',
    ],
}


# What version 4 created for the two tables version 5 rebuilt (the migration fixture).
V4_MEMORIES = """CREATE TABLE memories (id INTEGER PRIMARY KEY AUTOINCREMENT, user TEXT NOT NULL, task TEXT,
    kind TEXT NOT NULL CHECK (kind IN ('semantic', 'episodic')), text TEXT NOT NULL,
    norm TEXT NOT NULL CHECK (norm <> ''), attribute TEXT,
    authority TEXT NOT NULL CHECK (authority IN ('user', 'inferred')),
    source TEXT NOT NULL CHECK (source IN ('user', 'tool', 'import')), origin TEXT NOT NULL,
    authenticated INTEGER NOT NULL CHECK (authenticated IN (0, 1)),
    trust TEXT NOT NULL CHECK (trust IN ('trusted', 'unverified')),
    status TEXT NOT NULL CHECK (status IN ('current', 'retired', 'quarantined')),
    sig TEXT, sig_key INTEGER, polar INTEGER, frame_key INTEGER, created_at INTEGER NOT NULL,
    recorded_at TEXT NOT NULL, fts_bucket INTEGER NOT NULL)"""
V4_EVENTS = """CREATE TABLE events (id INTEGER PRIMARY KEY, op TEXT NOT NULL, user TEXT NOT NULL,
    ids TEXT NOT NULL, count INTEGER NOT NULL, reason TEXT NOT NULL, clock INTEGER NOT NULL,
    recorded_at TEXT NOT NULL)"""


def legacy_file(path, version):
    """A file as release `version` (1-3) of this module left it, empty."""
    conn = sqlite3.connect(path, isolation_level=None)
    conn.execute("BEGIN")
    for v in range(1, version + 1):
        for statement in LEGACY_STEPS[v]:
            conn.execute(statement)
    conn.execute(f"PRAGMA user_version = {version}")
    conn.execute("COMMIT")
    return conn


class TempDirCase(FileCase):
    """A temp dir per test; the database and its -wal/-shm files go with it."""

    db_name = "memory.db"


@sqlite_only("SQLite files, their header and migrations")
class TestSchema(TempDirCase):
    def test_fresh_file_has_current_version_and_wal(self):
        self.open().close()
        conn = sqlite3.connect(self.path)
        self.assertEqual(conn.execute("PRAGMA user_version").fetchone()[0], SCHEMA_VERSION)
        self.assertEqual(conn.execute("PRAGMA journal_mode").fetchone()[0], "wal")
        conn.close()

    def test_newer_schema_refused_before_any_write(self):
        conn = sqlite3.connect(self.path)
        conn.execute("CREATE TABLE memories (id INTEGER PRIMARY KEY)")
        conn.execute("PRAGMA user_version = 99")
        conn.commit()
        conn.close()
        before = Path(self.path).read_bytes()
        with self.assertRaisesRegex(SchemaError, rf"memory\.db.*99.*{SCHEMA_VERSION}"):
            store_at(self.path)
        self.assertEqual(Path(self.path).read_bytes(), before)
        self.assertFalse(Path(self.path + "-wal").exists() and Path(self.path + "-wal").stat().st_size)

    def test_not_a_database_raises_store_error(self):
        Path(self.path).write_bytes(b"this is not a sqlite database at all" * 100)
        with self.assertRaisesRegex(StoreError, "memory.db"):
            store_at(self.path)

    def test_foreign_tables_without_version_refused(self):
        conn = sqlite3.connect(self.path)
        conn.execute("CREATE TABLE other (x)")
        conn.commit()
        conn.close()
        with self.assertRaisesRegex(SchemaError, "no schema version"):
            store_at(self.path)

    def test_BR37_version_1_file_migrates_and_keeps_every_row(self):
        """BR-37: version 1 file migrates and keeps every row. The public case: A new column never
        reaches existing databases because `CREATE TABLE IF NOT EXISTS` skips them."""
        conn = sqlite3.connect(self.path)
        conn.executescript(V1_SCHEMA)
        legacy = [
            (U1, None, "semantic", "I live in Oslo.", "i live in oslo", "home_city", "user", "chat", "current", 1),
            (U1, None, "semantic", "i live in oslo", "i live in oslo", "home_city", "user", "chat", "current", 2),
            (U1, None, "semantic", "User likes jazz.", "user likes jazz", "music", "tool", "rule:x", "current", 3),
            (U1, "t1", "episodic", "Met Bob on Monday.", "met bob on monday", None, "user", "chat", "current", 4),
            (U2, None, "semantic", "I live in Rome.", "i live in rome", "home_city", "import", "import:x",
             "current", 5),
        ]
        conn.executemany("INSERT INTO memories (user, task, kind, text, norm, attribute, source, origin, "
                         "status, created_at, recorded_at) VALUES (?,?,?,?,?,?,?,?,?,?, '2024-01-01T00:00:00Z')",
                         legacy)
        conn.commit()
        conn.close()
        store = self.open()
        rows = store.memories(U1) + store.memories(U2)
        self.assertEqual(sorted(m.text for m in rows), sorted(r[3] for r in legacy))
        by_text = {m.text: m for m in rows}
        self.assertEqual((by_text["I live in Oslo."].authority, by_text["I live in Oslo."].trust,
                          by_text["I live in Oslo."].authenticated), ("user", "trusted", True))
        self.assertEqual((by_text["User likes jazz."].authority, by_text["User likes jazz."].trust,
                          by_text["User likes jazz."].authenticated), ("inferred", "unverified", False))
        self.assertEqual(by_text["I live in Oslo."].created_at, 1)
        # Old rows take part in consolidation and recall; the clock continues after them.
        report = consolidate(store, U1)
        self.assertEqual([(r.kept, r.retired, r.rule) for r in report.resolutions],
                         [(by_text["I live in Oslo."].id, by_text["i live in oslo"].id, "duplicate")])
        self.assertEqual([m.text for m in store.recall("jazz", user=U1).memories], ["User likes jazz."])
        self.assertGreater(store.add("New fact.", user=U1).created_at, 5)
        store.close()
        conn = sqlite3.connect(self.path)
        schema = conn.execute("SELECT group_concat(sql, ';') FROM sqlite_master").fetchone()[0]
        self.assertEqual(conn.execute("PRAGMA user_version").fetchone()[0], SCHEMA_VERSION)
        conn.close()
        # Reopening performs no migration: the schema text is unchanged and no rows move.
        self.open().close()
        conn = sqlite3.connect(self.path)
        self.assertEqual(conn.execute("SELECT group_concat(sql, ';') FROM sqlite_master").fetchone()[0], schema)
        conn.close()

    def test_version_2_file_keeps_its_resolutions_in_order_and_gets_the_new_fold_index(self):
        conn = legacy_file(self.path, 2)  # the file as version 2 of this module left it
        conn.execute("BEGIN")
        rows = [(U1, None, "semantic", t, normalize(t), "drink", "user", "user", "chat", 1, "trusted", status,
                 None, clock, "2024-01-01T00:00:00Z")
                for t, status, clock in (("Tea.", "retired", 1), ("Coffee.", "retired", 2), ("Cola.", "current", 3))]
        conn.executemany("INSERT INTO memories (user, task, kind, text, norm, attribute, authority, source, "
                         "origin, authenticated, trust, status, sig, created_at, recorded_at) "
                         "VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)", rows)
        conn.execute("UPDATE clock SET now = 3")
        # Two runs; the later one retired the smaller id: order is by clock, not by id.
        conn.executemany("INSERT INTO resolutions (user, kept, retired, rule, run, clock, recorded_at) "
                         "VALUES (?, ?, ?, 'newer statement', ?, ?, 'x')", [(U1, 3, 2, 1, 4), (U1, 2, 1, 2, 5)])
        conn.execute("COMMIT")
        conn.close()
        store = self.open()
        self.assertEqual([(r.kept, r.retired) for r in store.resolutions(U1)], [(3, 2), (2, 1)])
        self.assertEqual(store.get(1).status, "retired")
        store.add("Water.", user=U1, attribute="drink")
        self.assertEqual([(r.kept, r.retired, r.rule) for r in consolidate(store, U1).resolutions],
                         [(4, 3, "newer statement")])
        with self.assertRaises(StoreError):  # a memory is retired once, ever
            with store.transaction() as tx:
                tx.db.execute("INSERT INTO resolutions (user, kept, retired, rule, run, clock, recorded_at) "
                              "VALUES (?, 4, 3, 'duplicate', NULL, 9, 'x')", (U1,))
        indexes = dict(store._db().execute("SELECT name, sql FROM sqlite_master WHERE type = 'index'"))
        self.assertIn("(user, attribute, sig_key, task, created_at)", indexes["memories_fold"])
        self.assertIn("memories_unattributed", indexes)
        # The migrated index finds the old rows; a retired hit stands for what replaced it.
        self.assertEqual([m.text for m in store.recall("cola", user=U1).memories], ["Water."])

    def test_migrated_files_dump_equal_to_a_fresh_one(self):
        """Issue 13: the current schema is one script; a version 1, 2 or 3 file holding the same
        rows migrates to exactly what a fresh file holds (sqlite_master and every row; index
        keys are random, so their bytes are left out, and the index is compared by searching)."""
        when = "2024-01-01T00:00:00.000000Z"
        facts = [("I live in Oslo.", None, "home_city", "user"), ("i live in oslo", None, "home_city", "user"),
                 ("User likes jazz.", None, None, "tool"), ("Met Bob on Monday.", "t1", None, "user"),
                 ("I don't like jazz.", "t1", None, "user")]
        fresh = str(self.dir / "fresh.db")
        with store_at(fresh, wall_clock=lambda: 1704067200.0) as store:
            store.add_many([dict(text=t, user=U1, task=task, attribute=a, source=src,
                                 authority="user" if src == "user" else "inferred",
                                 origin="chat" if src == "user" else "tool:x",
                                 authenticated=src == "user", trust="trusted" if src == "user" else "unverified",
                                 kind="episodic" if t.startswith("Met") else "semantic")
                            for t, task, a, src in facts])

        def dump(path):
            conn = sqlite3.connect(path)
            schema = conn.execute("SELECT type, name, tbl_name, sql FROM sqlite_master ORDER BY name").fetchall()
            rows = {}
            for _, name, _, _ in schema:
                if name.startswith("memories_fts") or not conn.execute(
                        "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?", (name,)).fetchone():
                    continue
                cols = [c[1] for c in conn.execute(f'PRAGMA table_info("{name}")') if c[1] != "key"]
                rows[name] = sorted(conn.execute(f'SELECT {", ".join(cols)} FROM "{name}"').fetchall(), key=repr)
            pragmas = [conn.execute(f"PRAGMA {p}").fetchone() for p in ("user_version", "application_id",
                                                                         "journal_mode")]
            conn.close()
            return schema, rows, pragmas
        expected = dump(fresh)
        for version in (1, 2, 3):
            with self.subTest(version=version):
                path = str(self.dir / f"v{version}.db")
                conn = legacy_file(path, version)
                for i, (text, task, attribute, src) in enumerate(facts, 1):
                    kind = "episodic" if text.startswith("Met") else "semantic"
                    cols = ["user", "task", "kind", "text", "norm", "attribute", "source", "origin", "status",
                            "created_at", "recorded_at"]
                    vals = [U1, task, kind, text, normalize(text), attribute, src, "chat" if src == "user" else "tool:x",
                            "current", i, when]
                    if version >= 2:
                        cols += ["authority", "authenticated", "trust"]
                        vals += ["user" if src == "user" else "inferred", int(src == "user"),
                                 "trusted" if src == "user" else "unverified"]
                    conn.execute(f"INSERT INTO memories ({', '.join(cols)}) VALUES ({', '.join('?' * len(cols))})", vals)
                    if version >= 2 and kind == "semantic":
                        conn.execute("INSERT INTO pending (id, user, task, attribute) VALUES (last_insert_rowid(), ?, ?, ?)",
                                     (U1, task, attribute))
                if version >= 2:
                    conn.execute("UPDATE clock SET now = ?", (len(facts),))
                conn.close()
                with store_at(path) as store:
                    self.assertEqual(sorted(m.text for m in store.recall("jazz", user=U1, task="t1").memories),
                                     ["I don't like jazz.", "User likes jazz."])
                got = dump(path)
                self.assertEqual(got[0], expected[0])
                self.assertEqual(got[1], expected[1])
                self.assertEqual(got[2], expected[2])

    def test_version_4_file_migrates_to_5_and_dumps_equal_to_a_fresh_one(self):
        """Schema 5: a version 4 file (memories and events as version 4 wrote them, a two-column
        search index, no vectors) migrates to what a fresh file holding the same rows is, keeps
        its ids, counters and audit, and its index finds the old rows."""
        fresh = str(self.dir / "fresh5.db")
        old = str(self.dir / "v4.db")
        for path in (fresh, old):
            with store_at(path, wall_clock=lambda: 1704067200.0) as store:
                store.add_many([dict(text="I live in Oslo.", user=U1, attribute="home_city"),
                                dict(text="User likes jazz.", user=U1, source="tool", origin="tool:x",
                                     authenticated=False, trust="unverified"),
                                dict(text="Temporary.", user=U1, task="t1")])
                store.forget(3)
        conn = sqlite3.connect(old)
        conn.isolation_level = None
        conn.execute("BEGIN")
        conn.execute("ALTER TABLE memories RENAME TO m5")
        conn.execute("ALTER TABLE events RENAME TO e5")
        for index in ("memories_fold", "memories_unattributed", "memories_bucket"):
            conn.execute(f"DROP INDEX {index}")
        conn.execute(V4_MEMORIES)
        conn.execute(V4_EVENTS)
        conn.execute("CREATE INDEX memories_fold ON memories (user, attribute, sig_key, task, created_at) "
                     "WHERE status = 'current' AND kind = 'semantic'")
        conn.execute("CREATE INDEX memories_unattributed ON memories (user, frame_key, polar) "
                     "WHERE attribute IS NULL AND status = 'current' AND kind = 'semantic'")
        conn.execute("CREATE INDEX memories_bucket ON memories (fts_bucket)")
        cols = ("id, user, task, kind, text, norm, attribute, authority, source, origin, authenticated, trust, "
                "status, sig, sig_key, polar, frame_key, created_at, recorded_at, fts_bucket")
        conn.execute(f"INSERT INTO memories ({cols}) SELECT {cols} FROM m5")
        conn.execute("INSERT INTO events SELECT id, op, user, ids, count, reason, clock, recorded_at FROM e5")
        conn.execute("DROP TABLE m5")
        conn.execute("DROP TABLE e5")
        conn.execute("UPDATE sqlite_sequence SET seq = 3 WHERE name = 'memories'")
        conn.execute("DROP TABLE vectors")
        conn.execute("DROP TABLE memories_fts")
        conn.execute("CREATE VIRTUAL TABLE memories_fts USING fts5(attribute, text, tokenize = 'ascii')")
        conn.execute("PRAGMA user_version = 4")
        conn.execute("COMMIT")
        conn.close()

        def dump(path):
            c = sqlite3.connect(path)
            schema = c.execute("SELECT type, name, sql FROM sqlite_master WHERE name NOT LIKE 'memories_fts%' "
                               "ORDER BY name").fetchall()
            rows = {t: c.execute(f"SELECT * FROM {t} ORDER BY 1").fetchall()
                    for t in ("memories", "events", "vectors", "pending", "clock")}
            # Index buckets are renumbered by the rebuilt index (their keys are random anyway).
            rows["memories"] = [r[:19] + r[20:] for r in rows["memories"]]
            rows["sequence"] = c.execute("SELECT seq FROM sqlite_sequence WHERE name = 'memories'").fetchall()
            c.close()
            return schema, rows
        with store_at(old, wall_clock=lambda: 1704067200.0) as store:
            self.assertEqual([m.text for m in store.recall("jazz", user=U1).memories], ["User likes jazz."])
            self.assertEqual(store.add("I like tea.", user=U1).id, 4)  # id 3 was forgotten: never reused
        with store_at(fresh, wall_clock=lambda: 1704067200.0) as store:
            store.add("I like tea.", user=U1)
        got, expected = dump(old), dump(fresh)
        self.assertEqual(got[0], expected[0])
        self.assertEqual(got[1], expected[1])
        with sqlite3.connect(old) as c:
            self.assertEqual(c.execute("PRAGMA user_version").fetchone()[0], SCHEMA_VERSION)

    def test_migration_is_all_or_nothing(self):
        conn = sqlite3.connect(self.path)
        conn.executescript(V1_SCHEMA)
        # A row the v2 CHECK constraints refuse makes the migration fail: nothing may change.
        conn.execute("INSERT INTO memories (user, kind, text, norm, source, origin, status, created_at, "
                     "recorded_at) VALUES ('u', 'bogus', 't', 't', 'user', 'chat', 'current', 1, 'x')")
        conn.commit()
        conn.close()
        with self.assertRaises(StoreError):
            store_at(self.path)
        conn = sqlite3.connect(self.path)
        self.assertEqual(conn.execute("PRAGMA user_version").fetchone()[0], 1)
        self.assertEqual(conn.execute("SELECT kind FROM memories").fetchall(), [("bogus",)])
        conn.close()


class TestReadmeFacts(unittest.TestCase):
    """Defect: README said schema version 4 (it is 5) and listed the sources user/tool/import
    (memory.SOURCES has model too)."""

    def test_schema_version_and_sources(self):
        import memory
        text = (HERE / "README.md").read_text(encoding="utf-8")
        self.assertIn(f"`memory.SCHEMA`, version {SCHEMA_VERSION} = `memory.SCHEMA_VERSION`", text)
        row = next(line for line in text.splitlines() if line.startswith("| `authority`, `source`, `origin` |"))
        self.assertIn("/".join(f"`{s}`" for s in memory.SOURCES), row)


class TestLifecycle(unittest.TestCase):
    def test_close_twice_and_use_after_close(self):
        store = new_store()
        store.close()
        store.close()
        with self.assertRaisesRegex(StoreError, "closed"):
            store.add("x", user=U1)

    def test_context_manager_closes(self):
        with new_store() as store:
            store.add("x", user=U1)
        with self.assertRaisesRegex(StoreError, "closed"):
            store.current(U1)

    @sqlite_only("PRAGMA journal_mode")
    def test_BR36_memory_database_works_without_wal(self):
        """BR-36: memory database works without wal. The public case: "database is locked" under
        concurrent sessions."""
        with new_store() as store:
            self.assertEqual(store._db().execute("PRAGMA journal_mode").fetchone()[0], "memory")
            store.add("x", user=U1)
            self.assertEqual(len(store.current(U1)), 1)

    def test_bad_timeout(self):
        with self.assertRaisesRegex(InvalidMemory, "timeout"):
            new_store(timeout=-1)


class TestValidation(unittest.TestCase):
    BAD = [  # (field, value, pattern)
        ("text", None, "text"), ("text", 5, "text"), ("text", "", "text"), ("text", "   ", "text"),
        ("text", "\n\t", "text"), ("text", "\u200b", "text"), ("text", "\u00a0", "text"),
        ("text", "...", "text"), ("text", "?!", "text"),
        ("user", "", "user"), ("user", "  ", "user"), ("user", None, "user"), ("user", 7, "user"),
        ("task", "", "task"), ("task", 3, "task"),
        ("attribute", "", "attribute"), ("attribute", "   ", "attribute"), ("attribute", "...", "attribute"),
        ("kind", "fact", "kind.*semantic \\| episodic.*'fact'"),
        ("authority", "admin", "authority.*user \\| inferred.*'admin'"),
        ("source", "web", "source.*user \\| tool \\| model \\| import.*'web'"),
        ("trust", "verified", "trust.*trusted \\| unverified"),
        ("authenticated", "yes", "authenticated.*True \\| False"),
        ("origin", "", "origin"),
        ("created_at", 5, "created_at.*server clock"),
        ("status", "retired", "status"),
    ]

    def test_bad_input_raises_and_writes_nothing(self):
        with new_store() as store:
            for field, value, pattern in self.BAD:
                with self.subTest(field=field, value=value):
                    fields = {"text": "I like tea.", "user": U1, field: value}
                    with self.assertRaisesRegex(InvalidMemory, pattern):
                        store.add_many([fields])
                    with self.assertRaises(ValueError):  # InvalidMemory is a ValueError
                        store.add_many([fields])
            self.assertEqual(db(store).execute("SELECT count(*) FROM memories").fetchone()[0], 0)
            if not ON_POSTGRES:  # SQLite's clock table (PostgreSQL's server clock is a sequence)
                self.assertEqual(db(store).execute("SELECT now FROM clock").fetchone()[0], 0)

    def test_BR40_empty_and_invisible_text_rejected(self):
        """BR-40: empty and invisible text rejected. The public case: Empty or whitespace-only memories
        are accepted and stored."""
        with new_store() as store:
            for text in ("", "   ", "\n\t", "\u200b", "\u00a0", "...", None):
                with self.subTest(text=text):
                    with self.assertRaisesRegex(InvalidMemory, "text"):
                        store.add(text, user=U1)
            self.assertEqual(db(store).execute("SELECT count(*) FROM memories").fetchone()[0], 0)
            self.assertEqual(db(store).execute("SELECT count(*) FROM resolutions").fetchone()[0], 0)

    def test_BR39_long_input_has_a_documented_limit(self):
        """BR-39: long input has a documented limit. The public case: A very long input crashes the
        whole add and nothing is stored."""
        with new_store() as store:
            huge = ("A placeholder sentence. " * 50_000)[:1_000_000]
            with self.assertRaisesRegex(InvalidMemory, f"at most {MAX_TEXT_CHARS}"):
                store.add(huge, user=U1)
            with self.assertRaisesRegex(InvalidMemory, r"items\[1\]\.text"):
                store.add_many([{"text": "short one", "user": U1}, {"text": huge, "user": U1},
                                {"text": "short two", "user": U1}])
            self.assertEqual(db(store).execute("SELECT count(*) FROM memories").fetchone()[0], 0)
            long = ("A placeholder sentence. " * 5_000)[:100_000]
            a = store.add(long, user=U1).id
            b = store.add(long, user=U1).id
            report = consolidate(store, U1)
            self.assertEqual([(r.kept, r.retired, r.rule) for r in report.resolutions], [(a, b, "duplicate")])
            self.assertEqual(store.get(a).text, long)

    def test_source_tool_implies_inferred(self):
        with new_store() as store:
            self.assertEqual(store.add("x", user=U1, source="tool", origin="tool:y").authority, "inferred")


class TestRoundTrip(unittest.TestCase):
    def test_exotic_text_returned_exactly(self):
        texts = ["NUL\x00inside", "'; DROP TABLE memories; --", 'quote " and AND OR NOT NEAR( * ^',
                 "emoji 🧠 and RTL עברית", "e\u0301 combining", "tabs\tand\nnewlines", "C++ C# 3.11",
                 "col: x {a b} -y +z"]
        with new_store() as store:
            ids = [store.add(t, user=U1).id for t in texts]
            for mid, text in zip(ids, texts):
                with self.subTest(text=text):
                    self.assertEqual(store.get(mid).text, text)
                    store.recall(text, user=U1)  # never raises, whatever the query

    def test_seeded_random_round_trip(self):
        rng = random.Random(7)
        alphabet = "abc XYZ 123 .,;:!?'\"()[]{}*^-+#@\x00\u200b\u00e9\u4e2d\U0001F600\t\n"
        with new_store() as store:
            expected = {}
            for _ in range(300 if SLOW else 100):  # more texts in CI
                text = "".join(rng.choice(alphabet) for _ in range(rng.randrange(1, 40)))
                if not normalize(text):
                    with self.assertRaises(InvalidMemory):
                        store.add(text, user=U1)
                    continue
                expected[store.add(text, user=U1, kind=rng.choice(["semantic", "episodic"])).id] = text
                store.recall(text, user=U1)
            for mid, text in expected.items():
                self.assertEqual(store.get(mid).text, text)

    def test_normalize_table(self):
        cases = [("  My   favourite editor is Vim.  ", "my favourite editor is vim"),
                 ("User codes mostly in C++!!", "user codes mostly in c++"),
                 ("Python 3.11.", "python 3.11"), ("ＦＵＬＬ width", "full width"),
                 ("zero\u200bwidth", "zerowidth"), ("Straße", "strasse"), ("...", "")]
        for text, norm in cases:
            with self.subTest(text=text):
                self.assertEqual(normalize(text), norm)

    def test_add_many_is_one_transaction_in_order(self):
        with new_store() as store:
            out = store.add_many([{"text": f"fact {i}", "user": U1} for i in range(50)])
            self.assertEqual([m.text for m in out], [f"fact {i}" for i in range(50)])
            self.assertEqual([m.created_at for m in out], list(range(1, 51)))
            self.assertEqual([store.get(m.id).text for m in out], [m.text for m in out])


class TestSchema5Fields(unittest.TestCase):
    """Schema 5: a caller's metadata object round-trips in canonical form and is validated by
    field; source "model" is stored as an inference."""

    def setUp(self):
        self.store = new_store()
        self.addCleanup(self.store.close)

    def test_metadata_round_trips_and_is_stored_canonical(self):
        m = self.store.add("I like tea.", user=U1, metadata={"b": [1, 2.5, None], "a": {"z": "é"}})
        self.assertEqual(m.metadata, {"a": {"z": "é"}, "b": [1, 2.5, None]})
        self.assertEqual(self.store.get(m.id).metadata, m.metadata)
        raw = db(self.store).execute("SELECT metadata FROM memories WHERE id = ?", (m.id,)).fetchone()[0]
        self.assertEqual(raw, '{"a":{"z":"é"},"b":[1,2.5,null]}')
        self.assertIsNone(self.store.add("I like coffee.", user=U1).metadata)
        hash(m)  # a memory with metadata is still hashable (by its other fields)

    def test_bad_metadata_raises_by_field_and_writes_nothing(self):
        cases = [([1], "metadata: expected a dict"), ({1: "x"}, "non-empty str"), ({"": 1}, "non-empty str"),
                 ({"x": float("nan")}, "no NaN"), ({"x": object()}, "JSON values"),
                 ({"x": "a" * 70_000}, "at most 65536 bytes")]
        for bad, pattern in cases:
            with self.subTest(bad=str(bad)[:30]), self.assertRaisesRegex(InvalidMemory, pattern):
                self.store.add("I like tea.", user=U1, metadata=bad)
        with self.assertRaisesRegex(InvalidMemory, r"^items\[1\]\.metadata"):
            self.store.add_many([dict(text="a", user=U1), dict(text="b", user=U1, metadata="x")])
        self.assertEqual(self.store.memories(U1), [])

    def test_model_source_is_an_inference(self):
        m = self.store.add("User likes hiking.", user=U1, source="model", origin="mcp:claude",
                           authority="user", trust="unverified", authenticated=False)
        self.assertEqual((m.source, m.authority), ("model", "inferred"))


class TestFormatCharacterTable(unittest.TestCase):
    def test_the_table_of_format_characters_is_this_unicode_versions(self):
        """memory.py lists the Cf code points of its Unicode version instead of scanning every
        code point at import (50 ms per command line); the list must equal the scan, and every
        one of them is removed by canonical()."""
        import unicodedata
        import memory
        scanned = [c for plane in (range(0x20000), range(0xE0000, 0xE1000)) for c in plane
                   if unicodedata.category(chr(c)) == "Cf"]
        self.assertEqual(memory._format_characters(), scanned)
        self.assertEqual(memory.canonical("a" + "".join(map(chr, scanned)) + "b"), "ab")


class TestErasure(TempDirCase):
    def test_BR27_purge_one_user_leaves_the_other_untouched(self):
        """BR-27: purge one user leaves the other untouched. The public case: Deleting one user's
        memories wipes every user."""
        store = self.open()
        for i in range(3):
            store.add(f"U1 fact {i}", user=U1, attribute="k")
            store.add(f"U2 fact {i}", user=U2, attribute=f"k{i}")
        consolidate(store, U1)
        self.assertTrue(store.resolutions(U1))
        u2_before = store.memories(U2)
        self.assertEqual(store.purge(U1), 3)
        self.assertEqual(store.memories(U1), [])
        self.assertEqual(store.resolutions(U1), [])
        self.assertEqual(store.memories(U2), u2_before)
        for bad in (None, "", "  ", ALL):
            with self.subTest(user=bad), self.assertRaisesRegex(InvalidMemory, "user"):
                store.purge(bad)
        with self.assertRaises(TypeError):
            store.purge()
        self.assertEqual(len(store.memories(U2)), 3)

    def test_purge_levels(self):
        store = self.open()
        u = store.add("user level", user=U1).id
        t = store.add("task level", user=U1, task="t1").id
        o = store.add("other task", user=U1, task="t2").id
        self.assertEqual(store.purge(U1, "t1"), 1)
        self.assertEqual(store.purge(U1, None), 1)
        self.assertEqual([m.id for m in store.memories(U1)], [o])
        self.assertIsNone(store.get(u))
        self.assertIsNone(store.get(t))
        self.assertEqual([e.op for e in store.events(U1)], ["purge", "purge"])

    @sqlite_only("the SQLite tables and files")
    def test_BR31_forgotten_text_gone_everywhere(self):
        """BR-31: forgotten text gone everywhere. The public case: A deleted memory still comes back
        from search."""
        store = self.open()
        keep = store.add("I like green tea.", user=U1).id
        w1 = store.add("My locker code is 0000, zanzibarquux.", user=U1, attribute="locker_code").id
        self.assertEqual([m.id for m in store.recall("zanzibarquux", user=U1).memories], [w1])
        self.assertEqual(store.forget(w1), [w1])
        for q in ("locker code", "0000", "zanzibarquux"):
            self.assertEqual(store.recall(q, user=U1).memories, [], q)
        store.close()
        store = self.open()
        for q in ("locker code", "0000", "zanzibarquux"):
            self.assertEqual(store.recall(q, user=U1).memories, [], q)
        self.assertEqual(store.get(keep).text, "I like green tea.")
        db = store._db()
        for (table,) in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'").fetchall():
            for row in db.execute(f'SELECT * FROM "{table}"'):
                self.assertNotIn("zanzibarquux", repr(row), table)
                self.assertNotIn(b"zanzibarquux", b"".join(x for x in row if isinstance(x, bytes)), table)
        store.close()
        self.assertNotIn(b"zanzibarquux", self.file_bytes())
        self.assertNotIn(b"locker", self.file_bytes())

    @sqlite_only("the files")
    def test_purged_text_gone_from_files(self):
        store = self.open()
        store.add("Secret plan: quixotebanana.", user=U1)
        store.add("Another: quixotebanana again.", user=U1, task="t")
        store.add("Other user fact.", user=U2)
        self.assertEqual(store.purge(U1), 2)
        store.close()
        self.assertNotIn(b"quixotebanana", self.file_bytes())

    def test_BR32_history_has_server_times_in_real_order(self):
        """BR-32: history has server times in real order. The public case: Delete events in history
        have no timestamps and sort out of order."""
        clock = iter(range(1_750_000_000, 1_750_000_100))
        store = self.open(wall_clock=lambda: float(next(clock)))
        w1 = store.add("I work at Company-A.", user=U1, attribute="employer").id
        w2 = store.add("I started a new job at Company-B.", user=U1, attribute="employer").id
        r1 = consolidate(store, U1)
        store.add("I started a new job at Company-B.", user=U1, attribute="employer")
        r2 = consolidate(store, U1)
        store.forget(w2)
        self.assertNotEqual(r1.run, r2.run)
        rows = db(store).execute(
            "SELECT clock, recorded_at, 'resolution' FROM resolutions UNION ALL "
            "SELECT clock, recorded_at, op FROM events UNION ALL "
            "SELECT clock, recorded_at, 'run' FROM runs ORDER BY 1").fetchall()
        self.assertTrue(all(r[0] is not None and r[1] and r[1].endswith("Z") for r in rows))
        self.assertEqual([r[1] for r in rows], sorted(r[1] for r in rows))  # clock order = time order
        self.assertEqual([r[2] for r in rows][-1], "forget")
        self.assertEqual({e.op for e in store.history(w1)}, {"forget"})  # w1 went with w2

    @sqlite_only("dumps the SQLite tables")
    def test_BR33_forget_is_audited_without_text(self):
        """BR-33: forget is audited without text. The public case: Forget leaves no audit record at
        all."""
        store = self.open()
        w1 = store.add("My locker code is 0000.", user=U1, attribute="locker_code").id
        w2 = store.add("My locker code is 1111.", user=U1, attribute="locker_code").id
        consolidate(store, U1)
        self.assertEqual(sorted(store.forget(w2, reason="user asked")), sorted([w1, w2]))
        [event] = store.events(U1)
        self.assertEqual((event.op, sorted(event.ids), event.count, event.reason),
                         ("forget", sorted([w1, w2]), 2, "user asked"))
        self.assertTrue(event.recorded_at.endswith("Z"))
        db = store._db()
        for (table,) in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'").fetchall():
            # The index holds 12-hex-digit keyed hashes: one may contain "0000" by chance.
            dump = re.sub(r"[0-9a-f]{12}", "", repr(db.execute(f'SELECT * FROM "{table}"').fetchall()))
            self.assertNotIn("0000", dump.replace("00000", ""), table)
            self.assertNotIn("1111", dump, table)

    def test_forget_unknown_id_and_bad_id(self):
        store = self.open()
        self.assertEqual(store.forget(12345), [])
        with self.assertRaisesRegex(InvalidMemory, "memory_id"):
            store.forget("1")
        with self.assertRaisesRegex(InvalidMemory, r"^conflict_id: expected an int ledger entry id; got '1'"):
            store.conflict("1")
        with self.assertRaisesRegex(InvalidMemory, r"^attribute: .* or None; got ''"):
            store.add("x", user=U1, attribute="")
        self.assertEqual(store.memories(U1), [])


class TestClocks(TempDirCase):
    def test_server_clock_survives_reopen_and_forget(self):
        store = self.open()
        a = store.add("one", user=U1)
        b = store.add("two", user=U1)
        store.forget(b.id)
        store.close()
        store = self.open()
        c = store.add("three", user=U1)
        self.assertGreater(c.created_at, b.created_at)
        self.assertGreater(c.id, b.id)  # ids are never reused either
        self.assertLess(a.created_at, b.created_at)

    def test_BR42_recorded_at_is_utc_whatever_the_process_zone(self):
        """BR-42: recorded at is utc whatever the process zone. The public case: Timestamps stored in a
        hard-coded local zone break date filters near midnight."""
        stamps = {"W1": 1753408800.0, "W2": 1741516200.0}  # 2025-07-25T02:00Z, 2025-03-09T10:30Z
        old_tz = os.environ.get("TZ")
        self.addCleanup(lambda: (os.environ.__setitem__("TZ", old_tz) if old_tz else os.environ.pop("TZ", None),
                                 time.tzset()))
        seen = set()
        for zone in ("America/Los_Angeles", "Asia/Shanghai", "UTC"):
            os.environ["TZ"] = zone
            time.tzset()
            with new_store() as store:
                out = {}
                for name, ts in stamps.items():
                    store._wall = lambda ts=ts: ts
                    out[name] = store.add(f"{name} fact", user=U1).recorded_at
                seen.add(tuple(sorted(out.items())))
                self.assertTrue(out["W1"].startswith("2025-07-25T02:00:00"), out)
                self.assertTrue(out["W2"].startswith("2025-03-09T10:30:00"), out)
                self.assertTrue(all(v.endswith("Z") for v in out.values()))
                on_day = [m.text for m in store.memories(U1) if m.recorded_at[:10] == "2025-07-25"]
                self.assertEqual(on_day, ["W1 fact"])
        self.assertEqual(len(seen), 1)


_WRITER = r"""
import sys
sys.path.insert(0, sys.argv[2])
from test_support import store_at
store = store_at(sys.argv[1], timeout=30)
for i in range(200):
    attr = f"k{i % 40}"
    text = f"value {i % 7}" if i % 5 else f"value {(i // 5) % 3}"
    store.add(text, user="U1", attribute=attr)
store.close()
print("ok")
"""
_CONSOLIDATOR = r"""
import sys, time
sys.path.insert(0, sys.argv[2])
from test_support import store_at
from consolidate import consolidate
store = store_at(sys.argv[1], timeout=30)
at_least = time.time() + float(sys.argv[3])
runs = 0
# Runs until the writer's 200 rows are all in (its writes all met a run), and for at least
# argv[3] seconds; a minute at most (then the writer's own result fails the test).
while True:
    consolidate(store, "U1")
    store.recall("value", user="U1")
    runs += 1
    now = time.time()
    if now >= at_least and len(store.memories("U1")) >= 200 or now > at_least + 60:
        break
store.close()
print(runs)
"""


class TestConcurrency(TempDirCase):
    def test_BR36_writer_and_consolidator_processes_lose_nothing(self):
        """BR-36: writer and consolidator processes lose nothing. The public case: "database is locked"
        under concurrent sessions."""
        self.open().close()
        cons = subprocess.Popen([sys.executable, "-c", _CONSOLIDATOR, self.path, str(HERE), "2" if SLOW else "0"],
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        writer = subprocess.run([sys.executable, "-c", _WRITER, self.path, str(HERE)],
                                capture_output=True, text=True, timeout=120)
        out, err = cons.communicate(timeout=120)
        self.assertEqual(writer.returncode, 0, writer.stderr)
        self.assertEqual(cons.returncode, 0, err)
        self.assertNotIn("locked", writer.stderr + err)
        self.assertGreater(int(out), 0)
        store = self.open()
        consolidate(store, U1)
        rows = store.memories(U1)
        self.assertEqual(len(rows), 200)
        # The final state equals a serial replay of the same writes and one consolidation.
        serial = new_store()
        for i in range(200):
            serial.add(f"value {i % 7}" if i % 5 else f"value {(i // 5) % 3}", user=U1, attribute=f"k{i % 40}")
        consolidate(serial, U1)
        self.assertEqual([(m.attribute, m.text) for m in store.current(U1)],
                         [(m.attribute, m.text) for m in serial.current(U1)])
        # Every retired row has exactly one resolution, and every resolution a retired row.
        conn = db(store)
        self.assertEqual(conn.execute("SELECT count(*) FROM memories WHERE status = 'retired'").fetchone()[0],
                         conn.execute("SELECT count(*) FROM resolutions").fetchone()[0])
        serial.close()

    def test_BR36_threads_upgrading_locks_never_see_database_is_locked(self):
        """BR-36: threads upgrading locks never see database is locked. The public case: "database is
        locked" under concurrent sessions."""
        self.open().close()
        errors = []

        def work(n):
            try:
                with store_at(self.path, timeout=30) as store:
                    for i in range(60):
                        store.add(f"thread {n} fact {i}", user=U1, attribute=f"a{i % 5}")
                        if i % 10 == 0:
                            consolidate(store, U1)
            except Exception as exc:  # collected: an assertion in a thread would be lost
                errors.append(exc)
        threads = [threading.Thread(target=work, args=(n,)) for n in range(3)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        self.assertEqual(errors, [])
        store = self.open()
        self.assertEqual(len(store.memories(U1)), 180)


class TestRecall(unittest.TestCase):
    def test_recall_limits_and_scopes(self):
        with new_store() as store:
            for i in range(10):
                store.add(f"I visited museum number {i}.", user=U1)
            store.add("I visited museum number 99.", user=U1, task="t")
            store.add("I visited museum number 77.", user=U2)
            self.assertEqual(len(store.recall("museum", user=U1, k=3).memories), 3)
            self.assertEqual(len(store.recall("museum", user=U1, k=50).memories), 10)
            self.assertEqual(len(store.recall("museum", user=U1, task="t", k=50).memories), 11)
            self.assertTrue(all(m.user == U1 for m in store.recall("museum 77", user=U1, k=50).memories))
            for bad in (0, -1, "5", True):
                with self.subTest(k=bad), self.assertRaisesRegex(InvalidMemory, "k"):
                    store.recall("museum", user=U1, k=bad)

    def test_quarantined_never_recalled(self):
        from memory import prepare
        with new_store() as store:
            with store.transaction() as tx:
                tx.insert([prepare({"text": "held fact zebra", "user": U1})], status="quarantined")
            self.assertEqual(store.recall("zebra", user=U1).memories, [])
            self.assertEqual(store.current(U1), [])


if __name__ == "__main__":
    unittest.main()
