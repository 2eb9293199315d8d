import Foundation

/// What to say when a store path leads nowhere: a folder that is not there (with the name it
/// most likely meant), or a folder that is not a store but holds one, or lies inside one.
enum StorePathAdvice {
    /// The error for a store path whose folder does not exist: names the first missing part
    /// and, when a folder beside it has a near name, suggests the path through it.
    static func missing(_ path: String) -> AlmanacError {
        let url = URL(fileURLWithPath: path).standardizedFileURL
        var existing = url
        var missing: [String] = []
        while !FileManager.default.fileExists(atPath: existing.path), existing.pathComponents.count > 1 {
            missing.insert(existing.lastPathComponent, at: 0)
            existing.deleteLastPathComponent()
        }
        guard let first = missing.first else {
            return AlmanacError(.notFound, "no store here: the folder does not exist; check the path", path: path)
        }
        let shown = path.hasPrefix("/") ? existing.path : relative(existing.path)
        var message = "no store here: \(shown == "." ? "the current folder" : shown) has no \(first)"
        if let near = nearName(to: first, in: existing.path) {
            let suggestion = ([near] + missing.dropFirst()).joined(separator: "/")
            message += "; did you mean \(shown == "." ? suggestion : (shown as NSString).appendingPathComponent(suggestion))?"
        } else {
            message += "; check the path"
        }
        return AlmanacError(.notFound, message, path: path)
    }

    /// The error for a folder without `store.json`: when a folder right below it is a store
    /// (`samples/pressure` holds `store/`), or a folder above it is (a path into a store's
    /// `data/`), it names that store; else it says how to make one.
    static func notAStore(_ path: String) -> AlmanacError {
        let url = URL(fileURLWithPath: path).standardizedFileURL
        let children = ((try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []).sorted()
        let stores = children.filter { !$0.hasPrefix(".") && isStore(url.appendingPathComponent($0)) }
        if !stores.isEmpty {
            let named = stores.map { (path as NSString).appendingPathComponent($0) }
            return AlmanacError(
                .notAStore,
                "is not an Almanac store (no store.json), but the folder below it \(stores.count == 1 ? "is one" : "holds stores"): "
                    + "open \(named.joined(separator: " or "))",
                path: path)
        }
        var above = url.deletingLastPathComponent()
        while above.pathComponents.count > 1 {
            if isStore(above) {
                return AlmanacError(.notAStore, "is inside the store at \(above.path), not a store itself: open that folder", path: path)
            }
            above.deleteLastPathComponent()
        }
        return AlmanacError(.notAStore, "is not an Almanac store (no store.json); create one with Store.create(at:schema:)", path: path)
            .with(.createStore)
    }

    private static func isStore(_ folder: URL) -> Bool {
        FileManager.default.fileExists(atPath: folder.appendingPathComponent(Manifest.fileName).path)
    }

    /// The entry of `folder` whose name is nearest `name`: the same ignoring case, or a slip or
    /// two away (``Suggestion``).
    private static func nearName(to name: String, in folder: String) -> String? {
        let entries = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { !$0.hasPrefix(".") }.sorted()
        if let same = entries.first(where: { $0.lowercased() == name.lowercased() }) { return same }
        return Suggestion.closest(to: name, in: entries)
    }

    /// `path` relative to the current folder when it lies below it.
    private static func relative(_ path: String) -> String {
        let current = FileManager.default.currentDirectoryPath
        if path == current { return "." }
        return path.hasPrefix(current + "/") ? String(path.dropFirst(current.count + 1)) : path
    }
}
