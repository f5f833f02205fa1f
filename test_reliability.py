"""Reliability under long use (issue 10): erasure that cannot corrupt the store and is
crash-atomic, one error translation that never masks, the same answer whenever cron runs,
files that are not ours left untouched, and edge values refused by field.

Each class names the defect it guards; each failed on the code before the fix (commit 269af15).
Set MEMORY_SLOW_TESTS=1 for the long concurrency run (CI does)."""

import os
import random
import re
import sqlite3
import subprocess
import sys
import tempfile
import threading
import unittest
from pathlib import Path

from consolidate import Scope, consolidate
from gates import Candidate, GuardGate, remember
from memory import (ALL, MAX_ID, MAX_KEY_CHARS, InvalidMemory, LockedError, MemoryStore, SchemaError, ScrubPendingError,
                    StoreError, prepare)

HERE = Path(__file__).resolve().parent
U = "U1"
SLOW = os.environ.get("MEMORY_SLOW_TESTS") == "1"


def churn(path, rounds, sqlite=None):
    """Two stores on one file, in two threads: one adds 2 x rounds facts, the other adds and
    forgets `rounds` marked secrets ("zqx<i>marker"). Returns the exceptions they raised."""
    MemoryStore(path, sqlite=sqlite).close()
    errors = []

    def adder():
        try:
            with MemoryStore(path, timeout=30, sqlite=sqlite) as s:
                for i in range(rounds * 2):
                    s.add(f"Fact {i} about alpha beta.", user=f"u{i % 7}")
        except Exception as exc:  # collected: an assertion in a thread would be lost
            errors.append(exc)

    def forgetter():
        try:
            with MemoryStore(path, timeout=30, sqlite=sqlite) as s:
                for i in range(rounds):
                    s.forget(s.add(f"Secret zqx{i}marker alpha.", user="u1").id)
        except Exception as exc:
            errors.append(exc)
    threads = [threading.Thread(target=adder), threading.Thread(target=forgetter)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return errors


class FileCase(unittest.TestCase):
    def setUp(self):
        tmp = tempfile.TemporaryDirectory()
        self.addCleanup(tmp.cleanup)
        self.dir = Path(tmp.name)
        self.path = str(self.dir / "m.db")

    def open(self, **kw):
        store = MemoryStore(self.path, **kw)
        self.addCleanup(store.close)
        return store

    def file_bytes(self, path=None):
        path = path or self.path
        return b"".join(Path(path + x).read_bytes() for x in ("", "-wal", "-shm") if Path(path + x).exists())


class TestErasureNeverOptimizesTheIndex(FileCase):
    """Defect 1: forget() ran FTS5 'optimize', which corrupts the index on SQLite 3.40 while
    another connection writes. No erasure statement may merge or optimize the index."""

    def test_forget_and_purge_issue_no_optimize_or_merge(self):
        store = self.open()
        statements = []
        store._db().set_trace_callback(statements.append)
        a = store.add("Secret one, quillfeather.", user=U)
        store.add("Other fact.", user=U, task="t")
        store.forget(a.id)
        store.purge(U)
        store._db().set_trace_callback(None)
        erasure = " ".join(statements).lower()
        self.assertIn("delete from memories_fts", erasure)
        for op in ("'optimize'", "'merge'", "'rebuild'"):
            self.assertNotIn(op, erasure)

    def test_two_stores_adding_and_forgetting_keep_the_index_sound(self):
        """The issue's reproduction, shortened: two connections, one adding and forgetting, the
        other adding. Before the fix this failed after about 1,000 forgets."""
        rounds = 1_200 if SLOW else 150
        self.assertEqual(churn(self.path, rounds), [])
        conn = sqlite3.connect(self.path)
        conn.execute("INSERT INTO memories_fts (memories_fts, rank) VALUES ('integrity-check', 1)")
        self.assertEqual(conn.execute("PRAGMA integrity_check").fetchone(), ("ok",))
        conn.close()
        self.assertNotIn(b"zqx", self.file_bytes())
        with MemoryStore(self.path) as s:
            self.assertEqual(s.recall("zqx5marker", user="u1").memories, [])
            self.assertEqual(len(s.memories("u2")), len([i for i in range(rounds * 2) if i % 7 == 2]))


class TestErasedTextLeavesTheFiles(FileCase):
    """Erased text is gone from the .db, -wal and -shm files, and from the search index:
    the index holds keyed hashes, and the key of the erased rows' bucket is destroyed."""

    def test_forget_leaves_no_bytes_and_rekeys_the_bucket(self):
        store = self.open()
        keep = store.add("I like green tea.", user=U)
        gone = store.add("My locker code is 4242, vorpalquux.", user=U, attribute="locker_code")
        keys_before = store._db().execute("SELECT id, key FROM index_keys").fetchall()
        store.forget(gone.id)
        keys_after = store._db().execute("SELECT id, key FROM index_keys").fetchall()
        if not store.fts_secure_delete:
            self.assertNotEqual(keys_before, keys_after)  # the bucket got a new key and id
            self.assertTrue(all(k not in [x[1] for x in keys_after] for _, k in keys_before))
        self.assertEqual([m.id for m in store.recall("green tea", user=U).memories], [keep.id])
        store.close()
        data = self.file_bytes()
        self.assertNotIn(b"vorpalquux", data)
        self.assertNotIn(b"4242", data)
        for _, key in keys_before:  # no copy of a destroyed key anywhere in the files
            if not store.fts_secure_delete:
                self.assertNotIn(key, data)

    def test_purge_of_a_user_deletes_their_keys(self):
        store = self.open()
        store.add("Secret plan: frabjousday.", user=U)
        store.add("Another: frabjousday again.", user=U, task="t")
        store.add("Other user fact.", user="U2")
        self.assertEqual(store.purge(U), 2)
        self.assertEqual(store._db().execute("SELECT count(*) FROM index_keys WHERE user = ?", (U,)).fetchone(), (0,))
        self.assertEqual(store.users(), ["U2"])
        store.close()
        self.assertNotIn(b"frabjousday", self.file_bytes())


_KILLER = r"""
import os, sys
sys.path.insert(0, sys.argv[2])
from memory import MemoryStore
step, path, mid = sys.argv[3], sys.argv[1], int(sys.argv[4])
store = MemoryStore(path, timeout=5)
real = store._conn
state = {"erasing": False}

class Killer:
    # Delegates to the real connection; dies at the chosen step of the erasure.
    def __getattr__(self, name):
        return getattr(real, name)
    def execute(self, sql, *args):
        s = sql.strip().upper()
        if s.startswith("DELETE FROM MEMORIES WHERE"):
            state["erasing"] = True
        if state["erasing"] and ((step == "before-commit" and s == "COMMIT")
                                 or (step == "before-checkpoint" and s.startswith("PRAGMA WAL_CHECKPOINT"))
                                 or (step == "before-record-cleared" and s.startswith("DELETE FROM SCRUBS"))):
            os._exit(9)
        return real.execute(sql, *args)

store._conn = Killer()
store.forget(mid)
print("not killed")
"""


class TestForgetIsCrashAtomic(FileCase):
    """Defect 2: a kill between the deletion's commit and the clean-up left the forgotten words
    in the files. Now the erasure and a scrub record commit together; the next open finishes it."""

    def test_kill_at_each_step(self):
        for step in ("before-commit", "before-checkpoint", "before-record-cleared"):
            with self.subTest(step=step):
                path = str(self.dir / f"{step}.db")
                with MemoryStore(path) as s:
                    s.add("A fact that stays.", user=U)
                    mid = s.add("Secret snarkhunter code.", user=U).id
                proc = subprocess.run([sys.executable, "-c", _KILLER, path, str(HERE), step, str(mid)],
                                      capture_output=True, text=True, timeout=60)
                self.assertEqual(proc.returncode, 9, proc.stdout + proc.stderr)
                with MemoryStore(path) as s:  # the open finishes a committed erasure
                    found = s.get(mid)
                    if step == "before-commit":  # nothing happened: all or nothing
                        self.assertIsNotNone(found)
                        self.assertEqual([m.id for m in s.recall("snarkhunter", user=U).memories], [mid])
                        continue
                    self.assertIsNone(found)
                    self.assertEqual(s.recall("snarkhunter", user=U).memories, [])
                    self.assertEqual(s._db().execute("SELECT count(*) FROM scrubs").fetchone(), (0,))
                self.assertNotIn(b"snarkhunter", self.file_bytes(path))

    def test_a_busy_reader_then_any_later_erasure_finishes_the_scrub(self):
        store = self.open(timeout=0.3)
        mid = store.add("Temporary secret jabberwock.", user=U).id
        reader = sqlite3.connect(self.path)
        reader.execute("BEGIN")
        reader.execute("SELECT count(*) FROM memories").fetchone()  # holds a WAL snapshot
        with self.assertRaisesRegex(StoreError, "deletion is committed.*-wal.*forget, purge or scrub") as caught:
            store.forget(mid)
        # a lock timeout that still tells the caller what was deleted (found by the soak: a forget
        # that raised after its commit left the caller without the ids it had erased)
        self.assertIsInstance(caught.exception, ScrubPendingError)
        self.assertIsInstance(caught.exception, LockedError)
        self.assertEqual(caught.exception.ids, [mid])
        other = store.add_many([{"text": f"Temp note {i}.", "user": "temp"} for i in range(3)])
        with self.assertRaises(ScrubPendingError) as caught:
            store.purge("temp")
        self.assertEqual(sorted(caught.exception.ids), sorted(m.id for m in other))
        reader.execute("COMMIT")
        reader.close()
        self.assertEqual(store.forget(mid), [])  # unknown now, but it finishes the recorded scrub
        self.assertEqual(store._db().execute("SELECT count(*) FROM scrubs").fetchone(), (0,))
        store.close()
        self.assertNotIn(b"jabberwock", self.file_bytes())


class TestOneTranslationNeverMasks(unittest.TestCase):
    """Defect 1b: after SQLite had already rolled back, the store issued ROLLBACK again and
    raised a raw 'cannot rollback - no transaction is active' instead of the real error."""

    def test_an_error_that_rolls_back_the_transaction_is_reported_as_itself(self):
        with MemoryStore() as s:
            s._db().execute("CREATE TEMP TRIGGER boom BEFORE INSERT ON main.memories WHEN new.text = 'boom' "
                            "BEGIN SELECT RAISE(ROLLBACK, 'boom trigger'); END")
            with self.assertRaisesRegex(StoreError, "boom trigger") as caught:
                s.add("boom", user=U)
            self.assertNotIn("cannot rollback", str(caught.exception))
            self.assertEqual(s.add("fine", user=U).text, "fine")  # the store is still usable

    def test_lock_timeout_is_a_locked_error_naming_the_fix(self):
        with tempfile.TemporaryDirectory() as tmp:
            path = str(Path(tmp) / "m.db")
            MemoryStore(path).close()
            holder = sqlite3.connect(path, isolation_level=None)
            holder.execute("BEGIN IMMEDIATE")
            try:
                with MemoryStore(path, timeout=0.1) as s:
                    with self.assertRaisesRegex(LockedError, r"m\.db.*locked.*timeout"):
                        s.add("x", user=U)
            finally:
                holder.execute("ROLLBACK")
                holder.close()


class TestSameAnswerWheneverCronRuns(unittest.TestCase):
    """Defect 3: with `birthday` immutable, May 1, 2, 3, 3, 2 gave [May 2] consolidating after
    every write but [May 2, May 3] with an open contradiction consolidating once. A seeded
    differential test over random histories of every policy: consolidating after every write,
    after random batches and once at the end reach the same current facts and open entries.
    (Closed entries may differ by design: a per-write run opens an entry that a later run
    settles, where one run never opens it. The outcome never does.)"""

    def test_the_issue_example(self):
        states = []
        for every in (True, False):
            s = MemoryStore()
            s.declare("birthday", "immutable")
            for day in (1, 2, 3, 3, 2):
                s.add(f"My birthday is May {day}.", user=U, attribute="birthday")
                if every:
                    consolidate(s, U)
            consolidate(s, U)
            states.append(([m.text for m in s.current(U)], [(c.a, c.b) for c in s.conflicts(U)]))
        self.assertEqual(states[0], states[1])
        self.assertEqual(states[0], (["My birthday is May 2."], []))

    @staticmethod
    def history(rng):
        writes = []
        for _ in range(rng.randrange(3, 14)):
            source = rng.choice(["user", "user", "user", "tool", "import"])
            writes.append(dict(text=f"The value is {rng.choice('ABC')}.", attribute=rng.choice(["x", "y", None]),
                               task=rng.choice([None, None, "t"]), source=source,
                               origin={"user": "chat", "tool": "tool:crm", "import": "import:csv"}[source],
                               authority=rng.choice(["user", "inferred"]) if source != "tool" else "inferred",
                               trust=rng.choice(["trusted", "trusted", "unverified"])))
        return writes

    @staticmethod
    def replay(writes, policies, cut):
        s = MemoryStore()
        for attribute, policy in policies.items():
            s.declare(attribute, policy)
        for i, w in enumerate(writes):
            s.add(user=U, **w)
            if cut(i):
                consolidate(s, U)
        consolidate(s, U)
        current = sorted(m.id for m in s.current(U, ALL))
        entries = sorted((c.kind, *sorted((c.a, c.b))) for c in s.conflicts(U, kinds=None))
        s.close()
        return current, entries

    def test_random_histories_every_policy(self):
        for seed in range(400 if SLOW else 50):  # more seeds in CI
            rng = random.Random(seed)
            policies = {"x": rng.choice(["one", "many", "immutable"]), "y": rng.choice(["one", "immutable"])}
            writes = self.history(rng)
            batch = {i for i in range(len(writes)) if rng.random() < 0.4}
            with self.subTest(seed=seed, policies=policies):
                once = self.replay(writes, policies, lambda i: False)
                self.assertEqual(self.replay(writes, policies, lambda i: True), once)
                self.assertEqual(self.replay(writes, policies, lambda i: i in batch), once)


class TestRecallSameBeforeAndAfterConsolidate(unittest.TestCase):
    """Issue 21: each policy is decided by one object (memory.Policy.decide) that consolidate
    and recall's read-time view both call. Defect: with `birthplace` immutable, Rome, Oslo, Rome
    recalled [Rome, Oslo] before consolidation and [Rome] after (the view had its own immutable
    rule). A seeded differential test over random histories (every policy, restatements,
    changes of value, contested entries, contradictions the runs open, both task levels):
    recall's memories, their order, its notes and its notices are the same without any run,
    after consolidating at random points, and after a final run. Ledger entry ids and dates
    differ between schedules by design, so notes and notices are compared by the memories
    they name. Known limit, left out of these histories: a contested value that copies a value
    already in its group, or is restated later (the contest then follows a copy's survivor, and
    where it lands can still depend on when the runs come: 6 of 5,000 unrestricted histories)."""

    POLICIES = ("one", "many", "immutable")
    VALUES = ("The value is A.", "The value is B.", "the value is a", "The value is C.")
    NAMED = re.compile(r"(contradicts|states the same as|contests) memory (\d+)")

    def test_rome_oslo_rome(self):
        # DESIGN/README: a user restating a side of an immutable contradiction settles it.
        answers = []
        for every in (False, True):
            with MemoryStore() as s:
                s.declare("birthplace", "immutable")
                for city in ("Rome", "Oslo", "Rome"):
                    s.add(f"I was born in {city}.", user=U, attribute="birthplace")
                    if every:
                        consolidate(s, U)
                before = s.recall("where was I born", user=U)
                consolidate(s, U)
                after = s.recall("where was I born", user=U)
                answers.append(([m.text for m in before.memories], before.notes))
                answers.append(([m.text for m in after.memories], after.notes))
                self.assertEqual([m.text for m in s.current(U)], ["I was born in Rome."])
                self.assertEqual(s.conflicts(U), [])
        self.assertEqual(answers, [(["I was born in Rome."], {})] * 4)

    def answer(self, store, user):
        out = []
        for task in (None, "t"):
            r = store.recall("value", user=user, task=task, k=50)
            out.append(([m.id for m in r.memories],
                        {i: sorted(self.NAMED.findall(n)) for i, n in r.notes.items()},
                        sorted((re.match(r"memory (\d+)", n).group(1), *self.NAMED.findall(n)) for n in r.notices)))
        return out

    def history(self, rng):
        """(fields, contest) per write: a value of two attributes (each of any policy) at
        either level, of every provenance; contest: written as an unverified tool value
        contesting a trusted current one of its group (as GuardGate does), where there is one."""
        attributes = [f"{rng.choice(self.POLICIES)}_{n}" for n in (1, 2)]
        writes = []
        for _ in range(rng.randrange(2, 13)):
            source = rng.choice(["user", "user", "user", "tool", "import"])
            writes.append((dict(text=rng.choice(self.VALUES), attribute=rng.choice(attributes),
                                task=rng.choice([None, None, "t"]), source=source,
                                origin={"user": "chat", "tool": "tool:crm", "import": "import:csv"}[source],
                                authority=rng.choice(["user", "inferred"]) if source != "tool" else "inferred",
                                trust=rng.choice(["trusted", "trusted", "unverified"])), rng.random() < 0.2))
        return writes

    def replay(self, lazy, cut, user, rng):
        """One history into both stores (the same rows, so the same ids): `lazy` in one
        transaction and never consolidated, `cut` consolidated at random points. A contest
        targets a value current in both (only `cut` retires anything before the end)."""
        rows, batch, current = [], [], {}

        def flush():
            with cut.transaction() as tx:
                for row, targets in batch:
                    [m] = tx.insert([row])
                    current[m.id] = m
                    for target in targets:
                        tx.open_conflict(user, "contested", target, m.id, "unverified tool content",
                                         clock=m.created_at)
            batch.clear()
        seen, contested = set(), set()
        for fields, contest in self.history(rng):
            row = prepare(dict(fields, user=user))
            value = (row["task"], row["attribute"], row["norm"])
            if value in contested:
                continue  # the known limit (class docstring): a contested value is not restated
            targets = [m.id for m in current.values() if (m.task, m.attribute) == (row["task"], row["attribute"])
                       and m.trust == "trusted" and m.norm != row["norm"]][-1:] if contest and value not in seen else []
            seen.add(value)
            if targets:
                contested.add(value)
                row.update(source="tool", origin="tool:crm", authority="inferred", trust="unverified")
            rows.append((row, targets))
            batch.append((row, targets))
            if rng.random() < 0.4:
                flush()
                consolidate(cut, user)
                current = {m.id: m for m in cut.current(user, ALL)}
        flush()
        with lazy.transaction() as tx:
            for row, targets in rows:
                [m] = tx.insert([row])
                for target in targets:
                    tx.open_conflict(user, "contested", target, m.id, "unverified tool content", clock=m.created_at)
        self.assertEqual(lazy.memories(user, ALL)[-1].id, cut.memories(user, ALL)[-1].id)

    def test_random_histories_every_policy(self):
        lazy, cut = MemoryStore(), MemoryStore()  # one user per history
        self.addCleanup(lazy.close)
        self.addCleanup(cut.close)
        for s in (lazy, cut):
            for p in self.POLICIES:
                for n in (1, 2):
                    s.declare(f"{p}_{n}", p)
        mismatches = []
        for seed in range(5000 if SLOW else 120):  # more seeds in CI
            user = f"u{seed}"
            self.replay(lazy, cut, user, random.Random(seed))
            never = self.answer(lazy, user)  # no run yet
            answers = [self.answer(cut, user)]  # runs at random points
            consolidate(cut, user)
            answers.append(self.answer(cut, user))  # and a final one
            if any(a != never for a in answers):
                mismatches.append(seed)
        self.assertEqual(mismatches, [], f"{len(mismatches)} histories recall differently before and after "
                                         f"consolidate (seeds {mismatches[:20]})")


class TestFilesThatAreNotOursAreNeverTouched(FileCase):
    """Defect 4: another application's database was switched to WAL before it was refused; a
    foreign file with user_version 3 opened and then failed; an empty file given to the cron
    command became a memory database."""

    def foreign(self, version=0, journal="delete"):
        conn = sqlite3.connect(self.path)
        conn.execute(f"PRAGMA journal_mode={journal}")
        conn.execute("CREATE TABLE invoices (id INTEGER PRIMARY KEY, amount REAL)")
        conn.execute("INSERT INTO invoices (amount) VALUES (12.5)")
        conn.execute(f"PRAGMA user_version = {version}")
        conn.commit()
        conn.close()
        return Path(self.path).read_bytes()

    def test_a_rollback_journal_database_is_refused_unchanged(self):
        for version in (0, 1, 3):
            with self.subTest(user_version=version):
                before = self.foreign(version)
                with self.assertRaisesRegex(SchemaError, "memory database"):
                    MemoryStore(self.path)
                self.assertEqual(Path(self.path).read_bytes(), before)
                self.assertFalse(Path(self.path + "-wal").exists())
                os.remove(self.path)

    def test_an_empty_file_is_not_ours_unless_asked(self):
        Path(self.path).write_bytes(b"")
        with self.assertRaisesRegex(SchemaError, "empty file.*create=True"):
            MemoryStore(self.path)
        self.assertEqual(Path(self.path).stat().st_size, 0)
        cron = subprocess.run([sys.executable, str(HERE / "consolidate.py"), self.path, "--all"],
                              capture_output=True, text=True, timeout=60)
        self.assertEqual(cron.returncode, 1)
        self.assertIn("empty file", cron.stderr)
        self.assertEqual(Path(self.path).stat().st_size, 0)
        with MemoryStore(self.path, create=True) as s:
            self.assertEqual(s.add("now a store", user=U).id, 1)

    def test_create_false_never_creates(self):
        with self.assertRaisesRegex(StoreError, "no such database file"):
            MemoryStore(self.path, create=False)
        self.assertFalse(Path(self.path).exists())


class TestEdgeValuesRefusedByField(unittest.TestCase):
    """Defect 5: timeouts beyond SQLite's range left the busy timeout at 0; ids above 2**63 and
    a huge k raised OverflowError; add_many(None) and non-str keys raised TypeError; text of C1
    controls or unassigned invisible code points was accepted; an attribute grew past its limit
    after normalization."""

    def test_timeout_range(self):
        for bad in (0, -1, float("inf"), float("nan"), 86_400.5, 2_147_483.648 * 1000, True, "5"):
            with self.subTest(timeout=bad), self.assertRaisesRegex(InvalidMemory, r"^timeout: .*86400"):
                MemoryStore(timeout=bad)
        MemoryStore(timeout=86_400).close()

    def test_ids_and_k_within_sqlite_range(self):
        with MemoryStore() as s:
            s.add("I visited museum one.", user=U)
            for call in (s.get, s.forget, s.history, s.conflict):
                with self.subTest(call=call.__name__), self.assertRaisesRegex(InvalidMemory, "id"):
                    call(2 ** 63)
            self.assertIsNone(s.get(MAX_ID))
            self.assertEqual(len(s.recall("museum", user=U, k=2 ** 29).memories), 1)
            with self.assertRaisesRegex(InvalidMemory, "^k: "):
                s.recall("museum", user=U, k=2 ** 63)

    def test_add_many_shapes(self):
        with MemoryStore() as s:
            for bad in (None, "text", 5, {"text": "x", "user": U}):
                with self.subTest(items=bad), self.assertRaisesRegex(InvalidMemory, "^items: "):
                    s.add_many(bad)
            with self.assertRaisesRegex(InvalidMemory, r"^items\[0\]\.field name: .*; got 1"):
                s.add_many([{"text": "x", "user": U, 1: "y"}])
            with self.assertRaisesRegex(InvalidMemory, r"^items\[1\]: expected a dict"):
                s.add_many([{"text": "x", "user": U}, ["not", "a", "dict"]])
            self.assertEqual(s.memories(U), [])

    def test_text_with_nothing_visible(self):
        with MemoryStore() as s:
            for text in ("\x80\x81\x9f", "\U000e0080\U000e0081", "\u2065", "\ufff0", "\u200b\u00ad\U000e0041"):
                with self.subTest(text=text), self.assertRaisesRegex(InvalidMemory, "^text: .*visible"):
                    s.add(text, user=U)
            self.assertEqual(s.memories(U), [])

    def test_limits_apply_after_normalization(self):
        with MemoryStore() as s:
            attribute = "\ufdfa" * 100  # 100 characters that NFKC makes 1,800
            with self.assertRaisesRegex(InvalidMemory, f"^attribute: expected at most {MAX_KEY_CHARS} characters "
                                                       "after normalization"):
                s.add("x", user=U, attribute=attribute)
            self.assertEqual(s.memories(U), [])


class TestThreadsShareOneStore(FileCase):
    """Issue 14: one MemoryStore shared by 8 threads writing, recalling and consolidating."""

    def test_eight_threads(self):
        store = self.open(timeout=30)
        errors = []

        def work(n):
            try:
                for i in range(40):
                    store.add(f"Thread {n} fact {i % 10}.", user=f"u{n % 3}", attribute=f"a{i % 4}")
                    store.recall("fact", user=f"u{n % 3}")
                    if i % 10 == 0:
                        consolidate(store, f"u{n % 3}")
                    if i % 13 == 0:
                        remember(Candidate(f"Tool says {i}.", user=f"u{n % 3}", source="tool", origin="tool:x"),
                                 GuardGate(), store)
            except Exception as exc:  # collected: an assertion in a thread would be lost
                errors.append(exc)
        threads = [threading.Thread(target=work, args=(n,)) for n in range(8)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        self.assertEqual(errors, [])
        consolidate(store, ALL)
        self.assertEqual(sum(len(store.memories(u)) for u in store.users()) -
                         sum(1 for u in store.users() for m in store.memories(u) if m.origin == "tool:x"), 8 * 40)
        self.assertEqual(consolidate(store, Scope(ALL)).resolutions, [])


if __name__ == "__main__":
    unittest.main()
