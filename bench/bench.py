"""Benchmark the memory store against a fixed SQL floor measured in the same run on the same rows.

Each figure is printed next to a floor: what a plain SQLite design does for the same job on
the same rows, timed in the same process and temp directory, interleaved with the store, and
shown as a ratio (store time / floor time: 1.0 means "as fast as the plain design", lower is
better). The floor is FIXED: it is defined here, not copied from memory.py, so an index or a
trigger the store adds does not move it (issue 15: the old floor mirrored the store's schema
and replayed its recall SQL, so it moved with every change to the store).

The floor (``FLOOR_SCHEMA``; WAL and synchronous=NORMAL, every other pragma SQLite's default):

    CREATE TABLE m (id INTEGER PRIMARY KEY, user, task, attribute, text, norm, authority,
                    source, status, created_at);
    CREATE INDEX m_scope ON m (user, task, attribute, created_at);
    CREATE VIRTUAL TABLE m_fts USING fts5(text, content='m', content_rowid='id',
                                          tokenize='unicode61');
    CREATE TABLE r (kept, retired, rule, run, recorded_at);     -- resolutions, 5 columns

Its rows are the store's own rows as ``add_many`` returned them (ids, normalized attribute
and norm, server clock): public API only, never the store's file, schema or SQL.

Figures per N (facts loaded):

- add: ``add_many`` in batches of ``BATCH`` rows, rows/s. Floor: per batch, one transaction of
  ``executemany`` INSERT into m plus the FTS insert of the same rows.
- consolidate: a full ``consolidate(store, ALL)``. Floor, one transaction: one ordered scan of
  the current rows by m_scope, then as many UPDATEs of m.status and INSERTs into r as the
  store's run wrote resolutions (its own Resolution tuples).
- incremental: after adding 1% more facts (the same stream, continued), a second
  ``consolidate(store, ALL)``, as a fraction of the full pass.
- agent loop: ``TURNS`` turns, each on a user drawn uniformly at random: ``add_many`` of 3
  facts for that user, then ``consolidate(store, user)``; p50/p99 in ms. Floor: the same 3
  rows inserted with their FTS entries (one transaction), then one read of that user's
  current rows by m_scope. Also 5 turns on the busiest user (p50).
- recall: p50/p99 of ``store.recall(query, user=, task=, k=5)``, apart for Latin-script
  queries (``QUERIES``, users drawn by activity) and CJK queries (``CJK_QUERIES``: a
  2-character word of one of the user's Chinese or Japanese facts, written without spaces,
  e.g. "东京" for "我住在东京。"), with each set's hit rate. Floor: one FTS5 MATCH of the
  query's words (``\\w+`` runs, casefolded, less the fixed ``FLOOR_STOPWORDS``), each quoted
  and OR'd, joined to m on id, filtered by user and status, ``ORDER BY rank`` (bm25) LIMIT 5.
- forget: ms per ``store.forget(id)`` on random ids. Floor: DELETE of the same rows (the ids
  forget returned) and their FTS entries, one transaction.
- purge: ms of ``store.purge(user)`` for ``PURGES`` users of about ``PURGE_ROWS`` rows (and
  one for the busiest user). Floor: DELETE of the user's rows and their FTS entries.
- bytes per fact (main file + WAL + SHM after the load), peak RSS, load average, wall time.

Before each consolidation (full, incremental and every agent-loop turn; store and floor
alike) the bench calls gc.collect() and os.sync(), so no phase pays for write-back an earlier
one left behind. Store and floor alternate batch by batch, turn by turn and query by query.

Workload (``random.Random(seed)``, streamed, never held in memory whole); users = N // 100
(at least 20), activity Zipf-like (weight 1/rank**0.7: at 1M the busiest user has about 2%
of facts); each user has 1-4 tasks and about 30% of semantic facts are task-level. Per fact,
with the proportions in ``MIX``: 40% user statement of an attribute (when the user already
has a value: 45% restatement, 55% change of value); 8% exact duplicate of a recent row; 12%
tool inference (70% authenticated); 5% import; 20% unattributed fact (about 15% reworded near
duplicates, 10% negations); 3% Chinese or Japanese fact without spaces (30% of them a
home_city statement); 12% episodic event.

The store on PostgreSQL: ``--db postgresql://...`` (a database the role may create schemas in)
puts the store in a fresh schema of that database for each size (dropped afterwards), opened
with ``adapters.postgres.open_store``; the floor stays the same SQLite file, so its ratios then compare the
PostgreSQL store with the plain SQLite design, and bytes per fact is the schema's relations
(tables, indexes, TOAST) as PostgreSQL counts them.

Run: ``python bench/bench.py --quick`` (10k), ``--sizes 10000,100000,1000000``, ``--repeat 3``
(each figure the median of 3 independent runs), ``--json``; ``--profile add,consolidate,agent``
runs cProfile on those store paths at the largest size instead. From Python:
``run([2000], queries=100)`` returns the dict ``--json`` prints. See bench/README.md.
"""

import argparse
import cProfile
import gc
import hashlib
import json
import math
import os
import pstats
import random
import re
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
QUERIES = 1_000         # Latin-script recall queries per N
CJK_QUERIES = 500       # CJK recall queries per N
RECALL_K = 5
TURNS = 200             # agent-loop turns per N
TURN_FACTS = 3          # facts added per turn
BUSIEST_TURNS = 5       # extra turns on the busiest user
FORGETS = 20            # forget calls per N (stops early after FORGET_BUDGET_S seconds)
FORGET_BUDGET_S = 30.0
PURGES = 3              # users of about PURGE_ROWS rows purged per N
PURGE_ROWS = 60
INCREMENT = 0.01        # fraction of N added before the incremental pass
DEFAULT_SEED = 20240601

