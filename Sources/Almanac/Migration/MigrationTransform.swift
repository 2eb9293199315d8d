/// Applies a migration's operations to one document, purely: no file is read or written.
///
/// The runner reads each document of the collections a migration touches
/// (``collectionsToRead(_:)``), calls ``apply(_:to:in:custom:)``, and writes, moves or
/// deletes according to the outcome; the collection-wide effects (renamed folders, new
/// partitioning, schema-only changes) come from ``collectionChanges(_:)``. Keeping this part
/// pure lets `plan` run exactly the code `up` runs, without writing.
enum MigrationTransform {
    /// What a migration does to one document.
    struct DocumentOutcome: Sendable, Equatable {
        /// The document's fate.
        enum Result: Sendable, Equatable {
            /// Nothing changed: no file needs writing.
            case unchanged
            /// The document changed and stays in its collection.
            case changed(JSONValue)
            /// A `deleteDocuments` matched it.
            case deleted
            /// A `renameCollection` moved it to `collection`; `document` may also have changed.
            case moved(collection: String, document: JSONValue)
        }

        /// The document's fate.
        var result: Result
        /// For `plan`: one line per changed field, `amount: 2.5 → 3`, `mood: (missing) → null`,
        /// `legacy: true → (removed)`, nested fields dotted; a move starts with
        /// `(collection): usage → usage-events`, a deletion is `(deleted)`. Empty when unchanged.
        var diff: [String]
        /// The indexes (in the migration's `operations`) of the operations that applied to the
        /// document: its collection, and `where` when there is one, matched.
        var matchedOperations: [Int]
        /// The indexes of the operations that changed, moved or deleted it.
        var changedOperations: [Int]
    }

    /// A change to a collection as a whole, which the runner carries out on folders.
    enum CollectionChange: Sendable, Equatable {
        /// `renameCollection`: `data/<from>/` becomes `data/<to>/` (documents keep their ids).
        case renamed(from: String, to: String, operation: Int)
        /// `repartition`: refile the collection (named as it is at that point of the
        /// migration) by `partition`, and by `dateField` when given (else its current one).
        case repartitioned(collection: String, partition: Partition, dateField: String?, operation: Int)
        /// `catalog`: the new schema folder changes constraints; only recorded.
        case schemaOnly(description: String, operation: Int)
    }

    /// Applies `operations`, in order, to `document`, a document of `collection`.
    ///
    /// Operations on other collections are skipped; after a `renameCollection` of the
    /// document's collection, later operations see it under the new name; after a
    /// `deleteDocuments` that matched, nothing else runs.
    ///
    /// - Throws: `.migrationFailed` naming the document (id, or the collection for a
    ///   singleton), the operation's index and what to do: a value that does not convert,
    ///   a rename onto an existing field, a write through a non-object value, a missing or
    ///   failing custom function.
    static func apply(
        _ operations: [MigrationOperation], to document: JSONValue, in collection: String, custom: MigrationRegistry
    ) throws -> DocumentOutcome {
        var context = Context(original: document, collection: collection)
        var current = document
        var collectionName = collection
        var matched: [Int] = []
        var changed: [Int] = []
        for (index, operation) in operations.enumerated() {
            if case .renameCollection(let from, let to) = operation {
                guard from == collectionName else { continue }
                collectionName = to
                matched.append(index)
                changed.append(index)
                continue
            }
            guard operation.touchesDocuments, operation.collection == collectionName else { continue }
            context.operation = (index, operation)
            let before = current
            switch try step(operation, &current, context: context, custom: custom) {
            case .skipped:
                continue
            case .deleted:
                matched.append(index)
                changed.append(index)
                return DocumentOutcome(result: .deleted, diff: ["(deleted)"], matchedOperations: matched, changedOperations: changed)
            case .applied:
                matched.append(index)
                if current != before { changed.append(index) }
            }
        }
        var diff: [String] = []
        if collectionName != collection { diff.append("(collection): \(collection) → \(collectionName)") }
        Self.diff(document, current, path: "", into: &diff)
        let result: DocumentOutcome.Result
        if collectionName != collection {
            result = .moved(collection: collectionName, document: current)
        } else {
            result = current == document ? .unchanged : .changed(current)
        }
        return DocumentOutcome(result: result, diff: diff, matchedOperations: matched, changedOperations: changed)
    }

    /// The collection-wide changes of `operations`, in order, for the runner to carry out.
    static func collectionChanges(_ operations: [MigrationOperation]) -> [CollectionChange] {
        operations.enumerated().compactMap { index, operation in
            switch operation {
            case .renameCollection(let from, let to): .renamed(from: from, to: to, operation: index)
            case .repartition(let collection, let partition, let dateField):
                .repartitioned(collection: collection, partition: partition, dateField: dateField, operation: index)
            case .catalog(let description): .schemaOnly(description: description, operation: index)
            default: nil
            }
        }
    }

    /// The collections, named as they are before the migration, whose documents must go
    /// through ``apply(_:to:in:custom:)``: those some document operation concerns, traced back
    /// through renames. A collection only renamed or repartitioned is not in the set; its
    /// files move without being read.
    static func collectionsToRead(_ operations: [MigrationOperation]) -> Set<String> {
        var result: Set<String> = []
        // Maps each name in use at this point of the migration to the original name.
        var origin: [String: String] = [:]
        for operation in operations {
            if case .renameCollection(let from, let to) = operation {
                origin[to] = origin[from] ?? from
                origin[from] = nil
                continue
            }
            guard operation.touchesDocuments, let name = operation.collection else { continue }
            result.insert(origin[name] ?? name)
        }
        return result
    }
}

