"""A LangGraph `BaseStore` over MemoryStore, so LangGraph graphs and LangMem's memory tools read
and write this project's memory (provenance, write-gates, consolidation, forgetting), keeping
LangGraph's store contract (LangGraph's own store suites pass: eval/langgraph_suite.py).

Needs `langgraph` (`pip install langgraph`); the core modules stay stdlib-only.

    from memory import MemoryStore
    from adapters.langgraph_store import MemoryBaseStore
    store = MemoryBaseStore(MemoryStore("memory.db"))            # GuardGate, source "model"
    store = MemoryBaseStore("postgresql://app@db.internal/memory")  # a path or URL: memory.open_db
    store = MemoryBaseStore(MemoryStore("memory.db"), index={"embed": embeddings, "dims": 1536,
                                                              "fields": ["text"]})
    graph = builder.compile(store=store)

How BaseStore maps onto memories (adapters/README.md has the same with examples):

Namespaces. Any namespace LangGraph accepts is stored. A namespace that fits a template maps to
a scope (user, task): templates are tuples of labels in which "{user}" (required, once) and
"{task}" (optional, once) are slots and every other label is literal. DEFAULT_TEMPLATES accepts
LangMem's ("memories", "{user}") and LangGraph's ("{user}", "memories"), each optionally followed
by "{task}". Any other namespace is its own scope: user NAMESPACE_USER_PREFIX + the namespace as
canonical JSON (`namespace_user`: ("test", "foo") -> 'langgraph:["test","foo"]'), task None.
The encoding is injective, so two namespaces never share a scope, and a scope is isolated from
every other one as two users are; a template slot may not bind a user beginning with the prefix
(InvalidNamespaceError), so a template scope and a namespace scope never meet either. A
namespace two templates read as different scopes is refused (possible only with custom
templates).

Keys. A key is an attribute of the memory at that level: a key already in normal form (what
memory.normalize leaves unchanged) is the attribute itself, so key "diet" is the attribute `diet`
the rest of the project uses; any other key is stored as the attribute "key~" + the hex of its
UTF-8 bytes, so every key round-trips exactly. A memory without an attribute (written natively)
is shown with the key "ID:<memory id>"; it can be read and deleted by that key but not written.

Values. The value dict is kept as LangGraph gives it, in the memory's metadata
({"langgraph": {"value": value, "index": <the put's index argument>}}), and comes back equal (as
JSON: tuples come back as lists; a value that is not JSON, or whose canonical JSON exceeds
memory.MAX_METADATA_BYTES, raises InvalidMemory and nothing is written). The memory's text,
which is what the gate judges and recall searches, is extracted from the value
(`value_to_text`): the texts at the index "fields" when the store's index names fields other
than "$", else the documented default: {"content": str} alone (LangMem's shape) is that str;
any other value is one "path: <JSON scalar>" line per scalar leaf (nested keys joined by ".";
values quoted as JSON, so the gate reads a record's fields, not sentences or orders), or its JSON
when it has none. A memory written natively (no such metadata) reads back as its text parsed as
a JSON object, else {"content": text}.

Writes. put is `gates.remember(Candidate(text, user, task, attribute=key, metadata=...), gate,
store)` with the adapter's provenance: default source "model", origin "langgraph",
authenticated (what a graph or LangMem puts is the model's own inference about the user,
authority "inferred", served as such and never outranking the user, with the risk classes held;
source="tool" is the strict mode, judging puts as a tool's content; pass source="user" only for
text the user typed). Putting an existing key supersedes the old memory through the gate, or through the fold run for
that level at once; the old row stays stored and retired. A rejected put (nothing stored) raises
WriteNotServed. A held put (quarantined, or contested: stored unverified against a trusted
memory) is stored and put returns normally; with raise_held=True it raises WriteNotServed.

Reads. An item is one key at one level: of that key's stored versions that are not retired,
the newest one if it is held, else the one recall serves first (for an attribute with several
current values). So a graph reads back what it wrote, even when the gate holds it from recall.
Every item returned is a StoredItem / StoredSearchItem: `.status` is "current", "quarantined"
or "contested" (the mark of a held value: recall, render and the other adapters never serve
it as a fact) and `.memory_id` is the memory. created_at is the key's oldest stored version,
updated_at the returned one (both recorded_at, UTC).

search(prefix, query=None, filter=None, limit, offset) reaches every namespace under the prefix;
filter works on the value dict as in InMemoryStore ($eq $ne $gt $gte $lt $lte, nested dicts).
Without a query: every item passing the filter, newest write first (as LangGraph's SQL stores
order by updated_at), score None. With a query: every item passing the filter is a candidate,
ranked with a float score. With an embedder in `index`, the score is LangGraph's: the highest
cosine similarity between the query and the item's field vectors (one per text at the index
fields, or the put's `index` paths; a put with index=False has no vectors and score None, after
the scored ones). Without one, each scope is ranked by the store's recall and an item's score
is recall's (Recall.scores: larger is better; BM25 for the words, fused with vectors when the
MemoryStore has an embedder, MemoryStore(path, embed=...)); recall's hits of every scope come
first, merged by score, then what recall did not return, score 0.0, newest write first (a
Recall without scores would give its r-th hit, from 0, 1 / (r + 1)). Vectors are computed by
`index["embed"]` (anything langgraph's ensure_embeddings accepts) when a search first needs
them, one embed_documents call per search, and kept in this object for its life (keyed by memory
id and server clock, so an erased or rewritten memory never reuses one). For the project's fused
recall instead, give the embedder to MemoryStore(path, embed=...) and none in `index`.

The one principled difference: a search whose prefix leaves a template's user slot open (such
as () or ("memories",) under the defaults) would return the memories of every user the deployer
bound through that slot, chosen by whatever is stored rather than by the caller; when it would
reach any such namespace it raises CrossUserSearchError (an InvalidNamespaceError). Search within
one user's namespace instead. A prefix that reaches only non-template namespaces is searched as
LangGraph does (so () works in a store that binds no user). list_namespaces lists every stored
namespace (it names namespaces, it returns no memory).

delete(namespace, key) forgets every memory under that key at that level (store.forget: text
erased, audited). list_namespaces lists, for every stored scope, its namespace (a template level
in each template's form; prefix, suffix, "*" wildcards, max_depth, limit and offset as
LangGraph), sorted. TTLs are not supported (supports_ttl False). batch runs the ops in order on
the calling thread; abatch runs batch on a worker thread, so the event loop never waits on
SQLite. One MemoryStore may be shared by threads.
"""

