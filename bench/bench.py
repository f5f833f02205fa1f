"""Benchmark the memory store against SQL floors measured in the same run on the same data.

Each figure is printed next to a floor: the cheapest SQL that does the same I/O, timed in
the same process, on the same rows, in the same temp directory, and shown as a ratio
(store time / floor time, so 1.0 means "as fast as bare SQLite", lower is better).

Figures per N (number of facts loaded):

- add: ``MemoryStore.add_many`` in batches of ``BATCH`` rows (one transaction each) into a
  file database, rows/s. Floor: a raw ``executemany`` INSERT of the very rows the store
  wrote (read back from its file, untimed) into a bare ``memories`` table with the same
  columns and no secondary indexes, plus the store's own FTS5 table definition and
  triggers copied verbatim from its ``sqlite_master``; same batches, one
  ``BEGIN IMMEDIATE`` each, and the store connection's own pragmas (journal_mode,
  synchronous, secure_delete, cache_size, mmap_size, temp_store, read from it).
- consolidate: a full ``consolidate(store, ALL)``. Floor, in one transaction: one read of
  every current semantic row (the columns the fold reads) in id order, then as many
  ``UPDATE ... SET status`` and resolution INSERTs as the real run wrote (its own
  resolution rows, copied), plus one ``runs`` row.
- incremental: after adding 1% more facts (the same stream, continued), a second
  ``consolidate(store, ALL)``, as a fraction of the full pass.
- recall: p50 and p99 of ``store.recall`` over ``QUERIES`` queries (k=5). Floor: the very
  MATCH expression the store sent (captured from SQLite's statement trace in an untimed
  warm-up pass) as a raw ``MATCH ? ORDER BY rank LIMIT k`` (rank = the store's configured
  bm25) on the store's own index through a second connection: no join back to
  ``memories``, no resolution or ledger lookups.
- forget (per call) and purge (per user) times, peak RSS (``ru_maxrss``) and file bytes
  (main file + WAL + SHM) per fact; the 1-minute load average at start and end (other
  work on the machine slows store and floor alike, but not always evenly) and the
  whole run's wall time for that N.

Before each consolidation, the store's and the floor's alike, the bench collects garbage and
calls ``os.sync()``, so no phase pays for write-back the previous one left behind.

Workload (``random.Random(seed)``, streamed, never held in memory whole); users = N // 100
(at least 20), activity Zipf-like (weight 1/rank**0.7: at 1M the busiest user has about
2% of facts); each user has 1-4 tasks and about 30% of semantic facts are task-level.
Per fact drawn, with the proportions in ``MIX``:

- 40% user statement of an attribute (source user, authority user, origin chat); when the
  user already has a value there: 45% restatement of the same value (often in other
  words), 55% change of value (an immutable attribute then opens a contradiction);
- 8% exact duplicate of one of the user's recent rows;
- 12% tool inference (source tool, authority inferred, origin ``email:...``/``web:...``/
  ``calendar``; 70% authenticated and trusted, else unauthenticated and unverified);
- 5% import (source import, origin ``import:...``, authority user, attributed);
- 23% unattributed semantic fact (of which about 15% a reworded near duplicate and 10%
  the negation of an earlier fact of that user);
- 12% episodic event (never consolidated).

Run: ``python bench/bench.py --quick`` (10k), ``--sizes 10000,100000,1000000``, ``--json``,
``--repeat 3`` (each figure the median of 3 independent runs; the table shows the spread).
From Python: ``run([2000], queries=100)`` returns the same dict ``--json`` prints.
"""

import argparse
import gc
import json
import os
import random
import resource
import shutil
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)

BATCH = 10_000          # rows per add_many call (one transaction each)
QUERIES = 1_000         # recall queries per N
RECALL_K = 5
FORGETS = 20            # forget calls per N (stops early after FORGET_BUDGET_S seconds)
FORGET_BUDGET_S = 30.0
PURGES = 3              # users purged per N
INCREMENT = 0.01        # fraction of N added before the incremental pass
DEFAULT_SEED = 20240601

MIX = (                 # (event, share of facts); see the module docstring
    ("statement", 0.40),
    ("duplicate", 0.08),
    ("inference", 0.12),
    ("import", 0.05),
    ("unattributed", 0.23),
    ("episodic", 0.12),
)

# --- vocabulary ---------------------------------------------------------------------------

CITIES = """Lisbon Oslo Berlin Austin Kyoto Lagos Lima Quito Hanoi Perth Leeds Porto Turin
Bergen Malmo Graz Ghent Bruges Lyon Nantes Seville Bilbao Krakow Gdansk Brno Riga Tartu Vilnius
Dublin Cork Galway Bristol Glasgow Cardiff Boston Denver Seattle Portland Chicago Toronto
Montreal Vancouver Calgary Halifax Auckland Wellington Sydney Brisbane Adelaide Hobart Osaka
Nagoya Busan Taipei Manila Jakarta Bangkok Chennai Pune Mumbai Delhi Dhaka Karachi Tehran
Cairo Tunis Accra Nairobi Kampala Kigali Durban Windhoek Santiago Bogota Caracas Havana
Merida Oaxaca Cusco Asuncion Rosario Recife Manaus Fortaleza Reykjavik Tromso Aarhus Odense
Tampere Turku Uppsala Lund Basel Geneva Zurich Bern Lucerne Salzburg Innsbruck Ljubljana
Zagreb Split Sarajevo Skopje Tirana Sofia Varna Bucharest Cluj Iasi Chisinau Odesa Lviv
Tbilisi Yerevan Baku Almaty Tashkent Ulaanbaatar""".split()

