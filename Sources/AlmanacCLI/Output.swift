import Almanac
import Foundation

/// Writing to stdout and stderr.
enum Output {
    static func write(_ text: String) {
        FileHandle.standardOutput.write(Data((text.hasSuffix("\n") ? text : text + "\n").utf8))
    }

    static func writeBytes(_ bytes: [UInt8]) {
        FileHandle.standardOutput.write(Data(bytes))
    }

    static func error(_ text: String) {
        FileHandle.standardError.write(Data((text.hasSuffix("\n") ? text : text + "\n").utf8))
    }

    /// Prints `value` as pretty JSON on stdout, with `extra` members beside its own when it
    /// encodes as an object: the one way every `--json` result is printed.
    static func json<T: Encodable>(_ value: T, adding extra: [String: JSONValue] = [:]) throws {
        var encoded = try DocumentEncoder().encode(value)
        if !extra.isEmpty, case .object(var members) = encoded {
            members.merge(extra) { own, _ in own }
            encoded = .object(members)
        }
        writeBytes(encoded.prettyJSONBytes)
    }

    /// Prints an error on stderr: `almanac: error: …` as text, or under `--json` the object
    /// `{"error": {"code", "message", "path", …}}`.
    static func failure(_ error: any Error, json: Bool) {
        guard json else {
            switch error {
            case let usage as UsageError: Output.error(usage.report)
            default: Output.error("almanac: error: \(error)")
            }
            return
        }
        let body: JSONValue
        switch error {
        case let usage as UsageError:
            body = .object(["code": .string("usage"), "message": .string(usage.message), "help": .string(usage.helpHint)])
        case let error as AlmanacError:
            body = (try? DocumentEncoder().encode(error)) ?? .object(["code": .string(error.code.rawValue), "message": .string(error.message)])
        default:
            body = .object(["code": .string("failure"), "message": .string("\(error)")])
        }
        FileHandle.standardError.write(Data(JSONValue.object(["error": body]).prettyJSONBytes))
    }

    /// Prints the files a read could not read, on stderr: one `path:line:column: message` line
    /// each, or under `--json` the object `{"problems": [{"code", "message", "path", …}]}`.
    static func problems(_ problems: [AlmanacError], json: Bool) {
        let problems = problems.map(FlagHints.apply)
        guard json else {
            // A misfiled document was read: its message says what is wrong with it.
            for problem in problems { error("almanac: " + (problem.code == .misfiled ? "" : "cannot read: ") + "\(problem)") }
            return
        }
        let list = problems.map { (try? DocumentEncoder().encode($0)) ?? .string($0.description) }
        FileHandle.standardError.write(Data(JSONValue.object(["problems": .array(list)]).prettyJSONBytes))
    }

    /// The first `limit` ids, comma-separated, and how many there are in all when that is more.
    static func idList(_ ids: [String], limit: Int = 12) -> String {
        ids.count <= limit ? ids.joined(separator: ", ") : ids.prefix(limit).joined(separator: ", ") + ", … (\(ids.count) in all; --json lists them)"
    }

    /// Left-aligned columns separated by two spaces.
    static func table(_ rows: [[String]]) -> String {
        guard let width = rows.map(\.count).max() else { return "" }
        var widths = Array(repeating: 0, count: width)
        for row in rows { for (index, cell) in row.enumerated() { widths[index] = max(widths[index], cell.count) } }
        return rows.map { row in
            row.enumerated().map { index, cell in
                index == row.count - 1 ? cell : cell + String(repeating: " ", count: widths[index] - cell.count)
            }.joined(separator: "  ")
        }.joined(separator: "\n")
    }
}
