"""The versioned SQLite store for agent memory: write, read, recall, forget and purge facts
about a user, each with its provenance.

Standard library only. One place opens connections (`_open`), one place writes
(`MemoryStore._write`: BEGIN IMMEDIATE ... COMMIT, ROLLBACK on any error). The rules that
decide between memories live in consolidate.py; the write-gates live in gates.py.
"""

from __future__ import annotations

import functools
import json
import re
import sqlite3
import threading
import time
import unicodedata
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import datetime, timezone

__all__ = [
    "SCHEMA_VERSION", "ALL", "MAX_TEXT_CHARS", "MAX_KEY_CHARS",
    "StoreError", "SchemaError", "InvalidMemory",
    "Memory", "Resolution", "Conflict", "Event", "Recall", "MemoryStore",
    "normalize", "canonical", "content_words", "signature", "rank", "RANK_STEPS",
]

SCHEMA_VERSION = 3
# Schema history, one line per version (PRAGMA user_version):
#   1  memories (no authority, authentication or trust) and runs (id, time only).
#   2  authority, authenticated and trust on memories; the server clock; the fold's pending list;
#      resolutions;
#      the conflict ledger; attribute policies; the erasure audit (events); the FTS5 recall index.
#   3  sig in the fold index and an index of possible negated sides (incremental runs pick what
#      to read from indexes); resolutions stored in decision order (id), retired UNIQUE.

MIN_SQLITE = (3, 35, 0)  # generated columns (3.31) and reliable FTS5 external content
MAX_TEXT_CHARS = 131_072  # longest memory text accepted, in characters (BR-39)
MAX_KEY_CHARS = 1_024     # longest user, task, attribute or origin, in characters
RUNS_KEPT = 1_000         # consolidation runs kept in `runs`; older rows are dropped (ids stay in resolutions)
CACHE_KIB = 32_768        # SQLite page cache per connection, in KiB: the fold, pending and FTS b-trees
                          # are all touched by every write, and the 2 MiB default makes them evict each other
MMAP_BYTES = 1 << 30     # read through a memory map (no read() call and copy per page); pages stay the OS cache's


class _All:
    """The sentinel for 'every level of a user' (or, for consolidation, every user)."""

    __slots__ = ()

    def __repr__(self):
        return "ALL"


ALL = _All()

KINDS = ("semantic", "episodic")
AUTHORITIES = ("user", "inferred")
SOURCES = ("user", "tool", "import")
TRUSTS = ("trusted", "unverified")
STATUSES = ("current", "retired", "quarantined")
POLICIES = ("one", "many", "immutable")
CONFLICT_KINDS = ("contradiction", "contested", "cross-scope duplicate")
CONFLICT_STATES = ("open", "resolved", "zombied")

RULE_SETTLED_BY_USER = "settled by user"   # store.resolve: the user picked a side
RULE_RELEASED = "released from quarantine"  # gates.release: the user confirmed a held memory


class StoreError(Exception):
    """Base class of every error this module raises; wraps sqlite3.Error."""


class SchemaError(StoreError):
    """The database file has a schema this module cannot use (newer, or damaged)."""


class InvalidMemory(StoreError, ValueError):
    """Bad input: the message names the field, the allowed values and the bad value."""


def _invalid(field_name, allowed, value):
    return InvalidMemory(f"{field_name}: expected {allowed}; got {value!r:.200}")


# --- comparison form ------------------------------------------------------------------------

# Unicode format characters (category Cf: zero-width space, joiners, BOM, bidi marks) are invisible
# and would make two identical-looking texts compare different.
# Default-ignorable letters and marks (Hangul fillers, the grapheme joiner, variation selectors)
# and the braille blank look like nothing too.
_BLANKS = {0x034F, 0x115F, 0x1160, 0x17B4, 0x17B5, 0x2800, 0x3164, 0xFFA0, *range(0x180B, 0x1810),
           *range(0xFE00, 0xFE10), *range(0xE0100, 0xE01F0)}
# Cf characters live in planes 0, 1 and 14 only; scanning just those keeps import fast.
_CF = re.compile("[" + "".join(
    re.escape(chr(c)) for plane in (range(0x20000), range(0xE0000, 0xE1000)) for c in plane
    if c in _BLANKS or unicodedata.category(chr(c)) == "Cf") + "]")
_VISIBLE = re.compile("[^\x00-\x1f\x7f]").search
_SENTENCE_END = ".,;:!? "
# C0/C1 controls other than whitespace: invisible, and never part of a word.
_CONTROLS = re.compile("[\x00-\x08\x0e-\x1f\x7f-\x84\x86-\x9f]")


def canonical(text: str) -> str:
    """The one canonical text every judgement reads (str -> str; stored text stays byte-exact).

    NFKC (full-width and mathematical letters become plain ones), Unicode format characters
    (category Cf: soft hyphen, zero-width characters, bidi controls, the tag block
    U+E0000-E007F), variation selectors, default-ignorable fillers and non-whitespace control
    characters removed, whitespace collapsed to one space and stripped. Case is kept: gates
    and classifiers may read it; `normalize` adds casefolding for comparison.
    """
    if not text.isascii():
        text = unicodedata.normalize("NFKC", _CF.sub("", text))
        text = _CF.sub("", text)  # NFKC can compose into a format character's neighbours only
    return " ".join(_CONTROLS.sub("", text).split())


def normalize(text: str) -> str:
    """Return the comparison form of `text` (str -> str, linear in len(text)).

    NFKC, casefold, Unicode Cf characters removed, whitespace collapsed to one space and
    stripped, then trailing sentence punctuation (. , ; : ! ?) dropped. Symbols inside or at
    the end of a word stay: "C++" -> "c++", "3.11" -> "3.11". May return "" (e.g. for "...").
    """
    if text.isascii():
        s = text.lower()
    else:
        s = unicodedata.normalize("NFKC", _CF.sub("", text))
        s = unicodedata.normalize("NFKC", s.casefold())
    s = " ".join(s.split()).rstrip(_SENTENCE_END)  # str.split() and re's \s: the same whitespace
    # Control characters alone (a lone NUL) are no content either; inside a text they stay.
    return s if _VISIBLE(s) else ""


# Content words: what a statement is about, for near duplicates and contradictions. Function
# words carry grammar, not content; negations are tracked on their own so that "I like tea" and
# "I don't like tea" share their content words but not their polarity.
# Relational words (before/after, over/under, or/but, can/must ...) are content: "take insulin
# before meals" and "... after meals" are different facts.
FUNCTION_WORDS = frozenset("""
a an the i me my mine myself you your yours yourself he him his himself she her hers herself it its
itself we us our ours ourselves they them their theirs themselves this that these those who whom
whose which what where when why how am is are was were be been being do does did doing done have
has had having 's in on at to of for with from by about as into onto and so also just really very
too there here then now currently actually
""".split())
_NEGATED_STEM = {"ca": "can", "wo": "will", "sha": "shall"}  # can't, won't, shan't
NEGATIONS = frozenset("not no never nothing none nobody nowhere neither nor cannot".split())
_TOKEN_EDGE = "\"'()[]{}<>«»“”‘’,;:!?."  # stripped from token edges; + and # stay (c++, c#)


def content_words(norm: str) -> tuple[frozenset, frozenset]:
    """Split a normalized text into (content words, negations), both frozensets of str.

    A token is a whitespace-separated word with quotes, brackets and sentence punctuation
    stripped from its edges ("vim." -> "vim", "c++," -> "c++", "3.11." -> "3.11"). Tokens
    ending in "n't" count as the negation "not" (their stem is an auxiliary).
    """
    words, negs = set(), set()
    for raw in norm.split(" "):
        tok = raw.strip(_TOKEN_EDGE).replace("’", "'")
        if not tok:
            continue
        if tok.endswith("n't") or tok == "cannot":
            negs.add("not")  # the stem of a contraction keeps its meaning: can't = can + not
            stem = "can" if tok == "cannot" else tok[:-3]
            stem = _NEGATED_STEM.get(stem, stem)
            if stem and stem not in FUNCTION_WORDS:
                words.add(stem)
        elif tok in NEGATIONS:
            negs.add(tok)
        elif tok.endswith("'s") and tok[:-2] in FUNCTION_WORDS:
            continue  # "it's", "that's"
        elif tok not in FUNCTION_WORDS and not tok.endswith("'m") and not tok.endswith("'re") \
                and not tok.endswith("'ve") and not tok.endswith("'ll") and not tok.endswith("'d"):
            words.add(tok)
    return frozenset(words), frozenset(negs)


