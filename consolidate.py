"""Deterministic consolidation: a run that settles duplicates and conflicts by rules, `plan` (a
dry run) and `consolidate` (one transaction), and `python consolidate.py DB ...` for cron.

No model decides anything here. A run reads the groups with facts new since the last run,
folds each group of current semantic facts in server-clock order by provenance rank and the
attribute's policy (memory.POLICIES: each policy's own decide, which recall's read-time view
calls too), triages facts without an attribute
(duplicates, near duplicates, contradictions, changed values, cross-scope duplicates), and
writes every decision through memory's write API (resolutions, the conflict ledger). Nothing
is deleted: a loser is retired and stays stored. The rules and their names live in memory.py
(the lowest layer); this module decides which rule applies where (DESIGN.md, "Consolidation").
"""

from __future__ import annotations

import argparse
import collections
import functools
import gc
import heapq
import json
import operator
import sys
from dataclasses import dataclass

from memory import (ALL, DEFAULT_POLICY, HOLDING_KINDS, MAX_KEY_CHARS, POLICIES, RULE_DUPLICATE,
                    RULE_NEAR_DUPLICATE, RULE_NEWER, RULES, InvalidMemory, LedgerEntry, MemoryStore, Resolution,
                    StoreError, changed_value, changed_value_slots, seconds, check_task, check_user, normalize,
                    open_for_reading, opposed, polarity, rank_step, report_error, require_user, rule_for)

__all__ = ["Scope", "Step", "Opening", "Plan", "Report", "plan", "consolidate", "default_contradicts",
           "RULES", "RULE_DUPLICATE", "RULE_NEWER", "RULE_NEAR_DUPLICATE", "rule_for", "main"]

ZOMBIE_AFTER_DAYS = 90.0  # an open entry never recalled together this long is marked zombied
_SCAN_SHARE = 0.1  # new rows above this share of the store: one ordered scan beats a query per family

# A fold row: what the rules read (memory.SQLiteStorage.FOLD_FIELDS), the provenance rank as one int.
ID, NORM, RANK, CLOCK, USER, TASK, ATTR, SIG, FRAME = range(9)
_ROW_ID = operator.itemgetter(ID)
_TRUSTED_LIVE_USER = 7  # the rank bits of a trusted live user statement (memory.RANK_SQL: 4 + 2 + 1)


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

    def __repr__(self):
        return (f"Plan({list.__repr__(self)}, conflicts={self.conflicts!r}, closed={self.closed!r}, "
                f"unattributed={len(self.unattributed)})")


class Report:
    """What a run wrote: `resolutions` (Resolution list, decision order), `conflicts` (ledger
    entries opened), `closed` ((entry id, reason) pairs), `run` (the run id), all taken inside
    the run's transaction (`decisions` holds them as (kept, retired, rule, user) tuples; the
    Resolution objects are made on first access: a full pass of a large store writes hundreds
    of thousands); and `unattributed`, the scope's current facts without an attribute as the
    run left them (what the rules could not key): `unattributed_ids` are taken inside the
    transaction, the rows read once on first access (before the store is closed)."""

    def __init__(self, decisions, recorded_at, run, conflicts, closed, unattributed_ids, store):
        self.run, self.conflicts, self.closed = run, conflicts, closed
        self.decisions, self.recorded_at = decisions, recorded_at
        self.unattributed_ids, self.store = unattributed_ids, store

    @functools.cached_property
    def resolutions(self) -> list:
        return [Resolution(kept, retired, rule, self.run, self.recorded_at) for kept, retired, rule, _ in self.decisions]

    @functools.cached_property
    def unattributed(self) -> list:
        rows = {m.id: m for m in self.store.memories_by_id(self.unattributed_ids)}
        return sorted((rows[i] for i in self.unattributed_ids if i in rows), key=lambda m: m.created_at)

    def __repr__(self):
        return (f"Report(run={self.run}, resolutions={len(self.decisions)}, "
                f"conflicts={len(self.conflicts)}, closed={len(self.closed)})")


# --- the default contradiction test -----------------------------------------------------------

def default_contradicts(a: str, b: str) -> bool:
    """The deterministic contradiction test for two texts (str, str) -> bool.

    True when exactly one side is negated (not, no, never, n't; withdrawals such as "no
    longer", "anymore", "stopped", "quit", "gave up"; aversions such as "hate", "despise",
    "can't stand", which count as a negated "like") and every content word of the negated side
    appears in the other (words compared by a crude stem, so "drinking" meets "drink"): "I
    never drink tea" contradicts "I drink tea daily"; "I don't drink tea at night" does not
    contradict "I drink tea". Word lists: memory.py (polarity).
    """
    return opposed(polarity(normalize(a)), polarity(normalize(b)))


