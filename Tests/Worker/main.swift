// A second process for the transaction and snapshot tests: it writes to a store through the
// library while a test kills it, or runs `almanac backup` and `export` beside it.
//
//   AlmanacTestWorker create STORE                 a store with the catalog below
//   AlmanacTestWorker increment STORE COUNT        COUNT read-modify-write increments of counters/n
//   AlmanacTestWorker transactions STORE COUNT     COUNT transactions over three collections
//   AlmanacTestWorker move STORE SECONDS           moves movers/* between month folders until SECONDS pass
//   AlmanacTestWorker attach STORE                 saves an attachment to movers/m1, its first (a new attachment folder)
//   AlmanacTestWorker old-build STORE COUNT        as an older build of an app: adds 5 to notes/s0…s(COUNT-1)'s minutes
//                                                  through a type that has no `note` (see `OldSession`)
//   AlmanacTestWorker generations STORE COUNT      COUNT transactions, each rewriting events d0…d23, counters/t
//                                                  and the tally with the next generation number (see `generation`)
//
// Prints one line per committed transaction for `transactions` ("committed N"), so that a test
// knows which changes were reported durable before it killed the process.
import Almanac
import Foundation

let catalog = """
{
  "app": "worker",
  "version": 1,
  "collections": [
    {"name": "events", "schema": "any.schema.json", "dateField": "timestamp", "partition": "day"},
    {"name": "notes", "schema": "any.schema.json", "dateField": "date", "partition": "month"},
    {"name": "tally", "schema": "any.schema.json", "singleton": true},
    {"name": "counters", "schema": "any.schema.json", "partition": "none"},
    {"name": "movers", "schema": "any.schema.json", "dateField": "date", "partition": "month", "attachments": true}
  ]
}
"""

/// A note as an older build of an app declares it: a newer build added `note`, which this
/// type does not know, and its saves must not erase.
struct OldSession: Document {
    static let collection = "notes"
    var id: String
    var date: CalendarDate
    var minutes: Int
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("AlmanacTestWorker: \(message)\n".utf8))
    exit(2)
}

func day(_ number: Int) -> String {
    // Days spread over two years, so transactions write into many folders.
    let date = Date(timeIntervalSince1970: 1_735_689_600 + Double(number % 730) * 86_400)
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withFullDate]
    formatter.timeZone = TimeZone(identifier: "UTC")
    return formatter.string(from: date)
}

let arguments = CommandLine.arguments
guard arguments.count >= 3 else { fail("usage: AlmanacTestWorker create|increment|transactions|generations|move|attach|old-build STORE [N]") }
let storeURL = URL(fileURLWithPath: arguments[2])
let number = arguments.count > 3 ? Double(arguments[3]) ?? 0 : 0

