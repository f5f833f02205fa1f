"""MemoryAgentBench FactConsolidation: does "newest statement wins" answer from current facts?

Data: MemoryAgentBench FactConsolidation (Conflict_Resolution split), single-hop (`sh`) and
multi-hop (`mh`) at 6k/32k/64k contexts, 100 questions each. A context is lines `N. sentence.`
generated from the MQuAKE cloze templates; a larger N is newer, and a later fact about the same
(relation, subject) replaces the earlier value.

What runs:
1. Ingest. Every fact line, in serial order, is parsed with the cloze templates into
   (relation, subject, object) and written with `store.add_many` as a user statement whose
   attribute is "<relation> <subject>" (`attribute_of`). One user per data file
   (its metadata.source). Then `consolidate(store, user)`.
2. Answer. Only `store.current(user)` is read: each current text is parsed again and indexed
   by its key. A question is decomposed into (start entity, [relations]) and answered by
   looking the relations up one after another from the start entity (one lookup for a
   single-hop question). The default decomposer is deterministic (`Decomposer`); any
   `decompose(question) -> (start, [relations])` can be injected instead, e.g. a model.
3. Score as MemoryAgentBench does for this task: `substring_exact_match`, i.e. the gold
   answer, normalized by its `normalize_answer` (lowercase, ASCII punctuation removed,
   articles a/an/the removed, whitespace collapsed), is a substring of the normalized
   prediction; the maximum over every alias in answers[i]. The prediction is the bare
   current value.

What it reads from the data, and what was tuned on what:
- Facts: the context lines, parsed with the MQuAKE cloze templates, which generated them; so
  parsing is exact by construction and every fact gets the right key "<relation>
  <subject>". The figure measures "newest statement wins" on perfectly keyed facts, not
  attribute extraction from free text.
- Questions: the input. A single-hop question is read with the MQuAKE question templates
  (which generated it), so single-hop decomposition is exact by construction too. Multi-hop
  questions go through CUES and the Decomposer's scoring rule, both written while reading
  the 6k multi-hop questions and, as the note on CUES records, not changed after the 32k
  and 64k files were run. So 32k and 64k are held out, except for the questions they share
  with a 6k file (sh 32k: 10, sh 64k: 1, mh 32k: 14, mh 64k: 7 of 100): `held_out_accuracy`
  counts only the questions found in neither 6k file (TUNING_FILES; both, to be safe).
- Answers (gold): read only to score, and after scoring to explain a miss (label noise,
  `why`); never to answer. Label noise: a gold that is an older value of a key that a later
  fact overwrote; counted as a miss like any other.
- metadata.source: the store's user for the file. MAX_HOPS = 4 is MQuAKE's longest chain.

Reported per file: accuracy %, accuracy on questions whose chain reads an overwritten key,
label noise (questions whose gold is what the chain gives when an overwritten key keeps its
older value, while the current values give something else; scored as misses like any
other), held-out accuracy, facts ingested per second, consolidate time, resolutions
written, and whether every key has exactly one current value.

Run: python eval/factconsolidation.py [FILE ...] [--json]
"""

import argparse
import json
import re
import string
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from consolidate import consolidate  # noqa: E402
from memory import MemoryStore  # noqa: E402

DEFAULT_DIR = Path(__file__).resolve().parent.parent.parent / "shared/data/factconsolidation"
CLOZE_FILE = "mquake_cloze_templates.json"
QUESTION_FILE = "mquake_question_templates.json"
MAX_HOPS = 4  # MQuAKE chains are 2-4 hops; FactConsolidation multi-hop questions come from them
FACT_LINE = re.compile(r"^\s*\d+\.\s+(.+)$")
# The files whose questions were read while CUES and the Decomposer were written.
TUNING_FILES = ("factconsolidation_mh_6k.json", "factconsolidation_sh_6k.json")

