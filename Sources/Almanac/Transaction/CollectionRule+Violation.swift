extension CollectionDescriptor.Rule {
    /// The error for a document that breaks this rule.
    func violation(at location: DocumentLocation?, pointer: String?, _ reason: String) -> AlmanacError {
        AlmanacError(.ruleViolation, message(reason), path: location?.relativePath, id: location?.id, pointer: pointer)
    }
}
