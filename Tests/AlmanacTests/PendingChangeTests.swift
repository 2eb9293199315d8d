import Foundation
import Testing

@testable import Almanac

/// A transaction's pending change finds each write by its document's key, holding the keys'
/// hashes only (``WriteSlots``): the answers must stay exact when keys share a hash.
@Suite("Pending change")
struct PendingChangeTests {
    func write(_ id: String, in descriptor: CollectionDescriptor) -> PreparedWrite {
        PreparedWrite(collection: descriptor, location: DocumentLocation(collection: descriptor.name, folders: ["2025", "01", "01"], id: id),
                      members: ["id": .string(id)], bytes: Array("{\"id\":\"\(id)\"}".utf8), previous: nil, isNew: true)
    }

    @Test("writes are found by key, ignoring case, whether every key has its own hash or all share one", arguments: [false, true])
    func exactUnderCollisions(oneHash: Bool) throws {
        let folder = TemporaryFolder()
        let store = try TestSchema.makeStore(in: folder, timeZone: "UTC")
        let events = try #require(store.reader.catalog.collection(named: "events"))
        var change = oneHash ? PendingChange(hashingKeysWith: { _ in 7 }) : PendingChange()
        let ids = (0..<40).map { "Event-\($0)" }
        for id in ids { change.put(write(id, in: events)) }
        #expect(change.writeSlots == 40)
        for (slot, id) in ids.enumerated() {
            #expect(change.slot(of: PendingChange.key("events", id)) == slot)
            #expect(change.slot(of: PendingChange.key("events", id.uppercased())) == slot)
            #expect(change.write(for: PendingChange.key("events", id))?.location.id == id)
        }
        #expect(change.slot(of: PendingChange.key("events", "event-40")) == nil)
        #expect(change.slot(of: PendingChange.key("other", "event-1")) == nil)
        #expect(change.slot(of: PendingChange.key("events", "event-1x")) == nil)

        // Saved again: the same slot. Dropped: gone, the others still found; saved after: a new slot.
        change.put(write("EVENT-3", in: events))
        #expect(change.writeSlots == 40)
        #expect(change.write(for: PendingChange.key("events", "event-3"))?.location.id == "EVENT-3")
        #expect(change.dropWrite(PendingChange.key("events", "event-0"))?.location.id == "Event-0")
        #expect(change.dropWrite(PendingChange.key("events", "event-0")) == nil)
        #expect(!change.touches(PendingChange.key("events", "event-0")))
        for id in ids.dropFirst() { #expect(change.touches(PendingChange.key("events", id))) }
        change.put(write("Event-0", in: events))
        #expect(change.slot(of: PendingChange.key("events", "event-0")) == 40)

        let atomic = change.takeAtomicChange()
        #expect(atomic.writes.map { $0.location.id } == ids.dropFirst().map { $0 == "Event-3" ? "EVENT-3" : $0 } + ["Event-0"])
        #expect(change.isEmpty && change.writeSlots == 0)
    }
}
