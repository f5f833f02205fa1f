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

Declarations: four runs of the same replay, differing only in what is declared up front.
- "schema" (the headline): what a deployer knows before any user speaks: every field path
  of the Fixed_Profile schema (paths only, never values) is `immutable`, every preference
  type (the keys of Preference_Profile) is `many`. Fields that the static-conflict test
  probes but the Fixed_Profile does not hold (Has_Father, Sibling_Count, ...) keep `one`.
- "schema + vocabulary": the schema, plus the default vocabulary (eval/default_policies.json,
  `Vocabulary`) applied by name to every attribute as it is first written: a deployer's
  rule for attributes that do not change, matched on the attribute's name alone.
- "answer key" (a labelled reference, not a result): the old declaration, which also made
  every Target_Field_Path of Static_Conflict_Information `immutable`. That list is the
  answer key of the static test (the fields the data set will later contradict), so this
  run reads the labels it is scored on.
- "newer-wins": nothing declared; every attribute has the default `one` policy.

What this eval reads from the data's labels, and where:
- To write: each session's Revealed_Attributes, Updated_Attributes (State_Before only to
  find where a nested attribute lives), Static_Conflict_Information (Target_Field_Path,
  Value), Conditional_Conflict_Information (Preference_Type, Item, Condition) and
  Others_Dynamic_Information. An item's Role is read to route a Distractor to its person's
  scope (Source_Person_ID): that is perfect attribution of whom a fact is about, which a
  real extractor would have to do, so the leak figure measures scope isolation only.
  Point_A and Point_B are written alike, as user statements in session order.
- To declare: see above; only the "answer key" run reads a label.
- To score: the last session's State_After (dynamic), Role Point_A/Point_B and Conflict_ID
  (static), Role of the conditional items (preferences).
Tuned on: nothing is fitted to a figure. The vocabulary was written from general knowledge,
but by someone who had seen these 3 users' field names, so its row is not a held-out figure.

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

Misses by field: every static conflict a run scores as a miss, grouped by its field path.