# Words that name each relation in a question: the relation's Wikidata label, its template
# wording and common paraphrases, with the phrasing style of the 6k multi-hop questions in
# view when they were written (so 6k is the tuning set). They were then left alone: words
# that later misses show missing (e.g. "seat of government" for a capital) are not added,
# so the 32k and 64k files, whose questions are mostly different (TUNING_FILES and
# held_out_accuracy leave out the ones they share), give a held-out figure. A question
# "cues" a relation when one of these matches outside the start entity's name.
CUES = {
    "P17": r"\bcountry\b|\bnation\b",
    "P19": r"\bborn\b|\bbirth",
    "P20": r"\bdie[ds]?\b|\bdeath\b|\bpass(ed)? away\b|\blast breath\b|\bbreathe\w* \w+ last\b",
    "P26": r"\bmarried\b|\bspouse\b|\bwife\b|\bhusband\b|\bpartner\b",
    "P30": r"\bcontinent\b",
    "P36": r"\bcapital\b",
    "P40": r"\bchild(ren)?\b|\bsons?\b|\bdaughters?\b",
    "P50": r"\bauthor|\bwr[io]te\b|\bwritten by\b|\bwriter\b",
    "P69": r"\beducat|\buniversity\b|\bstudied\b|\bschool\b|\balma mater\b|\bgraduat|\battend",
    "P106": r"\boccupation\b|\bprofession|\bjob\b|\bfield of work\b|\bkind of work\b|\bcareer\b",
    "P112": r"\bfound(ed|er|ers|ing)\b|\bestablish",
    "P127": r"\bown(s|ed|er|ership)?\b",
    "P131": r"\blocated\b|\blocation\b|\bwhere is\b",
    "P136": r"\bgenre\b|\bmusic\b|\bmusical\b|\btype of music\b",
    "P159": r"\bheadquarter|\bhq\b|\bbased\b",
    "P170": r"\bcreat(ed|or|ors)\b",
    "P175": r"\bperform|\bsing(er|s)?\b|\bsang\b|\bsung\b|\bartist\b",
    "P176": r"\bproduc|\bmanufactur|\bmade by\b|\bmaker\b",
    "P264": r"\blabel\b|\brecord company\b",
    "P407": r"\blanguage\b|\bwritten in\b",
    "P413": r"\bposition\b",
    "P495": r"\bcountry\b|\bnation\b|\borigin|\bcome[s]? from\b|\bhail",
    "P740": r"\bfound(ed|ing)\b|\bestablish|\bformed\b|\borigin",
    "P800": r"\bfamous\b|\bknown for\b|\bnotable\b|\bbest.known\b",
    "P364": r"\blanguage\b",
    "P1412": r"\blanguages?\b|\bspeak|\bspoke",
    "P27": r"\bcitizen|\bnationality\b|\bcountry\b|\bnation\b",
    "P937": r"\bwork(ed|s)?\b",
    "P37": r"\bofficial language\b|\blanguage\b",
    "P140": r"\breligio|\bfaith\b|\bbelie|\bdenomination\b",
    "P178": r"\bdevelop",
    "P108": r"\bemploy|\bworks? for\b|\bworked for\b",
    "P641": r"\bsports?\b|\bgame\b|\bplay",
    "P190": r"\btwin|\bsister cit",
    "P463": r"\bmember\b|\bpart of\b|\bbelongs?\b",
    "P449": r"\bbroadcast|\bnetwork\b|\baired\b|\bchannel\b",
    "P35": r"\bhead of state\b|\bchief of state\b|\bpresident\b|\bmonarch\b",
    "P286": r"\bcoach",
    "P1308": r"\boffice\b|\bposition\b|\btitle\b",
    "P488": r"\bchair",
    "P169": r"\bchief executive\b|\bceo\b",
    "P1037": r"\bdirector\b|\bmanag",
    "P6": r"\bhead of (the )?government\b|\bprime minister\b|\bpremier\b|\bmayor\b",
}


# --- parsing -------------------------------------------------------------------------------

def _split_template(template, slot):
    """'The capital of [X] is __' -> ('The capital of ', ' is '), around [X] and `slot`."""
    head, tail = template.split("[X]")
    return head, tail.split(slot)[0] if slot else tail


