"""A Mem0-shaped facade over MemoryStore: Mem0's `Memory` names, arguments and result shapes,
with this library's write-gates and deterministic rules where Mem0 asks an LLM. Standard
library only (no package to install).

    from adapters.mem0_compat import Memory      # in place of: from mem0 import Memory
    m = Memory()                                 # Memory(path=":memory:"); a file path persists,
                                                 # a PostgreSQL URL opens the PostgreSQL store
    m.add([{"role": "user", "content": "I'm vegetarian."}], user_id="ada")
    m.search("am I vegetarian?", user_id="ada")  # {"results": [{"id": "1", "memory": "I'm vegetarian.", "score": 1.0, ...}]}

Decisions (adapters/README.md has the whole table, call by call and argument by argument):
- Ids are strings, as in Mem0: str() of the store's int id. An update writes a new memory
  (the old one is retired, never rewritten), so the facade keeps Mem0's id stable: a memory's
  Mem0 id is the id of the oldest memory it replaced (mem0_id()), and get/update/delete/history
  follow what replaced an id to the memory that stands for it now (current_of()).
- Scope: user_id is the store's user; run_id is the task level (a run's memories stay in it,
  the user's own level is visible inside it; reads without run_id see every run, as Mem0's
  do); agent_id is kept in the memory's metadata
  ("agent_id") and filters reads, and an assistant turn's origin is "agent:<agent_id>". With no
  user_id the user is "agent:<agent_id>" (or "run:<run_id>"): memory.mem0_scope, which the
  Mem0 importer shares.
- add() extracts per provenance, without a model: user turns are the user's statements
  (examples/extraction.py's statements(): requests and pleasantries dropped), assistant turns
  are model-written notes (source "model"; the assistant speaking of itself, "I'll remember
  that", or exclaiming, "Great choice!", is no note about the user), tool turns are tool content (source "tool", origin
  "tool:<name>"); system turns are instructions, never memories. Every claim goes through the
  gate (GuardGate by default), then the scope is consolidated (consolidate=False leaves it to
  cron), and the events say what happened: ADD, UPDATE (it replaced a memory: "previous_memory"),
  NONE (a copy of what is stored, replaced by a later claim of the same add, held in
  quarantine, or rejected: "status" and "reason" say which). DELETE is never the answer to an add: the rules retire or put on the ledger, they
  do not delete.
"""

from __future__ import annotations

import hashlib
import os
import re
import sys

_ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
for _path in (_ROOT, os.path.join(_ROOT, "examples")):
    if _path not in sys.path:  # run from anywhere: the core one level up, the extractor beside it
        sys.path.insert(0, _path)

from consolidate import Scope, consolidate  # noqa: E402
from extraction import attribute_of as default_attribute_of, fields, statements  # noqa: E402
from gates import Candidate, GuardGate, remember  # noqa: E402
from memory import (ALL, PURGE_ALL_CONFIRM, InvalidMemory, MemoryStore, mem0_ids, mem0_scope, open_db,
                    prepare)  # noqa: E402

__all__ = ["Memory", "ROLES", "assistant_claims"]

# Message roles and the provenance each is written with (None: never a memory).
ROLES = {"user": "user", "assistant": "model", "tool": "tool", "function": "tool", "system": None,
         "developer": None}
_ROLE_OF_SOURCE = {"user": "user", "model": "assistant", "tool": "tool"}  # Mem0's "role" of a memory
_DEFAULT = object()
# The assistant speaking of itself or offering help: no note about the user.
_ASSISTANT_SELF = re.compile(r"(?i)^(?:i|i'm|i am|i'll|i will|i've|i have|i'd|i can|let me|let's|we|we'll|sure|"
                             r"of course|certainly|happy to|glad to|noted|got it|understood)\b")
_MESSAGES = "a str, a message dict {'role', 'content'} or a list of them"


def assistant_claims(text: str) -> list[str]:
    """The default extraction of an assistant turn: statements() (requests and pleasantries
    dropped, questions too) without the sentences in which the assistant speaks of itself and
    its exclamations ("Great choice!"): reactions, not notes about the user."""
    return [claim for claim, _ in statements(text)
            if not _ASSISTANT_SELF.match(claim) and not claim.rstrip().endswith("!")]


