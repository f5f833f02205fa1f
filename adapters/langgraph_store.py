"""A LangGraph `BaseStore` over MemoryStore, so LangGraph graphs and LangMem's memory tools read
and write this project's memory (provenance, write-gates, consolidation, forgetting).

Needs `langgraph` (`pip install langgraph`); the core modules stay stdlib-only.

    from memory import MemoryStore
    from adapters.langgraph_store import MemoryBaseStore
    store = MemoryBaseStore(MemoryStore("memory.db"))       # default: GuardGate, source "model"
    graph = builder.compile(store=store)

How BaseStore maps onto memories (adapters/README.md has the same with examples):

Namespaces. A namespace names a user and, optionally, a task, through templates: tuples of
labels in which "{user}" (required, once) and "{task}" (optional, once) are slots and every
other label is literal. The default, DEFAULT_TEMPLATES, accepts both conventions explicitly:
LangMem's ("memories", "{user}") and LangGraph's ("{user}", "memories"), each optionally
followed by "{task}" (a third label is the task: LangMem's ("memories", "{user}", "profile")
is task "profile"). A namespace that matches no template, or that two templates read as
different scopes, is refused with InvalidNamespaceError naming the templates. A search prefix
must name exactly one user: ("memories",) is refused (it is LangMem's prefix for every user,
and LangGraph's namespace of a user called "memories").

Keys. A key is an attribute of the memory at that level: a key already in normal form (what
memory.normalize leaves unchanged: lower case, single spaces, no trailing . , ; : ! ?) is the
attribute itself, so key "diet" is the attribute `diet` the rest of the project uses; any
other key is stored as the attribute "key~" + the hex of its UTF-8 bytes, so every key
round-trips exactly ("Diet" and "diet" are two keys). Attributes beginning "key~" are
reserved for this. A memory without an attribute is shown with the key "ID:<memory id>"
(upper case, so no attribute can collide with it); it can be read and deleted by that key
but not written.

Values. The value {"content": "<text>"} (LangMem's default schema) is stored as the memory
text itself; any other value is stored as its JSON text, and a text that is a JSON object
reads back as that object, so values round-trip (as JSON: tuples come back as lists).

Writes. put(namespace, key, value) is `gates.remember(Candidate(text, user, task,
attribute=key), gate, store)` with the adapter's provenance (default: source "model", origin
"langgraph", authenticated: what a graph or LangMem puts is the model's own inference about the
user, served as such and never outranking the user, with the risk classes held; source="tool" is
the strict mode, judging puts as a tool's content; pass source="user" only for text the user
typed). It always writes a new memory: putting an
existing key supersedes the old memory through the gate (GuardGate retires a value from the
same origin, with a resolution), or, with a gate that does not supersede, through the fold,
run for that level at once; the old row stays stored and retired, and no timestamp is ever
rewritten. A put that will not be served raises WriteNotServed (the documented marker of a
rejected write), with .action "reject" (nothing stored), "quarantine" (held for the user's
review) or "contested" (stored unverified: it conflicts with a trusted value such as the
user's own statement, so get keeps serving that value). In a batch, the ops before it have
run and the ops after it have not.

Reads. get returns what recall would serve for that key at that level: never a quarantined,
retired or contested memory; for an attribute with several current values (policy "many",
or both sides of an open contradiction) the one recall shows first. search with a query is
recall at every level of the prefix (each level's results in recall order, merged level by
level); without a query it lists the current facts (oldest first) that recall would serve.
filter works on the value dict as in InMemoryStore ($eq $ne $gt $gte $lt $lte); SearchItem
score is None (recall ranks, it does not score). Item.created_at and .updated_at are both the
served memory's recorded_at: each version of a key is its own memory (store.history shows
the chain).

delete(namespace, key) forgets every memory under that key at that level (store.forget:
text erased, audited). list_namespaces lists, for every user and level with stored rows, the
namespaces the templates give it (a level can have one per convention); users or tasks
containing "." cannot be namespace labels and are not listed. TTLs are not supported; a put's
`index` is ignored (recall indexes every memory's text and attribute).

batch runs the ops in order on the calling thread; abatch runs batch on a worker thread, so
the event loop never waits on SQLite. One MemoryStore may be shared by threads: the adapter
keeps no state of its own.
"""