class Templates:
    """The MQuAKE templates as parsers: fact sentences and single-hop questions.

    P131 and P276 share both their cloze and their question wording, so no reader can tell
    them apart; the first id with a wording names the relation and the two are one key.
    """

    def __init__(self, folder=DEFAULT_DIR):
        folder = Path(folder)
        cloze = json.loads((folder / CLOZE_FILE).read_text(encoding="utf-8"))
        asked = json.loads((folder / QUESTION_FILE).read_text(encoding="utf-8"))
        alias = {}
        for rel, text in cloze.items():
            alias.setdefault(text, rel)
        # Most literal text first: "[X] is located in the country of __" must win over
        # "[X] is located in __", and "The capital of [X] is __" over "The [X] is __".
        by_length = lambda item: -len(item[1]) - len(item[2])  # noqa: E731
        self.facts = sorted({(alias[t],) + _split_template(t, "__") for t in cloze.values()},
                            key=by_length)
        self.questions = sorted({(alias[cloze[r]],) + _split_template(t, None)
                                 for r, t in asked.items()}, key=by_length)

    def parse(self, sentence):
        """(relation, subject, object) of a fact sentence, or None when no template fits.

        Exactly one final full stop is the sentence's own: "Washington, D.C.." keeps the
        object's "D.C.".
        """
        sentence = sentence.strip()
        if sentence.endswith("."):
            sentence = sentence[:-1]
        for rel, head, infix in self.facts:
            if sentence.startswith(head):
                at = sentence.find(infix, len(head) + 1)
                if at > len(head) and sentence[at + len(infix):]:
                    return rel, sentence[len(head):at], sentence[at + len(infix):]
        return None

    def attribute_of(self, sentence):
        """The attribute key "<relation> <subject>" for a fact sentence, or None."""
        parsed = self.parse(sentence)
        return f"{parsed[0]} {parsed[1]}" if parsed else None

    def readings(self, question):
        """Every (subject, relation) a question template gives, most specific first."""
        question = question.strip()
        out = []
        for rel, head, tail in self.questions:
            if (question.startswith(head) and question.endswith(tail)
                    and len(question) > len(head) + len(tail)):
                out.append((question[len(head):len(question) - len(tail)], rel))
        return out


def read_context(context):
    """The fact sentences of a context, in serial order (the header line is skipped)."""
    return [m.group(1) for m in map(FACT_LINE.match, context.splitlines()) if m]


def key(relation, subject):
    # Case-insensitive like the store's attribute comparison, so a chain whose entity is
    # spelled with other capitals still finds its fact.
    return relation, subject.casefold()


# --- answering -----------------------------------------------------------------------------

