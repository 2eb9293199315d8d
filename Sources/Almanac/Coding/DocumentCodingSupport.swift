/// The coding path of a value being encoded or decoded, kept as a linked list.
///
/// Descending into a nested value then costs one small allocation instead of copying an
/// array of keys, and the `[CodingKey]` form is built only when someone asks for it: a
/// type's own `init(from:)`/`encode(to:)`, or an error message.
indirect enum DocumentCodingPath {
    /// The document itself.
    case root
    /// `key` inside the value at `parent`.
    case child(DocumentCodingPath, any CodingKey)

    /// The path of the member or element `key` of this value.
    func appending(_ key: any CodingKey) -> DocumentCodingPath {
        .child(self, key)
    }

    /// The path of the element at `index` of this array.
    func appending(index: Int) -> DocumentCodingPath {
        .child(self, DocumentIndexKey(index))
    }

    /// The keys from the root down, as `Encoder`/`Decoder` report them.
    var keys: [any CodingKey] {
        var keys: [any CodingKey] = []
        var node = self
        while case .child(let parent, let key) = node {
            keys.append(key)
            node = parent
        }
        return keys.reversed()
    }

    /// The RFC 6901 JSON Pointer of this path, `""` for the root.
    var pointer: String {
        DocumentCodingPath.pointer(for: keys)
    }

    /// The RFC 6901 JSON Pointer for a coding path, e.g. `/variants/1/durationMinutes`.
    ///
    /// Keys are taken by `stringValue` even when they have an `intValue`: a key enum with
    /// `Int` raw values is still written under its name, and array indexes and `Int`
    /// dictionary keys already spell their number as their string.
    static func pointer(for keys: [any CodingKey]) -> String {
        var pointer = ""
        for key in keys {
            pointer += "/"
            let name = key.stringValue
            if name.utf8.contains(where: { $0 == UInt8(ascii: "~") || $0 == UInt8(ascii: "/") }) {
                for scalar in name.unicodeScalars {
                    switch scalar {
                    case "~": pointer += "~0"
                    case "/": pointer += "~1"
                    default: pointer.unicodeScalars.append(scalar)
                    }
                }
            } else {
                pointer += name
            }
        }
        return pointer
    }
}

/// The key of an array element: its index, spelled as a number so pointers read `/tags/2`.
struct DocumentIndexKey: CodingKey {
    let index: Int

    init(_ index: Int) { self.index = index }
    init?(stringValue: String) {
        guard let index = Int(stringValue) else { return nil }
        self.index = index
    }
    init?(intValue: Int) { self.index = intValue }

    var stringValue: String { String(index) }
    var intValue: Int? { index }
}

/// A plain string key: the `super` member written by `superEncoder()`, and the members of
/// a `JSONValue` object or of `store.json` that no type declares.
struct DocumentNamedKey: CodingKey {
    let stringValue: String

    init(_ name: String) { self.stringValue = name }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { self.stringValue = String(intValue) }

    var intValue: Int? { nil }

    static let superKey = DocumentNamedKey("super")
}

/// Turns whatever a coding run threw into the library's one error type.
enum DocumentCodingFailure {
    /// `error` as an ``AlmanacError`` with code `.invalidDocument` and the pointer it concerns.
    ///
    /// `DecodingError`/`EncodingError` are the currency inside the coders because types'
    /// own `init(from:)` throw and catch them (e.g. to try another representation); they
    /// become ``AlmanacError`` only once, at the top.
    static func almanacError(from error: any Error) -> AlmanacError {
        switch error {
        case let error as AlmanacError:
            return error
        case let error as DecodingError:
            switch error {
            case .keyNotFound(let key, let context):
                return AlmanacError(
                    .invalidDocument, "missing required field \"\(key.stringValue)\"",
                    pointer: DocumentCodingPath.pointer(for: context.codingPath), underlying: error)
            case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
                return AlmanacError(
                    .invalidDocument, message(context.debugDescription, context.underlyingError),
                    pointer: DocumentCodingPath.pointer(for: context.codingPath), underlying: error)
            @unknown default:
                return AlmanacError(.invalidDocument, String(describing: error), underlying: error)
            }
        case let error as EncodingError:
            switch error {
            case .invalidValue(_, let context):
                return AlmanacError(
                    .invalidDocument, message(context.debugDescription, context.underlyingError),
                    pointer: DocumentCodingPath.pointer(for: context.codingPath), underlying: error)
            @unknown default:
                return AlmanacError(.invalidDocument, String(describing: error), underlying: error)
            }
        default:
            return AlmanacError(.invalidDocument, String(describing: error), underlying: error)
        }
    }

    /// Wraps an error that is neither a coding error nor an ``AlmanacError`` so that it
    /// keeps the path where it was thrown; the top level only sees the outermost path.
    static func locate(_ error: any Error, at path: DocumentCodingPath, decoding: Bool) -> any Error {
        switch error {
        case is DecodingError, is EncodingError:
            return error
        case var error as AlmanacError:
            if error.pointer == nil { error.pointer = path.pointer }
            return error
        default:
            let context = String(describing: error)
            return decoding
                ? DecodingError.dataCorrupted(.init(codingPath: path.keys, debugDescription: context, underlyingError: error))
                : EncodingError.invalidValue(error, .init(codingPath: path.keys, debugDescription: context, underlyingError: error))
        }
    }

    private static func message(_ debugDescription: String, _ underlying: (any Error)?) -> String {
        if !debugDescription.isEmpty { return debugDescription }
        if let underlying { return String(describing: underlying) }
        return "invalid value"
    }
}