SYLLABLES = "ka ri to mi an el sa no ve lu da or pe ti ra ne jo be ha li mo su ga fe".split()

THINGS = """jazz opera techno sushi ramen tacos kimchi espresso matcha oolong kombucha cider
chess go sudoku crosswords climbing bouldering rowing kayaking sailing surfing skiing cycling
running hiking birding pottery knitting woodworking baking gardening photography astronomy
podcasts audiobooks vinyl synths ukulele cello violin piano drums harmonica poetry sculpture
origami calligraphy karaoke salsa tango ballet yoga pilates judo fencing archery curling
cricket rugby hockey baseball tennis squash badminton pingpong darts bowling billiards
tarot anime manga comics westerns thrillers sitcoms documentaries musicals cheese olives
anchovies cilantro mushrooms oysters durian licorice marzipan haggis natto okra kale beets
tofu tempeh seitan quinoa lentils chickpeas avocados mangoes figs dates cherries plums
lychees papayas guavas""".split()

EVENTS = "conference meetup workshop wedding hackathon offsite retreat festival fair summit".split()
WEEKDAYS = "Monday Tuesday Wednesday Thursday Friday Saturday Sunday".split()
PLACES = "the desk drawer|the blue box|the car|the office|the garage|the neighbour's flat|the coat pocket".split("|")
TOOLS = "pytest ruff mypy black tox nox poetry hatch uv bazel cmake meson ninja make gradle maven cargo".split()
PURPOSES = "tests linting types formatting builds packaging releases docs benchmarks fuzzing".split()
PROJECTS = "atlas borealis cobalt delta ember fjord granite helix iris juniper kestrel lumen".split()

# attribute -> (policy, values, templates with {v})
ATTRIBUTES = {
    "diet": ("one", "vegetarian|vegan|pescatarian|omnivore|keto|gluten-free|halal|kosher|paleo|flexitarian".split("|"),
             ["I am {v}.", "My diet is {v}.", "These days I eat {v}.", "I'm {v} now."]),
    "home_city": ("one", CITIES, ["I live in {v}.", "My home is in {v}.", "I moved to {v}.", "Home for me is {v}."]),
    "favourite_editor": ("one", "Vim|Emacs|VS Code|Helix|Sublime Text|Neovim|Zed|Kate|nano|IntelliJ".split("|"),
                         ["My favourite editor is {v}.", "{v} is my favourite editor.", "I edit code in {v}."]),
    "favourite_drink": ("one", "cola|coffee|green tea|black tea|water|lemonade|mate|cocoa|kefir|ginger beer".split("|"),
                        ["My favourite drink is {v}.", "I mostly drink {v}.", "{v} is my go-to drink."]),
    "employer": ("one", ["Acme", "Globex", "Initech", "Umbrella", "Hooli", "Vandelay", "Stark", "Wayne",
                         "Tyrell", "Cyberdyne", "Soylent", "Aperture", "Massive", "Wonka"],
                 ["I work at {v}.", "My employer is {v}.", "I joined {v}."]),
    "job_title": ("one", "engineer|designer|manager|analyst|nurse|teacher|chef|pilot|lawyer|writer|architect|dentist".split("|"),
                  ["I work as a {v}.", "My job title is {v}.", "I'm a {v} by trade."]),
    "timezone": ("one", "UTC|CET|EET|PST|EST|CST|MST|JST|IST|AEST|NZST|BRT".split("|"),
                 ["My timezone is {v}.", "I'm on {v} time.", "Schedule things in {v} for me."]),
    "programming_language": ("one", "Python|Rust|Go|C++|C#|C|Java|Kotlin|Swift|Haskell|OCaml|Elixir|Zig|Julia".split("|"),
                             ["I code mostly in {v}.", "My main language is {v}.", "{v} is what I write every day."]),
    "phone_os": ("one", "Android|iOS|GrapheneOS|LineageOS".split("|"), ["My phone runs {v}.", "I use {v} on my phone."]),
    "partner_name": ("one", None, ["My partner is {v}.", "{v} is my partner."]),
    "pet": ("one", "a cat|a dog|two cats|a parrot|a rabbit|goldfish|a tortoise|no pets".split("|"),
            ["I have {v}.", "At home I keep {v}."]),
    "shirt_size": ("one", "XS|S|M|L|XL|XXL".split("|"), ["My shirt size is {v}.", "I wear size {v} shirts."]),
    "seat_preference": ("one", "aisle|window|middle|exit row".split("|"), ["I prefer an {v} seat.", "Book me {v} seats."]),
    "commute": ("one", "bike|bus|train|car|walk|scooter|tram".split("|"), ["I commute by {v}.", "My commute is by {v}."]),
    "coffee_order": ("one", "flat white|espresso|latte|cortado|americano|cappuccino|mocha|filter".split("|"),
                     ["My usual coffee is a {v}.", "I order a {v}."]),
    "gym_days": ("one", WEEKDAYS, ["I go to the gym on {v}.", "Gym day is {v}."]),
    "hobby": ("many", THINGS, ["I enjoy {v}.", "One of my hobbies is {v}.", "I'm into {v}."]),
    "hat_style": ("many", "fedoras|beanies|caps|berets|panamas|bucket hats|trilbies".split("|"),
                  ["I wear {v}.", "{v} are my go-to.", "I like wearing {v}."]),
    "language_spoken": ("many", "English|Portuguese|Norwegian|German|Japanese|Yoruba|Spanish|Vietnamese|French|Polish".split("|"),
                        ["I speak {v}.", "I can speak {v}."]),
    "allergy": ("many", "peanuts|shellfish|pollen|dust|penicillin|lactose|gluten|latex|cats".split("|"),
                ["I'm allergic to {v}.", "I have an allergy to {v}."]),
    "birthdate": ("immutable", None, ["I was born on {v}.", "My birthday is {v}."]),
    "first_name": ("immutable", None, ["My name is {v}.", "Call me {v}.", "I'm {v}."]),
    "birthplace": ("immutable", CITIES, ["I was born in {v}.", "My birthplace is {v}."]),
}
TASK_ATTRIBUTES = {
    "deadline": ("one", None, ["The deadline is {v}.", "It is due {v}."]),
    "budget": ("one", None, ["The budget is {v} dollars.", "We can spend {v} dollars."]),
    "stack": ("one", "Django|Flask|Rails|Phoenix|Next.js|SvelteKit|Laravel|Spring".split("|"),
              ["The stack is {v}.", "We build it with {v}."]),
    "venue": ("one", CITIES, ["The venue is in {v}.", "We meet in {v}."]),
}
GENERAL_FOR_TASKS = ("diet", "seat_preference", "favourite_editor", "programming_language", "timezone")
TASK_KINDS = "trip|website|thesis|wedding|move|launch|audit|garden|novel|course".split("|")
TOOL_ORIGINS = ("email:billing@vendor.example", "email:news@shop.example", "web:reviews.example",
                "web:forum.example", "calendar", "email:hr@employer.example", "crm:notes")
