import Almanac
import Foundation

/// The Gateway Screen's quotes and affirmations (service contract, ContentLibrary):
/// filtering by the user's interests, selection with rotation, and counting showings.
///
/// The library is the store's `mindfulness-content` collection (seeded from the bundled
/// content file) rather than a resource bundle; an empty collection is an empty library.
/// Selection never reads the clock or a global random source: pass a generator. The
/// contract's "parse error: return an empty array, log error" is left to the caller: the store
/// validates every item when it is written, so an unreadable one is damage that
/// ``MIGAService/contentLibrary()`` reports as an error (and `almanac check` finds); the
/// Gateway may catch it and show no quote.
///
/// Rotation (the contract's "future enhancement", built here): among the candidates the
/// selection takes only the items shown least often (lowest ``MindfulnessContent/displayCount``)
/// and picks one of those at random, so every item is shown once before any is shown
/// twice. Showing an item is recorded with ``recordDisplay(of:)``.
public struct ContentLibrary: Sendable, Equatable {
    /// Every item, in id order.
    public private(set) var items: [MindfulnessContent]

    /// Creates a library from its items.
    public init(items: [MindfulnessContent]) {
        self.items = items.sorted { $0.id < $1.id }
    }

    /// All items (the contract's `loadContent()`); empty when nothing was seeded.
    public func loadContent() -> [MindfulnessContent] { items }

    /// The items whose category is one of `interests`; every item when `interests` is empty
    /// (no filter); empty when nothing matches.
    public func filterContent(by interests: [InterestTag]) -> [MindfulnessContent] {
        guard !interests.isEmpty else { return items }
        let wanted = Set(interests)
        return items.filter { wanted.contains($0.category) }
    }

    /// The items a selection chooses from: those of the user's interests, or every item when
    /// the filter yields nothing (the contract's fallback).
    public func candidates(for interests: [InterestTag]) -> [MindfulnessContent] {
        let filtered = filterContent(by: interests)
        return filtered.isEmpty ? items : filtered
    }

    /// A quote for the Gateway Screen: one of the least-shown candidates, picked with `generator`.
    ///
    /// - Parameters:
    ///   - interests: the user's selected interest tags (empty: all content).
    ///   - excluding: the quote on screen, when "Deepen the Pause" asks for a different one
    ///     from the same filtered set. When it is the only candidate it is chosen again:
    ///     showing it twice is better than showing nothing.
    ///   - generator: the random source (seed it in tests).
    /// - Returns: the item, or `nil` when the library is empty.
    public func selectRandomQuote(for interests: [InterestTag], excluding current: String? = nil,
                                  using generator: inout some RandomNumberGenerator) -> MindfulnessContent? {
        leastShown(for: interests, excluding: current).randomElement(using: &generator)
    }

    /// As ``selectRandomQuote(for:excluding:using:)`` with the system's random source.
    public func selectRandomQuote(for interests: [InterestTag], excluding current: String? = nil) -> MindfulnessContent? {
        var generator = SystemRandomNumberGenerator()
        return selectRandomQuote(for: interests, excluding: current, using: &generator)
    }

    /// The candidates shown least often, in id order: the items a selection picks from.
    public func leastShown(for interests: [InterestTag], excluding current: String? = nil) -> [MindfulnessContent] {
        var pool = candidates(for: interests)
        if let current, pool.contains(where: { $0.id != current }) {
            pool.removeAll { $0.id == current }
        }
        guard let lowest = pool.map(\.displayCount).min() else { return [] }
        return pool.filter { $0.displayCount == lowest }
    }

    /// Records that the item `id` was shown: its `displayCount` grows by one.
    ///
    /// - Returns: the updated item (to save), or `nil` when the library has no such item.
    @discardableResult
    public mutating func recordDisplay(of id: String) -> MindfulnessContent? {
        guard let index = items.firstIndex(where: { $0.id == id }) else { return nil }
        items[index].displayCount += 1
        return items[index]
    }
}
