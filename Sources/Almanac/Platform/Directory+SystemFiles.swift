extension Directory {
    /// Throws `.notDownloaded` when iCloud Drive keeps only a placeholder (`.<name>.icloud`) of
    /// the missing file `name` here: the document exists, it is just not on this device.
    func refusePlaceholder(of name: String) throws {
        let placeholder = SystemFile.placeholderName(for: name)
        guard try entryKind(of: placeholder) == .file else { return }
        throw Directory.notDownloaded(childPath(placeholder))
    }

    /// Throws `.notDownloaded` for the first iCloud Drive placeholder of a document among `entries`.
    func refusePlaceholders(among entries: [Entry]) throws {
        for entry in entries {
            if let target = SystemFile.placeholderTarget(entry.name), DocumentID.id(fromFileName: target) != nil || target == Manifest.fileName {
                throw Directory.notDownloaded(childPath(entry.name))
            }
        }
    }

    /// The error for a file iCloud Drive has not downloaded, naming its placeholder.
    static func notDownloaded(_ placeholderPath: String) -> AlmanacError {
        let components = placeholderPath.split(separator: "/")
        let name = components.last.flatMap { SystemFile.placeholderTarget(String($0)) } ?? placeholderPath
        let target = (components.dropLast().map(String.init) + [name]).joined(separator: "/")
        return AlmanacError(
            .notDownloaded,
            "is in iCloud Drive but not downloaded to this device (only its placeholder \(components.last ?? "") is here); download it (in Finder: Download Now, or `brctl download`), and keep stores out of iCloud Drive folders",
            path: target)
    }

    /// The error for a dataless file (its contents in iCloud, not on this device).
    static func notDownloaded(dataless path: String) -> AlmanacError {
        AlmanacError(
            .notDownloaded,
            "is in iCloud but not downloaded to this device (a dataless file: reading it would wait for the download); download it (in Finder: Download Now, or `brctl download`), and keep stores out of iCloud Drive folders",
            path: path)
    }
}
