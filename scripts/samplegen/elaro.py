"""The elaro sample store."""

import datetime as dt
import random

from .core import *  # noqa: F401,F403  (the shared helpers and the Store writer)


# --------------------------------------------------------------------------- Elaro

ELARO_TEMPLATES = [
    ("A-EMO-001", "emotion_skills", "Name your feeling first, invite theirs", "Models language and safety for sharing",
     ["labeling", "co_regulation"], 1, ["skip_if_dysregulated"], [
         (5, ["Say 'I feel… because…'", "Ask 'What's your feeling?'"]),
         (10, ["Add a feelings chart", "Point to the face that matches", "Name one thing that helps"]),
         (20, ["Draw today's feelings together", "Talk through one big moment of the day", "Pick a calming idea for tomorrow"])]),
    ("A-EMO-002", "emotion_skills", "Feelings charades", "Reading faces builds empathy through play",
     ["labeling", "play"], 2, ["skip_if_tired"], [
         (5, ["Act out happy, sad and mad", "Take turns guessing"]),
         (10, ["Add surprised and scared", "Ask 'When did you feel that?'"])]),
    ("A-EMO-003", "emotion_skills", "Bubble breathing", "Slow breaths are a calming tool a child can own",
     ["co_regulation", "calming"], 1, [], [
         (5, ["Blow three slow bubbles together", "Notice how your body feels"]),
         (10, ["Bubble breathing, then a quiet cuddle", "Name one thing you hear"]),
         (20, ["Make a calm-down bottle", "Practise bubble breaths while it settles"])]),
    ("A-EMO-004", "emotion_skills", "Story pause: how do they feel?", "Links feelings words to pictures and stories",
     ["labeling", "reading"], 2, ["skip_if_dysregulated"], [
         (10, ["Read a picture book", "Pause twice to ask how a character feels"]),
         (20, ["Read a picture book", "Pause on each page with a face", "Ask what the character could do next"])]),
    ("A-IND-001", "independence", "Two-choice outfits", "Small choices build ownership without overwhelm",
     ["choice_making", "self_care"], 1, ["skip_if_rushed"], [
         (5, ["Lay out two outfits", "Let them choose and put on one piece alone"]),
         (10, ["Pick two outfits the night before", "Child dresses with one reminder"])]),
    ("A-IND-002", "independence", "Picture-card morning routine", "Visual steps make sequences predictable",
     ["sequencing", "routine"], 2, [], [
         (5, ["Show three picture cards", "Child points to the next step"]),
         (10, ["Walk the card routine together", "Child flips each card when done"]),
         (20, ["Make the cards together", "Practise the routine once as a game"])]),
    ("A-IND-003", "independence", "Snack helper: pour and spread", "Real tasks build competence and pride",
     ["self_care", "fine_motor"], 3, ["skip_if_rushed", "skip_if_tired"], [
         (10, ["Child pours water from a small jug", "Spreads butter on a cracker"]),
         (20, ["Make a simple snack plate together", "Child serves one other person"])]),
    ("A-IND-004", "independence", "Tidy-up race", "A timer turns a chore into a shared game",
     ["sequencing", "play"], 1, [], [
         (5, ["Set a 3-minute timer", "Race to put toys in their bins"]),
         (10, ["Sort toys by colour into bins", "Celebrate with a high five"])]),
]

ELARO_MILESTONES = [
    ("M-EMO-001", "emotion_skills", "Names own basic feelings (happy, sad, mad, scared)", ["labeling"], 1),
    ("M-EMO-002", "emotion_skills", "Uses a calming strategy with a reminder", ["co_regulation", "calming"], 2),
    ("M-EMO-003", "emotion_skills", "Notices and names how someone else feels", ["labeling", "empathy"], 3),
    ("M-IND-001", "independence", "Chooses between two options without help", ["choice_making"], 1),
    ("M-IND-002", "independence", "Follows a three-step morning routine with picture cues", ["sequencing", "routine"], 2),
    ("M-IND-003", "independence", "Gets dressed with little help", ["self_care"], 3),
]


