import Foundation

extension Store {
    /// The documents whose date puts them in `query`'s date range but whose file sits in a
    /// folder outside it, because their date was edited by hand: a date query cannot find
    /// them on its own, since it opens only the folders of its range.
    ///
    /// A query already reports a misfiled document it meets inside its range's folders; this
    /// asks the folder index (``FolderIndex``) about every other folder of the collection. The
    /// index reads each file that came into a folder by a rename or a copy (as sync tools and
    /// safe-saving editors write) once, so a command pays a `stat` per folder, and a read only
    /// for what changed. A date edited inside a file in place, which changes no folder, is
    /// found by `check`, which reads every file.
    ///
    /// - Returns: one `.misfiled` error per such document, naming its file and the folder its
    ///   date files it in; empty for a query without a date range.
    package func misfiledDocuments(dated query: Query) throws -> [AlmanacError] {
        try MisfiledScan(store: self).misfiledDocuments(dated: query)
    }

    /// Runs `body`, whose reads check the folder index against the folders once between them
    /// (one `fstatat` per folder of a collection), not once per read: for a command that asks
    /// a few questions of the same moment (a listing and its misfiled documents). A change
    /// made meanwhile by another process's commit is still seen (the commit clock moves); one
    /// made by a sync tool or by hand, at the next such block or read.
    package func checkingFoldersOnce<T>(_ body: () throws -> T) rethrows -> T {
        try StoreReader.inIndexScope(body)
    }
}
