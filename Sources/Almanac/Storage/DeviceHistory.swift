import Foundation

/// When this device ran what: `.almanac/history.json`, `{"runs": [{"kind", "at", …}]}`, the
/// newest last.
///
/// `store.json` is shared by every device that syncs the store, so it records only what the
/// operations did (a function of the documents and the operations), never when or for how
/// long: two devices that run the same migration, seed import or retention write identical
/// bytes. The times go here, in the device's own folder, which is not synced. Kept to the
/// newest ``capacity`` runs; a history that cannot be written loses a record, nothing else.
struct DeviceHistory {
    static let fileName = "history.json"
    static let capacity = 500

    /// Appends `run` (its `kind` and members) with the time `at`.
    static func record(_ kind: String, _ members: [String: JSONValue], root: Directory, at date: Date = Date()) {
        guard let internalFolder = try? root.openOrCreateFolder(".almanac").folder else { return }
        var runs = runsRecorded(in: internalFolder)
        var run = members
        run["kind"] = .string(kind)
        run["at"] = .string(Timestamp.format(date))
        runs.append(.object(run))
        let kept = Array(runs.suffix(capacity))
        try? internalFolder.writeFile(fileName, CanonicalJSON.prettyBytes(.object(["runs": .array(kept)])), folderFlush: .barrier)
    }

    /// The runs recorded on this device, oldest first.
    static func runs(root: Directory) -> [JSONValue] {
        guard let internalFolder = try? root.openFolder(".almanac") else { return [] }
        return runsRecorded(in: internalFolder)
    }

    private static func runsRecorded(in folder: Directory) -> [JSONValue] {
        guard let bytes = try? folder.readFile(fileName), let value = try? JSONParser.parse(bytes).value else { return [] }
        return value["runs"]?.arrayValue ?? []
    }
}
