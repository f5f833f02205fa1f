"""An MCP server over stdio for one user's memory: tools remember, recall, forget, consolidate
and conflicts.

    python adapters/mcp_server.py --db PATH|URL --user U [--task T] [--gate guard|provenance|open]
                                  [--source model|tool|user] [--timeout S] [--embed module:function]

Needs the `mcp` package (1.x from 1.10 on, or 2.x); the core modules stay stdlib-only. --db is
a file path or a PostgreSQL URL (memory.open_db: a URL loads adapters/postgres.py, with psycopg).

The server's configuration binds the scope: the user (and the task, if given) come from the
command line and no tool takes them as an argument, so a model can neither read nor write
another user's memory. What a model writes is, by default, the model's own inference about the
user: source "model", origin "mcp:<client name>" (the MCP client's declared name, or "model"),
reviewed by GuardGate before it is stored, served as "inferred by the assistant, unconfirmed",
never outranking what the user said, with the risk classes (payment routes, credentials, the
user's contact routes, standing instructions, hidden text) held for the user. `--source tool` is
the strict mode: the model's writes are judged as a tool's content (what the user owns is held,
and text about the user waits in quarantine). `--source user` is for a client that relays the
user's own words verbatim; the operator, not the model, makes that claim.

Results carry structured content with an output schema. Bad input and store errors come back
as MCP tool errors (isError) carrying the message. A gate's rejection is not an error: it is a
result with action "reject" and the gate's reason. One MemoryStore is shared by every call;
store work runs on worker threads, so a call waiting for the write lock (cron consolidating
in another process) never stalls the others.

`--embed module:function` gives the store an embedder (memory.MemoryStore(embed=...)): the
function is imported (the module from the Python path, e.g. examples/embeddings.py's
`embeddings:hashed_ngrams` with PYTHONPATH=examples) and recall fuses meaning with the words.
The store records it by "module:function" and refuses a different one on the same file.
"""

import argparse
import importlib
import os
import sys
from typing import Annotated, Any, Literal, Optional

_ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if _ROOT not in sys.path:  # run as a script from anywhere: the core modules sit one level up
    sys.path.insert(0, _ROOT)

from consolidate import Scope, consolidate as _consolidate  # noqa: E402
from gates import Candidate, GuardGate, OpenGate, ProvenanceGate, remember as _remember, render  # noqa: E402
from memory import MemoryStore, StoreError, open_db, report_error, seconds  # noqa: E402

GATES = {"guard": GuardGate, "provenance": ProvenanceGate, "open": OpenGate}


def _arguments(argv=None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="mcp_server.py", description="MCP server (stdio) for agent memory.")
    parser.add_argument("--db", required=True, help="the memory database file (created if missing), or a PostgreSQL "
                                                    "URL (postgresql://...; loads adapters/postgres.py, needs psycopg)")
    parser.add_argument("--user", required=True, help="the user whose memory this server serves")
    parser.add_argument("--task", help="the task level (default: the user level)")
    parser.add_argument("--gate", choices=sorted(GATES), default="guard", help="write-gate (default: guard)")
    parser.add_argument("--source", choices=("model", "tool", "user"), default="model",
                        help="what the client's writes are: the model's inferences (default), tool content "
                             "(strict) or the user's own words")
    parser.add_argument("--timeout", type=seconds, default=5.0, help="busy timeout in seconds (default 5)")
    parser.add_argument("--embed", metavar="MODULE:FUNCTION", help="an embed hook: embed(list[str]) -> list[vector]")
    args = parser.parse_args(argv)
    if args.embed is not None:
        module, _, function = args.embed.partition(":")
        try:
            args.embed_hook = getattr(importlib.import_module(module), function) if module and function else None
        except (ImportError, AttributeError) as exc:
            parser.error(f"--embed {args.embed}: {exc}")
        if not callable(args.embed_hook):
            parser.error(f"--embed: expected MODULE:FUNCTION naming a callable; got {args.embed!r}")
    try:
        Scope(args.user, args.task)
    except ValueError as exc:
        parser.error(str(exc))  # exit 2
    return args


