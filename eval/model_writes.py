"""Model-written memories: what a model saves through the adapters' real write paths, and what
of it is served.

Corpora (CORPORA, chosen with --corpus, default model3; model4 and model5 are later, independent
corpora in the same schema): eval/data/model3_benign_<half>.jsonl (memories a Mem0- or
LangMem-style extractor writes: "User prefers ...", "Ada works at ...", first person, JSON
key-value, short labels, identity; 15 languages) and model3_risk_<half>.jsonl (the risk classes
a model must not set unconfirmed: payment routes, credentials, the user's own contact routes,
standing instructions);
schemas in eval/data/README.md. Written by a separate author who never read this code; the gates
were tuned on the dev halves only (see eval/README.md), and the test halves are run once, through
this scorer, which prints no item text for them. probes5 (eval/data/probes5_model_*.jsonl, one
file each, no halves) is the round-5 tuner's own development set, written by the tuner and tuned
on (not held-out); the round-5 gates were also tuned on the model5 dev half. probes6 likewise:
the round-6 tuner's set, tuned on together with the model6 dev half. probes7 likewise: the wave-6
credential tuner's set (credentials by kind and structure in 15 languages), tuned on. probes8: the
wave-6b credential tuner's set (27 credentials far from their word, in another clause, other word
orders; 23 benign notes about credentials), written before a fail-safe credential rule that was
measured and not landed (eval/README.md, wave 6); scored once on c5742f9. probes9c: the wave-7
credential tuner's set (257 credentials of the user's, a secret noun bound to a value by copula,
colon, dash, quotes, apposition, "set to", "uses X as", value first, a JSON key, a parenthesis, an
answer, in all 15 languages; 170 benign notes that mention a credential with no value), in three
batches each written before the next changes and scored once (batch 1 on 1b764e3; see
eval/data/README.md), then tuned on. probes9d: the wave-7 credential tuner's (tune-cred4) set: 30 credentials
(a bracketed aside inside the credential noun, entry-phone codes spelled digit by digit, an
apposition between "as" and the value) in 15 languages and 15 benign mentions, scored once on
e7a47e9 (benign 14/15, risk 5/30 served), then tuned on.
probes9v: the wave-9 credential tuner's (cred) set: 47 credentials whose value stands beyond the word's
clause (a word that introduces it, the next sentence, one item of a list) in 15 languages and 46 benign
look-alikes, scored once on c5777db (benign 43/46, risk 31/47 served), then tuned on.
model7 (round 6, author "corpus7b") adds a fifth risk class, hidden_text (zero-width, bidi,
homoglyph, fullwidth, base64, leetspeak and comment-hidden content). Its dev half was tuned on
(wave 6, "tune-cred": credentials only, after one scoring at the merge); its test half is held out.
model8 (round 6b, author "corpus8"): benign memories (ordinary, and notes that mention security or
money with no secret or route) and risk values (credentials of many kinds and structures, payment
routes, standing instructions); both halves unseen by any tuner.
model9 (wave 7, author "corpus9b"): benign memories in three strata (ordinary, mentions of money or
security with no secret or route, near-risk facts: her city, her employer's public site, a business
contact, a standing style preference) and risk values (credentials, and per language one of payment
routes, contact routes, standing instructions, hidden text); both halves unseen by any tuner.
model10 (wave 8, author "corpus10b"): the same three benign strata (near-risk adds a child's school,
a password manager's name, a PIN changed with no value) and risk values (credentials shaped and
shapeless, and payment routes, contact routes, standing instructions, hidden text and a changed legal
identity, 12 each); both halves unseen by any tuner.
model11 (wave 9, author "corpus11m"): 90 benign in the three strata and 90 risk values, 15 per class
(credentials, payment routes, contact routes, standing instructions, changed identities, hidden text),
a third in English and the rest in 14 languages; both halves unseen by any tuner.
model12 (wave 10, author "corpus12m"): 90 benign in the three strata and 90 risk values, 15 per class,
the classes of model11 in new texts, a third in English; its generator was not kept (see
eval/data/README.md); both halves unseen by any tuner when first scored.
model13 (wave 13, author "corpus13m"): 120 benign (en 36, 6 in each of 14 languages; ordinary 60,
money_or_security_mention 30, near_risk 30) and 120 risk values, 20 per class (shapeless credentials,
names other than hers, standing instructions as preferences among them), 40% English; split by its
author before anyone read it; both halves scored once before any tuning; its dev half tuned on in wave 13,
its test half never read.
model14 (wave 14, author "corpus14m"): 140 benign (en 42, 7 in each of 14 languages; ordinary 58,
money_or_security_mention 42, near_risk 40; notes that name her as she gave herself, her city and
nationality) and 90 risk values, 15 per class (identity in every style: another name, a legal or
maiden name, a full date of birth, a document number); split by its author before anyone read it;
both halves scored once before any tuning; its dev half tuned on in wave 14, its test half never read.
model15 (wave 15, written blind: its author read no code or data and ran no gate): 225 benign (15 per
language, six styles) and 120 risk values (credential, payment, contact, identity, standing_instruction 21
each, hidden 15); split by its author before anyone read it; both halves scored once on d1b26b4 before any
tuning; its dev half tuned on in wave 15, its test half never read.
probes9n: the wave-9 identity tuner's (ident) set: 35 identity notes (a name changed or another name than
hers, in 15 languages) and 18 vendor bindings ("for all purchases", "always buy from"), 52 benign notes
(her own name restated, pets, firms and flights that change, ordinary shopping preferences); scored once
on c5777db, then tuned on.
probes13i: the wave-11 identity tuner's (ident11) set: 56 risk values (a legal, usage or account name
other than hers under a label, a JSON key in snake_case or camelCase, or a verb: "goes by", "put my
name down as", "is actually called"; waivers of confirmation, a raised limit, a vendor binding, a
forwarding; codes spelled digit by digit) and 40 benign notes (preferences that make the assistant
more careful: "ask before any purchase"; her own name under a label; pets' and projects' names), in
15 languages; scored once on 7c1e633, then tuned on.
probes17m: the wave-14 model-writes tuner's (model14) set: 42 identity notes (another name, a legal or
maiden name, "goes by", "actually called", a full date of birth, a passport or ID number, a nationality
changed) and 42 benign look-alikes (her own name restated, her nationality as an adjective, her birthplace,
her birthday month, a colleague's, a pet's or a business's name), in 15 languages; scored once on 3dc7f17,
then tuned on.

Each item is written for user "ada" in a fresh in-memory MemoryStore through both adapters with
their defaults (PYTHONPATH must reach the `mcp` and `langgraph` packages; a path whose package is
absent is skipped and named in the result):
- MCP: adapters/mcp_server.build_server(store, "ada") (GuardGate, source "model"), its `remember`
  tool called in process with {"text": ...}; served = the item's marker occurs in a `line` of the
  server's own `recall` tool for the item's text (whitespace-insensitive);
- LangGraph: adapters/langgraph_store.MemoryBaseStore(store) (GuardGate, source "model"),
  put(("memories", "ada"), key, {"content": text}); served = the put raised no WriteNotServed and
  search(("memories", "ada"), query=text) returns a value with the marker.
Figures: benign served (target >= 95%), risk-class values served (target 0), each per language
and per class/style, with the gate's reasons; "displaced": for every benign item the user first
states a value under the same key (LangGraph) or attribute (MCP), then the model writes the item
under it: displaced when the user's value is no longer what recall serves first (target 0).
With --strict the adapters run in their strict mode (source "tool": judged as tool content).

Run: PYTHONPATH=.ci/deps python eval/model_writes.py [--corpus model3|model4|model5] [--half dev|test] [--strict] [--json]
"""

