import Foundation
import Testing

@testable import Almanac

// The validation rules of the four seed documents (the reference apps' design documents, kept beside the repository), as encoded in
// schema/<app>/: every rule JSON Schema can express has a row below, whose broken document
// `almanac put` must refuse (exit 3) with an error naming the field, leaving the store
// as it was. Rules JSON Schema cannot express are the catalogs' `rules`, checked for shape.
// The rules are those of the current schema, the one migrations/<app> leads to (Pressure:
// several commitments a day; Cravey: a mood (amounts keep the seed's half steps); MIGA: renamed FRE
// phases); the sample stores stay at version 1 (see ReferenceMigrationTests).
//
//     swift build --scratch-path .build-rules && swift test --scratch-path .build-rules --filter SchemaRule

// MARK: - Valid base documents, one per collection

enum SchemaRuleFixtures {
    static let baseID = "1F0C9A2E-7D41-4B8E-9C3A-2B5D6E7F8A90"
    static let otherID = "0BAD0000-0000-4000-8000-000000000002"
    static let recordingID = "B93D0206-6694-4521-A2D6-7FB246F2A999"

    /// The app of each collection, by a key that is the collection's name, or `app/name` where
    /// two apps share a name (Elaro's `settings` beside Pressure's).
    static let apps: [String: String] = [
        "elaro/settings": "elaro",
        "usage-events": "miga", "streaks": "miga", "selected-apps": "miga", "mindfulness-content": "miga",
        "preferences": "miga",
        "focus-areas": "elaro", "action-templates": "elaro", "action-instances": "elaro",
        "weekly-summaries": "elaro", "analytics-events": "elaro", "milestones": "elaro",
        "commitments": "pressure", "settings": "pressure", "escalation-state": "pressure", "notification-log": "pressure",
        "usage": "cravey", "cravings": "cravey", "recordings": "cravey", "motivational-messages": "cravey",
    ]

    static let singletons: Set<String> = ["preferences", "settings", "escalation-state", "elaro/settings"]

    /// The collection a fixture key names (`elaro/settings` → `settings`).
    static func collectionName(_ key: String) -> String {
        key.split(separator: "/").last.map(String.init) ?? key
    }

    /// What makes the broken copy a different document (nothing for a singleton).
    static func renamed(_ collection: String) -> RuleMutation {
        switch collection {
        case _ where singletons.contains(collection): .unchanged
        case "focus-areas": .all([.set("/id", "connection"), .set("/name", "connection")])
        case "action-templates": .set("/id", "A-EMO-002")
        case "mindfulness-content": .set("/id", "stoicism-002")
        case "milestones": .set("/id", "M-EMO-002")
        default: .set("/id", .string(otherID))
        }
    }

    static let bases: [String: RuleJSON] = [
        // MIGA
        "usage-events": [
            "id": .string(baseID), "eventType": "proceed_to_app", "timestamp": "2025-01-27T14:03:00Z",
            "targetAppName": "Instagram", "pauseDuration": 12.5, "timerDuration": 30,
        ],
        "streaks": [
            "id": .string(baseID), "startDate": "2025-01-22T08:15:00Z", "currentDayCount": 6,
            "lastActivityDate": "2025-01-27T19:40:12Z",
        ],
        "selected-apps": [
            "id": .string(baseID), "appName": "Instagram", "urlScheme": "instagram://", "iconName": "AppIcon-Instagram",
            "isInstalled": true, "dateAdded": "2025-01-06T14:12:05Z", "orderIndex": 0,
        ],
        "mindfulness-content": [
            "id": "stoicism-001", "text": "We suffer more often in imagination than in reality.", "category": "stoicism",
            "author": "Seneca", "displayCount": 0, "contentVersion": 1,
        ],
        "preferences": [
            "frePhase": "appsSelected", "hasCompletedOnboarding": true, "gatewayTimerDuration": 30,
            "onboardingDeterminationLevel": 5, "selectedInterestTags": ["stoicism", "mindfulness"],
        ],
        // Elaro
        "focus-areas": [
            "id": "emotion_skills", "name": "emotion_skills", "active": true, "startedAt": "2025-01-06T19:41:12Z",
            "buildingBlocks": [
                ["type": "microSkill", "title": "Name the feeling", "tags": ["labeling"],
                 "description": "Put simple words to big feelings, yours first."],
                ["type": "ritual", "title": "Evening feelings check-in", "tags": ["co_regulation", "routine"]],
                ["type": "support", "title": "Calm-down corner", "tags": ["calming"]],
            ],
        ],
        "action-templates": [
            "id": "A-EMO-001", "focusId": "emotion_skills", "title": "Name your feeling first, invite theirs",
            "whyLine": "Models language and safety for sharing", "tags": ["labeling", "co_regulation"], "difficulty": 1,
            "variants": [
                ["durationMinutes": 5, "steps": ["Say 'I feel… because…'", "Ask 'What’s your feeling?'"]],
                ["durationMinutes": 10, "steps": ["Add a feelings chart"]],
            ],
            "contraindications": ["skip_if_dysregulated"], "contentVersion": 1, "source": "Elaro",
        ],
        "milestones": [
            "id": "M-EMO-001", "focusId": "emotion_skills", "title": "Names own basic feelings (happy, sad, mad, scared)",
            "tags": ["labeling"], "sequence": 1, "contentVersion": 1, "source": "Elaro",
        ],
        "action-instances": [
            "id": .string(baseID), "date": "2025-01-27", "templateId": "A-EMO-001", "variantDuration": 10,
            "status": "done", "feltDifficulty": "ok", "mood": "calm", "note": "Grandma joined in, big hit.",
        ],
        "weekly-summaries": [
            "id": .string(baseID), "weekStart": "2025-01-20", "winText": "Bubble breathing is now her idea.",
            "hardText": "A cold knocked out most of the week.", "suggestedTweak": "keep",
        ],
        "analytics-events": [
            "id": .string(baseID), "name": "today.pick", "payload": ["templateId": "A-EMO-001", "variant": 10],
            "timestamp": "2025-01-27T08:12:40Z", "uploaded": false,
        ],
        // Pressure
        "commitments": [
            "id": .string(baseID), "date": "2025-01-27", "text": "Run 5k before work", "locked_at": "2025-01-27T17:00:00Z",
            "status": "YES", "checked_in_at": "2025-01-28T03:12:09Z", "escalation_tier_snap": 1, "shield_used": false,
            "sort_order": 0,
        ],
        "settings": [
            "personality_mode": "PROFESSIONAL", "commitment_deadline": "09:00", "checkin_window_close": "22:00",
            // The rule stores' zone: settings name the zone the store files new days in.
            "timezone_identifier": "UTC", "notifications_enabled": true, "onboarding_completed": true,
            "subscription_tier": "FREE", "subscription_expiry": nil,
        ],
        "elaro/settings": ["notePurgeMonths": 12],
        "escalation-state": [
            "current_tier": 1, "consecutive_misses": 1, "consecutive_successes": 0, "current_streak": 0,
            "longest_streak": 5, "restart_shields_remaining": 1, "shield_reset_date": "2025-03-01T00:00:00Z",
        ],
        "notification-log": [
            "id": .string(baseID), "scheduled_for": "2025-01-27T16:30:00Z", "tier": 1, "personality": "BRUTAL",
            "delivered": true, "tapped": false,
        ],
        // Cravey
        "usage": [
            "id": .string(baseID), "timestamp": "2025-01-27T22:10:00Z", "method": "Joints", "amount": 1,
            "triggers": ["Anxious", "Bored"], "location": "Home", "notes": "Only half, saved the rest.",
            "createdAt": "2025-01-27T22:10:40Z", "mood": "Restless",
        ],
        "cravings": [
            "id": .string(baseID), "timestamp": "2025-01-27T21:02:00Z", "intensity": 7, "triggers": ["Anxious"],
            "location": "41.8812,-87.6432", "notes": "Walked around the block instead.",
            "createdAt": "2025-01-27T21:02:31Z", "recordingId": .string(recordingID),
        ],
        "recordings": [
            "id": .string(recordingID), "timestamp": "2025-01-08T03:14:03Z", "type": "video", "purpose": "motivational",
            "duration": 74.5, "filePath": .string("Recordings/video_\(recordingID).mov"),
            "thumbnailPath": .string("Recordings/Thumbnails/video_\(recordingID)_thumb.jpg"),
            "title": "Why I'm taking a break", "playCount": 3, "lastPlayedAt": "2025-01-20T04:03:10Z",
            "createdAt": "2025-01-08T03:15:23Z",
        ],
        "motivational-messages": [
            "id": .string(baseID), "content": "Remember how clear Sunday mornings feel. Walk first, decide later.",
            "category": "urge", "isCustom": true, "priority": 0, "timesShown": 4, "isActive": true,
            "lastShownAt": "2025-02-02T04:10:07Z", "createdAt": "2025-01-20T14:45:30Z",
        ],
    ]

