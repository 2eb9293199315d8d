"""What every sample store shares: time helpers, the validator, catalog rules and the store writer."""

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

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
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


def editor_settings(catalog):
    """The .vscode/settings.json that `almanac init` writes for this catalog: each collection's
    files (globs from the store folder) mapped to its schema in the store's schema/ copy."""
    depth = {"day": 3, "month": 2, "year": 1, "none": 0}
    entries = []
    for c in catalog["collections"]:
        if c.get("singleton"):
            match = "/data/%s.json" % c["name"]
        else:
            match = "/" + "/".join(["data", c["name"]] + ["*"] * depth[c["partition"]] + ["*.json"])
        entries.append({"fileMatch": [match], "url": "./schema/" + c["schema"]})
    return {"json.schemas": entries}


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
        self._write_file(root, ".vscode/settings.json", editor_settings(self.catalog))
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
