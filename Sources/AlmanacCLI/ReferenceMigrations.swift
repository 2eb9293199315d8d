import Almanac

/// The Swift functions that the reference apps' `custom` migration operations name; the
/// `almanac` tool registers them so it can migrate their stores.
enum ReferenceMigrations {
    /// None yet: the reference apps' migrations use declarative operations only.
    static let registry = MigrationRegistry()
}
