import Foundation

extension CheckWalker {
    /// Reports how a document breaks its collection's one-document rules and where it holds
    /// a timestamp not in UTC; keeps what the collection-wide rules need.
    mutating func checkRules(_ members: [String: JSONValue], collection: CollectionDescriptor, path: String) {
        let now = Date()
        for rule in collection.rules {
            switch rule.check {
            case .compare:
                if let violation = rule.check?.violation(in: members, now: now) {
                    report("rule", path, "breaks the \(collection.name) rule \"\(rule.name)\" (\(rule.description)): \(violation.reason)", pointer: violation.pointer)
                }
            case .atMost, .unique:
                ruleDocuments[collection.name, default: []].append((path, members))
            case .transitions, nil:
                continue  // a transition needs the stored history, which a check does not have
            }
        }
        for (pointer, text) in JSONValue.object(members).timestampsNotInUTC() {
            report("timestamp-not-utc", path,
                   "\"\(text)\" is not written in UTC; the next save stores it as \"\(Timestamp.normalizedUTC(text) ?? text)\" (the same instant)",
                   severity: .warning, pointer: pointer)
        }
    }

    /// Reports the collection-wide rules (counts, groups) broken by the documents kept.
    mutating func checkCollectionRules() {
        for collection in store.catalog.collections {
            let documents = ruleDocuments[collection.name] ?? []
            for rule in collection.rules {
                switch rule.check {
                case .atMost(let limit, let condition):
                    let matching = documents.filter { condition?.matches(.object($0.members)) ?? true }
                    guard matching.count > limit else { continue }
                    let which = condition.map { " matching \($0)" } ?? ""
                    report("rule", matching[limit].path,
                           "breaks the \(collection.name) rule \"\(rule.name)\" (\(rule.description)): \(matching.count) documents\(which), at most \(limit) allowed (\(matching.map(\.path).joined(separator: ", ")))")
                case .unique(let field, let per):
                    var seen: [[JSONValue]: String] = [:]
                    for document in documents {
                        guard let value = document.members[field], value != .null else { continue }
                        let key = [value] + per.map { document.members[$0] ?? .null }
                        if let other = seen[key] {
                            report("rule", document.path,
                                   "breaks the \(collection.name) rule \"\(rule.name)\" (\(rule.description)): \(field) \(value.shortDescription) is also used by \(other)",
                                   pointer: "/" + field)
                        } else {
                            seen[key] = document.path
                        }
                    }
                default:
                    continue
                }
            }
        }
    }
}
