import Foundation

/// What typed reads need from the catalog and the files: the collection of a Swift type, its
/// ids as strings, and decoding with errors that point into the file.
extension StoreReader {
    /// The collection of document type `D`, refused when the catalog makes it a singleton.
    func documentCollection<D: Document>(for type: D.Type) throws -> CollectionDescriptor {
        let descriptor = try collection(named: D.collection)
        guard !descriptor.isSingleton else {
            throw AlmanacError(.invalidArgument, "\(D.self) names the singleton collection \(D.collection); conform it to SingletonDocument instead of Document")
        }
        return descriptor
    }

    /// The collection of singleton type `S`, refused when the catalog does not make it one.
    func singletonCollection<S: SingletonDocument>(for type: S.Type) throws -> CollectionDescriptor {
        let descriptor = try collection(named: S.collection)
        guard descriptor.isSingleton else {
            throw AlmanacError(.invalidArgument, "\(S.self) names \(S.collection), which is not a singleton collection in the catalog; conform it to Document instead")
        }
        return descriptor
    }

    /// A typed id as the string files and indexes use.
    func idString<ID>(_ id: ID) throws -> String {
        if let string = id as? String { return string }
        if let uuid = id as? UUID { return uuid.uuidString }
        guard let encodable = id as? any Encodable, case .string(let string) = try DocumentEncoder().encode(encodable) else {
            throw AlmanacError(.invalidID, "document ids must encode as strings (String or UUID), found \(ID.self)")
        }
        return string
    }

    /// `stored` decoded as a `T`; a decoding error names the file, and the line and column of the member.
    func decode<T: Decodable>(_ type: T.Type, _ stored: StoredDocument) throws -> T {
        try decoding(stored) { try DocumentDecoder().decode(T.self, from: stored.value) }
    }

    /// ``decode(_:_:)`` for a Sendable type: a document the cache handed out keeps its decoded
    /// value, so a warm query decodes nothing.
    func decode<T: Decodable & Sendable>(_ type: T.Type, _ stored: StoredDocument) throws -> T {
        try decoding(stored) {
            guard let entry = stored.cached, stored.conflict == nil else { return try DocumentDecoder().decode(T.self, from: stored.value) }
            if let kept = documentCache.decoded(T.self, in: entry) { return kept }
            let value = try DocumentDecoder().decode(T.self, from: stored.value)
            documentCache.rememberDecoded(value, in: entry)
            return value
        }
    }

    /// Runs `decode`; a decoding error names the file, and the line and column of the member.
    private func decoding<T>(_ stored: StoredDocument, _ decode: () throws -> T) throws -> T {
        do {
            return try decode()
        } catch var error as AlmanacError {
            error.path = stored.location.relativePath
            if case .keyNotFound(let key, _)? = error.underlying as? DecodingError {
                // Rarely a damaged file: usually the Swift type and the schema disagree (a typo).
                error.message = "\(T.self) expects a field \"\(key.stringValue)\" that the document lacks; if the type's property is misspelt or new, the store's checkTypes([\(T.self).self]) names how the type and the schema differ"
            }
            if let pointer = error.pointer, error.line == nil,
               let bytes = try openFolders(stored.location.folderPath)?.readFile(stored.location.fileName),
               let position = JSONPointerLocator.position(of: pointer, in: bytes) {
                error.line = position.line
                error.column = position.column
            }
            throw error
        }
    }

    /// Refuses a query over another collection than `D`'s.
    func checkType<D: Document>(_ type: D.Type, of query: Query) throws {
        guard query.collection == D.collection else {
            throw AlmanacError(.invalidArgument, "the query reads \(query.collection), but \(D.self) documents are in \(D.collection); build it with Query(\(D.self).self)")
        }
        _ = try documentCollection(for: D.self)
    }
}
