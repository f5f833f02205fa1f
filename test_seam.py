"""The storage seam's structure checks of issue 21, by reading the source (ast): no SQL text outside the storage
seam's statement table (memory.SQLiteStorage), driver errors translated in one place, and no
branch on a policy name outside the Policy objects. Each check names what it found."""

import ast
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


def _docstrings(tree) -> set:
    ids = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                ids.add(id(first.value))
    return ids


def _inside(tree, names) -> set:
    """ids of every node lexically inside a class of these names."""
    ids = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ClassDef) and node.name in names:
            ids.update(id(n) for n in ast.walk(node))
    return ids


def sql_outside_the_seam(path: Path) -> list:
    """(line, text) of each string literal of `path` that looks like SQL and is not inside
    class SQLiteStorage. An f-string is read whole, its fields as {}."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    skip = _docstrings(tree) | _inside(tree, {SEAM})
    parts = set()
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.JoinedStr):
            parts.update(id(v) for v in node.values)
            if id(node) in skip:
                continue
            text = "".join(v.value if isinstance(v, ast.Constant) else "{}" for v in node.values)
            if _STATEMENT.search(text) or _CLAUSE.search(text):
                found.append((node.lineno, text[:80]))
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in skip \
                and id(node) not in parts and (_STATEMENT.search(node.value) or _CLAUSE.search(node.value)):
            found.append((node.lineno, node.value[:80]))
    return sorted(found)


def driver_errors_outside_the_seam(path: Path) -> list:
    """(line, text) of each place outside SQLiteStorage that catches a database driver's error
    (sqlite3.*Error, or a module's or a handle's .Error / ._Error) or translates one
    (_translate, SQLiteStorage.translate, the _ERRORS table)."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    skip = _inside(tree, {SEAM})
    found = []
    for node in ast.walk(tree):
        if id(node) in skip:
            continue
        if isinstance(node, ast.ExceptHandler) and node.type is not None:
            caught = ast.unparse(node.type)
            if "sqlite3." in caught or re.search(r"(?<![\w])(?:\w+\.)*_?Error\b", caught):
                found.append((node.lineno, f"except {caught}"))
        elif isinstance(node, ast.Call) and (
                isinstance(node.func, ast.Name) and node.func.id == "_translate"
                or isinstance(node.func, ast.Attribute) and node.func.attr == "translate"
                and ast.unparse(node.func.value) == SEAM):
            found.append((node.lineno, ast.unparse(node.func)))
        elif isinstance(node, ast.Name) and node.id == "_ERRORS":
            found.append((node.lineno, "_ERRORS"))
    return sorted(found)


def policy_branches(path: Path) -> list:
    """(line, text) of each place outside the Policy classes and the POLICIES table that
    branches on a policy's name: a comparison of a policy (an expression naming a policy, or a
    .name) with "one", "many" or "immutable", a match case on one, or a table keyed by them."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    skip = _inside(tree, POLICY_CLASSES)
    for node in ast.walk(tree):  # the one table of policy objects
        if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == "POLICIES" for t in node.targets):
            skip.update(id(n) for n in ast.walk(node))
    found = []

    def names(node) -> set:
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            return {node.value} & POLICY_NAMES
        if isinstance(node, (ast.Tuple, ast.List, ast.Set)):
            return {e.value for e in node.elts if isinstance(e, ast.Constant)} & POLICY_NAMES
        return set()
    for node in ast.walk(tree):
        if id(node) in skip:
            continue
        if isinstance(node, ast.Compare):
            sides = [node.left, *node.comparators]
            if any(names(s) for s in sides):
                others = " ".join(ast.unparse(s) for s in sides if not names(s))
                if re.search(r"polic|\.name\b|\bkind\b", others, re.I):
                    found.append((node.lineno, ast.unparse(node)[:80]))
        elif isinstance(node, ast.match_case) and isinstance(node.pattern, ast.MatchValue) \
                and names(node.pattern.value):
            found.append((node.pattern.lineno, f"case {ast.unparse(node.pattern)}"))
        elif isinstance(node, ast.Dict) and len({k.value for k in node.keys if isinstance(k, ast.Constant)}
                                                & POLICY_NAMES) >= 2:
            found.append((node.lineno, ast.unparse(node)[:80]))
    return sorted(found)


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


if __name__ == "__main__":
    unittest.main()
