/// The versions inside a file git left between merge conflict markers.
///
/// ```
/// <<<<<<< HEAD            ours (the version this device had)
/// ||||||| base            the version both had (with merge.conflictStyle diff3 or zdiff3)
/// =======
/// >>>>>>> origin/main     theirs (the version the merge brought)
/// ```
///
/// Lines outside the markers belong to every version. Reading both versions out of the file
/// lets a read pick one the same way on every device, and a merge use the base.
struct MergeMarkers: Equatable {
    var ours: [UInt8]
    var theirs: [UInt8]
    /// The common ancestor, when git wrote it (`|||||||` sections in every hunk).
    var base: [UInt8]?

    /// The versions in `bytes`, or `nil` when the file holds no well-formed markers.
    init?(_ bytes: [UInt8]) {
        enum Section { case common, ours, base, theirs }
        var section = Section.common
        var ours: [UInt8] = [], theirs: [UInt8] = [], base: [UInt8] = []
        var hunks = 0, hunksWithBase = 0
        var start = 0
        // A marker is a run of at least seven of its character (git writes longer ones for a
        // conflict inside a rename/rename, or with `conflict-marker-size`), alone or followed
        // by a space and a label; the opening marker fixes the run's length for its hunk.
        var size = 7
        func marker(_ line: ArraySlice<UInt8>, _ character: Character) -> Int? {
            let byte = character.asciiValue!
            let run = line.prefix { $0 == byte }.count
            guard run >= 7 else { return nil }
            let next = line.dropFirst(run).first
            return next == nil || next == UInt8(ascii: " ") || next == UInt8(ascii: "\r") ? run : nil
        }
        while start < bytes.count {
            let end = bytes[start...].firstIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? bytes.count
            let line = bytes[start..<end]
            let text = line.last == UInt8(ascii: "\n") ? line.dropLast() : line
            start = end
            switch section {
            case .common:
                if let run = marker(text, "<") {
                    size = run
                    section = .ours
                    hunks += 1
                    continue
                }
            case .ours where marker(text, "|") == size:
                section = .base
                hunksWithBase += 1
                continue
            case .ours where marker(text, "=") == size, .base where marker(text, "=") == size:
                section = .theirs
                continue
            case .theirs where marker(text, ">") == size:
                section = .common
                continue
            default:
                break
            }
            switch section {
            case .common:
                ours += line
                theirs += line
                base += line
            case .ours: ours += line
            case .base: base += line
            case .theirs: theirs += line
            }
        }
        guard hunks > 0, section == .common else { return nil }
        self.ours = ours
        self.theirs = theirs
        self.base = hunksWithBase == hunks ? base : nil
    }
}
