import Almanac
import Foundation

/// Makes the benchmark's documents, shaped like the reference apps' data and fully determined
/// by a seed: the same sizes give the same documents, byte for byte, on every run.
enum DocumentFactory {
    /// The seed of every generated data set ("Almanac!" in ASCII), varied per data set.
    static let seed: UInt64 = 0x416C_6D61_6E61_6321

    private static let apps = ["Instagram", "TikTok", "YouTube", "X", "Reddit", "Facebook", "Snapchat", "Threads", "Pinterest", "LinkedIn"]
    private static let places = ["Home", "Work", "Social", "Outside", "Car"]
    private static let cravingNotes = [
        "Friday night, everyone was going out.",
        "Right after the meeting ran late again.",
        "Walked past the old place on the way home and it hit hard.",
        "Could not sleep; scrolled for an hour and the craving came back around midnight.",
        "Stressful call with my sister. Went for a run instead, it passed after twenty minutes.",
        "Watched the motivational video I recorded last month. Helped more than I expected, honestly.",
        "Bored on a rainy Sunday afternoon with nothing planned, the usual trigger.",
    ]
    private static let templates = ["A-EMO-001", "A-EMO-002", "A-EMO-003", "A-EMO-004", "A-IND-001", "A-IND-002", "A-IND-003", "A-IND-004"]
    private static let moods = ["calm", "silly", "frustrated", "proud", "tired", "curious", "overwhelmed"]
    private static let actionNotes = [
        "He asked for the bubble wand again at bedtime.",
        "Schöne Pause – she named 'nervous' all by herself!",
        "Too tired after daycare, we tried the five-minute version.",
        "Worked well at breakfast; will try again tomorrow before school.",
        "Big meltdown first, then we did it together and it ended with laughing.",
    ]

    /// `count` MIGA usage events on `days` days from `start` (about `count / days` a day,
    /// between 07:00 and midnight UTC), oldest first.
    static func usageEvents(count: Int, days: Int, from start: CalendarDate, seed: UInt64) -> [UsageEvent] {
        var random = SplitMix64(seed: seed)
        let events = (0..<count).map { _ -> UsageEvent in
            let timerDuration = random.weighted([(15.0, 2), (20.0, 4), (30.0, 3), (45.0, 1)])
            let type = random.weighted([(UsageEvent.EventType.exitToFocus, 40), (.deepenPause, 25), (.proceedToApp, 35)])
            return UsageEvent(
                id: random.uuid(),
                eventType: type,
                timestamp: instant(on: start, within: days, using: &random),
                targetAppName: apps[Int.random(in: 0..<apps.count, using: &random)],
                pauseDuration: Double(Int.random(in: 0...Int(timerDuration) * 10, using: &random)) / 10,
                timerDuration: timerDuration)
        }
        return events.sortedOldestFirst()
    }

    /// `count` Cravey cravings on `days` days from `start`, oldest first.
    static func cravings(count: Int, days: Int, from start: CalendarDate, seed: UInt64) -> [Craving] {
        var random = SplitMix64(seed: seed)
        let cravings = (0..<count).map { _ -> Craving in
            let id = random.uuid()
            let timestamp = instant(on: start, within: days, using: &random)
            let createdAt = timestamp.addingTimeInterval(Double(Int.random(in: 5...120, using: &random)))
            var triggers = Set<Craving.Trigger>()
            for _ in 0..<random.weighted([(0, 1), (1, 5), (2, 3), (3, 1)]) {
                triggers.insert(Craving.Trigger.allCases[Int.random(in: 0..<Craving.Trigger.allCases.count, using: &random)])
            }
            let location: String? = random.chance(0.5)
                ? (random.chance(0.8)
                    ? places[Int.random(in: 0..<places.count, using: &random)]
                    : String(format: "%.4f,%.4f", Double.random(in: 41.6...42.0, using: &random), Double.random(in: -87.9 ... -87.5, using: &random)))
                : nil
            return Craving(
                id: id,
                timestamp: timestamp,
                intensity: Int.random(in: 1...10, using: &random),
                triggers: Craving.Trigger.allCases.filter(triggers.contains),
                location: location,
                notes: random.chance(0.35) ? cravingNotes[Int.random(in: 0..<cravingNotes.count, using: &random)] : nil,
                recordingId: nil,
                createdAt: createdAt,
                modifiedAt: random.chance(0.1) ? createdAt.addingTimeInterval(Double(Int.random(in: 600...86_400, using: &random))) : nil)
        }
        return cravings.sortedOldestFirst()
    }

    /// `count` Elaro action instances on `days` days from `start`, oldest first.
    static func actionInstances(count: Int, days: Int, from start: CalendarDate, seed: UInt64) -> [ActionInstance] {
        var random = SplitMix64(seed: seed)
        let instances = (0..<count).map { _ -> ActionInstance in
            ActionInstance(
                id: random.uuid(),
                date: start.adding(days: Int.random(in: 0..<max(1, days), using: &random)),
                templateId: templates[Int.random(in: 0..<templates.count, using: &random)],
                variantDuration: random.weighted([(5, 3), (10, 5), (20, 2)]),
                status: random.weighted([(ActionInstance.Status.done, 70), (.snoozed, 15), (.skipped, 15)]),
                feltDifficulty: random.weighted([(ActionInstance.Difficulty.light, 4), (.ok, 4), (.hard, 2)]),
                mood: random.chance(0.6) ? moods[Int.random(in: 0..<moods.count, using: &random)] : nil,
                note: random.chance(0.3) ? actionNotes[Int.random(in: 0..<actionNotes.count, using: &random)] : nil)
        }
        return instances.sortedOldestFirst()
    }

    /// A whole-second instant on one of `days` days from `start`, in waking hours (07:00–24:00 UTC).
    private static func instant(on start: CalendarDate, within days: Int, using random: inout SplitMix64) -> Date {
        let day = start.daysSinceEpoch + Int.random(in: 0..<max(1, days), using: &random)
        let second = 7 * 3600 + Int.random(in: 0..<(17 * 3600), using: &random)
        return Date(timeIntervalSince1970: Double(day * 86_400 + second))
    }
}
