import Foundation

extension RuleCheck {
    /// The names of the days of the week, Monday first, as the catalog writes them.
    static let weekdayNames = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]

    /// Why `document` breaks a calendar, time-zone or text check, or `nil` (also for the
    /// other checks). A missing or `null` field is skipped, as in a comparison.
    func calendarViolation(in document: [String: JSONValue], calendar: StoreCalendar) -> (pointer: String, reason: String)? {
        switch self {
        case .weekday(let field, let days):
            guard let value = document[field], let date = DocumentDate(value) else { return nil }
            let day = date.day(in: calendar)
            // 1970-01-01 was a Thursday (4).
            let weekday = ((day.daysSinceEpoch % 7 + 7) % 7 + 3) % 7 + 1
            guard !days.contains(weekday) else { return nil }
            return ("/" + field, "\(field) \(value.shortDescription) is a \(Self.weekdayNames[weekday - 1].capitalized); it must be a \(days.map { Self.weekdayNames[$0 - 1].capitalized }.joined(separator: " or "))")
        case .dayOfMonth(let field, let days, let startOfDay):
            guard let value = document[field], let date = DocumentDate(value) else { return nil }
            let day = date.day(in: calendar)
            let zone = calendar.zone(on: day).identifier
            if !days.contains(day.day) {
                return ("/" + field, "\(field) \(value.shortDescription) falls on day \(day.day) of its month in \(zone); it must be day \(days.map(String.init).joined(separator: " or "))")
            }
            if startOfDay, case .timestamp(let instant) = date, instant != calendar.start(of: day) {
                return ("/" + field, "\(field) \(value.shortDescription) is not the start of \(day) in \(zone) (\(Timestamp.format(calendar.start(of: day))))")
            }
            return nil
        case .timeZone(let field, let isStoreZone):
            // By the shipped IANA list, never the platform's: two devices must agree.
            guard case .string(let name)? = document[field] else { return nil }
            guard TimeZone.isIANAName(name) else {
                let hint = TimeZone.closestIANAName(to: name).map { "; did you mean \"\($0)\"?" } ?? ""
                return ("/" + field, "\(field) \"\(name)\" is not an IANA time-zone name (tzdata \(TimeZoneNames.release)), such as \"Europe/Berlin\"\(hint)")
            }
            // By the name as the store records it: Foundation's "GMT" is the store's "UTC".
            guard isStoreZone, (TimeZone(identifier: name)?.storeName ?? name) != calendar.latestZoneName else { return nil }
            return ("/" + field, "\(field) \"\(name)\" is not the zone this store files new days in (\(calendar.latestZoneName)); write \"\(calendar.latestZoneName)\", or, for a user who moved to \(name), change the store's zone in the same write (Transaction.changeTimeZone(to:), or 'almanac time-zone set \(name)' first), so that the app's days and the store's agree")
        case .daySpan(let from, let to, let count):
            guard let start = document[from].flatMap(DocumentDate.init), let end = document[to].flatMap(DocumentDate.init),
                  let counted = document[count]?.numberValue?.doubleValue
            else { return nil }
            let days = end.day(in: calendar).daysSinceEpoch - start.day(in: calendar).daysSinceEpoch + 1
            guard Double(days) != counted else { return nil }
            return ("/" + count, "\(count) \(document[count]!.shortDescription) is not the \(days) local day\(days == 1 ? "" : "s") from \(from) to \(to), both included (in \(calendar))")
        case .embeds(let fields, let of):
            guard case .string(let part)? = document[of] else { return nil }
            for field in fields {
                guard case .string(let text)? = document[field], !text.contains(part) else { continue }
                return ("/" + field, "\(field) \"\(text)\" does not contain \(of) \"\(part)\": it must name this document's own file")
            }
            return nil
        case .template(let field, let template, let condition):
            return Self.templateViolation(document, field: field, template: template, condition: condition)
        default:
            return nil
        }
    }

    /// The values at `path` in `document`: `["variants[]", "durationMinutes"]` is every
    /// element's `durationMinutes` of the array `variants`.
    static func values(at path: [String], in document: JSONValue) -> [JSONValue] {
        var current = [document]
        for component in path {
            let name = component.hasSuffix("[]") ? String(component.dropLast(2)) : component
            current = current.compactMap { $0.objectValue?[name] }
            if component.hasSuffix("[]") { current = current.flatMap { $0.arrayValue ?? [] } }
        }
        return current
    }

    /// Why `document`'s `field` is not among the values at `path` of `referenced` (the document
    /// its `reference` field names), or `nil`; a missing or `null` field is skipped.
    static func amongViolation(_ document: [String: JSONValue], field: String, reference: String, path: [String], in referenced: JSONValue) -> String? {
        guard let value = document[field], value != .null else { return nil }
        let allowed = values(at: path, in: referenced)
        guard !allowed.contains(where: { $0.hasSameValue(as: value) }) else { return nil }
        let shown = allowed.map(\.shortDescription).joined(separator: ", ")
        return "\(field) \(value.shortDescription) is not one of the \(path.joined(separator: ".")) of the document \(reference) names (\(document[reference]?.shortDescription ?? "")): \(allowed.isEmpty ? "it has none" : shown)"
    }
}
