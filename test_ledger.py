"""Tests of the conflict ledger and the rules around it (DESIGN.md, "Attribute policies",
"The ledger", "Facts without an attribute: triage", "Recall"; case BR-17).

One TestCase per behaviour. Stores are in memory unless the behaviour needs a file; a file
store lives in its own temp dir, removed with its -wal and -shm files after the test. Time
moves through an injected wall clock (MemoryStore(wall_clock=...)), never by sleeping.
"""

import re
import sqlite3
import unittest
from datetime import datetime, timezone

from consolidate import consolidate, default_contradicts, plan
from gates import Candidate, GuardGate, remember
from memory import ALL, InvalidMemory
from test_support import TempStoreCase, new_store, sqlite_only, store_at

U = "u1"
DAY = 86400.0
START = datetime(2024, 3, 5, 12, 0, tzinfo=timezone.utc).timestamp()  # notes say 2024-03-05


class Clock:
    """An injectable wall clock (seconds since the epoch) that only moves when told to."""

    def __init__(self, start=START):
        self.t = start

    def __call__(self):
        return self.t

    def advance(self, days):
        self.t += days * DAY


class LedgerCase(TempStoreCase):
    """Helpers shared by the ledger tests (temp_path: a path in the test's temporary folder)."""

    def store(self, path=":memory:", **kwargs):
        return self.store_at(path, **kwargs)

    @staticmethod
    def snapshot(store, user=U):
        """Everything a decision could touch: every memory, resolution and ledger entry."""
        return (tuple(store.memories(user, ALL)), tuple(store.resolutions(user)),
                tuple(store.conflicts(user, state=None, kinds=None)))

    @staticmethod
    def status(store, *memories):
        return [store.get(m.id).status for m in memories]

    @staticmethod
    def decisions(report):
        return [(r.kept, r.retired, r.rule) for r in report.resolutions]

    def entry_between(self, store, a, b, *, state=None, kinds=None, user=U):
        found = [c for c in store.conflicts(user, state=state, kinds=kinds) if {c.a, c.b} == {a.id, b.id}]
        self.assertEqual(len(found), 1, f"expected one ledger entry between {a.id} and {b.id}; got {found}")
        return found[0]

    def immutable_triple(self, store, sources=("user", "user")):
        """Three birthdates under `immutable`: entries (A, B) and (A, C) open, all current."""
        store.declare("birthdate", "immutable")
        a = store.add("Born 1990-05-01.", user=U, attribute="birthdate", source=sources[0])
        b = store.add("Born 1991-05-02.", user=U, attribute="birthdate", source=sources[1])
        consolidate(store, U)
        c = store.add("Born 1992-01-01.", user=U, attribute="birthdate")
        consolidate(store, U)
        return a, b, c


# --- BR-17 ----------------------------------------------------------------------------------

class BR17ConflictsAddressedByStableId(LedgerCase):
    """BR-17: resolving by list position once deleted an unselected memory (memanto#1728)."""

    def setUp(self):
        self.s = self.store()
        self.like = self.s.add("I like hiking.", user=U)
        self.hate = self.s.add("I hate hiking.", user=U)
        self.daily = self.s.add("I drink tea daily.", user=U)
        self.never = self.s.add("I never drink tea.", user=U)
        self.bystander = self.s.add("I live in Oslo.", user=U)

    def test_BR17_conflicts_addressed_by_stable_id(self):
        """BR-17: conflicts addressed by stable id. The public case: Resolving a conflict by list
        position deletes a memory the user never selected."""
        s = self.s
        # The default contradiction test covers both pairs, and neither crosses over.
        self.assertTrue(default_contradicts(self.like.text, self.hate.text))
        self.assertTrue(default_contradicts(self.daily.text, self.never.text))
        self.assertFalse(default_contradicts(self.like.text, self.never.text))
        self.assertFalse(default_contradicts(self.hate.text, self.daily.text))

        report = consolidate(s, U)
        self.assertEqual(report.resolutions, [])
        l1 = self.entry_between(s, self.like, self.hate, state="open")
        l2 = self.entry_between(s, self.daily, self.never, state="open")
        self.assertEqual([c.id for c in s.conflicts(U)], sorted([l1.id, l2.id]))
        self.assertNotEqual(l1.id, l2.id)

        # Step 2: resolve L1 by its id.
        out = s.resolve(l1.id, keep=self.like.id)
        self.assertEqual([(r.kept, r.retired, r.rule, r.run) for r in out],
                         [(self.like.id, self.hate.id, "settled by user", None)])
        l1_rows = (s.get(self.like.id), s.get(self.hate.id))
        l1_entry = s.conflict(l1.id)
        l1_history = (s.history(self.like.id), s.history(self.hate.id))
        self.assertEqual(l1_entry.state, "resolved")
        self.assertEqual(l1_entry.resolution, f"settled by user: kept {self.like.id}")

        # Step 3: list the open conflicts, resolve L2 with the id the list gives.
        listed = s.conflicts(U)
        self.assertEqual([c.id for c in listed], [l2.id])
        self.assertEqual({listed[0].a, listed[0].b}, {self.daily.id, self.never.id})
        out = s.resolve(listed[0].id, keep=self.never.id)
        self.assertEqual([(r.kept, r.retired, r.rule) for r in out],
                         [(self.never.id, self.daily.id, "settled by user")])

        # L2's loser is the one affected; L1's rows and entry are untouched.
        self.assertEqual(self.status(s, self.like, self.hate, self.daily, self.never, self.bystander),
                         ["current", "retired", "retired", "current", "current"])
        self.assertEqual((s.get(self.like.id), s.get(self.hate.id)), l1_rows)
        self.assertEqual(s.conflict(l1.id), l1_entry)
        self.assertEqual((s.history(self.like.id), s.history(self.hate.id)), l1_history)
        self.assertEqual([(r.kept, r.retired, r.rule) for r in s.resolutions(U)],
                         [(self.like.id, self.hate.id, "settled by user"),
                          (self.never.id, self.daily.id, "settled by user")])
        self.assertEqual(s.conflicts(U), [])
        self.assertEqual(s.conflict(l2.id).resolution, f"settled by user: kept {self.never.id}")

        # Resolving an already-resolved entry is a clear error and touches nothing.
        before = self.snapshot(s)
        for entry, keep in ((l1, self.like), (l1, self.hate), (l2, self.never), (l2, self.daily)):
            with self.subTest(entry=entry.id, keep=keep.text):
                with self.assertRaisesRegex(InvalidMemory, rf"^conflict_id: .*resolved.*got {entry.id}$"):
                    s.resolve(entry.id, keep=keep.id)
                self.assertEqual(self.snapshot(s), before)
        # And the next run finds nothing to do.
        report = consolidate(s, U)
        self.assertEqual((report.resolutions, report.conflicts), ([], []))

    def test_resolving_in_the_other_order_gives_the_same_rows(self):
        s = self.s
        consolidate(s, U)
        l2 = self.entry_between(s, self.daily, self.never, state="open")
        s.resolve(l2.id, keep=self.never.id)
        [l1] = s.conflicts(U)
        self.assertEqual({l1.a, l1.b}, {self.like.id, self.hate.id})
        s.resolve(l1.id, keep=self.like.id)
        self.assertEqual(self.status(s, self.like, self.hate, self.daily, self.never, self.bystander),
                         ["current", "retired", "retired", "current", "current"])

    def test_resolve_misuse_is_a_clear_error_and_writes_nothing(self):
        s = self.s
        consolidate(s, U)
        l1 = self.entry_between(s, self.like, self.hate)
        before = self.snapshot(s)
        cases = [
            (l1.id, self.daily.id, rf"^keep: expected {l1.a} \| {l1.b}; got {self.daily.id}$"),
            (10_000, self.like.id, r"^conflict_id: expected the id of an existing ledger entry; got 10000$"),
            ("1", self.like.id, r"^conflict_id: expected an int ledger entry id; got '1'$"),
            (True, self.like.id, r"^conflict_id: expected an int ledger entry id; got True$"),
        ]
        for conflict_id, keep, message in cases:
            with self.subTest(conflict_id=conflict_id, keep=keep):
                with self.assertRaisesRegex(InvalidMemory, message):
                    s.resolve(conflict_id, keep=keep)
                self.assertEqual(self.snapshot(s), before)


