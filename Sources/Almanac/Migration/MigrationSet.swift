import Foundation

/// An app's migrations folder (`migrations/<app>/`), read whole and checked.
///
/// Loading does not stop at the first bad file: every problem is collected in
/// ``problems`` so that `migrate status` can list them all, and the runner refuses to
/// migrate while there is any (``requireNoProblems()``). Problems are a gap in the
/// numbering (1, 2, 4), two files with one number, a file whose name and `version`
/// disagree, a `.json` file whose name is not `NNNN-slug.json`, and a file that does not
/// parse. Files not ending in `.json` (a README, `.DS_Store`) are ignored.
///
/// ```swift
/// let set = try MigrationSet(folder: URL(fileURLWithPath: "migrations/pressure"))
/// for problem in set.problems { print(problem) }
/// try set.requireNoProblems()
/// let pending = set.migrations(after: storeVersion)
/// ```
public struct MigrationSet: Sendable {
    /// The folder the files were read from, as given.
    public let folder: String
    /// The migrations that are valid and alone with their number, sorted by version.
    public let migrations: [MigrationFile]
    /// Everything wrong with the folder, in version order then file name order.
    public let problems: [Problem]

    /// Something wrong with a migrations folder.
    public struct Problem: Sendable, CustomStringConvertible {
        /// The kind of problem, for programs and `--json` output.
        public enum Kind: String, Sendable {
            /// A number between 1 and the highest one has no file.
            case gap
            /// Several files have the same number.
            case duplicateVersion
            /// A file's name says one number and its `version` another.
            case nameMismatch
            /// A `.json` file whose name is not `NNNN-slug.json`.
            case invalidFileName
            /// A file that is not a valid migration (malformed JSON, unknown operation, …).
            case invalidFile
        }

        /// The kind of problem.
        public let kind: Kind
        /// The migration number concerned, when there is one.
        public let version: Int?
        /// The full error: message, path and, for a bad file, pointer, line and column.
        public let error: AlmanacError

        /// The problem as one line: `path:line:column: pointer: message`.
        public var description: String { error.description }
    }

    /// No migrations: an app whose store is still at its first version, or a ``Migrator``
    /// that only rolls back.
    public init() {
        self.init(files: [], folder: "")
    }

