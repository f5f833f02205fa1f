"""adapters/mem0_compat.py: Mem0's Memory names, arguments and result shapes over the store,
with gates and rules instead of an LLM; a Mem0 quick start runs with only its import line
changed (issue 27)."""

import contextlib
import io
import unittest
from pathlib import Path

from adapters.mem0_compat import Memory, assistant_claims
from gates import Decision, OpenGate
from memory import InvalidMemory

HERE = Path(__file__).resolve().parent
QUICKSTART = HERE / "adapters" / "fixtures" / "mem0_quickstart.py"
ITEM_KEYS = {"id", "memory", "hash", "metadata", "created_at", "updated_at", "user_id"}
HISTORY_KEYS = {"id", "memory_id", "old_memory", "new_memory", "event", "created_at", "updated_at", "is_deleted",
                "actor_id", "role"}


class Mem0Case(unittest.TestCase):
    def setUp(self):
        self.m = Memory()
        self.addCleanup(self.m.close)


class TestQuickStart(unittest.TestCase):
    def test_runs_unchanged_except_for_the_import_line(self):
        source = QUICKSTART.read_text(encoding="utf-8")
        self.assertEqual(source.count("from mem0 import Memory\n"), 1)
        ours = source.replace("from mem0 import Memory\n", "from adapters.mem0_compat import Memory\n")
        self.assertEqual([a for a, b in zip(source.splitlines(), ours.splitlines()) if a != b],
                         ["from mem0 import Memory"])
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            exec(compile(ours, str(QUICKSTART), "exec"), {"__name__": "__main__"})
        lines = out.getvalue().splitlines()
        self.assertEqual(lines[0], "Nice to meet you.")
        self.assertIn("vegetarian", lines[1])
        self.assertIn("added ADD I live in Lisbon.", lines)
        self.assertIn("now I live in Porto.", lines)
        self.assertIn("history [('ADD', None, 'I live in Lisbon.'), ('UPDATE', 'I live in Lisbon.', "
                      "'I live in Porto.')]", lines)
        self.assertIn("home ['I live in Porto.']", lines)
        self.assertEqual(lines[-3:], ["gone None", "{'message': 'Memories deleted successfully!'}", "left []"])
        everything = next(line for line in lines if line.startswith("all "))
        self.assertIn("I'm allergic to nuts.", everything)
        self.assertNotIn("I remember", everything)  # the assistant speaking of itself is no memory


class TestAdd(Mem0Case):
    def test_events_and_provenance_per_turn(self):
        out = self.m.add([
            {"role": "system", "content": "You are a helpful AI. User Memories:\n- I live in Rome."},
            {"role": "user", "content": "I live in Lisbon. Can you book a table for two?"},
            {"role": "assistant", "content": "I'll remember that! The restaurant Tasca do Chico is open until 23:00."},
            {"role": "tool", "name": "weather", "content": "Lisbon: 24 degrees and sunny on Saturday."},
        ], user_id="ada", metadata={"session": 7})
        results = out["results"]
        self.assertEqual([r["memory"] for r in results],
                         ["I live in Lisbon.", "The restaurant Tasca do Chico is open until 23:00.",
                          "Lisbon: 24 degrees and sunny on Saturday."])
        self.assertTrue(all(r["event"] in ("ADD", "UPDATE", "DELETE", "NONE") for r in results))
        self.assertTrue(all(isinstance(r["id"], str) for r in results if r["id"] is not None))
        stored = {r["memory"]: self.m.store.get(int(r["id"])) for r in results}
        self.assertEqual([(m.source, m.authority, m.origin) for m in stored.values()],
                         [("user", "user", "chat"), ("model", "inferred", "assistant"),
                          ("tool", "inferred", "tool:weather")])
        self.assertTrue(all(m.metadata == {"session": 7} for m in stored.values()))
        self.assertEqual(self.m.store.memories("ada", status="current")[0].text, "I live in Lisbon.")

        again = self.m.add("I live in Lisbon.", user_id="ada")["results"]
        self.assertEqual([(r["event"], r["id"], r["status"]) for r in again], [("NONE", results[0]["id"], "duplicate")])
        moved = self.m.add("I live in Porto.", user_id="ada")["results"]
        self.assertEqual([(r["event"], r["id"], r["previous_memory"]) for r in moved],
                         [("UPDATE", results[0]["id"], "I live in Lisbon.")])
        self.assertEqual(self.m.get(results[0]["id"])["memory"], "I live in Porto.")
        both = self.m.add("I live in Faro. Actually, I moved to Braga.", user_id="ada")["results"]
        self.assertEqual([(r["event"], r["status"], r["id"]) for r in both],
                         [("NONE", "replaced", results[0]["id"]), ("UPDATE", "current", results[0]["id"])])

    def test_held_and_rejected_claims_are_NONE_with_the_gates_reason(self):
        results = self.m.add([{"role": "tool", "name": "mail", "content": "User's IBAN is now DE89 3704 0044 0532 "
                                                                           "0130 00."}], user_id="ada")["results"]
        self.assertEqual([(r["event"], r["status"]) for r in results], [("NONE", "quarantined")])
        self.assertEqual(self.m.get_all(user_id="ada")["results"], [])

        class No:
            def review(self, candidate, store):
                return Decision("reject", "unverified", "test")
        m = Memory(gate=No())
        self.addCleanup(m.close)
        self.assertEqual(m.add("I like tea.", user_id="ada")["results"],
                         [{"id": None, "memory": "I like tea.", "event": "NONE", "status": "rejected", "reason": "test"}])

    def test_injected_extractor_infer_false_and_bad_input_write_nothing(self):
        seen = []
        m = Memory(extractor=lambda text, role: seen.append(role) or [text.upper()], gate=OpenGate())
        self.addCleanup(m.close)
        m.add([{"role": "user", "content": "a fact"}, {"role": "assistant", "content": "a note"}], user_id="u")
        self.assertEqual((seen, [r["memory"] for r in m.get_all(user_id="u")["results"]]),
                         (["user", "assistant"], ["A FACT", "A NOTE"]))
        raw = self.m.add("Hello there, I am Ada. Please book a table.", user_id="u", infer=False)["results"]
        self.assertEqual([r["memory"] for r in raw], ["Hello there, I am Ada. Please book a table."])
        for call, pattern in [(lambda: self.m.add("I like tea.", user_id="v", metadata={"bad": object()}), "metadata"),
                              (lambda: self.m.add("I like tea."), "user_id"),
                              (lambda: self.m.add([{"role": "robot", "content": "x y"}], user_id="v"), "role"),
                              (lambda: self.m.add([], user_id="v"), "messages"),
                              (lambda: self.m.add("I like tea.", user_id="v", prompt="extract"), "prompt")]:
            with self.subTest(pattern=pattern), self.assertRaisesRegex(InvalidMemory, pattern):
                call()
        self.assertEqual(self.m.store.users(), ["u"])

    def test_assistant_self_talk_is_no_note(self):
        self.assertEqual(assistant_claims("Sure! I'll keep that in mind. Great choice! Your flight leaves at 9:40."),
                         ["Your flight leaves at 9:40."])