from __future__ import annotations

import asyncio
import json
import os
import re
import sys
from collections.abc import Iterable, Mapping
from datetime import datetime
from typing import Any

_ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if _ROOT not in sys.path:  # the core modules sit one level up
    sys.path.insert(0, _ROOT)

from langgraph.store.base import (  # noqa: E402
    BaseStore, GetOp, InvalidNamespaceError, Item, ListNamespacesOp, MatchCondition, Op, PutOp, Result,
    SearchItem, SearchOp,
)

from consolidate import Scope, consolidate  # noqa: E402
from gates import Candidate, GuardGate, remember  # noqa: E402
from memory import ALL, InvalidMemory, MemoryStore, normalize  # noqa: E402

__all__ = ["MemoryBaseStore", "WriteNotServed", "DEFAULT_TEMPLATES", "key_to_attribute",
           "attribute_to_key", "value_to_text", "text_to_value"]

USER, TASK = "{user}", "{task}"
DEFAULT_TEMPLATES = (("memories", USER), (USER, "memories"), ("memories", USER, TASK), (USER, "memories", TASK))
KEY_PREFIX = "key~"  # attributes that encode a key not in normal form
_ID_KEY = re.compile(r"ID:([1-9][0-9]{0,18})\Z")
_HEX = re.compile(r"(?:[0-9a-f]{2})+\Z")
SERVED_K = 50  # how many memories one key's recall may return (several only for "many" attributes)
_ANY = object()  # a template slot the prefix left open: every task


class WriteNotServed(Exception):
    """A put that get will not serve. action: "reject" (nothing stored), "quarantine" (stored,
    held for the user's review) or "contested" (stored unverified, withheld from recall);
    reason: the gate's reason code; decision: the gates.Decision; memory: the stored Memory or
    None; namespace and key: where the put went."""

    def __init__(self, action, decision, memory, namespace, key):
        self.action, self.reason, self.decision, self.memory = action, decision.reason, decision, memory
        self.namespace, self.key = namespace, key
        what = {"reject": "rejected by the write-gate; nothing was stored",
                "quarantine": "held in quarantine for the user to review; get will not serve it",
                "contested": "stored unverified: it conflicts with a trusted memory (such as the user's own "
                             "statement), so get keeps serving that one"}[action]
        stored = f" as memory {memory.id}" if memory is not None else ""
        super().__init__(f"put {namespace!r} key {key!r}{stored}: {what} ({decision.reason})")


# --- keys and values ---------------------------------------------------------------------------

def key_to_attribute(key: str) -> str:
    """The attribute that stores `key` (see the module docstring). Raises InvalidMemory for a
    key that is not a str or whose attribute would exceed the store's limit."""
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


def _json_object_text(text: str) -> bool:
    return text.lstrip().startswith("{")


def value_to_text(value: Mapping[str, Any]) -> str:
    """{"content": str} -> that str; anything else -> its JSON text."""
    if not isinstance(value, Mapping):
        raise InvalidMemory(f"value: expected a dict; got {value!r:.200}")
    content = value.get("content")
    if len(value) == 1 and isinstance(content, str) and not _json_object_text(content):
        return content
    try:
        return json.dumps(dict(value), ensure_ascii=False)
    except (TypeError, ValueError) as exc:
        raise InvalidMemory(f"value: expected a JSON-serializable dict; {exc}") from exc


