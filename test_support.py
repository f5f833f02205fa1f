"""The one fixture for temporary stores in the tests (issue 21), on either backend (issue 26).

Holds no tests. Every test that makes a temporary store or a temporary folder makes it here:
- `new_store(**kw)`: a fresh, empty store; `store_at(path, **kw)`: the store at `path` (the same
  path is the same store, so a test can reopen it); `location(path)`: what a command line is
  given for that store (the path, or on PostgreSQL a URL); `contents(path)`: what is stored
  there, to compare before and after; `db(store)`: the store's connection for a test that reads
  its tables directly (SQL both backends run); `temp_dir()`: a temporary folder (in RAM where
  the system has /dev/shm and TMPDIR is not set: TEMP_ROOT).
- `TempStoreCase`: a TestCase base whose `new_store`/`store_at` close what they made when the
  test ends, with a temporary folder made on first use (`tmpdir`, `temp_path(name)`);
  `FileCase`: the same with `self.dir` and a store path `self.path` made in setUp, `open(**kw)`
  and `file_bytes()` (the database file with its -wal/-shm).
- `sqlite_only(reason)`: the decorator for test classes (or tests) about SQLite itself (file
  format, header, WAL, PRAGMAs, FTS5, file permissions, the backup command, SQLite versions, the
  SQL of the SQLite seam): they skip on the PostgreSQL pass, saying why.

The backend: by default SQLite (`new_store()` is `MemoryStore()`, `store_at(p)` is
`MemoryStore(p)`: nothing is added to a test's cost). With the environment variable
MEMORY_TEST_BACKEND set to a libpq URL (postgresql://... of a database the tests may create
schemas in), every store is `adapters.postgres.open_store(url)` over a schema of its own
(`memtest_<pid>_<random>_<n>`, made here and named to the server through the URL's
`options=-csearch_path=...`): each `new_store()` a new empty schema, dropped when that store
closes; each temporary path one schema, dropped when a TempStoreCase test ends; every schema
left dropped when the process exits. Only then are psycopg and adapters.postgres
imported, so the core tests stay standard library only. POSTGRES_MODULES names the test modules
of that pass (`python3 test_support.py --postgres-modules` prints them, for .ci/run):
    MEMORY_TEST_BACKEND=postgresql://... python3 -m unittest $(python3 test_support.py --postgres-modules)
"""

import atexit
import gc
import itertools
import os
import sys
import tempfile
import unittest
import urllib.parse
import weakref
from pathlib import Path

from memory import MemoryStore

# The suite's one process keeps a quarter of a million objects alive (the modules, their
# compiled patterns, every discovered test case), and the cyclic collector's automatic full
# passes walked all of them again, about 0.1 s each: ~0.9 s of a default run. A full pass now
# waits for 100 collections of the middle generation instead of 10 (the younger generations
# are collected as before; consolidate.py sets the collector aside for the same reason).
gc.set_threshold(*gc.get_threshold()[:2], max(gc.get_threshold()[2], 100))


def _write_byte_code():
    """Write the byte code of the repository's modules (the top folder, adapters, eval, examples,
    bench; compileall skips a file whose cached byte code is up to date) when this process writes
    none itself (PYTHONDONTWRITEBYTECODE, which this machine's shell sets): otherwise every run
    compiled each module it imports from source again (~0.4 s of the suite's process), and each
    command-line subprocess its scripts (memory.py, gates.py, consolidate.py: ~0.1 s a start)."""
    if not sys.dont_write_bytecode:
        return  # the imports write it
    import compileall
    top = Path(__file__).resolve().parent
    for folder in (top, top / "adapters", top / "eval", top / "examples", top / "bench"):
        if folder.is_dir():
            compileall.compile_dir(str(folder), maxlevels=0, quiet=2)


_write_byte_code()

