import Foundation

/// The files that make git treat a store as Almanac would: `.gitattributes` routing the
/// documents and `store.json` to Almanac's merge driver, and `.gitignore` keeping the
/// device's own `.almanac/` out of the repository.
package enum GitSettings {
    /// The `.gitattributes` lines for the merge driver named `almanac`.
    package static let attributes = ["data/**/*.json merge=almanac", "data/*.json merge=almanac", "store.json merge=almanac"]
    /// Repository settings besides the driver. Directory-rename detection is off: a store's
    /// folders never move as folders on purpose (retention moves a day's documents to
    /// `archive/`, a migration refiles them), and git 2.39 drops a document that one device
    /// edited while the other moved its folder (a rename onto its own source).
    package static let configuration = [("merge.directoryRenames", "false")]
    /// The `.gitignore` line for the device's own folder.
    package static let ignored = [".almanac/"]

    /// Adds the lines `.gitattributes` and `.gitignore` of the store at `url` lack, keeping
    /// what they hold, each written durably and atomically like every store file.
    /// - Returns: the two files' paths.
    package static func write(toStoreAt url: URL) throws -> [String] {
        let root = try Directory.openRoot(atPath: url.path)
        for (name, lines) in [(".gitattributes", attributes), (".gitignore", ignored)] {
            let existing = try root.readFile(name).map { String(decoding: $0, as: UTF8.self) } ?? ""
            let present = Set(existing.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) })
            let missing = lines.filter { !present.contains($0) }
            guard !missing.isEmpty else { continue }
            let text = existing + (existing.isEmpty || existing.hasSuffix("\n") ? "" : "\n") + missing.joined(separator: "\n") + "\n"
            try root.writeFile(name, Array(text.utf8), folderFlush: .full, mode: 0o644)
        }
        return [".gitattributes", ".gitignore"].map { url.appendingPathComponent($0).path }
    }
}
