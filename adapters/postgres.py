"""The storage seam of memory.MemoryStore on PostgreSQL 15+ (psycopg 3): the same store, rules
and answers as on SQLite, shared by agents on many hosts.

    from adapters.postgres import open_store
    store = open_store("postgresql://app@db.internal/memory", timeout=5.0)   # a memory.MemoryStore

`open_store(url, *, timeout=5.0)` returns the MemoryStore class of memory.py over
`PostgresStorage`, this module's implementation of the seam (memory.SQLiteStorage's method set,
with its own table of statements under the same names, in PostgreSQL's dialect). The tables
live in the first schema of the connection's search_path (`options=-csearch_path=NAME` in the
URL puts a store in its own schema); they are created when missing, and a schema written by a
newer version of this module is refused (memory.SchemaError) before anything changes.

What the seam's contract asks of a backend, and how PostgreSQL gives it:
- Write transactions that lose nothing: READ COMMITTED transactions in which every user whose
  rows are touched is locked first, `pg_advisory_xact_lock(LOCK_SPACE, hash of the user)`,
  taken before the transaction's first statement naming that user: writes of one user (an
  agent's turn, a consolidation run of that user, an erasure) take turns, as they do on
  SQLite's one file lock; writes of different users run at once. A consolidation of one user
  therefore never interleaves with another of that user, on any host. Every write also holds
  the store's lock (STORE_LOCK) shared; a consolidation over every user (`--all`) holds it
  exclusively, and so runs alone, as on SQLite. Readers never wait: a read is one REPEATABLE
  READ READ ONLY snapshot (MVCC).
- Timeouts: `timeout` seconds is the connection's lock_timeout (row locks and the per-user
  advisory lock alike). A lock not granted in time, a deadlock PostgreSQL broke, a
  serialization failure, or a statement cancelled by a statement_timeout set in the URL become
  memory.LockedError with SQLite's message ("locked by another connection; retry, or raise
  timeout="): the transaction is rolled back and nothing was written.
- The server clock: a sequence (`clock_seq`, read as SQLite's `clock` table through a view),
  advanced under a short session-level advisory lock so that a block of values is consecutive,
  never held by a transaction (a row every writer updates would be one lock for the whole
  store). Values are strictly increasing and never reused. A rolled-back write (a dry run such
  as consolidate.plan, a failed write) sets it back, as SQLite's row is, unless another
  connection took values meanwhile: then a gap stays. Only the order is read by the rules.
- Ids: identity columns; a new memory's ids are a block reserved before the insert, a ledger
  entry's taken under a short id lock; given back on rollback as the clock is.
- The search index: the same keyed hashes of the same index terms (memory.index_terms,
  memory's per-bucket keys), spelt in the letters a-p instead of hex digits so that
  PostgreSQL's parser keeps each hash one word, in a tsvector column generated from three
  columns weighted A (attribute), B (text) and C (context), with a GIN index. Each phrase of a
  query is one tsquery (`<->` between the hashes of a phrase, `|` between a phrase's keyed
  forms), and a hit is ranked by BM25's form over PostgreSQL's `ts_rank` (see
  PostgresStorage.search and RANK_WEIGHTS).
- Erasure: forget and purge delete the rows and their index entries in the caller's one
  transaction, re-keying the buckets they touch (a GIN index keeps the keys of deleted
  entries). The deleted row versions stay in the table and index files as dead tuples until
  VACUUM reclaims them: scrub() (checkpoint) runs VACUUM (INDEX_CLEANUP ON, ANALYZE) of every
  table erasure touches, outside any transaction, once no snapshot older than the erasure is
  left. What VACUUM cannot reach (free space, WAL, replicas, backups, logs) is listed in
  adapters/README.md ("Erasure on PostgreSQL").
- Text: any Unicode exactly, NUL included (escaped: see ESCAPE), compared by code point
  (COLLATE "C").
- The schema version: `meta` holds schema_version (memory.SCHEMA_VERSION) and the rule
  fingerprints; creation runs under an advisory lock; a newer version is refused. PostgreSQL
  stores start at version 5: there is no migration yet.

Routable by user: every statement on a user's rows names the user (`"user" = %s`), even where an
id alone would do, so the tables can be distributed by user (Citus: distribution column "user").
The statements that run across users are named in CROSS_USER, each with why; SQLite's statements
that have no counterpart here in NOT_ON_POSTGRES. test_adapter_postgres checks both.
"""

from __future__ import annotations

import hashlib
import os
import re
import time
from contextlib import contextmanager

import memory

try:
    import psycopg
except ImportError:  # open_store says how to install it
    psycopg = None

__all__ = ["open_store", "PostgresStorage", "PG_SCHEMA", "STATEMENTS", "OVERRIDES", "CROSS_USER",
           "NOT_ON_POSTGRES", "pg_form", "route_by_user", "scratch_url", "with_schema", "drop_scratch",
           "LOCK_SPACE", "RANK_WEIGHTS", "RANK_K1", "RANK_B"]

LOCK_SPACE = 0x6D656D  # "mem": first half of every advisory-lock key of this module (the user's hash is the second)
CLOCK_LOCK = 1         # second half of the clock's session lock key (a user's key is never 1: see _user_key)
SETUP_LOCK = 2         # second half of the schema setup/migration lock key
STORE_LOCK = 5         # second half of the store's lock: shared by every write, exclusive for a run over every user
# (3, 4 and 6: the id locks of memories, conflicts and runs, PostgresStorage._ID_LOCKS; _user_key
# avoids 1-6)
# ts_rank's weights, in its order {D, C, B, A}: context, text, attribute as in memory.BM25_WEIGHTS'
# order of importance (ts_rank refuses weights above 1; D is unused). Not BM25_WEIGHTS' ratio:
# ts_rank weighs each occurrence inside its own sum, bm25 each column's score. Chosen with
# RANK_K1 and RANK_B on LoCoMo's development conversations (eval/locomo.py, words only; R@1/5/10):
# context 0.25 gives 44.2/74.5/81.6, 0.15 (BM25_WEIGHTS' ratio) 44.2/72.2/81.3, 0.1 43.1/70.9/80.0,
# 0.35 39.7/74.5/81.3; SQLite's bm25 43.9/74.5/81.0.
RANK_WEIGHTS = "{0, 0.25, 0.5, 1}"
RANK_K1 = 0.3   # BM25's term-frequency saturation, applied to ts_rank (see PostgresStorage.search)
RANK_B = 0.75   # BM25's length normalization (FTS5's b): a long memory's matches count less

