import Foundation

/// How much of the exhaustive tests a run does. An ordinary run (CI) samples, so that the whole
/// suite stays within its time budget on two cores: the crash explorer judges a seeded third of
/// the states before a reported commit, and the full-disk matrix runs three of its seven
/// fullnesses per operation. `ALMANAC_FULL_SWEEP=1` runs every state and every fullness. A
/// sample's seed is printed with its outcome, so a failure can be repeated.
enum FullSweep {
    /// Whether this run does the whole sweep.
    static let isOn = ProcessInfo.processInfo.environment["ALMANAC_FULL_SWEEP"] == "1"

    /// The seed of a run's samples: `ALMANAC_SAMPLE_SEED`, or the day's number, so that each
    /// day's runs sample other states.
    static let seed = UInt64(ProcessInfo.processInfo.environment["ALMANAC_SAMPLE_SEED"] ?? "")
        ?? UInt64(Date().timeIntervalSince1970 / 86_400)
}