# --- ledger entries -------------------------------------------------------------------------

class EntriesHaveStableIdsAndFields(LedgerCase):

    def test_entry_records_kind_run_reason_and_state(self):
        s = self.store(wall_clock=Clock())
        a = s.add("I like hiking.", user=U)
        b = s.add("I hate hiking.", user=U)
        report = consolidate(s, U)
        [entry] = report.conflicts
        self.assertEqual((entry.kind, entry.a, entry.b, entry.run, entry.reason, entry.state,
                          entry.resolution, entry.user, entry.co_recalls),
                         ("contradiction", a.id, b.id, report.run, "default contradiction test", "open",
                          None, U, 0))
        self.assertEqual(entry.opened_at[:10], "2024-03-05")
        self.assertIsNone(entry.closed_at)
        self.assertEqual(s.conflict(entry.id), entry)

    def test_contested_entry_from_the_gate_has_no_run(self):
        s = self.store()
        old = s.add("My home city is City-P.", user=U, attribute="home_city")
        new = remember(Candidate("Home city: City-Q.", user=U, attribute="home_city", source="tool",
                                 origin="web:x.example"), GuardGate(), s).memory
        [entry] = s.conflicts(U)
        self.assertEqual((entry.kind, entry.a, entry.b, entry.run, entry.state),
                         ("contested", old.id, new.id, None, "open"))
        self.assertRegex(entry.reason, rf"tool content conflicts with trusted memory {old.id}")
        self.assertNotRegex(entry.reason, r"x\.example")  # an entry outlives a forgotten side: no origin

    def test_ids_stay_put_and_are_never_reused(self):
        s = self.store()
        rows = [s.add(t, user=U) for t in ("I like hiking.", "I hate hiking.",
                                           "I drink tea daily.", "I never drink tea.")]
        consolidate(s, U)
        first = {c.id: c for c in s.conflicts(U)}
        self.assertEqual(len(first), 2)
        hiking = self.entry_between(s, rows[0], rows[1])
        s.resolve(hiking.id, keep=rows[0].id)
        s.add("I like jazz.", user=U)
        s.add("I don't like jazz.", user=U)
        consolidate(s, U)
        for entry_id, entry in first.items():
            with self.subTest(entry=entry_id):
                now = s.conflict(entry_id)
                self.assertEqual((now.id, now.kind, now.a, now.b, now.run, now.reason),
                                 (entry.id, entry.kind, entry.a, entry.b, entry.run, entry.reason))
        newest = max(c.id for c in s.conflicts(U, state=None))
        self.assertGreater(newest, max(first))
        s.purge(U)
        self.assertIsNone(s.conflict(newest))
        s.add("I like chess.", user=U)
        s.add("I hate chess.", user=U)
        [again] = consolidate(s, U).conflicts
        self.assertGreater(again.id, newest)


class EntryClosesWhenASideGoes(LedgerCase):
    """An entry resolves itself when a side is retired or forgotten; the other is re-folded."""

    def test_guardgate_supersede_closes_the_entry_and_the_other_side_refolds(self):
        s = self.store()
        old = s.add("My home city is City-P.", user=U, attribute="home_city")
        contested = remember(Candidate("Home city: City-Q.", user=U, attribute="home_city",
                                       source="tool", origin="web:x.example"), GuardGate(), s).memory
        [entry] = s.conflicts(U)
        self.assertEqual(consolidate(s, U).resolutions, [])  # frozen while the entry is open
        said = remember(Candidate("My home city is City-R.", user=U, attribute="home_city"), GuardGate(), s)
        # The user's word replaces the old value and answers the contested newcomer at once.
        self.assertEqual(said.decision.supersedes, (old.id, contested.id))
        closed = s.conflict(entry.id)
        self.assertEqual(closed.state, "resolved")
        self.assertRegex(closed.resolution, rf"^memory {old.id} retired \(")
        self.assertIsNotNone(closed.closed_at)
        self.assertEqual(s.conflicts(U), [])
        self.assertEqual({(r.kept, r.retired, r.rule) for r in s.resolutions(U)},
                         {(said.memory.id, old.id, "newer statement"),
                          (said.memory.id, contested.id, "user statement over inference")})
        self.assertEqual(consolidate(s, U).resolutions, [])
        self.assertEqual([m.id for m in s.current(U)], [said.memory.id])

    def test_resolve_closes_every_entry_of_the_retired_side_and_the_rest_refolds(self):
        s = self.store()
        a, b, c = self.immutable_triple(s)
        ab = self.entry_between(s, a, b, state="open")
        ac = self.entry_between(s, a, c, state="open")
        s.resolve(ab.id, keep=b.id)
        self.assertEqual(s.conflict(ab.id).resolution, f"settled by user: kept {b.id}")
        self.assertEqual(s.conflict(ac.id).state, "resolved")
        self.assertEqual(s.conflict(ac.id).resolution, f"memory {a.id} retired (settled by user)")
        report = consolidate(s, U)  # nothing new was written: only the re-fold can decide this
        self.assertEqual([(o.kind, o.a, o.b) for o in report.conflicts], [("contradiction", b.id, c.id)])
        self.assertEqual(report.resolutions, [])

    def test_forget_closes_the_entries_and_the_other_sides_refold(self):
        s = self.store()
        a, b, c = self.immutable_triple(s)
        ab, ac = self.entry_between(s, a, b), self.entry_between(s, a, c)
        self.assertEqual(s.forget(a.id), [a.id])
        for entry in (ab, ac):
            with self.subTest(entry=entry.id):
                now = s.conflict(entry.id)
                self.assertEqual((now.state, now.resolution), ("resolved", "memory forget"))
        self.assertEqual(s.conflicts(U), [])
        report = consolidate(s, U)
        self.assertEqual([(o.kind, o.a, o.b) for o in report.conflicts], [("contradiction", b.id, c.id)])

    def test_forget_lets_a_frozen_unattributed_row_fold(self):
        """A side held by a contradiction still folds into its own restatement (issue 12, "frozen
        rows keep duplicates"): the entry follows the survivor, and forgetting the other side
        closes it. (Word order now counts: "Hiking, I like!" is no longer a near duplicate.)"""
        s = self.store()
        inferred = s.add("I like hiking.", user=U, source="tool", origin="crm")
        hate = s.add("I hate hiking.", user=U)
        consolidate(s, U)
        restated = s.add("I really like hiking!", user=U)  # near duplicate of the held inferred row
        report = consolidate(s, U)
        self.assertEqual([(r.kept, r.retired, r.rule) for r in report.resolutions],
                         [(restated.id, inferred.id, "near duplicate")])
        self.assertEqual([(c.a, c.b) for c in s.conflicts(U)], [(restated.id, hate.id)])
        s.forget(hate.id)
        self.assertEqual(s.conflicts(U), [])
        self.assertEqual(consolidate(s, U).resolutions, [])
        self.assertEqual([m.id for m in s.current(U)], [restated.id])


