/// One document a change writes: where it goes, its bytes, and what it replaces.
///
/// A batch holds one of these per document until it commits, so it is kept small: the
/// collection's descriptor is shared by the writes of one collection, the bytes are held at
/// their length, and a large change keeps no parsed members (``dropMembers()``), which are
/// read again from the bytes when a rule asks for them.
struct PreparedWrite {
    private var descriptor: DescriptorBox
    var location: DocumentLocation
    private var parsed: [String: JSONValue]?
    /// The canonical file, as written.
    var bytes: [UInt8]
    /// Boxed, and `nil` for a new document (most of a batch): ``previous`` and ``superseded``.
    private var replaced: Replaced?
    /// Whether no document with this id was stored before.
    var isNew: Bool

    init(collection: CollectionDescriptor, location: DocumentLocation, members: [String: JSONValue], bytes: [UInt8],
         previous: DocumentLocation?, superseded: [DocumentLocation] = [], isNew: Bool) {
        self.descriptor = DescriptorBox(collection)
        self.location = location
        self.parsed = members
        self.bytes = bytes
        self.isNew = isNew
        self.replaced = Replaced(previous: previous, superseded: superseded).nonEmpty
    }

    /// Where the document was stored before, when the save moves it to another date folder.
    var previous: DocumentLocation? {
        get { replaced?.previous }
        set { replaced = Replaced(previous: newValue, superseded: superseded).nonEmpty }
    }

    /// The other files of the document a sync left in several versions (copies, another date
    /// folder): the save replaces them all, in the same atomic change.
    var superseded: [DocumentLocation] {
        get { replaced?.superseded ?? [] }
        set { replaced = Replaced(previous: previous, superseded: newValue).nonEmpty }
    }

    var collection: CollectionDescriptor { descriptor.value }
    /// The collection's name, read without copying its descriptor.
    var collectionName: String { descriptor.value.name }

    /// The document's members: as prepared, or read again from the bytes the writer made.
    var members: [String: JSONValue] {
        if let parsed { return parsed }
        // The bytes are the canonical form of these members, made by the writer: they parse.
        return (try? JSONParser.parse(bytes).value.objectValue) ?? [:]
    }

    /// Lets go of the parsed members (a large change holds only bytes).
    mutating func dropMembers() { parsed = nil }

    /// Shares what it has in common with `other` (the collection's descriptor, the date
    /// folders), so a batch holds each once rather than once per document.
    mutating func share(with other: PreparedWrite) {
        if descriptor !== other.descriptor, descriptor.value.name == other.descriptor.value.name, descriptor.value == other.descriptor.value {
            descriptor = other.descriptor
        }
        if location.folders == other.location.folders { location.folders = other.location.folders }
    }

    /// `bytes` in an array of their length: the encoder reserves room for a large document,
    /// which 100,000 small ones held for a commit would waste.
    static func exact(_ bytes: [UInt8]) -> [UInt8] {
        guard bytes.capacity > bytes.count + bytes.count / 4 + 16 else { return bytes }
        return [UInt8](unsafeUninitializedCapacity: bytes.count) { buffer, count in
            count = bytes.withUnsafeBufferPointer { buffer.initialize(from: $0).1 }
        }
    }

    /// What a save replaces besides the file at its own path.
    private final class Replaced: Sendable {
        let previous: DocumentLocation?
        let superseded: [DocumentLocation]
        init(previous: DocumentLocation?, superseded: [DocumentLocation]) {
            self.previous = previous
            self.superseded = superseded
        }
        var nonEmpty: Replaced? { previous == nil && superseded.isEmpty ? nil : self }
    }

    /// A descriptor held once for many writes.
    private final class DescriptorBox: Sendable {
        let value: CollectionDescriptor
        init(_ value: CollectionDescriptor) { self.value = value }
    }
}
