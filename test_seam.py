"""The storage seam's structure checks of issue 21, by reading the source (ast): no SQL text outside the storage
seam's statement table (memory.SQLiteStorage), driver errors translated in one place, and no
branch on a policy name outside the Policy objects. Each check names what it found."""

import ast
import functools
import re
import unittest
from pathlib import Path

HERE = Path(__file__).resolve().parent
SEAM = "SQLiteStorage"
CORE = ("memory.py", "consolidate.py", "gates.py")
POLICY_NAMES = frozenset(("one", "many", "immutable"))
POLICY_CLASSES = frozenset(("Policy", "OnePolicy", "ManyPolicy", "ImmutablePolicy"))

# SQL is written in upper case here. A string is SQL when it starts like a statement, or holds a
# condition or a placeholder list (the fragments an f-string or a concatenation would assemble).
_STATEMENT = re.compile(r"^\s*\(?\s*(SELECT\s+\S|INSERT\s+(OR\s+\w+\s+)?INTO\b|REPLACE\s+INTO\b|UPDATE\s+\w+\s+SET\b"
                        r"|DELETE\s+FROM\b|CREATE\s+(TEMP\s+|VIRTUAL\s+|UNIQUE\s+)?(TABLE|INDEX|TRIGGER|VIEW)\b"
                        r"|DROP\s+(TABLE|INDEX|TRIGGER|VIEW)\b|ALTER\s+TABLE\b|PRAGMA\s+\w|BEGIN(\s+\w+)?\s*$|COMMIT\s*$"
                        r"|ROLLBACK\b|SAVEPOINT\s|RELEASE\s|VACUUM\b|ANALYZE\b|WITH\s+RECURSIVE\b)")
_CLAUSE = re.compile(r"\b(WHERE|AND|OR|ON|SET)\s+[a-z_][a-z_0-9.]*\s*(=|<>|!=|<=|>=|<|>|IS\b|IN\b|LIKE\b|BETWEEN\b)"
                     r"|\bIN\s*\(\s*[?{]|\?\s*,\s*\?|\b(FROM|JOIN|INTO)\s+[a-z_]+\s+(WHERE|ON|VALUES|SET|AS)\b"
                     r"|\bORDER BY\s+[a-z_]|\bGROUP BY\s+[a-z_]")


def _sources():
    """The files the seam must cover: the core modules and the adapters (the PostgreSQL
    adapter implements a seam of its own and is exempt)."""
    files = [HERE / name for name in CORE]
    files += sorted(p for p in (HERE / "adapters").glob("*.py") if p.name != "postgres.py")
    return files


class _Facts(ast.NodeVisitor):
    """One pass over a module: its string literals, except clauses, calls and comparisons, each
    with the classes it is inside (a docstring is not a literal of the code)."""

    def __init__(self):
        self.classes, self.strings, self.excepts, self.calls, self.branches = [], [], [], [], []
        self.in_policies = False

    def inside(self, names) -> bool:
        return any(c in names for c in self.classes)

    def visit_ClassDef(self, node):
        self.classes.append(node.name)
        self.body(node)
        self.classes.pop()

    def body(self, node):
        for i, child in enumerate(ast.iter_child_nodes(node)):
            if isinstance(child, ast.Expr) and isinstance(child.value, ast.Constant) and child is getattr(
                    node, "body", [None])[0]:
                continue  # the docstring
            self.visit(child)

    visit_FunctionDef = visit_AsyncFunctionDef = visit_Module = body

    def visit_JoinedStr(self, node):
        text = "".join(v.value if isinstance(v, ast.Constant) else "{}" for v in node.values)
        self.strings.append((node.lineno, text, self.inside({SEAM})))
        for v in node.values:
            if not isinstance(v, ast.Constant):
                self.visit(v)

    def visit_Constant(self, node):
        if isinstance(node.value, str):
            self.strings.append((node.lineno, node.value, self.inside({SEAM})))

    def visit_Assign(self, node):
        outer = self.in_policies
        self.in_policies = outer or any(isinstance(t, ast.Name) and t.id == "POLICIES" for t in node.targets)
        self.generic_visit(node)
        self.in_policies = outer

    def visit_ExceptHandler(self, node):
        if node.type is not None and not self.inside({SEAM}):
            caught = ast.unparse(node.type)
            if "sqlite3." in caught or re.search(r"(?<![\w])(?:\w+\.)*_?Error\b", caught):
                self.excepts.append((node.lineno, f"except {caught}"))
        self.generic_visit(node)

    def visit_Call(self, node):
        f = node.func
        if not self.inside({SEAM}) and (isinstance(f, ast.Name) and f.id == "_translate" or isinstance(
                f, ast.Attribute) and f.attr == "translate" and isinstance(f.value, ast.Name) and f.value.id == SEAM):
            self.calls.append((node.lineno, ast.unparse(f)))
        self.generic_visit(node)

    def visit_Name(self, node):
        if node.id == "_ERRORS" and not self.inside({SEAM}):
            self.calls.append((node.lineno, "_ERRORS"))

    def policy_scope(self) -> bool:
        return self.in_policies or self.inside(POLICY_CLASSES)

    def visit_Compare(self, node):
        sides = [node.left, *node.comparators]
        if not self.policy_scope() and any(_policy_names(x) for x in sides):
            others = " ".join(ast.unparse(x) for x in sides if not _policy_names(x))
            if re.search(r"polic|\.name\b|\bkind\b", others, re.I):
                self.branches.append((node.lineno, ast.unparse(node)[:80]))
        self.generic_visit(node)

    def visit_match_case(self, node):
        if not self.policy_scope() and isinstance(node.pattern, ast.MatchValue) and _policy_names(node.pattern.value):
            self.branches.append((node.pattern.lineno, f"case {ast.unparse(node.pattern)}"))
        self.generic_visit(node)

    def visit_Dict(self, node):
        if not self.policy_scope() and len({k.value for k in node.keys if isinstance(k, ast.Constant)}
                                           & POLICY_NAMES) >= 2:
            self.branches.append((node.lineno, ast.unparse(node)[:80]))
        self.generic_visit(node)