def _default_extractor(text: str, role: str) -> list[str]:
    if role == "user":
        return [claim for claim, _ in statements(text)]
    if role == "assistant":
        return assistant_claims(text)
    return [claim for claim, _ in fields(text)]


def _role(memory):
    """Mem0's role of a memory: who wrote it (an imported row: as its file said)."""
    return _ROLE_OF_SOURCE.get(memory.original_source if memory.source == "import" else memory.source)


def _hash(text: str) -> str:
    return hashlib.md5(text.encode("utf-8")).hexdigest()  # Mem0's "hash": a digest of the text, not security


def _memory_id(memory_id) -> int:
    """A Mem0 id (a str of digits, as this facade gives them; an int is taken too) as the store's id."""
    if isinstance(memory_id, int) and not isinstance(memory_id, bool):
        return memory_id
    if isinstance(memory_id, str) and memory_id.strip().isdigit():
        return int(memory_id.strip())
    raise InvalidMemory(f"memory_id: expected a memory id as this facade returns them (a str of digits, "
                        f"e.g. '12'); got {memory_id!r:.100}")


def _text_of(content, where: str) -> str:
    """A message's text: a str, or the text parts of a list of content parts (images skipped)."""
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        parts = [p.get("text") for p in content if isinstance(p, dict) and p.get("type") == "text"]
        if all(isinstance(p, str) for p in parts):
            return "\n".join(parts)
    raise InvalidMemory(f"{where}.content: expected a str or a list of {{'type': 'text', 'text': str}} parts; "
                        f"got {content!r:.100}")


def _filters(filters) -> tuple[dict, dict]:
    """Split Mem0's filters into ({user_id/agent_id/run_id}, {metadata key: value}). Equality only:
    {"key": value}, {"key": {"eq": value}} and {"AND": [filter, ...]}; any other operator raises
    InvalidMemory naming it (the store filters metadata by equality, nothing else)."""
    ids, meta = {}, {}
    if filters is None:
        return ids, meta
    if not isinstance(filters, dict):
        raise InvalidMemory(f"filters: expected a dict of key: value equalities; got {filters!r:.100}")
    for key, value in filters.items():
        if key == "AND" and isinstance(value, list):
            for part in value:
                more_ids, more_meta = _filters(part)
                ids.update(more_ids)
                meta.update(more_meta)
            continue
        if key in ("OR", "NOT") or not isinstance(key, str):
            raise InvalidMemory(f"filters: {key!r} is not supported; expected equalities on keys, ANDed")
        if isinstance(value, dict):
            if set(value) != {"eq"}:
                raise InvalidMemory(f"filters.{key}: only equality is supported ({{'eq': value}} or a bare "
                                    f"value); got operators {sorted(value)!r}")
            value = value["eq"]
        if value == "*":
            raise InvalidMemory(f"filters.{key}: the wildcard '*' is not supported; expected a value to match")
        (ids if key in ("user_id", "agent_id", "run_id") else meta)[key] = value
    return ids, meta


