import Foundation

extension CollectionDescriptor.Rule {
    /// The message of a document that breaks the rule, for `reason`.
    func message(_ reason: String) -> String {
        // The description is a sentence; inside the parentheses its full stop would stand before the colon.
        "breaks the rule \"\(name)\" (\(description.hasSuffix(".") ? String(description.dropLast()) : description)): \(reason)"
    }

    /// How one document breaks this rule's one-document check (a comparison), or `nil`; days
    /// are the store's, by `calendar`.
    func violation(in members: [String: JSONValue], now: Date, calendar: StoreCalendar) -> (pointer: String, message: String)? {
        guard let found = check?.violation(in: members, now: now, calendar: calendar) else { return nil }
        return (found.pointer, message(found.reason))
    }

    /// How the documents of a collection, each with a label (its path or `collection/id`),
    /// break this rule's collection-wide check (a count, a group); empty for other checks.
    func violations(among documents: [(label: String, members: [String: JSONValue])]) -> [(label: String, pointer: String?, message: String)] {
        switch check {
        case .atMost(let limit, let condition):
            let matching = documents.filter { condition?.matches(.object($0.members)) ?? true }
            guard matching.count > limit else { return [] }
            let which = condition.map { " matching \($0)" } ?? ""
            return [(matching[limit].label, nil,
                     message("\(matching.count) documents\(which), at most \(limit) allowed (\(matching.map(\.label).joined(separator: ", ")))"))]
        case .unique(let field, let per):
            // Keys by value, as the write path compares (`1` and `1.0` are one value).
            var seen: [[String]: String] = [:]
            var found: [(label: String, pointer: String?, message: String)] = []
            for document in documents {
                guard let value = document.members[field], value != .null else { continue }
                let key = [value.uniquenessKey] + per.map { (document.members[$0] ?? .null).uniquenessKey }
                if let other = seen[key] {
                    found.append((document.label, "/" + field,
                                  message("\(field) \(value.shortDescription) is also used by \(other)")))
                } else {
                    seen[key] = document.label
                }
            }
            return found
        default:
            return []
        }
    }
}

extension CollectionDescriptor.Rule {
    /// The error for a document that breaks this rule, for the reason ``violation(in:now:calendar:)`` gave.
    func error(at location: DocumentLocation?, pointer: String?, _ reason: String) -> AlmanacError {
        AlmanacError(.ruleViolation, message(reason), path: location?.relativePath, id: location?.id, pointer: pointer)
    }
}
