/// One declarative step of a migration (DESIGN §5), as written in a migration file's
/// `operations` list.
///
/// Operations run in file order. Those naming a `collection` touch only that collection's
/// documents; after a `renameCollection`, later operations use the new name. A field is a
/// member name or a dotted path into nested objects (`settings.theme`); a `where` is a
/// ``Condition``. No operation may change a document's `id` (it names the file).
///
/// ```json
/// {"op": "addField", "collection": "commitments", "field": "sort_order", "value": 0}
/// ```
/// Adds the field with `value` to every document that lacks it (optionally only those
/// matching `"where"`); a field that is present, even as `null`, is never overwritten.
///
/// ```json
/// {"op": "removeField", "collection": "usage", "field": "legacyFlag"}
/// ```
/// Removes the field where present.
///
/// ```json
/// {"op": "renameField", "collection": "usage", "from": "amount", "to": "dose"}
/// ```
/// Moves the value of `from` to `to`. A document that already has `to` stops the migration
/// with an error naming it: remove or rename that field first.
///
/// ```json
/// {"op": "copyField", "collection": "usage", "from": "timestamp", "to": "loggedAt"}
/// ```
/// Copies `from` to `to`, keeping `from`; refuses to overwrite an existing `to` like `renameField`.
///
/// ```json
/// {"op": "setField", "collection": "commitments", "field": "status", "value": "MISSED",
///  "where": {"field": "status", "equals": "PENDING"}}
/// ```
/// Sets the field, overwriting, in the documents matching the required `where` (write
/// `{"field": "id", "exists": true}` to mean every document).
///
/// ```json
/// {"op": "convert", "collection": "usage", "field": "amount", "to": "integer", "rounding": "nearest"}
/// ```
/// Changes the type of the field's value. `to` is `integer`, `number`, `string` or `boolean`.
/// Converting to `integer` requires `rounding`: `nearest` (halves away from zero, 2.5 → 3,
/// -2.5 → -3), `nearestEven` (halves to the even neighbour, 2.5 → 2), `down` (toward −∞),
/// `up` (toward +∞) or `towardZero`; rounding is exact on the number's decimal text.
/// Strings convert to numbers only when they are JSON numbers (`"2.5"`; not `" 2.5"`,
/// `"2,5"`, `"NaN"`), otherwise the migration stops naming the document. Booleans become
/// 1/0 and `"true"`/`"false"`; to `boolean`, only 1/0 and `"true"`/`"false"` convert.
/// A missing field and `null` stay as they are; arrays and objects are errors.
///
/// ```json
/// {"op": "mapValues", "collection": "usage-events", "field": "eventType",
///  "map": {"exit": "exit_to_focus", "continue": "continued_to_app"}, "default": "other"}
/// ```
/// Replaces string values found in `map`. Other values stay, unless `default` is given:
/// then every present value not in the map becomes `default`. A missing field stays missing.
///
/// ```json
/// {"op": "renameCollection", "from": "usage", "to": "usage-events"}
/// ```
/// Moves every document of `from` to the collection `to` (a new folder under `data/`).
///
/// ```json
/// {"op": "deleteDocuments", "collection": "notification-log",
///  "where": {"field": "sentAt", "lessThan": "2024-01-01"}}
/// ```
/// Deletes the documents matching the required `where`.
///
/// ```json
/// {"op": "repartition", "collection": "commitments", "partition": "day", "dateField": "date"}
/// ```
/// Files the collection's documents by another granularity (`day`, `month`, `year`, `none`)
/// and, optionally, another date field. Documents do not change; their files move.
///
/// ```json
/// {"op": "catalog", "description": "drop the unique constraint on date"}
/// ```
/// A schema-only change (unique fields, references, retention), recorded for people: the new
/// schema folder carries the change itself; no document is touched.
///
/// ```json
/// {"op": "custom", "name": "cravey.amount-to-integer", "collection": "usage"}
/// ```
/// Calls the Swift function registered under `name` in the ``MigrationRegistry`` for every
/// document of the collection, for what the other operations cannot say.
public enum MigrationOperation: Sendable, Equatable, CustomStringConvertible {
    /// `addField`: adds `field` = `value` where missing (and `condition`, if any, matches).
    case addField(collection: String, field: String, value: JSONValue, where: Condition?)
    /// `removeField`: removes `field` where present.
    case removeField(collection: String, field: String)
    /// `renameField`: moves `from` to `to`; an existing `to` is an error.
    case renameField(collection: String, from: String, to: String)
    /// `copyField`: copies `from` to `to`; an existing `to` is an error.
    case copyField(collection: String, from: String, to: String)
    /// `setField`: sets `field` = `value`, overwriting, where `condition` matches.
    case setField(collection: String, field: String, value: JSONValue, where: Condition)
    /// `convert`: changes the type of `field`'s value; `rounding` is set when `to` is `.integer`.
    case convert(collection: String, field: String, to: ValueType, rounding: Rounding?)
    /// `mapValues`: replaces string values found in `map`; others become `default` when given.
    case mapValues(collection: String, field: String, map: [String: JSONValue], default: JSONValue?)
    /// `renameCollection`: the documents of `from` move to `to`.
    case renameCollection(from: String, to: String)
    /// `deleteDocuments`: deletes the documents where `condition` matches.
    case deleteDocuments(collection: String, where: Condition)
    /// `repartition`: files `collection` by `partition`, and by `dateField` when given.
    case repartition(collection: String, partition: Partition, dateField: String?)
    /// `catalog`: a schema-only change described for people.
    case catalog(description: String)
    /// `custom`: the registered Swift function `name`, applied to every document of `collection`.
    case custom(name: String, collection: String)