from __future__ import annotations

import asyncio
import json
import math
import os
import re
import sys
import threading
from collections.abc import Iterable, Mapping
from datetime import datetime
from typing import Any

_ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if _ROOT not in sys.path:  # the core modules sit one level up
    sys.path.insert(0, _ROOT)

from langgraph.store.base import (  # noqa: E402
    BaseStore, GetOp, InvalidNamespaceError, Item, ListNamespacesOp, MatchCondition, Op, PutOp, Result,
    SearchItem, SearchOp, ensure_embeddings, get_text_at_path, tokenize_path,
)

from consolidate import Scope, consolidate  # noqa: E402
from gates import Candidate, GuardGate, remember  # noqa: E402
from memory import ALL, SOURCES, InvalidMemory, MemoryStore, normalize, open_db  # noqa: E402

__all__ = ["MemoryBaseStore", "WriteNotServed", "CrossUserSearchError", "StoredItem", "StoredSearchItem",
           "DEFAULT_TEMPLATES", "NAMESPACE_USER_PREFIX", "namespace_user", "user_namespace", "key_to_attribute",
           "attribute_to_key", "value_to_text", "text_to_value"]

USER, TASK = "{user}", "{task}"
DEFAULT_TEMPLATES = (("memories", USER), (USER, "memories"), ("memories", USER, TASK), (USER, "memories", TASK))
NAMESPACE_USER_PREFIX = "langgraph:"  # the users that hold a namespace no template fits
META = "langgraph"  # the metadata key holding the LangGraph value
KEY_PREFIX = "key~"  # attributes that encode a key not in normal form
_ID_KEY = re.compile(r"ID:([1-9][0-9]{0,18})\Z")
_HEX = re.compile(r"(?:[0-9a-f]{2})+\Z")
SERVED_K = 50  # how many memories one key's recall may return (several only for "many" attributes)
HELD = ("quarantined", "contested")


