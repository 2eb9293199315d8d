#!/usr/bin/env bash
# Validates every seed content file in samples/*/seeds/ (DESIGN §6): the file's shape and
# canonical form, then each document against its collection's current schema, by saving it
# with `almanac put` into a scratch store made from schema/<app>. Run from anywhere in a clone;
# extra `swift build` flags may be given in BUILD_FLAGS (e.g. "--scratch-path /tmp/b").
set -euo pipefail
cd "$(dirname "$0")/.."
swift build --product almanac ${BUILD_FLAGS:-} >&2
export ALMANAC="$(swift build --show-bin-path ${BUILD_FLAGS:-})/almanac"
export WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT

python3 - <<'EOF'
import glob, json, os, re, subprocess, sys
tool, work, failures = os.environ["ALMANAC"], os.environ["WORK"], 0
def fail(msg):
    global failures; failures += 1; print("FAIL " + msg)
files = sorted(glob.glob("samples/*/seeds/*.json"))
if not files: fail("no seed files in samples/*/seeds/")
for path in files:
    app, before = path.split("/")[1], failures
    text = open(path, encoding="utf-8").read()
    seed = json.loads(text)
    if text != json.dumps(seed, indent=2, sort_keys=True, ensure_ascii=False) + "\n":
        fail(f"{path}: not canonical JSON (2-space indent, sorted keys, trailing newline)")
    if set(seed) != {"collection", "contentVersion", "documents", "source"} or not seed["source"] \
            or not isinstance(seed["contentVersion"], int) or seed["contentVersion"] < 1:
        fail(f"{path}: needs exactly collection, source, contentVersion (>= 1) and documents")
    catalog = json.load(open(f"schema/{app}/catalog.json", encoding="utf-8"))
    if seed["collection"] not in [c["name"] for c in catalog["collections"]]:
        fail(f"{path}: no collection {seed['collection']!r} in schema/{app}/catalog.json")
    store = os.path.join(work, os.path.basename(path))
    subprocess.run([tool, "init", store, "--schema", f"schema/{app}", "--time-zone", "UTC"],
                   check=True, stdout=subprocess.DEVNULL)
    seen = set()
    for i, doc in enumerate(seed["documents"]):
        did = str(doc.get("id"))
        if did.lower() in seen: fail(f"{path}: duplicate id {did}")
        seen.add(did.lower())
        cv = doc.get("contentVersion")
        if not isinstance(cv, int) or not 1 <= cv <= seed["contentVersion"]:
            fail(f"{path}: {did}: contentVersion must be an integer from 1 to the file's {seed['contentVersion']}")
        doc_file = os.path.join(work, f"doc-{i}.json")
        with open(doc_file, "w", encoding="utf-8") as f: json.dump(doc, f, ensure_ascii=False)
        r = subprocess.run([tool, "put", seed["collection"], doc_file, "--store", store],
                           capture_output=True, text=True)
        if r.returncode != 0: fail(f"{path}: {did}: {r.stderr.strip()}")
    print(f"{'ok' if failures == before else 'BAD'} {path}: {len(seed['documents'])} documents")
print(f"{len(files)} seed files, {failures} problems")
sys.exit(1 if failures else 0)
EOF
