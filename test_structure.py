"""Structure checks of issue 21 that read the sources (what `grep` would show):
- one fixture for temporary stores: every test module makes its temporary stores and folders
  through test_support (new_store, store_at, location, TempStoreCase, FileCase, temp_dir), so that
  one switch (MEMORY_TEST_BACKEND) runs the behavioural tests on another backend (issue 26) and
  no copy of the fixture drifts;
- policy dispatch in one place: an attribute policy is decided only by its object's
  `Policy.decide`, called by consolidation's fold and by recall's read-time view, nowhere else
  (issue 21: the immutable rule written twice disagreed with itself);
- the URL by which the PostgreSQL pass names each test's own schema (issue 26);
- languages as tables (issue 22, item 3): no module-level word list or pattern of gates.py holds a
  natural language's words outside LANGUAGES, every table's kinds are known and compile, and a toy
  table added to LANGUAGES is read by the rules (adding a language is adding one table)."""

import ast
import importlib.util
import re
import sys
import unittest
import urllib.parse
from pathlib import Path

from test_seam import parsed
from test_support import SLOW

HERE = Path(__file__).resolve().parent


def private_gates():
    """A copy of gates.py of its own (the file executed again under another module name): a test
    may change its LANGUAGES and call its _reset_tables without touching the imported gates."""
    spec = importlib.util.spec_from_file_location("_private_gates", HERE / "gates.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look the class's module up while making it
    try:
        spec.loader.exec_module(module)
    finally:
        del sys.modules[spec.name]
    return module


# (module, name) pairs allowed outside test_support, each with its reason.
ALLOWED = {
    ("test_adapter_mcp.py", "tempfile"): "the MCP server's stderr log file, not a store or a folder",
}


def tree(path):
    return parsed(HERE / path)  # parsed once per file in the process (test_seam reads them too)


def made_here(path):
    """(line, name) of every `MemoryStore(...)` call (but `MemoryStore(storage=...)`, which hands
    in a backend) and use of `tempfile` in a module's code (strings are not code: subprocess
    scripts and docstrings may name MemoryStore)."""
    if not re.search(r"MemoryStore\(|tempfile", path.read_text(encoding="utf-8")):
        return []  # the common case, without parsing
    found = []
    for node in ast.walk(tree(path)):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "MemoryStore":
            if not any(k.arg == "storage" for k in node.keywords):  # a backend handed in: the seam's own test
                found.append((node.lineno, "MemoryStore"))
        elif isinstance(node, ast.Name) and node.id == "tempfile":
            found.append((node.lineno, "tempfile"))
        elif isinstance(node, (ast.Import, ast.ImportFrom)) and "tempfile" in (
                [a.name for a in node.names] + [getattr(node, "module", None)]):
            found.append((node.lineno, "tempfile"))
    return sorted(found)


class OneFixtureForTemporaryStores(unittest.TestCase):
    def test_no_test_module_makes_a_store_or_a_temporary_folder_itself(self):
        found = []
        for path in sorted(HERE.glob("test_*.py")):
            if path.name == "test_support.py":
                continue
            found += [f"{path.name}:{line}: {name}" for line, name in made_here(path)
                      if (path.name, name) not in ALLOWED]
        self.assertEqual(found, [], "make temporary stores and folders with test_support (new_store, store_at, "
                                    "location, TempStoreCase, FileCase, temp_dir), so that they run on every backend")


def calls(path, attribute):
    """(function, line) of every `.attribute(...)` call in a module's code: the innermost def
    around it."""
    found = []

    def visit(node, where):
        for child in ast.iter_child_nodes(node):
            inner = child.name if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)) else where
            if isinstance(child, ast.Call) and isinstance(child.func, ast.Attribute) and child.func.attr == attribute:
                found.append((inner, child.lineno))
            visit(child, inner)
    if re.search(rf"\.{attribute}\(", path.read_text(encoding="utf-8")):  # else nothing to parse
        visit(tree(path), "<module>")
    return found