class WriteNotServed(Exception):
    """A put that recall will not serve. action: "reject" (nothing stored; always raised),
    "quarantine" (stored, held for the user's review) or "contested" (stored unverified against a
    trusted memory); the last two only with raise_held=True. reason: the gate's reason code;
    decision: the gates.Decision; memory: the stored Memory or None; namespace and key: where the
    put went."""

    def __init__(self, action, decision, memory, namespace, key):
        self.action, self.reason, self.decision, self.memory = action, decision.reason, decision, memory
        self.namespace, self.key = namespace, key
        what = {"reject": "rejected by the write-gate; nothing was stored",
                "quarantine": "held in quarantine for the user to review; recall will not serve it",
                "contested": "stored unverified: it conflicts with a trusted memory (such as the user's own "
                             "statement), so recall keeps serving that one"}[action]
        stored = f" as memory {memory.id}" if memory is not None else ""
        super().__init__(f"put {namespace!r} key {key!r}{stored}: {what} ({decision.reason})")


class CrossUserSearchError(InvalidNamespaceError):
    """A search prefix that leaves a template's user slot open while namespaces of bound users are
    stored under it: it would return several users' memories. The one place this store refuses
    what LangGraph's stores answer (see the module docstring)."""


class StoredItem(Item):
    """An Item with its memory: status "current", "quarantined" or "contested" (held: recall does
    not serve it as a fact) and memory_id."""

    __slots__ = ("status", "memory_id")

    @property
    def held(self) -> bool:
        return self.status in HELD


class StoredSearchItem(SearchItem):
    """A SearchItem with status and memory_id, as StoredItem."""

    __slots__ = ("status", "memory_id")

    @property
    def held(self) -> bool:
        return self.status in HELD


# --- namespaces, keys and values -----------------------------------------------------------------

def namespace_user(namespace) -> str:
    """The user that holds a namespace no template fits: NAMESPACE_USER_PREFIX + its canonical
    JSON (injective: two namespaces never share one)."""
    return NAMESPACE_USER_PREFIX + json.dumps(list(namespace), ensure_ascii=False, separators=(",", ":"))


def user_namespace(user: str):
    """The namespace a namespace_user() id holds, or None for any other user."""
    if not isinstance(user, str) or not user.startswith(NAMESPACE_USER_PREFIX):
        return None
    try:
        labels = json.loads(user[len(NAMESPACE_USER_PREFIX):])
    except ValueError:
        return None
    if not isinstance(labels, list) or not all(isinstance(label, str) for label in labels):
        return None
    namespace = tuple(labels)
    return namespace if namespace_user(namespace) == user else None


def key_to_attribute(key: str) -> str:
    """The attribute that stores `key` (see the module docstring). Raises InvalidMemory for a
    key that is not a non-empty str."""
    if not isinstance(key, str) or not key:
        raise InvalidMemory(f"key: expected a non-empty str; got {key!r:.200}")
    if not key.startswith(KEY_PREFIX) and normalize(key) == key and key.strip():
        return key
    return KEY_PREFIX + key.encode("utf-8", "surrogatepass").hex()


def attribute_to_key(attribute: str | None, memory_id: int) -> str:
    """The key under which a memory with `attribute` is shown."""
    if attribute is None:
        return f"ID:{memory_id}"
    if attribute.startswith(KEY_PREFIX) and _HEX.match(attribute, len(KEY_PREFIX)):
        try:
            return bytes.fromhex(attribute[len(KEY_PREFIX):]).decode("utf-8", "surrogatepass")
        except UnicodeDecodeError:
            pass
    return attribute


def _scalar(value) -> str | None:
    if value is None or (isinstance(value, str) and not value.strip()):
        return None
    if isinstance(value, (str, bool, int, float)):
        return json.dumps(value, ensure_ascii=False)  # quoted: the gate reads a field, not an order
    return None


def _lines(value, path, out) -> None:
    if isinstance(value, Mapping):
        for k, v in value.items():
            _lines(v, f"{path}.{k}" if path else str(k), out)
    elif isinstance(value, (list, tuple)):
        scalars = [s for s in map(_scalar, value) if s is not None]
        if scalars:
            out.append(f"{path}: [{', '.join(scalars)}]")
        for i, v in enumerate(value):
            if isinstance(v, (Mapping, list, tuple)):
                _lines(v, f"{path}[{i}]", out)
    else:
        text = _scalar(value)
        if text is not None:
            out.append(f"{path}: {text}")


