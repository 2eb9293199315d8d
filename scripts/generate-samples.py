#!/usr/bin/env python3
"""Generate the sample stores in samples/<app>/store/ for the four reference apps.

    python3 scripts/generate-samples.py          # all four apps, from anywhere
    python3 scripts/generate-samples.py miga     # just the apps named

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

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from samplegen.core import load_jsonschema  # noqa: E402
from samplegen.cravey import build_cravey  # noqa: E402
from samplegen.elaro import build_elaro  # noqa: E402
from samplegen.miga import build_miga  # noqa: E402
from samplegen.pressure import build_pressure  # noqa: E402


# --------------------------------------------------------------------------- main

BUILDERS = {"miga": build_miga, "elaro": build_elaro, "pressure": build_pressure, "cravey": build_cravey}


def main():
    chosen = sys.argv[1:] or list(BUILDERS)
    unknown = [name for name in chosen if name not in BUILDERS]
    if unknown:
        sys.exit("generate-samples: unknown app %s; choose from %s" % (", ".join(unknown), ", ".join(BUILDERS)))
    for name in chosen:
        store = BUILDERS[name]()
        counts = store.write()
        total = sum(counts.values())
        print("%-9s %4d documents  %s" % (store.app, total, ", ".join("%s %d" % kv for kv in counts.items())))
    if load_jsonschema() is None:
        print("(jsonschema not installed: validated with the built-in checker only)")


if __name__ == "__main__":
    main()