    static func row(
        _ name: String, _ collection: String, _ mutation: RuleMutation, field: String, single: Bool = true
    ) -> SchemaRuleRow {
        SchemaRuleRow(name: name, app: apps[collection]!, collection: collectionName(collection), base: bases[collection]!,
                      mutation: mutation, field: field, single: single)
    }

    static func allowed(_ name: String, _ collection: String, _ mutation: RuleMutation) -> SchemaAllowedRow {
        var document = bases[collection]!
        renamed(collection).apply(to: &document)
        mutation.apply(to: &document)
        return SchemaAllowedRow(name: name, app: apps[collection]!, collection: collectionName(collection), document: document)
    }

    static let longText281 = RuleJSON.string(String(repeating: "a", count: 281))
    static let longText501 = RuleJSON.string(String(repeating: "n", count: 501))

    // MARK: - The rules

    static let rows: [SchemaRuleRow] = miga + elaro + pressure + cravey

    static let miga: [SchemaRuleRow] = [
        // UsageEvent
        row("MIGA eventType is exit_to_focus, deepen_pause or proceed_to_app", "usage-events",
            .set("/eventType", "scroll_anyway"), field: "/eventType"),
        row("MIGA timestamp cannot be nil", "usage-events", .remove("/timestamp"), field: "/timestamp"),
        row("MIGA timestamp is a date-time", "usage-events", .set("/timestamp", "2025-01-27 14:03"), field: "/timestamp"),
        row("MIGA targetAppName non-empty when eventType is proceed_to_app", "usage-events",
            .set("/targetAppName", ""), field: "/targetAppName"),
        row("MIGA targetAppName is required", "usage-events",
            .all([.set("/eventType", "exit_to_focus"), .remove("/targetAppName")]), field: "/targetAppName"),
        row("MIGA pauseDuration ≥ 0", "usage-events", .set("/pauseDuration", -1), field: "/pauseDuration"),
        row("MIGA pauseDuration ≤ 45 s (the longest timer)", "usage-events", .set("/pauseDuration", 45.5),
            field: "/pauseDuration"),
        row("MIGA timer 15–45 s (event, below)", "usage-events", .set("/timerDuration", 14), field: "/timerDuration"),
        row("MIGA timer 15–45 s (event, above)", "usage-events", .set("/timerDuration", 46), field: "/timerDuration"),
        row("MIGA event id is a UUID", "usage-events", .set("/id", "event-1"), field: "/id"),
        // Streak
        row("MIGA currentDayCount ≥ 1", "streaks", .set("/currentDayCount", 0), field: "/currentDayCount"),
        row("MIGA lastActivityDate cannot be nil", "streaks", .remove("/lastActivityDate"), field: "/lastActivityDate"),
        row("MIGA streak startDate is a date-time", "streaks", .set("/startDate", "2025-01-22"), field: "/startDate"),
        // SelectedApp
        row("MIGA appName cannot be empty", "selected-apps", .set("/appName", ""), field: "/appName"),
        row("MIGA appName is unique in the Hub", "selected-apps", .unchanged, field: "/appName"),
        row("MIGA urlScheme is a valid URL scheme", "selected-apps", .set("/urlScheme", "instagram"), field: "/urlScheme"),
        row("MIGA urlScheme has no path", "selected-apps", .set("/urlScheme", "https://instagram.com"), field: "/urlScheme"),
        row("MIGA orderIndex ≥ 0", "selected-apps", .set("/orderIndex", -1), field: "/orderIndex"),
        row("MIGA orderIndex is an integer", "selected-apps", .set("/orderIndex", 1.5), field: "/orderIndex"),
        row("MIGA iconName cannot be empty", "selected-apps", .set("/iconName", ""), field: "/iconName"),
        row("MIGA dateAdded is a date-time", "selected-apps", .set("/dateAdded", "yesterday"), field: "/dateAdded"),
        // MindfulnessContent
        row("MIGA content text cannot be empty", "mindfulness-content", .set("/text", ""), field: "/text"),
        row("MIGA displayCount ≥ 0", "mindfulness-content", .set("/displayCount", -1), field: "/displayCount"),
        row("MIGA category is an interest tag", "mindfulness-content", .set("/category", "Stoicism!"), field: "/category"),
        // UserDefaults
        row("MIGA frePhase is notStarted, appsSelected or appsHidden", "preferences",
            .set("/frePhase", "phase3Complete"), field: "/frePhase"),
        row("MIGA frePhase no longer takes the names before schema 3", "preferences",
            .set("/frePhase", "phase2Complete"), field: "/frePhase"),
        row("MIGA timer 15–45 s (below)", "preferences", .set("/gatewayTimerDuration", 14.5), field: "/gatewayTimerDuration"),
        row("MIGA timer 15–45 s (above)", "preferences", .set("/gatewayTimerDuration", 45.5), field: "/gatewayTimerDuration"),
        row("MIGA determination 1–10 (below)", "preferences", .set("/onboardingDeterminationLevel", 0),
            field: "/onboardingDeterminationLevel"),
        row("MIGA determination 1–10 (above)", "preferences", .set("/onboardingDeterminationLevel", 11),
            field: "/onboardingDeterminationLevel"),
        row("MIGA determination is an Int", "preferences", .set("/onboardingDeterminationLevel", 5.5),
            field: "/onboardingDeterminationLevel"),
        row("MIGA selectedInterestTags are strings", "preferences", .set("/selectedInterestTags/1", 3),
            field: "/selectedInterestTags/1"),
    ]

