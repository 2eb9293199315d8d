import Foundation

/// How much of the exhaustive and randomized tests a run does. An ordinary run (CI) samples, so
/// that the whole suite stays within its time budget on two cores: the crash explorer judges a
/// seeded half of the states before a reported commit, the full-disk matrix runs three of its
/// seven fullnesses per operation, and the kill-at-random-moments and live-store tests run fewer
/// rounds. `ALMANAC_FULL_SWEEP=1` runs every state, every fullness and every round. A sample's
/// seed is printed with its outcome, so a failure can be repeated.
enum FullSweep {
    /// Whether this run does the whole sweep.
    static let isOn = ProcessInfo.processInfo.environment["ALMANAC_FULL_SWEEP"] == "1"

    /// `full` in a full sweep, `sampled` otherwise.
    static func rounds(_ full: Int, sampled: Int) -> Int { isOn ? full : sampled }

    /// The seed of a run's samples: `ALMANAC_SAMPLE_SEED`, or the day's number, so that each
    /// day's runs sample other states.
    static let seed = UInt64(ProcessInfo.processInfo.environment["ALMANAC_SAMPLE_SEED"] ?? "")
        ?? UInt64(Date().timeIntervalSince1970 / 86_400)
}
