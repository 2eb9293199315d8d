extension StoreWriter {
    /// Removes leftovers of interrupted writes — temporary files, abandoned migration stagings —
    /// named by store-relative paths, once a change is committed (``Transaction/sweepLeftover(atPath:)``).
    ///
    /// - Parameter afterCommit: whether a change was committed before: a failure then says so.
    func sweepLeftovers(_ paths: [String], afterCommit: Bool) throws {
        for path in paths {
            var components = path.split(separator: "/").map(String.init)
            guard let name = components.popLast(), Directory.isTemporaryName(name) || StoreSwap.stager(ofStagingFolder: name) != nil,
                  !components.contains("..")
            else { continue }
            do {
                guard let folder = components.isEmpty ? root : try reader.openFolders(components) else { continue }
                let removed = try folder.entryKind(of: name) == .folder ? try folder.removeTree(name) : try folder.removeFile(name)
                if removed { try folder.synchronize(.barrier) }
            } catch let error as AlmanacError {
                throw afterCommit ? StoreWriter.failure(error, .committed) : error
            }
        }
    }
}