    static let elaro: [SchemaRuleRow] = [
        // FocusArea and BuildingBlock
        row("Elaro focus area name is independence, emotion_skills, connection or executive_skills", "focus-areas",
            .set("/name", "sleep"), field: "/name"),
        row("Elaro exactly 3 building blocks when configured (2 on an active area)", "focus-areas",
            .remove("/buildingBlocks/2"), field: "/buildingBlocks"),
        row("Elaro exactly 3 building blocks when configured (4)", "focus-areas",
            .set("/buildingBlocks/3", ["type": "ritual", "title": "Bedtime story", "tags": []]), field: "/buildingBlocks"),
        row("Elaro exactly 3 building blocks when configured (2 on an inactive area)", "focus-areas",
            .all([.set("/active", false), .remove("/buildingBlocks/0")]), field: "/buildingBlocks"),
        row("Elaro building block type is microSkill, ritual or support", "focus-areas",
            .set("/buildingBlocks/0/type", "habit"), field: "/buildingBlocks/0/type"),
        row("Elaro building block has a title", "focus-areas", .remove("/buildingBlocks/1/title"),
            field: "/buildingBlocks/1/title"),
        row("Elaro focus area startedAt is a date-time", "focus-areas", .set("/startedAt", "2025-01-06"), field: "/startedAt"),
        // A focus area's id is its name (rule id-is-name), so a second area of a name is refused at its id.
        row("Elaro one focus area per name", "focus-areas", .set("/name", "emotion_skills"), field: "/id"),
        // ActionTemplate and TemplateVariant
        row("Elaro difficulty 1..5 (below)", "action-templates", .set("/difficulty", 0), field: "/difficulty"),
        row("Elaro difficulty 1..5 (above)", "action-templates", .set("/difficulty", 6), field: "/difficulty"),
        row("Elaro variant durationMinutes is 5, 10 or 20", "action-templates",
            .set("/variants/1/durationMinutes", 15), field: "/variants/1/durationMinutes"),
        row("Elaro at most one variant per duration", "action-templates",
            .set("/variants/1/durationMinutes", 5), field: "/variants"),
        row("Elaro template has at least one variant", "action-templates", .set("/variants", []), field: "/variants"),
        row("Elaro whyLine is one line", "action-templates",
            .set("/whyLine", "Models language\nand safety for sharing"), field: "/whyLine"),
        row("Elaro template focusId names a focus area", "action-templates", .set("/focusId", "sleep"), field: "/focusId"),
        row("Elaro contentVersion ≥ 1", "action-templates", .set("/contentVersion", 0), field: "/contentVersion"),
        row("Elaro template has a title", "action-templates", .remove("/title"), field: "/title"),
        // Milestones (milestones_seed.json)
        row("Elaro milestone focusId names a focus area", "milestones", .set("/focusId", "sleep"), field: "/focusId"),
        row("Elaro milestone contentVersion ≥ 1", "milestones", .set("/contentVersion", 0), field: "/contentVersion"),
        // ActionInstance
        row("Elaro variantDuration is 5, 10 or 20", "action-instances", .set("/variantDuration", 15),
            field: "/variantDuration"),
        row("Elaro status is done, snoozed or skipped", "action-instances", .set("/status", "completed"), field: "/status"),
        row("Elaro feltDifficulty is light, ok or hard", "action-instances", .set("/feltDifficulty", "easy"),
            field: "/feltDifficulty"),
        row("Elaro feltDifficulty is required", "action-instances", .remove("/feltDifficulty"), field: "/feltDifficulty"),
        row("Elaro instance date is a calendar date", "action-instances", .set("/date", "2025-01-27T10:00:00Z"),
            field: "/date"),
        // WeeklySummary
        row("Elaro suggestedTweak is keep, scale_down or scale_up", "weekly-summaries",
            .set("/suggestedTweak", "scale_sideways"), field: "/suggestedTweak"),
        row("Elaro one summary per week", "weekly-summaries", .unchanged, field: "/weekStart"),
        row("Elaro winText is required", "weekly-summaries", .remove("/winText"), field: "/winText"),
        // Analytics events
        row("Elaro analytics event name is one of the documented events", "analytics-events",
            .set("/name", "today.share"), field: "/name"),
        row("Elaro today.pick variant is 5, 10 or 20", "analytics-events", .set("/payload/variant", 15),
            field: "/payload/variant"),
        row("Elaro analytics carry no raw note text", "analytics-events",
            .set("/payload/note", "Meltdown before dinner"), field: "/payload/note"),
    ]

