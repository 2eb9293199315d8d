extension StoreWriter {
    /// Removes leftovers of interrupted writes — temporary files, abandoned migration stagings —
    /// named by store-relative paths, once a change is committed and wholly in place
    /// (``Transaction/sweepLeftover(atPath:)``).
    ///
    /// A leftover that cannot be removed now stays, and the lock record says a writer was
    /// interrupted, so the next writer sweeps its temporary files as after a `kill -9`.
    func sweepLeftovers(_ paths: [String], _ state: StoreState) throws {
        for path in paths {
            var components = path.split(separator: "/").map(String.init)
            guard let name = components.popLast(), Directory.isTemporaryName(name) || StoreSwap.stager(ofStagingFolder: name) != nil,
                  !components.contains("..")
            else { continue }
            do {
                guard let folder = components.isEmpty ? root : try reader.openFolders(components) else { continue }
                let removed = try folder.entryKind(of: name) == .folder ? try folder.removeTree(name) : try folder.removeFile(name)
                if removed { try folder.synchronize(.barrier) }
            } catch var error as AlmanacError {
                state.session?.interrupted = true
                error.message = "the change is made, but a leftover of an interrupted write could not be removed (the next repair of the store removes it): " + error.message
                throw error.with(.fixStore)
            }
        }
    }
}