def signature(norm: str) -> str:
    """The near-duplicate key of a normalized text: its content words, a newline (never inside
    a normalized text), then its negations, each sorted and space-separated ("my favourite
    editor is not vim" -> "editor favourite vim\nnot"). Equal signatures mean the same content
    words and the same negations.

    Stored per fact (memories.sig) and looked up by index: a change to this function or to the
    word lists above needs a schema migration that recomputes sig, or an incremental run
    would miss old facts whose stored signature no longer matches."""
    words, negs = content_words(norm)
    return " ".join(sorted(words)) + "\n" + " ".join(sorted(negs))


# --- rows -----------------------------------------------------------------------------------

@dataclass(frozen=True)
class Memory:
    """One stored memory. `created_at` is the server clock (an int); `recorded_at` UTC ISO 8601."""

    id: int
    user: str
    task: str | None
    kind: str
    text: str
    norm: str
    attribute: str | None
    authority: str
    source: str
    origin: str
    authenticated: bool
    trust: str
    status: str
    created_at: int
    recorded_at: str


@dataclass(frozen=True)
class Resolution:
    """A decision: `retired` lost to `kept` by `rule` in run `run` (None: decided at write time)."""

    kept: int
    retired: int
    rule: str
    run: int | None
    recorded_at: str


@dataclass(frozen=True)
class Conflict:
    """A ledger entry between memories `a` (the earlier or trusted one) and `b`."""

    id: int
    user: str
    kind: str
    a: int
    b: int
    run: int | None
    reason: str
    state: str
    resolution: str | None
    opened_clock: int
    opened_at: str
    closed_at: str | None
    co_recalls: int


@dataclass(frozen=True)
class Event:
    """An audit row for forget/purge: ids and counts only, never text."""

    id: int
    op: str
    user: str
    ids: tuple
    count: int
    reason: str
    clock: int
    recorded_at: str


@dataclass(frozen=True)
class Recall:
    """What recall returns: memories best first, notes by memory id, notices for the user."""

    memories: list = field(default_factory=list)
    notes: dict = field(default_factory=dict)
    notices: list = field(default_factory=list)


# --- schema ---------------------------------------------------------------------------------

_MEMORY_COLUMNS = ("id, user, task, kind, text, norm, attribute, authority, source, origin, "
                   "authenticated, trust, status, created_at, recorded_at")

# Each migration is a list of statements, run with its version bump in one BEGIN IMMEDIATE.
# executescript() is never used: it would COMMIT in the middle of the migration.
_MIGRATIONS = {
    1: [
        """CREATE TABLE memories (
            id INTEGER PRIMARY KEY AUTOINCREMENT,  -- stable id, never reused
            user TEXT NOT NULL,                    -- scope: whose memory
            task TEXT,                             -- scope: NULL = user level, else the task
            kind TEXT NOT NULL,                    -- semantic | episodic
            text TEXT NOT NULL,                    -- as given, byte-exact
            norm TEXT NOT NULL,                    -- comparison form (memory.normalize)
            attribute TEXT,                        -- normalized key, NULL = none
            source TEXT NOT NULL,                  -- user | tool | import
            origin TEXT NOT NULL,                  -- e.g. chat, email:billing@vendor.example
            status TEXT NOT NULL,                  -- current | retired
            created_at INTEGER NOT NULL,           -- ordering integer
            recorded_at TEXT NOT NULL              -- UTC ISO 8601, display only
        )""",
        """CREATE TABLE runs (
            id INTEGER PRIMARY KEY,                -- run number
            recorded_at TEXT NOT NULL              /* UTC ISO 8601; a block comment because
                                                      ALTER TABLE ADD COLUMN appends after it */
        )""",
    ],
    2: [
        # Rebuild memories with the provenance columns and CHECK constraints. Legacy rows: a
        # user-sourced row was said by the user over their own channel (authority user,
        # authenticated, trusted); anything else is an unauthenticated, unverified inference.
        """CREATE TABLE memories_v2 (
            id INTEGER PRIMARY KEY AUTOINCREMENT,  -- stable id, never reused (ids appear in the audit)
            user TEXT NOT NULL,                    -- scope: whose memory; compared exactly
            task TEXT,                             -- scope: NULL = user level, else the task; compared exactly
            kind TEXT NOT NULL CHECK (kind IN ('semantic', 'episodic')),  -- fact (consolidated) or event
            text TEXT NOT NULL,                    -- as given, byte-exact, never rewritten
            norm TEXT NOT NULL CHECK (norm <> ''), -- comparison form (memory.normalize)
            attribute TEXT,                        -- normalized key (diet, home_city), NULL = none
            authority TEXT NOT NULL CHECK (authority IN ('user', 'inferred')),  -- who asserted it
            source TEXT NOT NULL CHECK (source IN ('user', 'tool', 'import')),  -- channel it came by
            origin TEXT NOT NULL,                  -- chat, email:<sender>, web:<url>, rule:<name> ...
            authenticated INTEGER NOT NULL CHECK (authenticated IN (0, 1)),  -- channel vouches for origin
            trust TEXT NOT NULL CHECK (trust IN ('trusted', 'unverified')),  -- set by the write-gate
            status TEXT NOT NULL CHECK (status IN ('current', 'retired', 'quarantined')),
            sig TEXT,                              -- content words, newline, negations of a fact without an
                                                   -- attribute (near-duplicate key); NULL otherwise
            created_at INTEGER NOT NULL,           -- server clock (clock.now at write); alone decides newer
            recorded_at TEXT NOT NULL,             -- wall clock, UTC ISO 8601 with Z, display only
            fts_scope TEXT GENERATED ALWAYS AS (CASE WHEN task IS NULL THEN 'l' || hex(user)
                ELSE 't' || hex(user) || 'x' || hex(task) END) VIRTUAL  -- one FTS token per level
        )""",
        """INSERT INTO memories_v2 (id, user, task, kind, text, norm, attribute, authority, source,
                                    origin, authenticated, trust, status, created_at, recorded_at)
           SELECT id, user, task, kind, text, norm, attribute,
                  CASE source WHEN 'user' THEN 'user' ELSE 'inferred' END, source, origin,
                  source = 'user', CASE source WHEN 'user' THEN 'trusted' ELSE 'unverified' END,
                  status, created_at, recorded_at
           FROM memories ORDER BY id""",
        "DROP TABLE memories",
        "ALTER TABLE memories_v2 RENAME TO memories",
        # The fold reads current semantic facts by attribute family (one user's facts about one
        # attribute at every level), level by level in server-clock order. Partial, so that an
        # incremental run reads what is current, never a family's ever-growing history.
        """CREATE INDEX memories_fold ON memories (user, attribute, task, created_at)
           WHERE status = 'current' AND kind = 'semantic'""",
        # What the next run must fold: appended on write (cheaper than an index on every row),
        # emptied by the run; an entry closing, a policy change or a forget adds rows back.
        """CREATE TABLE pending (
            id INTEGER PRIMARY KEY,                -- a current semantic memory not folded yet
            user TEXT NOT NULL,                    -- its scope and attribute, to find its group
            task TEXT,
            attribute TEXT,
            fresh INTEGER NOT NULL DEFAULT 1       -- 1: written and never folded; 0: re-marked
        )""",
        """INSERT INTO pending (id, user, task, attribute) SELECT id, user, task, attribute FROM memories
           WHERE status = 'current' AND kind = 'semantic'""",
        # One row: the server clock. A counter, not max(created_at): that would go back in time
        # after the newest row is forgotten.
        """CREATE TABLE clock (
            id INTEGER PRIMARY KEY CHECK (id = 1),
            now INTEGER NOT NULL                   -- last server-clock value handed out
        )""",
        "INSERT INTO clock (id, now) SELECT 1, COALESCE(MAX(created_at), 0) FROM memories",
        "ALTER TABLE runs ADD COLUMN clock INTEGER  /* server clock at the run */",
        "ALTER TABLE runs ADD COLUMN user TEXT  /* scope user, NULL = every user */",
        "ALTER TABLE runs ADD COLUMN task TEXT  /* scope task as JSON (null / 't1' / 'ALL') */",
        "ALTER TABLE runs ADD COLUMN decisions INTEGER  /* resolutions written by the run */",
        """CREATE TABLE resolutions (
            retired INTEGER PRIMARY KEY,           -- memory id retired by this decision (once, ever)
            user TEXT NOT NULL,                    -- owner of both memories
            kept INTEGER NOT NULL,                 -- memory id that stayed (or won)
            rule TEXT NOT NULL,                    -- rule name (consolidate.RULES)
            run INTEGER,                           -- consolidation run, NULL = at write time
            clock INTEGER NOT NULL,                -- server clock of the decision
            recorded_at TEXT NOT NULL              -- UTC ISO 8601
        )""",
        "CREATE INDEX resolutions_kept ON resolutions (kept)",
        """CREATE TABLE conflicts (
            id INTEGER PRIMARY KEY AUTOINCREMENT,  -- stable entry id, never reused
            user TEXT NOT NULL,
            kind TEXT NOT NULL CHECK (kind IN ('contradiction', 'contested', 'cross-scope duplicate')),
            a INTEGER NOT NULL,                    -- the earlier (or trusted) memory id
            b INTEGER NOT NULL,                    -- the later (or contested) memory id
            run INTEGER,                           -- run that found it, NULL = a write-gate
            reason TEXT NOT NULL,                  -- why it was opened
            state TEXT NOT NULL CHECK (state IN ('open', 'resolved', 'zombied')),
            resolution TEXT,                       -- why it closed
            opened_clock INTEGER NOT NULL,         -- server clock when opened
            opened_at TEXT NOT NULL,               -- UTC ISO 8601
            closed_at TEXT,                        -- UTC ISO 8601
            co_recalls INTEGER NOT NULL DEFAULT 0, -- recalls that returned both sides
            last_co_recall TEXT                    -- UTC ISO 8601
        )""",
        "CREATE INDEX conflicts_a ON conflicts (a)",
        "CREATE INDEX conflicts_b ON conflicts (b)",
        "CREATE INDEX conflicts_user ON conflicts (user, state)",
        """CREATE TABLE attributes (
            attribute TEXT PRIMARY KEY,            -- normalized attribute
            policy TEXT NOT NULL CHECK (policy IN ('one', 'many', 'immutable'))
        )""",
        """CREATE TABLE events (
            id INTEGER PRIMARY KEY,
            op TEXT NOT NULL,                      -- forget | purge
            user TEXT NOT NULL,                    -- whose memories
            ids TEXT NOT NULL,                     -- JSON list of deleted memory ids (never text)
            count INTEGER NOT NULL,                -- memories deleted
            reason TEXT NOT NULL,
            clock INTEGER NOT NULL,                -- server clock
            recorded_at TEXT NOT NULL              -- UTC ISO 8601
        )""",
        # External-content FTS5: the index holds tokens only; text stays in memories. Every row
        # is indexed: recall maps a retired hit to the memory that replaced it.
        # A scope token per level lets the MATCH itself keep to one user's levels, so FTS can rank
        # and LIMIT on its own; bm25 weights: scope 0, attribute 2, text 1.
        """CREATE VIRTUAL TABLE memories_fts USING fts5(
            fts_scope, attribute, text, content='memories', content_rowid='id',
            tokenize='porter unicode61 remove_diacritics 2')""",
        "INSERT INTO memories_fts (memories_fts, rank) VALUES ('rank', 'bm25(0.0, 2.0, 1.0)')",
        """CREATE TRIGGER memories_fts_insert AFTER INSERT ON memories BEGIN
            INSERT INTO memories_fts (rowid, fts_scope, attribute, text)
            VALUES (new.id, new.fts_scope, new.attribute, new.text);
        END""",
        """CREATE TRIGGER memories_fts_delete AFTER DELETE ON memories BEGIN
            INSERT INTO memories_fts (memories_fts, rowid, fts_scope, attribute, text)
            VALUES ('delete', old.id, old.fts_scope, old.attribute, old.text);
        END""",
        # attribute_of() may key a fact after it was written: the index must follow the row.
        """CREATE TRIGGER memories_fts_update AFTER UPDATE OF user, task, attribute, text ON memories BEGIN
            INSERT INTO memories_fts (memories_fts, rowid, fts_scope, attribute, text)
            VALUES ('delete', old.id, old.fts_scope, old.attribute, old.text);
            INSERT INTO memories_fts (rowid, fts_scope, attribute, text)
            VALUES (new.id, new.fts_scope, new.attribute, new.text);
        END""",
        "INSERT INTO memories_fts (memories_fts) VALUES ('rebuild')",
    ],
    3: [
        # An incremental run reads, of a user's facts without an attribute, only those that can
        # matter to the new ones: the same signature (sig joins the fold index: one seek each)
        # and the possible negated sides (a negation after the newline, or a dislike word), kept
        # in a small index of their own. Either set is found without reading a table row.
        "DROP INDEX memories_fold",
        """CREATE INDEX memories_fold ON memories (user, attribute, sig, task, created_at)
           WHERE status = 'current' AND kind = 'semantic'""",
        """CREATE INDEX memories_negated ON memories (user, sig)
           WHERE attribute IS NULL AND status = 'current' AND kind = 'semantic' AND (substr(sig, -1) <> char(10)
           OR instr(sig, 'hate') OR instr(sig, 'dislike') OR instr(sig, 'detest') OR instr(sig, 'loathe'))""",
        # Resolutions in decision order: a run appends at the end of the table instead of
        # splitting pages all over it (a run retiring old facts wrote 4 of every 10 pages there).
        """CREATE TABLE resolutions_v3 (
            id INTEGER PRIMARY KEY,                -- decision order
            retired INTEGER NOT NULL UNIQUE,       -- memory id retired by this decision (once, ever)
            user TEXT NOT NULL,                    -- owner of both memories
            kept INTEGER NOT NULL,                 -- memory id that stayed (or won)
            rule TEXT NOT NULL,                    -- rule name (consolidate.RULES)
            run INTEGER,                           -- consolidation run, NULL = at write time
            clock INTEGER NOT NULL,                -- server clock of the decision
            recorded_at TEXT NOT NULL              -- UTC ISO 8601
        )""",
        """INSERT INTO resolutions_v3 (retired, user, kept, rule, run, clock, recorded_at)
           SELECT retired, user, kept, rule, run, clock, recorded_at FROM resolutions ORDER BY clock, retired""",
        "DROP TABLE resolutions",
        "ALTER TABLE resolutions_v3 RENAME TO resolutions",
        "CREATE INDEX resolutions_kept ON resolutions (kept)",
    ],
}
assert sorted(_MIGRATIONS) == list(range(1, SCHEMA_VERSION + 1))


