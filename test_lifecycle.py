"""A memory's life through the store's newer calls: metadata and its filters, update (a
correction by the memory's own provenance), history as events, purge_all, and the importers
from Mem0 and the MCP memory server (issue 27)."""

import json
import os
import subprocess
import sys
import tempfile
import unittest
from pathlib import Path

from consolidate import consolidate
from gates import Candidate, GuardGate, release, remember
from memory import (HISTORY_KINDS, PURGE_ALL_CONFIRM, RULE_UPDATE, RULES, InvalidMemory, MemoryStore)

HERE = Path(__file__).resolve().parent
U = "ada"


class TempDir(unittest.TestCase):
    def setUp(self):
        self._tmp = tempfile.TemporaryDirectory()
        self.addCleanup(self._tmp.cleanup)
        self.dir = Path(self._tmp.name)
        self.path = str(self.dir / "m.db")

    def open(self):
        store = MemoryStore(self.path)
        self.addCleanup(store.close)
        return store


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
        mine = store.add("The team's editor is Vim.", user=U, attribute="team_editor")
        tool = remember(Candidate("The team's editor is Emacs.", user=U, attribute="team_editor", source="tool",
                                  origin="email:it@example.com"), GuardGate(), store).memory
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
                         [("added", "quarantine", "tool", "retired"), ("released", None, None, None)])
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
        mine = store.add("The team's editor is Vim.", user=U, attribute="team_editor")
        tool = remember(Candidate("The team's editor is Emacs.", user=U, attribute="team_editor", source="tool",
                                  origin="email:it@example.com"), GuardGate(), store).memory
        self.assertEqual([(e.kind, e.other, e.state) for e in store.history(mine.id)][1:],
                         [("contested", tool.id, "open")])
        store.forget(tool.id, reason="asked")
        after = store.history(tool.id)
        self.assertEqual([e.kind for e in after], ["contested", "forgotten"])
        self.assertEqual((after[1].op, after[1].ids, after[1].reason), ("forget", (tool.id,), "asked"))
        self.assertNotIn("Emacs", json.dumps([e.__dict__ for e in after]))

    def test_command_line_history_json(self):
        store = self.open()
        a = store.add("I live in Oslo.", user=U, attribute="home_city")
        b = store.update(a.id, "I live in Rome.")
        store.close()
        out = subprocess.run([sys.executable, str(HERE / "memory.py"), self.path, "history", str(a.id), "--json"],
                             capture_output=True, text=True, timeout=60)
        self.assertEqual(out.returncode, 0, out.stderr)
        self.assertEqual([(e["kind"], e["kept"]) for e in json.loads(out.stdout)], [("added", None), ("updated", b.id)])
        text = subprocess.run([sys.executable, str(HERE / "memory.py"), self.path, "show", str(a.id)],
                              capture_output=True, text=True, timeout=60).stdout
        self.assertIn(f"updated by #{b.id} (update, run at write): 'I live in Rome.' [current]", text)


class TestPurgeAll(TempDir):
    def test_guarded_audited_and_gone_from_the_files(self):
        store = self.open()
        store.declare("diet", "immutable")
        ids = [store.add("My secret is quixotebanana.", user=u).id for u in ("ada", "bob")]
        store.add("Bob's other fact.", user="bob", task="t1")
        for bad in (None, "yes", "PURGE ALL", True):
            with self.subTest(confirm=bad), self.assertRaisesRegex(InvalidMemory, "confirm.*'purge all'"):
                store.purge_all(confirm=bad)
        self.assertEqual(len(store.users()), 2)
        self.assertEqual(store.purge_all(confirm=PURGE_ALL_CONFIRM), 3)
        self.assertEqual((store.users(), store.get(ids[0])), ([], None))
        self.assertEqual([(e.op, e.user, e.count, e.reason) for e in store.events()],
                         [("purge", "ada", 1, "purge all"), ("purge", "bob", 2, "purge all")])
        self.assertEqual(store.policies(), {"diet": "immutable"})
        self.assertEqual(store.purge_all(confirm="purge all"), 0)
        store.add("A new start.", user="ada")
        store.close()
        for name in os.listdir(self.dir):
            self.assertNotIn(b"quixotebanana", (self.dir / name).read_bytes(), name)


if __name__ == "__main__":
    unittest.main()