BACKEND_ENV = "MEMORY_TEST_BACKEND"
BACKEND = os.environ.get(BACKEND_ENV, "").strip()
ON_POSTGRES = BACKEND.startswith(("postgresql://", "postgres://"))
if BACKEND and not ON_POSTGRES:
    raise SystemExit(f"{BACKEND_ENV}: expected a libpq URL (postgresql://...) or nothing (SQLite); got {BACKEND!r}")

# The behavioural test modules: the PostgreSQL pass runs these (their SQLite-specific tests skip);
# the adapters' (MCP server --db, LangGraph store) need their packages on the path, as in CI.
POSTGRES_MODULES = (
    "test_consolidation", "test_ledger", "test_gates", "test_store", "test_regressions", "test_reliability",
    "test_text_rules", "test_lifecycle", "test_cli", "test_semantic_recall", "test_agent_loop", "test_write_path",
    "test_adapter_mcp", "test_adapter_langgraph",
)


SLOW = os.environ.get("MEMORY_SLOW_TESTS") == "1"


def wave_sweep(cls):
    """Class decorator for a tuning wave's sweep (RecordsKeptWave11, AttacksWave12, ...: many inputs
    of the kinds one wave fixed, in every language): it runs in CI (MEMORY_SLOW_TESTS=1, which
    .ci/run sets) and is skipped by the default run, which keeps the behavioural classes of every
    rule and stays under its 30 s on two cores. The sweeps are regression guards for what a
    wave tuned; the kinds they sweep each have a behavioural test outside them."""
    return unittest.skipUnless(SLOW, "a tuning wave's sweep: set MEMORY_SLOW_TESTS=1 to run it (.ci/run does)")(cls)


def breadth(*inputs):
    """The inputs of a sweep over one kind (texts, languages or records a rule must judge alike):
    every one in CI (MEMORY_SLOW_TESTS=1, which .ci/run sets), every second one from the first in
    the default run, so that the default suite stays under its 30 s on two cores. Each sweep names
    one kind in several phrasings and languages, so the default run still tries every kind and
    every test; CI tries every input. A list of the inputs, in the order given."""
    return list(inputs) if SLOW else list(inputs[::2])


def sqlite_only(reason):
    """Decorator for a test class or test about SQLite itself: it skips on the PostgreSQL pass."""
    return unittest.skipIf(ON_POSTGRES, f"SQLite-specific ({reason}); runs on the SQLite pass "
                                        f"(without {BACKEND_ENV})")


def _temp_root():
    """Where temporary folders go: TMPDIR when it is set (tempfile's own choice), else a RAM file
    system where there is one (/dev/shm on Linux, with 256 MiB free: a container's may have 64),
    else tempfile's default. A store file syncs at its checkpoints and at every erasure (secure
    deletion); on a disk that other processes keep busy those syncs were most of the suite's
    waiting (test_reliability's two stores adding and forgetting: 2 s of 2.2 s). What the tests
    check of a file (its bytes, POSIX locks, WAL and -shm, hard links, modes) is the same there;
    only the sync is cheap."""
    if os.environ.get("TMPDIR"):
        return None
    shm = "/dev/shm"
    try:
        free = os.statvfs(shm)
    except OSError:  # no such folder
        return None
    return shm if os.access(shm, os.W_OK | os.X_OK) and free.f_bavail * free.f_frsize >= 256 << 20 else None


TEMP_ROOT = _temp_root()


def temp_dir(prefix="memtest_"):
    """A temporary folder (a tempfile.TemporaryDirectory: context manager, .name, .cleanup()),
    under TEMP_ROOT."""
    return tempfile.TemporaryDirectory(prefix=prefix, dir=TEMP_ROOT)


# --- PostgreSQL: a schema per store -------------------------------------------------------------