if __name__ == "__main__":  # --help and usage errors answer before the SDK's import cost
    _ARGS = _arguments()

try:
    import anyio  # a dependency of mcp in both major versions
    from pydantic import BaseModel, Field, WithJsonSchema  # likewise
    try:  # mcp 2.x: FastMCP was renamed MCPServer
        from mcp.server.mcpserver import Context, MCPServer as _Server
        from mcp.server.mcpserver.exceptions import ToolError
        MCP_MAJOR = 2
    except ImportError:  # mcp 1.x
        from mcp.server.fastmcp import Context, FastMCP as _Server
        from mcp.server.fastmcp.exceptions import ToolError
        MCP_MAJOR = 1
    from mcp.types import ToolAnnotations
except ImportError as exc:
    if __name__ == "__main__":
        sys.exit(f"mcp_server.py: the mcp package is not installed ({exc}): pip install 'mcp>=1.10'")
    raise

GATES = {"guard": GuardGate, "provenance": ProvenanceGate, "open": OpenGate}
MAX_K = 50


# --- result schemas (the tools' output schemas) ----------------------------------------------

class MemoryOut(BaseModel):
    id: int
    text: str = Field(description="the stored text, byte for byte")
    line: str = Field(description="render(): one safe prompt line with its provenance")
    attribute: Optional[str]
    metadata: Optional[dict[str, Any]] = Field(default=None, description="the caller's JSON object, as given")
    task: Optional[str] = Field(description="None: the user level")
    kind: str
    authority: str = Field(description="user | inferred")
    source: str
    origin: str
    trust: str
    status: str
    recorded_at: str


class RememberResult(BaseModel):
    action: Literal["accept", "quarantine", "reject"]
    stored: bool = Field(description="False when the gate rejected the write")
    served: bool = Field(description="whether recall will show it (accepted and not contested)")
    reason: str = Field(description="the gate's reason code, e.g. tool_fact, tool_instruction, contested")
    claim: Optional[str] = Field(description="the claim kind the gate saw")
    message: str
    memory: Optional[MemoryOut]
    supersedes: list[int]
    contests: list[int]


class RecallResult(BaseModel):
    memories: list[MemoryOut]
    notes: dict[str, str] = Field(description="memory id -> ledger note (open contradictions)")
    notices: list[str] = Field(description="withheld contested writes, for the user")
    scores: dict[str, float] = Field(default_factory=dict,
                                     description="memory id -> recall score, larger is better")


class ForgetResult(BaseModel):
    forgotten: list[int] = Field(description="every id deleted (the memory and what it had retired)")


class ResolutionOut(BaseModel):
    kept: int
    retired: int
    rule: str


class OpeningOut(BaseModel):
    kind: str
    a: int
    b: int
    reason: str


class ClosedOut(BaseModel):
    id: int
    reason: str


class ConsolidateResult(BaseModel):
    run: Optional[int]
    resolutions: list[ResolutionOut]
    conflicts_opened: list[OpeningOut]
    conflicts_closed: list[ClosedOut]


class ConflictOut(BaseModel):
    id: int
    kind: str
    state: str
    reason: str
    opened_at: str
    a: int
    b: int
    a_line: Optional[str] = Field(description="render() of side a, None if it is gone")
    b_line: Optional[str] = Field(description="render() of side b, None if it is gone")


class ConflictsResult(BaseModel):
    conflicts: list[ConflictOut]


def _out(m) -> MemoryOut:
    return MemoryOut(id=m.id, text=m.text, line=render(m), attribute=m.attribute, metadata=m.metadata, task=m.task,
                     kind=m.kind,
                     authority=m.authority, source=m.source, origin=m.origin, trust=m.trust,
                     status=m.status, recorded_at=m.recorded_at)


