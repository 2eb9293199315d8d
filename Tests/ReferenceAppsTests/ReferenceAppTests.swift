import Almanac
import Foundation
import Testing

@testable import ReferenceApps

@Suite("Reference app registry")
struct ReferenceAppTests {
    @Test("the four apps are registered, each at the schema version of schema/<app>/catalog.json")
    func schemaVersionsMatchTheSchemaFolders() throws {
        #expect(ReferenceApp.all.map(\.name).sorted() == ["cravey", "elaro", "miga", "pressure"])
        for app in ReferenceApp.all {
            let catalog = try Catalog.load(folder: repositoryRoot.appendingPathComponent("schema/\(app.name)"))
            #expect(app.schemaVersion == catalog.version, "\(app.name): the models read version \(app.schemaVersion), schema/\(app.name) is at \(catalog.version)")
            #expect(!app.views.isEmpty && app.views.allSatisfy { $0.app == app.name }, "\(app.name)")
            #expect(Set(app.views.map(\.name)).count == app.views.count, "\(app.name): view names are unique")
        }
    }

    @Test("a report refuses a store of another app, an older and a newer schema version, each saying what to do")
    func checkCanRead() throws {
        let folder = temporaryFolder("registry")
        defer { try? FileManager.default.removeItem(at: folder) }
        let miga = try #require(ReferenceApp.named("miga"))
        let store = try Store.create(at: folder.appendingPathComponent("store"), schema: repositoryRoot.appendingPathComponent("schema/miga"))
        try miga.checkCanRead(store)

        var older = miga
        older.schemaVersion += 1
        let needsMigration = #expect(throws: AlmanacError.self) { try older.checkCanRead(store) }
        #expect(needsMigration?.code == .reportNeedsMigration && needsMigration?.message.contains("almanac migrate up") == true)

        var newer = miga
        newer.schemaVersion -= 1
        let tooNew = #expect(throws: AlmanacError.self) { try newer.checkCanRead(store) }
        #expect(tooNew?.code == .storeTooNew)

        let other = try #require(ReferenceApp.named("elaro"))
        let wrongApp = #expect(throws: AlmanacError.self) { try other.checkCanRead(store) }
        #expect(wrongApp?.code == .invalidArgument && wrongApp?.message.contains("'miga'") == true)
    }
}
