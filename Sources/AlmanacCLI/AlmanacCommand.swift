/// One `almanac` command: its declaration and what it does, in one file under `Commands/`.
///
/// A command declares its options and positionals as static constants (or uses those of
/// ``CommonOptions``), lists them in its ``spec``, and reads their values through the same
/// constants. Adding a command is a new conforming type plus one line in
/// ``CommandList/commands``.
///
///     enum StatusCommand: AlmanacCommand {
///         static let spec = CommandSpec(name: "status", abstract: "Show the store's app, versions and counts.")
///
///         static func run(_ context: CommandContext) throws -> Int32 {
///             let store = try context.openStore()
///             try context.print(try store.status()) { status in "app \(status.app)" }
///             return ExitCode.success
///         }
///     }
protocol AlmanacCommand: Sendable {
    /// The group the command sits in (`migrate` for `almanac migrate up`), or nil at the top.
    static var group: CommandGroup? { get }
    /// The command's name, help, options and positionals (or, for a command that serves a
    /// whole subtree like `report`, its subcommands).
    static var spec: CommandSpec { get }
    /// Runs the command with the parsed values and returns the exit code.
    ///
    /// - Throws: `UsageError` for a command line that cannot be acted on, `AlmanacError`
    ///   from the library; `AlmanacTool` prints them and maps them to exit codes.
    static func run(_ context: CommandContext) throws -> Int32
}

extension AlmanacCommand {
    static var group: CommandGroup? { nil }

    /// The names from the tool to the command: `["migrate", "up"]`.
    static var path: [String] { (group.map { [$0.rawValue] } ?? []) + [spec.name] }
}
