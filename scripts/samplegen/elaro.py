"""The elaro sample store: 2024-11-04 through 2025-02-02 in Europe/Berlin.

The story the data tells (and the Swift services derive from it):

- Focus areas: connection from 2024-11-04 and executive_skills from 2024-12-02 (two active),
  then emotion_skills from 2025-01-06 (connection paused) and independence from 2025-01-13
  (executive_skills paused). The paused areas keep their building blocks for a later return.
- Templates and milestones are the seed content of samples/elaro/seeds/ (actions_seed.json,
  milestones_seed.json), document for document; the parent marked some milestones achieved.
- One or two actions a day from the active areas; connection and emotion actions mostly in
  the evening (which goes better), independence and executive actions mostly in the morning.
- Scripted stretches the adaptation rules react to: snack helper too hard on school nights
  (a step-down, 2025-01-15/16); a cold in the week of 2025-01-20 (friction above 0.4 three
  days running, so the friction dampener pauses scoring); the picture-card ritual done every
  morning since 2025-01-29 (ritual protection on 2025-02-02); "Name your feeling first" done
  3 of its last 4 times with no hard one (a step-up to its harder cousin "Feelings charades");
  "Story pause" hard twice by 2025-01-31 (a step-down holding through 2025-02-03).
- A weekly summary for every week through the one ending 2025-02-02, its tweak the rule of
  ElaroWeeklyReview (scale_down with 3+ hard or under half done, scale_up from 80 % done).
- Analytics events for the whole period: the parent consented at onboarding, so events
  before 2025-02-01 03:00 were uploaded; the newer ones wait in the queue. No event carries
  note text.
"""

import datetime as dt
import json
import os
import random

from .core import *  # noqa: F401,F403  (the shared helpers and the Store writer)


SEEDS = os.path.join(SAMPLES_ROOT, "elaro", "seeds")
FIRST, LAST = dt.date(2024, 11, 4), dt.date(2025, 2, 2)

# (area, activated on, paused on or None)
TIMELINE = [
    ("connection", dt.date(2024, 11, 4), dt.date(2025, 1, 6)),
    ("executive_skills", dt.date(2024, 12, 2), dt.date(2025, 1, 13)),
    ("emotion_skills", dt.date(2025, 1, 6), None),
    ("independence", dt.date(2025, 1, 13), None),
]
ACTIVATED_AT = {"connection": (20, 0, 0), "executive_skills": (20, 0, 0), "emotion_skills": (20, 41, 12), "independence": (21, 5, 48)}
MORNING_AREAS = {"independence", "executive_skills"}

# Scripted days: date -> [(templateId, minutes, status, felt, hour, note or None)].
D = dt.date
SCRIPT = {
    # Snack helper is too much on school nights: hard, then skipped.
    D(2025, 1, 15): [("A-IND-003", 10, "done", "hard", 18, "Too rushed this morning, skipped it."),
                     ("A-EMO-003", 5, "done", "ok", 19, None)],
    D(2025, 1, 16): [("A-IND-003", 10, "skipped", "hard", 18, None)],
    # The cold: hard and skipped actions, stressful notes.
    D(2025, 1, 19): [("A-EMO-001", 5, "done", "hard", 19, None), ("A-IND-004", 5, "done", "ok", 8, None)],
    D(2025, 1, 20): [("A-EMO-003", 5, "done", "hard", 19, "Meltdown before dinner; we tried later and it worked."),
                     ("A-IND-001", 5, "skipped", "ok", 7, None)],
    D(2025, 1, 21): [("A-EMO-002", 5, "skipped", "hard", 19, None), ("A-IND-002", 5, "done", "hard", 7, None)],
    D(2025, 1, 22): [("A-EMO-003", 5, "done", "hard", 20, "Exhausted, both of us."), ("A-IND-001", 5, "snoozed", "ok", 7, None)],
    D(2025, 1, 23): [("A-EMO-001", 10, "done", "ok", 19, None)],
    D(2025, 1, 24): [("A-EMO-003", 10, "done", "light", 19, "He asked for the bubble wand again at bedtime.")],
    D(2025, 1, 25): [("A-IND-004", 10, "done", "light", 10, None)],
    D(2025, 1, 26): [("A-EMO-001", 10, "done", "ok", 19, None), ("A-IND-001", 10, "done", "light", 7, None)],
    D(2025, 1, 27): [("A-EMO-004", 10, "done", "ok", 19, None), ("A-IND-004", 10, "done", "light", 7, None)],
    D(2025, 1, 28): [("A-EMO-001", 10, "done", "light", 20, None),
                     ("A-IND-001", 5, "done", "ok", 7, "Chose the red jumper in ten seconds flat.")],
    D(2025, 1, 29): [("A-IND-002", 10, "done", "ok", 7, None), ("A-EMO-003", 10, "done", "light", 19, None)],
    D(2025, 1, 30): [("A-IND-002", 10, "done", "light", 7, None), ("A-EMO-001", 10, "snoozed", "ok", 19, None),
                     ("A-EMO-004", 20, "done", "hard", 20, None)],
    D(2025, 1, 31): [("A-IND-002", 10, "done", "ok", 7, None), ("A-EMO-004", 10, "skipped", "hard", 19, None),
                     ("A-EMO-001", 10, "done", "light", 20, "Schöne Pause – she named 'nervous' all by herself!")],
    D(2025, 2, 1): [("A-IND-002", 10, "done", "light", 8, None), ("A-EMO-003", 10, "done", "light", 19, None)],
    D(2025, 2, 2): [("A-IND-002", 10, "done", "light", 8, None), ("A-EMO-003", 10, "done", "ok", 18, "Grandma joined in, big hit.")],
}

