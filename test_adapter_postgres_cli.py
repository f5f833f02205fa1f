"""The command lines and adapters given a PostgreSQL URL (issue 26), on a real server, each
class in a schema of its own (test_support.location): what the PostgreSQL pass of the
behavioural modules (test_cli, test_adapter_mcp ... through test_support.location) does not
already run there: moving a user's memories between two stores by `export | import` and the
held-write review (`gates.py URL quarantine/release`) by subprocess, backup's refusal and a
command on an empty schema (nothing created), the LangGraph store and the Mem0 facade built
from a URL string.

Needs psycopg and a server: MEMORY_TEST_BACKEND=postgresql://... (`bash .ci/run` starts one;
by hand `eval "$(.ci/postgres start)"` and PYTHONPATH=.ci/deps). Skips without, saying so.
"""

import importlib.util
import json
import os
import subprocess
import sys
import unittest
from pathlib import Path

import test_support
from test_support import location, store_at, temp_dir

HERE = Path(__file__).resolve().parent
HAVE_PSYCOPG = importlib.util.find_spec("psycopg") is not None
NEED = ("needs a PostgreSQL server and psycopg: MEMORY_TEST_BACKEND=postgresql://... (bash .ci/run starts one; "
        "by hand: eval \"$(.ci/postgres start)\" and PYTHONPATH=.ci/deps)")
ON_POSTGRES = test_support.ON_POSTGRES and HAVE_PSYCOPG


def run(module, *args, stdin=None):
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(p for p in sys.path if p))  # the same psycopg
    return subprocess.run([sys.executable, str(HERE / module), *args], capture_output=True, text=True,
                          timeout=120, input=stdin, env=env, cwd=HERE)


@unittest.skipUnless(ON_POSTGRES, NEED)
class PostgresCase(unittest.TestCase):
    """A schema per class (test_support.location of a temporary path: a URL on this pass), filled
    like test_cli's CliCase: ada has a changed home city (not yet consolidated) and a held write
    from an unauthenticated origin; bob has two facts."""

    @classmethod
    def setUpClass(cls):
        from gates import Candidate, GuardGate, remember
        cls.tmp = temp_dir()
        cls.addClassCleanup(cls.tmp.cleanup)
        cls.db = location(os.path.join(cls.tmp.name, "memory.db"))
        with store_at(cls.db) as s:
            cls.oslo = s.add("I live in Oslo.", user="ada", attribute="home_city").id
            cls.rome = s.add("I live in Rome.", user="ada", attribute="home_city").id
            cls.held = remember(Candidate("My new phone is 555-0100.", user="ada", origin="email:ada@example.com",
                                          authenticated=False), GuardGate(), s).memory.id
            s.add("I like tea.", user="bob")
            s.add("Bob's editor is Vim.", user="bob", attribute="editor")

    def other(self, name):
        """The URL of another, empty schema."""
        return location(os.path.join(self.tmp.name, name))

    def ok(self, done):
        self.assertEqual(done.returncode, 0, done.stderr)
        return done.stdout


class TheCommandLinesTakeAUrl(PostgresCase):
    def test_quarantine_release_export_import_forget(self):
        held = self.ok(run("gates.py", self.db, "quarantine", "--user", "ada"))
        self.assertIn(f"#{self.held} ", held)
        self.ok(run("gates.py", self.db, "release", str(self.held)))
        self.assertEqual(run("gates.py", self.db, "quarantine", "--user", "ada").returncode, 1)  # nothing held
        exported = self.ok(run("memory.py", self.db, "export", "--user", "bob"))
        other = self.other("copy.db")
        imported = json.loads(self.ok(run("memory.py", other, "import", "-", "--json", stdin=exported)))
        self.assertEqual(imported[0]["memories"], 2, imported)
        with store_at(other) as copy:
            self.assertEqual(sorted(m.text for m in copy.memories("bob")), ["Bob's editor is Vim.", "I like tea."])
            tea = next(m.id for m in copy.memories("bob") if m.text == "I like tea.")
        dry = self.ok(run("memory.py", other, "forget", str(tea), "--dry-run"))
        self.assertIn(str(tea), dry)
        self.ok(run("memory.py", other, "forget", str(tea)))
        with store_at(other) as copy:
            self.assertEqual([m.text for m in copy.memories("bob")], ["Bob's editor is Vim."])

    def test_backup_names_pg_dump_and_a_missing_store_is_not_created(self):
        with temp_dir() as tmp:
            done = run("memory.py", self.db, "backup", os.path.join(tmp, "copy.db"))
            self.assertEqual(done.returncode, 1)
            self.assertIn("pg_dump", done.stderr)
            self.assertEqual(os.listdir(tmp), [])
        empty = self.other("empty.db")
        for module, args in (("consolidate.py", ("--all",)), ("gates.py", ("quarantine",)),
                             ("memory.py", ("list",))):
            with self.subTest(module=module):
                done = run(module, empty, *args)
                self.assertEqual(done.returncode, 1, done.stdout)
                self.assertRegex(done.stderr, r"^\w+\.py: error: .*no memory store")
        import psycopg
        with psycopg.connect(empty, autocommit=True) as conn:  # nothing was made in the empty schema
            self.assertEqual(conn.execute("SELECT count(*) FROM information_schema.tables "
                                          "WHERE table_schema = current_schema()").fetchone()[0], 0)


class TheAdaptersTakeAUrl(PostgresCase):
    def test_mem0_facade(self):
        from adapters.mem0_compat import Memory
        m = Memory(self.db)
        self.addCleanup(m.close)
        m.add("I'm vegetarian.", user_id="cleo")
        self.assertEqual([r["memory"] for r in m.search("vegetarian", user_id="cleo")["results"]],
                         ["I'm vegetarian."])

    def test_langgraph_store(self):
        if importlib.util.find_spec("langgraph") is None:
            self.skipTest("langgraph is not installed: pip install langgraph (bash .ci/run installs it)")
        from adapters.langgraph_store import MemoryBaseStore
        store = MemoryBaseStore(self.db)
        self.addCleanup(store.store.close)
        store.put(("memories", "dora"), "diet", {"content": "Dora is vegetarian."})
        self.assertEqual(store.get(("memories", "dora"), "diet").value, {"content": "Dora is vegetarian."})
        self.assertEqual(type(store.store).__name__, "MemoryStore")


if __name__ == "__main__":
    unittest.main()