class Decomposer:
    """Deterministic decompose(question) -> (start entity, [relations]) over a fact graph.

    1. A single-hop question template whose (subject, relation) is a known key answers it.
    2. Otherwise the start entity is the longest known subject named in the question, and
       the chain is the path of current facts from it (at most MAX_HOPS hops, never visiting
       an entity twice) that best fits the question's wording: each hop whose relation is
       cued by a distinct phrase of the question (CUES) scores +1, each uncued hop -1, and at
       least one hop must be cued. Ties go to the shorter path, then to the first path in a
       fixed order (depth first, relation ids sorted as strings).
    The graph is read, never the gold answers. Returns (None, []) when nothing fits.
    """

    def __init__(self, facts, templates):
        self.facts = facts
        self.templates = templates
        self.out = {}
        for (rel, subject_key), (subject, _obj) in facts.items():
            self.out.setdefault(subject_key, []).append(rel)
        for rels in self.out.values():
            rels.sort()
        self.subjects = sorted({s for s, _o in facts.values()}, key=len, reverse=True)
        self.cues = {rel: re.compile(rx) for rel, rx in CUES.items()}

    def __call__(self, question):
        for subject, rel in self.templates.readings(question):
            if key(rel, subject) in self.facts:
                return subject, [rel]
        start, span = self.start(question)
        if start is None:
            return None, []
        text = question.casefold()
        text = text[:span[0]] + " " + text[span[1]:]  # the entity's own words cue nothing
        spans = self._spans(text)
        best, best_score = [], None
        for rels in self.paths(start):
            matched = _matched(rels, spans)
            score = (2 * matched - len(rels), -len(rels))
            # A chain no word of the question asks for would be a guess: leave it unanswered.
            if matched and (best_score is None or score > best_score):
                best, best_score = rels, score
        return (start, best) if best else (None, [])

    def start(self, question):
        """(longest known subject named in the question, its span), or (None, None)."""
        folded = question.casefold()
        for subject in self.subjects:
            at = _find_word(folded, subject.casefold())
            if at >= 0:
                return subject, (at, at + len(subject))
        return None, None

    def _spans(self, text):
        """Cue phrases as [(start, end, {relations})], overlapping matches merged into one."""
        found = sorted((m.start(), m.end(), rel) for rel, rx in self.cues.items()
                       for m in rx.finditer(text))
        spans = []
        for start, end, rel in found:
            if spans and start < spans[-1][1]:
                spans[-1][1] = max(spans[-1][1], end)
                spans[-1][2].add(rel)
            else:
                spans.append([start, end, {rel}])
        return spans

    def paths(self, start):
        """Every relation path from `start` of 1..MAX_HOPS hops over current facts."""
        stack = [(start, [], {start.casefold()})]
        while stack:
            entity, rels, seen = stack.pop()
            if rels:
                yield rels
            if len(rels) == MAX_HOPS:
                continue
            for rel in reversed(self.out.get(entity.casefold(), [])):
                obj = self.facts[key(rel, entity)][1]
                if obj.casefold() not in seen:
                    stack.append((obj, rels + [rel], seen | {obj.casefold()}))


def _find_word(text, needle):
    """Index of `needle` in `text` not inside a longer word, or -1."""
    at = text.find(needle)
    while at >= 0:
        before = text[at - 1] if at else " "
        after = text[at + len(needle)] if at + len(needle) < len(text) else " "
        if not before.isalnum() and not after.isalnum():
            return at
        at = text.find(needle, at + 1)
    return -1


def _matched(rels, spans):
    """Most hops that can each take a distinct cue phrase naming their relation.

    A maximum bipartite matching (augmenting paths): a phrase like "country" may name
    several relations but explains only one hop.
    """
    owner = {}  # span index -> hop index

    def claim(hop, seen):
        for i, (_start, _end, named) in enumerate(spans):
            if rels[hop] in named and i not in seen:
                seen.add(i)
                if i not in owner or claim(owner[i], seen):
                    owner[i] = hop
                    return True
        return False

    return sum(claim(hop, set()) for hop in range(len(rels)))


def walk(facts, start, relations, older=None):
    """The chain's answers: [(value, overwritten keys read)] for every way of reading it.

    With `older` ({key: [earlier values]}), every hop may also take an earlier value of its
    key; the first item is always the all-current reading. An empty list: the chain breaks.
    """
    readings = [(start, ())]
    for rel in relations:
        nxt = []
        for entity, used in readings:
            k = key(rel, entity)
            if k not in facts:
                continue
            nxt.append((facts[k][1], used))
            for value in (older or {}).get(k, []):
                nxt.append((value, used + (k,)))
        readings = nxt
    return readings if relations else []  # no relation asked: no answer, not the start


# --- scoring -------------------------------------------------------------------------------

def normalize_answer(text):
    """MemoryAgentBench's normalize_answer: lowercase, drop ASCII punctuation, drop articles."""
    text = "".join(ch for ch in text.lower() if ch not in string.punctuation)
    return " ".join(re.sub(r"\b(a|an|the)\b", " ", text).split())


def substring_match(prediction, golds):
    """MemoryAgentBench's substring_exact_match, the maximum over every gold alias."""
    pred = normalize_answer(prediction)
    return any(normalize_answer(g) in pred for g in golds) if prediction else False


# --- one file ------------------------------------------------------------------------------

