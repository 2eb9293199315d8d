import Almanac
import Foundation

extension MIGAService {
    // MARK: Selected apps

    /// The selected apps in Launcher Grid order (the Hub loads them this way).
    public func launcherGrid() throws -> LauncherGrid {
        LauncherGrid(apps: try store.documents(SelectedApp.self))
    }

    /// Adds an app at the end of the grid (`dateAdded` is `now`) and saves it.
    ///
    /// - Returns: the new record.
    /// - Throws: `.ruleViolated` for a name already in the Hub or an invalid record.
    @discardableResult
    public func addApp(appName: String, urlScheme: String, iconName: String, isInstalled: Bool = true,
                       now: Date, id: UUID = UUID()) throws -> SelectedApp {
        var grid = try launcherGrid()
        try store.save(contentsOf: try grid.add(appName: appName, urlScheme: urlScheme, iconName: iconName,
                                                isInstalled: isInstalled, now: now, id: id))
        return grid.apps.last!
    }

    /// Removes the app with `id` from the Hub and renumbers the rest.
    ///
    /// - Returns: false when there was no such app.
    @discardableResult
    public func removeApp(id: UUID) throws -> Bool {
        var grid = try launcherGrid()
        guard let change = grid.remove(id: id) else { return false }
        try store.delete(SelectedApp.self, id: change.removed.id)
        try store.save(contentsOf: change.renumbered)
        return true
    }

    /// Moves the app with `id` to `position` in the grid and saves the renumbered apps.
    public func moveApp(id: UUID, to position: Int) throws {
        var grid = try launcherGrid()
        try store.save(contentsOf: try grid.move(id: id, to: position))
    }

    /// Marks the app with `id` installed or uninstalled (it stays in the Hub).
    public func setInstalled(_ isInstalled: Bool, appID id: UUID) throws {
        var grid = try launcherGrid()
        if let changed = try grid.setInstalled(isInstalled, id: id) { try store.save(changed) }
    }

    /// F.R.E. phase 1 (data flow "App Selection & F.R.E."): adds the chosen apps to the Hub in
    /// the order given and moves `frePhase` to `appsSelected`.
    ///
    /// Apps already in the Hub are left where they are (the phase may be completed again
    /// after a relaunch).
    /// - Returns: the preferences saved.
    /// - Throws: `.ruleViolated` for an invalid app or when the phase cannot be reached.
    @discardableResult
    public func completeAppSelection(_ choices: [(appName: String, urlScheme: String, iconName: String)], now: Date) throws -> Preferences {
        let preferences = try self.preferences().advancingFRE(to: .appsSelected)
        var grid = try launcherGrid()
        var changed: [SelectedApp] = []
        for choice in choices where grid.app(named: choice.appName) == nil {
            changed += try grid.add(appName: choice.appName, urlScheme: choice.urlScheme, iconName: choice.iconName, now: now)
        }
        try store.save(contentsOf: changed)
        try save(preferences)
        return preferences
    }

    /// F.R.E. phase 2: the user hid the selected apps by hand; `frePhase` becomes `appsHidden`.
    ///
    /// - Throws: `.ruleViolated` before phase 1 is complete.
    @discardableResult
    public func completeAppHiding() throws -> Preferences {
        let preferences = try self.preferences().advancingFRE(to: .appsHidden)
        try save(preferences)
        return preferences
    }

    // MARK: Mindfulness content

    /// The content library (the seeded `mindfulness-content` collection).
    public func contentLibrary() throws -> ContentLibrary {
        ContentLibrary(items: try store.documents(MindfulnessContent.self))
    }

    /// Picks the quote for a Gateway Screen visit among the user's interests (rotation by
    /// lowest `displayCount`), counts the showing and saves it.
    ///
    /// - Parameters:
    ///   - current: the quote on screen when "Deepen the Pause" asks for a different one.
    ///   - generator: the random source.
    /// - Returns: the item shown, with its new count; `nil` when the library is empty.
    @discardableResult
    public func showQuote(excluding current: String? = nil, using generator: inout some RandomNumberGenerator) throws -> MindfulnessContent? {
        let interests = try preferences().selectedInterestTags
        // Only the items of the user's interests are read; all of them when none match (the
        // contract's fallback), so the pool is what ContentLibrary.candidates(for:) gives.
        var pool = try store.documents(MindfulnessContent.self, matching: Self.contentQuery(for: interests))
        if pool.isEmpty, !interests.isEmpty { pool = try store.documents(MindfulnessContent.self, matching: Self.contentQuery(for: [])) }
        var library = ContentLibrary(items: pool)
        guard let chosen = library.selectRandomQuote(for: [], excluding: current, using: &generator),
              let shown = library.recordDisplay(of: chosen.id) else { return nil }
        try shown.validate()
        try store.save(shown)
        return shown
    }

    /// The content of `interests` (every item when empty), least shown first, then in id
    /// order: the rotation's candidates as a query.
    static func contentQuery(for interests: [InterestTag]) -> Query {
        let query = Query(MindfulnessContent.self).sorted(by: "displayCount").sorted(by: "id")
        guard !interests.isEmpty else { return query }
        return query.where(.isIn(field: "category", values: interests.map { .string($0.rawValue) }))
    }
}