_admin = None                      # one autocommit connection that creates and drops the schemas
_schemas = {}                      # temporary path (absolute) -> the schema standing for it
_made = []                         # every schema made and not dropped yet
_stores = weakref.WeakSet()        # every store opened on PostgreSQL (closed before the last drop)
_numbers = itertools.count(1)
_RUN = f"{os.getpid()}_{os.urandom(3).hex()}"  # this process's schemas: memtest_<run>_<n>


def _postgres():
    import adapters.postgres  # noqa: F401  (only on the PostgreSQL pass)
    return sys.modules["adapters.postgres"]


def _with_search_path(url, schema):
    # Only the query is rebuilt: urlunsplit would drop the empty host of postgresql:///db.
    base, _, query = url.partition("?")
    pairs = urllib.parse.parse_qsl(query, keep_blank_values=True)
    options = " ".join([v for k, v in pairs if k == "options"] + [f"-csearch_path={schema}"])
    pairs = [(k, v) for k, v in pairs if k != "options"] + [("options", options)]
    return f"{base}?{urllib.parse.urlencode(pairs, quote_via=urllib.parse.quote)}"


def _new_schema():
    global _admin
    if _admin is None:
        import psycopg  # only on the PostgreSQL pass
        _admin = psycopg.connect(BACKEND, autocommit=True)
        _admin.execute("SET lock_timeout = '2s'")  # a store left open never hangs the drop
        atexit.register(_drop_schemas)
    name = f"memtest_{_RUN}_{next(_numbers)}"
    _admin.execute(f'CREATE SCHEMA "{name}"')
    _made.append(name)
    return name


def _drop(names, *, last=False):
    for name in names:
        try:
            _admin.execute(f'DROP SCHEMA IF EXISTS "{name}" CASCADE')
            _made.remove(name)
        except Exception as exc:  # still in use: dropped at exit; there, say which is left
            if last:
                print(f"test_support: could not drop schema {name}: {exc}", file=sys.stderr)


def _drop_schemas():
    for store in list(_stores):
        try:
            store.close()
        except Exception:  # a store a test broke on purpose: its schema is dropped all the same
            pass
    _drop(list(_made), last=True)
    _admin.close()


def _url_for(path):
    """The URL of the schema standing for `path`, made on first use."""
    key = os.path.abspath(os.fspath(path))
    if key not in _schemas:
        _schemas[key] = _new_schema()
    return _with_search_path(BACKEND, _schemas[key])


def _open_postgres(url, *, drop_on_close=None, **kw):
    store = _postgres().open_store(url, **kw)
    _stores.add(store)
    if drop_on_close:  # a new_store()'s schema: no other store can reach it
        close = store.close

        def close_and_drop():
            close()
            _drop([drop_on_close])
        store.close = close_and_drop
    return store


def _after_test(before):
    """Drop the schemas of the temporary paths a test made (its stores are closed by then)."""
    made = [name for name in _made if name not in before]
    for key in [k for k, name in _schemas.items() if name in made]:
        del _schemas[key]
    _drop(made)


# --- the fixture --------------------------------------------------------------------------------

def _is_url(path):
    return isinstance(path, str) and path.startswith(("postgresql://", "postgres://"))


def new_store(**kw):
    """A fresh, empty store (MemoryStore keywords): SQLite ":memory:" or a new PostgreSQL schema."""
    if ON_POSTGRES:
        name = _new_schema()
        try:
            return _open_postgres(_with_search_path(BACKEND, name), drop_on_close=name, **kw)
        except BaseException:
            _drop([name])
            raise
    return MemoryStore(**kw)


def store_at(path, **kw):
    """The store at `path` (a file path, ":memory:", or a postgresql:// URL, e.g. from
    `location`): MemoryStore(path, **kw) on SQLite; on PostgreSQL the schema standing for that
    path (the same path gives the same store)."""
    if _is_url(path):
        return _open_postgres(path, **kw)
    if ON_POSTGRES:
        return new_store(**kw) if path == ":memory:" else _open_postgres(_url_for(path), **kw)
    return MemoryStore(path, **kw)


