"""Deterministic consolidation: the rules that settle duplicates and conflicts, `plan` (a dry
run) and `consolidate` (one transaction), and `python consolidate.py DB ...` for cron.

No model decides anything here. A run folds each group of current semantic facts in
server-clock order by provenance rank (memory.rank) and the attribute's policy, triages facts
without an attribute (duplicates, near duplicates, contradictions, cross-scope duplicates),
and writes every decision to `resolutions` or the conflict ledger. Nothing is deleted: a loser
is retired and stays stored. Rules and their names come from DESIGN.md, "Consolidation".
"""

from __future__ import annotations

import argparse
import json
import os
import sqlite3
import sys
from dataclasses import dataclass, field

from memory import (ALL, RANK_STEPS, InvalidMemory, Memory, MemoryStore, Resolution, Conflict,
                    StoreError, RUNS_KEPT, check_task, check_user, content_words, normalize, rank,
                    _MEMORY_COLUMNS, _memory, _utc)

__all__ = ["Scope", "Step", "Opening", "Plan", "Report", "plan", "consolidate", "default_contradicts",
           "RULES", "RULE_DUPLICATE", "RULE_NEWER", "RULE_NEAR_DUPLICATE", "main"]

RULE_DUPLICATE = "duplicate"
RULE_NEWER = "newer statement"
RULE_NEAR_DUPLICATE = "near duplicate"
RULE_LIVE_OVER_IMPORT, RULE_USER_OVER_INFERENCE, RULE_TRUSTED_OVER_UNVERIFIED = RANK_STEPS
RULES = (RULE_DUPLICATE, RULE_USER_OVER_INFERENCE, RULE_NEWER, RULE_LIVE_OVER_IMPORT,
         RULE_TRUSTED_OVER_UNVERIFIED, RULE_NEAR_DUPLICATE)

ZOMBIE_AFTER_DAYS = 90.0  # an open entry never recalled together this long is marked zombied
_GROUP_QUERY_LIMIT = 2_000  # more pending groups than this: one ordered scan beats a query each

# Column positions in a memory row (memory._MEMORY_COLUMNS, then fold_pending).
ID, USER, TASK, KIND, TEXT, NORM, ATTR, AUTH, SOURCE, ORIGIN, AUTHN, TRUST, STATUS, CLOCK = range(14)
PENDING = 15
_ROW = f"SELECT {_MEMORY_COLUMNS}, fold_pending FROM memories"
_CURRENT = "status = 'current' AND kind = 'semantic'"


@dataclass(frozen=True)
class Scope:
    """What a run covers. user: a user id, or ALL for every user. task: ALL (every level,
    each folded on its own), None (the user level only) or a task id (that task only)."""

    user: object
    task: object = ALL

    def __post_init__(self):
        if self.user is not ALL:
            check_user(self.user)
        check_task(self.task, allow_all=True)

    def where(self, prefix=""):
        """SQL condition and arguments selecting this scope's rows."""
        sql, args = ["1"], []
        if self.user is not ALL:
            sql.append(f"{prefix}user = ?")
            args.append(self.user)
        if self.task is not ALL:
            sql.append(f"{prefix}task IS ?")
            args.append(self.task)
        return " AND ".join(sql), args


@dataclass(frozen=True)
class Step:
    """One planned or written decision: `retired` loses to `kept` by `rule`."""

    kept: int
    retired: int
    rule: str


@dataclass(frozen=True)
class Opening:
    """A ledger entry a run opens: `kind` between memories a (earlier) and b, and why."""

    kind: str
    a: int
    b: int
    reason: str


class Plan(list):
    """The decisions a run would make, as Steps; `.conflicts` the ledger entries it would open,
    `.closed` the (entry id, reason) pairs it would close, `.unattributed` the current facts
    without an attribute."""

    def __init__(self, steps=(), conflicts=(), closed=(), unattributed=()):
        super().__init__(steps)
        self.conflicts = list(conflicts)
        self.closed = list(closed)
        self.unattributed = list(unattributed)


@dataclass(frozen=True)
class Report:
    """What a run wrote: resolutions (oldest first), ledger entries opened and closed, the
    current facts of the scope without an attribute (what the rules could not key), the run id."""

    resolutions: list
    unattributed: list
    run: int
    conflicts: list = field(default_factory=list)
    closed: list = field(default_factory=list)


# --- rules ----------------------------------------------------------------------------------

