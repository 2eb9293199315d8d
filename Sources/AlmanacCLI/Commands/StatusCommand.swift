import Almanac

/// `almanac status`
enum StatusCommand: AlmanacCommand {
    static let spec = CommandSpec(name: "status", abstract: "Show the store's app, versions, time zone and document counts.")

    static func run(_ context: CommandContext) throws -> Int32 {
        let store = try context.openStore()
        let status = try store.status()
        try context.print(status, adding: ["store": .string(store.url.path)]) { status in
            var lines = [
                Output.table([
                    ["store", store.url.path],
                    ["app", status.app],
                    ["schema", "version \(status.schemaVersion) (store format \(status.formatVersion))"],
                    ["time zone", status.timeZone + (status.timeZoneChanges.map { " (changes: " + $0.joined(separator: ", ") + ")" } ?? "")],
                    ["created", status.createdAt ?? "unknown"],
                ]),
                "",
                Output.table([["collection", "layout", "documents"]] + status.collections.map { [$0.name, $0.layout, String($0.documents)] }),
            ]
            if let refusal = status.writeRefusal { lines.append("\nread-only: \(refusal)") }
            return lines.joined(separator: "\n")
        }
        let unreadable = status.collections.flatMap(\.unreadable)
        guard unreadable.isEmpty else {
            Output.problems(unreadable.map(store.readFailure(atPath:)), json: context.json)
            Output.error("\(unreadable.count) document file\(unreadable.count == 1 ? "" : "s") could not be read (above); the counts are of the readable ones")
            return ExitCode.problemsFound
        }
        return ExitCode.success
    }
}
