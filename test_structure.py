"""Structure checks of issue 21 that grep the sources: one fixture for temporary stores.

Every test module makes its temporary stores and folders through test_support (new_store,
store_at, location, TempStoreCase, FileCase, temp_dir), so that one switch (MEMORY_TEST_BACKEND)
runs the behavioural tests on another backend (issue 26) and no copy of the fixture drifts."""

import io
import tokenize
import unittest
from pathlib import Path

HERE = Path(__file__).resolve().parent

# (module, name) pairs allowed outside test_support, each with its reason.
ALLOWED = {
    ("test_adapter_mcp.py", "tempfile"): "the MCP server's stderr log file, not a store or a folder",
}


def code_names(path):
    """(name, next token) for every NAME token of a module's code (strings and comments are
    not code: subprocess scripts and docstrings may name MemoryStore)."""
    tokens = [t for t in tokenize.generate_tokens(io.StringIO(path.read_text(encoding="utf-8")).readline)
              if t.type not in (tokenize.NL, tokenize.NEWLINE, tokenize.COMMENT, tokenize.INDENT, tokenize.DEDENT)]
    return [(t.string, tokens[i + 1].string if i + 1 < len(tokens) else "", t.start[0])
            for i, t in enumerate(tokens) if t.type == tokenize.NAME]


class OneFixtureForTemporaryStores(unittest.TestCase):
    def test_no_test_module_makes_a_store_or_a_temporary_folder_itself(self):
        found = []
        for path in sorted(HERE.glob("test_*.py")):
            if path.name == "test_support.py":
                continue
            for name, after, line in code_names(path):
                made = (name == "MemoryStore" and after == "(") or name == "tempfile"
                if made and (path.name, name) not in ALLOWED:
                    found.append(f"{path.name}:{line}: {name}")
        self.assertEqual(found, [], "make temporary stores and folders with test_support (new_store, store_at, "
                                    "location, TempStoreCase, FileCase, temp_dir), so that they run on every backend")


if __name__ == "__main__":
    unittest.main()