SUMMARY_TEXTS = {
    D(2024, 11, 4): ("Special time made bedtime so much easier.", "Finding ten quiet minutes after work."),
    D(2024, 11, 11): ("Highs and lows at dinner is now a thing she asks for.", "Two evenings lost to late meetings."),
    D(2024, 11, 18): ("He told us about his day without any prompting.", "Watching the show together ran long."),
    D(2024, 11, 25): ("Bedtime cuddles are our favourite part of the day.", "Repair talks still feel awkward to me."),
    D(2024, 12, 2): ("Red light, green light had everyone laughing.", "Mornings are too short for the checklist."),
    D(2024, 12, 9): ("Plan-do-review with blocks held his attention.", "Two-step Simon says was too hard when tired."),
    D(2024, 12, 16): ("She packed her own bag twice this week.", "Christmas prep ate our evenings."),
    D(2024, 12, 23): ("Holidays gave us long, relaxed special times.", "Routines slipped with visitors in the house."),
    D(2024, 12, 30): ("Back in rhythm after the holidays.", "Late nights made everyone cranky."),
    D(2025, 1, 6): ("She used 'sad' and 'mad' on her own twice this week.", "Evenings were rushed; two actions got snoozed."),
    D(2025, 1, 13): ("The picture cards made mornings calmer.", "Snack helper was too much on school nights."),
    D(2025, 1, 20): ("Bubble breathing is now her idea, not ours.", "A cold knocked out most of the week."),
    D(2025, 1, 27): ("Picture-card mornings every single day.", "Story pause felt like too much before bed."),
}

BLOCKS = {
    "connection": [("microSkill", "Describe, don't direct", ["child_led", "play"], "Narrate what they do in play instead of steering it."),
                   ("ritual", "Highs and lows at dinner", ["conversation", "routine"], None),
                   ("support", "Phone basket by the door", ["special_time"], "Phones go in the basket during special time.")],
    "executive_skills": [("microSkill", "Stop-and-go games", ["inhibitory_control", "play"], None),
                         ("ritual", "Evening bag check", ["planning", "routine"], "Pack tomorrow's bag with the picture checklist."),
                         ("support", "Picture checklist by the door", ["self_monitoring", "sequencing"], None)],
    "emotion_skills": [("microSkill", "Name the feeling", ["labeling"], "Put simple words to big feelings, yours first."),
                       ("ritual", "Evening feelings check-in", ["co_regulation", "routine"], None),
                       ("support", "Calm-down corner", ["calming", "co_regulation"], "A cushion, a bubble wand and a feelings chart.")],
    "independence": [("microSkill", "Offer two choices", ["choice_making"], None),
                     ("ritual", "Picture-card mornings", ["sequencing", "routine"], "Same three steps every school day."),
                     ("support", "Kid-height hooks and shelves", ["self_care"], None)],
}

ACHIEVED = {"M-CON-001": (D(2024, 11, 21), 19, 12, 5), "M-CON-002": (D(2024, 12, 15), 18, 47, 31),
            "M-EXE-001": (D(2024, 12, 20), 17, 5, 9), "M-EMO-001": (D(2025, 1, 17), 19, 32, 4),
            "M-IND-001": (D(2025, 1, 28), 8, 2, 40)}

NOTES = [
    "He asked for the bubble wand again at bedtime.",
    "Grandma joined in, big hit.",
    "Too tired after swimming, we did the short one.",
    "She wanted to do it twice!",
    "Lovely and calm tonight.",
    "Meltdown before dinner; we tried later and it worked.",
]
MOODS = ["calm", "cheerful", "tired", "frustrated", "silly"]
OUTCOME = {"done": "today.complete", "snoozed": "today.snooze", "skipped": "today.skip"}


def seed_documents(name):
    with open(os.path.join(SEEDS, name), encoding="utf-8") as f:
        return json.load(f)["documents"]


def active_areas(day):
    return [area for area, start, end in TIMELINE if start < day and (end is None or day < end)] \
        + [area for area, start, end in TIMELINE if start == day and ACTIVATED_AT[area][0] < 12]


