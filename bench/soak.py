"""Soak test: many processes on one store for a set number of erasures, then every invariant.

Processes, all on one store (a SQLite file, or a PostgreSQL database given as a URL): W writers (add facts for 40 users, some attributed; each logs the
ids the store acknowledged), one eraser (adds marked secrets and forgets them, forgets writers'
memories and purges throw-away users; it logs every id deleted), one cron loop (consolidate
every user, then the store's housekeeping: bounded index merge and checkpoint, as
`python consolidate.py DB --all` does) and one reader (recall). They run until the eraser has
done --erasures erasures (20,000 for the full run; .ci/run runs a short one).

At the end: PRAGMA integrity_check and FTS5 'integrity-check' pass; every acknowledged write is
present or was erased on purpose; no erased marker is left in the .db, -wal or -shm files; and
no process saw an error other than a documented lock timeout (LockedError, counted apart; an
erasure whose scrub a reader kept waiting raises ScrubPendingError with the ids it deleted: it
counts as done and apart, as scrubs_pending, and the end-of-run scrub must finish it).

On PostgreSQL (`--db postgresql://...`, an empty database or schema; every process opens it
through memory.open_db, i.e. adapters.postgres.open_store, with its own connection, as separate
hosts would): the same processes and the same checks of lost writes and errors; the present ids
are read through the store's public API (users, memories); after the end-of-run scrub (VACUUM):
amcheck's bt_index_check passes on every btree index, every memory has its one search-index row
(and no index row outlives its memory), and no row of any table in the store's schema holds an
erased marker. Dead tuples, WAL and backups are beyond a row check (adapters/README.md).

    python bench/soak.py [--erasures 20000] [--writers 3] [--db PATH|URL] [--sqlite pysqlite3] [--json]

Exit 0 when every check holds, 1 otherwise. The figures (operations per process, erasures,
errors, lock timeouts, integrity) are printed as a table or JSON.
"""

import argparse
import json
import multiprocessing as mp
import random
import sys
import tempfile
import time
import traceback
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

USERS = [f"soak-{i:02d}" for i in range(40)]
MARK = "soakmark"  # only the eraser writes it, and it erases every memory it writes it in


def _module(name):
    if name == "sqlite3":
        import sqlite3
        return sqlite3
    from pysqlite3 import dbapi2
    return dbapi2


def _open(path, sqlite):
    from memory import is_database_url, open_db
    return open_db(path, timeout=30) if is_database_url(path) else open_db(path, timeout=30, sqlite=_module(sqlite))


def _tally(counts, exc):
    from memory import LockedError
    key = "lock_timeouts" if isinstance(exc, LockedError) else "errors"
    counts[key] = counts.get(key, 0) + 1
    if key == "errors" and counts.get("first_error") is None:
        counts["first_error"] = "".join(traceback.format_exception_only(type(exc), exc)).strip()
        # where it was raised: the project's innermost frames (the driver's are left out)
        frames = [f for f in traceback.extract_tb(exc.__traceback__) if str(ROOT) in f.filename]
        counts["first_error_at"] = " <- ".join(f"{Path(f.filename).name}:{f.lineno} {f.name}"
                                               for f in reversed(frames[-3:]))


def writer(path, sqlite, n, stop, log, result):
    rng = random.Random(n)
    counts = {"adds": 0}
    with _open(path, sqlite) as store, open(log, "w") as out:
        while not stop.is_set():
            user = rng.choice(USERS)
            try:
                if rng.random() < 0.4:
                    m = store.add(f"My {rng.choice(['city', 'editor', 'drink'])} is {rng.choice('ABCDEFG')}.",
                                  user=user, attribute=rng.choice(["home_city", "editor", "drink"]),
                                  task=rng.choice([None, None, "t1"]))
                else:
                    m = store.add(f"Writer {n} notes fact {counts['adds']} about topic {rng.randrange(50)}.",
                                  user=user)
                out.write(f"{m.id}\n")
                out.flush()  # acknowledged: it must survive
                counts["adds"] += 1
            except Exception as exc:  # counted, and the loop goes on: a soak sees everything
                _tally(counts, exc)
    result.put(("writer", n, counts))


