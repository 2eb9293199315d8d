#!/usr/bin/env python3
"""Generate the sample stores in samples/<app>/store/ for the four reference apps.

    python3 scripts/generate-samples.py          # from the repo root (or anywhere)

Deterministic (one random.Random("42/<app>") per app, fixed dates): rerunning it rewrites
byte-identical stores. For each app it deletes samples/<app>/store/ and writes:

    store.json                      manifest (schemaVersion 1, no migrations, no seeds)
    schema/                         the store's own schema, version 1, written back unchanged
    data/<collection>/...           one JSON file per document, filed by the catalog's
                                    partition (a timestamp under its day in the store's
                                    time zone, a calendar date under itself)
    data/<collection>.json          singletons
    .almanac/                       empty

The sample stores stay at schema version 1, so that `almanac migrate` has something to do
on them: their schema/ folder is frozen. The script reads the catalog and collection schemas
from samples/<app>/store/schema/ (not from schema/<app>/, which is the current version,
reached through migrations/<app>/), validates against them, and writes those files back
byte for byte. To change a reference app's schema, add a migration and edit schema/<app>/;
leave the samples' schema alone.

Every document is validated against its collection schema before anything is written,
with a small built-in validator for the JSON Schema subset Almanac supports (standard
library only); when the `jsonschema` package happens to be installed it is used as a
second opinion. Catalog rules, unique fields and references are checked too.

Standard library only (Python 3.9+ for zoneinfo).
"""

import datetime as dt
import json
import math
import os
import random
import re
import hashlib
import shutil
import sys
import uuid
from zoneinfo import ZoneInfo

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SAMPLES_ROOT = os.path.join(REPO, "samples")
UTC = dt.timezone.utc
CREATED_AT = "2025-01-06T09:00:00Z"

TIME_ZONES = {
    "miga": "America/New_York",
    "elaro": "Europe/Berlin",
    "pressure": "America/Los_Angeles",
    "cravey": "America/Chicago",
}


# --------------------------------------------------------------------------- helpers

def dump(obj):
    """The byte-stable on-disk form of every file in a store."""
    return json.dumps(obj, indent=2, sort_keys=True, ensure_ascii=False) + "\n"


def normalize(value):
    """Integral floats become ints (30.0 -> 30); genuinely fractional values stay floats."""
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, dict):
        return {k: normalize(v) for k, v in value.items()}
    if isinstance(value, list):
        return [normalize(v) for v in value]
    return value


def new_uuid(rng):
    return str(uuid.UUID(int=rng.getrandbits(128), version=4)).upper()


def stable_uuid(name):
    """A fixed id for seeded content that must not change between runs or releases."""
    return str(uuid.uuid5(uuid.NAMESPACE_URL, "almanac:" + name)).upper()


