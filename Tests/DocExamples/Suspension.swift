// A Swift block of the documentation ("Suspension"), verbatim: DocExampleTests fails when the two drift.
// Compiled by `swift build` (target DocExamples), so the documentation's code always builds.

#if canImport(UIKit)  // Apple platforms with UIKit only
import Almanac
import UIKit

@MainActor func saveBeforeSuspension(_ entry: Entry, in store: Store) throws {
    let task = UIApplication.shared.beginBackgroundTask()
    defer { UIApplication.shared.endBackgroundTask(task) }
    try store.save(entry)
    store.finishWriting()                 // releases the lock now
}
#endif
