import Foundation

/// Where documents go: the pure rules that turn a collection, an id and a date into a path
/// below `data/` (DESIGN §2), for a catalog and the calendar that names day folders.
///
/// A value with no file system in it, so the store, the migration stager (filing documents
/// by the target catalog) and the readers of paths share one definition.
struct Filing: Sendable {
    let catalog: Catalog
    let calendar: StoreCalendar

    /// The date of `document` that decides its folder, or `nil` for collections not filed by date.
    func filingDate(of document: [String: JSONValue], in collection: CollectionDescriptor, id: String?) throws -> DocumentDate? {
        guard let field = collection.dateField else { return nil }
        let pointer = "/" + field
        guard let value = document[field], value != .null else {
            if collection.partition == Partition.none { return nil }
            throw AlmanacError(
                .invalidDocument,
                "missing the date field \"\(field)\" that files a \(collection.name) document; add a timestamp such as \"2025-01-27T14:03:00Z\" or a date such as \"2025-01-27\"",
                id: id, pointer: pointer)
        }
        guard let date = DocumentDate(value) else {
            throw AlmanacError(
                .invalidDocument,
                "\(value.shortDescription) is not a date; write a timestamp such as \"2025-01-27T14:03:00Z\" or a calendar date such as \"2025-01-27\"",
                id: id, pointer: pointer)
        }
        return date
    }

    /// Where `document` belongs, after checking that it is an object with a valid id.
    func location(for document: JSONValue, in collection: CollectionDescriptor) throws -> DocumentLocation {
        guard case .object(let members) = document else {
            throw AlmanacError(.invalidDocument, "a document must be a JSON object, found \(document.typeName)", pointer: "")
        }
        if collection.isSingleton {
            return DocumentLocation(collection: collection.name, folders: [], id: nil)
        }
        guard let idValue = members["id"] else {
            throw AlmanacError(.invalidDocument, "missing \"id\"; every \(collection.name) document needs a string id", pointer: "/id")
        }
        guard case .string(let id) = idValue else {
            throw AlmanacError(.invalidDocument, "\"id\" must be a string, found \(idValue.typeName)", pointer: "/id")
        }
        try DocumentID.validate(id, collection: collection.name)
        let date = try filingDate(of: members, in: collection, id: id)
        let folders = date.map { collection.partition?.folders(for: $0.day(in: calendar)) ?? [] } ?? []
        return DocumentLocation(collection: collection.name, folders: folders, id: id)
    }

    /// The error for a document found in `location` whose date files it in `expected`.
    static func misfiledError(_ location: DocumentLocation, dated date: DocumentDate, belongsIn expected: [String], field: String) -> AlmanacError {
        let here = location.folders.joined(separator: "/"), there = expected.joined(separator: "/")
        return AlmanacError(
            .misfiled,
            "is misfiled: dated \(date.text) but filed under \(here)/, so date queries for \(there) miss it; Store.fix() moves it",
            path: location.relativePath, id: location.id, pointer: "/" + field).with(.fixStore)
    }

    /// The location named by a store-relative document path, or `nil` when it names none.
    func parseRelativePath(_ path: String) -> DocumentLocation? {
        let parts = path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        guard parts.count >= 2, parts[0] == "data" else { return nil }
        if parts.count == 2, parts[1].hasSuffix(".json") {
            let name = String(parts[1].dropLast(5))
            guard catalog.collection(named: name)?.isSingleton == true else { return nil }
            return DocumentLocation(collection: name, folders: [], id: nil)
        }
        // Only names this code could have written: a known collection and date folders.
        guard let collection = catalog.collection(named: parts[1]), !collection.isSingleton,
              let id = DocumentID.id(fromFileName: parts[parts.count - 1])
        else { return nil }
        let folders = Array(parts[2..<(parts.count - 1)])
        guard folders.count == collection.partition?.depth,
              folders.enumerated().allSatisfy({ DateFolder.number($1, level: $0) != nil })
        else { return nil }
        return DocumentLocation(collection: collection.name, folders: folders, id: id)
    }
}
