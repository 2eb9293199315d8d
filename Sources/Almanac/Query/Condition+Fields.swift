extension Condition {
    /// The fields the condition reads, as written (dotted paths into nested objects).
    var fieldNames: [String] {
        switch self {
        case .equals(let field, _), .isIn(let field, _), .exists(let field, _), .lessThan(let field, _), .greaterThan(let field, _),
             .lessThanOrEqual(let field, _), .greaterThanOrEqual(let field, _), .contains(let field, _):
            [field]
        case .all(let conditions), .any(let conditions): conditions.flatMap(\.fieldNames)
        case .not(let condition): condition.fieldNames
        }
    }
}
