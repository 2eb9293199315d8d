// A Swift block of the documentation ("Observation"), verbatim: DocExampleTests fails when the two drift.
// Compiled by `swift build` (target DocExamples), so the documentation's code always builds.

import Almanac
import Observation

@available(macOS 14, iOS 17, *)
@MainActor @Observable final class RecentEvents {
    var events: [UsageEvent] = []
    var damagedFiles: [AlmanacError] = []

    func watch(_ store: Store) async throws {
        let newest = Query(UsageEvent.self).sorted(by: "timestamp", descending: true).limit(10)
        for try await results in try store.observe(UsageEvent.self, newest) {
            events = results.documents            // decoded off the main actor
            damagedFiles = results.problems
        }
    }
}
// In the view: .task { do { try await model.watch(store) } catch { showError(error) } }
