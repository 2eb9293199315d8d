import Testing

@testable import Almanac

/// A listing of a collection's folders held compactly (``DocumentListing``) gives back the same
/// documents, in the same order, as the values it was made from.
@Suite("Document listing")
struct DocumentListingTests {
    func single(_ id: String, _ folders: [String], copyName: String? = nil) -> DocumentFiles {
        DocumentFiles(id: id, first: DocumentLocation(collection: "events", folders: folders, id: id, copyName: copyName))
    }

    func summary(_ files: DocumentFiles) -> [String] {
        [files.id] + files.locations.map(\.relativePath)
    }

    @Test("documents in one file and documents a sync left in several come back as they went in, in order")
    func roundTrip() {
        let day1 = ["2025", "01", "01"]
        let day2 = ["2025", "01", "02"]
        let versions = DocumentFiles(id: "b", locations: [
            DocumentLocation(collection: "events", folders: day1, id: "b"),
            DocumentLocation(collection: "events", folders: day1, id: "b", copyName: "b.sync-conflict-20250101-120000-ABCDEFG.json"),
        ])
        let copyOnly = single("c", day1, copyName: "c 2.json")
        let unicode = single("é-ü", day2)
        var listing = DocumentListing(collection: "events")
        listing.append([single("a", day1), versions, copyOnly], in: day1)
        listing.append([], in: ["2025", "01", "03"])
        listing.append([unicode, single("d", day2)], in: day2)
        let expected = [single("a", day1), versions, copyOnly, unicode, single("d", day2)].map(summary)
        #expect(listing.count == 5)
        #expect(listing.map(summary) == expected)
        #expect(listing.joined().map(summary) == expected, "no id is in two folders: nothing to join")
        #expect(listing[3].first.folders == day2 && listing[3].hash == DocumentID.foldedHash("é-ü"))
        #expect(listing[2].first.copyName == "c 2.json")
        #expect(Array(listing.indices) == [0, 1, 2, 3, 4])
    }

    @Test("an id filed in two folders, in any case, is one document with both files, at the place of its first")
    func joinsAcrossFolders() {
        let day1 = ["2025", "01", "01"]
        let day2 = ["2025", "01", "02"]
        var listing = DocumentListing(collection: "events")
        listing.append([single("A1", day1), single("b", day1)], in: day1)
        listing.append([single("a1", day2), single("c", day2)], in: day2)
        let joined = listing.joined()
        #expect(joined.map(summary) == [
            ["A1", "data/events/2025/01/01/A1.json", "data/events/2025/01/02/a1.json"],
            ["b", "data/events/2025/01/01/b.json"],
            ["c", "data/events/2025/01/02/c.json"],
        ])
        #expect(joined[0].hasVersions)
    }

    @Test("a parallel map over a listing gives each document's result in order")
    func parallelMapOverListing() throws {
        var listing = DocumentListing(collection: "events")
        for day in 1...40 {
            let folders = ["2025", "02", "\(day)"]
            listing.append((0..<25).map { single("d\(day)-\($0)", folders) }, in: folders)
        }
        #expect(listing.count == 1_000)
        let ids = try listing.parallelMap(minimumCount: 2) { $0.id }
        #expect(ids == listing.map(\.id))
        #expect(ids.first == "d1-0" && ids.last == "d40-24")
    }
}
