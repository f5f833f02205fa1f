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
import collections
import functools
import gc
import itertools
import json
import operator
import os
import sys
from dataclasses import dataclass

from memory import (ALL, MAX_KEY_CHARS, RANK_STEPS, RUNS_KEPT, InvalidMemory, Memory, MemoryStore,
                    Resolution, StoreError, check_task, check_user, normalize, rank, signature,
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
_SCAN_SHARE = 0.1  # new rows above this share of the store: one ordered scan beats a query per family
_REBUILD_SHARE = 5  # a full pass retiring over 1/5 of the rows it read rebuilds the fold index

# A fold row: what the rules read, with the provenance rank as one integer computed in SQL
# (4: live, 2: user statement, 1: trusted), so comparing ranks is comparing ints.
ID, USER, TASK, NORM, ATTR, RANK, CLOCK, SIG = range(8)
_FOLD_COLUMNS = ("m.id, m.user, m.task, m.norm, m.attribute, "
                 "(m.source <> 'import') * 4 + (m.authority = 'user') * 2 + (m.trust = 'trusted'), "
                 "m.created_at, m.sig")
_CURRENT = "status = 'current' AND kind = 'semantic'"
_FOLD_ROWS = f"SELECT {_FOLD_COLUMNS} FROM memories m WHERE m.status = 'current' AND m.kind = 'semantic' AND "
_FOLD_KEYED = (f"SELECT {_FOLD_COLUMNS} FROM fold_keys k CROSS JOIN memories m "
               "ON m.user = k.user AND m.attribute IS k.attribute "
               "WHERE m.status = 'current' AND m.kind = 'semantic' ORDER BY k.rowid, m.task, m.created_at")
_LIVE_USER = 6  # rank bits of a live user statement
_ROW_ID = operator.itemgetter(ID)


# A ledger entry as the fold needs it (memory.Conflict has every field).
_Entry = collections.namedtuple("_Entry", "id a b opened_clock kind")


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

    def __repr__(self):
        return (f"Plan({list.__repr__(self)}, conflicts={self.conflicts!r}, closed={self.closed!r}, "
                f"unattributed={len(self.unattributed)})")


class Report:
    """What a run wrote: `resolutions` (Resolution list, decision order), `conflicts` (ledger
    entries opened), `closed` ((entry id, reason) pairs), `run` (the run id), and
    `unattributed`: the current facts of the scope without an attribute (what the rules could
    not key), read from the store on first access (the store must still be open)."""

    def __init__(self, resolutions, run, conflicts, closed, unattributed):
        self.run, self.conflicts, self.closed = run, conflicts, closed
        self._resolutions, self._unattributed = resolutions, unattributed

    @functools.cached_property
    def resolutions(self) -> list:
        """Resolution objects, built on first access (a full pass can write hundreds of thousands)."""
        return self._resolutions() if callable(self._resolutions) else list(self._resolutions)

    @functools.cached_property
    def unattributed(self) -> list:
        return self._unattributed() if callable(self._unattributed) else list(self._unattributed)

    def __repr__(self):
        return (f"Report(run={self.run}, resolutions={len(self.resolutions)}, "
                f"conflicts={len(self.conflicts)}, closed={len(self.closed)})")


# --- rules ----------------------------------------------------------------------------------

def _rank_step(higher: int, lower: int) -> str:
    """The name of the first rank step on which rank `higher` beats rank `lower`."""
    for bit, step in zip((4, 2, 1), RANK_STEPS):
        if (higher ^ lower) & bit:
            return step
    raise AssertionError("equal ranks have no deciding step")


def rule_for(winner: Memory, loser: Memory) -> str:
    """The rule the fold gives when `winner` retires `loser` (different norms, winner not lower)."""
    w, l = (sum(b * bit for b, bit in zip(rank(m), (4, 2, 1))) for m in (winner, loser))
    return _rank_step(w, l) if w != l else RULE_NEWER


# Antonyms of "like", for the default contradiction test only (near duplicates stay literal).
_LIKE = {"like", "likes", "love", "loves", "enjoy", "enjoys", "adore", "adores"}
_DISLIKE = {"hate", "hates", "dislike", "dislikes", "detest", "detests", "loathe", "loathes"}


_DISLIKE_STEMS = ("hate", "dislike", "detest", "loathe")  # substrings of every _DISLIKE word
_LIKE_STEMS = ("like", "love", "enjoy", "adore")  # substrings of every _LIKE word


def _sig(row) -> str:
    """A row's stored signature (rows written before it existed get it computed here)."""
    return row[SIG] if row[SIG] is not None else signature(row[NORM])


@functools.lru_cache(maxsize=1 << 16)  # signatures repeat across users and runs
def _polar(sig: str):
    """(content words with like/dislike folded to "like", negated?) from a signature."""
    words, negs = sig.split("\n")
    words = words.split()
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
    (wa, na), (wb, nb) = _polar(signature(normalize(a))), _polar(signature(normalize(b)))
    if na == nb:
        return False
    neg, pos = (wa, wb) if na else (wb, wa)
    return bool(neg) and neg <= pos


class _Run:
    """The decisions of one run, collected before anything is written."""

    def __init__(self, entries, policies, contradicts, texts):
        self.steps: list[tuple] = []       # (kept id, retired id, rule, user)
        self.openings: list[tuple] = []    # (kind, a id, b id, user, reason)
        self.closed: list[tuple] = []      # (entry id, reason)
        self.closed_set: set = set()       # their entry ids
        self.entries = entries             # open/zombied contradiction+contested entries by memory id
        self.policies = policies
        self.contradicts = contradicts
        self.texts = texts                 # ids -> {id: text}, for an injected contradicts()
        self.new: set = set()              # ids of the rows not folded yet (the pending list)
        self.fresh: set = set()            # of those, the ones written since (not re-marked)
        self.retired_ids: set = set()

    def retire(self, kept, retired, rule, frozen):
        if retired[ID] in frozen:  # a row on an open ledger entry is never retired by the fold
            return False
        self.steps.append((kept[ID], retired[ID], rule, kept[USER]))
        self.retired_ids.add(retired[ID])
        return True

    # -- attributed groups --

    def fold_group(self, rows, policy):
        """Fold one attributed group (rows oldest first) under its policy."""
        if policy == "immutable":
            self.fold_immutable(rows)
            return
        if policy == "many":
            by_norm = {}
            for r in rows:
                by_norm.setdefault(r[NORM], []).append(r)
            for same in by_norm.values():
                self.fold(same, self.frozen_ids(same))
            return
        self.fold(rows, set() if self.entries.keys().isdisjoint(map(_ROW_ID, rows)) else self.settle(rows))

    def fold_immutable(self, rows):
        """An immutable group: replay the rows never folded, oldest first, against what is live
        (the group's other current rows and their open contradictions), so one run and many runs
        reach the same state. For each new row r:
        - the same value as a live row v: r is a duplicate of v (or, ranking higher, replaces v);
          a live user statement restating v settles v's contradictions in v's favour;
        - below the top live row (rank, then oldest): retired by the rank step;
        - above it: a live user statement settles everything (an inference never beats the
          user); anything else retires what no open entry holds, and contradicts what stays;
        - the same rank, a different value: a contradiction with the top row, both stay.
        Rows on an open contested entry are never retired here.
        """
        new = [r for r in rows if r[ID] in self.fresh]
        if not any(r[ID] in self.new for r in rows):
            return
        live = [r for r in rows if r[ID] not in self.fresh]
        held = {r[ID] for r in rows for e in self.entries.get(r[ID], ()) if e.id not in self.closed_set
                and e.kind == "contested"}
        pairs = {}  # frozenset of two ids -> existing entry id or None for one opened in this run
        for r in live:
            for e in self.entries.get(r[ID], ()):
                if e.id not in self.closed_set and e.kind == "contradiction":
                    pairs[frozenset((e.a, e.b))] = e.id

        def partners(v):
            return [x for x in live if x is not v and frozenset((v[ID], x[ID])) in pairs]

        def drop(x, kept, rule, settler=None):
            if not self.retire(kept, x, rule, held):
                return False
            live.remove(x)
            for key in [k for k in pairs if x[ID] in k]:
                entry = pairs.pop(key)
                if entry is not None and settler is not None:
                    self.closed.append((entry, f"settled by memory {settler[ID]}"))
                    self.closed_set.add(entry)
            return True

        for r in new:
            user = r[RANK] & _LIVE_USER == _LIVE_USER
            dup = next((v for v in live if v[NORM] == r[NORM]), None)
            if dup is not None and r[RANK] > dup[RANK]:
                if not drop(dup, r, _rank_step(r[RANK], dup[RANK])):
                    live.append(r)  # the copy is held by a contest: both stay
                    continue
            elif dup is not None:
                self.retire(dup, r, RULE_DUPLICATE, held)
                if user:  # the user restated one side: it settles that side's contradictions
                    for x in partners(dup):
                        if r[RANK] >= x[RANK]:
                            drop(x, dup, RULE_NEWER, settler=r)
                continue
            if not live:
                live.append(r)
                continue
            top = max(live, key=lambda v: (v[RANK], -v[CLOCK]))
            if r[RANK] < top[RANK]:
                self.retire(top, r, _rank_step(top[RANK], r[RANK]), held)
                continue
            if r[RANK] > top[RANK]:
                for x in list(live):
                    if user or not partners(x):
                        drop(x, r, _rank_step(r[RANK], x[RANK]), settler=r if user else None)
                if live:
                    top = max(live, key=lambda v: (v[RANK], -v[CLOCK]))
                    pairs[frozenset((top[ID], r[ID]))] = None
                live.append(r)
                continue
            pairs[frozenset((top[ID], r[ID]))] = None
            live.append(r)
        # An entry closed outside a run (forget, resolve) can leave two live values unlinked:
        # each value other than the one shown first is on the ledger with it, or loses by rank.
        if live:
            top = max(live, key=lambda v: (v[RANK], -v[CLOCK]))
            for x in list(live):
                if x is not top and not partners(x) and x[ID] not in held:
                    if x[RANK] < top[RANK]:
                        drop(x, top, _rank_step(top[RANK], x[RANK]))
                    else:
                        pairs[frozenset((top[ID], x[ID]))] = None
        by_id = {r[ID]: r for r in rows}
        for key, entry in pairs.items():
            if entry is None:
                a, b = sorted((by_id[i] for i in key), key=lambda v: v[CLOCK])
                self.openings.append(("contradiction", a[ID], b[ID], a[USER],
                                      f"immutable attribute {a[ATTR]!r} given a new value"))

    @staticmethod
    def _settles(r, a, b):
        """Whether row r, a live user statement after both sides (server clock, so one run and
        many runs agree) ranking at least as high as both, settles the pair (a, b)."""
        return (r[ID] not in (a[ID], b[ID]) and r[RANK] & _LIVE_USER == _LIVE_USER
                and r[CLOCK] > max(a[CLOCK], b[CLOCK]) and r[RANK] >= max(a[RANK], b[RANK]))

    def frozen_ids(self, rows):
        if not self.entries:
            return set()
        return {r[ID] for r in rows for e in self.entries.get(r[ID], ()) if e.id not in self.closed_set}

    def settle(self, rows):
        """Close the group's ledger entries (a contest, under `one`) that a later user statement
        settles (see _settles); return the ids still held by open entries."""
        ids = {r[ID]: r for r in rows}
        entries = sorted({e.id: e for r in rows for e in self.entries.get(r[ID], ())}.values(),
                         key=lambda e: e.id)
        for e in entries:
            a, b = ids.get(e.a), ids.get(e.b)
            if a is not None and b is not None:
                settlers = [r for r in rows if self._settles(r, a, b)]
                if settlers:
                    self.closed.append((e.id, f"settled by memory {settlers[-1][ID]}"))
                    self.closed_set.add(e.id)
        return self.frozen_ids(rows)

    def fold(self, rows, frozen):
        """The left fold of DESIGN.md over rows in server-clock order, carrying `cur`; a row
        held by an open ledger entry is never retired (the fold goes on past it)."""
        cur = None
        for new in rows:
            if cur is None:
                cur = new
                continue
            rc, rn = cur[RANK], new[RANK]
            same = cur[NORM] == new[NORM]
            if rn < rc:
                self.retire(cur, new, RULE_DUPLICATE if same else _rank_step(rc, rn), frozen)
            elif rn > rc:
                self.retire(new, cur, _rank_step(rn, rc), frozen)
                cur = new
            elif same:
                self.retire(cur, new, RULE_DUPLICATE, frozen)
            else:
                self.retire(new, cur, RULE_NEWER, frozen)
                cur = new

    def paired(self, a, b):
        return any(e.id not in self.closed_set and {e.a, e.b} == {a[ID], b[ID]}
                   for e in self.entries.get(a[ID], ()))

    # -- facts without an attribute --

    def triage(self, rows):
        """Near duplicates and contradictions among one level's unattributed facts (oldest first)."""
        frozen = self.frozen_ids(rows)
        groups = collections.defaultdict(list)
        for r in rows:
            groups[_sig(r)].append(r)
        retired = set()
        for same in groups.values():
            if len(same) < 2:
                continue
            cur = same[0]
            for new in same[1:]:
                exact = cur[NORM] == new[NORM]
                if new[RANK] > cur[RANK]:  # the higher rank stays; an exact copy names its rank step
                    if self.retire(new, cur, _rank_step(new[RANK], cur[RANK]) if exact else RULE_NEAR_DUPLICATE,
                                   frozen):
                        retired.add(cur[ID])
                    cur = new
                elif self.retire(cur, new, RULE_DUPLICATE if exact else RULE_NEAR_DUPLICATE, frozen):
                    retired.add(new[ID])
        self.find_contradictions([r for r in rows if r[ID] not in retired] if retired else rows)

    def find_contradictions(self, rows):
        new = self.new
        if new.isdisjoint(map(_ROW_ID, rows)):
            return  # every pair here was judged by an earlier run
        if self.contradicts is not None:  # an injected judge (maybe a model): only pairs with a new fact
            text = self.texts([r[ID] for r in rows])
            pairs = [(a, b) for i, a in enumerate(rows) for b in rows[i + 1:]
                     if (a[ID] in new or b[ID] in new) and self.contradicts(text[a[ID]], text[b[ID]])]
        else:  # default: a negated side against a positive side holding all its content words
            polar = [_polar(_sig(r)) for r in rows]
            negated = [i for i, (words, neg) in enumerate(polar) if neg and words]
            pairs = []
            if negated:
                # word -> positions of the positive rows holding it: a negated side meets only
                # the rows holding all its words (a busy user has thousands of facts).
                holding, is_new = collections.defaultdict(set), set()
                for i, (words, neg) in enumerate(polar):
                    if not neg:
                        for w in words:
                            holding[w].add(i)
                        if rows[i][ID] in new:
                            is_new.add(i)
                for n in negated:  # a new negation meets every row, an old one only the new rows
                    found = sorted((holding.get(w, ()) for w in polar[n][0]), key=len)
                    hits = found[0].intersection(*found[1:]) if found[0] else ()
                    if rows[n][ID] not in new:
                        hits = is_new.intersection(hits)
                    pairs.extend((rows[n], rows[i]) for i in sorted(hits))
        for x, y in pairs:
            a, b = sorted((x, y), key=lambda r: r[CLOCK])
            if not self.paired(a, b):
                self.openings.append(("contradiction", a[ID], b[ID], a[USER],
                                      "default contradiction test" if self.contradicts is None
                                      else "injected contradicts()"))

    # -- one attribute family: (user, attribute) at every level --

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


# Candidates among the facts without an attribute of the users in fold_users, read from indexes
# alone (user, sig): a new fact's signature (fold_sigs, one seek each), no signature, every fact
# of a user with a new unsigned one, the possible negated sides when a user has a new positive
# fact (memories_negated, whose WHERE this must repeat), and the facts holding a word a new
# negation needs (fold_words).
_CURRENT_M = "m.status = 'current' AND m.kind = 'semantic'"
_CANDIDATES = " UNION ".join((
    "SELECT m.user, m.id, m.sig FROM fold_sigs s CROSS JOIN memories m "
    f"ON m.user = s.user AND m.attribute IS NULL AND m.sig = s.sig WHERE {_CURRENT_M}",
    "SELECT m.user, m.id, m.sig FROM fold_users k CROSS JOIN memories m "
    f"ON m.user = k.user AND m.attribute IS NULL AND m.sig IS NULL WHERE {_CURRENT_M}",
    "SELECT m.user, m.id, m.sig FROM fold_users k CROSS JOIN memories m "
    f"ON m.user = k.user AND m.attribute IS NULL WHERE k.whole AND {_CURRENT_M}",
    "SELECT m.user, m.id, m.sig FROM fold_users k CROSS JOIN memories m INDEXED BY memories_negated "
    f"ON m.user = k.user WHERE k.positive AND m.attribute IS NULL AND {_CURRENT_M} AND (substr(m.sig, -1) <> char(10) "
    + "".join(f"OR instr(m.sig, '{w}') " for w in _DISLIKE_STEMS) + ")",
    "SELECT m.user, m.id, m.sig FROM fold_words w CROSS JOIN memories m "
    f"ON m.user = w.user AND m.attribute IS NULL WHERE {_CURRENT_M} AND instr(m.sig, w.word)"))


def _temp_table(conn, name, columns, rows):
    """Fill temp table `name` (created on first use; columns: SQL definitions) with `rows`."""
    conn.execute(f"CREATE TEMP TABLE IF NOT EXISTS {name} ({', '.join(columns)})")
    conn.execute(f"DELETE FROM {name}")
    width = sum(not c.startswith("PRIMARY KEY") for c in columns)
    conn.executemany(f"INSERT INTO {name} VALUES ({', '.join('?' * width)})", rows)


def _partner_words(held):
    """Words one of which every positive fact holding all of `held` (a negation's polar words)
    contains as a substring of its signature: its longest word; for "like" alone, every like
    and dislike stem ("I don't hate it" is a positive "like": two negations)."""
    word = max(sorted(held - {"like"}), key=len, default=None)
    return [word] if word is not None else sorted(_LIKE_STEMS + _DISLIKE_STEMS)


def _families(conn, scope: Scope, pending, scan, run):
    """Yield the rows of every family with a new row: (user, attribute) at every level.

    A scan (many new rows) reads every current fact once and sets run.scanned to the count.
    Otherwise each attributed family with a new row is read whole; of a family without an
    attribute, under the default contradiction test, only what can matter (_relevant).
    """
    where, args = Scope(scope.user).where("m.")  # a family's other levels too, for cross-scope pairs
    if scan:
        # One read in rowid order (ORDER BY id keeps SQLite off the fold index, whose order
        # would fetch every row at random: 4x slower at a million rows), grouped here.
        rows = conn.execute(_FOLD_ROWS + where + " ORDER BY m.id", args).fetchall()
        run.scanned = len(rows)
        clocks = list(map(operator.itemgetter(CLOCK), rows))
        ordered = clocks == sorted(clocks)  # ids and clock rise together, but a migrated v1 file may differ
        del clocks
        families = collections.defaultdict(list)
        for r in rows:
            families[r[USER], r[ATTR]].append(r)
        del rows
        for family in families.values():
            if len(family) > 1 and not run.new.isdisjoint(map(_ROW_ID, family)):
                if not ordered:
                    family.sort(key=operator.itemgetter(CLOCK))
                yield family
        return
    keys = sorted(pending, key=lambda k: (k[0], k[1] is not None, k[1] or ""))
    if run.contradicts is None:
        yield from _relevant(conn, scope)
        keys = [k for k in keys if k[1] is not None]
    # Whole families through a temp table of keys: CROSS JOIN makes SQLite seek the fold index
    # once per key (a row-value IN list, or a plain join without statistics, scans it).
    _temp_table(conn, "fold_keys", ("user TEXT NOT NULL", "attribute TEXT"), keys)
    family, key = [], None
    for r in conn.execute(_FOLD_KEYED):
        if (r[USER], r[ATTR]) != key:
            if len(family) > 1:
                yield family
            family, key = [], (r[USER], r[ATTR])
        family.append(r)
    if len(family) > 1:
        yield family


def _relevant(conn, scope: Scope):
    """Yield, per user, the current facts without an attribute that the default rules can pair
    with a new one: the same signature (duplicate, near duplicate, cross-scope copy), a negated
    side whose words a new positive fact holds, a positive side holding a new negation's words,
    and rows with no signature; the whole family when a new fact has no signature.

    The candidates are picked in SQL from indexes alone (memories_fold and memories_negated,
    by user and sig: no table row is read), the exact test is made here, and only the chosen
    rows are read whole.
    """
    p_where, p_args = scope.where("p.")
    sigs = collections.defaultdict(set)
    for user, sig in conn.execute("SELECT m.user, m.sig FROM pending p CROSS JOIN memories m ON m.id = p.id "
                                  "WHERE p.attribute IS NULL AND m.status = 'current' AND m.kind = 'semantic' "
                                  f"AND {p_where}", p_args):
        sigs[user].add(sig)
    if not sigs:
        return
    users, words = [], set()
    for user, mine in sigs.items():
        polar = [_polar(sig) for sig in mine if sig is not None]
        users.append((user, None in mine, any(not negated for _, negated in polar)))
        for held, negated in polar:
            if negated and held:  # a positive partner holds all these words, so this one
                words.update((user, w) for w in _partner_words(held))
    _temp_table(conn, "fold_users", ("user TEXT PRIMARY KEY", "whole INT", "positive INT"), sorted(users))
    _temp_table(conn, "fold_sigs", ("user TEXT", "sig TEXT", "PRIMARY KEY (user, sig)"),
                sorted((u, sig) for u, mine in sigs.items() for sig in mine if sig is not None))
    _temp_table(conn, "fold_words", ("user TEXT", "word TEXT", "PRIMARY KEY (user, word)"), sorted(words))
    facts = collections.defaultdict(list)
    for user, i, sig in conn.execute(_CANDIDATES):
        facts[user].append((i, sig))
    chosen = []
    for user, rows in facts.items():
        mine = sigs[user]
        if None in mine:
            chosen.extend(i for i, _ in rows)
            continue
        polar = [_polar(sig) for sig in mine]
        positive = [held for held, negated in polar if not negated]
        negations = [held for held, negated in polar if negated and held]
        for i, sig in rows:
            if sig is None or sig in mine:
                chosen.append(i)
                continue
            held, negated = _polar(sig)
            if any(held <= p for p in positive) if negated and held else any(n <= held for n in negations):
                chosen.append(i)
    if not chosen:
        return
    _temp_table(conn, "fold_ids", ("id INTEGER PRIMARY KEY",), zip(sorted(chosen)))
    families = collections.defaultdict(list)
    for r in conn.execute(f"SELECT {_FOLD_COLUMNS} FROM fold_ids f CROSS JOIN memories m ON m.id = f.id"):
        families[r[USER]].append(r)
    for user in sorted(families):
        family = families[user]
        if len(family) > 1:  # levels apart, each in server-clock order, as the keyed read gives them
            family.sort(key=lambda r: (r[TASK] is not None, r[TASK] or "", r[CLOCK]))
            yield family


# Ledger entries as the fold reads them (then the state), FROM ...
_LEDGER = "SELECT c.id, c.a, c.b, c.opened_clock, c.kind, c.state FROM"


def _decide(conn, scope: Scope, contradicts, attribute_of) -> _Run:
    where, args = scope.where()
    policies = dict(conn.execute("SELECT attribute, policy FROM attributes"))

    def texts(ids):
        q = ",".join("?" * len(ids))
        return dict(conn.execute(f"SELECT id, text FROM memories WHERE id IN ({q})", ids))
    run = _Run({}, policies, contradicts, texts)
    run.cross = []
    if attribute_of is not None:  # a classifier may key new unattributed facts so the fold applies
        p_where, p_args = scope.where("p.")
        for mid, text in conn.execute("SELECT m.id, m.text FROM pending p CROSS JOIN memories m ON m.id = p.id "
                                      "WHERE m.attribute IS NULL AND m.status = 'current' AND "
                                      f"m.kind = 'semantic' AND {p_where}", p_args).fetchall():
            name = attribute_of(text)
            if name is None:
                continue
            if not isinstance(name, str) or not normalize(name) or len(name) > MAX_KEY_CHARS:
                raise InvalidMemory(f"attribute_of(): expected a non-empty attribute name str or None; "
                                    f"got {name!r:.200}")
            conn.execute("UPDATE memories SET attribute = ?, sig = NULL WHERE id = ?", (normalize(name), mid))
            conn.execute("UPDATE pending SET attribute = ? WHERE id = ?", (normalize(name), mid))
    new = conn.execute(f"SELECT count(*) FROM pending WHERE {where}", args).fetchone()[0]
    # max(id) (every row ever written) stands in for the store's size: one index read, not a count.
    scan = new > _SCAN_SHARE * (conn.execute("SELECT max(id) FROM memories").fetchone()[0] or 0)
    pending = set() if scan or not new else set(conn.execute(
        f"SELECT DISTINCT user, attribute FROM pending WHERE {where}", args))
    marked = conn.execute(f"SELECT id, fresh FROM pending WHERE {where}", args).fetchall()
    run.new = {i for i, _ in marked}
    run.fresh = {i for i, fresh in marked if fresh}
    del marked
    run.scanned = 0  # rows read by a scan (0: a keyed read), for _apply
    families = _families(conn, scope, pending, scan, run)
    if scan:  # the whole ledger of the scope
        users_sql, users_args = ("", []) if scope.user is ALL else ("AND c.user = ?", [scope.user])
        ledger = conn.execute(f"{_LEDGER} conflicts c WHERE c.state <> 'resolved' {users_sql}",
                              users_args).fetchall()
    else:  # the entries on the rows read, through their indexes on a and b
        families = list(families)
        _temp_table(conn, "ledger_ids", ("id INTEGER PRIMARY KEY",),
                    zip(sorted({r[ID] for f in families for r in f})))
        ledger = conn.execute(" UNION ".join(f"{_LEDGER} ledger_ids i CROSS JOIN conflicts c ON c.{side} = i.id "
                                             "WHERE c.state <> 'resolved'" for side in "ab") + " ORDER BY 1").fetchall()
    open_cross = set()
    run.ledger = []
    for row in ledger:
        e = _Entry(*row[:5])
        run.ledger.append(e)
        if e.kind == "cross-scope duplicate":  # bookkeeping: it holds nothing back from the fold
            if row[5] == "open":
                open_cross.add((e.a, e.b))
            continue
        run.entries.setdefault(e.a, []).append(e)
        run.entries.setdefault(e.b, []).append(e)
    del ledger
    for family in families:
        run.family(family, scope, _policy(policies, family[0][ATTR]))
    for u, t in run.cross:
        if (u[ID], t[ID]) not in open_cross:
            run.openings.append(("cross-scope duplicate", u[ID], t[ID], u[USER],
                                 f"same text at user level and in task {t[TASK]!r}"))
    return run


def _policy(policies, attribute):
    return policies.get(attribute, "one")


def _apply(store, conn, scope, run: _Run, zombie_after_days):
    """Write a run's decisions inside the caller's transaction; return the Report."""
    now = store.now()
    clock = store._tick(conn)
    users_sql, users_args = ("", []) if scope.user is ALL else ("AND user = ?", [scope.user])
    run_id = conn.execute("INSERT INTO runs (recorded_at, clock, user, task, decisions) VALUES (?, ?, ?, ?, ?)",
                          (now, clock, None if scope.user is ALL else scope.user,
                           json.dumps("ALL" if scope.task is ALL else scope.task), len(run.steps))).lastrowid
    for entry, reason in run.closed:
        conn.execute("UPDATE conflicts SET state = 'resolved', resolution = ?, closed_at = ? WHERE id = ?",
                     (reason, now, entry))
    steps = run.steps
    # Changing a large share of an index's entries: dropping it and building it again after
    # costs less than changing its entries one by one (at 1M facts, the fold index: 0.6 s
    # against 1.1 s; resolutions_kept on a first pass: 0.1 s against 0.35 s).
    rebuild = []
    if run.scanned and len(steps) * _REBUILD_SHARE > run.scanned:
        rebuild.append("memories_fold")
    if len(steps) > (conn.execute("SELECT max(id) FROM resolutions").fetchone()[0] or 0):
        rebuild.append("resolutions_kept")
    rebuilt = [conn.execute("SELECT sql FROM sqlite_master WHERE type = 'index' AND name = ?", (name,)).fetchone()[0]
               for name in rebuild]
    for name in rebuild:
        conn.execute(f"DROP INDEX {name}")
    # Written in id order (the report keeps decision order): neighbouring rows share pages.
    # Parameters are built by C iterators: a generator here costs 1 s at a million steps.
    by_retired = sorted(steps, key=operator.itemgetter(1))
    conn.executemany("UPDATE memories SET status = 'retired' WHERE id = ?",
                     zip(map(operator.itemgetter(1), by_retired)))
    conn.executemany("INSERT INTO resolutions (kept, retired, rule, user, run, clock, recorded_at) "
                     "VALUES (?, ?, ?, ?, ?, ?, ?)", map(operator.add, by_retired, itertools.repeat((run_id, clock, now))))
    del by_retired
    for sql in rebuilt:
        conn.execute(sql)

    def resolutions():
        return [Resolution(kept, retired, rule, run_id, now) for kept, retired, rule, _ in steps]
    # Ledger entries (cross-scope bookkeeping) on a retired row close with it.
    gone = {e.a if e.a in run.retired_ids else e.b for e in run.ledger if e.id not in run.closed_set
            and (e.a in run.retired_ids or e.b in run.retired_ids)}
    for memory_id in sorted(gone):
        store._close_conflicts(conn, [memory_id], f"memory {memory_id} retired", now)
    opened = store._open_conflicts(conn, run.openings, run_id, clock, now)  # the run checked they are new
    where, args = scope.where()
    # No WHERE for a whole-store run: SQLite then empties the table without visiting its rows.
    conn.execute("DELETE FROM pending" + ("" if not args else f" WHERE {where}"), args)
    closed = list(run.closed)
    if zombie_after_days is not None:
        cutoff = _utc(store._wall() - zombie_after_days * 86400.0)
        # Only a contradiction can go stale: a contested newcomer is withheld from recall, so its
        # pair is never recalled together, and ageing it would quietly release it.
        for (entry,) in conn.execute(f"SELECT id FROM conflicts WHERE state = 'open' AND co_recalls = 0 AND "
                                     f"kind = 'contradiction' AND opened_at < ? {users_sql}",
                                     [cutoff] + users_args).fetchall():
            conn.execute("UPDATE conflicts SET state = 'zombied', resolution = ? WHERE id = ?",
                         (f"open over {zombie_after_days:g} days and never recalled together", entry))
            closed.append((entry, "zombied"))
    conn.execute("DELETE FROM runs WHERE id <= ?", (run_id - RUNS_KEPT,))

    def unattributed():
        rows = store._db().execute(f"SELECT {_MEMORY_COLUMNS} FROM memories WHERE attribute IS NULL AND "
                                   f"{_CURRENT} AND {where} ORDER BY created_at", args)
        return [_memory(r) for r in rows]
    return Report(resolutions, run_id, opened, closed, unattributed)


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
            zombie_after_days, (int, float)) or zombie_after_days < 0):
        raise InvalidMemory(f"zombie_after_days: expected days as a number >= 0, or None; "
                            f"got {zombie_after_days!r:.200}")
    # A full pass holds a million row tuples at once; they form no reference cycles, and the
    # cyclic collector would rescan them again and again (measured: 1.2 s at 1M rows).
    collecting = gc.isenabled()
    gc.disable()
    try:
        # plan runs the very same code as consolidate and rolls back: the two cannot disagree.
        with store._write(dry_run=dry_run) as conn:
            run = _decide(conn, scope, contradicts, attribute_of)
            report = _apply(store, conn, scope, run, zombie_after_days)
            if dry_run:
                report.unattributed  # read before the rollback: a plan reports the planned state
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
    for flag, value in (("--user", args.user), ("--task", args.task)):
        if value is not None and not value.strip():
            parser.error(f"{flag}: expected a non-empty id; got {value!r}")  # exit 2: bad usage
    task = ALL if args.task is None else (None if args.task == "-" else args.task)
    try:
        if not os.path.isfile(args.db):
            raise StoreError(f"{args.db}: no such database file (or not a file)")
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
    if args.dry_run:
        print(f"dry run: would write {len(steps)} resolution(s), open {len(opened)} and close "
              f"{len(closed)} ledger entr(ies)")
    else:
        print(f"run {run}: wrote {len(steps)} resolution(s), opened {len(opened)} and closed "
              f"{len(closed)} ledger entr(ies)")
    if steps:
        print(f"{'kept':>8}  {'retired':>8}  {'rule':<30}  retired text")
        for s in steps:
            print(f"{s.kept:>8}  {s.retired:>8}  {s.rule:<30}  {texts.get(s.retired, '')[:60]!r}")
    for c in opened:
        print(f"ledger: {c.kind} between {c.a} and {c.b}: {c.reason}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