class LaterUserStatementSettles(LedgerCase):
    """A later user statement in the same attributed group settles the entry; then it folds."""

    def test_restating_one_side_of_an_immutable_contradiction_settles_it(self):
        for side in ("earlier", "later"):
            with self.subTest(restates=side):
                s = self.store()
                s.declare("birthdate", "immutable")
                a = s.add("Born 1990-05-01.", user=U, attribute="birthdate")
                b = s.add("Born 1991-05-02.", user=U, attribute="birthdate")
                [entry] = consolidate(s, U).conflicts
                chosen = a if side == "earlier" else b
                settler = s.add(chosen.text.lower().rstrip("."), user=U, attribute="birthdate")
                report = consolidate(s, U)
                self.assertIn((entry.id, f"settled by memory {settler.id}"), report.closed)
                now = s.conflict(entry.id)
                self.assertEqual((now.state, now.resolution), ("resolved", f"settled by memory {settler.id}"))
                self.assertEqual(report.conflicts, [])
                [current] = s.current(U)
                self.assertEqual(current.norm, chosen.norm)
                self.assertEqual(s.conflicts(U), [])

    def test_user_statement_settles_a_contested_entry_and_the_group_folds(self):
        s = self.store()
        old = s.add("My home city is City-P.", user=U, attribute="home_city")
        contested = remember(Candidate("Home city: City-Q.", user=U, attribute="home_city",
                                       source="tool", origin="web:x.example"), GuardGate(), s).memory
        [entry] = s.conflicts(U)
        settler = s.add("My home city is City-R.", user=U, attribute="home_city")
        report = consolidate(s, U)
        self.assertEqual(report.closed, [(entry.id, f"settled by memory {settler.id}")])
        self.assertEqual(self.status(s, old, contested, settler), ["retired", "retired", "current"])
        self.assertEqual(s.conflicts(U), [])

    def test_a_third_immutable_value_opens_another_contradiction(self):
        # Documented choice (consolidate._Run.settle): under `immutable` a settling statement
        # must restate one side's value or outrank both sides; a third value from an equal is
        # another contradiction, not a choice.
        s = self.store()
        s.declare("birthdate", "immutable")
        a = s.add("Born 1990-05-01.", user=U, attribute="birthdate")
        b = s.add("Born 1991-05-02.", user=U, attribute="birthdate")
        [entry] = consolidate(s, U).conflicts
        third = s.add("Born 1992-01-01.", user=U, attribute="birthdate")
        report = consolidate(s, U)
        self.assertEqual(report.resolutions, [])
        self.assertEqual(report.closed, [])
        self.assertEqual(s.conflict(entry.id).state, "open")
        self.assertEqual(self.status(s, a, b, third), ["current"] * 3)
        opened = [c for c in s.conflicts(U) if third.id in (c.a, c.b)]
        self.assertEqual([c.kind for c in opened], ["contradiction"],
                         "the third value must be on the ledger, not a silent third current value")

    def test_user_statement_outranking_two_inferences_settles_them(self):
        # An inference never outweighs the user: the user's own value settles a contradiction
        # between two inferred values, and wins by rank.
        s = self.store()
        s.declare("birthdate", "immutable")
        a = s.add("Born 1990-05-01.", user=U, attribute="birthdate", source="tool", origin="crm")
        b = s.add("Born 1991-05-02.", user=U, attribute="birthdate", source="tool", origin="crm")
        [entry] = consolidate(s, U).conflicts
        third = s.add("Born 1992-01-01.", user=U, attribute="birthdate")
        report = consolidate(s, U)
        self.assertEqual(report.closed, [(entry.id, f"settled by memory {third.id}")])
        self.assertEqual(self.status(s, a, b, third), ["retired", "retired", "current"])
        self.assertIn("user statement over inference", {r.rule for r in report.resolutions})
        self.assertEqual(s.conflicts(U), [])

    def test_one_run_and_incremental_runs_settle_alike(self):
        # Settlement is judged on the server clock, so where the runs fall changes nothing.
        cases = {
            "user restates the later value": [("Born 1990-05-01.", {}), ("Born 1991-05-02.", {}),
                                              ("born 1991-05-02", {})],
            "user outranks two inferences": [("Born 1990-05-01.", dict(source="tool", origin="crm")),
                                             ("Born 1991-05-02.", dict(source="tool", origin="crm")),
                                             ("Born 1992-01-01.", dict(trust="unverified"))],
            "third value from an equal": [("Born 1990-05-01.", {}), ("Born 1991-05-02.", {}),
                                          ("Born 1992-01-01.", {})],
        }
        for label, writes in cases.items():
            with self.subTest(label):
                outcomes = []
                for every_write in (False, True):
                    s = self.store()
                    s.declare("birthdate", "immutable")
                    for text, extra in writes:
                        s.add(text, user=U, attribute="birthdate", **extra)
                        if every_write:
                            consolidate(s, U)
                    consolidate(s, U)
                    outcomes.append(([m.norm for m in s.current(U)],
                                     sorted((s.get(c.a).norm, s.get(c.b).norm) for c in s.conflicts(U))))
                self.assertEqual(outcomes[0], outcomes[1])
                if label == "third value from an equal":
                    self.assertEqual(len(outcomes[0][0]), 3)  # nothing settled: all on the ledger
                    self.assertEqual(len(outcomes[0][1]), 2)
                else:
                    self.assertEqual(len(outcomes[0][0]), 1)
                    self.assertEqual(outcomes[0][1], [])

    def test_statements_that_do_not_settle(self):
        cases = [  # (label, add() overrides for the restatement)
            ("inference", dict(source="tool", origin="crm")),
            ("import", dict(source="import", origin="email:me@example.com")),
        ]
        for label, extra in cases:
            with self.subTest(restatement=label):
                s = self.store()
                s.declare("birthdate", "immutable")
                s.add("Born 1990-05-01.", user=U, attribute="birthdate")
                b = s.add("Born 1991-05-02.", user=U, attribute="birthdate")
                [entry] = consolidate(s, U).conflicts
                s.add(b.text, user=U, attribute="birthdate", **extra)
                report = consolidate(s, U)
                self.assertEqual(report.closed, [])
                self.assertEqual(s.conflict(entry.id).state, "open")


