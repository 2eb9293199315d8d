import Almanac

/// Not built yet (issue 7).
enum DeleteCommand {
    static func run(_ context: CommandContext) throws -> Int32 {
        throw AlmanacError(.invalidArgument, "not built yet (issue 7)")
    }
}
