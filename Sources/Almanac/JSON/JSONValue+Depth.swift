extension JSONValue {
    /// Whether the value nests arrays and objects deeper than ``JSONParser/maximumDepth``, so
    /// that its file could not be read back. Found without recursion; every write path checks
    /// it before the commit, as an encoder or a migration can build what the parser refuses.
    var isTooDeepToRead: Bool {
        var pending: [(JSONValue, Int)] = [(self, 0)]
        while let (value, depth) = pending.popLast() {
            switch value {
            case .object(let members):
                guard depth < JSONParser.maximumDepth else { return true }
                for member in members.values { pending.append((member, depth + 1)) }
            case .array(let elements):
                guard depth < JSONParser.maximumDepth else { return true }
                for element in elements { pending.append((element, depth + 1)) }
            default:
                break
            }
        }
        return false
    }

    /// The message for a value that ``isTooDeepToRead``.
    static let tooDeepMessage = "arrays and objects are nested more than \(JSONParser.maximumDepth) levels deep, "
        + "so the file could not be read back; flatten the document"
}
