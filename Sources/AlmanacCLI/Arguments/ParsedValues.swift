/// The values of one parsed command line, read by the names used in the declarations.
///
///     let store = values.option("store")              // String?
///     let json = values.flag("json")                  // Bool
///     let filters = values.options("where")           // [String], in command-line order
///     let collection = values.positional("collection") // String?
///     let files = values.positionals("files")         // [String]
///     let timeout = try values.double("lock-timeout", expecting: "a number of seconds")
///
/// Asking for a name the command does not declare (or a flag as an option) traps: that is
/// a typo in the program, and silently answering `false` or `nil` would hide it.
struct ParsedValues: Sendable, Hashable, CustomStringConvertible {
    /// The tool name and subcommand path, so conversion errors can point at the right help.
    let rootName: String
    let commandPath: [String]

    private let optionSpecs: [String: OptionSpec]
    private let positionalSpecs: [String: PositionalSpec]
    private var presentFlags: Set<String> = []
    private var optionValues: [String: [String]] = [:]
    private var positionalValues: [String: [String]] = [:]

    /// An empty set of values for a command accepting `options` and `positionals`.
    init(
        rootName: String, commandPath: [String],
        options: [OptionSpec], positionals: [PositionalSpec]
    ) {
        self.rootName = rootName
        self.commandPath = commandPath
        // ArgumentParser.init has already rejected declarations that reuse a name.
        self.optionSpecs = Dictionary(uniqueKeysWithValues: options.map { ($0.name, $0) })
        self.positionalSpecs = Dictionary(
            uniqueKeysWithValues: positionals.map { ($0.name, $0) })
    }

    // MARK: Reading

    /// True when the flag `--name` was given.
    func flag(_ name: String) -> Bool {
        let spec = declaredOption(name)
        precondition(!spec.takesValue, "'--\(name)' takes a value; read it with option(_:)")
        return presentFlags.contains(name)
    }

    /// The value of `--name`, its declared default when absent, or nil. For a repeatable
    /// option this is the last value; use `options(_:)` for all of them.
    func option(_ name: String) -> String? {
        let spec = declaredOption(name)
        precondition(spec.takesValue, "'--\(name)' is a flag; read it with flag(_:)")
        return optionValues[name]?.last ?? spec.defaultValue
    }

    /// Every value given for `--name`, in command-line order; empty when absent.
    func options(_ name: String) -> [String] {
        let spec = declaredOption(name)
        precondition(spec.takesValue, "'--\(name)' is a flag; read it with flag(_:)")
        return optionValues[name] ?? []
    }

    /// True when the user typed the option, as opposed to it taking its default.
    func isPresent(_ name: String) -> Bool {
        _ = declaredOption(name)
        return presentFlags.contains(name) || optionValues[name] != nil
    }

    /// The value of a required or optional positional, or nil when an optional one is absent.
    func positional(_ name: String) -> String? {
        declaredPositional(name)
        return positionalValues[name]?.first
    }

    /// Every token a variadic positional received (also works for a single one).
    func positionals(_ name: String) -> [String] {
        declaredPositional(name)
        return positionalValues[name] ?? []
    }

    /// What the user gave, compactly: `--json --store=s collection: ["notes"]`.
    var description: String { given.joined(separator: " ") }

    // MARK: Reading by declaration

    /// True when the flag `option` was given; commands read their options through the
    /// constants they declare them with, so a typo is a compile error.
    func flag(_ option: OptionSpec) -> Bool { flag(option.name) }

    /// The value of `option`, its default, or nil (see ``option(_:)-(String)``).
    func option(_ option: OptionSpec) -> String? { self.option(option.name) }

    /// Every value given for the repeatable `option`, in command-line order.
    func options(_ option: OptionSpec) -> [String] { options(option.name) }

    /// True when the user typed `option`.
    func isPresent(_ option: OptionSpec) -> Bool { isPresent(option.name) }

    /// The value of `positional`, or nil when an optional one is absent.
    func positional(_ positional: PositionalSpec) -> String? { self.positional(positional.name) }

    /// Every token the variadic `positional` received.
    func positionals(_ positional: PositionalSpec) -> [String] { positionals(positional.name) }

    /// The value of `option` as an integer, or nil when absent.
    func integer(_ option: OptionSpec, expecting: String = "an integer") throws(UsageError) -> Int? {
        try integer(option.name, expecting: expecting)
    }

    /// The value of `option` as a finite number, or nil when absent.
    func double(_ option: OptionSpec, expecting: String = "a number") throws(UsageError) -> Double? {
        try double(option.name, expecting: expecting)
    }

    // MARK: Conversions

    /// The value of `--name` as an integer, or nil when absent.
    /// Throws `--to expects an integer, got 'x'` (with `expecting` as the middle words).
    func integer(_ name: String, expecting: String = "an integer") throws(UsageError) -> Int? {
        guard let text = option(name) else { return nil }
        guard let number = Int(text) else { throw conversionError(name, expecting, text) }
        return number
    }

    /// The value of `--name` as a finite number, or nil when absent.
    /// Throws `--lock-timeout expects a number of seconds, got 'abc'` for
    /// `expecting: "a number of seconds"`.
    func double(_ name: String, expecting: String = "a number") throws(UsageError) -> Double? {
        guard let text = option(name) else { return nil }
        // "nan" and "inf" parse as Double but are never a sensible count or duration.
        guard let number = Double(text), number.isFinite else {
            throw conversionError(name, expecting, text)
        }
        return number
    }

    // MARK: Recording (used by ArgumentParser)

    mutating func setFlag(_ name: String) {
        presentFlags.insert(name)
    }

    mutating func appendOption(_ name: String, value: String) {
        optionValues[name, default: []].append(value)
    }

    mutating func setPositional(_ name: String, values: [String]) {
        positionalValues[name] = values
    }

    // MARK: Private

    /// Sorted names, so that logs and test failures are stable across runs.
    private var given: [String] {
        let flagText = presentFlags.sorted().map { "--\($0)" }
        let optionText = optionValues.keys.sorted().flatMap { name in
            optionValues[name]!.map { "--\(name)=\($0)" }
        }
        let positionalText = positionalValues.keys.sorted().map { name in
            "\(name): \(positionalValues[name]!)"
        }
        return flagText + optionText + positionalText
    }

    private func declaredOption(_ name: String) -> OptionSpec {
        guard let spec = optionSpecs[name] else {
            preconditionFailure("option '--\(name)' is not declared for '\(pathText)'")
        }
        return spec
    }

    private func declaredPositional(_ name: String) {
        precondition(
            positionalSpecs[name] != nil,
            "argument '\(name)' is not declared for '\(pathText)'")
    }

    private var pathText: String { ([rootName] + commandPath).joined(separator: " ") }

    private func conversionError(_ name: String, _ expecting: String, _ text: String) -> UsageError {
        UsageError(
            message: "--\(name) expects \(expecting), got '\(text)'",
            rootName: rootName, commandPath: commandPath)
    }
}
