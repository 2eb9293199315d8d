/// The version of this Almanac build, and the newest store format it reads and writes.
package enum AlmanacVersion {
    /// The library's and tool's version (semantic versioning).
    package static let current = "0.1.0"
    /// The newest `formatVersion` of `store.json` this build understands.
    package static var storeFormat: Int { Manifest.supportedFormatVersion }
}
