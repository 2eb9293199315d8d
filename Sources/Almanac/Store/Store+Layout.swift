#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// The date that files a document: a timestamp (filed under its day in the store's time
/// zone) or a calendar date (filed under itself).
enum DocumentDate: Sendable, Equatable {
    case timestamp(Date)
    case day(CalendarDate)

    /// Reads a date field's value, or returns `nil` when it is neither form.
    init?(_ value: JSONValue) {
        guard case .string(let text) = value else { return nil }
        if let day = CalendarDate(text) {
            self = .day(day)
        } else if let instant = Timestamp.parse(text) {
            self = .timestamp(instant)
        } else {
            return nil
        }
    }

    func day(in calendar: StoreCalendar) -> CalendarDate {
        switch self {
        case .timestamp(let instant): calendar.day(of: instant)
        case .day(let day): day
        }
    }

    /// The date as a person reads it in a message: `2025-01-27` or `2025-01-27T14:03:00Z`.
    var text: String {
        switch self {
        case .timestamp(let instant): Timestamp.format(instant)
        case .day(let day): day.description
        }
    }

    /// Seconds since 1970 for ordering; a calendar date sorts at the start of its UTC day.
    var sortKey: Double {
        switch self {
        case .timestamp(let instant): instant.timeIntervalSince1970
        case .day(let day): Double(day.daysSinceEpoch) * 86_400
        }
    }
}

extension Store {
    /// The catalog entry for `name`.
    ///
    /// - Throws: `.unknownCollection` listing the store's collections.
    public func collection(named name: String) throws -> CollectionDescriptor {
        try reader.collection(named: name)
    }
}

/// The names of date folders: `YYYY`, then `MM`, then `DD`.
enum DateFolder {
    /// The folder's number when `name` is a well-formed folder name for `level` (0 year, 1 month, 2 day).
    static func number(_ name: String, level: Int) -> Int? {
        let width = level == 0 ? 4 : 2
        guard name.utf8.count == width, let value = CalendarDate.digits(ArraySlice(name.utf8)) else { return nil }
        switch level {
        case 0: return value >= 1 ? value : nil
        case 1: return (1...12).contains(value) ? value : nil
        default: return (1...31).contains(value) ? value : nil
        }
    }

    /// The folder's number and the tool that made it when `name` is a sync tool's copy of a
    /// folder name of `level`: the name followed by a space and anything (unison's
    /// `20 (conflict_on_2026-11-27_was_deleted)`, iCloud Drive's `20 2`, `20 (1)`), or by a
    /// known tool's marker (`20.sync-conflict-…`, `20_conflict-…`). Its documents are versions
    /// of the documents of that date (a copy each). A document's attachment folder
    /// (`12AB….files`) is never one.
    static func copy(_ name: String, level: Int) -> (number: Int, tool: String)? {
        let width = level == 0 ? 4 : 2
        let bytes = Array(name.utf8)
        guard bytes.count > width + 1, !name.hasSuffix(Filing.attachmentFolderSuffix),
              let number = self.number(String(decoding: bytes[..<width], as: UTF8.self), level: level)
        else { return nil }
        let rest = name.utf8.dropFirst(width)
        guard rest.first == UInt8(ascii: " ") || rest.starts(with: ".sync-conflict-".utf8) || rest.starts(with: "_conflict-".utf8) else { return nil }
        // The folder's name is decorated as a file's would be.
        let tool = SyncConflict.copy(named: name + ".json", exists: { _ in true })?.tool ?? SyncConflict.unknownTool
        return (number, tool)
    }

    /// `folders` with each sync tool's copy of a date folder named as the folder it copies
    /// (`["2025", "01 (conflict_on_…)"]` → `["2025", "01"]`): where its documents are filed.
    static func dated(_ folders: [String]) -> [String] {
        folders.enumerated().map { level, name in
            let width = level == 0 ? 4 : 2
            return name.utf8.count > width && copy(name, level: level) != nil ? String(name.prefix(width)) : name
        }
    }

    /// The tool that copied a folder of `folders` (a document's date folders), or `nil` when
    /// none is a copy.
    static func copyTool(among folders: [String]) -> String? {
        for (level, name) in folders.enumerated() where name.utf8.count > (level == 0 ? 4 : 2) {
            if let copy = copy(name, level: level) { return copy.tool }
        }
        return nil
    }

    /// Whether the folder `next` below `folders` can hold a document dated within `days`.
    static func overlaps(folders: [String], next: Int, level: Int, days: ClosedRange<CalendarDate>) -> Bool {
        // A copied folder (`01 (conflict_on_…)`) counts by its date.
        let parts = folders.enumerated().compactMap { Int($1.prefix($0 == 0 ? 4 : 2)) } + [next]
        let low = [days.lowerBound.year, days.lowerBound.month, days.lowerBound.day].prefix(level + 1)
        let high = [days.upperBound.year, days.upperBound.month, days.upperBound.day].prefix(level + 1)
        return !parts.lexicographicallyPrecedes(low) && !high.lexicographicallyPrecedes(parts)
    }

    /// Whether the date folder `folders` (year, month, day as deep as the partition) can hold
    /// documents dated within `days`: whether a query of `days` opens it.
    static func contains(_ folders: [String], within days: ClosedRange<CalendarDate>) -> Bool {
        guard let last = folders.last, let number = Int(last.prefix(folders.count == 1 ? 4 : 2)) else { return false }
        return overlaps(folders: Array(folders.dropLast()), next: number, level: folders.count - 1, days: days)
    }
}

extension JSONValue {
    /// The value as a short text for messages: strings quoted, containers summarised.
    var shortDescription: String {
        switch self {
        case .string(let text): "\"\(text.count > 60 ? text.prefix(60) + "…" : Substring(text))\""
        case .number(let number): number.text
        case .bool(let bool): bool ? "true" : "false"
        case .null: "null"
        case .array(let elements): "an array of \(elements.count)"
        case .object: "an object"
        }
    }
}
