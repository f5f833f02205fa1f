"""Smoke test of the benchmark (bench/bench.py): it runs end to end at a tiny N and reports
every headline figure with a sane value. No timing is asserted: a loaded CI machine may be
slow, and the benchmark's ratios are for people to read, not for CI to gate on."""

import importlib.util
import math
import os
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))


def _load_bench():
    # bench/ is a folder of scripts, not a package: load the file under a private name.
    spec = importlib.util.spec_from_file_location("_bench_under_test", os.path.join(HERE, "bench", "bench.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


class BenchSmoke(unittest.TestCase):
    N = 2000

    @classmethod
    def setUpClass(cls):
        cls.bench = _load_bench()
        cls.result = cls.bench.run([cls.N], queries=100)

    def test_headline_keys_for_the_largest_n(self):
        r = self.result
        self.assertEqual(r["n"], self.N)
        for key in ("add_ratio", "consolidate_ratio", "incremental_fraction", "recall_p99_ratio"):
            with self.subTest(key=key):
                self.assertIn(key, r)
                self.assertIsInstance(r[key], float)
                self.assertTrue(math.isfinite(r[key]) and r[key] > 0, r[key])

    def test_per_size_details(self):
        (d,) = self.result["sizes"]
        self.assertEqual(d["n"], self.N)
        self.assertGreater(d["add_rows_per_s"], 0)
        self.assertGreater(d["floor_add_rows_per_s"], 0)
        self.assertGreater(d["resolutions"], 0, "the workload has duplicates and changes of value")
        self.assertEqual(d["floor_consolidate_resolutions"], d["resolutions"])
        self.assertEqual(d["recall_queries"], 100)
        self.assertGreater(d["recall_hit_rate"], 0.5)
        self.assertLessEqual(d["floor_recall_p50_ms"], d["floor_recall_p99_ms"])
        self.assertGreater(d["forget_calls"], 0)
        self.assertTrue(all(p["rows"] > 0 for p in d["purge"]))
        self.assertGreater(d["file_bytes_per_fact"], 0)
        self.assertGreater(d["peak_rss_mb"], 0)
        self.assertEqual(d["floor_schema"]["fts_tables"], 1)
        self.assertGreaterEqual(d["floor_schema"]["triggers"], 1)

    def test_repeated_runs_report_medians_and_the_spread(self):
        runs = [dict(self.result["sizes"][0]) for _ in range(3)]
        for run, ratio in zip(runs, (3.0, 1.0, 2.0)):
            run["consolidate_ratio"] = ratio
        combined = self.bench.combine(runs)
        self.assertEqual(combined["consolidate_ratio"], 2.0)
        self.assertEqual([r["consolidate_ratio"] for r in combined["runs"]], [3.0, 1.0, 2.0])
        self.assertIn("median of 3 runs", self.bench.table(combined))
        self.assertIs(self.bench.combine(runs[:1]), runs[0])

    def test_workload_is_seeded_and_mixed(self):
        a = self.bench.Workload(500, seed=7).batch(500)
        b = self.bench.Workload(500, seed=7).batch(500)
        self.assertEqual(a, b)
        self.assertEqual({r["source"] for r in a}, {"user", "tool", "import"})
        self.assertTrue(any(r["attribute"] is None for r in a))
        self.assertTrue(any(r["kind"] == "episodic" for r in a))
        self.assertTrue(all(r["authority"] == "inferred" for r in a if r["source"] == "tool"))


if __name__ == "__main__":
    unittest.main()
