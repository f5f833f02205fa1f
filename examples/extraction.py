"""The agent loop's deterministic defaults, which a model extractor replaces: sentence and
record-field extraction (`fields`), a small table of how people state personal facts
(`attribute_of`), a changed-value test for the gate (`changed_value`, `contradicts`), and what an
update is made of: whether a message says something changed or was wrong (`update_signal`),
which value of an earlier statement it changes (`corrected`), the words that tell what two
statements are about (`words_of`), whether it names a record's field (`names_field`) or points
back (`back_reference`). examples/agent_loop.py injects them; each is a plain callable.

The tables and thresholds were written from general knowledge of how people and transactional
messages state facts (English, and some French, German and Spanish), then checked against the
development sets eval/data/scenarios_dev.jsonl and scenarios_dev2.jsonl only (never the test
split); some were added after reading their misses (eval/README.md lists which).
"""

from __future__ import annotations

import html
import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from consolidate import default_contradicts  # noqa: E402
from gates import abbreviated, language_of  # noqa: E402
from memory import FUNCTION_WORDS, canonical, content_words, normalize  # noqa: E402

_ABBREVIATIONS = ("mr", "mrs", "ms", "dr", "st", "jr", "sr", "no", "vs", "etc", "e.g", "i.e")
_BOUNDARY = re.compile(r"(?<=[.!?])[\"')\]]*\s+(?=[\"'(\[]?[A-Z0-9])")
_BULLET = re.compile(r"^[-*•·–]\s+")  # list layout, not content
_MD_HEADING = re.compile(r"^\s*#{1,6}\s+(?=\S)")  # a markdown heading: the title of what follows, not a claim
# Chinese and Japanese write a sentence without spaces: four characters of those scripts in a row are
# words, not a one-word fragment ("博物馆将于三月重新开放。" is a sentence, "注文確認" a heading of four).
_UNSPACED = re.compile(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]{4}")
# "Check-in: 3 June": a field of a record (a booking, an event, a contact card): a label of at
# most four words and a short value (at most 8 words, as gates.place_fact reads a record);
# "Good news: your vehicle has been upgraded ..." is a sentence with a lead-in, not a field.
_FIELD = re.compile(r"^([^\W\d_][\w&/.-]*(?: [\w&/.-]+){0,3})\s*:\s+(\S.*)$")
_TITLE_WORDS = frozenset("""subject betreff objet asunto oggetto event title re account invitation einladung
                          invitación""".split())  # name the record
_STATUS_WORDS = frozenset("updated changed modified moved cancelled confirmed".split())  # "Event updated:"
# What a record's heading or title says happened to it, not what it is: "Standing order set up"
# and "Standing order amended" head the same record, "Check-in complete" and "Check-in" too.
_RECORD_STATUS = re.compile(r"(?i)(?:[\s:,-]+(?:set up|amended|updated|changed|modified|moved|cancell?ed|"
                            r"confirmed|created|booked|rescheduled|complete|completed|change|update|"
                            r"confirmation|confirmé|confirmée|modifié|modifiée|annulé|annulée|bestätigt|"
                            r"geändert|storniert|confirmad[oa]|modificad[oa]|cancelad[oa]))+$")
_HEADER_LABELS = frozenset("from to cc bcc date von an de para da".split())  # the channel's envelope
_NEW = re.compile(r"^(?:new|updated|revised|changed|neue[rsnm]?|nouvel(?:le)?|nouveau|nuev[oa]s?) ")
# A sentence that names the field it changes: "your vehicle has been upgraded to ...".
_CHANGES_FIELD = re.compile(r"(?i)\b(?:your|the|our) ([a-z][a-z-]*(?: [a-z-]+)?) (?:has been|have been|was|were|"
                            r"is|is now|has) (?:now )?(?:changed|moved|upgraded|downgraded|updated|rescheduled|"
                            r"switched|reassigned|relocated) to\b")
# What a booking assigns, by its usual names (EN/DE/FR/ES) -> one slot name: a field labelled
# with one ("Ihre Unterkunft:") and a sentence naming one with a value ("Sie wohnen nun in
# Wohnung Seestern", "Gate B42") state the same slot of the booking.
_SLOTS = {slot: slot for slot in "room seat gate platform table pitch vehicle".split()}
_SLOTS.update({w: "room" for w in """suite flat apartment unit cabin accommodation zimmer wohnung unterkunft
              kabine chambre appartement logement cabine habitación apartamento alojamiento camarote""".split()})
_SLOTS.update({w: "seat" for w in "sitz sitzplatz siège asiento".split()})
_SLOTS.update({w: "gate" for w in "flugsteig porte puerta".split()})
_SLOTS.update({w: "platform" for w in "gleis voie quai andén".split()})
_SLOTS.update({w: "table" for w in "tisch mesa".split()})
_SLOTS.update({w: "pitch" for w in "stellplatz emplacement parcela".split()})
_SLOTS.update({w: "vehicle" for w in "car fahrzeug mietwagen voiture véhicule vehículo coche".split()})
_SLOT_VALUE = re.compile(r"\b(" + "|".join(sorted(_SLOTS, key=len, reverse=True)) + r")\s+(?=[A-ZÀ-Þ0-9])", re.I)
# A greeting ending in a comma ("Dear Ms Hale,") or a whole-line sign-off ("Kind regards").
_SALUTATION = re.compile(r"(?i)^(?:(?:dear|hi|hello|hallo|liebe[rs]?|sehr geehrte[rs]?|bonjour|cher|chère|"
                         r"estimad[oa]s?|hola)\b[^.!?]{0,40}[,!]|(?:thanks|thank you|best|best regards|"
                         r"regards|kind regards|cheers|lg|viele grüße|mit freundlichen grüßen|cordialement|"
                         r"saludos)[,!.]?)$")
