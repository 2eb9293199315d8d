/// Text as a person sees it: which characters show, and how long a text is.
///
/// One notion of "blank" for every rule that needs one — the schema keyword `visible`, a
/// unique field compared `trimming`: a text is blank when it holds nothing a person can see.
/// White space, controls, format characters (the zero-width space U+200B, joiners, the word
/// joiner U+2060, the byte-order mark) and the other default-ignorable code points (variation
/// selectors, the Hangul fillers) show nothing; neither does the Braille blank U+2800, which
/// renders as an empty cell and is a common way to fake an empty name.
///
/// Public so an app's models judge text as its store does.
public enum VisibleText {
    /// Whether `scalar` shows nothing on its own.
    public static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
        let properties = scalar.properties
        if properties.isWhitespace || properties.isDefaultIgnorableCodePoint || scalar.value == 0x2800 { return true }
        switch properties.generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator, .spaceSeparator, .surrogate, .unassigned: return true
        default: return false
        }
    }

    /// Whether `text` holds at least one character a person can see.
    public static func isVisible(_ text: String) -> Bool {
        // Most texts start with a visible ASCII letter: settle those without the tables.
        if let first = text.utf8.first, first > 0x20, first < 0x7F { return true }
        return text.unicodeScalars.contains { !isInvisible($0) }
    }

    /// `text` without the invisible characters at either end ("Instagram\u{200B} " →
    /// "Instagram"): how a unique field compared `trimming` sees it.
    public static func trimmed(_ text: String) -> String {
        let scalars = text.unicodeScalars
        guard let start = scalars.firstIndex(where: { !isInvisible($0) }),
              let end = scalars.lastIndex(where: { !isInvisible($0) })
        else { return "" }
        return String(scalars[start...end])
    }

    /// How many characters a person sees in `text`: Swift `Character`s, extended grapheme
    /// clusters ("👍🏽" is one, though it is two code points and eight UTF-8 bytes).
    public static func characterCount(_ text: String) -> Int {
        text.count
    }
}
