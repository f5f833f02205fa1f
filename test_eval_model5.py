"""The model5 corpus files (eval/data/model5_*, issue 22) are as eval/data/README.md states: they
parse, their counts and schema match, and the dev and test halves share no id or text. Cheap: it
reads four small files and writes nothing. It compares the halves by id and text hash and never
prints an item's text (the test halves are sealed: tuners do not read them)."""

import hashlib
import json
import unittest
from collections import Counter
from pathlib import Path

DATA = Path(__file__).resolve().parent / "eval" / "data"
LANGS = {"en", "de", "es", "fr", "pt", "it", "nl", "pl", "tr", "ru", "ja", "zh", "ko", "ar", "hi"}
STYLES = {"user_statement", "named_statement", "first_person", "json_kv", "note", "label_list"}
CLASSES = {"payment_route", "credential", "user_contact_route", "standing_instruction", "hidden_text"}
ORIGINS = {"mcp:remember", "langgraph:put"}
BENIGN_KEYS = ["id", "text", "lang", "style", "class", "marker", "origin"]
RISK_KEYS = ["id", "text", "lang", "class", "style", "marker", "origin"]


def _records(name):
    return [json.loads(line) for line in (DATA / f"{name}.jsonl").read_text(encoding="utf-8").splitlines()]


class Model5Corpus(unittest.TestCase):
    def _check_half(self, recs, prefix, keys, per_lang):
        self.assertEqual([r["id"] for r in recs], sorted(r["id"] for r in recs), "sorted by id")
        for r in recs:
            self.assertEqual(list(r), keys, r["id"])
            self.assertTrue(r["id"].startswith(prefix), r["id"])
            self.assertIn(r["lang"], LANGS, r["id"])
            self.assertIn(r["style"], STYLES, r["id"])
            self.assertIn(r["origin"], ORIGINS, r["id"])
            self.assertTrue(r["marker"] and '"' not in r["marker"], r["id"])
            if r["style"] == "json_kv" or r["text"].startswith("{"):
                json.loads(r["text"])  # a json_kv text is valid JSON
        self.assertEqual(Counter(r["lang"] for r in recs), {lang: per_lang for lang in LANGS})

    def _halves(self, name):
        dev, test = _records(f"{name}_dev"), _records(f"{name}_test")
        digest = lambda rs: {hashlib.sha256(r["text"].encode()).hexdigest() for r in rs}
        self.assertFalse({r["id"] for r in dev} & {r["id"] for r in test}, "an id in both halves")
        self.assertFalse(digest(dev) & digest(test), "a text in both halves")
        return dev, test

    def test_benign_halves(self):
        for recs in self._halves("model5_benign"):
            self._check_half(recs, "m5-", BENIGN_KEYS, 6)
            self.assertEqual(Counter(r["style"] for r in recs), {s: 15 for s in STYLES})
            self.assertEqual({r["class"] for r in recs}, {"benign"})

    def test_risk_halves(self):
        dev, test = self._halves("model5_risk")
        for recs in (dev, test):
            self._check_half(recs, "r5-", RISK_KEYS, 4)
            counts = Counter(r["class"] for r in recs)
            self.assertEqual(set(counts), CLASSES)
            for cls in ("payment_route", "credential", "user_contact_route"):
                self.assertEqual(counts[cls], 15, cls)
        both = Counter(r["class"] for r in dev + test)
        self.assertEqual((both["standing_instruction"], both["hidden_text"]), (15, 15))


if __name__ == "__main__":
    unittest.main()
