#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs the measurements of a case: one warm-up of each subject, then `repetitions` rounds in
/// which every subject is measured once. The order rotates from round to round, so that a
/// machine that drifts (other builds, write-back of a previous round) hits every subject alike,
/// and ratios are taken within a round.
struct Repeater {
    /// Which run of a subject this is.
    enum Phase: Equatable {
        /// Not recorded: fills caches, loads code, opens files.
        case warmUp
        /// Recorded, round `n` (0-based).
        case round(Int)
    }

    /// Recorded rounds.
    var repetitions: Int
    /// Whether each subject runs once, unrecorded, before the rounds.
    var warmUp = true
    /// Whether to flush the page cache's dirty pages (`sync`) before each measurement, so that
    /// one subject's write-back does not land in the next one's timing.
    var flushBetween = false
    /// Where each measurement is reported as it is taken (progress on standard error).
    var log: (String) -> Void = { _ in }

    /// Measures every subject in `subjects` with `measure`, which returns the value to record
    /// (it does its own untimed setup and cleanup). Returns each subject's values, in round order.
    func run<Subject: Hashable>(_ subjects: [Subject], _ measure: (Subject, Phase) throws -> Double) throws -> [Subject: [Double]] {
        if warmUp {
            for subject in subjects {
                settle()
                // Almanac's warm-up also reports its peak descriptors and flushes (AlmanacIOProbe):
                // the warm-up is not timed, so the probe's sampling thread slows no recorded round.
                let value = try (subject as? any SideSubject)?.side == .almanac
                    ? AlmanacIOProbe.shared.measure { try measure(subject, .warmUp) }
                    : measure(subject, .warmUp)
                log("  \(subject) warm-up: \(String(format: "%.4g", value))")
            }
        }
        var values: [Subject: [Double]] = [:]
        for round in 0..<repetitions {
            for offset in 0..<subjects.count {
                let subject = subjects[(round + offset) % subjects.count]
                settle()
                let value = try measure(subject, .round(round))
                log("  \(subject) round \(round + 1): \(String(format: "%.4g", value))")
                values[subject, default: []].append(value)
            }
        }
        return values
    }

    private func settle() {
        if flushBetween { sync() }
    }
}

/// A subject of a case that is one side's work (a side itself, or a side on one of several stores).
protocol SideSubject {
    var side: Side { get }
}

extension Side: SideSubject {
    var side: Side { self }
}