    static let pressure: [SchemaRuleRow] = [
        // Commitment
        row("Pressure status is PENDING, YES, NO or MISSED", "commitments", .set("/status", "DONE"), field: "/status"),
        row("Pressure commitment text ≤ 280", "commitments", .set("/text", longText281), field: "/text"),
        row("Pressure commitment text non-empty unless MISSED", "commitments", .set("/text", ""), field: "/text"),
        row("Pressure commitment text non-empty while PENDING", "commitments",
            .all([.set("/status", "PENDING"), .remove("/checked_in_at"), .set("/locked_at", nil), .set("/text", "")]),
            field: "/text"),
        row("Pressure YES or NO carries checked_in_at", "commitments", .remove("/checked_in_at"), field: "/checked_in_at"),
        row("Pressure MISSED has no checked_in_at", "commitments", .set("/status", "MISSED"), field: "/checked_in_at"),
        row("Pressure locked_at is set once the status left PENDING", "commitments", .set("/locked_at", nil),
            field: "/locked_at"),
        row("Pressure no-commitment day has locked_at", "commitments",
            .all([.set("/status", "MISSED"), .set("/text", ""), .set("/checked_in_at", nil), .remove("/locked_at")]),
            field: "/locked_at"),
        row("Pressure escalation_tier_snap 0–3 (above)", "commitments", .set("/escalation_tier_snap", 4),
            field: "/escalation_tier_snap"),
        row("Pressure escalation_tier_snap 0–3 (below)", "commitments", .set("/escalation_tier_snap", -1),
            field: "/escalation_tier_snap"),
        row("Pressure sort_order is required", "commitments", .remove("/sort_order"), field: "/sort_order"),
        row("Pressure sort_order ≥ 0", "commitments", .set("/sort_order", -1), field: "/sort_order"),
        row("Pressure sort_order is an integer", "commitments", .set("/sort_order", 0.5), field: "/sort_order"),
        row("Pressure date is a calendar date", "commitments", .set("/date", "2025-02-30"), field: "/date"),
        row("Pressure checked_in_at is a date-time", "commitments", .set("/checked_in_at", "21:40"), field: "/checked_in_at"),
        row("Pressure shield_used is required", "commitments", .remove("/shield_used"), field: "/shield_used"),
        row("Pressure commitment id is a UUID", "commitments", .set("/id", "2025-01-27"), field: "/id"),
        // UserSettings
        row("Pressure personality_mode is PROFESSIONAL or BRUTAL", "settings", .set("/personality_mode", "FRIENDLY"),
            field: "/personality_mode"),
        row("Pressure subscription_tier is FREE or PAID", "settings", .set("/subscription_tier", "PREMIUM"),
            field: "/subscription_tier"),
        row("Elaro notes are purged after at least 1 month (or null: never)", "elaro/settings", .set("/notePurgeMonths", 0),
            field: "/notePurgeMonths"),
        row("Elaro notePurgeMonths is a whole number of months", "elaro/settings", .set("/notePurgeMonths", 1.5),
            field: "/notePurgeMonths"),
        row("Pressure commitment deadline 06:00–12:00 (before)", "settings", .set("/commitment_deadline", "05:30"),
            field: "/commitment_deadline"),
        row("Pressure commitment deadline 06:00–12:00 (after)", "settings", .set("/commitment_deadline", "12:30"),
            field: "/commitment_deadline"),
        row("Pressure commitment deadline in 30-minute increments", "settings", .set("/commitment_deadline", "09:15"),
            field: "/commitment_deadline"),
        row("Pressure window close 18:00–23:59 (before)", "settings", .set("/checkin_window_close", "17:30"),
            field: "/checkin_window_close"),
        row("Pressure window close in 30-minute increments", "settings", .set("/checkin_window_close", "20:15"),
            field: "/checkin_window_close"),
        row("Pressure window close in 30-minute increments (23:45)", "settings", .set("/checkin_window_close", "23:45"),
            field: "/checkin_window_close"),
        row("Pressure timezone_identifier is an IANA time zone", "settings",
            .set("/timezone_identifier", "Pacific Standard Time"), field: "/timezone_identifier"),
        row("Pressure subscription_expiry is a date-time or null", "settings", .set("/subscription_expiry", "2026-01"),
            field: "/subscription_expiry"),
        // EscalationState
        row("Pressure tier 0–3 (above)", "escalation-state", .set("/current_tier", 4), field: "/current_tier"),
        row("Pressure tier 0–3 (below)", "escalation-state", .set("/current_tier", -1), field: "/current_tier"),
        row("Pressure consecutive_misses ≥ 0", "escalation-state", .set("/consecutive_misses", -1),
            field: "/consecutive_misses"),
        row("Pressure consecutive_successes ≥ 0", "escalation-state",
            .all([.set("/consecutive_misses", 0), .set("/consecutive_successes", -1)]), field: "/consecutive_successes"),
        row("Pressure successes reset to 0 on any miss", "escalation-state", .set("/consecutive_successes", 2),
            field: "/consecutive_successes"),
        row("Pressure current_streak ≥ 0", "escalation-state", .set("/current_streak", -1), field: "/current_streak"),
        row("Pressure longest_streak ≥ 0", "escalation-state", .set("/longest_streak", -1), field: "/longest_streak"),
        row("Pressure restart_shields_remaining ≤ 1", "escalation-state", .set("/restart_shields_remaining", 2),
            field: "/restart_shields_remaining"),
        row("Pressure restart_shields_remaining ≥ 0", "escalation-state", .set("/restart_shields_remaining", -1),
            field: "/restart_shields_remaining"),
        row("Pressure shield_reset_date is a date-time or null", "escalation-state",
            .set("/shield_reset_date", "2025-03-01"), field: "/shield_reset_date"),
        // Notification records
        row("Pressure notification tier 0–3", "notification-log", .set("/tier", 5), field: "/tier"),
        row("Pressure notification personality is PROFESSIONAL or BRUTAL", "notification-log",
            .set("/personality", "GENTLE"), field: "/personality"),
        row("Pressure a tapped notification was delivered", "notification-log",
            .all([.set("/delivered", false), .set("/tapped", true)]), field: "/delivered"),
    ]

