import Almanac

/// The library's messages speak in its API's terms (a lock timeout, `force`, redacted
/// fields); the tool names the flag a person types instead, from the remedy an error
/// carries (``AlmanacError/Remedy``).
enum FlagHints {
    static func apply(_ error: AlmanacError) -> AlmanacError {
        var error = error
        if let remedy = error.remedy, let words = typed[remedy] { error.message = error.message(withRemedyAs: words) }
        error.message = text(error.message)
        return error
    }

    /// How each of the library's remedies is typed at a terminal.
    static let typed: [AlmanacError.Remedy: String] = [
        .longerLockTimeout: "a longer --lock-timeout",
        .rollbackForce: "roll back with --force",
        .withoutRedaction: "without --redact",
        .overrideFinalStates: "Delete it anyway with --override-transitions; delete --all and retention run remove it too",
        .withoutDateRange: "leave out --from and --to",
        .takeOneVersion: "with --take (one of",
    ]

    /// A library message with the API it names replaced by the command a person runs.
    static func text(_ message: String) -> String {
        message.replacingOccurrences(of: "Store.fix()", with: "'almanac check --fix'")
    }

    /// A check report whose messages name commands instead of API.
    static func apply(_ report: CheckReport) -> CheckReport {
        var report = report
        for index in report.problems.indices { report.problems[index].message = text(report.problems[index].message) }
        return report
    }
}