# --- one run ----------------------------------------------------------------------------------

class _Run:
    """The decisions of one run, collected before anything is written.

    steps: (kept, retired, rule, user) in decision order; openings: (kind, a, b, user, reason);
    closed: (entry id, reason).
    """

    def __init__(self, *, ledger, policies, contradicts, texts, new, fresh):
        self.steps: list[tuple] = []
        self.openings: list[tuple] = []
        self.closed: list[tuple] = []
        self.closed_set: set = set()
        self.cross: list[tuple] = []       # (user-level row, task row) with the same norm
        self.frame_groups: list = []       # facts of one frame with a new one among them
        self.retired_ids: set = set()
        self.restated: dict = {}           # survivor id -> every row of its near-duplicate group
        self.rows: dict = {}               # id -> row, of the facts without an attribute triaged
        self.ledger = ledger               # every open/zombied entry on the rows read (LedgerEntry)
        self.entries = {}                  # of those, the holding ones (contradiction, contest) by memory id
        for e in ledger:
            if e.kind in HOLDING_KINDS:
                self.entries.setdefault(e.a, []).append(e)
                self.entries.setdefault(e.b, []).append(e)
        self.policies = policies
        self.contradicts = contradicts     # an injected judge, or None for the default test
        self.texts = texts                 # ids -> {id: text}, for an injected judge
        self.new = new                     # ids of the rows not folded yet (the pending list)
        self.fresh = fresh                 # of those, the ones written since (not re-marked)

    # -- recording --

    def record(self, kept_id, retired_id, rule, user):
        self.steps.append((kept_id, retired_id, rule, user))
        self.retired_ids.add(retired_id)
        # The later groups of this run decide with a copy's entries on its survivor (the writes:
        # memory.carry_ledger, in _apply).
        if retired_id in self.entries and rule in (RULE_DUPLICATE, RULE_NEAR_DUPLICATE):
            for e in self.entries.pop(retired_id):
                moved = LedgerEntry(e.id, kept_id if e.a == retired_id else e.a,
                                    kept_id if e.b == retired_id else e.b, e.opened_clock, e.kind, e.state)
                other = moved.b if moved.a == kept_id else moved.a
                self.entries[other] = [moved if x.id == e.id else x for x in self.entries.get(other, ())]
                if other != kept_id:
                    self.entries.setdefault(kept_id, []).append(moved)

    def close(self, entry_id, reason):
        self.closed.append((entry_id, reason))
        self.closed_set.add(entry_id)

    def paired(self, a, b) -> bool:
        return any(e.id not in self.closed_set and {e.a, e.b} == {a[ID], b[ID]}
                   for e in self.entries.get(a[ID], ()))

    # -- attributed groups --

    def fold_group(self, rows, policy):
        """Fold one attributed group (one level's rows, oldest first) under its policy: the
        policy's own decision (memory.Policy.decide, the one recall's read-time view calls)."""
        entries = () if not self.entries or self.entries.keys().isdisjoint(map(_ROW_ID, rows)) else [
            e for r in rows for e in self.entries.get(r[ID], ()) if e.id not in self.closed_set]
        decision = POLICIES[policy].decide(rows, entries, self.new, self.fresh)
        for entry, reason in decision.closed:
            self.close(entry, reason)
        user = rows[0][USER]  # a group is one user's
        for kept, retired, rule in decision.steps:
            self.record(kept, retired, rule, user)
        for a, b in decision.opened:
            self.openings.append(("contradiction", a, b, user,
                                  f"{policy} attribute {rows[0][ATTR]!r} given a new value"))

    # -- facts without an attribute --

    def triage(self, rows):
        """Near duplicates, then contradictions and changed values, among one level's facts
        without an attribute (oldest first). A restatement of a side of an open entry is still
        its near duplicate (the entry follows the survivor); only another value is held."""
        groups = collections.defaultdict(list)
        for r in rows:
            groups[r[SIG]].append(r)
        retired = set()
        self.rows.update((r[ID], r) for r in rows)
        for same in groups.values():
            if len(same) < 2:
                continue
            cur = same[0]
            for new in same[1:]:
                exact = cur[NORM] == new[NORM]
                if new[RANK] > cur[RANK]:  # the higher rank stays; an exact copy names its rank step
                    self.record(new[ID], cur[ID], rank_step(new[RANK], cur[RANK]) if exact
                                 else RULE_NEAR_DUPLICATE, new[USER])
                    retired.add(cur[ID])
                    cur = new
                else:
                    self.record(cur[ID], new[ID], RULE_DUPLICATE if exact else RULE_NEAR_DUPLICATE, cur[USER])
                    retired.add(new[ID])
            self.restated[cur[ID]] = same
        left = [r for r in rows if r[ID] not in retired] if retired else rows
        self.find_contradictions(left)
        self.find_changed_values(left)

    def find_contradictions(self, rows):
        """Pairs with at least one new fact that the test opposes, opened as contradictions."""
        new = self.new
        if new.isdisjoint(map(_ROW_ID, rows)):
            return  # every pair here was judged by an earlier run
        if self.contradicts is not None:  # an injected judge (maybe a model): only pairs with a new fact
            text = self.texts([r[ID] for r in rows])
            pairs = [(a, b) for i, a in enumerate(rows) for b in rows[i + 1:]
                     if (a[ID] in new or b[ID] in new) and self.contradicts(text[a[ID]], text[b[ID]])]
        else:  # a negated side meets only the positive rows holding all its words
            polar = [polarity(r[NORM]) for r in rows]
            holding, is_new = collections.defaultdict(set), set()
            for i, (words, neg) in enumerate(polar):
                if not neg:
                    for w in words:
                        holding[w].add(i)
                    if rows[i][ID] in new:
                        is_new.add(i)
            pairs = []
            for n, (words, neg) in enumerate(polar):
                if not (neg and words):
                    continue
                found = sorted((holding.get(w, ()) for w in words), key=len)
                hits = found[0].intersection(*found[1:]) if found[0] else ()
                if rows[n][ID] not in new:  # an old negation meets only the new rows
                    hits = is_new.intersection(hits)
                # The word index above only narrows the pairs; the test itself is memory.opposed.
                pairs.extend((rows[n], rows[i]) for i in sorted(hits) if opposed(polar[n], polar[i]))
        for x, y in pairs:
            a, b = sorted((x, y), key=lambda r: r[CLOCK])
            if not self.paired(a, b):
                self.openings.append(("contradiction", a[ID], b[ID], a[USER],
                                      "default contradiction test" if self.contradicts is None
                                      else "injected contradicts()"))

    def find_changed_values(self, rows):
        """Facts stating one frame with one value changed (memory.changed_value): two silent
        truths are never left; without an attribute no rule can tell which holds now, so the
        pair goes on the ledger as a "changed value" (bookkeeping: both stay current, recall
        shows the newer first with a note) for the user to settle. Only facts of one frame
        (memories.frame_key) can pair; their texts are read once for the whole run
        (changed_values)."""
        if self.new.isdisjoint(map(_ROW_ID, rows)) and self.restated.keys().isdisjoint(map(_ROW_ID, rows)):
            return
        frames = collections.defaultdict(list)
        for r in rows:
            if r[FRAME] is not None:
                frames[r[FRAME]].append(r)
        for same in frames.values():
            if len(same) > 1 and (not self.new.isdisjoint(map(_ROW_ID, same))
                                  or not self.restated.keys().isdisjoint(map(_ROW_ID, same))):
                self.openings.append(("frame group", len(self.frame_groups)))  # decided in changed_values
                self.frame_groups.append(same)

    def changed_values(self):
        """Decide the frame groups the run collected: each new fact is linked to the newest
        earlier fact it changes, not to every one (a series of values is a chain on the ledger,
        never a quadratic web)."""
        ids = [r[ID] for same in self.frame_groups for r in same]
        text = {}
        for start in range(0, len(ids), 500):
            text.update(self.texts(ids[start:start + 500]))
        found = []
        for same in self.frame_groups:
            pairs = []
            # Earlier rows by each key they can change under (memory.changed_value_slots), so a
            # new row meets only the rows differing from it in one slot, newest first: one
            # lookup per slot instead of a scan of every earlier row of the frame.
            earlier = collections.defaultdict(list)
            for i, b in enumerate(same):
                keys = [k for k, _ in changed_value_slots(text[b[ID]])]
                if b[ID] in self.new:
                    candidates = heapq.merge(*(reversed(earlier[k]) for k in keys if k in earlier), reverse=True)
                    a = next((same[j] for j in candidates if changed_value(text[same[j][ID]], text[b[ID]])), None)
                    if a is not None and not self.paired(a, b):  # a contest or contradiction says more
                        pairs.append(("changed value", a[ID], b[ID], a[USER], "the same statement with one value changed"))
                for k in keys:
                    earlier[k].append(i)
            found.append(pairs)
        self.openings = [o for x in self.openings for o in (found[x[1]] if x[0] == "frame group" else [x])]
        self.settle_restated(text)

    def settle_restated(self, text):
        """A side restated by the user settles (README, "The ledger"): when a trusted live user
        statement restating fact x (a row of x's near-duplicate group, x its survivor) comes
        after every statement of a fact y that x changes (memory.changed_value: the same frame)
        or contradicts (this run's pairs and the open entries), y is retired by `newer statement`
        (the restatement is the user's newer word), kept x, and their entries close as settled:
        as a later user statement settles an attributed group (memory.settles). A tool's,
        model's or import's restatement settles nothing; a contested row is never retired here."""
        if not self.restated:
            return
        # Only a date, time, quantity or tense that changed (typed on both sides): a name in a
        # value slot may be one more thing ("codes in C++" / "codes in C", BR-04), not a change.
        frames = collections.defaultdict(list)
        for same in self.frame_groups:
            for r in same:
                for k, typed in changed_value_slots(text[r[ID]]):
                    if typed:
                        frames[k].append(r)
        opposite = collections.defaultdict(set)
        for o in self.openings:
            if o[0] == "contradiction":
                opposite[o[1]].add(o[2])
                opposite[o[2]].add(o[1])
        for e in self.ledger:  # a changed value's entry is found again through the frames (typed)
            if e.kind == "contradiction" and e.id not in self.closed_set:
                opposite[e.a].add(e.b)
                opposite[e.b].add(e.a)
        held = {x for e in self.ledger if e.kind == "contested" and e.id not in self.closed_set for x in (e.a, e.b)}

        def latest(row):
            return max(r[CLOCK] for r in self.restated.get(row[ID], (row,)))
        for x_id, group in self.restated.items():
            x = self.rows[x_id]
            settlers = [r for r in group if r[RANK] == _TRUSTED_LIVE_USER]
            if x_id in self.retired_ids or not settlers:
                continue
            settler = max(settlers, key=operator.itemgetter(CLOCK))
            others = {y[ID]: y for k, typed in (changed_value_slots(text[x_id]) if x_id in text else ())
                      if typed for y in frames.get(k, ()) if changed_value(text[x_id], text[y[ID]])}
            others.update((i, self.rows[i]) for i in opposite.get(x_id, ()) if i in self.rows)
            for y in sorted(others.values(), key=_ROW_ID):
                if y[ID] in self.retired_ids or y[ID] in held or y[ID] == x_id or y[TASK] != x[TASK] \
                        or settler[CLOCK] <= latest(y):
                    continue
                self.record(x_id, y[ID], RULE_NEWER, x[USER])
                for e in self.ledger:
                    if {e.a, e.b} == {x_id, y[ID]} and e.id not in self.closed_set:
                        self.close(e.id, f"settled by memory {settler[ID]}")

    # -- one family: (user, attribute) at every level --

    def family(self, rows, scope, policy):
        """Fold each in-scope level of one family (rows ordered by task, then clock) that has a
        new row, then record same-norm facts at user level and in a task (cross-scope)."""
        levels = collections.defaultdict(list)
        for r in rows:
            levels[r[TASK]].append(r)
        for task, level in levels.items():
            if (scope.task is ALL or scope.task == task) and not self.new.isdisjoint(map(_ROW_ID, level)):
                if rows[0][ATTR] is None:
                    self.triage(level)
                else:
                    self.fold_group(level, policy)
        if len(levels) < 2 or None not in levels:
            return
        top = {r[NORM]: r for r in levels[None] if r[ID] not in self.retired_ids}
        for task, level in levels.items():
            for t in level:
                u = top.get(t[NORM]) if task is not None and t[ID] not in self.retired_ids else None
                if u is not None and (u[ID] in self.new or t[ID] in self.new) \
                        and (scope.task is ALL or scope.task in (None, task)):
                    self.cross.append((u, t))