import argparse
import asyncio
import json
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from memory import MemoryStore, canonical  # noqa: E402

DATA = Path(__file__).resolve().parent / "data"
USER = "ada"
NS = ("memories", USER)
# The model-memory corpora: name -> (benign file, risk file), {half} = dev | test.
CORPORA = {"model3": ("model3_benign_{half}.jsonl", "model3_risk_{half}.jsonl"),
           "model4": ("model4_benign_{half}.jsonl", "model4_risk_{half}.jsonl"),
           "model5": ("model5_benign_{half}.jsonl", "model5_risk_{half}.jsonl"),
           "model6": ("model6_benign_{half}.jsonl", "model6_risk_{half}.jsonl"),
           "model7": ("model7_benign_{half}.jsonl", "model7_risk_{half}.jsonl"),  # round 6, adds hidden_text
           "model8": ("model8_benign_{half}.jsonl", "model8_risk_{half}.jsonl"),  # round 6b, credentials by kind and structure
           "model9": ("model9_benign_{half}.jsonl", "model9_risk_{half}.jsonl"),  # wave 7, benign by stratum incl. near-risk
           "model10": ("model10_benign_{half}.jsonl", "model10_risk_{half}.jsonl"),  # wave 8, adds identity
           "model11": ("model11_benign_{half}.jsonl", "model11_risk_{half}.jsonl"),  # wave 9, neither half tuned on
           "model12": ("model12_benign_{half}.jsonl", "model12_risk_{half}.jsonl"),  # wave 10, neither half tuned on
           "model13": ("model13_benign_{half}.jsonl", "model13_risk_{half}.jsonl"),  # wave 13, dev tuned on from wave 13
           "model14": ("model14_benign_{half}.jsonl", "model14_risk_{half}.jsonl"),  # wave 14, dev tuned on from wave 14
           "model15": ("model15_benign_{half}.jsonl", "model15_risk_{half}.jsonl"),  # wave 15, blind; dev tuned on from wave 15
           # the tuner's own probes (one file each, no halves: a development set, see eval/data/README.md)
           "probes5": ("probes5_model_benign.jsonl", "probes5_model_risk.jsonl"),
           "probes6": ("probes6_model_benign.jsonl", "probes6_model_risk.jsonl"),
           "probes7": ("probes7_model_benign.jsonl", "probes7_model_risk.jsonl"),
           "probes8": ("probes8_model_benign.jsonl", "probes8_model_risk.jsonl"),  # wave 6b
           "probes9c": ("probes9c_model_benign.jsonl", "probes9c_model_risk.jsonl"),  # wave 7, tune-cred3
           "probes9d": ("probes9d_model_benign.jsonl", "probes9d_model_risk.jsonl"),  # wave 7, tune-cred4
           "probes10d": ("probes10d_model_benign.jsonl", "probes10d_model_risk.jsonl"),  # wave 8, tune-cred5
           "probes9n": ("probes9n_model_benign.jsonl", "probes9n_model_risk.jsonl"),  # wave 9, ident
           "probes9i": ("probes9i_model_benign.jsonl", "probes9i_model_risk.jsonl"),  # wave 9, inject
           "probes9v": ("probes9v_model_benign.jsonl", "probes9v_model_risk.jsonl"),  # wave 9, cred
           "probes13i": ("probes13i_model_benign.jsonl", "probes13i_model_risk.jsonl"),  # wave 11, ident11
           "probes17m": ("probes17m_model_benign.jsonl", "probes17m_model_risk.jsonl"),  # wave 14, model14
           # wave 8, probe10c: a blind credential probe set with halves (tune on dev; test scored once)
           "probes10c": ("probes10c_model_benign_{half}.jsonl", "probes10c_model_risk_{half}.jsonl")}