# What a record is called: a booking or order reference (letters and digits: "QX7R2M",
# "HK-55821"; or long digit groups: "4471-2290-8812"), or a quoted title ('Rust for Pythonistas').
_REFERENCE = re.compile(r"(?<![\w@./-])(?:(?=[A-Z0-9-]{5,})(?=[A-Z-]*\d)(?=[\d-]*[A-Z])[A-Z0-9]+(?:-[A-Z0-9]+)*"
                        r"|(?=[\d-]{8,})\d{3,}(?:-\d{3,})+)(?![\w@-])")
_QUOTED = re.compile(r"(?<!\w)['\"“‘]([A-Z][^'\"”’]{3,60})['\"”’](?!\w)")
# A train, flight or bus by its service number ("ICE 578", "LX 1347", "TGV INOUI 6217"): the
# record of a travel document without a booking reference, and in one with a reference the
# service it books. Currency codes are amounts, not services.
_SERVICE = re.compile(r"(?<![\w@./-])(?!(?:EUR|USD|GBP|CHF|SEK|NOK|DKK|PLN|CZK|JPY|CAD|AUD)\b)[A-Z]{2,4}"
                      r"(?: [A-Z]{2,6})? \d{2,5}(?![\w@-]|[.,:]\d)")
# Markup: a line break or block end is a new line; other tags and entities are layout.
_BREAK_TAG = re.compile(r"(?i)<\s*/?\s*(?:br|p|div|li|tr|h[1-6]|hr|table|ul|ol)\b[^<>]{0,200}>")
_TAG = re.compile(r"</?[A-Za-z][A-Za-z0-9]*(?:\s[^<>]{0,200})?/?>")
# A field stated as "Doors now 20:00", "Gate now B42": a short label, "now", a value.
_NOW_FIELD = re.compile(r"^(?!(?:it|this|that|we|you|they|he|she|i|there)\b)([^\W\d_][\w&/.-]*(?: [\w&/.-]+)?) "
                        r"(?:now|is now|are now|jetzt|ist jetzt|maintenant|est maintenant|ahora|es ahora) "
                        r"([A-ZÀ-Þ0-9]\S*(?: \S+){0,6})$", re.I)
# Where an event takes place, by its usual labels: one slot, whatever the sender calls it; and a
# sentence saying the event moves to a named place ("the show moves to Pumpehuset") states it.
_VENUE_LABELS = frozenset("""venue location where place lieu endroit ort veranstaltungsort treffpunkt lugar
                          ubicación sitio""".split())
_WHEN_WORDS = ("monday|tuesday|wednesday|thursday|friday|saturday|sunday|january|february|march|april|may|june|"
               "july|august|september|october|november|december")  # capitalized, and no place
_MOVES_TO = re.compile(r"(?i)\b(?:moves?|moved|is moving|relocate[sd]?|(?:will )?now take[s]? place|(?:is|are|"
                       r"has been|have been|will be) (?:moved|relocated|held)|déplacée?s?|se déroulera|findet jetzt|"
                       r"verlegt|se traslada|trasladad[oa]) (?:to|at|in|into|à|au|en|im|in das|ins|nach|a|al)"
                       r" (?:the |la |le |l'|el |die |das |den )?(?=[A-ZÀ-Þ])(?!(?:" + _WHEN_WORDS + r")\b)")


def _sentences(line: str) -> list[str]:
    """A line split at sentence ends ("Dr. Lee", "No. 5" and, outside English, French and
    Spanish, the ordinal "2. OG" stay whole; "Wait, no. I ..." and "Studiestræde 52. Doors ..."
    are two sentences)."""
    pieces, start = [], 0
    ordinals = None  # whether "3." may be an ordinal here: decided once per line, when needed
    for b in _BOUNDARY.finditer(line):
        last = line[start:b.start()].rsplit(" ", 1)[-1]
        word = last.rstrip(".").lower()
        if word in _ABBREVIATIONS and (word != "no" or line[b.end():b.end() + 1].isdigit()) \
                or abbreviated(line[start:b.start()], common=False):
            continue  # "Dr. Lee", "No. 5", "ul. Polna 8" (gates' address words): not sentence ends
        if re.fullmatch(r"\d{1,2}\.", last):
            if ordinals is None:
                ordinals = language_of(line) not in ("en", "fr", "es")
            if ordinals:
                continue  # "2. OG", "am 3. Juni": not sentence ends
        pieces.append(line[start:b.start()])
        start = b.end()
    return [p.strip() for p in pieces + [line[start:]] if p.strip()]


def _field(sentence: str):
    """(label, value) when `sentence` is a field of a record ("Check-in: 3 June", and "Doors
    now 20:00": a label, "now", a value), else None."""
    m = _FIELD.match(sentence)
    if m and len(m.group(2).split()) <= 8:
        return m.group(1).lower(), m.group(2)
    m = _NOW_FIELD.match(sentence)
    return (m.group(1).lower(), m.group(2)) if m else None


def _names_record(label: str) -> bool:
    """"Subject:", "Event updated:", "CRM - Account:": the field names the record itself."""
    words = label.replace("-", " ").split()
    while len(words) > 1 and words[-1] in _STATUS_WORDS:
        words.pop()
    return bool(words) and words[-1] in _TITLE_WORDS