# --- reading what a run needs -----------------------------------------------------------------
# Every read and write goes through the store's storage seam (memory.SQLiteStorage, its
# "consolidation" part): this module holds no SQL.

def _families(st, scope: Scope, pending, scan, new, default_test, stats):
    """Yield the rows of every family with a new row: (user, attribute) at every level.

    A scan (many new rows) reads every current fact once (stats["scanned"] counts them).
    Otherwise each attributed family with a new row is read whole; of a family without an
    attribute, under the default contradiction test, only what can matter (_relevant).
    """
    if scan:  # a family's other levels too, for cross-scope pairs
        rows = st.fold_scan(scope.user)
        stats["scanned"] = len(rows)
        clocks = list(map(operator.itemgetter(CLOCK), rows))
        ordered = clocks == sorted(clocks)  # ids and clock rise together, but a migrated v1 file may differ
        del clocks
        families = collections.defaultdict(list)
        for r in rows:
            families[r[USER], r[ATTR]].append(r)
        del rows
        for family in families.values():
            if len(family) > 1 and not new.isdisjoint(map(_ROW_ID, family)):
                if not ordered:
                    family.sort(key=operator.itemgetter(CLOCK))
                yield family
        return
    keys = sorted(pending, key=lambda k: (k[0], k[1] is not None, k[1] or ""))
    if default_test:  # an injected contradicts() is shown every fact of a family instead
        yield from _relevant(st, scope)
        keys = [k for k in keys if k[1] is not None]
    family, key = [], None
    for r in st.fold_keyed(scope.user, keys):
        if (r[USER], r[ATTR]) != key:
            if len(family) > 1:
                yield family
            family, key = [], (r[USER], r[ATTR])
        family.append(r)
    if len(family) > 1:
        yield family