def _utc(seconds: float) -> str:
    return datetime.fromtimestamp(seconds, timezone.utc).isoformat(timespec="microseconds") \
        .replace("+00:00", "Z")


def _open(path: str, timeout: float) -> sqlite3.Connection:
    """The one place a connection is opened: pragmas outside any transaction, then migrate."""
    if sqlite3.sqlite_version_info < MIN_SQLITE:
        raise StoreError(f"SQLite {'.'.join(map(str, MIN_SQLITE))} or newer is required; "
                         f"this Python has {sqlite3.sqlite_version}")
    try:
        # One connection shared by threads, serialized by the store's lock (MemoryStore._lock).
        conn = sqlite3.connect(path, timeout=timeout, isolation_level=None, check_same_thread=False)
    except sqlite3.Error as exc:
        raise StoreError(f"cannot open {path!r}: {exc}") from exc
    try:
        if not conn.execute("SELECT sqlite_compileoption_used('ENABLE_FTS5')").fetchone()[0]:
            raise StoreError("this SQLite build has no FTS5; recall needs it")
        found = conn.execute("PRAGMA user_version").fetchone()[0]
        if found > SCHEMA_VERSION:
            raise SchemaError(f"{path}: schema version {found} is newer than the "
                              f"{SCHEMA_VERSION} this module supports; refusing to touch it")
        in_memory = path in (":memory:", "") or str(path).startswith("file::memory:")
        if not in_memory and conn.execute("PRAGMA journal_mode").fetchone()[0] != "wal":
            conn.execute("PRAGMA journal_mode=WAL")
        conn.execute("PRAGMA synchronous=NORMAL")
        conn.execute(f"PRAGMA cache_size=-{CACHE_KIB:d}")
        conn.execute(f"PRAGMA mmap_size={MMAP_BYTES:d}")
        conn.execute("PRAGMA foreign_keys=ON")
        conn.execute("PRAGMA secure_delete=ON")  # deleted text is zeroed in the file, not just unlinked
        _migrate(conn, path)
        return conn
    except sqlite3.DatabaseError as exc:
        conn.close()
        raise StoreError(f"{path}: not a usable memory database ({exc})") from exc
    except BaseException:
        conn.close()
        raise


