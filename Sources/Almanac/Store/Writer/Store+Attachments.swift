import Foundation

/// Attachments (DESIGN §2): files a document owns, kept beside it in `<id>.files/`, e.g.
/// `data/recordings/CD3A….files/audio_CD3A….m4a`. They are written durably like documents,
/// move with their document, go with it when it is deleted, and are exported with `--attachments`.
///
/// Fields whose name ends in `Path` (Cravey's `filePath`, `thumbnailPath`) name an attachment
/// by their last path component; `check` reports such a name without its file as missing.
extension Store {
    /// The folder name of a document's attachments.
    static func attachmentFolderName(_ id: String) -> String { id + ".files" }

    /// Saves `bytes` as the attachment `name` of document `id`, durably.
    ///
    /// - Throws: `.invalidArgument` when the collection has no attachments or `name` is not a
    ///   plain file name; `.notFound` when the document does not exist.
    public func saveAttachment(_ bytes: [UInt8], named name: String, to id: String, in collection: String) throws {
        let descriptor = try self.collection(named: collection)
        guard descriptor.attachments else {
            throw AlmanacError(.invalidArgument, "collection \(collection) has no attachments; set \"attachments\": true in its catalog entry to keep files with its documents")
        }
        try Store.validateAttachmentName(name)
        try withWriteLock { state in
            guard let location = try locationIndex(of: descriptor)[DocumentID.key(id)] else {
                throw AlmanacError(.notFound, "no \(collection) document \"\(id)\" to attach \"\(name)\" to; save the document first", id: id)
            }
            let folder = try createFolders(location.folderPath + [Store.attachmentFolderName(location.id ?? id)])
            // On a case-insensitive volume (APFS and HFS+ by default) two such names are one file.
            let key = DocumentID.key(name)
            if let other = try folder.entries().first(where: { $0.name != name && DocumentID.key($0.name) == key }) {
                throw AlmanacError(
                    .idCollision,
                    "attachment \"\(name)\" differs only in case from the attachment \"\(other.name)\" of \(collection) document \"\(location.id ?? id)\"; names that differ only in case are the same file on Apple systems: save it as \"\(other.name)\" to replace it, or choose another name",
                    path: folder.childPath(other.name), id: location.id ?? id)
            }
            try folder.writeFile(name, bytes, folderFlush: commitFlush)
        }
    }

    /// The names of document `id`'s attachments, sorted.
    public func attachmentNames(of id: String, in collection: String) throws -> [String] {
        let descriptor = try self.collection(named: collection)
        guard let location = try location(of: id, in: descriptor) else { return [] }
        return try attachments(at: location, readingBytes: false).map(\.name)
    }

    /// The bytes of document `id`'s attachment `name`, or `nil` when there is none.
    public func attachment(named name: String, of id: String, in collection: String) throws -> [UInt8]? {
        let descriptor = try self.collection(named: collection)
        try Store.validateAttachmentName(name)
        guard let location = try location(of: id, in: descriptor), let id = location.id,
              let folder = try openFolders(location.folderPath + [Store.attachmentFolderName(id)])
        else { return nil }
        return try folder.readFile(name)
    }

    /// The attachments of the document at `location`, sorted by name.
    func attachments(at location: DocumentLocation, readingBytes: Bool = true) throws -> [(name: String, bytes: [UInt8])] {
        guard let id = location.id, let folder = try openFolders(location.folderPath + [Store.attachmentFolderName(id)]) else { return [] }
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

    /// Moves the attachment folder of a document that moved to another date folder.
    func moveAttachments(from old: DocumentLocation, to new: DocumentLocation, _ state: StoreState) throws {
        guard let id = old.id, old.folderPath != new.folderPath,
              let source = try openFolders(old.folderPath), try source.entryKind(of: Store.attachmentFolderName(id)) == .folder
        else { return }
        let target = try writableFolder(new.folderPath, state)
        try source.rename(Store.attachmentFolderName(id), into: target, as: Store.attachmentFolderName(new.id ?? id))
        try target.synchronize(.barrier)
        try source.synchronize(.barrier)
    }

    /// Refuses a document of a collection with attachments whose `…Path` field names a file
    /// that could never be one of its attachments (a name over 128 bytes, say, which the file
    /// system may not even hold): accepted, it would break `check` and `backup` later.
    static func validateAttachmentFields(_ members: [String: JSONValue], of collection: CollectionDescriptor, id: String?) throws {
        guard collection.attachments else { return }
        for (field, value) in members.sorted(by: { $0.key < $1.key }) where field.hasSuffix("Path") {
            guard case .string(let reference) = value, let name = reference.split(separator: "/").last.map(String.init) else { continue }
            do {
                try validateAttachmentName(name)
            } catch let error as AlmanacError {
                let shown = name.count > 40 ? String(name.prefix(40)) + "… (\(name.utf8.count) bytes)" : "\"\(name)\""
                throw AlmanacError(.invalidDocument, "\(field) names the attachment \(shown), which is not an attachment name (\(error.message.components(separatedBy: "; ").last ?? "")); give the file a shorter, plain name",
                                   id: id, pointer: "/" + field)
            }
        }
    }

    static func validateAttachmentName(_ name: String) throws {
        guard !name.isEmpty, name.utf8.count <= 128, !name.hasPrefix("."), !name.hasSuffix(Directory.temporarySuffix),
              name.unicodeScalars.allSatisfy({ $0.isASCII && (CharacterSet.alphanumerics.contains($0) || "._-".unicodeScalars.contains($0)) })
        else {
            throw AlmanacError(.invalidArgument, "\"\(name)\" is not an attachment name; use 1–128 ASCII letters, digits, '.', '_' or '-', not starting with '.'")
        }
    }
}
