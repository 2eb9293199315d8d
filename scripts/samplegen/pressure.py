"""The pressure sample store."""

import datetime as dt
import random

from .core import *  # noqa: F401,F403  (the shared helpers and the Store writer)


# --------------------------------------------------------------------------- Pressure

def build_pressure():
    s = Store("pressure")
    rng = random.Random("42/" + s.app)   # fixed per-app seed: distinct ids across stores
    tz = s.tz
    personality = "BRUTAL"
    now = local(tz, dt.date(2025, 2, 2), 15, 20)   # the store is captured mid-afternoon on Feb 2

    texts = [
        "Run 5k before work", "Ship the onboarding PR", "No phone in bed after 10:30pm", "Write 500 words of the essay",
        "Cook dinner instead of ordering in", "Meditate 10 minutes", "Inbox zero by noon", "Call Mom",
        "Gym: legs day", "Read 30 pages of “Deep Work”", "No sugar today", "Finish the tax documents",
        "Stretch for 15 minutes", "Fix the bike's back tyre", "Draft the quarterly plan", "Walk 10,000 steps",
        "No YouTube before 6pm", "Prep lunches for three days", "Practise Spanish for 20 minutes", "Clean the garage shelf",
        "Lights out by 11pm",
    ]
    # One outcome per day, Jan 13 - Feb 2; "MISSED-EMPTY" is a day with no commitment entered.
    plan = ["YES", "YES", "YES", "NO", "YES", "MISSED-EMPTY", "MISSED-SHIELD", "NO", "YES", "YES", "YES", "YES", "YES",
            "NO", "YES", "YES", "YES", "YES", "MISSED", "YES", "PENDING"]
    tier = misses = successes = streak = longest = 0
    for i, day in enumerate(days(dt.date(2025, 1, 13), dt.date(2025, 2, 2))):
        outcome = plan[i]
        deadline = local(tz, day, 9, 0)
        doc = {"id": new_uuid(rng), "date": day.isoformat(), "text": texts[i], "locked_at": ts(deadline),
               "status": outcome.split("-")[0], "escalation_tier_snap": tier, "shield_used": outcome == "MISSED-SHIELD"}
        if outcome == "MISSED-EMPTY":
            doc["text"] = ""
        checked_in = None
        if outcome in ("YES", "NO"):
            checked_in = at_random_time(rng, tz, day, 17, 22) if rng.random() < 0.85 else local(tz, day, 21, 40 + rng.randrange(19), rng.randrange(60))
            doc["checked_in_at"] = ts(checked_in)
        s.add("commitments", doc)

        # Notifications for the day: morning nudge, check-in reminder, last call.
        for hour, minute in ((8, 30), (20, 0), (21, 30)):
            at = local(tz, day, hour, minute)
            delivered = at <= now and not (hour >= 20 and checked_in is not None and checked_in < at)
            s.add("notification-log", {"id": new_uuid(rng), "scheduled_for": ts(at), "tier": tier, "personality": personality,
                                       "delivered": delivered, "tapped": delivered and rng.random() < (0.5 if hour == 8 else 0.35)})
        # Escalation engine (our reading): NO and MISSED count as misses, a shielded miss counts as nothing,
        # and the tier is the number of consecutive misses, capped at 3.
        if outcome == "YES":
            misses, successes, streak = 0, successes + 1, streak + 1
            longest = max(longest, streak)
        elif outcome in ("NO", "MISSED", "MISSED-EMPTY"):
            misses, successes, streak = misses + 1, 0, 0
        tier = min(3, misses)

    s.set_singleton("settings", {
        "personality_mode": personality, "commitment_deadline": "09:00", "checkin_window_close": "22:00",
        "timezone_identifier": s.tz_name, "notifications_enabled": True, "onboarding_completed": True,
        "subscription_tier": "PAID", "subscription_expiry": ts(local(tz, dt.date(2026, 1, 12), 18, 4, 31)),
    })
    # January's shield was spent on Jan 19; it was replenished on Feb 1 and resets again on Mar 1.
    s.set_singleton("escalation-state", {
        "current_tier": tier, "consecutive_misses": misses, "consecutive_successes": successes,
        "current_streak": streak, "longest_streak": longest, "restart_shields_remaining": 1,
        "shield_reset_date": ts(local(tz, dt.date(2025, 3, 1), 0, 0)),
    })
    return s
