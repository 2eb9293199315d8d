extension StoreWriter {
    /// Refuses `write` when one of its collection's unique fields has a value another
    /// document (stored, or earlier in the same batch) already uses.
    ///
    /// A unique date field only needs the folder that date files into; any other field
    /// needs the whole collection, so keep unique fields to small collections or date fields.
    /// Stored documents that `changed` saves or deletes are judged by their pending version
    /// (in `batch`), not their file.
    func checkUnique(_ write: PreparedWrite, against batch: [PreparedWrite], changed: PendingChange? = nil) throws {
        let collection = write.collection
        guard !collection.unique.isEmpty, let id = write.location.id else { return }
        let key = DocumentID.key(id)
        for field in collection.unique {
            guard let value = write.members[field], value != .null else { continue }
            func violation(_ otherID: String, _ path: String) -> AlmanacError {
                AlmanacError(
                    .uniqueViolation,
                    "\"\(field)\" \(value.shortDescription) is already used by \(collection.name) document \"\(otherID)\" (\(path)); \"\(field)\" must be unique in \(collection.name)\(collection.uniqueComparison(of: field))",
                    id: id, pointer: "/" + field)
            }
            let compared = collection.uniqueValue(value, of: field)
            for other in batch where other.collection.name == collection.name {
                if let otherID = other.location.id, DocumentID.key(otherID) != key,
                   let otherValue = other.members[field], collection.uniqueValue(otherValue, of: field).hasSameValue(as: compared) {
                    // Not yet on disk: it is saved by the same change.
                    throw violation(otherID, "saved in the same change")
                }
            }
            var days: ClosedRange<CalendarDate>?
            if field == collection.dateField, let date = DocumentDate(value) {
                let day = date.day(in: calendar)
                days = day...day
            }
            for files in try reader.documentFiles(in: collection, days: days) {
                guard let otherID = files.first.id, DocumentID.key(otherID) != key,
                      changed?.touches(PendingChange.key(collection.name, otherID)) != true,
                      let stored = try reader.read(files, in: nil), let otherValue = stored.value[field],
                      collection.uniqueValue(otherValue, of: field).hasSameValue(as: compared)
                else { continue }
                throw violation(otherID, stored.location.relativePath)
            }
        }
    }
}

extension JSONValue {
    /// Equality as JSON means it: numbers by value (`1.0` equals `1`), objects ignoring key order.
    public func hasSameValue(as other: JSONValue) -> Bool {
        switch (self, other) {
        case (.number(let a), .number(let b)):
            return a.hasSameValue(as: b)
        case (.array(let a), .array(let b)):
            return a.count == b.count && zip(a, b).allSatisfy { $0.hasSameValue(as: $1) }
        case (.object(let a), .object(let b)):
            return a.count == b.count && a.allSatisfy { key, value in b[key].map { value.hasSameValue(as: $0) } ?? false }
        default:
            return self == other
        }
    }
}