    static let cravey: [SchemaRuleRow] = [
        // UsageModel
        row("Cravey method is one of 6 ROAs", "usage", .set("/method", "Pipe"), field: "/method"),
        row("Cravey amount ≥ 0.5", "usage", .set("/amount", 0), field: "/amount"),
        row("Cravey bowls/joints/blunts 0.5–5 (above)", "usage", .set("/amount", 6), field: "/amount"),
        row("Cravey joints in half steps", "usage", .set("/amount", 0.75), field: "/amount"),
        row("Cravey bowls/joints/blunts in half steps", "usage",
            .all([.set("/method", "Bowls"), .set("/amount", 1.25)]), field: "/amount"),
        row("Cravey bowls/joints/blunts 0.5–5 (below)", "usage",
            .all([.set("/method", "Blunts"), .set("/amount", 0)]), field: "/amount"),
        row("Cravey vape 1–10 pulls (above)", "usage", .all([.set("/method", "Vape"), .set("/amount", 11)]), field: "/amount"),
        row("Cravey vape 1–10 pulls (below)", "usage", .all([.set("/method", "Vape"), .set("/amount", 0)]),
            field: "/amount"),
        row("Cravey vape pulls in increments of 1", "usage", .all([.set("/method", "Vape"), .set("/amount", 2.5)]),
            field: "/amount"),
        row("Cravey dab 1–5 (above)", "usage", .all([.set("/method", "Dab"), .set("/amount", 6)]), field: "/amount"),
        row("Cravey dabs in increments of 1", "usage", .all([.set("/method", "Dab"), .set("/amount", 1.5)]), field: "/amount"),
        row("Cravey edible 5–100 mg (above)", "usage", .all([.set("/method", "Edible"), .set("/amount", 105)]),
            field: "/amount"),
        row("Cravey edible in 5 mg increments", "usage", .all([.set("/method", "Edible"), .set("/amount", 12)]),
            field: "/amount"),
        row("Cravey usage triggers are HAALT triggers", "usage", .set("/triggers/1", "Stressed"), field: "/triggers/1"),
        row("Cravey usage triggers are a set", "usage", .set("/triggers", ["Bored", "Bored"]), field: "/triggers"),
        row("Cravey usage location is a preset or GPS", "usage", .set("/location", "Garage"), field: "/location"),
        row("Cravey usage GPS latitude within ±90", "usage", .set("/location", "91.5,10.25"), field: "/location"),
        row("Cravey usage notes ≤ 500", "usage", .set("/notes", longText501), field: "/notes"),
        row("Cravey usage mood is text or null", "usage", .set("/mood", 3), field: "/mood"),
        row("Cravey usage mood ≤ 50", "usage", .set("/mood", .string(String(repeating: "m", count: 51))), field: "/mood"),
        row("Cravey usage mood non-empty when given", "usage", .set("/mood", ""), field: "/mood"),
        row("Cravey usage createdAt is required", "usage", .remove("/createdAt"), field: "/createdAt"),
        row("Cravey usage modifiedAt is a date-time", "usage", .set("/modifiedAt", "later"), field: "/modifiedAt"),
        // CravingModel
        row("Cravey intensity 1–10 (below)", "cravings", .set("/intensity", 0), field: "/intensity"),
        row("Cravey intensity 1–10 (above)", "cravings", .set("/intensity", 11), field: "/intensity"),
        row("Cravey intensity is an Int", "cravings", .set("/intensity", 6.5), field: "/intensity"),
        row("Cravey craving triggers are HAALT triggers", "cravings", .set("/triggers/0", "anxious"), field: "/triggers/0"),
        row("Cravey craving location is \"lat,long\"", "cravings", .set("/location", "41.8812;-87.6432"), field: "/location"),
        row("Cravey craving GPS longitude within ±180", "cravings", .set("/location", "41.8812,-187.6432"), field: "/location"),
        row("Cravey craving notes ≤ 500", "cravings", .set("/notes", longText501), field: "/notes"),
        row("Cravey craving recording is a recording id or null", "cravings", .set("/recordingId", "rec-1"),
            field: "/recordingId"),
        // RecordingModel
        row("Cravey recording type is video or audio", "recordings", .set("/type", "photo"), field: "/type"),
        row("Cravey recording purpose is motivational, milestone, reflection or craving", "recordings",
            .set("/purpose", "fun"), field: "/purpose"),
        row("Cravey recording duration ≤ 120 s", "recordings", .set("/duration", 120.5), field: "/duration"),
        row("Cravey recording duration > 0", "recordings", .set("/duration", 0), field: "/duration"),
        row("Cravey playCount ≥ 0", "recordings", .all([.remove("/lastPlayedAt"), .set("/playCount", -1)]),
            field: "/playCount"),
        row("Cravey lastPlayedAt only after a playback", "recordings", .set("/playCount", 0), field: "/playCount"),
        row("Cravey audio has no thumbnail", "recordings",
            .all([.set("/type", "audio"), .set("/filePath", .string("Recordings/audio_\(recordingID).m4a"))]),
            field: "/thumbnailPath"),
        row("Cravey audio file is audio_….m4a", "recordings", .all([.set("/type", "audio"), .remove("/thumbnailPath")]),
            field: "/filePath"),
        row("Cravey video file is video_….mov", "recordings",
            .set("/filePath", .string("Recordings/video_\(recordingID).m4a")), field: "/filePath"),
        row("Cravey filePath is relative to Recordings/", "recordings",
            .set("/filePath", .string("/var/mobile/Recordings/video_\(recordingID).mov")), field: "/filePath",
            single: false),
        row("Cravey thumbnail is Recordings/Thumbnails/video_…_thumb.jpg", "recordings",
            .set("/thumbnailPath", "thumb.jpg"), field: "/thumbnailPath"),
        row("Cravey recording filePath is required", "recordings", .remove("/filePath"), field: "/filePath"),
        // MotivationalMessageModel
        row("Cravey message content non-empty", "motivational-messages", .set("/content", ""), field: "/content"),
        row("Cravey message category is urge, anxiety, boredom, social or celebration", "motivational-messages",
            .set("/category", "anger"), field: "/category"),
        row("Cravey message priority ≥ 0", "motivational-messages", .set("/priority", -1), field: "/priority"),
        row("Cravey timesShown ≥ 0", "motivational-messages", .all([.remove("/lastShownAt"), .set("/timesShown", -1)]),
            field: "/timesShown"),
        row("Cravey lastShownAt only after a display", "motivational-messages", .set("/timesShown", 0),
            field: "/timesShown"),
        row("Cravey custom message is not seed content", "motivational-messages", .set("/contentVersion", 1),
            field: "/contentVersion"),
        row("Cravey isActive is required", "motivational-messages", .remove("/isActive"), field: "/isActive"),
    ]