def text_to_value(text: str) -> dict:
    """The inverse of value_to_text: a JSON object text -> that dict, else {"content": text}."""
    if _json_object_text(text):
        try:
            value = json.loads(text)
        except ValueError:
            value = None
        if isinstance(value, dict):
            return value
    return {"content": text}


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
    "langgraph", True; "tool" is the strict mode).
    """

    supports_ttl = False

    def __init__(self, store: MemoryStore, *, templates=DEFAULT_TEMPLATES, gate=None, source: str = "model",
                 origin: str = "langgraph", authenticated: bool = True):
        if not isinstance(store, MemoryStore):
            raise InvalidMemory(f"store: expected a memory.MemoryStore; got {store!r:.200}")
        self.store = store
        self.templates = self._check_templates(templates)
        self.gate = gate if gate is not None else GuardGate()
        if source not in ("model", "tool", "user", "import"):
            raise InvalidMemory(f"source: expected model | tool | user | import; got {source!r:.200}")
        self.source, self.origin, self.authenticated = source, origin, authenticated

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

    def _bind(self, template, namespace, length):
        """Slot values if namespace[:length] fits template[:length], else None."""
        bound = {}
        for label, got in zip(template[:length], namespace[:length]):
            if label in (USER, TASK):
                bound[label] = got
            elif label != got:
                return None
        return bound

    def scope(self, namespace: tuple) -> tuple:
        """(user, task) for a full namespace; task None is the user level."""
        namespace = tuple(namespace)
        found = set()
        for t in self.templates:
            if len(t) == len(namespace):
                bound = self._bind(t, namespace, len(t))
                if bound is not None:
                    found.add((bound[USER], bound.get(TASK)))
        if not found:
            raise InvalidNamespaceError(f"namespace {namespace!r} matches none of the templates {self._describe()}")
        if len(found) > 1:
            raise InvalidNamespaceError(f"namespace {namespace!r} is ambiguous: the templates {self._describe()} "
                                        f"read it as {sorted(found, key=repr)} (user, task); use a namespace "
                                        "only one template fits, or pass templates=")
        user, task = found.pop()
        Scope(user, task)  # a user or task the store refuses is refused here, naming the field
        return user, task

    def _prefix_scope(self, prefix: tuple):
        """(user, [(template, level)]) for a search prefix: level None (user level), a task id,
        or _ANY (every task). The prefix must name one user."""
        prefix = tuple(prefix)
        users, parts = set(), []
        for t in self.templates:
            if len(t) < len(prefix):
                continue
            bound = self._bind(t, prefix, len(prefix))
            if bound is None:
                continue
            users.add(bound.get(USER, _ANY))
            level = (bound.get(TASK, _ANY) if TASK in t else None)
            parts.append((t, level))
        if not parts:
            raise InvalidNamespaceError(f"namespace prefix {prefix!r} matches none of the templates {self._describe()}")
        if _ANY in users or len(users) > 1:
            raise InvalidNamespaceError(
                f"namespace prefix {prefix!r} does not name exactly one user under the templates {self._describe()}; "
                "search within one user's namespace, e.g. ('memories', 'ada')")
        user = users.pop()
        Scope(user)
        return user, parts

    @staticmethod
    def _fill(template, user, task) -> tuple:
        return tuple(user if label == USER else task if label == TASK else label for label in template)

    # -- items --

    def _item(self, memory, namespace, cls=Item):
        stamp = datetime.fromisoformat(memory.recorded_at.replace("Z", "+00:00"))
        fields = dict(namespace=tuple(namespace), key=attribute_to_key(memory.attribute, memory.id),
                      value=text_to_value(memory.text), created_at=stamp, updated_at=stamp)
        return cls(**fields)

    def _contested(self, user) -> set:
        return {c.b for c in self.store.conflicts(user) if c.kind == "contested"}

    def _served(self, user, task, attribute) -> list:
        """What recall serves for `attribute` at exactly this level, in recall's order."""
        found = self.store.recall(attribute, user=user, task=task, k=SERVED_K, attribute=attribute)
        served = [m for m in found.memories if m.task == task]
        if not found.memories:  # a key whose words the index cannot match: the same set read directly
            contested = self._contested(user)
            served = [m for m in self.store.current(user, task, attribute=attribute)
                      if m.task == task and m.id not in contested]
        return served

    def _by_id(self, user, task, key):
        m = self.store.get(int(_ID_KEY.match(key).group(1)))
        if m is None or m.user != user or m.task != task or m.attribute is not None:
            return None
        return m

    def _get(self, op: GetOp):
        user, task = self.scope(op.namespace)
        if _ID_KEY.match(op.key):
            m = self._by_id(user, task, op.key)
            served = m is not None and m.status == "current" and m.id not in self._contested(user)
            return self._item(m, op.namespace) if served else None
        served = self._served(user, task, key_to_attribute(op.key))
        return self._item(served[0], op.namespace) if served else None

    def _put(self, op: PutOp):
        user, task = self.scope(op.namespace)
        _validate_put_namespace(op.namespace)
        if op.value is None:
            return self._delete(user, task, op.key)
        if getattr(op, "ttl", None) is not None:
            raise NotImplementedError("TTL is not supported by MemoryBaseStore; pass ttl=None")
        if _ID_KEY.match(op.key):
            raise InvalidMemory(f"key {op.key!r} names a memory without an attribute, which cannot be "
                                "rewritten by key; put the new value under a key of its own")
        attribute = key_to_attribute(op.key)
        text = value_to_text(op.value)
        done = remember(Candidate(text, user=user, task=task, attribute=attribute, source=self.source,
                                  origin=self.origin, authenticated=self.authenticated), self.gate, self.store)
        decision, memory = done.decision, done.memory
        if decision.action != "accept":
            raise WriteNotServed(decision.action, decision, memory, tuple(op.namespace), op.key)
        if decision.contests:
            raise WriteNotServed("contested", decision, memory, tuple(op.namespace), op.key)
        if any(m.id != memory.id and m.task == task for m in self.store.current(user, ALL, attribute=attribute)):
            # the gate left an older value current beside this one: the fold settles it now (what
            # cron would do; under "many" or "immutable" the attribute's policy decides)
            consolidate(self.store, Scope(user, task))
        return None

    def _delete(self, user, task, key):
        if _ID_KEY.match(key):
            m = self._by_id(user, task, key)
            ids = [m.id] if m is not None else []
        else:
            ids = [m.id for m in self.store.memories(user, task, attribute=key_to_attribute(key))]
        gone = set()
        for mid in ids:  # forget is transitive: a later id may already be gone with an earlier one
            if mid not in gone and self.store.get(mid) is not None:
                gone.update(self.store.forget(mid))
        return None

    def _search(self, op: SearchOp):
        user, parts = self._prefix_scope(op.namespace_prefix)
        tasks = None
        levels = []  # (task or None, template)
        for template, level in parts:
            if level is _ANY:
                if tasks is None:
                    tasks = [t for t in self.store.tasks(user) if t is not None]
                levels += [(t, template) for t in tasks if "." not in t]
            else:
                levels.append((level, template))
        seen, unique = set(), []
        for level, template in levels:  # one level can be reached by two templates: read it once
            if level not in seen:
                seen.add(level)
                unique.append((level, template))
        limit, offset = max(int(op.limit), 0), max(int(op.offset), 0)
        query = op.query if isinstance(op.query, str) and op.query.strip() else None
        if query is not None:
            want = offset + limit if not op.filter else max(200, 4 * (offset + limit))
            ranked = []
            for level, template in unique:
                found = self.store.recall(query, user=user, task=level, k=max(1, min(want, 1000)))
                ranked.append([(m, template) for m in found.memories if m.task == level])
            # merged level by level: each level's best, then each level's second, ...
            hits = [r[i] for i in range(max(map(len, ranked), default=0)) for r in ranked if i < len(r)]
        else:
            contested = self._contested(user)
            wanted = {level: template for level, template in unique}
            hits = [(m, wanted[m.task]) for m in self.store.current(user, ALL)
                    if m.task in wanted and m.id not in contested]
        items = []
        for m, template in hits:
            item = self._item(m, self._fill(template, user, m.task), SearchItem)
            if op.filter and not all(_compare(item.value.get(k), v) for k, v in op.filter.items()):
                continue
            items.append(item)
        return items[offset:offset + limit]

    def _list_namespaces(self, op: ListNamespacesOp):
        found = set()
        for user in self.store.users():
            if "." in user:
                continue
            for task in self.store.tasks(user):
                if task is not None and "." in task:
                    continue
                for t in self.templates:
                    if (TASK in t) == (task is not None):
                        found.add(self._fill(t, user, task))
        namespaces = [ns for ns in found if all(_matches(c, ns) for c in op.match_conditions or ())]
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
        labels = [label for c in op.match_conditions or () for label in c.path]
    else:
        return
    for label in labels:
        if not isinstance(label, str) or not label or "." in label or "\x00" in label:
            raise InvalidNamespaceError(f"namespace label {label!r}: expected a non-empty str without '.' or NUL")


def _validate_put_namespace(namespace) -> None:
    if not namespace or namespace[0] == "langgraph":
        raise InvalidNamespaceError(f"namespace {tuple(namespace)!r}: must be non-empty and not start with 'langgraph'")