    /// The type a `convert` operation produces.
    public enum ValueType: String, Sendable, CaseIterable {
        /// A number without fraction, written without `.` or exponent (`3`).
        case integer
        /// Any JSON number.
        case number
        /// A JSON string.
        case string
        /// `true` or `false`.
        case boolean
    }

    /// How `convert` to `integer` treats a fraction. Every mode is exact on the decimal text.
    public enum Rounding: String, Sendable, CaseIterable {
        /// To the nearest integer; halves away from zero (2.5 → 3, -2.5 → -3).
        case nearest
        /// Toward negative infinity (2.7 → 2, -2.1 → -3).
        case down
        /// Toward positive infinity (2.1 → 3, -2.7 → -2).
        case up
        /// Dropping the fraction (2.7 → 2, -2.7 → -2).
        case towardZero
        /// To the nearest integer; halves to the even one (2.5 → 2, 3.5 → 4).
        case nearestEven
    }

    /// The `op` name as written in a file, e.g. `addField`.
    public var name: String {
        switch self {
        case .addField: "addField"
        case .removeField: "removeField"
        case .renameField: "renameField"
        case .copyField: "copyField"
        case .setField: "setField"
        case .convert: "convert"
        case .mapValues: "mapValues"
        case .renameCollection: "renameCollection"
        case .deleteDocuments: "deleteDocuments"
        case .repartition: "repartition"
        case .catalog: "catalog"
        case .custom: "custom"
        }
    }

    /// The collection whose documents the operation concerns (for `renameCollection`, the
    /// old name), named as it is at this point of the migration; `nil` for `catalog`.
    public var collection: String? {
        switch self {
        case .addField(let collection, _, _, _), .removeField(let collection, _),
             .renameField(let collection, _, _), .copyField(let collection, _, _),
             .setField(let collection, _, _, _), .convert(let collection, _, _, _),
             .mapValues(let collection, _, _, _), .deleteDocuments(let collection, _),
             .repartition(let collection, _, _), .custom(_, let collection):
            return collection
        case .renameCollection(let from, _):
            return from
        case .catalog:
            return nil
        }
    }

    /// Whether the operation may change, move or delete documents one by one; `repartition`
    /// and `catalog` act on the collection as a whole.
    public var touchesDocuments: Bool {
        switch self {
        case .repartition, .catalog: false
        default: true
        }
    }

    /// The operation on one line, for `plan` and progress output:
    /// `convert usage.amount to integer (rounding nearest)`.
    public var description: String {
        func render(_ value: JSONValue) -> String { FieldPath.render(value) }
        func suffix(_ condition: Condition?) -> String { condition.map { " where \($0)" } ?? "" }
        switch self {
        case .addField(let collection, let field, let value, let condition):
            return "addField \(collection).\(field) = \(render(value))\(suffix(condition))"
        case .removeField(let collection, let field):
            return "removeField \(collection).\(field)"
        case .renameField(let collection, let from, let to):
            return "renameField \(collection).\(from) → \(to)"
        case .copyField(let collection, let from, let to):
            return "copyField \(collection).\(from) → \(to)"
        case .setField(let collection, let field, let value, let condition):
            return "setField \(collection).\(field) = \(render(value))\(suffix(condition))"
        case .convert(let collection, let field, let type, let rounding):
            return "convert \(collection).\(field) to \(type.rawValue)" + (rounding.map { " (rounding \($0.rawValue))" } ?? "")
        case .mapValues(let collection, let field, let map, let fallback):
            let pairs = map.keys.sorted().map { "\(render(.string($0))) → \(render(map[$0]!))" }
            return "mapValues \(collection).\(field) " + pairs.joined(separator: ", ")
                + (fallback.map { ", otherwise → \(render($0))" } ?? "")
        case .renameCollection(let from, let to):
            return "renameCollection \(from) → \(to)"
        case .deleteDocuments(let collection, let condition):
            return "deleteDocuments \(collection) where \(condition)"
        case .repartition(let collection, let partition, let dateField):
            return "repartition \(collection) by \(partition.rawValue)" + (dateField.map { " of \($0)" } ?? "")
        case .catalog(let description):
            return "catalog: \(description)"
        case .custom(let name, let collection):
            return "custom \(name) on \(collection)"
        }
    }
}
