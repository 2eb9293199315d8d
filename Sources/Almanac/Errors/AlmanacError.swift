/// The one error type thrown by the Almanac library.
///
/// Every error carries a ``Code`` that programs can switch on, a message written for a
/// person (what went wrong and what to do next), and, where they apply, the store-relative
/// path, the document id, the JSON pointer and the line and column it concerns, plus the
/// underlying cause.
///
/// ```swift
/// do {
///     try store.save(event)
/// } catch let error as AlmanacError where error.code == .locked {
///     print(error.message)   // "store is locked by PID 4242 (migrate, since …)"
/// }
/// ```
public struct AlmanacError: Error, Sendable, CustomStringConvertible {
    /// What kind of failure this is.
    public var code: Code
    /// A sentence for a person: what went wrong and what to do about it.
    public var message: String
    /// The file or folder concerned, relative to the store root when inside a store.
    public var path: String?
    /// The document id concerned, if any.
    public var id: String?
    /// The JSON pointer of the value concerned inside a document, if any.
    public var pointer: String?
    /// The 1-based line in `path` where the problem was found, if known.
    public var line: Int?
    /// The 1-based column (in bytes) in `path` where the problem was found, if known.
    public var column: Int?
    /// The lower-level error that caused this one, if any.
    public var underlying: (any Error & Sendable)?
    /// What to do about it, as the library and the tool name it; `nil` when the message says
    /// it in words alone.
    public var remedy: Remedy?

    /// Creates an error.
    ///
    /// - Parameters:
    ///   - code: The kind of failure.
    ///   - message: What went wrong and what to do next.
    ///   - path: The file or folder concerned.
    ///   - id: The document id concerned.
    ///   - pointer: The JSON pointer concerned.
    ///   - line: The 1-based line of the problem in `path`.
    ///   - column: The 1-based column of the problem in `path`.
    ///   - underlying: The cause.
    public init(
        _ code: Code,
        _ message: String,
        path: String? = nil,
        id: String? = nil,
        pointer: String? = nil,
        line: Int? = nil,
        column: Int? = nil,
        underlying: (any Error & Sendable)? = nil
    ) {
        self.code = code
        self.message = message
        self.path = path
        self.id = id
        self.pointer = pointer
        self.line = line
        self.column = column
        self.underlying = underlying
    }

    /// The error as one line: `path:line:column: pointer: message`, omitting what is unknown.
    public var description: String {
        var location = ""
        if let path {
            location = path
            if let line {
                location += ":\(line)"
                if let column { location += ":\(column)" }
            }
            location += ": "
        }
        if let pointer, !pointer.isEmpty { location += "\(pointer): " }
        return location + message
    }

    /// Returns a copy with `path` set when it was not known yet.
    func at(path newPath: String) -> AlmanacError {
        var copy = self
        if copy.path == nil { copy.path = newPath }
        return copy
    }
}

extension AlmanacError {
    /// A stable, machine-readable kind of failure.
    ///
    /// Codes are strings so that `--json` output and logs stay readable; compare them with
    /// the static members, e.g. `error.code == .locked`.
    public struct Code: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        /// The code's stable name, e.g. `"locked"`.
        public var rawValue: String
        /// Creates a code from its stable name.
        public init(rawValue: String) { self.rawValue = rawValue }
        /// The code's stable name.
        public var description: String { rawValue }

