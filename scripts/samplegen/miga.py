"""The miga sample store."""

import datetime as dt
import random

from .core import *  # noqa: F401,F403  (the shared helpers and the Store writer)


# --------------------------------------------------------------------------- MIGA

def build_miga():
    s = Store("miga")
    rng = random.Random("42/" + s.app)   # fixed per-app seed: distinct ids across stores
    # The history before 6 January has its own generator, so that the ids and events of
    # 6 January - 2 February stay what they were before the sample grew backwards.
    history_rng = random.Random("42/" + s.app + "/history")
    tz = s.tz
    installed_on = dt.date(2024, 11, 4)     # the user installed MIGA and chose four apps
    first, last = dt.date(2025, 1, 6), dt.date(2025, 2, 2)

    apps = [
        ("Instagram", "instagram://", "AppIcon-Instagram", True),
        ("TikTok", "tiktok://", "AppIcon-TikTok", True),
        ("X", "twitter://", "AppIcon-X", True),
        ("YouTube", "youtube://", "AppIcon-YouTube", True),
        ("Reddit", "reddit://", "AppIcon-Reddit", False),  # uninstalled on Jan 25, still in the Hub
    ]
    # Four apps chosen in F.R.E. phase 1 on the first evening; YouTube added on 1 December
    # (the gateway covers it from then on). The grid order puts YouTube fourth.
    youtube_added = dt.date(2024, 12, 1)
    added_at = {}
    for i, (name, scheme, icon, installed) in enumerate(apps):
        if name == "YouTube":
            moment = local(tz, youtube_added, 18, 40, 12)
        else:
            moment = local(tz, installed_on, 20, 12, 5) + dt.timedelta(seconds=7 * i)
        added_at[name] = moment
        s.add("selected-apps", {
            "id": new_uuid(rng), "appName": name, "urlScheme": scheme, "iconName": icon,
            "isInstalled": installed, "dateAdded": ts(moment), "orderIndex": i,
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
    events += history_events(history_rng, tz, apps, weights, added_at, installed_on, first - dt.timedelta(days=1))
    # Sunday 2 February began with an exit over breakfast and a look at Instagram at lunch,
    # so the reports as of mid-afternoon show today's streak kept.
    for kind, hour, minute, app, pause in [("exit_to_focus", 8, 12, "Instagram", 11.4), ("proceed_to_app", 12, 41, "X", 20.0)]:
        events.append({
            "id": new_uuid(history_rng), "eventType": kind, "timestamp": ts(local(tz, last, hour, minute, history_rng.randrange(60))),
            "targetAppName": app, "pauseDuration": pause, "timerDuration": 20.0,
        })
    events.sort(key=lambda e: e["timestamp"])
    for e in events:
        s.add("usage-events", e)

    # Each gateway visit shows a quote, a deepened pause a second, different one: picked the
    # way ContentLibrary does, among the least-shown items of the user's interests.
    library = [d for d in s.docs["mindfulness-content"] if d["category"] in ("stoicism", "mindfulness")]
    for e in events:
        current = show_quote(rng, library, None)
        if e["eventType"] == "deepen_pause":
            show_quote(rng, library, current)

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


def show_quote(rng, library, excluding):
    """ContentLibrary.selectRandomQuote + recordDisplay: one of the least-shown candidates
    (other than the quote on screen), its displayCount counted; returns its id."""
    pool = [d for d in library if d["id"] != excluding] or library
    lowest = min(d["displayCount"] for d in pool)
    chosen = rng.choice(sorted((d for d in pool if d["displayCount"] == lowest), key=lambda d: d["id"]))
    chosen["displayCount"] += 1
    return chosen["id"]


def history_events(rng, tz, apps, weights, added_at, start, end):
    """Usage events from installing MIGA (4 November) to 5 January, timer 30 s.

    The story: a heavy start in November with more proceeds than exits and days without
    any exit; from 2 December to 20 December an exit every day (19 days, the longest
    streak); the holidays break it (no exit on 21, 24, 25 and 31 December); January
    starts better. 4 January has no exit, so the run that 6 January continues stays short.
    """
    streak_days = (dt.date(2024, 12, 2), dt.date(2024, 12, 20))
    no_exit = {dt.date(2024, 11, 10), dt.date(2024, 11, 17), dt.date(2024, 11, 23), dt.date(2024, 12, 1),
               dt.date(2024, 12, 21), dt.date(2024, 12, 24), dt.date(2024, 12, 25), dt.date(2024, 12, 31),
               dt.date(2025, 1, 4)}
    events = []
    for day in days(start, end):
        progress = (day - start).days / max(1, (end - start).days)   # 0 on day one, 1 on 5 January
        count = rng.randint(3, 7) if day < dt.date(2024, 12, 1) else rng.randint(2, 6)
        exit_weight = 25 + 25 * progress
        kinds = [rng.choices(["exit_to_focus", "deepen_pause", "proceed_to_app"], [exit_weight, 20, 55 - exit_weight])[0]
                 for _ in range(count)]
        if day in no_exit:
            kinds = ["proceed_to_app" if k == "exit_to_focus" else k for k in kinds]
        elif streak_days[0] <= day <= streak_days[1] and "exit_to_focus" not in kinds:
            kinds[0] = "exit_to_focus"
        available = [(a[0], w) for a, w in zip(apps, weights) if added_at[a[0]].date() <= day]
        for kind in kinds:
            if day == start:
                moment = at_random_time(rng, tz, day, 21, 23)   # after choosing the apps at 20:12
            elif rng.random() < 0.15:
                moment = local(tz, day, 23, rng.randrange(60), rng.randrange(60))
            else:
                moment = at_random_time(rng, tz, day, 7, 23)
            timer = 30
            if kind == "proceed_to_app":
                pause = float(timer) if rng.random() < 0.7 else round(rng.uniform(timer * 0.6, timer), 1)
            elif kind == "deepen_pause":
                pause = round(rng.uniform(4, timer), 1)
            else:
                pause = round(rng.uniform(3, timer), 1)
            events.append({
                "id": new_uuid(rng), "eventType": kind, "timestamp": ts(moment),
                "targetAppName": rng.choices([a for a, _ in available], [w for _, w in available])[0],
                "pauseDuration": pause, "timerDuration": float(timer),
            })
    return events