def build_elaro():
    s = Store("elaro")
    rng = random.Random("42/" + s.app)   # fixed per-app seed: distinct ids across stores
    tz = s.tz
    first, last = dt.date(2025, 1, 6), dt.date(2025, 2, 2)

    def block(kind, title, tags, description=None):
        b = {"id": new_uuid(rng), "type": kind, "title": title, "tags": tags}
        if description:
            b["description"] = description
        return b

    started = {"emotion_skills": local(tz, first, 20, 41, 12), "independence": local(tz, dt.date(2025, 1, 13), 21, 5, 48)}
    s.add("focus-areas", {
        "id": "emotion_skills", "name": "emotion_skills", "active": True, "startedAt": ts(started["emotion_skills"]),
        "buildingBlocks": [
            block("microSkill", "Name the feeling", ["labeling"], "Put simple words to big feelings, yours first."),
            block("ritual", "Evening feelings check-in", ["co_regulation", "routine"]),
            block("support", "Calm-down corner", ["calming", "co_regulation"], "A cushion, a bubble wand and a feelings chart."),
        ]})
    s.add("focus-areas", {
        "id": "independence", "name": "independence", "active": True, "startedAt": ts(started["independence"]),
        "buildingBlocks": [
            block("microSkill", "Offer two choices", ["choice_making"]),
            block("ritual", "Picture-card mornings", ["sequencing", "routine"], "Same three steps every school day."),
            block("support", "Kid-height hooks and shelves", ["self_care"]),
        ]})

    # The method's two other focus areas, chosen before and paused (an inactive area may have
    # no building blocks): the seed content has templates and milestones for all four.
    for area, when in [("connection", dt.date(2024, 11, 4)), ("executive_skills", dt.date(2024, 12, 2))]:
        s.add("focus-areas", {"id": area, "name": area, "active": False, "startedAt": ts(local(tz, when, 20, 0, 0)),
                              "buildingBlocks": []})

    for tid, focus, title, why, tags, difficulty, contra, variants in ELARO_TEMPLATES:
        s.add("action-templates", {
            "id": tid, "focusId": focus, "title": title, "whyLine": why, "tags": tags, "difficulty": difficulty,
            "variants": [{"durationMinutes": m, "steps": steps} for m, steps in variants],
            "contraindications": contra, "contentVersion": 1, "source": "Elaro",
        })
    achieved = {"M-EMO-001": local(tz, dt.date(2025, 1, 17), 19, 32, 4), "M-IND-001": local(tz, dt.date(2025, 1, 28), 8, 2, 40)}
    for mid, focus, title, tags, seq in ELARO_MILESTONES:
        doc = {"id": mid, "focusId": focus, "title": title, "tags": tags, "sequence": seq,
               "contentVersion": 1, "source": "Elaro"}
        if mid in achieved:
            doc["achievedAt"] = ts(achieved[mid])
        s.add("milestones", doc)

    templates = {t[0]: t for t in ELARO_TEMPLATES}
    moods = ["calm", "cheerful", "tired", "frustrated", "silly"]
    notes = [
        "He asked for the bubble wand again at bedtime.",
        "Meltdown before dinner; we tried later and it worked.",
        "Schöne Pause – she named 'nervous' all by herself!",
        "Too rushed this morning, skipped it.",
        "Grandma joined in, big hit.",
        "Chose the red jumper in ten seconds flat.",
    ]
    instances, analytics = [], []
    for day in days(first, last):
        areas = ["emotion_skills"] + (["independence"] if day >= dt.date(2025, 1, 14) else [])
        picks = rng.sample(areas, k=1) if rng.random() < 0.45 else areas
        for focus in picks:
            tid = rng.choice([t[0] for t in ELARO_TEMPLATES if t[1] == focus])
            variant = rng.choices([v[0] for v in templates[tid][7]], [5, 3, 1][:len(templates[tid][7])])[0]
            status = rng.choices(["done", "snoozed", "skipped"], [72, 14, 14])[0]
            felt = rng.choices(["light", "ok", "hard"], [35, 45, 20])[0]
            doc = {"id": new_uuid(rng), "date": day.isoformat(), "templateId": tid, "variantDuration": variant,
                   "status": status, "feltDifficulty": felt}
            if rng.random() < 0.5:
                doc["mood"] = rng.choice(moods)
            if rng.random() < 0.2:
                doc["note"] = rng.choice(notes)
            instances.append(doc)
            s.add("action-instances", doc)
            # The analytics queue holds the last week; older events were uploaded and pruned.
            if day >= dt.date(2025, 1, 27):
                shown_at = at_random_time(rng, tz, day, 7, 17)
                others = [t[0] for t in ELARO_TEMPLATES if t[1] == focus and t[0] != tid]
                trail = [
                    (shown_at, "today.shown", {"templateIds": [tid] + rng.sample(others, 2)}),
                    (shown_at + dt.timedelta(seconds=rng.randint(20, 300)), "today.pick", {"templateId": tid, "variant": variant}),
                ]
                done_at = trail[-1][0] + dt.timedelta(minutes=variant + rng.randint(0, 90))
                trail.append((done_at, {"done": "today.complete", "snoozed": "today.snooze", "skipped": "today.skip"}[status], {"templateId": tid}))
                if status == "done":
                    trail.append((done_at + dt.timedelta(seconds=rng.randint(5, 60)), "today.reflect", {"difficulty": felt}))
                analytics += trail

    summaries = [
        (dt.date(2025, 1, 6), "She used 'sad' and 'mad' on her own twice this week.", "Evenings were rushed; two actions got snoozed."),
        (dt.date(2025, 1, 13), "The picture cards made mornings calmer.", "Snack helper was too much on school nights."),
        (dt.date(2025, 1, 20), "Bubble breathing is now her idea, not ours.", "A cold knocked out most of the week."),
    ]
    for week_start, win, hard in summaries:
        week = [i for i in instances if week_start.isoformat() <= i["date"] <= (week_start + dt.timedelta(days=6)).isoformat()]
        done = sum(1 for i in week if i["status"] == "done")
        hard_count = sum(1 for i in week if i["feltDifficulty"] == "hard")
        tweak = "scale_down" if hard_count >= 3 or done < len(week) / 2 else ("scale_up" if done >= 0.8 * len(week) else "keep")
        s.add("weekly-summaries", {"id": new_uuid(rng), "weekStart": week_start.isoformat(), "winText": win,
                                   "hardText": hard, "suggestedTweak": tweak})
        sunday = local(tz, week_start + dt.timedelta(days=6), 20, rng.randrange(60), rng.randrange(60))
        if sunday.date() >= dt.date(2025, 1, 26):
            analytics.append((sunday, "week.choice", {"decision": tweak}))

    # Events before Feb 1 were uploaded (the user consented in onboarding); newer ones wait in the queue.
    cutoff = local(tz, dt.date(2025, 2, 1), 3, 0)
    for moment, name, payload in sorted(analytics, key=lambda a: a[0]):
        s.add("analytics-events", {"id": new_uuid(rng), "name": name, "payload": payload,
                                   "timestamp": ts(moment), "uploaded": moment < cutoff})
    return s