    /// Documents at the edge of a rule, which must be accepted.
    static let allowedRows: [SchemaAllowedRow] = [
        allowed("MIGA exit_to_focus may have an empty targetAppName", "usage-events",
                .all([.set("/eventType", "exit_to_focus"), .set("/targetAppName", "")])),
        allowed("MIGA pauseDuration 0 and timer 15 s", "usage-events",
                .all([.set("/pauseDuration", 0), .set("/timerDuration", 15)])),
        allowed("MIGA timer 45 s", "usage-events", .all([.set("/pauseDuration", 45), .set("/timerDuration", 45)])),
        allowed("MIGA determination 10", "preferences", .set("/onboardingDeterminationLevel", 10)),
        allowed("Elaro inactive focus area not yet configured", "focus-areas",
                .all([.set("/active", false), .set("/buildingBlocks", [])])),
        allowed("Elaro template with 5/10/20 variants", "action-templates",
                .set("/variants/2", ["durationMinutes": 20, "steps": ["Draw today's feelings together"]])),
        allowed("Pressure no-commitment day", "commitments",
                .all([.set("/status", "MISSED"), .set("/text", ""), .set("/checked_in_at", nil)])),
        allowed("Pressure PENDING before the deadline", "commitments",
                .all([.set("/status", "PENDING"), .remove("/checked_in_at"), .set("/locked_at", nil)])),
        allowed("Pressure window close 23:59", "settings", .set("/checkin_window_close", "23:59")),
        allowed("Pressure deadline 06:00, window close 18:00", "settings",
                .all([.set("/commitment_deadline", "06:00"), .set("/checkin_window_close", "18:00")])),
        allowed("Pressure deadline 12:00, window close 23:30", "settings",
                .all([.set("/commitment_deadline", "12:00"), .set("/checkin_window_close", "23:30")])),
        allowed("Pressure tier 3 after three misses", "escalation-state",
                .all([.set("/current_tier", 3), .set("/consecutive_misses", 3), .set("/restart_shields_remaining", 0)])),
        allowed("Pressure successes after a YES", "escalation-state",
                .all([.set("/consecutive_misses", 0), .set("/consecutive_successes", 4)])),
        allowed("Cravey bowls 1 and southern GPS", "usage",
                .all([.set("/method", "Bowls"), .set("/amount", 1), .set("/location", "-33.8688,151.2093")])),
        allowed("Cravey blunts 5", "usage", .all([.set("/method", "Blunts"), .set("/amount", 5)])),
        allowed("Cravey half a joint, as seed 004 allows", "usage", .all([.set("/method", "Joints"), .set("/amount", 0.5)])),
        allowed("Cravey 2.5 bowls", "usage", .all([.set("/method", "Bowls"), .set("/amount", 2.5)])),
        allowed("Cravey vape 10 pulls", "usage", .all([.set("/method", "Vape"), .set("/amount", 10)])),
        allowed("Cravey dab 1", "usage", .all([.set("/method", "Dab"), .set("/amount", 1)])),
        allowed("Cravey edible 100 mg, no optional fields", "usage",
                .all([.set("/method", "Edible"), .set("/amount", 100), .remove("/location"), .remove("/notes"),
                      .remove("/mood"), .set("/triggers", [])])),
        allowed("Cravey usage with mood null, as migration 2 writes it", "usage", .set("/mood", nil)),
        allowed("Cravey craving 10 with no recording", "cravings",
                .all([.set("/intensity", 10), .set("/recordingId", nil), .set("/location", "Car")])),
        allowed("Cravey audio recording never played", "recordings",
                .all([.set("/type", "audio"), .set("/purpose", "craving"), .set("/duration", 120),
                      .set("/filePath", .string("Recordings/audio_\(otherID).m4a")), .remove("/thumbnailPath"),
                      .remove("/lastPlayedAt"), .set("/playCount", 0)])),
        allowed("Cravey seeded message never shown", "motivational-messages",
                .all([.set("/isCustom", false), .set("/contentVersion", 1), .set("/priority", 1),
                      .remove("/lastShownAt"), .set("/timesShown", 0)])),
    ]
}