def value_to_text(value: Mapping[str, Any], fields=None) -> str:
    """The memory text of a LangGraph value: the texts at `fields` (LangGraph paths, e.g.
    ["text", "items[*].name"]) joined by newlines when fields are given, are not ["$"] and
    find text; else {"content": str} alone -> that str; else one "path: <JSON scalar>" line per
    scalar leaf (nested keys joined by ".", lists of scalars as one JSON array; {"title": "Doc 1",
    "tags": ["a"]} -> 'title: "Doc 1"' + newline + 'tags: ["a"]'); else the value's JSON. Raises InvalidMemory for a value that is not a dict."""
    if not isinstance(value, Mapping):
        raise InvalidMemory(f"value: expected a dict; got {value!r:.200}")
    if fields and "$" not in fields:
        texts = [t for f in fields for t in get_text_at_path(value, tokenize_path(f)) if t.strip()]
        if texts:
            return "\n".join(texts)
    content = value.get("content")
    if len(value) == 1 and isinstance(content, str) and content.strip():
        return content
    out: list = []
    _lines(value, "", out)
    if out:
        return "\n".join(out)
    try:
        return json.dumps(dict(value), ensure_ascii=False, sort_keys=True)
    except (TypeError, ValueError) as exc:
        raise InvalidMemory(f"value: expected a JSON-serializable dict; {exc}") from exc


def text_to_value(text: str) -> dict:
    """The value of a memory written without a LangGraph value: its text parsed as a JSON object,
    else {"content": text}."""
    if text.lstrip().startswith("{"):
        try:
            value = json.loads(text)
        except ValueError:
            value = None
        if isinstance(value, dict):
            return value
    return {"content": text}


def _stored_value(memory) -> tuple:
    """(value, index) of a memory: its LangGraph value and the put's index argument."""
    meta = getattr(memory, "metadata", None)
    if isinstance(meta, dict) and isinstance(meta.get(META), dict) and isinstance(meta[META].get("value"), dict):
        return meta[META]["value"], meta[META].get("index")
    return text_to_value(memory.text), None


def _cosine(a, b) -> float:
    dot = sum(x * y for x, y in zip(a, b))
    na, nb = math.sqrt(sum(x * x for x in a)), math.sqrt(sum(y * y for y in b))
    return dot / (na * nb) if na and nb else 0.0


# --- filters (as InMemoryStore) ------------------------------------------------------------------

def _compare(item_value, wanted) -> bool:
    if isinstance(wanted, dict):
        if any(k.startswith("$") for k in wanted):
            return all(_operator(item_value, op, v) for op, v in wanted.items())
        return isinstance(item_value, dict) and all(_compare(item_value.get(k), v) for k, v in wanted.items())
    if isinstance(wanted, (list, tuple)):
        return (isinstance(item_value, (list, tuple)) and len(item_value) == len(wanted)
                and all(_compare(a, b) for a, b in zip(item_value, wanted)))
    return item_value == wanted


def _operator(value, op, wanted) -> bool:
    if op == "$eq":
        return value == wanted
    if op == "$ne":
        return value != wanted
    try:
        if op == "$gt":
            return float(value) > float(wanted)
        if op == "$gte":
            return float(value) >= float(wanted)
        if op == "$lt":
            return float(value) < float(wanted)
        if op == "$lte":
            return float(value) <= float(wanted)
    except (TypeError, ValueError):
        return False
    raise ValueError(f"filter: unsupported operator {op!r}; expected $eq $ne $gt $gte $lt $lte")


def _matches(condition: MatchCondition, namespace: tuple) -> bool:
    path = tuple(condition.path)
    if len(namespace) < len(path):
        return False
    pairs = zip(namespace, path) if condition.match_type == "prefix" else zip(reversed(namespace), reversed(path))
    if condition.match_type not in ("prefix", "suffix"):
        raise ValueError(f"match_type: expected prefix | suffix; got {condition.match_type!r}")
    return all(p == "*" or n == p for n, p in pairs)


# --- the store -----------------------------------------------------------------------------------