do {
    switch arguments[1] {
    case "create":
        let schema = storeURL.deletingLastPathComponent().appendingPathComponent("worker-schema")
        try FileManager.default.createDirectory(at: schema, withIntermediateDirectories: true)
        try Data(catalog.utf8).write(to: schema.appendingPathComponent("catalog.json"))
        try Data("{\"type\": \"object\"}\n".utf8).write(to: schema.appendingPathComponent("any.schema.json"))
        let store = try Store.create(at: storeURL, schema: schema, timeZone: TimeZone(identifier: "UTC")!)
        try store.save(json: .object(["id": .string("n"), "value": .number(JSONNumber(0))]), in: "counters")
        try store.write { db in
            for index in 0..<40 {
                try db.save(json: .object(["id": .string("m\(index)"), "date": .string(day(index * 31)), "position": .number(JSONNumber(index))]), in: "movers")
            }
        }
        for index in 0..<40 where index.isMultiple(of: 4) {
            try store.saveAttachment(Array("file of m\(index)".utf8), named: "note.txt", to: "m\(index)", in: "movers")
        }
    case "increment":
        let store = try Store(at: storeURL, options: .init(lockTimeout: 60))
        for _ in 0..<Int(number) {
            try store.write { db in
                guard case .object(var counter)? = try db.document(json: "n", in: "counters")?.value,
                      let value = counter["value"]?.numberValue?.int64Value
                else { fail("counters/n is missing") }
                counter["value"] = .number(JSONNumber(value + 1))
                try db.save(json: .object(counter), in: "counters")
            }
        }
    case "transactions":
        let store = try Store(at: storeURL, options: .init(lockTimeout: 60))
        let first = (try store.document(json: "", in: "tally")?.value["count"]?.numberValue?.int64Value).map(Int.init) ?? 0
        for index in (first + 1)...(first + Int(number)) {
            try store.write { db in
                try db.save(json: .object(["id": .string("e\(index)"), "timestamp": .string(day(index) + "T12:00:00Z"), "n": .number(JSONNumber(index))]), in: "events")
                try db.save(json: .object(["id": .string("t\(index)"), "date": .string(day(index * 7)), "n": .number(JSONNumber(index))]), in: "notes")
                try db.save(json: .object(["count": .number(JSONNumber(index))]), in: "tally")
                // One document moves between folders in every transaction, with its attachment.
                let mover = "m\((index % 10) * 4)"
                guard case .object(var members)? = try db.document(json: mover, in: "movers")?.value else { fail("movers/\(mover) is missing") }
                members["date"] = .string(day(index * 31))
                members["movedBy"] = .number(JSONNumber(index))
                try db.save(json: .object(members), in: "movers")
            }
            FileHandle.standardOutput.write(Data("committed \(index)\n".utf8))
        }
    case "generations":
        let store = try Store(at: storeURL, options: .init(lockTimeout: 60))
        let last = (try store.document(json: "", in: "tally")?.value["gen"]?.numberValue?.int64Value).map(Int.init) ?? -1
        for generation in (last + 1)...(last + Int(number)) {
            try store.write { db in
                for index in 0..<24 {
                    // Each document moves to another day every generation: new day folders, renames, removals.
                    let day = 1 + (index * 5 + generation * 3) % 28
                    try db.save(json: .object(["id": .string("d\(index)"), "gen": .number(JSONNumber(generation)),
                                               "timestamp": .string(String(format: "2025-02-%02dT12:00:00Z", day))]), in: "events")
                }
                try db.save(json: .object(["id": .string("t"), "gen": .number(JSONNumber(generation))]), in: "counters")
                try db.save(json: .object(["gen": .number(JSONNumber(generation))]), in: "tally")
            }
            FileHandle.standardOutput.write(Data("committed \(generation)\n".utf8))
        }
    case "move":
        let store = try Store(at: storeURL, options: .init(lockTimeout: 60, lockLinger: 0))
        let deadline = Date().addingTimeInterval(number)
        var round = 0
        while Date() < deadline {
            round += 1
            try store.write { db in
                for index in stride(from: round % 4, to: 40, by: 4) {
                    guard case .object(var members)? = try db.document(json: "m\(index)", in: "movers")?.value else { fail("movers/m\(index) is missing") }
                    members["date"] = .string(day(index * 31 + round * 45))
                    members["round"] = .number(JSONNumber(round))
                    try db.save(json: .object(members), in: "movers")
                }
            }
        }
        print("moved \(round) rounds")
    case "attach":
        let store = try Store(at: storeURL, options: .init(lockTimeout: 60))
        try store.saveAttachment(Array("photo of m1".utf8), named: "photo.bin", to: "m1", in: "movers")
    case "old-build":
        let store = try Store(at: storeURL, options: .init(lockTimeout: 60))
        for index in 0..<Int(number) {
            guard var session = try store.document(OldSession.self, id: "s\(index)") else { fail("notes/s\(index) is missing") }
            session.minutes += 5
            try store.save(session)
        }
    default:
        fail("unknown command \(arguments[1])")
    }
} catch {
    fail("\(error)")
}
