"""Run LangGraph's own BaseStore test suites against MemoryBaseStore and, side by side, against
LangGraph's InMemoryStore, changing only the code that builds the store.

    python eval/langgraph_suite.py /path/to/langgraph [--json] [--db file|memory] [--deselect-slow]

The path is a checkout of langchain-ai/langgraph (or any folder holding its `libs/checkpoint`,
`libs/checkpoint-sqlite` and `libs/checkpoint-postgres` test folders and their pyproject.toml).
The suites are not part of this project; they are run where they lie, unchanged:
libs/checkpoint/tests/test_store.py, libs/checkpoint-sqlite/tests/test_store.py and
test_async_store.py, libs/checkpoint-postgres/tests/test_store.py and test_async_store.py.

What is replaced, and only that (the same for both stores, so the counts compare):
- the fixtures that build a store: `store`, `vector_store`, and the postgres conftest's
  database fixtures `conn` and `clear_test_db` (no server is needed);
- the module names the tests build stores with: `InMemoryStore`, `SqliteStore`,
  `AsyncSqliteStore` (their `from_conn_string(...)` and `setup()`), `create_vector_store`,
  `_create_vector_store` and `_create_pool_store`.
Each builds `MemoryBaseStore(MemoryStore(<file in a fresh temporary folder>), index=...)` (as
adapters/README.md constructs it) or `InMemoryStore(index=...)`. The index config is passed as
the test wrote it; a sqlite-style "text_fields" is also given as "fields".

Needs pytest, pytest-asyncio and pytest-mock, and the packages the suites import
(langgraph-checkpoint-sqlite, langgraph-checkpoint-postgres, psycopg-pool, aiosqlite,
sqlite-vec), on PYTHONPATH beside langgraph; none of them is a dependency of this project.
Prints, per suite file and in total, the tests passed by each store; every test that
InMemoryStore passes and MemoryBaseStore does not, with the first line of its error; and how
many of those are the documented refusal (CrossUserSearchError). Exit status 0 when every test
InMemoryStore passes also passes here except refusals, else 1; 2 for usage errors.

This file is also the pytest plugin the runs load (`-p langgraph_suite`, with eval/ on the path); the
environment variables LANGGRAPH_SUITE_STORE ("ours" | "inmemory") and LANGGRAPH_SUITE_OUT (a
JSON file for the outcomes) select and record a run.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import subprocess
import sys
import tempfile
import time

_ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

SUITES = {  # lib folder -> its store test files
    "checkpoint": ["tests/test_store.py"],
    "checkpoint-sqlite": ["tests/test_store.py", "tests/test_async_store.py"],
    "checkpoint-postgres": ["tests/test_store.py", "tests/test_async_store.py"],
}
SLOW = ("test_large_batches_async",)  # --deselect-slow: postgres' 60,000 concurrent coroutines
STORE_ENV, OUT_ENV, DB_ENV = "LANGGRAPH_SUITE_STORE", "LANGGRAPH_SUITE_OUT", "LANGGRAPH_SUITE_DB"
REFUSAL = "CrossUserSearchError"


# --- the store builders (used inside the pytest runs) -------------------------------------------

def _index(index):
    if not index:
        return None
    index = dict(index)
    if "text_fields" in index and "fields" not in index:
        index["fields"] = index["text_fields"]
    return index


def _path(folder) -> str:
    return ":memory:" if os.environ.get(DB_ENV) == "memory" else os.path.join(folder, "memory.db")


def _open(index=None):
    """(store, close) for the store this run tests."""
    if os.environ.get(STORE_ENV, "ours") == "inmemory":
        from langgraph.store.memory import InMemoryStore
        return InMemoryStore(index=_index(index)), (lambda: None)
    if _ROOT not in sys.path:
        sys.path.insert(0, _ROOT)
    from adapters.langgraph_store import MemoryBaseStore
    from memory import MemoryStore
    folder = tempfile.TemporaryDirectory(prefix="lgsuite-")
    memory = MemoryStore(_path(folder.name))
    store = MemoryBaseStore(memory, index=_index(index))

    def close():
        memory.close()
        folder.cleanup()
    return store, close


class _Built:
    """What `SqliteStore.from_conn_string(conn, index=...)` stands for: a sync and async context
    manager giving the store, with a no-op `setup()`."""

    def __init__(self, index=None):
        self.index = index

    def __enter__(self):
        self.store, self.close = _open(self.index)
        return _Setup(self.store)

    def __exit__(self, *exc):
        self.close()

    async def __aenter__(self):
        return self.__enter__()

    async def __aexit__(self, *exc):
        self.close()


class _Setup:
    """A store with `setup()` added (sync, or awaited): every other attribute is the store's."""

    def __init__(self, store):
        object.__setattr__(self, "_store", store)

    def setup(self):
        class Done:
            def __await__(self):
                return iter(())
        return Done()

    def __getattr__(self, name):
        return getattr(object.__getattribute__(self, "_store"), name)

    def __setattr__(self, name, value):
        setattr(object.__getattribute__(self, "_store"), name, value)


