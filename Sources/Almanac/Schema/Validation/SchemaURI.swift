/// A URI reference split into its RFC 3986 components, enough to resolve `$id` and `$ref`
/// values against each other.
///
/// Foundation's `URL` is not used: it refuses or rewrites some valid references (URNs with
/// `?+` r-components, empty fragments) and its relative resolution differs between Darwin
/// and Linux, while identifiers here must compare as plain strings.
struct SchemaURI: Sendable, Equatable {
    var scheme: String?
    var authority: String?
    var path: String
    var query: String?
    var fragment: String?

    /// Splits `text` per RFC 3986 appendix B; every string is some URI reference.
    init(_ text: String) {
        var rest = Substring(text)
        if let hash = rest.firstIndex(of: "#") {
            fragment = String(rest[rest.index(after: hash)...])
            rest = rest[..<hash]
        }
        if let question = rest.firstIndex(of: "?") {
            query = String(rest[rest.index(after: question)...])
            rest = rest[..<question]
        }
        if let colon = rest.firstIndex(of: ":"),
           !rest[..<colon].isEmpty,
           !rest[..<colon].contains(where: { $0 == "/" }) {
            scheme = String(rest[..<colon])
            rest = rest[rest.index(after: colon)...]
        }
        if rest.hasPrefix("//") {
            let afterSlashes = rest.index(rest.startIndex, offsetBy: 2)
            let end = rest[afterSlashes...].firstIndex(of: "/") ?? rest.endIndex
            authority = String(rest[afterSlashes..<end])
            rest = rest[end...]
        }
        path = String(rest)
    }

    private init(scheme: String?, authority: String?, path: String, query: String?, fragment: String?) {
        self.scheme = scheme
        self.authority = authority
        self.path = path
        self.query = query
        self.fragment = fragment
    }

    /// The reference as text.
    var text: String {
        var result = ""
        if let scheme { result += scheme + ":" }
        if let authority { result += "//" + authority }
        result += path
        if let query { result += "?" + query }
        if let fragment { result += "#" + fragment }
        return result
    }

    /// The same URI without its fragment: the identifier of a schema resource.
    var withoutFragment: SchemaURI {
        var copy = self
        copy.fragment = nil
        return copy
    }

    /// Resolves `reference` against `self` as its base (RFC 3986 §5.2.2, strict).
    func resolving(_ reference: SchemaURI) -> SchemaURI {
        if reference.scheme != nil {
            return SchemaURI(scheme: reference.scheme, authority: reference.authority,
                             path: Self.removingDotSegments(reference.path),
                             query: reference.query, fragment: reference.fragment)
        }
        if reference.authority != nil {
            return SchemaURI(scheme: scheme, authority: reference.authority,
                             path: Self.removingDotSegments(reference.path),
                             query: reference.query, fragment: reference.fragment)
        }
        if reference.path.isEmpty {
            return SchemaURI(scheme: scheme, authority: authority, path: path,
                             query: reference.query ?? query, fragment: reference.fragment)
        }
        let mergedPath: String
        if reference.path.hasPrefix("/") {
            mergedPath = reference.path
        } else if authority != nil && path.isEmpty {
            mergedPath = "/" + reference.path
        } else if let slash = path.lastIndex(of: "/") {
            mergedPath = path[...slash] + reference.path
        } else {
            mergedPath = reference.path
        }
        return SchemaURI(scheme: scheme, authority: authority, path: Self.removingDotSegments(mergedPath),
                         query: reference.query, fragment: reference.fragment)
    }

    /// RFC 3986 §5.2.4: interprets `.` and `..` segments.
    private static func removingDotSegments(_ path: String) -> String {
        guard path.contains(".") else { return path }
        var input = Substring(path)
        var output: [Substring] = []
        while !input.isEmpty {
            if input.hasPrefix("../") {
                input = input.dropFirst(3)
            } else if input.hasPrefix("./") {
                input = input.dropFirst(2)
            } else if input.hasPrefix("/./") {
                input = input.dropFirst(2)
            } else if input == "/." {
                input = "/"
            } else if input.hasPrefix("/../") {
                input = input.dropFirst(3)
                if !output.isEmpty { output.removeLast() }
            } else if input == "/.." {
                input = "/"
                if !output.isEmpty { output.removeLast() }
            } else if input == "." || input == ".." {
                input = ""
            } else {
                // Move the first segment, with its leading slash if any, to the output.
                let searchStart = input.hasPrefix("/") ? input.index(after: input.startIndex) : input.startIndex
                let end = input[searchStart...].firstIndex(of: "/") ?? input.endIndex
                output.append(input[..<end])
                input = input[end...]
            }
        }
        return output.joined()
    }
}
