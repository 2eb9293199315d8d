/// What `export` writes, and how.
public struct ExportOptions: Sendable {
    /// The file format.
    public enum Format: String, Sendable {
        /// JSON Lines: the header, then one document (or attachment) per line.
        case jsonl
        /// One JSON object: `{"header": …, "items": […]}`.
        case json
    }

    /// The file format (default JSON Lines).
    public var format: Format
    /// Only these collections, in the catalog's order; all when empty.
    public var collections: [String]
    /// Only documents whose date falls in this range (collections without a date field are
    /// left out when a range is given).
    public var days: ClosedRange<CalendarDate>?
    /// Top-level fields whose values are replaced by `"[redacted]"` (such an export is for
    /// sharing; it no longer validates, so it cannot be imported).
    public var redact: [String]
    /// Whether attachment files are included (base64).
    public var attachments: Bool
    /// Whether documents that cannot be read (a file this user may not read, malformed JSON)
    /// are passed over, each in ``ExportSummary/problems``, instead of stopping the export:
    /// the export then holds every readable document, and its header counts them.
    public var keepGoing = false

    /// Creates options; the defaults export everything as JSON Lines without attachments.
    public init(format: Format = .jsonl, collections: [String] = [], days: ClosedRange<CalendarDate>? = nil,
                redact: [String] = [], attachments: Bool = false) {
        self.format = format
        self.collections = collections
        self.days = days
        self.redact = redact
        self.attachments = attachments
    }
}

/// What an export wrote.
public struct ExportSummary: Sendable, Encodable {
    /// Documents written, per collection, in the catalog's order.
    public var counts: [(collection: String, documents: Int)]
    /// Attachment files written.
    public var attachments: Int
    /// Bytes written.
    public var bytes: Int
    /// The files passed over because they could not be read (``ExportOptions/keepGoing``).
    public var problems: [AlmanacError] = []

    /// Documents written in all.
    public var documents: Int { counts.reduce(0) { $0 + $1.documents } }
}

extension ExportSummary {
    private enum CodingKeys: String, CodingKey { case documents, attachments, bytes, collections, problems }

    /// Encodes the totals and the documents written per collection (`collections`, by name).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(documents, forKey: .documents)
        try container.encode(attachments, forKey: .attachments)
        try container.encode(bytes, forKey: .bytes)
        try container.encode(Dictionary(counts.map { ($0.collection, $0.documents) }, uniquingKeysWith: +), forKey: .collections)
        if !problems.isEmpty { try container.encode(problems, forKey: .problems) }
    }
}
