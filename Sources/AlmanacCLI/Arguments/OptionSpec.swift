/// Declares one named command-line option: a flag (`--json`), an option that takes a value
/// (`--store DIR`, `--store=DIR`), or a repeatable option (`--where a=b --where c=d`).
///
/// Build them with the static factories rather than the memberwise initializer, so a
/// declaration reads like the usage line it produces:
///
///     .option("store", valueName: "DIR", help: "The store folder.")
///     .flag("dry-run", help: "Report what would change without writing.")
///     .repeating("where", valueName: "FIELD=VALUE", help: "Keep documents that match.")
struct OptionSpec: Sendable, Hashable {
    /// Whether the option stands alone or consumes a value.
    enum Kind: Sendable, Hashable {
        /// Present or absent; `--name=value` is an error.
        case flag
        /// Takes exactly one value; giving it twice is an error unless `isRepeatable`.
        case value(name: String)
    }

    /// The long name without dashes: `"store"` for `--store`.
    var name: String
    /// An optional one-letter name: `"h"` for `-h`.
    var shortName: Character?
    var kind: Kind
    /// One line for the OPTIONS section of the help.
    var help: String
    /// Values are collected in order instead of rejecting the second occurrence.
    var isRepeatable: Bool = false
    /// Parsing fails with "missing option" when a required option is absent.
    var isRequired: Bool = false
    /// Returned by `ParsedValues.option(_:)` when the option is absent, and shown in help.
    var defaultValue: String?

    /// `--name`: true when present.
    static func flag(_ name: String, short: Character? = nil, help: String) -> OptionSpec {
        OptionSpec(name: name, shortName: short, kind: .flag, help: help)
    }

    /// `--name VALUE`, given at most once. `valueName` is written in capitals (`"DIR"`); help
    /// shows it as `<dir>` like swift-argument-parser, error messages keep the capitals.
    static func option(
        _ name: String, short: Character? = nil, valueName: String, help: String,
        required: Bool = false, defaultValue: String? = nil
    ) -> OptionSpec {
        OptionSpec(
            name: name, shortName: short, kind: .value(name: valueName), help: help,
            isRequired: required, defaultValue: defaultValue)
    }

    /// `--name VALUE`, any number of times; `ParsedValues.options(_:)` returns them in order.
    static func repeating(
        _ name: String, short: Character? = nil, valueName: String, help: String
    ) -> OptionSpec {
        OptionSpec(
            name: name, shortName: short, kind: .value(name: valueName), help: help,
            isRepeatable: true)
    }

    /// The `-h, --help` option every command accepts. The parser adds it when the global
    /// options do not already include it, so help can never be declared away by accident.
    static let help = OptionSpec.flag("help", short: "h", help: "Show help information.")

    /// `--store`, as users type it and as error messages quote it.
    var displayName: String { "--" + name }

    /// The value placeholder in capitals (`"DIR"`), or nil for a flag.
    var valueName: String? {
        if case .value(let name) = kind { return name }
        return nil
    }

    var takesValue: Bool { valueName != nil }
}
