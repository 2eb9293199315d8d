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
            rule.timeZone = try zoneField(fields["check"], at: at + "/check")
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
        let forms = "compare, atMost, unique, transitions, frozen, weekday, dayOfMonth, timeZone, timeOfDay, settled, daySpan, embeds, template or among"
        if let compare = members["compare"] {
            try allowOnly(["compare"], in: members, at: pointer)
            let at = pointer + "/compare"
            let parts = try array(compare, at: at)
            guard parts.count == 3 else {
                throw error(at, "must be [field, operator, field, [fields] or {\"now\": true}], e.g. [\"pauseDuration\", \"<=\", \"timerDuration\"]")
            }
            let field = try string(parts[0], at: at + "/0")
            let symbol = try string(parts[1], at: at + "/1")
            guard let comparison = RuleCheck.ComparisonOperator(rawValue: symbol) else {
                throw error(at + "/1", "\"\(symbol)\" is not an operator; use one of \(RuleCheck.ComparisonOperator.allCases.map(\.rawValue).joined(separator: " "))")
            }
            let operand: RuleCheck.Operand
            switch parts[2] {
            case .object(let now):
                try allowOnly(["now", "plusSeconds"], in: now, at: at + "/2")
                guard now["now"] == .bool(true) else {
                    throw error(at + "/2", "the only object here is {\"now\": true} (the time of the save), with an optional \"plusSeconds\"")
                }
                let allowance = try now["plusSeconds"].map { try integer($0, at: at + "/2/plusSeconds", minimum: 0) } ?? 0
                guard allowance <= 366 * 86_400 else {
                    throw error(at + "/2/plusSeconds", "is \(allowance); an allowance is at most a year (31622400 seconds)")
                }
                operand = .now(plusSeconds: allowance)
            case .array(let names):
                guard !names.isEmpty else { throw error(at + "/2", "lists no field; name the fields to try in order, e.g. [\"modifiedAt\", \"createdAt\"]") }
                operand = .firstField(try names.enumerated().map { try string($1, at: at + "/2/\($0)") })
            default:
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
            try allowOnly(["field", "from", "order", "keepFinal", "initial", "keepMoved"], in: settings, at: at)
            var allowed: [String: [String]] = [:]
            if let order = settings["order"] {
                // An ordered enum that only moves forward: each value may become any later one.
                guard settings["from"] == nil else { throw error(at + "/order", "give \"from\" or \"order\", not both") }
                let values = try strings(order, at: at + "/order")
                for (index, value) in values.enumerated() { allowed[value] = Array(values[(index + 1)...]) }
            } else {
                for (value, targets) in try object(settings["from"], at: at + "/from") {
                    allowed[value] = try strings(targets, at: at + "/from/\(value)")
                }
            }
            let initial = try strings(settings["initial"], at: at + "/initial")
            if settings["initial"] != nil, initial.isEmpty {
                throw error(at + "/initial", "name the values a new document may start at, or leave \"initial\" out (any value)")
            }
            let named = Set(allowed.keys).union(allowed.values.joined())
            if let index = initial.firstIndex(where: { !named.contains($0) }) {
                throw error(at + "/initial/\(index)", "\"\(initial[index])\" is not a value the transitions name; a new document must be able to move on from where it starts")
            }
            let keepsMoved = try bool(settings["keepMoved"], at: at + "/keepMoved")
            return .transitions(field: try string(settings["field"], at: at + "/field"), from: allowed,
                                keepsFinal: try bool(settings["keepFinal"], at: at + "/keepFinal"), initial: initial, keepsMoved: keepsMoved)
        }
        if let frozen = members["frozen"] {
            try allowOnly(["frozen"], in: members, at: pointer)
            let at = pointer + "/frozen"
            let settings = try object(frozen, at: at)
            try allowOnly(["fields", "once"], in: settings, at: at)
            let fields = try strings(settings["fields"], at: at + "/fields")
            guard !fields.isEmpty else { throw error(at + "/fields", "name the fields that never change, e.g. [\"date\"]") }
            return .frozen(fields: fields, once: try settings["once"].map { try condition($0, at: at + "/once") })
        }
        if let template = members["template"] {
            try allowOnly(["template"], in: members, at: pointer)
            let at = pointer + "/template"
            let settings = try object(template, at: at)
            try allowOnly(["field", "is", "where"], in: settings, at: at)
            let text = try string(settings["is"], at: at + "/is")
            guard !RuleCheck.placeholders(in: text).isEmpty else {
                throw error(at + "/is", "\"\(text)\" uses no field; write the fields it is built from in braces, e.g. \"Recordings/{id}.m4a\"")
            }
            return .template(field: try string(settings["field"], at: at + "/field"), text: text,
                             where: try settings["where"].map { try condition($0, at: at + "/where") })
        }
        if let weekday = members["weekday"] {
            try allowOnly(["weekday"], in: members, at: pointer)
            let at = pointer + "/weekday"
            let settings = try object(weekday, at: at)
            try allowOnly(["field", "is", "timeZone"], in: settings, at: at)
            let days = try strings(settings["is"], at: at + "/is").enumerated().map { index, name in
                guard let day = RuleCheck.weekdayNames.firstIndex(of: name.lowercased()) else {
                    throw error(at + "/is/\(index)", "\"\(name)\" is not a day of the week; use \(RuleCheck.weekdayNames.joined(separator: ", "))")
                }
                return day + 1
            }
            return .weekday(field: try string(settings["field"], at: at + "/field"), days: days)
        }
        if let dayOfMonth = members["dayOfMonth"] {
            try allowOnly(["dayOfMonth"], in: members, at: pointer)
            let at = pointer + "/dayOfMonth"
            let settings = try object(dayOfMonth, at: at)
            try allowOnly(["field", "is", "startOfDay", "timeZone"], in: settings, at: at)
            let days = try array(settings["is"], at: at + "/is").enumerated().map { try integer($1, at: at + "/is/\($0)", minimum: 1) }
            if let wrong = days.firstIndex(where: { $0 > 31 }) { throw error(at + "/is/\(wrong)", "a day of the month is 1 through 31") }
            return .dayOfMonth(field: try string(settings["field"], at: at + "/field"), days: days,
                               startOfDay: try bool(settings["startOfDay"], at: at + "/startOfDay"))
        }
        if let zone = members["timeZone"] {
            try allowOnly(["timeZone"], in: members, at: pointer)
            let at = pointer + "/timeZone"
            guard case .object(let settings) = zone else { return .timeZone(field: try string(zone, at: at)) }
            try allowOnly(["field", "isStoreZone"], in: settings, at: at)
            return .timeZone(field: try string(settings["field"], at: at + "/field"), isStoreZone: try bool(settings["isStoreZone"], at: at + "/isStoreZone"))
        }
        if let timeOfDay = members["timeOfDay"] {
            try allowOnly(["timeOfDay"], in: members, at: pointer)
            let at = pointer + "/timeOfDay"
            let settings = try object(timeOfDay, at: at)
            try allowOnly(["field", "on", "is", "from", "before", "timeZone"], in: settings, at: at)
            let exact = settings["is"], from = settings["from"], before = settings["before"]
            guard (exact != nil) != (from != nil && before != nil), (from == nil) == (before == nil) else {
                throw error(at, "give \"is\" (one clock time) or both \"from\" and \"before\" (a window)")
            }
            let start = exact.map { ($0, at + "/is") } ?? (from!, at + "/from")
            return .timeOfDay(field: try string(settings["field"], at: at + "/field"), on: try string(settings["on"], at: at + "/on"),
                              from: try clockTime(start.0, at: start.1), before: try before.map { try clockTime($0, at: at + "/before") })
        }
        if let settled = members["settled"] {
            try allowOnly(["settled"], in: members, at: pointer)
            let at = pointer + "/settled"
            let settings = try object(settled, at: at)
            try allowOnly(["on", "at", "open", "timeZone"], in: settings, at: at)
            guard let open = settings["open"] else { throw error(at + "/open", "is missing; add the condition a document of an unsettled day may match, e.g. {\"field\": \"status\", \"equals\": \"PENDING\"}") }
            guard let closes = settings["at"] else { throw error(at + "/at", "is missing; add the clock time the day settles at, \"22:00\" or a setting") }
            return .settled(on: try string(settings["on"], at: at + "/on"), at: try clockTime(closes, at: at + "/at"),
                            open: try condition(open, at: at + "/open"))
        }
        if let span = members["daySpan"] {
            try allowOnly(["daySpan"], in: members, at: pointer)
            let at = pointer + "/daySpan"
            let settings = try object(span, at: at)
            try allowOnly(["from", "to", "count", "timeZone"], in: settings, at: at)
            return .daySpan(from: try string(settings["from"], at: at + "/from"), to: try string(settings["to"], at: at + "/to"),
                            count: try string(settings["count"], at: at + "/count"))
        }
        if let embeds = members["embeds"] {
            try allowOnly(["embeds"], in: members, at: pointer)
            let at = pointer + "/embeds"
            let settings = try object(embeds, at: at)
            try allowOnly(["fields", "of"], in: settings, at: at)
            return .embeds(fields: try strings(settings["fields"], at: at + "/fields"), of: try string(settings["of"], at: at + "/of"))
        }
        if let among = members["among"] {
            try allowOnly(["among"], in: members, at: pointer)
            let at = pointer + "/among"
            let settings = try object(among, at: at)
            try allowOnly(["field", "reference", "values"], in: settings, at: at)
            let path = try string(settings["values"], at: at + "/values").split(separator: ".").map(String.init)
            guard !path.isEmpty else { throw error(at + "/values", "name the values, e.g. \"variants[].durationMinutes\"") }
            return .among(field: try string(settings["field"], at: at + "/field"), reference: try string(settings["reference"], at: at + "/reference"),
                          values: path)
        }
        throw error(pointer, "must be one of \(forms), e.g. {\"compare\": [\"startDate\", \"<=\", \"lastActivityDate\"]}")
    }

    /// A clock time "HH:MM", or `{"singleton": s, "field": f}` naming the setting that holds one.
    private func clockTime(_ value: JSONValue, at pointer: String) throws -> RuleCheck.ClockTime {
        if value.objectValue != nil { return .setting(try singletonField(value, at: pointer)) }
        let text = try string(value, at: pointer)
        guard RuleCheck.clockMinutes(text) != nil else {
            throw error(pointer, "\"\(text)\" is not a clock time; write HH:MM, e.g. \"09:00\", or name a setting, {\"singleton\": \"settings\", \"field\": \"commitment_deadline\"}")
        }
        return .fixed(text)
    }

    /// The optional `timeZone` of a calendar check (`weekday`, `dayOfMonth`, `daySpan`): the
    /// singleton field that holds the zone its days are counted in.
    private func zoneField(_ check: JSONValue?, at pointer: String) throws -> CollectionDescriptor.SingletonField? {
        guard case .object(let members)? = check,
              let form = ["weekday", "dayOfMonth", "daySpan", "timeOfDay", "settled"].first(where: { members[$0] != nil }),
              case .object(let settings)? = members[form], let zone = settings["timeZone"]
        else { return nil }
        return try singletonField(zone, at: pointer + "/\(form)/timeZone")
    }

    /// `{"singleton": s, "field": f}`: a field of a singleton document, a setting.
    func singletonField(_ value: JSONValue, at pointer: String) throws -> CollectionDescriptor.SingletonField {
        let named = try object(value, at: pointer)
        try allowOnly(["singleton", "field"], in: named, at: pointer)
        return .init(collection: try string(named["singleton"], at: pointer + "/singleton"), field: try string(named["field"], at: pointer + "/field"))
    }

    private func condition(_ value: JSONValue, at pointer: String) throws -> Condition {
        do {
            return try Condition(json: value)
        } catch let failure as AlmanacError {
            throw error(pointer + (failure.pointer ?? ""), failure.message)
        }
    }
}