def _rank(r):
    return (r[SOURCE] != "import", r[AUTH] == "user", r[TRUST] == "trusted")


def _rank_step(higher, lower):
    """The name of the first rank step on which `higher` beats `lower`."""
    for step, h, l in zip(RANK_STEPS, _rank(higher), _rank(lower)):
        if h != l:
            return step
    raise AssertionError("equal ranks have no deciding step")


# Antonyms of "like", for the default contradiction test only (near duplicates stay literal).
_LIKE = {"like", "likes", "love", "loves", "enjoy", "enjoys", "adore", "adores"}
_DISLIKE = {"hate", "hates", "dislike", "dislikes", "detest", "detests", "loathe", "loathes"}


def _polar(norm):
    words, negs = content_words(norm)
    negated = bool(negs)
    out = set()
    for w in words:
        if w in _DISLIKE:
            negated, w = not negated, "like"
        elif w in _LIKE:
            w = "like"
        out.add(w)
    return frozenset(out), negated


def default_contradicts(a: str, b: str) -> bool:
    """The deterministic contradiction test for two texts (str, str) -> bool.

    True when exactly one side is negated (not, no, never, n't ...; "hate"/"dislike" count as
    a negated "like", "love"/"enjoy" as "like") and every content word of the negated side
    appears in the other: "I never drink tea" contradicts "I drink tea daily", but "I don't
    drink tea at night" does not contradict "I drink tea". DESIGN.md's rule (same content
    words, one side negated) is the special case of equal word sets.
    """
    (wa, na), (wb, nb) = _polar(normalize(a)), _polar(normalize(b))
    if na == nb:
        return False
    neg, pos = (wa, wb) if na else (wb, wa)
    return bool(neg) and neg <= pos


