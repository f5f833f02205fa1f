"""The external conflict evaluations (eval/memconflict.py, eval/memfail.py) and the default
policy vocabulary (eval/default_policies.json).

The data sets live in ../shared/data (see eval/*.py); without them the data-backed tests are
skipped with a message. The full MemConflict replays (eight of them, about 3 s) run only
with MEMORY_SLOW_TESTS=1 (.ci/run sets it); the vocabulary's matching, the schema
declaration and MemFail (a fraction of a second) always run.

The targets are the design's promises, not tuned figures. MemConflict: every dynamic field
ends at its final value under every declaration; a static conflict keeps the true (earlier)
value current with an open contradiction exactly when its field is declared `immutable`, so
the headline (the schema run, which reads no label) misses exactly the fields the schema
does not hold; the vocabulary closes part of that gap without freezing a field that
changes; nothing about other people leaks into the user's recall. MemFail: under `many`
every coexisting preference stays. Baselines (plain newer-wins) are reported and score lower.
"""

import json
import sys
import unittest
from pathlib import Path

from test_support import SLOW, TempStoreCase

sys.path.insert(0, str(Path(__file__).resolve().parent / "eval"))

import memconflict  # noqa: E402
import memfail  # noqa: E402

SLOW_SKIP = ("eval-backed (MemConflict, eight replays, about 3 s): "
             "set MEMORY_SLOW_TESTS=1 to run it (.ci/run does)")
HAVE_MEMCONFLICT = memconflict.DEFAULT_PATH.exists()
NO_MEMCONFLICT = f"MemConflict data not found at {memconflict.DEFAULT_PATH}"


def load_records():
    with open(memconflict.DEFAULT_PATH, encoding="utf-8") as fh:
        return [json.loads(line) for line in fh if line.strip()]


class VocabularyMatching(TempStoreCase):
    """eval/default_policies.json, matched by name alone (no data needed)."""

    def setUp(self):
        self.vocab = memconflict.Vocabulary()

    def assert_policy(self, names, policy):
        for name in names:
            with self.subTest(attribute=name):
                self.assertEqual(self.vocab.policy(name), policy)

    def test_the_users_own_fields_fixed_at_birth(self):
        self.assert_policy(["Birthdate", "date of birth", "dateOfBirth", "DOB", "Blood-Type",
                            "native_language", "Birthplace", "place_of_birth"], "immutable")

    def test_fields_of_a_fixed_person(self):
        self.assert_policy(["Family_Information.Father.Birth_Date", "Family.Sibling_1.Birthdate",
                            "Children_Status.Child_2.Birthdate", "family.mother.birthplace"],
                           "immutable")

    def test_who_the_parents_are(self):
        self.assert_policy(["Family_Information.Has_Father", "has_mother", "Family.Father.Name",
                            "Parents", "Family_Information.Mother"], "immutable")

    def test_fields_that_can_change_are_left_alone(self):
        """A birth field under a slot whose holder changes (a partner's) is not matched."""
        self.assert_policy(["Marital_Status.Birthdate", "Marital_Status.Name",
                            "Social_Relationships.Contacts.Contacts_1.Name",
                            "Career_Status.Company_Name", "Name", "Gender", "Residence",
                            "Family_Information.Sibling_Count", "Family_Information.Has_Siblings",
                            "Children_Status.Child_1.Name", "Family.Father.Occupation",
                            "Personal.Birthdate", "birthdate_of_pet"], None)

    def test_a_deployer_edits_the_file(self):
        """The vocabulary is data: another file changes what is matched, no code."""
        folder = self.tmpdir
        path = folder / "policies.json"
        path.write_text(json.dumps({"immutable_fields": ["blood_type"],
                                    "immutable_paths": ["Personal.Birthdate"]}), encoding="utf-8")
        vocab = memconflict.Vocabulary(path)
        self.assertEqual(vocab.policy("personal.birth_date"), None)
        self.assertEqual(vocab.policy("Personal.Birthdate"), "immutable")
        self.assertEqual(vocab.policy("Birthdate"), None)
        self.assertEqual(vocab.policy("Blood Type"), "immutable")
        self.assertEqual(vocab.policy("Family.Father.Blood_Type"), None)  # no fixed_people listed