def eraser(path, sqlite, target, stop, log, result):
    from memory import ScrubPendingError
    rng = random.Random(99)
    counts = {"erasures": 0, "forgets": 0, "purges": 0, "deleted": 0}
    with _open(path, sqlite) as store, open(log, "w") as out:
        while counts["erasures"] < target:
            try:
                choice = rng.random()
                if choice < 0.7:  # a marked secret, forgotten at once
                    m = store.add(f"Secret {MARK}{counts['erasures']}x is {rng.randrange(10**6)}.",
                                  user=rng.choice(USERS))
                    ids = store.forget(m.id)
                    counts["forgets"] += 1
                elif choice < 0.95:  # somebody's memory
                    user = rng.choice(USERS)
                    mine = store.memories(user)
                    ids = store.forget(rng.choice(mine).id) if mine else []
                    counts["forgets"] += 1
                else:  # a throw-away user, purged whole
                    temp = f"temp-{counts['erasures']}"
                    store.add_many([{"text": f"Temp {MARK}{counts['erasures']}y fact {i}.", "user": temp}
                                    for i in range(rng.randrange(1, 60))])
                    store.purge(temp)
                    ids = []
                    counts["purges"] += 1
            except ScrubPendingError as exc:  # committed; the reader kept the WAL busy: the ids come with it
                ids = exc.ids
                counts["scrubs_pending"] = counts.get("scrubs_pending", 0) + 1
            except Exception as exc:
                _tally(counts, exc)
                if counts.get("errors", 0) > 100:
                    break
                continue
            for i in ids:
                out.write(f"{i}\n")
            out.flush()
            counts["deleted"] += len(ids)
            counts["erasures"] += 1
    stop.set()
    result.put(("eraser", 0, counts))


def cron(path, sqlite, stop, result):
    from consolidate import consolidate
    from memory import ALL
    counts = {"runs": 0, "resolutions": 0}
    with _open(path, sqlite) as store:
        while not stop.is_set():
            try:
                counts["resolutions"] += len(consolidate(store, ALL).resolutions)
                store.maintain()
                counts["runs"] += 1
            except Exception as exc:
                _tally(counts, exc)
            time.sleep(0.05)
    result.put(("cron", 0, counts))


def reader(path, sqlite, stop, result):
    rng = random.Random(7)
    counts = {"recalls": 0, "hits": 0}
    with _open(path, sqlite) as store:
        while not stop.is_set():
            try:
                found = store.recall(rng.choice(["city", "editor", "topic 7", "fact", "secret", "drink"]),
                                     user=rng.choice(USERS), task=rng.choice([None, "t1"]))
                counts["recalls"] += 1
                counts["hits"] += len(found.memories)
            except Exception as exc:
                _tally(counts, exc)
    result.put(("reader", 0, counts))


def soak(path, *, erasures, writers, sqlite="sqlite3", logs=None):
    """Run the soak on `path` (a new SQLite file, created, or an empty PostgreSQL database or
    schema given as a URL); return the result dict (see the module docstring). logs: the folder
    of the per-process id logs (default: the file's folder; required for a URL)."""
    from memory import is_database_url
    url = is_database_url(path)
    with _open(path, sqlite) as store:
        if url and store.users():
            raise SystemExit("soak: --db: the database (or schema) already holds users; the soak needs an empty one")
    logs = Path(logs) if logs is not None else Path(path).parent
    ctx = mp.get_context("spawn")
    stop, result = ctx.Event(), ctx.Queue()
    procs = [ctx.Process(target=writer, args=(path, sqlite, n, stop, str(logs / f"w{n}.log"), result))
             for n in range(writers)]
    procs += [ctx.Process(target=eraser, args=(path, sqlite, erasures, stop, str(logs / "erased.log"), result)),
              ctx.Process(target=cron, args=(path, sqlite, stop, result)),
              ctx.Process(target=reader, args=(path, sqlite, stop, result))]
    started = time.perf_counter()
    for p in procs:
        p.start()
    reports = [result.get() for _ in procs]
    for p in procs:
        p.join()
    out = {"backend": "postgresql" if url else sqlite, "seconds": round(time.perf_counter() - started, 1),
           "processes": {}}
    for role, n, counts in reports:
        out["processes"][f"{role}{n if role == 'writer' else ''}"] = counts
    acked = {int(x) for n in range(writers) for x in (logs / f"w{n}.log").read_text().split()}
    erased = {int(x) for x in (logs / "erased.log").read_text().split()}
    checks = _postgres_checks(path) if url else _sqlite_checks(path, sqlite)
    lost = sorted(acked - checks.pop("present") - erased)
    errors = sum(c.get("errors", 0) for c in out["processes"].values())
    out.update({
        "erasures": out["processes"]["eraser"]["erasures"], "acknowledged_writes": len(acked),
        "erased_ids": len(erased), "lost_writes": len(lost), "lost_sample": lost[:10],
        "errors": errors, "lock_timeouts": sum(c.get("lock_timeouts", 0) for c in out["processes"].values()),
        "scrubs_pending": out["processes"]["eraser"].get("scrubs_pending", 0), **checks,
    })
    out["ok"] = (checks["integrity_check"] == "ok" and checks["index_check"] == "ok" and not lost and errors == 0
                 and out["erased_markers_left"] == 0 and out["erasures"] >= erasures)
    return out