class MemoryBaseStore(BaseStore):
    """A LangGraph BaseStore over a MemoryStore (see the module docstring for the mapping).

    templates: namespace templates (default DEFAULT_TEMPLATES); gate: the write-gate (default
    GuardGate()); source, origin, authenticated: the provenance of every put (default "model",
    "langgraph", True; "tool" is the strict mode); index: LangGraph's index config ({"embed", "dims", "fields"}; other keys
    are kept and ignored), recorded as `index_config` (None without one); raise_held: raise
    WriteNotServed for a quarantined or contested put too (default False: it is stored and read
    back marked); search_held: let search return held items too, marked (default False: search
    is what LangMem's search tool hands the model, so a held value there would be served as if
    it were a memory; get and list still return it to the graph that wrote it). `store` may also
    be a database path or a PostgreSQL URL (postgresql://...), opened with memory.open_db (a URL
    loads adapters/postgres.py, which needs psycopg); that MemoryStore is `self.store`, and the
    caller closes it (`self.store.close()`). Raises InvalidMemory for a bad store, source or
    index, and what opening the store raises.
    """

    supports_ttl = False

    def __init__(self, store: MemoryStore | str, *, templates=DEFAULT_TEMPLATES, gate=None, source: str = "model",
                 origin: str = "langgraph", authenticated: bool = True, index=None, raise_held: bool = False,
                 search_held: bool = False):
        if isinstance(store, (str, os.PathLike)):
            store = open_db(os.fspath(store))
        if not isinstance(store, MemoryStore):
            raise InvalidMemory(f"store: expected a memory.MemoryStore, a database path or a PostgreSQL URL; "
                                f"got {store!r:.200}")
        self.store = store
        self.templates = self._check_templates(templates)
        self.gate = gate if gate is not None else GuardGate()
        if source not in SOURCES:
            raise InvalidMemory(f"source: expected {' | '.join(SOURCES)}; got {source!r:.200}")
        self.source, self.origin, self.authenticated = source, origin, authenticated
        self.raise_held = bool(raise_held)
        self.search_held = bool(search_held)
        if index is not None and not isinstance(index, Mapping):
            raise InvalidMemory(f"index: expected a dict such as {{'embed': ..., 'dims': 1536, 'fields': ['text']}}; "
                                f"got {index!r:.200}")
        self.index_config = dict(index) if index else None
        self.embeddings = (ensure_embeddings(self.index_config["embed"])
                           if self.index_config and self.index_config.get("embed") is not None else None)
        fields = (self.index_config or {}).get("fields") or ["$"]
        if isinstance(fields, str) or not all(isinstance(f, str) for f in fields):
            raise InvalidMemory(f"index fields: expected a list of paths such as ['text']; got {fields!r:.200}")
        self._fields = list(fields)
        self._vectors: dict = {}  # (memory id, created_at) -> [vector], see the module docstring
        self._lock = threading.Lock()

    @staticmethod
    def _check_templates(templates) -> tuple:
        if isinstance(templates, tuple) and templates and all(isinstance(t, str) for t in templates):
            templates = (templates,)  # one template given bare
        out = []
        for t in templates:
            t = tuple(t)
            if t.count(USER) != 1 or t.count(TASK) > 1 or any(
                    not isinstance(label, str) or not label or "." in label
                    or (label not in (USER, TASK) and ("{" in label or "}" in label)) for label in t):
                raise InvalidNamespaceError(
                    f"template {t!r}: expected labels with one {USER!r} slot, at most one {TASK!r} slot, "
                    "and other labels literal (non-empty, no '.', no braces)")
            if t not in out:
                out.append(t)
        if not out:
            raise InvalidNamespaceError("templates: expected at least one namespace template")
        return tuple(out)

    # -- namespaces --

    def _describe(self) -> str:
        return ", ".join(repr(t) for t in self.templates)

    @staticmethod
    def _bind(template, namespace):
        """Slot values if namespace fits template exactly, else None."""
        if len(template) != len(namespace):
            return None
        bound = {}
        for label, got in zip(template, namespace):
            if label in (USER, TASK):
                bound[label] = got
            elif label != got:
                return None
        return bound

    def scope(self, namespace) -> tuple:
        """(user, task) for a namespace; task None is the user level. A namespace no template
        fits is the scope (namespace_user(namespace), None). Raises InvalidNamespaceError for a
        namespace two templates read differently, or whose user slot holds a reserved id."""
        namespace = tuple(namespace)
        found = set()
        for t in self.templates:
            bound = self._bind(t, namespace)
            if bound is not None:
                found.add((bound[USER], bound.get(TASK)))
        if len(found) > 1:
            raise InvalidNamespaceError(f"namespace {namespace!r} is ambiguous: the templates {self._describe()} "
                                        f"read it as {sorted(found, key=repr)} (user, task); use a namespace "
                                        "only one template fits, or pass templates=")
        if not found:
            return namespace_user(namespace), None
        user, task = found.pop()
        if user.startswith(NAMESPACE_USER_PREFIX):
            raise InvalidNamespaceError(f"namespace {namespace!r}: a user id beginning {NAMESPACE_USER_PREFIX!r} is "
                                        "reserved for namespaces that fit no template")
        Scope(user, task)  # a user or task the store refuses is refused here, naming the field
        return user, task

    @staticmethod
    def _fill(template, user, task) -> tuple:
        return tuple(user if label == USER else task if label == TASK else label for label in template)

    def _stored_scopes(self):
        """Every stored scope as (namespace, user, task, template or None), each template level
        once per template form that reads it back to the same scope."""
        for user in self.store.users():
            namespace = user_namespace(user)
            if namespace is not None:
                yield namespace, user, None, None
                continue
            if user.startswith(NAMESPACE_USER_PREFIX):
                continue
            for task in self.store.tasks(user):
                for t in self.templates:
                    if (TASK in t) != (task is not None):
                        continue
                    namespace = self._fill(t, user, task)
                    if any(not label or "." in label for label in namespace):
                        continue  # not a namespace LangGraph accepts
                    try:
                        if self.scope(namespace) != (user, task):
                            continue
                    except (InvalidNamespaceError, InvalidMemory):
                        continue
                    yield namespace, user, task, t

    def _search_scopes(self, prefix: tuple) -> list:
        """[(namespace, user, task)] that a search under `prefix` reaches, one per scope. Raises
        CrossUserSearchError (see the module docstring)."""
        reached, crossing, seen = [], set(), set()
        for namespace, user, task, t in self._stored_scopes():
            if namespace[:len(prefix)] != prefix:
                continue
            if t is not None and t.index(USER) >= len(prefix):
                crossing.add(user)
                continue
            if (user, task) not in seen:
                seen.add((user, task))
                reached.append((namespace, user, task))
        if crossing:
            raise CrossUserSearchError(
                f"search prefix {prefix!r} leaves the user slot of the templates {self._describe()} open, and "
                f"namespaces of {len(crossing)} bound user(s) are stored under it: a search returns one user's "
                "memories only; search within one user's namespace, e.g. ('memories', '<user>')")
        return reached

    # -- items --

    def _contested(self, user) -> set:
        return {c.b for c in self.store.conflicts(user) if c.kind == "contested"}

    def _served(self, user, task, attribute) -> list:
        """What recall serves for `attribute` at exactly this level, in recall's order."""
        found = self.store.recall(attribute, user=user, task=task, k=SERVED_K, attribute=attribute)
        return [m for m in found.memories if m.task == task]

    def _pick(self, user, task, versions, contested):
        """(memory, status, oldest) for one key's stored versions at one level, or None."""
        live = [m for m in versions if m.status != "retired"]
        if not live:
            return None
        newest = max(live, key=lambda m: m.created_at)
        oldest = min(versions, key=lambda m: m.created_at)
        status = "contested" if newest.id in contested else newest.status
        if status == "current":
            served = [m for m in live if m.status == "current" and m.id not in contested]
            if len(served) > 1 and newest.attribute is not None:  # "many", or both sides of a contradiction
                ids = {m.id for m in served}
                first = next((m for m in self._served(user, task, newest.attribute) if m.id in ids), None)
                newest = first or newest
        return newest, status, oldest

    def _scope_items(self, user, task, attribute=None) -> list:
        """[(memory, status, oldest)] for every key at one level (or for one attribute)."""
        rows = [m for m in self.store.memories(user, task, attribute=attribute) if m.task == task]
        if not rows:
            return []
        contested = self._contested(user)
        groups: dict = {}
        for m in rows:
            groups.setdefault(m.attribute if m.attribute is not None else ("id", m.id), []).append(m)
        picked = (self._pick(user, task, versions, contested) for versions in groups.values())
        return [p for p in picked if p is not None]

    @staticmethod
    def _stamp(memory) -> datetime:
        return datetime.fromisoformat(memory.recorded_at.replace("Z", "+00:00"))

    def _item(self, picked, namespace, cls=StoredItem, score=None):
        memory, status, oldest = picked
        fields = dict(namespace=tuple(namespace), key=attribute_to_key(memory.attribute, memory.id),
                      value=_stored_value(memory)[0], created_at=self._stamp(oldest),
                      updated_at=self._stamp(memory))
        item = cls(**fields, score=score) if cls is StoredSearchItem else cls(**fields)
        item.status, item.memory_id = status, memory.id
        return item

    # -- operations --

    def _get(self, op: GetOp):
        user, task = self.scope(op.namespace)
        if _ID_KEY.match(op.key):
            m = self._by_id(user, task, op.key)
            if m is None or m.status == "retired":
                return None
            status = "contested" if m.id in self._contested(user) else m.status
            return self._item((m, status, m), op.namespace)
        found = self._scope_items(user, task, key_to_attribute(op.key))
        return self._item(found[0], op.namespace) if found else None

    def _by_id(self, user, task, key):
        m = self.store.get(int(_ID_KEY.match(key).group(1)))
        if m is None or m.user != user or m.task != task or m.attribute is not None:
            return None
        return m

    def _put(self, op: PutOp):
        user, task = self.scope(op.namespace)
        if op.value is None:
            return self._delete(user, task, op.key)
        if getattr(op, "ttl", None) is not None:
            raise NotImplementedError("TTL is not supported by MemoryBaseStore; pass ttl=None")
        if _ID_KEY.match(op.key):
            raise InvalidMemory(f"key {op.key!r} names a memory without an attribute, which cannot be "
                                "rewritten by key; put the new value under a key of its own")
        if not isinstance(op.value, Mapping):
            raise InvalidMemory(f"value: expected a dict; got {op.value!r:.200}")
        index = op.index
        if index is not None and index is not False and (
                isinstance(index, str) or not all(isinstance(f, str) for f in index)):
            raise InvalidMemory(f"index: expected None, False or a list of paths; got {index!r:.200}")
        attribute = key_to_attribute(op.key)
        fields = self._fields if index is None or index is False else list(index)
        text = value_to_text(op.value, fields)
        metadata = {META: {"value": dict(op.value), "index": list(index) if index not in (None, False) else index}}
        done = remember(Candidate(text, user=user, task=task, attribute=attribute, source=self.source,
                                  origin=self.origin, authenticated=self.authenticated, metadata=metadata),
                        self.gate, self.store)
        decision, memory = done.decision, done.memory
        if decision.action == "reject" or (self.raise_held and decision.action != "accept"):
            raise WriteNotServed(decision.action, decision, memory, tuple(op.namespace), op.key)
        if self.raise_held and decision.contests:
            raise WriteNotServed("contested", decision, memory, tuple(op.namespace), op.key)
        if decision.action == "accept" and any(
                m.id != memory.id and m.task == task for m in self.store.current(user, ALL, attribute=attribute)):
            # the gate left an older value current beside this one: the fold settles it now (what
            # cron would do; under "many" or "immutable" the attribute's policy decides)
            consolidate(self.store, Scope(user, task))
        return None

    def _delete(self, user, task, key):
        if _ID_KEY.match(key):
            m = self._by_id(user, task, key)
            ids = [m.id] if m is not None else []
        else:
            versions = [m for m in self.store.memories(user, task, attribute=key_to_attribute(key)) if m.task == task]
            ids = [m.id for m in sorted(versions, key=lambda m: -m.created_at)]
        gone = set()
        for mid in ids:  # newest first: forget is transitive, so the versions it retired go with it
            if mid not in gone and self.store.get(mid) is not None:
                gone.update(self.store.forget(mid))
        return None

    def _vectors_of(self, candidates) -> list:
        """[vectors] for each (memory, ...) candidate: [] for one not indexed (index=False)."""
        wanted, texts = [], []
        with self._lock:
            cached = [self._vectors.get((m.id, m.created_at)) for m, _, _ in candidates]
        for (m, _, _), have in zip(candidates, cached):
            if have is None:
                value, index = _stored_value(m)
                paths = [] if index is False else (self._fields if index is None else index)
                found = [t for p in paths for t in get_text_at_path(value, p if p == "$" else tokenize_path(p))]
                wanted.append((m, len(found)))
                texts.extend(found)
        vectors = self.embeddings.embed_documents(texts) if texts else []
        if len(vectors) != len(texts):
            raise ValueError(f"index embed: expected {len(texts)} vectors, got {len(vectors)}")
        at = 0
        with self._lock:
            for m, n in wanted:
                self._vectors[(m.id, m.created_at)] = [list(v) for v in vectors[at:at + n]]
                at += n
            return [self._vectors[(m.id, m.created_at)] for m, _, _ in candidates]

    def _search(self, op: SearchOp):
        prefix = tuple(op.namespace_prefix)
        limit, offset = max(int(op.limit), 0), max(int(op.offset), 0)
        query = op.query if isinstance(op.query, str) and op.query.strip() else None
        by_scope = []  # (namespace, user, task, [picked passing the filter])
        for namespace, user, task in self._search_scopes(prefix):
            picked = [p for p in self._scope_items(user, task)
                      if (self.search_held or p[1] == "current")
                      and (not op.filter or all(_compare(_stored_value(p[0])[0].get(k), v) for k, v in op.filter.items()))]
            if picked:
                by_scope.append((namespace, user, task, picked))
        if query is None:
            rows = [(p, ns) for ns, _, _, picked in by_scope for p in picked]
            rows.sort(key=lambda r: -r[0][0].created_at)  # newest write first
            return [self._item(p, ns, StoredSearchItem) for p, ns in rows[offset:offset + limit]]
        scored = []  # (score or None, missed by recall, order, picked, namespace)
        if self.embeddings is not None:
            flat = [(p, ns) for ns, _, _, picked in by_scope for p in picked]
            vectors = self._vectors_of([p for p, _ in flat])
            q = self.embeddings.embed_query(query)
            for i, ((p, ns), vs) in enumerate(zip(flat, vectors)):
                scored.append((max(_cosine(q, v) for v in vs) if vs else None, False, i, p, ns))
        else:
            for namespace, user, task, picked in by_scope:
                # recall at a task level also ranks the user level's memories: room for them too
                room = len(picked) + (len(self.store.memories(user, None, status="current")) if task is not None else 0)
                found = self.store.recall(query, user=user, task=task, k=max(1, room))
                given = getattr(found, "scores", None) or {}
                rank = {m.id: float(given.get(m.id, 1.0 / (r + 1)))
                        for r, m in enumerate(x for x in found.memories if x.task == task)}
                for p in picked:
                    hit = p[0].id in rank
                    scored.append((rank[p[0].id] if hit else 0.0, not hit, -p[0].created_at, p, namespace))
        # recall's hits first, merged across scopes by score; then what recall did not return,
        # newest write first (as without a query)
        scored.sort(key=lambda s: (s[0] is None, s[1], -(s[0] or 0.0), s[2]))
        return [self._item(p, ns, StoredSearchItem, score) for score, _, _, p, ns in scored[offset:offset + limit]]

    def _list_namespaces(self, op: ListNamespacesOp):
        namespaces = {ns for ns, _, _, _ in self._stored_scopes()
                      if all(_matches(c, ns) for c in op.match_conditions or ())}
        if op.max_depth is not None:
            namespaces = {ns[:op.max_depth] for ns in namespaces}
        return sorted(namespaces)[op.offset:op.offset + op.limit]

    # -- BaseStore --

    def batch(self, ops: Iterable[Op]) -> list[Result]:
        """Run the ops in order; results in the same order (None for puts)."""
        results = []
        for op in ops:
            _validate_labels(op)
            if isinstance(op, GetOp):
                results.append(self._get(op))
            elif isinstance(op, SearchOp):
                results.append(self._search(op))
            elif isinstance(op, PutOp):
                results.append(self._put(op))
            elif isinstance(op, ListNamespacesOp):
                results.append(self._list_namespaces(op))
            else:
                raise ValueError(f"unknown operation type: {type(op).__name__}")
        return results

    async def abatch(self, ops: Iterable[Op]) -> list[Result]:
        """batch on a worker thread: the event loop never waits on SQLite."""
        return await asyncio.to_thread(self.batch, list(ops))


def _validate_labels(op) -> None:
    if isinstance(op, (GetOp, PutOp)):
        labels = op.namespace
    elif isinstance(op, SearchOp):
        labels = op.namespace_prefix
    elif isinstance(op, ListNamespacesOp):
        labels = [label for c in op.match_conditions or () for label in c.path if label != "*"]
    else:
        return
    for label in labels:
        if not isinstance(label, str) or not label or "." in label or "\x00" in label:
            raise InvalidNamespaceError(f"namespace label {label!r}: expected a non-empty str without '.' or NUL")
