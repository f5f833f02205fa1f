"""Smoke test of the benchmark (bench/bench.py): it runs end to end at a tiny N against its
fixed floor and reports every headline figure with a sane value. No timing is asserted: a
loaded CI machine may be slow, and the benchmark's ratios are for people to read, not for CI
to gate on. Kept small (N=1500, a few dozen queries and turns): about a second."""

import gc
import importlib.util
import math
import os
import sqlite3
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))


def _load_bench():
    # bench/ is a folder of scripts, not a package: load the file under a private name.
    spec = importlib.util.spec_from_file_location("_bench_under_test", os.path.join(HERE, "bench", "bench.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _positive(value):
    return isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value) and value > 0


class BenchSmoke(unittest.TestCase):
    N = 1500

    @classmethod
    def setUpClass(cls):
        cls.bench = _load_bench()
        # The bench calls gc.collect() before each timed phase (over a hundred times at this N).
        # In the suite's one process each collection also walked every object the other test
        # modules had made: 2 of this class's 3.5 s. gc.freeze() sets those objects aside for
        # the run (the bench's own garbage is collected as before; no timing is asserted).
        gc.freeze()
        try:
            cls.result = cls.bench.run([cls.N], queries=60, cjk_queries=30, turns=25, forget_calls=5)
        finally:
            gc.unfreeze()

    def test_every_headline_figure_is_finite_and_positive(self):
        r = self.result
        self.assertEqual(r["n"], self.N)
        for key in ("add_ratio", "consolidate_ratio", "incremental_fraction", "agent_p99_ms",
                    "agent_p99_ratio", "recall_latin_p99_ratio", "recall_cjk_p99_ratio", "forget_ms",
                    "purge_ms", "file_bytes_per_fact"):
            with self.subTest(key=key):
                self.assertIn(key, r)
                self.assertTrue(_positive(r[key]), r[key])
        for key in ("recall_latin_hit_rate", "recall_cjk_hit_rate"):  # a rate may be 0 (CJK today)
            with self.subTest(key=key):
                self.assertTrue(0.0 <= r[key] <= 1.0, r[key])
        self.assertEqual(set(r["targets"]) - set(r), set(), "every target names a headline figure")

    def test_per_size_details(self):
        (d,) = self.result["sizes"]
        self.assertEqual(d["n"], self.N)
        for key in ("add_rows_per_s", "floor_add_rows_per_s", "consolidate_s", "floor_consolidate_s",
                    "incremental_s", "agent_p50_ms", "floor_agent_p50_ms", "floor_agent_p99_ms",
                    "agent_busiest_p50_ms", "recall_latin_p50_ms", "floor_recall_latin_p99_ms",
                    "recall_cjk_p50_ms", "floor_recall_cjk_p99_ms", "floor_forget_ms", "floor_purge_ms",
                    "floor_file_bytes_per_fact", "peak_rss_mb"):
            with self.subTest(key=key):
                self.assertTrue(_positive(d[key]), d[key])
        self.assertGreater(d["resolutions"], 0, "the workload has duplicates and changes of value")
        self.assertGreaterEqual(d["floor_consolidate_rows_read"], self.N)
        self.assertEqual(d["agent_turns"], 25)
        self.assertEqual(d["recall_latin_queries"], 60)
        self.assertEqual(d["recall_cjk_queries"], 30)
        self.assertGreater(d["recall_latin_hit_rate"], 0.3)
        self.assertLessEqual(d["floor_recall_latin_p50_ms"], d["floor_recall_latin_p99_ms"])
        self.assertEqual(d["forget_calls"], 5)
        self.assertGreater(d["forget_ids_deleted"], 0)
        self.assertEqual(len(d["purge"]), 3)
        for p in d["purge"] + [d["purge_busiest"]]:
            self.assertGreater(p["rows"], 0)
            self.assertEqual(p["rows"], p["floor_rows"], "the floor deletes the rows the store purged")

    def test_floor_is_fixed_and_does_not_mirror_the_store(self):
        floor = self.result["floor"]
        self.assertEqual(floor["schema"], list(self.bench.FLOOR_SCHEMA))
        text = " ".join(floor["schema"]).lower()
        self.assertIn("tokenize='unicode61'", text)
        self.assertNotIn("memories", text)
        self.assertNotIn("trigger", text)
        conn = sqlite3.connect(":memory:")
        for sql in floor["schema"]:
            conn.execute(sql)
        conn.execute(self.bench.FLOOR_SCAN).fetchall()
        self.assertEqual(self.bench.floor_match("Where do I live?"), '"live"')
        self.assertEqual(self.bench.floor_match("东京"), '"东京"')
        self.assertIsNone(self.bench.floor_match("what is it"))

    def test_repeated_runs_report_medians_and_the_spread(self):
        runs = [dict(self.result["sizes"][0]) for _ in range(3)]
        for run, ratio in zip(runs, (3.0, 1.0, 2.0)):
            run["consolidate_ratio"] = ratio
        combined = self.bench.combine(runs)
        self.assertEqual(combined["consolidate_ratio"], 2.0)
        self.assertEqual([r["consolidate_ratio"] for r in combined["runs"]], [3.0, 1.0, 2.0])
        self.assertIn("median of 3 runs", self.bench.table(combined))
        self.assertIs(self.bench.combine(runs[:1]), runs[0])

    def test_slopes_and_markdown(self):
        small = dict(self.result["sizes"][0])
        big = dict(small, n=small["n"] * 10, agent_p99_ms=small["agent_p99_ms"], add_s=small["add_s"] * 10)
        s = self.bench.slopes([small, big])
        label = "%d-%d" % (small["n"], big["n"])
        self.assertAlmostEqual(s["agent_p99_ms"][label], 0.0)  # flat
        self.assertAlmostEqual(s["add_s"][label], 1.0)         # linear
        text = self.bench.markdown(self.bench.summary([small, big]))
        self.assertIn("| 15k |", text)
        self.assertIn("agent_p99_ms", text)

    def test_workload_is_seeded_and_mixed(self):
        a = self.bench.Workload(500, seed=7).batch(500)
        b = self.bench.Workload(500, seed=7).batch(500)
        self.assertEqual(a, b)
        self.assertEqual({r["source"] for r in a}, {"user", "tool", "import"})
        self.assertTrue(any(r["attribute"] is None for r in a))
        self.assertTrue(any(r["kind"] == "episodic" for r in a))
        self.assertTrue(all(r["authority"] == "inferred" for r in a if r["source"] == "tool"))
        cjk = [r["text"] for r in a if any("\u3040" <= ch <= "\u9fff" for ch in r["text"])]
        self.assertTrue(cjk and all(" " not in t for t in cjk), "CJK facts, written without spaces")

    def test_cjk_queries_are_words_of_the_users_own_facts(self):
        wl = self.bench.Workload(2000, seed=3)
        rows = wl.batch(2000)
        for word, user, task in wl.cjk_queries(20):
            self.assertEqual(len(word), 2)
            self.assertTrue(any(word in r["text"] and r["user"] == user and r["task"] == task for r in rows),
                            (word, user, task))

    def test_facts_for_one_user(self):
        wl = self.bench.Workload(2000, seed=5)
        self.assertEqual({r["user"] for r in wl.batch(30, wl.users[7])}, {wl.users[7]})


if __name__ == "__main__":
    unittest.main()