def _sqlite_checks(path, sqlite):
    """The file's checks: integrity, FTS5 integrity, the ids present, markers left in the files."""
    from memory import MemoryStore
    mod = _module(sqlite)
    conn = mod.connect(path)
    integrity = conn.execute("PRAGMA integrity_check").fetchone()[0]
    try:
        conn.execute("INSERT INTO memories_fts (memories_fts, rank) VALUES ('integrity-check', 1)")
        fts = "ok"
    except mod.Error as exc:
        fts = str(exc)
    present = {r[0] for r in conn.execute("SELECT id FROM memories")}
    conn.close()
    with MemoryStore(path, sqlite=mod) as store:  # an open finishes any recorded scrub
        store.scrub(wait=True)
    data = b"".join(Path(path + x).read_bytes() for x in ("", "-wal", "-shm") if Path(path + x).exists())
    return {"present": present, "integrity_check": integrity, "index_check": fts,
            "erased_markers_left": data.count(MARK.encode()), "store_bytes": len(data)}


def _postgres_checks(url):
    """The database's checks: the ids present (public API); then, after scrub(), amcheck's
    bt_index_check on every btree index of the store's schema (integrity_check), the search
    index against the table (index_check: every memory has its one memories_fts row and no row
    is left without its memory), and every table searched for the erased marker."""
    import psycopg
    from psycopg import sql
    with _open(url, "sqlite3") as store:
        present = {m.id for user in store.users() for m in store.memories(user)}
        store.scrub(wait=True)
    left = 0
    with psycopg.connect(url, autocommit=True) as conn:
        schema = conn.execute("SELECT current_schema()").fetchone()[0]
        tables = [r[0] for r in conn.execute(
            "SELECT table_name FROM information_schema.tables WHERE table_schema = %s AND table_type = 'BASE TABLE'",
            (schema,))]
        for table in tables:  # the whole row as text: any column, any type
            query = sql.SQL("SELECT count(*) FROM {} t WHERE t::text LIKE %s").format(sql.Identifier(schema, table))
            left += conn.execute(query, (f"%{MARK}%",)).fetchone()[0]
        indexes = [r[0] for r in conn.execute(
            "SELECT c.oid::regclass::text FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid "
            "JOIN pg_namespace n ON n.oid = c.relnamespace JOIN pg_am a ON a.oid = c.relam "
            "WHERE n.nspname = %s AND a.amname = 'btree'", (schema,))]
        try:
            conn.execute("CREATE EXTENSION IF NOT EXISTS amcheck")
            for index in indexes:
                conn.execute("SELECT bt_index_check(%s::regclass, true)", (index,))
            integrity = "ok"
        except psycopg.Error as exc:
            integrity = f"amcheck: {str(exc).splitlines()[0]}"
        unmatched = conn.execute("SELECT count(*) FROM memories m FULL JOIN memories_fts f ON f.id = m.id "
                                 "WHERE m.id IS NULL OR f.id IS NULL").fetchone()[0]
    return {"present": present, "integrity_check": integrity, "btree_indexes_checked": len(indexes),
            "index_check": "ok" if unmatched == 0 else f"{unmatched} memories and index rows without their pair",
            "tables_searched": len(tables), "erased_markers_left": left, "store_bytes": postgres_bytes(url)}


def postgres_bytes(url):
    """pg_total_relation_size summed over the tables of the URL's current schema (their
    indexes and TOAST included). Needs psycopg."""
    import psycopg
    with psycopg.connect(url, autocommit=True) as conn:
        return int(conn.execute(
            "SELECT coalesce(sum(pg_total_relation_size(c.oid)), 0) FROM pg_class c JOIN pg_namespace n "
            "ON n.oid = c.relnamespace WHERE n.nspname = current_schema() AND c.relkind = 'r'").fetchone()[0])


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--erasures", type=int, default=20_000, help="erasures before stopping (default 20000)")
    parser.add_argument("--writers", type=int, default=3, help="writer processes (default 3)")
    parser.add_argument("--db", help="a new database path (default: in a new temp dir), or a PostgreSQL URL of an "
                                     "empty database or schema")
    parser.add_argument("--sqlite", choices=("sqlite3", "pysqlite3"), default="sqlite3",
                        help="the DB-API module (pysqlite3 for a newer SQLite)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    if args.erasures < 1 or args.writers < 1:
        parser.error("--erasures and --writers: expected at least 1")
    from memory import is_database_url
    with tempfile.TemporaryDirectory() as tmp:
        path = args.db or str(Path(tmp) / "soak.db")
        if args.db and not is_database_url(args.db) and Path(args.db).exists():
            parser.error(f"--db: {args.db} exists; the soak needs a new file")
        result = soak(path, erasures=args.erasures, writers=args.writers, sqlite=args.sqlite, logs=tmp)
    if args.json:
        print(json.dumps(result, indent=2))
    else:
        for name, counts in result["processes"].items():
            print(f"{name:>8}: " + ", ".join(f"{k} {v}" for k, v in counts.items()))
        for key in ("backend", "seconds", "erasures", "acknowledged_writes", "erased_ids", "lost_writes", "errors",
                    "lock_timeouts", "scrubs_pending", "integrity_check", "btree_indexes_checked", "index_check",
                    "tables_searched", "erased_markers_left", "store_bytes", "ok"):
            if key in result:
                print(f"{key}: {result[key]}")
    return 0 if result["ok"] else 1


if __name__ == "__main__":
    sys.exit(main())
