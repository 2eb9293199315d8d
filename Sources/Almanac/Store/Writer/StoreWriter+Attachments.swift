/// Moving a document's attachments with it (see Store+Attachments.swift).
extension StoreWriter {
    /// Moves the attachment folder of a document that moved to another date folder.
    func moveAttachments(from old: DocumentLocation, to new: DocumentLocation, _ state: StoreState) throws {
        guard let id = old.id, old.folderPath != new.folderPath,
              let source = try reader.openFolders(old.folderPath), try source.entryKind(of: Filing.attachmentFolderName(id)) == .folder
        else { return }
        let target = try writableFolder(new.folderPath, state)
        try source.rename(Filing.attachmentFolderName(id), into: target, as: Filing.attachmentFolderName(new.id ?? id))
        try target.synchronize(.barrier)
        try source.synchronize(.barrier)
    }

    /// Saves `bytes` as the attachment `name` of document `id`, durably (``Store/saveAttachment(_:named:to:in:)``).
    func saveAttachment(_ bytes: [UInt8], named name: String, to id: String, in descriptor: CollectionDescriptor) throws {
        try withWriteLock { state in
            guard let location = try reader.location(of: id, in: descriptor) else {
                throw AlmanacError(.notFound, "no \(descriptor.name) document \"\(id)\" to attach \"\(name)\" to; save the document first", id: id)
            }
            let folder = try createFolders(location.folderPath + [Filing.attachmentFolderName(location.id ?? id)])
            // On a case-insensitive volume (APFS and HFS+ by default) two such names are one file.
            let key = DocumentID.key(name)
            if let other = try folder.entries().first(where: { $0.name != name && DocumentID.key($0.name) == key }) {
                throw AlmanacError(
                    .idCollision,
                    "attachment \"\(name)\" differs only in case from the attachment \"\(other.name)\" of \(descriptor.name) document \"\(location.id ?? id)\"; names that differ only in case are the same file on Apple systems: save it as \"\(other.name)\" to replace it, or choose another name",
                    path: folder.childPath(other.name), id: location.id ?? id)
            }
            try folder.writeFile(name, bytes, folderFlush: commitFlush)
        }
    }
}
