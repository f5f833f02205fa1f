"""A memory's life through the store's newer calls: metadata and its filters, update (a
correction by the memory's own provenance), history as events, purge_all, and the importers
from Mem0 and the MCP memory server (issue 27)."""

import contextlib
import io
import json
import os
import shutil
import subprocess
import sys
import unittest
from pathlib import Path

from consolidate import consolidate
from gates import Candidate, GuardGate, release, remember
from memory import (ALL, HISTORY_KINDS, PURGE_ALL_CONFIRM, RULE_UPDATE, RULES, InvalidMemory, main,
                    mcp_memory_records, mem0_records)
from test_support import SLOW, FileCase, new_store, sqlite_only

HERE = Path(__file__).resolve().parent
FIXTURES = HERE / "adapters" / "fixtures"
U = "ada"


def cli(*argv) -> tuple[int, str, str]:
    """memory.py's command line in this process (no interpreter start): (exit code, stdout, stderr)."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = main([str(a) for a in argv])
        except SystemExit as exc:
            code = exc.code
    return code, out.getvalue(), err.getvalue()


def contested(store):
    """The user's value and a tool's contesting one (GuardGate opens a contested entry)."""
    mine = store.add("The team's editor is Vim.", user=U, attribute="team_editor")
    tool = remember(Candidate("The team's editor is Emacs.", user=U, attribute="team_editor", source="tool",
                              origin="email:it@example.com"), GuardGate(), store).memory
    return mine, tool


class TempDir(FileCase):
    def open(self, path=":memory:"):
        return self.store_at(path)


class TestUpdate(TempDir):
    def test_update_is_a_new_memory_by_the_same_provenance_superseding_the_old(self):
        store = self.open()
        old = store.add("I live in Oslo.", user=U, task="trip", attribute="home_city", source="tool",
                        origin="email:hr@corp.example", authenticated=False, trust="unverified")
        new = store.update(old.id, "I live in Bergen.")
        self.assertEqual(RULE_UPDATE, "update")
        self.assertIn(RULE_UPDATE, RULES)
        self.assertEqual(new.text, "I live in Bergen.")
        same = ("user", "task", "attribute", "authority", "kind", "source", "origin", "authenticated", "trust")
        self.assertEqual([getattr(new, f) for f in same], [getattr(old, f) for f in same])
        self.assertGreater(new.created_at, old.created_at)
        self.assertEqual(store.get(old.id).status, "retired")
        self.assertEqual(store.get(old.id).text, "I live in Oslo.")  # kept on record
        self.assertEqual([(r.kept, r.retired, r.rule, r.run) for r in store.resolutions(U)],
                         [(new.id, old.id, "update", None)])
        self.assertEqual([m.id for m in store.current(U, "trip")], [new.id])
        self.assertEqual(store.update(new.id, "I live in Bergen now.", attribute=None).attribute, None)
        [imported] = store.import_memories([{"key": "k", "text": "Likes tea", "user": U, "task": None,
                                             "source": "model", "origin": "mem0", "authority": "inferred",
                                             "metadata": {"a": 1}, "recorded_at": None}]).ids.values()
        fixed = store.update(imported, "Likes green tea")
        self.assertEqual((fixed.source, fixed.origin, fixed.original_source, fixed.original_origin, fixed.metadata),
                         ("import", "mem0", "model", "mem0", {"a": 1}))

    def test_refused_for_retired_quarantined_forgotten_and_bad_ids_writing_nothing(self):
        store = self.open()
        a = store.add("I drink tea.", user=U, attribute="drink")
        b = store.add("I drink coffee.", user=U, attribute="drink")
        consolidate(store, U)  # a is retired
        held = remember(Candidate("User is not vegetarian.", user=U, attribute="diet", source="tool",
                                  origin="email:x@example.com"), GuardGate(), store).memory
        self.assertEqual(held.status, "quarantined")
        gone = store.add("Forget me.", user=U).id
        store.forget(gone)
        before = [store.memories(U), store.resolutions(U)]
        for bad, pattern in [(a.id, "retired"), (held.id, "quarantined.*release"), (gone, "forgotten"),
                             (10**6, "does not exist"), ("1", "int memory id"), (True, "int memory id")]:
            with self.subTest(bad=bad), self.assertRaisesRegex(InvalidMemory, "memory_id.*" + pattern):
                store.update(bad, "New text.")
        with self.assertRaisesRegex(InvalidMemory, "text"):
            store.update(b.id, "   ")
        self.assertEqual([store.memories(U), store.resolutions(U)], before)

    def test_a_contested_entry_follows_the_correction(self):
        store = self.open()
        mine, tool = contested(store)
        [entry] = store.conflicts(U)
        fixed = store.update(mine.id, "The team's editor is Neovim.")
        [moved] = store.conflicts(U)
        self.assertEqual((moved.id, moved.a, moved.b), (entry.id, fixed.id, tool.id))
        self.assertEqual([m.id for m in store.recall("editor", user=U).memories], [fixed.id])


class TestHistory(TempDir):
    def test_events_in_server_clock_order_for_each_thing_that_happened(self):
        store = self.open()
        oslo = store.add("I live in Oslo.", user=U, attribute="home_city")
        rome = store.add("I live in Rome.", user=U, attribute="home_city")
        run = consolidate(store, U).run
        held = remember(Candidate("User's phone is +44 7700 900123.", user=U, attribute="phone", source="tool",
                                  origin="email:x@example.com"), GuardGate(), store).memory
        released = release(store, held.id)
        fixed = store.update(rome.id, "I live in Naples.")
        self.assertEqual([(e.kind, e.kept, e.retired, e.rule, e.run) for e in store.history(oslo.id)],
                         [("added", None, None, None, None), ("retired", rome.id, oslo.id, "newer statement", run)])
        self.assertEqual([(e.kind, e.kept, e.retired, e.rule) for e in store.history(rome.id)],
                         [("added", None, None, None), ("kept", rome.id, oslo.id, "newer statement"),
                          ("updated", fixed.id, rome.id, "update")])
        self.assertEqual([(e.kind, e.decision, e.source, e.status) for e in store.history(held.id)],
                         [("added", "quarantine", "tool", "retired"), ("quarantined", None, None, None),
                          ("released", None, None, None)])
        self.assertEqual(store.history(released.id)[0].decision, "accept")
        added = store.history(fixed.id)[0]
        self.assertEqual((added.kind, added.source, added.authority, added.origin, added.trust, added.status),
                         ("added", "user", "user", "chat", "trusted", "current"))
        for m in (oslo, rome, held, fixed):
            clocks = [e.clock for e in store.history(m.id)]
            self.assertEqual(clocks, sorted(clocks))
            self.assertTrue({e.kind for e in store.history(m.id)} <= set(HISTORY_KINDS))

    def test_ledger_entries_and_erasure_leave_ids_only(self):
        store = self.open()
        mine, tool = contested(store)
        self.assertEqual([(e.kind, e.other, e.state) for e in store.history(mine.id)][1:],
                         [("contested", tool.id, "open")])
        store.forget(tool.id, reason="asked")
        after = store.history(tool.id)
        self.assertEqual([e.kind for e in after], ["contested", "forgotten"])
        self.assertEqual((after[1].op, after[1].ids, after[1].reason), ("forget", (tool.id,), "asked"))
        self.assertNotIn("Emacs", json.dumps([e.__dict__ for e in after]))

    def test_command_line_history_json(self):
        store = self.open(self.path)
        a = store.add("I live in Oslo.", user=U, attribute="home_city", metadata={"via": "form"})
        b = store.update(a.id, "I live in Rome.")
        store.close()
        code, out, err = cli(self.path, "history", a.id, "--json")
        self.assertEqual(code, 0, err)
        self.assertEqual([(e["kind"], e["kept"]) for e in json.loads(out)], [("added", None), ("updated", b.id)])
        code, out, err = cli(self.path, "show", a.id)
        self.assertIn(f"updated by #{b.id} (update, run at write): 'I live in Rome.' [current]", out)
        self.assertIn('metadata: {"via":"form"}', out)
        code, out, err = cli(self.path, "list", "--json")
        self.assertEqual([i["memory"]["metadata"] for i in json.loads(out)], [{"via": "form"}] * 2)
        self.assertEqual(len(json.loads(cli(self.path, "list", "--metadata", "via=form", "--json")[1])), 2)
        self.assertEqual(cli(self.path, "list", "--metadata", 'via="web"')[0], 1)
        self.assertEqual(cli(self.path, "list", "--metadata", "via")[0], 2)


class TestPurgeAll(TempDir):
    @sqlite_only("reads the SQLite tables and files")
    def test_guarded_audited_and_gone_from_the_files(self):
        store = self.open(self.path)
        store.declare("diet", "immutable")
        ids = [store.add("My secret is quixotebanana.", user=u).id for u in ("ada", "bob")]
        store.add("Bob's other fact.", user="bob", task="t1")
        contested(store)  # ada: a ledger entry
        store.add("I live in Oslo.", user="ada", attribute="home_city")
        store.add("I live in Rome.", user="ada", attribute="home_city")
        consolidate(store, "ada")  # and a resolution
        for bad in (None, "yes", "PURGE ALL", True):
            with self.subTest(confirm=bad), self.assertRaisesRegex(InvalidMemory, "confirm.*'purge all'"):
                store.purge_all(confirm=bad)
        self.assertEqual(len(store.users()), 2)
        self.assertEqual(store.purge_all(confirm=PURGE_ALL_CONFIRM), 7)
        self.assertEqual((store.users(), store.get(ids[0])), ([], None))
        self.assertEqual([(e.op, e.user, e.count, e.reason) for e in store.events()],
                         [("purge", "ada", 5, "purge all"), ("purge", "bob", 2, "purge all")])
        self.assertEqual(store.policies(), {"diet": "immutable"})
        self.assertEqual(store.purge_all(confirm="purge all"), 0)
        store.add("One more.", user="cy")
        self.assertEqual(cli(self.path, "purge-all", "--confirm", "yes")[:1], (1,))
        self.assertEqual(cli(self.path, "purge-all", "--confirm", "purge all", "--json")[:2], (0, '[\n  {\n    "count": 1\n  }\n]\n'))
        store.close()
        import sqlite3
        with contextlib.closing(sqlite3.connect(self.path)) as raw:
            for table in ("memories", "memories_fts", "index_keys", "resolutions", "conflicts", "pending", "vectors"):
                self.assertEqual(raw.execute(f"SELECT count(*) FROM {table}").fetchone()[0], 0, table)
        for name in os.listdir(self.dir):
            self.assertNotIn(b"quixotebanana", (self.dir / name).read_bytes(), name)



class TestMetadata(TempDir):
    def test_filters_equality_on_keys_anded_after_the_rules(self):
        store = self.open()
        oslo = store.add("I live in Oslo.", user=U, attribute="home_city", metadata={"app": "web", "n": 1})
        rome = store.add("I live in Rome.", user=U, attribute="home_city", metadata={"app": "ios"})
        tea = store.add("I drink tea.", user=U, metadata={"app": "web", "n": True, "tags": ["a", "b"]})
        store.add("I drink tea in Kyoto.", user=U, task="trip", metadata={"app": "web"})
        ids = lambda ms: [m.id for m in ms]  # noqa: E731
        self.assertEqual(ids(store.memories(U, metadata={"app": "web"}))[:2], [oslo.id, tea.id])
        self.assertEqual(ids(store.memories(U, metadata={"app": "web", "n": 1})), [oslo.id])  # True is not 1
        self.assertEqual(ids(store.memories(U, metadata={"tags": ["a", "b"]})), [tea.id])
        self.assertEqual(ids(store.memories(U, metadata={"missing": None})), [])
        self.assertEqual(len(store.memories(U, metadata={})), 4)
        # The rules decide first: Rome replaces Oslo, so a filter on Oslo's metadata finds nothing current.
        self.assertEqual(ids(store.recall("where do I live", user=U, metadata={"app": "web"}).memories), [])
        consolidate(store, U)
        self.assertEqual(ids(store.current(U, metadata={"app": "web"})), [tea.id])
        self.assertEqual(ids(store.recall("where do I live", user=U, metadata={"app": "web"}).memories), [])
        self.assertEqual(ids(store.recall("where do I live", user=U, metadata={"app": "ios"}).memories), [rome.id])
        self.assertEqual(ids(store.recall("tea", user=U, task="trip", metadata={"n": True}).memories), [tea.id])
        for bad in ("app=web", {1: "x"}, {"x": object()}):
            with self.subTest(bad=bad), self.assertRaisesRegex(InvalidMemory, "metadata"):
                store.memories(U, metadata=bad)
            with self.subTest(bad=bad), self.assertRaisesRegex(InvalidMemory, "metadata"):
                store.recall("tea", user=U, metadata=bad)

    def test_export_import_keeps_metadata(self):
        store = self.open()
        store.add("I drink tea.", user=U, metadata={"app": "web", "ü": [1, {"x": None}]})
        store.add("No metadata.", user=U)
        records = list(store.export())
        self.assertEqual([r.get("metadata") for r in records if r["type"] == "memory"],
                         [{"app": "web", "ü": [1, {"x": None}]}, None])
        other = new_store()
        self.addCleanup(other.close)
        other.import_records(records)
        self.assertEqual([m.metadata for m in other.memories(U)], [{"app": "web", "ü": [1, {"x": None}]}, None])


class TestImporters(TempDir):
    def test_mem0_file_in_get_all_shape(self):
        code, out, err = cli(self.path, "import", "--from", "mem0", FIXTURES / "mem0-get_all.json", "--json")
        self.assertEqual(code, 0, err)
        done = json.loads(out)[0]
        self.assertEqual((done["memories"], len(done["refused"]), done["already"]), (4, 3, []))
        self.assertEqual(sorted(why.split(":")[0] for _, why in done["refused"]), ["created_at", "text", "user_id"])
        store = self.open(self.path)
        alice = store.memories("alice")
        self.assertEqual([m.text for m in alice],  # in Mem0's created_at order, whatever the file order
                         ["Allergic to nuts", "Is a vegetarian", "Prefers window seats on flights"])
        nuts = alice[0]
        self.assertEqual((nuts.source, nuts.authority, nuts.origin, nuts.original_source, nuts.original_origin,
                          nuts.original_authority, nuts.recorded_at, nuts.task),
                         ("import", "inferred", "mem0", "model", "mem0", "inferred",
                          "2024-07-20T06:10:05.000000Z", None))
        self.assertEqual(nuts.metadata, {"category": "health", "severity": "high",
                                         "mem0_id": "5c2d9e41-7f3b-4a8e-b1c2-0d9e8f7a6b52"})
        seat = alice[2]
        self.assertEqual((seat.task, seat.metadata["agent_id"], seat.original_origin),
                         ("trip-2024-08", "travel-agent", "mem0:agent:travel-agent"))
        self.assertEqual([m.text for m in store.memories("agent:support-bot")], ["Answers in a formal tone"])
        self.assertEqual({e.op for e in store.events()}, {"import"})
        live = store.add("I eat fish now.", user="alice", attribute="diet")
        self.assertEqual(store.recall("vegetarian", user="alice").memories[0].text, "Is a vegetarian")
        self.assertLess(store.get(live.id).created_at - 1, live.created_at)
        store.close()
        code, out, err = cli(self.path, "import", "--from", "mem0", FIXTURES / "mem0-get_all.json")
        self.assertEqual(code, 1)  # the same file twice: nothing new, nothing written
        self.assertIn("imported 0 memories from mem0; 4 were imported before (not written again); refused 3", err)

    def _mcp_file(self) -> Path:
        """The MCP memory server's own file (a fixture it wrote), plus records it never writes."""
        path = self.dir / "memory.jsonl"
        lines = (FIXTURES / "mcp-memory.jsonl").read_text(encoding="utf-8").splitlines()
        lines += ['', '{"type":"entity","name":"Lisbon","entityType":"city","observations":[]}',
                  '{"type":"relation","from":"default_user","relationType":"visits"}',
                  'not json', '{"type":"entity","name":"X","entityType":"thing","observations":["", 3]}']
        path.write_text("\n".join(lines), encoding="utf-8")
        return path

    def test_mcp_memory_knowledge_graph(self):
        path = self._mcp_file()
        code, out, err = cli(self.path, "import", "--from", "mcp-memory", path, "--user", U)
        self.assertEqual(code, 0, err)
        self.assertIn("imported 9 memories from mcp-memory; 0 were imported before (not written again); refused 4",
                      out)
        store = self.open(self.path)
        texts = [m.text for m in store.memories(U)]
        self.assertEqual(texts, ["default_user: Is vegetarian", "default_user: Prefers morning meetings",
                                 "default_user: Speaks fluent Portuguese", "default_user: Is allergic to peanuts",
                                 "Acme_Corp: Makes garden tools", "Rex: Is a beagle",
                                 "default_user works_at Acme_Corp", "default_user owns Rex", "Lisbon (city)"])
        m = store.memories(U)[0]
        self.assertEqual((m.source, m.original_source, m.original_origin, m.metadata),
                         ("import", "model", "mcp:server-memory",
                          {"mcp_entity": "default_user", "mcp_entity_type": "person"}))
        self.assertEqual([x.text for x in store.recall("peanuts allergy", user=U).memories],
                         ["default_user: Is allergic to peanuts"])
        usage, _, err = cli(self.path, "import", "--from", "mcp-memory", path)
        self.assertEqual(usage, 2)
        self.assertIn("--user", err)
        usage, _, err = cli(self.path, "import", "--from", "mem0", path, "--user", U)
        self.assertEqual(usage, 2)
        self.assertIn("--user applies to --from mcp-memory only", err)

    def test_converters_refuse_by_record(self):
        items, refused = mcp_memory_records(['{"type": "relation", "from": "a", "to": "b", "relationType": "knows"}',
                                             '[]'], U)
        self.assertEqual(([i["text"] for i in items], [k for k, _ in refused]), (["a knows b"], ["line 2"]))
        items, refused = mem0_records([{"id": "x", "memory": "Likes tea", "user_id": "u",
                                        "metadata": {"mem0_id": "other"}}])
        self.assertEqual((items, refused[0][0]), ([], "x"))
        self.assertIn("mem0_id", refused[0][1])
        with self.assertRaisesRegex(InvalidMemory, "mem0 file"):
            mem0_records({"nothing": 1})
        items, refused = mem0_records({"results": [], "relations": [{"source": "a", "relationship": "b", "target": "c"}]})
        self.assertEqual((items, [k for k, _ in refused]), ([], ["relation 1"]))
        bad = self.dir / "bad.json"
        for text in ('{"memories": 3}', "not json at all"):
            bad.write_text(text, encoding="utf-8")
            code, _, err = cli(self.path, "import", "--from", "mem0", bad)
            self.assertEqual(code, 1)
            self.assertRegex(err, "mem0 file|line 1: not JSON")
            self.assertFalse(os.path.exists(self.path))  # read and refused before any file is made

    @unittest.skipUnless(SLOW and shutil.which("npx"), "MEMORY_SLOW_TESTS=1 and npx: runs the real MCP memory server")
    def test_the_real_mcp_memory_server_file(self):
        out = self.dir / "server.jsonl"
        made = subprocess.run([sys.executable, str(FIXTURES / "make_mcp_memory.py"), str(out)],
                              capture_output=True, text=True, timeout=300)
        if made.returncode != 0:
            self.skipTest(f"the server could not be fetched or run (npx): {made.stderr[-200:]}")
        self.assertEqual(out.read_text(encoding="utf-8"), (FIXTURES / "mcp-memory.jsonl").read_text(encoding="utf-8"))
        code, text, err = cli(self.path, "import", "--from", "mcp-memory", out, "--user", U)
        self.assertEqual((code, text.splitlines()[0]),
                         (0, "imported 8 memories from mcp-memory; 0 were imported before (not written again); "
                             "refused 0"))


if __name__ == "__main__":
    unittest.main()
