"""Structure checks of issue 21 that read the sources (what `grep` would show):
- one fixture for temporary stores: every test module makes its temporary stores and folders
  through test_support (new_store, store_at, location, TempStoreCase, FileCase, temp_dir), so that
  one switch (MEMORY_TEST_BACKEND) runs the behavioural tests on another backend (issue 26) and
  no copy of the fixture drifts;
- policy dispatch in one place: an attribute policy is decided only by its object's
  `Policy.decide`, called by consolidation's fold and by recall's read-time view, nowhere else
  (issue 21: the immutable rule written twice disagreed with itself);
- the URL by which the PostgreSQL pass names each test's own schema (issue 26)."""

import ast
import re
import unittest
import urllib.parse
from pathlib import Path

from test_seam import parsed

HERE = Path(__file__).resolve().parent

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


if __name__ == "__main__":
    unittest.main()