class PolicyDispatchInOnePlace(unittest.TestCase):
    MODULES = ["memory.py", "consolidate.py", "gates.py", "demo.py",
               *(str(p.relative_to(HERE)) for p in sorted((HERE / "adapters").glob("*.py")))]

    def test_decide_is_called_by_the_fold_and_by_the_read_view_only(self):
        callers = {name: sorted({where for where, _ in calls(HERE / name, "decide")}) for name in self.MODULES}
        self.assertEqual(len(callers["consolidate.py"]), 1, f"consolidation's fold: {callers['consolidate.py']}")
        self.assertEqual(len(callers["memory.py"]), 1, f"recall's read-time view: {callers['memory.py']}")
        others = {name: where for name, where in callers.items() if where and name not in ("memory.py",
                                                                                        "consolidate.py")}
        self.assertEqual(others, {}, "only consolidation and recall decide a policy (Policy.decide)")

    def test_a_policy_pass_runs_only_inside_decide(self):
        for name in self.MODULES:
            with self.subTest(module=name):
                self.assertEqual({where for where, _ in calls(HERE / name, "_once")} - {"decide"}, set())


class SchemaPerStoreURL(unittest.TestCase):
    """The PostgreSQL pass names each store's schema in the URL it gives open_store and the
    command lines: a URL stays a URL (memory.py's command lines take postgresql://... as a DSN)
    and keeps the caller's other parameters and options."""

    def test_search_path_is_added_to_the_options(self):
        import test_support
        url = test_support._with_search_path(
            "postgresql://u:p%40ss@127.0.0.1:5433/memtest?sslmode=disable&options=-cstatement_timeout%3D5000",
            "memtest_1_ab_2")
        parts = urllib.parse.urlsplit(url)
        self.assertEqual((parts.scheme, parts.netloc, parts.path), ("postgresql", "u:p%40ss@127.0.0.1:5433", "/memtest"))
        self.assertEqual(urllib.parse.parse_qs(parts.query),
                         {"sslmode": ["disable"], "options": ["-cstatement_timeout=5000 -csearch_path=memtest_1_ab_2"]})
        bare = test_support._with_search_path("postgresql:///memtest", "s")
        self.assertEqual(bare, "postgresql:///memtest?options=-csearch_path%3Ds")