class _Run:
    """The decisions of one run, collected before anything is written."""

    def __init__(self, entries, policies, contradicts, attribute_of):
        self.steps: list[tuple] = []       # (kept row, retired row, rule)
        self.openings: list[tuple] = []    # (kind, a id, b id, user, reason)
        self.closed: list[tuple] = []      # (entry id, reason)
        self.entries = entries             # open/zombied contradiction+contested entries by memory id
        self.policies = policies
        self.contradicts = contradicts
        self.attribute_of = attribute_of

    def retire(self, kept, retired, rule, frozen):
        if retired[ID] in frozen:  # a row on an open ledger entry is never retired by the fold
            return False
        self.steps.append((kept, retired, rule))
        return True

    # -- attributed groups --

    def fold_group(self, rows, policy):
        """Fold one attributed group (rows oldest first) under its policy."""
        if policy == "many":
            by_norm = {}
            for r in rows:
                by_norm.setdefault(r[NORM], []).append(r)
            for same in by_norm.values():
                self.fold(same, "one", self.frozen_ids(same), 0)
            return
        frozen, settle_point = self.settle(rows, policy)
        self.fold(rows, policy, frozen, settle_point)

    def frozen_ids(self, rows):
        return {r[ID] for r in rows for e in self.entries.get(r[ID], ()) if e.id not in self.closed_ids()}

    def closed_ids(self):
        return {c[0] for c in self.closed}

    def settle(self, rows, policy):
        """Close the group's ledger entries that a later user statement settles.

        A live user statement (authority user, not an import) made after the entry opened, that
        ranks at least as high as both sides, settles it; under `immutable` it must restate one
        side's value or outrank both sides (a third value from an equal is another
        contradiction, not a choice; an inference never outweighs the user). Rows up to the
        newest settling statement then fold as `one`. Returns (frozen ids, settle point).
        """
        ids = {r[ID]: r for r in rows}
        settle_point = 0
        entries = sorted({e.id: e for r in rows for e in self.entries.get(r[ID], ())}.values(),
                         key=lambda e: e.id)
        for e in entries:
            a, b = ids.get(e.a), ids.get(e.b)
            if a is None or b is None:
                continue
            top = max(_rank(a), _rank(b))
            settlers = [r for r in rows if r[ID] not in (e.a, e.b) and r[AUTH] == "user"
                        and r[SOURCE] != "import" and r[CLOCK] > e.opened_clock and _rank(r) >= top
                        and (policy != "immutable" or r[NORM] in (a[NORM], b[NORM]) or _rank(r) > top)]
            if settlers:
                s = settlers[-1]
                self.closed.append((e.id, f"settled by memory {s[ID]}"))
                settle_point = max(settle_point, s[CLOCK])
        return self.frozen_ids(rows), settle_point

    def fold(self, rows, policy, frozen, settle_point):
        """The left fold of DESIGN.md over rows in server-clock order, carrying `cur`."""
        cur, held = None, {}
        for new in rows:
            if cur is None:
                cur = new
                continue
            rc, rn = _rank(cur), _rank(new)
            if new[NORM] in held and new[NORM] != cur[NORM] and rn <= _rank(held[new[NORM]]):
                self.retire(held[new[NORM]], new, RULE_DUPLICATE, frozen)
                continue
            same = cur[NORM] == new[NORM]
            if rn < rc:
                self.retire(cur, new, RULE_DUPLICATE if same else _rank_step(cur, new), frozen)
            elif rn > rc:
                if cur[ID] in frozen and policy == "immutable" and not same and new[CLOCK] > settle_point:
                    # cur is held by the ledger: the higher-ranked newcomer cannot retire it, so
                    # the pair is a contradiction like any other different immutable value.
                    if not self.paired(cur, new):
                        self.openings.append(("contradiction", cur[ID], new[ID], cur[USER],
                                              f"immutable attribute {cur[ATTR]!r} given a new value"))
                    frozen.update((cur[ID], new[ID]))
                    held.setdefault(new[NORM], new)
                    continue
                self.retire(new, cur, _rank_step(new, cur), frozen)
                cur = new
            elif same:
                self.retire(cur, new, RULE_DUPLICATE, frozen)
            elif policy == "immutable" and new[CLOCK] > settle_point:
                if not self.paired(cur, new):
                    self.openings.append(("contradiction", cur[ID], new[ID], cur[USER],
                                          f"immutable attribute {cur[ATTR]!r} given a new value"))
                frozen.update((cur[ID], new[ID]))  # both held by the entry until it is settled
                held.setdefault(new[NORM], new)
            else:
                self.retire(new, cur, RULE_NEWER, frozen)
                cur = new

    def paired(self, a, b):
        return any(e.id not in self.closed_ids() and {e.a, e.b} == {a[ID], b[ID]}
                   for e in self.entries.get(a[ID], ()))

    # -- facts without an attribute --

    def triage(self, rows, pending):
        """Near duplicates and contradictions among one level's unattributed facts (oldest first)."""
        frozen = self.frozen_ids(rows)
        groups = {}
        for r in rows:
            groups.setdefault(content_words(r[NORM]), []).append(r)
        retired = set()
        for same in groups.values():
            cur = None
            for new in same:
                if cur is None:
                    cur = new
                    continue
                exact = cur[NORM] == new[NORM]
                if _rank(new) > _rank(cur):  # the higher rank stays; an exact copy names its rank step
                    if self.retire(new, cur, _rank_step(new, cur) if exact else RULE_NEAR_DUPLICATE, frozen):
                        retired.add(cur[ID])
                    cur = new
                elif self.retire(cur, new, RULE_DUPLICATE if exact else RULE_NEAR_DUPLICATE, frozen):
                    retired.add(new[ID])
        survivors = [r for r in rows if r[ID] not in retired]
        self.find_contradictions(survivors, pending)

    def find_contradictions(self, rows, pending):
        if self.contradicts is None:  # default: only a negated fact can contradict, so pair those
            polar = {r[ID]: _polar(r[NORM]) for r in rows}
            negated = [r for r in rows if polar[r[ID]][1]]
            pairs = [(n, p) for n in negated for p in rows if not polar[p[ID]][1]
                     and polar[n[ID]][0] and polar[n[ID]][0] <= polar[p[ID]][0]]
        else:  # an injected judge (maybe a model) is asked only about pairs with a new fact
            pairs = [(a, b) for i, a in enumerate(rows) for b in rows[i + 1:]
                     if (a[ID] in pending or b[ID] in pending) and self.contradicts(a[TEXT], b[TEXT])]
        for x, y in pairs:
            if x[ID] not in pending and y[ID] not in pending:
                continue  # judged by an earlier run
            a, b = sorted((x, y), key=lambda r: r[CLOCK])
            if not self.paired(a, b):
                self.openings.append(("contradiction", a[ID], b[ID], a[USER],
                                      "default contradiction test" if self.contradicts is None
                                      else "injected contradicts()"))


def _policy(policies, attribute):
    return policies.get(attribute, "one")


