import Foundation

/// The folders an observation watches: those whose change may change its results.
struct CoveredFolders {
    let store: Store

    func coveredFolders(of subject: ObservedSubject, at location: DocumentLocation?) throws -> [String] {
        switch subject {
        case .query(let query):
            return try coveredFolders(of: query)
        case .document(let collection, _):
            guard let location, location.id != nil else { return try coveredFolders(of: Query(collection)) }
            var path = store.url.path
            return [path] + location.folderPath.map { name in
                path += "/" + name
                return path
            }
        }
    }

    func coveredFolders(of query: Query) throws -> [String] {
        let descriptor = try store.collection(named: query.collection)
        let base = store.url.path
        var folders = [base, base + "/data"]
        guard !descriptor.isSingleton else { return folders }
        let collectionPath = base + "/data/" + descriptor.name
        folders.append(collectionPath)
        let depth = descriptor.partition?.depth ?? 0
        guard depth > 0, let top = try store.reader.openFolders(["data", descriptor.name]),
              let run = try QueryRun(query, descriptor: descriptor, filing: store.filing)
        else { return folders }
        func walk(_ folder: Directory, _ names: [String]) throws {
            guard names.count < depth else { return }
            let children = try folder.entries().filter { $0.kind == .folder }.map(\.name).sorted(by: >)
            for name in children {
                guard let number = DateFolder.number(name, level: names.count) else { continue }
                if let days = run.folderDays, !DateFolder.overlaps(folders: names, next: number, level: names.count, days: days) { continue }
                folders.append(collectionPath + "/" + (names + [name]).joined(separator: "/"))
                // A leaf (day) folder is watched, not listed: no need to open it.
                guard names.count + 1 < depth, let child = try folder.openFolder(name) else { continue }
                try walk(child, names + [name])
            }
        }
        try walk(top, [])
        return folders
    }
}
