#!/usr/bin/env python3
"""Builds Fuzz/Corpus/<harness>/ from the repository's own files and the regression inputs
of issue 60's findings. Run from the repository root; the corpus is committed."""
import glob, hashlib, json, os

root = os.path.join("Fuzz", "Corpus")

def put(harness, data, name=None):
    if isinstance(data, str):
        data = data.encode()
    folder = os.path.join(root, harness)
    os.makedirs(folder, exist_ok=True)
    name = name or hashlib.sha1(data).hexdigest()[:16]
    with open(os.path.join(folder, name), "wb") as f:
        f.write(data)

def files(pattern, limit):
    return sorted(glob.glob(pattern, recursive=True))[:limit]

for path in files("samples/*/store/data/**/*.json", 12) + files("schema/*/*.schema.json", 6):
    put("json", open(path, "rb").read())
put("json", "[" * 512 + "]" * 512, "regression-depth-512")
for path in files("schema/*/*.schema.json", 40):
    put("schema", open(path, "rb").read())
chain = {"$ref": "#/$defs/a0", "$defs": {f"a{i}": {"anyOf": [{"$ref": f"#/$defs/a{i+1}"}, {"$ref": f"#/$defs/a{i+1}"}]} for i in range(18)}}
chain["$defs"]["a18"] = {"type": "object"}
put("schema", json.dumps(chain), "regression-anyof-ref-chain")
put("schema", json.dumps({"multipleOf": int("7" + "3" * 998 + "1")}), "regression-long-multipleof")
put("schema", json.dumps({"pattern": "((){1000000}){1000000}"}), "regression-empty-loop-pattern")
put("schema", json.dumps({"pattern": "^(?=x?)(a+)+$"}), "regression-lookahead-pattern")
patterns = set()
for path in files("schema/*/*.schema.json", 100):
    text = open(path, encoding="utf-8").read()
    for line in text.splitlines():
        line = line.strip()
        if line.startswith('"pattern"'):
            try:
                patterns.add(json.loads("{" + line.rstrip(",") + "}")["pattern"])
            except Exception:
                pass
for pattern in sorted(patterns):
    put("pattern", pattern + "\0" + "Recordings/video_a.mov")
put("pattern", "^(?=x?)(a+)+$\0" + "a" * 30 + "!", "regression-lookahead-backtracking")
put("pattern", "^(?=x?)(?:(a+)+$|a*!)\0" + "a" * 30 + "!", "regression-lookahead-wrong-answer")
put("pattern", "(\\1)\0", "regression-back-reference")
put("pattern", "((){1000000}){1000000}\0", "regression-empty-loop")
put("pattern", "[" + "".join(chr(0x4E00 + 2 * i) for i in range(450)) + "].*a.{9}\0xa123456789", "regression-large-automaton")
# libFuzzer's mutant of it (three bytes changed) that took ~1 s under ASan before the table cap.
wide = bytearray(("[" + "".join(chr(0x4E00 + 2 * i) for i in range(450)) + "].*a.{9}\0xa123456789").encode())
for index, byte in [(75, 0xb8), (77, 0xb0), (417, 0x3f)]:
    wide[index] = byte
put("pattern", bytes(wide), "regression-wide-class-automaton")
put("pattern", "\\bfoo(?<=o)\\p{L}*\0a fooé", "lookbehind-boundary-property")
for i, text in enumerate(["status=done", "intensity>=7", "triggers contains Anxious", "method in [Vape, Joints]",
                          "not isActive=true", "(a=1 or b=2) and c<3", "title=Deep breath", "notes exists", "x missing"]):
    put("condition", text, f"example-{i}")
put("condition", "(" * 30000 + "id=1" + ")" * 30000, "regression-deep-parentheses")
put("condition", "not " * 10000 + "id=1", "regression-deep-not")
put("condition", "id=b" + " " * 10000 + "c", "regression-spaces")
for path in files("migrations/*/*.json", 40):
    put("migration", open(path, "rb").read())
put("migration", json.dumps({"version": 2, "description": "Deep.", "operations": [
    {"op": "addField", "collection": "events", "field": ".".join(["a"] * 600), "value": 1}]}), "regression-deep-add-field")
for i, text in enumerate(["2025-01-27T14:03:00Z", "2025-01-27T14:03:00.123+05:30", "1998-12-31T23:59:60Z", "2025-02-08",
                          "9999-12-31t23:59:59.9999Z", "0000-12-31t23:59:50Z", "0000-12-31T23:30:00-01:00",
                          "2025-03-01T04:59:59.99999999Z", "0001-01-01T00:00:00Z"]):
    put("timestamp", text, f"example-{i}")
put("timestamp", bytes.fromhex("7ff0000000000000"), "regression-infinity")
put("timestamp", bytes.fromhex("7ff8000000000000"), "regression-nan")
put("timestamp", bytes.fromhex("426d1a94a2000000"), "regression-1e12")
put("timestamp", "0100-12-31t23:59:60.0050Z", "regression-leap-second-far-from-1970")  # found by libFuzzer, issue 60
put("timestamp", "0900-12-31T23:59:60.50z", "regression-instant-a-hair-before-midnight")  # found by libFuzzer, issue 60
put("timestamp", "1968-09-30T08:59:50.538-05:05", "regression-millisecond-before-1970")  # found by libFuzzer, issue 60
for path in files("samples/*/seeds/*.json", 20):
    put("seed", open(path, "rb").read())
for path in files("samples/*/store/store.json", 4):
    put("manifest", open(path, "rb").read())
for i, text in enumerate(["<<<<<<< HEAD\n{\"a\": 1}\n=======\n{\"a\": 2}\n>>>>>>> theirs\n", "C1.sync-conflict-20250127-140300-ABCDEFG.json",
                          "C1 (conflicted copy 2025-01-27).json", "C1.json.conflict1", "C1 2.json", "C1.json~"]):
    put("merge", text, f"example-{i}")