# The schema, one script; the same tables, columns and meaning as memory.SCHEMA (read its
# comments), in PostgreSQL's types. "user" is a reserved word here, so it is always quoted.
PG_SCHEMA = """
-- Every fact and event ever stored (memory.SCHEMA's memories; comments there).
CREATE TABLE memories (
    id BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,  -- never reused
    "user" TEXT NOT NULL,                  -- the distribution column: every statement names it
    task TEXT,                             -- NULL = user level
    kind TEXT NOT NULL CHECK (kind IN ('semantic', 'episodic')),
    text TEXT NOT NULL,                    -- as given (NUL is refused by PostgreSQL's text: see _encode)
    norm TEXT NOT NULL CHECK (norm <> ''),
    attribute TEXT,
    authority TEXT NOT NULL CHECK (authority IN ('user', 'inferred')),
    source TEXT NOT NULL CHECK (source IN ('user', 'tool', 'model', 'import')),
    origin TEXT NOT NULL,
    authenticated INTEGER NOT NULL CHECK (authenticated IN (0, 1)),
    trust TEXT NOT NULL CHECK (trust IN ('trusted', 'unverified')),
    status TEXT NOT NULL CHECK (status IN ('current', 'retired', 'quarantined')),
    sig TEXT,
    sig_key BIGINT,
    polar INTEGER,
    frame_key BIGINT,
    created_at BIGINT NOT NULL,            -- server clock
    recorded_at TEXT NOT NULL,             -- wall clock, UTC ISO 8601 with Z, display only
    fts_bucket BIGINT NOT NULL,
    metadata TEXT,
    original_source TEXT,
    original_origin TEXT,
    original_authority TEXT
);
CREATE INDEX memories_fold ON memories ("user", attribute, sig_key, task, created_at)
    WHERE status = 'current' AND kind = 'semantic';
CREATE INDEX memories_unattributed ON memories ("user", frame_key, polar)
    WHERE attribute IS NULL AND status = 'current' AND kind = 'semantic';
CREATE INDEX memories_bucket ON memories ("user", fts_bucket);
CREATE INDEX memories_level ON memories ("user", task, id);
CREATE INDEX memories_thread ON memories ("user", task, origin, id) WHERE kind = 'episodic';

-- One key per bucket of a scope level (memory.SCHEMA's index_keys).
CREATE TABLE index_keys (
    id BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
    "user" TEXT NOT NULL,
    task TEXT,
    key BYTEA NOT NULL,                    -- 32 random bytes
    rows INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX index_keys_scope ON index_keys ("user", task);

-- The search index: one row per memory (id = memories.id), the keyed hashes of its index terms
-- in three columns (letters a-p for hex digits), and their weighted tsvector.
CREATE TABLE memories_fts (
    id BIGINT PRIMARY KEY,
    "user" TEXT NOT NULL,
    task TEXT,
    attribute TEXT NOT NULL DEFAULT '',
    text TEXT NOT NULL DEFAULT '',
    context TEXT NOT NULL DEFAULT '',
    terms TSVECTOR GENERATED ALWAYS AS (
        setweight(to_tsvector('simple', attribute), 'A') || setweight(to_tsvector('simple', text), 'B')
        || setweight(to_tsvector('simple', context), 'C')) STORED,
    size INTEGER GENERATED ALWAYS AS (     -- index terms in all three columns: BM25's document length
        coalesce(array_length(string_to_array(btrim(attribute || ' ' || text || ' ' || context), ' '), 1), 0)) STORED
);
CREATE INDEX memories_fts_terms ON memories_fts USING gin (terms);
CREATE INDEX memories_fts_user ON memories_fts ("user", task);

-- What the next run must fold (memory.SCHEMA's pending).
CREATE TABLE pending (
    id BIGINT PRIMARY KEY,
    "user" TEXT NOT NULL,
    task TEXT,
    attribute TEXT,
    fresh INTEGER NOT NULL DEFAULT 1
);
CREATE INDEX pending_user ON pending ("user");

-- The server clock: a sequence (see the module docstring), not a row every writer would lock;
-- the view reads it as SQLite's clock table (id 1, now: the last value handed out).
CREATE SEQUENCE clock_seq AS BIGINT MINVALUE 0 START WITH 1;
CREATE VIEW clock AS SELECT 1 AS id, CASE WHEN is_called THEN last_value ELSE 0 END AS now FROM clock_seq;

-- Consolidation runs (memory.SCHEMA's runs).
CREATE TABLE runs (
    id BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
    recorded_at TEXT NOT NULL,
    clock BIGINT,
    "user" TEXT,                           -- NULL = every user (a cross-user run)
    task TEXT,
    decisions INTEGER
);

-- Why a memory was retired (memory.SCHEMA's resolutions).
CREATE TABLE resolutions (
    id BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
    retired BIGINT NOT NULL UNIQUE,
    "user" TEXT NOT NULL,
    kept BIGINT NOT NULL,
    rule TEXT NOT NULL,
    run BIGINT,
    clock BIGINT NOT NULL,
    recorded_at TEXT NOT NULL
);
CREATE INDEX resolutions_kept ON resolutions ("user", kept);
CREATE INDEX resolutions_user ON resolutions ("user", id);

-- The conflict ledger (memory.SCHEMA's conflicts).
CREATE TABLE conflicts (
    id BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
    "user" TEXT NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN ('contradiction', 'contested', 'cross-scope duplicate',
                                       'changed value')),
    a BIGINT NOT NULL,
    b BIGINT NOT NULL,
    run BIGINT,
    reason TEXT NOT NULL,
    state TEXT NOT NULL CHECK (state IN ('open', 'resolved', 'zombied')),
    resolution TEXT,
    opened_clock BIGINT NOT NULL,
    opened_at TEXT NOT NULL,
    closed_at TEXT,
    co_recalls INTEGER NOT NULL DEFAULT 0,
    last_co_recall TEXT
);
CREATE INDEX conflicts_a ON conflicts ("user", a);
CREATE INDEX conflicts_b ON conflicts ("user", b);
CREATE INDEX conflicts_user ON conflicts ("user", state);

-- Declared attribute policies: reference data (every user's rules; replicated, not distributed).
CREATE TABLE attributes (
    attribute TEXT PRIMARY KEY,
    policy TEXT NOT NULL CHECK (policy IN ('one', 'many', 'immutable'))
);

-- The audit (memory.SCHEMA's events): ids and counts, never text.
CREATE TABLE events (
    id BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
    op TEXT NOT NULL,
    "user" TEXT NOT NULL,
    ids TEXT NOT NULL,                     -- JSON list of memory ids
    count INTEGER NOT NULL,
    reason TEXT NOT NULL,
    clock BIGINT NOT NULL,
    recorded_at TEXT NOT NULL,
    task TEXT,
    gate TEXT,
    origin TEXT,
    digest TEXT
);
CREATE INDEX events_user ON events ("user", op);

-- Vectors of an injected embedder (memory.SCHEMA's vectors).
CREATE TABLE vectors (
    id BIGINT PRIMARY KEY,
    "user" TEXT NOT NULL,
    task TEXT,
    vec BYTEA NOT NULL
);
CREATE INDEX vectors_scope ON vectors ("user", task, id);

-- Erasures committed whose tables VACUUM has not run on yet (scrub() finishes them).
CREATE TABLE scrubs (
    id BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
    clock BIGINT NOT NULL,
    recorded_at TEXT NOT NULL,
    xid TEXT NOT NULL DEFAULT pg_current_xact_id()::text  -- the erasing transaction: its deleted
                                           -- rows are removable once no snapshot predates it
);

-- schema_version, rule fingerprints, the audit key, the embedder: reference data.
CREATE TABLE meta (
    key TEXT PRIMARY KEY,
    value TEXT NOT NULL
);
"""


def _statements(script: str) -> list[str]:
    lines = [ln for ln in script.splitlines() if not ln.lstrip().startswith("--")]
    return [s.strip() for s in "\n".join(lines).split(";\n") if s.strip().rstrip(";")]


# Every text column compares and sorts by code point (COLLATE "C"), as SQLite's BINARY and
# Python's sorted() do: users(), tasks() and every ORDER BY on text give SQLite's order whatever
# the database's default collation.
PG_SCHEMA_STATEMENTS = [re.sub(r"\bTEXT\b(?! COLLATE)", 'TEXT COLLATE "C"', s) for s in _statements(PG_SCHEMA)]
# Tables holding a user's rows (every statement on them names the user) and the others.
USER_TABLES = ("memories", "index_keys", "memories_fts", "pending", "resolutions", "conflicts", "events",
               "vectors")
# Whether a snapshot older than an erasure (scrubs.xid) is still held by another backend, a
# replication slot or a prepared transaction: VACUUM could not remove the erased rows yet.
HORIZON = """SELECT EXISTS (SELECT 1 FROM pg_stat_activity WHERE pid <> pg_backend_pid() AND backend_xmin IS NOT NULL
                            AND age(backend_xmin) >= age(%(x)s::xid8::xid))
         OR EXISTS (SELECT 1 FROM pg_replication_slots WHERE xmin IS NOT NULL AND age(xmin) >= age(%(x)s::xid8::xid))
         OR EXISTS (SELECT 1 FROM pg_prepared_xacts WHERE age(transaction) >= age(%(x)s::xid8::xid)) AS held"""
# Tables erasure deletes from: scrub() vacuums these.
ERASED_TABLES = ("memories", "memories_fts", "pending", "resolutions", "conflicts", "events", "vectors",
                 "index_keys")

_HEX_TO_LETTERS = str.maketrans("0123456789abcdef", "abcdefghijklmnop")


def pg_terms(hashed: str) -> str:
    """memory's keyed hashes (hex, space-separated) spelt in the letters a-p: PostgreSQL's text
    search parser reads a run of letters as one word, where hex like '1e5f' could be a number."""
    return hashed.translate(_HEX_TO_LETTERS)


def tsquery(phrases) -> str:
    """A tsquery (to_tsquery('simple', ...) text) matching any of the phrases: each phrase a str
    of space-separated keyed hashes (hex), its hashes joined by <-> (adjacent, in order)."""
    parts = dict.fromkeys("(" + " <-> ".join(pg_terms(p).split()) + ")" for p in phrases if p.split())
    return " | ".join(parts)


# -- statements: the same names as memory.SQLiteStorage.SQL, in PostgreSQL's dialect --

# Statements that run across users (user=ALL at the seam), each with why, so that a distributed
# deployment knows which fan out to every shard (adapters/README.md: what a cross-user command
# costs); test_adapter_postgres checks that nothing else runs without naming its user.
CROSS_USER = {
    "lock.store": "consolidate --all takes the store's lock alone",
    # Every user: the list of users, and a consolidation over every user (--all).
    "index_keys.users": "users(): every user with a row",
    "fold.pending": "consolidate --all: the pending list of every user",
    "fold.scan": "consolidate --all: a full pass over every user's current facts",
    "fold.ledger": "consolidate --all: every user's open ledger",
    "fold.stale": "consolidate --all: every user's stale contradictions",
    "fold.unattributed_ids": "consolidate --all: every user's facts without an attribute",
    "fold.clear_pending": "consolidate --all: empties every user's pending list",
    # The store's size (one index read, not a scan): whether a run scans or reads by key.
    "fold.size": "the largest memory id: the store's size",
    "fold.resolutions_size": "the largest resolution id: whether to rebuild an index (not here)",
    # By id, before the user is known: the public API takes a memory or entry id alone.
    "memories.by_id": "get(id), update(id), history(id): the row names its user",
    "memories.by_ids": "memories by id (get many, the rows name their users)",
    "memories.user": "forget(id): whose memory it is, then every other statement names that user",
    "memories.with_retired": "forget(id, dry_run=True): what the id retired",
    "conflicts.by_id": "resolve(entry id): the entry names its user",
    "conflicts.touching_one": "history(id): the ledger entries of one memory",
    "resolutions.touching": "history(id): the resolutions of one memory",
    "events.naming": "history(id): the audit events naming one memory",
    # A batch of rows of several users (add_many, import): each row carries its user.
    "memories.insert": "add_many of several users: each row carries its user",
    "fts.insert": "add_many of several users: each index row joins its memory",
    "pending.add": "add_many of several users: each row carries its user",
    "index_keys.keys": "add_many of several users: the keys of their buckets",
    "index_keys.add_rows": "add_many of several users: their buckets' counts",
    "memories.thread_window": "add_many of several users: the new episodes' neighbours",
}