def _migrate(conn: sqlite3.Connection, path: str) -> None:
    """Apply each missing migration with its version bump in one BEGIN IMMEDIATE."""
    if conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION:
        return  # nothing to do: opening must not wait for another process's write lock
    while True:
        conn.execute("BEGIN IMMEDIATE")
        try:
            # Re-read under the write lock: another process may have migrated meanwhile.
            version = conn.execute("PRAGMA user_version").fetchone()[0]
            if version > SCHEMA_VERSION:
                raise SchemaError(f"{path}: schema version {version} is newer than the "
                                  f"{SCHEMA_VERSION} this module supports")
            if version == SCHEMA_VERSION:
                conn.execute("COMMIT")
                return
            if version == 0 and conn.execute(
                    "SELECT count(*) FROM sqlite_master WHERE name NOT LIKE 'sqlite_%'").fetchone()[0]:
                raise SchemaError(f"{path}: has tables but no schema version; not a memory database")
            for statement in _MIGRATIONS[version + 1]:
                conn.execute(statement)
            conn.execute(f"PRAGMA user_version = {version + 1:d}")
            conn.execute("COMMIT")
        except BaseException:
            conn.execute("ROLLBACK")
            raise


# --- validation -----------------------------------------------------------------------------

_ADD_FIELDS = ("text", "user", "task", "attribute", "authority", "kind", "source", "origin",
               "authenticated", "trust")
_ADD_FIELD_SET = frozenset(_ADD_FIELDS)
_DEFAULTS = {"task": None, "attribute": None, "authority": "user", "kind": "semantic",
             "source": "user", "origin": "chat", "authenticated": True, "trust": "trusted"}


def _encodable(name, value):
    """A lone surrogate cannot be stored as UTF-8: say so by field, not as a UnicodeEncodeError."""
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        raise _invalid(name, "text encodable as UTF-8 (no lone surrogates)", value) from None


def _check_key(name, value, *, optional):
    """Validate a scope part or key: a non-blank str of at most MAX_KEY_CHARS (or None)."""
    if value is None and optional:
        return None
    if not isinstance(value, str) or len(value) > MAX_KEY_CHARS:
        allowed = f"a non-empty str of at most {MAX_KEY_CHARS} characters"
        raise _invalid(name, allowed + (" or None" if optional else ""), value)
    if not _usable_key(value):
        _encodable(name, value)
        noun = "a text" if name == "reason" else "an id"
        raise _invalid(name, f"{noun} with a visible character" + (" or None" if optional else ""), value)
    return value


@functools.lru_cache(maxsize=1 << 14)  # users, tasks and origins repeat on every write
def _usable_key(value: str) -> bool:
    """Encodable as UTF-8 and not only spaces, invisible characters or punctuation."""
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return bool(normalize(value))


def _check_enum(name, value, allowed):
    if value not in allowed:
        raise _invalid(name, " | ".join(allowed), value)
    return value


def _attribute_filter(attribute) -> str:
    """Validate an attribute used as a read filter and return its normalized form."""
    _check_key("attribute", attribute, optional=False)
    name = normalize(attribute)
    if not name:
        raise _invalid("attribute", "a name with visible characters", attribute)
    return name


def check_user(user):
    """Validate a scope user (non-empty str); raise InvalidMemory otherwise."""
    return _check_key("user", user, optional=False)


def check_task(task, *, allow_all=False):
    """Validate a scope task: None (user level), a non-empty str, or ALL where allowed."""
    if task is ALL and allow_all:
        return task
    return _check_key("task", task, optional=True)


def _prepare(fields: dict, where: str = "") -> dict:
    """Validate one memory's fields (as add() takes them) and return the full column dict.

    Raises InvalidMemory naming the field, the allowed values and the bad value. A caller may
    not set created_at, recorded_at, id, status or norm: the store assigns them.
    """
    unknown = None if fields.keys() <= _ADD_FIELD_SET else sorted(set(fields) - _ADD_FIELD_SET)
    if unknown:
        name = unknown[0]
        why = ("assigned by the store's server clock" if name in ("created_at", "recorded_at")
               else "assigned by the store")
        if name in ("created_at", "recorded_at", "id", "status", "norm"):
            raise InvalidMemory(f"{where}{name}: {why}, not accepted from a caller; "
                                f"got {fields[name]!r:.200}")
        raise _invalid(where + name, "one of " + ", ".join(_ADD_FIELDS), fields[name])
    if "text" not in fields or "user" not in fields:
        missing = "text" if "text" not in fields else "user"
        raise InvalidMemory(f"{where}{missing}: required; got nothing")
    row = dict(_DEFAULTS, **fields)
    text = row["text"]
    if not isinstance(text, str):
        raise _invalid(where + "text", "a str", text)
    if len(text) > MAX_TEXT_CHARS:
        raise InvalidMemory(f"{where}text: expected at most {MAX_TEXT_CHARS} characters; "
                            f"got {len(text)} characters")
    try:
        _encodable("text", text)
    except InvalidMemory as exc:
        raise InvalidMemory(where + str(exc)) from None
    norm = normalize(text)
    if not norm:
        raise _invalid(where + "text", "text with at least one visible word or symbol "
                       "(not empty, whitespace, invisible or sentence punctuation only)", text)
    try:
        check_user(row["user"])
        check_task(row["task"])
        _check_key("origin", row["origin"], optional=False)
        if row["attribute"] is not None:
            _check_key("attribute", row["attribute"], optional=True)
            attribute = normalize(row["attribute"])
            if not attribute:
                raise _invalid("attribute", "a name with visible characters, or None", row["attribute"])
            row["attribute"] = attribute
        _check_enum("kind", row["kind"], KINDS)
        _check_enum("authority", row["authority"], AUTHORITIES)
        _check_enum("source", row["source"], SOURCES)
        _check_enum("trust", row["trust"], TRUSTS)
        if not isinstance(row["authenticated"], bool):
            raise _invalid("authenticated", "True | False", row["authenticated"])
    except InvalidMemory as exc:
        raise InvalidMemory(where + str(exc)) from None
    if row["source"] == "tool":
        row["authority"] = "inferred"  # a tool can conclude, never speak for the user
    row["norm"] = norm
    return row


# --- the store ------------------------------------------------------------------------------

_INSERT = ("INSERT INTO memories (user, task, kind, text, norm, attribute, authority, source, "
           "origin, authenticated, trust, status, sig, created_at, recorded_at) "
           "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")
_PENDING = ("INSERT OR IGNORE INTO pending (id, user, task, attribute, fresh) SELECT id, user, task, "
            "attribute, 0 FROM memories WHERE status = 'current' AND kind = 'semantic' AND ")
_SELECT = f"SELECT {_MEMORY_COLUMNS} FROM memories"
_RESOLUTION_COLUMNS = "kept, retired, rule, run, recorded_at"
_CONFLICT_COLUMNS = ("id, user, kind, a, b, run, reason, state, resolution, opened_clock, "
                     "opened_at, closed_at, co_recalls")
_CURRENT_LEVEL = (f"{_SELECT} WHERE user = ? AND task IS ? AND status = 'current' "
                  "AND kind = 'semantic' ORDER BY created_at")
_QUERY_WORD = re.compile(r"\w+")


# Provenance rank, compared left to right; each step is named by the rule it gives.
RANK_STEPS = ("live over import", "user statement over inference", "trusted over unverified")


def rank(memory) -> tuple[bool, bool, bool]:
    """Provenance rank of a memory: (live, user statement, trusted); a larger tuple ranks higher.

    Live (source is not import) over import, then a user statement (authority user) over an
    inference, then trusted over unverified: an import never beats a live memory and an
    inference never beats the user (DESIGN.md, "Provenance rank").
    """
    return (memory.source != "import", memory.authority == "user", memory.trust == "trusted")


def _event(row) -> Event:
    return Event(row[0], row[1], row[2], tuple(json.loads(row[3])), row[4], row[5], row[6], row[7])


def _memory(row) -> Memory:
    return Memory(row[0], row[1], row[2], row[3], row[4], row[5], row[6], row[7], row[8],
                  row[9], bool(row[10]), row[11], row[12], row[13], row[14])


