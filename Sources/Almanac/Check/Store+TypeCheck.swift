extension Store {
    /// Compares each `Document` type with its collection's JSON Schema in this store, and
    /// returns every way they disagree: a property the schema does not declare (a misspelt
    /// `startAt` for `startedAt`, with a suggestion), a field the schema requires that the type
    /// cannot hold, a property the type requires that the schema lets documents leave out,
    /// or a value typed differently (a `UUID` against a schema string without
    /// `"format": "uuid"`, a `Date` without `"format": "date-time"`). Reads only the schema.
    ///
    /// Run it in the app's tests, or at launch in a debug build, so that the Swift types and the
    /// schema never drift apart unseen:
    ///
    /// ```swift
    /// #expect(try store.checkTypes([Entry.self, Tag.self]).isEmpty)
    /// ```
    /// - Throws: `.unknownCollection` for a type whose collection the store's catalog lacks;
    ///   `.notFound` or `.malformedJSON` for a missing or damaged schema file.
    public func checkTypes(_ types: [any Document.Type]) throws -> [TypeMismatch] {
        try TypeChecker(store: self).check(types)
    }
}