def _relevant(st, scope: Scope):
    """Yield, per user, the current facts without an attribute that the default rules can pair
    with a new one: the same signature (duplicate, near duplicate, cross-scope copy), the same
    frame (changed value), a negated side for a new positive fact, and every fact of a user
    with a new negated fact (whose words the positive side must hold; the test is made here).
    The candidates are picked by the seam from indexes; only the chosen rows are read whole.
    """
    mine = collections.defaultdict(list)
    for user, sig_key, polar, frame_key in st.fold_new_unattributed(scope.user, scope.task):
        mine[user].append((sig_key, polar, frame_key))
    if not mine:
        return
    families = collections.defaultdict(list)
    for r in st.fold_candidates(
            scope.user,
            sorted((u, any(not p for _, p, _ in v), any(p for _, p, _ in v)) for u, v in mine.items()),
            sorted({(u, s) for u, v in mine.items() for s, _, _ in v if s is not None}),
            sorted({(u, f) for u, v in mine.items() for _, _, f in v if f is not None})):
        families[r[USER]].append(r)
    for user in sorted(families):
        family = families[user]
        if len(family) > 1:  # levels apart, each in server-clock order, as the keyed read gives them
            family.sort(key=lambda r: (r[TASK] is not None, r[TASK] or "", r[CLOCK]))
            yield family