_IS_PARAM = re.compile(r"\bIS\s+NOT\s+\?", re.I), re.compile(r"\bIS\s+\?", re.I)
_IS_COLUMN = (re.compile(r"\bIS\s+NOT\s+(?!NULL\b|TRUE\b|FALSE\b|DISTINCT\b)([A-Za-z_]\w*\.[A-Za-z_]\w*)", re.I),
              re.compile(r"\bIS\s+(?!NOT\b|NULL\b|TRUE\b|FALSE\b|DISTINCT\b)([A-Za-z_]\w*\.[A-Za-z_]\w*)", re.I))
_WHERE_1 = re.compile(r"\bWHERE\s+1\b(?!\s*[=<>])")
_USER_WORD = re.compile(r'(?<![\w"@.])user(?![\w"])')
_ALIASED_USER = re.compile(r'(?<=\.)user(?![\w"])')
_BOOL_TIMES = re.compile(r"\(([^()]*?(?:<>|=|<|>)[^()]*?)\)\s*\*\s*(\d+)")
_ORDER_BY = re.compile(r"\bORDER BY\s+((?:[\w.\"]+(?:\s+(?:ASC|DESC))?\s*,\s*)*[\w.\"]+(?:\s+(?:ASC|DESC))?)"
                       r"(?![\w.(])", re.I)
_INSERT_OR = re.compile(r"\bINSERT\s+OR\s+(IGNORE|REPLACE)\s+INTO\s+(\w+)\s*(?:\(([^)]*)\))?", re.I)
_INDEXED_BY = re.compile(r"\s+INDEXED\s+BY\s+\w+", re.I)
_CROSS_JOIN_ON = re.compile(r"\bCROSS\s+JOIN\s+(\w+(?:\s+(?!ON\b)\w+)?)(?=\s+ON\b)", re.I)
_JSON_EACH = re.compile(r"\bjson_each\(([\w.]+)\)", re.I)
_ROWID = re.compile(r"\browid\b", re.I)
# "A user's rows through their index-key buckets" (SQLite: an index seek on memories_bucket) is,
# by the schema's invariant (a row's bucket belongs to its own level), the rows of that user (and
# level): said directly here, so that the statement names its user (memories_level serves it).
_BUCKETS_OF = (re.compile(r"\bfts_bucket\s+IN\s+\(SELECT\s+id\s+FROM\s+index_keys\s+WHERE\s+user\s*=\s*\?\s+AND\s+"
                          r"task\s+IS\s+\?\)", re.I),
               re.compile(r"\bfts_bucket\s+IN\s+\(SELECT\s+id\s+FROM\s+index_keys\s+WHERE\s+user\s*=\s*\?\)", re.I))
# The key ON CONFLICT names for SQLite's INSERT OR REPLACE of each table.
_KEYS = {"meta": "key", "attributes": "attribute", "pending": "id", "vectors": "id", "memories_fts": "id"}
# Where the seam's user goes in a form: "@user" (or "@m.user" for a table alias m) becomes
# "user" = %s with the `user=` the statement was called with bound there, or TRUE for a
# statement called across users (user=ALL). See PostgresStorage._bind_user.
USER_MARK = re.compile(r"@(?:(\w+)\.)?user\b")
_SINGLE_TABLE = re.compile(r"^\s*(?:INSERT\s+INTO\s+\w+\s*\([^)]*\)\s*)?(?:SELECT\b(?:(?!\bFROM\b).)*\bFROM|UPDATE|DELETE\s+FROM)\s+(\w+)(?:\s+(?!WHERE\b|SET\b)"
                           r"(\w+))?\b.*?\bWHERE\b", re.I | re.S)


def _split_literals(sql: str) -> list[tuple[bool, str]]:
    """(is_literal, text) parts of a statement: rewrites never touch '...' literals."""
    parts, at = [], 0
    for m in re.finditer(r"'(?:[^']|'')*'", sql):
        parts.append((False, sql[at:m.start()]))
        parts.append((True, m.group()))
        at = m.end()
    parts.append((False, sql[at:]))
    return parts


def _nulls_sqlite_order(m) -> str:
    # SQLite sorts NULL first ascending and last descending; PostgreSQL the other way round.
    items = []
    for item in m.group(1).split(","):
        item = item.strip()
        items.append(item + (" NULLS LAST" if item.upper().endswith(" DESC") else " NULLS FIRST"))
    return "ORDER BY " + ", ".join(items)


def _conflict_clause(verb: str, table: str, columns: str | None) -> str:
    if verb.upper() == "IGNORE":
        return "ON CONFLICT DO NOTHING"
    key = _KEYS[table]
    cols = [c.strip() for c in (columns or "").split(",") if c.strip() and c.strip() != key]
    return f"ON CONFLICT ({key}) DO UPDATE SET " + ", ".join(f"{c} = EXCLUDED.{c}" for c in cols)


def _where_end(text: str, start: int) -> int:
    """Where the WHERE clause starting at `start` ends: the first top-level ORDER BY, GROUP BY,
    LIMIT, RETURNING, ON CONFLICT or closing parenthesis, else the end of the text."""
    depth = 0
    for m in re.finditer(r"\(|\)|'(?:[^']|'')*'|\b(?:ORDER\s+BY|GROUP\s+BY|LIMIT|RETURNING|ON\s+CONFLICT)\b",
                         text[start:], re.I):
        token = m.group()
        if token == "(":
            depth += 1
        elif token == ")":
            if depth == 0:
                return start + m.start()
            depth -= 1
        elif depth == 0 and not token.startswith("'"):
            return start + m.start()
    return len(text)


def route_by_user(text: str) -> str:
    """Name the user in a single-table statement on a user's table that does not: its WHERE
    condition c becomes "@user AND (c)" (see USER_MARK). Statements with joins or subqueries
    are left as they are (their PostgreSQL forms are written out in OVERRIDES where they must
    name the user); test_adapter_postgres's routing test finds any that do not."""
    m = _SINGLE_TABLE.match(text)
    if not m or m.group(1) not in USER_TABLES or re.search(r"\bJOIN\b|\(\s*SELECT\b", text, re.I):
        return text
    if re.search(r'"user"\s*(?:=|IS NOT DISTINCT FROM)|@(?:\w+\.)?user\b', text):
        return text
    end = _where_end(text, m.end())
    mark = f"@{m.group(2)}.user" if m.group(2) else "@user"
    return f"{text[:m.end()]} {mark} AND ({text[m.end():end].strip()}) {text[end:]}".rstrip()


def pg_form(sql: str) -> str:
    """The PostgreSQL form of one of SQLite's statements, by the dialect's mechanical
    differences: `?` -> %s (a literal % doubled), `IS ?` -> IS NOT DISTINCT FROM %s, the column
    user quoted (a reserved word), a comparison used as a number cast to int, INSERT OR IGNORE /
    REPLACE -> ON CONFLICT, rowid -> id, json_each -> jsonb_array_elements_text, SQLite's index
    hints and CROSS JOIN ... ON dropped, ORDER BY of plain columns with SQLite's NULL order.
    Slots ({name}) are kept for the seam's expansion (after which PostgresStorage.sql names the
    user: route_by_user)."""
    out = []
    for literal, part in _split_literals(sql):
        if literal:
            out.append(part.replace("%", "%%"))
            continue
        part = part.replace("%", "%%")
        part = _BUCKETS_OF[0].sub("(user = ? AND task IS ?)", part)
        part = _BUCKETS_OF[1].sub("user = ?", part)
        part = _IS_PARAM[0].sub("IS DISTINCT FROM ?", part)
        part = _IS_PARAM[1].sub("IS NOT DISTINCT FROM ?", part)
        part = _IS_COLUMN[0].sub(r"IS DISTINCT FROM \1", part)
        part = _IS_COLUMN[1].sub(r"IS NOT DISTINCT FROM \1", part)
        part = _WHERE_1.sub("WHERE TRUE", part)
        part = part.replace("?", "%s")
        part = _USER_WORD.sub('"user"', part)
        part = _ALIASED_USER.sub('"user"', part)
        part = _INDEXED_BY.sub("", part)
        part = _CROSS_JOIN_ON.sub(r"JOIN \1", part)
        part = _JSON_EACH.sub(r"(SELECT value::bigint AS value FROM jsonb_array_elements_text((\1)::jsonb)) AS j", part)
        part = _ROWID.sub("id", part)
        part = _ORDER_BY.sub(_nulls_sqlite_order, part)
        out.append(part)
    text = _BOOL_TIMES.sub(lambda m: f"({m.group(1)})::int * {m.group(2)}", "".join(out))
    if text.startswith("CREATE TEMP TABLE"):  # SQLite's INT is 64-bit (sig_key, frame_key): BIGINT
        text = re.sub(r"\bINT(?:EGER)?\b", "BIGINT", text)
    found = _INSERT_OR.search(text)
    if found:
        clause = _conflict_clause(*found.groups())
        text = text[:found.start()] + f"INSERT INTO {found.group(2)}" + (
            f" ({found.group(3)})" if found.group(3) is not None else "") + text[found.end():]
        returning = re.search(r"\bRETURNING\b", text, re.I)
        text = (text[:returning.start()] + clause + " " + text[returning.start():] if returning
                else text.rstrip() + " " + clause)
    return text


