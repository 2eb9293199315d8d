import Almanac

/// The library's messages speak in its API's terms (a lock timeout, `force`, redacted
/// fields); the tool names the flag a person types instead. Errors are told apart by code
/// and pointer, and by the fixed words that end a message where those are the only mark.
enum FlagHints {
    static func apply(_ error: AlmanacError) -> AlmanacError {
        var error = error
        error.message = text(error.message)
        switch error.code {
        case .locked:
            error.message = error.message.replacingOccurrences(of: "a longer lock timeout", with: "a longer --lock-timeout")
        case .rollbackRefused where error.message.hasSuffix("roll back with force"):
            error.message = String(error.message.dropLast("force".count)) + "--force"
        case .invalidArgument where error.pointer == "/redacted":
            error.message = error.message.replacingOccurrences(of: "without redacted fields", with: "without --redact")
        case .ruleViolation where error.message.contains("by overriding final states (store.delete(_:overridingFinalStates: true))"):
            error.message = error.message
                .replacingOccurrences(of: "by overriding final states (store.delete(_:overridingFinalStates: true))", with: "with --override-transitions")
                .replacingOccurrences(of: "deleting everything and retention", with: "delete --all and retention run")
        case .invalidQuery where error.message.hasSuffix("cannot be read by date range; read it without one"):
            error.message = String(error.message.dropLast("read it without one".count)) + "leave out --from and --to"
        case .syncConflict:
            error.message = error.message.replacingOccurrences(of: "by taking one of them (taking: one of", with: "with --take (one of")
        default:
            break
        }
        return error
    }

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