def _keyed_by_hook(tx, scope, attribute_of):
    """Let an injected attribute_of() key new facts without an attribute, so the fold applies."""
    for mid, text in tx.storage.fold_new_unattributed_texts(scope.user, scope.task):
        name = attribute_of(text)
        if name is None:
            continue
        if not isinstance(name, str) or not normalize(name) or len(name) > MAX_KEY_CHARS:
            raise InvalidMemory(f"attribute_of(): expected a non-empty attribute name str or None; "
                                f"got {name!r:.200}")
        tx.set_attribute(mid, normalize(name))


def _decide(tx, scope: Scope, contradicts, attribute_of):
    """Read what the run needs and decide; returns (run, stats). Writes nothing but an
    injected attribute_of()'s keys (they are part of the run's transaction)."""
    st, user = tx.storage, scope.user
    st.fold_lock(user)
    if attribute_of is not None:
        _keyed_by_hook(tx, scope, attribute_of)
    marked = st.fold_pending(user, scope.task)
    new_count = len(marked)
    # The largest id (every row ever written) stands in for the store's size: one index read, not a count.
    scan = new_count > _SCAN_SHARE * st.fold_size()
    pending = set() if scan or not new_count else st.fold_pending_keys(user, scope.task)

    def texts(ids):
        return st.fold_texts(user, ids)
    new = {i for i, _ in marked}
    fresh = {i for i, f in marked if f}
    del marked
    stats = {"scanned": 0}
    families = _families(st, scope, pending, scan, new, contradicts is None, stats)
    if scan:  # the whole ledger of the scope
        ledger = st.fold_ledger(user)
    else:  # the entries on the rows read, through their indexes on a and b
        families = list(families)
        ledger = st.fold_ledger_on(user, {r[ID] for f in families for r in f})
    run = _Run(ledger=ledger, policies=st.fold_policies(), contradicts=contradicts, texts=texts, new=new,
               fresh=fresh)
    del ledger
    bookkeeping = {(e.kind, *sorted((e.a, e.b))) for e in run.ledger
                   if e.kind in ("cross-scope duplicate", "changed value") and e.state == "open"}
    for family in families:
        run.family(family, scope, run.policies.get(family[0][ATTR], DEFAULT_POLICY))
    run.changed_values()
    for u, t in run.cross:
        if ("cross-scope duplicate", *sorted((u[ID], t[ID]))) not in bookkeeping:
            run.openings.append(("cross-scope duplicate", u[ID], t[ID], u[USER],
                                 f"same text at user level and in task {t[TASK]!r}"))
    run.openings = [o for o in run.openings if o[0] == "contradiction" or (o[0], *sorted(o[1:3])) not in bookkeeping]
    return run, stats


