import Almanac
import Foundation

/// A social media app the user routes through the Gateway, shown in the Launcher Grid.
///
/// State transitions (data model): **Added** when the user selects it (``dateAdded`` is
/// then), **Reordered** when the grid order changes (``orderIndex``), **Uninstalled** and
/// **Reinstalled** when the system sees it go and come back (``isInstalled``; an uninstalled
/// app stays in the Hub, marked). ``LauncherGrid`` applies them to the whole list.
public struct SelectedApp: Document, Equatable {
    /// The collection in the catalog (`schema/miga/catalog.json`).
    public static let collection = "selected-apps"

    /// The record's id (a UUID).
    public var id: UUID
    /// The display name, e.g. `Instagram`; unique in the Hub.
    public var appName: String
    /// The iOS URL scheme that launches it, e.g. `instagram://`.
    public var urlScheme: String
    /// An SF Symbol name or asset identifier.
    public var iconName: String
    /// Whether the app is installed on the device now.
    public var isInstalled: Bool
    /// When the user added the app to the Hub.
    public var dateAdded: Date
    /// The position in the Launcher Grid, from 0.
    public var orderIndex: Int

    /// Creates a selected app.
    public init(id: UUID = UUID(), appName: String, urlScheme: String, iconName: String, isInstalled: Bool = true,
                dateAdded: Date, orderIndex: Int) {
        self.id = id
        self.appName = appName
        self.urlScheme = urlScheme
        self.iconName = iconName
        self.isInstalled = isInstalled
        self.dateAdded = dateAdded
        self.orderIndex = orderIndex
    }

    /// The URL schemes of common social apps, from the service contract (URLSchemeLauncher):
    /// app name and scheme, for the app-selection screen.
    public static let commonURLSchemes: [(appName: String, urlScheme: String)] = [
        ("Instagram", "instagram://"), ("TikTok", "tiktok://"), ("X", "twitter://"), ("X", "tweetbot://"),
        ("Reddit", "reddit://"), ("YouTube", "youtube://"), ("Facebook", "fb://"), ("Snapchat", "snapchat://"),
        ("LinkedIn", "linkedin://"),
    ]

    /// Whether `scheme` has the format of a launchable URL scheme: a letter, then letters,
    /// digits, `+`, `.` or `-`, then `://` and nothing after it (at most 100 characters).
    ///
    /// This is the format check the URLSchemeLauncher contract does before launching
    /// (`.invalidURLScheme` otherwise); launching itself is out of the data layer's scope.
    public static func isValidURLScheme(_ scheme: String) -> Bool {
        guard scheme.count <= 100, scheme.hasSuffix("://") else { return false }
        let name = Array(scheme.dropLast(3).unicodeScalars)
        guard let first = name.first, isASCIILetter(first) else { return false }
        return name.allSatisfy { isASCIILetter($0) || ("0"..."9").contains($0) || $0 == "+" || $0 == "." || $0 == "-" }
    }

    private static func isASCIILetter(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
    }
}

extension SelectedApp: ModelRules {
    /// Checks the data model's rules: `appName` and `iconName` are not empty, `urlScheme` has
    /// a valid URL scheme format and `orderIndex ≥ 0`.
    ///
    /// - Throws: `.ruleViolated` naming the field at fault.
    public func validate() throws {
        if !VisibleText.isVisible(appName) {
            throw AlmanacError.rule("appName is empty; give the app the name the Launcher Grid shows (e.g. Instagram)",
                                    in: Self.collection, id: id.uuidString, field: "appName")
        }
        if !Self.isValidURLScheme(urlScheme) {
            throw AlmanacError.rule(
                "urlScheme \"\(urlScheme)\" is not a URL scheme; write the scheme followed by :// and nothing else (e.g. instagram://)",
                in: Self.collection, id: id.uuidString, field: "urlScheme")
        }
        if !VisibleText.isVisible(iconName) {
            throw AlmanacError.rule("iconName is empty; name an SF Symbol or an asset for the grid",
                                    in: Self.collection, id: id.uuidString, field: "iconName")
        }
        if orderIndex < 0 {
            throw AlmanacError.rule("orderIndex is \(orderIndex); grid positions start at 0",
                                    in: Self.collection, id: id.uuidString, field: "orderIndex")
        }
    }
}
