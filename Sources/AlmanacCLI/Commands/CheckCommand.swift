import Almanac

/// `almanac check`
enum CheckCommand {
    static func run(_ context: CommandContext) throws -> Int32 {
        let store = try context.openStore()
        let report = try store.check()
        let errors = report.problems.filter { $0.severity == .error }.count
        let warnings = report.problems.count - errors
        if context.json {
            Output.json(.object([
                "store": .string(store.url.path),
                "clean": .bool(report.isClean),
                "documentsChecked": .number(JSONNumber(report.documentsChecked)),
                "errors": .number(JSONNumber(errors)),
                "warnings": .number(JSONNumber(warnings)),
                "problems": .array(report.problems.map { problem in
                    var members: [String: JSONValue] = [
                        "severity": .string(problem.severity.rawValue), "kind": .string(problem.kind),
                        "path": .string(problem.path), "message": .string(problem.message),
                    ]
                    if let line = problem.line { members["line"] = .number(JSONNumber(line)) }
                    if let column = problem.column { members["column"] = .number(JSONNumber(column)) }
                    if let pointer = problem.pointer { members["pointer"] = .string(pointer) }
                    return .object(members)
                }),
            ]))
        } else {
            for problem in report.problems { Output.write(problem.description) }
            Output.write("\(report.documentsChecked) documents checked: \(errors) error\(errors == 1 ? "" : "s"), \(warnings) warning\(warnings == 1 ? "" : "s").")
        }
        return report.isClean ? ExitCode.success : ExitCode.problemsFound
    }
}