def _apply(tx, scope, run: _Run, stats, zombie_after_days):
    """Write a run's decisions through the transaction; return the Report (read inside it)."""
    st, user = tx.storage, scope.user
    clock = tx.tick()
    run_id = st.fold_start_run(user, scope.task, len(run.steps), clock=clock, now=tx.now)
    tx.close_entries(run.closed)
    st.fold_retire(user, run.steps, run=run_id, clock=clock, now=tx.now, scanned=stats["scanned"])
    # A duplicate's entries follow its survivor; then any entry on a retired row closes with it
    # (memory.carry_ledger: the rule Policy.decide, and so recall's view, expects).
    tx.carry_entries(user, run.ledger, run.steps, run.closed_set)
    opened = tx.open_conflicts([o for o in run.openings if o[1] not in run.retired_ids
                                and o[2] not in run.retired_ids], run=run_id, clock=clock)
    st.fold_clear_pending(user, scope.task)
    closed = list(run.closed)
    if zombie_after_days is not None:
        closed.extend((entry, "zombied") for entry in tx.zombify(zombie_after_days, user))
    return Report(run.steps, tx.now, run_id, opened, closed, st.fold_unattributed_ids(user, scope.task), tx.store)


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
    if zombie_after_days is not None and (isinstance(zombie_after_days, bool) or not isinstance(
            zombie_after_days, (int, float)) or not 0 <= zombie_after_days < float("inf")):
        raise InvalidMemory(f"zombie_after_days: expected days as a finite number >= 0, or None; "
                            f"got {zombie_after_days!r:.200}")
    # A full pass holds a million row tuples at once; they form no reference cycles, and the
    # cyclic collector would rescan them again and again (measured: 1.2 s at 1M rows).
    collecting = gc.isenabled()
    gc.disable()
    try:
        # plan runs the very same code as consolidate and rolls back: the two cannot disagree.
        with store.transaction(dry_run=dry_run) as tx:
            run, stats = _decide(tx, scope, contradicts, attribute_of)
            report = _apply(tx, scope, run, stats, zombie_after_days)
        return report, run
    finally:
        if collecting:
            gc.enable()


