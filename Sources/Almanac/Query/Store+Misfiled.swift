import Foundation

extension Store {
    /// The documents whose date puts them in `query`'s date range but whose file sits in a
    /// folder outside it, because their date was edited by hand: a date query cannot find
    /// them on its own, since it opens only the folders of its range.
    ///
    /// A query already reports a misfiled document it meets inside its range's folders; this
    /// looks at every other folder of the collection. It reads only the files that changed
    /// since the last such look found the collection rightly filed (their change time is later
    /// than the mark kept in `.almanac/filed.json`), so a command pays a `stat` per file, and a
    /// read only for what changed. The mark is a hint for later runs: a store on a read-only
    /// volume still gets the answer, at the cost of reading every file.
    ///
    /// - Returns: one `.misfiled` error per such document, naming its file and the folder its
    ///   date files it in; empty for a query without a date range.
    package func misfiledDocuments(dated query: Query) throws -> [AlmanacError] {
        try MisfiledScan(store: self).misfiledDocuments(dated: query)
    }
}
