import Almanac

/// `almanac retention run`: not built yet (issue 7).
enum RetentionRunCommand {
    static func run(_ context: CommandContext) throws -> Int32 {
        throw AlmanacError(.invalidArgument, "retention is not built yet (issue 7)")
    }
}
