extension AlmanacError.Code {
    /// A migration file or folder is wrong: bad file name, malformed JSON, an unknown
    /// operation or key, a missing or mistyped value, a gap or duplicate in the numbering.
    /// The error names the file and the JSON pointer at fault.
    public static let invalidMigration = AlmanacError.Code(rawValue: "invalid-migration")

    /// A valid migration cannot be applied to a document: a value that does not convert,
    /// a rename onto an existing field, a custom function that is missing or failed.
    /// The error names the document and the operation.
    public static let migrationFailed = AlmanacError.Code(rawValue: "migration-failed")
}
