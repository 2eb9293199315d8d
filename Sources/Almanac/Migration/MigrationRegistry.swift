/// The Swift functions that `custom` migration operations call by name.
///
/// Some changes cannot be said declaratively (split a field, compute one from several).
/// Write them as a function over one document and register it under the name the migration
/// file uses; names are conventionally prefixed with the app (`cravey.amount-to-integer`).
///
/// ```swift
/// var registry = MigrationRegistry()
/// registry.register("cravey.amount-to-integer") { document in
///     guard case .object(var members) = document, let amount = members["amount"]?.numberValue else { return false }
///     members["amount"] = .number(JSONNumber(Int(amount.doubleValue.rounded())))
///     document = .object(members)
///     return true
/// }
/// ```
///
/// A function receives each document of the operation's collection, in no particular
/// order and possibly on several threads at once, so it must not depend on the others. It
/// returns whether it changed the document; the migrator compares the document before and
/// after anyway, so a wrong answer can neither lose a change nor cause a needless write.
/// It must not change `id`. An error it throws stops the migration, and nothing is changed.
public struct MigrationRegistry: Sendable {
    /// A registered function: changes the document in place and says whether it did.
    public typealias Function = @Sendable (inout JSONValue) throws -> Bool

    private var functions: [String: Function] = [:]

    /// An empty registry.
    public init() {}

    /// Registers `body` under `name`, replacing any function registered under it before.
    ///
    /// - Parameters:
    ///   - name: The name migration files use in `{"op": "custom", "name": …}`: letters,
    ///     digits, `.`, `_` and `-`.
    ///   - body: Changes one document in place; returns whether it changed it.
    public mutating func register(_ name: String, _ body: @escaping Function) {
        functions[name] = body
    }

    /// The names registered, sorted.
    public var names: [String] { functions.keys.sorted() }

    /// Whether a function is registered under `name`.
    public func contains(_ name: String) -> Bool { functions[name] != nil }

    /// The function registered under `name`.
    ///
    /// - Throws: `.migrationFailed` saying how to register it.
    func function(named name: String) throws -> Function {
        guard let function = functions[name] else { throw Self.missing(name) }
        return function
    }

    /// Checks before a migration starts that every `custom` operation it has can run, so
    /// that a missing registration is found before any document is read.
    ///
    /// - Throws: `.migrationFailed` naming the first missing function.
    public func requireFunctions(for operations: [MigrationOperation]) throws {
        for operation in operations {
            if case .custom(let name, _) = operation, functions[name] == nil { throw Self.missing(name) }
        }
    }

    private static func missing(_ name: String) -> AlmanacError {
        AlmanacError(
            .migrationFailed,
            "no custom migration function named \(name) is registered; register it with MigrationRegistry.register before migrating")
    }

    /// Whether `name` may name a function: 1–128 ASCII letters, digits, `.`, `_` and `-`.
    static func isValidName(_ name: String) -> Bool {
        !name.isEmpty && name.utf8.count <= 128 && name.utf8.allSatisfy {
            ($0 >= UInt8(ascii: "a") && $0 <= UInt8(ascii: "z")) || ($0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z"))
                || ($0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9"))
                || $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "_") || $0 == UInt8(ascii: "-")
        }
    }
}
