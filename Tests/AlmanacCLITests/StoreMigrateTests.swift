import Foundation
import Testing

@testable import Almanac

/// The migration runner through the library, as an app calls it at launch.
@Suite struct StoreMigrateTests {
    @Test func readersSeeOneWholeVersionWhileAMigrationRuns() throws {
        let folder = E2EFolder()
        let fixture = try MigrationFixture(in: folder.url, events: 3000)
        let migrations = try MigrationSet(folder: fixture.migrations)
        let opened = try Store(at: fixture.store)
        let done = Flag()
        let observations = Observations()

        let readers = DispatchGroup()
        for reader in 0..<2 {
            DispatchQueue.global().async(group: readers) {
                var after = 0
                while after < 3 {
                    if done.isSet { after += 1 }
                    do {
                        // Reader 0 opens the store anew each time, like a new process; reader 1
                        // keeps the store it opened before the migration. Either may be told the
                        // store changed under it (open it again), never shown a mix of versions.
                        let store = reader == 0 ? try Store(at: fixture.store) : opened
                        let events = try store.documents(json: "events")
                        let labelled = events.filter { $0.value["label"] != nil }.count
                        observations.add(events.count == 3000 && (labelled == 0 || labelled == 3000)
                            ? "version \(labelled == 0 ? 1 : 2)" : "mixed: \(events.count) events, \(labelled) labelled")
                    } catch let error as AlmanacError where error.code == .storeChanged {
                        observations.add("store changed")
                    } catch {
                        observations.add("error: \(error)")
                    }
                }
            }
        }
        let result = try Migrator(migrations: migrations, targetSchema: fixture.schemaV2).migrate(storeAt: fixture.store)
        done.set()
        readers.wait()
        #expect(result.fromVersion == 1 && result.toVersion == 2 && result.documentsWritten == 3000 && result.documentsKept == 3)
        let seen = observations.all
        #expect(seen.allSatisfy { ["version 1", "version 2", "store changed"].contains($0) }, "\(Set(seen))")
        #expect(seen.contains("version 2"), "a store opened after the migration reads version 2")

        // The store opened before the migration may no longer write with its old catalog.
        let stale = #expect(throws: AlmanacError.self) {
            try opened.save(json: try JSONValue(parsing: Array(#"{"id": "n9", "text": "late"}"#.utf8)), in: "notes")
        }
        #expect(stale?.code == .storeChanged, "\(String(describing: stale))")
        #expect(throws: AlmanacError.self) { try opened.documents(json: "notes") }
        let reopened = try Store(at: fixture.store)
        #expect(reopened.schemaVersion == 2)
        #expect(try reopened.documents(json: "events").allSatisfy { $0.value["label"] == .string("none") })
    }

    @Test func aFullDiskWhileStagingChangesNothing() throws {
        let folder = E2EFolder()
        let fixture = try MigrationFixture(in: folder.url, events: 30)
        let migrations = try MigrationSet(folder: fixture.migrations)
        _ = try Store(at: fixture.store).documents(json: "notes")
        let before = treeHash(fixture.store, excluding: [".almanac/lock"])
        // Event e00017 is written anew by the migration; the disk is full when it is.
        TestHooks.arm(.diskFull, name: "e00017.json")
        defer { TestHooks.disarm(.diskFull, name: "e00017.json") }
        let error = #expect(throws: AlmanacError.self) {
            try Migrator(migrations: migrations, targetSchema: fixture.schemaV2).migrate(storeAt: fixture.store)
        }
        #expect(error?.code == .io && error?.message.contains("disk is full") == true, "\(String(describing: error))")
        #expect(error?.path?.hasSuffix("e00017.json") == true, "\(String(describing: error))")
        #expect(treeHash(fixture.store, excluding: [".almanac/lock"]) == before, "no staging left, nothing changed")
        #expect(try Store(at: fixture.store).schemaVersion == 1)
    }

    @Test func customOperationsCallTheRegisteredFunction() throws {
        let folder = E2EFolder()
        let fixture = try MigrationFixture(in: folder.url, events: 10)
        try fixture.write("""
            {"version": 2, "description": "Labels from a Swift function.", "operations": [
              {"op": "custom", "name": "fixture.label", "collection": "events"},
              {"op": "convert", "collection": "events", "field": "amount", "to": "integer", "rounding": "down"},
              {"op": "mapValues", "collection": "events", "field": "kind", "map": {"a": "alpha"}}
            ]}
            """, to: fixture.migrations.appendingPathComponent("0002-labels.json"))
        let migrations = try MigrationSet(folder: fixture.migrations)
        #expect(throws: AlmanacError.self, "an unregistered function is named before anything runs") {
            try Migrator(migrations: migrations, targetSchema: fixture.schemaV2).migrate(storeAt: fixture.store)
        }
        var registry = MigrationRegistry()
        registry.register("fixture.label") { document in
            guard case .object(var members) = document, case .string(let id) = members["id"] else { return false }
            members["label"] = .string("label-\(id)")
            document = .object(members)
            return true
        }
        // No repartition operation: the target catalog alone decides the folders (month).
        let result = try Migrator(migrations: migrations, targetSchema: fixture.schemaV2, registry: registry).migrate(storeAt: fixture.store)
        #expect(result.toVersion == 2 && result.documentsChanged == 10)
        let store = try Store(at: fixture.store)
        let event = try #require(try store.document(json: "e00004", in: "events"))
        #expect(event.location.folders == ["2025", "01"])
        #expect(event.value["label"] == .string("label-e00004") && event.value["amount"] == .number(JSONNumber(4)))
    }
}

/// A flag set once, read from any thread.
final class Flag: @unchecked Sendable {
    // Sendable: `value` is only touched while `lock` is held.
    private let lock = NSLock()
    private var value = false
    func set() { lock.lock(); value = true; lock.unlock() }
    var isSet: Bool { lock.lock(); defer { lock.unlock() }; return value }
}

/// Strings gathered from several threads.
final class Observations: @unchecked Sendable {
    // Sendable: `values` is only touched while `lock` is held.
    private let lock = NSLock()
    private var values: [String] = []
    func add(_ value: String) { lock.lock(); values.append(value); lock.unlock() }
    var all: [String] { lock.lock(); defer { lock.unlock() }; return values }
}