def ts(moment):
    """UTC timestamp string, milliseconds only when there is a fraction of a second."""
    moment = moment.astimezone(UTC)
    text = moment.strftime("%Y-%m-%dT%H:%M:%S")
    if moment.microsecond:
        text += ".%03d" % (moment.microsecond // 1000)
    return text + "Z"


def parse_ts(text):
    return dt.datetime.fromisoformat(text.replace("Z", "+00:00"))


def local(tz, day, hour, minute, second=0):
    return dt.datetime(day.year, day.month, day.day, hour, minute, second, tzinfo=tz)


def days(start, end):
    """Calendar days from start to end inclusive."""
    d = start
    while d <= end:
        yield d
        d += dt.timedelta(days=1)


def at_random_time(rng, tz, day, start_hour, end_hour):
    """A random local moment on day between start_hour:00 and end_hour:00 (end exclusive)."""
    minute_of_day = rng.randrange(start_hour * 60, end_hour * 60)
    return local(tz, day, minute_of_day // 60, minute_of_day % 60, rng.randrange(60))


# --------------------------------------------------------------------------- validation

TYPE_CHECKS = {
    "object": lambda v: isinstance(v, dict),
    "array": lambda v: isinstance(v, list),
    "string": lambda v: isinstance(v, str),
    "integer": lambda v: (isinstance(v, int) and not isinstance(v, bool))
    or (isinstance(v, float) and v.is_integer()),
    "number": lambda v: isinstance(v, (int, float)) and not isinstance(v, bool),
    "boolean": lambda v: isinstance(v, bool),
    "null": lambda v: v is None,
}
DATE_RE = re.compile(r"^(\d{4})-(\d{2})-(\d{2})$")
DATE_TIME_RE = re.compile(
    r"^(\d{4}-\d{2}-\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$")
UUID_RE = re.compile(r"^[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}$")
SUPPORTED_KEYWORDS = {
    "$schema", "$id", "title", "description", "type", "enum", "const", "required", "properties",
    "additionalProperties", "items", "prefixItems", "minLength", "maxLength", "minItems",
    "maxItems", "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf",
    "pattern", "format", "$defs", "$ref", "allOf", "anyOf", "oneOf", "not", "if", "then",
    "else", "dependentRequired", "uniqueItems", "contains", "minContains", "maxContains",
}


def valid_date(text):
    m = DATE_RE.match(text)
    if not m:
        return False
    try:
        dt.date(int(m.group(1)), int(m.group(2)), int(m.group(3)))
        return True
    except ValueError:
        return False


def valid_date_time(text):
    m = DATE_TIME_RE.match(text)
    return bool(m) and valid_date(m.group(1)) and int(m.group(2)) < 24 \
        and int(m.group(3)) < 60 and int(m.group(4)) <= 60


def json_equal(a, b):
    if isinstance(a, bool) or isinstance(b, bool):
        return type(a) is type(b) and a == b
    if isinstance(a, (int, float)) and isinstance(b, (int, float)):
        return a == b
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(json_equal(x, y) for x, y in zip(a, b))
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(json_equal(a[k], b[k]) for k in a)
    return type(a) is type(b) and a == b


def check_keywords(schema, where):
    """Fail on any keyword outside the subset Almanac's Swift validator supports."""
    problems = []
    if isinstance(schema, dict):
        for key, value in schema.items():
            if key not in SUPPORTED_KEYWORDS:
                problems.append("%s: unsupported keyword %r" % (where, key))
            if key in ("properties", "$defs"):
                for name, sub in value.items():
                    problems += check_keywords(sub, "%s/%s/%s" % (where, key, name))
            elif key in ("items", "additionalProperties", "not", "if", "then", "else", "contains"):
                problems += check_keywords(value, "%s/%s" % (where, key))
            elif key in ("allOf", "anyOf", "oneOf", "prefixItems"):
                for i, sub in enumerate(value):
                    problems += check_keywords(sub, "%s/%s/%d" % (where, key, i))
            elif key == "format" and value not in ("date", "date-time", "uuid"):
                problems.append("%s: unsupported format %r" % (where, value))
            elif key == "$ref" and not value.startswith("#/$defs/"):
                problems.append("%s: non-local $ref %r" % (where, value))
    return problems


def validate(instance, schema, root, pointer=""):
    """Errors of instance against schema (the Almanac keyword subset), as 'pointer: message'."""
    if schema is True:
        return []
    if schema is False:
        return ["%s: no value is allowed here" % (pointer or "/")]
    errors = []
    here = pointer or "/"
    if "$ref" in schema:
        target = root
        for part in schema["$ref"][2:].split("/"):
            target = target[part]
        errors += validate(instance, target, root, pointer)
    if "type" in schema:
        types = schema["type"] if isinstance(schema["type"], list) else [schema["type"]]
        if not any(TYPE_CHECKS[t](instance) for t in types):
            return errors + ["%s: %s is not of type %s" % (here, json.dumps(instance, ensure_ascii=False), " or ".join(types))]
    if "enum" in schema and not any(json_equal(instance, e) for e in schema["enum"]):
        errors.append("%s: %s is not one of %s" % (here, json.dumps(instance, ensure_ascii=False), schema["enum"]))
    if "const" in schema and not json_equal(instance, schema["const"]):
        errors.append("%s: %s is not %s" % (here, json.dumps(instance, ensure_ascii=False), json.dumps(schema["const"])))
    if isinstance(instance, str):
        length = len(instance)  # code points, as JSON Schema counts
        if "minLength" in schema and length < schema["minLength"]:
            errors.append("%s: shorter than %d characters" % (here, schema["minLength"]))
        if "maxLength" in schema and length > schema["maxLength"]:
            errors.append("%s: longer than %d characters" % (here, schema["maxLength"]))
        if "pattern" in schema and not re.search(schema["pattern"], instance):
            errors.append("%s: %r does not match %r" % (here, instance, schema["pattern"]))
        fmt = schema.get("format")
        if fmt == "date" and not valid_date(instance):
            errors.append("%s: %r is not a date" % (here, instance))
        if fmt == "date-time" and not valid_date_time(instance):
            errors.append("%s: %r is not a date-time" % (here, instance))
        if fmt == "uuid" and not UUID_RE.match(instance):
            errors.append("%s: %r is not a uuid" % (here, instance))
    if isinstance(instance, (int, float)) and not isinstance(instance, bool):
        if "minimum" in schema and instance < schema["minimum"]:
            errors.append("%s: %s is less than the minimum %s" % (here, instance, schema["minimum"]))
        if "maximum" in schema and instance > schema["maximum"]:
            errors.append("%s: %s is greater than the maximum %s" % (here, instance, schema["maximum"]))
        if "exclusiveMinimum" in schema and instance <= schema["exclusiveMinimum"]:
            errors.append("%s: %s is not greater than %s" % (here, instance, schema["exclusiveMinimum"]))
        if "exclusiveMaximum" in schema and instance >= schema["exclusiveMaximum"]:
            errors.append("%s: %s is not less than %s" % (here, instance, schema["exclusiveMaximum"]))
        if "multipleOf" in schema:
            q = instance / schema["multipleOf"]
            if not math.isclose(q, round(q), abs_tol=1e-9):
                errors.append("%s: %s is not a multiple of %s" % (here, instance, schema["multipleOf"]))
    if isinstance(instance, list):
        if "minItems" in schema and len(instance) < schema["minItems"]:
            errors.append("%s: fewer than %d items" % (here, schema["minItems"]))
        if "maxItems" in schema and len(instance) > schema["maxItems"]:
            errors.append("%s: more than %d items" % (here, schema["maxItems"]))
        if schema.get("uniqueItems"):
            for i in range(len(instance)):
                for j in range(i):
                    if json_equal(instance[i], instance[j]):
                        errors.append("%s: items %d and %d are equal" % (here, j, i))
        if "contains" in schema:
            matching = sum(1 for item in instance if not validate(item, schema["contains"], root, pointer))
            if matching < schema.get("minContains", 1):
                errors.append("%s: %d items match 'contains', fewer than %d" % (here, matching, schema.get("minContains", 1)))
            if "maxContains" in schema and matching > schema["maxContains"]:
                errors.append("%s: %d items match 'contains', more than %d" % (here, matching, schema["maxContains"]))
        prefix = schema.get("prefixItems", [])
        for i, item in enumerate(instance):
            if i < len(prefix):
                errors += validate(item, prefix[i], root, "%s/%d" % (pointer, i))
            elif "items" in schema:
                errors += validate(item, schema["items"], root, "%s/%d" % (pointer, i))
    if isinstance(instance, dict):
        for name in schema.get("required", []):
            if name not in instance:
                errors.append("%s: %r is required" % (here, name))
        props = schema.get("properties", {})
        for name, value in instance.items():
            if name in props:
                errors += validate(value, props[name], root, "%s/%s" % (pointer, name))
            elif "additionalProperties" in schema:
                errors += validate(value, schema["additionalProperties"], root, "%s/%s" % (pointer, name))
        for name, needed in schema.get("dependentRequired", {}).items():
            if name in instance:
                errors += ["%s: %r requires %r" % (here, name, n) for n in needed if n not in instance]
    for sub in schema.get("allOf", []):
        errors += validate(instance, sub, root, pointer)
    if "anyOf" in schema and not any(not validate(instance, s, root, pointer) for s in schema["anyOf"]):
        errors.append("%s: matches none of anyOf" % here)
    if "oneOf" in schema:
        matches = sum(1 for s in schema["oneOf"] if not validate(instance, s, root, pointer))
        if matches != 1:
            errors.append("%s: matches %d of oneOf, not exactly 1" % (here, matches))
    if "not" in schema and not validate(instance, schema["not"], root, pointer):
        errors.append("%s: must not match the 'not' schema" % here)
    if "if" in schema:
        if not validate(instance, schema["if"], root, pointer):
            if "then" in schema:
                errors += validate(instance, schema["then"], root, pointer)
        elif "else" in schema:
            errors += validate(instance, schema["else"], root, pointer)
    return errors


def load_jsonschema():
    """The jsonschema package as a second opinion, when installed (development only)."""
    try:
        import jsonschema  # noqa: F401
        from jsonschema import Draft202012Validator, FormatChecker
        return Draft202012Validator, FormatChecker()
    except ImportError:
        return None


# --------------------------------------------------------------------------- catalog rules

# The catalog's `rules` are what JSON Schema cannot say; the reference apps' Swift models
# enforce them. Each has a check here so that the samples obey them too; a rule about a
# history of writes (one-way status) cannot be seen in one snapshot and checks nothing.
# A checker returns a list of problems, given the store, the collection and its documents.

def _local(store, text):
    return parse_ts(text).astimezone(store.tz)


def _each(predicate, message):
    def check(store, name, docs):
        return ["%s: %s" % (d.get("id", name), message) for d in docs if not predicate(store, d)]
    return check


def _pressure_time(store, day_text, hhmm):
    hour, minute = (int(x) for x in hhmm.split(":"))
    return local(store.tz, dt.date.fromisoformat(day_text), hour, minute)


def _template_durations(store, d):
    template = next((t for t in store.docs["action-templates"] if t["id"] == d["templateId"]), None)
    return template is not None and d["variantDuration"] in [v["durationMinutes"] for v in template["variants"]]


def _files_named_after_id(store, d):
    ext = "mov" if d["type"] == "video" else "m4a"
    thumb = d.get("thumbnailPath")
    return d["filePath"] == "Recordings/%s_%s.%s" % (d["type"], d["id"], ext) and \
        (thumb is None or thumb == "Recordings/Thumbnails/video_%s_thumb.jpg" % d["id"])


def _checked_in_inside_window(store, d):
    if d.get("checked_in_at") is None:
        return True
    settings = store.singletons["settings"]
    at = parse_ts(d["checked_in_at"])
    return _pressure_time(store, d["date"], settings["commitment_deadline"]) <= at \
        < _pressure_time(store, d["date"], settings["checkin_window_close"])


def _locked_at_deadline(store, d):
    if d.get("locked_at") is None:
        return True
    deadline = _pressure_time(store, d["date"], store.singletons["settings"]["commitment_deadline"])
    return parse_ts(d["locked_at"]) == deadline


def _first_of_month(store, d):
    if d.get("shield_reset_date") is None:
        return True
    moment = _local(store, d["shield_reset_date"])
    return (moment.day, moment.hour, moment.minute, moment.second) == (1, 0, 0, 0)


RULE_CHECKS = {
    # MIGA
    "pause-within-timer": _each(lambda s, d: d["pauseDuration"] <= d["timerDuration"], "pauseDuration > timerDuration"),
    "streak-dates-ordered": _each(lambda s, d: parse_ts(d["startDate"]) <= parse_ts(d["lastActivityDate"]),
                                  "startDate is after lastActivityDate"),
    "streak-day-count": _each(lambda s, d: d["currentDayCount"] == (_local(s, d["lastActivityDate"]).date()
                                                                    - _local(s, d["startDate"]).date()).days + 1,
                              "currentDayCount does not match its dates"),
    "one-current-streak": lambda s, name, docs: [] if len(docs) <= 1 else ["%d streaks" % len(docs)],
    # Elaro
    "at-most-two-active": lambda s, name, docs: [] if sum(1 for d in docs if d["active"]) <= 2
    else ["more than two active focus areas"],
    "variant-of-template": _each(_template_durations, "variantDuration is not a variant of its template"),
    "week-starts-monday": _each(lambda s, d: dt.date.fromisoformat(d["weekStart"]).weekday() == 0,
                                "weekStart is not a Monday"),
    # Pressure
    "one-way-status": lambda s, name, docs: [],
    "one-per-day": lambda s, name, docs: [] if s.collections[name]["unique"] == ["date"]
    else ["the collection is not unique by date"],
    "locked-at-deadline": _each(_locked_at_deadline, "locked_at is not the deadline of its date"),
    "check-in-inside-window": _each(_checked_in_inside_window, "checked_in_at is outside the check-in window"),
    "streak-within-longest": _each(lambda s, d: d["current_streak"] <= d["longest_streak"],
                                   "current_streak > longest_streak"),
    "shields-for-paid-users": _each(lambda s, d: d["restart_shields_remaining"] == 0
                                    or s.singletons["settings"]["subscription_tier"] == "PAID",
                                    "a free user has a restart shield"),
    "shield-reset-first-of-month": _each(_first_of_month, "shield_reset_date is not local midnight on the 1st"),
    # Cravey
    "timestamp-not-in-future": _each(lambda s, d: parse_ts(d["timestamp"]) <= parse_ts(d.get("modifiedAt", d["createdAt"])),
                                     "timestamp is later than the record was saved"),
    "modified-after-created": _each(lambda s, d: "modifiedAt" not in d or parse_ts(d["modifiedAt"]) >= parse_ts(d["createdAt"]),
                                    "modifiedAt is before createdAt"),
    "files-named-after-id": _each(_files_named_after_id, "file paths do not embed the id"),
}


# --------------------------------------------------------------------------- store writer

NAME_RE = re.compile(r"^[a-z][a-z0-9-]*$")
ID_RE = re.compile(r"^[A-Za-z0-9_-][A-Za-z0-9._-]{0,127}$")
COLLECTION_KEYS = {"name", "description", "schema", "dateField", "partition", "unique",
                   "references", "singleton", "attachments", "userOwnedFields", "rules"}
RULE_NAME_RE = re.compile(r"^[a-z][a-z0-9]*(-[a-z0-9]+)*$")


class Store:
    def __init__(self, app):
        self.app = app
        self.tz_name = TIME_ZONES[app]
        self.tz = ZoneInfo(self.tz_name)
        # The frozen version-1 schema of the sample store (see the module docstring), kept as
        # bytes because write() deletes the store folder before writing it again.
        self.schema_dir = os.path.join(SAMPLES_ROOT, app, "store", "schema")
        if not os.path.isfile(os.path.join(self.schema_dir, "catalog.json")):
            sys.exit("generate-samples: %s is missing; it is the sample store's frozen version-1 schema, "
                     "not a copy of schema/%s/: restore it from git (git checkout -- samples/%s/store/schema)"
                     % (os.path.relpath(self.schema_dir, REPO), app, app))
        self.schema_files = {}
        for name in sorted(os.listdir(self.schema_dir)):
            with open(os.path.join(self.schema_dir, name), "rb") as f:
                self.schema_files[name] = f.read()
        self.catalog = json.loads(self.schema_files["catalog.json"].decode("utf-8"))
        if self.catalog.get("version") != 1:
            sys.exit("generate-samples: samples/%s/store/schema/catalog.json is at version %r; the sample "
                     "stores stay at version 1" % (app, self.catalog.get("version")))
        self.collections = {c["name"]: c for c in self.catalog["collections"]}
        self.schemas = {}
        for c in self.catalog["collections"]:
            self.schemas[c["name"]] = json.loads(self.schema_files[c["schema"]].decode("utf-8"))
        self.docs = {name: [] for name in self.collections}
        self.singletons = {}

    def add(self, collection, doc):
        assert collection in self.collections and not self.collections[collection].get("singleton"), collection
        self.docs[collection].append(normalize(doc))
        return doc

    def set_singleton(self, collection, doc):
        assert self.collections[collection].get("singleton"), collection
        self.singletons[collection] = normalize(doc)

    def path_of(self, collection, doc):
        """data/... path of a document, from the catalog's partition and dateField."""
        c = self.collections[collection]
        if c.get("singleton"):
            return os.path.join("data", collection + ".json")
        partition = c["partition"]
        name = doc["id"] + ".json"
        if partition == "none":
            return os.path.join("data", collection, name)
        value = doc[c["dateField"]]
        if DATE_RE.match(value):  # a calendar date is filed under itself
            y, m, d = value[0:4], value[5:7], value[8:10]
        else:  # a timestamp under its day in the store's time zone
            day = parse_ts(value).astimezone(self.tz)
            y, m, d = "%04d" % day.year, "%02d" % day.month, "%02d" % day.day
        parts = {"year": [y], "month": [y, m], "day": [y, m, d]}[partition]
        return os.path.join("data", collection, *parts, name)

    # -- checks ------------------------------------------------------------
    def check(self):
        problems = []
        cat = self.catalog
        if set(cat) != {"app", "version", "description", "collections"} or cat["app"] != self.app:
            problems.append("catalog.json: unexpected top-level keys or app")
        for c in cat["collections"]:
            where = "catalog.json: " + c.get("name", "?")
            if set(c) - COLLECTION_KEYS:
                problems.append("%s: unknown keys %s" % (where, sorted(set(c) - COLLECTION_KEYS)))
            if not NAME_RE.match(c["name"]):
                problems.append("%s: bad collection name" % where)
            props = self.schemas[c["name"]].get("properties", {})
            if c.get("singleton"):
                if {"partition", "dateField", "unique", "references"} & set(c):
                    problems.append("%s: a singleton has no partition/dateField/unique/references" % where)
            else:
                if c.get("partition") not in ("day", "month", "year", "none"):
                    problems.append("%s: bad partition" % where)
                if (c["partition"] == "none") == ("dateField" in c):
                    problems.append("%s: dateField must be present exactly when partitioned" % where)
                if "dateField" in c and c["dateField"] not in self.schemas[c["name"]].get("required", []):
                    problems.append("%s: dateField must be a required field" % where)
                if "id" not in self.schemas[c["name"]].get("required", []):
                    problems.append("%s: id must be required" % where)
                for field in c["unique"]:
                    if field not in props:
                        problems.append("%s: unique field %s not in schema" % (where, field))
                for r in c["references"]:
                    if r["collection"] not in self.collections or r["field"] not in props \
                            or r["onDelete"] not in ("nullify", "cascade", "restrict"):
                        problems.append("%s: bad reference %s" % (where, r))
            for field in c.get("userOwnedFields", []):
                if field not in props:
                    problems.append("%s: user-owned field %s not in schema" % (where, field))
            problems += check_keywords(self.schemas[c["name"]], c["schema"])
            seen_rules = set()
            for r in c.get("rules", []):
                if not isinstance(r, dict) or set(r) != {"name", "description", "fields"}:
                    problems.append("%s: a rule has exactly name, description and fields: %r" % (where, r))
                    continue
                if not RULE_NAME_RE.match(r["name"]) or r["name"] in seen_rules:
                    problems.append("%s: bad or duplicate rule name %r" % (where, r["name"]))
                seen_rules.add(r["name"])
                if not isinstance(r["description"], str) or not r["description"].endswith(".") or "\n" in r["description"]:
                    problems.append("%s: rule %s: the description is one sentence ending with '.'" % (where, r["name"]))
                if not r["fields"] or any(f not in props for f in r["fields"]):
                    problems.append("%s: rule %s names fields %s, not all in the schema" % (where, r["name"], r["fields"]))
                if r["name"] not in RULE_CHECKS:
                    problems.append("%s: rule %s has no check in RULE_CHECKS (scripts/generate-samples.py)" % (where, r["name"]))

        second = load_jsonschema()
        for name, docs in list(self.docs.items()) + [(k, [v]) for k, v in self.singletons.items()]:
            schema = self.schemas[name]
            validator = second[0](schema, format_checker=second[1]) if second else None
            for doc in docs:
                where = self.path_of(name, doc)
                problems += ["%s: %s" % (where, e) for e in validate(doc, schema, schema)]
                if validator is not None:
                    problems += ["%s: jsonschema: %s: %s" % (where, "/" + "/".join(map(str, e.absolute_path)), e.message)
                                 for e in validator.iter_errors(doc)]
        for name, c in self.collections.items():
            if c.get("singleton"):
                if name not in self.singletons:
                    problems.append("%s: singleton missing" % name)
                continue
            ids = set()
            for doc in self.docs[name]:
                if not ID_RE.match(doc["id"]) or doc["id"].lower() in ids:
                    problems.append("%s: bad or duplicate id %s" % (name, doc["id"]))
                ids.add(doc["id"].lower())
            for field in c["unique"]:
                values = [json.dumps(d[field]) for d in self.docs[name] if field in d]
                if len(values) != len(set(values)):
                    problems.append("%s: duplicate values of unique field %s" % (name, field))
            for r in c["references"]:
                targets = {d["id"] for d in self.docs[r["collection"]]}
                for doc in self.docs[name]:
                    value = doc.get(r["field"])
                    if value is not None and value not in targets:
                        problems.append("%s/%s: %s=%s refers to nothing" % (name, doc["id"], r["field"], value))
        for name, c in self.collections.items():
            docs = [self.singletons[name]] if c.get("singleton") and name in self.singletons else self.docs.get(name, [])
            for r in c.get("rules", []):
                checker = RULE_CHECKS.get(r.get("name") if isinstance(r, dict) else None)
                if checker is not None:
                    problems += ["%s: rule %s: %s" % (name, r["name"], p) for p in checker(self, name, docs)]
        return problems

    # -- writing -----------------------------------------------------------
    def write(self):
        problems = self.check()
        if problems:
            sys.exit("generate-samples: %s sample store is invalid:\n  %s" % (self.app, "\n  ".join(problems)))
        root = os.path.join(SAMPLES_ROOT, self.app, "store")
        if os.path.isdir(root):
            shutil.rmtree(root)
        os.makedirs(root, mode=0o700)
        os.makedirs(os.path.join(root, ".almanac"), mode=0o700)
        os.makedirs(os.path.join(root, "schema"), mode=0o700)
        for name, data in self.schema_files.items():
            fd = os.open(os.path.join(root, "schema", name), os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
            with os.fdopen(fd, "wb") as f:
                f.write(data)
        manifest = {
            "app": self.app,
            "createdAt": CREATED_AT,
            "format": "almanac-store",
            "formatVersion": 1,
            "migrations": [],
            "schemaVersion": self.catalog["version"],
            "seeds": [],
            "timeZone": self.tz_name,
        }
        self._write_file(root, "store.json", manifest)
        counts = {}
        for name, docs in self.docs.items():
            for doc in docs:
                relative = self.path_of(name, doc)
                self._write_file(root, relative, doc)
                if self.collections[name].get("attachments"):
                    self._write_attachments(root, relative, doc)
            counts[name] = len(docs)
        for name, doc in self.singletons.items():
            self._write_file(root, self.path_of(name, doc), doc)
            counts[name] = 1
        return counts

    @staticmethod
    def _write_attachments(root, relative, doc):
        """The files a document's *Path fields name, in <id>.files/ beside it: deterministic
        placeholder bytes (2 KiB) standing in for a recording or a thumbnail."""
        folder = os.path.join(root, relative[:-len(".json")] + ".files")
        for field in sorted(doc):
            if not field.endswith("Path") or not isinstance(doc[field], str):
                continue
            name = doc[field].split("/")[-1]
            seed = hashlib.sha256(name.encode()).digest()
            data = b"".join(hashlib.sha256(seed + bytes([i])).digest() for i in range(64))
            os.makedirs(folder, mode=0o700, exist_ok=True)
            fd = os.open(os.path.join(folder, name), os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
            with os.fdopen(fd, "wb") as f:
                f.write(data)

    @staticmethod
    def _write_file(root, relative, obj):
        path = os.path.join(root, relative)
        os.makedirs(os.path.dirname(path), mode=0o700, exist_ok=True)
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as f:
            f.write(dump(obj))


# --------------------------------------------------------------------------- MIGA

def build_miga():
    s = Store("miga")
    rng = random.Random("42/" + s.app)   # fixed per-app seed: distinct ids across stores
    tz = s.tz
    first, last = dt.date(2025, 1, 6), dt.date(2025, 2, 2)

    apps = [
        ("Instagram", "instagram://", "AppIcon-Instagram", True),
        ("TikTok", "tiktok://", "AppIcon-TikTok", True),
        ("X", "twitter://", "AppIcon-X", True),
        ("YouTube", "youtube://", "AppIcon-YouTube", True),
        ("Reddit", "reddit://", "AppIcon-Reddit", False),  # uninstalled on Jan 25, still in the Hub
    ]
    added = local(tz, first, 9, 12, 5)
    for i, (name, scheme, icon, installed) in enumerate(apps):
        s.add("selected-apps", {
            "id": new_uuid(rng), "appName": name, "urlScheme": scheme, "iconName": icon,
            "isInstalled": installed, "dateAdded": ts(added + dt.timedelta(seconds=7 * i)), "orderIndex": i,
        })
    weights = [40, 25, 15, 12, 8]

    quotes = [
        ("stoicism-001", "stoicism", "You have power over your mind, not outside events. Realize this, and you will find strength.", "Marcus Aurelius"),
        ("stoicism-002", "stoicism", "We suffer more often in imagination than in reality.", "Seneca"),
        ("stoicism-003", "stoicism", "No man is free who is not master of himself.", "Epictetus"),
        ("stoicism-004", "stoicism", "Waste no more time arguing about what a good man should be. Be one.", "Marcus Aurelius"),
        ("mindfulness-001", "mindfulness", "Feelings come and go like clouds in a windy sky. Conscious breathing is my anchor.", "Thích Nhất Hạnh"),
        ("mindfulness-002", "mindfulness", "Wherever you are, be all there.", "Jim Elliot"),
        ("mindfulness-003", "mindfulness", "This pause is yours. Nothing in the feed is more urgent than this breath.", None),
        ("productivity-001", "productivity", "The key is not to prioritize what's on your schedule, but to schedule your priorities.", "Stephen Covey"),
        ("productivity-002", "productivity", "Focus is saying no to a hundred good ideas.", "Steve Jobs"),
        ("self-compassion-001", "self-compassion", "You opened the app. You can also close it. Both are choices, and you are allowed to choose again.", None),
    ]
    for qid, category, text, author in quotes:
        doc = {"id": qid, "text": text, "category": category, "displayCount": 0, "contentVersion": 1}
        if author:
            doc["author"] = author
        s.add("mindfulness-content", doc)

    # Usage events: the timer was 30 s until the user lowered it to 20 s on Jan 19.
    streak_from = dt.date(2025, 1, 22)   # exits every day from here on: a 12-day streak
    no_exit_day = dt.date(2025, 1, 21)   # the day that broke the previous run
    events = []
    for day in days(first, last):
        timer = 30 if day < dt.date(2025, 1, 19) else 20
        count = rng.randint(2, 6)
        kinds = [rng.choices(["exit_to_focus", "deepen_pause", "proceed_to_app"], [45, 20, 35])[0] for _ in range(count)]
        if day == no_exit_day:
            kinds = ["proceed_to_app" if k == "exit_to_focus" else k for k in kinds]
        elif day >= streak_from and "exit_to_focus" not in kinds:
            kinds[0] = "exit_to_focus"
        for kind in kinds:
            if rng.random() < 0.12:   # late-night scrolling: filed under the local day, not the UTC one
                moment = local(tz, day, 23, rng.randrange(60), rng.randrange(60))
            else:
                moment = at_random_time(rng, tz, day, 7, 23)
            if kind == "proceed_to_app":
                pause = float(timer) if rng.random() < 0.7 else round(rng.uniform(timer * 0.6, timer), 1)
            elif kind == "deepen_pause":
                pause = round(rng.uniform(4, timer), 1)
            else:
                pause = round(rng.uniform(3, timer), 1)
            events.append({
                "id": new_uuid(rng), "eventType": kind, "timestamp": ts(moment),
                "targetAppName": rng.choices([a[0] for a in apps], weights)[0],
                "pauseDuration": pause, "timerDuration": float(timer),
            })
    events.sort(key=lambda e: e["timestamp"])
    for e in events:
        s.add("usage-events", e)

    # Each gateway visit shows a quote (deepen shows a second one).
    shown = sum(2 if e["eventType"] == "deepen_pause" else 1 for e in events)
    library = [d for d in s.docs["mindfulness-content"] if d["category"] in ("stoicism", "mindfulness")]
    for _ in range(shown):
        rng.choice(library)["displayCount"] += 1

    # The streak, recomputed from the events the way StreakCalculator does (local days).
    exits = [parse_ts(e["timestamp"]) for e in events if e["eventType"] == "exit_to_focus"]
    exit_days = sorted({m.astimezone(tz).date() for m in exits})
    run_start = exit_days[-1]
    while run_start - dt.timedelta(days=1) in exit_days:
        run_start -= dt.timedelta(days=1)
    start = min(m for m in exits if m.astimezone(tz).date() == run_start)
    s.add("streaks", {
        "id": new_uuid(rng), "startDate": ts(start),
        "currentDayCount": (exit_days[-1] - run_start).days + 1, "lastActivityDate": ts(max(exits)),
    })

    s.set_singleton("preferences", {
        "frePhase": "phase2Complete", "hasCompletedOnboarding": True, "gatewayTimerDuration": 20.0,
        "onboardingDeterminationLevel": 7, "selectedInterestTags": ["stoicism", "mindfulness"],
    })
    return s


# --------------------------------------------------------------------------- Elaro

ELARO_TEMPLATES = [
    ("A-EMO-001", "emotion_skills", "Name your feeling first, invite theirs", "Models language and safety for sharing",
     ["labeling", "co_regulation"], 1, ["skip_if_dysregulated"], [
         (5, ["Say 'I feel… because…'", "Ask 'What's your feeling?'"]),
         (10, ["Add a feelings chart", "Point to the face that matches", "Name one thing that helps"]),
         (20, ["Draw today's feelings together", "Talk through one big moment of the day", "Pick a calming idea for tomorrow"])]),
    ("A-EMO-002", "emotion_skills", "Feelings charades", "Reading faces builds empathy through play",
     ["labeling", "play"], 2, ["skip_if_tired"], [
         (5, ["Act out happy, sad and mad", "Take turns guessing"]),
         (10, ["Add surprised and scared", "Ask 'When did you feel that?'"])]),
    ("A-EMO-003", "emotion_skills", "Bubble breathing", "Slow breaths are a calming tool a child can own",
     ["co_regulation", "calming"], 1, [], [
         (5, ["Blow three slow bubbles together", "Notice how your body feels"]),
         (10, ["Bubble breathing, then a quiet cuddle", "Name one thing you hear"]),
         (20, ["Make a calm-down bottle", "Practise bubble breaths while it settles"])]),
    ("A-EMO-004", "emotion_skills", "Story pause: how do they feel?", "Links feelings words to pictures and stories",
     ["labeling", "reading"], 2, ["skip_if_dysregulated"], [
         (10, ["Read a picture book", "Pause twice to ask how a character feels"]),
         (20, ["Read a picture book", "Pause on each page with a face", "Ask what the character could do next"])]),
    ("A-IND-001", "independence", "Two-choice outfits", "Small choices build ownership without overwhelm",
     ["choice_making", "self_care"], 1, ["skip_if_rushed"], [
         (5, ["Lay out two outfits", "Let them choose and put on one piece alone"]),
         (10, ["Pick two outfits the night before", "Child dresses with one reminder"])]),
    ("A-IND-002", "independence", "Picture-card morning routine", "Visual steps make sequences predictable",
     ["sequencing", "routine"], 2, [], [
         (5, ["Show three picture cards", "Child points to the next step"]),
         (10, ["Walk the card routine together", "Child flips each card when done"]),
         (20, ["Make the cards together", "Practise the routine once as a game"])]),
    ("A-IND-003", "independence", "Snack helper: pour and spread", "Real tasks build competence and pride",
     ["self_care", "fine_motor"], 3, ["skip_if_rushed", "skip_if_tired"], [
         (10, ["Child pours water from a small jug", "Spreads butter on a cracker"]),
         (20, ["Make a simple snack plate together", "Child serves one other person"])]),
    ("A-IND-004", "independence", "Tidy-up race", "A timer turns a chore into a shared game",
     ["sequencing", "play"], 1, [], [
         (5, ["Set a 3-minute timer", "Race to put toys in their bins"]),
         (10, ["Sort toys by colour into bins", "Celebrate with a high five"])]),
]

ELARO_MILESTONES = [
    ("M-EMO-001", "emotion_skills", "Names own basic feelings (happy, sad, mad, scared)", ["labeling"], 1),
    ("M-EMO-002", "emotion_skills", "Uses a calming strategy with a reminder", ["co_regulation", "calming"], 2),
    ("M-EMO-003", "emotion_skills", "Notices and names how someone else feels", ["labeling", "empathy"], 3),
    ("M-IND-001", "independence", "Chooses between two options without help", ["choice_making"], 1),
    ("M-IND-002", "independence", "Follows a three-step morning routine with picture cues", ["sequencing", "routine"], 2),
    ("M-IND-003", "independence", "Gets dressed with little help", ["self_care"], 3),
]


def build_elaro():
    s = Store("elaro")
    rng = random.Random("42/" + s.app)   # fixed per-app seed: distinct ids across stores
    tz = s.tz
    first, last = dt.date(2025, 1, 6), dt.date(2025, 2, 2)

    def block(kind, title, tags, description=None):
        b = {"id": new_uuid(rng), "type": kind, "title": title, "tags": tags}
        if description:
            b["description"] = description
        return b

    started = {"emotion_skills": local(tz, first, 20, 41, 12), "independence": local(tz, dt.date(2025, 1, 13), 21, 5, 48)}
    s.add("focus-areas", {
        "id": "emotion_skills", "name": "emotion_skills", "active": True, "startedAt": ts(started["emotion_skills"]),
        "buildingBlocks": [
            block("microSkill", "Name the feeling", ["labeling"], "Put simple words to big feelings, yours first."),
            block("ritual", "Evening feelings check-in", ["co_regulation", "routine"]),
            block("support", "Calm-down corner", ["calming", "co_regulation"], "A cushion, a bubble wand and a feelings chart."),
        ]})
    s.add("focus-areas", {
        "id": "independence", "name": "independence", "active": True, "startedAt": ts(started["independence"]),
        "buildingBlocks": [
            block("microSkill", "Offer two choices", ["choice_making"]),
            block("ritual", "Picture-card mornings", ["sequencing", "routine"], "Same three steps every school day."),
            block("support", "Kid-height hooks and shelves", ["self_care"]),
        ]})

    # The method's two other focus areas, chosen before and paused (an inactive area may have
    # no building blocks): the seed content has templates and milestones for all four.
    for area, when in [("connection", dt.date(2024, 11, 4)), ("executive_skills", dt.date(2024, 12, 2))]:
        s.add("focus-areas", {"id": area, "name": area, "active": False, "startedAt": ts(local(tz, when, 20, 0, 0)),
                              "buildingBlocks": []})

    for tid, focus, title, why, tags, difficulty, contra, variants in ELARO_TEMPLATES:
        s.add("action-templates", {
            "id": tid, "focusId": focus, "title": title, "whyLine": why, "tags": tags, "difficulty": difficulty,
            "variants": [{"durationMinutes": m, "steps": steps} for m, steps in variants],
            "contraindications": contra, "contentVersion": 1, "source": "Elaro",
        })
    achieved = {"M-EMO-001": local(tz, dt.date(2025, 1, 17), 19, 32, 4), "M-IND-001": local(tz, dt.date(2025, 1, 28), 8, 2, 40)}
    for mid, focus, title, tags, seq in ELARO_MILESTONES:
        doc = {"id": mid, "focusId": focus, "title": title, "tags": tags, "sequence": seq,
               "contentVersion": 1, "source": "Elaro"}
        if mid in achieved:
            doc["achievedAt"] = ts(achieved[mid])
        s.add("milestones", doc)

    templates = {t[0]: t for t in ELARO_TEMPLATES}
    moods = ["calm", "cheerful", "tired", "frustrated", "silly"]
    notes = [
        "He asked for the bubble wand again at bedtime.",
        "Meltdown before dinner; we tried later and it worked.",
        "Schöne Pause – she named 'nervous' all by herself!",
        "Too rushed this morning, skipped it.",
        "Grandma joined in, big hit.",
        "Chose the red jumper in ten seconds flat.",
    ]
    instances, analytics = [], []
    for day in days(first, last):
        areas = ["emotion_skills"] + (["independence"] if day >= dt.date(2025, 1, 14) else [])
        picks = rng.sample(areas, k=1) if rng.random() < 0.45 else areas
        for focus in picks:
            tid = rng.choice([t[0] for t in ELARO_TEMPLATES if t[1] == focus])
            variant = rng.choices([v[0] for v in templates[tid][7]], [5, 3, 1][:len(templates[tid][7])])[0]
            status = rng.choices(["done", "snoozed", "skipped"], [72, 14, 14])[0]
            felt = rng.choices(["light", "ok", "hard"], [35, 45, 20])[0]
            doc = {"id": new_uuid(rng), "date": day.isoformat(), "templateId": tid, "variantDuration": variant,
                   "status": status, "feltDifficulty": felt}
            if rng.random() < 0.5:
                doc["mood"] = rng.choice(moods)
            if rng.random() < 0.2:
                doc["note"] = rng.choice(notes)
            instances.append(doc)
            s.add("action-instances", doc)
            # The analytics queue holds the last week; older events were uploaded and pruned.
            if day >= dt.date(2025, 1, 27):
                shown_at = at_random_time(rng, tz, day, 7, 17)
                others = [t[0] for t in ELARO_TEMPLATES if t[1] == focus and t[0] != tid]
                trail = [
                    (shown_at, "today.shown", {"templateIds": [tid] + rng.sample(others, 2)}),
                    (shown_at + dt.timedelta(seconds=rng.randint(20, 300)), "today.pick", {"templateId": tid, "variant": variant}),
                ]
                done_at = trail[-1][0] + dt.timedelta(minutes=variant + rng.randint(0, 90))
                trail.append((done_at, {"done": "today.complete", "snoozed": "today.snooze", "skipped": "today.skip"}[status], {"templateId": tid}))
                if status == "done":
                    trail.append((done_at + dt.timedelta(seconds=rng.randint(5, 60)), "today.reflect", {"difficulty": felt}))
                analytics += trail

    summaries = [
        (dt.date(2025, 1, 6), "She used 'sad' and 'mad' on her own twice this week.", "Evenings were rushed; two actions got snoozed."),
        (dt.date(2025, 1, 13), "The picture cards made mornings calmer.", "Snack helper was too much on school nights."),
        (dt.date(2025, 1, 20), "Bubble breathing is now her idea, not ours.", "A cold knocked out most of the week."),
    ]
    for week_start, win, hard in summaries:
        week = [i for i in instances if week_start.isoformat() <= i["date"] <= (week_start + dt.timedelta(days=6)).isoformat()]
        done = sum(1 for i in week if i["status"] == "done")
        hard_count = sum(1 for i in week if i["feltDifficulty"] == "hard")
        tweak = "scale_down" if hard_count >= 3 or done < len(week) / 2 else ("scale_up" if done >= 0.8 * len(week) else "keep")
        s.add("weekly-summaries", {"id": new_uuid(rng), "weekStart": week_start.isoformat(), "winText": win,
                                   "hardText": hard, "suggestedTweak": tweak})
        sunday = local(tz, week_start + dt.timedelta(days=6), 20, rng.randrange(60), rng.randrange(60))
        if sunday.date() >= dt.date(2025, 1, 26):
            analytics.append((sunday, "week.choice", {"decision": tweak}))

    # Events before Feb 1 were uploaded (the user consented in onboarding); newer ones wait in the queue.
    cutoff = local(tz, dt.date(2025, 2, 1), 3, 0)
    for moment, name, payload in sorted(analytics, key=lambda a: a[0]):
        s.add("analytics-events", {"id": new_uuid(rng), "name": name, "payload": payload,
                                   "timestamp": ts(moment), "uploaded": moment < cutoff})
    return s


# --------------------------------------------------------------------------- Pressure

def build_pressure():
    s = Store("pressure")
    rng = random.Random("42/" + s.app)   # fixed per-app seed: distinct ids across stores
    tz = s.tz
    personality = "BRUTAL"
    now = local(tz, dt.date(2025, 2, 2), 15, 20)   # the store is captured mid-afternoon on Feb 2

    texts = [
        "Run 5k before work", "Ship the onboarding PR", "No phone in bed after 10:30pm", "Write 500 words of the essay",
        "Cook dinner instead of ordering in", "Meditate 10 minutes", "Inbox zero by noon", "Call Mom",
        "Gym: legs day", "Read 30 pages of “Deep Work”", "No sugar today", "Finish the tax documents",
        "Stretch for 15 minutes", "Fix the bike's back tyre", "Draft the quarterly plan", "Walk 10,000 steps",
        "No YouTube before 6pm", "Prep lunches for three days", "Practise Spanish for 20 minutes", "Clean the garage shelf",
        "Lights out by 11pm",
    ]
    # One outcome per day, Jan 13 - Feb 2; "MISSED-EMPTY" is a day with no commitment entered.
    plan = ["YES", "YES", "YES", "NO", "YES", "MISSED-EMPTY", "MISSED-SHIELD", "NO", "YES", "YES", "YES", "YES", "YES",
            "NO", "YES", "YES", "YES", "YES", "MISSED", "YES", "PENDING"]
    tier = misses = successes = streak = longest = 0
    for i, day in enumerate(days(dt.date(2025, 1, 13), dt.date(2025, 2, 2))):
        outcome = plan[i]
        deadline = local(tz, day, 9, 0)
        doc = {"id": new_uuid(rng), "date": day.isoformat(), "text": texts[i], "locked_at": ts(deadline),
               "status": outcome.split("-")[0], "escalation_tier_snap": tier, "shield_used": outcome == "MISSED-SHIELD"}
        if outcome == "MISSED-EMPTY":
            doc["text"] = ""
        checked_in = None
        if outcome in ("YES", "NO"):
            checked_in = at_random_time(rng, tz, day, 17, 22) if rng.random() < 0.85 else local(tz, day, 21, 40 + rng.randrange(19), rng.randrange(60))
            doc["checked_in_at"] = ts(checked_in)
        s.add("commitments", doc)

        # Notifications for the day: morning nudge, check-in reminder, last call.
        for hour, minute in ((8, 30), (20, 0), (21, 30)):
            at = local(tz, day, hour, minute)
            delivered = at <= now and not (hour >= 20 and checked_in is not None and checked_in < at)
            s.add("notification-log", {"id": new_uuid(rng), "scheduled_for": ts(at), "tier": tier, "personality": personality,
                                       "delivered": delivered, "tapped": delivered and rng.random() < (0.5 if hour == 8 else 0.35)})
        # Escalation engine (our reading): NO and MISSED count as misses, a shielded miss counts as nothing,
        # and the tier is the number of consecutive misses, capped at 3.
        if outcome == "YES":
            misses, successes, streak = 0, successes + 1, streak + 1
            longest = max(longest, streak)
        elif outcome in ("NO", "MISSED", "MISSED-EMPTY"):
            misses, successes, streak = misses + 1, 0, 0
        tier = min(3, misses)

    s.set_singleton("settings", {
        "personality_mode": personality, "commitment_deadline": "09:00", "checkin_window_close": "22:00",
        "timezone_identifier": s.tz_name, "notifications_enabled": True, "onboarding_completed": True,
        "subscription_tier": "PAID", "subscription_expiry": ts(local(tz, dt.date(2026, 1, 12), 18, 4, 31)),
    })
    # January's shield was spent on Jan 19; it was replenished on Feb 1 and resets again on Mar 1.
    s.set_singleton("escalation-state", {
        "current_tier": tier, "consecutive_misses": misses, "consecutive_successes": successes,
        "current_streak": streak, "longest_streak": longest, "restart_shields_remaining": 1,
        "shield_reset_date": ts(local(tz, dt.date(2025, 3, 1), 0, 0)),
    })
    return s


# --------------------------------------------------------------------------- Cravey

CRAVEY_DEFAULT_MESSAGES = [
    ("urge", 1, "You've resisted before. You can do it again. 💪"),
    ("urge", 2, "This craving will pass. They always do."),
    ("urge", 3, "Every moment of resistance is progress."),
    ("anxiety", 1, "This feeling is temporary. Breathe through it."),
    ("anxiety", 2, "Anxiety is uncomfortable, but you're safe. 🫂"),
    ("boredom", 1, "Boredom isn't an emergency. Find something else."),
    ("boredom", 2, "This is just boredom, not a need. You've got this."),
    ("social", 1, "You can have fun without using. You've done it before."),
    ("social", 2, "Real friends support your choices. 🤝"),
    ("celebration", 1, "You're making progress. Every day counts. 🎉"),
    ("celebration", 2, "Look how far you've come. Keep going."),
]


def build_cravey():
    s = Store("cravey")
    rng = random.Random("42/" + s.app)   # fixed per-app seed: distinct ids across stores
    tz = s.tz
    first, last = dt.date(2025, 1, 6), dt.date(2025, 2, 2)
    primary = ["Hungry", "Angry", "Anxious", "Lonely", "Tired", "Sad"]
    secondary = ["Bored", "Social", "Habit", "Paraphernalia"]
    places = ["Home", "Home", "Home", "Work", "Social", "Outside", "Car"]

    def triggers():
        picked = rng.sample(primary, rng.choice([0, 1, 1, 2])) + rng.sample(secondary, rng.choice([0, 1, 1]))
        order = primary + secondary
        return sorted(picked, key=order.index)

    def location():
        r = rng.random()
        if r < 0.25:
            return None
        if r < 0.32:
            return "41.%04d,-87.%04d" % (rng.randint(8700, 9300), rng.randint(6000, 7000))
        return rng.choice(places)

    def created(moment, doc):
        # Logged on the spot (a few seconds later), or backfilled some hours afterwards.
        lag = dt.timedelta(seconds=rng.randint(4, 90)) if rng.random() < 0.85 else dt.timedelta(hours=rng.randint(1, 5))
        doc["createdAt"] = ts(moment + lag)
        if rng.random() < 0.1:
            doc["modifiedAt"] = ts(moment + lag + dt.timedelta(minutes=rng.randint(2, 600)))

    recordings = []
    for kind, purpose, moment, duration, title, notes in (
            ("video", "motivational", local(tz, dt.date(2025, 1, 7), 21, 14, 3), 74.5, "Why I'm taking a break",
             "Recorded on day two. Watch this when it gets loud."),
            ("audio", "craving", local(tz, dt.date(2025, 1, 15), 22, 48, 19), 48.2, "Breathe through it", None)):
        rid = new_uuid(rng)
        doc = {"id": rid, "timestamp": ts(moment), "type": kind, "purpose": purpose, "duration": duration,
               "filePath": "Recordings/%s_%s.%s" % (kind, rid, "mov" if kind == "video" else "m4a"),
               "title": title, "playCount": 0, "createdAt": ts(moment + dt.timedelta(seconds=int(duration) + 6))}
        if kind == "video":
            doc["thumbnailPath"] = "Recordings/Thumbnails/video_%s_thumb.jpg" % rid
        if notes:
            doc["notes"] = notes
        recordings.append((moment, doc))

    craving_notes = ["Friday night, everyone was going out.", "Couldn't sleep, paced the kitchen.",
                     "Walked around the block instead.", "Stressful call with my manager.",
                     "Smelled it on the street — strong for a minute, then gone."]
    for day in days(first, last):
        week = (day - first).days // 7
        for _ in range(rng.choice([1, 2, 2, 3] if week < 2 else [0, 1, 1, 2])):
            moment = at_random_time(rng, tz, day, 9, 24)
            intensity = max(1, min(10, int(round(rng.gauss(7 - week, 1.8)))))
            doc = {"id": new_uuid(rng), "timestamp": ts(moment), "intensity": intensity, "triggers": triggers()}
            loc = location()
            if loc:
                doc["location"] = loc
            if rng.random() < 0.2:
                doc["notes"] = rng.choice(craving_notes)
            created(moment, doc)
            available = [r for when, r in recordings if when < moment]
            if available and intensity >= 6 and rng.random() < 0.5:
                rec = rng.choice(available)
                doc["recordingId"] = rec["id"]
                rec["playCount"] += 1
                rec["lastPlayedAt"] = max(rec.get("lastPlayedAt", ""), ts(moment + dt.timedelta(seconds=20)))
            s.add("cravings", doc)

        for _ in range(rng.choice([1, 1, 2, 2] if week < 1 else [0, 0, 1, 1, 2] if week < 3 else [0, 0, 0, 1])):
            moment = at_random_time(rng, tz, day, 12, 24)
            method = rng.choices(["Joints", "Vape", "Bowls", "Edible", "Dab", "Blunts"], [35, 30, 15, 12, 4, 4])[0]
            amount = {"Joints": lambda: rng.choice([0.5, 0.5, 1.0, 1.5]),
                      "Blunts": lambda: rng.choice([0.5, 1.0]),
                      "Bowls": lambda: rng.choice([0.5, 1.0, 1.5, 2.0]),
                      "Vape": lambda: float(rng.randint(2, 8)),
                      "Dab": lambda: float(rng.randint(1, 2)),
                      "Edible": lambda: float(rng.choice([5, 10, 10, 15, 20]))}[method]()
            doc = {"id": new_uuid(rng), "timestamp": ts(moment), "method": method, "amount": amount, "triggers": triggers()}
            loc = location()
            if loc:
                doc["location"] = loc
            if rng.random() < 0.1:
                doc["notes"] = rng.choice(["Only half, saved the rest.", "After the party, felt flat.", "Needed to sleep."])
            created(moment, doc)
            s.add("usage", doc)

    for _, rec in recordings:
        rec["playCount"] += rng.randint(1, 3)   # also played from the Recordings tab
        if "lastPlayedAt" not in rec:
            rec["lastPlayedAt"] = ts(parse_ts(rec["timestamp"]) + dt.timedelta(days=2, hours=1))
        s.add("recordings", rec)

    seeded_at = parse_ts(CREATED_AT) + dt.timedelta(seconds=2)
    for category, priority, content in CRAVEY_DEFAULT_MESSAGES:
        shown = rng.randint(0, 9)
        doc = {"id": stable_uuid("cravey/motivational-messages/%s/%d" % (category, priority)), "content": content,
               "category": category, "isCustom": False, "priority": priority, "timesShown": shown,
               "isActive": not (category == "social" and priority == 2), "createdAt": ts(seeded_at), "contentVersion": 1}
        if shown:
            doc["lastShownAt"] = ts(at_random_time(rng, tz, last - dt.timedelta(days=rng.randint(0, 12)), 9, 23))
        if not doc["isActive"]:
            doc["modifiedAt"] = ts(local(tz, dt.date(2025, 1, 19), 11, 3, 52))
        s.add("motivational-messages", doc)
    s.add("motivational-messages", {
        "id": new_uuid(rng), "content": "Remember how clear Sunday mornings feel. Walk first, decide later.",
        "category": "urge", "isCustom": True, "priority": 0, "timesShown": 4, "isActive": True,
        "lastShownAt": ts(local(tz, dt.date(2025, 2, 1), 22, 10, 7)), "createdAt": ts(local(tz, dt.date(2025, 1, 20), 8, 45, 30)),
    })
    return s


# --------------------------------------------------------------------------- main

def main():
    for build in (build_miga, build_elaro, build_pressure, build_cravey):
        store = build()
        counts = store.write()
        total = sum(counts.values())
        print("%-9s %4d documents  %s" % (store.app, total, ", ".join("%s %d" % kv for kv in counts.items())))
    if load_jsonschema() is None:
        print("(jsonschema not installed: validated with the built-in checker only)")


if __name__ == "__main__":
    main()