class _StoreClass:
    """Stands for SqliteStore / AsyncSqliteStore / PostgresStore: only from_conn_string."""

    @staticmethod
    def from_conn_string(conn_string=None, *, index=None, **ignored):
        return _Built(index)


def _in_memory_store_class():
    """Stands for InMemoryStore in libs/checkpoint's suite: a class (the suite spies on its
    `batch`) whose instances are the store under test."""
    from langgraph.store.memory import InMemoryStore
    if os.environ.get(STORE_ENV, "ours") == "inmemory":
        return InMemoryStore
    if _ROOT not in sys.path:
        sys.path.insert(0, _ROOT)
    from adapters.langgraph_store import MemoryBaseStore
    from memory import MemoryStore

    class SuiteStore(MemoryBaseStore):
        def __init__(self, *, index=None):
            self._folder = tempfile.TemporaryDirectory(prefix="lgsuite-")
            super().__init__(MemoryStore(_path(self._folder.name)), index=_index(index))
    return SuiteStore


@contextlib.contextmanager
def _vector_store(*args, text_fields=None, fake_embeddings=None, **ignored):
    embeddings = fake_embeddings if fake_embeddings is not None else next(
        a for a in args if hasattr(a, "embed_documents"))
    index = {"dims": embeddings.dims, "embed": embeddings, "fields": text_fields, "text_fields": text_fields}
    with _Built(index) as store:
        yield store


@contextlib.asynccontextmanager
async def _avector_store(*args, text_fields=None, fake_embeddings=None, **ignored):
    with _vector_store(*args, text_fields=text_fields, fake_embeddings=fake_embeddings) as store:
        yield store


@contextlib.asynccontextmanager
async def _apool_store(*args, **ignored):
    with _Built() as store:
        yield store


# --- the pytest plugin ---------------------------------------------------------------------------

_OUTCOMES: dict = {}
try:
    import pytest
    _first = pytest.hookimpl(tryfirst=True)  # before pytest's own fixture setup
except ImportError:  # the command line itself needs no pytest
    def _first(f):
        return f


def pytest_collection_modifyitems(session, config, items):
    """Rebind the names the suites build stores with (looked up when each test runs)."""
    import inspect
    for module in {item.module for item in items if getattr(item, "module", None) is not None}:
        names = vars(module)
        if "InMemoryStore" in names:
            module.InMemoryStore = _in_memory_store_class()
        for name in ("SqliteStore", "AsyncSqliteStore", "PostgresStore", "AsyncPostgresStore"):
            if name in names:
                setattr(module, name, _StoreClass)
        for name in ("create_vector_store", "_create_vector_store"):
            if name in names:
                is_async = inspect.isasyncgenfunction(getattr(names[name], "__wrapped__", names[name]))
                setattr(module, name, _avector_store if is_async else _vector_store)
        if "_create_pool_store" in names:
            module._create_pool_store = _apool_store


@_first
def pytest_fixture_setup(fixturedef, request):
    """The fixtures that build a store, or a database for one, build ours instead."""
    name = fixturedef.argname
    if name not in ("store", "vector_store", "conn", "clear_test_db"):
        return None
    if name in ("conn", "clear_test_db"):
        value = "no database: the store under test needs none"  # not None: None means "not handled"
    else:
        index = None
        if name == "vector_store":
            embeddings = request.getfixturevalue("fake_embeddings")
            index = {"dims": embeddings.dims, "embed": embeddings}
        built = _Built(index)
        value = built.__enter__()
        fixturedef.addfinalizer(lambda: built.__exit__(None, None, None))
    fixturedef.cached_result = (value, fixturedef.cache_key(request), None)
    return value


def pytest_runtest_logreport(report):
    if report.when == "call" or report.outcome != "passed":
        if report.nodeid in _OUTCOMES and _OUTCOMES[report.nodeid][0] != "passed":
            return  # keep the first failure (setup or call) over a teardown one
        message = ""
        if report.outcome == "failed":
            text = str(report.longrepr)
            lines = [ln for ln in text.splitlines() if ln.startswith("E ")]
            message = (lines[0][1:].strip() if lines else text.splitlines()[-1] if text else "")[:300]
            if REFUSAL in text:
                message = REFUSAL + ": " + message
        _OUTCOMES[report.nodeid] = (report.outcome, message)


def pytest_sessionfinish(session, exitstatus):
    out = os.environ.get(OUT_ENV)
    if out:
        with open(out, "w", encoding="utf-8") as f:
            json.dump(_OUTCOMES, f, indent=1, sort_keys=True)


# --- the command line ----------------------------------------------------------------------------

