extension CatalogReader {
    /// Reads a collection's `rules`: each has a name, a description, the fields it involves,
    /// and either a `check` the store enforces or an `app` saying why the app's Swift code
    /// checks it instead (older catalogs may have neither: such a rule is documentation).
    func rules(_ value: JSONValue?, at pointer: String) throws -> [CollectionDescriptor.Rule] {
        try array(value, at: pointer).enumerated().map { index, item in
            let at = pointer + "/\(index)"
            let fields = try object(item, at: at)
            try allowOnly(["name", "description", "fields", "check", "app"], in: fields, at: at)
            if fields["check"] != nil, fields["app"] != nil {
                throw error(at + "/app", "a rule is checked by the store (\"check\") or by the app (\"app\"), not both; remove one")
            }
            var rule = CollectionDescriptor.Rule(
                name: try string(fields["name"], at: at + "/name"),
                description: try string(fields["description"], at: at + "/description"),
                fields: try strings(fields["fields"], at: at + "/fields"))
            rule.check = try fields["check"].map { try check($0, at: at + "/check") }
            // A misspelt field would make a comparison skip every document (a missing side is skipped).
            for field in rule.check?.fields ?? [] where !rule.fields.contains(field) {
                throw error(at + "/check", "uses \"\(field)\", which the rule's \"fields\" does not list; list it there, or correct the name")
            }
            rule.checkedByApp = try optionalString(fields["app"], at: at + "/app")
            return rule
        }
    }

    private func check(_ value: JSONValue, at pointer: String) throws -> RuleCheck {
        let members = try object(value, at: pointer)
        let forms = "compare, atMost, unique or transitions"
        if let compare = members["compare"] {
            try allowOnly(["compare"], in: members, at: pointer)
            let at = pointer + "/compare"
            let parts = try array(compare, at: at)
            guard parts.count == 3 else {
                throw error(at, "must be [field, operator, field or {\"now\": true}], e.g. [\"pauseDuration\", \"<=\", \"timerDuration\"]")
            }
            let field = try string(parts[0], at: at + "/0")
            let symbol = try string(parts[1], at: at + "/1")
            guard let comparison = RuleCheck.ComparisonOperator(rawValue: symbol) else {
                throw error(at + "/1", "\"\(symbol)\" is not an operator; use one of \(RuleCheck.ComparisonOperator.allCases.map(\.rawValue).joined(separator: " "))")
            }
            let operand: RuleCheck.Operand
            if case .object(let now) = parts[2] {
                guard now == ["now": .bool(true)] else { throw error(at + "/2", "the only object here is {\"now\": true}, the time of the save") }
                operand = .now
            } else {
                operand = .field(try string(parts[2], at: at + "/2"))
            }
            return .compare(field: field, operator: comparison, other: operand)
        }
        if let limit = members["atMost"] {
            try allowOnly(["atMost", "where"], in: members, at: pointer)
            let count = try integer(limit, at: pointer + "/atMost", minimum: 0)
            return .atMost(count, where: try members["where"].map { try condition($0, at: pointer + "/where") })
        }
        if let unique = members["unique"] {
            try allowOnly(["unique", "per"], in: members, at: pointer)
            return .unique(field: try string(unique, at: pointer + "/unique"), per: try strings(members["per"], at: pointer + "/per"))
        }
        if let transitions = members["transitions"] {
            try allowOnly(["transitions"], in: members, at: pointer)
            let at = pointer + "/transitions"
            let settings = try object(transitions, at: at)
            try allowOnly(["field", "from"], in: settings, at: at)
            var allowed: [String: [String]] = [:]
            for (value, targets) in try object(settings["from"], at: at + "/from") {
                allowed[value] = try strings(targets, at: at + "/from/\(value)")
            }
            return .transitions(field: try string(settings["field"], at: at + "/field"), from: allowed)
        }
        throw error(pointer, "must be one of \(forms), e.g. {\"compare\": [\"startDate\", \"<=\", \"lastActivityDate\"]}")
    }

    private func condition(_ value: JSONValue, at pointer: String) throws -> Condition {
        do {
            return try Condition(json: value)
        } catch let failure as AlmanacError {
            throw error(pointer + (failure.pointer ?? ""), failure.message)
        }
    }
}