def _policy_names(node) -> set:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return {node.value} & POLICY_NAMES
    if isinstance(node, (ast.Tuple, ast.List, ast.Set)):
        return {e.value for e in node.elts if isinstance(e, ast.Constant)} & POLICY_NAMES
    return set()


@functools.lru_cache(maxsize=None)
def parsed(path) -> ast.Module:
    """The syntax tree of the file at `path` (a Path), parsed once per process: test_structure
    reads the same modules (memory.py alone takes 0.2 s to parse)."""
    return ast.parse(path.read_text(encoding="utf-8"), str(path))


@functools.lru_cache(maxsize=None)
def _facts(path) -> _Facts:
    facts = _Facts()
    facts.visit(parsed(path))
    return facts


def sql_outside_the_seam(path) -> list:
    """(line, text) of each string literal of `path` that looks like SQL and is not inside
    class SQLiteStorage (docstrings aside). An f-string is read whole, its fields as {}."""
    return sorted((line, text[:80]) for line, text, in_seam in _facts(path).strings
                  if not in_seam and (_STATEMENT.search(text) or _CLAUSE.search(text)))


def driver_errors_outside_the_seam(path) -> list:
    """(line, text) of each place outside SQLiteStorage that catches a database driver's error
    (sqlite3.*Error, or a module's or a handle's .Error / ._Error) or translates one
    (_translate, SQLiteStorage.translate, the _ERRORS table)."""
    facts = _facts(path)
    return sorted(facts.excepts + facts.calls)


def policy_branches(path) -> list:
    """(line, text) of each place outside the Policy classes and the POLICIES table that
    branches on a policy's name: a comparison of a policy (an expression naming a policy, a
    .name or a kind) with "one", "many" or "immutable", a match case on one, or a table keyed
    by them."""
    return sorted(_facts(path).branches)


class TestNoSqlOutsideTheSeam(unittest.TestCase):
    """Every SQL statement is an entry of SQLiteStorage.SQL (or its schema and migration
    scripts): MemoryStore, Transaction, consolidation, the gates and the adapters call the
    seam's methods, never SQL of their own."""

    def test_memory_gates_and_adapters(self):
        for path in _sources():
            if path.name == "consolidate.py":
                continue
            with self.subTest(file=path.name):
                self.assertEqual(sql_outside_the_seam(path), [])

    def test_consolidate(self):
        self.assertEqual(sql_outside_the_seam(HERE / "consolidate.py"), [])

    def test_the_scanner_finds_sql(self):
        """The scanner itself: each way SQL is written in this project is found, prose is not."""
        sql = ['x = "SELECT id FROM memories WHERE id = ?"', 'x = f"SELECT {cols} FROM t"',
               'x = "UPDATE conflicts SET state = ? WHERE id = ?"', 'x = " AND task IS ?"',
               "x = f\"id IN ({','.join('?' * n)})\"", 'x = "PRAGMA user_version"', 'x = "BEGIN IMMEDIATE"',
               'x = "fts_bucket IN (SELECT id FROM index_keys WHERE user = ?)"',
               'class SQLiteStorage:\n    pass\nx = "DELETE FROM pending"']
        prose = ['x = "Where a rule comes from and why"', 'x = "risk class: where money goes (IBAN)"',
                 'x = "the user said one thing, then another"', 'x = "run PRAGMA integrity_check; restore a backup"',
                 'class SQLiteStorage:\n    SQL = {"x": "SELECT 1 FROM t WHERE a = ?"}',
                 'def f():\n    """SELECT a docstring FROM nowhere WHERE x = ?"""']
        for source in sql + prose:
            with self.subTest(source=source):
                self.assertEqual(bool(sql_outside_the_seam(_Text(source))), source in sql)


