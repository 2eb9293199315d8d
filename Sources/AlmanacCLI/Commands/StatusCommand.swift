import Almanac

/// `almanac status`
enum StatusCommand {
    static func run(_ context: CommandContext) throws -> Int32 {
        let store = try context.openStore()
        let status = try store.status()
        if context.json {
            var members: [String: JSONValue] = [
                "store": .string(store.url.path), "app": .string(status.app),
                "formatVersion": .number(JSONNumber(status.formatVersion)),
                "schemaVersion": .number(JSONNumber(status.schemaVersion)),
                "timeZone": .string(status.timeZone),
                "collections": .array(status.collections.map {
                    .object(["name": .string($0.name), "layout": .string($0.layout), "documents": .number(JSONNumber($0.documents))])
                }),
            ]
            if let createdAt = status.createdAt { members["createdAt"] = .string(createdAt) }
            if let refusal = status.writeRefusal { members["writeRefusal"] = .string(refusal) }
            Output.json(.object(members))
            return ExitCode.success
        }
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
        Output.write(lines.joined(separator: "\n"))
        return ExitCode.success
    }
}