class ZombiedEntries(LedgerCase):

    def setUp(self):
        self.clock = Clock()
        self.s = self.store(wall_clock=self.clock)
        rows = [self.s.add(t, user=U) for t in ("I like hiking.", "I hate hiking.",
                                                "I drink tea daily.", "I never drink tea.")]
        consolidate(self.s, U)
        self.hiking = self.entry_between(self.s, rows[0], rows[1])
        self.tea = self.entry_between(self.s, rows[2], rows[3])
        self.s.recall("hiking", user=U)  # both hiking sides returned together once

    def test_zombied_after_the_age_only_when_never_recalled_together(self):
        s = self.s
        self.clock.advance(4)
        self.assertEqual(consolidate(s, U, zombie_after_days=5).closed, [])
        self.assertEqual(s.conflict(self.tea.id).state, "open")
        self.clock.advance(2)
        report = consolidate(s, U, zombie_after_days=5)
        self.assertEqual(report.closed, [(self.tea.id, "zombied")])
        tea = s.conflict(self.tea.id)
        self.assertEqual(tea.state, "zombied")
        self.assertRegex(tea.resolution, r"^open over 5 days and never recalled together$")
        self.assertEqual(s.conflict(self.hiking.id).state, "open")  # co-recalled: stays open
        self.assertEqual([c.id for c in s.conflicts(U)], [self.hiking.id])

    def test_default_age_and_none(self):
        self.clock.advance(30)
        self.assertEqual(consolidate(self.s, U).closed, [])  # default: 90 days
        self.clock.advance(365)
        self.assertEqual(consolidate(self.s, U, zombie_after_days=None).closed, [])
        self.assertEqual(consolidate(self.s, U).closed, [(self.tea.id, "zombied")])


class RecallCountsCoRecalls(LedgerCase):

    def test_co_recalls_counted_only_when_both_sides_return(self):
        s = self.store()
        rows = [s.add(t, user=U) for t in ("I like hiking.", "I hate hiking.",
                                           "I drink tea daily.", "I never drink tea.")]
        s.add("I like hiking.", user="u2")
        s.add("I hate hiking.", user="u2")
        consolidate(s, ALL)
        hiking = self.entry_between(s, rows[0], rows[1])
        tea = self.entry_between(s, rows[2], rows[3])
        [other] = s.conflicts("u2")
        steps = [  # (recall args, expected co_recalls of hiking, tea)
            (("hiking", U, 5), (1, 0)),
            (("hiking", U, 5), (2, 0)),
            (("hiking", U, 1), (2, 0)),   # only one side returned
            (("tea", U, 5), (2, 1)),
            (("chess", U, 5), (2, 1)),    # nothing returned
            (("hiking", "u2", 5), (2, 1)),  # another user's recall counts on their own entry
        ]
        for (query, user, k), expected in steps:
            with self.subTest(query=query, user=user, k=k):
                s.recall(query, user=user, k=k)
                self.assertEqual((s.conflict(hiking.id).co_recalls, s.conflict(tea.id).co_recalls), expected)
        self.assertEqual(s.conflict(other.id).co_recalls, 1)


class OpenConflictsListing(LedgerCase):

    def test_lists_only_open_contradiction_and_contested_entries(self):
        clock = Clock()
        s = self.store(wall_clock=clock)
        # zombied: opened first, aged past the limit without a co-recall
        z1, z2 = s.add("I smoke.", user=U), s.add("I never smoke.", user=U)
        consolidate(s, U)
        clock.advance(10)
        # resolved
        r1, r2 = s.add("I like hiking.", user=U), s.add("I hate hiking.", user=U)
        # open contradiction
        o1, o2 = s.add("I drink tea daily.", user=U), s.add("I never drink tea.", user=U)
        # cross-scope duplicate (bookkeeping)
        x1, x2 = s.add("I play chess.", user=U), s.add("I play chess.", user=U, task="t1")
        consolidate(s, U, zombie_after_days=5)
        s.resolve(self.entry_between(s, r1, r2).id, keep=r1.id)
        # open contested
        home = s.add("My home city is City-P.", user=U, attribute="home_city")
        remember(Candidate("Home city: City-Q.", user=U, attribute="home_city", source="tool",
                           origin="web:x.example"), GuardGate(), s)
        # another user's open contradiction
        s.add("I like jazz.", user="u2")
        s.add("I don't like jazz.", user="u2")
        consolidate(s, "u2")

        listed = s.conflicts(U)
        self.assertEqual([(c.kind, c.state) for c in listed], [("contradiction", "open"), ("contested", "open")])
        self.assertEqual({listed[0].a, listed[0].b}, {o1.id, o2.id})
        self.assertEqual(listed[1].a, home.id)
        everything = {c.kind + "/" + c.state for c in s.conflicts(U, state=None, kinds=None)}
        self.assertEqual(everything, {"contradiction/zombied", "contradiction/resolved", "contradiction/open",
                                      "cross-scope duplicate/open", "contested/open"})
        self.assertEqual(self.entry_between(s, z1, z2, kinds=None).state, "zombied")
        self.assertEqual(self.entry_between(s, x1, x2, kinds=None).kind, "cross-scope duplicate")
        self.assertEqual([c.user for c in s.conflicts("u2")], ["u2"])


# --- facts without an attribute ---------------------------------------------------------------

