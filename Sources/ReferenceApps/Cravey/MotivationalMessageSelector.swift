import Foundation

/// Picks the motivational message to show, as the seed's `selectMessage` does: the triggers
/// decide the category, then the least-shown active message of that category wins, ties
/// going to the higher priority (the lower number).
///
/// Where the seed leaves the order open (two messages with the same priority and the same
/// count), the one created first wins, then the smaller id, so a pick is reproducible.
/// With no active message in the category there is nothing to show (`nil`): the seed does
/// not fall back to another category, and neither does this.
public enum MotivationalMessageSelector {
    /// The seed's `determineCategory`: `context` when there are no triggers; otherwise
    /// anxiety if Anxious is among them, else boredom if Bored, else social if Social, else
    /// urge — whatever order the triggers were picked in.
    public static func determineCategory(triggers: [HAALTTrigger]?, context: MotivationalMessage.Category = .urge) -> MotivationalMessage.Category {
        guard let triggers, !triggers.isEmpty else { return context }
        if triggers.contains(.anxious) { return .anxiety }
        if triggers.contains(.bored) { return .boredom }
        if triggers.contains(.social) { return .social }
        return .urge
    }

    /// The active messages of `category`, in priority order (then creation, then id).
    public static func candidates(in messages: [MotivationalMessage], category: MotivationalMessage.Category) -> [MotivationalMessage] {
        messages.filter { $0.isActive && $0.category == category }.sorted { a, b in
            (a.priority, a.createdAt, a.id.uuidString) < (b.priority, b.createdAt, b.id.uuidString)
        }
    }

    /// The message to show in `category`: the least shown of the ``candidates(in:category:)``,
    /// the first of them on a tie; `nil` when the category has no active message.
    public static func select(from messages: [MotivationalMessage], category: MotivationalMessage.Category) -> MotivationalMessage? {
        let ordered = candidates(in: messages, category: category)
        // min(by:) keeps the first of equal elements: the higher-priority one, as in the seed.
        return ordered.min { $0.timesShown < $1.timesShown }
    }

    /// The message to show for a log with `triggers` (``determineCategory(triggers:context:)``,
    /// then ``select(from:category:)``).
    public static func select(from messages: [MotivationalMessage], triggers: [HAALTTrigger]?,
                              context: MotivationalMessage.Category = .urge) -> MotivationalMessage? {
        select(from: messages, category: determineCategory(triggers: triggers, context: context))
    }
}