IMPORT_ORIGINS = ("import:contacts.vcf", "import:crm-export.csv", "import:old-assistant.json")

QUERY_TEMPLATES = {
    "diet": "what is my diet", "home_city": "where do I live", "favourite_editor": "which editor do I use",
    "favourite_drink": "favourite drink", "employer": "where do I work", "job_title": "what is my job",
    "timezone": "what timezone am I in", "programming_language": "which language do I code in",
    "phone_os": "what does my phone run", "partner_name": "who is my partner", "pet": "do I have pets",
    "shirt_size": "shirt size", "seat_preference": "seat preference for flights", "commute": "how do I commute",
    "coffee_order": "usual coffee order", "gym_days": "when do I go to the gym", "hobby": "what are my hobbies",
    "hat_style": "what hats do I wear", "language_spoken": "which languages do I speak",
    "allergy": "am I allergic to anything", "birthdate": "when is my birthday", "first_name": "what is my name",
    "birthplace": "where was I born", "deadline": "when is it due", "budget": "what is the budget",
    "stack": "what stack do we use", "venue": "where is the venue",
}


def _name(rng):
    return "".join(rng.choice(SYLLABLES) for _ in range(rng.randint(2, 3))).capitalize()


def _value(rng, attribute, values):
    if values is not None:
        return rng.choice(values)
    if attribute == "birthdate":
        return "%d %s %d" % (rng.randint(1, 28), rng.choice("January March May July September November".split()),
                             rng.randint(1950, 2005))
    if attribute == "deadline":
        return "%s the %dth" % (rng.choice(WEEKDAYS), rng.randint(4, 28))
    if attribute == "budget":
        return str(rng.randint(1, 200) * 50)
    return _name(rng)  # partner_name, first_name


