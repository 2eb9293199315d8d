import Almanac

/// How much work each case does.
struct Sizes: Codable, Sendable {
    /// Durable single saves per document type.
    var singleSaves: Int
    /// Documents of the batch save, and of the 3-year store the read cases and the migration use.
    var batch: Int
    /// Recorded rounds of the timed cases.
    var repetitions: Int
    /// Recorded rounds of the batch save and of the migration (each writes `batch` files per side).
    var batchRepetitions: Int
    /// Recorded rounds of the peak-memory case (one child process per side and round).
    var memoryRepetitions: Int
    /// Documents of the transaction case, half in each of two collections.
    var transactionDocuments = 1000
    /// Days covered by the 3-year store.
    var storeDays = 1096
    /// Days covered by the 1-year store (its documents are the 3-year store's first year).
    var yearDays = 365
    /// The range query's length in days.
    var rangeDays = 30
    /// The range query's first day, counted from the stores' first day (inside the first year).
    var rangeOffset = 200

    /// The full run: 100,000 documents, about 91 events a day over 3 years.
    static let full = Sizes(singleSaves: 2000, batch: 100_000, repetitions: 7, batchRepetitions: 3, memoryRepetitions: 3)
    /// The quick run: a tenth of the documents.
    static let quick = Sizes(singleSaves: 500, batch: 10_000, repetitions: 3, batchRepetitions: 3, memoryRepetitions: 1)

    /// The first day of the generated stores.
    static let storeStart = CalendarDate(year: 2023, month: 1, day: 1)!
    /// The first day of the documents saved one by one (after the stores' 3 years).
    static let singleSaveStart = CalendarDate(year: 2026, month: 1, day: 1)!

    /// The generated events per day.
    var eventsPerDay: Double { Double(batch) / Double(storeDays) }
}