def location(path):
    """What a command line (or another process) is given to open the store at `path`: `path`
    itself on SQLite, the URL of its schema on PostgreSQL."""
    return _url_for(path) if ON_POSTGRES else os.fspath(path)


def contents(path):
    """Everything stored at `path` (a path or a `location`), to compare before and after: the
    file's bytes on SQLite; on PostgreSQL every row of every table of its schema."""
    if not ON_POSTGRES:
        return Path(path).read_bytes()
    if _is_url(path):
        options = dict(urllib.parse.parse_qsl(urllib.parse.urlsplit(path).query)).get("options", "")
        schema = options.rsplit("-csearch_path=", 1)[1].split()[0]
    else:
        schema = _schemas[os.path.abspath(os.fspath(path))]
    tables = [row[0] for row in _admin.execute("SELECT table_name FROM information_schema.tables "
                                               "WHERE table_schema = %s ORDER BY 1", (schema,))]
    return [(t, sorted(map(repr, _admin.execute(f'SELECT * FROM "{schema}"."{t}"')))) for t in tables]


class _Placeholders:
    """A PostgreSQL store's connection taking the tests' SQLite-style `?` placeholders."""

    def __init__(self, conn):
        self.conn = conn

    def execute(self, sql, args=()):
        # No arguments, no placeholders: a literal % (LIKE 'embed%') then needs no escape.
        return self.conn.execute(sql.replace("?", "%s"), args or None)


def db(store):
    """The store's own database connection, for a test that reads its tables directly (SQL the
    two backends share; `?` placeholders): store._db() on SQLite; on PostgreSQL the same
    connection through `execute(sql, args)` with the placeholders translated."""
    return _Placeholders(store._db()) if ON_POSTGRES else store._db()


class TempStoreCase(unittest.TestCase):
    """A TestCase that makes temporary stores; each is closed when the test ends (then the
    folder goes: cleanups run last-in first-out). No setUp: nothing is made until asked for."""

    def run(self, result=None):
        if not ON_POSTGRES:
            return super().run(result)
        before = set(_made)
        try:
            return super().run(result)
        finally:
            _after_test(before)

    def new_store(self, **kw):
        store = new_store(**kw)
        self.addCleanup(store.close)
        return store

    def store_at(self, path, **kw):
        store = store_at(path, **kw)
        self.addCleanup(store.close)
        return store

    @property
    def tmpdir(self) -> Path:
        """This test's temporary folder, made on first use and removed when the test ends."""
        if getattr(self, "_test_support_tmp", None) is None:
            self._test_support_tmp = temp_dir()
            self.addCleanup(self._tmp_cleanup)
        return Path(self._test_support_tmp.name)

    def _tmp_cleanup(self):
        self._test_support_tmp.cleanup()
        self._test_support_tmp = None

    def temp_path(self, name="memory.db") -> str:
        """A path in this test's temporary folder (nothing is created there)."""
        return str(self.tmpdir / name)


class FileCase(TempStoreCase):
    """A store file per test: `self.dir` (a temporary folder), `self.path` (the `location` of a
    store file in it: on PostgreSQL a URL), `open(**kw)` the store there, `file_bytes()` the file
    with its -wal and -shm (SQLite only)."""

    db_name = "m.db"

    def setUp(self):
        self.dir = self.tmpdir
        self.path = location(self.temp_path(self.db_name))

    def open(self, **kw):
        return self.store_at(self.path, **kw)

    def file_bytes(self, path=None):
        path = path or self.path
        return b"".join(Path(path + x).read_bytes() for x in ("", "-wal", "-shm") if Path(path + x).exists())


if __name__ == "__main__":
    if sys.argv[1:] == ["--postgres-modules"]:
        print(" ".join(POSTGRES_MODULES))
    else:
        print(f"usage: python3 {sys.argv[0]} --postgres-modules", file=sys.stderr)
        sys.exit(2)
