#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// Makes a new store from an export file, staged beside the target and moved into place whole (``Store/importExport(from:into:options:)``).
struct StoreImporter {
    let store: Store
    /// Told of the documents saved so far, against the header's count.
    var progress: ProgressHandler?

    /// Documents saved per commit: each commit checks its ids against the index's buckets,
    /// so larger batches pass over them fewer times; a batch's documents are held at once.
    static let batchSize = 4_096

    @discardableResult
    static func importExport(
        from file: URL, into url: URL, options: Store.Options = Store.Options(), progress: ProgressHandler? = nil
    ) throws -> ImportSummary {
        let reader = try ExportReader(path: file.path)
        guard let first = try reader.nextLine() else {
            throw AlmanacError(.invalidArgument, "the file is empty; give an export written by Store.export(to:)", path: file.path).with(.exportStore)
        }
        var items: [JSONValue]?  // the whole item list, for the JSON format (read at once)
        let header: JSONValue
        // A JSON Lines export's first line is its header; a JSON export's first line is only
        // the start of one object (`{"header":…,"items":[`), so the whole file is read.
        let firstValue = try? parseLine(first, reader: reader)
        if let firstValue, firstValue["kind"]?.stringValue == "header" {
            header = firstValue
        } else if let firstValue, let wrapped = firstValue["header"], case .array(let all)? = firstValue["items"] {
            header = wrapped
            items = all
        } else {
            // A JSON-format export spans several lines: read it whole.
            var bytes = Array(first)
            while let line = try reader.nextLine() { bytes += [0x0A] + line }
            let whole = try parseLine(bytes[...], reader: reader)
            guard let wrapped = whole["header"], case .array(let all)? = whole["items"] else {
                throw AlmanacError(.invalidArgument, "is not an Almanac export (no header); give a file written by Store.export(to:)", path: file.path).with(.exportStore)
            }
            header = wrapped
            items = all
        }
        let info = try ExportHeader(header, path: file.path)
        try requireImportTarget(url)

        let parent = url.deletingLastPathComponent()
        // What imports into the same target killed before they finished left: staging folders and schema copies.
        Store.removeLeftovers(of: [url.lastPathComponent, "schema"], in: parent)
        let staging = parent.appendingPathComponent(Directory.temporaryName(for: url.lastPathComponent))
        let schemaName = Directory.temporaryName(for: "schema")
        let schemaFolder = parent.appendingPathComponent(schemaName)
        var parentFolder: Directory?
        defer { _ = try? parentFolder?.removeTree(schemaName) }
        var created: Store?
        var placed = false
        do {
            // The export's schema, for the new store to copy (it flushes its own copy).
            let into = try Directory.openOrMakeFolder(atPath: parent.path)
            parentFolder = into
            let schemaCopy = try into.openOrCreateFolder(schemaName, synchronize: false).folder
            for (name, value) in info.schema {
                guard !name.contains("/"), !name.hasPrefix(".") else { continue }
                try schemaCopy.createFile(name, CanonicalJSON.prettyBytes(value), flush: nil)
            }
            var stagingOptions = options
            stagingOptions.isStaging = true
            let store = try Store.create(at: staging, schema: schemaFolder, timeZone: info.calendar.periods[0].zone, options: stagingOptions)
            created = store
            if info.calendar.periods.count > 1 {
                // Before any document: they are filed by the exported store's days.
                try store.write { transaction in
                    try transaction.updateManifest { manifest in
                        manifest.calendar = info.calendar
                        manifest.formatVersion = max(manifest.formatVersion, Manifest.calendarFormatVersion)
                    }
                }
            }
            // Copied into the store: gone before the move into place flushes the folder.
            _ = try? into.removeTree(schemaName)
            guard store.app == info.app, store.schemaVersion == info.schemaVersion else {
                throw AlmanacError(.invalidArgument, "the export's schema is for \(store.app) version \(store.schemaVersion), but its header says \(info.app) version \(info.schemaVersion); the export is damaged", path: file.path)
            }
            let summary = try StoreImporter(store: store, progress: progress).restore(items: items, reader: reader, header: info)
            do {
                try StoreImporter(store: store).checkReferences()
            } catch let error as AlmanacError where error.code == .missingReference {
                throw AlmanacError(
                    .missingReference,
                    "the export's document \(error.path ?? "") names a document the export does not hold (\(error.message)); export again from a store that Store.check() finds clean",
                    path: file.path, id: error.id, pointer: error.pointer).with(.checkStore)
            }
            try store.write { transaction in
                try transaction.updateManifest { manifest in
                    if let created = info.createdAt { manifest.createdAt = created }
                    manifest.migrations = info.migrations
                    manifest.seeds = info.seeds
                    manifest.seedDeletions = info.seedDeletions
                }
            }
            store.finishWriting()
            try StoreImporter.moveIntoPlace(staging, url, placed: &placed)
            return summary
        } catch {
            // The store's write session must end first: it could still write its lock record
            // and id hints into the folder being removed.
            created?.finishWriting()
            if placed { throw error }
            _ = try? parentFolder?.removeTree(staging.lastPathComponent)
            // Any error that is not Almanac's is worded as Almanac's, never as Foundation's.
            let failure = AlmanacError.fromFoundation(error, operation: "write the imported store", path: parent.path)
            // The target was never touched: the staged store goes whole (or, where it cannot, the next import removes it).
            throw failure.code == .io ? StoreWriter.discarded(failure) : failure
        }
    }

