import Almanac

/// `almanac time-zone show`: the store's calendar, a zone per period.
enum TimeZoneShowCommand: AlmanacCommand {
    static let group: CommandGroup? = .timeZone
    static let spec = CommandSpec(
        name: "show",
        abstract: "Show the zone the store files days in, and each change since it was made.",
        discussion: "Days before a change stay in the zone before it: a move never files a recorded day again.")

    static func run(_ context: CommandContext) throws -> Int32 {
        let store = try context.openStore()
        try context.print(PrintedCalendar(store.calendar), adding: ["store": .string(store.url.path)]) { printed in
            printed.text
        }
        return ExitCode.success
    }
}

/// A calendar as `time-zone` commands print it: its periods, oldest first.
struct PrintedCalendar: Encodable {
    struct Period: Encodable {
        var from: String?
        var timeZone: String
    }

    var timeZone: String
    var periods: [Period]

    init(_ calendar: StoreCalendar) {
        timeZone = calendar.latestZoneName
        periods = calendar.periods.map { Period(from: $0.first?.description, timeZone: $0.zoneName) }
    }

    /// `America/Los_Angeles  until 2025-02-28` / `Asia/Kolkata  from 2025-03-01`, one line each.
    var text: String {
        periods.enumerated().map { index, period in
            let next = index + 1 < periods.count ? periods[index + 1].from.flatMap(CalendarDate.init) : nil
            let from = period.from.map { "from \($0)" }
            let until = next.map { "until \($0.adding(days: -1))" }
            let span = [from, until].compactMap { $0 }.joined(separator: " ")
            return period.timeZone + (span.isEmpty ? "" : "  " + span)
        }.joined(separator: "\n")
    }
}
