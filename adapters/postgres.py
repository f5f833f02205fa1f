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
  rows are touched is locked first, `pg_advisory_xact_lock` on a 64-bit hash of the user
  (LOCK_SPACE, user): writes of one user (an agent's turn, a consolidation run of that user,
  an erasure) take turns, as they do on SQLite's one file lock; writes of different users run at
  once. A consolidation of one user therefore never interleaves with another of that user, on
  any host. Readers never wait: a read is one REPEATABLE READ READ ONLY snapshot (MVCC).
- Timeouts: `timeout` seconds is the connection's lock_timeout (row locks and the per-user
  advisory lock alike). A lock not granted in time, a deadlock PostgreSQL broke, a
  serialization failure, or a statement cancelled by a statement_timeout set in the URL become
  memory.LockedError with SQLite's message ("locked by another connection; retry, or raise
  timeout="): the transaction is rolled back and nothing was written.
- The server clock: a sequence (`clock`), advanced under a short session-level advisory lock so
  that a block of values is consecutive. Values are strictly increasing and never reused; a
  rolled-back transaction leaves a gap (SQLite's counter row rolls back instead). Only the order
  is meaningful, as on SQLite.
- Ids: identity columns; a rolled-back insert leaves a gap, as with the clock.
- The search index: the same keyed hashes of the same index terms (memory.index_terms,
  memory's per-bucket keys), spelt in the letters a-p instead of hex digits so that
  PostgreSQL's parser keeps each hash one word, in a tsvector column generated from three
  columns weighted A (attribute), B (text) and C (context), with a GIN index. A query is the
  OR of its phrases (`<->` between the hashes of a phrase), ranked by `ts_rank` with weights in
  the ratio of memory.BM25_WEIGHTS and length normalization 1 (rank / (1 + log(length))).
- Erasure: forget and purge delete the rows and their index entries in the caller's one
  transaction. The deleted row versions stay in the table and index files as dead tuples until
  VACUUM reclaims them: scrub() runs VACUUM of every table erasure touches (autocommit: VACUUM
  cannot run in a transaction). What VACUUM cannot reach (WAL segments, replicas' WAL, base
  backups and dumps) is listed in adapters/README.md ("PostgreSQL").
- The schema version: `meta` holds schema_version (memory.SCHEMA_VERSION) and the rule
  fingerprints; migrations are checked on open under an advisory lock.

Routable by user: every statement on a user's rows names the user (`"user" = %s`), even where an
id alone would do, so the tables can be distributed by user (Citus: distribution column "user").
The few statements that read across users are named in CROSS_USER.
"""

from __future__ import annotations

import memory

try:
    import psycopg
    from psycopg.rows import dict_row
except ImportError:  # open_store says how to install it
    psycopg = None

__all__ = ["open_store", "PostgresStorage", "PG_SCHEMA", "STATEMENTS", "CROSS_USER", "scratch_url",
           "drop_scratch", "LOCK_SPACE"]

LOCK_SPACE = 0x6D656D  # "mem": first half of every advisory-lock key of this module (the user's hash is the second)
CLOCK_LOCK = 1         # second half of the clock's session lock key (a user's key is never 1: see _user_key)
SETUP_LOCK = 2         # second half of the schema setup/migration lock key
# ts_rank's weights, in its order {D, C, B, A}: memory.BM25_WEIGHTS (attribute, text, context)
# scaled so the largest is 1 (ts_rank refuses weights above 1). D is unused.
RANK_WEIGHTS = "{%s}" % ", ".join(f"{w / max(memory.BM25_WEIGHTS):g}" for w in
                                  (0.0, memory.BM25_WEIGHTS[2], memory.BM25_WEIGHTS[1], memory.BM25_WEIGHTS[0]))
RANK_NORMALIZATION = 1  # ts_rank: divide by 1 + log(document length), BM25's length term in spirit

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
        || setweight(to_tsvector('simple', context), 'C')) STORED
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

-- The server clock: a sequence (see the module docstring), not a row every writer would lock.
CREATE SEQUENCE clock AS BIGINT MINVALUE 0 START WITH 1;

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
    recorded_at TEXT NOT NULL
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


PG_SCHEMA_STATEMENTS = _statements(PG_SCHEMA)
# Tables holding a user's rows (every statement on them names the user) and the others.
USER_TABLES = ("memories", "index_keys", "memories_fts", "pending", "resolutions", "conflicts", "events",
               "vectors")
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
