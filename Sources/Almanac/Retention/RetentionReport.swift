/// What a retention run did, or would do with `dryRun`: one entry per catalog rule, in
/// catalog order, each with the ids of the documents it archives, clears or deletes.
public struct RetentionReport: Sendable, Equatable, Encodable {
    /// The day the rules were applied as of (`--now`, or today in the store's calendar).
    public var asOf: CalendarDate
    /// Whether nothing was written (a dry run).
    public var dryRun: Bool
    /// One entry per rule of every collection, in catalog order.
    public var rules: [Rule]

    /// Documents archived, over all rules.
    public var archived: Int { count(.archive) }
    /// Documents cleared, over all rules (a document cleared by two rules counts twice).
    public var cleared: Int { count(.clear) }
    /// Documents deleted, over all rules.
    public var deleted: Int { count(.delete) }
    /// Whether the run changed (or would change) anything at all.
    public var changedStore: Bool { rules.contains { !$0.ids.isEmpty } }

    private func count(_ action: RetentionRule.Action) -> Int {
        rules.filter { $0.rule.action == action }.reduce(0) { $0 + $1.ids.count }
    }

    /// One rule's outcome.
    public struct Rule: Sendable, Equatable, Encodable {
        /// The collection the rule belongs to.
        public var collection: String
        /// The rule's position in the collection's `retention` list.
        public var index: Int
        /// The rule itself.
        public var rule: RetentionRule
        /// Documents dated before this day are old enough for the rule (see ``RetentionRule/cutoff(asOf:)``).
        public var cutoff: CalendarDate
        /// The ids of the documents the rule archives, clears or deletes, sorted.
        public var ids: [String]
    }
}

extension RetentionReport {
    private enum CodingKeys: String, CodingKey { case asOf, dryRun, changedStore, archived, cleared, deleted, rules }

    /// Encodes the report with its totals per action and one entry per rule.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(asOf.description, forKey: .asOf)
        try container.encode(dryRun, forKey: .dryRun)
        try container.encode(changedStore, forKey: .changedStore)
        try container.encode(archived, forKey: .archived)
        try container.encode(cleared, forKey: .cleared)
        try container.encode(deleted, forKey: .deleted)
        try container.encode(rules, forKey: .rules)
    }
}

extension RetentionReport.Rule {
    private enum CodingKeys: String, CodingKey { case collection, index, action, olderThan, description, before, ids, fields }

    /// Encodes the rule as the catalog states it (`action`, `olderThan`, and `fields` for a
    /// clear), its cutoff day (`before`) and the ids it reaches.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(collection, forKey: .collection)
        try container.encode(index, forKey: .index)
        try container.encode(rule.action.rawValue, forKey: .action)
        switch rule.olderThan {
        case .days(let count): try container.encode(["days": count], forKey: .olderThan)
        case .months(let count): try container.encode(["months": count], forKey: .olderThan)
        }
        try container.encode(rule.description, forKey: .description)
        try container.encode(cutoff.description, forKey: .before)
        try container.encode(ids, forKey: .ids)
        if rule.action == .clear { try container.encode(rule.fields, forKey: .fields) }
    }
}