def _client_name(ctx) -> str:
    """The MCP client's declared name (clientInfo.name), or "model"."""
    try:
        params = ctx.session.client_params
    except Exception:  # no session (a direct call) or an SDK without it
        return "model"
    info = getattr(params, "client_info", None) or getattr(params, "clientInfo", None)
    name = " ".join(str(getattr(info, "name", "") or "").split())
    return name[:200] or "model"


_MESSAGES = {
    "accept": "stored; recall will show it",
    "quarantine": "held in quarantine for the user to review; recall will not show it",
    "reject": "rejected by the write-gate; nothing was stored",
}


# --- the server ------------------------------------------------------------------------------

def build_server(store: MemoryStore, user: str, task=None, gate=None, source: str = "model"):
    """An MCP server (FastMCP on mcp 1.x, MCPServer on 2.x) bound to `user` (and `task`).
    source: "model" (default: the model's inferences), "tool" (strict) or "user"."""
    Scope(user, task)  # validates user and task (InvalidMemory names the field)
    if source not in ("model", "tool", "user"):
        raise ValueError(f"source: expected model | tool | user; got {source!r}")
    gate = gate or GuardGate()
    scope_text = f"user {user!r}" + (f", task {task!r}" if task is not None else "")
    server = _Server(
        "agent-memory",
        instructions=(f"Long-term memory of {scope_text}. recall before answering from memory; "
                      "remember durable facts (one fact per call); forget on the user's request. "
                      "Writes are reviewed by a write-gate and stored with their provenance."),
        log_level="WARNING",
    )

    async def run(fn, *args):
        """Store work on a worker thread; store errors and bad input become tool errors."""
        try:
            return await anyio.to_thread.run_sync(fn, *args)
        except ToolError:
            raise
        except (StoreError, ValueError, TypeError) as exc:
            raise ToolError(str(exc)) from exc

    def visible(m) -> bool:
        """A memory this server may touch: the bound user's, at the user level or the bound task."""
        return m is not None and m.user == user and (m.task is None or m.task == task)

    @server.tool(annotations=ToolAnnotations.model_validate({"readOnlyHint": False, "destructiveHint": False}))
    async def remember(text: str, ctx: Context, attribute: Optional[str] = None,
                       kind: Literal["semantic", "episodic"] = "semantic",
                       metadata: Annotated[Any, WithJsonSchema({
                           "type": "object", "description": "an optional JSON object kept with the memory and "
                           "returned with it (e.g. {\"topic\": \"travel\"}); the write-gate never reads it"})] = None,
                       ) -> RememberResult:
        """Propose one memory about the user: a durable fact (kind "semantic") or an event
        ("episodic"). attribute: an optional key such as "diet" or "home_city"; a later fact with
        the same attribute replaces the earlier one when the gate allows it. metadata: an optional
        JSON object stored with the memory and returned with it. The write-gate decides: accept,
        quarantine (held for the user) or reject; the result says which."""
        if metadata is not None and not isinstance(metadata, dict):
            # checked here, not by the schema's validator, so the error names the field, the shape
            # and the value the way the store's own errors do; nothing is written
            raise ToolError(f"metadata: expected a JSON object ({{\"key\": value, ...}}) or null; got {metadata!r:.200}")
        candidate = Candidate(text, user=user, task=task, attribute=attribute, kind=kind, source=source,
                              origin=f"mcp:{_client_name(ctx)}", metadata=metadata)
        done = await run(_remember, candidate, gate, store)
        d, m = done.decision, done.memory
        served = d.action == "accept" and not d.contests
        message = _MESSAGES[d.action]
        if d.action == "accept" and d.contests:
            message = ("stored unverified: it conflicts with a trusted memory (such as what the user said), "
                       "so recall withholds it until the user confirms it")
        return RememberResult(action=d.action, stored=m is not None, served=served, reason=d.reason,
                              claim=d.claim, message=f"{message} ({d.reason})",
                              memory=_out(m) if m else None, supersedes=list(d.supersedes),
                              contests=list(d.contests))

    @server.tool(annotations=ToolAnnotations.model_validate({"readOnlyHint": True}))
    async def recall(query: str, k: Annotated[int, Field(ge=1, le=MAX_K)] = 5,
                     attribute: Optional[str] = None) -> RecallResult:
        """Search the user's memory: up to k (1-50) memories best first, by word match (no
        synonyms; by meaning too when the server has --embed). Each comes with `line`, a
        prompt-safe rendering with its provenance. notes mark open contradictions; notices describe
        withheld writes the user should confirm."""
        found = await run(lambda: store.recall(query, user=user, task=task, k=k, attribute=attribute))
        return RecallResult(memories=[_out(m) for m in found.memories],
                            notes={str(i): n for i, n in found.notes.items()}, notices=list(found.notices),
                            scores={str(i): v for i, v in found.scores.items()})

    @server.tool(annotations=ToolAnnotations.model_validate({"readOnlyHint": False, "destructiveHint": True}))
    async def forget(memory_id: int) -> ForgetResult:
        """Forget one memory by id, on the user's request: it is deleted with every memory it had
        replaced (so none comes back), its text erased from the database; the erasure is audited."""
        def work():
            if not visible(store.get(memory_id)):
                raise ToolError(f"memory_id: no memory {memory_id!r} in this scope ({scope_text})")
            return store.forget(memory_id)
        return ForgetResult(forgotten=await run(work))

    @server.tool(annotations=ToolAnnotations.model_validate({"readOnlyHint": False, "destructiveHint": False,
                                                             "idempotentHint": True}))
    async def consolidate() -> ConsolidateResult:
        """Settle duplicates and outdated values of the user's memory now, by deterministic rules
        (nothing is deleted: losers are retired and every decision is recorded). Cron does the
        same; calling it is never required for correctness."""
        def work():
            report = _consolidate(store, Scope(user))
            return ConsolidateResult(
                run=report.run,
                resolutions=[ResolutionOut(kept=r.kept, retired=r.retired, rule=r.rule) for r in report.resolutions],
                conflicts_opened=[OpeningOut(kind=c.kind, a=c.a, b=c.b, reason=c.reason) for c in report.conflicts],
                conflicts_closed=[ClosedOut(id=e, reason=r) for e, r in report.closed])
        return await run(work)

    @server.tool(annotations=ToolAnnotations.model_validate({"readOnlyHint": True}))
    async def conflicts() -> ConflictsResult:
        """The user's open contradictions and contested writes (ledger entries), so you can ask
        the user which side is right. Only the user settles them."""
        def work():
            out = []
            for c in store.conflicts(user):
                a, b = store.get(c.a), store.get(c.b)
                if task is not None and not (visible(a) or visible(b)):
                    continue  # an entry about another task of this user
                out.append(ConflictOut(id=c.id, kind=c.kind, state=c.state, reason=c.reason,
                                       opened_at=c.opened_at, a=c.a, b=c.b,
                                       a_line=render(a) if a else None, b_line=render(b) if b else None))
            return ConflictsResult(conflicts=out)
        return await run(work)

    return server


def main(argv=None) -> int:
    """Serve over stdio until the client closes the connection. Exit 2 on bad usage, 1 when the
    database cannot be opened."""
    args = _ARGS if argv is None and "_ARGS" in globals() else _arguments(argv)
    try:
        store = open_db(args.db, timeout=args.timeout, **(
            dict(embed=args.embed_hook, embed_name=args.embed) if args.embed else {}))
    except (StoreError, ValueError) as exc:
        return report_error("mcp_server.py", exc)
    with store:
        build_server(store, args.user, args.task, GATES[args.gate](), args.source).run("stdio")
    return 0


if __name__ == "__main__":
    sys.exit(main())
