"""The cravey sample store."""

import datetime as dt
import random

from .core import *  # noqa: F401,F403  (the shared helpers and the Store writer)


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


# The history before the break: from 2024-11-04 the user logged every session and the cravings
# they noticed; the holidays were heavy, the last week of the year tapered off, and on
# 2025-01-06 the break began (the store was created that morning; the earlier logs were
# imported into it). Drawn from its own random stream, so the four weeks from 2025-01-06 on
# are exactly as they were before the history was added.
HISTORY_FIRST, HISTORY_LAST = dt.date(2024, 11, 4), dt.date(2025, 1, 5)
TAPER_FROM = dt.date(2024, 12, 30)
HOLIDAYS = {dt.date(2024, 11, 28): "Thanksgiving at my brother's, passed it around after dinner.",
            dt.date(2024, 12, 24): "Christmas Eve, the whole family was there.",
            dt.date(2024, 12, 25): "Christmas Day, mostly on the couch.",
            dt.date(2024, 12, 31): "New Year's Eve. Last big one before the break."}


def add_cravey_history(s):
    rng = random.Random("42/cravey/history")
    tz = s.tz
    primary = ["Hungry", "Angry", "Anxious", "Lonely", "Tired", "Sad"]
    secondary = ["Bored", "Social", "Habit", "Paraphernalia"]
    order = primary + secondary

    def triggers(social):
        picked = set(rng.sample(primary, rng.choice([0, 0, 1, 1, 2])))
        picked |= set(rng.choices(secondary, [4, 1, 6, 1], k=rng.choice([0, 1, 1, 2])))
        if social:
            picked.add("Social")
        return sorted(picked, key=order.index)

    def location(social):
        r = rng.random()
        if social:
            return "Social" if r < 0.8 else "41.%04d,-87.%04d" % (rng.randint(8700, 9300), rng.randint(6000, 7000))
        if r < 0.2:
            return None
        if r < 0.25:
            return "41.%04d,-87.%04d" % (rng.randint(8700, 9300), rng.randint(6000, 7000))
        return rng.choice(["Home", "Home", "Home", "Home", "Work", "Outside", "Car"])

    def created(moment, doc):
        lag = dt.timedelta(seconds=rng.randint(4, 90)) if rng.random() < 0.8 else dt.timedelta(hours=rng.randint(1, 14))
        doc["createdAt"] = ts(moment + lag)
        if rng.random() < 0.08:
            doc["modifiedAt"] = ts(moment + lag + dt.timedelta(minutes=rng.randint(2, 600)))

    craving_notes = ["Out of stash until Friday, thought about it all afternoon.", "Long day, wanted to switch off.",
                     "Saw the grinder on the shelf.", "Waited an hour before deciding.", "Mostly boredom, honestly."]
    usage_notes = ["Couldn't sleep without it.", "Smoked alone after work, again.", "Only half, saved the rest.",
                   "Ran out on Sunday, felt it all day.", "Deciding to take a break after New Year."]
    for day in days(HISTORY_FIRST, HISTORY_LAST):
        weekend = day.weekday() >= 4  # Friday to Sunday evenings
        holiday = day in HOLIDAYS
        taper = day >= TAPER_FROM and not holiday
        if taper:
            sessions = rng.choice([0, 1, 1, 2])
        elif holiday:
            sessions = rng.choice([3, 4])
        else:
            sessions = rng.choice([2, 2, 3, 3, 4] if weekend else [1, 1, 2, 2, 3])
        for index in range(sessions):
            moment = at_random_time(rng, tz, day, 12 if weekend or holiday else 17, 24)
            social = holiday or (weekend and rng.random() < 0.35)
            method = rng.choices(["Joints", "Vape", "Bowls", "Edible", "Dab", "Blunts"],
                                 [35, 30, 15, 12, 4, 4] if not social else [45, 10, 10, 5, 5, 25])[0]
            amount = {"Joints": lambda: rng.choice([0.5, 1.0, 1.0, 1.5]),
                      "Blunts": lambda: rng.choice([0.5, 1.0, 1.0]),
                      "Bowls": lambda: rng.choice([1.0, 1.0, 1.5, 2.0, 2.5]),
                      "Vape": lambda: float(rng.randint(3, 10)),
                      "Dab": lambda: float(rng.randint(1, 3)),
                      "Edible": lambda: float(rng.choice([5, 10, 10, 15, 20, 25]))}[method]()
            doc = {"id": new_uuid(rng), "timestamp": ts(moment), "method": method, "amount": amount, "triggers": triggers(social)}
            loc = location(social)
            if loc:
                doc["location"] = loc
            if holiday and index == 0:
                doc["notes"] = HOLIDAYS[day]
            elif rng.random() < 0.06:
                doc["notes"] = rng.choice(usage_notes)
            created(moment, doc)
            s.add("usage", doc)

        for _ in range(rng.choice([1, 2, 2, 3] if taper else [0, 0, 1, 1, 2])):
            moment = at_random_time(rng, tz, day, 9, 24)
            intensity = max(1, min(10, int(round(rng.gauss(6.5 if taper else 5.0, 1.8)))))
            doc = {"id": new_uuid(rng), "timestamp": ts(moment), "intensity": intensity, "triggers": triggers(False)}
            loc = location(False)
            if loc:
                doc["location"] = loc
            if rng.random() < 0.12:
                doc["notes"] = rng.choice(craving_notes)
            created(moment, doc)
            s.add("cravings", doc)


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
    add_cravey_history(s)
    return s