class LanguagesAsTables(unittest.TestCase):
    """Every language rule of gates.py lives in its LanguageTable (issue 22, item 3)."""

    # The module-level word lists and patterns the tables replaced: none may come back.
    MOVED = """_IMPERATIVE _LEAD_INS _FINITE _AUXILIARIES _IRREGULAR_PAST _OBJECT_OPENERS _SUBJECTS _SUBORDINATE
        _VERBS_S _MODIFIERS _ADVERBS _PREPOSITIONS _PHRASE_OPENERS _EN_VERBS_S _NOT_VERBS_S _OBJECT_DETERMINERS
        _SAYS _AI_WORD _AI_NAMED _TO_MODEL _TO_ASSISTANT _ASSISTANT_MUST _PROCEDURE _HEDGED _RULE_LABEL _NEWS_LABEL
        _ON_YOUR_ANSWER _THEN _YOU_MUST _FOREIGN_IMPERATIVE _PREFERENCE _PREFERENCE_TRUSTED _FIRST_PERSON_PREFERENCE
        _ABBREVIATION_WORDS _VERB_FORMS _ZH_PREDICATE _DATUM _REQUEST _ACCOUNT_WORDS _PHONE_WORD _RENEWED _ROUTING
        _CHANGE _ROUTED _CONDITIONAL _PAST_NARRATIVE _AGENT_DIRECTIVE _TO_AGENT_LABEL _READER _TO_READER _VOUCHING
        _STANDING_ARRANGEMENT _DEFAULT_OF_A_PRODUCT _COURTESY_NAME _OWNED_BY_OTHER _PARTY_NOUNS _EVENT_VERB _HABITUAL
        _ZH_PARTY _ZH_PROFILE _PERSON_PRONOUN _ANTECEDENT _OTHER_REFERENCES _ROLE_COMPOUNDS _ROLE_NOUN
        _HONORIFIC_POSSESSIVE _PARTY_ATTRIBUTES _TELL_USER _TEXT_UNITS _BYPASS _POLITE _PRESCRIBED _RULE_TO_ACT
        _ASSISTANT_VERBS _AGENT_ACTIONS _ORDER_LABELS _STANDING _NOT_NAMES _LABEL_WORDS _READER_WORDS
        _NAME_PARTICLES _TITLES""".split()
    # Module-level names whose strings may share words with the tables, each with its reason.
    NOT_LANGUAGE = {
        "__all__": "public names", "CLAIM_KINDS": "claim kind names", "ACTIONS": "decision actions",
        "MODEL_WRITES": "setting values", "REASONS": "reason codes explained to people",
        "MODEL_LABEL": "the label render() prints", "PATTERN_KINDS": "kind names", "WORD_KINDS": "kind names",
        "RULE_KINDS": "kind names", "_COMPOUND_HEADS": "kind names", "_OWN_LANGUAGE_KINDS": "kind names",
        "_SEVERITY": "claim kind names",
        "_PROMPT_STRUCTURE": "chat-template roles and section tags: a protocol, not a language",
        "_URL": "top-level domains", "_PAY_LINK": "words of payment URLs and domains",
        "_SECRET": "units",
        "RISK_CLASSES": "risk classes: deployer data (structure and key names; their words are the tables')",
        "_APPROVAL_KEYS": "words of key names (require_confirmation), read in every script",
        "USER_OWNED_ATTRIBUTES": "attribute names (deployer data)", "_OWNED_SUFFIXES": "attribute names",
        "USER_OWNED_CLAIMS": "topic names (the shapes are the tables' <topic>_nouns and <topic>_verbs)",
        "_ARABIC_SOUNDS": "the names of Arabic letters in Latin spelling (a transliteration, not words)",
        "_HAN_SOUNDS": "the Latin sounds of Han characters (a transliteration, not words)",
        "_ASKING_KEYS": "words of key names (confirmation_required: ask)",
    }
    # A string given to these names a kind, not a word.
    KIND_READERS = {"_alternation", "_rule", "_has_rule", "_W", "_all_words", "table_match", "_table_hit", "_key_hit"}

    @classmethod
    def setUpClass(cls):
        import gates
        cls.gates = gates

    def test_the_moved_names_are_gone(self):
        self.assertEqual([n for n in self.MOVED if hasattr(self.gates, n)], [])

    def vocabulary(self):
        """Every word (3 letters or more) of every table: function words, words, pattern and rule sources."""
        found = set()
        for table in self.gates.LANGUAGES.values():
            found |= set(table.function_words).union(*table.words.values())
            for source in [*table.patterns.values(), *table.rules.values()]:
                found |= set(re.findall(r"[^\W\d_]{3,}", self.strip(source).lower()))
        return {w for w in found if len(w) >= 3} - self.CURRENCIES

    CURRENCIES = {"eur", "usd", "gbp", "chf", "rmb", "try", "jpy", "cny", "inr", "pln", "rub"}  # codes, not words

    @staticmethod
    def strip(source):
        """A pattern's source without group names, character classes and escapes (no words there)."""
        return re.sub(r"\(\?P<\w+>|\(\?P=\w+\)|\[(?:\\.|[^\]])*\]|\\[A-Za-z]", " ", source)

    def test_no_word_list_or_pattern_outside_the_tables(self):
        vocabulary = self.vocabulary()
        kind_names = {*self.gates.PATTERN_KINDS, *self.gates.WORD_KINDS, *self.gates.RULE_KINDS}
        module = tree(HERE / "gates.py")
        offenders = {}
        for node in module.body:
            if not isinstance(node, (ast.Assign, ast.AnnAssign)):
                continue
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            name = next((t.id for t in targets if isinstance(t, ast.Name)), None)
            if name in (None, "LANGUAGES") or name in self.NOT_LANGUAGE:
                continue
            kinds = {id(arg) for call in ast.walk(node.value) if isinstance(call, ast.Call)
                     and getattr(call.func, "id", None) in self.KIND_READERS for arg in call.args}
            kinds |= {id(sub.slice) for sub in ast.walk(node.value) if isinstance(sub, ast.Subscript)}
            words = set()
            for const in ast.walk(node.value):
                if isinstance(const, ast.Constant) and isinstance(const.value, str) and id(const) not in kinds \
                        and const.value not in kind_names:
                    words |= set(re.findall(r"[^\W\d_]{3,}", self.strip(const.value).lower()))
            if words & vocabulary:
                offenders[name] = sorted(words & vocabulary)[:8]
        self.assertEqual(offenders, {}, "a language's words belong in its LanguageTable (gates.LANGUAGES)")

    def test_every_kind_is_known_and_compiles(self):
        g = self.gates
        for code, table in g.LANGUAGES.items():
            with self.subTest(code=code):
                self.assertLessEqual(set(table.patterns), set(g.PATTERN_KINDS))
                self.assertLessEqual(set(table.words), set(g.WORD_KINDS))
                self.assertLessEqual(set(table.rules), set(g.RULE_KINDS))
                for kind, source in table.rules.items():
                    slots = {k for slot in re.findall("⟪([\\w+]+)⟫", source) for k in slot.split("+")}
                    self.assertLessEqual(slots, set(g.RULE_KINDS) | set(g.WORD_KINDS))
                    re.compile("(?i)" + g._alternation(kind, code))
                for words in table.words.values():
                    self.assertTrue(words and all(w == w.lower() and " " not in w for w in words))
        used = {k for t in g.LANGUAGES.values() for k in (*t.words, *t.rules)}
        self.assertEqual(set(g.WORD_KINDS) | set(g.RULE_KINDS), used, "a kind no table has")
        for kind in g.RULE_KINDS:
            g._rule(kind)

    def test_parsed_languages_are_the_tables_with_sentence_rules(self):
        g = self.gates
        parsed = {code for code, t in g.LANGUAGES.items() if {"request", "procedure"} <= set(t.rules)
                  and ("verb_forms" in t.rules or t.words.get("imperative"))}
        self.assertEqual(set(g.PARSED_LANGUAGES), parsed)
        self.assertEqual(g.PARSED_LANGUAGES[0], "en")

    @unittest.skipUnless(SLOW, "compiles every table again in a copy of gates: set MEMORY_SLOW_TESTS=1 (CI does)")
    def test_adding_a_language_is_adding_a_table(self):
        """A toy language "xx": its function words make language_of say "xx", its request, procedure,
        imperative and memory-order words are read by place_fact, classify_claim and
        order_to_assistant; without the table the same texts are none of these. The table is
        added to a private copy of gates (the same file, executed again: private_gates), so the
        suite's own module keeps what it compiled: its _reset_tables made every later test
        compile the tables, rules and claim patterns again (~0.5 s of the suite)."""
        g = private_gates()
        toy = g.LanguageTable(
            "xx", None, frozenset("zorb kavu vilu qeta".split()), {"memory_order": r"memoru", "memory": r"memora"}, "",
            rules={"request": r"\bvrolu\b", "procedure": r"\bmusta\b", "verb_forms": r"\bestu\b",
                   "imperative_opening": r"^plizo\b", "datum": r"\bdimanu\b"})
        texts = {"lang": "Zorb kavu vilu qeta estu zorb kavu vilu.", "request": "Kavu zorb vrolu vilu qeta.",
                 "procedure": "Zorb kavu musta vilu qeta.", "imperative": "Plizo kavu zorb vilu qeta.",
                 "order": "Memoru kavu zorb vilu qeta memora.", "surface": "Memoru kavu zorb vilu qeta."}

        def read():
            return (g.language_of(texts["lang"]), g.place_fact(texts["request"]), g.classify_claim(texts["procedure"]),
                    g.classify_claim(texts["imperative"]), g.order_to_assistant(texts["order"]),
                    g.order_surface(texts["surface"]))
        self.assertEqual(read(), ("other", None, "fact", "fact", None, None))
        g.LANGUAGES["xx"] = toy
        self.addCleanup(g._reset_tables)
        self.addCleanup(g.LANGUAGES.pop, "xx")
        g._reset_tables()
        # a memory order that names the memory (the table's memory words) is an order to the
        # assistant; without them it is only an order's surface (issue 22 item 1)
        self.assertEqual(read(), ("xx", "request", "procedure", "instruction", "xx.memory_order", "xx.memory_order"))


if __name__ == "__main__":
    unittest.main()