MIX = (                 # (event, share of facts); see the module docstring
    ("statement", 0.40),
    ("duplicate", 0.08),
    ("inference", 0.12),
    ("import", 0.05),
    ("unattributed", 0.20),
    ("cjk", 0.03),
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


# Chinese and Japanese facts, written without spaces; every {v} is a 2-character word, which
# is what a CJK query searches for ("东京" in "我住在东京。").
ZH_CITIES = "东京 北京 上海 大阪 京都 台北 香港 首尔 巴黎 伦敦 柏林 罗马 悉尼 深圳 广州 成都 杭州 南京 西安 重庆".split()
ZH_THINGS = "寿司 拉面 咖啡 绿茶 围棋 登山 摄影 网球 爵士 钢琴 书法 烹饪 跑步 游泳 象棋 电影 漫画 园艺 滑雪 瑜伽".split()
JA_CITIES = "東京 大阪 京都 札幌 福岡 横浜 神戸 仙台 広島 奈良 金沢 那覇".split()
JA_THINGS = "写真 音楽 料理 読書 旅行 映画 登山 将棋 茶道 囲碁 剣道 柔道 書道 釣り".split()
CJK_FACTS = (  # (values, templates) per language and kind of word
    (ZH_CITIES, ["我周末常去{v}。", "我在{v}工作过三年。", "我的老朋友住在{v}附近。"]),
    (ZH_THINGS, ["我喜欢{v}。", "我每个星期都练习{v}。", "最近我迷上了{v}。"]),
    (JA_CITIES, ["{v}で友達に会いました。", "来月{v}へ出張します。"]),
    (JA_THINGS, ["趣味は{v}です。", "週末はよく{v}をします。"]),
)
CJK_HOME = ((ZH_CITIES, ["我住在{v}。", "我家在{v}。"]), (JA_CITIES, ["{v}に住んでいます。"]))


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
        self.cjk = {}         # user -> last few (task, 2-character word) of its CJK facts, for queries
        self.rows = {}        # user -> rows generated for the user
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
        self.rows[user] = self.rows.get(user, 0) + 1
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

    def _cjk(self, user):
        rng = self.rng
        if rng.random() < 0.3:  # a home_city statement in Chinese or Japanese: it folds with the rest
            values, templates = rng.choice(CJK_HOME)
            self._count("cjk: home_city statement")
            return self._row(rng.choice(templates).format(v=rng.choice(values)), user, None, "home_city")
        values, templates = rng.choice(CJK_FACTS)
        value = rng.choice(values)
        task = rng.choice(self.tasks[user]) if rng.random() < 0.3 else None
        mine = self.cjk.setdefault(user, [])
        mine.append((task, value))
        if len(mine) > 8:
            del mine[0]
        self._count("cjk: fact")
        return self._row(rng.choice(templates).format(v=value), user, task)

    def one(self, user=None):
        """The next fact: of a user drawn by activity, or of `user`."""
        rng = self.rng
        if user is None:
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
        if event == "cjk":
            return self._cjk(user)
        self._count("episodic")
        return self._episodic(user)

    def batch(self, n, user=None):
        """The next `n` facts (of users drawn by activity, or all of `user`)."""
        one = self.one
        return [one(user) for _ in range(n)]

    def queries(self, n):
        """``n`` Latin-script recall queries: (text, user, task); mostly attribute questions,
        some keywords; users drawn by activity."""
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

    def cjk_queries(self, n):
        """``n`` CJK recall queries: (2-character word, user, task), each a word of one of that
        user's own Chinese or Japanese facts (users drawn by activity, among those with one),
        asked in the fact's scope. A hit is a returned memory whose text contains the word."""
        rng, out = self.rng, []
        holders = sorted(self.cjk)
        if not holders:
            return out
        for _ in range(n):
            user = self.user()
            for _ in range(20):
                if user in self.cjk:
                    break
                user = self.user()
            else:
                user = rng.choice(holders)
            task, value = rng.choice(self.cjk[user])
            out.append((value, user, task))
        return out


def declare_policies(store):
    for attribute, (policy, _, _) in list(ATTRIBUTES.items()) + list(TASK_ATTRIBUTES.items()):
        if policy != "one":
            store.declare(attribute, policy)


# --- the fixed floor ------------------------------------------------------------------------

FLOOR_SCHEMA = (
    "CREATE TABLE m (id INTEGER PRIMARY KEY, user, task, attribute, text, norm, authority, source, "
    "status, created_at)",
    "CREATE INDEX m_scope ON m (user, task, attribute, created_at)",
    "CREATE VIRTUAL TABLE m_fts USING fts5(text, content='m', content_rowid='id', tokenize='unicode61')",
    "CREATE TABLE r (kept, retired, rule, run, recorded_at)",
)
FLOOR_PRAGMAS = ("PRAGMA journal_mode=WAL", "PRAGMA synchronous=NORMAL")
FLOOR_INSERT = "INSERT INTO m VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
FLOOR_FTS_INSERT = "INSERT INTO m_fts (rowid, text) VALUES (?, ?)"
FLOOR_FTS_DELETE = "INSERT INTO m_fts (m_fts, rowid, text) VALUES ('delete', ?, ?)"
FLOOR_SCAN = ("SELECT id, user, task, attribute, norm, authority, source, created_at FROM m INDEXED BY m_scope "
              "WHERE status = 'current' ORDER BY user, task, attribute, created_at")
FLOOR_RETIRE = "UPDATE m SET status = 'retired' WHERE id = ?"
FLOOR_RESOLUTION = "INSERT INTO r VALUES (?, ?, ?, ?, ?)"
FLOOR_USER_CURRENT = ("SELECT id, user, task, attribute, norm, authority, source, created_at FROM m "
                      "WHERE user = ? AND status = 'current' ORDER BY task, attribute, created_at")
FLOOR_RECALL = ("SELECT m.* FROM m_fts JOIN m ON m.id = m_fts.rowid WHERE m_fts MATCH ? AND m.user = ? "
                "AND m.status = 'current' ORDER BY rank LIMIT ?")
# The floor's query words: every \w+ run of the casefolded query but these (the bench's own
# list, not the store's): an OR with "my" or "is" in it would rank a large share of the table.
FLOOR_STOPWORDS = frozenset("""a an the i me my mine we our you your is am are was were be been do does did
have has had what which who whom when where why how to of in on at for with and or not no
about any anything it its this that these those there""".split())
_WORD = re.compile(r"\w+")


SQLITE = sqlite3  # the DB-API module of store and floor alike (--sqlite pysqlite3: a newer SQLite)
BACKEND = None  # None: the store is a SQLite file; a PostgreSQL URL (--db): a fresh schema there per size


def floor_connect(path, extra_pragmas=()):
    """A floor connection in autocommit mode with the floor's schema and pragmas; `extra_pragmas`
    ("name=value", from --floor-pragma) are for experiments, never the default."""
    conn = SQLITE.connect(path, isolation_level=None)
    for pragma in FLOOR_PRAGMAS + tuple("PRAGMA " + p for p in extra_pragmas):
        conn.execute(pragma)
    conn.execute("BEGIN IMMEDIATE")
    for sql in FLOOR_SCHEMA:
        conn.execute(sql)
    conn.execute("COMMIT")
    return conn


def floor_rows(memories):
    """The floor's rows for memories returned by add_many: (m rows, FTS rows)."""
    rows = [(m.id, m.user, m.task, m.attribute, m.text, m.norm, m.authority, m.source, m.status, m.created_at)
            for m in memories]
    return rows, [(r[0], r[4]) for r in rows]


def floor_add(conn, rows, fts):
    """One transaction: the rows into m, their text into m_fts. Returns seconds."""
    t = time.perf_counter()
    conn.execute("BEGIN IMMEDIATE")
    conn.executemany(FLOOR_INSERT, rows)
    conn.executemany(FLOOR_FTS_INSERT, fts)
    conn.execute("COMMIT")
    return time.perf_counter() - t


def resolution_rows(report):
    """The 5-tuples of a consolidation report's resolutions (read after the timed run)."""
    return [(r.kept, r.retired, r.rule, r.run, r.recorded_at) for r in report.resolutions]


def floor_apply(conn, resolutions):
    """Untimed: give the floor the store's statuses after a run (recall filters on status)."""
    conn.execute("BEGIN IMMEDIATE")
    conn.executemany(FLOOR_RETIRE, [(r[1],) for r in resolutions])
    conn.execute("COMMIT")


def floor_consolidate(conn, resolutions):
    """One transaction: one ordered scan of the current rows by m_scope, then one UPDATE and
    one INSERT into r per resolution of the store's run. Returns (seconds, rows read)."""
    retired = [(r[1],) for r in resolutions]
    settle()
    t = time.perf_counter()
    conn.execute("BEGIN IMMEDIATE")
    n_read = 0
    for _ in conn.execute(FLOOR_SCAN):
        n_read += 1
    conn.executemany(FLOOR_RETIRE, retired)
    conn.executemany(FLOOR_RESOLUTION, resolutions)
    conn.execute("COMMIT")
    return time.perf_counter() - t, n_read


def floor_match(query):
    """The floor's MATCH expression: the query's words less FLOOR_STOPWORDS, quoted, OR'd."""
    words = dict.fromkeys(w for w in _WORD.findall(query.casefold()) if w not in FLOOR_STOPWORDS)
    return " OR ".join('"%s"' % w for w in words) or None


def floor_recall(conn, match, user, k=RECALL_K):
    return conn.execute(FLOOR_RECALL, (match, user, k)).fetchall() if match else []


def floor_delete(conn, where, args):
    """One transaction: DELETE the rows matching `where` and their FTS entries. Returns rows."""
    conn.execute("BEGIN IMMEDIATE")
    rows = conn.execute("SELECT id, text FROM m WHERE " + where, args).fetchall()
    conn.executemany(FLOOR_FTS_DELETE, rows)
    conn.execute("DELETE FROM m WHERE " + where, args)
    conn.execute("COMMIT")
    return len(rows)


# --- helpers --------------------------------------------------------------------------------

def settle():
    """Start a timed phase from the same state whoever runs it: no garbage left to collect and
    no dirty file pages of an earlier phase still being written back (the floor's copy of a
    million rows, written just before the store's consolidation, once made it 20% slower)."""
    gc.collect()
    os.sync()


def _file_bytes(path):
    return sum(os.path.getsize(path + ext) for ext in ("", "-wal", "-shm") if os.path.exists(path + ext))


def open_bench_store(path):
    """(store, location, drop) for one measurement: on SQLite the file `path`; with BACKEND a
    new schema of that PostgreSQL database (adapters.postgres.scratch_url, opened with its
    open_store), which drop() removes."""
    import memory
    if BACKEND is None:
        return memory.MemoryStore(path, sqlite=SQLITE), path, lambda: None
    from adapters.postgres import drop_scratch, open_store, scratch_url
    url = scratch_url(BACKEND)
    try:
        return open_store(url), url, lambda: drop_scratch(url)
    except BaseException:
        drop_scratch(url)
        raise


def store_bytes(location):
    """Bytes the store occupies: a SQLite file with its -wal and -shm, or (with BACKEND) the
    relations of the PostgreSQL schema the location's search_path names (soak.postgres_bytes)."""
    if BACKEND is None:
        return _file_bytes(location)
    from soak import postgres_bytes  # bench/soak.py, beside this script
    return postgres_bytes(location)


def store_server_version(url):
    """The PostgreSQL server's version string (SHOW server_version) and its fsync setting."""
    import psycopg
    with psycopg.connect(url, autocommit=True) as conn:
        return "%s (fsync %s)" % (conn.execute("SHOW server_version").fetchone()[0],
                                  conn.execute("SHOW fsync").fetchone()[0])


def _maxrss_mb():
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024.0  # Linux: KiB


def _pct(values, p):
    s = sorted(values)
    return s[min(len(s) - 1, max(0, int(round(p / 100.0 * len(s))) - 1))]


def _ms(seconds):
    return 1000.0 * seconds


def store_version():
    """{module file: git blob id} of the store's modules as imported (what `git hash-object`
    prints): others edit them while the bench runs, so each size records what it measured."""
    import memory
    import consolidate
    out = {}
    for module in (memory, consolidate):
        with open(module.__file__, "rb") as f:
            data = f.read()
        out[os.path.basename(module.__file__)] = hashlib.sha1(b"blob %d\0" % len(data) + data).hexdigest()[:12]
    return out


# --- one size: the phases -------------------------------------------------------------------

def load(store, floor, wl, n, out, say):
    """add_many in batches, each followed by the floor's batch; returns every stored id."""
    t_add = t_floor = t_gen = 0.0
    ids, done = [], 0
    while done < n:
        t = time.perf_counter()
        batch = wl.batch(min(BATCH, n - done))
        t_gen += time.perf_counter() - t
        gc.collect()
        t = time.perf_counter()
        got = store.add_many(batch)
        t_add += time.perf_counter() - t
        rows, fts = floor_rows(got)
        ids.extend(r[0] for r in rows)
        del got, batch
        gc.collect()
        t_floor += floor_add(floor, rows, fts)
        done += len(rows)
    out["generate_s"] = t_gen
    out["add_s"], out["floor_add_s"] = t_add, t_floor
    out["add_rows_per_s"], out["floor_add_rows_per_s"] = n / t_add, n / t_floor
    out["add_ratio"] = t_add / t_floor
    say("add_many %.0f rows/s, floor %.0f rows/s -> %.2fx" % (out["add_rows_per_s"],
                                                              out["floor_add_rows_per_s"], out["add_ratio"]))
    return ids


def timed_consolidation(store, scope):
    """(seconds, report) of one consolidate(store, scope), started from a settled machine."""
    import consolidate
    settle()
    t = time.perf_counter()
    report = consolidate.consolidate(store, scope)
    return time.perf_counter() - t, report


def full_and_incremental(store, floor, wl, n, ids, out, say):
    import memory
    t_full, report = timed_consolidation(store, memory.ALL)
    resolutions = resolution_rows(report)
    del report
    t_floor, n_read = floor_consolidate(floor, resolutions)
    out["consolidate_s"], out["floor_consolidate_s"] = t_full, t_floor
    out["consolidate_ratio"] = t_full / t_floor
    out["resolutions"] = len(resolutions)
    out["floor_consolidate_rows_read"] = n_read
    say("consolidate %.3f s, floor %.3f s -> %.2fx (%d resolutions, floor read %d rows)" % (
        t_full, t_floor, out["consolidate_ratio"], len(resolutions), n_read))
    del resolutions

    extra = wl.batch(max(1, int(n * INCREMENT)))
    t = time.perf_counter()
    got = store.add_many(extra)
    out["incremental_add_s"] = time.perf_counter() - t
    out["incremental_rows"] = len(extra)
    rows, fts = floor_rows(got)
    ids.extend(r[0] for r in rows)
    floor_add(floor, rows, fts)
    t_inc, report = timed_consolidation(store, memory.ALL)
    resolutions = resolution_rows(report)
    floor_apply(floor, resolutions)
    out["incremental_s"] = t_inc
    out["incremental_resolutions"] = len(resolutions)
    out["incremental_fraction"] = t_inc / t_full
    say("incremental (+%d facts) %.3f s = %.1f%% of full" % (len(extra), t_inc, 100 * out["incremental_fraction"]))


def agent_turn(store, floor, wl, user, ids):
    """One turn: add TURN_FACTS facts of `user`, then consolidate(store, user); the floor's
    turn right after. Returns (store add s, store consolidate s, floor add s, floor read s)."""
    facts = wl.batch(TURN_FACTS, user)
    gc.collect()
    t = time.perf_counter()
    got = store.add_many(facts)
    s_add = time.perf_counter() - t
    s_cons, report = timed_consolidation(store, user)
    rows, fts = floor_rows(got)
    ids.extend(r[0] for r in rows)
    gc.collect()
    f_add = floor_add(floor, rows, fts)
    settle()
    t = time.perf_counter()
    floor.execute(FLOOR_USER_CURRENT, (user,)).fetchall()
    f_read = time.perf_counter() - t
    floor_apply(floor, resolution_rows(report))
    return s_add, s_cons, f_add, f_read


def agent_loop(store, floor, wl, ids, out, say, *, seed, turns):
    rng = random.Random(seed + 2)
    s_add, s_cons, s_turn, f_turn, sizes = [], [], [], [], []
    for _ in range(turns):
        user = rng.choice(wl.users)
        sizes.append(wl.rows.get(user, 0))
        a, c, fa, fr = agent_turn(store, floor, wl, user, ids)
        s_add.append(a)
        s_cons.append(c)
        s_turn.append(a + c)
        f_turn.append(fa + fr)
    out["agent_turns"] = turns
    out["agent_user_rows_p50"] = _pct(sizes, 50)
    out["agent_user_rows_max"] = max(sizes)
    for name, values in (("agent", s_turn), ("agent_add", s_add), ("agent_consolidate", s_cons),
                         ("floor_agent", f_turn)):
        out[name + "_p50_ms"] = _ms(_pct(values, 50))
        out[name + "_p99_ms"] = _ms(_pct(values, 99))
    out["agent_p50_ratio"] = out["agent_p50_ms"] / out["floor_agent_p50_ms"]
    out["agent_p99_ratio"] = out["agent_p99_ms"] / out["floor_agent_p99_ms"]
    busiest, b_store, b_floor = wl.users[0], [], []
    out["agent_busiest_user_rows"] = wl.rows.get(busiest, 0)
    for _ in range(BUSIEST_TURNS):
        a, c, fa, fr = agent_turn(store, floor, wl, busiest, ids)
        b_store.append(a + c)
        b_floor.append(fa + fr)
    out["agent_busiest_p50_ms"] = _ms(statistics.median(b_store))
    out["floor_agent_busiest_p50_ms"] = _ms(statistics.median(b_floor))
    say("agent loop p50 %.2f ms p99 %.2f ms (add p99 %.2f, consolidate p99 %.2f; floor %.2f / %.2f) -> "
        "p99 %.2fx; busiest user (%d rows) %.1f ms" % (
            out["agent_p50_ms"], out["agent_p99_ms"], out["agent_add_p99_ms"], out["agent_consolidate_p99_ms"],
            out["floor_agent_p50_ms"], out["floor_agent_p99_ms"], out["agent_p99_ratio"],
            out["agent_busiest_user_rows"], out["agent_busiest_p50_ms"]))


def recall_set(store, floor, qs, hit, out, prefix, say):
    """Time store.recall and the floor's query, alternating, after one untimed warm-up pass of
    both over the whole set; `hit(query, memories)` says whether a result answers the query."""
    matches = [floor_match(text) for text, _, _ in qs]
    for (text, user, task), match in zip(qs, matches):
        store.recall(text, user=user, task=task, k=RECALL_K)
        floor_recall(floor, match, user)
    s_times, f_times, hits, f_hits = [], [], 0, 0
    for (text, user, task), match in zip(qs, matches):
        t = time.perf_counter()
        got = store.recall(text, user=user, task=task, k=RECALL_K)
        s_times.append(time.perf_counter() - t)
        t = time.perf_counter()
        rows = floor_recall(floor, match, user)
        f_times.append(time.perf_counter() - t)
        hits += hit(text, [m.text for m in got.memories])
        f_hits += hit(text, [r[4] for r in rows])
    n = len(qs)
    out[prefix + "_queries"] = n
    if not n:
        return
    out[prefix + "_hit_rate"] = hits / n
    out["floor_" + prefix + "_hit_rate"] = f_hits / n
    for p in (50, 99):
        out["%s_p%d_ms" % (prefix, p)] = _ms(_pct(s_times, p))
        out["floor_%s_p%d_ms" % (prefix, p)] = _ms(_pct(f_times, p))
        out["%s_p%d_ratio" % (prefix, p)] = out["%s_p%d_ms" % (prefix, p)] / out["floor_%s_p%d_ms" % (prefix, p)]
    say("%s: p50 %.2f ms p99 %.2f ms (floor %.2f / %.2f) -> p99 %.2fx; hit rate %.1f%% (floor %.1f%%)" % (
        prefix, out[prefix + "_p50_ms"], out[prefix + "_p99_ms"], out["floor_%s_p50_ms" % prefix],
        out["floor_%s_p99_ms" % prefix], out[prefix + "_p99_ratio"], 100 * out[prefix + "_hit_rate"],
        100 * out["floor_%s_hit_rate" % prefix]))


def _answered(_query, texts):
    return bool(texts)


def _contains(query, texts):
    return any(query in text for text in texts)


def forgets(store, floor, ids, out, say, *, seed, count):
    rng = random.Random(seed + 1)
    gone = set()
    s_times, f_times, deleted = [], [], 0
    started = time.perf_counter()
    for memory_id in rng.sample(ids, min(4 * count, len(ids))):
        if len(s_times) >= count or time.perf_counter() - started > FORGET_BUDGET_S:
            break
        if memory_id in gone:
            continue
        t = time.perf_counter()
        got = store.forget(memory_id)
        s_times.append(time.perf_counter() - t)
        gone.update(got)
        deleted += len(got)
        q = ",".join("?" * len(got))
        t = time.perf_counter()
        if got:
            floor_delete(floor, "id IN (%s)" % q, got)
        f_times.append(time.perf_counter() - t)
    out["forget_calls"] = len(s_times)
    out["forget_ids_deleted"] = deleted
    out["forget_ms"] = _ms(statistics.median(s_times))
    out["forget_mean_ms"] = _ms(statistics.mean(s_times))
    out["forget_max_ms"] = _ms(max(s_times))
    out["floor_forget_ms"] = _ms(statistics.median(f_times))
    out["forget_ratio"] = out["forget_ms"] / out["floor_forget_ms"]
    say("forget median %.1f ms, max %.1f ms (floor %.3f ms) over %d calls" % (
        out["forget_ms"], out["forget_max_ms"], out["floor_forget_ms"], len(s_times)))


def purges(store, floor, wl, out, say, *, count):
    busiest = wl.users[0]
    typical = sorted((u for u in wl.users[1:]), key=lambda u: (abs(wl.rows.get(u, 0) - PURGE_ROWS), u))[:count]
    listed = []
    for user in typical + [busiest]:
        t = time.perf_counter()
        rows = store.purge(user)
        ms = _ms(time.perf_counter() - t)
        t = time.perf_counter()
        f_rows = floor_delete(floor, "user = ?", (user,))
        listed.append({"user": user, "rows": rows, "ms": ms, "floor_rows": f_rows,
                       "floor_ms": _ms(time.perf_counter() - t)})
    out["purge"] = listed[:-1]
    out["purge_busiest"] = listed[-1]
    out["purge_rows"] = statistics.median(p["rows"] for p in out["purge"])
    out["purge_ms"] = statistics.median(p["ms"] for p in out["purge"])
    out["floor_purge_ms"] = statistics.median(p["floor_ms"] for p in out["purge"])
    out["purge_ratio"] = out["purge_ms"] / out["floor_purge_ms"]
    say("purge " + ", ".join("%d rows %.1f ms (floor %.2f)" % (p["rows"], p["ms"], p["floor_ms"]) for p in listed))


def measure(n, *, seed=DEFAULT_SEED, queries=QUERIES, cjk_queries=CJK_QUERIES, turns=TURNS,
            forget_calls=FORGETS, purge_users=PURGES, floor_pragmas=(), log=None):
    """Load `n` facts and measure every figure against the floor; returns a dict of figures.

    Works in a fresh temp directory, removed afterwards. Times are seconds unless a key says
    ms; ratios are store time / floor time (lower is better, 1.0 = the floor).
    """
    import memory

    def say(msg):
        if log:
            log("[n=%d] %s" % (n, msg))

    rss_start = _maxrss_mb()
    started = time.perf_counter()
    tmp = tempfile.mkdtemp(prefix="membench-")
    out = {"n": n, "seed": seed, "loadavg_start": os.getloadavg()[0], "sqlite": SQLITE.sqlite_version,
           "store_version": store_version(), "backend": "postgresql" if BACKEND else "sqlite"}
    store = floor = None
    drop = lambda: None  # noqa: E731
    try:
        floor_path = os.path.join(tmp, "floor.db")
        wl = Workload(n, seed)
        out["users"] = len(wl.users)
        store, store_path, drop = open_bench_store(os.path.join(tmp, "store.db"))
        if BACKEND:
            out["postgresql"] = store_server_version(store_path)
        declare_policies(store)
        floor = floor_connect(floor_path, floor_pragmas)
        if floor_pragmas:
            out["floor_extra_pragmas"] = list(floor_pragmas)

        ids = load(store, floor, wl, n, out, say)
        out["workload_counts"] = dict(sorted(wl.counts.items()))
        out["file_bytes_per_fact"] = store_bytes(store_path) / n
        out["floor_file_bytes_per_fact"] = _file_bytes(floor_path) / n
        full_and_incremental(store, floor, wl, n, ids, out, say)
        agent_loop(store, floor, wl, ids, out, say, seed=seed, turns=turns)
        recall_set(store, floor, wl.queries(queries), _answered, out, "recall_latin", say)
        recall_set(store, floor, wl.cjk_queries(cjk_queries), _contains, out, "recall_cjk", say)
        forgets(store, floor, ids, out, say, seed=seed, count=forget_calls)
        purges(store, floor, wl, out, say, count=purge_users)

        store.close()
        floor.close()
        store = floor = None
        out["file_bytes_per_fact_end"] = store_bytes(store_path) / n
        out["peak_rss_mb"] = _maxrss_mb()
        out["rss_at_start_mb"] = rss_start
        out["loadavg_end"] = os.getloadavg()[0]
        out["total_s"] = time.perf_counter() - started
    finally:
        for conn in (store, floor):
            if conn is not None:
                conn.close()
        drop()
        shutil.rmtree(tmp, ignore_errors=True)
    return out


# --- reporting ------------------------------------------------------------------------------

# Headline figures: (key, target, how the target reads). Ratios are store / floor.
TARGETS = {
    "add_ratio": 4.0,
    "consolidate_ratio": 2.0,
    "incremental_fraction": 0.05,
    "agent_p99_ms": 10.0,
    "recall_latin_p99_ratio": 2.0,
    "recall_cjk_p99_ratio": 2.0,
}
HEADLINE = ("add_ratio", "consolidate_ratio", "incremental_fraction", "agent_p50_ms", "agent_p99_ms",
            "agent_p99_ratio", "recall_latin_p99_ratio", "recall_cjk_p99_ratio", "recall_latin_hit_rate",
            "recall_cjk_hit_rate", "forget_ms", "purge_ms", "file_bytes_per_fact")

# Figures that vary run to run on a shared machine: with --repeat, each is the median of the runs.
MEDIAN_KEYS = (
    "add_s", "add_rows_per_s", "floor_add_s", "floor_add_rows_per_s", "add_ratio",
    "consolidate_s", "floor_consolidate_s", "consolidate_ratio", "incremental_s", "incremental_fraction",
    "agent_p50_ms", "agent_p99_ms", "agent_add_p50_ms", "agent_add_p99_ms", "agent_consolidate_p50_ms",
    "agent_consolidate_p99_ms", "floor_agent_p50_ms", "floor_agent_p99_ms", "agent_p50_ratio",
    "agent_p99_ratio", "agent_busiest_p50_ms", "floor_agent_busiest_p50_ms",
    "recall_latin_p50_ms", "recall_latin_p99_ms", "floor_recall_latin_p50_ms", "floor_recall_latin_p99_ms",
    "recall_latin_p50_ratio", "recall_latin_p99_ratio",
    "recall_cjk_p50_ms", "recall_cjk_p99_ms", "floor_recall_cjk_p50_ms", "floor_recall_cjk_p99_ms",
    "recall_cjk_p50_ratio", "recall_cjk_p99_ratio",
    "forget_ms", "forget_mean_ms", "forget_max_ms", "floor_forget_ms", "forget_ratio",
    "purge_ms", "floor_purge_ms", "purge_ratio", "peak_rss_mb", "total_s")
SPREAD_KEYS = ("add_ratio", "consolidate_ratio", "incremental_fraction", "agent_p99_ms",
               "recall_latin_p99_ratio", "recall_cjk_p99_ratio")
# How each figure grows with N: d log(figure) / d log(N). Totals (s): 1.0 = linear in N.
# Per-call times (ms): 0.0 = flat, whatever N.
SLOPE_KEYS = ("add_s", "floor_add_s", "consolidate_s", "floor_consolidate_s", "incremental_s",
              "agent_p50_ms", "agent_p99_ms", "floor_agent_p99_ms", "recall_latin_p99_ms",
              "floor_recall_latin_p99_ms", "recall_cjk_p99_ms", "forget_ms", "purge_ms")


def combine(runs):
    """One N's figures from independent runs (same seed, same data): the median of each
    MEDIAN_KEYS figure, the rest from the first run, and `runs`: every run's SPREAD_KEYS."""
    if len(runs) == 1:
        return runs[0]
    out = dict(runs[0])
    for key in MEDIAN_KEYS:
        values = [r[key] for r in runs if r.get(key) is not None]
        if values:
            out[key] = statistics.median(values)
    out["runs"] = [{key: r.get(key) for key in SPREAD_KEYS} for r in runs]
    return out


def slopes(results):
    """{figure: {"a-b": slope, ...}} between consecutive sizes, plus "all" (smallest to largest)."""
    ordered = sorted(results, key=lambda r: r["n"])
    out = {}
    if len(ordered) < 2:
        return out
    pairs = list(zip(ordered, ordered[1:]))
    if len(ordered) > 2:
        pairs.append((ordered[0], ordered[-1]))
    for key in SLOPE_KEYS:
        per = {}
        for a, b in pairs:
            if a.get(key) and b.get(key):
                label = "all" if (a, b) == (ordered[0], ordered[-1]) and len(ordered) > 2 else "%d-%d" % (a["n"], b["n"])
                per[label] = math.log(b[key] / a[key]) / math.log(b["n"] / a["n"])
        out[key] = per
    return out


def summary(results):
    """The --json object: headline figures of the largest N, targets, slopes, every N's details."""
    top = max(results, key=lambda r: r["n"])
    out = {"n": top["n"]}
    for key in HEADLINE:
        out[key] = top.get(key)
    out["targets"] = TARGETS
    out["floor"] = {"schema": list(FLOOR_SCHEMA), "pragmas": list(FLOOR_PRAGMAS), "recall": FLOOR_RECALL,
                    "consolidate_scan": FLOOR_SCAN, "agent_read": FLOOR_USER_CURRENT}
    out["workload_mix"] = dict(MIX)
    out["slopes"] = slopes(results)
    out["sizes"] = sorted(results, key=lambda r: r["n"])
    return out


def _f(x, fmt="%.2f"):
    return "-" if x is None else fmt % x


def table(r):
    """A human-readable table for one N's figures."""
    def row(label, store, floor="", ratio="", target=""):
        return "  %-40s %16s %16s %10s %8s" % (label, store, floor, ratio, target)

    def ratio(key):
        return "-" if r.get(key) is None else "%.2fx" % r[key]

    total = sum(r["workload_counts"].values())
    lines = [
        "N = {:,} facts, {:,} users, seed {}, {}, store {}".format(
            r["n"], r["users"], r["seed"], "store on PostgreSQL %s, floor SQLite %s" % (r["postgresql"], r.get("sqlite"))
            if r.get("postgresql") else "SQLite %s" % r.get("sqlite"),
            " ".join("%s %s" % kv for kv in sorted(r.get("store_version", {}).items()))),
        "  workload: " + ", ".join("%s %.1f%%" % (k, 100.0 * v / total) for k, v in r["workload_counts"].items()),
        row("figure", "store", "floor", "ratio", "target"),
        row("add_many rows/s", "{:,.0f}".format(r["add_rows_per_s"]), "{:,.0f}".format(r["floor_add_rows_per_s"]),
            ratio("add_ratio"), "<= 4x"),
        row("consolidate(ALL) first pass, s", "%.3f" % r["consolidate_s"], "%.3f" % r["floor_consolidate_s"],
            ratio("consolidate_ratio"), "<= 2x"),
        row("  resolutions written / floor rows read", "{:,}".format(r["resolutions"]),
            "{:,}".format(r["floor_consolidate_rows_read"])),
        row("incremental (+{:,} facts), s".format(r["incremental_rows"]), "%.3f" % r["incremental_s"], "",
            "%.1f%%" % (100 * r["incremental_fraction"]), "<= 5%"),
        row("agent turn (3 adds + consolidate) p50, ms", "%.2f" % r["agent_p50_ms"], "%.2f" % r["floor_agent_p50_ms"],
            ratio("agent_p50_ratio")),
        row("agent turn p99, ms", "%.2f" % r["agent_p99_ms"], "%.2f" % r["floor_agent_p99_ms"],
            ratio("agent_p99_ratio"), "<= 10ms"),
        row("  of which add / consolidate p99, ms", "%.2f / %.2f" % (r["agent_add_p99_ms"],
                                                                  r["agent_consolidate_p99_ms"])),
        row("  busiest user ({:,} rows) p50, ms".format(r["agent_busiest_user_rows"]),
            "%.2f" % r["agent_busiest_p50_ms"], "%.2f" % r["floor_agent_busiest_p50_ms"]),
    ]
    for prefix, label in (("recall_latin", "recall Latin"), ("recall_cjk", "recall CJK")):
        if r.get(prefix + "_p99_ms") is None:
            lines.append(row(label, "no queries"))
            continue
        lines += [
            row("%s p50, ms" % label, "%.2f" % r[prefix + "_p50_ms"], "%.2f" % r["floor_%s_p50_ms" % prefix],
                ratio(prefix + "_p50_ratio")),
            row("%s p99, ms" % label, "%.2f" % r[prefix + "_p99_ms"], "%.2f" % r["floor_%s_p99_ms" % prefix],
                ratio(prefix + "_p99_ratio"), "<= 2x"),
            row("  hit rate (%d queries)" % r[prefix + "_queries"], "%.1f%%" % (100 * r[prefix + "_hit_rate"]),
                "%.1f%%" % (100 * r["floor_%s_hit_rate" % prefix])),
        ]
    lines.append(row("forget median / max, ms", "%.1f / %.1f" % (r["forget_ms"], r["forget_max_ms"]),
                     "%.3f" % r["floor_forget_ms"], ratio("forget_ratio")))
    lines.append(row("purge of a ~%d-row user (median), ms" % PURGE_ROWS, "%.1f" % r["purge_ms"],
                     "%.2f" % r["floor_purge_ms"], ratio("purge_ratio")))
    b = r["purge_busiest"]
    lines.append(row("purge busiest user ({:,} rows), ms".format(b["rows"]), "%.1f" % b["ms"], "%.2f" % b["floor_ms"]))
    lines += [
        row("file bytes / fact after load", "%.0f" % r["file_bytes_per_fact"], "%.0f" % r["floor_file_bytes_per_fact"],
            "%.2fx" % (r["file_bytes_per_fact"] / r["floor_file_bytes_per_fact"])),
        row("peak RSS, MB", "%.0f" % r["peak_rss_mb"], "(start %.0f)" % r["rss_at_start_mb"]),
        row("whole run for this N, s", "%.0f" % r["total_s"], "load %.2f -> %.2f" % (r["loadavg_start"],
                                                                                      r["loadavg_end"])),
    ]
    if r.get("floor_extra_pragmas"):
        lines.insert(1, "  NOT the standard floor: extra floor pragmas " + ", ".join(r["floor_extra_pragmas"]))
    if "runs" in r:
        lines.insert(1, "  median of %d runs; spread: %s" % (len(r["runs"]), ", ".join(
            "%s %s" % (key, " / ".join(_f(x[key], "%.3f") for x in r["runs"])) for key in SPREAD_KEYS)))
    return "\n".join(lines)


def _n(n):
    return "%dM" % (n // 1_000_000) if n % 1_000_000 == 0 else "%dk" % (n // 1000) if n % 1000 == 0 else str(n)


def markdown(result):
    """The README's results tables (Markdown) for every size of a run."""
    sizes = result["sizes"]
    a = ["| N | add rows/s store / floor | consolidate s store / floor | incremental | agent turn p50 / p99 ms "
         "(floor p99; ratio) | bytes/fact store / floor |", "| --- | --- | --- | --- | --- | --- |"]
    for r in sizes:
        a.append("| %s | {:,.0f} / {:,.0f}: **%.2fx** | %.3f / %.3f: **%.2fx** | **%.1f%%** (%.3f s) | %.2f / **%.2f** "
                 "(%.2f; %.1fx) | %.0f / %.0f |".format(r["add_rows_per_s"], r["floor_add_rows_per_s"]) % (
                     _n(r["n"]), r["add_ratio"], r["consolidate_s"], r["floor_consolidate_s"],
                     r["consolidate_ratio"], 100 * r["incremental_fraction"], r["incremental_s"],
                     r["agent_p50_ms"], r["agent_p99_ms"], r["floor_agent_p99_ms"], r["agent_p99_ratio"],
                     r["file_bytes_per_fact"], r["floor_file_bytes_per_fact"]))
    b = ["| N | recall Latin p50 / p99 ms (floor p99; ratio) | hit | recall CJK p50 / p99 ms (floor p99; ratio) "
         "| CJK hit store / floor | forget ms (floor) | purge ~%d rows ms (floor) |" % PURGE_ROWS,
         "| --- | --- | --- | --- | --- | --- | --- |"]
    for r in sizes:
        b.append("| %s | %.2f / %.2f (%.2f; **%.2fx**) | %.0f%% | %s | %s | %.1f (%.2f) | %.1f (%.2f) |" % (
            _n(r["n"]), r["recall_latin_p50_ms"], r["recall_latin_p99_ms"], r["floor_recall_latin_p99_ms"],
            r["recall_latin_p99_ratio"], 100 * r["recall_latin_hit_rate"],
            "-" if r.get("recall_cjk_p99_ms") is None else "%.2f / %.2f (%.2f; **%.2fx**)" % (
                r["recall_cjk_p50_ms"], r["recall_cjk_p99_ms"], r["floor_recall_cjk_p99_ms"],
                r["recall_cjk_p99_ratio"]),
            "-" if r.get("recall_cjk_hit_rate") is None else "%.0f%% / %.0f%%" % (
                100 * r["recall_cjk_hit_rate"], 100 * r["floor_recall_cjk_hit_rate"]),
            r["forget_ms"], r["floor_forget_ms"], r["purge_ms"], r["floor_purge_ms"]))
    lines = a + [""] + b
    if result.get("slopes"):
        keys = [k for k in SLOPE_KEYS if result["slopes"].get(k)]
        labels = list(result["slopes"][keys[0]]) if keys else []
        lines += ["", "| slope d log(t) / d log(N) | " + " | ".join(labels) + " |",
                  "| --- |" + " --- |" * len(labels)]
        for k in keys:
            lines.append("| %s | %s |" % (k, " | ".join(_f(result["slopes"][k].get(l)) for l in labels)))
    return "\n".join(lines)


def run(sizes, *, seed=DEFAULT_SEED, queries=QUERIES, cjk_queries=CJK_QUERIES, turns=TURNS,
        forget_calls=FORGETS, floor_pragmas=(), isolate=False, log=None, tables=True, repeat=1):
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
                       "--queries", str(queries), "--cjk-queries", str(cjk_queries), "--turns", str(turns),
                       "--forgets", str(forget_calls), "--json", "--in-process", "--child",
                       "--sqlite", "sqlite3" if SQLITE is sqlite3 else "pysqlite3"] + (
                           ["--db", BACKEND] if BACKEND else [])
                cmd += ["--floor-pragma=" + p for p in floor_pragmas]
                done = subprocess.run(cmd, stdout=subprocess.PIPE, check=True, text=True)
                runs.append(json.loads(done.stdout)["sizes"][0])
            else:
                runs.append(measure(n, seed=seed, queries=queries, cjk_queries=cjk_queries, turns=turns,
                                    forget_calls=forget_calls, floor_pragmas=floor_pragmas, log=log))
        results.append(combine(runs))
        if log and tables:
            log(table(results[-1]))
    return summary(results)


# --- profiling ------------------------------------------------------------------------------

PROFILE_PHASES = ("add", "consolidate", "agent")


def profile(n, phases, *, seed=DEFAULT_SEED, turns=TURNS, top=25, out=sys.stdout):
    """cProfile the store alone on the chosen paths at size `n` (no floor); prints, per phase,
    the functions with the largest own time and their share of the phase's profiled time."""
    import memory
    import consolidate
    tmp = tempfile.mkdtemp(prefix="membench-prof-")
    try:
        store = memory.MemoryStore(os.path.join(tmp, "store.db"), sqlite=SQLITE)
        declare_policies(store)
        wl = Workload(n, seed)
        batches = []

        def report(phase, prof, wall):
            stats = pstats.Stats(prof)
            total = sum(v[2] for v in stats.stats.values()) or 1e-9  # own times add up to the total
            print("\n== %s at N=%s: %.3f s wall, %.3f s profiled ==" % (phase, "{:,}".format(n), wall, total),
                  file=out)
            print("  %7s %7s %9s  %s" % ("own%", "cum%", "calls", "function"), file=out)
            rows = sorted(stats.stats.items(), key=lambda kv: -kv[1][2])[:top]
            for (path, line, fn), (cc, nc, tt, ct, _) in rows:
                where = "%s:%d(%s)" % (os.path.basename(path), line, fn) if line else fn
                print("  %6.1f%% %6.1f%% %9d  %s" % (100 * tt / total, 100 * ct / total, nc, where), file=out)

        prof = cProfile.Profile()
        wall = 0.0
        done = 0
        while done < n:
            batch = wl.batch(min(BATCH, n - done))
            gc.collect()
            t = time.perf_counter()
            if "add" in phases:
                prof.enable()
            store.add_many(batch)
            prof.disable()
            wall += time.perf_counter() - t
            done += len(batch)
        if "add" in phases:
            report("add_many", prof, wall)
        prof = cProfile.Profile()
        settle()
        t = time.perf_counter()
        if "consolidate" in phases:
            prof.enable()
        consolidate.consolidate(store, memory.ALL)
        prof.disable()
        if "consolidate" in phases:
            report("consolidate(ALL) first pass", prof, time.perf_counter() - t)
        if "agent" in phases:
            store.add_many(wl.batch(max(1, int(n * INCREMENT))))
            consolidate.consolidate(store, memory.ALL)
            rng = random.Random(seed + 2)
            prof, wall = cProfile.Profile(), 0.0
            for _ in range(turns):
                user = rng.choice(wl.users)
                facts = wl.batch(TURN_FACTS, user)
                settle()
                t = time.perf_counter()
                prof.enable()
                store.add_many(facts)
                consolidate.consolidate(store, user)
                prof.disable()
                wall += time.perf_counter() - t
            report("agent loop (%d turns: add_many of 3 + consolidate(store, user))" % turns, prof, wall)
        store.close()
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


# --- vectors: the embed hook's cost (--vectors) ----------------------------------------------

VECTOR_DIMS = 384        # all-MiniLM-L6-v2's width
VECTOR_QUERIES = 300
VECTOR_BATCH = 1_000     # rows per add_many (one embed call each)


def vectors(sizes, *, dims=VECTOR_DIMS, queries=VECTOR_QUERIES, seed=DEFAULT_SEED, log=print) -> list:
    """add_many rows/s and recall p50/p99 (k=5) in one scope level of N facts, without and with
    an embedder, per N. The embedder is a lookup of vectors made beforehand (a sum of random
    word vectors, so texts sharing words are near), so the figures are the store's cost, not a
    model's. 'first recall' is the one that builds the level's vector index from the file. Recall
    times are wall clock and, apart, this thread's CPU time (on a shared, loaded machine the
    wall clock also counts waiting for a core). Returns one dict per N."""
    import memory
    rng = random.Random(seed)
    words = [f"w{i}" for i in range(5_000)]
    word_vecs = {w: [rng.gauss(0, 1) for _ in range(dims)] for w in words}
    weights = [1 / (i + 1) ** 0.8 for i in range(len(words))]
    out = []
    for n in sizes:
        texts = [" ".join(rng.choices(words, weights, k=rng.randint(6, 12))) + f" fact{i}" for i in range(n)]
        table = {}
        for t in texts:
            table[t] = [sum(c) for c in zip(*(word_vecs[w] for w in t.split()[:-1]))]
        asked = [" ".join(rng.sample(texts[rng.randrange(n)].split()[:-1], 3)) for _ in range(queries)]
        for q in asked:
            table[q] = [sum(c) for c in zip(*(word_vecs[w] for w in q.split()))]

        def embed(batch):
            return [table[t] for t in batch]
        row = {"n": n, "dims": dims}
        for label, hook in (("words", None), ("vectors", embed)):
            with tempfile.TemporaryDirectory() as tmp:
                store = memory.MemoryStore(os.path.join(tmp, "v.db"), sqlite=SQLITE,
                                           **({"embed": hook, "embed_name": "bench"} if hook else {}))
                started = time.perf_counter()
                for at in range(0, n, VECTOR_BATCH):
                    store.add_many([{"text": t, "user": "u"} for t in texts[at:at + VECTOR_BATCH]])
                row[f"add_rows_per_s_{label}"] = round(n / (time.perf_counter() - started))
                started = time.perf_counter()
                store.recall(asked[0], user="u", k=RECALL_K)
                row[f"first_recall_ms_{label}"] = round(1000 * (time.perf_counter() - started), 1)
                times, cpu = [], []
                for q in asked:
                    started, used = time.perf_counter(), time.thread_time()
                    store.recall(q, user="u", k=RECALL_K)
                    times.append(1000 * (time.perf_counter() - started))
                    cpu.append(1000 * (time.thread_time() - used))
                for name, values in (("", times), ("cpu_", cpu)):  # CPU time: what a shared machine's load leaves out
                    values.sort()
                    p99 = values[min(len(values) - 1, int(0.99 * len(values)))]
                    row[f"recall_{name}p50_ms_{label}"] = round(statistics.median(values), 2)
                    row[f"recall_{name}p99_ms_{label}"] = round(p99, 2)
                store.close()
        log(json.dumps(row))
        out.append(row)
    return out


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--vectors", action="store_true",
                    help="instead: add_many rows/s and recall p50/p99 with and without an embedder, per size")
    ap.add_argument("--quick", action="store_true", help="10k facts only (seconds)")
    ap.add_argument("--sizes", default="10000,100000,1000000", help="comma-separated fact counts")
    ap.add_argument("--seed", type=int, default=DEFAULT_SEED)
    ap.add_argument("--queries", type=int, default=QUERIES, help="Latin-script recall queries per size")
    ap.add_argument("--cjk-queries", type=int, default=CJK_QUERIES, help="CJK recall queries per size")
    ap.add_argument("--turns", type=int, default=TURNS, help="agent-loop turns per size")
    ap.add_argument("--forgets", type=int, default=FORGETS, help="forget calls per size")
    ap.add_argument("--floor-pragma", action="append", default=[], metavar="NAME=VALUE",
                    help="an extra pragma for the floor, for experiments (e.g. cache_size=-32768); "
                         "the results are then not the standard floor's")
    ap.add_argument("--repeat", type=int, default=1,
                    help="independent runs per size; figures are their medians (default 1)")
    ap.add_argument("--json", action="store_true", help="print one JSON object on stdout")
    ap.add_argument("--markdown", action="store_true", help="also print the README's results tables")
    ap.add_argument("--profile", metavar="PHASES",
                    help="cProfile the store on these paths (comma-separated: %s) at the largest size "
                         "instead of benchmarking" % ",".join(PROFILE_PHASES))
    ap.add_argument("--in-process", action="store_true",
                    help="do not run each size in its own process (peak RSS is then cumulative)")
    ap.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    ap.add_argument("--sqlite", choices=("sqlite3", "pysqlite3"), default="sqlite3",
                    help="the DB-API module of store and floor (pysqlite3: a newer SQLite, FTS5 secure-delete)")
    ap.add_argument("--db", metavar="URL",
                    help="put the store on PostgreSQL: a postgresql:// URL of a database in which the bench makes "
                         "(and drops) a schema per size; the floor stays SQLite (needs psycopg)")
    args = ap.parse_args(argv)
    global SQLITE, BACKEND
    if args.db is not None:
        import memory
        if not memory.is_database_url(args.db):
            ap.error(f"--db: expected a PostgreSQL URL (postgresql://...); got {args.db!r}")
        if args.vectors or args.profile is not None:
            ap.error("--db: the PostgreSQL store is measured by the main bench only (not --vectors or --profile)")
        BACKEND = args.db
    if args.sqlite == "pysqlite3":
        try:
            from pysqlite3 import dbapi2 as SQLITE
        except ImportError:
            ap.error("--sqlite pysqlite3: not installed (python3 -m pip install --target .ci/deps pysqlite3-binary; "
                     "PYTHONPATH=.ci/deps)")
    try:
        sizes = [10_000] if args.quick else [int(s.replace("_", "")) for s in args.sizes.split(",") if s.strip()]
    except ValueError:
        ap.error(f"--sizes: expected comma-separated whole numbers of facts; got {args.sizes!r}")
    if not sizes or min(sizes) < 1:
        ap.error(f"--sizes: expected fact counts >= 1; got {args.sizes!r}")
    if args.repeat < 1:
        ap.error(f"--repeat: expected a whole number of runs >= 1; got {args.repeat}")
    for name in ("queries", "cjk_queries", "turns", "forgets"):
        if getattr(args, name) < 1:
            ap.error(f"--{name.replace('_', '-')}: expected a whole number >= 1; got {getattr(args, name)}")
    if any(not re.fullmatch(r"[a-z_]+=[-\w]+", p) for p in args.floor_pragma):
        ap.error(f"--floor-pragma: expected NAME=VALUE; got {args.floor_pragma!r}")
    if args.vectors:
        rows = vectors(sizes, seed=args.seed, log=(lambda m: None) if args.json else print)
        if args.json:
            print(json.dumps(rows, indent=1))
        return 0
    if args.profile is not None:
        phases = [p.strip() for p in args.profile.split(",") if p.strip()]
        bad = [p for p in phases if p not in PROFILE_PHASES]
        if bad or not phases:
            ap.error(f"--profile: expected some of {','.join(PROFILE_PHASES)}; got {args.profile!r}")
        profile(max(sizes), phases, seed=args.seed, turns=args.turns)
        return 0

    def log(msg):
        print(msg, file=sys.stderr if args.json else sys.stdout, flush=True)

    result = run(sizes, seed=args.seed, queries=args.queries, cjk_queries=args.cjk_queries, turns=args.turns,
                 forget_calls=args.forgets, floor_pragmas=tuple(args.floor_pragma), repeat=args.repeat,
                 isolate=not args.in_process and (len(sizes) > 1 or args.repeat > 1), log=log,
                 tables=not args.child)
    if args.json:
        print(json.dumps(result, indent=1))
        return 0
    if args.markdown:
        print(markdown(result))
    print("headline (N=%s): add %.2fx, consolidate %.2fx, incremental %.1f%%, agent turn p99 %.2f ms, "
          "recall p99 Latin %s / CJK %s (CJK hit rate %s), forget %.1f ms, purge %.1f ms, %.0f bytes/fact" % (
              "{:,}".format(result["n"]), result["add_ratio"], result["consolidate_ratio"],
              100 * result["incremental_fraction"], result["agent_p99_ms"],
              _f(result["recall_latin_p99_ratio"], "%.2fx"), _f(result["recall_cjk_p99_ratio"], "%.2fx"),
              _f(result["recall_cjk_hit_rate"] and 100 * result["recall_cjk_hit_rate"], "%.0f%%"),
              result["forget_ms"], result["purge_ms"], result["file_bytes_per_fact"]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
