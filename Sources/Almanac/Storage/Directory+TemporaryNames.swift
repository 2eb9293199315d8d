#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension Directory {
    /// The suffix of every temporary file a writer creates; ids cannot start with `.`, so
    /// `.<name>.<pid>-<n>.almanac-tmp` never collides with a document.
    static let temporarySuffix = ".almanac-tmp"

    private static let counter = Counter()

    private static let processID = getpid()

    static func temporaryName(for name: String) -> String {
        // Made at its length: a large commit holds one per file until its journal is finished,
        // and an interpolated string keeps the room it grew into.
        let text = ".\(name).\(processID)-\(counter.next())\(temporarySuffix)"
        return String(decoding: Array(text.utf8), as: UTF8.self)
    }

    /// Whether `name` is a temporary file left by a writer.
    static func isTemporaryName(_ name: String) -> Bool {
        name.hasPrefix(".") && name.hasSuffix(temporarySuffix)
    }

    /// The process that made the temporary file or folder `name` (`812` for `.A1.json.812-3.almanac-tmp`).
    static func writer(ofTemporary name: String) -> Int32? {
        guard isTemporaryName(name) else { return nil }
        let middle = name.dropFirst().dropLast(temporarySuffix.count)
        guard let dot = middle.lastIndex(of: ".") else { return nil }
        return Int32(middle[middle.index(after: dot)...].prefix(while: { $0 != "-" }))
    }

    /// Whether the temporary `name` is one its writer will never finish: the process that made
    /// it is gone (or, with `includingThisProcess`, is this one, which knows it gave up on it).
    /// A live writer's temporary is its work in progress, never removed from under it.
    static func isAbandonedTemporary(_ name: String, includingThisProcess: Bool = false) -> Bool {
        guard let pid = writer(ofTemporary: name) else { return false }
        return pid == getpid() ? includingThisProcess : SystemCall.processIsGone(pid)
    }

    /// The name a temporary file stands in for (`A1.json` for `.A1.json.812-3.almanac-tmp`).
    static func finalName(ofTemporary name: String) -> String? {
        guard isTemporaryName(name) else { return nil }
        let middle = name.dropFirst().dropLast(temporarySuffix.count)
        guard let dot = middle.lastIndex(of: ".") else { return nil }
        return String(middle[..<dot])
    }
}