def build_elaro():
    s = Store("elaro")
    rng = random.Random("42/" + s.app)   # fixed per-app seed: distinct ids across stores
    tz = s.tz

    for area, start, end in TIMELINE:
        blocks = []
        for kind, title, tags, description in BLOCKS[area]:
            block = {"id": stable_uuid("elaro/block/%s/%s" % (area, title)), "type": kind, "title": title, "tags": tags}
            if description:
                block["description"] = description
            blocks.append(block)
        s.add("focus-areas", {"id": area, "name": area, "active": end is None,
                              "startedAt": ts(local(tz, start, *ACTIVATED_AT[area])), "buildingBlocks": blocks})

    templates = {t["id"]: t for t in seed_documents("actions_seed.json")}
    for template in templates.values():
        s.add("action-templates", dict(template))
    for milestone in seed_documents("milestones_seed.json"):
        doc = dict(milestone)
        if doc["id"] in ACHIEVED:
            day, hour, minute, second = ACHIEVED[doc["id"]]
            doc["achievedAt"] = ts(local(tz, day, hour, minute, second))
        s.add("milestones", doc)

    by_area = {}
    for tid, template in sorted(templates.items()):
        by_area.setdefault(template["focusId"], []).append(tid)

    instances, analytics = [], []
    for area, start, _ in TIMELINE:
        moment = local(tz, start, *ACTIVATED_AT[area])
        analytics.append((moment, "focus.activate", {"focusId": area}))
        analytics.append((moment + dt.timedelta(minutes=3), "month.accept_blocks", {"count": 3}))
    analytics.append((local(tz, D(2025, 2, 1), 9, 14, 2), "month.accept_blocks", {"count": 2}))

    for day in days(FIRST, LAST):
        areas = active_areas(day)
        if day in SCRIPT:
            plan = SCRIPT[day]
        elif not areas or rng.random() < 0.08:
            plan = []
        else:
            picks = rng.sample(areas, k=1) if rng.random() < 0.4 else areas
            plan = []
            for focus in picks:
                tid = rng.choice(by_area[focus])
                durations = [v["durationMinutes"] for v in templates[tid]["variants"]]
                minutes = rng.choices(durations, [4, 4, 1][:len(durations)])[0]
                morning = rng.random() < (0.65 if focus in MORNING_AREAS else 0.2)
                hour = rng.choice([7, 8]) if morning else rng.choice([18, 19, 20])
                done_weight = 62 if morning else 80
                status = rng.choices(["done", "snoozed", "skipped"], [done_weight, (100 - done_weight) // 2, (100 - done_weight) // 2])[0]
                felt = rng.choices(["light", "ok", "hard"], [38, 48, 14] if templates[tid]["difficulty"] < 3 else [20, 50, 30])[0]
                note = rng.choice(NOTES[:5]) if rng.random() < 0.15 else None
                plan.append((tid, minutes, status, felt, hour, note))
        for tid, minutes, status, felt, hour, note in plan:
            doc = {"id": new_uuid(rng), "date": day.isoformat(), "templateId": tid, "variantDuration": minutes,
                   "status": status, "feltDifficulty": felt}
            if rng.random() < 0.5:
                doc["mood"] = rng.choice(MOODS)
            if note:
                doc["note"] = note
            instances.append(doc)
            s.add("action-instances", doc)

            focus = templates[tid]["focusId"]
            others = [t for a in active_areas(day) or [focus] for t in by_area[a] if t != tid]
            shown_at = local(tz, day, hour - 1, rng.randrange(30, 60), rng.randrange(60))
            pick_at = shown_at + dt.timedelta(seconds=rng.randint(20, 300))
            done_at = local(tz, day, hour, rng.randrange(0, 40), rng.randrange(60))
            analytics.append((shown_at, "today.shown", {"templateIds": [tid] + rng.sample(others, min(2, len(others)))}))
            analytics.append((pick_at, "today.pick", {"templateId": tid, "variant": minutes}))
            analytics.append((done_at, OUTCOME[status], {"templateId": tid}))
            if status == "done":
                analytics.append((done_at + dt.timedelta(seconds=rng.randint(5, 60)), "today.reflect", {"difficulty": felt}))

    for week_start, (win, hard) in sorted(SUMMARY_TEXTS.items()):
        week_end = week_start + dt.timedelta(days=6)
        week = [i for i in instances if week_start.isoformat() <= i["date"] <= week_end.isoformat()]
        done = sum(1 for i in week if i["status"] == "done")
        hard_count = sum(1 for i in week if i["feltDifficulty"] == "hard")
        if not week:
            tweak = "keep"
        elif hard_count >= 3 or done < len(week) / 2:
            tweak = "scale_down"
        else:
            tweak = "scale_up" if done >= 0.8 * len(week) else "keep"
        s.add("weekly-summaries", {"id": new_uuid(rng), "weekStart": week_start.isoformat(), "winText": win,
                                   "hardText": hard, "suggestedTweak": tweak})
        analytics.append((local(tz, week_end, 20, rng.randrange(45), rng.randrange(60)), "week.choice", {"decision": tweak}))

    # The parent consented at onboarding: events before Feb 1, 03:00 were uploaded; newer ones wait.
    cutoff = local(tz, D(2025, 2, 1), 3, 0)
    for moment, name, payload in sorted(analytics, key=lambda a: (a[0], a[1])):
        s.add("analytics-events", {"id": new_uuid(rng), "name": name, "payload": payload,
                                   "timestamp": ts(moment), "uploaded": moment < cutoff})
    return s