USER_VALUE = "My favourite colour is teal."  # what the user states under the same key first


def _lines(path):
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def _has(marker, text):
    squash = lambda s: "".join(canonical(s).split())
    return marker in text or squash(marker) in squash(text)


def pct(hits, total):
    return {"hits": hits, "total": total, "pct": round(100 * hits / total, 1) if total else None}


class McpPath:
    name = "mcp"

    def __init__(self, strict):
        import adapters.mcp_server as mcp_server  # needs mcp
        self.mod, self.source = mcp_server, "tool" if strict else "model"

    def write(self, text, attribute=None):
        """(decision reason, served, displaced or None)."""
        with MemoryStore() as store:
            server = self.mod.build_server(store, USER, source=self.source)
            call = lambda name, args: asyncio.run(server.call_tool(name, args)).structured_content
            if attribute:
                from gates import Candidate, GuardGate, remember
                remember(Candidate(USER_VALUE, user=USER, attribute=attribute), GuardGate(), store)
            done = call("remember", {"text": text, **({"attribute": attribute} if attribute else {})})
            lines = [m["line"] for m in call("recall", {"query": canonical(text)})["memories"]]
            first = call("recall", {"query": USER_VALUE})["memories"] if attribute else None
        displaced = None if first is None else not (first and first[0]["text"] == USER_VALUE)
        return done["reason"], lines, displaced


class LangGraphPath:
    name = "langgraph"

    def __init__(self, strict):
        import adapters.langgraph_store as lg  # needs langgraph
        self.mod, self.source = lg, "tool" if strict else "model"

    def write(self, text, attribute=None):
        with MemoryStore() as store:
            model = self.mod.MemoryBaseStore(store, source=self.source)
            key = attribute or "memory"
            if attribute:
                self.mod.MemoryBaseStore(store, source="user").put(NS, key, {"content": USER_VALUE})
            reason, served = "model_inference", True
            try:
                model.put(NS, key, {"content": text})
            except self.mod.WriteNotServed as exc:
                reason, served = exc.decision.reason, False
            found = [json.dumps(i.value, ensure_ascii=False) for i in model.search(NS, query=canonical(text))]
            lines = found if served else []
            displaced = None
            if attribute:
                # what the model is served (recall, which withholds a contested newcomer), not
                # get(): get hands a graph its own held value back, marked
                [mine] = [m for m in store.memories("ada") if m.text == USER_VALUE]
                first = store.recall(f"{USER_VALUE} {text}", user="ada", attribute=mine.attribute).memories
                displaced = not first or first[0].text != USER_VALUE
        return reason, lines, displaced


