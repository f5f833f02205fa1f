"""MemFail coexisting facts: do several true preferences of one category all stay current?

Data: MemFail (ishirgarg/MemFail, datasets/coexisting_facts), 50 rows, each a category
("hat styles") and 2-5 preference statements that all hold at once ("I often wear a fedora
...", "Beanies are my go-to ..."). Each row is its own user; its statements are written in
order as user statements under one attribute, the category, then consolidate(store, user).

Runs:
- `many`: the category declared `many`, the policy a deployer declares for a preference
  category whose values coexist;
- `one` (the default, nothing declared): the fold keeps only the newest statement of a row,
  the failure the data set was built to expose;
- no attribute: the statements written without one (as when an extractor assigns none), so
  only the triage of facts without an attribute (near duplicates, contradictions, changed
  values) can retire any of them.
Figures, per run:
- rows: rows where every statement of the row is still current after consolidation;
- values: statements still current, over all rows.

What it reads from the data's labels: preference_category (as the attribute of every
statement of the row, i.e. a perfect extractor that files them under one key) and
preference_facts. The `many` run declares exactly the row's category `many`: the data set's
premise that a row's values coexist, so that row measures that the store honours a declared
`many` (it can fail only by folding two of a row's statements as duplicates), not that it
could guess one. question and ground_truth_answer are never read. Tuned on: nothing.

Run: python eval/memfail.py [PATH] [--json]
"""

import argparse
import csv
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from consolidate import consolidate  # noqa: E402
from memory import MemoryStore  # noqa: E402

DEFAULT_PATH = (Path(__file__).resolve().parent.parent.parent
                / "shared/data/memfail/coexisting_facts_public.csv")


def load(path):
    """[(category, [statement, ...]), ...] in file order."""
    with open(path, encoding="utf-8", newline="") as fh:
        return [(row["preference_category"], json.loads(row["preference_facts"]))
                for row in csv.DictReader(fh)]


RUNS = (("many", "many"), ("one", "one (default)"), ("none", "no attribute"))


def replay(rows, policy):
    """Figures for one run of RUNS: {"rows": [hits, total], "values": [hits, total]}."""
    out = {"rows": [0, 0], "values": [0, 0]}
    with MemoryStore() as store:
        for i, (category, statements) in enumerate(rows):
            if policy == "many":  # "one" is the default: declaring nothing is the baseline
                store.declare(category, policy)
            user = f"memfail-{i}"
            attribute = None if policy == "none" else category
            ids = [m.id for m in store.add_many(
                {"text": s, "user": user, "attribute": attribute} for s in statements)]
            consolidate(store, user)
            current = {m.id for m in store.current(user)}
            kept = sum(mid in current for mid in ids)
            out["rows"][0] += kept == len(ids)
            out["rows"][1] += 1
            out["values"][0] += kept
            out["values"][1] += len(ids)
    return out


def run(path=DEFAULT_PATH):
    """Every run of RUNS; returns the dict that --json prints."""
    rows = load(path)
    result = {"data": str(path), "rows": len(rows)}
    for policy, _label in RUNS:
        result[policy] = {k: {"hits": h, "total": t, "pct": round(100 * h / t, 1) if t else None}
                          for k, (h, t) in replay(rows, policy).items()}
    return result


def table(result):
    lines = [f"MemFail coexisting facts: {result['rows']} rows",
             f"{'figure':<40}" + "".join(f"{label:>18}" for _p, label in RUNS)]
    for key, label in (("rows", "rows with every preference current"),
                       ("values", "preferences current")):
        cells = [f"{v['pct']:.1f}% ({v['hits']}/{v['total']})"
                 for v in (result[policy][key] for policy, _l in RUNS)]
        lines.append(f"{label:<40}" + "".join(f"{c:>18}" for c in cells))
    return "\n".join(lines)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("path", nargs="?", default=str(DEFAULT_PATH))
    parser.add_argument("--json", action="store_true", help="print the result as one JSON object")
    args = parser.parse_args(argv)
    if not Path(args.path).is_file():  # the data sets are not in the repository (see ../shared/data/README.md)
        parser.error(f"data not found: {args.path}")
    result = run(args.path)
    print(json.dumps(result, indent=2) if args.json else table(result))


if __name__ == "__main__":
    main()