def _start(checkout, lib, files, which, db, tmp, deselect=False):
    """Start one pytest run; returns (process, outcomes file)."""
    folder = os.path.join(checkout, "libs", lib)
    out = os.path.join(tmp, f"{lib}-{which}.json")
    env = dict(os.environ, **{STORE_ENV: which, OUT_ENV: out, DB_ENV: db})
    here = os.path.dirname(os.path.abspath(__file__))
    env["PYTHONPATH"] = os.pathsep.join([folder, here, _ROOT] + ([env["PYTHONPATH"]] if env.get("PYTHONPATH") else []))
    cmd = [sys.executable, "-m", "pytest", "-p", "langgraph_suite", "-p", "no:cacheprovider",
           "-q", "-o", "asyncio_mode=auto", "-o", "addopts=", "--tb=short", *files]
    if deselect and lib == "checkpoint-postgres":
        cmd += ["-k", " and ".join(f"not {name}" for name in SLOW)]
    log = open(os.path.join(tmp, f"{lib}-{which}.log"), "w", encoding="utf-8")
    return subprocess.Popen(cmd, cwd=folder, env=env, stdout=log, stderr=subprocess.STDOUT), out, log


def _finish(started) -> dict:
    process, out, log = started
    process.wait()
    log.close()
    if not os.path.exists(out):
        with open(log.name, encoding="utf-8") as f:
            raise SystemExit(f"pytest did not finish ({log.name}):\n{f.read()[-3000:]}")
    with open(out, encoding="utf-8") as f:
        return json.load(f)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("checkout", help="a checkout of langchain-ai/langgraph (its libs/ folder is read)")
    parser.add_argument("--json", action="store_true", help="print the counts and differences as JSON")
    parser.add_argument("--db", choices=("file", "memory"), default="file",
                        help="MemoryStore on a file in a fresh folder (default, as the README builds it) or "
                             "':memory:' (the same code without the file's erasure checkpoints: faster)")
    parser.add_argument("--jobs", type=int, default=2, help="pytest runs at once (default 2)")
    parser.add_argument("--deselect-slow", action="store_true",
                        help="leave out the postgres suite's test_large_batches_async (3 tests: 60,000 concurrent "
                             "operations on one scope, each write reviewed against the whole scope: tens of minutes)")
    args = parser.parse_args(argv)
    if not os.path.isdir(os.path.join(args.checkout, "libs", "checkpoint", "tests")):
        print(f"{args.checkout}: no libs/checkpoint/tests here; pass a checkout of langchain-ai/langgraph",
              file=sys.stderr)
        return 2
    rows, differ = [], []
    started = time.monotonic()
    with tempfile.TemporaryDirectory() as tmp:
        runs = [(lib, which) for lib in SUITES for which in ("ours", "inmemory")]
        outcomes, running = {}, []
        for lib, which in runs:
            if len(running) >= max(1, args.jobs):
                name, run = running.pop(0)
                outcomes[name] = _finish(run)
            running.append(((lib, which), _start(args.checkout, lib, SUITES[lib], which, args.db, tmp,
                                                 args.deselect_slow)))
        for name, run in running:
            outcomes[name] = _finish(run)
    for lib, files in SUITES.items():
        ours, theirs = outcomes[(lib, "ours")], outcomes[(lib, "inmemory")]
        for f in files:
            ids = [i for i in theirs if i.startswith(f + "::")]
            ours_ok = sum(1 for i in ids if ours.get(i, ("missing",))[0] == "passed")
            theirs_ok = sum(1 for i in ids if theirs[i][0] == "passed")
            rows.append({"suite": f"{lib}/{f}", "tests": len(ids), "MemoryBaseStore": ours_ok,
                         "InMemoryStore": theirs_ok})
            for i in ids:
                if theirs[i][0] == "passed" and ours.get(i, ("missing", ""))[0] != "passed":
                    differ.append({"test": f"{lib}/{i}", "error": ours.get(i, ("missing", "not run"))[1]})
    total = {k: sum(r[k] for r in rows) for k in ("tests", "MemoryBaseStore", "InMemoryStore")}
    refused = [d for d in differ if d["error"].startswith(REFUSAL)]
    if args.json:
        print(json.dumps({"suites": rows, "total": total, "InMemoryStore passes, MemoryBaseStore does not": differ,
                          "refusals": len(refused)}, indent=1))
    else:
        width = max(len(r["suite"]) for r in rows)
        print(f"{'suite':{width}}  tests  MemoryBaseStore  InMemoryStore")
        for r in rows + [dict(total, suite="total")]:
            print(f"{r['suite']:{width}}  {r['tests']:5}  {r['MemoryBaseStore']:15}  {r['InMemoryStore']:13}")
        left_out = "postgres' test_large_batches_async left out (--deselect-slow); " if args.deselect_slow else ""
        print(f"MemoryStore on {'a file' if args.db == 'file' else ':memory:'}; {left_out}"
              f"{time.monotonic() - started:.0f} s in all")
        print(f"\npassed by InMemoryStore, not by MemoryBaseStore: {len(differ)} "
              f"({len(refused)} of them the documented refusal, {REFUSAL})")
        for d in differ:
            print(f"  {d['test']}: {d['error']}")
    return 0 if len(differ) == len(refused) else 1


if __name__ == "__main__":
    sys.exit(main())