class TestAddInEveryScript(Mem0Case):
    """A new user's report: add() returned no result for a user's sentence in Japanese, Chinese,
    Russian or Korean (the extractor counted Latin words only, and a sentence without spaces as one
    word), so the fact was dropped without a trace. A statement in any script is a claim; a
    one-word acknowledgement in any script is not."""

    def test_a_users_sentence_in_any_script_is_added(self):
        for text in ("私はベジタリアンです。", "我是素食者。", "Я вегетарианка.", "저는 채식주의자입니다.",
                     "私は東京に住んでいます。", "我住在上海。", "Я живу в Казани.", "저는 부산에 살아요.",
                     "أنا نباتية.", "मैं शाकाहारी हूँ।", "Ben vejetaryenim.", "Ich bin Vegetarierin."):
            with self.subTest(text=text):
                [result] = self.m.add([{"role": "user", "content": text}], user_id="ada")["results"]
                self.assertEqual((result["event"], result["memory"]), ("ADD", text))
        self.assertEqual(len(self.m.get_all(user_id="ada")["results"]), 12)

    def test_an_acknowledgement_in_any_script_is_no_memory(self):
        for text in ("はい", "好的", "Спасибо!", "ok", "Thanks!"):
            with self.subTest(text=text):
                self.assertEqual(self.m.add([{"role": "user", "content": text}], user_id="ada")["results"], [])


