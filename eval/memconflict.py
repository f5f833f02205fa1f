"""Replay MemConflict user histories into a MemoryStore and measure conflict handling.

Data: MemConflict (TaoZhen1110/MemConflict, Data/Step4_1.jsonl), 3 synthetic users with
about 50 dated sessions each. Every session becomes writes, in date order:

- Revealed and updated attributes of the user's dynamic profile: one user statement per
  leaf field, attribute = the dotted field path ("Career_Status.Company_Name"), text
  "<path>: <value>". An update restates the whole updated attribute (unchanged leaves fold
  as duplicates). A leaf that an update drops (a partner's name after "Single") is stated as
  "<path>: none", because the user said it no longer applies. The data names one nested
  attribute by its last key only ("Social_Status" lives under "Social_Relationships"), so an
  updated attribute is located by key in the current state.
- Static conflicts: the true value (Point_A) and, sessions later, the false claim (Point_B),
  both as user statements under the field path.
- Conditional preferences (Point_A, B, C, ...): "<type>: <item> (<condition>)" under the
  preference type; these all hold at once.
- Facts about other people (Others_Dynamic_Information and the Distractor entries of the
  static and conditional lists) go to the other person's own scope, user "<user id>/<person
  id>", never the user's.

Policies (the "policies" run): every leaf of the Fixed_Profile and every path the data lists
as a static-conflict field is declared `immutable`; every preference type is declared `many`.
These come from the data's schema (which section a field lives in), never from the values.
The "newer-wins" run declares nothing, so every attribute has the default `one` policy.

Consolidation runs after each session for every scope written in it (a cron job would run
between conversations); `--at-end` instead runs it once per scope after the whole replay.
All three users share one store, as a deployed agent's users would.

Figures:
- dynamic: leaf fields of the dynamic profile (every path ever stated) whose one current
  value equals the last session's State_After (for a dropped leaf: "none" or no value).
- static: static conflicts where the true (earlier) value is still current and an open
  `contradiction` in store.conflicts(user) links it to the false claim.
- static, true value recalled first: recall("<path>") under the user's scope returns the
  true value, ahead of the false claim if both come back (informative).
- preferences: conditional preferences still current (informative).
- leaks: memories from any other scope returned by recall under the user's scope, with
  each distinct fact about another person as the query (k=5); as a check that the queries
  can find anything, the same query in that person's scope must return a memory.

Run: python eval/memconflict.py [PATH] [--at-end] [--json]
"""

import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from consolidate import consolidate  # noqa: E402
from memory import MemoryStore  # noqa: E402

DEFAULT_PATH = (Path(__file__).resolve().parent.parent.parent
                / "shared/data/memconflict/users_public.jsonl")
CLEARED = "none"  # the value stated for a leaf that an update removed
POINTS = ("Point_A", "Point_B", "Point_C", "Point_D", "Point_E")


def leaves(value, prefix=""):
    """{dotted path: scalar} for a nested dict; a scalar is its own single leaf."""
    if not isinstance(value, dict):
        return {prefix: value}
    out = {}
    for key, sub in value.items():
        out.update(leaves(sub, f"{prefix}.{key}" if prefix else key))
    return out


def show(value):
    """A scalar as the text of a statement (ints and booleans as JSON: 2, true)."""
    return value if isinstance(value, str) else json.dumps(value)


def locate(state, name):
    """Dotted path of the attribute `name` in a state: top level, or the nested dict key."""
    if name in state:
        return name
    found = [f"{top}.{name}" for top, sub in state.items() if isinstance(sub, dict) and name in sub]
    if len(found) != 1:
        raise ValueError(f"updated attribute {name!r} is not exactly one key in the state")
    return found[0]


class Fact:
    """One write plus what it means for scoring (role, key, value)."""

    def __init__(self, scope, attribute, text, role, key=None, value=None):
        self.scope, self.attribute, self.text = scope, attribute, text
        self.role, self.key, self.value = role, key, value

    def row(self):
        return {"text": self.text, "user": self.scope, "attribute": self.attribute}