class Workload:
    """A seeded, endless stream of fact dicts for ``MemoryStore.add_many``.

    ``batch(n)`` returns the next ``n`` rows (a list of dicts with the keys of
    ``MemoryStore.add``); the stream continues across calls, so the incremental batch is
    more of the same traffic. ``counts`` tallies what was generated, by event and by kind.
    """

    def __init__(self, n, seed=DEFAULT_SEED):
        self.rng = random.Random(seed)
        rng = self.rng
        self.users = ["user-%05d" % i for i in range(max(20, n // 100))]
        weights = [1.0 / (rank ** 0.7) for rank in range(1, len(self.users) + 1)]
        acc, self.cum = 0.0, []
        for w in weights:
            acc += w
            self.cum.append(acc)
        self.tasks = {u: ["%s-%d" % (rng.choice(TASK_KINDS), i) for i in range(rng.randint(1, 4))]
                      for u in self.users}
        self.state = {}       # (user, task, attribute) -> value last stated by the user
        self.recent = {}      # user -> the user's last few rows, for duplicates
        self.facts = {}       # user -> last few unattributed (words, text), for rewording
        self.events = [e for e, _ in MIX]
        acc, self.event_cum = 0.0, []
        for _, share in MIX:
            acc += share
            self.event_cum.append(acc)
        self.counts = {}

    def _count(self, key):
        self.counts[key] = self.counts.get(key, 0) + 1

    def user(self):
        return self.rng.choices(self.users, cum_weights=self.cum)[0]

    def _scope_attribute(self, user):
        rng = self.rng
        if rng.random() < 0.30:
            task = rng.choice(self.tasks[user])
            if rng.random() < 0.6:
                attribute = rng.choice(tuple(TASK_ATTRIBUTES))
                return task, attribute, TASK_ATTRIBUTES[attribute]
            attribute = rng.choice(GENERAL_FOR_TASKS)
            return task, attribute, ATTRIBUTES[attribute]
        attribute = rng.choice(tuple(ATTRIBUTES))
        return None, attribute, ATTRIBUTES[attribute]

    def _row(self, text, user, task=None, attribute=None, authority="user", kind="semantic",
             source="user", origin="chat", authenticated=True, trust="trusted"):
        row = {"text": text, "user": user, "task": task, "attribute": attribute, "authority": authority,
               "kind": kind, "source": source, "origin": origin, "authenticated": authenticated, "trust": trust}
        ring = self.recent.setdefault(user, [])
        ring.append(row)
        if len(ring) > 8:
            del ring[0]
        return row

    def _attributed(self, user, event):
        rng = self.rng
        task, attribute, (policy, values, templates) = self._scope_attribute(user)
        key = (user, task, attribute)
        if event == "statement":
            old = self.state.get(key)
            if old is not None and rng.random() < 0.45:
                value = old
                self._count("statement: restatement")
            else:
                value = _value(rng, attribute, values)
                self._count("statement: first value" if old is None else "statement: change of value")
            if policy != "many":
                self.state[key] = value
            return self._row(rng.choice(templates).format(v=value), user, task, attribute)
        value = _value(rng, attribute, values)
        if event == "inference":
            authn = rng.random() < 0.7
            return self._row(rng.choice(templates).format(v=value), user, task, attribute, authority="inferred",
                             source="tool", origin=rng.choice(TOOL_ORIGINS), authenticated=authn,
                             trust="trusted" if authn else "unverified")
        return self._row(rng.choice(templates).format(v=value), user, task, attribute, source="import",
                         origin=rng.choice(IMPORT_ORIGINS))

    def _unattributed(self, user):
        rng = self.rng
        task = rng.choice(self.tasks[user]) if rng.random() < 0.3 else None
        mine = self.facts.setdefault(user, [])
        roll = rng.random()
        if mine and roll < 0.15:
            words, _ = rng.choice(mine)
            text = "%s, I %s." % (words[1].capitalize(), words[0])  # same content words, reordered
            self._count("unattributed: near duplicate")
            return self._row(text, user, task)
        if mine and roll < 0.25:
            words, _ = rng.choice(mine)
            self._count("unattributed: negation")
            return self._row("I do not %s %s." % words, user, task)
        self._count("unattributed: new")
        pick = rng.random()
        if pick < 0.35:
            verb, obj = rng.choice(("like", "love", "play", "cook", "collect", "watch")), rng.choice(THINGS)
            mine.append(((verb, obj), None))
            if len(mine) > 6:
                del mine[0]
            return self._row("I %s %s." % (verb, obj), user, task)
        if pick < 0.55:
            return self._row("Met %s at the %s in %s." % (_name(rng), rng.choice(EVENTS), rng.choice(CITIES)),
                             user, task)
        if pick < 0.70:
            return self._row("The %s repo uses %s for %s." % (rng.choice(PROJECTS), rng.choice(TOOLS),
                                                             rng.choice(PURPOSES)), user, task)
        if pick < 0.85:
            return self._row("Benchmark run %d scored 0.%02d." % (rng.randint(1, 400), rng.randint(0, 99)),
                             user, task)
        return self._row("Keeps spare keys in %s." % rng.choice(PLACES), user, task)

    def _episodic(self, user):
        rng = self.rng
        pick = rng.random()
        if pick < 0.4:
            text = "Asked about flights to %s on %s." % (rng.choice(CITIES), rng.choice(WEEKDAYS))
        elif pick < 0.7:
            text = "Booked a table for %d at %s's place." % (rng.randint(2, 9), _name(rng))
        else:
            text = "Shared the %s draft with %s." % (rng.choice(PROJECTS), _name(rng))
        task = rng.choice(self.tasks[user]) if rng.random() < 0.3 else None
        return self._row(text, user, task, kind="episodic")

    def one(self):
        rng = self.rng
        user = self.user()
        event = rng.choices(self.events, cum_weights=self.event_cum)[0]
        if event == "duplicate":
            ring = self.recent.get(user)
            if ring:
                self._count("duplicate")
                return dict(rng.choice(ring))
            event = "statement"
        if event in ("statement", "inference", "import"):
            if event != "statement":
                self._count(event)
            return self._attributed(user, event)
        if event == "unattributed":
            return self._unattributed(user)
        self._count("episodic")
        return self._episodic(user)

    def batch(self, n):
        one = self.one
        return [one() for _ in range(n)]

    def queries(self, n):
        """``n`` recall queries: (text, user, task); mostly attribute questions, some keywords."""
        rng, out = self.rng, []
        for _ in range(n):
            user = self.user()
            task = rng.choice(self.tasks[user]) if rng.random() < 0.2 else None
            roll = rng.random()
            if roll < 0.6:
                text = QUERY_TEMPLATES[rng.choice(tuple(QUERY_TEMPLATES))]
            elif roll < 0.85:
                text = "%s %s" % (rng.choice(THINGS), rng.choice(("like", "love", "play", "")))
            else:
                text = "%s %s" % (rng.choice(EVENTS), rng.choice(CITIES))
            out.append((text.strip(), user, task))
        return out


def declare_policies(store):
    for attribute, (policy, _, _) in list(ATTRIBUTES.items()) + list(TASK_ATTRIBUTES.items()):
        if policy != "one":
            store.declare(attribute, policy)


# --- floors ---------------------------------------------------------------------------------

def _settle():
    """Start a timed phase from the same state whoever runs it: no garbage left to collect and
    no dirty file pages of an earlier phase still being written back (the floor's copy of a
    million rows, written just before the store's consolidation, made it 20% slower)."""
    gc.collect()
    os.sync()


def _timed_consolidation(store):
    """(seconds, report) of one consolidate(store, ALL), started from a settled machine."""
    import memory
    import consolidate
    _settle()
    t = time.perf_counter()
    report = consolidate.consolidate(store, memory.ALL)
    return time.perf_counter() - t, report


def _file_bytes(path):
    return sum(os.path.getsize(path + ext) for ext in ("", "-wal", "-shm") if os.path.exists(path + ext))


def _maxrss_mb():
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024.0  # Linux: KiB


MIRRORED_PRAGMAS = ("journal_mode", "synchronous", "secure_delete", "cache_size", "mmap_size", "temp_store")


def store_pragmas(store):
    """The connection settings the store runs with, to give the floor the same ones."""
    conn = store._db()
    return {name: conn.execute("PRAGMA %s" % name).fetchone()[0] for name in MIRRORED_PRAGMAS}


def _connect(path, pragmas):
    """A floor connection in autocommit mode with the store's pragmas (WAL, synchronous, ...)."""
    conn = sqlite3.connect(path, isolation_level=None)
    for name in MIRRORED_PRAGMAS:
        conn.execute("PRAGMA %s=%s" % (name, pragmas[name]))
    return conn


def mirror_schema(store_path, floor):
    """Create in `floor` the store's tables as bare tables, its FTS5 table and its triggers.

    Read from the store file's sqlite_master, so the floor follows the schema memory.py
    writes: ``memories``, ``resolutions`` and ``runs`` with their own CREATE TABLE text
    (same columns, constraints and generated columns) but none of their indexes; the FTS5
    virtual table and every trigger on ``memories`` copied verbatim. Returns
    {table: [insertable column names]}.
    """
    src = sqlite3.connect(store_path)
    try:
        master = src.execute("SELECT type, name, tbl_name, sql FROM sqlite_master").fetchall()
        columns = {}
        for table in ("memories", "resolutions", "runs"):
            columns[table] = [r[1] for r in src.execute(f"PRAGMA table_xinfo({table})") if r[6] == 0]
    finally:
        src.close()
    tables = {name: sql for kind, name, _, sql in master if kind == "table"}
    floor.execute("BEGIN IMMEDIATE")
    for table in ("memories", "resolutions", "runs"):
        floor.execute(tables[table])
    fts = [sql for kind, name, _, sql in master
           if kind == "table" and sql and sql.upper().startswith("CREATE VIRTUAL TABLE")]
    for sql in fts:
        floor.execute(sql)
    triggers = [sql for kind, _, tbl, sql in master if kind == "trigger" and tbl == "memories"]
    for sql in triggers:
        floor.execute(sql)
    floor.execute("COMMIT")
    return columns, len(fts), len(triggers)


def floor_add(store_path, floor, columns, batch=BATCH):
    """Copy the store's rows into the floor in id order, timing only executemany + commit."""
    cols = columns["memories"]
    insert = "INSERT INTO memories (%s) VALUES (%s)" % (", ".join(cols), ", ".join("?" * len(cols)))
    src = sqlite3.connect(store_path)
    elapsed, last, rows_done = 0.0, 0, 0
    try:
        while True:
            rows = src.execute("SELECT %s FROM memories WHERE id > ? ORDER BY id LIMIT ?" % ", ".join(cols),
                               (last, batch)).fetchall()
            if not rows:
                break
            last = rows[-1][0]
            t = time.perf_counter()
            floor.execute("BEGIN IMMEDIATE")
            floor.executemany(insert, rows)
            floor.execute("COMMIT")
            elapsed += time.perf_counter() - t
            rows_done += len(rows)
    finally:
        src.close()
    return elapsed, rows_done


def floor_consolidate(store_path, floor, columns):
    """The SQL floor of a full consolidation, in one transaction; returns (seconds, rows read).

    Reads every current semantic row (the columns the fold reads) in id order,
    then retires the ids the real run retired and inserts the real run's resolution and
    runs rows (copied from the store file before timing).
    """
    src = sqlite3.connect(store_path)
    try:
        rcols, ucols = columns["resolutions"], columns["runs"]
        resolutions = src.execute("SELECT %s FROM resolutions ORDER BY rowid" % ", ".join(rcols)).fetchall()
        runs = src.execute("SELECT %s FROM runs ORDER BY id" % ", ".join(ucols)).fetchall()
    finally:
        src.close()
    retired = [(r[rcols.index("retired")],) for r in resolutions]
    ins_res = "INSERT INTO resolutions (%s) VALUES (%s)" % (", ".join(rcols), ", ".join("?" * len(rcols)))
    ins_run = "INSERT INTO runs (%s) VALUES (%s)" % (", ".join(ucols), ", ".join("?" * len(ucols)))
    _settle()
    t = time.perf_counter()
    floor.execute("BEGIN IMMEDIATE")
    n_read = 0
    for _ in floor.execute("SELECT id, user, task, attribute, norm, authority, source, trust, created_at, sig "
                           "FROM memories WHERE status = 'current' AND kind = 'semantic' ORDER BY id"):
        n_read += 1
    floor.executemany("UPDATE memories SET status = 'retired' WHERE id = ?", retired)
    floor.executemany(ins_res, resolutions)
    floor.executemany(ins_run, runs)
    floor.execute("COMMIT")
    return time.perf_counter() - t, n_read, len(resolutions)


def _sql_string(sql, start):
    """The SQL string literal opening at sql[start] ("'"), with doubled quotes undone."""
    out, i = [], start + 1
    while True:
        j = sql.index("'", i)
        out.append(sql[i:j])
        if sql.startswith("''", j):
            out.append("'")
            i = j + 2
        else:
            return "".join(out)


def capture_matches(store, queries, k=RECALL_K):
    """Run each query through store.recall once (untimed; it also warms the cache) and return
    the first FTS5 MATCH expression the store sent for it (None if it sent none).

    Read from SQLite's statement trace (bound values expanded), so the floor searches the
    store's index with exactly the expression the store built, whatever memory.py's query
    construction is at the time.
    """
    conn = store._db()
    seen = []

    def trace(sql):
        at = sql.find("MATCH '")
        if at >= 0 and "memories_fts" in sql and not seen:
            seen.append(_sql_string(sql, at + 6))

    out = []
    conn.set_trace_callback(trace)
    try:
        for text, user, task in queries:
            del seen[:]
            store.recall(text, user=user, task=task, k=k)
            out.append(seen[0] if seen else None)
    finally:
        conn.set_trace_callback(None)
    return out


FLOOR_RECALL = "SELECT rowid FROM memories_fts WHERE memories_fts MATCH ? ORDER BY rank LIMIT ?"


def _pct(values, p):
    s = sorted(values)
    return s[min(len(s) - 1, max(0, int(round(p / 100.0 * len(s))) - 1))]


# --- one size -------------------------------------------------------------------------------

def measure(n, *, seed=DEFAULT_SEED, queries=QUERIES, forgets=FORGETS, purges=PURGES, log=None):
    """Load `n` facts and measure every figure against its floor; returns a dict of figures.

    Works in a fresh temp directory, removed afterwards. Times are seconds unless a key
    says ms; ratios are store time / floor time (lower is better, 1.0 = the floor).
    """
    import memory
    import consolidate

    def say(msg):
        if log:
            log("[n=%d] %s" % (n, msg))

    rss_start = _maxrss_mb()
    started = time.perf_counter()
    tmp = tempfile.mkdtemp(prefix="membench-")
    out = {"n": n, "seed": seed, "loadavg_start": os.getloadavg()[0]}
    try:
        store_path, floor_path = os.path.join(tmp, "store.db"), os.path.join(tmp, "floor.db")
        wl = Workload(n, seed)
        out["users"] = len(wl.users)
        store = memory.MemoryStore(store_path)
        declare_policies(store)

        # add_many, in batches, one transaction each
        t_add, done, t_gen = 0.0, 0, 0.0
        while done < n:
            t = time.perf_counter()
            rows = wl.batch(min(BATCH, n - done))
            t_gen += time.perf_counter() - t
            gc.collect()
            t = time.perf_counter()
            store.add_many(rows)
            t_add += time.perf_counter() - t
            done += len(rows)
        del rows
        out["workload_counts"] = dict(sorted(wl.counts.items()))
        out["generate_s"] = t_gen
        out["add_s"] = t_add
        out["add_rows_per_s"] = n / t_add
        out["file_bytes_per_fact"] = _file_bytes(store_path) / n
        say("add_many %.0f rows/s (%.1f s)" % (out["add_rows_per_s"], t_add))

        out["pragmas"] = store_pragmas(store)
        floor = _connect(floor_path, out["pragmas"])
        columns, n_fts, n_trig = mirror_schema(store_path, floor)
        out["floor_schema"] = {"fts_tables": n_fts, "triggers": n_trig,
                               "memories_columns": columns["memories"]}
        t_fadd, copied = floor_add(store_path, floor, columns)
        assert copied == n, (copied, n)
        out["floor_add_s"] = t_fadd
        out["floor_add_rows_per_s"] = n / t_fadd
        out["floor_file_bytes_per_fact"] = _file_bytes(floor_path) / n
        out["add_ratio"] = t_add / t_fadd
        say("floor add %.0f rows/s -> ratio %.2f" % (out["floor_add_rows_per_s"], out["add_ratio"]))

        # full consolidation
        t_full, report = _timed_consolidation(store)
        out["consolidate_s"] = t_full
        out["resolutions"] = len(report.resolutions)
        say("consolidate %.2f s, %d resolutions" % (t_full, out["resolutions"]))
        t_fc, n_read, n_res = floor_consolidate(store_path, floor, columns)
        out["floor_consolidate_s"] = t_fc
        out["floor_consolidate_rows_read"] = n_read
        out["floor_consolidate_resolutions"] = n_res
        out["consolidate_ratio"] = t_full / t_fc
        say("floor consolidate %.3f s (%d rows read) -> ratio %.2f" % (t_fc, n_read, out["consolidate_ratio"]))

        # incremental: 1% more of the same stream, then consolidate again
        extra = wl.batch(max(1, int(n * INCREMENT)))
        t = time.perf_counter()
        store.add_many(extra)
        out["incremental_add_s"] = time.perf_counter() - t
        out["incremental_rows"] = len(extra)
        del extra
        t_inc, report2 = _timed_consolidation(store)
        out["incremental_s"] = t_inc
        out["incremental_resolutions"] = len(report2.resolutions)
        out["incremental_fraction"] = t_inc / t_full
        say("incremental %.3f s = %.1f%% of full" % (t_inc, 100 * out["incremental_fraction"]))

        # recall, interleaved with the floor query on the store's own index
        qs = wl.queries(queries)
        matches = capture_matches(store, qs)
        reader = sqlite3.connect(store_path)
        for m in matches[:20]:
            if m:
                reader.execute(FLOOR_RECALL, (m, RECALL_K)).fetchall()
        s_times, f_times, hits = [], [], 0
        for (text, user, task), m in zip(qs, matches):
            t = time.perf_counter()
            got = store.recall(text, user=user, task=task, k=RECALL_K)
            s_times.append(time.perf_counter() - t)
            hits += bool(got.memories)
            t = time.perf_counter()
            if m:
                reader.execute(FLOOR_RECALL, (m, RECALL_K)).fetchall()
            f_times.append(time.perf_counter() - t)
        reader.close()
        out["recall_queries"] = len(qs)
        out["recall_hit_rate"] = hits / len(qs)
        out["recall_p50_ms"] = 1000 * _pct(s_times, 50)
        out["recall_p99_ms"] = 1000 * _pct(s_times, 99)
        out["floor_recall_p50_ms"] = 1000 * _pct(f_times, 50)
        out["floor_recall_p99_ms"] = 1000 * _pct(f_times, 99)
        out["recall_p50_ratio"] = out["recall_p50_ms"] / out["floor_recall_p50_ms"]
        out["recall_p99_ratio"] = out["recall_p99_ms"] / out["floor_recall_p99_ms"]
        say("recall p50 %.2f ms p99 %.2f ms (floor %.2f / %.2f) -> p99 ratio %.2f" % (
            out["recall_p50_ms"], out["recall_p99_ms"], out["floor_recall_p50_ms"],
            out["floor_recall_p99_ms"], out["recall_p99_ratio"]))

        # forget: random ids of any status, one call each, within a time budget
        rng = random.Random(seed + 1)
        max_id = n + out["incremental_rows"]
        f_times, f_deleted = [], 0
        forget_started = time.perf_counter()
        for memory_id in rng.sample(range(1, max_id + 1), min(forgets, max_id)):
            t = time.perf_counter()
            f_deleted += len(store.forget(memory_id))
            f_times.append(time.perf_counter() - t)
            if time.perf_counter() - forget_started > FORGET_BUDGET_S:
                break
        out["forget_calls"] = len(f_times)
        out["forget_ids_deleted"] = f_deleted
        out["forget_mean_ms"] = 1000 * statistics.mean(f_times) if f_times else None
        out["forget_max_ms"] = 1000 * max(f_times) if f_times else None
        say("forget mean %.1f ms max %.1f ms over %d calls" % (out["forget_mean_ms"], out["forget_max_ms"],
                                                               len(f_times)))

        # purge: the busiest user, one at the 90th percentile of activity, one at the median
        picks = [wl.users[0], wl.users[len(wl.users) // 10], wl.users[len(wl.users) // 2]][:purges]
        p_list = []
        for user in picks:
            t = time.perf_counter()
            deleted = store.purge(user)
            p_list.append({"user": user, "rows": deleted, "ms": 1000 * (time.perf_counter() - t)})
        out["purge"] = p_list
        say("purge " + ", ".join("%d rows in %.0f ms" % (p["rows"], p["ms"]) for p in p_list))

        store.close()
        floor.close()
        out["file_bytes_per_fact_end"] = _file_bytes(store_path) / n
        out["peak_rss_mb"] = _maxrss_mb()
        out["rss_at_start_mb"] = rss_start
        out["loadavg_end"] = os.getloadavg()[0]
        out["total_s"] = time.perf_counter() - started
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return out


# --- reporting ------------------------------------------------------------------------------

TARGETS = {"add_ratio": 2.0, "consolidate_ratio": 3.0, "recall_p99_ratio": 2.0, "incremental_fraction": 0.05}


# Figures that vary run to run on a shared machine: with --repeat, each is the median of the runs.
MEDIAN_KEYS = ("add_s", "add_rows_per_s", "floor_add_s", "floor_add_rows_per_s", "add_ratio",
               "consolidate_s", "floor_consolidate_s", "consolidate_ratio", "incremental_s",
               "incremental_fraction", "recall_p50_ms", "recall_p99_ms", "floor_recall_p50_ms",
               "floor_recall_p99_ms", "recall_p50_ratio", "recall_p99_ratio", "forget_mean_ms",
               "forget_max_ms", "peak_rss_mb", "total_s")
SPREAD_KEYS = ("add_ratio", "consolidate_ratio", "incremental_fraction", "recall_p99_ratio")


def combine(runs):
    """One N's figures from independent runs (same seed, same data): the median of each
    MEDIAN_KEYS figure, the rest from the first run, and `runs`: every run's SPREAD_KEYS."""
    if len(runs) == 1:
        return runs[0]
    out = dict(runs[0])
    for key in MEDIAN_KEYS:
        out[key] = statistics.median(r[key] for r in runs)
    out["runs"] = [{key: r[key] for key in SPREAD_KEYS} for r in runs]
    return out


def summary(results):
    """The --json object: headline figures of the largest N, every N's details, the workload."""
    top = max(results, key=lambda r: r["n"])
    return {
        "n": top["n"],
        "add_ratio": top["add_ratio"],
        "consolidate_ratio": top["consolidate_ratio"],
        "incremental_fraction": top["incremental_fraction"],
        "recall_p99_ratio": top["recall_p99_ratio"],
        "recall_p50_ratio": top["recall_p50_ratio"],
        "targets": TARGETS,
        "workload_mix": dict(MIX),
        "sizes": sorted(results, key=lambda r: r["n"]),
    }


def table(r):
    """A human-readable table for one N's figures."""
    def row(label, store, floor="", ratio=""):
        return "  %-36s %14s %18s %14s" % (label, store, floor, ratio)
    total = sum(r["workload_counts"].values())
    lines = [
        "N = {:,} facts, {:,} users, seed {}".format(r["n"], r["users"], r["seed"]),
        "  workload: " + ", ".join("%s %.1f%%" % (k, 100.0 * v / total) for k, v in r["workload_counts"].items()),
        row("figure", "store", "floor", "ratio"),
        row("add_many rows/s", "{:,.0f}".format(r["add_rows_per_s"]),
            "{:,.0f}".format(r["floor_add_rows_per_s"]), "%.2fx" % r["add_ratio"]),
        row("consolidate(ALL) full, s", "%.3f" % r["consolidate_s"], "%.3f" % r["floor_consolidate_s"],
            "%.2fx" % r["consolidate_ratio"]),
        row("  resolutions written", "{:,}".format(r["resolutions"]),
            "{:,} rows read".format(r["floor_consolidate_rows_read"])),
        row("incremental (+{:,} facts), s".format(r["incremental_rows"]), "%.3f" % r["incremental_s"],
            "", "%.1f%% of full" % (100 * r["incremental_fraction"])),
        row("recall p50, ms", "%.2f" % r["recall_p50_ms"], "%.2f" % r["floor_recall_p50_ms"],
            "%.2fx" % r["recall_p50_ratio"]),
        row("recall p99, ms", "%.2f" % r["recall_p99_ms"], "%.2f" % r["floor_recall_p99_ms"],
            "%.2fx" % r["recall_p99_ratio"]),
        row("forget mean / max, ms", "%.1f / %.1f" % (r["forget_mean_ms"], r["forget_max_ms"]),
            "%d calls" % r["forget_calls"]),
    ]
    for p in r["purge"]:
        lines.append(row("purge %s (%s rows), ms" % (p["user"], "{:,}".format(p["rows"])), "%.1f" % p["ms"]))
    lines += [
        row("file bytes / fact after load", "%.0f" % r["file_bytes_per_fact"], "%.0f" % r["floor_file_bytes_per_fact"],
            "%.2fx" % (r["file_bytes_per_fact"] / r["floor_file_bytes_per_fact"])),
        row("peak RSS, MB", "%.0f" % r["peak_rss_mb"], "(start %.0f)" % r["rss_at_start_mb"]),
        row("whole run for this N, s", "%.0f" % r["total_s"],
            "load %.2f -> %.2f" % (r["loadavg_start"], r["loadavg_end"])),
    ]
    if "runs" in r:
        lines.insert(1, "  median of %d runs; spread: %s" % (len(r["runs"]), ", ".join(
            "%s %s" % (key, " / ".join(("%.1f%%" % (100 * x[key])) if key == "incremental_fraction"
                                       else "%.2fx" % x[key] for x in r["runs"])) for key in SPREAD_KEYS)))
    return "\n".join(lines)


def run(sizes, *, seed=DEFAULT_SEED, queries=QUERIES, isolate=False, log=None, tables=True, repeat=1):
    """Measure each size (ascending) `repeat` times and return ``summary(...)``; `log` gets
    progress lines. With repeat > 1 each figure is the median of the runs (see combine).

    isolate=True runs each measurement in its own child process, so peak RSS is its own.
    """
    results = []
    for n in sorted(sizes):
        runs = []
        for _ in range(repeat):
            if isolate:
                cmd = [sys.executable, os.path.abspath(__file__), "--sizes", str(n), "--seed", str(seed),
                       "--queries", str(queries), "--json", "--in-process", "--child"]
                done = subprocess.run(cmd, stdout=subprocess.PIPE, check=True, text=True)
                runs.append(json.loads(done.stdout)["sizes"][0])
            else:
                runs.append(measure(n, seed=seed, queries=queries, log=log))
        results.append(combine(runs))
        if log and tables:
            log(table(results[-1]))
    return summary(results)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="10k facts only (under a minute)")
    ap.add_argument("--sizes", default="10000,100000,1000000", help="comma-separated fact counts")
    ap.add_argument("--seed", type=int, default=DEFAULT_SEED)
    ap.add_argument("--queries", type=int, default=QUERIES, help="recall queries per size")
    ap.add_argument("--repeat", type=int, default=1,
                    help="independent runs per size; figures are their medians (default 1)")
    ap.add_argument("--json", action="store_true", help="print one JSON object on stdout")
    ap.add_argument("--in-process", action="store_true",
                    help="do not run each size in its own process (peak RSS is then cumulative)")
    ap.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    try:
        sizes = [10_000] if args.quick else [int(s.replace("_", "")) for s in args.sizes.split(",") if s.strip()]
    except ValueError:
        ap.error(f"--sizes: expected comma-separated whole numbers of facts; got {args.sizes!r}")
    if not sizes or min(sizes) < 1:
        ap.error(f"--sizes: expected fact counts >= 1; got {args.sizes!r}")

    def log(msg):
        print(msg, file=sys.stderr if args.json else sys.stdout, flush=True)

    if args.repeat < 1:
        ap.error(f"--repeat: expected a whole number of runs >= 1; got {args.repeat}")
    result = run(sizes, seed=args.seed, queries=args.queries, repeat=args.repeat,
                 isolate=not args.in_process and (len(sizes) > 1 or args.repeat > 1), log=log,
                 tables=not args.child)
    if args.json:
        print(json.dumps(result, indent=1))
    else:
        print("headline (N=%s): add %.2fx, consolidate %.2fx, incremental %.1f%%, recall p99 %.2fx" % (
            "{:,}".format(result["n"]), result["add_ratio"], result["consolidate_ratio"],
            100 * result["incremental_fraction"], result["recall_p99_ratio"]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