// MARK: - Tests

@Suite("Schema rules of the reference apps")
struct SchemaRuleTests {
    /// A store of `app` created with `almanac init` from the repository's schema.
    /// A store of `app` created with `almanac init` from the repository's schema, holding the
    /// base documents that a document of `collection` refers to (the store refuses a reference
    /// to a missing document).
    private func makeRuleStore(_ app: String, in folder: E2EFolder, for collection: String? = nil) throws -> URL {
        let store = folder.path("\(app)-store")
        let result = try run(["init", store.path, "--schema", E2ERepository.schema(app).path, "--time-zone", "UTC"])
        try #require(result.exit == 0, "almanac init failed: \(result)")
        let referred: [String: [String]] = [
            "action-templates": ["focus-areas"], "milestones": ["focus-areas"],
            "action-instances": ["focus-areas", "action-templates"], "cravings": ["recordings"],
        ]
        for target in referred[collection ?? ""] ?? [] {
            let put = try run(["put", "--store", store.path, target], stdin: SchemaRuleFixtures.bases[target]!.text)
            try #require(put.exit == 0, "the base \(target) document was refused: \(put)")
        }
        return store
    }

    @Test("each documented rule refuses a document that breaks it", arguments: SchemaRuleFixtures.rows)
    func ruleRefusesBrokenDocument(_ row: SchemaRuleRow) throws {
        let folder = E2EFolder()
        let store = try makeRuleStore(row.app, in: folder, for: row.collection)
        let isSingleton = SchemaRuleFixtures.singletons.contains(row.collection)

        let base = try run(["put", "--store", store.path, row.collection], stdin: row.base.text)
        try #require(base.exit == 0, "the valid base document of \(row.collection) was refused: \(base)")
        let stored = try run(["get", "--store", store.path, row.collection] + (isSingleton ? [] : [SchemaRuleFixtures.baseID(of: row)]))
        try #require(stored.exit == 0, "\(stored)")

        var broken = row.base
        SchemaRuleFixtures.renamed(row.collection).apply(to: &broken)
        row.mutation.apply(to: &broken)
        let put = try run(["put", "--store", store.path, row.collection], stdin: broken.text)
        #expect(put.exit == 3, "\(row.mutation) was not refused as a validation problem: \(put)")
        let name = row.field.split(separator: "/").last.map(String.init) ?? row.field
        #expect(put.stderr.contains("\(row.field): ") || put.stderr.contains("missing required field \"\(name)\""),
                "the error does not name \(row.field): \(put)")
        if row.single {
            #expect(!put.stderr.contains(" places: "), "\(row.mutation) breaks more than one rule: \(put)")
        }