    /// Reads every `.json` file in `folder`.
    ///
    /// - Throws: `.notFound` when the folder does not exist, `.io` when it cannot be listed
    ///   or a file cannot be read. Problems with the files themselves are not thrown; they
    ///   are in ``problems``.
    public init(folder: URL) throws {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder), isFolder.boolValue else {
            throw AlmanacError(
                .notFound, "no migrations folder at \(folder.path); pass the folder that holds NNNN-slug.json files, e.g. migrations/miga",
                path: folder.path)
        }
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        } catch {
            throw AlmanacError.fromFoundation(error, operation: "list the migrations folder", path: folder.path)
        }
        // The parent of the apps' folders (`migrations/`), given for one of them: say so, rather
        // than read no migration and blame the store's version for it.
        if !names.contains(where: { $0.hasSuffix(".json") }) {
            let apps = names.filter { name in
                let children = (try? FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent(name).path)) ?? []
                return children.contains { MigrationFile.version(inFileName: $0) != nil }
            }.sorted()
            if let first = apps.first {
                throw AlmanacError(
                    .invalidArgument,
                    "holds no migration files but the migrations folders of \(apps.count == 1 ? "app" : "apps") \(apps.joined(separator: ", ")); "
                        + "pass the folder of the store's app, e.g. \(folder.appendingPathComponent(first).path)",
                    path: folder.path)
            }
        }
        var files: [(name: String, bytes: [UInt8])] = []
        var unreadable: [(name: String, error: AlmanacError)] = []
        for name in names where name.hasSuffix(".json") {
            let url = folder.appendingPathComponent(name)
            do {
                files.append((name, try Catalog.readExternalFile(url, missing: "vanished while the folder was read; try again")))
            } catch let error as AlmanacError {
                // One unreadable file (a folder named x.json, no permission) is one problem
                // among the others, not a reason to hide them.
                unreadable.append((name, error))
            }
        }
        self.init(files: files, folder: folder.path, unreadable: unreadable)
    }

    /// Checks migration files given as names and bytes (what `init(folder:)` reads).
    ///
    /// - Parameters:
    ///   - folder: Prefixed to file names in error paths.
    ///   - unreadable: Files that could not be read, reported as invalid files.
    init(files: [(name: String, bytes: [UInt8])], folder: String, unreadable: [(name: String, error: AlmanacError)] = []) {
        self.folder = folder
        func path(_ name: String) -> String { folder.isEmpty ? name : (folder.hasSuffix("/") ? folder : folder + "/") + name }
        var problems: [Problem] = []
        var valid: [MigrationFile] = []
        var filesByNumber: [Int: [String]] = [:]
        for (name, bytes) in files.sorted(by: { $0.name < $1.name }) where name.hasSuffix(".json") {
            // The number in a well-formed name counts as taken even when the file is bad,
            // so that one broken file is reported once and not also as a gap.
            if let number = MigrationFile.version(inFileName: name) { filesByNumber[number, default: []].append(name) }
            do {
                valid.append(try MigrationFile(bytes: bytes, fileName: name, path: path(name)))
            } catch let error as AlmanacError {
                let number = MigrationFile.version(inFileName: name)
                let kind: Problem.Kind = number == nil ? .invalidFileName
                    : (error.underlying is MigrationFile.NameMismatch ? .nameMismatch : .invalidFile)
                problems.append(Problem(kind: kind, version: number, error: error))
            } catch {
                problems.append(Problem(
                    kind: .invalidFile, version: MigrationFile.version(inFileName: name),
                    error: AlmanacError(.invalidMigration, "cannot be read: \(error)", path: path(name), underlying: error)))
            }
        }
        for (name, error) in unreadable {
            let number = MigrationFile.version(inFileName: name)
            if let number { filesByNumber[number, default: []].append(name) }
            problems.append(Problem(kind: .invalidFile, version: number, error: AlmanacError(
                .invalidMigration, "cannot be read: \(error.message)", path: path(name), underlying: error)))
        }
        for (number, names) in filesByNumber where names.count > 1 {
            let list = names.map { "\"\($0)\"" }.joined(separator: ", ")
            problems.append(Problem(kind: .duplicateVersion, version: number, error: AlmanacError(
                .invalidMigration,
                "\(list) share the number \(CalendarDate.pad(number, 4)); give each migration its own number (the next free one is \(CalendarDate.pad((filesByNumber.keys.max() ?? 0) + 1, 4)))",
                path: folder)))
        }
        let highest = filesByNumber.keys.max() ?? 0
        var number = 1
        while number <= highest {
            guard filesByNumber[number] == nil else {
                number += 1
                continue
            }
            var last = number
            while filesByNumber[last + 1] == nil, last + 1 <= highest { last += 1 }
            let missing = number == last ? "migration \(CalendarDate.pad(number, 4)) is missing"
                : "migrations \(CalendarDate.pad(number, 4)) to \(CalendarDate.pad(last, 4)) are missing"
            problems.append(Problem(kind: .gap, version: number, error: AlmanacError(
                .invalidMigration,
                "\(missing); migrations are numbered from 0001 without gaps: restore the missing file, or renumber the later ones if no store has applied them",
                path: folder)))
            number = last + 1
        }
        problems.sort { ($0.version ?? 0, $0.error.path ?? "") < ($1.version ?? 0, $1.error.path ?? "") }
        self.problems = problems
        let duplicated = Set(filesByNumber.filter { $0.value.count > 1 }.keys)
        self.migrations = valid.filter { !duplicated.contains($0.version) }.sorted { $0.version < $1.version }
    }

    /// The highest version among ``migrations``; 0 when there are none.
    public var latestVersion: Int { migrations.last?.version ?? 0 }

    /// The migration numbered `version`, if it is valid.
    public func migration(_ version: Int) -> MigrationFile? {
        migrations.first { $0.version == version }
    }

    /// The checksum of the migration numbered `version`, to compare with the one the
    /// store's manifest recorded when it applied it; `nil` when there is no such valid file.
    public func checksum(of version: Int) -> String? {
        migration(version)?.checksum
    }

    /// The migrations after `version` (the store's), up to and including `target` when
    /// given: what `migrate up [--to N]` runs, in order.
    public func migrations(after version: Int, upTo target: Int? = nil) -> [MigrationFile] {
        migrations.filter { $0.version > version && $0.version <= (target ?? Int.max) }
    }

    /// Throws unless the folder is free of problems: the runner must not migrate with a
    /// gap, a duplicate or a bad file, because the order or content of what it applies
    /// would then be a guess.
    ///
    /// - Throws: The first problem's error, its message followed by how many more there are.
    public func requireNoProblems() throws {
        guard var error = problems.first?.error else { return }
        if problems.count > 1 {
            error.message += " (and \(problems.count - 1) more problem\(problems.count == 2 ? "" : "s") in \(folder); Migrator.status(of:) lists them all)"
            error.remedy = .migrationStatus
        }
        throw error
    }
}
