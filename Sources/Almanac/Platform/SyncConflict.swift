/// The leftovers of a sync or version-control tool that found one file changed on two
/// devices: a second file beside the first (Syncthing, Dropbox, iCloud Drive), or both
/// versions inside the file between git's merge markers.
///
/// Neither is a document Almanac may pick from: `check` names both versions and says how to
/// resolve them, and nothing repairs them on its own.
enum SyncConflict {
    /// What git and the sync tools keep at the top of a folder they manage: never a problem
    /// at a store's root.
    static let toolEntries: Set<String> = [
        ".git", ".gitignore", ".gitattributes", ".stfolder", ".stignore", ".stversions", ".dropbox", ".dropbox.attr",
    ]

    /// Which tool left a conflict copy, and the name of the file it is a copy of.
    struct Copy: Equatable {
        var originalName: String
        var tool: String
    }

    /// The file `name` is a conflict copy of, or `nil` when `name` is no conflict copy.
    ///
    /// - `x.sync-conflict-20250127-140300-ABCDEFG.json` (Syncthing);
    /// - `x (Mac's conflicted copy 2025-01-27).json` (Dropbox, Nextcloud);
    /// - `x 2.json` (iCloud Drive, Finder), only when `exists("x.json")`, since a name with a
    ///   number at its end is otherwise just a name.
    static func copy(named name: String, exists: (String) -> Bool) -> Copy? {
        guard name.hasSuffix(".json") else { return nil }
        let stem = String(name.dropLast(5))
        if let range = stem.range(of: ".sync-conflict-"), range.lowerBound > stem.startIndex {
            return Copy(originalName: stem[..<range.lowerBound] + ".json", tool: "Syncthing")
        }
        if stem.hasSuffix(")"), let open = stem.range(of: " (", options: .backwards), open.lowerBound > stem.startIndex,
           stem[open.upperBound...].contains("conflicted copy") {
            return Copy(originalName: stem[..<open.lowerBound] + ".json", tool: "Dropbox")
        }
        if let space = stem.lastIndex(of: " "), space > stem.startIndex {
            let number = stem[stem.index(after: space)...]
            let original = stem[..<space] + ".json"
            if !number.isEmpty, number.allSatisfy(\.isASCII), number.allSatisfy(\.isNumber), exists(String(original)) {
                return Copy(originalName: String(original), tool: "iCloud Drive")
            }
        }
        return nil
    }

    /// Whether `bytes` hold git's merge conflict markers: a line starting `<<<<<<< ` and one
    /// starting `>>>>>>> `.
    static func hasMergeMarkers(_ bytes: [UInt8]) -> Bool {
        func hasLine(starting marker: String) -> Bool {
            let marker = Array(marker.utf8)
            var lineStart = 0
            while lineStart + marker.count <= bytes.count {
                if bytes[lineStart..<(lineStart + marker.count)].elementsEqual(marker) { return true }
                guard let newline = bytes[lineStart...].firstIndex(of: UInt8(ascii: "\n")) else { return false }
                lineStart = newline + 1
            }
            return false
        }
        return hasLine(starting: "<<<<<<< ") && hasLine(starting: ">>>>>>> ")
    }
}