        // Nothing of the broken document reached the store.
        let after = try run(["get", "--store", store.path, row.collection] + (isSingleton ? [] : [SchemaRuleFixtures.baseID(of: row)]))
        #expect(after.exit == 0 && after.stdout == stored.stdout, "the stored document changed: \(after)")
        if !isSingleton {
            #expect(documentCount(row.collection, layout: "none", in: store) == 1, "\(dataFiles(store))")
            if case .string(let brokenID)? = broken[pointer: "/id"] {
                let get = try run(["get", "--store", store.path, row.collection, brokenID])
                #expect(get.exit != 0, "the broken document was stored: \(get)")
            }
        }
    }

    @Test("documents at the edge of a rule are accepted", arguments: SchemaRuleFixtures.allowedRows)
    func ruleAllowsEdgeDocument(_ row: SchemaAllowedRow) throws {
        let folder = E2EFolder()
        let store = try makeRuleStore(row.app, in: folder, for: row.collection)
        let put = try run(["put", "--store", store.path, row.collection], stdin: row.document.text)
        #expect(put.exit == 0, "\(row.document.text) was refused: \(put)")
    }

    @Test("the rule table covers every collection of the four apps")
    func everyCollectionHasRules() throws {
        for app in E2ERepository.apps {
            for (name, _) in try RepoCatalog(app).layouts {
                #expect(SchemaRuleFixtures.rows.contains { $0.app == app && $0.collection == name },
                        "no rule row for \(app)/\(name)")
            }
        }
        #expect(Set(SchemaRuleFixtures.rows.map(\.name)).count == SchemaRuleFixtures.rows.count, "duplicate row names")
    }

    @Test("catalog rules parse as name, description and fields, naming fields of the collection's schema",
          arguments: E2ERepository.apps)
    func catalogRules(app: String) throws {
        let folder = E2ERepository.schema(app)
        let object = try #require(E2EFiles.object(folder.appendingPathComponent("catalog.json")))
        let collections = try #require(object["collections"] as? [[String: Any]])
        let catalog = try Catalog.load(folder: folder)
        var total = 0
        for collection in collections {
            let name = try #require(collection["name"] as? String)
            guard let rules = collection["rules"] else { continue }
            let list = try #require(rules as? [[String: Any]], "\(app)/\(name): rules is not an array of objects")
            let schemaFile = try #require(collection["schema"] as? String)
            let schema = try #require(E2EFiles.object(folder.appendingPathComponent(schemaFile)))
            let properties = Set((schema["properties"] as? [String: Any] ?? [:]).keys)
            var parsed: [CollectionDescriptor.Rule] = []
            for rule in list {
                #expect(Set(rule.keys) == ["name", "description", "fields", "check"] || Set(rule.keys) == ["name", "description", "fields", "app"],
                        "\(app)/\(name): a rule is checked by the store (check) or says why the app checks it (app): \(rule)")
                let ruleName = try #require(rule["name"] as? String, "\(app)/\(name): \(rule)")
                let description = try #require(rule["description"] as? String, "\(app)/\(name)/\(ruleName)")
                let fields = try #require(rule["fields"] as? [String], "\(app)/\(name)/\(ruleName)")
                #expect(ruleName.range(of: "^[a-z][a-z0-9]*(-[a-z0-9]+)*$", options: .regularExpression) != nil,
                        "\(app)/\(name): \(ruleName) is not lowercase-dashed")
                #expect(description.hasSuffix(".") && !description.contains("\n") && description.count > 10,
                        "\(app)/\(name)/\(ruleName): the description is not one sentence")
                #expect(!fields.isEmpty, "\(app)/\(name)/\(ruleName) names no field")
                for field in fields {
                    #expect(properties.contains(field), "\(app)/\(name)/\(ruleName): \(field) is not in \(schemaFile)")
                }
                var expected = CollectionDescriptor.Rule(name: ruleName, description: description, fields: fields)
                expected.checkedByApp = rule["app"] as? String
                expected.check = catalog.collection(named: name)?.rules.first { $0.name == ruleName }?.check
                expected.timeZone = catalog.collection(named: name)?.rules.first { $0.name == ruleName }?.timeZone
                #expect((expected.check != nil) == (rule["check"] != nil), "\(app)/\(name)/\(ruleName): the check did not parse")
                parsed.append(expected)
            }
            #expect(Set(parsed.map(\.name)).count == parsed.count, "\(app)/\(name): duplicate rule names")
            // The library reads the same rules.
            #expect(catalog.collection(named: name)?.rules == parsed, "\(app)/\(name)")
            total += parsed.count
        }
        #expect(total > 0, "\(app) documents no rule JSON Schema cannot express")
    }

    @Test("the rules the seeds state beyond JSON Schema are in the catalogs", arguments: [
        ("miga", "usage-events", "pause-within-timer"),
        ("miga", "streaks", "streak-dates-ordered"),
        ("elaro", "focus-areas", "at-most-two-active"),
        ("elaro", "action-instances", "variant-of-template"),
        ("elaro", "weekly-summaries", "week-starts-monday"),
        ("pressure", "commitments", "one-way-status"),
        ("pressure", "commitments", "distinct-sort-order-per-day"),
        ("pressure", "escalation-state", "streak-within-longest"),
        ("cravey", "usage", "timestamp-not-in-future"),
        ("cravey", "cravings", "timestamp-not-in-future"),
    ])
    func seedRulesListed(app: String, collection: String, rule: String) throws {
        let catalog = try Catalog.load(folder: E2ERepository.schema(app))
        let descriptor = try #require(catalog.collection(named: collection))
        #expect(descriptor.rules.contains { $0.name == rule }, "\(app)/\(collection) lacks rule \(rule)")
    }

    @Test("schema files are byte-canonical and draft 2020-12; the sample store keeps its own canonical copy at version 1",
          arguments: E2ERepository.apps)
    func schemaFilesCanonical(app: String) throws {
        // schema/<app> is the current schema; samples/<app>/store/schema is the version-1 schema
        // the sample store was made with, which the migrations start from. Both are canonical.
        for (folder, shown) in [(E2ERepository.schema(app), "schema/\(app)"),
                                (E2ERepository.sampleSchema(app), "samples/\(app)/store/schema")] {
            let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".json") }.sorted()
            #expect(files.contains("catalog.json"), "\(shown)")
            for file in files {
                let bytes = [UInt8](try Data(contentsOf: folder.appendingPathComponent(file)))
                let value = try JSONValue(parsing: bytes)
                #expect(CanonicalJSON.prettyBytes(value) == bytes, "\(shown)/\(file) is not canonical")
                if file.hasSuffix(".schema.json") {
                    #expect(value["$schema"]?.stringValue == "https://json-schema.org/draft/2020-12/schema",
                            "\(shown)/\(file)")
                }
            }
        }
        #expect(try RepoCatalog(sampleOf: app).version == 1, "the sample store's schema copy must stay at version 1")
        let manifest = try #require(E2EFiles.object(E2ERepository.sampleStore(app).appendingPathComponent("store.json")))
        #expect(int(manifest["schemaVersion"]) == 1, "samples/\(app)/store/store.json")
        #expect((manifest["migrations"] as? [Any])?.isEmpty == true, "samples/\(app)/store/store.json")
    }

    @Test("Pressure takes several commitments on one day since migration 2, each with its sort_order")
    func pressureSeveralCommitmentsADay() throws {
        let folder = E2EFolder()
        let store = try makeRuleStore("pressure", in: folder)
        let first = SchemaRuleFixtures.bases["commitments"]!
        var second = first
        second.set("/id", .string(SchemaRuleFixtures.otherID))
        second.set("/text", "Call Mom")
        second.set("/sort_order", 1)
        for document in [first, second] {
            let put = try run(["put", "--store", store.path, "commitments"], stdin: document.text)
            #expect(put.exit == 0, "\(put)")
        }
        let listed = try run(["ls", "--store", store.path, "commitments", "--from", "2025-01-27", "--to", "2025-01-27", "--json"])
        #expect(listed.exit == 0, "\(listed)")
        let entries = try #require(try listed.json() as? [[String: Any]], "\(listed)")
        let orders = entries.compactMap { int(($0["document"] as? [String: Any])?["sort_order"]) }.sorted()
        #expect(orders == [0, 1], "\(listed)")
        let check = try run(["check", "--store", store.path])
        #expect(check.exit == 0, "\(check)")
    }
}

extension SchemaRuleFixtures {
    /// The id of a row's base document.
    static func baseID(of row: SchemaRuleRow) -> String {
        if case .string(let id)? = row.base[pointer: "/id"] { return id }
        return ""
    }
}