extension MigrationTransform {
    /// What the transform knows about the document for error messages.
    struct Context {
        let original: JSONValue
        let collection: String
        var operation: (index: Int, operation: MigrationOperation)?

        /// "document 1F0C…" or, for a document without an id (a singleton), "the preferences document".
        var documentName: String {
            if let id = original["id"]?.stringValue { return "document \(id)" }
            return "the \(collection) document"
        }

        func error(_ message: String, pointer: String? = nil, underlying: (any Error & Sendable)? = nil) -> AlmanacError {
            var prefix = "\(documentName) in \(collection)"
            if let operation { prefix += ", operation /operations/\(operation.index) (\(operation.operation))" }
            return AlmanacError(
                .migrationFailed, "\(prefix): \(message)", id: original["id"]?.stringValue, pointer: pointer, underlying: underlying)
        }
    }

    /// What one operation did to the document.
    enum StepResult {
        /// Its `where` did not match.
        case skipped
        /// It ran (the document may or may not have changed).
        case applied
        /// It deleted the document.
        case deleted
    }

    /// Runs one document operation of the document's collection.
    private static func step(
        _ operation: MigrationOperation, _ document: inout JSONValue, context: Context, custom: MigrationRegistry
    ) throws -> StepResult {
        func path(_ text: String) -> FieldPath { FieldPath(text)! }
        func write(_ value: JSONValue, at field: FieldPath) throws {
            if let blocked = field.set(value, in: &document) {
                throw context.error(
                    "cannot write \(field) because \(blocked.isEmpty ? "the document" : "\"\(blocked)\"") is not an object; fix the document or choose another field",
                    pointer: FieldPath(blocked)?.pointer ?? "")
            }
        }
        switch operation {
        case .addField(_, let field, let value, let condition):
            guard condition?.matches(document) ?? true else { return .skipped }
            let target = path(field)
            if target.value(in: document) == nil { try write(value, at: target) }
        case .removeField(_, let field):
            _ = path(field).remove(from: &document)
        case .renameField(_, let from, let to), .copyField(_, let from, let to):
            let source = path(from), target = path(to)
            guard let value = source.value(in: document) else { return .applied }
            if let existing = target.value(in: document) {
                throw context.error(
                    "already has \"\(to)\" (\(FieldPath.render(existing))), which \(operation.name) would overwrite; remove or rename that field first in an earlier operation",
                    pointer: target.pointer)
            }
            if case .renameField = operation { _ = source.remove(from: &document) }
            try write(value, at: target)
        case .setField(_, let field, let value, let condition):
            guard condition.matches(document) else { return .skipped }
            try write(value, at: path(field))
        case .convert(_, let field, let type, let rounding):
            let target = path(field)
            guard let value = target.value(in: document) else { return .applied }
            do {
                let converted = try MigrationConversion.convert(value, to: type, rounding: rounding)
                if converted != value { try write(converted, at: target) }
            } catch let failure as MigrationConversion.Failure {
                throw context.error("\(field) \(failure.message)", pointer: target.pointer)
            }
        case .mapValues(_, let field, let map, let fallback):
            let target = path(field)
            guard let value = target.value(in: document) else { return .applied }
            if case .string(let text) = value, let replacement = map[text] {
                try write(replacement, at: target)
            } else if let fallback {
                try write(fallback, at: target)
            }
        case .deleteDocuments(_, let condition):
            return condition.matches(document) ? .deleted : .skipped
        case .custom(let name, _):
            try runCustom(name, on: &document, context: context, custom: custom)
        case .renameCollection, .repartition, .catalog:
            return .skipped
        }
        return .applied
    }

    /// Calls a registered function and checks that it left a document with the same id.
    private static func runCustom(_ name: String, on document: inout JSONValue, context: Context, custom: MigrationRegistry) throws {
        let function: MigrationRegistry.Function
        do {
            function = try custom.function(named: name)
        } catch let error as AlmanacError {
            throw context.error(error.message)
        }
        var copy = document
        do {
            // The returned flag is advisory: the comparison of before and after decides.
            _ = try function(&copy)
        } catch {
            throw context.error("the custom function \(name) failed: \(error)", underlying: error)
        }
        guard case .object = copy else {
            throw context.error("the custom function \(name) turned the document into \(JSONFileReader.describe(copy)); it must stay an object")
        }
        guard copy["id"] == document["id"] else {
            throw context.error("the custom function \(name) changed or removed \"id\", which names the document's file; leave it as it is", pointer: "/id")
        }
        document = copy
    }

    /// Appends `field: old → new` lines for every difference between `old` and `new`,
    /// descending into objects present on both sides, in key order.
    static func diff(_ old: JSONValue, _ new: JSONValue, path: String, into lines: inout [String]) {
        guard case .object(let before) = old, case .object(let after) = new else {
            if old != new {
                lines.append("\(path.isEmpty ? "(document)" : path): \(FieldPath.render(old)) → \(FieldPath.render(new))")
            }
            return
        }
        for key in Set(before.keys).union(after.keys).sorted() {
            let field = path.isEmpty ? key : path + "." + key
            switch (before[key], after[key]) {
            case (nil, let added?):
                lines.append("\(field): (missing) → \(FieldPath.render(added))")
            case (let removed?, nil):
                lines.append("\(field): \(FieldPath.render(removed)) → (removed)")
            case (let a?, let b?) where a != b:
                diff(a, b, path: field, into: &lines)
            default:
                break
            }
        }
    }
}
