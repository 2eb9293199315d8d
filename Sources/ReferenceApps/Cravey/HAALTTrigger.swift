import Foundation

/// What set off a craving or a usage session, after the HAALT model (Hungry, Angry, Anxious,
/// Lonely, Tired, plus Sad) and four situational triggers; a log may pick several.
public enum HAALTTrigger: String, Codable, Sendable, CaseIterable {
    /// Hungry.
    case hungry = "Hungry"
    /// Angry.
    case angry = "Angry"
    /// Anxious.
    case anxious = "Anxious"
    /// Lonely.
    case lonely = "Lonely"
    /// Tired.
    case tired = "Tired"
    /// Sad.
    case sad = "Sad"
    /// Bored.
    case bored = "Bored"
    /// With other people.
    case social = "Social"
    /// Out of habit.
    case habit = "Habit"
    /// Seeing or handling paraphernalia.
    case paraphernalia = "Paraphernalia"

    /// The six feelings shown first: Hungry, Angry, Anxious, Lonely, Tired, Sad.
    public static let primary: [HAALTTrigger] = [.hungry, .angry, .anxious, .lonely, .tired, .sad]
    /// The four situations shown below them: Bored, Social, Habit, Paraphernalia.
    public static let secondary: [HAALTTrigger] = [.bored, .social, .habit, .paraphernalia]
    /// Primary then secondary: the order the picker shows and reports rank ties by.
    public static let all: [HAALTTrigger] = primary + secondary

    /// Whether this is one of the six ``primary`` feelings.
    public var isPrimary: Bool { Self.primary.contains(self) }
}
