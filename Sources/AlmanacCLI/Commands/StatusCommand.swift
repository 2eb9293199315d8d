import Almanac

/// `almanac status`
enum StatusCommand: AlmanacCommand {
    static let spec = CommandSpec(name: "status", abstract: "Show the store's app, versions, time zone and document counts.")

    static func run(_ context: CommandContext) throws -> Int32 {
        let store = try context.openStore()
        try context.print(try store.status(), adding: ["store": .string(store.url.path)]) { status in
            var lines = [
                Output.table([
                    ["store", store.url.path],
                    ["app", status.app],
                    ["schema", "version \(status.schemaVersion) (store format \(status.formatVersion))"],
                    ["time zone", status.timeZone],
                    ["created", status.createdAt ?? "unknown"],
                ]),
                "",
                Output.table([["collection", "layout", "documents"]] + status.collections.map { [$0.name, $0.layout, String($0.documents)] }),
            ]
            if let refusal = status.writeRefusal { lines.append("\nread-only: \(refusal)") }
            return lines.joined(separator: "\n")
        }
        return ExitCode.success
    }
}
