/// `.almanac/journal.json`: a committed write the next writer (or the next open) finishes.
///
/// Its presence is the commit point of an atomic change and of `delete --all`: once it is
/// durable the write happens, whatever happens to the process; finishing it is idempotent.
struct WriteJournal: StoreRecord, Sendable, Equatable {
    static let fileName = "journal.json"
    static let recordName = "the write journal (.almanac/journal.json)"

    /// What the journal finishes.
    enum Kind: String, Codable, Sendable {
        /// An atomic change: staged folders and files renamed into place, then removals.
        case change
        /// `delete --all`: every document, attachment, archive and backup goes.
        case deleteAll = "delete-all"
        /// Document moves, as journals written before the `kind` member had them.
        case moves
    }

    /// A rename of one staged file within `folder` (store-relative; `""` is the root).
    struct Rename: Codable, Sendable, Equatable {
        var folder: String
        var from: String
        var to: String
    }

    /// A move from one store-relative path to another.
    struct Move: Codable, Sendable, Equatable {
        var from: String
        var to: String
    }

    var kind: Kind
    /// Date folders staged under temporary names, renamed into place whole.
    var newFolders: [Move] = []
    var renames: [Rename] = []
    /// Attachment folders moving with their documents.
    var folderMoves: [Move] = []
    /// Store-relative paths to remove once everything is in place.
    var removals: [String] = []
    /// Document moves of a `moves` journal.
    var moves: [Move] = []

    init(kind: Kind) {
        self.kind = kind
    }

    private enum CodingKeys: String, CodingKey { case kind, newFolders, renames, folderMoves, removals, moves }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        kind = try container.decodeIfPresent(Kind.self, forKey: .kind) ?? .moves
        newFolders = try container.decodeIfPresent([Move].self, forKey: .newFolders) ?? []
        renames = try container.decodeIfPresent([Rename].self, forKey: .renames) ?? []
        folderMoves = try container.decodeIfPresent([Move].self, forKey: .folderMoves) ?? []
        removals = try container.decodeIfPresent([String].self, forKey: .removals) ?? []
        moves = try container.decodeIfPresent([Move].self, forKey: .moves) ?? []
    }

    /// The journal's bytes, as every record's (``StoreRecord``): those of ``write(to:)``.
    func recordBytes() throws -> [UInt8] {
        var bytes: [UInt8] = []
        try write { bytes += $0 }
        return bytes
    }

    /// Hands `emit` the journal's bytes in pieces, made entry by entry: a commit of 100,000
    /// files into existing folders has as many renames, and its journal is never held whole.
    func write(to emit: ([UInt8]) throws -> Void) throws {
        let encoder = DocumentEncoder()
        func elements<T: Encodable>(_ entries: [T]) -> CanonicalJSON.StreamedMember {
            .elements(count: entries.count) { try encoder.encode(entries[$0]) }
        }
        var members: [(key: String, member: CanonicalJSON.StreamedMember)] = [("kind", .value(.string(kind.rawValue)))]
        if kind == .change {
            members.append(("renames", elements(renames)))
            members.append(("removals", elements(removals)))
        }
        if !newFolders.isEmpty { members.append(("newFolders", elements(newFolders))) }
        if !folderMoves.isEmpty { members.append(("folderMoves", elements(folderMoves))) }
        if !moves.isEmpty { members.append(("moves", elements(moves))) }
        try CanonicalJSON.writePretty(members: members, piece: 1 << 20, to: emit)
    }

    /// Writes only what the kind uses, so a journal stays as short as the change.
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(kind, forKey: .kind)
        if kind == .change {
            try container.encode(renames, forKey: .renames)
            try container.encode(removals, forKey: .removals)
        }
        if !newFolders.isEmpty { try container.encode(newFolders, forKey: .newFolders) }
        if !folderMoves.isEmpty { try container.encode(folderMoves, forKey: .folderMoves) }
        if !moves.isEmpty { try container.encode(moves, forKey: .moves) }
    }
}
