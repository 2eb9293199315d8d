import Foundation

extension SchemaScalarSet {
    /// The set `\p{name}` stands for: a general category (`L`, `Letter`, `gc=Lu`,
    /// `General_Category=Decimal_Number`) or one of the binary properties below, with the
    /// names ECMA-262 accepts; `nil` for any other name. `Script=` is not offered: the
    /// Swift standard library does not expose scripts.
    static func property(_ name: String) -> SchemaScalarSet? {
        var key = name
        for prefix in ["General_Category=", "gc="] where key.hasPrefix(prefix) {
            key = String(key.dropFirst(prefix.count))
        }
        if let cached = PropertySetCache.shared.set(named: name) { return cached }
        let predicate: (Unicode.Scalar.Properties) -> Bool
        if let categories = generalCategories[key] {
            predicate = { categories.contains($0.generalCategory) }
        } else if key == name, let binary = binaryProperties[key] {
            predicate = binary
        } else {
            return nil
        }
        var set = SchemaScalarSet()
        var runStart: UInt32?
        for value in UInt32(0)...(maximum + 1) {
            let inside = Unicode.Scalar(value).map { predicate($0.properties) } ?? false
            if inside, runStart == nil { runStart = value }
            if !inside, let start = runStart {
                set.append(start...(value - 1))
                runStart = nil
            }
        }
        PropertySetCache.shared.store(set, named: name)
        return set
    }

    private static let generalCategories: [String: [Unicode.GeneralCategory]] = {
        let letters: [Unicode.GeneralCategory] = [.uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter]
        let marks: [Unicode.GeneralCategory] = [.nonspacingMark, .spacingMark, .enclosingMark]
        let numbers: [Unicode.GeneralCategory] = [.decimalNumber, .letterNumber, .otherNumber]
        let punctuation: [Unicode.GeneralCategory] = [.connectorPunctuation, .dashPunctuation, .openPunctuation,
            .closePunctuation, .initialPunctuation, .finalPunctuation, .otherPunctuation]
        let symbols: [Unicode.GeneralCategory] = [.mathSymbol, .currencySymbol, .modifierSymbol, .otherSymbol]
        let separators: [Unicode.GeneralCategory] = [.spaceSeparator, .lineSeparator, .paragraphSeparator]
        let others: [Unicode.GeneralCategory] = [.control, .format, .surrogate, .privateUse, .unassigned]
        let table: [([String], [Unicode.GeneralCategory])] = [
            (["L", "Letter"], letters), (["LC", "Cased_Letter"], [.uppercaseLetter, .lowercaseLetter, .titlecaseLetter]),
            (["Lu", "Uppercase_Letter"], [.uppercaseLetter]), (["Ll", "Lowercase_Letter"], [.lowercaseLetter]),
            (["Lt", "Titlecase_Letter"], [.titlecaseLetter]), (["Lm", "Modifier_Letter"], [.modifierLetter]),
            (["Lo", "Other_Letter"], [.otherLetter]),
            (["M", "Mark", "Combining_Mark"], marks), (["Mn", "Nonspacing_Mark"], [.nonspacingMark]),
            (["Mc", "Spacing_Mark"], [.spacingMark]), (["Me", "Enclosing_Mark"], [.enclosingMark]),
            (["N", "Number"], numbers), (["Nd", "Decimal_Number", "digit"], [.decimalNumber]),
            (["Nl", "Letter_Number"], [.letterNumber]), (["No", "Other_Number"], [.otherNumber]),
            (["P", "Punctuation", "punct"], punctuation), (["Pc", "Connector_Punctuation"], [.connectorPunctuation]),
            (["Pd", "Dash_Punctuation"], [.dashPunctuation]), (["Ps", "Open_Punctuation"], [.openPunctuation]),
            (["Pe", "Close_Punctuation"], [.closePunctuation]), (["Pi", "Initial_Punctuation"], [.initialPunctuation]),
            (["Pf", "Final_Punctuation"], [.finalPunctuation]), (["Po", "Other_Punctuation"], [.otherPunctuation]),
            (["S", "Symbol"], symbols), (["Sm", "Math_Symbol"], [.mathSymbol]), (["Sc", "Currency_Symbol"], [.currencySymbol]),
            (["Sk", "Modifier_Symbol"], [.modifierSymbol]), (["So", "Other_Symbol"], [.otherSymbol]),
            (["Z", "Separator"], separators), (["Zs", "Space_Separator"], [.spaceSeparator]),
            (["Zl", "Line_Separator"], [.lineSeparator]), (["Zp", "Paragraph_Separator"], [.paragraphSeparator]),
            (["C", "Other"], others), (["Cc", "Control", "cntrl"], [.control]), (["Cf", "Format"], [.format]),
            (["Cs", "Surrogate"], [.surrogate]), (["Co", "Private_Use"], [.privateUse]), (["Cn", "Unassigned"], [.unassigned]),
        ]
        var result: [String: [Unicode.GeneralCategory]] = [:]
        for (names, categories) in table { for name in names { result[name] = categories } }
        return result
    }()

    private static let binaryProperties: [String: @Sendable (Unicode.Scalar.Properties) -> Bool] = {
        let table: [([String], @Sendable (Unicode.Scalar.Properties) -> Bool)] = [
            (["Any"], { _ in true }), (["Assigned"], { $0.generalCategory != .unassigned }),
            (["Alphabetic", "Alpha"], { $0.isAlphabetic }), (["White_Space", "space"], { $0.isWhitespace }),
            (["Uppercase", "Upper"], { $0.isUppercase }), (["Lowercase", "Lower"], { $0.isLowercase }),
            (["ID_Start", "IDS"], { $0.isIDStart }), (["ID_Continue", "IDC"], { $0.isIDContinue }),
            (["Math"], { $0.isMath }), (["Dash"], { $0.isDash }), (["Hex_Digit", "Hex"], { $0.isHexDigit }),
            (["ASCII_Hex_Digit", "AHex"], { $0.isASCIIHexDigit }),
            (["Noncharacter_Code_Point", "NChar"], { $0.isNoncharacterCodePoint }),
            (["Emoji"], { $0.isEmoji }), (["Emoji_Presentation", "EPres"], { $0.isEmojiPresentation }),
            (["Emoji_Modifier", "EMod"], { $0.isEmojiModifier }), (["Emoji_Modifier_Base", "EBase"], { $0.isEmojiModifierBase }),
        ]
        var result: [String: @Sendable (Unicode.Scalar.Properties) -> Bool] = [:]
        for (names, predicate) in table { for name in names { result[name] = predicate } }
        return result
    }()
}

/// Property sets already built: each takes a pass over every code point.
private final class PropertySetCache: @unchecked Sendable {
    // @unchecked: `sets` is only touched while `lock` is held.
    static let shared = PropertySetCache()
    private let lock = NSLock()
    private var sets: [String: SchemaScalarSet] = [:]

    func set(named name: String) -> SchemaScalarSet? {
        lock.withLock { sets[name] }
    }

    func store(_ set: SchemaScalarSet, named name: String) {
        lock.withLock { sets[name] = set }
    }
}