class _Text:
    """A source text that the scanners read as if it were a file."""

    def __init__(self, text):
        self.text = text

    def read_text(self, encoding=None):
        return self.text

    def __str__(self):
        return "<probe>"

    def __hash__(self):
        return id(self)


class TestErrorsTranslatedInOnePlace(unittest.TestCase):
    """A driver error becomes a StoreError in one place: SQLiteStorage (its execute and the
    few driver calls that are not statements: connect, backup). Nothing outside the seam
    catches sqlite3.Error or calls the translation."""

    def test_no_driver_error_outside_the_seam(self):
        for path in _sources():
            with self.subTest(file=path.name):
                self.assertEqual(driver_errors_outside_the_seam(path), [])


class TestPolicyDispatchInOnePlace(unittest.TestCase):
    """Each attribute policy is one object (memory.POLICIES); nothing else branches on a
    policy's name."""

    def test_no_branch_on_a_policy_name(self):
        for path in _sources():
            with self.subTest(file=path.name):
                self.assertEqual(policy_branches(path), [])

    def test_the_scanner_finds_a_branch(self):
        source = ('def f(policy, p, word):\n    if policy == "immutable": pass\n'
                  '    if p.name in ("one", "many"): pass\n'
                  '    if word == "one": pass\n'
                  '    x = {"one": 1, "many": 2}[policy]\n')
        self.assertEqual([line for line, _ in policy_branches(_Text(source))], [2, 3, 5])


class TestErrorScannerFindsTranslation(unittest.TestCase):
    def test_the_scanner_finds_a_catch_and_a_call(self):
        source = ("def f(self):\n    try:\n        pass\n    except self._Error as exc:\n"
                  "        raise _translate(exc, 'p', 'x')\n    except sqlite3.OperationalError:\n        pass\n"
                  "    except StoreError:\n        pass\n")
        self.assertEqual([line for line, _ in driver_errors_outside_the_seam(_Text(source))], [4, 5, 6])


class TestStorageHandedIn(unittest.TestCase):
    """MemoryStore(storage=...) runs the whole store over a seam handed in (how a second backend
    is used), and every statement the store runs says whose data it touches."""

    USER_DATA = ("memories.", "conflicts.", "resolutions.", "events.", "vectors.", "pending.", "index_keys.",
                 "fts.")

    def test_a_storage_handed_in_is_the_store(self):
        from memory import ALL, InvalidMemory, MemoryStore, SQLiteStorage
        import consolidate
        calls = []

        class Recording(SQLiteStorage):
            def execute(self, name, args=(), *, user, **slots):
                calls.append((name, user))
                return super().execute(name, args, user=user, **slots)

            def executemany(self, name, seq, *, user, **slots):
                calls.append((name, user))
                return super().executemany(name, seq, user=user, **slots)

            def each_memory(self, name, args=(), *, user, **slots):
                calls.append((name, user))
                return super().each_memory(name, args, user=user, **slots)

        storage = Recording(":memory:", state=None)
        with MemoryStore(storage=storage) as store:
            self.assertIs(store.storage, storage)
            a = store.add("I live in Rome.", user="ada", attribute="home_city")
            store.add_many([{"text": "I live in Oslo.", "user": "ada", "attribute": "home_city"},
                            {"text": "Bob likes tea.", "user": "bob", "task": "t1"}])
            consolidate.consolidate(store, consolidate.Scope("ada"))
            self.assertEqual([m.text for m in store.recall("where do I live", user="ada").memories],
                             ["I live in Oslo."])
            records = list(store.export("ada"))
            store.forget(a.id)
            store.purge("bob")
            self.assertEqual(store.users(), ["ada"])
        self.assertIsNone(storage.conn)  # the store closed its seam
        self.assertTrue(calls)
        for name, user in calls:
            with self.subTest(statement=name):
                self.assertTrue(user is ALL or user is None or user in ("ada", "bob"), user)
                if name.startswith(self.USER_DATA):
                    self.assertIsNotNone(user, "a statement on users' data names the user (or ALL)")
        self.assertIn(("memories.insert", "ada"), calls)
        self.assertTrue(records)
        with self.assertRaisesRegex(InvalidMemory, "storage"):
            MemoryStore(storage=object())


if __name__ == "__main__":
    unittest.main()
