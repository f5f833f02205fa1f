"""The versioned SQLite store for agent memory: write, read, recall, forget and purge facts
about a user, each with its provenance; and the rules every other module reads from here.

Standard library only. `MemoryStore` holds the public API and the domain rules; it reaches
storage only through one object, the storage seam `SQLiteStorage`, which owns the connection
and its pragmas, the write transaction (BEGIN IMMEDIATE ... COMMIT, ROLLBACK on any error), the
server clock, every SQL statement (`SQLiteStorage.SQL`, one table of named statements), the
search index, the vector table, erasure and scrub, the schema and its migrations, and the
opening and inspection of files; its one `execute` turns a driver error into a `StoreError`.
consolidate.py decides what a run does and gates.py what a write-gate does; both write through
`Transaction` here and read through the store, never with SQL of their own.

The seam's contract, what a second backend (adapters/postgres.py) provides for the same
statement names: transactions with a write lock (a write sees no other writer's uncommitted
rows and is all or nothing; a read sees one snapshot; `nowait` never waits for the lock); a
server clock (`tick`: a counter that alone orders writes, never the wall clock) and ids handed
out in order under the lock (`last_id`); a search index over keyed hashes of index terms, one
key per bucket of a scope level, with a rank (`search`: best first, bm25-like scores whose
ratio to the best is meaningful); erasure (a forgotten or purged memory's rows, index entries
and vector are deleted in the erasing transaction, and `checkpoint` makes them leave the files:
WAL truncation here, VACUUM there); the schema version and one migration step per transaction.
Every statement on one user's data names that user (`user=`), so that a backend can route,
shard and lock by user; `user=ALL` marks the cross-user ones (users(), `--all`, lookups by id).

The lowest layer owns the shared rules: provenance rank and its step names, every rule name
(`RULES`), attribute policies (`POLICIES`: one object each, whose pure `decide` both
consolidation and recall's read-time view call), the show-first order, the comparison and
canonical forms of text, and the word lists behind near duplicates, negations and changed
values.

The parts, in this order, each behind a one-line "# --- " header: settings, scopes and kinds
(the schema version and its history, limits, ALL, the enums, the wall clock's text); errors;
text rules: canonical and comparison forms, with their word lists in one table (normalize,
signature, polarity, frame, changed_value); text rules: index terms for recall (index_terms,
keyed hashes, an event's date words); provenance rank, rules and policies (rank, RULES,
POLICIES, carry_ledger, fold); rows (Memory, Resolution, Conflict, Event, HistoryEvent,
Imported, Recall); the storage seam (SQLiteStorage: schema, statements, migrations, opening,
transactions, and consolidation's reads and writes); validation (prepare, check_user,
metadata); the write API (Transaction, rows by name, threads, the vector index); the store
(MemoryStore); the read-time fold (what recall reads of consolidation's decisions); other
memory systems' files (Mem0, the MCP memory server) as import items; the review command line
(`python memory.py DB COMMAND ...`, see `main`).
"""

from __future__ import annotations

import argparse
import array
import bisect
import collections
import functools
import heapq
import hashlib
import itertools
import json
import math
import operator
import os
import pathlib
import re
import sqlite3
import sys
import threading
import time
import types
import unicodedata
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from datetime import datetime, timezone

__all__ = [
    "SCHEMA_VERSION", "ALL", "MAX_TEXT_CHARS", "MAX_KEY_CHARS", "MAX_METADATA_BYTES", "SOURCES",
    "INFERRING_SOURCES", "canonical_metadata",
    "StoreError", "SchemaError", "InvalidMemory", "LockedError", "ScrubPendingError", "ReadOnlyError",
    "EmbedError",
    "Memory", "Resolution", "Conflict", "Event", "Recall", "Imported", "MemoryStore", "Transaction", "SQLiteStorage",
    "Policy", "OnePolicy", "ManyPolicy", "ImmutablePolicy", "FoldDecision", "LedgerEntry", "HOLDING_KINDS",
    "LedgerCarry", "carry_ledger",
    "canonical", "INVISIBLE", "normalize", "content_words", "signature", "polarity", "frame", "changed_value",
    "changed_value_slots", "index_terms", "hash_terms",
    "rank", "rank_bits", "rank_step", "rule_for", "show_first", "fold",
    "RANK_STEPS", "RULES", "POLICIES", "CONFLICT_KINDS", "prepare", "check_user", "check_task",
    "main", "emit", "seconds", "common_options", "common_values", "report_error", "require_user",
    "check_export_header", "opposed",
    "HistoryEvent", "HISTORY_KINDS", "RULE_UPDATE", "PURGE_ALL_CONFIRM", "metadata_filter", "metadata_matches",
    "mem0_scope", "mem0_ids", "mem0_records", "mcp_memory_records", "MCP_MEMORY_ORIGIN",
    "open_for_reading", "REFUSED_OPS", "redacted", "open_db", "is_database_url", "DATABASE_URL_SCHEMES", "DB_HELP",
]

# --- settings, scopes and kinds ---------------------------------------------------------------

SCHEMA_VERSION = 5
# Schema history, one line per version (PRAGMA user_version; PRAGMA application_id from 4 on):
#   1  memories (no authority, authentication or trust) and runs (id, time only).
#   2  authority, authenticated and trust on memories; the server clock; the fold's pending list;
#      resolutions; the conflict ledger; attribute policies; the erasure audit (events); FTS5.
#   3  sig in the fold index and an index of possible negated sides; resolutions in decision order.
#   4  one script (SCHEMA); application_id; the search index holds keyed hashes of index terms,
#      one key per bucket of a scope level (index_keys), so erasure can destroy a key instead of
#      rewriting the index; polar and frame_key for negations and changed values; sig_key in
#      indexes instead of text; meta (rule fingerprints); scrubs (erasures not yet checkpointed);
#      the ledger kind "changed value".
#   5  source "model" (a model's own note about the user); metadata (a caller's JSON object, never
#      read by the rules); original_source/_origin/_authority of an imported row; refused and held
#      writes in the audit (events: task, gate, origin, digest); vectors (an injected embedder's);
#      a third search-index column, context (words a memory borrows from its neighbours).

EXPORT_FORMAT = "agent-memory"  # the "format" of an export's header line (MemoryStore.export)
APPLICATION_ID = 0x6D656D6F  # "memo": PRAGMA application_id of every version-4+ store
MIN_SQLITE = (3, 35, 0)      # generated columns (3.31), RETURNING (3.35) and reliable FTS5
FTS_SECURE_DELETE = (3, 42, 0)  # FTS5 'secure-delete' (a store created with it needs this version)
MAX_TEXT_CHARS = 131_072     # longest memory text (and its comparison form), in characters (BR-39)
MAX_KEY_CHARS = 1_024        # longest user, task, attribute (normalized) or origin, in characters
MAX_METADATA_BYTES = 65_536  # longest metadata object, in UTF-8 bytes of its canonical JSON
MAX_TIMEOUT_S = 86_400.0     # longest busy timeout accepted, in seconds
MAX_ID = (1 << 63) - 1       # SQLite's largest integer: ids and k above it cannot exist
RUNS_KEPT = 1_000            # consolidation runs kept in `runs`; older rows are dropped
CACHE_KIB = 32_768           # page cache per connection, KiB: the fold, pending and FTS b-trees are
                             # all touched by every write; the 2 MiB default makes them evict each other
FTS_AUTOMERGE = 16          # FTS5 segments of one level merged at once (FTS5's default: 4)
FTS_MERGE_PAGES = 256       # index pages a consolidation run merges after it commits (never 'optimize')
WAL_AUTOCHECKPOINT_PAGES = 256  # WAL pages (4 KiB) at which a commit also checkpoints (SQLite: 1,000): smaller,
                                 # more frequent checkpoints keep an agent's turn from paying for a large one
MMAP_BYTES = 1 << 30         # read through a memory map (pages stay the OS cache's); 0 = plain reads
PURGE_ALL_CONFIRM = "purge all"  # the confirmation MemoryStore.purge_all(confirm=...) requires
BUCKET_ROWS = 2_048          # memories per index-key bucket: erasure re-keys at most this many rows
                             # where FTS5 secure-delete is absent; a query ORs one phrase set per bucket
# Neighbours: an episodic memory also indexes the words of the NEIGHBOURS episodic memories before
# and after it in its thread (same user, task and origin; server-clock order), looked for within
# NEIGHBOUR_SPAN ids either side (the bound on what a write or an erasure reads). A turn of a
# conversation is often only understood with the turns around it ("Yes, every Sunday." answers
# "Do you still go hiking?"); measured outside the project on LoCoMo, two either side lifted plain
# BM25 from 58.2% to 69.7% at 5. Facts (semantic) stand alone and borrow nothing; a held
# (quarantined) turn lends nothing (its words must not steer what is recalled). The same column
# holds the dates of an episodic memory: when it was recorded and what its relative times name
# (see _date_words).
NEIGHBOURS = 2
NEIGHBOUR_SPAN = 256
# BM25 column weights of recall: a query naming the attribute ranks its facts first (2), the
# memory's own words (1), the neighbours' words and dates well below them (chosen on LoCoMo's development
# conversations, eval/locomo.py).
BM25_WEIGHTS = (2.0, 1.0, 0.3)
# Vector recall (MemoryStore(embed=...)): vectors are stored unit-length as little-endian float32
# (array('f')); each scope level's index keeps their sign bits packed into one Python int, ranks
# by the Hamming distance (int.bit_count of the XOR) and re-ranks the VECTOR_CANDIDATES nearest
# by exact cosine: the same answer as exact search on the eval at a fraction of its cost.
VECTOR_CANDIDATES = 100
# Fusion: one rule, score-level: fused = FUSION_WEIGHT * cosine + (1 - FUSION_WEIGHT) * bm25 / best
# bm25 of the query (0 for a memory the words did not find), over the FUSION_DEPTH best of each
# path. Score-level fusion was measured better than reciprocal-rank fusion (which lost to the
# words alone); the weight was chosen on LoCoMo's development conversations (eval/locomo.py).
# A memory only the vectors found is returned only with a cosine > 0: at 0 or below it shares
# nothing with the query, and recall would otherwise always fill k with unrelated memories.
FUSION_WEIGHT = 0.3
FUSION_DEPTH = 50
VECTOR_CACHE_ROWS = 200_000  # vectors kept in process across levels (about 1.7 KB each at 384 dims);
                             # the least recently recalled levels go first


class _All:
    """The sentinel for 'every level of a user' (or, for consolidation, every user)."""

    __slots__ = ()

    def __repr__(self):
        return "ALL"


ALL = _All()

KINDS = ("semantic", "episodic")
AUTHORITIES = ("user", "inferred")
SOURCES = ("user", "tool", "model", "import")
# Sources that can conclude but never speak for the user: stored with authority "inferred".
INFERRING_SOURCES = ("tool", "model")
TRUSTS = ("trusted", "unverified")
STATUSES = ("current", "retired", "quarantined")
CONFLICT_KINDS = ("contradiction", "contested", "cross-scope duplicate", "changed value")
CONFLICT_STATES = ("open", "resolved", "zombied")
# Entries that hold both sides back from the fold; the others are bookkeeping.
HOLDING_KINDS = ("contradiction", "contested")


def _utc(seconds: float) -> str:
    return datetime.fromtimestamp(seconds, timezone.utc).isoformat(timespec="microseconds") \
        .replace("+00:00", "Z")


# --- errors -----------------------------------------------------------------------------------

class StoreError(Exception):
    """Base class of every error this module raises; wraps sqlite3.Error."""


class SchemaError(StoreError):
    """The file is not a memory database this module can use (newer, foreign, or damaged)."""


class LockedError(StoreError):
    """Another connection held the database lock for longer than the busy timeout."""


class ScrubPendingError(LockedError):
    """An erasure is committed and recorded, but another connection kept the WAL busy past the
    busy timeout, so the erased text may stay in the -wal file until the next open, forget,
    purge or scrub() finishes it. `ids`: the memory ids the forget or purge deleted (list of
    int; [] from scrub() itself): they are gone, so calling again would return nothing."""

    def __init__(self, message: str, ids=()):
        super().__init__(message)
        self.ids = list(ids)


class EmbedError(StoreError):
    """The injected embed hook (MemoryStore(embed=...)) raised or returned the wrong shape, or
    is not the embedder this store's vectors were made with. Nothing was written."""


class ReadOnlyError(StoreError):
    """A write was asked of a store opened with readonly=True (or of a file this process may
    only read): an add, forget, consolidation, a migration, a rebuild of derived columns, or
    the scrub of a pending erasure. The message names what needed write access and the fix."""


class InvalidMemory(StoreError, ValueError):
    """Bad input: the message names the field, the allowed values and the bad value."""


def _invalid(field_name, allowed, value):
    return InvalidMemory(f"{field_name}: expected {allowed}; got {value!r:.200}")


# --- text rules: canonical and comparison forms, and their word lists -------------------------

# Unicode format characters (category Cf: soft hyphen, zero-width characters, bidi controls, the
# tag block) are invisible and would make identical-looking texts differ, or hide words from a
# gate. Default-ignorable letters and marks (Hangul fillers, the grapheme joiner, variation
# selectors) and the braille blank look like nothing too.
_BLANKS = {0x034F, 0x115F, 0x1160, 0x17B4, 0x17B5, 0x2800, 0x3164, 0xFFA0, *range(0x180B, 0x1810),
           *range(0xFE00, 0xFE10), *range(0xE0100, 0xE01F0)}
# The Cf code points of Unicode 14.0 (Python 3.11) as ranges: scanning every code point for its
# category costs 50 ms at each import, which every command line pays. Another Unicode version
# is scanned (Cf lives in planes 0, 1 and 14 only); a test checks the table against the scan.
_CF_RANGES = {"14.0.0": ((0xAD, 0xAD), (0x600, 0x605), (0x61C, 0x61C), (0x6DD, 0x6DD), (0x70F, 0x70F),
                         (0x890, 0x891), (0x8E2, 0x8E2), (0x180E, 0x180E), (0x200B, 0x200F), (0x202A, 0x202E),
                         (0x2060, 0x2064), (0x2066, 0x206F), (0xFEFF, 0xFEFF), (0xFFF9, 0xFFFB),
                         (0x110BD, 0x110BD), (0x110CD, 0x110CD), (0x13430, 0x13438), (0x1BCA0, 0x1BCA3),
                         (0x1D173, 0x1D17A), (0xE0001, 0xE0001), (0xE0020, 0xE007F))}


def _format_characters() -> list[int]:
    """Every Cf code point of this Python's Unicode version, ascending."""
    ranges = _CF_RANGES.get(unicodedata.unidata_version)
    if ranges is None:
        return [c for plane in (range(0x20000), range(0xE0000, 0xE1000)) for c in plane
                if unicodedata.category(chr(c)) == "Cf"]
    return [c for lo, hi in ranges for c in range(lo, hi + 1)]


_CF = re.compile("[" + "".join(re.escape(chr(c)) for c in sorted(_BLANKS.union(_format_characters()))) + "]")
# C0 and C1 controls other than whitespace: invisible, never part of a word.
_CONTROLS = re.compile("[\x00-\x08\x0e-\x1f\x7f-\x84\x86-\x9f]")
_SENTENCE_END = ".,;:!? "


# The invisible code points canonical() removes, as one pattern (gates.py reads it too).
INVISIBLE = _CF


@functools.lru_cache(maxsize=4096)  # one review and its write ask for the same text several times
def canonical(text: str) -> str:
    """The one canonical text every judgement reads (str -> str); stored text stays byte-exact.

    NFKC (full-width and mathematical letters become plain ones), format characters (Cf: soft
    hyphen, zero-width characters, bidi controls, the tag block U+E0000-E007F), variation
    selectors, default-ignorable fillers and non-whitespace control characters removed,
    whitespace collapsed to one space and stripped. Case is kept (gates read it);
    `normalize` adds casefolding for comparison. Linear in len(text).
    """
    if not text.isascii():
        text = _CF.sub("", unicodedata.normalize("NFKC", _CF.sub("", text)))
    return " ".join(_CONTROLS.sub("", text).split())


def _visible(text: str) -> bool:
    """Whether text has a character that shows in some script: a letter, digit, mark on a
    base, punctuation or symbol (not whitespace, controls, format or unassigned code points)."""
    if text.isascii():
        return any(" " < c < "\x7f" for c in text)
    return any(unicodedata.category(c)[0] in "LNPS" for c in text)


def normalize(text: str) -> str:
    """Return the comparison form of `text` (str -> str, linear in len(text)).

    The canonical form (NFKC, invisible characters removed, whitespace collapsed), casefolded,
    then trailing sentence punctuation (. , ; : ! ?) dropped. Symbols inside or at the end of a
    word stay: "C++" -> "c++", "3.11" -> "3.11". Returns "" when nothing visible is left
    ("...", a lone zero-width space, C1 controls, unassigned code points).
    """
    if text.isascii():
        s = " ".join(_CONTROLS.sub("", text).lower().split())
    else:
        s = unicodedata.normalize("NFKC", canonical(text).casefold())
        s = " ".join(s.split())
    s = s.rstrip(_SENTENCE_END)
    return s if s and _visible(s) else ""


# The word lists of the text rules, in one table (TEXT_RULES_VERSION fingerprints every one).
# Content words: what a statement is about, for near duplicates, contradictions and changed
# values. Function words carry grammar, not content; negations are tracked on their own so that
# "I like tea" and "I don't like tea" share their content words but not their polarity.
# Relational words (before/after, over/under, or/but, can/must ...) are content: "take insulin
# before meals" and "... after meals" are different facts.
FUNCTION_WORDS = frozenset("""
a an the i me my mine myself you your yours yourself he him his himself she her hers herself it its
itself we us our ours ourselves they them their theirs themselves this that these those who whom
whose which what where when why how am is are was were be been being do does did doing done have
has had having 's in on at to of for with from by about as into onto and so also just really very
too there here then now currently actually
""".split())
# A copula joins two sides that name the same thing: "Vim is my editor" = "My editor is Vim".
COPULAS = frozenset("am is are was were be been being 's".split())
NEGATIONS = frozenset("not no never nothing none nobody nowhere neither nor cannot".split())
# Withdrawals: a statement that something stopped holding is a negation of it.
WITHDRAWALS = frozenset("anymore stopped stop stops quit quits ceased formerly".split())
WITHDRAWAL_PHRASES = ("no longer", "any longer", "any more", "no more", "gave up", "given up",
                      "give up", "gives up", "used to")
# Aversions: a negated "like". Phrases first: "can't stand" is not about standing.
AVERSIONS = frozenset("hate hates hated dislike dislikes disliked detest detests detested loathe loathes "
                      "loathed despise despises despised abhor abhors abhorred".split())
AVERSION_PHRASES = ("can't stand", "cannot stand", "can not stand", "can't bear", "cannot bear",
                    "can not bear", "can't tolerate", "cannot tolerate", "can not tolerate",
                    "don't care for", "do not care for", "doesn't care for", "does not care for",
                    "not a fan of", "sick of", "fed up with", "tired of")
LIKES = frozenset("like likes liked love loves loved enjoy enjoys enjoyed adore adores adored "
                  "fond".split())
# Tense and aspect (English, the language these word lists parse) are part of what a statement
# says: "I have a cat" and "I had a cat" are one statement at two times (a changed value), and
# "I played tennis" / "I used to play tennis" both speak of the past. TENSES names the classes;
# irregular verbs as "base:simple past:past participle" (alternatives split by ","; regular
# verbs end in -ed). Forms shared with common nouns or the present (read, put, cut) are left out.
TENSES = ("present", "past", "perfect", "future")
IRREGULAR_VERBS = tuple(tuple(part.split(",") for part in entry.split(":")) for entry in """
arise:arose:arisen awake:awoke:awoken bear:bore:born,borne beat:beat:beaten become:became:become
begin:began:begun bend:bent:bent bite:bit:bitten bleed:bled:bled blow:blew:blown break:broke:broken
bring:brought:brought build:built:built burn:burnt:burnt buy:bought:bought catch:caught:caught
choose:chose:chosen come:came:come creep:crept:crept deal:dealt:dealt dig:dug:dug draw:drew:drawn
drink:drank:drunk drive:drove:driven eat:ate:eaten fall:fell:fallen feed:fed:fed feel:felt:felt
fight:fought:fought find:found:found flee:fled:fled fly:flew:flown forbid:forbade:forbidden
forget:forgot:forgotten forgive:forgave:forgiven freeze:froze:frozen get:got:got,gotten give:gave:given
go:went:gone grow:grew:grown hang:hung:hung hear:heard:heard hide:hid:hidden hold:held:held
keep:kept:kept know:knew:known lead:led:led leave:left:left lend:lent:lent lose:lost:lost
make:made:made mean:meant:meant meet:met:met pay:paid:paid ride:rode:ridden ring:rang:rung
rise:rose:risen run:ran:run say:said:said see:saw:seen seek:sought:sought sell:sold:sold
send:sent:sent shake:shook:shaken shine:shone:shone shoot:shot:shot sing:sang:sung sink:sank:sunk
sit:sat:sat sleep:slept:slept slide:slid:slid speak:spoke:spoken spend:spent:spent stand:stood:stood
steal:stole:stolen stick:stuck:stuck sting:stung:stung strike:struck:struck swear:swore:sworn
sweep:swept:swept swim:swam:swum swing:swung:swung take:took:taken teach:taught:taught
tear:tore:torn tell:told:told think:thought:thought throw:threw:thrown understand:understood:understood
wake:woke:woken wear:wore:worn win:won:won write:wrote:written be:was,were:been have:had:had
do:did:done use:used:used owe:owed:owed
""".split())  # the last two are regular, but too short for the -ed rule
# Auxiliaries by the tense they give; "have" + a participle is the perfect, "had" + one the past.
AUXILIARY_TENSES = {"am": "present", "is": "present", "are": "present", "do": "present", "does": "present",
                    "was": "past", "were": "past", "did": "past", "will": "future", "shall": "future",
                    "can": "present", "could": "present", "would": "present", "should": "present",
                    "may": "present", "might": "present", "must": "present"}
# Moved phrases: a phrase fronted by one of these heads ("At 02:00 the backup job runs.", "On
# flights I prefer ...") is the same statement with the phrase at the end; a trailing chain of
# such phrases is compared as a set, each with its head ("from Paris" never equals "to Paris").
# "of", "as" and "than" bind to the word before them and never head a moved phrase.
PHRASE_HEADS = frozenset("""at on in to for with from by about into onto before after during since until
till over under through across near around without within between among toward towards against behind
beyond via per every each""".split())
TIME_ADVERBS = frozenset("""yesterday today tomorrow tonight nowadays usually often sometimes always daily
weekly monthly yearly nightly lately recently""".split())
# Dates and quantities are value slots wherever they stand. Month and weekday names per language
# (abbreviations after the full name; the ones that are also common words count only beside a
# day number), and the units a number can carry.
CALENDAR = {
    "en": ("january jan|february feb|march mar|april apr|may|june jun|july jul|august aug|"
           "september sep sept|october oct|november nov|december dec",
           "monday mon|tuesday tue tues|wednesday wed|thursday thu thur thurs|friday fri|saturday sat|sunday sun"),
    "fr": ("janvier janv|février févr fevrier|mars|avril avr|mai|juin|juillet juil|août aout|septembre|"
           "octobre|novembre|décembre déc decembre", "lundi|mardi|mercredi|jeudi|vendredi|samedi|dimanche"),
    "de": ("januar jänner|februar|märz maerz|april|mai|juni|juli|august|september|oktober okt|november|"
           "dezember dez", "montag|dienstag|mittwoch|donnerstag|freitag|samstag sonnabend|sonntag"),
    "es": ("enero ene|febrero|marzo|abril abr|mayo|junio|julio|agosto ago|septiembre setiembre|octubre|"
           "noviembre|diciembre dic", "lunes|martes|miércoles miercoles|jueves|viernes|sábado sabado|domingo"),
}
AMBIGUOUS_DATE_WORDS = frozenset("may march mars mar sat sun wed mon jan dec ago".split())
UNITS = frozenset("""mg g kg µg mcg lb lbs oz ml l cl dl km m cm mm mi ft h hr hrs min mins s sec secs kcal
cal kwh kw w mph kmh km/h gb mb kb tb % percent °c °f ° x iu units tablets pills capsules drops cups eur usd gbp chf
jpy cad aud inr sek nok dkk pln euro euros dollar dollars pound pounds yen francs rupees € $ £ ¥ ₹
milligrams grams kilograms kilos litres liters millilitres milliliters kilometres kilometers metres meters
miles minutes hours seconds days weeks months years""".split())
# Spelled-out quantities (English): "two kids" = "2 kids", "twenty-five", "two hundred". "a"/"an"
# count as one only right before a counted word (COUNT_BLOCKERS say where they do not).
NUMBER_WORDS = {w: n for n, w in enumerate("""zero one two three four five six seven eight nine ten eleven
twelve thirteen fourteen fifteen sixteen seventeen eighteen nineteen twenty""".split())}
NUMBER_WORDS.update({w: 10 * n for n, w in enumerate("thirty forty fifty sixty seventy eighty ninety".split(), 3)})
COUNT_BLOCKERS = frozenset("""few lot lots little bit couple dozen number while kind sort type bunch
great good half""".split())  # "a few", "a lot of", "a little", "a great deal": no count of one
_NEGATED_STEM = {"ca": "can", "wo": "will", "sha": "shall"}  # can't, won't, shan't
_TOKEN_EDGE = "\"'()[]{}<>«»“”‘’,;:!?."  # stripped from token edges; + and # stay (c++, c#)
_CONTRACTION_TAILS = ("'m", "'re", "'ve", "'ll", "'d")
# Sentence terminators and clause marks of other scripts (Unicode Po), dropped from a word's end
# by signature as normalize drops ". , ; : ! ?": ideographic, Devanagari (danda), Arabic and Urdu,
# Armenian, Ethiopic, Khmer, Tibetan, Myanmar, Hebrew (sof pasuq), Syriac, and the doubled marks.
TERMINATORS = "。、｡､।॥۔؟؛،։።፣፤፧፨᙮។៕།༎၊။׃܀܁܂‼⁇⁈⁉…"
# Words after which a day and month in digits without a year ("on 15.10") are a date.
DATE_HEADS = frozenset("on by until till since before after from due am bis ab vom zum seit le el du au".split())
_PAST = {f: base for (base,), pasts, _ in IRREGULAR_VERBS for f in pasts}  # simple past -> base
_PARTICIPLE = {f: base for (base,), _, parts in IRREGULAR_VERBS for f in parts}  # past participle -> base
_BASE = {**_PARTICIPLE, **_PAST, "goes": "go", "does": "do", "has": "have"}  # "goes" is not "goe" + s
_SUBJECTS = frozenset("i you he she we they it".split())
_DETERMINERS = frozenset("the a an my your his her our their its this that these those".split())
_TAIL_AUXILIARY = {"'m": "am", "'re": "are", "'s": "is", "'ve": "have", "'d": "had", "'ll": "will"}
_S_IS = frozenset("he she it that there here what who where how".split())  # "it's" = it is; "Ana's" owns
_TENSE_MARKS = frozenset(" " + t for t in TENSES)  # polarity's tense word: no token has a space
_VERB_ADVERBS = frozenset("""always also just already still often usually sometimes ever recently finally
once rarely seldom""".split())  # between an auxiliary and its verb, or a subject and its verb
_CLAUSE_BREAKS = COPULAS | NEGATIONS | frozenset("and or but that which who because if when while".split())
_TITLES = frozenset("mr mrs ms mx dr prof st sr jr herr frau mme mlle sra".split())  # "Dr. Weber": one name
# Auxiliaries in one form whatever their tense, for frames.
_NEUTRAL = {"am": "is", "are": "is", "was": "is", "were": "is", "been": "is", "being": "is", "be": "is",
            "has": "have", "had": "have", "having": "have", "does": "do", "did": "do", "done": "do"}


def _tokens(norm: str) -> list[str]:
    out = []
    for raw in norm.split(" "):
        tok = raw.strip(_TOKEN_EDGE).replace("’", "'")
        if tok:
            out.append(tok)
    return out


def _content(tokens) -> tuple[list, list]:
    """(content words in order, negations) of tokens; see content_words."""
    words, negs = [], []
    for tok in tokens:
        if tok.endswith("n't") or tok == "cannot":
            negs.append("not")  # the stem of a contraction keeps its meaning: can't = can + not
            stem = "can" if tok == "cannot" else tok[:-3]
            stem = _NEGATED_STEM.get(stem, stem)
            if stem and stem not in FUNCTION_WORDS:
                words.append(stem)
        elif tok in NEGATIONS:
            negs.append(tok)
        elif tok.endswith("'s") and tok[:-2] in FUNCTION_WORDS:
            continue  # "it's", "that's"
        elif tok not in FUNCTION_WORDS and not tok.endswith(_CONTRACTION_TAILS):
            words.append(tok)
    return words, negs


def content_words(norm: str) -> tuple[frozenset, frozenset]:
    """Split a normalized text into (content words, negations), both frozensets of str.

    A token is a whitespace-separated word with quotes, brackets and sentence punctuation
    stripped from its edges ("vim." -> "vim", "c++," -> "c++", "3.11." -> "3.11"). Tokens
    ending in "n't" count as the negation "not" (their stem is an auxiliary).
    """
    words, negs = _content(_tokens(norm))
    return frozenset(words), frozenset(negs)


def _regular_past(w: str) -> bool:
    return len(w) > 4 and w.endswith("ed") and not w.endswith("eed") and w.isalpha()


def _auxiliary(w: str) -> tuple[str, str]:
    """(auxiliary, contraction tail) a token stands for: "didn't" -> ("did", "n't"), "i've" ->
    ("have", "'ve"), "was" -> ("was", ""); any other token comes back as itself."""
    if "'" not in w:
        return w, ""
    if w.endswith("n't"):
        return _NEGATED_STEM.get(w[:-3], w[:-3]), "n't"
    cut = w.rfind("'")
    if cut > 0 and w[cut:] in _TAIL_AUXILIARY and (w[cut:] != "'s" or w[:cut] in _S_IS):
        return _TAIL_AUXILIARY[w[cut:]], w[cut:]
    return w, ""


def _tense(tokens) -> tuple[str, frozenset]:
    """(tense, indices of tokens that only mark it) of a statement's casefolded words (empty
    strings allowed). The first finite verb decides: an auxiliary by AUXILIARY_TENSES; "have"
    + a participle is the perfect, "had" + one the past (the auxiliary only marks tense); "used
    to" + a verb is the past; "will"/"shall" the future (a marker), and so is a present "be" +
    "going to" (or "gonna") + a verb (_bare_verb; "was going to" is no future), like "be" before an -ing
    verb ("I was living in Rome" = "I lived in Rome"); a verb in a simple past
    (IRREGULAR_VERBS or -ed) the past; else the present. The verb is the word after a subject
    pronoun, or after the subject's first word ("my sister lived"), never right after a
    determiner or a possessive ("the tired dog", "Ana's left arm") nor a first word before
    another finite verb ("Jared works")."""
    prev, subject, content = "", False, 0
    last = min(len(tokens), 16)
    for i in range(last):
        w = tokens[i]
        if not w:
            continue
        aux, tail = _auxiliary(w)
        if aux in ("have", "has", "had"):
            j = next((j for j in range(i + 1, last) if tokens[j] and tokens[j] not in NEGATIONS
                      and tokens[j] not in _VERB_ADVERBS), None)
            nxt = tokens[j] if j is not None else ""
            if nxt in _PARTICIPLE or nxt in _PAST or _regular_past(nxt):
                return ("past" if aux == "had" else "perfect"), frozenset({i})
            return ("present" if tail == "'d" or aux != "had" else "past"), frozenset()  # "I'd like": would
        if aux == "used" and i + 1 < len(tokens) and tokens[i + 1] == "to":
            return "past", frozenset({i, i + 1})
        if aux in ("am", "is", "are"):
            j = next((j for j in range(i + 1, last) if tokens[j] not in NEGATIONS and tokens[j] not in _VERB_ADVERBS), last)
            going = tokens[j:j + 3] if j < last else []
            if going[:2] == ["going", "to"] and len(going) == 3 and _bare_verb(going[2]):
                return "future", frozenset({i, j, j + 1})  # "I'm going to visit Paris" = "I will visit Paris"
            if going[:1] == ["gonna"] and len(going) > 1 and _bare_verb(going[1]):
                return "future", frozenset({i, j})
        if aux in AUXILIARY_TENSES:
            tense = AUXILIARY_TENSES[aux]
            nxt = tokens[i + 1] if i + 1 < len(tokens) else ""
            progressive = aux in COPULAS and len(nxt) > 5 and nxt.endswith("ing")  # "I was living": lived
            return tense, frozenset({i}) if tense == "future" or progressive else frozenset()
        if w in _SUBJECTS:
            subject = True
        if w in FUNCTION_WORDS or w in NEGATIONS or w in _VERB_ADVERBS or tail:
            prev = w
            continue
        if w in PHRASE_HEADS and content:
            break
        if (w in _PAST or _regular_past(w)) and prev not in _DETERMINERS and not prev.endswith("'s") and not (
                not content and not subject and i + 1 < last and _finite(tokens[i + 1])):  # "Jared works": a name
            return "past", frozenset()
        if subject or (content and w.endswith("s") and not w.endswith("ss") and prev not in _DETERMINERS
                       and not (i + 1 < last and _finite(tokens[i + 1]))):  # "the api tokens expired"
            break
        content += 1
        prev = w
    return "present", frozenset()


def _bare_verb(w: str) -> bool:
    """Whether the word after "going to" can be read as a verb: a lowercase word that is not a
    function word, a determiner, a phrase head, a number or a calendar word ("going to the
    gym", "going to 5 shows", "going to May's" are movement, not the future). A place written
    with a capital is lowercased here, so "I'm going to Paris" reads as a future too; its
    frame keeps "Paris" as a value, so "... to Rome" is still a changed value."""
    return (w.isalpha() and w not in FUNCTION_WORDS and w not in _DETERMINERS and w not in PHRASE_HEADS
            and w not in NEGATIONS and w not in _MONTHS and w not in _WEEKDAYS and w not in NUMBER_WORDS)


def _finite(w: str) -> bool:
    """Whether a word can only be read as a finite verb after a subject: an auxiliary or
    copula, a simple past, or a present in -s ("works", "is", "flew", "moved")."""
    return (w in AUXILIARY_TENSES or w in COPULAS or w in ("has", "have", "had") or w in _PAST
            or _regular_past(w) or (len(w) > 3 and w.endswith("s") and not w.endswith("ss")))


def _moved(raws: list) -> list:
    """Raw tokens with a fronted phrase moved to the end: a head (PHRASE_HEADS, TIME_ADVERBS)
    and its object, up to a comma or to the subject that starts the rest (a pronoun, a
    determiner after the object's first word, or a word right before a finite verb). "At 02:00
    the backup job runs." -> "the backup job runs. At 02:00"; "In Paris Ana works" -> "Ana
    works In Paris"; "In Paris Ana met Ben" stays "Ana met Ben" with "Ben" after the verb."""
    n = len(raws)
    if n < 3:
        return raws
    lows = [r.strip(_TOKEN_EDGE).casefold().replace("’", "'") for r in raws[:8]]
    head = lows[0]
    if head not in PHRASE_HEADS and head not in TIME_ADVERBS:
        return raws
    shortest = 2 if head in TIME_ADVERBS else 3  # the verb's index after a one-word "yesterday"
    for j in range(1, min(n, 7)):
        before = lows[j - 1]
        if j == n - 1:  # the rest would be one word: only a subject right before the verb
            k = j - 1 if j >= shortest and _finite(lows[j]) and before not in FUNCTION_WORDS else 0
        elif raws[j - 1].endswith(","):
            k = j
        elif lows[j].partition("'")[0] in _SUBJECTS or (lows[j] in _DETERMINERS and (j >= 2 or head in TIME_ADVERBS)
                                      and before not in _DETERMINERS):
            k = j
        elif j >= shortest and _finite(lows[j]) and before not in FUNCTION_WORDS and before not in _CLAUSE_BREAKS \
                and before not in PHRASE_HEADS and lows[j - 2] not in _DETERMINERS:
            k = j - 1  # "In Paris Ana works": the word before the verb is its subject
        elif lows[j] in _CLAUSE_BREAKS or lows[j] in AUXILIARY_TENSES:
            return raws
        else:
            continue
        if k < 1 or (head in PHRASE_HEADS and k < 2):
            return raws
        return raws[k:] + raws[:k - 1] + [raws[k - 1].rstrip(",")]
    return raws


def _stem(word: str) -> str:
    return _lemma(_BASE.get(word, word))


def _unmarked(tokens, marks) -> list:
    """Tokens without those that only mark tense; a marked "won't" leaves its negation."""
    return ["not" if i in marks else t for i, t in enumerate(tokens) if i not in marks or t.endswith("n't")]


@functools.lru_cache(maxsize=1 << 12)  # a new fact's signature and polarity read it in turn
def _statement(norm: str) -> tuple[tuple, str]:
    """(words, tense) of a normalized text: its tokens with a fronted phrase moved to the end
    and the words that only mark tense left out."""
    tokens = _tokens(" ".join(_moved(norm.split(" "))))
    tense, marks = _tense(tokens)
    return tuple(_unmarked(tokens, marks) if marks else tokens), tense


def _spelled(lows, i):
    """(digits, index after them) of a spelled-out number at lows[i] ("two", "twenty-five",
    "twenty five", "two hundred", "a hundred"), or None."""
    w = lows[i]
    nxt = lows[i + 1] if i + 1 < len(lows) else ""
    if w in ("a", "an") and nxt == "hundred":
        return "100", i + 2
    head, _, tail = w.partition("-")
    n = NUMBER_WORDS.get(head)
    if n is None or (tail and (n < 20 or n % 10 or NUMBER_WORDS.get(tail, 10) >= 10)):
        return None  # "twenty-five", never "five-ten"
    n, j = n + (NUMBER_WORDS[tail] if tail else 0), i + 1
    if not tail and n >= 20 and n % 10 == 0 and NUMBER_WORDS.get(nxt, 10) < 10 and nxt != "zero":
        n, j = n + NUMBER_WORDS[nxt], j + 1  # "twenty five"
    if 0 < n < 10 and j < len(lows) and lows[j] == "hundred":
        n, j = n * 100, j + 1
    return str(n), j


def _counts(lows) -> tuple[list, set]:
    """(lows with spelled-out numbers as digits, the indices of those that count a following
    word). A number word counts when a word follows that is not a function word ("two kids",
    "ten mg", "five years"), or stands alone after a function word ("my son is ten"); "a"/"an"
    counts as one before a word that is neither a function word nor a COUNT_BLOCKERS word ("a
    cat" = "1 cat"; "a few", "a lot of" do not). "one of them", "the blue one" stay words."""
    out, counted, i = [], set(), 0
    while i < len(lows):
        found = _spelled(lows, i) if lows[i] else None
        if found is None and lows[i] in ("a", "an"):
            found = "1", i + 1
        if found:
            digits, j = found
            nxt = lows[j] if j < len(lows) else ""
            article = lows[i] in ("a", "an")
            content = bool(nxt) and nxt not in FUNCTION_WORDS and nxt not in NEGATIONS and not (
                article and nxt in COUNT_BLOCKERS) and not _HAS_DIGIT.search(nxt)
            alone = not nxt and not article and i > 0 and lows[i - 1] in FUNCTION_WORDS
            if content or alone:
                if content:
                    counted.add(len(out))
                out.append(digits)
                out.extend("" for _ in range(i + 1, j))  # "twenty five": one value, same length
                i = j
                continue
        out.append(lows[i])
        i += 1
    return out, counted


def _measured(tokens) -> list:
    """Tokens with each date, time or quantity as one token in its one written form (see
    _measure): "10 mg" = "10mg", "october 15th" = "15 october", "9 pm" = "21:00", "two kids" =
    "2 kids" (a spelled-out number; "a" stays a function word here, and "one cat" = "a cat")."""
    if any(t in NUMBER_WORDS or t.partition("-")[0] in NUMBER_WORDS for t in tokens):
        lows, counted = _counts(["" if t in ("a", "an") else t for t in tokens])
        tokens = [t for k, t in enumerate(lows) if t and not (t == "1" and tokens[k] == "one")]  # "one cat" = "a cat"
    out, i = [], 0
    while i < len(tokens):
        found = _measure(tokens, i)
        out.append(found[0] if found and "~" not in found[0] else tokens[i])  # "03/04" may be either date: as written
        i = found[1] if found else i + 1
    return out


def _signature_text(norm: str) -> str:
    """norm as signature reads it: optional marks folded (_fold_marks), each word's trailing
    TERMINATORS dropped."""
    if norm.isascii():
        return norm
    return " ".join(w.rstrip(TERMINATORS) for w in _fold_marks(norm).split(" "))


@functools.lru_cache(maxsize=1 << 16)  # a text's signature is asked at its write, its review and each run
def signature(norm: str) -> str:
    """The near-duplicate key of a normalized text: its content words in sentence order, a
    newline (never inside a normalized text), then its negations sorted, then (unless it is the
    present) its tense. Words are stemmed (_lemma, irregular forms to their base: "went" ->
    "go") and dates, times and quantities written one way ("10 mg" = "10mg"), so "I played tennis" and "I used to play tennis" are one past statement, while "I
    have a cat" and "I had a cat" differ in tense (a changed value, see changed_value). Word
    order is kept because it says who does what to whom ("ana reports to ben" and "ben reports
    to ana" differ); a trailing chain of phrases (PHRASE_HEADS: "at 02:00", "on flights", "from
    paris to lyon") is a set, each phrase keeping its head, and a fronted phrase joins it, so a
    moved phrase is the same statement. Across a copula the two sides are put in a fixed order,
    because "vim is my favourite editor" and "my favourite editor is vim" say the same.

    Written marks are read as recall's index reads them: optional marks folded off (Latin
    accents, Arabic harakat, Hebrew niqqud: "café" = "cafe", "أُحِبُّ" = "أحب") and a word's
    trailing sentence terminator of any script dropped (TERMINATORS: "东京。" = "东京", "है।" =
    "है"); `norm` itself keeps them.

    Stored per fact (memories.sig, hashed into sig_key for its index): a change here or to the
    word lists changes TEXT_RULES_VERSION's fingerprint, and opening a store recomputes it.
    """
    tokens, tense = _statement(_signature_text(norm))
    tokens = _measured(tokens)
    when = "" if tense == "present" else "\n" + tense
    cut = [i for i, t in enumerate(tokens) if t in COPULAS]
    words, negs = _content(tokens)
    negs = " ".join(sorted(negs))
    if len(cut) == 1:
        left, _ = _content(tokens[:cut[0]])
        right, _ = _content(tokens[cut[0] + 1:])
        if left and right:
            sides = sorted((" ".join(map(_stem, left)), " ".join(map(_stem, right))))
            return " | ".join(sides) + "\n" + negs + when
    end, phrases = len(tokens), []
    for i in range(len(tokens) - 1, 0, -1):
        if tokens[i] in _CLAUSE_BREAKS or tokens[i].endswith("n't"):
            break
        if tokens[i] in PHRASE_HEADS:
            phrases.append(" ".join([tokens[i], *map(_stem, _content(tokens[i + 1:end])[0])]))
            end = i
    if phrases:
        words = _content(tokens[:end])[0]
        return " ".join(map(_stem, words)) + " @ " + " ; ".join(sorted(phrases)) + "\n" + negs + when
    return " ".join(map(_stem, words)) + "\n" + negs + when


_SHORT_ING = {"going": "go", "dying": "die", "lying": "lie", "tying": "tie", "vying": "vie"}


@functools.lru_cache(maxsize=1 << 16)  # words repeat (Zipf)
def _lemma(word: str) -> str:
    """A crude English stem for matching only (never stored or shown): drinking/drinks/drink ->
    drink, smoking/smoke -> smok, carried/carries -> carry. Enough for "I stopped drinking
    coffee" to meet "I drink coffee"."""
    w = word
    if len(w) > 5 and w.endswith("ing"):
        w = w[:-3]
        if len(w) > 2 and w[-1] == w[-2] and w[-1] not in "lsz":
            w = w[:-1]
    elif len(w) == 5 and w.endswith("ing") and w[0] in "aeiou":
        w = w[:2] + "e"  # using -> use, aging -> age, owing -> owe (not bring, thing: no vowel)
    elif w in _SHORT_ING:
        w = _SHORT_ING[w]
    elif len(w) > 4 and w.endswith("ied"):
        w = w[:-3] + "y"
    elif len(w) > 4 and w.endswith("ed"):
        w = w[:-2]
        if len(w) > 2 and w[-1] == w[-2] and w[-1] not in "lsz":
            w = w[:-1]
    elif len(w) > 4 and w.endswith("ies"):
        w = w[:-3] + "y"
    elif len(w) > 4 and w.endswith(("ches", "shes", "sses", "xes", "zes")):
        w = w[:-2]
    elif len(w) > 3 and w.endswith("s") and not w.endswith("ss"):
        w = w[:-1]
    if len(w) > 3 and w.endswith("e"):
        w = w[:-1]
    return w


_WITHDRAW_RE = re.compile(r"\b(?:" + "|".join(map(re.escape, WITHDRAWAL_PHRASES)) + r")\b")
_WITHDRAW_HINTS = tuple({p.split()[-1] for p in WITHDRAWAL_PHRASES})
_AVERSE_HINTS = tuple({p.split()[-1] for p in AVERSION_PHRASES})
_AVERSE_RE = re.compile(r"(?<![\w'])(?:" + "|".join(map(re.escape, AVERSION_PHRASES)) + r")\b")


@functools.lru_cache(maxsize=1 << 16)  # signatures repeat across users and runs
def polarity(norm: str) -> tuple[frozenset, bool]:
    """(content words, negated?) of a normalized text, for the default contradiction test.

    Words are lemmatized and like-words folded to "like"; "negated" is the parity of negations
    (not, no, never, n't ...), withdrawals ("no longer", "anymore", "stopped", "quit", "gave
    up") and aversions ("hate", "despise", "can't stand", "don't care for" ... count as a
    negated "like"). So "I no longer like Vim", "I can't stand Vim" and "I don't like Vim" are
    negated {like, vim}; "I don't hate it" is a positive "like". On a negated side, an -ing
    word right after a like or an aversion, with more words after it, is left out: "I hate
    watching horror films" is negated {like, horror, film} and meets "I love horror films"
    ("I hate running" keeps "run"; a positive side keeps every word).
    The words also hold one tense word (" present", " past", " perfect" or " future", with a
    leading space no token has; see _tense), so only statements about the same time oppose:
    "I didn't like Vim" opposes "I liked Vim", not "I like Vim". A withdrawal speaks of now
    ("I used to play tennis" = not now), so it opposes the present, not "I played tennis".
    Word lists: this module, one home.
    """
    tense = _statement(norm)[1]
    s = norm.replace("’", "'")
    flips = 0
    if any(w in s for w in _AVERSE_HINTS):  # the phrase scans only where a phrase can be
        s = _AVERSE_RE.sub(" hate ", s)
    if any(w in s for w in _WITHDRAW_HINTS):
        s = _WITHDRAW_RE.sub(" anymore ", s)
    words, negs = _content(_tokens(s))
    flips += len(negs) % 2
    out, frame_verbs = set(), set()
    if any(w in WITHDRAWALS for w in words):
        tense = "present"
    for i, w in enumerate(words):
        if 0 < i < len(words) - 1 and w.endswith("ing") and (words[i - 1] in AVERSIONS or words[i - 1] in LIKES):
            frame_verbs.add(_stem(w))  # "hate watching horror films": about the films
        if w in AVERSIONS:
            flips += 1
            out.add("like")
        elif w in WITHDRAWALS:
            flips += 1 if not negs else 0  # "I don't smoke anymore": one negation, not two
        elif w in LIKES:
            out.add("like")
        else:
            out.add(_stem(w))
    if flips % 2 and out - frame_verbs:  # the negated side need not name the activity
        out -= frame_verbs
    if out:
        out.add(" " + tense)
    return frozenset(out), bool(flips % 2)


def opposed(pa, pb) -> bool:
    """The default contradiction test on two polarities (polarity(norm) each): exactly one side
    negated, and every content word of the negated side held by the other. consolidate's
    default_contradicts applies it to two texts; recall applies it to unconsolidated pairs."""
    (wa, na), (wb, nb) = pa, pb
    if na == nb:
        return False
    neg, pos = (wa, wb) if na else (wb, wa)
    return bool(neg - _TENSE_MARKS) and neg <= pos


# Changed values: two facts that say the same thing with one value changed ("The API token
# expires on 2026-11-14." / "... 2026-11-24."). A value is a date, time or quantity wherever it
# stands (CALENDAR, UNITS: "October 15th", "15. Oktober", "9:30 pm", "10mg", "$1,200", "5 km"),
# a token holding a digit (a number, amount, code), or a capitalized name right after a
# function word ("I live in Lisbon", "my manager is Ana"): a name right after a verb is what the
# verb is about ("I like Vim"), not a slot. The tense is a value too ("I have a cat" / "I had a
# cat").
_HAS_DIGIT = re.compile(r"\d")
_WORD_EDGE = "\"'()[]{}<>«»“”‘’,;:!?."


def _calendar_words(column: int) -> dict:
    """{spelling: number} of CALENDAR's months (column 0) or weekdays (1, plurals too), every language."""
    out = {}
    for names in (table[column] for table in CALENDAR.values()):
        for n, spellings in enumerate(names.split("|"), 1):
            for spelling in spellings.split():
                out.setdefault(spelling, n)
                if column:
                    out.setdefault(spelling + "s", n)  # "on Mondays"
    return out


_MONTHS, _WEEKDAYS = _calendar_words(0), _calendar_words(1)
_FULL_NAMES = frozenset(spellings.split()[0] for table in CALENDAR.values() for names in table
                        for spellings in names.split("|"))
_DAY = re.compile(r"(\d{1,2})(?:st|nd|rd|th|er|re|e|ème|eme|º)?")
_YEAR = re.compile(r"(?:1[89]|2\d)\d\d")
_TIME = re.compile(r"(\d{1,2})(?:[:h.](\d\d))?\s?(am|pm|a\.m|p\.m)?", re.I)
_MERIDIEM = {"am": "am", "pm": "pm", "a.m": "am", "p.m": "pm"}  # tokens lose their final "."
_NUMBER = re.compile(r"[-+−]?[$€£¥₹]?\d[\d,.' ]*")
_AMOUNT = re.compile(r"([$€£¥₹]?)(\d(?:[\d,.']*\d)?)([^\d\s]*)")
_NUMERIC_DATE = re.compile(r"(\d{1,4})([./-])(\d{1,2})(?:([./-])(\d{1,4}))?")
_ISO = re.compile(r"\d{4}-\d\d-\d\d(?:t[\d:]+z?)?|\d{1,2}[/.]\d{1,2}[/.]\d{2,4}|\d{1,2}:\d\d(?::\d\d)?")


def _day(w: str):
    m = _DAY.fullmatch(w)
    return int(m.group(1)) if m and 1 <= int(m.group(1)) <= 31 else None


def _month(w: str, alone: bool):
    n = _MONTHS.get(w.rstrip("."))
    return n if n and (not alone or (w in _FULL_NAMES and w not in AMBIGUOUS_DATE_WORDS)) else None


def _numeric_date(w: str, prev: str) -> str | None:
    """A date written in digits in its one form ("YYYY-MM-DD", "MM-DD" without a year), or None.
    Year first with dashes or slashes is year-month-day ("2026-10-15", "2026/10/15"); with the
    year last, dots put the day first ("15.10.2026", "15.10.26"), and slashes or dashes are read
    by the numbers: a first number over 12 is the day ("15/10/2026"), a second over 12 the day
    of a month-day writing ("10/15/2026"). When both readings are dates ("03/04/2026") the value
    is the two readings joined by "~": one written date that may equal either (_same_value), so
    it is never a changed value of a date it could be. Without a year or with two digits of one
    ("15.10.", "15/10", "15.10.26") only after a word that heads a date (DATE_HEADS: "on
    15.10"), because "costs 15.10" is an amount and "version 1.2.10" a version."""
    m = _NUMERIC_DATE.fullmatch(w)
    if m is None:
        return None
    a, sep, b, sep2, c = m.groups()
    if sep2 and sep != sep2:
        return None
    if len(a) == 4:  # year first
        if sep == "." or not c or len(c) > 2:
            return None
        year, readings = a, [(int(b), int(c))]
    else:
        if (not c or len(c) == 2) and prev not in DATE_HEADS:
            return None  # "costs 15.10", "version 1.2.10"
        if c and len(c) not in (2, 4):
            return None
        year = (c if len(c) == 4 else ("20" if int(c) < 70 else "19") + c) if c else None
        x, y = int(a), int(b)
        readings = [(y, x)] if sep == "." else [r for r in ((y, x), (x, y)) if r[0] <= 12 and r[1] <= 31]
    readings = sorted({(mo, d) for mo, d in readings if 1 <= mo <= 12 and 1 <= d <= 31})
    if not readings:
        return None
    return "~".join(f"{year}-{mo:02d}-{d:02d}" if year else f"{mo:02d}-{d:02d}" for mo, d in readings)


def _same_value(x: str, y: str) -> bool:
    """Whether two values of a frame may be one: equal, or a date of two readings ("~", see
    _numeric_date) sharing a reading with the other."""
    return x == y or (("~" in x or "~" in y) and not set(x.split("~")).isdisjoint(y.split("~")))


def _measure(lows, i):
    """(value, index after it) of a date, time or quantity starting at lows[i], or None. Dates
    come out as "MM-DD" ("YYYY-MM-DD" with a year, "month MM" and "weekday N" alone), times as
    "HH:MM" (24 hours), quantities as number and unit without a space ("10 mg" -> "10mg")."""
    w = lows[i]
    if w not in _MONTHS and w not in _WEEKDAYS and w not in UNITS and not _HAS_DIGIT.search(w):
        return None
    nxt = lows[i + 1] if i + 1 < len(lows) else ""
    after = lows[i + 2] if i + 2 < len(lows) else ""
    weekday = _WEEKDAYS.get(w.rstrip("."))
    if weekday:
        date = _measure(lows, i + 1) if nxt else None
        if date and date[0][:1].isdigit() and "-" in date[0]:
            return date  # "Monday, May 29": the date says the day
        if (w in _FULL_NAMES or w[:-1] in _FULL_NAMES) and w not in AMBIGUOUS_DATE_WORDS:
            return f"weekday {weekday}", i + 1
        return None
    day, month, j = None, _month(w, alone=False), i + 1
    if month:
        day = _day(nxt)
        if day:
            j = i + 2
        elif not _YEAR.fullmatch(nxt):
            return (f"month {month:02d}", i + 1) if _month(w, alone=True) else None
    else:
        day = _day(w)
        if day:
            month = _month(nxt, alone=False) or (nxt in ("of", "de") and _month(after, alone=False))
            j = i + (2 if _month(nxt, alone=False) else 3)
    if month and (day or _YEAR.fullmatch(lows[j] if j < len(lows) else "")):
        year = lows[j] if j < len(lows) and _YEAR.fullmatch(lows[j]) else None
        date = f"{month:02d}-{day:02d}" if day else f"{month:02d}"
        return (f"{year}-{date}", j + 1) if year else (date, j)
    t = _TIME.fullmatch(w)
    if t and (t.group(3) or nxt in _MERIDIEM) and int(t.group(1)) <= 12:
        hour = int(t.group(1)) % 12 + (12 if (t.group(3) or _MERIDIEM[nxt]).lower().startswith("p") else 0)
        return f"{hour:02d}:{t.group(2) or '00'}", i + (1 if t.group(3) else 2)
    numeric = _numeric_date(w, lows[i - 1] if i else "")
    if numeric:
        return numeric, i + 1
    if _ISO.fullmatch(w):
        return (f"{int(w[:-3]):02d}{w[-3:]}" if len(w) in (4, 5) and w[-3] == ":" else w), i + 1
    if w in UNITS and len(w) > 1 and _NUMBER.fullmatch(nxt):  # "eur 20", "usd 5"
        return nxt + w, i + 2
    a = _AMOUNT.fullmatch(w)
    if a is None:
        return None
    symbol, unit = a.group(1), a.group(3)
    if symbol or (unit and (unit in UNITS or unit.rstrip("s") in UNITS)):  # "$12", "10mg", "20%"
        return w, i + 1
    if not unit and nxt in UNITS:  # "10 mg", "12 €"
        return w + nxt, i + 2
    return None


def _shape_words(low: str, marked: bool) -> list:
    """A token's words in a frame: auxiliaries in one form whatever their tense ("was" ->
    "is", "didn't" -> "do not", "i've" -> "i have"; a tense marker gone), other words stemmed."""
    aux, tail = _auxiliary(low)
    head = [low[:-len(tail)]] if tail and tail != "n't" else []
    if tail == "n't":
        return ["not"] if marked or aux in ("will", "shall") else [_NEUTRAL.get(aux, aux), "not"]
    if marked or aux in ("will", "shall"):
        return head
    if tail:
        return head + [_NEUTRAL.get(aux, aux)]
    if low in FUNCTION_WORDS:
        return [_NEUTRAL.get(low, low)]
    return [_stem(low)]


def _spell_digits(raws, lows, marks):
    """(raws, lows, marks, counted) with spelled-out counts as digits (_counts): a number of two
    words becomes one token, "a"/"an" before a capitalized word stays an article ("a Toyota":
    the name is the value)."""
    capitals = {k for k, r in enumerate(raws) if r.strip(_WORD_EDGE)[:1].isupper()}
    spelled, counted = _counts([w if w not in ("a", "an") or k + 1 not in capitals else "\0"
                                for k, w in enumerate(lows)])
    spelled = [lows[k] if w == "\0" else w for k, w in enumerate(spelled)]
    keep = [k for k, w in enumerate(spelled) if w or not lows[k]]
    at = {k: n for n, k in enumerate(keep)}
    raws = [spelled[k] + raws[k][len(raws[k].rstrip(_WORD_EDGE)):] if spelled[k] != lows[k] else raws[k]
            for k in keep]
    return raws, [spelled[k] for k in keep], frozenset(at[k] for k in marks if k in at), {at[k] for k in counted}


@functools.lru_cache(maxsize=1 << 16)
def _frame(text: str) -> tuple | None:
    """(frame, values, kinds) of a text; kinds say of each value "measure" (a date, time or
    quantity), "plain" (a number, code or name) or "tense"."""
    raws = _moved(canonical(text).split(" "))
    lows = [r.strip(_WORD_EDGE).casefold().replace("’", "'") for r in raws]
    tense, marks = _tense(lows)
    counted = set()
    if any(w in NUMBER_WORDS or w in ("a", "an") or w.partition("-")[0] in NUMBER_WORDS for w in lows):
        raws, lows, marks, counted = _spell_digits(raws, lows, marks)
    shape, values, kinds = [], [], []
    prev, name_open, i = None, False, 0
    while i < len(raws):
        raw, low = raws[i], lows[i]
        tok = raw.strip(_WORD_EDGE)
        measure = _measure(lows, i) if low else None
        if measure:
            if shape and shape[-1] == "the" and _day(low) and "-" in measure[0]:  # "the 15th of May" = "May 15th"
                shape.pop()
            shape.append("#")
            values.append(measure[0])
            kinds.append("measure")
            prev, name_open, i = lows[measure[1] - 1], False, measure[1]
            continue
        capital = tok[:1].isupper() and low not in FUNCTION_WORDS
        if name_open and capital and not _HAS_DIGIT.search(tok):
            values[-1] += " " + low
            name_open = not raw.endswith(tuple(_SENTENCE_END)) or (raw.endswith(".") and low in _TITLES)
            prev, i = low, i + 1
            continue
        is_name = bool(tok) and i > 0 and capital and prev in FUNCTION_WORDS and \
            prev not in ("i", "my", "your", "his", "her", "our", "their")
        is_value = bool(tok) and (bool(_HAS_DIGIT.search(tok)) or is_name)
        if is_value:
            shape.append("#")
            values.append(low)
            kinds.append("measure" if i in counted else "plain")  # a count is a quantity
        elif low:
            shape.extend(_shape_words(low, i in marks))
        name_open = is_name and not _HAS_DIGIT.search(tok) and (
            not raw.endswith(tuple(_SENTENCE_END)) or (raw.endswith(".") and low in _TITLES))
        prev, i = low, i + 1
    if not shape:
        return None
    return " ".join(shape).rstrip(_SENTENCE_END), (*values, tense), (*kinds, "tense")


def frame(text: str) -> tuple[str, tuple] | None:
    """(frame, values) of a text, or None when it has no words. The frame is the casefolded
    canonical text with each value replaced by "#", a fronted phrase moved to the end (see
    signature), words stemmed and auxiliaries in one form whatever their tense; values are the
    values in order (casefolded; dates as "MM-DD" or "YYYY-MM-DD" whether written in words or
    digits (_numeric_date; a day and month that read both ways as "MM-DD~MM-DD"), times as
    "HH:MM", quantities without a space before the unit, a spelled-out count in digits: "two
    kids" -> "2", "a cat" -> "1", see _counts), then the tense (TENSES). A name runs over the capitalized words after it
    ("New York", "Mr Petrov", "Dr. Weber" are one value each), never across a sentence's
    punctuation; a date over its parts ("Monday, May 29, 2026"). Two facts with the same frame
    and exactly one different value are a changed value (changed_value).
    """
    found = _frame(text)
    return None if found is None else found[:2]


def changed_value(a: str, b: str) -> bool:
    """Whether texts a and b are the same frame with exactly one value different, and not
    opposed (a contradiction says more). A date, time, quantity, spelled-out count or tense is
    a slot wherever it stands ("Take 10mg ..." / "Take 5mg ...", "I own two cars" / "... three
    cars", "I have a cat" / "I had a cat", "I'm going to visit Paris" / "I visited Paris"); a
    date that reads two ways ("03/04/2026") differs only from a date that is neither. Another value
    must stand in a slot that states a value: right after a function word ("expires on #", "is
    #", "moved to #"), or after a noun that follows a function word inside the sentence ("is on
    floor #", "is number #", "in room #"). A number that names the subject ("Invoice 7 is
    paid", "Room 101 is free", "The room 101 is free", "fact 12") or the object of a verb ("I
    paid invoice 7") identifies a different thing, not a changed value of one."""
    fa, fb = _frame(a), _frame(b)
    if fa is None or fb is None or fa[0] != fb[0] or len(fa[1]) != len(fb[1]):
        return False
    differ = [i for i, (x, y) in enumerate(zip(fa[1], fb[1])) if not _same_value(x, y)]
    if len(differ) != 1 or opposed(polarity(normalize(a)), polarity(normalize(b))):
        return False
    if "plain" not in (fa[2][differ[0]], fb[2][differ[0]]):
        return True
    shape = fa[0].split(" ")
    slot = [i for i, t in enumerate(shape) if t == "#"][differ[0]]
    return slot > 0 and (shape[slot - 1] in FUNCTION_WORDS or (
        slot > 2 and shape[slot - 2] in FUNCTION_WORDS and shape[slot - 1] != "#"))


def changed_value_slots(text: str) -> list[tuple[tuple, bool]]:
    """The keys under which text can be a changed value of another (changed_value), one per
    slot that can change: [((frame, slot index, values with that slot blanked), typed), ...];
    [] when the text has no frame; typed: this text holds a date, time, quantity or tense there
    (not a name or a plain number). A slot can change when it is a value slot by changed_value's word
    rule (on the frame alone), or when this text holds a date, time, quantity or tense there
    (such a slot pairs only with another text holding one). changed_value(a, b) is True only
    when a and b have a key in common, so a caller indexing earlier texts by these keys finds
    every candidate in one lookup per slot instead of comparing every pair; changed_value
    itself still decides."""
    found = _frame(text)
    if found is None:
        return []
    shape, values, kinds = found
    words = shape.split(" ")
    holes = [i for i, t in enumerate(words) if t == "#"]
    out = []
    for i in range(len(values)):
        if kinds[i] == "plain":  # the word rule of changed_value
            slot = holes[i]
            if not (slot > 0 and (words[slot - 1] in FUNCTION_WORDS or (
                    slot > 2 and words[slot - 2] in FUNCTION_WORDS and words[slot - 1] != "#"))):
                continue
        out.append(((shape, i, values[:i] + (None,) + values[i + 1:]), kinds[i] != "plain"))
    return out


def _key64(data: str) -> int:
    """A stable signed 64-bit key of a string, for indexes that must not hold text."""
    return int.from_bytes(hashlib.blake2b(data.encode("utf-8"), digest_size=8).digest(), "big", signed=True)


# The fingerprint of every rule that stored columns are computed from; a store whose meta row
# differs recomputes sig, sig_key, polar and frame_key when it is opened (one transaction).
TEXT_RULES_VERSION = hashlib.blake2b(json.dumps([
    "text-rules-5", TERMINATORS, NUMBER_WORDS, sorted(COUNT_BLOCKERS), sorted(DATE_HEADS), sorted(FUNCTION_WORDS), sorted(COPULAS), sorted(NEGATIONS), sorted(WITHDRAWALS),
    list(WITHDRAWAL_PHRASES), sorted(AVERSIONS), list(AVERSION_PHRASES), sorted(LIKES),
    TENSES, IRREGULAR_VERBS, AUXILIARY_TENSES, sorted(PHRASE_HEADS), sorted(TIME_ADVERBS), CALENDAR,
    sorted(AMBIGUOUS_DATE_WORDS), sorted(UNITS), sorted(_SUBJECTS), sorted(_DETERMINERS), sorted(_S_IS),
    sorted(_VERB_ADVERBS), sorted(_CLAUSE_BREAKS), _TAIL_AUXILIARY, _NEUTRAL, sorted(_TITLES),
    unicodedata.unidata_version]).encode(), digest_size=8).hexdigest()


# --- text rules: index terms for recall -------------------------------------------------------

# Scripts written without spaces between words: a run of them is split into overlapping
# character bigrams (and a lone character kept), so "东京" finds "我住在东京。". Korean (Hangul)
# too: it has spaces, but a word carries its particles ("서울에", in Seoul), so "서울" finds it.
_UNSPACED = re.compile("[\u0e00-\u0eff\u1000-\u109f\u1100-\u11ff\u1780-\u17ff\u3040-\u30ff\u3100-\u318f"
                       "\u31f0-\u31ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff\U00020000-\U0003134f]+")
_POSSESSIVE = re.compile(r"(?<=\w)['’]s\b")
INDEX_TERMS_VERSION = (f"terms-8/context-{NEIGHBOURS}-{NEIGHBOUR_SPAN}-dates/words-with-marks-lemma-compounds-dotted-symbols/"
                       "cluster-bigrams-unigrams/blake2b-48/automerge-16/" + unicodedata.unidata_version)


def _split_unspaced(term: str) -> list[str]:
    if not _UNSPACED.search(term):
        return [term]
    out = []
    for part in re.split("(" + _UNSPACED.pattern + ")", term):
        if not part:
            continue
        if _UNSPACED.fullmatch(part):
            out.extend([part] if len(part) == 1 else [part[i:i + 2] for i in range(len(part) - 1)])
        else:
            out.append(part)
    return out


def _pretokenize(text: str) -> str:
    """What the stemming tokenizer reads: the canonical text, casefolded, possessives dropped
    ("my sister's" -> "my sister"), runs of unspaced scripts set apart from other letters (so
    "在Google工作" stems "google" as the query "Google" does)."""
    text = _POSSESSIVE.sub("", canonical(text).casefold())
    return _UNSPACED.sub(lambda m: f" {m.group(0)} ", text) if _UNSPACED.search(text) else text


# A word of the index is a run of letters, digits AND combining marks (Mn, Mc, Me: \w has no
# marks, so a Devanagari or Tamil vowel sign or virama split "दान" into "द", "न", the terms of
# "दिन" too). Marks a script writes optionally are folded off: Latin, Greek and Cyrillic
# diacritics ("café" = "cafe"), Arabic harakat, Hebrew niqqud and cantillation. Every other mark
# (vowel signs, virama, nukta, Thai tone marks) is part of its letter and stays. Marks are told
# by their category character by character (a table of them would be scanned at every import).
_WORD = re.compile(r"[^\W_]+")  # ASCII words: letters and digits


def _is_word_char(c: str) -> bool:
    return c.isalnum() or unicodedata.category(c)[0] == "M"


def _words(text: str) -> list:
    """Runs of letters, digits and combining marks in any script."""
    if text.isascii():
        return _WORD.findall(text)
    out, start = [], None
    for i, c in enumerate(text):
        if _is_word_char(c):
            start = i if start is None else start
        elif start is not None:
            out.append(text[start:i])
            start = None
    if start is not None:
        out.append(text[start:])
    return out


def _clusters(run: str) -> list:
    """A run's characters, each with the marks written on it ("ไม้" -> "ไ", "ม้")."""
    out = []
    for c in run:
        if out and unicodedata.category(c)[0] == "M":
            out[-1] += c
        else:
            out.append(c)
    return out


_OPTIONAL_MARKS = frozenset(c for a, b in ((0x300, 0x36F), (0x1AB0, 0x1AFF), (0x1DC0, 0x1DFF), (0x20D0, 0x20FF),
                                           (0xFE20, 0xFE2F), (0x591, 0x5BD), (0x5BF, 0x5BF), (0x5C1, 0x5C2),
                                           (0x5C4, 0x5C5), (0x5C7, 0x5C7), (0x610, 0x61A), (0x64B, 0x65F),
                                           (0x670, 0x670), (0x6D6, 0x6DC), (0x6DF, 0x6E4), (0x6E7, 0x6E8),
                                           (0x6EA, 0x6ED), (0x8D3, 0x8FF)) for c in range(a, b + 1))


def _fold_marks(chunk: str) -> str:
    """Optional marks off (_OPTIONAL_MARKS: "café" -> "cafe", "ёлка" -> "елка", "مَكْتَبَة" ->
    "مكتبة", "שָׁלוֹם" -> "שלום"), every other mark kept, recomposed (NFC); for words of spaced
    scripts only (unspaced runs keep theirs)."""
    if chunk.isascii():
        return chunk
    out, base = [], ""
    for c in unicodedata.normalize("NFKD", chunk):
        code = ord(c)
        if code not in _OPTIONAL_MARKS or (code == 0x306 and "\u0400" <= base <= "\u04ff"):
            out.append(c)  # the breve makes another Cyrillic letter: "й" is not "и", "ў" not "у"
        if not unicodedata.combining(c):
            base = c
    return unicodedata.normalize("NFC", "".join(out))


@functools.lru_cache(maxsize=1 << 17)  # words repeat (Zipf); a text's new words are few
def _chunk_terms(chunk: str) -> tuple:
    """A whitespace-separated chunk's terms: a run of an unspaced script gives its bigrams and
    its characters (a character with its marks; a one-character query finds it); other text
    its words (letters, digits and marks, optional marks off, stemmed), then a hyphenated or
    dotted compound joined ("e-mail" also gives "email", "node.js" "nodejs"), then each emoji or other symbol character
    (a query for "🍕" finds it)."""
    if _UNSPACED.fullmatch(chunk):
        units = _clusters(chunk)  # a Thai vowel or tone mark stays on its consonant
        if len(units) == 1:
            return (chunk,)
        return tuple(units[i] + units[i + 1] for i in range(len(units) - 1)) + tuple(units)
    folded = _fold_marks(chunk)
    words = _words(folded)
    terms = [_lemma(w) for w in words]
    if len(words) > 1 and _compound(folded.strip(_WORD_EDGE)):
        terms.append(_lemma("".join(words)))
    if not chunk.isascii():
        terms.extend(c for c in chunk if unicodedata.category(c) == "So")
    return tuple(terms)


def _compound(text: str) -> bool:
    """Whether text is words joined by hyphens (e-mail, follow-up, co-op) or by dots between
    words that hold a letter (node.js, socket.io: "nodejs" finds them; "3.11" is a number,
    never "311")."""
    parts = text.split("-")
    if len(parts) > 1 and all(_words(p) == [p] for p in parts):
        return True
    parts = text.split(".")
    return len(parts) > 1 and all(_words(p) == [p] and not p.isdigit() for p in parts)


def index_terms(texts) -> list[list[str]]:
    """Index terms of each text, in order (list[str] -> list[list[str]]): the canonical text
    casefolded, possessive 's dropped, split into words of letters, digits and combining marks
    in any script (symbols are separators: "C++" -> "c", "3.11" -> "3", "11"), optional marks
    removed (Latin accents, Arabic harakat, Hebrew niqqud; vowel signs, virama and nukta stay:
    "दान" and "दिन" are two words), each word reduced by the same crude English stem the
    contradiction test uses (lives/living -> liv), and runs of unspaced scripts (Chinese,
    Japanese, Thai ...) split into bigrams of characters with their marks. Recall
    matches these; the search index stores them only as keyed hashes (see hash_terms)."""
    return [list(_text_terms(text)) if len(text) < 64 else _long_terms(text) for text in texts]


@functools.lru_cache(maxsize=1 << 14)  # attribute names and short texts repeat
def _text_terms(text: str) -> tuple:
    return tuple(_long_terms(text))


def _long_terms(text: str) -> list:
    terms = []
    for chunk in _pretokenize(text).split():
        terms.extend(_chunk_terms(chunk))
    return terms


_HASHES: dict = {}  # key -> {term: hash}: the same words are hashed under the same bucket key again and again


def hash_terms(terms, key: bytes) -> str:
    """Keyed hashes of index terms (a list of str), space-separated (a str): the search index's
    only form of a term on every backend (a second seam hashes a query's phrases with it).
    48-bit BLAKE2b under the bucket's key, in hex. Without the key a hash says nothing about the term; destroying the key is how erased
    words leave the index on SQLite without FTS5 secure-delete. (A collision costs a spurious
    candidate, which recall's row checks drop; 48 bits keep a bucket's vocabulary apart.)"""
    known = _HASHES.get(key)
    if known is None:
        if len(_HASHES) > 1 << 12:  # buckets seen lately; old ones go
            _HASHES.clear()
        known = _HASHES[key] = {}
    hashes = list(map(known.get, terms))
    if None in hashes:
        for i, t in enumerate(terms):
            if hashes[i] is None:
                hashes[i] = known[t] = hashlib.blake2b(t.encode("utf-8"), key=key, digest_size=6).hexdigest()
    return " ".join(hashes)


_MONTH_NAMES = "january february march april may june july august september october november december".split()


# Relative times an event's text may use, as days back from when it was recorded (English; a
# table per language is the way to add others). Months and years go back by calendar unit.
_RELATIVE_DAYS = {"yesterday": 1, "last night": 1, "last week": 7, "the other day": 2, "last weekend": 7,
                  "a few days ago": 3, "two days ago": 2, "a week ago": 7, "two weeks ago": 14}
_RELATIVE_MONTHS = {"last month": 1, "a month ago": 1}
_RELATIVE_YEARS = {"last year": 1, "a year ago": 1}
_RELATIVE = re.compile(r"\b(?:" + "|".join(map(re.escape, sorted(
    {**_RELATIVE_DAYS, **_RELATIVE_MONTHS, **_RELATIVE_YEARS}, key=len, reverse=True))) + r")\b")


def _date_words(recorded_at: str, text: str = "") -> str:
    """The day, month name and year an event was recorded ("8 may 2023"), and the dates its
    relative times name ("yesterday" said on 8 May 2023: "7 may 2023"): a question about "what
    happened in May 2023" finds what was said then. English month names (the questions'
    language of the eval; other languages' names are a table to add)."""
    try:
        day = datetime(int(recorded_at[:4]), int(recorded_at[5:7]), int(recorded_at[8:10]))
    except (ValueError, IndexError):
        return ""
    out = [f"{day.day} {_MONTH_NAMES[day.month - 1]} {day.year}"]
    for phrase in dict.fromkeys(_RELATIVE.findall(text.casefold())):
        if phrase in _RELATIVE_DAYS:
            then = datetime.fromordinal(day.toordinal() - _RELATIVE_DAYS[phrase])
            out.append(f"{then.day} {_MONTH_NAMES[then.month - 1]} {then.year}")
        elif phrase in _RELATIVE_MONTHS:
            month = day.year * 12 + day.month - 1 - _RELATIVE_MONTHS[phrase]
            out.append(f"{_MONTH_NAMES[month % 12]} {month // 12}")
        else:
            out.append(str(day.year - _RELATIVE_YEARS[phrase]))
    return " ".join(out)


# --- provenance rank, rules and policies ---------------------------------------------------------

# Provenance rank, compared left to right; each step is named by the rule it gives. The SQL
# tests and the Python tests of one step are written side by side so they cannot drift.
RANK_STEPS = ("live over import", "user statement over inference", "trusted over unverified")
_RANK_SQL = ("source <> 'import'", "authority = 'user'", "trust = 'trusted'")
_RANK_BITS = (4, 2, 1)
LIVE_USER = 6  # rank bits of a live user statement (live + user statement)
RANK_SQL = " + ".join(f"({test}) * {bit}" for test, bit in zip(_RANK_SQL, _RANK_BITS))


def rank(memory) -> tuple[bool, bool, bool]:
    """Provenance rank of a memory: (live, user statement, trusted); a larger tuple ranks higher.

    Live (source is not import) over import, then a user statement (authority user) over an
    inference, then trusted over unverified: an import never beats a live memory and an
    inference never beats the user (DESIGN.md, "Provenance rank").
    """
    return (memory.source != "import", memory.authority == "user", memory.trust == "trusted")


def rank_bits(memory) -> int:
    """rank() as one int (4: live, 2: user statement, 1: trusted), as RANK_SQL computes it."""
    return sum(bit for ok, bit in zip(rank(memory), _RANK_BITS) if ok)


def rank_step(higher: int, lower: int) -> str:
    """The name of the first rank step on which rank bits `higher` beat `lower`."""
    for bit, step in zip(_RANK_BITS, RANK_STEPS):
        if (higher ^ lower) & bit:
            return step
    raise AssertionError("equal ranks have no deciding step")


RULE_DUPLICATE = "duplicate"
RULE_NEWER = "newer statement"
RULE_NEAR_DUPLICATE = "near duplicate"
RULE_SETTLED_BY_USER = "settled by user"   # store.resolve: the user picked a side
RULE_RELEASED = "released from quarantine"  # gates.release: the user confirmed a held memory
RULE_UPDATE = "update"                      # store.update: a correction by the memory's own provenance
# Every rule a resolution can name (resolutions.rule holds one of these).
RULES = (RULE_DUPLICATE, *RANK_STEPS, RULE_NEWER, RULE_NEAR_DUPLICATE, RULE_SETTLED_BY_USER, RULE_RELEASED,
         RULE_UPDATE)


def rule_for(winner, loser) -> str:
    """The rule the fold gives when `winner` retires `loser` (different norms, winner not lower)."""
    w, l = rank_bits(winner), rank_bits(loser)
    return rank_step(w, l) if w != l else RULE_NEWER


# A ledger entry as the fold reads it (Conflict has every field): the rules need the pair,
# the kind and the id to close it by.
LedgerEntry = collections.namedtuple("LedgerEntry", "id a b opened_clock kind state")


class FoldDecision(collections.namedtuple("FoldDecision", "steps opened closed entries",
                                          defaults=((), (), types.MappingProxyType({})))):
    """What a policy decides for one group: `steps` (kept id, retired id, rule) in decision
    order, `opened` the (a, b) pairs to open as `contradiction` entries (a: the earlier),
    `closed` the (ledger entry id, reason) pairs it settles, and `entries` the group's holding
    entries as the run leaves them ({entry id: LedgerEntry, naming a copy's survivor, or None
    when it closes}). Pure data (a tuple: a fold decides thousands of groups per run):
    consolidate writes it, recall's read-time view reads it, so the two cannot disagree."""

    __slots__ = ()


_NOTHING = FoldDecision(())  # a group left as it is


@dataclass(frozen=True)
class Policy:
    """One attribute policy: what it means to every rule (DESIGN.md, "Attribute policies").

    decide(rows, entries, pending, fresh) is its one pure decision over a group; consolidate.py
    and recall's read-time view both call it, and nothing else branches on a policy.
    per_value: values coexist; only copies of one value fold (many).
    replaces: a later different value retires the earlier (one).
    contradicts: a later different value opens a contradiction on the ledger (immutable).
    older_first: inside an open contradiction, the older value is shown first (show_key).
    gate_defends: GuardGate checks a candidate against the attribute's current values.
    gate_supersedes: GuardGate may retire the old value at write time.
    replays: decide reads `pending` and `fresh` (immutable replays the rows never folded); the
    others decide from the rows and entries alone, so a reader need not fetch the marks.
    """

    name: str
    per_value: bool
    replaces: bool
    contradicts: bool
    older_first: bool
    gate_defends: bool
    gate_supersedes: bool
    replays: bool = False

    def show_key(self, rank_bits: int, clock: int) -> tuple:
        """Sort key of a value to show (ascending: first): the higher provenance rank, then
        the older (older_first) or the newer."""
        return (-rank_bits, clock if self.older_first else -clock)

    def decide(self, rows, entries=(), pending=None, fresh=frozenset()) -> FoldDecision:
        """The policy's decision over one group, a pure function (writes nothing).

        rows: fold rows (id, norm, rank bits, server clock, ...) of one group (user, task,
        attribute), oldest first. entries: the open or zombied ledger entries on those rows
        (LedgerEntry or Conflict; only HOLDING_KINDS count). pending: ids the next run must fold
        (None: every row); fresh: of those, the ones never folded (written since). Returns a
        FoldDecision: the policy's pass (`_once`), repeated over what it leaves while a pass
        still retires a row, so the group is left as no later run would change it (a pass that
        retires a row on an entry frees the entry's other side; a run after it would fold that
        side again). One run and many runs so reach the same state.
        """
        if not entries:  # nothing held: one pass leaves what the next would
            return self._once(rows, (), pending, fresh) if len(rows) > 1 else _NOTHING
        after = {e.id: e for e in _holding(rows, entries)[0]}
        steps, closed, opening, retired = [], [], -1, set()
        for _ in range(len(rows)):  # each further pass retires a row, or none is needed
            once = self._once(rows, [e for e in after.values() if e is not None], pending, fresh)
            by = {r: (k, rule) for k, r, rule in once.steps}
            steps += once.steps
            closed += [c for c in once.closed if c[0] > 0]
            retired.update(by)
            freed = carry_ledger(after, once.steps, {e for e, _ in once.closed}).freed if after else set()
            for a, b in once.opened:
                if a not in retired and b not in retired:  # entries opened here have ids below 0
                    after[opening] = LedgerEntry(opening, a, b, None, "contradiction", "open")
                    opening -= 1
            rows = [r for r in rows if r[0] not in by]
            if not by or len(rows) < 2 or not after:
                break  # with no entry held, a pass leaves what the next would
            pending, fresh = freed, frozenset()  # what a later run would fold: the re-marked sides
        return FoldDecision(steps, [(e.a, e.b) for i, e in after.items() if i < 0 and e is not None], closed,
                            {i: e for i, e in after.items() if i > 0})

    def _once(self, rows, entries, pending, fresh) -> FoldDecision:
        """One pass of the policy over the group (decide's arguments)."""
        raise NotImplementedError

    def stands_for(self, norm: str, kept: list):
        """What recall shows for a hit on a value of a group that the fold does not keep
        (retired, or retired by the next run): for coexisting values (per_value) the kept copy
        of that value, or None when there is none (the caller follows the resolution chain);
        otherwise every value the group keeps (`kept`, a Memory list)."""
        if self.per_value:
            return [m for m in kept if m.norm == norm][:1] or None
        return kept


def settles(r, a, b) -> bool:
    """Whether fold row r (id, norm, rank bits, clock) settles the ledger pair (a, b) under a
    replacing policy: a live user statement after both sides on the server clock (so one run
    and many runs agree) that ranks at least as high as both."""
    return (r[0] not in (a[0], b[0]) and r[2] & LIVE_USER == LIVE_USER
            and r[3] > max(a[3], b[3]) and r[2] >= max(a[2], b[2]))


def _holding(rows, entries):
    """The group's holding entries (HOLDING_KINDS, each once, in the order of the rows they
    touch, then as given) and its rows by id."""
    ids = {r[0]: r for r in rows}
    on = {}
    for e in entries:
        if e.kind in HOLDING_KINDS:
            for side in {e.a, e.b} & ids.keys():
                on.setdefault(side, []).append(e)
    found = {e.id: e for r in rows for e in on.get(r[0], ())}
    return list(found.values()), ids


class LedgerCarry(collections.namedtuple("LedgerCarry", "merged moved closed freed")):
    """What carry_ledger decided, in write order: `merged` (entry id, reason) pairs closed as
    merged; `moved` {entry id: (a, b)}, the final sides of every entry that followed a copy's
    survivor (those that then close too); `closed` (entry id, reason) pairs closed because a
    side was retired, by memory id; `freed` the memory ids those entries held (their sides,
    marked again for the next run)."""

    __slots__ = ()


def carry_ledger(entries, steps, closed=frozenset()) -> LedgerCarry:
    """Carry decisions over to the ledger, a pure function: the one rule by which consolidation
    writes its entries (Transaction.carry_entries, Transaction.move_conflicts) and by which
    Policy.decide, and so recall's read-time view, expects them to be left.

    entries: {entry id: LedgerEntry or None} of the open or zombied entries (None: closed),
    changed in place to the entries as the decisions leave them; steps: (kept id, retired id,
    rule, ...) tuples in decision order; closed: the entry ids the rules closed. In order: the
    closed entries go; a copy (retired by RULE_DUPLICATE or RULE_NEAR_DUPLICATE) that is a side
    of an open holding entry (HOLDING_KINDS) has its open entries, of every kind, follow its
    survivor, copy by copy in decision order and entry by entry in the mapping's order; an
    entry that would then pair the survivor with itself, or repeat a pair another open entry
    of its kind holds, closes as merged; last, every open entry with a retired side closes
    (reason: the lowest such side), freeing both sides. Returns a LedgerCarry.
    """
    for i in closed & entries.keys():
        entries[i] = None
    merged, moved, retired = [], {}, {step[1] for step in steps}
    # Entries by side, kept as they move: a full pass makes a step per copy over the whole ledger.
    order, on = {}, collections.defaultdict(set)
    for n, (i, e) in enumerate(entries.items()):
        order[i] = n
        if e is not None:
            on[e.a].add(i)
            on[e.b].add(i)
    for step in steps:
        kept, gone, rule = step[0], step[1], step[2]
        if gone not in on or rule not in (RULE_DUPLICATE, RULE_NEAR_DUPLICATE) or not any(
                entries[i].kind in HOLDING_KINDS for i in on[gone]):
            continue
        for i in sorted(on.pop(gone), key=order.__getitem__):
            e = entries[i]
            other = e.b if e.a == gone else e.a
            twin = min((o for o in on.get(kept, ()) if o != i and entries[o].kind == e.kind
                        and {entries[o].a, entries[o].b} == {kept, other}), key=order.__getitem__, default=None)
            on[other].discard(i)
            if other == kept or twin is not None:
                entries[i] = None
                merged.append((i, f"merged: memory {gone} folded into memory {kept}"
                               + (f", which entry {twin} already pairs" if twin is not None else "")))
            else:
                entries[i] = e = e._replace(a=kept if e.a == gone else e.a, b=kept if e.b == gone else e.b)
                moved[i] = (e.a, e.b)
                on[e.a].add(i)
                on[e.b].add(i)
    ends, freed = [], set()
    for i, e in entries.items():
        if e is not None and (e.a in retired or e.b in retired):
            entries[i] = None
            ends.append((min(x for x in (e.a, e.b) if x in retired), i))
            freed.update((e.a, e.b))
    return LedgerCarry(merged, moved, [(i, f"memory {m} retired") for m, i in sorted(ends)], freed)


class OnePolicy(Policy):
    """one: the fold of DESIGN.md; a later live user statement settles an entry (settles)."""

    def _once(self, rows, entries, pending, fresh) -> FoldDecision:
        closed, held = [], set()
        if entries:
            holding, ids = _holding(rows, entries)
            for e in sorted(holding, key=lambda e: e.id):
                a, b = ids.get(e.a), ids.get(e.b)
                settlers = [r for r in rows if settles(r, a, b)] if a is not None and b is not None else ()
                if settlers:
                    closed.append((e.id, f"settled by memory {settlers[-1][0]}"))
                else:
                    held.update(x for x in (e.a, e.b) if x in ids)
        return FoldDecision(fold(rows, held)[1] if len(rows) > 1 else [], [], closed)


class ManyPolicy(Policy):
    """many: values coexist; the fold runs per value (norm), so only copies fold."""

    def _once(self, rows, entries, pending, fresh) -> FoldDecision:
        held = set()
        if entries:
            holding, ids = _holding(rows, entries)
            held = {x for e in holding for x in (e.a, e.b) if x in ids}
        by_norm = {}
        for r in rows:
            by_norm.setdefault(r[1], []).append(r)
        return FoldDecision([step for same in by_norm.values() if len(same) > 1 for step in fold(same, held)[1]])


class ImmutablePolicy(Policy):
    """immutable: a later different value does not retire the first; the pair opens a
    contradiction and the earlier value is shown first until the user settles it (a live user
    statement restating one side, or outranking every side). The rows never folded (fresh)
    are replayed, oldest first, against what is live (the group's other current rows and
    their open contradictions), and after each one the ledger is linked as a run right after
    that write would leave it, so consolidating after every write, after any batch, or once
    at the end reach the same current values and open entries."""

    def _once(self, rows, entries, pending, fresh) -> FoldDecision:
        if pending is not None and pending.isdisjoint(r[0] for r in rows):
            return _NOTHING  # folded already: what is stored stands
        return _Replay(self, rows, entries, fresh).run()


class _Replay:
    """One immutable group's replay (ImmutablePolicy.decide)."""

    def __init__(self, policy, rows, entries, fresh):
        self.policy, self.rows, self.fresh = policy, rows, fresh
        self.steps, self.closed = [], []
        holding, self.by_id = _holding(rows, entries)
        self.live = [r for r in rows if r[0] not in fresh]
        # Contested rows are never retired here by another value; contradictions are what this
        # replay manages. Each contest as [a, b], changed as the replay goes (contest_sides).
        self.contests = [[e.a, e.b] for e in holding if e.kind == "contested"]
        self.pairs = {}  # frozenset of two ids -> existing entry id, or None (opened by this decision)
        for e in holding:  # fresh rows too: an import brings its entries with it
            if e.kind == "contradiction":
                self.pairs[frozenset((e.a, e.b))] = e.id

    @property
    def held(self) -> set:
        return {x for sides in self.contests for x in sides}

    def retire(self, kept, retired, rule) -> bool:
        """Record a retirement unless an open contest holds the row against another value. A
        held copy's contest follows its survivor (which it then holds); a contest on a row
        retired by another rule closes at once, so a run that comes after it agrees."""
        if retired[0] in self.held:
            if kept[1] != retired[1]:
                return False
            if rule == RULE_DUPLICATE:
                for sides in self.contests:
                    sides[:] = [kept[0] if x == retired[0] else x for x in sides]
            else:
                self.contests = [sides for sides in self.contests if retired[0] not in sides]
        self.steps.append((kept[0], retired[0], rule))
        return True

    def top(self):
        """The value shown first (Policy.show_key)."""
        return min(self.live, key=lambda v: self.policy.show_key(v[2], v[3]))

    def partners(self, v):
        return [x for x in self.live if x is not v and frozenset((v[0], x[0])) in self.pairs]

    def drop(self, x, kept, rule, settler=None) -> bool:
        """Retire live value x; its contradictions go (closed as settled when a user did it)."""
        if not self.retire(kept, x, rule):
            return False
        self.live.remove(x)
        for key in [k for k in self.pairs if x[0] in k]:
            entry = self.pairs.pop(key)
            if entry is not None and settler is not None:
                self.closed.append((entry, f"settled by memory {settler[0]}"))
        return True

    def restated(self, r, dup):
        """r has the value of live row dup: ranking higher, it replaces dup and arrives in its
        place; otherwise it is a copy, and a live user statement restating one side settles
        that side's contradictions in its favour."""
        if r[2] > dup[2]:
            if self.drop(dup, r, rank_step(r[2], dup[2])):
                self.arrive(r)
            else:
                self.live.append(r)  # the copy is held by a contest: both stay
            return
        self.retire(dup, r, RULE_DUPLICATE)
        if r[2] & LIVE_USER == LIVE_USER:
            for x in self.partners(dup):
                if r[2] >= x[2]:
                    self.drop(x, dup, RULE_NEWER, settler=r)

    def arrive(self, r):
        """A new value: below the top it loses by rank; above it, a user statement settles
        everything (an inference never beats the user) and anything else retires what no
        entry holds; at the same rank it contradicts the top."""
        if not self.live:
            self.live.append(r)
            return
        top = self.top()
        if r[2] < top[2]:
            if not self.retire(top, r, rank_step(top[2], r[2])):
                self.live.append(r)  # held by a contest: it stays, as a run before this one left it
            return
        if r[2] > top[2]:
            user = r[2] & LIVE_USER == LIVE_USER
            for x in list(self.live):
                if user or not self.partners(x):
                    self.drop(x, r, rank_step(r[2], x[2]), settler=r if user else None)
        self.live.append(r)

    def link(self):
        """Each live value other than the one shown first is on the ledger with it, or loses by
        rank when nothing holds it (an entry closed outside a run, by forget or resolve, can
        leave two values unlinked; a higher-ranked newcomer is linked to the values it could
        not retire)."""
        if not self.live:
            return
        top = self.top()
        for x in list(self.live):
            if x is top or frozenset((top[0], x[0])) in self.pairs:
                continue
            if x[2] < top[2] and not self.partners(x) and x[0] not in self.held:
                self.drop(x, top, rank_step(top[2], x[2]))
            else:
                self.pairs[frozenset((top[0], x[0]))] = None

    def run(self) -> FoldDecision:
        self.link()
        for r in self.rows:
            if r[0] in self.fresh:
                dup = next((v for v in self.live if v[1] == r[1]), None)
                if dup is not None:
                    self.restated(r, dup)
                else:
                    self.arrive(r)
                self.link()
        opened = [tuple(sorted(key, key=lambda i: self.by_id[i][3])) for key, entry in self.pairs.items()
                  if entry is None]
        return FoldDecision(self.steps, opened, self.closed)


POLICIES = {
    "one": OnePolicy("one", per_value=False, replaces=True, contradicts=False, older_first=False,
                     gate_defends=True, gate_supersedes=True),
    "many": ManyPolicy("many", per_value=True, replaces=False, contradicts=False, older_first=False,
                       gate_defends=False, gate_supersedes=False),
    "immutable": ImmutablePolicy("immutable", per_value=False, replaces=False, contradicts=True, older_first=True,
                                 gate_defends=True, gate_supersedes=False, replays=True),
}
DEFAULT_POLICY = "one"  # an undeclared attribute (and a fact without one) is single-valued


def show_first(a, b, policy: str = DEFAULT_POLICY):
    """(first, second) of two memories to show when both are returned: the higher provenance
    rank first, then (an older-first policy: immutable) the older, otherwise the newer
    (Policy.show_key)."""
    key = POLICIES[policy].show_key
    return tuple(sorted((a, b), key=lambda m: key(rank_bits(m), m.created_at)))


def fold(rows, held=frozenset()):
    """The left fold of DESIGN.md over one group, a pure function.

    rows: (id, norm, rank bits, clock, ...) tuples in server-clock order. Returns (survivor id,
    steps) where steps are (kept id, retired id, rule) in decision order: a lower rank loses
    (duplicate if the same norm, else the deciding rank step); a higher rank wins; the same rank
    and norm: the newer is a duplicate; the same rank, another norm: the older loses (newer
    statement).

    `held`: ids on open ledger entries (a contradiction or contest). A held row is never
    retired by another value; but a copy is a copy: a later row with the same norm as a held
    row, ranking no higher, is its duplicate (a restatement of one side folds into that side;
    the caller moves the copy's ledger entries to the survivor), and copies of one value that
    the walk leaves side by side (a held row it passed by) fold the same way. consolidate.py and recall's
    read-time view both call this, so a read between cron runs answers as the run will.
    """
    steps, sides, walk = [], {}, []
    for r in rows:
        side = sides.get(r[1])
        if side is not None and r[2] <= side[2]:
            steps.append((side[0], r[0], RULE_DUPLICATE))
            continue
        if r[0] in held and side is None:
            sides[r[1]] = r
        walk.append(r)
    cur = None
    for new in walk:
        if cur is None:
            cur = new
            continue
        rc, rn = cur[2], new[2]
        same = cur[1] == new[1]
        if rn < rc:
            step = (cur[0], new[0], RULE_DUPLICATE if same else rank_step(rc, rn))
        elif rn > rc:
            step = (new[0], cur[0], rank_step(rn, rc))
            cur = new
        elif same:
            step = (cur[0], new[0], RULE_DUPLICATE)
        else:
            step = (new[0], cur[0], RULE_NEWER)
            cur = new
        if same or step[1] not in held:
            steps.append(step)
            if same and step[1] in held and step[2] == RULE_DUPLICATE:
                held = held | {step[0]}  # the copy's entries follow its survivor, which they now hold
    if held:
        # A held row the walk passed by (its cur stood on another value) is still one copy of a
        # value: the copies left of one value fold as the walk would have folded them, so one
        # run and many runs (which meet them in other orders) agree.
        gone = {step[1] for step in steps}
        first = {}
        for r in walk:
            if r[0] in gone:
                continue
            top = first.setdefault(r[1], r)
            if top is r:
                continue
            if r[2] > top[2]:
                steps.append((r[0], top[0], rank_step(r[2], top[2])))
                first[r[1]] = r
                if cur is top:
                    cur = r
            else:
                steps.append((top[0], r[0], RULE_DUPLICATE))
                if cur is r:
                    cur = top
    return (cur[0] if cur else None), steps


# --- rows -------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Memory:
    """One stored memory. `created_at` is the server clock (an int); `recorded_at` UTC ISO 8601.
    `metadata`: the caller's JSON object (a fresh dict per read) or None. `original_source`,
    `original_origin`, `original_authority`: for an imported row, the provenance its export gave
    (shown, never ranked: rank reads `source`, which is "import"); None otherwise."""

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
    metadata: dict | None = field(default=None, hash=False)  # a dict is unhashable; ids identify
    original_source: str | None = None
    original_origin: str | None = None
    original_authority: str | None = None


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
    """An audit row: forget/purge/import as ids and counts; a write a gate refused or held
    (op "rejected" | "quarantined") with its task, gate, origin and a keyed hash of its
    canonical text (`digest`). Never text."""

    id: int
    op: str
    user: str
    ids: tuple
    count: int
    reason: str
    clock: int
    recorded_at: str
    task: str | None = None
    gate: str | None = None
    origin: str | None = None
    digest: str | None = None


# What store.history(id) can say happened to a memory, in server-clock order (HistoryEvent.kind):
#   added       the row was written: by whom (source, authority), from where (origin, authenticated),
#               the gate's decision as the row shows it (trust; decision "accept" for a row stored
#               current, "quarantine" for one held, as its status or its release shows)
#   kept        it stayed and memory `retired` was retired (rule, run; run None: at write time)
#   retired     it lost a resolution to memory `kept` in a consolidation run (rule, run) or by the
#               user settling a ledger entry (rule "settled by user")
#   superseded  a newer write retired it at once (a gate's supersede; rule, kept), or an import
#               carried such a resolution over (run None)
#   updated     store.update corrected it: memory `kept` is the correction (rule "update")
#   released    the user confirmed it out of quarantine: memory `kept` is the released copy
#   contradiction | contested | changed value | cross-scope duplicate
#               a ledger entry naming it was opened (entry, other side, state, reason, resolution)
#   forgotten | purged | imported | rejected | quarantined
#               an audit event names its id (op, ids, count, reason); after erasure only these and
#               closed ledger entries are left: ids and counts, never text
HISTORY_KINDS = ("added", "kept", "retired", "superseded", "updated", "released", *CONFLICT_KINDS,
                 "forgotten", "purged", "imported", "rejected", "quarantined")
_AUDIT_KINDS = {"forget": "forgotten", "purge": "purged", "import": "imported"}  # events.op -> kind


@dataclass(frozen=True)
class HistoryEvent:
    """One thing that happened to memory `memory`, at server clock `clock` (recorded_at: UTC ISO
    8601). `kind` is one of HISTORY_KINDS; the other fields are set where the kind has them
    (None or () otherwise): kept/retired/rule/run for resolutions, entry/other/state/reason for
    ledger entries, op/ids/count/reason for audit events, source/authority/origin/
    authenticated/trust/status/decision for "added"."""

    kind: str
    memory: int
    clock: int
    recorded_at: str
    kept: int | None = None
    retired: int | None = None
    rule: str | None = None
    run: int | None = None
    entry: int | None = None
    other: int | None = None
    state: str | None = None
    reason: str | None = None
    op: str | None = None
    ids: tuple = ()
    count: int | None = None
    source: str | None = None
    authority: str | None = None
    origin: str | None = None
    authenticated: bool | None = None
    trust: str | None = None
    status: str | None = None
    decision: str | None = None


@dataclass(frozen=True)
class Imported:
    """What import_records did: `ids` maps each exported memory id to its id here (new, or the
    row an earlier import of it made); `refused` lists (record number, reason) of records that
    could not be taken; `resolutions` and `entries` count what was carried over; `memories`
    the memory rows written, `policies` the policies set or changed; `already` lists (record
    number, what) of records an earlier import already brought in (not refused, not written).
    `added` is False when nothing was written at all (then not even the clock moved)."""

    ids: dict
    refused: list
    resolutions: int
    entries: int
    memories: int = 0
    policies: int = 0
    already: list = field(default_factory=list)

    @property
    def added(self) -> bool:
        return bool(self.memories or self.resolutions or self.entries or self.policies)


@dataclass(frozen=True)
class Recall:
    """What recall returns: memories best first, notes by memory id, notices for the user."""

    memories: list = field(default_factory=list)
    notes: dict = field(default_factory=dict)
    notices: list = field(default_factory=list)
    # {id: score} of each memory returned, larger is better: -bm25 for the words alone, the fused
    # score (FUSION_WEIGHT) when the store has an embedder; a stand-in carries its hit's score.
    scores: dict = field(default_factory=dict)
    # {id: "lexical" | "vector" | "both"}: which path found the hit a memory stands for.
    paths: dict = field(default_factory=dict)


# --- the storage seam: schema, statements, opening, transactions ------------------------------

def _statements(script: str) -> list[str]:
    """Split a schema script into statements. Whole-line comments (what a table is for) stay in
    the script; a column's trailing comment is kept in the stored CREATE text, so sqlite_master
    documents every column too. No comment in SCHEMA may hold a semicolon."""
    lines = [ln for ln in script.splitlines() if not ln.lstrip().startswith("--")]
    return [s.strip().rstrip(";") for s in "\n".join(lines).split(";\n") if s.strip().rstrip(";")]


def _is_memory_path(path: str) -> bool:
    return path in ("", ":memory:") or path.startswith("file::memory:") or "mode=memory" in path

_TEMPLATES: dict = {}

_TEMPLATES_LOCK = threading.Lock()

def _readonly_query(path: str) -> str:
    """The URI query of a read-only connection that creates no file: with no -wal beside it the
    database file holds every commit, and `immutable` reads it without the -wal and -shm files
    a WAL reader would otherwise create (and, read-only, could never delete); with a -wal (a
    writer is open, or one was killed) a plain read-only connection reads through it."""
    return "mode=ro" if os.path.exists(path + "-wal") else "mode=ro&immutable=1"

def _file_state(path: str):
    """What changes when another process writes `path` (a read-only store re-opens on a change)."""
    try:
        st = os.stat(path)
    except OSError:
        return None
    return st.st_ino, st.st_size, st.st_mtime_ns, os.path.exists(path + "-wal")


_EXPANDED: dict = {}  # (storage class, statement name, slots) -> the expanded text (SQLiteStorage.sql)


class _Slots(dict):
    """Slot values for str.format_map that leave every other slot as it is (for a second pass)."""

    def __missing__(self, key):
        return "{" + key + "}"


class SQLiteStorage:
    """The storage seam over one SQLite file (or ":memory:"): it owns the connection, its
    pragmas, the write transaction, the server clock, every SQL statement (SQL, one table of
    named statements), the search index (FTS5 over keyed hashes of index terms), the vector
    table, erasure and scrub, the schema and its migrations, and the opening and inspection of
    files. MemoryStore keeps the public API and the domain rules and reaches storage only
    through the methods below; consolidate.py and gates.py reach it through MemoryStore and
    Transaction. The contract a second backend implements (adapters/postgres.py, a subclass
    with its own SQL for the same names) is in the module docstring.

    Statements: `SQL` maps a name to one statement with `?` placeholders (PLACEHOLDER); names
    starting with "&" are FRAGMENTS, a condition with its leading AND. A slot `{name}` in a
    statement is expanded by `sql(name, **slots)`: an int n becomes n comma-separated
    placeholders (a variable IN-list: "id IN ({ids})" with ids=3 is "id IN (?, ?, ?)"; the
    caller binds the values in that place); a str starting with "&" the text of that fragment
    (where="&task" adds SQL["&task"], whose own slots are expanded too); a tuple of such names
    the fragments joined; None or () nothing; any other str an identifier or a number from the
    code's own constants (never input). A statement with slots has no other braces.

    Users: every method that reads or writes one user's data takes that user (`user=`: a str),
    so that a backend can route, shard and lock by user. `user=ALL` names a read or write across
    users (users(), a `--all` consolidation, a lookup by memory id whose user is not known
    yet); `user=None` names data of no user (the server clock, meta, declared attribute
    policies, runs, scrub records, the schema).

    Errors: every statement goes through `execute` (or `executemany`), the one place a driver
    error becomes a StoreError subclass (`error`: keyed on sqlite_errorname, never on message
    text), naming the file, what failed and the fix. Rows come back as sqlite3.Row, read by
    name (row["text"]); a statement selecting the memory columns (_M) is decoded by the seam
    itself into Memory objects (`memories`, `each_memory`).
    """

    PLACEHOLDER = "?"
    _M = ("id, user, task, kind, text, norm, attribute, authority, source, origin, authenticated, trust, status, "
          "created_at, recorded_at, metadata, original_source, original_origin, original_authority")  # a Memory
    _C = ("id, user, kind, a, b, run, reason, state, resolution, opened_clock, opened_at, closed_at, "
          "co_recalls")  # a Conflict
    _R = "kept, retired, rule, run, recorded_at"  # a Resolution
    _E = "id, op, user, ids, count, reason, clock, recorded_at, task, gate, origin, digest"  # an Event
    # The current schema, used as is for a fresh file (migrations below exist only for old files).
    # Statements are run one by one inside the creating transaction: executescript() would COMMIT.
    SCHEMA = """
-- Every fact and event ever stored. A row is never rewritten except for its status (the fold
-- retires it), its attribute (an injected attribute_of() keys it) and its derived columns.
CREATE TABLE memories (
    id INTEGER PRIMARY KEY AUTOINCREMENT,  -- stable id, never reused (ids appear in the audit)
    user TEXT NOT NULL,                    -- scope: whose memory; compared exactly
    task TEXT,                             -- scope: NULL = user level, else the task; compared exactly
    kind TEXT NOT NULL CHECK (kind IN ('semantic', 'episodic')),  -- fact (consolidated) or event
    text TEXT NOT NULL,                    -- as given, byte-exact, never rewritten
    norm TEXT NOT NULL CHECK (norm <> ''), -- comparison form (memory.normalize)
    attribute TEXT,                        -- normalized key (diet, home_city), NULL = none
    authority TEXT NOT NULL CHECK (authority IN ('user', 'inferred')),  -- who asserted it
    source TEXT NOT NULL CHECK (source IN ('user', 'tool', 'model', 'import')),  -- channel it came by
    origin TEXT NOT NULL,                  -- chat, email:<sender>, web:<url>, rule:<name> ...
    authenticated INTEGER NOT NULL CHECK (authenticated IN (0, 1)),  -- channel vouches for origin
    trust TEXT NOT NULL CHECK (trust IN ('trusted', 'unverified')),  -- set by the write-gate
    status TEXT NOT NULL CHECK (status IN ('current', 'retired', 'quarantined')),
    sig TEXT,                              -- near-duplicate key of a semantic fact without an
                                           -- attribute (memory.signature); NULL otherwise
    sig_key INTEGER,                       -- 64-bit hash of sig: indexes hold no text
    polar INTEGER,                         -- 1: that fact is negated (memory.polarity), else 0
    frame_key INTEGER,                     -- 64-bit hash of its frame (memory.frame) when it has a
                                           -- value slot: changed values share it
    created_at INTEGER NOT NULL,           -- server clock (clock.now at write); alone decides newer
    recorded_at TEXT NOT NULL,             -- wall clock, UTC ISO 8601 with Z, display only
    fts_bucket INTEGER NOT NULL,           -- index_keys.id whose key hashed its index terms
    metadata TEXT,                         -- the caller's JSON object, canonical (sorted keys, no
                                           -- spaces); NULL = none; never read by the rules
    original_source TEXT,                  -- an imported row: the source, origin and authority its
    original_origin TEXT,                  -- export gave (shown, never ranked); NULL for a row
    original_authority TEXT                -- written here
);
-- The fold reads current semantic facts by family (one user's facts about one attribute at
-- every level; without an attribute, by signature), level by level in server-clock order.
-- Partial, so that an incremental run reads what is current, never a family's history.
CREATE INDEX memories_fold ON memories (user, attribute, sig_key, task, created_at)
    WHERE status = 'current' AND kind = 'semantic';
-- A user's facts without an attribute by frame (changed values) and polarity (possible negated
-- sides): the candidates of the contradiction and changed-value rules, read from the index alone.
CREATE INDEX memories_unattributed ON memories (user, frame_key, polar)
    WHERE attribute IS NULL AND status = 'current' AND kind = 'semantic';
-- Every row of one index-key bucket (a user's rows are in that user's buckets).
CREATE INDEX memories_bucket ON memories (fts_bucket);

-- One key per bucket of a scope level: the search index holds index terms hashed with it.
-- Erasing a memory re-keys its bucket where FTS5 secure-delete is absent, so the deleted words
-- left in old index segments can no longer be matched to anything.
CREATE TABLE index_keys (
    id INTEGER PRIMARY KEY AUTOINCREMENT,  -- bucket id; never reused, so a cached key stays right
    user TEXT NOT NULL,                    -- the scope level the bucket belongs to
    task TEXT,                             -- NULL = user level
    key BLOB NOT NULL,                     -- 32 random bytes (BLAKE2b key of the index terms)
    rows INTEGER NOT NULL DEFAULT 0        -- memories in the bucket; a new one opens at BUCKET_ROWS
);
CREATE INDEX index_keys_scope ON index_keys (user, task);

-- The search index: keyed hashes of index terms (memory.index_terms), rowid = memories.id.
-- Every row is indexed: recall maps a retired hit to the memory that replaced it.
-- context: terms a memory borrows from its neighbours (derived text, erased with them).
CREATE VIRTUAL TABLE memories_fts USING fts5(attribute, text, context, tokenize = 'ascii');

-- What the next run must fold: appended on write (cheaper than an index on every row),
-- emptied by the run; an entry closing, a policy change or a forget adds rows back.
CREATE TABLE pending (
    id INTEGER PRIMARY KEY,                -- a current semantic memory not folded yet
    user TEXT NOT NULL,                    -- its scope and attribute, to find its group
    task TEXT,
    attribute TEXT,
    fresh INTEGER NOT NULL DEFAULT 1       -- 1: written and never folded; 0: re-marked
);

-- One row: the server clock. A counter, not max(created_at): that would go back in time after
-- the newest row is forgotten.
CREATE TABLE clock (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    now INTEGER NOT NULL                   -- last server-clock value handed out
);

-- One row per consolidation run (the newest RUNS_KEPT are kept; ids stay in resolutions).
CREATE TABLE runs (
    id INTEGER PRIMARY KEY,                -- run number
    recorded_at TEXT NOT NULL,             -- UTC ISO 8601
    clock INTEGER,                         -- server clock at the run
    user TEXT,                             -- scope user, NULL = every user
    task TEXT,                             -- scope task as JSON (null / "t1" / "ALL")
    decisions INTEGER                      -- resolutions written by the run
);

-- Why a memory was retired: one row per retirement, in decision order.
CREATE TABLE resolutions (
    id INTEGER PRIMARY KEY,                -- decision order
    retired INTEGER NOT NULL UNIQUE,       -- memory id retired by this decision (once, ever)
    user TEXT NOT NULL,                    -- owner of both memories
    kept INTEGER NOT NULL,                 -- memory id that stayed (or won)
    rule TEXT NOT NULL,                    -- rule name (memory.RULES)
    run INTEGER,                           -- consolidation run, NULL = at write time
    clock INTEGER NOT NULL,                -- server clock of the decision
    recorded_at TEXT NOT NULL              -- UTC ISO 8601
);
CREATE INDEX resolutions_kept ON resolutions (kept);

-- The conflict ledger: pairs the rules could not settle, or bookkeeping between two memories.
CREATE TABLE conflicts (
    id INTEGER PRIMARY KEY AUTOINCREMENT,  -- stable entry id, never reused
    user TEXT NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN ('contradiction', 'contested', 'cross-scope duplicate',
                                       'changed value')),  -- memory.CONFLICT_KINDS
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
);
CREATE INDEX conflicts_a ON conflicts (a);
CREATE INDEX conflicts_b ON conflicts (b);
CREATE INDEX conflicts_user ON conflicts (user, state);

-- Declared attribute policies (memory.POLICIES); an undeclared attribute is "one".
CREATE TABLE attributes (
    attribute TEXT PRIMARY KEY,            -- normalized attribute
    policy TEXT NOT NULL CHECK (policy IN ('one', 'many', 'immutable'))
);

-- The audit: what forget and purge deleted and what import added, as ids and counts, and the
-- writes a gate refused or held, as a keyed hash; never text.
CREATE TABLE events (
    id INTEGER PRIMARY KEY,
    op TEXT NOT NULL,                      -- forget | purge | import | rejected | quarantined
    user TEXT NOT NULL,                    -- whose memories
    ids TEXT NOT NULL,                     -- JSON list of memory ids (never text)
    count INTEGER NOT NULL,                -- memories deleted (or imported)
    reason TEXT NOT NULL,
    clock INTEGER NOT NULL,                -- server clock
    recorded_at TEXT NOT NULL,             -- UTC ISO 8601
    task TEXT,                             -- a refused write's scope task (NULL: user level)
    gate TEXT,                             -- the gate that refused or held it
    origin TEXT,                           -- where the refused write came from
    digest TEXT                            -- keyed hash of its canonical text (never the text)
);
-- A user's audit rows by kind: erasing a held memory clears its digest without a table scan.
CREATE INDEX events_user ON events (user, op);

-- Vectors of an injected embedder (MemoryStore(embed=...)), one per memory: derived from the
-- text, erased with it. The embedder's name and dimension are in meta.
CREATE TABLE vectors (
    id INTEGER PRIMARY KEY,                -- memories.id
    user TEXT NOT NULL,                    -- its scope level, to load one level's index
    task TEXT,                             -- NULL = user level
    vec BLOB NOT NULL                      -- the vector's encoding (see MemoryStore's embed)
);
CREATE INDEX vectors_scope ON vectors (user, task);

-- Erasures committed but not yet checkpointed out of the -wal file: the next open, erasure or
-- scrub() finishes them (a kill between the commit and the checkpoint loses nothing).
CREATE TABLE scrubs (
    id INTEGER PRIMARY KEY,
    clock INTEGER NOT NULL,                -- server clock of the erasure
    recorded_at TEXT NOT NULL              -- UTC ISO 8601
);

-- Fingerprints of the rules stored columns were computed with (text_rules, index_terms) and
-- the index's options (fts_secure_delete); a mismatch is repaired when the store opens.
CREATE TABLE meta (
    key TEXT PRIMARY KEY,
    value TEXT NOT NULL
) WITHOUT ROWID;
"""
    STATEMENTS = _statements(SCHEMA)  # the script, one statement each (run one by one: executescript commits)

    # name -> statement; "&name": a fragment appended through a slot (see the class docstring).
    SQL = {
        # -- the connection and its transactions (pragmas are set outside any transaction) --
        "connection.has_fts5": "SELECT sqlite_compileoption_used('ENABLE_FTS5')",
        "connection.journal_mode": "PRAGMA journal_mode",
        "connection.wal": "PRAGMA journal_mode=WAL",
        "connection.synchronous": "PRAGMA synchronous=NORMAL",
        "connection.wal_autocheckpoint": f"PRAGMA wal_autocheckpoint={WAL_AUTOCHECKPOINT_PAGES:d}",
        "connection.cache_size": f"PRAGMA cache_size=-{CACHE_KIB:d}",
        "connection.mmap_size": f"PRAGMA mmap_size={MMAP_BYTES:d}",
        "connection.foreign_keys": "PRAGMA foreign_keys=ON",
        "connection.secure_delete": "PRAGMA secure_delete=ON",  # deleted rows are zeroed in the file, not unlinked
        # A new file is private until linked (_create_file): no journal and no sync while it is built;
        # the header write that switches it to WAL then syncs the whole file once.
        "connection.no_journal": "PRAGMA journal_mode=OFF",
        "connection.no_sync": "PRAGMA synchronous=OFF",
        "connection.full_sync": "PRAGMA synchronous=FULL",
        # IMMEDIATE takes the write lock before the first read (never SQLITE_BUSY_SNAPSHOT half way).
        "transaction.write": "BEGIN IMMEDIATE",
        "transaction.read": "BEGIN",
        "transaction.commit": "COMMIT",
        "transaction.rollback": "ROLLBACK",
        "schema.application_id": "PRAGMA application_id",
        "schema.tables": "SELECT name FROM sqlite_master WHERE type = 'table'",
        "schema.set_application_id": f"PRAGMA application_id = {APPLICATION_ID:d}",
        "schema.set_current_version": f"PRAGMA user_version = {SCHEMA_VERSION:d}",
        "clock.start": "INSERT INTO clock (id, now) VALUES (1, 0)",
        # bm25 weights of the index's own rank: attribute 2, text 1 (a query naming the attribute ranks
        # its facts first), context (borrowed from neighbours) half; recall gives BM25_WEIGHTS itself.
        "fts.rank": "INSERT INTO memories_fts (memories_fts, rank) VALUES ('rank', 'bm25(2.0, 1.0, 0.5)')",
        # An agent's write is a few rows; merging index segments inside it made one turn in 50 take
        # 10 ms. Segments merge FTS_AUTOMERGE at a time, and consolidation merges a bounded amount after
        # each cron run (MemoryStore.maintain), off the agent's path.
        "fts.automerge": f"INSERT INTO memories_fts (memories_fts, rank) VALUES ('automerge', {FTS_AUTOMERGE:d})",
        "fts.secure_delete": "INSERT INTO memories_fts (memories_fts, rank) VALUES ('secure-delete', 1)",

        # -- fragments: conditions a statement's {where} slot appends --
        "&id": "AND id = ?",
        "&id_pair": "AND id IN (?, ?)",
        "&user": "AND user = ?",
        "&task": "AND task IS ?",
        "&status": "AND status = ?",
        "&attribute": "AND attribute = ?",
        "&unattributed": "AND attribute IS NULL",
        # A user's rows (or one level's) through their index-key buckets: an index seek, not a scan.
        "&in_user_buckets": "AND fts_bucket IN (SELECT id FROM index_keys WHERE user = ?)",
        "&in_level_buckets": "AND fts_bucket IN (SELECT id FROM index_keys WHERE user = ? AND task IS ?)",

        # -- memories --
        "memories.insert": (
            "INSERT INTO memories (user, task, kind, text, norm, attribute, authority, source, origin, "
            "authenticated, trust, status, sig, sig_key, polar, frame_key, created_at, recorded_at, fts_bucket, "
            "metadata, original_source, original_origin, original_authority) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"),
        "memories.by_ids": f"SELECT {_M} FROM memories WHERE id IN ({{ids}}) {{where}} ORDER BY id",
        "memories.set_attribute": ("UPDATE memories SET attribute = ?, sig = NULL, sig_key = NULL, polar = NULL, "
                                   "frame_key = NULL WHERE id = ?"),
        "memories.bucket_and_text": "SELECT fts_bucket, text FROM memories WHERE id = ?",
        "memories.of_bucket": "SELECT id, attribute, text, kind FROM memories WHERE fts_bucket = ?",
        "memories.move_bucket": "UPDATE memories SET fts_bucket = ? WHERE fts_bucket = ?",
        "memories.buckets": "SELECT id, fts_bucket FROM memories WHERE id IN ({ids})",
        "memories.bucket_counts": ("SELECT fts_bucket, count(*) AS count FROM memories WHERE id IN ({ids}) "
                                   "GROUP BY fts_bucket"),
        "memories.distinct_buckets": "SELECT DISTINCT fts_bucket FROM memories WHERE id IN ({ids})",
        "memories.retire": "UPDATE memories SET status = 'retired' WHERE id = ?",
        "memories.delete": "DELETE FROM memories WHERE id IN ({ids})",
        # Forgetting a keeper must not let what it beat become current again: what it retired, transitively.
        "memories.with_retired": (
            "WITH RECURSIVE gone(id) AS (SELECT id FROM memories WHERE TRUE {where} UNION "
            "SELECT r.retired FROM resolutions r JOIN gone ON r.kept = gone.id) SELECT id FROM gone ORDER BY id"),
        # Episodic memories of an id window (a thread's neighbours, see NEIGHBOURS).
        "memories.thread_window": ("SELECT id, user, task, origin, text, recorded_at FROM memories "
                                   "WHERE id BETWEEN ? AND ? AND kind = 'episodic' AND status = 'current' ORDER BY id"),

        # -- the search index (FTS5: rowid = memories.id; columns of keyed hashes of index terms) --
        "fts.insert": "INSERT INTO memories_fts (rowid, attribute, text, context) VALUES (?, ?, ?, ?)",
        "fts.update_all": "UPDATE memories_fts SET attribute = ?, text = ?, context = ? WHERE rowid = ?",
        "fts.update": "UPDATE memories_fts SET attribute = ?, text = ? WHERE rowid = ?",
        "fts.update_context": "UPDATE memories_fts SET context = ? WHERE rowid = ?",
        "fts.delete": "DELETE FROM memories_fts WHERE rowid IN ({ids})",
        "index_keys.newest_of_every_level": ("SELECT id, user, task, rows FROM index_keys WHERE id IN "
                                             "(SELECT max(id) FROM index_keys GROUP BY user, task)"),
        "index_keys.newest": "SELECT id, rows FROM index_keys WHERE user = ? AND task IS ? ORDER BY id DESC LIMIT 1",
        "index_keys.open": "INSERT INTO index_keys (user, task, key, rows) VALUES (?, ?, ?, ?) RETURNING id",
        "index_keys.add_rows": "UPDATE index_keys SET rows = rows + ? WHERE id = ?",
        "index_keys.remove_rows": "UPDATE index_keys SET rows = rows - ? WHERE id = ? RETURNING rows",
        "index_keys.keys": "SELECT id, key FROM index_keys WHERE id IN ({ids})",
        "index_keys.by_id": "SELECT user, task, rows FROM index_keys WHERE id = ?",
        "index_keys.delete": "DELETE FROM index_keys WHERE id = ?",

        # -- vectors --
        "vectors.insert": "INSERT INTO vectors (id, user, task, vec) VALUES (?, ?, ?, ?)",
        "vectors.delete": "DELETE FROM vectors WHERE id IN ({ids})",

        # -- the fold's pending list --
        "pending.add": "INSERT INTO pending (id, user, task, attribute) VALUES (?, ?, ?, ?)",
        # Re-mark current semantic facts for the next run ({where}: which).
        "pending.again": ("INSERT OR IGNORE INTO pending (id, user, task, attribute, fresh) SELECT id, user, task, "
                          "attribute, 0 FROM memories WHERE status = 'current' AND kind = 'semantic' {where}"),
        "pending.set_attribute": "UPDATE pending SET attribute = ? WHERE id = ?",
        "pending.delete": "DELETE FROM pending WHERE id IN ({ids})",

        # -- resolutions, the ledger, runs --
        "resolutions.add": ("INSERT INTO resolutions (kept, retired, rule, user, run, clock, recorded_at) "
                            "VALUES (?, ?, ?, ?, ?, ?, ?)"),
        "resolutions.delete_touching": "DELETE FROM resolutions WHERE kept IN ({ids}) OR retired IN ({ids})",
        "conflicts.open": ("INSERT INTO conflicts (user, kind, a, b, run, reason, state, opened_clock, opened_at) "
                           "VALUES (?, ?, ?, ?, ?, ?, 'open', ?, ?)"),
        "conflicts.unresolved_pair": (f"SELECT {_C} FROM conflicts WHERE a = ? AND b = ? AND kind = ? "
                                      "AND state <> 'resolved'"),
        "conflicts.touching": "SELECT id, a, b FROM conflicts WHERE state IN ({states}) AND (a IN ({ids}) OR b IN ({ids}))",
        "conflicts.close": "UPDATE conflicts SET state = 'resolved', resolution = ?, closed_at = ? WHERE id = ?",
        "conflicts.zombify": "UPDATE conflicts SET state = 'zombied', resolution = ? WHERE id = ?",
        "conflicts.live_of": "SELECT id, kind, a, b FROM conflicts WHERE state IN ('open', 'zombied') AND (a = ? OR b = ?)",
        "conflicts.delete_touching": "DELETE FROM conflicts WHERE a IN ({ids}) OR b IN ({ids})",

        # -- the audit, scrub records, meta --
        "events.add": "INSERT INTO events (op, user, ids, count, reason, clock, recorded_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
        "events.add_refused": ("INSERT INTO events (op, user, ids, count, reason, clock, recorded_at, task, gate, "
                               "origin, digest) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"),
        # A held memory's audit row keeps its time, gate and reason; its digest goes with the memory.
        "events.forget_held_digests": (
            "UPDATE events SET digest = NULL WHERE user = ? AND op = 'quarantined' AND digest IS NOT NULL "
            "AND EXISTS (SELECT 1 FROM json_each(events.ids) WHERE value IN ({ids}))"),
        "events.forget_digests": "UPDATE events SET digest = NULL WHERE user = ? AND digest IS NOT NULL {where}",
        "scrubs.add": "INSERT INTO scrubs (clock, recorded_at) VALUES (?, ?)",
        "meta.get": "SELECT value FROM meta WHERE key = ?",
        "meta.add": "INSERT INTO meta (key, value) VALUES (?, ?)",

        # -- the server clock --
        "clock.tick": "UPDATE clock SET now = now + ? WHERE id = 1 RETURNING now",
        "sequence.last": "SELECT seq FROM sqlite_sequence WHERE name = ?",
        "schema.version": "PRAGMA user_version",
        # {version}: an int the caller formats (a PRAGMA binds no parameter).
        "schema.set_version": "PRAGMA user_version = {version}",
        "meta.all": "SELECT key, value FROM meta",
        "meta.set": "INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)",
        "meta.add_missing": "INSERT OR IGNORE INTO meta (key, value) VALUES (?, ?)",
        "scrubs.any": "SELECT 1 FROM scrubs LIMIT 1",
        "scrubs.clear": "DELETE FROM scrubs",
        "wal.checkpoint_truncate": "PRAGMA wal_checkpoint(TRUNCATE)",
        "wal.checkpoint_passive": "PRAGMA wal_checkpoint(PASSIVE)",
        "fts.merge": "INSERT INTO memories_fts (memories_fts, rank) VALUES ('merge', ?)",
        "memories.by_id": f"SELECT {_M} FROM memories WHERE id = ?",
        "memories.user": "SELECT user FROM memories WHERE id = ?",
        "memories.status": "SELECT status FROM memories WHERE id = ?",
        "attributes.all": "SELECT attribute, policy FROM attributes ORDER BY attribute",
        "attributes.policy": "SELECT policy FROM attributes WHERE attribute = ?",
        "attributes.declare": ("INSERT INTO attributes (attribute, policy) VALUES (?, ?) "
                               "ON CONFLICT (attribute) DO UPDATE SET policy = excluded.policy"),
        "conflicts.by_id": f"SELECT {_C} FROM conflicts WHERE id = ?",
        "conflicts.delete_of_user": "DELETE FROM conflicts WHERE user = ?",
        "index_keys.users": "SELECT DISTINCT user FROM index_keys ORDER BY user",
        "index_keys.tasks": "SELECT DISTINCT task FROM index_keys WHERE user = ?",
        # One group of the fold: a user's current facts about an attribute at one level, oldest first.
        "memories.group": (f"SELECT {_M} FROM memories WHERE user = ? AND attribute = ? AND task IS ? "
                           "AND status = 'current' AND kind = 'semantic' ORDER BY created_at"),
        "memories.kept_over": f"SELECT {_M} FROM memories WHERE id = (SELECT kept FROM resolutions WHERE retired = ?)",
        "conflicts.live_holding_touching": (
            "SELECT id, a, b, opened_clock, kind, state FROM conflicts WHERE state IN ('open', 'zombied') AND "
            "kind IN ({kinds}) AND (a IN ({ids}) OR b IN ({ids})) ORDER BY id"),
        "pending.marks": "SELECT id, fresh FROM pending WHERE id IN ({ids})",
        # The keys of the buckets a recall at (user, task) reads: the user level's and the task's.
        "index_keys.level_keys": "SELECT key FROM index_keys WHERE user = ? AND (task IS NULL OR task = ?)",
        # bm25 weights per column (BM25_WEIGHTS): negative, the more negative the better.
        "fts.search": ("SELECT rowid AS id, bm25(memories_fts, %r, %r, %r) AS score FROM memories_fts "
                       "WHERE memories_fts MATCH ? ORDER BY score" % BM25_WEIGHTS),
        "vectors.level_stamp": "SELECT count(*) AS count, max(id) AS newest FROM vectors WHERE user = ? AND task IS ?",
        "vectors.count_after": "SELECT count(*) FROM vectors WHERE user = ? AND task IS ? AND id > ?",
        "vectors.of_level": "SELECT id, vec FROM vectors WHERE user = ? AND task IS ? AND id > ? ORDER BY id",
        # A level's rows through its index-key buckets (memories has no (user, task) index; memories_bucket
        # serves these), and those of them written without the embedder: they lack a vector.
        "memories.level_count": ("SELECT count(*) FROM memories WHERE fts_bucket IN "
                                 "(SELECT id FROM index_keys WHERE user = ? AND task IS ?)"),
        "memories.level_unembedded": ("SELECT id, text FROM memories m WHERE fts_bucket IN "
                                      "(SELECT id FROM index_keys WHERE user = ? AND task IS ?) "
                                      "AND NOT EXISTS (SELECT 1 FROM vectors v WHERE v.id = m.id) ORDER BY id"),
        # Only while the row is still there with that text and has no vector: an erasure committed
        # between the read and this write leaves no vector behind.
        "vectors.fill": ("INSERT INTO vectors (id, user, task, vec) SELECT id, user, task, ? FROM memories m "
                         "WHERE id = ? AND text = ? AND NOT EXISTS (SELECT 1 FROM vectors v WHERE v.id = m.id)"),
        # Near duplicates of a fact still current, and whether each is a trusted live user statement.
        "memories.restatements": (
            "SELECT created_at, source <> 'import' AND authority = 'user' AND trust = 'trusted' AS settles "
            "FROM memories WHERE user = ? AND attribute IS NULL AND sig_key = (SELECT sig_key FROM memories "
            "WHERE id = ?) AND task IS ? AND kind = 'semantic' AND status = 'current'"),
        "conflicts.open_contested_entries": (f"SELECT {_C} FROM conflicts WHERE user = ? AND state = 'open' AND "
                                             "kind = 'contested'"),
        "conflicts.open_noted_touching": (f"SELECT {_C} FROM conflicts WHERE state = 'open' AND kind IN "
                                          "('contradiction', 'changed value') AND (a IN ({ids}) OR b IN ({ids})) "
                                          "ORDER BY id"),
        "conflicts.open_holding_touching": ("SELECT a, b, kind FROM conflicts WHERE state = 'open' AND kind IN "
                                            "('contradiction', 'contested') AND (a IN ({ids}) OR b IN ({ids}))"),
        "conflicts.count_co_recall": "UPDATE conflicts SET co_recalls = co_recalls + 1, last_co_recall = ? WHERE id = ?",
        "events.held_reason": ("SELECT reason, gate FROM events WHERE op = 'quarantined' AND user = ? AND EXISTS "
                               "(SELECT 1 FROM json_each(events.ids) WHERE value = ?) ORDER BY id DESC LIMIT 1"),
        "connection.data_version": "PRAGMA data_version",
        "connection.busy_timeout": "PRAGMA busy_timeout = {ms}",
        # An exported record imported before (any status): its level's rows, through their buckets.
        "memories.imported_record": (
            "SELECT id FROM memories WHERE fts_bucket IN (SELECT id FROM index_keys WHERE user = ? AND task IS ?) "
            "AND source = 'import' AND text = ? AND attribute IS ? AND kind = ? "
            "AND ((origin = ? AND original_source IS ?) OR (origin = ? AND original_source IS NULL)) LIMIT 1"),
        "memories.imported_item": (
            "SELECT id FROM memories WHERE fts_bucket IN (SELECT id FROM index_keys WHERE user = ? AND task IS ?) "
            "AND source = 'import' AND origin = ? AND original_source IS ? AND text = ? LIMIT 1"),
        "resolutions.same": "SELECT 1 FROM resolutions WHERE retired = ? AND kept = ? AND rule = ?",
        "resolutions.of_retired": "SELECT 1 FROM resolutions WHERE retired = ?",
        "conflicts.same": "SELECT 1 FROM conflicts WHERE kind = ? AND state = ? AND a = ? AND b = ?",
        "conflicts.import": ("INSERT INTO conflicts (user, kind, a, b, run, reason, state, resolution, opened_clock, "
                             "opened_at, closed_at) VALUES (?, ?, ?, ?, NULL, ?, ?, ?, ?, ?, ?)"),
        "index_keys.of_user": "SELECT id FROM index_keys WHERE user = ? {where}",
        "&state": "AND state = ?",
        "&kinds": "AND kind IN ({kinds})",
        "&refused": "AND op IN ({ops})",
        "&not_refused": "AND op NOT IN ({ops})",
        "memories.current_facts": (f"SELECT {_M} FROM memories WHERE user = ? {{where}} AND status = 'current' "
                                   "AND kind = 'semantic' ORDER BY created_at"),
        # A user's rows bucket by bucket (memories_bucket): a large user never needs one huge statement.
        "memories.of_user_bucket": (f"SELECT {_M} FROM memories INDEXED BY memories_bucket WHERE fts_bucket = ? "
                                    "AND user = ? {where}"),
        "memories.export": f"SELECT {_M} FROM memories WHERE TRUE {{where}} ORDER BY created_at",
        "resolutions.of_user": f"SELECT {_R} FROM resolutions WHERE user = ? ORDER BY clock, id",
        "resolutions.touching": f"SELECT {_R}, clock FROM resolutions WHERE kept = ? OR retired = ?",
        "resolutions.export": f"SELECT {_R} FROM resolutions WHERE TRUE {{where}} ORDER BY id",
        "conflicts.open_contested": "SELECT b FROM conflicts WHERE user = ? AND kind = 'contested' AND state = 'open'",
        "conflicts.touching_one": f"SELECT {_C} FROM conflicts WHERE a = ? OR b = ?",
        "conflicts.of_user": f"SELECT {_C} FROM conflicts WHERE user = ? {{where}} ORDER BY id",
        "conflicts.export": f"SELECT {_C} FROM conflicts WHERE TRUE {{where}} ORDER BY id",
        "events.all": f"SELECT {_E} FROM events WHERE TRUE {{where}} ORDER BY clock, id",
        # json_each finds the id inside the audit's id list without a LIKE on text.
        "events.naming": (f"SELECT {_E} FROM events "
                          "WHERE EXISTS (SELECT 1 FROM json_each(events.ids) WHERE value = ?)"),
        "fts.drop": "DROP TABLE IF EXISTS memories_fts",
        "memories.unbucket": "UPDATE memories SET fts_bucket = 0",
        "memories.set_bucket": "UPDATE memories SET fts_bucket = ? WHERE id = ?",
        "memories.index_page": ("SELECT id, user, task, attribute, text, kind FROM memories WHERE id > ? "
                                "ORDER BY id LIMIT 10000"),
        "memories.unattributed_facts": ("SELECT id, text, norm, attribute, kind FROM memories "
                                        "WHERE attribute IS NULL AND kind = 'semantic'"),
        "memories.set_derived": "UPDATE memories SET sig = ?, sig_key = ?, polar = ?, frame_key = ? WHERE id = ?",
        "index_keys.delete_all": "DELETE FROM index_keys",
    }

    # Migrations of old files, each with its version bump in one BEGIN IMMEDIATE: statements (str)
    # or a function taking the connection. Versions 1 to 3 are kept as those releases wrote them.
    MIGRATIONS = {
        2: [
            """CREATE TABLE memories_v2 (
                id INTEGER PRIMARY KEY AUTOINCREMENT, user TEXT NOT NULL, task TEXT,
                kind TEXT NOT NULL CHECK (kind IN ('semantic', 'episodic')), text TEXT NOT NULL,
                norm TEXT NOT NULL CHECK (norm <> ''), attribute TEXT,
                authority TEXT NOT NULL CHECK (authority IN ('user', 'inferred')),
                source TEXT NOT NULL CHECK (source IN ('user', 'tool', 'import')), origin TEXT NOT NULL,
                authenticated INTEGER NOT NULL CHECK (authenticated IN (0, 1)),
                trust TEXT NOT NULL CHECK (trust IN ('trusted', 'unverified')),
                status TEXT NOT NULL CHECK (status IN ('current', 'retired', 'quarantined')),
                sig TEXT, created_at INTEGER NOT NULL, recorded_at TEXT NOT NULL,
                fts_scope TEXT GENERATED ALWAYS AS (CASE WHEN task IS NULL THEN 'l' || hex(user)
                    ELSE 't' || hex(user) || 'x' || hex(task) END) VIRTUAL)""",
            # Legacy rows: a user-sourced row was said by the user over their own channel (authority
            # user, authenticated, trusted); anything else is an unauthenticated, unverified inference.
            """INSERT INTO memories_v2 (id, user, task, kind, text, norm, attribute, authority, source,
                                        origin, authenticated, trust, status, created_at, recorded_at)
               SELECT id, user, task, kind, text, norm, attribute,
                      CASE source WHEN 'user' THEN 'user' ELSE 'inferred' END, source, origin,
                      source = 'user', CASE source WHEN 'user' THEN 'trusted' ELSE 'unverified' END,
                      status, created_at, recorded_at
               FROM memories ORDER BY id""",
            "DROP TABLE memories",
            "ALTER TABLE memories_v2 RENAME TO memories",
            """CREATE TABLE pending (id INTEGER PRIMARY KEY, user TEXT NOT NULL, task TEXT, attribute TEXT,
                fresh INTEGER NOT NULL DEFAULT 1)""",
            "CREATE TABLE clock (id INTEGER PRIMARY KEY CHECK (id = 1), now INTEGER NOT NULL)",
            "INSERT INTO clock (id, now) SELECT 1, COALESCE(MAX(created_at), 0) FROM memories",
            """INSERT INTO pending (id, user, task, attribute) SELECT id, user, task, attribute FROM memories
               WHERE status = 'current' AND kind = 'semantic'""",
            "ALTER TABLE runs ADD COLUMN clock INTEGER",
            "ALTER TABLE runs ADD COLUMN user TEXT",
            "ALTER TABLE runs ADD COLUMN task TEXT",
            "ALTER TABLE runs ADD COLUMN decisions INTEGER",
            """CREATE TABLE resolutions (retired INTEGER PRIMARY KEY, user TEXT NOT NULL, kept INTEGER NOT NULL,
                rule TEXT NOT NULL, run INTEGER, clock INTEGER NOT NULL, recorded_at TEXT NOT NULL)""",
            """CREATE TABLE conflicts (id INTEGER PRIMARY KEY AUTOINCREMENT, user TEXT NOT NULL,
                kind TEXT NOT NULL CHECK (kind IN ('contradiction', 'contested', 'cross-scope duplicate')),
                a INTEGER NOT NULL, b INTEGER NOT NULL, run INTEGER, reason TEXT NOT NULL,
                state TEXT NOT NULL CHECK (state IN ('open', 'resolved', 'zombied')), resolution TEXT,
                opened_clock INTEGER NOT NULL, opened_at TEXT NOT NULL, closed_at TEXT,
                co_recalls INTEGER NOT NULL DEFAULT 0, last_co_recall TEXT)""",
            """CREATE TABLE attributes (attribute TEXT PRIMARY KEY,
                policy TEXT NOT NULL CHECK (policy IN ('one', 'many', 'immutable')))""",
            """CREATE TABLE events (id INTEGER PRIMARY KEY, op TEXT NOT NULL, user TEXT NOT NULL,
                ids TEXT NOT NULL, count INTEGER NOT NULL, reason TEXT NOT NULL, clock INTEGER NOT NULL,
                recorded_at TEXT NOT NULL)""",
            """CREATE VIRTUAL TABLE memories_fts USING fts5(fts_scope, attribute, text, content='memories',
                content_rowid='id', tokenize='porter unicode61 remove_diacritics 2')""",
        ],
        3: [
            # Resolutions in decision order (what version 3 changed that version 4 still has).
            """CREATE TABLE resolutions_v3 (id INTEGER PRIMARY KEY, retired INTEGER NOT NULL UNIQUE,
                user TEXT NOT NULL, kept INTEGER NOT NULL, rule TEXT NOT NULL, run INTEGER,
                clock INTEGER NOT NULL, recorded_at TEXT NOT NULL)""",
            """INSERT INTO resolutions_v3 (retired, user, kept, rule, run, clock, recorded_at)
               SELECT retired, user, kept, rule, run, clock, recorded_at FROM resolutions ORDER BY clock, retired""",
            "DROP TABLE resolutions",
            "ALTER TABLE resolutions_v3 RENAME TO resolutions",
        ],
        4: "_migrate_to_4",  # a function below: rows move into the SCHEMA tables, then get their index
        5: "_migrate_to_5",  # a version 4 file: memories and events rebuilt, vectors added, index rebuilt
    }
    # Every table a version 1-3 file can hold that version 4 rebuilds from (moved aside, then dropped).
    _V3_DATA = ("memories", "runs", "pending", "clock", "resolutions", "conflicts", "attributes", "events")


    def _migrate_to_4(self, store) -> int:
        """Version 3 -> 4: move every table aside, create SCHEMA, copy rows back (derived columns
        computed here), drop the old tables and the old FTS index, then index every row with new keys.
        The result dumps equal to a fresh file holding the same rows (test_store checks it)."""
        seq = self._execute("SELECT seq FROM sqlite_sequence WHERE name = 'memories'").fetchone()
        cseq = self._execute("SELECT seq FROM sqlite_sequence WHERE name = 'conflicts'").fetchone()
        for old in ("memories_fts_insert", "memories_fts_delete", "memories_fts_update"):
            self._execute(f"DROP TRIGGER IF EXISTS {old}")
        self._execute("DROP TABLE IF EXISTS memories_fts")
        for table in self._V3_DATA:
            self._execute(f"ALTER TABLE {table} RENAME TO old_{table}")
        for index in [r[0] for r in self._execute("SELECT name FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL")]:
            self._execute(f"DROP INDEX {index}")
        for statement in _SCHEMA_STATEMENTS:
            self._execute(statement)
        # Old rows go into bucket 0 first; _reindex below gives them real buckets and keys.
        self._execute("""INSERT INTO memories (id, user, task, kind, text, norm, attribute, authority, source,
                            origin, authenticated, trust, status, created_at, recorded_at, fts_bucket)
                        SELECT id, user, task, kind, text, norm, attribute, authority, source, origin,
                               authenticated, trust, status, created_at, recorded_at, 0
                        FROM old_memories ORDER BY id""")
        self._execute("INSERT INTO runs SELECT id, recorded_at, clock, user, task, decisions FROM old_runs ORDER BY id")
        self._execute("INSERT INTO pending SELECT id, user, task, attribute, fresh FROM old_pending ORDER BY id")
        self._execute("INSERT INTO clock SELECT id, now FROM old_clock")
        self._execute("INSERT INTO resolutions (id, retired, user, kept, rule, run, clock, recorded_at) "
                     "SELECT id, retired, user, kept, rule, run, clock, recorded_at FROM old_resolutions ORDER BY id")
        self._execute("INSERT INTO conflicts SELECT * FROM old_conflicts ORDER BY id")
        self._execute("INSERT INTO attributes SELECT * FROM old_attributes")
        self._execute(f"INSERT INTO events ({self._V4_EVENT_COLUMNS}) SELECT {self._V4_EVENT_COLUMNS} FROM old_events ORDER BY id")
        for table in self._V3_DATA:
            self._execute(f"DROP TABLE old_{table}")
        # Ids are never reused: the counters continue where the old tables left them.
        self._execute("DELETE FROM sqlite_sequence WHERE name IN ('memories', 'conflicts')")
        self._executemany("INSERT INTO sqlite_sequence (name, seq) VALUES (?, ?)",
                         [(name, found[0]) for name, found in (("memories", seq), ("conflicts", cseq)) if found])
        self._execute(f"PRAGMA application_id = {APPLICATION_ID:d}")
        store._repair_derived(self, force=True)
        return SCHEMA_VERSION  # it built the current SCHEMA: no later step applies


    _V4_EVENT_COLUMNS = "id, op, user, ids, count, reason, clock, recorded_at"
    _V4_MEMORY_COLUMNS = ("id, user, task, kind, text, norm, attribute, authority, source, origin, authenticated, "
                          "trust, status, sig, sig_key, polar, frame_key, created_at, recorded_at, fts_bucket")


    def _migrate_to_5(self, store) -> None:
        """Version 4 -> 5: memories (a wider source CHECK, metadata, original provenance) and events
        (refused writes) are rebuilt from SCHEMA with their rows, vectors is created, and the search
        index is rebuilt with its third column. Ids and counters are kept; the result dumps equal to
        a fresh file holding the same rows (test_store checks it)."""
        seq = self._execute("SELECT seq FROM sqlite_sequence WHERE name = 'memories'").fetchone()
        for index in ("memories_fold", "memories_unattributed", "memories_bucket"):
            self._execute(f"DROP INDEX {index}")
        for table in ("memories", "events"):
            self._execute(f"ALTER TABLE {table} RENAME TO old_{table}")
        for statement in _SCHEMA_STATEMENTS:
            if statement.split("(")[0].split()[-1] in ("memories", "events", "vectors"):  # tables, indexes ON them
                self._execute(statement)
        self._execute(f"INSERT INTO memories ({self._V4_MEMORY_COLUMNS}) SELECT {self._V4_MEMORY_COLUMNS} FROM old_memories "
                     "ORDER BY id")
        self._execute(f"INSERT INTO events ({self._V4_EVENT_COLUMNS}) SELECT {self._V4_EVENT_COLUMNS} FROM old_events ORDER BY id")
        self._execute("DROP TABLE old_memories")
        self._execute("DROP TABLE old_events")
        self._execute("DELETE FROM sqlite_sequence WHERE name = 'memories'")
        if seq:  # ids are never reused: the counter continues where the old table left it
            self._execute("INSERT INTO sqlite_sequence (name, seq) VALUES ('memories', ?)", (seq[0],))
        store._reindex(self, secure=self.meta().get("fts_secure_delete") == "1")

    def __init__(self, path: str = ":memory:", *, timeout: float = 5.0, create=None, module=None,
                 secure: bool = False, readonly: str | None = None, conn=None, state: str | None = None):
        """Open `path` (see _open: the file is inspected, and refused when it is not ours,
        before anything in it changes; a missing one is created whole) or wrap an already open
        connection `conn` (a dry run's private copy). `module`: the DB-API module (sqlite3 or
        pysqlite3.dbapi2); `readonly`: the URI query of a read-only connection; `secure`: a new
        file's search index uses FTS5 secure-delete. `state` is then "new", "existing" or
        "memory" (what MemoryStore's setup does next)."""
        self.path = path
        self.module = sqlite3 if module is None else module
        self.Error = self.module.Error
        self.Row = getattr(self.module, "Row", sqlite3.Row)
        self.timeout = float(timeout)
        self.action = None  # what the open transaction does, for error messages ("writing", "reading")
        if conn is None:
            conn, state = SQLiteStorage._open(path, self.timeout, create=create, module=self.module, secure=secure,
                                readonly=readonly)
        self.conn, self.state = conn, state
        self.in_memory = state == "memory"  # nothing reaches a file: no checkpoint, no scrub of files

    def close(self) -> None:
        """Close the connection; safe to call twice."""
        conn, self.conn = self.conn, None
        if conn is not None:
            conn.close()

    # -- statements --

    def sql(self, name: str, **slots) -> str:
        """The text of statement `name` with its slots expanded (see the class docstring); the
        slots of a fragment are expanded too."""
        if not slots:
            return self.SQL[name]
        key = (type(self), name, *slots.items())  # a call site passes its slots in one order
        text = _EXPANDED.get(key)
        if text is None:
            text = self._expand(name, slots)
            if len(_EXPANDED) < 8192:  # IN-lists of every length up to a chunk: a bounded set
                _EXPANDED[key] = text
        return text

    def _expand(self, name: str, slots: dict) -> str:
        text = self.SQL[name]
        fragments, counts = _Slots(), _Slots()
        for slot, value in slots.items():
            if isinstance(value, int) and not isinstance(value, bool):
                if value < 1:
                    raise ValueError(f"{name}: slot {slot} needs at least one placeholder, got {value}")
                counts[slot] = ", ".join([self.PLACEHOLDER] * value)
            elif value is None or value == ():
                fragments[slot] = ""
            elif isinstance(value, str) and not value.startswith("&"):
                if not (value.isidentifier() or value.isdigit()):  # from the code's constants, never input
                    raise ValueError(f"{name}: slot {slot} is not an identifier: {value!r}")
                counts[slot] = value
            elif isinstance(value, str):
                fragments[slot] = self.SQL[value]
            else:
                fragments[slot] = " ".join(self.SQL[v] for v in value)
        return text.format_map(fragments).format_map(counts)

    # What each SQLite error means for the caller, keyed on its name (never on message text).
    ERRORS = {
        "SQLITE_BUSY": (LockedError, "the database is locked by another connection; retry, or raise timeout= "
                                     "(seconds to wait)"),
        "SQLITE_LOCKED": (LockedError, "a table is locked by another statement of this connection; retry"),
        "SQLITE_READONLY": (ReadOnlyError, "the file (or its directory, for the -wal and -shm files) is "
                                           "read-only for this process; check its permissions, or read it with "
                                           "MemoryStore(path, readonly=True)"),
        "SQLITE_CANTOPEN": (StoreError, "the file cannot be opened; check the path and that its directory "
                                        "exists and is writable"),
        "SQLITE_FULL": (StoreError, "the disk is full; free space and retry (nothing was written)"),
        "SQLITE_IOERR": (StoreError, "a disk I/O error occurred; check the disk"),
        "SQLITE_CORRUPT": (SchemaError, "the file is damaged (run PRAGMA integrity_check; restore a backup)"),
        "SQLITE_NOTADB": (SchemaError, "the file is not an SQLite database"),
        "SQLITE_CONSTRAINT": (StoreError, "a constraint of the schema was violated"),
    }

    @staticmethod
    def translate(exc: Exception, path: str, action: str) -> StoreError:
        """The one translation point: sqlite3.Error -> StoreError naming the file, what failed and
        the fix, chosen by the error's name (sqlite_errorname, else its primary code)."""
        name = getattr(exc, "sqlite_errorname", None) or ""
        base = name.split("_")[0] + "_" + name.split("_")[1] if name.count("_") >= 1 else name
        if not name:  # a DB-API module without sqlite_errorname: the primary result code decides
            code = getattr(exc, "sqlite_errorcode", None)
            base = {5: "SQLITE_BUSY", 6: "SQLITE_LOCKED", 8: "SQLITE_READONLY", 14: "SQLITE_CANTOPEN",
                    13: "SQLITE_FULL", 10: "SQLITE_IOERR", 11: "SQLITE_CORRUPT", 26: "SQLITE_NOTADB",
                    19: "SQLITE_CONSTRAINT"}.get((code or 0) & 0xFF, "")
        cls, fix = SQLiteStorage.ERRORS.get(base, (StoreError, None))
        detail = f"{exc}" + (f" [{name}]" if name else "")
        return cls(f"{path}: {action} failed: {detail}" + (f"; {fix}" if fix else ""))

    def error(self, exc: Exception, action: str | None = None) -> "StoreError":
        """The one translation point: a driver error -> the StoreError subclass its name means
        (ERRORS), naming the file, what failed (`action`, else the open transaction's) and
        the fix."""
        return self.translate(exc, self.path, action or self.action or "reading")

    def execute(self, name: str, args=(), *, user, **slots):
        """Run statement `name` (slots expanded, `args` bound) and return its cursor, whose rows
        are sqlite3.Row. `user`: whose data it touches (see the class docstring; the SQLite
        backend needs no routing, a PostgreSQL one may). Raises the StoreError that `error`
        makes of a driver error."""
        return self._execute(self.SQL[name] if not slots else self.sql(name, **slots), args)

    def _execute(self, text: str, args=(), named: bool = True):
        """The one call of the driver's execute: statement text from SQL (or the schema's own
        stored text), errors translated; rows by name unless `named` is False (the seam's own
        decoding of the columns it selected, `memories`)."""
        conn = self.conn
        if conn is None:
            raise StoreError("the store is closed")
        try:
            cur = conn.execute(text, args)
        except self.Error as exc:
            raise self.error(exc) from exc
        if named:
            cur.row_factory = self.Row
        return cur

    def each_memory(self, name: str, args=(), *, user, **slots):
        """Yield the Memory of each row of statement `name`, read lazily; the statement selects
        the memory columns (_M), which this seam decodes in their order (_memory_of)."""
        cur = self._execute(self.SQL[name] if not slots else self.sql(name, **slots), args, named=False)
        try:
            yield from map(_memory_of, cur)
        except self.Error as exc:
            raise self.error(exc) from exc

    def memories(self, name: str, args=(), *, user, **slots) -> list:
        """The Memory of every row of statement `name` (see each_memory), as a list."""
        return list(self.each_memory(name, args, user=user, **slots))

    def executemany(self, name: str, seq, *, user, **slots):
        """Run statement `name` once per args tuple of `seq` (one call to the driver)."""
        return self._executemany(self.SQL[name] if not slots else self.sql(name, **slots), seq)

    def _executemany(self, text: str, seq):
        conn = self.conn
        if conn is None:
            raise StoreError("the store is closed")
        try:
            return conn.executemany(text, seq)
        except self.Error as exc:
            raise self.error(exc) from exc

    def rows(self, name: str, args=(), *, user, **slots) -> list:
        """Every row of statement `name`, as a list of sqlite3.Row."""
        cur = self.execute(name, args, user=user, **slots)
        try:
            return cur.fetchall()
        except self.Error as exc:
            raise self.error(exc) from exc

    def one(self, name: str, args=(), *, user, **slots):
        """The first row of statement `name` (sqlite3.Row), or None."""
        cur = self.execute(name, args, user=user, **slots)
        try:
            return cur.fetchone()
        except self.Error as exc:
            raise self.error(exc) from exc

    def value(self, name: str, args=(), *, user, default=None, **slots):
        """The first column of the first row of statement `name`, or `default` without a row."""
        cur = self.execute(name, args, user=user, **slots)
        try:
            row = cur.fetchone()
        except self.Error as exc:
            raise self.error(exc) from exc
        return default if row is None else row[0]

    def column(self, name: str, args=(), *, user, **slots) -> list:
        """The first column of every row of statement `name`."""
        return [r[0] for r in self.rows(name, args, user=user, **slots)]

    # -- transactions and the server clock --

    @contextmanager
    def write(self, *, dry_run: bool = False):
        """The write transaction: BEGIN IMMEDIATE (the write lock before the first read, so a
        read-then-write never fails half way with SQLITE_BUSY_SNAPSHOT), yield, COMMIT; any
        exception rolls back (only if a transaction is still active: SQLite may already have
        rolled back) and a driver error becomes its StoreError. dry_run=True rolls back at the
        end instead. The caller serializes threads (MemoryStore's lock)."""
        conn = self.conn
        if conn is None:
            raise StoreError("the store is closed")
        try:
            conn.execute(self.SQL["transaction.write"])
        except self.Error as exc:
            raise self.error(exc, "starting a write") from exc
        outer, self.action = self.action, "writing"
        try:
            yield self
            conn.execute(self.SQL["transaction.rollback" if dry_run else "transaction.commit"])
        except BaseException as exc:
            if conn.in_transaction:
                try:
                    conn.execute(self.SQL["transaction.rollback"])
                except self.Error:
                    pass  # the error that stopped the write is the one to report
            if isinstance(exc, self.Error):
                raise self.error(exc, "writing") from exc
            raise
        finally:
            self.action = outer

    @contextmanager
    def read(self, action: str = "reading"):
        """A read transaction: every statement inside sees one snapshot (BEGIN ... COMMIT).
        `action` names it in error messages."""
        conn = self.conn
        if conn is None:
            raise StoreError("the store is closed")
        outer, self.action = self.action, action
        try:
            try:
                conn.execute(self.SQL["transaction.read"])
                try:
                    yield self
                finally:
                    if conn.in_transaction:
                        conn.execute(self.SQL["transaction.commit"])
            except self.Error as exc:
                raise self.error(exc, action) from exc
        finally:
            self.action = outer

    def tick(self, n: int = 1) -> int:
        """Advance the server clock by n (inside the write); return the first new value. The
        clock is a counter of the store, never the wall clock: it alone orders writes."""
        return self.value("clock.tick", (n,), user=None) - n + 1

    def last_id(self, table: str) -> int:
        """The last id handed out in `table` ("memories" or "conflicts"; 0 before the first):
        under the write lock the next rows get the ids that follow, one by one."""
        return self.value("sequence.last", (table,), user=None, default=0)

    # -- the schema: version, creation, migrations, meta --

    def schema_version(self) -> int:
        """The schema version of the open file (PRAGMA user_version; 0: no schema yet)."""
        return self.value("schema.version", user=None)

    def meta(self) -> dict:
        """The meta table: {key: value} (rule fingerprints, index options, the embedder)."""
        return {r["key"]: r["value"] for r in self.rows("meta.all", user=None)}

    def set_meta(self, key: str, value: str) -> None:
        """Set one meta entry (inside the caller's write)."""
        self.execute("meta.set", (key, value), user=None)

    def has_scrubs(self) -> bool:
        """Whether an erasure is committed but not yet scrubbed from the files."""
        return self.one("scrubs.any", user=None) is not None

    def create(self, secure: bool) -> None:
        """Create the current schema in an empty database, inside the caller's write."""
        self._create_schema(self.conn, secure)

    def copy_template(self, secure: bool) -> None:
        """Fill a private in-memory database with a fresh schema: a backup() copy of a ready-made
        one (0.1 ms, not 3)."""
        try:
            self._template(self.module, secure).backup(self.conn)
        except self.Error as exc:
            raise self.error(exc, "creating the schema") from exc

    def migrate(self, store, version: int) -> int:
        """Apply migration `version` (from version - 1) and its version bump, inside the caller's
        write; returns the version reached (a step may reach the current one at once)."""
        step, reached = self.MIGRATIONS[version], None
        if isinstance(step, str):
            reached = getattr(self, step)(store)
        else:
            for statement in step:
                self._execute(statement)
        reached = reached or version
        self.execute("schema.set_version", user=None, version=str(int(reached)))
        return reached

    @staticmethod
    def _index_options(conn, secure: bool) -> None:
        S = SQLiteStorage.SQL
        conn.execute(S["fts.rank"])
        conn.execute(S["fts.automerge"])
        if secure:
            conn.execute(S["fts.secure_delete"])

    def recreate_index(self, secure: bool) -> None:
        """A fresh, empty search index (the old one's pages are freed and zeroed) with its
        options, and no index-key bucket: every memory must be indexed again (inside the
        caller's write)."""
        fts = next(s for s in _SCHEMA_STATEMENTS if s.startswith("CREATE VIRTUAL TABLE memories_fts"))
        self.execute("fts.drop", user=ALL)
        self._execute(fts)
        try:
            self._index_options(self.conn, secure)
        except self.Error as exc:
            raise self.error(exc) from exc
        self.execute("memories.unbucket", user=ALL)
        self.execute("index_keys.delete_all", user=ALL)

    # -- erasure's files, housekeeping, copies --

    def checkpoint(self, *, truncate: bool = True) -> bool:
        """Copy the WAL into the database file: truncate=True waits for no reader and then empties
        the -wal file (what makes erased text leave the files: its pages are already zeroed by
        secure_delete); False is PASSIVE (what readers allow, never waiting). True when the
        checkpoint completed (always for an in-memory database); False when a reader kept
        the WAL busy."""
        if self.in_memory:
            return True
        outer, self.action = self.action, "checkpointing"
        try:
            row = self.one("wal.checkpoint_truncate" if truncate else "wal.checkpoint_passive", user=ALL)
        finally:
            self.action = outer
        return not row[0]

    def search(self, user: str, task, phrases):
        """The search index's hits for `phrases` (lists of index terms, memory.index_terms) in
        the levels a recall at (user, task) reads (the user level, and the task's): a cursor
        of rows ("id", "score"), best first, to read lazily (fetchmany). Each phrase is hashed
        with every bucket key of those levels (a memory's terms are hashed with its bucket's
        key); the phrases are ORed. score: bm25 (BM25_WEIGHTS over attribute, text, context),
        negative, the more negative the better; only its ratio to the best is used. None when
        there are no phrases or the levels hold no memory."""
        keys = self.column("index_keys.level_keys", (user, task), user=user)
        if not phrases or not keys:
            return None
        terms = " OR ".join(dict.fromkeys(f'"{hash_terms(p, key)}"' for key in keys for p in phrases))
        return self._execute(self.SQL["fts.search"], ("{attribute text context} : (" + terms + ")",), named=False)

    def data_version(self) -> int:
        """A number that changes when another connection commits (PRAGMA data_version): with
        this connection's own commit count, whether a cached index is stale."""
        return self.value("connection.data_version", user=None)

    @contextmanager
    def nowait(self, action: str):
        """A block whose write never waits for another connection's write lock (busy timeout
        0: LockedError at once), for bookkeeping that must never block a read. `action` names
        it in error messages."""
        outer, self.action = self.action, action
        try:
            self.execute("connection.busy_timeout", user=None, ms="0")
            try:
                yield
            finally:
                self.execute("connection.busy_timeout", user=None, ms=str(int(self.timeout * 1000)))
        finally:
            self.action = outer

    def merge_index(self, pages: int) -> None:
        """Merge at most `pages` pages of search-index segments (FTS5 'merge', inside the caller's
        write; never 'optimize', which corrupts the index on SQLite 3.40 while other connections
        write)."""
        self.execute("fts.merge", (pages,), user=ALL)

    def backup(self, target: str) -> None:
        """Copy the database to a new file `target` with SQLite's online backup API: a consistent,
        page-for-page copy taken while other connections keep writing."""
        try:
            dest = self.module.connect(target)
            try:
                self.conn.backup(dest)
            finally:
                dest.close()
        except self.Error as exc:
            raise SQLiteStorage.translate(exc, target, "backing up") from exc

    def private_copy(self) -> "SQLiteStorage":
        """A private in-memory copy of the database (a read-only store's dry run: memory follows
        the file's size), as a storage of its own; close it when done."""
        copy = self.module.connect(":memory:", isolation_level=None, check_same_thread=False)
        try:
            self.conn.backup(copy)
            copy.execute(self.SQL["connection.foreign_keys"])
        except self.Error as exc:
            copy.close()
            raise self.error(exc, "copying for a dry run") from exc
        return SQLiteStorage(self.path, timeout=self.timeout, module=self.module, conn=copy, state="memory")

    @staticmethod
    def _open(path: str, timeout: float, *, create, module, secure: bool = False, readonly: str | None = None):
        """The one place a connection is opened: inspect the file (refuse what is not ours before
        anything changes; a missing file is made whole in one step, _create_file), connect, then set
        pragmas outside any transaction. Returns (connection, "new" | "existing" | "memory")."""
        if module.sqlite_version_info < MIN_SQLITE:
            raise StoreError(f"SQLite {'.'.join(map(str, MIN_SQLITE))} or newer is required; "
                             f"this Python has {module.sqlite_version}")
        query = readonly  # readonly: the URI query of a read-only connection (_readonly_query)
        inspect, S = SQLiteStorage._inspect, SQLiteStorage.SQL
        state = ("memory" if _is_memory_path(path) else
                 inspect(path, timeout, False, module, query) if readonly else inspect(path, timeout, create, module))
        if state == "new" and not path.startswith("file:") and not os.path.exists(path):
            try:  # made here, or by another process or thread first: then it is inspected like any file
                made = SQLiteStorage._create_file(path, module, secure)
                state = "existing" if made else inspect(path, timeout, create, module)
            except OSError:
                pass  # no hard links here: the schema is created in place, under the write lock
        try:
            # One connection shared by threads, serialized by the store's lock (MemoryStore._lock).
            conn = module.connect(pathlib.Path(os.path.abspath(path)).as_uri() + "?" + query if readonly else path,
                                  timeout=timeout, isolation_level=None, check_same_thread=False,
                                  uri=readonly or path.startswith("file:"))
        except module.Error as exc:
            raise SQLiteStorage.translate(exc, path, "opening") from exc
        try:
            if not conn.execute(S["connection.has_fts5"]).fetchone()[0]:
                raise StoreError("this SQLite build has no FTS5; recall needs it")
            if state != "memory" and not readonly and conn.execute(S["connection.journal_mode"]).fetchone()[0] != "wal":
                conn.execute(S["connection.wal"])
            for pragma in ("connection.synchronous", "connection.wal_autocheckpoint", "connection.cache_size",
                           "connection.mmap_size", "connection.foreign_keys", "connection.secure_delete"):
                conn.execute(S[pragma])
            return conn, state
        except module.Error as exc:
            conn.close()
            raise SQLiteStorage.translate(exc, path, "setting up the connection") from exc
        except BaseException:
            conn.close()
            raise

    @staticmethod
    def _inspect(path: str, timeout: float, create, module, query: str = "mode=ro") -> str:
        """Decide, before anything in the file can change, whether `path` is ours: "new" (to be
        created), or "existing" (a memory store of this or an older version). Reads the header and
        the schema through a read-only SQLite connection (URI `query`); refuses anything else with
        SchemaError (StoreError for a missing file when create=False)."""
        if os.path.isdir(path):
            raise StoreError(f"{path}: is a directory, not a database file")
        if not os.path.exists(path):
            if create is False:
                raise StoreError(f"{path}: no such database file (or not a file); create a store with "
                                 "MemoryStore(path) first")
            return "new"
        # Never open() the file, its -wal or -shm from Python: closing any descriptor of a file drops
        # every POSIX advisory lock the process holds on it, an open connection's included (SQLite,
        # "How To Corrupt An SQLite Database File", section 2.2); another process then takes the
        # file for its own, checkpoints and deletes the WAL under that connection. SQLite's
        # connections in one process share their locks, so the header is read through SQLite.
        try:
            size = os.path.getsize(path)
        except OSError as exc:
            raise StoreError(f"{path}: cannot read the file: {exc}; check its permissions") from exc
        if not size:
            if create is True:
                return "new"
            raise SchemaError(f"{path}: an empty file is not a memory database; refusing to touch it "
                              "(MemoryStore(path, create=True) makes it one)")
        try:
            ro = module.connect(pathlib.Path(os.path.abspath(path)).as_uri() + "?" + query, uri=True,
                                timeout=timeout)
            try:
                S = SQLiteStorage.SQL
                version = ro.execute(S["schema.version"]).fetchone()[0]
                app = ro.execute(S["schema.application_id"]).fetchone()[0]
                names = {r[0] for r in ro.execute(S["schema.tables"])}
            finally:
                ro.close()
        except module.Error as exc:
            if (getattr(exc, "sqlite_errorcode", 0) or 0) & 0xFF == 26:  # SQLITE_NOTADB: no SQLite header
                raise SchemaError(f"{path}: not an SQLite database, so not a memory database; refusing to "
                                  "touch it") from None
            raise SQLiteStorage.translate(exc, path, "reading the schema") from exc
        if version > SCHEMA_VERSION:
            raise SchemaError(f"{path}: schema version {version} is newer than the {SCHEMA_VERSION} this "
                              "module supports; refusing to touch it")
        tables = {n for n in names if not n.startswith(("sqlite_", "memories_fts_"))}
        if app == APPLICATION_ID and version >= 4:
            return "existing"
        if app == 0 and tables == _LEGACY_TABLES.get(version):
            return "existing"
        if app == 0 and version == 0 and not names:
            if create is True:
                return "new"
            raise SchemaError(f"{path}: an empty SQLite database is not a memory database; refusing to "
                              "touch it (MemoryStore(path, create=True) makes it one)")
        if version == 0 and app == 0:
            raise SchemaError(f"{path}: has tables but no schema version; not a memory database; refusing "
                              "to touch it")
        raise SchemaError(f"{path}: not a memory database (application_id {app}, user_version {version}, "
                          f"tables {', '.join(sorted(tables)) or 'none'}); refusing to touch it")

    @staticmethod
    def _create_file(path: str, module, secure: bool) -> bool:
        """Make a missing `path` a complete store in one step, so that no process ever sees it half
        made: the schema is written to a private file beside it (in WAL mode, checkpointed and
        closed), which is then hard-linked to `path` (link never replaces a file) and unlinked.
        Returns True when this call made `path`, False when another process or thread made it
        first. Raises OSError where the file system has no hard links (the caller then creates the
        schema in place, as before) and StoreError when the private file cannot be written."""
        tmp = f"{path}.new-{os.getpid()}-{threading.get_ident()}-{os.urandom(4).hex()}"
        try:
            try:
                conn = module.connect(tmp, isolation_level=None)
                try:
                    # Private until linked: no journal and no sync while it is built; the header write
                    # that switches it to WAL then syncs the whole file once.
                    S = SQLiteStorage.SQL
                    conn.execute(S["connection.no_journal"])
                    conn.execute(S["connection.no_sync"])
                    SQLiteStorage._template(module, secure).backup(conn)
                    conn.execute(S["connection.full_sync"])
                    conn.execute(S["connection.wal"])  # recorded in the header: no writer changes it later
                finally:
                    conn.close()  # the last connection checkpoints and deletes tmp's -wal and -shm
            except module.Error as exc:
                raise SQLiteStorage.translate(exc, path, "creating the store") from exc
            try:
                os.link(tmp, path)
            except FileExistsError:
                return False
            return True
        finally:
            for suffix in ("", "-journal", "-wal", "-shm"):
                try:
                    os.unlink(tmp + suffix)
                except FileNotFoundError:
                    pass

    @staticmethod
    def _create_schema(conn, secure: bool) -> None:
        """Create SCHEMA in an empty database, inside the caller's transaction (or none, for the
        in-memory template)."""
        for statement in _SCHEMA_STATEMENTS:
            conn.execute(statement)
        S = SQLiteStorage.SQL
        conn.execute(S["clock.start"])
        SQLiteStorage._index_options(conn, secure)
        conn.executemany(S["meta.add"],
                         (("text_rules", TEXT_RULES_VERSION), ("index_terms", INDEX_TERMS_VERSION),
                          ("fts_secure_delete", "1" if secure else "0")))
        conn.execute(S["schema.set_application_id"])
        conn.execute(S["schema.set_current_version"])

    @staticmethod
    def _template(module, secure: bool):
        """An in-memory database holding a fresh schema, built once per (SQLite module, option):
        a new in-memory store is a backup() copy of it."""
        key = (id(module), secure)
        with _TEMPLATES_LOCK:
            if key not in _TEMPLATES:
                conn = module.connect(":memory:", isolation_level=None, check_same_thread=False)
                SQLiteStorage._create_schema(conn, secure)
                _TEMPLATES[key] = conn
            return _TEMPLATES[key]


    # --- consolidation: what consolidate.py reads and writes ---------------------------------
    # Every statement a consolidation run makes on memory's tables, and the methods consolidate
    # calls for them (through MemoryStore.transaction(): Transaction.storage). Each takes the
    # run's user: a user id (Scope(user)), or ALL for a run over every user (Scope(ALL), the
    # cron `--all` pass), which is one cross-user pass rather than a loop over users: it reads
    # every current fact once in rowid order and writes one run (one run id, one Report, one
    # transaction), where a loop would make one scan or family read per user (thousands at 1M
    # facts). A backend that locks by user takes every user's lock for it (fold_lock).
    # Fold rows are plain tuples in the order FOLD_FIELDS names (what Policy.decide reads),
    # not Rows: a full pass reads one per current fact, and sqlite3.Row costs 70% more to fetch.
    FOLD_FIELDS = ("id", "norm", "rank", "clock", "user", "task", "attribute", "sig", "frame_key")
    _FOLD_COLUMNS = f"m.id, m.norm, {RANK_SQL} AS rank, m.created_at, m.user, m.task, m.attribute, m.sig, m.frame_key"
    _CURRENT_M = "m.status = 'current' AND m.kind = 'semantic'"
    # Temp tables of keys a run reads by (CROSS JOIN makes SQLite seek the index once per key;
    # a row-value IN list, or a plain join without statistics, scans it): name -> columns.
    _FOLD_TEMP = {"fold_keys": ("user TEXT NOT NULL", "attribute TEXT"),
                  "fold_users": ("user TEXT PRIMARY KEY", "positive INT", "negated INT"),
                  "fold_sigs": ("user TEXT", "sig_key INT", "PRIMARY KEY (user, sig_key)"),
                  "fold_frames": ("user TEXT", "frame_key INT", "PRIMARY KEY (user, frame_key)"),
                  "fold_ids": ("id INTEGER PRIMARY KEY",),
                  "ledger_ids": ("id INTEGER PRIMARY KEY",)}
    # Statements on a scope (Scope(user, task)) are in the table once per shape of the scope,
    # named NAME, NAME@user, NAME@task and NAME@user@task: the statement with the scope's
    # conditions appended (user, then task, bound in that order). Named in full rather than
    # expanded through a slot at every call: a one-user run makes about fifty statements, and
    # the expansion cost a tenth of such a run. name -> (statement with {by_user} and
    # {by_task}, the user condition, the task condition or None when the statement has none).
    _FOLD_SCOPED = {
        "fold.pending": ("SELECT id, fresh FROM pending WHERE 1 {by_user} {by_task}", "AND user = ?",
                         "AND task IS ?"),
        "fold.pending_keys": ("SELECT DISTINCT user, attribute FROM pending WHERE 1 {by_user} {by_task}",
                              "AND user = ?", "AND task IS ?"),
        # One read in rowid order (ORDER BY id keeps SQLite off the fold index, whose order would
        # fetch every row at random: 4x slower at a million rows).
        "fold.scan": (f"SELECT {_FOLD_COLUMNS} FROM memories m WHERE {_CURRENT_M} {{by_user}} ORDER BY m.id",
                      "AND m.user = ?", None),
        "fold.new_unattributed": ("SELECT m.user, m.sig_key, m.polar, m.frame_key FROM pending p CROSS JOIN memories m "
                                  f"ON m.id = p.id WHERE p.attribute IS NULL AND {_CURRENT_M} {{by_user}} {{by_task}}",
                                  "AND p.user = ?", "AND p.task IS ?"),
        "fold.new_unattributed_texts": ("SELECT m.id, m.text FROM pending p CROSS JOIN memories m ON m.id = p.id "
                                        f"WHERE m.attribute IS NULL AND {_CURRENT_M} {{by_user}} {{by_task}}",
                                        "AND p.user = ?", "AND p.task IS ?"),
        "fold.ledger": ("SELECT c.id, c.a, c.b, c.opened_clock, c.kind, c.state FROM conflicts c "
                        "WHERE c.state <> 'resolved' {by_user}", "AND c.user = ?", None),
        "fold.unattributed_ids": ("SELECT id FROM memories INDEXED BY memories_unattributed WHERE attribute IS NULL "
                                  "AND status = 'current' AND kind = 'semantic' {by_user} {by_task}",
                                  "AND user = ?", "AND task IS ?"),
        # No WHERE for a whole-store run: SQLite then empties the table without visiting rows.
        "fold.clear_pending": ("DELETE FROM pending {by_user} {by_task}", "WHERE user = ?", None),
        "fold.clear_level": ("DELETE FROM pending WHERE 1 {by_user} {by_task}", "AND user = ?", "AND task IS ?"),
        "fold.stale": ("SELECT id FROM conflicts WHERE state = 'open' AND co_recalls = 0 AND "
                       "kind = 'contradiction' AND opened_at < ? {by_user}", "AND user = ?", None),
    }
    SQL.update({name + "@user" * u + "@task" * t: " ".join(text.format(by_user=by_user if u else "",
                                                                       by_task=by_task if t else "").split())
                for name, (text, by_user, by_task) in _FOLD_SCOPED.items()
                for u in (0, 1) for t in (0, 1) if by_task is not None or not t})
    SQL.update({
        **{f"fold.{name}.create": f"CREATE TEMP TABLE IF NOT EXISTS {name} ({', '.join(cols)})"
           for name, cols in _FOLD_TEMP.items()},
        **{f"fold.{name}.clear": f"DELETE FROM {name}" for name in _FOLD_TEMP},
        **{f"fold.{name}.fill": f"INSERT INTO {name} VALUES "
                                f"({', '.join('?' * sum(not c.startswith('PRIMARY KEY') for c in cols))})"
           for name, cols in _FOLD_TEMP.items()},
        # -- what a run reads --
        "fold.size": "SELECT max(id) FROM memories",
        "fold.policies": "SELECT attribute, policy FROM attributes",
        "fold.keyed": (f"SELECT {_FOLD_COLUMNS} FROM fold_keys k CROSS JOIN memories m "
                       "ON m.user = k.user AND m.attribute IS k.attribute "
                       f"WHERE {_CURRENT_M} ORDER BY k.rowid, m.task, m.created_at"),
        # Candidates among the facts without an attribute of the users in fold_users, read from
        # indexes alone: a new fact's signature (fold_sigs: memories_fold, one seek each), the
        # possible negated sides when a user has a new positive fact, every such fact of a user
        # with a new negation (the positive sides must hold its words; the test is made in
        # Python), a new fact's frame (fold_frames); the last three from memories_unattributed.
        "fold.candidates": " UNION ".join((
            "SELECT m.user, m.id FROM fold_sigs s CROSS JOIN memories m "
            f"ON m.user = s.user AND m.attribute IS NULL AND m.sig_key = s.sig_key WHERE {_CURRENT_M}",
            "SELECT m.user, m.id FROM fold_users k CROSS JOIN memories m INDEXED BY memories_unattributed "
            f"ON m.user = k.user WHERE (k.negated OR m.polar = 1) AND m.attribute IS NULL AND {_CURRENT_M}",
            "SELECT m.user, m.id FROM fold_frames f CROSS JOIN memories m INDEXED BY memories_unattributed "
            f"ON m.user = f.user AND m.frame_key = f.frame_key WHERE m.attribute IS NULL AND {_CURRENT_M}")),
        "fold.by_ids": f"SELECT {_FOLD_COLUMNS} FROM fold_ids f CROSS JOIN memories m ON m.id = f.id",
        "fold.texts": "SELECT id, text FROM memories WHERE id IN ({ids})",
        "fold.ledger_on": " UNION ".join(
            "SELECT c.id, c.a, c.b, c.opened_clock, c.kind, c.state FROM ledger_ids i CROSS JOIN conflicts c "
            f"ON c.{side} = i.id WHERE c.state <> 'resolved'" for side in "ab") + " ORDER BY 1",
        # -- what a run writes --
        "fold.retire": SQL["memories.retire"],
        "fold.resolution": SQL["resolutions.add"],
        "fold.resolutions_size": "SELECT max(id) FROM resolutions",
        **{f"fold.drop.{name}": f"DROP INDEX {name}" for name in ("memories_fold", "memories_unattributed",
                                                                    "resolutions_kept")},
        "fold.run": "INSERT INTO runs (recorded_at, clock, user, task, decisions) VALUES (?, ?, ?, ?, ?) RETURNING id",
        "fold.trim_runs": "DELETE FROM runs WHERE id <= ?",
        "fold.zombify": SQL["conflicts.zombify"],
        "fold.move_entry": "UPDATE conflicts SET a = ?, b = ? WHERE id = ?",
        "fold.close_entry": SQL["conflicts.close"],
        "fold.mark_again": SQL["pending.again"].replace("{where}", "AND id IN ({ids})"),
    })
    # Built again from the schema script's own text (one home for an index's definition).
    for _index in ("memories_fold", "memories_unattributed", "resolutions_kept"):
        for _statement in STATEMENTS:
            if _statement.startswith(f"CREATE INDEX {_index} "):
                SQL[f"fold.create.{_index}"] = _statement
    del _index, _statement

    @staticmethod
    def _scoped(name, user, task=ALL) -> tuple:
        """(statement name, args) of `name` on Scope(user, task) (see _FOLD_SCOPED)."""
        args = []
        if user is not ALL:
            args.append(user)
            name += "@user"
        if task is not ALL:
            args.append(task)
            name += "@task"
        return name, args

    def _tuples(self, name, args=(), *, user, **slots) -> list:
        """Every row of a statement as a plain tuple (fold rows: see FOLD_FIELDS)."""
        cur = self.execute(name, args, user=user, **slots)
        cur.row_factory = None
        try:
            return cur.fetchall()
        except self.Error as exc:
            raise self.error(exc) from exc

    def _fold_temp(self, name, rows, *, user) -> None:
        """Fill temp table `name` (one of _FOLD_TEMP; created on first use) with `rows`."""
        self.execute(f"fold.{name}.create", user=None)
        self.execute(f"fold.{name}.clear", user=None)
        self.executemany(f"fold.{name}.fill", rows, user=user)

    def fold_lock(self, user) -> None:
        """Take the run's lock on `user`'s data (ALL: every user's) inside the write. SQLite:
        nothing to do, BEGIN IMMEDIATE holds the whole file; a backend that locks by user
        takes it here, before the run reads anything."""

    def fold_pending(self, user, task=ALL) -> list[tuple]:
        """The scope's pending list: (id, fresh) tuples of the facts the next run folds (fresh:
        written since the last run, not marked again)."""
        return self._tuples(*self._scoped("fold.pending", user, task), user=user)

    def fold_pending_keys(self, user, task=ALL) -> set:
        """The (user, attribute) families with a fact on the scope's pending list."""
        return set(self._tuples(*self._scoped("fold.pending_keys", user, task), user=user))

    def fold_size(self) -> int:
        """The largest memory id ever handed out (0 when none): the store's size as one index
        read, not a count (a run picks a whole scan when its new rows are a large share)."""
        return self.value("fold.size", user=ALL) or 0

    def fold_policies(self) -> dict:
        """{attribute: policy} of the declared attributes."""
        return dict(self._tuples("fold.policies", user=None))

    def fold_scan(self, user) -> list[tuple]:
        """Fold rows of every current semantic fact of `user` (ALL: of every user), in id order."""
        return self._tuples(*self._scoped("fold.scan", user), user=user)

    def fold_keyed(self, user, keys):
        """Fold rows of whole families: the current semantic facts of each (user, attribute)
        key (attribute None: the facts without one) of `keys`, key by key in the given order,
        each ordered by task (user level first) and server clock. An iterator (rows fetched
        as read). `user`: the run's user (ALL for a run over every user)."""
        self._fold_temp("fold_keys", keys, user=user)
        cur = self.execute("fold.keyed", user=user)
        cur.row_factory = None
        return cur

    def fold_new_unattributed(self, user, task=ALL) -> list[tuple]:
        """(user, sig_key, polar, frame_key) of each current semantic fact without an attribute on
        the scope's pending list."""
        return self._tuples(*self._scoped("fold.new_unattributed", user, task), user=user)

    def fold_candidates(self, user, users, sigs, frames) -> list[tuple]:
        """Fold rows of the facts without an attribute that the default rules can pair with a
        new one: `users` (user, has a new positive fact, has a new negated fact), `sigs`
        (user, sig_key) and `frames` (user, frame_key) of the new facts. In no set order."""
        self._fold_temp("fold_users", users, user=user)
        self._fold_temp("fold_sigs", sigs, user=user)
        self._fold_temp("fold_frames", frames, user=user)
        chosen = sorted({i for _, i in self._tuples("fold.candidates", user=user)})
        if not chosen:
            return []
        self._fold_temp("fold_ids", zip(chosen), user=user)
        return self._tuples("fold.by_ids", user=user)

    def fold_texts(self, user, ids) -> dict:
        """{id: text} of these memories (at most 500 ids a call)."""
        return dict(self._tuples("fold.texts", list(ids), user=user, ids=len(ids)))

    def fold_new_unattributed_texts(self, user, task=ALL) -> list[tuple]:
        """(id, text) of each current semantic fact without an attribute on the scope's pending
        list (what an injected attribute_of() may key)."""
        return self._tuples(*self._scoped("fold.new_unattributed_texts", user, task), user=user)

    def fold_ledger(self, user) -> list:
        """Every open or zombied ledger entry of `user` (ALL: of every user), as LedgerEntry."""
        return [LedgerEntry._make(r) for r in self._tuples(*self._scoped("fold.ledger", user), user=user)]

    def fold_ledger_on(self, user, ids) -> list:
        """The open or zombied ledger entries touching these memory ids, as LedgerEntry, by id."""
        self._fold_temp("ledger_ids", zip(sorted(ids)), user=user)
        return [LedgerEntry._make(r) for r in self._tuples("fold.ledger_on", user=user)]

    def fold_unattributed_ids(self, user, task=ALL) -> list[int]:
        """Ids of the scope's current semantic facts without an attribute, in no set order (read
        from their partial index alone)."""
        return [r[0] for r in self._tuples(*self._scoped("fold.unattributed_ids", user, task), user=user)]

    def fold_retire(self, user, steps, *, run: int, clock: int, now: str, scanned: int = 0) -> None:
        """Retire in bulk and record each resolution: steps are (kept, retired, rule, user)
        tuples. `scanned`: rows a full pass read; when it retires a large share of them, the
        fold indexes are dropped and built again after (cheaper than changing most of their
        entries one by one), and so is resolutions' index on kept when the run writes more
        resolutions than the store held."""
        rebuild = []
        if scanned and len(steps) * 5 > scanned:
            rebuild += ["memories_fold", "memories_unattributed"]
        if len(steps) > (self.value("fold.resolutions_size", user=ALL) or 0):
            rebuild.append("resolutions_kept")
        for name in rebuild:
            self.execute(f"fold.drop.{name}", user=None)
        # In id order (neighbouring rows share pages); parameters by C iterators, not generators.
        by_retired = sorted(steps, key=operator.itemgetter(1))
        self.executemany("fold.retire", zip(map(operator.itemgetter(1), by_retired)), user=user)
        self.executemany("fold.resolution", map(operator.add, by_retired, itertools.repeat((run, clock, now))),
                         user=user)
        for name in rebuild:
            self.execute(f"fold.create.{name}", user=None)

    def fold_start_run(self, user, task, decisions: int, *, clock: int, now: str) -> int:
        """Record a consolidation run of Scope(user, task); return its id. Runs beyond RUNS_KEPT
        are dropped."""
        run = self.value("fold.run", (now, clock, None if user is ALL else user,
                                      json.dumps("ALL" if task is ALL else task), decisions), user=None)
        self.execute("fold.trim_runs", (run - RUNS_KEPT,), user=None)
        return run

    def fold_clear_pending(self, user, task=ALL) -> None:
        """Empty the scope's pending list."""
        self.execute(*self._scoped("fold.clear_pending" if task is ALL else "fold.clear_level", user, task), user=user)

    def fold_zombify(self, user, cutoff: str, reason: str) -> list[int]:
        """Mark `user`'s (ALL: every user's) open contradictions opened before `cutoff` (UTC ISO
        8601) and never recalled together as zombied with `reason`; return their ids."""
        name, args = self._scoped("fold.stale", user)
        ids = [r[0] for r in self._tuples(name, [cutoff, *args], user=user)]
        self.executemany("fold.zombify", ((reason, i) for i in ids), user=user)
        return ids

    def fold_carry(self, user, carried: "LedgerCarry", now: str) -> None:
        """Write a LedgerCarry (memory.carry_ledger): merged entries closed, moved ones given
        their new sides, the entries of retired memories closed and their sides marked for the
        next run."""
        self.executemany("fold.close_entry", ((reason, now, entry) for entry, reason in carried.merged), user=user)
        self.executemany("fold.move_entry", ((a, b, i) for i, (a, b) in carried.moved.items()), user=user)
        self.executemany("fold.close_entry", ((reason, now, entry) for entry, reason in carried.closed), user=user)
        freed = sorted(carried.freed)
        for start in range(0, len(freed), 500):
            chunk = freed[start:start + 500]
            self.execute("fold.mark_again", chunk, user=user, ids=len(chunk))

_SCHEMA_STATEMENTS = SQLiteStorage.STATEMENTS
# The tables a store of each version has (sqlite_sequence and FTS shadow tables aside): a file
# of an older version is ours only if it has exactly these (user_version alone proves nothing).
_LEGACY_TABLES = {
    1: {"memories", "runs"},
    2: {"memories", "runs", "pending", "clock", "resolutions", "conflicts", "attributes", "events",
        "memories_fts"},
}
_LEGACY_TABLES[3] = _LEGACY_TABLES[2]


# --- validation -------------------------------------------------------------------------------

_ADD_FIELDS = ("text", "user", "task", "attribute", "authority", "kind", "source", "origin",
               "authenticated", "trust", "metadata")
_ADD_FIELD_SET = frozenset(_ADD_FIELDS)
_DEFAULTS = {"task": None, "attribute": None, "authority": "user", "kind": "semantic",
             "source": "user", "origin": "chat", "authenticated": True, "trust": None,
             "metadata": None}


def canonical_metadata(metadata) -> str | None:
    """The stored form of a metadata object: canonical JSON (sorted keys, no spaces, UTF-8
    as is), or None for None. Raises InvalidMemory (field "metadata") for anything but a dict
    with non-empty str keys and JSON values (no NaN or infinity) of at most
    MAX_METADATA_BYTES bytes. Pure."""
    if metadata is None:
        return None
    if not isinstance(metadata, dict):
        raise _invalid("metadata", "a dict (a JSON object) or None", metadata)
    bad = next((k for k in metadata if not isinstance(k, str) or k == ""), None)
    if bad is not None:
        raise _invalid("metadata", "a dict whose keys are non-empty str", bad)
    try:
        text = json.dumps(metadata, sort_keys=True, separators=(",", ":"), ensure_ascii=False,
                          allow_nan=False)
        size = len(text.encode("utf-8"))
    except (TypeError, ValueError, UnicodeEncodeError) as exc:
        raise InvalidMemory(f"metadata: expected JSON values (str, int, float, bool, None, list, dict; "
                            f"no NaN, infinity or lone surrogates); got {metadata!r:.200} ({exc})") from None
    if size > MAX_METADATA_BYTES:
        raise InvalidMemory(f"metadata: expected at most {MAX_METADATA_BYTES} bytes of canonical JSON; "
                            f"got {size} bytes")
    return text


def metadata_filter(metadata) -> dict | None:
    """A metadata filter as reads take it ({key: value, ...}: every key present with an equal
    value; {} or None: no filter), checked like metadata itself and returned as {key: canonical
    JSON of the value}. Raises InvalidMemory (field "metadata") for anything else. Pure."""
    if metadata is None:
        return None
    canonical_metadata(metadata)
    return {k: _canonical_value(v) for k, v in metadata.items()}


def _canonical_value(value) -> str:
    # JSON text, so that True is not 1 and 1 is not "1" (Python's == says True == 1)
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def metadata_matches(memory, having) -> bool:
    """Whether `memory`'s metadata satisfies a filter from metadata_filter (None: always)."""
    if not having:
        return True
    md = memory.metadata
    return md is not None and all(k in md and _canonical_value(md[k]) == v for k, v in having.items())


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
    if not isinstance(value, str) or value not in allowed:
        raise _invalid(name, " | ".join(allowed), value)
    return value


def _check_id(name, value, noun="memory id"):
    """An id: an int in SQLite's integer range (bool is not an id)."""
    if not isinstance(value, int) or isinstance(value, bool):
        raise _invalid(name, f"an int {noun}", value)
    if not -MAX_ID - 1 <= value <= MAX_ID:
        raise _invalid(name, f"an int {noun} within SQLite's 64-bit integer range", value)
    return value


@functools.lru_cache(maxsize=1 << 12)
def _attribute_name(attribute: str, name: str = "attribute") -> str:
    """Validate an attribute and return its normalized form (limits apply after normalizing:
    NFKC can make one character eighteen)."""
    _check_key(name, attribute, optional=False)
    norm = normalize(attribute)
    if not norm:
        raise _invalid(name, "a name with visible characters, or None", attribute)
    if len(norm) > MAX_KEY_CHARS:
        raise InvalidMemory(f"{name}: expected at most {MAX_KEY_CHARS} characters after normalization; "
                            f"got {len(norm)} from {attribute!r:.100}")
    return norm


def check_user(user):
    """Validate a scope user (non-empty str); raise InvalidMemory otherwise."""
    return _check_key("user", user, optional=False)


def check_task(task, *, allow_all=False):
    """Validate a scope task: None (user level), a non-empty str, or ALL where allowed."""
    if task is ALL and allow_all:
        return task
    return _check_key("task", task, optional=True)


def prepare(fields: dict, where: str = "") -> dict:
    """Validate one memory's fields (as add() takes them) and return the full column dict.

    Raises InvalidMemory naming the field, the allowed values and the bad value. A caller may
    not set created_at, recorded_at, id, status or norm: the store assigns them. Used by
    MemoryStore.add/add_many and gates.remember; writes nothing.
    """
    if not isinstance(fields, dict):
        raise _invalid(where.rstrip(".") or "fields", "a dict of add() fields", fields)
    bad_key = next((k for k in fields if not isinstance(k, str)), None) if not fields.keys() <= _ADD_FIELD_SET else None
    if bad_key is not None:
        raise _invalid(where + "field name", "one of " + ", ".join(_ADD_FIELDS), bad_key)
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
    if len(norm) > MAX_TEXT_CHARS:
        raise InvalidMemory(f"{where}text: expected at most {MAX_TEXT_CHARS} characters after "
                            f"normalization; got {len(norm)} characters")
    try:
        check_user(row["user"])
        check_task(row["task"])
        _check_key("origin", row["origin"], optional=False)
        if row["attribute"] is not None:
            _check_key("attribute", row["attribute"], optional=True)
            row["attribute"] = _attribute_name(row["attribute"])
        _check_enum("kind", row["kind"], KINDS)
        _check_enum("authority", row["authority"], AUTHORITIES)
        _check_enum("source", row["source"], SOURCES)
        if row["trust"] is None:  # what a tool or a model wrote is unverified unless the caller vouches for it
            row["trust"] = "unverified" if row["source"] in INFERRING_SOURCES else "trusted"
        _check_enum("trust", row["trust"], TRUSTS)
        if not isinstance(row["authenticated"], bool):
            raise _invalid("authenticated", "True | False", row["authenticated"])
        row["metadata"] = canonical_metadata(row["metadata"])
    except InvalidMemory as exc:
        raise InvalidMemory(where + str(exc)) from None
    if row["source"] in INFERRING_SOURCES:
        row["authority"] = "inferred"  # a tool or model can conclude, never speak for the user
    row["norm"] = norm
    return row


def _derived(row) -> tuple:
    """(sig, sig_key, polar, frame_key) of a prepared row: set only for semantic facts without
    an attribute (what the near-duplicate, contradiction and changed-value rules read)."""
    if row["attribute"] is not None or row["kind"] != "semantic":
        return None, None, None, None
    sig = signature(row["norm"])
    shape = frame(row["text"])
    return sig, _key64(sig), int(polarity(row["norm"])[1]), None if shape is None else _key64(shape[0])


# --- the write API: Transaction, rows by name, threads, the vector index ----------------------

REFUSED_OPS = ("rejected", "quarantined")  # events of writes a gate refused or held
_CONFLICT_FIELDS = ("id", "user", "kind", "a", "b", "run", "reason", "state", "resolution", "opened_clock",
                    "opened_at", "closed_at", "co_recalls")
_RESOLUTION_FIELDS = ("kept", "retired", "rule", "run", "recorded_at")


def _memory_of(t) -> Memory:
    """A Memory from a row of the memory columns in SQLiteStorage._M's order (the seam's own
    decoding, beside the column list: a backend decodes its rows its own way)."""
    return Memory(*t[:10], bool(t[10]), *t[11:15], None if t[15] is None else json.loads(t[15]), *t[16:])


def _memory(row) -> Memory:
    metadata = row["metadata"]
    return Memory(row["id"], row["user"], row["task"], row["kind"], row["text"], row["norm"], row["attribute"],
                  row["authority"], row["source"], row["origin"], bool(row["authenticated"]), row["trust"],
                  row["status"], row["created_at"], row["recorded_at"],
                  None if metadata is None else json.loads(metadata), row["original_source"],
                  row["original_origin"], row["original_authority"])


def _event(row) -> Event:
    return Event(row["id"], row["op"], row["user"], tuple(json.loads(row["ids"])), row["count"], row["reason"],
                 row["clock"], row["recorded_at"], row["task"], row["gate"], row["origin"], row["digest"])


def _conflict(row) -> Conflict:
    return Conflict(*(row[f] for f in _CONFLICT_FIELDS))


def _resolution(row) -> Resolution:
    return Resolution(*(row[f] for f in _RESOLUTION_FIELDS))


def _chunks(ids, size=500):  # stay under SQLite's bound-parameter limit
    for start in range(0, len(ids), size):
        yield ids[start:start + size]


def _owner(rows):
    """The one user of a batch of rows, or ALL when it spans users (an add_many, an import)."""
    users = {r["user"] for r in rows}
    return users.pop() if len(users) == 1 else ALL


class Transaction:
    """One write transaction of a store (`MemoryStore.transaction()`): the write API that
    consolidate.py and gates.py decide with and memory.py writes through.

    `storage` is the store's SQLiteStorage (the seam) for reads inside the transaction (writes
    go through the methods below); `db` is its raw connection, kept only for tests that inspect
    the file. `now` is the wall-clock time (UTC ISO 8601) every row written by this transaction
    records. Nothing is committed until the `with` block of `MemoryStore.transaction()` ends
    without an exception; any error rolls everything back.
    """

    def __init__(self, store: "MemoryStore", storage: "SQLiteStorage"):
        self.storage = storage
        self.db = storage.conn
        self.store = store
        self.now = store.now()

    # -- clock, memories, the search index --

    def tick(self, n: int = 1) -> int:
        """Advance the server clock by n; return the first new value."""
        return self.storage.tick(n)

    def insert(self, rows: list[dict], *, status: str = "current", statuses=None, vectors=None) -> list[Memory]:
        """Insert prepared rows (see `prepare`); ids, server clock and index terms assigned.
        `statuses`: one status per row (an import), else `status` for all. Current semantic
        rows join the pending list of the next consolidation run. With an embedder, each row's
        vector is stored too: `vectors` (from MemoryStore.embed_texts) or, when None, one call
        to the hook here (inside the write: an import or a gate's write)."""
        if not rows:
            return []
        if vectors is None and self.store.embed is not None:
            vectors = self.store.embed_texts([r["text"] for r in rows])
        statuses = list(statuses) if statuses is not None else [status] * len(rows)
        for st in set(statuses):
            _check_enum("status", st, STATUSES)
        db, who = self.storage, _owner(rows)
        first = self.tick(len(rows))
        base = db.last_id("memories")
        buckets = self._buckets([(r["user"], r["task"]) for r in rows])
        keys = self._keys(set(buckets), who)
        terms = index_terms([r["attribute"] or "" for r in rows] + [r["text"] for r in rows])
        n = len(rows)
        db.executemany("memories.insert", (
            (r["user"], r["task"], r["kind"], r["text"], r["norm"], r["attribute"], r["authority"],
             r["source"], r["origin"], int(r["authenticated"]), r["trust"], statuses[i], *_derived(r),
             first + i, r.get("recorded_at") or self.now, buckets[i], r["metadata"], r.get("original_source"),
             r.get("original_origin"), r.get("original_authority")) for i, r in enumerate(rows)), user=who)
        last = db.last_id("memories")
        if last != base + n:  # AUTOINCREMENT under our write lock is consecutive
            raise StoreError(f"{self.store.path}: id allocation went wrong: expected {base + n}, got {last}")
        episodic = [base + 1 + i for i, r in enumerate(rows) if r["kind"] == "episodic"]
        window = _Threads(db, episodic, who) if episodic else None
        context = window.terms(episodic) if episodic else {}
        db.executemany("fts.insert", (
            (base + 1 + i, hash_terms(terms[i], keys[buckets[i]]), hash_terms(terms[n + i], keys[buckets[i]]),
             hash_terms(context.get(base + 1 + i, ()), keys[buckets[i]])) for i in range(n)), user=who)
        if episodic:  # older rows of the thread gain these as their later neighbours
            self.refresh_context(sorted({p for i in episodic for p in window.around(i, after=False)} - set(episodic)),
                                 user=who)
        if vectors is not None:
            self.store.check_embedder(db, len(vectors[0]) // 4, write=True)
            db.executemany("vectors.insert", ((base + 1 + i, r["user"], r["task"], vectors[i])
                                              for i, r in enumerate(rows)), user=who)
        db.executemany("pending.add", ((base + 1 + i, r["user"], r["task"], r["attribute"])
                                       for i, r in enumerate(rows)
                                       if r["kind"] == "semantic" and statuses[i] == "current"), user=who)
        return [Memory(base + 1 + i, r["user"], r["task"], r["kind"], r["text"], r["norm"],
                       r["attribute"], r["authority"], r["source"], r["origin"],
                       r["authenticated"], r["trust"], statuses[i], first + i, r.get("recorded_at") or self.now,
                       None if r["metadata"] is None else json.loads(r["metadata"]), r.get("original_source"),
                       r.get("original_origin"), r.get("original_authority"))
                for i, r in enumerate(rows)]

    def _buckets(self, levels) -> list[int]:
        """The index-key bucket of each new row: its level's newest bucket while it has room,
        else a new one (with a fresh random key)."""
        db, out, open_ = self.storage, [], {}
        distinct = set(levels)
        if len(distinct) > 64:  # a bulk load: every level's newest bucket in one read
            for r in db.execute("index_keys.newest_of_every_level", user=ALL):
                if (r["user"], r["task"]) in distinct:
                    open_[r["user"], r["task"]] = [r["id"], r["rows"]]
        for level in levels:
            if level not in open_:
                row = db.one("index_keys.newest", level, user=level[0]) if len(distinct) <= 64 else None
                open_[level] = [row["id"], row["rows"]] if row else [None, BUCKET_ROWS]
            bucket = open_[level]
            if bucket[1] >= BUCKET_ROWS:
                bucket[0] = db.value("index_keys.open", (*level, os.urandom(32), 0), user=level[0])
                bucket[1] = 0
            bucket[1] += 1
            out.append(bucket[0])
        counts = {}
        for b in out:
            counts[b] = counts.get(b, 0) + 1
        users = {u for u, _ in distinct}
        db.executemany("index_keys.add_rows", ((c, b) for b, c in counts.items()),
                       user=users.pop() if len(users) == 1 else ALL)
        return out

    def _keys(self, bucket_ids, user) -> dict:
        ids = sorted(bucket_ids)
        return {r["id"]: r["key"] for r in self.storage.rows("index_keys.keys", ids, user=user, ids=len(ids))}

    def set_attribute(self, memory_id: int, attribute: str, *, user=ALL) -> None:
        """Key a memory with an (already normalized) attribute: an injected attribute_of()
        did. Its near-duplicate columns are cleared and its index terms follow. `user`: the
        memory's user when the caller knows it (ALL: found by id)."""
        db = self.storage
        db.execute("memories.set_attribute", (attribute, memory_id), user=user)
        db.execute("pending.set_attribute", (attribute, memory_id), user=user)
        row = db.one("memories.bucket_and_text", (memory_id,), user=user)
        key = self._keys([row["fts_bucket"]], user)[row["fts_bucket"]]
        attr_terms, text_terms = index_terms([attribute, row["text"]])
        db.execute("fts.update", (hash_terms(attr_terms, key), hash_terms(text_terms, key), memory_id), user=user)

    def rekey(self, bucket: int, *, user=ALL) -> int:
        """Give a bucket's rows a new key: their index terms are hashed again and the old key
        row is deleted (zeroed by secure_delete), so words of rows erased from the bucket that
        stay in old FTS segments can no longer be matched. Returns the new bucket id; cost
        follows the bucket's size (at most BUCKET_ROWS rows), never the store's."""
        db = self.storage
        old = db.one("index_keys.by_id", (bucket,), user=user)
        user = old["user"]
        new = db.value("index_keys.open", (user, old["task"], os.urandom(32), old["rows"]), user=user)
        rows = db.rows("memories.of_bucket", (bucket,), user=user)
        key = self._keys([new], user)[new]
        terms = index_terms([r["attribute"] or "" for r in rows] + [r["text"] for r in rows])
        episodic = [r["id"] for r in rows if r["kind"] == "episodic"]
        context = _Threads(db, episodic, user).terms(episodic) if episodic else {}
        n = len(rows)
        db.executemany("fts.update_all", ((hash_terms(terms[i], key), hash_terms(terms[n + i], key),
                                           hash_terms(context.get(r["id"], ()), key), r["id"])
                                          for i, r in enumerate(rows)), user=user)
        db.execute("memories.move_bucket", (new, bucket), user=user)
        db.execute("index_keys.delete", (bucket,), user=user)
        return new

    def refresh_context(self, ids, *, user=ALL) -> None:
        """Index again the neighbour words (the `context` column) of these memories, from the
        neighbours they have now (see NEIGHBOURS); non-episodic ids are skipped."""
        if not ids:
            return
        db = self.storage
        context = _Threads(db, ids, user).terms(ids)
        if not context:
            return
        buckets = {r["id"]: r["fts_bucket"] for r in db.rows("memories.buckets", list(context), user=user,
                                                              ids=len(context))}
        keys = self._keys(set(buckets.values()), user)
        db.executemany("fts.update_context", ((hash_terms(t, keys[buckets[i]]), i) for i, t in context.items()),
                       user=user)

    # -- decisions: resolutions, the ledger, runs --

    def retire(self, kept: int, retired: int, rule: str, *, user: str, clock: int, run=None) -> Resolution:
        """Retire one memory and record why; its holding ledger entries close."""
        _check_enum("rule", rule, RULES)
        self.storage.execute("memories.retire", (retired,), user=user)
        self.storage.execute("resolutions.add", (kept, retired, rule, user, run, clock, self.now), user=user)
        self.close_conflicts([retired], f"memory {retired} retired ({rule})", user=user)
        return Resolution(kept, retired, rule, run, self.now)

    def open_conflict(self, user, kind, a, b, reason, *, clock, run=None) -> Conflict:
        """Open one ledger entry, unless the pair already has one of that kind (returned)."""
        for x, y in ((a, b), (b, a)):  # two index probes; an OR of pairs would scan the table
            found = self.storage.one("conflicts.unresolved_pair", (x, y, kind), user=user)
            if found:
                return _conflict(found)
        return self.open_conflicts([(kind, a, b, user, reason)], run=run, clock=clock)[0]

    def open_conflicts(self, openings, *, run, clock) -> list[Conflict]:
        """Insert new ledger entries [(kind, a, b, user, reason)] the caller checked are new."""
        if not openings:
            return []
        for kind, *_ in openings:
            _check_enum("kind", kind, CONFLICT_KINDS)
        users = {o[3] for o in openings}
        who = users.pop() if len(users) == 1 else ALL
        base = self.storage.last_id("conflicts")
        self.storage.executemany("conflicts.open", [(user, kind, a, b, run, reason, clock, self.now)
                                                    for kind, a, b, user, reason in openings], user=who)
        return [Conflict(base + 1 + i, user, kind, a, b, run, reason, "open", None, clock, self.now, None, 0)
                for i, (kind, a, b, user, reason) in enumerate(openings)]

    def close_conflicts(self, memory_ids, reason: str, *, states=("open", "zombied"), user=ALL) -> list[int]:
        """Close the ledger entries touching these memories; their other sides are marked for
        the next run (an entry no longer holds them). Returns the entry ids closed. `user`:
        the memories' user when the caller knows it (ALL: found by id)."""
        db, closed = self.storage, []
        for chunk in _chunks(list(memory_ids), 400):
            for r in db.rows("conflicts.touching", (*states, *chunk, *chunk), user=user, states=len(states),
                             ids=len(chunk)):
                db.execute("conflicts.close", (reason, self.now, r["id"]), user=user)
                db.execute("pending.again", (r["a"], r["b"]), user=user, where="&id_pair")
                closed.append(r["id"])
        return closed

    def close_entries(self, entries, *, user=ALL) -> None:
        """Close ledger entries by id: [(entry id, reason)]."""
        self.storage.executemany("conflicts.close", ((reason, self.now, entry) for entry, reason in entries),
                                 user=user)

    def zombify(self, older_than_days: float, user=ALL) -> list[int]:
        """Mark open contradictions opened more than `older_than_days` ago (wall clock) and never
        recalled together as zombied; return their ids. Only a contradiction can go stale: a
        contested newcomer is withheld from recall, so its pair is never recalled together, and
        ageing it would quietly release it."""
        return self.storage.fold_zombify(user, _utc(self.store._wall() - older_than_days * 86400.0),
                                         f"open over {older_than_days:g} days and never recalled together")

    def move_conflicts(self, moves, skip=(), *, user: str) -> set:
        """Ledger entries follow a retired copy's survivor: for each (retired, kept) pair of
        `user`'s memories, every open or zombied entry of `retired` (not in `skip`) names `kept`
        instead; an entry that would then repeat one `kept` already has, or pair it with
        itself, closes as merged. The rule is carry_ledger's: only a copy that is a side of an
        open holding entry carries its entries. Returns the ids of the entries moved or merged."""
        sides = {x for move in moves for x in move}
        entries = {e.id: e for e in self.storage.fold_ledger_on(user, sides) if e.id not in skip} if sides else {}
        carried = carry_ledger(entries, [(kept, retired, RULE_DUPLICATE) for retired, kept in moves])
        self.storage.fold_carry(user, carried._replace(closed=[], freed=set()), self.now)  # the caller retires
        return {i for i, _ in carried.merged} | carried.moved.keys()

    def carry_entries(self, user, ledger, steps, closed=frozenset()) -> LedgerCarry:
        """Write what a run's decisions do to its ledger entries (carry_ledger): `ledger` the
        open or zombied entries the run read (LedgerEntry), `steps` its (kept, retired, rule,
        ...) decisions, `closed` the entry ids its rules closed (written by the caller), `user`
        the run's user (ALL: a run over every user)."""
        carried = carry_ledger({e.id: e for e in sorted(ledger)}, steps, closed)
        self.storage.fold_carry(user, carried, self.now)
        return carried

    def mark_pending(self, where: str, args=(), *, user=ALL) -> None:
        """Mark the current semantic facts matching fragment `where` (a name of
        SQLiteStorage.SQL: "&id", "&attribute", "&unattributed", ...) for the next run."""
        self.storage.execute("pending.again", args, user=user, where=where)

    # -- erasure --

    def erase(self, user: str, ids: list[int], op: str, reason: str) -> None:
        """Delete memories (text, index entries, resolutions, pending marks), close their ledger
        entries (deleted for a purge), re-key every bucket they leave non-empty where FTS5
        secure-delete is absent, write the audit event and a scrub record."""
        db = self.storage
        clock = self.tick()
        touched = {}
        # Neighbours that borrowed the erased rows' words: indexed again without them below (and
        # their buckets re-keyed where there is no secure-delete), so those words leave the index.
        # (A purge erases whole levels, and a thread never leaves its level: nothing to re-index.)
        erased = set(ids)
        threads = _Threads(db, ids, user) if op != "purge" else None
        borrowers = sorted({b for i in ids for b in threads.around(i)} - erased) if threads else []
        for chunk in _chunks(ids):
            n, both = len(chunk), (*chunk, *chunk)
            for r in db.rows("memories.bucket_counts", chunk, user=user, ids=n):
                touched[r["fts_bucket"]] = touched.get(r["fts_bucket"], 0) + r["count"]
            self.close_conflicts(chunk, f"memory {op}", user=user)
            if op == "purge":
                db.execute("conflicts.delete_touching", both, user=user, ids=n)
            db.execute("resolutions.delete_touching", both, user=user, ids=n)
            db.execute("pending.delete", chunk, user=user, ids=n)
            db.execute("fts.delete", chunk, user=user, ids=n)
            db.execute("vectors.delete", chunk, user=user, ids=n)
            db.execute("memories.delete", chunk, user=user, ids=n)
            # A held memory's audit row keeps its time, gate and reason; its digest goes with it.
            db.execute("events.forget_held_digests", (user, *chunk), user=user, ids=n)
        self.refresh_context(borrowers, user=user)
        rekey = set()
        for bucket, count in sorted(touched.items()):
            left = db.value("index_keys.remove_rows", (count, bucket), user=user)
            if left is not None and left <= 0:
                db.execute("index_keys.delete", (bucket,), user=user)
            elif left is not None:
                rekey.add(bucket)
        for chunk in _chunks(borrowers):
            rekey.update(db.column("memories.distinct_buckets", chunk, user=user, ids=len(chunk)))
        if not self.store.fts_secure_delete:
            for bucket in sorted(rekey):
                self.rekey(bucket, user=user)
        db.execute("events.add", (op, user, json.dumps(ids), len(ids), reason, clock, self.now), user=user)
        db.execute("scrubs.add", (clock, self.now), user=None)

    def refused(self, op: str, row: dict, *, gate: str, reason: str, ids=()) -> None:
        """Audit a write a gate refused (op "rejected") or held ("quarantined"; `ids`: the held
        memory): its user, task, origin, the gate's name and reason, and `digest`, a keyed
        BLAKE2b hash of its canonical text, never the text. The key is random per store (meta
        "audit_key", made at the first refused write), so equal texts give equal digests in one
        store (how often one attack was tried) while a copied audit alone cannot be checked
        against guessed texts. `row` is a prepare() row."""
        _check_enum("op", op, REFUSED_OPS)
        db = self.storage
        key = db.value("meta.get", ("audit_key",), user=None)
        if key is None:
            key = os.urandom(32).hex()
            db.execute("meta.add", ("audit_key", key), user=None)
        digest = hashlib.blake2b(canonical(row["text"]).encode("utf-8", "surrogatepass"),
                                 key=bytes.fromhex(key), digest_size=16).hexdigest()
        ids = [int(i) for i in ids]
        db.execute("events.add_refused", (op, row["user"], json.dumps(ids), len(ids), str(reason), self.tick(),
                                          self.now, row["task"], str(gate)[:MAX_KEY_CHARS], row["origin"], digest),
                   user=row["user"])

    def erase_digests(self, user: str, task=ALL) -> int:
        """Forget the digests of a user's refused and held writes (at `task`; ALL: every level),
        as a purge does; returns how many. The events stay (time, gate, reason, origin)."""
        args = (user,) if task is ALL else (user, task)
        return self.storage.execute("events.forget_digests", args, user=user,
                                    where=None if task is ALL else "&task").rowcount

    # -- reads inside the transaction --

    def memories(self, ids, *, user=None, status=None) -> list[Memory]:
        """The memories with these ids (optionally only of `user` and `status`), in id order."""
        out = []
        where = tuple(f for f, v in (("&user", user), ("&status", status)) if v is not None)
        for chunk in _chunks(sorted(set(ids))):
            args = [*chunk, *(v for v in (user, status) if v is not None)]
            out.extend(self.storage.each_memory("memories.by_ids", args, user=user or ALL, ids=len(chunk),
                                                where=where))
        return out

    def with_retired(self, where: str, args, *, user=ALL) -> list[int]:
        """The ids of the memories matching fragment `where` (a name of SQLiteStorage.SQL:
        "&id", "&in_user_buckets", "&in_level_buckets") and, transitively, every memory they
        retired (forgetting a keeper must not let what it beat become current again), sorted."""
        return self.storage.column("memories.with_retired", args, user=user, where=where)


class _Threads:
    """The episodic memories around some ids, by thread (user, task, origin), read from id
    windows of NEIGHBOUR_SPAN either side: what a memory's neighbours are (see NEIGHBOURS)."""

    def __init__(self, storage, ids, user=ALL):
        self.rows, self.threads = {}, {}
        spans = []
        for i in sorted(ids):
            if spans and i - NEIGHBOUR_SPAN <= spans[-1][1]:
                spans[-1][1] = i + NEIGHBOUR_SPAN
            else:
                spans.append([i - NEIGHBOUR_SPAN, i + NEIGHBOUR_SPAN])
        for lo, hi in spans:
            for r in storage.execute("memories.thread_window", (lo, hi), user=user):
                if r["id"] not in self.rows:
                    self.rows[r["id"]] = r
                    self.threads.setdefault((r["user"], r["task"], r["origin"]), []).append(r["id"])
        for ids_ in self.threads.values():
            ids_.sort()

    def around(self, memory_id, *, before=True, after=True) -> list[int]:
        """The neighbours of an episodic memory (itself excluded), in id order."""
        row = self.rows.get(memory_id)
        if row is None:
            return []
        thread = self.threads[row["user"], row["task"], row["origin"]]
        at = bisect.bisect_left(thread, memory_id)
        out = [i for i in thread[max(0, at - NEIGHBOURS):at] if before and memory_id - i <= NEIGHBOUR_SPAN]
        return out + [i for i in thread[at + 1:at + 1 + NEIGHBOURS] if after and i - memory_id <= NEIGHBOUR_SPAN]

    def terms(self, ids) -> dict:
        """{id: index terms of its neighbours' texts and of its own date} for the episodic ids
        among `ids`."""
        ids = [i for i in ids if i in self.rows]
        texts = [" ".join([*(self.rows[n]["text"] for n in self.around(i)),
                           _date_words(self.rows[i]["recorded_at"], self.rows[i]["text"])]) for i in ids]
        return dict(zip(ids, index_terms(texts)))


class _VectorIndex:
    """One scope level's vectors in memory: ids, unit float32 vectors and their sign bits packed
    into ints. search() ranks every vector by the Hamming distance of its sign bits to the
    query's (int.bit_count of the XOR: a few hundred ns each) and re-ranks the VECTOR_CANDIDATES
    nearest by exact cosine."""

    # The sign bit of a little-endian float32 is the top bit of its 4th byte: one translate of
    # every 4th byte of the stored blob gives the bits as b"0"/b"1" (1: negative) in a C loop.
    _NEGATIVE = bytes(b"1"[0] if b & 0x80 else b"0"[0] for b in range(256))

    def __init__(self):
        self.ids, self.vecs, self.signs, self.at = [], [], [], {}
        self.count = self.newest = 0
        self.stamp = None
        self.unstored = False  # holds vectors of rows that have none in the file (readonly store)

    @classmethod
    def sign(cls, blob: bytes) -> int:
        return int(blob[3::4].translate(cls._NEGATIVE), 2)

    def add(self, rows) -> None:
        for mid, blob in rows:
            vec = array.array("f")
            vec.frombytes(blob)
            if sys.byteorder == "big":
                vec.byteswap()
            self.at[mid] = len(self.ids)
            self.ids.append(mid)
            self.vecs.append(vec)
            self.signs.append(self.sign(blob))

    def cosine(self, mid, q):
        at = self.at.get(mid)
        return None if at is None else sum(map(operator.mul, q, self.vecs[at]))

    def search(self, q, blob: bytes, n: int) -> list:
        """[(cosine, id)] of the n nearest to the unit query q (floats; `blob` its stored
        encoding), best first."""
        qs, signs, vecs, ids = self.sign(blob), self.signs, self.vecs, self.ids
        if len(ids) > VECTOR_CANDIDATES:  # every step a C loop (map, Counter, compress): no Python per vector
            dist = list(map(int.bit_count, map(qs.__xor__, signs)))
            counts, seen = collections.Counter(dist), 0  # distances are few (0..dims): count, don't sort
            for cut in sorted(counts):
                seen += counts[cut]
                if seen >= VECTOR_CANDIDATES:
                    break
            near = list(itertools.compress(range(len(ids)), map(cut.__ge__, dist)))
            if len(near) > 2 * VECTOR_CANDIDATES:  # many ties at the cut
                near = sorted(near, key=dist.__getitem__)[:VECTOR_CANDIDATES]
        else:
            near = range(len(ids))
        return heapq.nlargest(n, ((sum(map(operator.mul, q, vecs[i])), ids[i]) for i in near))


# --- the store --------------------------------------------------------------------------------

class MemoryStore:
    """A memory store over one SQLite file (or ":memory:").

    `timeout` is the busy timeout in seconds, in (0, 86400]: how long a write waits for another
    connection's lock before LockedError. `wall_clock` (optional) returns seconds since the
    epoch; it only feeds `recorded_at` and ledger ages, never ordering. `create`: None (default)
    creates a missing file; True also makes an empty file a store; False never creates (the
    command lines use it). An existing file that is not a memory store is refused before
    anything in it changes (SchemaError). `sqlite`: a DB-API module with the sqlite3 interface
    (default: the standard library's; e.g. pysqlite3 for a newer SQLite). `fts_secure_delete`:
    None (default) uses FTS5 secure-delete in a store created on SQLite 3.42+ (such a file then
    needs 3.42+ to open); False never does (the store re-keys index buckets on erasure instead).
    `readonly=True`: reads only, through a read-only connection that creates no file (not even
    -wal or -shm; it works in a read-only directory); a missing file is a StoreError, and
    anything that would write (add, forget, consolidate, a migration or rebuild the file
    needs, finishing a pending scrub) raises ReadOnlyError naming the fix. consolidate.plan
    works on a private in-memory copy. While no writer has the file open (no -wal), it is read
    as immutable (no locks) and re-opened at the next read after another process changed it; a
    read during which the file was rewritten raises LockedError (retry).

    `embed` (optional): an injected embedder, `embed(list[str]) -> list[vector]` (one sequence of
    floats of one length per text). It is called once per add/add_many batch, before the write
    lock is taken (inside the write for gates.remember and import_records, which recompute the
    vectors of imported rows: an export carries no vectors), and once per recall for the query.
    `embed_name` names it (default: its __name__); the name and the dimension are recorded in
    the meta table with the first vector, and a store opened on that file with another name, or
    whose hook returns another dimension, raises EmbedError. A hook that raises or returns the
    wrong shape raises EmbedError naming it, and nothing is written. Each memory's vector is
    stored unit-length as little-endian float32 (array('f'): 4 bytes a dimension) in `vectors`;
    forget and purge delete it with the row (secure_delete zeroes its pages, the WAL is
    checkpointed), so an erased vector leaves no byte. Memories written without an embedder (a
    handle without `embed`, an import or release through one) get their vectors at the next
    recall of their scope level by a store with it: one hook call for all of them, then one
    write transaction storing each only while its row is still there (readonly=True: held in
    memory, never written). A memory only the vectors found is returned only with a cosine
    above 0 (see FUSION_WEIGHT). Without `embed`, the store is the words alone.

    Use as a context manager or call close() (idempotent). Thread-safe: one connection, and
    every transaction holds the store's lock, so threads take turns.
    """

    def __init__(self, path: str = ":memory:", *, timeout: float = 5.0, wall_clock=None, create=None,
                 sqlite=None, fts_secure_delete=None, readonly: bool = False, embed=None, embed_name=None,
                 storage=None):
        if (not isinstance(timeout, (int, float)) or isinstance(timeout, bool) or not math.isfinite(timeout)
                or not 0 < timeout <= MAX_TIMEOUT_S):
            raise _invalid("timeout", f"seconds as a number > 0 and <= {MAX_TIMEOUT_S:g}", timeout)
        if create not in (None, True, False):
            raise _invalid("create", "None | True | False", create)
        if readonly not in (True, False):
            raise _invalid("readonly", "True | False", readonly)
        if readonly and create is True:
            raise _invalid("create", "None | False with readonly=True (a read-only store never creates)", create)
        if fts_secure_delete not in (None, False):
            raise _invalid("fts_secure_delete", "None (where SQLite has it) | False", fts_secure_delete)
        if embed is not None and not callable(embed):
            raise _invalid("embed", "a callable: embed(list[str]) -> list[vector], or None", embed)
        if embed_name is not None and (embed is None or not isinstance(embed_name, str) or not embed_name.strip()):
            raise _invalid("embed_name", "a non-empty str naming the embed hook given with it", embed_name)
        if wall_clock is not None and not callable(wall_clock):
            raise _invalid("wall_clock", "a callable returning seconds since the epoch, or None", wall_clock)
        module = sqlite3 if sqlite is None else sqlite
        if not callable(getattr(module, "connect", None)) or not hasattr(module, "sqlite_version_info"):
            raise _invalid("sqlite", "a DB-API module with the sqlite3 interface (sqlite3, pysqlite3.dbapi2)",
                           sqlite)
        self.path = os.fspath(path) if not isinstance(path, str) else path
        if not isinstance(self.path, str):
            raise _invalid("path", "a file path or ':memory:'", path)
        self._sqlite = module
        self._wall = wall_clock or time.time
        self._timeout = float(timeout)
        self._lock = threading.RLock()
        self.fts_secure_delete = False
        if readonly and _is_memory_path(self.path):
            raise _invalid("readonly", "False for an in-memory store (read-only, it would stay empty)", readonly)
        self.readonly = readonly
        self.scrub_pending = False  # readonly=True: an erasure whose scrub needs a writer (see scrub)
        query = _readonly_query(self.path) if readonly else None
        # Only an immutable connection misses other processes' writes: it re-opens on a change.
        self._seen = _file_state(self.path) if query and "immutable" in query else None
        self.embed = embed
        self.embed_name = (embed_name or getattr(embed, "__name__", None) or type(embed).__name__) \
            if embed is not None else None
        self._commits = 0  # this connection's commits: with PRAGMA data_version, when cached indexes are stale
        self._vectors = {}  # (user, task) -> _VectorIndex of that scope level
        self._embedded = {}  # (user, task) -> stamp at which every row of the level had its vector
        if storage is not None and not isinstance(storage, SQLiteStorage):
            raise _invalid("storage", "an open SQLiteStorage (or a backend implementing its methods), or None",
                           storage)
        self.storage = storage if storage is not None else SQLiteStorage(
            self.path, timeout=self._timeout, create=create, module=module, readonly=query,
            secure=fts_secure_delete is None and module.sqlite_version_info >= FTS_SECURE_DELETE)
        state = self.storage.state
        self.path = self.storage.path  # the name errors give: a handed-in backend's own
        try:
            self._setup(state, fts_secure_delete)
            if embed is not None:
                with self._read() as conn:
                    self.check_embedder(conn, None, write=False)
        except BaseException:
            self.close()
            raise

    # -- plumbing --

    def close(self) -> None:
        """Close the connection; safe to call twice."""
        with self._lock:
            storage = getattr(self, "storage", None)
            if storage is not None:
                storage.close()

    @property
    def _conn(self):  # the seam's connection (None once closed)
        storage = getattr(self, "storage", None)
        return None if storage is None else storage.conn

    @_conn.setter
    def _conn(self, conn):
        self.storage.conn = conn

    def __enter__(self):
        self._db()  # a closed store says so here, not at its first use
        return self

    def __exit__(self, *exc):
        self.close()

    def _db(self):
        if self._conn is None:
            raise StoreError("the store is closed")
        return self._conn

    def now(self) -> str:
        """The wall clock as UTC ISO 8601 with Z (display only)."""
        return _utc(self._wall())

    @contextmanager
    def transaction(self, *, dry_run: bool = False):
        """The one place that writes: BEGIN IMMEDIATE, yield a Transaction, COMMIT.

        IMMEDIATE takes the write lock before the first read, so a read-then-write never fails
        half way with SQLITE_BUSY_SNAPSHOT. Any exception rolls back (only if a transaction is
        still active: SQLite may already have rolled back) and sqlite3.Error becomes the
        matching StoreError; dry_run=True rolls back at the end instead (consolidate.plan).
        """
        with self._lock:
            storage = self.storage if not self.readonly else self._private_copy(dry_run)
            try:
                with storage.write(dry_run=dry_run):
                    yield Transaction(self, storage)
                self._commits += 1
            finally:
                if self.readonly:
                    storage.close()

    def _private_copy(self, dry_run: bool):
        """readonly=True: a dry run's in-memory copy of the store (memory follows the file's
        size); any real write is refused here, before anything is read."""
        if not dry_run:
            raise ReadOnlyError(f"{self.path}: the store was opened with readonly=True and this call writes; "
                                "open it with MemoryStore(path) (write access to the file and its directory) "
                                "to change it")
        return self.storage.private_copy()

    def _reopen_if_changed(self) -> None:
        """readonly=True: an immutable connection never sees another process's writes, so a
        change of the file (or a -wal appearing) re-opens it before the next read."""
        now = _file_state(self.path)
        if now != self._seen and self._conn is not None:
            self.storage.close()
            query = _readonly_query(self.path)
            self._seen = now if "immutable" in query else None
            self.storage = SQLiteStorage(self.path, timeout=self._timeout, create=False, module=self._sqlite,
                                         readonly=query)
            self._vectors.clear()  # a new connection's data_version may repeat the old one's stamp
            self._setup_readonly()  # another process may have migrated it meanwhile

    @contextmanager
    def _read(self):
        """A read transaction: every statement inside sees one snapshot."""
        with self._lock:
            if self._seen is not None:
                self._reopen_if_changed()
            watched = self._seen
            self._db()
            try:
                with self.storage.read():
                    yield self.storage
            except StoreError as exc:
                if self._changed_since(watched):
                    raise self._changed_error() from exc
                raise
            if self._changed_since(watched):
                raise self._changed_error()

    def _changed_since(self, watched) -> bool:
        """readonly=True, immutable: whether the database file changed since `watched` (an
        immutable connection takes no lock, so a checkpoint during a read may have shown it
        half of a change)."""
        if watched is None:
            return False
        now = _file_state(self.path)
        return now is None or now[:3] != watched[:3]

    def _changed_error(self) -> LockedError:
        return LockedError(f"{self.path}: another process changed the file while this read-only store read it; "
                           "the answer may mix old and new pages: retry (the next read re-opens the file)")

    # -- schema: create, migrate, repair derived columns --

    def _setup(self, state: str, fts_secure_delete) -> None:
        db = self.storage
        if state == "memory":  # private to this connection: copy a ready-made schema
            secure = fts_secure_delete is None and self._sqlite.sqlite_version_info >= FTS_SECURE_DELETE
            db.copy_template(secure)
            self.fts_secure_delete = secure
            return
        if self.readonly:
            self._setup_readonly()
            return
        with db.read("reading the schema"):
            version = db.schema_version()
            if version == SCHEMA_VERSION:
                meta = db.meta()
                if meta.get("text_rules") == TEXT_RULES_VERSION and meta.get("index_terms") == INDEX_TERMS_VERSION:
                    self._secure_delete(meta)  # nothing to do: opening must not wait for the write lock
                    scrub = db.has_scrubs()
                else:
                    scrub = None
        if version == SCHEMA_VERSION and scrub is not None:
            if scrub:
                self.scrub(wait=False)
            return
        while True:
            with self.transaction():
                # Re-read under the write lock: another process may have migrated meanwhile.
                version = db.schema_version()
                if version > SCHEMA_VERSION:
                    raise SchemaError(f"{self.path}: schema version {version} is newer than the "
                                      f"{SCHEMA_VERSION} this module supports")
                if version == 0:
                    self._create(fts_secure_delete)
                    return
                if version < SCHEMA_VERSION:  # one migration and its version bump per transaction
                    db.migrate(self, version + 1)
                    continue
                self._repair_derived(db)
                self._secure_delete(db.meta())
                return

    def _setup_readonly(self) -> None:
        """What a writer's open would change, refused instead: a migration, a rebuild of derived
        columns; a pending scrub is only noted (reading is safe; finishing it writes)."""
        db = self.storage
        fix = "open it once with write access (MemoryStore(path), or any write command) first"
        with db.read("reading the schema"):
            version = db.schema_version()
            if version != SCHEMA_VERSION:
                raise ReadOnlyError(f"{self.path}: schema version {version} must be migrated to {SCHEMA_VERSION}, "
                                    f"which writes, and the store was opened with readonly=True; {fix}")
            meta = db.meta()
            if meta.get("text_rules") != TEXT_RULES_VERSION or meta.get("index_terms") != INDEX_TERMS_VERSION:
                raise ReadOnlyError(f"{self.path}: its derived columns and search index were made by other text "
                                    "rules and must be rebuilt, which writes, and the store was opened with "
                                    f"readonly=True; {fix}")
            self._secure_delete(meta)
            self.scrub_pending = db.has_scrubs()

    def _create(self, fts_secure_delete) -> None:
        secure = fts_secure_delete is None and self._sqlite.sqlite_version_info >= FTS_SECURE_DELETE
        self.storage.create(secure)
        self.fts_secure_delete = secure

    def _secure_delete(self, meta: dict) -> None:
        self.fts_secure_delete = meta.get("fts_secure_delete") == "1"
        if self.fts_secure_delete and self._sqlite.sqlite_version_info < FTS_SECURE_DELETE:
            raise SchemaError(f"{self.path}: this store's search index uses FTS5 secure-delete, which needs "
                              f"SQLite {'.'.join(map(str, FTS_SECURE_DELETE))}+; this Python has "
                              f"{self._sqlite.sqlite_version} (open it with a newer SQLite, e.g. "
                              "MemoryStore(path, sqlite=pysqlite3.dbapi2))")

    def _repair_derived(self, db, force: bool = False) -> None:
        """Bring derived columns and the search index up to this module's rules (inside the
        caller's write, through its storage `db`): near-duplicate columns when the text rules
        changed (their facts are triaged again by the next run), every bucket re-keyed and
        re-indexed when the index terms changed or the file was migrated."""
        meta = db.meta()
        if force or meta.get("text_rules") != TEXT_RULES_VERSION:
            rows = db.rows("memories.unattributed_facts", user=ALL)
            db.executemany("memories.set_derived", ((*_derived(r), r["id"]) for r in rows), user=ALL)
            if not force:
                db.execute("pending.again", user=ALL, where="&unattributed")
            db.set_meta("text_rules", TEXT_RULES_VERSION)
        if force or meta.get("index_terms") != INDEX_TERMS_VERSION:
            self._reindex(db, secure=meta.get("fts_secure_delete") == "1")
            db.set_meta("index_terms", INDEX_TERMS_VERSION)
        db.execute("meta.add_missing", ("fts_secure_delete", "0"), user=None)

    def _reindex(self, db, *, secure: bool) -> None:
        """Build the search index again: a fresh FTS table (the old one's pages are freed and
        zeroed), every row in a bucket of its level with a new key."""
        tx = Transaction(self, db)
        db.recreate_index(secure)
        last = 0
        while True:
            rows = db.rows("memories.index_page", (last,), user=ALL)
            if not rows:
                break
            buckets = tx._buckets([(r["user"], r["task"]) for r in rows])
            keys = tx._keys(set(buckets), ALL)
            terms = index_terms([r["attribute"] or "" for r in rows] + [r["text"] for r in rows])
            episodic = [r["id"] for r in rows if r["kind"] == "episodic"]
            context = _Threads(db, episodic).terms(episodic) if episodic else {}
            n = len(rows)
            db.executemany("memories.set_bucket", ((buckets[i], r["id"]) for i, r in enumerate(rows)), user=ALL)
            db.executemany("fts.insert", ((r["id"], hash_terms(terms[i], keys[buckets[i]]),
                                           hash_terms(terms[n + i], keys[buckets[i]]),
                                           hash_terms(context.get(r["id"], ()), keys[buckets[i]]))
                                          for i, r in enumerate(rows)), user=ALL)
            last = rows[-1]["id"]

    # -- the embed hook --

    def embed_texts(self, texts) -> list[bytes]:
        """Vectors of texts by the injected embed hook, in one call: list[str] -> one unit-length
        little-endian float32 blob (array('f')) per text. Writes nothing. Raises EmbedError
        naming the hook when it raises, or returns anything but one finite, non-zero vector of
        one length per text."""
        texts = list(texts)
        name = f"embed hook {self.embed_name!r}"
        try:
            out = self.embed(texts)
        except Exception as exc:
            raise EmbedError(f"{name} raised {type(exc).__name__}: {exc}; nothing was written") from exc
        try:
            out = list(out)
        except TypeError:
            raise EmbedError(f"{name} returned {type(out).__name__}, not a list of vectors; nothing was written") \
                from None
        if len(out) != len(texts):
            raise EmbedError(f"{name} returned {len(out)} vectors for {len(texts)} texts; nothing was written")
        blobs, dims = [], None
        for i, vec in enumerate(out):
            try:  # array() converts in C and refuses str, None and other non-numbers
                if isinstance(vec, (str, bytes, dict)):
                    raise TypeError
                values = array.array("f", vec)
            except (TypeError, ValueError, OverflowError):
                raise EmbedError(f"{name}: vector {i} is not a sequence of numbers ({type(vec).__name__}); "
                                 "nothing was written") from None
            dims = len(values) if dims is None else dims
            norm = math.sqrt(sum(map(operator.mul, values, values)))
            if len(values) != dims or not values or not math.isfinite(norm) or norm == 0:
                raise EmbedError(f"{name}: vector {i} has {len(values)} dimensions (expected {dims}), or a zero, "
                                 "infinite or NaN value (float32); nothing was written")
            scale = 1.0 / norm
            values = array.array("f", [x * scale for x in values])
            if sys.byteorder == "big":
                values.byteswap()
            blobs.append(values.tobytes())
        return blobs

    def check_embedder(self, db, dims, *, write: bool) -> None:
        """Refuse an embedder other than the one this file's vectors were made with (name and
        dimensions in the meta table, recorded with the first vector written: write=True, inside
        the caller's write, through its storage `db`). Raises EmbedError naming both."""
        meta = {k: v for k, v in db.meta().items() if k in ("embed_name", "embed_dims")}
        if not meta:
            if write:
                db.executemany("meta.add", (("embed_name", self.embed_name), ("embed_dims", str(dims))), user=None)
            return
        if meta.get("embed_name") != self.embed_name or (dims is not None and meta.get("embed_dims") != str(dims)):
            got = f"{self.embed_name!r}" + (f" ({dims} dimensions)" if dims is not None else "")
            raise EmbedError(f"{self.path}: this store's vectors were made by embed hook {meta.get('embed_name')!r} "
                             f"({meta.get('embed_dims')} dimensions); got {got}. Open it with that embedder "
                             "(embed_name=... names it), or without embed for the words alone")

    # -- writes --

    def add(self, text: str, *, user: str, task: str | None = None, attribute: str | None = None,
            authority: str = "user", kind: str = "semantic", source: str = "user",
            origin: str = "chat", authenticated: bool = True, trust: str | None = None,
            **unexpected) -> Memory:
        """Store one memory as current and return it. One transaction.

        The server clock assigns `created_at`; `recorded_at` is the UTC wall clock. A tool's or
        a model's content (source "tool" or "model") is stored with authority "inferred" whatever
        was asked, and with trust "unverified" unless the caller passes trust="trusted"; trust
        None (the default) is "trusted" for the other sources. Raises InvalidMemory (nothing
        written) for bad input, including any attempt to pass created_at/recorded_at;
        StoreError for database failures. No gate is applied: this is the raw write for what
        the user said. An agent writes what it read or concluded with gates.remember(), the
        gated call (README, "Which call writes").
        """
        row = prepare(dict(text=text, user=user, task=task, attribute=attribute, authority=authority,
                           kind=kind, source=source, origin=origin, authenticated=authenticated,
                           trust=trust, **unexpected))
        vectors = self.embed_texts([row["text"]]) if self.embed is not None else None
        with self.transaction() as tx:
            return tx.insert([row], vectors=vectors)[0]

    def add_many(self, items) -> list[Memory]:
        """Store many memories in one transaction: all or nothing. Returns them in input order.

        `items` is an iterable of dicts with add()'s keyword names plus "text". Every item is
        validated before anything is written; the first bad one raises InvalidMemory whose
        message starts with its index ("items[3].text: ...").
        """
        if items is None or isinstance(items, (str, bytes, dict)) or not hasattr(items, "__iter__"):
            raise _invalid("items", "an iterable of dicts of add() fields", items)
        rows = [prepare(item, f"items[{i}].") for i, item in enumerate(items)]
        # One call to the hook per batch, before the write lock is taken (a model is slow).
        vectors = self.embed_texts([r["text"] for r in rows]) if self.embed is not None and rows else None
        with self.transaction() as tx:
            return tx.insert(rows, vectors=vectors)

    def update(self, memory_id: int, text: str, *, attribute=ALL, kind: str | None = None,
               metadata=ALL) -> Memory:
        """Correct a current memory: `text` is written as a new memory by the same provenance (the
        same user, task, source, authority, origin, authenticated, trust and original_*; its
        attribute, kind and metadata unless given: attribute=None drops the attribute,
        metadata=None the metadata, a dict replaces it) and the old one is retired by it with
        rule "update" (RULE_UPDATE), so the old text stays on record as everywhere. Open
        contradiction and contested entries of the old memory follow the correction; its other
        entries close. Returns the new memory. One transaction.

        No gate reviews it: an update restates what that provenance already said (use
        gates.remember for new content). Raises InvalidMemory, writing nothing, for a bad id or
        text, and for an id that is not a current memory: retired (update what replaced it:
        `python memory.py DB show ID`), quarantined (gates.release or gates.discard it) or
        forgotten.
        """
        _check_id("memory_id", memory_id)
        with self.transaction() as tx:
            row = tx.storage.one("memories.by_id", (memory_id,), user=ALL)
            if row is None:
                raise _invalid("memory_id", "the id of a current memory (this one does not exist or was forgotten)",
                               memory_id)
            old = _memory(row)
            if old.status != "current":
                fix = ("update the memory that replaced it (python memory.py DB show ID)" if old.status == "retired"
                       else "release or discard it first (gates.release / gates.discard)")
                raise _invalid("memory_id", f"the id of a current memory; memory {memory_id} is {old.status}: {fix}",
                               memory_id)
            new = prepare(dict(text=text, user=old.user, task=old.task,
                               attribute=old.attribute if attribute is ALL else attribute,
                               authority=old.authority, kind=old.kind if kind is None else kind, source=old.source,
                               origin=old.origin, authenticated=old.authenticated, trust=old.trust,
                               metadata=old.metadata if metadata is ALL else metadata))
            new.update(original_source=old.original_source, original_origin=old.original_origin,
                       original_authority=old.original_authority)  # an imported row's correction is one too
            [memory] = tx.insert([new])
            live = tx.storage.rows("conflicts.live_of", (memory_id, memory_id), user=old.user)
            others = [r["id"] for r in live if r["kind"] not in HOLDING_KINDS]
            tx.move_conflicts([(memory_id, memory.id)], skip=set(others), user=old.user)
            tx.retire(memory.id, memory_id, RULE_UPDATE, user=old.user, clock=memory.created_at)
            return memory

    def declare(self, attribute: str, policy: str) -> None:
        """Declare an attribute's policy: "one" (default), "many" or "immutable". One transaction.

        Persisted in the store for every user. Changing a policy marks that attribute's current
        facts for the next consolidation run. Raises InvalidMemory for a bad name or policy.
        """
        name = _attribute_name(attribute)
        _check_enum("policy", policy, tuple(POLICIES))
        with self.transaction() as tx:
            old = tx.storage.value("attributes.policy", (name,), user=None)
            if (old or DEFAULT_POLICY) != policy:
                tx.storage.execute("attributes.declare", (name, policy), user=None)
                tx.mark_pending("&attribute", (name,))

    def policies(self) -> dict[str, str]:
        """Every declared attribute policy: {attribute: policy}. Undeclared means "one"."""
        with self._read() as db:
            return {r["attribute"]: r["policy"] for r in db.rows("attributes.all", user=None)}

    def policy(self, attribute: str | None) -> str:
        """The policy of one attribute (normalized here); "one" when undeclared or None."""
        if attribute is None:
            return DEFAULT_POLICY
        name = _attribute_name(attribute)
        with self._read() as db:
            found = db.value("attributes.policy", (name,), user=None)
        return found or DEFAULT_POLICY

    def resolve(self, conflict_id: int, keep: int) -> list[Resolution]:
        """The user settles a ledger entry by its stable id: `keep` stays, the other side retires.

        One transaction. Returns the resolution written ([] if the other side was already
        retired, or for bookkeeping entries). Raises InvalidMemory if the entry does not exist,
        is not open, or `keep` is not one of its sides; nothing else is touched, so resolving
        twice is a clear error. Command line: `python memory.py DB resolve ENTRY --keep ID`.
        """
        _check_id("conflict_id", conflict_id, "ledger entry id")
        _check_id("keep", keep)
        with self.transaction() as tx:
            row = tx.storage.one("conflicts.by_id", (conflict_id,), user=ALL)
            if row is None:
                raise _invalid("conflict_id", "the id of an existing ledger entry", conflict_id)
            entry = _conflict(row)
            if entry.state == "resolved":
                raise _invalid("conflict_id", "an entry still to settle: open, or zombied (open long and never "
                               f"recalled together); this one is resolved: {entry.resolution}", conflict_id)
            if keep not in (entry.a, entry.b):
                raise _invalid("keep", f"{entry.a} | {entry.b}", keep)
            other = entry.b if keep == entry.a else entry.a
            clock = tx.tick()
            status = tx.storage.value("memories.status", (other,), user=entry.user)
            out = []
            if status == "current" and entry.kind in HOLDING_KINDS + ("changed value",):
                out.append(tx.retire(keep, other, RULE_SETTLED_BY_USER, user=entry.user, clock=clock))
            tx.close_entries([(conflict_id, f"{RULE_SETTLED_BY_USER}: kept {keep}")], user=entry.user)
            tx.mark_pending("&id", (keep,), user=entry.user)
            return out

    # -- erasure --

    def forget(self, memory_id: int, *, reason: str = "forget", dry_run: bool = False) -> list[int]:
        """Delete one memory and, transitively, every memory it retired. Returns every id deleted
        (sorted); dry_run=True returns the ids it would delete and deletes nothing (one read;
        `history(id)` names the resolution that retired each, as `forget ID --dry-run` prints).

        One transaction: the rows, their search-index entries (their bucket re-keyed where FTS5
        secure-delete is absent), resolutions naming them and pending marks are deleted; ledger
        entries are closed (ids kept, no text); an audit event records the ids, the count and
        `reason`, never text. Then the WAL is checkpointed (scrub) so the text is gone from the
        .db, -wal and -shm files. Cost follows what is erased (at most BUCKET_ROWS re-indexed
        rows per bucket touched), never the store's size. Returns [] for an unknown id (and
        still finishes an earlier erasure's scrub). Raises InvalidMemory for a bad id;
        StoreError if a reader keeps the WAL busy past the timeout (the erasure is committed and
        recorded; the next open, erasure or scrub() finishes it): ScrubPendingError, a
        LockedError whose `ids` are the ids deleted.
        """
        _check_id("memory_id", memory_id)
        _check_key("reason", reason, optional=False)
        if dry_run not in (True, False):
            raise _invalid("dry_run", "True | False", dry_run)
        if dry_run:
            with self._read() as db:
                return Transaction(self, db).with_retired("&id", (memory_id,))
        with self.transaction() as tx:
            user = tx.storage.value("memories.user", (memory_id,), user=ALL)
            ids = [] if user is None else tx.with_retired("&id", (memory_id,), user=user)
            if ids:
                tx.erase(user, ids, "forget", reason)
        self._scrub_erased(ids)
        return ids

    def purge(self, user: str, task=ALL) -> int:
        """Delete every memory of `user` at `task` (ALL: every level; None: the user level only).

        Returns the number of memories deleted. Resolutions and ledger entries naming them go
        too, and the keyed hashes of the user's refused and held writes there (their events
        stay); one audit event (ids and count) is written, then the WAL is checkpointed as for
        forget. A missing, empty or non-str user raises InvalidMemory: purge never means
        "everyone". Memories in other levels that were retired by a purged memory are deleted
        with it (they could otherwise become current again). ScrubPendingError (with the ids
        deleted) as for forget.
        """
        check_user(user)
        check_task(task, allow_all=True)
        with self.transaction() as tx:
            # The user's rows are those of the user's index buckets: an index seek, not a scan.
            ids = tx.with_retired("&in_user_buckets" if task is ALL else "&in_level_buckets",
                                  (user,) if task is ALL else (user, task), user=user)
            hashes = tx.erase_digests(user, task)  # a refused write's keyed hash is the user's too
            if not ids and not hashes:
                return 0  # nothing to erase, nothing to audit
            if not ids:
                tx.storage.execute("scrubs.add", (tx.tick(), tx.now), user=None)
            if ids:
                tx.erase(user, ids, "purge", "purge " + ("all levels" if task is ALL else
                                                         "one task level" if task else "user level"))
            if task is ALL:  # entries whose sides were forgotten before (resolutions went with them)
                tx.storage.execute("conflicts.delete_of_user", (user,), user=user)
        self._scrub_erased(ids)
        return len(ids)

    def purge_all(self, *, confirm: str) -> int:
        """Delete every memory of every user (a reset), guarded: `confirm` must be exactly
        PURGE_ALL_CONFIRM ("purge all"), else InvalidMemory and nothing is touched. Returns the
        number of memories deleted.

        One transaction, with purge's guarantees for each user: resolutions and ledger entries
        go, one audit event per user (op "purge", reason "purge all": ids and count, never
        text), the search index's buckets are dropped, then the WAL is checkpointed so the text
        is gone from the files (ScrubPendingError with the ids deleted as for forget). Declared
        attribute policies, consolidation runs and the audit itself are kept (they hold no text).
        """
        if confirm != PURGE_ALL_CONFIRM:
            raise _invalid("confirm", repr(PURGE_ALL_CONFIRM) + " (purge_all deletes every user's memories)", confirm)
        gone = []
        with self.transaction() as tx:
            for user in tx.storage.column("index_keys.users", user=ALL):
                ids = tx.with_retired("&in_user_buckets", (user,), user=user)
                if ids:
                    tx.erase(user, ids, "purge", "purge all")
                    gone += ids
                tx.storage.execute("conflicts.delete_of_user", (user,), user=user)
        self._scrub_erased(gone)
        return len(gone)

    def maintain(self, pages: int = FTS_MERGE_PAGES) -> None:
        """Bounded housekeeping that consolidation runs after each run, so the agent's own
        writes need not: merge at most `pages` pages of search-index segments (FTS5 'merge',
        one short transaction; never 'optimize', which corrupts the index on SQLite 3.40 while
        other connections write), then copy the WAL into the database file without waiting for
        readers (PASSIVE checkpoint; a busy WAL is left for the next one)."""
        if not isinstance(pages, int) or isinstance(pages, bool) or not 0 <= pages <= 1_000_000:
            raise _invalid("pages", "an int from 0 to 1000000", pages)
        if pages:
            with self.transaction() as tx:
                tx.storage.merge_index(pages)
        with self._lock:
            self._db()
            self.storage.checkpoint(truncate=False)

    def _scrub_erased(self, ids) -> None:
        """scrub() after a committed erasure; a ScrubPendingError then carries the ids erased,
        which the caller could not learn otherwise."""
        try:
            self.scrub()
        except ScrubPendingError as exc:
            raise ScrubPendingError(str(exc), ids) from None

    def scrub(self, *, wait: bool = True) -> bool:
        """Finish every committed erasure: checkpoint the WAL (TRUNCATE), so the erased text,
        already zeroed in the database's pages, leaves the main file and the -wal file, then
        drop the scrub records. Returns True when nothing is left to scrub. A reader in another
        connection can hold the WAL open: wait=True retries for up to the busy timeout and then
        raises ScrubPendingError (the records stay; the next open, erasure or scrub() finishes);
        wait=False returns False at once."""
        with self._lock:
            self._db()
            db = self.storage
            if not db.has_scrubs():
                return True
            if self.readonly:
                raise ReadOnlyError(f"{self.path}: an erasure's scrub is pending (erased text may remain in "
                                    "the -wal file) and finishing it writes, but the store was opened with "
                                    "readonly=True; open it with MemoryStore(path) to finish it")
            if db.in_memory:
                db.execute("scrubs.clear", user=None)
                return True
            deadline = time.monotonic() + self._timeout
            while not db.checkpoint(truncate=True):
                if not wait:
                    return False
                if time.monotonic() > deadline:
                    raise ScrubPendingError(
                        f"{self.path}: the deletion is committed, but another connection kept the WAL "
                        "busy; the erased text stays in the -wal file until the next checkpoint (it "
                        "is recorded: the next open, forget, purge or scrub() finishes it; or close "
                        "the other connection)")
                time.sleep(0.05)
        with self.transaction() as tx:
            tx.storage.execute("scrubs.clear", user=None)
        with self._lock:
            self._db()
            self.storage.checkpoint(truncate=True)  # the record's own deletion holds no text: tidiness
        return True

    # -- reads --

    def get(self, memory_id: int) -> Memory | None:
        """The memory with this id, whatever its status, or None. Raises InvalidMemory for a
        non-int id or one outside SQLite's integer range."""
        _check_id("memory_id", memory_id)
        with self._read() as db:
            row = db.one("memories.by_id", (memory_id,), user=ALL)
        return _memory(row) if row else None

    def memories_by_id(self, ids) -> list[Memory]:
        """The memories with these ids that exist, in id order (any status). One read."""
        with self._read() as db:
            return [m for chunk in _chunks(sorted(set(ids)))
                    for m in db.each_memory("memories.by_ids", chunk, user=ALL, ids=len(chunk), where=None)]

    def users(self) -> list[str]:
        """Every user with at least one stored memory (any status), sorted. One read."""
        with self._read() as db:
            return db.column("index_keys.users", user=ALL)

    def tasks(self, user: str) -> list:
        """The levels `user` has memories at: None (the user level) first if present, then
        task ids sorted. One read; raises InvalidMemory for a bad user."""
        check_user(user)
        with self._read() as db:
            found = set(db.column("index_keys.tasks", (user,), user=user))
        return ([None] if None in found else []) + sorted(t for t in found if t is not None)

    def current(self, user: str, task=None, *, attribute: str | None = None, metadata=None) -> list[Memory]:
        """The current semantic facts visible at (user, task), oldest first (server clock).

        task=None: the user level. task="t1": the user level plus t1's own, where a t1 fact about
        an attribute hides the user-level facts about it (task override, applied at read time).
        task=ALL: every level, no override. Quarantined and retired rows never appear. A contested
        newcomer (GuardGate) is listed but hides nothing: it overrides no user-level fact.
        attribute: only facts with that attribute (normalized like stored attributes).
        metadata: only facts whose metadata has every one of these keys with an equal value
        (metadata_matches), applied after task override (the rules never read metadata).
        current() lists what is stored as current; recall() is what to show a model.
        """
        check_user(user)
        check_task(task, allow_all=True)
        wanted = _attribute_name(attribute) if attribute is not None else None
        having = metadata_filter(metadata)
        with self._read() as db:
            if task is ALL:
                rows = db.memories("memories.current_facts", (user,), user=user, where=None)
            else:
                rows = db.memories("memories.current_facts", (user, None), user=user, where="&task")
                if task is not None:
                    own = db.memories("memories.current_facts", (user, task), user=user, where="&task")
                    contested = set(db.column("conflicts.open_contested", (user,), user=user))
                    hidden = {m.attribute for m in own if m.attribute is not None and m.id not in contested}
                    rows = sorted([m for m in rows if m.attribute not in hidden] + own, key=lambda m: m.created_at)
        return [m for m in rows if (wanted is None or m.attribute == wanted) and metadata_matches(m, having)]

    def memories(self, user: str, task=ALL, *, status: str | None = None,
                 attribute: str | None = None, metadata=None) -> list[Memory]:
        """Every stored memory of `user` (any kind, any status), oldest first (server clock).

        task: ALL (every level), None (the user level) or a task id. status: only rows with
        that status (current | retired | quarantined). attribute: only rows with that attribute
        (normalized). metadata: only rows whose metadata has every one of these keys with an
        equal value (metadata_matches). Reads the user's index buckets page by page, so a large
        user never needs one huge statement. Raises InvalidMemory for a bad user, task, status,
        attribute or metadata filter.
        """
        check_user(user)
        check_task(task, allow_all=True)
        if status is not None:
            _check_enum("status", status, STATUSES)
        wanted = _attribute_name(attribute) if attribute is not None else None
        having = metadata_filter(metadata)
        where, args = [], []
        for fragment, value in (("&task", task), ("&status", status), ("&attribute", wanted)):
            if value is not (ALL if fragment == "&task" else None):
                where.append(fragment)
                args.append(value)
        level = (user,) if task is ALL else (user, task)
        out = []
        with self._read() as db:
            for bucket in db.column("index_keys.of_user", level, user=user, where=None if task is ALL else "&task"):
                out += db.memories("memories.of_user_bucket", (bucket, user, *args), user=user, where=tuple(where))
        return sorted((m for m in out if metadata_matches(m, having)), key=lambda m: m.created_at)

    def resolutions(self, user: str) -> list[Resolution]:
        """Every resolution about `user`'s memories, oldest first (server clock)."""
        check_user(user)
        with self._read() as db:
            rows = db.rows("resolutions.of_user", (user,), user=user)
        return [_resolution(r) for r in rows]

    def history(self, memory_id: int) -> list["HistoryEvent"]:
        """What happened to one memory, as HistoryEvent items in server-clock order (HISTORY_KINDS
        names and documents every kind): added, then what it kept or lost (retired, superseded,
        updated, released), the ledger entries naming it, and the audit events naming its id
        (forgotten, purged, imported, ...). Works for erased ids too: then only the audit events
        and closed ledger entries are left (ids and counts, never text). One read; raises
        InvalidMemory for a non-int id. `python memory.py DB history ID [--json]`.
        """
        _check_id("memory_id", memory_id)
        with self._read() as db:
            row = db.one("memories.by_id", (memory_id,), user=ALL)
            steps = [tuple(r[f] for f in (*_RESOLUTION_FIELDS, "clock"))
                     for r in db.rows("resolutions.touching", (memory_id, memory_id), user=ALL)]
            entries = [_conflict(r) for r in db.rows("conflicts.touching_one", (memory_id, memory_id), user=ALL)]
            audit = [_event(r) for r in db.rows("events.naming", (memory_id,), user=ALL)]
        items = []
        if row is not None:
            m = _memory(row)
            held = m.status == "quarantined" or any(s[1] == memory_id and s[2] == RULE_RELEASED for s in steps)
            items.append((m.created_at, 0, HistoryEvent(
                "added", memory_id, m.created_at, m.recorded_at, source=m.source, authority=m.authority,
                origin=m.origin, authenticated=m.authenticated, trust=m.trust, status=m.status,
                decision="quarantine" if held else "accept")))
        for kept, retired, rule, run, recorded_at, clock in steps:
            if kept == memory_id:
                kind = "kept"
            elif rule == RULE_UPDATE:
                kind = "updated"
            elif rule == RULE_RELEASED:
                kind = "released"
            elif run is None and rule != RULE_SETTLED_BY_USER:
                kind = "superseded"
            else:
                kind = "retired"
            items.append((clock, 1, HistoryEvent(kind, memory_id, clock, recorded_at, kept=kept, retired=retired,
                                                 rule=rule, run=run)))
        for c in entries:
            items.append((c.opened_clock, 2, HistoryEvent(
                c.kind, memory_id, c.opened_clock, c.opened_at, run=c.run, entry=c.id,
                other=c.b if c.a == memory_id else c.a, state=c.state,
                reason=c.reason + (f" -> {c.resolution}" if c.resolution else ""))))
        for e in audit:
            items.append((e.clock, 3, HistoryEvent(_AUDIT_KINDS.get(e.op, e.op), memory_id, e.clock, e.recorded_at,
                                                   op=e.op, ids=e.ids, count=e.count, reason=e.reason)))
        return [item for *_, item in sorted(items, key=lambda t: (t[0], t[1]))]

    def events(self, user: str | None = None, *, refused: bool | None = False) -> list[Event]:
        """The audit, oldest first; every user when `user` is None. refused=False (default):
        forget, purge and import events (ids and counts); True: the writes a gate refused or
        held (op "rejected" | "quarantined", REFUSED_OPS: task, gate, reason, origin and a keyed
        hash of the canonical text; Transaction.refused); None: both. One read; never text."""
        where, args = [], []
        if user is not None:
            check_user(user)
            where.append("&user")
            args.append(user)
        if refused not in (None, True, False):
            raise _invalid("refused", "False (erasures and imports) | True (refused and held writes) | None (all)",
                           refused)
        if refused is not None:
            where.append("&refused" if refused else "&not_refused")
            args.extend(REFUSED_OPS)
        with self._read() as db:
            rows = db.rows("events.all", args, user=ALL if user is None else user, where=tuple(where),
                           ops=len(REFUSED_OPS))
        return [_event(r) for r in rows]

    def conflicts(self, user: str, *, state: str | None = "open", kinds=HOLDING_KINDS) -> list[Conflict]:
        """Ledger entries of `user`, oldest first: by default the open contradiction and
        contested ones. state=None lists every state; kinds=None every kind."""
        check_user(user)
        where, args = [], [user]
        if state is not None:
            _check_enum("state", state, CONFLICT_STATES)
            where.append("&state")
            args.append(state)
        if kinds is not None:
            if isinstance(kinds, str):
                raise _invalid("kinds", "a tuple of " + " | ".join(CONFLICT_KINDS) + ", or None", kinds)
            for k in kinds:
                _check_enum("kinds", k, CONFLICT_KINDS)
            if not kinds:
                return []  # no kind asked for: an empty IN-list matches nothing
            where.append("&kinds")
            args.extend(kinds)
        with self._read() as db:
            return [_conflict(r) for r in db.rows("conflicts.of_user", args, user=user, where=tuple(where),
                                                  kinds=len(kinds) if kinds else 1)]

    def conflict(self, conflict_id: int) -> Conflict | None:
        """One ledger entry by its stable id, or None. Raises InvalidMemory for a non-int id."""
        _check_id("conflict_id", conflict_id, "ledger entry id")
        with self._read() as db:
            row = db.one("conflicts.by_id", (conflict_id,), user=ALL)
        return _conflict(row) if row else None

    # -- export, import, backup --

    def export(self, user: str | None = None):
        """Yield the store (or one user) as JSON-ready records, one per line of a JSONL file:
        a header {"format": "agent-memory", "schema_version", "exported_at", "users"}, then the
        declared policies, then every memory in server-clock order with its provenance and
        status, wall-clock time, metadata and original provenance (an imported row's), each
        resolution, and each ledger entry (ids are this store's). One read transaction, so the
        export is one consistent snapshot. `python memory.py DB export`."""
        if user is not None:
            check_user(user)
        with self._read() as db:
            users = [user] if user is not None else db.column("index_keys.users", user=ALL)
            yield {"type": "header", "format": EXPORT_FORMAT, "schema_version": SCHEMA_VERSION,
                   "exported_at": self.now(), "users": users}
            for r in db.rows("attributes.all", user=None):
                yield {"type": "policy", "attribute": r["attribute"], "policy": r["policy"]}
            who, where, args = (ALL, None, ()) if user is None else (user, "&user", (user,))
            for m in db.each_memory("memories.export", args, user=who, where=where):
                yield {"type": "memory", "id": m.id, "user": m.user, "task": m.task, "kind": m.kind,
                       "text": m.text, "attribute": m.attribute, "authority": m.authority, "source": m.source,
                       "origin": m.origin, "authenticated": m.authenticated, "trust": m.trust,
                       "status": m.status, "created_at": m.created_at, "recorded_at": m.recorded_at,
                       "metadata": m.metadata, "original_source": m.original_source,
                       "original_origin": m.original_origin, "original_authority": m.original_authority}
            for r in db.execute("resolutions.export", args, user=who, where=where):
                yield {"type": "resolution", **{f: r[f] for f in _RESOLUTION_FIELDS}}
            for r in db.execute("conflicts.export", args, user=who, where=where):
                c = _conflict(r)
                yield {"type": "conflict", "id": c.id, "user": c.user, "kind": c.kind, "a": c.a, "b": c.b,
                       "reason": c.reason, "state": c.state, "resolution": c.resolution,
                       "opened_at": c.opened_at, "closed_at": c.closed_at}

    def import_records(self, records) -> "Imported":
        """Import records as `export` writes them (an iterable of dicts; the JSONL file's lines
        parsed). One transaction: all accepted rows or nothing; when nothing would be written,
        nothing is (not even the clock moves) and `Imported.added` is False.

        Every memory arrives as source "import" (rank treats it as an import: it never outranks
        a live fact) in the exported server-clock order, after every row already here, keeping
        its origin, authority, trust, status, `recorded_at` and metadata; the source, origin and
        authority the export gave are kept as original_source/_origin/_authority (shown, never
        ranked; a row that was already an import keeps its first ones). Resolutions and ledger
        entries are carried over between the new ids (`Imported.ids` maps exported id -> id
        here), and every "memory N" / "kept N" / "#N" in a ledger reason or resolution names the
        new id; current facts join the next run's pending list, so consolidation folds them
        against live facts. A record that cannot be taken (bad fields, an unknown type, a
        resolution or entry naming a memory not imported) is refused and listed in
        `Imported.refused` as (record number, reason); a record an earlier import brought in
        (the same import row: text, scope, attribute, origin, status, original source; or its
        resolution or entry) is listed in `Imported.already` and not written again; nothing
        else stops the import. Raises before writing anything when the first record is not an
        export header (InvalidMemory) or the header's schema_version is newer than this
        module's (SchemaError): check_export_header.
        """
        if records is None or isinstance(records, (str, bytes, dict)) or not hasattr(records, "__iter__"):
            raise _invalid("records", "an iterable of export records (dicts)", records)
        records = list(records)
        check_export_header(records)
        rows, meta, links, policies, refused, already = [], [], [], [], [], []
        for n, rec in enumerate(records, 1):
            kind = rec.get("type") if isinstance(rec, dict) else None
            try:
                if kind == "header":
                    if n > 1:
                        raise _invalid("type", "one header, the first record", kind)
                elif kind == "policy":
                    policies.append((_attribute_name(rec.get("attribute")),
                                     _check_enum("policy", rec.get("policy"), tuple(POLICIES))))
                elif kind == "memory":
                    rows.append(self._import_row(rec))
                    meta.append((rec["id"], rec["status"], rec.get("created_at"), n))
                elif kind in ("resolution", "conflict"):
                    links.append((n, rec))
                else:
                    raise _invalid("type", "header | policy | memory | resolution | conflict", kind)
            except InvalidMemory as exc:
                refused.append((n, str(exc)))
        order = sorted(range(len(rows)), key=lambda i: (meta[i][2] if isinstance(meta[i][2], int) else 0, i))
        try:
            with self.transaction() as tx:
                done = self._import(tx, rows, meta, order, links, policies, refused, already)
                if not done.added:
                    raise _NothingWritten(done)  # rolls back what was only read
        except _NothingWritten as nothing:
            return nothing.result
        return done

    @staticmethod
    def _import_row(rec: dict) -> dict:
        """A memory record of an export as an add() row of source "import" (InvalidMemory
        names the field when it cannot be one)."""
        _check_id("id", rec.get("id"))
        _check_enum("status", rec.get("status"), STATUSES)
        source = rec.get("source")
        _check_enum("source", source, SOURCES)
        recorded = rec.get("recorded_at")
        if recorded is not None:
            try:
                if not isinstance(recorded, str) or len(recorded) > 64:
                    raise ValueError
                datetime.fromisoformat(recorded.replace("Z", "+00:00"))
            except ValueError:
                raise _invalid("recorded_at", "a UTC ISO 8601 time, as export writes it, or absent", recorded) from None
        row = prepare({"text": rec.get("text"), "user": rec.get("user"), "task": rec.get("task"),
                       "attribute": rec.get("attribute"), "authority": rec.get("authority"),
                       "kind": rec.get("kind"), "source": "import", "origin": rec.get("origin"),
                       "authenticated": rec.get("authenticated"), "trust": rec.get("trust"),
                       "metadata": rec.get("metadata")})
        if source == "import":  # imported before: its first provenance stays the original one
            first = (rec.get("original_source"), rec.get("original_origin"), rec.get("original_authority"))
            if first != (None, None, None):
                _check_enum("original_source", first[0], tuple(s for s in SOURCES if s != "import"))
                _check_key("original_origin", first[1], optional=False)
                _check_enum("original_authority", first[2], AUTHORITIES)
        else:
            first = (source, row["origin"], rec.get("authority"))
        row.update(recorded_at=recorded, original_source=first[0], original_origin=first[1],
                   original_authority=first[2])
        return row

    def _import(self, tx, rows, meta, order, links, policies, refused, already) -> "Imported":
        """import_records inside its transaction: rows, policies, resolutions, entries, events."""
        ids, users, fresh = {}, {}, []
        for i in order:  # a record imported before is not imported again: its id maps to the row
            r = rows[i]
            # Before schema 5 an import kept its first provenance in the origin ("import:user:chat").
            legacy = f"import:{r['original_source']}:{r['origin']}"[:MAX_KEY_CHARS]
            found = tx.storage.value(  # any status: a later fold may have retired it
                "memories.imported_record", (r["user"], r["task"], r["text"], r["attribute"], r["kind"], r["origin"],
                                             r["original_source"], legacy), user=r["user"])
            if found:
                ids[meta[i][0]], users[found] = found, r["user"]
                already.append((meta[i][3], f"memory {meta[i][0]}: imported before as memory {found}"))
            else:
                fresh.append(i)
        made = tx.insert([rows[i] for i in fresh], statuses=[meta[i][1] for i in fresh])
        ids.update({meta[i][0]: m.id for i, m in zip(fresh, made)})
        users.update({m.id: m.user for m in made})
        clock = tx.tick()
        changed = 0
        for attribute, policy in policies:
            if tx.storage.value("attributes.policy", (attribute,), user=None) != policy:
                tx.storage.execute("attributes.declare", (attribute, policy), user=None)
                changed += 1

        def renumber(text):
            """A reason naming exported ids, naming the ids here instead."""
            if not isinstance(text, str):
                return text
            return _ID_MENTION.sub(lambda m: m.group(1) + (str(ids[int(m.group(2))]) if int(m.group(2)) in ids
                                                           else f"{m.group(2)} (exported; not imported)"), text)
        resolutions, entries = 0, 0
        for n, rec in links:
            sides = ("kept", "retired") if rec["type"] == "resolution" else ("a", "b")
            a, b = (ids.get(rec.get(x)) if isinstance(rec.get(x), int) else None for x in sides)
            if a is None or b is None or users[a] != users[b]:
                refused.append((n, f"{rec['type']}: names a memory that was not imported "
                                   f"({rec.get(sides[0])!r}, {rec.get(sides[1])!r})"))
                continue
            if rec["type"] == "resolution":
                rule = rec.get("rule")
                if rule not in RULES:
                    refused.append((n, f"resolution: rule: expected one of RULES; got {rule!r:.100}"))
                    continue
                if tx.storage.one("resolutions.same", (b, a, rule), user=users[a]):
                    already.append((n, f"resolution: memory {b} retired by memory {a} ({rule}) is here already"))
                    continue
                if tx.storage.one("resolutions.of_retired", (b,), user=users[a]):
                    refused.append((n, f"resolution: memory {b} is already retired by another resolution"))
                    continue
                tx.storage.execute("resolutions.add", (a, b, rule, users[a], None, clock, rec.get("recorded_at")
                                                       if isinstance(rec.get("recorded_at"), str) else tx.now),
                                   user=users[a])
                resolutions += 1
            else:
                kind, state = rec.get("kind"), rec.get("state")
                if kind not in CONFLICT_KINDS or state not in CONFLICT_STATES or not isinstance(rec.get("reason"), str):
                    refused.append((n, f"conflict: bad kind, state or reason ({kind!r}, {state!r})"))
                    continue
                if tx.storage.one("conflicts.same", (kind, state, a, b), user=users[a]):
                    already.append((n, f"conflict: {kind} between memories {a} and {b} is on the ledger already"))
                    continue
                tx.storage.execute("conflicts.import", (users[a], kind, a, b, renumber(rec["reason"]), state,
                                                        renumber(rec.get("resolution")), clock,
                                                        rec.get("opened_at") or tx.now, rec.get("closed_at")),
                                   user=users[a])
                entries += 1
        made_users = {m.id: m.user for m in made}
        for user in sorted(set(made_users.values())):
            mine = sorted(i for i, u in made_users.items() if u == user)
            tx.storage.execute("events.add", ("import", user, json.dumps(mine), len(mine),
                                              f"import of {len(mine)} memories", clock, tx.now), user=user)
        return Imported(ids, refused, resolutions, entries, len(made), changed, already)

    def import_memories(self, items) -> "Imported":
        """Import memories converted from another memory system (mem0_records,
        mcp_memory_records): items are dicts {"key", "text", "user", "task", "source", "origin",
        "authority", "metadata", "recorded_at"}. One transaction: all accepted rows or nothing
        (and nothing at all, not even the clock, when no row is new: `Imported.added` False).

        Every row arrives marked as imported, as import_records marks an export's rows: source
        "import" (it never outranks a live fact), the item's origin and authority, the item's
        source, origin and authority as original_source/_origin/_authority, recorded_at the
        item's time (UTC ISO 8601 with Z; None: now), a new server-clock value in the items'
        order, status current, trust trusted (the operator vouches for the file). An item that
        cannot be stored is refused as (key, reason) in `Imported.refused`; one imported before
        (the same text, scope, origin and original source) is listed in `Imported.already` and
        its key maps to that row. `Imported.ids` maps each key to its id here; one "import"
        audit event per user. `python memory.py DB import --from mem0|mcp-memory FILE`.
        """
        rows, refused, already = [], [], []
        for item in items:
            key = item.get("key") if isinstance(item, dict) else None
            try:
                if not isinstance(item, dict):
                    raise _invalid("item", "a dict from mem0_records or mcp_memory_records", item)
                source = _check_enum("source", item.get("source"), tuple(s for s in SOURCES if s != "import"))
                row = prepare({"text": item.get("text"), "user": item.get("user"), "task": item.get("task"),
                               "authority": item.get("authority"), "source": "import", "origin": item.get("origin"),
                               "metadata": item.get("metadata")})
                when = item.get("recorded_at")
                if when is not None and not (isinstance(when, str) and when.endswith("Z")):
                    raise _invalid("recorded_at", "a UTC ISO 8601 time ending in Z, or None", when)
                row.update(original_source=source, original_origin=row["origin"], original_authority=row["authority"],
                           recorded_at=when)
                rows.append((key, row))
            except InvalidMemory as exc:
                refused.append((key, str(exc)))
        with self.transaction() as tx:
            ids, fresh = {}, []
            for key, r in rows:
                found = tx.storage.value("memories.imported_item", (r["user"], r["task"], r["origin"],
                                                                    r["original_source"], r["text"]), user=r["user"])
                if found:
                    ids[key] = found
                    already.append((key, f"imported before as memory {found}"))
                else:
                    fresh.append((key, r))
            if not fresh:
                return Imported(ids, refused, 0, 0, already=already)  # nothing written: the clock stays
            made = tx.insert([r for _, r in fresh])
            ids.update({key: m.id for (key, _), m in zip(fresh, made)})
            clock = tx.tick()
            for user in sorted({m.user for m in made}):
                mine = [m.id for m in made if m.user == user]
                tx.storage.execute("events.add", ("import", user, json.dumps(mine), len(mine),
                                                  f"import of {len(mine)} memories", clock, tx.now), user=user)
        return Imported(ids, refused, 0, 0, memories=len(made), already=already)

    def backup(self, target: str) -> None:
        """Copy the store to a new file `target` with SQLite's online backup API: a consistent,
        page-for-page copy taken while other connections keep writing. Refuses an existing
        non-empty target (nothing is overwritten). `python memory.py DB backup OUT.db`."""
        target = os.fspath(target)
        if not isinstance(target, str) or _is_memory_path(target):
            raise _invalid("target", "a file path", target)
        if os.path.exists(target) and os.path.getsize(target) > 0:
            raise StoreError(f"{target}: exists and is not empty; backup never overwrites a file")
        with self._lock:
            self._db()
            self.storage.backup(target)

    # -- recall --

    def recall(self, query: str, *, user: str, task: str | None = None, k: int = 5,
               attribute: str | None = None, metadata=None) -> Recall:
        """Up to `k` current memories of (user, task) for the model, best first (FTS5 BM25, fused
        with vector similarity when the store has an embedder).

        Scope: the user level plus the task's own, with task override. The query's content
        words are matched through the same index terms as the text (stemmed; possessives match
        the bare word; text without spaces, such as Chinese or Japanese, by character bigrams);
        any query is safe (terms are hashed, so FTS syntax never reaches the index) and a query
        with no usable words returns nothing. attribute: only memories with that attribute.
        metadata: only memories whose metadata has every one of these keys with an equal value
        (metadata_matches), applied to what the rules chose to stand for each hit, so a filter
        never changes which value is current, only which are returned.
        BM25 weighs the attribute, the text and the words an episodic memory borrows from its
        thread's neighbours (NEIGHBOURS) by BM25_WEIGHTS.

        With an embedder, the query is embedded (one call) and each scope level's vector index
        (cached per store, brought up to date with the file before use) gives the nearest
        memories; the FUSION_DEPTH (or 2k) best of each path are ranked by the one rule of
        FUSION_WEIGHT (a memory only the vectors found needs a cosine > 0), then the rest of the
        word ranking follows. Every rule below applies to that fused ranking exactly as to the
        words'. `scores` holds each returned memory's score and `paths` which path found it
        ("lexical", "vector" or "both"). Rows of those levels written without the embedder are
        embedded first (one more hook call, one short write transaction, skipped while another
        connection holds the write lock; in memory only when readonly); EmbedError (nothing
        written) when the hook fails on the query or on them.

        The answer does not depend on whether cron has run: a hit stands for what consolidation
        keeps or would keep (a retired or not-yet-folded value stands for its group's current
        value, through the same pure fold), one fact is returned once (the same text in two
        attribute families, a near duplicate), a user-level fact overridden in the task stands
        for the task's fact. Quarantined memories never appear. Ledger-aware: contested
        newcomers are withheld and described in `notices` (naming the entry and the call that
        settles it); both sides of an open contradiction carry a note and are ordered by
        show_first; facts that state one frame with another value carry a note. Writes only to
        count co-recalls on ledger entries (one short transaction, skipped when locked) and to
        store missing vectors (above).
        """
        if not isinstance(query, str):
            raise _invalid("query", "a str", query)
        _encodable("query", query)
        check_user(user)
        check_task(task)
        if not isinstance(k, int) or isinstance(k, bool) or not 1 <= k <= MAX_ID:
            raise _invalid("k", f"an int >= 1 and <= {MAX_ID}", k)
        wanted = _attribute_name(attribute) if attribute is not None else None
        having = metadata_filter(metadata)
        if self.embed is not None and not self.readonly:
            self._embed_missing(user, task)
        with self._read() as db:
            lexical = db.search(user, task, _query_phrases(query))
            if lexical is None:
                return Recall()
            hits = self._fused(db, lexical, query, user, task, k) if self.embed is not None else (
                [(mid, -score, "lexical") for mid, score in batch] for batch in iter(
                    lambda: lexical.fetchmany(min(max(4 * k, 32), 1000)), []))
            try:
                found, co_recalled = self._recall(db, hits, user, task, k, wanted, having)
            finally:
                lexical.close()
        if co_recalled and not self.readonly:  # after the read transaction: a write cannot nest inside it
            self._count_co_recalls(co_recalled)
        return found

    def _fused(self, db, lexical, query, user, task, k):
        """Batches of (id, fused score, path), best first: the FUSION_DEPTH (or 2k) best of each
        path scored by the one rule (FUSION_WEIGHT), then the rest of the lexical ranking."""
        [qvec] = self.embed_texts([query])
        self.check_embedder(db, len(qvec) // 4, write=False)
        q = array.array("f")
        q.frombytes(qvec)
        if sys.byteorder == "big":
            q.byteswap()
        q = q.tolist()  # Python floats: a dot product against float32 arrays is a sixth faster
        depth = max(FUSION_DEPTH, 2 * k)
        words = lexical.fetchmany(depth)
        indexes = [self._vector_index(db, user, level) for level in ((None, task) if task is not None else (None,))]
        near = heapq.nlargest(depth, (hit for index in indexes for hit in index.search(q, qvec, depth)))
        best = words[0][1] if words else -1.0  # bm25 is negative: larger magnitude, better match
        scores, paths = {}, {}
        known = {mid: cosine for cosine, mid in near}
        for mid, bm25 in words:
            cosine = known.get(mid)
            if cosine is None:
                cosine = next((c for c in (index.cosine(mid, q) for index in indexes) if c is not None), 0.0)
            scores[mid] = FUSION_WEIGHT * cosine + (1 - FUSION_WEIGHT) * (bm25 / best if best else 0.0)
            paths[mid] = "lexical"
        for cosine, mid in near:
            if mid in scores:
                paths[mid] = "both"
            elif cosine > 0:  # no similarity is no evidence: a vector-only candidate must have some
                scores[mid], paths[mid] = FUSION_WEIGHT * cosine, "vector"
        ranked = [(mid, scores[mid], paths[mid]) for mid in sorted(scores, key=lambda i: (-scores[i], i))]
        step = max(4 * k, 32)  # rows are read batch by batch: most recalls stop in the first
        for at in range(0, len(ranked), step):
            yield ranked[at:at + step]
        while True:
            rest = [(mid, (1 - FUSION_WEIGHT) * (bm25 / best if best else 0.0), "lexical")
                    for mid, bm25 in lexical.fetchmany(min(max(4 * k, 32), 1000)) if mid not in scores]
            if not rest:
                return
            yield rest

    def _vector_index(self, db, user, task) -> "_VectorIndex":
        """The cached vector index of one scope level, brought up to date with the file: checked
        against PRAGMA data_version (another connection's commit) and this connection's own
        commits, then against the level's row count and newest id; new rows are appended, and an
        erasure anywhere in the level builds it again, so it answers as a fresh open would."""
        stamp = (db.data_version(), self._commits)
        index = self._vectors.pop((user, task), None)
        if index is not None:
            self._vectors[user, task] = index  # the most recently recalled level goes last
        if index is not None and index.stamp == stamp:
            return index
        level = db.one("vectors.level_stamp", (user, task), user=user)
        count, newest = level["count"], level["newest"] or 0
        if index is None or index.unstored or (count, newest) != (index.count, index.newest):
            added = db.value("vectors.count_after", (user, task, index.newest), user=user) \
                if index is not None else None
            if index is None or index.unstored or index.count + added != count:
                index = self._vectors[user, task] = _VectorIndex()
            index.add(db.execute("vectors.of_level", (user, task, index.newest), user=user))
            index.count, index.newest = count, newest
            if self.readonly:  # it cannot store them: rows written without the embedder, in memory only
                missing = self._unembedded(db, user, task, count)
                if missing:
                    index.add(zip([mid for mid, _ in missing], self.embed_texts([t for _, t in missing])))
                    index.unstored = True  # built again at the next change: an erased row's vector goes
            cached = sum(len(i.ids) for i in self._vectors.values())
            for level in list(self._vectors):  # oldest first; the level being recalled stays
                if cached <= VECTOR_CACHE_ROWS or level == (user, task):
                    break
                cached -= len(self._vectors.pop(level).ids)
        index.stamp = stamp
        return index

    def _unembedded(self, db, user, task, stored) -> list:
        """[(id, text)] of the level's rows without a vector (written by a handle without the
        embedder: another process, an import, a release, an MCP server without --embed), in id
        order; `stored`: the level's vector count. Two counts when none is missing."""
        if db.value("memories.level_count", (user, task), user=user) == stored:
            return []
        return db.rows("memories.level_unembedded", (user, task), user=user)

    def _embed_missing(self, user, task) -> None:
        """Give the rows of the levels a recall reads (user level, and the task's) that were
        written without the embedder their vectors: one embed call for all of them, outside the
        lock, then one write transaction that stores each vector only if its row is still there
        unchanged (skipped while another connection holds the write lock: a recall never waits
        for it). Checked again only after a commit. Raises EmbedError as embed_texts does."""
        levels = [(user, None)] + ([(user, task)] if task is not None else [])
        with self._read() as db:
            stamp = (db.data_version(), self._commits)
            missing = []
            for level in levels:
                if self._embedded.get(level) != stamp:
                    stored = db.one("vectors.level_stamp", level, user=user)["count"]
                    found = self._unembedded(db, *level, stored)
                    if not found:
                        self._embedded[level] = stamp
                    missing += found
        if not missing:
            return
        vectors = self.embed_texts([text for _, text in missing])

        def fill(tx):
            self.check_embedder(tx.storage, len(vectors[0]) // 4, write=True)
            tx.storage.executemany("vectors.fill", ((vec, mid, text) for (mid, text), vec in zip(missing, vectors)),
                                   user=user)
        self._unless_locked(fill, "storing missing vectors")  # locked: words only this time, the next recall retries

    def _recall(self, db, hits, user, task, k, wanted, having=None):
        # Only contested entries are needed while choosing (they withhold); contradictions are
        # read afterwards for the chosen memories alone: a user can have thousands open.
        view = _ReadView(db, user, task)
        # Each as the next run will leave it (closed, or following a copy's survivor).
        contested = {c.b: c for c in (view.after_run(_conflict(r)) for r in db.execute(
            "conflicts.open_contested_entries", (user,), user=user)) if c is not None}
        view.contested = set(contested)
        chosen, seen_ids, same_fact, withheld, held = [], set(), {}, [], []
        scores, paths = {}, {}
        # One ranked stream read lazily: FTS sorts its matches once, however far we read.
        for batch in hits:
            if len(chosen) >= k:
                break
            ids = [h[0] for h in batch]
            found = {h[0]: h for h in batch}
            rows = {m.id: m for m in db.memories("memories.by_ids", ids, user=user, ids=len(ids), where=None)}
            for mid in ids:
                if len(chosen) >= k:
                    break  # what ranks below the k-th memory would not have been returned
                hit = rows.get(mid)
                if hit is None or hit.user != user or hit.task not in (None, task):
                    continue  # a hash collision across scopes is possible in theory: the row decides
                if hit.status == "quarantined":
                    if len(held) < k and (wanted is None or hit.attribute == wanted):
                        held.append(hit)  # never served: described to the user instead
                    continue
                for mem in view.stand_ins(hit):
                    if mem.id in seen_ids or (wanted is not None and mem.attribute != wanted) \
                            or not metadata_matches(mem, having):
                        continue
                    seen_ids.add(mem.id)
                    if mem.id in contested:
                        withheld.append((mem, contested[mem.id]))
                        continue
                    scores[mem.id], paths[mem.id] = found[mid][1], found[mid][2]
                    if mem.kind == "episodic":  # events stay events: one that happened twice is two
                        chosen.append(mem)
                        continue
                    # One fact once: the same text in any attribute family, or a near duplicate.
                    keys = [("norm", mem.norm)] + ([("sig", signature(mem.norm))] if mem.attribute is None else [])
                    same = next((same_fact[x] for x in keys if x in same_fact), None)
                    if same is not None:
                        if rank(mem) > rank(chosen[same]):  # trust decides which copy is shown
                            chosen[same] = mem
                        continue
                    for x in keys:
                        same_fact[x] = len(chosen)
                    chosen.append(mem)
        chosen = chosen[:k]
        chosen, settled = _settle_restated(db, chosen)
        notes, co_recalled = {}, []

        def note(side, text):
            notes[side] = f"{notes[side]}; {text}" if side in notes else text
        by_id = {m.id: m for m in chosen}
        ledger = [c for c in (view.after_run(_conflict(r)) for r in db.execute(
            "conflicts.open_noted_touching", (*by_id, *by_id), user=user, ids=len(by_id))) if c is not None] \
            if by_id else []
        paired = set()
        for c in ledger:
            if frozenset((c.a, c.b)) in settled:
                continue  # the run closes it as settled
            since = c.opened_at[:10]
            for side, other in ((c.a, c.b), (c.b, c.a)):
                if side in by_id and other not in contested:  # a withheld newcomer is the user's notice only
                    note(side, f"contradicts memory {other}, open since {since}" if c.kind == "contradiction"
                         else f"states the same as memory {other} with another value (ledger entry {c.id})")
            if c.a in by_id and c.b in by_id:
                paired.add(frozenset((c.a, c.b)))
                if c.kind == "contradiction":
                    co_recalled.append(c.id)
                chosen = _order_pair(chosen, by_id[c.a], by_id[c.b], view.policy(by_id[c.a].attribute))
        # Pairs consolidation has not seen yet. Keyed: the ones the group's policy decision
        # opens (a side is noted whether or not its partner is returned, as a ledger entry is).
        # In the order the run will open them, as the ledger's are ordered (by entry id) above.
        groups = set()
        for m in list(chosen):
            if m.attribute is None or m.kind != "semantic" or (m.attribute, m.task) in groups:
                continue
            groups.add((m.attribute, m.task))
            policy = view.policy(m.attribute)
            for a, b in view.openings(m.attribute, m.task):
                for side, other in ((a, b), (b, a)):
                    if side in by_id and other not in contested:  # a withheld newcomer: the user's notice only
                        note(side, f"contradicts memory {other} ({policy} attribute; not yet on the ledger)")
                if a in by_id and b in by_id:
                    chosen = _order_pair(chosen, by_id[a], by_id[b], policy)
        # Unattributed: by the same pure rules as the run's triage, among the returned facts.
        for i, a in enumerate(list(chosen)):
            for b in chosen[i + 1:]:
                if frozenset((a.id, b.id)) in paired or a.norm == b.norm or a.attribute is not None \
                        or b.attribute is not None:
                    continue
                if a.kind == b.kind == "semantic" and opposed(polarity(a.norm), polarity(b.norm)):
                    first, second = show_first(a, b)  # as consolidation's ledger entry will
                    note(first.id, f"contradicts memory {second.id} (not yet on the ledger)")
                    note(second.id, f"contradicts memory {first.id} (not yet on the ledger)")
                    chosen = _order_pair(chosen, a, b, DEFAULT_POLICY)
                elif a.attribute is None and b.attribute is None and changed_value(a.text, b.text):
                    first, second = show_first(a, b)
                    note(second.id, f"states the same as memory {first.id} with another value; "
                                    f"memory {first.id} is {'newer' if first.created_at > second.created_at else 'ranked higher'}")
                    note(first.id, f"states the same as memory {second.id} with another value")
                    chosen = _order_pair(chosen, a, b, DEFAULT_POLICY)
        notices = [f"memory {m.id} ({m.source} {m.origin}, unverified) contests memory {c.a} since "
                   f"{c.opened_at[:10]} (ledger entry {c.id}); withheld until you confirm or discard it: "
                   f"store.resolve({c.id}, keep={m.id}) confirms it, keep={c.a} discards it "
                   f"(python memory.py DB resolve {c.id} --keep ID)"
                   for m, c in withheld]
        notices += [_held_notice(db, m) for m in held]
        kept = {m.id for m in chosen}
        return Recall(chosen, notes, notices, {i: s for i, s in scores.items() if i in kept},
                      {i: p for i, p in paths.items() if i in kept}), co_recalled

    def _count_co_recalls(self, entry_ids):
        """Count co-recalls: bookkeeping that must never block or fail a recall, so it is
        skipped (uncounted) when another connection holds the write lock."""
        self._unless_locked(lambda tx: tx.storage.executemany(
            "conflicts.count_co_recall", [(tx.now, e) for e in entry_ids], user=ALL), "counting co-recalls")

    def _unless_locked(self, write, what: str) -> bool:
        """write(tx) in one transaction that never waits for another connection's write lock
        (a recall's own writes must not block it): False, nothing written, when it is held."""
        with self._lock:
            self._db()
            with self.storage.nowait(what):
                try:
                    with self.transaction() as tx:
                        write(tx)
                    return True
                except LockedError:
                    return False


# A memory id inside a ledger reason or resolution: "memory 3", "memories 3", "kept 3", "#3".
_ID_MENTION = re.compile(r"(\b(?:memory|memories|kept) |#)(\d+)\b")


class _NothingWritten(Exception):
    """Raised inside a transaction to roll back a write that found nothing to do."""

    def __init__(self, result):
        super().__init__("nothing written")
        self.result = result


# --- the read-time fold: what recall reads of consolidation's decisions -----------------------

def _held_notice(db, m) -> str:
    """The notice for a quarantined memory that a recall touched: what is held (its id and
    attribute, never its text, since notices may reach a model), from where, why (the reason of
    the write's audit event, when the gate left one), and the calls that release or discard it."""
    why = db.one("events.held_reason", (m.user, m.id), user=m.user)
    because = f"held by {why['gate'] or 'the write-gate'}: {why['reason']}" if why else "held by the write-gate"
    return (f"memory {m.id}{f' [{m.attribute}]' if m.attribute else ''} from {m.source} {m.origin} is held in "
            f"quarantine ({because}); never shown as a memory until you confirm it: gates.release(store, {m.id}) "
            f"confirms it, gates.discard(store, {m.id}) discards it (python gates.py DB release|discard {m.id})")


def _settle_restated(db, chosen):
    """Recall's reading of consolidate's settle_restated, among the returned facts without an
    attribute: a fact y loses to a fact x it changes (a date, time, quantity or tense:
    changed_value_slots, typed on both sides) or contradicts (opposed, or an open
    contradiction entry) when a trusted live user statement restating x (its near duplicate,
    still current) comes after every statement of y, unless y is on a contested entry.
    Returns (the facts without the losers, the settled pairs as frozensets of two ids). Reads
    each candidate side's near duplicates only (one index seek each)."""
    facts = [m for m in chosen if m.attribute is None and m.kind == "semantic"]
    if len(facts) < 2:
        return chosen, set()
    ids = [m.id for m in facts]
    entries = db.rows("conflicts.open_holding_touching", (*ids, *ids), user=facts[0].user, ids=len(ids))
    held = {x for a, b, kind in entries if kind == "contested" for x in (a, b)}
    opposite = {frozenset((a, b)) for a, b, kind in entries if kind == "contradiction"}
    slots = {m.id: {k for k, typed in changed_value_slots(m.text) if typed} for m in facts}
    pairs = [(x, y) for x in facts for y in facts if x is not y and y.id not in held and x.task == y.task and (
        frozenset((x.id, y.id)) in opposite or opposed(polarity(x.norm), polarity(y.norm))
        or (slots[x.id] & slots[y.id] and changed_value(x.text, y.text)))]
    if not pairs:
        return chosen, set()
    groups = {}
    for m in {m.id: m for pair in pairs for m in pair}.values():
        groups[m.id] = db.rows("memories.restatements", (m.user, m.id, m.task), user=m.user) \
            or [(m.created_at, False)]
    losers, settled = set(), set()
    for x, y in pairs:
        users = [clock for clock, settles in groups[x.id] if settles]
        if len(groups[x.id]) > 1 and users and max(users) > max(clock for clock, _ in groups[y.id]):
            losers.add(y.id)
            settled.add(frozenset((x.id, y.id)))
    return [m for m in chosen if m.id not in losers], settled


def _order_pair(chosen, a, b, policy):
    """Put the side to show first of a pair first, the other right after it."""
    first, second = show_first(a, b, policy)
    rest = [m for m in chosen if m.id not in (a.id, b.id)]
    at = min(chosen.index(a), chosen.index(b))
    return rest[:at] + [first, second] + rest[at:]


_JOINS = re.compile(r"[-:]")


def _query_words(words) -> list:
    """Query words with alternatives: the parts of words joined by hyphens or colons ("tea-time"
    -> "tea", "time"; "ada:tea" -> "ada", "tea"; function words among them add nothing), unless
    a part is one character or not letters, which makes the token a code ("City-Q", "B-52",
    "covid-19", "10:30": the code alone matches); and a dotted word's joined form ("node.js" ->
    "nodejs"). The whole word stays first, so an exact compound still matches as a phrase."""
    out = []
    for w in words:
        out.append(w)
        parts = _JOINS.split(w) if _JOINS.search(w) else ()
        if parts and all(len(p) > 1 and p.isalpha() for p in parts):  # "City-Q", "B-52", "10:30" are codes
            out.extend(p for p in parts if p not in FUNCTION_WORDS and p not in NEGATIONS)
        if "." in w and _compound(w):
            out.append(w.replace(".", ""))
    return out


def _query_phrases(query: str) -> list[list[str]]:
    """The query's content words (function words and negations dropped; all words if nothing
    else is left) as index-term phrases: a word that splits into several terms ("city-q") is a
    phrase, and the parts of a hyphen- or colon-joined word and a dotted word's joined form are
    alternatives (_query_words; OR, like every phrase); a run of an unspaced script gives one
    term per bigram."""
    words, negs = _content(_tokens(normalize(query)))
    if not words:
        words = [w for w in _tokens(normalize(query)) if w not in NEGATIONS]
    words = _query_words(words)
    out = []
    for terms in index_terms(words) if words else []:
        if any(_UNSPACED.search(t) for t in terms):  # bigrams; a lone character only for itself
            grams = [t for t in terms if len(_clusters(t)) > 1 or not _UNSPACED.search(t)] or terms
            out.extend([t] for t in grams)
        elif terms:
            out.append(terms)
    return list(map(list, dict.fromkeys(map(tuple, out))))


class _ReadView:
    """What recall reads of the fold: each attributed group as its policy decides it
    (Policy.decide, the very call consolidate makes) from the stored rows, their ledger entries
    and pending marks; the same answer before and after consolidation runs."""

    def __init__(self, db, user, task, contested=frozenset()):
        self.db, self.user, self.task, self.contested = db, user, task, contested
        self._policies, self._live, self._overrides, self._opened = {}, {}, {}, {}
        self._loaded = set()  # ledger sides whose group after_run has had decided
        self._after = {}      # ledger entry id -> the entry as the runs leave it (None: closed)

    def policy(self, attribute) -> str:
        if attribute is None:
            return DEFAULT_POLICY
        if attribute not in self._policies:
            self._policies[attribute] = self.db.value("attributes.policy", (attribute,), user=None) or DEFAULT_POLICY
        return self._policies[attribute]

    def live(self, attribute, level) -> list[Memory]:
        """The group's current rows that the fold keeps, newest first."""
        key = (attribute, level)
        if key not in self._live:
            rows = self.db.memories("memories.group", (self.user, attribute, level), user=self.user)
            retired = self._decide(attribute, rows) if len(rows) > 1 else set()
            self._live[key] = [m for m in reversed(rows) if m.id not in retired]
            self._opened.setdefault(key, [])
        return self._live[key]

    def _decide(self, attribute, rows) -> set:
        """Ids of a group's rows that consolidation retires, decided by its policy
        (Policy.decide) from the rows, their open ledger entries and their marks on the pending
        list, as the next run would. Records the group's ledger entries as the run leaves them,
        and the contradictions it opens (`openings`)."""
        ids = [m.id for m in rows]
        entries = [LedgerEntry(*(r[f] for f in LedgerEntry._fields)) for r in self.db.execute(
            "conflicts.live_holding_touching", (*HOLDING_KINDS, *ids, *ids), user=self.user,
            kinds=len(HOLDING_KINDS), ids=len(ids))]
        policy = POLICIES[self.policy(attribute)]
        marks = self.db.rows("pending.marks", ids, user=self.user, ids=len(ids)) if policy.replays else ()
        decision = policy.decide([(m.id, m.norm, rank_bits(m), m.created_at) for m in rows], entries,
                                 {i for i, _ in marks}, {i for i, fresh in marks if fresh})
        self._opened[attribute, rows[0].task] = decision.opened
        self._after.update(decision.entries)
        return {step[1] for step in decision.steps}

    def after_run(self, entry: Conflict):
        """An open ledger entry as consolidation will leave it: None when it closes (settled, a
        side retired, merged), else the entry, naming a copy's survivor in place of the copy.
        Only attributed groups are decided here; other entries are returned as they are."""
        for side in (entry.a, entry.b):
            if side not in self._loaded:
                self._loaded.add(side)
                row = self.db.one("memories.by_id", (side,), user=self.user)
                if row is not None and row["kind"] == "semantic" and row["attribute"] is not None \
                        and row["status"] == "current":
                    self.live(row["attribute"], row["task"])
        if entry.id not in self._after:
            return entry
        e = self._after[entry.id]
        return None if e is None else replace(entry, a=e.a, b=e.b)

    def openings(self, attribute, level) -> list[tuple]:
        """The (a, b) pairs consolidation will open as contradictions in a group (its policy's
        decisions), in the order it will open them."""
        found = self._opened.get((attribute, level))
        if found is None:
            self.live(attribute, level)
            found = self._opened[attribute, level]
        return found

    def overrides(self, attribute) -> list[Memory]:
        """The task's own live facts about an attribute: they hide user-level facts about it in
        the task. A contested newcomer hides nothing: it is unverified until the user confirms."""
        if attribute not in self._overrides:
            self._overrides[attribute] = [m for m in self.live(attribute, self.task) if m.id not in self.contested]
        return self._overrides[attribute]

    def stand_ins(self, mem: Memory) -> list[Memory]:
        """What a hit stands for: itself if the fold keeps it; a retired or not-yet-folded value
        of a replacing or immutable attribute stands for its group's kept rows, a copy of a
        coexisting (many) value for its kept copy, an unattributed retired fact for what its
        resolution chain ends in; a user-level fact overridden in the task for the task's facts."""
        if mem.kind == "semantic" and mem.attribute is not None:
            live = self.live(mem.attribute, mem.task)
            if any(m.id == mem.id for m in live):
                out = [mem]
            else:
                out = POLICIES[self.policy(mem.attribute)].stands_for(mem.norm, live)
                if out is None:
                    out = self._chain(mem)
        else:
            out = self._chain(mem)
        if self.task is not None:
            out = [x for m in out for x in (
                self.overrides(m.attribute) if m.task is None and m.attribute is not None
                and self.overrides(m.attribute) else [m])]
        return out

    def _chain(self, mem: Memory) -> list[Memory]:
        for _ in range(64):  # a resolution chain is acyclic; the bound only guards a damaged file
            if mem.status == "current":
                return [mem]
            row = self.db.one("memories.kept_over", (mem.id,), user=self.user)
            if row is None:
                return []
            mem = _memory(row)
        return []


# --- other memory systems' files, as import_memories items ------------------------------------

def mem0_scope(user_id=None, agent_id=None, run_id=None) -> tuple:
    """(user, task) of Mem0's session ids: user_id is the user and run_id the task level; with
    no user_id the user is "agent:<agent_id>", else "run:<run_id>" (at the user level). Raises
    InvalidMemory naming user_id when none is given (as Mem0 refuses), or for a bad id. The one
    mapping of adapters/mem0_compat.py and the Mem0 importer."""
    for name, value in (("user_id", user_id), ("agent_id", agent_id), ("run_id", run_id)):
        if value is not None:
            _check_key(name, value, optional=False)
    if user_id is not None:
        return user_id, run_id
    if agent_id is not None:
        return f"agent:{agent_id}", run_id
    if run_id is not None:
        return f"run:{run_id}", None
    raise InvalidMemory("user_id: expected at least one of user_id, agent_id or run_id (Mem0's session ids); "
                        "got none")


def mem0_ids(user: str, task, agent_id=None) -> tuple:
    """The inverse of mem0_scope: (user_id, agent_id, run_id) of a memory's scope, agent_id from
    its metadata."""
    if user.startswith("run:") and task is None and agent_id is None:
        return None, None, user[4:]
    if agent_id is not None and user == f"agent:{agent_id}":
        return None, agent_id, task
    return user, agent_id, task


def _utc_text(value, name: str):
    """An ISO 8601 time as UTC ISO 8601 with Z (a time without a zone is taken as UTC); None
    stays None; anything else raises InvalidMemory naming the field."""
    if value is None:
        return None
    try:
        when = datetime.fromisoformat(value.replace("Z", "+00:00") if isinstance(value, str) else value)
    except (TypeError, ValueError):
        raise _invalid(name, "an ISO 8601 time (e.g. 2024-07-20T01:30:00-07:00)", value) from None
    if when.tzinfo is None:
        when = when.replace(tzinfo=timezone.utc)
    return when.astimezone(timezone.utc).isoformat(timespec="microseconds").replace("+00:00", "Z")


def mem0_records(data) -> tuple[list, list]:
    """Mem0 memories (what get_all returns: {"results": [item, ...]}, a bare list of items, or
    {"memories": [...]}; each item {"id", "memory", "metadata", "created_at", "updated_at",
    "user_id", "agent_id", "run_id", ...}; graph "relations" are refused: they name no session
    id) as import_memories items, in created_at order. Mem0's
    memories are written by its LLM: source "model", authority "inferred", origin "mem0" (or
    "mem0:agent:<agent_id>"); scope by mem0_scope; metadata the item's own plus "agent_id"
    (as the facade keeps it) and "mem0_id" (its Mem0 id); recorded_at its created_at in UTC.
    Returns (items, refused) with refused as (key, reason); key is the Mem0 id (or
    "item <n>" without one). Pure."""
    listed = data.get("results", data.get("memories")) if isinstance(data, dict) else data
    if not isinstance(listed, list):
        raise _invalid("mem0 file", "Mem0's get_all output: {\"results\": [...]} or a list of memories", data)
    items, refused = [], []
    for n, rec in enumerate(listed, 1):
        key = rec.get("id") if isinstance(rec, dict) and isinstance(rec.get("id"), str) else f"item {n}"
        try:
            if not isinstance(rec, dict):
                raise _invalid("item", "a Mem0 memory {\"id\", \"memory\", ...}", rec)
            if rec.get("metadata") is not None and not isinstance(rec.get("metadata"), dict):
                raise _invalid("metadata", "a JSON object or null", rec.get("metadata"))
            inner = rec.get("metadata") or {}
            ids = {k: rec.get(k, inner.get(k)) for k in ("user_id", "agent_id", "run_id")}
            user, task = mem0_scope(**ids)
            meta = {k: v for k, v in inner.items() if k not in ids}
            extra = {"agent_id": ids["agent_id"], "mem0_id": rec.get("id")}
            clash = [k for k, v in extra.items() if v is not None and k in meta and meta[k] != v]
            if clash:
                raise _invalid("metadata", f"no key {clash[0]!r} (the importer keeps the Mem0 one there)",
                               meta[clash[0]])
            meta.update({k: v for k, v in extra.items() if v is not None})
            items.append({"key": key, "text": rec.get("memory"), "user": user, "task": task, "source": "model",
                          "authority": "inferred", "metadata": meta or None,
                          "origin": f"mem0:agent:{ids['agent_id']}" if ids["agent_id"] is not None else "mem0",
                          "recorded_at": _utc_text(rec.get("created_at"), "created_at")})
        except InvalidMemory as exc:
            refused.append((key, str(exc)))
    relations = data.get("relations") if isinstance(data, dict) else None
    for n, _ in enumerate(relations if isinstance(relations, list) else [], 1):  # Mem0's graph memory
        refused.append((f"relation {n}", "relation: a Mem0 graph relation names no user_id, agent_id or run_id; "
                                         "not imported"))
    items.sort(key=lambda it: it["recorded_at"] or "")  # stable: undated ones first, in file order
    return items, refused


MCP_MEMORY_ORIGIN = "mcp:server-memory"  # the MCP reference memory server (@modelcontextprotocol/server-memory)


def mcp_memory_records(lines, user: str) -> tuple[list, list]:
    """The MCP reference memory server's knowledge graph (its memory.jsonl: one JSON object per
    line, {"type": "entity", "name", "entityType", "observations": [str]} or {"type":
    "relation", "from", "to", "relationType"}) as import_memories items, all facts of `user`
    (the operator names whose graph it is). An observation becomes "<name>: <observation>", an
    entity without observations "<name> (<entityType>)", a relation "<from> <relationType>
    <to>", each with metadata naming the graph element (mcp_entity, mcp_entity_type;
    mcp_from, mcp_relation, mcp_to). The graph was written by a model through MCP tool calls:
    source "model", authority "inferred", origin MCP_MEMORY_ORIGIN. The file holds no times:
    recorded_at is the import's. Returns (items, refused) with refused as (key, reason): key
    "line <n>" (and the observation's index). Pure."""
    check_user(user)
    items, refused = [], []

    def item(key, text, meta):
        items.append({"key": key, "text": text, "user": user, "task": None, "source": "model",
                      "authority": "inferred", "origin": MCP_MEMORY_ORIGIN, "metadata": meta, "recorded_at": None})

    def named(rec, *names):  # every one a non-empty str
        return all(isinstance(rec.get(x), str) and rec.get(x).strip() for x in names)
    for n, line in enumerate(lines, 1):
        key = f"line {n}"
        if isinstance(line, str) and not line.strip():
            continue  # the server writes none, but an editor may leave one
        try:
            rec = json.loads(line) if isinstance(line, str) else line
        except json.JSONDecodeError as exc:
            refused.append((key, f"line {n}: not JSON ({exc.msg})"))
            continue
        kind = rec.get("type") if isinstance(rec, dict) else None
        if kind == "entity" and named(rec, "name", "entityType") and isinstance(rec.get("observations", []), list):
            meta = {"mcp_entity": rec["name"], "mcp_entity_type": rec["entityType"]}
            observations = rec.get("observations", [])
            if not observations:
                item(key, f"{rec['name']} ({rec['entityType']})", meta)
            for i, obs in enumerate(observations):
                if isinstance(obs, str) and obs.strip():
                    item(f"{key} observation {i}", f"{rec['name']}: {obs}", meta)
                else:
                    refused.append((f"{key} observation {i}", f"observation: expected a non-empty str; got {obs!r:.100}"))
        elif kind == "relation" and named(rec, "from", "to", "relationType"):
            item(key, f"{rec['from']} {rec['relationType']} {rec['to']}",
                 {"mcp_from": rec["from"], "mcp_relation": rec["relationType"], "mcp_to": rec["to"]})
        else:
            refused.append((key, f"line {n}: expected an entity {{type, name, entityType, observations}} or a "
                                 f"relation {{type, from, to, relationType}}; got {str(rec)[:100]!r}"))
    return items, refused


def check_export_header(records: list) -> dict:
    """The header of an export (records as parsed, a list of dicts): the first record must be
    {"type": "header", "format": "agent-memory", "schema_version": int}, as export() writes it.
    Raises InvalidMemory naming the field when it is missing or wrong, SchemaError when the
    version is newer than SCHEMA_VERSION. Reads only; import_records and `memory.py import`
    call it before anything is written (or any file is made)."""
    first = records[0] if records else None
    if not isinstance(first, dict) or first.get("type") != "header":
        got = "an empty file" if first is None else (first.get("type") if isinstance(first, dict) else first)
        raise InvalidMemory(f"import: record 1: type: expected the export header "
                            f"({{\"type\": \"header\", \"format\": \"{EXPORT_FORMAT}\", ...}}, as export writes "
                            f"it); got {got!r:.100}")
    if first.get("format") != EXPORT_FORMAT:
        raise _invalid("format", EXPORT_FORMAT, first.get("format"))
    version = first.get("schema_version")
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise _invalid("schema_version", "a positive int", version)
    if version > SCHEMA_VERSION:
        raise SchemaError(f"import: schema_version {version!r} is newer than the {SCHEMA_VERSION} this module "
                          f"supports; import with a newer memory.py")
    return first


IMPORT_FORMATS = ("agent-memory", "mem0", "mcp-memory")  # `memory.py DB import --from FORMAT`


# --- the review command line ------------------------------------------------------------------

def _row_json(item):
    out = {"type": type(item).__name__.lower()}
    out.update({k: (list(v) if isinstance(v, tuple) else v) for k, v in item.__dict__.items()})
    return out


def _level(task):
    return "(user)" if task is None else task


def _provenance(m: Memory) -> str:
    return f"{m.source}:{m.authority}:{m.trust} {m.origin}"


# History kinds in which the memory lost to `kept`, and how `show` words each.
_LOSING_KINDS = {"retired": "retired by", "superseded": "superseded by", "updated": "updated by",
                 "released": "released as"}


def _history_line(store: "MemoryStore", e: "HistoryEvent") -> str:
    """One line of `history` for a HistoryEvent: server clock, kind and what the kind carries."""
    head = f"  [{e.clock}] {e.recorded_at} {e.kind}"
    run = f"run {e.run}" if e.run is not None else "at write"
    if e.kind == "added":
        return (f"{head}: {e.source}:{e.authority}:{e.trust} {e.origin} authenticated={e.authenticated}, "
                f"decision {e.decision}, now {e.status}")
    if e.kind == "kept":
        return f"{head}: retired #{e.retired} ({e.rule}, {run})"
    if e.kind in _LOSING_KINDS:
        return f"{head}: {_LOSING_KINDS[e.kind]} #{e.kept} ({e.rule}, {run})"
    if e.entry is not None:
        other = store.get(e.other) if e.other is not None else None
        return (f"{head}: ledger entry #{e.entry} {e.state} with #{e.other} "
                f"{other.text if other else '(deleted)'!r}: {e.reason}")
    return f"{head}: {e.op} of {e.count} memories {list(e.ids)} ({e.reason})"


def main(argv=None) -> int:
    """`python memory.py DB COMMAND [options]`: look inside a store and settle it from the shell.

    Commands: users | list | show ID | history ID | conflicts | resolve ENTRY --keep ID |
    events | forget ID [--dry-run] | purge USER | purge-all --confirm 'purge all' | export |
    import FILE [--from mem0 | --from mcp-memory --user U] | backup OUT. Filters --user --task
    ('-' = the user level) --attribute --status (list: --metadata KEY=VALUE); --json on every
    command. Exit 0 ok, 1 nothing found or refused (one line on stderr naming the thing and the
    fix), 2 usage. The database must exist (only an import that writes something creates a
    missing one); the read commands (READ_COMMANDS, forget --dry-run) open it read-only
    (open_for_reading). DB may be a PostgreSQL URL (open_db: it loads adapters/postgres.py);
    backup, a copy of a SQLite file, then refuses and names pg_dump.
    """
    common = common_options()
    parser = argparse.ArgumentParser(prog="memory.py", description="Review an agent-memory store.",
                                     parents=[common], allow_abbrev=False)
    parser.add_argument("db", help=DB_HELP)
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    def command(name, help_text, *, filters=()):
        p = sub.add_parser(name, help=help_text, description=help_text, parents=[common], allow_abbrev=False)
        for flag in filters:
            p.add_argument(f"--{flag}", help={"user": "only this user", "task": "only this task ('-': user level)",
                                              "attribute": "only this attribute",
                                              "status": "current | retired | quarantined",
                                              "kind": " | ".join(CONFLICT_KINDS)}[flag])
        return p
    command("users", "every user, with counts by status and open ledger entries")
    command("list", "memories with status, provenance and what replaced what",
            filters=("user", "task", "attribute", "status")).add_argument(
        "--metadata", action="append", type=_metadata_pair, metavar="KEY=VALUE",
        help="only memories whose metadata has KEY equal to VALUE (JSON, else text); repeat to AND")
    command("show", "one memory: provenance, the whole chain of resolutions, ledger, audit").add_argument(
        "id", type=int)
    command("history", "what happened to one memory, in server-clock order (added, retired, updated, ledger, audit)").add_argument(
        "id", type=int)
    command("conflicts", "open ledger entries (every kind) and how to settle each", filters=("user", "kind"))
    p = command("resolve", "settle a ledger entry: keep one side, retire the other")
    p.add_argument("entry", type=int)
    p.add_argument("--keep", type=int, required=True, help="the memory id to keep")
    command("events", "the audit of forget, purge and import", filters=("user",))
    p = command("forget", "delete a memory and what it retired (audited, text gone)")
    p.add_argument("id", type=int)
    p.add_argument("--dry-run", action="store_true", help="list every id it would delete, and why; delete nothing")
    p.add_argument("--reason", default="forget (command line)")
    p = command("purge", "delete every memory of a user (audited, text gone)")
    p.add_argument("user")
    p.add_argument("--task", help="only this task ('-': user level); default every level")
    command("purge-all", "delete every memory of every user (a reset; audited, text gone)").add_argument(
        "--confirm", required=True, help=f"must be exactly {PURGE_ALL_CONFIRM!r}")
    command("export", "JSON lines on stdout: header, policies, memories, resolutions, ledger",
            filters=("user",))
    p = command("import", "JSON lines from FILE (or - for stdin); rows arrive as source import")
    p.add_argument("file")
    p.add_argument("--from", dest="source_format", choices=IMPORT_FORMATS, default="agent-memory",
                   help="the file's format: this store's export (default), Mem0's get_all/export JSON, or the "
                        "MCP memory server's memory.jsonl (needs --user)")
    p.add_argument("--user", help="with --from mcp-memory: the user whose knowledge graph it is")
    command("backup", "online, consistent copy of a SQLite file to a new file (PostgreSQL: pg_dump)").add_argument(
        "out")
    args = common_values(parser.parse_args(argv))
    if args.command == "backup" and is_database_url(args.db):
        return report_error("memory.py", StoreError(
            "backup copies a SQLite file; for a PostgreSQL database use pg_dump (pg_dump --format=custom "
            "--file OUT.dump URL), or this store's own export (python memory.py URL export > OUT.jsonl)"))
    for flag in ("user", "task", "attribute"):
        value = getattr(args, flag, None)
        if value is not None and not value.strip():
            parser.error(f"--{flag}: expected a non-empty value; got {value!r}")
    if getattr(args, "status", None) not in (None, *STATUSES):
        parser.error(f"--status: expected {' | '.join(STATUSES)}; got {args.status!r}")
    if getattr(args, "kind", None) not in (None, *CONFLICT_KINDS):
        parser.error(f"--kind: expected {' | '.join(CONFLICT_KINDS)}; got {args.kind!r}")
    if args.command == "import" and args.user and args.source_format != "mcp-memory":
        parser.error(f"--user applies to --from mcp-memory only ({args.source_format} records name their users)")
    try:
        records = None
        if args.command == "import" and args.source_format == "agent-memory":  # read and checked before any file is made
            records = _read_jsonl(args.file)
            check_export_header(records)
        elif args.command == "import":
            if args.source_format == "mcp-memory" and not args.user:
                parser.error("--from mcp-memory: --user U is required (whose knowledge graph the file is)")
            text = _read_file(args.file)
            records = (mcp_memory_records(text.splitlines(), args.user) if args.source_format == "mcp-memory"
                       else mem0_records(_json_or_lines(text, args.file)))
        if records is not None and not is_database_url(args.db) and not os.path.exists(args.db):
            with MemoryStore(":memory:") as probe:  # what a fresh file would get: nothing, then no file
                done = (probe.import_records(records) if args.source_format == "agent-memory"
                        else probe.import_memories(records[0]))
                if not done.added:
                    return _command(probe, args, records, done)
        with (open_for_reading(args.db, timeout=args.timeout) if args.command in READ_COMMANDS or
              getattr(args, "dry_run", False) else
              open_db(args.db, timeout=args.timeout, create=None if args.command == "import" else False)) as store:
            if getattr(store, "scrub_pending", False):  # read-only: the erased text may still be in the -wal file
                print(f"memory.py: note: an erasure's scrub is pending in {redacted(args.db)}; any write command (or "
                      "MemoryStore(path)) with write access finishes it", file=sys.stderr)
            return _command(store, args, records)
    except BrokenPipeError:
        sys.stdout = open(os.devnull, "w")  # the reader left (| head): nothing more to say
        return 0
    except (StoreError, ValueError, OSError) as exc:
        return report_error("memory.py", exc)


def _metadata_pair(text: str) -> tuple:
    """The argparse type of `list --metadata KEY=VALUE`: (key, value), VALUE read as JSON (1,
    true, "x", [..]) when it is JSON, else as the text itself; no "=" is a usage error."""
    key, sep, value = text.partition("=")
    if not sep or not key:
        raise argparse.ArgumentTypeError(f"expected KEY=VALUE; got {text!r}")
    try:
        return key, json.loads(value)
    except json.JSONDecodeError:
        return key, value


# Commands that only read: they open the store with readonly=True (no file created, a read-only
# file or directory is enough).
READ_COMMANDS = ("users", "list", "show", "history", "conflicts", "events", "export")


# The command lines (and the adapters' --db / path arguments) name a store by a file path or by
# a PostgreSQL URL. Only a URL loads adapters/postgres.py and its one package, psycopg: the core
# itself never imports an adapter, so it stays standard library only.
DATABASE_URL_SCHEMES = ("postgresql://", "postgres://")
DB_HELP = ("the memory database: a file path, or a PostgreSQL URL (postgresql://USER@HOST:PORT/DBNAME "
           "or postgres://..., libpq's URI form; loads adapters/postgres.py, which needs psycopg 3)")


def redacted(target: str) -> str:
    """A DB argument as messages show it: a URL's password replaced by *** (a path unchanged).
    Every message naming a PostgreSQL store goes through this, so a password never reaches a
    terminal, a log or a hint to copy."""
    return re.sub(r"(://[^/:@]*):[^@/]*@", r"\1:***@", target) if is_database_url(target) else target


def is_database_url(target) -> bool:
    """Whether a command line's DB argument is a PostgreSQL URL (DATABASE_URL_SCHEMES, any case)
    rather than a file path."""
    return isinstance(target, str) and target.lower().startswith(DATABASE_URL_SCHEMES)


def open_db(target: str, *, timeout: float = 5.0, **options) -> "MemoryStore":
    """The one home of "path or URL -> store" for the command lines and adapters. A PostgreSQL
    URL (is_database_url) opens `adapters.postgres.open_store(target, timeout=timeout,
    **options)`, the adapter imported here on first use and nowhere else in the core (it takes
    create=, readonly= and MemoryStore's other keywords that are not SQLite's); anything else is
    `MemoryStore(target, timeout=timeout, **options)`. timeout: seconds to wait for another
    writer's lock. Raises StoreError naming the package to install when psycopg (or
    adapters/postgres.py) cannot be imported, and whatever the store raises on opening."""
    if not is_database_url(target):
        return MemoryStore(target, timeout=timeout, **options)
    import importlib  # only on this path: a file path never touches the adapter
    try:
        return importlib.import_module("adapters.postgres").open_store(target, timeout=timeout, **options)
    except ModuleNotFoundError as exc:  # at the adapter's import, or at its first use of psycopg
        if exc.name and exc.name.split(".")[0] == "psycopg":
            raise StoreError(f"a PostgreSQL URL needs psycopg 3, which is not installed ({exc}): "
                             "pip install 'psycopg[binary]'") from None
        if exc.name in ("adapters", "adapters.postgres"):
            raise StoreError("a PostgreSQL URL needs adapters/postgres.py (the project's adapters/ folder beside "
                             f"memory.py, on the Python path); not found: {exc}") from None
        raise


def open_for_reading(path: str, *, timeout: float) -> "MemoryStore":
    """The store the read commands of the three command lines review: read-only (no file made;
    a read-only file or directory is enough), unless the file must first be migrated or its
    derived columns rebuilt, which only a writable open does; where this process cannot write,
    the read-only store's ReadOnlyError (naming the fix) is raised. A PostgreSQL URL opens
    through open_db, read-only and never creating a store."""
    if is_database_url(path):  # no file to create or to migrate by a writable open
        return open_db(path, timeout=timeout, create=False, readonly=True)
    try:
        return MemoryStore(path, timeout=timeout, create=False, readonly=True)
    except ReadOnlyError as exc:
        try:
            return MemoryStore(path, timeout=timeout, create=False)
        except StoreError:
            raise exc from None


def common_options() -> argparse.ArgumentParser:
    """The options of every command of the command lines (memory.py, gates.py), accepted before
    or after the command: --json (print JSON) and --timeout S (seconds, see `seconds`). Give
    it as parents= to the parser and to each command's; read the values with common_values."""
    common = argparse.ArgumentParser(add_help=False)
    # SUPPRESS: an option given before the command is not overwritten by the command's default
    common.add_argument("--json", action="store_true", default=argparse.SUPPRESS, help="print JSON")
    common.add_argument("--timeout", type=seconds, default=argparse.SUPPRESS,
                        help="seconds to wait for another writer's lock (default 30)")
    return common


def common_values(args: argparse.Namespace) -> argparse.Namespace:
    """args with common_options' defaults filled in (json False, timeout 30.0 s); returns args."""
    args.json, args.timeout = getattr(args, "json", False), getattr(args, "timeout", 30.0)
    return args


def seconds(text: str) -> float:
    """The argparse type of every command line's --timeout: seconds in (0, 86400]; anything
    else is a usage error (exit 2)."""
    try:
        value = float(text)
    except ValueError:
        value = math.nan
    if not 0 < value <= MAX_TIMEOUT_S:
        raise argparse.ArgumentTypeError(f"expected seconds > 0 and <= {MAX_TIMEOUT_S:g}; got {text!r}")
    return value


def _read_file(path: str) -> str:
    """The text of an import file (or stdin for "-"); InvalidMemory says why it cannot be read."""
    try:
        if path == "-":
            return sys.stdin.read()
        with open(path, encoding="utf-8") as f:
            return f.read()
    except OSError as exc:
        raise InvalidMemory(f"import: cannot read {path!r}: {exc.strerror or exc}") from None
    except UnicodeDecodeError:
        raise InvalidMemory(f"import: {path}: not UTF-8 text; expected JSON") from None


def _json_or_lines(text: str, path: str):
    """One JSON document, or JSON lines (a list of their values); InvalidMemory names the line."""
    try:
        return json.loads(text)
    except json.JSONDecodeError:
        pass
    out = []
    for n, line in enumerate(text.splitlines(), 1):
        if line.strip():
            try:
                value = json.loads(line)
            except json.JSONDecodeError as exc:
                raise InvalidMemory(f"import: {path}: line {n}: not JSON ({exc.msg})") from None
            out.extend(value.get("results", [value]) if isinstance(value, dict) else [value])
    return out


def _read_jsonl(path: str) -> list:
    """The records of an export file (or stdin for "-"); InvalidMemory names the file and the
    line that is not UTF-8 JSON, or why the file cannot be read."""
    try:
        source = sys.stdin if path == "-" else open(path, encoding="utf-8")
    except OSError as exc:
        raise InvalidMemory(f"import: cannot read {path!r}: {exc.strerror or exc}; expected an export "
                            f"file (python memory.py DB export > FILE)") from None
    n = 0
    try:
        records = []
        for n, line in enumerate(source, 1):
            if line.strip():
                try:
                    records.append(json.loads(line))
                except json.JSONDecodeError as exc:
                    raise InvalidMemory(f"import: {path}: line {n}: not JSON ({exc.msg})") from None
        return records
    except UnicodeDecodeError:
        raise InvalidMemory(f"import: {path}: line {n + 1}: not UTF-8 text; expected an export file "
                            f"(JSON lines)") from None
    finally:
        if source is not sys.stdin:
            source.close()


def _command(store: MemoryStore, args, records=None, imported=None) -> int:
    out = []  # (human line, json item)
    nothing = "nothing found"  # what an empty result says on stderr
    task = None if getattr(args, "task", None) == "-" else (getattr(args, "task", None) or ALL)
    users = [args.user] if getattr(args, "user", None) else store.users()
    if args.command == "users":
        nothing = "no memories in this store"
        for user in store.users():
            counts = {s: len(store.memories(user, status=s)) for s in STATUSES}
            entries = len(store.conflicts(user, kinds=None))
            out.append((f"{user}: {counts['current']} current, {counts['retired']} retired, "
                        f"{counts['quarantined']} quarantined, {entries} open ledger entr(ies); "
                        f"levels: {', '.join(_level(t) for t in store.tasks(user))}",
                        {"user": user, **counts, "open_entries": entries, "tasks": store.tasks(user)}))
    elif args.command == "list":
        nothing = (f"no memories match (users: {', '.join(store.users()[:10]) or 'none'}; "
                   f"try `python memory.py {store.path} list` without filters)")
        for user in users:
            rows = store.memories(user, task, status=args.status, attribute=args.attribute,
                                  metadata=dict(args.metadata or ()))
            why = {r.retired: r for r in store.resolutions(user)}
            ledger = store.conflicts(user, kinds=None)
            for m in rows:
                line = (f"#{m.id} {m.status:<11} {user}/{_level(m.task)} [{m.attribute or '-'}] "
                        f"{_provenance(m)}: {m.text!r}")
                item = {"memory": _row_json(m)}
                if m.metadata is not None:
                    line += f"\n      metadata: {canonical_metadata(m.metadata)}"
                if m.id in why:
                    r = why[m.id]
                    line += f"\n      retired by #{r.kept} ({r.rule}, run {r.run if r.run is not None else 'at write'})"
                    item["retired_by"] = _row_json(r)
                for c in ledger:
                    if m.id in (c.a, c.b):
                        line += f"\n      ledger entry #{c.id}: {c.kind} with #{c.b if m.id == c.a else c.a}"
                        item.setdefault("ledger", []).append(_row_json(c))
                out.append((line, item))
    elif args.command in ("show", "history"):
        m = store.get(args.id)
        items = store.history(args.id)
        if m is None and not items:
            raise StoreError(f"no memory with id {args.id} (and no audit of one); list ids with "
                             f"`python memory.py {store.path} list`")
        if args.command == "show" and m is not None:
            out.append((f"#{m.id} {m.status} {m.user}/{_level(m.task)} [{m.attribute or '-'}] {m.kind}\n"
                        f"  text: {m.text!r}\n  provenance: {_provenance(m)} authenticated={m.authenticated}\n"
                        f"  server clock {m.created_at}, recorded {m.recorded_at}"
                        + (f"\n  metadata: {canonical_metadata(m.metadata)}" if m.metadata is not None else ""),
                        {"memory": _row_json(m)}))
            chain, seen = [], {m.id}
            cursor = m
            while cursor is not None:  # upward: what replaced it, up to the current memory
                step = next((e for e in store.history(cursor.id)
                             if e.kind in _LOSING_KINDS and e.retired == cursor.id), None)
                if step is None or step.kept in seen:
                    break
                seen.add(step.kept)
                cursor = store.get(step.kept)
                chain.append((step, cursor))
            for step, keeper in chain:
                out.append((f"  {_LOSING_KINDS[step.kind]} #{step.kept} ({step.rule}, run "
                            f"{step.run if step.run is not None else 'at write'}): "
                            f"{keeper.text if keeper else '(deleted)'!r} [{keeper.status if keeper else '-'}]",
                            {"replaced_by": _row_json(step), "keeper": _row_json(keeper) if keeper else None}))
            for e in items:  # downward: what it retired
                if e.kind == "kept":
                    loser = store.get(e.retired)
                    out.append((f"  retired #{e.retired} ({e.rule}): {loser.text if loser else '(deleted)'!r}",
                                {"retired": _row_json(e)}))
        for e in items:
            if args.command == "show" and e.kind in ("added", "kept", *_LOSING_KINDS):
                continue
            out.append((_history_line(store, e), _row_json(e)))
    elif args.command == "conflicts":
        nothing = "no open ledger entries" + (f" for {args.user!r}" if args.user else "")
        for user in users:
            for c in store.conflicts(user, kinds=(args.kind,) if args.kind else None):
                a, b = store.get(c.a), store.get(c.b)
                out.append((f"entry #{c.id} {c.kind} ({user}, open since {c.opened_at[:10]}): #{c.a} "
                            f"{a.text if a else '?'!r} vs #{c.b} {b.text if b else '?'!r}; {c.reason}\n"
                            f"      settle: python memory.py {store.path} resolve {c.id} --keep {c.a}  (or --keep {c.b})",
                            _row_json(c)))
    elif args.command == "resolve":
        try:
            done = store.resolve(args.entry, keep=args.keep)
        except InvalidMemory as e:  # the command line's name for the entry, not the API's parameter
            if str(e).startswith("conflict_id:"):
                raise InvalidMemory("ENTRY" + str(e)[len("conflict_id"):]) from None
            raise
        out.append((f"entry #{args.entry} settled: kept #{args.keep}" +
                    "".join(f"; retired #{r.retired} ({r.rule})" for r in done),
                    {"entry": args.entry, "kept": args.keep, "resolutions": [_row_json(r) for r in done]}))
    elif args.command == "events":
        nothing = "no audit events" + (f" for {args.user!r}" if args.user else "")
        for e in store.events(args.user):
            out.append((f"#{e.id} {e.op} {e.user} at {e.recorded_at}: {e.count} ids {list(e.ids)} ({e.reason})",
                        _row_json(e)))
    elif args.command == "forget" and args.dry_run:
        ids = store.forget(args.id, dry_run=True)
        if not ids:
            raise StoreError(f"no memory with id {args.id}; nothing would be deleted")
        for i in ids:
            step = next((e for e in store.history(i) if e.kind in _LOSING_KINDS and e.retired == i), None)
            if i == args.id or step is None:
                out.append((f"#{i} would be deleted: the id itself", {"id": i, "reason": "the id itself"}))
            else:
                out.append((f"#{i} would be deleted: retired by #{step.kept} ({step.rule}), so it cannot become "
                            "current again", {"id": i, "reason": "retired by", "retired_by": step.kept,
                                              "rule": step.rule}))
        out.append((f"dry run: {len(ids)} memories would be deleted; nothing deleted", None))
    elif args.command == "forget":
        ids = store.forget(args.id, reason=args.reason)
        if not ids:
            raise StoreError(f"no memory with id {args.id}; nothing deleted")
        out.append((f"deleted {len(ids)} memories: {ids}", {"count": len(ids), "ids": ids}))
    elif args.command == "purge":
        ptask = ALL if args.task is None else (None if args.task == "-" else args.task)
        n = store.purge(args.user, ptask)
        if not n:
            raise StoreError(f"no memories for user {args.user!r} at that level; nothing deleted")
        out.append((f"deleted {n} memories of {args.user}", {"count": n}))
    elif args.command == "purge-all":
        n = store.purge_all(confirm=args.confirm)
        out.append((f"deleted {n} memories of every user", {"count": n}))
    elif args.command == "export":
        if args.user is not None:
            require_user(store, args.user)
        for rec in store.export(args.user):
            print(json.dumps(rec, ensure_ascii=False))
        return 0
    elif args.command == "import" and args.source_format != "agent-memory":
        items, refused = records
        done = imported or store.import_memories(items)
        refused = refused + done.refused
        line = (f"imported {done.memories} memories from {args.source_format}; {len(done.already)} were imported "
                f"before (not written again); refused {len(refused)}"
                + "".join(f"\n  {key}: {why}" for key, why in refused))
        item = {"format": args.source_format, "memories": done.memories, "already": done.already,
                "refused": refused, "ids": {str(k): v for k, v in done.ids.items()}}
    elif args.command == "import":
        done = imported or store.import_records(records)
        line = (f"imported {done.memories} memories, {done.resolutions} resolutions, {done.entries} ledger "
                f"entries, {done.policies} policies; {len(done.already)} records were imported before (not "
                f"written again); refused {len(done.refused)}"
                + "".join(f"\n  record {n}: {why}" for n, why in done.refused))
        item = {"memories": done.memories, "resolutions": done.resolutions, "entries": done.entries,
                "policies": done.policies, "already": done.already, "refused": done.refused,
                "ids": {str(k): v for k, v in done.ids.items()}}
    if args.command == "import":
        if not done.added:  # exit 1; nothing was written, and a missing file was not created
            if args.json:
                print(json.dumps([item], indent=2, ensure_ascii=False))
            print(line, file=sys.stderr)
            print(f"nothing imported into {redacted(args.db)}; nothing written" + (
                "" if is_database_url(args.db) or os.path.exists(args.db) else " (no file created)"), file=sys.stderr)
            return 1
        out.append((line, item))
    elif args.command == "backup":
        store.backup(args.out)
        out.append((f"backed up to {args.out}", {"backup": args.out}))
    return emit(out, as_json=args.json, nothing=nothing)


def require_user(store: "MemoryStore", user: str) -> None:
    """For the command lines: raise StoreError naming the users the store knows (the first ten)
    when `user` has no memories in it. Reads only."""
    known = store.users()
    if user not in known:
        raise StoreError(f"no memories for user {user!r} (users: {', '.join(known[:10]) or 'none'})")


def report_error(prog: str, exc: BaseException) -> int:
    """Print a command line's failure as one line on stderr ("PROG: error: ..."), naming the
    --timeout flag where the library's message names the timeout= argument; returns 1. The
    one error reporter of memory.py, consolidate.py and gates.py (adapters use it too)."""
    message = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
    if isinstance(exc, LockedError):
        message += " (on the command line: --timeout SECONDS)"
    print(f"{prog}: error: {message}", file=sys.stderr)
    return 1


def emit(rows, *, as_json: bool, nothing: str = "nothing found") -> int:
    """Print a command's result: rows are (human text, JSON-ready item) pairs, printed as text
    lines or one JSON list (an item None is a text-only line). Returns the exit code: 0 when there was something; 1 when nothing,
    with `nothing` on stderr (and [] on stdout for --json). gates.py's command line prints
    through it too. A closed pipe (`| head`) ends the output quietly."""
    try:
        if as_json:
            print(json.dumps([item for _, item in rows if item is not None], indent=2, ensure_ascii=False))
        else:
            for line, _ in rows:
                print(line)
        sys.stdout.flush()
    except BrokenPipeError:
        sys.stdout = open(os.devnull, "w")  # the reader left; nothing more to say
        return 0
    if not rows:
        print(nothing, file=sys.stderr)
    return 0 if rows else 1


if __name__ == "__main__":
    # Run as a script this module is __main__; the adapter a URL loads imports "memory": let that
    # be this module, so that its errors are the classes main() catches.
    sys.modules.setdefault("memory", sys.modules[__name__])
    sys.exit(main())
