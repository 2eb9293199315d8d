/// Reads the members of a JSON file (a migration, a condition) with errors that name the
/// file, the JSON pointer and, when the file's bytes are known, the line and column, so that
/// a person can jump straight to the mistake in an editor.
struct JSONFileReader {
    /// The file's path, as given by the caller (shown in messages); `nil` for JSON that
    /// came from elsewhere (a test, a command-line argument).
    let path: String?
    /// The file's bytes, used only on error paths to turn a pointer into a line and column.
    let bytes: [UInt8]?
    /// The code of its errors: what kind of file it reads.
    var code: AlmanacError.Code = .invalidMigration

    /// An error (of ``code``) about the value at `pointer`.
    func error(_ pointer: String, _ message: String) -> AlmanacError {
        var error = AlmanacError(code, message, path: path, pointer: pointer)
        if let bytes, let position = JSONPointerLocator.position(of: pointer, in: bytes) {
            error.line = position.line
            error.column = position.column
        }
        return error
    }

    /// `base` extended by one member name, escaped per RFC 6901 (`~` → `~0`, `/` → `~1`).
    static func pointer(_ base: String, _ key: String) -> String {
        base + "/" + key.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1")
    }

    /// `base` extended by an array index.
    static func pointer(_ base: String, _ index: Int) -> String {
        base + "/" + String(index)
    }

    func object(_ value: JSONValue?, at pointer: String, what: String) throws -> [String: JSONValue] {
        guard let value else { throw error(pointer, "is missing; add \(what)") }
        guard case .object(let members) = value else {
            throw error(pointer, "must be \(what), found \(value.typeName)")
        }
        return members
    }

    /// Refuses members outside `keys`: a misspelt key (`"feild"`) silently ignored would
    /// make an operation do something else than its author meant.
    func allowOnly(_ keys: [String], in members: [String: JSONValue], at pointer: String, what: String) throws {
        for key in members.keys.sorted() where !keys.contains(key) {
            var message = "\"\(key)\" is not a member of \(what); the members are \(keys.joined(separator: ", "))"
            if let suggestion = Suggestion.closest(to: key, in: keys) { message += " (did you mean \"\(suggestion)\"?)" }
            throw error(JSONFileReader.pointer(pointer, key), message)
        }
    }

    func string(_ value: JSONValue?, at pointer: String, what: String = "a string") throws -> String {
        guard let value else { throw error(pointer, "is missing; add \(what)") }
        guard case .string(let string) = value, !string.isEmpty else {
            throw error(pointer, "must be \(what) (a non-empty string), found \(JSONFileReader.describe(value))")
        }
        return string
    }

    func optionalString(_ value: JSONValue?, at pointer: String, what: String = "a string") throws -> String? {
        guard let value else { return nil }
        return try string(value, at: pointer, what: what)
    }

    func array(_ value: JSONValue?, at pointer: String, what: String) throws -> [JSONValue] {
        guard let value else { throw error(pointer, "is missing; add \(what)") }
        guard case .array(let elements) = value else {
            throw error(pointer, "must be \(what) (an array), found \(value.typeName)")
        }
        return elements
    }

    func required(_ value: JSONValue?, at pointer: String, what: String) throws -> JSONValue {
        guard let value else { throw error(pointer, "is missing; add \(what)") }
        return value
    }

    /// A collection name as the catalog accepts it, since it becomes a folder name.
    func collectionName(_ value: JSONValue?, at pointer: String) throws -> String {
        let name = try string(value, at: pointer, what: "a collection name")
        guard Catalog.isValidName(name) else {
            throw error(pointer, "\"\(name)\" is not a valid collection name; use lowercase letters, digits and '-', starting with a letter")
        }
        return name
    }

    /// A field name or dotted path (`settings.theme`).
    func fieldPath(_ value: JSONValue?, at pointer: String) throws -> String {
        let text = try string(value, at: pointer, what: "a field name")
        guard FieldPath(text) != nil else {
            throw error(pointer, "\"\(text)\" is not a field path; write a field name, or names joined by '.' for a nested field, e.g. \"settings.theme\"")
        }
        return text
    }

    /// A short rendering of a value for messages: scalars in full, containers by type.
    static func describe(_ value: JSONValue) -> String {
        switch value {
        case .array, .object: return "an \(value.typeName)"
        case .string(let text) where text.isEmpty: return "an empty string"
        default: return FieldPath.render(value)
        }
    }
}