        /// A document id breaks the id rules (DESIGN §2).
        public static let invalidID = Code(rawValue: "invalid-id")
        /// Two different ids are equal ignoring case.
        public static let idCollision = Code(rawValue: "id-collision")
        /// A file is not valid JSON (RFC 8259).
        public static let malformedJSON = Code(rawValue: "malformed-json")
        /// A document does not have the shape its collection or Swift type requires.
        public static let invalidDocument = Code(rawValue: "invalid-document")
        /// A value unique in its collection is already used by another document.
        public static let uniqueViolation = Code(rawValue: "unique-violation")
        /// No document, collection or file with that name exists.
        public static let notFound = Code(rawValue: "not-found")
        /// The collection is not in the store's catalog.
        public static let unknownCollection = Code(rawValue: "unknown-collection")
        /// The catalog or a schema file is wrong.
        public static let invalidCatalog = Code(rawValue: "invalid-catalog")
        /// The folder is not an Almanac store, or its manifest is damaged.
        public static let notAStore = Code(rawValue: "not-a-store")
        /// A store already exists where one was to be created.
        public static let storeExists = Code(rawValue: "store-exists")
        /// The store was written by a newer version of Almanac or schema than this code.
        public static let storeTooNew = Code(rawValue: "store-too-new")
        /// Another process holds the store's write lock.
        public static let locked = Code(rawValue: "locked")
        /// A symbolic link was found inside the store where a file or folder was expected.
        public static let symbolicLink = Code(rawValue: "symbolic-link")
        /// A system call failed (disk full, permission denied, …).
        public static let io = Code(rawValue: "io")
        /// The file is in iCloud Drive but not downloaded to this device (only its
        /// `.<name>.icloud` placeholder is here); download it, or keep the store out of iCloud Drive.
        public static let notDownloaded = Code(rawValue: "not-downloaded")
        /// The device is locked and the store's files are protected until it is unlocked (Apple
        /// data protection); retry after the first unlock, or give the store a weaker protection class.
        public static let protectedDataUnavailable = Code(rawValue: "protected-data-unavailable")
        /// An argument passed to the API is out of range or inconsistent.
        public static let invalidArgument = Code(rawValue: "invalid-argument")
        /// A query or condition is wrong: it does not parse, names a field the collection's
        /// schema does not have, compares a field with a value of another type, sorts by an
        /// unknown direction, or reads by date a collection without a date field. The error names
        /// the field (and its JSON pointer) and what to write instead.
        public static let invalidQuery = Code(rawValue: "invalid-query")
        /// `check` found problems in the store.
        public static let checkFailed = Code(rawValue: "check-failed")
        /// A document breaks one of its collection's catalog rules (the message names it).
        public static let ruleViolation = Code(rawValue: "rule-violation")
        /// A document names, in a reference field, a document that does not exist.
        public static let missingReference = Code(rawValue: "missing-reference")
        /// The store changed version (a migration or rollback) since this ``Store`` was opened; open it again.
        public static let storeChanged = Code(rawValue: "store-changed")
        /// A migration file or folder is wrong: bad file name, malformed JSON, an unknown
        /// operation or key, a missing or mistyped value, a gap or duplicate in the numbering.
        /// The error names the file and the JSON pointer at fault.
        public static let invalidMigration = Code(rawValue: "invalid-migration")
        /// A valid migration cannot be applied to a document: a value that does not convert,
        /// a rename onto an existing field, a custom function that is missing or failed.
        /// The error names the document and the operation.
        public static let migrationFailed = Code(rawValue: "migration-failed")
        /// A rollback cannot restore the pre-migration copy: documents were written since
        /// (pass `force` to lose them), or the store moved on to another version.
        public static let rollbackRefused = Code(rawValue: "rollback-refused")
        /// A delete is refused: documents refer to what it removes through a `restrict`
        /// reference (the message names every one); delete or change them first.
        public static let deleteRestricted = Code(rawValue: "delete-restricted")
        /// A document's date no longer files it in the folder it is in (its date was edited by
        /// hand), so date queries would miss it; `almanac check --fix` moves it.
        public static let misfiled = Code(rawValue: "misfiled")
        /// A sync left versions that cannot be merged on their own: a document whose collection's
        /// merge policy is `manual` and whose versions changed the same field, or two `store.json`
        /// histories that differ. The message shows both sides and the next step.
        public static let syncConflict = Code(rawValue: "sync-conflict")
        /// The app's schema folder differs from the store's copy of the same version, and no
        /// migration carries the change (``SchemaDrift``): write one, or undo the edit.
        public static let schemaDrift = Code(rawValue: "schema-drift")
    }
}