def plan(store: MemoryStore, scope, *, contradicts=None, attribute_of=None,
         zombie_after_days: float | None = ZOMBIE_AFTER_DAYS) -> Plan:
    """The decisions `consolidate` would make now, without writing anything.

    Returns a Plan: a list of Step(kept, retired, rule) in decision order, with `.conflicts`
    (Opening items), `.closed` and `.unattributed`. Runs the same code as consolidate inside
    a transaction that is rolled back (so it briefly takes the write lock).
    """
    report, run = _run(store, scope, contradicts, attribute_of, zombie_after_days, True)
    return Plan([Step(k, r, rule) for k, r, rule, _ in run.steps],
                [Opening(c.kind, c.a, c.b, c.reason) for c in report.conflicts],
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


# --- cron -------------------------------------------------------------------------------------

def main(argv=None) -> int:
    """`python consolidate.py DB (--user U | --all) [--task T] [--dry-run] [--timeout S] [--json]`.

    Exit 0 on success, 1 when nothing was found or the store refused (one line on stderr: a
    missing or foreign file, an unknown user, a lock held past --timeout), 2 on bad usage.
    DB is a file path or a PostgreSQL URL (memory.open_db: a URL loads adapters/postgres.py).
    """
    from memory import DB_HELP, open_db
    parser = argparse.ArgumentParser(prog="consolidate.py", description="Consolidate a memory store (cron).",
                                     allow_abbrev=False)
    parser.add_argument("db", help=DB_HELP + "; a file must exist (never created)")
    who = parser.add_mutually_exclusive_group(required=True)
    who.add_argument("--user", help="consolidate this user")
    who.add_argument("--all", action="store_true", help="consolidate every user")
    parser.add_argument("--task", help="only this task (default: every level); '-' = user level only")
    parser.add_argument("--dry-run", action="store_true", help="print the decisions, write nothing")
    parser.add_argument("--timeout", type=seconds, default=30.0,
                        help="seconds to wait for another writer's lock (default 30)")
    parser.add_argument("--json", action="store_true", help="print JSON instead of a table")
    args = parser.parse_args(argv)
    for flag, value in (("--user", args.user), ("--task", args.task)):
        if value is not None and not value.strip():
            parser.error(f"{flag}: expected a non-empty id; got {value!r}")  # exit 2: bad usage
    task = ALL if args.task is None else (None if args.task == "-" else args.task)
    try:
        scope = Scope(ALL if args.all else args.user, task)
        # A dry run only reads (plan works on a private copy of a read-only store).
        with (open_for_reading(args.db, timeout=args.timeout) if args.dry_run else
              open_db(args.db, timeout=args.timeout, create=False)) as store:
            if not args.all:
                require_user(store, args.user)
            if args.dry_run:
                result = plan(store, scope)
                steps, opened, closed, run = list(result), result.conflicts, result.closed, None
            else:
                report = consolidate(store, scope)
                steps, opened, closed, run = report.resolutions, report.conflicts, report.closed, report.run
                store.maintain()  # cron's housekeeping: merge index segments, checkpoint the WAL
            ids = sorted({i for s in steps for i in (s.kept, s.retired)} | {i for c in opened for i in (c.a, c.b)})
            rows = {m.id: m for m in (store.get(i) for i in ids) if m}
    except (StoreError, ValueError) as exc:
        return report_error("consolidate.py", exc)

    def side(i):
        m = rows.get(i)
        return {"id": i, "user": m.user if m else None, "task": m.task if m else None,
                "text": m.text if m else None}
    if args.json:
        print(json.dumps({
            "run": run, "dry_run": args.dry_run,
            "resolutions": [{"user": side(s.kept)["user"], "kept": s.kept, "retired": s.retired, "rule": s.rule,
                             "kept_text": side(s.kept)["text"], "retired_text": side(s.retired)["text"]}
                            for s in steps],
            "conflicts_opened": [{"kind": c.kind, "a": c.a, "b": c.b, "reason": c.reason,
                                  "user": side(c.a)["user"], "a_text": side(c.a)["text"],
                                  "b_text": side(c.b)["text"]} for c in opened],
            "conflicts_closed": [{"id": e, "reason": r} for e, r in closed],
        }, indent=2, ensure_ascii=False))
        return 0
    def count(n, one, many):
        return f"{n} {one if n == 1 else many}"
    verb = "would write" if args.dry_run else f"run {run}: wrote"
    print(f"{'dry run: ' if args.dry_run else ''}{verb} {count(len(steps), 'resolution', 'resolutions')}, "
          f"{'open' if args.dry_run else 'opened'} {count(len(opened), 'ledger entry', 'ledger entries')} and "
          f"{'close' if args.dry_run else 'closed'} {count(len(closed), 'ledger entry', 'ledger entries')}")
    if steps:
        print(f"{'user':<12}  {'kept':>8}  {'retired':>8}  {'rule':<30}  retired text")
        for s in steps:
            print(f"{str(side(s.kept)['user'])[:12]:<12}  {s.kept:>8}  {s.retired:>8}  {s.rule:<30}  "
                  f"{(side(s.retired)['text'] or '')[:60]!r}")
    for c in opened:
        print(f"ledger: {c.kind} for {side(c.a)['user']} between {c.a} {side(c.a)['text']!r} and "
              f"{c.b} {side(c.b)['text']!r}: {c.reason}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
