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
        func starts(_ line: ArraySlice<UInt8>, _ marker: String) -> Bool {
            let marker = Array(marker.utf8)
            guard line.count >= marker.count, line.prefix(marker.count).elementsEqual(marker) else { return false }
            // The marker is the whole line, or is followed by a space and a label.
            return line.count == marker.count || line[line.startIndex + marker.count] == UInt8(ascii: " ")
                || line[line.startIndex + marker.count] == UInt8(ascii: "\r")
        }
        while start < bytes.count {
            let end = bytes[start...].firstIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? bytes.count
            let line = bytes[start..<end]
            let text = line.last == UInt8(ascii: "\n") ? line.dropLast() : line
            start = end
            switch section {
            case .common where starts(text, "<<<<<<<"):
                section = .ours
                hunks += 1
                continue
            case .ours where starts(text, "|||||||"):
                section = .base
                hunksWithBase += 1
                continue
            case .ours where starts(text, "======="), .base where starts(text, "======="):
                section = .theirs
                continue
            case .theirs where starts(text, ">>>>>>>"):
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