def _decide(store: MemoryStore, conn, scope: Scope, contradicts, attribute_of) -> _Run:
    where, args = scope.where()
    policies = dict(conn.execute("SELECT attribute, policy FROM attributes"))
    users_sql = "" if scope.user is ALL else "AND user = ?"
    users_args = [] if scope.user is ALL else [scope.user]
    entries = {}
    for row in conn.execute(f"SELECT id, user, kind, a, b, run, reason, state, resolution, opened_clock, "
                            f"opened_at, closed_at, co_recalls FROM conflicts WHERE state <> 'resolved' "
                            f"AND kind IN ('contradiction', 'contested') {users_sql}", users_args):
        e = Conflict(*row)
        entries.setdefault(e.a, []).append(e)
        entries.setdefault(e.b, []).append(e)
    run = _Run(entries, policies, contradicts, attribute_of)
    pending = conn.execute(f"SELECT id, user, task, attribute, text FROM memories WHERE fold_pending = 1 "
                           f"AND {_CURRENT} AND {where}", args).fetchall()
    if not pending:
        return run
    assigned = {}
    if attribute_of is not None:  # a classifier may key unattributed facts so the fold applies
        for mid, user, task, attribute, text in pending:
            if attribute is None:
                name = attribute_of(text)
                if name is not None and normalize(str(name)):
                    assigned[mid] = normalize(str(name))
        for mid, name in assigned.items():
            conn.execute("UPDATE memories SET attribute = ? WHERE id = ?", (name, mid))
        pending = [(m, u, t, assigned.get(m, a), x) for m, u, t, a, x in pending]
    pending_ids = {p[0] for p in pending}
    groups = {(u, t, a) for _, u, t, a, _ in pending}
    if len(groups) > _GROUP_QUERY_LIMIT:
        levels = _scan(conn, where, args, groups)
    else:
        levels = _query(conn, groups)
    for (user, task), level in levels.items():
        for attribute, rows in level.items():
            if attribute is None:
                run.triage(rows, pending_ids)
            else:
                run.fold_group(rows, _policy(policies, attribute))
    _cross_scope(conn, run, scope)
    return run


def _scan(conn, where, args, groups):
    """One ordered read of the scope: {(user, task): {attribute: rows oldest first}} for the
    groups that have pending rows (attribute None: the level's facts without an attribute)."""
    levels = {}
    for r in conn.execute(f"{_ROW} WHERE {_CURRENT} AND {where} ORDER BY user, task, attribute, "
                          "created_at", args):
        if (r[USER], r[TASK], r[ATTR]) in groups:
            levels.setdefault((r[USER], r[TASK]), {}).setdefault(r[ATTR], []).append(r)
    return levels


def _query(conn, groups):
    """The same as _scan with one indexed query per pending group (the incremental path)."""
    levels = {}
    for user, task, attribute in sorted(groups, key=lambda g: (g[0], g[1] or "", g[2] or "")):
        levels.setdefault((user, task), {})[attribute] = conn.execute(
            f"{_ROW} WHERE user = ? AND task IS ? AND attribute IS ? AND {_CURRENT} ORDER BY created_at",
            (user, task, attribute)).fetchall()
    return levels


# Pairs with the same norm at the user level and in a task, one side new since the last run.
_CROSS_SCOPE = """
    SELECT u.id, t.id, t.user, t.task FROM memories t
    JOIN memories u ON u.user = t.user AND u.norm = t.norm AND u.task IS NULL
        AND u.status = 'current' AND u.kind = 'semantic'
    WHERE t.task IS NOT NULL AND t.status = 'current' AND t.kind = 'semantic'
      AND {side}.fold_pending = 1 AND {scope}
      AND NOT EXISTS (SELECT 1 FROM conflicts c WHERE c.kind = 'cross-scope duplicate'
                      AND c.a = u.id AND c.b = t.id AND c.state = 'open')"""


def _cross_scope(conn, run, scope):
    """Open bookkeeping entries for the same norm at user level and in a task of one user."""
    cond, args = ["1"], []
    if scope.user is not ALL:
        cond.append("t.user = ?")
        args.append(scope.user)
    if isinstance(scope.task, str):
        cond.append("t.task = ?")
        args.append(scope.task)
    retired = {s[1][ID] for s in run.steps}
    pairs = {}
    for side in ("t", "u"):  # each side's pending index finds the new rows cheaply
        for a, b, user, task in conn.execute(_CROSS_SCOPE.format(side=side, scope=" AND ".join(cond)), args):
            if a not in retired and b not in retired:
                pairs[(a, b)] = (user, task)
    for (a, b), (user, task) in sorted(pairs.items()):
        run.openings.append(("cross-scope duplicate", a, b, user,
                             f"same text at user level and in task {task!r}"))


