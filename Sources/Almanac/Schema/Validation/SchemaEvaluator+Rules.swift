extension SchemaEvaluator {
    /// Checks one keyword. Keywords about a type other than the value's pass, as in JSON
    /// Schema (`maxLength` says nothing about numbers); `type` is what restricts types.
    mutating func apply(_ check: SchemaCheck, to value: JSONValue, collect: Bool) -> Bool {
        switch check.rule {
        case .type(let types):
            if types.matches(value) { return true }
            return fail(check, collect) { "expected \($0.detail ?? "another type"), found \(SchemaText.found(value))" }
        case .enumeration(let index):
            if program.enumerations[index].contains(value) { return true }
            let values = program.enumerations[index].values
            return fail(check, collect) { _ in
                "\(SchemaText.value(value)) is not one of \(SchemaText.list(values.map(SchemaText.value)))"
            }
        case .constant(let index):
            let constant = program.constants[index]
            if SchemaEquality.equal(constant, value) { return true }
            return fail(check, collect) { _ in "expected \(SchemaText.value(constant)), found \(SchemaText.value(value))" }
        case .multipleOf(let index):
            guard case .number(let number) = value, !isMultiple(number, of: program.divisors[index]) else { return true }
            return fail(check, collect) { "\(number.text) is not a multiple of \($0.detail ?? "")" }
        case .bound(let index):
            guard case .number(let number) = value, !program.bounds[index].accepts(number) else { return true }
            let bound = program.bounds[index]
            return fail(check, collect) { _ in bound.message(for: number) }
        case .minLength(let minimum):
            guard case .string(let string) = value else { return true }
            // A code point takes 1 to 4 UTF-8 bytes, so the byte count often settles it.
            let bytes = string.utf8.count
            if bytes / 4 >= minimum { return true }
            let length = bytes < minimum ? bytes : string.unicodeScalars.count
            if length >= minimum { return true }
            return fail(check, collect) { _ in
                "text is \(SchemaText.count(string.unicodeScalars.count, "character")) long; the minimum is \(minimum)"
            }
        case .maxLength(let maximum):
            guard case .string(let string) = value, string.utf8.count > maximum else { return true }
            let length = string.unicodeScalars.count
            if length <= maximum { return true }
            return fail(check, collect) { _ in
                let characters = VisibleText.characterCount(string)
                // JSON Schema counts code points; say so when a person would count otherwise.
                return characters == length ? "text is \(SchemaText.count(length, "character")) long; the maximum is \(maximum)"
                    : "text is \(SchemaText.count(length, "code point")) long (\(SchemaText.count(characters, "character"))); the maximum is \(maximum) code points"
            }
        case .minCharacters(let minimum):
            guard case .string(let string) = value, string.utf8.count < minimum || VisibleText.characterCount(string) < minimum
            else { return true }
            return fail(check, collect) { _ in
                "text is \(SchemaText.count(VisibleText.characterCount(string), "character")) long; the minimum is \(minimum)"
            }
        case .maxCharacters(let maximum):
            // A character takes at least one UTF-8 byte, so most texts are settled by their size.
            guard case .string(let string) = value, string.utf8.count > maximum else { return true }
            let length = VisibleText.characterCount(string)
            if length <= maximum { return true }
            return fail(check, collect) { _ in "text is \(SchemaText.count(length, "character")) long; the maximum is \(maximum)" }
        case .visible:
            guard case .string(let string) = value, !VisibleText.isVisible(string) else { return true }
            return fail(check, collect) { _ in
                string.isEmpty ? "text is empty; write some text"
                    : "\(SchemaText.quoted(string)) shows nothing (only spaces or invisible characters); write some text"
            }
        case .pattern(let index):
            guard case .string(let string) = value, !program.patterns[index].matches(string) else { return true }
            let pattern = program.patterns[index]
            let source = pattern.source
            // `\S` is how a schema says "not blank"; the message says so in words.
            return fail(check, collect) { _ in
                if source == "\\S" { return "\(SchemaText.quoted(string)) is blank; write some text (the pattern \\S)" }
                return Self.spaceHint(string, pattern).map { "\($0) matches the pattern \(source)" }
                    ?? "\(SchemaText.quoted(string)) does not match the pattern \(source)"
            }
        case .format(let format):
            guard case .string(let string) = value, let problem = format.problem(with: string) else { return true }
            return fail(check, collect) { _ in problem }
        case .minItems(let minimum):
            guard case .array(let items) = value, items.count < minimum else { return true }
            return fail(check, collect) { _ in "the array has \(SchemaText.count(items.count, "item")); the minimum is \(minimum)" }
        case .maxItems(let maximum):
            guard case .array(let items) = value, items.count > maximum else { return true }
            return fail(check, collect) { _ in "the array has \(SchemaText.count(items.count, "item")); the maximum is \(maximum)" }
        case .uniqueItems:
            guard case .array(let items) = value, let duplicate = SchemaEquality.firstDuplicate(in: items) else { return true }
            return fail(check, collect) { _ in
                "items \(duplicate.first) and \(duplicate.second) are both \(SchemaText.value(items[duplicate.first])); "
                    + "items must be unique"
            }
        case .minProperties(let minimum):
            guard case .object(let members) = value, members.count < minimum else { return true }
            return fail(check, collect) { _ in
                "the object has \(SchemaText.count(members.count, "field")); the minimum is \(minimum)"
            }
        case .maxProperties(let maximum):
            guard case .object(let members) = value, members.count > maximum else { return true }
            return fail(check, collect) { _ in
                "the object has \(SchemaText.count(members.count, "field")); the maximum is \(maximum)"
            }
        case .reference(let target):
            return evaluate(target, value, collect: collect)
        default:
            return applyToMembers(check, to: value, collect: collect)
        }
    }

    /// Exact `multipleOf`, with integer arithmetic when both numbers are plain integers.
    private func isMultiple(_ number: JSONNumber, of divisor: SchemaDecimal) -> Bool {
        if divisor.exponent >= 0, divisor.digits.count + divisor.exponent <= 18, let value = Int64(number.text) {
            var modulus: Int64 = 0
            for digit in divisor.digits { modulus = modulus * 10 + Int64(digit) }
            for _ in 0..<divisor.exponent { modulus *= 10 }
            return value % modulus == 0
        }
        return SchemaDecimal(number).isMultiple(of: divisor)
    }

    /// Keywords about the members of an object.
    private mutating func applyToMembers(_ check: SchemaCheck, to value: JSONValue, collect: Bool) -> Bool {
        guard case .object(let members) = value else {
            return applyToItems(check, to: value, collect: collect)
        }
        var valid = true
        switch check.rule {
        case .objectShape(let index):
            return applyShape(index, to: members, collect: collect)
        case .dependentRequired(let index):
            for entry in program.dependencies[index].entries where members[entry.field] != nil {
                for name in entry.requires where members[name] == nil {
                    valid = fail(check, collect) { _ in
                        "missing field \(SchemaText.quoted(name)), required when \(SchemaText.quoted(entry.field)) is present"
                    }
                    if !collect { return false }
                }
            }
        case .dependentSchemas(let index):
            for entry in program.dependencies[index].entries where members[entry.field] != nil {
                if !evaluate(entry.schema, value, collect: collect) {
                    valid = false
                    if !collect { return false }
                }
            }
        case .propertyNames(let schema):
            for name in members.keys {
                let mark = violations.count
                if !evaluate(schema, .string(name), at: .key(name), asName: true, collect: collect) {
                    valid = false
                    if !collect { return false }
                    prefixMessages(since: mark, with: "field name \(SchemaText.quoted(name)): ")
                }
            }
        default:
            return applyCombinator(check, to: value, collect: collect)
        }
        return valid
    }

    /// `properties`, `patternProperties`, `additionalProperties` and `required` in one pass.
    private mutating func applyShape(_ index: Int, to members: [String: JSONValue], collect: Bool) -> Bool {
        // Read through the table rather than copying the shape: copying retains its members.
        var valid = true
        var requiredFound = 0
        guard program.objectShapes[index].visitsEveryMember else {
            for entry in program.objectShapes[index].declared {
                if let member = members[entry.name] {
                    if entry.slot.isRequired { requiredFound += 1 }
                    if entry.slot.schema >= 0, !evaluate(entry.slot.schema, member, at: .key(entry.name), collect: collect) {
                        valid = false
                        if !collect { return false }
                    }
                } else if entry.slot.isRequired && !collect {
                    return false
                }
            }
            return reportMissing(index, members, found: requiredFound, collect: collect) && valid
        }
        let additional = program.objectShapes[index].additional
        let hasPatterns = !program.objectShapes[index].patterns.isEmpty
        for (name, member) in members {
            var named = false
            if let slot = program.objectShapes[index].slots[name] {
                if slot.isRequired { requiredFound += 1 }
                if slot.schema >= 0 {
                    named = true
                    if !evaluate(slot.schema, member, at: .key(name), collect: collect) {
                        valid = false
                        if !collect { return false }
                    }
                }
            }
            if hasPatterns {
                for entry in program.objectShapes[index].patterns where entry.pattern.matches(name) {
                    named = true
                    if !evaluate(entry.schema, member, at: .key(name), collect: collect) {
                        valid = false
                        if !collect { return false }
                    }
                }
            }
            if !named, additional >= 0 {
                let mark = violations.count
                if !evaluate(additional, member, at: .key(name), collect: collect) {
                    valid = false
                    if !collect { return false }
                    suggestDeclaredName(for: name, since: mark, shape: index, members: members)
                }
            }
        }
        return reportMissing(index, members, found: requiredFound, collect: collect) && valid
    }

    /// A field the schema refuses ("field "txet" is not allowed") is most often a misspelt
    /// declared one: the message names the closest declared field the document lacks.
    private mutating func suggestDeclaredName(for name: String, since mark: Int, shape index: Int, members: [String: JSONValue]) {
        guard violations.count == mark + 1, violations[mark].message.hasSuffix("is not allowed") else { return }
        let missing = program.objectShapes[index].declared.map(\.name).filter { members[$0] == nil }
        guard let near = Suggestion.closest(to: name, in: missing) else { return }
        appendToMessage(at: mark, "; did you mean \(SchemaText.quoted(near))?")
    }

    /// Reports the `required` names of shape `index` absent from `members`, in `required`
    /// order, unless all `found` were present.
    private mutating func reportMissing(_ index: Int, _ members: [String: JSONValue], found: Int, collect: Bool) -> Bool {
        guard found < program.objectShapes[index].required.count else { return true }
        let shape = program.objectShapes[index]
        for name in shape.required where members[name] == nil {
            _ = fail(info: shape.requiredInfo, collect) { _ in "missing required field \(SchemaText.quoted(name))" }
            if !collect { return false }
        }
        return false
    }

    /// Keywords about the items of an array.
    private mutating func applyToItems(_ check: SchemaCheck, to value: JSONValue, collect: Bool) -> Bool {
        guard case .array(let items) = value else {
            return applyCombinator(check, to: value, collect: collect)
        }
        var valid = true
        switch check.rule {
        case .prefixItems(let range):
            for (offset, (listIndex, item)) in zip(range.indices, items).enumerated()
            where !evaluate(program.nodeLists[listIndex], item, at: .index(offset), collect: collect) {
                valid = false
                if !collect { return false }
            }
        case .items(let schema, let start):
            guard items.count > start else { return true }
            for index in start..<items.count where !evaluate(schema, items[index], at: .index(index), collect: collect) {
                valid = false
                if !collect { return false }
            }
        case .contains(let schema, let minimum, let maximum):
            var matching = 0
            for (offset, item) in items.enumerated() where evaluate(schema, item, at: .index(offset), collect: false) {
                matching += 1
            }
            if matching >= minimum, matching <= maximum { return true }
            return fail(check, collect) { _ in
                let found = "the array has \(SchemaText.count(matching, "item")) matching \"contains\""
                return matching < minimum ? "\(found); at least \(minimum) required" : "\(found); at most \(maximum) allowed"
            }
        default:
            return applyCombinator(check, to: value, collect: collect)
        }
        return valid
    }

    /// `allOf`, `anyOf`, `oneOf`, `not` and `if`/`then`/`else`; member and item keywords
    /// reach here for values of other types, and pass.
    private mutating func applyCombinator(_ check: SchemaCheck, to value: JSONValue, collect: Bool) -> Bool {
        switch check.rule {
        case .allOf(let range):
            var valid = true
            for index in range.indices where !evaluate(program.nodeLists[index], value, collect: collect) {
                valid = false
                if !collect { return false }
            }
            return valid
        case .anyOf(let range):
            for index in range.indices where evaluate(program.nodeLists[index], value, collect: false) { return true }
            guard collect else { return false }
            let summary = summarizeAlternatives(range, value)
            return fail(check, collect) { _ in "\(SchemaText.subject(value)) matches none of the anyOf alternatives: \(summary)" }
        case .oneOf(let range):
            var matching: [Int] = []
            for (number, index) in range.indices.enumerated() where evaluate(program.nodeLists[index], value, collect: false) {
                matching.append(number + 1)
                if matching.count == 2 { break }
            }
            if matching.count == 1 { return true }
            guard collect else { return false }
            if matching.count == 2 {
                return fail(check, collect) { _ in
                    "\(SchemaText.subject(value)) matches alternatives \(matching[0]) and \(matching[1]) of oneOf; "
                        + "it must match exactly one"
                }
            }
            let summary = summarizeAlternatives(range, value)
            return fail(check, collect) { _ in "\(SchemaText.subject(value)) matches none of the oneOf alternatives: \(summary)" }
        case .not(let schema):
            guard evaluate(schema, value, collect: false) else { return true }
            return fail(check, collect) {
                $0.detail ?? "\(SchemaText.subject(value)) is not allowed (it matches the schema under \"not\")"
            }
        case .conditional(let condition, let then, let otherwise):
            let holds = evaluate(condition, value, collect: false)
            let branch = holds ? then : otherwise
            guard branch >= 0 else { return true }
            let mark = violations.count
            let valid = evaluate(branch, value, collect: collect)
            if collect && !valid {
                // Say why the branch applied; the inner message alone would seem arbitrary.
                let info = program.checkInfo[check.info]
                let prefix = switch (info.detail, holds) {
                case (let text?, true): "when \(text): "
                case (let text?, false): "unless \(text): "
                case (nil, true): "as the \"if\" schema at \(info.schemaPointer) matches: "
                case (nil, false): "as the \"if\" schema at \(info.schemaPointer) does not match: "
                }
                prefixMessages(since: mark, with: prefix)
            }
            return valid
        default:
            // Keywords for another type than the value's.
            return true
        }
    }

    /// `"Asia/Kolkata " has white space around it; "Asia/Kolkata"` when white space a person
    /// easily types by mistake — around the text, or beside a comma — is all that keeps it
    /// from matching (the message goes on "matches the pattern …"); otherwise `nil`. Only for
    /// short texts: a note's spaces are its words.
    static func spaceHint(_ string: String, _ pattern: SchemaPattern) -> String? {
        guard string.utf8.count <= 200, string.unicodeScalars.contains(where: { $0.properties.isWhitespace }) else { return nil }
        let trimmed = string.trimmingCharacters(in: .whitespacesAndNewlines)
        if trimmed != string, pattern.matches(trimmed) {
            return "\(SchemaText.quoted(string)) has white space around it; without it, \(SchemaText.quoted(trimmed))"
        }
        // "40.7128, -74.0060": the spaces beside a comma go, the others stay.
        var joined = String.UnicodeScalarView()
        let scalars = Array(trimmed.unicodeScalars)
        for (index, scalar) in scalars.enumerated() {
            let nextIsComma = scalars[index...].first { !$0.properties.isWhitespace } == ","
            let afterComma = scalars[..<index].last { !$0.properties.isWhitespace } == ","
            if scalar.properties.isWhitespace, nextIsComma || afterComma { continue }
            joined.append(scalar)
        }
        let comma = String(joined)
        if comma != trimmed, pattern.matches(comma) {
            return "\(SchemaText.quoted(string)) has spaces beside a comma; without them, \(SchemaText.quoted(comma))"
        }
        return nil
    }
}