class NearDuplicates(LedgerCase):

    VIM, VIM2 = "Vim is my favourite editor.", "My favourite editor is Vim"
    RANKED = [  # (label, older add() overrides, newer add() overrides, index of the one kept)
        ("same rank: the older stays", {}, {}, 0),
        ("older inferred, newer user: the user statement stays", dict(source="tool", origin="crm"), {}, 1),
        ("older user, newer inferred: the user statement stays", {}, dict(source="tool", origin="crm"), 0),
        ("older import, newer live: the live one stays", dict(source="import", origin="csv"), {}, 1),
    ]

    def ranked_pair(self, first, second, kept):
        """Store the two phrasings with the given provenance, run once: (store, report, winner, loser)."""
        s = self.store()
        rows = [s.add(self.VIM, user=U, **first), s.add(self.VIM2, user=U, **second)]
        return s, consolidate(s, U), rows[kept], rows[1 - kept]

    def test_near_duplicate_keeps_the_higher_rank_then_the_older(self):
        for label, first, second, kept in self.RANKED:
            with self.subTest(label):
                s, report, winner, loser = self.ranked_pair(first, second, kept)
                self.assertEqual([(r.kept, r.retired) for r in report.resolutions], [(winner.id, loser.id)])
                self.assertEqual([m.id for m in s.current(U)], [winner.id])
                self.assertEqual(s.get(winner.id).text, winner.text)  # never rewritten or merged
                self.assertEqual(s.get(loser.id).text, loser.text)
                self.assertEqual(report.conflicts, [])

    def test_near_duplicate_is_retired_under_the_rule_near_duplicate(self):
        # DESIGN.md, triage: a near duplicate is "retired as `near duplicate`, keeping the
        # higher rank, then the older", whichever of the two ranks higher.
        for label, first, second, kept in self.RANKED:
            with self.subTest(label):
                _, report, _, _ = self.ranked_pair(first, second, kept)
                self.assertEqual([r.rule for r in report.resolutions], ["near duplicate"])

    def test_not_near_duplicates(self):
        cases = [
            ("I code in C++.", "I code in C."),
            ("codes in C++", "codes in C"),
            ("I have 2 cats.", "I have 3 cats."),
            ("Python 3.11 is installed.", "Python 3.12 is installed."),
            ("Vim is my favourite editor.", "Emacs is my favourite editor."),
            ("I like tea.", "I don't like tea."),  # different negations: a contradiction instead
        ]
        for first, second in cases:
            with self.subTest(first=first, second=second):
                s = self.store()
                a, b = s.add(first, user=U), s.add(second, user=U)
                report = consolidate(s, U)
                self.assertEqual(report.resolutions, [])
                self.assertEqual([m.id for m in s.current(U)], [a.id, b.id])

    def test_near_duplicates_in_different_scopes_both_stay(self):
        s = self.store()
        a = s.add("Vim is my favourite editor.", user=U)
        b = s.add("My favourite editor is Vim", user=U, task="t1")
        self.assertEqual(consolidate(s, U).resolutions, [])
        self.assertEqual(self.status(s, a, b), ["current", "current"])


class CrossScopeDuplicates(LedgerCase):

    def test_bookkeeping_only_both_current_recall_shows_one(self):
        s = self.store()
        user_level = s.add("I like green tea.", user=U)
        in_task = s.add("I like green tea.", user=U, task="t1")
        report = consolidate(s, U)
        self.assertEqual(report.resolutions, [])
        [entry] = report.conflicts
        self.assertEqual((entry.kind, entry.a, entry.b, entry.state),
                         ("cross-scope duplicate", user_level.id, in_task.id, "open"))
        self.assertEqual([m.id for m in s.current(U, "t1")], [user_level.id, in_task.id])
        self.assertEqual([m.id for m in s.current(U, ALL)], [user_level.id, in_task.id])
        found = s.recall("green tea", user=U, task="t1")
        self.assertEqual(len(found.memories), 1)
        self.assertIn(found.memories[0].id, (user_level.id, in_task.id))
        self.assertEqual(found.notes, {})
        self.assertEqual(s.conflicts(U), [])
        self.assertEqual(s.conflict(entry.id).co_recalls, 0)

    def test_never_affects_the_fold(self):
        # The same history with and without a task-level copy must fold the user level alike.
        scenarios = [
            ("attributed", [("I am vegan.", dict(attribute="diet"))],
             ("I am vegetarian.", dict(attribute="diet"))),
            ("unattributed", [("Vim is my favourite editor.", dict(source="tool", origin="crm"))],
             ("My favourite editor is Vim", {})),
        ]
        for label, first, later in scenarios:
            with self.subTest(label):
                outcomes = []
                for task_copy in (True, False):
                    s = self.store()
                    for text, extra in first:
                        s.add(text, user=U, **extra)
                    copy_text = first[0][0] if task_copy else "I play the oboe."
                    s.add(copy_text, user=U, task="t1", **{k: v for k, v in first[0][1].items()
                                                            if k == "attribute"})
                    consolidate(s, U)
                    s.add(later[0], user=U, **later[1])
                    report = consolidate(s, U)
                    outcomes.append(([(r.kept, r.retired) for r in report.resolutions],
                                     [m.id for m in s.current(U, ALL)]))
                    if task_copy:
                        self.assertEqual(len(s.conflicts(U, state=None, kinds=("cross-scope duplicate",))), 1)
                self.assertEqual(outcomes[0], outcomes[1])
                self.assertEqual(len(outcomes[0][0]), 1, "the user-level fold must still decide")


class DefaultContradictionTest(LedgerCase):

    CASES = [  # (a, b, contradicts)
        ("I like hiking.", "I hate hiking.", True),
        ("I drink tea daily.", "I never drink tea.", True),
        ("I like tea.", "I don't like tea.", True),
        ("I eat meat.", "I do not eat meat.", True),
        ("I own a car.", "I don't own a car.", True),
        ("I love jazz.", "I dislike jazz.", True),
        ("I smoke.", "I never smoke.", True),
        ("I like tea.", "I like coffee.", False),              # no negation
        ("I don't like tea.", "I hate tea.", False),           # both negated
        ("I drink tea.", "I don't drink tea at night.", False),  # the negated side says more
        ("I like hiking.", "I don't like swimming.", False),   # different content
        ("I code in C++.", "I don't code in C.", False),       # C++ is not C
        ("I have 2 cats.", "I don't have 3 cats.", False),     # different numbers
        ("I like tea.", "I like tea.", False),                 # the same statement
        ("I never drink tea.", "I never drink tea.", False),
        ("Not really.", "I like tea.", False),                 # a bare negation has no content
        ("I like hiking.", "I never drink tea.", False),
    ]

    def test_default_contradicts_table(self):
        for a, b, expected in self.CASES:
            with self.subTest(a=a, b=b):
                self.assertIs(default_contradicts(a, b), expected)
                self.assertIs(default_contradicts(b, a), expected)

    def test_consolidation_opens_an_entry_exactly_when_the_test_says_so(self):
        for a, b, expected in self.CASES:
            with self.subTest(a=a, b=b):
                s = self.store()
                first, second = s.add(a, user=U), s.add(b, user=U)
                report = consolidate(s, U)
                opened = [(c.kind, c.a, c.b, c.reason) for c in report.conflicts]
                self.assertEqual(opened, [("contradiction", first.id, second.id, "default contradiction test")]
                                 if expected else [])
                if expected:
                    self.assertEqual(report.resolutions, [])


