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
///
/// A save keeps what the type does not know: members of the stored document that the type
/// does not declare (a field a newer build of the app added, or a person wrote) are kept, and
/// only the members it declares are replaced — as GRDB's record update writes only the
/// columns the record knows. So an older build of an app, or its widget, never erases a field
/// it lacks. A declared optional set to `nil` removes its member. A type that owns the whole
/// document says so with ``keepsUndeclaredMembers`` `= false`; the untyped
/// ``Transaction/save(json:in:)`` always writes the document as given.
public protocol Document: Codable, Sendable, Identifiable {
    /// The name of the collection, as declared in the catalog.
    static var collection: String { get }

    /// Whether a save keeps the stored document's members this type does not declare
    /// (`true` unless the type says otherwise).
    static var keepsUndeclaredMembers: Bool { get }
}

extension Document {
    /// Members a type does not declare are kept by its saves.
    public static var keepsUndeclaredMembers: Bool { true }
}

/// A typed document of a singleton collection: exactly one per store, at `data/<collection>.json`.
///
/// Use it for settings an app would otherwise keep in `UserDefaults`.
/// As with ``Document``, a save keeps the stored members the type does not declare.
public protocol SingletonDocument: Codable, Sendable {
    /// The name of the singleton collection, as declared in the catalog.
    static var collection: String { get }

    /// Whether a save keeps the stored document's members this type does not declare
    /// (`true` unless the type says otherwise).
    static var keepsUndeclaredMembers: Bool { get }
}

extension SingletonDocument {
    /// Members a type does not declare are kept by its saves.
    public static var keepsUndeclaredMembers: Bool { true }
}