def _joined(name: str, alias: str = "m") -> str:
    """The PostgreSQL form of consolidation's statement `name`, which joins memories (or the
    ledger, alias c) with a temp table or the pending list: every WHERE also names the user
    (alias."user", a user mark: TRUE for a run over every user), and a join of two of a user's
    tables by id joins them by user too (co-located)."""
    text = pg_form(memory.SQLiteStorage.SQL[name])
    text = re.sub(r"\bON m\.id = p\.id\b", 'ON m."user" = p."user" AND m.id = p.id', text)
    if " WHERE " not in text:
        return re.sub(r"(\s+ORDER BY\b|$)", f" WHERE @{alias}.user\\1", text, count=1)
    return text.replace(" WHERE ", f" WHERE @{alias}.user AND ")


def _select_part(name: str) -> str:
    """The PostgreSQL form of SQLite's statement `name` up to its WHERE (its columns and table)."""
    return pg_form(memory.SQLiteStorage.SQL[name].split(" WHERE ")[0])


# Statements whose PostgreSQL form is not a mechanical rewrite of SQLite's (pg_form): written
# out here. Every other name's form is pg_form(SQLite's text); test_adapter_postgres checks that
# every name of SQLite's table has a form here that PostgreSQL accepts (PREPARE) and that no form
# keeps an SQLite-only construct.
_HEX = "'0123456789abcdef', 'abcdefghijklmnop'"  # translate(): memory's hex hashes in letters (pg_terms)

OVERRIDES = {
    # The clock is a sequence; a block of n values is taken under a session lock (see tick).
    "clock.tick": "SELECT setval('clock_seq', nextval('clock_seq') + %s - 1) AS now",
    # Ids of new memories are a block reserved before the insert (PostgresStorage.last_id): the
    # insert names them, first in each row.
    "memories.insert": re.sub(r"^INSERT INTO memories \(", "INSERT INTO memories (id, ",
                              pg_form(memory.SQLiteStorage.SQL["memories.insert"])).replace("VALUES (", "VALUES (%s, "),
    # A write is READ COMMITTED with per-user locks (PostgresStorage.write); a read one snapshot.
    "transaction.write": "BEGIN ISOLATION LEVEL READ COMMITTED READ WRITE",
    "transaction.read": "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY",
    "sequence.last": "SELECT COALESCE(pg_sequence_last_value(pg_get_serial_sequence(%s, 'id')), 0) AS seq",
    "schema.version": "SELECT value::int AS version FROM meta WHERE key = 'schema_version'",
    "schema.set_version": "UPDATE meta SET value = '{version}' WHERE key = 'schema_version'",
    "schema.index_sql": "SELECT indexdef AS sql FROM pg_indexes WHERE schemaname = current_schema() AND indexname = %s",
    "schema.drop_index": "DROP INDEX {index}",
    "connection.busy_timeout": "SELECT set_config('lock_timeout', '{ms}ms', false)",
    # The search index: its rows carry their user and level (distributed and filtered by them),
    # its hashes are spelt in letters (pg_terms), and the tsvector is generated from them.
    "fts.insert": (f"""INSERT INTO memories_fts (id, "user", task, attribute, text, context)
        SELECT v.id, m."user", m.task, translate(v.a, {_HEX}), translate(v.t, {_HEX}), translate(v.c, {_HEX})
        FROM (VALUES (%s::bigint, %s::text, %s::text, %s::text)) AS v(id, a, t, c)
        JOIN memories m ON @m.user AND m.id = v.id"""),
    "fts.update_all": (f"UPDATE memories_fts SET attribute = translate(%s, {_HEX}), text = translate(%s, {_HEX}), "
                       f"context = translate(%s, {_HEX}) WHERE id = %s"),
    "fts.update": f"UPDATE memories_fts SET attribute = translate(%s, {_HEX}), text = translate(%s, {_HEX}) WHERE id = %s",
    "fts.update_context": f"UPDATE memories_fts SET context = translate(%s, {_HEX}) WHERE id = %s",
    "fts.drop": "DELETE FROM memories_fts",
    "fts.clear": "DELETE FROM memories_fts",
    # FTS5 merges index segments; GIN's counterpart is its pending list, merged into the tree.
    "fts.merge": "SELECT gin_clean_pending_list('memories_fts_terms'::regclass) AS merged",
    # BM25's form over ts_rank (see PostgresStorage.search); args: tsquery texts, ts_rank's
    # weights, then (user, task) twice: the level's matching rows and its row count (index_keys).
    "fts.search": f"""WITH p AS (SELECT ord, to_tsquery('simple', q) AS q FROM unnest(%s::text[]) WITH ORDINALITY
                                 AS t(q, ord)),
        m AS (SELECT f.id, p.ord, ts_rank(%s::float4[], f.terms, p.q, 0) AS tf, f.size
              FROM memories_fts f JOIN p ON f.terms @@ p.q
              WHERE f."user" = %s AND (f.task IS NULL OR f.task = %s)),
        df AS (SELECT ord, count(*) AS n FROM m GROUP BY ord),
        sizes AS (SELECT greatest(avg(size), 1) AS avg FROM (SELECT DISTINCT id, size FROM m) d),
        level AS (SELECT sum(rows) AS n FROM index_keys WHERE "user" = %s AND (task IS NULL OR task = %s))
        SELECT m.id, -sum(ln(1 + (level.n - df.n + 0.5) / (df.n + 0.5))
                          * m.tf / (m.tf + {RANK_K1} * (1 - {RANK_B} + {RANK_B} * m.size / sizes.avg))) AS score
        FROM m JOIN df USING (ord), level, sizes GROUP BY m.id ORDER BY score, m.id""",
    # Statements with a subquery or join: each part names the user (co-located by it).
    "memories.with_retired": (
        "WITH RECURSIVE gone(id) AS (SELECT id FROM memories WHERE @user {where} UNION "
        "SELECT r.retired FROM resolutions r JOIN gone ON @r.user AND r.kept = gone.id) "
        "SELECT id FROM gone ORDER BY id"),
    "memories.kept_over": (_select_part("memories.kept_over") + " WHERE @user AND id = (SELECT kept FROM resolutions WHERE @user AND retired = %s)"),
    "memories.restatements": (
        "SELECT created_at, source <> 'import' AND authority = 'user' AND trust = 'trusted' AS settles "
        'FROM memories WHERE "user" = %s AND attribute IS NULL AND sig_key = (SELECT sig_key FROM memories '
        "WHERE @user AND id = %s) AND task IS NOT DISTINCT FROM %s AND kind = 'semantic' AND status = 'current'"),
    "memories.level_unembedded": (
        'SELECT id, text FROM memories m WHERE m."user" = %s AND m.task IS NOT DISTINCT FROM %s '
        'AND NOT EXISTS (SELECT 1 FROM vectors v WHERE v."user" = m."user" AND v.id = m.id) ORDER BY id'),
    "vectors.fill": (
        'INSERT INTO vectors (id, "user", task, vec) SELECT id, "user", task, %s FROM memories m '
        'WHERE @m.user AND m.id = %s AND m.text = %s AND NOT EXISTS (SELECT 1 FROM vectors v '
        'WHERE v."user" = m."user" AND v.id = m.id)'),
    "events.naming": (_select_part("events.naming") + " WHERE @user AND EXISTS (SELECT 1 FROM (SELECT value::bigint AS value FROM "
                      "jsonb_array_elements_text(events.ids::jsonb)) AS j WHERE value = %s)"),
    # Consolidation's keys in a temp table of this session, in the order given (SQLite: rowid).
    "fold.fold_keys.create": 'CREATE TEMP TABLE IF NOT EXISTS fold_keys (ord BIGSERIAL, "user" TEXT COLLATE "C" NOT NULL, '
                             'attribute TEXT COLLATE "C")',
    "fold.fold_keys.fill": 'INSERT INTO fold_keys ("user", attribute) VALUES (%s, %s)',
    "fold.keyed": _joined("fold.keyed").replace("ORDER BY k.id NULLS FIRST", "ORDER BY k.ord"),
    # Flags are integers here as on SQLite (bool values are stored as 0/1: _encode).
    "fold.candidates": _joined("fold.candidates").replace("(k.negated OR", "(k.negated <> 0 OR"),
    "fold.by_ids": _joined("fold.by_ids"),
    "fold.ledger_on": _joined("fold.ledger_on", "c"),
    "fold.new_unattributed": _joined("fold.new_unattributed"),
    "fold.new_unattributed@task": _joined("fold.new_unattributed@task"),
    "fold.new_unattributed@user": _joined("fold.new_unattributed@user"),
    "fold.new_unattributed@user@task": _joined("fold.new_unattributed@user@task"),
    "fold.new_unattributed_texts": _joined("fold.new_unattributed_texts"),
    "fold.new_unattributed_texts@task": _joined("fold.new_unattributed_texts@task"),
    "fold.new_unattributed_texts@user": _joined("fold.new_unattributed_texts@user"),
    "fold.new_unattributed_texts@user@task": _joined("fold.new_unattributed_texts@user@task"),
    # A run's id is reserved before the insert (PostgresStorage.execute), so a dry run gives it back.
    "fold.run": re.sub(r"(?<!RETURNING id)$", " RETURNING id", pg_form(memory.SQLiteStorage.SQL["fold.run"]).replace(
        "INSERT INTO runs (", "INSERT INTO runs (id, ").replace("VALUES (", "VALUES (%s, ").rstrip()),
    # SQLite drops the fold's indexes around a large retirement and builds them again. Here that
    # would take an exclusive lock on the whole table (every user's readers and writers would
    # wait for the run): PostgreSQL keeps its indexes and updates them in place.
    **{f"fold.{verb}.{index}": "SELECT NULL AS kept_in_place"
       for verb in ("drop", "create") for index in ("memories_fold", "memories_unattributed", "resolutions_kept")},
}