class InjectedContradicts(LedgerCase):

    def test_injected_judge_replaces_the_default_and_only_classifies(self):
        s = self.store()
        morning = s.add("I am a morning person.", user=U)
        owl = s.add("I am a night owl.", user=U)
        like = s.add("I like hiking.", user=U)
        hate = s.add("I hate hiking.", user=U)
        calls = []

        def judge(a, b):
            calls.append((a, b))
            return {a, b} == {morning.text, owl.text}

        before = [s.get(m.id) for m in (morning, owl, like, hate)]
        report = consolidate(s, U, contradicts=judge)
        self.assertEqual([(c.kind, c.a, c.b, c.reason) for c in report.conflicts],
                         [("contradiction", morning.id, owl.id, "injected contradicts()")])
        self.assertEqual(report.resolutions, [])  # it classified; it picked no winner
        self.assertEqual([s.get(m.id) for m in before], before)  # texts and statuses unchanged
        self.assertIn((morning.text, owl.text), calls)
        self.assertTrue(all(isinstance(a, str) and isinstance(b, str) for a, b in calls))
        # The default would have paired like/hate; the injected judge replaced it.
        self.assertEqual(s.conflicts(U, state=None, kinds=None), [self.entry_between(s, morning, owl)])
        calls.clear()
        report = consolidate(s, U, contradicts=judge)
        self.assertEqual((calls, report.conflicts), ([], []))  # nothing new: nothing asked

    def test_bad_hook_is_rejected_before_anything_runs(self):
        s = self.store()
        s.add("I like hiking.", user=U)
        for name in ("contradicts", "attribute_of"):
            with self.subTest(hook=name):
                with self.assertRaisesRegex(InvalidMemory, rf"^{name}: expected a callable or None; got 'yes'"):
                    consolidate(s, U, **{name: "yes"})
        self.assertEqual(len(consolidate(s, U).unattributed), 1)


class InjectedAttributeOf(LedgerCase):

    def test_attribute_of_keys_unattributed_facts_so_the_fold_applies(self):
        s = self.store()
        paris = s.add("I live in Paris.", user=U)
        tea = s.add("I like tea.", user=U)
        berlin = s.add("I live in Berlin.", user=U)
        seen = []

        def attribute_of(text):
            seen.append(text)
            return "Home City" if "live in" in text else None

        report = consolidate(s, U, attribute_of=attribute_of)
        self.assertEqual(self.decisions(report), [(berlin.id, paris.id, "newer statement")])
        self.assertEqual([m.id for m in report.unattributed], [tea.id])
        self.assertEqual(sorted(seen), sorted([paris.text, tea.text, berlin.text]))
        for row, attribute in ((paris, "home city"), (berlin, "home city"), (tea, None)):
            with self.subTest(text=row.text):
                stored = s.get(row.id)
                self.assertEqual(stored.text, row.text)
                self.assertEqual(stored.norm, row.norm)
                self.assertEqual(stored.attribute, attribute)


# --- attribute policies ---------------------------------------------------------------------

class PoliciesPersisted(LedgerCase):

    def test_policies_survive_reopening_a_file_store(self):
        path = self.temp_path()
        with store_at(path) as s:
            s.declare("birthdate", "immutable")
            s.declare("Hat Style", "many")
            s.declare("diet", "one")  # the default: nothing to store
        s = self.store(path)
        self.assertEqual(s.policies(), {"birthdate": "immutable", "hat style": "many"})
        cases = [("birthdate", "immutable"), ("BIRTHDATE", "immutable"), ("hat style", "many"),
                 ("diet", "one"), ("never declared", "one")]
        for attribute, policy in cases:
            with self.subTest(attribute=attribute):
                self.assertEqual(s.policy(attribute), policy)
        a = s.add("Born 1990-05-01.", user=U, attribute="birthdate")
        b = s.add("Born 1991-05-02.", user=U, attribute="birthdate")
        report = consolidate(s, U)
        self.assertEqual(report.resolutions, [])
        self.assertEqual([(c.kind, c.a, c.b) for c in report.conflicts], [("contradiction", a.id, b.id)])


class ManyPolicy(LedgerCase):

    def test_many_folds_only_duplicates(self):
        s = self.store()
        s.declare("hat_style", "many")
        texts = ["Wears fedoras.", "Beanies are my go-to.", "Likes flat caps in winter.", "wears fedoras",
                 "Wears a cowboy hat at rodeos."]
        rows = [s.add(t, user=U, attribute="hat_style") for t in texts]
        report = consolidate(s, U)
        self.assertEqual(self.decisions(report), [(rows[0].id, rows[3].id, "duplicate")])
        self.assertEqual(report.conflicts, [])
        self.assertEqual([m.id for m in s.current(U)], [rows[i].id for i in (0, 1, 2, 4)])

    def test_memfail_style_coexisting_preferences_stay_current(self):
        s = self.store()
        prefs = {
            "cuisine": ["I love Thai food.", "Italian food is great too.", "I enjoy sushi on Fridays."],
            "music": ["I listen to jazz.", "I also like 90s hip hop."],
        }
        for attribute in prefs:
            s.declare(attribute, "many")
        rows = [s.add(t, user=U, attribute=a) for a, texts in prefs.items() for t in texts]
        report = consolidate(s, U)
        self.assertEqual((report.resolutions, report.conflicts), ([], []))
        self.assertEqual([m.id for m in s.current(U)], [m.id for m in rows])
        # A later value under `many` is added, not a replacement.
        extra = s.add("Mexican food is my weekend treat.", user=U, attribute="cuisine")
        self.assertEqual(consolidate(s, U).resolutions, [])
        self.assertIn(extra.id, [m.id for m in s.current(U)])


class ImmutablePolicy(LedgerCase):

    def setUp(self):
        self.clock = Clock()
        self.s = self.store(wall_clock=self.clock)
        self.s.declare("birthdate", "immutable")
        self.first = self.s.add("My birthday is 1 May 1990.", user=U, attribute="birthdate")
        # BM25 prefers the later value for "birthday": it says the word three times.
        self.later = self.s.add("Birthday, birthday: my birthday is 2 May 1991.", user=U, attribute="birthdate")

    def test_later_value_opens_a_contradiction_instead_of_a_retirement(self):
        s = self.s
        report = consolidate(s, U)
        self.assertEqual(report.resolutions, [])
        [entry] = report.conflicts
        self.assertEqual((entry.kind, entry.a, entry.b, entry.state),
                         ("contradiction", self.first.id, self.later.id, "open"))
        self.assertRegex(entry.reason, r"immutable.*birthdate")
        self.assertEqual(self.status(s, self.first, self.later), ["current", "current"])
        self.assertEqual(s.conflicts(U), [entry])
        self.assertEqual(consolidate(s, U).conflicts, [])  # not opened twice

    def test_same_history_under_one_retires_the_earlier(self):
        s = self.store()
        a = s.add("My birthday is 1 May 1990.", user=U, attribute="birthdate")
        b = s.add("Birthday, birthday: my birthday is 2 May 1991.", user=U, attribute="birthdate")
        self.assertEqual(self.decisions(consolidate(s, U)), [(b.id, a.id, "newer statement")])

    def test_recall_shows_the_earlier_value_first_with_notes_on_both(self):
        """Before consolidation too (issue 12: recall does not depend on whether cron has run),
        the earlier value comes first, although BM25 alone prefers the later one."""
        s = self.s
        plain = s.recall("birthday", user=U)
        self.assertEqual([m.id for m in plain.memories], [self.first.id, self.later.id])
        self.assertIn("not yet on the ledger", plain.notes[self.later.id])
        consolidate(s, U)
        self.clock.advance(40)  # the note gives the opening date, not today's
        found = s.recall("birthday", user=U)
        self.assertEqual([m.id for m in found.memories], [self.first.id, self.later.id])
        self.assertEqual(found.notes, {
            self.first.id: f"contradicts memory {self.later.id}, open since 2024-03-05",
            self.later.id: f"contradicts memory {self.first.id}, open since 2024-03-05",
        })
        self.assertEqual(found.notices, [])