Run: python eval/memconflict.py [PATH] [--at-end] [--vocabulary FILE] [--json]
"""

import argparse
import json
import re
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


def schema_policies(records):
    """{attribute: policy} from the profile schema alone: every Fixed_Profile field path is
    immutable, every Preference_Profile key (a preference type) holds many values at once.
    Reads no session and no value: the same for any history these profiles might have."""
    policies = {}
    for record in records:
        for path in leaves(record["Fixed_Profile"]):
            policies[path] = "immutable"
        for kind in record.get("Preference_Profile") or {}:
            policies[kind] = "many"
    return policies


def answer_key_policies(records):
    """The old declaration, kept only as a labelled reference: the schema plus every
    Target_Field_Path of a Point_* static-conflict item, i.e. the static test's answer key,
    and every preference type a Point_* conditional item uses."""
    policies = schema_policies(records)
    for record in records:
        for session in record["Full_Session_Chain"]:
            for item in session["Static_Conflict_Information"]:
                if item["Role"] in POINTS:
                    policies[item["Target_Field_Path"]] = "immutable"
            for item in session["Conditional_Conflict_Information"]:
                if item["Role"] in POINTS:
                    policies[item["Preference_Type"]] = "many"
    return policies


DEFAULT_VOCABULARY = Path(__file__).resolve().parent / "default_policies.json"
_CAMEL = re.compile(r"(?<=[a-z0-9])(?=[A-Z])")
_SEPARATORS = re.compile(r"[\s\-_]+")
_SLOT = re.compile(r"_?\d+$")


def _segment(text):
    """'dateOfBirth' / 'Date of Birth' / 'date-of-birth' -> 'date_of_birth'."""
    return _SEPARATORS.sub("_", _CAMEL.sub("_", text.strip()).casefold()).strip("_")


class Vocabulary:
    """A deployer's default policies by attribute name (eval/default_policies.json).

    `policy(attribute)` is "immutable" or None, from the name alone. The attribute is split
    on "." into segments, each normalized by `_segment`; in a segment that names a person a
    trailing slot number is dropped ("Sibling_1" -> "sibling"). It is immutable when:
    1. its last segment is in immutable_fields and it is about the user (that segment is the
       whole attribute) or about a fixed person (the segment before names one of
       fixed_people); any other parent segment ("Marital_Status.Birthdate", the current
       partner's) leaves it alone;
    2. its last segment is a parent ("Father"), "has_<parent>" ("Has_Mother"), or it is
       "<parent>.name" ("Family.Father.Name"), with the parent in `parents`;
    3. the whole normalized attribute is in immutable_paths.
    """

    def __init__(self, path=DEFAULT_VOCABULARY):
        self.path = Path(path)
        data = json.loads(self.path.read_text(encoding="utf-8"))
        norm = lambda key: frozenset(_segment(x) for x in data.get(key, []))  # noqa: E731
        self.fields, self.people = norm("immutable_fields"), norm("fixed_people")
        self.parents = norm("parents")
        self.paths = frozenset(".".join(_segment(p) for p in x.split("."))
                               for x in data.get("immutable_paths", []))

    def _person(self, segment, names):
        return segment in names or _SLOT.sub("", segment) in names

    def policy(self, attribute):
        """"immutable" when a rule above matches `attribute`, else None."""
        segs = [_segment(s) for s in attribute.split(".")]
        last, parent = segs[-1], (segs[-2] if len(segs) > 1 else None)
        if ".".join(segs) in self.paths:
            return "immutable"
        if last in self.fields and (parent is None or self._person(parent, self.people)):
            return "immutable"
        if (self._person(last, self.parents)
                or (last.startswith("has_") and self._person(last[4:], self.parents))
                or (last == "name" and parent is not None and self._person(parent, self.parents))):
            return "immutable"
        return None


def replay(records, policies, at_end=False, policy_of=None):
    """Write every session into one fresh store; returns (store, {memory id: Fact},
    {attribute: policy} declared by `policy_of`).

    `policies` are declared before the first write; `policy_of(attribute) -> policy | None`,
    if given, is asked once for each attribute not in `policies` when it is first written
    (before the write), as a deployer's naming rule would be."""
    store = MemoryStore()
    for attribute, policy in policies.items():
        store.declare(attribute, policy)
    written, scopes, asked, by_name = {}, set(), set(policies), {}
    for record in records:
        state = {}
        for session in sorted(record["Full_Session_Chain"], key=lambda s: (s["Date"], s["Session_ID"])):
            facts = session_facts(record, session, state)
            if not facts:
                continue
            if policy_of is not None:
                for attribute in sorted({f.attribute for f in facts} - asked):
                    asked.add(attribute)
                    policy = policy_of(attribute)
                    if policy:
                        store.declare(attribute, policy)
                        by_name[attribute] = policy
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
    return store, written, by_name


def score(records, store, written):
    """The figures of one replay, each as [hits, total]; "leaks" is a count,
    "static_by_field" {field path: [hits, total]} and "static_misses" a list of dicts."""
    out = {k: [0, 0] for k in ("dynamic", "static", "static_true_current", "static_ledger_open",
                               "static_true_recalled_first", "preferences", "leak_queries",
                               "leak_query_found_in_own_scope")}
    out["leaks"], out["static_by_field"], out["static_misses"] = 0, {}, []
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
            field = out["static_by_field"].setdefault(mine[t].attribute, [0, 0])
            field[0] += is_current and is_open
            field[1] += 1
            if not (is_current and is_open):
                out["static_misses"].append({
                    "user": uid, "conflict": cid, "field": mine[t].attribute,
                    "true": mine[t].value, "false": mine[f].value,
                    "true_current": is_current, "contradiction_open": is_open})

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


# (key in the result, column label); the first is the headline.
RUNS = (("schema", "schema"), ("schema_vocabulary", "schema+vocab"),
        ("answer_key", "answer key*"), ("newer_wins", "newer-wins"))


def run(path=DEFAULT_PATH, at_end=False, vocabulary=DEFAULT_VOCABULARY):
    """Every run of RUNS on the same records; returns the dict that --json prints, with the
    figures of each run under result["runs"][key]."""
    with open(path, encoding="utf-8") as fh:
        records = [json.loads(line) for line in fh if line.strip()]
    vocab = Vocabulary(vocabulary)
    result = {"data": str(path), "users": len(records),
              "sessions": sum(len(r["Full_Session_Chain"]) for r in records),
              "consolidation": "once at the end" if at_end else "after each session",
              "vocabulary": str(vocab.path), "headline": RUNS[0][0], "runs": {}}
    declarations = {"schema": (schema_policies(records), None),
                    "schema_vocabulary": (schema_policies(records), vocab.policy),
                    "answer_key": (answer_key_policies(records), None),
                    "newer_wins": ({}, None)}
    for name, _label in RUNS:
        policies, policy_of = declarations[name]
        store, written, by_name = replay(records, policies, at_end, policy_of)
        with store:
            figures = score(records, store, written)
        out = {k: ({"hits": v[0], "total": v[1], "pct": _pct(*v)} if isinstance(v, list) else v)
               for k, v in figures.items() if k not in ("static_by_field", "static_misses")}
        out["static_misses"] = figures["static_misses"]
        out["static_by_field"] = {k: {"hits": h, "total": t}
                                  for k, (h, t) in sorted(figures["static_by_field"].items())}
        out["writes"] = len(written)
        out["declared"] = {"immutable": sum(p == "immutable" for p in policies.values()),
                           "many": sum(p == "many" for p in policies.values()),
                           "by_vocabulary": by_name}
        result["runs"][name] = out
    return result


def _pct(hits, total):
    return round(100 * hits / total, 1) if total else None


ROWS = (("dynamic", "dynamic fields = final State_After"),
        ("static", "static: true value current + open contradiction"),
        ("static_true_current", "  static: true value current"),
        ("static_ledger_open", "  static: contradiction open on the ledger"),
        ("static_true_recalled_first", "  static: recall shows the true value first"),
        ("preferences", "conditional preferences kept"),
        ("leaks", "other people's facts in the user's recall"),
        ("leak_query_found_in_own_scope", "  those queries in the person's own scope: hit"))


def _cell(v):
    return str(v) if not isinstance(v, dict) else f"{v['pct']:.1f}% ({v['hits']}/{v['total']})"


def table(result):
    runs = result["runs"]
    lines = [f"MemConflict: {result['users']} users, {result['sessions']} sessions, "
             f"{runs['schema']['writes']} writes; consolidation {result['consolidation']}",
             f"{'figure':<48}" + "".join(f"{label:>17}" for _k, label in RUNS)]
    for key, label in ROWS:
        lines.append(f"{label:<48}" + "".join(f"{_cell(runs[k][key]):>17}" for k, _l in RUNS))
    lines.append("* answer key: also declares the fields the static test will contradict "
                 "(reads the labels it is scored on); a reference, not a result")
    scored = [(k, label) for k, label in RUNS if k != "newer_wins"]
    fields = sorted({f for k, _l in scored for f, c in runs[k]["static_by_field"].items()
                     if c["hits"] < c["total"]})
    lines.append("")
    lines.append(f"{'static misses by field (missed/total)':<48}"
                 + "".join(f"{label:>17}" for _k, label in scored))
    for field in fields:
        lines.append(f"{field:<48}" + "".join(
            f"{c['total'] - c['hits']}/{c['total']}".rjust(17)
            for c in (runs[k]["static_by_field"][field] for k, _l in scored)))
    named = runs["schema_vocabulary"]["declared"]["by_vocabulary"]
    lines.append("")
    lines.append(f"vocabulary ({result['vocabulary']}) declared by name, beyond the schema: "
                 + (", ".join(f"{a} ({p})" for a, p in sorted(named.items())) or "nothing"))
    return "\n".join(lines)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("path", nargs="?", default=str(DEFAULT_PATH))
    parser.add_argument("--at-end", action="store_true", help="consolidate once after the replay")
    parser.add_argument("--vocabulary", default=str(DEFAULT_VOCABULARY),
                        help="policies by attribute name (JSON like eval/default_policies.json)")
    parser.add_argument("--json", action="store_true", help="print the result as one JSON object")
    args = parser.parse_args(argv)
    for what, path in (("data", args.path), ("vocabulary", args.vocabulary)):
        if not Path(path).is_file():  # the data sets are not in the repository (../shared/data)
            parser.error(f"{what} not found: {path}")
    result = run(args.path, args.at_end, args.vocabulary)
    print(json.dumps(result, indent=2) if args.json else table(result))


if __name__ == "__main__":
    main()
