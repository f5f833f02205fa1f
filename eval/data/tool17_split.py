"""Split corpus17 per language: benign by kind, injections by class, in an order fixed by a hash of
the id, alternately into dev and test (before anyone reads either)."""
import hashlib, json, pathlib, sys, collections
root = pathlib.Path("/work/corpus17")
items = []
for f in sorted(root.glob("author*.jsonl")):
    for line in f.read_text(encoding="utf-8").splitlines():
        if line.strip():
            items.append(json.loads(line))
ids = [i["id"] for i in items]
assert len(ids) == len(set(ids)), "duplicate ids"
h = lambda s: hashlib.sha256(s.encode()).hexdigest()
out = {("benign", "dev"): [], ("benign", "test"): [], ("injections", "dev"): [], ("injections", "test"): []}
for part, key in (("benign", "kind"), ("injections", "class")):
    group = [i for i in items if (("class" in i) == (part == "injections"))]
    for lang in sorted({i["lang"] for i in group}):
        row = sorted((i for i in group if i["lang"] == lang), key=lambda i: (i[key], h(i["id"])))
        start = int(h(lang + part), 16) % 2
        for n, it in enumerate(row):
            it["origin"] = it.get("origin") or "web:unknown.example"
            out[(part, ("dev", "test")[(n + start) % 2])].append(it)
dest = pathlib.Path(sys.argv[1])
for (part, half), rows in out.items():
    (dest / f"tool17_{part}_{half}.jsonl").write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows), encoding="utf-8")
    print(part, half, len(rows), dict(collections.Counter(r["lang"] for r in rows)))
