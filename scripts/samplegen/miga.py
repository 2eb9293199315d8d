"""The miga sample store."""

import datetime as dt
import random

from .core import *  # noqa: F401,F403  (the shared helpers and the Store writer)


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
