/// A field named by a migration, a query, a condition or a merge: a top-level member (`amount`) or a dotted path into nested
/// objects (`settings.theme`).
///
/// A dot always separates levels, so a member whose own name contains a dot cannot be named;
/// no reference app has one. Arrays are not stepped into: an operation on "every element"
/// is what `custom` is for.
struct FieldPath: Sendable, Hashable, CustomStringConvertible {
    /// The member names from the outside in; never empty, no empty name.
    let components: [String]

    /// Parses `settings.theme`, or returns `nil` for an empty path or an empty segment
    /// (`a..b`, `.a`, `a.`).
    init?(_ text: String) {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard !parts.isEmpty, parts.allSatisfy({ !$0.isEmpty }) else { return nil }
        components = parts
    }

    /// The path as written, `settings.theme`.
    var description: String { components.joined(separator: ".") }

    /// The path as a JSON pointer into the document, `/settings/theme`, for error messages.
    var pointer: String {
        components.reduce("") { JSONFileReader.pointer($0, $1) }
    }

    /// Whether `other` is this path or lies inside it (`a` contains `a.b`): renaming a field
    /// into itself would lose it.
    func contains(_ other: FieldPath) -> Bool {
        other.components.count >= components.count && Array(other.components.prefix(components.count)) == components
    }

    /// The value at the path, or `nil` when a member is missing or a step is not an object.
    func value(in document: JSONValue) -> JSONValue? {
        var current = document
        for name in components {
            guard case .object(let members) = current, let next = members[name] else { return nil }
            current = next
        }
        return current
    }

    /// Sets the value at the path, creating missing intermediate objects.
    ///
    /// - Returns: `nil` on success, or the path of an intermediate member that exists but is
    ///   not an object, which the caller reports: overwriting it would destroy data.
    func set(_ value: JSONValue, in document: inout JSONValue) -> String? {
        Self.set(value, at: components[...], in: &document, prefix: [])
    }

    private static func set(_ value: JSONValue, at path: ArraySlice<String>, in target: inout JSONValue, prefix: [String]) -> String? {
        guard case .object(var members) = target else { return prefix.joined(separator: ".") }
        let name = path[path.startIndex]
        if path.count == 1 {
            members[name] = value
        } else {
            var child = members[name] ?? .object([:])
            // Release the parent's reference first so that the child is changed in place.
            members[name] = nil
            if let blocked = set(value, at: path.dropFirst(), in: &child, prefix: prefix + [name]) { return blocked }
            members[name] = child
        }
        target = .object(members)
        return nil
    }

    /// Removes the member at the path and returns its value, or `nil` (and changes nothing)
    /// when there is none.
    func remove(from document: inout JSONValue) -> JSONValue? {
        Self.remove(at: components[...], from: &document)
    }

    private static func remove(at path: ArraySlice<String>, from target: inout JSONValue) -> JSONValue? {
        guard case .object(var members) = target, let child = members[path[path.startIndex]] else { return nil }
        let name = path[path.startIndex]
        if path.count == 1 {
            members[name] = nil
            target = .object(members)
            return child
        }
        var nested = child
        guard let removed = remove(at: path.dropFirst(), from: &nested) else { return nil }
        members[name] = nested
        target = .object(members)
        return removed
    }

    /// A value on one line for messages and diffs, shortened when long so that a plan stays
    /// readable when a field holds a whole list.
    static func render(_ value: JSONValue) -> String {
        let text = String(decoding: value.compactJSONBytes, as: UTF8.self)
        guard text.count > 60 else { return text }
        return String(text.prefix(57)) + "…"
    }
}
