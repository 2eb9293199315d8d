/// Merging two versions of `store.json` that a sync left (git's markers, a conflict copy): two
/// devices that did compatible work — the same migrations, one device further along, seed
/// imports of the same files — end with one history, the same on both devices.
///
/// Anything else (different migrations under one version, another app or time zone) is not
/// guessed at: the error shows both sides and the next step.
enum ManifestMerge {
    /// The merge of `ours` and `theirs`; the result does not depend on which is which.
    static func merge(_ ours: Manifest, _ theirs: Manifest, theirsName: String) throws -> Manifest {
        func refuse(_ what: String) -> AlmanacError {
            AlmanacError(
                .syncConflict,
                "store.json has two versions a sync could not merge: \(what). Keep the version that matches the app you ship (with git, check out one side of store.json, ours or theirs; with a sync tool, delete \(theirsName) or move it over store.json), then Migrator.migrate(storeAt:) to bring the documents forward, then Store.check()",
                path: Manifest.fileName).with(.migrateThenCheck)
        }
        guard ours.app == theirs.app else {
            throw refuse("one is a store of \(ours.app), the other of \(theirs.app)")
        }
        // One device changed the zone and the other did not yet see it: the longer history holds
        // the shorter one, and its days are what both filed (the change moved no stored day).
        let (fewer, more) = ours.calendar.periods.count <= theirs.calendar.periods.count ? (ours.calendar, theirs.calendar) : (theirs.calendar, ours.calendar)
        guard more.periods.starts(with: fewer.periods) else {
            throw refuse("one files days as \(ours.calendar), the other as \(theirs.calendar)")
        }
        let (short, long) = ours.migrations.count <= theirs.migrations.count ? (ours, theirs) : (theirs, ours)
        for (index, entry) in short.migrations.enumerated() where !sameMigration(entry, long.migrations[index]) {
            throw refuse("for schema version \(entry["version"]?.shortDescription ?? "?") one applied \(describe(entry)) and the other \(describe(long.migrations[index]))")
        }
        var merged = long
        if short.migrations.count == long.migrations.count {
            // Equal histories: each entry as the larger record (older stores kept run times).
            merged.migrations = zip(ours.migrations, theirs.migrations).map { larger($0, $1) }
            guard ours.schemaVersion == theirs.schemaVersion else {
                throw refuse("both applied the same migrations, yet one says schema version \(ours.schemaVersion) and the other \(theirs.schemaVersion)")
            }
        }
        merged.calendar = more
        merged.formatVersion = max(ours.formatVersion, theirs.formatVersion)
        merged.createdAt = [ours.createdAt, theirs.createdAt].compactMap { $0 }.min()
        merged.seeds = mergedSeeds(ours.seeds, theirs.seeds)
        merged.seedDeletions = SeedDeletion.merged(ours.seedDeletions, theirs.seedDeletions)
        merged.seedValues = SeededValues.merged(ours.seedValues, theirs.seedValues)
        merged.retention = [ours.retention, theirs.retention].compactMap { $0 }.max(by: { order($0).lexicographicallyPrecedes(order($1)) })
        var unknown = ours.unknown
        for (key, value) in theirs.unknown {
            unknown[key] = unknown[key].map { larger($0, value) } ?? value
        }
        merged.unknown = unknown
        return merged
    }

    /// Seed records of both, one per file and checksum (the same content imported on both
    /// devices), in a fixed order.
    private static func mergedSeeds(_ ours: [JSONValue], _ theirs: [JSONValue]) -> [JSONValue] {
        func key(_ record: JSONValue) -> String {
            (record["file"]?.stringValue ?? "") + "\u{0}" + (record["checksum"]?.stringValue ?? String(decoding: CanonicalJSON.compactBytes(record), as: UTF8.self))
        }
        var byKey: [String: JSONValue] = [:]
        for record in ours + theirs {
            byKey[key(record)] = byKey[key(record)].map { larger($0, record) } ?? record
        }
        // The longer history's order when the other is its beginning; otherwise by key, the
        // same on every device.
        let (short, long) = ours.count <= theirs.count ? (ours, theirs) : (theirs, ours)
        let keys = long.map(key).starts(with: short.map(key)) ? long.map(key) : byKey.keys.sorted()
        var seen: Set<String> = []
        return keys.filter { seen.insert($0).inserted }.compactMap { byKey[$0] }
    }

    private static func sameMigration(_ a: JSONValue, _ b: JSONValue) -> Bool {
        a["version"] == b["version"] && a["checksum"] == b["checksum"]
    }

    private static func describe(_ entry: JSONValue) -> String {
        "\(entry["name"]?.stringValue ?? "?") (checksum \(entry["checksum"]?.stringValue?.prefix(12) ?? "?")…)"
    }

    private static func larger(_ a: JSONValue, _ b: JSONValue) -> JSONValue {
        order(a).lexicographicallyPrecedes(order(b)) ? b : a
    }

    private static func order(_ value: JSONValue) -> [UInt8] {
        CanonicalJSON.compactBytes(value)
    }
}