def tuning_questions(folder=DEFAULT_DIR):
    """Every question of the TUNING_FILES found in `folder` (a set of str; empty if none)."""
    seen = set()
    for name in TUNING_FILES:
        path = Path(folder) / name
        if path.is_file():
            seen.update(json.loads(path.read_text(encoding="utf-8"))["questions"])
    return seen


def evaluate(path, store=None, decompose=None, templates=None, seen=None):
    """Ingest one data file into `store` (a fresh in-memory one if None), consolidate, answer.

    `seen`: the questions read while tuning (default: `tuning_questions` of the file's
    folder); `held_out_accuracy` counts only the others.

    `decompose(question) -> (start entity, [relation ids])` replaces the default Decomposer;
    relation ids are the cloze template keys ("P27"). The templates are read from the data
    file's folder unless given. Writes one add_many and one consolidate transaction to the
    store, under the user metadata.source. Returns the per-file figures (a dict).
    """
    path = Path(path)
    data = json.loads(path.read_text(encoding="utf-8"))
    templates = templates or Templates(path.parent)
    user = data["metadata"]["source"]
    own_store = store is None
    store = store or MemoryStore()
    try:
        sentences = read_context(data["context"])
        rows = [{"text": s, "user": user, "attribute": templates.attribute_of(s)}
                for s in sentences]
        started = time.perf_counter()
        written = store.add_many(rows)
        ingest_s = time.perf_counter() - started
        started = time.perf_counter()
        report = consolidate(store, user)
        consolidate_s = time.perf_counter() - started

        current = store.current(user)
        # Every key ingested must end with exactly one current value: none lost, none doubled.
        per_key = Counter(m.attribute for m in current if m.attribute is not None)
        ingested = {m.attribute for m in written if m.attribute is not None}
        one_each = set(per_key) == ingested and all(n == 1 for n in per_key.values())

        facts = _index(templates, (m.text for m in current))
        older = {}
        for res in store.resolutions(user):
            parsed = templates.parse(store.get(res.retired).text)
            if parsed:
                k = key(parsed[0], parsed[1])
                if parsed[2] != facts.get(k, (None, None))[1]:  # a restated value is no change
                    older.setdefault(k, []).append(parsed[2])
        graph = Decomposer(facts, templates)
        items = [_answer(i, q, golds, facts, older, decompose or graph)
                 for i, (q, golds) in enumerate(zip(data["questions"], data["answers"]))]
        for item in items:
            if not item["correct"]:
                item["why"] = _why(item, facts, older, graph)
    finally:
        if own_store:
            store.close()

    hits = sum(it["correct"] for it in items)
    seen = tuning_questions(path.parent) if seen is None else seen
    held = [it for it in items if it["question"] not in seen]
    over = [it for it in items if it["overwritten"]]
    noise = [it for it in items if it["label_noise"]]
    return {
        "source": user,
        "questions": len(items),
        "correct": hits,
        "accuracy": _pct(hits, len(items)),
        "held_out_questions": len(held),
        "held_out_accuracy": _pct(sum(it["correct"] for it in held), len(held)),
        "overwritten_questions": len(over),
        "overwritten_accuracy": _pct(sum(it["correct"] for it in over), len(over)),
        "label_noise_count": len(noise),
        "label_noise": [_brief(it) for it in noise],
        "misses": [_brief(it) for it in items if not it["correct"]],
        "facts": len(sentences),
        "unparsed_facts": sum(r["attribute"] is None for r in rows),
        "facts_per_s": round(len(sentences) / ingest_s) if ingest_s else None,
        "consolidate_s": round(consolidate_s, 3),
        "resolutions": len(report.resolutions),
        "keys": len(ingested),
        "one_current_per_key": one_each,
    }


def _index(templates, texts):
    """{key: (subject, object)} from current fact texts, for keys with one current value.

    A key the store left with several current values answers nothing: picking one here
    would be the evaluator resolving the conflict, and the figure would no longer measure
    the store.
    """
    found = {}
    for text in texts:
        parsed = templates.parse(text)
        if parsed:
            rel, subject, obj = parsed
            found.setdefault(key(rel, subject), []).append((subject, obj))
    return {k: values[0] for k, values in found.items() if len(values) == 1}