def _apply(store, conn, scope, run: _Run, zombie_after_days, dry_run):
    """Write a run's decisions inside the caller's transaction; return the Report."""
    now = store.now()
    clock = store._tick(conn)
    cur = conn.execute("INSERT INTO runs (recorded_at, clock, user, task, decisions) VALUES (?, ?, ?, ?, ?)",
                       (now, clock, None if scope.user is ALL else scope.user,
                        json.dumps("ALL" if scope.task is ALL else scope.task), len(run.steps)))
    run_id = cur.lastrowid
    for entry, reason in run.closed:
        conn.execute("UPDATE conflicts SET state = 'resolved', resolution = ?, closed_at = ? WHERE id = ?",
                     (reason, now, entry))
    resolutions = [store._retire(conn, k[ID], r[ID], rule, run_id, k[USER], clock, now)
                   for k, r, rule in run.steps]
    opened = [store._open_conflict(conn, user, kind, a, b, run_id, reason, clock, now)
              for kind, a, b, user, reason in run.openings]
    where, args = scope.where()
    conn.execute(f"UPDATE memories SET fold_pending = 0 WHERE fold_pending = 1 AND {where}", args)
    closed = list(run.closed)
    if zombie_after_days is not None:
        cutoff = _days_before(store, zombie_after_days)
        users_sql = "" if scope.user is ALL else "AND user = ?"
        zombies = conn.execute(f"SELECT id FROM conflicts WHERE state = 'open' AND co_recalls = 0 AND "
                               f"kind IN ('contradiction', 'contested') AND opened_at < ? {users_sql}",
                               [cutoff] + ([] if scope.user is ALL else [scope.user])).fetchall()
        for (entry,) in zombies:
            conn.execute("UPDATE conflicts SET state = 'zombied', resolution = ? WHERE id = ?",
                         (f"open over {zombie_after_days:g} days and never recalled together", entry))
            closed.append((entry, "zombied"))
    conn.execute("DELETE FROM runs WHERE id <= ?", (run_id - RUNS_KEPT,))
    unattributed = [_memory(r) for r in conn.execute(
        f"SELECT {_MEMORY_COLUMNS} FROM memories WHERE attribute IS NULL AND {_CURRENT} AND {where} "
        "ORDER BY created_at", args)]
    return Report(resolutions, unattributed, run_id, opened, closed)


def _days_before(store, days):
    return _utc(store._wall() - days * 86400.0)


def _run(store, scope, contradicts, attribute_of, zombie_after_days, dry_run):
    if not isinstance(store, MemoryStore):
        raise InvalidMemory(f"store: expected a MemoryStore; got {store!r:.200}")
    if isinstance(scope, str):
        scope = Scope(scope)
    elif scope is ALL:
        scope = Scope(ALL)
    elif not isinstance(scope, Scope):
        raise InvalidMemory(f"scope: expected a user id str, Scope(user, task) or ALL; got {scope!r:.200}")
    for name, hook in (("contradicts", contradicts), ("attribute_of", attribute_of)):
        if hook is not None and not callable(hook):
            raise InvalidMemory(f"{name}: expected a callable or None; got {hook!r:.200}")
    # plan runs the very same code as consolidate and rolls back, so the two cannot disagree.
    conn = store._db()
    try:
        conn.execute("BEGIN IMMEDIATE")
    except Exception as exc:
        raise StoreError(f"cannot start a consolidation run on {store.path}: {exc}") from exc
    try:
        run = _decide(store, conn, scope, contradicts, attribute_of)
        report = _apply(store, conn, scope, run, zombie_after_days, dry_run)
    except sqlite3.Error as exc:
        conn.execute("ROLLBACK")
        raise StoreError(f"consolidation failed on {store.path}: {exc}") from exc
    except BaseException:
        conn.execute("ROLLBACK")
        raise
    conn.execute("ROLLBACK" if dry_run else "COMMIT")
    return report, run


