/// The members a `Decodable` type asks for, object by object, found by decoding a value it
/// encoded: what the type declares, present or not (an optional left `nil` is asked for and
/// absent). A typed save keeps the stored document's members that the type does not declare
/// (``merging(_:over:)``), so that an older build of an app, or a widget, whose type lacks a
/// field never erases it — as GRDB's record update writes only the columns the record knows.
final class DeclaredMembers {
    /// The keys asked for, by the path of the object asked (member names from the root).
    private var asked: [[String]: Set<String>] = [:]
    /// Objects whose keys the type listed (`allKeys`: a dictionary, an enum with associated
    /// values): the type's own whole, merged with nothing.
    private var whole: Set<[String]> = []

    /// Notes that the type listed the keys of the object at `path`.
    func noteWhole(_ path: DocumentCodingPath) {
        var names: [String] = []
        for key in path.keys {
            if key is DocumentIndexKey { return }
            names.append(key.stringValue)
        }
        whole.insert(names)
    }

    /// Notes that the type asked the object at `path` for `key`; paths through an array are
    /// not noted (elements are the type's own, whole).
    func note(_ path: DocumentCodingPath, _ key: String) {
        var names: [String] = []
        for key in path.keys {
            if key is DocumentIndexKey { return }
            names.append(key.stringValue)
        }
        asked[names, default: []].insert(key)
    }

    /// What `type` declares, from decoding `encoded` (its own encoding); `nil` when that
    /// decoding fails (a type whose coding is not symmetric), and the caller then keeps only
    /// what `encoded` lacks at no cost of a declared `nil`.
    static func of<T: Decodable>(_ type: T.Type, encoded: JSONValue) -> DeclaredMembers? {
        let declared = DeclaredMembers()
        do {
            _ = try DocumentDecoder().decode(type, from: encoded, recording: declared)
        } catch {
            return nil
        }
        return declared
    }

    /// Whether `stored` holds a member that `encoded` lacks, in an object the two share:
    /// only then can a merge change anything (checked before decoding anything).
    static func storedHasMore(_ stored: JSONValue, than encoded: JSONValue) -> Bool {
        guard case .object(let old) = stored, case .object(let new) = encoded else { return false }
        for (key, value) in old {
            guard let replacement = new[key] else { return true }
            if storedHasMore(value, than: replacement) { return true }
        }
        return false
    }

    /// `encoded` with the members of `stored` it lacks and the type does not declare, object
    /// by object through the objects both hold; declared members stay as encoded (a declared
    /// optional set to `nil` removes the stored value). Without `declared`, every member
    /// `encoded` lacks is kept.
    static func merging(_ encoded: JSONValue, over stored: JSONValue, declared: DeclaredMembers?) -> JSONValue {
        merge(encoded, stored, declared, path: [])
    }

    private static func merge(_ encoded: JSONValue, _ stored: JSONValue, _ declared: DeclaredMembers?, path: [String]) -> JSONValue {
        guard case .object(var members) = encoded, case .object(let old) = stored else { return encoded }
        // An object decoded by no keyed container (a single value, a custom decoding) is the
        // type's own whole: nothing of it is kept.
        if let declared, declared.whole.contains(path) || (declared.asked[path] == nil && !path.isEmpty) { return encoded }
        let asked = declared?.asked[path] ?? []
        for (key, value) in old {
            if let new = members[key] {
                members[key] = merge(new, value, declared, path: path + [key])
            } else if !asked.contains(key) {
                members[key] = value
            }
        }
        return .object(members)
    }
}