def _layout(text: str) -> str:
    """Markup read as layout: "<br>", "</p>", "</li>" ... end a line; other tags are dropped and
    entities ("&amp;") read as the characters they stand for. Text without tags is unchanged."""
    if not _TAG.search(text):
        return text
    return html.unescape(_TAG.sub("", _BREAK_TAG.sub("\n", text)))


def _slot(label: str) -> str:
    """A field label's slot: a booking slot's usual name ("Ihre Unterkunft" -> "room"), a
    venue's ("Location", "Where", "Lieu" -> "venue"), else the label itself."""
    for w in label.split():
        if w in _SLOTS:
            return _SLOTS[w]
        if w in _VENUE_LABELS:
            return "venue"
    return label


def fields(text: str) -> list[tuple[str, str | None]]:
    """(claim, record key) for each sentence of `text`: each line's canonical text, list bullets
    and markup dropped ("<br>" ends a line), split into sentences; questions, one-word
    fragments (a sentence without a space, unless written in Chinese or Japanese, which need none),
    markdown headings ("## Reset": the title of the lines below, their record's heading),
    salutations and the envelope ("From:", "To:", "Date:": the channel already says
    who sent it) dropped. The claim is the sentence as written: the gate judges exactly the
    text it stores.
    The key says which value of which record a claim states: a field's label ("Check-in",
    "New check-in" -> "check-in", "Doors now 20:00" -> "doors"; a booking slot's name -> its
    slot, "Ihre Unterkunft" -> "room"; a venue's -> "venue"), the field a sentence says was
    changed ("your vehicle has been upgraded to" -> "vehicle"), in a document with a reference
    the slot it names with a value ("Wohnung Seestern" -> "room"), a line that holds only a
    date or time ("14 May 2024, 09:40", "Sat, 12 Oct · 20:15 · 4 guests" -> "when"); plus the
    record: the document's first reference ("HK-55821"; else a service number, "ICE 578"),
    else its subject or event title, else the nearest heading line above (a short line with
    letters, without sentence punctuation or digits: "Ingrid Nyqvist - Babysitter"), what
    happened to it left out ("Standing order amended" -> "Standing order"). Any other sentence
    is keyed by the reference or quoted title it names ("your talk 'Rust for Pythonistas'
    ..."), else, when it says the event moves to a named place ("the show moves to
    Pumpehuset"), by the venue; else not at all. A key repeated within one document is
    numbered ("RK-20931 (2)"): a document never replaces its own lines. The Agent folds a
    sender's later value of a key over its earlier one; recall searches the key, so
    "babysitter" finds the babysitter's mobile."""
    text = _layout(text)
    ref = _REFERENCE.search(text) or _SERVICE.search(text)
    out, title, heading, used = [], None, None, {}
    for line in map(canonical, text.splitlines()):
        line = _BULLET.sub("", line)
        whole = _FIELD.match(line)
        if whole and whole.group(1).lower() in _HEADER_LABELS or _SALUTATION.match(line):
            continue
        if _MD_HEADING.match(line):
            heading = _MD_HEADING.sub("", line).rstrip(" #")
            continue
        if whole and _names_record(whole.group(1).lower()):
            title, heading = whole.group(2).rstrip(" .!?"), None
        elif not whole and line and len(line.split()) <= 8 and line[-1] not in ".,;:!?" \
                and not re.search(r"\d", line) and re.search(r"[^\W\d_]", line):
            heading = line
        record = ref.group(0) if ref else title or heading or ""
        record = _RECORD_STATUS.sub("", record) or record
        for sentence in _sentences(line):
            if " " not in sentence and not _UNSPACED.search(sentence) or sentence.endswith(("?", "？")):
                continue
            field, changed = _field(sentence), _CHANGES_FIELD.search(sentence)
            slot = ref and _SLOT_VALUE.search(sentence)
            if field and not _names_record(field[0]):
                key = f"{_slot(_NEW.sub('', field[0]))} {record}"
            elif changed:
                key = f"{_NEW.sub('', changed.group(1).lower())} {record}"
            elif slot:
                key = f"{_SLOTS[slot.group(1).lower()]} {record}"
            elif ref and _SERVICE.search(sentence) and _SERVICE.search(sentence).group(0) != record:
                key = f"service {record}"
            elif _only_when(sentence):
                key = f"when {record}"
            else:
                named = _REFERENCE.search(sentence) or _QUOTED.search(sentence)
                key = named and named.group(named.lastindex or 0)
                if not key and _MOVES_TO.search(sentence):
                    key = f"venue {record}"
            if key:  # one document never replaces its own lines: a repeated key is numbered
                key = key.strip()
                used[key] = used.get(key, 0) + 1
                key += f" ({used[key]})" if used[key] > 1 else ""
            out.append((sentence, key or None))
    return out


# What a user says to the assistant that is not a fact about them (English only): a request
# ("Can you book a flight", "Please check my inbox", "Find me a table", "So a table for two,
# please." when it says nothing of the user), a pleasantry ("Thanks,
# that works."), and the wrapper of an explicit "remember that ...", whose rest is the fact.
_REQUEST = re.compile(r"(?i)^(?:(?:please|pls|kindly)\b(?! remember\b)|(?:can|could|would|will) (?:you|u)\b"
                      r"|i(?: would|'d|'m| am)? (?:want|need|like|asking|wondering if) you\b|let me know\b"
                      r"|(?:tell|show|remind|help|give|get) me\b"
                      # an imperative verb with its object: "Book a table" (not "Book club is ...")
                      r"|(?:find|search|look up|check|book|send|write|draft|summari[sz]e|translate|schedule"
                      r"|cancel|buy|order|reply to|forward|open|play|set)(?![\w-]) (?:me|us|a|an|the|my|our"
                      r"|some|it|this|that|these|those|for|up)\b"
                      # "So a bakery near Cedofeita, please." (not "I'm vegan, so no meat please.")
                      r"|(?!.*\b(?:i|i'm|my|we|we're|our)\b).*\bplease[.!]*$)")