# SQLite's statements that have no PostgreSQL counterpart, with the reason; the seam's methods
# that run them (connection setup, the file's header, WAL checkpoints) are PostgresStorage's own.
NOT_ON_POSTGRES = {
    **{name: "an SQLite connection pragma (PostgreSQL: set in PostgresStorage._connect)" for name in (
        "connection.has_fts5", "connection.journal_mode", "connection.wal", "connection.synchronous",
        "connection.wal_autocheckpoint", "connection.cache_size", "connection.mmap_size", "connection.foreign_keys",
        "connection.secure_delete", "connection.no_journal", "connection.no_sync", "connection.full_sync",
        "connection.data_version")},
    "schema.application_id": "the SQLite file header (PostgreSQL: the meta table's schema_version)",
    "schema.set_application_id": "the SQLite file header (PostgreSQL: the meta table's schema_version)",
    "schema.set_current_version": "the SQLite file header (PostgreSQL: create() writes schema_version)",
    "schema.tables": "sqlite_master (PostgreSQL: pg_tables, in schema_version)",
    "clock.start": "SQLite's clock row (PostgreSQL: the clock sequence)",
    "fts.rank": "an FTS5 option (PostgreSQL: ranked by fts.search)",
    "fts.automerge": "an FTS5 option (PostgreSQL: GIN's pending list, fts.merge)",
    "fts.secure_delete": "an FTS5 option (PostgreSQL: VACUUM and re-keying, see secure_delete)",
    "wal.checkpoint_truncate": "a WAL checkpoint (PostgreSQL: scrub's VACUUM, PostgresStorage.checkpoint)",
    "wal.checkpoint_passive": "a WAL checkpoint (PostgreSQL: the server's own checkpoints)",
}


def statements() -> dict:
    """The PostgreSQL statement table: every name of memory.SQLiteStorage.SQL -> its form here."""
    table = {name: OVERRIDES[name] if name in OVERRIDES else pg_form(sql)
             for name, sql in memory.SQLiteStorage.SQL.items() if name not in NOT_ON_POSTGRES}
    table.update((name, sql) for name, sql in OVERRIDES.items() if name not in table)  # PostgreSQL's own
    return table


STATEMENTS = statements()


# -- values: PostgreSQL's text cannot hold NUL --

# memory stores any Unicode exactly, NUL included; PostgreSQL's text type refuses U+0000. A str
# holding NUL (or the escape character itself) is stored with NUL as ESCAPE + "0" and ESCAPE as
# ESCAPE + "e", and read back exactly; every other str is stored as it is. ESCAPE is a
# noncharacter (never interchanged text), so in practice only a text with NUL changes on disk.
ESCAPE = "\U0010fffe"
_UNESCAPE = re.compile(ESCAPE + "(.)", re.S)


def _encode(value):
    if type(value) is str:
        if "\x00" in value or ESCAPE in value:
            return value.replace(ESCAPE, ESCAPE + "e").replace("\x00", ESCAPE + "0")
        return value
    if type(value) is bool:  # the schema's flags are integers, as on SQLite
        return int(value)
    return value


def _decode(value):
    if type(value) is str and ESCAPE in value:
        return _UNESCAPE.sub(lambda m: "\x00" if m.group(1) == "0" else ESCAPE, value)
    return value


def _params(args):
    if isinstance(args, dict):
        return {k: _encode(v) for k, v in args.items()}
    return [_encode(v) for v in args]


class Row(tuple):
    """A result row read by name (row["text"]) or by position (row[0]), like sqlite3.Row."""

    __slots__ = ()
    _index: dict = {}

    def __getitem__(self, key):
        if type(key) is str:
            return tuple.__getitem__(self, self._index[key])
        return tuple.__getitem__(self, key)

    def keys(self) -> list:
        return list(self._index)


def _row_factory(cursor):
    """psycopg row factory: Row subclasses keyed by the cursor's column names; str values decoded
    (see ESCAPE)."""
    if cursor.description is None:
        return tuple
    names = [c.name for c in cursor.description]
    cls = type("Row", (Row,), {"__slots__": (), "_index": {n: i for i, n in enumerate(names)}})

    def make(values):
        return cls(_decode(v) if type(v) is str else v for v in values)
    return make


def _tuple_factory(cursor):
    """Plain tuples (what the seam asks for with row_factory = None), str values decoded."""
    return lambda values: tuple(_decode(v) if type(v) is str else v for v in values)


if psycopg is not None:
    class _Cursor(psycopg.Cursor):
        """psycopg's cursor with what the seam reads of sqlite3's: row_factory = None gives plain
        tuples, and lastrowid is the id an INSERT ... RETURNING id gave (its first row)."""

        @property
        def row_factory(self):
            return psycopg.Cursor.row_factory.fget(self)

        @row_factory.setter
        def row_factory(self, factory):
            psycopg.Cursor.row_factory.fset(self, factory or _tuple_factory)

        @property
        def lastrowid(self):
            row = self.fetchone() if self.description else None
            return None if row is None else row[0]

    class _Connection(psycopg.Connection):
        """psycopg's connection with sqlite3's `in_transaction`, which the seam's transactions read."""

        @property
        def in_transaction(self) -> bool:
            return self.info.transaction_status != psycopg.pq.TransactionStatus.IDLE

    class _NumericLoader(psycopg.adapt.Loader):
        """numeric -> int when integral (sum() of bigint is numeric in PostgreSQL, an integer in
        SQLite), else float; never Decimal, which memory's arithmetic does not mix with."""

        def load(self, data):
            text = bytes(data).decode("ascii")
            return float(text) if any(c in text for c in ".eEN") else int(text)


# -- errors: one translation point, keyed on SQLSTATE (never on message text) --

_LOCKED = ("the database is locked by another connection; retry, or raise timeout= (seconds to wait)")
# SQLSTATE (or its two-character class) -> (memory's error class, the fix), as memory's _ERRORS.
ERRORS = {
    "55P03": (memory.LockedError, _LOCKED),                   # lock_not_available (lock_timeout)
    "40P01": (memory.LockedError, "a deadlock with another connection was broken; retry"),
    "40001": (memory.LockedError, "another connection's write conflicted with this one; retry"),
    "57014": (memory.LockedError, _LOCKED),                   # query_canceled (statement_timeout)
    "25006": (memory.ReadOnlyError, "the connection is read-only (default_transaction_read_only or a "
                                    "standby); connect to the primary, or open with readonly=True"),
    "42501": (memory.ReadOnlyError, "the role lacks a privilege on the store's tables; grant it, or open "
                                    "with readonly=True"),
    "23": (memory.StoreError, "a constraint of the schema was violated"),
    "53": (memory.StoreError, "the server is out of a resource (disk, memory or connections); free it and "
                              "retry (nothing was written)"),
    "08": (memory.StoreError, "the connection to the server failed; check the URL and that the server runs"),
    "57P": (memory.StoreError, "the server is shutting down or restarting; retry"),
    "42P01": (memory.SchemaError, "a table of the store is missing (dropped, or another search_path); "
                                  "check the URL's options=-csearch_path"),
    "XX": (memory.SchemaError, "the server reported internal damage (XX001/XX002: restore a backup)"),
}


def _translate(exc, where: str, action: str) -> memory.StoreError:
    state = getattr(exc, "sqlstate", None) or ""
    cls, fix = ERRORS.get(state) or ERRORS.get(state[:3]) or ERRORS.get(state[:2]) or (memory.StoreError, None)
    detail = (str(exc).strip().splitlines() or [type(exc).__name__])[0] + (f" [SQLSTATE {state}]" if state else "")
    return cls(f"{where}: {action} failed: {detail}" + (f"; {fix}" if fix else ""))


def _redact(url: str) -> str:
    """The URL errors name: its password never appears in a message (memory.redacted, the one rule)."""
    return memory.redacted(url)


def _user_key(user: str) -> int:
    """The second half of a user's advisory-lock key: a signed 32-bit hash of the user (two
    users sharing one only take turns; it never lets two writers of one user interleave)."""
    key = int.from_bytes(hashlib.blake2b(user.encode("utf-8", "surrogatepass"), digest_size=4).digest(), "big",
                         signed=True)
    return key if not 1 <= key <= 6 else key + 6


# -- the seam --

_Base = memory.SQLiteStorage


