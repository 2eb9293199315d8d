# Writes COUNT MIGA usage events as canonical document files under ROOT/data/usage-events/YYYY/MM/DD/
# (the version-1 day layout), spread over ten years: a store for Benchmarks/export-memory.
# Usage: generate-usage-events.py ROOT COUNT
import json, os, sys, uuid, random
root, count = sys.argv[1], int(sys.argv[2])
rng = random.Random(7)
days = 3650
per_day = (count + days - 1) // days
import datetime as dt
start = dt.date(2016, 1, 1)
n = 0
types = ["exit_to_focus", "deepen_pause", "proceed_to_app"]
apps = ["Instagram", "TikTok", "X/Twitter", "YouTube", "Reddit"]
for d in range(days):
    day = start + dt.timedelta(days=d)
    folder = os.path.join(root, "data/usage-events/%04d/%02d/%02d" % (day.year, day.month, day.day))
    os.makedirs(folder, mode=0o700, exist_ok=True)
    for i in range(per_day):
        if n >= count: break
        n += 1
        uid = str(uuid.UUID(int=rng.getrandbits(128), version=4)).upper()
        timer = rng.choice([15, 20, 30, 45])
        doc = {"eventType": rng.choice(types), "id": uid, "pauseDuration": round(rng.uniform(0, timer), 1),
               "targetAppName": rng.choice(apps), "timerDuration": timer,
               "timestamp": "%sT%02d:%02d:%02dZ" % (day.isoformat(), 7 + i % 17, i % 60, (i * 7) % 60)}
        fd = os.open(os.path.join(folder, uid + ".json"), os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        os.write(fd, (json.dumps(doc, indent=2, sort_keys=True, ensure_ascii=False) + "\n").encode())
        os.close(fd)
print(n)
