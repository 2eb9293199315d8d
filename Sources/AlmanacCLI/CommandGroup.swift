/// A command that only groups others (`almanac migrate`): its name and one-line summary.
/// Its subcommands are the ``AlmanacCommand`` types that name it as their ``AlmanacCommand/group``.
enum CommandGroup: String, CaseIterable {
    case migrate
    case schema
    case seed
    case retention
    case git
    case timeZone = "time-zone"

    var abstract: String {
        switch self {
        case .migrate: "Schema migrations of the store."
        case .schema: "An app's schema folder: start a new app, add a collection."
        case .seed: "Content an app ships for its seeded collections."
        case .retention: "The catalog's retention rules."
        case .timeZone: "The store's days: the zone it files them in, and a change when its user moves."
        case .git: "A store kept in a git repository: merge documents field by field during git merge and git pull."
        }
    }
}
