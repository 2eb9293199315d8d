#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// Writes a store's documents to an export file, from one picture of the store (``Store/export(to:options:)``).
struct StoreExporter {
    let store: Store
    /// Told of each document written, against the header's count.
    var progress: ProgressHandler?

    @discardableResult
    func export(to url: URL, options: ExportOptions = ExportOptions()) throws -> ExportSummary {
        Store.removeExportLeftovers(for: url)
        let name = url.lastPathComponent
        let folder: Directory
        do {
            folder = try Directory.openRoot(atPath: url.deletingLastPathComponent().path)
        } catch let error as AlmanacError {
            throw error.prefixed("the export's folder cannot be opened (create it first): ").concerningOutsideFile(url.deletingLastPathComponent().path, writing: true)
        }
        let temporary = Directory.temporaryName(for: name)
        let fd = FileSystemRecorder.creating(folder.descriptor, temporary) {
            SystemCall.changing(.create, folder.descriptor) { openat(folder.descriptor, temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600) }
        }
        guard fd >= 0 else { throw SystemCall.failure("open", path: url.path, descriptor: folder.descriptor).concerningOutsideFile(url.path, writing: true) }
        do {
            var closed = false
            defer { if !closed { close(fd) } }
            guard SystemCall.changing(.chmod, fd, { fchmod(fd, 0o600) }) == 0 else { throw SystemCall.failure("chmod", path: url.path) }
            let summary = try export(to: fd, path: url.path, options: options, recorded: true)
            // The file's bytes before its name (a barrier), then the name made durable with one
            // full flush of the folder: without it a power cut could lose the finished export.
            try SystemCall.flush(fd, .barrier, path: url.path)
            closed = true
            guard close(fd) == 0 else { throw SystemCall.failure("close", path: url.path) }
            try folder.rename(temporary, into: folder, as: name)
            try folder.synchronize(.full)
            return summary
        } catch let error as AlmanacError {
            _ = try? folder.removeFile(temporary)
            throw error.concerningOutsideFile(url.path, writing: true)
        } catch {
            _ = try? folder.removeFile(temporary)
            throw error
        }
    }

    /// Exports one consistent state: a snapshot of the store, read while writers carry on.
    func export(to fd: Int32, path: String, options: ExportOptions, recorded: Bool = false) throws -> ExportSummary {
        if store.options.isSnapshot { return try exportFiles(to: fd, path: path, options: options, recorded: recorded) }
        let names = try exportedCollections(options).map(\.name)
        let snapshot = try store.makeSnapshot(collections: Set(names))
        defer { snapshot.remove() }
        let summary = try snapshot.reading { try StoreExporter(store: $0, progress: progress).exportFiles(to: fd, path: path, options: options, recorded: recorded) }
        try snapshot.confirmRead()
        return summary
    }

    private func exportFiles(to fd: Int32, path: String, options: ExportOptions, recorded: Bool) throws -> ExportSummary {
        let collections = try exportedCollections(options)
        // First pass: the counts for the header (file names only, unless dates must be read).
        var counts: [(String, Int)] = []
        var attachmentCount = 0
        for collection in collections {
            var count = 0
            if options.keepGoing {
                // Read once to count what can be read, with its attachments: the header promises what the file holds.
                try store.reader.walkDocumentFiles(of: collection, days: options.days, readingDocuments: true, keepGoing: true) { _, document in
                    count += 1
                    if options.attachments, let document { attachmentCount += try store.reader.attachments(at: document.location, readingBytes: false).count }
                }
            } else {
                try store.reader.walkDocuments(of: collection, days: options.days, readingDocuments: options.days != nil) { _, _ in count += 1 }
                if options.attachments { attachmentCount += try store.reader.attachmentNames(of: collection, days: options.days).count }
            }
            counts.append((collection.name, count))
        }
        let writer = ExportWriter(descriptor: fd, path: path, recorded: recorded)
        let header = try exportHeader(counts: counts, attachments: attachmentCount, options: options)
        let separator: [UInt8] = options.format == .jsonl ? [0x0A] : Array(",\n".utf8)
        switch options.format {
        case .jsonl:
            try writer.write(CanonicalJSON.compactBytes(header))
            try writer.write([0x0A])
        case .json:
            try writer.write("{\"header\":")
            try writer.write(CanonicalJSON.compactBytes(header))
            try writer.write(",\"items\":[\n")
        }
        TestHooks.crashPoint("export", "after-header")
        var first = true
        func emit(_ item: JSONValue) throws {
            if options.format == .json && !first { try writer.write(separator) }
            first = false
            try writer.write(CanonicalJSON.compactBytes(item))
            if options.format == .jsonl { try writer.write(separator) }
        }
        var written: [(collection: String, documents: Int)] = []
        let total = counts.reduce(0) { $0 + $1.1 }
        let exporting = ProgressCounter(progress, phase: "exporting", total: total)
        var attachmentsWritten = 0
        var problems: [AlmanacError] = []
        for collection in collections {
            var count = 0
            func write(_ location: DocumentLocation, _ value: JSONValue?) throws {
                var item: [String: JSONValue] = ["kind": .string("document"), "collection": .string(collection.name), "document": redacted(value!, options.redact)]
                if let id = location.id { item["id"] = .string(id) }
                try emit(.object(item))
                count += 1
                exporting?.advance()
                if options.attachments, let id = location.id {
                    for (name, bytes) in try store.reader.attachments(at: location) {
                        try emit(.object(["kind": .string("attachment"), "collection": .string(collection.name), "id": .string(id),
                                          "name": .string(name), "base64": .string(Data(bytes).base64EncodedString())]))
                        attachmentsWritten += 1
                    }
                }
            }
            if options.keepGoing {
                problems += try store.reader.walkDocumentFiles(of: collection, days: options.days, readingDocuments: true, keepGoing: true) { _, document in
                    if let document { try write(document.location, document.value) }
                }
            } else {
                try store.reader.walkDocuments(of: collection, days: options.days, readingDocuments: true, write)
            }
            written.append((collection.name, count))
        }
        if options.format == .json { try writer.write(first ? "]}\n" : "\n]}\n") }
        try writer.flush()
        return ExportSummary(counts: written, attachments: attachmentsWritten, bytes: writer.written, problems: problems)
    }