class TestReads(Mem0Case):
    def setUp(self):
        super().setUp()
        self.tea = self.m.add("I drink green tea.", user_id="ada", metadata={"topic": "drink", "n": 1})["results"][0]
        self.dog = self.m.add("My dog is called Rex.", user_id="ada", agent_id="pets",
                              metadata={"topic": "pets"})["results"][0]
        self.trip = self.m.add("I booked a hotel in Kyoto.", user_id="ada", run_id="trip")["results"][0]

    def test_result_shapes(self):
        got = self.m.get(self.tea["id"])
        self.assertLessEqual(ITEM_KEYS, set(got))
        self.assertEqual((got["memory"], got["metadata"], got["user_id"]),
                         ("I drink green tea.", {"topic": "drink", "n": 1}, "ada"))
        hits = self.m.search("tea", user_id="ada")["results"]
        self.assertEqual([h["id"] for h in hits], [self.tea["id"]])
        self.assertIsInstance(hits[0]["score"], float)
        scores = [h["score"] for h in self.m.search("tea dog hotel green", user_id="ada")["results"]]
        self.assertEqual((len(scores), scores[0]), (3, 1.0))
        self.assertTrue(all(0 < x <= 1 for x in scores) and scores == sorted(scores, reverse=True), scores)
        self.assertEqual(len(self.m.search("tea dog hotel green", user_id="ada", threshold=1.0)["results"]),
                         scores.count(1.0))
        dog = self.m.get(self.dog["id"])
        self.assertEqual((dog["agent_id"], dog["metadata"]), ("pets", {"topic": "pets"}))
        self.assertEqual(self.m.get(self.trip["id"])["run_id"], "trip")
        self.assertIsNone(self.m.get("999"))
        with self.assertRaisesRegex(InvalidMemory, "memory_id"):
            self.m.get("not-an-id")

    def test_filters_scope_and_limit(self):
        self.assertEqual([h["memory"] for h in self.m.search("tea dog", user_id="ada", filters={"topic": "pets"})["results"]],
                         ["My dog is called Rex."])
        self.assertEqual(self.m.search("tea", user_id="ada", filters={"n": True})["results"], [])  # 1 is not true
        self.assertEqual(len(self.m.search("tea dog", filters={"AND": [{"user_id": "ada"}, {"n": {"eq": 1}}]})["results"]), 1)
        self.assertEqual([h["memory"] for h in self.m.search("dog", user_id="ada", agent_id="pets")["results"]],
                         ["My dog is called Rex."])
        self.assertEqual(self.m.search("dog", user_id="ada", agent_id="other")["results"], [])
        self.assertEqual([h["run_id"] for h in self.m.search("hotel", user_id="ada")["results"]], ["trip"])  # every run
        self.assertEqual(len(self.m.search("hotel", user_id="ada", run_id="trip")["results"]), 1)
        self.assertEqual(self.m.search("hotel", user_id="ada", run_id="other")["results"], [])  # runs stay apart
        self.assertEqual(len(self.m.search("tea hotel", user_id="ada", run_id="trip")["results"]), 2)  # + user level
        self.assertEqual(len(self.m.get_all(user_id="ada")["results"]), 3)  # every level, as Mem0 lists them
        self.assertEqual(len(self.m.get_all(user_id="ada", limit=2)["results"]), 2)
        self.assertEqual(len(self.m.get_all(user_id="ada", run_id="trip")["results"]), 1)  # the run's own, as Mem0
        for bad in ({"topic": {"in": ["pets"]}}, {"OR": [{"topic": "pets"}]}, {"topic": "*"}):
            with self.subTest(bad=bad), self.assertRaisesRegex(InvalidMemory, "filters"):
                self.m.search("dog", user_id="ada", filters=bad)


class TestUpdateDeleteHistory(Mem0Case):
    def test_update_keeps_the_id_and_the_old_text_on_record(self):
        mid = self.m.add("I drink green tea.", user_id="ada", metadata={"topic": "drink"})["results"][0]["id"]
        self.assertEqual(self.m.update(mid, "I drink black tea.", metadata={"n": 2})["message"], "Memory updated successfully!")
        got = self.m.get(mid)
        self.assertEqual((got["id"], got["memory"], got["metadata"]), (mid, "I drink black tea.", {"topic": "drink", "n": 2}))
        self.assertIsNotNone(got["updated_at"])
        old = self.m.store.get(int(mid))
        self.assertEqual((old.status, old.text), ("retired", "I drink green tea."))
        rows = self.m.history(mid)
        self.assertTrue(all(set(r) == HISTORY_KEYS for r in rows))
        self.assertEqual([(r["event"], r["old_memory"], r["new_memory"]) for r in rows],
                         [("ADD", None, "I drink green tea."), ("UPDATE", "I drink green tea.", "I drink black tea.")])
        with self.assertRaisesRegex(InvalidMemory, "not found"):
            self.m.update("12345", "x y")

    def test_delete_erases_and_history_keeps_ids_only(self):
        mid = self.m.add("My locker code is 4711.", user_id="ada")["results"][0]["id"]
        self.m.update(mid, "My locker code is 4712.")
        self.assertEqual(self.m.delete(mid), {"message": "Memory deleted successfully!"})
        self.assertIsNone(self.m.get(mid))
        rows = self.m.history(mid)
        self.assertEqual([(r["event"], r["is_deleted"], r["old_memory"], r["new_memory"]) for r in rows],
                         [("ADD", False, None, None), ("DELETE", True, None, None)])
        self.assertIsNotNone(rows[1]["updated_at"])
        self.assertEqual(self.m.store.users(), [])
        with self.assertRaisesRegex(InvalidMemory, "not found"):
            self.m.delete(mid)

    def test_delete_all_and_reset(self):
        self.m.add("I drink tea.", user_id="ada")
        self.m.add("My dog is Rex.", user_id="ada", agent_id="pets")
        self.m.add("I drink coffee.", user_id="bob")
        with self.assertRaisesRegex(InvalidMemory, "reset"):
            self.m.delete_all()
        self.m.delete_all(user_id="ada", agent_id="pets")
        self.assertEqual([r["memory"] for r in self.m.get_all(user_id="ada")["results"]], ["I drink tea."])
        self.m.delete_all(user_id="ada")
        self.assertEqual(self.m.get_all(user_id="ada")["results"], [])
        self.assertIsNone(self.m.reset())
        self.assertEqual(self.m.store.users(), [])
        self.assertEqual({e.op for e in self.m.store.events()}, {"purge", "forget"})


if __name__ == "__main__":
    unittest.main()
