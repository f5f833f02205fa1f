"""End-to-end runs of the external conflict evaluations (eval/memconflict.py, eval/memfail.py).

They need the public data sets in ../shared/data (see eval/*.py); without them the tests are
skipped with a message. The targets are the design's promises, not tuned figures:
MemConflict: every dynamic field ends at its final value, every static conflict keeps the
true (earlier) value current with an open contradiction, and nothing about other people
leaks into the user's recall; MemFail: under `many` every coexisting preference stays.
The baselines (no policies: plain newer-wins) must be reported and score lower.
"""

import sys
import unittest
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent / "eval"))

import memconflict  # noqa: E402
import memfail  # noqa: E402


@unittest.skipUnless(memconflict.DEFAULT_PATH.exists(),
                     f"MemConflict data not found at {memconflict.DEFAULT_PATH}")
class MemConflictEval(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.result = memconflict.run()

    def test_dynamic_fields_end_at_final_state(self):
        self.assertEqual(self.result["policies"]["dynamic"]["pct"], 100.0)

    def test_static_conflicts_keep_true_value_and_open_contradiction(self):
        static = self.result["policies"]["static"]
        self.assertGreater(static["total"], 0)
        self.assertEqual(static["pct"], 100.0)

    def test_no_leaks_from_other_people(self):
        self.assertGreater(self.result["policies"]["leak_queries"]["total"], 0)
        # the queries do find each fact in its person's own scope, so 0 leaks means isolation
        self.assertEqual(self.result["policies"]["leak_query_found_in_own_scope"]["pct"], 100.0)
        self.assertEqual(self.result["policies"]["leaks"], 0)
        self.assertEqual(self.result["newer_wins"]["leaks"], 0)

    def test_newer_wins_baseline_is_reported_and_lower(self):
        base = self.result["newer_wins"]
        self.assertLess(base["static"]["pct"], self.result["policies"]["static"]["pct"])
        self.assertEqual(base["dynamic"]["pct"], 100.0)  # newer-wins is right for dynamic fields

    def test_consolidating_once_at_the_end_gives_the_same_figures(self):
        self.assertEqual(memconflict.run(at_end=True)["policies"], self.result["policies"])

    def test_table_prints_both_runs(self):
        text = memconflict.table(self.result)
        self.assertIn("policies", text)
        self.assertIn("newer-wins", text)


@unittest.skipUnless(memfail.DEFAULT_PATH.exists(),
                     f"MemFail data not found at {memfail.DEFAULT_PATH}")
class MemFailEval(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.result = memfail.run()

    def test_many_keeps_every_value(self):
        self.assertEqual(self.result["rows"], 50)
        self.assertEqual(self.result["many"]["rows"]["pct"], 100.0)
        self.assertEqual(self.result["many"]["values"]["pct"], 100.0)

    def test_default_one_baseline_is_reported_and_lower(self):
        self.assertLess(self.result["one"]["rows"]["pct"], self.result["many"]["rows"]["pct"])
        self.assertLess(self.result["one"]["values"]["pct"], self.result["many"]["values"]["pct"])


if __name__ == "__main__":
    unittest.main()