    private func exportHeader(counts: [(String, Int)], attachments: Int, options: ExportOptions) throws -> JSONValue {
        var schema: [String: JSONValue] = [:]
        if let folder = try store.root.openFolder("schema") {
            // The store's schema as every read sees it: the catalog and the files it lists,
            // from the version resolving would keep when a sync left a file only in copies.
            // (Copies themselves are sync leftovers, not the schema.)
            for name in Set([Catalog.fileName] + store.catalog.collections.map(\.schema)).sorted() {
                guard let bytes = try SchemaCopies.file(name, in: folder, schemaVersion: store.schemaVersion) else { continue }
                do {
                    schema[name] = try JSONParser.parse(bytes).value
                } catch let error as AlmanacError {
                    throw error.at(path: "schema/\(name)")
                }
            }
        }
        var header: [String: JSONValue] = [
            "kind": .string("header"), "format": .string("almanac-export"), "formatVersion": .number(JSONNumber(1)),
            "app": .string(store.app), "schemaVersion": .number(JSONNumber(store.schemaVersion)), "timeZone": .string(store.calendar.periods[0].zoneName),
            "counts": .object(Dictionary(uniqueKeysWithValues: counts.map { ($0.0, JSONValue.number(JSONNumber($0.1))) })),
            "documents": .number(JSONNumber(counts.reduce(0) { $0 + $1.1 })),
            "attachments": .number(JSONNumber(attachments)),
            "schema": .object(schema),
        ]
        if store.calendar.periods.count > 1 {
            // Format 2: an older Almanac, which would import it in the first zone alone, refuses it.
            header[Manifest.timeZoneChangesMember] = .array(store.calendar.recordedChanges)
            header["formatVersion"] = .number(JSONNumber(2))
        }
        if let created = store.manifest.createdAt { header["storeCreatedAt"] = .string(created) }
        // The store's history travels with it, so an imported store verifies its migrations.
        header["migrations"] = .array(store.manifest.migrations)
        header["seeds"] = .array(store.manifest.seeds)
        if !store.manifest.seedDeletions.isEmpty { header["seedDeletions"] = .array(store.manifest.seedDeletions) }
        if !options.redact.isEmpty { header["redacted"] = .array(options.redact.sorted().map { .string($0) }) }
        if let days = options.days { header["days"] = .string("\(days.lowerBound)...\(days.upperBound)") }
        return .object(header)
    }

    private func redacted(_ document: JSONValue, _ fields: [String]) -> JSONValue {
        guard !fields.isEmpty, case .object(var members) = document else { return document }
        for field in fields where members[field] != nil { members[field] = .string("[redacted]") }
        return .object(members)
    }

    private func exportedCollections(_ options: ExportOptions) throws -> [CollectionDescriptor] {
        for name in options.collections { _ = try store.collection(named: name) }
        return store.catalog.collections.filter { collection in
            (options.collections.isEmpty || options.collections.contains(collection.name))
                && (options.days == nil || collection.dateField != nil)
        }
    }
}
