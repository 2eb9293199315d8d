import Almanac
import Foundation
import Testing

@testable import ReferenceApps

@Suite("MIGA selected apps and preferences")
struct MIGAHubTests {
    static let zone = TimeZone(identifier: "America/New_York")!
    static let now = instant("2025-01-06", 9, 12, in: zone)

    static func grid(_ names: [String]) throws -> LauncherGrid {
        var grid = LauncherGrid(apps: [])
        for (index, name) in names.enumerated() {
            try grid.add(appName: name, urlScheme: name.lowercased() + "://", iconName: "AppIcon-\(name)", now: now.addingTimeInterval(Double(index)))
        }
        return grid
    }

    @Test("SelectedApp state transition Added: a selected app is created with dateAdded = now at the end of the grid")
    func added() throws {
        var grid = try Self.grid(["Instagram", "TikTok"])
        let later = Self.now.addingTimeInterval(3600)
        let changed = try grid.add(appName: "Reddit", urlScheme: "reddit://", iconName: "AppIcon-Reddit", isInstalled: false, now: later)
        #expect(changed.count == 1)
        let reddit = try #require(changed.first)
        #expect(reddit.dateAdded == later && reddit.orderIndex == 2 && !reddit.isInstalled)
        #expect(grid.apps.map(\.appName) == ["Instagram", "TikTok", "Reddit"])
    }

    @Test("adding an app already in the Hub is refused (appName unique, ignoring case), as is an invalid record")
    func addRules() throws {
        var grid = try Self.grid(["Instagram"])
        expectRule("/appName") { try grid.add(appName: "instagram", urlScheme: "instagram://", iconName: "i", now: Self.now) }
        expectRule("/urlScheme") { try grid.add(appName: "Threads", urlScheme: "threads", iconName: "i", now: Self.now) }
        expectRule("/iconName") { try grid.add(appName: "Threads", urlScheme: "threads://", iconName: "", now: Self.now) }
        #expect(grid.apps.count == 1)
    }

    @Test("SelectedApp state transition Reordered: moving an app updates orderIndex, the others keep a dense 0…n-1 order")
    func reordered() throws {
        var grid = try Self.grid(["Instagram", "TikTok", "X", "YouTube"])
        let youTube = try #require(grid.app(named: "YouTube"))
        let changed = try grid.move(id: youTube.id, to: 1)
        #expect(grid.apps.map(\.appName) == ["Instagram", "YouTube", "TikTok", "X"])
        #expect(grid.apps.map(\.orderIndex) == [0, 1, 2, 3])
        #expect(Set(changed.map(\.appName)) == ["YouTube", "TikTok", "X"], "Instagram did not move, so it is not saved again")
        try grid.move(id: youTube.id, to: 99)
        #expect(grid.apps.last?.appName == "YouTube")
        let ids = grid.apps.reversed().map(\.id)
        try grid.reorder(ids)
        #expect(grid.apps.map(\.appName) == ["YouTube", "X", "TikTok", "Instagram"] && grid.apps.map(\.orderIndex) == [0, 1, 2, 3])
        expectRule("/orderIndex") { try grid.reorder(Array(ids.dropLast())) }
        expectRule("/orderIndex") { try grid.reorder(ids.dropLast() + [ids[0]]) }
        expectRule("/id") { try grid.move(id: UUID(), to: 0) }
    }

    @Test("orderIndex orders the Launcher Grid: stored records with gaps or ties are read in order and renumbered by the next change")
    func gridOrderFromStoredRecords() throws {
        let apps = [("X", 7, 2.0), ("TikTok", 3, 1.0), ("Instagram", 3, 0.0), ("YouTube", 0, 5.0)].map { name, index, offset in
            SelectedApp(appName: name, urlScheme: name.lowercased() + "://", iconName: "i", dateAdded: Self.now.addingTimeInterval(offset), orderIndex: index)
        }
        var grid = LauncherGrid(apps: apps.shuffled())
        #expect(grid.apps.map(\.appName) == ["YouTube", "Instagram", "TikTok", "X"], "by orderIndex, ties by dateAdded")
        let first = grid.apps[0].id
        let outcome = grid.remove(id: first)
        let removed = try #require(outcome)
        #expect(removed.removed.appName == "YouTube")
        #expect(grid.apps.map(\.orderIndex) == [0, 1, 2])
        #expect(removed.renumbered.map(\.appName) == ["Instagram", "TikTok", "X"])
    }

    @Test("removing an app from the Hub closes the gap it leaves; an unknown id removes nothing")
    func removeClosesGap() throws {
        var grid = try Self.grid(["Instagram", "TikTok", "X"])
        let first = grid.apps[0].id
        let outcome = grid.remove(id: first)
        let change = try #require(outcome)
        #expect(change.removed.appName == "Instagram")
        #expect(grid.apps.map(\.appName) == ["TikTok", "X"] && grid.apps.map(\.orderIndex) == [0, 1])
        let none = grid.remove(id: UUID())
        #expect(none == nil)
    }

