"""The command lines and adapters on PostgreSQL (issue 26), run as a user would: `python
memory.py URL ...`, `python consolidate.py URL ...`, `python gates.py URL ...` and the MCP
server's `--db URL` as subprocesses, the LangGraph store and the Mem0 facade given a URL, all on
a real server, each class in a schema of its own (adapters.postgres.scratch_url).

Needs psycopg and a server: MEMORY_TEST_BACKEND=postgresql://... (`bash .ci/run` starts one;
by hand `eval "$(.ci/postgres start)"` and PYTHONPATH=.ci/deps). Skips without, saying so.
"""

import importlib.util
import json
import os
import subprocess
import sys
import tempfile
import unittest
from pathlib import Path

HERE = Path(__file__).resolve().parent
URL = os.environ.get("MEMORY_TEST_BACKEND", "")
HAVE_PSYCOPG = importlib.util.find_spec("psycopg") is not None
NEED = ("needs a PostgreSQL server and psycopg: MEMORY_TEST_BACKEND=postgresql://... (bash .ci/run starts one; "
        "by hand: eval \"$(.ci/postgres start)\" and PYTHONPATH=.ci/deps)")
ON_POSTGRES = URL.startswith(("postgresql://", "postgres://")) and HAVE_PSYCOPG


def run(module, *args, stdin=None):
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(p for p in sys.path if p))  # the same psycopg
    return subprocess.run([sys.executable, str(HERE / module), *args], capture_output=True, text=True,
                          timeout=120, input=stdin, env=env, cwd=HERE)


@unittest.skipUnless(ON_POSTGRES, NEED)
class PostgresCase(unittest.TestCase):
    """A scratch schema per class, filled like test_cli's CliCase: ada has a changed home city
    (not yet consolidated), a held write from an unauthenticated origin; bob has two facts."""

    @classmethod
    def setUpClass(cls):
        from adapters.postgres import drop_scratch, open_store, scratch_url
        from gates import Candidate, GuardGate, remember
        cls.db = scratch_url(URL)
        cls.addClassCleanup(drop_scratch, cls.db)
        with open_store(cls.db) as s:
            cls.oslo = s.add("I live in Oslo.", user="ada", attribute="home_city").id
            cls.rome = s.add("I live in Rome.", user="ada", attribute="home_city").id
            cls.held = remember(Candidate("My new phone is 555-0100.", user="ada", origin="email:ada@example.com",
                                          authenticated=False), GuardGate(), s).memory.id
            s.add("I like tea.", user="bob")
            s.add("Bob's editor is Vim.", user="bob", attribute="editor")

    def ok(self, done):
        self.assertEqual(done.returncode, 0, done.stderr)
        return done.stdout


class TheCommandLinesTakeAUrl(PostgresCase):
    def test_list_users_consolidate_and_show(self):
        users = json.loads(self.ok(run("memory.py", self.db, "users", "--json")))
        self.assertEqual([u["user"] for u in users], ["ada", "bob"])
        plan = json.loads(self.ok(run("consolidate.py", self.db, "--user", "ada", "--dry-run", "--json")))
        self.assertEqual([(r["kept"], r["retired"], r["rule"]) for r in plan["resolutions"]],
                         [(self.rome, self.oslo, "newer statement")])
        done = json.loads(self.ok(run("consolidate.py", self.db, "--all", "--json")))
        self.assertIn((self.rome, self.oslo, "newer statement"),
                      [(r["kept"], r["retired"], r["rule"]) for r in done["resolutions"]])
        self.assertEqual(json.loads(self.ok(run("consolidate.py", self.db, "--all", "--json")))["resolutions"], [])
        listed = json.loads(self.ok(run("memory.py", self.db, "list", "--user", "ada", "--json")))
        status = {item["memory"]["id"]: item["memory"]["status"] for item in listed}
        self.assertEqual((status[self.oslo], status[self.rome], status[self.held]),
                         ("retired", "current", "quarantined"))
        self.assertIn(f"retired by #{self.rome} (newer statement", self.ok(run("memory.py", self.db, "show",
                                                                               str(self.oslo))))

    def test_quarantine_release_export_import_forget(self):
        held = self.ok(run("gates.py", self.db, "quarantine", "--user", "ada"))
        self.assertIn(f"#{self.held} ", held)
        self.ok(run("gates.py", self.db, "release", str(self.held)))
        self.assertEqual(run("gates.py", self.db, "quarantine", "--user", "ada").returncode, 1)  # nothing held
        exported = self.ok(run("memory.py", self.db, "export", "--user", "bob"))
        from adapters.postgres import drop_scratch, open_store, scratch_url
        other = scratch_url(URL)
        self.addCleanup(drop_scratch, other)
        imported = json.loads(self.ok(run("memory.py", other, "import", "-", "--json", stdin=exported)))
        self.assertEqual(imported[0]["memories"], 2, imported)
        with open_store(other) as copy:
            self.assertEqual(sorted(m.text for m in copy.memories("bob")), ["Bob's editor is Vim.", "I like tea."])
            tea = next(m.id for m in copy.memories("bob") if m.text == "I like tea.")
        dry = self.ok(run("memory.py", other, "forget", str(tea), "--dry-run"))
        self.assertIn(str(tea), dry)
        self.ok(run("memory.py", other, "forget", str(tea)))
        with open_store(other) as copy:
            self.assertEqual([m.text for m in copy.memories("bob")], ["Bob's editor is Vim."])

    def test_backup_names_pg_dump_and_a_missing_store_is_not_created(self):
        with tempfile.TemporaryDirectory() as tmp:
            done = run("memory.py", self.db, "backup", os.path.join(tmp, "copy.db"))
            self.assertEqual(done.returncode, 1)
            self.assertIn("pg_dump", done.stderr)
            self.assertEqual(os.listdir(tmp), [])
        from adapters.postgres import drop_scratch, scratch_url
        empty = scratch_url(URL)
        self.addCleanup(drop_scratch, empty)
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

    def test_mcp_server(self):
        if importlib.util.find_spec("mcp") is None:
            self.skipTest("the mcp package is not installed: pip install 'mcp>=1.10' (bash .ci/run installs it)")
        from test_adapter_mcp import Client, structured
        client = Client(self.db, "--user", "erin", "--source", "user")
        self.addCleanup(client.close)
        stored = structured(client.call("remember", {"text": "I live in Lima.", "attribute": "home_city"}))
        self.assertTrue(stored["stored"], stored)
        found = structured(client.call("recall", {"query": "Lima"}))
        self.assertEqual([m["text"] for m in found["memories"]], ["I live in Lima."])


if __name__ == "__main__":
    unittest.main()
