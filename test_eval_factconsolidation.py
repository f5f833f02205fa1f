"""End-to-end runs of eval/factconsolidation.py (MemoryAgentBench FactConsolidation).

They need the public data in ../shared/data/factconsolidation (see the script); without it
the tests are skipped with a message. The single-hop file goes through the real store and
consolidate(); the checks are the benchmark's own scoring and facts read back from the data
file independently of the store, never tuned figures.
"""

import json
import shutil
import sys
import tempfile
import unittest
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent / "eval"))

import factconsolidation as fc  # noqa: E402

DATA = fc.DEFAULT_DIR
SKIP = f"FactConsolidation data not found at {DATA}"


def history(path):
    """{"<relation> <subject>": [every value, in file order]}, read without the store."""
    data = json.loads(Path(path).read_text(encoding="utf-8"))
    templates = fc.Templates(Path(path).parent)
    values = {}
    for sentence in fc.read_context(data["context"]):
        rel, subject, obj = templates.parse(sentence)
        values.setdefault(f"{rel} {subject}", []).append(obj)
    return values


@unittest.skipUnless((DATA / fc.CLOZE_FILE).exists(), SKIP)
class Parsing(unittest.TestCase):
    def setUp(self):
        self.templates = fc.Templates(DATA)

    def test_sentences(self):
        cases = [
            ("Pedro Pierluisi worked in the city of Washington, D.C..",
             ("P937", "Pedro Pierluisi", "Washington, D.C.")),
            ("The capital of Tang Empire is Chang'an.", ("P36", "Tang Empire", "Chang'an")),
            ("Bengaluru is located in the continent of Asia.", ("P30", "Bengaluru", "Asia")),
            ("Nothing here fits a template.", None),
        ]
        for sentence, expected in cases:
            with self.subTest(sentence=sentence):
                self.assertEqual(self.templates.parse(sentence), expected)

    def test_benchmark_normalization(self):
        self.assertEqual(fc.normalize_answer("The Answer, is: France!"), "answer is france")
        self.assertTrue(fc.substring_match("Washington, D.C.", ["Washington DC"]))
        self.assertFalse(fc.substring_match("", ["France"]))


@unittest.skipUnless((DATA / "factconsolidation_sh_6k.json").exists(), SKIP)
class SingleHop6k(unittest.TestCase):
    path = DATA / "factconsolidation_sh_6k.json"

    @classmethod
    def setUpClass(cls):
        cls.result = fc.evaluate(cls.path)
        cls.values = history(cls.path)

    def test_accuracy(self):
        self.assertEqual(self.result["questions"], 100)
        self.assertGreaterEqual(self.result["accuracy"], 97)
        self.assertIsNotNone(self.result["overwritten_accuracy"])
        self.assertGreater(self.result["overwritten_questions"], 0)

    def test_every_key_has_exactly_one_current_value(self):
        self.assertTrue(self.result["one_current_per_key"])
        self.assertEqual(self.result["unparsed_facts"], 0)
        self.assertEqual(self.result["keys"], len(self.values))
        # The fold retires every row but the one survivor of its key, each exactly once.
        self.assertEqual(self.result["resolutions"], self.result["facts"] - len(self.values))

    def test_label_noise_gold_is_an_older_value(self):
        for item in self.result["label_noise"]:
            with self.subTest(index=item["index"]):
                values = self.values[f"{item['relations'][0]} {item['start']}"]
                self.assertNotEqual(item["gold"], values[-1])
                self.assertIn(item["gold"], values[:-1])
                self.assertEqual(item["prediction"], values[-1])

    def test_every_miss_is_label_noise(self):
        self.assertEqual([m["index"] for m in self.result["misses"]],
                         [m["index"] for m in self.result["label_noise"]])


@unittest.skipUnless((DATA / "factconsolidation_sh_32k.json").exists(), SKIP)
class SingleHop32k(SingleHop6k):
    """The 32k file has label noise, so the label-noise checks are not vacuous here."""

    path = DATA / "factconsolidation_sh_32k.json"

    def test_label_noise_is_found(self):
        self.assertGreater(self.result["label_noise_count"], 0)


@unittest.skipUnless((DATA / fc.CLOZE_FILE).exists(), SKIP)
class ChainedLookups(unittest.TestCase):
    """A two-hop chain whose second key is overwritten, with the default and an injected
    decomposer, on a small file in the benchmark's format."""

    def setUp(self):
        self.dir = Path(tempfile.mkdtemp())
        self.addCleanup(shutil.rmtree, self.dir)
        for name in (fc.CLOZE_FILE, fc.QUESTION_FILE):
            shutil.copy(DATA / name, self.dir / name)
        question = "What is the country of citizenship of the spouse of Alice Example?"
        data = {
            "context": "Here is a list of facts:\n0. Alice Example is married to Bob Example.\n"
                       "1. Bob Example is a citizen of France.\n"
                       "2. Bob Example is a citizen of Spain.\n",
            "questions": [question, question], "answers": [["Spain"], ["France"]],
            "metadata": {"source": "tiny"},
        }
        self.path = self.dir / "tiny.json"
        self.path.write_text(json.dumps(data), encoding="utf-8")

    def check(self, result):
        self.assertEqual(result["correct"], 1)  # the current value, Spain
        self.assertEqual(result["overwritten_questions"], 2)
        self.assertEqual([m["index"] for m in result["label_noise"]], [1])
        self.assertEqual(result["label_noise"][0]["older_keys"], ["P27 Bob Example"])

    def test_default_decomposer(self):
        self.check(fc.evaluate(self.path))

    def test_injected_decompose(self):
        asked = []

        def decompose(question):
            asked.append(question)
            return "Alice Example", ["P26", "P27"]

        self.check(fc.evaluate(self.path, decompose=decompose))
        self.assertEqual(len(asked), 2)


if __name__ == "__main__":
    unittest.main()
