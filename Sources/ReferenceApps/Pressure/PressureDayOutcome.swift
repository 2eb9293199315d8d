import Foundation

/// How a settled day counts for escalation.
public enum PressureDayOutcome: String, Codable, Sendable, CaseIterable {
    /// Every commitment of the day ended YES.
    case success = "YES"
    /// At least one commitment ended NO or MISSED without a restart shield.
    case miss = "MISS"
    /// The day's misses were all covered by a restart shield.
    case shieldedMiss = "SHIELDED"

    /// The outcome of one day's commitments, or `nil` while one of them is PENDING (or
    /// there are none). With several commitments a day (schema 2) the worst one decides,
    /// as the seed suggests ("the worst-case tier across all commitments").
    public init?(_ commitments: [Commitment]) {
        guard !commitments.isEmpty, commitments.allSatisfy(\.status.isFinal) else { return nil }
        let misses = commitments.filter { $0.status != .yes }
        if misses.isEmpty {
            self = .success
        } else {
            self = misses.allSatisfy(\.shieldUsed) ? .shieldedMiss : .miss
        }
    }
}