def plan(store: MemoryStore, scope, *, contradicts=None, attribute_of=None,
         zombie_after_days: float | None = ZOMBIE_AFTER_DAYS) -> Plan:
    """The decisions `consolidate` would make now, without writing anything.

    Returns a Plan: a list of Step(kept, retired, rule) in decision order, with `.conflicts`
    (Opening items), `.closed` and `.unattributed`. Runs the same code as consolidate inside
    a transaction that is rolled back (so it briefly takes the write lock).
    """
    report, run = _run(store, scope, contradicts, attribute_of, zombie_after_days, True)
    return Plan([Step(k[ID], r[ID], rule) for k, r, rule in run.steps],
                [Opening(kind, a, b, reason) for kind, a, b, _, reason in run.openings],
                report.closed, report.unattributed)


def consolidate(store: MemoryStore, scope, *, contradicts=None, attribute_of=None,
                zombie_after_days: float | None = ZOMBIE_AFTER_DAYS) -> Report:
    """Fold, triage and record every decision for `scope` in one transaction; return a Report.

    scope: a user id (every level of that user, each folded on its own), Scope(user, task),
    or ALL (every user). Hooks: contradicts(a_text, b_text) -> bool replaces the default
    contradiction test for facts without an attribute (called on pairs with at least one new
    fact); attribute_of(text) -> str | None keys new unattributed facts (the row's attribute is
    set; its text never changes). A hook only classifies: the rules pick winners. Ledger
    entries open longer than `zombie_after_days` (wall clock) and never recalled together
    become `zombied` (None: never). Only groups with facts new since the last run, or
    reopened by the ledger, a policy change or a forget, are read again, so a second run
    finds nothing new. Raises InvalidMemory for a bad scope or hook, StoreError on failure
    (the run is rolled back whole).
    """
    report, _ = _run(store, scope, contradicts, attribute_of, zombie_after_days, False)
    return report


# --- cron -----------------------------------------------------------------------------------

def main(argv=None) -> int:
    """`python consolidate.py DB (--user U | --all) [--task T] [--dry-run] [--json]`.

    Exit 0 on success, 2 on bad usage, 1 on a store error (one line on stderr).
    """
    parser = argparse.ArgumentParser(prog="consolidate.py", description="Consolidate a memory store.")
    parser.add_argument("db", help="path of an existing memory database")
    who = parser.add_mutually_exclusive_group(required=True)
    who.add_argument("--user", help="consolidate this user")
    who.add_argument("--all", action="store_true", help="consolidate every user")
    parser.add_argument("--task", help="only this task (default: every level); '-' = user level only")
    parser.add_argument("--dry-run", action="store_true", help="print the decisions, write nothing")
    parser.add_argument("--json", action="store_true", help="print JSON instead of a table")
    args = parser.parse_args(argv)
    task = ALL if args.task is None else (None if args.task == "-" else args.task)
    try:
        if not os.path.isfile(args.db):
            raise StoreError(f"{args.db}: no such database file")
        scope = Scope(ALL if args.all else args.user, task)
        with MemoryStore(args.db) as store:
            if args.dry_run:
                result = plan(store, scope)
                steps, opened, closed, run = list(result), result.conflicts, result.closed, None
            else:
                report = consolidate(store, scope)
                steps, opened, closed, run = report.resolutions, report.conflicts, report.closed, report.run
            texts = {m.id: m.text for m in (store.get(i) for s in steps for i in (s.kept, s.retired)) if m}
    except (StoreError, ValueError) as exc:
        print(f"consolidate.py: error: {exc}".splitlines()[0], file=sys.stderr)
        return 1
    if args.json:
        print(json.dumps({
            "run": run, "dry_run": args.dry_run,
            "resolutions": [{"kept": s.kept, "retired": s.retired, "rule": s.rule} for s in steps],
            "conflicts_opened": [{"kind": c.kind, "a": c.a, "b": c.b, "reason": c.reason} for c in opened],
            "conflicts_closed": [{"id": e, "reason": r} for e, r in closed],
        }, indent=2))
        return 0
    print(("dry run: would write" if args.dry_run else f"run {run}: wrote")
          + f" {len(steps)} resolution(s), opened {len(opened)} ledger entr(ies), closed {len(closed)}")
    if steps:
        print(f"{'kept':>8}  {'retired':>8}  {'rule':<30}  retired text")
        for s in steps:
            print(f"{s.kept:>8}  {s.retired:>8}  {s.rule:<30}  {texts.get(s.retired, '')[:60]!r}")
    for c in opened:
        print(f"ledger: {c.kind} between {c.a} and {c.b}: {c.reason}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