class PostgresStorage(_Base):
    """memory's storage seam on PostgreSQL (see the module docstring for what each part of the
    contract is here). `url`: a libpq URL or connection string; `timeout`: seconds a statement
    waits for a lock (lock_timeout) before LockedError, and the connect timeout; `readonly`:
    every transaction is READ ONLY (a write raises ReadOnlyError; a dry run still works, on its
    own connection, rolled back). One connection, used by one thread at a time (MemoryStore's
    lock); autocommit outside the seam's transactions, so scrub() can VACUUM.

    Every statement goes through `_execute` (the seam's execute, executemany, each_memory and
    the schema's own texts alike): the user marks of its form are bound to the statement's
    `user=` (route_by_user, USER_MARK), the user's write lock is taken first inside a write
    (lock_user), and a driver error becomes memory's StoreError (_translate, keyed on SQLSTATE).

    `trace`: None, or a list to which every statement run is appended as (name, text, user),
    user being the seam's `user=` (a str, memory.ALL or None): test_adapter_postgres checks with
    it that every statement on a user's rows names that user."""

    PLACEHOLDER = "%s"
    SQL = STATEMENTS
    in_memory = False  # a server's tables: scrub() always runs (VACUUM), never the in-memory shortcut
    # VACUUM removes a deleted row's entries from the GIN index's posting lists but never its
    # keys (the entry tree keeps every lexeme ever indexed; measured with pageinspect): as on
    # SQLite without FTS5 secure-delete, MemoryStore re-keys the buckets erasure touched, so an
    # erased word left in the index is a hash under a key that no longer exists (meta
    # fts_secure_delete is "0", which MemoryStore reads).
    secure_delete = False

    def __init__(self, url: str, *, timeout: float = 5.0, readonly: bool = False, conn=None, trace=None):
        if psycopg is None:
            raise memory.StoreError(f"{_redact(url)}: a PostgreSQL store needs psycopg 3: "
                                    "pip install 'psycopg[binary]>=3.1'")
        self.url = url
        self.path = _redact(url)
        self.timeout = float(timeout)
        self.readonly = bool(readonly)
        self.action = None
        self.trace = trace
        self.module = psycopg
        self.Error = psycopg.Error
        self.Row = Row
        self.in_write = False
        self.locked = set()       # users whose advisory lock the open write transaction holds
        self.dry_only = False     # a readonly store's dry-run connection: every write rolls back
        self._user = None         # the user= of the statement being run (see _execute)
        self._name = None
        self._versions = iter(range(1, 1 << 62))
        self._ids_held = set()    # tables whose id lock this connection holds (see last_id)
        self._ids_seen = {}       # table -> the last id last_id returned (or its insert reached)
        self._store_lock = None   # the open write's hold on the store's lock: None, "shared", "exclusive"
        self._ticked = 0          # the size of the last clock block of the open write (see last_id)
        self._taken = {}          # sequence -> [value before, value after] the open write took (_give_back)
        self._reserved = None     # (first id, count) last_id reserved for the next memories insert
        self._inserted = set()
        self.conn = conn if conn is not None else self._connect()
        self.state = "postgres"
        self.schema = self._run("schema.current", "SELECT current_schema() AS s", (), None).fetchone()[0]
        if self.schema is None:
            self.close()
            raise memory.StoreError(f"{self.path}: no schema to create the store in: the search_path names none "
                                    "that exists; create it (CREATE SCHEMA ...) or fix options=-csearch_path")

    def _connect(self):
        try:
            conn = _Connection.connect(self.url, autocommit=True, connect_timeout=max(1, int(round(self.timeout))),
                                       application_name="memory")
        except psycopg.Error as exc:
            raise _translate(exc, self.path, "connecting") from exc
        try:
            conn.row_factory = _row_factory
            conn.cursor_factory = _Cursor
            conn.adapters.register_loader("numeric", _NumericLoader)
            conn.execute("SELECT set_config('lock_timeout', %s, false)", [f"{max(1, int(self.timeout * 1000))}ms"])
            if self.readonly:
                conn.execute("SELECT set_config('default_transaction_read_only', 'on', false)")
        except psycopg.Error as exc:
            conn.close()
            raise _translate(exc, self.path, "setting up the connection") from exc
        return conn

    def close(self) -> None:
        conn, self.conn = self.conn, None
        if conn is not None:
            conn.close()

    # -- statements --

    def error(self, exc, action=None):
        return _translate(exc, self.path, action or self.action or "reading")

    def lock_user(self, user: str) -> None:
        """Take `user`'s write lock now, inside a write transaction (a no-op outside one, and
        for a user already locked by it): pg_advisory_xact_lock(LOCK_SPACE, hash of the user),
        held to the end of the transaction. Writes of one user take turns; others run."""
        if type(user) is not str or not self.in_write or user in self.locked:
            return
        self._share_store()
        self._run("lock.user", "SELECT pg_advisory_xact_lock(%s, %s)", (LOCK_SPACE, _user_key(user)), user)
        self.locked.add(user)

    def _share_store(self) -> None:
        """The store's lock in shared mode, at the first statement of every write transaction:
        writes never wait for each other on it, only for a run over every user (fold_lock)."""
        if self.in_write and self._store_lock is None:
            self._store_lock = "shared"
            self._run("lock.store_shared", "SELECT pg_advisory_xact_lock_shared(%s, %s)", (LOCK_SPACE, STORE_LOCK), None)

    def fold_lock(self, user) -> None:
        """Consolidation's lock, before the run reads anything. A run of one user: that user's
        write lock (lock_user), so it takes turns with that user's writers and runs, on any host,
        while other users' writes go on. A run over every user (ALL, `consolidate.py --all`):
        the store's lock in exclusive mode, so it runs alone, as on SQLite's one file lock: every
        read of the run sees the same rows (READ COMMITTED would otherwise show it another
        writer's commits between two of its reads), and writers of every user wait for it (up
        to their timeout). adapters/README.md's scale-out plan runs one consolidation per user
        instead."""
        if type(user) is str:
            self.lock_user(user)
            return
        self._store_lock = "exclusive"
        self._run("lock.store", "SELECT pg_advisory_xact_lock(%s, %s)", (LOCK_SPACE, STORE_LOCK), memory.ALL)

    def _run(self, name, text, args, user, many=False):
        """The one call of the driver: the statement traced, its values encoded, errors
        translated."""
        conn = self.conn
        if conn is None:
            raise memory.StoreError("the store is closed")
        if self.trace is not None:
            self.trace.append((name, text, user))
        try:
            if many:
                cur = conn.cursor()
                cur.executemany(text, [_params(a) for a in args])
                return cur
            return conn.execute(text, _params(args))
        except psycopg.Error as exc:
            raise self.error(exc) from exc

    _FORMS: dict = {}  # statement text -> (text routed by user, [placeholders before each user mark])

    @classmethod
    def _route(cls, text: str):
        form = cls._FORMS.get(text)
        if form is None:
            routed = route_by_user(text)
            marks, count = [], 0
            for m in re.finditer(r"%%|%s|" + USER_MARK.pattern, routed):
                if m.group() == "%s":
                    count += 1
                elif m.group() != "%%":
                    marks.append(count)
                    count += 1  # the mark becomes one placeholder
            form = cls._FORMS[text] = (routed, marks)
        return form

    @staticmethod
    def _bind_user(form, args, user):
        """A routed form's text and args with each user mark bound: '"user" = %s' and the user in
        that place for a statement of one user; TRUE for one across users (ALL) or of none."""
        text, marks = form
        if not marks:
            return text, args
        if type(user) is str:
            text = USER_MARK.sub(lambda m: (f'{m.group(1)}."user"' if m.group(1) else '"user"') + " = %s", text)
            args = list(args)
            for count in marks:
                args.insert(count, user)
            return text, args
        return USER_MARK.sub("TRUE", text), args

    def _execute(self, text: str, args=(), named: bool = True):
        """The seam's one call of the driver (rows always readable by name and position)."""
        user, name = self._user, self._name or "schema"
        self._share_store()
        self.lock_user(user)
        routed, args = self._bind_user(self._route(text), args, user)
        return self._run(name, routed, args, user)

    def _with_user(self, name, user, call):
        outer = self._user, self._name
        self._user, self._name = user, name
        try:
            return call()
        finally:
            self._user, self._name = outer

    def execute(self, name: str, args=(), *, user, **slots):
        text = self.SQL[name] if not slots else self.sql(name, **slots)
        if name == "fold.run":
            args = (self.reserve_ids("runs", 1), *args)
        self._before_insert(name)
        cur = self._with_user(name, user, lambda: self._execute(text, args))
        self._after_insert(name)
        return cur

    def executemany(self, name: str, seq, *, user, **slots):
        text = self.SQL[name] if not slots else self.sql(name, **slots)
        self._share_store()
        self._with_user(name, user, lambda: self.lock_user(user))
        form = self._route(text)
        seq = list(seq)
        if name == "memories.insert":
            seq = self._with_reserved_ids(seq)
        bound = [self._bind_user(form, a, user) for a in seq]
        if not bound:
            return None
        self._before_insert(name)
        cur = self._run(name, bound[0][0], [a for _, a in bound], user, many=True)
        self._after_insert(name)
        return cur

    def each_memory(self, name: str, args=(), *, user, **slots):
        rows = super().each_memory(name, args, user=user, **slots)  # decodes; runs through _execute
        outer = self._user, self._name
        self._user, self._name = user, name
        try:
            first = next(rows, None)  # the statement runs now, with this user
        finally:
            self._user, self._name = outer
        if first is not None:
            yield first
            yield from rows

    # -- transactions, the server clock, ids --

    @contextmanager
    def write(self, *, dry_run: bool = False):
        """The seam's write transaction (BEGIN ... COMMIT, rolled back on any error; its
        statements: transaction.write, READ COMMITTED), in which each user is locked at its first
        statement (lock_user) until the end; dry_run=True rolls back at the end. A readonly
        store raises ReadOnlyError before anything runs; its dry-run copy always rolls back."""
        if self.conn is None:
            raise memory.StoreError("the store is closed")
        if self.readonly and not dry_run:
            raise memory.ReadOnlyError(f"{self.path}: the store was opened with readonly=True and this call "
                                       "writes; open it without readonly=True (a role that may write) to change it")
        self.in_write, self.locked, self._store_lock, self._taken = True, set(), None, {}
        kept = False
        try:
            with super().write(dry_run=dry_run or self.dry_only):
                yield self
            kept = not (dry_run or self.dry_only)
        finally:
            self.in_write, self.locked = False, set()
            self._release_ids()
            self._inserted.clear()
            self._ticked, self._reserved = 0, None
            if not kept and self.conn is not None:
                self._give_back()

    def _took(self, sequence: str, before: int, after: int) -> None:
        """Note that the open write advanced `sequence` from `before` to `after` (see _give_back)."""
        self._taken.setdefault(sequence, [before, after])[1] = after

    def _give_back(self) -> None:
        """After a rollback (a failed write, a dry run such as consolidate.plan): set each sequence
        the write advanced back to where it found it, unless another connection took values
        since (then the gap stays: values are never reused). SQLite's clock row and ids roll back
        with the transaction; so do these whenever nobody else wrote meanwhile, which keeps a
        dry run from changing the clock or the next ids."""
        taken, self._taken = self._taken, {}
        for sequence, (before, after) in taken.items():
            key = CLOCK_LOCK if sequence == "clock_seq" else self._ID_LOCKS[sequence[:-len("_id_seq")]]
            try:
                self._session_lock(key)
                try:
                    self._run("sequence.give_back", f"SELECT CASE WHEN last_value = %s AND is_called THEN "
                              f"setval('{sequence}', greatest(%s, 1), %s > 0) END AS reset FROM {sequence}",
                              (after, before, before), None)
                finally:
                    self._session_unlock(key)
            except memory.StoreError:
                pass  # the connection is gone: the values stay taken, which is only a gap

    @contextmanager
    def read(self, action: str = "reading"):
        """The seam's read transaction: one snapshot (transaction.read: REPEATABLE READ READ
        ONLY); it never waits for a writer and no writer waits for it (MVCC). Inside a write,
        the write's own view."""
        if self.in_write:
            yield self
            return
        with super().read(action):
            yield self

    def _session_lock(self, key: int):
        self._share_store()  # never wait for the store's lock while holding a session lock
        self._run("lock.session", "SELECT pg_advisory_lock(%s, %s)", (LOCK_SPACE, key), None)

    def _session_unlock(self, key: int):
        self._run("lock.session_release", "SELECT pg_advisory_unlock(%s, %s)", (LOCK_SPACE, key), None)

    def tick(self, n: int = 1) -> int:
        """Advance the server clock by n (see the module docstring); return the first new value.
        The block is consecutive: a session-level advisory lock (held for one statement, not to
        the end of the transaction) keeps another connection's values out of it."""
        self._ticked = n
        self._session_lock(CLOCK_LOCK)
        try:
            now = self.value("clock.tick", (n,), user=None)
        finally:
            self._session_unlock(CLOCK_LOCK)
        self._took("clock_seq", now - n, now)
        return now - n + 1

    _INSERTS = {"conflicts.open": "conflicts", "conflicts.import": "conflicts"}
    _ID_LOCKS = {"memories": 3, "conflicts": 4, "runs": 6}

    def last_id(self, table: str) -> int:
        """The last id handed out in `table` ("memories" or "conflicts"), as memory's Transaction
        reads it around an insert, counting on the inserted rows getting the ids that follow,
        one by one (SQLite's write lock makes them). PostgreSQL's sequences are shared by every
        connection, so:
        - memories: read before an insert, it reserves a block of as many ids as the clock block
          the same insert took just before (Transaction.insert ticks once per row, then reads
          last_id), under a short session lock, and returns the id before it; the insert
          ("memories.insert") gives the rows those ids; read right after, it returns the block's
          end. No lock is held between statements, so nothing waits across hosts.
        - conflicts: it takes the table's id lock until this connection's next insert into the
          table, which follows at once (Transaction.open_conflicts), so no other connection's id
          falls among them.
        A block of the wrong size fails the insert (memory then reports 'id allocation went
        wrong'), never a silent overlap."""
        if table not in ("memories", "conflicts"):
            raise ValueError(f"last_id: no id sequence for {table!r}")
        if table in self._inserted:  # right after this connection's insert: where that insert ended
            self._inserted.discard(table)
            return self._ids_seen[table]
        if table == "memories" and self.in_write and self._ticked:
            first = self.reserve_ids("memories", self._ticked)
            self._reserved = (first, self._ticked)
            self._ticked = 0
            return first - 1
        return self._last_id(table, lock=table not in self._ids_held)

    def _last_id(self, table: str, *, lock: bool) -> int:
        if lock:
            self._session_lock(self._ID_LOCKS[table])
            self._ids_held.add(table)
        last = self._run("ids.last", f"SELECT CASE WHEN is_called THEN last_value ELSE 0 END AS last FROM "
                         f"{table}_id_seq", (), None).fetchone()[0]
        self._ids_seen[table] = last
        return last

    def _with_reserved_ids(self, rows) -> list:
        """New memories' rows with their ids, the block last_id reserved, first."""
        if self._reserved is None or self._reserved[1] != len(rows):
            raise memory.StoreError(f"{self.path}: writing failed: {len(rows)} new memories but a block of "
                                    f"{self._reserved[1] if self._reserved else 0} ids was reserved "
                                    "(last_id reserves as many ids as the clock block before it)")
        first, n = self._reserved
        self._reserved = None
        self._ids_seen["memories"] = first + n - 1
        self._inserted.add("memories")
        return [(first + i, *row) for i, row in enumerate(rows)]

    def _before_insert(self, name) -> None:
        """An insert of ledger entries without last_id() before it (an import) takes the id lock
        for itself too: every id of the table is then handed out under the lock, which is what
        lets a rollback give its ids back safely (_give_back)."""
        table = self._INSERTS.get(name)
        if table is not None and table not in self._ids_held and self.in_write:
            self._last_id(table, lock=True)

    def _after_insert(self, name) -> None:
        table = self._INSERTS.get(name)
        if table in self._ids_held:  # the block is in: note where it ended, then let others insert
            before = self._ids_seen[table]
            self._took(f"{table}_id_seq", before, self._last_id(table, lock=False))
            self._session_unlock(self._ID_LOCKS[table])
            self._ids_held.discard(table)
            self._inserted.add(table)

    def _release_ids(self) -> None:
        for table in list(self._ids_held):
            self._ids_held.discard(table)
            try:
                self._session_unlock(self._ID_LOCKS[table])
            except memory.StoreError:
                pass  # the connection is gone, and its session locks with it

    def reserve_ids(self, table: str, n: int) -> int:
        """The first of n consecutive new ids of `table`, taken from its identity sequence under a
        short session lock (the rows are then inserted with these ids)."""
        if table not in self._ID_LOCKS:
            raise ValueError(f"reserve_ids: no id sequence for {table!r}")
        self._session_lock(self._ID_LOCKS[table])
        try:
            last = self._run("ids.reserve", f"SELECT setval('{table}_id_seq', nextval('{table}_id_seq') + %s - 1)",
                             (n,), None).fetchone()[0]
        finally:
            self._session_unlock(self._ID_LOCKS[table])
        if self.in_write:
            self._took(f"{table}_id_seq", last - n, last)
        return last - n + 1

    @contextmanager
    def without_indexes(self, names):
        """SQLite drops and rebuilds indexes around a bulk retirement; PostgreSQL updates them in
        place (its indexes stay valid for concurrent readers)."""
        yield

    def data_version(self) -> int:
        """A new value at every call: PostgreSQL has no cheap 'another connection committed'
        counter, so a cached vector index is checked against its level's count and newest id
        every time (what memory does when the stamp changed)."""
        return next(self._versions)

    @contextmanager
    def nowait(self, action: str):
        """A block whose write never waits for another connection's lock (lock_timeout 1 ms:
        LockedError at once), for bookkeeping that must never block a read."""
        outer, self.action = self.action, action
        try:
            self._run("lock.nowait", "SELECT set_config('lock_timeout', '1ms', false)", (), None)
            try:
                yield
            finally:
                self._run("lock.timeout", "SELECT set_config('lock_timeout', %s, false)",
                          (f"{max(1, int(self.timeout * 1000))}ms",), None)
        finally:
            self.action = outer

    def private_copy(self) -> "PostgresStorage":
        """A readonly store's dry run: a second connection to the same store whose every write
        transaction rolls back (PostgreSQL needs no copy to try a run and forget it)."""
        copy = PostgresStorage(self.url, timeout=self.timeout, trace=self.trace)
        copy.dry_only = True
        return copy

    # -- the schema --

    def schema_version(self) -> int:
        """The store's schema version in this connection's schema: 0 when it has no tables of
        ours (a new store). Raises SchemaError for a schema holding tables that are not a store's
        (refused before anything in it changes)."""
        found = {r["tablename"] for r in self._run(
            "schema.tables", "SELECT tablename FROM pg_tables WHERE schemaname = current_schema()", (), None)}
        if not found:
            return 0
        if "meta" not in found:
            raise memory.SchemaError(f"{self.path}: schema {self.schema!r} holds tables ({', '.join(sorted(found))}) "
                                     "but is not a memory store; refusing to touch it (name an empty schema in "
                                     "options=-csearch_path)")
        version = self._run("schema.version", "SELECT value FROM meta WHERE key = 'schema_version'", (),
                            None).fetchone()
        if version is None or not version[0].isdigit():
            raise memory.SchemaError(f"{self.path}: schema {self.schema!r} has a meta table without a schema "
                                     "version; not a memory store; refusing to touch it")
        return int(version[0])

    def create(self, secure: bool = False) -> None:
        """Create PG_SCHEMA and its meta rows (schema version, rule fingerprints; the search index
        re-keyed on erasure: fts_secure_delete "0"), inside the caller's write transaction, under
        the setup lock (two processes opening a new store at once: the second finds it made).
        `secure` (SQLite's FTS5 option) does not apply."""
        self._run("schema.lock", "SELECT pg_advisory_xact_lock(%s, %s)", (LOCK_SPACE, SETUP_LOCK), None)
        if self.schema_version():
            return
        for statement in PG_SCHEMA_STATEMENTS:
            self._run("schema.create", statement, (), None)
        self._run("schema.meta", "INSERT INTO meta (key, value) VALUES (%s, %s), (%s, %s), (%s, %s), (%s, %s)",
                  ("schema_version", str(memory.SCHEMA_VERSION), "text_rules", memory.TEXT_RULES_VERSION,
                   "index_terms", memory.INDEX_TERMS_VERSION, "fts_secure_delete", "0"), None)

    def migrate(self, store, version: int) -> int:
        raise memory.SchemaError(f"{self.path}: schema version {version - 1} has no PostgreSQL migration "
                                 f"(PostgreSQL stores start at version {memory.SCHEMA_VERSION})")

    def copy_template(self, secure: bool) -> None:
        raise memory.StoreError(f"{self.path}: a PostgreSQL store is never in memory")

    # -- the search index --

    def recreate_index(self, secure: bool = False) -> None:
        """An empty search index and no index-key bucket: every memory is indexed again (inside
        the caller's write; across users)."""
        self.execute("fts.clear", user=memory.ALL)
        self.execute("memories.unbucket", user=memory.ALL)
        self.execute("index_keys.delete_all", user=memory.ALL)

    def merge_index(self, pages: int) -> None:
        """The GIN index's pending list (recent entries not yet in its tree) merged now, a
        bounded amount, instead of by the next insert that overflows it."""
        self.execute("fts.merge", user=memory.ALL)

    def search(self, user: str, task, phrases):
        """Hits of the query's phrases (lists of index terms) among the rows of the user's level
        (task None: the user level; else it and that task), as a cursor of rows ("id", "score"),
        best first, or None without keys or phrases. score has bm25's sign, as on SQLite:
        negative, the more negative the better (memory uses its ratio to the best).

        Ranked by PostgreSQL: BM25's form over ts_rank. Each phrase is one tsquery (the OR of its
        keyed forms, one per bucket key of the level; `<->` between a form's hashes); a row's
        score is the sum over the phrases it matches of idf * tf / (tf + K1 * (1 - B + B * size /
        avg size)), where tf is ts_rank of that phrase on the row (columns weighted RANK_WEIGHTS),
        idf is ln(1 + (N - n + 0.5) / (n + 0.5)) over the level's N rows, n of them matching (a
        rare word counts more than a common one), size the row's index terms and avg size theirs
        over the rows that matched (a short memory's match counts more): SQLite's bm25 in form.
        The constants were chosen on LoCoMo's development conversations (see RANK_WEIGHTS)."""
        keys = self.column("index_keys.level_keys", (user, task), user=user)
        if not keys or not phrases:
            return None
        queries = [q for q in (tsquery([_keyed(p, key) for key in keys]) for p in phrases) if q]
        if not queries:
            return None
        return self.execute("fts.search", (queries, RANK_WEIGHTS, user, task, user, task), user=user)

    # -- erasure: VACUUM --

    def checkpoint(self, *, truncate: bool = True) -> bool:
        """Finish committed erasures (outside any transaction). truncate=True (scrub): VACUUM
        every table erasure deletes from (INDEX_CLEANUP ON: the index entries of the deleted rows
        go too, the GIN index's pending list included), so their row versions are no longer in
        any table or index, and ANALYZE them, so the planner's statistics (pg_statistic's most
        common values and histograms, sampled from live rows) no longer hold an erased value.
        VACUUM cannot remove a row version that a snapshot older than the erasure may still see
        (another connection's transaction, a standby's hot_standby_feedback, a replication slot,
        a prepared transaction): then nothing runs and False comes back (memory's scrub waits
        and retries up to the timeout, then raises ScrubPendingError). True when VACUUM ran, or
        nothing was left to scrub. truncate=False (maintain): nothing (autovacuum's job).
        adapters/README.md says what VACUUM does not reach (WAL, replicas, backups, free space)."""
        if not truncate:
            return True
        if self.in_write:
            raise memory.StoreError(f"{self.path}: VACUUM cannot run inside a write transaction")
        newest = self._run("scrubs.newest", "SELECT xid FROM scrubs ORDER BY id DESC LIMIT 1", (), None).fetchone()
        if newest is None:
            return True
        if self._run("scrubs.horizon", HORIZON, {"x": newest[0]}, None).fetchone()[0]:
            return False
        outer, self.action = self.action, "vacuuming"
        try:
            self._run("scrub.vacuum", "VACUUM (INDEX_CLEANUP ON, ANALYZE) " + ", ".join(ERASED_TABLES), (), None)
        finally:
            self.action = outer
        return True

    def backup(self, target) -> None:
        raise memory.StoreError(f"{self.path}: backup() copies SQLite files; back up a PostgreSQL store with "
                                "pg_dump (or the server's base backups)")