    @Test("SelectedApp state transitions Uninstalled / Reinstalled: isInstalled changes, the app remains in the Hub in its place")
    func uninstalledAndReinstalled() throws {
        var grid = try Self.grid(["Instagram", "Reddit", "X"])
        let reddit = try #require(grid.app(named: "Reddit"))
        let changed = try grid.setInstalled(false, id: reddit.id)
        let uninstalled = try #require(changed)
        #expect(!uninstalled.isInstalled && uninstalled.orderIndex == 1)
        #expect(grid.apps.map(\.appName) == ["Instagram", "Reddit", "X"], "still in the Hub, marked")
        let unchanged = try grid.setInstalled(false, id: reddit.id)
        #expect(unchanged == nil, "nothing to save when nothing changed")
        let reinstalled = try grid.setInstalled(true, id: reddit.id)
        #expect(reinstalled?.isInstalled == true && reinstalled?.orderIndex == 1)
        #expect(grid.apps.map(\.appName) == ["Instagram", "Reddit", "X"] && grid.apps.allSatisfy(\.isInstalled), "back in its place, no longer marked")
    }

    @Test("SelectedApp list is small (8-10 apps), no pagination: a grid of 10 keeps one dense order")
    func tenApps() throws {
        var grid = try Self.grid(SelectedApp.commonURLSchemes.map(\.urlScheme).map { String($0.dropLast(3)).capitalized } + ["Threads"])
        #expect(grid.apps.count == 10 && grid.apps.map(\.orderIndex) == Array(0..<10))
        try grid.move(id: grid.apps[9].id, to: 0)
        #expect(grid.apps.first?.appName == "Threads" && grid.apps.map(\.orderIndex) == Array(0..<10))
    }

    @Test("Preferences defaults: frePhase notStarted, hasCompletedOnboarding false, timer 30 s, determination 5, no interest tags")
    func defaults() throws {
        let defaults = Preferences.default
        #expect(defaults == Preferences(frePhase: .notStarted, hasCompletedOnboarding: false, gatewayTimerDuration: 30,
                                        onboardingDeterminationLevel: 5, selectedInterestTags: []))
        try defaults.validate()
        #expect(Preferences.FREPhase.allCases.map(\.rawValue) == ["notStarted", "appsSelected", "appsHidden"])
    }

    @Test("Timer Duration range: 15.0 – 45.0 seconds")
    func timerRange() throws {
        for seconds in [15, 30, 37.5, 45] {
            #expect(try Preferences.default.settingGatewayTimer(seconds).gatewayTimerDuration == seconds)
        }
        for seconds in [14.9, 45.1, 0, -30] {
            expectRule("/gatewayTimerDuration") { _ = try Preferences.default.settingGatewayTimer(seconds) }
        }
    }

    @Test("Determination Level range: 1 – 10 (onboarding screen 7)")
    func determinationRange() throws {
        for level in [1, 5, 10] {
            #expect(try Preferences.default.completingOnboarding(determinationLevel: level, interests: []).onboardingDeterminationLevel == level)
        }
        for level in [0, 11] {
            expectRule("/onboardingDeterminationLevel") { _ = try Preferences.default.completingOnboarding(determinationLevel: level, interests: []) }
        }
    }

    @Test("Selected Interest Tags (onboarding screen 8): each tag once, well-formed; finishing onboarding sets hasCompletedOnboarding")
    func interestTags() throws {
        let done = try Preferences.default.completingOnboarding(determinationLevel: 8, interests: [.stoicism, .productivity, .stoicism])
        #expect(done.selectedInterestTags == [.stoicism, .productivity] && done.hasCompletedOnboarding)
        var preferences = done
        preferences.selectedInterestTags = [.stoicism, .stoicism]
        expectRule("/selectedInterestTags/1") { try preferences.validate() }
        preferences.selectedInterestTags = [.mindfulness, "Deep Work"]
        expectRule("/selectedInterestTags/1") { try preferences.validate() }
    }

    @Test("FRE Phase: notStarted → appsSelected (phase 1) → appsHidden (phase 2), forward only, phase 2 needs phase 1")
    func frePhases() throws {
        let start = Preferences.default
        expectRule("/frePhase") { _ = try start.advancingFRE(to: .appsHidden) }
        let phase1 = try start.advancingFRE(to: .appsSelected)
        #expect(phase1.frePhase == .appsSelected)
        #expect(try phase1.advancingFRE(to: .appsSelected) == phase1, "completing phase 1 again changes nothing")
        let phase2 = try phase1.advancingFRE(to: .appsHidden)
        #expect(phase2.frePhase == .appsHidden)
        expectRule("/frePhase") { _ = try phase2.advancingFRE(to: .appsSelected) }
        expectRule("/frePhase") { _ = try phase2.advancingFRE(to: .notStarted) }
    }
}
