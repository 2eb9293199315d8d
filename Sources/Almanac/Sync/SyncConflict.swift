/// The leftovers of a sync or version-control tool that found one file changed on two
/// devices: a second file beside the first (Syncthing, Dropbox, iCloud Drive), or both
/// versions inside the file between git's merge markers.
///
/// A copy is never a second document: reads take it as another version of the document its
/// name belongs to (``DocumentVersions``), `check` names every version, and `resolve` merges them.
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

    /// The label of a copy no known tool's naming explains, found by its name's prefix or by
    /// what it holds: messages call it "another version (a sync tool's copy)".
    static let unknownTool = "a sync tool"

    /// The file `name` is a conflict copy of, or `nil` when `name` is no conflict copy.
    ///
    /// - `x.sync-conflict-20250127-140300-ABCDEFG.json` (Syncthing);
    /// - `x (Mac's conflicted copy 2025-01-27).json` (Dropbox), `x (conflicted copy 2025-01-27
    ///   140300).json` (Nextcloud) and `x_conflict-20250127-140300.json` (ownCloud, older Nextcloud);
    /// - `x (conflict_on_2026-11-27).json`, `x (conflict #1_on_2026-11-27).json` (unison);
    /// - `x.json..path1`, `x.json.conflict2` (rclone bisync);
    /// - `x 2.json` (iCloud Drive, Finder), only when `exists("x.json")` or `x` is a document id:
    ///   an id holds no space, so in a date folder such a name is always a copy, while elsewhere
    ///   a name with a number at its end is just a name;
    /// - any other decoration of `x.json` — `x.json` followed by anything, or `x` followed by a
    ///   character ids do not hold and ending `.json` (`x (1).json`, `x copy.json`) — when
    ///   `exists("x.json")` (``unknownTool``). A collection's listing also reads such files and
    ///   takes them by the id they hold (`DocumentFiles.forEachDocumentFile`).
    static func copy(named name: String, exists: (String) -> Bool) -> Copy? {
        if let copy = knownCopy(named: name, exists: exists) { return copy }
        guard let original = decoratedOriginal(of: name), exists(original) else { return nil }
        return Copy(originalName: original, tool: unknownTool)
    }

    /// ``copy(named:exists:)`` for the namings of the tools Almanac knows.
    private static func knownCopy(named name: String, exists: (String) -> Bool) -> Copy? {
        if let copy = rcloneCopy(named: name) { return copy }
        guard name.hasSuffix(".json") else { return nil }
        let stem = String(name.dropLast(5))
        if let range = stem.range(of: ".sync-conflict-"), range.lowerBound > stem.startIndex {
            return Copy(originalName: stem[..<range.lowerBound] + ".json", tool: "Syncthing")
        }
        if let range = stem.range(of: "_conflict-", options: .backwards), range.lowerBound > stem.startIndex,
           isStamp(stem[range.upperBound...], [8, 6]) {
            return Copy(originalName: stem[..<range.lowerBound] + ".json", tool: "Nextcloud")
        }
        if stem.hasSuffix(")"), let open = stem.range(of: " (", options: .backwards), open.lowerBound > stem.startIndex {
            let label = stem[open.upperBound...]
            if label.contains("conflicted copy") {
                let tool = label.hasPrefix("conflicted copy") ? "Nextcloud" : "Dropbox"
                return Copy(originalName: stem[..<open.lowerBound] + ".json", tool: tool)
            }
            if label.hasPrefix("conflict_on_") || label.hasPrefix("conflict #") {
                return Copy(originalName: stem[..<open.lowerBound] + ".json", tool: "unison")
            }
        }
        if let space = stem.lastIndex(of: " "), space > stem.startIndex {
            let number = stem[stem.index(after: space)...]
            let original = String(stem[..<space])
            if !number.isEmpty, number.allSatisfy(\.isASCII), number.allSatisfy(\.isNumber),
               exists(original + ".json") || DocumentID.isValid(original) {
                return Copy(originalName: original + ".json", tool: "iCloud Drive")
            }
        }
        return nil
    }

    /// rclone bisync's names for the two sides of a file changed on both: `x.json..path1` and
    /// `x.json..path2` (1.60), `x.json.conflict1` and `x.json.conflict2` (later versions).
    private static func rcloneCopy(named name: String) -> Copy? {
        for marker in ["..path", ".conflict"] {
            guard let range = name.range(of: marker, options: .backwards), range.lowerBound > name.startIndex else { continue }
            let number = name[range.upperBound...]
            let original = name[..<range.lowerBound]
            guard !number.isEmpty, number.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }), original.hasSuffix(".json"),
                  original.count > 5
            else { continue }
            return Copy(originalName: String(original), tool: "rclone")
        }
        return nil
    }

    /// The file name `name` decorates, whatever the tool: `x.json` for `x.json` followed by
    /// anything (`x.json~`, `x.json.orig`), or for `x` followed by a character no id holds and
    /// ending `.json` (`x (1).json`, `x copy.json`, `x~.json`); `nil` for any other name. `x`
    /// is a valid id: a name starting with `.` (a tool's hidden temporary file) decorates nothing.
    static func decoratedOriginal(of name: String) -> String? {
        if let range = name.range(of: ".json"), range.upperBound < name.endIndex, range.lowerBound > name.startIndex {
            let stem = String(name[..<range.lowerBound])
            if DocumentID.isValid(stem) { return stem + ".json" }
        }
        guard name.hasSuffix(".json") else { return nil }
        let stem = name.utf8.dropLast(5)
        guard let end = stem.firstIndex(where: { !DocumentID.isIDByte($0) }), end > stem.startIndex else { return nil }
        let prefix = String(Substring(name.utf8[stem.startIndex..<end]))
        return DocumentID.isValid(prefix) ? prefix + ".json" : nil
    }

    /// The id a file of a date folder holds a version of, and the tool that made it when it is
    /// a known tool's conflict copy; `nil` for a name that is neither `<id>.json` nor such a
    /// copy (a collection's listing reads the others: `DocumentFiles.forEachDocumentFile`).
    ///
    /// Every listing calls this for every file, so the common case — a plain `<id>.json` whose
    /// name holds no `conflict` — costs one pass over its bytes and no string search.
    static func documentFile(named name: String) -> (id: String, copy: Copy?)? {
        if let id = DocumentID.id(fromFileName: name) {
            // Only the Syncthing and ownCloud forms are valid ids themselves.
            guard mentionsConflict(id.utf8), let copy = copy(named: name, exists: { _ in false }),
                  let original = DocumentID.id(fromFileName: copy.originalName)
            else { return (id, nil) }
            return (original, copy)
        }
        guard let copy = copy(named: name, exists: { _ in false }), let id = DocumentID.id(fromFileName: copy.originalName)
        else { return nil }
        return (id, copy)
    }

    /// Whether `bytes` hold `conflict`.
    private static func mentionsConflict(_ bytes: String.UTF8View) -> Bool {
        holds(bytes, conflictWord)
    }

    /// Whether `id` reads as a conflict copy's name (`x.sync-conflict-…`, `x_conflict-…`,
    /// `x.json..path1`): such an id is refused, since its file would be taken for a copy of `x`.
    ///
    /// Every save validates its id, so the common case is one pass over the bytes: only
    /// Syncthing's, ownCloud's and rclone's forms can be ids (the others hold a space).
    static func looksLikeCopy(_ id: String) -> Bool {
        guard mentionsConflict(id.utf8) || holds(id.utf8, jsonInside) else { return false }
        return copy(named: id + ".json", exists: { _ in false }) != nil
    }

    private static let conflictWord = Array("conflict".utf8)
    private static let jsonInside = Array(".json.".utf8)

    /// Whether `bytes` hold `word` (a byte search: no string bridging, nothing allocated).
    private static func holds(_ bytes: String.UTF8View, _ word: [UInt8]) -> Bool {
        var matched = 0
        for byte in bytes {
            if byte == word[matched] {
                matched += 1
                if matched == word.count { return true }
            } else {
                matched = byte == word[0] ? 1 : 0
            }
        }
        return false
    }

    /// Whether `text` is digit groups of `widths` joined by `-` (`20250127-140300`).
    private static func isStamp(_ text: Substring, _ widths: [Int]) -> Bool {
        let groups = text.split(separator: "-", omittingEmptySubsequences: false)
        return groups.count == widths.count && zip(groups, widths).allSatisfy { group, width in
            group.utf8.count == width && group.utf8.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
        }
    }

    /// Whether `bytes` hold git's merge conflict markers: a line starting `<<<<<<<` and one
    /// starting `>>>>>>>` (git writes longer runs for some conflicts, such as rename/rename).
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
        return hasLine(starting: "<<<<<<<") && hasLine(starting: ">>>>>>>")
    }
}