    private static func parseLine(_ line: ArraySlice<UInt8>, reader: ExportReader) throws -> JSONValue {
        do {
            return try JSONParser.parse(Array(line)).value
        } catch var error as AlmanacError {
            error.path = reader.path
            if let line = error.line, line == 1 { error.line = reader.lineNumber }
            throw error
        }
    }

    /// Refuses a target that holds anything but an empty store.
    private static func requireImportTarget(_ url: URL) throws {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) else { return }
        guard isFolder.boolValue else {
            throw AlmanacError(.storeExists, "is a file; import into a new folder", path: url.path)
        }
        let entries: [String]
        do {
            entries = try FileManager.default.contentsOfDirectory(atPath: url.path).filter { !SystemFile.isSystemFile($0) }
        } catch {
            throw AlmanacError.fromFoundation(error, operation: "list", path: url.path)
        }
        if entries.isEmpty { return }
        guard entries.contains(Manifest.fileName) else {
            throw AlmanacError(.storeExists, "the folder is not empty and holds no store; import into a new or empty folder", path: url.path)
        }
        try requireNoDocuments(try Store(at: url))
    }

    /// Refuses a store that holds a document.
    private static func requireNoDocuments(_ store: Store) throws {
        for collection in store.catalog.collections {
            var found = false
            try store.reader.walkDocuments(of: collection, days: nil, readingDocuments: false) { _, _ in found = true }
            if found {
                throw AlmanacError(.storeExists, "the store already holds documents (\(collection.name), …); import only into a new or empty store", path: store.url.path)
            }
        }
    }

    /// Puts the finished store at `url`: a rename when nothing is there, an exchange with the
    /// empty folder or store that is (then removed).
    private static func moveIntoPlace(_ staging: URL, _ url: URL, placed: inout Bool) throws {
        let parent = try Directory.openRoot(atPath: url.deletingLastPathComponent().path)
        let name = url.lastPathComponent
        let replacing = try parent.entryKind(of: name) != nil
        // What an import replaces goes under a name of its own, then away.
        let replaced = Directory.temporaryName(for: name + ".replaced")
        if !replacing {
            try parent.rename(staging.lastPathComponent, into: parent, as: name)
        } else if try parent.openFolder(name)?.entryKind(of: Manifest.fileName) == .file {
            // An empty store: replaced holding its writers' lock, once it is found empty again
            // under it (a save may have come since it was checked).
            let target = try Store(at: url)
            defer { target.finishWriting() }
            try target.writer.replaceStore(named: name, by: staging.lastPathComponent, in: parent, keepingOldAs: replaced,
                                           crashPointKind: "import") {
                try requireNoDocuments(target)
            }
        } else if try !parent.exchangeIfSupported(name, with: parent, staging.lastPathComponent) {
            // An empty folder (requireImportTarget saw to it): removed, then the store renamed in.
            guard try parent.removeEmptyFolder(name) else {
                throw AlmanacError(.storeExists, "the folder is no longer empty; import only into a new or empty folder", path: url.path)
            }
            try parent.rename(staging.lastPathComponent, into: parent, as: name)
        } else {
            try parent.rename(staging.lastPathComponent, into: parent, as: replaced)
        }
        placed = true
        StoreRecovery.unmarkRestored(at: url)
        do {
            // The empty store or folder it replaced; where it cannot go now, the next import removes it.
            if replacing { try parent.removeTree(replaced) }
            // The import's commit point: the store appears whole, durably.
            try parent.synchronize(.full)
        } catch let error as AlmanacError {
            throw StoreWriter.failure(error, .notDurable)
        }
    }

    /// Saves the export's documents and attachments, in batches, and checks the header's counts.
    private func restore(items: [JSONValue]?, reader: ExportReader, header: ExportHeader) throws -> ImportSummary {
        var batch: [JSONValue] = []
        /// Where each document of the batch is in the export (`line 154`), for its errors.
        var batchPlaces: [(place: String, line: Int?)] = []
        var batchCollection: String?
        var pendingAttachments: [(collection: String, id: String, name: String, bytes: [UInt8])] = []
        var counts: [String: Int] = [:]
        var attachments = 0
        var index = items?.startIndex ?? 0
        let total = header.counts.values.reduce(0, +)
        let importing = ProgressCounter(progress, phase: "importing", total: total)

        func flush() throws {
            if let collection = batchCollection, !batch.isEmpty {
                do {
                    try store.save(json: batch, in: collection)
                } catch var error as AlmanacError {
                    // The error of one document of the batch names its place in the export,
                    // not in the batch: the line numbers are the export's.
                    guard let (index, rest) = Transaction.batchDocument(of: error), batchPlaces.indices.contains(index) else { throw error }
                    error.message = rest
                    error.path = reader.path
                    error.line = batchPlaces[index].line
                    error.column = nil
                    throw error.prefixed(batchPlaces[index].line == nil ? "\(batchPlaces[index].place): " : "")
                }
                counts[collection, default: 0] += batch.count
                importing?.advance(by: batch.count)
            }
            batch.removeAll(keepingCapacity: true)
            batchPlaces.removeAll(keepingCapacity: true)
            for attachment in pendingAttachments {
                try store.saveAttachment(attachment.bytes, named: attachment.name, to: attachment.id, in: attachment.collection)
                attachments += 1
            }
            pendingAttachments.removeAll()
        }
        func next() throws -> (JSONValue, String, Int?)? {
            if let items {
                guard index < items.count else { return nil }
                defer { index += 1 }
                return (items[index], "item \(index)", nil)
            }
            guard let line = try reader.nextLine() else { return nil }
            return (try StoreImporter.parseLine(line, reader: reader), "line \(reader.lineNumber)", reader.lineNumber)
        }
        while let (item, place, lineNumber) = try next() {
            if item["kind"]?.stringValue == "document", let collection = item["collection"]?.stringValue,
               collection != batchCollection || batch.count >= Self.batchSize {
                try flush()
            }
            guard let collection = item["collection"]?.stringValue else {
                throw AlmanacError(.invalidArgument, "\(place) has no \"collection\"; the export is damaged", path: reader.path)
            }
            do {
                switch item["kind"]?.stringValue {
                case "document":
                    guard let document = item["document"] else {
                        throw AlmanacError(.invalidArgument, "\(place) has no \"document\"; the export is damaged", path: reader.path)
                    }
                    batchCollection = collection
                    batch.append(document)
                    batchPlaces.append((place, lineNumber))
                case "attachment":
                    guard let id = item["id"]?.stringValue, let name = item["name"]?.stringValue,
                          let base64 = item["base64"]?.stringValue, let data = Data(base64Encoded: base64)
                    else {
                        throw AlmanacError(.invalidArgument, "\(place): an attachment needs id, name and base64 content; the export is damaged", path: reader.path)
                    }
                    pendingAttachments.append((collection, id, name, Array(data)))
                default:
                    throw AlmanacError(.invalidArgument, "\(place) is neither a document nor an attachment; the export is damaged", path: reader.path)
                }
            } catch var error as AlmanacError {
                if error.path == nil || error.path == reader.path { error.path = reader.path }
                throw error.prefixed("\(place): ")
            }
        }
        try flush()
        for (collection, expected) in header.counts where counts[collection, default: 0] != expected {
            throw AlmanacError(.invalidArgument, "the export's header promises \(expected) \(collection) documents but the file holds \(counts[collection, default: 0]); it is truncated or damaged, and nothing was imported", path: reader.path)
        }
        if attachments != header.attachments {
            throw AlmanacError(.invalidArgument, "the export's header promises \(header.attachments) attachments but the file holds \(attachments); it is truncated or damaged, and nothing was imported", path: reader.path)
        }
        return ImportSummary(app: store.app, schemaVersion: store.schemaVersion, documents: counts.values.reduce(0, +), attachments: attachments)
    }

    /// Refuses the store when a document names, in a reference field, a document that does
    /// not exist: for a store filled without checking references as it went (an import).
    func checkReferences() throws {
        for collection in store.catalog.collections where collection.references.contains(where: { !$0.allowsDangling }) {
            let documents = try store.documents(json: collection.name)
            for reference in collection.references where !reference.allowsDangling {
                let target = try store.collection(named: reference.collection)
                for document in documents {
                    guard case .string(let id)? = document.value[reference.field], try store.reader.location(of: id, in: target) == nil else { continue }
                    throw AlmanacError(
                        .missingReference,
                        "\"\(reference.field)\" names \(target.name) document \"\(id)\", which does not exist; set it to null or restore the document, then try again",
                        path: document.location.relativePath, id: document.location.id, pointer: "/" + reference.field)
                }
            }
        }
    }
}
