import Almanac
import Foundation
import Testing

@testable import ReferenceApps

@Suite("Elaro analytics-event queue")
struct ElaroAnalyticsTests {
    typealias F = ElaroFixture
    static let picked = instant("2025-01-27", 19, in: F.berlin)
    static let note = "Meltdown before dinner; Schöne Pause – she named 'nervous'!"

    static func queue() -> [ElaroAnalyticsEvent] {
        let done = F.instance("2025-01-27", "A-EMO-001", .done, .hard, minutes: .ten, note: note)
        let skipped = F.instance("2025-01-28", "A-EMO-002", .skipped, .ok, note: note)
        return ElaroAnalyticsQueue.events(for: done, pickedAt: picked, finishedAt: picked.addingTimeInterval(900))
            + ElaroAnalyticsQueue.events(for: skipped, pickedAt: picked.addingTimeInterval(86_400), finishedAt: picked.addingTimeInterval(87_000))
    }

    @Test("no raw note text: the events of an action with a note carry its template, variant, outcome and difficulty only")
    func noNoteText() throws {
        let events = Self.queue()
        #expect(events.map(\.payload) == [
            .todayPick(templateId: "A-EMO-001", variant: .ten), .todayComplete(templateId: "A-EMO-001"), .todayReflect(difficulty: .hard),
            .todayPick(templateId: "A-EMO-002", variant: .five), .todaySkip(templateId: "A-EMO-002"),
        ])
        for event in events {
            try event.validate()
            let json = String(decoding: try JSONEncoder().encode(event), as: UTF8.self)
            for word in ["Meltdown", "dinner", "nervous", "Pause"] { #expect(!json.contains(word), "\(json)") }
            #expect(!event.uploaded, "new events wait in the queue")
        }
    }

    @Test("events leave the queue only with explicit consent: not asked, declined and withdrawn all refuse with .consentRequired")
    func drainRefusesWithoutConsent() throws {
        for consent in [ElaroAnalyticsConsent.notAsked, ElaroAnalyticsConsent(decision: .declined, decidedAt: Self.picked),
                        ElaroAnalyticsConsent(decision: .withdrawn, decidedAt: Self.picked)] {
            let error = #expect(throws: AlmanacError.self) { try ElaroAnalyticsQueue.drain(Self.queue(), consent: consent) }
            #expect(error?.code == .consentRequired && error?.message.contains(consent.decision.rawValue) == true)
        }
        #expect(!ElaroAnalyticsConsent.notAsked.allowsUpload)
    }

    @Test("with consent a drain returns the oldest pending events, marked uploaded, at most the limit; uploaded ones are passed over")
    func drainWithConsent() throws {
        var events = Self.queue()
        events[0].uploaded = true
        let consent = ElaroAnalyticsConsent.granted(at: Self.picked)
        let batch = try ElaroAnalyticsQueue.drain(events.reversed(), consent: consent, limit: 3)
        // The completion and its reflection share a timestamp: compare as a set.
        #expect(Set(batch.map(\.id)) == Set(events[1...3].map(\.id)) && batch.allSatisfy(\.uploaded))
        #expect(batch.map(\.timestamp) == batch.map(\.timestamp).sorted(), "oldest first")
        #expect(try ElaroAnalyticsQueue.drain(events, consent: consent).count == 4)
    }

    @Test("the store-backed drain: refused without consent (nothing read, sent or changed); with consent sent and saved as uploaded; a failed upload marks nothing")
    func storeBackedDrain() throws {
        struct Offline: Error {}
        try SchemaConformance(app: "elaro", timeZone: F.berlin).withStore { store in
            let service = ElaroService(store: store)
            for event in Self.queue() { try service.queue(event.payload, at: event.timestamp, id: event.id) }
            var sent: [[ElaroAnalyticsEvent]] = []
            let refused = #expect(throws: AlmanacError.self) { try service.drainAnalytics(consent: .notAsked) { sent.append($0) } }
            #expect(refused?.code == .consentRequired && sent.isEmpty)
            #expect(try store.documents(ElaroAnalyticsEvent.self).allSatisfy { !$0.uploaded })

            let consent = ElaroAnalyticsConsent.granted(at: Self.picked)
            #expect(throws: Offline.self) { try service.drainAnalytics(consent: consent) { _ in throw Offline() } }
            #expect(try store.documents(ElaroAnalyticsEvent.self).allSatisfy { !$0.uploaded }, "nothing marked when the upload fails")

            let first = try service.drainAnalytics(consent: consent, limit: 2) { sent.append($0) }
            #expect(first.count == 2 && sent.count == 1 && sent[0].allSatisfy(\.uploaded))
            #expect(try store.documents(ElaroAnalyticsEvent.self).filter(\.uploaded).count == 2)
            try service.drainAnalytics(consent: consent) { sent.append($0) }
            #expect(try store.documents(ElaroAnalyticsEvent.self).allSatisfy(\.uploaded))
            #expect(try service.drainAnalytics(consent: consent) { _ in Issue.record("nothing left to send") }.isEmpty)
            // A note-shaped payload is refused before it is queued.
            #expect(throws: AlmanacError.self) { try service.queue(.todayComplete(templateId: Self.note), at: Self.picked) }
        }
    }

    @Test("the sample's queue: events before 2025-02-01 03:00 Berlin were uploaded, the newer ones wait for the next consented drain")
    func sampleQueue() throws {
        let (store, folder) = try F.sampleStore()
        defer { try? FileManager.default.removeItem(at: folder) }
        let events = try store.documents(ElaroAnalyticsEvent.self)
        let cutoff = instant("2025-02-01", 3, in: F.berlin)
        #expect(!events.isEmpty && events.allSatisfy { $0.uploaded == ($0.timestamp < cutoff) })
        let pending = ElaroAnalyticsQueue.pending(events)
        #expect(!pending.isEmpty && pending.allSatisfy { $0.timestamp >= cutoff })
        #expect(throws: AlmanacError.self) { try ElaroService(store: store).drainAnalytics(consent: .notAsked) { _ in } }
        // No event holds any of the sample's note text.
        let notes = Set(try store.documents(ActionInstance.self).compactMap(\.note))
        #expect(!notes.isEmpty)
        for event in events {
            let json = String(decoding: try JSONEncoder().encode(event), as: UTF8.self)
            #expect(!notes.contains { json.contains($0) })
            try event.validate()
        }
    }

    @Test("Analytics Events: focus.activate {focusId}, today.shown {templateIds[]}, today.pick {templateId, variant}, today.complete|snooze|skip {templateId}, today.reflect {difficulty}, week.choice {decision}, month.accept_blocks {count}")
    func seedEventShapes() throws {
        let expected: [(ElaroAnalyticsEvent.Payload, String, Set<String>)] = [
            (.focusActivate(focusId: .emotionSkills), "focus.activate", ["focusId"]),
            (.todayShown(templateIds: ["A-EMO-001", "A-EMO-002"]), "today.shown", ["templateIds"]),
            (.todayPick(templateId: "A-EMO-001", variant: .ten), "today.pick", ["templateId", "variant"]),
            (.todayComplete(templateId: "A-EMO-001"), "today.complete", ["templateId"]),
            (.todaySnooze(templateId: "A-EMO-001"), "today.snooze", ["templateId"]),
            (.todaySkip(templateId: "A-EMO-001"), "today.skip", ["templateId"]),
            (.todayReflect(difficulty: .hard), "today.reflect", ["difficulty"]),
            (.weekChoice(decision: .scaleDown), "week.choice", ["decision"]),
            (.monthAcceptBlocks(count: 3), "month.accept_blocks", ["count"]),
        ]
        #expect(expected.map { $0.1 } == ElaroAnalyticsEvent.Name.allCases.map(\.rawValue))
        for (payload, name, keys) in expected {
            let event = ElaroAnalyticsEvent(payload: payload, timestamp: Self.picked)
            let data = try JSONEncoder().encode(event)
            let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
            #expect(json["name"] as? String == name)
            let body = try #require(json["payload"] as? [String: Any])
            #expect(Set(body.keys) == keys, "\(name): \(body)")
            #expect(try JSONDecoder().decode(ElaroAnalyticsEvent.self, from: data) == event)
        }
        let pick = try JSONSerialization.jsonObject(with: try JSONEncoder().encode(ElaroAnalyticsEvent(payload: expected[2].0, timestamp: Self.picked))) as? [String: Any]
        #expect((pick?["payload"] as? [String: Any])?["variant"] as? Int == 10)
        #expect(((try JSONSerialization.jsonObject(with: try JSONEncoder().encode(ElaroAnalyticsEvent(payload: expected[7].0, timestamp: Self.picked))) as? [String: Any])?["payload"] as? [String: Any])?["decision"] as? String == "scale_down")
    }
}
