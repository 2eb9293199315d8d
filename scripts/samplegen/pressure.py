"""The pressure sample store: 13 weeks of daily commitments, 2024-11-04 through 2025-02-02.

The escalation state and every escalation_tier_snap are what Pressure's EscalationEngine
(Sources/ReferenceApps/Pressure/EscalationEngine.swift) derives from the commitments; the
rules are restated in escalate() below and checked against the Swift engine by
Tests/ReferenceAppsTests/PressureReportTests.swift.
"""

import datetime as dt
import random

from .core import *  # noqa: F401,F403  (the shared helpers and the Store writer)


# --------------------------------------------------------------------------- Pressure

FIRST_DAY = dt.date(2024, 11, 4)
LAST_DAY = dt.date(2025, 2, 2)

# One outcome per day from FIRST_DAY, a week per line (Monday first):
#   Y YES, N NO, M MISSED (entered but never checked in), E no commitment entered by the
#   deadline (MISSED, text ""), S MISSED with the month's restart shield, P still PENDING.
PLAN = "".join([
    "YYNYYYM",  # Nov 4   getting started
    "YYYYYYY",  # Nov 11  the long streak begins (Nov 11 - Nov 22: 12 days)
    "YYYYYNY",  # Nov 18
    "YYNEEYY",  # Nov 25  Thanksgiving: nothing entered Thu and Fri
    "YYYNYYY",  # Dec 2
    "YYYYMYY",  # Dec 9
    "YYNYYYY",  # Dec 16
    "MEENEYN",  # Dec 23  the holiday slump: tier 3
    "YYEYYYY",  # Dec 30  New Year's Day without a commitment
    "YYYNYYY",  # Jan 6   PAID from Jan 12, 18:04
    "YYYNYES",  # Jan 13  (the original sample from here on) the shield spent on Jan 19
    "NYYYYYN",  # Jan 20
    "YYYYMYP",  # Jan 27  Feb 2 is today, captured mid-afternoon with its commitment pending
])

TEXTS = [
    "Run 5k before work", "Ship the onboarding PR", "No phone in bed after 10:30pm", "Write 500 words of the essay",
    "Cook dinner instead of ordering in", "Meditate 10 minutes", "Inbox zero by noon", "Call Mom",
    "Gym: legs day", "Read 30 pages of “Deep Work”", "No sugar today", "Finish the tax documents",
    "Stretch for 15 minutes", "Fix the bike's back tyre", "Draft the quarterly plan", "Walk 10,000 steps",
    "No YouTube before 6pm", "Prep lunches for three days", "Practise Spanish for 20 minutes", "Clean the garage shelf",
    "Lights out by 11pm", "Reply to the landlord about the lease", "Swim 30 lengths", "Book the dentist appointment",
    "Review Maya's design doc", "No coffee after 2pm", "Pay the credit card bill", "Bake bread for the neighbours",
    "Finish the Q4 budget sheet", "Write thank-you cards", "Wrap the presents before 8pm", "Yoga class at 6:30",
    "Clear the downloads folder", "Plan the week on Sunday", "Back up the laptop", "Buy the train tickets for Christmas",
]
# The texts of the original three-week sample (Jan 13 - Feb 2), kept day for day.
JANUARY_FROM = dt.date(2025, 1, 13)

SUCCESSES_PER_STEP_DOWN = 2
MAX_TIER = 3


def escalate(state, outcome):
    """The state after one settled day, by the EscalationEngine's rules.

    A miss (NO, MISSED, no commitment) raises the tier by one up to 3 and resets the successes
    and the streak; a YES resets the misses, extends the streak and lowers the tier by one on
    every second YES in a row; a shielded miss counts as a miss but leaves the streak alone.
    """
    tier, misses, successes, streak, longest = state
    if outcome == "YES":
        misses, successes, streak = 0, successes + 1, streak + 1
        longest = max(longest, streak)
        if successes % SUCCESSES_PER_STEP_DOWN == 0:
            tier = max(0, tier - 1)
    else:
        misses, successes = misses + 1, 0
        tier = min(MAX_TIER, tier + 1)
        if outcome != "SHIELDED":
            streak = 0
    return tier, misses, successes, streak, longest


def build_pressure():
    s = Store("pressure")
    rng = random.Random("42/" + s.app)   # fixed per-app seed: distinct ids across stores
    tz = s.tz
    now = local(tz, LAST_DAY, 15, 20)    # the store is captured mid-afternoon on Feb 2
    brutal_from = dt.date(2024, 12, 2)   # the user switched from PROFESSIONAL to BRUTAL after Thanksgiving
    all_days = list(days(FIRST_DAY, LAST_DAY))
    assert len(PLAN) == len(all_days), (len(PLAN), len(all_days))

    state = (0, 0, 0, 0, 0)  # tier, consecutive misses, consecutive successes, current and longest streak
    recent_texts = []
    for day, letter in zip(all_days, PLAN):
        tier = state[0]  # the tier in force during the day
        deadline = local(tz, day, 9, 0)
        if day >= JANUARY_FROM:
            text = TEXTS[(day - JANUARY_FROM).days]
        else:
            text = rng.choice([t for t in TEXTS if t not in recent_texts[-10:]])
        recent_texts.append(text)
        status = {"Y": "YES", "N": "NO", "M": "MISSED", "E": "MISSED", "S": "MISSED", "P": "PENDING"}[letter]
        doc = {"id": new_uuid(rng), "date": day.isoformat(), "text": "" if letter == "E" else text, "locked_at": ts(deadline),
               "status": status, "escalation_tier_snap": tier, "shield_used": letter == "S"}
        checked_in = None
        if letter in "YN":
            checked_in = at_random_time(rng, tz, day, 17, 22) if rng.random() < 0.85 else local(tz, day, 21, 40 + rng.randrange(19), rng.randrange(60))
            doc["checked_in_at"] = ts(checked_in)
        s.add("commitments", doc)

        # Notifications for the day: morning nudge, check-in reminder, last call. Evening ones
        # after the check-in are cancelled, so never delivered.
        personality = "BRUTAL" if day >= brutal_from else "PROFESSIONAL"
        for hour, minute in ((8, 30), (20, 0), (21, 30)):
            at = local(tz, day, hour, minute)
            delivered = at <= now and not (hour >= 20 and checked_in is not None and checked_in < at)
            s.add("notification-log", {"id": new_uuid(rng), "scheduled_for": ts(at), "tier": tier, "personality": personality,
                                       "delivered": delivered, "tapped": delivered and rng.random() < (0.5 if hour == 8 else 0.35)})
        if letter != "P":
            state = escalate(state, "YES" if letter == "Y" else "SHIELDED" if letter == "S" else "MISS")

    s.set_singleton("settings", {
        "personality_mode": "BRUTAL", "commitment_deadline": "09:00", "checkin_window_close": "22:00",
        "timezone_identifier": s.tz_name, "notifications_enabled": True, "onboarding_completed": True,
        "subscription_tier": "PAID", "subscription_expiry": ts(local(tz, dt.date(2026, 1, 12), 18, 4, 31)),
    })
    # January's shield was spent on Jan 19; February's is untouched and the next reset is Mar 1.
    tier, misses, successes, streak, longest = state
    s.set_singleton("escalation-state", {
        "current_tier": tier, "consecutive_misses": misses, "consecutive_successes": successes,
        "current_streak": streak, "longest_streak": longest, "restart_shields_remaining": 1,
        "shield_reset_date": ts(local(tz, dt.date(2025, 3, 1), 0, 0)),
    })
    return s
