#!/usr/bin/env python3
"""Validate every document of Almanac stores the way an editor would, without Almanac.

    python3 scripts/validate-editor-schemas.py samples/*/store
    python3 scripts/validate-editor-schemas.py --self-test samples/cravey/store

For each store it reads `.vscode/settings.json` (the mapping `almanac init` and `migrate`
write), expands each entry's `fileMatch` globs the way VS Code does (a leading `/` anchors at
the store folder, `*` stays inside one name, `**` crosses folders), and validates every
document with the `jsonschema` package (Draft 2020-12) against the schema the entry's `url`
names. It fails when:

- a collection of `schema/catalog.json` has no entry, or an entry's schema file is missing
  or has no `$id`;
- a document under `data/` is matched by no entry, or by two;
- a document breaks its schema.

`--self-test` copies the store, breaks one document of each collection that has one (a
string where the schema wants something else), and fails unless every broken document is
reported: proof that the check above can fail.

Needs the `jsonschema` package (`python3 -m pip install jsonschema`).
"""

import copy
import json
import os
import re
import shutil
import sys
import tempfile

try:
    import jsonschema
except ImportError:
    sys.exit("validate-editor-schemas: the jsonschema package is missing; install it with 'python3 -m pip install jsonschema'")


def glob_regex(pattern):
    """VS Code's fileMatch glob as a regular expression over paths from the store folder."""
    anchored = pattern.startswith("/")
    body = pattern[1:] if anchored else pattern
    out = ""
    i = 0
    while i < len(body):
        if body.startswith("**", i):
            out += ".*"
            i += 2
        elif body[i] == "*":
            out += "[^/]*"
            i += 1
        elif body[i] == "?":
            out += "[^/]"
            i += 1
        else:
            out += re.escape(body[i])
            i += 1
    return re.compile(("^" if anchored else "^(?:.*/)?") + out + "$")


def documents(store):
    """Paths (from the store folder) of every document file under data/, attachments excluded."""
    found = []
    for folder, subfolders, files in os.walk(os.path.join(store, "data")):
        subfolders[:] = sorted(d for d in subfolders if not d.endswith(".files"))
        for name in sorted(files):
            if name.endswith(".json") and not name.startswith("."):
                found.append(os.path.relpath(os.path.join(folder, name), store).replace(os.sep, "/"))
    return found


def validate_store(store):
    """Every problem found in `store`, as 'path: message' lines, and the number of documents."""
    problems = []
    settings_path = os.path.join(store, ".vscode", "settings.json")
    if not os.path.exists(settings_path):
        return ["%s: missing; run 'almanac check --fix'" % settings_path], 0
    with open(settings_path, encoding="utf-8") as f:
        settings = json.load(f)
    with open(os.path.join(store, "schema", "catalog.json"), encoding="utf-8") as f:
        catalog = json.load(f)
    mappings = []
    mapped_schemas = set()
    for entry in settings.get("json.schemas", []):
        url = entry.get("url", "")
        if not url.startswith("./schema/"):
            continue
        schema_path = os.path.join(store, url[2:])
        if not os.path.exists(schema_path):
            problems.append("%s: names %s, which does not exist" % (settings_path, url))
            continue
        with open(schema_path, encoding="utf-8") as f:
            schema = json.load(f)
        if "$id" not in schema:
            problems.append("%s: has no $id" % schema_path)
        jsonschema.Draft202012Validator.check_schema(schema)
        validator = jsonschema.Draft202012Validator(schema, format_checker=jsonschema.Draft202012Validator.FORMAT_CHECKER)
        mappings.append(([glob_regex(p) for p in entry.get("fileMatch", [])], url, validator))
        mapped_schemas.add(os.path.basename(url))
    for collection in catalog["collections"]:
        if collection["schema"] not in mapped_schemas:
            problems.append("%s: collection %s (%s) has no entry" % (settings_path, collection["name"], collection["schema"]))
    paths = documents(store)
    for path in paths:
        matching = [(url, validator) for globs, url, validator in mappings if any(g.match(path) for g in globs)]
        if not matching:
            problems.append("%s/%s: no editor schema entry matches this document" % (store, path))
            continue
        if len(matching) > 1:
            problems.append("%s/%s: matched by %d entries (%s)" % (store, path, len(matching), ", ".join(u for u, _ in matching)))
        url, validator = matching[0]
        with open(os.path.join(store, path), encoding="utf-8") as f:
            document = json.load(f)
        for error in sorted(validator.iter_errors(document), key=lambda e: list(e.absolute_path)):
            pointer = "".join("/" + str(p) for p in error.absolute_path)
            problems.append("%s/%s: %s: %s (%s)" % (store, path, pointer or "/", error.message, url))
    return problems, len(paths)


def self_test(store):
    """Breaks one document per collection in a copy of `store`; returns problems of the test itself."""
    work = tempfile.mkdtemp(prefix="almanac-editor-schemas-")
    try:
        copy_root = os.path.join(work, "store")
        shutil.copytree(store, copy_root)
        broken = []
        by_folder = {}
        for path in documents(copy_root):
            parts = path.split("/")
            collection = parts[1][:-5] if len(parts) == 2 else parts[1]
            by_folder.setdefault(collection, path)
        for collection, path in sorted(by_folder.items()):
            full = os.path.join(copy_root, path)
            with open(full, encoding="utf-8") as f:
                document = json.load(f)
            # An array where every schema here wants an object member of another type, or none.
            field = next((k for k in sorted(document) if k != "id"), None)
            if field is None:
                continue
            document = copy.deepcopy(document)
            document[field] = [["not", "a", "valid", "value"]]
            with open(full, "w", encoding="utf-8") as f:
                json.dump(document, f, indent=2, sort_keys=True)
            broken.append(path)
        problems, _ = validate_store(copy_root)
        missed = [p for p in broken if not any(("/" + p + ":") in line for line in problems)]
        if not broken:
            return ["%s: no document to break" % store]
        if missed:
            return ["self-test: the validator missed the broken document %s" % p for p in missed]
        print("self-test %s: %d broken documents, all reported" % (store, len(broken)))
        return []
    finally:
        shutil.rmtree(work)


def main(argv):
    args = argv[1:]
    test = "--self-test" in args
    stores = [a for a in args if a != "--self-test"]
    if not stores:
        sys.exit(__doc__)
    failures = []
    for store in stores:
        if test:
            failures += self_test(store)
            continue
        problems, count = validate_store(store)
        failures += problems
        print("%s: %d documents validated through .vscode/settings.json, %d problems" % (store, count, len(problems)))
    for line in failures:
        print(line, file=sys.stderr)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
