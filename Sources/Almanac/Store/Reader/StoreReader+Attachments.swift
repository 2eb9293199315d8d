/// Reading a document's attachments (`<id>.files/` beside it, see Store+Attachments.swift).
extension StoreReader {
    /// The attachments of the document at `location`, sorted by name.
    func attachments(at location: DocumentLocation, readingBytes: Bool = true) throws -> [(name: String, bytes: [UInt8])] {
        guard let id = location.id, let folder = try openFolders(location.folderPath + [Filing.attachmentFolderName(id)]) else { return [] }
        var result: [(String, [UInt8])] = []
        for entry in try folder.entries().sorted(by: { $0.name < $1.name }) where entry.kind == .file && !Directory.isTemporaryName(entry.name) && !SystemFile.isSystemFile(entry.name) {
            result.append((entry.name, readingBytes ? try folder.readFile(entry.name) ?? [] : []))
        }
        return result
    }

    /// How many attachment files the documents of `collection` in `days` have.
    func attachmentNames(of collection: CollectionDescriptor, days: ClosedRange<CalendarDate>?) throws -> [String] {
        guard collection.attachments else { return [] }
        var names: [String] = []
        try walkDocuments(of: collection, days: days, readingDocuments: days != nil) { location, _ in
            names += try attachments(at: location, readingBytes: false).map { "\(location.id ?? "")/\($0.name)" }
        }
        return names
    }
}