def session_facts(record, session, state):
    """The writes of one session, in a fixed order; `state` (leaf map) is updated in place."""
    uid, people = record["ID"], record.get("Others_Profile", {})
    facts = []

    def mine(path, value):
        state[path] = value
        facts.append(Fact(uid, path, f"{path}: {show(value)}", "dynamic", path, show(value)))

    for path, value in leaves(session.get("Revealed_Attributes") or {}).items():
        mine(path, value)
    for update in session.get("Updated_Attributes") or []:
        base = locate(session["State_Before"], update["Attribute"])
        new = leaves(update["After"], base)
        for path, value in new.items():
            mine(path, value)
        for path in sorted(p for p in state if p.startswith(base + ".") and p not in new):
            if state[path] != CLEARED:  # dropped by this update: say it no longer applies
                mine(path, CLEARED)

    def other(item, attribute, value):
        pid = item["Source_Person_ID"]
        name = people.get(pid, {}).get("Name", pid)
        for path, leaf in leaves(value, attribute).items():
            text = f"{item['Relationship_To_User']} {name}: {path}: {show(leaf)}"
            facts.append(Fact(f"{uid}/{pid}", path, text, "other", pid))

    for item in session["Static_Conflict_Information"]:
        if item["Role"] == "Distractor":
            other(item, item["Target_Field_Path"], item["Value"])
        else:
            path, value = item["Target_Field_Path"], show(item["Value"])
            role = "static_true" if item["Role"] == "Point_A" else "static_false"
            facts.append(Fact(uid, path, f"{path}: {value}", role, item["Conflict_ID"], value))
    for item in session["Conditional_Conflict_Information"]:
        if item["Role"] == "Distractor":
            other(item, item["Preference_Key"], item["Preference_Description"])
        else:
            kind = item["Preference_Type"]
            text = f"{kind}: {item['Item']} ({item['Condition']})"
            facts.append(Fact(uid, kind, text, "preference", (kind, item["Item"])))
    for item in session["Others_Dynamic_Information"]:
        other(item, item["Attribute"], item["Value"])
    return facts


def declared_policies(records):
    """{attribute: policy} from the data's schema: fixed profile and static-conflict fields
    are immutable, preference types hold many values at once."""
    policies = {}
    for record in records:
        for path in leaves(record["Fixed_Profile"]):
            policies[path] = "immutable"
        for session in record["Full_Session_Chain"]:
            for item in session["Static_Conflict_Information"]:
                policies[item["Target_Field_Path"]] = "immutable"
            for item in session["Conditional_Conflict_Information"]:
                if item["Role"] in POINTS:
                    policies[item["Preference_Type"]] = "many"
    return policies


def replay(records, policies, at_end=False):
    """Write every session into one fresh store; returns (store, {memory id: Fact})."""
    store = MemoryStore()
    for attribute, policy in policies.items():
        store.declare(attribute, policy)
    written, scopes = {}, set()
    for record in records:
        state = {}
        for session in sorted(record["Full_Session_Chain"], key=lambda s: (s["Date"], s["Session_ID"])):
            facts = session_facts(record, session, state)
            if not facts:
                continue
            for memory, fact in zip(store.add_many([f.row() for f in facts]), facts):
                written[memory.id] = fact
            touched = sorted({f.scope for f in facts})
            scopes.update(touched)
            if not at_end:
                for scope in touched:
                    consolidate(store, scope)
    if at_end:
        for scope in sorted(scopes):
            consolidate(store, scope)
    return store, written