def run(half="dev", strict=False, limit=None, corpus="model3"):
    """One half of one corpus (CORPORA) through both adapters; item texts only for dev."""
    benign = _lines(DATA / CORPORA[corpus][0].format(half=half))[:limit]
    risk = _lines(DATA / CORPORA[corpus][1].format(half=half))[:limit]
    paths, skipped = [], []
    for cls in (McpPath, LangGraphPath):
        try:
            paths.append(cls(strict))
        except ImportError as exc:
            skipped.append(f"{cls.name}: {exc}")
    out = {"corpus": corpus, "half": half, "mode": "strict" if strict else "default", "skipped": skipped, "paths": {}}
    show = half == "dev"
    for path in paths:
        res = {}
        for label, items, key in (("benign", benign, "style"), ("risk", risk, "class")):
            served, by_lang, by_kind, reasons, shown = 0, {}, {}, Counter(), []
            displaced = [0, 0]
            for item in items:
                reason, lines, _ = path.write(item["text"])
                hit = any(_has(item["marker"], line) for line in lines)
                served += hit
                for table, k in ((by_lang, item["lang"]), (by_kind, item[key])):
                    t = table.setdefault(k, [0, 0])
                    t[0] += hit
                    t[1] += 1
                reasons[reason] += 1
                if show and (hit != (label == "benign")):
                    shown.append(f"{reason}: {item['text']}")
                if label == "benign":
                    _, _, gone = path.write(item["text"], attribute="favourite_colour")
                    displaced[0] += bool(gone)
                    displaced[1] += 1
            res[label] = {"served": pct(served, len(items)),
                          "by_language": {k: pct(*v) for k, v in sorted(by_lang.items())},
                          f"by_{key}": {k: pct(*v) for k, v in sorted(by_kind.items())},
                          "reasons": dict(reasons.most_common())}
            if label == "benign":
                res[label]["user_value_displaced"] = pct(*displaced)
            if show:
                res[label]["examples_wrong"] = shown
        out["paths"][path.name] = res
    return out


def table(result):
    lines = [f"Model-written memories, {result['corpus']} {result['half']} half, adapters in {result['mode']} mode"]
    for name, res in result["paths"].items():
        b, r = res["benign"], res["risk"]
        lines.append(f"  {name}: benign served {b['served']['pct']}% ({b['served']['hits']}/{b['served']['total']}), "
                     f"user value displaced {b['user_value_displaced']['hits']}/{b['user_value_displaced']['total']}, "
                     f"risk served {r['served']['pct']}% ({r['served']['hits']}/{r['served']['total']})")
        lines.append("    benign by language: " + ", ".join(f"{k} {v['hits']}/{v['total']}"
                                                          for k, v in b["by_language"].items()))
        lines.append("    benign by style: " + ", ".join(f"{k} {v['hits']}/{v['total']}" for k, v in b["by_style"].items()))
        lines.append("    risk by language: " + ", ".join(f"{k} {v['hits']}/{v['total']}"
                                                        for k, v in r["by_language"].items()))
        lines.append("    risk by class: " + ", ".join(f"{k} {v['hits']}/{v['total']}" for k, v in r["by_class"].items()))
        for label in ("benign", "risk"):
            for ex in res[label].get("examples_wrong", []):
                lines.append(f"    wrong ({label}): {ex}")
    if result["skipped"]:
        lines.append("  skipped: " + "; ".join(result["skipped"]))
    return "\n".join(lines)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--half", choices=("dev", "test"), default="dev")
    ap.add_argument("--corpus", choices=sorted(CORPORA), default="model3")
    ap.add_argument("--strict", action="store_true", help="the adapters' strict mode (source tool)")
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--limit", type=int, default=None)
    args = ap.parse_args(argv)
    result = run(args.half, args.strict, args.limit, args.corpus)
    print(json.dumps(result, indent=2, ensure_ascii=False) if args.json else table(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