def _answer(index, question, golds, facts, older, decompose):
    start, relations = decompose(question)
    readings = walk(facts, start, relations, older) if start else []
    prediction = readings[0][0] if readings else ""
    correct = substring_match(prediction, golds)
    # Overwritten: some key on the chain had an earlier value that a later fact replaced.
    overwritten = any(r[1] for r in readings)
    noise = [r for r in readings if r[1] and substring_match(r[0], golds)]
    return {
        "index": index, "question": question, "golds": golds, "gold": golds[0],
        "prediction": prediction, "start": start, "relations": list(relations),
        "correct": correct, "overwritten": overwritten,
        "label_noise": not correct and bool(noise),
        "older_keys": [f"{k[0]} {facts[k][0]}" for k in noise[0][1]] if noise and not correct
                      else [],
    }


def _why(item, facts, older, graph):
    """Why a question was missed, from the gold answer, after scoring (never used to answer)."""
    if item["label_noise"]:
        return "label noise: gold is the older value of " + ", ".join(item["older_keys"])
    start = item["start"] or graph.start(item["question"])[0]
    if start is None:
        return "no known entity named in the question"
    def hit(readings):
        return any(substring_match(value, item["golds"]) for value, _used in readings)

    for rels in graph.paths(start):
        if hit(walk(facts, start, rels)[:1]):
            return f"wrong chain: current facts give the gold by {start} {' '.join(rels)}"
    for rels in graph.paths(start):
        if hit(walk(facts, start, rels, older)):
            return ("gold only by an older value on another chain: "
                    f"{start} {' '.join(rels)}")
    return f"gold not reachable from {start} in {MAX_HOPS} hops, current or older"


def _brief(item):
    return {k: item.get(k) for k in ("index", "question", "gold", "prediction", "start",
                                     "relations", "older_keys", "why")}


def _pct(hits, total):
    return round(100.0 * hits / total, 1) if total else None


# --- CLI -----------------------------------------------------------------------------------

def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("files", nargs="*", type=Path,
                        help="data files (default: every factconsolidation_*.json in "
                             f"{DEFAULT_DIR})")
    parser.add_argument("--json", action="store_true", help="print one JSON object by source")
    args = parser.parse_args(argv)
    files = args.files or sorted(DEFAULT_DIR.glob("factconsolidation_*.json"))
    if not files:
        parser.error(f"no data files given and none found in {DEFAULT_DIR}")
    results = {}
    with MemoryStore() as store:  # one store, one user per file: files never see each other
        for path in files:
            result = evaluate(path, store)
            results[result["source"]] = result
    if args.json:
        print(json.dumps(results, indent=2, ensure_ascii=False))
        return 0
    head = ("source", "acc %", "held-out acc % (n)", "overwr. acc %", "n overwr.", "noise",
            "facts", "facts/s", "consol. s", "resolutions", "1 per key")
    rows = [(r["source"], r["accuracy"],
             f"{r['held_out_accuracy']} ({r['held_out_questions']})" if r["held_out_questions"]
             else "- (0)", r["overwritten_accuracy"], r["overwritten_questions"],
             r["label_noise_count"], r["facts"], r["facts_per_s"], r["consolidate_s"],
             r["resolutions"], "yes" if r["one_current_per_key"] else "NO")
            for r in results.values()]
    widths = [max(len(str(x)) for x in col) for col in zip(head, *rows)]
    for row in (head, *rows):
        print("  ".join(str(x).ljust(w) for x, w in zip(row, widths)))
    for r in results.values():
        for it in r["misses"]:
            print(f"{r['source']} #{it['index']}: {it['question']}\n    gold={it['gold']!r} "
                  f"got={it['prediction']!r} chain={it['start']} {' '.join(it['relations'])}"
                  f"\n    {it['why']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