class Memory:
    """Mem0's `Memory` over a MemoryStore at `path` (":memory:" by default; a file persists; a
    PostgreSQL URL, postgresql://..., opens adapters/postgres.py's store through memory.open_db).

    gate: reviews every write (default GuardGate()). extractor(text, role) -> list[str]: the
    claims of one message (role "user" | "assistant" | "tool"); default the deterministic
    extraction above. attribute_of(text) -> str | None keys claims so the fold applies (default
    examples/extraction.py's; None: no keys). consolidate=True folds the scope after every add
    and update (Mem0 answers at once; False leaves it to cron). store: an open MemoryStore to
    use instead of `path` (not closed by close()). Raises InvalidMemory (a ValueError) for bad
    arguments, naming them, as the store does; Mem0's own ValueError cases raise it too.
    """

    def __init__(self, path=":memory:", *, gate=None, extractor=None, attribute_of=_DEFAULT,
                 consolidate=True, store: MemoryStore | None = None, timeout: float = 5.0):
        if not isinstance(path, (str, os.PathLike)):
            raise InvalidMemory(f"path: expected a database path or ':memory:' (no Mem0 config object: there "
                                f"is no LLM, embedder or vector store to configure); got {path!r:.100}")
        self._own = store is None
        self.store = open_db(os.fspath(path), timeout=timeout) if store is None else store
        self.gate = GuardGate() if gate is None else gate
        self.extractor = _default_extractor if extractor is None else extractor
        self.attribute_of = default_attribute_of if attribute_of is _DEFAULT else attribute_of
        self.consolidate = consolidate

    @classmethod
    def from_config(cls, config: dict | None = None) -> "Memory":
        """Mem0's Memory.from_config(dict): only a path is read ("path", else "history_db_path");
        the llm, embedder and vector_store sections have nothing to configure here and are ignored."""
        config = config or {}
        if not isinstance(config, dict):
            raise InvalidMemory(f"config: expected a dict; got {config!r:.100}")
        return cls(config.get("path") or config.get("history_db_path") or ":memory:")

    def close(self) -> None:
        """Close the store (unless it was passed in). Safe to call twice."""
        if self._own:
            self.store.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    # -- ids --

    def current_of(self, memory_id):
        """The memory that stands now for a Mem0 id: the memory itself, or what replaced it, and
        what replaced that, up to a memory nothing retired; None when it was forgotten."""
        mid = _memory_id(memory_id)
        seen = set()
        while mid not in seen:
            seen.add(mid)
            events = self.store.history(mid)
            if not events or events[0].kind != "added":
                return None  # erased: only ids are left
            step = next((e for e in events if e.retired == mid and e.kind != "kept"), None)
            if step is None:
                return self.store.get(mid)
            mid = step.kept
        return self.store.get(mid)

    def mem0_id(self, memory) -> str:
        """The Mem0 id of a stored memory: the smallest id among it and, transitively, the older
        memories it replaced (an update's correction keeps the id of the memory it corrects;
        newer copies folded into it do not count, so the walk is as long as the chain)."""
        todo, seen = [memory.id], set()
        while todo:
            mid = todo.pop()
            if mid in seen:
                continue
            seen.add(mid)
            todo.extend(e.retired for e in self.store.history(mid) if e.kind == "kept" and e.retired < mid)
        return str(min(seen))

    def _item(self, memory, *, score=None, note=None) -> dict:
        """A memory in Mem0's result shape (MemoryItem plus the promoted session ids), with this
        store's provenance as extra keys."""
        meta = dict(memory.metadata or {})
        user_id, agent_id, run_id = mem0_ids(memory.user, memory.task, meta.pop("agent_id", None))
        mid = self.mem0_id(memory)
        first = self.store.get(int(mid)) if int(mid) != memory.id else memory
        item = {"id": mid, "memory": memory.text, "hash": _hash(memory.text), "metadata": meta or None,
                "created_at": (first or memory).recorded_at,
                "updated_at": memory.recorded_at if first is not None and first.id != memory.id else None}
        if score is not None:
            item["score"] = score
        item.update({k: v for k, v in (("user_id", user_id), ("agent_id", agent_id), ("run_id", run_id)) if v})
        item.update(role=_role(memory), status=memory.status,
                    attribute=memory.attribute, source=memory.source, origin=memory.origin, trust=memory.trust)
        if note:
            item["note"] = note
        return item

    def _scope(self, user_id, agent_id, run_id, filters=None):
        ids, meta = _filters(filters)
        user_id = ids.get("user_id", user_id)
        agent_id = ids.get("agent_id", agent_id)
        run_id = ids.get("run_id", run_id)
        user, task = mem0_scope(user_id, agent_id, run_id)
        if agent_id is not None:
            meta["agent_id"] = agent_id
        return user, task, meta, agent_id

    # -- writes --

    def add(self, messages, *, user_id=None, agent_id=None, run_id=None, metadata=None, infer=True,
            memory_type=None, prompt=None) -> dict:
        """Extract, gate and store what `messages` say (a str is one user message); returns
        {"results": [{"id", "memory", "event", "status", "reason", ...}]}, one per claim in
        message order, event ADD | UPDATE (with "previous_memory") | NONE. infer=False stores
        each message's whole text as one claim (still gated). metadata (a JSON object) is kept
        on every memory written. One write per claim; bad arguments raise InvalidMemory before
        any is written. memory_type and prompt configure Mem0's LLM: anything but None raises."""
        if memory_type is not None or prompt is not None:
            raise InvalidMemory(f"{'memory_type' if memory_type is not None else 'prompt'}: not supported (no LLM "
                                f"here: inject extractor= instead); expected None")
        user, task, meta, agent_id = self._scope(user_id, agent_id, run_id)
        if metadata is not None and not isinstance(metadata, dict):
            raise InvalidMemory(f"metadata: expected a dict (a JSON object) or None; got {metadata!r:.100}")
        meta = {**(metadata or {}), **({"agent_id": agent_id} if agent_id is not None else {})} or None
        if isinstance(messages, (str, dict)):
            messages = [messages]
        if not isinstance(messages, list) or not messages:
            raise InvalidMemory(f"messages: expected {_MESSAGES}; got {messages!r:.100}")
        candidates = []
        for i, msg in enumerate(messages):
            msg = {"role": "user", "content": msg} if isinstance(msg, str) else msg
            if not isinstance(msg, dict) or "content" not in msg:
                raise InvalidMemory(f"messages[{i}]: expected {_MESSAGES}; got {msg!r:.100}")
            role = msg.get("role", "user")
            if role not in ROLES:
                raise InvalidMemory(f"messages[{i}].role: expected one of {', '.join(ROLES)}; got {role!r:.100}")
            source = ROLES[role]
            text = _text_of(msg["content"], f"messages[{i}]")
            if source is None or not text.strip():
                continue
            origin = {"user": "chat", "model": f"agent:{agent_id}" if agent_id else "assistant",
                      "tool": f"tool:{msg['name']}" if isinstance(msg.get("name"), str) and msg["name"].strip()
                      else "tool"}[source]
            claims = [text] if not infer else self.extractor(text, "tool" if source == "tool" else role)
            for claim in claims:
                attribute = self.attribute_of(claim) if self.attribute_of else None
                c = Candidate(claim, user=user, task=task, attribute=attribute, source=source, origin=origin,
                              metadata=meta)
                prepare({f: getattr(c, f) for f in ("text", "user", "task", "attribute", "source", "origin",
                                                    "metadata")})  # every claim valid before the first write
                candidates.append(c)
        done = [(c, remember(c, self.gate, self.store)) for c in candidates]
        if self.consolidate and done:
            consolidate(self.store, Scope(user, task), attribute_of=self.attribute_of)
        return {"results": [self._event(c, r) for c, r in done]}

    def _event(self, candidate, remembered) -> dict:
        d, m = remembered.decision, remembered.memory
        out = {"id": None, "memory": candidate.text, "event": "NONE", "status": "rejected", "reason": d.reason}
        if m is None:
            return out
        now = self.current_of(m.id)
        out.update(id=str(m.id), status=m.status)
        if m.status == "quarantined" or now is None:
            return out
        if now.id != m.id:  # folded into what was stored already, or replaced by a later claim of this add
            out.update(id=self.mem0_id(now), status="duplicate" if now.created_at < m.created_at else "replaced")
            return out
        replaced = [e for e in self.store.history(m.id) if e.kind == "kept"]
        if replaced:
            old = self.store.get(replaced[-1].retired)
            out.update(id=self.mem0_id(m), event="UPDATE", previous_memory=old.text if old else None)
        else:
            out["event"] = "ADD"
        if m.trust == "unverified" and d.reason == "contested":
            out["status"] = "contested"
        return out

    def update(self, memory_id, data=None, metadata=None, *, text=None) -> dict:
        """Correct a memory (Mem0's update(memory_id, data)): store.update on what stands for the
        id now, so the correction keeps the old memory's provenance and the old text stays
        retired on record. metadata: keys to change (the others are kept). Returns {"message",
        "id"}. Raises InvalidMemory for an unknown or forgotten id, or one held in quarantine."""
        text = text if text is not None else data
        if text is None:
            raise InvalidMemory("data: expected the new text of the memory; got None")
        now = self.current_of(memory_id)
        if now is None:
            raise InvalidMemory(f"memory_id: Memory with id {memory_id!r} not found (never stored, or forgotten)")
        if metadata is not None and not isinstance(metadata, dict):
            raise InvalidMemory(f"metadata: expected a dict (a JSON object) or None; got {metadata!r:.100}")
        meta = ALL if metadata is None else {**(now.metadata or {}), **metadata}
        new = self.store.update(now.id, text, metadata=meta)
        if self.consolidate:
            consolidate(self.store, Scope(new.user, new.task), attribute_of=self.attribute_of)
        return {"message": "Memory updated successfully!", "id": self.mem0_id(new)}

    def delete(self, memory_id) -> dict:
        """Forget a memory (and, as forget does, what it replaced): text gone, an audit event of
        ids kept. Raises InvalidMemory when the id is unknown or already forgotten."""
        now = self.current_of(memory_id)
        if now is None:
            raise InvalidMemory(f"memory_id: Memory with id {memory_id!r} not found (never stored, or forgotten)")
        self.store.forget(now.id, reason="mem0 delete")
        return {"message": "Memory deleted successfully!"}

    def delete_all(self, user_id=None, agent_id=None, run_id=None) -> dict:
        """Forget every memory of the scope (store.purge; with both user_id and agent_id, the
        user's memories written for that agent). At least one id is required: reset() forgets
        everything."""
        if user_id is None and agent_id is None and run_id is None:
            raise InvalidMemory("user_id: at least one of user_id, agent_id or run_id is required to delete all "
                                "memories; reset() deletes every memory")
        user, task = mem0_scope(user_id, agent_id, run_id)
        if user_id is not None and agent_id is not None:
            for m in self.store.memories(user, ALL if task is None else task, metadata={"agent_id": agent_id}):
                if self.store.get(m.id) is not None:
                    self.store.forget(m.id, reason="mem0 delete_all")
        else:
            self.store.purge(user, ALL if task is None and run_id is None else task)
        return {"message": "Memories deleted successfully!"}

    def reset(self) -> None:
        """Forget every memory of every user: store.purge_all (audited: ids and counts per user,
        never text; declared policies are kept)."""
        self.store.purge_all(confirm=PURGE_ALL_CONFIRM)

    # -- reads --

    def get(self, memory_id) -> dict | None:
        """The memory for a Mem0 id in Mem0's shape (what replaced it, if anything did), or None."""
        now = self.current_of(memory_id)
        return None if now is None else self._item(now)

    def get_all(self, *, user_id=None, agent_id=None, run_id=None, filters=None, limit=100, top_k=None) -> dict:
        """The scope's current memories, oldest first: {"results": [item, ...]} (at most
        `limit` or `top_k`). Without run_id every level of the user is listed (as Mem0 lists a
        user's memories of every run), with run_id that run's own (as Mem0 matches both ids);
        filters: metadata equalities, ANDed."""
        user, task, meta, _ = self._scope(user_id, agent_id, run_id, filters)
        k = _limit(top_k if top_k is not None else limit)
        rows = self.store.memories(user, ALL if task is None else task, status="current", metadata=meta or None)
        return {"results": [self._item(m) for m in rows[:k]]}

    def search(self, query, *, user_id=None, agent_id=None, run_id=None, limit=100, filters=None, top_k=None,
               threshold=None, rerank=False) -> dict:
        """store.recall in Mem0's shape: {"results": [item with "score", ...]}, best first, at
        most `limit` (or `top_k`). score: recall's own score relative to its best hit (the best
        is 1.0), else 1/rank (1.0, 0.5, ...); threshold drops lower scores. filters: metadata equalities, ANDed
        (and user_id/agent_id/run_id, as Mem0's filters carry them). With run_id: recall's scope
        (that run plus the user's own level, the run's facts overriding); without: the user's
        level and every run's, one recall each, merged by score then level (as Mem0 searches a
        user's memories of every run). A contradiction's note is in "note". rerank is accepted
        and ignored (recall orders by its rules)."""
        if not isinstance(query, str) or not query.strip():
            raise InvalidMemory(f"query: expected a non-empty str; got {query!r:.100}")
        user, task, meta, _ = self._scope(user_id, agent_id, run_id, filters)
        k = _limit(top_k if top_k is not None else limit)
        levels = [task] if task is not None else [None] + [t for t in self.store.tasks(user) if t is not None]
        best = {}  # memory id -> (-score, level, position, memory, note)
        for level, at in enumerate(levels):
            found = self.store.recall(query, user=user, task=at, k=k, metadata=meta or None)
            scores = getattr(found, "scores", None)
            scores = scores if isinstance(scores, dict) else {}
            top = max((scores.get(m.id, 0.0) for m in found.memories), default=0.0)
            for i, m in enumerate(found.memories):
                # Relative to the best hit: BM25 on a small store is tiny (1e-6), Mem0 callers expect (0, 1].
                score = float(scores[m.id]) / top if top > 0 and scores.get(m.id, 0.0) > 0 else 1.0 / (i + 1)
                hit = (-score, level, i, m, found.notes.get(m.id))
                if m.id not in best or hit[:3] < best[m.id][:3]:
                    best[m.id] = hit
        ranked = sorted(best.values(), key=lambda h: h[:3])[:k]
        return {"results": [self._item(m, score=-neg, note=note) for neg, _, _, m, note in ranked
                            if threshold is None or -neg >= threshold]}

    def history(self, memory_id) -> list[dict]:
        """Mem0's history rows for an id, oldest first: [{"id", "memory_id", "old_memory",
        "new_memory", "event", "created_at", "updated_at", "is_deleted", "actor_id", "role"}].
        ADD for the memory, UPDATE for each memory that replaced it in turn, DELETE when it was
        folded into an older copy or forgotten. A forgotten memory's rows carry no text (erasure
        removes it everywhere): ADD and DELETE are left, the DELETE with its time, the ADD
        without one (it went with the row)."""
        mid = str(_memory_id(memory_id))
        rows = []

        def row(event, old, new, created, updated, deleted=False, role=None):
            rows.append({"id": f"{mid}:{len(rows)}", "memory_id": mid, "old_memory": old, "new_memory": new,
                         "event": event, "created_at": created, "updated_at": updated, "is_deleted": deleted,
                         "actor_id": None, "role": role})
        cursor, seen = int(mid), set()
        first = self.store.get(cursor)
        while cursor not in seen:
            seen.add(cursor)
            events = self.store.history(cursor)
            m = self.store.get(cursor)
            if m is None:  # erased: the audit says when it went, never what it said (nor when it came)
                gone = next((e for e in events if e.kind in ("forgotten", "purged")), None)
                if gone is not None:
                    if not rows:
                        row("ADD", None, None, None, None)
                    row("DELETE", None, None, first.recorded_at if first else None, gone.recorded_at, True)
                break
            if not rows:
                row("ADD", None, m.text, m.recorded_at, None, role=_role(m))
            step = next((e for e in events if e.retired == cursor and e.kind != "kept"), None)
            if step is None:
                break
            kept = self.store.get(step.kept)
            if kept is None:
                cursor = step.kept
                continue
            if kept.created_at < m.created_at:  # folded into an older copy: this one is no more
                row("DELETE", m.text, None, first.recorded_at, step.recorded_at, True)
                break
            row("UPDATE", m.text, kept.text, first.recorded_at, step.recorded_at,
                role=_role(kept))
            cursor = kept.id
        return rows


def _limit(k) -> int:
    if not isinstance(k, int) or isinstance(k, bool) or k < 1:
        raise InvalidMemory(f"limit: expected an int >= 1; got {k!r:.100}")
    return k