def _keyed(phrase, key) -> str:
    """A phrase's index terms as keyed hashes under one bucket key: memory's hashing (the seam's
    one home of it), so PostgreSQL and SQLite match the same hashes."""
    return memory.hash_terms(phrase, key)


def open_store(url: str, *, timeout: float = 5.0, **options) -> "memory.MemoryStore":
    """A memory.MemoryStore over PostgreSQL at `url` (a libpq URL or key=value string): the whole
    public API with the same rules and answers as on SQLite. `timeout`: seconds to wait for a
    lock (another writer of the same user) before memory.LockedError, in (0, 86400]. The tables
    are in the first schema of the search_path (created there when missing; see the module
    docstring). `options`: MemoryStore's keywords that are not SQLite's (wall_clock, embed,
    embed_name, readonly, create). Raises memory.StoreError when psycopg is missing or the server
    cannot be reached (the message names the URL without its password), SchemaError for a schema
    that is not a store's or is newer."""
    for name in ("sqlite", "fts_secure_delete", "storage"):
        if name in options:
            raise memory.InvalidMemory(f"{name}: expected no {name}= for a PostgreSQL store (an SQLite option); "
                                       f"got {options[name]!r:.200}")
    if not isinstance(url, str) or not url.strip():
        raise memory.InvalidMemory(f"url: expected a libpq URL (postgresql://user@host/db); got {url!r:.200}")
    if (not isinstance(timeout, (int, float)) or isinstance(timeout, bool) or not timeout == timeout
            or not 0 < timeout <= memory.MAX_TIMEOUT_S):
        raise memory.InvalidMemory(f"timeout: expected seconds as a number > 0 and <= {memory.MAX_TIMEOUT_S:g}; "
                                   f"got {timeout!r:.200}")
    create = options.pop("create", None)
    readonly = options.get("readonly", False)
    storage = PostgresStorage(url, timeout=timeout, readonly=readonly is True, trace=options.pop("trace", None))
    try:
        if (create is False or readonly is True) and storage.schema_version() == 0:
            raise memory.StoreError(f"{storage.path}: no memory store in schema {storage.schema!r}; create one with "
                                    "open_store(url) first")
        return memory.MemoryStore(storage.path, timeout=timeout, storage=storage, **options)
    except BaseException:
        storage.close()
        raise


