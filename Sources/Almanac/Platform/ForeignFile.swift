import Foundation

/// Files that other programs keep beside the files a person works on, recognised by name:
/// editors' swap, lock, backup and autosave files, and the folders a volume keeps at its root.
///
/// A person opens documents in vim, emacs, nano, VS Code or a JetBrains IDE while an app
/// reads and writes the store, and keeps a store at the root of a USB stick. None of these
/// files is ever a document, a sync tool's copy or an error: reads, counts, writes,
/// migrations, exports and backups pass them by, `check` does not call them problems, and
/// neither `resolve` nor `check --fix` touches them (an autosave is the only copy of
/// unsaved text; a live swap file is vim's crash recovery). Unlike ``SystemFile``'s, they are
/// never removed to empty a folder.
enum ForeignFile {
    /// Whether `name` is an editor's file: vim's and nano's swap files (`.x.swp`, `.x.swo`,
    /// `.x.swn`…), vim's write probe (`4913`, and the numbers it tries after it), backups
    /// (`x~`, emacs' numbered `x.~1~`), emacs' autosave (`#x#`) and lock (`.#x`), nano's
    /// emergency save (`x.save`), JetBrains' safe-write files (`x___jb_tmp___`,
    /// `x___jb_old___`), gedit's (`.goutputstream-…`), Kate's swap (`.x.kate-swp`),
    /// Microsoft Office's and LibreOffice's locks (`~$x`, `.~lock.x#`).
    static func isEditorFile(_ name: String) -> Bool {
        let bytes = name.utf8
        guard let first = bytes.first, let last = bytes.last else { return false }
        if bytes.count > 1, last == UInt8(ascii: "~") { return true }  // x~ and x.~1~
        if bytes.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) { return true }  // 4913
        if first == UInt8(ascii: "#"), last == UInt8(ascii: "#"), bytes.count > 2 { return true }
        if name.hasPrefix(".#") || name.hasPrefix("~$") || name.hasPrefix(".~lock.") || name.hasPrefix(".goutputstream-") { return true }
        if name.hasSuffix("___jb_tmp___") || name.hasSuffix("___jb_old___") || name.hasSuffix(".kate-swp") { return true }
        if name.hasSuffix(".save") || isNumberedSave(name) { return true }
        return first == UInt8(ascii: ".") && isSwapSuffix(bytes)
    }

    /// Whether `name` is a folder a volume or an operating system keeps at a volume's root:
    /// macOS' `.fseventsd`, `.Spotlight-V100`, `.Trashes`, `.TemporaryItems`,
    /// `.DocumentRevisions-V100`; Windows' `System Volume Information` and `$RECYCLE.BIN`;
    /// ext4's `lost+found`; a desktop's `.Trash-<uid>`.
    static func isVolumeFolder(_ name: String) -> Bool {
        volumeFolders.contains(name) || (name.hasPrefix(".Trash-") && name.utf8.count > 7
            && name.utf8.dropFirst(7).allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") })
    }

    /// Whether a listing passes `entry` by: an editor's file (a file, or emacs' lock `.#x`, a
    /// link; never a folder, nor another link: `2025` is a year, and a link in its place is
    /// reported), or a volume's folder at the store root (`atRoot`).
    static func isPassedBy(_ entry: Directory.Entry, atRoot: Bool = false) -> Bool {
        switch entry.kind {
        case .file: return isEditorFile(entry.name)
        case .symbolicLink: return entry.name.hasPrefix(".#")
        case .folder: return atRoot && isVolumeFolder(entry.name)
        case .other: return false
        }
    }

    private static let volumeFolders: Set<String> = [
        ".fseventsd", ".Spotlight-V100", ".Trashes", ".TemporaryItems", ".DocumentRevisions-V100", ".apdisk",
        "System Volume Information", "$RECYCLE.BIN", "lost+found",
    ]

    /// `.swp` to `.swa`, the names vim (and nano) give a swap file, newest first.
    private static func isSwapSuffix(_ bytes: String.UTF8View) -> Bool {
        guard bytes.count > 5 else { return false }
        let tail = Array(bytes.suffix(4))
        return tail[0] == UInt8(ascii: ".") && tail[1] == UInt8(ascii: "s") && tail[2] == UInt8(ascii: "w")
            && tail[3] >= UInt8(ascii: "a") && tail[3] <= UInt8(ascii: "p")
    }

    /// nano's `x.save.1`, `x.save.2`… when `x.save` is taken.
    private static func isNumberedSave(_ name: String) -> Bool {
        // Asked of every name a read lists: most end in a letter and are done at once.
        guard let last = name.utf8.last, isDigit(last) else { return false }
        let bytes = Array(name.utf8)
        var start = bytes.count
        while start > 0, isDigit(bytes[start - 1]) { start -= 1 }
        return bytes[..<start].suffix(6).elementsEqual(".save.".utf8)
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
}
