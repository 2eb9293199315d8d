import Foundation

/// Where a document's attachments go, and which names they may have (DESIGN §2).
extension Filing {
    /// The folder name of a document's attachments.
    static func attachmentFolderName(_ id: String) -> String { id + attachmentFolderSuffix }

    /// What ends the name of a document's attachment folder.
    static let attachmentFolderSuffix = ".files"

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