def scratch_url(url: str, prefix: str = "memtest") -> str:
    """Make a new, empty schema `<prefix>_<random>` in the database of `url` and return `url`
    with options=-csearch_path=<it>: a store of its own (tests, benchmarks). drop_scratch(url)
    removes it."""
    if psycopg is None:
        raise memory.StoreError("psycopg 3 is not installed: pip install 'psycopg[binary]>=3.1'")
    name = f"{prefix}_{os.getpid()}_{os.urandom(4).hex()}"
    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute(f'CREATE SCHEMA "{name}"')
    return with_schema(url, name)


def with_schema(url: str, schema: str) -> str:
    """`url` with its search_path set to `schema` (libpq's options=-csearch_path=...)."""
    info = psycopg.conninfo.conninfo_to_dict(url)
    info["options"] = (info.get("options", "") + f" -csearch_path={schema}").strip()
    return psycopg.conninfo.make_conninfo(**info)


def drop_scratch(url: str) -> None:
    """Drop the schema a scratch_url made (every table in it)."""
    with psycopg.connect(url, autocommit=True) as conn:
        schema = conn.execute("SELECT current_schema()").fetchone()[0]
        if schema and schema not in ("public", "pg_catalog"):
            conn.execute(f'DROP SCHEMA IF EXISTS "{schema}" CASCADE')