class MemoryStore:
    """A memory store over one SQLite file (or ":memory:").

    `timeout` is the busy timeout in seconds: how long a write waits for another process's
    write lock before StoreError. `wall_clock` (optional) returns seconds since the epoch; it
    only feeds `recorded_at` and ledger ages, never ordering. Use as a context manager or
    call close() (idempotent). Thread-safe: one connection, and every transaction holds the
    store's lock, so threads take turns (a write never interleaves with another thread's read).
    """

    def __init__(self, path: str = ":memory:", *, timeout: float = 5.0, wall_clock=None):
        if not isinstance(timeout, (int, float)) or isinstance(timeout, bool) or timeout < 0:
            raise _invalid("timeout", "seconds as a number >= 0", timeout)
        self.path = str(path)
        self._wall = wall_clock or time.time
        self._timeout = float(timeout)
        self._lock = threading.RLock()
        self._conn = _open(self.path, float(timeout))

    # -- plumbing --

    def close(self) -> None:
        """Close the connection; safe to call twice."""
        with self._lock:
            conn, self._conn = self._conn, None
            if conn is not None:
                conn.close()

    def __enter__(self):
        self._db()  # a closed store says so here, not at its first use
        return self

    def __exit__(self, *exc):
        self.close()

    def _db(self) -> sqlite3.Connection:
        if self._conn is None:
            raise StoreError("the store is closed")
        return self._conn

    def now(self) -> str:
        """The wall clock as UTC ISO 8601 with Z (display only)."""
        return _utc(self._wall())

    @contextmanager
    def _write(self, *, dry_run: bool = False):
        """The one place that writes: BEGIN IMMEDIATE, yield the connection, COMMIT.

        IMMEDIATE takes the write lock before the first read, so a read-then-write never fails
        half way with SQLITE_BUSY_SNAPSHOT; ROLLBACK on any exception, sqlite3.Error becomes
        StoreError. dry_run=True rolls back at the end instead (consolidate.plan).
        """
        with self._lock:
            conn = self._db()
            try:
                conn.execute("BEGIN IMMEDIATE")
            except sqlite3.Error as exc:
                raise StoreError(f"cannot start a write on {self.path}: {exc}") from exc
            try:
                yield conn
            except BaseException as exc:
                if conn.in_transaction:
                    conn.execute("ROLLBACK")
                if isinstance(exc, sqlite3.Error):
                    raise StoreError(f"write failed on {self.path}: {exc}") from exc
                raise
            try:
                conn.execute("ROLLBACK" if dry_run else "COMMIT")
            except sqlite3.Error as exc:
                if conn.in_transaction:
                    conn.execute("ROLLBACK")
                raise StoreError(f"commit failed on {self.path}: {exc}") from exc

    @contextmanager
    def _read(self):
        """A read transaction: every statement inside sees one snapshot."""
        with self._lock:
            conn = self._db()
            try:
                conn.execute("BEGIN")
                try:
                    yield conn
                finally:
                    if conn.in_transaction:
                        conn.execute("COMMIT")
            except sqlite3.Error as exc:
                raise StoreError(f"read failed on {self.path}: {exc}") from exc

    @staticmethod
    def _tick(conn, n: int = 1) -> int:
        """Advance the server clock by n inside the caller's write; return the first new value."""
        conn.execute("UPDATE clock SET now = now + ? WHERE id = 1", (n,))
        return conn.execute("SELECT now FROM clock WHERE id = 1").fetchone()[0] - n + 1

    def _insert(self, conn, rows: list[dict], *, status: str = "current") -> list[Memory]:
        """Insert prepared rows (see _prepare) inside the caller's write; ids and clock assigned."""
        if not rows:
            return []
        first = self._tick(conn, len(rows))
        recorded = self.now()
        seq = conn.execute("SELECT seq FROM sqlite_sequence WHERE name = 'memories'").fetchone()
        base = seq[0] if seq else 0
        conn.executemany(_INSERT, (
            (r["user"], r["task"], r["kind"], r["text"], r["norm"], r["attribute"], r["authority"],
             r["source"], r["origin"], int(r["authenticated"]), r["trust"], status,
             signature(r["norm"]) if r["attribute"] is None and r["kind"] == "semantic" else None,
             first + i, recorded)
            for i, r in enumerate(rows)))
        last = conn.execute("SELECT seq FROM sqlite_sequence WHERE name = 'memories'").fetchone()[0]
        if last != base + len(rows):  # AUTOINCREMENT under our write lock is consecutive
            raise StoreError(f"id allocation went wrong: expected {base + len(rows)}, got {last}")
        if status == "current":
            conn.executemany("INSERT INTO pending (id, user, task, attribute) VALUES (?, ?, ?, ?)",
                             ((base + 1 + i, r["user"], r["task"], r["attribute"])
                              for i, r in enumerate(rows) if r["kind"] == "semantic"))
        return [Memory(base + 1 + i, r["user"], r["task"], r["kind"], r["text"], r["norm"],
                       r["attribute"], r["authority"], r["source"], r["origin"],
                       r["authenticated"], r["trust"], status, first + i, recorded)
                for i, r in enumerate(rows)]

    def _retire(self, conn, kept: int, retired: int, rule: str, run, user: str, clock: int,
                recorded_at: str) -> Resolution:
        """Retire one memory inside the caller's write and record why; closes its ledger entries."""
        conn.execute("UPDATE memories SET status = 'retired' WHERE id = ?", (retired,))
        conn.execute("INSERT INTO resolutions (user, kept, retired, rule, run, clock, recorded_at) "
                     "VALUES (?, ?, ?, ?, ?, ?, ?)", (user, kept, retired, rule, run, clock, recorded_at))
        self._close_conflicts(conn, [retired], f"memory {retired} retired ({rule})", recorded_at)
        return Resolution(kept, retired, rule, run, recorded_at)

    @staticmethod
    def _close_conflicts(conn, ids, resolution: str, closed_at: str, *, states=("open", "zombied")):
        """Close the ledger entries touching `ids`; mark their other sides for refolding."""
        q = ",".join("?" * len(ids))
        st = ",".join("?" * len(states))
        rows = conn.execute(f"SELECT id, a, b FROM conflicts WHERE state IN ({st}) AND "
                            f"(a IN ({q}) OR b IN ({q}))", (*states, *ids, *ids)).fetchall()
        for entry, a, b in rows:
            conn.execute("UPDATE conflicts SET state = 'resolved', resolution = ?, closed_at = ? "
                         "WHERE id = ?", (resolution, closed_at, entry))
            conn.execute(_PENDING + "id IN (?, ?)", (a, b))
        return [r[0] for r in rows]

    def _open_conflict(self, conn, user, kind, a, b, run, reason, clock, recorded_at) -> Conflict:
        """Open one ledger entry inside the caller's write, unless the pair already has one."""
        for x, y in ((a, b), (b, a)):  # two index probes; an OR of pairs would scan the table
            found = conn.execute(f"SELECT {_CONFLICT_COLUMNS} FROM conflicts WHERE a = ? AND b = ? AND "
                                 "kind = ? AND state <> 'resolved'", (x, y, kind)).fetchone()
            if found:
                return Conflict(*found)
        return self._open_conflicts(conn, [(kind, a, b, user, reason)], run, clock, recorded_at)[0]

    @staticmethod
    def _open_conflicts(conn, openings, run, clock, recorded_at) -> list[Conflict]:
        """Insert new ledger entries [(kind, a, b, user, reason)] the caller checked are new."""
        if not openings:
            return []
        seq = conn.execute("SELECT seq FROM sqlite_sequence WHERE name = 'conflicts'").fetchone()
        base = seq[0] if seq else 0
        conn.executemany("INSERT INTO conflicts (user, kind, a, b, run, reason, state, opened_clock, opened_at) "
                         "VALUES (?, ?, ?, ?, ?, ?, 'open', ?, ?)",
                         [(user, kind, a, b, run, reason, clock, recorded_at) for kind, a, b, user, reason in openings])
        return [Conflict(base + 1 + i, user, kind, a, b, run, reason, "open", None, clock, recorded_at, None, 0)
                for i, (kind, a, b, user, reason) in enumerate(openings)]

    # -- writes --

    def add(self, text: str, *, user: str, task: str | None = None, attribute: str | None = None,
            authority: str = "user", kind: str = "semantic", source: str = "user",
            origin: str = "chat", authenticated: bool = True, trust: str = "trusted",
            **unexpected) -> Memory:
        """Store one memory as current and return it. One transaction.

        The server clock assigns `created_at`; `recorded_at` is the UTC wall clock. A tool's
        content (source="tool") is stored with authority "inferred" whatever was asked.
        Raises InvalidMemory (nothing written) for bad input, including any attempt to pass
        created_at/recorded_at; StoreError for database failures. No gate is applied: use
        gates.remember() for content the agent did not hear from the user.
        """
        row = _prepare(dict(text=text, user=user, task=task, attribute=attribute, authority=authority,
                            kind=kind, source=source, origin=origin, authenticated=authenticated,
                            trust=trust, **unexpected))
        with self._write() as conn:
            return self._insert(conn, [row])[0]

    def add_many(self, items) -> list[Memory]:
        """Store many memories in one transaction: all or nothing. Returns them in input order.

        `items` is an iterable of dicts with add()'s keyword names plus "text". Every item is
        validated before anything is written; the first bad one raises InvalidMemory whose
        message starts with its index ("items[3].text: ...").
        """
        rows = []
        for i, item in enumerate(items):
            if not isinstance(item, dict):
                raise _invalid(f"items[{i}]", "a dict of add() fields", item)
            rows.append(_prepare(item, f"items[{i}]."))
        with self._write() as conn:
            return self._insert(conn, rows)

    def declare(self, attribute: str, policy: str) -> None:
        """Declare an attribute's policy: "one" (default), "many" or "immutable". One transaction.

        Persisted in the store for every user. Changing a policy marks that attribute's current
        facts for the next consolidation run. Raises InvalidMemory for a bad name or policy.
        """
        _check_key("attribute", attribute, optional=False)
        name = normalize(attribute)
        if not name:
            raise _invalid("attribute", "a name with visible characters", attribute)
        _check_enum("policy", policy, POLICIES)
        with self._write() as conn:
            old = conn.execute("SELECT policy FROM attributes WHERE attribute = ?", (name,)).fetchone()
            if (old[0] if old else "one") != policy:
                conn.execute("INSERT INTO attributes (attribute, policy) VALUES (?, ?) "
                             "ON CONFLICT (attribute) DO UPDATE SET policy = excluded.policy",
                             (name, policy))
                conn.execute(_PENDING + "attribute = ?", (name,))

    def policies(self) -> dict[str, str]:
        """Every declared attribute policy: {attribute: policy}. Undeclared means "one"."""
        with self._read() as conn:
            return dict(conn.execute("SELECT attribute, policy FROM attributes"))

    def policy(self, attribute: str | None) -> str:
        """The policy of one (normalized) attribute; "one" when undeclared."""
        if attribute is None:
            return "one"
        with self._read() as conn:
            row = conn.execute("SELECT policy FROM attributes WHERE attribute = ?",
                               (normalize(attribute),)).fetchone()
        return row[0] if row else "one"

    def resolve(self, conflict_id: int, keep: int) -> list[Resolution]:
        """The user settles a ledger entry by its stable id: `keep` stays, the other side retires.

        One transaction. Returns the resolution written ([] if the other side was already
        retired). Raises InvalidMemory if the entry does not exist, is not open, or `keep` is
        not one of its sides; nothing else is touched, so resolving twice is a clear error.
        """
        if not isinstance(conflict_id, int) or isinstance(conflict_id, bool):
            raise _invalid("conflict_id", "an int ledger entry id", conflict_id)
        with self._write() as conn:
            row = conn.execute(f"SELECT {_CONFLICT_COLUMNS} FROM conflicts WHERE id = ?",
                               (conflict_id,)).fetchone()
            if row is None:
                raise _invalid("conflict_id", "the id of an existing ledger entry", conflict_id)
            entry = Conflict(*row)
            if entry.state == "resolved":
                raise _invalid("conflict_id", "an open or zombied entry (this one is resolved: "
                               f"{entry.resolution})", conflict_id)
            if keep not in (entry.a, entry.b):
                raise _invalid("keep", f"{entry.a} | {entry.b}", keep)
            other = entry.b if keep == entry.a else entry.a
            now = self.now()
            clock = self._tick(conn)
            status = conn.execute("SELECT status FROM memories WHERE id = ?", (other,)).fetchone()
            out = []
            if status and status[0] == "current" and entry.kind != "cross-scope duplicate":
                out.append(self._retire(conn, keep, other, RULE_SETTLED_BY_USER, None,
                                        entry.user, clock, now))
            conn.execute("UPDATE conflicts SET state = 'resolved', resolution = ?, closed_at = ? "
                         "WHERE id = ?", (f"{RULE_SETTLED_BY_USER}: kept {keep}", now, conflict_id))
            conn.execute(_PENDING + "id = ?", (keep,))
            return out

    def forget(self, memory_id: int, *, reason: str = "forget") -> list[int]:
        """Delete one memory and, transitively, every memory it retired. Returns every id deleted.

        One transaction, then the FTS index is optimized and the WAL checkpointed so the text is
        gone from the files. Resolutions that name a deleted id are deleted; ledger entries are
        closed (ids kept, no text); an audit event records the ids, the count and `reason`,
        never text. Returns [] for an unknown id.
        """
        if not isinstance(memory_id, int) or isinstance(memory_id, bool):
            raise _invalid("memory_id", "an int memory id", memory_id)
        _check_key("reason", reason, optional=False)
        with self._write() as conn:
            row = conn.execute("SELECT user FROM memories WHERE id = ?", (memory_id,)).fetchone()
            if row is None:
                return []
            ids = self._with_retired(conn, "id = ?", (memory_id,))
            self._delete(conn, row[0], ids, "forget", reason)
        self._scrub()
        return ids

    def purge(self, user: str, task=ALL) -> int:
        """Delete every memory of `user` at `task` (ALL: every level; None: the user level only).

        Returns the number of memories deleted. Resolutions and ledger entries naming them go
        too, one audit event (ids and count) is written, then the FTS index is optimized and the
        WAL checkpointed. A missing, empty or non-str user raises InvalidMemory: purge never
        means "everyone". Memories in other scopes that were retired by a purged memory are
        deleted with it (they could otherwise become current again).
        """
        check_user(user)
        check_task(task, allow_all=True)
        with self._write() as conn:
            ids = (self._with_retired(conn, "user = ?", (user,)) if task is ALL
                   else self._with_retired(conn, "user = ? AND task IS ?", (user, task)))
            self._delete(conn, user, ids, "purge", "purge " + ("all levels" if task is ALL else
                                                               "one task level" if task else "user level"))
            if task is ALL:
                conn.execute("DELETE FROM conflicts WHERE user = ?", (user,))
                conn.execute("DELETE FROM resolutions WHERE user = ?", (user,))
        self._scrub()
        return len(ids)

    @staticmethod
    def _with_retired(conn, where, args) -> list[int]:
        """The ids of the memories matching `where` and, transitively, every memory they retired
        (forgetting a keeper must not let what it beat become current again), sorted."""
        return [r[0] for r in conn.execute(
            f"WITH RECURSIVE gone(id) AS (SELECT id FROM memories WHERE {where} UNION "
            "SELECT r.retired FROM resolutions r JOIN gone ON r.kept = gone.id) SELECT id FROM gone ORDER BY id",
            args)]

    def _delete(self, conn, user, ids, op, reason):
        now = self.now()
        clock = self._tick(conn)
        for start in range(0, len(ids), 500):  # stay under SQLite's bound-parameter limit
            chunk = ids[start:start + 500]
            q = ",".join("?" * len(chunk))
            self._close_conflicts(conn, chunk, f"memory {op}", now)
            if op == "purge":
                conn.execute(f"DELETE FROM conflicts WHERE a IN ({q}) OR b IN ({q})", (*chunk, *chunk))
            conn.execute(f"DELETE FROM resolutions WHERE kept IN ({q}) OR retired IN ({q})",
                         (*chunk, *chunk))
            conn.execute(f"DELETE FROM pending WHERE id IN ({q})", chunk)
            conn.execute(f"DELETE FROM memories WHERE id IN ({q})", chunk)
        conn.execute("INSERT INTO events (op, user, ids, count, reason, clock, recorded_at) "
                     "VALUES (?, ?, ?, ?, ?, ?, ?)", (op, user, json.dumps(ids), len(ids), reason,
                                                     clock, now))

    def _scrub(self):
        """Make deleted text unreadable from the files: merge FTS segments, truncate the WAL.

        A reader in another connection can hold the WAL open; the checkpoint is retried for up
        to the busy timeout, then StoreError says the deletion is committed but the text is
        still in the -wal file until the next checkpoint.
        """
        with self._lock:
            self._scrub_locked()

    def _scrub_locked(self):
        with self._write() as conn:
            conn.execute("INSERT INTO memories_fts (memories_fts) VALUES ('optimize')")
        conn = self._db()
        deadline = time.monotonic() + self._timeout
        while True:
            try:
                busy = conn.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchone()[0]
            except sqlite3.Error as exc:
                raise StoreError(f"checkpoint failed on {self.path}: {exc}") from exc
            if not busy:
                return
            if time.monotonic() > deadline:
                raise StoreError(f"{self.path}: the deletion is committed, but another connection kept "
                                 "the WAL busy; the deleted text stays in the -wal file until the next "
                                 "checkpoint (forget or purge again, or close the other connection)")
            time.sleep(0.05)

    # -- reads --

    def get(self, memory_id: int) -> Memory | None:
        """The memory with this id, whatever its status, or None."""
        if not isinstance(memory_id, int) or isinstance(memory_id, bool):
            raise _invalid("memory_id", "an int memory id", memory_id)
        with self._read() as conn:
            row = conn.execute(f"{_SELECT} WHERE id = ?", (memory_id,)).fetchone()
        return _memory(row) if row else None

    def users(self) -> list[str]:
        """Every user with at least one stored memory (any status), sorted. One read."""
        with self._read() as conn:
            return [r[0] for r in conn.execute("SELECT DISTINCT user FROM memories ORDER BY user")]

    def tasks(self, user: str) -> list:
        """The levels `user` has memories at: None (the user level) first if present, then task
        ids sorted. One read; raises InvalidMemory for a bad user."""
        check_user(user)
        with self._read() as conn:
            found = [r[0] for r in conn.execute("SELECT DISTINCT task FROM memories WHERE user = ?", (user,))]
        return ([None] if None in found else []) + sorted(t for t in found if t is not None)

    def current(self, user: str, task=None, *, attribute: str | None = None) -> list[Memory]:
        """The current semantic facts visible at (user, task), oldest first (server clock).

        task=None: the user level. task="t1": the user level plus t1's own, where a t1 fact about
        an attribute hides the user-level facts about it (task override, applied at read time).
        task=ALL: every level, no override. Quarantined and retired rows never appear. A contested
        newcomer (GuardGate) is listed but hides nothing: it overrides no user-level fact.
        attribute: only facts with that attribute (normalized like stored attributes).
        """
        if attribute is not None:
            wanted = _attribute_filter(attribute)
            return [m for m in self.current(user, task) if m.attribute == wanted]
        check_user(user)
        check_task(task, allow_all=True)
        with self._read() as conn:
            if task is ALL:
                rows = conn.execute(f"{_SELECT} WHERE user = ? AND status = 'current' AND "
                                    "kind = 'semantic' ORDER BY created_at", (user,)).fetchall()
                return [_memory(r) for r in rows]
            rows = conn.execute(_CURRENT_LEVEL, (user, None)).fetchall()
            if task is not None:
                own = conn.execute(_CURRENT_LEVEL, (user, task)).fetchall()
                contested = {r[0] for r in conn.execute(
                    "SELECT b FROM conflicts WHERE user = ? AND kind = 'contested' AND state = 'open'", (user,))}
                hidden = {r[6] for r in own if r[6] is not None and r[0] not in contested}
                rows = sorted([r for r in rows if r[6] not in hidden] + own, key=lambda r: r[13])
        return [_memory(r) for r in rows]

    def memories(self, user: str, task=ALL, *, status: str | None = None,
                 attribute: str | None = None) -> list[Memory]:
        """Every stored memory of `user` (any kind, any status), oldest first (server clock).

        task: ALL (every level), None (the user level) or a task id. status: only rows with
        that status (current | retired | quarantined). attribute: only rows with that attribute
        (normalized). Pages through the table by id so a large user never needs one huge
        statement. Raises InvalidMemory for a bad user, task, status or attribute.
        """
        check_user(user)
        check_task(task, allow_all=True)
        if status is not None:
            _check_enum("status", status, STATUSES)
        wanted = _attribute_filter(attribute) if attribute is not None else None
        out, last = [], 0
        with self._read() as conn:
            while True:
                sql = f"{_SELECT} WHERE user = ? AND id > ?"
                args = [user, last]
                if task is not ALL:
                    sql += " AND task IS ?"
                    args.append(task)
                if status is not None:
                    sql += " AND status = ?"
                    args.append(status)
                if wanted is not None:
                    sql += " AND attribute = ?"
                    args.append(wanted)
                page = conn.execute(sql + " ORDER BY id LIMIT 1000", args).fetchall()
                if not page:
                    break
                out.extend(_memory(r) for r in page)
                last = page[-1][0]
        return sorted(out, key=lambda m: m.created_at)

    def resolutions(self, user: str) -> list[Resolution]:
        """Every resolution about `user`'s memories, oldest first (server clock)."""
        check_user(user)
        with self._read() as conn:
            rows = conn.execute(f"SELECT {_RESOLUTION_COLUMNS} FROM resolutions WHERE user = ? "
                                "ORDER BY clock, rowid", (user,)).fetchall()
        return [Resolution(*r) for r in rows]

    def history(self, memory_id: int) -> list:
        """The resolutions, ledger entries and audit events touching one memory, oldest first.

        Items are Resolution, Conflict and Event objects. Works for deleted ids too (events).
        """
        if not isinstance(memory_id, int) or isinstance(memory_id, bool):
            raise _invalid("memory_id", "an int memory id", memory_id)
        with self._read() as conn:
            items = [(r[-1], 0, Resolution(*r[:-1])) for r in conn.execute(
                f"SELECT {_RESOLUTION_COLUMNS}, clock FROM resolutions WHERE kept = ? OR retired = ?",
                (memory_id, memory_id))]
            items += [(r[9], 1, Conflict(*r)) for r in conn.execute(
                f"SELECT {_CONFLICT_COLUMNS} FROM conflicts WHERE a = ? OR b = ?", (memory_id, memory_id))]
            # json_each finds the id inside the audit's id list without a LIKE on text.
            items += [(r[6], 2, _event(r)) for r in conn.execute(
                          "SELECT id, op, user, ids, count, reason, clock, recorded_at FROM events "
                          "WHERE EXISTS (SELECT 1 FROM json_each(events.ids) WHERE value = ?)",
                          (memory_id,))]
        return [item for _, _, item in sorted(items, key=lambda t: (t[0], t[1]))]

    def events(self, user: str | None = None) -> list[Event]:
        """The erasure audit (forget/purge events), oldest first; all users when user is None."""
        sql = "SELECT id, op, user, ids, count, reason, clock, recorded_at FROM events"
        args = ()
        if user is not None:
            check_user(user)
            sql, args = sql + " WHERE user = ?", (user,)
        with self._read() as conn:
            rows = conn.execute(sql + " ORDER BY clock, id", args).fetchall()
        return [_event(r) for r in rows]

    def conflicts(self, user: str, *, state: str | None = "open", kinds=("contradiction", "contested")
                  ) -> list[Conflict]:
        """Ledger entries of `user`, oldest first: by default the open contradiction and
        contested ones. state=None lists every state; kinds=None every kind."""
        check_user(user)
        sql, args = f"SELECT {_CONFLICT_COLUMNS} FROM conflicts WHERE user = ?", [user]
        if state is not None:
            _check_enum("state", state, CONFLICT_STATES)
            sql += " AND state = ?"
            args.append(state)
        if kinds is not None:
            if isinstance(kinds, str):
                raise _invalid("kinds", "a tuple of " + " | ".join(CONFLICT_KINDS) + ", or None", kinds)
            for k in kinds:
                _check_enum("kinds", k, CONFLICT_KINDS)
            sql += f" AND kind IN ({','.join('?' * len(kinds))})"
            args.extend(kinds)
        with self._read() as conn:
            return [Conflict(*r) for r in conn.execute(sql + " ORDER BY id", args)]

    def conflict(self, conflict_id: int) -> Conflict | None:
        """One ledger entry by its stable id, or None. Raises InvalidMemory for a non-int id."""
        if not isinstance(conflict_id, int) or isinstance(conflict_id, bool):
            raise _invalid("conflict_id", "an int ledger entry id", conflict_id)
        with self._read() as conn:
            row = conn.execute(f"SELECT {_CONFLICT_COLUMNS} FROM conflicts WHERE id = ?",
                               (conflict_id,)).fetchone()
        return Conflict(*row) if row else None

    def recall(self, query: str, *, user: str, task: str | None = None, k: int = 5,
               attribute: str | None = None) -> Recall:
        """Up to `k` current memories of (user, task) for the model, best first (FTS5 BM25).

        Scope: the user level plus the task's own, with task override. Any query is safe: it is
        reduced to its words, each quoted, so FTS syntax is inert; no usable words -> nothing. A
        hit on a retired memory stands for the memory that replaced it (one hop per resolution),
        a hit on a user-level fact overridden in the task for the task's fact, so a question
        worded like an old value finds the new one. Quarantined memories never appear.
        Ledger-aware: contested newcomers are withheld and described in `notices`; both sides of
        an open contradiction carry a note, and when both are returned the higher provenance
        rank comes first, then (immutable attribute) the older, otherwise the newer. Writes only
        to count co-recalls on ledger entries (one short transaction, when it happens).
        """
        if not isinstance(query, str):
            raise _invalid("query", "a str", query)
        _encodable("query", query)
        check_user(user)
        check_task(task)
        if not isinstance(k, int) or isinstance(k, bool) or k < 1:
            raise _invalid("k", "an int >= 1", k)
        wanted = _attribute_filter(attribute) if attribute is not None else None
        # Each whitespace-separated word is one quoted FTS phrase: "City-Q" must match "city q"
        # in that order, not any text with "city" in it; quoting makes every FTS operator inert.
        norm = normalize(query)
        words = [w for w in (raw.strip(_TOKEN_EDGE) for raw in norm.split(" ")) if _QUERY_WORD.search(w)]
        terms = sorted(w for w in content_words(norm)[0] if _QUERY_WORD.search(w)) or words
        if not terms:
            return Recall()
        # Only word characters reach the phrase: the tokenizer drops the rest anyway, and a NUL
        # or a quote inside an FTS string would end it early.
        phrases = dict.fromkeys(" ".join(_QUERY_WORD.findall(t)) for t in terms)
        fts_terms = " OR ".join(f'"{p}"' for p in phrases if p)
        levels = ['"l' + user.encode().hex() + '"']
        if task is not None:
            levels.append('"t' + user.encode().hex() + "x" + task.encode().hex() + '"')
        match = "{fts_scope} : (" + " OR ".join(levels) + ") AND {attribute text} : (" + fts_terms + ")"
        with self._read() as conn:
            found, co_recalled = self._recall(conn, match, user, task, k, wanted)
        if co_recalled:  # after the read transaction: a write cannot nest inside it
            self._count_co_recalls(co_recalled)
        return found

    def _recall(self, conn, match, user, task, k, wanted=None):
        # Only contested entries are needed while choosing (they withhold); contradictions are
        # read afterwards for the chosen memories alone: a user can have thousands open.
        contested = {c.b: c for c in (Conflict(*r) for r in conn.execute(
            f"SELECT {_CONFLICT_COLUMNS} FROM conflicts WHERE user = ? AND state = 'open' AND "
            "kind = 'contested'", (user,)))}
        overrides = self._overrides(conn, user, task, contested)
        policies, replaced = {}, {}
        chosen, seen_ids, seen_norms, withheld = [], set(), {}, []
        # One ranked statement read lazily: FTS sorts its matches once, however far we read.
        hits = conn.execute("SELECT rowid FROM memories_fts WHERE memories_fts MATCH ? ORDER BY rank", (match,))
        while len(chosen) < k:
            ids = [r[0] for r in hits.fetchmany(max(4 * k, 32))]
            if not ids:
                break
            rows = {r[0]: r for r in conn.execute(f"{_SELECT} WHERE id IN ({','.join('?' * len(ids))})", ids)}
            for mid in ids:
                if len(chosen) >= k:
                    break  # what ranks below the k-th memory would not have been returned
                row = rows.get(mid)
                if row is None or row[1] != user or row[2] not in (None, task) or row[12] == "quarantined":
                    continue  # a stemmed scope token can collide: the row itself decides
                for mem in self._stand_ins(conn, _memory(row), task, overrides, policies, replaced):
                    if mem.id in seen_ids or (wanted is not None and mem.attribute != wanted):
                        continue
                    seen_ids.add(mem.id)
                    if mem.id in contested:
                        withheld.append((mem, contested[mem.id]))
                        continue
                    same = seen_norms.get((mem.norm, mem.attribute))
                    if same is not None:  # one fact twice (two levels, or a copy the ledger holds):
                        if rank(mem) > rank(chosen[same]):  # trust decides which copy is shown
                            chosen[same] = mem
                        continue
                    seen_norms[(mem.norm, mem.attribute)] = len(chosen)
                    chosen.append(mem)
        hits.close()
        chosen = chosen[:k]
        notes, co_recalled = {}, []
        by_id = {m.id: m for m in chosen}
        q = ",".join("?" * len(by_id))
        ledger = [Conflict(*r) for r in conn.execute(
            f"SELECT {_CONFLICT_COLUMNS} FROM conflicts WHERE state = 'open' AND kind = 'contradiction' "
            f"AND (a IN ({q}) OR b IN ({q})) ORDER BY id", (*by_id, *by_id))] if by_id else []
        for c in ledger:
            since = c.opened_at[:10]
            for side, other in ((c.a, c.b), (c.b, c.a)):
                if side in by_id:
                    note = f"contradicts memory {other}, open since {since}"
                    notes[side] = f"{notes[side]}; {note}" if side in notes else note
            if c.a in by_id and c.b in by_id:
                co_recalled.append(c.id)
                chosen = self._order_pair(conn, chosen, by_id[c.a], by_id[c.b])
        notices = [f"memory {m.id} ({m.source} {m.origin}, unverified) contests memory {c.a} "
                   f"since {c.opened_at[:10]}; withheld until you confirm or discard it"
                   for m, c in withheld]
        return Recall(chosen, notes, notices), co_recalled

    @staticmethod
    def _overrides(conn, user, task, contested):
        """The task's own facts by attribute: they hide user-level facts about it in the task.
        A contested newcomer hides nothing: it is unverified until the user confirms it."""
        overrides = {}
        if task is not None:
            for row in conn.execute(_CURRENT_LEVEL, (user, task)):
                if row[6] is not None and row[0] not in contested:
                    overrides.setdefault(row[6], []).append(_memory(row))
        return overrides

    @staticmethod
    def _stand_ins(conn, mem, task, overrides, policies, replaced):
        """What a hit stands for: itself if current; for a retired fact, what replaced it (its
        group's current facts for a single-valued attribute, else its resolution chain); a
        user-level fact overridden in the task stands for the task's facts. `replaced` caches
        groups within one recall: many old restatements of one fact all stand for the same."""
        if mem.status == "retired" and mem.attribute is not None:
            if mem.attribute not in policies:
                row = conn.execute("SELECT policy FROM attributes WHERE attribute = ?", (mem.attribute,)).fetchone()
                policies[mem.attribute] = row[0] if row else "one"
            if policies[mem.attribute] != "many":
                group = (mem.attribute, mem.task)
                if group not in replaced:
                    rows = conn.execute(f"{_SELECT} WHERE user = ? AND attribute = ? AND task IS ? AND "
                                        "status = 'current' AND kind = 'semantic' ORDER BY created_at DESC",
                                        (mem.user, mem.attribute, mem.task)).fetchall()
                    replaced[group] = [m for r in rows for m in MemoryStore._stand_ins(
                        conn, _memory(r), task, overrides, policies, replaced)]
                return replaced[group]
        for _ in range(64):  # a resolution chain is acyclic; the bound only guards a damaged file
            if mem.status == "current":
                break
            row = conn.execute(f"{_SELECT} WHERE id = (SELECT kept FROM resolutions WHERE retired = ?)",
                               (mem.id,)).fetchone()
            if row is None:
                return []
            mem = _memory(row)
        else:
            return []
        if mem.status != "current":
            return []
        if task is not None and mem.task is None and mem.attribute in overrides:
            return overrides[mem.attribute]
        return [mem]

    def _order_pair(self, conn, chosen, a, b):
        """Put the side to show first of a contradiction first, the other right after it."""
        policy = conn.execute("SELECT policy FROM attributes WHERE attribute = ?",
                              (a.attribute,)).fetchone() if a.attribute else None
        older_first = bool(policy) and policy[0] == "immutable"
        first, second = sorted((a, b), key=lambda m: (
            tuple(-x for x in rank(m)), m.created_at if older_first else -m.created_at))
        rest = [m for m in chosen if m.id not in (a.id, b.id)]
        at = min(chosen.index(a), chosen.index(b))
        return rest[:at] + [first, second] + rest[at:]

    def _count_co_recalls(self, entry_ids):
        """Count co-recalls: bookkeeping that must never block or fail a recall, so it is
        skipped (uncounted) when another connection holds the write lock."""
        now = self.now()
        with self._lock:
            conn = self._db()
            conn.execute("PRAGMA busy_timeout = 0")
            try:
                with self._write() as conn:
                    conn.executemany("UPDATE conflicts SET co_recalls = co_recalls + 1, last_co_recall = ? "
                                     "WHERE id = ?", [(now, e) for e in entry_ids])
            except StoreError as exc:
                if getattr(exc.__cause__, "sqlite_errorname", "") not in ("SQLITE_BUSY", "SQLITE_LOCKED"):
                    raise
            finally:
                conn.execute(f"PRAGMA busy_timeout = {int(self._timeout * 1000)}")
