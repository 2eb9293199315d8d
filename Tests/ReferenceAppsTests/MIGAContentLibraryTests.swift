import Almanac
import Foundation
import Testing

@testable import ReferenceApps

/// A seeded random source, so selections repeat from run to run.
struct MIGASeededGenerator: RandomNumberGenerator {
    var state: UInt64

    mutating func next() -> UInt64 {
        // SplitMix64.
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

@Suite("MIGA ContentLibrary")
struct MIGAContentLibraryTests {
    static let items = [
        MindfulnessContent(id: "stoicism-001", text: "No man is free who is not master of himself.", category: .stoicism, author: "Epictetus"),
        MindfulnessContent(id: "stoicism-002", text: "We suffer more often in imagination than in reality.", category: .stoicism, author: "Seneca"),
        MindfulnessContent(id: "productivity-001", text: "Focus is saying no to a hundred good ideas.", category: .productivity),
        MindfulnessContent(id: "mindfulness-001", text: "Wherever you are, be all there.", category: .mindfulness),
    ]
    static let library = ContentLibrary(items: items)

    @Test("loadContent returns every item; with no content seeded (file not found) it returns an empty array")
    func loadContent() {
        #expect(Self.library.loadContent().map(\.id) == ["mindfulness-001", "productivity-001", "stoicism-001", "stoicism-002"])
        #expect(ContentLibrary(items: []).loadContent().isEmpty)
    }

    @Test("filterContent keeps the items whose category is in the interests (category must match a selected interest)")
    func filterByInterests() {
        #expect(Self.library.filterContent(by: [.stoicism]).map(\.id) == ["stoicism-001", "stoicism-002"])
        #expect(Self.library.filterContent(by: [.productivity, .mindfulness]).map(\.id) == ["mindfulness-001", "productivity-001"])
    }

    @Test("filterContent edge cases: empty interests array returns all content; no matches return an empty array")
    func filterEdgeCases() {
        #expect(Self.library.filterContent(by: []) == Self.library.items)
        #expect(Self.library.filterContent(by: [.selfCompassion]).isEmpty)
    }

    @Test("selectRandomQuote: if the filtered array is empty, fall back to all content; nil if no content is available")
    func fallback() {
        var generator = MIGASeededGenerator(state: 1)
        let ids = Set((0..<40).compactMap { _ in Self.library.selectRandomQuote(for: [.selfCompassion], using: &generator)?.id })
        #expect(ids == Set(Self.items.map(\.id)), "every item is a candidate in the fallback")
        #expect(ContentLibrary(items: []).selectRandomQuote(for: [.stoicism], using: &generator) == nil)
        #expect(ContentLibrary(items: []).selectRandomQuote(for: []) == nil)
    }

    @Test("selectRandomQuote picks within the selected categories only")
    func selectsWithinInterests() {
        var generator = MIGASeededGenerator(state: 7)
        for _ in 0..<30 {
            #expect(Self.library.selectRandomQuote(for: [.stoicism], using: &generator)?.category == .stoicism)
        }
    }

    @Test("Rotation logic: prefer the quotes with the lowest displayCount, so each is shown once before any is shown twice")
    func rotationPrefersLowestDisplayCount() throws {
        var library = ContentLibrary(items: Self.items.enumerated().map { index, item in
            var item = item
            item.displayCount = [5, 2, 2, 9][index]
            return item
        })
        #expect(library.leastShown(for: []).map(\.id) == ["productivity-001", "stoicism-002"])
        var generator = MIGASeededGenerator(state: 3)
        var shown: [String] = []
        for _ in 0..<8 {
            let quote = try #require(library.selectRandomQuote(for: [.stoicism], using: &generator))
            library.recordDisplay(of: quote.id)
            shown.append(quote.id)
        }
        // stoicism-002 (2) catches up with stoicism-001 (5) first, then they alternate.
        #expect(shown.prefix(3) == ["stoicism-002", "stoicism-002", "stoicism-002"])
        let counts = library.filterContent(by: [.stoicism]).map(\.displayCount)
        #expect(counts == [7, 8] || counts == [8, 7], "variety over time: the counts stay within one of each other: \(counts)")
    }

    @Test("displayCount: recordDisplay adds one to the item shown and nothing else; an unknown id changes nothing")
    func incrementDisplayCount() {
        var library = Self.library
        let updated = library.recordDisplay(of: "stoicism-002")
        #expect(updated?.displayCount == 1)
        #expect(library.items.map(\.displayCount) == [0, 0, 0, 1])
        #expect(library.recordDisplay(of: "nope") == nil)
        #expect(library.items.map(\.displayCount) == [0, 0, 0, 1])
    }

    @Test("When Deepen the Pause is tapped, a different quote from the same filtered set is selected")
    func deepenSelectsADifferentQuote() {
        var generator = MIGASeededGenerator(state: 11)
        for _ in 0..<20 {
            let next = Self.library.selectRandomQuote(for: [.stoicism], excluding: "stoicism-001", using: &generator)
            #expect(next?.id == "stoicism-002")
        }
        // Even when the quote on screen is the least shown one, another is chosen.
        var library = Self.library
        library.recordDisplay(of: "stoicism-002")
        #expect(library.selectRandomQuote(for: [.stoicism], excluding: "stoicism-001", using: &generator)?.id == "stoicism-002")
        // The only candidate comes again rather than nothing.
        #expect(Self.library.selectRandomQuote(for: [.productivity], excluding: "productivity-001", using: &generator)?.id == "productivity-001")
    }
}