@unittest.skipUnless(HAVE_MEMCONFLICT, NO_MEMCONFLICT)
class SchemaDeclaration(unittest.TestCase):
    """What each MemConflict run declares, read from the records (no replay)."""

    @classmethod
    def setUpClass(cls):
        cls.records = load_records()

    def test_schema_run_reads_no_session(self):
        """Issue 12: the headline declares the profile schema only, whatever the sessions say."""
        stripped = [{k: v for k, v in r.items() if k != "Full_Session_Chain"} for r in self.records]
        policies = memconflict.schema_policies(self.records)
        self.assertEqual(memconflict.schema_policies(stripped), policies)
        expected = {p: "immutable" for r in self.records
                    for p in memconflict.leaves(r["Fixed_Profile"])}
        expected.update({k: "many" for r in self.records for k in r["Preference_Profile"]})
        self.assertEqual(policies, expected)

    def test_answer_key_run_adds_the_static_test_fields(self):
        """Issue 12: the reference run adds exactly the probed fields the schema lacks."""
        extra = set(memconflict.answer_key_policies(self.records)) - set(
            memconflict.schema_policies(self.records))
        probed = {i["Target_Field_Path"] for r in self.records for s in r["Full_Session_Chain"]
                  for i in s["Static_Conflict_Information"] if i["Role"] in memconflict.POINTS}
        self.assertTrue(extra)
        self.assertEqual(extra, probed - set(memconflict.schema_policies(self.records)))


@unittest.skipUnless(HAVE_MEMCONFLICT, NO_MEMCONFLICT)
@unittest.skipUnless(SLOW, SLOW_SKIP)
class MemConflictEval(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.result = memconflict.run()
        cls.runs = cls.result["runs"]

    def immutable(self, name):
        """Every attribute the run declared immutable (schema or answer key, then by name)."""
        records = load_records()
        declared = {"schema": memconflict.schema_policies(records),
                    "schema_vocabulary": memconflict.schema_policies(records),
                    "answer_key": memconflict.answer_key_policies(records)}[name]
        declared = dict(declared, **self.runs[name]["declared"]["by_vocabulary"])
        return {a for a, p in declared.items() if p == "immutable"}

    def test_headline_is_the_schema_run(self):
        """Issue 12: the first figure reported reads no label; the answer key is marked."""
        self.assertEqual(self.result["headline"], "schema")
        text = memconflict.table(self.result)
        header = text.splitlines()[1].split()
        self.assertEqual(header[1], "schema")
        self.assertIn("answer key*", text)
        self.assertIn("reads the labels it is scored on", text)

    def test_a_static_conflict_holds_exactly_when_its_field_is_immutable(self):
        """Issue 12: a static conflict is a hit exactly when its field was declared immutable."""
        # The schema run has hits and misses, so this can fail either way.
        schema = self.runs["schema"]["static"]
        self.assertGreater(schema["hits"], 0)
        self.assertLess(schema["hits"], schema["total"])
        for name in ("schema", "schema_vocabulary", "answer_key"):
            immutable = self.immutable(name)
            for field, c in self.runs[name]["static_by_field"].items():
                with self.subTest(run=name, field=field):
                    self.assertEqual(c["hits"], c["total"] if field in immutable else 0)

    def test_vocabulary_closes_part_of_the_gap_and_freezes_no_changing_field(self):
        """Issue 12: the vocabulary adds static hits and keeps every dynamic field right."""
        self.assertGreater(self.runs["schema_vocabulary"]["static"]["hits"],
                           self.runs["schema"]["static"]["hits"])
        self.assertEqual(self.runs["schema_vocabulary"]["dynamic"]["pct"], 100.0)
        self.assertNotIn("Marital_Status.Birthdate",
                         self.runs["schema_vocabulary"]["declared"]["by_vocabulary"])

    def test_dynamic_fields_and_preferences(self):
        for name, _label in memconflict.RUNS:
            with self.subTest(run=name):
                self.assertEqual(self.runs[name]["dynamic"]["pct"], 100.0)
                if name != "newer_wins":
                    self.assertEqual(self.runs[name]["preferences"]["pct"], 100.0)

    def test_answer_key_reference_and_newer_wins_baseline(self):
        self.assertEqual(self.runs["answer_key"]["static"]["pct"], 100.0)
        base = self.runs["newer_wins"]
        self.assertEqual(base["static"]["pct"], 0.0)
        self.assertLess(base["preferences"]["pct"], 100.0)

    def test_no_leaks_from_other_people(self):
        for name, _label in memconflict.RUNS:
            with self.subTest(run=name):
                run = self.runs[name]
                self.assertGreater(run["leak_queries"]["total"], 0)
                # the queries find each fact in its person's own scope, so 0 leaks means isolation
                self.assertEqual(run["leak_query_found_in_own_scope"]["pct"], 100.0)
                self.assertEqual(run["leaks"], 0)

    def test_consolidating_once_at_the_end_gives_the_same_figures(self):
        self.assertEqual(memconflict.run(at_end=True)["runs"], self.runs)


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

    def test_without_an_attribute_no_preference_is_folded(self):
        """Unkeyed distinct preferences are neither near duplicates nor changed values."""
        self.assertEqual(self.result["none"]["values"]["pct"], 100.0)


if __name__ == "__main__":
    unittest.main()