def score(records, store, written):
    """The figures of one replay, each as [hits, total]."""
    out = {k: [0, 0] for k in ("dynamic", "static", "static_true_current", "static_ledger_open",
                               "static_true_recalled_first", "preferences", "leak_queries",
                               "leak_query_found_in_own_scope")}
    out["leaks"] = 0
    for record in records:
        uid = record["ID"]
        mine = {i: f for i, f in written.items() if f.scope == uid}
        current = {m.id for m in store.current(uid)}

        last = max(record["Full_Session_Chain"], key=lambda s: (s["Date"], s["Session_ID"]))
        final = {p: show(v) for p, v in leaves(last["State_After"]).items()}
        for path in sorted({f.key for f in mine.values() if f.role == "dynamic"}):
            values = [f.value for i, f in mine.items() if i in current and f.role == "dynamic"
                      and f.key == path]
            want = final.get(path)
            ok = values == [want] if want is not None else values in ([], [CLEARED])
            out["dynamic"][0] += ok
            out["dynamic"][1] += 1

        open_pairs = {frozenset((c.a, c.b)) for c in store.conflicts(uid) if c.kind == "contradiction"}
        for cid in sorted({f.key for f in mine.values() if f.role == "static_false"}):
            true = [i for i, f in mine.items() if f.role == "static_true" and f.key == cid]
            false = [i for i, f in mine.items() if f.role == "static_false" and f.key == cid]
            if len(true) != 1 or len(false) != 1:
                continue  # a claim without its earlier true value is not a conflict
            t, f = true[0], false[0]
            is_current = t in current
            is_open = frozenset((t, f)) in open_pairs
            shown = [m.id for m in store.recall(mine[t].attribute, user=uid).memories]
            first = t in shown and (f not in shown or shown.index(t) < shown.index(f))
            for name, ok in (("static", is_current and is_open), ("static_true_current", is_current),
                             ("static_ledger_open", is_open), ("static_true_recalled_first", first)):
                out[name][0] += ok
                out[name][1] += 1

        for i, f in mine.items():
            if f.role == "preference":
                out["preferences"][0] += i in current
                out["preferences"][1] += 1

        queries = sorted({(f.text, f.scope) for f in written.values() if f.role == "other" and
                          f.scope.startswith(uid + "/")})
        for query, scope in queries:
            leaked = [m for m in store.recall(query, user=uid).memories if m.user != uid]
            out["leaks"] += len(leaked)
            out["leak_queries"][0] += bool(leaked)
            out["leak_queries"][1] += 1
            # The same query in the person's own scope must find something, or a zero
            # above would only mean the queries match nothing at all.
            out["leak_query_found_in_own_scope"][0] += bool(store.recall(query, user=scope).memories)
            out["leak_query_found_in_own_scope"][1] += 1
    return out


def run(path=DEFAULT_PATH, at_end=False):
    """Both replays (policies declared, then none); returns the dict that --json prints."""
    with open(path, encoding="utf-8") as fh:
        records = [json.loads(line) for line in fh if line.strip()]
    result = {"data": str(path), "users": len(records),
              "sessions": sum(len(r["Full_Session_Chain"]) for r in records),
              "consolidation": "once at the end" if at_end else "after each session"}
    for name, policies in (("policies", declared_policies(records)), ("newer_wins", {})):
        store, written = replay(records, policies, at_end)
        with store:
            figures = score(records, store, written)
        result[name] = {k: ({"hits": v[0], "total": v[1],
                             "pct": round(100 * v[0] / v[1], 1) if v[1] else None}
                            if isinstance(v, list) else v) for k, v in figures.items()}
        result[name]["writes"] = len(written)
    return result


ROWS = (("dynamic", "dynamic fields = final State_After"),
        ("static", "static: true value current + open contradiction"),
        ("static_true_current", "  static: true value current"),
        ("static_ledger_open", "  static: contradiction open on the ledger"),
        ("static_true_recalled_first", "  static: recall shows the true value first"),
        ("preferences", "conditional preferences kept"),
        ("leaks", "other people's facts in the user's recall"),
        ("leak_query_found_in_own_scope", "  those queries in the person's own scope: hit"))


def table(result):
    lines = [f"MemConflict: {result['users']} users, {result['sessions']} sessions, "
             f"{result['policies']['writes']} writes; consolidation {result['consolidation']}",
             f"{'figure':<50}{'policies':>18}{'newer-wins':>18}"]
    for key, label in ROWS:
        cells = []
        for run_name in ("policies", "newer_wins"):
            v = result[run_name][key]
            cells.append(str(v) if not isinstance(v, dict) else
                         f"{v['pct']:.1f}% ({v['hits']}/{v['total']})")
        lines.append(f"{label:<50}{cells[0]:>18}{cells[1]:>18}")
    return "\n".join(lines)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("path", nargs="?", default=str(DEFAULT_PATH))
    parser.add_argument("--at-end", action="store_true", help="consolidate once after the replay")
    parser.add_argument("--json", action="store_true", help="print the result as one JSON object")
    args = parser.parse_args(argv)
    if not Path(args.path).is_file():  # the data sets are not in the repository (see ../shared/data/README.md)
        parser.error(f"data not found: {args.path}")
    result = run(args.path, args.at_end)
    print(json.dumps(result, indent=2) if args.json else table(result))


if __name__ == "__main__":
    main()
