/// A command line that does not match the declarations: the user typed something wrong.
///
/// The caller prints `report` to stderr and exits with `exitCode` (2, the usage exit code of
/// DESIGN §8). The message is lowercase and has no trailing period, so it reads well after
/// the `almanac: error: ` prefix.
struct UsageError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong, e.g. `unknown option '--jsno'; did you mean '--json'?`.
    var message: String
    /// The name of the tool, `"almanac"`.
    var rootName: String
    /// The subcommand path the error belongs to (`["migrate", "up"]`; `[]` for the root),
    /// so the hint points at the help that lists what was expected.
    var commandPath: [String]

    /// The exit status for usage errors.
    static let exitCode: Int32 = 2

    var description: String { message }

    /// `see 'almanac put --help'`.
    var helpHint: String {
        "see '" + ([rootName] + commandPath + ["--help"]).joined(separator: " ") + "'"
    }

    /// The two lines to print on stderr.
    var report: String {
        "\(rootName): error: \(message)\n\(helpHint)"
    }
}
