#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
/// Files that operating systems and their tools put into any folder a person opens, and the
/// placeholders iCloud Drive leaves for files it has not downloaded.
///
/// Finder writes `.DS_Store` (and `._*` AppleDouble files on volumes without extended
/// attributes, `Icon\r` for a custom icon, `.localized`), Windows Explorer `Thumbs.db` and
/// `desktop.ini`. None is ever an error: listings pass over them, `check` leaves them alone, a
/// date folder holding nothing else counts as empty, and no export carries them.
enum SystemFile {
    private static let names: Set<String> = [".DS_Store", "Icon\r", ".localized", "Thumbs.db", "desktop.ini", "ehthumbs.db"]

    /// Whether `name` is a file the operating system or a file manager made.
    static func isSystemFile(_ name: String) -> Bool {
        names.contains(name) || name.hasPrefix("._")
    }

    /// The name of iCloud Drive's placeholder for the file `name` while it is not downloaded.
    static func placeholderName(for name: String) -> String {
        "." + name + ".icloud"
    }

    /// The name of the file an iCloud Drive placeholder stands for (`.<name>.icloud` → `<name>`),
    /// or `nil` when `name` is not a placeholder.
    static func placeholderTarget(_ name: String) -> String? {
        guard name.hasPrefix("."), name.hasSuffix(".icloud") else { return nil }
        let inner = name.dropFirst().dropLast(".icloud".count)
        return inner.isEmpty ? nil : String(inner)
    }

    /// Whether the file open as `descriptor`, whose `fstat` is `info`, is dataless: its
    /// contents are in iCloud and reading it would block while it downloads (`SF_DATALESS`,
    /// which newer Apple systems give in place of `.<name>.icloud` placeholders).
    static func isDataless(_ info: stat, descriptor: Int32) -> Bool {
        if TestHooks.injectedDataless(descriptor) { return true }
        #if canImport(Darwin)
        return info.st_flags & 0x4000_0000 != 0  // SF_DATALESS (sys/stat.h)
        #else
        return false
        #endif
    }
}
