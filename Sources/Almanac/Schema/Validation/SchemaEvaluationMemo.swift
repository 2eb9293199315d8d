/// What a memoising ``SchemaEvaluator`` knows: a number for each place in the document it
/// has reached, and the result of each referenced subschema at each place.
struct SchemaEvaluationMemo {
    struct Key: Hashable {
        let node: Int
        let location: Int
        let collect: Bool
    }

    /// A member, item or field name of the place numbered `parent`.
    private struct Step: Hashable {
        let parent: Int
        let component: SchemaEvaluator.PathComponent
        let asName: Bool
    }

    /// The current place; 0 is the document itself.
    var location = 0
    private var locations: [Step: Int] = [:]
    var results: [Key: (valid: Bool, violations: [SchemaEvaluator.Violation])] = [:]

    /// Moves to a member, item or name of the current place; returns the place left.
    mutating func enter(_ component: SchemaEvaluator.PathComponent, asName: Bool) -> Int {
        let step = Step(parent: location, component: component, asName: asName)
        let saved = location
        if let known = locations[step] {
            location = known
        } else {
            location = locations.count + 1
            locations[step] = location
        }
        return saved
    }
}