_PLEASANTRIES = frozenset("""thanks thank you thx ty ok okay k great cool perfect nice awesome lovely sounds
                          good got it sure yes yeah yep no nope hi hello hey bye goodbye that works fine
                          wait oh ah oops sorry hmm so much a lot very all right alright there good morning
                          afternoon evening night again""".split())
_REMEMBER = re.compile(r"(?i)^(?:(?:please|pls|and|also|oh),? )*(?:remember|note|keep in mind|don't forget|"
                       r"for the record|fyi|just so you know)(?: (?:that|this))?[,:]? (?=\S)")


def statements(text: str) -> list[tuple[str, str | None]]:
    """fields(text) for the user's own message: requests to the assistant and pleasantries
    dropped (they are not facts about the user), "Remember that I'm allergic to nuts" kept as
    "I'm allergic to nuts". A tool document keeps its requests ("Please arrive by 9"): there
    they are information for the user, so the agent runs fields() on it instead."""
    out = []
    for claim, key in fields(text):
        claim = _REMEMBER.sub("", claim)
        words = re.findall(r"[\w']+", claim.lower())
        # Words in any script: Latin-only words made every Russian or Korean sentence a
        # "pleasantry" (no word left), and the space test every Japanese or Chinese one a single
        # word; both were dropped without a trace (Mem0 add returned no result for them).
        if claim and words and not _REQUEST.match(claim) and not set(words) <= _PLEASANTRIES and _several_words(claim):
            out.append((claim[0].upper() + claim[1:], key))
    return out



def _several_words(claim: str) -> bool:
    """More than one word: a space between two words, or four letters in a row of a script
    written without spaces (_UNSPACED: "私は東京に住んでいます", not "はい" or "好的"), as fields()
    tells a sentence from a fragment."""
    return " " in claim.strip() or bool(_UNSPACED.search(claim))


def split_sentences(text: str) -> list[str]:
    """The default extractor (str -> list[str], no model): the claims of fields(text)."""
    return [claim for claim, _ in fields(text)]


# --- default attribute_of ---------------------------------------------------------------------

# How people commonly state a personal fact, over the lowercased canonical text (English only).
_LEAD = (r"^(?:[^:]{0,40}:\s+)?(?:(?:actually|also|and|so|well|oh|now|ok|okay|btw|wait|sorry|"
         r"correction|update|in fact)\b[,:]?\s+)*")
_ATTRIBUTE_PHRASES = [  # first match wins
    (r"\bi(?:'ve| have)? (?:live|lived)\b|\bi'm (?:living|based)\b", "home city"),  # moving: _HOME_MOVE
    (r"\bi (?:work|started working) (?:at|for)\b|\bi'm employed (?:at|by)\b", "employer"),
    (r"\bi'm (?:not |no longer |now |a )*(?:vegetarian|vegan|pescatarian)\b|\bi eat meat\b", "diet"),
    (r"\bi (?:prefer|like|want|'d like) (?:an? )?(?:aisle|window|middle) seat", "seat preference"),
    (_LEAD + r"(?:call me|i go by|my name is|my name's)\b", "name"),
    (r"\bi was born on\b|\bmy birthday is\b", "birthday"),
]
_MY_X_IS = re.compile(_LEAD + r"(?:my|our|your|the user's) ([a-z][a-z -]{1,30}?)(?:'s| is| are| has changed to|"
                      r" changed to| has been changed to| has been updated to)\b")
_SYNONYMS = {"email address": "email", "e-mail": "email", "e-mail address": "email", "phone number": "phone",
             "mobile": "phone", "mobile number": "phone", "cell": "phone", "city": "home city",
             "hometown": "home city", "preferred seat": "seat preference", "full name": "name"}


# "I moved to Porto", "I've moved house": the user moved, read on the original case (a place
# is capitalized); "I moved it to 7 May", "I moved the meeting to Friday" move something else.
_HOME_MOVE = re.compile(r"(?<![\w'])(?i:i(?:'ve| have| just)? (?:moved|relocated)(?: back| recently)?) "
                        r"(?:(?i:house|abroad|away|out|home)\b|(?i:to|into|from) (?:the )?(?!(?i:" + _WHEN_WORDS +
                        r")\b)[A-ZÀ-Þ])")


def attribute_of(text: str) -> str | None:
    """A key for a personal fact stated in a common frame ("my X is Y", "I moved to Y"), else
    None. Deterministic; a hook only classifies, the rules still pick the winner."""
    if _HOME_MOVE.search(canonical(text).replace("’", "'")):
        return "home city"
    flat = canonical(text).lower().replace("’", "'").replace("i am ", "i'm ")
    for pattern, name in _ATTRIBUTE_PHRASES:
        if re.search(pattern, flat):
            return name
    m = _MY_X_IS.search(flat)
    if m:
        noun = re.sub(r"^(?:new|current) ", "", m.group(1).strip())
        return _SYNONYMS.get(noun, noun)
    return None


# --- default contradicts: changed values -----------------------------------------------------

