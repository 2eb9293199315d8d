/// A typed document stored one file per document in a collection of a store.
///
/// Conform your model types; the `id` is encoded under the key `"id"` as a string
/// (a `String`, or a `UUID` written as its `uuidString`).
///
/// ```swift
/// struct UsageEvent: Document {
///     static let collection = "usage-events"
///     var id: UUID
///     var eventType: String
///     var timestamp: Date
/// }
/// try store.save(UsageEvent(id: UUID(), eventType: "exit_to_focus", timestamp: .now))
/// ```
public protocol Document: Codable, Sendable, Identifiable {
    /// The name of the collection, as declared in the catalog.
    static var collection: String { get }
}

/// A typed document of a singleton collection: exactly one per store, at `data/<collection>.json`.
///
/// Use it for settings an app would otherwise keep in `UserDefaults`.
public protocol SingletonDocument: Codable, Sendable {
    /// The name of the singleton collection, as declared in the catalog.
    static var collection: String { get }
}
