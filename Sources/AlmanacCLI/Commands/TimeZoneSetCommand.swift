import Almanac
import Foundation

/// `almanac time-zone set ZONE [--from DATE]`: files days from a day on in another zone.
enum TimeZoneSetCommand: AlmanacCommand {
    static let zone = PositionalSpec.required("zone", help: "The IANA time zone new days are filed in, e.g. Asia/Kolkata.")
    static let from = OptionSpec.option(
        "from", valueName: "DATE",
        help: "The first day in ZONE (default: the next day to begin there, so the day in progress finishes in the zone it began in).")

    static let group: CommandGroup? = .timeZone
    static let spec = CommandSpec(
        name: "set",
        abstract: "File new days in another time zone, when the store's user moves.",
        discussion: "Every day before the change stays where it was; the change is refused when it would move a recorded document to another day or change the zone of a day a document is dated on. An app records the user's zone beside it (Pressure's settings timezone_identifier): save that next.",
        options: [from], positionals: [zone])

    static func run(_ context: CommandContext) throws -> Int32 {
        guard let name = context.values.positional(zone) else { throw context.usage("missing argument ZONE") }
        guard let named = TimeZone(identifier: name) else {
            throw context.usage("'\(name)' is not a time zone; give an IANA id such as Asia/Kolkata")
        }
        var day: CalendarDate?
        if let text = context.values.option(from) {
            guard let parsed = CalendarDate(text) else { throw context.usage("--from expects a date such as 2025-03-01, got '\(text)'") }
            day = parsed
        }
        let store = try context.openStore()
        let changed = try store.changeTimeZone(to: named, from: day)
        store.finishWriting()
        let printed = PrintedCalendar(store.calendar)
        try context.print(printed, adding: ["store": .string(store.url.path), "changed": .bool(changed)]) { printed in
            let head = changed
                ? "new days are filed in \(printed.timeZone) from \(printed.periods.last?.from ?? "")."
                : "unchanged: the store already files new days in \(printed.timeZone)."
            let next = changed ? "\nan app that records the user's zone (Pressure's settings timezone_identifier) saves it next; 'almanac check' names anything left to save" : ""
            return head + "\n" + printed.text + next
        }
        return ExitCode.success
    }
}