_MONTHS = ("jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec|january|february|march|april|june|july|"
           "august|september|october|november|december|janvier|février|mars|avril|mai|juin|juillet|août|"
           "septembre|octobre|novembre|décembre|januar|februar|märz|juni|juli|oktober|dezember|enero|"
           "febrero|marzo|abril|mayo|junio|julio|agosto|septiembre|octubre|noviembre|diciembre")
_VALUES = [  # (type, pattern), matched in this order over the lowercased canonical text; each match is cut out
    ("email", r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+"),
    ("web", r"(?:https?://)?(?:[a-z0-9-]+\.)+[a-z]{2,}(?:/\S*)?"),
    ("date", rf"\d{{4}}-\d\d-\d\d|\d{{1,2}}[./]\d{{1,2}}\.(?:\d{{2,4}})?|\d{{1,2}}(?:st|nd|rd|th)?\.? (?:of )?"
             rf"(?:{_MONTHS})\b|\b(?:{_MONTHS}) \d{{1,2}}(?:st|nd|rd|th)?\b"),
    ("time", r"\b\d{1,2}[:h]\d\d\b|\b\d{1,2}h\b|\b\d{1,2} ?[ap]\.?m\b"),
    ("money", r"[$€£]\s?\d[\d,.]*|\d[\d,.]*\s?(?:eur|usd|gbp|chf|zł|złoty|euros?|dollars?)\b"),
    ("code", r"\b(?=[a-z0-9-]*\d)(?=[a-z0-9-]*[a-z])[a-z0-9]{2,}(?:-[a-z0-9]+)+\b|\b[a-z]{2}\d{2}[a-z0-9]{10,30}\b"),
    ("phone", r"\+?\d[\d ()-]{5,}\d"),
]
# Function words of the other languages people write to the agent in (English: memory.content_words).
_OTHER_FUNCTION_WORDS = frozenset("""le la les un une des de du et je tu il elle nous vous est c'est mon ma mes
en au aux pour par sur der die das ein eine und ich du er sie wir ist mein meine am im um zu von mit el los
las y yo es mi mis del por para con que""".split())


_NAME = re.compile(r"(?<![.!?:] )(?<!^)\b[A-Z][a-zà-ÿ]+(?: [A-Z][a-zà-ÿ]+)*")  # not opening a sentence
_NOT_NAMES = frozenset(f"{_MONTHS}|monday|tuesday|wednesday|thursday|friday|saturday|sunday|mon|tue|wed|thu|"
                       "fri|sat|sun".split("|"))


def _values_and_words(text: str):
    flat = canonical(text).replace("’", "'")
    # German capitalizes every noun, so there a capital does not mark a name.
    names = {w for n in _NAME.findall(flat) for w in n.lower().split()} if language_of(flat) != "de" else set()
    values = {"name": {w for w in names if w not in _NOT_NAMES and w.rstrip("s") not in _NOT_NAMES}}
    flat = flat.lower()
    for kind, pattern in _VALUES:
        values[kind] = {" ".join(v.split()).rstrip(".") for v in re.findall(pattern, flat)}
        flat = re.sub(pattern, " ", flat)
    words = {w[:-2] if w.endswith("'s") else w for w in content_words(normalize(flat))[0]}
    return values, {w for w in words if w.isalpha() and w not in _OTHER_FUNCTION_WORDS}


def changed_value(a: str, b: str) -> bool:
    """True when `b` restates what `a` says with a different date, time, amount, phone, email,
    web address, reference or name: both hold a value of one type, each has one the other lacks,
    and they share at least two content words ("The grant is due March 31" / "Correction:
    the grant is now due April 14"). A contradicts(a, b) hook for GuardGate and consolidate:
    it only says that two statements clash; the gate's and the fold's rules pick the winner."""
    (va, wa), (vb, wb) = _values_and_words(a), _values_and_words(b)
    return len(wa & wb) >= 2 and any(va[k] - vb[k] and vb[k] - va[k] for k in va) or _restated(a, b)


_EDGE = "\"'()[]{}«»“”‘’,;:!?."
_SLOT_WORDS = FUNCTION_WORDS | _OTHER_FUNCTION_WORDS | frozenset(
    "near à chez dans aux ins an auf bei beim zum zur nach al a".split())


def _restated(a: str, b: str) -> bool:
    """The same sentence with one phrase in a value slot replaced, in any language: the words
    before and after it are the same (two content words or more; one when the phrase is a
    number, a time or a date), the phrases share no word and start with a capital or a digit,
    and the proper-noun phrase they end sits right after a function word, a preposition or a
    comma ("... feiern wir am Samstag im Gasthaus Zur Linde in Bamberg." / "... im Brauhaus
    Lemke in Bamberg."; "im Café Blau" / "im Café Rot"; "Saturday, 11 guests"; not "Invoice 7"
    / "Invoice 8"). German capitalizes every noun, so a capital alone is no name there; the
    slot after a preposition still holds one."""
    ta, tb = canonical(a).split(), canonical(b).split()
    ka, kb = [t.strip(_EDGE).casefold() for t in ta], [t.strip(_EDGE).casefold() for t in tb]
    p = 0
    while p < min(len(ka), len(kb)) and ka[p] == kb[p]:
        p += 1
    s = 0
    while s < min(len(ka), len(kb)) - p and ka[-1 - s] == kb[-1 - s]:
        s += 1
    mid_a, mid_b = ta[p:len(ta) - s], tb[p:len(tb) - s]
    if not mid_a or not mid_b or len(mid_a) > 6 or len(mid_b) > 6 or set(ka[p:len(ka) - s]) & set(kb[p:len(kb) - s]):
        return False
    capital = lambda t: t.lstrip(_EDGE)[:1].isupper()  # noqa: E731
    if not all(capital(m[0]) or m[0].lstrip(_EDGE)[:1].isdigit() for m in (mid_a, mid_b)):
        return False
    slot = p
    while slot > 1 and capital(ta[slot - 1]) and ta[slot - 2][-1:] not in ".!?":  # "im Café | Blau"
        slot -= 1
    if not slot or ka[slot - 1] not in _SLOT_WORDS and ta[slot - 1][-1:] not in ",;:·":  # "Invoice 7"
        return False
    # Two words of the sentence around it, or one when the value is a number (a time, a date).
    digits = any(ch.isdigit() for ch in " ".join(mid_a + mid_b))
    return len(words_of(" ".join(ta[:p] + ta[len(ta) - s:]))) >= (1 if digits else 2)


# An explicit correction of what was just said (a bare "actually" or "sorry" is not one).
_CORRECTION = re.compile(
    r"(?i)\b(?:correction|i meant|i mean(?=,)|i was wrong|my (?:mistake|bad)|i mixed (?:it|them|that) up|"
    r"scratch that|i should have said|wrong (?:date|time|day|number|address|email|amount|price|room)|"
    r"wait,? no|(?:than|what) i (?:thought|said|told you|wrote)|isn't what i|i got (?:it|that|this|them) wrong|"
    r"make (?:that|it)(?= \S*\d)|(?:it|that)(?:'s| is| was) actually|actually,? (?:it|that)(?:'s| is)|"
    r"je me suis tromp[ée]e?|je voulais dire|erreur de ma part|ich (?:habe|hab) mich (?:vertan|geirrt|"
    r"verschrieben)|ich meinte|korrektur|me equivoqu[ée]|quise decir|corrección|"
    r"me he equivocado)\b")
# A change of plan: what a person or a sender says when a value they gave before no longer holds
# (EN/FR/DE/ES): a change verb ("moved", "pushed", "switched", "rebooked", "verschoben",
# "déplacé", "cambiado"), "instead", "no longer", "from now on", "it's now", "change of plan".
_CHANGE = re.compile(
    r"(?i)\b(?:change of plans?|plans? (?:have |has )?changed|heads[ -]up|update(?: from\b|:)|no longer|any ?more|"
    r"instead|from now on|turns? out|(?:it|that|this)(?:'s| is) now|now (?:on|at|in)|"
    r"(?:moved|moves to|pushed|postponed|rescheduled|changed|switched|swapped|shifted|rebooked|exchanged|"
    r"bumped|delayed|relocated|upgraded|brought forward|put back)|"
    r"(?:schedule|venue|gate|platform|room|time|date|seat|location|address|track) change|"
    r"new (?:date|time|venue|address|gate|platform|seat|room|location|schedule)|"
    r"finalement|plutôt|au lieu d|désormais|en fait|changement|maintenant (?:à|au|le|chez)|"
    r"(?:déplacé|reporté|avancé|décalé|changé|échangé|modifié)e?s?|"
    r"planänderung|\w*änderung|verschoben|verlegt|umgebucht|umgestellt|geändert|getauscht|stattdessen|doch nicht|"
    r"nicht mehr|jetzt doch|jetzt (?:im|in|am|um|auf|bei|zum|zur)|"
    r"al final|en (?:vez|lugar) de|en realidad|ya no|(?:cambiad|movid|aplazad|pospuest|adelantad|retrasad|"
    r"trasladad)[oa]s?|cambié|cambiamos|moví|ahora (?:es|en|a las|el))(?!\w)")
# A statement that points back at something already said: "it's now 22 May", "we pushed it to"
# (a pronoun for a thing; "we" and "us" name people, not what changed).
_BACK_REFERENCE = re.compile(r"(?i)(?<![\w'])(?:it|it's|that|this|they|them|c'est|ça|l'ai|l'a|es|ihn|lo)(?![\w'])")


def update_signal(text: str) -> bool:
    """True when `text` says that a value given before no longer holds: an explicit correction
    ("Sorry, I meant ...", "Wait, no", "I got that wrong", "je me suis trompée") or a change of
    plan ("it's moved to ...", "we pushed it to ...", "I switched to ...", "Planänderung",
    "finalement", "al final"). Only a signal: what changed, and which earlier statement it
    changes, is for corrected() and the agent to find."""
    flat = canonical(text).replace("’", "'")
    return bool(_CORRECTION.search(flat) or _CHANGE.search(flat))


def _value_spans(text: str):
    """(canonical text, [(type, start, end)]) of the values changed_value compares."""
    flat = work = canonical(text).replace("’", "'")
    spans = []
    for kind, pattern in _VALUES:
        spans += [(kind, m.start(), m.end()) for m in re.finditer(pattern, work, re.I)]
        work = re.sub(pattern, lambda m: " " * len(m.group(0)), work, flags=re.I)
    return flat, spans


# --- updates: which value of an earlier statement a later one changes -------------------------

_DAYS = ("monday|tuesday|wednesday|thursday|friday|saturday|sunday|lundi|mardi|mercredi|jeudi|vendredi|samedi|"
         "dimanche|montag|dienstag|mittwoch|donnerstag|freitag|samstag|sonntag|lunes|martes|miércoles|jueves|"
         "viernes|sábado|domingo")
_DAY_SHORT = "mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun|lun|mer|jeu|ven|sam|dim"
# The values an update can change, in the order they are cut out of the lowercased text:
# changed_value's, weekdays first ("Sat, 12 Oct", "Fr, 08.11."), dd/mm dates, counts ("11
# guests": one kind per counted noun), seat-like codes ("14F", "B42") and bare numbers ("TGV
# 6217", "room 412", a year).
_UPDATE_VALUES = _VALUES[:2] + [
    ("day", rf"\b(?:{_DAYS})s?\b|\b(?:{_DAY_SHORT})\.?(?=,? ?\d)|\b(?:mo|di|mi|do|fr|sa|so)[.,](?= ?\d)"),
    ("date", _VALUES[2][1] + rf"|\d{{1,2}}(?:er)?\.? (?:de )?(?:{_MONTHS})\b"
             r"|\b\d{1,2}/\d{1,2}(?:/\d{2,4})?(?![\d/])"),
] + _VALUES[3:] + [
    ("count", r"\b\d{1,4} [^\W\d_]{3,}\b"),
    ("seat", r"\b\d{1,3}[a-k]\b|\b[a-k]\d{1,3}\b"),
    ("number", r"\b\d{3,6}\b"),
]
# A named place or thing after a preposition ("at Café Brühl on Kantstraße", "im Gasthaus Zur
# Linde in Bamberg", "to Tadeusz Bar near Hackescher Markt"): one value, in segments, each a
# capitalized phrase after its preposition. Read on the original case, values cut out first.
_PREP = r"(?i:at|in|into|to|near|on|by|à|au|aux|chez|dans|im|ins|am|an|auf|bei|beim|zum|zur|nach|en|al)"
_DET = r"(?i:the|their|our|my|his|her|its|an?|le|la|les|l'|du|des|der|die|das|dem|den|el|los|las|une?|ein|eine[mr]?)"
_CAP = r"[A-ZÀ-Þ][\w'&-]*"
_SEGMENT = (rf"{_CAP}(?: (?:{_CAP}|\d{{1,4}}[a-z]?(?!\w)|(?:de|da|del|di|du|des|do|dos|la|le|von|van|der|of|the|y|et|"
            rf"und|&)(?= [A-ZÀ-Þ])))*")
_PLACE_PART = re.compile(rf"(?<![\w'])(?:{_PREP}) (?:{_DET} )?({_SEGMENT})")
_PLACE = re.compile(rf"(?<![\w'])(?:{_PREP}) (?:{_DET} )?{_SEGMENT}(?:,? (?:{_PREP}) (?:{_DET} )?{_SEGMENT})*")


def _stem(word: str) -> str:
    """A crude stem for matching words only: monthly/month, seats/seat, moved/move."""
    for suffix in ("ing", "ly", "ed", "es", "s"):
        if word.endswith(suffix) and len(word) - len(suffix) >= 4 and not word.endswith("ss"):
            word = word[:-len(suffix)]
            break
    return word[:-1] if len(word) > 4 and word.endswith("e") else word


# Words of how a change is told, never of what changed; months and weekdays are values.
_TELLING = frozenset("""wait sorry oops correction wrong mistake earlier thought told said update heads-up instead
anymore longer actually plan plans change changed changes moved move moves pushed push switched switch swapped
shifted rebooked exchanged postponed rescheduled new now still same just called phoned rang checked near please
thanks""".split())
_NOT_CONTENT = FUNCTION_WORDS | _OTHER_FUNCTION_WORDS | _TELLING | frozenset(
    (_MONTHS + "|" + _DAYS + "|" + _DAY_SHORT).split("|"))


def words_of(text: str) -> frozenset:
    """The content words of `text`, stemmed, for telling what two statements are about: no
    function words (EN/FR/DE/ES), numbers, months, weekdays or words that only tell of a
    change ("moved", "instead")."""
    flat = canonical(text).lower().replace("’", "'")
    out = set()
    for w in re.findall(r"[^\W\d_]+(?:[-'][^\W\d_]+)*", flat):
        head, _, tail = w.partition("'")
        if tail in ("s", "m", "re", "ve", "ll", "d", "t"):  # "Mira's", "I'm": the word before
            w = head
        elif tail and head in ("l", "d", "j", "c", "qu", "n", "s", "m", "t"):  # "l'hôtel": the word after
            w = tail
        if len(w) > 2 and w not in _NOT_CONTENT:
            out.add(_stem(w))
    return frozenset(out)


def _update_spans(text: str):
    """(canonical text, [(kind, start, end, value, segments)]) of the values an update can
    change; segments: a place's (start, end) parts, else ()."""
    flat = work = canonical(text).replace("’", "'")
    spans = []
    for kind, pattern in _UPDATE_VALUES:
        for m in re.finditer(pattern, work, re.I):
            end = m.start() + len(m.group(0).rstrip(".,"))  # "€1,142.50," ends at its last digit
            value = " ".join(flat[m.start():end].lower().split())
            before = flat[:m.start()].split()[-1:]
            if kind == "count" and before and before[0][:1].isupper() and before[0][-1].isalnum():
                # "TGV INOUI 6217 part": the number of a name, not a count ("Saturday, 11 guests" is one)
                end, kind_of = m.start() + len(value.split(" ", 1)[0]), "number"
                value = value.split(" ", 1)[0]
            elif kind == "count":  # one kind per counted noun: "11 guests" and "2 nights" never compete
                kind_of = "count " + _stem(value.split(" ", 1)[1])
            elif kind == "day":
                kind_of, value = kind, value.rstrip("s") if len(value) > 4 else value
            else:
                kind_of = kind
            spans.append((kind_of, m.start(), end, value, ()))
        work = re.sub(pattern, lambda m: " " * len(m.group(0)), work, flags=re.I)
    for m in _PLACE.finditer(work):
        parts = [(p.start(1), p.end(1)) for p in _PLACE_PART.finditer(work, m.start(), m.end())]
        if parts:
            value = " ".join(" ".join(flat[a:b].lower().split()) for a, b in parts)
            spans.append(("place", parts[0][0], parts[-1][1], value, tuple(parts)))
    return flat, spans


_WHEN_FILLERS = frozenset("at um à a las les le the on am from to bis until till uhr".split())


def _only_when(sentence: str) -> bool:
    """True when `sentence` holds a date or a time and nothing else but values ("14 May 2024,
    09:40", "Sat, 12 Oct · 20:15 · 4 guests"): in a record, the line that says when."""
    flat, spans = _update_spans(sentence)
    if not any(kind in ("date", "time") for kind, *_ in spans):
        return False
    rest = list(flat)
    for _, a, b, *_ in spans:
        rest[a:b] = " " * (b - a)
    return all(w in _WHEN_FILLERS for w in re.findall(r"[^\W\d_]+", "".join(rest).lower()))


def _around(flat: str, start: int, end: int) -> frozenset:
    """The content words within three words before and after a value."""
    return words_of(" ".join(flat[:start].split()[-3:] + flat[end:].split()[:3]))


# Kinds that say nothing of what they number: changed only where the message repeats a word next
# to the old one ("TGV INOUI 6217" / "le TGV 6231", "Seat: 31B" / "I changed seats ... 14F").
_ANCHORED = frozenset(("number", "seat"))


def corrected(earlier: str, correction: str, context: str | None = None) -> str | None:
    """`earlier` with the values `correction` changes replaced by the new ones, when the
    correction or its message (`context`, default the correction) says that something changed
    or was wrong (update_signal), else None.
    For each kind of value the correction holds (date, time, weekday, amount, count of one
    noun, code, seat, number, a named place after a preposition, phone, e-mail, web address),
    exactly one new value, and `earlier` holds one of that kind, a different one, which is
    replaced ("My flight is on 22 November, from CDG." + "Sorry, I was wrong: it's 24
    November." -> "My flight is on 24 November, from CDG."). Where `earlier` holds several
    of a kind, and for a bare number or a seat always, the one whose neighbouring words the
    message repeats ("I do the 06:30 spin class ..., no calls before 08:00" + "I switched to
    the 19:15 class": 06:30); a place replaces as many of its segments as the new one has. Fail safe: two new values of a kind,
    or several old ones the message does not tell apart, give None; so does a correction that
    changes nothing `earlier` holds."""
    ctx = correction if context is None else context
    if not (update_signal(correction) or update_signal(ctx)):
        return None
    new, found = _update_spans(correction)
    old, spans = _update_spans(earlier)
    told = words_of(ctx) | words_of(correction)
    edits = []
    for kind in dict.fromkeys(k for k, *_ in found):
        olds = [s for s in spans if s[0] == kind]
        if not olds:
            continue
        items = [f for f in found if f[0] == kind]
        if len({f[3] for f in items}) != 1:
            return None  # "10:20 or 10:40": which one?
        item = items[0]
        if any(o[3] == item[3] for o in olds):
            continue  # this value did not change
        if len(olds) > 1 or kind in _ANCHORED:
            olds = [o for o in olds if _around(old, o[1], o[2]) & told]
            if len(olds) != 1:
                if kind in _ANCHORED and len(olds) == 0:
                    continue  # "room 412" does not change "flight LX 1347"
                return None  # several values of this kind, not told apart
        o = olds[0]
        if kind == "place":  # as many segments as the new place has, from the first
            n = min(len(item[4]), len(o[4]))
            edits.append((o[4][0][0], o[4][n - 1][1], new[item[4][0][0]:item[4][-1][1]]))
        else:
            edits.append((o[1], o[2], new[item[1]:item[2]]))
    if not edits:
        return None
    edits.sort()
    if any(a[1] > b[0] for a, b in zip(edits, edits[1:])):
        return None
    for a, b, text in reversed(edits):
        old = old[:a] + text + old[b:]
    return old


# What a booking's fields are called when a person changes one by phone or at a desk ("I
# switched the pick-up to ...", "we moved to table 22"): the booking slots and these.
_CHANGEABLE = frozenset(_SLOTS.values()) | frozenset("""venue pick-up pickup drop-off dropoff collection return
delivery check-in check-out departure arrival""".split())


def names_field(text: str, label: str) -> bool:
    """True when `text` names a record's field `label` that people change (a booking slot by
    any of its usual names, a venue, a pick-up, a delivery, a check-in ...): "I changed seats
    at the desk" names "seat", "Ich habe den Sitzplatz getauscht" too."""
    if label not in _CHANGEABLE:
        return False
    said = {_SLOTS.get(w, w) for w in re.findall(r"[^\W\d_]+(?:-[^\W\d_]+)*", canonical(text).lower())}
    return label in said or label in {_SLOTS.get(_stem(w), _stem(w)) for w in said}


def back_reference(text: str) -> bool:
    """True when `text` points back at something said before rather than naming it: a pronoun
    for a thing ("it's now 22 May", "we pushed it to ...", "c'est à 9h20"; not "we" or "us")
    or an explicit correction ("Correction, 10:20.")."""
    flat = canonical(text).replace("’", "'")
    return bool(_BACK_REFERENCE.search(flat) or _CORRECTION.search(flat))


def contradicts(a: str, b: str) -> bool:
    """consolidate.default_contradicts (negation) or changed_value."""
    return default_contradicts(a, b) or changed_value(a, b)
