"""Run scenario.json through the store and consolidation; print before/after tables and write
the recorded result (consolidation-result.json) deterministically.

    python demo.py                # print the tables, (re)write consolidation-result.json
    python demo.py --out PATH     # write the result elsewhere (the golden test uses this)

The store is in memory and the result holds no wall-clock times or paths, so a fresh run
reproduces the recorded file byte for byte.
"""

import argparse
import json
import sys
from pathlib import Path

from consolidate import consolidate
from memory import ALL, MemoryStore

HERE = Path(__file__).resolve().parent


def _table(rows, headers):
    widths = [max(len(str(x)) for x in col) for col in zip(headers, *rows)]
    line = "  ".join(f"{{:<{w}}}" for w in widths)
    return "\n".join([line.format(*headers), line.format(*("-" * w for w in widths))]
                     + [line.format(*map(str, r)) for r in rows])


def run(scenario: dict, out=print) -> dict:
    """Replay a scenario; print tables with `out`; return the result as a JSON-ready dict."""
    user = scenario["user"]
    with MemoryStore(":memory:") as store:
        for attribute, policy in scenario.get("declare", {}).items():
            store.declare(attribute, policy)
        store.add_many([dict(fact, user=user) for fact in scenario["facts"]])

        def visible(task):
            return [m for m in store.current(user, task)]

        before = {t: visible(t) for t in scenario["shown_tasks"]}
        first = consolidate(store, user)
        second = consolidate(store, user)
        after = {t: visible(t) for t in scenario["shown_tasks"]}
        text = {m.id: m.text for m in store.memories(user)}
        ledger = store.conflicts(user, state=None, kinds=None)

        for task in scenario["shown_tasks"]:
            for label, facts in (("before", before[task]), ("after", after[task])):
                out(f"\nCurrent facts in task {task!r}, {label} consolidation ({len(facts)}):")
                out(_table([(m.id, m.task or "(user)", m.attribute or "-", m.text) for m in facts],
                           ("id", "level", "attribute", "text")))
        out(f"\nRun {first.run}: {len(first.resolutions)} resolutions (retired rows stay stored):")
        out(_table([(r.kept, text[r.kept], r.retired, text[r.retired], r.rule) for r in first.resolutions],
                   ("kept", "kept text", "retired", "retired text", "rule")))
        out(f"\nConflict ledger ({len(ledger)} entries; both sides stay current):")
        out(_table([(c.id, c.kind, f"{c.a}: {text[c.a]}", f"{c.b}: {text[c.b]}", c.state) for c in ledger],
                   ("entry", "kind", "a", "b", "state")))
        out(f"\nRun {second.run}: {len(second.resolutions)} resolutions, {len(second.conflicts)} new "
            "ledger entries (a second run finds nothing new).")
        out(f"Facts without an attribute after the run: {len(first.unattributed)}")
        return {
            "user": user,
            "memories": [{"id": m.id, "task": m.task, "attribute": m.attribute, "kind": m.kind,
                          "status": m.status, "text": m.text} for m in store.memories(user)],
            "current_before": {t: [m.id for m in before[t]] for t in before},
            "current_after": {t: [m.id for m in after[t]] for t in after},
            "current_all_levels": [m.id for m in store.current(user, ALL)],
            "runs": [{"run": r.run,
                      "resolutions": [{"kept": x.kept, "retired": x.retired, "rule": x.rule}
                                      for x in r.resolutions],
                      "conflicts_opened": [{"kind": c.kind, "a": c.a, "b": c.b, "reason": c.reason}
                                           for c in r.conflicts]} for r in (first, second)],
            "ledger": [{"id": c.id, "kind": c.kind, "a": c.a, "b": c.b, "state": c.state} for c in ledger],
            "unattributed": [m.id for m in first.unattributed],
        }


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=" ".join(__doc__.split("\n\n")[0].split()))
    parser.add_argument("--scenario", default=str(HERE / "scenario.json"))
    parser.add_argument("--out", default=str(HERE / "consolidation-result.json"))
    args = parser.parse_args(argv)
    with open(args.scenario, encoding="utf-8") as f:
        scenario = json.load(f)
    result = run(scenario)
    with open(args.out, "w", encoding="utf-8", newline="\n") as f:
        f.write(json.dumps(result, indent=2, ensure_ascii=False) + "\n")
    print(f"\nwrote {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
