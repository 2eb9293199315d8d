import Almanac
import Foundation

extension MotivationalMessage {
    /// The seed content version of ``defaultMessages(createdAt:)``.
    public static let defaultContentVersion = 1

    /// The 11 default messages seeded on first launch, in the seed's order: urge 1–3,
    /// anxiety 1–2, boredom 1–2, social 1–2, celebration 1–2; active, never shown.
    ///
    /// Their ids are fixed (the same as `samples/cravey/seeds/messages_seed.json`), so that
    /// seeding twice or from the shipped seed file finds the same documents.
    /// - Parameter createdAt: the moment of seeding.
    public static func defaultMessages(createdAt: Date) -> [MotivationalMessage] {
        let defaults: [(String, Category, Int, String)] = [
            ("1D448D58-B882-5C44-B98C-AA6FFA73515D", .urge, 1, "You've resisted before. You can do it again. 💪"),
            ("DC8E52FA-3FCB-5D9D-9783-DFCB249996FA", .urge, 2, "This craving will pass. They always do."),
            ("96893F42-6F89-52E9-85DD-358347449F89", .urge, 3, "Every moment of resistance is progress."),
            ("DFB717AC-8985-5B34-9AD1-2C5E22E4D582", .anxiety, 1, "This feeling is temporary. Breathe through it."),
            ("5607238F-A101-5AFD-B34A-008D244BE1C0", .anxiety, 2, "Anxiety is uncomfortable, but you're safe. 🫂"),
            ("E9D25267-3C3E-5AFA-B45D-361151E481A1", .boredom, 1, "Boredom isn't an emergency. Find something else."),
            ("98211788-2B80-58D3-B61C-EDB77DEBC4BE", .boredom, 2, "This is just boredom, not a need. You've got this."),
            ("820472E0-35AF-50CC-86A7-055326397CC4", .social, 1, "You can have fun without using. You've done it before."),
            ("A83AE5DC-0083-5DF6-8A3B-3594DA159CE4", .social, 2, "Real friends support your choices. 🤝"),
            ("A781BA47-49C5-5906-9404-B4EC1B7C9090", .celebration, 1, "You're making progress. Every day counts. 🎉"),
            ("9D04A7DE-72CE-5E8B-91E1-64DA97DDEE52", .celebration, 2, "Look how far you've come. Keep going."),
        ]
        return defaults.map { id, category, priority, content in
            MotivationalMessage(id: UUID(uuidString: id)!, content: content, category: category, isCustom: false, priority: priority,
                                createdAt: createdAt, contentVersion: defaultContentVersion)
        }
    }

    /// ``defaultMessages(createdAt:)`` as a seed file named `messages_seed.json`, for
    /// ``Store/importSeeds(_:dryRun:)``.
    ///
    /// - Throws: ``AlmanacError`` if the file cannot be built (it always can).
    public static func defaultSeedFile(createdAt: Date) throws -> SeedFile {
        struct File: Encodable {
            var collection = MotivationalMessage.collection
            var source = "Cravey"
            var contentVersion = MotivationalMessage.defaultContentVersion
            var documents: [MotivationalMessage]
        }
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        let bytes = try encoder.encode(File(documents: defaultMessages(createdAt: createdAt)))
        return try SeedFile(bytes: Array(bytes), fileName: "messages_seed.json")
    }
}
