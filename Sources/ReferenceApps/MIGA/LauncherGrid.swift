import Almanac
import Foundation

/// The Hub's selected apps in Launcher Grid order, with the data model's state transitions
/// (added, reordered, uninstalled, reinstalled) and removal.
///
/// The grid keeps `orderIndex` dense: after every change the apps are numbered 0, 1, 2, …
/// in display order. Stored records whose indexes have gaps or ties (written by another
/// tool) are read in `orderIndex` order, ties by `dateAdded` then `appName`, and renumbered
/// by the next change. Every mutating method returns the records it changed, which are the
/// ones to save.
///
/// Choices where the seed is silent: app names are unique ignoring case (the catalog makes
/// them unique exactly; "instagram" beside "Instagram" would be the same tile twice); a new
/// app goes to the end of the grid; removing an app (the user takes it out of the Hub,
/// unlike an uninstall) closes the gap it leaves. The list has no size limit (the seed
/// expects 8–10 apps and needs no paging).
public struct LauncherGrid: Sendable, Equatable {
    /// The apps in display order.
    public private(set) var apps: [SelectedApp]

    /// Creates the grid from stored records in any order.
    public init(apps: [SelectedApp]) {
        self.apps = apps.sorted {
            ($0.orderIndex, $0.dateAdded, $0.appName) < ($1.orderIndex, $1.dateAdded, $1.appName)
        }
    }

    /// The app named `appName`, ignoring case.
    public func app(named appName: String) -> SelectedApp? {
        apps.first { $0.appName.caseInsensitiveCompare(appName) == .orderedSame }
    }

    /// Adds an app at the end of the grid (state transition **Added**: `dateAdded` is `now`).
    ///
    /// - Parameters:
    ///   - appName: the display name; unique in the Hub, ignoring case.
    ///   - urlScheme: the scheme that launches it, e.g. `instagram://`.
    ///   - iconName: an SF Symbol name or asset identifier.
    ///   - isInstalled: whether it is installed now.
    ///   - now: the moment of adding.
    ///   - id: the new record's id.
    /// - Returns: the records to save: the new app (and any renumbered ones).
    /// - Throws: `.ruleViolated` for a name already in the Hub or a record that breaks ``SelectedApp/validate()``.
    @discardableResult
    public mutating func add(appName: String, urlScheme: String, iconName: String, isInstalled: Bool = true,
                             now: Date, id: UUID = UUID()) throws -> [SelectedApp] {
        if let existing = app(named: appName) {
            throw AlmanacError.rule(
                "\"\(appName)\" is already in the Hub as \"\(existing.appName)\"; reorder or remove that one instead of adding it again",
                in: SelectedApp.collection, id: id.uuidString, field: "appName")
        }
        let app = SelectedApp(id: id, appName: appName, urlScheme: urlScheme, iconName: iconName, isInstalled: isInstalled,
                              dateAdded: now, orderIndex: apps.count)
        try app.validate()
        let before = apps
        apps.append(app)
        return renumbered(from: before)
    }

    /// Removes the app with `id` from the Hub and closes the gap.
    ///
    /// - Returns: the removed record (to delete) and the renumbered ones (to save); `nil`
    ///   when the grid has no such app.
    public mutating func remove(id: UUID) -> (removed: SelectedApp, renumbered: [SelectedApp])? {
        guard let index = apps.firstIndex(where: { $0.id == id }) else { return nil }
        let before = apps
        let removed = apps.remove(at: index)
        return (removed, renumbered(from: before))
    }

    /// Moves the app with `id` to `position` (state transition **Reordered**); the apps
    /// between shift by one.
    ///
    /// - Parameters:
    ///   - id: the app to move.
    ///   - position: its new place, 0 for the first; clamped to the grid.
    /// - Returns: the records whose `orderIndex` changed.
    /// - Throws: `.ruleViolated` when the grid has no app with `id`.
    @discardableResult
    public mutating func move(id: UUID, to position: Int) throws -> [SelectedApp] {
        guard let index = apps.firstIndex(where: { $0.id == id }) else { throw Self.unknownApp(id) }
        let before = apps
        let app = apps.remove(at: index)
        apps.insert(app, at: min(max(position, 0), apps.count))
        return renumbered(from: before)
    }

    /// Puts the apps in the order of `ids` (state transition **Reordered**), e.g. after a
    /// drag in the grid.
    ///
    /// - Parameter ids: every app's id exactly once.
    /// - Returns: the records whose `orderIndex` changed.
    /// - Throws: `.ruleViolated` when `ids` is not exactly the grid's apps.
    @discardableResult
    public mutating func reorder(_ ids: [UUID]) throws -> [SelectedApp] {
        guard ids.count == apps.count, Set(ids) == Set(apps.map(\.id)) else {
            throw AlmanacError.rule(
                "a new order names \(ids.count) apps (\(Set(ids).count) distinct) but the grid holds \(apps.count); list every app exactly once",
                in: SelectedApp.collection, field: "orderIndex")
        }
        let before = apps
        let byID = Dictionary(uniqueKeysWithValues: apps.map { ($0.id, $0) })
        apps = ids.map { byID[$0]! }
        return renumbered(from: before)
    }

    /// Marks the app with `id` installed or not (state transitions **Uninstalled** and
    /// **Reinstalled**); the app keeps its place in the Hub either way.
    ///
    /// - Returns: the changed record, or `nil` when nothing changed.
    /// - Throws: `.ruleViolated` when the grid has no app with `id`.
    @discardableResult
    public mutating func setInstalled(_ isInstalled: Bool, id: UUID) throws -> SelectedApp? {
        guard let index = apps.firstIndex(where: { $0.id == id }) else { throw Self.unknownApp(id) }
        guard apps[index].isInstalled != isInstalled else { return nil }
        apps[index].isInstalled = isInstalled
        return apps[index]
    }

    /// Numbers the apps 0, 1, 2, … in display order and returns those that differ from `before`.
    private mutating func renumbered(from before: [SelectedApp]) -> [SelectedApp] {
        for index in apps.indices { apps[index].orderIndex = index }
        let old = Dictionary(uniqueKeysWithValues: before.map { ($0.id, $0) })
        return apps.filter { old[$0.id] != $0 }
    }

    private static func unknownApp(_ id: UUID) -> AlmanacError {
        AlmanacError.rule("no app with id \(id.uuidString) is in the Hub; reload the grid from the store",
                          in: SelectedApp.collection, id: id.uuidString, field: "id")
    }
}