class FrozenRowsNeverRetired(LedgerCase):
    """Rows on an open contradiction or contested entry are never retired by the fold."""

    def test_contested_rows_stay_while_open(self):
        for with_entry in (True, False):
            with self.subTest(with_entry=with_entry):
                s = self.store()
                old = s.add("My home city is City-P.", user=U, attribute="home_city")
                if with_entry:
                    new = remember(Candidate("Home city: City-Q.", user=U, attribute="home_city",
                                             source="tool", origin="web:x.example"), GuardGate(), s).memory
                else:  # control: the same rows with no ledger entry fold at once
                    new = s.add("Home city: City-Q.", user=U, attribute="home_city", source="tool",
                                origin="web:x.example", trust="unverified")
                report = consolidate(s, U)
                if with_entry:
                    self.assertEqual(report.resolutions, [])
                    self.assertEqual(self.status(s, old, new), ["current", "current"])
                else:
                    self.assertEqual(self.decisions(report),
                                     [(old.id, new.id, "user statement over inference")])

    def test_contradiction_side_folds_into_its_higher_ranked_restatement(self):
        """Issue 12 changed this test: a side held by a contradiction used to stay current when
        the user restated it; now the restatement is the side (near duplicate) and the entry
        follows it, with or without an entry the fold is the same."""
        for with_entry in (True, False):
            with self.subTest(with_entry=with_entry):
                s = self.store()
                inferred = s.add("I like hiking.", user=U, source="tool", origin="crm")
                hate = s.add("I hate hiking.", user=U) if with_entry else None
                consolidate(s, U)
                restated = s.add("I really like hiking!", user=U)
                report = consolidate(s, U)
                self.assertEqual([(r.kept, r.retired) for r in report.resolutions], [(restated.id, inferred.id)])
                self.assertEqual([(c.a, c.b) for c in s.conflicts(U)], [(restated.id, hate.id)] if with_entry else [])

    def test_immutable_sides_stay_when_a_lower_ranked_copy_arrives(self):
        s = self.store()
        s.declare("birthdate", "immutable")
        a = s.add("Born 1990-05-01.", user=U, attribute="birthdate")
        b = s.add("Born 1991-05-02.", user=U, attribute="birthdate")
        consolidate(s, U)
        imported = s.add("Born 1991-05-02.", user=U, attribute="birthdate", source="import", origin="csv")
        report = consolidate(s, U)
        self.assertEqual([r.retired for r in report.resolutions], [imported.id])
        self.assertEqual(self.status(s, a, b), ["current", "current"])


class RecallOrderOfNonImmutableContradictions(LedgerCase):
    """Both sides returned: the higher rank first, then the newer, whatever BM25 says."""

    def test_order_overrides_bm25(self):
        cases = [  # (label, older (text, overrides), newer (text, overrides), expected first)
            ("same rank: the newer first",
             ("I like hiking, hiking and more hiking.", {}), ("I hate hiking.", {}), "newer"),
            ("higher rank first even when older",
             ("I hate hiking.", {}), ("I like hiking, hiking and more hiking.", dict(source="tool", origin="crm")),
             "older"),
        ]
        for label, (old_text, old_extra), (new_text, new_extra), first in cases:
            with self.subTest(label):
                s = self.store()
                older = s.add(old_text, user=U, **old_extra)
                newer = s.add(new_text, user=U, **new_extra)
                expected = [newer.id, older.id] if first == "newer" else [older.id, newer.id]
                # Before cron the read-time view already orders the pair (issue 12.8), whatever
                # BM25 prefers (the "more hiking" side), and notes it as not yet on the ledger.
                plain = s.recall("hiking", user=U)
                self.assertEqual([m.id for m in plain.memories], expected)
                self.assertIn("not yet on the ledger", plain.notes[older.id])
                [entry] = consolidate(s, U).conflicts
                self.assertEqual(entry.kind, "contradiction")
                found = s.recall("hiking", user=U)
                self.assertEqual([m.id for m in found.memories], expected)
                self.assertEqual(set(found.notes), {older.id, newer.id})


class DeclareMisuse(LedgerCase):

    def test_bad_policy_names_the_field_and_the_allowed_values(self):
        s = self.store()
        s.declare("birthdate", "immutable")
        for bad in ("sometimes", "ONE", "Many", "many ", "", None, 1, ["one"]):
            with self.subTest(policy=bad):
                with self.assertRaisesRegex(InvalidMemory,
                                            r"^policy: expected one \| many \| immutable; got "
                                            + re.escape(repr(bad)) + "$"):
                    s.declare("birthdate", bad)
                self.assertEqual(s.policies(), {"birthdate": "immutable"})

    def test_bad_attribute_is_rejected(self):
        s = self.store()
        for bad in ("", "   ", None, 7):
            with self.subTest(attribute=bad):
                with self.assertRaisesRegex(InvalidMemory, r"^attribute: expected "):
                    s.declare(bad, "many")
        self.assertEqual(s.policies(), {})

    def test_invalid_memory_is_a_value_error(self):
        with self.assertRaises(ValueError):
            self.store().declare("diet", "often")


class PolicyChangeRefolds(LedgerCase):

    def test_many_to_one_refolds_on_the_next_run(self):
        s = self.store()
        s.declare("hat_style", "many")
        rows = [s.add(t, user=U, attribute="hat_style") for t in
                ("Wears fedoras.", "Beanies are my go-to.", "Likes flat caps.")]
        s.add("I am vegan.", user=U, attribute="diet")
        self.assertEqual(consolidate(s, U).resolutions, [])
        self.assertEqual(consolidate(s, U).resolutions, [])  # settled: nothing new
        s.declare("hat_style", "one")
        report = consolidate(s, U)
        self.assertEqual(self.decisions(report), [(rows[1].id, rows[0].id, "newer statement"),
                                                  (rows[2].id, rows[1].id, "newer statement")])
        self.assertEqual([m.text for m in s.current(U)], ["Likes flat caps.", "I am vegan."])
        self.assertEqual(consolidate(s, U).resolutions, [])

    def test_one_to_immutable_applies_to_later_values(self):
        s = self.store()
        a = s.add("Born 1990-05-01.", user=U, attribute="birthdate")
        consolidate(s, U)
        s.declare("birthdate", "immutable")
        b = s.add("Born 1991-05-02.", user=U, attribute="birthdate")
        report = consolidate(s, U)
        self.assertEqual(report.resolutions, [])
        self.assertEqual([(c.a, c.b) for c in report.conflicts], [(a.id, b.id)])


