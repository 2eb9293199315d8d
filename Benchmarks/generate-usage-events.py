# Writes COUNT MIGA usage events as canonical document files under ROOT/data/usage-events/YYYY/MM/DD/
# (the version-1 day layout), spread over ten years: a store for Benchmarks/export-memory; or, with
# --put, one JSON array of them in FILE, for `almanac put` (Benchmarks/cold-scale, cold-after-write).
# SEED (7 unless given) picks the ids and the seconds of the times: other seeds give other events.
# Usage: generate-usage-events.py ROOT COUNT [SEED]
#        generate-usage-events.py --put FILE COUNT [SEED]
import json, os, sys, uuid, random
put = sys.argv[1] == "--put"
args = sys.argv[2:] if put else sys.argv[1:]
root, count = args[0], int(args[1])
seed = int(args[2]) if len(args) > 2 else 7
rng = random.Random(seed)
days = 3650
per_day = (count + days - 1) // days
import datetime as dt
start = dt.date(2016, 1, 1)
n = 0
types = ["exit_to_focus", "deepen_pause", "proceed_to_app"]
apps = ["Instagram", "TikTok", "X/Twitter", "YouTube", "Reddit"]
out = open(root, "w") if put else None
if out: out.write("[")
for d in range(days):
    day = start + dt.timedelta(days=d)
    folder = os.path.join(root, "data/usage-events/%04d/%02d/%02d" % (day.year, day.month, day.day))
    if not out: os.makedirs(folder, mode=0o700, exist_ok=True)
    for i in range(per_day):
        if n >= count: break
        n += 1
        uid = str(uuid.UUID(int=rng.getrandbits(128), version=4)).upper()
        timer = rng.choice([15, 20, 30, 45])
        doc = {"eventType": rng.choice(types), "id": uid, "pauseDuration": round(rng.uniform(0, timer), 1),
               "targetAppName": rng.choice(apps), "timerDuration": timer,
               "timestamp": "%sT%02d:%02d:%02dZ" % (day.isoformat(), 7 + i % 17, i % 60, (i * 7 + seed - 7) % 60)}
        if out:
            out.write(("," if n > 1 else "") + json.dumps(doc, sort_keys=True) + "\n")
            continue
        fd = os.open(os.path.join(folder, uid + ".json"), os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        os.write(fd, (json.dumps(doc, indent=2, sort_keys=True, ensure_ascii=False) + "\n").encode())
        os.close(fd)
if out: out.write("]\n"); out.close()
print(n)
