// A Swift block of the documentation ("OpenStore"), verbatim: DocExampleTests fails when the two drift.
// Compiled by `swift build` (target DocExamples), so the documentation's code always builds.

import Almanac
import Foundation

func openStore(at url: URL, schema: URL) throws -> Store {
    let options = Store.Options()
    if FileManager.default.fileExists(atPath: url.appendingPathComponent("store.json").path) {
        return try Store(at: url, options: options)
    }
    return try Store.create(at: url, schema: schema,
                            timeZone: TimeZone(identifier: "America/New_York")!, options: options)
}

func openMIGAStore() throws -> Store {
    try openStore(at: URL(fileURLWithPath: "miga-store"), schema: URL(fileURLWithPath: "schema/miga"))
}