class PlanIsADryRun(LedgerCase):

    @sqlite_only("PRAGMA data_version")
    def test_plan_returns_the_decisions_of_consolidate_and_writes_nothing(self):
        path = self.temp_path()
        s = self.store(path)
        s.declare("birthdate", "immutable")
        s.add("Born 1990-05-01.", user=U, attribute="birthdate")
        b = s.add("Born 1991-05-02.", user=U, attribute="birthdate")
        s.add("I like hiking.", user=U)
        s.add("I hate hiking.", user=U)
        consolidate(s, U)
        # Every kind of decision: a settlement, newer statement, duplicate, near duplicate,
        # a new contradiction, a cross-scope duplicate and a fold made possible by attribute_of.
        s.add(b.text, user=U, attribute="birthdate")
        for text in ("I am vegan.", "I am vegetarian.", "I am vegetarian"):
            s.add(text, user=U, attribute="diet")
        for text in ("Vim is my favourite editor.", "My favourite editor is Vim",
                     "I drink tea daily.", "I never drink tea.", "I live in Paris.", "I live in Berlin."):
            s.add(text, user=U)
        s.add("I drink tea daily.", user=U, task="t1")

        def attribute_of(text):
            return "home_city" if "live in" in text else None

        raw = sqlite3.connect(path)
        self.addCleanup(raw.close)
        version = raw.execute("PRAGMA data_version").fetchone()[0]
        before = self.snapshot(s)
        planned = plan(s, U, attribute_of=attribute_of)
        self.assertEqual(raw.execute("PRAGMA data_version").fetchone()[0], version, "plan committed a write")
        self.assertEqual(self.snapshot(s), before)
        self.assertTrue(all(m.attribute is None for m in s.memories(U) if "live in" in m.text))
        again = plan(s, U, attribute_of=attribute_of)
        self.assertEqual((list(again), again.conflicts, again.closed), (list(planned), planned.conflicts,
                                                                       planned.closed))

        report = consolidate(s, U, attribute_of=attribute_of)
        self.assertEqual([(p.kept, p.retired, p.rule) for p in planned], self.decisions(report))
        self.assertEqual([(o.kind, o.a, o.b, o.reason) for o in planned.conflicts],
                         [(c.kind, c.a, c.b, c.reason) for c in report.conflicts])
        self.assertEqual(planned.closed, report.closed)
        self.assertEqual([m.id for m in planned.unattributed], [m.id for m in report.unattributed])
        rules = {p.rule for p in planned}
        self.assertTrue({"newer statement", "duplicate", "near duplicate"} <= rules, rules)
        self.assertEqual({o.kind for o in planned.conflicts}, {"contradiction", "cross-scope duplicate"})
        self.assertEqual(len(planned.closed), 1)
        self.assertNotEqual(raw.execute("PRAGMA data_version").fetchone()[0], version)
        # After the run, a plan finds nothing left to do.
        after = plan(s, U, attribute_of=attribute_of)
        self.assertEqual((list(after), after.conflicts, after.closed), ([], [], []))



class RestatedSideSettlesWithoutAttribute(unittest.TestCase):
    """New-user trial: "Take 10mg ...", "Take 5mg ...", "Take 10mg ..." (user, no attribute)
    recalled 5mg first ("memory 2 is newer"), and consolidation kept the changed-value entry
    open and retired the restatement as a copy of 1. README, "The ledger": a side settled by
    a later user statement closes the entry. The user's latest word wins, before and after a
    run, whenever the runs come."""

    CASES = [
        (("Take 10mg of aspirin every morning.", "Take 5mg of aspirin every morning."), "aspirin"),
        (("I like cilantro.", "I don't like cilantro."), "cilantro"),
        (("I have a cat.", "I had a cat."), "cat"),
    ]

    def history(self, texts, order, every, **restatement):
        s = new_store()
        self.addCleanup(s.close)
        for i, t in enumerate(order):
            s.add(texts[t], user=U, **(restatement if i == len(order) - 1 else {}))
            if every:
                consolidate(s, U)
        return s

    def test_the_user_restating_a_side_settles_it(self):
        for texts, query in self.CASES:
            # Known limit, left out: a side restated again after it was settled away (0, 1, 0, 1)
            # is a new changed value when runs came between, a settlement when one run sees all.
            for order, winner in (((0, 1, 0), 0), ((0, 1, 1), 1), ((1, 0, 1), 1), ((0, 1, 0, 0), 0)):
                answers, states = [], []
                for every in (False, True):
                    with self.subTest(texts=texts, order=order, every=every):
                        s = self.history(texts, order, every)
                        before = s.recall(query, user=U)
                        answers.append(([m.text for m in before.memories], before.notes))
                        consolidate(s, U)
                        after = s.recall(query, user=U)
                        answers.append(([m.text for m in after.memories], after.notes))
                        states.append(([m.text for m in s.current(U)], s.conflicts(U, kinds=None)))
                with self.subTest(texts=texts, order=order):
                    self.assertEqual(answers, [([texts[winner]], {})] * 4)
                    self.assertEqual(states, [([texts[winner]], [])] * 2)

    def test_the_settled_entry_closes_as_settled(self):
        s = self.history(self.CASES[0][0], (0, 1), True)
        [entry] = s.conflicts(U, kinds=None)
        s.add(self.CASES[0][0][0], user=U)
        report = consolidate(s, U)
        self.assertEqual(report.closed, [(entry.id, "settled by memory 3")])
        self.assertEqual({(r.kept, r.retired, r.rule) for r in report.resolutions},
                         {(1, 3, "duplicate"), (1, 2, "newer statement")})

    def test_a_tool_restatement_settles_nothing(self):
        for texts, query in self.CASES:
            with self.subTest(texts=texts):
                s = self.history(texts, (0, 1, 0), False, source="tool", origin="tool:crm")
                consolidate(s, U)
                self.assertEqual(len(s.current(U)), 2)
                self.assertEqual(len(s.recall(query, user=U).memories), 2)

    def test_a_name_in_a_value_slot_is_not_settled(self):
        # BR-04: "codes mostly in C++" and "... in C" may both hold; only a date, time,
        # quantity or tense is one statement's changed value that a restatement settles.
        s = new_store()
        self.addCleanup(s.close)
        for t in ("User codes mostly in C++.", "User codes mostly in C.", "User codes mostly in C++"):
            s.add(t, user=U)
        self.assertEqual(len(s.recall("codes mostly", user=U).memories), 2)
        consolidate(s, U)
        self.assertEqual([m.text for m in s.current(U)], ["User codes mostly in C++.", "User codes mostly in C."])


if __name__ == "__main__":
    unittest.main()
