extension StoreWriter {
    /// Gives the pre-migration `store.json` in `folder` (a rollback's copy, in the writer's
    /// backup folder) the store's calendar as it is now: a change of time zone made since
    /// belongs to no schema version, and the days filed by it stay where they are when the
    /// schema goes back.
    func carryCalendar(into folder: Directory?) throws {
        guard let folder, let bytes = try folder.readFile(Manifest.fileName) else { return }
        var restored = try Manifest(bytes: bytes)
        let current = try Manifest.required(in: root)
        guard restored.calendar != current.calendar else { return }
        restored.calendar = current.calendar
        restored.formatVersion = max(restored.formatVersion, current.formatVersion)
        try folder.writeFile(Manifest.fileName, try restored.bytes, folderFlush: .barrier)
    }
}
